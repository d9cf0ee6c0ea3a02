//! Reading retornos (and remessas, for round trips): autodetects 240/400, bank and
//! kind, then streams items one at a time from any `BufRead`.

use super::c240::{self, nosso_field, t_tail, t_zone};
use super::c400;
use super::lines::LineReader;
use super::occurrences::{describe, is_settlement};
use super::record::{get_date, get_money, get_num, get_text, Field};
use super::{FileKind, Layout, Payer, ReadError, Title};
use crate::bank::Bank;
use chrono::NaiveDate;
use serde::Serialize;
use std::io::BufRead;

/// What the header says about a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FileInfo {
    pub layout: Layout,
    pub kind: FileKind,
    /// "retorno" or "remessa".
    pub direction: &'static str,
    pub bank_code: String,
    pub company_name: String,
    pub sequence: u64,
    pub generated_on: Option<NaiveDate>,
}

/// One title event in a cobrança retorno (T+U in 240, one detail in 400).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct RetornoItem {
    pub line: usize,
    pub occurrence_code: String,
    pub occurrence: std::borrow::Cow<'static, str>,
    /// Motivos / rejection reasons as sent (codes).
    pub reasons: Vec<String>,
    /// The reasons in Portuguese (CNAB 240 rejections; others as "motivo NN").
    pub reason_descriptions: Vec<String>,
    pub settled: bool,
    pub nosso_numero: String,
    pub seu_numero: String,
    pub due_date: Option<NaiveDate>,
    /// Face value, centavos.
    pub amount: i64,
    pub paid_amount: i64,
    pub fees: i64,
    pub interest: i64,
    pub discount: i64,
    pub rebate: i64,
    pub iof: i64,
    pub net_amount: i64,
    pub other_expenses: i64,
    pub other_credits: i64,
    pub occurrence_date: Option<NaiveDate>,
    pub credit_date: Option<NaiveDate>,
    pub payer_name: String,
    pub payer_document: String,
}

/// A count or total a trailer declares and what the reader actually found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TrailerCheck {
    pub line: usize,
    pub field: &'static str,
    pub declared: u64,
    pub counted: u64,
}

impl TrailerCheck {
    pub fn matches(&self) -> bool {
        self.declared == self.counted
    }
}

/// Sniffs layout, bank, direction and kind from the first two records.
pub fn sniff(first: &[u8], second: Option<&[u8]>, line: usize) -> Result<FileInfo, ReadError> {
    let text = |a: usize, b: usize| get_text(first, &Field::alpha("", a, b));
    let is_400 =
        first.first() == Some(&b'0') && matches!(text(3, 9).as_str(), "RETORNO" | "REMESSA");
    if is_400 {
        let direction = if text(3, 9) == "RETORNO" {
            "retorno"
        } else {
            "remessa"
        };
        return Ok(FileInfo {
            layout: Layout::Cnab400,
            kind: FileKind::Cobranca,
            direction,
            bank_code: text(77, 79),
            company_name: text(47, 76),
            sequence: get_num(first, &Field::num("", 395, 400)).unwrap_or(0),
            generated_on: get_date(first, &Field::date6("", 95, 100)),
        });
    }
    let looks_240 =
        first.len() >= 8 && first[..3].iter().all(u8::is_ascii_digit) && &first[3..8] == b"00000";
    if !looks_240 {
        return Err(ReadError::new(
            line,
            "cabeçalho não reconhecido: não é CNAB 240 (banco + lote 0000 + tipo 0) nem CNAB 400 (0 + RETORNO/REMESSA)",
        ));
    }
    let direction = match first.get(142) {
        Some(b'1') => "remessa",
        _ => "retorno",
    };
    Ok(FileInfo {
        layout: Layout::Cnab240,
        kind: kind_240(second),
        direction,
        bank_code: text(1, 3),
        company_name: get_text(first, &c240::H_COMPANY),
        sequence: get_num(first, &c240::H_SEQUENCE).unwrap_or(0),
        generated_on: get_date(first, &c240::H_DATE),
    })
}

/// Cobrança, payments or statement, from the lot header's service type (or the first
/// detail's segment letter when the lot header is missing).
fn kind_240(second: Option<&[u8]>) -> FileKind {
    let Some(l) = second else {
        return FileKind::Cobranca;
    };
    if l.get(7) == Some(&b'1') {
        return match &l.get(9..11) {
            Some(b"01") => FileKind::Cobranca,
            Some(b"04") => FileKind::Extrato,
            _ => FileKind::Pagamentos,
        };
    }
    match l.get(13) {
        Some(b'A' | b'B' | b'J' | b'O' | b'N' | b'Z' | b'C') => FileKind::Pagamentos,
        Some(b'E') => FileKind::Extrato,
        _ => FileKind::Cobranca,
    }
}

