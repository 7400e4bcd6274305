//! Memory queries, always scoped to one user. Lists page by keyset (sort value, id), so a
//! journal of any size answers each page in the same time.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, JoinType, LikeExpr, Query, SelectStatement};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DbErr, EntityTrait, FromQueryResult,
    IntoActiveModel, Order, QueryFilter, QueryOrder, QuerySelect, Set, Statement,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::types::{Memory, MemoryEntity, NewMemory};
use crate::db::entities::{entity, memory, memory_entity};
use crate::error::{ApiError, ErrorCode};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum SortBy {
    #[serde(rename = "eventDate")]
    EventDate,
    #[serde(rename = "createdAt")]
    CreatedAt,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    Asc,
    Desc,
}

/// What a list asks for.
#[derive(Clone, Debug)]
pub struct ListFilter {
    pub sort_by: SortBy,
    pub order: SortOrder,
    pub entity_id: Option<i64>,
    /// Only memories linked to one of these entities (each memory once).
    pub within: Option<Vec<i64>>,
    /// Case-insensitive substring of title, content or description.
    pub search: Option<String>,
}

/// Where a page starts: just after this memory in the chosen order.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cursor {
    s: SortBy,
    /// The sort value of the last memory seen (null: an unknown event date).
    v: Option<String>,
    id: i64,
}

impl Cursor {
    fn after(memory: &MemoryRow, sort_by: SortBy) -> Self {
        match sort_by {
            SortBy::EventDate => Self::on_date(memory.id, memory.event_date),
            SortBy::CreatedAt => Self::on_creation(memory.id, memory.created_at),
        }
    }

    /// At a memory of a list by event date.
    fn on_date(id: i64, event_date: Option<NaiveDate>) -> Self {
        Self { s: SortBy::EventDate, v: event_date.map(|d| d.format("%Y-%m-%d").to_string()), id }
    }

    /// At a memory of a list by creation time.
    fn on_creation(id: i64, created_at: DateTime<Utc>) -> Self {
        Self { s: SortBy::CreatedAt, v: Some(created_at.to_rfc3339()), id }
    }

    pub fn encode(&self) -> String {
        crate::cursor::encode(self)
    }

    pub fn decode(raw: &str, sort_by: SortBy) -> Result<Self, ApiError> {
        let invalid = crate::cursor::invalid;
        let cursor: Self = crate::cursor::decode(raw)?;
        if cursor.s != sort_by {
            return Err(invalid());
        }
        // The value must parse as what the column holds.
        match (&cursor.v, sort_by) {
            (Some(v), SortBy::EventDate)
                if !NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok_and(|d| super::types::is_calendar_day(&d)) =>
            {
                Err(invalid())
            }
            (Some(v), SortBy::CreatedAt)
                if !DateTime::parse_from_rfc3339(v).is_ok_and(|d| super::types::is_calendar_day(&d.date_naive())) =>
            {
                Err(invalid())
            }
            (None, SortBy::CreatedAt) => Err(invalid()),
            _ => Ok(cursor),
        }
    }

    /// Where in the list this cursor stands: among the dated memories or the undated ones.
    fn segment(&self) -> Segment {
        if self.v.is_some() { Segment::Dated } else { Segment::Undated }
    }

    /// The sort value, typed as its column.
    fn value(&self) -> Option<sea_orm::Value> {
        let v = self.v.as_deref()?;
        Some(match self.s {
            SortBy::EventDate => NaiveDate::parse_from_str(v, "%Y-%m-%d").expect("checked in decode").into(),
            SortBy::CreatedAt => DateTime::parse_from_rfc3339(v).expect("checked in decode").with_timezone(&Utc).into(),
        })
    }
}

/// The folded text a search looks in: title, content and description, a line each. A search
/// key never holds a line break, so no match spans two of them.
pub fn search_text(title: &str, content: &str, description: Option<&str>) -> String {
    let mut text = lifegraph_extract::search_key(title);
    for part in std::iter::once(content).chain(description) {
        text.push('\n');
        text.push_str(&lifegraph_extract::search_key(part));
    }
    text
}

