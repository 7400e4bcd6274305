//! Entity queries, always scoped to one user.
//!
//! Every change to a writer's entities is made here, and each raises the writer's
//! `entities_version` in the same transaction: a server process that keeps something derived
//! from the entities (the extraction matcher) compares that number, so an entity added through
//! one process is seen by all of them.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel, ModelTrait, Order,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Select, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use super::metadata::EntityMetadata;
use super::types::{Entity, EntityChanges, EntityKind, NewEntity, clean_aliases};
use crate::db::entities::{entity, entity_relationship, memory_entity, user};
use crate::error::{ApiError, ErrorCode, ExistingEntity};

pub async fn list<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    kind: Option<EntityKind>,
) -> Result<Vec<entity::Model>, sea_orm::DbErr> {
    let mut query = entity::Entity::find().filter(entity::Column::UserId.eq(user_id));
    if let Some(kind) = kind {
        query = query.filter(entity::Column::EntityType.eq(kind.as_str()));
    }
    query.order_by_asc(entity::Column::NameKey).order_by_asc(entity::Column::Id).all(db).await
}

/// One of the user's entities, or 404 (also when it is someone else's).
pub async fn find_own<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> Result<entity::Model, ApiError> {
    entity::Entity::find_by_id(id)
        .filter(entity::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("Entity {id} not found")))
}

pub async fn find_by_name<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    kind: EntityKind,
    name: &str,
) -> Result<Option<entity::Model>, sea_orm::DbErr> {
    entity::Entity::find()
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq(kind.as_str()))
        .filter(entity::Column::NameKey.eq(lifegraph_extract::name_key(name)))
        .one(db)
        .await
}

/// Create an entity; a duplicate name of the same type is a 409 naming the existing one.
pub async fn create<C: ConnectionTrait>(db: &C, user_id: i64, new: NewEntity) -> Result<entity::Model, ApiError> {
    if let Some(existing) = find_by_name(db, user_id, new.kind, &new.name).await? {
        return Err(ApiError::Conflict {
            code: ErrorCode::EntityExists,
            message: format!("Entity already exists: {}", existing.name),
            existing_entity: Some(ExistingEntity {
                id: existing.id,
                name: existing.name,
                entity_type: existing.entity_type,
            }),
        });
    }
    insert(db, user_id, new).await
}

async fn insert<C: ConnectionTrait>(db: &C, user_id: i64, new: NewEntity) -> Result<entity::Model, ApiError> {
    let now = Utc::now();
    let model = entity::ActiveModel {
        user_id: Set(user_id),
        name_key: Set(lifegraph_extract::name_key(&new.name)),
        search_text: Set(search_text(&new.name, &new.aliases)),
        name: Set(new.name),
        entity_type: Set(new.kind.as_str().to_owned()),
        metadata: Set(new.metadata.to_stored()),
        aliases: Set(json!(new.aliases)),
        notes: Set(new.notes),
        confidence: Set(new.confidence),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    if new.kind == EntityKind::LifePeriod && !new.parents.is_empty() {
        set_parents(db, user_id, model.id, &new.parents).await?;
    }
    changed(db, user_id).await?;
    Ok(model)
}

/// The text the list's search reads: the name and each alias folded, a line each.
pub fn search_text(name: &str, aliases: &[String]) -> String {
    std::iter::once(name)
        .chain(aliases.iter().map(String::as_str))
        .map(lifegraph_extract::search_key)
        .collect::<Vec<_>>()
        .join("\n")
}

/// Begin changing the writer's entities in this transaction. It raises their version first,
/// which on PostgreSQL locks the writer's row: every transaction that changes a writer's
/// entities takes that one lock before reading any of them, so two confirmations at once run one
/// after the other (no deadlock between an entity's row and the writer's, no alias lost to a
/// concurrent rewrite of the list, no duplicate created twice). SQLite's write lock already
/// orders them.
pub async fn begin_changes<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<(), sea_orm::DbErr> {
    changed(db, user_id).await
}

/// Record that the writer's entities changed.
async fn changed<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<(), sea_orm::DbErr> {
    user::Entity::update_many()
        .col_expr(user::Column::EntitiesVersion, Expr::col(user::Column::EntitiesVersion).add(1))
        .filter(user::Column::Id.eq(user_id))
        .exec(db)
        .await?;
    Ok(())
}

/// The writer's entity version: it differs whenever one of their entities changed since.
pub async fn version<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<i64, sea_orm::DbErr> {
    let found: Option<i64> = user::Entity::find_by_id(user_id)
        .select_only()
        .column(user::Column::EntitiesVersion)
        .into_tuple()
        .one(db)
        .await?;
    Ok(found.unwrap_or_default())
}

/// The entity of that name and type, created when missing: confirming twice creates nothing twice.
pub async fn find_or_create<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    new: NewEntity,
) -> Result<entity::Model, ApiError> {
    match find_by_name(db, user_id, new.kind, &new.name).await? {
        Some(existing) => Ok(existing),
        None => insert(db, user_id, new).await,
    }
}

