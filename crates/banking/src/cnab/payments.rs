//! CNAB 240 payments (pagamento a fornecedores): remessa and retorno.
//!
//! Two flavours:
//! - FEBRABAN 240 v10.11 (Banco do Brasil, Bradesco, Santander; also used for the other
//!   banks here): segments A + B (TED forma 41/43, PIX by key forma 45), J + J-52
//!   (boletos forma 30/31, PIX by QR forma 47), O (utilities, forma 11), N (DARF, forma 16);
//!   retorno adds Z (authentication).
//! - Itaú SISPAG ("SISPAG – CNAB 240", layout 080/040): same segments with Itaú's
//!   positions for the favorecido account, ISPB, nosso número and PIX key, and its own
//!   segment O (48-digit arrecadação line at 18–65; see `O_ITAU_*`).
//!
//! Sources: FEBRABAN "Layout Padrão CNAB 240" v10.11 (segmentos A, B, J, J-52, N, O, Z);
//! Itaú "SISPAG CNAB 240" manual as implemented in eduardordm/cnab240 (lib/cnab240/
//! arquivo/segmentos and lib/cnab240/arquivo/lote) and checked against its SB*.RET
//! samples in shared/fixtures/banking/cnab240.

use super::c240::{BANK, LOT, RECORD_TYPE, SEGMENT, SEQ_IN_LOT};
use super::lines::LineReader;
use super::occurrences::describe_payment;
use super::record::{get_date, get_money, get_text, Field, FieldError, Record};
use super::retorno::{expect_kind, sniff, FileInfo, TrailerCheck};
use super::text::digits_only;
use super::{document_kind, FileKind, ReadError, RemessaHeader, WriteError};
use crate::bank::Bank;
use chrono::{NaiveDate, Timelike};
use serde::{Deserialize, Serialize};
use std::borrow::Borrow;
use std::io::{BufRead, Write};

type Line = Record<240>;

/// Type of a PIX key, as segment B writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PixKeyType {
    Phone,
    Email,
    Document,
    Random,
}

impl PixKeyType {
    fn code(self) -> &'static str {
        match self {
            PixKeyType::Phone => "01",
            PixKeyType::Email => "02",
            PixKeyType::Document => "03",
            PixKeyType::Random => "04",
        }
    }
}

/// A payee's bank account (for TED).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PayeeAccount {
    pub bank: String,
    pub agency: String,
    pub agency_dv: String,
    pub account: String,
    pub account_dv: String,
    /// ISPB of the payee's bank (8 digits), when known.
    pub ispb: String,
}

/// What is being paid, and how. Unknown keys are refused (also through [`Payment`], which
/// flattens it: every key `Payment` does not take itself must belong to the method).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "method", deny_unknown_fields)]
pub enum Method {
    /// TED to an account; `same_owner` selects forma 43 instead of 41.
    Ted {
        account: PayeeAccount,
        name: String,
        document: String,
        #[serde(default)]
        same_owner: bool,
        #[serde(default)]
        purpose: String,
    },
    /// PIX transfer by key (forma 45).
    PixKey {
        key_type: PixKeyType,
        key: String,
        name: String,
        document: String,
    },
    /// Boleto by barcode (forma 30 own bank, 31 other banks).
    Boleto {
        barcode: String,
        beneficiary: String,
        due_date: NaiveDate,
        face_amount: i64,
        #[serde(default)]
        discount: i64,
        #[serde(default)]
        interest: i64,
        #[serde(default)]
        beneficiary_document: String,
    },
    /// PIX by QR code (forma 47): the BR Code payload or its URL, and the txid.
    PixQr {
        payload: String,
        txid: String,
        name: String,
        document: String,
    },
    /// Utility bill by barcode (segment O, forma 11): the 44-digit barcode, or for Itaú also
    /// the 48-digit arrecadação line (Itaú's file carries the line; both are DV-checked).
    Utility {
        barcode: String,
        name: String,
        due_date: NaiveDate,
    },
    /// DARF without barcode (segment N, forma 16).
    Darf {
        revenue_code: String,
        contributor_document: String,
        contributor_name: String,
        period: NaiveDate,
        reference: String,
        principal: i64,
        fine: i64,
        interest: i64,
        due_date: NaiveDate,
    },
}

/// One payment in a payments remessa.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payment {
    #[serde(flatten)]
    pub method: Method,
    /// The company's reference, returned in the retorno.
    pub seu_numero: String,
    pub date: NaiveDate,
    /// Centavos.
    pub amount: i64,
}

/// Itaú (SISPAG) or the FEBRABAN standard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    Febraban,
    Itau,
}

impl Flavour {
    pub fn of(bank_code: u16) -> Flavour {
        if bank_code == 341 {
            Flavour::Itau
        } else {
            Flavour::Febraban
        }
    }
}

/// (tipo de serviço, forma de lançamento) of a payment: decides its lot.
pub fn service_and_form(p: &Payment, bank: Bank) -> (u64, u64) {
    match &p.method {
        Method::Ted { same_owner, .. } => (20, if *same_owner { 43 } else { 41 }),
        Method::PixKey { .. } => (20, 45),
        Method::Boleto { barcode, .. } => (
            20,
            if barcode.starts_with(bank.code()) {
                30
            } else {
                31
            },
        ),
        Method::PixQr { .. } => (20, 47),
        Method::Utility { .. } => (22, 11),
        Method::Darf { .. } => (22, 16),
    }
}

// ---- positions --------------------------------------------------------------------------

