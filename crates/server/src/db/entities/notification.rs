use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub message: Option<String>,
    pub link: Option<String>,
    pub read: bool,
    pub created_at: DateTimeUtc,
    /// What happened (`friendRequest`, `friendAccepted`, `memoryShared`), for the reader's language.
    pub kind: Option<String>,
    /// The names it mentions, as a JSON object.
    pub params: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
