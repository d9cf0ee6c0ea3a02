//! Text in and out of bank files: CP1252 decoding for what banks send, and
//! sanitising for what we send (uppercase ASCII, no accents).
//!
//! Why not UTF-8: CNAB files are fixed *byte* positions. One multi-byte "º" makes a
//! 241-byte line and the bank rejects the whole file, and incoming files are
//! CP1252/Latin-1, where every byte is one character.

/// CP1252 bytes 0x80–0x9F. Windows leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D undefined;
/// we map those to the C1 control with the same number, as Latin-1 would.
const CP1252_HIGH: [char; 32] = [
    '\u{20AC}', '\u{0081}', '\u{201A}', '\u{0192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{02C6}', '\u{2030}', '\u{0160}', '\u{2039}', '\u{0152}', '\u{008D}', '\u{017D}', '\u{008F}',
    '\u{0090}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{02DC}', '\u{2122}', '\u{0161}', '\u{203A}', '\u{0153}', '\u{009D}', '\u{017E}', '\u{0178}',
];

/// Decodes one CP1252 byte. Every byte maps to exactly one character.
pub fn cp1252_char(b: u8) -> char {
    match b {
        0x80..=0x9F => CP1252_HIGH[(b - 0x80) as usize],
        _ => b as char,
    }
}

/// Decodes CP1252 bytes into a `String`.
pub fn decode_cp1252(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| cp1252_char(b)).collect()
}

/// Decodes bytes that are UTF-8 when they are valid UTF-8, CP1252 otherwise.
///
/// Why: some files say CHARSET:1252 and are UTF-8 (Nubank OFX); valid UTF-8 with
/// multi-byte sequences is almost never accidental CP1252.
pub fn decode_lenient(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => decode_cp1252(bytes),
    }
}

/// The ASCII spelling of a character for a bank file: uppercase, accents dropped.
/// Returns up to two bytes ("Æ" → "AE"); characters with no sensible spelling become a space.
const fn ascii_for(c: char) -> (u8, Option<u8>) {
    const fn one(b: u8) -> (u8, Option<u8>) {
        (b, None)
    }
    if c.is_ascii() {
        return match c {
            'a'..='z' => one(c.to_ascii_uppercase() as u8),
            'A'..='Z' | '0'..='9' | ' ' => one(c as u8),
            '.' | ',' | '-' | '/' | '(' | ')' | '&' | '@' | ':' | ';' | '+' | '_' | '*' | '#' => {
                one(c as u8)
            }
            '\'' | '"' | '`' => one(b' '),
            _ => one(b' '),
        };
    }
    match c {
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ª' => {
            one(b'A')
        }
        'Ç' | 'ç' => one(b'C'),
        'È' | 'É' | 'Ê' | 'Ë' | 'è' | 'é' | 'ê' | 'ë' => one(b'E'),
        'Ì' | 'Í' | 'Î' | 'Ï' | 'ì' | 'í' | 'î' | 'ï' => one(b'I'),
        'Ñ' | 'ñ' => one(b'N'),
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'º' | '°' => {
            one(b'O')
        }
        'Ù' | 'Ú' | 'Û' | 'Ü' | 'ù' | 'ú' | 'û' | 'ü' => one(b'U'),
        'Ý' | 'ý' | 'ÿ' | 'Ÿ' => one(b'Y'),
        'Š' | 'š' => one(b'S'),
        'Ž' | 'ž' => one(b'Z'),
        'Æ' | 'æ' => (b'A', Some(b'E')),
        'Œ' | 'œ' => (b'O', Some(b'E')),
        'ß' => (b'S', Some(b'S')),
        '–' | '—' => one(b'-'),
        _ => one(b' '),
    }
}

/// [`ascii_for`] for the 128 ASCII bytes, precomputed: the writer's hot path.
const ASCII_TABLE: [u8; 128] = {
    let mut t = [b' '; 128];
    let mut i = 0;
    while i < 128 {
        let b = i as u8;
        t[i] = match b {
            b'a'..=b'z' => b - 32,
            b'A'..=b'Z' | b'0'..=b'9' => b,
            b'.' | b',' | b'-' | b'/' | b'(' | b')' | b'&' | b'@' | b':' | b';' | b'+' | b'_'
            | b'*' | b'#' => b,
            _ => b' ',
        };
        i += 1;
    }
    t
};

/// [`ascii_for`] for U+0080 to U+00FF (Latin-1: every accented letter of Portuguese),
/// precomputed, indexed by code point − 0x80.
const LATIN1_TABLE: [(u8, Option<u8>); 128] = {
    let mut t = [(b' ', None); 128];
    let mut i = 0;
    while i < 128 {
        if let Some(c) = char::from_u32(0x80 + i as u32) {
            t[i] = ascii_for(c);
        }
        i += 1;
    }
    t
};

/// The next character of `text` at byte `i` (not ASCII) as [`ascii_for`] spells it, and its
/// UTF-8 length. Two-byte Latin-1 characters (lead byte 0xC2 or 0xC3) come from a table.
fn spell_at(text: &str, i: usize) -> Option<((u8, Option<u8>), usize)> {
    let bytes = text.as_bytes();
    match (bytes[i], bytes.get(i + 1)) {
        (lead @ (0xC2 | 0xC3), Some(&next)) => {
            let index = (((lead & 1) as usize) << 6) | (next & 0x3F) as usize;
            Some((LATIN1_TABLE[index], 2))
        }
        _ => text[i..]
            .chars()
            .next()
            .map(|c| (ascii_for(c), c.len_utf8())),
    }
}

