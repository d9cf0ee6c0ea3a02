//! Bank boletos: nosso número and its DV per bank, campo livre, 44-digit barcode, 47-digit
//! linha digitável, fator de vencimento, and decoding/validation of typed or scanned lines
//! (bank boletos and arrecadação).
//!
//! Supported banks and carteiras (see [`banks`] for each layout and its source):
//! Banco do Brasil 001 (convênios of 4, 6, 7 and 8 digits; carteiras 11, 12, 15, 16, 17, 18, 31,
//! 51), Santander 033 (101, 102, 104, 201), Caixa 104 SIGCB (RG/SR = modalidade 1/2), Bradesco
//! 237 (any 2-digit carteira: 06, 09, 19, 21…), Itaú 341 (3-digit carteiras with the standard
//! layout, including the 126/131/146/150/168 DAC rule, and 107/122/142/143/196/198 with seu
//! número and código do cliente in the campo livre), Sicredi 748 (tipo 1/3, byte_idt, posto)
//! and Sicoob 756 (carteira 1, modalidade 01/02/05).
//!
//! [`encode`] / [`encode_into`] are the allocation-free core (fixed-size arrays; the benchmark
//! uses `encode_into`);
//! [`generate`] and [`nosso_numero`] wrap it with `String`s for callers.

pub mod banks;
pub mod checksum;
pub mod decode;
pub mod fator;
pub mod layout;

pub use decode::{arrecadacao_barcode_to_line, decode, inspect, Check, DecodeError, Decoded, Kind};
pub use fator::{fator_to_date, fator_vencimento};
pub use layout::{barcode_to_linha, format_linha, linha_to_barcode, Barcode, CampoLivre, Linha};

use crate::bank::Bank;
use chrono::NaiveDate;
use serde::Serialize;

/// Largest amount a barcode can carry (10 digits of centavos).
pub const MAX_VALOR_CENTAVOS: i64 = 9_999_999_999;

/// Everything a bank needs to issue a boleto. Fields a bank does not use are ignored; empty
/// strings count as "not given".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoletoInput {
    pub bank: Bank,
    pub carteira: String,
    pub agencia: String,
    pub agencia_dv: Option<String>,
    pub conta: String,
    pub conta_dv: Option<String>,
    pub convenio: Option<String>,
    pub codigo_beneficiario: Option<String>,
    pub posto: Option<String>,
    pub byte_idt: Option<String>,
    pub modalidade: Option<String>,
    pub variacao: Option<String>,
    /// Itaú carteiras 107, 122, 142, 143, 196 and 198: the seu número (número do documento, up
    /// to 7 digits) that their campo livre carries instead of agência/conta.
    pub seu_numero: Option<String>,
    /// Itaú carteiras 107, 122, 142, 143, 196 and 198: the código do cliente (up to 5 digits,
    /// given by the bank) in their campo livre.
    pub codigo_cliente: Option<String>,
    /// The bank's sequence number, without DV (Sicredi also takes the 8-digit `AABNNNNN` form).
    pub nosso_numero: String,
    /// `None`: no due date (fator 0000).
    pub vencimento: Option<NaiveDate>,
    /// `None` or 0: amount left blank in the barcode (the payer types it).
    pub valor_centavos: Option<i64>,
    /// Sicredi: year of the nosso número when only the 5-digit sequence is given.
    pub data_documento: Option<NaiveDate>,
}

impl BoletoInput {
    /// An input for `bank` with every field empty.
    pub fn new(bank: Bank) -> Self {
        BoletoInput {
            bank,
            carteira: String::new(),
            agencia: String::new(),
            agencia_dv: None,
            conta: String::new(),
            conta_dv: None,
            convenio: None,
            codigo_beneficiario: None,
            posto: None,
            byte_idt: None,
            modalidade: None,
            variacao: None,
            seu_numero: None,
            codigo_cliente: None,
            nosso_numero: String::new(),
            vencimento: None,
            valor_centavos: None,
            data_documento: None,
        }
    }
}

/// A field that cannot make a boleto, with a Portuguese explanation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BoletoError {
    /// The input key at fault (`nosso_numero`, `carteira`…).
    pub field: &'static str,
    pub message: String,
}

impl BoletoError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        BoletoError {
            field,
            message: message.into(),
        }
    }
}

/// A small fixed-capacity ASCII buffer, so the hot path never allocates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Buf<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> Buf<N> {
    pub const fn new() -> Self {
        Buf {
            bytes: [0; N],
            len: 0,
        }
    }

    /// Appends `data` (the caller keeps within capacity; extra bytes are dropped).
    #[inline]
    pub fn push(&mut self, data: &[u8]) {
        for &b in data.iter().take(N - self.len) {
            self.bytes[self.len] = b;
            self.len += 1;
        }
    }

    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }

    pub fn as_str(&self) -> &str {
        layout::ascii(self.as_bytes())
    }
}

impl<const N: usize> Default for Buf<N> {
    fn default() -> Self {
        Self::new()
    }
}

/// Nosso número pieces as each bank prints them: `prefix/body-dv` (prefix and dv optional).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct NnParts {
    /// Carteira (Bradesco, Itaú) or year (Sicredi) printed before a slash.
    pub prefix: Buf<3>,
    pub body: Buf<20>,
    /// ASCII check digit (`b'0'..=b'9'`, or `X`/`P`), when the bank has one.
    pub dv: Option<u8>,
}

