//! PIX BR Code (EMV® QRCPS-MPM as profiled by the Banco Central): build and parse.
//!
//! Layout: TLV items `id(2) + length(2) + value`. `00`=01; `01`=12 for a single-use (dynamic)
//! code; `26` merchant account with GUI `br.gov.bcb.pix` and either a key in `01` (static,
//! optional description in `02`) or a URL in `25` (dynamic, without `https://`); `52`=0000;
//! `53`=986; `54` amount (optional); `58`=BR; `59` name (≤ 25); `60` city (≤ 15); `62`/`05` txid
//! (`***` when none); `63` CRC-16/CCITT-FALSE over everything up to and including `6304`.
//!
//! A hybrid boleto needs the *dynamic* code the bank returns for it (design/banking.md): a
//! static code built from the company's own key does not settle the boleto.

use serde::Serialize;

/// Why a BR Code could not be built or read. `Display` is Portuguese.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PixError {
    /// The input field or the BR Code tag at fault (`name`, `59`, `crc`…).
    pub field: String,
    pub message: String,
}

impl PixError {
    fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        PixError {
            field: field.into(),
            message: message.into(),
        }
    }
}

pub const GUI: &str = "br.gov.bcb.pix";
const MAX_NAME: usize = 25;
const MAX_CITY: usize = 15;
const MAX_TXID: usize = 25;
const MAX_KEY_OR_URL: usize = 77;
const MAX_AMOUNT_CENTAVOS: i64 = 99_999_999_999;

/// What goes into a BR Code.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PixInput {
    /// PIX key (CPF, CNPJ, phone `+55…`, e-mail or random key): a static code.
    pub key: Option<String>,
    /// Location URL returned by the PSP (`pix.example.com/qr/v2/…`): a dynamic code.
    pub url: Option<String>,
    pub name: String,
    pub city: String,
    pub amount_centavos: Option<i64>,
    /// Static codes only: up to 25 letters/digits; `None` writes `***`.
    pub txid: Option<String>,
    /// Static codes only: free text shown to the payer.
    pub description: Option<String>,
}

/// A parsed BR Code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BrCode {
    /// `true` when the code carries a URL (dynamic), `false` for a key (static).
    pub dynamic: bool,
    pub key: Option<String>,
    pub url: Option<String>,
    pub description: Option<String>,
    pub name: String,
    pub city: String,
    pub amount_centavos: Option<i64>,
    /// `None` for `***`.
    pub txid: Option<String>,
    pub merchant_category_code: String,
    pub single_use: bool,
    /// The CRC as printed (4 uppercase hex digits).
    pub crc: String,
}

/// CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor).
pub fn crc16(data: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &byte in data {
        crc ^= (byte as u16) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

// ------------------------------------------------------------------------------------ build

/// Replaces Portuguese accented letters by their ASCII base (BR Code text is ASCII in practice,
/// and TLV lengths count bytes); any other non-ASCII character is refused.
fn to_ascii(field: &str, text: &str) -> Result<String, PixError> {
    let mut out = String::with_capacity(text.len());
    for c in text.trim().chars() {
        let mapped = match c {
            'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
            'Á' | 'À' | 'Â' | 'Ã' | 'Ä' => 'A',
            'é' | 'è' | 'ê' | 'ë' => 'e',
            'É' | 'È' | 'Ê' | 'Ë' => 'E',
            'í' | 'ì' | 'î' | 'ï' => 'i',
            'Í' | 'Ì' | 'Î' | 'Ï' => 'I',
            'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
            'Ó' | 'Ò' | 'Ô' | 'Õ' | 'Ö' => 'O',
            'ú' | 'ù' | 'û' | 'ü' => 'u',
            'Ú' | 'Ù' | 'Û' | 'Ü' => 'U',
            'ç' => 'c',
            'Ç' => 'C',
            'ñ' => 'n',
            'Ñ' => 'N',
            c if c.is_ascii() && !c.is_ascii_control() => c,
            other => {
                return Err(PixError::new(
                    field,
                    format!("{field}: caractere não permitido '{other}'"),
                ))
            }
        };
        out.push(mapped);
    }
    Ok(out)
}

fn bounded(field: &str, value: String, max: usize) -> Result<String, PixError> {
    if value.is_empty() {
        return Err(PixError::new(field, format!("{field} é obrigatório")));
    }
    if value.len() > max {
        return Err(PixError::new(
            field,
            format!("{field} deve ter no máximo {max} caracteres"),
        ));
    }
    Ok(value)
}

fn tlv(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    out.push_str(&format!("{:02}", value.len()));
    out.push_str(value);
}

/// `1234` → `"12.34"`.
fn format_amount(centavos: i64) -> String {
    format!("{}.{:02}", centavos / 100, centavos % 100)
}

fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Static account: key in `01`, optional description in `02`.
fn static_account(account: &mut String, key: &str, input: &PixInput) -> Result<(), PixError> {
    let key = bounded("key", to_ascii("key", key)?, MAX_KEY_OR_URL)?;
    tlv(account, "01", &key);
    if let Some(d) = non_empty(&input.description) {
        tlv(account, "02", &to_ascii("description", d)?);
    }
    Ok(())
}

/// Dynamic account: the PSP's location URL in `25`, without the scheme.
fn dynamic_account(account: &mut String, url: &str) -> Result<(), PixError> {
    let bare = url.strip_prefix("https://").unwrap_or(url);
    let url = bounded("url", to_ascii("url", bare)?, MAX_KEY_OR_URL)?;
    tlv(account, "25", &url);
    Ok(())
}

/// Tag 26 content and whether the code is dynamic.
fn merchant_account(input: &PixInput) -> Result<(String, bool), PixError> {
    let mut account = String::new();
    tlv(&mut account, "00", GUI);
    let dynamic = match (non_empty(&input.key), non_empty(&input.url)) {
        (Some(key), None) => static_account(&mut account, key, input).map(|_| false)?,
        (None, Some(url)) => dynamic_account(&mut account, url).map(|_| true)?,
        (Some(_), Some(_)) => {
            return Err(PixError::new(
                "key",
                "informe a chave (código estático) ou a url (código dinâmico), não ambas",
            ))
        }
        (None, None) => {
            return Err(PixError::new(
                "key",
                "informe a chave PIX (key) ou a url do código dinâmico (url)",
            ))
        }
    };
    if account.len() > 99 {
        return Err(PixError::new(
            "description",
            "chave + descrição excedem 99 caracteres no campo 26",
        ));
    }
    Ok((account, dynamic))
}

fn txid(input: &PixInput, dynamic: bool) -> Result<String, PixError> {
    let given = input.txid.as_deref().map(str::trim).unwrap_or("");
    if given.is_empty() || given == "***" {
        return Ok("***".into());
    }
    if dynamic {
        return Err(PixError::new(
            "txid",
            "código dinâmico usa o txid da cobrança na url; não informe txid",
        ));
    }
    if given.len() > MAX_TXID || !given.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(PixError::new(
            "txid",
            "txid deve ter de 1 a 25 letras ou dígitos",
        ));
    }
    Ok(given.to_owned())
}

/// Builds a BR Code payload (the text that goes into the QR code).
pub fn build(input: &PixInput) -> Result<String, PixError> {
    let (account, dynamic) = merchant_account(input)?;
    let name = bounded("name", to_ascii("name", &input.name)?, MAX_NAME)?;
    let city = bounded("city", to_ascii("city", &input.city)?, MAX_CITY)?;
    let txid = txid(input, dynamic)?;
    let mut p = String::with_capacity(200);
    tlv(&mut p, "00", "01");
    if dynamic {
        tlv(&mut p, "01", "12");
    }
    tlv(&mut p, "26", &account);
    tlv(&mut p, "52", "0000");
    tlv(&mut p, "53", "986");
    if let Some(c) = input.amount_centavos {
        if !(1..=MAX_AMOUNT_CENTAVOS).contains(&c) {
            return Err(PixError::new(
                "amount_centavos",
                "valor deve ser positivo e ter no máximo 13 caracteres",
            ));
        }
        tlv(&mut p, "54", &format_amount(c));
    }
    tlv(&mut p, "58", "BR");
    tlv(&mut p, "59", &name);
    tlv(&mut p, "60", &city);
    let mut additional = String::new();
    tlv(&mut additional, "05", &txid);
    tlv(&mut p, "62", &additional);
    p.push_str("6304");
    let crc = crc16(p.as_bytes());
    p.push_str(&format!("{crc:04X}"));
    Ok(p)
}

// ------------------------------------------------------------------------------------ parse

/// One TLV item borrowed from the payload.
struct Item<'a> {
    id: &'a str,
    value: &'a str,
}

