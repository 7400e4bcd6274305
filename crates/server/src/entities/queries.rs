//! Entity queries, always scoped to one user.

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde_json::{Value, json};

use super::types::{EntityKind, NewEntity};
use crate::db::entities::entity;
use crate::error::{ApiError, ExistingEntity};

pub async fn list<C: ConnectionTrait>(db: &C, user_id: i64, kind: Option<EntityKind>) -> Result<Vec<entity::Model>, sea_orm::DbErr> {
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
            code: "entity_exists",
            message: format!("Entity already exists: {}", existing.name),
            existing_entity: Some(ExistingEntity { id: existing.id, name: existing.name, entity_type: existing.entity_type }),
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
    Ok(model)
}

/// The entity of that name and type, created when missing: confirming twice creates nothing twice.
pub async fn find_or_create<C: ConnectionTrait>(db: &C, user_id: i64, new: NewEntity) -> Result<entity::Model, ApiError> {
    match find_by_name(db, user_id, new.kind, &new.name).await? {
        Some(existing) => Ok(existing),
        None => insert(db, user_id, new).await,
    }
}

/// Add an alias unless the entity already answers to that name.
pub async fn add_alias<C: ConnectionTrait>(db: &C, found: entity::Model, alias: &str) -> Result<entity::Model, ApiError> {
    let alias = super::types::checked_name(alias)?;
    let key = lifegraph_extract::name_key(&alias);
    let mut aliases = found.alias_list();
    if found.name_key == key || aliases.iter().any(|a| lifegraph_extract::name_key(a) == key) {
        return Ok(found);
    }
    aliases.push(alias);
    let mut active = found.into_active_model();
    active.aliases = Set(json!(aliases));
    active.updated_at = Set(Utc::now());
    Ok(active.update(db).await?)
}
