//! Preflight validator: lists every problem in a remessa before the bank sees it.
//!
//! Why a separate pass: banks reject a whole file for one bad byte and answer days later
//! with a terse code. The validator reads the bytes as they are (no tolerance: a bare LF,
//! an accent or a 241-byte line is a finding) and checks them against the same field
//! tables the writer uses, plus trailer counts/totals, sequence numbers and check digits.

use crate::bank::Bank;
use crate::cnab::c240;
use crate::cnab::c400;
use crate::cnab::payments::{self, Flavour};
use crate::cnab::record::{get_num, raw, Field, Kind};
use crate::cnab::text::is_allowed_byte;
use crate::cnab::{FileKind, Layout};
use serde::Serialize;

/// One problem, located precisely enough to fix it by hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// 1-based line number.
    pub line: usize,
    /// 1-based inclusive byte positions (0 when the finding is about the whole line).
    pub start: usize,
    pub end: usize,
    pub field: String,
    /// What is wrong, in Portuguese.
    pub problem: String,
    pub expected: String,
    pub found: String,
}

/// The validator's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Report {
    pub layout: Option<Layout>,
    pub kind: Option<FileKind>,
    pub bank_code: String,
    pub lines: usize,
    pub findings: Vec<Finding>,
}

impl Report {
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }
}

struct Ctx {
    findings: Vec<Finding>,
}

impl Ctx {
    fn add(
        &mut self,
        line: usize,
        f: Option<&Field>,
        problem: impl Into<String>,
        expected: impl Into<String>,
        found: impl Into<String>,
    ) {
        let (start, end, field) =
            f.map(|f| (f.start, f.end, f.name.to_string()))
                .unwrap_or((0, 0, "linha".into()));
        self.findings.push(Finding {
            line,
            start,
            end,
            field,
            problem: problem.into(),
            expected: expected.into(),
            found: found.into(),
        });
    }
}

fn show(bytes: &[u8]) -> String {
    crate::cnab::text::decode_cp1252(bytes)
}

/// Validates a remessa (CNAB 240 cobrança or payments, CNAB 400 cobrança).
pub fn validate(bytes: &[u8]) -> Report {
    let mut cx = Ctx { findings: vec![] };
    let numbered = numbered_lines(bytes, &mut cx);
    let mut report = Report {
        layout: None,
        kind: None,
        bank_code: String::new(),
        lines: numbered.len(),
        findings: vec![],
    };
    let Some((_, first)) = numbered.first() else {
        cx.add(
            1,
            None,
            "arquivo vazio",
            "header, detalhes e trailer",
            "nada",
        );
        report.findings = cx.findings;
        return report;
    };
    let second = numbered.get(1).map(|(_, l)| *l);
    match crate::cnab::retorno::sniff(first, second, 1) {
        Ok(info) => {
            report.layout = Some(info.layout);
            report.kind = Some(info.kind);
            report.bank_code = info.bank_code.clone();
            if info.direction != "remessa" {
                cx.add(
                    1,
                    None,
                    "o header diz que o arquivo é um retorno, não uma remessa",
                    "remessa",
                    "retorno",
                );
            }
            let width = if info.layout == Layout::Cnab240 {
                240
            } else {
                400
            };
            for (n, l) in &numbered {
                check_bytes(&mut cx, *n, l, width);
            }
            match info.layout {
                Layout::Cnab240 => check_240(&mut cx, &numbered, &info.bank_code, info.kind),
                Layout::Cnab400 => check_400(&mut cx, &numbered, &info.bank_code),
            }
        }
        Err(e) => cx.add(
            1,
            None,
            e.message,
            "header CNAB 240 ou 400",
            show(&first[..first.len().min(20)]),
        ),
    }
    report.findings = cx.findings;
    report
}