/// A memory as it is shown: every column but the search text, which only the database reads.
#[derive(Debug, FromQueryResult)]
pub struct MemoryRow {
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub description: Option<String>,
    pub content: String,
    pub event_date: Option<NaiveDate>,
    pub location: Option<String>,
    pub photo: Option<String>,
    pub visibility: Option<String>,
    pub media: Option<serde_json::Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub entities_pending: bool,
}

impl MemoryRow {
    const COLUMNS: [memory::Column; 13] = [
        memory::Column::Id,
        memory::Column::UserId,
        memory::Column::Title,
        memory::Column::Description,
        memory::Column::Content,
        memory::Column::EventDate,
        memory::Column::Location,
        memory::Column::Photo,
        memory::Column::Visibility,
        memory::Column::Media,
        memory::Column::CreatedAt,
        memory::Column::UpdatedAt,
        memory::Column::EntitiesPending,
    ];
}

impl From<memory::Model> for MemoryRow {
    fn from(m: memory::Model) -> Self {
        Self {
            id: m.id,
            user_id: m.user_id,
            title: m.title,
            description: m.description,
            content: m.content,
            event_date: m.event_date,
            location: m.location,
            photo: m.photo,
            visibility: m.visibility,
            media: m.media,
            created_at: m.created_at,
            updated_at: m.updated_at,
            entities_pending: m.entities_pending,
        }
    }
}

/// How a list is walked: the writer's memories, or one entity's links, which carry their
/// memory's dates. Either way an index gives the rows in list order and a page reads only
/// its own rows, however long the journal.
#[derive(Clone, Copy, Debug)]
enum Walk {
    Journal,
    Entity(i64),
}

impl Walk {
    fn of(filter: &ListFilter) -> Self {
        filter.entity_id.map_or(Self::Journal, Self::Entity)
    }

    /// The column the list is sorted by, in the walked table.
    fn sort_column(self, sort_by: SortBy) -> Expr {
        match (self, sort_by) {
            (Self::Journal, SortBy::EventDate) => Expr::col((memory::Entity, memory::Column::EventDate)),
            (Self::Journal, SortBy::CreatedAt) => Expr::col((memory::Entity, memory::Column::CreatedAt)),
            (Self::Entity(_), SortBy::EventDate) => {
                Expr::col((memory_entity::Entity, memory_entity::Column::MemoryEventDate))
            }
            (Self::Entity(_), SortBy::CreatedAt) => {
                Expr::col((memory_entity::Entity, memory_entity::Column::MemoryCreatedAt))
            }
        }
    }

    /// The memory's id, in the walked table.
    fn id_column(self) -> Expr {
        match self {
            Self::Journal => Expr::col((memory::Entity, memory::Column::Id)),
            Self::Entity(_) => Expr::col((memory_entity::Entity, memory_entity::Column::MemoryId)),
        }
    }
}

/// Memories with a known event date come first in either direction, then those without (by
/// id). Each part is one range of the index; creation times are never unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Segment {
    Dated,
    Undated,
}

fn segments(sort_by: SortBy, after: Option<&Cursor>) -> &'static [Segment] {
    match (sort_by, after.map(Cursor::segment)) {
        (SortBy::CreatedAt, _) => &[Segment::Dated],
        (SortBy::EventDate, Some(Segment::Undated)) => &[Segment::Undated],
        (SortBy::EventDate, _) => &[Segment::Dated, Segment::Undated],
    }
}

/// One writer's list, as a filter asks for it.
#[derive(Clone, Copy)]
struct List<'a> {
    user_id: i64,
    walk: Walk,
    filter: &'a ListFilter,
}

impl<'a> List<'a> {
    fn new(user_id: i64, filter: &'a ListFilter) -> Self {
        Self { user_id, walk: Walk::of(filter), filter }
    }

