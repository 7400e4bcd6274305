//! Reflections: things the writer's journal says about their life, each with the memories or
//! entities it rests on and a question to write from (docs/rules.md "Insights").
//!
//! - `onThisDay`: memories of today's day and month in earlier years.
//! - `unwrittenPerson`: a person named by at least [`UNWRITTEN_MIN_MEMORIES`] memories whose latest
//!   memory is [`UNWRITTEN_DAYS`] days old or more.
//! - `emotionWith`: the emotion named most often with a person or a place, by at least
//!   [`EMOTION_PAIR_MIN`] memories.
//! - `emptyPeriod`: a life period that no memory names yet.

use std::collections::HashMap;

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use sea_orm::{ConnectionTrait, DbErr};
use serde::Serialize;
use utoipa::ToSchema;

use super::{EvidenceEntity, EvidenceMemory, entities_of, evidence_memories, memories_naming_all, prompt_for};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::clock::WriterClock;
use crate::dashboard::ZoneQuery;
use crate::db::statement;
use crate::entities::metadata::is_myself;
use crate::entities::types::EntityKind;
use crate::error::{ApiQuery, ApiResult, ErrorBody};

pub const UNWRITTEN_DAYS: i64 = 180;
pub const UNWRITTEN_MIN_MEMORIES: i64 = 2;
pub const EMOTION_PAIR_MIN: i64 = 3;
/// At most this many reflections of each kind but `onThisDay` (one, grouping its memories).
pub const PER_KIND: usize = 3;
/// How far back "on this day" looks.
const YEARS_BACK: i32 = 150;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ReflectionKind {
    OnThisDay,
    UnwrittenPerson,
    EmotionWith,
    EmptyPeriod,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reflection {
    /// The kind and the ids it rests on: stable while the data is.
    pub key: String,
    pub kind: ReflectionKind,
    /// The entities it is about, the main one first (`emotionWith`: the person or place, then
    /// the emotion).
    pub entities: Vec<EvidenceEntity>,
    /// The memories it rests on, newest first (at most 5).
    pub memories: Vec<EvidenceMemory>,
    /// How many memories it rests on in all.
    pub memory_count: i64,
    /// `onThisDay`: the writer's today; `unwrittenPerson`: the day of the person's latest memory.
    pub date: Option<NaiveDate>,
    /// Which of the kind's reflection prompts to ask (0 to 2).
    pub prompt: u8,
}

impl Reflection {
    fn new(kind: ReflectionKind, key: String, entities: Vec<EvidenceEntity>) -> Self {
        let prompt = prompt_for(&key);
        Self { key, kind, entities, memories: Vec::new(), memory_count: 0, date: None, prompt }
    }
}

/// Reflections from the signed-in writer's journal, in a fixed order: on this day, people not
/// written about for a while, emotions with people and places, periods with no memories.
#[utoipa::path(get, path = "/api/ai/reflections", tag = "insights", params(ZoneQuery),
    responses((status = 200, body = [Reflection]), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn get_reflections(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<ZoneQuery>,
) -> ApiResult<Json<Vec<Reflection>>> {
    let clock = query.clock()?;
    Ok(Json(reflections(&state.db, user.id, &clock).await?))
}

pub async fn reflections<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    clock: &WriterClock,
) -> Result<Vec<Reflection>, DbErr> {
    let today = clock.today();
    let mut found = Vec::new();
    found.extend(on_this_day(db, user_id, today).await?);
    let subjects =
        entities_of(db, user_id, &[EntityKind::Person, EntityKind::Location, EntityKind::LifePeriod]).await?;
    let by_id: HashMap<i64, (&EvidenceEntity, &serde_json::Value)> =
        subjects.iter().map(|(entity, metadata)| (entity.id, (entity, metadata))).collect();
    found.extend(unwritten_people(db, user_id, today, &by_id).await?);
    found.extend(emotions_with(db, user_id, &by_id).await?);
    found.extend(empty_periods(db, user_id).await?);
    Ok(found)
}

async fn on_this_day<C: ConnectionTrait>(db: &C, user_id: i64, today: NaiveDate) -> Result<Option<Reflection>, DbErr> {
    // The same day in each earlier year (29 February only in leap years), as parameters the
    // (writer, event date) index serves on both databases.
    let days: Vec<NaiveDate> = (1..=YEARS_BACK).filter_map(|back| today.with_year(today.year() - back)).collect();
    let marks = vec!["?"; days.len()].join(", ");
    let mut values: Vec<sea_orm::Value> = vec![user_id.into()];
    values.extend(days.into_iter().map(sea_orm::Value::from));
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            &format!("SELECT id FROM memories WHERE user_id = ? AND event_date IN ({marks})"),
            values,
        ))
        .await?;
    let ids: Vec<i64> = rows.iter().map(|row| row.try_get("", "id")).collect::<Result<_, _>>()?;
    if ids.is_empty() {
        return Ok(None);
    }
    let mut memories = evidence_memories(db, user_id, &ids).await?;
    let mut reflection =
        Reflection::new(ReflectionKind::OnThisDay, format!("onThisDay:{}", today.format("%m-%d")), Vec::new());
    reflection.memory_count = memories.len() as i64;
    memories.truncate(super::EVIDENCE_MEMORIES);
    reflection.memories = memories;
    reflection.date = Some(today);
    Ok(Some(reflection))
}