/// Refuses a file that is not what the caller expected, in Portuguese.
pub fn expect_kind(info: &FileInfo, want: FileKind) -> Result<(), ReadError> {
    if info.kind == want {
        return Ok(());
    }
    let name = |k| match k {
        FileKind::Cobranca => "cobrança (boletos)",
        FileKind::Pagamentos => "pagamentos (pagamento a fornecedores/SISPAG)",
        FileKind::Extrato => "extrato (segmento E)",
    };
    Err(ReadError::new(
        2,
        format!(
            "este arquivo é de {}, não de {}: use o leitor certo para ele",
            name(info.kind),
            name(want)
        ),
    ))
}

/// Streams a cobrança retorno.
pub struct RetornoReader<R> {
    lines: LineReader<R>,
    pub info: FileInfo,
    pending_second: Option<(usize, Vec<u8>)>,
    steps: Steps,
    done: bool,
}

/// The reader's running state, apart from the line source so a borrowed line can be
/// processed without copying it.
struct Steps {
    layout: Layout,
    bank_code: u16,
    pending_t: Option<RetornoItem>,
    lot_records: u64,
    /// Titles (segments T) and their face values in the current lot.
    lot_titles: u64,
    lot_total: u64,
    file_records: u64,
    checks: Vec<TrailerCheck>,
}

impl<R: BufRead> RetornoReader<R> {
    /// Reads the header, checks this is a cobrança retorno, and gets ready to stream.
    pub fn new(inner: R) -> Result<Self, ReadError> {
        let mut lines = LineReader::new(inner);
        let io = |e: std::io::Error| ReadError::new(0, format!("erro de leitura: {e}"));
        let (n1, first) = match lines.next_record().map_err(io)? {
            Some((n, l)) => (n, l.to_vec()),
            None => return Err(ReadError::new(1, "arquivo vazio")),
        };
        let second = lines
            .next_record()
            .map_err(io)?
            .map(|(n, l)| (n, l.to_vec()));
        let info = sniff(&first, second.as_ref().map(|(_, l)| l.as_slice()), n1)?;
        if info.direction != "retorno" {
            return Err(ReadError::new(
                n1,
                "este arquivo é uma remessa (enviada ao banco), não um retorno",
            ));
        }
        expect_kind(&info, FileKind::Cobranca)?;
        let steps = Steps {
            layout: info.layout,
            bank_code: info.bank_code.parse().unwrap_or(0),
            pending_t: None,
            lot_records: 0,
            lot_titles: 0,
            lot_total: 0,
            file_records: 1,
            checks: vec![],
        };
        Ok(RetornoReader {
            lines,
            info,
            pending_second: second,
            steps,
            done: false,
        })
    }

    /// The bank, when it is one this crate knows.
    pub fn bank(&self) -> Option<Bank> {
        Bank::from_code(&self.info.bank_code)
    }

    /// Trailer counts checked so far (all of them once the iterator is exhausted).
    pub fn checks(&self) -> &[TrailerCheck] {
        &self.steps.checks
    }
}

impl Steps {
    fn step(&mut self, n: usize, l: &[u8]) -> Option<RetornoItem> {
        self.file_records += 1;
        match self.layout {
            Layout::Cnab240 => self.step_240(n, l),
            Layout::Cnab400 => self.step_400(n, l),
        }
    }

