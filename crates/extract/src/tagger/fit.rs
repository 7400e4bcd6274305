//! Fitting the tagger (`lifegraph-extract train`, with the `train` feature): CRFsuite's L-BFGS
//! through the `crfs` crate, and its weights written as `data/model/tagger.tsv`, which
//! [`super::Tagger::parse`] reads. A server built without the feature carries no trainer.

use std::fmt::Write as _;
use std::io;

use crfs::Attribute;

use super::Sequence;
use crate::fxhash::FxMap;

/// L1 and L2 penalties and iterations of the fit (L-BFGS with orthant-wise L1, CRFsuite's default
/// method). The L1 penalty keeps the model small: most features get no weight. CRFsuite weighs the
/// penalties against the loss summed over all the cases, so they bind less as the data grow: the L1
/// went from 0.1 to 0.3 when the training cases went from 1,400 to 3,036 (crates/extract/README.md).
const C1: f64 = 0.3;
const C2: f64 = 0.05;
const ITERATIONS: usize = 150;

/// Fits a tagger on `seqs` and returns the text of `tagger.tsv`. The fit is deterministic: the
/// same sequences always give the same text.
pub fn train<'s>(seqs: impl Iterator<Item = &'s Sequence>, header: &str) -> io::Result<String> {
    let mut trainer = crfs::train::Trainer::lbfgs().with_c1(C1)?.with_c2(C2)?.with_max_iterations(ITERATIONS)?;
    for (xs, ys) in seqs {
        if !xs.is_empty() {
            let xs: Vec<Vec<Attribute>> =
                xs.iter().map(|names| names.iter().map(|n| Attribute::new(n.as_str(), 1.0)).collect()).collect();
            trainer.append(&xs, ys)?;
        }
    }
    // CRFsuite writes its model to a file; its dump lists the weights.
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("lifegraph-tagger-{}-{n}.crfsuite", std::process::id()));
    let bytes = trainer.train(&path).and_then(|()| std::fs::read(&path));
    let _ = std::fs::remove_file(&path);
    let bytes = bytes?;
    let model = crfs::Model::new(&bytes)?;
    let mut dump = Vec::new();
    model.dump(&mut dump)?;
    Ok(from_dump(&String::from_utf8_lossy(&dump), header))
}

/// The text of `tagger.tsv` from CRFsuite's dump of a model: its labels, transitions and state
/// features.
fn from_dump(dump: &str, header: &str) -> String {
    let mut labels: Vec<&str> = Vec::new();
    let mut trans: FxMap<(&str, &str), &str> = FxMap::default();
    let mut state: Vec<(&str, FxMap<&str, &str>)> = Vec::new();
    let mut section = "";
    for line in dump.lines() {
        if let Some(name) = line.strip_suffix(" = {") {
            section = name;
            continue;
        }
        let line = line.trim();
        match section {
            "LABELS" => {
                if let Some((_, label)) = line.split_once(": ") {
                    labels.push(label);
                }
            }
            "TRANSITIONS" | "STATE_FEATURES" => {
                let Some((_, rest)) = line.split_once(") ") else { continue };
                let Some((source, rest)) = rest.rsplit_once(" --> ") else { continue };
                let Some((target, weight)) = rest.rsplit_once(": ") else { continue };
                if section == "TRANSITIONS" {
                    trans.insert((source, target), weight);
                } else {
                    if state.last().is_none_or(|(a, _)| *a != source) {
                        state.push((source, FxMap::default()));
                    }
                    if let Some((_, w)) = state.last_mut() {
                        w.insert(target, weight);
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = String::new();
    for line in header.lines() {
        let _ = writeln!(out, "# {line}");
    }
    let row = |weights: Vec<Option<&str>>| -> String {
        let short = |w: &str| w.trim_end_matches('0').trim_end_matches('.').to_string();
        weights.into_iter().map(|w| w.map_or("0".to_string(), short)).collect::<Vec<_>>().join("\t")
    };
    let _ = writeln!(out, "labels\t{}", labels.join("\t"));
    for from in &labels {
        let _ = writeln!(out, "trans\t{}", row(labels.iter().map(|to| trans.get(&(*from, *to)).copied()).collect()));
    }
    for (attr, weights) in &state {
        let _ = writeln!(out, "{attr}\t{}", row(labels.iter().map(|to| weights.get(to).copied()).collect()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tests::views;
    use super::super::*;
    use super::*;

    #[test]
    fn training_learns_what_the_labels_mark() {
        let sentences: [&[(&str, &str)]; 4] = [
            &[("i", "O"), ("loved", "O"), ("the", "O"), ("kayak", "object")],
            &[("we", "O"), ("took", "O"), ("the", "O"), ("kayak", "object"), ("out", "O")],
            &[("the", "O"), ("kayak", "object"), ("leaked", "O")],
            &[("we", "O"), ("walked", "O"), ("out", "O")],
        ];
        let seqs: Vec<Sequence> = sentences
            .iter()
            .map(|s| {
                let words: Vec<&str> = s.iter().map(|(w, _)| *w).collect();
                let v = views(&words);
                let labels =
                    s.iter().map(|(_, l)| if *l == "O" { OUTSIDE } else { label(EntityType::Object) }).collect();
                ((0..v.len()).map(|i| attributes(&v, i)).collect(), labels)
            })
            .collect();
        let text = train(seqs.iter(), "a test").expect("training runs");
        assert!(text.starts_with("# a test\nlabels\t"));
        assert_eq!(train(seqs.iter(), "a test").unwrap(), text, "the same data give the same file");
        let t = Tagger::parse(&text);
        assert_eq!(t.tag(&views(&["she", "sold", "the", "kayak"])), vec![(3, 3, EntityType::Object)]);
        assert!(t.tag(&views(&["she", "walked", "out"])).is_empty());
    }
}
