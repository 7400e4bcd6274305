//! `make bench`: the dashboard's requests on a writer's journal of 10,000 memories of about 1 KB
//! and 2,000 entities: 600 people (the writer themself among them, a family of 7 named all
//! through the years, and circles of 8 friends that each fill a stretch of the journal), 300
//! places, 60 life periods (the last 4 named by no memory), 40 emotions (each circle has its
//! favourites), 500 objects and 500 activities. Each memory names 2 to 6 of them; memories are
//! dated over 30 years (some on today's day in earlier years, a few undated), written over the
//! last 3 years (some this month), some with a photo; some call a friend "my cousin" or "ma
//! sœur". A second writer has a little data of their own, so every figure is of one writer's
//! journal. Served by the real application over HTTP on loopback. Prints the median and 95th
//! percentile of the dashboard's statistics, of its reflections and of its relationship
//! suggestions (each beside the time of its queries without HTTP), and what they found; then the
//! timeline and the memories of its busiest and quietest period. The goal of the statistics, the
//! reflections and the timeline's calls: a median under 50 ms.
//!
//! Runs on SQLite, and on PostgreSQL too when `LIFEGRAPH_TEST_POSTGRES_URL` names a server
//! (as `scripts/with-postgres.sh` sets it).

mod support;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use chrono::{DateTime, Datelike, Days, NaiveDate, Utc};
use lifegraph::clock::WriterClock;
use lifegraph::db::entities::{entity, entity_relationship, memory};
use names::{ADJECTIVES, CITIES, FEELINGS, FIRST, LAST, PASTIMES, PERIOD_KINDS, SENTENCES, SPOTS, THINGS, TITLES};
use sea_orm::{ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Set};
use serde_json::{Value, json};
use support::{
    MemoryRow, Rng, SAMPLES, entity_row, get_json, insert_links, link, memories_of, report, settle, sign_in, timed,
};

const PEOPLE: usize = 600;
const LOCATIONS: usize = 300;
const PERIODS: usize = 60;
const EMOTIONS: usize = 40;
const OBJECTS: usize = 500;
const ACTIVITIES: usize = 500;
const ENTITIES: usize = PEOPLE + LOCATIONS + PERIODS + EMOTIONS + OBJECTS + ACTIVITIES;
const MEMORIES: usize = 10_000;
/// The writer's family: people 1 to 7 (person 0 is the writer), named now and then all through.
const FAMILY: usize = 7;
/// Friends who are written about together, each circle over its own stretch of the journal.
const CIRCLE: usize = 8;
const CIRCLES: usize = (PEOPLE - 1 - FAMILY) / CIRCLE;
/// Places each circle meets at.
const CIRCLE_PLACES: usize = 4;
/// The life periods no memory names: the last ones.
const EMPTY_PERIODS: usize = 4;
/// How far back the journal's memories are dated, and how far back they were written.
const YEARS: i32 = 30;
const WRITTEN_DAYS: usize = 3 * 365;
/// The writer's time zone, as the browser sends it.
const ZONE: &str = "Europe/Paris";
/// The goal of the issue for the statistics and the reflections, at the median.
const GOAL_MS: f64 = 50.0;

