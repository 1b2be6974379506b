//! Pictures with text drawn first thing in a fresh process: the drawing functions register
//! the embedded font themselves (a PNG with text fails without one).

use nqueens_report::{ImageFormat, Panel, Point, Series, Units, draw_board, draw_chart};

#[test]
fn png_pictures_need_no_font_set_up_by_the_caller() {
    let dir = std::env::temp_dir().join(format!("nqueens-report-fonts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let board = dir.join("board.png");
    draw_board(&[1, 3, 0, 2], "n = 4", &board, ImageFormat::Png).unwrap();
    let chart = dir.join("chart.png");
    let panel = Panel {
        title: "t".into(),
        x_label: "n".into(),
        y_label: "s".into(),
        x_log: false,
        x_units: Units::Size,
        y_units: Units::Seconds,
        series: vec![Series {
            label: "a".into(),
            style: 0,
            points: vec![Point::exact(4.0, 1e-6), Point::exact(5.0, 2e-6)],
        }],
    };
    draw_chart(&chart, ImageFormat::Png, "heading", "sub", &[panel]).unwrap();
    for path in [&board, &chart] {
        let bytes = std::fs::read(path).unwrap();
        assert_eq!(&bytes[..4], b"\x89PNG");
    }
    std::fs::remove_dir_all(&dir).ok();
}
