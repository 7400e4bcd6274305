//! Text as people send it, checked the same way on both databases.
//!
//! - A NUL character is refused wherever text enters (JSON bodies, query strings, forms):
//!   PostgreSQL cannot store it in text, SQLite can, and the two must answer alike.
//! - "Blank" means nothing visible: white space (Unicode `White_Space`) and the characters
//!   Unicode marks as invisible (`Default_Ignorable_Code_Point`, from DerivedCoreProperties.txt
//!   of the Unicode Character Database: zero-width spaces and joiners, the byte-order mark,
//!   soft hyphens, fillers, variation selectors...). A title made only of them is no title.

use crate::error::{ApiError, ErrorCode};

/// Unicode 16 `Default_Ignorable_Code_Point` (DerivedCoreProperties.txt).
const DEFAULT_IGNORABLE: &[(char, char)] = &[
    ('\u{00AD}', '\u{00AD}'),
    ('\u{034F}', '\u{034F}'),
    ('\u{061C}', '\u{061C}'),
    ('\u{115F}', '\u{1160}'),
    ('\u{17B4}', '\u{17B5}'),
    ('\u{180B}', '\u{180F}'),
    ('\u{200B}', '\u{200F}'),
    ('\u{202A}', '\u{202E}'),
    ('\u{2060}', '\u{206F}'),
    ('\u{3164}', '\u{3164}'),
    ('\u{FE00}', '\u{FE0F}'),
    ('\u{FEFF}', '\u{FEFF}'),
    ('\u{FFA0}', '\u{FFA0}'),
    ('\u{FFF0}', '\u{FFF8}'),
    ('\u{1BCA0}', '\u{1BCA3}'),
    ('\u{1D173}', '\u{1D17A}'),
    ('\u{E0000}', '\u{E0FFF}'),
];

/// White space or an invisible character.
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace() || DEFAULT_IGNORABLE.iter().any(|&(low, high)| (low..=high).contains(&c))
}

/// The text without white space or zero-width spaces at either end. Other invisible
/// characters stay: a variation selector or a tag character at the end is part of an emoji
/// ("✈️", a flag).
pub fn trim(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || matches!(c, '\u{200B}' | '\u{2060}' | '\u{FEFF}'))
}

/// Nothing visible in it.
pub fn is_blank(text: &str) -> bool {
    text.chars().all(is_invisible)
}

pub fn nul_refused() -> ApiError {
    ApiError::bad_request(ErrorCode::InvalidText, "Text must not contain NUL characters")
}

/// Whether a JSON document holds a NUL character in any string (as the escape `\u0000`; JSON
/// cannot carry a raw one). Backslash escapes are followed, so `\\u0000` (a backslash, then
/// the letters) is not one. Linear in the body's length.
pub fn json_has_nul(body: &[u8]) -> bool {
    let mut i = 0;
    while i < body.len() {
        match body[i] {
            0 => return true,
            b'\\' => {
                if body.get(i + 1) == Some(&b'u') && body.get(i + 2..i + 6) == Some(b"0000") {
                    return true;
                }
                // Skip the escaped character, whatever it is.
                i += 2;
            }
            _ => i += 1,
        }
    }
    false
}

/// Whether percent-encoded text (a path, a query string, a form body) decodes to a NUL.
pub fn urlencoded_has_nul(encoded: &[u8]) -> bool {
    encoded.contains(&0) || encoded.windows(3).any(|w| w == b"%00")
}

/// The variant of a unit enum that `raw` names, as the API writes it.
pub fn parse_name<T: serde::de::DeserializeOwned>(raw: &str) -> Option<T> {
    serde_json::from_value(serde_json::Value::String(raw.to_owned())).ok()
}

/// Text safe in HTML content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// `text` inside a LIKE pattern whose escape character is a backslash.
pub fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_text_is_blank() {
        assert!(is_blank("  \t\n"));
        assert!(is_blank("\u{200B} \u{FEFF}\u{00A0}\u{3000}"));
        assert!(!is_blank(" a\u{200B}"));
        assert_eq!(trim("\u{200B} Beach day\u{2060}\n"), "Beach day");
        assert_eq!(trim("Trip ✈\u{FE0F} "), "Trip ✈\u{FE0F}");
        let scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
        assert_eq!(trim(scotland), scotland);
        assert!(is_blank("\u{FE0F}\u{200D}"));
        // Joiners inside a word (emoji sequences, Persian script) stay.
        assert_eq!(trim("👩\u{200D}👧"), "👩\u{200D}👧");
    }

    #[test]
    fn finds_nul_in_json_strings_only_when_it_is_one() {
        assert!(json_has_nul(br#"{"title":"a\u0000b"}"#));
        assert!(json_has_nul(br#"{"k\u0000":1}"#));
        assert!(!json_has_nul(br#"{"title":"a\\u0000b"}"#), "an escaped backslash then text");
        assert!(json_has_nul(br#"{"title":"a\\\u0000b"}"#), "an escaped backslash then a NUL");
        assert!(!json_has_nul(br#"{"title":"\u0001 \n"}"#));
    }

    #[test]
    fn finds_nul_in_urlencoded_text() {
        assert!(urlencoded_has_nul(b"search=a%00b"));
        assert!(!urlencoded_has_nul(b"search=a%2500b"));
        assert!(!urlencoded_has_nul(b"search=100%25"));
    }
}