/// The words the journal is written with.
#[rustfmt::skip]
mod names {
    pub const FIRST: &[&str] = &[
        "Claire", "Hugo", "Amélie", "Leo", "Priya", "Jean", "Nina", "Marc", "Sofia", "Tom", "Inès", "Yann", "Chloé",
        "Omar", "Lucie", "Kenji", "Maëlle", "Paul", "Aïcha", "Noah", "Zoé", "Julien", "Emma", "Bastien", "Léa",
        "Samuel", "Rosa", "Théo", "Hanna", "Malik",
    ];
    pub const LAST: &[&str] = &[
        "Martin", "Bernard", "Dubois", "Okafor", "Tanaka", "Moreau", "Laurent", "Garcia", "Roux", "Fontaine",
        "Lefèvre", "Nguyen", "Rossi", "Perrin", "Schmidt", "Diallo", "Mercier", "Costa", "Girard", "Benali",
    ];
    pub const CITIES: &[&str] = &[
        "Lyon", "Nantes", "Kyoto", "Lisbon", "Annecy", "Brest", "Montréal", "Dakar", "Oslo", "Nice", "Bordeaux",
        "Lille", "Porto", "Berlin", "Seville", "Quimper", "Grenoble", "Marseille", "Dublin", "Naples", "Rennes",
        "Genève", "Toulouse", "Strasbourg", "Biarritz", "Arles", "Vannes", "Colmar", "Bruxelles", "Tours",
    ];
    /// Places in each city, with their category.
    pub const SPOTS: &[(&str, &str)] = &[
        ("Old town", "home"), ("Harbour", "beach"), ("Market", "store"), ("Station", "train-station"),
        ("Park", "park"), ("Café du Centre", "cafe"), ("Office", "work"), ("Lycée", "school"),
        ("Museum", "museum"), ("Chez Paul", "restaurant"),
    ];
    pub const PERIOD_KINDS: &[&str] =
        &["Childhood in", "School years in", "Student days in", "First job in", "Living in", "Summers in"];
    pub const FEELINGS: &[&str] = &[
        "Joy", "Nostalgie", "Calm", "Pride", "Gratitude", "Worry", "Tendresse", "Wonder", "Relief", "Colère",
        "Sadness", "Hope", "Fierté", "Peur", "Excitement", "Surprise", "Love", "Loneliness", "Serenity", "Curiosity",
        "Amusement", "Awe", "Regret", "Confidence", "Embarrassment", "Frustration", "Contentment", "Anticipation",
        "Mélancolie", "Bonheur", "Tristesse", "Jealousy", "Compassion", "Boredom", "Shame", "Enthusiasm",
        "Inspiration", "Apaisement", "Émerveillement", "Impatience",
    ];
    pub const THINGS: &[&str] = &[
        "bicycle", "guitar", "camera", "notebook", "scarf", "watch", "piano", "kite", "tent", "record player",
        "teapot", "backpack", "quilt", "letter", "typewriter", "telescope", "compass", "sketchbook", "violin", "lamp",
        "mug", "umbrella", "radio", "suitcase", "skateboard",
    ];
    pub const ADJECTIVES: &[&str] = &[
        "Red", "Old", "Blue", "Tiny", "Green", "Broken", "Shiny", "Wooden", "Yellow", "Vintage", "Borrowed", "New",
        "Silver", "Heavy", "Favourite", "Striped", "Dusty", "Golden", "Little", "Handmade",
    ];
    pub const PASTIMES: &[&str] = &[
        "Hiking", "Sailing", "Pottery", "Marathon training", "Chorale", "Chess", "Gardening", "Climbing", "Swimming",
        "Painting", "Cooking class", "Cycling", "Yoga", "Theatre", "Photography", "Surfing", "Skiing", "Dancing",
        "Book club", "Birdwatching", "Kayaking", "Tennis", "Knitting", "Volunteering", "Camping",
    ];
    pub const TITLES: &[&str] =
        &["A day with", "Dinner with", "Walking with", "Souvenir avec", "A letter from", "Un week-end avec"];
    pub const SENTENCES: &[&str] = &[
        "The light was soft on the terrace and nobody wanted the evening to end.",
        "On a repris le vieux chemin de la falaise, celui qu'on prenait enfants.",
        "I wrote this down so that I would remember how ordinary and perfect it felt.",
        "Il faisait froid, mais le chocolat chaud du marché valait le détour.",
        "We missed the last train and ended up talking until the sun came up.",
        "Les enfants ont couru sur la plage pendant que nous préparions le pique-nique.",
        "There was music from an open window somewhere, an old song I had forgotten.",
        "J'ai retrouvé une lettre oubliée au fond d'un tiroir et je l'ai relue deux fois.",
    ];
}

