//! A few fixed patterns: school years, language classes, named courses.

use super::*;

impl<'a> Cx<'a> {
    /// A few patterns: "Year 11", "Japanese class", "cours d'espagnol", "progrès en espagnol".
    pub(super) fn patterns(&mut self) {
        let n = self.n();
        let doc = self.doc;
        for i in 0..n {
            let w = doc.f(i);
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
            if LANGUAGES_EN.contains(&w) && self.doc.toks[i].cap {
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
            if LANGUAGES_FR.contains(&w) && !self.doc.toks[i].cap {
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
