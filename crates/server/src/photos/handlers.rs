//! The photo operations of the API: upload and download.

use axum::Json;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::{HeaderValue, header};
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;

use super::{MAX_PHOTO_BYTES, URL_PREFIX, image, is_photo_file_name};
use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ApiPath, ApiResult, ErrorBody, ErrorCode};

/// The form `POST /api/photos/upload` takes (described for the API document only).
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct PhotoUpload {
    /// The image: JPEG, PNG, GIF or WebP, at most 10 MB and 50 megapixels.
    #[schema(value_type = String, format = Binary)]
    photo: Vec<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedPhoto {
    /// Put this in a memory's `photo`.
    pub photo_url: String,
    pub thumbnail_url: String,
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge {
        code: ErrorCode::FileTooLarge,
        message: "File too large - Please select an image smaller than 10MB.".to_owned(),
    }
}

fn invalid_type() -> ApiError {
    ApiError::bad_request(
        ErrorCode::InvalidFileType,
        "Invalid file type - Please select a JPEG, PNG, GIF, or WebP image.",
    )
}

/// Upload a photo (multipart field `photo`): JPEG, PNG, GIF or WebP, at most 10 MB.
#[utoipa::path(post, path = "/api/photos/upload", tag = "photos",
    request_body(content = PhotoUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = UploadedPhoto), (status = 400, body = ErrorBody),
              (status = 413, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub(crate) async fn upload(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<UploadedPhoto>> {
    let mut multipart = multipart.map_err(|e| {
        ApiError::bad_request(
            ErrorCode::InvalidUpload,
            format!("Expected a multipart/form-data body: {}", e.body_text()),
        )
    })?;
    let mut photo = None;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(e) if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(e) => return Err(ApiError::bad_request(ErrorCode::InvalidUpload, e.body_text())),
        };
        if field.name() != Some("photo") {
            continue;
        }
        match field.bytes().await {
            Ok(bytes) => photo = Some(bytes),
            Err(e) if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(e) => return Err(ApiError::bad_request(ErrorCode::InvalidUpload, e.body_text())),
        }
    }
    let bytes = photo
        .ok_or_else(|| ApiError::bad_request(ErrorCode::PhotoRequired, "No photo was sent (form field 'photo')"))?;
    Ok(Json(store(&state, user.id, bytes.to_vec()).await?))
}

/// Check, process (small version, orientation, no location data) and store a photo of
/// `user_id`: the upload's rules, for uploads and imports alike.
pub(crate) async fn store(state: &AppState, user_id: i64, bytes: Vec<u8>) -> ApiResult<UploadedPhoto> {
    if bytes.len() > MAX_PHOTO_BYTES {
        return Err(too_large());
    }
    if image::Kind::sniff(&bytes).is_none() {
        return Err(invalid_type());
    }
    let processed = {
        let _turn = state.decodes.acquire().await.map_err(|e| ApiError::Internal(e.into()))?;
        tokio::task::spawn_blocking(move || image::process(&bytes))
            .await
            .map_err(|e| ApiError::Internal(e.into()))?
            .map_err(|refused| match refused {
                image::Refused::Unreadable(_) => invalid_type(),
                image::Refused::TooManyPixels { .. } => ApiError::bad_request(
                    ErrorCode::ImageTooLarge,
                    "This picture has too many pixels - Please select an image of at most 50 megapixels.",
                ),
            })?
    };
    let name = crate::auth::session::random_token();
    let key = format!("{user_id}/{name}.{}", processed.kind.extension());
    let thumbnail_key = format!("{user_id}/{name}.thumb.jpg");
    state.photos.put(&key, processed.full).await?;
    state.photos.put(&thumbnail_key, processed.thumbnail).await?;
    Ok(UploadedPhoto { photo_url: format!("{URL_PREFIX}{key}"), thumbnail_url: format!("{URL_PREFIX}{thumbnail_key}") })
}

/// A photo, to its owner only (another person's photo is not found).
#[utoipa::path(get, path = "/api/photos/{owner}/{file}", tag = "photos",
    params(("owner" = i64, Path, description = "The owner's user id"),
        ("file" = String, Path, description = "File name")),
    responses((status = 200, description = "The image"), (status = 404, body = ErrorBody),
        (status = 401, body = ErrorBody)))]
pub(crate) async fn download(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath((owner, file)): ApiPath<(String, String)>,
) -> ApiResult<Response> {
    let not_found = || ApiError::not_found("Photo not found");
    if owner != user.id.to_string() || !is_photo_file_name(&file) {
        return Err(not_found());
    }
    let key = format!("{owner}/{file}");
    let bytes = state.photos.get(&key).await?.ok_or_else(not_found)?;
    let mime = mime_guess::from_path(&file).first_or_octet_stream();
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    // Keys are random and never reused: the browser may keep them, but only for this person.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=31536000, immutable"));
    Ok(response)
}