fn numbered_lines<'a>(bytes: &'a [u8], cx: &mut Ctx) -> Vec<(usize, &'a [u8])> {
    let mut out = vec![];
    let mut n = 0;
    let mut rest = bytes;
    while !rest.is_empty() {
        n += 1;
        let (line, next, ending) = match rest.iter().position(|b| *b == b'\n') {
            Some(i) => (&rest[..i], &rest[i + 1..], true),
            None => (rest, &rest[rest.len()..], false),
        };
        let (body, crlf) = match line.strip_suffix(b"\r") {
            Some(b) => (b, true),
            None => (line, false),
        };
        if body.is_empty() || body == [0x1A] {
            let what = if body.is_empty() {
                "linha em branco"
            } else {
                "byte de fim de arquivo (0x1A)"
            };
            cx.add(
                n,
                None,
                format!("{what}: o banco recusa linhas fora do layout"),
                "nenhuma linha extra",
                show(body),
            );
        } else {
            if ending && !crlf {
                cx.add(n, None, "linha termina só com LF", "CRLF (\\r\\n)", "LF");
            }
            if !ending {
                cx.add(
                    n,
                    None,
                    "última linha sem quebra de linha",
                    "CRLF no fim da última linha",
                    "fim do arquivo",
                );
            }
            out.push((n, body));
        }
        rest = next;
    }
    out
}

/// Line length and characters.
fn check_bytes(cx: &mut Ctx, n: usize, l: &[u8], width: usize) {
    if l.len() != width {
        cx.add(
            n,
            None,
            format!("linha com {} bytes", l.len()),
            format!("{width} bytes"),
            l.len().to_string(),
        );
    }
    let mut reported = 0;
    for (i, &b) in l.iter().enumerate() {
        if is_allowed_byte(b) {
            continue;
        }
        reported += 1;
        if reported > 10 {
            continue;
        }
        let pos = i + 1;
        let f = Field {
            name: "caractere",
            start: pos,
            end: pos,
            kind: Kind::Alpha,
            required: false,
        };
        let problem = if b >= 0x80 {
            "caractere acentuado ou fora do ASCII"
        } else if b.is_ascii_lowercase() {
            "letra minúscula"
        } else if b < 0x20 || b == 0x7F {
            "caractere de controle"
        } else {
            "caractere não aceito pelos bancos"
        };
        cx.add(
            n,
            Some(&f),
            problem,
            "A–Z, 0–9, espaço e . , - / ( ) & @ : ; + _ * #",
            show(&[b]),
        );
    }
    if reported > 10 {
        cx.add(
            n,
            None,
            format!("mais {} caracteres inválidos nesta linha", reported - 10),
            "",
            "",
        );
    }
}

/// Kind, required and date checks of each field in a table.
fn check_fields(cx: &mut Ctx, n: usize, l: &[u8], fields: &[Field]) {
    for f in fields {
        if f.end > l.len() {
            continue; // already reported as a short line
        }
        let v = raw(l, f);
        match f.kind {
            Kind::Num if !v.iter().all(u8::is_ascii_digit) => {
                cx.add(
                    n,
                    Some(f),
                    "campo numérico com caracteres não numéricos",
                    "só dígitos, zeros à esquerda",
                    show(v),
                );
            }
            Kind::Date | Kind::Date6 => check_date(cx, n, l, f, v),
            Kind::Alpha if f.required && v.iter().all(|b| *b == b' ') => {
                cx.add(
                    n,
                    Some(f),
                    "campo obrigatório em branco",
                    "um valor",
                    "brancos",
                );
            }
            _ => {}
        }
    }
}

fn check_date(cx: &mut Ctx, n: usize, l: &[u8], f: &Field, v: &[u8]) {
    let zeros = v.iter().all(|b| *b == b'0');
    if zeros && !f.required {
        return;
    }
    if crate::cnab::record::get_date(l, f).is_none() {
        let fmt = if f.kind == Kind::Date {
            "DDMMAAAA"
        } else {
            "DDMMAA"
        };
        cx.add(
            n,
            Some(f),
            "data inválida",
            format!("data válida {fmt}"),
            show(v),
        );
    }
}

