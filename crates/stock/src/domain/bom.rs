//! Procedure bills of materials (base de cálculo, §2): which materials a procedure consumes, versioned. A BOM is
//! global or one clinic's override; each version is a draft (RASCUNHO) until published, then immutable; a
//! published version is in force from its `effective_from` until a later one takes over (SUBSTITUÍDA).
//!
//! The procedure is named by a code and a name stored here (`procedure_code`, `[A-Z0-9._-]{1,40}`, uppercase),
//! because the procedure catalog lives on the sales side and does not exist yet; the catalog will link by that
//! code. Rules in this file are pure: version resolution, waste rounding, the diff of two versions and the CSV
//! lines of an import.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use platform::error::{Error, Result, Violation};
use platform::Violations;

use super::ledger::div_half_even;
use super::material::parse_uom;

/// Lines a version may hold.
pub const MAX_LINES: usize = 200;
/// Waste (perda técnica) is given in hundredths of a percent: 0–100,00 %.
pub const MAX_WASTE_BP: i64 = 10_000;
/// The largest quantity a line may name (one million units, in thousandths).
pub const MAX_QTY_MILLI: i64 = 1_000_000_000;

/// A version's stored state. SUBSTITUÍDA is not stored: it follows from the later versions' dates ([`status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VersionStatus {
    Draft,
    Published,
    Superseded,
}

impl VersionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            VersionStatus::Draft => "RASCUNHO",
            VersionStatus::Published => "PUBLICADA",
            VersionStatus::Superseded => "SUBSTITUIDA",
        }
    }
}

/// `lipo-01` → `LIPO-01`; `None` when it breaks the rule (as a SKU: `[A-Z0-9._-]{1,40}`).
pub fn parse_procedure_code(input: &str) -> Option<String> {
    super::material::parse_sku(input)
}

/// A published version, for resolution: its number and the instant it takes effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Published {
    pub number: i64,
    pub effective_from: DateTime<Utc>,
}

/// The version in force at `at`: the latest published (by `effective_from`, then number) with
/// `effective_from <= at`.
pub fn in_force(published: &[Published], at: DateTime<Utc>) -> Option<Published> {
    published
        .iter()
        .filter(|p| p.effective_from <= at)
        .max_by_key(|p| (p.effective_from, p.number))
        .copied()
}

/// What applies to a clinic at `at`: its override's version in force if any, else the global one's. Returns
/// `(true, version)` when the override applies.
pub fn applicable(
    override_versions: Option<&[Published]>,
    global: Option<&[Published]>,
    at: DateTime<Utc>,
) -> Option<(bool, Published)> {
    override_versions
        .and_then(|v| in_force(v, at))
        .map(|p| (true, p))
        .or_else(|| global.and_then(|v| in_force(v, at)).map(|p| (false, p)))
}

/// A version's status at `now`: a draft, published (in force or scheduled), or superseded once a later
/// published version took effect.
pub fn status(
    number: i64,
    effective_from: Option<DateTime<Utc>>,
    published: &[Published],
    now: DateTime<Utc>,
) -> VersionStatus {
    let Some(from) = effective_from else {
        return VersionStatus::Draft;
    };
    let later_in_force = published
        .iter()
        .any(|p| (p.effective_from, p.number) > (from, number) && p.effective_from <= now);
    if later_in_force {
        VersionStatus::Superseded
    } else {
        VersionStatus::Published
    }
}

/// Checks a publication: not empty, no backdating (`effective_from` ≥ now, `None` = now), and not before a
/// version already published (so versions take effect in their order). Returns the instant it takes effect.
pub fn check_publish(
    effective_from: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    latest_published: Option<DateTime<Utc>>,
    lines: usize,
) -> Result<DateTime<Utc>> {
    if lines == 0 {
        return Err(Error::invalid_field(
            "linhas",
            "Inclua ao menos um material antes de publicar.",
        ));
    }
    let from = effective_from.unwrap_or(now);
    if from < now {
        return Err(Error::invalid_field(
            "vigencia",
            "A vigência não pode ser retroativa: publique agora ou em uma data futura.",
        ));
    }
    if let Some(last) = latest_published {
        if from < last {
            return Err(Error::invalid_field(
                "vigencia",
                format!(
                    "Já existe versão publicada com vigência a partir de {}; escolha essa data ou uma posterior.",
                    (last - chrono::Duration::hours(3)).format("%d/%m/%Y %H:%M")
                ),
            ));
        }
    }
    Ok(from)
}

