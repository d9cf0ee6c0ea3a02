//! Fixed-width records: one field table drives writing, reading and validation.
//!
//! Positions are 1-based and inclusive, as in every bank manual, so a table entry
//! can be checked against the PDF by eye.

use super::text::{cp1252_char, sanitize_into};
use chrono::NaiveDate;

/// What a field holds, which decides padding on write and checks on validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Digits, right-aligned, zero-padded.
    Num,
    /// Text, left-aligned, space-padded, uppercase ASCII.
    Alpha,
    /// DDMMAAAA; zeros mean "no date".
    Date,
    /// DDMMAA; zeros mean "no date".
    Date6,
}

/// One field of a record: name for messages, 1-based inclusive positions, kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub name: &'static str,
    pub start: usize,
    pub end: usize,
    pub kind: Kind,
    /// A required field may not be blank (alpha) or all zeros where zero is meaningless.
    pub required: bool,
}

impl Field {
    pub const fn num(name: &'static str, start: usize, end: usize) -> Field {
        Field {
            name,
            start,
            end,
            kind: Kind::Num,
            required: false,
        }
    }
    pub const fn alpha(name: &'static str, start: usize, end: usize) -> Field {
        Field {
            name,
            start,
            end,
            kind: Kind::Alpha,
            required: false,
        }
    }
    pub const fn date(name: &'static str, start: usize, end: usize) -> Field {
        Field {
            name,
            start,
            end,
            kind: Kind::Date,
            required: false,
        }
    }
    pub const fn date6(name: &'static str, start: usize, end: usize) -> Field {
        Field {
            name,
            start,
            end,
            kind: Kind::Date6,
            required: false,
        }
    }
    /// The same field, marked required.
    pub const fn req(self) -> Field {
        Field {
            required: true,
            ..self
        }
    }
    pub const fn width(&self) -> usize {
        self.end + 1 - self.start
    }
    fn range(&self) -> std::ops::Range<usize> {
        self.start - 1..self.end
    }
}

/// A value did not fit its field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("campo {field} (posições {start}–{end}): {problem}")]
pub struct FieldError {
    pub field: &'static str,
    pub start: usize,
    pub end: usize,
    pub problem: String,
}

impl FieldError {
    pub fn new(f: &Field, problem: impl Into<String>) -> Self {
        FieldError {
            field: f.name,
            start: f.start,
            end: f.end,
            problem: problem.into(),
        }
    }
}

/// A record being written: a blank line of fixed width that fields are set into.
#[derive(Clone)]
pub struct Record<const N: usize> {
    buf: [u8; N],
}

impl<const N: usize> Default for Record<N> {
    fn default() -> Self {
        Record { buf: [b' '; N] }
    }
}

impl<const N: usize> Record<N> {
    pub fn new() -> Self {
        Self::default()
    }

    /// A record from raw bytes (for callers that place bytes themselves).
    pub fn from_bytes(buf: [u8; N]) -> Self {
        Record { buf }
    }

    pub fn bytes(&self) -> &[u8; N] {
        &self.buf
    }

    fn slot(&mut self, f: &Field) -> &mut [u8] {
        &mut self.buf[f.range()]
    }

    /// A number, right-aligned and zero-padded; an error when it has more digits than the field.
    pub fn num(&mut self, f: &Field, value: u64) -> Result<(), FieldError> {
        if put_digits(self.slot(f), value) {
            Ok(())
        } else {
            Err(FieldError::new(
                f,
                format!("valor com mais de {} dígitos", f.width()),
            ))
        }
    }

    /// An amount in centavos (never negative in remessas).
    pub fn money(&mut self, f: &Field, cents: i64) -> Result<(), FieldError> {
        if cents < 0 {
            return Err(FieldError::new(f, "valor negativo"));
        }
        self.num(f, cents as u64)
    }