fn num(l: &[u8], f: &Field) -> Option<u64> {
    if raw(l, f).len() == f.width() && raw(l, f).iter().all(u8::is_ascii_digit) {
        get_num(l, f)
    } else {
        None
    }
}

fn expect_eq(cx: &mut Ctx, n: usize, l: &[u8], f: &Field, counted: u64, what: &str) {
    if let Some(declared) = num(l, f) {
        if declared != counted {
            cx.add(
                n,
                Some(f),
                format!("{what} não confere"),
                counted.to_string(),
                declared.to_string(),
            );
        }
    }
}

// ---- CNAB 240 ---------------------------------------------------------------------------

#[derive(Default)]
struct Lot {
    number: u64,
    records: u64,
    seq: u64,
    total: i64,
    titles: u64,
}

fn check_240(cx: &mut Ctx, lines: &[(usize, &[u8])], bank_code: &str, kind: FileKind) {
    let bank: u16 = bank_code.parse().unwrap_or(0);
    let flavour = Flavour::of(bank);
    let mut lot = Lot::default();
    let (mut lots, mut records, mut saw_trailer) = (0u64, 0u64, false);
    let last = lines.len();
    for (i, (n, l)) in lines.iter().enumerate() {
        let n = *n;
        records += 1;
        if raw(l, &c240::BANK) != bank_code.as_bytes() {
            cx.add(
                n,
                Some(&c240::BANK),
                "código do banco diferente do header",
                bank_code,
                show(raw(l, &c240::BANK)),
            );
        }
        match l.get(7) {
            Some(b'0') if i == 0 => {
                // Santander leaves the generation time (152–157) blank.
                let fields: Vec<Field> = c240::FILE_HEADER_FIELDS
                    .iter()
                    .filter(|f| bank != 33 || f.name != "hora_geracao")
                    .copied()
                    .collect();
                check_fields(cx, n, l, &fields)
            }
            Some(b'1') => {
                lots += 1;
                lot = Lot {
                    number: lots,
                    records: 1,
                    ..Lot::default()
                };
                let table = if kind == FileKind::Pagamentos {
                    payments::LOT_HEADER_FIELDS
                } else {
                    c240::LOT_HEADER_FIELDS
                };
                check_fields(cx, n, l, table);
                expect_eq(cx, n, l, &c240::LOT, lots, "número do lote");
            }
            Some(b'3') => {
                lot.records += 1;
                lot.seq += 1;
                expect_eq(
                    cx,
                    n,
                    l,
                    &c240::SEQ_IN_LOT,
                    lot.seq,
                    "número sequencial do registro no lote",
                );
                expect_eq(cx, n, l, &c240::LOT, lot.number, "número do lote");
                check_detail_240(cx, n, l, bank, kind, flavour, &mut lot);
            }
            Some(b'5') => {
                lot.records += 1;
                check_fields(cx, n, l, c240::LOT_TRAILER_FIELDS);
                expect_eq(
                    cx,
                    n,
                    l,
                    &c240::LT_RECORDS,
                    lot.records,
                    "quantidade de registros do lote",
                );
                check_lot_totals(cx, n, l, kind, &lot);
            }
            Some(b'9') => {
                saw_trailer = true;
                if i + 1 != last {
                    cx.add(
                        n,
                        None,
                        "trailer de arquivo antes do fim",
                        "trailer na última linha",
                        format!("linha {n}"),
                    );
                }
                check_fields(cx, n, l, c240::FILE_TRAILER_FIELDS);
                expect_eq(cx, n, l, &c240::FT_LOTS, lots, "quantidade de lotes");
                expect_eq(
                    cx,
                    n,
                    l,
                    &c240::FT_RECORDS,
                    records,
                    "quantidade de registros do arquivo",
                );
            }
            other => {
                let f = c240::RECORD_TYPE;
                cx.add(
                    n,
                    Some(&f),
                    "tipo de registro inesperado",
                    "0 (só na 1ª linha), 1, 3, 5 ou 9",
                    show(other.map(std::slice::from_ref).unwrap_or(b"")),
                );
            }
        }
    }
    if !saw_trailer {
        cx.add(
            last.max(1),
            None,
            "falta o trailer de arquivo (tipo 9)",
            "última linha tipo 9",
            "ausente",
        );
    }
}

