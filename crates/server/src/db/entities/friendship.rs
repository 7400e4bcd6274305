use sea_orm::entity::prelude::*;

/// Two people who are, or may become, friends. The pair is kept in order (`user_id1` is the
/// smaller id), so that a pair has one row whoever asked.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "friendships")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id1: i64,
    pub user_id2: i64,
    /// Who asked; the other one accepts or declines.
    pub requested_by: i64,
    /// `pending`, `accepted` or `declined`.
    pub status: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

impl Model {
    /// The other person of the pair.
    pub fn other(&self, user_id: i64) -> i64 {
        if self.user_id1 == user_id { self.user_id2 } else { self.user_id1 }
    }
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
