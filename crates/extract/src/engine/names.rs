//! Capitalised name spans: where a name may start, the spans, and how a decided span is emitted.

use super::*;

impl<'a> Cx<'a> {
    /// The next word is a verb that takes a subject: "Jas broke", "Yanis avait", "Léna a".
    pub(super) fn subject_verb_next(&self, i: usize) -> bool {
        // Past the rest of a hyphenated name ("Min-ji a posé").
        let mut i = i;
        while i + 1 < self.n() && self.doc.toks[i + 1].hyph_prev {
            i += 1;
        }
        let Some(j) = self.next(i) else { return false };
        if self.doc.toks[j].cap {
            return false;
        }
        let v = self.f(j);
        match self.lang {
            Lang::En => {
                PAST_VERBS.contains(&v)
                    || (v.ends_with("ed")
                        && v.len() > 4
                        && !["tion", "ment", "ness", "ity", "ance", "ence", "ing", "ship"]
                            .iter()
                            .any(|s| self.f(i).ends_with(s)))
                    || matches!(
                        v,
                        "was"
                            | "has"
                            | "had"
                            | "is"
                            | "said"
                            | "says"
                            | "will"
                            | "would"
                            | "can"
                            | "could"
                            | "did"
                            | "does"
                    )
            }
            Lang::Fr => {
                matches!(
                    v,
                    "avait" | "etait" | "est" | "m'" | "me" | "lui" | "nous" | "s'" | "se" | "va" | "fait" | "dit"
                ) || self.doc.raw(j) == "a"
            }
        }
    }

    /// Whether a sentence-initial capitalised word may begin a name.
    fn start_ok(&self, i: usize) -> bool {
        let w = self.f(i);
        if self.lex.titles.contains(w) {
            return true;
        }
        if let Some(c) = self.lex.cues.get(w)
            && c.pre
            && self.next(i).is_some_and(|j| self.cap_word(j))
        {
            return true;
        }
        let in_lexicon = self.kinds[i] & CONTENT_BITS != 0;
        let verb_next = self.next(i).is_some_and(|j| {
            let v = self.f(j);
            !self.doc.toks[j].cap && (self.verbish(j) || PAST_VERBS.contains(&v) || (v.ends_with("ed") && v.len() > 3))
        });
        match self.lex.first_name(w) {
            // "Ravi." alone is a feeling (ravi), not Ravi.
            Some(false) if in_lexicon && self.next(i).is_none_or(|j| self.doc.toks[j].gap & gap::COMMA != 0) => {
                return false;
            }
            Some(false) => return true,
            Some(true) if verb_next || self.next(i).is_some_and(|j| matches!(self.f(j), "from" | "de")) => {
                return true;
            }
            Some(_) => {}
            // An unknown capitalised word doing something: "Jas broke a string".
            None if self.subject_verb_next(i)
                && !in_lexicon
                && w.chars().count() >= 3
                && !self.lex.cues.contains_key(w)
                && !["ly", "ed", "ing", "e", "ee", "es", "ees"].iter().any(|s| w.ends_with(s)) =>
            {
                return true;
            }
            None => {}
        }
        // A country, region or sizeable town of the gazetteer whose name is no ordinary word.
        if !in_lexicon && self.lex.compiled.place(self.doc.raw(i)).is_some_and(|p| p.major && !p.word) {
            return true;
        }
        // Written with a capital elsewhere in mid-sentence.
        let elsewhere = self.mid_caps.contains(w);
        if elsewhere {
            return true;
        }
        // "Priti and Owen waited": coordinated with a first name.
        if let Some(j) = self.next(i)
            && matches!(self.f(j), "and" | "et")
            && self.next(j).is_some_and(|k| {
                (self.doc.toks[k].cap && self.lex.is_first_name(self.f(k)))
                    // "Priya and I", "Léa et moi"
                    || (self.doc.raw(k) == "I" || self.f(k) == "moi")
            })
            && !in_lexicon
            && !self.lex.cues.contains_key(w)
        {
            return true;
        }
        // Close to an existing person's name ("Kathrine" for Katherine).
        if !in_lexicon && !self.m.is_empty() {
            let c = self.cached_link(self.doc.raw(i), EntityType::Person, true);
            if c.iter().any(|c| c.conf >= 0.8) {
                return true;
            }
        }
        if in_lexicon {
            return false;
        }
        // A two-word capitalised name ("Danny Reyes", "Hollis Bakery").
        self.next(i).is_some_and(|j| {
            self.cap_word(j)
                && self.doc.toks[j].gap == 0
                && !self.doc.toks[j].hyph_prev
                && !self.lex.is_first_name(w)
                && !w.ends_with("ed")
                && !w.ends_with("ing")
        }) && !self.lex.is_first_name(self.f(i + 1))
            && self.kinds[i + 1] & CONTENT_BITS == 0
            && self.lex.cues.get(self.f(i + 1)).is_some_and(|c| c.post)
    }