fn check_lot_totals(cx: &mut Ctx, n: usize, l: &[u8], kind: FileKind, lot: &Lot) {
    match kind {
        FileKind::Pagamentos => expect_eq(
            cx,
            n,
            l,
            &payments::T_TOTAL,
            lot.total as u64,
            "somatório dos valores do lote",
        ),
        _ => {
            // Cobrança: banks that fill the totals must get them right; zeros mean "not informed".
            if num(l, &c240::LT_TITLES).unwrap_or(0) != 0 {
                expect_eq(
                    cx,
                    n,
                    l,
                    &c240::LT_TITLES,
                    lot.titles,
                    "quantidade de títulos em cobrança",
                );
                expect_eq(
                    cx,
                    n,
                    l,
                    &c240::LT_TOTAL,
                    lot.total as u64,
                    "valor total dos títulos em cobrança",
                );
            }
        }
    }
}

fn check_detail_240(
    cx: &mut Ctx,
    n: usize,
    l: &[u8],
    bank: u16,
    kind: FileKind,
    flavour: Flavour,
    lot: &mut Lot,
) {
    let segment = l.get(13).copied().unwrap_or(b' ');
    match (kind, segment) {
        (FileKind::Cobranca, b'P') => {
            check_fields(cx, n, l, &c240::p_fields(bank));
            lot.titles += 1;
            lot.total += num(l, &c240::P_AMOUNT).unwrap_or(0) as i64;
            check_nosso_numero_240(cx, n, l, bank);
        }
        (FileKind::Cobranca, b'Q') => {
            check_fields(cx, n, l, c240::Q_FIELDS);
            check_document(cx, n, l, &c240::Q_DOC_KIND, &c240::Q_DOC);
        }
        (FileKind::Cobranca, b'R') => check_fields(cx, n, l, c240::R_FIELDS),
        (FileKind::Cobranca, b'S') => check_fields(cx, n, l, c240::S_FIELDS),
        (FileKind::Pagamentos, b'A' | b'J' | b'O' | b'N' | b'B') => {
            let j52 = segment == b'J' && l.get(17..19) == Some(b"52");
            if !j52 {
                check_fields(cx, n, l, &payments::segment_fields(segment, flavour));
            }
            let amount = match segment {
                b'A' => num(l, &payments::A_AMOUNT),
                b'J' if !j52 => num(l, &payments::J_AMOUNT),
                b'O' => num(l, &payments::segment_o(flavour).amount),
                b'N' => num(l, &payments::N_AMOUNT),
                _ => None,
            };
            lot.total += amount.unwrap_or(0) as i64;
            if segment == b'O' && flavour == Flavour::Itau {
                check_arrecadacao_line(cx, n, l, &payments::O_ITAU_BARCODE);
            }
        }
        _ => {
            let f = c240::SEGMENT;
            cx.add(
                n,
                Some(&f),
                "segmento inesperado para este tipo de arquivo",
                "P, Q, R, S (cobrança) ou A, B, J, N, O (pagamentos)",
                show(&[segment]),
            );
        }
    }
}

