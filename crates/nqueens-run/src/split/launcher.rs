//! The shard of a process started by a job array or a parallel launcher, read from the
//! environment the engine sets ([`Shard::from_env`], `count --shard auto`).

use thiserror::Error;

use super::Shard;

/// Why the environment does not say which shard this process counts, naming the variables.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LauncherError {
    /// No engine's variables are set.
    #[error(
        "no job array or launcher found (none of SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX, \
         OMPI_COMM_WORLD_RANK, PMI_RANK is set)"
    )]
    NoEngine,
    /// Two engines' index variables are set at once.
    #[error("both {first} and {second} are set")]
    TwoEngines {
        /// One variable, with its value.
        first: String,
        /// The other.
        second: String,
    },
    /// A variable the engine needs is not set, so the number of shards must be given.
    #[error("{engine} sets {present} but not {missing}{why}")]
    Missing {
        /// The engine.
        engine: &'static str,
        /// The variable that is set.
        present: &'static str,
        /// The one that is not.
        missing: &'static str,
        /// Why it may be missing, or where the number is found instead (may be empty).
        why: &'static str,
    },
    /// A variable is not a whole number.
    #[error("{name}={value} is not a whole number")]
    NotANumber {
        /// The variable.
        name: &'static str,
        /// Its value (cut short).
        value: String,
    },
    /// A Slurm array reaches past the number of shards asked for.
    #[error(
        "the array goes up to task {max} (SLURM_ARRAY_TASK_MAX) but there are only {shards} \
         shards: the array should be 0-{last}",
        last = shards.saturating_sub(1)
    )]
    ArrayBeyondShards {
        /// `SLURM_ARRAY_TASK_MAX`.
        max: usize,
        /// The number of shards asked for (at least 1).
        shards: usize,
    },
    /// A Slurm array with a step or a list, whose task IDs are not the shards in order.
    #[error(
        "the array is not one run of task IDs (SLURM_ARRAY_TASK_MIN={min}, \
         SLURM_ARRAY_TASK_MAX={max}, SLURM_ARRAY_TASK_COUNT={tasks}): with a step or a list, \
         the number of shards must be given and the tasks numbered 0 to K - 1"
    )]
    ArrayWithGaps {
        /// `SLURM_ARRAY_TASK_MIN`.
        min: usize,
        /// `SLURM_ARRAY_TASK_MAX`.
        max: usize,
        /// `SLURM_ARRAY_TASK_COUNT`.
        tasks: usize,
    },
    /// A Slurm task ID below the array's first.
    #[error("SLURM_ARRAY_TASK_ID={id} is below SLURM_ARRAY_TASK_MIN={min}")]
    TaskBelowMin {
        /// `SLURM_ARRAY_TASK_ID`.
        id: usize,
        /// `SLURM_ARRAY_TASK_MIN`.
        min: usize,
    },
    /// The launcher's number of processes is not the number of shards asked for.
    #[error("{size_name}={size} but {shards} shards were asked for: start {shards} processes")]
    SizeDisagrees {
        /// The size variable.
        size_name: &'static str,
        /// Its value.
        size: usize,
        /// The number of shards asked for.
        shards: usize,
    },
    /// The number of shards is 0.
    #[error("{index_name} gives shard {index}, but the number of shards is 0")]
    NoShards {
        /// The index variable.
        index_name: &'static str,
        /// Its value.
        index: usize,
    },
    /// The index is past the last shard.
    #[error(
        "{index_name} gives shard {index}, but there are only {shards} (0 to {last}): number \
         the tasks from 0",
        last = shards.saturating_sub(1)
    )]
    IndexBeyondShards {
        /// The index variable.
        index_name: &'static str,
        /// Its value.
        index: usize,
        /// The number of shards.
        shards: usize,
    },
}

/// What a caller can give instead of reading the shard from the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Remedy {
    /// The whole shard, index and number (`I/K`).
    Shard,
    /// The number of shards (`auto/K`), the index still read from the environment.
    ShardCount,
    /// Nothing given would help: the environment itself must change.
    None,
}

impl LauncherError {
    /// What a caller can give instead.
    pub fn remedy(&self) -> Remedy {
        match self {
            LauncherError::NoEngine | LauncherError::TwoEngines { .. } => Remedy::Shard,
            LauncherError::Missing { .. } | LauncherError::ArrayWithGaps { .. } => {
                Remedy::ShardCount
            }
            _ => Remedy::None,
        }
    }
}

