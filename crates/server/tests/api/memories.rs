use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn};

async fn create(app: &TestApp, body: Value) -> Value {
    let response = app.post_json("/api/memories/with-validation", &body).await;
    assert_eq!(response.status(), StatusCode::CREATED, "create failed");
    response.json().await.unwrap()
}

async fn entity(app: &TestApp, name: &str, kind: &str, metadata: Value) -> i64 {
    let created: Value = app
        .post_json("/api/entities", &json!({"name": name, "type": kind, "metadata": metadata}))
        .await
        .json()
        .await
        .unwrap();
    created["id"].as_i64().unwrap()
}

async fn writing_a_memory_proposes_its_entities(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("writer@example.org").await;
    let sister = entity(&app, "Claire", "person", json!({"category": "sister"})).await;
    let answer = create(
        &app,
        json!({"title": "Visite à l'hôpital", "content": "J'ai rendu visite à ma sœur à Lyon. J'étais tellement inquiète.", "userId": 999}),
    )
    .await;
    let memory = &answer["memory"];
    assert_eq!(memory["title"], "Visite à l'hôpital");
    assert_eq!(memory["eventDate"], chrono::Utc::now().date_naive().to_string(), "event date defaults to today");
    assert_ne!(memory["userId"], 999, "the client's userId is ignored");
    let validation = &answer["entityValidation"];
    assert_eq!(validation["needsConfirmation"], true);
    let results = validation["validationResults"].as_array().unwrap();
    let kin = results.iter().find(|r| r["recommendedEntityId"] == sister).expect("'ma sœur' links to Claire");
    assert_eq!(kin["suggestedAction"], "use_existing");
    assert!(kin["matches"].as_array().unwrap().iter().take(3).any(|m| m["entityId"] == sister));
    assert!(results.iter().any(|r| r["extractedName"] == "Lyon" && r["extractedType"] == "location"));
    let confidence = results[0]["extractedConfidence"].as_u64().unwrap();
    assert!(confidence <= 100);
}

async fn chosen_entities_are_linked_at_once(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("chosen@example.org").await;
    let period = entity(&app, "High school", "lifePeriod", json!({})).await;
    let answer = create(
        &app,
        json!({"title": "Prom", "content": "Prom night.", "eventDate": "2009-06-12", "entities": [{"id": period, "name": "High school", "type": "lifePeriod"}]}),
    )
    .await;
    assert_eq!(answer["memory"]["eventDate"], "2009-06-12");
    assert_eq!(answer["memory"]["entities"][0]["id"], period);
    let links: Vec<Value> = app.get("/api/memory-entities").await.json().await.unwrap();
    assert_eq!(links, vec![json!({"memoryId": answer["memory"]["id"], "entityId": period})]);
}

async fn bad_memories_are_refused_and_nothing_is_written(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("careful@example.org").await;
    let cases = [
        (json!({"content": "no title"}), "title_required", "Title is required"),
        (json!({"title": "  ", "content": "blank title"}), "title_required", "Title is required"),
        (json!({"title": "No details", "content": "   "}), "details_required", "Memory details are required"),
        (json!({"title": "Bad date", "content": "x", "eventDate": "31/12/2020"}), "invalid_date", ""),
        (json!({"title": 42, "content": "wrong type"}), "validation_failed", ""),
        (json!({"title": "x", "content": "x", "entities": [987654]}), "unknown_entity", ""),
        (json!({"title": "x", "content": "x", "photo": "/api/photos/1/nothere.jpg"}), "invalid_photo", ""),
    ];
    for (body, code, message) in cases {
        let response = app.post_json("/api/memories/with-validation", &body).await;
        let error = assert_error(response, StatusCode::BAD_REQUEST, code).await;
        if !message.is_empty() {
            assert_eq!(error["message"], message);
        }
    }
    let all: Vec<Value> = app.get("/api/memories").await.json().await.unwrap();
    assert!(all.is_empty(), "a refused memory leaves nothing behind");
}