// Segment A (FEBRABAN) — Itaú differences noted in `write_a`.
pub const A_MOVEMENT: Field = Field::num("tipo_movimento", 15, 15);
pub const A_INSTRUCTION: Field = Field::num("codigo_instrucao", 16, 17);
pub const A_CLEARING: Field = Field::num("camara_centralizadora", 18, 20);
pub const A_BANK: Field = Field::num("banco_favorecido", 21, 23).req();
pub const A_NAME: Field = Field::alpha("nome_favorecido", 44, 73).req();
pub const A_SEU_NUMERO: Field = Field::alpha("seu_numero", 74, 93).req();
pub const A_DATE: Field = Field::date("data_pagamento", 94, 101).req();
pub const A_CURRENCY: Field = Field::alpha("tipo_moeda", 102, 104);
pub const A_AMOUNT: Field = Field::num("valor_pagamento", 120, 134).req();
pub const A_NOSSO: Field = Field::alpha("nosso_numero", 135, 154);
pub const A_ITAU_NOSSO: Field = Field::alpha("nosso_numero", 135, 149);
pub const A_EFFECTIVE_DATE: Field = Field::date("data_efetiva", 155, 162);
pub const A_EFFECTIVE_AMOUNT: Field = Field::num("valor_efetivo", 163, 177);
pub const A_TED_PURPOSE: Field = Field::alpha("finalidade_ted", 220, 224);
pub const A_ITAU_DOC: Field = Field::num("inscricao_favorecido", 204, 217);
pub const OCCURRENCES: Field = Field::alpha("ocorrencias", 231, 240);

// Segment B.
pub const B_DOC_KIND: Field = Field::num("tipo_inscricao_favorecido", 18, 18);
pub const B_DOC: Field = Field::num("inscricao_favorecido", 19, 32);
pub const B_PIX_FORM: Field = Field::alpha("forma_iniciacao", 15, 17);
pub const B_PIX_TXID: Field = Field::alpha("txid", 33, 67);
pub const B_PIX_INFO: Field = Field::alpha("informacao_entre_usuarios", 68, 127);
pub const B_PIX_KEY: Field = Field::alpha("chave_pix", 128, 226);
pub const B_ISPB: Field = Field::num("ispb", 233, 240);
pub const B_ITAU_PIX_KEY: Field = Field::alpha("chave_pix", 128, 227);

// Segment J and J-52.
pub const J_MOVEMENT: Field = Field::num("tipo_movimento", 15, 15);
pub const J_BARCODE: Field = Field::num("codigo_barras", 18, 61).req();
pub const J_NAME: Field = Field::alpha("nome_beneficiario", 62, 91);
pub const J_DUE: Field = Field::date("vencimento", 92, 99);
pub const J_FACE: Field = Field::num("valor_titulo", 100, 114);
pub const J_DISCOUNT: Field = Field::num("desconto_abatimento", 115, 129);
pub const J_INTEREST: Field = Field::num("mora_multa", 130, 144);
pub const J_DATE: Field = Field::date("data_pagamento", 145, 152).req();
pub const J_AMOUNT: Field = Field::num("valor_pagamento", 153, 167).req();
pub const J_SEU_NUMERO: Field = Field::alpha("seu_numero", 183, 202).req();
pub const J_NOSSO: Field = Field::alpha("nosso_numero", 203, 222);
pub const J_ITAU_NOSSO: Field = Field::alpha("nosso_numero", 216, 230);
pub const J52_ID: Field = Field::num("identificacao_registro_opcional", 18, 19).req();
pub const J52_PAYER_KIND: Field = Field::num("tipo_inscricao_pagador", 20, 20);
pub const J52_PAYER_DOC: Field = Field::num("inscricao_pagador", 21, 35);
pub const J52_PAYER_NAME: Field = Field::alpha("nome_pagador", 36, 75);
pub const J52_BENEFICIARY_KIND: Field = Field::num("tipo_inscricao_beneficiario", 76, 76);
pub const J52_BENEFICIARY_DOC: Field = Field::num("inscricao_beneficiario", 77, 91);
pub const J52_BENEFICIARY_NAME: Field = Field::alpha("nome_beneficiario", 92, 131);
pub const J52_PIX_URL: Field = Field::alpha("chave_url_pix", 132, 210);
pub const J52_PIX_TXID: Field = Field::alpha("txid", 211, 240);

// Segment O (utilities), FEBRABAN: the 44-digit barcode.
pub const O_BARCODE: Field = Field::num("codigo_barras", 18, 61).req();
pub const O_NAME: Field = Field::alpha("nome_concessionaria", 62, 91);
pub const O_DUE: Field = Field::date("vencimento", 92, 99);
pub const O_DATE: Field = Field::date("data_pagamento", 100, 107).req();
pub const O_AMOUNT: Field = Field::num("valor_pagamento", 108, 122).req();
pub const O_SEU_NUMERO: Field = Field::alpha("seu_numero", 123, 142).req();
pub const O_NOSSO: Field = Field::alpha("nosso_numero", 143, 162);

// Segment O, Itaú SISPAG ("Pagamento de contas de concessionárias e tributos com código de
// barras"): the 48-digit arrecadação line, so every later field moves. Positions from the
// SISPAG manual as implemented, identically, in frones/ACBr (Fontes/ACBrPagFor/Bancos/
// PagFor.Itau.GravarTxtRemessa.pas, GeraSegmentoO) and Wessamoreira/novo
// (ItauRemessaContaPagarCNAB240.java, gerarDetalheSegmentoO). Blanks at 160–162, 172–174
// and 195–215.
pub const O_ITAU_BARCODE: Field = Field::num("codigo_barras", 18, 65).req();
pub const O_ITAU_NAME: Field = Field::alpha("nome_concessionaria", 66, 95);
pub const O_ITAU_DUE: Field = Field::date("vencimento", 96, 103);
pub const O_ITAU_CURRENCY: Field = Field::alpha("tipo_moeda", 104, 106);
pub const O_ITAU_QUANTITY: Field = Field::num("quantidade_moeda", 107, 121);
pub const O_ITAU_AMOUNT: Field = Field::num("valor_pagamento", 122, 136).req();
pub const O_ITAU_DATE: Field = Field::date("data_pagamento", 137, 144).req();
pub const O_ITAU_PAID: Field = Field::num("valor_pago", 145, 159);
pub const O_ITAU_INVOICE: Field = Field::num("nota_fiscal", 163, 171);
pub const O_ITAU_SEU_NUMERO: Field = Field::alpha("seu_numero", 175, 194).req();
pub const O_ITAU_NOSSO: Field = Field::alpha("nosso_numero", 216, 230);

