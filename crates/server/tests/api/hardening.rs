//! What a hostile tester found, kept out: concurrent writers, compressed streams, lists capped
//! before work, huge pictures, NUL characters, cross-site requests, errors outside our shape,
//! connections that never finish their headers, several servers on one database, floods.

use std::io::{Read, Write};

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn, spawn_with};

async fn entity(app: &TestApp, name: &str, kind: &str) -> i64 {
    let response = app.post_json("/api/entities", &json!({"name": name, "type": kind})).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn memory_count(app: &TestApp) -> usize {
    app.get("/api/memories").await.json::<Vec<Value>>().await.unwrap().len()
}

async fn entity_count(app: &TestApp) -> usize {
    app.get("/api/entities").await.json::<Vec<Value>>().await.unwrap().len()
}

/// Eight writers at once, each linking entities on every write path: creating with entities,
/// changing a memory's entities, confirming new and existing ones. Every write succeeds.
async fn concurrent_writers_queue_instead_of_failing(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("busy@example.org").await;
    let claire = entity(&app, "Claire", "person").await;
    let lyon = entity(&app, "Lyon", "location").await;
    let writers = (0..8).map(|writer| {
        let app = app.clone();
        tokio::spawn(async move {
            let mut failures = Vec::new();
            for round in 0..6 {
                let created = app
                    .post_json(
                        "/api/memories/with-validation",
                        &json!({"title": format!("Walk {writer}-{round}"), "content": "Claire and I walked in Lyon.", "entities": [claire]}),
                    )
                    .await;
                if created.status() != StatusCode::CREATED {
                    failures.push(format!("create: {} {}", created.status(), created.text().await.unwrap()));
                    continue;
                }
                let id = created.json::<Value>().await.unwrap()["memory"]["id"].as_i64().unwrap();
                let patched = app.patch_json(&format!("/api/memories/{id}"), &json!({"entities": [claire, lyon]})).await;
                if patched.status() != StatusCode::OK {
                    failures.push(format!("patch: {} {}", patched.status(), patched.text().await.unwrap()));
                }
                let confirmed = app
                    .post_json(
                        &format!("/api/memories/{id}/confirm-entities"),
                        &json!({"confirmedEntities": [
                            {"action": "create_new", "name": format!("Picnic {writer}"), "type": "activity"},
                            {"action": "create_new", "name": "Joy", "type": "emotion"},
                            {"action": "use_existing", "entityId": claire, "name": format!("Clairette {round}"), "type": "person", "createAlias": true}
                        ]}),
                    )
                    .await;
                if confirmed.status() != StatusCode::OK {
                    failures.push(format!("confirm: {} {}", confirmed.status(), confirmed.text().await.unwrap()));
                }
            }
            failures
        })
    });
    let mut failures = Vec::new();
    for writer in futures::future::join_all(writers).await {
        failures.extend(writer.unwrap());
    }
    assert!(failures.is_empty(), "{} writes failed: {failures:#?}", failures.len());
    assert_eq!(memory_count(&app).await, 48);
    // Claire, Lyon, Joy once, one picnic per writer.
    assert_eq!(entity_count(&app).await, 2 + 1 + 8);
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).expect("a whole gzip stream");
    out
}

fn unbrotli(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::Decompressor::new(bytes, 4096).read_to_end(&mut out).expect("a whole brotli stream");
    out
}

/// Browsers ask for compressed answers; the whole list (more than one batch of 500) arrives
/// whole, compressed either way.
async fn the_whole_list_arrives_compressed(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("archive@example.org").await;
    let total = 520;
    let batches = (0..8).map(|writer| {
        let app = app.clone();
        tokio::spawn(async move {
            for i in (writer..total).step_by(8) {
                let body = json!({"title": format!("Day {i}"), "content": "Nothing much happened, and that was fine.", "eventDate": "2020-01-01"});
                assert_eq!(app.post_json("/api/memories/with-validation", &body).await.status(), StatusCode::CREATED);
            }
        })
    });
    for batch in futures::future::join_all(batches).await {
        batch.unwrap();
    }
    for (encoding, decode) in [("gzip", gunzip as fn(&[u8]) -> Vec<u8>), ("br", unbrotli)] {
        let response =
            app.client.get(app.url("/api/memories")).header("accept-encoding", encoding).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-encoding"], encoding);
        let body = response.bytes().await.expect("the body is not cut off");
        let list: Vec<Value> = serde_json::from_slice(&decode(&body)).expect("a whole JSON array");
        assert_eq!(list.len(), total, "{encoding}");
    }
}

