//! Starts the real application on port 0 with a database of its own, and hands back a small
//! client. Every test runs once on SQLite and once on PostgreSQL (see `backends!`).

use std::sync::atomic::{AtomicU64, Ordering};

use lifegraph::app::Application;
use lifegraph::config::Config;
use reqwest::{Response, StatusCode, redirect};
use serde_json::Value;

/// The database a test runs against.
#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Clone)]
pub struct TestApp {
    pub address: String,
    /// A client with its own cookie jar: one browser.
    pub client: reqwest::Client,
    pub db: sea_orm::DatabaseConnection,
    /// The configuration this server started with.
    pub config: Config,
    _dir: std::sync::Arc<tempfile::TempDir>,
}

static DATABASE_COUNTER: AtomicU64 = AtomicU64::new(0);

/// `LIFEGRAPH_TEST_POSTGRES_URL` names a server (e.g. `postgres://postgres@127.0.0.1:5433`)
/// in which each test creates a database of its own. `make test` starts a throwaway one.
fn postgres_server() -> String {
    std::env::var("LIFEGRAPH_TEST_POSTGRES_URL").expect(
        "LIFEGRAPH_TEST_POSTGRES_URL is not set: run the tests through `make test` (which starts a PostgreSQL), \
         or point it at a server where databases may be created",
    )
}

pub async fn fresh_database(backend: Backend, dir: &std::path::Path) -> String {
    match backend {
        Backend::Sqlite => format!("sqlite://{}/lifegraph.db", dir.display()),
        Backend::Postgres => {
            use sea_orm::ConnectionTrait;
            let server = postgres_server();
            let name = format!(
                "lifegraph_test_{}_{}_{}",
                std::process::id(),
                DATABASE_COUNTER.fetch_add(1, Ordering::Relaxed),
                rand_suffix()
            );
            let admin = sea_orm::Database::connect(format!("{server}/postgres")).await.expect("connect to PostgreSQL");
            admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.expect("create test database");
            admin.close().await.ok();
            format!("{server}/{name}")
        }
    }
}

fn rand_suffix() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(DATABASE_COUNTER.load(Ordering::Relaxed));
    hasher.finish() % 1_000_000
}

pub async fn spawn(backend: Backend) -> TestApp {
    spawn_with(backend, |_| {}).await
}

/// Start the app after letting the test adjust its configuration.
pub async fn spawn_with(backend: Backend, adjust: impl FnOnce(&mut Config)) -> TestApp {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    // The server's warnings and errors show with a failing test's output.
    let _ = tracing_subscriber::fmt().with_test_writer().with_env_filter("warn").try_init();
    let dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database(backend, dir.path()).await;
    let storage_url = format!("file://{}/photos", dir.path().display());
    let mut config = Config::for_tests(&database_url, &storage_url);
    adjust(&mut config);
    start(config, std::sync::Arc::new(dir)).await
}

/// Start the app on a database that `prepare` filled first (on a connection of its own, before
/// the app's migrations run): an older installation being upgraded.
pub async fn spawn_after(backend: Backend, prepare: impl AsyncFnOnce(&sea_orm::DatabaseConnection)) -> TestApp {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    let dir = tempfile::tempdir().expect("temp dir");
    let database_url = fresh_database(backend, dir.path()).await;
    let db = sea_orm::Database::connect(format!(
        "{database_url}{}",
        if database_url.starts_with("sqlite") { "?mode=rwc" } else { "" }
    ))
    .await
    .expect("connect to the test database");
    prepare(&db).await;
    db.close().await.expect("close");
    let storage_url = format!("file://{}/photos", dir.path().display());
    start(Config::for_tests(&database_url, &storage_url), std::sync::Arc::new(dir)).await
}

async fn start(config: Config, dir: std::sync::Arc<tempfile::TempDir>) -> TestApp {
    let app = Application::build(config.clone()).await.expect("build the application");
    let address = format!("http://127.0.0.1:{}", app.port());
    let db = app.state().db.clone();
    tokio::spawn(app.run_until_stopped(std::future::pending()));
    TestApp { client: browser(&address), address, db, config, _dir: dir }
}

/// A client that keeps cookies and does not follow redirects, so tests see them. Like a
/// browser on the app's own pages, it says its requests come from the app (`Origin`).
pub fn browser(address: &str) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(reqwest::header::ORIGIN, address.parse().expect("an origin"));
    reqwest::Client::builder()
        .default_headers(headers)
        .cookie_store(true)
        .redirect(redirect::Policy::none())
        .build()
        .expect("client")
}

