use sea_orm::entity::prelude::*;

/// Work that outlives a request (`crate::jobs`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// Whose data the job works on, if anyone's.
    pub user_id: Option<i64>,
    pub kind: String,
    /// The job itself (`crate::jobs::Job` as JSON).
    pub payload: Json,
    /// "queued" (waiting or running) or "failed" (set aside after too many attempts).
    pub state: String,
    /// How many times a process took it.
    pub attempts: i32,
    /// Not before this moment.
    pub run_at: DateTimeUtc,
    /// The process running it, until `claimed_until`; after that another may take it.
    pub claimed_by: Option<String>,
    pub claimed_until: Option<DateTimeUtc>,
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
