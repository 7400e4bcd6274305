//! `make bench`: a writer with 10,000 entities (the six types of the app, a sixth each) and
//! 10,000 memories, each memory naming 3 to 5 of them picked at random, one person named by 500;
//! a second writer with a few entities of their own, so that every figure is of lists scoped to
//! one writer. Served by the real application over HTTP on loopback. Prints the median and 95th
//! percentile of the first page of 50 people with their memory counts (by name, newest first,
//! searched by a three-letter fragment; and the second page, and all types), of the counts per
//! type, of `/api/graph` (its size, as JSON and as a browser gets it compressed, and where its
//! time goes), of the whole list the web app caches, and of merging a person named by 500
//! memories into another person. The goal of a list page and the graph: a median under 50 ms.
//!
//! Runs on SQLite, and on PostgreSQL too when `LIFEGRAPH_TEST_POSTGRES_URL` names a server
//! (as `scripts/with-postgres.sh` sets it).

mod support;

use std::collections::{HashMap, HashSet};
use std::time::Instant;

use chrono::{DateTime, NaiveDate, Utc};
use lifegraph::db::entities::{entity, memory, memory_entity};
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde_json::{Value, json};
use support::{
    MemoryRow, Rng, SAMPLES, entity_row, get_json, insert_links, link, memories_of, report, settle, sign_in, timed,
};

const ENTITIES: usize = 10_000;
const MEMORIES: usize = 10_000;
/// The memories that name the person merged in each sample.
const MERGED_LINKS: usize = 500;
/// The other writer's entities.
const OTHER_ENTITIES: usize = 60;
const MERGE_SAMPLES: usize = 100;
/// The goal of the issue for a list page and the graph, at the median.
const GOAL_MS: f64 = 50.0;
/// What the list's search is given: three letters, as someone starts typing a name.
const FRAGMENT: &str = "mar";

const KINDS: [&str; 6] = ["person", "location", "lifePeriod", "emotion", "object", "activity"];
const FIRST: &[&str] =
    &["Claire", "Hugo", "Amélie", "Leo", "Priya", "Jean", "Nina", "Marc", "Sofia", "Tom", "Inès", "Yann"];
const LAST: &[&str] =
    &["Martin", "Bernard", "Dubois", "Okafor", "Tanaka", "Moreau", "Laurent", "Garcia", "Roux", "Fontaine"];
const PLACES: &[&str] = &["Lyon", "Nantes", "Kyoto", "Lisbon", "Annecy", "Brest", "Montréal", "Dakar", "Oslo", "Nice"];
const FEELINGS: &[&str] = &["Joy", "Nostalgie", "Calm", "Pride", "Gratitude", "Worry", "Tendresse", "Wonder"];
const OBJECTS: &[&str] = &["Guitar", "Bicycle", "Old camera", "Marble notebook", "Vélo rouge", "Letter", "Quilt"];
const ACTIVITIES: &[&str] = &["Hiking", "Sailing", "Pottery", "Marathon training", "Chorale", "Chess", "Gardening"];
const SENTENCES: &[&str] = &[
    "We walked for hours along the river and talked about everything and nothing.",
    "Nous avons préparé un grand repas et chanté jusqu'à minuit.",
    "It rained all afternoon, so we played cards and laughed at old photos.",
    "Ce souvenir me rend nostalgique de nos étés d'enfance.",
];

/// The name, type, aliases and fields of the writer's entity `i`: the types in turn, so each
/// has a sixth of the entities; one person in five has a nickname.
fn entity_fields(i: usize) -> (String, &'static str, Vec<String>, Value) {
    let kind = KINDS[i % KINDS.len()];
    let place = PLACES[(i / 6) % PLACES.len()];
    match kind {
        "person" => {
            let name = format!("{} {} {i}", FIRST[(i / 6) % FIRST.len()], LAST[(i / 66) % LAST.len()]);
            let aliases = if i.is_multiple_of(5) { vec![format!("Nick {i}")] } else { Vec::new() };
            (name, kind, aliases, json!({"category": "friend"}))
        }
        "location" => (format!("{place} district {i}"), kind, Vec::new(), json!({"category": "home"})),
        "lifePeriod" => (format!("Years in {place} {i}"), kind, Vec::new(), json!({"startDate": "2001-09-01"})),
        "emotion" => (format!("{} {i}", FEELINGS[(i / 6) % FEELINGS.len()]), kind, Vec::new(), json!({"intensity": 3})),
        "object" => {
            (format!("{} {i}", OBJECTS[(i / 6) % OBJECTS.len()]), kind, Vec::new(), json!({"category": "book"}))
        }
        _ => {
            (format!("{} {i}", ACTIVITIES[(i / 6) % ACTIVITIES.len()]), kind, Vec::new(), json!({"category": "hobby"}))
        }
    }
}

