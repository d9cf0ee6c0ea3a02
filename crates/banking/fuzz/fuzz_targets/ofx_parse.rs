//! Fuzz the OFX/OFC reader (SGML, XML, CP1252/UTF-8): it must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(ofx) = banking::statement::ofx::parse(data) {
        for account in &ofx.accounts {
            let _ = account
                .transactions
                .iter()
                .map(|t| t.amount)
                .fold(0i64, i64::wrapping_add);
        }
    }
});
