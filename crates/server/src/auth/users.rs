//! The user as the API shows it, and the queries that create and change users.

use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, IntoActiveModel, QueryFilter, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::db::entities::user;

/// The administrator is the first account.
pub const ADMIN_USER_ID: i64 = 1;

/// A user's fields (docs/data.md "User") plus whether they are the administrator.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub username: Option<String>,
    pub email: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// Calendar date `yyyy-MM-dd`.
    pub birth_date: Option<NaiveDate>,
    #[schema(value_type = Option<Gender>)]
    pub gender: Option<String>,
    /// Null until the user picks one.
    #[schema(value_type = Option<Language>)]
    pub language: Option<String>,
    /// Null until the user picks one.
    #[schema(value_type = Option<Theme>)]
    pub theme: Option<String>,
    pub is_admin: bool,
    pub consents: UserConsents,
    pub created_at: DateTime<Utc>,
}

/// When the user accepted each registration consent; null when not (yet) accepted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserConsents {
    pub data_processing_at: Option<DateTime<Utc>>,
    pub terms_at: Option<DateTime<Utc>>,
}

impl From<user::Model> for User {
    fn from(model: user::Model) -> Self {
        Self {
            id: model.id,
            is_admin: model.id == ADMIN_USER_ID,
            username: model.username,
            email: model.email,
            first_name: model.first_name,
            last_name: model.last_name,
            birth_date: model.birth_date,
            gender: model.gender,
            language: model.language,
            theme: model.theme,
            consents: UserConsents {
                data_processing_at: model.data_processing_consent_at,
                terms_at: model.terms_consent_at,
            },
            created_at: model.created_at,
        }
    }
}

/// What the sign-in learned about a person.
#[derive(Debug, Default)]
pub struct Identity {
    /// "local:<email>" or "oidc:<issuer>|<subject>".
    pub subject: String,
    pub email: Option<String>,
    pub username: Option<String>,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

/// Create the user on first sign-in; afterwards refresh the fields the identity provides.
/// The e-mail is kept as registered (docs/data.md "User": read-only after registration).
pub async fn upsert(db: &DatabaseConnection, identity: Identity) -> Result<user::Model, sea_orm::DbErr> {
    let now = Utc::now();
    let existing = user::Entity::find().filter(user::Column::AuthSubject.eq(identity.subject.as_str())).one(db).await?;
    match existing {
        Some(found) => {
            let mut active = found.into_active_model();
            if identity.first_name.is_some() {
                active.first_name = Set(identity.first_name);
            }
            if identity.last_name.is_some() {
                active.last_name = Set(identity.last_name);
            }
            if identity.username.is_some() {
                active.username = Set(identity.username);
            }
            active.updated_at = Set(now);
            active.update(db).await
        }
        None => {
            user::ActiveModel {
                auth_subject: Set(identity.subject),
                email: Set(identity.email),
                username: Set(identity.username),
                first_name: Set(identity.first_name),
                last_name: Set(identity.last_name),
                entities_version: Set(0),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(db)
            .await
        }
    }
}

/// Record both registration consents, keeping the first time each was given.
pub async fn record_consents(db: &DatabaseConnection, found: user::Model) -> Result<user::Model, sea_orm::DbErr> {
    if found.data_processing_consent_at.is_some() && found.terms_consent_at.is_some() {
        return Ok(found);
    }
    let now = Utc::now();
    let mut active = found.clone().into_active_model();
    active.data_processing_consent_at = Set(found.data_processing_consent_at.or(Some(now)));
    active.terms_consent_at = Set(found.terms_consent_at.or(Some(now)));
    active.updated_at = Set(now);
    active.update(db).await
}

/// `PATCH /api/auth/user`: every field optional; `null` clears first name or gender.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateUserRequest {
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<String>, nullable)]
    pub first_name: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::patch_fields::present")]
    #[schema(value_type = Option<Gender>, nullable)]
    pub gender: Option<Option<String>>,
    #[schema(value_type = Option<Language>)]
    pub language: Option<String>,
    #[schema(value_type = Option<Theme>)]
    pub theme: Option<String>,
}

/// A user's or a person's gender (docs/data.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Gender {
    Male,
    Female,
    NonBinary,
    Other,
    PreferNotToSay,
}

/// The interface's languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    En,
    Fr,
}

/// The interface's themes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    Light,
    Dark,
}

/// The changes of an [`UpdateUserRequest`] or a profile request, checked. `Some(None)` clears.
#[derive(Default)]
pub struct UserChanges {
    pub username: Option<Option<String>>,
    pub first_name: Option<Option<String>>,
    pub last_name: Option<Option<String>>,
    pub birth_date: Option<Option<NaiveDate>>,
    pub gender: Option<Option<String>>,
    pub language: Option<String>,
    pub theme: Option<String>,
}

/// A name field as sent: trimmed, blank clears it, at most 100 characters.
pub fn checked_name(
    field: &str,
    value: Option<Option<String>>,
) -> Result<Option<Option<String>>, crate::error::ApiError> {
    let value = value.map(|name| name.map(|n| n.trim().to_owned()).filter(|n| !n.is_empty()));
    if let Some(Some(name)) = &value
        && name.chars().count() > 100
    {
        return Err(crate::error::ApiError::validation(format!("{field} must be at most 100 characters")));
    }
    Ok(value)
}

impl TryFrom<UpdateUserRequest> for UserChanges {
    type Error = crate::error::ApiError;

    fn try_from(request: UpdateUserRequest) -> Result<Self, Self::Error> {
        let first_name = checked_name("First name", request.first_name)?;
        let changes = Self {
            first_name,
            gender: request.gender,
            language: request.language,
            theme: request.theme,
            ..Self::default()
        };
        changes.check()
    }
}

impl UserChanges {
    /// Refuse an unknown gender, language or theme.
    pub fn check(self) -> Result<Self, crate::error::ApiError> {
        use crate::error::ApiError;
        if let Some(Some(gender)) = &self.gender
            && crate::text::parse_name::<Gender>(gender).is_none()
        {
            return Err(ApiError::validation(format!("Unknown gender '{gender}'")));
        }
        if let Some(language) = &self.language
            && crate::text::parse_name::<Language>(language).is_none()
        {
            return Err(ApiError::validation("Language must be 'en' or 'fr'"));
        }
        if let Some(theme) = &self.theme
            && crate::text::parse_name::<Theme>(theme).is_none()
        {
            return Err(ApiError::validation("Theme must be 'light' or 'dark'"));
        }
        Ok(self)
    }
}

pub async fn update(
    db: &DatabaseConnection,
    found: user::Model,
    changes: UserChanges,
) -> Result<user::Model, sea_orm::DbErr> {
    let mut active = found.into_active_model();
    if let Some(username) = changes.username {
        active.username = Set(username);
    }
    if let Some(first_name) = changes.first_name {
        active.first_name = Set(first_name);
    }
    if let Some(last_name) = changes.last_name {
        active.last_name = Set(last_name);
    }
    if let Some(birth_date) = changes.birth_date {
        active.birth_date = Set(birth_date);
    }
    if let Some(gender) = changes.gender {
        active.gender = Set(gender);
    }
    if let Some(language) = changes.language {
        active.language = Set(Some(language));
    }
    if let Some(theme) = changes.theme {
        active.theme = Set(Some(theme));
    }
    active.updated_at = Set(Utc::now());
    active.update(db).await
}
