//! Builds the whole application: state, routes and middleware. `main.rs` and the tests both
//! start it through [`Application::build`].

use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderName, HeaderValue, header};
use sea_orm::DatabaseConnection;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{DefaultPredicate, NotForContentType, Predicate};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::auth::oidc::Oidc;
use crate::config::Config;
use crate::memories::extraction::MatcherCache;
use crate::photos::PhotoStore;
use crate::rate_limit::RateLimits;
use crate::{
    auth, dashboard, db, entities, feedback, friends, guard, health, idle, insights, jobs, memories, notifications,
    photos, sharing, timeline, tutorial, users, web,
};

/// Bodies above this are refused before a handler reads them (uploads raise their own limit).
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    pub oidc: Option<Arc<Oidc>>,
    pub photos: PhotoStore,
    /// Each writer's prepared extraction matcher.
    pub matchers: Arc<MatcherCache>,
    pub limits: Arc<RateLimits>,
    /// Image decodes that may run at once (each may take a few hundred MB).
    pub decodes: Arc<tokio::sync::Semaphore>,
    /// This process's name when it claims background jobs (`crate::jobs`).
    pub worker: Arc<str>,
}

pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
}

impl Application {
    /// Connect to the database, apply migrations, bind the listener.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let db = db::connect(&config.database_url).await?;
        let oidc = Oidc::from_config(&config)?.map(Arc::new);
        let photos = PhotoStore::from_url(&config.storage_url)?;
        let listener =
            TcpListener::bind(config.listen).await.with_context(|| format!("listening on {}", config.listen))?;
        if config.local_sign_in_enabled() && !config.listen.ip().is_loopback() {
            tracing::warn!(
                "local sign-in is on while listening beyond loopback: anyone who reaches this server can sign in as anyone"
            );
        }
        let limits = Arc::new(RateLimits::new(&config));
        let decodes = Arc::new(tokio::sync::Semaphore::new(photos::image::DECODES_AT_ONCE));
        let worker = jobs::worker_name().into();
        let state =
            AppState { db, config: Arc::new(config), oidc, photos, matchers: Arc::default(), limits, decodes, worker };
        Ok(Self { listener, router: router(state.clone()), state })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or_default()
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serve until `shutdown`, running background jobs meanwhile (a job cut short is taken
    /// again when its lease ends) and giving memory back whenever requests stop for a while.
    pub async fn run_until_stopped(self, shutdown: impl Future<Output = ()> + Send + 'static) -> anyhow::Result<()> {
        let jobs = tokio::spawn(jobs::run_pending(self.state.clone()));
        let activity = Arc::new(idle::Activity::default());
        let idle = tokio::spawn(activity.clone().give_back_when_idle(self.state.db.clone(), idle::IDLE_AFTER));
        crate::server::serve(self.listener, self.router, activity, shutdown).await;
        jobs.abort();
        idle.abort();
        Ok(())
    }
}

/// Every feature's routes, with the API document they declare.
pub fn api_router() -> OpenApiRouter<AppState> {
    let document = if crate::openapi::documenting() {
        crate::openapi::ApiDoc::openapi()
    } else {
        utoipa::openapi::OpenApiBuilder::new().build()
    };
    OpenApiRouter::with_openapi(document)
        .merge(health::router())
        .merge(auth::router())
        .merge(notifications::router())
        .merge(entities::router())
        .merge(memories::router())
        .merge(photos::router())
        .merge(dashboard::router())
        .merge(insights::router())
        .merge(tutorial::router())
        .merge(timeline::router())
        .merge(friends::router())
        .merge(sharing::router())
        .merge(users::router())
        .merge(feedback::router())
        .merge(web::router())
}

pub fn router(state: AppState) -> Router {
    let policy =
        HeaderValue::from_str(&web::content_security_policy(&state.config)).expect("the policy is visible ASCII");
    let (routes, _) = api_router().split_for_parts();
    routes
        .route("/api/openapi.json", axum::routing::get(openapi_json))
        .route("/shared/{token}", axum::routing::get(sharing::public::preview_page))
        .fallback(web::fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(axum::middleware::from_fn_with_state(state.clone(), guard::check_request))
        .with_state(state)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        // A zip (the archive) is compressed already, like pictures (which the default predicate
        // leaves alone): squeezing it again costs time and gains nothing.
        .layer(
            CompressionLayer::new()
                .compress_when(DefaultPredicate::new().and(NotForContentType::const_new("application/zip"))),
        )
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, policy))
        .layer(security_header(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(security_header(header::X_FRAME_OPTIONS, "DENY"))
        // Nothing leaves for other sites; the app's own requests keep their origin (with
        // no-referrer, browsers without Sec-Fetch-Site would send `Origin: null`).
        .layer(security_header(header::REFERRER_POLICY, "same-origin"))
        .layer(security_header(
            HeaderName::from_static("permissions-policy"),
            "camera=(), geolocation=(), microphone=(self)",
        ))
        .layer(TraceLayer::new_for_http())
}

fn security_header(name: HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

async fn openapi_json() -> axum::Json<utoipa::openapi::OpenApi> {
    axum::Json(crate::openapi::document())
}

async fn method_not_allowed() -> crate::error::ApiError {
    crate::error::ApiError::MethodNotAllowed
}