/// Reads one variable: the process's environment, or a table in tests.
type Vars<'a> = dyn Fn(&str) -> Option<String> + 'a;

impl Shard {
    /// The shard the engine that started this process gives it, out of `count` shards when
    /// the caller fixes K:
    ///
    /// | engine | index | number of shards |
    /// |---|---|---|
    /// | Slurm job array | `SLURM_ARRAY_TASK_ID` (less `SLURM_ARRAY_TASK_MIN` without K) | `SLURM_ARRAY_TASK_COUNT`, or K |
    /// | Kubernetes Indexed Job | `JOB_COMPLETION_INDEX` | K (Kubernetes does not export it) |
    /// | Open MPI | `OMPI_COMM_WORLD_RANK` | `OMPI_COMM_WORLD_SIZE`, or K |
    /// | MPICH, Intel MPI (PMI) | `PMI_RANK` | `PMI_SIZE`, or K |
    ///
    /// Without K a Slurm array must be contiguous (`--array=0-63`, or `1-64`: the index is
    /// counted from the array's first task). With K the task ID itself is the index, so the
    /// array may be a part of `0..K`: `sbatch --array=3,17` reruns exactly shards 3 and 17 of
    /// K, as `nqueens merge` suggests when they are missing. Every variable that is missing,
    /// malformed or contradicts another is an error that names it: a wrong guess would count
    /// the wrong slice twice and another never.
    ///
    /// ```
    /// use nqueens_run::split::{LauncherError, Shard};
    ///
    /// // Outside a job array or a launcher, nothing says which shard this is.
    /// if std::env::var_os("SLURM_ARRAY_TASK_ID").is_none()
    ///     && std::env::var_os("JOB_COMPLETION_INDEX").is_none()
    ///     && std::env::var_os("OMPI_COMM_WORLD_RANK").is_none()
    ///     && std::env::var_os("PMI_RANK").is_none()
    /// {
    ///     assert_eq!(Shard::from_env(None), Err(LauncherError::NoEngine));
    /// }
    /// ```
    ///
    /// A variable that is set but not UTF-8 is read with its bad bytes replaced, and so is
    /// refused as not a number rather than taken as unset.
    pub fn from_env(count: Option<usize>) -> Result<Shard, LauncherError> {
        Shard::from_vars(count, &|name| {
            std::env::var_os(name).map(|value| value.to_string_lossy().into_owned())
        })
    }

    /// [`Shard::from_env`] with the variables read by `var` (the value of a name, if set).
    fn from_vars(count: Option<usize>, var: &Vars<'_>) -> Result<Shard, LauncherError> {
        let engines = [
            "SLURM_ARRAY_TASK_ID",
            "JOB_COMPLETION_INDEX",
            "OMPI_COMM_WORLD_RANK",
            "PMI_RANK",
        ];
        let set: Vec<String> = engines
            .iter()
            .filter_map(|name| var(name).map(|value| format!("{name}={}", short(&value))))
            .collect();
        match set.as_slice() {
            [] => Err(LauncherError::NoEngine),
            [_] if var(engines[0]).is_some() => slurm(count, var),
            [_] if var(engines[1]).is_some() => kubernetes(count, var),
            [_] if var(engines[2]).is_some() => {
                rank_and_size("Open MPI", engines[2], "OMPI_COMM_WORLD_SIZE", count, var)
            }
            [_] => rank_and_size("PMI", engines[3], "PMI_SIZE", count, var),
            [first, second, ..] => Err(LauncherError::TwoEngines {
                first: first.clone(),
                second: second.clone(),
            }),
        }
    }
}

