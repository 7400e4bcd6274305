//! Sessions: an opaque random token in an HttpOnly, SameSite=Lax cookie, stored hashed in
//! the database so any number of server processes share them.

use axum_extra::extract::cookie::{Cookie, SameSite};
use base64::Engine;
use chrono::{Duration, Utc};
use rand::RngCore;
use sea_orm::sea_query::Query;
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use crate::db::entities::{session, user};

pub const COOKIE_NAME: &str = "lifegraph_session";
const LIFETIME_DAYS: i64 = 30;

/// A fresh 256-bit token, URL-safe.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Start a session for the user and return the cookie that carries it.
pub async fn start(db: &DatabaseConnection, user_id: i64, secure: bool) -> Result<Cookie<'static>, sea_orm::DbErr> {
    let token = random_token();
    let now = Utc::now();
    session::ActiveModel {
        token_hash: Set(hash_token(&token)),
        user_id: Set(user_id),
        created_at: Set(now),
        expires_at: Set(now + Duration::days(LIFETIME_DAYS)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(Cookie::build((COOKIE_NAME, token))
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(time_days(LIFETIME_DAYS))
        .build())
}

/// The signed-in user behind a session token, if the session is live.
pub async fn user_for_token(db: &DatabaseConnection, token: &str) -> Result<Option<user::Model>, sea_orm::DbErr> {
    // One statement, as every signed-in request starts with it.
    let live = Query::select()
        .column(session::Column::UserId)
        .from(session::Entity)
        .and_where(session::Column::TokenHash.eq(hash_token(token)))
        .and_where(session::Column::ExpiresAt.gt(Utc::now()))
        .to_owned();
    user::Entity::find().filter(user::Column::Id.in_subquery(live)).one(db).await
}

pub async fn end(db: &DatabaseConnection, token: &str) -> Result<(), sea_orm::DbErr> {
    session::Entity::delete_many().filter(session::Column::TokenHash.eq(hash_token(token))).exec(db).await?;
    Ok(())
}

/// The cookie that removes the session cookie from the browser.
pub fn removal_cookie() -> Cookie<'static> {
    Cookie::build((COOKIE_NAME, "")).path("/").max_age(time_days(0)).build()
}

fn time_days(days: i64) -> time::Duration {
    time::Duration::days(days)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_hashes_stable() {
        let (a, b) = (random_token(), random_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), a);
    }
}
