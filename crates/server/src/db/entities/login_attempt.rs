use sea_orm::entity::prelude::*;

/// An OpenID Connect sign-in between the redirect to the provider and its callback. Kept in
/// the database, so the callback may reach any server process.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_attempts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub state: String,
    pub pkce_verifier: String,
    pub nonce: String,
    pub redirect_to: String,
    /// The person accepted both consents on the sign-up page before leaving.
    pub consent: bool,
    pub expires_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
