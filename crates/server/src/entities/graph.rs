//! The writer's life graph as nodes and edges (`GET /api/graph`): every entity with its memory
//! count; the strongest links between entities named by the same memories, weighted by how many;
//! period parents; and the relationships stated between entities.
//!
//! Shared-memory edges are capped at [`SHARED_EDGES_MAX`], the strongest kept: a journal of 10,000
//! memories makes tens of thousands of them, more than a picture of the graph can show and several
//! megabytes to send. `sharedEdgesTotal` says how many there are.

use std::collections::{HashMap, HashSet};

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Statement,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::metadata::is_myself;
use super::queries::PARENT_PERIOD;
use super::types::EntityKind;
use crate::db::entities::{entity, entity_relationship};

/// At most this many shared-memory edges are answered, the strongest.
pub const SHARED_EDGES_MAX: usize = 2_000;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Graph {
    pub nodes: Vec<GraphNode>,
    /// The strongest shared-memory edges first (at most 2,000), then the stated ones.
    pub edges: Vec<GraphEdge>,
    /// How many pairs of entities share a memory, whether answered or not.
    pub shared_edges_total: usize,
    /// The writer's own person (category "myself"), the graph's centre, if they have one.
    pub myself_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GraphNode {
    pub id: i64,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = EntityKind)]
    pub entity_type: String,
    pub memory_count: i64,
}

/// What joins two entities.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum EdgeKind {
    /// Named together by `weight` memories; `source` is the smaller id.
    SharedMemories,
    /// `source` is a period inside the period `target`.
    ParentPeriod,
    /// A relationship stated between them, named by `label`.
    Relationship,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GraphEdge {
    pub source: i64,
    pub target: i64,
    pub kind: EdgeKind,
    /// How many memories name both (1 for the other kinds).
    pub weight: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// A stated relationship's id (`DELETE /api/entity-relationships/{id}` removes it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relationship_id: Option<i64>,
}

