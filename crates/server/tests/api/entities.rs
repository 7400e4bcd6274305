use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, assert_error, spawn};

async fn create_and_list_entities(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("ent@example.org").await;
    let created = app
        .post_json("/api/entities", &json!({"name": "  Claire ", "type": "person", "metadata": {"category": "sister"}}))
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let claire: Value = created.json().await.unwrap();
    assert_eq!(claire["name"], "Claire");
    assert_eq!(claire["metadata"]["category"], "sister");
    let lyon: Value =
        app.post_json("/api/entities", &json!({"name": "Lyon", "type": "location"})).await.json().await.unwrap();
    let all: Vec<Value> = app.get("/api/entities").await.json().await.unwrap();
    assert_eq!(all.len(), 2);
    let places: Vec<Value> = app.get("/api/entities?type=location").await.json().await.unwrap();
    assert_eq!(places, vec![lyon]);
    assert_error(app.get("/api/entities?type=planet").await, StatusCode::BAD_REQUEST, "invalid_entity_type").await;
}

async fn a_duplicate_name_is_a_conflict_naming_the_existing_entity(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("dup@example.org").await;
    let first: Value =
        app.post_json("/api/entities", &json!({"name": "Élodie", "type": "person"})).await.json().await.unwrap();
    let again = app.post_json("/api/entities", &json!({"name": "elodie", "type": "person"})).await;
    let body = assert_error(again, StatusCode::CONFLICT, "entity_exists").await;
    assert_eq!(body["existingEntity"]["id"], first["id"]);
    // Same name, another type: a different entity.
    let other = app.post_json("/api/entities", &json!({"name": "Élodie", "type": "object"})).await;
    assert_eq!(other.status(), StatusCode::CREATED);
}

async fn entity_input_is_checked(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("bad@example.org").await;
    assert_error(
        app.post_json("/api/entities", &json!({"name": "   ", "type": "person"})).await,
        StatusCode::BAD_REQUEST,
        "name_required",
    )
    .await;
    assert_error(
        app.post_json("/api/entities", &json!({"name": "X", "type": "planet"})).await,
        StatusCode::BAD_REQUEST,
        "invalid_entity_type",
    )
    .await;
    assert_error(
        app.post_json("/api/entities", &json!({"name": 5, "type": "person"})).await,
        StatusCode::BAD_REQUEST,
        "validation_failed",
    )
    .await;
    let all: Vec<Value> = app.get("/api/entities").await.json().await.unwrap();
    assert!(all.is_empty(), "nothing half-written");
}

async fn entities_are_private(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("mine@example.org").await;
    app.post_json("/api/entities", &json!({"name": "Secret friend", "type": "person"})).await;
    let other = app.another_browser();
    other.signed_in_user("theirs@example.org").await;
    let theirs: Vec<Value> = other.get("/api/entities?userId=1").await.json().await.unwrap();
    assert!(theirs.is_empty());
}

crate::backends!(
    create_and_list_entities,
    a_duplicate_name_is_a_conflict_naming_the_existing_entity,
    entity_input_is_checked,
    entities_are_private,
);
