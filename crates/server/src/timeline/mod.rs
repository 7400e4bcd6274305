//! The timeline (docs/rules.md "Timeline"): the writer's life periods placed in time, each with
//! its depth under its parents, its colour, its parents and children and its memory count, in
//! one call; and the memories of a set of periods with everything inside them, paged like the
//! memory list.

use std::collections::{HashMap, HashSet};

use crate::openapi::routes;
use axum::Json;
use axum::extract::State;
use chrono::{Datelike, NaiveDate};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::auth::CurrentUser;
use crate::db::entities::{entity, entity_relationship};
use crate::entities::metadata::EntityMetadata;
use crate::entities::queries::{PARENT_PERIOD, memory_counts, parents_of};
use crate::entities::types::EntityKind;
use crate::error::{ApiError, ApiQuery, ApiResult, ErrorBody};
use crate::memories::queries::{self as memory_queries, Cursor, ListFilter, SortBy, SortOrder};
use crate::memories::types::MemoryPage;

/// The periods' colours, given in order of their start (white text reads on each: contrast 4.5
/// or more).
pub const PALETTE: [&str; 15] = [
    "#2563eb", "#dc2626", "#15803d", "#9333ea", "#c2410c", "#0e7490", "#be185d", "#4d7c0f", "#4f46e5", "#0f766e",
    "#b45309", "#7c3aed", "#e11d48", "#047857", "#a21caf",
];

/// How many periods one request for memories may name.
pub const PERIODS_ASKED_MAX: usize = 1_000;

/// Memories per page of a period's memories, unless the request says otherwise.
pub const PAGE_SIZE: u64 = 24;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(timeline)).routes(routes!(period_memories))
}

/// The writer's periods: those with a start date, which can be placed, and the others apart.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Timeline {
    /// By start date, then id.
    pub periods: Vec<TimelinePeriod>,
    /// The periods with no start date, by name.
    pub undated: Vec<TimelinePeriod>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelinePeriod {
    pub id: i64,
    pub name: String,
    pub aliases: Vec<String>,
    pub notes: Option<String>,
    pub start_date: Option<NaiveDate>,
    /// Absent while the period goes on ("Present").
    pub end_date: Option<NaiveDate>,
    /// One day: the end is the start.
    pub is_one_day: bool,
    pub start_year: Option<i32>,
    /// Absent while the period goes on.
    pub end_year: Option<i32>,
    /// Depth under its parents: 0 without a parent, else one more than its deepest parent.
    pub level: u32,
    /// `#rrggbb`, from a palette of 15.
    pub color: String,
    /// The periods it lies in.
    pub parents: Vec<i64>,
    /// The periods that lie directly in it.
    pub children: Vec<i64>,
    /// How many memories name it.
    pub memory_count: i64,
}

/// The signed-in writer's life periods, placed for the timeline.
#[utoipa::path(get, path = "/api/timeline", tag = "timeline",
    responses((status = 200, body = Timeline), (status = 401, body = ErrorBody)))]