    /// The segments left to read after `after`, each with the cursor that applies inside it.
    fn parts<'c>(&self, after: Option<&'c Cursor>) -> impl Iterator<Item = (Segment, Option<&'c Cursor>)> + use<'c> {
        segments(self.filter.sort_by, after)
            .iter()
            .map(move |&segment| (segment, after.filter(|c| c.segment() == segment)))
    }

    /// Rows of one segment, in list order, strictly after `after` and up to `until` included,
    /// that also meet `matching`; the caller picks the columns.
    fn query(&self, segment: Segment, bounds: Bounds, matching: Matching, limit: u64) -> SelectStatement {
        let (user_id, walk, filter) = (self.user_id, self.walk, self.filter);
        let mut query = Query::select();
        match walk {
            Walk::Journal => {
                match matching {
                    // Each of the few memories looked up by its id, then sorted: SQLite keeps the
                    // tables of a CROSS JOIN in the order written, whatever its statistics say.
                    Matching::Among(ids) => {
                        let ids = serde_json::to_string(ids).expect("ids serialize");
                        query
                            .from_function(Func::cust("json_each").arg(ids), "found")
                            .cross_join(memory::Entity)
                            .and_where(Expr::col((memory::Entity, memory::Column::Id)).equals(("found", "value")))
                    }
                    _ => query.from(memory::Entity),
                };
                query.and_where(Expr::col((memory::Entity, memory::Column::UserId)).eq(user_id));
            }
            Walk::Entity(entity_id) => {
                query
                    .from(memory_entity::Entity)
                    .inner_join(
                        memory::Entity,
                        Expr::col((memory::Entity, memory::Column::Id))
                            .equals((memory_entity::Entity, memory_entity::Column::MemoryId)),
                    )
                    .and_where(Expr::col((memory_entity::Entity, memory_entity::Column::EntityId)).eq(entity_id))
                    .and_where(Expr::col((memory_entity::Entity, memory_entity::Column::UserId)).eq(user_id));
            }
        }
        let sort = walk.sort_column(filter.sort_by);
        let id = walk.id_column();
        if let Some(within) = &filter.within {
            // One probe of the (memory, entity) key per memory walked.
            let link = Alias::new("within");
            query.and_where(Expr::exists(
                Query::select()
                    .expr(Expr::val(1))
                    .from_as(memory_entity::Entity, link.clone())
                    .and_where(Expr::col((link.clone(), memory_entity::Column::MemoryId)).eq(walk.id_column()))
                    .and_where(Expr::col((link.clone(), memory_entity::Column::UserId)).eq(user_id))
                    .and_where(Expr::col((link, memory_entity::Column::EntityId)).is_in(within.iter().copied()))
                    .to_owned(),
            ));
        }
        let order = match filter.order {
            SortOrder::Asc => Order::Asc,
            SortOrder::Desc => Order::Desc,
        };
        // `left` comes after `right` in list order; `left` is not past `right`.
        let beyond = |left: Expr, right: Expr| {
            if filter.order == SortOrder::Desc { left.lt(right) } else { left.gt(right) }
        };
        let not_beyond = |left: Expr, right: Expr| {
            if filter.order == SortOrder::Desc { left.gte(right) } else { left.lte(right) }
        };
        let (after, until) = (bounds.after, bounds.until);
        match segment {
            Segment::Dated => {
                let key = |c: &Cursor| Some((c.value()?, c.id));
                match after.and_then(key) {
                    // (sort, id) past the cursor's: one range of the index.
                    Some((value, after_id)) => query.and_where(beyond(
                        Expr::tuple([sort.clone(), id.clone()]),
                        Expr::tuple([Expr::val(value), Expr::val(after_id)]),
                    )),
                    None => query.and_where(sort.clone().is_not_null()),
                };
                if let Some((value, until_id)) = until.and_then(key) {
                    query.and_where(not_beyond(
                        Expr::tuple([sort.clone(), id.clone()]),
                        Expr::tuple([Expr::val(value), Expr::val(until_id)]),
                    ));
                }
                query.order_by_expr(sort, order.clone());
            }
            Segment::Undated => {
                query.and_where(sort.clone().is_null());
                if let Some(cursor) = after {
                    query.and_where(beyond(id.clone(), Expr::val(cursor.id)));
                }
                if let Some(cursor) = until {
                    query.and_where(not_beyond(id.clone(), Expr::val(cursor.id)));
                }
                // The sort value is null throughout, so this order is the ids' order; named
                // anyway, it is the (sort, id) index's order, which PostgreSQL does not infer
                // from `IS NULL`: it would sort instead, or walk every writer's ids.
                query.order_by_expr(sort, order.clone());
            }
        }
        match matching {
            Matching::All => {}
            Matching::Where(condition) => {
                query.and_where(condition.clone());
            }
            Matching::Among(ids) => {
                if let Walk::Entity(_) = walk {
                    query.and_where(Expr::col((memory::Entity, memory::Column::Id)).is_in(ids.iter().copied()));
                }
            }
        }
        query.order_by_expr(id, order).limit(limit);
        query
    }

    /// Whole memories of one segment.
    fn rows(&self, segment: Segment, bounds: Bounds, matching: Matching, limit: u64) -> SelectStatement {
        let mut query = self.query(segment, bounds, matching, limit);
        query.columns(MemoryRow::COLUMNS.map(|column| (memory::Entity, column)));
        query
    }

    /// The key of the `n`th memory of one segment after `after` (counting from 1): where a
    /// window of `n` memories ends. It names only the walked index's columns, so that the
    /// memories themselves need not be read.
    fn edge(&self, segment: Segment, after: Option<&Cursor>, n: u64) -> SelectStatement {
        let mut query = self.query(segment, Bounds::after(after), Matching::All, 1);
        query
            .expr_as(self.walk.id_column(), "id")
            .expr_as(self.walk.sort_column(self.filter.sort_by), "sort")
            .offset(n - 1);
        query
    }
}

