//! Fuzz the `;`-separated CSV reader every importer uses: it must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Ok(rows) = tabular::read_semicolon(text, |cells| cells.first().is_some_and(|c| c.starts_with('c'))) {
            let _ = rows.iter().map(|r| r.cells.len()).sum::<usize>();
        }
    }
});
