//! A bank answering a remessa: the CNAB 240 cobrança retorno it would send back, for
//! homologation and end-to-end tests (`backoffice banking simular-retorno`).
//!
//! Every title gets its "02" (entrada confirmada); the first N also a "06" (liquidação)
//! paid at face value; optionally one more "06" for a nosso número the remessa does not
//! hold, as a bank sends when a payer pays a boleto the company no longer knows. The file
//! is written by [`c240::write_retorno`] with the remessa's own bank, company, agency and
//! account, so the retorno reader and the finance import take it as the bank's.
//!
//! Outside input: any bytes give a retorno or an error in Portuguese, never a panic.

use super::c240;
use super::lines::LineReader;
use super::retorno::{read_remessa_titles, sniff, FileInfo, RetornoItem};
use super::{nosso_numero_for_cnab, Company, FileKind, Layout, ReadError, RemessaHeader, Title};
use crate::bank::Bank;
use chrono::{NaiveDate, NaiveDateTime, NaiveTime};
use std::collections::HashSet;

/// What the simulated bank does besides confirming every title.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SimulateOptions {
    /// How many titles, from the first, were paid (liquidação at face value).
    pub settle_first: usize,
    /// Centavos of one more liquidação, for a nosso número outside the remessa.
    pub unknown_payment: Option<i64>,
    /// Occurrence date; default: the remessa's generation date. Credit: the next day.
    pub date: Option<NaiveDate>,
}

/// Why no retorno was simulated (messages in Portuguese).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SimulateError {
    /// The file is not a CNAB 240 cobrança remessa this crate can read and answer.
    #[error("{0}")]
    Remessa(String),
    /// An option does not fit the remessa; `option` names it (`liquidar`, …).
    #[error("{message}")]
    Option {
        option: &'static str,
        message: String,
    },
}

const ONLY_240: &str = "Simulação disponível só para remessas de cobrança CNAB 240.";

/// Most digits tried for the bank's sequence of the unknown nosso número (Caixa's 15 and
/// BB's 17 are the widest).
const MAX_SEQUENCE_DIGITS: u32 = 17;

/// The retorno the bank would send for `remessa` (the bytes of a CNAB 240 cobrança
/// remessa), CRLF-terminated like the remessa writer's files.
pub fn simulate_retorno(
    remessa: &[u8],
    options: &SimulateOptions,
) -> Result<Vec<u8>, SimulateError> {
    let head = Head::read(remessa)?;
    let (info, bank) = head.check()?;
    let (_, titles) = read_remessa_titles(remessa).map_err(unreadable)?;
    check_options(options, titles.len())?;
    let date = options.date.or(info.generated_on).ok_or_else(|| {
        SimulateError::Remessa(
            "A remessa não tem data de geração legível (posições 144–151 do cabeçalho); \
             informe a data das ocorrências."
                .into(),
        )
    })?;
    let company = c240::read_company(bank, &head.first, head.first_p.as_deref());
    let mut items: Vec<RetornoItem> = titles.iter().map(|t| confirmed(t, date)).collect();
    items.extend(titles.iter().take(options.settle_first).map(|t| {
        let mut item = confirmed(t, date);
        settle(&mut item, t.amount, date);
        item
    }));
    if let Some(paid) = options.unknown_payment {
        items.push(unknown(
            unknown_nosso_numero(bank, &company, &titles)?,
            paid,
            date,
        ));
    }
    let header = RemessaHeader {
        bank,
        company,
        // The bank numbers its retornos on its own; the remessa's number keeps the
        // simulated file traceable to the remessa it answers.
        sequence: u32::try_from(info.sequence).unwrap_or(0),
        generated_at: generated_at(date, &head.first),
    };
    let mut out = Vec::new();
    c240::write_retorno(&header, &items, &mut out).map_err(|e| {
        SimulateError::Remessa(format!(
            "A remessa tem dados que o retorno não comporta: {e}"
        ))
    })?;
    Ok(out)
}

/// The records the simulation needs besides the titles: the file header, the record
/// after it (for the file's kind) and the first segment P (for the account zone).
struct Head {
    line: usize,
    first: Vec<u8>,
    second: Option<Vec<u8>>,
    first_p: Option<Vec<u8>>,
}