/// Add an alias unless the entity already answers to that name; an entity that has all the
/// aliases it may have takes no more.
pub async fn add_alias<C: ConnectionTrait>(
    db: &C,
    found: entity::Model,
    alias: &str,
) -> Result<entity::Model, ApiError> {
    let alias = super::types::checked_name(alias)?;
    let key = lifegraph_extract::name_key(&alias);
    let mut aliases = found.alias_list();
    if found.name_key == key || aliases.iter().any(|a| lifegraph_extract::name_key(a) == key) {
        return Ok(found);
    }
    if aliases.len() >= super::types::ALIAS_MAX {
        return Err(super::types::too_many_aliases());
    }
    aliases.push(alias);
    let user_id = found.user_id;
    let text = search_text(&found.name, &aliases);
    let mut active = found.into_active_model();
    active.aliases = Set(json!(aliases));
    active.search_text = Set(text);
    active.updated_at = Set(Utc::now());
    let updated = active.update(db).await?;
    changed(db, user_id).await?;
    Ok(updated)
}

/// A period's parent: `source_id` is the period, `target_id` its parent.
pub const PARENT_PERIOD: &str = "parent_period";

/// The orders of an entity list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EntitySort {
    /// Name A-Z (case and accents aside).
    #[default]
    NameAsc,
    /// Name Z-A.
    NameDesc,
    /// Oldest first.
    Oldest,
    /// Newest first.
    Newest,
}

impl EntitySort {
    fn descending(self) -> bool {
        matches!(self, Self::NameDesc | Self::Newest)
    }

    fn by_name(self) -> bool {
        matches!(self, Self::NameAsc | Self::NameDesc)
    }
}

/// Which entities a list holds and in what order.
#[derive(Clone, Debug, Default)]
pub struct ListFilter {
    pub kind: Option<EntityKind>,
    /// Case- and accent-insensitive text in the name or an alias.
    pub search: Option<String>,
    pub sort: EntitySort,
}

impl ListFilter {
    fn search_key(&self) -> Option<String> {
        self.search.as_deref().map(lifegraph_extract::search_key).filter(|k| !k.is_empty())
    }

    fn apply(&self, user_id: i64, mut query: Select<entity::Entity>) -> Select<entity::Entity> {
        query = query.filter(entity::Column::UserId.eq(user_id));
        if let Some(kind) = self.kind {
            query = query.filter(entity::Column::EntityType.eq(kind.as_str()));
        }
        if let Some(key) = self.search_key() {
            query = query.filter(
                Expr::col(entity::Column::SearchText)
                    .like(LikeExpr::new(format!("%{}%", crate::text::escape_like(&key))).escape('\\')),
            );
        }
        query
    }
}

