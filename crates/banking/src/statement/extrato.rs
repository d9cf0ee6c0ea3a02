//! CNAB 240 extrato para conciliação (service 04, segment E).
//!
//! Source: FEBRABAN "Layout Padrão CNAB 240" v10.x, "Extrato para Conciliação Bancária"
//! (lot header with the opening balance, segment E per entry, lot trailer with the
//! closing balance and the sums of debits and credits).

use super::{stable_id, AccountStatement, Transaction};
use crate::cnab::lines::LineReader;
use crate::cnab::record::{get_date, get_money, get_text, Field, FieldError, Record};
use crate::cnab::retorno::{expect_kind, sniff, TrailerCheck};
use crate::cnab::{FileKind, ReadError};
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::HashMap;
use std::io::{BufRead, Write};

pub const E_AGENCY: Field = Field::num("agencia", 53, 57);
pub const E_ACCOUNT: Field = Field::num("conta", 59, 70);
pub const E_ACCOUNT_DV: Field = Field::alpha("dv_conta", 71, 71);
pub const E_NATURE: Field = Field::alpha("natureza_lancamento", 109, 111);
pub const E_ACCOUNTING_DATE: Field = Field::date("data_contabil", 135, 142);
pub const E_DATE: Field = Field::date("data_lancamento", 143, 150).req();
pub const E_AMOUNT: Field = Field::num("valor_lancamento", 151, 168).req();
pub const E_SIGN: Field = Field::alpha("tipo_lancamento", 169, 169).req();
pub const E_CATEGORY: Field = Field::num("categoria", 170, 172);
pub const E_HISTORY_CODE: Field = Field::alpha("codigo_historico", 173, 176);
pub const E_HISTORY: Field = Field::alpha("historico", 177, 201);
pub const E_DOCUMENT: Field = Field::alpha("numero_documento", 202, 240);
pub const L_OPENING_DATE: Field = Field::date("data_saldo_inicial", 143, 150);
pub const L_OPENING: Field = Field::num("valor_saldo_inicial", 151, 168);
pub const L_OPENING_SIGN: Field = Field::alpha("situacao_saldo_inicial", 169, 169);
pub const T_CLOSING_DATE: Field = Field::date("data_saldo_final", 143, 150);
pub const T_CLOSING: Field = Field::num("valor_saldo_final", 151, 168);
pub const T_CLOSING_SIGN: Field = Field::alpha("situacao_saldo_final", 169, 169);
pub const T_RECORDS: Field = Field::num("quantidade_registros", 171, 176);
pub const T_DEBITS: Field = Field::num("somatorio_debitos", 177, 194);
pub const T_CREDITS: Field = Field::num("somatorio_creditos", 195, 212);

/// A segment E file read: one account statement per lot, plus trailer checks.
#[derive(Debug, Clone, Serialize)]
pub struct Extrato {
    pub bank: String,
    pub accounts: Vec<AccountStatement>,
    pub checks: Vec<TrailerCheck>,
}

fn signed(amount: i64, sign: &str) -> i64 {
    if sign == "D" {
        -amount
    } else {
        amount
    }
}

