//! Page cursors: where the next page of a list starts, as an opaque text for the client
//! (JSON in URL-safe base64). Each list's cursor type checks its own values on the way back in.

use base64::Engine;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{ApiError, ErrorCode};

pub fn encode<T: Serialize>(cursor: &T) -> String {
    let json = serde_json::to_vec(cursor).expect("a cursor serializes");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json)
}

/// The cursor `raw` holds, or `invalid_cursor`.
pub fn decode<T: DeserializeOwned>(raw: &str) -> Result<T, ApiError> {
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(raw).map_err(|_| invalid())?;
    serde_json::from_slice(&bytes).map_err(|_| invalid())
}

/// A cursor from another list, or forged.
pub fn invalid() -> ApiError {
    ApiError::bad_request(ErrorCode::InvalidCursor, "This page cursor is not valid for this list")
}
