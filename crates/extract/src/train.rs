//! `lifegraph-extract train`: the content model fitted on gold files.

use lifegraph_extract::eval::Case;
use lifegraph_extract::model::{self, Candidate};
use lifegraph_extract::{content_candidates, name_key};

/// Passes over the data.
const EPOCHS: usize = 10;
/// Folds of the cross-validation (by case).
const FOLDS: usize = 5;

/// Each case's candidates, labelled: an entity of the gold of the same type has its name (or the
/// lexicon's name for it) among its names.
fn labelled(cases: &[Case]) -> Vec<(usize, Candidate, bool)> {
    let mut out = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        for c in content_candidates(&case.text, case.lang, &case.known) {
            let keys = [name_key(&c.surface), name_key(&c.canon)];
            let label = case.gold.iter().any(|g| {
                g.entity_type == c.kind
                    && std::iter::once(&g.name).chain(&g.variants).any(|n| keys.contains(&name_key(n)))
            });
            out.push((i, c, label));
        }
    }
    out
}

/// Precision, recall and F1 of the decisions `margin > 0` against the labels.
fn scores(scored: &[(f32, bool)]) -> (f64, f64, f64) {
    let tp = scored.iter().filter(|(m, y)| *m > 0.0 && *y).count() as f64;
    let fp = scored.iter().filter(|(m, y)| *m > 0.0 && !*y).count() as f64;
    let fn_ = scored.iter().filter(|(m, y)| *m <= 0.0 && *y).count() as f64;
    let p = if tp + fp > 0.0 { tp / (tp + fp) } else { 0.0 };
    let r = if tp + fn_ > 0.0 { tp / (tp + fn_) } else { 0.0 };
    (p, r, if p + r > 0.0 { 2.0 * p * r / (p + r) } else { 0.0 })
}

/// Fits the model and returns the text of `data/model/content.tsv`, printing the figures.
pub fn run(cases: &[Case], files: &[String]) -> String {
    let data = labelled(cases);
    let positives = data.iter().filter(|(_, _, y)| *y).count();
    println!("{} cases, {} content-word candidates, {} of them entities", cases.len(), data.len(), positives);
    // Cross-validation: each fold scored by a model trained on the others.
    let mut held_out: Vec<(f32, bool)> = Vec::new();
    for fold in 0..FOLDS {
        let train: Vec<(&[String], bool)> =
            data.iter().filter(|(i, _, _)| i % FOLDS != fold).map(|(_, c, y)| (c.features.as_slice(), *y)).collect();
        let m = model::train(&train, EPOCHS);
        held_out.extend(data.iter().filter(|(i, _, _)| i % FOLDS == fold).map(|(_, c, y)| (m.margin(&c.features), *y)));
    }
    let (p, r, f1) = scores(&held_out);
    println!("{FOLDS}-fold cross-validation (by case): precision {p:.3}, recall {r:.3}, F1 {f1:.3}");
    let all: Vec<(&[String], bool)> = data.iter().map(|(_, c, y)| (c.features.as_slice(), *y)).collect();
    let mut m = model::train(&all, EPOCHS);
    model::fit_platt(&mut m, &held_out);
    let names: Vec<&str> = files.iter().map(|f| f.rsplit('/').next().unwrap_or(f)).collect();
    let header = format!(
        "The content model of lifegraph-extract (src/model.rs), written by crates/extract/train.sh: do not edit.\n\
         Trained on {} cases ({}), {} candidates, {} entities; {EPOCHS} epochs.\n\
         {FOLDS}-fold cross-validation: precision {p:.3}, recall {r:.3}, F1 {f1:.3}.",
        cases.len(),
        names.join(", "),
        data.len(),
        positives
    );
    m.write(&header)
}
