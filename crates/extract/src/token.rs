//! Hand-written tokeniser. It produces word tokens with their original byte spans, a folded
//! comparison stream (tokens joined by single spaces) for multi-pattern matching, and the small
//! facts the rules need: capitalisation, sentence starts, hyphen joins and the punctuation in
//! between.

use crate::fold::{is_apostrophe, is_hyphen, push_folded};

/// Kind of a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokKind {
    /// A word (letters and digits).
    Word,
    /// A French elided article or pronoun ("l'", "d'", "j'", "qu'").
    Elision,
    /// An English clitic or possessive ("'s", "'m", "'t", or a bare "'" after a plural).
    Clitic,
}

/// Punctuation seen between the previous token and this one.
pub mod gap {
    /// A comma, semicolon, colon or dash.
    pub const COMMA: u8 = 1;
    /// A sentence end (". ! ? …" or a line break).
    pub const STOP: u8 = 2;
    /// An opening or closing bracket or quotation mark.
    pub const QUOTE: u8 = 4;
    /// A line break.
    pub const NEWLINE: u8 = 8;
    /// A full stop after an abbreviation ("Dr.", "St.", "M.").
    pub const ABBREV_DOT: u8 = 16;
}

/// One token.
#[derive(Debug, Clone)]
pub struct Tok {
    /// Byte span in the original text.
    pub start: usize,
    /// End of the byte span (exclusive).
    pub end: usize,
    /// Byte span of the folded form inside [`Doc::folded`].
    pub fstart: usize,
    /// End of the folded span (exclusive).
    pub fend: usize,
    /// Kind.
    pub kind: TokKind,
    /// First character is upper case.
    pub cap: bool,
    /// Every letter is upper case and there are at least two.
    pub upper: bool,
    /// Contains a digit.
    pub digit: bool,
    /// First word of a sentence (or of the title).
    pub sent_start: bool,
    /// Joined to the previous token by a hyphen.
    pub hyph_prev: bool,
    /// Punctuation flags ([`gap`]) between the previous token and this one.
    pub gap: u8,
    /// Line index (0 is the title).
    pub line: u32,
}

/// A tokenised text.
#[derive(Debug, Default)]
pub struct Doc<'a> {
    /// The original text.
    pub text: &'a str,
    /// Tokens in order.
    pub toks: Vec<Tok>,
    /// Folded tokens, each followed by one space, after a leading space (`" a b "`).
    pub folded: String,
    /// Share of sentence starts that are capitalised (0..1); low means an all-lower-case writer.
    pub cap_ratio: f32,
}

const ELISIONS: &[&str] =
    &["l", "d", "j", "m", "t", "s", "n", "c", "qu", "jusqu", "lorsqu", "puisqu", "quelqu", "presqu"];
const CLITICS: &[&str] = &["s", "m", "t", "re", "ve", "d", "ll"];
const ABBREVIATIONS: &[&str] = &[
    "mr", "mrs", "ms", "dr", "st", "prof", "m", "mme", "mlle", "mm", "jr", "sr", "mt", "ste", "pr", "messrs", "vs",
    "ave", "rd", "no", "capt", "col", "gen", "rev",
];

impl<'a> Doc<'a> {
    /// Tokenises `text`.
    pub fn new(text: &'a str) -> Doc<'a> {
        let mut doc = Doc {
            text,
            toks: Vec::with_capacity(text.len() / 5 + 1),
            folded: String::with_capacity(text.len() + 8),
            cap_ratio: 1.0,
        };
        doc.folded.push(' ');
        doc.run();
        let (mut starts, mut caps) = (0u32, 0u32);
        for t in &doc.toks {
            if t.sent_start && t.kind == TokKind::Word && !t.digit {
                starts += 1;
                if t.cap {
                    caps += 1;
                }
            }
        }
        if starts > 0 {
            doc.cap_ratio = caps as f32 / starts as f32;
        }
        doc
    }

    /// Original text of a token.
    #[inline]
    pub fn raw(&self, i: usize) -> &'a str {
        &self.text[self.toks[i].start..self.toks[i].end]
    }

