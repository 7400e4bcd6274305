//! Scoring by the rules of `shared/extraction/GUIDELINE.md`: per-type precision, recall and F1,
//! overall and per-language F1, linking top-1 and top-3, precision by confidence bucket, and a
//! confusion table of types.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{EntityType, KnownEntity, Lang, Matcher, MemoryText, ValidationResult, name_key};

/// One case of a gold file (`dev.jsonl` format).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Case {
    /// Case id.
    pub id: String,
    /// Language, if given.
    #[serde(default)]
    pub lang: Option<Lang>,
    /// Title, a line break, then the details.
    pub text: String,
    /// The writer's existing entities.
    #[serde(default)]
    pub known: Vec<KnownEntity>,
    /// Expected entities (ignored when extracting).
    #[serde(default)]
    pub gold: Vec<GoldEntity>,
}

/// One expected entity.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GoldEntity {
    /// Canonical name.
    pub name: String,
    /// Type.
    #[serde(rename = "type")]
    pub entity_type: EntityType,
    /// Accepted variants.
    #[serde(default)]
    pub variants: Vec<String>,
    /// The existing entity it refers to.
    #[serde(default)]
    pub existing_id: Option<i64>,
    /// Relationship (not scored).
    #[serde(default)]
    pub relationship: Option<String>,
}

impl Case {
    /// Runs the extractor on this case.
    pub fn run(&self) -> Vec<ValidationResult> {
        let (title, details) = self.text.split_once('\n').unwrap_or(("", &self.text));
        Matcher::new(&self.known).extract(&MemoryText { title, details, lang: self.lang })
    }
}

/// True/false positives and false negatives.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Proposals that match a gold entry.
    pub tp: usize,
    /// Proposals that match none.
    pub fp: usize,
    /// Gold entries no proposal matched.
    pub fn_: usize,
}

impl Counts {
    /// Precision (1 when nothing was proposed).
    pub fn precision(&self) -> f64 {
        if self.tp + self.fp == 0 { 1.0 } else { self.tp as f64 / (self.tp + self.fp) as f64 }
    }
    /// Recall (1 when nothing was expected).
    pub fn recall(&self) -> f64 {
        if self.tp + self.fn_ == 0 { 1.0 } else { self.tp as f64 / (self.tp + self.fn_) as f64 }
    }
    /// F1.
    pub fn f1(&self) -> f64 {
        let (p, r) = (self.precision(), self.recall());
        if p + r == 0.0 { 0.0 } else { 2.0 * p * r / (p + r) }
    }
    fn add(&mut self, o: Counts) {
        self.tp += o.tp;
        self.fp += o.fp;
        self.fn_ += o.fn_;
    }
}

/// Confidence buckets of the calibration table: `[lo, hi)` on `extractedConfidence`.
pub const BUCKETS: [(u8, u8); 5] = [(0, 60), (60, 70), (70, 80), (80, 90), (90, 101)];

/// Scores of a whole file.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Number of cases.
    pub cases: usize,
    /// Per type.
    pub per_type: HashMap<EntityType, Counts>,
    /// Per language.
    pub per_lang: HashMap<Lang, Counts>,
    /// All types together.
    pub overall: Counts,
    /// Gold entries with an existing id.
    pub link_total: usize,
    /// ... whose id is some proposal's recommendation.
    pub link_top1: usize,
    /// ... whose id is among some proposal's first three matches.
    pub link_top3: usize,
    /// Per bucket of [`BUCKETS`]: (correct proposals, proposals).
    pub calibration: [(usize, usize); 5],
    /// Per case: (id, missed gold "type:name", wrong proposals "type:name").
    pub errors: Vec<(String, Vec<String>, Vec<String>)>,
    /// (gold type, proposed type) -> count, `None` standing for "no entity": a right proposal
    /// counts on the diagonal; a proposal naming a gold entity of another type counts as that
    /// confusion; one naming nothing counts as (None, its type); a gold entity no proposal names,
    /// as (its type, None).
    pub confusion: HashMap<(Option<EntityType>, Option<EntityType>), usize>,
}

impl Report {
    /// Linking top-1 accuracy.
    pub fn top1(&self) -> f64 {
        if self.link_total == 0 { 1.0 } else { self.link_top1 as f64 / self.link_total as f64 }
    }
    /// Linking top-3 accuracy.
    pub fn top3(&self) -> f64 {
        if self.link_total == 0 { 1.0 } else { self.link_top3 as f64 / self.link_total as f64 }
    }
    /// Precision of the proposals in calibration bucket `i`.
    pub fn bucket_precision(&self, i: usize) -> Option<f64> {
        let (c, t) = self.calibration[i];
        (t > 0).then(|| c as f64 / t as f64)
    }
    /// Precision of the proposals whose bucket lies inside `[lo, hi)` (bucket bounds from
    /// [`BUCKETS`]; use `hi = 101` for "and above").
    pub fn precision_between(&self, lo: u8, hi: u8) -> Option<f64> {
        let (mut c, mut t) = (0, 0);
        for (i, &(blo, bhi)) in BUCKETS.iter().enumerate() {
            if blo >= lo && bhi <= hi {
                c += self.calibration[i].0;
                t += self.calibration[i].1;
            }
        }
        (t > 0).then(|| c as f64 / t as f64)
    }
}

