//! What a memory's owner does: public links, shares with friends, and their status.

use std::collections::{BTreeMap, HashSet};

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{LINK_DAYS, STATUS_ASKED_MAX};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::auth::session::{hash_token, random_token};
use crate::db::entities::{memory_share, share_link};
use crate::error::{ApiError, ApiJson, ApiPath, ApiResult, ErrorBody, ErrorCode};
use crate::friends::queries::{self as friends, Person};
use crate::memories::queries::find_own;
use crate::notifications::{Event, notify};

/// A new public link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareLink {
    pub success: bool,
    /// `/shared/{token}` on this server (absolute when the server knows its public address).
    pub share_url: String,
    pub expires_at: DateTime<Utc>,
}

/// Make a public link to one of the writer's memories, live 2 days. Anyone holding it reads
/// the memory (title, content, date, location, photo and the writer's name) and nothing else.
#[utoipa::path(post, path = "/api/memories/{id}/share", tag = "sharing",
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 201, body = ShareLink), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn create_link(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<(StatusCode, Json<ShareLink>)> {
    let memory = find_own(&state.db, user.id, id).await?;
    let token = random_token();
    let now = Utc::now();
    let expires_at = now + Duration::days(LINK_DAYS);
    share_link::ActiveModel {
        memory_id: Set(memory.id),
        user_id: Set(user.id),
        token_hash: Set(hash_token(&token)),
        created_at: Set(now),
        expires_at: Set(expires_at),
        revoked_at: Set(None),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    let base = state.config.public_url.as_ref().map(|_| state.config.public_url()).unwrap_or_default();
    Ok((
        StatusCode::CREATED,
        Json(ShareLink { success: true, share_url: format!("{base}/shared/{token}"), expires_at }),
    ))
}

/// End every live public link of one of the writer's memories at once.
#[utoipa::path(delete, path = "/api/memories/{id}/share", tag = "sharing",
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn revoke_links(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    let memory = find_own(&state.db, user.id, id).await?;
    let now = Utc::now();
    share_link::Entity::update_many()
        .col_expr(share_link::Column::RevokedAt, Expr::value(now))
        .filter(share_link::Column::MemoryId.eq(memory.id))
        .filter(share_link::Column::UserId.eq(user.id))
        .filter(share_link::Column::RevokedAt.is_null())
        .filter(share_link::Column::ExpiresAt.gt(now))
        .exec(&state.db)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareWithFriend {
    /// The friend's user id.
    pub friend_id: i64,
}

/// A share with a friend, as its owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FriendShare {
    pub recipient: Person,
    pub created_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// Share one of the writer's memories with an accepted friend, who reads it (read-only) until
/// the writer revokes it or they stop being friends. Sharing it again changes nothing.
#[utoipa::path(post, path = "/api/memories/{id}/share-with-friend", tag = "sharing", request_body = ShareWithFriend,
    params(("id" = i64, Path, description = "Memory id")),
    responses((status = 200, body = FriendShare), (status = 400, description = "Not an accepted friend", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn share_with_friend(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ShareWithFriend>,
) -> ApiResult<Json<FriendShare>> {
    let memory = find_own(&state.db, user.id, id).await?;
    let friend = body.friend_id;
    if friend == user.id || !friends::are_friends(&state.db, user.id, friend).await? {
        return Err(ApiError::bad_request(
            ErrorCode::NotAFriend,
            "You can only share a memory with an accepted friend",
        ));
    }
    let existing = memory_share::Entity::find()
        .filter(memory_share::Column::MemoryId.eq(memory.id))
        .filter(memory_share::Column::RecipientId.eq(friend))
        .one(&state.db)
        .await?;
    let now = Utc::now();
    let share = match existing {
        Some(share) if share.revoked_at.is_none() => share,
        Some(share) => {
            let mut active = share.into_active_model();
            active.created_at = Set(now);
            active.revoked_at = Set(None);
            let share = active.update(&state.db).await?;
            told(&state, &user, &memory, friend).await?;
            share
        }
        None => {
            let share = memory_share::ActiveModel {
                memory_id: Set(memory.id),
                owner_id: Set(user.id),
                recipient_id: Set(friend),
                created_at: Set(now),
                revoked_at: Set(None),
                ..Default::default()
            }
            .insert(&state.db)
            .await?;
            told(&state, &user, &memory, friend).await?;
            share
        }
    };
    let recipient = friends::users(&state.db, vec![friend]).await?;
    let recipient = recipient.get(&friend).ok_or_else(|| ApiError::not_found("Friend not found"))?;
    Ok(Json(FriendShare { recipient: Person::of(recipient, true), created_at: share.created_at, revoked_at: None }))
}

async fn told(
    state: &AppState,
    owner: &crate::db::entities::user::Model,
    memory: &crate::db::entities::memory::Model,
    friend: i64,
) -> ApiResult<()> {
    let event =
        Event::MemoryShared { by: friends::public_name(owner), title: memory.title.clone(), memory_id: memory.id };
    Ok(notify(&state.db, friend, &event).await?)
}

/// Stop sharing one of the writer's memories with a friend.
#[utoipa::path(delete, path = "/api/memories/{id}/share-with-friend/{friendId}", tag = "sharing",
    params(("id" = i64, Path, description = "Memory id"), ("friendId" = i64, Path, description = "The friend's user id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, description = "Not shared with them", body = ErrorBody)))]
pub(crate) async fn unshare_with_friend(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath((id, friend)): ApiPath<(i64, i64)>,
) -> ApiResult<StatusCode> {
    let memory = find_own(&state.db, user.id, id).await?;
    let done = memory_share::Entity::update_many()
        .col_expr(memory_share::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(memory_share::Column::MemoryId.eq(memory.id))
        .filter(memory_share::Column::OwnerId.eq(user.id))
        .filter(memory_share::Column::RecipientId.eq(friend))
        .filter(memory_share::Column::RevokedAt.is_null())
        .exec(&state.db)
        .await?;
    if done.rows_affected == 0 {
        return Err(ApiError::not_found("This memory is not shared with that person"));
    }
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusRequest {
    /// Up to 200 of the writer's memory ids (others are left out of the answer).
    pub memory_ids: Vec<i64>,
}

/// A live public link, as its owner sees it (its token is not kept).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkStatus {
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// How one memory is shared.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareStatus {
    /// Its live public links.
    pub share_links: Vec<LinkStatus>,
    /// Its shares with friends, revoked ones included.
    pub shared_memories: Vec<FriendShare>,
}

/// How each of these memories of the writer is shared, by memory id.
#[utoipa::path(post, path = "/api/shared-memories/batch-status", tag = "sharing", request_body = StatusRequest,
    responses((status = 200, body = BTreeMap<String, ShareStatus>), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn batch_status(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiJson(body): ApiJson<StatusRequest>,
) -> ApiResult<Json<BTreeMap<i64, ShareStatus>>> {
    if body.memory_ids.len() > STATUS_ASKED_MAX {
        return Err(ApiError::validation(format!("memoryIds may hold at most {STATUS_ASKED_MAX} ids")));
    }
    let own: HashSet<i64> = {
        use sea_orm::QuerySelect;
        crate::db::entities::memory::Entity::find()
            .select_only()
            .column(crate::db::entities::memory::Column::Id)
            .filter(crate::db::entities::memory::Column::UserId.eq(user.id))
            .filter(crate::db::entities::memory::Column::Id.is_in(body.memory_ids.clone()))
            .into_tuple::<i64>()
            .all(&state.db)
            .await?
            .into_iter()
            .collect()
    };
    let mut answer: BTreeMap<i64, ShareStatus> = own.iter().map(|id| (*id, ShareStatus::default())).collect();
    if own.is_empty() {
        return Ok(Json(answer));
    }
    let now = Utc::now();
    let links = share_link::Entity::find()
        .filter(share_link::Column::UserId.eq(user.id))
        .filter(share_link::Column::MemoryId.is_in(own.iter().copied()))
        .filter(share_link::Column::RevokedAt.is_null())
        .filter(share_link::Column::ExpiresAt.gt(now))
        .order_by_asc(share_link::Column::CreatedAt)
        .all(&state.db)
        .await?;
    for link in links {
        if let Some(status) = answer.get_mut(&link.memory_id) {
            status.share_links.push(LinkStatus { created_at: link.created_at, expires_at: link.expires_at });
        }
    }
    let shares = memory_share::Entity::find()
        .filter(memory_share::Column::OwnerId.eq(user.id))
        .filter(memory_share::Column::MemoryId.is_in(own.iter().copied()))
        .order_by_asc(memory_share::Column::CreatedAt)
        .all(&state.db)
        .await?;
    let people = friends::users(&state.db, shares.iter().map(|s| s.recipient_id).collect()).await?;
    for share in shares {
        let (Some(status), Some(recipient)) = (answer.get_mut(&share.memory_id), people.get(&share.recipient_id))
        else {
            continue;
        };
        status.shared_memories.push(FriendShare {
            recipient: Person::of(recipient, share.revoked_at.is_none()),
            created_at: share.created_at,
            revoked_at: share.revoked_at,
        });
    }
    Ok(Json(answer))
}