/// Which memories of a walk are kept.
#[derive(Clone, Copy)]
enum Matching<'a> {
    All,
    /// Those for which this holds.
    Where(&'a Expr),
    /// These, few enough that reading each by its id beats walking the list (on SQLite).
    Among(&'a [i64]),
}

/// Where a walk through one segment starts (after this memory) and ends (at this one).
#[derive(Clone, Copy, Default)]
struct Bounds<'c> {
    after: Option<&'c Cursor>,
    until: Option<&'c Cursor>,
}

impl<'c> Bounds<'c> {
    fn after(after: Option<&'c Cursor>) -> Self {
        Self { after, until: None }
    }
}

/// The folded text holds `key`, under a LIKE that PostgreSQL's trigram index can serve.
fn holds(key: &str) -> Expr {
    Expr::col((memory::Entity, memory::Column::SearchText))
        .like(LikeExpr::new(format!("%{}%", crate::text::escape_like(key))).escape('\\'))
}

/// The folded text holds `key`, read from each row as a walk meets it: a plain substring test
/// (`instr`, `strpos`) that no index serves, so that a window is walked in list order whatever
/// the planner believes of the word. PostgreSQL keeps no statistics of values over 1 KB, as
/// most memories are: offered its trigram index under a LIKE, it took a word that every memory
/// holds for a rare one and read them all, then sorted them (39 ms at 10,000 memories).
fn holds_in_row(backend: DatabaseBackend, key: &str) -> Expr {
    let position = match backend {
        DatabaseBackend::Postgres => "strpos",
        _ => "instr",
    };
    Expr::expr(Func::cust(position).arg(Expr::col((memory::Entity, memory::Column::SearchText))).arg(key)).gt(0)
}

/// The folded text holds `key`, found through the trigram index: SQLite's FTS5 table, or
/// PostgreSQL's GIN index under the same LIKE. On SQLite a key under three characters has no
/// trigram, and the rows are read instead (such a key is held by most memories anyway).
fn indexed_holds(backend: DatabaseBackend, key: &str) -> Expr {
    match backend {
        DatabaseBackend::Sqlite if key.chars().count() >= 3 => Expr::cust_with_values(
            "\"memories\".\"id\" IN (SELECT rowid FROM memory_search WHERE memory_search MATCH ?)",
            [fts_phrase(key)],
        ),
        _ => holds(key),
    }
}

/// How many memories the trigram index may name for a search to read each of them by id.
const FEW_HITS: u64 = 1_000;

/// The memories the trigram index names, as a JSON array of their ids.
#[derive(FromQueryResult)]
struct Found {
    ids: String,
}