/// Reads a CNAB 240 extrato from any `BufRead`.
pub fn read<R: BufRead>(inner: R) -> Result<Extrato, ReadError> {
    let mut lines = LineReader::new(inner);
    let io = |e: std::io::Error| ReadError::new(0, format!("erro de leitura: {e}"));
    let (n1, first) = match lines.next_record().map_err(io)? {
        Some((n, l)) => (n, l.to_vec()),
        None => return Err(ReadError::new(1, "arquivo vazio")),
    };
    let mut pending = lines
        .next_record()
        .map_err(io)?
        .map(|(n, l)| (n, l.to_vec()));
    let info = sniff(&first, pending.as_ref().map(|(_, l)| l.as_slice()), n1)?;
    expect_kind(&info, FileKind::Extrato)?;
    let mut out = Extrato {
        bank: info.bank_code.clone(),
        accounts: vec![],
        checks: vec![],
    };
    let mut seen: HashMap<String, u32> = HashMap::new();
    let (mut debits, mut credits, mut records) = (0i64, 0i64, 0u64);
    loop {
        let (n, l) = match pending.take() {
            Some(x) => x,
            None => match lines.next_record().map_err(io)? {
                Some((n, l)) => (n, l.to_vec()),
                None => break,
            },
        };
        match l.get(7) {
            Some(b'1') => {
                (debits, credits, records) = (0, 0, 0);
                out.accounts.push(AccountStatement {
                    kind: "conta_corrente".into(),
                    bank: info.bank_code.clone(),
                    branch: get_text(&l, &E_AGENCY),
                    account: format!(
                        "{}{}",
                        get_text(&l, &E_ACCOUNT),
                        get_text(&l, &E_ACCOUNT_DV)
                    ),
                    currency: "BRL".into(),
                    start: get_date(&l, &L_OPENING_DATE),
                    opening_balance: Some(signed(
                        get_money(&l, &L_OPENING),
                        &get_text(&l, &L_OPENING_SIGN),
                    )),
                    ..Default::default()
                });
            }
            Some(b'3') if l.get(13) == Some(&b'E') => {
                records += 1;
                let Some(acc) = out.accounts.last_mut() else {
                    return Err(ReadError::new(n, "segmento E antes do header de lote"));
                };
                let tx = read_e(acc, &l, n, &mut seen)?;
                if tx.amount < 0 {
                    debits -= tx.amount
                } else {
                    credits += tx.amount
                }
                acc.transactions.push(tx);
            }
            Some(b'5') => {
                if let Some(acc) = out.accounts.last_mut() {
                    acc.end = get_date(&l, &T_CLOSING_DATE);
                    acc.ledger_balance = Some(signed(
                        get_money(&l, &T_CLOSING),
                        &get_text(&l, &T_CLOSING_SIGN),
                    ));
                    acc.ledger_balance_date = acc.end;
                }
                push(&mut out.checks, n, &l, &T_DEBITS, debits as u64);
                push(&mut out.checks, n, &l, &T_CREDITS, credits as u64);
                push(&mut out.checks, n, &l, &T_RECORDS, records + 2);
            }
            _ => {}
        }
    }
    Ok(out)
}

fn push(checks: &mut Vec<TrailerCheck>, line: usize, l: &[u8], f: &Field, counted: u64) {
    if let Some(declared) = crate::cnab::record::get_num(l, f) {
        checks.push(TrailerCheck {
            line,
            field: f.name,
            declared,
            counted,
        });
    }
}

fn read_e(
    acc: &AccountStatement,
    l: &[u8],
    n: usize,
    seen: &mut HashMap<String, u32>,
) -> Result<Transaction, ReadError> {
    let posted = get_date(l, &E_DATE)
        .ok_or_else(|| ReadError::new(n, "segmento E sem data de lançamento válida"))?;
    let sign = get_text(l, &E_SIGN);
    if sign != "D" && sign != "C" {
        return Err(ReadError::new(
            n,
            format!("tipo de lançamento \"{sign}\": esperado D ou C"),
        ));
    }
    let amount = signed(get_money(l, &E_AMOUNT), &sign);
    let document = get_text(l, &E_DOCUMENT);
    let history_code = get_text(l, &E_HISTORY_CODE);
    // Natural key: account, date, signed amount, history code, document. Identical
    // lines on the same day are told apart by their order in the file.
    let natural = format!(
        "{}|{}|{}|{}|{}",
        acc.key(),
        posted,
        amount,
        history_code,
        document
    );
    let ordinal = seen.entry(natural.clone()).or_insert(0);
    *ordinal += 1;
    Ok(Transaction {
        id: stable_id(&["cnab240e", &natural, &ordinal.to_string()]),
        bank_id: document,
        kind: sign,
        posted,
        amount,
        description: get_text(l, &E_HISTORY),
        memo: history_code,
        check_number: String::new(),
    })
}

