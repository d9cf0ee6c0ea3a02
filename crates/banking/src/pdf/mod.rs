//! Boleto PDF in the standard layout: recibo do pagador on top, a cut line, then the ficha de
//! compensação with the Interleaved 2 of 5 barcode (narrow bar 0.33 mm, wide 3×, 13 mm high,
//! quiet zones of 6 mm) and, for hybrid boletos, the PIX QR code.
//!
//! The QR code must be the *dynamic* PIX charge the bank returned for this boleto
//! (design/banking.md): pass its "copia e cola" text in [`BoletoPdfData::pix_copia_e_cola`].

mod itf;
pub mod writer;

use crate::bank::Bank;
use crate::boleto::Boleto;
use chrono::NaiveDate;
use writer::{Font, Page, MM};

/// Texts printed on the boleto that are not part of the barcode.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BoletoPdfData {
    pub beneficiario_nome: String,
    pub beneficiario_documento: String,
    pub beneficiario_endereco: String,
    pub pagador_nome: String,
    pub pagador_documento: String,
    pub pagador_endereco: String,
    pub numero_documento: String,
    /// Default: "PAGÁVEL EM QUALQUER BANCO ATÉ O VENCIMENTO".
    pub local_pagamento: String,
    /// Lines separated by `\n`.
    pub instrucoes: String,
    /// Default "DM" (duplicata mercantil).
    pub especie_documento: String,
    pub carteira: String,
    /// "Agência / Código do beneficiário" as the bank wants it printed.
    pub agencia_codigo: String,
    pub data_documento: Option<NaiveDate>,
    /// The PIX "copia e cola" of the boleto's dynamic charge, drawn as a QR code.
    pub pix_copia_e_cola: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdfError {
    #[error("o código PIX não cabe em um QR code")]
    QrTooLong,
    #[error("código PIX inválido: {0}")]
    InvalidPix(String),
    /// A static code (company key) does not settle the boleto (design/banking.md).
    #[error(
        "o QR code do boleto híbrido deve ser a cobrança PIX dinâmica que o banco devolveu \
         para este boleto; um código estático (chave da empresa) não quita o boleto"
    )]
    StaticPix,
}

/// The hybrid boleto's PIX text, checked: a valid BR Code and a dynamic one.
fn checked_pix(payload: &str) -> Result<&str, PdfError> {
    let code = crate::pix::parse(payload).map_err(|e| PdfError::InvalidPix(e.message))?;
    if !code.dynamic {
        return Err(PdfError::StaticPix);
    }
    Ok(payload)
}

const PAGE_H: f32 = 841.89;
const LEFT: f32 = 28.0;
const RIGHT: f32 = 567.0;
const WIDTH: f32 = RIGHT - LEFT;
const RIGHT_COL: f32 = 150.0;
const ROW: f32 = 22.0;
const NARROW_BAR: f32 = 0.33 * MM;
const BAR_HEIGHT: f32 = 13.0 * MM;
const QUIET_ZONE: f32 = 6.0 * MM;

/// Renders the boleto as a one-page A4 PDF.
pub fn boleto_pdf(boleto: &Boleto, data: &BoletoPdfData) -> Result<Vec<u8>, PdfError> {
    let mut page = Page::new();
    let recibo_bottom = recibo(&mut page, boleto, data, PAGE_H - 36.0)?;
    let cut = recibo_bottom - 14.0;
    page.line(LEFT, cut, RIGHT, cut, 0.5, true);
    page.text_right(
        RIGHT,
        cut + 3.0,
        6.0,
        Font::Regular,
        "Corte na linha pontilhada",
    );
    ficha(&mut page, boleto, data, cut - 14.0);
    Ok(writer::document(&page))
}

