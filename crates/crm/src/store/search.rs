//! How a search for `q` finds its clients among a million: the trigram statistics and the plan.
//!
//! Both engines have a trigram index over `search_text` (PostgreSQL `pg_trgm`, SQLite FTS5's trigram
//! tokenizer). Asking it for *every* trigram of a term is what made rare terms slow: an e-mail's
//! `exa`, `com`, `.br` are in every row, so the index reads a million postings to find one client
//! (675 ms on PostgreSQL, ~10 searches/s on SQLite). A few well-chosen trigrams narrow the rows as well,
//! so a search looks up at most [`MAX_TRIGRAMS`] of them and then tests the whole term on those rows
//! only. They are chosen on a sample of the table ([`TrigramStats`]): first the rarest, then each time
//! the one that leaves the fewest sampled rows holding all chosen so far. Counting on the sample rather
//! than multiplying frequencies matters: a surname's trigrams come together (`sil`, `lva`), while the
//! trigram across two words of a name (`a s` in `maria silva`) narrows a lot.
//!
//! The statistics also decide between the two ways to read a page ([`Plan`]): from those candidate
//! rows, sorted, when they are few; otherwise by walking the sort index and stopping after one page,
//! which for a common term (`silva`, in ~5 % of rows) finds a page within a few thousand entries.
//! The plan never changes *what* is found, only how fast: either way every row is tested against the
//! whole term (`store::list`), and the candidate rows are a superset of the matches.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use platform::db::Db;
use rand::Rng;

/// Rows sampled to estimate how often each trigram occurs: a trigram in 0.025 % of rows is seen.
const SAMPLE_ROWS: usize = 4_000;
/// The statistics are taken again after this long (the table grows; a stale estimate only costs speed).
const STATS_TTL: Duration = Duration::from_secs(600);
/// At most this many trigrams are looked up per term.
pub const MAX_TRIGRAMS: usize = 4;
/// Stop adding trigrams once this few candidate rows are expected.
const ENOUGH_CANDIDATES: f64 = 200.0;
/// Reading and testing one candidate row costs about this many entries of a sort-index walk (measured
/// at a million rows: ~6 µs per candidate against ~0.25 µs per entry on PostgreSQL, ~3 µs against
/// ~0.5 µs on SQLite).
const CANDIDATE_COST: f64 = 10.0;

/// Three characters packed 21 bits each (every `char` fits in 21 bits).
type Trigram = u64;

fn pack(t: [char; 3]) -> Trigram {
    (u64::from(t[0]) << 42) | (u64::from(t[1]) << 21) | u64::from(t[2])
}

/// Every three-character window of `text`.
fn windows(text: &str) -> impl Iterator<Item = [char; 3]> + '_ {
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len().saturating_sub(2)).map(move |i| [chars[i], chars[i + 1], chars[i + 2]])
}

/// How often each trigram occurs in `search_text`, estimated from a sample of rows.
#[derive(Debug, Clone)]
pub struct TrigramStats {
    /// Estimated rows in the table.
    rows: f64,
    /// Rows in the sample.
    sampled: usize,
    /// The sampled rows (their positions in `texts`, ascending) holding each trigram.
    postings: HashMap<Trigram, Vec<u32>>,
    /// The sampled rows, to count those holding the whole term.
    texts: Vec<String>,
    taken_at: Instant,
}

impl TrigramStats {
    /// Statistics from `texts`, a sample of the `search_text` of a table of about `rows` rows.
    pub fn from_sample(rows: f64, texts: Vec<String>) -> TrigramStats {
        let mut postings: HashMap<Trigram, Vec<u32>> = HashMap::new();
        let sampled = texts.len();
        let mut seen: Vec<Trigram> = Vec::new();
        for (row, text) in (0u32..).zip(&texts) {
            seen.clear();
            seen.extend(windows(text).map(pack));
            seen.sort_unstable();
            seen.dedup();
            for t in &seen {
                postings.entry(*t).or_default().push(row);
            }
        }
        TrigramStats {
            rows: rows.max(sampled as f64),
            sampled,
            postings,
            texts,
            taken_at: Instant::now(),
        }
    }

