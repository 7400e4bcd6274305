use reqwest::StatusCode;
use serde_json::{Value, json};

use sea_orm::ConnectionTrait;

use crate::helpers::{Backend, TestApp, assert_error, spawn};

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

const WITH_METADATA: &str = "/api/entities-with-metadata";

async fn create_entity(app: &TestApp, body: Value) -> Value {
    let response = app.post_json(WITH_METADATA, &body).await;
    assert_eq!(response.status(), StatusCode::CREATED, "creating {body}");
    response.json().await.unwrap()
}

async fn write_memory(app: &TestApp, title: &str, content: &str, entities: &[i64]) -> Value {
    let body = json!({"title": title, "content": content, "entities": entities});
    let response = app.post_json("/api/memories/with-validation", &body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

fn id(value: &Value) -> i64 {
    value["id"].as_i64().expect("an id")
}

async fn each_type_keeps_its_own_fields(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("types@example.org").await;
    let claire = create_entity(
        &app,
        json!({"name": "Claire", "type": "person", "metadata": {
            "category": "sister", "gender": "female", "birthDate": "1988-04-02", "occupation": "Nurse",
            "relationshipToUser": "little sister", "aliases": ["Clacla", " ", "claire"], "notes": "  Loves hiking ",
            "appreciation": 7}}),
    )
    .await;
    assert_eq!(claire["aliases"], json!(["Clacla"]), "blank aliases and the name itself dropped");
    assert_eq!(claire["notes"], "Loves hiking");
    assert_eq!(
        claire["metadata"],
        json!({"category": "sister", "gender": "female", "birthDate": "1988-04-02", "occupation": "Nurse",
               "relationshipToUser": "little sister"}),
        "a person keeps a person's fields only"
    );
    assert_eq!(claire["memoryCount"], 0);

    let place = create_entity(
        &app,
        json!({"name": "Chamonix", "type": "location", "metadata": {
            "category": "vacation-spot", "latitude": 45.923_7, "longitude": 6.869_4,
            "visitedDates": ["2021-02-10", ""], "address": "Haute-Savoie"}}),
    )
    .await;
    assert_eq!(place["metadata"]["latitude"], 45.9237);
    assert_eq!(place["metadata"]["visitedDates"], json!(["2021-02-10"]));
    let book =
        create_entity(&app, json!({"name": "Le Petit Prince", "type": "object", "metadata": {"category": "book"}}))
            .await;
    assert_eq!(book["metadata"], json!({"category": "book", "appreciation": 5}), "appreciation 5 unless said");
    let hike = create_entity(
        &app,
        json!({"name": "Hiking", "type": "activity", "metadata": {"category": "sport", "frequency": "weekly",
               "participants": ["Claire"], "date": "2021-02-11", "location": "Chamonix"}}),
    )
    .await;
    assert_eq!(hike["metadata"]["participants"], json!(["Claire"]));
    let proud = create_entity(
        &app,
        json!({"name": "Proud", "type": "emotion", "metadata": {"intensity": 8, "triggers": ["summits"],
               "copingStrategies": []}}),
    )
    .await;
    assert_eq!(proud["metadata"], json!({"intensity": 8, "triggers": ["summits"]}), "empty lists dropped");

    let childhood = create_entity(
        &app,
        json!({"name": "Childhood", "type": "lifePeriod", "metadata": {"startDate": "1990-01-01", "endDate": "Add end date"}}),
    )
    .await;
    assert_eq!(childhood["metadata"], json!({"startDate": "1990-01-01"}), "a placeholder is no end: ongoing");
    let school = create_entity(
        &app,
        json!({"name": "School", "type": "lifePeriod", "metadata": {"startDate": "1996-09-01", "endDate": "2003-06-30",
               "parentPeriod": id(&childhood)}}),
    )
    .await;
    assert_eq!(school["metadata"]["parentPeriods"], json!([id(&childhood)]));
    let graduation = create_entity(
        &app,
        json!({"name": "Graduation", "type": "lifePeriod", "metadata": {"startDate": "2003-06-30", "isOneDay": true,
               "parentPeriods": [id(&school), id(&childhood)]}}),
    )
    .await;
    assert_eq!(graduation["metadata"]["endDate"], "2003-06-30", "one day ends when it starts");
    assert_eq!(graduation["metadata"]["parentPeriods"].as_array().unwrap().len(), 2);

    // Edit: the name only when sent, the fields replaced, the parents only when named.
    let edited: Value = app
        .patch_json(
            &format!("{WITH_METADATA}/{}", id(&school)),
            &json!({"metadata": {"startDate": "1996-09-02", "endDate": "2003-06-30"}, "aliases": ["Lycée"]}),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(edited["name"], "School");
    assert_eq!(edited["aliases"], json!(["Lycée"]));
    assert_eq!(edited["metadata"]["startDate"], "1996-09-02");
    assert_eq!(edited["metadata"]["parentPeriods"], json!([id(&childhood)]), "parents not named: kept");
    let orphan: Value = app
        .patch_json(&format!("{WITH_METADATA}/{}", id(&school)), &json!({"metadata": {"parentPeriod": "none"}}))
        .await
        .json()
        .await
        .unwrap();
    assert!(orphan["metadata"].get("parentPeriods").is_none(), "\"none\" clears the parents");
    let renamed: Value = app
        .patch_json(&format!("{WITH_METADATA}/{}", id(&claire)), &json!({"name": "Claire Martin", "notes": null}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!((renamed["name"].as_str(), renamed["notes"].is_null()), (Some("Claire Martin"), true));
    assert_eq!(renamed["metadata"]["category"], "sister", "fields not sent stay");

    let people: Vec<Value> = app.get(&format!("{WITH_METADATA}?type=person")).await.json().await.unwrap();
    assert_eq!(people.len(), 1);
    let counts: Value = app.get("/api/entities/counts").await.json().await.unwrap();
    assert_eq!(
        counts,
        json!({"person": 1, "location": 1, "lifePeriod": 3, "event": 0, "emotion": 1, "object": 1, "activity": 1})
    );
    for entity in [&book, &proud] {
        assert_eq!(app.delete(&format!("{WITH_METADATA}/{}", id(entity))).await.status(), StatusCode::NO_CONTENT);
    }
    let counts: Value = app.get("/api/entities/counts").await.json().await.unwrap();
    assert_eq!((counts["object"].as_i64(), counts["emotion"].as_i64()), (Some(0), Some(0)));
    assert_error(app.delete(&format!("{WITH_METADATA}/{}", id(&book))).await, StatusCode::NOT_FOUND, "not_found").await;
}

async fn bad_metadata_is_refused_and_nothing_is_half_written(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("badmeta@example.org").await;
    for (entity_type, metadata) in [
        ("object", json!({"appreciation": 11})),
        ("object", json!({"appreciation": "lots"})),
        ("person", json!({"category": "stranger"})),
        ("person", json!({"birthDate": "02/04/1988"})),
        ("location", json!({"latitude": 200})),
        ("location", json!({"category": "planet"})),
        ("emotion", json!({"triggers": "rain"})),
        ("lifePeriod", json!({"startDate": "2020-01-01", "endDate": "2019-01-01"})),
        ("lifePeriod", json!({"parentPeriods": "soon"})),
    ] {
        let refused =
            app.post_json(WITH_METADATA, &json!({"name": "X", "type": entity_type, "metadata": metadata})).await;
        assert_error(refused, StatusCode::BAD_REQUEST, "invalid_metadata").await;
    }
    let unknown_parent = app
        .post_json(WITH_METADATA, &json!({"name": "Y", "type": "lifePeriod", "metadata": {"parentPeriod": 999}}))
        .await;
    assert_error(unknown_parent, StatusCode::BAD_REQUEST, "unknown_entity").await;
    let all: Vec<Value> = app.get(WITH_METADATA).await.json().await.unwrap();
    assert!(all.is_empty(), "nothing stored: {all:?}");

    // A period is never its own ancestor, however far.
    let life = create_entity(&app, json!({"name": "Life", "type": "lifePeriod"})).await;
    let work =
        create_entity(&app, json!({"name": "Work", "type": "lifePeriod", "metadata": {"parentPeriod": id(&life)}}))
            .await;
    let job = create_entity(
        &app,
        json!({"name": "First job", "type": "lifePeriod", "metadata": {"parentPeriod": id(&work)}}),
    )
    .await;
    let place = create_entity(&app, json!({"name": "Paris", "type": "location"})).await;
    // Itself, its grandchild, its child.
    for parent in [&life, &job, &work] {
        let change = json!({"metadata": {"parentPeriods": [id(parent)]}});
        let refused = app.patch_json(&format!("{WITH_METADATA}/{}", id(&life)), &change).await;
        assert_error(refused, StatusCode::BAD_REQUEST, "period_cycle").await;
    }
    let not_a_period = app
        .patch_json(&format!("{WITH_METADATA}/{}", id(&job)), &json!({"metadata": {"parentPeriods": [id(&place)]}}))
        .await;
    assert_error(not_a_period, StatusCode::BAD_REQUEST, "unknown_entity").await;
    let life_now: Vec<Value> =
        app.get(&format!("{WITH_METADATA}?type=lifePeriod&search=life")).await.json().await.unwrap();
    assert!(life_now[0]["metadata"].get("parentPeriods").is_none(), "a refused change keeps the old parents");
    let job_now: Vec<Value> =
        app.get(&format!("{WITH_METADATA}?type=lifePeriod&search=first")).await.json().await.unwrap();
    assert_eq!(job_now[0]["metadata"]["parentPeriods"], json!([id(&work)]));
}

async fn a_rename_onto_another_name_is_a_conflict(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("rename@example.org").await;
    let anna = create_entity(&app, json!({"name": "Anna", "type": "person"})).await;
    let other = create_entity(&app, json!({"name": "Anne", "type": "person"})).await;
    let clash = app.patch_json(&format!("{WITH_METADATA}/{}", id(&other)), &json!({"name": "  ANNA "})).await;
    let body = assert_error(clash, StatusCode::CONFLICT, "entity_exists").await;
    assert_eq!(body["existingEntity"]["id"], anna["id"]);
    let same = app.patch_json(&format!("{WITH_METADATA}/{}", id(&anna)), &json!({"name": "anna"})).await;
    assert_eq!(same.status(), StatusCode::OK, "a new spelling of its own name is no clash");
    let blank = app.patch_json(&format!("{WITH_METADATA}/{}", id(&anna)), &json!({"name": " "})).await;
    assert_error(blank, StatusCode::BAD_REQUEST, "name_required").await;
}

async fn lists_page_search_and_sort_with_memory_counts(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("lists@example.org").await;
    let names = ["Émile", "bruno", "Zoé", "Alice", "Chloé", "Denis", "Yann"];
    let mut ids = Vec::new();
    for name in names {
        ids.push(id(&create_entity(&app, json!({"name": name, "type": "person"})).await));
    }
    create_entity(&app, json!({"name": "Lyon", "type": "location"})).await;
    app.patch_json(&format!("{WITH_METADATA}/{}", ids[5]), &json!({"aliases": ["Loulou"]})).await;
    write_memory(&app, "One", "first", &[ids[0], ids[1]]).await;
    write_memory(&app, "Two", "second", &[ids[0]]).await;

    let walk = async |sort: &str, search: &str| -> (Vec<String>, Value) {
        let (mut seen, mut cursor) = (Vec::new(), None::<String>);
        loop {
            let mut path = format!("{WITH_METADATA}?type=person&pageSize=3&sort={sort}&search={search}");
            if let Some(c) = &cursor {
                path.push_str(&format!("&cursor={c}"));
            }
            let page: Value = app.get(&path).await.json().await.unwrap();
            seen.extend(page["items"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap().to_owned()));
            match page["nextCursor"].as_str() {
                Some(next) => cursor = Some(next.to_owned()),
                None => return (seen, page),
            }
        }
    };
    let (by_name, page) = walk("nameAsc", "").await;
    assert_eq!(by_name, ["Alice", "bruno", "Chloé", "Denis", "Émile", "Yann", "Zoé"], "case and accents aside");
    assert_eq!((page["total"].as_u64(), page["matching"].as_u64()), (Some(7), Some(7)));
    let (reversed, _) = walk("nameDesc", "").await;
    assert_eq!(reversed, ["Zoé", "Yann", "Émile", "Denis", "Chloé", "bruno", "Alice"]);
    let (oldest, _) = walk("oldest", "").await;
    assert_eq!(oldest, names);
    let (newest, _) = walk("newest", "").await;
    assert_eq!(newest, names.iter().rev().copied().collect::<Vec<_>>());
    let (found, page) = walk("nameAsc", "LOU").await;
    assert_eq!(found, ["Denis"], "an alias is found, case aside");
    assert_eq!((page["total"].as_u64(), page["matching"].as_u64()), (Some(7), Some(1)));
    let (accents, _) = walk("nameAsc", "emile").await;
    assert_eq!(accents, ["Émile"]);

    let all: Vec<Value> = app.get(&format!("{WITH_METADATA}?type=person")).await.json().await.unwrap();
    let count = |name: &str| all.iter().find(|e| e["name"] == name).unwrap()["memoryCount"].as_i64().unwrap();
    assert_eq!((count("Émile"), count("bruno"), count("Zoé")), (2, 1, 0));

    let first: Value =
        app.get(&format!("{WITH_METADATA}?type=person&pageSize=2&sort=newest")).await.json().await.unwrap();
    let foreign_cursor = first["nextCursor"].as_str().unwrap();
    for bad in [format!("sort=nameAsc&pageSize=2&cursor={foreign_cursor}"), "sort=size".into(), "pageSize=101".into()] {
        assert_eq!(app.get(&format!("{WITH_METADATA}?{bad}")).await.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

async fn merging_moves_memories_names_and_links(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("merge@example.org").await;
    let bob = create_entity(
        &app,
        json!({"name": "Bob", "type": "person", "metadata": {"aliases": ["Bobby"],
        "occupation": "Baker"}}),
    )
    .await;
    let robert =
        create_entity(&app, json!({"name": "Robert", "type": "person", "metadata": {"category": "colleague"}})).await;
    let eve = create_entity(&app, json!({"name": "Eve", "type": "person"})).await;
    let both = write_memory(&app, "Both", "a day", &[id(&bob), id(&robert)]).await;
    write_memory(&app, "Bob only", "another day", &[id(&bob)]).await;
    write_memory(&app, "Robert only", "a third day", &[id(&robert)]).await;
    // A relationship stated between Bob and Eve.
    app.db
        .execute_unprepared(&format!(
            "INSERT INTO entity_relationships (user_id, source_id, target_id, relationship, created_at) \
             SELECT user_id, {}, {}, 'sibling', created_at FROM entities WHERE id = {}",
            id(&bob),
            id(&eve),
            id(&bob)
        ))
        .await
        .unwrap();

    let merged = app.post_json("/api/entities/merge", &json!({"sourceId": id(&bob), "targetId": id(&robert)})).await;
    assert_eq!(merged.status(), StatusCode::OK);
    let robert_now: Value = merged.json().await.unwrap();
    assert_eq!(robert_now["memoryCount"], 3, "the memory naming both counts once");
    assert_eq!(robert_now["aliases"], json!(["Bob", "Bobby"]));
    assert_eq!(robert_now["metadata"]["category"], "colleague", "the target's own fields win");
    assert_eq!(robert_now["metadata"]["occupation"], "Baker", "fields it lacked come from the source");
    let memories: Vec<Value> =
        app.get(&format!("/api/memories?filterEntity={}", id(&robert))).await.json().await.unwrap();
    assert_eq!(memories.len(), 3);
    let both_now: Value = app.get(&format!("/api/memories/{}", both["memory"]["id"])).await.json().await.unwrap();
    assert_eq!(both_now["entities"].as_array().unwrap().len(), 1);
    let graph: Value = app.get("/api/graph").await.json().await.unwrap();
    assert!(
        graph["edges"].as_array().unwrap().iter().any(|e| e["kind"] == "relationship"
            && e["source"] == robert["id"]
            && e["target"] == eve["id"]
            && e["label"] == "sibling"),
        "the relationship follows: {graph}"
    );
    assert!(graph["nodes"].as_array().unwrap().iter().all(|n| n["id"] != bob["id"]), "the source is gone");
    let again = app.post_json("/api/entities/merge", &json!({"sourceId": id(&bob), "targetId": id(&robert)})).await;
    assert_error(again, StatusCode::NOT_FOUND, "not_found").await;
    let into_itself = app.post_json("/api/entities/merge", &json!({"sourceId": id(&eve), "targetId": id(&eve)})).await;
    assert_error(into_itself, StatusCode::BAD_REQUEST, "invalid_merge").await;
    let place = create_entity(&app, json!({"name": "Eve's house", "type": "location"})).await;
    let across = app.post_json("/api/entities/merge", &json!({"sourceId": id(&place), "targetId": id(&eve)})).await;
    assert_error(across, StatusCode::BAD_REQUEST, "invalid_merge").await;

    // Periods: the source's sub-periods now sit in the target.
    let school = create_entity(&app, json!({"name": "School", "type": "lifePeriod"})).await;
    let college = create_entity(&app, json!({"name": "College", "type": "lifePeriod"})).await;
    let exams =
        create_entity(&app, json!({"name": "Exams", "type": "lifePeriod", "metadata": {"parentPeriod": id(&school)}}))
            .await;
    app.post_json("/api/entities/merge", &json!({"sourceId": id(&school), "targetId": id(&college)})).await;
    let exams_now: Vec<Value> =
        app.get(&format!("{WITH_METADATA}?type=lifePeriod&search=exams")).await.json().await.unwrap();
    assert_eq!(exams_now[0]["metadata"]["parentPeriods"], json!([id(&college)]));
    assert_eq!(exams_now[0]["id"], exams["id"]);
}

async fn deleting_an_entity_keeps_its_memories(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("delete@example.org").await;
    let leo = create_entity(&app, json!({"name": "Leo", "type": "person"})).await;
    let parent = create_entity(&app, json!({"name": "Travels", "type": "lifePeriod"})).await;
    let trip = create_entity(
        &app,
        json!({"name": "Japan trip", "type": "lifePeriod", "metadata": {"parentPeriod": id(&parent)}}),
    )
    .await;
    let memory = write_memory(&app, "With Leo", "a walk", &[id(&leo)]).await;
    for entity in [&leo, &parent] {
        assert_eq!(app.delete(&format!("{WITH_METADATA}/{}", id(entity))).await.status(), StatusCode::NO_CONTENT);
    }
    let kept: Value = app.get(&format!("/api/memories/{}", memory["memory"]["id"])).await.json().await.unwrap();
    assert_eq!(kept["title"], "With Leo");
    assert_eq!(kept["entities"], json!([]));
    let trip_now: Vec<Value> = app.get(&format!("{WITH_METADATA}?type=lifePeriod")).await.json().await.unwrap();
    assert_eq!(trip_now.len(), 1);
    assert_eq!(trip_now[0]["id"], trip["id"]);
    assert!(trip_now[0]["metadata"].get("parentPeriods").is_none(), "the link to the deleted parent went with it");
}

async fn extraction_runs_again_on_a_memory_whose_entities_wait(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("again@example.org").await;
    let created = write_memory(&app, "Lyon", "Dinner with Claire in Lyon. I felt proud.", &[]).await;
    assert_eq!(created["entityValidation"]["needsConfirmation"], true);
    let memory_id = created["memory"]["id"].as_i64().unwrap();
    assert_eq!(created["memory"]["entitiesPending"], true, "the dialog was closed without an answer");
    let path = format!("/api/memories/{memory_id}");
    let proposed: Value = app.post_json(&format!("{path}/extract"), &json!({})).await.json().await.unwrap();
    let names: Vec<&str> = proposed["entityValidation"]["validationResults"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["extractedName"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Claire") && names.contains(&"Lyon"), "{names:?}");
    let confirmed = app
        .post_json(
            &format!("{path}/confirm-entities"),
            &json!({"confirmedEntities": [{"action": "create_new", "name": "Claire", "type": "person"}]}),
        )
        .await;
    assert_eq!(confirmed.status(), StatusCode::OK);
    let now: Value = app.get(&path).await.json().await.unwrap();
    assert_eq!(now["entitiesPending"], false);
    // The next extraction leaves out what the memory already names.
    let again: Value = app.post_json(&format!("{path}/extract"), &json!({})).await.json().await.unwrap();
    let names: Vec<&str> = again["entityValidation"]["validationResults"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["extractedName"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"Claire") && names.contains(&"Lyon"), "{names:?}");
    // Editing the text makes it wait again; editing something else does not.
    let dated: Value = app.patch_json(&path, &json!({"eventDate": "2024-05-01"})).await.json().await.unwrap();
    assert_eq!(dated["entitiesPending"], false);
    let same: Value = app.patch_json(&path, &json!({"title": "Lyon"})).await.json().await.unwrap();
    assert_eq!(same["entitiesPending"], false, "the same text is no change");
    let edited: Value =
        app.patch_json(&path, &json!({"content": "Dinner with Claire and Marc."})).await.json().await.unwrap();
    assert_eq!(edited["entitiesPending"], true);
    // Nothing left to find: the memory stops waiting.
    let plain = write_memory(&app, "quiet", "nothing much today", &[]).await;
    let plain_path = format!("/api/memories/{}/extract", plain["memory"]["id"]);
    let found: Value = app.post_json(&plain_path, &json!({})).await.json().await.unwrap();
    if found["entityValidation"]["needsConfirmation"] == false {
        assert_eq!(found["memory"]["entitiesPending"], false);
    }
    assert_error(app.post_json("/api/memories/9999/extract", &json!({})).await, StatusCode::NOT_FOUND, "not_found")
        .await;
}

async fn the_matcher_sees_entity_changes_at_once(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("matcher@example.org").await;
    let claire = create_entity(&app, json!({"name": "Claire", "type": "person"})).await;
    // Warm the matcher, then change the entity.
    write_memory(&app, "warm", "A walk with Claire.", &[]).await;
    app.patch_json(&format!("{WITH_METADATA}/{}", id(&claire)), &json!({"aliases": ["Clacla"]})).await;
    let created = write_memory(&app, "Dinner", "Dinner with Clacla tonight.", &[]).await;
    let results = created["entityValidation"]["validationResults"].as_array().unwrap();
    assert!(
        results.iter().any(|r| r["recommendedEntityId"] == claire["id"]),
        "the new alias links the next memory: {results:?}"
    );
}

async fn the_graph_joins_entities_named_together(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("graph@example.org").await;
    let anna = create_entity(&app, json!({"name": "Anna", "type": "person"})).await;
    let lyon = create_entity(&app, json!({"name": "Lyon", "type": "location"})).await;
    let joy = create_entity(&app, json!({"name": "Joy", "type": "emotion"})).await;
    let years = create_entity(&app, json!({"name": "Lyon years", "type": "lifePeriod"})).await;
    let job =
        create_entity(&app, json!({"name": "Job", "type": "lifePeriod", "metadata": {"parentPeriod": id(&years)}}))
            .await;
    write_memory(&app, "a", "x", &[id(&anna), id(&lyon)]).await;
    write_memory(&app, "b", "y", &[id(&anna), id(&lyon), id(&joy)]).await;
    let graph: Value = app.get("/api/graph").await.json().await.unwrap();
    let nodes = graph["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), 5);
    let anna_node = nodes.iter().find(|n| n["id"] == anna["id"]).unwrap();
    assert_eq!(anna_node, &json!({"id": id(&anna), "name": "Anna", "type": "person", "memoryCount": 2}));
    let edges = graph["edges"].as_array().unwrap();
    let (a, l) = (id(&anna).min(id(&lyon)), id(&anna).max(id(&lyon)));
    assert_eq!(edges[0], json!({"source": a, "target": l, "kind": "sharedMemories", "weight": 2}), "strongest first");
    assert_eq!(edges.iter().filter(|e| e["kind"] == "sharedMemories").count(), 3);
    assert_eq!(graph["sharedEdgesTotal"], 3);
    assert!(edges.contains(&json!({"source": id(&job), "target": id(&years), "kind": "parentPeriod", "weight": 1})));
}

async fn another_writers_entities_are_out_of_reach(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("owner@example.org").await;
    let secret = create_entity(&app, json!({"name": "Secret", "type": "person"})).await;
    let period = create_entity(&app, json!({"name": "Secret years", "type": "lifePeriod"})).await;
    let memory = write_memory(&app, "Mine", "with Secret", &[id(&secret)]).await;

    let other = app.another_browser();
    other.signed_in_user("intruder@example.org").await;
    let mine = create_entity(&other, json!({"name": "Mine", "type": "person"})).await;
    let my_period = create_entity(&other, json!({"name": "My years", "type": "lifePeriod"})).await;
    let theirs = format!("{WITH_METADATA}/{}", id(&secret));
    assert_error(other.patch_json(&theirs, &json!({"name": "Hacked"})).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_error(other.delete(&theirs).await, StatusCode::NOT_FOUND, "not_found").await;
    for (source, target) in [(id(&secret), id(&mine)), (id(&mine), id(&secret))] {
        let merge = other.post_json("/api/entities/merge", &json!({"sourceId": source, "targetId": target})).await;
        assert_error(merge, StatusCode::NOT_FOUND, "not_found").await;
    }
    let filtered = other.get(&format!("/api/memories?filterEntity={}", id(&secret))).await;
    assert_error(filtered, StatusCode::NOT_FOUND, "not_found").await;
    let linked = other
        .post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c", "entities": [id(&secret)]}))
        .await;
    assert_error(linked, StatusCode::BAD_REQUEST, "unknown_entity").await;
    let own_memory = write_memory(&other, "Theirs", "nothing", &[]).await;
    let confirm = other
        .post_json(
            &format!("/api/memories/{}/confirm-entities", own_memory["memory"]["id"]),
            &json!({"confirmedEntities": [{"action": "use_existing", "entityId": id(&secret), "name": "S", "type": "person"}]}),
        )
        .await;
    assert_error(confirm, StatusCode::BAD_REQUEST, "unknown_entity").await;
    let parent = other
        .patch_json(&format!("{WITH_METADATA}/{}", id(&my_period)), &json!({"metadata": {"parentPeriod": id(&period)}}))
        .await;
    assert_error(parent, StatusCode::BAD_REQUEST, "unknown_entity").await;
    assert_error(
        other.post_json(&format!("/api/memories/{}/extract", memory["memory"]["id"]), &json!({})).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    let graph: Value = other.get("/api/graph").await.json().await.unwrap();
    assert_eq!(graph["nodes"].as_array().unwrap().len(), 2, "only their own entities: {graph}");
    let counts: Value = other.get("/api/entities/counts").await.json().await.unwrap();
    assert_eq!(counts["person"], 1);

    // The owner's entity is untouched.
    let owner_view: Vec<Value> = app.get(&format!("{WITH_METADATA}?type=person")).await.json().await.unwrap();
    assert_eq!(owner_view[0]["name"], "Secret");
    assert_eq!(owner_view[0]["memoryCount"], 1);
}

crate::backends!(
    create_and_list_entities,
    a_duplicate_name_is_a_conflict_naming_the_existing_entity,
    entity_input_is_checked,
    entities_are_private,
    each_type_keeps_its_own_fields,
    bad_metadata_is_refused_and_nothing_is_half_written,
    a_rename_onto_another_name_is_a_conflict,
    lists_page_search_and_sort_with_memory_counts,
    merging_moves_memories_names_and_links,
    deleting_an_entity_keeps_its_memories,
    extraction_runs_again_on_a_memory_whose_entities_wait,
    the_matcher_sees_entity_changes_at_once,
    the_graph_joins_entities_named_together,
    another_writers_entities_are_out_of_reach,
);
