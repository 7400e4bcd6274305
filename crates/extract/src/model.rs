//! The learned decision for content words the rules leave aside: an averaged perceptron over word
//! shape, lexicon flags and the words around, whose weights `train.sh` fits on the development set
//! and the extra sets (with cross-validation) and writes to `data/model/content.tsv`.
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
            out.push_str(&format!("{name}\t{}\n", self.weights[name]));
        }
        out
    }

    /// The margin: the sum of the weights of the features present.
    pub fn margin(&self, features: &[String]) -> f32 {
        features.iter().filter_map(|f| self.weights.get(f)).sum()
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

/// Averaged perceptron on labelled candidates, `epochs` passes in a fixed shuffled order.
pub fn train(data: &[(&[String], bool)], epochs: usize) -> Model {
    let mut weights: FxMap<String, f32> = FxMap::default();
    // Sum of each weight over every step, kept lazily (the averaging trick).
    let mut totals: FxMap<String, f32> = FxMap::default();
    let mut stamps: FxMap<String, usize> = FxMap::default();
    let mut order: Vec<usize> = (0..data.len()).collect();
    let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
    let mut step = 0usize;
    for _ in 0..epochs {
        for i in (1..order.len()).rev() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            order.swap(i, (seed % (i as u64 + 1)) as usize);
        }
        for &i in &order {
            step += 1;
            let (features, label) = data[i];
            let margin: f32 = features.iter().filter_map(|f| weights.get(f)).sum();
            let predicted = margin > 0.0;
            if predicted != label {
                let delta = if label { 1.0 } else { -1.0 };
                for f in features {
                    let w = weights.entry(f.clone()).or_default();
                    let since = stamps.get(f).copied().unwrap_or(0);
                    *totals.entry(f.clone()).or_default() += *w * (step - since) as f32;
                    stamps.insert(f.clone(), step);
                    *w += delta;
                }
            }
        }
    }
    let averaged = weights
        .iter()
        .map(|(f, w)| {
            let since = stamps.get(f).copied().unwrap_or(0);
            let total = totals.get(f).copied().unwrap_or(0.0) + w * (step - since) as f32;
            (f.clone(), total / step.max(1) as f32)
        })
        .filter(|(_, w)| w.abs() > 1e-4)
        .collect();
    Model { weights: averaged, platt: (1.0, 0.0) }
}

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
