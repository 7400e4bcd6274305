//! The learned decision for content words the rules leave aside: a logistic regression over word
//! shape, lexicon flags and the words around, whose weights `train.sh` fits on the development set,
//! the extra sets and the training set (its penalty chosen by cross-validation) and writes to
//! `data/model/content.tsv`.
//!
//! A candidate is a word or phrase of the emotion, activity, object or life-period lexicons that no
//! rule made a mention of; the model says whether it is one all the same, and how sure it is: its
//! margin, turned into a probability by the logistic curve fitted on held-out folds (Platt scaling).

use std::sync::LazyLock;

use crate::EntityType;
use crate::fxhash::FxMap;

/// A content word the rules left aside, with the features the model weighs.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// The type its lexicon gives it.
    pub kind: EntityType,
    /// The words as written.
    pub surface: String,
    /// The lexicon's name for it.
    pub canon: String,
    /// Written as a verb ("snowboarded"): named by the lexicon's name.
    pub verb: bool,
    /// Feature names (each present once).
    pub features: Vec<String>,
}

/// Weights and the calibration curve.
#[derive(Debug, Default, Clone)]
pub struct Model {
    weights: FxMap<String, f32>,
    /// The same weights by the [`FeatureHash`] of their names, for scoring without writing names.
    by_hash: FxMap<u64, f32>,
    /// Logistic curve from margin to probability: `1 / (1 + exp(-(a * margin + b)))`.
    platt: (f32, f32),
}

static MODEL_TEXT: &str = include_str!("../data/model/content.tsv");

/// The shipped model, parsed once per process.
pub static MODEL: LazyLock<Model> = LazyLock::new(|| Model::parse(MODEL_TEXT));

impl Model {
    /// Reads `content.tsv`: `#` comments, a `platt<TAB>a<TAB>b` line, then `feature<TAB>weight` lines.
    pub fn parse(text: &str) -> Model {
        let mut model = Model::default();
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let mut cols = line.split('\t');
            let (Some(name), Some(value)) = (cols.next(), cols.next()) else { continue };
            let Ok(value) = value.parse::<f32>() else { continue };
            if name == "platt" {
                model.platt = (value, cols.next().and_then(|b| b.parse().ok()).unwrap_or(0.0));
            } else {
                model.weights.insert(name.to_string(), value);
                model.by_hash.insert(FeatureHash::of(name), value);
            }
        }
        model
    }

    /// Writes the model in the format [`Model::parse`] reads, features sorted.
    pub fn write(&self, header: &str) -> String {
        let mut out = String::new();
        for line in header.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(&format!("platt\t{}\t{}\n", self.platt.0, self.platt.1));
        let mut names: Vec<&String> = self.weights.keys().collect();
        names.sort();
        for name in names {
            // A tab or a line break inside a name would break the file's lines: written as a space.
            let written = name.replace(['\t', '\n', '\r'], " ");
            out.push_str(&format!("{written}\t{}\n", self.weights[name]));
        }
        out
    }

    /// The margin: the sum of the weights of the features present.
    pub fn margin(&self, features: &[String]) -> f32 {
        features.iter().map(|f| self.weight(f)).sum()
    }

    /// The weight of one feature (0 for a feature the model does not know).
    pub fn weight(&self, feature: &str) -> f32 {
        self.weights.get(feature).copied().unwrap_or(0.0)
    }

    /// The weight of a feature given as format arguments (0 for a feature the model does not know).
    pub fn weight_of(&self, feature: std::fmt::Arguments<'_>) -> f32 {
        let mut h = FeatureHash::default();
        let _ = std::fmt::Write::write_fmt(&mut h, feature);
        self.by_hash.get(&h.0).copied().unwrap_or(0.0)
    }

    /// The probability that a candidate of this margin is an entity.
    pub fn probability(&self, margin: f32) -> f32 {
        let (a, b) = self.platt;
        1.0 / (1.0 + (-(a * margin + b)).exp())
    }

    /// Whether the model has been trained (an empty file keeps every candidate out).
    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
    }
}