const FAMILY_CATEGORIES: [&str; FAMILY] = ["partner", "sister", "brother", "mother", "father", "cousin", "grandmother"];
/// How the family are called in the text: the same categories as they have.
const FAMILY_WORDS: [&str; FAMILY] =
    ["my wife", "my sister", "mon frère", "ma mère", "my father", "my cousin", "ma grand-mère"];
const CIRCLE_CATEGORIES: &[&str] =
    &["close-friend", "colleague", "neighbor", "classmate", "childhood-friend", "work-colleague", "acquaintance"];
/// How the first friend of each circle is called in the text, though their category is "friend".
const FRIEND_WORDS: [(&str, &str); 3] = [("my cousin", "cousin"), ("ma sœur", "sister"), ("my brother", "brother")];

const _: () = assert!(FIRST.len() * LAST.len() == PEOPLE);
const _: () = assert!(CITIES.len() * SPOTS.len() == LOCATIONS);
const _: () = assert!(CITIES.len() * 2 == PERIODS);
const _: () = assert!(FEELINGS.len() == EMOTIONS);
const _: () = assert!(THINGS.len() * ADJECTIVES.len() == OBJECTS);
const _: () = assert!(ACTIVITIES <= PASTIMES.len() * CITIES.len());
const _: () = assert!(CIRCLES * CIRCLE_PLACES <= LOCATIONS);

/// Where each type starts among the writer's entities, in the order they are written.
const FIRST_LOCATION: usize = PEOPLE;
const FIRST_PERIOD: usize = FIRST_LOCATION + LOCATIONS;
const FIRST_EMOTION: usize = FIRST_PERIOD + PERIODS;
const FIRST_OBJECT: usize = FIRST_EMOTION + EMOTIONS;
const FIRST_ACTIVITY: usize = FIRST_OBJECT + OBJECTS;

/// An entity before it is written: name, type, aliases, metadata.
type Fields = (String, &'static str, Vec<String>, Value);

fn person_name(i: usize) -> String {
    format!("{} {}", FIRST[i % FIRST.len()], LAST[i / FIRST.len()])
}

/// The circle of person `i`, and their place in it (none for the writer and their family).
fn circle_of(i: usize) -> Option<(usize, usize)> {
    (i > FAMILY).then(|| ((i - 1 - FAMILY) / CIRCLE, (i - 1 - FAMILY) % CIRCLE))
}

/// How memories call person `i` when they say who they are to the writer.
fn kin_words(i: usize) -> Option<&'static str> {
    match circle_of(i) {
        None if i == 0 => None,
        None => Some(FAMILY_WORDS[i - 1]),
        Some((circle, 0)) => Some(FRIEND_WORDS[circle % FRIEND_WORDS.len()].0),
        Some(_) => None,
    }
}

/// The writer's entity `i` (see the `FIRST_*` ranges); `start` and `span` place the periods.
fn entity_fields(i: usize, start: NaiveDate, span: u64) -> Fields {
    if i < FIRST_LOCATION {
        let category = match circle_of(i) {
            None if i == 0 => "myself",
            None => FAMILY_CATEGORIES[i - 1],
            Some((_, 0)) => "friend",
            Some((circle, member)) => CIRCLE_CATEGORIES[(circle + member) % CIRCLE_CATEGORIES.len()],
        };
        let aliases = if i % 5 == 4 { vec![format!("Nick {i}")] } else { Vec::new() };
        (person_name(i), "person", aliases, json!({"category": category}))
    } else if i < FIRST_PERIOD {
        let k = i - FIRST_LOCATION;
        let (spot, category) = SPOTS[k / CITIES.len()];
        (format!("{spot}, {}", CITIES[k % CITIES.len()]), "location", Vec::new(), json!({"category": category}))
    } else if i < FIRST_EMOTION {
        // The periods follow each other through the years the memories cover.
        let k = (i - FIRST_PERIOD) as u64;
        let named = (PERIODS - EMPTY_PERIODS) as u64;
        let from = start + Days::new(span * k / named);
        let to = start + Days::new(span * (k + 1) / named);
        let name = format!("{} {}", PERIOD_KINDS[k as usize % PERIOD_KINDS.len()], CITIES[k as usize / 2]);
        (name, "lifePeriod", Vec::new(), json!({"startDate": from.to_string(), "endDate": to.to_string()}))
    } else if i < FIRST_OBJECT {
        (FEELINGS[i - FIRST_EMOTION].to_owned(), "emotion", Vec::new(), json!({"intensity": 1 + i % 5}))
    } else if i < FIRST_ACTIVITY {
        let k = i - FIRST_OBJECT;
        let name = format!("{} {}", ADJECTIVES[k / THINGS.len()], THINGS[k % THINGS.len()]);
        (name, "object", Vec::new(), json!({"category": "souvenir"}))
    } else {
        let k = i - FIRST_ACTIVITY;
        let name = format!("{} in {}", PASTIMES[k % PASTIMES.len()], CITIES[k / PASTIMES.len()]);
        (name, "activity", Vec::new(), json!({"category": "hobby"}))
    }
}