/// The 48-digit arrecadação line of Itaú's segment O, with the boleto decoder's DVs (a
/// wrong digit there makes the bank reject the payment days later).
fn check_arrecadacao_line(cx: &mut Ctx, n: usize, l: &[u8], f: &Field) {
    let v = raw(l, f);
    if v.len() != f.width() || !v.iter().all(u8::is_ascii_digit) {
        return; // already reported by the field's kind check
    }
    // The date only matters to bank boletos, which a 48-digit line never is.
    match crate::boleto::inspect(&show(v), chrono::NaiveDate::MIN) {
        Err(e) => cx.add(
            n,
            Some(f),
            format!("linha de arrecadação inválida: {e}"),
            "48 dígitos de arrecadação (começando com 8)",
            show(v),
        ),
        Ok(decoded) => {
            for c in decoded.failed_checks() {
                cx.add(
                    n,
                    Some(f),
                    format!(
                        "dígito verificador errado no {} da linha de arrecadação",
                        c.name
                    ),
                    (c.expected as char).to_string(),
                    (c.found as char).to_string(),
                );
            }
        }
    }
}

/// CPF/CNPJ of the payer, using the document module's check digits.
fn check_document(cx: &mut Ctx, n: usize, l: &[u8], kind: &Field, doc: &Field) {
    let Some(k) = num(l, kind) else { return };
    // Byte slices, not string slices: the field may hold non-ASCII bytes in a broken file.
    let bytes = raw(l, doc);
    let last = |n: usize| show(&bytes[bytes.len().saturating_sub(n)..]);
    let text = show(bytes);
    let (digits, name) = match k {
        1 => (last(11), "CPF"),
        2 => (last(14), "CNPJ"),
        0 => return,
        _ => {
            cx.add(
                n,
                Some(kind),
                "tipo de inscrição inválido",
                "1 (CPF) ou 2 (CNPJ)",
                k.to_string(),
            );
            return;
        }
    };
    let ok = if k == 1 {
        crate::document::validate_cpf(&digits).is_ok()
    } else {
        crate::document::validate_cnpj(&digits).is_ok()
    };
    if !ok {
        cx.add(
            n,
            Some(doc),
            format!("{name} do pagador com dígito verificador errado"),
            format!("{name} válido"),
            text,
        );
    }
}

fn digits_at(l: &[u8], a: usize, b: usize) -> Option<String> {
    let v = raw(l, &Field::num("", a, b));
    (v.len() == b + 1 - a && v.iter().all(u8::is_ascii_digit)).then(|| show(v))
}

/// Nosso número DV where the record holds everything the DV depends on (Santander,
/// Bradesco, Itaú); for the other banks it depends on data outside the record.
fn check_nosso_numero_240(cx: &mut Ctx, n: usize, l: &[u8], bank: u16) {
    let (b, number, dv, field) = match bank {
        33 => (
            Bank::Santander,
            digits_at(l, 45, 56),
            raw(l, &Field::num("", 57, 57)),
            Field::num("nosso_numero", 45, 57),
        ),
        237 => (
            Bank::Bradesco,
            digits_at(l, 46, 56),
            raw(l, &Field::alpha("", 57, 57)),
            Field::alpha("nosso_numero", 46, 57),
        ),
        341 => (
            Bank::Itau,
            digits_at(l, 41, 48),
            raw(l, &Field::alpha("", 49, 49)),
            Field::alpha("nosso_numero", 41, 49),
        ),
        _ => return,
    };
    let Some(number) = number else { return };
    let mut input = crate::boleto::BoletoInput::new(b);
    input.nosso_numero = number;
    match bank {
        237 => input.carteira = digits_at(l, 39, 40).unwrap_or_default(),
        341 => {
            input.carteira = digits_at(l, 38, 40).unwrap_or_default();
            input.agencia = digits_at(l, 19, 22).unwrap_or_default();
            input.conta = digits_at(l, 31, 35).unwrap_or_default();
            input.conta_dv = Some(show(raw(l, &Field::alpha("", 37, 37))));
        }
        _ => {}
    }
    compare_dv(cx, n, b, &input, dv, &field);
}

