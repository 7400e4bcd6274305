//! Bringing a journal in (docs/rules.md "Account"): Lifegraph's own archive (nothing lost: memories,
//! entities with their metadata, links, relationships, photos), a Day One export (a zip of
//! `<Journal>.json` with `entries[]` and `photos/<md5>.<ext>`), a Journiv export (`data.json` and
//! `media/`) and a Memos export (`manifest.json`, `memos/<uid>.json` and `.md`, `attachments/`).
//!
//! The upload goes to a temporary file, never into memory whole. The whole archive is read and
//! checked before anything is written: a zip with too many or too large entries (a "zip bomb"),
//! a path that climbs out (`..`, absolute), or a file of no known shape is refused and changes
//! nothing. Photos are stored through the upload's own checks; the rows are written in one
//! transaction, and stored photos are removed again if it fails. Memories from another journal
//! go through extraction in the background (`imports`) and wait for the entities the writer
//! confirms from each memory's page.

use std::collections::HashMap;

use async_zip::tokio::read::seek::ZipFileReader;
use axum::Json;
use axum::extract::State;
use axum::extract::multipart::{Multipart, MultipartRejection};
use chrono::{DateTime, NaiveDate, Utc};
use futures::AsyncReadExt;
use sea_orm::{ActiveModelTrait, ConnectionTrait, Set};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tokio::io::{AsyncWriteExt, BufReader};
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::memory;
use crate::entities::types::{EntityKind, NewEntity};
use crate::error::{ApiError, ApiPath, ApiResult, ErrorBody, ErrorCode};

/// The largest upload, in bytes.
pub const UPLOAD_MAX: usize = 512 * 1024 * 1024;
/// The most entries an archive may hold.
pub const ENTRIES_MAX: usize = 50_000;
/// The largest data file (JSON) once expanded.
pub const DATA_MAX: u64 = 100 * 1024 * 1024;
/// All entries together, once expanded.
pub const EXPANDED_MAX: u64 = 4 * 1024 * 1024 * 1024;
/// The most an entry may expand (uncompressed / compressed) beyond 1 MB.
pub const RATIO_MAX: u64 = 100;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResult {
    /// `lifegraph`, `dayOne`, `journiv` or `memos`.
    pub format: String,
    pub memories: usize,
    pub entities: usize,
    pub photos: usize,
    /// Photos the archive names but could not be read as pictures (the memory is kept without).
    pub photos_skipped: usize,
    /// The background extraction of the imported memories; none when nothing waits for it (a
    /// Lifegraph archive brings its entities settled).
    pub job: Option<super::imports::ImportJob>,
}

#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ImportUpload {
    /// The export file (zip).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

fn invalid(message: impl Into<String>) -> ApiError {
    ApiError::bad_request(ErrorCode::InvalidArchive, message)
}

fn unknown_format() -> ApiError {
    invalid("This file is not a Lifegraph archive, nor a Day One, Journiv or Memos export (a .zip file)")
}

/// A Memos export's table of contents.
const MEMOS_MANIFEST: &str = "manifest.json";
/// A Journiv export's data.
const JOURNIV_DATA: &str = "data.json";

/// Import a journal (multipart field `file`): a Lifegraph archive, a Day One, Journiv or Memos export.
#[utoipa::path(post, path = "/api/users/{id}/import", tag = "users",
    params(("id" = i64, Path, description = "The signed-in user's id")),
    request_body(content = ImportUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = ImportResult), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, description = "Another user's id", body = ErrorBody), (status = 413, body = ErrorBody)))]
