//! CNAB 240 cobrança: remessa writer (P, Q, R, S) and the T/U field tables for retorno.
//!
//! Source: FEBRABAN "Layout Padrão CNAB 240" v10.7 (segments P, Q, R, S, T, U), with the
//! bank deviations as implemented in kivanio/brcobranca (lib/brcobranca/remessa/cnab240)
//! and eduardokum/laravel-boleto (src/Cnab/Remessa/Cnab240/Banco) and checked against
//! the sample files in shared/fixtures/banking: Santander moves the account zone and
//! the whole segment T; Caixa (SIGCB) carries the código do beneficiário and a 17-digit
//! nosso número; Itaú writes agência/conta/carteira in its own zone; Sicoob appends
//! parcela, modalidade and formulário to the nosso número and needs segment S.

use super::record::{Field, FieldError, Record};
use super::{
    Company, Fine, Instruction, Interest, RemessaHeader, RemessaSummary, Title, WriteError,
};
use crate::bank::Bank;
use chrono::{Duration, Timelike};
use std::borrow::Borrow;
use std::io::Write;

pub type Line = Record<240>;

pub mod titles;

// ---- control fields shared by every CNAB 240 record -------------------------------
pub const BANK: Field = Field::num("banco", 1, 3).req();
pub const LOT: Field = Field::num("lote", 4, 7);
pub const RECORD_TYPE: Field = Field::num("tipo_registro", 8, 8);
pub const SEQ_IN_LOT: Field = Field::num("numero_registro_lote", 9, 13);
pub const SEGMENT: Field = Field::alpha("segmento", 14, 14);

// ---- file header (registro 0) -----------------------------------------------------
pub const H_DOC_KIND: Field = Field::num("tipo_inscricao_empresa", 18, 18);
pub const H_DOC: Field = Field::num("inscricao_empresa", 19, 32);
pub const H_COMPANY: Field = Field::alpha("nome_empresa", 73, 102).req();
pub const H_BANK_NAME: Field = Field::alpha("nome_banco", 103, 132);
pub const H_DIRECTION: Field = Field::num("codigo_remessa_retorno", 143, 143).req();
pub const H_DATE: Field = Field::date("data_geracao", 144, 151).req();
pub const H_TIME: Field = Field::num("hora_geracao", 152, 157);
pub const H_SEQUENCE: Field = Field::num("numero_sequencial_arquivo", 158, 163).req();
pub const H_VERSION: Field = Field::num("versao_layout_arquivo", 164, 166);
pub const H_DENSITY: Field = Field::num("densidade", 167, 171);

// ---- lot header (registro 1) ------------------------------------------------------
pub const L_OPERATION: Field = Field::alpha("tipo_operacao", 9, 9).req();
pub const L_SERVICE: Field = Field::num("tipo_servico", 10, 11).req();
pub const L_VERSION: Field = Field::num("versao_layout_lote", 14, 16);
pub const L_DOC_KIND: Field = Field::num("tipo_inscricao_empresa", 18, 18);
pub const L_DOC: Field = Field::num("inscricao_empresa", 19, 33);
pub const L_COMPANY: Field = Field::alpha("nome_empresa", 74, 103);
pub const L_MESSAGE1: Field = Field::alpha("mensagem_1", 104, 143);
pub const L_MESSAGE2: Field = Field::alpha("mensagem_2", 144, 183);
pub const L_NUMBER: Field = Field::num("numero_remessa_retorno", 184, 191);
pub const L_DATE: Field = Field::date("data_gravacao", 192, 199);
pub const L_CREDIT_DATE: Field = Field::date("data_credito", 200, 207);

// ---- segment P ------------------------------------------------------------------------
pub const P_MOVEMENT: Field = Field::num("codigo_movimento", 16, 17).req();
pub const P_WALLET: Field = Field::alpha("codigo_carteira", 58, 58);
pub const P_REGISTRATION: Field = Field::alpha("forma_cadastramento", 59, 59);
pub const P_DOC_TYPE: Field = Field::alpha("tipo_documento", 60, 60);
pub const P_ISSUER: Field = Field::alpha("emissao_boleto", 61, 61);
pub const P_DISTRIBUTION: Field = Field::alpha("distribuicao_boleto", 62, 62);
pub const P_SEU_NUMERO: Field = Field::alpha("seu_numero", 63, 77).req();
pub const P_DUE: Field = Field::date("vencimento", 78, 85).req();
pub const P_AMOUNT: Field = Field::num("valor_titulo", 86, 100).req();
pub const P_COLLECT_AGENCY: Field = Field::num("agencia_cobradora", 101, 105);
pub const P_COLLECT_DV: Field = Field::alpha("dv_agencia_cobradora", 106, 106);
pub const P_SPECIES: Field = Field::num("especie_titulo", 107, 108).req();
pub const P_ACCEPT: Field = Field::alpha("aceite", 109, 109);
pub const P_ISSUE: Field = Field::date("data_emissao", 110, 117).req();
pub const P_INTEREST_CODE: Field = Field::num("codigo_juros", 118, 118);
pub const P_INTEREST_DATE: Field = Field::date("data_juros", 119, 126);
pub const P_INTEREST: Field = Field::num("juros_mora", 127, 141);
pub const P_DISCOUNT_CODE: Field = Field::num("codigo_desconto", 142, 142);
pub const P_DISCOUNT_DATE: Field = Field::date("data_desconto", 143, 150);
pub const P_DISCOUNT: Field = Field::num("valor_desconto", 151, 165);
pub const P_IOF: Field = Field::num("valor_iof", 166, 180);
pub const P_REBATE: Field = Field::num("valor_abatimento", 181, 195);
pub const P_COMPANY_USE: Field = Field::alpha("uso_empresa", 196, 220);
pub const P_PROTEST_CODE: Field = Field::num("codigo_protesto", 221, 221);
pub const P_PROTEST_DAYS: Field = Field::num("prazo_protesto", 222, 223);
pub const P_WRITE_OFF_CODE: Field = Field::num("codigo_baixa", 224, 224);
pub const P_WRITE_OFF_DAYS: Field = Field::num("prazo_baixa", 225, 227);
pub const P_CURRENCY: Field = Field::num("codigo_moeda", 228, 229);
pub const P_CONTRACT: Field = Field::num("numero_contrato", 230, 239);

// ---- segment Q --------------------------------------------------------------------
pub const Q_MOVEMENT: Field = Field::num("codigo_movimento", 16, 17).req();
pub const Q_DOC_KIND: Field = Field::num("tipo_inscricao_pagador", 18, 18).req();
pub const Q_DOC: Field = Field::num("inscricao_pagador", 19, 33).req();
pub const Q_NAME: Field = Field::alpha("nome_pagador", 34, 73).req();
pub const Q_ADDRESS: Field = Field::alpha("endereco_pagador", 74, 113).req();
pub const Q_DISTRICT: Field = Field::alpha("bairro_pagador", 114, 128);
pub const Q_ZIP: Field = Field::num("cep_pagador", 129, 136).req();
pub const Q_CITY: Field = Field::alpha("cidade_pagador", 137, 151).req();
pub const Q_STATE: Field = Field::alpha("uf_pagador", 152, 153).req();
pub const Q_GUARANTOR_KIND: Field = Field::num("tipo_inscricao_sacador", 154, 154);
pub const Q_GUARANTOR_DOC: Field = Field::num("inscricao_sacador", 155, 169);
pub const Q_GUARANTOR_NAME: Field = Field::alpha("nome_sacador", 170, 209);
pub const Q_CORRESPONDENT: Field = Field::num("banco_correspondente", 210, 212);

