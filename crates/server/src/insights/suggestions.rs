//! Relationship suggestions: what the journal says about how people stand, that the graph does
//! not say yet (docs/rules.md "Insights").
//!
//! - `categoryFromText`: memories say "my sister Claire" while Claire's category is another one.
//! - `coOccurrence`: two people named together by at least [`CO_OCCURRENCE_MIN`] memories with no
//!   relationship stated between them.

use std::collections::{BTreeMap, HashMap, HashSet};

use axum::Json;
use axum::extract::State;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

use super::{EvidenceEntity, EvidenceMemory, entities_of, evidence_memories, memories_naming_all, prompt_for};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::{entity, entity_relationship};
use crate::db::statement;
use crate::entities::metadata::{is_myself, stored_category};
use crate::entities::queries::PARENT_PERIOD;
use crate::entities::types::{EntityKind, PersonCategory};
use crate::error::{ApiResult, ErrorBody};

pub const CO_OCCURRENCE_MIN: i64 = 3;
/// At most this many suggestions of each kind.
pub const PER_KIND: usize = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SuggestionKind {
    CategoryFromText,
    CoOccurrence,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RelationshipSuggestion {
    /// The kind and the ids it rests on: stable while the data is.
    pub key: String,
    pub kind: SuggestionKind,
    /// The person it is about (`coOccurrence`: the one with the smaller id).
    pub person: EvidenceEntity,
    /// `coOccurrence`: the other person.
    pub other: Option<EvidenceEntity>,
    /// `categoryFromText`: the category the memories state, and the person's category now.
    #[schema(value_type = Option<PersonCategory>)]
    pub suggested_category: Option<String>,
    #[schema(value_type = Option<PersonCategory>)]
    pub current_category: Option<String>,
    /// The memories it rests on, newest first (at most 5).
    pub memories: Vec<EvidenceMemory>,
    /// How many memories it rests on in all.
    pub memory_count: i64,
    /// Which of the kind's reflection prompts to ask (0 to 2).
    pub prompt: u8,
}

/// Relationship suggestions from the signed-in writer's memories: categories the text states,
/// then people often written about together.
#[utoipa::path(get, path = "/api/ai/relationship-suggestions", tag = "insights",
    responses((status = 200, body = [RelationshipSuggestion]), (status = 401, body = ErrorBody)))]
pub(crate) async fn get_suggestions(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<Vec<RelationshipSuggestion>>> {
    Ok(Json(suggestions(&state.db, user.id).await?))
}

pub async fn suggestions<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<RelationshipSuggestion>, DbErr> {
    let people: Vec<(EvidenceEntity, serde_json::Value)> = entities_of(db, user_id, &[EntityKind::Person])
        .await?
        .into_iter()
        .filter(|(_, metadata)| !is_myself(metadata))
        .collect();
    let mut found = categories_from_text(db, user_id, &people).await?;
    found.extend(co_occurrences(db, user_id, &people).await?);
    Ok(found)
}

async fn categories_from_text<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    people: &[(EvidenceEntity, serde_json::Value)],
) -> Result<Vec<RelationshipSuggestion>, DbErr> {
    let names: HashMap<i64, Vec<String>> = aliases_of(db, user_id, people).await?;
    // The memories that name a person, each read once.
    let links = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT me.memory_id, me.entity_id FROM memory_entities me JOIN entities e ON e.id = me.entity_id \
             WHERE me.user_id = ? AND e.entity_type = ?",
            [user_id.into(), EntityKind::Person.as_str().into()],
        ))
        .await?;
    let mut named: HashMap<i64, Vec<i64>> = HashMap::new();
    for row in links {
        let entity: i64 = row.try_get("", "entity_id")?;
        if names.contains_key(&entity) {
            named.entry(row.try_get("", "memory_id")?).or_default().push(entity);
        }
    }
    let texts = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT m.id, m.search_text FROM memories m WHERE m.user_id = ? AND EXISTS \
             (SELECT 1 FROM memory_entities me JOIN entities e ON e.id = me.entity_id \
              WHERE me.memory_id = m.id AND e.entity_type = ?)",
            [user_id.into(), EntityKind::Person.as_str().into()],
        ))
        .await?;
    // Per person, the memories stating each category.
    let mut stated: HashMap<i64, BTreeMap<&'static str, Vec<i64>>> = HashMap::new();
    for row in texts {
        let memory: i64 = row.try_get("", "id")?;
        let text: String = row.try_get("", "search_text")?;
        for person in named.get(&memory).into_iter().flatten() {
            let category = names[person].iter().find_map(|name| lifegraph_extract::stated_relationship(&text, name));
            if let Some(category) = category.filter(|c| is_person_category(c)) {
                stated.entry(*person).or_default().entry(category).or_default().push(memory);
            }
        }
    }
    // The strongest first (by memories stating it, then id); evidence only for those kept.
    let mut chosen: Vec<(&EvidenceEntity, Option<&str>, &'static str, &Vec<i64>)> = Vec::new();
    for (person, metadata) in people {
        let Some(categories) = stated.get(&person.id) else { continue };
        // The category stated by the most memories; among equals, the first by name.
        let Some((category, memories)) = categories.iter().max_by(|a, b| a.1.len().cmp(&b.1.len()).then(b.0.cmp(a.0)))
        else {
            continue;
        };
        let current = stored_category(metadata);
        if current != Some(*category) {
            chosen.push((person, current, category, memories));
        }
    }
    chosen.sort_by(|a, b| b.3.len().cmp(&a.3.len()).then(a.0.id.cmp(&b.0.id)));
    chosen.truncate(PER_KIND);
    let mut found = Vec::new();
    for (person, current, category, memories) in chosen {
        let key = format!("categoryFromText:{}:{category}", person.id);
        let mut evidence = evidence_memories(db, user_id, memories).await?;
        evidence.truncate(super::EVIDENCE_MEMORIES);
        found.push(RelationshipSuggestion {
            prompt: prompt_for(&key),
            key,
            kind: SuggestionKind::CategoryFromText,
            person: person.clone(),
            other: None,
            suggested_category: Some(category.to_owned()),
            current_category: current.map(str::to_owned),
            memories: evidence,
            memory_count: memories.len() as i64,
        });
    }
    Ok(found)
}

