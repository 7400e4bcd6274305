//! The values of the compiled lexicons: what one row of `data/lexicon/firstnames.tsv` or
//! `places.tsv` says, packed into the `u64` of its finite-state map, and the slots of the
//! word-cluster tables. Shared by `build.rs`, which writes them, and the crate, which reads them.

/// A weight or population bucket the source does not give.
pub const UNKNOWN: u64 = 15;

/// `word` column: the name is also a common English word.
pub const WORD_EN: u64 = 1 << 8;
/// `word` column: the name is also a common French word.
pub const WORD_FR: u64 = 1 << 9;
/// `word` column: the name is also a month, day or holiday.
pub const WORD_TIME: u64 = 1 << 10;

/// Place kinds (`kind` column).
pub const COUNTRY: u64 = 1 << 4;
/// A region (ISO 3166-2 subdivision).
pub const REGION: u64 = 1 << 5;
/// A town or city.
pub const TOWN: u64 = 1 << 6;
/// A natural place.
pub const NATURAL: u64 = 1 << 7;

fn word_flags(column: &str) -> u64 {
    let mut flags = 0;
    for c in column.chars() {
        flags |= match c {
            'e' => WORD_EN,
            'f' => WORD_FR,
            't' => WORD_TIME,
            _ => 0,
        };
    }
    flags
}

/// A 4-bit number column (`-` or anything else unreadable: [`UNKNOWN`]).
fn nibble(column: &str) -> u64 {
    column.parse::<u64>().ok().filter(|n| *n < UNKNOWN).unwrap_or(UNKNOWN)
}

/// The larger of two 4-bit numbers at `shift`, where [`UNKNOWN`] counts as the least.
fn max_nibble(a: u64, b: u64, shift: u32) -> u64 {
    let (x, y) = ((a >> shift) & 15, (b >> shift) & 15);
    match (x, y) {
        (UNKNOWN, _) => y,
        (_, UNKNOWN) => x,
        _ => x.max(y),
    }
}

/// `name en en_sex fr fr_sex word`: the English weight in bits 0-3, the French one in bits
/// 12-15 (13 for the most common names, one less each time the rank doubles), the word flags.
pub fn first_name_row(cols: &[&str]) -> Option<(String, u64)> {
    let [name, en, _, fr, _, word, ..] = cols else { return None };
    Some((name.to_string(), nibble(en) | nibble(fr) << 12 | word_flags(word)))
}

/// `name kind cc pop lang word canon`: the population bucket (floor of log10) in bits 0-3, the
/// kind, the word flags.
pub fn place_row(cols: &[&str]) -> Option<(String, u64)> {
    let [name, kind, _, pop, _, word, ..] = cols else { return None };
    let kind = match *kind {
        "C" => COUNTRY,
        "R" => REGION,
        "P" => TOWN,
        "N" => NATURAL,
        _ => 0,
    };
    Some((name.to_string(), nibble(pop) | kind | word_flags(word)))
}

/// Two rows of the same key: the larger numbers, and every flag of either.
pub fn merge(a: u64, b: u64) -> u64 {
    let flags = (a | b) & !(15 | 15 << 12);
    flags | max_nibble(a, b, 0) | max_nibble(a, b, 12) << 12
}

/// The number at `shift`, `None` when unknown.
pub fn number(value: u64, shift: u32) -> Option<u8> {
    let n = (value >> shift) & 15;
    (n != UNKNOWN).then_some(n as u8)
}

/// The word-cluster tables (`data/lexicon/{en,fr}-clusters.tsv`) are open-addressing hash tables of
/// 2^CLUSTER_BITS slots of a little-endian `u64` each, 0 for an empty slot: a word is found in one
/// or two reads of the program's data, with nothing to load.
pub const CLUSTER_BITS: u32 = 17;

/// The hash a folded word is filed under: FNV-1a over its bytes, then MurmurHash3's finaliser, so
/// that every bit of it depends on every byte. (The crate's Fx hash, which reads eight bytes at a
/// time, gave "desperate" and "desperado" the same 64 bits.)
pub fn cluster_hash(folded: &str) -> u64 {
    let mut x = folded.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Where a word's search starts: the low bits of its hash.
pub fn cluster_slot(hash: u64) -> usize {
    (hash & ((1 << CLUSTER_BITS) - 1)) as usize
}

/// What a slot holds of the word it was filled for: the high 32 bits of its hash (never 0), which
/// the slot does not depend on. `build.rs` refuses two words of one fingerprint in a table.
pub fn cluster_fingerprint(hash: u64) -> u64 {
    (hash >> 32) | 1
}

/// `word c256 c1024`: a filled slot (fingerprint, then the clusters among 1,024 and 256).
pub fn cluster_entry(hash: u64, cols: &[&str]) -> Option<u64> {
    let [_, c256, c1024] = cols else { return None };
    let (c256, c1024) = (c256.parse::<u64>().ok()?, c1024.parse::<u64>().ok()?);
    (c256 < 1 << 16 && c1024 < 1 << 16).then_some(cluster_fingerprint(hash) << 32 | c1024 << 16 | c256)
}
