//! Command line and `LIFEGRAPH_*` environment: one struct, parsed once at start-up.

use std::fmt;
use std::net::SocketAddr;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(name = "lifegraph", version, about = "Lifegraph: a private, bilingual memory journal")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Apply migrations and serve the web app and its API.
    Serve(Box<Config>),
    /// Print the OpenAPI document of the API (JSON) to standard output.
    Openapi,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// Everything the server needs to start. Secrets are redacted in `Debug`.
#[derive(Clone, clap::Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "LIFEGRAPH_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,

    /// Database URL: `sqlite://path` (created when missing) or `postgres://...`.
    #[arg(long, env = "LIFEGRAPH_DATABASE_URL", default_value = "sqlite://./data/lifegraph.db")]
    pub database_url: String,

    /// Where photos are kept: `file://folder` or `s3://bucket/prefix`.
    #[arg(long, env = "LIFEGRAPH_STORAGE_URL", default_value = "file://./data/photos")]
    pub storage_url: String,

    /// The address people use to reach this server (default: `http://` + the listen address).
    #[arg(long, env = "LIFEGRAPH_PUBLIC_URL")]
    pub public_url: Option<url::Url>,

    /// OpenID Connect issuer URL; with it, sign-in goes through that provider.
    /// Kept as written: the provider's discovery document must name exactly this issuer.
    #[arg(long, env = "LIFEGRAPH_OIDC_ISSUER", value_parser = parse_issuer,
          requires_all = ["oidc_client_id", "oidc_client_secret"])]
    pub oidc_issuer: Option<String>,

    /// OpenID Connect client id.
    #[arg(long, env = "LIFEGRAPH_OIDC_CLIENT_ID")]
    pub oidc_client_id: Option<String>,

    /// OpenID Connect client secret.
    #[arg(long, env = "LIFEGRAPH_OIDC_CLIENT_SECRET", hide_env_values = true)]
    pub oidc_client_secret: Option<Secret>,

    /// The identity provider's account page, where people change their password (shown in
    /// Settings). Lifegraph holds no passwords.
    #[arg(long, env = "LIFEGRAPH_OIDC_ACCOUNT_URL")]
    pub oidc_account_url: Option<url::Url>,

    /// Allow the local sign-in page even when not listening on a loopback address.
    /// Anyone who reaches the server can then sign in as anyone: for trials only.
    #[arg(long, env = "LIFEGRAPH_LOCAL_SIGN_IN")]
    pub local_sign_in: bool,

    /// Sign-in attempts allowed per client address and minute (starting a sign-in, the local
    /// sign-in form, the identity provider's callback each count one).
    #[arg(long, env = "LIFEGRAPH_SIGN_IN_PER_MINUTE", default_value = "20")]
    pub sign_in_per_minute: std::num::NonZeroU32,

    /// Token checks allowed per client address and minute: opening an invitation (checking,
    /// accepting or declining it) and reading a public link (its memory, its photo, its page).
    #[arg(long, env = "LIFEGRAPH_TOKEN_CHECKS_PER_MINUTE", default_value = "60")]
    pub token_checks_per_minute: std::num::NonZeroU32,

    /// Feedback messages allowed per client address and minute.
    #[arg(long, env = "LIFEGRAPH_FEEDBACK_PER_MINUTE", default_value = "5")]
    pub feedback_per_minute: std::num::NonZeroU32,

    /// How many server processes share this database behind one address. Rate limits are
    /// counted in each process, so each takes its share of every limit and the processes
    /// together keep it (requests spread evenly, as a round-robin proxy spreads them).
    #[arg(long, env = "LIFEGRAPH_PROCESSES", default_value = "1")]
    pub processes: std::num::NonZeroU32,

    /// Behind a reverse proxy: take the client's address for rate limits from the last entry
    /// of `X-Forwarded-For`. Only when every request comes through a proxy that sets it.
    #[arg(long, env = "LIFEGRAPH_TRUST_FORWARDED_FOR")]
    pub trust_forwarded_for: bool,

    /// Log format: `pretty` for people, `json` for machines.
    #[arg(long, env = "LIFEGRAPH_LOG_FORMAT", value_enum, default_value = "pretty")]
    pub log_format: LogFormat,

    /// Raster tiles drawn under the map of places, as a template such as
    /// `https://tile.openstreetmap.org/{z}/{x}/{y}.png` (browsers then fetch them from that
    /// server). Without it the map is the offline world map shipped with the app.
    #[arg(long, env = "LIFEGRAPH_MAP_TILES_URL", value_parser = parse_tiles_url)]
    pub map_tiles_url: Option<String>,

    /// The credit the tile provider asks for, shown on the map (e.g. `© OpenStreetMap contributors`).
    #[arg(long, env = "LIFEGRAPH_MAP_TILES_ATTRIBUTION")]
    pub map_tiles_attribution: Option<String>,
}

/// A tile template: an http(s) URL once `{z}`, `{x}` and `{y}` are filled in, with all three.
fn parse_tiles_url(raw: &str) -> Result<String, String> {
    if !["{z}", "{x}", "{y}"].iter().all(|part| raw.contains(part)) {
        return Err("a tile URL needs {z}, {x} and {y}".into());
    }
    let filled = raw.replace("{z}", "0").replace("{x}", "0").replace("{y}", "0");
    let url = url::Url::parse(&filled).map_err(|e| format!("not a URL: {e}"))?;
    if !matches!(url.scheme(), "https" | "http") || url.host_str().is_none() {
        return Err("a tile URL must be http(s) with a host".into());
    }
    Ok(raw.to_owned())
}

