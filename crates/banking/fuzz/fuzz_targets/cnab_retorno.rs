//! Fuzz the CNAB readers of outside input: cobrança retorno (240/400, streamed),
//! payments retorno, segment E extrato, and the preflight validator. None may panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(reader) = banking::cnab::retorno::RetornoReader::new(data) {
        for item in reader {
            let _ = item;
        }
    }
    let _ = banking::cnab::retorno::read_remessa_titles(data);
    let _ = banking::cnab::payments::read_retorno(data);
    let _ = banking::statement::extrato::read(data);
    let _ = banking::validate::validate(data);
});
