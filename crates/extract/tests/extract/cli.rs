//! The command line: a reader that stops early (`lifegraph-extract eval FILE | head`) is no failure.

use std::process::{Command, Stdio};

/// Runs the command with a standard output whose reader is gone before anything is written.
fn run_unread(args: &[&str], stdin_file: Option<&str>) -> std::process::Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_lifegraph-extract"));
    cmd.args(args).current_dir(env!("CARGO_MANIFEST_DIR")).stdout(Stdio::piped()).stderr(Stdio::piped());
    if let Some(f) = stdin_file {
        cmd.stdin(std::fs::File::open(format!("{}/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap());
    }
    let mut child = cmd.spawn().unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn a_closed_output_ends_the_command_quietly() {
    for (args, stdin) in
        [(&["eval", "tests/data/dev.jsonl", "--errors"][..], None), (&[][..], Some("tests/data/dev.jsonl"))]
    {
        let out = run_unread(args, stdin);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {:?}, {stderr}", out.status);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
