use std::io::Cursor;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn};

/// A JPEG whose EXIF holds a GPS position (as phones write them).
fn jpeg_with_location(width: u32, height: u32) -> Vec<u8> {
    let picture = image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 255) as u8, (y % 255) as u8, 90])
    }));
    let mut jpeg = Vec::new();
    picture.write_to(&mut Cursor::new(&mut jpeg), image::ImageFormat::Jpeg).unwrap();
    let mut tiff = b"II\x2a\0\x08\0\0\0".to_vec();
    tiff.extend_from_slice(&1u16.to_le_bytes());
    tiff.extend_from_slice(&[0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0]); // GPSInfo -> 26
    tiff.extend_from_slice(&0u32.to_le_bytes());
    tiff.extend_from_slice(&1u16.to_le_bytes());
    tiff.extend_from_slice(&[1, 0, 2, 0, 2, 0, 0, 0, b'N', 0, 0, 0]); // GPSLatitudeRef N
    tiff.extend_from_slice(&0u32.to_le_bytes());
    let mut payload = b"Exif\0\0".to_vec();
    payload.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&u16::try_from(payload.len() + 2).unwrap().to_be_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

fn has_exif(bytes: &[u8]) -> bool {
    bytes.windows(6).any(|w| w == b"Exif\0\0")
}

async fn upload(app: &TestApp, bytes: Vec<u8>, name: &str, mime: &str) -> reqwest::Response {
    let part = Part::bytes(bytes).file_name(name.to_owned()).mime_str(mime).unwrap();
    app.client.post(app.url("/api/photos/upload")).multipart(Form::new().part("photo", part)).send().await.unwrap()
}

async fn a_photo_is_stored_without_its_location(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("photographer@example.org").await;
    let original = jpeg_with_location(1600, 1200);
    assert!(has_exif(&original));
    let response = upload(&app, original, "beach.jpg", "image/jpeg").await;
    assert_eq!(response.status(), StatusCode::OK);
    let uploaded: Value = response.json().await.unwrap();
    let url = uploaded["photoUrl"].as_str().unwrap();
    assert!(url.starts_with("/api/photos/"));

    let stored = app.get(url).await;
    assert_eq!(stored.status(), StatusCode::OK);
    assert_eq!(stored.headers()["content-type"], "image/jpeg");
    let bytes = stored.bytes().await.unwrap();
    assert!(!has_exif(&bytes), "the GPS-bearing EXIF block is gone");
    let picture = image::load_from_memory(&bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (1600, 1200), "the picture itself is untouched");

    let small = app.get(uploaded["thumbnailUrl"].as_str().unwrap()).await.bytes().await.unwrap();
    let small = image::load_from_memory(&small).unwrap();
    assert!(small.width() <= 640 && small.height() <= 640, "cards get a small version");
}

async fn uploads_are_checked_by_content_and_size(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("uploads@example.org").await;
    let fake = upload(&app, b"%PDF-1.7 definitely not a picture".to_vec(), "holiday.jpg", "image/jpeg").await;
    let body = assert_error(fake, StatusCode::BAD_REQUEST, "invalid_file_type").await;
    assert_eq!(body["message"], "Invalid file type - Please select a JPEG, PNG, GIF, or WebP image.");
    let mut disguised = vec![0xFF, 0xD8, 0xFF, 0xE0];
    disguised.extend_from_slice(&[7u8; 2048]);
    assert_error(upload(&app, disguised, "x.jpg", "image/jpeg").await, StatusCode::BAD_REQUEST, "invalid_file_type")
        .await;

    let mut huge = jpeg_with_location(64, 64);
    huge.resize(11 * 1024 * 1024, 0);
    let body = assert_error(
        upload(&app, huge, "big.jpg", "image/jpeg").await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "file_too_large",
    )
    .await;
    assert_eq!(body["message"], "File too large - Please select an image smaller than 10MB.");

    let empty =
        app.client.post(app.url("/api/photos/upload")).multipart(Form::new().text("other", "x")).send().await.unwrap();
    assert_error(empty, StatusCode::BAD_REQUEST, "photo_required").await;
}

async fn photos_are_their_owners_only(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("private@example.org").await;
    let uploaded: Value = upload(&app, jpeg_with_location(32, 32), "me.jpg", "image/jpeg").await.json().await.unwrap();
    let url = uploaded["photoUrl"].as_str().unwrap().to_owned();
    let other = app.another_browser();
    other.signed_in_user("peeker@example.org").await;
    assert_error(other.get(&url).await, StatusCode::NOT_FOUND, "not_found").await;
    // Nor can they attach it to a memory of theirs.
    let borrowed =
        other.post_json("/api/memories/with-validation", &json!({"title": "t", "content": "c", "photo": url})).await;
    assert_error(borrowed, StatusCode::BAD_REQUEST, "invalid_photo").await;
    let signed_out = reqwest::Client::new().get(app.url(&url)).send().await.unwrap();
    assert_error(signed_out, StatusCode::UNAUTHORIZED, "unauthorized").await;
    assert_error(app.get("/api/photos/1/..%2F..%2Fetc.jpg").await, StatusCode::NOT_FOUND, "not_found").await;
}

async fn a_memorys_photo_goes_with_it(backend: Backend) {
    let app = spawn(backend).await;
    app.signed_in_user("album@example.org").await;
    let first: Value = upload(&app, jpeg_with_location(32, 32), "a.jpg", "image/jpeg").await.json().await.unwrap();
    let first_url = first["photoUrl"].as_str().unwrap().to_owned();
    let created: Value = app
        .post_json(
            "/api/memories/with-validation",
            &json!({"title": "Sunset", "content": "Orange sky", "photo": first_url}),
        )
        .await
        .json()
        .await
        .unwrap();
    let memory = &created["memory"];
    assert_eq!(memory["photo"], first_url);
    assert_eq!(memory["photoThumbnail"], first["thumbnailUrl"]);
    let id = memory["id"].as_i64().unwrap();

    // Replacing the photo removes the old one.
    let second: Value = upload(&app, jpeg_with_location(16, 16), "b.jpg", "image/jpeg").await.json().await.unwrap();
    let second_url = second["photoUrl"].as_str().unwrap().to_owned();
    let replaced: Value =
        app.patch_json(&format!("/api/memories/{id}"), &json!({"photo": second_url})).await.json().await.unwrap();
    assert_eq!(replaced["photo"], second_url);
    assert_eq!(app.get(&first_url).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get(first["thumbnailUrl"].as_str().unwrap()).await.status(), StatusCode::NOT_FOUND);

    // Deleting the memory removes its photo.
    app.client.delete(app.url(&format!("/api/memories/{id}"))).send().await.unwrap();
    assert_eq!(app.get(&second_url).await.status(), StatusCode::NOT_FOUND);
}

crate::backends!(
    a_photo_is_stored_without_its_location,
    uploads_are_checked_by_content_and_size,
    photos_are_their_owners_only,
    a_memorys_photo_goes_with_it,
);