/// Where a page starts: just after this entity in the list's order.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cursor {
    s: EntitySort,
    /// The name key, or the creation time (RFC 3339), of the last entity seen.
    v: String,
    id: i64,
}

impl Cursor {
    fn after(model: &entity::Model, sort: EntitySort) -> Self {
        let v = if sort.by_name() { model.name_key.clone() } else { model.created_at.to_rfc3339() };
        Self { s: sort, v, id: model.id }
    }

    pub fn encode(&self) -> String {
        crate::cursor::encode(self)
    }

    pub fn decode(raw: &str, sort: EntitySort) -> Result<Self, ApiError> {
        let invalid = crate::cursor::invalid;
        let cursor: Self = crate::cursor::decode(raw)?;
        if cursor.s != sort || (!sort.by_name() && DateTime::parse_from_rfc3339(&cursor.v).is_err()) {
            return Err(invalid());
        }
        Ok(cursor)
    }

    /// Past this cursor in its order: one range of the (writer, type, key, id) index.
    fn beyond(&self) -> Condition {
        let value: sea_orm::Value = if self.s.by_name() {
            self.v.clone().into()
        } else {
            DateTime::parse_from_rfc3339(&self.v).expect("checked in decode").with_timezone(&Utc).into()
        };
        let column = if self.s.by_name() { entity::Column::NameKey } else { entity::Column::CreatedAt };
        let (past, id_past) = if self.s.descending() {
            (Expr::col(column).lt(value.clone()), entity::Column::Id.lt(self.id))
        } else {
            (Expr::col(column).gt(value.clone()), entity::Column::Id.gt(self.id))
        };
        Condition::any().add(past).add(Condition::all().add(Expr::col(column).eq(value)).add(id_past))
    }
}

/// One page of the writer's entities and where the next one starts.
pub async fn list_page<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    filter: &ListFilter,
    after: Option<&Cursor>,
    size: u64,
) -> Result<(Vec<entity::Model>, Option<Cursor>), DbErr> {
    let mut query = filter.apply(user_id, entity::Entity::find());
    if let Some(cursor) = after {
        query = query.filter(cursor.beyond());
    }
    let column = if filter.sort.by_name() { entity::Column::NameKey } else { entity::Column::CreatedAt };
    let order = if filter.sort.descending() { Order::Desc } else { Order::Asc };
    let mut rows =
        query.order_by(column, order.clone()).order_by(entity::Column::Id, order).limit(size + 1).all(db).await?;
    let more = rows.len() as u64 > size;
    rows.truncate(size as usize);
    let next = if more { rows.last().map(|m| Cursor::after(m, filter.sort)) } else { None };
    Ok((rows, next))
}

/// How many entities the list holds: of its type, and of those the ones its search finds.
pub async fn list_counts<C: ConnectionTrait>(db: &C, user_id: i64, filter: &ListFilter) -> Result<(u64, u64), DbErr> {
    let total = ListFilter { search: None, ..filter.clone() }.apply(user_id, entity::Entity::find()).count(db).await?;
    let matching = if filter.search_key().is_some() {
        filter.apply(user_id, entity::Entity::find()).count(db).await?
    } else {
        total
    };
    Ok((total, matching))
}

/// How many memories name each of these entities.
pub async fn memory_counts<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<HashMap<i64, i64>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = memory_entity::Entity::find()
        .select_only()
        .column(memory_entity::Column::EntityId)
        .column_as(memory_entity::Column::MemoryId.count(), "count")
        .filter(memory_entity::Column::EntityId.is_in(ids.to_vec()))
        .group_by(memory_entity::Column::EntityId)
        .into_tuple()
        .all(db)
        .await?;
    Ok(rows.into_iter().collect())
}