/// Per material: its base unit and its dispensing conversions `(uom, num, den)` (1 uom = num/den base units).
pub type Units = BTreeMap<String, (String, Vec<(String, i64, i64)>)>;

/// A line as typed: a material, a quantity in its base unit or a dispensing unit, waste, optional.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineDraft {
    pub material_id: String,
    /// Thousandths of `uom`.
    pub qty_milli: i64,
    /// `None`: the material's base unit.
    pub uom: Option<String>,
    /// Hundredths of a percent (1000 = 10 %).
    pub waste_bp: i64,
    pub optional: bool,
}

/// A valid line: the quantity also in thousandths of the base unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub material_id: String,
    pub qty_milli: i64,
    pub uom: String,
    pub qty_base_milli: i64,
    pub waste_bp: i64,
    pub optional: bool,
}

/// The quantity with waste: `qty × (1 + waste)`, rounded half-even to the thousandth (2 UN × 10 % = 2,200 UN).
pub fn with_waste(qty_base_milli: i64, waste_bp: i64) -> i64 {
    let v = div_half_even(
        i128::from(qty_base_milli) * i128::from(MAX_WASTE_BP + waste_bp),
        i128::from(MAX_WASTE_BP),
    );
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// Checks each line's quantity, unit (the base unit or a conversion of the material, whose exact factor gives
/// the base quantity), waste and duplicates; fields are named `linhas[i].campo`. `units` gives, per material,
/// its base unit and its conversions (uom → (num, den)); a material missing from it does not exist.
pub fn validate_lines(drafts: &[LineDraft], units: &Units) -> Result<Vec<Line>> {
    let mut v = Violations::new();
    if drafts.len() > MAX_LINES {
        v.add(
            "linhas",
            format!("Uma versão pode ter no máximo {MAX_LINES} materiais."),
        );
    }
    let mut seen = BTreeMap::new();
    let mut out = Vec::new();
    for (i, d) in drafts.iter().enumerate() {
        let Some((base, convs)) = units.get(&d.material_id) else {
            v.add(
                format!("linhas[{i}].material_id"),
                "Material não encontrado.",
            );
            continue;
        };
        if let Some(first) = seen.insert(d.material_id.clone(), i) {
            v.add(
                format!("linhas[{i}].material_id"),
                format!("Material repetido (já na linha {}).", first + 1),
            );
        }
        if !(1..=MAX_QTY_MILLI).contains(&d.qty_milli) {
            v.add(
                format!("linhas[{i}].quantidade"),
                "Informe uma quantidade maior que zero (até 1.000.000).",
            );
        }
        if !(0..=MAX_WASTE_BP).contains(&d.waste_bp) {
            v.add(
                format!("linhas[{i}].perda"),
                "A perda técnica deve ficar entre 0 e 100%.",
            );
        }
        let uom = match d.uom.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
            None => base.clone(),
            Some(u) => parse_uom(u).unwrap_or_default(),
        };
        let base_qty = if &uom == base {
            Some(d.qty_milli)
        } else if let Some((_, num, den)) = convs.iter().find(|(u, _, _)| *u == uom) {
            let n = i128::from(d.qty_milli) * i128::from(*num);
            let den = i128::from(*den);
            (n % den == 0)
                .then(|| i64::try_from(n / den).ok())
                .flatten()
        } else {
            v.add(
                format!("linhas[{i}].unidade"),
                format!("Unidade {uom} não cadastrada para este material (base {base})."),
            );
            continue;
        };
        let Some(qty_base_milli) = base_qty else {
            v.add(
                format!("linhas[{i}].quantidade"),
                "A quantidade não resulta em um número inteiro de milésimos da unidade base.",
            );
            continue;
        };
        out.push(Line {
            material_id: d.material_id.clone(),
            qty_milli: d.qty_milli,
            uom,
            qty_base_milli,
            waste_bp: d.waste_bp,
            optional: d.optional,
        });
    }
    v.finish()?;
    Ok(out)
}

/// What changed for one material between two versions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Added,
    Removed,
    Changed,
    Unchanged,
}

