//! What the notification operations answer, and the events that make notifications.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

use crate::db::entities::notification;

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadCount {
    pub count: u64,
}

/// What happened, with the names it mentions.
#[derive(Debug, Clone)]
pub enum Event {
    /// `from` asked to be the reader's friend.
    FriendRequest { from: String },
    /// `by` accepted the reader's request.
    FriendAccepted { by: String },
    /// `by` shared the memory `title` (id `memory_id`) with the reader.
    MemoryShared { by: String, title: String, memory_id: i64 },
}

impl Event {
    pub fn kind(&self) -> &'static str {
        match self {
            Self::FriendRequest { .. } => "friendRequest",
            Self::FriendAccepted { .. } => "friendAccepted",
            Self::MemoryShared { .. } => "memoryShared",
        }
    }

    /// The names, for the web app to word the notification in the reader's language.
    pub fn params(&self) -> Value {
        match self {
            Self::FriendRequest { from } => json!({"name": from}),
            Self::FriendAccepted { by } => json!({"name": by}),
            Self::MemoryShared { by, title, .. } => json!({"name": by, "title": title}),
        }
    }

    /// Title and message in English, kept with the notification for readers without the
    /// web app's translations.
    pub fn words(&self) -> (String, String) {
        match self {
            Self::FriendRequest { from } => {
                ("New friend request".into(), format!("{from} would like to be your friend."))
            }
            Self::FriendAccepted { by } => {
                ("Friend request accepted".into(), format!("{by} accepted your friend request."))
            }
            Self::MemoryShared { by, title, .. } => {
                ("A memory was shared with you".into(), format!("{by} shared \"{title}\" with you."))
            }
        }
    }

    /// Where the notification leads in the app.
    pub fn link(&self) -> String {
        match self {
            Self::FriendRequest { .. } | Self::FriendAccepted { .. } => "/friends".into(),
            Self::MemoryShared { memory_id, .. } => format!("/memories/{memory_id}"),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    pub id: i64,
    /// `friendRequest`, `friendAccepted` or `memoryShared`; null for older notifications.
    pub kind: Option<String>,
    /// The names the notification mentions (`name`, and `title` for a shared memory).
    #[schema(value_type = Object)]
    pub params: Map<String, Value>,
    /// In English; the web app words known kinds in the reader's language.
    pub title: String,
    pub message: Option<String>,
    pub read: bool,
    /// A path in the app.
    pub link: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<notification::Model> for Notification {
    fn from(model: notification::Model) -> Self {
        let params = model
            .params
            .as_deref()
            .and_then(|raw| serde_json::from_str::<Value>(raw).ok())
            .and_then(|value| value.as_object().cloned())
            .unwrap_or_default();
        Self {
            id: model.id,
            kind: model.kind,
            params,
            title: model.title,
            message: model.message,
            read: model.read,
            link: model.link,
            created_at: model.created_at,
        }
    }
}
