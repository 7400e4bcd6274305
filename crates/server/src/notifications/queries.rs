//! Notification queries, always scoped to one user.

use chrono::Utc;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::types::Event;
use crate::db::entities::notification;

/// The most notifications the bell lists, newest first.
pub const LISTED: u64 = 50;

/// Tell `user_id` that `event` happened.
pub async fn notify<C: ConnectionTrait>(db: &C, user_id: i64, event: &Event) -> Result<(), DbErr> {
    let (title, message) = event.words();
    notification::ActiveModel {
        user_id: Set(user_id),
        title: Set(title),
        message: Set(Some(message)),
        link: Set(Some(event.link())),
        read: Set(false),
        created_at: Set(Utc::now()),
        kind: Set(Some(event.kind().to_owned())),
        params: Set(Some(event.params().to_string())),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// How many of the user's notifications are unread.
pub async fn unread_count<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<u64, DbErr> {
    notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .filter(notification::Column::Read.eq(false))
        .count(db)
        .await
}

/// The user's latest notifications, newest first.
pub async fn latest<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<notification::Model>, DbErr> {
    notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .order_by_desc(notification::Column::CreatedAt)
        .order_by_desc(notification::Column::Id)
        .limit(LISTED)
        .all(db)
        .await
}
