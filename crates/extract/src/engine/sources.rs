//! The first sources of candidates: the lexicon automaton and the writer's own names.

use super::*;

impl<'a> Cx<'a> {
    pub(super) fn lexicon_hits(&mut self) {
        let doc = self.doc;
        for (i, t) in doc.toks.iter().enumerate() {
            if t.cap && !t.sent_start && t.kind == TokKind::Word {
                self.mid_caps.insert(doc.f(i));
            }
        }
        for mat in self.ll.ac.find_overlapping_iter(doc.folded.as_str()) {
            let Some((a, b)) = tok_range(doc, mat.start(), mat.end()) else {
                continue;
            };
            for e in &self.ll.pats[mat.pattern().as_usize()] {
                if e.kind == LexKind::Block {
                    for t in a..=b {
                        self.blocked[t] = true;
                    }
                }
                for t in a..=b {
                    self.kinds[t] |= kind_bit(e.kind);
                }
                if e.kind == LexKind::Kin {
                    let longer = self.kin_end[b].is_none_or(|(oa, _)| a < oa);
                    if longer {
                        self.kin_end[b] = Some((a, e.idx));
                    }
                }
                if e.kind == LexKind::Place && self.place_at[a].is_none_or(|ob| b > ob) {
                    self.place_at[a] = Some(b);
                }
                self.lexh.push(LexHit { a, b, e: *e, pat: mat.pattern().as_u32() });
            }
        }
    }

    pub(super) fn known_hits(&mut self) {
        self.known = self.m.hits(self.doc);
        let (first_names, hits): (Vec<KnownHit>, Vec<KnownHit>) =
            std::mem::take(&mut self.known).into_iter().partition(|h| h.via == Via::FirstName);
        self.first_names(&first_names, &hits);
        for h in &hits {
            let ent = &self.m.ents[h.ent as usize];
            let ty = ent.entity_type;
            // A modifier of a thing: "fishing rods", "wedding dress" are objects, not the
            // writer's fishing or wedding.
            if matches!(ty, EntityType::Activity | EntityType::LifePeriod)
                && self
                    .next(h.b)
                    .is_some_and(|j| self.doc.toks[j].gap == 0 && self.kinds[j] & 4 != 0 && !self.doc.toks[j].cap)
            {
                continue;
            }
            let all_lower = (h.a..=h.b).all(|t| !self.doc.toks[t].cap);
            let mut score = match h.via {
                Via::Name => 0.95,
                Via::Alias => 0.93,
                Via::Short | Via::FirstName => 0.86,
            };
            if h.proper && all_lower && !self.lower_style {
                // A proper name written in lower case: an ordinary word ("summer", "rose")?
                let common = (h.a..=h.b).any(|t| {
                    let w = self.f(t);
                    self.lex.stop.contains(w)
                        || self.lex.first_name(w).unwrap_or(false)
                        || self.kinds[t] & CONTENT_BITS != 0
                });
                if common && matches!(ty, EntityType::Person | EntityType::Location) {
                    continue;
                }
                score = 0.7;
            }
            // A kin word alias ("Mum", "Granny") after a determiner is not that person.
            if ty == EntityType::Person
                && h.a == h.b
                && let Some(p) = self.prev_f(h.a)
            {
                let w = self.f(h.a);
                let is_kin = self.kin_end[h.b].is_some_and(|(ka, _)| ka == h.a);
                if is_kin && self.is_det(p) && !MY.contains(&p) {
                    continue;
                }
                if is_kin && MY.contains(&p) && !w.is_empty() {
                    // "my mum": fine, it is the writer's.
                }
            }
            let conf = match h.via {
                Via::Name => 0.97,
                Via::Alias => 0.94,
                Via::Short | Via::FirstName => 0.9,
            };
            let reason = match h.via {
                Via::Name => Reason::ExactName,
                Via::Alias => Reason::Alias,
                Via::Short | Via::FirstName => Reason::NameWithoutArticle,
            };
            let rel = if ty == EntityType::Person { ent.category.clone() } else { None };
            let m = Mention {
                rel,
                links: vec![Cand { ent: h.ent, conf: if score < 0.8 { conf - 0.2 } else { conf }, reason }],
                ..Mention::new(h.a, h.b, ty, self.text(h.a, h.b).to_string(), score, 5, false)
            };
            self.push(m);
        }
        self.known = hits;
    }

    /// The first name of a person the writer knows by first name and surname, written alone with
    /// a capital ("Maud at the surgery"): that person, linked as any first name is (so that two
    /// known Mauds share the evidence). Not a place's name too ("Florence": the name rules weigh
    /// that), not an ordinary word at a sentence's start ("Hope it stays dry"), not inside a
    /// longer known name, nor beside another capitalised word of its phrase (another person's
    /// full name); one mention per name.
    fn first_names(&mut self, first_names: &[KnownHit], others: &[KnownHit]) {
        for h in first_names {
            let tok = &self.doc.toks[h.a];
            let beside = |t: usize, gap_at: usize| self.cap_word(t) && self.doc.toks[gap_at].gap & gap::COMMA == 0;
            if !tok.cap
                || (tok.sent_start && self.lex.first_name(self.f(h.a)) == Some(true))
                || self.place_at[h.a].is_some()
                || others.iter().any(|o| o.a <= h.a && h.b <= o.b)
                || self.prev(h.a).is_some_and(|p| beside(p, h.a))
                || self.next(h.b).is_some_and(|j| beside(j, j))
                || self.out.iter().any(|m| m.a <= h.b && h.a <= m.b && m.ty == EntityType::Person)
            {
                continue;
            }
            let name = self.text(h.a, h.b).to_string();
            let links = self.cached_link(&name, EntityType::Person, false);
            if !links.is_empty() {
                self.push(Mention { links, ..Mention::new(h.a, h.b, EntityType::Person, name, 0.9, 5, false) });
            }
        }
    }
}