async fn confirming_creates_links_and_aliases_once(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("confirm@example.org").await;
    let mom = entity(&app, "Maman", "person", json!({"category": "mother"})).await;
    let answer =
        create(&app, json!({"title": "Dimanche", "content": "Promenade avec Mamounette et Hugo au parc."})).await;
    let id = answer["memory"]["id"].as_i64().unwrap();
    let choices = json!({"confirmedEntities": [
        {"action": "create_new", "name": "Hugo", "type": "person", "confidence": 88, "relationship": "brother"},
        {"action": "add_as_alias", "entityId": mom, "name": "Mamounette", "type": "person", "aliasText": "Mamounette"},
        {"action": "skip", "name": "parc", "type": "location"},
    ]});
    let confirmed = app.post_json(&format!("/api/memories/{id}/confirm-entities"), &choices).await;
    assert_eq!(confirmed.status(), StatusCode::OK);
    let confirmed: Value = confirmed.json().await.unwrap();
    assert_eq!(confirmed["entitiesProcessed"], 2);
    let tags = confirmed["memory"]["entities"].as_array().unwrap();
    assert_eq!(tags.len(), 2);
    let hugo = tags.iter().find(|t| t["name"] == "Hugo").unwrap();
    assert_eq!(hugo["confidence"], 88);

    // Again: no duplicate entity, link or alias.
    let again: Value =
        app.post_json(&format!("/api/memories/{id}/confirm-entities"), &choices).await.json().await.unwrap();
    assert_eq!(again["memory"]["entities"].as_array().unwrap().len(), 2);
    let people: Vec<Value> = app.get("/api/entities?type=person").await.json().await.unwrap();
    assert_eq!(people.len(), 2, "{people:?}");
    let maman = people.iter().find(|p| p["id"] == mom).unwrap();
    assert_eq!(maman["aliases"], json!(["Mamounette"]));
    let hugo = people.iter().find(|p| p["name"] == "Hugo").unwrap();
    assert_eq!(hugo["metadata"]["category"], "brother");

    // The alias now links the next memory by itself.
    let next = create(&app, json!({"title": "Appel", "content": "Long appel avec Mamounette ce soir."})).await;
    let results = next["entityValidation"]["validationResults"].as_array().unwrap();
    assert!(results.iter().any(|r| r["recommendedEntityId"] == mom), "{results:?}");
}

async fn confirm_refuses_bad_choices_whole(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("whole@example.org").await;
    let id = create(&app, json!({"title": "t", "content": "c"})).await["memory"]["id"].as_i64().unwrap();
    let choices = json!({"confirmedEntities": [
        {"action": "create_new", "name": "Nina", "type": "person"},
        {"action": "use_existing", "entityId": 424242, "name": "Ghost", "type": "person"},
    ]});
    let response = app.post_json(&format!("/api/memories/{id}/confirm-entities"), &choices).await;
    assert_error(response, StatusCode::BAD_REQUEST, "unknown_entity").await;
    let people: Vec<Value> = app.get("/api/entities").await.json().await.unwrap();
    assert!(people.is_empty(), "one transaction: Nina was not created either");
    let bad = json!({"confirmedEntities": [{"action": "explode", "name": "x", "type": "person"}]});
    assert_error(
        app.post_json(&format!("/api/memories/{id}/confirm-entities"), &bad).await,
        StatusCode::BAD_REQUEST,
        "invalid_action",
    )
    .await;
    let missing = app.post_json("/api/memories/999999/confirm-entities", &json!({"confirmedEntities": []})).await;
    assert_error(missing, StatusCode::NOT_FOUND, "not_found").await;
}

