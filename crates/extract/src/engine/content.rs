//! Content words (emotions, activities, objects, life periods): what the rules leave to the learned model, its features, and the things a possessive points at.

use super::*;

/// Words offered to the model: a lexicon's (with its entry) or the tagger's.
#[derive(Clone, Copy)]
pub(super) struct Span {
    a: usize,
    b: usize,
    e: Option<LexEntry>,
}

impl<'a> Cx<'a> {
    /// Content words of the lexicons and the tagger's spans that no mention covers, with the
    /// model's features; each with its first and last token.
    pub(super) fn leftover_content(&self) -> Vec<((usize, usize), Candidate)> {
        let with_features = self.leftover_content_with(|cx, h, kind, canon| {
            let mut features = Vec::new();
            cx.content_features(h, kind, canon, &mut |f| features.push(f.to_string()));
            features.sort();
            features.dedup();
            features
        });
        with_features.into_iter().map(|(span, c, features)| (span, Candidate { features, ..c })).collect()
    }

    /// The candidates of [`Self::leftover_content`] (their features left empty), each with what
    /// `weigh` makes of it: its features for training, or its margin for extraction. First the
    /// lexicons' words, then the tagger's spans where no lexicon word is (where one is, the rules
    /// above have said what it is, or that it is none).
    fn leftover_content_with<W>(
        &self,
        mut weigh: impl FnMut(&Self, Span, EntityType, &str) -> W,
    ) -> Vec<((usize, usize), Candidate, W)> {
        let covered = |a: usize, b: usize| self.out.iter().any(|m| m.a <= b && a <= m.b);
        let taken = |a: usize, b: usize| (a..=b).any(|t| self.blocked[t] || self.kin_tok[t] || self.person_tok[t]);
        let content =
            |h: &&LexHit| matches!(h.e.kind, LexKind::Emotion | LexKind::Activity | LexKind::Object | LexKind::Period);
        let hits: Vec<&LexHit> = self.lexh.iter().filter(content).collect();
        let mut out: Vec<((usize, usize), Candidate, W)> = Vec::new();
        for h in &hits {
            let inside_longer = hits.iter().any(|o| o.a <= h.a && h.b <= o.b && (o.a, o.b) != (h.a, h.b));
            if inside_longer
                || covered(h.a, h.b)
                || taken(h.a, h.b)
                || (h.e.caps && !self.doc.toks[h.a].cap)
                || self.holiday_in_lower_case(h)
            {
                continue;
            }
            let surface = self.text(h.a, h.b);
            if let Some(pi) = self.pat_of(h)
                && crate::lexicon::accented_letters(surface).any(|c| !self.ll.accents[pi].contains(c))
            {
                continue;
            }
            let kind = match h.e.kind {
                LexKind::Emotion => EntityType::Emotion,
                LexKind::Activity => EntityType::Activity,
                LexKind::Object => EntityType::Object,
                _ => EntityType::LifePeriod,
            };
            if self.not_a_candidate(h.a, h.b, kind)
                || out.iter().any(|((a, b), c, _)| (*a, *b) == (h.a, h.b) && c.kind == kind)
            {
                continue;
            }
            let canon = self.ll.canon[h.e.idx as usize].clone();
            let weight = weigh(self, Span { a: h.a, b: h.b, e: Some(h.e) }, kind, &canon);
            out.push((
                (h.a, h.b),
                Candidate { kind, surface: surface.to_string(), canon, verb: h.e.verb, features: Vec::new() },
                weight,
            ));
        }
        for &(a, b, kind) in &self.tagged {
            if covered(a, b)
                || taken(a, b)
                || self.not_a_candidate(a, b, kind)
                || hits.iter().any(|h| h.a <= b && a <= h.b)
            {
                continue;
            }
            let surface = self.text(a, b).to_string();
            let weight = weigh(self, Span { a, b, e: None }, kind, &surface);
            out.push((
                (a, b),
                Candidate { kind, canon: surface.clone(), surface, verb: false, features: Vec::new() },
                weight,
            ));
        }
        out
    }

