//! A link's QR code as PNG or SVG, drawn from the `qrcode` crate's module matrix (the crate's own image
//! renderers would bring the `image` crate; PNG is written with `png`, the image-rs encoder).

/// Pixels per module in the PNG, and the quiet zone (modules) around the code both formats keep.
const SCALE: usize = 8;
const QUIET: usize = 4;

pub struct Matrix {
    width: usize,
    dark: Vec<bool>,
}

impl Matrix {
    /// The code of `text` (error correction M: a printed code still reads with some damage).
    pub fn of(text: &str) -> Result<Matrix, qrcode::types::QrError> {
        let code =
            qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)?;
        Ok(Matrix {
            width: code.width(),
            dark: code
                .to_colors()
                .into_iter()
                .map(|c| c == qrcode::Color::Dark)
                .collect(),
        })
    }

    fn is_dark(&self, x: usize, y: usize) -> bool {
        self.dark[y * self.width + x]
    }

    /// One path of unit squares in a viewBox of modules, so it scales to any size without blurring.
    pub fn svg(&self) -> String {
        let size = self.width + 2 * QUIET;
        let mut path = String::new();
        for y in 0..self.width {
            for x in 0..self.width {
                if self.is_dark(x, y) {
                    path.push_str(&format!("M{} {}h1v1h-1z", x + QUIET, y + QUIET));
                }
            }
        }
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" \
             viewBox=\"0 0 {size} {size}\" width=\"{px}\" height=\"{px}\" shape-rendering=\"crispEdges\">\
             <rect width=\"100%\" height=\"100%\" fill=\"#fff\"/><path fill=\"#000\" d=\"{path}\"/></svg>\n",
            px = size * SCALE
        )
    }

    /// A 1-bit grayscale PNG, [`SCALE`] pixels per module.
    pub fn png(&self) -> Result<Vec<u8>, png::EncodingError> {
        let side = (self.width + 2 * QUIET) * SCALE;
        let row_bytes = side.div_ceil(8);
        let mut pixels = vec![0xffu8; row_bytes * side];
        for py in 0..side {
            for px in 0..side {
                let (mx, my) = (px / SCALE, py / SCALE);
                let inside = (QUIET..QUIET + self.width).contains(&mx)
                    && (QUIET..QUIET + self.width).contains(&my);
                if inside && self.is_dark(mx - QUIET, my - QUIET) {
                    pixels[py * row_bytes + px / 8] &= !(0x80 >> (px % 8));
                }
            }
        }
        let mut out = Vec::new();
        {
            let side = u32::try_from(side).unwrap_or(u32::MAX);
            let mut encoder = png::Encoder::new(&mut out, side, side);
            encoder.set_color(png::ColorType::Grayscale);
            encoder.set_depth(png::BitDepth::One);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&pixels)?;
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_and_svg_of_a_short_url() {
        let m = Matrix::of("https://backoffice.exemplo.com.br/l/Ab3dE9z").unwrap();
        let png = m.png().unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let svg = m.svg();
        assert!(svg.contains("<svg") && svg.contains("<path"), "{svg}");
    }
}
