//! The 44-digit barcode and the 47-digit linha digitável of a bank boleto, as fixed-size arrays.
//!
//! Barcode: 1–3 bank, 4 currency (9), 5 general DV, 6–9 fator, 10–19 amount, 20–44 campo livre.
//! Linha: three fields with a mod-10 DV each (bank + currency + campo livre 1–5; campo livre
//! 6–15; campo livre 16–25), the general DV, then fator + amount.

use super::checksum::{barcode_general_dv, mod10, mod10_fixed};

pub type Barcode = [u8; 44];
pub type Linha = [u8; 47];
pub type CampoLivre = [u8; 25];

/// Writes `n` as exactly `out.len()` ASCII digits (the caller guarantees it fits).
#[inline]
pub fn put_number(out: &mut [u8], mut n: u64) {
    // Two digits per division (amount and fator are 14 digits per boleto).
    let mut pairs = out.rchunks_exact_mut(2);
    for pair in &mut pairs {
        pair.copy_from_slice(&PAIRS[(n % 100) as usize]);
        n /= 100;
    }
    if let [first] = pairs.into_remainder() {
        *first = b'0' + (n % 10) as u8;
    }
}

/// "00" to "99".
const PAIRS: [[u8; 2]; 100] = {
    let mut t = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        t[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    t
};

/// The barcode's 43 digits without position 5, the input of the general DV.
#[inline]
pub fn without_general_dv(barcode: &Barcode) -> [u8; 43] {
    let mut out = [0u8; 43];
    out[..4].copy_from_slice(&barcode[..4]);
    out[4..].copy_from_slice(&barcode[5..]);
    out
}

/// Assembles the barcode and computes its general DV.
#[inline]
pub fn assemble_barcode(
    bank_code: &[u8; 3],
    fator: u16,
    valor_centavos: u64,
    campo_livre: &CampoLivre,
) -> Barcode {
    let mut b = [b'0'; 44];
    assemble_barcode_into(&mut b, bank_code, fator, valor_centavos, campo_livre);
    b
}

/// [`assemble_barcode`] into caller-owned memory.
#[inline]
pub fn assemble_barcode_into(
    b: &mut Barcode,
    bank_code: &[u8; 3],
    fator: u16,
    valor_centavos: u64,
    campo_livre: &CampoLivre,
) {
    b[..3].copy_from_slice(bank_code);
    b[3] = b'9';
    put_number(&mut b[5..9], fator as u64);
    put_number(&mut b[9..19], valor_centavos);
    b[19..].copy_from_slice(campo_livre);
    b[4] = b'0' + barcode_general_dv(b);
}

/// Barcode → linha digitável (computes the three field DVs).
#[inline]
pub fn barcode_to_linha(b: &Barcode) -> Linha {
    let mut l = [0u8; 47];
    barcode_to_linha_into(b, &mut l);
    l
}

/// [`barcode_to_linha`] into caller-owned memory.
#[inline]
pub fn barcode_to_linha_into(b: &Barcode, l: &mut Linha) {
    l[..4].copy_from_slice(&b[..4]);
    l[4..9].copy_from_slice(&b[19..24]);
    l[9] = b'0' + field_dv::<9>(&l[..9]);
    l[10..20].copy_from_slice(&b[24..34]);
    l[20] = b'0' + field_dv::<10>(&l[10..20]);
    l[21..31].copy_from_slice(&b[34..44]);
    l[31] = b'0' + field_dv::<10>(&l[21..31]);
    l[32] = b[4];
    l[33..47].copy_from_slice(&b[5..19]);
}

/// The mod-10 DV of a linha field of `N` digits.
#[inline]
fn field_dv<const N: usize>(field: &[u8]) -> u8 {
    match <&[u8; N]>::try_from(field) {
        Ok(digits) => mod10_fixed(digits),
        Err(_) => mod10(field),
    }
}

/// Linha digitável → barcode (drops the field DVs; does not check anything).
#[inline]
pub fn linha_to_barcode(l: &Linha) -> Barcode {
    let mut b = [0u8; 44];
    b[..4].copy_from_slice(&l[..4]);
    b[4] = l[32];
    b[5..19].copy_from_slice(&l[33..47]);
    b[19..24].copy_from_slice(&l[4..9]);
    b[24..34].copy_from_slice(&l[10..20]);
    b[34..44].copy_from_slice(&l[21..31]);
    b
}

/// `AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE`.
pub fn format_linha(l: &Linha) -> String {
    let s = ascii(l);
    format!(
        "{}.{} {}.{} {}.{} {} {}",
        &s[..5],
        &s[5..10],
        &s[10..15],
        &s[15..21],
        &s[21..26],
        &s[26..32],
        &s[32..33],
        &s[33..]
    )
}

/// Views ASCII digits as text (every array here holds only ASCII).
pub fn ascii(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_number_writes_every_width() {
        for width in 1..=12 {
            for n in [
                0u64,
                7,
                42,
                999,
                1000,
                123_456_789,
                9_999_999_999,
                98_765_432_101,
            ] {
                let mut out = vec![b'#'; width];
                put_number(&mut out, n);
                let full = format!("{n:012}");
                assert_eq!(out, full.as_bytes()[12 - width..], "{n} in {width}");
            }
        }
    }

    #[test]
    fn design_vector_round_trips() {
        // banking.md: barcode ↔ linha pair.
        let b: Barcode = *b"00192376900000135000000001238798777770016818";
        let l = barcode_to_linha(&b);
        assert_eq!(
            format_linha(&l),
            "00190.00009 01238.798779 77700.168188 2 37690000013500"
        );
        assert_eq!(linha_to_barcode(&l), b);
    }
}