/// The memories (of every writer) whose text holds `key`, by SQLite's trigram index, at
/// most `limit` of them, in one row: each row of an answer crosses from SQLite's thread to
/// the server's on its own, and a word most memories hold took a thousand of them, which was
/// most of its search's time.
fn probe(key: &str, limit: u64) -> SelectStatement {
    let found = Query::select()
        .expr_as(Expr::cust("rowid"), "id")
        .from("memory_search")
        .and_where(Expr::cust_with_values("memory_search MATCH ?", [fts_phrase(key)]))
        .limit(limit)
        .to_owned();
    Query::select()
        .expr_as(Func::cust("json_group_array").arg(Expr::col(("found", "id"))), "ids")
        .from_subquery(found, "found")
        .to_owned()
}

/// What a statement of a page does (see `page_statements`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A page of the list, walked in order.
    Page,
    /// Where a search's window ends.
    Edge,
    /// A search's window: the memories up to its edge that hold the text.
    Window,
    /// A search beyond its window, through the trigram index.
    Indexed,
    /// The memories SQLite's trigram index names, when they may be few.
    Probe,
    /// A search among the few memories its index named.
    Found,
}

/// Runs a page's statements, and keeps them when a test asks which ones ran.
struct Run<'a, C> {
    db: &'a C,
    trace: Option<Vec<(Step, Statement)>>,
}

impl<C: ConnectionTrait> Run<'_, C> {
    async fn all<M: FromQueryResult>(&mut self, step: Step, query: &SelectStatement) -> Result<Vec<M>, DbErr> {
        let statement = self.db.get_database_backend().build(query);
        if let Some(trace) = &mut self.trace {
            trace.push((step, statement.clone()));
        }
        M::find_by_statement(statement).all(self.db).await
    }
}

/// `key` as one FTS5 phrase: its trigrams in a row, whatever characters it holds.
fn fts_phrase(key: &str) -> String {
    format!("\"{}\"", key.replace('"', "\"\""))
}

/// The statements that reading a page of this list runs, in order, each with what it does,
/// so that a test can ask the database how it plans each one.
pub async fn page_statements<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    filter: &ListFilter,
    after: Option<&Cursor>,
    size: u64,
) -> Result<Vec<(Step, Statement)>, DbErr> {
    let mut run = Run { db, trace: Some(Vec::new()) };
    page_rows(&mut run, user_id, filter, after, size + 1).await?;
    Ok(run.trace.unwrap_or_default())
}

/// Up to `limit` memories of the list after `after`, in list order.
async fn page_rows<C: ConnectionTrait>(
    run: &mut Run<'_, C>,
    user_id: i64,
    filter: &ListFilter,
    after: Option<&Cursor>,
    limit: u64,
) -> Result<Vec<MemoryRow>, DbErr> {
    let list = List::new(user_id, filter);
    let key = filter.search.as_deref().map(lifegraph_extract::search_key).filter(|k| !k.is_empty());
    // On SQLite the trigram index first says whether few memories hold the words.
    let few = match &key {
        Some(key) if run.db.get_database_backend() == DatabaseBackend::Sqlite && key.chars().count() >= 3 => {
            let found: Vec<Found> = run.all(Step::Probe, &probe(key, FEW_HITS + 1)).await?;
            let ids: Vec<i64> = match found.first() {
                Some(found) => serde_json::from_str(&found.ids).map_err(|e| DbErr::Type(e.to_string()))?,
                None => Vec::new(),
            };
            Some(ids).filter(|ids| ids.len() as u64 <= FEW_HITS)
        }
        _ => None,
    };
    let mut rows = Vec::new();
    for (segment, here) in list.parts(after) {
        let remaining = limit - rows.len() as u64;
        let bounds = Bounds::after(here);
        match (&key, &few) {
            (None, _) => rows.extend(run.all(Step::Page, &list.rows(segment, bounds, Matching::All, remaining)).await?),
            // Each read by its id: walking the list to meet them would read most of it.
            (Some(_), Some(ids)) if ids.is_empty() => break,
            (Some(_), Some(ids)) => {
                rows.extend(run.all(Step::Found, &list.rows(segment, bounds, Matching::Among(ids), remaining)).await?)
            }
            (Some(key), None) => rows.extend(search_segment(run, &list, segment, here, key, remaining).await?),
        }
        if rows.len() as u64 >= limit {
            break;
        }
    }
    Ok(rows)
}

