//! Friends (docs/rules.md "Friends"): invitation links, and the friendships they ask for.
//!
//! A writer gives a friend an invitation link (a 256-bit token, kept only as its SHA-256, live 7
//! days). The friend opens it, sees who sent it, and accepts or declines: accepting uses the
//! token up and sends the writer a friend request, which the writer accepts or declines in turn
//! (a link may be forwarded, so the writer confirms who used it). Both have then approved.
//! Friendship alone shows nothing: only memories shared one by one.

pub mod handlers;
pub mod queries;

use crate::openapi::routes;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use handlers::*;

/// How long an invitation link lives.
pub const INVITE_DAYS: i64 = 7;
/// Live invitation links a writer may hold at once; a new one retires the oldest.
pub const LIVE_INVITES_MAX: usize = 20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(invite_token))
        .routes(routes!(verify_token))
        .routes(routes!(accept_invite))
        .routes(routes!(decline_invite))
        .routes(routes!(list_friendships))
        .routes(routes!(accept_friendship))
        .routes(routes!(decline_friendship))
        .routes(routes!(remove_friendship))
}
