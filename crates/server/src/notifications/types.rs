//! What the notification operations answer.

use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub count: u64,
}
