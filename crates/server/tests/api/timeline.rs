//! The timeline: a writer's periods placed in time, their parent links, and their memories.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn};

async fn period(app: &TestApp, name: &str, metadata: Value) -> i64 {
    let response = app
        .post_json("/api/entities-with-metadata", &json!({"name": name, "type": "lifePeriod", "metadata": metadata}))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED, "creating {name}");
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn memory(app: &TestApp, title: &str, date: Option<&str>, entities: &[i64]) -> i64 {
    let mut body = json!({"title": title, "content": format!("{title}."), "entities": entities});
    if let Some(date) = date {
        body["eventDate"] = json!(date);
    }
    let response = app.post_json("/api/memories/with-validation", &body).await;
    assert_eq!(response.status(), StatusCode::CREATED, "writing {title}");
    response.json::<Value>().await.unwrap()["memory"]["id"].as_i64().unwrap()
}

async fn timeline(app: &TestApp) -> Value {
    let response = app.get("/api/timeline").await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

fn placed<'a>(timeline: &'a Value, name: &str) -> &'a Value {
    let all = timeline["periods"].as_array().unwrap().iter().chain(timeline["undated"].as_array().unwrap());
    all.into_iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{name} not on the timeline"))
}

fn names(periods: &Value) -> Vec<&str> {
    periods.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect()
}

/// The titles of every page of `/api/timeline/memories` for these periods, `size` at a time.
async fn period_memories(app: &TestApp, periods: &[i64], size: u64) -> Vec<String> {
    let ids = periods.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let mut titles = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut path = format!("/api/timeline/memories?periods={ids}&pageSize={size}");
        if let Some(cursor) = &cursor {
            path.push_str(&format!("&cursor={cursor}"));
        }
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let page: Value = response.json().await.unwrap();
        let items = page["items"].as_array().unwrap();
        assert!(items.len() as u64 <= size);
        titles.extend(items.iter().map(|m| m["title"].as_str().unwrap().to_owned()));
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => return titles,
        }
    }
}

