//! OpenID Connect: authorization code with PKCE against any provider. The provider is
//! discovered on first use (and again after a failure), so the server starts even while the
//! provider is briefly unreachable.

use anyhow::{Context, anyhow};
use chrono::{Duration, Utc};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, EndpointMaybeSet, EndpointNotSet, EndpointSet, IssuerUrl,
    Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, TokenResponse, reqwest,
};
use sea_orm::{ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, Set};
use tokio::sync::OnceCell;

use super::users::Identity;
use crate::config::{Config, Secret};
use crate::db::entities::login_attempt;

type DiscoveredClient =
    CoreClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointMaybeSet, EndpointMaybeSet>;

/// How long a person may take at the provider before the callback.
const ATTEMPT_MINUTES: i64 = 15;

pub struct Oidc {
    issuer: String,
    client_id: String,
    client_secret: Secret,
    redirect_url: String,
    http: reqwest::Client,
    client: OnceCell<DiscoveredClient>,
}

/// Why a callback was refused: the person's fault (stale or forged link) or the provider's.
#[derive(Debug, thiserror::Error)]
pub enum CallbackError {
    #[error("This sign-in link is invalid or has expired. Please sign in again.")]
    UnknownState,
    #[error(transparent)]
    Provider(#[from] anyhow::Error),
}

impl Oidc {
    pub fn from_config(config: &Config) -> anyhow::Result<Option<Self>> {
        let Some(issuer) = config.oidc_issuer.clone() else { return Ok(None) };
        let http = reqwest::ClientBuilder::new()
            // Following redirects here would open the door to SSRF.
            .redirect(reqwest::redirect::Policy::none())
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .context("building the OpenID Connect HTTP client")?;
        Ok(Some(Self {
            issuer,
            client_id: config.oidc_client_id.clone().context("--oidc-client-id is required with --oidc-issuer")?,
            client_secret: config
                .oidc_client_secret
                .clone()
                .context("--oidc-client-secret is required with --oidc-issuer")?,
            redirect_url: format!("{}/api/auth/callback", config.public_url()),
            http,
            client: OnceCell::new(),
        }))
    }

    async fn client(&self) -> anyhow::Result<&DiscoveredClient> {
        self.client
            .get_or_try_init(|| async {
                let issuer = IssuerUrl::new(self.issuer.clone()).context("invalid issuer URL")?;
                let metadata = CoreProviderMetadata::discover_async(issuer, &self.http)
                    .await
                    .with_context(|| format!("discovering the OpenID provider at {}", self.issuer))?;
                Ok(CoreClient::from_provider_metadata(
                    metadata,
                    ClientId::new(self.client_id.clone()),
                    Some(ClientSecret::new(self.client_secret.expose().to_owned())),
                )
                .set_redirect_uri(RedirectUrl::new(self.redirect_url.clone()).context("invalid redirect URL")?))
            })
            .await
    }

    /// Remember a new attempt and return the provider's authorization URL and the attempt's
    /// state, which the browser that started it keeps in a cookie (see [`state_cookie`]).
    pub async fn begin(
        &self,
        db: &DatabaseConnection,
        redirect_to: &str,
        consent: bool,
    ) -> anyhow::Result<(String, String)> {
        let client = self.client().await?;
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .add_scope(Scope::new("email".to_owned()))
            .add_scope(Scope::new("profile".to_owned()))
            .set_pkce_challenge(challenge)
            .url();
        login_attempt::Entity::delete_many().filter(login_attempt::Column::ExpiresAt.lt(Utc::now())).exec(db).await?;
        login_attempt::ActiveModel {
            state: Set(state.secret().clone()),
            pkce_verifier: Set(verifier.secret().clone()),
            nonce: Set(nonce.secret().clone()),
            redirect_to: Set(redirect_to.to_owned()),
            consent: Set(consent),
            expires_at: Set(Utc::now() + Duration::minutes(ATTEMPT_MINUTES)),
            ..Default::default()
        }
        .insert(db)
        .await?;
        Ok((url.to_string(), state.secret().clone()))
    }

    /// Check the state, redeem the code and read the ID token. Each attempt is used once.
    pub async fn finish(
        &self,
        db: &DatabaseConnection,
        code: &str,
        state: &str,
    ) -> Result<(Identity, login_attempt::Model), CallbackError> {
        let attempt = login_attempt::Entity::find()
            .filter(login_attempt::Column::State.eq(state))
            .filter(login_attempt::Column::ExpiresAt.gt(Utc::now()))
            .one(db)
            .await
            .map_err(anyhow::Error::from)?
            .ok_or(CallbackError::UnknownState)?;
        login_attempt::Entity::delete_by_id(attempt.id).exec(db).await.map_err(anyhow::Error::from)?;

        let client = self.client().await?;
        let token = client
            .exchange_code(AuthorizationCode::new(code.to_owned()))
            .context("the provider has no token endpoint")?
            .set_pkce_verifier(PkceCodeVerifier::new(attempt.pkce_verifier.clone()))
            .request_async(&self.http)
            .await
            .map_err(|e| anyhow!("exchanging the authorization code: {e}"))?;
        let id_token = token.id_token().context("the provider returned no ID token")?;
        let claims = id_token
            .claims(&client.id_token_verifier(), &Nonce::new(attempt.nonce.clone()))
            .context("the ID token did not verify")?;
        let identity = Identity {
            subject: format!("oidc:{}|{}", self.issuer, claims.subject().as_str()),
            email: claims.email().map(|e| e.as_str().to_owned()),
            username: claims.preferred_username().map(|u| u.as_str().to_owned()),
            first_name: claims.given_name().and_then(|n| n.get(None)).map(|n| n.as_str().to_owned()),
            last_name: claims.family_name().and_then(|n| n.get(None)).map(|n| n.as_str().to_owned()),
        };
        Ok((identity, attempt))
    }
}

/// The cookie that ties a sign-in attempt to the browser that started it: a callback carrying
/// another browser's state (someone sending their own callback link, to sign the victim into
/// the sender's account) is refused.
pub const STATE_COOKIE: &str = "lifegraph_oidc_state";

pub fn state_cookie(state: String, secure: bool) -> axum_extra::extract::cookie::Cookie<'static> {
    axum_extra::extract::cookie::Cookie::build((STATE_COOKIE, state))
        .path("/api/auth/callback")
        .http_only(true)
        .secure(secure)
        // Sent on the provider's top-level redirect back to us.
        .same_site(axum_extra::extract::cookie::SameSite::Lax)
        .max_age(time::Duration::minutes(ATTEMPT_MINUTES))
        .build()
}

pub fn state_cookie_removal() -> axum_extra::extract::cookie::Cookie<'static> {
    axum_extra::extract::cookie::Cookie::build((STATE_COOKIE, ""))
        .path("/api/auth/callback")
        .max_age(time::Duration::ZERO)
        .build()
}