    /// Digits given as text (account, CEP, document): non-digits dropped, right-aligned,
    /// zero-padded. Leading zeros beyond the width are dropped ("0001234" fits 4 digits).
    pub fn digits(&mut self, f: &Field, text: &str) -> Result<(), FieldError> {
        let slot = self.slot(f);
        slot.fill(b'0');
        let mut i = slot.len();
        let mut overflow = false;
        for b in text.bytes().rev().filter(u8::is_ascii_digit) {
            if i == 0 {
                overflow |= b != b'0';
                continue;
            }
            i -= 1;
            slot[i] = b;
        }
        if overflow {
            return Err(FieldError::new(f, format!("mais de {} dígitos", f.width())));
        }
        Ok(())
    }

    /// Text that must fit whole (codes, nosso número with letters): uppercase, left-aligned.
    pub fn code(&mut self, f: &Field, text: &str) -> Result<(), FieldError> {
        if text.chars().count() > f.width() {
            return Err(FieldError::new(
                f,
                format!("mais de {} caracteres", f.width()),
            ));
        }
        self.alpha(f, text);
        Ok(())
    }

    /// Free text: sanitised (uppercase ASCII, no accents), left-aligned, cut at the field width.
    pub fn alpha(&mut self, f: &Field, text: &str) {
        let slot = self.slot(f);
        // Blanks only after the text: sanitize_into writes a prefix and leaves the rest.
        let written = sanitize_into(text, slot);
        slot[written..].fill(b' ');
    }

    /// ASCII text kept as is (case included): PIX keys and QR payloads are case-sensitive.
    /// Non-printable or non-ASCII bytes become spaces; the text is cut at the field width.
    pub fn ascii(&mut self, f: &Field, text: &str) {
        let slot = self.slot(f);
        slot.fill(b' ');
        for (dst, b) in slot.iter_mut().zip(text.bytes()) {
            *dst = if b.is_ascii_graphic() { b } else { b' ' };
        }
    }

    /// Fills the field with one byte (zeros for unused numeric fields).
    pub fn fill(&mut self, f: &Field, b: u8) {
        self.slot(f).fill(b);
    }

    /// A date as DDMMAAAA or DDMMAA (per the field kind); `None` writes zeros.
    pub fn date(&mut self, f: &Field, date: Option<NaiveDate>) -> Result<(), FieldError> {
        use chrono::Datelike;
        let Some(d) = date else {
            self.fill(f, b'0');
            return Ok(());
        };
        let (dd, mm, y) = (d.day() as u8, d.month() as u8, d.year());
        if !(0..=9999).contains(&y) {
            return Err(FieldError::new(f, "ano fora do intervalo"));
        }
        let two = |v: u8| [b'0' + v / 10, b'0' + v % 10];
        let (century, year) = ((y / 100) as u8, (y % 100) as u8);
        let slot = self.slot(f);
        slot[..2].copy_from_slice(&two(dd));
        slot[2..4].copy_from_slice(&two(mm));
        match f.kind {
            Kind::Date6 => slot[4..6].copy_from_slice(&two(year)),
            _ => {
                slot[4..6].copy_from_slice(&two(century));
                slot[6..8].copy_from_slice(&two(year));
            }
        }
        Ok(())
    }

    /// Writes the record and CRLF.
    pub fn write_line(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        out.write_all(&self.buf)?;
        out.write_all(b"\r\n")
    }
}

/// "00" to "99": two digits per division, which halves the divisions of the writer's
/// numbers (amounts have 15 digits, most of them leading zeros).
const PAIRS: [[u8; 2]; 100] = {
    let mut t = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        t[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    t
};

/// Writes `value` right-aligned and zero-padded into `slot`; false when it does not fit
/// (the slot then holds the low digits, as before: callers report an error).
#[inline]
pub fn put_digits(slot: &mut [u8], mut value: u64) -> bool {
    let mut i = slot.len();
    while i >= 2 && value >= 10 {
        let pair = PAIRS[(value % 100) as usize];
        value /= 100;
        i -= 2;
        slot[i..i + 2].copy_from_slice(&pair);
    }
    if i > 0 && value != 0 {
        i -= 1;
        slot[i] = b'0' + (value % 10) as u8;
        value /= 10;
    }
    slot[..i].fill(b'0');
    value == 0
}

/// The raw bytes of a field in a line read from a file. Short (trimmed) lines read as blanks.
pub fn raw<'a>(line: &'a [u8], f: &Field) -> &'a [u8] {
    let start = (f.start - 1).min(line.len());
    let end = f.end.min(line.len());
    &line[start..end]
}