/// `R$ 1.234,56`.
pub fn format_brl(centavos: i64) -> String {
    let sign = if centavos < 0 { "-" } else { "" };
    let abs = centavos.unsigned_abs();
    let reais = (abs / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in reais.chars().enumerate() {
        if i > 0 && (reais.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(c);
    }
    format!("{sign}R$ {grouped},{:02}", abs % 100)
}

/// `dd/mm/aaaa`, or empty.
pub fn format_date(date: Option<NaiveDate>) -> String {
    date.map(|d| d.format("%d/%m/%Y").to_string())
        .unwrap_or_default()
}

/// The bank code with its mod-11 DV as printed in the boleto header.
fn bank_code_with_dv(bank: Bank) -> &'static str {
    match bank {
        Bank::BancoDoBrasil => "001-9",
        Bank::Santander => "033-7",
        Bank::Caixa => "104-0",
        Bank::Bradesco => "237-2",
        Bank::Itau => "341-7",
        Bank::Sicredi => "748-X",
        Bank::Sicoob => "756-0",
    }
}

fn or_default<'a>(value: &'a str, default: &'a str) -> &'a str {
    if value.trim().is_empty() {
        default
    } else {
        value
    }
}

/// A bordered cell with a small label on top and a value below; `right` aligns the value.
struct Cell<'a> {
    x: f32,
    top: f32,
    w: f32,
    h: f32,
    label: &'a str,
    value: &'a str,
    right: bool,
}

fn cell(page: &mut Page, c: Cell<'_>) {
    page.stroke_rect(c.x, c.top - c.h, c.w, c.h, 0.5);
    page.text(c.x + 2.0, c.top - 7.0, 5.5, Font::Regular, c.label);
    let y = c.top - c.h + 4.0;
    if c.right {
        page.text_right(c.x + c.w - 3.0, y, 8.5, Font::Bold, c.value);
    } else {
        page.text(c.x + 3.0, y, 8.5, Font::Regular, c.value);
    }
}

/// A row of cells of the given widths (the last one takes what is left).
fn row(page: &mut Page, top: f32, cells: &[(&str, &str, f32)], right_last: bool) {
    let mut x = LEFT;
    for (i, (label, value, w)) in cells.iter().enumerate() {
        let last = i + 1 == cells.len();
        let w = if last { RIGHT - x } else { *w };
        cell(
            page,
            Cell {
                x,
                top,
                w,
                h: ROW,
                label,
                value,
                right: last && right_last,
            },
        );
        x += w;
    }
}

/// Bank name, bank code with DV and the linha digitável; returns the y below the header.
fn header(page: &mut Page, boleto: &Boleto, top: f32) -> f32 {
    let base = top - 16.0;
    page.text(LEFT, base, 11.0, Font::Bold, boleto.bank.name());
    page.line(LEFT + 150.0, top - 20.0, LEFT + 150.0, top, 1.0, false);
    page.text(
        LEFT + 156.0,
        base,
        14.0,
        Font::Bold,
        bank_code_with_dv(boleto.bank),
    );
    page.line(LEFT + 205.0, top - 20.0, LEFT + 205.0, top, 1.0, false);
    page.text_right(
        RIGHT,
        base,
        10.5,
        Font::Bold,
        &boleto.linha_digitavel_formatada,
    );
    top - 20.0
}

fn beneficiario(data: &BoletoPdfData) -> String {
    match data.beneficiario_documento.trim() {
        "" => data.beneficiario_nome.clone(),
        doc => format!("{} - CPF/CNPJ {doc}", data.beneficiario_nome),
    }
}

fn pagador(data: &BoletoPdfData) -> String {
    match data.pagador_documento.trim() {
        "" => data.pagador_nome.clone(),
        doc => format!("{} - CPF/CNPJ {doc}", data.pagador_nome),
    }
}

