//! Per-bank nosso número DV and campo livre layouts.
//!
//! Sources (checked against each other; the vectors in `tests/integration/boleto_vectors.rs` name theirs):
//! the banks' published layouts as implemented by brcobranca (kivanio/brcobranca,
//! lib/brcobranca/boleto/*.rb), FEBRABAN for the barcode itself, and `design/banking.md`.

use super::checksum::{
    mod10, mod11_zero_above_nine, weighted_sum_from_left, weighted_sum_from_right,
};
use super::layout::CampoLivre;
use super::{BoletoError, BoletoInput, NnParts};
use crate::bank::Bank;

/// Nosso número (with DV) for `bank`.
pub fn nosso_numero(bank: Bank, input: &BoletoInput) -> Result<NnParts, BoletoError> {
    let mut nn = NnParts::default();
    nosso_numero_into(bank, input, &mut nn)?;
    Ok(nn)
}

/// [`nosso_numero`] into caller-owned memory (no copy of the result on the hot path).
pub fn nosso_numero_into(
    bank: Bank,
    input: &BoletoInput,
    out: &mut NnParts,
) -> Result<(), BoletoError> {
    match bank {
        Bank::BancoDoBrasil => banco_do_brasil::nosso_numero(input, out),
        Bank::Santander => santander::nosso_numero(input, out),
        Bank::Caixa => caixa::nosso_numero(input, out),
        Bank::Bradesco => bradesco::nosso_numero(input, out),
        Bank::Itau => itau::nosso_numero(input, out),
        Bank::Sicredi => sicredi::nosso_numero(input, out),
        Bank::Sicoob => sicoob::nosso_numero(input, out),
    }
}

/// Nosso número and the 25-digit campo livre for the input's bank.
pub fn build(input: &BoletoInput) -> Result<(NnParts, CampoLivre), BoletoError> {
    let nn = nosso_numero(input.bank, input)?;
    let cl = campo_livre(input, &nn)?;
    Ok((nn, cl))
}

/// The campo livre for the input's bank, given its nosso número.
pub fn campo_livre(input: &BoletoInput, nn: &NnParts) -> Result<CampoLivre, BoletoError> {
    let mut cl = [b'0'; 25];
    campo_livre_into(input, nn, &mut cl)?;
    Ok(cl)
}

/// [`campo_livre`] into caller-owned memory. On an error `cl` holds a partial result.
pub fn campo_livre_into(
    input: &BoletoInput,
    nn: &NnParts,
    cl: &mut CampoLivre,
) -> Result<(), BoletoError> {
    match input.bank {
        Bank::BancoDoBrasil => banco_do_brasil::campo_livre(input, nn, cl),
        Bank::Santander => santander::campo_livre(input, nn, cl),
        Bank::Caixa => caixa::campo_livre(input, nn, cl),
        Bank::Bradesco => bradesco::campo_livre(input, nn, cl),
        Bank::Itau => itau::campo_livre(input, nn, cl),
        Bank::Sicredi => sicredi::campo_livre(input, nn, cl),
        Bank::Sicoob => sicoob::campo_livre(input, nn, cl),
    }
}

// ---------------------------------------------------------------------------------------------
// Field helpers: every one validates and writes into a caller-provided slice (no allocation).

fn opt(value: &Option<String>) -> &str {
    value.as_deref().unwrap_or("")
}

/// Writes the digits of `value` right-aligned and zero-padded into `out`. Leading zeros beyond
/// the width are accepted ("0001234" fits a 4-digit agência as "1234").
///
/// The usual value (digits only, no wider than the field) takes a short path inlined into
/// each caller, where the field width is a constant; anything else goes to [`pad_checked`].
#[inline(always)]
fn pad(out: &mut [u8], field: &'static str, value: &str) -> Result<(), BoletoError> {
    let v = value.as_bytes();
    if !v.is_empty() && v.len() <= out.len() {
        // Zeros over the whole field first: its width is a constant here, so that is a
        // store or two, where zeroing only the padding was a call to memset.
        out.fill(b'0');
        let start = out.len() - v.len();
        let mut digits = true;
        for (slot, &b) in out[start..].iter_mut().zip(v) {
            digits &= b.is_ascii_digit();
            *slot = b;
        }
        if digits {
            return Ok(());
        }
    }
    pad_checked(out, field, value)
}