/// A numeric field's value; `None` when it holds anything but digits (blanks count as zero).
pub fn get_num(line: &[u8], f: &Field) -> Option<u64> {
    let r = raw(line, f);
    if let Some(v) = digits_value(r) {
        return Some(v);
    }
    let mut v: u64 = 0;
    for &b in r {
        match b {
            b'0'..=b'9' => v = v.checked_mul(10)?.checked_add((b - b'0') as u64)?,
            b' ' => {}
            _ => return None,
        }
    }
    Some(v)
}

/// The value of a field of digits only, at most 19 of them (10^19 − 1 < 2^64, so no
/// overflow checks); `None` for anything else, which [`get_num`] then reads byte by byte.
/// Eight digits at a time: a retorno's segment U is 120 digits of amounts.
fn digits_value(r: &[u8]) -> Option<u64> {
    if r.len() > 19 {
        return None;
    }
    let head = r.len() % 8;
    let mut v = 0u64;
    for &b in &r[..head] {
        if !b.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (b - b'0') as u64;
    }
    for chunk in r[head..].chunks_exact(8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        v = v * 100_000_000 + eight_digits(u64::from_le_bytes(word))?;
    }
    Some(v)
}

/// Eight ASCII digits loaded little-endian (first digit in the low byte) to their value,
/// or `None` when a byte is not a digit: the SWAR steps of simdjson
/// (`is_made_of_eight_digits_fast`, `parse_eight_digits_unrolled`).
fn eight_digits(word: u64) -> Option<u64> {
    const HIGH_NIBBLES: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    // Digits are 0x30–0x39: high nibble 3, and adding 6 keeps it 3.
    let all_digits = (word & HIGH_NIBBLES)
        | ((word.wrapping_add(0x0606_0606_0606_0606) & HIGH_NIBBLES) >> 4)
        == 0x3333_3333_3333_3333;
    if !all_digits {
        return None;
    }
    // Pairs, then groups of four, then the eight: each step multiplies the higher group by
    // its power of ten and adds the lower one.
    let v = (word & 0x0F0F_0F0F_0F0F_0F0F).wrapping_mul(2561) >> 8;
    let v = (v & 0x00FF_00FF_00FF_00FF).wrapping_mul(6_553_601) >> 16;
    Some((v & 0x0000_FFFF_0000_FFFF).wrapping_mul(42_949_672_960_001) >> 32)
}

/// An amount in centavos (fields with two implied decimals); non-digits read as zero.
pub fn get_money(line: &[u8], f: &Field) -> i64 {
    get_num(line, f)
        .map(|v| v.min(i64::MAX as u64) as i64)
        .unwrap_or(0)
}

/// A text field, decoded as CP1252, trimmed.
pub fn get_text(line: &[u8], f: &Field) -> String {
    let r = trim_cp1252(raw(line, f));
    if r.is_ascii() {
        // ASCII bytes are the same characters in CP1252 and UTF-8: one copy, no decoding.
        return std::str::from_utf8(r)
            .map(str::to_owned)
            .unwrap_or_default();
    }
    r.iter().map(|&b| cp1252_char(b)).collect()
}

/// Bytes whose CP1252 character is white space for `str::trim` (tab to carriage return,
/// space, no-break space).
pub fn is_cp1252_space(b: u8) -> bool {
    matches!(b, 0x09..=0x0D | b' ' | 0xA0)
}

/// `bytes` without leading and trailing [`is_cp1252_space`] bytes: trimming before decoding
/// gives the same text as decoding and then `str::trim`, since each byte is one character.
pub fn trim_cp1252(bytes: &[u8]) -> &[u8] {
    let start = bytes
        .iter()
        .position(|&b| !is_cp1252_space(b))
        .unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|&b| !is_cp1252_space(b))
        .map_or(start, |i| i + 1);
    &bytes[start..end]
}