// ---- segment R --------------------------------------------------------------------
pub const R_MOVEMENT: Field = Field::num("codigo_movimento", 16, 17).req();
pub const R_DISCOUNT2_CODE: Field = Field::num("codigo_desconto_2", 18, 18);
pub const R_DISCOUNT2_DATE: Field = Field::date("data_desconto_2", 19, 26);
pub const R_DISCOUNT2: Field = Field::num("valor_desconto_2", 27, 41);
pub const R_DISCOUNT3_CODE: Field = Field::num("codigo_desconto_3", 42, 42);
pub const R_DISCOUNT3_DATE: Field = Field::date("data_desconto_3", 43, 50);
pub const R_DISCOUNT3: Field = Field::num("valor_desconto_3", 51, 65);
pub const R_FINE_CODE: Field = Field::alpha("codigo_multa", 66, 66);
pub const R_FINE_DATE: Field = Field::date("data_multa", 67, 74);
pub const R_FINE: Field = Field::num("valor_multa", 75, 89);
pub const R_PAYER_INFO: Field = Field::alpha("informacao_pagador", 90, 99);
pub const R_MESSAGE3: Field = Field::alpha("mensagem_3", 100, 139);
pub const R_MESSAGE4: Field = Field::alpha("mensagem_4", 140, 179);

// ---- segment S (Sicoob, and optional elsewhere) -------------------------------------
pub const S_MOVEMENT: Field = Field::num("codigo_movimento", 16, 17).req();
pub const S_PRINT_KIND: Field = Field::num("tipo_impressao", 18, 18);
pub const S_MESSAGES: [Field; 5] = [
    Field::alpha("mensagem_5", 19, 58),
    Field::alpha("mensagem_6", 59, 98),
    Field::alpha("mensagem_7", 99, 138),
    Field::alpha("mensagem_8", 139, 178),
    Field::alpha("mensagem_9", 179, 218),
];

// ---- segment U (same for every bank) ------------------------------------------------
pub const U_MOVEMENT: Field = Field::num("codigo_movimento", 16, 17);
pub const U_INTEREST: Field = Field::num("juros_multa_encargos", 18, 32);
pub const U_DISCOUNT: Field = Field::num("desconto_concedido", 33, 47);
pub const U_REBATE: Field = Field::num("abatimento_concedido", 48, 62);
pub const U_IOF: Field = Field::num("iof_recolhido", 63, 77);
pub const U_PAID: Field = Field::num("valor_pago", 78, 92);
pub const U_NET: Field = Field::num("valor_liquido", 93, 107);
pub const U_OTHER_EXPENSES: Field = Field::num("outras_despesas", 108, 122);
pub const U_OTHER_CREDITS: Field = Field::num("outros_creditos", 123, 137);
pub const U_OCCURRENCE_DATE: Field = Field::date("data_ocorrencia", 138, 145);
pub const U_CREDIT_DATE: Field = Field::date("data_credito", 146, 153);

// ---- lot trailer (5) and file trailer (9) ----------------------------------------------
pub const LT_RECORDS: Field = Field::num("quantidade_registros_lote", 18, 23).req();
pub const LT_TITLES: Field = Field::num("quantidade_titulos_simples", 24, 29);
pub const LT_TOTAL: Field = Field::num("valor_total_simples", 30, 46);
pub const FT_LOTS: Field = Field::num("quantidade_lotes", 18, 23).req();
pub const FT_RECORDS: Field = Field::num("quantidade_registros", 24, 29).req();

/// Where a zone field takes its value from when writing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Agency,
    AgencyDv,
    Account,
    AccountDv,
    Agreement,
    Wallet,
    Variation,
    NossoNumero,
    Zeros,
    Blank,
    Const(&'static str),
}

/// One field of a bank-specific zone and where its value comes from.
#[derive(Debug, Clone, Copy)]
pub struct ZoneField {
    pub field: Field,
    pub source: Source,
}

const fn z(field: Field, source: Source) -> ZoneField {
    ZoneField { field, source }
}

use Source::*;