impl TestApp {
    /// Another browser (its own cookies) on the same running app: another person.
    pub fn another_browser(&self) -> TestApp {
        TestApp {
            address: self.address.clone(),
            client: browser(&self.address),
            db: self.db.clone(),
            config: self.config.clone(),
            _dir: self._dir.clone(),
        }
    }

    /// Another server on the same database and storage, as a second process of a cluster
    /// would be: its own caches, its own address.
    pub async fn second_server(&self) -> TestApp {
        start(self.config.clone(), self._dir.clone()).await
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("request")
    }

    pub async fn patch_json(&self, path: &str, body: &Value) -> Response {
        self.client.patch(self.url(path)).json(body).send().await.expect("request")
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> Response {
        self.client.post(self.url(path)).json(body).send().await.expect("request")
    }

    pub async fn delete(&self, path: &str) -> Response {
        self.client.delete(self.url(path)).send().await.expect("request")
    }

    /// Sign out as the app does.
    pub async fn sign_out(&self) -> Response {
        self.client.post(self.url("/api/logout")).send().await.expect("request")
    }

    /// Sign in through the local page, as a person would: GET /api/login, follow to the form, post it.
    pub async fn sign_in(&self, email: &str, first_name: &str, last_name: &str) -> Response {
        self.sign_in_with(email, first_name, last_name, "/", false).await
    }

    pub async fn sign_in_with(&self, email: &str, first: &str, last: &str, redirect: &str, consent: bool) -> Response {
        let mut login = format!("/api/login?redirect={}", urlencode(redirect));
        if consent {
            login.push_str("&consent=1");
        }
        let to_form = self.get(&login).await;
        assert_eq!(to_form.status(), StatusCode::SEE_OTHER, "login should redirect to the local page");
        let location = to_form.headers()["location"].to_str().unwrap().to_owned();
        let form_page = self.get(&location).await;
        assert_eq!(form_page.status(), StatusCode::OK);
        let html = form_page.text().await.unwrap();
        let hidden_redirect = hidden_value(&html, "redirect").unwrap_or_default();
        let mut fields = vec![
            ("email", email.to_owned()),
            ("firstName", first.to_owned()),
            ("lastName", last.to_owned()),
            ("redirect", hidden_redirect),
        ];
        if let Some(consent) = hidden_value(&html, "consent") {
            fields.push(("consent", consent));
        }
        self.client.post(self.url("/auth/local")).form(&fields).send().await.expect("request")
    }

    /// Sign in and return the user as `/api/auth/user` shows it.
    pub async fn signed_in_user(&self, email: &str) -> Value {
        let response = self.sign_in(email, "", "").await;
        assert_eq!(response.status(), StatusCode::SEE_OTHER);
        self.get("/api/auth/user").await.json().await.unwrap()
    }
}

fn hidden_value(html: &str, name: &str) -> Option<String> {
    let marker = format!(r#"type="hidden" name="{name}" value=""#);
    let start = html.find(&marker)? + marker.len();
    let end = html[start..].find('"')?;
    Some(html[start..start + end].replace("&amp;", "&").replace("&quot;", "\"").replace("&#39;", "'"))
}

pub fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// Assert an error answer: its status and its stable code, with a message for people.
pub async fn assert_error(response: Response, status: StatusCode, code: &str) -> Value {
    assert_eq!(response.status(), status, "unexpected status");
    let body: Value = response.json().await.expect("JSON error body");
    assert_eq!(body["code"], code, "unexpected code in {body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "no message in {body}");
    body
}

/// Define each test once, run it on both databases: `backends!(name, async fn body(backend))`.
#[macro_export]
macro_rules! backends {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $(
                #[tokio::test]
                async fn $name() { super::$name($crate::helpers::Backend::Sqlite).await }
            )*
        }
        mod postgres {
            $(
                #[tokio::test]
                async fn $name() { super::$name($crate::helpers::Backend::Postgres).await }
            )*
        }
    };
}

/// Upload a small PNG as `app`'s user; its URL.
pub async fn uploaded_photo(app: &TestApp) -> String {
    let picture = image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(8, 8, image::Rgb([200, 120, 40])));
    let mut png = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    let part = reqwest::multipart::Part::bytes(png).file_name("p.png").mime_str("image/png").unwrap();
    let form = reqwest::multipart::Form::new().part("photo", part);
    let response = app.client.post(app.url("/api/photos/upload")).multipart(form).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "uploading a photo");
    response.json::<Value>().await.unwrap()["photoUrl"].as_str().unwrap().to_owned()
}