/// A date field; `None` for zeros, blanks or an impossible date.
pub fn get_date(line: &[u8], f: &Field) -> Option<NaiveDate> {
    let r = raw(line, f);
    if r.len() != f.width() || !r.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = |a: usize, b: usize| -> u32 {
        r[a..b]
            .iter()
            .fold(0u32, |acc, &d| acc * 10 + (d - b'0') as u32)
    };
    let (dd, mm) = (n(0, 2), n(2, 4));
    let year = match f.kind {
        Kind::Date6 => 2000 + n(4, 6) as i32,
        _ => n(4, 8) as i32,
    };
    NaiveDate::from_ymd_opt(year, mm, dd)
}

#[cfg(test)]
mod tests {
    use super::*;

    const AMOUNT: Field = Field::num("valor", 3, 7);
    const NAME: Field = Field::alpha("nome", 8, 12);
    const DUE: Field = Field::date("vencimento", 13, 20);

    #[test]
    fn writes_padded_fields_at_their_positions() {
        let mut r = Record::<20>::new();
        r.num(&AMOUNT, 42).unwrap();
        r.alpha(&NAME, "joão da silva");
        r.date(&DUE, NaiveDate::from_ymd_opt(2026, 3, 9)).unwrap();
        assert_eq!(r.bytes(), b"  00042JOAO 09032026");
    }

    #[test]
    fn overflow_is_an_error_not_a_truncation() {
        let mut r = Record::<20>::new();
        let e = r.num(&AMOUNT, 123456).unwrap_err();
        assert_eq!(e.field, "valor");
        assert!(r.digits(&AMOUNT, "12.345-6").is_err());
        assert!(r.code(&NAME, "ABCDEF").is_err());
    }

    #[test]
    fn cp1252_spaces_are_the_characters_trim_removes() {
        for b in 0..=255u8 {
            assert_eq!(
                is_cp1252_space(b),
                cp1252_char(b).is_whitespace(),
                "byte {b:#x}"
            );
        }
    }

    #[test]
    fn numbers_of_every_width_and_content_read_as_before() {
        // The straightforward reading: digits and blanks, checked arithmetic.
        fn reference(r: &[u8]) -> Option<u64> {
            let mut v: u64 = 0;
            for &b in r {
                match b {
                    b'0'..=b'9' => v = v.checked_mul(10)?.checked_add((b - b'0') as u64)?,
                    b' ' => {}
                    _ => return None,
                }
            }
            Some(v)
        }
        let samples: [&[u8]; 8] = [
            b"000000000001234",
            b"9999999999999999999",
            b"99999999999999999999",
            b"18446744073709551615",
            b"18446744073709551616",
            b" 12 ",
            b"12A",
            b"",
        ];
        for s in samples {
            let f = Field::num("n", 1, s.len().max(1));
            assert_eq!(
                get_num(s, &f),
                reference(s),
                "{:?}",
                String::from_utf8_lossy(s)
            );
        }
        // Every byte value in every position of 8- and 15-digit fields.
        for width in [8usize, 15] {
            let f = Field::num("n", 1, width);
            for at in 0..width {
                for b in 0..=255u8 {
                    let mut s = b"123456789012345"[..width].to_vec();
                    s[at] = b;
                    assert_eq!(get_num(&s, &f), reference(&s), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn text_is_trimmed_like_str_trim() {
        let line = b"\xA0 S\xC3O PAULO\x09\x0B ";
        let f = Field::alpha("t", 1, line.len());
        let reference: String = line.iter().map(|&b| cp1252_char(b)).collect();
        assert_eq!(get_text(line, &f), reference.trim());
        assert_eq!(get_text(b"  AB C  ", &Field::alpha("t", 1, 8)), "AB C");
        assert_eq!(get_text(b"    ", &Field::alpha("t", 1, 4)), "");
    }

    #[test]
    fn reads_back_and_tolerates_short_lines() {
        let line = b"  00042JOAO 09032026";
        assert_eq!(get_num(line, &AMOUNT), Some(42));
        assert_eq!(get_text(line, &NAME), "JOAO");
        assert_eq!(get_date(line, &DUE), NaiveDate::from_ymd_opt(2026, 3, 9));
        assert_eq!(get_text(b"  0", &NAME), "");
        assert_eq!(get_date(b"  0", &DUE), None);
        assert_eq!(get_num(b"  0A042", &AMOUNT), None);
    }
}
