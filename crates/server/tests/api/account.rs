//! A writer's account: profile, export, deletion; feedback; the administrator's view.

use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::helpers::{Backend, TestApp, assert_error, spawn, spawn_with, uploaded_photo};

async fn person(app: &TestApp, email: &str, first: &str, last: &str) -> i64 {
    assert_eq!(app.sign_in(email, first, last).await.status(), StatusCode::SEE_OTHER);
    app.get("/api/auth/user").await.json::<Value>().await.unwrap()["id"].as_i64().unwrap()
}

async fn ok(response: reqwest::Response, status: StatusCode) -> Value {
    assert_eq!(response.status(), status, "unexpected status");
    response.json().await.unwrap()
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    let backend = app.db.get_database_backend();
    let row = app.db.query_one_raw(sea_orm::Statement::from_string(backend, sql)).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

async fn the_profile_is_the_writers_own(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "writer@example.org", "Ada", "").await;
    let profile = json!({"username": "ada", "firstName": " Ada ", "lastName": "Lovelace", "birthDate": "1990-12-10",
                         "gender": "female", "language": "fr", "theme": "dark", "email": "writer@example.org"});
    let user = ok(app.patch_json(&format!("/api/users/{me}"), &profile).await, StatusCode::OK).await;
    assert_eq!(
        (&user["username"], &user["firstName"], &user["lastName"], &user["birthDate"], &user["gender"]),
        (&json!("ada"), &json!("Ada"), &json!("Lovelace"), &json!("1990-12-10"), &json!("female"))
    );
    assert_eq!((&user["language"], &user["theme"]), (&json!("fr"), &json!("dark")));
    // The shell reads the same user.
    assert_eq!(app.get("/api/auth/user").await.json::<Value>().await.unwrap()["lastName"], "Lovelace");

    let cleared = json!({"birthDate": null, "gender": null, "lastName": ""});
    let user = ok(app.patch_json(&format!("/api/users/{me}"), &cleared).await, StatusCode::OK).await;
    assert_eq!((&user["birthDate"], &user["gender"], &user["lastName"]), (&Value::Null, &Value::Null, &Value::Null));
    assert_eq!(user["firstName"], "Ada", "what is not sent stays");

    for (body, code) in [
        (json!({"email": "someone.else@example.org"}), "email_read_only"),
        (json!({"birthDate": "1990-02-30"}), "invalid_date"),
        (json!({"birthDate": "2999-01-01"}), "invalid_date"),
        (json!({"gender": "robot"}), "validation_failed"),
        (json!({"firstName": "x".repeat(101)}), "validation_failed"),
        (json!({"language": "de"}), "validation_failed"),
        (json!({"isAdmin": true}), "validation_failed"),
    ] {
        assert_error(app.patch_json(&format!("/api/users/{me}"), &body).await, StatusCode::BAD_REQUEST, code).await;
    }
    assert_eq!(app.get("/api/auth/user").await.json::<Value>().await.unwrap()["email"], "writer@example.org");

    // Another person's id, on every route: as if it did not exist.
    let other = app.another_browser();
    let theirs = person(&other, "other@example.org", "Other", "").await;
    let patch = app.patch_json(&format!("/api/users/{theirs}"), &json!({"firstName": "Mallory"})).await;
    assert_error(patch, StatusCode::NOT_FOUND, "not_found").await;
    for route in ["export", "export?format=csv", "archive", "imports"] {
        let response = app.get(&format!("/api/users/{theirs}/{route}")).await;
        assert_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    assert_error(app.delete(&format!("/api/users/{theirs}")).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(other.get("/api/auth/user").await.json::<Value>().await.unwrap()["firstName"], "Other");
}

async fn exports_hold_the_writers_data_in_both_formats(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "export@example.org", "Eve", "").await;
    let lyon = ok(
        app.post_json("/api/entities-with-metadata", &json!({"name": "Lyon", "type": "location", "metadata": {}}))
            .await,
        StatusCode::CREATED,
    )
    .await["id"]
        .clone();
    let body = json!({"title": "Market, \"quoted\"", "content": "Line one,\nline two.", "eventDate": "2020-05-01", "entities": [lyon]});
    ok(app.post_json("/api/memories/with-validation", &body).await, StatusCode::CREATED).await;
    let other = app.another_browser();
    person(&other, "not-me@example.org", "Not", "Me").await;
    let body = json!({"title": "Someone else's", "content": "Private."});
    ok(other.post_json("/api/memories/with-validation", &body).await, StatusCode::CREATED).await;

    let response = app.get(&format!("/api/users/{me}/export?format=json")).await;
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment; filename=\"lifegraph-export-") && disposition.ends_with(".json\""));
    let data: Value = response.json().await.unwrap();
    assert_eq!(data["user"]["email"], "export@example.org");
    assert_eq!(data["memories"].as_array().unwrap().len(), 1);
    assert_eq!(data["memories"][0]["title"], "Market, \"quoted\"");
    assert_eq!(data["entities"][0]["name"], "Lyon");
    assert_eq!(data["memoryEntities"][0]["entityId"], lyon);
    assert!(!data.to_string().contains("Someone else's"));

    let response = app.get(&format!("/api/users/{me}/export?format=csv")).await;
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    let text = response.text().await.unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    assert_eq!(headers[..3], ["id", "title", "eventDate"]);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(&rows[0][1], "Market, \"quoted\"");
    assert_eq!(&rows[0][5], "Line one,\nline two.");
    assert_eq!(&rows[0][9], "Lyon (location)");
    assert_error(
        app.get(&format!("/api/users/{me}/export?format=xml")).await,
        StatusCode::BAD_REQUEST,
        "validation_failed",
    )
    .await;
}

