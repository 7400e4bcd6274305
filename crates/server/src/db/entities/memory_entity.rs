use sea_orm::entity::prelude::*;

/// A memory mentions an entity.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "memory_entities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub memory_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub entity_id: i64,
    pub user_id: i64,
    /// The extraction's confidence (0-100) when the link came from it.
    pub confidence: Option<i32>,
    pub created_at: DateTimeUtc,
    /// The memory's event date and creation time, kept equal to the memory's own, so that one
    /// entity's memories are walked in list order from this table's indexes.
    pub memory_event_date: Option<Date>,
    pub memory_created_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