/// Lists are capped before any work on them, and the caps hold on every path.
async fn lists_are_capped_before_any_work(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("caps@example.org").await;
    // Just under the 1 MB body limit.
    let aliases: Vec<String> = (0..100_000).map(|i| format!("a{i}")).collect();
    let response = app.post_json("/api/entities", &json!({"name": "Leo", "type": "person", "aliases": aliases})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "too_many_aliases").await;
    let response = app
        .post_json("/api/entities", &json!({"name": "Leo", "type": "person", "metadata": {"aliases": &aliases[..51]}}))
        .await;
    assert_error(response, StatusCode::BAD_REQUEST, "too_many_aliases").await;
    let response = app
        .post_json(
            "/api/entities",
            &json!({"name": "Leo", "type": "person", "metadata": {"occupation": "x".repeat(20_000)}}),
        )
        .await;
    assert_error(response, StatusCode::BAD_REQUEST, "metadata_too_large").await;
    assert_eq!(entity_count(&app).await, 0, "nothing was written");

    let media: Vec<String> = (0..21).map(|i| format!("https://example.org/{i}.jpg")).collect();
    let response =
        app.post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c", "media": media})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "too_many_media").await;
    let ids: Vec<i64> = (1..=201).collect();
    let response =
        app.post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c", "entities": ids})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "too_many_entities").await;
    assert_eq!(memory_count(&app).await, 0, "nothing was written");

    let created: Value = app
        .post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c"}))
        .await
        .json()
        .await
        .unwrap();
    let memory = created["memory"]["id"].as_i64().unwrap();
    let response = app.patch_json(&format!("/api/memories/{memory}"), &json!({"entities": ids})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "too_many_entities").await;
    let flood: Vec<Value> =
        (0..10_000).map(|i| json!({"action": "create_new", "name": format!("Person {i}"), "type": "person"})).collect();
    let response =
        app.post_json(&format!("/api/memories/{memory}/confirm-entities"), &json!({"confirmedEntities": flood})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "too_many_entities").await;
    assert_eq!(entity_count(&app).await, 0, "no entity was created");

    // Confirmation cannot raise an entity past 50 aliases, and fails whole.
    let full: Vec<String> = (0..50).map(|i| format!("Nick {i}")).collect();
    let response = app.post_json("/api/entities", &json!({"name": "Max", "type": "person", "aliases": full})).await;
    let max = response.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    let one_more = json!({"confirmedEntities": [
        {"action": "create_new", "name": "Paris", "type": "location"},
        {"action": "add_as_alias", "entityId": max, "name": "Maxou", "type": "person"}
    ]});
    let response = app.post_json(&format!("/api/memories/{memory}/confirm-entities"), &one_more).await;
    assert_error(response, StatusCode::BAD_REQUEST, "too_many_aliases").await;
    let entities: Vec<Value> = app.get("/api/entities").await.json().await.unwrap();
    assert_eq!(entities.len(), 1, "Paris was not created either");
    assert_eq!(entities[0]["aliases"].as_array().unwrap().len(), 50);
}

/// A PNG of a few hundred bytes that claims 16,000 x 10,000 pixels (643 MB once decoded).
fn png_claiming(width: u32, height: u32) -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&u32::try_from(data.len()).unwrap().to_be_bytes());
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&crc.sum().to_be_bytes());
    }
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = Vec::new();
    header.extend_from_slice(&width.to_be_bytes());
    header.extend_from_slice(&height.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    chunk(&mut png, b"IHDR", &header);
    let mut pixels = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let row = vec![0u8; 1 + width as usize * 3];
    for _ in 0..4 {
        pixels.write_all(&row).unwrap();
    }
    chunk(&mut png, b"IDAT", &pixels.finish().unwrap());
    chunk(&mut png, b"IEND", &[]);
    png
}

async fn huge_pictures_are_refused_before_decoding(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("pixels@example.org").await;
    let bomb = png_claiming(16_000, 10_000);
    assert!(bomb.len() < 100_000);
    let uploads = (0..4).map(|_| {
        let form = reqwest::multipart::Form::new().part(
            "photo",
            reqwest::multipart::Part::bytes(bomb.clone()).file_name("bomb.png").mime_str("image/png").unwrap(),
        );
        app.client.post(app.url("/api/photos/upload")).multipart(form).send()
    });
    for response in futures::future::join_all(uploads).await {
        assert_error(response.unwrap(), StatusCode::BAD_REQUEST, "image_too_large").await;
    }
}