    fn step_240(&mut self, n: usize, l: &[u8]) -> Option<RetornoItem> {
        self.lot_records += 1;
        match l.get(7) {
            Some(b'1') => {
                self.lot_records = 1;
                (self.lot_titles, self.lot_total) = (0, 0);
            }
            Some(b'3') => match l.get(13) {
                Some(b'T') => {
                    let done = self.pending_t.take();
                    let t = read_t(self.bank_code, n, l);
                    self.lot_titles += 1;
                    self.lot_total = self.lot_total.saturating_add(t.amount.max(0) as u64);
                    self.pending_t = Some(t);
                    return done;
                }
                Some(b'U') => {
                    if let Some(mut item) = self.pending_t.take() {
                        apply_u(&mut item, l);
                        return Some(item);
                    }
                }
                _ => {}
            },
            Some(b'5') => {
                // Santander counts only the detail records (its own samples and
                // brcobranca's agree), not the lot header and trailer.
                let counted = if self.bank_code == 33 {
                    self.lot_records.saturating_sub(2)
                } else {
                    self.lot_records
                };
                self.push_check(n, l, &c240::LT_RECORDS, counted);
                // Titles and total of "cobrança simples", when the bank fills them with
                // this file's content. Santander and Sicoob put the whole portfolio there
                // (65 titles / R$ 11.904,75 in a two-title sample), so they are not checked.
                let portfolio = matches!(self.bank_code, 33 | 756);
                if !portfolio && get_num(l, &c240::LT_TITLES).unwrap_or(0) != 0 {
                    self.push_check(n, l, &c240::LT_TITLES, self.lot_titles);
                    self.push_check(n, l, &c240::LT_TOTAL, self.lot_total);
                }
                self.lot_records = 0;
                return self.pending_t.take();
            }
            Some(b'9') => {
                self.push_check(n, l, &c240::FT_RECORDS, self.file_records);
                return self.pending_t.take();
            }
            _ => {}
        }
        None
    }

    fn push_check(&mut self, line: usize, l: &[u8], f: &Field, counted: u64) {
        if let Some(declared) = get_num(l, f) {
            self.checks.push(TrailerCheck {
                line,
                field: f.name,
                declared,
                counted,
            });
        }
    }

    fn step_400(&mut self, n: usize, l: &[u8]) -> Option<RetornoItem> {
        match l.first() {
            Some(b'9') => {
                let f = Field::num("sequencial", 395, 400);
                if l.len() >= 400 {
                    self.push_check(n, l, &f, self.file_records);
                }
                None
            }
            Some(&t @ (b'1' | b'7')) => Some(read_400(self.bank_code, t, n, l)),
            _ => None,
        }
    }
}

impl<R: BufRead> Iterator for RetornoReader<R> {
    type Item = Result<RetornoItem, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            let item = if let Some((n, l)) = self.pending_second.take() {
                self.steps.step(n, &l)
            } else {
                match self.lines.next_record() {
                    Ok(Some((n, l))) => self.steps.step(n, l),
                    Ok(None) => {
                        self.done = true;
                        return self.steps.pending_t.take().map(Ok);
                    }
                    Err(e) => {
                        self.done = true;
                        return Some(Err(ReadError::new(0, format!("erro de leitura: {e}"))));
                    }
                }
            };
            if item.is_some() {
                return item.map(Ok);
            }
        }
        None
    }
}

fn reasons(raw: &str) -> Vec<String> {
    raw.as_bytes()
        .chunks(2)
        .map(|c| String::from_utf8_lossy(c).trim().to_string())
        .filter(|c| !c.is_empty() && c != "00")
        .collect()
}

/// Reads segment T (title identity, face value, fee, payer).
pub fn read_t(bank_code: u16, line: usize, l: &[u8]) -> RetornoItem {
    let tail = t_tail(bank_code);
    let code = get_text(l, &c240::U_MOVEMENT);
    let motivos = reasons(&get_text(l, &tail.reasons));
    RetornoItem {
        line,
        occurrence: describe(false, bank_code, &code),
        settled: is_settlement(false, bank_code, &code),
        reason_descriptions: super::occurrences::describe_reasons(&code, &motivos),
        occurrence_code: code,
        reasons: motivos,
        nosso_numero: get_text(l, &nosso_field(t_zone(bank_code))),
        seu_numero: get_text(l, &tail.seu_numero),
        due_date: get_date(l, &tail.due),
        amount: get_money(l, &tail.amount),
        fees: get_money(l, &tail.fee),
        payer_name: get_text(l, &tail.payer_name),
        payer_document: document_from(get_num(l, &tail.payer_kind), get_text(l, &tail.payer_doc)),
        ..RetornoItem::default()
    }
}

/// Adds segment U's values. Only U-only fields are set: nothing T said is overwritten.
pub fn apply_u(item: &mut RetornoItem, l: &[u8]) {
    item.interest = get_money(l, &c240::U_INTEREST);
    item.discount = get_money(l, &c240::U_DISCOUNT);
    item.rebate = get_money(l, &c240::U_REBATE);
    item.iof = get_money(l, &c240::U_IOF);
    item.paid_amount = get_money(l, &c240::U_PAID);
    item.net_amount = get_money(l, &c240::U_NET);
    item.other_expenses = get_money(l, &c240::U_OTHER_EXPENSES);
    item.other_credits = get_money(l, &c240::U_OTHER_CREDITS);
    item.occurrence_date = get_date(l, &c240::U_OCCURRENCE_DATE);
    item.credit_date = get_date(l, &c240::U_CREDIT_DATE);
}