/// The parents of these periods.
pub async fn parents_of<C: ConnectionTrait>(db: &C, ids: &[i64]) -> Result<HashMap<i64, Vec<i64>>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, i64)> = entity_relationship::Entity::find()
        .select_only()
        .column(entity_relationship::Column::SourceId)
        .column(entity_relationship::Column::TargetId)
        .filter(entity_relationship::Column::SourceId.is_in(ids.to_vec()))
        .filter(entity_relationship::Column::Relationship.eq(PARENT_PERIOD))
        .order_by_asc(entity_relationship::Column::TargetId)
        .into_tuple()
        .all(db)
        .await?;
    let mut parents: HashMap<i64, Vec<i64>> = HashMap::new();
    for (period, parent) in rows {
        parents.entry(period).or_default().push(parent);
    }
    Ok(parents)
}

/// The answers for these entities, with their parents and memory counts, in their order.
pub async fn views<C: ConnectionTrait>(db: &C, models: Vec<entity::Model>) -> Result<Vec<Entity>, DbErr> {
    let ids: Vec<i64> = models.iter().map(|m| m.id).collect();
    let counts = memory_counts(db, &ids).await?;
    let periods: Vec<i64> =
        models.iter().filter(|m| m.entity_type == EntityKind::LifePeriod.as_str()).map(|m| m.id).collect();
    let mut parents = parents_of(db, &periods).await?;
    Ok(models
        .into_iter()
        .map(|m| {
            let (id, count) = (m.id, counts.get(&m.id).copied().unwrap_or_default());
            Entity::new(m, parents.remove(&id), count)
        })
        .collect())
}

pub async fn view<C: ConnectionTrait>(db: &C, model: entity::Model) -> Result<Entity, DbErr> {
    Ok(views(db, vec![model]).await?.pop().expect("one entity in, one out"))
}

/// How many entities the writer has of each type.
pub async fn type_counts<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<(String, i64)>, DbErr> {
    entity::Entity::find()
        .select_only()
        .column(entity::Column::EntityType)
        .column_as(entity::Column::Id.count(), "count")
        .filter(entity::Column::UserId.eq(user_id))
        .group_by(entity::Column::EntityType)
        .into_tuple()
        .all(db)
        .await
}