/// Scores one case's proposals against its gold entries.
pub fn score_case(case: &Case, results: &[ValidationResult], report: &mut Report) {
    let gold = &case.gold;
    let mut used = vec![false; gold.len()];
    // Surest proposals claim gold entries first.
    let mut order: Vec<usize> = (0..results.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(results[i].extracted_confidence));
    let gold_keys: Vec<Vec<String>> =
        gold.iter().map(|g| std::iter::once(&g.name).chain(&g.variants).map(|s| name_key(s)).collect()).collect();
    let mut per_type: HashMap<EntityType, Counts> = HashMap::new();
    let mut wrong = Vec::new();
    for i in order {
        let r = &results[i];
        let key = name_key(&r.extracted_name);
        let hit = (0..gold.len()).find(|&g| {
            !used[g]
                && gold[g].entity_type == r.extracted_type
                && (gold_keys[g].contains(&key)
                    || gold[g].existing_id.is_some() && gold[g].existing_id == r.recommended_entity_id)
        });
        let bucket = BUCKETS
            .iter()
            .position(|&(lo, hi)| r.extracted_confidence >= lo && r.extracted_confidence < hi)
            .unwrap_or(0);
        report.calibration[bucket].1 += 1;
        let c = per_type.entry(r.extracted_type).or_default();
        match hit {
            Some(g) => {
                used[g] = true;
                c.tp += 1;
                report.calibration[bucket].0 += 1;
            }
            None => {
                c.fp += 1;
                wrong.push(format!("{}:{} ({})", r.extracted_type.as_str(), r.extracted_name, r.extracted_confidence));
            }
        }
    }
    // The confusion table: right proposals, then the wrong ones by the gold entity they name.
    let mut named = vec![false; gold.len()];
    for (g, u) in used.iter().enumerate() {
        if *u {
            named[g] = true;
            *report.confusion.entry((Some(gold[g].entity_type), Some(gold[g].entity_type))).or_default() += 1;
        }
    }
    for r in results {
        let key = name_key(&r.extracted_name);
        let right =
            (0..gold.len()).any(|g| used[g] && gold[g].entity_type == r.extracted_type && gold_keys[g].contains(&key));
        if right {
            continue;
        }
        let other = (0..gold.len())
            .find(|&g| !named[g] && gold[g].entity_type != r.extracted_type && gold_keys[g].contains(&key));
        let gold_type = other.map(|g| {
            named[g] = true;
            gold[g].entity_type
        });
        if other.is_some()
            || !(0..gold.len()).any(|g| gold_keys[g].contains(&key) && gold[g].entity_type == r.extracted_type)
        {
            *report.confusion.entry((gold_type, Some(r.extracted_type))).or_default() += 1;
        }
    }
    for (g, was_named) in named.iter().enumerate() {
        if !was_named {
            *report.confusion.entry((Some(gold[g].entity_type), None)).or_default() += 1;
        }
    }
    let mut missed = Vec::new();
    for (g, u) in gold.iter().zip(&used) {
        if !u {
            per_type.entry(g.entity_type).or_default().fn_ += 1;
            missed.push(format!("{}:{}", g.entity_type.as_str(), g.name));
        }
        if let Some(id) = g.existing_id {
            report.link_total += 1;
            if results.iter().any(|r| r.recommended_entity_id == Some(id)) {
                report.link_top1 += 1;
            }
            if results.iter().any(|r| r.matches.iter().take(3).any(|m| m.entity_id == id)) {
                report.link_top3 += 1;
            }
        }
    }
    let lang = case.lang.unwrap_or_else(|| crate::detect_lang(&case.text));
    for (t, c) in per_type {
        report.per_type.entry(t).or_default().add(c);
        report.per_lang.entry(lang).or_default().add(c);
        report.overall.add(c);
    }
    report.cases += 1;
    if !missed.is_empty() || !wrong.is_empty() {
        report.errors.push((case.id.clone(), missed, wrong));
    }
}

/// Runs the extractor on every case and scores it.
pub fn evaluate(cases: &[Case]) -> Report {
    let mut report = Report::default();
    for case in cases {
        let results = case.run();
        score_case(case, &results, &mut report);
    }
    report
}

/// A second annotator's entities for a case (a line of a gold file: only `id` and `gold` are read).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Reading {
    /// Case id.
    pub id: String,
    /// The entities this annotator expects.
    #[serde(default)]
    pub gold: Vec<GoldEntity>,
}

