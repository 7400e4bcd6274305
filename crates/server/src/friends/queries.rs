//! Friendship queries. A pair of people has at most one row, kept in order of their ids.

use std::collections::HashMap;

use chrono::Utc;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter};
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::entities::{friendship, memory_share, user};

pub const PENDING: &str = "pending";
pub const ACCEPTED: &str = "accepted";
pub const DECLINED: &str = "declined";

/// A person as their friends (and the people they invited) see them: no e-mail unless they
/// are friends.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Person {
    pub id: i64,
    pub username: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// Only between accepted friends.
    pub email: Option<String>,
}

impl Person {
    pub fn of(user: &user::Model, with_email: bool) -> Self {
        Self {
            id: user.id,
            username: user.username.clone(),
            first_name: user.first_name.clone(),
            last_name: user.last_name.clone(),
            email: user.email.clone().filter(|_| with_email),
        }
    }
}

/// The name shown to people who are not friends (a public link's visitors): first and last
/// name, else the username, else the first name, else "Someone"; never the e-mail.
pub fn public_name(user: &user::Model) -> String {
    let present = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    match (present(&user.first_name), present(&user.last_name), present(&user.username)) {
        (Some(first), Some(last), _) => format!("{first} {last}"),
        (_, _, Some(username)) => username,
        (Some(first), None, None) => first,
        _ => "Someone".to_owned(),
    }
}

/// The pair in the order the table keeps it.
pub fn pair(a: i64, b: i64) -> (i64, i64) {
    if a < b { (a, b) } else { (b, a) }
}

/// The row of this pair, whatever its status.
pub async fn between<C: ConnectionTrait>(db: &C, a: i64, b: i64) -> Result<Option<friendship::Model>, DbErr> {
    let (one, two) = pair(a, b);
    friendship::Entity::find()
        .filter(friendship::Column::UserId1.eq(one))
        .filter(friendship::Column::UserId2.eq(two))
        .one(db)
        .await
}

/// Whether the two are accepted friends.
pub async fn are_friends<C: ConnectionTrait>(db: &C, a: i64, b: i64) -> Result<bool, DbErr> {
    Ok(between(db, a, b).await?.is_some_and(|f| f.status == ACCEPTED))
}

/// The user's friendships waiting or accepted (a declined request is shown to no one).
pub async fn of_user<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<friendship::Model>, DbErr> {
    use sea_orm::QueryOrder;
    friendship::Entity::find()
        .filter(
            Condition::any().add(friendship::Column::UserId1.eq(user_id)).add(friendship::Column::UserId2.eq(user_id)),
        )
        .filter(friendship::Column::Status.is_in([PENDING, ACCEPTED]))
        .order_by_desc(friendship::Column::UpdatedAt)
        .order_by_desc(friendship::Column::Id)
        .all(db)
        .await
}

/// These users by id.
pub async fn users<C: ConnectionTrait>(db: &C, ids: Vec<i64>) -> Result<HashMap<i64, user::Model>, DbErr> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(user::Entity::find().filter(user::Column::Id.is_in(ids)).all(db).await?.into_iter().map(|u| (u.id, u)).collect())
}

/// End every live share between the two, both ways (a removed friend reads nothing more).
pub async fn revoke_shares_between<C: ConnectionTrait>(db: &C, a: i64, b: i64) -> Result<(), DbErr> {
    let either_way = Condition::any()
        .add(memory_share::Column::OwnerId.eq(a).and(memory_share::Column::RecipientId.eq(b)))
        .add(memory_share::Column::OwnerId.eq(b).and(memory_share::Column::RecipientId.eq(a)));
    memory_share::Entity::update_many()
        .col_expr(memory_share::Column::RevokedAt, Expr::value(Utc::now()))
        .filter(either_way)
        .filter(memory_share::Column::RevokedAt.is_null())
        .exec(db)
        .await?;
    Ok(())
}