/// The allocation-free result of [`encode`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encoded {
    pub nosso_numero: NnParts,
    pub campo_livre: CampoLivre,
    pub codigo_barras: Barcode,
    pub linha_digitavel: Linha,
    pub fator_vencimento: u16,
}

impl Encoded {
    /// All zeros: a buffer for [`encode_into`].
    pub const EMPTY: Encoded = Encoded {
        nosso_numero: NnParts {
            prefix: Buf::new(),
            body: Buf::new(),
            dv: None,
        },
        campo_livre: [0; 25],
        codigo_barras: [0; 44],
        linha_digitavel: [0; 47],
        fator_vencimento: 0,
    };
}

/// Nosso número with its check digit, as the API returns it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NossoNumero {
    /// The digits printed before the DV (for Sicredi and Bradesco/Itaú without the prefix).
    pub digits: String,
    pub dv: Option<char>,
    /// As printed on the boleto, e.g. `06/00000000525-P`.
    pub formatted: String,
}

/// A complete boleto: every string is ASCII digits except the formatted ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Boleto {
    pub bank: Bank,
    pub nosso_numero_dv: Option<char>,
    pub nosso_numero_formatado: String,
    pub campo_livre: String,
    pub codigo_barras: String,
    pub linha_digitavel: String,
    pub linha_digitavel_formatada: String,
    pub fator_vencimento: u16,
    pub vencimento: Option<NaiveDate>,
    pub valor_centavos: i64,
}

impl From<&NnParts> for NossoNumero {
    fn from(p: &NnParts) -> Self {
        let dv = p.dv.map(|d| d as char);
        let mut formatted = String::with_capacity(28);
        if !p.prefix.as_bytes().is_empty() {
            formatted.push_str(p.prefix.as_str());
            formatted.push('/');
        }
        formatted.push_str(p.body.as_str());
        if let Some(d) = dv {
            formatted.push('-');
            formatted.push(d);
        }
        NossoNumero {
            digits: p.body.as_str().to_owned(),
            dv,
            formatted,
        }
    }
}

/// Computes the nosso número and its DV for `bank` (the input's own bank is ignored).
pub fn nosso_numero(bank: Bank, input: &BoletoInput) -> Result<NossoNumero, BoletoError> {
    banks::nosso_numero(bank, input).map(|p| NossoNumero::from(&p))
}

fn checked_valor(input: &BoletoInput) -> Result<u64, BoletoError> {
    let valor = input.valor_centavos.unwrap_or(0);
    if !(0..=MAX_VALOR_CENTAVOS).contains(&valor) {
        return Err(BoletoError::new(
            "valor_centavos",
            "valor deve estar entre 0 e 9999999999 centavos (R$ 99.999.999,99)",
        ));
    }
    Ok(valor as u64)
}

/// Builds nosso número, campo livre, barcode and linha digitável without allocating.
pub fn encode(input: &BoletoInput) -> Result<Encoded, BoletoError> {
    let mut out = Encoded::EMPTY;
    encode_into(input, &mut out)?;
    Ok(out)
}

/// [`encode`] into caller-owned memory: a loop over many boletos reuses one `Encoded` and
/// nothing is moved around (the 1M-boleto benchmark uses this). After an error `out` holds
/// partial results.
pub fn encode_into(input: &BoletoInput, out: &mut Encoded) -> Result<(), BoletoError> {
    let valor = checked_valor(input)?;
    out.fator_vencimento = match input.vencimento {
        Some(date) => fator_vencimento(date)?,
        None => 0,
    };
    banks::nosso_numero_into(input.bank, input, &mut out.nosso_numero)?;
    banks::campo_livre_into(input, &out.nosso_numero, &mut out.campo_livre)?;
    let bank_code: &[u8; 3] = input
        .bank
        .code()
        .as_bytes()
        .try_into()
        .expect("bank codes have 3 digits");
    layout::assemble_barcode_into(
        &mut out.codigo_barras,
        bank_code,
        out.fator_vencimento,
        valor,
        &out.campo_livre,
    );
    layout::barcode_to_linha_into(&out.codigo_barras, &mut out.linha_digitavel);
    Ok(())
}

/// Builds a complete boleto from the input.
pub fn generate(input: &BoletoInput) -> Result<Boleto, BoletoError> {
    let e = encode(input)?;
    let nn = NossoNumero::from(&e.nosso_numero);
    Ok(Boleto {
        bank: input.bank,
        nosso_numero_dv: nn.dv,
        nosso_numero_formatado: nn.formatted,
        campo_livre: layout::ascii(&e.campo_livre).to_owned(),
        codigo_barras: layout::ascii(&e.codigo_barras).to_owned(),
        linha_digitavel: layout::ascii(&e.linha_digitavel).to_owned(),
        linha_digitavel_formatada: format_linha(&e.linha_digitavel),
        fator_vencimento: e.fator_vencimento,
        vencimento: input.vencimento,
        valor_centavos: input.valor_centavos.unwrap_or(0),
    })
}
