//! Throughput benchmark (not a test): memories per second on one thread with 2,000 existing
//! entities, and the time to prepare a matcher for 10,000 entities. Everything is generated
//! deterministically. Run with `cargo bench -p lifegraph-extract`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use lifegraph_extract::{EntityType, KnownEntity, Lang, Matcher, MemoryText};

/// Small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn pick<'a>(&mut self, xs: &'a [&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

const FIRST: &[&str] = &[
    "Claire", "Léa", "Marc", "Hugo", "Zoé", "Tom", "Priya", "Noah", "Inès", "Karim", "Sophie", "Julien", "Emma",
    "Oliver", "Chloé", "Théo", "Grace", "Amir", "Lucie", "Daniel", "Margaux", "Yann", "Ava", "Isla", "Rafael", "Nadia",
    "Bastien", "Camille", "Jade", "Louis",
];
const LAST: &[&str] = &[
    "Martin", "Bernard", "Dubois", "Smith", "Jones", "Taylor", "Moreau", "Laurent", "Okafor", "Tanaka", "Garnier",
    "Roux", "Fournier", "Brown", "Wilson", "Lefèvre", "Girard", "Bonnet", "Clarke", "Walker",
];
const PLACE_WORDS: &[&str] = &["Lake", "Mount", "Café", "Rue", "Park", "Hill", "Bay", "Saint", "Camp", "Port"];
const PLACE_NAMES: &[&str] =
    &["Tahoe", "Rivoli", "Flore", "Hollis", "Aurora", "Cedar", "Marigold", "Beacon", "Juniper", "Harbor"];
const CATEGORIES: &[&str] =
    &["friend", "colleague", "cousin", "sister", "brother", "mother", "father", "partner", "neighbor", "other"];

fn entities(n: usize, seed: u64) -> Vec<KnownEntity> {
    let mut rng = Rng(seed);
    (0..n)
        .map(|i| {
            let id = i as i64 + 1;
            match i % 5 {
                0 | 1 => KnownEntity {
                    id,
                    name: format!("{} {}{}", rng.pick(FIRST), rng.pick(LAST), i / 600),
                    entity_type: EntityType::Person,
                    aliases: vec![format!("{}{}", rng.pick(FIRST), i % 97)],
                    category: Some(rng.pick(CATEGORIES).to_string()),
                },
                2 => KnownEntity {
                    id,
                    name: format!("{} {}{}", rng.pick(PLACE_WORDS), rng.pick(PLACE_NAMES), i),
                    entity_type: EntityType::Location,
                    aliases: vec![],
                    category: None,
                },
                3 => KnownEntity {
                    id,
                    name: format!(
                        "{}'s {} {}",
                        rng.pick(FIRST),
                        rng.pick(&["guitar", "ring", "bike", "scarf", "album"]),
                        i
                    ),
                    entity_type: EntityType::Object,
                    aliases: vec![],
                    category: None,
                },
                _ => KnownEntity {
                    id,
                    name: format!(
                        "{} {}",
                        rng.pick(&["summer camp", "first job", "retirement", "lycée", "Erasmus"]),
                        i
                    ),
                    entity_type: EntityType::LifePeriod,
                    aliases: vec![],
                    category: None,
                },
            }
        })
        .collect()
}

const EN: &[&str] = &[
    "Spent the afternoon with {P} at {L}, and I felt so proud of us.",
    "My sister called from {C} while I was cooking; honestly a bit nostalgic.",
    "We went hiking near {L} with {P} and the dog, then had crêpes in {C}.",
    "{P} lent me her old guitar, the one Grandma gave her after high school.",
    "Rain all day. Walked to the post office, called the bank about the mortgage.",
    "Mum says we're too loud, but I was happy, relieved and a little anxious.",
    "Dinner at {P}'s flat in {C}; we laughed about the summer job at {L}.",
];
const FR: &[&str] = &[
    "Journée à {C} avec {P}, on a fait une randonnée jusqu'au {L}, j'étais tellement heureuse.",
    "Ma sœur m'a appelée depuis {C} pendant que je cuisinais, un peu nostalgique.",
    "{P} m'a offert la bague de ma grand-mère, quelle émotion.",
    "Mardi gris. J'ai rangé la cave, appelé la banque, attendu le plombier.",
    "Papa et Maman sont venus à {C}, on a joué aux échecs jusqu'à minuit.",
    "Premier jour de la retraite, un café sur la terrasse avec {P}, je suis apaisée.",
];
const CITIES: &[&str] =
    &["Lyon", "Paris", "Kyoto", "Leeds", "Montréal", "Bordeaux", "Dublin", "Nantes", "Bath", "Porto"];

