//! Reading bank files line by line, one record at a time, whatever the line endings.
//!
//! Why tolerant: real files arrive with CRLF or bare LF, with or without a final
//! newline, with a DOS end-of-file byte (0x1A) or a UTF-8 BOM. None of that changes
//! the records, so the reader accepts it; the validator is where strictness lives.

use std::io::{BufRead, ErrorKind};

/// Yields the records of a CNAB file, without line endings, numbered from 1.
pub struct LineReader<R> {
    inner: R,
    /// Holds a line that does not fit whole in `inner`'s buffer.
    buf: Vec<u8>,
    line_no: usize,
    /// Bytes of `inner`'s buffer that the last record returned still borrows: consumed at
    /// the next call, so a line that is already in the buffer is never copied.
    pending: usize,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader {
            inner,
            buf: Vec::with_capacity(512),
            line_no: 0,
            pending: 0,
        }
    }

    /// The next non-empty record and its line number; `Ok(None)` at end of file.
    pub fn next_record(&mut self) -> std::io::Result<Option<(usize, &[u8])>> {
        loop {
            self.inner.consume(std::mem::take(&mut self.pending));
            let available = match self.inner.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(None);
            }
            self.line_no += 1;
            if let Some(i) = find_newline(available) {
                // The usual case: the whole line is in the buffer; hand out a slice of it.
                let (start, end) = record_bounds(self.line_no, &available[..=i]);
                self.pending = i + 1;
                if end > start {
                    let available = self.inner.fill_buf()?; // the same bytes: none consumed
                    return Ok(Some((self.line_no, &available[start..end])));
                }
                continue;
            }
            // The line goes on past the buffer (or the file ends without a newline): copy.
            self.buf.clear();
            self.inner.read_until(b'\n', &mut self.buf)?;
            let (start, end) = record_bounds(self.line_no, &self.buf);
            if end > start {
                return Ok(Some((self.line_no, &self.buf[start..end])));
            }
        }
    }
}

/// The record inside a raw line: without a UTF-8 BOM on line 1 and without the trailing
/// `\n`, `\r` and DOS end-of-file bytes.
fn record_bounds(line_no: usize, line: &[u8]) -> (usize, usize) {
    let start = if line_no == 1 && line.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let mut end = line.len();
    while end > start && matches!(line[end - 1], b'\n' | b'\r' | 0x1A) {
        end -= 1;
    }
    (start, end)
}

/// Index of the first `\n`, eight bytes per step: a byte-by-byte search cost as much as
/// the rest of reading a 240-byte record.
pub fn find_newline(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let newlines = ONES * b'\n' as u64;
    let mut chunks = bytes.chunks_exact(8);
    let mut base = 0;
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        // A byte of `x` is zero where the chunk holds '\n'; the classic zero-byte test
        // flags it exactly at the lowest such byte (false flags only appear above it).
        let x = u64::from_le_bytes(word) ^ newlines;
        let flags = x.wrapping_sub(ONES) & !x & HIGHS;
        if flags != 0 {
            return Some(base + (flags.trailing_zeros() / 8) as usize);
        }
        base += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&b| b == b'\n')
        .map(|i| base + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8]) -> Vec<(usize, Vec<u8>)> {
        let mut r = LineReader::new(bytes);
        let mut out = vec![];
        while let Some((n, l)) = r.next_record().unwrap() {
            out.push((n, l.to_vec()));
        }
        out
    }

    #[test]
    fn tolerates_crlf_lf_eof_byte_and_bom() {
        let expected = vec![(1, b"AB".to_vec()), (2, b"CD".to_vec())];
        assert_eq!(all(b"AB\r\nCD\r\n"), expected);
        assert_eq!(all(b"AB\nCD"), expected);
        assert_eq!(all(b"AB\r\nCD\r\n\x1A"), expected);
        assert_eq!(all(b"\xEF\xBB\xBFAB\nCD\n\n"), expected);
    }

    #[test]
    fn lines_longer_than_the_buffer_are_read_whole() {
        let mut text = Vec::new();
        for n in 0..50u8 {
            text.extend(std::iter::repeat_n(b'A' + n % 26, 240 + n as usize));
            text.extend_from_slice(if n % 2 == 0 { b"\r\n" } else { b"\n" });
        }
        let small = std::io::BufReader::with_capacity(100, text.as_slice());
        let mut r = LineReader::new(small);
        let mut n = 0;
        while let Some((no, l)) = r.next_record().unwrap() {
            assert_eq!(no, n + 1);
            assert_eq!(l.len(), 240 + n);
            assert!(l.iter().all(|&b| b == b'A' + (n % 26) as u8));
            n += 1;
        }
        assert_eq!(n, 50);
    }

    #[test]
    fn find_newline_agrees_with_a_plain_search() {
        let mut bytes = vec![b'x'; 70];
        assert_eq!(find_newline(&bytes), None);
        for at in [0, 1, 7, 8, 9, 15, 16, 63, 64, 69] {
            bytes[at] = b'\n';
            assert_eq!(find_newline(&bytes), bytes.iter().position(|&b| b == b'\n'));
            // Bytes next to '\n' in value must not be taken for it.
            bytes[at] = 0x0B;
            assert_eq!(find_newline(&bytes), None);
            bytes[at] = 0x8A;
            assert_eq!(find_newline(&bytes), None);
            bytes[at] = b'x';
        }
        bytes[3] = b'\n';
        bytes[30] = b'\n';
        assert_eq!(find_newline(&bytes), Some(3));
    }
}