/// [`pad`] for any value: trims blanks, drops leading zeros beyond the width, and names
/// what is wrong.
#[cold]
#[inline(never)]
fn pad_checked(out: &mut [u8], field: &'static str, value: &str) -> Result<(), BoletoError> {
    let mut v = value.as_bytes().trim_ascii();
    if v.is_empty() {
        return Err(pad_error(field, PadFault::Missing, out.len()));
    }
    if !v.iter().all(u8::is_ascii_digit) {
        return Err(pad_error(field, PadFault::NotDigits, out.len()));
    }
    while v.len() > out.len() && v[0] == b'0' {
        v = &v[1..];
    }
    if v.len() > out.len() {
        return Err(pad_error(field, PadFault::TooLong, out.len()));
    }
    let start = out.len() - v.len();
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = if i < start { b'0' } else { v[i - start] };
    }
    Ok(())
}

enum PadFault {
    Missing,
    NotDigits,
    TooLong,
}

fn pad_error(field: &'static str, fault: PadFault, width: usize) -> BoletoError {
    let message = match fault {
        PadFault::Missing => format!("{field} é obrigatório"),
        PadFault::NotDigits => format!("{field} deve conter apenas dígitos"),
        PadFault::TooLong => format!("{field} deve ter no máximo {width} dígitos"),
    };
    BoletoError::new(field, message)
}

/// Sets every field of `out` (a reused `NnParts` compares equal to a fresh one).
fn set_parts(out: &mut NnParts, prefix: &[u8], body: &[u8], dv: Option<u8>) {
    *out = NnParts::default();
    out.prefix.push(prefix);
    out.body.push(body);
    out.dv = dv;
}

fn one_of(field: &'static str, value: &str, allowed: &[&str]) -> Result<(), BoletoError> {
    if allowed.contains(&value) {
        Ok(())
    } else {
        Err(BoletoError::new(
            field,
            format!(
                "{field} '{value}' não suportado; use {}",
                allowed.join(", ")
            ),
        ))
    }
}

/// Codigo do beneficiário, falling back to `convenio` (the banks use both names).
fn beneficiario(input: &BoletoInput) -> &str {
    match opt(&input.codigo_beneficiario).trim_ascii() {
        "" => opt(&input.convenio),
        code => code,
    }
}

// ---------------------------------------------------------------------------------------------

/// Banco do Brasil (001). Convênio length selects the layout:
/// - 4 digits: nosso número CCCC+NNNNNNN-DV; campo livre convênio(4) nn(7) agência(4) conta(8)
///   carteira(2);
/// - 6 digits, número up to 5 digits: CCCCCC+NNNNN-DV; campo livre convênio(6) nn(5) agência(4)
///   conta(8) carteira(2);
/// - 6 digits, número of 6–17 digits (carteiras 16 and 18 only): 17-digit nosso número without
///   DV; campo livre convênio(6) nn(17) "21" (service code);
/// - 7 (or 8) digits: convênio + número = 17 digits without DV; campo livre "000000" nn(17)
///   carteira(2).
///
/// DV: mod 11 with weights 9..2 from the right; the remainder itself, 10 → "X".
pub mod banco_do_brasil {
    use super::*;

    const CARTEIRAS: [&str; 8] = ["11", "12", "15", "16", "17", "18", "31", "51"];

    pub fn dv(digits: &[u8]) -> u8 {
        let mut sum = 0u32;
        let mut w = 9u32;
        for &d in digits.iter().rev() {
            sum += (d - b'0') as u32 * w;
            w = if w == 2 { 9 } else { w - 1 };
        }
        match sum % 11 {
            10 => b'X',
            r => b'0' + r as u8,
        }
    }