fn memory_row(user_id: i64, n: usize, event_date: NaiveDate, at: DateTime<Utc>) -> memory::ActiveModel {
    let title = format!("Memory number {n}");
    let content = format!("{} {}", SENTENCES[n % SENTENCES.len()], SENTENCES[(n / 4) % SENTENCES.len()]);
    let mut row = support::memory_row(user_id, title, content, Some(event_date), at);
    row.location = Set(Some(PLACES[n % PLACES.len()].to_owned()));
    row
}

/// The writer's journal: `ENTITIES - 1` entities, `MEMORIES` memories naming 3 to 5 of them each,
/// and the first person to merge (named by `MERGED_LINKS` memories), which makes `ENTITIES`.
async fn seed(db: &DatabaseConnection, user_id: i64) -> Journal {
    let mut rng = Rng(0x5EED_1234_ABCD_0002);
    let now = Utc::now();
    let start = Instant::now();
    let mut rows = Vec::with_capacity(ENTITIES - 1);
    for i in 0..ENTITIES - 1 {
        let (name, kind, aliases, metadata) = entity_fields(i);
        // Created a minute apart, the newest last: the "newest" order is not the id order reversed by chance.
        let at = now - chrono::Duration::minutes((ENTITIES - i) as i64);
        rows.push(entity_row(user_id, name, kind, aliases, metadata, at));
    }
    for chunk in rows.chunks(500) {
        entity::Entity::insert_many(chunk.to_vec()).exec_without_returning(db).await.expect("seed entities");
    }
    let entities: Vec<(i64, String)> = entity::Entity::find()
        .select_only()
        .columns([entity::Column::Id, entity::Column::EntityType])
        .filter(entity::Column::UserId.eq(user_id))
        .order_by_asc(entity::Column::Id)
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    let entity_ids: Vec<i64> = entities.iter().map(|(id, _)| *id).collect();
    let people: Vec<i64> = entities.iter().filter(|(_, kind)| kind == "person").map(|(id, _)| *id).collect();

    let base = NaiveDate::from_ymd_opt(1990, 1, 1).unwrap();
    let memory_rows: Vec<memory::ActiveModel> = (0..MEMORIES)
        .map(|n| {
            let at = now - chrono::Duration::minutes((MEMORIES - n) as i64);
            memory_row(user_id, n, base + chrono::Days::new(rng.below(12_000) as u64), at)
        })
        .collect();
    for chunk in memory_rows.chunks(500) {
        memory::Entity::insert_many(chunk.to_vec()).exec_without_returning(db).await.expect("seed memories");
    }
    let memories = memories_of(db, user_id).await;
    let mut links = Vec::with_capacity(MEMORIES * 4);
    let mut named: HashMap<i64, HashSet<i64>> = HashMap::new();
    for memory in &memories {
        // Picked at random: almost every pair a memory names is a new edge of the graph, the
        // largest graph these links can make (a journal's own circles of people repeat pairs).
        let wanted = 3 + rng.below(3);
        let mut picked = Vec::with_capacity(wanted);
        while picked.len() < wanted {
            let entity_id = entity_ids[rng.below(entity_ids.len())];
            if !picked.contains(&entity_id) {
                picked.push(entity_id);
            }
        }
        for entity_id in picked {
            named.entry(entity_id).or_default().insert(memory.id);
            links.push(link(user_id, *memory, entity_id, 60 + rng.below(40) as i32, now));
        }
    }
    let count = links.len();
    insert_links(db, links).await;
    let journal = Journal { user_id, memories, people, named };
    journal.merge_source(db, 0).await;
    settle(db).await;
    println!(
        "  seeded {ENTITIES} entities, {MEMORIES} memories, {} links in {:.1} s",
        count + MERGED_LINKS,
        start.elapsed().as_secs_f64()
    );
    journal
}

/// The other writer: a few entities of every type, some with the names of the first writer's,
/// and a few memories naming them.
async fn seed_other(db: &DatabaseConnection, user_id: i64) {
    let now = Utc::now();
    let rows: Vec<entity::ActiveModel> = (0..OTHER_ENTITIES)
        .map(|i| {
            let (name, kind, aliases, metadata) = entity_fields(i);
            entity_row(user_id, name, kind, aliases, metadata, now)
        })
        .collect();
    entity::Entity::insert_many(rows).exec_without_returning(db).await.expect("seed the other writer");
    let ids: Vec<i64> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Id)
        .filter(entity::Column::UserId.eq(user_id))
        .into_tuple()
        .all(db)
        .await
        .unwrap();
    let base = NaiveDate::from_ymd_opt(2015, 6, 1).unwrap();
    let rows: Vec<memory::ActiveModel> = (0..20).map(|n| memory_row(user_id, n, base, now)).collect();
    memory::Entity::insert_many(rows).exec_without_returning(db).await.expect("seed the other writer");
    let memories = memories_of(db, user_id).await;
    let ids = &ids;
    let links = memories
        .iter()
        .enumerate()
        .flat_map(|(n, memory)| (0..3).map(move |k| (*memory, ids[(n * 3 + k) % ids.len()])))
        .map(|(memory, entity_id)| link(user_id, memory, entity_id, 80, now))
        .collect();
    insert_links(db, links).await;
}