pub(crate) async fn timeline(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> ApiResult<Json<Timeline>> {
    Ok(Json(periods_of(&state.db, user.id).await?))
}

pub async fn periods_of<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Timeline, DbErr> {
    let models = entity::Entity::find()
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq(EntityKind::LifePeriod.as_str()))
        .order_by_asc(entity::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i64> = models.iter().map(|m| m.id).collect();
    let counts = memory_counts(db, &ids).await?;
    let mut parents = parents_of(db, &ids).await?;
    let stored = models
        .into_iter()
        .map(|model| {
            let metadata = EntityMetadata::from_stored(EntityKind::LifePeriod, &model.metadata);
            Stored {
                parents: parents.remove(&model.id).unwrap_or_default(),
                memory_count: counts.get(&model.id).copied().unwrap_or_default(),
                aliases: model.alias_list(),
                id: model.id,
                name: model.name,
                notes: model.notes,
                start: metadata.start_date,
                end: metadata.end_date,
                one_day: metadata.is_one_day == Some(true),
            }
        })
        .collect();
    Ok(place(stored))
}

/// A period as stored, before it is placed.
#[derive(Debug, Clone)]
pub struct Stored {
    pub id: i64,
    pub name: String,
    pub aliases: Vec<String>,
    pub notes: Option<String>,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    pub one_day: bool,
    pub parents: Vec<i64>,
    pub memory_count: i64,
}

/// Levels, children, colours and order. Levels follow the parents in topological order (Kahn's
/// algorithm), which never walks a loop: were one ever stored, its periods would sit at level 0.
pub fn place(mut stored: Vec<Stored>) -> Timeline {
    let known: HashSet<i64> = stored.iter().map(|p| p.id).collect();
    for period in &mut stored {
        period.parents.retain(|parent| known.contains(parent) && *parent != period.id);
        period.parents.sort_unstable();
        period.parents.dedup();
    }
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut waiting: HashMap<i64, usize> = HashMap::new();
    for period in &stored {
        for parent in &period.parents {
            children.entry(*parent).or_default().push(period.id);
        }
        waiting.insert(period.id, period.parents.len());
    }
    let mut level: HashMap<i64, u32> = HashMap::new();
    let mut ready: Vec<i64> = stored.iter().filter(|p| p.parents.is_empty()).map(|p| p.id).collect();
    while let Some(id) = ready.pop() {
        let here = *level.entry(id).or_default();
        for child in children.get(&id).into_iter().flatten() {
            let deepest = level.entry(*child).or_default();
            *deepest = (*deepest).max(here + 1);
            let left = waiting.get_mut(child).expect("every period waits for its parents");
            *left -= 1;
            if *left == 0 {
                ready.push(*child);
            }
        }
    }

    // Dated periods by start, then the others by name; colours follow that order.
    let fold = |name: &str| lifegraph_extract::search_key(name);
    stored.sort_by(|a, b| match (a.start, b.start) {
        (Some(x), Some(y)) => (x, a.id).cmp(&(y, b.id)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => (fold(&a.name), a.id).cmp(&(fold(&b.name), b.id)),
    });
    let mut timeline = Timeline { periods: Vec::new(), undated: Vec::new() };
    for (index, period) in stored.into_iter().enumerate() {
        let mut inside = children.remove(&period.id).unwrap_or_default();
        inside.sort_unstable();
        let end = if period.one_day { period.start } else { period.end };
        let placed = TimelinePeriod {
            id: period.id,
            level: level.get(&period.id).copied().unwrap_or_default(),
            color: PALETTE[index % PALETTE.len()].to_owned(),
            name: period.name,
            aliases: period.aliases,
            notes: period.notes,
            start_date: period.start,
            end_date: end,
            is_one_day: period.one_day,
            start_year: period.start.map(|d| d.year()),
            end_year: end.map(|d| d.year()),
            parents: period.parents,
            children: inside,
            memory_count: period.memory_count,
        };
        if placed.start_date.is_some() {
            timeline.periods.push(placed);
        } else {
            timeline.undated.push(placed);
        }
    }
    timeline
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct PeriodMemoriesQuery {
    /// Period ids, separated by commas; the periods inside them are included.
    periods: String,
    /// Memories per page (1-100, default 24).
    page_size: Option<u64>,
    /// `nextCursor` of the previous page.
    cursor: Option<String>,
}

/// The memories that name any of these periods or a period inside them, latest event first
/// (unknown dates last), each once.
#[utoipa::path(get, path = "/api/timeline/memories", tag = "timeline", params(PeriodMemoriesQuery),
    responses((status = 200, body = MemoryPage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 404, description = "A period that is not the writer's", body = ErrorBody)))]
pub(crate) async fn period_memories(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    ApiQuery(query): ApiQuery<PeriodMemoriesQuery>,
) -> ApiResult<Json<MemoryPage>> {
    let asked = parse_ids(&query.periods)?;
    let size = query.page_size.unwrap_or(PAGE_SIZE);
    if !(1..=100).contains(&size) {
        return Err(ApiError::validation("pageSize must be between 1 and 100"));
    }
    let sort_by = SortBy::EventDate;
    let cursor = query.cursor.as_deref().map(|c| Cursor::decode(c, sort_by)).transpose()?;
    let within = with_descendants(&state.db, user.id, &asked).await?;
    let filter = ListFilter { sort_by, order: SortOrder::Desc, entity_id: None, within: Some(within), search: None };
    let (items, next) = memory_queries::list_page(&state.db, user.id, &filter, cursor.as_ref(), size).await?;
    Ok(Json(MemoryPage { items, next_cursor: next.map(|c| c.encode()) }))
}

/// The ids of a comma-separated list: at least one, at most `PERIODS_ASKED_MAX`.
fn parse_ids(raw: &str) -> ApiResult<Vec<i64>> {
    let ids = raw
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| {
            part.parse::<i64>().map_err(|_| ApiError::validation("periods must be period ids separated by commas"))
        })
        .collect::<ApiResult<Vec<i64>>>()?;
    if ids.is_empty() {
        return Err(ApiError::validation("periods must name at least one period"));
    }
    if ids.len() > PERIODS_ASKED_MAX {
        return Err(ApiError::validation(format!("periods may name at most {PERIODS_ASKED_MAX} periods")));
    }
    Ok(ids)
}