fn recibo(page: &mut Page, b: &Boleto, data: &BoletoPdfData, top: f32) -> Result<f32, PdfError> {
    page.text(LEFT, top + 4.0, 9.0, Font::Bold, "Recibo do Pagador");
    let mut y = header(page, b, top);
    let valor = format_brl(b.valor_centavos);
    let vencimento = vencimento_text(b);
    let benef = beneficiario(data);
    row(
        page,
        y,
        &[
            ("Beneficiário", &benef, 250.0),
            (
                "Agência/Código do Beneficiário",
                &data.agencia_codigo,
                140.0,
            ),
            ("Nosso Número", &b.nosso_numero_formatado, 0.0),
        ],
        true,
    );
    y -= ROW;
    let pag = pagador(data);
    row(
        page,
        y,
        &[
            ("Pagador", &pag, 250.0),
            ("Nº do Documento", &data.numero_documento, 70.0),
            ("Vencimento", &vencimento, 70.0),
            ("Valor do Documento", &valor, 0.0),
        ],
        true,
    );
    y -= ROW;
    page.text_right(RIGHT, y - 9.0, 6.0, Font::Regular, "Autenticação mecânica");
    match data
        .pix_copia_e_cola
        .as_deref()
        .filter(|p| !p.trim().is_empty())
    {
        Some(payload) => qr_block(page, checked_pix(payload.trim())?, y - 6.0),
        None => Ok(y - 16.0),
    }
}

fn vencimento_text(b: &Boleto) -> String {
    match b.vencimento {
        Some(_) => format_date(b.vencimento),
        None => "Contra apresentação".into(),
    }
}

/// The PIX QR code (30 mm) with its caption; returns the y below it.
fn qr_block(page: &mut Page, payload: &str, top: f32) -> Result<f32, PdfError> {
    let code = qrcode::QrCode::new(payload.as_bytes()).map_err(|_| PdfError::QrTooLong)?;
    let modules = code.width();
    let size = 30.0 * MM;
    let module = size / modules as f32;
    let x0 = LEFT + 4.0 * module;
    let y_top = top - 12.0;
    page.text(LEFT, top - 6.0, 8.0, Font::Bold, "Pague com PIX");
    for (i, color) in code.to_colors().iter().enumerate() {
        if *color == qrcode::Color::Dark {
            let (cx, cy) = ((i % modules) as f32, (i / modules) as f32);
            page.fill_rect(
                x0 + cx * module,
                y_top - (cy + 1.0) * module,
                module,
                module,
            );
        }
    }
    page.text(
        x0 + size + 12.0,
        y_top - 10.0,
        7.0,
        Font::Regular,
        "Aponte a câmera do aplicativo do seu banco para pagar este boleto com PIX.",
    );
    Ok(y_top - size - 6.0)
}

fn ficha(page: &mut Page, b: &Boleto, data: &BoletoPdfData, top: f32) {
    let y = header(page, b, top);
    let y = ficha_top_rows(page, b, data, y);
    let y = ficha_document_rows(page, b, data, y);
    let y = instructions(page, &data.instrucoes, y);
    let y = pagador_block(page, data, y);
    barcode(page, &b.codigo_barras, y - 10.0);
}

/// Local de pagamento / vencimento and beneficiário / agência-código.
fn ficha_top_rows(page: &mut Page, b: &Boleto, data: &BoletoPdfData, top: f32) -> f32 {
    let local = or_default(
        &data.local_pagamento,
        "PAGÁVEL EM QUALQUER BANCO ATÉ O VENCIMENTO",
    );
    let vencimento = vencimento_text(b);
    let left = WIDTH - RIGHT_COL;
    row(
        page,
        top,
        &[
            ("Local de Pagamento", local, left),
            ("Vencimento", &vencimento, 0.0),
        ],
        true,
    );
    let benef = beneficiario(data);
    row(
        page,
        top - ROW,
        &[
            ("Beneficiário", &benef, left),
            ("Agência/Código do Beneficiário", &data.agencia_codigo, 0.0),
        ],
        true,
    );
    top - 2.0 * ROW
}

/// The two rows of document data, ending with nosso número and valor do documento.
fn ficha_document_rows(page: &mut Page, b: &Boleto, data: &BoletoPdfData, top: f32) -> f32 {
    let data_doc = format_date(data.data_documento);
    let especie = or_default(&data.especie_documento, "DM");
    let w = (WIDTH - RIGHT_COL) / 5.0;
    row(
        page,
        top,
        &[
            ("Data do Documento", &data_doc, w),
            ("Nº do Documento", &data.numero_documento, w),
            ("Espécie Doc.", especie, w),
            ("Aceite", "N", w),
            ("Data Processamento", &data_doc, w),
            ("Nosso Número", &b.nosso_numero_formatado, 0.0),
        ],
        true,
    );
    let valor = format_brl(b.valor_centavos);
    row(
        page,
        top - ROW,
        &[
            ("Uso do Banco", "", w),
            ("Carteira", &data.carteira, w),
            ("Espécie", "R$", w),
            ("Quantidade", "", w),
            ("Valor", "", w),
            ("(=) Valor do Documento", &valor, 0.0),
        ],
        true,
    );
    top - 2.0 * ROW
}

