//! The setup tutorial and the onboarding flow: progress read from the writer's data, completion,
//! the birth date, and the people and periods they suggest in both languages.

use chrono::{Datelike, Months, NaiveDate, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn};

async fn ok(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn entity(app: &TestApp, name: &str, kind: &str, metadata: Value) -> reqwest::Response {
    app.post_json("/api/entities-with-metadata", &json!({"name": name, "type": kind, "metadata": metadata})).await
}

/// The birth date of someone `years` old today (a day younger, so the birthday has passed).
fn born(years: u32) -> NaiveDate {
    Utc::now().date_naive().checked_sub_months(Months::new(years * 12)).unwrap().pred_opt().unwrap()
}

async fn the_tutorial_resumes_at_the_first_incomplete_step_and_completes(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("steps@example.org").await;
    let progress = || async { ok(app.get("/api/tutorial/progress").await).await };
    let first = progress().await;
    assert_eq!((&first["currentStep"], &first["completedSteps"]), (&json!("memory_creation"), &json!(0)));
    app.post_json("/api/memories/with-validation", &json!({"title": "First", "content": "A first memory."})).await;
    assert_eq!(progress().await["currentStep"], "people_setup");
    // "myself" does not count among the three people.
    entity(&app, "Alex", "person", json!({"category": "myself"})).await;
    for name in ["Claire", "Hugo", "Inès"] {
        entity(&app, name, "person", json!({"category": "friend"})).await;
    }
    let now = progress().await;
    assert_eq!(
        (&now["currentStep"], &now["completedSteps"], &now["peopleComplete"]),
        (&json!("life_periods"), &json!(2), &json!(true))
    );
    // A client cannot declare a step done: only the data does.
    assert_eq!(
        app.post_json("/api/tutorial/step-status", &json!({"periodsComplete": true})).await.status(),
        StatusCode::METHOD_NOT_ALLOWED
    );

    assert_eq!(ok(app.get("/api/tutorial/should-show-banner").await).await["showBanner"], true);
    let completed = ok(app.post_json("/api/tutorial/complete", &json!({})).await).await;
    assert!(completed["completedAt"].is_string(), "{completed}");
    assert_eq!(completed["currentStep"], "life_periods", "skipping the last step completes the tutorial, not the step");
    assert_eq!(ok(app.get("/api/tutorial/should-show-banner").await).await["showBanner"], false);

    // Another writer's tutorial is theirs alone.
    let other = app.another_browser();
    other.signed_in_user("other@example.org").await;
    let theirs = ok(other.get("/api/tutorial/progress").await).await;
    assert_eq!((&theirs["currentStep"], &theirs["completedAt"]), (&json!("memory_creation"), &Value::Null));
}

async fn the_birth_date_is_saved_and_dates_the_suggested_periods(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("born@example.org").await;
    let future = Utc::now().date_naive().succ_opt().unwrap().to_string();
    for bad in [json!({"birthDate": future}), json!({"birthDate": "1990-02-30"}), json!({"birthDate": "soon"})] {
        assert_error(
            app.post_json("/api/tutorial/update-birthdate", &bad).await,
            StatusCode::BAD_REQUEST,
            "invalid_date",
        )
        .await;
    }
    assert_eq!(ok(app.get("/api/auth/user").await).await["birthDate"], Value::Null, "nothing saved");
    let birth = born(22);
    let user = ok(app.post_json("/api/tutorial/update-birthdate", &json!({"birthDate": birth})).await).await;
    assert_eq!(user["birthDate"], json!(birth));

    // The writer's own birth date, in the language asked for.
    let english = ok(app.get("/api/onboarding/suggestions?lang=en").await).await;
    assert_eq!(english["birthDate"], json!(birth));
    let stages: Vec<&str> = english["lifePeriods"]["hierarchical"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(stages, ["Childhood", "Teenage years", "Adult life"]);
    let adult = &english["lifePeriods"]["hierarchical"][2];
    assert_eq!(
        (&adult["suggestedStart"], &adult["suggestedEnd"], &adult["level"]),
        (&json!(born(22).checked_add_months(Months::new(18 * 12)).unwrap()), &Value::Null, &json!(0))
    );
    let university = &adult["children"][0];
    assert_eq!(
        (&university["parentId"], &university["level"], &university["children"][0]["level"]),
        (&json!("adulthood"), &json!(1), &json!(2))
    );
    assert_eq!(university["suggestedEnd"], json!(birth.checked_add_months(Months::new(21 * 12)).unwrap()));
    let flat = english["lifePeriods"]["flat"].as_array().unwrap();
    assert_eq!(flat.len(), 5);

    let french = ok(app.get("/api/onboarding/suggestions?lang=fr").await).await;
    let names: Vec<&str> =
        french["lifePeriods"]["flat"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["Enfance", "Années d'école", "Études supérieures", "Début de carrière", "Mariage ou vie de couple"]
    );

    // A birth date in the query: a nine-year-old is offered childhood and primary school, no more.
    let child = ok(app.get(&format!("/api/onboarding/suggestions?lang=en&birthDate={}", born(9))).await).await;
    let stages = child["lifePeriods"]["hierarchical"].as_array().unwrap();
    assert_eq!(stages.len(), 1);
    let parts: Vec<&str> =
        stages[0]["children"].as_array().unwrap().iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(parts, ["early-childhood", "preschool", "primary-school"]);
    assert_eq!(stages[0]["children"][2]["suggestedEnd"], Value::Null, "primary school is under way at nine");
    assert_error(
        app.get("/api/onboarding/suggestions?birthDate=2999-01-01").await,
        StatusCode::BAD_REQUEST,
        "invalid_date",
    )
    .await;
    assert_eq!(app.get("/api/onboarding/suggestions?lang=de").await.status(), StatusCode::BAD_REQUEST);
    assert!(birth.year() > 1900);
}

async fn people_are_suggested_by_group_without_a_second_mother(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("people@example.org").await;
    let people = ok(app.get("/api/onboarding/suggestions").await).await["people"].clone();
    let in_group = |people: &Value, group: &str| -> Vec<String> {
        people
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["group"] == group)
            .map(|p| p["category"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(in_group(&people, "family").contains(&"mother".to_owned()));
    assert_eq!(in_group(&people, "friends").len(), 6);
    assert_eq!(in_group(&people, "companion_animal"), ["companion-animal"]);
    let mother = people.as_array().unwrap().iter().find(|p| p["category"] == "mother").unwrap();
    assert_eq!(mother["gender"], "female");

    assert_eq!(entity(&app, "Marie", "person", json!({"category": "mother"})).await.status(), StatusCode::CREATED);
    let now = ok(app.get("/api/onboarding/suggestions").await).await["people"].clone();
    assert!(!in_group(&now, "family").contains(&"mother".to_owned()));
    assert!(in_group(&now, "family").contains(&"sister".to_owned()));
}

async fn the_onboarding_flow_resumes_from_the_data(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("flow@example.org").await;
    let step = || async { ok(app.get("/api/onboarding/progress").await).await["currentStep"].clone() };
    // The profile step asks for a first name.
    let start = ok(app.get("/api/onboarding/progress").await).await;
    assert_eq!(start, json!({"currentStep": "profile", "skippedAt": null}));
    let user = ok(app.get("/api/auth/user").await).await;
    app.patch_json(&format!("/api/users/{}", user["id"]), &json!({"firstName": "Flo"})).await;
    assert_eq!(step().await, "people");
    for name in ["Ann", "Bo", "Cy"] {
        entity(&app, name, "person", json!({})).await;
    }
    assert_eq!(step().await, "life_periods");
    // Saying so does not pass a required step.
    let claimed = ok(app.post_json("/api/onboarding/progress", &json!({"currentStep": "completion"})).await).await;
    assert_eq!(claimed["currentStep"], "life_periods");
    entity(&app, "Studies", "lifePeriod", json!({})).await;
    assert_eq!(step().await, "completion", "the first memory is optional, and was passed");
    let bad = app.post_json("/api/onboarding/progress", &json!({"currentStep": "somewhere"})).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let skipped = ok(app.post_json("/api/onboarding/skip", &json!({})).await).await;
    assert!(skipped["skippedAt"].is_string());
}

crate::backends!(
    the_tutorial_resumes_at_the_first_incomplete_step_and_completes,
    the_birth_date_is_saved_and_dates_the_suggested_periods,
    people_are_suggested_by_group_without_a_second_mother,
    the_onboarding_flow_resumes_from_the_data,
);
