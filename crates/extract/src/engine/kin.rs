//! Kin words: "my sister" for the writer's one sister, "Mum" as a name, the relationship a kin word gives the name after it.

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
                        a: prev.unwrap_or(h.a),
                        b: h.b,
                        ty: EntityType::Person,
                        name: ent.name.clone(),
                        canon: None,
                        score: 0.9,
                        rel: Some(cat.clone()),
                        links: vec![Cand { ent: ei, conf: 0.92, reason: Reason::Relationship }],
                        prio: 4,
                        fuzzy: false,
                        alts: Vec::new(),
                        alt_canons: Vec::new(),
                    });
                }
                continue;
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
                a: h.a,
                b: h.b,
                ty: EntityType::Person,
                name: self.text(h.a, h.b).to_string(),
                canon: None,
                score: 0.88,
                rel: Some(cat),
                links,
                prio: 4,
                fuzzy: false,
                alts: Vec::new(),
                alt_canons: Vec::new(),
            });
        }
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