    fn convenio(input: &BoletoInput) -> Result<&str, BoletoError> {
        let c = opt(&input.convenio).trim_ascii();
        if !matches!(c.len(), 4 | 6 | 7 | 8) || !c.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BoletoError::new(
                "convenio",
                "convênio do Banco do Brasil deve ter 4, 6, 7 ou 8 dígitos",
            ));
        }
        Ok(c)
    }

    fn is_17_digit_service(conv: &str, input: &BoletoInput) -> bool {
        conv.len() == 6 && input.nosso_numero.trim_ascii().len() > 5
    }

    pub fn nosso_numero(input: &BoletoInput, out: &mut NnParts) -> Result<(), BoletoError> {
        let conv = convenio(input)?;
        let mut body = [b'0'; 17];
        let (numero_width, with_dv) = match conv.len() {
            4 => (7, true),
            6 if is_17_digit_service(conv, input) => (17, false),
            6 => (5, true),
            _ => (17 - conv.len(), false),
        };
        let conv_width = if numero_width == 17 { 0 } else { conv.len() };
        body[..conv_width].copy_from_slice(&conv.as_bytes()[..conv_width]);
        let end = conv_width + numero_width;
        pad(
            &mut body[conv_width..end],
            "nosso_numero",
            &input.nosso_numero,
        )?;
        let dv_digit = with_dv.then(|| dv(&body[..end]));
        set_parts(out, b"", &body[..end], dv_digit);
        Ok(())
    }

    pub fn campo_livre(
        input: &BoletoInput,
        nn: &NnParts,
        cl: &mut CampoLivre,
    ) -> Result<(), BoletoError> {
        let carteira = input.carteira.trim_ascii();
        one_of("carteira", carteira, &CARTEIRAS)?;
        let body = nn.body.as_bytes();
        cl.fill(b'0');
        if body.len() == 17 {
            let conv = convenio(input)?;
            if conv.len() == 6 {
                if !matches!(carteira, "16" | "18") {
                    return Err(BoletoError::new(
                        "carteira",
                        "nosso número de 17 dígitos com convênio de 6 só nas carteiras 16 e 18",
                    ));
                }
                cl[..6].copy_from_slice(conv.as_bytes());
                cl[6..23].copy_from_slice(body);
                cl[23..].copy_from_slice(b"21");
            } else {
                cl[6..23].copy_from_slice(body);
                cl[23..].copy_from_slice(carteira.as_bytes());
            }
            return Ok(());
        }
        cl[..11].copy_from_slice(body);
        pad(&mut cl[11..15], "agencia", &input.agencia)?;
        pad(&mut cl[15..23], "conta", &input.conta)?;
        cl[23..].copy_from_slice(carteira.as_bytes());
        Ok(())
    }
}

/// Santander (033): nosso número of 12 digits, DV mod 11 weights 2..9, 11 − r, 10/11 → 0.
/// Campo livre: "9" + código do beneficiário(7) + nn(12) + DV + IOF "0" + carteira(3).
pub mod santander {
    use super::*;

    const CARTEIRAS: [&str; 4] = ["101", "102", "104", "201"];

    pub fn nosso_numero(input: &BoletoInput, out: &mut NnParts) -> Result<(), BoletoError> {
        let mut nn = [b'0'; 12];
        pad(&mut nn, "nosso_numero", &input.nosso_numero)?;
        let dv = mod11_zero_above_nine(weighted_sum_from_right(&nn, 9));
        set_parts(out, b"", &nn, Some(b'0' + dv));
        Ok(())
    }

    pub fn campo_livre(
        input: &BoletoInput,
        nn: &NnParts,
        cl: &mut CampoLivre,
    ) -> Result<(), BoletoError> {
        let carteira = input.carteira.trim_ascii();
        one_of("carteira", carteira, &CARTEIRAS)?;
        cl.fill(b'0');
        cl[0] = b'9';
        pad(&mut cl[1..8], "codigo_beneficiario", beneficiario(input))?;
        cl[8..20].copy_from_slice(nn.body.as_bytes());
        cl[20] = nn.dv.unwrap_or(b'0');
        cl[21] = b'0';
        cl[22..].copy_from_slice(carteira.as_bytes());
        Ok(())
    }
}

