//! `make bench`: a writer with 10,000 and then 100,000 memories (about 1 KB each, 3 to 5
//! entities each) and 2,000 entities, served by the real application over HTTP on loopback.
//! Prints the median and 95th percentile of the first page of `/memories` in every order and
//! filter, of searches (a word most memories hold, a rare name, an accent typed without it, a
//! word nobody wrote), of creating a memory with extraction, and what streaming the whole list
//! costs in time and memory. `BENCH_SIZES=10000` runs one size only; `BENCH_ONLY_PG=1` skips SQLite.
//!
//! Runs on SQLite, and on PostgreSQL too when `LIFEGRAPH_TEST_POSTGRES_URL` names a server
//! (as `scripts/with-postgres.sh` sets it).

use std::time::{Duration, Instant};

use chrono::{NaiveDate, Utc};
use lifegraph::app::Application;
use lifegraph::config::Config;
use lifegraph::db::entities::{entity, memory, memory_entity};
use sea_orm::{ConnectionTrait, EntityTrait, QuerySelect, Set};
use serde_json::json;

/// The allocator of the server binary (`src/main.rs`), so the figures are the binary's.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

const ENTITIES: usize = 2_000;
const SAMPLES: usize = 200;

/// A small deterministic generator: the same journal every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const FIRST: &[&str] =
    &["Claire", "Hugo", "Amélie", "Leo", "Priya", "Jean", "Nina", "Marc", "Sofia", "Tom", "Inès", "Yann"];
const LAST: &[&str] =
    &["Martin", "Bernard", "Dubois", "Okafor", "Tanaka", "Moreau", "Laurent", "Garcia", "Roux", "Fontaine"];
const PLACES: &[&str] = &["Lyon", "Nantes", "Kyoto", "Lisbon", "Annecy", "Brest", "Montréal", "Dakar", "Oslo", "Nice"];
const SENTENCES: &[&str] = &[
    "We walked for hours along the river and talked about everything and nothing.",
    "I felt so grateful for the quiet morning and the smell of fresh bread.",
    "Nous avons préparé un grand repas et chanté jusqu'à minuit.",
    "It rained all afternoon, so we played cards and laughed at old photos.",
    "J'étais un peu nerveux avant le concert, puis tout s'est bien passé.",
    "The kids built a sandcastle that the tide took away within minutes.",
    "We drove through the mountains and stopped at a tiny café for coffee.",
    "Ce souvenir me rend nostalgique de nos étés d'enfance.",
];

fn entity_name(i: usize) -> (String, &'static str) {
    match i % 4 {
        0 | 1 => (format!("{} {} {}", FIRST[i % FIRST.len()], LAST[(i / 7) % LAST.len()], i), "person"),
        2 => (format!("{} district {}", PLACES[i % PLACES.len()], i), "location"),
        _ => (format!("Project {i}"), "activity"),
    }
}

fn memory_text(rng: &mut Rng, names: &[&str]) -> String {
    let mut text = String::with_capacity(1_100);
    while text.len() < 1_000 {
        text.push_str(SENTENCES[rng.below(SENTENCES.len())]);
        text.push(' ');
        if rng.below(3) == 0 {
            text.push_str(&format!("{} was there too. ", names[rng.below(names.len())]));
        }
    }
    text
}