fn slurm(count: Option<usize>, var: &Vars<'_>) -> Result<Shard, LauncherError> {
    let id = number(var, "SLURM_ARRAY_TASK_ID")?.unwrap_or_default();
    let min = number(var, "SLURM_ARRAY_TASK_MIN")?;
    let max = number(var, "SLURM_ARRAY_TASK_MAX")?;
    let tasks = number(var, "SLURM_ARRAY_TASK_COUNT")?;
    if let Some(k) = count {
        // auto/K: the task ID is the shard, so a rerun of some shards keeps their numbers.
        if let Some(max) = max.filter(|&max| max >= k) {
            return Err(LauncherError::ArrayBeyondShards { max, shards: k });
        }
        return shard(id, k, "SLURM_ARRAY_TASK_ID");
    }
    let Some(tasks) = tasks else {
        return Err(LauncherError::Missing {
            engine: "Slurm",
            present: "SLURM_ARRAY_TASK_ID",
            missing: "SLURM_ARRAY_TASK_COUNT",
            why: " (Slurm before 21.08?)",
        });
    };
    let first = min.unwrap_or(0);
    if let Some(max) = max
        && max.checked_sub(first).map(|span| span + 1) != Some(tasks)
    {
        return Err(LauncherError::ArrayWithGaps {
            min: first,
            max,
            tasks,
        });
    }
    let index = id
        .checked_sub(first)
        .ok_or(LauncherError::TaskBelowMin { id, min: first })?;
    shard(index, tasks, "SLURM_ARRAY_TASK_ID")
}

fn kubernetes(count: Option<usize>, var: &Vars<'_>) -> Result<Shard, LauncherError> {
    let index = number(var, "JOB_COMPLETION_INDEX")?.unwrap_or_default();
    let Some(k) = count else {
        return Err(LauncherError::Missing {
            engine: "a Kubernetes Indexed Job",
            present: "JOB_COMPLETION_INDEX",
            missing: "the number of completions",
            why: " (Kubernetes does not export it: it is the Job's spec.completions)",
        });
    };
    shard(index, k, "JOB_COMPLETION_INDEX")
}

fn rank_and_size(
    engine: &'static str,
    rank_name: &'static str,
    size_name: &'static str,
    count: Option<usize>,
    var: &Vars<'_>,
) -> Result<Shard, LauncherError> {
    let rank = number(var, rank_name)?.unwrap_or_default();
    let size = number(var, size_name)?;
    let k = match (size, count) {
        (Some(size), Some(k)) if size != k => {
            return Err(LauncherError::SizeDisagrees {
                size_name,
                size,
                shards: k,
            });
        }
        (Some(size), _) => size,
        (None, Some(k)) => k,
        (None, None) => {
            return Err(LauncherError::Missing {
                engine,
                present: rank_name,
                missing: size_name,
                why: "",
            });
        }
    };
    shard(rank, k, rank_name)
}

fn shard(index: usize, count: usize, index_name: &'static str) -> Result<Shard, LauncherError> {
    Shard::new(index, count).map_err(|_| match count {
        0 => LauncherError::NoShards { index_name, index },
        _ => LauncherError::IndexBeyondShards {
            index_name,
            index,
            shards: count,
        },
    })
}

fn number(var: &Vars<'_>, name: &'static str) -> Result<Option<usize>, LauncherError> {
    var(name)
        .map(|value| {
            value.trim().parse().map_err(|_| LauncherError::NotANumber {
                name,
                value: short(&value),
            })
        })
        .transpose()
}