/// Where segment O keeps what the writer and reader share, per flavour.
pub struct SegmentO {
    pub barcode: Field,
    pub name: Field,
    pub due: Field,
    pub date: Field,
    pub amount: Field,
    pub seu_numero: Field,
    pub nosso_numero: Field,
}

const SEGMENT_O_FEBRABAN: SegmentO = SegmentO {
    barcode: O_BARCODE,
    name: O_NAME,
    due: O_DUE,
    date: O_DATE,
    amount: O_AMOUNT,
    seu_numero: O_SEU_NUMERO,
    nosso_numero: O_NOSSO,
};

const SEGMENT_O_ITAU: SegmentO = SegmentO {
    barcode: O_ITAU_BARCODE,
    name: O_ITAU_NAME,
    due: O_ITAU_DUE,
    date: O_ITAU_DATE,
    amount: O_ITAU_AMOUNT,
    seu_numero: O_ITAU_SEU_NUMERO,
    nosso_numero: O_ITAU_NOSSO,
};

/// Segment O positions of a flavour.
pub fn segment_o(flavour: Flavour) -> &'static SegmentO {
    match flavour {
        Flavour::Febraban => &SEGMENT_O_FEBRABAN,
        Flavour::Itau => &SEGMENT_O_ITAU,
    }
}

// Segment N (DARF).
pub const N_SEU_NUMERO: Field = Field::alpha("seu_numero", 18, 37).req();
pub const N_NOSSO: Field = Field::alpha("nosso_numero", 38, 57);
pub const N_NAME: Field = Field::alpha("nome_contribuinte", 58, 87);
pub const N_DATE: Field = Field::date("data_pagamento", 88, 95).req();
pub const N_AMOUNT: Field = Field::num("valor_total", 96, 110).req();
pub const N_REVENUE: Field = Field::num("codigo_receita", 111, 116).req();
pub const N_DOC_KIND: Field = Field::num("tipo_inscricao_contribuinte", 117, 118);
pub const N_DOC: Field = Field::num("inscricao_contribuinte", 119, 132);
pub const N_TAX: Field = Field::num("codigo_tributo", 133, 134);
pub const N_PERIOD: Field = Field::date("periodo_apuracao", 135, 142);
pub const N_REFERENCE: Field = Field::alpha("referencia", 143, 159);
pub const N_PRINCIPAL: Field = Field::num("valor_principal", 160, 174);
pub const N_FINE: Field = Field::num("valor_multa", 175, 189);
pub const N_INTEREST: Field = Field::num("valor_juros", 190, 204);
pub const N_DUE: Field = Field::date("data_vencimento", 205, 212);

// Segment Z (retorno).
pub const Z_AUTHENTICATION: Field = Field::alpha("autenticacao", 15, 78);
pub const Z_CONTROL: Field = Field::alpha("controle_bancario", 79, 103);

// Lot trailer.
pub const T_RECORDS: Field = Field::num("quantidade_registros_lote", 18, 23).req();
pub const T_TOTAL: Field = Field::num("somatorio_valores", 24, 41).req();

/// The payments lot header, for the validator (it differs from cobrança's from 19 on).
pub const LOT_HEADER_FIELDS: &[Field] = &[
    BANK,
    LOT,
    RECORD_TYPE,
    Field::alpha("tipo_operacao", 9, 9).req(),
    Field::num("tipo_servico", 10, 11).req(),
    Field::num("forma_lancamento", 12, 13).req(),
    Field::num("tipo_inscricao", 18, 18),
    Field::num("inscricao", 19, 32),
    Field::alpha("nome_empresa", 73, 102).req(),
];

/// Field tables for the validator, by segment letter.
pub fn segment_fields(segment: u8, flavour: Flavour) -> Vec<Field> {
    match (segment, flavour) {
        (b'A', Flavour::Febraban) => vec![
            A_MOVEMENT,
            A_INSTRUCTION,
            A_CLEARING,
            A_BANK,
            A_NAME,
            A_SEU_NUMERO,
            A_DATE,
            A_AMOUNT,
        ],
        (b'A', Flavour::Itau) => vec![
            A_CLEARING,
            A_BANK,
            A_NAME,
            A_SEU_NUMERO,
            A_DATE,
            A_AMOUNT,
            A_ITAU_DOC,
        ],
        (b'B', _) => vec![B_DOC_KIND, B_DOC],
        (b'J', _) => vec![
            J_BARCODE,
            J_DUE,
            J_FACE,
            J_DISCOUNT,
            J_INTEREST,
            J_DATE,
            J_AMOUNT,
            J_SEU_NUMERO,
        ],
        (b'O', flavour) => {
            let o = segment_o(flavour);
            vec![o.barcode, o.due, o.date, o.amount, o.seu_numero]
        }
        (b'N', _) => vec![
            N_SEU_NUMERO,
            N_DATE,
            N_AMOUNT,
            N_REVENUE,
            N_DOC_KIND,
            N_DOC,
            N_PERIOD,
            N_PRINCIPAL,
            N_FINE,
            N_INTEREST,
            N_DUE,
        ],
        _ => vec![],
    }
}