/// Reads a CNAB 400 retorno detail.
pub fn read_400(bank_code: u16, detail_type: u8, line: usize, l: &[u8]) -> RetornoItem {
    let f = c400::retorno_layout(bank_code, detail_type);
    let code = get_text(l, &f.occurrence);
    let motivos = f
        .reasons
        .map(|r| reasons(&get_text(l, &r)))
        .unwrap_or_default();
    RetornoItem {
        line,
        occurrence: describe(true, bank_code, &code),
        settled: is_settlement(true, bank_code, &code),
        occurrence_code: code,
        reason_descriptions: motivos.iter().map(|r| format!("motivo {r}")).collect(),
        reasons: motivos,
        nosso_numero: get_text(l, &f.nosso_numero),
        seu_numero: get_text(l, &f.seu_numero),
        due_date: get_date(l, &f.due),
        amount: get_money(l, &f.amount),
        paid_amount: get_money(l, &f.paid),
        fees: get_money(l, &f.fee),
        interest: get_money(l, &f.interest),
        discount: get_money(l, &f.discount),
        rebate: get_money(l, &f.rebate),
        iof: get_money(l, &f.iof),
        net_amount: 0,
        other_expenses: get_money(l, &f.other_expenses),
        other_credits: get_money(l, &f.other_credits),
        occurrence_date: get_date(l, &f.occurrence_date),
        credit_date: f.credit_date.and_then(|c| get_date(l, &c)),
        payer_name: String::new(),
        payer_document: String::new(),
    }
}

/// A whole retorno in memory (for the CLI and tests; use [`RetornoReader`] for big files).
#[derive(Debug, Clone, Serialize)]
pub struct Retorno {
    pub info: FileInfo,
    pub items: Vec<RetornoItem>,
    pub checks: Vec<TrailerCheck>,
}

/// Reads a whole cobrança retorno.
pub fn read_retorno(bytes: &[u8]) -> Result<Retorno, ReadError> {
    let mut reader = RetornoReader::new(bytes)?;
    let items = reader.by_ref().collect::<Result<Vec<_>, _>>()?;
    Ok(Retorno {
        info: reader.info.clone(),
        items,
        checks: reader.steps.checks,
    })
}

/// Reads the titles back from a cobrança remessa this crate (or another library) wrote.
pub fn read_remessa_titles(bytes: &[u8]) -> Result<(FileInfo, Vec<Title>), ReadError> {
    let mut lines = LineReader::new(bytes);
    let io = |e: std::io::Error| ReadError::new(0, format!("erro de leitura: {e}"));
    let mut records = vec![];
    while let Some((n, l)) = lines.next_record().map_err(io)? {
        records.push((n, l.to_vec()));
    }
    let (n1, first) = records
        .first()
        .ok_or_else(|| ReadError::new(1, "arquivo vazio"))?;
    let info = sniff(first, records.get(1).map(|(_, l)| l.as_slice()), *n1)?;
    if info.direction != "remessa" {
        return Err(ReadError::new(
            *n1,
            "este arquivo é um retorno, não uma remessa",
        ));
    }
    expect_kind(&info, FileKind::Cobranca)?;
    let titles = match info.layout {
        Layout::Cnab240 => read_titles_240(&info, &records),
        Layout::Cnab400 => {
            let bank = Bank::from_code(&info.bank_code).ok_or_else(|| {
                ReadError::new(*n1, format!("banco {} sem layout CNAB 400", info.bank_code))
            })?;
            let l = c400::layout(bank).ok_or_else(|| {
                ReadError::new(*n1, format!("banco {} sem layout CNAB 400", info.bank_code))
            })?;
            records
                .iter()
                .filter(|(_, r)| r.first() == Some(&l.detail_type))
                .map(|(_, r)| c400::read_detail(&l, r))
                .collect()
        }
    };
    Ok((info, titles))
}