// Agência/conta/nosso número zone of segments P and T (positions 18–57).
const ZONE_FEBRABAN: &[ZoneField] = &[
    z(Field::num("agencia", 18, 22).req(), Agency),
    z(Field::alpha("dv_agencia", 23, 23), AgencyDv),
    z(Field::num("conta", 24, 35).req(), Account),
    z(Field::alpha("dv_conta", 36, 36), AccountDv),
    z(Field::alpha("dv_agencia_conta", 37, 37), Blank),
    z(Field::alpha("nosso_numero", 38, 57).req(), NossoNumero),
];
// Bradesco: carteira(3) + zeros(5) + nosso número(11) + DV.
const ZONE_BRADESCO: &[ZoneField] = &[
    z(Field::num("agencia", 18, 22).req(), Agency),
    z(Field::alpha("dv_agencia", 23, 23), AgencyDv),
    z(Field::num("conta", 24, 35).req(), Account),
    z(Field::alpha("dv_conta", 36, 36), AccountDv),
    z(Field::alpha("dv_agencia_conta", 37, 37), Blank),
    z(Field::num("carteira", 38, 40), Wallet),
    z(Field::num("zeros", 41, 45), Zeros),
    z(Field::alpha("nosso_numero", 46, 57).req(), NossoNumero),
];
// Sicoob: nosso número with DV (10) + parcela (2) + modalidade (2) + formulário "4".
const ZONE_SICOOB: &[ZoneField] = &[
    z(Field::num("agencia", 18, 22).req(), Agency),
    z(Field::alpha("dv_agencia", 23, 23), AgencyDv),
    z(Field::num("conta", 24, 35).req(), Account),
    z(Field::alpha("dv_conta", 36, 36), AccountDv),
    z(Field::alpha("dv_agencia_conta", 37, 37), Blank),
    z(Field::num("nosso_numero", 38, 47).req(), NossoNumero),
    z(Field::num("parcela", 48, 49), Const("01")),
    z(Field::num("modalidade", 50, 51), Variation),
    z(Field::num("tipo_formulario", 52, 52), Const("4")),
    z(Field::alpha("brancos", 53, 57), Blank),
];
// Santander: agência(4)+DV, conta(9)+DV, conta cobrança(9)+DV, nosso número(13).
const ZONE_SANTANDER_P: &[ZoneField] = &[
    z(Field::num("agencia", 18, 21).req(), Agency),
    z(Field::alpha("dv_agencia", 22, 22), AgencyDv),
    z(Field::num("conta", 23, 31).req(), Account),
    z(Field::alpha("dv_conta", 32, 32), AccountDv),
    z(Field::num("conta_cobranca", 33, 41), Account),
    z(Field::alpha("dv_conta_cobranca", 42, 42), AccountDv),
    z(Field::alpha("brancos", 43, 44), Blank),
    z(Field::num("nosso_numero", 45, 57).req(), NossoNumero),
];
const ZONE_SANTANDER_T: &[ZoneField] = &[
    z(Field::num("agencia", 18, 21), Agency),
    z(Field::alpha("dv_agencia", 22, 22), AgencyDv),
    z(Field::num("conta", 23, 31), Account),
    z(Field::alpha("dv_conta", 32, 32), AccountDv),
    z(Field::alpha("brancos", 33, 40), Blank),
    z(Field::num("nosso_numero", 41, 53).req(), NossoNumero),
];
// Caixa SIGCB: agência + DV, código do beneficiário (6), nosso número 17 (modalidade + 15).
const ZONE_CAIXA_P: &[ZoneField] = &[
    z(Field::num("agencia", 18, 22).req(), Agency),
    z(Field::alpha("dv_agencia", 23, 23), AgencyDv),
    z(Field::num("codigo_beneficiario", 24, 29).req(), Agreement),
    z(Field::num("uso_caixa", 30, 40), Zeros),
    z(Field::num("nosso_numero", 41, 57).req(), NossoNumero),
];
const ZONE_CAIXA_T: &[ZoneField] = &[
    z(Field::num("agencia", 18, 22), Agency),
    z(Field::alpha("dv_agencia", 23, 23), AgencyDv),
    z(Field::num("codigo_beneficiario", 24, 29), Agreement),
    z(Field::alpha("uso_caixa", 30, 39), Zeros),
    z(Field::num("nosso_numero", 40, 56).req(), NossoNumero),
    z(Field::alpha("uso_caixa_2", 57, 57), Blank),
];
// Itaú: 0 + agência(4), conta(5) + DAC, carteira(3), nosso número(8) + DAC.
const ZONE_ITAU: &[ZoneField] = &[
    z(Field::num("zero", 18, 18), Zeros),
    z(Field::num("agencia", 19, 22).req(), Agency),
    z(Field::alpha("brancos", 23, 23), Blank),
    z(Field::num("zeros", 24, 30), Zeros),
    z(Field::num("conta", 31, 35).req(), Account),
    z(Field::alpha("brancos_2", 36, 36), Blank),
    z(Field::alpha("dac_conta", 37, 37), AccountDv),
    z(Field::num("carteira", 38, 40).req(), Wallet),
    z(Field::alpha("nosso_numero", 41, 49).req(), NossoNumero),
    z(Field::alpha("brancos_3", 50, 57), Blank),
];

/// The account/nosso número zone of segment P for a bank code.
pub fn p_zone(bank_code: u16) -> &'static [ZoneField] {
    match bank_code {
        33 => ZONE_SANTANDER_P,
        104 => ZONE_CAIXA_P,
        237 => ZONE_BRADESCO,
        341 => ZONE_ITAU,
        756 => ZONE_SICOOB,
        _ => ZONE_FEBRABAN,
    }
}

/// The account/nosso número zone of segment T for a bank code.
pub fn t_zone(bank_code: u16) -> &'static [ZoneField] {
    match bank_code {
        33 => ZONE_SANTANDER_T,
        104 => ZONE_CAIXA_T,
        _ => p_zone(bank_code),
    }
}

/// The nosso número field of a zone (every zone has one).
pub fn nosso_field(zone: &[ZoneField]) -> Field {
    zone.iter()
        .find(|f| f.source == NossoNumero)
        .map(|f| f.field)
        .unwrap_or(Field::alpha("nosso_numero", 38, 57))
}

/// Segment T fields after the zone; Santander moves them all 4 positions left.
#[derive(Debug, Clone, Copy)]
pub struct TTail {
    pub wallet: Field,
    pub seu_numero: Field,
    pub due: Field,
    pub amount: Field,
    pub collecting_bank: Field,
    pub collecting_agency: Field,
    pub company_use: Field,
    pub payer_kind: Field,
    pub payer_doc: Field,
    pub payer_name: Field,
    pub fee: Field,
    pub reasons: Field,
}

const T_FEBRABAN: TTail = TTail {
    wallet: Field::alpha("codigo_carteira", 58, 58),
    seu_numero: Field::alpha("seu_numero", 59, 73),
    due: Field::date("vencimento", 74, 81),
    amount: Field::num("valor_titulo", 82, 96),
    collecting_bank: Field::num("banco_cobrador", 97, 99),
    collecting_agency: Field::num("agencia_cobradora", 100, 104),
    company_use: Field::alpha("uso_empresa", 106, 130),
    payer_kind: Field::num("tipo_inscricao_pagador", 133, 133),
    payer_doc: Field::num("inscricao_pagador", 134, 148),
    payer_name: Field::alpha("nome_pagador", 149, 188),
    fee: Field::num("valor_tarifa", 199, 213),
    reasons: Field::alpha("motivos_ocorrencia", 214, 223),
};

const T_SANTANDER: TTail = TTail {
    wallet: Field::alpha("codigo_carteira", 54, 54),
    seu_numero: Field::alpha("seu_numero", 55, 69),
    due: Field::date("vencimento", 70, 77),
    amount: Field::num("valor_titulo", 78, 92),
    collecting_bank: Field::num("banco_cobrador", 93, 95),
    collecting_agency: Field::num("agencia_cobradora", 96, 99),
    company_use: Field::alpha("uso_empresa", 101, 125),
    payer_kind: Field::num("tipo_inscricao_pagador", 128, 128),
    payer_doc: Field::num("inscricao_pagador", 129, 143),
    payer_name: Field::alpha("nome_pagador", 144, 183),
    fee: Field::num("valor_tarifa", 194, 208),
    reasons: Field::alpha("motivos_ocorrencia", 209, 218),
};

/// Segment T tail for a bank code.
pub fn t_tail(bank_code: u16) -> TTail {
    match bank_code {
        33 => T_SANTANDER,
        104 => TTail {
            seu_numero: Field::alpha("seu_numero", 59, 69),
            ..T_FEBRABAN
        },
        341 => TTail {
            seu_numero: Field::alpha("seu_numero", 59, 68),
            ..T_FEBRABAN
        },
        _ => T_FEBRABAN,
    }
}

/// Seu número width in segment P: Caixa 11, Itaú 10, others 15.
pub fn p_seu_numero(bank_code: u16) -> Field {
    match bank_code {
        104 => Field::alpha("seu_numero", 63, 73).req(),
        341 => Field::alpha("seu_numero", 63, 72).req(),
        _ => P_SEU_NUMERO,
    }
}