pub(crate) async fn import(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiPath(id): ApiPath<i64>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ImportResult>> {
    let user = super::own(user, id)?;
    let mut multipart = multipart.map_err(|e| ApiError::bad_request(ErrorCode::InvalidUpload, e.body_text()))?;
    let path = std::env::temp_dir().join(format!("lifegraph-import-{}.zip", crate::auth::session::random_token()));
    let received = receive(&mut multipart, &path).await;
    let answer = match received {
        Ok(()) => import_file(&state, user.id, &path).await,
        Err(error) => Err(error),
    };
    if let Err(error) = tokio::fs::remove_file(&path).await
        && error.kind() != std::io::ErrorKind::NotFound
    {
        tracing::warn!(?error, "could not remove an import's temporary file");
    }
    answer.map(Json)
}

fn too_large() -> ApiError {
    ApiError::PayloadTooLarge { code: ErrorCode::FileTooLarge, message: "The file is larger than 512 MB".into() }
}

/// Write the `file` field to `path`, chunk by chunk.
async fn receive(multipart: &mut Multipart, path: &std::path::Path) -> ApiResult<()> {
    let upload_error = |e: axum::extract::multipart::MultipartError| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::bad_request(ErrorCode::InvalidUpload, e.body_text())
        }
    };
    while let Some(mut field) = multipart.next_field().await.map_err(upload_error)? {
        if field.name() != Some("file") {
            continue;
        }
        let mut file = tokio::fs::File::create(path).await.map_err(anyhow::Error::from)?;
        let mut size = 0usize;
        while let Some(chunk) = field.chunk().await.map_err(upload_error)? {
            size += chunk.len();
            if size > UPLOAD_MAX {
                return Err(too_large());
            }
            file.write_all(&chunk).await.map_err(anyhow::Error::from)?;
        }
        file.flush().await.map_err(anyhow::Error::from)?;
        return Ok(());
    }
    Err(ApiError::bad_request(ErrorCode::InvalidUpload, "No file was sent (form field 'file')"))
}

type Reader = ZipFileReader<BufReader<tokio::fs::File>>;

/// An archive, checked, with its entries by name.
struct Archive {
    reader: Reader,
    names: HashMap<String, usize>,
}

impl Archive {
    async fn open(path: &std::path::Path) -> ApiResult<Self> {
        let file = tokio::fs::File::open(path).await.map_err(anyhow::Error::from)?;
        let reader = ZipFileReader::with_tokio(BufReader::new(file)).await.map_err(|_| unknown_format())?;
        let entries = reader.file().entries();
        if entries.len() > ENTRIES_MAX {
            return Err(invalid(format!("The archive holds more than {ENTRIES_MAX} files")));
        }
        let mut names = HashMap::new();
        let mut expanded = 0u64;
        for (index, entry) in entries.iter().enumerate() {
            let name = entry.filename().as_str().map_err(|_| invalid("A file name in the archive is not readable"))?;
            let climbs = name.starts_with('/')
                || name.starts_with('\\')
                || name.contains(':')
                || name.split(['/', '\\']).any(|part| part == "..");
            if climbs {
                return Err(invalid(format!("The archive holds a path that leaves it: {name}")));
            }
            let (size, packed) = (entry.uncompressed_size(), entry.compressed_size());
            expanded = expanded.saturating_add(size);
            if expanded > EXPANDED_MAX || (size > 1024 * 1024 && size / packed.max(1) > RATIO_MAX) {
                return Err(invalid("The archive expands to far more than it holds"));
            }
            if !name.ends_with('/') {
                names.insert(name.to_owned(), index);
            }
        }
        Ok(Self { reader, names })
    }

    /// The bytes of `name`, at most `max` (a file that expands beyond what it declared is refused).
    async fn read(&mut self, name: &str, max: u64) -> ApiResult<Option<Vec<u8>>> {
        let Some(&index) = self.names.get(name) else { return Ok(None) };
        let declared = self.reader.file().entries()[index].uncompressed_size();
        if declared > max {
            return Err(invalid(format!("{name} is too large")));
        }
        let entry =
            self.reader.reader_with_entry(index).await.map_err(|_| invalid(format!("{name} cannot be read")))?;
        let mut bytes = Vec::with_capacity(declared as usize);
        entry
            .take(declared.min(max) + 1)
            .read_to_end(&mut bytes)
            .await
            .map_err(|_| invalid(format!("{name} cannot be read")))?;
        if bytes.len() as u64 > declared.min(max) {
            return Err(invalid("The archive expands to far more than it holds"));
        }
        Ok(Some(bytes))
    }

