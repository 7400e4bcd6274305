//! A long journal: every list walks an index (asked of each database's planner), search finds
//! text wherever it lies in the list (accents and case aside), an entity's list follows its
//! memories' dates, and an older database gains all of it on upgrade.

use base64::Engine;
use chrono::{Duration, NaiveDate, Utc};
use lifegraph::db::entities::{entity, memory, memory_entity};
use lifegraph::memories::queries::{self, Cursor, ListFilter, SortBy, SortOrder, Step};
use reqwest::StatusCode;
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set, Statement,
};
use serde_json::{Value, json};

use crate::backends;
use crate::helpers::{Backend, TestApp, spawn, spawn_after, urlencode};

async fn create(app: &TestApp, body: Value) -> i64 {
    let response = app.post_json("/api/memories/with-validation", &body).await;
    assert_eq!(response.status(), StatusCode::CREATED, "create failed");
    let created: Value = response.json().await.unwrap();
    created["memory"]["id"].as_i64().unwrap()
}

async fn person(app: &TestApp, name: &str) -> i64 {
    let created: Value =
        app.post_json("/api/entities", &json!({"name": name, "type": "person"})).await.json().await.unwrap();
    created["id"].as_i64().unwrap()
}

/// Ids of the whole list, read page by page (2 at a time) through the cursors; the unpaged
/// list must say the same.
async fn ids(app: &TestApp, query: &str) -> Vec<i64> {
    let mut found = Vec::new();
    let mut cursor: Option<String> = None;
    loop {
        let mut path = format!("/api/memories?{query}&pageSize=2");
        if let Some(c) = &cursor {
            path.push_str(&format!("&cursor={c}"));
        }
        let response = app.get(&path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let page: Value = response.json().await.unwrap();
        found.extend(page["items"].as_array().unwrap().iter().map(|m| m["id"].as_i64().unwrap()));
        match page["nextCursor"].as_str() {
            Some(next) => cursor = Some(next.to_owned()),
            None => break,
        }
    }
    let whole: Vec<Value> = app.get(&format!("/api/memories?{query}")).await.json().await.unwrap();
    let whole: Vec<i64> = whole.iter().map(|m| m["id"].as_i64().unwrap()).collect();
    assert_eq!(found, whole, "pages and the whole list differ for {query}");
    found
}

async fn search(app: &TestApp, words: &str, order: &str) -> Vec<i64> {
    ids(app, &format!("sortBy=eventDate&sortOrder={order}&search={}", urlencode(words))).await
}

/// `count` plain memories written straight into the database (a long journal in a moment);
/// every tenth has no event date; every third is linked to `entity`.
async fn seed(db: &DatabaseConnection, user_id: i64, count: usize, entity: Option<i64>) {
    seed_words(db, user_id, count, entity, "An ordinary day").await;
}

/// As `seed`, each memory beginning with `words`.
async fn seed_words(db: &DatabaseConnection, user_id: i64, count: usize, entity: Option<i64>, words: &str) {
    let now = Utc::now();
    let start = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
    let rows: Vec<memory::ActiveModel> = (0..count)
        .map(|i| {
            let title = format!("Day {i}");
            // A little over 1 KB, as many written memories are: PostgreSQL keeps no statistics
            // of longer values, so its planner cannot tell a common word from a rare one.
            let content = format!("{words}, number {i}, with little to tell. ").repeat(24);
            memory::ActiveModel {
                user_id: Set(user_id),
                search_text: Set(queries::search_text(&title, &content, None)),
                title: Set(title),
                description: Set(None),
                content: Set(content),
                event_date: Set((i % 10 != 0).then(|| start + chrono::Days::new((i * 7 % 9000) as u64))),
                location: Set(None),
                photo: Set(None),
                visibility: Set(None),
                media: Set(None),
                created_at: Set(now - Duration::seconds(i as i64)),
                updated_at: Set(now),
                ..Default::default()
            }
        })
        .collect();
    for chunk in rows.chunks(200) {
        memory::Entity::insert_many(chunk.to_vec()).exec(db).await.expect("seed memories");
    }
    let Some(entity) = entity else { return };
    let written = memory::Entity::find()
        .filter(memory::Column::UserId.eq(user_id))
        .filter(memory::Column::Title.starts_with("Day "))
        .order_by_asc(memory::Column::Id)
        .all(db)
        .await
        .unwrap();
    let links: Vec<memory_entity::ActiveModel> = written
        .iter()
        .step_by(3)
        .map(|m| memory_entity::ActiveModel {
            memory_id: Set(m.id),
            entity_id: Set(entity),
            user_id: Set(user_id),
            confidence: Set(None),
            created_at: Set(now),
            memory_event_date: Set(m.event_date),
            memory_created_at: Set(Some(m.created_at)),
        })
        .collect();
    for chunk in links.chunks(200) {
        memory_entity::Entity::insert_many(chunk.to_vec()).exec(db).await.expect("seed links");
    }
}

fn cursor(sort_by: SortBy, json: Value) -> Cursor {
    let raw = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json.to_string());
    Cursor::decode(&raw, sort_by).expect("a valid cursor")
}