async fn lists_sort_filter_search_and_page(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("lists@example.org").await;
    let leo = entity(&app, "Leo", "person", json!({})).await;
    let mut ids = Vec::new();
    for (i, date) in ["2020-05-01", "2018-01-15", "2022-09-30", "2019-03-03", "2021-12-24"].iter().enumerate() {
        let mut body =
            json!({"title": format!("Memory {i}"), "content": format!("Body number {i}"), "eventDate": date});
        if i % 2 == 0 {
            body["entities"] = json!([leo]);
        }
        if i == 3 {
            body["content"] = json!("Une journée à la PLAGE avec 100% de soleil");
        }
        ids.push(create(&app, body).await["memory"]["id"].as_i64().unwrap());
    }
    // Whole list, newest event first.
    let all: Vec<Value> = app.get("/api/memories?sortBy=eventDate&sortOrder=desc").await.json().await.unwrap();
    let dates: Vec<&str> = all.iter().map(|m| m["eventDate"].as_str().unwrap()).collect();
    assert_eq!(dates, ["2022-09-30", "2021-12-24", "2020-05-01", "2019-03-03", "2018-01-15"]);
    assert!(all[0]["entities"].as_array().unwrap().iter().any(|e| e["name"] == "Leo"));
    // By creation, oldest first.
    let created: Vec<Value> = app.get("/api/memories?sortBy=createdAt&sortOrder=asc").await.json().await.unwrap();
    assert_eq!(created.iter().map(|m| m["id"].as_i64().unwrap()).collect::<Vec<_>>(), ids);
    // Filter by entity.
    let with_leo: Vec<Value> = app.get(&format!("/api/memories?filterEntity={leo}")).await.json().await.unwrap();
    assert_eq!(with_leo.len(), 3);
    // Search: case-insensitive, % taken literally.
    let found: Vec<Value> = app.get("/api/memories?search=plage").await.json().await.unwrap();
    assert_eq!(found.len(), 1);
    let percent: Vec<Value> = app.get("/api/memories?search=100%25").await.json().await.unwrap();
    assert_eq!(percent.len(), 1);
    let none: Vec<Value> = app.get("/api/memories?search=%25%25%25zzz").await.json().await.unwrap();
    assert!(none.is_empty());
    // Pages of 2 cover the list once, in order.
    let mut seen = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut path = "/api/memories?sortBy=eventDate&sortOrder=asc&pageSize=2".to_owned();
        if let Some(c) = &cursor {
            path.push_str(&format!("&cursor={c}"));
        }
        let page: Value = app.get(&path).await.json().await.unwrap();
        for m in page["items"].as_array().unwrap() {
            seen.push(m["eventDate"].as_str().unwrap().to_owned());
        }
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }
    assert_eq!(seen, ["2018-01-15", "2019-03-03", "2020-05-01", "2021-12-24", "2022-09-30"]);
    for bad in [
        "sortBy=title",
        "sortOrder=up",
        "pageSize=0",
        "pageSize=1000",
        "filterEntity=abc",
        "pageSize=2&cursor=nonsense",
    ] {
        let response = app.get(&format!("/api/memories?{bad}")).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
}

async fn unknown_dates_sort_last_and_page_correctly(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("nodate@example.org").await;
    for i in 0..3 {
        let id = create(&app, json!({"title": format!("m{i}"), "content": "x", "eventDate": format!("202{i}-01-01")}))
            .await["memory"]["id"]
            .as_i64()
            .unwrap();
        if i == 1 {
            let cleared: Value =
                app.patch_json(&format!("/api/memories/{id}"), &json!({"eventDate": null})).await.json().await.unwrap();
            assert!(cleared["eventDate"].is_null());
        }
    }
    for order in ["asc", "desc"] {
        let page1: Value = app
            .get(&format!("/api/memories?sortBy=eventDate&sortOrder={order}&pageSize=2"))
            .await
            .json()
            .await
            .unwrap();
        let cursor = page1["nextCursor"].as_str().unwrap();
        let page2: Value = app
            .get(&format!("/api/memories?sortBy=eventDate&sortOrder={order}&pageSize=2&cursor={cursor}"))
            .await
            .json()
            .await
            .unwrap();
        let last = &page2["items"][0];
        assert!(last["eventDate"].is_null(), "unknown dates come last ({order})");
        assert!(page2["nextCursor"].is_null());
    }
}