    fn json_at_root(&self) -> Vec<String> {
        let mut found: Vec<String> =
            self.names.keys().filter(|n| n.ends_with(".json") && !n.contains('/')).cloned().collect();
        found.sort();
        found
    }
}

/// A memory ready to be written.
#[derive(Debug, Default)]
struct Planned {
    title: String,
    content: String,
    description: Option<String>,
    event_date: Option<NaiveDate>,
    location: Option<String>,
    created_at: Option<DateTime<Utc>>,
    /// The photo's file in the archive.
    photo: Option<String>,
    /// Ids of the archive's entities.
    entities: Vec<i64>,
}

/// An entity of a Lifegraph archive.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct ArchivedEntity {
    id: i64,
    name: String,
    #[serde(rename = "type")]
    entity_type: String,
    #[serde(default)]
    aliases: Vec<String>,
    notes: Option<String>,
    #[serde(default)]
    metadata: serde_json::Map<String, Value>,
}

#[derive(Debug, Default)]
struct Plan {
    format: &'static str,
    memories: Vec<Planned>,
    entities: Vec<ArchivedEntity>,
    /// (source, target, relationship) by the archive's ids.
    relationships: Vec<(i64, i64, String)>,
    /// Whether the memories' entities are settled (Lifegraph) or wait for the writer (Day One).
    settled: bool,
}

async fn import_file(state: &AppState, user_id: i64, path: &std::path::Path) -> ApiResult<ImportResult> {
    let mut archive = Archive::open(path).await?;
    let plan = if archive.names.contains_key(super::archive::DATA_FILE) {
        lifegraph_plan(&mut archive).await?
    } else if archive.names.contains_key(MEMOS_MANIFEST) {
        memos_plan(&mut archive).await?
    } else if archive.names.contains_key(JOURNIV_DATA) {
        journiv_plan(&mut archive).await?
    } else {
        day_one_plan(&mut archive).await?
    };

    // Photos first (each through the upload's checks); an unreadable one is left out.
    let mut stored: HashMap<String, String> = HashMap::new();
    let mut skipped = 0;
    let wanted: Vec<String> = plan.memories.iter().filter_map(|m| m.photo.clone()).collect();
    for name in wanted {
        if stored.contains_key(&name) {
            continue;
        }
        let bytes = archive.read(&name, crate::photos::MAX_PHOTO_BYTES as u64).await;
        match bytes {
            Ok(Some(bytes)) => match crate::photos::handlers::store(state, user_id, bytes).await {
                Ok(uploaded) => {
                    stored.insert(name, uploaded.photo_url);
                }
                Err(ApiError::Internal(error)) => {
                    remove_photos(state, user_id, stored.values()).await;
                    return Err(ApiError::Internal(error));
                }
                Err(_) => skipped += 1,
            },
            Ok(None) | Err(_) => skipped += 1,
        }
    }

    let written = async {
        let txn = crate::db::begin_write(&state.db).await?;
        let queued = queue_extraction(&txn, user_id, &plan).await?;
        let result = write_rows(&txn, user_id, &plan, &stored, queued.as_ref().map(|(row, _)| row.id)).await?;
        let job = match queued {
            Some((row, job)) => Some((super::imports::progress(&txn, user_id, vec![row]).await?.remove(0), job)),
            None => None,
        };
        txn.commit().await?;
        Ok::<_, ApiError>((result, job))
    }
    .await;
    match written {
        Ok(((memories, entities), job)) => {
            let job = job.map(|(progress, job)| {
                let state = state.clone();
                tokio::spawn(async move { crate::jobs::run_now(&state, job).await });
                progress
            });
            Ok(ImportResult {
                format: plan.format.to_owned(),
                memories,
                entities,
                photos: stored.len(),
                photos_skipped: skipped,
                job,
            })
        }
        Err(error) => {
            remove_photos(state, user_id, stored.values()).await;
            Err(error)
        }
    }
}

