//! Account deletion: every row of the writer goes in one transaction, then their photos.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use crate::app::AppState;
use crate::auth::{CurrentUser, session};
use crate::db::entities::{
    entity, entity_relationship, feedback, friend_invite, friendship, import, job, memory, memory_entity, memory_share,
    notification, session as sessions, share_link, tutorial_progress, user,
};
use crate::error::{ApiPath, ApiResult, ErrorBody};

/// Delete the signed-in user's account: memories, entities, links, relationships, shares both
/// ways, public links (which then answer as expired), friendships, invitations, notifications,
/// sessions and tutorial progress, in one transaction; then their photos. Their feedback stays,
/// without their name. Signs out.
#[utoipa::path(delete, path = "/api/users/{id}", tag = "users",
    params(("id" = i64, Path, description = "The signed-in user's id")),
    responses((status = 204, description = "Deleted and signed out"), (status = 401, body = ErrorBody),
              (status = 404, description = "Another user's id", body = ErrorBody)))]
pub(crate) async fn delete_account(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    jar: CookieJar,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Response> {
    let user = super::own(user, id)?;
    let txn = crate::db::begin_write(&state.db).await?;
    delete_rows(&txn, user.id).await?;
    txn.commit().await?;
    // The rows are gone; a photo left behind by a failure here is no one's and never served.
    match state.photos.delete_folder(&user.id.to_string()).await {
        Ok(removed) => tracing::info!(user_id = user.id, photos = removed, "account deleted"),
        Err(error) => {
            tracing::error!(user_id = user.id, ?error, "account deleted, but its photos could not all be removed")
        }
    }
    Ok((jar.remove(session::removal_cookie()), StatusCode::NO_CONTENT).into_response())
}

/// Every row of the user, children first (the foreign keys would cascade; this does not rely on
/// them).
pub async fn delete_rows<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<(), DbErr> {
    feedback::Entity::update_many()
        .col_expr(feedback::Column::UserName, Expr::value(Option::<String>::None))
        .col_expr(feedback::Column::UserEmail, Expr::value(Option::<String>::None))
        .col_expr(feedback::Column::UserId, Expr::value(Option::<i64>::None))
        .filter(feedback::Column::UserId.eq(user_id))
        .exec(db)
        .await?;
    notification::Entity::delete_many().filter(notification::Column::UserId.eq(user_id)).exec(db).await?;
    share_link::Entity::delete_many().filter(share_link::Column::UserId.eq(user_id)).exec(db).await?;
    memory_share::Entity::delete_many()
        .filter(
            Condition::any()
                .add(memory_share::Column::OwnerId.eq(user_id))
                .add(memory_share::Column::RecipientId.eq(user_id)),
        )
        .exec(db)
        .await?;
    friendship::Entity::delete_many()
        .filter(
            Condition::any().add(friendship::Column::UserId1.eq(user_id)).add(friendship::Column::UserId2.eq(user_id)),
        )
        .exec(db)
        .await?;
    friend_invite::Entity::delete_many().filter(friend_invite::Column::UserId.eq(user_id)).exec(db).await?;
    entity_relationship::Entity::delete_many().filter(entity_relationship::Column::UserId.eq(user_id)).exec(db).await?;
    memory_entity::Entity::delete_many().filter(memory_entity::Column::UserId.eq(user_id)).exec(db).await?;
    entity::Entity::delete_many().filter(entity::Column::UserId.eq(user_id)).exec(db).await?;
    memory::Entity::delete_many().filter(memory::Column::UserId.eq(user_id)).exec(db).await?;
    job::Entity::delete_many().filter(job::Column::UserId.eq(user_id)).exec(db).await?;
    import::Entity::delete_many().filter(import::Column::UserId.eq(user_id)).exec(db).await?;
    tutorial_progress::Entity::delete_many().filter(tutorial_progress::Column::UserId.eq(user_id)).exec(db).await?;
    sessions::Entity::delete_many().filter(sessions::Column::UserId.eq(user_id)).exec(db).await?;
    user::Entity::delete_by_id(user_id).exec(db).await?;
    Ok(())
}