/// How the database would run a statement: one line per step. On PostgreSQL a whole table
/// may be read only where the planner is left `free` to.
async fn plan(db: &DatabaseConnection, statement: &Statement) -> Vec<String> {
    plan_with(db, statement, false).await
}

async fn plan_with(db: &DatabaseConnection, statement: &Statement, free: bool) -> Vec<String> {
    let backend = db.get_database_backend();
    let values = statement.values.clone().map(|v| v.0).unwrap_or_default();
    match backend {
        DatabaseBackend::Sqlite => {
            let explain =
                Statement::from_sql_and_values(backend, format!("EXPLAIN QUERY PLAN {}", statement.sql), values);
            let rows = db.query_all_raw(explain).await.expect("explain");
            rows.iter().map(|r| r.try_get::<String>("", "detail").unwrap()).collect()
        }
        _ => {
            // A test's tables are small enough that reading one whole is cheapest, and the
            // planner would say so; the question here is whether an index serves the query.
            let txn = lifegraph::db::begin_write(db).await.unwrap();
            if !free {
                txn.execute_unprepared("SET LOCAL enable_seqscan = off").await.unwrap();
            }
            let explain =
                Statement::from_sql_and_values(backend, format!("EXPLAIN (FORMAT JSON) {}", statement.sql), values);
            let rows = txn.query_all_raw(explain).await.expect("explain");
            txn.rollback().await.unwrap();
            let tree: Value = rows[0].try_get("", "QUERY PLAN").unwrap();
            let mut lines = Vec::new();
            flatten(&tree[0]["Plan"], &mut lines);
            lines
        }
    }
}

fn flatten(node: &Value, lines: &mut Vec<String>) {
    let field = |name: &str| node[name].as_str().unwrap_or("").to_owned();
    lines.push(format!("{} {} {}", field("Node Type"), field("Relation Name"), field("Index Name")).trim().to_owned());
    for child in node["Plans"].as_array().into_iter().flatten() {
        flatten(child, lines);
    }
}

