//! Case and accent folding: the comparison form used everywhere (guideline "Names").
//!
//! A hand table covers Latin-1, Latin Extended-A and the typographic apostrophes; anything else is
//! lower-cased with the standard library. It allocates nothing per character.

/// Appends the folded form of `c` to `out`.
#[inline]
pub fn push_folded(c: char, out: &mut String) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
        return;
    }
    let mapped: &str =
        match c {
            'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'Ā' | 'ā' | 'Ă' | 'ă' | 'Ą'
            | 'ą' => "a",
            'Æ' | 'æ' => "ae",
            'Ç' | 'ç' | 'Ć' | 'ć' | 'Ĉ' | 'ĉ' | 'Ċ' | 'ċ' | 'Č' | 'č' => "c",
            'Ď' | 'ď' | 'Đ' | 'đ' | 'Ð' | 'ð' => "d",
            'È' | 'É' | 'Ê' | 'Ë' | 'è' | 'é' | 'ê' | 'ë' | 'Ē' | 'ē' | 'Ĕ' | 'ĕ' | 'Ė' | 'ė' | 'Ę' | 'ę' | 'Ě'
            | 'ě' => "e",
            'Ĝ' | 'ĝ' | 'Ğ' | 'ğ' | 'Ġ' | 'ġ' | 'Ģ' | 'ģ' => "g",
            'Ĥ' | 'ĥ' | 'Ħ' | 'ħ' => "h",
            'Ì' | 'Í' | 'Î' | 'Ï' | 'ì' | 'í' | 'î' | 'ï' | 'Ĩ' | 'ĩ' | 'Ī' | 'ī' | 'Ĭ' | 'ĭ' | 'Į' | 'į' | 'İ'
            | 'ı' => "i",
            'Ĵ' | 'ĵ' => "j",
            'Ķ' | 'ķ' => "k",
            'Ĺ' | 'ĺ' | 'Ļ' | 'ļ' | 'Ľ' | 'ľ' | 'Ŀ' | 'ŀ' | 'Ł' | 'ł' => "l",
            'Ñ' | 'ñ' | 'Ń' | 'ń' | 'Ņ' | 'ņ' | 'Ň' | 'ň' => "n",
            'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'Ō' | 'ō' | 'Ŏ' | 'ŏ' | 'Ő'
            | 'ő' => "o",
            'Œ' | 'œ' => "oe",
            'Ŕ' | 'ŕ' | 'Ŗ' | 'ŗ' | 'Ř' | 'ř' => "r",
            'Ś' | 'ś' | 'Ŝ' | 'ŝ' | 'Ş' | 'ş' | 'Š' | 'š' => "s",
            'ß' => "ss",
            'Ţ' | 'ţ' | 'Ť' | 'ť' | 'Ŧ' | 'ŧ' => "t",
            'Ù' | 'Ú' | 'Û' | 'Ü' | 'ù' | 'ú' | 'û' | 'ü' | 'Ũ' | 'ũ' | 'Ū' | 'ū' | 'Ŭ' | 'ŭ' | 'Ů' | 'ů' | 'Ű'
            | 'ű' | 'Ų' | 'ų' => "u",
            'Ŵ' | 'ŵ' => "w",
            'Ý' | 'ý' | 'ÿ' | 'Ŷ' | 'ŷ' | 'Ÿ' => "y",
            'Ź' | 'ź' | 'Ż' | 'ż' | 'Ž' | 'ž' => "z",
            'Þ' | 'þ' => "th",
            '\u{2019}' | '\u{2018}' | '\u{02BC}' | '\u{00B4}' | '`' => "'",
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' => "-",
            // Combining diacritical marks (decomposed input) vanish.
            '\u{0300}'..='\u{036F}' => "",
            _ => {
                for l in c.to_lowercase() {
                    out.push(l);
                }
                return;
            }
        };
    out.push_str(mapped);
}