/// Segment P fields in validation order (control fields, zone, common part).
pub fn p_fields(bank_code: u16) -> Vec<Field> {
    let mut v = vec![P_MOVEMENT];
    v.extend(p_zone(bank_code).iter().map(|z| z.field));
    v.extend([
        P_WALLET,
        P_REGISTRATION,
        p_seu_numero(bank_code),
        P_DUE,
        P_AMOUNT,
        P_COLLECT_AGENCY,
        P_SPECIES,
        P_ISSUE,
        P_INTEREST_CODE,
        P_INTEREST_DATE,
        P_INTEREST,
        P_DISCOUNT_CODE,
        P_DISCOUNT_DATE,
        P_DISCOUNT,
        P_IOF,
        P_REBATE,
        P_PROTEST_CODE,
        P_PROTEST_DAYS,
        P_WRITE_OFF_CODE,
        P_CURRENCY,
    ]);
    v
}

pub const Q_FIELDS: &[Field] = &[
    Q_MOVEMENT,
    Q_DOC_KIND,
    Q_DOC,
    Q_NAME,
    Q_ADDRESS,
    Q_DISTRICT,
    Q_ZIP,
    Q_CITY,
    Q_STATE,
    Q_GUARANTOR_KIND,
    Q_GUARANTOR_DOC,
];
pub const R_FIELDS: &[Field] = &[
    R_MOVEMENT,
    R_DISCOUNT2_CODE,
    R_DISCOUNT2_DATE,
    R_DISCOUNT2,
    R_DISCOUNT3_CODE,
    R_DISCOUNT3_DATE,
    R_DISCOUNT3,
    R_FINE_DATE,
    R_FINE,
];
pub const S_FIELDS: &[Field] = &[S_MOVEMENT, S_PRINT_KIND];
pub const FILE_HEADER_FIELDS: &[Field] = &[
    BANK,
    LOT,
    RECORD_TYPE,
    H_DOC_KIND,
    H_DOC,
    H_COMPANY,
    H_DIRECTION,
    H_DATE,
    H_TIME,
    H_SEQUENCE,
];
pub const LOT_HEADER_FIELDS: &[Field] = &[
    BANK,
    LOT,
    RECORD_TYPE,
    L_OPERATION,
    L_SERVICE,
    L_DOC_KIND,
    L_DOC,
    L_DATE,
];
pub const LOT_TRAILER_FIELDS: &[Field] = &[BANK, LOT, RECORD_TYPE, LT_RECORDS];
pub const FILE_TRAILER_FIELDS: &[Field] = &[BANK, LOT, RECORD_TYPE, FT_LOTS, FT_RECORDS];

/// FEBRABAN movement code (C004) for a remessa instruction.
pub fn movement_code(i: Instruction) -> u64 {
    match i {
        Instruction::Register => 1,
        Instruction::Cancel => 2,
        Instruction::ChangeDueDate => 6,
        Instruction::GrantRebate => 4,
        Instruction::GrantDiscount => 7,
        Instruction::Protest => 9,
        Instruction::CancelProtest => 10,
        Instruction::ChangeInterest => 12,
        Instruction::ChangeFine => 14,
    }
}

/// The instruction for a FEBRABAN movement code (inverse of [`movement_code`]).
pub fn instruction_for(code: u64) -> Option<Instruction> {
    use Instruction::*;
    [
        Register,
        Cancel,
        ChangeDueDate,
        GrantDiscount,
        GrantRebate,
        Protest,
        CancelProtest,
        ChangeInterest,
        ChangeFine,
    ]
    .into_iter()
    .find(|i| movement_code(*i) == code)
}

fn zone_value<'a>(source: Source, c: &'a Company, nosso: &'a str) -> &'a str {
    match source {
        Agency => &c.agency,
        AgencyDv => &c.agency_dv,
        Account => &c.account,
        AccountDv => &c.account_dv,
        Agreement => &c.agreement,
        Wallet => &c.wallet,
        Variation => {
            if c.variation.is_empty() {
                "01"
            } else {
                &c.variation
            }
        }
        NossoNumero => nosso,
        Zeros | Blank => "",
        Const(s) => s,
    }
}

/// Writes a zone; numeric fields take digits only, alpha fields take the text as is.
pub fn write_zone(
    rec: &mut Line,
    zone: &[ZoneField],
    company: &Company,
    nosso: &str,
) -> Result<(), FieldError> {
    for zf in zone {
        let value = zone_value(zf.source, company, nosso);
        match (zf.field.kind, zf.source) {
            (_, Zeros) => rec.fill(&zf.field, b'0'),
            (_, Blank) => rec.fill(&zf.field, b' '),
            (super::record::Kind::Num, NossoNumero) => {
                if value.chars().any(|c| !c.is_ascii_digit()) {
                    return Err(FieldError::new(
                        &zf.field,
                        "nosso número deve ter só dígitos",
                    ));
                }
                rec.digits(&zf.field, value)?
            }
            (super::record::Kind::Num, _) => rec.digits(&zf.field, value)?,
            _ => rec.code(&zf.field, value)?,
        }
    }
    Ok(())
}

fn control(rec: &mut Line, bank: u16, lot: u64, kind: u64) -> Result<(), FieldError> {
    rec.num(&BANK, bank as u64)?;
    rec.num(&LOT, lot)?;
    rec.num(&RECORD_TYPE, kind)
}

/// Where a detail record goes: lot number and sequence inside the lot.
#[derive(Debug, Clone, Copy)]
pub struct At {
    pub lot: u64,
    pub seq: u64,
}

fn detail(rec: &mut Line, bank: u16, at: At, segment: &str) -> Result<(), FieldError> {
    control(rec, bank, at.lot, 3)?;
    rec.num(&SEQ_IN_LOT, at.seq)?;
    rec.alpha(&SEGMENT, segment);
    Ok(())
}

/// Layout versions written in the headers (file, lot), per bank manual.
fn versions(bank: Bank) -> (u64, u64) {
    match bank {
        Bank::BancoDoBrasil => (83, 42),
        Bank::Santander => (40, 30),
        Bank::Caixa => (50, 30),
        Bank::Bradesco => (84, 42),
        Bank::Itau => (40, 30),
        Bank::Sicredi => (81, 40),
        Bank::Sicoob => (81, 40),
    }
}

