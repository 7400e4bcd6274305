use sea_orm::entity::prelude::*;

/// One read or change by the administrator (the privacy text says access is logged).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admin_access_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub admin_id: i64,
    /// `read_stats`, `read_feedback`, `update_feedback`, `delete_feedback`.
    pub action: String,
    /// The feedback changed, if any.
    pub target_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