impl Change {
    pub fn as_str(self) -> &'static str {
        match self {
            Change::Added => "INCLUIDO",
            Change::Removed => "REMOVIDO",
            Change::Changed => "ALTERADO",
            Change::Unchanged => "IGUAL",
        }
    }
}

/// The side-by-side diff of two versions, by material: `(material, left, right, change)`, in the order of the
/// left version's lines, then the right's new ones.
pub fn diff<'a>(
    left: &'a [Line],
    right: &'a [Line],
) -> Vec<(String, Option<&'a Line>, Option<&'a Line>, Change)> {
    let mut out = Vec::new();
    for l in left {
        let r = right.iter().find(|r| r.material_id == l.material_id);
        let change = match r {
            None => Change::Removed,
            Some(r) if same(l, r) => Change::Unchanged,
            Some(_) => Change::Changed,
        };
        out.push((l.material_id.clone(), Some(l), r, change));
    }
    for r in right {
        if !left.iter().any(|l| l.material_id == r.material_id) {
            out.push((r.material_id.clone(), None, Some(r), Change::Added));
        }
    }
    out
}

fn same(a: &Line, b: &Line) -> bool {
    a.qty_milli == b.qty_milli
        && a.uom == b.uom
        && a.waste_bp == b.waste_bp
        && a.optional == b.optional
}

/// A CSV line of an import: `sku;quantidade;unidade;perda_pct;opcional`, with its spreadsheet line number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvLine {
    pub line: usize,
    pub sku: String,
    pub qty_milli: i64,
    pub uom: Option<String>,
    pub waste_bp: i64,
    pub optional: bool,
}

pub const CSV_COLUMNS: [&str; 5] = ["sku", "quantidade", "unidade", "perda_pct", "opcional"];

/// A pt-BR decimal with up to `places` decimals (`1,5`, `1.234,5`, `2`) as an integer scaled by 10^places.
pub fn parse_decimal(input: &str, places: u32) -> Option<i64> {
    let s = input.trim();
    if s.is_empty() || s.starts_with('-') {
        return None;
    }
    let (int, frac) = match s.split_once(',') {
        Some((i, f)) => (i, f),
        None => (s, ""),
    };
    let int = if int.contains('.') {
        let groups: Vec<&str> = int.split('.').collect();
        let ok = !groups[0].is_empty()
            && groups[0].len() <= 3
            && groups[1..].iter().all(|g| g.len() == 3);
        if !ok {
            return None;
        }
        groups.concat()
    } else {
        int.to_string()
    };
    if int.is_empty()
        || !int.bytes().all(|b| b.is_ascii_digit())
        || !frac.bytes().all(|b| b.is_ascii_digit())
        || frac.len() > places as usize
        || int.len() > 12
    {
        return None;
    }
    let scale = 10i64.pow(places);
    let i: i64 = int.parse().ok()?;
    let f: i64 = if frac.is_empty() {
        0
    } else {
        frac.parse::<i64>().ok()? * 10i64.pow(places - frac.len() as u32)
    };
    i.checked_mul(scale)?.checked_add(f)
}

/// `sim`/`s`/`x`/`1` → true; `não`/`nao`/`n`/`0`/blank → false.
fn parse_flag(input: &str) -> Option<bool> {
    match input.trim().to_lowercase().as_str() {
        "sim" | "s" | "x" | "1" | "true" => Some(true),
        "" | "não" | "nao" | "n" | "0" | "false" => Some(false),
        _ => None,
    }
}

/// Reads an import file into its lines, all or nothing: every problem is named by line and column
/// (`linhas[3].quantidade`, "Linha 3, quantidade: …"). A header (first cell `sku`) is skipped.
pub fn parse_csv(text: &str) -> Result<Vec<CsvLine>> {
    let (lines, problems) = read_csv(text)?;
    if problems.is_empty() {
        Ok(lines)
    } else {
        Err(Error::invalid(problems))
    }
}

