//! `lifegraph-extract train`: the sequence tagger and the content model fitted on gold files. Both
//! fits are deterministic, so the same files always give the same `data/model/tagger.tsv` and
//! `data/model/content.tsv` (a test retrains them and compares).

use std::fmt::Write;
use std::io;

use crate::eval::Case;
use crate::model::{self, Candidate};
use crate::tagger::{self, Sequence};
use crate::{content_candidates, name_key, tagger_sequence, tagger_spans};

/// Penalties tried, smallest first; the largest whose cross-validated F1 is within one standard
/// error of the best is kept ([`one_standard_error`]).
const LAMBDAS: [f64; 7] = [0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1];
/// Folds of the cross-validation (by case).
const FOLDS: usize = 5;
/// Folds of the tagger's cross-fitting: the model learns from what a tagger that never saw the
/// case marks in it, as it will on a new memory.
const TAGGER_FOLDS: usize = 3;

/// Each case's candidates, labelled: an entity of the gold of the same type has its name (or the
/// lexicon's name for it) among its names. Case `i` is tagged by `taggers[i % taggers.len()]`.
fn labelled(cases: &[Case], taggers: &[tagger::Tagger]) -> Vec<(usize, Candidate, bool)> {
    let mut out = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let tagger = taggers.get(i % taggers.len().max(1));
        for c in content_candidates(case, tagger) {
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

/// A candidate's fold, its margin from the model that did not see the fold, and its label.
type HeldOut = (usize, f32, bool);

/// Each candidate's margin from a model trained with `lambda` on the folds that do not hold its
/// case, with that fold.
fn cross_validated(data: &[(usize, Candidate, bool)], lambda: f64) -> Vec<HeldOut> {
    let mut held_out = Vec::new();
    for fold in 0..FOLDS {
        let train: Vec<(&[String], bool)> =
            data.iter().filter(|(i, _, _)| i % FOLDS != fold).map(|(_, c, y)| (c.features.as_slice(), *y)).collect();
        let m = model::train(&train, lambda);
        held_out.extend(
            data.iter().filter(|(i, _, _)| i % FOLDS == fold).map(|(_, c, y)| (fold, m.margin(&c.features), *y)),
        );
    }
    held_out
}

/// The mean of the folds' F1 and its standard error; a fold with no entity among its candidates
/// has no F1 and is left out.
fn fold_f1(held_out: &[HeldOut]) -> (f64, f64) {
    let f1s: Vec<f64> = (0..FOLDS)
        .filter(|fold| held_out.iter().any(|(f, _, y)| f == fold && *y))
        .map(|fold| {
            let scored: Vec<(f32, bool)> =
                held_out.iter().filter(|(f, _, _)| *f == fold).map(|&(_, m, y)| (m, y)).collect();
            scores(&scored).2
        })
        .collect();
    mean_and_standard_error(&f1s)
}

/// The mean of `xs` and its standard error (0 with fewer than two values).
fn mean_and_standard_error(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Of penalties in ascending order, each with the mean F1 of its folds and its standard error, the
/// index of the largest whose mean is within one standard error of the best mean (the smaller
/// penalty is the best on a tie).
fn one_standard_error(fits: &[(f64, f64)]) -> usize {
    let best = fits.iter().copied().fold((f64::NEG_INFINITY, 0.0), |best, f| if f.0 > best.0 { f } else { best });
    fits.iter().rposition(|f| f.0 >= best.0 - best.1).unwrap_or(0)
}

/// Precision, recall and F1 of the tagger's spans against the gold labels' spans.
fn tagger_scores(cases: &[Case], seqs: &[Sequence], taggers: &[tagger::Tagger]) -> (f64, f64, f64) {
    let (mut tp, mut proposed, mut gold) = (0usize, 0usize, 0usize);
    for (i, ((_, ys), case)) in seqs.iter().zip(cases).enumerate() {
        let found = tagger_spans(case, &taggers[i % taggers.len()]);
        let want = tagger::spans(ys);
        tp += found.iter().filter(|s| want.contains(s)).count();
        proposed += found.len();
        gold += want.len();
    }
    let p = tp as f64 / proposed.max(1) as f64;
    let r = tp as f64 / gold.max(1) as f64;
    (p, r, if p + r > 0.0 { 2.0 * p * r / (p + r) } else { 0.0 })
}

/// The fitted models: the tagger's file, the text of `data/model/content.tsv` and the figures of
/// the fit.
pub struct Trained {
    pub tagger: String,
    pub text: String,
    pub report: String,
}

/// Fits the tagger and the model on `cases`, read from `files` (named in the model's header).
pub fn run(cases: &[Case], files: &[String]) -> io::Result<Trained> {
    let mut report = String::new();
    let seqs: Vec<Sequence> = cases.iter().map(tagger_sequence).collect();
    let mut taggers = Vec::new();
    for fold in 0..TAGGER_FOLDS {
        let seen = seqs.iter().enumerate().filter(|(i, _)| i % TAGGER_FOLDS != fold).map(|(_, s)| s);
        taggers.push(tagger::Tagger::parse(&tagger::train(seen, "")?));
    }
    let (tp, tr, tf) = tagger_scores(cases, &seqs, &taggers);
    let _ = writeln!(
        report,
        "tagger, {TAGGER_FOLDS}-fold cross-fitting (by case): precision {tp:.3}, recall {tr:.3}, F1 {tf:.3} on the spans"
    );
    let data = labelled(cases, &taggers);
    let positives = data.iter().filter(|(_, _, y)| *y).count();
    let _ = writeln!(
        report,
        "{} cases, {} content-word candidates, {} of them entities",
        cases.len(),
        data.len(),
        positives
    );
    // The penalty: the largest whose models, each scored on the fold it did not see, decide within
    // one standard error of the best (the "one standard error" rule): penalties whose F1 differ by
    // less than the folds' noise are not told apart by it, and the larger keeps the model simpler,
    // so a small change to the data does not swing the choice.
    let mut tried: Vec<(f64, Vec<HeldOut>)> = Vec::new();
    let mut fits = Vec::new();
    for lambda in LAMBDAS {
        let held_out = cross_validated(&data, lambda);
        let pooled: Vec<(f32, bool)> = held_out.iter().map(|&(_, m, y)| (m, y)).collect();
        let (p, r, f1) = scores(&pooled);
        let (mean, se) = fold_f1(&held_out);
        let _ = writeln!(
            report,
            "penalty {lambda}: {FOLDS}-fold cross-validation (by case): precision {p:.3}, recall {r:.3}, F1 {f1:.3} \
             (by fold {mean:.4} +- {se:.4}, one standard error)"
        );
        tried.push((lambda, held_out));
        fits.push((mean, se));
    }
    let (lambda, held_out) = tried.swap_remove(one_standard_error(&fits));
    let held_out: Vec<(f32, bool)> = held_out.into_iter().map(|(_, m, y)| (m, y)).collect();
    let (p, r, f1) = scores(&held_out);
    let _ = writeln!(report, "kept penalty {lambda}");
    let all: Vec<(&[String], bool)> = data.iter().map(|(_, c, y)| (c.features.as_slice(), *y)).collect();
    let mut m = model::train(&all, lambda);
    model::fit_platt(&mut m, &held_out);
    let names: Vec<&str> = files.iter().map(|f| f.rsplit('/').next().unwrap_or(f)).collect();
    let header = format!(
        "The content model of lifegraph-extract (src/model.rs), written by crates/extract/train.sh: do not edit.\n\
         Trained on {} cases ({}), {} candidates, {} entities; L2 penalty {lambda}.\n\
         {FOLDS}-fold cross-validation: precision {p:.3}, recall {r:.3}, F1 {f1:.3}.\n\
         Its candidates come from a tagger that did not see their case ({TAGGER_FOLDS} folds: precision {tp:.3}, \
         recall {tr:.3}, F1 {tf:.3} on the spans); data/model/tagger.tsv is the tagger fitted on them all.",
        cases.len(),
        names.join(", "),
        data.len(),
        positives
    );
    let tagger = tagger::train(
        seqs.iter(),
        &format!(
            "The sequence tagger of lifegraph-extract (src/tagger.rs), written by crates/extract/train.sh: do not edit.\n\
             Trained on {} cases ({}); {TAGGER_FOLDS}-fold cross-fitting: precision {tp:.3}, recall {tr:.3}, F1 {tf:.3} on the spans.",
            cases.len(),
            names.join(", ")
        ),
    )?;
    Ok(Trained { tagger, text: m.write(&header), report })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn penalties_ascend() {
        assert!(LAMBDAS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn the_largest_penalty_within_one_standard_error_of_the_best_is_kept() {
        // The best mean is the second's; the third is within its standard error, the fourth not.
        assert_eq!(one_standard_error(&[(0.90, 0.002), (0.905, 0.004), (0.902, 0.003), (0.899, 0.003)]), 2);
        // A best with no spread keeps itself, unless a larger penalty ties it.
        assert_eq!(one_standard_error(&[(0.90, 0.0), (0.91, 0.0), (0.85, 0.0)]), 1);
        assert_eq!(one_standard_error(&[(0.91, 0.0), (0.91, 0.0)]), 1);
    }

    #[test]
    fn standard_error_of_the_mean() {
        let (mean, se) = mean_and_standard_error(&[0.8, 0.9, 1.0]);
        assert!((mean - 0.9).abs() < 1e-12);
        assert!((se - 0.1 / 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(mean_and_standard_error(&[0.7]), (0.7, 0.0));
    }
}