async fn the_archive_holds_the_data_and_every_photo(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "archive@example.org", "Ar", "Chive").await;
    let mut photos = Vec::new();
    for title in ["One", "Two"] {
        let photo = uploaded_photo(&app).await;
        let body = json!({"title": title, "content": format!("{title}."), "photo": photo});
        ok(app.post_json("/api/memories/with-validation", &body).await, StatusCode::CREATED).await;
        photos.push(photo);
    }
    ok(
        app.post_json("/api/memories/with-validation", &json!({"title": "No photo", "content": "x"})).await,
        StatusCode::CREATED,
    )
    .await;
    let other = app.another_browser();
    person(&other, "other@example.org", "", "").await;
    let theirs = uploaded_photo(&other).await;
    let body = json!({"title": "Theirs", "content": "x", "photo": theirs});
    ok(other.post_json("/api/memories/with-validation", &body).await, StatusCode::CREATED).await;

    let url = app.url(&format!("/api/users/{me}/archive"));
    let response = app.client.get(url).header("accept-encoding", "gzip, br").send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/zip");
    assert!(response.headers().get("content-encoding").is_none(), "a zip is not compressed again");
    let bytes = response.bytes().await.unwrap().to_vec();
    let zip = async_zip::base::read::mem::ZipFileReader::new(bytes).await.expect("a readable zip");
    let names: Vec<String> = zip.file().entries().iter().map(|e| e.filename().as_str().unwrap().to_owned()).collect();
    let mut expected = vec!["lifegraph.json".to_owned()];
    expected.extend(photos.iter().map(|p| format!("photos/{}", p.rsplit('/').next().unwrap())));
    assert_eq!(names, expected, "the data, then each photo of the writer, and nothing of anyone else");
    let mut data = String::new();
    {
        use futures::AsyncReadExt;
        let mut entry = zip.reader_with_entry(0).await.unwrap();
        entry.read_to_string(&mut data).await.unwrap();
    }
    let data: Value = serde_json::from_str(&data).unwrap();
    assert_eq!(data["memories"].as_array().unwrap().len(), 3);
    let mut first = Vec::new();
    {
        use futures::AsyncReadExt;
        zip.reader_with_entry(1).await.unwrap().read_to_end(&mut first).await.unwrap();
    }
    let stored = app.get(&photos[0]).await.bytes().await.unwrap();
    assert_eq!(first, stored.to_vec(), "the photo as stored");
    assert_error(other.get(&format!("/api/users/{me}/archive")).await, StatusCode::NOT_FOUND, "not_found").await;
}

/// A zip of these files, written as an export tool would.
async fn zip_of(files: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut zip = async_zip::base::write::ZipFileWriter::new(Vec::new());
    for (name, bytes) in files {
        let entry = async_zip::ZipEntryBuilder::new((*name).to_owned().into(), async_zip::Compression::Deflate);
        zip.write_entry_whole(entry, bytes).await.unwrap();
    }
    zip.close().await.unwrap()
}

async fn import(app: &TestApp, user: i64, bytes: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes).file_name("export.zip").mime_str("application/zip").unwrap();
    let form = reqwest::multipart::Form::new().part("file", part);
    app.client.post(app.url(&format!("/api/users/{user}/import"))).multipart(form).send().await.unwrap()
}

fn png() -> Vec<u8> {
    let picture = image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(4, 4, image::Rgb([10, 200, 90])));
    let mut bytes = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut bytes), image::ImageFormat::Png).unwrap();
    bytes
}

