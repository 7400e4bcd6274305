//! The friends operations of the API.

use std::collections::HashSet;

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::queries::{self, ACCEPTED, DECLINED, PENDING, Person};
use super::{INVITE_DAYS, LIVE_INVITES_MAX};
use crate::app::AppState;
use crate::auth::session::{hash_token, random_token};
use crate::auth::{ClientAddr, CurrentUser};
use crate::db::entities::{friend_invite, friendship, user};
use crate::error::{ApiError, ApiJson, ApiPath, ApiQuery, ApiResult, ErrorBody, ErrorCode};
use crate::notifications::{Event, notify};

/// A fresh invitation link's token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteToken {
    /// Goes in `/friends/accept?token=`; shown once, kept only as its hash.
    pub token: String,
    pub expires_at: DateTime<Utc>,
}

/// A new invitation link for the signed-in writer, live 7 days. Each call makes a new one; the
/// writer's earlier links stay live until they expire or are used (at most 20 at once).
#[utoipa::path(get, path = "/api/friends/invite-token", tag = "friends",
    responses((status = 200, body = InviteToken), (status = 401, body = ErrorBody)))]
pub(crate) async fn invite_token(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<InviteToken>> {
    let now = Utc::now();
    // Forget this writer's dead links, and the oldest live ones past the limit.
    friend_invite::Entity::delete_many()
        .filter(friend_invite::Column::UserId.eq(user.id))
        .filter(friend_invite::Column::ExpiresAt.lte(now))
        .exec(&state.db)
        .await?;
    let live: Vec<i64> = friend_invite::Entity::find()
        .filter(friend_invite::Column::UserId.eq(user.id))
        .order_by_desc(friend_invite::Column::CreatedAt)
        .order_by_desc(friend_invite::Column::Id)
        .all(&state.db)
        .await?
        .into_iter()
        .map(|invite| invite.id)
        .collect();
    if live.len() >= LIVE_INVITES_MAX {
        friend_invite::Entity::delete_many()
            .filter(friend_invite::Column::Id.is_in(live[LIVE_INVITES_MAX - 1..].to_vec()))
            .exec(&state.db)
            .await?;
    }
    let token = random_token();
    let expires_at = now + Duration::days(INVITE_DAYS);
    friend_invite::ActiveModel {
        user_id: Set(user.id),
        token_hash: Set(hash_token(&token)),
        expires_at: Set(expires_at),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&state.db)
    .await?;
    Ok(Json(InviteToken { token, expires_at }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    /// The invitation link's token.
    token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenBody {
    /// The invitation link's token.
    pub token: String,
}

/// Who sent an invitation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedInvite {
    pub sender: Person,
    pub expires_at: DateTime<Utc>,
    /// The signed-in person sent it themself.
    pub own: bool,
}

fn invalid_invite() -> ApiError {
    ApiError::not_found("Invalid or expired invite link")
}

/// The live invitation of this token (expired, used and unknown tokens alike: not found).
async fn live_invite<C: ConnectionTrait>(db: &C, token: &str) -> ApiResult<friend_invite::Model> {
    friend_invite::Entity::find()
        .filter(friend_invite::Column::TokenHash.eq(hash_token(token)))
        .filter(friend_invite::Column::ExpiresAt.gt(Utc::now()))
        .one(db)
        .await?
        .ok_or_else(invalid_invite)
}

/// Who sent the invitation of this link. Opening a link uses nothing up.
#[utoipa::path(get, path = "/api/friends/verify-token", tag = "friends", params(TokenQuery),
    responses((status = 200, body = VerifiedInvite), (status = 401, body = ErrorBody),
              (status = 404, description = "Unknown, used or expired", body = ErrorBody), (status = 429, body = ErrorBody)))]
pub(crate) async fn verify_token(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    client: ClientAddr,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> ApiResult<Json<VerifiedInvite>> {
    state.limits.token_checks.check(client)?;
    let invite = live_invite(&state.db, &query.token).await?;
    let sender = user::Entity::find_by_id(invite.user_id).one(&state.db).await?.ok_or_else(invalid_invite)?;
    Ok(Json(VerifiedInvite {
        sender: Person::of(&sender, false),
        expires_at: invite.expires_at,
        own: sender.id == user.id,
    }))
}

/// Accept an invitation: the link is used up, and its sender gets a friend request to confirm.
/// When the sender had already asked the reader, they are friends at once.
#[utoipa::path(post, path = "/api/friends/accept-invite", tag = "friends", request_body = TokenBody,
    responses((status = 200, body = Friendship), (status = 400, description = "One's own invitation", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, description = "Unknown, used or expired", body = ErrorBody),
              (status = 409, description = "Already friends, or a request waits", body = ErrorBody),
              (status = 429, body = ErrorBody)))]