// ---- writer -------------------------------------------------------------------------------

struct LotWriter<'h> {
    bank: u16,
    flavour: Flavour,
    lot: u64,
    seq: u64,
    total: i64,
    /// The paying company, repeated as "pagador" in J-52.
    company: &'h super::Company,
}

impl LotWriter<'_> {
    fn detail(&mut self, segment: &str) -> Result<Line, FieldError> {
        self.seq += 1;
        let mut r = Line::new();
        r.num(&BANK, self.bank as u64)?;
        r.num(&LOT, self.lot)?;
        r.num(&RECORD_TYPE, 3)?;
        r.num(&SEQ_IN_LOT, self.seq)?;
        r.alpha(&SEGMENT, segment);
        Ok(r)
    }
}

fn control(r: &mut Line, bank: u16, lot: u64, kind: u64) -> Result<(), FieldError> {
    r.num(&BANK, bank as u64)?;
    r.num(&LOT, lot)?;
    r.num(&RECORD_TYPE, kind)
}

fn file_header(h: &RemessaHeader, flavour: Flavour) -> Result<Line, FieldError> {
    let bank = h.bank.code().parse().unwrap_or(0);
    let c = &h.company;
    let mut r = Line::new();
    control(&mut r, bank, 0, 0)?;
    r.num(&Field::num("tipo_inscricao", 18, 18), c.document_kind())?;
    r.digits(&Field::num("inscricao", 19, 32), &c.document)?;
    write_account(&mut r, flavour, h)?;
    r.alpha(&Field::alpha("nome_empresa", 73, 102), &c.name);
    r.alpha(&Field::alpha("nome_banco", 103, 132), h.bank.name());
    r.num(&Field::num("codigo_remessa", 143, 143), 1)?;
    r.date(
        &Field::date("data_geracao", 144, 151),
        Some(h.generated_at.date()),
    )?;
    let t = h.generated_at.time();
    r.num(
        &Field::num("hora_geracao", 152, 157),
        (t.hour() * 10000 + t.minute() * 100 + t.second()) as u64,
    )?;
    match flavour {
        Flavour::Itau => {
            r.num(&Field::num("versao_layout", 15, 17), 80)?;
            r.num(&Field::num("zeros", 158, 166), 0)?;
            r.num(&Field::num("densidade", 167, 171), 0)?;
        }
        Flavour::Febraban => {
            r.num(
                &Field::num("numero_sequencial_arquivo", 158, 163),
                h.sequence as u64,
            )?;
            r.num(&Field::num("versao_layout", 164, 166), 89)?;
            r.num(&Field::num("densidade", 167, 171), 0)?;
        }
    }
    Ok(r)
}

/// Convênio, agência and conta at 33–72 (both headers).
fn write_account(r: &mut Line, flavour: Flavour, h: &RemessaHeader) -> Result<(), FieldError> {
    let c = &h.company;
    match flavour {
        Flavour::Itau => {
            r.digits(&Field::num("agencia", 53, 57), &c.agency)?;
            r.digits(&Field::num("conta", 59, 70), &c.account)?;
            r.code(&Field::alpha("dac", 72, 72), &c.account_dv)
        }
        Flavour::Febraban => {
            r.code(&Field::alpha("convenio", 33, 52), &c.agreement)?;
            r.digits(&Field::num("agencia", 53, 57), &c.agency)?;
            r.code(&Field::alpha("dv_agencia", 58, 58), &c.agency_dv)?;
            r.digits(&Field::num("conta", 59, 70), &c.account)?;
            r.code(&Field::alpha("dv_conta", 71, 71), &c.account_dv)
        }
    }
}

fn lot_header(
    h: &RemessaHeader,
    flavour: Flavour,
    lot: u64,
    service: u64,
    form: u64,
) -> Result<Line, FieldError> {
    let bank = h.bank.code().parse().unwrap_or(0);
    let c = &h.company;
    let mut r = Line::new();
    control(&mut r, bank, lot, 1)?;
    r.alpha(&Field::alpha("tipo_operacao", 9, 9), "C");
    r.num(&Field::num("tipo_servico", 10, 11), service)?;
    r.num(&Field::num("forma_lancamento", 12, 13), form)?;
    let version = match (flavour, form) {
        (Flavour::Itau, 30 | 31 | 47) => 30,
        (Flavour::Itau, _) => 40,
        (Flavour::Febraban, 30 | 31 | 47 | 11 | 16) => 40,
        (Flavour::Febraban, _) => 46,
    };
    r.num(&Field::num("versao_layout_lote", 14, 16), version)?;
    r.num(&Field::num("tipo_inscricao", 18, 18), c.document_kind())?;
    r.digits(&Field::num("inscricao", 19, 32), &c.document)?;
    write_account(&mut r, flavour, h)?;
    r.alpha(&Field::alpha("nome_empresa", 73, 102), &c.name);
    Ok(r)
}

fn lot_trailer(bank: u16, lot: u64, records: u64, total: i64) -> Result<Line, FieldError> {
    let mut r = Line::new();
    control(&mut r, bank, lot, 5)?;
    r.num(&T_RECORDS, records)?;
    r.money(&T_TOTAL, total)?;
    r.num(&Field::num("somatorio_quantidade_moeda", 42, 59), 0)?;
    Ok(r)
}

fn doc_kind_field(r: &mut Line, f: &Field, doc: &str) -> Result<(), FieldError> {
    r.num(f, document_kind(doc))
}