/// Caixa (104), SIGCB. Nosso número = modalidade(1: 1 registrada "RG", 2 sem registro "SR") +
/// emissão(1: 4 = beneficiário) + sequência(15); DV mod 11 weights 2..9, 11 − r, above 9 → 0.
/// Campo livre: beneficiário(6) + DV + nosso número digits 3–5, 1, 6–8, 2, 9–17 (1-based) + DV.
/// Codes from 1100000 on have seven digits and no DV: beneficiário(7) + the same 18 (Caixa's
/// "Especificação do código de barras SIGCB", p. 26, as quoted by openboleto/openboleto#216).
pub mod caixa {
    use super::*;

    const EMISSAO_BENEFICIARIO: u8 = b'4';
    /// The first seven-digit beneficiary code; six-digit codes end at 999999.
    const FIRST_SEVEN_DIGIT_CODE: u64 = 1_100_000;

    /// Writes the beneficiary code into the campo livre's first seven positions: six digits and
    /// their DV, or a seven-digit code as it is.
    fn beneficiario_field(cl: &mut [u8], input: &BoletoInput) -> Result<(), BoletoError> {
        const FIELD: &str = "codigo_beneficiario";
        let mut code = [b'0'; 7];
        pad(&mut code, FIELD, beneficiario(input))?;
        // `pad` left seven ASCII digits.
        let value = code.iter().fold(0u64, |v, &d| v * 10 + (d - b'0') as u64);
        if value >= FIRST_SEVEN_DIGIT_CODE {
            cl[..7].copy_from_slice(&code);
        } else if value < 1_000_000 {
            cl[..6].copy_from_slice(&code[1..]);
            cl[6] = dv(&cl[..6]);
        } else {
            return Err(BoletoError::new(
                FIELD,
                "codigo_beneficiario fora das faixas da Caixa: até 999999 (com DV) ou a partir de \
                 1100000 (7 dígitos)",
            ));
        }
        Ok(())
    }

    fn dv(digits: &[u8]) -> u8 {
        b'0' + mod11_zero_above_nine(weighted_sum_from_right(digits, 9))
    }

    fn modalidade(input: &BoletoInput) -> Result<u8, BoletoError> {
        let given = opt(&input.modalidade).trim_ascii();
        let (field, value) = if given.is_empty() {
            ("carteira", input.carteira.trim_ascii())
        } else {
            ("modalidade", given)
        };
        let is = |a: &str| value.eq_ignore_ascii_case(a);
        match () {
            _ if is("RG") || is("1") => Ok(b'1'),
            _ if is("SR") || is("2") => Ok(b'2'),
            _ => Err(BoletoError::new(
                field,
                "Caixa: carteira RG (modalidade 1) ou SR (modalidade 2)",
            )),
        }
    }

    pub fn nosso_numero(input: &BoletoInput, out: &mut NnParts) -> Result<(), BoletoError> {
        let mut nn = [b'0'; 17];
        nn[0] = modalidade(input)?;
        nn[1] = EMISSAO_BENEFICIARIO;
        pad(&mut nn[2..], "nosso_numero", &input.nosso_numero)?;
        set_parts(out, b"", &nn, Some(dv(&nn)));
        Ok(())
    }

    pub fn campo_livre(
        input: &BoletoInput,
        nn: &NnParts,
        cl: &mut CampoLivre,
    ) -> Result<(), BoletoError> {
        let n = nn.body.as_bytes();
        cl.fill(b'0');
        beneficiario_field(cl, input)?;
        cl[7..10].copy_from_slice(&n[2..5]);
        cl[10] = n[0];
        cl[11..14].copy_from_slice(&n[5..8]);
        cl[14] = n[1];
        cl[15..24].copy_from_slice(&n[8..17]);
        cl[24] = dv(&cl[..24]);
        Ok(())
    }
}

/// Bradesco (237): DV over carteira(2) + número(11), weights 2..7, 11 − r; 10 → "P", 11 → 0.
/// Campo livre: agência(4) + carteira(2) + nn(11) + conta(7) + "0".
pub mod bradesco {
    use super::*;

