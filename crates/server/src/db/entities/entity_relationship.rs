use sea_orm::entity::prelude::*;

/// A link between two of a writer's entities, named by `relationship`: a period's parent
/// (`parent_period`, from the period to its parent), or how two people stand to each other.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "entity_relationships")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub source_id: i64,
    pub target_id: i64,
    pub relationship: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