fn write_a(w: &mut LotWriter, p: &Payment, out: &mut impl Write) -> Result<(), WriteError> {
    let fe = |source| WriteError::Field { index: 0, source };
    let mut r = w.detail("A").map_err(fe)?;
    let (clearing, account, name, doc, purpose) = match &p.method {
        Method::Ted {
            account,
            name,
            document,
            purpose,
            ..
        } => (18, account.clone(), name, document, purpose.as_str()),
        Method::PixKey { name, document, .. } => (9, PayeeAccount::default(), name, document, ""),
        _ => return Err(wrong_segment()),
    };
    let f = |r: &mut Line| -> Result<(), FieldError> {
        r.num(&A_CLEARING, clearing)?;
        r.digits(&A_BANK, &account.bank)?;
        r.alpha(&A_NAME, name);
        r.code(&A_SEU_NUMERO, &p.seu_numero)?;
        r.date(&A_DATE, Some(p.date))?;
        r.alpha(&A_CURRENCY, "BRL");
        r.money(&A_AMOUNT, p.amount)?;
        r.date(&A_EFFECTIVE_DATE, None)?;
        r.num(&A_EFFECTIVE_AMOUNT, 0)?;
        match w.flavour {
            Flavour::Itau => {
                r.num(&Field::num("tipo_movimento", 15, 17), 0)?;
                r.digits(&Field::num("agencia", 24, 28), &account.agency)?;
                r.digits(&Field::num("conta", 30, 41), &account.account)?;
                r.code(&Field::alpha("dac", 43, 43), &account.account_dv)?;
                r.digits(&Field::num("ispb", 105, 112), &account.ispb)?;
                r.num(&Field::num("zeros", 113, 119), 0)?;
                r.digits(&A_ITAU_DOC, doc)?;
                r.code(&A_TED_PURPOSE, purpose)?;
                r.num(&Field::num("aviso", 230, 230), 0)
            }
            Flavour::Febraban => {
                r.num(&A_MOVEMENT, 0)?;
                r.num(&A_INSTRUCTION, 0)?;
                r.digits(&Field::num("agencia", 24, 28), &account.agency)?;
                r.code(&Field::alpha("dv_agencia", 29, 29), &account.agency_dv)?;
                r.digits(&Field::num("conta", 30, 41), &account.account)?;
                r.code(&Field::alpha("dv_conta", 42, 42), &account.account_dv)?;
                r.num(&Field::num("quantidade_moeda", 105, 119), 0)?;
                r.code(&A_TED_PURPOSE, purpose)?;
                r.num(&Field::num("aviso", 230, 230), 0)
            }
        }
    };
    f(&mut r).map_err(fe)?;
    r.write_line(out)?;
    write_b(w, p, out)
}

fn wrong_segment() -> WriteError {
    WriteError::Unsupported("método de pagamento não corresponde ao segmento".into())
}