    pub fn nosso_numero(input: &BoletoInput, out: &mut NnParts) -> Result<(), BoletoError> {
        let mut d = [b'0'; 13];
        pad(&mut d[..2], "carteira", &input.carteira)?;
        pad(&mut d[2..], "nosso_numero", &input.nosso_numero)?;
        let dv = match weighted_sum_from_right(&d, 7) % 11 {
            0 => b'0',
            1 => b'P',
            r => b'0' + (11 - r) as u8,
        };
        set_parts(out, &d[..2], &d[2..], Some(dv));
        Ok(())
    }

    pub fn campo_livre(
        input: &BoletoInput,
        nn: &NnParts,
        cl: &mut CampoLivre,
    ) -> Result<(), BoletoError> {
        cl.fill(b'0');
        pad(&mut cl[..4], "agencia", &input.agencia)?;
        cl[4..6].copy_from_slice(nn.prefix.as_bytes());
        cl[6..17].copy_from_slice(nn.body.as_bytes());
        pad(&mut cl[17..24], "conta", &input.conta)?;
        Ok(())
    }
}

/// Itaú (341): DAC mod 10 over agência(4) + conta(5) + carteira(3) + número(8), or carteira +
/// número only for 126, 131, 146, 150 and 168. Campo livre: carteira(3) + nn(8) + DAC +
/// agência(4) + conta(5) + DAC(agência + conta) + "000"; for 107, 122, 142, 143, 196 and 198:
/// carteira(3) + nn(8) + seu número(7) + código do cliente(5) + DAC of those 23 digits + "0".
///
/// The seu-número layout (Itaú "Cobrança – layout de código de barras", Anexo 5: carteira 198
/// "nosso número com 15 posições", the same for 107, 122, 142, 143, 196) as implemented by
/// kivanio/brcobranca lib/brcobranca/boleto/itau.rb (`codigo_barras_segunda_parte`),
/// tomas-stefano/boleto_bancario lib/boleto_bancario/core/itau.rb (`codigo_de_barras_do_banco`),
/// openboleto/openboleto src/OpenBoleto/Banco/Itau.php and eduardokum/laravel-boleto
/// src/Boleto/Banco/Itau.php (`getCampoLivre`); all four agree on the campo livre.
pub mod itau {
    use super::*;

    const SHORT_DAC: [&[u8]; 5] = [b"126", b"131", b"146", b"150", b"168"];
    /// Carteiras whose campo livre carries seu número + código do cliente.
    const WITH_SEU_NUMERO: [&[u8]; 6] = [b"107", b"122", b"142", b"143", b"196", b"198"];
    /// brcobranca alone also gives 106 and 195 the seu-número layout; boleto_bancario,
    /// openboleto and laravel-boleto do not, and no published boleto shows them: refused.
    const UNCONFIRMED_LAYOUT: [&[u8]; 2] = [b"106", b"195"];

    /// agência(4) + conta(5) + carteira(3) + número(8).
    fn digits(input: &BoletoInput) -> Result<[u8; 20], BoletoError> {
        let mut d = [b'0'; 20];
        pad(&mut d[..4], "agencia", &input.agencia)?;
        pad(&mut d[4..9], "conta", &input.conta)?;
        pad(&mut d[9..12], "carteira", &input.carteira)?;
        pad(&mut d[12..], "nosso_numero", &input.nosso_numero)?;
        if UNCONFIRMED_LAYOUT.contains(&&d[9..12]) {
            return Err(BoletoError::new(
                "carteira",
                "carteiras Itaú 106 e 195 não suportadas: layout com seu número sem exemplo \
                 publicado",
            ));
        }
        Ok(d)
    }

    /// The printed DAC follows the manual's Anexo 4 rule (quoted in openboleto's Itau.php) for
    /// the seu-número carteiras too: agência/conta/carteira/número, as brcobranca
    /// ("143/12345678-2"), boleto_bancario ("198/98712345-1") and openboleto ("107/12345678-8")
    /// print it. laravel-boleto prints the campo livre DAC there instead; it is the odd one out.
    /// The rule needs neither the seu número nor the código do cliente, so the CNAB writers and
    /// the validator, which have neither, can use it.
    pub fn nosso_numero(input: &BoletoInput, out: &mut NnParts) -> Result<(), BoletoError> {
        let d = digits(input)?;
        let dac = if SHORT_DAC.contains(&&d[9..12]) {
            mod10(&d[9..])
        } else {
            mod10(&d)
        };
        set_parts(out, &d[9..12], &d[12..], Some(b'0' + dac));
        Ok(())
    }

