//! Check-digit arithmetic shared by boletos, arrecadação and the nosso número of each bank.
//!
//! Every function takes ASCII digits (`b'0'..=b'9'`) and returns a digit value (0–9 or, for the
//! raw sums, the sum itself). Callers validate the input first; these never allocate.

#[inline]
fn value(b: u8) -> u32 {
    (b.wrapping_sub(b'0')) as u32
}

/// Mod-10 contribution of an ASCII byte in a doubled position (sum of the digits of 2·d),
/// and in a plain position; bytes that are not digits count 0 (callers validate first).
const DOUBLED: [u8; 256] = ascii_table(&[0, 2, 4, 6, 8, 1, 3, 5, 7, 9]);
const PLAIN: [u8; 256] = ascii_table(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

const fn ascii_table(by_digit: &[u8; 10]) -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut d = 0;
    while d < 10 {
        t[b'0' as usize + d] = by_digit[d];
        d += 1;
    }
    t
}

/// FEBRABAN mod 10: weights 2,1,2,1… from the right, a product over 9 has 9 subtracted,
/// DV = (10 − sum mod 10) mod 10.
#[inline]
pub fn mod10(digits: &[u8]) -> u8 {
    let mut sum = 0u32;
    // Pairs from the right: the right digit of each pair is doubled, the left one is not.
    for pair in digits.rchunks(2) {
        match *pair {
            [left, right] => sum += (PLAIN[left as usize] + DOUBLED[right as usize]) as u32,
            [only] => sum += DOUBLED[only as usize] as u32,
            _ => {}
        }
    }
    ((10 - sum % 10) % 10) as u8
}

/// [`mod10`] of a field of constant length (the linha's fields): the choice of table per
/// position is known when compiling, so this is a row of table loads.
#[inline]
pub fn mod10_fixed<const N: usize>(digits: &[u8; N]) -> u8 {
    let mut sum = 0u32;
    for (i, &d) in digits.iter().enumerate() {
        // The rightmost digit (N − i = 1) is doubled, then every other one.
        let table = if (N - i) % 2 == 1 { &DOUBLED } else { &PLAIN };
        sum += table[d as usize] as u32;
    }
    ((10 - sum % 10) % 10) as u8
}

/// Weights 2..9 from the right, repeating, for up to 64 digits (a table instead of a counter
/// keeps the hot loop branch-free).
const WEIGHTS_2_TO_9: [u32; 64] = {
    let mut w = [0u32; 64];
    let mut i = 0;
    while i < 64 {
        w[i] = (i % 8) as u32 + 2;
        i += 1;
    }
    w
};

/// Weighted sum with weights 2, 3, …, `max_weight` from the right, repeating.
#[inline]
pub fn weighted_sum_from_right(digits: &[u8], max_weight: u32) -> u32 {
    if max_weight == 9 && digits.len() <= WEIGHTS_2_TO_9.len() {
        return digits
            .iter()
            .rev()
            .zip(WEIGHTS_2_TO_9.iter())
            .map(|(&d, &w)| value(d) * w)
            .sum();
    }
    let mut sum = 0u32;
    let mut w = 2u32;
    for &d in digits.iter().rev() {
        sum += value(d) * w;
        w = if w == max_weight { 2 } else { w + 1 };
    }
    sum
}

/// Weighted sum with an explicit weight cycle applied from the LEFT (Sicoob's 3,1,9,7).
#[inline]
pub fn weighted_sum_from_left(digits: &[u8], weights: &[u32]) -> u32 {
    digits
        .iter()
        .zip(weights.iter().cycle())
        .map(|(&d, &w)| value(d) * w)
        .sum()
}

/// The boleto barcode's general DV: mod 11 with weights 2..9 from the right,
/// DV = 11 − r, and a result of 0, 10 or 11 becomes 1.
#[inline]
pub fn boleto_general_dv(digits43: &[u8]) -> u8 {
    let dv = 11 - weighted_sum_from_right(digits43, 9) % 11;
    if dv >= 10 {
        1
    } else {
        dv as u8
    }
}