async fn seed(db: &sea_orm::DatabaseConnection, user_id: i64, memories: usize) {
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let now = Utc::now();
    let start = Instant::now();
    let mut entity_rows = Vec::with_capacity(ENTITIES);
    for i in 0..ENTITIES {
        let (name, kind) = entity_name(i);
        entity_rows.push(entity::ActiveModel {
            user_id: Set(user_id),
            name_key: Set(lifegraph_extract::name_key(&name)),
            name: Set(name),
            entity_type: Set(kind.to_owned()),
            metadata: Set(json!({"category": "friend"})),
            aliases: Set(json!([])),
            notes: Set(None),
            confidence: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
    }
    for chunk in entity_rows.chunks(200) {
        entity::Entity::insert_many(chunk.to_vec()).exec(db).await.expect("seed entities");
    }
    let entity_ids: Vec<i64> = entity::Entity::find().all(db).await.unwrap().into_iter().map(|e| e.id).collect();
    let names: Vec<String> = (0..ENTITIES).map(|i| entity_name(i).0).collect();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();

    let base = NaiveDate::from_ymd_opt(1990, 1, 1).unwrap();
    for batch in 0..memories / 200 {
        let mut rows = Vec::with_capacity(200);
        for i in 0..200 {
            let n = batch * 200 + i;
            let title = format!("Memory number {n}");
            let content = memory_text(&mut rng, &name_refs);
            rows.push(memory::ActiveModel {
                user_id: Set(user_id),
                search_text: Set(lifegraph::memories::queries::search_text(&title, &content, None)),
                title: Set(title),
                description: Set(None),
                content: Set(content),
                event_date: Set(Some(base + chrono::Days::new(rng.below(12_000) as u64))),
                location: Set(Some(PLACES[n % PLACES.len()].to_owned())),
                photo: Set(None),
                visibility: Set(None),
                media: Set(None),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            });
        }
        memory::Entity::insert_many(rows).exec(db).await.expect("seed memories");
    }
    let memory_rows: Vec<(i64, Option<NaiveDate>)> = memory::Entity::find()
        .select_only()
        .column(memory::Column::Id)
        .column(memory::Column::EventDate)
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    let mut links = Vec::new();
    for (memory_id, event_date) in &memory_rows {
        let count = 3 + rng.below(3);
        let first = rng.below(ENTITIES);
        for k in 0..count {
            links.push(memory_entity::ActiveModel {
                memory_id: Set(*memory_id),
                entity_id: Set(entity_ids[(first + k * 97) % ENTITIES]),
                user_id: Set(user_id),
                confidence: Set(Some(60 + rng.below(40) as i32)),
                created_at: Set(now),
                memory_event_date: Set(*event_date),
                memory_created_at: Set(Some(now)),
            });
        }
        if links.len() >= 500 {
            memory_entity::Entity::insert_many(std::mem::take(&mut links)).exec(db).await.expect("seed links");
        }
    }
    if !links.is_empty() {
        memory_entity::Entity::insert_many(links).exec(db).await.expect("seed links");
    }
    // Fresh statistics, as a database in use would have; on PostgreSQL vacuumed too, as
    // autovacuum would have done, so that it does not start in the middle of the figures.
    let settle = match db.get_database_backend() {
        sea_orm::DatabaseBackend::Postgres => "VACUUM ANALYZE",
        _ => "ANALYZE",
    };
    db.execute_unprepared(settle).await.unwrap();
    println!("  seeded {memories} memories, {ENTITIES} entities in {:.1} s", start.elapsed().as_secs_f64());
}

fn report(what: &str, mut samples: Vec<Duration>, goal_ms: Option<f64>) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1_000.0;
    let median = ms(samples[samples.len() / 2]);
    let p95 = ms(samples[samples.len() * 95 / 100]);
    let goal = goal_ms
        .map(|g| format!("  (goal: median under {g} ms: {})", if median < g { "met" } else { "MISSED" }))
        .unwrap_or_default();
    println!("  {what:<44} median {median:>7.2} ms   p95 {p95:>7.2} ms{goal}");
}

/// This process's own resident memory right now, in bytes (Linux): resident pages less those
/// mapped from files, which include the SQLite database the server reads through `mmap`
/// (shared with the system's file cache, not the server's to hold).
fn private_bytes() -> u64 {
    let status = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let field = |n: usize| -> u64 { status.split_whitespace().nth(n).and_then(|p| p.parse().ok()).unwrap_or(0) };
    field(1).saturating_sub(field(2)) * 4096
}

async fn run(label: &str, database_url: String, memories: usize) {
    println!("\n{label}, {memories} memories");
    let dir = tempfile::tempdir().unwrap();
    let storage = format!("file://{}/photos", dir.path().display());
    let database_url = database_url.replace("{dir}", &dir.path().display().to_string());
    let app = Application::build(Config::for_tests(&database_url, &storage)).await.expect("app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let db = app.state().db.clone();
    tokio::spawn(app.run_until_stopped(std::future::pending()));

    let client = reqwest::Client::builder().cookie_store(true).build().unwrap();
    client
        .post(format!("{address}/auth/local"))
        .header("Origin", &address)
        .form(&[("email", "bench@example.org"), ("redirect", "/")])
        .send()
        .await
        .unwrap();
    let me: serde_json::Value =
        client.get(format!("{address}/api/auth/user")).send().await.unwrap().json().await.unwrap();
    seed(&db, me["id"].as_i64().unwrap(), memories).await;

    // The goals of docs/constants.md ("Speed goals") for a page and a search, at 10,000 and at 100,000 memories.
    let (page_goal, search_goal) = if memories <= 10_000 { (3.0, 5.0) } else { (5.0, 20.0) };
    let timed = |path: String| {
        let client = client.clone();
        async move {
            let mut samples = Vec::with_capacity(SAMPLES);
            for _ in 0..SAMPLES {
                let start = Instant::now();
                let response = client.get(&path).send().await.unwrap();
                assert!(response.status().is_success(), "{path}: {}", response.status());
                response.bytes().await.unwrap();
                samples.push(start.elapsed());
            }
            samples
        }
    };
    let page = |query: &str| format!("{address}/api/memories?pageSize=24&{query}");
    let healthz = timed(format!("{address}/healthz")).await;
    report("GET /healthz (the HTTP stack alone)", healthz, None);
    for (what, query) in [
        ("first page (24, by event date, newest first)", "sortBy=eventDate&sortOrder=desc"),
        ("first page, by event date, oldest first", "sortBy=eventDate&sortOrder=asc"),
        ("first page, by creation date", "sortBy=createdAt&sortOrder=desc"),
    ] {
        report(what, timed(page(query)).await, Some(page_goal));
    }
    let entities: Vec<serde_json::Value> =
        client.get(format!("{address}/api/entities")).send().await.unwrap().json().await.unwrap();
    let filtered = timed(page(&format!("sortBy=eventDate&filterEntity={}", entities[10]["id"]))).await;
    report("first page filtered by one entity", filtered, Some(page_goal));
    for (what, word) in [
        ("search a word most memories hold", "sandcastle"),
        ("search a rare name", "Laurent 1233"),
        ("search typed without accents", "ete"),
        ("search a word nobody wrote", "zeppelin"),
    ] {
        report(
            &format!("{what} ({word})"),
            timed(page(&format!("sortBy=eventDate&search={word}"))).await,
            Some(search_goal),
        );
    }

    let mut creations = Vec::with_capacity(SAMPLES);
    let mut rng = Rng(42);
    let name_refs: Vec<String> = (0..ENTITIES).map(|i| entity_name(i).0).collect();
    let name_refs: Vec<&str> = name_refs.iter().map(String::as_str).collect();
    for i in 0..SAMPLES {
        let body = json!({"title": format!("Bench {i}"), "content": memory_text(&mut rng, &name_refs)});
        let start = Instant::now();
        let response = client
            .post(format!("{address}/api/memories/with-validation"))
            .header("Origin", &address)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        response.bytes().await.unwrap();
        creations.push(start.elapsed());
    }
    report("POST /api/memories/with-validation (~1 KB)", creations, Some(30.0));

    let before = private_bytes();
    let mut peak = before;
    let start = Instant::now();
    let mut response = client.get(format!("{address}/api/memories")).send().await.unwrap();
    let mut bytes = 0usize;
    while let Some(chunk) = response.chunk().await.unwrap() {
        bytes += chunk.len();
        peak = peak.max(private_bytes());
    }
    let elapsed = start.elapsed();
    let growth = peak.saturating_sub(before);
    println!(
        "  whole list streamed: {:.1} MB in {:.0} ms; private memory grew {:.1} MB at most ({:.2}x the answer)",
        bytes as f64 / 1e6,
        elapsed.as_secs_f64() * 1e3,
        growth as f64 / 1e6,
        growth as f64 / bytes as f64,
    );
}

#[tokio::main]
async fn main() {
    let _ = rustls::crypto::aws_lc_rs::default_provider().install_default();
    let sizes: Vec<usize> = std::env::var("BENCH_SIZES")
        .unwrap_or_else(|_| "10000,100000".to_owned())
        .split(',')
        .map(|n| n.trim().parse().expect("BENCH_SIZES: numbers separated by commas"))
        .collect();
    println!("Lifegraph memories benchmark: {ENTITIES} entities, {SAMPLES} samples per figure");
    for &memories in &sizes {
        if std::env::var("BENCH_ONLY_PG").is_err() {
            run("SQLite", "sqlite://{dir}/bench.db".to_owned(), memories).await;
        }
        if let Ok(server) = std::env::var("LIFEGRAPH_TEST_POSTGRES_URL") {
            let admin = sea_orm::Database::connect(format!("{server}/postgres")).await.unwrap();
            // A database per size: the previous size's server still holds its connections.
            let name = format!("lifegraph_bench_{memories}");
            admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name}")).await.unwrap();
            admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
            run("PostgreSQL", format!("{server}/{name}"), memories).await;
        }
    }
}
