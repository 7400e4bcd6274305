//! A writer's data to take away: everything as JSON, or the memories as CSV, as a file download.

use std::collections::HashMap;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::users::User;
use crate::db::entities::{
    entity, entity_relationship, feedback, memory, memory_entity, memory_share, notification, share_link,
};
use crate::entities::types::Entity;
use crate::error::{ApiError, ApiPath, ApiQuery, ApiResult, ErrorBody};
use crate::friends::queries::public_name;
use crate::memories::types::Memory;

/// Memories read at a time.
const BATCH: usize = 500;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `json` (everything) or `csv` (the memories); json by default.
    format: Option<String>,
}

/// Everything the writer has, as the JSON export holds it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Export {
    pub exported_at: DateTime<Utc>,
    pub user: User,
    pub memories: Vec<Memory>,
    pub entities: Vec<Entity>,
    pub memory_entities: Vec<Link>,
    /// Relationships stated between entities, and periods' parents (`parent_period`).
    pub relationships: Vec<ExportedRelationship>,
    pub friends: Vec<ExportedFriend>,
    pub shares: Vec<ExportedShare>,
    pub public_links: Vec<ExportedLink>,
    pub notifications: Vec<crate::notifications::types::Notification>,
    pub feedback: Vec<ExportedFeedback>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Link {
    pub memory_id: i64,
    pub entity_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedRelationship {
    pub source_id: i64,
    pub target_id: i64,
    pub relationship: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedFriend {
    pub name: String,
    /// `pending` or `accepted`.
    pub status: String,
    pub asked_by_me: bool,
    pub since: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedShare {
    pub memory_id: i64,
    pub shared_with: String,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedLink {
    pub memory_id: i64,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportedFeedback {
    #[serde(rename = "type")]
    pub feedback_type: String,
    pub subject: Option<String>,
    pub message: String,
    pub status: String,
    pub created_at: DateTime<Utc>,
}

/// The signed-in writer's data as a file: `format=json` (everything: profile, memories, entities,
/// links, relationships, friends, shares, notifications, feedback) or `format=csv` (one row per
/// memory, with its entities).
#[utoipa::path(get, path = "/api/users/{id}/export", tag = "users", params(("id" = i64, Path), ExportQuery),
    responses((status = 200, description = "The file (application/json or text/csv)", body = Export),
              (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn export(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ExportQuery>,
) -> ApiResult<Response> {
    let user = super::own(user, id)?;
    let date = Utc::now().format("%Y-%m-%d");
    match query.format.as_deref().unwrap_or("json") {
        "json" => {
            let data = collect(&state.db, user).await?;
            let bytes = serde_json::to_vec_pretty(&data).map_err(anyhow::Error::from)?;
            Ok(download(bytes, "application/json", &format!("lifegraph-export-{date}.json")))
        }
        "csv" => {
            let memories = memories_of(&state.db, user.id).await?;
            Ok(download(csv_of(&memories)?, "text/csv; charset=utf-8", &format!("lifegraph-export-{date}.csv")))
        }
        other => Err(ApiError::validation(format!("format must be json or csv, not '{other}'"))),
    }
}

fn download(bytes: Vec<u8>, mime: &'static str, name: &str) -> Response {
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(mime));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Every memory of the writer with its entities, oldest first.
pub async fn memories_of<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<Memory>, DbErr> {
    let models = memory::Entity::find()
        .filter(memory::Column::UserId.eq(user_id))
        .order_by_asc(memory::Column::Id)
        .all(db)
        .await?;
    let mut memories = Vec::with_capacity(models.len());
    let mut rows = models.into_iter().map(crate::memories::queries::MemoryRow::from).peekable();
    while rows.peek().is_some() {
        let batch: Vec<_> = rows.by_ref().take(BATCH).collect();
        memories.extend(crate::memories::queries::with_entities(db, user_id, batch).await?);
    }
    Ok(memories)
}

pub(crate) async fn collect<C: ConnectionTrait>(
    db: &C,
    user: crate::db::entities::user::Model,
) -> Result<Export, DbErr> {
    let user_id = user.id;
    let memories = memories_of(db, user_id).await?;
    let entity_models = entity::Entity::find()
        .filter(entity::Column::UserId.eq(user_id))
        .order_by_asc(entity::Column::Id)
        .all(db)
        .await?;
    let entities = crate::entities::queries::views(db, entity_models).await?;
    let memory_entities = memory_entity::Entity::find()
        .filter(memory_entity::Column::UserId.eq(user_id))
        .order_by_asc(memory_entity::Column::MemoryId)
        .order_by_asc(memory_entity::Column::EntityId)
        .all(db)
        .await?
        .into_iter()
        .map(|l| Link { memory_id: l.memory_id, entity_id: l.entity_id })
        .collect();
    let relationships = entity_relationship::Entity::find()
        .filter(entity_relationship::Column::UserId.eq(user_id))
        .order_by_asc(entity_relationship::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|r| ExportedRelationship { source_id: r.source_id, target_id: r.target_id, relationship: r.relationship })
        .collect();
    let friendships = crate::friends::queries::of_user(db, user_id).await?;
    let shares = memory_share::Entity::find()
        .filter(memory_share::Column::OwnerId.eq(user_id))
        .order_by_asc(memory_share::Column::Id)
        .all(db)
        .await?;
    let mut others: Vec<i64> = friendships.iter().map(|f| f.other(user_id)).collect();
    others.extend(shares.iter().map(|s| s.recipient_id));
    let people: HashMap<i64, String> = crate::friends::queries::users(db, others)
        .await?
        .into_iter()
        .map(|(id, person)| (id, public_name(&person)))
        .collect();
    let name = |id: i64| people.get(&id).cloned().unwrap_or_else(|| "Someone".to_owned());
    let friends = friendships
        .into_iter()
        .map(|f| ExportedFriend {
            name: name(f.other(user_id)),
            asked_by_me: f.requested_by == user_id,
            status: f.status,
            since: f.updated_at,
        })
        .collect();
    let shares = shares
        .into_iter()
        .map(|s| ExportedShare {
            memory_id: s.memory_id,
            shared_with: name(s.recipient_id),
            created_at: s.created_at,
            revoked_at: s.revoked_at,
        })
        .collect();
    let public_links = share_link::Entity::find()
        .filter(share_link::Column::UserId.eq(user_id))
        .order_by_asc(share_link::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|l| ExportedLink {
            memory_id: l.memory_id,
            created_at: l.created_at,
            expires_at: l.expires_at,
            revoked_at: l.revoked_at,
        })
        .collect();
    let notifications = notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .order_by_asc(notification::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    let feedback = feedback::Entity::find()
        .filter(Condition::all().add(feedback::Column::UserId.eq(user_id)))
        .order_by_asc(feedback::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|f| ExportedFeedback {
            feedback_type: f.feedback_type,
            subject: f.subject,
            message: f.message,
            status: f.status,
            created_at: f.created_at,
        })
        .collect();
    Ok(Export {
        exported_at: Utc::now(),
        user: user.into(),
        memories,
        entities,
        memory_entities,
        relationships,
        friends,
        shares,
        public_links,
        notifications,
        feedback,
    })
}

/// One row per memory: id, title, event date, location, description, content, photo, created,
/// updated, and its entities as "Name (type)" separated by "; ".
pub fn csv_of(memories: &[Memory]) -> ApiResult<Vec<u8>> {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let header = [
        "id",
        "title",
        "eventDate",
        "location",
        "description",
        "content",
        "photo",
        "createdAt",
        "updatedAt",
        "entities",
    ];
    writer.write_record(header).map_err(anyhow::Error::from)?;
    for m in memories {
        let entities: Vec<String> = m.entities.iter().map(|e| format!("{} ({})", e.name, e.entity_type)).collect();
        writer
            .write_record([
                m.id.to_string(),
                m.title.clone(),
                m.event_date.map(|d| d.to_string()).unwrap_or_default(),
                m.location.clone().unwrap_or_default(),
                m.description.clone().unwrap_or_default(),
                m.content.clone(),
                m.photo.clone().unwrap_or_default(),
                m.created_at.to_rfc3339(),
                m.updated_at.to_rfc3339(),
                entities.join("; "),
            ])
            .map_err(anyhow::Error::from)?;
    }
    Ok(writer.into_inner().map_err(|e| anyhow::anyhow!("writing CSV: {e}"))?)
}