    /// Folded text of a token.
    #[inline]
    pub fn f(&self, i: usize) -> &str {
        &self.folded[self.toks[i].fstart..self.toks[i].fend]
    }

    /// Original text from token `a` to token `b` inclusive.
    pub fn span_text(&self, a: usize, b: usize) -> &'a str {
        &self.text[self.toks[a].start..self.toks[b].end]
    }

    /// True if the text reads as all lower case (no capitals at sentence starts).
    pub fn lowercase_style(&self) -> bool {
        self.cap_ratio < 0.34
    }

    fn push_tok(&mut self, start: usize, end: usize, kind: TokKind, st: &mut State) {
        if start >= end {
            return;
        }
        let raw = &self.text[start..end];
        let fstart = self.folded.len();
        let mut letters = 0usize;
        let mut uppers = 0usize;
        let mut digit = false;
        let mut first_upper = None;
        for c in raw.chars() {
            if is_apostrophe(c) {
                self.folded.push('\'');
                continue;
            }
            push_folded(c, &mut self.folded);
            if c.is_alphabetic() {
                letters += 1;
                if c.is_uppercase() {
                    uppers += 1;
                }
                if first_upper.is_none() {
                    first_upper = Some(c.is_uppercase());
                }
            } else if c.is_numeric() {
                digit = true;
                if first_upper.is_none() {
                    first_upper = Some(false);
                }
            }
        }
        let fend = self.folded.len();
        self.folded.push(' ');
        let sent_start = st.sent_start && kind != TokKind::Clitic;
        self.toks.push(Tok {
            start,
            end,
            fstart,
            fend,
            kind,
            cap: first_upper.unwrap_or(false),
            upper: letters >= 2 && uppers == letters,
            digit,
            sent_start,
            hyph_prev: st.hyphen,
            gap: st.gap,
            line: st.line,
        });
        st.sent_start = false;
        st.hyphen = false;
        st.gap = 0;
    }

    fn run(&mut self) {
        let text = self.text;
        let bytes_len = text.len();
        let mut st = State { sent_start: true, hyphen: false, gap: 0, line: 0 };
        let mut iter = text.char_indices().peekable();
        let mut word_start: Option<usize> = None;
        while let Some((i, c)) = iter.next() {
            let next = iter.peek().map(|&(_, n)| n);
            if c.is_alphanumeric() || is_mark(c) {
                if word_start.is_none() {
                    word_start = Some(i);
                }
                continue;
            }
            // c is not part of a word.
            if let Some(ws) = word_start {
                if is_apostrophe(c) {
                    let part = &text[ws..i];
                    let next_alnum = next.is_some_and(|n| n.is_alphanumeric());
                    if next_alnum && is_elision(part) {
                        let end = i + c.len_utf8();
                        self.push_tok(ws, end, TokKind::Elision, &mut st);
                        word_start = None;
                        continue;
                    }
                    if next_alnum {
                        // English clitic: look at what follows.
                        let rest = &text[i + c.len_utf8()..];
                        let clen =
                            rest.char_indices().find(|&(_, ch)| !ch.is_alphanumeric()).map_or(rest.len(), |(k, _)| k);
                        let cl = &rest[..clen];
                        if CLITICS.iter().any(|x| x.eq_ignore_ascii_case(cl)) {
                            self.push_tok(ws, i, TokKind::Word, &mut st);
                            let cend = i + c.len_utf8() + clen;
                            self.push_tok(i, cend, TokKind::Clitic, &mut st);
                            word_start = None;
                            // Skip the clitic characters.
                            while let Some(&(k, _)) = iter.peek() {
                                if k < cend {
                                    iter.next();
                                } else {
                                    break;
                                }
                            }
                            continue;
                        }
                        // O'Brien, aujourd'hui: the apostrophe stays inside the word.
                        continue;
                    }
                    // Trailing apostrophe: plural possessive ("Thomas'") when after an s.
                    self.push_tok(ws, i, TokKind::Word, &mut st);
                    word_start = None;
                    if part.ends_with(['s', 'S']) {
                        self.push_tok(i, i + c.len_utf8(), TokKind::Clitic, &mut st);
                    } else {
                        st.gap |= gap::QUOTE;
                    }
                    continue;
                }
                if is_hyphen(c) && next.is_some_and(|n| n.is_alphanumeric()) {
                    self.push_tok(ws, i, TokKind::Word, &mut st);
                    word_start = None;
                    st.hyphen = true;
                    continue;
                }
                if c == '.' {
                    let part = &text[ws..i];
                    self.push_tok(ws, i, TokKind::Word, &mut st);
                    word_start = None;
                    let lower = part.to_ascii_lowercase();
                    let single_initial = part.chars().count() == 1 && part.chars().all(|ch| ch.is_uppercase());
                    let ends_text = next.is_none_or(|n| n.is_whitespace() || n == '"' || n == ')');
                    if ABBREVIATIONS.contains(&lower.as_str()) || single_initial || !ends_text {
                        st.gap |= gap::ABBREV_DOT;
                    } else {
                        st.gap |= gap::STOP;
                        st.sent_start = true;
                    }
                    continue;
                }
                self.push_tok(ws, i, TokKind::Word, &mut st);
                word_start = None;
            }
            self.mark_gap(c, &mut st);
        }
        if let Some(ws) = word_start {
            self.push_tok(ws, bytes_len, TokKind::Word, &mut st);
        }
    }

    fn mark_gap(&mut self, c: char, st: &mut State) {
        match c {
            '.' | '!' | '?' | '…' | '。' | '！' | '？' => {
                st.gap |= gap::STOP;
                st.sent_start = true;
            }
            '\n' | '\r' | '\u{2028}' | '\u{2029}' => {
                st.gap |= gap::STOP | gap::NEWLINE;
                st.sent_start = true;
                if c != '\r' {
                    st.line += 1;
                }
            }
            ',' | ';' | ':' | '–' | '—' | '/' | '|' | '+' | '=' => st.gap |= gap::COMMA,
            '-' => st.gap |= gap::COMMA,
            '(' | ')' | '"' | '«' | '»' | '“' | '”' | '[' | ']' | '{' | '}' | '\'' | '‘' | '’' => {
                st.gap |= gap::QUOTE
            }
            _ => {}
        }
    }
}