/// FNV-1a over the bytes of a feature's name, fed piece by piece as it is formatted: the same
/// name gives the same hash however it is written.
#[derive(Clone, Copy)]
pub struct FeatureHash(u64);

impl Default for FeatureHash {
    fn default() -> Self {
        FeatureHash(0xcbf2_9ce4_8422_2325)
    }
}

impl FeatureHash {
    fn of(name: &str) -> u64 {
        let mut h = FeatureHash::default();
        let _ = std::fmt::Write::write_str(&mut h, name);
        h.0
    }
}

impl std::fmt::Write for FeatureHash {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

/// Logistic regression with an L2 penalty `lambda` on labelled candidates: the loss is convex, so
/// its minimum is one set of weights whatever the order of the data, and the same data always give
/// the same model. Minimised by full-batch gradient descent with Adam steps, a fixed number of
/// them, from zero.
pub fn train(data: &[(&[String], bool)], lambda: f64) -> Model {
    let mut index: FxMap<&str, usize> = FxMap::default();
    let rows: Vec<(Vec<usize>, f64)> = data
        .iter()
        .map(|(features, label)| {
            let mut ids: Vec<usize> = features
                .iter()
                .map(|f| {
                    let next = index.len();
                    *index.entry(f.as_str()).or_insert(next)
                })
                .collect();
            ids.sort_unstable();
            ids.dedup();
            (ids, if *label { 1.0 } else { 0.0 })
        })
        .collect();
    let d = index.len();
    let n = rows.len().max(1) as f64;
    let (mut w, mut m1, mut m2) = (vec![0.0_f64; d], vec![0.0_f64; d], vec![0.0_f64; d]);
    let (beta1, beta2, rate) = (0.9_f64, 0.999_f64, 0.05_f64);
    let mut grad = vec![0.0_f64; d];
    for step in 1..=STEPS {
        grad.iter_mut().zip(&w).for_each(|(g, wj)| *g = lambda * wj);
        for (ids, y) in &rows {
            let margin: f64 = ids.iter().map(|&j| w[j]).sum();
            let e = (1.0 / (1.0 + (-margin).exp()) - y) / n;
            ids.iter().for_each(|&j| grad[j] += e);
        }
        let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
        for j in 0..d {
            m1[j] = beta1 * m1[j] + (1.0 - beta1) * grad[j];
            m2[j] = beta2 * m2[j] + (1.0 - beta2) * grad[j] * grad[j];
            w[j] -= rate * (m1[j] / c1) / ((m2[j] / c2).sqrt() + 1e-9);
        }
    }
    let weights: FxMap<String, f32> =
        index.into_iter().filter(|&(_, j)| w[j].abs() > 1e-4).map(|(f, j)| (f.to_string(), w[j] as f32)).collect();
    let by_hash = weights.iter().map(|(f, &v)| (FeatureHash::of(f), v)).collect();
    Model { weights, by_hash, platt: (1.0, 0.0) }
}

/// Steps of gradient descent in [`train`].
const STEPS: i32 = 600;

/// Fits the logistic curve to (margin, label) pairs by gradient descent on the log loss.
pub fn fit_platt(model: &mut Model, scored: &[(f32, bool)]) {
    let (mut a, mut b) = (1.0_f64, 0.0_f64);
    let n = scored.len().max(1) as f64;
    for _ in 0..2000 {
        let (mut ga, mut gb) = (0.0, 0.0);
        for &(m, y) in scored {
            let p = 1.0 / (1.0 + (-(a * m as f64 + b)).exp());
            let e = p - if y { 1.0 } else { 0.0 };
            ga += e * m as f64;
            gb += e;
        }
        a -= 0.5 * ga / n;
        b -= 0.5 * gb / n;
    }
    model.platt = (a as f32, b as f32);
}
