//! PIX BR Code parsing must never panic, and whatever it accepts must rebuild to a code that
//! parses to the same fields.
#![no_main]

use banking::pix::{build, parse, PixInput};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(code) = parse(text) else {
        return;
    };
    assert_eq!(code.crc.len(), 4);
    let again = PixInput {
        key: code.key.clone(),
        url: code.url.clone(),
        name: code.name.clone(),
        city: code.city.clone(),
        amount_centavos: code.amount_centavos,
        txid: code.txid.clone(),
        description: None,
    };
    // Building may refuse what parsing tolerated (e.g. a txid with symbols); that is fine.
    if let Ok(payload) = build(&again) {
        let reparsed = parse(&payload).expect("our own payload parses");
        assert_eq!(reparsed.name, code.name.trim());
        assert_eq!(reparsed.amount_centavos, code.amount_centavos);
    }
});
