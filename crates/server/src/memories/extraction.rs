//! Runs the extraction engine against the writer's own entities. Preparing the matcher is the
//! costly part for a writer with thousands of entities, so each process keeps the prepared
//! matcher per writer and rebuilds it only when their entities changed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Utc};
use lifegraph_extract::{EntityType, KnownEntity, Matcher, MemoryText};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use crate::db::entities::entity;

/// How many writers' matchers one process keeps.
const CAPACITY: usize = 256;

/// Changes whenever an entity of the writer is added, changed or removed.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Fingerprint {
    count: i64,
    last_change: Option<DateTime<Utc>>,
    max_id: Option<i64>,
}

#[derive(Default)]
pub struct MatcherCache {
    entries: Mutex<HashMap<i64, (Fingerprint, Arc<Matcher>)>>,
}

impl MatcherCache {
    /// The writer's prepared matcher, rebuilt if their entities changed since it was made.
    pub async fn matcher<C: ConnectionTrait>(&self, db: &C, user_id: i64) -> Result<Arc<Matcher>, sea_orm::DbErr> {
        let fingerprint = fingerprint(db, user_id).await?;
        if let Some((seen, matcher)) = self.entries.lock().expect("cache lock").get(&user_id)
            && *seen == fingerprint
        {
            return Ok(matcher.clone());
        }
        let known = known_entities(db, user_id).await?;
        let matcher = Arc::new(Matcher::new(&known));
        let mut entries = self.entries.lock().expect("cache lock");
        if entries.len() >= CAPACITY
            && let Some(evicted) = entries.keys().next().copied()
        {
            entries.remove(&evicted);
        }
        entries.insert(user_id, (fingerprint, matcher.clone()));
        Ok(matcher)
    }
}

async fn fingerprint<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Fingerprint, sea_orm::DbErr> {
    let (count, last_change, max_id): (i64, Option<DateTime<Utc>>, Option<i64>) = entity::Entity::find()
        .select_only()
        .column_as(Expr::col(entity::Column::Id).count(), "count")
        .column_as(Expr::col(entity::Column::UpdatedAt).max(), "last_change")
        .column_as(Expr::col(entity::Column::Id).max(), "max_id")
        .filter(entity::Column::UserId.eq(user_id))
        .into_tuple()
        .one(db)
        .await?
        .unwrap_or((0, None, None));
    Ok(Fingerprint { count, last_change, max_id })
}

async fn known_entities<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<KnownEntity>, sea_orm::DbErr> {
    let rows = entity::Entity::find().filter(entity::Column::UserId.eq(user_id)).all(db).await?;
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let entity_type = engine_type(&row.entity_type)?;
            let category = row.metadata.get("category").and_then(|c| c.as_str()).map(str::to_owned);
            Some(KnownEntity { id: row.id, aliases: row.alias_list(), name: row.name, entity_type, category })
        })
        .collect())
}

fn engine_type(stored: &str) -> Option<EntityType> {
    Some(match stored {
        "person" => EntityType::Person,
        "location" => EntityType::Location,
        "lifePeriod" | "event" => EntityType::LifePeriod,
        "emotion" => EntityType::Emotion,
        "object" => EntityType::Object,
        "activity" => EntityType::Activity,
        _ => return None,
    })
}

/// Propose the entities of a memory; entities the writer already linked are left out.
pub fn propose(
    matcher: &Matcher,
    title: &str,
    content: &str,
    already_linked: &[i64],
) -> Vec<lifegraph_extract::ValidationResult> {
    let mut results = matcher.extract(&MemoryText { title, details: content, lang: None });
    results.retain(|r| r.recommended_entity_id.is_none_or(|id| !already_linked.contains(&id)));
    results
}