/// For memories that wait for their entities: the import's row and the queued job (its id) that
/// reads them in the background.
async fn queue_extraction<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    plan: &Plan,
) -> ApiResult<Option<(crate::db::entities::import::Model, i64)>> {
    if plan.settled || plan.memories.is_empty() {
        return Ok(None);
    }
    let total = i32::try_from(plan.memories.len()).map_err(|_| invalid("The archive holds too many memories"))?;
    let row = crate::db::entities::import::ActiveModel {
        user_id: Set(user_id),
        format: Set(plan.format.to_owned()),
        total: Set(total),
        created_at: Set(Utc::now()),
        finished_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let job = crate::jobs::enqueue(db, &crate::jobs::Job::ExtractImport { user_id, import_id: row.id }).await?;
    Ok(Some((row, job)))
}

async fn remove_photos<'a>(state: &AppState, user_id: i64, urls: impl Iterator<Item = &'a String>) {
    for url in urls {
        if let Some(key) = crate::photos::own_key(url, user_id)
            && let Err(error) = crate::photos::delete(&state.photos, &key).await
        {
            tracing::warn!(?error, key, "could not remove a photo of a failed import");
        }
    }
}

/// Entities (an existing one of the same name and type is reused), relationships, memories and
/// their links; how many memories and new entities.
async fn write_rows<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    plan: &Plan,
    photos: &HashMap<String, String>,
    import_id: Option<i64>,
) -> ApiResult<(usize, usize)> {
    let mut ids: HashMap<i64, i64> = HashMap::new();
    let mut created = 0;
    if !plan.entities.is_empty() {
        crate::entities::queries::begin_changes(db, user_id).await?;
    }
    for archived in &plan.entities {
        let kind = EntityKind::parse(&archived.entity_type).map_err(|_| unknown_format())?;
        let mut metadata = archived.metadata.clone();
        // Parents come back as relationships.
        metadata.remove("parentPeriods");
        metadata.remove("parentPeriod");
        let mut new = NewEntity::new(&archived.name, kind, Some(Value::Object(metadata)))
            .map_err(|e| invalid(format!("Entity {}: {e}", archived.name)))?;
        new.aliases = crate::entities::types::clean_aliases(&new.name, archived.aliases.clone())
            .map_err(|e| invalid(format!("Entity {}: {e}", archived.name)))?;
        new.notes = archived.notes.clone().filter(|n| !n.trim().is_empty());
        let id = match crate::entities::queries::find_by_name(db, user_id, kind, &new.name).await? {
            Some(existing) => existing.id,
            None => {
                created += 1;
                crate::entities::queries::create(db, user_id, new).await?.id
            }
        };
        ids.insert(archived.id, id);
    }
    for (source, target, relationship) in &plan.relationships {
        let (Some(&source), Some(&target)) = (ids.get(source), ids.get(target)) else { continue };
        if source == target
            || crate::entities::queries::relationship_exists(db, user_id, source, target, relationship).await?
        {
            continue;
        }
        if relationship == crate::entities::queries::PARENT_PERIOD {
            let mut parents =
                crate::entities::queries::parents_of(db, &[source]).await?.remove(&source).unwrap_or_default();
            parents.push(target);
            crate::entities::queries::set_parents(db, user_id, source, &parents).await?;
        } else {
            crate::entities::queries::relate(db, user_id, source, target, relationship).await?;
        }
    }
    let now = Utc::now();
    for planned in &plan.memories {
        let created_at = planned.created_at.unwrap_or(now);
        let model = memory::ActiveModel {
            user_id: Set(user_id),
            title: Set(planned.title.clone()),
            description: Set(planned.description.clone()),
            content: Set(planned.content.clone()),
            event_date: Set(planned.event_date),
            location: Set(planned.location.clone()),
            photo: Set(planned.photo.as_ref().and_then(|name| photos.get(name)).cloned()),
            visibility: Set(None),
            media: Set(None),
            created_at: Set(created_at),
            updated_at: Set(now),
            search_text: Set(crate::memories::queries::search_text(
                &planned.title,
                &planned.content,
                planned.description.as_deref(),
            )),
            entities_pending: Set(!plan.settled),
            import_id: Set(import_id),
            extraction_queued: Set(import_id.is_some()),
            ..Default::default()
        }
        .insert(db)
        .await?;
        for entity in &planned.entities {
            if let Some(&id) = ids.get(entity) {
                crate::memories::queries::link(db, user_id, &model, id, None).await?;
            }
        }
    }
    Ok((plan.memories.len(), created))
}

