//! Reading bank files line by line, one record at a time, whatever the line endings.
//!
//! Why tolerant: real files arrive with CRLF or bare LF, with or without a final
//! newline, with a DOS end-of-file byte (0x1A) or a UTF-8 BOM. None of that changes
//! the records, so the reader accepts it; the validator is where strictness lives.

use std::io::BufRead;

/// Yields the records of a CNAB file, without line endings, numbered from 1.
pub struct LineReader<R> {
    inner: R,
    buf: Vec<u8>,
    line_no: usize,
}

impl<R: BufRead> LineReader<R> {
    pub fn new(inner: R) -> Self {
        LineReader {
            inner,
            buf: Vec::with_capacity(512),
            line_no: 0,
        }
    }

    /// The next non-empty record and its line number; `Ok(None)` at end of file.
    pub fn next_record(&mut self) -> std::io::Result<Option<(usize, &[u8])>> {
        loop {
            self.buf.clear();
            if self.inner.read_until(b'\n', &mut self.buf)? == 0 {
                return Ok(None);
            }
            self.line_no += 1;
            let start = if self.line_no == 1 && self.buf.starts_with(b"\xEF\xBB\xBF") {
                3
            } else {
                0
            };
            let mut end = self.buf.len();
            while end > start && matches!(self.buf[end - 1], b'\n' | b'\r' | 0x1A) {
                end -= 1;
            }
            if end > start {
                return Ok(Some((self.line_no, &self.buf[start..end])));
            }
        }
    }
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
}
