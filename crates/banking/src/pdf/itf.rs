//! Interleaved 2 of 5 (ITF), the symbology of the boleto barcode (FEBRABAN): pairs of digits,
//! the first in the bars and the second in the spaces, start `NNNN`, stop `WNN`.

/// Narrow/wide pattern of each digit (true = wide).
const PATTERNS: [[bool; 5]; 10] = [
    [false, false, true, true, false],
    [true, false, false, false, true],
    [false, true, false, false, true],
    [true, true, false, false, false],
    [false, false, true, false, true],
    [true, false, true, false, false],
    [false, true, true, false, false],
    [false, false, false, true, true],
    [true, false, false, true, false],
    [false, true, false, true, false],
];

/// Alternating element widths in narrow units (bar, space, bar, …), start and stop included.
/// `digits` must be an even number of ASCII digits (the 44-digit barcode is).
pub fn widths(digits: &[u8], wide: u8) -> Vec<u8> {
    let mut out = vec![1, 1, 1, 1];
    for pair in digits.chunks_exact(2) {
        let bars = PATTERNS[(pair[0] - b'0') as usize % 10];
        let spaces = PATTERNS[(pair[1] - b'0') as usize % 10];
        for (b, s) in bars.iter().zip(spaces.iter()) {
            out.push(if *b { wide } else { 1 });
            out.push(if *s { wide } else { 1 });
        }
    }
    out.extend_from_slice(&[wide, 1, 1]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn width_of_a_44_digit_barcode() {
        // 4 (start) + 22 pairs × (6 narrow + 4 wide) + wide + 2 narrow (stop).
        let w = widths(&[b'0'; 44], 3);
        assert_eq!(w.len(), 4 + 22 * 10 + 3);
        assert_eq!(
            w.iter().map(|&x| x as u32).sum::<u32>(),
            4 + 22 * (6 + 12) + 5
        );
    }
}
