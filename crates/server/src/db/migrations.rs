//! The schema, written once with SeaORM's schema builder for SQLite and PostgreSQL alike.
//! The first migration creates the whole data model of docs/data.md, so features add behaviour,
//! not tables.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(InitialSchema),
            Box::new(EntityVersions),
            Box::new(IndexedLists),
            Box::new(BackgroundJobs),
            Box::new(EntityLists),
            Box::new(Sharing),
            Box::new(AdminAccess),
            Box::new(Imports),
        ]
    }
}

#[derive(DeriveMigrationName)]
struct InitialSchema;

/// `created_at` / `updated_at` moments, UTC.
fn moment(name: &'static str) -> ColumnDef {
    timestamp_with_time_zone(name)
}

fn moment_null(name: &'static str) -> ColumnDef {
    timestamp_with_time_zone_null(name)
}

/// A foreign key to `table.id`, deleted with its parent.
fn cascade(from_table: &'static str, column: &'static str, to_table: &'static str) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(format!("fk_{from_table}_{column}"))
        .from(from_table, column)
        .to(to_table, "id")
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

fn index(table: &'static str, columns: &[&'static str]) -> IndexCreateStatement {
    let mut index = Index::create();
    index.name(format!("idx_{table}_{}", columns.join("_"))).table(table);
    for column in columns {
        index.col(*column);
    }
    index.to_owned()
}

fn unique(table: &'static str, columns: &[&'static str]) -> IndexCreateStatement {
    let mut statement = index(table, columns);
    statement.name(format!("uq_{table}_{}", columns.join("_"))).unique();
    statement
}