/// How many memories a search reads in list order before it turns to the trigram index.
const SEARCH_WINDOW: u64 = 400;

/// Where a window ends, in a list by event date.
#[derive(FromQueryResult)]
struct DateEdge {
    id: i64,
    sort: Option<NaiveDate>,
}

/// Where a window ends, in a list by creation time.
#[derive(FromQueryResult)]
struct CreationEdge {
    id: i64,
    sort: DateTime<Utc>,
}

/// Up to `limit` memories of one segment after `after` whose text holds `key` (a search key),
/// when many memories may hold it.
///
/// A word that many memories hold is found fastest by reading the list in order and keeping
/// the memories that hold it; a rarer one, through the trigram index, which names every
/// memory that holds it. The search first finds where the next `SEARCH_WINDOW` memories end
/// and keeps those among them that hold the word; when that does not fill the page, the index
/// finds the rest beyond them. Either way the cost stays near the size of a page, not of the
/// journal, and only the memories shown are read out of the database.
async fn search_segment<C: ConnectionTrait>(
    run: &mut Run<'_, C>,
    list: &List<'_>,
    segment: Segment,
    after: Option<&Cursor>,
    key: &str,
    limit: u64,
) -> Result<Vec<MemoryRow>, DbErr> {
    let find_edge = list.edge(segment, after, SEARCH_WINDOW);
    let edge = match list.filter.sort_by {
        SortBy::EventDate => {
            run.all::<DateEdge>(Step::Edge, &find_edge).await?.pop().map(|e| Cursor::on_date(e.id, e.sort))
        }
        SortBy::CreatedAt => {
            run.all::<CreationEdge>(Step::Edge, &find_edge).await?.pop().map(|e| Cursor::on_creation(e.id, e.sort))
        }
    };

    // 1. The next memories in order, up to the edge.
    let window = Bounds { after, until: edge.as_ref() };
    let in_row = holds_in_row(run.db.get_database_backend(), key);
    let in_window = list.rows(segment, window, Matching::Where(&in_row), limit);
    let mut rows: Vec<MemoryRow> = run.all(Step::Window, &in_window).await?;
    // Without an edge, the window held the rest of the segment.
    let Some(edge) = edge.filter(|_| (rows.len() as u64) < limit) else {
        return Ok(rows);
    };

    // 2. Beyond them, the index.
    let indexed = indexed_holds(run.db.get_database_backend(), key);
    let rest = limit - rows.len() as u64;
    let beyond = list.rows(segment, Bounds::after(Some(&edge)), Matching::Where(&indexed), rest);
    rows.extend(run.all::<MemoryRow>(Step::Indexed, &beyond).await?);
    Ok(rows)
}

/// One page of the user's memories and where the next one starts.
pub async fn list_page<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    filter: &ListFilter,
    after: Option<&Cursor>,
    size: u64,
) -> Result<(Vec<Memory>, Option<Cursor>), ApiError> {
    let mut rows = page_rows(&mut Run { db, trace: None }, user_id, filter, after, size + 1).await?;
    let more = rows.len() as u64 > size;
    rows.truncate(size as usize);
    let next = if more { rows.last().map(|m| Cursor::after(m, filter.sort_by)) } else { None };
    Ok((with_entities(db, user_id, rows).await?, next))
}