/// What a writer's export says, without ids and moments that a new account cannot keep.
async fn journal_of(app: &TestApp, user: i64) -> Value {
    let data = ok(app.get(&format!("/api/users/{user}/export")).await, StatusCode::OK).await;
    let name_of = |id: &Value| -> String {
        data["entities"].as_array().unwrap().iter().find(|e| &e["id"] == id).unwrap()["name"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let mut memories: Vec<Value> = data["memories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let mut names: Vec<String> = m["entities"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap().to_owned()).collect();
            names.sort();
            json!({"title": m["title"], "content": m["content"], "description": m["description"], "eventDate": m["eventDate"],
                   "location": m["location"], "createdAt": m["createdAt"], "hasPhoto": m["photo"].is_string(), "entities": names})
        })
        .collect();
    memories.sort_by_key(|m| m["title"].as_str().unwrap().to_owned());
    let mut entities: Vec<Value> = data["entities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let mut metadata = e["metadata"].clone();
            if let Some(parents) = metadata.get_mut("parentPeriods") {
                *parents = json!(parents.as_array().unwrap().iter().map(&name_of).collect::<Vec<_>>());
            }
            json!({"name": e["name"], "type": e["type"], "aliases": e["aliases"], "notes": e["notes"], "metadata": metadata})
        })
        .collect();
    entities.sort_by_key(|e| e["name"].as_str().unwrap().to_owned());
    let mut relationships: Vec<String> = data["relationships"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{} {} {}", name_of(&r["sourceId"]), r["relationship"], name_of(&r["targetId"])))
        .collect();
    relationships.sort();
    json!({"memories": memories, "entities": entities, "relationships": relationships})
}

async fn an_archive_comes_back_whole_into_another_account(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "old@example.org", "Old", "").await;
    let entity = async |body: Value| {
        ok(app.post_json("/api/entities-with-metadata", &body).await, StatusCode::CREATED).await["id"].clone()
    };
    let claire = entity(json!({"name": "Claire", "type": "person", "aliases": ["Clairette"], "notes": "Sister.",
                               "metadata": {"category": "sister", "birthDate": "1988-04-02"}}))
    .await;
    let paris =
        entity(json!({"name": "Paris", "type": "location", "metadata": {"latitude": 48.8566, "longitude": 2.3522}}))
            .await;
    let studies = entity(json!({"name": "Studies", "type": "lifePeriod", "metadata": {"startDate": "2006-09-01", "endDate": "2011-06-30"}})).await;
    let thesis = entity(json!({"name": "Thesis", "type": "lifePeriod", "metadata": {"startDate": "2009-09-01", "parentPeriod": studies}})).await;
    let hugo = entity(json!({"name": "Hugo", "type": "person"})).await;
    app.post_json(
        "/api/entity-relationships",
        &json!({"sourceId": claire, "targetId": hugo, "relationship": "married to"}),
    )
    .await;
    let photo = uploaded_photo(&app).await;
    for (title, photo, entities) in [
        ("Defence day", Some(photo.as_str()), vec![thesis.clone(), claire.clone(), paris.clone()]),
        ("Quiet evening", None, vec![]),
    ] {
        let mut body = json!({"title": title, "content": format!("{title}, in a few words."), "description": "A note",
                               "eventDate": "2011-06-20", "location": "Paris", "entities": entities});
        if let Some(photo) = photo {
            body["photo"] = json!(photo);
        }
        ok(app.post_json("/api/memories/with-validation", &body).await, StatusCode::CREATED).await;
    }
    let before = journal_of(&app, me).await;
    let archive = app.get(&format!("/api/users/{me}/archive")).await.bytes().await.unwrap().to_vec();

    let fresh = app.another_browser();
    let new_me = person(&fresh, "new@example.org", "New", "").await;
    let result = ok(import(&fresh, new_me, archive).await, StatusCode::OK).await;
    assert_eq!(
        result,
        json!({"format": "lifegraph", "memories": 2, "entities": 5, "photos": 1, "photosSkipped": 0, "job": null})
    );
    assert_eq!(journal_of(&fresh, new_me).await, before, "the round trip loses nothing");
    let imported = ok(fresh.get(&format!("/api/users/{new_me}/export")).await, StatusCode::OK).await;
    let photo = imported["memories"].as_array().unwrap().iter().find_map(|m| m["photo"].as_str()).unwrap().to_owned();
    assert!(photo.starts_with(&format!("/api/photos/{new_me}/")), "the photo is the new account's own: {photo}");
    assert_eq!(fresh.get(&photo).await.status(), StatusCode::OK);
}