fn read_titles_240(info: &FileInfo, records: &[(usize, Vec<u8>)]) -> Vec<Title> {
    let bank = info.bank_code.parse().unwrap_or(0);
    let mut titles: Vec<Title> = vec![];
    for (_, l) in records.iter().filter(|(_, l)| l.get(7) == Some(&b'3')) {
        match l.get(13) {
            Some(b'P') => titles.push(read_p(bank, l)),
            Some(b'Q') => {
                if let Some(t) = titles.last_mut() {
                    t.payer = read_q(l);
                }
            }
            Some(b'R') => {
                if let Some(t) = titles.last_mut() {
                    read_r(t, l);
                }
            }
            Some(b'S') => {
                if let Some(t) = titles.last_mut() {
                    t.messages.extend(
                        c240::S_MESSAGES
                            .iter()
                            .map(|f| get_text(l, f))
                            .filter(|m| !m.is_empty()),
                    );
                }
            }
            _ => {}
        }
    }
    titles
}

/// A CPF/CNPJ from a zero-padded field: the last 11 digits for a CPF (kind 1), 14 otherwise;
/// empty when the field holds only zeros.
pub fn document_of(kind: Option<u64>, padded: &str) -> String {
    document_from(kind, padded.to_string())
}

/// [`document_of`] on a `String` the caller no longer needs: the digits are kept in place
/// (the retorno reader calls this once per title).
fn document_from(kind: Option<u64>, mut padded: String) -> String {
    if padded.bytes().all(|b| b == b'0') {
        return String::new();
    }
    if !padded.bytes().all(|b| b.is_ascii_digit()) {
        // Not a zero-padded number (a broken file): show it as it came.
        return padded;
    }
    let keep = if kind == Some(1) { 11 } else { 14 };
    padded.drain(..padded.len().saturating_sub(keep));
    padded
}

fn opt_date(l: &[u8], f: &Field) -> Option<NaiveDate> {
    get_date(l, f)
}

fn read_p(bank: u16, l: &[u8]) -> Title {
    use super::Interest;
    let interest = match get_num(l, &c240::P_INTEREST_CODE) {
        Some(1) => Some(Interest::DailyAmount(get_money(l, &c240::P_INTEREST))),
        Some(2) => Some(Interest::MonthlyRate(get_money(l, &c240::P_INTEREST) as u32)),
        _ => None,
    };
    let discount = Some(get_money(l, &c240::P_DISCOUNT)).filter(|v| *v > 0);
    Title {
        instruction: c240::instruction_for(get_num(l, &c240::P_MOVEMENT).unwrap_or(0))
            .unwrap_or_default(),
        nosso_numero: get_text(l, &nosso_field(c240::p_zone(bank))),
        seu_numero: get_text(l, &c240::p_seu_numero(bank)),
        due_date: opt_date(l, &c240::P_DUE).unwrap_or_default(),
        issue_date: opt_date(l, &c240::P_ISSUE).unwrap_or_default(),
        amount: get_money(l, &c240::P_AMOUNT),
        payer: Payer::default(),
        species: Some(get_text(l, &c240::P_SPECIES)),
        interest_from: interest.and(opt_date(l, &c240::P_INTEREST_DATE)),
        interest,
        fine: None,
        fine_from: None,
        discount,
        discount_until: discount.and(opt_date(l, &c240::P_DISCOUNT_DATE)),
        abatement: Some(get_money(l, &c240::P_REBATE)).filter(|v| *v > 0),
        protest_days: match get_num(l, &c240::P_PROTEST_CODE) {
            Some(1 | 2) => get_num(l, &c240::P_PROTEST_DAYS).map(|d| d as u8),
            _ => None,
        },
        messages: vec![],
    }
}

fn read_q(l: &[u8]) -> Payer {
    Payer {
        name: get_text(l, &c240::Q_NAME),
        document: document_of(get_num(l, &c240::Q_DOC_KIND), &get_text(l, &c240::Q_DOC)),
        address: get_text(l, &c240::Q_ADDRESS),
        district: get_text(l, &c240::Q_DISTRICT),
        zip: get_text(l, &c240::Q_ZIP),
        city: get_text(l, &c240::Q_CITY),
        state: get_text(l, &c240::Q_STATE),
    }
}

fn read_r(t: &mut Title, l: &[u8]) {
    use super::Fine;
    t.fine = match get_text(l, &c240::R_FINE_CODE).as_str() {
        "1" => Some(Fine::Amount(get_money(l, &c240::R_FINE))),
        "2" => Some(Fine::Percent(get_money(l, &c240::R_FINE) as u32)),
        _ => None,
    };
    t.fine_from = t.fine.and(get_date(l, &c240::R_FINE_DATE));
    for f in [c240::R_MESSAGE3, c240::R_MESSAGE4] {
        let m = get_text(l, &f);
        if !m.is_empty() {
            t.messages.push(m);
        }
    }
}
