//! Two `lifegraph serve` processes behind one database (PostgreSQL) and one photo store
//! (S3-compatible), started together as a cluster starts: whatever one writes, the other reads
//! at once, and what each keeps in memory (sessions, the extraction matcher, rate limits) holds
//! for the pair.
//!
//! `make test` runs it under `scripts/with-postgres.sh scripts/with-s3.sh`, which start both
//! servers on loopback and say where they are (`LIFEGRAPH_TEST_POSTGRES_URL`,
//! `LIFEGRAPH_TEST_S3_BUCKET` and the `AWS_*` variables).

use std::io::Cursor;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{Backend, fresh_database};

/// One server process, stopped when dropped.
struct Process {
    child: Child,
    address: String,
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn start(database_url: &str, storage_url: &str, log: &std::path::Path) -> Process {
    let port = free_port();
    let log = std::fs::File::create(log).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_lifegraph"))
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .args(["--database-url", database_url, "--storage-url", storage_url])
        .args(["--processes", "2", "--sign-in-per-minute", "4"])
        .stdout(Stdio::null())
        .stderr(log)
        .spawn()
        .expect("start lifegraph serve");
    Process { child, address: format!("http://127.0.0.1:{port}") }
}

async fn wait_until_up(client: &reqwest::Client, process: &mut Process, log: &std::path::Path) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if let Ok(response) = client.get(format!("{}/healthz", process.address)).send().await
            && response.status() == StatusCode::OK
        {
            return;
        }
        if let Some(status) = process.child.try_wait().unwrap() {
            panic!("the server stopped ({status}): {}", std::fs::read_to_string(log).unwrap_or_default());
        }
        assert!(Instant::now() < deadline, "the server did not answer within a minute");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One browser: cookies are kept per host, so the session reaches both processes (as it does
/// behind one address); each request says which process's page it comes from.
struct Browser {
    client: reqwest::Client,
}

impl Browser {
    async fn get(&self, process: &Process, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", process.address)).send().await.unwrap()
    }

    async fn post(&self, process: &Process, path: &str, body: &Value) -> reqwest::Response {
        let request = self.client.post(format!("{}{path}", process.address)).header("Origin", &process.address);
        request.json(body).send().await.unwrap()
    }

    async fn sign_in_form(&self, process: &Process, email: &str) -> reqwest::Response {
        let request = self.client.post(format!("{}/auth/local", process.address)).header("Origin", &process.address);
        request.form(&[("email", email), ("redirect", "/")]).send().await.unwrap()
    }
}

fn png() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(64, 48, |x, y| image::Rgb([x as u8 * 4, y as u8 * 5, 120]));
    let mut bytes = Vec::new();
    image::DynamicImage::ImageRgb8(picture).write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

#[tokio::test]
async fn two_processes_share_one_database_and_one_photo_store() {
    let bucket = std::env::var("LIFEGRAPH_TEST_S3_BUCKET").expect(
        "LIFEGRAPH_TEST_S3_BUCKET is not set: run the tests through `make test` (which starts an S3-compatible server)",
    );
    let dir = tempfile::tempdir().unwrap();
    let database_url = fresh_database(Backend::Postgres, dir.path()).await;
    let prefix = dir.path().file_name().unwrap().to_string_lossy().to_string();
    let storage_url = format!("s3://{bucket}/{prefix}");
    let (log_a, log_b) = (dir.path().join("a.log"), dir.path().join("b.log"));
    // Started at once: the two migrate the same empty database, one after the other.
    let mut a = start(&database_url, &storage_url, &log_a);
    let mut b = start(&database_url, &storage_url, &log_b);
    let client =
        reqwest::Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap();
    wait_until_up(&client, &mut a, &log_a).await;
    wait_until_up(&client, &mut b, &log_b).await;
    let browser = Browser { client };

    // Signed in on one, known to the other.
    assert_eq!(browser.sign_in_form(&a, "cluster@example.org").await.status(), StatusCode::SEE_OTHER);
    let on_a: Value = browser.get(&a, "/api/auth/user").await.json().await.unwrap();
    let on_b: Value = browser.get(&b, "/api/auth/user").await.json().await.unwrap();
    assert_eq!(on_a["id"], on_b["id"], "one session for both processes");

    // B reads its matcher once, then A adds a person: B must propose that person.
    let first =
        browser.post(&b, "/api/memories/with-validation", &json!({"title": "Before", "content": "A quiet day."})).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let margaux: Value =
        browser.post(&a, "/api/entities", &json!({"name": "Margaux", "type": "person"})).await.json().await.unwrap();
    let written: Value = browser
        .post(
            &b,
            "/api/memories/with-validation",
            &json!({"title": "Lunch", "content": "Lunch with Margaux by the lake."}),
        )
        .await
        .json()
        .await
        .unwrap();
    let proposals = written["entityValidation"]["validationResults"].as_array().unwrap();
    assert!(
        proposals.iter().any(|p| p["recommendedEntityId"] == margaux["id"]),
        "B proposes the person A just added: {proposals:?}"
    );

    // A photo stored through A is read through B, and a memory written on A is found on B.
    let part = Part::bytes(png()).file_name("lake.png").mime_str("image/png").unwrap();
    let uploaded = browser
        .client
        .post(format!("{}/api/photos/upload", a.address))
        .header("Origin", &a.address)
        .multipart(Form::new().part("photo", part))
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::OK);
    let uploaded: Value = uploaded.json().await.unwrap();
    let photo = uploaded["photoUrl"].as_str().unwrap().to_owned();
    let from_a = browser.get(&a, &photo).await.bytes().await.unwrap();
    let from_b = browser.get(&b, &photo).await;
    assert_eq!(from_b.status(), StatusCode::OK);
    assert_eq!(from_b.bytes().await.unwrap(), from_a, "the same photo through either process");
    let summer: Value = browser
        .post(
            &a,
            "/api/memories/with-validation",
            &json!({"title": "L'été au lac", "content": "Swimming.", "photo": photo}),
        )
        .await
        .json()
        .await
        .unwrap();
    let id = summer["memory"]["id"].as_i64().unwrap();
    let found: Value = browser.get(&b, "/api/memories?search=ete&pageSize=10").await.json().await.unwrap();
    assert_eq!(found["items"][0]["id"], id, "written on A, found on B");

    // Deleted through B: gone for A, its photo too.
    let deleted = browser
        .client
        .delete(format!("{}/api/memories/{id}", b.address))
        .header("Origin", &b.address)
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(browser.get(&a, &format!("/api/memories/{id}")).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(browser.get(&a, &photo).await.status(), StatusCode::NOT_FOUND, "the photo left the shared store");

    // Four sign-in attempts a minute for the pair: two each. One was made on A.
    assert_eq!(browser.get(&a, "/api/login").await.status(), StatusCode::SEE_OTHER);
    assert_eq!(browser.get(&a, "/api/login").await.status(), StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(browser.get(&b, "/api/login").await.status(), StatusCode::SEE_OTHER);
    assert_eq!(browser.get(&b, "/api/login").await.status(), StatusCode::SEE_OTHER);
    assert_eq!(browser.get(&b, "/api/login").await.status(), StatusCode::TOO_MANY_REQUESTS);

    // Signed out through B: signed out of A as well.
    let out =
        browser.client.post(format!("{}/api/logout", b.address)).header("Origin", &b.address).send().await.unwrap();
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    assert_eq!(browser.get(&a, "/api/auth/user").await.status(), StatusCode::UNAUTHORIZED);

    for log in [&log_a, &log_b] {
        let text = std::fs::read_to_string(log).unwrap();
        assert!(!text.contains("ERROR") && !text.contains("panicked"), "a server logged an error: {text}");
    }
}