/// The entities these memories name, one row per link, in the order the links were made:
/// the links through the (writer, memory) index, and each link's entity by its key.
///
/// SQLite looks each entity up by key on its own. For a page, PostgreSQL reads each entity in
/// a lateral subquery that an OFFSET keeps apart: left to itself, with its default cost of a
/// page read out of order (a spinning disk's), the planner hashes all of the writer's entities
/// to name those of a few memories. A larger batch (the whole list streamed) is left to it.
fn tags_of(backend: DatabaseBackend, user_id: i64, memory_ids: Vec<i64>) -> SelectStatement {
    let link = |column: memory_entity::Column| (memory_entity::Entity, column);
    let named = |column: entity::Column| (entity::Entity, column);
    let mut query = Query::select();
    query
        .column(link(memory_entity::Column::MemoryId))
        .column(link(memory_entity::Column::Confidence))
        .column(named(entity::Column::Id))
        .column(named(entity::Column::Name))
        .column(named(entity::Column::EntityType))
        .from(memory_entity::Entity);
    let of_the_link = Expr::col(named(entity::Column::Id)).equals(link(memory_entity::Column::EntityId));
    let own = Expr::col(named(entity::Column::UserId)).eq(user_id);
    if backend == DatabaseBackend::Postgres && memory_ids.len() as u64 <= LARGEST_PAGE {
        let by_key = Query::select()
            .columns([entity::Column::Id, entity::Column::Name, entity::Column::EntityType])
            .from(entity::Entity)
            .and_where(of_the_link)
            .and_where(own)
            .offset(0)
            .to_owned();
        query.join_lateral(JoinType::InnerJoin, by_key, entity::Entity, Expr::val(true));
    } else {
        query.inner_join(entity::Entity, of_the_link).and_where(own);
    }
    query
        .and_where(Expr::col(link(memory_entity::Column::UserId)).eq(user_id))
        .and_where(Expr::col(link(memory_entity::Column::MemoryId)).is_in(memory_ids))
        .order_by(link(memory_entity::Column::CreatedAt), Order::Asc)
        .order_by(link(memory_entity::Column::EntityId), Order::Asc)
        .to_owned()
}

/// The most memories a page holds (`pageSize`).
pub const LARGEST_PAGE: u64 = 100;

/// One entity a memory names, as `tags_of` reads it.
#[derive(FromQueryResult)]
struct Tag {
    memory_id: i64,
    confidence: Option<i32>,
    id: i64,
    name: String,
    entity_type: String,
}

/// The statement that attaches entities to a page of memories (see `with_entities`), for the
/// plan test.
pub fn attach_statement(backend: DatabaseBackend, user_id: i64, memory_ids: Vec<i64>) -> Statement {
    backend.build(&tags_of(backend, user_id, memory_ids))
}

/// Attach each memory's entities, with one query for the whole batch (no query per memory).
pub async fn with_entities<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    rows: Vec<MemoryRow>,
) -> Result<Vec<Memory>, sea_orm::DbErr> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|m| m.id).collect();
    let tags = Tag::find_by_statement(attach_statement(db.get_database_backend(), user_id, ids)).all(db).await?;
    let mut by_memory: HashMap<i64, Vec<MemoryEntity>> = HashMap::new();
    for tag in tags {
        by_memory.entry(tag.memory_id).or_default().push(MemoryEntity {
            id: tag.id,
            name: tag.name,
            entity_type: tag.entity_type,
            confidence: tag.confidence,
        });
    }
    Ok(rows
        .into_iter()
        .map(|m| {
            let tags = by_memory.remove(&m.id).unwrap_or_default();
            Memory::new(m, tags)
        })
        .collect())
}

/// The user's memory, or 404 (also when it is someone else's).
pub async fn find_own<C: ConnectionTrait>(db: &C, user_id: i64, id: i64) -> Result<memory::Model, ApiError> {
    memory::Entity::find_by_id(id)
        .filter(memory::Column::UserId.eq(user_id))
        .one(db)
        .await?
        .ok_or_else(|| ApiError::not_found("Memory not found"))
}

pub async fn view<C: ConnectionTrait>(db: &C, user_id: i64, model: memory::Model) -> Result<Memory, sea_orm::DbErr> {
    Ok(with_entities(db, user_id, vec![model.into()]).await?.pop().expect("one memory in, one out"))
}

/// Every id must be one of the user's entities.
pub async fn check_own_entities<C: ConnectionTrait>(db: &C, user_id: i64, ids: &[i64]) -> Result<(), ApiError> {
    if ids.is_empty() {
        return Ok(());
    }
    let found: Vec<i64> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Id)
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::Id.is_in(ids.to_vec()))
        .into_tuple()
        .all(db)
        .await?;
    match ids.iter().find(|id| !found.contains(id)) {
        Some(missing) => Err(ApiError::bad_request(ErrorCode::UnknownEntity, format!("Entity {missing} not found"))),
        None => Ok(()),
    }
}