    /// The table's estimated rows and how many of them the sample holds.
    #[cfg(test)]
    pub fn size(&self) -> (f64, usize) {
        (self.rows, self.sampled)
    }

    pub fn is_stale(&self) -> bool {
        self.taken_at.elapsed() > STATS_TTL
    }

    /// The sampled rows holding `t`.
    fn rows_holding(&self, t: [char; 3]) -> &[u32] {
        self.postings.get(&pack(t)).map_or(&[], Vec::as_slice)
    }

    /// The estimated rows of the table for `sampled_rows` of the sample. Half a row is added, so that
    /// a trigram absent from the sample is still expected somewhere.
    fn rows_for(&self, sampled_rows: usize) -> f64 {
        (sampled_rows as f64 + 0.5) / self.sampled.max(1) as f64 * self.rows
    }
}

/// Which trigrams an engine's index can look up on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrigramIndex {
    /// SQLite FTS5 `tokenize = 'trigram'`: every three characters, spaces and punctuation included.
    Fts5,
    /// PostgreSQL `pg_trgm`: trigrams of words; `LIKE '%abc%'` looks `abc` up when all three are
    /// letters or digits (we keep to ASCII, whatever the database's locale).
    PgTrgm,
}

impl TrigramIndex {
    /// A trigram in more rows than this is not worth reading to narrow the candidates: FTS5 skips
    /// through a long posting list (an `AND` seeks by rowid), a pg_trgm bitmap scan reads all of it.
    fn max_narrowing_frequency(self) -> f64 {
        match self {
            TrigramIndex::Fts5 => 0.3,
            TrigramIndex::PgTrgm => 0.1,
        }
    }

    pub fn of(db: &Db) -> TrigramIndex {
        match db {
            Db::Sqlite(_) => TrigramIndex::Fts5,
            Db::Postgres(_) => TrigramIndex::PgTrgm,
        }
    }

    fn can_look_up(self, t: [char; 3]) -> bool {
        match self {
            TrigramIndex::Fts5 => t.iter().all(|c| !c.is_control()),
            TrigramIndex::PgTrgm => t.iter().all(char::is_ascii_alphanumeric),
        }
    }
}

/// How a search reads its page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    /// Walk the sort index, testing each entry, until the page is full.
    Walk,
    /// Read only the rows holding these trigrams (one list per term; a row is a candidate when it
    /// holds every trigram of any one list), then test and sort them.
    ByTrigrams(Vec<Vec<String>>),
}

/// The plan for a search for `terms` (any may match) whose page ends at row `rows_wanted` (offset +
/// page size + 1): the cheaper of reading the candidates and walking the sort index. A walk tests
/// entries until it has seen `rows_wanted` matches, about `rows_wanted × rows / matches` of them.
pub fn plan(stats: &TrigramStats, index: TrigramIndex, terms: &[String], rows_wanted: i64) -> Plan {
    if terms.is_empty() {
        return Plan::Walk;
    }
    let mut chosen = Vec::with_capacity(terms.len());
    for term in terms {
        let Some(c) = rarest_trigrams(stats, index, term) else {
            return Plan::Walk;
        };
        chosen.push(c);
    }
    let candidates: f64 = chosen.iter().map(|c| c.candidates).sum();
    if candidates * CANDIDATE_COST >= stats.rows {
        return Plan::Walk; // a walk never reads more than the whole index
    }
    // Every match holds every chosen trigram of its term, so the matches are among those rows.
    let sampled_matches: usize = terms
        .iter()
        .zip(&chosen)
        .map(|(term, c)| {
            c.holding
                .iter()
                .filter(|r| stats.texts[**r as usize].contains(term.as_str()))
                .count()
        })
        .sum();
    let walked = rows_wanted.max(1) as f64 * stats.rows / stats.rows_for(sampled_matches);
    if candidates * CANDIDATE_COST < walked {
        Plan::ByTrigrams(chosen.into_iter().map(|c| c.trigrams).collect())
    } else {
        Plan::Walk
    }
}

