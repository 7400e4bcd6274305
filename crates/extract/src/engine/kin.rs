//! Kin words: "my sister" for the writer's one sister, "Mum" as a name, and the relationship a kin
//! phrase gives the person it names, followed both ways: "my sister Ottilie" is the sister; "her
//! husband Anselm", said after the writer's sister, and "le mari de ma sœur" are the brother-in-law.

use super::*;

impl<'a> Cx<'a> {
    /// Kin words: "my sister" resolved to the writer's one sister; "Mum", "Papy" used as names.
    pub(super) fn kin(&mut self) {
        let hits: Vec<LexHit> = self.lexh.iter().filter(|h| h.e.kind == LexKind::Kin).copied().collect();
        for h in hits {
            let info = &self.ll.kin[h.e.idx as usize];
            let cat = info.category.clone();
            // "my little sister", "ma petite sœur": skip one describing word.
            let prev = self.prev(h.a).map(|p| {
                let kin_adj = KIN_ADJ.contains(&self.f(p));
                match self.prev(p) {
                    Some(q) if kin_adj && MY.contains(&self.f(q)) => q,
                    _ => p,
                }
            });
            let pw = prev.map(|p| self.f(p).to_string());
            let next_name = self.next(h.b).is_some_and(|j| {
                self.cap_word(j) || (self.lower_style && self.lex.first_name(self.f(j)) == Some(false))
            });
            let next_appelle = self.next(h.b).is_some_and(|j| {
                matches!(self.f(j), "s'" | "named" | "called" | "nomme" | "nommee")
                    && self.next(j).is_some_and(|k| {
                        let k = if self.f(k) == "appelle" { self.next(k).unwrap_or(k) } else { k };
                        self.doc.toks[k].cap || self.lower_style
                    })
            });
            let cap = self.doc.toks[h.a].cap;
            for t in h.a..=h.b {
                self.kin_tok[t] = true;
            }
            if pw.as_deref().is_some_and(|p| MY.contains(&p)) {
                if next_name || next_appelle {
                    continue; // "my brother Marcus": the name carries the mention.
                }
                let people = self.m.people_in_category(&cat);
                if people.len() == 1 {
                    let ei = people[0];
                    let ent = &self.m.ents[ei as usize];
                    self.push(Mention {
                        rel: Some(cat.clone()),
                        links: vec![Cand { ent: ei, conf: 0.92, reason: Reason::Relationship }],
                        ..Mention::new(prev.unwrap_or(h.a), h.b, EntityType::Person, ent.name.clone(), 0.9, 4, false)
                    });
                }
                continue;
            }
            // "my sister's husband", "la femme de mon frère": decided once the names are known.
            if !next_name && !next_appelle {
                self.kin_later.push(h);
            }
            if !info.name || h.a != h.b && !cap {
                continue;
            }
            if !(cap || self.lower_style) {
                continue;
            }
            if pw.as_deref().is_some_and(|p| self.is_det(p)) {
                continue;
            }
            if info.title && next_name {
                continue; // "Grandpa Joe": a name span.
            }
            let people = self.m.people_in_category(&cat);
            let mut links = Vec::new();
            if people.len() == 1 {
                links.push(Cand { ent: people[0], conf: 0.88, reason: Reason::Relationship });
            }
            self.push(Mention {
                rel: Some(cat),
                links,
                ..Mention::new(h.a, h.b, EntityType::Person, self.text(h.a, h.b).to_string(), 0.88, 4, false)
            });
        }
    }