fn is_person_category(category: &str) -> bool {
    serde_json::from_value::<PersonCategory>(serde_json::Value::from(category)).is_ok()
}

/// Each person's name and aliases in search form, longest first.
async fn aliases_of<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    people: &[(EvidenceEntity, serde_json::Value)],
) -> Result<HashMap<i64, Vec<String>>, DbErr> {
    let rows: Vec<(i64, serde_json::Value)> = entity::Entity::find()
        .select_only()
        .columns([entity::Column::Id, entity::Column::Aliases])
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq(EntityKind::Person.as_str()))
        .into_tuple()
        .all(db)
        .await?;
    let aliases: HashMap<i64, Vec<String>> =
        rows.into_iter().map(|(id, list)| (id, serde_json::from_value(list).unwrap_or_default())).collect();
    Ok(people
        .iter()
        .map(|(person, _)| {
            let mut names: Vec<String> = std::iter::once(&person.name)
                .chain(aliases.get(&person.id).into_iter().flatten())
                .map(|name| lifegraph_extract::search_key(name))
                .filter(|name| !name.is_empty())
                .collect();
            names.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
            names.dedup();
            (person.id, names)
        })
        .collect())
}

async fn co_occurrences<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    people: &[(EvidenceEntity, serde_json::Value)],
) -> Result<Vec<RelationshipSuggestion>, DbErr> {
    let rows = db
        .query_all_raw(statement(
            db.get_database_backend(),
            "SELECT a.entity_id AS first, b.entity_id AS second, COUNT(*) AS n \
             FROM memory_entities a \
             JOIN memory_entities b ON b.memory_id = a.memory_id AND b.entity_id > a.entity_id \
             JOIN entities ea ON ea.id = a.entity_id \
             JOIN entities eb ON eb.id = b.entity_id \
             WHERE a.user_id = ? AND ea.entity_type = ? AND eb.entity_type = ? \
             GROUP BY a.entity_id, b.entity_id HAVING COUNT(*) >= ?",
            [
                user_id.into(),
                EntityKind::Person.as_str().into(),
                EntityKind::Person.as_str().into(),
                CO_OCCURRENCE_MIN.into(),
            ],
        ))
        .await?;
    let mut pairs: Vec<(i64, i64, i64)> = Vec::with_capacity(rows.len());
    for row in rows {
        pairs.push((row.try_get("", "first")?, row.try_get("", "second")?, row.try_get("", "n")?));
    }
    let stated: HashSet<(i64, i64)> = entity_relationship::Entity::find()
        .select_only()
        .columns([entity_relationship::Column::SourceId, entity_relationship::Column::TargetId])
        .filter(entity_relationship::Column::UserId.eq(user_id))
        .filter(entity_relationship::Column::Relationship.ne(PARENT_PERIOD))
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let by_id: HashMap<i64, &EvidenceEntity> = people.iter().map(|(person, _)| (person.id, person)).collect();
    pairs.retain(|(a, b, _)| by_id.contains_key(a) && by_id.contains_key(b) && !stated.contains(&(*a, *b)));
    pairs.sort_by(|x, y| y.2.cmp(&x.2).then(x.0.cmp(&y.0)).then(x.1.cmp(&y.1)));
    pairs.truncate(PER_KIND);
    let mut found = Vec::new();
    for (a, b, n) in pairs {
        let key = format!("coOccurrence:{a}:{b}");
        let (memories, _) = memories_naming_all(db, user_id, &[a, b]).await?;
        found.push(RelationshipSuggestion {
            prompt: prompt_for(&key),
            key,
            kind: SuggestionKind::CoOccurrence,
            person: by_id[&a].clone(),
            other: Some(by_id[&b].clone()),
            suggested_category: None,
            current_category: None,
            memories,
            memory_count: n,
        });
    }
    Ok(found)
}