/// A moment in the last three years, or in the writer's current month.
fn written_at(rng: &mut Rng, now: DateTime<Utc>, month_start: DateTime<Utc>, this_month: bool) -> DateTime<Utc> {
    if this_month {
        let seconds = (now - month_start).num_seconds().max(1) as usize;
        month_start + chrono::Duration::seconds(rng.below(seconds) as i64)
    } else {
        now - chrono::Duration::minutes(rng.below(WRITTEN_DAYS * 24 * 60) as i64 + 1)
    }
}

/// The entities memory `n` names, as indexes among the writer's entities: 2 to 6, people of the
/// circle of its stretch of the journal first, now and then the writer or one of the family,
/// then the circle's places and favourite emotions, the period of those years, an object or an
/// activity.
fn named_by(rng: &mut Rng, n: usize) -> Vec<usize> {
    let circle = n * CIRCLES / MEMORIES;
    let member = |rng: &mut Rng| 1 + FAMILY + circle * CIRCLE + rng.below(CIRCLE);
    let wanted = 2 + rng.below(5);
    let mut picked = Vec::with_capacity(wanted);
    let add = |picked: &mut Vec<usize>, i: usize| {
        if picked.len() < wanted && !picked.contains(&i) {
            picked.push(i);
        }
    };
    for _ in 0..1 + rng.below(3) {
        let i = member(rng);
        add(&mut picked, i);
    }
    if rng.below(5) == 0 {
        add(&mut picked, 0);
    }
    if rng.below(8) == 0 {
        let i = 1 + rng.below(FAMILY);
        add(&mut picked, i);
    }
    while picked.len() < wanted {
        let i = match rng.below(10) {
            0..=2 if rng.below(10) == 0 => FIRST_LOCATION + rng.below(LOCATIONS),
            0..=2 => FIRST_LOCATION + circle * CIRCLE_PLACES + rng.below(CIRCLE_PLACES),
            3..=5 if rng.below(3) == 0 => FIRST_EMOTION + rng.below(EMOTIONS),
            3..=5 => FIRST_EMOTION + (circle * 3 + rng.below(3)) % EMOTIONS,
            6 => FIRST_PERIOD + n * (PERIODS - EMPTY_PERIODS) / MEMORIES,
            7 => FIRST_OBJECT + rng.below(OBJECTS),
            8 => FIRST_ACTIVITY + rng.below(ACTIVITIES),
            _ => member(rng),
        };
        add(&mut picked, i);
    }
    picked
}

/// About 1 KB of text about the people named, now and then saying who they are to the writer.
fn memory_text(rng: &mut Rng, names: &[(String, Option<&str>)]) -> String {
    let mut text = String::with_capacity(1_100);
    text.push_str(SENTENCES[rng.below(SENTENCES.len())]);
    for (name, kin) in names {
        match kin {
            Some(kin) if rng.below(3) == 0 => text.push_str(&format!(" I spent the evening with {kin} {name}.")),
            _ => text.push_str(&format!(" {name} was there too.")),
        }
    }
    while text.len() < 1_000 {
        text.push(' ');
        text.push_str(SENTENCES[rng.below(SENTENCES.len())]);
    }
    text
}