/// A memory's text within the memory rules: a title (at most the title's length), details.
fn checked(title: &str, content: &str) -> Option<(String, String)> {
    let title: String = title.trim().chars().take(crate::memories::types::TITLE_MAX).collect();
    let content = content.trim().to_owned();
    if title.is_empty() || content.is_empty() { None } else { Some((title, content)) }
}

/// Lifegraph's own archive: `lifegraph.json` as the JSON export writes it, photos under `photos/`.
async fn lifegraph_plan(archive: &mut Archive) -> ApiResult<Plan> {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Data {
        memories: Vec<ArchivedMemory>,
        #[serde(default)]
        entities: Vec<ArchivedEntity>,
        #[serde(default)]
        memory_entities: Vec<ArchivedLink>,
        #[serde(default)]
        relationships: Vec<ArchivedRelationship>,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct ArchivedMemory {
        id: i64,
        title: String,
        content: String,
        description: Option<String>,
        event_date: Option<NaiveDate>,
        location: Option<String>,
        photo: Option<String>,
        created_at: Option<DateTime<Utc>>,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct ArchivedLink {
        memory_id: i64,
        entity_id: i64,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct ArchivedRelationship {
        source_id: i64,
        target_id: i64,
        relationship: String,
    }
    let bytes = archive.read(super::archive::DATA_FILE, DATA_MAX).await?.ok_or_else(unknown_format)?;
    let data: Data = serde_json::from_slice(&bytes)
        .map_err(|e| invalid(format!("{} is not a Lifegraph export: {e}", super::archive::DATA_FILE)))?;
    let mut links: HashMap<i64, Vec<i64>> = HashMap::new();
    for link in data.memory_entities {
        links.entry(link.memory_id).or_default().push(link.entity_id);
    }
    let mut memories = Vec::with_capacity(data.memories.len());
    for m in data.memories {
        let (title, content) =
            checked(&m.title, &m.content).ok_or_else(|| invalid("A memory of the archive has no title or details"))?;
        let photo = m.photo.as_deref().and_then(|url| url.rsplit('/').next()).map(|file| format!("photos/{file}"));
        memories.push(Planned {
            title,
            content,
            description: m.description,
            event_date: m.event_date,
            location: m.location,
            created_at: m.created_at,
            photo,
            entities: links.remove(&m.id).unwrap_or_default(),
        });
    }
    let relationships = data.relationships.into_iter().map(|r| (r.source_id, r.target_id, r.relationship)).collect();
    Ok(Plan { format: "lifegraph", memories, entities: data.entities, relationships, settled: true })
}

/// A Day One export: one `<Journal>.json` per journal at the root, each `{entries: [...]}`; an
/// entry's `text` (its first line, without Markdown marks, is the title), `creationDate`,
/// `timeZone`, `location` (`placeName`, `localityName`, `country`), `photos[]` by `md5` with their
/// `type`, stored as `photos/<md5>.<type>`. Day One's photo placeholders in the text are removed.
async fn day_one_plan(archive: &mut Archive) -> ApiResult<Plan> {
    #[derive(Deserialize)]
    struct Journal {
        entries: Vec<Entry>,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Entry {
        #[serde(default)]
        text: String,
        creation_date: Option<DateTime<Utc>>,
        time_zone: Option<String>,
        location: Option<Place>,
        #[serde(default)]
        photos: Vec<Photo>,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Place {
        place_name: Option<String>,
        locality_name: Option<String>,
        country: Option<String>,
    }
    #[derive(Deserialize)]
    struct Photo {
        md5: Option<String>,
        #[serde(rename = "type")]
        kind: Option<String>,
    }
    let journals = archive.json_at_root();
    if journals.is_empty() {
        return Err(unknown_format());
    }
    let mut memories = Vec::new();
    for name in journals {
        let bytes = archive.read(&name, DATA_MAX).await?.ok_or_else(unknown_format)?;
        let journal: Journal = serde_json::from_slice(&bytes).map_err(|_| unknown_format())?;
        for entry in journal.entries {
            let Some((title, content)) = titled(&strip_placeholders(&entry.text)) else { continue };
            let event_date = entry.creation_date.map(|moment| local_day(moment, entry.time_zone.as_deref()));
            let location =
                entry.location.and_then(|place| place_name([place.place_name, place.locality_name, place.country]));
            let photo = entry.photos.into_iter().find_map(|p| {
                let (md5, kind) = (p.md5?, p.kind.unwrap_or_else(|| "jpeg".into()));
                let safe =
                    md5.chars().all(|c| c.is_ascii_alphanumeric()) && kind.chars().all(|c| c.is_ascii_alphanumeric());
                safe.then(|| format!("photos/{md5}.{kind}"))
            });
            memories.push(Planned {
                title,
                content,
                event_date,
                location,
                created_at: entry.creation_date,
                photo,
                ..Planned::default()
            });
        }
    }
    Ok(Plan { format: "dayOne", memories, ..Plan::default() })
}

/// A text whose first line is its title (without Markdown heading marks) and the rest its
/// details (the title again when there is no rest); none when it is blank.
fn titled(text: &str) -> Option<(String, String)> {
    let mut lines = text.trim().lines();
    let first = lines.next().unwrap_or_default().trim_start_matches('#').trim().to_owned();
    let rest = lines.collect::<Vec<_>>().join("\n");
    let content = if rest.trim().is_empty() { first.clone() } else { rest };
    checked(&first, &content)
}

/// The day a moment fell on where it was written (UTC when the zone is unknown).
fn local_day(moment: DateTime<Utc>, zone: Option<&str>) -> NaiveDate {
    match zone.and_then(|zone| zone.parse::<chrono_tz::Tz>().ok()) {
        Some(zone) => moment.with_timezone(&zone).date_naive(),
        None => moment.date_naive(),
    }
}

/// A place's parts (name, town, country) as one location, without the blank ones.
fn place_name<const N: usize>(parts: [Option<String>; N]) -> Option<String> {
    let parts: Vec<String> =
        parts.into_iter().flatten().map(|p| p.trim().to_owned()).filter(|p| !p.is_empty()).collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// A moment as the exporting app wrote it: RFC 3339, or without an offset (then UTC).
fn moment(text: Option<&str>) -> Option<DateTime<Utc>> {
    let text = text?.trim();
    DateTime::parse_from_rfc3339(text).map(|m| m.with_timezone(&Utc)).ok().or_else(|| {
        chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f").ok().map(|naive| naive.and_utc())
    })
}

/// A Journiv export: `data.json` and its media under `media/`. Since version 1.4 the entries sit
/// in `moments[]` (each with its date, zone, place and media, and an `entry` with the title and
/// text); before, in `journals[].entries[]`. The text is a Quill Delta (`content_delta`) with its
/// plain text beside it (`content_plain_text`), or plain `content` in 1.0.
async fn journiv_plan(archive: &mut Archive) -> ApiResult<Plan> {
    #[derive(Deserialize)]
    struct Data {
        export_version: Option<String>,
        #[serde(default)]
        moments: Vec<Moment>,
        #[serde(default)]
        journals: Vec<Journal>,
    }
    #[derive(Deserialize)]
    struct Journal {
        #[serde(default)]
        entries: Vec<OldEntry>,
    }
    /// 1.4: the moment holds all but the text.
    #[derive(Deserialize)]
    struct Moment {
        logged_at_utc: Option<String>,
        logged_at: Option<String>,
        logged_date_tz: Option<NaiveDate>,
        logged_timezone: Option<String>,
        location_json: Option<Place>,
        #[serde(default)]
        media: Vec<Media>,
        entry: Option<Text>,
    }
    /// 1.0-1.3: the entry holds everything.
    #[derive(Deserialize)]
    struct OldEntry {
        #[serde(flatten)]
        text: Text,
        entry_date: Option<NaiveDate>,
        entry_datetime_utc: Option<String>,
        entry_timezone: Option<String>,
        location_json: Option<Place>,
        #[serde(default)]
        media: Vec<Media>,
    }
    #[derive(Deserialize)]
    struct Text {
        title: Option<String>,
        content_plain_text: Option<String>,
        content_delta: Option<Value>,
        content: Option<String>,
    }
    #[derive(Deserialize)]
    struct Place {
        name: Option<String>,
        locality: Option<String>,
        country: Option<String>,
    }
    #[derive(Deserialize)]
    struct Media {
        file_path: Option<String>,
        media_type: Option<String>,
    }
    impl Text {
        /// The title and details: the title as written, or the text's first line.
        fn memory(&self) -> Option<(String, String)> {
            let body = self
                .content_plain_text
                .clone()
                .filter(|t| !t.trim().is_empty())
                .or_else(|| self.content_delta.as_ref().map(delta_text))
                .filter(|t| !t.trim().is_empty())
                .or_else(|| self.content.clone())
                .unwrap_or_default();
            match self.title.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                Some(title) => checked(title, if body.trim().is_empty() { title } else { &body }),
                None => titled(&body),
            }
        }
    }
    let photo = |media: &[Media]| {
        media.iter().find_map(|m| {
            let path = m.file_path.as_deref()?.trim_start_matches('/');
            (m.media_type.as_deref().unwrap_or("image") == "image").then(|| format!("media/{path}"))
        })
    };
    let location = |place: Option<Place>| place.and_then(|p| place_name([p.name, p.locality, p.country]));

    let bytes = archive.read(JOURNIV_DATA, DATA_MAX).await?.ok_or_else(unknown_format)?;
    let data: Data =
        serde_json::from_slice(&bytes).map_err(|e| invalid(format!("data.json is not a Journiv export: {e}")))?;
    if data.export_version.is_none() {
        return Err(unknown_format());
    }
    let mut memories = Vec::new();
    for m in data.moments {
        let Some((title, content)) = m.entry.as_ref().and_then(Text::memory) else { continue };
        let created_at = moment(m.logged_at_utc.as_deref().or(m.logged_at.as_deref()));
        let event_date = m.logged_date_tz.or_else(|| created_at.map(|at| local_day(at, m.logged_timezone.as_deref())));
        memories.push(Planned {
            title,
            content,
            event_date,
            location: location(m.location_json),
            created_at,
            photo: photo(&m.media),
            ..Planned::default()
        });
    }
    for entry in data.journals.into_iter().flat_map(|j| j.entries) {
        let Some((title, content)) = entry.text.memory() else { continue };
        let created_at = moment(entry.entry_datetime_utc.as_deref());
        let event_date =
            entry.entry_date.or_else(|| created_at.map(|at| local_day(at, entry.entry_timezone.as_deref())));
        memories.push(Planned {
            title,
            content,
            event_date,
            location: location(entry.location_json),
            created_at,
            photo: photo(&entry.media),
            ..Planned::default()
        });
    }
    Ok(Plan { format: "journiv", memories, ..Plan::default() })
}

/// The text of a Quill Delta (`{ops: [{insert}]}`): its text inserts, embeds left out.
fn delta_text(delta: &Value) -> String {
    let ops = delta.get("ops").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    ops.iter().filter_map(|op| op.get("insert").and_then(Value::as_str)).collect()
}

/// A Memos export (format "memos-export" 1.x, earlier "memos-archive"): `manifest.json`, each
/// memo's record `memos/<uid>.json` with its Markdown at `contentPath`, and attachments at their
/// `path`. Memos have no title: the first line is one. Comments (records with a `parent`) are
/// left out.
async fn memos_plan(archive: &mut Archive) -> ApiResult<Plan> {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Manifest {
        format: String,
        format_version: String,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Record {
        create_time: Option<String>,
        content_path: Option<String>,
        /// Older records may carry the text itself.
        content: Option<String>,
        parent: Option<Value>,
        location: Option<Place>,
        #[serde(default)]
        attachments: Vec<Attachment>,
    }
    #[derive(Deserialize)]
    struct Place {
        placeholder: Option<String>,
    }
    #[derive(Deserialize)]
    struct Attachment {
        #[serde(rename = "type")]
        kind: Option<String>,
        path: Option<String>,
    }
    let bytes = archive.read(MEMOS_MANIFEST, DATA_MAX).await?.ok_or_else(unknown_format)?;
    let manifest: Manifest = serde_json::from_slice(&bytes).map_err(|_| unknown_format())?;
    if !matches!(manifest.format.as_str(), "memos-export" | "memos-archive") {
        return Err(unknown_format());
    }
    if manifest.format_version.split('.').next() != Some("1") {
        return Err(invalid(format!("Memos export version {} is not one Lifegraph reads", manifest.format_version)));
    }
    let mut records: Vec<String> = archive
        .names
        .keys()
        .filter(|n| n.starts_with("memos/") && n.ends_with(".json") && n.matches('/').count() == 1)
        .cloned()
        .collect();
    records.sort();
    let mut memories = Vec::with_capacity(records.len());
    for name in records {
        let bytes = archive.read(&name, DATA_MAX).await?.ok_or_else(unknown_format)?;
        let record: Record =
            serde_json::from_slice(&bytes).map_err(|e| invalid(format!("{name} is not a memo: {e}")))?;
        if record.parent.as_ref().is_some_and(|p| !p.is_null()) {
            continue;
        }
        let text = match (&record.content_path, record.content) {
            (Some(path), _) => {
                let bytes = archive.read(path, DATA_MAX).await?.ok_or_else(|| invalid(format!("{path} is missing")))?;
                String::from_utf8(bytes).map_err(|_| invalid(format!("{path} is not UTF-8 text")))?
            }
            (None, Some(content)) => content,
            (None, None) => continue,
        };
        let Some((title, content)) = titled(&text) else { continue };
        let created_at = moment(record.create_time.as_deref());
        let photo = record
            .attachments
            .iter()
            .find_map(|a| a.kind.as_deref().is_some_and(|k| k.starts_with("image/")).then(|| a.path.clone()).flatten());
        memories.push(Planned {
            title,
            content,
            event_date: created_at.map(|at| at.date_naive()),
            location: record.location.and_then(|place| place_name([place.placeholder])),
            created_at,
            photo,
            ..Planned::default()
        });
    }
    Ok(Plan { format: "memos", memories, ..Plan::default() })
}

/// Day One's `![](dayone-moment://...)` photo placeholders, removed from the text.
fn strip_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("![](dayone-moment:") {
        out.push_str(&rest[..start]);
        match rest[start..].find(')') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::strip_placeholders;

    #[test]
    fn day_one_photo_placeholders_leave_the_text() {
        assert_eq!(strip_placeholders("Beach\n![](dayone-moment://ABC123)\nSun."), "Beach\n\nSun.");
        assert_eq!(strip_placeholders("No photo."), "No photo.");
    }
}
