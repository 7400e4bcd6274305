use sea_orm::entity::prelude::*;

/// A public link to one memory, live until it expires or its owner revokes it; its token is kept
/// only as its SHA-256.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "share_links")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub memory_id: i64,
    /// The memory's owner.
    pub user_id: i64,
    pub token_hash: String,
    pub created_at: DateTimeUtc,
    pub expires_at: DateTimeUtc,
    pub revoked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
