//! Memory queries, always scoped to one user. Lists page by keyset (sort value, id), so a
//! journal of any size answers each page in the same time.

use std::collections::HashMap;

use base64::Engine;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoActiveModel, Order, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};

use super::types::{Memory, MemoryEntity, NewMemory};
use crate::db::entities::{entity, memory, memory_entity};
use crate::error::ApiError;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SortBy {
    #[serde(rename = "eventDate")]
    EventDate,
    #[serde(rename = "createdAt")]
    CreatedAt,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    Asc,
    Desc,
}

/// What a list asks for.
#[derive(Clone, Debug)]
pub struct ListFilter {
    pub sort_by: SortBy,
    pub order: SortOrder,
    pub entity_id: Option<i64>,
    /// Case-insensitive substring of title, content or description.
    pub search: Option<String>,
}

/// Where a page starts: just after this memory in the chosen order.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cursor {
    s: SortBy,
    /// The sort value of the last memory seen (null: an unknown event date).
    v: Option<String>,
    id: i64,
}

impl Cursor {
    fn after(memory: &memory::Model, sort_by: SortBy) -> Self {
        let v = match sort_by {
            SortBy::EventDate => memory.event_date.map(|d| d.format("%Y-%m-%d").to_string()),
            SortBy::CreatedAt => Some(memory.created_at.to_rfc3339()),
        };
        Self { s: sort_by, v, id: memory.id }
    }

    pub fn encode(&self) -> String {
        let json = serde_json::to_vec(self).expect("a cursor serializes");
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json)
    }

    pub fn decode(raw: &str, sort_by: SortBy) -> Result<Self, ApiError> {
        let invalid = || ApiError::bad_request("invalid_cursor", "This page cursor is not valid for this list");
        let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(raw).map_err(|_| invalid())?;
        let cursor: Self = serde_json::from_slice(&bytes).map_err(|_| invalid())?;
        if cursor.s != sort_by {
            return Err(invalid());
        }
        // The value must parse as what the column holds.
        match (&cursor.v, sort_by) {
            (Some(v), SortBy::EventDate)
                if !NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok_and(|d| super::types::is_calendar_day(&d)) =>
            {
                Err(invalid())
            }
            (Some(v), SortBy::CreatedAt)
                if !DateTime::parse_from_rfc3339(v).is_ok_and(|d| super::types::is_calendar_day(&d.date_naive())) =>
            {
                Err(invalid())
            }
            (None, SortBy::CreatedAt) => Err(invalid()),
            _ => Ok(cursor),
        }
    }

    /// Rows strictly after this cursor, in the order of `list_page` (unknown dates last).
    fn condition(&self, order: SortOrder) -> Condition {
        let id_after = match order {
            SortOrder::Desc => memory::Column::Id.lt(self.id),
            SortOrder::Asc => memory::Column::Id.gt(self.id),
        };
        let column = match self.s {
            SortBy::EventDate => memory::Column::EventDate,
            SortBy::CreatedAt => memory::Column::CreatedAt,
        };
        let Some(value) = &self.v else {
            return Condition::all().add(column.is_null()).add(id_after);
        };
        let (beyond, equal) = match self.s {
            SortBy::EventDate => {
                let date = NaiveDate::parse_from_str(value, "%Y-%m-%d").expect("checked in decode");
                let beyond = if order == SortOrder::Desc { column.lt(date) } else { column.gt(date) };
                (beyond, column.eq(date))
            }
            SortBy::CreatedAt => {
                let at = DateTime::parse_from_rfc3339(value).expect("checked in decode").with_timezone(&Utc);
                let beyond = if order == SortOrder::Desc { column.lt(at) } else { column.gt(at) };
                (beyond, column.eq(at))
            }
        };
        Condition::any()
            .add(beyond)
            .add(Condition::all().add(equal).add(id_after))
            .add(column.is_null())
    }
}

