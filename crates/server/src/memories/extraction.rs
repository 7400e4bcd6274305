//! Runs the extraction engine against the writer's own entities. Preparing the matcher is the
//! costly part for a writer with thousands of entities, so each process keeps the prepared
//! matcher per writer, with the writer's entity version (stored in the database, raised by
//! every entity change in any process) it was made from, and rebuilds it when that moved.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use lifegraph_extract::{EntityType, KnownEntity, Matcher, MemoryText};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};

use crate::db::entities::entity;
use crate::entities::queries::version;

/// How many writers' matchers one process keeps.
const CAPACITY: usize = 256;

#[derive(Default)]
pub struct MatcherCache {
    entries: Mutex<HashMap<i64, (i64, Arc<Matcher>)>>,
}

impl MatcherCache {
    /// The writer's prepared matcher, rebuilt if their entities changed since it was made.
    pub async fn matcher<C: ConnectionTrait>(&self, db: &C, user_id: i64) -> Result<Arc<Matcher>, sea_orm::DbErr> {
        let current = version(db, user_id).await?;
        if let Some((seen, matcher)) = self.entries.lock().expect("cache lock").get(&user_id)
            && *seen == current
        {
            return Ok(matcher.clone());
        }
        // Read the version before the entities: a change in between makes the next call
        // rebuild again, never keep a stale matcher.
        let known = known_entities(db, user_id).await?;
        let matcher = Arc::new(Matcher::new(&known));
        let mut entries = self.entries.lock().expect("cache lock");
        if entries.len() >= CAPACITY
            && let Some(evicted) = entries.keys().next().copied()
        {
            entries.remove(&evicted);
        }
        entries.insert(user_id, (current, matcher.clone()));
        Ok(matcher)
    }
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
