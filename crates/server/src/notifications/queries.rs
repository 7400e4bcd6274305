//! Notification queries, always scoped to one user.

use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait, QueryFilter};

use crate::db::entities::notification;

/// How many of the user's notifications are unread.
pub async fn unread_count<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<u64, DbErr> {
    notification::Entity::find()
        .filter(notification::Column::UserId.eq(user_id))
        .filter(notification::Column::Read.eq(false))
        .count(db)
        .await
}