pub async fn insert<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    new: &NewMemory,
    entities_pending: bool,
) -> Result<memory::Model, sea_orm::DbErr> {
    let now = Utc::now();
    memory::ActiveModel {
        user_id: Set(user_id),
        title: Set(new.title.clone()),
        description: Set(new.description.clone()),
        content: Set(new.content.clone()),
        event_date: Set(new.event_date),
        location: Set(new.location.clone()),
        photo: Set(new.photo.clone()),
        visibility: Set(new.visibility.clone()),
        media: Set(new.media.as_ref().map(|m| serde_json::json!(m))),
        created_at: Set(now),
        updated_at: Set(now),
        search_text: Set(search_text(&new.title, &new.content, new.description.as_deref())),
        entities_pending: Set(entities_pending),
        ..Default::default()
    }
    .insert(db)
    .await
}

/// Link a memory to an entity once; linking again keeps the first link.
pub async fn link<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    memory: &memory::Model,
    entity_id: i64,
    confidence: Option<i32>,
) -> Result<(), DbErr> {
    let exists = memory_entity::Entity::find_by_id((memory.id, entity_id)).one(db).await?.is_some();
    if !exists {
        memory_entity::ActiveModel {
            memory_id: Set(memory.id),
            entity_id: Set(entity_id),
            user_id: Set(user_id),
            confidence: Set(confidence),
            created_at: Set(Utc::now()),
            memory_event_date: Set(memory.event_date),
            memory_created_at: Set(Some(memory.created_at)),
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// Make the memory's entities exactly `ids` (links that stay keep their confidence).
pub async fn replace_links<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    memory: &memory::Model,
    ids: &[i64],
) -> Result<(), DbErr> {
    memory_entity::Entity::delete_many()
        .filter(memory_entity::Column::MemoryId.eq(memory.id))
        .filter(memory_entity::Column::EntityId.is_not_in(ids.to_vec()))
        .exec(db)
        .await?;
    for id in ids {
        link(db, user_id, memory, *id, None).await?;
    }
    Ok(())
}

/// Give the memory's links its event date again, after the date changed.
pub async fn sync_link_dates<C: ConnectionTrait>(db: &C, memory: &memory::Model) -> Result<(), DbErr> {
    memory_entity::Entity::update_many()
        .col_expr(memory_entity::Column::MemoryEventDate, Expr::val(memory.event_date))
        .filter(memory_entity::Column::MemoryId.eq(memory.id))
        .exec(db)
        .await?;
    Ok(())
}

/// Record whether the memory waits for its entities to be confirmed.
pub async fn set_entities_pending<C: ConnectionTrait>(
    db: &C,
    model: memory::Model,
    pending: bool,
) -> Result<memory::Model, sea_orm::DbErr> {
    let mut active = model.into_active_model();
    active.entities_pending = Set(pending);
    active.updated_at = Set(Utc::now());
    active.update(db).await
}

/// The entities a memory names.
pub async fn linked_entities<C: ConnectionTrait>(db: &C, memory_id: i64) -> Result<Vec<i64>, sea_orm::DbErr> {
    memory_entity::Entity::find()
        .select_only()
        .column(memory_entity::Column::EntityId)
        .filter(memory_entity::Column::MemoryId.eq(memory_id))
        .into_tuple()
        .all(db)
        .await
}

/// Whether any of the user's memories still shows this photo.
pub async fn photo_in_use<C: ConnectionTrait>(db: &C, user_id: i64, photo: &str) -> Result<bool, sea_orm::DbErr> {
    Ok(memory::Entity::find()
        .filter(memory::Column::UserId.eq(user_id))
        .filter(memory::Column::Photo.eq(photo))
        .one(db)
        .await?
        .is_some())
}

pub async fn links_of_user<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Vec<(i64, i64)>, sea_orm::DbErr> {
    memory_entity::Entity::find()
        .select_only()
        .column(memory_entity::Column::MemoryId)
        .column(memory_entity::Column::EntityId)
        .filter(memory_entity::Column::UserId.eq(user_id))
        .order_by_asc(memory_entity::Column::MemoryId)
        .order_by_asc(memory_entity::Column::EntityId)
        .into_tuple()
        .all(db)
        .await
}