fn instructions(page: &mut Page, text: &str, top: f32) -> f32 {
    let h = ROW * 5.0;
    let w = WIDTH - RIGHT_COL;
    page.stroke_rect(LEFT, top - h, w, h, 0.5);
    page.text(
        LEFT + 2.0,
        top - 7.0,
        5.5,
        Font::Regular,
        "Instruções (texto de responsabilidade do beneficiário)",
    );
    let lines = text.lines().flat_map(|l| wrap(l, 95)).take(9);
    for (i, line) in lines.enumerate() {
        page.text(
            LEFT + 3.0,
            top - 18.0 - i as f32 * 10.0,
            7.5,
            Font::Regular,
            &line,
        );
    }
    let labels = [
        "(-) Desconto / Abatimento",
        "(-) Outras Deduções",
        "(+) Mora / Multa",
        "(+) Outros Acréscimos",
        "(=) Valor Cobrado",
    ];
    for (i, label) in labels.iter().enumerate() {
        let cell_top = top - i as f32 * ROW;
        cell(
            page,
            Cell {
                x: LEFT + w,
                top: cell_top,
                w: RIGHT_COL,
                h: ROW,
                label,
                value: "",
                right: true,
            },
        );
    }
    top - h
}

/// Splits a line into pieces of at most `width` characters, at spaces when possible.
fn wrap(line: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for word in line.split_whitespace() {
        if !current.is_empty() && current.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut current));
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(word);
    }
    out.push(current);
    out
}

fn pagador_block(page: &mut Page, data: &BoletoPdfData, top: f32) -> f32 {
    let h = 36.0;
    page.stroke_rect(LEFT, top - h, WIDTH, h, 0.5);
    page.text(LEFT + 2.0, top - 7.0, 5.5, Font::Regular, "Pagador");
    page.text(LEFT + 3.0, top - 17.0, 8.0, Font::Regular, &pagador(data));
    page.text(
        LEFT + 3.0,
        top - 28.0,
        8.0,
        Font::Regular,
        &data.pagador_endereco,
    );
    top - h
}

/// The ITF barcode with quiet zones, bars hanging down from `top`.
fn barcode(page: &mut Page, digits: &str, top: f32) {
    let mut x = LEFT + QUIET_ZONE;
    for (i, w) in itf::widths(digits.as_bytes(), 3).into_iter().enumerate() {
        let width = w as f32 * NARROW_BAR;
        if i % 2 == 0 {
            page.fill_rect(x, top - BAR_HEIGHT, width, BAR_HEIGHT);
        }
        x += width;
    }
    let below = top - BAR_HEIGHT - 10.0;
    page.text_right(
        RIGHT,
        below,
        6.5,
        Font::Regular,
        "Autenticação mecânica - Ficha de Compensação",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brl_formatting() {
        assert_eq!(format_brl(0), "R$ 0,00");
        assert_eq!(format_brl(5), "R$ 0,05");
        assert_eq!(format_brl(123456), "R$ 1.234,56");
        assert_eq!(format_brl(9_999_999_999), "R$ 99.999.999,99");
        assert_eq!(format_brl(-100), "-R$ 1,00");
    }

    #[test]
    fn date_formatting() {
        assert_eq!(
            format_date(NaiveDate::from_ymd_opt(2025, 2, 22)),
            "22/02/2025"
        );
        assert_eq!(format_date(None), "");
    }

    #[test]
    fn wrapping_keeps_words() {
        assert_eq!(wrap("aa bb cc", 5), ["aa bb", "cc"]);
        assert_eq!(wrap("", 5), [""]);
    }
}
