//! The generated lexicons (`data/lexicon/`: first names from INSEE, the US Census and Moby;
//! places from GeoNames, CLDR and ISO 3166-2), compiled by `build.rs` into finite-state maps that
//! are read where they lie in the program's data.

use fst::Map;

use super::packed::{self, COUNTRY, NATURAL, REGION, TOWN, WORD_EN, WORD_FR, WORD_TIME};
use crate::fold::lexicon_key;

static FIRST_NAMES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/firstnames.fst"));
static PLACES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/places.fst"));

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

/// The compiled maps.
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

    /// Bytes of the two maps (in the program's read-only data, resident only where read).
    pub fn size(&self) -> usize {
        FIRST_NAMES.len() + PLACES.len()
    }
}
