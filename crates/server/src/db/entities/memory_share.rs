use sea_orm::entity::prelude::*;

/// A memory shared by its owner with a friend, until revoked.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "memory_shares")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub memory_id: i64,
    pub owner_id: i64,
    pub recipient_id: i64,
    pub created_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
