use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, assert_error, spawn, spawn_with};

async fn signed_out_reads_are_401(backend: Backend) {
    let app = spawn(backend).await;
    for path in ["/api/auth/user", "/api/auth/me", "/api/notifications/unread-count"] {
        assert_error(app.get(path).await, StatusCode::UNAUTHORIZED, "unauthorized").await;
    }
    let patch = app.patch_json("/api/auth/user", &json!({"theme": "dark"})).await;
    assert_error(patch, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn local_sign_in_creates_the_user_and_a_session(backend: Backend) {
    let app = spawn(backend).await;
    let response = app.sign_in_with("claire@example.fr", "Claire", "Martin", "/memories", false).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(response.headers()["location"], "/memories");
    let cookie = response.headers()["set-cookie"].to_str().unwrap().to_owned();
    assert!(cookie.contains("HttpOnly"), "{cookie}");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");

    let user: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(user["email"], "claire@example.fr");
    assert_eq!(user["firstName"], "Claire");
    assert_eq!(user["lastName"], "Martin");
    assert_eq!(user["id"], 1);
    assert_eq!(user["isAdmin"], true, "the first account is the administrator");
    assert!(user["consents"]["dataProcessingAt"].is_null());
    let me: Value = app.get("/api/auth/me").await.json().await.unwrap();
    assert_eq!(me, user);
}

async fn second_account_is_not_admin_and_signing_in_again_keeps_the_account(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("first@example.org").await;
    let other = app.another_browser();
    let second = other.signed_in_user("second@example.org").await;
    assert_eq!(second["isAdmin"], false);
    assert_ne!(second["id"], 1);
    // Same e-mail, new browser: the same account, names refreshed.
    let again = app.another_browser();
    again.sign_in("Second@Example.org", "Sam", "").await;
    let user: Value = again.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(user["id"], second["id"]);
    assert_eq!(user["firstName"], "Sam");
}

async fn local_page_refuses_a_bad_email(backend: Backend) {
    let app = spawn(backend).await;
    let response = app
        .client
        .post(app.url("/auth/local"))
        .form(&[("email", "not-an-email"), ("redirect", "/")])
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(response.text().await.unwrap().contains("valid e-mail"));
    assert_error(app.get("/api/auth/user").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn sign_in_never_leads_to_another_site(backend: Backend) {
    let app = spawn(backend).await;
    // Browsers drop tabs and line breaks from an address and read a backslash as a slash:
    // each of these would lead to another site, or cannot be put in a header at all.
    for hostile in [
        "https://evil.example/",
        "//evil.example",
        "/%09/evil.example",
        "/%0A/evil.example",
        "/%0D%0ASet-Cookie:%20x=1",
        "/%5Cevil.example",
    ] {
        let response = app.get(&format!("/api/login?redirect={hostile}")).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_redirect").await;
        let response = app.get(&format!("/auth/local?redirect={hostile}")).await;
        assert_error(response, StatusCode::BAD_REQUEST, "invalid_redirect").await;
        let form = app
            .client
            .post(app.url("/auth/local"))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(format!("email=x%40example.org&redirect={hostile}"))
            .send()
            .await
            .unwrap();
        assert_error(form, StatusCode::BAD_REQUEST, "invalid_redirect").await;
    }
    assert_error(app.get("/api/auth/user").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
    let response = app.sign_in_with("x@example.org", "", "", "/memories?sortBy=eventDate", false).await;
    assert_eq!(response.headers()["location"], "/memories?sortBy=eventDate");
}

async fn logout_ends_the_session(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("leaving@example.org").await;
    let response = app.sign_out().await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_error(app.get("/api/auth/user").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn only_this_site_can_sign_a_person_out(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("stays@example.org").await;
    // A link or an image on another site, or a program that does not say where it comes from.
    let cross_site =
        app.client.get(app.url("/api/logout")).header("sec-fetch-site", "cross-site").send().await.unwrap();
    assert_eq!(cross_site.status(), StatusCode::SEE_OTHER);
    assert_eq!(app.get("/api/auth/user").await.status(), StatusCode::OK, "a link from elsewhere signs no one out");
    let post = app.client.post(app.url("/api/logout")).header("origin", "https://evil.example").send().await.unwrap();
    assert_error(post, StatusCode::FORBIDDEN, "cross_site_request").await;
    assert_eq!(app.get("/api/auth/user").await.status(), StatusCode::OK, "still signed in");

    // The app's own link (a navigation that starts on this site) signs out and goes home.
    let link = app.client.get(app.url("/api/logout")).header("sec-fetch-site", "same-origin").send().await.unwrap();
    assert_eq!(link.status(), StatusCode::SEE_OTHER);
    assert_eq!(link.headers()["location"], "/");
    assert_error(app.get("/api/auth/user").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn logout_invalidates_the_token_itself(backend: Backend) {
    let app = spawn(backend).await;
    let response = app.sign_in("copy@example.org", "", "").await;
    let set_cookie = response.headers()["set-cookie"].to_str().unwrap();
    let token_pair = set_cookie.split(';').next().unwrap().to_owned();
    app.sign_out().await;
    // Someone who copied the cookie before sign-out gets nothing with it.
    let replay =
        reqwest::Client::new().get(app.url("/api/auth/user")).header("cookie", token_pair).send().await.unwrap();
    assert_error(replay, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn registration_records_both_consents_with_their_time(backend: Backend) {
    let app = spawn(backend).await;
    let response = app.sign_in_with("new@example.org", "Nina", "", "/", true).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let user: Value = app.get("/api/auth/user").await.json().await.unwrap();
    let data = user["consents"]["dataProcessingAt"].as_str().expect("data-processing consent recorded");
    let terms = user["consents"]["termsAt"].as_str().expect("terms consent recorded");
    assert!(chrono::DateTime::parse_from_rfc3339(data).is_ok());
    assert!(chrono::DateTime::parse_from_rfc3339(terms).is_ok());
}

async fn consent_needs_both_boxes(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("later@example.org").await;
    let partial = app.post_json("/api/auth/consent", &json!({"dataProcessing": true, "terms": false})).await;
    let body = assert_error(partial, StatusCode::BAD_REQUEST, "consent_required").await;
    assert_eq!(body["message"], "Please accept both consents to create your account.");
    let user: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert!(user["consents"]["termsAt"].is_null(), "nothing half-recorded");

    let missing = app.post_json("/api/auth/consent", &json!({"dataProcessing": true})).await;
    assert_error(missing, StatusCode::BAD_REQUEST, "validation_failed").await;

    let both = app.post_json("/api/auth/consent", &json!({"dataProcessing": true, "terms": true})).await;
    assert_eq!(both.status(), StatusCode::OK);
    let user: Value = both.json().await.unwrap();
    let first_time = user["consents"]["termsAt"].clone();
    assert!(first_time.is_string());
    // Giving it again keeps the first time.
    let again: Value =
        app.post_json("/api/auth/consent", &json!({"dataProcessing": true, "terms": true})).await.json().await.unwrap();
    assert_eq!(again["consents"]["termsAt"], first_time);
}

async fn preferences_are_saved_to_the_user(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("prefs@example.org").await;
    let response = app
        .patch_json(
            "/api/auth/user",
            &json!({"language": "fr", "theme": "dark", "firstName": "  Élodie ", "gender": "female"}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let user: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(user["language"], "fr");
    assert_eq!(user["theme"], "dark");
    assert_eq!(user["firstName"], "Élodie");
    assert_eq!(user["gender"], "female");

    let cleared: Value = app.patch_json("/api/auth/user", &json!({"gender": null})).await.json().await.unwrap();
    assert!(cleared["gender"].is_null());
    assert_eq!(cleared["language"], "fr", "fields not sent stay as they were");

    for bad in [json!({"language": "de"}), json!({"theme": "sepia"}), json!({"gender": "robot"}), json!({"theme": 3})] {
        let response = app.patch_json("/api/auth/user", &bad).await;
        assert_error(response, StatusCode::BAD_REQUEST, "validation_failed").await;
    }
    let user: Value = app.get("/api/auth/user").await.json().await.unwrap();
    assert_eq!(user["theme"], "dark", "a refused change loses nothing");
}

async fn unread_count_is_the_users_own(backend: Backend) {
    use sea_orm::{ActiveModelTrait, Set};
    let app = spawn(backend).await;
    let me = app.signed_in_user("bell@example.org").await;
    let other = app.another_browser();
    let them = other.signed_in_user("other@example.org").await;
    let now = chrono::Utc::now();
    for (user, read) in [(&me, false), (&me, false), (&me, true), (&them, false)] {
        lifegraph::db::entities::notification::ActiveModel {
            user_id: Set(user["id"].as_i64().unwrap()),
            title: Set("Hello".to_owned()),
            message: Set(None),
            link: Set(None),
            read: Set(read),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    let count: Value = app.get("/api/notifications/unread-count").await.json().await.unwrap();
    assert_eq!(count["count"], 2);
    let count: Value = other.get("/api/notifications/unread-count").await.json().await.unwrap();
    assert_eq!(count["count"], 1);
}

async fn local_sign_in_is_off_with_a_provider_or_beyond_loopback(backend: Backend) {
    let app = spawn_with(backend, |config| {
        config.oidc_issuer = Some("http://127.0.0.1:9/".to_owned());
        config.oidc_client_id = Some("id".to_owned());
        config.oidc_client_secret = Some("secret".to_owned().into());
    })
    .await;
    assert_error(app.get("/auth/local").await, StatusCode::NOT_FOUND, "not_found").await;
    let response = app.client.post(app.url("/auth/local")).form(&[("email", "a@b.c")]).send().await.unwrap();
    assert_error(response, StatusCode::NOT_FOUND, "not_found").await;
    // A callback that does not come from a sign-in this server started is refused.
    let forged = app.get("/api/auth/callback?code=abc&state=wrong").await;
    assert_error(forged, StatusCode::BAD_REQUEST, "invalid_state").await;
    // Nor is a real sign-in's callback opened in another browser than the one that started it:
    // someone sending their own callback link would sign the victim into the sender's account.
    {
        use sea_orm::{ActiveModelTrait, Set};
        lifegraph::db::entities::login_attempt::ActiveModel {
            state: Set("started-elsewhere".to_owned()),
            pkce_verifier: Set("v".to_owned()),
            nonce: Set("n".to_owned()),
            redirect_to: Set("/".to_owned()),
            consent: Set(false),
            expires_at: Set(chrono::Utc::now() + chrono::Duration::minutes(5)),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
    }
    let sent = app.get("/api/auth/callback?code=attackers-code&state=started-elsewhere").await;
    assert_error(sent, StatusCode::BAD_REQUEST, "invalid_state").await;
    assert_error(app.get("/api/auth/user").await, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

async fn the_local_page_speaks_the_apps_language(backend: Backend) {
    let app = spawn(backend).await;
    let to_form = app.get("/api/login?redirect=%2Fmemories&lang=fr").await;
    let location = to_form.headers()["location"].to_str().unwrap().to_owned();
    assert!(location.contains("lang=fr"), "{location}");
    let html = app.get(&location).await.text().await.unwrap();
    assert!(html.contains(r#"<html lang="fr">"#));
    assert!(html.contains("Se connecter"));
    let english = app.get("/auth/local?lang=en").await.text().await.unwrap();
    assert!(english.contains("Sign in to Lifegraph"));
}

crate::backends!(
    the_local_page_speaks_the_apps_language,
    signed_out_reads_are_401,
    local_sign_in_creates_the_user_and_a_session,
    second_account_is_not_admin_and_signing_in_again_keeps_the_account,
    local_page_refuses_a_bad_email,
    logout_ends_the_session,
    only_this_site_can_sign_a_person_out,
    sign_in_never_leads_to_another_site,
    logout_invalidates_the_token_itself,
    registration_records_both_consents_with_their_time,
    consent_needs_both_boxes,
    preferences_are_saved_to_the_user,
    unread_count_is_the_users_own,
    local_sign_in_is_off_with_a_provider_or_beyond_loopback,
);