/// What was written, to check the answers against and to print.
#[derive(Default)]
struct Seeded {
    links: usize,
    photos: usize,
    memories_this_month: usize,
    entities_this_month: usize,
    on_this_day: usize,
    undated: usize,
    relationships: usize,
    bytes: usize,
}

/// The writer's journal (see the top of this file).
async fn seed(db: &DatabaseConnection, user_id: i64, clock: &WriterClock) -> Seeded {
    let mut rng = Rng(0x5EED_1234_ABCD_0003);
    let now = Utc::now();
    let (today, month_start) = (clock.today(), clock.month_start());
    let start = today.with_year(today.year() - YEARS).unwrap_or(today - Days::new(365 * YEARS as u64));
    let span = (today - start).num_days() as u64 - 1;
    let started = Instant::now();
    let mut seeded = Seeded::default();

    let mut rows = Vec::with_capacity(ENTITIES);
    for i in 0..ENTITIES {
        let (name, kind, aliases, metadata) = entity_fields(i, start, span);
        let at = written_at(&mut rng, now, month_start, i % 25 == 0);
        seeded.entities_this_month += usize::from(at >= month_start);
        rows.push(entity_row(user_id, name, kind, aliases, metadata, at));
    }
    for chunk in rows.chunks(500) {
        entity::Entity::insert_many(chunk.to_vec()).exec_without_returning(db).await.expect("seed entities");
    }
    let ids = entity_ids(db, user_id).await;
    assert_eq!(ids.len(), ENTITIES);

    let mut named = Vec::with_capacity(MEMORIES);
    let mut rows = Vec::with_capacity(MEMORIES);
    for n in 0..MEMORIES {
        let picked = named_by(&mut rng, n);
        // Dated in the order they come, over the 30 years; a few undated, some on today's day
        // and month in an earlier year.
        let day = start + Days::new((span * n as u64 / MEMORIES as u64 + rng.below(20) as u64).min(span));
        let event_date = if n % 50 == 7 {
            None
        } else if n % 250 == 3 {
            let on = today.with_year(day.year()).filter(|d| *d < today).or_else(|| today.with_year(day.year() - 1));
            Some(on.unwrap_or(day))
        } else {
            Some(day)
        };
        match event_date {
            None => seeded.undated += 1,
            Some(date) => seeded.on_this_day += usize::from((date.month(), date.day()) == (today.month(), today.day())),
        }
        let people: Vec<(String, Option<&str>)> =
            picked.iter().filter(|&&i| i > 0 && i < FIRST_LOCATION).map(|&i| (person_name(i), kin_words(i))).collect();
        let title = match people.first() {
            Some((name, _)) => format!("{} {name}", TITLES[n % TITLES.len()]),
            None => format!("{} {}", TITLES[n % TITLES.len()], CITIES[n % CITIES.len()]),
        };
        let content = memory_text(&mut rng, &people);
        seeded.bytes += content.len();
        let at = written_at(&mut rng, now, month_start, n % 40 == 0);
        seeded.memories_this_month += usize::from(at >= month_start);
        let mut row = support::memory_row(user_id, title, content, event_date, at);
        row.location = Set(Some(CITIES[(n * CIRCLES / MEMORIES) % CITIES.len()].to_owned()));
        if n % 6 == 0 {
            row.photo = Set(Some(format!("/api/photos/{user_id}/memory-{n}.jpg")));
            seeded.photos += 1;
        }
        rows.push(row);
        named.push(picked);
    }
    for chunk in rows.chunks(500) {
        memory::Entity::insert_many(chunk.to_vec()).exec_without_returning(db).await.expect("seed memories");
    }
    let memories = memories_of(db, user_id).await;
    let links: Vec<_> = memories
        .iter()
        .zip(&named)
        .flat_map(|(memory, picked)| picked.iter().map(move |&i| (*memory, i)))
        .map(|(memory, i)| link(user_id, memory, ids[i], 60 + rng.below(40) as i32, memory.created_at))
        .collect();
    seeded.links = links.len();
    insert_links(db, links).await;
    seeded.relationships = relate(db, user_id, &ids).await;
    settle(db).await;
    println!(
        "  seeded {ENTITIES} entities ({PEOPLE} people, {LOCATIONS} places, {PERIODS} periods, {EMOTIONS} emotions, \
         {OBJECTS} objects, {ACTIVITIES} activities; {} this month) and {MEMORIES} memories (about {} bytes each; {} with a \
         photo, {} written this month, {} on today's day in earlier years, {} undated), {} links, {} stated \
         relationships, in {:.1} s",
        seeded.entities_this_month,
        seeded.bytes / MEMORIES,
        seeded.photos,
        seeded.memories_this_month,
        seeded.on_this_day,
        seeded.undated,
        seeded.links,
        seeded.relationships,
        started.elapsed().as_secs_f64()
    );
    seeded
}