/// These periods of the writer (404 when one is not: another writer's is as unknown as one that
/// does not exist) and every period inside them, each once, however the parents are linked.
async fn with_descendants<C: ConnectionTrait>(db: &C, user_id: i64, asked: &[i64]) -> ApiResult<Vec<i64>> {
    let found: HashSet<i64> = entity::Entity::find()
        .select_only()
        .column(entity::Column::Id)
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq(EntityKind::LifePeriod.as_str()))
        .filter(entity::Column::Id.is_in(asked.to_vec()))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    if asked.iter().any(|id| !found.contains(id)) {
        return Err(ApiError::not_found("Period not found"));
    }
    let links: Vec<(i64, i64)> = entity_relationship::Entity::find()
        .select_only()
        .column(entity_relationship::Column::SourceId)
        .column(entity_relationship::Column::TargetId)
        .filter(entity_relationship::Column::UserId.eq(user_id))
        .filter(entity_relationship::Column::Relationship.eq(PARENT_PERIOD))
        .into_tuple()
        .all(db)
        .await?;
    Ok(descendants(asked, &links))
}

/// `roots` and everything under them through (child, parent) links, in the order met; each
/// period once, so a loop ends the walk instead of repeating it.
pub fn descendants(roots: &[i64], links: &[(i64, i64)]) -> Vec<i64> {
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    for (child, parent) in links {
        children.entry(*parent).or_default().push(*child);
    }
    let mut seen: HashSet<i64> = HashSet::new();
    let mut order = Vec::new();
    let mut stack: Vec<i64> = roots.iter().rev().copied().collect();
    while let Some(id) = stack.pop() {
        if seen.insert(id) {
            order.push(id);
            stack.extend(children.get(&id).into_iter().flatten().rev());
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(raw: &str) -> Option<NaiveDate> {
        Some(raw.parse().expect("a date"))
    }

    fn period(id: i64, start: Option<NaiveDate>, parents: &[i64]) -> Stored {
        Stored {
            id,
            name: format!("Period {id}"),
            aliases: Vec::new(),
            notes: None,
            start,
            end: None,
            one_day: false,
            parents: parents.to_vec(),
            memory_count: 0,
        }
    }

    fn by_id(timeline: &Timeline, id: i64) -> &TimelinePeriod {
        timeline.periods.iter().chain(&timeline.undated).find(|p| p.id == id).expect("placed")
    }

    #[test]
    fn levels_follow_the_deepest_parent_and_children_are_listed() {
        // 1 holds 2 and 3; 4 lies in 2 and in 1 directly; 5 lies in 4.
        let timeline = place(vec![
            period(5, day("1995-01-01"), &[4]),
            period(4, day("1994-01-01"), &[2, 1]),
            period(3, day("1993-01-01"), &[1]),
            period(2, day("1991-01-01"), &[1]),
            period(1, day("1990-01-01"), &[]),
        ]);
        let levels: Vec<(i64, u32)> = timeline.periods.iter().map(|p| (p.id, p.level)).collect();
        assert_eq!(levels, [(1, 0), (2, 1), (3, 1), (4, 2), (5, 3)], "by start, each below its deepest parent");
        assert_eq!(by_id(&timeline, 1).children, [2, 3, 4]);
        assert_eq!(by_id(&timeline, 4).parents, [1, 2]);
    }

    #[test]
    fn undated_periods_are_apart_by_name_and_still_count_as_parents() {
        let mut beta = period(1, None, &[]);
        beta.name = "beta".into();
        let mut alpha = period(2, None, &[]);
        alpha.name = "Álpha".into();
        let timeline = place(vec![beta, alpha, period(3, day("2001-05-02"), &[1])]);
        let undated: Vec<i64> = timeline.undated.iter().map(|p| p.id).collect();
        assert_eq!(undated, [2, 1], "by name, accents and case aside");
        assert_eq!(by_id(&timeline, 3).level, 1);
        assert_eq!(by_id(&timeline, 3).start_year, Some(2001));
    }

    #[test]
    fn colours_cycle_through_the_palette_in_order_of_start() {
        let periods = (1..=17).map(|id| period(id, NaiveDate::from_ymd_opt(1980 + id as i32, 1, 1), &[])).collect();
        let timeline = place(periods);
        assert_eq!(timeline.periods[0].color, PALETTE[0]);
        assert_eq!(timeline.periods[14].color, PALETTE[14]);
        assert_eq!(timeline.periods[15].color, PALETTE[0], "the 16th starts the palette again");
        let distinct: HashSet<&str> = timeline.periods[..15].iter().map(|p| p.color.as_str()).collect();
        assert_eq!(distinct.len(), 15);
    }

    #[test]
    fn one_day_and_ongoing_periods() {
        let mut wedding = period(1, day("2010-06-12"), &[]);
        wedding.one_day = true;
        wedding.end = day("2011-01-01");
        let ongoing = period(2, day("2015-09-01"), &[]);
        let timeline = place(vec![wedding, ongoing]);
        let wedding = by_id(&timeline, 1);
        assert_eq!((wedding.end_date, wedding.end_year), (day("2010-06-12"), Some(2010)), "a day ends when it starts");
        let ongoing = by_id(&timeline, 2);
        assert_eq!((ongoing.end_date, ongoing.end_year), (None, None), "goes on: Present");
    }

    #[test]
    fn a_stored_loop_or_a_vanished_parent_never_hangs_the_layout() {
        let timeline = place(vec![
            period(1, day("1990-01-01"), &[2]),
            period(2, day("1991-01-01"), &[1]),
            period(3, day("1992-01-01"), &[3, 99]),
        ]);
        assert_eq!(timeline.periods.len(), 3);
        assert!(by_id(&timeline, 3).parents.is_empty(), "itself and unknown ids are no parents");
        assert_eq!(by_id(&timeline, 3).level, 0);
    }

    #[test]
    fn descendants_are_each_met_once_even_around_a_loop() {
        let links = [(2, 1), (3, 2), (4, 2), (4, 1), (5, 9)];
        assert_eq!(descendants(&[1], &links), [1, 2, 3, 4]);
        assert_eq!(descendants(&[9, 2], &links), [9, 5, 2, 3, 4]);
        assert_eq!(descendants(&[1], &[(2, 1), (1, 2)]), [1, 2]);
    }
}