/// Weight of each barcode position in the general DV: 2..9 from the right over positions
/// 6–44, continuing over 1–4; position 5 (the DV) weighs nothing.
const GENERAL_DV_WEIGHTS: [u32; 44] = {
    let mut w = [0u32; 44];
    let mut from_right = 0;
    let mut i = 44;
    while i > 0 {
        i -= 1;
        if i != 4 {
            w[i] = (from_right % 8) as u32 + 2;
            from_right += 1;
        }
    }
    w
};

/// The general DV of a 44-digit barcode, skipping its own position 5 (no copy).
#[inline]
pub fn barcode_general_dv(barcode: &[u8; 44]) -> u8 {
    // Positions 6–44 (39 digits) take weights from the right; positions 1–4 continue after.
    // One forward pass over the fixed 44 bytes with a constant weight per position (0 for the
    // DV itself) compiles to a few vector multiply-adds; the two reversed slices did not.
    let sum: u32 = barcode
        .iter()
        .zip(GENERAL_DV_WEIGHTS.iter())
        .map(|(&d, &w)| value(d) * w)
        .sum();
    let dv = 11 - sum % 11;
    if dv >= 10 {
        1
    } else {
        dv as u8
    }
}

/// "11 − r, above 9 becomes 0": the mod-11 rule of Santander, Caixa, Sicredi, Sicoob and of
/// arrecadação.
#[inline]
pub fn mod11_zero_above_nine(sum: u32) -> u8 {
    let dv = 11 - sum % 11;
    if dv > 9 {
        0
    } else {
        dv as u8
    }
}

/// Arrecadação mod 11 (weights 2..9 from the right; remainders 0 and 1 give 0).
#[inline]
pub fn arrecadacao_mod11(digits: &[u8]) -> u8 {
    mod11_zero_above_nine(weighted_sum_from_right(digits, 9))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mod10_known_fields() {
        // Field 1 of `00190.00009 …` (banking.md): 001900000 → 9.
        assert_eq!(mod10(b"001900000"), 9);
        assert_eq!(mod10(b"0123879877"), 9);
        assert_eq!(mod10(b"7770016818"), 8);
    }

    #[test]
    fn mod10_agrees_with_the_definition() {
        // Weights 2,1,2,1… from the right, digits of each product summed.
        fn reference(digits: &[u8]) -> u8 {
            let sum: u32 = digits
                .iter()
                .rev()
                .enumerate()
                .map(|(i, &b)| {
                    let d = if b.is_ascii_digit() {
                        (b - b'0') as u32
                    } else {
                        0
                    };
                    let p = if i % 2 == 0 { d * 2 } else { d };
                    p / 10 + p % 10
                })
                .sum();
            ((10 - sum % 10) % 10) as u8
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for len in 0..=44 {
            for _ in 0..200 {
                let digits: Vec<u8> = (0..len)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        b'0' + (x % 10) as u8
                    })
                    .collect();
                assert_eq!(mod10(&digits), reference(&digits), "{digits:?}");
                if let Ok(ten) = <[u8; 10]>::try_from(digits.as_slice()) {
                    assert_eq!(mod10_fixed(&ten), reference(&digits));
                }
                if let Ok(nine) = <[u8; 9]>::try_from(digits.as_slice()) {
                    assert_eq!(mod10_fixed(&nine), reference(&digits));
                }
            }
        }
    }

    #[test]
    fn general_dv_of_the_design_vector() {
        let b = b"00192376900000135000000001238798777770016818";
        let mut without = [0u8; 43];
        without[..4].copy_from_slice(&b[..4]);
        without[4..].copy_from_slice(&b[5..]);
        assert_eq!(boleto_general_dv(&without), 2);
        assert_eq!(barcode_general_dv(b), 2);
        let mut other = *b;
        other[43] = b'9';
        let mut without = [0u8; 43];
        without[..4].copy_from_slice(&other[..4]);
        without[4..].copy_from_slice(&other[5..]);
        assert_eq!(barcode_general_dv(&other), boleto_general_dv(&without));
    }
}
