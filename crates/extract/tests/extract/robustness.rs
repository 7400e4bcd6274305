//! Any UTF-8 input returns a result and never panics.

use lifegraph_extract::{Lang, Matcher, MemoryText, extract};
use proptest::prelude::*;

use crate::person;

fn known() -> Vec<lifegraph_extract::KnownEntity> {
    vec![
        person(1, "Zoé", &["Zozo"], "sister"),
        person(2, "Jean-Luc", &[], "friend"),
        person(3, "Mum", &["Maman"], "mother"),
    ]
}

#[test]
fn edge_cases() {
    let m = Matcher::new(&known());
    let long = "Lyon! Zoé est là. 🙂 I felt so proud with Mum in Paris. ".repeat(1 << 20 >> 6);
    let cases: Vec<String> = vec![
        String::new(),
        " ".into(),
        "\n".into(),
        "\n\n\n".into(),
        "🙂🎉👨‍👩‍👧".into(),
        "...!!!???,,,;;;---'''\"\"\"".into(),
        "Nospacesatallbutcapitals".into(),
        "日本語と English et français mélangés, Ελληνικά, русский, العربية".into(),
        "l'l'l'l' d' j' 's 's '".into(),
        "-Jean--Luc- -".into(),
        "Mr. Dr. M. Mme".into(),
        "a\u{0301}e\u{0301} combining".into(),
        "\u{feff}\u{200b}zero width".into(),
    ];
    // A megabyte of text, once (debug builds are slow).
    let rs = m.extract(&MemoryText { title: "", details: &long, lang: None });
    assert!(!rs.is_empty());
    for text in &cases {
        for lang in [None, Some(Lang::En), Some(Lang::Fr)] {
            let rs = m.extract(&MemoryText { title: text, details: text, lang });
            for r in &rs {
                assert!(r.extracted_confidence <= 100);
                assert!(!r.extracted_name.is_empty());
            }
        }
    }
    assert!(extract("", None, &[]).is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn never_panics_on_any_string(title in any::<String>(), details in any::<String>()) {
        let m = Matcher::new(&known());
        let rs = m.extract(&MemoryText { title: &title, details: &details, lang: None });
        for r in rs {
            prop_assert!(r.extracted_confidence <= 100);
            prop_assert!(r.matches.len() <= 5);
        }
    }

    #[test]
    fn never_panics_on_wordy_strings(text in "([A-ZÉa-zéèçœ' .,!?\\-\n]|Mum|Zoé|l'|'s|Jean-Luc|Mr\\. |de |the ){0,200}") {
        let m = Matcher::new(&known());
        let rs = m.extract(&MemoryText { title: "", details: &text, lang: None });
        for r in rs {
            prop_assert!(r.extracted_confidence <= 100);
        }
    }

    #[test]
    fn known_names_never_panic(name in any::<String>(), alias in any::<String>(), text in any::<String>()) {
        let k = vec![person(9, &name, &[&alias], "friend")];
        let _ = extract(&text, None, &k);
        let _ = extract(&format!("{name} {alias} {text}"), None, &k);
    }
}