fn memory(rng: &mut Rng, known: &[KnownEntity]) -> (String, Lang) {
    let lang = if rng.next().is_multiple_of(2) { Lang::En } else { Lang::Fr };
    let templates = if lang == Lang::En { EN } else { FR };
    let mut s = String::with_capacity(1100);
    s.push_str(if lang == Lang::En { "A day to remember\n" } else { "Une belle journée\n" });
    while s.len() < 1000 {
        let t = rng.pick(templates);
        let person = &known[(rng.next() % known.len() as u64) as usize];
        let place = &known[(rng.next() % known.len() as u64) as usize];
        let p = person.name.split(' ').next().unwrap_or("Claire");
        let line = t.replace("{P}", p).replace("{L}", &place.name).replace("{C}", rng.pick(CITIES));
        s.push_str(&line);
        s.push(' ');
    }
    (s, lang)
}

/// CPU time of this thread (Linux), so the figure means "one core" even when other work shares
/// the machine; `None` elsewhere.
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// A figure of /proc/self/status in kB (Linux); `None` elsewhere.
fn status_kb(field: &str) -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with(field) && l[field.len()..].starts_with(':'))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    // One-time lexicon load, measured on its own, with the memory it takes.
    let before = (status_kb("RssAnon"), status_kb("RssFile"));
    let t0 = Instant::now();
    black_box(lifegraph_extract::extract("Warm up\nWith Claire in Lyon.", None, &[]));
    let lexicon_load = t0.elapsed();
    let after = (status_kb("RssAnon"), status_kb("RssFile"));

    let known = entities(2_000, 42);
    let matcher = Matcher::new(&known);
    let mut rng = Rng(7);
    let memories: Vec<(String, Lang)> = (0..2_000).map(|_| memory(&mut rng, &known)).collect();
    let avg_len = memories.iter().map(|(m, _)| m.chars().count()).sum::<usize>() / memories.len();

    // Warm caches, then time several passes over the corpus.
    for (m, lang) in memories.iter().take(200) {
        black_box(matcher.extract(&MemoryText { title: "", details: m, lang: Some(*lang) }));
    }
    let mut done = 0usize;
    let mut results = 0usize;
    let cpu0 = thread_cpu();
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(3) {
        for (m, lang) in &memories {
            let (title, details) = m.split_once('\n').unwrap_or(("", m));
            let rs = matcher.extract(&MemoryText { title, details, lang: Some(*lang) });
            results += rs.len();
            done += 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let wall_rate = done as f64 / secs;
    let cpu_rate = match (cpu0, thread_cpu()) {
        (Some(a), Some(b)) if b > a => Some(done as f64 / (b - a).as_secs_f64()),
        _ => None,
    };
    let rate = cpu_rate.unwrap_or(wall_rate);

    // Language detection on: the server may not pass the language.
    let start = Instant::now();
    for (m, _) in &memories {
        black_box(matcher.extract(&MemoryText { title: "", details: m, lang: None }));
    }
    let rate_detect = memories.len() as f64 / start.elapsed().as_secs_f64();

    let prep = |n: usize| {
        let ents = entities(n, 1234);
        let mut times: Vec<Duration> = (0..7)
            .map(|_| {
                let c = thread_cpu();
                let t = Instant::now();
                black_box(Matcher::new(&ents));
                let wall = t.elapsed();
                match (c, thread_cpu()) {
                    (Some(a), Some(b)) if b > a => b - a,
                    _ => wall,
                }
            })
            .collect();
        times.sort();
        times[times.len() / 2]
    };
    let prep_2k = prep(2_000);
    let prep_10k = prep(10_000);

    println!("lifegraph-extract throughput (one thread)");
    println!("  lexicon load (once per process): {:.1} ms", lexicon_load.as_secs_f64() * 1e3);
    if let ((Some(a0), Some(f0)), (Some(a1), Some(f1))) = (before, after) {
        println!(
            "  memory the engine adds to a process: {:.1} MB of its own (lexicon automata and tables), {:.1} MB \
             of the program's pages read (compiled maps and tables of {:.1} MB embedded, read where they lie)",
            (a1.saturating_sub(a0)) as f64 / 1e3,
            (f1.saturating_sub(f0)) as f64 / 1e3,
            lifegraph_extract::compiled_lexicon_bytes() as f64 / 1e6,
        );
    }
    println!(
        "  extraction: {rate:.0} memories/s per core ({:.1} µs of CPU each; wall clock {wall_rate:.0}/s), {done} memories of ~{avg_len} chars, 2,000 known entities, {:.1} results/memory",
        1e6 / rate,
        results as f64 / done as f64
    );
    println!("  extraction with language detection: {rate_detect:.0} memories/s");
    println!(
        "  matcher preparation (CPU time): 2,000 entities {:.1} ms, 10,000 entities {:.1} ms (median of 7)",
        prep_2k.as_secs_f64() * 1e3,
        prep_10k.as_secs_f64() * 1e3
    );
    println!(
        "  bars: >= 5,000 memories/s {}, 10,000-entity preparation < 50 ms {}",
        if rate >= 5_000.0 { "met" } else { "NOT met" },
        if prep_10k < Duration::from_millis(50) { "met" } else { "NOT met" }
    );
}
