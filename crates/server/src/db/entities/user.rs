use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub auth_subject: String,
    pub email: Option<String>,
    pub username: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub birth_date: Option<Date>,
    pub gender: Option<String>,
    pub language: Option<String>,
    pub theme: Option<String>,
    pub data_processing_consent_at: Option<DateTimeUtc>,
    pub terms_consent_at: Option<DateTimeUtc>,
    /// Raised by every change to the user's entities (see `entities::queries`).
    pub entities_version: i64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