    /// A feeling the writer does not express, or a thing's word used as a verb or a describing
    /// word ("they record", "elle ne tente rien", "I look lighter"): no candidate.
    fn not_a_candidate(&self, a: usize, b: usize, kind: EntityType) -> bool {
        match kind {
            EntityType::Emotion => self.not_the_writers_feeling(a, b),
            EntityType::Object => self.prev(a).is_some_and(|p| NOT_A_THING_AFTER.contains(&self.f(p))),
            _ => false,
        }
    }

    /// An English holiday name with a word in lower case ("a sunny May day"): English writes every
    /// word of a holiday's name with a capital (French only the first: "Fête des mères").
    fn holiday_in_lower_case(&self, h: &LexHit) -> bool {
        h.e.holiday
            && self.lang == Lang::En
            && (h.a..=h.b).any(|t| {
                let tok = &self.doc.toks[t];
                tok.kind == TokKind::Word && !tok.cap && !TITLE_MINOR.contains(&self.f(t))
            })
    }

    /// A feeling the writer does not express (GUIDELINE.md: an emotion is "a feeling the writer
    /// expresses"): a pretended one, or one whose clause is about someone else (a name, a kin word
    /// or a third-person pronoun before it, with no first person nearer), unless the writer is its
    /// object ("it frightened me").
    fn not_the_writers_feeling(&self, a: usize, b: usize) -> bool {
        if self.any_before(a, 4, B_PRETEND) {
            return true;
        }
        if self.next(b).is_some_and(|j| matches!(self.f(j), "me" | "moi")) || self.writer_subject(a) {
            return false;
        }
        self.someone_else_before(a, true)
    }

    /// What the model weighs for a content word: the word and its lexicon flags, its shape, the
    /// clusters of its last word, the words around it and who the sentence is about.
    fn content_features(&self, h: Span, kind: EntityType, canon: &str, emit: &mut dyn FnMut(std::fmt::Arguments<'_>)) {
        let k = kind.as_str();
        let class = |i: Option<usize>| -> &'static str {
            let Some(i) = i else { return "none" };
            let (w, bits) = (self.f(i), self.word_bits(i));
            if bits & B_MY != 0 {
                "mine"
            } else if bits & B_THIRD_POSSESSIVE != 0 {
                "theirs"
            } else if bits & B_FIRST_PERSON != 0 {
                "me"
            } else if bits & B_THIRD_SUBJECT != 0 {
                "them"
            } else if bits & B_DETERMINER != 0 && self.is_det(w) {
                "det"
            } else if (bits & B_PLACE_PREP != 0 && self.is_place_prep(w))
                || matches!(w, "with" | "for" | "of" | "de" | "avec" | "pour")
            {
                "prep"
            } else if bits & B_STOP != 0 {
                "stop"
            } else {
                "word"
            }
        };
        let prev = self.prev(h.a);
        let prev2 = prev.and_then(|p| self.prev(p));
        let next = self.next(h.b);
        let word = crate::fold::fold(self.text(h.a, h.b));
        let tok = &self.doc.toks[h.a];
        // Each feature is handed to `emit` as format arguments: scoring hashes them as they are
        // formatted and writes no string.
        let mut put = |args: std::fmt::Arguments<'_>| emit(format_args!("{k}|{args}"));
        put(format_args!("bias"));
        put(format_args!("w={word}"));
        put(format_args!("canon={}", crate::fold::fold(canon)));
        put(format_args!("p1={}", prev.map_or("<s>", |p| self.f(p))));
        put(format_args!("p2={}", prev2.map_or("<s>", |p| self.f(p))));
        put(format_args!("n1={}", next.map_or("</s>", |j| self.f(j))));
        put(format_args!("p1c={}", class(prev)));
        put(format_args!("p2c={}", class(prev2)));
        put(format_args!("n1c={}", class(next)));
        put(format_args!("suf={}", word.chars().rev().take(3).collect::<String>()));
        put(format_args!("lang={:?}", self.lang));
        if let Some(c) = crate::lexicon::Compiled::clusters(self.lang, self.f(h.b)) {
            put(format_args!("cl256={}", c[0]));
            put(format_args!("cl1024={}", c[1]));
        }
        let mut flag = |on: bool, name: &str| {
            if on {
                put(format_args!("{name}"));
            }
        };
        let entry = |on: fn(&LexEntry) -> bool| h.e.as_ref().is_some_and(on);
        flag(entry(|e| e.ctx), "ctx");
        flag(entry(|e| e.verb), "verb");
        flag(entry(|e| e.weak), "weak");
        flag(entry(|e| e.holiday), "holiday");
        // What the tagger made of the same words.
        let overlapping = |t: &&(usize, usize, EntityType)| t.0 <= h.b && h.a <= t.1;
        let tagged = self.tagged.iter().filter(overlapping).map(|&(a, b, ty)| (ty == kind, (a, b) == (h.a, h.b)));
        let (mut same, mut part, mut other) = (false, false, false);
        for (ty, span) in tagged {
            same |= ty && span;
            part |= ty && !span;
            other |= !ty;
        }
        flag(h.e.is_none(), "tag=only");
        flag(h.e.is_some() && same, "tag=same");
        flag(part, "tag=part");
        flag(other, "tag=other");
        flag(h.e.is_some() && !same && !part && !other, "tag=none");
        flag(h.b > h.a, "multi");
        flag(tok.line == 0, "title");
        flag(tok.sent_start, "start");
        flag(tok.cap, "cap");
        flag(next.is_none(), "end");
        flag(self.writer_subject(h.a), "writer");
        flag(self.someone_else_before(h.a, false), "third");
        flag(self.any_before(h.a, 4, B_FIRST_PERSON), "me-before");
        flag(self.any_before(h.a, 3, B_EMOTION_CONTEXT), "feel-before");
        flag(self.any_before(h.a, 3, B_ACTIVITY_CONTEXT), "do-before");
        flag((h.a..=h.b).any(|t| self.kinds[t].count_ones() > 1), "several-kinds");
        flag(prev.is_some_and(|p| self.person_tok[p]), "after-name");
        flag(self.any_before(h.a, 4, B_PRETEND), "pretend-before");
    }

