//! CPF/CNPJ validation must never panic, and an accepted document must validate again from
//! its own formatted text.
#![no_main]

use banking::document::validate_document;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(doc) = validate_document(text) {
        let again = validate_document(&doc.formatted()).expect("formatted document validates");
        assert_eq!(again, doc);
    }
});
