//! A few fixed patterns: school years, language classes, named courses.

use super::*;

impl<'a> Cx<'a> {
    /// A few patterns: "Year 11", "Japanese class", "cours d'espagnol", "progrès en espagnol".
    pub(super) fn patterns(&mut self) {
        let n = self.n();
        let doc = self.doc;
        for i in 0..n {
            let w = doc.f(i);
            let bits = self.word_bits(i);
            // "the Paris years", "my London years": a period named after a place or a name.
            if w == "years" && i >= 2 {
                let p = i - 1;
                let q = i - 2;
                if doc.toks[p].cap
                    && !doc.toks[p].sent_start
                    && matches!(doc.f(q), "the" | "my" | "our")
                    && doc.toks[i].gap == 0
                    && doc.toks[p].gap == 0
                {
                    self.push(Mention::new(q, i, EntityType::LifePeriod, self.text(q, i).to_string(), 0.72, 2, false));
                }
            }
            // Year 11 / Grade 9.
            if matches!(w, "year" | "grade")
                && self.doc.toks[i].cap
                && let Some(j) = self.next(i)
                && self.doc.toks[j].digit
                && self.f(j).len() <= 2
            {
                self.push(Mention::new(i, j, EntityType::LifePeriod, self.text(i, j).to_string(), 0.8, 2, false));
            }
            if bits & B_LANGUAGE_EN != 0 && self.doc.toks[i].cap {
                if let Some(j) = self.next(i)
                    && matches!(self.f(j), "class" | "classes" | "lesson" | "lessons" | "course" | "lectures")
                {
                    self.push(Mention::new(i, j, EntityType::Activity, self.text(i, j).to_string(), 0.8, 2, false));
                }
                if self
                    .prev_f(i)
                    .is_some_and(|p| matches!(p, "learning" | "studying" | "speaking" | "practising" | "practicing"))
                {
                    let p = i - 1;
                    self.push(Mention::new(p, i, EntityType::Activity, self.text(p, i).to_string(), 0.75, 2, false));
                }
            }
            if bits & B_LANGUAGE_FR != 0 && !self.doc.toks[i].cap {
                let p = self.prev_f(i).unwrap_or("");
                let pp = self.prev(i).and_then(|p| self.prev_f(p)).unwrap_or("");
                let ok = (matches!(p, "d'" | "de") && pp == "cours")
                    || (p == "en" && matches!(pp, "progres" | "cours" | "nulle" | "nul" | "bon" | "bonne"))
                    || (matches!(p, "l'" | "le")
                        && matches!(
                            pp,
                            "apprendre" | "apprends" | "appris" | "etudier" | "parler" | "pratiquer" | "reviser"
                        ));
                if ok {
                    self.push(Mention::new(i, i, EntityType::Activity, self.text(i, i).to_string(), 0.75, 2, false));
                }
            }
        }
    }
}

/// Words a quoted title does not begin with: what begins reported speech ("'We made it'", "« On y va »").
const SPEECH_START: [&str; 16] =
    ["i", "you", "we", "he", "she", "it", "they", "je", "j'", "tu", "on", "nous", "vous", "il", "elle", "c'"];

impl<'a> Cx<'a> {
    /// Titles in quotation marks: "I sang 'Take Five'", "« Les Saisons d'Ottilie »". A short run of
    /// words between an opening and a closing mark, the first with a capital, is a named work: a
    /// thing (GUIDELINE.md). Not reported speech: nothing inside or before the closing mark that
    /// ends a sentence or a clause, no pronoun first, no kin word, title or known name inside, and
    /// not a lone word after a word that introduces a person ("called 'Mimi'", "with 'Bouboule'").
    pub(super) fn quoted_titles(&mut self) {
        let doc = self.doc;
        let n = self.n();
        let opens = |c: char| matches!(c, '"' | '“' | '«' | '‘' | '\'');
        let closes = |c: char| matches!(c, '"' | '”' | '»' | '’' | '\'');
        let mut i = 0;
        while i < n {
            let t = &doc.toks[i];
            let before = &doc.text[if i == 0 { 0 } else { doc.toks[i - 1].end }..t.start];
            let opened = before.trim_end().chars().last().is_some_and(opens)
                && (i == 0 || doc.toks[i - 1].kind != TokKind::Clitic);
            if !opened || !t.cap || t.kind != TokKind::Word || SPEECH_START.contains(&self.f(i)) {
                i += 1;
                continue;
            }
            // The run: at most six words, nothing but spaces and hyphens between them.
            let mut b = i;
            while b + 1 < n && b + 1 - i < 6 && doc.toks[b + 1].gap == 0 && doc.toks[b + 1].kind == TokKind::Word {
                b += 1;
            }
            let end = if b + 1 < n { doc.toks[b + 1].start } else { doc.text.len() };
            let after = doc.text[doc.toks[b].end..end].trim_start();
            let closed = after.chars().next().is_some_and(closes);
            let named = i == b && self.prev(i).is_some_and(|p| PERSON_PREPS.contains(&self.f(p)));
            let someone = (i..=b).any(|k| {
                self.kin_tok[k] || self.kin_end[k].is_some() || self.lex.titles.contains(self.f(k)) || self.strong[k]
            });
            if closed && !named && !someone {
                for q in &mut self.quoted[i..=b] {
                    *q = true;
                }
                self.push(Mention::new(i, b, EntityType::Object, self.text(i, b).to_string(), 0.7, 3, false));
            }
            i = b + 1;
        }
    }
}