    /// Content words no other source covers, as the model decides (crates/extract/README.md, "Learned").
    pub(super) fn learned(&mut self) {
        let model = &*crate::model::MODEL;
        if model.is_empty() {
            return;
        }
        let scored = self.leftover_content_with(|cx, h, kind, canon| {
            let mut margin = 0.0;
            cx.content_features(h, kind, canon, &mut |f| margin += model.weight_of(f));
            margin
        });
        for ((a, b), c, margin) in scored {
            if margin <= 0.0 {
                continue;
            }
            // An activity written as a verb (a finite form, a French infinitive) is named by its
            // lexicon name ("snowboarded", "bricoler": snowboarding, bricolage), otherwise by the
            // word used; a feeling by its own word when the phrase starts with the writer or holds it.
            let infinitive = self.lang == Lang::Fr && a == b && ["er", "ir"].iter().any(|s| self.f(a).ends_with(s));
            let lemma_inside = b > a && (a..=b).any(|t| self.f(t) == crate::fold::fold(&c.canon));
            let name = match c.kind {
                EntityType::Activity if c.verb || infinitive => c.canon.clone(),
                EntityType::Emotion if matches!(self.f(a), "i" | "j'" | "je") || lemma_inside => c.canon.clone(),
                _ => c.surface,
            };
            self.push(Mention {
                alts: vec![crate::name_key(&c.canon)],
                ..Mention::new(a, b, c.kind, name, model.probability(margin), 1, true)
            });
        }
    }