    /// DAC of agência + conta, checked against `conta_dv` when one is given.
    fn account_dac(input: &BoletoInput, d: &[u8; 20]) -> Result<u8, BoletoError> {
        let dac = b'0' + mod10(&d[..9]);
        let given = opt(&input.conta_dv).trim();
        if !given.is_empty() && given.as_bytes() != [dac] {
            return Err(BoletoError::new(
                "conta_dv",
                format!(
                    "DAC de agência/conta não confere: calculado {}",
                    dac as char
                ),
            ));
        }
        Ok(dac)
    }

    /// Positions 12–25 of the seu-número layout. Shorter values are zero-padded, as every
    /// implementation above does (brcobranca's vectors use seu número 123456, cliente 1234).
    fn seu_numero_tail(cl: &mut CampoLivre, input: &BoletoInput) -> Result<(), BoletoError> {
        pad(&mut cl[11..18], "seu_numero", opt(&input.seu_numero))?;
        pad(
            &mut cl[18..23],
            "codigo_cliente",
            opt(&input.codigo_cliente),
        )?;
        cl[23] = b'0' + mod10(&cl[..23]);
        cl[24] = b'0';
        Ok(())
    }

    pub fn campo_livre(
        input: &BoletoInput,
        nn: &NnParts,
        cl: &mut CampoLivre,
    ) -> Result<(), BoletoError> {
        let d = digits(input)?;
        let account_dac = account_dac(input, &d)?;
        cl.fill(b'0');
        cl[..3].copy_from_slice(&d[9..12]);
        cl[3..11].copy_from_slice(&d[12..]);
        if WITH_SEU_NUMERO.contains(&&d[9..12]) {
            seu_numero_tail(cl, input)?;
        } else {
            cl[11] = nn.dv.unwrap_or(b'0');
            cl[12..21].copy_from_slice(&d[..9]);
            cl[21] = account_dac;
        }
        Ok(())
    }
}

/// Sicredi (748): nosso número AA/BNNNNN-D (year, byte_idt 1–9, sequence); DV mod 11 over
/// agência(4) + posto(2) + beneficiário(5) + AA + B + NNNNN, 11 − r, above 9 → 0.
/// Campo livre: tipo de cobrança(1: 1 com registro, 3 sem) + carteira "1" + nn(9) + agência(4)
/// + posto(2) + beneficiário(5) + "1" when there is an amount else "0" + "0" + DV (same mod 11).
pub mod sicredi {
    use super::*;

    /// agência(4) + posto(2) + beneficiário(5).
    fn cooperative(input: &BoletoInput) -> Result<[u8; 11], BoletoError> {
        let mut d = [b'0'; 11];
        pad(&mut d[..4], "agencia", &input.agencia)?;
        pad(&mut d[4..6], "posto", opt(&input.posto))?;
        pad(&mut d[6..], "codigo_beneficiario", beneficiario(input))?;
        Ok(d)
    }

    /// AA + B + NNNNN from either the full 8-digit form or the sequence + byte_idt + year.
    fn year_byte_sequence(input: &BoletoInput) -> Result<[u8; 8], BoletoError> {
        let given = input.nosso_numero.trim_ascii();
        let mut out = [b'0'; 8];
        if given.len() == 8 {
            pad(&mut out, "nosso_numero", given)?;
            return Ok(out);
        }
        let year = input.data_documento.ok_or_else(|| {
            BoletoError::new(
                "nosso_numero",
                "Sicredi: informe o nosso número com 8 dígitos (AA + byte + sequência) \
                 ou a sequência de 5 dígitos com data_documento",
            )
        })?;
        super::super::layout::put_number(
            &mut out[..2],
            (chrono::Datelike::year(&year) % 100) as u64,
        );
        let byte = match opt(&input.byte_idt).trim_ascii() {
            "" => "2",
            b => b,
        };
        pad(&mut out[2..3], "byte_idt", byte)?;
        pad(&mut out[3..], "nosso_numero", given)?;
        Ok(out)
    }