pub(crate) async fn accept_invite(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    client: ClientAddr,
    ApiJson(body): ApiJson<TokenBody>,
) -> ApiResult<Json<Friendship>> {
    state.limits.token_checks.check(client)?;
    let txn = crate::db::begin_write(&state.db).await?;
    let invite = live_invite(&txn, &body.token).await?;
    let sender = invite.user_id;
    if sender == user.id {
        return Err(ApiError::bad_request(ErrorCode::OwnInvite, "You cannot accept your own invitation"));
    }
    let now = Utc::now();
    let existing = queries::between(&txn, user.id, sender).await?;
    let (row, event) = match existing {
        Some(f) if f.status == ACCEPTED => {
            return Err(ApiError::conflict(ErrorCode::AlreadyFriends, "You are already friends"));
        }
        Some(f) if f.status == PENDING && f.requested_by == user.id => {
            return Err(ApiError::conflict(ErrorCode::RequestPending, "Your friend request is waiting for an answer"));
        }
        // The sender had asked the reader: both have now approved.
        Some(f) if f.status == PENDING => {
            let mut active = f.into_active_model();
            active.status = Set(ACCEPTED.into());
            active.updated_at = Set(now);
            (active.update(&txn).await?, Event::FriendAccepted { by: queries::public_name(&user) })
        }
        // Declined before: the sender's new link asks again.
        Some(f) => {
            let mut active = f.into_active_model();
            active.status = Set(PENDING.into());
            active.requested_by = Set(user.id);
            active.updated_at = Set(now);
            (active.update(&txn).await?, Event::FriendRequest { from: queries::public_name(&user) })
        }
        None => {
            let (one, two) = queries::pair(user.id, sender);
            let row = friendship::ActiveModel {
                user_id1: Set(one),
                user_id2: Set(two),
                requested_by: Set(user.id),
                status: Set(PENDING.into()),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            (row, Event::FriendRequest { from: queries::public_name(&user) })
        }
    };
    // Used up, once: a second use finds nothing.
    let used = friend_invite::Entity::delete_by_id(invite.id).exec(&txn).await?;
    if used.rows_affected != 1 {
        return Err(invalid_invite());
    }
    notify(&txn, sender, &event).await?;
    let answer = friendship_view(&txn, row).await?;
    txn.commit().await?;
    Ok(Json(answer))
}

/// Decline an invitation: the link is used up, and its sender is not told.
#[utoipa::path(post, path = "/api/friends/decline-invite", tag = "friends", request_body = TokenBody,
    responses((status = 204), (status = 400, description = "One's own invitation", body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, description = "Unknown, used or expired", body = ErrorBody),
              (status = 429, body = ErrorBody)))]
pub(crate) async fn decline_invite(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    client: ClientAddr,
    ApiJson(body): ApiJson<TokenBody>,
) -> ApiResult<axum::http::StatusCode> {
    state.limits.token_checks.check(client)?;
    let invite = live_invite(&state.db, &body.token).await?;
    if invite.user_id == user.id {
        return Err(ApiError::bad_request(ErrorCode::OwnInvite, "You cannot decline your own invitation"));
    }
    friend_invite::Entity::delete_by_id(invite.id).exec(&state.db).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// A friendship or a request, as one of its two people sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Friendship {
    pub id: i64,
    pub user_id1: i64,
    pub user_id2: i64,
    pub user1: Person,
    pub user2: Person,
    pub requested_by: i64,
    /// `pending` or `accepted`.
    pub status: String,
    pub created_at: DateTime<Utc>,
    /// When it was last answered: for an accepted friendship, the day they became friends.
    pub updated_at: DateTime<Utc>,
}

async fn friendship_view<C: ConnectionTrait>(db: &C, row: friendship::Model) -> ApiResult<Friendship> {
    Ok(views(db, vec![row]).await?.pop().expect("one in, one out"))
}