async fn every_list_walks_an_index(backend: Backend) {
    let app = spawn(backend).await;
    let other = app.another_browser();
    let other_id = other.signed_in_user("neighbour@example.org").await["id"].as_i64().unwrap();
    let me = app.signed_in_user("archivist@example.org").await["id"].as_i64().unwrap();
    let leo = person(&app, "Leo").await;
    seed(&app.db, other_id, 1_000, None).await;
    seed(&app.db, me, 3_000, Some(leo)).await;

    // Before any statistics, as a database in use may well be: a page's links and entities are
    // looked up by their ids, not by reading all of the writer's.
    let page_ids: Vec<i64> = (1_100..1_124).collect();
    let statement = queries::attach_statement(app.db.get_database_backend(), me, page_ids);
    let steps = plan(&app.db, &statement).await;
    let context = format!("{}\nplan: {steps:#?}", statement.sql);
    match app.db.get_database_backend() {
        DatabaseBackend::Sqlite => assert!(
            steps.iter().all(|s| !s.starts_with("SCAN") && !s.ends_with("(user_id=?)")),
            "found by the writer alone, not by id: {context}"
        ),
        _ => assert!(!steps.iter().any(|s| s.starts_with("Seq Scan")), "a table is read whole: {context}"),
    }
    // Statistics, and on PostgreSQL the trigram index's pending entries merged, as autovacuum
    // leaves a database in use. SQLite keeps none unless asked: its plans are checked both
    // without them, as a new journal has, and with them.
    let db_backend = app.db.get_database_backend();
    let settle = if db_backend == DatabaseBackend::Sqlite { "ANALYZE" } else { "VACUUM ANALYZE" };
    let mut checked = 0;
    let mut seen = std::collections::HashSet::new();
    let passes: &[bool] = if db_backend == DatabaseBackend::Sqlite { &[false, true] } else { &[true] };
    for &settled in passes {
        if settled {
            app.db.execute_unprepared(settle).await.unwrap();
        }
        for sort_by in [SortBy::EventDate, SortBy::CreatedAt] {
            let cursors = match sort_by {
                SortBy::EventDate => vec![
                    None,
                    Some(cursor(sort_by, json!({"s": "eventDate", "v": "2010-06-01", "id": 2_500}))),
                    Some(cursor(sort_by, json!({"s": "eventDate", "v": null, "id": 2_500}))),
                ],
                SortBy::CreatedAt => {
                    vec![
                        None,
                        Some(cursor(
                            sort_by,
                            json!({"s": "createdAt", "v": (Utc::now() - Duration::minutes(20)).to_rfc3339(), "id": 2_500}),
                        )),
                    ]
                }
            };
            for order in [SortOrder::Desc, SortOrder::Asc] {
                for entity_id in [None, Some(leo)] {
                    // A word most memories hold, a few hold, nobody wrote, one too short for trigrams.
                    for words in [None, Some("ordinary day"), Some("number 17"), Some("zeppelin"), Some("zq")] {
                        for after in &cursors {
                            let filter = ListFilter {
                                sort_by,
                                order,
                                entity_id,
                                within: None,
                                search: words.map(str::to_owned),
                            };
                            let statements =
                                queries::page_statements(&app.db, me, &filter, after.as_ref(), 24).await.unwrap();
                            for (i, (step, statement)) in statements.iter().enumerate() {
                                let steps = plan(&app.db, statement).await;
                                let context = format!(
                                    "{filter:?} after {after:?}, statistics: {settled}, statement {i} ({step:?}): \
                                     {}\nplan: {steps:#?}",
                                    statement.sql
                                );
                                // A search finds where a window of the list ends (SEARCH_WINDOW rows
                                // on), keeps the memories before it that hold the words, then finds the
                                // rest through the trigram index.
                                let part = match step {
                                    Step::Page => Part::Page,
                                    Step::Edge | Step::Window => Part::Window,
                                    Step::Indexed | Step::Probe => Part::Indexed,
                                    Step::Found => Part::Found,
                                };
                                check_plan(db_backend, &steps, part, words.unwrap_or(""), &context);
                                if *step == Step::Edge && entity_id.is_none() {
                                    // Where the window ends is read from the index alone.
                                    assert!(
                                        steps
                                            .iter()
                                            .any(|s| s.contains("COVERING INDEX") || s.starts_with("Index Only Scan")),
                                        "the edge reads the memories themselves: {context}"
                                    );
                                }
                                checked += 1;
                                seen.insert(format!("{step:?}"));
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(checked >= 100, "only {checked} plans checked");
    assert_eq!(seen.len(), if db_backend == DatabaseBackend::Sqlite { 6 } else { 4 }, "checked: {seen:?}");
}

#[derive(Clone, Copy, PartialEq)]
enum Part {
    Page,
    Window,
    Indexed,
    Found,
}

fn check_plan(backend: DatabaseBackend, steps: &[String], part: Part, words: &str, context: &str) {
    let indexed_search = part == Part::Indexed;
    let on_a_table = |s: &&String| s.contains("memories") || s.contains("memory_entities");
    match backend {
        DatabaseBackend::Sqlite => {
            for step in steps.iter().filter(on_a_table) {
                // SEARCH: a range of an index (or of the primary key), never a SCAN of it all.
                assert!(step.starts_with("SEARCH"), "a step reads a whole table or index: {context}");
            }
            if part == Part::Found {
                // Each memory the index named, by its id, not a walk through the writer's.
                assert!(
                    steps.iter().any(|s| s.starts_with("SEARCH memories USING INTEGER PRIMARY KEY"))
                        && !steps.iter().any(|s| s.starts_with("SEARCH memories USING INDEX")),
                    "the few memories found are not read by id: {context}"
                );
            } else if indexed_search && words.chars().count() >= 3 {
                assert!(
                    steps.iter().any(|s| s.contains("memory_search VIRTUAL TABLE")),
                    "the search skips its index: {context}"
                );
            } else if !indexed_search {
                assert!(
                    !steps.iter().any(|s| s.contains("TEMP B-TREE")),
                    "the rows are sorted, not walked in order: {context}"
                );
            }
        }
        _ => {
            assert!(!steps.iter().any(|s| s.starts_with("Seq Scan")), "a table is read whole: {context}");
            if indexed_search {
                // The planner weighs the word: a common one is met soonest walking the list in
                // order, a rare one through the trigram index (or the entity's few links).
                if words == "zeppelin" {
                    let by_trigrams = steps.iter().any(|s| s.contains("idx_memories_search_text"));
                    let by_entity = steps.iter().any(|s| s.contains("idx_memory_entities_entity_id"));
                    assert!(by_trigrams || by_entity, "a rare word read neither its index nor the entity's: {context}");
                }
            } else {
                assert!(
                    steps.iter().any(|s| s.starts_with("Index") || s.starts_with("Bitmap Index")),
                    "no index read: {context}"
                );
                if part == Part::Page {
                    assert!(
                        !steps.iter().any(|s| s.contains("Sort")),
                        "the rows are sorted, not walked in order: {context}"
                    );
                }
                if part == Part::Window {
                    // Whatever the planner believes of the word: one held by every memory,
                    // looked for through the trigram index, reads them all.
                    assert!(
                        !steps.iter().any(|s| s.contains("idx_memories_search_text")),
                        "the window is not walked in list order: {context}"
                    );
                }
            }
        }
    }
}

async fn search_finds_text_anywhere_in_a_long_journal(backend: Backend) {
    let app = spawn(backend).await;
    let me = app.signed_in_user("searcher@example.org").await["id"].as_i64().unwrap();
    let leo = person(&app, "Leo").await;
    // Older than every plain day, so far down the newest-first list: past what a search reads
    // in order before it turns to its index.
    let summer = create(
        &app,
        json!({"title": "L’Été à Nantes", "content": "Un grand repas.", "eventDate": "1950-07-01", "entities": [leo]}),
    )
    .await;
    let winter = create(
        &app,
        json!({"title": "Winter", "content": "We said \"hi\" at 50% off, code a_b.\nNew line here", "description": "ÉTÉ indien", "eventDate": "1951-01-01"}),
    )
    .await;
    let short = create(&app, json!({"title": "Zq", "content": "Two letters."})).await;
    assert_eq!(
        app.patch_json(&format!("/api/memories/{short}"), &json!({"eventDate": null})).await.status(),
        StatusCode::OK
    );
    seed(&app.db, me, 900, None).await;
    let other = app.another_browser();
    let other_id = other.signed_in_user("elsewhere@example.org").await["id"].as_i64().unwrap();
    create(&other, json!({"title": "L'été d'un autre", "content": "zq a_b"})).await;
    // Words more than 1,000 memories hold, most of them another writer's, that this writer wrote
    // once, long ago: the search reads its window of this writer's list, then the index past it.
    seed_words(&app.db, other_id, 1_100, None, "A quiet evening").await;
    let evening =
        create(&app, json!({"title": "Evening", "content": "A quiet evening by the lake.", "eventDate": "1949-05-01"}))
            .await;

    assert_eq!(search(&app, "ete", "desc").await, vec![winter, summer], "accents and case aside, newest first");
    assert_eq!(search(&app, "ete", "asc").await, vec![summer, winter]);
    assert_eq!(search(&app, "l'été", "desc").await, vec![summer], "a typed apostrophe finds a typographic one");
    assert_eq!(search(&app, "ÉTÉ INDIEN", "desc").await, vec![winter], "the description is searched");
    assert_eq!(search(&app, "\"hi\"", "desc").await, vec![winter], "quotes are text");
    assert_eq!(search(&app, "50%", "desc").await, vec![winter], "% is text");
    assert_eq!(search(&app, "a_b", "desc").await, vec![winter], "_ is text");
    assert!(search(&app, "a%b", "desc").await.is_empty());
    assert_eq!(search(&app, "a_b. new   line", "desc").await, vec![winter], "a line break matches a space");
    assert_eq!(search(&app, "zq", "desc").await, vec![short], "two letters, past the window, undated");
    assert_eq!(
        search(&app, "Quiet evening", "desc").await,
        vec![evening],
        "past the window, among many other writers' memories"
    );
    assert_eq!(search(&app, "  ", "desc").await.len(), 904, "a blank search is no search");
    let ordinary = search(&app, "ORDINARY day", "desc").await;
    assert_eq!(ordinary.len(), 900, "a word most memories hold");
    // A search reads the first 400 memories of the list in order, then turns to its index:
    // whichever side of that edge a memory stands, it is found once.
    let list: Vec<Value> = app.get("/api/memories?sortBy=eventDate&sortOrder=desc").await.json().await.unwrap();
    for position in [0, 398, 399, 400, 401, list.len() - 2] {
        let memory = &list[position];
        let content = memory["content"].as_str().unwrap();
        assert!(content.starts_with("An ordinary day, number "), "a seeded memory at {position}");
        // "An ordinary day, number 12, with": this memory's alone.
        let phrase = content.split(", with").next().unwrap().to_owned() + ", with";
        let found = search(&app, &phrase, "desc").await;
        assert_eq!(found, vec![memory["id"].as_i64().unwrap()], "the memory at position {position}: {phrase}");
    }
    let filtered = ids(&app, &format!("sortBy=eventDate&filterEntity={leo}&search=ete")).await;
    assert_eq!(filtered, vec![summer], "search within one entity's memories");

    let edited =
        app.patch_json(&format!("/api/memories/{summer}"), &json!({"title": "Printemps", "content": "Rien"})).await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!(search(&app, "ete", "desc").await, vec![winter], "an edit takes the old words out of the index");
    assert_eq!(search(&app, "printemps", "desc").await, vec![summer], "and puts the new ones in");
    assert_eq!(
        app.client.delete(app.url(&format!("/api/memories/{winter}"))).send().await.unwrap().status(),
        StatusCode::NO_CONTENT
    );
    assert!(search(&app, "indien", "desc").await.is_empty(), "a deleted memory is not found");
}

async fn entity_lists_follow_their_memories_dates(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("dates@example.org").await;
    let leo = person(&app, "Leo").await;
    let first =
        create(&app, json!({"title": "One", "content": "x", "eventDate": "2001-01-01", "entities": [leo]})).await;
    let second =
        create(&app, json!({"title": "Two", "content": "x", "eventDate": "2002-01-01", "entities": [leo]})).await;
    let third = create(&app, json!({"title": "Three", "content": "x", "eventDate": "2003-01-01"})).await;
    create(&app, json!({"title": "Not Leo", "content": "x", "eventDate": "2004-01-01"})).await;
    let linked = app.patch_json(&format!("/api/memories/{third}"), &json!({"entities": [leo]})).await;
    assert_eq!(linked.status(), StatusCode::OK);
    let leo_list = |order: &str, sort: &str| format!("sortBy={sort}&sortOrder={order}&filterEntity={leo}");

    assert_eq!(ids(&app, &leo_list("desc", "eventDate")).await, vec![third, second, first]);
    app.patch_json(&format!("/api/memories/{third}"), &json!({"eventDate": "1999-01-01"})).await;
    assert_eq!(ids(&app, &leo_list("desc", "eventDate")).await, vec![second, first, third], "a new date moves it");
    app.patch_json(&format!("/api/memories/{second}"), &json!({"eventDate": null})).await;
    assert_eq!(ids(&app, &leo_list("desc", "eventDate")).await, vec![first, third, second], "unknown dates last");
    assert_eq!(ids(&app, &leo_list("asc", "eventDate")).await, vec![third, first, second], "unknown dates last");
    assert_eq!(ids(&app, &leo_list("desc", "createdAt")).await, vec![third, second, first]);
    assert_eq!(ids(&app, &leo_list("asc", "createdAt")).await, vec![first, second, third]);
}

async fn older_journals_are_indexed_on_upgrade(backend: Backend) {
    let app = spawn_after(backend, async |db: &DatabaseConnection| {
        use sea_orm_migration::MigratorTrait;
        lifegraph::db::Migrator::up(db, Some(2)).await.expect("the first two migrations");
        let now = Utc::now();
        let rows = [
            Query::insert()
                .into_table("users")
                .columns(["auth_subject", "email", "created_at", "updated_at"])
                .values_panic([
                    Expr::val("local:old@example.org"),
                    Expr::val("old@example.org"),
                    Expr::val(now),
                    Expr::val(now),
                ])
                .to_owned(),
            Query::insert()
                .into_table("memories")
                .columns(["user_id", "title", "content", "event_date", "created_at", "updated_at"])
                .values_panic([
                    Expr::val(1),
                    Expr::val("Été 1998"),
                    Expr::val("Nous étions à Brest."),
                    Expr::val(NaiveDate::from_ymd_opt(1998, 7, 1).unwrap()),
                    Expr::val(now),
                    Expr::val(now),
                ])
                .to_owned(),
            Query::insert()
                .into_table("entities")
                .columns([
                    "user_id",
                    "name",
                    "name_key",
                    "entity_type",
                    "metadata",
                    "aliases",
                    "created_at",
                    "updated_at",
                ])
                .values_panic([
                    Expr::val(1),
                    Expr::val("Brest"),
                    Expr::val("brest"),
                    Expr::val("location"),
                    Expr::val(json!({})),
                    Expr::val(json!([])),
                    Expr::val(now),
                    Expr::val(now),
                ])
                .to_owned(),
            Query::insert()
                .into_table("memory_entities")
                .columns(["memory_id", "entity_id", "user_id", "created_at"])
                .values_panic([Expr::val(1), Expr::val(1), Expr::val(1), Expr::val(now)])
                .to_owned(),
        ];
        for row in rows {
            db.execute(&row).await.expect("an older row");
        }
    })
    .await;
    let me = app.signed_in_user("old@example.org").await;
    assert_eq!(me["id"], 1, "the older account");
    assert_eq!(search(&app, "ete 1998", "desc").await, vec![1], "older text is searchable");
    assert_eq!(ids(&app, "sortBy=eventDate&filterEntity=1").await, vec![1], "older links carry their dates");
    let dates: Vec<Option<NaiveDate>> = memory_entity::Entity::find()
        .select_only()
        .column(memory_entity::Column::MemoryEventDate)
        .into_tuple()
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(dates, vec![NaiveDate::from_ymd_opt(1998, 7, 1)]);
}

/// A writer with thousands of entities, and statistics that say so: the entities of a page's
/// memories are still looked up by key, not found by reading all of the writer's, with the
/// planner free to read whole tables.
async fn a_page_looks_its_entities_up_by_key(backend: Backend) {
    let app = spawn(backend).await;
    let other = app.another_browser();
    let other_id = other.signed_in_user("neighbour@example.org").await["id"].as_i64().unwrap();
    let me = app.signed_in_user("collector@example.org").await["id"].as_i64().unwrap();
    let now = Utc::now();
    for user_id in [me, other_id] {
        let entities: Vec<entity::ActiveModel> = (0..2_000)
            .map(|i| {
                let name = format!("Keepsake {i}");
                entity::ActiveModel {
                    user_id: Set(user_id),
                    name_key: Set(name.to_lowercase()),
                    search_text: Set(name.to_lowercase()),
                    name: Set(name),
                    entity_type: Set("object".into()),
                    metadata: Set(json!({})),
                    aliases: Set(json!([])),
                    notes: Set(None),
                    confidence: Set(None),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
            })
            .collect();
        for chunk in entities.chunks(200) {
            entity::Entity::insert_many(chunk.to_vec()).exec(&app.db).await.expect("seed entities");
        }
        seed(&app.db, user_id, 2_000, None).await;
    }
    // Each of my memories names two of my entities.
    let memories: Vec<i64> = memory::Entity::find()
        .select_only()
        .column(memory::Column::Id)
        .filter(memory::Column::UserId.eq(me))
        .order_by_asc(memory::Column::Id)
        .into_tuple()
        .all(&app.db)
        .await
        .unwrap();
    let entities: Vec<i64> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Id)
        .filter(entity::Column::UserId.eq(me))
        .order_by_asc(entity::Column::Id)
        .into_tuple()
        .all(&app.db)
        .await
        .unwrap();
    let links: Vec<memory_entity::ActiveModel> = memories
        .iter()
        .enumerate()
        .flat_map(|(i, &memory_id)| {
            [entities[i % entities.len()], entities[(i * 7 + 3) % entities.len()]].map(|entity_id| {
                memory_entity::ActiveModel {
                    memory_id: Set(memory_id),
                    entity_id: Set(entity_id),
                    user_id: Set(me),
                    confidence: Set(None),
                    created_at: Set(now),
                    memory_event_date: Set(None),
                    memory_created_at: Set(None),
                }
            })
        })
        .collect();
    for chunk in links.chunks(200) {
        memory_entity::Entity::insert_many(chunk.to_vec()).exec(&app.db).await.expect("seed links");
    }
    let settle = if app.db.get_database_backend() == DatabaseBackend::Sqlite { "ANALYZE" } else { "VACUUM ANALYZE" };
    app.db.execute_unprepared(settle).await.unwrap();

    let page: Vec<i64> = memories[1_000..1_050].to_vec();
    let statement = queries::attach_statement(app.db.get_database_backend(), me, page.clone());
    let steps = plan_with(&app.db, &statement, true).await;
    let context = format!("{}\nplan: {steps:#?}", statement.sql);
    match app.db.get_database_backend() {
        DatabaseBackend::Sqlite => assert!(
            steps.iter().all(|s| !s.starts_with("SCAN") && !s.ends_with("(user_id=?)")),
            "found by the writer alone, not by id: {context}"
        ),
        // However the links are read, each link's entity is found by its key, in a loop over
        // the links, not hashed from a read of all the writer's.
        _ => assert!(
            steps.iter().any(|s| s.starts_with("Nested Loop"))
                && steps
                    .iter()
                    .any(|s| s.starts_with("Index Scan entities") || s.starts_with("Index Only Scan entities"))
                && !steps.iter().any(|s| s.starts_with("Hash") || s.starts_with("Merge") || s == "Seq Scan entities"),
            "all of the writer's entities are read to name a page's: {context}"
        ),
    }
    // And the page shows them.
    let tags = queries::with_entities(
        &app.db,
        me,
        memory::Entity::find()
            .filter(memory::Column::Id.is_in(page))
            .all(&app.db)
            .await
            .unwrap()
            .into_iter()
            .map(Into::into)
            .collect(),
    )
    .await
    .unwrap();
    assert_eq!(tags.len(), 50);
    assert!(tags.iter().all(|m| m.entities.len() == 2), "each memory names its two entities");
}

backends!(
    a_page_looks_its_entities_up_by_key,
    every_list_walks_an_index,
    search_finds_text_anywhere_in_a_long_journal,
    entity_lists_follow_their_memories_dates,
    older_journals_are_indexed_on_upgrade,
);
