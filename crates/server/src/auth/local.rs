//! Local sign-in, for trying Lifegraph out and for tests: no provider, no password. It is on
//! only without a provider and while listening on loopback (or when asked for explicitly).
//! Its contract is fixed (DESIGN.md "Sign-in"): `GET /auth/local` shows a form, and
//! `POST /auth/local` (email, firstName, lastName, redirect) signs in and redirects.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum_extra::extract::CookieJar;
use serde::Deserialize;

use super::{ClientAddr, safe_redirect, session, users};
use crate::app::AppState;
use crate::error::{ApiError, ApiQuery, ErrorCode};

#[derive(Debug, Default, Deserialize)]
pub struct PageQuery {
    redirect: Option<String>,
    consent: Option<String>,
    lang: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LocalForm {
    #[serde(default)]
    email: String,
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    last_name: String,
    redirect: Option<String>,
    consent: Option<String>,
    lang: Option<String>,
}

pub async fn page(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PageQuery>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if !state.config.local_sign_in_enabled() {
        return Err(ApiError::not_found("Local sign-in is off on this server"));
    }
    let lang = Lang::pick(query.lang.as_deref(), &headers);
    let form = FormState {
        redirect: safe_redirect(query.redirect.as_deref())?.to_owned(),
        consent: query.consent.as_deref() == Some("1"),
        ..FormState::default()
    };
    Ok(Html(render(lang, &form)).into_response())
}

pub async fn submit(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    jar: CookieJar,
    body: axum::body::Bytes,
) -> Result<Response, ApiError> {
    if !state.config.local_sign_in_enabled() {
        return Err(ApiError::not_found("Local sign-in is off on this server"));
    }
    state.limits.sign_in.check(client)?;
    if crate::text::urlencoded_has_nul(&body) {
        return Err(crate::text::nul_refused());
    }
    let form: LocalForm = serde_urlencoded::from_bytes(&body).map_err(|e| {
        ApiError::bad_request(ErrorCode::InvalidForm, format!("The sign-in form could not be read: {e}"))
    })?;
    let lang = Lang::pick(form.lang.as_deref(), &headers);
    let email = form.email.trim().to_lowercase();
    let redirect = safe_redirect(form.redirect.as_deref())?.to_owned();
    let consent = form.consent.as_deref() == Some("1");
    if !is_plausible_email(&email) {
        let state = FormState {
            email: form.email,
            first_name: form.first_name,
            last_name: form.last_name,
            redirect,
            consent,
            error: true,
        };
        return Ok((StatusCode::BAD_REQUEST, Html(render(lang, &state))).into_response());
    }
    let non_empty = |s: String| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
    let mut user = users::upsert(
        &state.db,
        users::Identity {
            subject: format!("local:{email}"),
            email: Some(email),
            first_name: non_empty(form.first_name),
            last_name: non_empty(form.last_name),
            username: None,
        },
    )
    .await?;
    if consent {
        user = users::record_consents(&state.db, user).await?;
    }
    let cookie = session::start(&state.db, user.id, state.config.secure_cookies()).await?;
    tracing::info!(user_id = user.id, "signed in locally");
    Ok((jar.add(cookie), Redirect::to(&redirect)).into_response())
}

fn is_plausible_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    !local.is_empty()
        && !domain.is_empty()
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && email.len() <= 254
        && !email.chars().any(char::is_whitespace)
}

#[derive(Clone, Copy)]
enum Lang {
    En,
    Fr,
}

impl Lang {
    /// The `lang` parameter wins; otherwise the browser's first language.
    fn pick(explicit: Option<&str>, headers: &HeaderMap) -> Self {
        let wanted = explicit.map(str::to_owned).unwrap_or_else(|| {
            headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_ascii_lowercase()
        });
        if wanted.starts_with("fr") { Self::Fr } else { Self::En }
    }
}

struct Texts {
    code: &'static str,
    title: &'static str,
    intro: &'static str,
    email: &'static str,
    first_name: &'static str,
    last_name: &'static str,
    optional: &'static str,
    submit: &'static str,
    invalid_email: &'static str,
    note: &'static str,
    back: &'static str,
}