/// PostgreSQL cannot store a NUL character and SQLite can: both refuse it at the door. Text
/// with nothing visible in it is no text.
async fn nul_characters_and_invisible_text_are_refused_alike(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("nul@example.org").await;
    let claire = entity(&app, "Claire", "person").await;
    let created: Value = app
        .post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c"}))
        .await
        .json()
        .await
        .unwrap();
    let memory = created["memory"]["id"].as_i64().unwrap();
    let confirm = format!("/api/memories/{memory}/confirm-entities");
    let bodies = [
        ("/api/memories/with-validation", json!({"title": "a\u{0}b", "content": "c"})),
        ("/api/memories/with-validation", json!({"title": "t", "content": "c", "location": "\u{0}"})),
        ("/api/entities", json!({"name": "Le\u{0}o", "type": "person"})),
        ("/api/entities", json!({"name": "Leo", "type": "person", "metadata": {"occupation": "x\u{0}"}})),
        ("/api/entities", json!({"name": "Leo", "type": "person", "metadata": {"a\u{0}": 1}})),
        (
            confirm.as_str(),
            json!({"confirmedEntities": [{"action": "use_existing", "entityId": claire, "name": "C\u{0}", "type": "person", "createAlias": true}]}),
        ),
    ];
    for (path, body) in &bodies {
        assert_error(app.post_json(path, body).await, StatusCode::BAD_REQUEST, "invalid_text").await;
    }
    let response = app.patch_json(&format!("/api/memories/{memory}"), &json!({"title": "\u{0}"})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_text").await;
    let response = app.patch_json("/api/auth/user", &json!({"firstName": "A\u{0}"})).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_text").await;
    assert_error(app.get("/api/memories?search=a%00b").await, StatusCode::BAD_REQUEST, "invalid_text").await;
    assert_error(app.get("/api/memories?pageSize=5&search=%00").await, StatusCode::BAD_REQUEST, "invalid_text").await;
    let form = app.another_browser();
    let response = form
        .client
        .post(form.url("/auth/local"))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("email=n%40example.org&firstName=A%00&redirect=%2F")
        .send()
        .await
        .unwrap();
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_text").await;

    let blank =
        app.post_json("/api/memories/with-validation", &json!({"title": "  \u{200B}\u{FEFF} ", "content": "c"})).await;
    let error = assert_error(blank, StatusCode::BAD_REQUEST, "title_required").await;
    assert_eq!(error["message"], "Title is required");
    let blank = app.post_json("/api/entities", &json!({"name": "\u{200B}\u{2060}", "type": "person"})).await;
    assert_error(blank, StatusCode::BAD_REQUEST, "name_required").await;
    // Nothing half-written, and the one memory is untouched.
    assert_eq!(memory_count(&app).await, 1);
    assert_eq!(entity_count(&app).await, 1);
    let unchanged: Value = app.get(&format!("/api/memories/{memory}")).await.json().await.unwrap();
    assert_eq!(unchanged["title"], "t");
}

/// Only the app's own pages can change anything: not a form or an upload on another site, not
/// a sibling site, not a request that does not say where it comes from.
async fn changes_come_only_from_this_site(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("csrf@example.org").await;
    let photo = || {
        reqwest::multipart::Form::new().part(
            "photo",
            reqwest::multipart::Part::bytes(png_claiming(2, 2)).file_name("a.png").mime_str("image/png").unwrap(),
        )
    };
    let foreign = app
        .client
        .post(app.url("/api/photos/upload"))
        .header("origin", "https://evil.example")
        .multipart(photo())
        .send()
        .await
        .unwrap();
    assert_error(foreign, StatusCode::FORBIDDEN, "cross_site_request").await;
    let sibling = app
        .client
        .post(app.url("/api/memories/with-validation"))
        .header("sec-fetch-site", "same-site")
        .json(&json!({"title": "t", "content": "c"}))
        .send()
        .await
        .unwrap();
    assert_error(sibling, StatusCode::FORBIDDEN, "cross_site_request").await;

    // The same cookie, from a client that sends no Origin.
    let session = app.get("/api/auth/user").await;
    assert_eq!(session.status(), StatusCode::OK);
    let cookie = app
        .client
        .post(app.url("/auth/local"))
        .form(&[("email", "csrf@example.org"), ("redirect", "/")])
        .send()
        .await
        .unwrap()
        .headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned();
    let anonymous = reqwest::Client::new();
    let missing = anonymous
        .post(app.url("/api/photos/upload"))
        .header("cookie", &cookie)
        .multipart(photo())
        .send()
        .await
        .unwrap();
    assert_error(missing, StatusCode::FORBIDDEN, "origin_required").await;
    let missing = anonymous.delete(app.url("/api/memories/1")).header("cookie", &cookie).send().await.unwrap();
    assert_error(missing, StatusCode::FORBIDDEN, "origin_required").await;

    // A forged sign-in: another site posting the local sign-in form.
    let forged = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let response = forged
        .post(app.url("/auth/local"))
        .header("origin", "https://evil.example")
        .form(&[("email", "attacker@example.org"), ("redirect", "/")])
        .send()
        .await
        .unwrap();
    assert!(response.headers().get("set-cookie").is_none(), "no session was started");
    assert_error(response, StatusCode::FORBIDDEN, "cross_site_request").await;

    // The app's own requests pass, whichever header the browser sends.
    let same = app
        .client
        .post(app.url("/api/memories/with-validation"))
        .header("sec-fetch-site", "same-origin")
        .json(&json!({"title": "t", "content": "c"}))
        .send()
        .await
        .unwrap();
    assert_eq!(same.status(), StatusCode::CREATED);
    let uploaded = app.client.post(app.url("/api/photos/upload")).multipart(photo()).send().await.unwrap();
    assert_eq!(uploaded.status(), StatusCode::OK);
}

/// Every error, from every layer, answers `{message, code}` with the right status, and the
/// document says what the server does.
async fn every_error_has_our_shape(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("shape@example.org").await;
    let bad_multipart = app
        .client
        .post(app.url("/api/photos/upload"))
        .header("content-type", "multipart/form-data")
        .body("not multipart")
        .send()
        .await
        .unwrap();
    assert_error(bad_multipart, StatusCode::BAD_REQUEST, "invalid_upload").await;
    let broken_multipart = app
        .client
        .post(app.url("/api/photos/upload"))
        .header("content-type", "multipart/form-data; boundary=X")
        .body("--X\r\nContent-Disposition: form-data; name=\"photo\"\r\n\r\nabc")
        .send()
        .await
        .unwrap();
    assert_error(broken_multipart, StatusCode::BAD_REQUEST, "invalid_upload").await;
    let long = format!("/api/memories?search={}", "a".repeat(10_000));
    assert_error(app.get(&long).await, StatusCode::URI_TOO_LONG, "uri_too_long").await;
    let put = app.client.put(app.url("/api/memories")).send().await.unwrap();
    assert_eq!(put.headers().get("allow").map(|v| v.to_str().unwrap()), Some("GET,HEAD"));
    assert_error(put, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed").await;
    let odd = app
        .client
        .request(reqwest::Method::from_bytes(b"BREW").unwrap(), app.url("/api/memories"))
        .send()
        .await
        .unwrap();
    assert_error(odd, StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed").await;
    let bad_query = app.get("/api/entities?userId=somebody").await;
    assert_error(bad_query, StatusCode::BAD_REQUEST, "validation_failed").await;

    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let create = &doc["components"]["schemas"]["CreateMemoryRequest"]["properties"]["userId"];
    assert!(create["type"].as_array().is_some_and(|t| t.contains(&json!("integer"))), "userId is an integer: {create}");
    let upload = &doc["paths"]["/api/photos/upload"]["post"]["responses"];
    for status in ["200", "400", "401", "403", "413", "500"] {
        assert!(upload.get(status).is_some(), "upload documents {status}");
    }
    let login = &doc["paths"]["/api/login"]["get"]["responses"];
    assert!(login.get("429").is_some(), "sign-in documents its rate limit");
}

/// A client that opens a connection and never finishes its headers is cut off: one that sends
/// nothing, part of a request, or part of the HTTP/2 preface.
async fn half_open_connections_are_closed(backend: Backend) {
    let app = spawn(backend).await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let starts: [&[u8]; 3] = [b"", b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n", b"PRI * HTTP/2.0\r\n"];
    let held = starts.map(|start| {
        let address = address.clone();
        async move {
            let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
            tokio::io::AsyncWriteExt::write_all(&mut stream, start).await.unwrap();
            let mut buffer = [0u8; 1024];
            // The server closes it (with or without a 408); the bound is far above the server's own.
            let read = tokio::time::timeout(
                std::time::Duration::from_secs(120),
                tokio::io::AsyncReadExt::read(&mut stream, &mut buffer),
            )
            .await
            .unwrap_or_else(|_| panic!("the server keeps a connection that sent {start:?}"));
            let answered = String::from_utf8_lossy(&buffer[..read.unwrap_or(0)]).into_owned();
            assert!(answered.is_empty() || answered.starts_with("HTTP/1.1 408"), "{answered}");
        }
    });
    futures::future::join_all(held).await;
}

/// With local sign-in, a page on another site whose name points at this server (DNS
/// rebinding) gets nothing: the server answers only at its own names.
async fn only_its_own_names_are_answered_with_local_sign_in(backend: Backend) {
    let app = spawn(backend).await;
    let port = app.address.rsplit(':').next().unwrap().to_owned();
    let rebound = reqwest::Client::new();
    let response =
        rebound.get(app.url("/api/auth/user")).header("host", format!("evil.example:{port}")).send().await.unwrap();
    assert_error(response, StatusCode::BAD_REQUEST, "unknown_host").await;
    let response = rebound
        .post(app.url("/auth/local"))
        .header("host", format!("evil.example:{port}"))
        .header("origin", format!("http://evil.example:{port}"))
        .form(&[("email", "victim@example.org"), ("redirect", "/")])
        .send()
        .await
        .unwrap();
    assert!(response.headers().get("set-cookie").is_none());
    assert_error(response, StatusCode::BAD_REQUEST, "unknown_host").await;
    let local = rebound.get(app.url("/healthz")).header("host", format!("localhost:{port}")).send().await.unwrap();
    assert_eq!(local.status(), StatusCode::OK);
}

/// Two servers on one database (a cluster): an entity added through one is what the other's
/// extraction links to, and so is an alias added through confirmation.
async fn servers_sharing_a_database_see_each_others_entities(backend: Backend) {
    let first = spawn(backend).await;
    first.signed_in_user("cluster@example.org").await;
    let second = first.second_server().await;
    second.sign_in("cluster@example.org", "", "").await;
    let write = |app: &TestApp, content: &str| {
        let body = json!({"title": "Note", "content": content});
        let request = app.client.post(app.url("/api/memories/with-validation")).json(&body).send();
        async move { request.await.unwrap().json::<Value>().await.unwrap() }
    };
    let version = || async {
        use sea_orm::EntityTrait;
        lifegraph::db::entities::user::Entity::find().all(&first.db).await.unwrap()[0].entities_version
    };
    // The first server prepares its matcher for this writer.
    write(&first, "A quiet day at home.").await;
    let before = version().await;
    let created = second.post_json("/api/entities", &json!({"name": "Bérénice", "type": "person"})).await;
    let berenice = created.json::<Value>().await.unwrap()["id"].as_i64().unwrap();
    assert!(version().await > before, "creating an entity raises the writer's entity version");
    let answer = write(&first, "Lunch with Bérénice by the river.").await;
    let results = answer["entityValidation"]["validationResults"].as_array().unwrap();
    assert!(
        results.iter().any(|r| r["recommendedEntityId"] == berenice),
        "the first server links to her: {results:#?}"
    );

    let memory = answer["memory"]["id"].as_i64().unwrap();
    let confirm = json!({"confirmedEntities": [{"action": "add_as_alias", "entityId": berenice, "name": "Bibi", "type": "person"}]});
    let before = version().await;
    assert_eq!(
        second.post_json(&format!("/api/memories/{memory}/confirm-entities"), &confirm).await.status(),
        StatusCode::OK
    );
    assert!(version().await > before, "adding an alias raises it");
    let answer = write(&first, "Bibi called me tonight.").await;
    let results = answer["entityValidation"]["validationResults"].as_array().unwrap();
    assert!(results.iter().any(|r| r["recommendedEntityId"] == berenice), "and by her alias: {results:#?}");
}

/// Sign-in attempts from one address are limited; the answer says when to try again.
async fn sign_in_floods_are_limited(backend: Backend) {
    let app = spawn_with(backend, |config| config.sign_in_per_minute = std::num::NonZeroU32::new(4).unwrap()).await;
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(app.get("/api/login?redirect=%2F").await.status());
    }
    assert_eq!(&statuses[..4], &[StatusCode::SEE_OTHER; 4]);
    let refused = app.get("/api/login").await;
    let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after));
    assert_error(refused, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
    let form = app.client.post(app.url("/auth/local")).form(&[("email", "flood@example.org")]).send().await.unwrap();
    assert_error(form, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
}

crate::backends!(
    concurrent_writers_queue_instead_of_failing,
    the_whole_list_arrives_compressed,
    lists_are_capped_before_any_work,
    huge_pictures_are_refused_before_decoding,
    nul_characters_and_invisible_text_are_refused_alike,
    changes_come_only_from_this_site,
    every_error_has_our_shape,
    half_open_connections_are_closed,
    only_its_own_names_are_answered_with_local_sign_in,
    servers_sharing_a_database_see_each_others_entities,
    sign_in_floods_are_limited,
);