/// Make `parents` the parents of the period `id`: each must be another of the writer's periods
/// (`unknown_entity`), and none may lie inside the period (`period_cycle`).
pub async fn set_parents<C: ConnectionTrait>(db: &C, user_id: i64, id: i64, parents: &[i64]) -> Result<(), ApiError> {
    if parents.contains(&id) {
        return Err(period_cycle());
    }
    let found: Vec<i64> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Id)
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq(EntityKind::LifePeriod.as_str()))
        .filter(entity::Column::Id.is_in(parents.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    if let Some(missing) = parents.iter().find(|p| !found.contains(p)) {
        return Err(ApiError::bad_request(ErrorCode::UnknownEntity, format!("Period {missing} not found")));
    }
    entity_relationship::Entity::delete_many()
        .filter(entity_relationship::Column::SourceId.eq(id))
        .filter(entity_relationship::Column::Relationship.eq(PARENT_PERIOD))
        .exec(db)
        .await?;
    for parent in parents {
        relate(db, user_id, id, *parent, PARENT_PERIOD).await?;
    }
    if has_period_cycle(db, user_id).await? {
        return Err(period_cycle());
    }
    Ok(())
}

fn period_cycle() -> ApiError {
    ApiError::bad_request(ErrorCode::PeriodCycle, "A period cannot be inside itself or one of its sub-periods")
}

pub async fn relate<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    source: i64,
    target: i64,
    relationship: &str,
) -> Result<i64, DbErr> {
    let stored = entity_relationship::ActiveModel {
        user_id: Set(user_id),
        source_id: Set(source),
        target_id: Set(target),
        relationship: Set(relationship.to_owned()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(stored.id)
}

/// Whether the writer already states this relationship between the two (either way round).
pub async fn relationship_exists<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    a: i64,
    b: i64,
    relationship: &str,
) -> Result<bool, DbErr> {
    let found = entity_relationship::Entity::find()
        .filter(entity_relationship::Column::UserId.eq(user_id))
        .filter(entity_relationship::Column::Relationship.eq(relationship))
        .filter(
            Condition::any()
                .add(entity_relationship::Column::SourceId.eq(a).and(entity_relationship::Column::TargetId.eq(b)))
                .add(entity_relationship::Column::SourceId.eq(b).and(entity_relationship::Column::TargetId.eq(a))),
        )
        .count(db)
        .await?;
    Ok(found > 0)
}

/// Remove the writer's stated relationship `id` (not a period's parent link); whether it was there.
pub async fn unrelate<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> Result<bool, DbErr> {
    let removed = entity_relationship::Entity::delete_many()
        .filter(entity_relationship::Column::Id.eq(id))
        .filter(entity_relationship::Column::UserId.eq(user_id))
        .filter(entity_relationship::Column::Relationship.ne(PARENT_PERIOD))
        .exec(db)
        .await?;
    Ok(removed.rows_affected > 0)
}

/// Whether the writer's period parents loop anywhere (walked without recursion, each period once).
async fn has_period_cycle<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<bool, DbErr> {
    let edges: Vec<(i64, i64)> = entity_relationship::Entity::find()
        .select_only()
        .column(entity_relationship::Column::SourceId)
        .column(entity_relationship::Column::TargetId)
        .filter(entity_relationship::Column::UserId.eq(user_id))
        .filter(entity_relationship::Column::Relationship.eq(PARENT_PERIOD))
        .into_tuple()
        .all(db)
        .await?;
    Ok(crate::entities::graph::has_cycle(&edges))
}

/// Apply checked changes to one of the writer's entities: a new name must not be another's of
/// its type (409), aliases are cleaned against the name, a period's parents are checked.
pub async fn update<C: ConnectionTrait>(
    db: &C,
    found: entity::Model,
    changes: EntityChanges,
) -> Result<entity::Model, ApiError> {
    let user_id = found.user_id;
    let kind = EntityKind::parse(&found.entity_type)?;
    let name = changes.name.unwrap_or_else(|| found.name.clone());
    if lifegraph_extract::name_key(&name) != found.name_key
        && let Some(existing) = find_by_name(db, user_id, kind, &name).await?
        && existing.id != found.id
    {
        return Err(ApiError::Conflict {
            code: ErrorCode::EntityExists,
            message: format!("Entity already exists: {}", existing.name),
            existing_entity: Some(ExistingEntity {
                id: existing.id,
                name: existing.name,
                entity_type: existing.entity_type,
            }),
        });
    }
    let aliases = clean_aliases(&name, changes.aliases.unwrap_or_else(|| found.alias_list()))?;
    let id = found.id;
    let mut active = found.into_active_model();
    active.name_key = Set(lifegraph_extract::name_key(&name));
    active.search_text = Set(search_text(&name, &aliases));
    active.name = Set(name);
    active.aliases = Set(json!(aliases));
    if let Some(metadata) = changes.metadata {
        active.metadata = Set(metadata.to_stored());
    }
    if let Some(notes) = changes.notes {
        active.notes = Set(notes);
    }
    active.updated_at = Set(Utc::now());
    let updated = active.update(db).await?;
    if let Some(parents) = changes.parents.filter(|_| kind == EntityKind::LifePeriod) {
        set_parents(db, user_id, id, &parents).await?;
    }
    changed(db, user_id).await?;
    Ok(updated)
}

/// Delete one of the writer's entities; its links and relationships go with it (the schema's
/// cascades), its memories stay.
pub async fn delete<C: ConnectionTrait>(db: &C, found: entity::Model) -> Result<(), DbErr> {
    let user_id = found.user_id;
    found.delete(db).await?;
    changed(db, user_id).await
}

/// Fold `source` into `target` (both the writer's, of one type, not the same; checked by the
/// caller): the source's memories, names, relationships and period links move to the target,
/// fields the target lacks are taken from the source, and the source is deleted.
pub async fn merge<C: ConnectionTrait>(
    db: &C,
    source: entity::Model,
    target: entity::Model,
) -> Result<entity::Model, ApiError> {
    let user_id = target.user_id;
    // Memories: the links the target lacks move over, keeping their dates and confidence.
    let target_memories: Vec<i64> = memory_entity::Entity::find()
        .select_only()
        .column(memory_entity::Column::MemoryId)
        .filter(memory_entity::Column::EntityId.eq(target.id))
        .into_tuple()
        .all(db)
        .await?;
    let target_memories: HashSet<i64> = target_memories.into_iter().collect();
    let moving = memory_entity::Entity::find().filter(memory_entity::Column::EntityId.eq(source.id)).all(db).await?;
    let moved: Vec<memory_entity::ActiveModel> = moving
        .into_iter()
        .filter(|link| !target_memories.contains(&link.memory_id))
        .map(|link| memory_entity::ActiveModel { entity_id: Set(target.id), ..link.into_active_model().reset_all() })
        .collect();
    for batch in moved.chunks(200) {
        memory_entity::Entity::insert_many(batch.to_vec()).exec_without_returning(db).await?;
    }

    // Relationships: each of the source's, seen from the target, unless the target has it already
    // or it would join the target to itself.
    let relationships = entity_relationship::Entity::find()
        .filter(
            Condition::any()
                .add(entity_relationship::Column::SourceId.eq(source.id))
                .add(entity_relationship::Column::TargetId.eq(source.id)),
        )
        .all(db)
        .await?;
    let existing: HashSet<(i64, i64, String)> = entity_relationship::Entity::find()
        .filter(
            Condition::any()
                .add(entity_relationship::Column::SourceId.eq(target.id))
                .add(entity_relationship::Column::TargetId.eq(target.id)),
        )
        .all(db)
        .await?
        .into_iter()
        .map(|r| (r.source_id, r.target_id, r.relationship))
        .collect();
    let mut added = HashSet::new();
    for relationship in relationships {
        let swap = |id: i64| if id == source.id { target.id } else { id };
        let key = (swap(relationship.source_id), swap(relationship.target_id), relationship.relationship);
        if key.0 != key.1 && !existing.contains(&key) && added.insert(key.clone()) {
            relate(db, user_id, key.0, key.1, &key.2).await?;
        }
    }

    // Names: the source's name and aliases become the target's aliases.
    let mut aliases = target.alias_list();
    aliases.push(source.name.clone());
    aliases.extend(source.alias_list());
    let aliases = clean_aliases(&target.name, aliases)?;
    // Fields: the target's own win; those it lacks come from the source.
    let kind = EntityKind::parse(&target.entity_type)?;
    let mut metadata = target.metadata.as_object().cloned().unwrap_or_default();
    for (key, value) in source.metadata.as_object().cloned().unwrap_or_default() {
        metadata.entry(key).or_insert(value);
    }
    let metadata = EntityMetadata::from_stored(kind, &Value::Object(metadata)).to_stored();
    let notes = target.notes.clone().or_else(|| source.notes.clone());

    delete(db, source).await?;
    if has_period_cycle(db, user_id).await? {
        return Err(ApiError::bad_request(
            ErrorCode::PeriodCycle,
            "These periods cannot be merged: one lies inside the other through a third",
        ));
    }
    let text = search_text(&target.name, &aliases);
    let mut active = target.into_active_model();
    active.aliases = Set(json!(aliases));
    active.search_text = Set(text);
    active.metadata = Set(metadata);
    active.notes = Set(notes);
    active.updated_at = Set(Utc::now());
    let merged = active.update(db).await?;
    changed(db, user_id).await?;
    Ok(merged)
}
