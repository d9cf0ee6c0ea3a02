//! The NF-e reader must never panic, and what it accepts has a key whose DV holds.
#![no_main]

use banking::nfe::{check_key, read};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(nfe) = read(data) {
        assert!(check_key(&nfe.key).is_ok());
        assert!(nfe.total_cents >= 0);
    }
});
