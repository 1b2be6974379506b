//! Text pictures of a board, written straight to their destination row by row ([`Board`]).

use std::fmt;

/// How a board is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BoardStyle {
    /// `Q` for a queen, `.` for an empty square, separated by spaces. Safe for any terminal.
    #[default]
    Ascii,
    /// `♛` for a queen on light and dark squares drawn as `□` and `■`.
    Unicode,
}

/// A printable picture of a placement (one column per row), top row first.
///
/// ```
/// use nqueens_core::{Board, BoardStyle};
/// let picture = Board::new(&[1, 3, 0, 2], BoardStyle::Ascii).to_string();
/// assert_eq!(picture, ". Q . .\n. . . Q\nQ . . .\n. . Q .\n");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    columns: &'a [u32],
    style: BoardStyle,
}

impl<'a> Board<'a> {
    /// Wraps a placement for printing. Columns off the board leave their row empty.
    pub fn new(columns: &'a [u32], style: BoardStyle) -> Self {
        Board { columns, style }
    }
}

impl fmt::Display for Board<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.columns.len();
        for (row, &queen) in self.columns.iter().enumerate() {
            for column in 0..n {
                if column > 0 && self.style == BoardStyle::Ascii {
                    f.write_str(" ")?;
                }
                let is_queen = queen as usize == column;
                // The top-left square is light, as on a chessboard seen from White's side.
                let light = (row + column) % 2 == 0;
                f.write_str(match (self.style, is_queen, light) {
                    (BoardStyle::Ascii, true, _) => "Q",
                    (BoardStyle::Ascii, false, _) => ".",
                    (BoardStyle::Unicode, true, _) => "♛",
                    (BoardStyle::Unicode, false, true) => "□",
                    (BoardStyle::Unicode, false, false) => "■",
                })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_board_has_queens_and_alternating_squares() {
        let picture = Board::new(&[1, 3, 0, 2], BoardStyle::Unicode).to_string();
        assert_eq!(picture, "□♛□■\n■□■♛\n♛■□■\n■□♛□\n");
    }
}