    /// Kin phrases with no name that compose into one category ("my sister's husband", "la
    /// femme de mon frère", "her husband" after the writer's sister): the writer's one person of
    /// that category. Runs after the name spans, which "her" may refer to.
    pub(super) fn kin_of_kin(&mut self) {
        for h in std::mem::take(&mut self.kin_later) {
            let cat = &self.ll.kin[h.e.idx as usize].category;
            let end = self.phrase_end(h.b);
            if self.next(end).is_some_and(|j| self.cap_word(j)) || self.out.iter().any(|m| m.a <= h.b && h.a <= m.b) {
                continue; // "le mari de ma sœur, Anselm": the name carries it.
            }
            let Some(rel) = self.kin_relation(h.a, h.b).filter(|rel| rel != cat) else { continue };
            let people = self.m.people_in_category(&rel);
            if let [ei] = people[..] {
                let ent = &self.m.ents[ei as usize];
                self.push(Mention {
                    rel: Some(rel),
                    links: vec![Cand { ent: ei, conf: 0.88, reason: Reason::Relationship }],
                    ..Mention::new(h.a, h.b, EntityType::Person, ent.name.clone(), 0.85, 4, false)
                });
            }
        }
    }

    /// The last kin word of "le mari de ma sœur" when `kb` ends the first, else `kb`.
    fn phrase_end(&self, kb: usize) -> usize {
        self.kin_complement(kb).map_or(kb, |(_, j)| j)
    }

    /// The kin word of a complement after the kin word ending at `kb` ("de ma sœur", "of my
    /// sister"): its first and last token.
    fn kin_complement(&self, kb: usize) -> Option<(usize, usize)> {
        let d = self.next(kb).filter(|&d| matches!(self.f(d), "de" | "d'" | "of"))?;
        let mut j = d;
        for _ in 0..3 {
            j = self.next(j)?;
            if let Some((ja, _)) = self.kin_end[j].filter(|&(ja, _)| ja > d) {
                return Some((ja, j));
            }
        }
        None
    }

    /// The writer's relationship to the person the kin word at `ka..=kb` names, from whose kin it
    /// is: the writer's ("my sister": sister); someone the writer has named or called by a kin word
    /// before, as a possessive ("my sister's husband", "Ottilie's husband"), a pronoun ("her
    /// husband", the nearest such person that "her" fits) or a complement ("le mari de ma sœur",
    /// "the husband of my sister"): the kin of that kin, when the family has a word for it
    /// ([`crate::kin::compose`]).
    pub(super) fn kin_relation(&self, ka: usize, kb: usize) -> Option<String> {
        self.kin_relation_within(ka, kb, 2)
    }

    fn kin_relation_within(&self, ka: usize, kb: usize, depth: u8) -> Option<String> {
        let (_, k) = self.kin_end[kb]?;
        let info = &self.ll.kin[k as usize];
        // Each question scans the mentions before it: a memory gets a bounded number of them.
        if self.kin_questions.get() >= KIN_QUESTIONS {
            return None;
        }
        self.kin_questions.set(self.kin_questions.get() + 1);
        // A kin word used as a name ("Mum's sister", "la mère de Papa") is the writer's.
        let as_name = || info.name && self.prev(ka).is_none_or(|p| !self.is_det(self.f(p)));
        let of = match self.kin_owner(ka, kb, depth) {
            Some(Owner::Writer) => return Some(info.category.clone()),
            None if as_name() => return Some(info.category.clone()),
            None => return None,
            Some(Owner::Kin(of)) => of,
        };
        crate::kin::compose(&of, &info.category, info.female).map(str::to_string)
    }

    /// Whose kin the word at `ka..=kb` is.
    fn kin_owner(&self, ka: usize, kb: usize, depth: u8) -> Option<Owner> {
        let mut p = self.prev(ka);
        if let Some(q) = p.filter(|&q| KIN_ADJ.contains(&self.f(q))) {
            p = self.prev(q);
        }
        if let Some(p) = p {
            let w = self.f(p);
            if MY.contains(&w) {
                return Some(Owner::Writer);
            }
            if depth == 0 {
                return None;
            }
            if matches!(w, "'s" | "'") {
                let q = self.prev(p)?;
                return match self.kin_end[q] {
                    Some((qa, _)) => self.kin_relation_within(qa, q, depth - 1),
                    None => self.named_relation(q),
                }
                .map(Owner::Kin);
            }
            if THIRD_POSSESSIVE.contains(&w) {
                return self.antecedent_relation(p).map(Owner::Kin);
            }
        }
        // "le mari de ma sœur", "the husband of my sister", "la femme de Barnaby"; not "un ami de
        // mon frère", one of several.
        let d = self.next(kb).filter(|&d| matches!(self.f(d), "de" | "d'" | "of"))?;
        if depth == 0 || self.prev(ka).is_some_and(|p| matches!(self.f(p), "a" | "an" | "un" | "une")) {
            return None;
        }
        if let Some((ja, j)) = self.kin_complement(kb) {
            return self.kin_relation_within(ja, j, depth - 1).map(Owner::Kin);
        }
        self.out.iter().find(|m| m.ty == EntityType::Person && m.a == d + 1).and_then(|m| m.rel.clone()).map(Owner::Kin)
    }

