//! Resolution: overlaps between candidates, linking to the writer's entities, de-duplication and the final results.

use super::*;

impl<'a> Cx<'a> {
    pub(super) fn resolve(&mut self) {
        let mut ms = std::mem::take(&mut self.out);
        // Same type overlapping: keep the stronger source, then the longer, then the surer.
        ms.sort_by(|x, y| {
            y.prio
                .cmp(&x.prio)
                .then((y.b - y.a).cmp(&(x.b - x.a)))
                .then(y.score.partial_cmp(&x.score).unwrap_or(std::cmp::Ordering::Equal))
                .then(x.a.cmp(&y.a))
        });
        let mut kept: Vec<Mention> = Vec::with_capacity(ms.len());
        // Few mentions: scan them; many (a huge text): index them by token.
        let indexed = ms.len() > 256;
        let mut occ: Vec<Vec<u32>> = if indexed { vec![Vec::new(); self.n()] } else { Vec::new() };
        let mut near: Vec<u32> = Vec::new();
        for m in ms {
            near.clear();
            if indexed {
                near.extend((m.a..=m.b).flat_map(|t| occ[t].iter().copied()));
                near.sort_unstable();
                near.dedup();
            } else {
                near.extend(0..kept.len() as u32);
            }
            let clash = near.iter().map(|&ki| &kept[ki as usize]).any(|k| {
                let overlap = k.a <= m.b && m.a <= k.b;
                if !overlap {
                    return false;
                }
                if k.ty == m.ty {
                    return true;
                }
                // Same words read as two types: keep the first (stronger).
                if k.a == m.a && k.b == m.b {
                    return true;
                }
                // Content words inside a name are part of the name.
                let inside = k.a <= m.a && m.b <= k.b;
                inside
                    && matches!(k.ty, EntityType::Person | EntityType::Location)
                    && matches!(
                        m.ty,
                        EntityType::Emotion | EntityType::Activity | EntityType::Object | EntityType::LifePeriod
                    )
                    || inside && k.ty == EntityType::Object && m.ty != EntityType::Person
            });
            if !clash {
                if indexed {
                    for o in &mut occ[m.a..=m.b] {
                        o.push(kept.len() as u32);
                    }
                }
                kept.push(m);
            }
        }
        kept.sort_by_key(|m| (m.a, m.b));
        // Merge "shoebox of photos", "répétition de la chorale": two of a kind joined by of/de.
        let mut merged: Vec<Mention> = Vec::with_capacity(kept.len());
        for m in kept {
            if let Some(last) = merged.last_mut()
                && last.ty == m.ty
                && matches!(m.ty, EntityType::Object | EntityType::Activity)
                && m.a > last.b
                && m.a - last.b <= 3
                && last.links.is_empty()
                && m.links.is_empty()
            {
                let between: Vec<&str> = (last.b + 1..m.a).map(|t| self.f(t)).collect();
                let joined = !between.is_empty()
                    && matches!(between[0], "of" | "de" | "du" | "d'" | "des")
                    && between[1..].iter().all(|w| {
                        matches!(
                            *w,
                            "the"
                                | "la"
                                | "le"
                                | "l'"
                                | "les"
                                | "his"
                                | "her"
                                | "my"
                                | "their"
                                | "son"
                                | "sa"
                                | "ses"
                                | "mon"
                                | "ma"
                                | "mes"
                        )
                    });
                // Apposition: "her old sewing machine, the Singer".
                let appos = m.ty == EntityType::Object
                    && m.prio == 3
                    && between.len() <= 1
                    && between.iter().all(|w| matches!(*w, "the" | "le" | "la" | "l'"))
                    && self.doc.toks[if between.is_empty() { m.a } else { last.b + 1 }].gap & gap::COMMA != 0;
                let no_stop = (last.a + 1..=m.b).all(|t| self.doc.toks[t].gap & gap::STOP == 0);
                if (joined && (last.a + 1..=m.b).all(|t| self.doc.toks[t].gap & (gap::STOP | gap::COMMA) == 0))
                    || (appos && no_stop)
                {
                    let container = m.ty == EntityType::Object
                        && !appos
                        && last.a == last.b
                        && CONTAINERS.contains(&self.f(last.a));
                    if m.ty == EntityType::Activity {
                        last.name = self.text(last.a, m.b).to_string();
                    }
                    if !appos {
                        last.b = m.b;
                    }
                    if container {
                        // "a box of photos": the photos, found in a box.
                        let box_name = std::mem::replace(&mut last.name, m.name.clone());
                        last.alts.push(name_key(&box_name));
                    }
                    last.alts.push(name_key(&m.name));
                    last.alts.extend(m.alts.iter().cloned());
                    if let Some(c) = m.canon {
                        last.alt_canons.push(c);
                    }
                    last.score = last.score.max(m.score);
                    continue;
                }
            }
            merged.push(m);
        }
        self.out = merged;
    }