struct State {
    sent_start: bool,
    hyphen: bool,
    gap: u8,
    line: u32,
}

#[inline]
fn is_mark(c: char) -> bool {
    ('\u{0300}'..='\u{036F}').contains(&c)
}

fn is_elision(part: &str) -> bool {
    if part.len() > 7 {
        return false;
    }
    let lower = part.to_lowercase();
    ELISIONS.contains(&lower.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(d: &Doc) -> Vec<String> {
        (0..d.toks.len()).map(|i| d.f(i).to_string()).collect()
    }

    #[test]
    fn splits_elisions_clitics_and_hyphens() {
        let d = Doc::new("J'ai vu Mum's flat à l'hôpital Édouard-Herriot. St Thomas' ward");
        assert_eq!(
            words(&d),
            vec![
                "j'", "ai", "vu", "mum", "'s", "flat", "a", "l'", "hopital", "edouard", "herriot", "st", "thomas", "'",
                "ward"
            ]
        );
        assert!(d.toks[10].hyph_prev);
        assert!(d.toks[11].sent_start);
        assert_eq!(d.folded, " j' ai vu mum 's flat a l' hopital edouard herriot st thomas ' ward ");
    }

    #[test]
    fn abbreviations_do_not_end_sentences() {
        let d = Doc::new("Title\nI met Dr. Martin and M. Garnier. Then home");
        let i = d.toks.iter().position(|t| &d.text[t.start..t.end] == "Martin").unwrap();
        assert!(!d.toks[i].sent_start);
        let j = d.toks.iter().position(|t| &d.text[t.start..t.end] == "Then").unwrap();
        assert!(d.toks[j].sent_start);
        assert_eq!(d.toks[1].line, 1);
        assert!(d.toks[1].sent_start);
    }

    #[test]
    fn odd_input_is_fine() {
        for s in ["", "...", "🙂🙂", "'", "-", "a'", "'s", "日本語テキスト", "x-", "l'"] {
            let d = Doc::new(s);
            for t in &d.toks {
                assert!(t.start <= t.end && t.end <= s.len());
            }
        }
    }
}