impl Head {
    fn read(bytes: &[u8]) -> Result<Head, SimulateError> {
        let mut lines = LineReader::new(bytes);
        let io = |e: std::io::Error| unreadable(ReadError::new(0, e.to_string()));
        let Some((line, first)) = lines.next_record().map_err(io)? else {
            return Err(SimulateError::Remessa("A remessa está vazia.".into()));
        };
        let mut head = Head {
            line,
            first: first.to_vec(),
            second: None,
            first_p: None,
        };
        while let Some((_, l)) = lines.next_record().map_err(io)? {
            if head.second.is_none() {
                head.second = Some(l.to_vec());
            }
            if l.get(7) == Some(&b'3') && l.get(13) == Some(&b'P') {
                head.first_p = Some(l.to_vec());
                break;
            }
        }
        Ok(head)
    }

    /// What the header says, once it is a CNAB 240 cobrança remessa of a known bank.
    fn check(&self) -> Result<(FileInfo, Bank), SimulateError> {
        let info = sniff(&self.first, self.second.as_deref(), self.line).map_err(unreadable)?;
        if info.layout != Layout::Cnab240 || info.kind != FileKind::Cobranca {
            return Err(SimulateError::Remessa(ONLY_240.into()));
        }
        if info.direction != "remessa" {
            return Err(SimulateError::Remessa(
                "Este arquivo já é um retorno; a simulação lê a remessa enviada ao banco.".into(),
            ));
        }
        let bank = Bank::from_code(&info.bank_code).ok_or_else(|| {
            SimulateError::Remessa(format!(
                "Banco {} não suportado na simulação (001, 033, 104, 237, 341, 748, 756).",
                info.bank_code
            ))
        })?;
        Ok((info, bank))
    }
}

fn unreadable(e: ReadError) -> SimulateError {
    SimulateError::Remessa(format!(
        "Remessa ilegível: linha {}: {}.",
        e.line, e.message
    ))
}

fn check_options(options: &SimulateOptions, titles: usize) -> Result<(), SimulateError> {
    if options.settle_first > titles {
        return Err(SimulateError::Option {
            option: "liquidar",
            message: format!(
                "Não dá para liquidar {} títulos: a remessa tem {titles}.",
                options.settle_first
            ),
        });
    }
    if options.unknown_payment.is_some_and(|v| v <= 0) {
        return Err(SimulateError::Option {
            option: "nao_localizado",
            message: "O valor do pagamento não localizado (centavos) deve ser positivo.".into(),
        });
    }
    Ok(())
}

/// The "02" of a title, with what segment T repeats of the remessa.
fn confirmed(t: &Title, date: NaiveDate) -> RetornoItem {
    RetornoItem {
        occurrence_code: "02".into(),
        nosso_numero: t.nosso_numero.clone(),
        seu_numero: t.seu_numero.clone(),
        due_date: Some(t.due_date),
        amount: t.amount,
        occurrence_date: Some(date),
        payer_name: t.payer.name.clone(),
        payer_document: t.payer.document.clone(),
        ..RetornoItem::default()
    }
}

/// Turns an item into a "06" paid `paid` centavos on `date`, no fees, credited next day.
fn settle(item: &mut RetornoItem, paid: i64, date: NaiveDate) {
    item.occurrence_code = "06".into();
    item.settled = true;
    item.paid_amount = paid;
    item.net_amount = paid;
    item.credit_date = date.succ_opt();
}

fn unknown(nosso_numero: String, paid: i64, date: NaiveDate) -> RetornoItem {
    let mut item = RetornoItem {
        nosso_numero,
        amount: paid,
        occurrence_date: Some(date),
        ..RetornoItem::default()
    };
    settle(&mut item, paid, date);
    item
}