fn compare_dv(
    cx: &mut Ctx,
    n: usize,
    b: Bank,
    input: &crate::boleto::BoletoInput,
    dv: &[u8],
    field: &Field,
) {
    if let Ok(nn) = crate::boleto::nosso_numero(b, input) {
        if let Some(expected) = nn.dv {
            let found = show(dv);
            if found != expected.to_string() {
                cx.add(
                    n,
                    Some(field),
                    "dígito verificador do nosso número errado",
                    expected.to_string(),
                    found,
                );
            }
        }
    }
}

// ---- CNAB 400 ---------------------------------------------------------------------------

fn check_400(cx: &mut Ctx, lines: &[(usize, &[u8])], bank_code: &str) {
    let bank = Bank::from_code(bank_code);
    let layout = bank.and_then(c400::layout);
    let seq = Field::num("sequencial", 395, 400);
    let mut total = 0i64;
    let last = lines.len();
    for (i, (n, l)) in lines.iter().enumerate() {
        let n = *n;
        expect_eq(
            cx,
            n,
            l,
            &seq,
            i as u64 + 1,
            "número sequencial do registro",
        );
        let t = l.first().copied().unwrap_or(b' ');
        if let Some(lay) = &layout {
            check_fields(cx, n, l, &c400::fields_for(lay, t));
            if t == lay.detail_type {
                total += num(l, &Field::num("valor", 127, 139)).unwrap_or(0) as i64;
                check_document(
                    cx,
                    n,
                    l,
                    &Field::num("tipo_inscricao_pagador", 220, 220),
                    &Field::num("inscricao_pagador", 221, 234),
                );
                check_nosso_numero_400(cx, n, l, lay.bank);
            }
        }
        if t == b'9' && i + 1 != last {
            cx.add(
                n,
                None,
                "trailer antes do fim do arquivo",
                "trailer na última linha",
                format!("linha {n}"),
            );
        }
        if i + 1 == last && t != b'9' {
            cx.add(
                n,
                None,
                "falta o trailer (tipo 9) na última linha",
                "9",
                show(&[t]),
            );
        }
        if i + 1 == last && t == b'9' && bank == Some(Bank::Santander) {
            expect_eq(
                cx,
                n,
                l,
                &Field::num("quantidade_linhas", 2, 7),
                last as u64,
                "quantidade de linhas",
            );
            expect_eq(
                cx,
                n,
                l,
                &Field::num("valor_total", 8, 20),
                total as u64,
                "valor total dos títulos",
            );
        }
    }
}

/// Nosso número DV of a CNAB 400 detail where the field holds one (Santander 63–70,
/// Bradesco 71–82). Itaú's 63–70 is the 8-digit number without its DAC (the remessa has no
/// DAC field; see `c400::ITAU_DETAIL`), so it is only checked as digits, like BB's 64–80
/// (no DV with a 7-digit convênio) and Sicoob's 63–74 (its DV needs the convênio, which
/// is in the header, not in the detail).
fn check_nosso_numero_400(cx: &mut Ctx, n: usize, l: &[u8], bank: Bank) {
    let (number, dv, field, carteira) = match bank {
        Bank::Santander => (
            digits_at(l, 63, 69),
            raw(l, &Field::num("", 70, 70)),
            Field::num("nosso_numero", 63, 70),
            None,
        ),
        Bank::Bradesco => (
            digits_at(l, 71, 81),
            raw(l, &Field::alpha("", 82, 82)),
            Field::alpha("nosso_numero", 71, 82),
            digits_at(l, 23, 24),
        ),
        _ => return,
    };
    let Some(number) = number else { return };
    let mut input = crate::boleto::BoletoInput::new(bank);
    input.nosso_numero = number;
    input.carteira = carteira.unwrap_or_default();
    compare_dv(cx, n, bank, &input, dv, &field);
}
