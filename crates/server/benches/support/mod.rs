//! What the server's benches share: a deterministic generator, a journal's rows written straight
//! through SeaORM as the app writes them, the real application served over HTTP on loopback on
//! each database, sign-in, and the timing and printing of requests.

use std::time::{Duration, Instant};

use chrono::{DateTime, NaiveDate, Utc};
use lifegraph::app::Application;
use lifegraph::config::Config;
use lifegraph::db::entities::{entity, memory, memory_entity};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde_json::{Value, json};

/// The allocator of the server binary (`src/main.rs`), so the figures are the binary's.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Requests timed per figure, unless a figure says otherwise.
pub const SAMPLES: usize = 200;

/// A small deterministic generator: the same journal every run.
pub struct Rng(pub u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// An entity as the app stores it, with its name folded for search and for matching.
pub fn entity_row(
    user_id: i64,
    name: String,
    kind: &str,
    aliases: Vec<String>,
    metadata: Value,
    at: DateTime<Utc>,
) -> entity::ActiveModel {
    entity::ActiveModel {
        user_id: Set(user_id),
        name_key: Set(lifegraph_extract::name_key(&name)),
        search_text: Set(lifegraph::entities::queries::search_text(&name, &aliases)),
        name: Set(name),
        entity_type: Set(kind.to_owned()),
        metadata: Set(metadata),
        aliases: Set(json!(aliases)),
        notes: Set(None),
        confidence: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        ..Default::default()
    }
}

/// A memory as the app stores it, with its text folded for search, written at `at`; no place
/// and no photo (the caller sets them).
pub fn memory_row(
    user_id: i64,
    title: String,
    content: String,
    event_date: Option<NaiveDate>,
    at: DateTime<Utc>,
) -> memory::ActiveModel {
    memory::ActiveModel {
        user_id: Set(user_id),
        search_text: Set(lifegraph::memories::queries::search_text(&title, &content, None)),
        title: Set(title),
        description: Set(None),
        content: Set(content),
        event_date: Set(event_date),
        location: Set(None),
        photo: Set(None),
        visibility: Set(None),
        media: Set(None),
        created_at: Set(at),
        updated_at: Set(at),
        entities_pending: Set(false),
        ..Default::default()
    }
}

/// A memory's id, with the dates its links repeat.
#[derive(Clone, Copy)]
pub struct MemoryRow {
    pub id: i64,
    pub event_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
}

/// A memory's link to an entity, made at `now`, as the app fills it: the memory's dates copied.
pub fn link(
    user_id: i64,
    memory: MemoryRow,
    entity_id: i64,
    confidence: i32,
    now: DateTime<Utc>,
) -> memory_entity::ActiveModel {
    memory_entity::ActiveModel {
        memory_id: Set(memory.id),
        entity_id: Set(entity_id),
        user_id: Set(user_id),
        confidence: Set(Some(confidence)),
        created_at: Set(now),
        memory_event_date: Set(memory.event_date),
        memory_created_at: Set(Some(memory.created_at)),
    }
}

pub async fn insert_links(db: &DatabaseConnection, links: Vec<memory_entity::ActiveModel>) {
    for chunk in links.chunks(500) {
        memory_entity::Entity::insert_many(chunk.to_vec()).exec_without_returning(db).await.expect("seed links");
    }
}

/// The writer's memories, in the order they were written to the database.
pub async fn memories_of(db: &DatabaseConnection, user_id: i64) -> Vec<MemoryRow> {
    let rows: Vec<(i64, Option<NaiveDate>, DateTime<Utc>)> = memory::Entity::find()
        .select_only()
        .columns([memory::Column::Id, memory::Column::EventDate, memory::Column::CreatedAt])
        .filter(memory::Column::UserId.eq(user_id))
        .order_by_asc(memory::Column::Id)
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    rows.into_iter().map(|(id, event_date, created_at)| MemoryRow { id, event_date, created_at }).collect()
}

/// Fresh statistics, as a database in use would have; on PostgreSQL vacuumed too, as autovacuum
/// would have done, so that it does not start in the middle of the figures.
pub async fn settle(db: &DatabaseConnection) {
    let settle = match db.get_database_backend() {
        sea_orm::DatabaseBackend::Postgres => "VACUUM ANALYZE",
        _ => "ANALYZE",
    };
    db.execute_unprepared(settle).await.unwrap();
}

/// Runs the bench with a label and a database address: on SQLite in the run's own folder
/// (`{dir}`, see [`serve`]), then on PostgreSQL in a fresh database `name` when
/// `LIFEGRAPH_TEST_POSTGRES_URL` names a server (as `scripts/with-postgres.sh` sets it).
pub async fn on_each_database<F: Future<Output = ()>>(name: &str, run: impl Fn(&'static str, String) -> F) {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    run("SQLite", "sqlite://{dir}/bench.db".to_owned()).await;
    if let Ok(server) = std::env::var("LIFEGRAPH_TEST_POSTGRES_URL") {
        let admin = sea_orm::Database::connect(format!("{server}/postgres")).await.unwrap();
        admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}")).await.unwrap();
        admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
        run("PostgreSQL", format!("{server}/{name}")).await;
    }
}

/// The real application, serving on loopback until the process ends.
pub struct Server {
    pub address: String,
    pub db: DatabaseConnection,
    /// The SQLite database and the photos; removed when the run is over.
    _dir: tempfile::TempDir,
}

pub async fn serve(database_url: &str) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let storage = format!("file://{}/photos", dir.path().display());
    let database_url = database_url.replace("{dir}", &dir.path().display().to_string());
    let app = Application::build(Config::for_tests(&database_url, &storage)).await.expect("app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let db = app.state().db.clone();
    tokio::spawn(app.run_until_stopped(std::future::pending()));
    Server { address, db, _dir: dir }
}

/// Signs in by e-mail (local sign-in): a client holding the session, and the writer's id.
pub async fn sign_in(address: &str, email: &str) -> (reqwest::Client, i64) {
    let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
    client
        .post(format!("{address}/auth/local"))
        .header("Origin", address)
        .form(&[("email", email), ("redirect", "/")])
        .send()
        .await
        .unwrap();
    let me: Value = client.get(format!("{address}/api/auth/user")).send().await.unwrap().json().await.unwrap();
    (client, me["id"].as_i64().expect("signed in"))
}

pub async fn get_json(client: &reqwest::Client, url: &str) -> Value {
    let response = client.get(url).send().await.unwrap();
    assert!(response.status().is_success(), "{url}: {}", response.status());
    response.json().await.unwrap()
}

/// `SAMPLES` times the request, each time until its last byte; `encoding` is sent as
/// `Accept-Encoding` (none: the answer as it is).
pub async fn timed(client: &reqwest::Client, url: &str, encoding: Option<&str>) -> Vec<Duration> {
    let mut samples = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        let mut request = client.get(url);
        if let Some(encoding) = encoding {
            request = request.header("Accept-Encoding", encoding);
        }
        let start = Instant::now();
        let response = request.send().await.unwrap();
        assert!(response.status().is_success(), "{url}: {}", response.status());
        response.bytes().await.unwrap();
        samples.push(start.elapsed());
    }
    samples
}

/// Prints the median and the 95th percentile of `samples`, and whether the median meets the goal.
pub fn report(what: &str, mut samples: Vec<Duration>, goal_ms: Option<f64>) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1_000.0;
    let median = ms(samples[samples.len() / 2]);
    let p95 = ms(samples[samples.len() * 95 / 100]);
    let goal = goal_ms
        .map(|g| format!("  (goal: median under {g} ms: {})", if median < g { "met" } else { "MISSED" }))
        .unwrap_or_default();
    println!("  {what:<52} median {median:>7.2} ms   p95 {p95:>7.2} ms{goal}");
}