async fn unwritten_people<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    today: NaiveDate,
    subjects: &HashMap<i64, (&EvidenceEntity, &serde_json::Value)>,
) -> Result<Vec<Reflection>, DbErr> {
    // A memory's day is its event date, else the day it was written. Per person, from the
    // (entity, event date) index: how many memories, the latest event date, and the latest
    // writing of an undated memory; the later of the two days wins.
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT e.id, \
                (SELECT COUNT(*) FROM memory_entities me WHERE me.entity_id = e.id) AS n, \
                (SELECT MAX(me.memory_event_date) FROM memory_entities me WHERE me.entity_id = e.id) AS dated, \
                (SELECT MAX(me.memory_created_at) FROM memory_entities me \
                  WHERE me.entity_id = e.id AND me.memory_event_date IS NULL) AS written \
             FROM entities e WHERE e.user_id = ? AND e.entity_type = ?",
            [user_id.into(), EntityKind::Person.as_str().into()],
        ))
        .await?;
    let mut people: HashMap<i64, (i64, NaiveDate)> = HashMap::new();
    for row in rows {
        let n: i64 = row.try_get("", "n")?;
        if n < UNWRITTEN_MIN_MEMORIES {
            continue;
        }
        let dated: Option<NaiveDate> = row.try_get("", "dated")?;
        let written: Option<DateTime<Utc>> = row.try_get("", "written")?;
        if let Some(last) = dated.max(written.map(|moment| moment.date_naive())) {
            people.insert(row.try_get("", "id")?, (n, last));
        }
    }
    let mut quiet: Vec<(i64, i64, NaiveDate)> = people
        .into_iter()
        .filter(|(id, (n, last))| {
            *n >= UNWRITTEN_MIN_MEMORIES
                && (today - *last).num_days() >= UNWRITTEN_DAYS
                && subjects.get(id).is_some_and(|(_, metadata)| !is_myself(metadata))
        })
        .map(|(id, (n, last))| (id, n, last))
        .collect();
    // The people written about most first; among equals, the longest silence.
    quiet.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)).then(a.0.cmp(&b.0)));
    let mut found = Vec::new();
    for (id, n, last) in quiet.into_iter().take(PER_KIND) {
        let (person, _) = subjects[&id];
        let mut reflection =
            Reflection::new(ReflectionKind::UnwrittenPerson, format!("unwrittenPerson:{id}"), vec![person.clone()]);
        let (memories, _) = memories_naming_all(db, user_id, &[id]).await?;
        reflection.memories = memories;
        reflection.memory_count = n;
        reflection.date = Some(last);
        found.push(reflection);
    }
    Ok(found)
}

async fn emotions_with<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    subjects: &HashMap<i64, (&EvidenceEntity, &serde_json::Value)>,
) -> Result<Vec<Reflection>, DbErr> {
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT a.entity_id AS subject, b.entity_id AS emotion, COUNT(*) AS n \
             FROM entities eb \
             JOIN memory_entities b ON b.entity_id = eb.id \
             JOIN memory_entities a ON a.memory_id = b.memory_id \
             JOIN entities ea ON ea.id = a.entity_id \
             WHERE eb.user_id = ? AND eb.entity_type = ? AND ea.entity_type IN (?, ?) \
             GROUP BY a.entity_id, b.entity_id HAVING COUNT(*) >= ?",
            [
                user_id.into(),
                EntityKind::Emotion.as_str().into(),
                EntityKind::Person.as_str().into(),
                EntityKind::Location.as_str().into(),
                EMOTION_PAIR_MIN.into(),
            ],
        ))
        .await?;
    let mut pairs: Vec<(i64, i64, i64)> = Vec::with_capacity(rows.len());
    for row in rows {
        pairs.push((row.try_get("", "subject")?, row.try_get("", "emotion")?, row.try_get("", "n")?));
    }
    // Each subject's strongest emotion; then the strongest pairs first.
    pairs.sort_by(|a, b| a.0.cmp(&b.0).then(b.2.cmp(&a.2)).then(a.1.cmp(&b.1)));
    pairs.dedup_by_key(|pair| pair.0);
    pairs.retain(|(subject, _, _)| subjects.get(subject).is_some_and(|(_, metadata)| !is_myself(metadata)));
    pairs.sort_by(|a, b| b.2.cmp(&a.2).then(a.0.cmp(&b.0)));
    pairs.truncate(PER_KIND);
    let emotions: HashMap<i64, EvidenceEntity> = entities_of(db, user_id, &[EntityKind::Emotion])
        .await?
        .into_iter()
        .map(|(entity, _)| (entity.id, entity))
        .collect();
    let mut found = Vec::new();
    for (subject, emotion, n) in pairs {
        let (Some((subject_entity, _)), Some(emotion_entity)) = (subjects.get(&subject), emotions.get(&emotion)) else {
            continue;
        };
        let mut reflection = Reflection::new(
            ReflectionKind::EmotionWith,
            format!("emotionWith:{subject}:{emotion}"),
            vec![(*subject_entity).clone(), emotion_entity.clone()],
        );
        let (memories, _) = memories_naming_all(db, user_id, &[subject, emotion]).await?;
        reflection.memories = memories;
        reflection.memory_count = n;
        found.push(reflection);
    }
    Ok(found)
}

async fn empty_periods<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<Reflection>, DbErr> {
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT e.id, e.name FROM entities e WHERE e.user_id = ? AND e.entity_type = ? \
             AND NOT EXISTS (SELECT 1 FROM memory_entities me WHERE me.entity_id = e.id) \
             ORDER BY e.id LIMIT ?",
            [user_id.into(), EntityKind::LifePeriod.as_str().into(), (PER_KIND as i64).into()],
        ))
        .await?;
    let mut found = Vec::new();
    for row in rows {
        let id: i64 = row.try_get("", "id")?;
        let name: String = row.try_get("", "name")?;
        let period = EvidenceEntity { id, name, entity_type: EntityKind::LifePeriod.as_str().to_owned() };
        found.push(Reflection::new(ReflectionKind::EmptyPeriod, format!("emptyPeriod:{id}"), vec![period]));
    }
    Ok(found)
}