impl Config {
    /// The public base URL without a trailing slash.
    pub fn public_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.as_str().trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.listen),
        }
    }

    /// `scheme://host[:port]` of the public URL: where the app's own requests come from.
    pub fn public_origin(&self) -> String {
        url::Url::parse(&self.public_url()).map_or_else(|_| self.public_url(), |u| u.origin().ascii_serialization())
    }

    /// Cookies get `Secure` when people reach us over https.
    pub fn secure_cookies(&self) -> bool {
        self.public_url().starts_with("https://")
    }

    /// The origin (`https://host[:port]`) the map's tiles come from, if tiles are configured.
    pub fn map_tiles_origin(&self) -> Option<String> {
        let filled = self.map_tiles_url.as_ref()?.replace("{z}", "0").replace("{x}", "0").replace("{y}", "0");
        Some(url::Url::parse(&filled).ok()?.origin().ascii_serialization())
    }

    /// Local sign-in: on without a provider while on loopback, or when asked for explicitly.
    pub fn local_sign_in_enabled(&self) -> bool {
        self.oidc_issuer.is_none() && (self.local_sign_in || self.listen.ip().is_loopback())
    }

    /// A configuration for tests and tools: loopback, given database, local sign-in.
    pub fn for_tests(database_url: &str, storage_url: &str) -> Self {
        Self {
            listen: "127.0.0.1:0".parse().expect("valid address"),
            database_url: database_url.to_owned(),
            storage_url: storage_url.to_owned(),
            public_url: None,
            oidc_issuer: None,
            oidc_client_id: None,
            oidc_client_secret: None,
            oidc_account_url: None,
            local_sign_in: false,
            sign_in_per_minute: std::num::NonZeroU32::new(20).expect("not zero"),
            token_checks_per_minute: std::num::NonZeroU32::new(60).expect("not zero"),
            feedback_per_minute: std::num::NonZeroU32::new(5).expect("not zero"),
            processes: std::num::NonZeroU32::MIN,
            trust_forwarded_for: false,
            log_format: LogFormat::Pretty,
            map_tiles_url: None,
            map_tiles_attribution: None,
        }
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("listen", &self.listen)
            .field("database_url", &redact_url(&self.database_url))
            .field("storage_url", &redact_url(&self.storage_url))
            .field("public_url", &self.public_url.as_ref().map(url::Url::as_str))
            .field("oidc_issuer", &self.oidc_issuer)
            .field("oidc_client_id", &self.oidc_client_id)
            .field("oidc_client_secret", &self.oidc_client_secret)
            .field("oidc_account_url", &self.oidc_account_url)
            .field("local_sign_in", &self.local_sign_in)
            .field("sign_in_per_minute", &self.sign_in_per_minute)
            .field("token_checks_per_minute", &self.token_checks_per_minute)
            .field("feedback_per_minute", &self.feedback_per_minute)
            .field("processes", &self.processes)
            .field("trust_forwarded_for", &self.trust_forwarded_for)
            .field("log_format", &self.log_format)
            .finish()
    }
}

fn parse_issuer(raw: &str) -> Result<String, String> {
    url::Url::parse(raw).map_err(|e| format!("not a URL: {e}"))?;
    Ok(raw.to_owned())
}

/// A string that never prints.
#[derive(Clone)]
pub struct Secret(String);

impl Secret {
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Self {
        Self(value)
    }
}

impl std::str::FromStr for Secret {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self(s.to_owned()))
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

/// Hide the password of a URL such as `postgres://user:password@host/db`.
pub fn redact_url(raw: &str) -> String {
    match url::Url::parse(raw) {
        Ok(mut url) if url.password().is_some() => {
            let _ = url.set_password(Some("[redacted]"));
            url.to_string()
        }
        _ => raw.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_template_needs_its_three_parts_and_a_web_address() {
        let ok = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
        assert_eq!(parse_tiles_url(ok).as_deref(), Ok(ok));
        assert!(parse_tiles_url("https://tiles.example.org/{z}/{x}.png").is_err());
        assert!(parse_tiles_url("file:///tiles/{z}/{x}/{y}.png").is_err());
        assert!(parse_tiles_url("{z}{x}{y}").is_err());
    }

    #[test]
    fn secrets_never_print() {
        let mut config = Config::for_tests("postgres://me:hunter2@localhost/db", "file://x");
        config.oidc_client_secret = Some(Secret::from("s3cr3t".to_owned()));
        let printed = format!("{config:?}");
        assert!(!printed.contains("hunter2"), "{printed}");
        assert!(!printed.contains("s3cr3t"), "{printed}");
        assert!(printed.contains("[redacted]"));
    }

    #[test]
    fn local_sign_in_only_on_loopback_without_provider() {
        let mut config = Config::for_tests("sqlite::memory:", "file://x");
        assert!(config.local_sign_in_enabled());
        config.listen = "0.0.0.0:8080".parse().unwrap();
        assert!(!config.local_sign_in_enabled());
        config.local_sign_in = true;
        assert!(config.local_sign_in_enabled());
        config.oidc_issuer = Some("https://id.example.com".to_owned());
        assert!(!config.local_sign_in_enabled());
    }

    #[test]
    fn every_option_reads_the_environment() {
        use clap::CommandFactory;
        let command = Cli::command();
        let serve = command.find_subcommand("serve").unwrap();
        for arg in serve.get_arguments() {
            if arg.get_id() == "help" {
                continue;
            }
            let env = arg.get_env().map(|e| e.to_string_lossy().into_owned());
            assert!(
                env.as_deref().is_some_and(|e| e.starts_with("LIFEGRAPH_")),
                "option {} has no LIFEGRAPH_ variable",
                arg.get_id()
            );
        }
    }
}
