//! Line/barcode decoding must never panic, and an accepted input must decode identically from
//! its own barcode.
#![no_main]

use banking::boleto::{decode, inspect};
use chrono::NaiveDate;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let today = NaiveDate::from_ymd_opt(2026, 11, 21).expect("valid date");
    let _ = inspect(text, today);
    if let Ok(d) = decode(text, today) {
        let barcode = std::str::from_utf8(&d.barcode).expect("ASCII digits");
        let again = decode(barcode, today).expect("a valid input's barcode is valid");
        assert_eq!(again.barcode, d.barcode);
        assert_eq!(again.valor_centavos, d.valor_centavos);
        assert_eq!(again.vencimento, d.vencimento);
    }
});
