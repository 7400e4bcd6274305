use sea_orm::entity::prelude::*;

/// A message to the makers: from a signed-in user (`user_id`) or a visitor (name and e-mail).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "feedback")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Null for a visitor, and once the sender's account is deleted.
    pub user_id: Option<i64>,
    /// `feedback` or `bug`.
    pub feedback_type: String,
    pub subject: Option<String>,
    pub message: String,
    pub user_email: Option<String>,
    pub user_name: Option<String>,
    /// `new`, `reviewed` or `resolved`.
    pub status: String,
    pub admin_notes: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
