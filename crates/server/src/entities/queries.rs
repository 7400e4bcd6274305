//! Entity queries, always scoped to one user.
//!
//! Every change to a writer's entities is made here, and each raises the writer's
//! `entities_version` in the same transaction: a server process that keeps something derived
//! from the entities (the extraction matcher) compares that number, so an entity added through
//! one process is seen by all of them.

use chrono::Utc;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect,
    Set,
};
use serde_json::{Value, json};

use super::types::{EntityKind, NewEntity};
use crate::db::entities::{entity, user};
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
        name: Set(new.name),
        entity_type: Set(new.kind.as_str().to_owned()),
        metadata: Set(Value::Object(new.metadata)),
        aliases: Set(json!(new.aliases)),
        notes: Set(new.notes),
        confidence: Set(new.confidence),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    changed(db, user_id).await?;
    Ok(model)
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
    let mut active = found.into_active_model();
    active.aliases = Set(json!(aliases));
    active.updated_at = Set(Utc::now());
    let updated = active.update(db).await?;
    changed(db, user_id).await?;
    Ok(updated)
}