async fn entity_ids(db: &DatabaseConnection, user_id: i64) -> Vec<i64> {
    entity::Entity::find()
        .select_only()
        .column(entity::Column::Id)
        .filter(entity::Column::UserId.eq(user_id))
        .order_by_asc(entity::Column::Id)
        .into_tuple()
        .all(db)
        .await
        .unwrap()
}

/// Relationships the writer stated: two friends of each circle, and some periods within others
/// (which are not relationships between people).
async fn relate(db: &DatabaseConnection, user_id: i64, ids: &[i64]) -> usize {
    let now = Utc::now();
    let pair = |source: usize, target: usize, relationship: &str| entity_relationship::ActiveModel {
        user_id: Set(user_id),
        source_id: Set(ids[source]),
        target_id: Set(ids[target]),
        relationship: Set(relationship.to_owned()),
        created_at: Set(now),
        ..Default::default()
    };
    let people = (0..CIRCLES).map(|circle| 1 + FAMILY + circle * CIRCLE).map(|i| pair(i + 1, i + 2, "best friends"));
    let periods = (0..10).map(|k| pair(FIRST_PERIOD + 6 * k + 1, FIRST_PERIOD + 6 * k, "parent_period"));
    let rows: Vec<_> = people.chain(periods).collect();
    let count = rows.len();
    entity_relationship::Entity::insert_many(rows).exec_without_returning(db).await.expect("seed relationships");
    count
}

/// The other writer: a few entities with the names of the first writer's (themself, family and
/// friends, a period no memory names), and a few memories naming them, some on today's day.
async fn seed_other(db: &DatabaseConnection, user_id: i64, clock: &WriterClock) {
    let now = Utc::now();
    let today = clock.today();
    let start = today - Days::new(3_650);
    let picked: Vec<usize> = (0..12)
        .chain(FIRST_LOCATION..FIRST_LOCATION + 4)
        .chain(FIRST_PERIOD..FIRST_PERIOD + 3)
        .chain(FIRST_EMOTION..FIRST_EMOTION + 4)
        .chain([FIRST_PERIOD + PERIODS - 1])
        .collect();
    let rows: Vec<_> = picked
        .iter()
        .map(|&i| {
            let (name, kind, aliases, metadata) = entity_fields(i, start, 3_650);
            entity_row(user_id, name, kind, aliases, metadata, now)
        })
        .collect();
    entity::Entity::insert_many(rows).exec_without_returning(db).await.expect("seed the other writer");
    let ids = entity_ids(db, user_id).await;
    let mut rng = Rng(7);
    let rows: Vec<_> = (0..40)
        .map(|n| {
            let people = [8 + n % 4, 1 + n % 3].map(|i| (person_name(i), kin_words(i)));
            let day =
                if n % 4 == 0 { today.with_year(today.year() - 2) } else { Some(start + Days::new(n as u64 * 60)) };
            let mut row = support::memory_row(user_id, format!("Other {n}"), memory_text(&mut rng, &people), day, now);
            row.photo = Set(Some(format!("/api/photos/{user_id}/other-{n}.jpg")));
            row
        })
        .collect();
    memory::Entity::insert_many(rows).exec_without_returning(db).await.expect("seed the other writer");
    let memories: Vec<MemoryRow> = memories_of(db, user_id).await;
    let links = memories
        .iter()
        .enumerate()
        .flat_map(|(n, memory)| [0, 1 + n % 3, 8 + n % 4, 12 + n % 4, 19 + n % 4].map(|k| (*memory, ids[k])))
        .map(|(memory, entity_id)| link(user_id, memory, entity_id, 80, now))
        .collect();
    insert_links(db, links).await;
}