    pub(super) fn link_and_dedupe(&mut self) -> Vec<ValidationResult> {
        let mut ms = std::mem::take(&mut self.out);
        for m in &mut ms {
            let mut cands = std::mem::take(&mut m.links);
            if cands.is_empty() {
                cands = self.cached_link(&m.name, m.ty, m.fuzzy);
            } else {
                self.m.link(&m.name, m.ty, m.fuzzy, &mut cands);
            }
            if let Some(c) = m.canon
                && matches!(m.ty, EntityType::Activity | EntityType::Emotion)
                && self.m.has_type(m.ty)
            {
                let cn = &self.ll.canon[c as usize];
                if name_key(cn) != name_key(&m.name) {
                    self.m.link(cn, m.ty, false, &mut cands);
                }
            }
            cands.sort_by(|x, y| y.conf.partial_cmp(&x.conf).unwrap_or(std::cmp::Ordering::Equal));
            m.links = cands;
        }
        let mut results: Vec<ValidationResult> = Vec::with_capacity(ms.len());
        let mut seen_ids: crate::fxhash::FxSet<i64> = Default::default();
        let mut seen_keys: crate::fxhash::FxSet<(EntityType, String)> = Default::default();
        let mut seen_canon: crate::fxhash::FxSet<(EntityType, u32)> = Default::default();
        let mut seen_object_words: crate::fxhash::FxSet<String> = Default::default();
        for m in ms {
            let top = m.links.first().copied();
            let rec = top.filter(|c| c.conf >= 0.5).map(|c| self.m.ents[c.ent as usize].id);
            if let Some(id) = rec
                && top.is_some_and(|c| c.conf >= 0.7)
                && !seen_ids.insert(id)
            {
                continue;
            }
            let key = name_key(&m.name);
            if m.ty == EntityType::Object && m.links.is_empty() {
                let words: Vec<String> =
                    object_words(&key).chain(m.alts.iter().flat_map(|k| object_words(k))).collect();
                if words.iter().any(|w| seen_object_words.contains(w)) {
                    continue;
                }
                seen_object_words.extend(words);
            }
            if seen_keys.contains(&(m.ty, key.clone())) || m.alts.iter().any(|k| seen_keys.contains(&(m.ty, k.clone())))
            {
                continue;
            }
            seen_keys.insert((m.ty, key));
            for k in &m.alts {
                seen_keys.insert((m.ty, k.clone()));
            }
            if let Some(c) = m.canon
                && matches!(m.ty, EntityType::Activity | EntityType::Emotion | EntityType::LifePeriod)
            {
                if m.alt_canons.iter().chain(std::iter::once(&c)).any(|c| seen_canon.contains(&(m.ty, *c))) {
                    continue;
                }
                seen_canon.insert((m.ty, c));
                for c in &m.alt_canons {
                    seen_canon.insert((m.ty, *c));
                }
            }
            results.push(self.result(m));
        }
        results
    }

    fn result(&self, m: Mention) -> ValidationResult {
        let top = m.links.first().copied();
        let second = m.links.get(1).copied();
        let (action, rec) = match top {
            Some(t) if t.conf >= 0.7 => {
                let close = second.filter(|s| t.conf - s.conf < 0.05);
                let action = match close {
                    // Two existing entities fit equally well: likely duplicates of each other.
                    Some(s) if s.conf >= 0.8 => SuggestedAction::MergeEntities,
                    // Two weak, equal candidates ("Tahoe": Lake Tahoe or Tahoe City?): let the
                    // writer choose.
                    Some(_) if t.conf < 0.8 => SuggestedAction::AddAsAlias,
                    _ => SuggestedAction::UseExisting,
                };
                (action, Some(t))
            }
            Some(t) if t.conf >= 0.5 => (SuggestedAction::AddAsAlias, Some(t)),
            _ => (SuggestedAction::CreateNew, None),
        };
        let mut score = m.score;
        if let Some(t) = rec {
            if t.conf >= 0.85 {
                score = score.max(0.6 + 0.4 * t.conf);
            } else if t.conf >= 0.7 {
                score = score.max(0.8);
            }
        }
        let rel = m.rel.or_else(|| {
            let t = rec?;
            if m.ty == EntityType::Person { self.m.ents[t.ent as usize].category.clone() } else { None }
        });
        let matches = m
            .links
            .iter()
            .take(5)
            .map(|c| {
                let e = &self.m.ents[c.ent as usize];
                EntityMatch {
                    entity_id: e.id,
                    name: e.name.clone(),
                    entity_type: e.entity_type,
                    confidence: (f64::from(c.conf) * 100.0).round() / 100.0,
                    reason: c.reason.text(self.m.cats[c.ent as usize].as_deref()),
                }
            })
            .collect();
        ValidationResult {
            extracted_name: m.name,
            extracted_type: m.ty,
            extracted_confidence: (score * 100.0).round().clamp(0.0, 100.0) as u8,
            extracted_relationship: if m.ty == EntityType::Person { rel } else { None },
            suggested_action: action,
            recommended_entity_id: rec.map(|c| self.m.ents[c.ent as usize].id),
            matches,
        }
    }
}

/// Content words of an object name ("grandma's old ring" -> grandma, ring), for de-duplication.
fn object_words(key: &str) -> impl Iterator<Item = String> + '_ {
    let lex = &*LEX;
    key.split(' ')
        .map(|w| w.trim_end_matches("'s").trim_matches('\''))
        .filter(|w| {
            w.chars().count() >= 3 && !lex.stop.contains(*w) && !OBJECT_ADJ.contains(w) && !lex.is_first_name(w)
        })
        .filter(|w| {
            !matches!(
                *w,
                "mum" | "dad" | "papa" | "maman" | "mamie" | "papy" | "granny" | "grandma" | "grandpa" | "grandad"
            )
        })
        .map(str::to_string)
}
