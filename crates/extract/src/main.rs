//! `lifegraph-extract`: the extractor on the command line.
//!
//! - `lifegraph-extract [FILE]` reads JSON lines in the format of `dev.jsonl` (from FILE or
//!   standard input; `gold` is ignored) and writes one line per case:
//!   `{"id", "validationResults": [...]}`.
//! - `lifegraph-extract eval FILE [--errors]` scores a gold file by the guideline's rules.
//! - `lifegraph-extract train OUT FILE...` fits the sequence tagger and the content model on gold
//!   files (cross-validation figures first), writes the model to OUT and the tagger to
//!   `tagger.tsv` beside it (`train.sh` runs it).

use std::io::{BufRead, BufWriter, Read, Write};
use std::process::ExitCode;

use lifegraph_extract::ValidationResult;
use lifegraph_extract::eval::{Case, Reading, agreement, evaluate, parse_lines};
use serde::Serialize;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Output<'a> {
    id: &'a str,
    validation_results: Vec<ValidationResult>,
}

fn usage() -> ExitCode {
    eprintln!("usage: lifegraph-extract [FILE]            extract (JSON lines in, JSON lines out)");
    eprintln!("       lifegraph-extract eval FILE [--errors]  score a gold file");
    eprintln!("       lifegraph-extract train OUT FILE...     fit the tagger and the content model on gold files");
    eprintln!("       lifegraph-extract agree GOLD OTHER      score a second annotator's reading against the gold");
    ExitCode::from(2)
}

/// The JSON lines of a file (gold cases or readings), or what went wrong, naming the file.
fn read_lines<T: serde::de::DeserializeOwned>(path: &str) -> Result<Vec<T>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    parse_lines(&text).map_err(|e| format!("{path}: {e}"))
}

/// `train OUT FILE...`: fits the tagger and the model, writes them to OUT and `tagger.tsv` beside it.
#[cfg(feature = "train")]
fn train(args: &[String]) -> ExitCode {
    let (Some(out), files) = (args.get(1), &args[2.min(args.len())..]) else {
        return usage();
    };
    if files.is_empty() {
        return usage();
    }
    let mut cases = Vec::new();
    for path in files {
        match read_lines::<Case>(path) {
            Ok(c) => cases.extend(c),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    let trained = match lifegraph_extract::train::run(&cases, files) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot train: {e}");
            return ExitCode::FAILURE;
        }
    };
    if emit(&trained.report) != ExitCode::SUCCESS {
        return ExitCode::FAILURE;
    }
    let tagger_out = std::path::Path::new(out).with_file_name("tagger.tsv");
    for (path, bytes) in
        [(std::path::Path::new(out), trained.text.as_bytes()), (&tagger_out, trained.tagger.as_bytes())]
    {
        if let Err(e) = std::fs::write(path, bytes) {
            eprintln!("cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

#[cfg(not(feature = "train"))]
fn train(_: &[String]) -> ExitCode {
    eprintln!("this lifegraph-extract was built without training (cargo feature `train`)");
    ExitCode::FAILURE
}

/// Writes `text` to standard output.
fn emit(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_failed(&e, ExitCode::SUCCESS),
    }
}

/// The exit code after a failed write: a reader that stops early (`| head`) is no failure, and
/// the command ends with `status`; any other error is reported.
fn write_failed(e: &std::io::Error, status: ExitCode) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return status;
    }
    eprintln!("cannot write the output: {e}");
    ExitCode::FAILURE
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("-h" | "--help") => usage(),
        Some("train") => train(&args),
        Some("agree") => {
            let (Some(gold), Some(other)) = (args.get(1), args.get(2)) else {
                return usage();
            };
            match (read_lines::<Case>(gold), read_lines::<Reading>(other)) {
                (Ok(gold), Ok(other)) => emit(&agreement(&gold, &other).to_string()),
                (Err(e), _) | (_, Err(e)) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("eval") => {
            let Some(path) = args.get(1) else {
                return usage();
            };
            let cases = match read_lines::<Case>(path) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::FAILURE;
                }
            };
            let report = evaluate(&cases);
            let mut text = report.to_string();
            if args.iter().any(|a| a == "--errors") {
                for (id, missed, wrong) in &report.errors {
                    text.push_str(&format!(
                        "{id}\n  missed: {}\n  wrong:  {}\n",
                        missed.join(" | "),
                        wrong.join(" | ")
                    ));
                }
            }
            emit(&text)
        }
        other => {
            let input: Box<dyn BufRead> = match other {
                Some(path) => match std::fs::File::open(path) {
                    Ok(f) => Box::new(std::io::BufReader::new(f)),
                    Err(e) => {
                        eprintln!("cannot read {path}: {e}");
                        return ExitCode::FAILURE;
                    }
                },
                None => Box::new(std::io::BufReader::new(std::io::stdin())),
            };
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            let mut status = ExitCode::SUCCESS;
            for (n, line) in input.lines().enumerate() {
                let line = match line {
                    Ok(l) => l,
                    Err(e) => {
                        eprintln!("read error: {e}");
                        return ExitCode::FAILURE;
                    }
                };
                if line.trim().is_empty() {
                    continue;
                }
                let case: Case = match serde_json::from_str(&line) {
                    Ok(c) => c,
                    Err(e) => {
                        eprintln!("line {}: {e}", n + 1);
                        status = ExitCode::FAILURE;
                        continue;
                    }
                };
                let o = Output { id: &case.id, validation_results: case.run() };
                let written =
                    serde_json::to_writer(&mut out, &o).map_err(std::io::Error::from).and_then(|()| writeln!(out));
                if let Err(e) = written {
                    return write_failed(&e, status);
                }
            }
            if let Err(e) = out.flush() {
                return write_failed(&e, status);
            }
            let _ = std::io::stdin().read(&mut []);
            status
        }
    }
}