/// What the merges need to know of the writer's journal.
struct Journal {
    user_id: i64,
    memories: Vec<MemoryRow>,
    /// The writer's people, by id, the merge sources aside.
    people: Vec<i64>,
    /// The memories that name each entity.
    named: HashMap<i64, HashSet<i64>>,
}

impl Journal {
    /// The person that merge `sample` merges into.
    fn target(&self, sample: usize) -> i64 {
        self.people[(sample * 7) % self.people.len()]
    }

    /// The memories that the source of merge `sample` alone names: none of its target's.
    fn source_memories(&self, sample: usize) -> Vec<MemoryRow> {
        let target = self.named.get(&self.target(sample)).cloned().unwrap_or_default();
        let step = self.memories.len() / MERGED_LINKS;
        (0..self.memories.len())
            .map(|k| self.memories[(sample * 37 + k * step + k / MERGED_LINKS) % self.memories.len()])
            .filter(|m| !target.contains(&m.id))
            .take(MERGED_LINKS)
            .collect()
    }

    /// Create the person that merge `sample` merges away, named by `MERGED_LINKS` memories.
    async fn merge_source(&self, db: &DatabaseConnection, sample: usize) -> i64 {
        let now = Utc::now();
        let name = format!("Mariana Source {sample}");
        let row = entity_row(
            self.user_id,
            name,
            "person",
            vec![format!("Mari {sample}")],
            json!({"category": "cousin"}),
            now,
        );
        let id = entity::Entity::insert(row).exec(db).await.expect("merge source").last_insert_id;
        let links = self.source_memories(sample).into_iter().map(|m| link(self.user_id, m, id, 90, now)).collect();
        insert_links(db, links).await;
        id
    }

    /// Undo what merge `sample` moved onto its target: the links of the source's memories.
    async fn unmerge_links(&self, db: &DatabaseConnection, sample: usize) {
        let moved: Vec<i64> = self.source_memories(sample).iter().map(|m| m.id).collect();
        memory_entity::Entity::delete_many()
            .filter(memory_entity::Column::EntityId.eq(self.target(sample)))
            .filter(memory_entity::Column::MemoryId.is_in(moved))
            .exec(db)
            .await
            .unwrap();
    }
}

