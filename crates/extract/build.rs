//! Compiles the generated lexicons of `data/lexicon/` (first names and places, tens of thousands of
//! rows) into finite-state maps (`fst`), and the word clusters into hash tables, written to
//! `OUT_DIR`. The crate embeds their bytes and
//! reads them in place: nothing is parsed or allocated at start-up, and a lookup touches a few
//! pages of the program's read-only data.

use std::collections::BTreeMap;
use std::path::Path;

#[allow(dead_code)]
#[path = "src/fold.rs"]
mod fold;

// Shared with the crate, which reads what this writes: each side uses its half.
#[allow(dead_code)]
#[path = "src/lexicon/packed.rs"]
mod packed;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let data = Path::new("data/lexicon");
    compile(&data.join("firstnames.tsv"), &Path::new(&out).join("firstnames.fst"), packed::first_name_row);
    compile(&data.join("places.tsv"), &Path::new(&out).join("places.fst"), packed::place_row);
    for lang in ["en", "fr"] {
        let name = format!("{lang}-clusters");
        cluster_table(&data.join(format!("{name}.tsv")), &Path::new(&out).join(format!("{name}.bin")));
        println!("cargo::rerun-if-changed=data/lexicon/{name}.tsv");
    }
    println!("cargo::rerun-if-changed=data/lexicon/firstnames.tsv");
    println!("cargo::rerun-if-changed=data/lexicon/places.tsv");
    println!("cargo::rerun-if-changed=src/fold.rs");
    println!("cargo::rerun-if-changed=src/lexicon/packed.rs");
}

/// One map from each row's folded name to its packed value; rows of the same key are merged.
fn compile(source: &Path, target: &Path, row: fn(&[&str]) -> Option<(String, u64)>) {
    let text = std::fs::read_to_string(source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    let mut map: BTreeMap<String, u64> = BTreeMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        if let Some((name, value)) = row(&cols) {
            let key = fold::lexicon_key(&name);
            if key.is_empty() {
                continue;
            }
            map.entry(key).and_modify(|v| *v = packed::merge(*v, value)).or_insert(value);
        }
    }
    let bytes = fst::Map::from_iter(map).expect("keys are sorted and unique").into_fst().into_inner();
    std::fs::write(target, bytes).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}

/// The hash table of a word-cluster file (`packed::CLUSTER_BITS`), keyed by the word folded as the
/// crate folds it; a word written twice keeps its first row. A malformed row, or two words of one
/// fingerprint, stop the build.
fn cluster_table(source: &Path, target: &Path) {
    let text = std::fs::read_to_string(source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
    let slots = 1usize << packed::CLUSTER_BITS;
    let mut table = vec![0u64; slots];
    let mut seen = std::collections::HashSet::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let word = fold::fold(cols[0]);
        if !seen.insert(word.clone()) {
            continue;
        }
        let hash = packed::cluster_hash(&word);
        let entry = packed::cluster_entry(hash, &cols)
            .unwrap_or_else(|| panic!("{}: not a row of word, cluster, cluster: {line}", source.display()));
        let mut i = packed::cluster_slot(hash);
        while table[i] != 0 {
            assert!(
                table[i] >> 32 != packed::cluster_fingerprint(hash),
                "{}: {word} has another word's fingerprint",
                source.display()
            );
            i = (i + 1) % slots;
        }
        table[i] = entry;
        assert!(seen.len() * 5 < slots * 4, "{}: more words than the table holds well", source.display());
    }
    let bytes: Vec<u8> = table.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(target, bytes).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
}