/// Company zone of the file header (33–72) or, shifted by one, of the lot header (34–73).
fn company_zone(bank: Bank, shift: usize) -> Vec<ZoneField> {
    let f = |name, a: usize, b: usize, num: bool| {
        if num {
            Field::num(name, a + shift, b + shift)
        } else {
            Field::alpha(name, a + shift, b + shift)
        }
    };
    match bank {
        // Caixa's lot header repeats the código do beneficiário at 34–39.
        Bank::Caixa if shift == 1 => vec![
            z(Field::num("codigo_beneficiario", 34, 39), Agreement),
            z(Field::num("zeros", 40, 53), Zeros),
            z(Field::num("agencia", 54, 58), Agency),
            z(Field::alpha("dv_agencia", 59, 59), AgencyDv),
            z(Field::num("codigo_beneficiario_2", 60, 65), Agreement),
            z(Field::num("uso_caixa", 66, 73), Zeros),
        ],
        // Santander's lot header has the código de transmissão at 54–68.
        Bank::Santander if shift == 1 => vec![
            z(Field::alpha("brancos", 34, 53), Blank),
            z(Field::num("codigo_transmissao", 54, 68), Agreement),
            z(Field::alpha("brancos_2", 69, 73), Blank),
        ],
        Bank::Caixa => vec![
            z(f("zeros", 33, 52, true), Zeros),
            z(f("agencia", 53, 57, true), Agency),
            z(f("dv_agencia", 58, 58, false), AgencyDv),
            z(f("codigo_beneficiario", 59, 64, true), Agreement),
            z(f("uso_caixa", 65, 72, true), Zeros),
        ],
        Bank::Santander => vec![
            z(f("codigo_transmissao", 33, 47, true), Agreement),
            z(f("brancos", 48, 72, false), Blank),
        ],
        Bank::Itau => vec![
            z(f("brancos", 33, 52, false), Blank),
            z(f("zero", 53, 53, true), Zeros),
            z(f("agencia", 54, 57, true), Agency),
            z(f("branco", 58, 58, false), Blank),
            z(f("zeros", 59, 65, true), Zeros),
            z(f("conta", 66, 70, true), Account),
            z(f("branco_2", 71, 71, false), Blank),
            z(f("dac", 72, 72, false), AccountDv),
        ],
        _ => vec![
            z(f("convenio", 33, 52, false), Agreement),
            z(f("agencia", 53, 57, true), Agency),
            z(f("dv_agencia", 58, 58, false), AgencyDv),
            z(f("conta", 59, 70, true), Account),
            z(f("dv_conta", 71, 71, false), AccountDv),
            z(f("dv_agencia_conta", 72, 72, false), Blank),
        ],
    }
}

/// BB writes convênio(9) + "0014" + carteira(2) + variação(3) in the convênio field.
fn header_agreement(bank: Bank, c: &Company) -> Company {
    let mut c = c.clone();
    if bank == Bank::BancoDoBrasil {
        c.agreement = format!(
            "{:0>9}0014{:0>2}{:0>3}",
            super::text::digits_only(&c.agreement),
            super::text::digits_only(&c.wallet),
            super::text::digits_only(&c.variation)
        );
    }
    c
}

/// The company a remessa was written for, read back from its file header and the zone of
/// its first segment P (the inverse of [`file_header`] and [`segment_p`]'s zone), so that
/// an answer to the remessa (a simulated retorno) carries the same account.
///
/// Not in the file, so left empty: the posto (Sicredi) and Caixa's carteira (the first
/// digit of its nosso número says it). Numeric fields come back zero-padded to their width.
pub fn read_company(bank: Bank, header: &[u8], first_p: Option<&[u8]>) -> Company {
    use super::record::{get_num, get_text};
    let (kind, doc) = if bank == Bank::Santander {
        (
            Field::num("tipo_inscricao_empresa", 17, 17),
            Field::num("inscricao_empresa", 18, 32),
        )
    } else {
        (H_DOC_KIND, H_DOC)
    };
    let mut c = Company {
        name: get_text(header, &H_COMPANY),
        document: super::retorno::document_of(get_num(header, &kind), &get_text(header, &doc)),
        ..Company::default()
    };
    read_zone(header, &company_zone(bank, 0), &mut c);
    if let Some(p) = first_p {
        read_zone(p, p_zone(bank_number(bank)), &mut c);
    }
    if bank == Bank::BancoDoBrasil {
        split_bb_agreement(&mut c);
    }
    c
}

/// Sets the company fields a zone carries (the inverse of [`write_zone`]).
fn read_zone(line: &[u8], zone: &[ZoneField], c: &mut Company) {
    for zf in zone {
        let slot = match zf.source {
            Agency => &mut c.agency,
            AgencyDv => &mut c.agency_dv,
            Account => &mut c.account,
            AccountDv => &mut c.account_dv,
            Agreement => &mut c.agreement,
            Wallet => &mut c.wallet,
            Variation => &mut c.variation,
            NossoNumero | Zeros | Blank | Const(_) => continue,
        };
        *slot = super::record::get_text(line, &zf.field);
    }
}

/// Undoes [`header_agreement`]: convênio(9) + "0014" + carteira(2) + variação(3). The
/// convênio loses its padding because its length (4, 6 or 7 digits) selects BB's nosso
/// número layout.
fn split_bb_agreement(c: &mut Company) {
    let field = std::mem::take(&mut c.agreement);
    let part = |a: usize, b: usize| field.get(a..b).unwrap_or_default().to_string();
    c.agreement = part(0, 9).trim_start_matches('0').to_string();
    c.wallet = part(13, 15);
    c.variation = part(15, 18);
}

fn file_header(h: &RemessaHeader) -> Result<Line, FieldError> {
    let bank_no = bank_number(h.bank);
    let mut r = Line::new();
    control(&mut r, bank_no, 0, 0)?;
    if h.bank == Bank::Santander {
        // Santander: tipo de inscrição at 17, inscrição in 15 digits at 18–32.
        r.num(
            &Field::num("tipo_inscricao_empresa", 17, 17),
            h.company.document_kind(),
        )?;
        r.digits(
            &Field::num("inscricao_empresa", 18, 32),
            &h.company.document,
        )?;
    } else {
        r.num(&H_DOC_KIND, h.company.document_kind())?;
        r.digits(&H_DOC, &h.company.document)?;
    }
    let company = header_agreement(h.bank, &h.company);
    write_zone(&mut r, &company_zone(h.bank, 0), &company, "")?;
    if h.bank == Bank::Caixa {
        // Caixa tells test files from production ones here ("REMESSA-TESTE" while homologating).
        r.alpha(&Field::alpha("uso_empresa", 192, 211), "REMESSA-PRODUCAO");
    }
    r.alpha(&H_COMPANY, &h.company.name);
    r.alpha(&H_BANK_NAME, h.bank.name());
    r.num(&H_DIRECTION, 1)?;
    r.date(&H_DATE, Some(h.generated_at.date()))?;
    let t = h.generated_at.time();
    if h.bank == Bank::Santander {
        r.fill(&H_TIME, b' '); // Santander: 152–157 reserved (blank)
    } else {
        r.num(
            &H_TIME,
            (t.hour() * 10000 + t.minute() * 100 + t.second()) as u64,
        )?;
    }
    r.num(&H_SEQUENCE, h.sequence as u64)?;
    r.num(&H_VERSION, versions(h.bank).0)?;
    if h.bank != Bank::Santander {
        r.num(&H_DENSITY, 0)?; // Santander: 167–240 reserved (blank)
    }
    Ok(r)
}

