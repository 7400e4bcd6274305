use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "memories")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub title: String,
    pub description: Option<String>,
    pub content: String,
    pub event_date: Option<Date>,
    pub location: Option<String>,
    /// The photo's address, `/api/photos/{userId}/{file}`.
    pub photo: Option<String>,
    pub visibility: Option<String>,
    pub media: Option<Json>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// Title, content and description folded for search (`memories::queries::search_text`).
    pub search_text: String,
    /// Its text has not been through the confirmation dialog since it was written or changed.
    pub entities_pending: bool,
    /// The import it came from, if any (`imports`).
    pub import_id: Option<i64>,
    /// It waits for the background extraction of its import.
    pub extraction_queued: bool,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