/// The trigrams of `term` to look up (at most [`MAX_TRIGRAMS`]) and the number of rows expected to
/// hold them all; `None` when the index can look none up (a term shorter than three characters, say).
///
/// Greedy on the sample: the rarest trigram first, then the one that leaves the fewest sampled rows,
/// as long as it narrows them and is not too common to read.
fn rarest_trigrams(stats: &TrigramStats, index: TrigramIndex, term: &str) -> Option<Chosen> {
    let mut options: Vec<[char; 3]> = windows(term).filter(|t| index.can_look_up(*t)).collect();
    options.sort_unstable();
    options.dedup();
    options.sort_by_key(|t| stats.rows_holding(*t).len());
    let first = *options.first()?;
    let too_common = (index.max_narrowing_frequency() * stats.sampled as f64) as usize;
    let mut chosen = vec![first];
    let mut holding: Vec<u32> = stats.rows_holding(first).to_vec();
    while chosen.len() < MAX_TRIGRAMS && stats.rows_for(holding.len()) > ENOUGH_CANDIDATES {
        let best = options
            .iter()
            .filter(|t| !chosen.contains(t) && stats.rows_holding(**t).len() <= too_common)
            .map(|t| {
                let rows = stats.rows_holding(*t);
                let left = holding
                    .iter()
                    .filter(|r| rows.binary_search(r).is_ok())
                    .count();
                (left, *t)
            })
            .min_by_key(|(left, _)| *left);
        match best {
            Some((left, t)) if left < holding.len() => {
                let rows = stats.rows_holding(t);
                holding.retain(|r| rows.binary_search(r).is_ok());
                chosen.push(t);
            }
            _ => break,
        }
    }
    Some(Chosen {
        trigrams: chosen.iter().map(|t| t.iter().collect()).collect(),
        candidates: stats.rows_for(holding.len()),
        holding,
    })
}

/// A term's trigrams to look up, the rows expected to hold them all, and the sampled rows that do.
struct Chosen {
    trigrams: Vec<String>,
    candidates: f64,
    holding: Vec<u32>,
}

/// The statistics the searches share: taken by the first search (or at start-up), then refreshed in the
/// background when stale, so no search waits for a refresh (sampling a million rows takes ~0.1–0.3 s).
#[derive(Default)]
pub struct StatsCache {
    current: Arc<RwLock<Option<Arc<TrigramStats>>>>,
    /// Held while statistics are taken, so concurrent searches take them once.
    taking: Arc<tokio::sync::Mutex<()>>,
}

impl StatsCache {
    pub async fn get(&self, db: &Db) -> Result<Arc<TrigramStats>, sqlx::Error> {
        if let Some(stats) = self.current() {
            if stats.is_stale() {
                self.refresh_in_background(db);
            }
            return Ok(stats);
        }
        let _taking = self.taking.lock().await;
        if let Some(stats) = self.current() {
            return Ok(stats); // taken by the search that held the lock
        }
        let stats = Arc::new(sample(db).await?);
        put(&self.current, stats.clone());
        Ok(stats)
    }

