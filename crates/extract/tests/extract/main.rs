//! Integration tests of `lifegraph-extract`: one test binary, a module per concern.

mod cli;
mod devset;
mod linking;
mod robustness;
mod rules;
mod shape;

use lifegraph_extract::{EntityType, KnownEntity, Lang, ValidationResult, extract, name_key};

pub fn run(text: &str, lang: Lang) -> Vec<ValidationResult> {
    extract(text, Some(lang), &[])
}

pub fn run_known(text: &str, lang: Lang, known: &[KnownEntity]) -> Vec<ValidationResult> {
    extract(text, Some(lang), known)
}

pub fn person(id: i64, name: &str, aliases: &[&str], category: &str) -> KnownEntity {
    KnownEntity {
        id,
        name: name.into(),
        entity_type: EntityType::Person,
        aliases: aliases.iter().map(|s| s.to_string()).collect(),
        category: Some(category.into()),
    }
}

pub fn entity(id: i64, name: &str, ty: EntityType, aliases: &[&str]) -> KnownEntity {
    KnownEntity {
        id,
        name: name.into(),
        entity_type: ty,
        aliases: aliases.iter().map(|s| s.to_string()).collect(),
        category: None,
    }
}

/// The result of type `ty` whose name folds to `name`.
pub fn find<'a>(rs: &'a [ValidationResult], ty: EntityType, name: &str) -> Option<&'a ValidationResult> {
    let k = name_key(name);
    rs.iter().find(|r| r.extracted_type == ty && name_key(&r.extracted_name) == k)
}

#[track_caller]
pub fn assert_has(rs: &[ValidationResult], ty: EntityType, name: &str) {
    assert!(find(rs, ty, name).is_some(), "expected {ty:?} {name:?} in {}", show(rs));
}

#[track_caller]
pub fn assert_not(rs: &[ValidationResult], name: &str) {
    let k = name_key(name);
    assert!(!rs.iter().any(|r| name_key(&r.extracted_name) == k), "did not expect {name:?} in {}", show(rs));
}

/// The result recommending entity `id`.
#[track_caller]
pub fn linked(rs: &[ValidationResult], id: i64) -> &ValidationResult {
    rs.iter()
        .find(|r| r.recommended_entity_id == Some(id))
        .unwrap_or_else(|| panic!("expected a link to {id} in {}", show(rs)))
}

pub fn show(rs: &[ValidationResult]) -> String {
    rs.iter()
        .map(|r| {
            format!(
                "{}:{}({}){}",
                r.extracted_type.as_str(),
                r.extracted_name,
                r.extracted_confidence,
                r.recommended_entity_id.map(|i| format!("->{i}")).unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}