/// `SAMPLES` times one of the dashboard's functions, called without HTTP.
async fn timed_calls<T, F: Future<Output = Result<T, DbErr>>>(mut call: impl FnMut() -> F) -> Vec<Duration> {
    let mut samples = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        let start = Instant::now();
        call().await.expect("the queries answer");
        samples.push(start.elapsed());
    }
    samples
}

/// The answers of each kind, by the kind's name.
fn kinds(answers: &Value) -> BTreeMap<&str, Vec<&Value>> {
    let mut found: BTreeMap<&str, Vec<&Value>> = BTreeMap::new();
    for answer in answers.as_array().expect("a list") {
        found.entry(answer["kind"].as_str().expect("a kind")).or_default().push(answer);
    }
    found
}

/// How many answers of each kind, as "kind count, ...", asserting that there are some of each.
fn counted(found: &BTreeMap<&str, Vec<&Value>>, expected: &[&str]) -> String {
    for kind in expected {
        assert!(found.get(kind).is_some_and(|list| !list.is_empty()), "no {kind}: {found:?}");
    }
    found.iter().map(|(kind, list)| format!("{kind} {}", list.len())).collect::<Vec<_>>().join(", ")
}

fn names(list: &Value) -> String {
    let list = list.as_array().expect("a list");
    list.iter()
        .map(|e| format!("{} ({})", e["name"].as_str().unwrap_or("?"), e["count"]))
        .collect::<Vec<_>>()
        .join(", ")
}