fn lot_header(h: &RemessaHeader, lot: u64) -> Result<Line, FieldError> {
    let mut r = Line::new();
    control(&mut r, bank_number(h.bank), lot, 1)?;
    r.alpha(&L_OPERATION, "R");
    r.num(&L_SERVICE, 1)?;
    if h.bank == Bank::Caixa {
        r.num(&Field::num("zeros", 12, 13), 0)?;
    }
    r.num(&L_VERSION, versions(h.bank).1)?;
    r.num(&L_DOC_KIND, h.company.document_kind())?;
    r.digits(&L_DOC, &h.company.document)?;
    let company = header_agreement(h.bank, &h.company);
    write_zone(&mut r, &company_zone(h.bank, 1), &company, "")?;
    r.alpha(&L_COMPANY, &h.company.name);
    r.num(&L_NUMBER, h.sequence as u64)?;
    r.date(&L_DATE, Some(h.generated_at.date()))?;
    r.date(&L_CREDIT_DATE, None)?;
    Ok(r)
}

/// The bank's COMPE number.
pub fn bank_number(bank: Bank) -> u16 {
    bank.code().parse().unwrap_or(0)
}

/// Writes segment P.
pub fn segment_p(h: &RemessaHeader, t: &Title, at: At) -> Result<Line, FieldError> {
    let bank = bank_number(h.bank);
    let mut r = Line::new();
    detail(&mut r, bank, at, "P")?;
    r.num(&P_MOVEMENT, movement_code(t.instruction))?;
    write_zone(&mut r, p_zone(bank), &h.company, &t.nosso_numero)?;
    if bank == 341 {
        // Itaú: 58–62 are zeros (the carteira already sits at 38–40).
        r.fill(&Field::num("zeros", 58, 62), b'0');
    } else {
        // 58 carteira (1 = simples), 59 cadastramento (1 = registrada), 60 documento
        // (1 = tradicional, 2 = escritural), 61 emissão (2 = empresa), 62 distribuição.
        // Per-bank values as brcobranca writes them for each bank's homologation.
        // BB: carteira 17 is "7" (cobrança direta especial), the others "1" (simples).
        let bb_wallet = if super::text::digits_only(&h.company.wallet) == "17" {
            "7"
        } else {
            "1"
        };
        let (wallet, registration, doc_type, issuer, distribution) = match h.bank {
            Bank::BancoDoBrasil => (bb_wallet, "1", " ", "0", "0"),
            Bank::Caixa => ("1", "1", "2", "2", "0"),
            Bank::Santander => ("1", "1", "2", " ", " "),
            Bank::Sicoob => ("1", "0", " ", "2", "2"),
            _ => ("1", "1", "1", "2", "2"),
        };
        r.alpha(&P_WALLET, wallet);
        r.alpha(&P_REGISTRATION, registration);
        r.alpha(&P_DOC_TYPE, doc_type);
        r.alpha(&P_ISSUER, issuer);
        r.alpha(&P_DISTRIBUTION, distribution);
    }
    r.code(&p_seu_numero(bank), &t.seu_numero)?;
    r.date(&P_DUE, Some(t.due_date))?;
    r.money(&P_AMOUNT, t.amount)?;
    r.num(&P_COLLECT_AGENCY, 0)?;
    // DV da agência cobradora: "0" where the manual makes it numeric, blank elsewhere.
    let collect_dv = if matches!(h.bank, Bank::Caixa | Bank::Bradesco | Bank::Itau) {
        "0"
    } else {
        ""
    };
    r.alpha(&P_COLLECT_DV, collect_dv);
    r.digits(&P_SPECIES, t.species.as_deref().unwrap_or("02"))?;
    r.alpha(&P_ACCEPT, "N");
    r.date(&P_ISSUE, Some(t.issue_date))?;
    write_interest(&mut r, t, h.bank)?;
    write_discount(&mut r, t)?;
    r.num(&P_IOF, 0)?;
    r.money(&P_REBATE, t.abatement.unwrap_or(0))?;
    r.alpha(&P_COMPANY_USE, &t.seu_numero);
    write_protest(&mut r, t)?;
    // Baixa/devolução: Caixa and Sicredi want "1 = baixar" with a term (120 and 60 days,
    // as brcobranca writes them); the others take 0/000 (bank default).
    let (write_off, days) = match h.bank {
        Bank::Caixa => (1, 120),
        Bank::Sicredi => (1, 60),
        _ => (0, 0),
    };
    r.num(&P_WRITE_OFF_CODE, write_off)?;
    if h.bank == Bank::Sicoob {
        r.fill(&P_WRITE_OFF_DAYS, b' '); // Sicoob: 225–227 blank
    } else {
        r.num(&P_WRITE_OFF_DAYS, days)?;
    }
    r.num(&P_CURRENCY, 9)?; // 09 = real
    r.num(&P_CONTRACT, 0)?;
    if h.bank == Bank::Santander {
        santander_p_tail(&mut r)?;
    }
    Ok(r)
}

/// Santander's segment P ends differently: 224 baixa "3" (the beneficiário's
/// profile), 225–227 days, 228–229 moeda "00", 230–240 reserved.
fn santander_p_tail(r: &mut Line) -> Result<(), FieldError> {
    r.num(&P_WRITE_OFF_CODE, 3)?;
    r.num(&P_WRITE_OFF_DAYS, 0)?;
    r.num(&P_CURRENCY, 0)?;
    r.fill(&Field::alpha("brancos", 230, 240), b' ');
    Ok(())
}

fn write_protest(r: &mut Line, t: &Title) -> Result<(), FieldError> {
    match t.protest_days {
        Some(d) if d > 0 => {
            r.num(&P_PROTEST_CODE, 1)?; // 1 = protestar dias corridos
            r.num(&P_PROTEST_DAYS, d as u64)
        }
        _ => {
            r.num(&P_PROTEST_CODE, 3)?; // 3 = não protestar
            r.num(&P_PROTEST_DAYS, 0)
        }
    }
}

fn write_interest(r: &mut Line, t: &Title, bank: Bank) -> Result<(), FieldError> {
    let from = t.interest_from.unwrap_or(t.due_date + Duration::days(1));
    match t.interest {
        Some(Interest::DailyAmount(v)) => {
            r.num(&P_INTEREST_CODE, 1)?;
            r.date(&P_INTEREST_DATE, Some(from))?;
            r.money(&P_INTEREST, v)
        }
        Some(Interest::MonthlyRate(bp)) => {
            r.num(&P_INTEREST_CODE, 2)?;
            r.date(&P_INTEREST_DATE, Some(from))?;
            r.num(&P_INTEREST, bp as u64)
        }
        None => {
            // 3 = isento (FEBRABAN); Sicoob uses 0.
            let exempt = if bank == Bank::Sicoob { 0 } else { 3 };
            r.num(&P_INTEREST_CODE, exempt)?;
            r.date(&P_INTEREST_DATE, None)?;
            r.num(&P_INTEREST, 0)
        }
    }
}

