//! `lifegraph-extract train`: the content model fitted on gold files. The fit is deterministic,
//! so the same files always give the same `data/model/content.tsv` (a test retrains it and compares).

use std::fmt::Write;

use crate::eval::Case;
use crate::model::{self, Candidate};
use crate::{content_candidates, name_key};

/// Penalties tried; the one with the best cross-validated F1 is kept.
const LAMBDAS: [f64; 6] = [0.0003, 0.001, 0.003, 0.01, 0.03, 0.1];
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

/// Each candidate's margin from a model trained with `lambda` on the folds that do not hold its case.
fn cross_validated(data: &[(usize, Candidate, bool)], lambda: f64) -> Vec<(f32, bool)> {
    let mut held_out = Vec::new();
    for fold in 0..FOLDS {
        let train: Vec<(&[String], bool)> =
            data.iter().filter(|(i, _, _)| i % FOLDS != fold).map(|(_, c, y)| (c.features.as_slice(), *y)).collect();
        let m = model::train(&train, lambda);
        held_out.extend(data.iter().filter(|(i, _, _)| i % FOLDS == fold).map(|(_, c, y)| (m.margin(&c.features), *y)));
    }
    held_out
}

/// A fitted model: the text of `data/model/content.tsv` and the figures of the fit.
pub struct Trained {
    pub text: String,
    pub report: String,
}

/// Fits the model on `cases`, read from `files` (named in the file's header).
pub fn run(cases: &[Case], files: &[String]) -> Trained {
    let mut report = String::new();
    let data = labelled(cases);
    let positives = data.iter().filter(|(_, _, y)| *y).count();
    let _ = writeln!(
        report,
        "{} cases, {} content-word candidates, {} of them entities",
        cases.len(),
        data.len(),
        positives
    );
    // The penalty: the one whose models, each scored on the fold it did not see, decide best (the
    // smaller one on a tie).
    let mut tried: Vec<(f64, Vec<(f32, bool)>)> = Vec::new();
    for lambda in LAMBDAS {
        let held_out = cross_validated(&data, lambda);
        let (p, r, f1) = scores(&held_out);
        let _ = writeln!(
            report,
            "penalty {lambda}: {FOLDS}-fold cross-validation (by case): precision {p:.3}, recall {r:.3}, F1 {f1:.3}"
        );
        tried.push((lambda, held_out));
    }
    let best = tried.into_iter().reduce(|best, next| if scores(&next.1).2 > scores(&best.1).2 { next } else { best });
    let Some((lambda, held_out)) = best else { unreachable!("LAMBDAS is not empty") };
    let (p, r, f1) = scores(&held_out);
    let _ = writeln!(report, "kept penalty {lambda}");
    let all: Vec<(&[String], bool)> = data.iter().map(|(_, c, y)| (c.features.as_slice(), *y)).collect();
    let mut m = model::train(&all, lambda);
    model::fit_platt(&mut m, &held_out);
    let names: Vec<&str> = files.iter().map(|f| f.rsplit('/').next().unwrap_or(f)).collect();
    let header = format!(
        "The content model of lifegraph-extract (src/model.rs), written by crates/extract/train.sh: do not edit.\n\
         Trained on {} cases ({}), {} candidates, {} entities; L2 penalty {lambda}.\n\
         {FOLDS}-fold cross-validation: precision {p:.3}, recall {r:.3}, F1 {f1:.3}.",
        cases.len(),
        names.join(", "),
        data.len(),
        positives
    );
    Trained { text: m.write(&header), report }
}
