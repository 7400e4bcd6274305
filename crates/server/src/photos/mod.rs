//! Photos: upload (checked by content, location data removed, a small version made) and
//! download by their owner.
//!
//! A photo is stored under `{userId}/{random}.{ext}`, its small version beside it as
//! `{userId}/{random}.thumb.jpg`; memories refer to it as `/api/photos/{userId}/{random}.{ext}`.

pub mod handlers;
pub mod image;
pub mod storage;

use crate::openapi::routes;
use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use handlers::*;

pub use storage::PhotoStore;

/// docs/constants.md: at most 10 MB.
pub const MAX_PHOTO_BYTES: usize = 10 * 1024 * 1024;
pub(crate) const URL_PREFIX: &str = "/api/photos/";

pub fn router() -> OpenApiRouter<AppState> {
    let (schemas, paths, upload) = routes!(upload);
    // Room for the multipart envelope around a photo of the largest allowed size.
    let upload = upload.layer(DefaultBodyLimit::max(MAX_PHOTO_BYTES + 64 * 1024));
    OpenApiRouter::new().routes((schemas, paths, upload)).routes(routes!(download))
}

/// Our own names only: letters, digits, `-`, `_`, dots between, one of our extensions.
pub(crate) fn is_photo_file_name(file: &str) -> bool {
    let allowed = file.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    let known = [".jpg", ".png", ".gif", ".webp"].iter().any(|ext| file.ends_with(ext));
    allowed && known && !file.starts_with('.') && !file.contains("..")
}

/// The storage key of a photo URL of this user, if it is one.
pub fn own_key(url: &str, user_id: i64) -> Option<String> {
    let key = url.strip_prefix(URL_PREFIX)?;
    let (owner, file) = key.split_once('/')?;
    (owner == user_id.to_string() && is_photo_file_name(file) && !file.contains(".thumb.")).then(|| key.to_owned())
}

/// The small version's URL of a photo URL.
pub fn thumbnail_url(photo_url: &str) -> String {
    match photo_url.rsplit_once('.') {
        Some((stem, _)) if photo_url.starts_with(URL_PREFIX) => format!("{stem}.thumb.jpg"),
        _ => photo_url.to_owned(),
    }
}

/// Remove a photo and its small version.
pub async fn delete(store: &PhotoStore, key: &str) -> anyhow::Result<()> {
    store.delete(key).await?;
    if let Some((stem, _)) = key.rsplit_once('.') {
        store.delete(&format!("{stem}.thumb.jpg")).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn photo_urls_belong_to_their_owner() {
        assert_eq!(own_key("/api/photos/7/abc_D-1.jpg", 7).as_deref(), Some("7/abc_D-1.jpg"));
        assert_eq!(own_key("/api/photos/7/abc.jpg", 8), None);
        assert_eq!(own_key("/api/photos/7/../8/abc.jpg", 7), None);
        assert_eq!(own_key("/api/photos/7/abc.thumb.jpg", 7), None);
        assert_eq!(own_key("https://elsewhere/x.jpg", 7), None);
        assert_eq!(thumbnail_url("/api/photos/7/abc.png"), "/api/photos/7/abc.thumb.jpg");
    }
}