fn filtered(user_id: i64, filter: &ListFilter) -> sea_orm::Select<memory::Entity> {
    let mut query = memory::Entity::find().filter(memory::Column::UserId.eq(user_id));
    if let Some(entity_id) = filter.entity_id {
        query = query.filter(
            memory::Column::Id.in_subquery(
                sea_orm::sea_query::Query::select()
                    .column(memory_entity::Column::MemoryId)
                    .from(memory_entity::Entity)
                    .and_where(Expr::col(memory_entity::Column::EntityId).eq(entity_id))
                    .and_where(Expr::col(memory_entity::Column::UserId).eq(user_id))
                    .to_owned(),
            ),
        );
    }
    if let Some(search) = filter.search.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let pattern = format!("%{}%", escape_like(&search.to_lowercase()));
        let contains = |column: memory::Column| {
            Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(pattern.clone()).escape('\\'))
        };
        query = query.filter(
            Condition::any()
                .add(contains(memory::Column::Title))
                .add(contains(memory::Column::Content))
                .add(contains(memory::Column::Description)),
        );
    }
    let (column, direction) = match (filter.sort_by, filter.order) {
        (SortBy::EventDate, SortOrder::Asc) => (memory::Column::EventDate, Order::Asc),
        (SortBy::EventDate, SortOrder::Desc) => (memory::Column::EventDate, Order::Desc),
        (SortBy::CreatedAt, SortOrder::Asc) => (memory::Column::CreatedAt, Order::Asc),
        (SortBy::CreatedAt, SortOrder::Desc) => (memory::Column::CreatedAt, Order::Desc),
    };
    // Unknown event dates come last in either direction (creation dates are never unknown,
    // and leaving the term out lets the database walk the index).
    if filter.sort_by == SortBy::EventDate {
        query = query.order_by(Expr::col(column).is_null(), Order::Asc);
    }
    query.order_by(column, direction.clone()).order_by(memory::Column::Id, direction)
}

fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// One page of the user's memories and where the next one starts.
pub async fn list_page<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    filter: &ListFilter,
    after: Option<&Cursor>,
    size: u64,
) -> Result<(Vec<Memory>, Option<Cursor>), ApiError> {
    let mut query = filtered(user_id, filter);
    if let Some(cursor) = after {
        query = query.filter(cursor.condition(filter.order));
    }
    let mut rows = query.limit(size + 1).all(db).await?;
    let more = rows.len() as u64 > size;
    rows.truncate(size as usize);
    let next = if more { rows.last().map(|m| Cursor::after(m, filter.sort_by)) } else { None };
    Ok((with_entities(db, user_id, rows).await?, next))
}

/// Attach each memory's entities with two queries for the whole batch (no query per memory).
pub async fn with_entities<C: ConnectionTrait>(db: &C, user_id: i64, rows: Vec<memory::Model>) -> Result<Vec<Memory>, sea_orm::DbErr> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|m| m.id).collect();
    let links = memory_entity::Entity::find()
        .filter(memory_entity::Column::UserId.eq(user_id))
        .filter(memory_entity::Column::MemoryId.is_in(ids))
        .order_by_asc(memory_entity::Column::CreatedAt)
        .order_by_asc(memory_entity::Column::EntityId)
        .all(db)
        .await?;
    let mut entity_ids: Vec<i64> = links.iter().map(|l| l.entity_id).collect();
    entity_ids.sort_unstable();
    entity_ids.dedup();
    let entities: HashMap<i64, entity::Model> = if entity_ids.is_empty() {
        HashMap::new()
    } else {
        entity::Entity::find()
            .filter(entity::Column::UserId.eq(user_id))
            .filter(entity::Column::Id.is_in(entity_ids))
            .all(db)
            .await?
            .into_iter()
            .map(|e| (e.id, e))
            .collect()
    };
    let mut by_memory: HashMap<i64, Vec<MemoryEntity>> = HashMap::new();
    for link in links {
        if let Some(found) = entities.get(&link.entity_id) {
            by_memory.entry(link.memory_id).or_default().push(MemoryEntity {
                id: found.id,
                name: found.name.clone(),
                entity_type: found.entity_type.clone(),
                confidence: link.confidence,
            });
        }
    }
    Ok(rows
        .into_iter()
        .map(|m| {
            let tags = by_memory.remove(&m.id).unwrap_or_default();
            Memory::new(m, tags)
        })
        .collect())
}