async fn run(label: &str, database_url: String) {
    println!("\n{label}, {MEMORIES} memories, {ENTITIES} entities");
    let server = support::serve(&database_url).await;
    let (address, db) = (server.address.clone(), server.db.clone());
    let clock = WriterClock::parse(Some(ZONE)).expect("a time zone");

    let (client, user_id) = sign_in(&address, "bench@example.org").await;
    let (_, other_id) = sign_in(&address, "other@example.org").await;
    seed_other(&db, other_id, &clock).await;
    let seeded = seed(&db, user_id, &clock).await;

    // The answers are the writer's alone, and agree with what was written.
    let stats_url = format!("{address}/api/dashboard/stats?timeZone={ZONE}");
    let stats = get_json(&client, &stats_url).await;
    let (memories, entities, activity) = (&stats["memories"], &stats["entities"], &stats["activity"]);
    assert_eq!(memories["total"], MEMORIES, "{stats}");
    assert_eq!(memories["withPhotos"], seeded.photos, "{stats}");
    assert_eq!(memories["thisMonth"], seeded.memories_this_month, "{stats}");
    assert_eq!(entities["total"], ENTITIES, "{stats}");
    assert_eq!(entities["thisMonth"], seeded.entities_this_month, "{stats}");
    assert_eq!(entities["byType"]["person"], PEOPLE, "{stats}");
    assert_eq!(activity["topPeople"].as_array().map(Vec::len), Some(lifegraph::dashboard::TOP_ROWS), "{stats}");
    let top_people = activity["topPeople"].as_array().unwrap();
    assert!(top_people.iter().all(|p| p["name"] != person_name(0).as_str()), "the writer is no top person: {stats}");
    assert_eq!(activity["topEvents"].as_array().map(Vec::len), Some(lifegraph::dashboard::TOP_ROWS), "{stats}");
    println!("  stats: top people {}; top periods {}", names(&activity["topPeople"]), names(&activity["topEvents"]));

    // Every rule has work, and finds what the journal holds.
    let reflections_url = format!("{address}/api/ai/reflections?timeZone={ZONE}");
    let answer = get_json(&client, &reflections_url).await;
    let reflections = kinds(&answer);
    let counts = counted(&reflections, &["emotionWith", "emptyPeriod", "onThisDay", "unwrittenPerson"]);
    let on_this_day = &reflections["onThisDay"][0]["memoryCount"];
    assert_eq!(*on_this_day, seeded.on_this_day, "{answer}");
    println!("  reflections answered: {counts} (on this day: {on_this_day} memories)");
    let suggestions_url = format!("{address}/api/ai/relationship-suggestions");
    let answer = get_json(&client, &suggestions_url).await;
    let suggestions = kinds(&answer);
    let counts = counted(&suggestions, &["categoryFromText", "coOccurrence"]);
    // The friends whom memories call "my cousin", "ma sœur", "my brother"; the family are called
    // what they are.
    for suggestion in &suggestions["categoryFromText"] {
        assert_eq!(suggestion["currentCategory"], "friend", "{suggestion}");
        let stated = suggestion["suggestedCategory"].as_str().unwrap_or_default();
        assert!(FRIEND_WORDS.iter().any(|(_, category)| *category == stated), "{suggestion}");
    }
    println!("  suggestions answered: {counts}");

    report("GET /healthz (the HTTP stack alone)", timed(&client, &format!("{address}/healthz"), None).await, None);
    let samples = timed(&client, &stats_url, None).await;
    report(&format!("GET /api/dashboard/stats?timeZone={ZONE}"), samples, Some(GOAL_MS));
    let samples = timed_calls(|| lifegraph::dashboard::stats(&db, user_id, &clock)).await;
    report("  of which dashboard::stats (its queries)", samples, None);
    let samples = timed(&client, &reflections_url, None).await;
    report(&format!("GET /api/ai/reflections?timeZone={ZONE}"), samples, Some(GOAL_MS));
    let samples = timed_calls(|| lifegraph::insights::reflections::reflections(&db, user_id, &clock)).await;
    report("  of which reflections::reflections (its queries)", samples, None);
    let samples = timed(&client, &suggestions_url, None).await;
    report("GET /api/ai/relationship-suggestions", samples, None);
    let samples = timed_calls(|| lifegraph::insights::suggestions::suggestions(&db, user_id)).await;
    report("  of which suggestions::suggestions (its queries)", samples, None);

    // The timeline: every period placed, then the first page of memories of the period named
    // most and of the one named least (the list walks the journal until a page is found).
    let timeline_url = format!("{address}/api/timeline");
    let timeline = get_json(&client, &timeline_url).await;
    let placed = timeline["periods"].as_array().expect("periods");
    assert_eq!(placed.len() + timeline["undated"].as_array().map_or(0, Vec::len), PERIODS, "{timeline}");
    let named: Vec<&Value> = placed.iter().filter(|p| p["memoryCount"].as_i64() > Some(0)).collect();
    fn count(period: &Value) -> i64 {
        period["memoryCount"].as_i64().unwrap_or_default()
    }
    let report_timeline = timed(&client, &timeline_url, None).await;
    report(&format!("GET /api/timeline ({PERIODS} periods)"), report_timeline, Some(GOAL_MS));
    for period in [named.iter().max_by_key(|p| count(p)), named.iter().min_by_key(|p| count(p))].into_iter().flatten() {
        let url = format!("{address}/api/timeline/memories?periods={}&pageSize=24", period["id"]);
        let page = get_json(&client, &url).await;
        assert!(!page["items"].as_array().expect("items").is_empty(), "{page}");
        let what = format!("GET /api/timeline/memories (a period named by {} memories)", count(period));
        report(&what, timed(&client, &url, None).await, Some(GOAL_MS));
    }
}

#[tokio::main]
async fn main() {
    println!(
        "Lifegraph dashboard benchmark: {SAMPLES} samples per figure; goal: statistics and reflections median under {GOAL_MS} ms"
    );
    support::on_each_database("lifegraph_bench_dashboard", run).await;
}