async fn read_edit_and_delete(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("editor@example.org").await;
    let leo = entity(&app, "Leo", "person", json!({})).await;
    let nina = entity(&app, "Nina", "person", json!({})).await;
    let id = create(&app, json!({"title": "Draft", "content": "First words", "location": "Paris", "entities": [leo]}))
        .await["memory"]["id"]
        .as_i64()
        .unwrap();
    let read: Value = app.get(&format!("/api/memories/{id}")).await.json().await.unwrap();
    assert_eq!(read["location"], "Paris");

    let edited = app
        .patch_json(
            &format!("/api/memories/{id}"),
            &json!({"title": "Final", "location": null, "entities": [{"id": nina}], "eventDate": "2001-02-03"}),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!(edited["title"], "Final");
    assert_eq!(edited["content"], "First words", "fields left out stay");
    assert!(edited["location"].is_null());
    assert_eq!(edited["eventDate"], "2001-02-03");
    assert_eq!(
        edited["entities"].as_array().unwrap().iter().map(|e| e["id"].clone()).collect::<Vec<_>>(),
        vec![json!(nina)]
    );

    let refused = app.patch_json(&format!("/api/memories/{id}"), &json!({"title": " ", "content": "changed?"})).await;
    assert_error(refused, StatusCode::BAD_REQUEST, "title_required").await;
    let unchanged: Value = app.get(&format!("/api/memories/{id}")).await.json().await.unwrap();
    assert_eq!(unchanged["content"], "First words", "a refused edit changes nothing");

    let deleted = app.client.delete(app.url(&format!("/api/memories/{id}"))).send().await.unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_error(app.get(&format!("/api/memories/{id}")).await, StatusCode::NOT_FOUND, "not_found").await;
    let links: Vec<Value> = app.get("/api/memory-entities").await.json().await.unwrap();
    assert!(links.is_empty(), "links go with the memory");
    let people: Vec<Value> = app.get("/api/entities").await.json().await.unwrap();
    assert_eq!(people.len(), 2, "entities stay");
    assert_error(app.get("/api/memories/not-a-number").await, StatusCode::BAD_REQUEST, "validation_failed").await;
}

async fn another_users_memories_are_unreachable(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("owner@example.org").await;
    let leo = entity(&app, "Leo", "person", json!({})).await;
    let id = create(&app, json!({"title": "Mine", "content": "private"})).await["memory"]["id"].as_i64().unwrap();
    let other = app.another_browser();
    other.signed_in_user("intruder@example.org").await;
    assert_error(other.get(&format!("/api/memories/{id}")).await, StatusCode::NOT_FOUND, "not_found").await;
    let patch = other.patch_json(&format!("/api/memories/{id}"), &json!({"title": "Hacked", "userId": 1})).await;
    assert_error(patch, StatusCode::NOT_FOUND, "not_found").await;
    let delete = other.client.delete(other.url(&format!("/api/memories/{id}"))).send().await.unwrap();
    assert_error(delete, StatusCode::NOT_FOUND, "not_found").await;
    let confirm = other
        .post_json(
            &format!("/api/memories/{id}/confirm-entities"),
            &json!({"confirmedEntities": [{"action": "create_new", "name": "X", "type": "person"}]}),
        )
        .await;
    assert_error(confirm, StatusCode::NOT_FOUND, "not_found").await;
    let theirs: Vec<Value> = other.get("/api/memories?userId=1").await.json().await.unwrap();
    assert!(theirs.is_empty());
    // Their own memory cannot borrow my entity either.
    let borrowed = other
        .post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c", "entities": [leo]}))
        .await;
    assert_error(borrowed, StatusCode::BAD_REQUEST, "unknown_entity").await;
    let mine: Value = app.get(&format!("/api/memories/{id}")).await.json().await.unwrap();
    assert_eq!(mine["title"], "Mine");
}

async fn signed_out_memory_calls_are_401(backend: Backend) {
    let app = spawn(backend).await;
    for path in ["/api/memories", "/api/memories/1", "/api/memory-entities", "/api/entities"] {
        assert_error(app.get(path).await, StatusCode::UNAUTHORIZED, "unauthorized").await;
    }
    let response = app.post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c"})).await;
    assert_error(response, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

crate::backends!(
    writing_a_memory_proposes_its_entities,
    chosen_entities_are_linked_at_once,
    bad_memories_are_refused_and_nothing_is_written,
    confirming_creates_links_and_aliases_once,
    confirm_refuses_bad_choices_whole,
    lists_sort_filter_search_and_page,
    unknown_dates_sort_last_and_page_correctly,
    read_edit_and_delete,
    another_users_memories_are_unreachable,
    signed_out_memory_calls_are_401,
);
