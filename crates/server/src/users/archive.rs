//! The full archive: `lifegraph.json` (the JSON export) and every photo of the writer's memories
//! under `photos/`, as one zip written while it is sent. Photos are copied from storage a chunk
//! at a time: the server holds neither the archive nor a whole photo.

use async_zip::tokio::write::ZipFileWriter;
use async_zip::{Compression, ZipEntryBuilder};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use chrono::Utc;
use futures::{AsyncWriteExt, StreamExt};

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiPath, ApiResult, ErrorBody};

/// The archive's data file.
pub const DATA_FILE: &str = "lifegraph.json";
/// The folder of photos inside the archive.
pub const PHOTO_FOLDER: &str = "photos/";

/// Everything of the signed-in writer as a zip: their data as `lifegraph.json` and their photos
/// under `photos/` (named as in each memory's photo address). Streamed.
#[utoipa::path(get, path = "/api/users/{id}/archive", tag = "users",
    params(("id" = i64, Path, description = "The signed-in user's id")),
    responses((status = 200, description = "application/zip"), (status = 401, body = ErrorBody),
              (status = 404, description = "Another user's id", body = ErrorBody)))]
pub(crate) async fn archive(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
) -> ApiResult<Response> {
    let user = super::own(user, id)?;
    let user_id = user.id;
    let data = super::export::collect(&state.db, user).await?;
    let photos: Vec<(String, String)> = data
        .memories
        .iter()
        .filter_map(|m| {
            let key = crate::photos::own_key(m.photo.as_deref()?, user_id)?;
            let name = key.rsplit('/').next()?.to_owned();
            Some((key, name))
        })
        .collect();
    let json = serde_json::to_vec_pretty(&data).map_err(anyhow::Error::from)?;
    drop(data);

    let (writer, reader) = tokio::io::duplex(256 * 1024);
    let store = state.photos.clone();
    tokio::spawn(async move {
        let written = async {
            let mut zip = ZipFileWriter::with_tokio(writer);
            zip.write_entry_whole(ZipEntryBuilder::new(DATA_FILE.into(), Compression::Deflate), &json).await?;
            drop(json);
            for (key, name) in photos {
                match store.stream(&key).await {
                    Ok(Some(mut chunks)) => {
                        // Photos are compressed already.
                        let entry = ZipEntryBuilder::new(format!("{PHOTO_FOLDER}{name}").into(), Compression::Stored);
                        let mut writer = zip.write_entry_stream(entry).await?;
                        while let Some(chunk) = chunks.next().await {
                            let chunk = chunk?;
                            writer.write_all(&chunk).await?;
                        }
                        writer.close().await?;
                    }
                    Ok(None) => tracing::warn!(user_id, key, "a memory's photo is missing from storage"),
                    Err(error) => return Err(anyhow::anyhow!(error)),
                }
            }
            zip.close().await?;
            Ok::<_, anyhow::Error>(())
        };
        if let Err(error) = written.await {
            // The download ends short; the browser reports it as failed.
            tracing::error!(user_id, ?error, "writing the archive failed");
        }
    });

    let mut response = Response::new(Body::from_stream(tokio_util::io::ReaderStream::new(reader)));
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/zip"));
    let name = format!("attachment; filename=\"lifegraph-archive-{}.zip\"", Utc::now().format("%Y-%m-%d"));
    if let Ok(value) = HeaderValue::from_str(&name) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    Ok(response)
}
