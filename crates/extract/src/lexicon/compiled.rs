//! The generated lexicons (`data/lexicon/`: first names from INSEE, the US Census and Moby;
//! places from GeoNames, CLDR and ISO 3166-2; word clusters from GloVe and spaCy's French vectors),
//! compiled by `build.rs` into finite-state maps and hash tables that are read where they lie in the
//! program's data.

use fst::Map;

use super::packed::{self, COUNTRY, NATURAL, REGION, TOWN, WORD_EN, WORD_FR, WORD_TIME};
use crate::Lang;
use crate::fold::lexicon_key;

static FIRST_NAMES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/firstnames.fst"));
static PLACES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/places.fst"));
static EN_CLUSTERS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/en-clusters.bin"));
static FR_CLUSTERS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/fr-clusters.bin"));

/// A first name of the generated list at least this common in English or French (13 for the most
/// common, one less each time the rank doubles: 4 is about the 500th name) counts as a first
/// name; rarer ones are too often other words or surnames.
const NAME_WEIGHT: u8 = 4;

/// Towns and cities of at least 10^4 people count as places on their own; smaller ones only
/// where the sentence says a place follows.
const TOWN_BUCKET: u8 = 4;

/// What the generated list says of a first name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NameFacts {
    /// Also a common English or French word, or a month or holiday name (Rose, May, Pierre).
    pub word: bool,
}

/// What the gazetteer says of a place name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceFacts {
    /// A country, region or natural place, or a town big enough to be known on its own.
    pub major: bool,
    /// Also a common English or French word, or a month or holiday name (Mobile, Vienne).
    pub word: bool,
}

/// The compiled maps (the cluster tables are read through their statics).
pub struct Compiled {
    names: Map<&'static [u8]>,
    places: Map<&'static [u8]>,
}

impl Compiled {
    /// Opens the embedded maps (reads their headers only).
    pub fn open() -> Compiled {
        Compiled {
            names: Map::new(FIRST_NAMES).expect("first names map built by build.rs"),
            places: Map::new(PLACES).expect("places map built by build.rs"),
        }
    }

    /// A first name common enough to count, by its written form.
    pub fn first_name(&self, text: &str) -> Option<NameFacts> {
        let value = self.names.get(lexicon_key(text))?;
        let weight = [0, 12].into_iter().filter_map(|shift| packed::number(value, shift)).max()?;
        (weight >= NAME_WEIGHT).then_some(NameFacts { word: value & (WORD_EN | WORD_FR | WORD_TIME) != 0 })
    }

    /// A gazetteer place, by its written form.
    pub fn place(&self, text: &str) -> Option<PlaceFacts> {
        let value = self.places.get(lexicon_key(text))?;
        let town = value & TOWN != 0 && packed::number(value, 0).is_some_and(|b| b >= TOWN_BUCKET);
        Some(PlaceFacts {
            major: town || value & (COUNTRY | REGION | NATURAL) != 0,
            word: value & (WORD_EN | WORD_FR | WORD_TIME) != 0,
        })
    }

    /// The clusters of a folded word's vector among 256 and among 1,024 (words of like meaning share
    /// them: `data/lexicon/en-clusters.tsv`).
    pub fn clusters(lang: Lang, folded: &str) -> Option<[u16; 2]> {
        let table = match lang {
            Lang::En => EN_CLUSTERS,
            Lang::Fr => FR_CLUSTERS,
        };
        let hash = packed::cluster_hash(folded);
        let mask = table.len() / 8 - 1;
        let mut i = packed::cluster_slot(hash);
        // The table is never full (build.rs), so an empty slot ends every search.
        for _ in 0..=mask {
            let v = u64::from_le_bytes(table.get(i * 8..i * 8 + 8)?.try_into().ok()?);
            if v == 0 {
                return None;
            }
            if v >> 32 == packed::cluster_fingerprint(hash) {
                return Some([v as u16, (v >> 16) as u16]);
            }
            i = (i + 1) & mask;
        }
        None
    }

    /// Bytes of the compiled maps and tables (in the program's read-only data, resident only where read).
    pub fn size(&self) -> usize {
        FIRST_NAMES.len() + PLACES.len() + EN_CLUSTERS.len() + FR_CLUSTERS.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_like_meaning_share_a_cluster() {
        let en = |w: &str| Compiled::clusters(Lang::En, w).unwrap_or_else(|| panic!("{w} has clusters"));
        let fr = |w: &str| Compiled::clusters(Lang::Fr, w).unwrap_or_else(|| panic!("{w} has clusters"));
        // Instruments: the same cluster among 256, and the rarer ones among 1,024 too.
        assert_eq!(en("guitar")[0], en("mandolin")[0]);
        assert_eq!(en("mandolin")[1], en("banjo")[1]);
        assert_ne!(en("guitar")[0], en("wedding")[0]);
        assert_eq!(fr("guitare"), fr("mandoline"));
        assert_ne!(fr("guitare")[0], fr("retraite")[0]);
        // Folded forms are the keys; a word with no vector has none; each language has its own table.
        assert!(Compiled::clusters(Lang::Fr, "bapteme").is_some());
        assert_eq!(Compiled::clusters(Lang::En, "qzxvtr"), None);
        assert_eq!(Compiled::clusters(Lang::En, ""), None);
        assert_eq!(Compiled::clusters(Lang::Fr, "mandolin"), None);
    }

    #[test]
    fn every_word_of_the_cluster_files_finds_its_own_row() {
        for (lang, text) in [
            (Lang::En, include_str!("../../data/lexicon/en-clusters.tsv")),
            (Lang::Fr, include_str!("../../data/lexicon/fr-clusters.tsv")),
        ] {
            let mut rows = 0;
            let mut seen = std::collections::HashSet::new();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let cols: Vec<&str> = line.split('\t').collect();
                let word = crate::fold::fold(cols[0]);
                // Two rows that fold alike ("o", "ø"): the first is kept.
                if !seen.insert(word.clone()) {
                    continue;
                }
                let want = [cols[1].parse().unwrap(), cols[2].parse().unwrap()];
                assert_eq!(Compiled::clusters(lang, &word), Some(want), "{line}");
                rows += 1;
            }
            assert!(rows > 50_000, "{lang:?}: {rows} rows");
        }
    }
}
