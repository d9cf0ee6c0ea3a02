//! The boleto PDF: structure, and the barcode (and PIX QR code) read back from a rendering.
//!
//! The read-back test needs `pdftoppm` (Debian poppler-utils) and `zbarimg` (Debian
//! zbar-tools). Without them it prints a notice and skips locally, and fails in CI (see
//! `common`).

use crate::common;

use banking::bank::Bank;
use banking::boleto::{generate, Boleto, BoletoInput};
use banking::pdf::{boleto_pdf, BoletoPdfData, PdfError};
use chrono::NaiveDate;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A dynamic BR Code as a bank returns for a hybrid boleto (built here, CRC included).
fn pix() -> String {
    banking::pix::build(&banking::pix::PixInput {
        url: Some("pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca25".into()),
        name: "Empresa Exemplo Ltda".into(),
        city: "Sao Paulo".into(),
        amount_centavos: Some(123456),
        ..Default::default()
    })
    .unwrap()
}

/// Banco Central manual example: a static code (key), which must be refused.
const STATIC_PIX: &str = "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

fn boleto(bank: Bank) -> Boleto {
    let mut i = BoletoInput::new(bank);
    i.agencia = "1229".into();
    i.conta = "40300".into();
    i.carteira = match bank {
        Bank::Itau => "109",
        _ => "09",
    }
    .into();
    i.nosso_numero = "100000".into();
    i.vencimento = NaiveDate::from_ymd_opt(2025, 3, 10);
    i.valor_centavos = Some(123456);
    generate(&i).unwrap()
}

fn data(pix: Option<&str>) -> BoletoPdfData {
    BoletoPdfData {
        beneficiario_nome: "Empresa Exemplo Ltda".into(),
        beneficiario_documento: "11.222.333/0001-81".into(),
        pagador_nome: "João da Silva (teste)".into(),
        pagador_documento: "529.982.247-25".into(),
        instrucoes: "Não receber após o vencimento.".into(),
        pix_copia_e_cola: pix.map(str::to_owned),
        ..BoletoPdfData::default()
    }
}

#[test]
fn pdf_structure() {
    let b = boleto(Bank::Bradesco);
    let pdf = boleto_pdf(&b, &data(None)).unwrap();
    let text = String::from_utf8_lossy(&pdf);
    assert!(text.starts_with("%PDF-1.4"));
    assert!(text.trim_end().ends_with("%%EOF"));
    assert!(text.contains(&b.linha_digitavel_formatada));
    assert!(text.contains("R$ 1.234,56"));
    assert!(text.contains("10/03/2025"));
    assert!(text.contains("237-2"));
    // Parentheses in names are escaped, accents written as WinAnsi octal.
    assert!(text.contains("Jo\\343o da Silva \\(teste\\)"));
    // 22 digit pairs → 22 × 5 bars + 2 start + 2 stop bars.
    let bars = text.matches(" re f").count();
    assert_eq!(bars, 22 * 5 + 4);
    let with_qr = boleto_pdf(&b, &data(Some(&pix()))).unwrap();
    assert!(String::from_utf8_lossy(&with_qr).matches(" re f").count() > bars + 100);
    // A static code or a broken one is refused, with the reason.
    assert_eq!(
        boleto_pdf(&b, &data(Some(STATIC_PIX))).unwrap_err(),
        PdfError::StaticPix
    );
    let broken = pix().replace("Empresa", "Emprese");
    assert!(
        matches!(boleto_pdf(&b, &data(Some(&broken))), Err(PdfError::InvalidPix(m)) if m.contains("CRC"))
    );
}

fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("banking-pdf-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Renders page 1 at 300 dpi and returns every symbol zbarimg reads.
fn read_symbols(pdf: &[u8], dir: &Path) -> Vec<String> {
    let pdf_path = dir.join("boleto.pdf");
    std::fs::write(&pdf_path, pdf).unwrap();
    let prefix = dir.join("page");
    let status = Command::new("pdftoppm")
        .args(["-r", "300", "-png", "-f", "1", "-l", "1"])
        .arg(&pdf_path)
        .arg(&prefix)
        .status()
        .unwrap();
    assert!(status.success(), "pdftoppm failed");
    let png = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "png"))
        .expect("pdftoppm wrote no PNG");
    let out = Command::new("zbarimg")
        .args(["--raw", "-q"])
        .arg(&png)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn barcode_and_pix_qr_read_back_with_zbarimg() {
    if !common::tools(&[("pdftoppm", "poppler-utils"), ("zbarimg", "zbar-tools")]) {
        return;
    }
    let payload = pix();
    for (bank, pix) in [(Bank::Bradesco, Some(payload.as_str())), (Bank::Itau, None)] {
        let b = boleto(bank);
        let dir = scratch_dir(bank.code());
        let symbols = read_symbols(&boleto_pdf(&b, &data(pix)).unwrap(), &dir);
        assert!(
            symbols.contains(&b.codigo_barras),
            "{bank:?}: read {symbols:?}"
        );
        assert_eq!(symbols.contains(&payload), pix.is_some(), "{symbols:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
