//! The library's count conflicts, worded for the `nqueens count` flags.

use nqueens::count::{Conflict, CountError};

use crate::UsageError;

/// The library's count errors as the CLI reports them: conflicts as usage errors.
pub(crate) fn cli_error(error: CountError) -> anyhow::Error {
    match error {
        CountError::Conflict(conflict) => UsageError(flag_wording(&conflict)).into(),
        CountError::Solver(error) => error.into(),
        CountError::Checkpoint(error) => error.into(),
        CountError::Burnside(error) => error.into(),
    }
}

/// What the user typed that conflicts, in the flags' names.
fn flag_wording(conflict: &Conflict) -> String {
    match conflict {
        Conflict::GivenWithSplits => "--given counts the completions of the given queens in one \
            run: --unique, --checkpoint and --shard do not apply"
            .into(),
        Conflict::GivenWithTurn => "--given cannot be used with --symmetric: the symmetric \
            search places whole orbits of queens and does not keep given ones (count completions \
            without --symmetric)"
            .into(),
        Conflict::TurnWithShard => "--symmetric cannot be used with --shard: symmetric counts \
            are short enough for one machine, and `merge` adds up full counts only"
            .into(),
        Conflict::TurnWithClasses => "--unique cannot be used with --symmetric: it counts the \
            symmetric solutions, not their classes"
            .into(),
        Conflict::ClassesWithShard => "--unique does nothing with --shard: the shard record \
            holds both counts; `nqueens merge --unique` prints the classes"
            .into(),
        Conflict::KeyWithoutSplit => "--key seals the records of --shard and the lines of \
            --checkpoint: use it with one of them"
            .into(),
        Conflict::NoTurn { strategy, able } => format!(
            "--symmetric counts the symmetric solutions alone; {strategy} cannot do it \
             (strategies that can: {able})"
        ),
        Conflict::NotResumable { strategy, able } => {
            format!("--checkpoint and --shard need a resumable strategy ({able}), not {strategy}")
        }
        Conflict::NoClasses { strategy, able } => format!(
            "{strategy} does not count classes; --unique needs --strategy {}",
            able.0.join(" or ")
        ),
        Conflict::TooManySlices {
            shard,
            n,
            subproblems,
        } => format!("--shard {shard}: n = {n} has only {subproblems} subproblems to share out"),
        // The rest (a strategy that does not keep given queens, no counter for the request, a
        // record of another count) name no flag: the library's words say it.
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_conflict_between_flags_names_the_flags() {
        for (conflict, flags) in [
            (Conflict::GivenWithSplits, &["--given", "--shard"][..]),
            (Conflict::GivenWithTurn, &["--given", "--symmetric"]),
            (Conflict::TurnWithShard, &["--symmetric", "--shard"]),
            (Conflict::TurnWithClasses, &["--unique", "--symmetric"]),
            (Conflict::ClassesWithShard, &["--unique", "--shard"]),
            (Conflict::KeyWithoutSplit, &["--key", "--checkpoint"]),
        ] {
            let text = flag_wording(&conflict);
            assert!(flags.iter().all(|f| text.contains(f)), "{text}");
            assert!(!conflict.to_string().contains("--"), "{conflict}");
        }
    }
}
