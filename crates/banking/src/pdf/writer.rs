//! A minimal PDF 1.4 writer: one page, Helvetica and Helvetica-Bold (WinAnsiEncoding), text,
//! lines and filled rectangles. Enough for a boleto and small enough to keep the build light.
//!
//! Coordinates are in points (1/72 inch) from the bottom-left corner, as in PDF itself.

use std::fmt::Write as _;

pub const MM: f32 = 72.0 / 25.4;

/// Which of the two embedded standard fonts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Font {
    Regular,
    Bold,
}

/// Drawing operations for one page, kept as a PDF content stream.
#[derive(Debug, Default)]
pub struct Page {
    ops: String,
}

impl Page {
    pub fn new() -> Self {
        Self::default()
    }

    /// A filled black rectangle.
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32) {
        let _ = writeln!(self.ops, "{x:.3} {y:.3} {w:.3} {h:.3} re f");
    }

    /// A rectangle outline.
    pub fn stroke_rect(&mut self, x: f32, y: f32, w: f32, h: f32, width: f32) {
        let _ = writeln!(
            self.ops,
            "[] 0 d {width:.2} w {x:.3} {y:.3} {w:.3} {h:.3} re S"
        );
    }

    /// A straight line of the given width; `dashed` for the cut line.
    pub fn line(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, width: f32, dashed: bool) {
        let dash = if dashed { "[3 2] 0 d" } else { "[] 0 d" };
        let _ = writeln!(
            self.ops,
            "{dash} {width:.2} w {x1:.2} {y1:.2} m {x2:.2} {y2:.2} l S"
        );
    }

    /// Text with its baseline starting at (x, y).
    pub fn text(&mut self, x: f32, y: f32, size: f32, font: Font, text: &str) {
        let name = match font {
            Font::Regular => "F1",
            Font::Bold => "F2",
        };
        let _ = writeln!(
            self.ops,
            "BT /{name} {size:.1} Tf {x:.2} {y:.2} Td ({}) Tj ET",
            escape(text)
        );
    }

    /// Text whose right end sits at `right`.
    pub fn text_right(&mut self, right: f32, y: f32, size: f32, font: Font, text: &str) {
        let x = right - text_width(text, size, font);
        self.text(x, y, size, font, text);
    }

    pub fn content(&self) -> &str {
        &self.ops
    }
}

/// Approximate Helvetica advance width (average glyph 0.5 em regular, 0.55 em bold): used only
/// to right-align short values, so the approximation is harmless.
pub fn text_width(text: &str, size: f32, font: Font) -> f32 {
    let em = match font {
        Font::Regular => 0.5,
        Font::Bold => 0.55,
    };
    text.chars().count() as f32 * size * em
}

/// Escapes a string for a PDF literal, mapping to WinAnsi (CP1252) so Portuguese accents print.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '(' | ')' | '\\' => {
                out.push('\\');
                out.push(c);
            }
            ' '..='~' => out.push(c),
            // Latin-1 letters keep their code in WinAnsi: write them as octal escapes.
            '\u{a0}'..='\u{ff}' => {
                let _ = write!(out, "\\{:03o}", c as u32);
            }
            _ => out.push('?'),
        }
    }
    out
}

/// Serializes a single-page A4 document.
pub fn document(page: &Page) -> Vec<u8> {
    let content = page.content();
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] \
         /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>"
            .to_string(),
        format!(
            "<< /Length {} >>\nstream\n{content}endstream",
            content.len()
        ),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_string(),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
            .to_string(),
    ];
    let mut out: Vec<u8> = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref_at = out.len();
    let mut xref = format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for off in offsets {
        // Each xref entry is exactly 20 bytes: the space before the newline is required.
        let _ = writeln!(xref, "{off:010} 00000 n ");
    }
    let _ = write!(
        xref,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref_at}\n%%EOF\n",
        objects.len() + 1
    );
    out.extend_from_slice(xref.as_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_parentheses_and_accents() {
        assert_eq!(escape("a(b)\\"), "a\\(b\\)\\\\");
        assert_eq!(escape("Ação"), "A\\347\\343o");
        assert_eq!(escape("€"), "?");
    }

    #[test]
    fn xref_offsets_point_at_objects() {
        let mut p = Page::new();
        p.text(10.0, 10.0, 8.0, Font::Regular, "x");
        let doc = document(&p);
        // Offsets count bytes; the binary comment on line 2 is not UTF-8, so stay in bytes.
        let find = |needle: &[u8]| doc.windows(needle.len()).rposition(|w| w == needle);
        let marker = find(b"startxref\n").unwrap() + b"startxref\n".len();
        let digits: Vec<u8> = doc[marker..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .copied()
            .collect();
        let start: usize = String::from_utf8(digits).unwrap().parse().unwrap();
        assert!(doc[start..].starts_with(b"xref"));
        // The entry of object 1 is the 4th line of the xref section.
        let entry = doc[start..].split(|&b| b == b'\n').nth(3).unwrap();
        assert_eq!(entry.len(), 19, "20 bytes with the newline");
        let first_obj: usize = String::from_utf8(entry[..10].to_vec())
            .unwrap()
            .parse()
            .unwrap();
        assert!(doc[first_obj..].starts_with(b"1 0 obj"));
    }
}