fn write_discount(r: &mut Line, t: &Title) -> Result<(), FieldError> {
    match (t.discount, t.discount_until) {
        (Some(v), Some(until)) if v > 0 => {
            r.num(&P_DISCOUNT_CODE, 1)?; // 1 = valor fixo até a data
            r.date(&P_DISCOUNT_DATE, Some(until))?;
            r.money(&P_DISCOUNT, v)
        }
        _ => {
            r.num(&P_DISCOUNT_CODE, 0)?;
            r.date(&P_DISCOUNT_DATE, None)?;
            r.num(&P_DISCOUNT, 0)
        }
    }
}

/// Writes segment Q (payer).
pub fn segment_q(h: &RemessaHeader, t: &Title, at: At) -> Result<Line, FieldError> {
    let mut r = Line::new();
    detail(&mut r, bank_number(h.bank), at, "Q")?;
    r.num(&Q_MOVEMENT, movement_code(t.instruction))?;
    r.num(&Q_DOC_KIND, super::document_kind(&t.payer.document))?;
    r.digits(&Q_DOC, &t.payer.document)?;
    r.alpha(&q_name(h.bank), &t.payer.name);
    r.alpha(&Q_ADDRESS, &t.payer.address);
    r.alpha(&Q_DISTRICT, &t.payer.district);
    r.digits(&Q_ZIP, &t.payer.zip)?;
    r.alpha(&Q_CITY, &t.payer.city);
    r.code(&Q_STATE, &t.payer.state)?;
    r.num(&Q_GUARANTOR_KIND, 0)?;
    r.num(&Q_GUARANTOR_DOC, 0)?;
    r.num(&Q_CORRESPONDENT, 0)?;
    if h.bank == Bank::Santander {
        r.fill(&Field::num("reservado", 213, 221), b'0');
    }
    Ok(r)
}

/// The payer's name field: Itaú takes 30 characters and leaves 64–73 blank.
fn q_name(bank: Bank) -> Field {
    if bank == Bank::Itau {
        Field::alpha("nome_pagador", 34, 63)
    } else {
        Q_NAME
    }
}

/// Writes segment R (fine, messages).
pub fn segment_r(h: &RemessaHeader, t: &Title, at: At) -> Result<Line, FieldError> {
    let mut r = Line::new();
    detail(&mut r, bank_number(h.bank), at, "R")?;
    r.num(&R_MOVEMENT, movement_code(t.instruction))?;
    for f in [
        R_DISCOUNT2_CODE,
        R_DISCOUNT2_DATE,
        R_DISCOUNT2,
        R_DISCOUNT3_CODE,
        R_DISCOUNT3_DATE,
        R_DISCOUNT3,
    ] {
        r.fill(&f, b'0');
    }
    write_fine(&mut r, t)?;
    if !matches!(h.bank, Bank::Caixa | Bank::Santander) {
        // 200–231: pagador's debit account (not used), numeric in FEBRABAN: zeros.
        r.fill(&Field::num("ocorrencia_pagador_debito", 200, 215), b'0');
        r.fill(&Field::num("conta_debito", 217, 228), b'0');
        r.fill(&Field::num("aviso_debito", 231, 231), b'0');
    }
    write_r_messages(&mut r, t);
    Ok(r)
}

fn write_fine(r: &mut Line, t: &Title) -> Result<(), FieldError> {
    let from = t.fine_from.unwrap_or(t.due_date + Duration::days(1));
    match t.fine {
        Some(Fine::Amount(v)) => {
            r.alpha(&R_FINE_CODE, "1");
            r.date(&R_FINE_DATE, Some(from))?;
            r.money(&R_FINE, v)
        }
        Some(Fine::Percent(bp)) => {
            r.alpha(&R_FINE_CODE, "2");
            r.date(&R_FINE_DATE, Some(from))?;
            r.num(&R_FINE, bp as u64)
        }
        None => {
            r.alpha(&R_FINE_CODE, "0");
            r.date(&R_FINE_DATE, None)?;
            r.num(&R_FINE, 0)
        }
    }
}

/// Messages 3 and 4 (segment R carries the first two of the title's messages).
fn write_r_messages(r: &mut Line, t: &Title) {
    if let Some(m) = t.messages.first() {
        r.alpha(&R_MESSAGE3, m);
    }
    if let Some(m) = t.messages.get(1) {
        r.alpha(&R_MESSAGE4, m);
    }
}

/// Writes segment S (messages printed on the boleto), type 3 = up to five lines.
pub fn segment_s(h: &RemessaHeader, t: &Title, at: At) -> Result<Line, FieldError> {
    let mut r = Line::new();
    detail(&mut r, bank_number(h.bank), at, "S")?;
    r.num(&S_MOVEMENT, movement_code(t.instruction))?;
    r.num(&S_PRINT_KIND, 3)?;
    for (f, m) in S_MESSAGES.iter().zip(t.messages.iter().skip(2)) {
        r.alpha(f, m);
    }
    Ok(r)
}

/// Does this bank need segment S after R? (Sicoob's manual requires it.)
pub fn needs_segment_s(bank: Bank) -> bool {
    bank == Bank::Sicoob
}

/// Most details a lot may hold: the sequence field (9–13) has five digits.
pub const MAX_LOT_DETAILS: u64 = 99_999;
/// Most records a file may hold: the file trailer's count (24–29) has six digits.
pub const MAX_FILE_RECORDS: u64 = 999_999;

/// Counts lots and records while writing, opening a new lot when one is full.
struct Lots {
    lot: u64,
    seq: u64,
    titles: u64,
    total: i64,
    records: u64,
}

impl Lots {
    fn new() -> Self {
        // File header and trailer, plus the first lot's header and trailer.
        Lots {
            lot: 1,
            seq: 0,
            titles: 0,
            total: 0,
            records: 4,
        }
    }

    /// Makes room for `n` details, closing the lot and opening the next when needed.
    fn reserve(
        &mut self,
        n: u64,
        bank: u16,
        retorno: bool,
        open: &dyn Fn(u64) -> Result<Line, FieldError>,
        out: &mut impl Write,
    ) -> Result<At, WriteError> {
        if self.seq + n > MAX_LOT_DETAILS {
            self.close(bank, retorno, out)?;
            self.lot += 1;
            self.records += 2;
            (self.seq, self.titles, self.total) = (0, 0, 0);
            open(self.lot)
                .map_err(|source| WriteError::Field { index: 0, source })?
                .write_line(out)?;
        }
        if self.records + n > MAX_FILE_RECORDS {
            return Err(WriteError::Unsupported(format!(
                "o arquivo passaria de {MAX_FILE_RECORDS} registros (limite do CNAB 240): divida os títulos em mais arquivos"
            )));
        }
        self.records += n;
        let at = At {
            lot: self.lot,
            seq: self.seq + 1,
        };
        self.seq += n;
        Ok(at)
    }