    /// Things that belong to someone and are described: "Grandad's old toolbox", "le vieux
    /// chapeau de Papy". The noun need not be in the lexicon; an adjective or a verb of giving,
    /// finding or keeping must show that it matters.
    pub(super) fn possessed_objects(&mut self) {
        let n = self.n();
        let doc = self.doc;
        let mut found: Vec<(usize, f32)> = Vec::new();
        let is_owner = |cx: &Self, t: usize| cx.person_tok[t] || cx.kin_tok[t];
        let plain_noun = |cx: &Self, t: usize| {
            let tok = &doc.toks[t];
            tok.kind == TokKind::Word
                && !tok.cap
                && !tok.digit
                && cx.kinds[t] == 0
                && !cx.is_stop(t)
                && doc.f(t).chars().count() >= 3
                && !NOT_OBJECTS.contains(&doc.f(t))
                && !OBJECT_ADJ.contains(&doc.f(t))
                && !doc.f(t).ends_with("ly")
        };
        for i in 1..n {
            // A gift, a find, a keepsake: "gave me a scarf", "found his pipe", "m'a offert un
            // mug". The noun need not be in the lexicon.
            if self.word_bits(i - 1) & B_GIFT_VERB != 0 && self.next(i - 1) == Some(i) {
                let mut j = i;
                // An indirect object: "gave me", "m'a offert" (the pronoun comes before in French).
                if matches!(doc.f(j), "me" | "him" | "her" | "us" | "them") {
                    j += 1;
                }
                if j < n && doc.toks[j].gap == 0 && SIMPLE_DETS.contains(&doc.f(j)) {
                    let mut k = j + 1;
                    let mut adjs = 0;
                    while k < n && doc.toks[k].gap == 0 && OBJECT_ADJ.contains(&doc.f(k)) {
                        adjs += 1;
                        k += 1;
                    }
                    if k < n
                        && doc.toks[k].gap == 0
                        && plain_noun(self, k)
                        && !FOOD_AND_SUCH.contains(&doc.f(k))
                        && !self.next(k).is_some_and(|x| matches!(doc.f(x), "of" | "de" | "d'"))
                        && !(k + 1 < n
                            && doc.toks[k + 1].gap == 0
                            && doc.toks[k + 1].kind == TokKind::Word
                            && !self.is_stop(k + 1))
                    {
                        found.push((k, if adjs > 0 { 0.62 } else { 0.57 }));
                    }
                }
            }
            // English: owner 's [adj]* noun
            if doc.toks[i].kind == TokKind::Clitic && doc.f(i) == "'s" && is_owner(self, i - 1) {
                let mut j = i + 1;
                let mut adjs = 0;
                while j < n && doc.toks[j].gap == 0 && OBJECT_ADJ.contains(&doc.f(j)) {
                    adjs += 1;
                    j += 1;
                }
                if j < n && doc.toks[j].gap == 0 && plain_noun(self, j) {
                    // Not followed by another noun ("Mum's birthday party"): the last word is the head.
                    let followed = j + 1 < n && doc.toks[j + 1].gap == 0 && plain_noun(self, j + 1);
                    if !followed {
                        let verb = self.before(i, 6).any(|k| OBJECT_VERBS.contains(&self.f(k)));
                        if adjs > 0 || verb {
                            found.push((j, if adjs > 0 && verb { 0.62 } else { 0.56 }));
                        }
                    }
                }
            }
            // French: [det] [adj] noun de [ma|mon] owner
            if self.lang == Lang::Fr
                && self.next(i).is_some_and(|d| matches!(doc.f(d), "de" | "d'"))
                && plain_noun(self, i)
            {
                let Some(d) = self.next(i) else { continue };
                let Some(mut o) = self.next(d) else { continue };
                if MY.contains(&doc.f(o)) {
                    let Some(o2) = self.next(o) else { continue };
                    o = o2;
                }
                if !is_owner(self, o) {
                    continue;
                }
                let adj = self.prev(i).is_some_and(|p| OBJECT_ADJ.contains(&doc.f(p)));
                let verb = self.before(i, 6).any(|k| OBJECT_VERBS.contains(&self.f(k)));
                if adj || verb {
                    found.push((i, if adj && verb { 0.62 } else { 0.56 }));
                }
            }
        }
        for (j, score) in found {
            if self.out.iter().any(|m| m.a <= j && j <= m.b) {
                continue;
            }
            self.push(Mention::new(j, j, EntityType::Object, self.text(j, j).to_string(), score, 1, false));
        }
    }
}