fn tag_name(id: &str) -> &'static str {
    match id {
        "00" => "00 (formato)",
        "01" => "01 (método de iniciação)",
        "26" => "26 (conta PIX)",
        "52" => "52 (categoria)",
        "53" => "53 (moeda)",
        "54" => "54 (valor)",
        "58" => "58 (país)",
        "59" => "59 (nome)",
        "60" => "60 (cidade)",
        "62" => "62 (dados adicionais)",
        "63" => "63 (CRC)",
        _ => "desconhecido",
    }
}

/// Splits `text` into TLV items, refusing truncated or non-numeric headers.
fn items<'a>(text: &'a str, context: &str) -> Result<Vec<Item<'a>>, PixError> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let header = rest
            .get(..4)
            .filter(|h| h.bytes().all(|b| b.is_ascii_digit()));
        let Some(header) = header else {
            return Err(PixError::new(
                context,
                format!("{context}: cabeçalho TLV inválido em '{}'", preview(rest)),
            ));
        };
        let id = &header[..2];
        let len: usize = header[2..].parse().unwrap_or(0);
        let Some(value) = rest.get(4..4 + len) else {
            return Err(PixError::new(
                id,
                format!("campo {id}: tamanho declarado {len} ultrapassa o fim do código"),
            ));
        };
        out.push(Item { id, value });
        rest = &rest[4 + len..];
    }
    Ok(out)
}

fn preview(s: &str) -> String {
    s.chars().take(8).collect()
}

fn find<'a>(items: &[Item<'a>], id: &str) -> Option<&'a str> {
    items.iter().find(|i| i.id == id).map(|i| i.value)
}

fn required<'a>(items: &[Item<'a>], id: &'static str) -> Result<&'a str, PixError> {
    find(items, id)
        .ok_or_else(|| PixError::new(id, format!("campo obrigatório {} ausente", tag_name(id))))
}