#[async_trait::async_trait]
impl MigrationTrait for InitialSchema {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("users")
                .col(big_pk_auto("id"))
                // "local:<email>" or "oidc:<issuer>|<subject>": who the user is to the sign-in.
                .col(string_uniq("auth_subject"))
                .col(string_null("email"))
                .col(string_null("username"))
                .col(string_null("first_name"))
                .col(string_null("last_name"))
                .col(date_null("birth_date"))
                .col(string_null("gender"))
                .col(string_null("language"))
                .col(string_null("theme"))
                .col(moment_null("data_processing_consent_at"))
                .col(moment_null("terms_consent_at"))
                .col(moment("created_at"))
                .col(moment("updated_at"))
                .to_owned(),
            Table::create()
                .table("sessions")
                .col(big_pk_auto("id"))
                .col(string_uniq("token_hash"))
                .col(big_integer("user_id"))
                .col(moment("created_at"))
                .col(moment("expires_at"))
                .foreign_key(&mut cascade("sessions", "user_id", "users"))
                .to_owned(),
            // An OpenID Connect sign-in between the redirect and the callback.
            Table::create()
                .table("login_attempts")
                .col(big_pk_auto("id"))
                .col(string_uniq("state"))
                .col(string("pkce_verifier"))
                .col(string("nonce"))
                .col(string("redirect_to"))
                .col(boolean("consent"))
                .col(moment("expires_at"))
                .to_owned(),
            Table::create()
                .table("memories")
                .col(big_pk_auto("id"))
                .col(big_integer("user_id"))
                .col(text("title"))
                .col(text_null("description"))
                .col(text("content"))
                .col(date_null("event_date"))
                .col(string_null("location"))
                .col(string_null("photo"))
                .col(string_null("visibility"))
                .col(json_null("media"))
                .col(moment("created_at"))
                .col(moment("updated_at"))
                .foreign_key(&mut cascade("memories", "user_id", "users"))
                .to_owned(),
            Table::create()
                .table("entities")
                .col(big_pk_auto("id"))
                .col(big_integer("user_id"))
                .col(string("name"))
                // The name folded (lower case, no accents, trimmed): one entity per name and type.
                .col(string("name_key"))
                .col(string("entity_type"))
                .col(json("metadata"))
                .col(json("aliases"))
                .col(text_null("notes"))
                .col(integer_null("confidence"))
                .col(moment("created_at"))
                .col(moment("updated_at"))
                .foreign_key(&mut cascade("entities", "user_id", "users"))
                .to_owned(),
            Table::create()
                .table("memory_entities")
                .col(big_integer("memory_id"))
                .col(big_integer("entity_id"))
                .col(big_integer("user_id"))
                .col(integer_null("confidence"))
                .col(moment("created_at"))
                .primary_key(Index::create().col("memory_id").col("entity_id"))
                .foreign_key(&mut cascade("memory_entities", "memory_id", "memories"))
                .foreign_key(&mut cascade("memory_entities", "entity_id", "entities"))
                .foreign_key(&mut cascade("memory_entities", "user_id", "users"))
                .to_owned(),
            // Links between entities; a period's parent is `relationship = 'parent_period'`.
            Table::create()
                .table("entity_relationships")
                .col(big_pk_auto("id"))
                .col(big_integer("user_id"))
                .col(big_integer("source_id"))
                .col(big_integer("target_id"))
                .col(string("relationship"))
                .col(moment("created_at"))
                .foreign_key(&mut cascade("entity_relationships", "user_id", "users"))
                .foreign_key(&mut cascade("entity_relationships", "source_id", "entities"))
                .foreign_key(&mut cascade("entity_relationships", "target_id", "entities"))
                .to_owned(),
            Table::create()
                .table("friendships")
                .col(big_pk_auto("id"))
                .col(big_integer("user_id1"))
                .col(big_integer("user_id2"))
                .col(big_integer("requested_by"))
                .col(string("status"))
                .col(moment("created_at"))
                .col(moment("updated_at"))
                .foreign_key(&mut cascade("friendships", "user_id1", "users"))
                .foreign_key(&mut cascade("friendships", "user_id2", "users"))
                .to_owned(),
            Table::create()
                .table("friend_invites")
                .col(big_pk_auto("id"))
                .col(big_integer("user_id"))
                .col(string_uniq("token_hash"))
                .col(moment("expires_at"))
                .col(moment("created_at"))
                .foreign_key(&mut cascade("friend_invites", "user_id", "users"))
                .to_owned(),
            Table::create()
                .table("memory_shares")
                .col(big_pk_auto("id"))
                .col(big_integer("memory_id"))
                .col(big_integer("owner_id"))
                .col(big_integer("recipient_id"))
                .col(moment("created_at"))
                .col(moment_null("revoked_at"))
                .foreign_key(&mut cascade("memory_shares", "memory_id", "memories"))
                .foreign_key(&mut cascade("memory_shares", "owner_id", "users"))
                .foreign_key(&mut cascade("memory_shares", "recipient_id", "users"))
                .to_owned(),
            Table::create()
                .table("share_links")
                .col(big_pk_auto("id"))
                .col(big_integer("memory_id"))
                .col(big_integer("user_id"))
                .col(string_uniq("token"))
                .col(moment("created_at"))
                .col(moment("expires_at"))
                .col(moment_null("revoked_at"))
                .foreign_key(&mut cascade("share_links", "memory_id", "memories"))
                .foreign_key(&mut cascade("share_links", "user_id", "users"))
                .to_owned(),
            Table::create()
                .table("notifications")
                .col(big_pk_auto("id"))
                .col(big_integer("user_id"))
                .col(string("title"))
                .col(text_null("message"))
                .col(string_null("link"))
                .col(boolean("read").default(false))
                .col(moment("created_at"))
                .foreign_key(&mut cascade("notifications", "user_id", "users"))
                .to_owned(),
            Table::create()
                .table("feedback")
                .col(big_pk_auto("id"))
                .col(big_integer_null("user_id"))
                .col(string("feedback_type"))
                .col(string_null("subject"))
                .col(text("message"))
                .col(string_null("user_email"))
                .col(string_null("user_name"))
                .col(string("status").default("new"))
                .col(text_null("admin_notes"))
                .col(moment("created_at"))
                .col(moment("updated_at"))
                .foreign_key(
                    ForeignKey::create()
                        .name("fk_feedback_user_id")
                        .from("feedback", "user_id")
                        .to("users", "id")
                        .on_delete(ForeignKeyAction::SetNull),
                )
                .to_owned(),
            // Tutorial and the older onboarding flow: one row per user, made on first use.
            Table::create()
                .table("tutorial_progress")
                .col(big_integer("user_id").primary_key())
                .col(moment_null("banner_dismissed_at"))
                .col(moment_null("completed_at"))
                .col(string_null("onboarding_step"))
                .col(moment_null("onboarding_skipped_at"))
                .col(moment("updated_at"))
                .foreign_key(&mut cascade("tutorial_progress", "user_id", "users"))
                .to_owned(),
        ];
        for table in tables {
            manager.create_table(table).await?;
        }

        let indexes = [
            index("users", &["email"]),
            index("sessions", &["user_id"]),
            index("login_attempts", &["expires_at"]),
            index("memories", &["user_id", "event_date"]),
            index("memories", &["user_id", "created_at"]),
            unique("entities", &["user_id", "entity_type", "name_key"]),
            index("entities", &["user_id", "created_at"]),
            index("memory_entities", &["entity_id"]),
            index("memory_entities", &["user_id"]),
            unique("entity_relationships", &["source_id", "target_id", "relationship"]),
            index("entity_relationships", &["user_id"]),
            index("entity_relationships", &["target_id"]),
            unique("friendships", &["user_id1", "user_id2"]),
            index("friendships", &["user_id2"]),
            index("friend_invites", &["user_id"]),
            index("memory_shares", &["memory_id"]),
            index("memory_shares", &["recipient_id"]),
            index("memory_shares", &["owner_id"]),
            index("share_links", &["memory_id"]),
            index("share_links", &["user_id"]),
            index("notifications", &["user_id", "read"]),
            index("feedback", &["user_id"]),
            index("feedback", &["created_at"]),
        ];
        for index in indexes {
            manager.create_index(index).await?;
        }
        Ok(())
    }
}

