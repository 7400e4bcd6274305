//! The JSON shape of docs/data.md ("Entity validation result").

use lifegraph_extract::Lang::En;
use lifegraph_extract::{EntityType, KnownEntity, ValidationResult};

use crate::{person, run_known};

#[test]
fn validation_result_json_uses_spec_names() {
    let known = [person(71, "Claire", &[], "sister")];
    let rs = run_known("Visit\nVisited my sister in Lyon.", En, &known);
    let v = serde_json::to_value(&rs).unwrap();
    let claire = v.as_array().unwrap().iter().find(|r| r["recommendedEntityId"] == 71).unwrap();
    for k in [
        "extractedName",
        "extractedType",
        "extractedConfidence",
        "extractedRelationship",
        "suggestedAction",
        "recommendedEntityId",
        "matches",
    ] {
        assert!(claire.get(k).is_some(), "missing {k} in {claire}");
    }
    assert_eq!(claire["extractedType"], "person");
    assert_eq!(claire["suggestedAction"], "use_existing");
    let m = &claire["matches"][0];
    assert_eq!(m["entityId"], 71);
    assert_eq!(m["type"], "person");
    assert!(m["confidence"].as_f64().unwrap() <= 1.0);
    assert!(m["reason"].is_string());
    let lyon = v.as_array().unwrap().iter().find(|r| r["extractedName"] == "Lyon").unwrap();
    assert_eq!(lyon["suggestedAction"], "create_new");
    assert!(lyon["recommendedEntityId"].is_null());
    // Round trip.
    let back: Vec<ValidationResult> = serde_json::from_value(v).unwrap();
    assert_eq!(back, rs);
}

#[test]
fn known_entities_parse_from_spec_json() {
    let k: KnownEntity =
        serde_json::from_str(r#"{"id": 202, "name": "la retraite", "type": "lifePeriod", "aliases": ["retraite"]}"#)
            .unwrap();
    assert_eq!(k.entity_type, EntityType::LifePeriod);
    assert_eq!(k.category, None);
    let e: KnownEntity = serde_json::from_str(r#"{"id": 1, "name": "Fête", "type": "event"}"#).unwrap();
    assert_eq!(e.entity_type, EntityType::LifePeriod);
    assert!(e.aliases.is_empty());
}

#[test]
fn matcher_can_be_shared_between_request_handlers() {
    fn assert_send_sync<T: Send + Sync + 'static>() {}
    assert_send_sync::<lifegraph_extract::Matcher>();
    assert_send_sync::<ValidationResult>();
}
