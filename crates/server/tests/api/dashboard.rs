//! The dashboard: statistics, the tutorial banner, reflections and relationship suggestions.

use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc};
use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn, spawn_with, uploaded_photo};

async fn entity(app: &TestApp, name: &str, kind: &str, metadata: Value) -> i64 {
    let response =
        app.post_json("/api/entities-with-metadata", &json!({"name": name, "type": kind, "metadata": metadata})).await;
    assert_eq!(response.status(), StatusCode::CREATED, "creating {name}");
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn memory(app: &TestApp, title: &str, content: &str, date: Option<NaiveDate>, entities: &[i64]) -> i64 {
    let mut body = json!({"title": title, "content": content, "entities": entities});
    if let Some(date) = date {
        body["eventDate"] = json!(date.to_string());
    }
    let response = app.post_json("/api/memories/with-validation", &body).await;
    assert_eq!(response.status(), StatusCode::CREATED, "writing {title}");
    response.json::<Value>().await.unwrap()["memory"]["id"].as_i64().unwrap()
}

/// Moves a memory's creation (and its links' copy of it) to another moment, as if written then.
async fn written_at(app: &TestApp, memory: i64, moment: chrono::DateTime<Utc>) {
    let backend = app.db.get_database_backend();
    for (table, column, key) in
        [("memories", "created_at", "id"), ("memory_entities", "memory_created_at", "memory_id")]
    {
        let sql = match backend {
            sea_orm::DatabaseBackend::Postgres => format!("UPDATE {table} SET {column} = $1 WHERE {key} = $2"),
            _ => format!("UPDATE {table} SET {column} = ? WHERE {key} = ?"),
        };
        app.db
            .execute_raw(sea_orm::Statement::from_sql_and_values(backend, sql, [moment.into(), memory.into()]))
            .await
            .unwrap();
    }
}

async fn stats(app: &TestApp, zone: &str) -> Value {
    let response = app.get(&format!("/api/dashboard/stats?timeZone={zone}")).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn the_statistics_count_this_writers_memories_and_entities(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("stats@example.org").await;
    let empty = stats(&app, "Europe/Paris").await;
    assert_eq!(empty["memories"], json!({"total": 0, "thisMonth": 0, "withPhotos": 0, "withoutPhotos": 0}));
    assert_eq!(empty["entities"]["total"], 0);
    assert_eq!(empty["activity"], json!({"topPeople": [], "topEvents": []}));

    let me = entity(&app, "Alex", "person", json!({"category": "myself"})).await;
    let claire = entity(&app, "Claire", "person", json!({"category": "sister"})).await;
    let hugo = entity(&app, "Hugo", "person", json!({})).await;
    let lyon = entity(&app, "Lyon", "location", json!({})).await;
    let school = entity(&app, "High school", "lifePeriod", json!({})).await;
    let wedding = entity(&app, "Wedding", "event", json!({})).await;
    let url = uploaded_photo(&app).await;
    let with_photo = app
        .post_json(
            "/api/memories/with-validation",
            &json!({"title": "Picnic", "content": "In the park.", "photo": url, "entities": [me, claire, lyon]}),
        )
        .await;
    assert_eq!(with_photo.status(), StatusCode::CREATED);
    let call = memory(&app, "Call", "Claire called.", None, &[me, claire, school]).await;
    memory(&app, "Dinner", "Dinner with Hugo and Claire.", None, &[me, claire, hugo, school]).await;
    let old =
        memory(&app, "Long ago", "The wedding.", Some(NaiveDate::from_ymd_opt(2015, 6, 1).unwrap()), &[me, wedding])
            .await;
    // One memory written at the first moment of the month in Tokyo, one a second before it.
    let tokyo_today = Utc::now().with_timezone(&chrono_tz::Asia::Tokyo).date_naive();
    let tokyo_month = chrono_tz::Asia::Tokyo
        .from_local_datetime(&tokyo_today.with_day(1).unwrap().and_hms_opt(0, 0, 0).unwrap())
        .unwrap()
        .with_timezone(&Utc);
    written_at(&app, call, tokyo_month).await;
    written_at(&app, old, tokyo_month - Duration::seconds(1)).await;

    // Another writer's data counts for them only.
    let other = app.another_browser();
    other.signed_in_user("else@example.org").await;
    let theirs = entity(&other, "Zoé", "person", json!({})).await;
    memory(&other, "Theirs", "Zoé.", None, &[theirs]).await;

    let found = stats(&app, "Asia/Tokyo").await;
    assert_eq!(found["memories"], json!({"total": 4, "thisMonth": 3, "withPhotos": 1, "withoutPhotos": 3}));
    assert_eq!(found["entities"]["total"], 6);
    assert_eq!(found["entities"]["thisMonth"], 6);
    assert_eq!(found["entities"]["byType"]["person"], 3);
    assert_eq!(found["entities"]["byType"]["location"], 1);
    assert_eq!(found["entities"]["byType"]["lifePeriod"], 1);
    assert_eq!(found["entities"]["byType"]["emotion"], 0);
    // "Myself" is in every memory but not among the top people.
    assert_eq!(
        found["activity"]["topPeople"],
        json!([{"id": claire, "name": "Claire", "type": "person", "count": 3}, {"id": hugo, "name": "Hugo", "type": "person", "count": 1}])
    );
    assert_eq!(
        found["activity"]["topEvents"],
        json!([{"id": school, "name": "High school", "type": "lifePeriod", "count": 2}, {"id": wedding, "name": "Wedding", "type": "event", "count": 1}])
    );
    assert_eq!(stats(&other, "UTC").await["memories"]["total"], 1);

    assert_error(
        app.get("/api/dashboard/stats?timeZone=Mars/Olympus").await,
        StatusCode::BAD_REQUEST,
        "invalid_time_zone",
    )
    .await;
    app.sign_out().await;
    assert_error(app.get("/api/dashboard/stats").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn the_tutorial_banner_shows_until_dismissed_or_done(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("banner@example.org").await;
    let banner = || async { app.get("/api/tutorial/should-show-banner").await.json::<Value>().await.unwrap() };
    assert_eq!(banner().await, json!({"showBanner": true}));
    let status: Value = app.get("/api/tutorial/step-status").await.json().await.unwrap();
    assert_eq!(status, json!({"memoryComplete": false, "peopleComplete": false, "periodsComplete": false}));

    // The steps follow the writer's data: a memory, three people besides "myself", a period.
    entity(&app, "Alex", "person", json!({"category": "myself"})).await;
    for name in ["Claire", "Hugo"] {
        entity(&app, name, "person", json!({})).await;
    }
    memory(&app, "First", "A first memory.", None, &[]).await;
    let status: Value = app.get("/api/tutorial/step-status").await.json().await.unwrap();
    assert_eq!(status, json!({"memoryComplete": true, "peopleComplete": false, "periodsComplete": false}));
    entity(&app, "Inès", "person", json!({})).await;
    entity(&app, "Childhood", "lifePeriod", json!({})).await;
    let status: Value = app.get("/api/tutorial/step-status").await.json().await.unwrap();
    assert_eq!(status, json!({"memoryComplete": true, "peopleComplete": true, "periodsComplete": true}));
    assert_eq!(banner().await, json!({"showBanner": false}), "nothing left to set up");

    let other = app.another_browser();
    other.signed_in_user("new@example.org").await;
    let dismissed = other.post_json("/api/tutorial/dismiss", &json!({})).await;
    assert_eq!(dismissed.status(), StatusCode::OK);
    assert_eq!(other.post_json("/api/tutorial/dismiss", &json!({})).await.status(), StatusCode::OK, "twice is fine");
    let theirs: Value = other.get("/api/tutorial/should-show-banner").await.json().await.unwrap();
    assert_eq!(theirs, json!({"showBanner": false}));
}

fn years_ago(today: NaiveDate, years: i32) -> NaiveDate {
    today.with_year(today.year() - years).unwrap_or(today - Duration::days(365 * i64::from(years)))
}

async fn reflections(app: &TestApp) -> Vec<Value> {
    let response = app.get("/api/ai/reflections?timeZone=UTC").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn reflections_rest_on_the_writers_own_journal(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("reflect@example.org").await;
    assert!(reflections(&app).await.is_empty(), "an empty journal has nothing to say");

    let today = Utc::now().date_naive();
    let me = entity(&app, "Alex", "person", json!({"category": "myself"})).await;
    let claire = entity(&app, "Claire", "person", json!({"category": "sister"})).await;
    let hugo = entity(&app, "Hugo", "person", json!({})).await;
    let joy = entity(&app, "joy", "emotion", json!({})).await;
    let calm = entity(&app, "calm", "emotion", json!({})).await;
    let lyon = entity(&app, "Lyon", "location", json!({})).await;
    let school = entity(&app, "High school", "lifePeriod", json!({})).await;
    let college = entity(&app, "College", "lifePeriod", json!({})).await;

    // On this day, two years ago and ten years ago.
    let two = memory(&app, "Beach", "At the beach.", Some(years_ago(today, 2)), &[me]).await;
    let ten = memory(&app, "Exams", "Exams.", Some(years_ago(today, 10)), &[me, school]).await;
    // Hugo: two memories, the latest about a year ago.
    memory(&app, "Hike", "Hiking with Hugo.", Some(today - Duration::days(400)), &[hugo]).await;
    let hugo_last = memory(&app, "Film", "Film with Hugo.", Some(today - Duration::days(300)), &[hugo]).await;
    // Claire: joy three times, calm once; written about recently.
    let mut with_joy = Vec::new();
    for (i, title) in ["Tea", "Walk", "Cake"].into_iter().enumerate() {
        let day = today - Duration::days(10 + i as i64);
        with_joy.push(memory(&app, title, "With Claire.", Some(day), &[claire, joy, lyon]).await);
    }
    memory(&app, "Quiet", "Claire, quietly.", Some(today - Duration::days(5)), &[claire, calm]).await;

    let found = reflections(&app).await;
    let kinds: Vec<&str> = found.iter().map(|r| r["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["onThisDay", "unwrittenPerson", "emotionWith", "emotionWith", "emptyPeriod"], "{found:#?}");

    let on_this_day = &found[0];
    assert_eq!(on_this_day["date"], today.to_string());
    assert_eq!(on_this_day["memoryCount"], 2);
    let ids: Vec<i64> = on_this_day["memories"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [two, ten], "newest first");

    let unwritten = &found[1];
    assert_eq!(unwritten["entities"], json!([{"id": hugo, "name": "Hugo", "type": "person"}]));
    assert_eq!(unwritten["memoryCount"], 2);
    assert_eq!(unwritten["date"], (today - Duration::days(300)).to_string());
    assert_eq!(unwritten["memories"][0]["id"], hugo_last);

    // Joy with Claire and joy in Lyon (three memories each); calm with Claire only once.
    let pairs: Vec<(i64, i64)> = found[2..4]
        .iter()
        .map(|r| (r["entities"][0]["id"].as_i64().unwrap(), r["entities"][1]["id"].as_i64().unwrap()))
        .collect();
    assert_eq!(pairs, [(claire, joy), (lyon, joy)]);
    assert_eq!(found[2]["memoryCount"], 3);
    let mut evidence: Vec<i64> =
        found[2]["memories"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()).collect();
    evidence.sort_unstable();
    assert_eq!(evidence, with_joy);

    assert_eq!(found[4]["entities"], json!([{"id": college, "name": "College", "type": "lifePeriod"}]));
    for reflection in &found {
        let prompt = reflection["prompt"].as_u64().unwrap();
        assert!(prompt < 3);
    }

    // The same data gives the same answer; another writer's journal gives them nothing of this one.
    let again = reflections(&app).await;
    assert_eq!(serde_json::to_value(&found).unwrap(), serde_json::to_value(&again).unwrap());
    let other = app.another_browser();
    other.signed_in_user("nosy@example.org").await;
    assert!(reflections(&other).await.is_empty());
    assert_error(app.get("/api/ai/reflections?timeZone=Nowhere").await, StatusCode::BAD_REQUEST, "invalid_time_zone")
        .await;
}

async fn suggestions(app: &TestApp) -> Vec<Value> {
    let response = app.get("/api/ai/relationship-suggestions").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn relationship_suggestions_come_from_the_text_and_the_graph(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("suggest@example.org").await;
    let claire = entity(&app, "Claire", "person", json!({"category": "friend"})).await;
    let hugo = entity(&app, "Hugo", "person", json!({})).await;
    let ines = entity(&app, "Inès", "person", json!({"category": "cousin-female"})).await;
    let stated = memory(&app, "Lunch", "Lunch with my sister Claire and Hugo.", None, &[claire, hugo]).await;
    memory(&app, "Walk", "A walk with Claire and Hugo.", None, &[claire, hugo]).await;
    memory(&app, "Cinema", "Cinema: Hugo, Claire.", None, &[claire, hugo]).await;
    // Inès is called what she already is: nothing to suggest.
    memory(&app, "Visit", "Visite chez ma cousine Inès.", None, &[ines]).await;

    let found = suggestions(&app).await;
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(found[0]["kind"], "categoryFromText");
    assert_eq!(found[0]["person"]["id"], claire);
    assert_eq!(found[0]["suggestedCategory"], "sister");
    assert_eq!(found[0]["currentCategory"], "friend");
    assert_eq!(found[0]["memories"][0]["id"], stated);
    assert_eq!(found[1]["kind"], "coOccurrence");
    assert_eq!((found[1]["person"]["id"].as_i64(), found[1]["other"]["id"].as_i64()), (Some(claire), Some(hugo)));
    assert_eq!(found[1]["memoryCount"], 3);

    // Following them makes them go: the category set, the relationship stated.
    let patched = app
        .patch_json(&format!("/api/entities-with-metadata/{claire}"), &json!({"metadata": {"category": "sister"}}))
        .await;
    assert_eq!(patched.status(), StatusCode::OK);
    let related = app
        .post_json(
            "/api/entity-relationships",
            &json!({"sourceId": hugo, "targetId": claire, "relationship": " neighbours "}),
        )
        .await;
    assert_eq!(related.status(), StatusCode::CREATED);
    let relationship: Value = related.json().await.unwrap();
    assert_eq!(relationship["relationship"], "neighbours");
    assert!(suggestions(&app).await.is_empty());
    let graph: Value = app.get("/api/graph").await.json().await.unwrap();
    let edge = graph["edges"].as_array().unwrap().iter().find(|e| e["kind"] == "relationship").unwrap().clone();
    assert_eq!(edge["label"], "neighbours");
    assert_eq!(edge["relationshipId"], relationship["id"]);

    // Removing the relationship brings the suggestion back.
    let path = format!("/api/entity-relationships/{}", relationship["id"]);
    assert_eq!(app.delete(&path).await.status(), StatusCode::NO_CONTENT);
    assert_error(app.delete(&path).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(suggestions(&app).await.len(), 1);
}

async fn relationships_are_checked(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("rel@example.org").await;
    let a = entity(&app, "Ana", "person", json!({})).await;
    let b = entity(&app, "Ben", "person", json!({})).await;
    let other = app.another_browser();
    other.signed_in_user("stranger@example.org").await;
    let theirs = entity(&other, "Secret", "person", json!({})).await;
    let app = &app;
    let post = |body: Value| async move { app.post_json("/api/entity-relationships", &body).await };
    assert_error(
        post(json!({"sourceId": a, "targetId": a, "relationship": "self"})).await,
        StatusCode::BAD_REQUEST,
        "invalid_relationship",
    )
    .await;
    assert_error(
        post(json!({"sourceId": a, "targetId": b, "relationship": "  "})).await,
        StatusCode::BAD_REQUEST,
        "invalid_relationship",
    )
    .await;
    assert_error(
        post(json!({"sourceId": a, "targetId": b, "relationship": "parent_period"})).await,
        StatusCode::BAD_REQUEST,
        "invalid_relationship",
    )
    .await;
    assert_error(
        post(json!({"sourceId": a, "targetId": b, "relationship": "x".repeat(61)})).await,
        StatusCode::BAD_REQUEST,
        "invalid_relationship",
    )
    .await;
    assert_error(
        post(json!({"sourceId": a, "targetId": theirs, "relationship": "friends"})).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;
    assert_eq!(
        post(json!({"sourceId": a, "targetId": b, "relationship": "friends"})).await.status(),
        StatusCode::CREATED
    );
    assert_error(
        post(json!({"sourceId": b, "targetId": a, "relationship": "friends"})).await,
        StatusCode::CONFLICT,
        "already_exists",
    )
    .await;
    let graph: Value = app.get("/api/graph").await.json().await.unwrap();
    let id = graph["edges"][0]["relationshipId"].as_i64().unwrap();
    assert_error(other.delete(&format!("/api/entity-relationships/{id}")).await, StatusCode::NOT_FOUND, "not_found")
        .await;
    let their_graph: Value = other.get("/api/graph").await.json().await.unwrap();
    assert!(their_graph["edges"].as_array().unwrap().is_empty());
    assert_eq!(their_graph["myselfId"], Value::Null);
}

async fn the_map_of_places_uses_the_configured_tiles(backend: Backend) {
    let offline = spawn(backend).await;
    let settings: Value = offline.get("/api/client-config").await.json().await.unwrap();
    assert_eq!(settings, json!({"mapTilesUrl": null, "mapTilesAttribution": null}));
    let policy = offline.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(policy.contains("img-src 'self' data: blob:;"), "{policy}");

    let tiles = "https://tile.example.org/{z}/{x}/{y}.png";
    let app = spawn_with(backend, |config| {
        config.map_tiles_url = Some(tiles.into());
        config.map_tiles_attribution = Some("© Example contributors".into());
    })
    .await;
    let settings: Value = app.get("/api/client-config").await.json().await.unwrap();
    assert_eq!(settings, json!({"mapTilesUrl": tiles, "mapTilesAttribution": "© Example contributors"}));
    // The browser may fetch the tiles, and nothing else from that server.
    let policy = app.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(policy.contains("img-src 'self' data: blob: https://tile.example.org;"), "{policy}");
    assert!(policy.contains("connect-src 'self';"), "{policy}");
}

crate::backends!(
    the_map_of_places_uses_the_configured_tiles,
    the_statistics_count_this_writers_memories_and_entities,
    the_tutorial_banner_shows_until_dismissed_or_done,
    reflections_rest_on_the_writers_own_journal,
    relationship_suggestions_come_from_the_text_and_the_graph,
    relationships_are_checked,
);