/// The valid lines of a file and the problems of the others (so an importer can add its own checks of the
/// valid ones and report everything at once); `Err` when the file cannot be read at all, is empty or too long.
pub fn read_csv(text: &str) -> Result<(Vec<CsvLine>, Vec<Violation>)> {
    let rows = tabular::read_semicolon(text, |cells| {
        cells
            .first()
            .is_some_and(|c| c.eq_ignore_ascii_case("sku") || c.eq_ignore_ascii_case("material"))
    })
    .map_err(|e| Error::invalid(vec![at(e.line.max(1), "linha", e.message)]))?;
    if rows.is_empty() {
        return Err(Error::invalid_field("csv", "O arquivo não tem linhas."));
    }
    if rows.len() > MAX_LINES {
        return Err(Error::invalid_field(
            "csv",
            format!(
                "O arquivo tem {} linhas; o limite é {MAX_LINES}.",
                rows.len()
            ),
        ));
    }
    let mut problems = Vec::new();
    let mut out = Vec::new();
    for row in rows {
        let line = row.line;
        let c = &row.cells;
        if c.len() < 2 || c.len() > 5 {
            problems.push(at(
                line,
                "linha",
                format!(
                    "Esperadas de 2 a 5 colunas separadas por ponto e vírgula ({}); encontradas {}.",
                    CSV_COLUMNS.join(";"),
                    c.len()
                ),
            ));
            continue;
        }
        let cell = |i: usize| c.get(i).map(String::as_str).unwrap_or("");
        let mut ok = true;
        let sku = match super::material::parse_sku(cell(0)) {
            Some(s) => s,
            None => {
                problems.push(at(line, "sku", "SKU inválido."));
                ok = false;
                String::new()
            }
        };
        let qty = parse_decimal(cell(1), 3).filter(|q| (1..=MAX_QTY_MILLI).contains(q));
        if qty.is_none() {
            problems.push(at(
                line,
                "quantidade",
                "Quantidade inválida: use um número maior que zero com até 3 decimais (ex.: 1,5).",
            ));
            ok = false;
        }
        let uom = match cell(2) {
            "" => None,
            u => match parse_uom(u) {
                Some(u) => Some(u),
                None => {
                    problems.push(at(
                        line,
                        "unidade",
                        "Unidade inválida: use de 1 a 6 letras.",
                    ));
                    ok = false;
                    None
                }
            },
        };
        let waste = match cell(3).trim_end_matches('%').trim() {
            "" => Some(0),
            w => parse_decimal(w, 2).filter(|w| (0..=MAX_WASTE_BP).contains(w)),
        };
        if waste.is_none() {
            problems.push(at(
                line,
                "perda_pct",
                "Perda inválida: use um percentual de 0 a 100 com até 2 decimais (ex.: 10 ou 2,5).",
            ));
            ok = false;
        }
        let optional = parse_flag(cell(4));
        if optional.is_none() {
            problems.push(at(line, "opcional", "Use sim ou não."));
            ok = false;
        }
        if ok {
            out.push(CsvLine {
                line,
                sku,
                qty_milli: qty.unwrap_or_default(),
                uom,
                waste_bp: waste.unwrap_or_default(),
                optional: optional.unwrap_or_default(),
            });
        }
    }
    Ok((out, problems))
}