/// A per-writer counter of entity changes, so that every server process can tell whether
/// what it derived from a writer's entities (the extraction matcher) is still current.
struct EntityVersions;

// Derived names come from the file's name, which the first migration already took.
impl MigrationName for EntityVersions {
    fn name(&self) -> &str {
        "m2_entity_versions"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for EntityVersions {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter().table("users").add_column(big_integer("entities_version").default(0)).to_owned(),
            )
            .await
    }
}

/// Every list a writer sees walks an index, however long the journal:
/// - memories by (user, event date, id) and (user, creation time, id), the list's orders;
/// - a memory's links carry its event date and creation time, so one entity's memories are
///   walked in list order from the link table alone;
/// - `memories.search_text` holds the searchable text folded (`lifegraph_extract::search_key`),
///   indexed by trigrams: SQLite's FTS5 trigram tokenizer, PostgreSQL's `pg_trgm`.
struct IndexedLists;

impl MigrationName for IndexedLists {
    fn name(&self) -> &str {
        "m3_indexed_lists"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for IndexedLists {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        manager
            .alter_table(Table::alter().table("memories").add_column(text("search_text").default("")).to_owned())
            .await?;
        // Two statements: SQLite alters one column at a time.
        manager
            .alter_table(Table::alter().table("memory_entities").add_column(date_null("memory_event_date")).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter().table("memory_entities").add_column(moment_null("memory_created_at")).to_owned(),
            )
            .await?;
        db.execute_unprepared(
            "UPDATE memory_entities SET \
               memory_event_date = (SELECT event_date FROM memories WHERE memories.id = memory_entities.memory_id), \
               memory_created_at = (SELECT created_at FROM memories WHERE memories.id = memory_entities.memory_id)",
        )
        .await?;
        fill_search_text(db).await?;

        for old in [
            "idx_memories_user_id_event_date",
            "idx_memories_user_id_created_at",
            "idx_memory_entities_entity_id",
            "idx_memory_entities_user_id",
        ] {
            manager
                .drop_index(
                    Index::drop()
                        .name(old)
                        .table(if old.contains("entities") { "memory_entities" } else { "memories" })
                        .to_owned(),
                )
                .await?;
        }
        for new in [
            index("memories", &["user_id", "event_date", "id"]),
            index("memories", &["user_id", "created_at", "id"]),
            index("memory_entities", &["entity_id", "memory_event_date", "memory_id"]),
            index("memory_entities", &["entity_id", "memory_created_at", "memory_id"]),
            // A page's links and entities, looked up by the writer and the ids together: with
            // the writer alone first in an index, SQLite without statistics reads all the
            // writer's rows for every page.
            index("memory_entities", &["user_id", "memory_id", "entity_id"]),
            index("entities", &["user_id", "id"]),
        ] {
            manager.create_index(new).await?;
        }

        match manager.get_database_backend() {
            sea_orm::DatabaseBackend::Sqlite => {
                // Contentless (the text is in `memories`), and rows can be deleted by id alone.
                for statement in [
                    "CREATE VIRTUAL TABLE memory_search USING fts5(search_text, content='', contentless_delete=1, \
                     tokenize='trigram')",
                    "INSERT INTO memory_search(rowid, search_text) SELECT id, search_text FROM memories",
                    "CREATE TRIGGER memory_search_insert AFTER INSERT ON memories BEGIN \
                     INSERT INTO memory_search(rowid, search_text) VALUES (new.id, new.search_text); END",
                    "CREATE TRIGGER memory_search_update AFTER UPDATE OF search_text ON memories BEGIN \
                     DELETE FROM memory_search WHERE rowid = old.id; \
                     INSERT INTO memory_search(rowid, search_text) VALUES (new.id, new.search_text); END",
                    "CREATE TRIGGER memory_search_delete AFTER DELETE ON memories BEGIN \
                     DELETE FROM memory_search WHERE rowid = old.id; END",
                ] {
                    db.execute_unprepared(statement).await?;
                }
            }
            sea_orm::DatabaseBackend::Postgres => {
                // pg_trgm ships with PostgreSQL and is a trusted extension (13+): the database's
                // owner may create it.
                db.execute_unprepared("CREATE EXTENSION IF NOT EXISTS pg_trgm").await?;
                // Without the pending list (`fastupdate`), a memory is in the index as soon as it
                // is written: a journal writes seldom and reads often, and the planner does not
                // shun an index whose pending list a large import filled before autovacuum ran.
                db.execute_unprepared(
                    "CREATE INDEX idx_memories_search_text ON memories USING gin (search_text gin_trgm_ops) \
                     WITH (fastupdate = off)",
                )
                .await?;
            }
            other => return Err(DbErr::Migration(format!("unsupported database {other:?}"))),
        }
        Ok(())
    }
}

/// Work that outlives a request (`crate::jobs`): one row per job, claimed by one server
/// process at a time for a lease, retried with a growing delay, set aside after too many
/// failures.
struct BackgroundJobs;

impl MigrationName for BackgroundJobs {
    fn name(&self) -> &str {
        "m4_background_jobs"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for BackgroundJobs {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("jobs")
                    .col(big_pk_auto("id"))
                    .col(big_integer_null("user_id"))
                    .col(string("kind"))
                    .col(json("payload"))
                    // "queued" (waiting or running) or "failed" (set aside).
                    .col(string("state"))
                    .col(integer("attempts").default(0))
                    .col(moment("run_at"))
                    .col(string_null("claimed_by"))
                    .col(moment_null("claimed_until"))
                    .col(text_null("last_error"))
                    .col(moment("created_at"))
                    .foreign_key(&mut cascade("jobs", "user_id", "users"))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("jobs", &["state", "run_at", "id"])).await?;
        manager.create_index(index("jobs", &["user_id"])).await
    }
}

/// Entity lists searched and walked by index, and memories that still wait for their entities:
/// - `entities.search_text`: the name and aliases folded (`lifegraph_extract::search_key`), a
///   line each, which the list's search reads;
/// - entities by (writer, type, creation time, id), the lists' "oldest" and "newest" orders;
/// - `memories.entities_pending`: the text has not been through the confirmation dialog since it
///   was written or changed. Memories written before have it when they name no entity.
struct EntityLists;

impl MigrationName for EntityLists {
    fn name(&self) -> &str {
        "m5_entity_lists"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for EntityLists {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        manager
            .alter_table(Table::alter().table("entities").add_column(text("search_text").default("")).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter().table("memories").add_column(boolean("entities_pending").default(false)).to_owned(),
            )
            .await?;
        db.execute_unprepared(
            "UPDATE memories SET entities_pending = NOT EXISTS \
               (SELECT 1 FROM memory_entities WHERE memory_entities.memory_id = memories.id)",
        )
        .await?;
        fill_entity_search_text(db).await?;
        manager.create_index(index("entities", &["user_id", "entity_type", "created_at", "id"])).await
    }
}

/// Friends and sharing:
/// - `share_links.token` becomes `token_hash`: a public link's token is kept only as its SHA-256;
/// - a memory is shared with a friend once (`memory_shares` unique by memory and recipient; a
///   revoked share that is shared again is the same row);
/// - `notifications.kind` and `params` (JSON): what happened and to whom, so that the web app
///   words it in the reader's language;
/// - live links and invites found by their hash and expiry.
struct Sharing;

impl MigrationName for Sharing {
    fn name(&self) -> &str {
        "m6_sharing"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Sharing {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table("share_links").rename_column("token", "token_hash").to_owned())
            .await?;
        manager.alter_table(Table::alter().table("notifications").add_column(string_null("kind")).to_owned()).await?;
        manager.alter_table(Table::alter().table("notifications").add_column(text_null("params")).to_owned()).await?;
        manager.create_index(unique("memory_shares", &["memory_id", "recipient_id"])).await?;
        manager.create_index(index("notifications", &["user_id", "created_at"])).await
    }
}

/// The administrator's access log: who read or changed what, and when. It outlives the
/// administrator's own account (no foreign key), as a log should.
struct AdminAccess;

impl MigrationName for AdminAccess {
    fn name(&self) -> &str {
        "m7_admin_access"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for AdminAccess {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("admin_access_log")
                    .col(big_pk_auto("id"))
                    .col(big_integer("admin_id"))
                    .col(string("action"))
                    .col(big_integer_null("target_id"))
                    .col(moment("created_at"))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("admin_access_log", &["created_at"])).await
    }
}

/// Imports and the extraction that follows them in the background:
/// - `imports`: one row per imported file whose memories wait for extraction (`total` of them);
///   `finished_at` once every one was read;
/// - `memories.import_id`: the import a memory came from; `memories.extraction_queued`: it still
///   waits for the background extraction.
struct Imports;

impl MigrationName for Imports {
    fn name(&self) -> &str {
        "m8_imports"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Imports {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("imports")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(string("format"))
                    .col(integer("total"))
                    .col(moment("created_at"))
                    .col(moment_null("finished_at"))
                    .foreign_key(&mut cascade("imports", "user_id", "users"))
                    .to_owned(),
            )
            .await?;
        manager.create_index(index("imports", &["user_id", "id"])).await?;
        manager
            .alter_table(Table::alter().table("memories").add_column(big_integer_null("import_id")).to_owned())
            .await?;
        manager
            .alter_table(
                Table::alter().table("memories").add_column(boolean("extraction_queued").default(false)).to_owned(),
            )
            .await?;
        manager.create_index(index("memories", &["import_id", "extraction_queued"])).await
    }
}

/// Fold the name and aliases of every entity written before the column existed.
async fn fill_entity_search_text(db: &SchemaManagerConnection<'_>) -> Result<(), DbErr> {
    refill(db, "entities", &["name", "aliases"], "search_text", |row| {
        let aliases: Vec<String> =
            serde_json::from_value(row.try_get::<serde_json::Value>("", "aliases")?).unwrap_or_default();
        Ok(crate::entities::queries::search_text(&row.try_get::<String>("", "name")?, &aliases))
    })
    .await
}

/// Fold the text of every memory written before the column existed.
async fn fill_search_text(db: &SchemaManagerConnection<'_>) -> Result<(), DbErr> {
    refill(db, "memories", &["title", "content", "description"], "search_text", |row| {
        Ok(crate::memories::queries::search_text(
            &row.try_get::<String>("", "title")?,
            &row.try_get::<String>("", "content")?,
            row.try_get::<Option<String>>("", "description")?.as_deref(),
        ))
    })
    .await
}

/// Write `column` of every row of `table` from what `compute` makes of the row's `columns`, 500
/// rows at a time in id order.
async fn refill(
    db: &SchemaManagerConnection<'_>,
    table: &'static str,
    columns: &[&'static str],
    column: &'static str,
    compute: impl Fn(&sea_orm::QueryResult) -> Result<String, DbErr>,
) -> Result<(), DbErr> {
    let mut after = 0_i64;
    loop {
        let batch = Query::select()
            .column("id")
            .columns(columns.iter().copied())
            .from(table)
            .and_where(Expr::col("id").gt(after))
            .order_by("id", Order::Asc)
            .limit(500)
            .to_owned();
        let rows = db.query_all(&batch).await?;
        let Some(last) = rows.last() else {
            return Ok(());
        };
        after = last.try_get("", "id")?;
        for row in rows {
            let value = compute(&row)?;
            let id: i64 = row.try_get("", "id")?;
            db.execute(Query::update().table(table).value(column, value).and_where(Expr::col("id").eq(id))).await?;
        }
    }
}