async fn a_day_one_export_becomes_memories_waiting_for_their_entities(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "dayone@example.org", "Day", "One").await;
    let journal = json!({"metadata": {"version": "1.0"}, "entries": [
        {"uuid": "A1", "text": "# Night swim\nThe lake was warm. Claire swam with me to the raft.\n![](dayone-moment://P1)", "creationDate": "2023-07-14T22:30:00Z",
         "timeZone": "Europe/Paris", "tags": ["summer"],
         "location": {"latitude": 45.9, "longitude": 6.1, "placeName": "Plage d'Albigny", "localityName": "Annecy", "country": "France"},
         "photos": [{"md5": "0a1b2c3d4e5f", "type": "png", "identifier": "P1"}]},
        {"uuid": "A2", "text": "Short note", "creationDate": "2024-01-02T08:00:00Z", "timeZone": "America/New_York"},
        {"uuid": "A3", "text": "   ", "creationDate": "2024-01-03T08:00:00Z"}
    ]});
    let zip =
        zip_of(&[("Journal.json", serde_json::to_vec(&journal).unwrap()), ("photos/0a1b2c3d4e5f.png", png())]).await;
    let result = ok(import(&app, me, zip).await, StatusCode::OK).await;
    let job = result["job"].clone();
    assert_eq!((&job["format"], &job["total"]), (&json!("dayOne"), &json!(2)), "{result}");
    assert_eq!(
        without(result, "job"),
        json!({"format": "dayOne", "memories": 2, "entities": 0, "photos": 1, "photosSkipped": 0})
    );
    let finished = finished_import(&app, me, &job["id"]).await;
    assert_eq!(finished["done"], 2, "{finished}");
    let data = ok(app.get(&format!("/api/users/{me}/export")).await, StatusCode::OK).await;
    let memories = data["memories"].as_array().unwrap();
    let swim = memories.iter().find(|m| m["title"] == "Night swim").unwrap();
    assert_eq!(swim["content"].as_str().unwrap().trim(), "The lake was warm. Claire swam with me to the raft.");
    assert_eq!(swim["eventDate"], "2023-07-15", "the day where it was written (00:30 in Paris)");
    assert_eq!(swim["location"], "Plage d'Albigny, Annecy, France");
    assert_eq!(swim["createdAt"], "2023-07-14T22:30:00Z");
    assert_eq!(swim["entitiesPending"], true, "the writer confirms Claire later, from the memory's page");
    assert_eq!(app.get(swim["photo"].as_str().unwrap()).await.status(), StatusCode::OK);
    let note = memories.iter().find(|m| m["title"] == "Short note").unwrap();
    assert_eq!((&note["content"], &note["eventDate"]), (&json!("Short note"), &json!("2024-01-02")));
    // A memory waits for the writer exactly when the extractor has something to propose.
    let mut waiting = 0;
    for memory in memories {
        let proposed =
            ok(app.post_json(&format!("/api/memories/{}/extract", memory["id"]), &json!({})).await, StatusCode::OK)
                .await;
        assert_eq!(memory["entitiesPending"], proposed["entityValidation"]["needsConfirmation"], "{}", memory["title"]);
        waiting += i64::from(memory["entitiesPending"] == true);
    }
    assert_eq!(finished["toConfirm"], waiting);
}

fn without(mut value: Value, key: &str) -> Value {
    value.as_object_mut().unwrap().remove(key);
    value
}

/// The import `id` once its background extraction has read every memory (it runs at once; the
/// wait is for a slow machine).
async fn finished_import(app: &TestApp, user: i64, id: &Value) -> Value {
    for _ in 0..200 {
        let imports = ok(app.get(&format!("/api/users/{user}/imports")).await, StatusCode::OK).await;
        let found = imports.as_array().unwrap().iter().find(|i| &i["id"] == id).cloned().expect("the import is listed");
        if found["finishedAt"].is_string() {
            return found;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the import's extraction did not finish");
}

/// The memories of the writer's export, by title: (content, eventDate, location, createdAt, has a photo).
async fn imported(app: &TestApp, user: i64) -> std::collections::BTreeMap<String, Value> {
    let data = ok(app.get(&format!("/api/users/{user}/export")).await, StatusCode::OK).await;
    data["memories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let photo = m["photo"].as_str().map(str::to_owned);
            (
                m["title"].as_str().unwrap().to_owned(),
                json!([
                    m["content"].as_str().unwrap().trim(),
                    m["eventDate"],
                    m["location"],
                    m["createdAt"],
                    photo.is_some()
                ]),
            )
        })
        .collect()
}

async fn a_journiv_export_of_either_shape_comes_in(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "journiv@example.org", "Jo", "").await;
    // Journiv 1.4: moments carry the date, place and media; the entry its title and text.
    let photo_path = "5f0e8a6c/9a1b2c3d_IMG_0042.png";
    let data = json!({"export_version": "1.4", "export_date": "2025-06-02T09:15:00Z", "journals": [{"title": "Daily"}],
    "moments": [
        {"logged_at_utc": "2025-05-31T22:45:00Z", "logged_date_tz": "2025-06-01", "logged_timezone": "Europe/Paris",
         "location_json": null, "tags": ["hiking"],
         "media": [{"filename": "IMG_0042.png", "file_path": photo_path, "media_type": "image", "mime_type": "image/png"}],
         "entry": {"title": "Morning hike",
                   "content_delta": {"ops": [{"insert": "Up the ridge before breakfast.\n"}, {"insert": {"image": "9a1b2c3d"}}, {"insert": "\n"}]},
                   "content_plain_text": "Up the ridge before breakfast.\n", "is_draft": false}},
        {"logged_at_utc": "2025-06-01T18:30:00", "logged_timezone": "Europe/Paris",
         "location_json": {"name": "Café de Flore", "locality": "Paris", "admin_area": "Île-de-France", "country": "France",
                           "latitude": 48.8541, "longitude": 2.3326},
         "media": [], "entry": {"title": null, "content_delta": {"ops": [{"insert": "Dinner\nWith Léa, late.\n"}]}}},
        {"logged_at_utc": "2025-06-02T08:00:00Z", "primary_mood_name": "happy", "media": [], "entry": null}
    ]});
    let zip =
        zip_of(&[("data.json", serde_json::to_vec(&data).unwrap()), (&format!("media/{photo_path}"), png())]).await;
    let result = ok(import(&app, me, zip).await, StatusCode::OK).await;
    assert_eq!(
        without(result.clone(), "job"),
        json!({"format": "journiv", "memories": 2, "entities": 0, "photos": 1, "photosSkipped": 0})
    );
    assert_eq!(finished_import(&app, me, &result["job"]["id"]).await["done"], 2);
    // Journiv 1.1: journals hold their entries.
    let older = json!({"export_version": "1.1", "journals": [{"title": "Old", "entries": [
        {"title": "First day", "content_plain_text": "", "content_delta": {"ops": [{"insert": "School started.\n"}]},
         "entry_date": "2019-09-02", "entry_datetime_utc": "2019-09-02T06:30:00+00:00", "entry_timezone": "Europe/Paris",
         "location_json": {"name": "Lycée Victor Hugo", "locality": "Besançon"}, "media": []}]}]});
    let result =
        ok(import(&app, me, zip_of(&[("data.json", serde_json::to_vec(&older).unwrap())]).await).await, StatusCode::OK)
            .await;
    assert_eq!((&result["format"], &result["memories"]), (&json!("journiv"), &json!(1)));

    let memories = imported(&app, me).await;
    assert_eq!(
        memories["Morning hike"],
        json!(["Up the ridge before breakfast.", "2025-06-01", null, "2025-05-31T22:45:00Z", true])
    );
    assert_eq!(
        memories["Dinner"],
        json!(["With Léa, late.", "2025-06-01", "Café de Flore, Paris, France", "2025-06-01T18:30:00Z", false])
    );
    assert_eq!(
        memories["First day"],
        json!(["School started.", "2019-09-02", "Lycée Victor Hugo, Besançon", "2019-09-02T06:30:00Z", false])
    );
    assert_eq!(memories.len(), 3, "the mood check-in without an entry is no memory");
}

