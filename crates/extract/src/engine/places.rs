//! Places: gazetteer hits, generated towns and the cue words that belong to a place name.

use super::*;

impl<'a> Cx<'a> {
    /// Gazetteer places.
    pub(super) fn places(&mut self) {
        let hits: Vec<LexHit> = self.lexh.iter().filter(|h| h.e.kind == LexKind::Place).copied().collect();
        for h in hits {
            if self.blocked[h.a] {
                continue;
            }
            // Needs a capital on a content word unless the name is unambiguous.
            let capped = (h.a..=h.b).any(|t| self.doc.toks[t].cap && !self.is_stop(t));
            let place = &self.lex.places[h.e.idx as usize];
            let single = h.a == h.b;
            if !capped && !self.lower_style {
                if h.e.caps || place.caps {
                    continue;
                }
                // A lower-case single word that is also a first name or a stop word: skip.
                if single && (self.lex.is_first_name(self.f(h.a)) || self.is_stop(h.a)) {
                    continue;
                }
                // Otherwise only after a place preposition ("in kyoto", not "la sienne").
                if single && !self.prev_f(h.a).is_some_and(|p| self.is_place_prep(p)) {
                    continue;
                }
            }
            if h.e.caps && !capped {
                continue;
            }
            if (h.e.caps || place.caps)
                && (h.a..=h.b).all(|t| !self.doc.toks[t].cap || self.doc.toks[t].sent_start)
                && !self.prev_f(h.a).is_some_and(|p| self.is_place_prep(p))
            {
                continue;
            }
            // "l'université de Lille", "le lac d'Annecy": the span rules take the naming word too.
            let cue_before = self.prev(h.a).is_some_and(|d| {
                matches!(self.f(d), "de" | "du" | "d'" | "des")
                    && self.prev(d).is_some_and(|q| {
                        !self.doc.toks[q].cap && self.lex.cues.get(self.f(q)).is_some_and(|c| c.pre && !c.post)
                    })
            });
            if cue_before && capped {
                continue;
            }
            // A first name that is also a place (Florence, Nancy) is decided by the span rules.
            if single && self.lex.is_first_name(self.f(h.a)) && capped {
                continue;
            }
            // Inside a larger capitalised name ("Paris Hilton", "Lincoln High")? Let spans decide.
            let left_cap = self.prev(h.a).is_some_and(|p| self.cap_word(p) && !self.doc.toks[h.a].sent_start);
            let right_cap = self.next(h.b).is_some_and(|j| self.cap_word(j));
            if capped && (left_cap || right_cap) {
                continue;
            }
            self.push(Mention {
                alts: vec![crate::name_key(&place.name)],
                ..Mention::new(
                    h.a,
                    h.b,
                    EntityType::Location,
                    self.text(h.a, h.b).to_string(),
                    if capped { 0.9 } else { 0.78 },
                    3,
                    true,
                )
            });
        }
    }

    /// A place of the generated gazetteer spanning exactly `a..=b` that is not a first name (the
    /// rules for names weigh those), as a place the words around may take: after a place
    /// preposition, or a common noun and de or of (`at_place`: "à Marvejols", "la fanfare
    /// municipale de Marvejols"), any of them; elsewhere a major one (a country, region, natural
    /// place or sizeable town) whose name is not an ordinary word. `pw` is the word before.
    pub(super) fn generated_place(&self, a: usize, b: usize, pw: &str, at_place: bool) -> bool {
        if a == b && self.lex.is_first_name(self.f(a)) {
            return false;
        }
        // "the Lakeside rowing club": after a determiner, a name before a common noun qualifies it.
        let modifier = self.is_det(pw)
            && self.next(b).is_some_and(|j| {
                let t = &self.doc.toks[j];
                !t.cap && t.gap == 0 && t.kind == TokKind::Word && !self.is_stop(j)
            });
        if modifier {
            return false;
        }
        let Some(place) = self.lex.compiled.place(self.text(a, b)) else { return false };
        at_place || (place.major && !place.word)
    }

    /// Pulls lower-case place cues into a name ("rue des Martyrs", "Pinewood cinema").
    pub(super) fn extend_cues(&self, a: usize, b: usize) -> (usize, usize) {
        let lex = self.lex;
        let mut a2 = a;
        // Before: cue [de|des|du|d'|de la] Name.
        let mut k = a;
        let mut steps = 0;
        while let Some(p) = self.prev(k) {
            steps += 1;
            if steps > 3 {
                break;
            }
            let w = self.f(p);
            if matches!(w, "de" | "des" | "du" | "d'" | "la") {
                // "l'atelier de Sophie" is Sophie's workshop, not a place named Sophie.
                if self.lex.is_first_name(self.f(a)) && a == b {
                    break;
                }
                k = p;
                continue;
            }
            // A cue in lower case, or written as the acronym it is ("l'EHPAD").
            let t = &self.doc.toks[p];
            if (!t.cap || t.upper) && lex.cues.get(w).is_some_and(|c| c.pre) && w.len() > 2 {
                a2 = p;
            }
            break;
        }
        // After: Name [word] cue.
        let mut b2 = b;
        let mut j = b;
        for step in 0..2 {
            let Some(nx) = self.next(j) else { break };
            if self.doc.toks[nx].cap || self.doc.toks[nx].kind != TokKind::Word {
                break;
            }
            let w = self.f(nx);
            let cue = lex.cues.get(w).is_some_and(|c| c.post)
                && !matches!(
                    w,
                    "close"
                        | "way"
                        | "point"
                        | "head"
                        | "wood"
                        | "woods"
                        | "high"
                        | "drive"
                        | "square"
                        | "crescent"
                        | "terrace"
                        | "hills"
                        | "hill"
                        | "port"
                        | "falls"
                        | "college"
                        | "university"
                        | "school"
                        | "club"
                        | "society"
                        | "foundation"
                        | "trust"
                        | "common"
                        | "green"
                        | "fields"
                        | "estate"
                );
            if cue {
                b2 = nx;
                break;
            }
            if step == 0 && !self.lex.stop.contains(w) && w.len() > 2 {
                j = nx;
                continue;
            }
            break;
        }
        (a2, b2)
    }
}
