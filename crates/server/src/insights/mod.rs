//! Insights and reflection prompts computed from the writer's own graph and memories, with no
//! network and no model: the same data always gives the same answer (docs/rules.md "Insights").
//! `GET /api/ai/reflections` and `GET /api/ai/relationship-suggestions` keep the paths of
//! SPEC §7; nothing leaves the server.

pub mod reflections;
pub mod suggestions;

use crate::openapi::routes;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::db::entities::{entity, memory};
use crate::entities::types::EntityKind;

/// Memories listed as evidence of one insight (`memoryCount` says how many there are).
pub const EVIDENCE_MEMORIES: usize = 5;
/// Reflection prompts per kind of insight; the web app holds their texts in both languages.
pub const PROMPTS_PER_KIND: u64 = 3;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(reflections::get_reflections)).routes(routes!(suggestions::get_suggestions))
}

/// An entity an insight rests on.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceEntity {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
}

/// A memory an insight rests on.
#[derive(Clone, Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceMemory {
    pub id: i64,
    pub title: String,
    pub event_date: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
}

/// Which of a kind's prompts to ask: fixed by the insight's key (FNV-1a), so it does not change
/// from one visit to the next while different insights of a kind ask different questions.
pub fn prompt_for(key: &str) -> u8 {
    let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    (hash % PROMPTS_PER_KIND) as u8
}

/// The writer's entities of some types, by id, as evidence (with their metadata for the rules).
pub(crate) async fn entities_of<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    kinds: &[EntityKind],
) -> Result<Vec<(EvidenceEntity, serde_json::Value)>, DbErr> {
    let rows: Vec<(i64, String, String, serde_json::Value)> = entity::Entity::find()
        .select_only()
        .columns([entity::Column::Id, entity::Column::Name, entity::Column::EntityType, entity::Column::Metadata])
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.is_in(kinds.iter().map(|k| k.as_str())))
        .order_by_asc(entity::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, name, entity_type, metadata)| (EvidenceEntity { id, name, entity_type }, metadata))
        .collect())
}

/// These memories of the writer as evidence, newest first (by event date, then creation).
pub(crate) async fn evidence_memories<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    ids: &[i64],
) -> Result<Vec<EvidenceMemory>, DbErr> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<(i64, String, Option<NaiveDate>, DateTime<Utc>)> = memory::Entity::find()
        .select_only()
        .columns([memory::Column::Id, memory::Column::Title, memory::Column::EventDate, memory::Column::CreatedAt])
        .filter(memory::Column::UserId.eq(user_id))
        .filter(memory::Column::Id.is_in(ids.iter().copied()))
        .into_tuple()
        .all(db)
        .await?;
    let mut memories: Vec<EvidenceMemory> = rows
        .into_iter()
        .map(|(id, title, event_date, created_at)| EvidenceMemory { id, title, event_date, created_at })
        .collect();
    sort_newest_first(&mut memories);
    Ok(memories)
}

pub(crate) fn sort_newest_first(memories: &mut [EvidenceMemory]) {
    memories.sort_by(|a, b| {
        let day = |m: &EvidenceMemory| m.event_date.unwrap_or_else(|| m.created_at.date_naive());
        day(b).cmp(&day(a)).then(b.created_at.cmp(&a.created_at)).then(b.id.cmp(&a.id))
    });
}

/// The memories that name all of `entity_ids` (newest first, at most [`EVIDENCE_MEMORIES`]) and
/// how many there are.
pub(crate) async fn memories_naming_all<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    entity_ids: &[i64],
) -> Result<(Vec<EvidenceMemory>, i64), DbErr> {
    let marks = vec!["?"; entity_ids.len()].join(", ");
    let mut values: Vec<sea_orm::Value> = vec![user_id.into()];
    values.extend(entity_ids.iter().map(|id| (*id).into()));
    values.push((entity_ids.len() as i64).into());
    let rows = db
        .query_all_raw(crate::db::statement(
            db.get_database_backend(),
            &format!(
                "SELECT memory_id FROM memory_entities WHERE user_id = ? AND entity_id IN ({marks}) \
                 GROUP BY memory_id HAVING COUNT(*) = ?"
            ),
            values,
        ))
        .await?;
    let ids: Vec<i64> = rows.iter().map(|row| row.try_get("", "memory_id")).collect::<Result<_, _>>()?;
    let mut memories = evidence_memories(db, user_id, &ids).await?;
    memories.truncate(EVIDENCE_MEMORIES);
    Ok((memories, ids.len() as i64))
}

#[cfg(test)]
mod tests {
    use super::prompt_for;

    #[test]
    fn a_key_always_asks_the_same_prompt_and_keys_spread_over_the_prompts() {
        assert_eq!(prompt_for("unwrittenPerson:12"), prompt_for("unwrittenPerson:12"));
        let asked: std::collections::HashSet<u8> = (0..30).map(|i| prompt_for(&format!("emptyPeriod:{i}"))).collect();
        assert_eq!(asked.len(), 3);
    }
}
