use sea_orm::entity::prelude::*;

/// An invitation link's token, kept only as its SHA-256, until it expires or a friendship it
/// asked for is accepted.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "friend_invites")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Who invites.
    pub user_id: i64,
    pub token_hash: String,
    pub expires_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
