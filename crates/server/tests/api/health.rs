use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{Backend, assert_error, spawn};

async fn alive_and_ready(backend: Backend) {
    let app = spawn(backend).await;
    let health = app.get("/healthz").await;
    assert_eq!(health.status(), StatusCode::OK);
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), StatusCode::OK);
    assert_eq!(ready.json::<Value>().await.unwrap()["status"], "ready");
}

async fn openapi_document_describes_the_api(backend: Backend) {
    let app = spawn(backend).await;
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), StatusCode::OK);
    let doc: Value = response.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in ["/api/auth/user", "/api/auth/consent", "/api/notifications/unread-count", "/api/login"] {
        assert!(doc["paths"].get(path).is_some(), "{path} missing from the OpenAPI document");
    }
    let user = &doc["components"]["schemas"]["User"]["properties"];
    for field in ["id", "email", "firstName", "lastName", "isAdmin", "consents", "language", "theme"] {
        assert!(user.get(field).is_some(), "User.{field} missing");
    }
}

async fn unknown_api_paths_answer_json_404(backend: Backend) {
    let app = spawn(backend).await;
    assert_error(app.get("/api/no-such-thing").await, StatusCode::NOT_FOUND, "not_found").await;
    assert_error(app.get("/api").await, StatusCode::NOT_FOUND, "not_found").await;
}

async fn every_response_carries_security_headers(backend: Backend) {
    let app = spawn(backend).await;
    for path in ["/healthz", "/api/auth/user", "/memories", "/auth/local"] {
        let response = app.get(path).await;
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        let script_src = csp.split(';').find(|d| d.trim().starts_with("script-src")).unwrap();
        assert!(!script_src.contains("unsafe-inline"), "{path}: scripts must not run inline");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "same-origin", "{path}");
    }
}

async fn oversized_and_malformed_bodies_are_refused(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("big@example.org").await;
    let huge = "x".repeat(2 * 1024 * 1024);
    let response = app
        .client
        .patch(app.url("/api/auth/user"))
        .header("content-type", "application/json")
        .body(format!(r#"{{"firstName":"{huge}"}}"#))
        .send()
        .await
        .unwrap();
    assert_error(response, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;
    let response = app
        .client
        .patch(app.url("/api/auth/user"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_json").await;
}

async fn responses_are_compressed(backend: Backend) {
    let app = spawn(backend).await;
    let response = app.client.get(app.url("/api/openapi.json")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let response = app.client.get(app.url("/api/openapi.json")).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "br");
}

crate::backends!(
    responses_are_compressed,
    alive_and_ready,
    openapi_document_describes_the_api,
    unknown_api_paths_answer_json_404,
    every_response_carries_security_headers,
    oversized_and_malformed_bodies_are_refused,
);
