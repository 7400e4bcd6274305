//! Request-body helpers shared by the features.

use serde::{Deserialize, Deserializer};

/// For `Option<Option<T>>` fields of a PATCH body: a missing field is `None` (leave it), an
/// explicit `null` is `Some(None)` (clear it). Use with `#[serde(default, deserialize_with = "present")]`.
pub fn present<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}