    fn current(&self) -> Option<Arc<TrigramStats>> {
        self.current
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn refresh_in_background(&self, db: &Db) {
        let Ok(taking) = Arc::clone(&self.taking).try_lock_owned() else {
            return; // a refresh is already running
        };
        let (db, current) = (db.clone(), Arc::clone(&self.current));
        tokio::spawn(async move {
            let _taking = taking;
            match sample(&db).await {
                Ok(stats) => put(&current, Arc::new(stats)),
                Err(e) => tracing::warn!(error = %e, "search statistics not refreshed"),
            }
        });
    }
}

fn put(slot: &RwLock<Option<Arc<TrigramStats>>>, stats: Arc<TrigramStats>) {
    *slot.write().unwrap_or_else(|e| e.into_inner()) = Some(stats);
}

/// Samples the table's `search_text` (all of it when small).
pub async fn sample(db: &Db) -> Result<TrigramStats, sqlx::Error> {
    let (rows, texts): (f64, Vec<String>) = match db {
        Db::Sqlite(pool) => {
            // Rowids are dense here (clients are archived, never deleted), so rows at random rowids
            // are a random sample; a missing one is simply not found. Runs of consecutive rowids
            // share table pages: 40 runs of 100 read ~10× fewer pages than 4,000 scattered rows.
            let max_rowid: Option<i64> = sqlx::query_scalar("SELECT max(rowid) FROM crm_clients")
                .fetch_one(pool)
                .await?;
            let max_rowid = max_rowid.unwrap_or(0);
            if max_rowid <= SAMPLE_ROWS as i64 {
                let texts: Vec<String> = sqlx::query_scalar("SELECT search_text FROM crm_clients")
                    .fetch_all(pool)
                    .await?;
                (texts.len() as f64, texts)
            } else {
                const RUN: i64 = 100;
                let rowids: Vec<i64> = {
                    let mut rng = rand::thread_rng();
                    (0..SAMPLE_ROWS as i64 / RUN)
                        .flat_map(|_| {
                            let start = rng.gen_range(1..=max_rowid - RUN + 1);
                            start..start + RUN
                        })
                        .collect()
                };
                let json = serde_json::to_string(&rowids).unwrap_or_else(|_| "[]".into());
                let texts: Vec<String> = sqlx::query_scalar(
                    "SELECT search_text FROM crm_clients \
                     WHERE rowid IN (SELECT value FROM json_each($1))",
                )
                .bind(json)
                .fetch_all(pool)
                .await?;
                (max_rowid as f64, texts)
            }
        }
        Db::Postgres(pool) => {
            // The planner's row estimate (kept by autovacuum); counted only when it is small or
            // missing (never analyzed), where counting is cheap or unavoidable.
            let estimate: f32 = sqlx::query_scalar(
                "SELECT reltuples FROM pg_class WHERE oid = 'crm_clients'::regclass",
            )
            .fetch_one(pool)
            .await?;
            let rows: i64 = if estimate > SAMPLE_ROWS as f32 {
                estimate as i64
            } else {
                sqlx::query_scalar("SELECT count(*) FROM crm_clients")
                    .fetch_one(pool)
                    .await?
            };
            let sql = if rows <= SAMPLE_ROWS as i64 {
                "SELECT search_text FROM crm_clients".to_string()
            } else {
                // SYSTEM sampling reads whole pages: a few milliseconds instead of a full scan.
                let percent = (SAMPLE_ROWS as f64 * 100.0 / rows as f64).min(100.0);
                format!("SELECT search_text FROM crm_clients TABLESAMPLE SYSTEM ({percent:.4})")
            };
            let texts: Vec<String> = sqlx::query_scalar(&sql).fetch_all(pool).await?;
            (rows as f64, texts)
        }
    };
    Ok(TrigramStats::from_sample(rows, texts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// 1,000 rows: every one has "example.com.br"; 50 are "silva"; one is "claudia.martins141".
    fn stats() -> TrigramStats {
        let mut texts: Vec<String> = (0..1000)
            .map(|i| format!("pessoa numero {i} | p{i}@example.com.br"))
            .collect();
        for t in texts.iter_mut().take(50) {
            t.insert_str(0, "joao da silva ");
        }
        texts[700] = "claudia martins | claudia.martins141@example.com.br".into();
        TrigramStats::from_sample(1_000_000.0, texts)
    }

    #[test]
    fn a_rare_term_is_read_from_its_rarest_trigrams() {
        let plan = plan(
            &stats(),
            TrigramIndex::Fts5,
            &["claudia.martins141@example.com.br".into()],
            51,
        );
        let Plan::ByTrigrams(lists) = plan else {
            panic!("{plan:?}")
        };
        assert_eq!(lists.len(), 1);
        assert!(!lists[0].is_empty() && lists[0].len() <= MAX_TRIGRAMS);
        for t in &lists[0] {
            assert!(
                !"example.com.br".contains(t.as_str()),
                "{t} is in every row"
            );
        }
    }

    #[test]
    fn a_common_term_walks_the_sort_index() {
        assert_eq!(
            plan(&stats(), TrigramIndex::PgTrgm, &["silva".into()], 51),
            Plan::Walk
        );
        assert_eq!(
            plan(&stats(), TrigramIndex::Fts5, &["example".into()], 51),
            Plan::Walk
        );
    }

    #[test]
    fn a_deep_page_of_a_common_term_reads_the_candidates() {
        // "silva" in 5 %: page 1 is ~1,000 entries into the walk; row 100,000 is past the whole index,
        // while reading the ~50,000 candidates costs half of that.
        let walk = plan(&stats(), TrigramIndex::Fts5, &["silva".into()], 51);
        assert_eq!(walk, Plan::Walk);
        let deep = plan(&stats(), TrigramIndex::Fts5, &["silva".into()], 100_000);
        assert!(matches!(deep, Plan::ByTrigrams(_)), "{deep:?}");
    }

    #[test]
    fn pg_trgm_looks_up_only_letters_and_digits() {
        let Plan::ByTrigrams(lists) = plan(
            &stats(),
            TrigramIndex::PgTrgm,
            &["a.martins141@".into()],
            51,
        ) else {
            panic!("expected trigrams")
        };
        for t in &lists[0] {
            assert!(t.chars().all(|c| c.is_ascii_alphanumeric()), "{t}");
        }
        // Nothing pg_trgm can look up: walk.
        assert_eq!(
            plan(&stats(), TrigramIndex::PgTrgm, &["a.b-c".into()], 51),
            Plan::Walk
        );
    }

    #[test]
    fn short_terms_and_no_terms_walk() {
        assert_eq!(plan(&stats(), TrigramIndex::Fts5, &[], 51), Plan::Walk);
        assert_eq!(
            plan(&stats(), TrigramIndex::Fts5, &["zz".into()], 51),
            Plan::Walk
        );
        // Any term that cannot use the index makes the whole search walk (the terms are OR-ed).
        assert_eq!(
            plan(
                &stats(),
                TrigramIndex::Fts5,
                &["zzzzzz".into(), "zz".into()],
                51
            ),
            Plan::Walk
        );
    }

    #[test]
    fn each_further_trigram_is_the_one_that_narrows_most() {
        // 1,000 sampled rows: 60 "… silva" (20 of them "ana silva"), 80 "maria …", 10 "maria silva".
        let mut texts: Vec<String> = (0..1000).map(|i| format!("pessoa {i}")).collect();
        for (i, text) in texts.iter_mut().take(60).enumerate() {
            let first = if i < 20 { "ana" } else { "joao" };
            *text = format!("{first} silva {i}");
        }
        for (n, text) in texts.iter_mut().skip(100).take(80).enumerate() {
            *text = format!("maria {n}");
        }
        for (n, text) in texts.iter_mut().skip(200).take(10).enumerate() {
            *text = format!("maria silva {n}");
        }
        let stats = TrigramStats::from_sample(1_000_000.0, texts);
        let fts = rarest_trigrams(&stats, TrigramIndex::Fts5, "maria silva").unwrap();
        let (chosen, expected) = (fts.trigrams, fts.candidates);
        // `a s` (30 rows) first; then a trigram of "maria" leaves the 10 "maria silva" rows, while
        // one of "silva" would leave all 30; after that nothing narrows.
        assert_eq!(chosen[0], "a s");
        assert_eq!(chosen.len(), 2, "{chosen:?}");
        assert!(
            ["mar", "ari", "ria"].contains(&chosen[1].as_str()),
            "{chosen:?}"
        );
        assert_eq!(expected, 10_500.0);
        // pg_trgm cannot look up `a s`: a trigram of each word instead.
        let chosen = rarest_trigrams(&stats, TrigramIndex::PgTrgm, "maria silva")
            .unwrap()
            .trigrams;
        assert_eq!(chosen.len(), 2, "{chosen:?}");
    }

    proptest! {
        #[test]
        fn every_chosen_trigram_is_in_the_term(term in "\\PC{0,40}") {
            static STATS: std::sync::OnceLock<TrigramStats> = std::sync::OnceLock::new();
            let stats = STATS.get_or_init(stats);
            for index in [TrigramIndex::Fts5, TrigramIndex::PgTrgm] {
                if let Plan::ByTrigrams(lists) = plan(stats, index, std::slice::from_ref(&term), 51) {
                    prop_assert!(lists[0].len() <= MAX_TRIGRAMS);
                    for t in &lists[0] {
                        prop_assert_eq!(t.chars().count(), 3);
                        prop_assert!(term.contains(t.as_str()));
                    }
                }
            }
        }
    }
}