/// The folded form of a whole string: lower case, accents removed.
pub fn fold(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        push_folded(c, &mut out);
    }
    out
}

/// The form text is searched in: folded (case and accents aside, typographic apostrophes and
/// dashes as their ASCII forms), every run of white space one space, no space at either end.
/// Searching compares the search key of the query with a substring of the search key of the
/// text, so "ete" finds "L'Été" and a line break matches a space.
pub fn search_key(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        push_folded(c, &mut out);
    }
    out
}

/// The key of a word or name in the compiled lexicons (`build.rs`): the search key with hyphens
/// as spaces, so "Saint-Étienne", "saint etienne" and "SAINT-ETIENNE" meet.
pub fn lexicon_key(s: &str) -> String {
    search_key(&s.replace(is_hyphen, " "))
}

/// Apostrophe-like characters.
#[inline]
pub fn is_apostrophe(c: char) -> bool {
    matches!(c, '\'' | '\u{2019}' | '\u{2018}' | '\u{02BC}')
}

/// Hyphen-like characters that join the parts of a compound word.
#[inline]
pub fn is_hyphen(c: char) -> bool {
    matches!(c, '-' | '\u{2010}' | '\u{2011}')
}

/// Leading articles and possessives the guideline removes before comparing names.
pub const LEADING_DETERMINERS: &[&str] = &[
    "the", "a", "an", "my", "our", "his", "her", "their", "le", "la", "les", "l'", "un", "une", "mon", "ma", "mes",
    "notre", "nos", "son", "sa", "ses", "leur", "leurs",
];

/// Guideline name key: folded, surrounding punctuation dropped, one leading article or possessive
/// removed, inner hyphens and runs of spaces turned into single spaces.
pub fn name_key(s: &str) -> String {
    let folded = fold(s);
    let trimmed = folded.trim_matches(|c: char| !c.is_alphanumeric());
    // One leading determiner: "l'" joined to the word, the others a word of their own.
    let rest = match trimmed.strip_prefix("l'") {
        Some(r) => r,
        None => match trimmed.split_once(' ') {
            Some((first, r)) if LEADING_DETERMINERS.contains(&first) => r,
            _ => trimmed,
        },
    };
    let rest = rest.trim_matches(|c: char| !c.is_alphanumeric());
    let mut out = String::with_capacity(rest.len());
    let mut space = false;
    for c in rest.chars() {
        if c.is_whitespace() || c == '-' {
            space = true;
        } else {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_and_accents() {
        assert_eq!(fold("Éléonore Œuvre Straße"), "eleonore oeuvre strasse");
        assert_eq!(fold("Zoé"), fold("ZOE"));
        assert_eq!(fold("l’été"), "l'ete");
    }

    #[test]
    fn search_key_folds_and_joins_white_space() {
        assert_eq!(search_key("  L’Été\n\n à  Noël\t"), "l'ete a noel");
        assert_eq!(search_key("ÉTÉ"), search_key("ete"));
        assert_eq!(search_key(" \n "), "");
    }

    #[test]
    fn only_l_apostrophe_is_joined_to_its_word() {
        // `name_key` strips "l'" before the word and compares the first word with the others.
        let joined: Vec<&&str> = LEADING_DETERMINERS.iter().filter(|d| d.ends_with('\'')).collect();
        assert_eq!(joined, [&"l'"]);
        assert!(LEADING_DETERMINERS.iter().all(|d| !d.contains(' ')));
    }

    #[test]
    fn name_key_drops_articles_and_punctuation() {
        assert_eq!(name_key("The Princess Bride"), "princess bride");
        assert_eq!(name_key("l'Étranger"), "etranger");
        assert_eq!(name_key("ma sœur"), "soeur");
        assert_eq!(name_key("Mont-Saint-Michel"), "mont saint michel");
        assert_eq!(name_key("\"Lyon!\""), "lyon");
        assert_eq!(name_key("Theo"), "theo");
        assert_eq!(name_key("Anne"), "anne");
    }
}