/// Scores a second reading of the same cases against the gold, as if it were the extractor's:
/// how far two annotators of the guideline agree. `other` holds cases by id (only `id` and `gold`
/// are read); a gold case it does not hold is left out. An entry of `other` counts as its name,
/// or as the first of its variants that the gold gives for its type; its `existingId` as the
/// recommended entity.
pub fn agreement(gold: &[Case], other: &[Reading]) -> Report {
    let by_id: HashMap<&str, &Reading> = other.iter().map(|c| (c.id.as_str(), c)).collect();
    let mut report = Report::default();
    for case in gold {
        let Some(reading) = by_id.get(case.id.as_str()) else { continue };
        let results: Vec<ValidationResult> = reading
            .gold
            .iter()
            .map(|e| {
                let gold_names = case
                    .gold
                    .iter()
                    .filter(|g| g.entity_type == e.entity_type)
                    .flat_map(|g| std::iter::once(&g.name).chain(&g.variants))
                    .map(|n| name_key(n))
                    .collect::<Vec<_>>();
                let name = std::iter::once(&e.name)
                    .chain(&e.variants)
                    .find(|n| gold_names.contains(&name_key(n)))
                    .unwrap_or(&e.name);
                ValidationResult {
                    extracted_name: name.clone(),
                    extracted_type: e.entity_type,
                    extracted_confidence: 100,
                    extracted_relationship: e.relationship.clone(),
                    suggested_action: if e.existing_id.is_some() {
                        crate::SuggestedAction::UseExisting
                    } else {
                        crate::SuggestedAction::CreateNew
                    },
                    recommended_entity_id: e.existing_id,
                    matches: e
                        .existing_id
                        .map(|id| crate::EntityMatch {
                            entity_id: id,
                            name: e.name.clone(),
                            entity_type: e.entity_type,
                            confidence: 1.0,
                            reason: "the annotator's link".to_string(),
                        })
                        .into_iter()
                        .collect(),
                }
            })
            .collect();
        score_case(case, &results, &mut report);
    }
    report
}

/// Parses a JSON-lines gold file; blank lines are skipped.
pub fn parse_cases(text: &str) -> Result<Vec<Case>, String> {
    parse_lines(text)
}