fn expect_value(items: &[Item<'_>], id: &'static str, expected: &str) -> Result<(), PixError> {
    let got = required(items, id)?;
    if got != expected {
        return Err(PixError::new(
            id,
            format!(
                "campo {} deve ser {expected}, encontrado '{got}'",
                tag_name(id)
            ),
        ));
    }
    Ok(())
}

fn check_crc(payload: &str) -> Result<(&str, String), PixError> {
    let n = payload.len();
    if n < 8 || !payload.is_char_boundary(n - 8) || &payload[n - 8..n - 4] != "6304" {
        return Err(PixError::new(
            "63",
            "o código deve terminar com o CRC (6304 + 4 dígitos hexadecimais)",
        ));
    }
    let printed = payload[n - 4..].to_ascii_uppercase();
    let computed = format!("{:04X}", crc16(&payload.as_bytes()[..n - 4]));
    if printed != computed {
        return Err(PixError::new(
            "63",
            format!("CRC inválido: impresso {printed}, calculado {computed}"),
        ));
    }
    Ok((&payload[..n - 8], printed))
}

fn parse_amount(text: &str) -> Result<i64, PixError> {
    let bad = || PixError::new("54", format!("valor inválido '{text}' no campo 54"));
    let (int, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits_ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if int.is_empty() || !digits_ok(int) || !digits_ok(frac) || frac.len() > 2 || int.len() > 11 {
        return Err(bad());
    }
    let int: i64 = int.parse().map_err(|_| bad())?;
    let frac: i64 = format!("{frac:0<2}").parse().map_err(|_| bad())?;
    Ok(int * 100 + frac)
}

/// The PIX merchant account: the first of tags 26–51 whose GUI is `br.gov.bcb.pix`.
fn pix_account<'a>(top: &[Item<'a>]) -> Result<Vec<Item<'a>>, PixError> {
    for item in top {
        let is_account = matches!(item.id.parse::<u8>(), Ok(26..=51));
        if !is_account {
            continue;
        }
        let inner = items(item.value, item.id)?;
        if find(&inner, "00").is_some_and(|g| g.eq_ignore_ascii_case(GUI)) {
            return Ok(inner);
        }
    }
    Err(PixError::new(
        "26",
        "campo 26 (conta PIX) com GUI br.gov.bcb.pix ausente",
    ))
}

fn key_or_url(account: &[Item<'_>]) -> Result<(Option<String>, Option<String>), PixError> {
    let key = find(account, "01").map(str::to_owned);
    let url = find(account, "25").map(str::to_owned);
    match (&key, &url) {
        (None, None) => Err(PixError::new("26", "campo 26 sem chave (01) nem url (25)")),
        (Some(_), Some(_)) => Err(PixError::new(
            "26",
            "campo 26 com chave (01) e url (25) ao mesmo tempo",
        )),
        _ => Ok((key, url)),
    }
}

fn bounded_text(items: &[Item<'_>], id: &'static str, max: usize) -> Result<String, PixError> {
    let v = required(items, id)?;
    if v.is_empty() || v.len() > max {
        return Err(PixError::new(
            id,
            format!("campo {} deve ter de 1 a {max} caracteres", tag_name(id)),
        ));
    }
    Ok(v.to_owned())
}

/// Parses and validates a BR Code payload.
pub fn parse(payload: &str) -> Result<BrCode, PixError> {
    let payload = payload.trim();
    if !payload.is_ascii() {
        return Err(PixError::new(
            "payload",
            "o código PIX deve conter apenas caracteres ASCII",
        ));
    }
    let (body, crc) = check_crc(payload)?;
    let top = items(body, "payload")?;
    if top.first().map(|i| i.id) != Some("00") {
        return Err(PixError::new("00", "o código deve começar pelo campo 00"));
    }
    expect_value(&top, "00", "01")?;
    let account = pix_account(&top)?;
    let (key, url) = key_or_url(&account)?;
    expect_value(&top, "52", "0000").or_else(|e| {
        // Some PSPs put a real MCC here; only its shape is mandatory.
        let v = required(&top, "52")?;
        if v.len() == 4 && v.bytes().all(|b| b.is_ascii_digit()) {
            Ok(())
        } else {
            Err(e)
        }
    })?;
    expect_value(&top, "53", "986")?;
    expect_value(&top, "58", "BR")?;
    let amount_centavos = find(&top, "54").map(parse_amount).transpose()?;
    let txid = match find(&top, "62") {
        Some(add) => find(&items(add, "62")?, "05")
            .filter(|t| *t != "***")
            .map(str::to_owned),
        None => None,
    };
    Ok(BrCode {
        dynamic: url.is_some(),
        key,
        url,
        description: find(&account, "02").map(str::to_owned),
        name: bounded_text(&top, "59", MAX_NAME)?,
        city: bounded_text(&top, "60", MAX_CITY)?,
        amount_centavos,
        txid,
        merchant_category_code: required(&top, "52")?.to_owned(),
        single_use: find(&top, "01") == Some("12"),
        crc,
    })
}