async fn the_timeline_places_a_writers_periods(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("timeline@example.org").await;
    assert_eq!(timeline(&app).await, json!({"periods": [], "undated": []}));

    let childhood = period(&app, "Childhood", json!({"startDate": "1990-03-14", "endDate": "2002-06-30"})).await;
    let school = period(
        &app,
        "School years",
        json!({"startDate": "1996-09-02", "endDate": "2002-06-30", "parentPeriod": childhood, "aliases": ["École"]}),
    )
    .await;
    let first_grade = period(
        &app,
        "First grade",
        json!({"startDate": "1996-09-02", "endDate": "1997-06-30", "parentPeriod": school}),
    )
    .await;
    let wedding = period(&app, "Wedding", json!({"startDate": "2010-06-12", "isOneDay": true})).await;
    period(&app, "Job in Lyon", json!({"startDate": "2015-09-01", "notes": "Still there."})).await;
    period(&app, "Someday", json!({"parentPeriod": childhood})).await;
    memory(&app, "First day of school", Some("1996-09-02"), &[school, first_grade]).await;
    memory(&app, "The vows", Some("2010-06-12"), &[wedding]).await;

    let placed_now = timeline(&app).await;
    assert_eq!(
        names(&placed_now["periods"]),
        ["Childhood", "School years", "First grade", "Wedding", "Job in Lyon"],
        "dated periods by start date"
    );
    assert_eq!(names(&placed_now["undated"]), ["Someday"], "a period with no start cannot be placed");

    let levels: Vec<i64> =
        placed_now["periods"].as_array().unwrap().iter().map(|p| p["level"].as_i64().unwrap()).collect();
    assert_eq!(levels, [0, 1, 2, 0, 0]);
    let root = placed(&placed_now, "Childhood");
    assert_eq!((root["startYear"].as_i64(), root["endYear"].as_i64()), (Some(1990), Some(2002)));
    let someday = placed(&placed_now, "Someday")["id"].as_i64().unwrap();
    assert_eq!(root["children"], json!([school, someday]));
    let school_years = placed(&placed_now, "School years");
    assert_eq!(school_years["parents"], json!([childhood]));
    assert_eq!(school_years["aliases"], json!(["École"]));
    assert_eq!(school_years["memoryCount"], 1);
    assert_eq!(placed(&placed_now, "First grade")["memoryCount"], 1);
    let day = placed(&placed_now, "Wedding");
    assert_eq!((day["isOneDay"].as_bool(), day["endDate"].as_str()), (Some(true), Some("2010-06-12")));
    let job = placed(&placed_now, "Job in Lyon");
    assert_eq!((job["endDate"].as_str(), job["endYear"].as_i64()), (None, None), "ongoing: Present");
    assert_eq!(job["notes"], "Still there.");

    let colours: std::collections::HashSet<&str> =
        placed_now["periods"].as_array().unwrap().iter().map(|p| p["color"].as_str().unwrap()).collect();
    assert_eq!(colours.len(), 5, "neighbours in time never share a colour");
    assert!(colours.iter().all(|c| c.len() == 7 && c.starts_with('#')));

    // Another writer has their own, empty, timeline, and never sees these periods.
    let other = app.another_browser();
    other.signed_in_user("other@example.org").await;
    assert_eq!(timeline(&other).await, json!({"periods": [], "undated": []}));
    period(&other, "Their childhood", json!({"startDate": "1980-01-01"})).await;
    assert_eq!(names(&timeline(&app).await["periods"]).len(), 5);
    assert_eq!(app.sign_out().await.status(), StatusCode::NO_CONTENT);
    assert_error(app.get("/api/timeline").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn parent_links_never_loop(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("loops@example.org").await;
    let life = period(&app, "Life in Paris", json!({"startDate": "2000-01-01"})).await;
    let studies = period(&app, "Studies", json!({"startDate": "2001-09-01", "parentPeriod": life})).await;
    let thesis = period(&app, "Thesis", json!({"startDate": "2004-09-01", "parentPeriods": [studies]})).await;
    let before = timeline(&app).await;

    // The outer period cannot move inside one of its own sub-periods, however deep.
    for inner in [studies, thesis] {
        let response = app
            .patch_json(&format!("/api/entities-with-metadata/{life}"), &json!({"metadata": {"parentPeriod": inner}}))
            .await;
        assert_error(response, StatusCode::BAD_REQUEST, "period_cycle").await;
    }
    let itself = app
        .patch_json(&format!("/api/entities-with-metadata/{thesis}"), &json!({"metadata": {"parentPeriod": thesis}}))
        .await;
    assert_error(itself, StatusCode::BAD_REQUEST, "period_cycle").await;
    assert_eq!(timeline(&app).await, before, "a refused link changes nothing");

    // Another writer's period is no parent.
    let other = app.another_browser();
    other.signed_in_user("neighbour@example.org").await;
    let theirs = period(&other, "Their decade", json!({"startDate": "1990-01-01"})).await;
    let response = app
        .patch_json(&format!("/api/entities-with-metadata/{thesis}"), &json!({"metadata": {"parentPeriod": theirs}}))
        .await;
    assert_error(response, StatusCode::BAD_REQUEST, "unknown_entity").await;
    assert_eq!(timeline(&app).await, before);

    // A period with two parents sits below the deeper one.
    let paris =
        period(&app, "Flat in Montmartre", json!({"startDate": "2004-01-01", "parentPeriods": [life, thesis]})).await;
    let now = timeline(&app).await;
    assert_eq!(placed(&now, "Flat in Montmartre")["level"], 3);
    assert_eq!(placed(&now, "Thesis")["children"], json!([paris]));
    assert_eq!(placed(&now, "Life in Paris")["children"], json!([studies, paris]));
}

async fn a_selection_of_periods_lists_the_memories_inside_it(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("selection@example.org").await;
    let childhood = period(&app, "Childhood", json!({"startDate": "1990-01-01", "endDate": "2002-06-30"})).await;
    let school = period(&app, "School", json!({"startDate": "1996-09-02", "parentPeriod": childhood})).await;
    let grade = period(&app, "Grade one", json!({"startDate": "1996-09-02", "parentPeriod": school})).await;
    let wedding = period(&app, "Wedding", json!({"startDate": "2010-06-12", "isOneDay": true})).await;
    let sister = app
        .post_json("/api/entities-with-metadata", &json!({"name": "Claire", "type": "person", "metadata": {}}))
        .await
        .json::<Value>()
        .await
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    memory(&app, "Bike in the garden", Some("1994-05-01"), &[childhood]).await;
    memory(&app, "First reading", Some("1996-10-01"), &[school, grade]).await;
    memory(&app, "Class photo", Some("1990-06-01"), &[grade]).await;
    memory(&app, "The vows", Some("2010-06-12"), &[wedding, sister]).await;
    memory(&app, "A walk with Claire", Some("2012-01-01"), &[sister]).await;

    // Everything inside the childhood, latest first, each memory once.
    let expected = ["First reading", "Bike in the garden", "Class photo"];
    for size in [1, 2, 24] {
        assert_eq!(period_memories(&app, &[childhood], size).await, expected, "pages of {size}");
    }
    assert_eq!(period_memories(&app, &[grade], 24).await, ["First reading", "Class photo"]);
    assert_eq!(
        period_memories(&app, &[wedding, school], 24).await,
        ["The vows", "First reading", "Class photo"],
        "a set of periods, however chosen"
    );

    // Only the writer's own periods, named clearly.
    let other = app.another_browser();
    other.signed_in_user("stranger@example.org").await;
    let theirs = period(&other, "Their years", json!({"startDate": "1999-01-01"})).await;
    memory(&other, "Their secret", Some("1999-02-01"), &[theirs]).await;
    for ids in [format!("{theirs}"), format!("{childhood},{theirs}"), format!("{sister}"), "999999".to_owned()] {
        let response = app.get(&format!("/api/timeline/memories?periods={ids}")).await;
        assert_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    let response = other.get(&format!("/api/timeline/memories?periods={childhood}")).await;
    assert_error(response, StatusCode::NOT_FOUND, "not_found").await;
    for bad in ["periods=", "periods=abc", "periods=1.5", "", &format!("periods={childhood}&pageSize=0")] {
        let response = app.get(&format!("/api/timeline/memories?{bad}")).await;
        assert_error(response, StatusCode::BAD_REQUEST, "validation_failed").await;
    }
    let too_many = (0..1001).map(|n| n.to_string()).collect::<Vec<_>>().join(",");
    let response = app.get(&format!("/api/timeline/memories?periods={too_many}")).await;
    assert_error(response, StatusCode::BAD_REQUEST, "validation_failed").await;
    let response = app.get(&format!("/api/timeline/memories?periods={childhood}&cursor=nonsense")).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

crate::backends!(
    the_timeline_places_a_writers_periods,
    parent_links_never_loop,
    a_selection_of_periods_lists_the_memories_inside_it,
);