/// Parses JSON lines of any kind; blank lines are skipped.
pub fn parse_lines<T: serde::de::DeserializeOwned>(text: &str) -> Result<Vec<T>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| serde_json::from_str(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "cases: {}", self.cases)?;
        writeln!(f, "{:<12} {:>5} {:>5} {:>5} {:>7} {:>7} {:>7}", "type", "tp", "fp", "fn", "P", "R", "F1")?;
        for t in EntityType::ALL {
            let c = self.per_type.get(&t).copied().unwrap_or_default();
            writeln!(
                f,
                "{:<12} {:>5} {:>5} {:>5} {:>7.3} {:>7.3} {:>7.3}",
                t.as_str(),
                c.tp,
                c.fp,
                c.fn_,
                c.precision(),
                c.recall(),
                c.f1()
            )?;
        }
        let o = self.overall;
        writeln!(
            f,
            "{:<12} {:>5} {:>5} {:>5} {:>7.3} {:>7.3} {:>7.3}",
            "overall",
            o.tp,
            o.fp,
            o.fn_,
            o.precision(),
            o.recall(),
            o.f1()
        )?;
        for l in [Lang::En, Lang::Fr] {
            if let Some(c) = self.per_lang.get(&l) {
                writeln!(
                    f,
                    "F1 {:<9} {:>7.3}   (P {:.3}, R {:.3})",
                    match l {
                        Lang::En => "en",
                        Lang::Fr => "fr",
                    },
                    c.f1(),
                    c.precision(),
                    c.recall()
                )?;
            }
        }
        writeln!(
            f,
            "linking: top-1 {:.3} ({}/{}), top-3 {:.3} ({}/{})",
            self.top1(),
            self.link_top1,
            self.link_total,
            self.top3(),
            self.link_top3,
            self.link_total
        )?;
        writeln!(f, "confusion (rows: gold type, columns: proposed type; none: no entity):")?;
        let kinds: Vec<Option<EntityType>> = EntityType::ALL.iter().copied().map(Some).chain([None]).collect();
        let label = |t: &Option<EntityType>| t.map_or("none", |t| t.as_str());
        write!(f, "  {:<12}", "")?;
        for t in &kinds {
            write!(f, " {:>10}", label(t))?;
        }
        writeln!(f)?;
        for gold in &kinds {
            write!(f, "  {:<12}", label(gold))?;
            for proposed in &kinds {
                let n = if gold.is_none() && proposed.is_none() {
                    0
                } else {
                    self.confusion.get(&(*gold, *proposed)).copied().unwrap_or(0)
                };
                write!(
                    f,
                    " {:>10}",
                    if gold.is_none() && proposed.is_none() { "-".to_owned() } else { n.to_string() }
                )?;
            }
            writeln!(f)?;
        }
        writeln!(f, "calibration (precision by extractedConfidence):")?;
        for (i, (lo, hi)) in BUCKETS.iter().enumerate() {
            let (c, t) = self.calibration[i];
            let p = self.bucket_precision(i).map_or("-".to_string(), |p| format!("{p:.3}"));
            writeln!(f, "  [{:>3}, {:>3})  {:>4} proposals  precision {}  ({c} right)", lo, hi.min(&100), t, p)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SuggestedAction;

    fn proposal(name: &str, entity_type: EntityType) -> ValidationResult {
        ValidationResult {
            extracted_name: name.to_owned(),
            extracted_type: entity_type,
            extracted_confidence: 80,
            extracted_relationship: None,
            suggested_action: SuggestedAction::CreateNew,
            recommended_entity_id: None,
            matches: Vec::new(),
        }
    }

    #[test]
    fn the_confusion_table_tells_a_wrong_type_from_a_miss_and_a_spurious_proposal() {
        let case: Case = serde_json::from_str(
            r#"{"id": "c", "lang": "en", "text": "Garden\nRose and Tom planted a pear tree in Nice.",
                "gold": [{"name": "Rose", "type": "person"}, {"name": "Tom", "type": "person"},
                         {"name": "Nice", "type": "location"}, {"name": "gardening", "type": "activity"}]}"#,
        )
        .unwrap();
        let results = [
            proposal("Rose", EntityType::Object),
            proposal("Tom", EntityType::Person),
            proposal("pear tree", EntityType::Object),
        ];
        let mut report = Report::default();
        score_case(&case, &results, &mut report);
        let count = |gold: Option<EntityType>, proposed: Option<EntityType>| {
            report.confusion.get(&(gold, proposed)).copied().unwrap_or(0)
        };
        assert_eq!(count(Some(EntityType::Person), Some(EntityType::Person)), 1, "Tom");
        assert_eq!(count(Some(EntityType::Person), Some(EntityType::Object)), 1, "Rose taken for a thing");
        assert_eq!(count(None, Some(EntityType::Object)), 1, "the pear tree is no entity");
        assert_eq!(count(Some(EntityType::Location), None), 1, "Nice missed");
        assert_eq!(count(Some(EntityType::Activity), None), 1);
        assert_eq!(count(Some(EntityType::Person), None), 0, "Rose was named, with the wrong type");
        assert_eq!(report.confusion.values().sum::<usize>(), 5);
    }

    #[test]
    fn a_second_reading_is_scored_by_the_same_rules_and_only_on_the_cases_it_holds() {
        let gold: Vec<Case> = parse_cases(
            r#"{"id": "a", "lang": "en", "text": "Hike\nMy sister and I hiked up to Ledbury. So proud.", "known": [{"id": 7, "name": "Wilhelmina", "type": "person", "category": "sister"}], "gold": [{"name": "Wilhelmina", "type": "person", "existingId": 7}, {"name": "hiking", "type": "activity", "variants": ["hiked"]}, {"name": "Ledbury", "type": "location"}, {"name": "proud", "type": "emotion"}]}
{"id": "b", "lang": "fr", "text": "Marché\nAvec Cyprien à Espalion.", "gold": [{"name": "Cyprien", "type": "person"}, {"name": "Espalion", "type": "location"}]}"#,
        )
        .unwrap();
        let other: Vec<Reading> = parse_lines(
            r#"{"id": "a", "gold": [{"name": "my sister", "type": "person", "existingId": 7}, {"name": "hike", "type": "activity", "variants": ["hiked"]}, {"name": "Ledbury", "type": "lifePeriod"}, {"name": "sister", "type": "person"}]}"#,
        )
        .unwrap();
        let report = agreement(&gold, &other);
        assert_eq!(report.cases, 1, "case b has no second reading");
        let of = |t: EntityType| report.per_type.get(&t).copied().unwrap_or_default();
        assert_eq!(of(EntityType::Person), Counts { tp: 1, fp: 1, fn_: 0 }, "linked by id; the extra sister is wrong");
        assert_eq!(of(EntityType::Activity), Counts { tp: 1, fp: 0, fn_: 0 }, "matched through a variant");
        assert_eq!(of(EntityType::Location), Counts { tp: 0, fp: 0, fn_: 1 });
        assert_eq!(of(EntityType::LifePeriod), Counts { tp: 0, fp: 1, fn_: 0 });
        assert_eq!(of(EntityType::Emotion), Counts { tp: 0, fp: 0, fn_: 1 });
        assert_eq!(report.link_top1, 1);
    }
}
