use sea_orm::entity::prelude::*;

/// An imported file whose memories go through extraction in the background (`users::import`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "imports")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// `dayOne`, `journiv` or `memos`.
    pub format: String,
    /// How many memories it brought that wait for extraction.
    pub total: i32,
    pub created_at: DateTimeUtc,
    /// When the last of them was read.
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