    /// The relationship of a person mention ending at token `i` ("Ottilie" in "Ottilie's husband"),
    /// or failing that of any other mention of the same name that has one.
    fn named_relation(&self, i: usize) -> Option<String> {
        let m = self.out.iter().find(|m| m.ty == EntityType::Person && m.b == i)?;
        m.rel.clone().or_else(|| {
            self.out.iter().filter(|o| o.ty == EntityType::Person && o.name == m.name).find_map(|o| o.rel.clone())
        })
    }

    /// The relationship of the person a third-person possessive at `p` refers to: the nearest
    /// person before it, named or called by the writer's kin word, whose sex fits "his" or "her"
    /// (French "son", "sa" say nothing of it; "their" refers to several). `None` when that person
    /// is not the writer's kin.
    fn antecedent_relation(&self, p: usize) -> Option<String> {
        let want = match self.f(p) {
            "her" => Some(true),
            "his" => Some(false),
            "their" | "leur" | "leurs" => return None,
            _ => None,
        };
        let named = self.out.iter().filter(|m| m.ty == EntityType::Person && m.b < p).map(|m| {
            let female = m.rel.as_deref().and_then(crate::kin::category_female);
            (m.b, m.rel.clone(), female)
        });
        let called = self
            .lexh
            .iter()
            .filter(|h| h.e.kind == LexKind::Kin && h.b < p)
            .filter(|h| matches!(self.kin_owner(h.a, h.b, 0), Some(Owner::Writer)))
            .map(|h| {
                let info = &self.ll.kin[h.e.idx as usize];
                (h.b, Some(info.category.clone()), info.female)
            });
        named
            .chain(called)
            .filter(|(_, _, female)| want.is_none() || female.is_none() || *female == want)
            .max_by_key(|(end, _, _)| *end)
            .and_then(|(_, rel, _)| rel)
    }

    /// The first kin word of "le mari de ma sœur" when `ka` starts the last: a name set after it
    /// with a comma ("le mari de ma sœur, Anselm") is the whole phrase's.
    pub(super) fn kin_phrase_head(&self, ka: usize) -> Option<(usize, usize)> {
        let mut q = self.prev(ka)?;
        if KIN_ADJ.contains(&self.f(q)) {
            q = self.prev(q)?;
        }
        let q = Some(q).filter(|&q| MY.contains(&self.f(q)))?;
        let r = self.prev(q).filter(|&r| matches!(self.f(r), "de" | "d'" | "of"))?;
        let s = self.prev(r)?;
        self.kin_end[s].map(|(sa, _)| (sa, s))
    }

    pub(super) fn kin_info_at(&self, i: usize) -> Option<String> {
        self.kin_end[i].map(|(_, k)| self.ll.kin[k as usize].category.clone())
    }

    /// Relationship from a role word right before the name ("my manager Nadia").
    pub(super) fn role_before(&self, a: usize) -> Option<String> {
        let p = self.prev(a)?;
        let p = if matches!(self.f(p), "s'" | "appelle" | "named" | "called") {
            self.before(p, 3).find(|&q| self.kin_info_at(q).is_some())?
        } else {
            p
        };
        self.kin_info_at(p)
    }
}

/// Kin-of-kin questions answered per memory ([`Cx::kin_relation`]).
const KIN_QUESTIONS: u32 = 256;

/// Whose kin a kin word is.
enum Owner {
    /// The writer's.
    Writer,
    /// The kin of someone who is the writer's kin of this category.
    Kin(String),
}
