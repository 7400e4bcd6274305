use sea_orm::entity::prelude::*;

/// A writer's tutorial and onboarding state: made on first use, one row per writer.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tutorial_progress")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    pub banner_dismissed_at: Option<DateTimeUtc>,
    pub completed_at: Option<DateTimeUtc>,
    pub onboarding_step: Option<String>,
    pub onboarding_skipped_at: Option<DateTimeUtc>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