/// A problem at a spreadsheet line and column.
pub fn at(line: usize, column: &str, message: impl Into<String>) -> Violation {
    Violation::new(
        format!("linhas[{line}].{column}"),
        format!("Linha {line}, {column}: {}", message.into()),
    )
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use proptest::prelude::*;

    use super::*;

    fn t(day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, day, 12, 0, 0).unwrap()
    }

    #[test]
    fn waste_rounds_to_the_thousandth() {
        // 2 UN × 10 % = 2,200 UN.
        assert_eq!(with_waste(2_000, 1_000), 2_200);
        assert_eq!(with_waste(2_000, 0), 2_000);
        assert_eq!(with_waste(1_000, MAX_WASTE_BP), 2_000);
        // 0,001 × 1,5 = 0,0015 → 0,002 (half to even); 0,003 × 1,5 = 0,0045 → 0,004.
        assert_eq!(with_waste(1, 5_000), 2);
        assert_eq!(with_waste(3, 5_000), 4);
        // 1,5 ml × 2,5 % = 1,5375 → 1,538 (above half).
        assert_eq!(with_waste(1_500, 250), 1_538);
    }

    #[test]
    fn the_latest_published_version_in_effect_applies_and_overrides_win() {
        let global = [
            Published {
                number: 1,
                effective_from: t(1),
            },
            Published {
                number: 2,
                effective_from: t(10),
            },
        ];
        assert_eq!(in_force(&global, t(5)).unwrap().number, 1);
        assert_eq!(in_force(&global, t(10)).unwrap().number, 2);
        assert_eq!(
            in_force(
                &global,
                Utc.with_ymd_and_hms(2026, 11, 30, 0, 0, 0).unwrap()
            ),
            None
        );
        let clinic = [Published {
            number: 1,
            effective_from: t(7),
        }];
        assert_eq!(
            applicable(Some(&clinic), Some(&global), t(5)),
            Some((false, global[0]))
        );
        assert_eq!(
            applicable(Some(&clinic), Some(&global), t(8)),
            Some((true, clinic[0]))
        );
        assert_eq!(applicable(Some(&clinic), None, t(5)), None);
        assert_eq!(
            status(1, Some(t(1)), &global, t(5)),
            VersionStatus::Published
        );
        assert_eq!(
            status(1, Some(t(1)), &global, t(11)),
            VersionStatus::Superseded
        );
        assert_eq!(
            status(2, Some(t(10)), &global, t(5)),
            VersionStatus::Published
        );
        assert_eq!(status(3, None, &global, t(5)), VersionStatus::Draft);
    }

    #[test]
    fn publishing_refuses_empty_versions_backdating_and_going_before_a_published_one() {
        assert_eq!(check_publish(None, t(5), None, 1).unwrap(), t(5));
        assert_eq!(
            check_publish(Some(t(9)), t(5), Some(t(1)), 1).unwrap(),
            t(9)
        );
        let field = |r: Result<DateTime<Utc>>| r.unwrap_err().fields[0].field.clone();
        assert_eq!(field(check_publish(None, t(5), None, 0)), "linhas");
        assert_eq!(field(check_publish(Some(t(4)), t(5), None, 1)), "vigencia");
        assert_eq!(
            field(check_publish(Some(t(6)), t(5), Some(t(9)), 1)),
            "vigencia"
        );
    }

    fn units() -> Units {
        BTreeMap::from([
            (
                "agulha".to_string(),
                ("UN".to_string(), vec![("CX".to_string(), 100, 1)]),
            ),
            (
                "gel".to_string(),
                ("ML".to_string(), vec![("GT".to_string(), 1, 20)]),
            ),
        ])
    }

    fn draft(m: &str, qty: i64, uom: Option<&str>) -> LineDraft {
        LineDraft {
            material_id: m.into(),
            qty_milli: qty,
            uom: uom.map(String::from),
            waste_bp: 0,
            optional: false,
        }
    }

    #[test]
    fn lines_convert_dispense_units_exactly_and_name_bad_fields() {
        let lines = validate_lines(
            &[
                draft("agulha", 2_000, None),
                draft("gel", 3_000, Some("gt")),
            ],
            &units(),
        )
        .unwrap();
        assert_eq!(lines[0].qty_base_milli, 2_000);
        assert_eq!(
            (lines[1].uom.as_str(), lines[1].qty_base_milli),
            ("GT", 150)
        );
        // 1 thousandth of a drop is 0,05 thousandth of a ml: not exact.
        let e = validate_lines(
            &[
                draft("gel", 1, Some("GT")),
                draft("nada", 1_000, None),
                draft("agulha", 0, Some("FR")),
                draft("agulha", 1_000, None),
            ],
            &units(),
        )
        .unwrap_err();
        let fields: Vec<_> = e.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "linhas[0].quantidade",
                "linhas[1].material_id",
                "linhas[2].quantidade",
                "linhas[2].unidade",
                "linhas[3].material_id"
            ]
        );
    }

    #[test]
    fn the_diff_pairs_materials_side_by_side() {
        let line = |m: &str, q: i64, w: i64| Line {
            material_id: m.into(),
            qty_milli: q,
            uom: "UN".into(),
            qty_base_milli: q,
            waste_bp: w,
            optional: false,
        };
        let a = [
            line("a", 1_000, 0),
            line("b", 2_000, 0),
            line("c", 1_000, 0),
        ];
        let b = [
            line("a", 1_000, 0),
            line("c", 1_000, 500),
            line("d", 3_000, 0),
        ];
        let d: Vec<_> = diff(&a, &b)
            .into_iter()
            .map(|(m, _, _, c)| (m, c))
            .collect();
        assert_eq!(
            d,
            [
                ("a".to_string(), Change::Unchanged),
                ("b".to_string(), Change::Removed),
                ("c".to_string(), Change::Changed),
                ("d".to_string(), Change::Added)
            ]
        );
    }

    #[test]
    fn csv_lines_are_read_with_their_spreadsheet_numbers() {
        let text = "sku;quantidade;unidade;perda_pct;opcional\nagulha-30g;2;UN;10;não\n\ngel;1,5;;2,5%;sim\n";
        let lines = parse_csv(text).unwrap();
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[0],
            CsvLine {
                line: 2,
                sku: "AGULHA-30G".into(),
                qty_milli: 2_000,
                uom: Some("UN".into()),
                waste_bp: 1_000,
                optional: false
            }
        );
        assert_eq!(
            (
                lines[1].line,
                lines[1].qty_milli,
                lines[1].waste_bp,
                lines[1].optional
            ),
            (4, 1_500, 250, true)
        );
        let e = parse_csv("sku;quantidade\nok;1\nruim sku;0\nok2;1;UN;101\n").unwrap_err();
        let fields: Vec<_> = e.fields.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "linhas[3].sku",
                "linhas[3].quantidade",
                "linhas[4].perda_pct"
            ]
        );
        assert!(e.fields[0].message.starts_with("Linha 3, sku:"));
    }

    #[test]
    fn decimals_read_the_brazilian_way() {
        assert_eq!(parse_decimal("1.234,5", 3), Some(1_234_500));
        assert_eq!(parse_decimal("0,001", 3), Some(1));
        assert_eq!(parse_decimal("1,0001", 3), None);
        assert_eq!(parse_decimal("12.34", 3), None);
        assert_eq!(parse_decimal("-1", 3), None);
        assert_eq!(parse_decimal("", 3), None);
    }

    proptest! {
        /// Waste never lowers a quantity, is exact on whole percents of whole units, and never moves more than
        /// half a thousandth away from the exact product.
        #[test]
        fn waste_is_monotonic_and_within_half_a_thousandth(q in 0i64..MAX_QTY_MILLI, w in 0i64..=MAX_WASTE_BP) {
            let out = with_waste(q, w);
            prop_assert!(out >= q);
            prop_assert!(out <= 2 * q + 1);
            let exact = i128::from(q) * i128::from(MAX_WASTE_BP + w);
            let err = (i128::from(out) * i128::from(MAX_WASTE_BP) - exact).abs();
            prop_assert!(2 * err <= i128::from(MAX_WASTE_BP));
        }

        /// Any quantity written the pt-BR way (thousands dots, decimal comma) reads back to itself.
        #[test]
        fn decimals_round_trip(v in 0i64..1_000_000_000_000) {
            let int = v / 1000;
            let frac = v % 1000;
            let digits = int.to_string();
            let mut grouped = String::new();
            for (i, ch) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i) % 3 == 0 {
                    grouped.push('.');
                }
                grouped.push(ch);
            }
            let text = format!("{grouped},{frac:03}");
            prop_assert_eq!(parse_decimal(&text, 3), Some(v));
        }

        /// An import either reads every line or names problems only by lines that exist in the file; a valid line
        /// keeps its spreadsheet number whatever blank lines come before it.
        #[test]
        fn csv_errors_name_real_lines(rows in proptest::collection::vec(
            (prop_oneof![Just("AG-1"), Just("x y"), Just("GEL")], prop_oneof![Just("1"), Just("0"), Just("2,5"), Just("a")],
             prop_oneof![Just(""), Just("10"), Just("200")], prop_oneof![Just(""), Just("sim"), Just("talvez")], 0usize..3),
            1..30)) {
            let mut text = String::new();
            let mut numbers = Vec::new();
            let mut line = 1;
            for (sku, q, w, o, blanks) in &rows {
                for _ in 0..*blanks { text.push('\n'); line += 1; }
                text.push_str(&format!("{sku};{q};;{w};{o}\n"));
                numbers.push(line);
                line += 1;
            }
            match parse_csv(&text) {
                Ok(lines) => {
                    prop_assert_eq!(lines.len(), rows.len());
                    for (l, n) in lines.iter().zip(&numbers) { prop_assert_eq!(l.line, *n); }
                }
                Err(e) => {
                    for f in e.fields {
                        let n: usize = f.field.trim_start_matches("linhas[").split(']').next().unwrap().parse().unwrap();
                        prop_assert!(numbers.contains(&n));
                    }
                }
            }
        }
    }
}