/// The user's memory, or 404 (also when it is someone else's).
pub async fn find_own<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> Result<memory::Model, ApiError> {
    memory::Entity::find_by_id(id)
        .filter(memory::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or_else(|| ApiError::not_found("Memory not found"))
}

pub async fn view<C: ConnectionTrait>(db: &C, user_id: i64, model: memory::Model) -> Result<Memory, sea_orm::DbErr> {
    Ok(with_entities(db, user_id, vec![model]).await?.pop().expect("one memory in, one out"))
}

/// Every id must be one of the user's entities.
pub async fn check_own_entities<C: ConnectionTrait>(db: &C, user_id: i64, ids: &[i64]) -> Result<(), ApiError> {
    if ids.is_empty() {
        return Ok(());
    }
    let found: Vec<i64> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Id)
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    match ids.iter().find(|id| !found.contains(id)) {
        Some(missing) => Err(ApiError::bad_request("unknown_entity", format!("Entity {missing} not found"))),
        None => Ok(()),
    }
}

pub async fn insert<C: ConnectionTrait>(db: &C, user_id: i64, new: &NewMemory) -> Result<memory::Model, sea_orm::DbErr> {
    let now = Utc::now();
    memory::ActiveModel {
        user_id: Set(user_id),
        title: Set(new.title.clone()),
        description: Set(new.description.clone()),
        content: Set(new.content.clone()),
        event_date: Set(new.event_date),
        location: Set(new.location.clone()),
        photo: Set(new.photo.clone()),
        visibility: Set(new.visibility.clone()),
        media: Set(new.media.as_ref().map(|m| serde_json::json!(m))),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Link a memory to an entity once; linking again keeps the first link.
pub async fn link<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    memory_id: i64,
    entity_id: i64,
    confidence: Option<i32>,
) -> Result<(), sea_orm::DbErr> {
    let exists = memory_entity::Entity::find_by_id((memory_id, entity_id)).one(db).await?.is_some();
    if !exists {
        memory_entity::ActiveModel {
            memory_id: Set(memory_id),
            entity_id: Set(entity_id),
            user_id: Set(user_id),
            confidence: Set(confidence),
            created_at: Set(Utc::now()),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// Make the memory's entities exactly `ids` (links that stay keep their confidence).
pub async fn replace_links<C: ConnectionTrait>(db: &C, user_id: i64, memory_id: i64, ids: &[i64]) -> Result<(), sea_orm::DbErr> {
    memory_entity::Entity::delete_many()
        .filter(memory_entity::Column::MemoryId.eq(memory_id))
        .filter(memory_entity::Column::EntityId.is_not_in(ids.to_vec()))
        .exec(db)
        .await?;
    for id in ids {
        link(db, user_id, memory_id, *id, None).await?;
    }
    Ok(())
}

pub async fn touch<C: ConnectionTrait>(db: &C, model: memory::Model) -> Result<memory::Model, sea_orm::DbErr> {
    let mut active = model.into_active_model();
    active.updated_at = Set(Utc::now());
    active.update(db).await
}

/// Whether any of the user's memories still shows this photo.
pub async fn photo_in_use<C: ConnectionTrait>(db: &C, user_id: i64, photo: &str) -> Result<bool, sea_orm::DbErr> {
    Ok(memory::Entity::find()
        .filter(memory::Column::UserId.eq(user_id))
        .filter(memory::Column::Photo.eq(photo))
        .one(db)
        .await?
        .is_some())
}

pub async fn links_of_user<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<(i64, i64)>, sea_orm::DbErr> {
    memory_entity::Entity::find()
        .select_only()
        .column(memory_entity::Column::MemoryId)
        .column(memory_entity::Column::EntityId)
        .filter(memory_entity::Column::UserId.eq(user_id))
        .order_by_asc(memory_entity::Column::MemoryId)
        .order_by_asc(memory_entity::Column::EntityId)
        .into_tuple()
        .all(db)
        .await
}