    fn close(&self, bank: u16, retorno: bool, out: &mut impl Write) -> Result<(), WriteError> {
        let fe = |source| WriteError::Field { index: 0, source };
        let mut lt = Line::new();
        control(&mut lt, bank, self.lot, 5).map_err(fe)?;
        // Santander's retornos count only the details (see retorno.rs).
        let count = if retorno && bank == 33 {
            self.seq
        } else {
            self.seq + 2
        };
        lt.num(&LT_RECORDS, count).map_err(fe)?;
        match (retorno, bank) {
            // Santander's remessa lot trailer is blank after the count.
            (false, 33) => {}
            (false, _) => {
                lt.num(&LT_TITLES, self.titles).map_err(fe)?;
                lt.money(&LT_TOTAL, self.total).map_err(fe)?;
                // Caixa leaves 93–115 blank; the others zero the remaining totals.
                let end = if bank == 104 { 92 } else { 115 };
                lt.fill(&Field::num("totalizacoes", 47, end), b'0');
            }
            (true, _) => {
                lt.num(&LT_TITLES, self.titles).map_err(fe)?;
                lt.money(&LT_TOTAL, self.total).map_err(fe)?;
            }
        }
        lt.write_line(out)?;
        Ok(())
    }

    fn finish(&self, bank: u16, retorno: bool, out: &mut impl Write) -> Result<u64, WriteError> {
        let fe = |source| WriteError::Field { index: 0, source };
        self.close(bank, retorno, out)?;
        let mut ft = Line::new();
        control(&mut ft, bank, 9999, 9).map_err(fe)?;
        ft.num(&FT_LOTS, self.lot).map_err(fe)?;
        ft.num(&FT_RECORDS, self.records).map_err(fe)?;
        ft.write_line(out)?;
        Ok(self.records)
    }
}

/// Writes a complete CNAB 240 cobrança remessa, one title at a time.
///
/// Memory stays flat: titles come from an iterator and records go straight to `out`
/// (wrap it in a `BufWriter`). A lot holds up to 99,999 details, so big remessas get
/// more lots; a file holds up to 999,999 records, beyond which this is an error.
pub fn write_remessa<W, I>(
    h: &RemessaHeader,
    titles: I,
    out: &mut W,
) -> Result<RemessaSummary, WriteError>
where
    W: Write,
    I: IntoIterator,
    I::Item: Borrow<Title>,
{
    let fe = |index| move |source| WriteError::Field { index, source };
    let bank = bank_number(h.bank);
    file_header(h).map_err(fe(0))?.write_line(out)?;
    lot_header(h, 1).map_err(fe(0))?.write_line(out)?;
    let with_s = needs_segment_s(h.bank);
    let per_title = if with_s { 4 } else { 3 };
    let open = |lot| lot_header(h, lot);
    let mut templates = titles::TitleTemplates::new(h);
    let (mut lots, mut count, mut total) = (Lots::new(), 0u64, 0i64);
    for title in titles {
        let t = title.borrow();
        count += 1;
        let at = lots.reserve(per_title, bank, false, &open, out)?;
        let next = |k: u64| At {
            lot: at.lot,
            seq: at.seq + k,
        };
        templates.write(t, at, out).map_err(|e| match e {
            WriteError::Field { source, .. } => fe(count)(source),
            other => other,
        })?;
        if with_s {
            segment_s(h, t, next(3))
                .map_err(fe(count))?
                .write_line(out)?;
        }
        lots.titles += 1;
        lots.total = lots.total.saturating_add(t.amount);
        total = total.saturating_add(t.amount);
    }
    let records = lots.finish(bank, false, out)?;
    Ok(RemessaSummary {
        sequence: h.sequence,
        titles: count,
        records,
        total,
    })
}

/// Writes a cobrança retorno as a bank would (segments T and U). Used to simulate
/// banks in tests and benchmarks; the fields are the ones [`super::retorno`] reads.
pub fn write_retorno<W, I>(h: &RemessaHeader, items: I, out: &mut W) -> Result<u64, WriteError>
where
    W: Write,
    I: IntoIterator,
    I::Item: Borrow<super::retorno::RetornoItem>,
{
    let fe = |index| move |source| WriteError::Field { index, source };
    let bank = bank_number(h.bank);
    let mut header = file_header(h).map_err(fe(0))?;
    header.num(&H_DIRECTION, 2).map_err(fe(0))?;
    header.write_line(out)?;
    let open = |lot| {
        let mut l = lot_header(h, lot)?;
        l.alpha(&L_OPERATION, "T");
        Ok(l)
    };
    open(1).map_err(fe(0))?.write_line(out)?;
    let (mut lots, mut count) = (Lots::new(), 0u64);
    for item in items {
        let it = item.borrow();
        count += 1;
        let at = lots.reserve(2, bank, true, &open, out)?;
        segment_t(h, it, at).map_err(fe(count))?.write_line(out)?;
        segment_u(
            bank,
            it,
            At {
                lot: at.lot,
                seq: at.seq + 1,
            },
        )
        .map_err(fe(count))?
        .write_line(out)?;
        lots.titles += 1;
        lots.total = lots.total.saturating_add(it.amount);
    }
    lots.finish(bank, true, out)?;
    Ok(count)
}

fn segment_t(
    h: &RemessaHeader,
    it: &super::retorno::RetornoItem,
    at: At,
) -> Result<Line, FieldError> {
    let bank = bank_number(h.bank);
    let tail = t_tail(bank);
    let mut r = Line::new();
    detail(&mut r, bank, at, "T")?;
    r.code(&U_MOVEMENT, &it.occurrence_code)?;
    write_zone(&mut r, t_zone(bank), &h.company, &it.nosso_numero)?;
    r.alpha(&tail.wallet, "1");
    r.code(&tail.seu_numero, &it.seu_numero)?;
    r.date(&tail.due, it.due_date)?;
    r.money(&tail.amount, it.amount)?;
    r.num(&tail.collecting_bank, bank as u64)?;
    r.num(&tail.collecting_agency, 0)?;
    r.num(&tail.payer_kind, super::document_kind(&it.payer_document))?;
    r.digits(&tail.payer_doc, &it.payer_document)?;
    r.alpha(&tail.payer_name, &it.payer_name);
    r.money(&tail.fee, it.fees)?;
    r.code(&tail.reasons, &it.reasons.concat())?;
    Ok(r)
}

fn segment_u(bank: u16, it: &super::retorno::RetornoItem, at: At) -> Result<Line, FieldError> {
    let mut r = Line::new();
    detail(&mut r, bank, at, "U")?;
    r.code(&U_MOVEMENT, &it.occurrence_code)?;
    r.money(&U_INTEREST, it.interest)?;
    r.money(&U_DISCOUNT, it.discount)?;
    r.money(&U_REBATE, it.rebate)?;
    r.money(&U_IOF, it.iof)?;
    r.money(&U_PAID, it.paid_amount)?;
    r.money(&U_NET, it.net_amount)?;
    r.money(&U_OTHER_EXPENSES, it.other_expenses)?;
    r.money(&U_OTHER_CREDITS, it.other_credits)?;
    r.date(&U_OCCURRENCE_DATE, it.occurrence_date)?;
    r.date(&U_CREDIT_DATE, it.credit_date)?;
    Ok(r)
}