async fn views<C: ConnectionTrait>(db: &C, rows: Vec<friendship::Model>) -> ApiResult<Vec<Friendship>> {
    let ids: HashSet<i64> = rows.iter().flat_map(|f| [f.user_id1, f.user_id2]).collect();
    let people = queries::users(db, ids.into_iter().collect()).await?;
    let mut views = Vec::with_capacity(rows.len());
    for row in rows {
        let friends = row.status == ACCEPTED;
        let person = |id: i64| {
            people.get(&id).map(|u| Person::of(u, friends)).ok_or_else(|| ApiError::not_found("Friendship not found"))
        };
        views.push(Friendship {
            id: row.id,
            user1: person(row.user_id1)?,
            user2: person(row.user_id2)?,
            user_id1: row.user_id1,
            user_id2: row.user_id2,
            requested_by: row.requested_by,
            status: row.status,
            created_at: row.created_at,
            updated_at: row.updated_at,
        });
    }
    Ok(views)
}

/// The signed-in user's friends and the requests waiting either way, latest first.
#[utoipa::path(get, path = "/api/friendships", tag = "friends",
    responses((status = 200, body = [Friendship]), (status = 401, body = ErrorBody)))]
pub(crate) async fn list_friendships(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<Vec<Friendship>>> {
    let rows = queries::of_user(&state.db, user.id).await?;
    Ok(Json(views(&state.db, rows).await?))
}

/// One of the user's friendships (another's, or a declined one, is not found).
async fn own_friendship<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> ApiResult<friendship::Model> {
    friendship::Entity::find_by_id(id)
        .one(db)
        .await?
        .filter(|f| (f.user_id1 == user_id || f.user_id2 == user_id) && f.status != DECLINED)
        .ok_or_else(|| ApiError::not_found("Friendship not found"))
}

/// A request waiting for this user's answer.
async fn waiting_for<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> ApiResult<friendship::Model> {
    let row = own_friendship(db, user_id, id).await?;
    if row.status != PENDING {
        return Err(ApiError::conflict(ErrorCode::NotPending, "This request has already been answered"));
    }
    if row.requested_by == user_id {
        return Err(ApiError::forbidden(ErrorCode::NotRecipient, "Only the person asked can answer this request"));
    }
    Ok(row)
}

/// Accept a friend request made to the signed-in user.
#[utoipa::path(post, path = "/api/friendships/{id}/accept", tag = "friends",
    params(("id" = i64, Path, description = "Friendship id")),
    responses((status = 200, body = Friendship), (status = 401, body = ErrorBody),
              (status = 403, description = "The user made the request", body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, description = "Already answered", body = ErrorBody)))]
pub(crate) async fn accept_friendship(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Json<Friendship>> {
    let txn = crate::db::begin_write(&state.db).await?;
    let row = waiting_for(&txn, user.id, id).await?;
    let requester = row.requested_by;
    let mut active = row.into_active_model();
    active.status = Set(ACCEPTED.into());
    active.updated_at = Set(Utc::now());
    let row = active.update(&txn).await?;
    notify(&txn, requester, &Event::FriendAccepted { by: queries::public_name(&user) }).await?;
    let answer = friendship_view(&txn, row).await?;
    txn.commit().await?;
    Ok(Json(answer))
}

/// Decline a friend request made to the signed-in user; the requester is not told, and the
/// request disappears from both lists.
#[utoipa::path(post, path = "/api/friendships/{id}/decline", tag = "friends",
    params(("id" = i64, Path, description = "Friendship id")),
    responses((status = 204), (status = 401, body = ErrorBody),
              (status = 403, description = "The user made the request", body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 409, description = "Already answered", body = ErrorBody)))]
pub(crate) async fn decline_friendship(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<axum::http::StatusCode> {
    let row = waiting_for(&state.db, user.id, id).await?;
    let mut active = row.into_active_model();
    active.status = Set(DECLINED.into());
    active.updated_at = Set(Utc::now());
    active.update(&state.db).await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

/// Remove a friend, or withdraw one's own request: either of the two may. Every memory shared
/// between them stops being shared.
#[utoipa::path(post, path = "/api/friendships/{id}/remove", tag = "friends",
    params(("id" = i64, Path, description = "Friendship id")),
    responses((status = 204), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub(crate) async fn remove_friendship(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<axum::http::StatusCode> {
    let txn = crate::db::begin_write(&state.db).await?;
    let row = own_friendship(&txn, user.id, id).await?;
    queries::revoke_shares_between(&txn, row.user_id1, row.user_id2).await?;
    friendship::Entity::delete_by_id(row.id).exec(&txn).await?;
    txn.commit().await?;
    Ok(axum::http::StatusCode::NO_CONTENT)
}