/// One entry for [`write`] (simulating a bank, for tests and benchmarks).
#[derive(Debug, Clone)]
pub struct Entry {
    pub date: NaiveDate,
    /// Centavos; negative for debits.
    pub amount: i64,
    pub history_code: String,
    pub history: String,
    pub document: String,
}

/// Writes a one-lot extrato as a bank would.
pub fn write(
    bank: u16,
    agency: &str,
    account: &str,
    opening: (NaiveDate, i64),
    entries: &[Entry],
    out: &mut impl Write,
) -> Result<(), crate::cnab::WriteError> {
    let fe = |source: FieldError| crate::cnab::WriteError::Field { index: 0, source };
    let base = |lot: u64, kind: u64| -> Result<Record<240>, FieldError> {
        let mut r = Record::<240>::new();
        r.num(&crate::cnab::c240::BANK, bank as u64)?;
        r.num(&crate::cnab::c240::LOT, lot)?;
        r.num(&crate::cnab::c240::RECORD_TYPE, kind)?;
        Ok(r)
    };
    let mut h = base(0, 0).map_err(fe)?;
    h.num(&crate::cnab::c240::H_DIRECTION, 2).map_err(fe)?;
    h.write_line(out)?;
    let mut lh = base(1, 1).map_err(fe)?;
    lh.alpha(&crate::cnab::c240::L_OPERATION, "E");
    lh.num(&crate::cnab::c240::L_SERVICE, 4).map_err(fe)?;
    lh.digits(&E_AGENCY, agency).map_err(fe)?;
    lh.digits(&E_ACCOUNT, account).map_err(fe)?;
    lh.date(&L_OPENING_DATE, Some(opening.0)).map_err(fe)?;
    lh.money(&L_OPENING, opening.1.abs()).map_err(fe)?;
    lh.alpha(&L_OPENING_SIGN, if opening.1 < 0 { "D" } else { "C" });
    lh.write_line(out)?;
    let (mut debits, mut credits, mut balance) = (0i64, 0i64, opening.1);
    for (i, e) in entries.iter().enumerate() {
        let mut r = base(1, 3).map_err(fe)?;
        r.num(&crate::cnab::c240::SEQ_IN_LOT, i as u64 + 1)
            .map_err(fe)?;
        r.alpha(&crate::cnab::c240::SEGMENT, "E");
        r.digits(&E_AGENCY, agency).map_err(fe)?;
        r.digits(&E_ACCOUNT, account).map_err(fe)?;
        r.date(&E_DATE, Some(e.date)).map_err(fe)?;
        r.money(&E_AMOUNT, e.amount.abs()).map_err(fe)?;
        r.alpha(&E_SIGN, if e.amount < 0 { "D" } else { "C" });
        r.code(&E_HISTORY_CODE, &e.history_code).map_err(fe)?;
        r.alpha(&E_HISTORY, &e.history);
        r.code(&E_DOCUMENT, &e.document).map_err(fe)?;
        r.write_line(out)?;
        if e.amount < 0 {
            debits -= e.amount
        } else {
            credits += e.amount
        }
        balance += e.amount;
    }
    let mut t = base(1, 5).map_err(fe)?;
    let end = entries.last().map(|e| e.date).unwrap_or(opening.0);
    t.date(&T_CLOSING_DATE, Some(end)).map_err(fe)?;
    t.money(&T_CLOSING, balance.abs()).map_err(fe)?;
    t.alpha(&T_CLOSING_SIGN, if balance < 0 { "D" } else { "C" });
    t.num(&T_RECORDS, entries.len() as u64 + 2).map_err(fe)?;
    t.money(&T_DEBITS, debits).map_err(fe)?;
    t.money(&T_CREDITS, credits).map_err(fe)?;
    t.write_line(out)?;
    let mut ft = base(9999, 9).map_err(fe)?;
    ft.num(&crate::cnab::c240::FT_LOTS, 1).map_err(fe)?;
    ft.num(&crate::cnab::c240::FT_RECORDS, entries.len() as u64 + 4)
        .map_err(fe)?;
    ft.write_line(out)?;
    Ok(())
}