async fn run(label: &str, database_url: String) {
    println!("\n{label}, {ENTITIES} entities, {MEMORIES} memories");
    let server = support::serve(&database_url).await;
    let (address, db) = (server.address.clone(), server.db.clone());

    let (client, user_id) = sign_in(&address, "bench@example.org").await;
    let (_, other_id) = sign_in(&address, "other@example.org").await;
    seed_other(&db, other_id).await;
    let journal = seed(&db, user_id).await;

    // The lists are the writer's alone: the other writer's entities are in no count.
    let counts = get_json(&client, &format!("{address}/api/entities/counts")).await;
    let sum: i64 = counts.as_object().unwrap().values().map(|n| n.as_i64().unwrap()).sum();
    assert_eq!(sum, ENTITIES as i64, "counts: {counts}");
    let people = counts["person"].as_i64().unwrap();

    let page = |query: &str| format!("{address}/api/entities-with-metadata?pageSize=50&{query}");
    let first = get_json(&client, &page("type=person")).await;
    assert_eq!(first["total"], people, "the list holds the writer's people only");
    assert_eq!(first["items"].as_array().unwrap().len(), 50);
    let searched = get_json(&client, &page(&format!("type=person&search={FRAGMENT}"))).await;
    println!(
        "  {people} people; '{FRAGMENT}' finds {} of them; one person is named by {MERGED_LINKS} memories",
        searched["matching"]
    );

    report("GET /healthz (the HTTP stack alone)", timed(&client, &format!("{address}/healthz"), None).await, None);
    let cursor = first["nextCursor"].as_str().expect("a second page").to_owned();
    for (what, query) in [
        ("people, first page of 50, by name (nameAsc)", "type=person".to_owned()),
        ("people, first page of 50, newest first", "type=person&sort=newest".to_owned()),
        (&format!("people, first page of 50, search '{FRAGMENT}'"), format!("type=person&search={FRAGMENT}")),
        ("people, second page of 50, by name (cursor)", format!("type=person&cursor={cursor}")),
        ("all types, first page of 50, by name", String::new()),
    ] {
        report(what, timed(&client, &page(&query), None).await, Some(GOAL_MS));
    }
    report("GET /api/entities/counts", timed(&client, &format!("{address}/api/entities/counts"), None).await, None);

    let graph_url = format!("{address}/api/graph");
    let graph = client.get(&graph_url).send().await.unwrap().bytes().await.unwrap();
    let parsed: Value = serde_json::from_slice(&graph).unwrap();
    let (nodes, edges) = (parsed["nodes"].as_array().unwrap().len(), parsed["edges"].as_array().unwrap().len());
    assert_eq!(nodes, ENTITIES, "the graph holds the writer's entities only");
    // What a browser asks for: the answer compressed as the server chooses.
    let browser = "gzip, deflate, br, zstd";
    let compressed = client.get(&graph_url).header("Accept-Encoding", browser).send().await.unwrap();
    let encoding = compressed
        .headers()
        .get("content-encoding")
        .map(|v| v.to_str().unwrap_or("?").to_owned())
        .unwrap_or_else(|| "none".to_owned());
    let compressed = compressed.bytes().await.unwrap().len();
    println!(
        "  graph: {nodes} nodes, {edges} edges, {:.2} MB as JSON, {:.2} MB as a browser gets it ({encoding})",
        graph.len() as f64 / 1e6,
        compressed as f64 / 1e6
    );
    report("GET /api/graph", timed(&client, &graph_url, None).await, Some(GOAL_MS));
    report(
        "GET /api/graph, compressed as a browser asks",
        timed(&client, &graph_url, Some(browser)).await,
        Some(GOAL_MS),
    );
    // Where its time goes: the queries and the counting (`graph::graph`, without HTTP), then
    // the answer written as JSON.
    let mut built = Vec::with_capacity(SAMPLES);
    let mut written = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        let start = Instant::now();
        let answer = lifegraph::entities::graph::graph(&db, user_id).await.unwrap();
        built.push(start.elapsed());
        let start = Instant::now();
        let json = serde_json::to_vec(&answer).unwrap();
        written.push(start.elapsed());
        assert_eq!(json.len(), graph.len());
    }
    report("  of which graph::graph (queries and counting)", built, None);
    report("  of which writing it as JSON", written, None);

    // The whole list, as the web app's entity cache asks for it.
    let mut whole = Vec::with_capacity(SAMPLES / 10);
    for _ in 0..SAMPLES / 10 {
        let start = Instant::now();
        let response = client.get(format!("{address}/api/entities")).send().await.unwrap();
        assert!(response.status().is_success());
        response.bytes().await.unwrap();
        whole.push(start.elapsed());
    }
    report(&format!("GET /api/entities (all {ENTITIES}, {} samples)", SAMPLES / 10), whole, None);

    // Merges: each sample merges a fresh person named by 500 memories into another person;
    // between samples, untimed, the links it moved are taken off the target and the next
    // source is created, so every sample does the same work on the same journal.
    let mut merges = Vec::with_capacity(MERGE_SAMPLES);
    let mut source = entity::Entity::find()
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::Name.eq("Mariana Source 0"))
        .one(&db)
        .await
        .unwrap()
        .expect("the first merge source")
        .id;
    for sample in 0..MERGE_SAMPLES {
        let target = journal.target(sample);
        let before = journal.named.get(&target).map_or(0, HashSet::len);
        let start = Instant::now();
        let response = client
            .post(format!("{address}/api/entities/merge"))
            .header("Origin", &address)
            .json(&json!({"sourceId": source, "targetId": target}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "merge {sample}");
        let merged: Value = response.json().await.unwrap();
        merges.push(start.elapsed());
        assert_eq!(merged["memoryCount"], (before + MERGED_LINKS) as i64, "merge {sample}: {merged}");
        journal.unmerge_links(&db, sample).await;
        if sample + 1 < MERGE_SAMPLES {
            source = journal.merge_source(&db, sample + 1).await;
        }
    }
    report(&format!("POST /api/entities/merge (500 memories, {MERGE_SAMPLES} samples)"), merges, None);
}

#[tokio::main]
async fn main() {
    println!(
        "Lifegraph entities benchmark: {SAMPLES} samples per figure unless said; goal: list page and graph median under {GOAL_MS} ms"
    );
    support::on_each_database("lifegraph_bench_entities", run).await;
}
