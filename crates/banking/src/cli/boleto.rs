//! `banking boleto [--pdf ARQUIVO]`: one JSON object on stdin → nosso número, campo livre,
//! barcode and linha digitável as JSON; with `--pdf` also writes the boleto PDF.
//!
//! Input keys: the fields of `BoletoJson`. Any other key is refused, so a typo does not
//! silently produce a boleto without the intended field.

use super::input::{date, read_json, text, Centavos, Date, Text};
use super::{CliError, CliResult};
use crate::bank::Bank;
use crate::boleto::{self, BoletoInput};
use serde::Deserialize;
use serde_json::json;
use std::io::Read;
use std::path::{Path, PathBuf};

pub(crate) const USAGE: &str = "banking boleto [--pdf ARQUIVO] < boleto.json";

/// Gera nosso número, campo livre, código de barras e linha digitável de um boleto descrito
/// em JSON na entrada padrão.
#[derive(Debug, clap::Args)]
#[command(override_usage = USAGE)]
pub(crate) struct Args {
    /// Também grava o PDF do boleto neste arquivo.
    #[arg(long, value_name = "ARQUIVO")]
    pdf: Option<PathBuf>,
}

/// The JSON object on stdin. Texts accept a string or digits (`"banco": 341`); absent and
/// null are the same.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BoletoJson {
    banco: Option<Text>,
    carteira: Option<Text>,
    agencia: Option<Text>,
    agencia_dv: Option<Text>,
    conta: Option<Text>,
    conta_dv: Option<Text>,
    convenio: Option<Text>,
    codigo_beneficiario: Option<Text>,
    posto: Option<Text>,
    byte_idt: Option<Text>,
    modalidade: Option<Text>,
    variacao: Option<Text>,
    /// Itaú carteiras 107, 122, 142, 143, 196 and 198 (campo livre).
    seu_numero: Option<Text>,
    codigo_cliente: Option<Text>,
    nosso_numero: Option<Text>,
    /// `AAAA-MM-DD`, or null: no due date (fator 0000).
    vencimento: Option<Date>,
    /// Integer centavos, or null: no amount.
    valor_centavos: Option<Centavos>,
    /// Sicredi: its year goes into the nosso número; also printed on the PDF.
    data_documento: Option<Date>,
    // Only the PDF uses these (names, documents, texts printed on the boleto).
    beneficiario_nome: Option<Text>,
    beneficiario_documento: Option<Text>,
    beneficiario_endereco: Option<Text>,
    pagador_nome: Option<Text>,
    pagador_documento: Option<Text>,
    pagador_endereco: Option<Text>,
    numero_documento: Option<Text>,
    local_pagamento: Option<Text>,
    instrucoes: Option<Text>,
    pix_copia_e_cola: Option<Text>,
    especie_documento: Option<Text>,
}

pub(crate) fn run(args: Args, stdin: &mut dyn Read) -> CliResult {
    let object: BoletoJson = read_json(stdin)?;
    let input = boleto_input(&object)?;
    let b = boleto::generate(&input).map_err(|e| CliError::field(e.field, e.message))?;
    if let Some(path) = &args.pdf {
        write_pdf(path, &object, &b)?;
    }
    Ok(json!({
        "nosso_numero_dv": b.nosso_numero_dv.map(String::from),
        "nosso_numero_formatado": b.nosso_numero_formatado,
        "campo_livre": b.campo_livre,
        "codigo_barras": b.codigo_barras,
        "linha_digitavel": b.linha_digitavel,
        "linha_digitavel_formatada": b.linha_digitavel_formatada,
    }))
}

fn write_pdf(path: &Path, object: &BoletoJson, b: &boleto::Boleto) -> Result<(), CliError> {
    let bytes = crate::pdf::boleto_pdf(b, &pdf_data(object))
        .map_err(|e| CliError::field("pix_copia_e_cola", e.to_string()))?;
    std::fs::write(path, bytes).map_err(|e| {
        CliError::field(
            "--pdf",
            format!("não foi possível gravar {}: {e}", path.display()),
        )
    })
}

fn pdf_data(o: &BoletoJson) -> crate::pdf::BoletoPdfData {
    let t = |v: &Option<Text>| text(v).unwrap_or_default();
    crate::pdf::BoletoPdfData {
        beneficiario_nome: t(&o.beneficiario_nome),
        beneficiario_documento: t(&o.beneficiario_documento),
        beneficiario_endereco: t(&o.beneficiario_endereco),
        pagador_nome: t(&o.pagador_nome),
        pagador_documento: t(&o.pagador_documento),
        pagador_endereco: t(&o.pagador_endereco),
        numero_documento: t(&o.numero_documento),
        local_pagamento: t(&o.local_pagamento),
        instrucoes: t(&o.instrucoes),
        especie_documento: t(&o.especie_documento),
        carteira: t(&o.carteira),
        agencia_codigo: agencia_codigo(o),
        data_documento: date(&o.data_documento),
        pix_copia_e_cola: text(&o.pix_copia_e_cola),
    }
}

/// "Agência / Código do beneficiário" as printed on the boleto.
fn agencia_codigo(o: &BoletoJson) -> String {
    let part = |v: &Option<Text>| text(v).unwrap_or_default();
    let code = match part(&o.codigo_beneficiario) {
        c if !c.is_empty() => c,
        _ => with_dv(&part(&o.conta), &part(&o.conta_dv)),
    };
    format!(
        "{} / {}",
        with_dv(&part(&o.agencia), &part(&o.agencia_dv)),
        code
    )
}

fn with_dv(value: &str, dv: &str) -> String {
    if dv.is_empty() {
        value.to_owned()
    } else {
        format!("{value}-{dv}")
    }
}

fn boleto_input(o: &BoletoJson) -> Result<BoletoInput, CliError> {
    let banco = text(&o.banco)
        .ok_or_else(|| CliError::field("banco", "banco é obrigatório (ex.: \"341\")"))?;
    let bank = Bank::from_code(&banco).ok_or_else(|| {
        CliError::field(
            "banco",
            format!("banco {banco} não suportado; use 001, 033, 104, 237, 341, 748 ou 756"),
        )
    })?;
    let mut input = BoletoInput::new(bank);
    input.carteira = text(&o.carteira).unwrap_or_default();
    input.agencia = text(&o.agencia).unwrap_or_default();
    input.agencia_dv = text(&o.agencia_dv);
    input.conta = text(&o.conta).unwrap_or_default();
    input.conta_dv = text(&o.conta_dv);
    input.convenio = text(&o.convenio);
    input.codigo_beneficiario = text(&o.codigo_beneficiario);
    input.posto = text(&o.posto);
    input.byte_idt = text(&o.byte_idt);
    input.modalidade = text(&o.modalidade);
    input.variacao = text(&o.variacao);
    input.seu_numero = text(&o.seu_numero);
    input.codigo_cliente = text(&o.codigo_cliente);
    input.nosso_numero = text(&o.nosso_numero).unwrap_or_default();
    input.vencimento = date(&o.vencimento);
    input.valor_centavos = o.valor_centavos.map(|Centavos(c)| c);
    input.data_documento = date(&o.data_documento);
    Ok(input)
}