/// A value as echoed in an error: its first 32 characters.
fn short(value: &str) -> String {
    nqueens_core::quote(value, 32)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shard `auto` (`arg` = `"auto"`) or `auto/K` (`"auto/K"`) resolves to with `vars`.
    fn resolve_with(arg: &str, vars: &[(&'static str, &'static str)]) -> Result<String, String> {
        let count = match arg.strip_prefix("auto/") {
            Some(k) => Some(k.parse::<usize>().map_err(|e| e.to_string())?),
            None => None,
        };
        let var = |name: &str| {
            let found = vars.iter().find(|(key, _)| *key == name);
            found.map(|(_, value)| (*value).to_owned())
        };
        Shard::from_vars(count, &var)
            .map(|s| s.to_string())
            .map_err(|e| e.to_string())
    }

    const SLURM_0_7: [(&str, &str); 3] = [
        ("SLURM_ARRAY_TASK_COUNT", "8"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_MAX", "7"),
    ];

    #[test]
    fn slurm_arrays() {
        let mut vars = SLURM_0_7.to_vec();
        vars.push(("SLURM_ARRAY_TASK_ID", "5"));
        assert_eq!(resolve_with("auto", &vars), Ok("5/8".to_owned()));
        assert_eq!(resolve_with("auto/8", &vars), Ok("5/8".to_owned()));
        // An array numbered from 1: plain auto counts from its first task.
        let from_one = [
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "8"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "8"),
        ];
        assert_eq!(resolve_with("auto", &from_one), Ok("0/8".to_owned()));
        let err = resolve_with("auto/8", &from_one).unwrap_err();
        assert!(
            err.contains("SLURM_ARRAY_TASK_MAX") && err.contains("0-7"),
            "{err}"
        );
        // A rerun of shards 3 and 17 of 64 keeps their numbers with auto/K.
        let rerun = [
            ("SLURM_ARRAY_TASK_ID", "17"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
            ("SLURM_ARRAY_TASK_MIN", "3"),
            ("SLURM_ARRAY_TASK_MAX", "17"),
        ];
        assert_eq!(resolve_with("auto/64", &rerun), Ok("17/64".to_owned()));
        let err = resolve_with("auto", &rerun).unwrap_err();
        assert!(
            err.contains("not one run") && err.contains("number of shards must be given"),
            "{err}"
        );
    }

    #[test]
    fn slurm_mistakes_name_the_variable() {
        let err = resolve_with("auto", &[("SLURM_ARRAY_TASK_ID", "2")]).unwrap_err();
        assert!(err.contains("SLURM_ARRAY_TASK_COUNT"), "{err}");
        let mut vars = SLURM_0_7.to_vec();
        vars.push(("SLURM_ARRAY_TASK_ID", "two"));
        let err = resolve_with("auto", &vars).unwrap_err();
        assert!(err.contains("SLURM_ARRAY_TASK_ID=two"), "{err}");
        vars.pop();
        vars.push(("SLURM_ARRAY_TASK_ID", "9"));
        let err = resolve_with("auto/4", &vars).unwrap_err();
        assert!(err.contains("only 4 shards"), "{err}");
    }

    #[test]
    fn no_shards_at_all_says_so() {
        // Once "there are only 0 (0 to 0)".
        for vars in [
            &[("PMI_RANK", "0"), ("PMI_SIZE", "0")][..],
            &[
                ("SLURM_ARRAY_TASK_ID", "0"),
                ("SLURM_ARRAY_TASK_COUNT", "0"),
            ],
        ] {
            let err = resolve_with("auto", vars).unwrap_err();
            assert!(err.contains("the number of shards is 0"), "{err}");
            assert!(!err.contains("0 to"), "{err}");
        }
    }

    #[test]
    fn kubernetes_needs_k() {
        let vars = [("JOB_COMPLETION_INDEX", "3")];
        assert_eq!(resolve_with("auto/4", &vars), Ok("3/4".to_owned()));
        let err = resolve_with("auto", &vars).unwrap_err();
        assert!(err.contains("completions"), "{err}");
        let err = resolve_with("auto/3", &vars).unwrap_err();
        assert!(err.contains("JOB_COMPLETION_INDEX"), "{err}");
    }

    #[test]
    fn mpi_ranks() {
        let open_mpi = [("OMPI_COMM_WORLD_RANK", "1"), ("OMPI_COMM_WORLD_SIZE", "4")];
        assert_eq!(resolve_with("auto", &open_mpi), Ok("1/4".to_owned()));
        let err = resolve_with("auto/8", &open_mpi).unwrap_err();
        assert!(err.contains("OMPI_COMM_WORLD_SIZE=4"), "{err}");
        let pmi = [("PMI_RANK", "0")];
        assert_eq!(resolve_with("auto/2", &pmi), Ok("0/2".to_owned()));
        assert!(resolve_with("auto", &pmi).unwrap_err().contains("PMI_SIZE"));
    }

    #[test]
    fn nothing_or_two_engines_is_an_error() {
        assert_eq!(
            Shard::from_vars(None, &|_| None).map_err(|e| e.remedy()),
            Err(Remedy::Shard)
        );
        let both = [("SLURM_ARRAY_TASK_ID", "1"), ("PMI_RANK", "0")];
        let err = resolve_with("auto/4", &both).unwrap_err();
        assert!(
            err.contains("SLURM_ARRAY_TASK_ID=1") && err.contains("PMI_RANK=0"),
            "{err}"
        );
    }
}