/// A nosso número the bank could pay but the remessa does not hold.
///
/// The bank's own function forms it (check digit and all) from the largest sequence the
/// bank takes, all nines: no company reaches it in practice, so it is clearly outside the
/// file and matches no boleto when imported. Counting down skips any number the remessa
/// does use. The length of the remessa's own numbers is preferred, so the number is
/// well-formed for this convênio too (a 6-digit BB convênio takes 12 or 17 digits).
fn unknown_nosso_numero(
    bank: Bank,
    company: &Company,
    titles: &[Title],
) -> Result<String, SimulateError> {
    let company = complete_company(bank, company, titles);
    let taken: HashSet<&str> = titles.iter().map(|t| key(&t.nosso_numero)).collect();
    let field = c240::nosso_field(c240::t_zone(c240::bank_number(bank))).width();
    let same_length = titles.first().map(|t| t.nosso_numero.len());
    let found = same_length
        .and_then(|len| largest_free(bank, &company, &taken, &|nn: &str| nn.len() == len))
        .or_else(|| largest_free(bank, &company, &taken, &|nn: &str| nn.len() <= field));
    found.ok_or_else(|| SimulateError::Option {
        option: "nao_localizado",
        message: format!(
            "Não foi possível formar um nosso número do banco {} fora da remessa com os dados \
             do cabeçalho.",
            bank.code()
        ),
    })
}

/// The company data a nosso número needs that the remessa carries only inside the titles'
/// own nosso números.
fn complete_company(bank: Bank, company: &Company, titles: &[Title]) -> Company {
    let mut company = company.clone();
    match bank {
        // Caixa's carteira: the nosso número's first digit is its modalidade.
        Bank::Caixa if company.wallet.is_empty() => {
            company.wallet = titles
                .first()
                .and_then(|t| t.nosso_numero.get(..1))
                .unwrap_or("1")
                .to_string();
        }
        Bank::Sicredi => recover_sicredi_post(&mut company, titles),
        _ => {}
    }
    company
}

/// Sicredi's posto enters the check digit: the first posto under which the remessa's own
/// numbers (AA + B + NNNNN + DV) have their check digits. Postos the digits cannot tell
/// apart give the same check digit to nearly every number; with no such title, posto 00.
fn recover_sicredi_post(company: &mut Company, titles: &[Title]) {
    let sample: Vec<&str> = titles
        .iter()
        .take(20)
        .map(|t| t.nosso_numero.trim())
        .filter(|nn| nn.len() == 9)
        .collect();
    for post in 0..100 {
        company.post = format!("{post:02}");
        let holds = |nn: &&str| {
            let number = nn.get(..8).unwrap_or_default();
            nosso_numero_for_cnab(Bank::Sicredi, company, number).as_deref() == Ok(*nn)
        };
        if sample.iter().all(holds) {
            return;
        }
    }
    company.post = "00".into();
}

/// The nosso número of the largest all-nines sequence the bank accepts and `fits`, counted
/// down past the `taken` ones.
fn largest_free(
    bank: Bank,
    company: &Company,
    taken: &HashSet<&str>,
    fits: &dyn Fn(&str) -> bool,
) -> Option<String> {
    for digits in (1..=MAX_SEQUENCE_DIGITS).rev() {
        let top = 10u64.pow(digits) - 1;
        // One more try than numbers taken always reaches a free one.
        for n in (0..=taken.len() as u64).map_while(|k| top.checked_sub(k)) {
            let width = digits as usize;
            let Ok(nn) = nosso_numero_for_cnab(bank, company, &format!("{n:0width$}")) else {
                break;
            };
            if !fits(&nn) {
                break;
            }
            if !taken.contains(key(&nn)) {
                return Some(nn);
            }
        }
    }
    None
}

/// A nosso número without its padding, to compare numbers written at different widths.
fn key(nosso: &str) -> &str {
    nosso.trim().trim_start_matches('0')
}

/// The retorno's generation time: the occurrence date at the remessa's time of day (the
/// bank answers after receiving it), midnight when the header has none (Santander).
fn generated_at(date: NaiveDate, header: &[u8]) -> NaiveDateTime {
    let hhmmss = super::record::get_num(header, &c240::H_TIME).unwrap_or(0);
    let time = u32::try_from(hhmmss)
        .ok()
        .and_then(|t| NaiveTime::from_hms_opt(t / 10_000, t / 100 % 100, t % 100))
        .unwrap_or(NaiveTime::MIN);
    date.and_time(time)
}