const EN: Texts = Texts {
    code: "en",
    title: "Sign in to Lifegraph",
    intro: "This server has no identity provider configured, so you can sign in with just an e-mail address.",
    email: "Email",
    first_name: "First name",
    last_name: "Last name",
    optional: "(optional)",
    submit: "Sign in",
    invalid_email: "Please enter a valid e-mail address.",
    note: "Local sign-in is meant for trying Lifegraph on your own computer.",
    back: "Back to home",
};

const FR: Texts = Texts {
    code: "fr",
    title: "Se connecter à Lifegraph",
    intro: "Aucun fournisseur d'identité n'est configuré sur ce serveur : une adresse e-mail suffit pour vous connecter.",
    email: "E-mail",
    first_name: "Prénom",
    last_name: "Nom",
    optional: "(facultatif)",
    submit: "Se connecter",
    invalid_email: "Veuillez saisir une adresse e-mail valide.",
    note: "La connexion locale sert à essayer Lifegraph sur votre propre ordinateur.",
    back: "Retour à l'accueil",
};

#[derive(Default)]
struct FormState {
    email: String,
    first_name: String,
    last_name: String,
    redirect: String,
    consent: bool,
    error: bool,
}

fn render(lang: Lang, form: &FormState) -> String {
    let t = match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
    };
    let error = if form.error {
        format!(r#"<p id="email-error" class="error" role="alert">{}</p>"#, t.invalid_email)
    } else {
        String::new()
    };
    let described = if form.error { r#" aria-describedby="email-error" aria-invalid="true""# } else { "" };
    let consent = if form.consent { r#"<input type="hidden" name="consent" value="1">"# } else { "" };
    format!(
        r#"<!doctype html>
<html lang="{code}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body{{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;margin:0}}
main{{max-width:26rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}}
h1{{font-size:1.5rem;margin-top:0}}
label{{display:block;font-weight:600;margin-top:1rem}}
input{{width:100%;box-sizing:border-box;padding:.6rem;margin-top:.3rem;border:1px solid #64748b;border-radius:.4rem;font-size:1rem}}
button{{margin-top:1.5rem;width:100%;padding:.7rem;background:#4338ca;color:#fff;border:0;border-radius:.4rem;font-size:1rem;cursor:pointer}}
.error{{color:#b91c1c;font-weight:600}}
.note{{color:#475569;font-size:.875rem}}
a{{color:#4338ca}}
</style>
</head>
<body>
<main>
<h1>{title}</h1>
<p>{intro}</p>
{error}
<form method="post" action="/auth/local">
<label for="email">{email_label}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="{email}"{described}>
<label for="firstName">{first_label} <span class="note">{optional}</span></label>
<input id="firstName" name="firstName" autocomplete="given-name" value="{first}">
<label for="lastName">{last_label} <span class="note">{optional}</span></label>
<input id="lastName" name="lastName" autocomplete="family-name" value="{last}">
<input type="hidden" name="redirect" value="{redirect}">
<input type="hidden" name="lang" value="{code}">
{consent}
<button type="submit">{submit}</button>
</form>
<p class="note">{note}</p>
<p><a href="/">{back}</a></p>
</main>
</body>
</html>
"#,
        code = t.code,
        title = t.title,
        intro = t.intro,
        email_label = t.email,
        first_label = t.first_name,
        last_label = t.last_name,
        optional = t.optional,
        submit = t.submit,
        note = t.note,
        back = t.back,
        email = crate::text::escape_html(&form.email),
        first = crate::text::escape_html(&form.first_name),
        last = crate::text::escape_html(&form.last_name),
        redirect = crate::text::escape_html(&form.redirect),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_people_type() {
        assert_eq!(crate::text::escape_html(r#"<a href="x">'&'"#), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;");
    }

    #[test]
    fn checks_emails_loosely() {
        assert!(is_plausible_email("claire@example.fr"));
        assert!(!is_plausible_email("claire"));
        assert!(!is_plausible_email("@example.fr"));
        assert!(!is_plausible_email("claire@"));
        assert!(!is_plausible_email("cl aire@example.fr"));
    }

    #[test]
    fn french_page_for_french_browsers() {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_LANGUAGE, "fr-FR,fr;q=0.9".parse().unwrap());
        let html = render(Lang::pick(None, &headers), &FormState::default());
        assert!(html.contains(r#"<html lang="fr">"#));
        assert!(html.contains("Se connecter"));
        let html = render(Lang::pick(Some("en"), &headers), &FormState::default());
        assert!(html.contains("Sign in to Lifegraph"));
    }
}
