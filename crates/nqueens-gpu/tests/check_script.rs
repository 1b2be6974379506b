//! The logic of `contrib/gpu/check`, run here with stand-ins for `nvidia-smi` and the `nqueens`
//! binary (no GPU on the machines that run the tests): it refuses clearly without a GPU,
//! passes when every count is A000170's, and fails naming a wrong count.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use nqueens_core::known;

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../contrib/gpu/check")
}

fn executable(path: &Path, text: &str) {
    fs::write(path, text).unwrap();
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).unwrap();
}

/// A directory for one case, with the stand-in `nqueens` (counting `wrong_at` wrongly, or
/// refusing like a machine without a GPU when `refuses`) and, if `smi`, `nvidia-smi`.
fn stand_ins(case: &str, smi: bool, wrong_at: Option<usize>, refuses: bool) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nqueens-gpu-check-{case}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    if smi {
        executable(
            &dir.join("nvidia-smi"),
            "#!/bin/sh\necho 'NVIDIA H100 80GB HBM3, 81559 MiB, 580.65.06, 9.0'\n",
        );
    }
    let mut cases = String::new();
    for n in 4..=22 {
        let mut total = known::all_solutions(n).unwrap();
        if Some(n) == wrong_at {
            total += 1;
        }
        cases.push_str(&format!("    {n}) total={total} ;;\n"));
    }
    let refusal = if refuses {
        "echo 'error: gpu cannot run here: needs an NVIDIA GPU: the CUDA driver sees no device' >&2\nexit 2\n"
    } else {
        ""
    };
    executable(
        &dir.join("nqueens"),
        &format!(
            "#!/bin/bash\n[ \"$1\" = --version ] && echo 'nqueens 0.1.0' && exit 0\n{refusal}\
             case $2 in\n{cases}esac\n\
             echo \"{{\\\"n\\\":$2,\\\"strategy\\\":\\\"gpu\\\",\\\"total\\\":$total,\\\"complete\\\":true,\\\"kernel_seconds\\\":\\\"1.250\\\"}}\"\n"
        ),
    );
    dir
}

fn run(dir: &Path) -> Output {
    Command::new("bash")
        .arg(script())
        .arg(dir.join("nqueens"))
        .env("PATH", format!("{}:/usr/bin:/bin", dir.display()))
        .output()
        .unwrap()
}

fn has_real_nvidia_smi() -> bool {
    ["/usr/bin/nvidia-smi", "/bin/nvidia-smi"]
        .iter()
        .any(|p| Path::new(p).exists())
}

#[test]
fn without_a_gpu_it_says_so_and_exits_2() {
    if has_real_nvidia_smi() {
        return;
    }
    let dir = stand_ins("no-smi", false, None, false);
    let output = run(&dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("nvidia-smi is not here"), "{stderr}");
    let dir = stand_ins("refuses", true, None, true);
    let output = run(&dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("needs an NVIDIA GPU"), "{stderr}");
}

#[test]
fn right_counts_pass_with_their_times() {
    let dir = stand_ins("right", true, None, false);
    let output = run(&dir);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.starts_with("device: NVIDIA H100 80GB HBM3, 81559 MiB"),
        "{stdout}"
    );
    assert!(stdout.contains("n = 4: 2 ok\n"), "{stdout}");
    assert!(stdout.contains("n = 19: 4968057848 ok\n"), "{stdout}");
    for n in [20, 21, 22] {
        let line = format!("n = {n}: {} ok; wall ", known::all_solutions(n).unwrap());
        assert!(stdout.contains(&line), "{stdout}");
    }
    assert!(stdout.contains("kernel 1.250 s"), "{stdout}");
    // Each size once: 4..=19 checked, 20..=22 checked and timed.
    assert_eq!(stdout.matches(" ok").count(), 19, "{stdout}");
}

#[test]
fn a_wrong_count_fails_naming_it() {
    let dir = stand_ins("wrong", true, Some(13), false);
    let output = run(&dir);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("n = 13: 73713 WRONG (A000170: 73712)"),
        "{stdout}"
    );
}