    /// Capitalised name spans, classified as person, location or object.
    pub(super) fn spans(&mut self) {
        let n = self.n();
        let mut i = 0;
        while i < n {
            let t = &self.doc.toks[i];
            let lower_name = self.lower_style
                && t.kind == TokKind::Word
                && !t.cap
                && self.lex.first_name(self.f(i)) == Some(false)
                && !self.is_stop(i);
            let code = t.cap && t.digit && self.doc.raw(i).chars().all(|c| c.is_ascii_digit() || c.is_uppercase());
            // A capitalised stop word in mid-sentence before another capital: "the Premier Inn",
            // "watched The Princess Bride".
            let title_start =
                t.cap && self.lex.titles.contains(self.f(i)) && self.next(i).is_some_and(|j| self.cap_word(j));
            let cap_stop_start = !t.sent_start
                && self.cap_any(i)
                && self.is_stop(i)
                && self.next(i).is_some_and(|j| {
                    self.doc.toks[j].gap == 0
                        && (self.cap_word(j)
                            || (matches!(self.f(j), "de" | "du" | "des" | "d'" | "of")
                                && !TIME_WORDS.contains(&self.f(i))
                                && self.next(j).is_some_and(|k| {
                                    let k = if matches!(self.f(k), "la" | "l'" | "the") {
                                        self.next(k).unwrap_or(k)
                                    } else {
                                        k
                                    };
                                    self.cap_word(k)
                                })))
                });
            if !(self.cap_word(i) || lower_name || code || cap_stop_start || title_start) || t.hyph_prev {
                i += 1;
                continue;
            }
            if t.line == 0 && self.title_case && !lower_name {
                i += 1;
                continue;
            }
            if t.sent_start && !lower_name && !self.start_ok(i) {
                i += 1;
                continue;
            }
            // Extend.
            let a = i;
            let mut b = i;
            loop {
                let j = b + 1;
                if j >= n {
                    break;
                }
                let tj = &self.doc.toks[j];
                if tj.hyph_prev {
                    b = j;
                    continue;
                }
                if tj.gap & (gap::STOP | gap::COMMA | gap::QUOTE) != 0 && tj.gap & gap::ABBREV_DOT == 0 {
                    break;
                }
                if tj.gap & gap::STOP != 0 {
                    break;
                }
                if tj.kind == TokKind::Clitic {
                    let cl = self.f(j);
                    if cl == "'" {
                        b = j;
                        break;
                    }
                    // "St Columba's", "Saint Bride's": the possessive is part of the name.
                    if cl == "'s" && matches!(self.f(a), "st" | "saint" | "ste" | "sainte") && b > a {
                        b = j;
                        if !(j + 1 < n && self.cap_word(j + 1) && self.doc.toks[j + 1].gap == 0) {
                            break;
                        }
                        b = j + 1;
                        continue;
                    }
                    // "St Mary's Hall", "King's College": keep going when a capital follows.
                    if cl == "'s"
                        && j + 1 < n
                        && self.cap_word(j + 1)
                        && self.doc.toks[j + 1].gap == 0
                        && !self.lex.is_first_name(self.f(j + 1))
                    {
                        b = j + 1;
                        continue;
                    }
                    break;
                }
                if self.cap_word(j) || (self.cap_any(j) && !tj.sent_start && b > a) {
                    b = j;
                    continue;
                }
                if lower_name {
                    break;
                }
                // Connectors: de, du, des, d', da, of (the), de la.
                let w = self.f(j);
                let conn = matches!(w, "de" | "du" | "des" | "d'" | "da" | "di" | "del" | "van" | "von" | "of" | "y");
                if conn {
                    let mut k = j + 1;
                    if k < n && matches!(self.f(k), "la" | "the" | "l'" | "le") {
                        k += 1;
                    }
                    if k < n && self.cap_any(k) && self.doc.toks[k].gap & (gap::STOP | gap::COMMA) == 0 {
                        b = k;
                        continue;
                    }
                }
                break;
            }
            i = b + 1;
            self.classify(a, b);
        }
    }

    pub(super) fn emit(&mut self, a: usize, b: usize, ty: EntityType, score: f32, rel: Option<String>, prio: u8) {
        let name = self.text(a, b).trim_end_matches(['\'', '\u{2019}']).to_string();
        let name = if name.ends_with(" s") || name.is_empty() { self.text(a, b).to_string() } else { name };
        let keep_apos = self.text(a, b).ends_with("s'") || self.text(a, b).ends_with("s\u{2019}");
        let name = if keep_apos { self.text(a, b).to_string() } else { name };
        self.push(Mention { rel, ..Mention::new(a, b, ty, name, score, prio, true) });
    }
}