    pub fn nosso_numero(input: &BoletoInput, out: &mut NnParts) -> Result<(), BoletoError> {
        let coop = cooperative(input)?;
        let ybs = year_byte_sequence(input)?;
        if ybs[2] == b'0' {
            return Err(BoletoError::new("byte_idt", "byte_idt deve ser de 1 a 9"));
        }
        let mut all = [0u8; 19];
        all[..11].copy_from_slice(&coop);
        all[11..].copy_from_slice(&ybs);
        let dv = b'0' + mod11_zero_above_nine(weighted_sum_from_right(&all, 9));
        set_parts(out, &ybs[..2], &ybs[2..], Some(dv));
        Ok(())
    }

    pub fn campo_livre(
        input: &BoletoInput,
        nn: &NnParts,
        cl: &mut CampoLivre,
    ) -> Result<(), BoletoError> {
        let tipo = input.carteira.trim_ascii();
        one_of("carteira", tipo, &["1", "3"])?;
        cl.fill(b'0');
        cl[0] = tipo.as_bytes()[0];
        cl[1] = b'1';
        cl[2..4].copy_from_slice(nn.prefix.as_bytes());
        cl[4..10].copy_from_slice(nn.body.as_bytes());
        cl[10] = nn.dv.unwrap_or(b'0');
        cl[11..22].copy_from_slice(&cooperative(input)?);
        cl[22] = if input.valor_centavos.unwrap_or(0) > 0 {
            b'1'
        } else {
            b'0'
        };
        cl[24] = b'0' + mod11_zero_above_nine(weighted_sum_from_right(&cl[..24], 9));
        Ok(())
    }
}

/// Sicoob (756): DV over agência(4) + código do cliente(10) + número(7), weights 3,1,9,7 from
/// the left, 11 − r, 10/11 → 0. Campo livre: carteira(1) + agência(4) + modalidade(2) +
/// cliente(7) + nn(7) + DV + parcela "001".
pub mod sicoob {
    use super::*;

    const WEIGHTS: [u32; 4] = [3, 1, 9, 7];

    fn modalidade(input: &BoletoInput) -> &str {
        let m = opt(&input.modalidade).trim_ascii();
        let v = opt(&input.variacao).trim_ascii();
        match (m, v) {
            ("", "") => "01",
            ("", v) => v,
            (m, _) => m,
        }
    }

    pub fn nosso_numero(input: &BoletoInput, out: &mut NnParts) -> Result<(), BoletoError> {
        let mut d = [b'0'; 21];
        pad(&mut d[..4], "agencia", &input.agencia)?;
        pad(&mut d[4..14], "codigo_beneficiario", beneficiario(input))?;
        pad(&mut d[14..], "nosso_numero", &input.nosso_numero)?;
        let dv = b'0' + mod11_zero_above_nine(weighted_sum_from_left(&d, &WEIGHTS));
        set_parts(out, b"", &d[14..], Some(dv));
        Ok(())
    }

    pub fn campo_livre(
        input: &BoletoInput,
        nn: &NnParts,
        cl: &mut CampoLivre,
    ) -> Result<(), BoletoError> {
        let carteira = input.carteira.trim_ascii();
        one_of("carteira", carteira, &["1", "3"])?;
        cl.fill(b'0');
        cl[0] = carteira.as_bytes()[0];
        pad(&mut cl[1..5], "agencia", &input.agencia)?;
        pad(&mut cl[5..7], "modalidade", modalidade(input))?;
        pad(&mut cl[7..14], "codigo_beneficiario", beneficiario(input))?;
        cl[14..21].copy_from_slice(nn.body.as_bytes());
        cl[21] = nn.dv.unwrap_or(b'0');
        cl[22..].copy_from_slice(b"001");
        Ok(())
    }
}