async fn a_memos_export_comes_in_without_its_comments(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "memos@example.org", "Mo", "").await;
    let manifest = json!({"format": "memos-export", "formatVersion": "1.0", "generator": {"name": "memos", "version": "0.31.0"},
                          "exportTime": "2026-09-16T08:30:00Z", "counts": {"memos": 3, "attachments": 1}});
    let hike = json!({"uid": "Ab3kZ9q2", "creator": "mo", "createTime": "2026-03-02T07:45:00Z", "state": "NORMAL",
        "contentPath": "memos/Ab3kZ9q2.md", "tags": ["hiking"],
        "attachments": [{"uid": "att1", "filename": "IMG_0042.png", "type": "image/png", "path": "attachments/att1/IMG_0042.png"}]});
    let cafe = json!({"uid": "Qr5TuV88", "createTime": "2026-03-03T18:30:00.250Z", "contentPath": "memos/Qr5TuV88.md",
        "location": {"placeholder": "Café de Flore, Paris", "latitude": 48.8541, "longitude": 2.3326}});
    let comment = json!({"uid": "Cm1", "createTime": "2026-03-03T19:00:00Z", "contentPath": "memos/Cm1.md", "parent": "Qr5TuV88"});
    let zip = zip_of(&[
        ("manifest.json", serde_json::to_vec(&manifest).unwrap()),
        ("attachments/att1/IMG_0042.png", png()),
        ("memos/Ab3kZ9q2.json", serde_json::to_vec(&hike).unwrap()),
        ("memos/Ab3kZ9q2.md", b"Morning hike up the ridge #hiking".to_vec()),
        ("memos/Qr5TuV88.json", serde_json::to_vec(&cafe).unwrap()),
        ("memos/Qr5TuV88.md", "# Flore\nCoffee with Léa.".as_bytes().to_vec()),
        ("memos/Cm1.json", serde_json::to_vec(&comment).unwrap()),
        ("memos/Cm1.md", b"Nice!".to_vec()),
    ])
    .await;
    let result = ok(import(&app, me, zip).await, StatusCode::OK).await;
    assert_eq!(
        without(result.clone(), "job"),
        json!({"format": "memos", "memories": 2, "entities": 0, "photos": 1, "photosSkipped": 0})
    );
    assert_eq!(finished_import(&app, me, &result["job"]["id"]).await["done"], 2);
    let memories = imported(&app, me).await;
    assert_eq!(
        memories["Morning hike up the ridge #hiking"],
        json!(["Morning hike up the ridge #hiking", "2026-03-02", null, "2026-03-02T07:45:00Z", true])
    );
    assert_eq!(
        memories["Flore"],
        json!(["Coffee with Léa.", "2026-03-03", "Café de Flore, Paris", "2026-03-03T18:30:00.250Z", false])
    );
    assert_eq!(memories.len(), 2);

    // A later major version of the format is refused, and changes nothing.
    let future = json!({"format": "memos-export", "formatVersion": "2.0"});
    let response = import(&app, me, zip_of(&[("manifest.json", serde_json::to_vec(&future).unwrap())]).await).await;
    assert_error(response, StatusCode::BAD_REQUEST, "invalid_archive").await;
    // A memo whose text is missing refuses the whole file.
    let broken = zip_of(&[
        ("manifest.json", serde_json::to_vec(&manifest).unwrap()),
        ("memos/Ab3kZ9q2.json", serde_json::to_vec(&hike).unwrap()),
    ])
    .await;
    assert_error(import(&app, me, broken).await, StatusCode::BAD_REQUEST, "invalid_archive").await;
    assert_eq!(imported(&app, me).await.len(), 2);
}