/// Writes `text` sanitised into `out`, stopping when `out` is full; returns how many
/// bytes were written. The rest of `out` is left untouched (the caller pre-fills blanks).
pub fn sanitize_into(text: &str, out: &mut [u8]) -> usize {
    let bytes = text.as_bytes();
    // The ASCII run at the start (often the whole text) by table, without the checks below.
    let run = bytes
        .iter()
        .take(out.len())
        .position(|b| !b.is_ascii())
        .unwrap_or(bytes.len().min(out.len()));
    for (slot, &b) in out.iter_mut().zip(&bytes[..run]) {
        *slot = ASCII_TABLE[b as usize];
    }
    let (mut n, mut i) = (run, run);
    while n < out.len() && i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            out[n] = ASCII_TABLE[b as usize];
            n += 1;
            i += 1;
            continue;
        }
        let Some(((a, b), len)) = spell_at(text, i) else {
            break;
        };
        i += len;
        out[n] = a;
        n += 1;
        if let Some(b) = b {
            if n < out.len() {
                out[n] = b;
                n += 1;
            }
        }
    }
    n
}

/// The sanitised form of `text`: uppercase ASCII, accents removed, odd characters as spaces.
pub fn sanitize(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let (a, b) = ascii_for(c);
        out.push(a as char);
        if let Some(b) = b {
            out.push(b as char);
        }
    }
    out
}

/// True for a byte we are willing to send to a bank (see [`sanitize`]).
pub fn is_allowed_byte(b: u8) -> bool {
    matches!(b, b'A'..=b'Z' | b'0'..=b'9' | b' ')
        || matches!(
            b,
            b'.' | b','
                | b'-'
                | b'/'
                | b'('
                | b')'
                | b'&'
                | b'@'
                | b':'
                | b';'
                | b'+'
                | b'_'
                | b'*'
                | b'#'
        )
}

/// Keeps only the ASCII digits of `s` ("12.345.678/0001-95" → "12345678000195").
pub fn digits_only(s: &str) -> String {
    s.chars().filter(|c| c.is_ascii_digit()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cp1252_high_range_and_latin1() {
        assert_eq!(decode_cp1252(&[0x80, 0x93, 0x94, 0x96]), "€“”–");
        assert_eq!(decode_cp1252(&[0xC7, 0xE3, 0xBA]), "Çãº");
        assert_eq!(decode_cp1252(b"ABC"), "ABC");
        assert_eq!(cp1252_char(0x81), '\u{81}');
    }

    #[test]
    fn sanitize_strips_accents_and_uppercases() {
        assert_eq!(
            sanitize("Avenida São João, nº 10 – Ação"),
            "AVENIDA SAO JOAO, NO 10 - ACAO"
        );
        assert_eq!(sanitize("Œuvre Æsir straße"), "OEUVRE AESIR STRASSE");
        assert_eq!(sanitize("tab\there"), "TAB HERE");
    }

    #[test]
    fn ascii_table_agrees_with_ascii_for() {
        for b in 0u8..128 {
            assert_eq!(ASCII_TABLE[b as usize], ascii_for(b as char).0, "byte {b}");
        }
    }

    #[test]
    fn latin1_table_agrees_with_ascii_for() {
        for cp in 0x80u32..=0xFF {
            let c = char::from_u32(cp).unwrap();
            assert_eq!(LATIN1_TABLE[(cp - 0x80) as usize], ascii_for(c), "{c:?}");
            let text = c.to_string();
            assert_eq!(spell_at(&text, 0), Some((ascii_for(c), 2)), "{c:?}");
        }
    }

    #[test]
    fn sanitize_into_agrees_with_sanitize() {
        for text in [
            "José da Conceição",
            "São Paulo – Œuvre Æsir straße ½ € 日本",
            "plain ascii, (tab)\there",
            "",
            "ÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇÇ",
        ] {
            for width in [0, 1, 3, 7, 17, 40, 80] {
                let mut buf = vec![b'#'; width];
                let n = sanitize_into(text, &mut buf);
                let full = sanitize(text);
                let expected = &full.as_bytes()[..full.len().min(width)];
                assert_eq!(&buf[..n], expected, "{text:?} in {width}");
                assert!(buf[n..].iter().all(|&b| b == b'#'));
            }
        }
    }

    #[test]
    fn sanitize_into_stops_at_width() {
        let mut buf = [b' '; 5];
        assert_eq!(sanitize_into("ÇÇÇÇÇÇÇ", &mut buf), 5);
        assert_eq!(&buf, b"CCCCC");
        let mut buf = [b' '; 3];
        assert_eq!(sanitize_into("aÆÆ", &mut buf), 3);
        assert_eq!(&buf, b"AAE");
    }

    #[test]
    fn lenient_prefers_valid_utf8() {
        assert_eq!(decode_lenient("ação".as_bytes()), "ação");
        assert_eq!(decode_lenient(&[b'a', 0xE7, 0xE3, b'o']), "ação");
    }
}