pub async fn graph<C: ConnectionTrait>(db: &C, user_id: i64) -> Result<Graph, DbErr> {
    let entities: Vec<(i64, String, String)> = entity::Entity::find()
        .select_only()
        .columns([entity::Column::Id, entity::Column::Name, entity::Column::EntityType])
        .filter(entity::Column::UserId.eq(user_id))
        .order_by_asc(entity::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    // The entities of each memory, one row per memory, read from the (writer, memory, entity)
    // index alone: a row per link costs more to bring over than the rest of the work.
    let backend = db.get_database_backend();
    let list = match backend {
        DatabaseBackend::Postgres => "string_agg(entity_id::text, ',')",
        _ => "group_concat(entity_id)",
    };
    let by_memory = db
        .query_all_raw(Statement::from_sql_and_values(
            backend,
            format!(
                "SELECT {list} AS named FROM memory_entities WHERE user_id = {} GROUP BY memory_id",
                if backend == DatabaseBackend::Postgres { "$1" } else { "?" }
            ),
            [user_id.into()],
        ))
        .await?;
    let relationships: Vec<(i64, i64, i64, String)> = entity_relationship::Entity::find()
        .select_only()
        .columns([
            entity_relationship::Column::Id,
            entity_relationship::Column::SourceId,
            entity_relationship::Column::TargetId,
            entity_relationship::Column::Relationship,
        ])
        .filter(entity_relationship::Column::UserId.eq(user_id))
        .into_tuple()
        .all(db)
        .await?;

    let mut counts: HashMap<i64, i64> = HashMap::new();
    let mut pairs: Vec<(i64, i64)> = Vec::new();
    let mut named: Vec<i64> = Vec::new();
    for row in by_memory {
        let text: String = row.try_get("", "named")?;
        named.clear();
        named.extend(text.split(',').filter_map(|id| id.parse::<i64>().ok()));
        named.sort_unstable();
        for (i, a) in named.iter().enumerate() {
            *counts.entry(*a).or_default() += 1;
            pairs.extend(named[i + 1..].iter().map(|b| (*a, *b)));
        }
    }
    let mut edges = shared_edges(pairs);
    let shared_edges_total = edges.len();
    edges.truncate(SHARED_EDGES_MAX);
    let mut stated: Vec<GraphEdge> = relationships
        .into_iter()
        .map(|(id, source, target, relationship)| {
            if relationship == PARENT_PERIOD {
                GraphEdge {
                    source,
                    target,
                    kind: EdgeKind::ParentPeriod,
                    weight: 1,
                    label: None,
                    relationship_id: None,
                }
            } else {
                GraphEdge {
                    source,
                    target,
                    kind: EdgeKind::Relationship,
                    weight: 1,
                    label: Some(relationship),
                    relationship_id: Some(id),
                }
            }
        })
        .collect();
    stated.sort_unstable_by(|a, b| (a.source, a.target, &a.label).cmp(&(b.source, b.target, &b.label)));
    edges.extend(stated);

    // The writer's own node: only people's metadata is read for it.
    let people: Vec<(i64, serde_json::Value)> = entity::Entity::find()
        .select_only()
        .columns([entity::Column::Id, entity::Column::Metadata])
        .filter(entity::Column::UserId.eq(user_id))
        .filter(entity::Column::EntityType.eq(EntityKind::Person.as_str()))
        .order_by_asc(entity::Column::Id)
        .into_tuple()
        .all(db)
        .await?;
    let myself_id = people.iter().find(|(_, metadata)| is_myself(metadata)).map(|(id, _)| *id);
    let nodes = entities
        .into_iter()
        .map(|(id, name, entity_type)| GraphNode {
            memory_count: counts.get(&id).copied().unwrap_or_default(),
            id,
            name,
            entity_type,
        })
        .collect();
    Ok(Graph { nodes, edges, shared_edges_total, myself_id })
}

/// One edge per pair, weighted by how often it occurs: strongest first, then by ids.
fn shared_edges(mut pairs: Vec<(i64, i64)>) -> Vec<GraphEdge> {
    pairs.sort_unstable();
    let mut edges: Vec<GraphEdge> = pairs
        .chunk_by(|a, b| a == b)
        .map(|run| GraphEdge {
            source: run[0].0,
            target: run[0].1,
            kind: EdgeKind::SharedMemories,
            weight: run.len() as i64,
            label: None,
            relationship_id: None,
        })
        .collect();
    edges.sort_by_key(|e| (std::cmp::Reverse(e.weight), e.source, e.target));
    edges
}

/// Whether these (child, parent) links loop: Kahn's algorithm, which never follows a loop
/// around, so it ends on any input.
pub fn has_cycle(edges: &[(i64, i64)]) -> bool {
    let mut waiting: HashMap<i64, usize> = HashMap::new();
    let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut nodes: HashSet<i64> = HashSet::new();
    for (child, parent) in edges {
        *waiting.entry(*child).or_default() += 1;
        children.entry(*parent).or_default().push(*child);
        nodes.extend([*child, *parent]);
    }
    let mut ready: Vec<i64> = nodes.iter().copied().filter(|n| !waiting.contains_key(n)).collect();
    let mut placed = 0;
    while let Some(node) = ready.pop() {
        placed += 1;
        for child in children.get(&node).into_iter().flatten() {
            let left = waiting.get_mut(child).expect("every child waits");
            *left -= 1;
            if *left == 0 {
                ready.push(*child);
            }
        }
    }
    placed < nodes.len()
}

#[cfg(test)]
mod tests {
    use super::{has_cycle, shared_edges};

    #[test]
    fn pairs_become_weighted_edges_strongest_first() {
        let edges = shared_edges(vec![(3, 4), (1, 2), (3, 4), (1, 5), (3, 4), (1, 2)]);
        let found: Vec<(i64, i64, i64)> = edges.iter().map(|e| (e.source, e.target, e.weight)).collect();
        assert_eq!(found, [(3, 4, 3), (1, 2, 2), (1, 5, 1)]);
    }

    #[test]
    fn finds_loops_of_any_length_and_only_loops() {
        assert!(!has_cycle(&[]));
        assert!(!has_cycle(&[(2, 1), (3, 1), (4, 2), (4, 3)]), "two parents meeting again is no loop");
        assert!(has_cycle(&[(1, 1)]));
        assert!(has_cycle(&[(1, 2), (2, 1)]));
        assert!(has_cycle(&[(5, 9), (2, 1), (3, 2), (1, 3)]));
    }
}