async fn hostile_or_foreign_files_are_refused_and_change_nothing(backend: Backend) {
    let app = spawn(backend).await;
    let me = person(&app, "careful@example.org", "", "").await;
    let journal =
        serde_json::to_vec(&json!({"entries": [{"text": "Fine\nfine", "creationDate": "2023-01-01T00:00:00Z"}]}))
            .unwrap();
    let bomb = vec![0u8; 64 * 1024 * 1024];
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("not a zip", b"just some text".to_vec()),
        ("a path out of the archive", zip_of(&[("../Journal.json", journal.clone())]).await),
        ("an absolute path", zip_of(&[("/etc/Journal.json", journal.clone())]).await),
        ("a zip bomb", zip_of(&[("Journal.json", journal.clone()), ("photos/big.png", bomb)]).await),
        ("no journal", zip_of(&[("notes.txt", b"hello".to_vec())]).await),
        ("a JSON of another shape", zip_of(&[("Journal.json", b"{\"items\": []}".to_vec())]).await),
        (
            "a broken Lifegraph archive",
            zip_of(&[("lifegraph.json", b"{\"memories\": [{\"title\": 1}]}".to_vec())]).await,
        ),
    ];
    for (what, bytes) in cases {
        let response = import(&app, me, bytes).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{what}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "invalid_archive", "{what}: {body}");
    }
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM memories WHERE user_id = {me}")).await, 0);
    let photos = app.config.storage_url.strip_prefix("file://").unwrap().to_owned();
    assert_eq!(std::fs::read_dir(format!("{photos}/{me}")).map(|d| d.count()).unwrap_or(0), 0);
    let other = app.another_browser();
    person(&other, "other@example.org", "", "").await;
    let response = import(&other, me, zip_of(&[("Journal.json", journal)]).await).await;
    assert_error(response, StatusCode::NOT_FOUND, "not_found").await;
}

