use sea_orm::entity::prelude::*;

/// A person, location, life period, emotion, object or activity of a user's life graph.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "entities")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    /// `name` folded: lower case, no accents, single spaces. Unique per user and type.
    pub name_key: String,
    pub entity_type: String,
    pub metadata: Json,
    /// A JSON list of strings.
    pub aliases: Json,
    pub notes: Option<String>,
    pub confidence: Option<i32>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    /// The name and aliases folded (`lifegraph_extract::search_key`), a line each: what the
    /// list's search reads.
    pub search_text: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

impl Model {
    pub fn alias_list(&self) -> Vec<String> {
        serde_json::from_value(self.aliases.clone()).unwrap_or_default()
    }
}