fn write_b(w: &mut LotWriter, p: &Payment, out: &mut impl Write) -> Result<(), WriteError> {
    let fe = |source| WriteError::Field { index: 0, source };
    let mut r = w.detail("B").map_err(fe)?;
    let f = |r: &mut Line| -> Result<(), FieldError> {
        match &p.method {
            Method::PixKey {
                key_type,
                key,
                document,
                ..
            } => {
                doc_kind_field(r, &B_DOC_KIND, document)?;
                r.digits(&B_DOC, document)?;
                // The key keeps its case (e-mail keys, random keys are case-sensitive).
                let key_field = if w.flavour == Flavour::Itau {
                    B_ITAU_PIX_KEY
                } else {
                    B_PIX_KEY
                };
                if key.len() > key_field.width() || !key.is_ascii() {
                    return Err(FieldError::new(
                        &key_field,
                        "chave PIX longa demais ou com caracteres não ASCII",
                    ));
                }
                match w.flavour {
                    Flavour::Itau => {
                        r.code(&Field::alpha("tipo_chave", 15, 16), key_type.code())?
                    }
                    Flavour::Febraban => r.code(&B_PIX_FORM, key_type.code())?,
                }
                raw_text(r, &key_field, key);
                Ok(())
            }
            Method::Ted {
                account, document, ..
            } => {
                doc_kind_field(r, &B_DOC_KIND, document)?;
                r.digits(&B_DOC, document)?;
                if w.flavour == Flavour::Febraban {
                    r.digits(&B_ISPB, &account.ispb)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    };
    f(&mut r).map_err(fe)?;
    r.write_line(out)?;
    Ok(())
}

fn raw_text(r: &mut Line, f: &Field, text: &str) {
    r.ascii(f, text);
}

fn write_j(w: &mut LotWriter, p: &Payment, out: &mut impl Write) -> Result<(), WriteError> {
    let fe = |source| WriteError::Field { index: 0, source };
    let mut r = w.detail("J").map_err(fe)?;
    let (barcode, beneficiary, due, face, discount, interest) = match &p.method {
        Method::Boleto {
            barcode,
            beneficiary,
            due_date,
            face_amount,
            discount,
            interest,
            ..
        } => (
            barcode.as_str(),
            beneficiary.as_str(),
            Some(*due_date),
            *face_amount,
            *discount,
            *interest,
        ),
        Method::PixQr { name, .. } => ("", name.as_str(), None, p.amount, 0, 0),
        _ => return Err(wrong_segment()),
    };
    let f = |r: &mut Line| -> Result<(), FieldError> {
        let digits = digits_only(barcode);
        if !barcode.is_empty() && digits.len() != 44 {
            return Err(FieldError::new(
                &J_BARCODE,
                "o código de barras deve ter 44 dígitos",
            ));
        }
        r.digits(&J_BARCODE, &digits)?;
        r.alpha(&J_NAME, beneficiary);
        r.date(&J_DUE, due)?;
        r.money(&J_FACE, face)?;
        r.money(&J_DISCOUNT, discount)?;
        r.money(&J_INTEREST, interest)?;
        r.date(&J_DATE, Some(p.date))?;
        r.money(&J_AMOUNT, p.amount)?;
        r.num(&Field::num("quantidade_moeda", 168, 182), 0)?;
        r.code(&J_SEU_NUMERO, &p.seu_numero)?;
        match w.flavour {
            Flavour::Itau => r.num(&Field::num("tipo_movimento", 15, 17), 0),
            Flavour::Febraban => {
                r.num(&J_MOVEMENT, 0)?;
                r.num(&Field::num("codigo_instrucao", 16, 17), 0)?;
                r.num(&Field::num("codigo_moeda", 223, 224), 9)
            }
        }
    };
    f(&mut r).map_err(fe)?;
    r.write_line(out)?;
    write_j52(w, p, out)
}

fn write_j52(w: &mut LotWriter, p: &Payment, out: &mut impl Write) -> Result<(), WriteError> {
    let fe = |source| WriteError::Field { index: 0, source };
    let mut r = w.detail("J").map_err(fe)?;
    let f = |r: &mut Line| -> Result<(), FieldError> {
        r.num(&Field::num("codigo_movimento", 16, 17), 0)?;
        r.num(&J52_ID, 52)?;
        r.num(&J52_PAYER_KIND, w.company.document_kind())?;
        r.digits(&J52_PAYER_DOC, &w.company.document)?;
        r.alpha(&J52_PAYER_NAME, &w.company.name);
        match &p.method {
            Method::Boleto {
                beneficiary,
                beneficiary_document,
                ..
            } => {
                r.num(&J52_BENEFICIARY_KIND, document_kind(beneficiary_document))?;
                r.digits(&J52_BENEFICIARY_DOC, beneficiary_document)?;
                r.alpha(&J52_BENEFICIARY_NAME, beneficiary);
            }
            Method::PixQr {
                payload,
                txid,
                name,
                document,
            } => {
                r.num(&J52_BENEFICIARY_KIND, document_kind(document))?;
                r.digits(&J52_BENEFICIARY_DOC, document)?;
                r.alpha(&J52_BENEFICIARY_NAME, name);
                if payload.len() > J52_PIX_URL.width() || txid.len() > J52_PIX_TXID.width() {
                    return Err(FieldError::new(
                        &J52_PIX_URL,
                        "URL/chave do QR ou txid longos demais",
                    ));
                }
                raw_text(r, &J52_PIX_URL, payload);
                raw_text(r, &J52_PIX_TXID, txid);
            }
            _ => {}
        }
        Ok(())
    };
    f(&mut r).map_err(fe)?;
    r.write_line(out)?;
    Ok(())
}

fn write_o(w: &mut LotWriter, p: &Payment, out: &mut impl Write) -> Result<(), WriteError> {
    let fe = |source| WriteError::Field { index: 0, source };
    let Method::Utility {
        barcode,
        name,
        due_date,
    } = &p.method
    else {
        return Err(wrong_segment());
    };
    let o = segment_o(w.flavour);
    let mut r = w.detail("O").map_err(fe)?;
    let f = |r: &mut Line| -> Result<(), FieldError> {
        let code = match w.flavour {
            Flavour::Itau => itau_utility_line(barcode, p.date)?,
            Flavour::Febraban => febraban_utility_barcode(barcode)?,
        };
        r.num(&Field::num("tipo_movimento", 15, 17), 0)?;
        r.digits(&o.barcode, &code)?;
        r.alpha(&o.name, name);
        r.date(&o.due, Some(*due_date))?;
        r.date(&o.date, Some(p.date))?;
        r.money(&o.amount, p.amount)?;
        r.code(&o.seu_numero, &p.seu_numero)?;
        if w.flavour == Flavour::Itau {
            r.alpha(&O_ITAU_CURRENCY, "REA");
            r.num(&O_ITAU_QUANTITY, 0)?;
            r.num(&O_ITAU_PAID, 0)?;
            r.num(&O_ITAU_INVOICE, 0)?;
        }
        Ok(())
    };
    f(&mut r).map_err(fe)?;
    r.write_line(out)?;
    Ok(())
}

/// FEBRABAN takes the 44-digit barcode as given (its DV is the bank's to check).
fn febraban_utility_barcode(barcode: &str) -> Result<String, FieldError> {
    let digits = digits_only(barcode);
    if digits.len() != 44 {
        return Err(FieldError::new(
            &O_BARCODE,
            "o código de barras deve ter 44 dígitos",
        ));
    }
    Ok(digits)
}

/// Itaú takes the 48-digit arrecadação line. A 44-digit barcode is converted; either is
/// checked against its DVs first, so a mistyped digit is refused here and not days later
/// by the bank.
fn itau_utility_line(barcode: &str, date: NaiveDate) -> Result<String, FieldError> {
    let refuse = |problem: String| FieldError::new(&O_ITAU_BARCODE, problem);
    // `date` only matters to bank boletos (fator de vencimento), which are refused below.
    let decoded = crate::boleto::decode(barcode, date).map_err(|e| refuse(e.to_string()))?;
    if decoded.kind != crate::boleto::Kind::Arrecadacao {
        return Err(refuse(
            "segmento O paga contas de arrecadação (código começando com 8); boleto bancário \
             vai no segmento J"
                .into(),
        ));
    }
    let line = crate::boleto::arrecadacao_barcode_to_line(&decoded.barcode)
        .map_err(|e| refuse(e.to_string()))?;
    Ok(line.iter().map(|&b| b as char).collect())
}

fn write_n(w: &mut LotWriter, p: &Payment, out: &mut impl Write) -> Result<(), WriteError> {
    let fe = |source| WriteError::Field { index: 0, source };
    let Method::Darf {
        revenue_code,
        contributor_document,
        contributor_name,
        period,
        reference,
        principal,
        fine,
        interest,
        due_date,
    } = &p.method
    else {
        return Err(wrong_segment());
    };
    let mut r = w.detail("N").map_err(fe)?;
    let f = |r: &mut Line| -> Result<(), FieldError> {
        r.num(&Field::num("tipo_movimento", 15, 17), 0)?;
        r.code(&N_SEU_NUMERO, &p.seu_numero)?;
        r.alpha(&N_NAME, contributor_name);
        r.date(&N_DATE, Some(p.date))?;
        r.money(&N_AMOUNT, p.amount)?;
        r.digits(&N_REVENUE, revenue_code)?;
        r.num(&N_DOC_KIND, document_kind(contributor_document))?;
        r.digits(&N_DOC, contributor_document)?;
        r.num(&N_TAX, 16)?; // 16 = DARF normal
        r.date(&N_PERIOD, Some(*period))?;
        r.code(&N_REFERENCE, reference)?;
        r.money(&N_PRINCIPAL, *principal)?;
        r.money(&N_FINE, *fine)?;
        r.money(&N_INTEREST, *interest)?;
        r.date(&N_DUE, Some(*due_date))
    };
    f(&mut r).map_err(fe)?;
    r.write_line(out)?;
    Ok(())
}

fn write_payment(w: &mut LotWriter, p: &Payment, out: &mut impl Write) -> Result<(), WriteError> {
    match &p.method {
        Method::Ted { .. } | Method::PixKey { .. } => write_a(w, p, out),
        Method::Boleto { .. } | Method::PixQr { .. } => write_j(w, p, out),
        Method::Utility { .. } => write_o(w, p, out),
        Method::Darf { .. } => write_n(w, p, out),
    }
}

/// Summary of a written payments remessa.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaymentsSummary {
    pub sequence: u32,
    pub payments: u64,
    pub lots: u64,
    pub records: u64,
    pub total: i64,
}

/// Writes a payments remessa. Consecutive payments with the same service and forma go
/// in one lot; sort the input by method to get one lot per kind. Streams like the
/// cobrança writer.
pub fn write_remessa<W, I>(
    h: &RemessaHeader,
    payments: I,
    out: &mut W,
) -> Result<PaymentsSummary, WriteError>
where
    W: Write,
    I: IntoIterator,
    I::Item: Borrow<Payment>,
{
    let bank: u16 = h.bank.code().parse().unwrap_or(0);
    let flavour = Flavour::of(bank);
    let at = |index: u64| {
        move |e: WriteError| match e {
            WriteError::Field { source, .. } => WriteError::Field { index, source },
            other => other,
        }
    };
    let fe0 = |source| WriteError::Field { index: 0, source };
    file_header(h, flavour).map_err(fe0)?.write_line(out)?;
    let mut current: Option<((u64, u64), LotWriter)> = None;
    let (mut lots, mut count, mut records, mut grand) = (0u64, 0u64, 2u64, 0i64);
    for item in payments {
        let p = item.borrow();
        count += 1;
        if p.amount <= 0 {
            return Err(WriteError::Field {
                index: count,
                source: FieldError::new(&A_AMOUNT, "valor deve ser positivo"),
            });
        }
        let key = service_and_form(p, h.bank);
        // A lot holds at most 99,999 details (five-digit sequence): start another when full.
        let full = current
            .as_ref()
            .is_some_and(|(_, w)| w.seq + details_of(p) > super::c240::MAX_LOT_DETAILS);
        if full || current.as_ref().map(|(k, _)| *k) != Some(key) {
            if let Some((_, w)) = current.take() {
                records += close_lot(&w, out)?;
            }
            lots += 1;
            lot_header(h, flavour, lots, key.0, key.1)
                .map_err(fe0)?
                .write_line(out)?;
            current = Some((
                key,
                LotWriter {
                    bank,
                    flavour,
                    lot: lots,
                    seq: 0,
                    total: 0,
                    company: &h.company,
                },
            ));
        }
        let (_, w) = current.as_mut().expect("lot opened above");
        write_payment(w, p, out).map_err(at(count))?;
        w.total = w.total.saturating_add(p.amount);
        grand = grand.saturating_add(p.amount);
    }
    if let Some((_, w)) = current.take() {
        records += close_lot(&w, out)?;
    }
    let mut ft = Line::new();
    control(&mut ft, bank, 9999, 9).map_err(fe0)?;
    ft.num(&Field::num("quantidade_lotes", 18, 23), lots)
        .map_err(fe0)?;
    ft.num(&Field::num("quantidade_registros", 24, 29), records)
        .map_err(fe0)?;
    ft.write_line(out)?;
    Ok(PaymentsSummary {
        sequence: h.sequence,
        payments: count,
        lots,
        records,
        total: grand,
    })
}

/// How many detail records a payment takes (A+B and J+J-52 are two, O and N one).
fn details_of(p: &Payment) -> u64 {
    match p.method {
        Method::Utility { .. } | Method::Darf { .. } => 1,
        _ => 2,
    }
}

fn close_lot(w: &LotWriter, out: &mut impl Write) -> Result<u64, WriteError> {
    let fe = |source| WriteError::Field { index: 0, source };
    lot_trailer(w.bank, w.lot, w.seq + 2, w.total)
        .map_err(fe)?
        .write_line(out)?;
    Ok(w.seq + 2)
}

// ---- retorno --------------------------------------------------------------------------------

/// One payment as the bank reports it back.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct PaymentReturn {
    pub line: usize,
    /// A, J, O or N.
    pub segment: String,
    pub forma: String,
    pub seu_numero: String,
    pub nosso_numero: String,
    pub name: String,
    pub date: Option<NaiveDate>,
    pub amount: i64,
    pub effective_date: Option<NaiveDate>,
    pub effective_amount: i64,
    /// (code, Portuguese description) for each occurrence sent.
    pub occurrences: Vec<(String, String)>,
    /// True when the bank says the payment was made ("00") or scheduled ("BD").
    pub accepted: bool,
    pub paid: bool,
    /// Authentication from segment Z, when sent.
    pub authentication: String,
}

/// A whole payments retorno.
#[derive(Debug, Clone, Serialize)]
pub struct PaymentsRetorno {
    pub info: FileInfo,
    pub items: Vec<PaymentReturn>,
    pub checks: Vec<TrailerCheck>,
}

fn occurrences(l: &[u8]) -> Vec<(String, String)> {
    get_text(l, &OCCURRENCES)
        .as_bytes()
        .chunks(2)
        .map(|c| String::from_utf8_lossy(c).trim().to_string())
        .filter(|c| !c.is_empty())
        .map(|c| {
            let d = describe_payment(&c);
            (c, d)
        })
        .collect()
}

fn read_detail(flavour: Flavour, forma: &str, line: usize, l: &[u8]) -> Option<PaymentReturn> {
    let segment = *l.get(13)?;
    let mut p = PaymentReturn {
        line,
        segment: (segment as char).to_string(),
        forma: forma.to_string(),
        ..Default::default()
    };
    match segment {
        b'A' => {
            p.seu_numero = get_text(l, &A_SEU_NUMERO);
            p.nosso_numero = get_text(
                l,
                if flavour == Flavour::Itau {
                    &A_ITAU_NOSSO
                } else {
                    &A_NOSSO
                },
            );
            p.name = get_text(l, &A_NAME);
            p.date = get_date(l, &A_DATE);
            p.amount = get_money(l, &A_AMOUNT);
            p.effective_date = get_date(l, &A_EFFECTIVE_DATE);
            p.effective_amount = get_money(l, &A_EFFECTIVE_AMOUNT);
        }
        b'J' if l.get(17..19) == Some(b"52") => return None,
        b'J' => {
            p.seu_numero = get_text(l, &J_SEU_NUMERO);
            p.nosso_numero = get_text(
                l,
                if flavour == Flavour::Itau {
                    &J_ITAU_NOSSO
                } else {
                    &J_NOSSO
                },
            );
            p.name = get_text(l, &J_NAME);
            p.date = get_date(l, &J_DATE);
            p.amount = get_money(l, &J_AMOUNT);
        }
        b'O' => {
            let o = segment_o(flavour);
            p.seu_numero = get_text(l, &o.seu_numero);
            p.nosso_numero = get_text(l, &o.nosso_numero);
            p.name = get_text(l, &o.name);
            p.date = get_date(l, &o.date);
            p.amount = get_money(l, &o.amount);
        }
        b'N' => {
            p.seu_numero = get_text(l, &N_SEU_NUMERO);
            p.nosso_numero = get_text(l, &N_NOSSO);
            p.name = get_text(l, &N_NAME);
            p.date = get_date(l, &N_DATE);
            p.amount = get_money(l, &N_AMOUNT);
        }
        _ => return None,
    }
    p.occurrences = occurrences(l);
    p.paid = p.occurrences.iter().any(|(c, _)| c == "00");
    p.accepted = p.paid || p.occurrences.iter().any(|(c, _)| c == "BD");
    Some(p)
}

/// Reads a payments retorno (refuses a cobrança retorno with a Portuguese message).
pub fn read_retorno<R: BufRead>(inner: R) -> Result<PaymentsRetorno, ReadError> {
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
    expect_kind(&info, FileKind::Pagamentos)?;
    let flavour = Flavour::of(info.bank_code.parse().unwrap_or(0));
    let mut out = PaymentsRetorno {
        info,
        items: vec![],
        checks: vec![],
    };
    let (mut forma, mut lot_records, mut file_records) = (String::new(), 0u64, 1u64);
    let mut lot_total = 0u64;
    let mut pending = second;
    loop {
        let (n, l) = match pending.take() {
            Some(x) => x,
            None => match lines.next_record().map_err(io)? {
                Some((n, l)) => (n, l.to_vec()),
                None => break,
            },
        };
        file_records += 1;
        lot_records += 1;
        match l.get(7) {
            Some(b'1') => {
                lot_records = 1;
                lot_total = 0;
                forma = get_text(&l, &Field::alpha("forma", 12, 13));
            }
            Some(b'3') if l.get(13) == Some(&b'Z') => {
                if let Some(last) = out.items.last_mut() {
                    last.authentication = get_text(&l, &Z_AUTHENTICATION);
                }
            }
            Some(b'3') => {
                if let Some(p) = read_detail(flavour, &forma, n, &l) {
                    lot_total = lot_total.saturating_add(p.amount.max(0) as u64);
                    out.items.push(p);
                }
            }
            Some(b'5') => {
                push_check(&mut out.checks, n, &l, &T_RECORDS, lot_records);
                push_check(&mut out.checks, n, &l, &T_TOTAL, lot_total);
            }
            Some(b'9') => push_check(
                &mut out.checks,
                n,
                &l,
                &Field::num("quantidade_registros", 24, 29),
                file_records,
            ),
            _ => {}
        }
    }
    Ok(out)
}

fn push_check(checks: &mut Vec<TrailerCheck>, line: usize, l: &[u8], f: &Field, counted: u64) {
    if let Some(declared) = super::record::get_num(l, f) {
        checks.push(TrailerCheck {
            line,
            field: f.name,
            declared,
            counted,
        });
    }
}