async fn a_deleted_account_leaves_nothing_of_its_writer(backend: Backend) {
    let app = spawn(backend).await;
    let gone = person(&app, "leaving@example.org", "Lea", "Ving").await;
    let friend = app.another_browser();
    let friend_id = person(&friend, "friend@example.org", "Fred", "").await;

    // Lea's journal: a photo, entities, a relationship, friends, shares both ways, a public link,
    // notifications, an invitation, feedback.
    let photo = uploaded_photo(&app).await;
    let a = ok(
        app.post_json("/api/entities-with-metadata", &json!({"name": "Ann", "type": "person"})).await,
        StatusCode::CREATED,
    )
    .await;
    let b = ok(
        app.post_json("/api/entities-with-metadata", &json!({"name": "Bo", "type": "person"})).await,
        StatusCode::CREATED,
    )
    .await;
    app.post_json(
        "/api/entity-relationships",
        &json!({"sourceId": a["id"], "targetId": b["id"], "relationship": "sister"}),
    )
    .await;
    let body = json!({"title": "Mine", "content": "Mine.", "photo": photo, "entities": [a["id"]]});
    let memory =
        ok(app.post_json("/api/memories/with-validation", &body).await, StatusCode::CREATED).await["memory"]["id"]
            .as_i64()
            .unwrap();
    let token =
        ok(app.get("/api/friends/invite-token").await, StatusCode::OK).await["token"].as_str().unwrap().to_owned();
    let request =
        ok(friend.post_json("/api/friends/accept-invite", &json!({"token": token})).await, StatusCode::OK).await;
    ok(app.post_json(&format!("/api/friendships/{}/accept", request["id"]), &json!({})).await, StatusCode::OK).await;
    app.post_json(&format!("/api/memories/{memory}/share-with-friend"), &json!({"friendId": friend_id})).await;
    let theirs = json!({"title": "Fred's", "content": "Fred's."});
    let fred_memory =
        ok(friend.post_json("/api/memories/with-validation", &theirs).await, StatusCode::CREATED).await["memory"]["id"]
            .as_i64()
            .unwrap();
    friend.post_json(&format!("/api/memories/{fred_memory}/share-with-friend"), &json!({"friendId": gone})).await;
    let link = ok(app.post_json(&format!("/api/memories/{memory}/share"), &json!({})).await, StatusCode::CREATED).await;
    let public = link["shareUrl"].as_str().unwrap().replace("/shared/", "/api/shared/");
    ok(app.get("/api/friends/invite-token").await, StatusCode::OK).await;
    let feedback = json!({"type": "bug", "message": "The map is slow."});
    ok(app.post_json("/api/feedback", &feedback).await, StatusCode::CREATED).await;
    assert_eq!(app.get(&public).await.status(), StatusCode::OK);
    let journal = json!({"entries": [{"text": "Old diary\nA walk with Ann.", "creationDate": "2020-05-01T10:00:00Z"}]});
    ok(
        import(&app, gone, zip_of(&[("Journal.json", serde_json::to_vec(&journal).unwrap())]).await).await,
        StatusCode::OK,
    )
    .await;

    let response = app.delete(&format!("/api/users/{gone}")).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert!(response.headers()["set-cookie"].to_str().unwrap().contains("lifegraph_session=;"), "signed out");
    assert_error(app.get("/api/auth/user").await, StatusCode::UNAUTHORIZED, "unauthorized").await;

    // No row of Lea's in any table.
    for (table, columns) in [
        ("users", &["id"][..]),
        ("sessions", &["user_id"]),
        ("memories", &["user_id"]),
        ("entities", &["user_id"]),
        ("memory_entities", &["user_id"]),
        ("entity_relationships", &["user_id"]),
        ("friendships", &["user_id1", "user_id2", "requested_by"]),
        ("friend_invites", &["user_id"]),
        ("memory_shares", &["owner_id", "recipient_id"]),
        ("share_links", &["user_id"]),
        ("notifications", &["user_id"]),
        ("feedback", &["user_id"]),
        ("tutorial_progress", &["user_id"]),
        ("jobs", &["user_id"]),
        ("imports", &["user_id"]),
    ] {
        for column in columns {
            assert_eq!(
                count(&app, &format!("SELECT COUNT(*) FROM {table} WHERE {column} = {gone}")).await,
                0,
                "{table}.{column}"
            );
        }
    }
    // The feedback stays, nameless; Fred keeps his own data; the photos are gone.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM feedback WHERE user_id IS NULL AND user_email IS NULL").await, 1);
    assert_eq!(count(&app, &format!("SELECT COUNT(*) FROM memories WHERE user_id = {friend_id}")).await, 1);
    let photos = app.config.storage_url.strip_prefix("file://").unwrap().to_owned();
    let left = std::fs::read_dir(format!("{photos}/{gone}")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(left, 0, "no photo of Lea's in storage");
    // Her public link answers as an expired one; Fred sees neither friend nor share.
    assert_error(friend.get(&public).await, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(ok(friend.get("/api/friendships").await, StatusCode::OK).await, json!([]));
    assert_eq!(ok(friend.get("/api/shared-with-me").await, StatusCode::OK).await, json!([]));
}

async fn feedback_comes_from_visitors_and_writers(backend: Backend) {
    let app = spawn_with(backend, |config| config.feedback_per_minute = std::num::NonZeroU32::new(5).unwrap()).await;
    let visitor = app.another_browser();
    for (body, code) in [
        (json!({"type": "feedback", "message": "Hello"}), "contact_required"),
        (
            json!({"type": "feedback", "message": "Hello", "userName": "Vi", "userEmail": "not-an-address"}),
            "contact_required",
        ),
        (
            json!({"type": "feedback", "message": "   ", "userName": "Vi", "userEmail": "vi@example.org"}),
            "message_required",
        ),
        (
            json!({"type": "praise", "message": "Hello", "userName": "Vi", "userEmail": "vi@example.org"}),
            "validation_failed",
        ),
    ] {
        assert_error(visitor.post_json("/api/feedback", &body).await, StatusCode::BAD_REQUEST, code).await;
    }
    let body = json!({"type": "feedback", "subject": " Idea ", "message": " More colours ", "userName": "Vi", "userEmail": "vi@example.org"});
    ok(visitor.post_json("/api/feedback", &body).await, StatusCode::CREATED).await;
    // Too many from one address (refused tries count too).
    assert_error(visitor.post_json("/api/feedback", &body).await, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
    let backend_kind = app.db.get_database_backend();
    let row = app
        .db
        .query_one_raw(sea_orm::Statement::from_string(
            backend_kind,
            "SELECT subject, message, user_name FROM feedback",
        ))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(row.try_get::<String>("", "subject").unwrap(), "Idea", "trimmed");
    assert_eq!(row.try_get::<String>("", "message").unwrap(), "More colours");
    assert_eq!(row.try_get::<String>("", "user_name").unwrap(), "Vi");
}

async fn only_the_administrator_sees_the_metrics_and_the_feedback(backend: Backend) {
    let app = spawn(backend).await;
    let admin = person(&app, "admin@example.org", "Ad", "Min").await;
    assert_eq!(admin, 1, "the first account administers");
    let writer = app.another_browser();
    person(&writer, "writer@example.org", "Wri", "Ter").await;
    let visitor = app.another_browser();

    for path in ["/api/admin/stats", "/api/admin/feedback"] {
        assert_error(writer.get(path).await, StatusCode::FORBIDDEN, "forbidden").await;
        assert_error(visitor.get(path).await, StatusCode::UNAUTHORIZED, "unauthorized").await;
    }
    let sent =
        ok(writer.post_json("/api/feedback", &json!({"type": "bug", "message": "Crash"})).await, StatusCode::CREATED)
            .await;
    let id = sent["id"].as_i64().unwrap();
    let change = json!({"status": "resolved", "adminNotes": "Fixed"});
    assert_error(
        writer.patch_json(&format!("/api/admin/feedback/{id}"), &change).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    )
    .await;
    assert_error(writer.delete(&format!("/api/admin/feedback/{id}")).await, StatusCode::FORBIDDEN, "forbidden").await;

    // Metrics over windows: memories written now, 3, 20 and 40 days ago.
    for title in ["now", "3 days", "20 days", "40 days"] {
        let body = json!({"title": title, "content": "x"});
        ok(writer.post_json("/api/memories/with-validation", &body).await, StatusCode::CREATED).await;
    }
    for (title, days) in [("3 days", 3), ("20 days", 20), ("40 days", 40)] {
        let moment = chrono::Utc::now() - chrono::Duration::days(days);
        let backend_kind = app.db.get_database_backend();
        let sql = match backend_kind {
            sea_orm::DatabaseBackend::Postgres => "UPDATE memories SET created_at = $1 WHERE title = $2",
            _ => "UPDATE memories SET created_at = ? WHERE title = ?",
        };
        app.db
            .execute_raw(sea_orm::Statement::from_sql_and_values(backend_kind, sql, [moment.into(), title.into()]))
            .await
            .unwrap();
    }
    let stats = ok(app.get("/api/admin/stats").await, StatusCode::OK).await;
    assert_eq!(stats["memories"], json!({"total": 4, "last24h": 1, "last7d": 2, "last30d": 3}));
    assert_eq!(stats["users"]["total"], 2);
    assert_eq!(stats["friendships"]["total"]["last24h"], 0, "totals have no windows");
    assert!(stats["entities"]["person"].is_object() && stats["personCategories"].is_object());

    let list = ok(app.get("/api/admin/feedback").await, StatusCode::OK).await;
    assert_eq!(list[0]["userName"], "Wri Ter");
    assert_eq!(list[0]["status"], "new");
    assert_eq!(app.patch_json(&format!("/api/admin/feedback/{id}"), &change).await.status(), StatusCode::NO_CONTENT);
    let list = ok(app.get("/api/admin/feedback").await, StatusCode::OK).await;
    assert_eq!((&list[0]["status"], &list[0]["adminNotes"]), (&json!("resolved"), &json!("Fixed")));
    let bad = app.patch_json(&format!("/api/admin/feedback/{id}"), &json!({"status": "closed"})).await;
    assert_error(bad, StatusCode::BAD_REQUEST, "validation_failed").await;
    assert_eq!(app.delete(&format!("/api/admin/feedback/{id}")).await.status(), StatusCode::NO_CONTENT);
    assert_error(app.delete(&format!("/api/admin/feedback/{id}")).await, StatusCode::NOT_FOUND, "not_found").await;
    // Every administrator request is in the access log.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM admin_access_log WHERE admin_id = 1").await, 6);
}

async fn the_password_lives_with_the_identity_provider(backend: Backend) {
    let app = spawn(backend).await;
    assert_eq!(ok(app.get("/api/auth/provider").await, StatusCode::OK).await, json!({"accountUrl": null}));
    let account = "https://id.example.org/realms/home/account";
    let app = spawn_with(backend, |config| config.oidc_account_url = Some(account.parse().unwrap())).await;
    assert_eq!(ok(app.get("/api/auth/provider").await, StatusCode::OK).await, json!({"accountUrl": account}));
}

crate::backends!(
    the_profile_is_the_writers_own,
    the_password_lives_with_the_identity_provider,
    exports_hold_the_writers_data_in_both_formats,
    the_archive_holds_the_data_and_every_photo,
    an_archive_comes_back_whole_into_another_account,
    a_day_one_export_becomes_memories_waiting_for_their_entities,
    a_journiv_export_of_either_shape_comes_in,
    a_memos_export_comes_in_without_its_comments,
    hostile_or_foreign_files_are_refused_and_change_nothing,
    a_deleted_account_leaves_nothing_of_its_writer,
    feedback_comes_from_visitors_and_writers,
    only_the_administrator_sees_the_metrics_and_the_feedback,
);
