//! Procedure BOMs (base de cálculo, §2, §3) and procedure consumption (§5(d)).
//!
//! - A BOM is global or one clinic's override of a procedure (named by `procedure_code`); its versions are
//!   drafts until published (now or at a future date, never backdated, never empty) and immutable after.
//! - Material cost is computed on read at the current average cost: Σ qty × (1 + waste) × average.
//! - [`Boms::consume_for_procedure`] posts PROCEDURE_CONSUMPTION (clinic → consumption) for the version in
//!   force at `occurred_at` (the clinic's override if any, else the global one), FEFO over unexpired lots with
//!   the ledger's own picking and posting; short stock never blocks: the rest leaves "sem lote" and the balance
//!   goes negative. Idempotent per (appointment, revision): a repeat returns the first result. Without a
//!   published version nothing is posted and the procedure is listed as "Procedimento sem base de cálculo".
//!
//! Each command runs in one transaction; creating, editing, importing and publishing write the BOM's history.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{DateTime, Duration, Utc};
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db, Tx};
use platform::error::{Error, Result, Violation};
use platform::history::{self, Entry, Recorded};
use platform::{Principal, Violations};

use super::ledger::{post_consumption, Consumption};
use crate::domain::bom::{self as rules, Line, LineDraft, Published, VersionStatus};
use crate::domain::ledger::{self as ledger_rules, MovementKind};
use crate::domain::LocationKind;
use crate::store::boms::{self as store, BomRow, ConsumptionRow, LineRow, NewLine, VersionRow};
use crate::store::ledger::{self as ledger_store, MovementFilter, MovementListRow};
use crate::store::registers;

pub const ENTITY: &str = "stock.bom";
pub const CONSUMPTION_DOCUMENT: &str = "stock.procedure_consumption";
const NOT_FOUND: &str = "Base de cálculo não encontrada.";
const VERSION_NOT_FOUND: &str = "Versão não encontrada.";

pub struct Boms {
    db: Db,
    clock: SharedClock,
}

/// A version as shown: its derived status, whether it is in force now, its lines and material cost.
#[derive(Debug, Clone)]
pub struct VersionDetail {
    pub row: VersionRow,
    pub status: VersionStatus,
    pub in_force: bool,
    pub lines: Vec<LineRow>,
}

impl VersionDetail {
    /// The material cost of the lines consumed always (optional ones apart), in centavos.
    pub fn cost_cents(&self) -> i64 {
        self.lines
            .iter()
            .filter(|l| !l.optional)
            .map(line_cost_cents)
            .sum()
    }

    pub fn optional_cost_cents(&self) -> i64 {
        self.lines
            .iter()
            .filter(|l| l.optional)
            .map(line_cost_cents)
            .sum()
    }
}

/// One line's cost at the current average: qty × (1 + waste) × average, half-even to the centavo.
pub fn line_cost_cents(l: &LineRow) -> i64 {
    ledger_rules::value_cents(
        rules::with_waste(l.qty_base_milli, l.waste_bp),
        l.avg_cost_micro,
    )
}

/// A BOM in the list: the version in force now, a scheduled one and the draft.
#[derive(Debug, Clone)]
pub struct BomSummary {
    pub bom: BomRow,
    pub clinic_name: Option<String>,
    pub in_force: Option<VersionDetail>,
    pub scheduled: Option<VersionRow>,
    pub draft: Option<VersionRow>,
    pub version_count: i64,
}

#[derive(Debug, Clone)]
pub struct BomDetail {
    pub bom: BomRow,
    pub clinic_name: Option<String>,
    /// Newest first.
    pub versions: Vec<VersionDetail>,
    pub history: Vec<Recorded>,
}

/// "Nova base" or "Criar exceção para clínica".
#[derive(Debug, Clone, Default)]
pub struct BomDraft {
    pub procedure_code: String,
    pub procedure_name: Option<String>,
    pub clinic_location_id: Option<String>,
    pub lines: Option<Vec<LineDraft>>,
}

/// One material of the diff of two versions.
#[derive(Debug, Clone)]
pub struct DiffRow {
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub left: Option<LineRow>,
    pub right: Option<LineRow>,
    pub change: rules::Change,
}

/// A finished procedure, as the clinic side reports it.
#[derive(Debug, Clone)]
pub struct ProcedureConsumption {
    pub appointment_id: String,
    /// 1 the first time; finishing again after a reopening is revision + 1.
    pub revision: i64,
    pub procedure_code: String,
    /// The clinic where it happened.
    pub location_id: String,
    pub occurred_at: DateTime<Utc>,
    /// How many times the procedure was done (default 1).
    pub quantity: i64,
    /// Optional lines consumed (ticked).
    pub optional_material_ids: Vec<String>,
    /// Per-material changes: "não utilizado" or extra quantity, each with a reason.
    pub changes: Vec<ChangeDraft>,
}

/// A per-material change at consumption (§5(d)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeKind {
    /// "Não utilizado": the BOM line is not consumed.
    NotUsed,
    /// Extra quantity (thousandths of the base unit) on top of the BOM, no waste applied.
    Extra,
}

impl ChangeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeKind::NotUsed => "NOT_USED",
            ChangeKind::Extra => "EXTRA",
        }
    }

    pub fn parse(s: &str) -> Option<ChangeKind> {
        match s {
            "NOT_USED" => Some(ChangeKind::NotUsed),
            "EXTRA" => Some(ChangeKind::Extra),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct ChangeDraft {
    pub material_id: String,
    pub kind: ChangeKind,
    pub qty_milli: Option<i64>,
    pub reason: Option<String>,
}

/// "Simular custo": one material's quantity and cost at the current average.
#[derive(Debug, Clone)]
pub struct SimulatedLine {
    pub material_id: String,
    pub sku: String,
    pub material_name: String,
    pub base_uom: String,
    pub qty_milli: i64,
    pub cost_cents: i64,
}

#[derive(Debug, Clone)]
pub struct Simulation {
    pub lines: Vec<SimulatedLine>,
    pub cost_cents: i64,
}

/// What a consumption posted (or posted the first time, for a repeat).
#[derive(Debug, Clone)]
pub struct ConsumptionResult {
    pub row: ConsumptionRow,
    /// The BOM and version applied, and whether it was the clinic's override.
    pub applied: Option<(BomRow, i64)>,
    pub movements: Vec<MovementListRow>,
    /// The changes reported with it.
    pub changes: Vec<store::ChangeRow>,
    /// The REVERSAL rows, once the appointment was reopened or cancelled.
    pub reversals: Vec<MovementListRow>,
    pub repeated: bool,
}

/// A procedure consumed without a published version at a clinic.
#[derive(Debug, Clone)]
pub struct WithoutBom {
    pub row: store::WithoutBomRow,
    pub procedure_name: Option<String>,
    /// A BOM exists (draft or future version) but none was in force.
    pub bom_id: Option<String>,
}

impl Boms {
    pub fn new(db: Db, clock: SharedClock) -> Boms {
        Boms { db, clock }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    async fn clinic_names(&self) -> Result<BTreeMap<String, String>> {
        Ok(registers::locations(&self.db, None)
            .await?
            .into_iter()
            .map(|l| (l.id, l.name))
            .collect())
    }

    /// BOMs by procedure (global first, then overrides), each with the version in force now and its cost.
    pub async fn list(
        &self,
        search: Option<&str>,
        clinic: Option<&str>,
    ) -> Result<Vec<BomSummary>> {
        let boms = store::boms(&self.db, search, clinic).await?;
        let names = self.clinic_names().await?;
        let ids: Vec<String> = boms.iter().map(|b| b.id.clone()).collect();
        // One query for every BOM's versions (not one per BOM).
        let mut all = store::versions_of(&self.db, &ids).await?;
        let now = self.clock.now();
        let mut in_force_ids = Vec::new();
        let mut out = Vec::new();
        for b in boms {
            let versions = all.remove(&b.id).unwrap_or_default();
            let published = published(&versions);
            let current = rules::in_force(&published, now)
                .and_then(|p| versions.iter().find(|v| v.number == p.number).cloned());
            if let Some(c) = &current {
                in_force_ids.push(c.id.clone());
            }
            let scheduled = versions
                .iter()
                .filter(|v| v.effective_from.is_some_and(|f| f > now))
                .max_by_key(|v| v.number)
                .cloned();
            let draft = versions.iter().find(|v| v.status == "RASCUNHO").cloned();
            out.push((b, current, scheduled, draft, versions.len() as i64));
        }
        let mut lines = group_lines(store::lines_of(&self.db, &in_force_ids).await?);
        Ok(out
            .into_iter()
            .map(
                |(bom, current, scheduled, draft, version_count)| BomSummary {
                    clinic_name: names.get(&bom.clinic_location_id).cloned(),
                    in_force: current.map(|row| VersionDetail {
                        lines: lines.remove(&row.id).unwrap_or_default(),
                        status: VersionStatus::Published,
                        in_force: true,
                        row,
                    }),
                    bom,
                    scheduled,
                    draft,
                    version_count,
                },
            )
            .collect())
    }

    /// A BOM with every version (newest first), their lines and costs, and its history.
    pub async fn detail(&self, id: &str) -> Result<BomDetail> {
        let bom = store::bom(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found(NOT_FOUND))?;
        let versions = store::versions(&self.db, id).await?;
        let ids: Vec<String> = versions.iter().map(|v| v.id.clone()).collect();
        let mut lines = group_lines(store::lines_of(&self.db, &ids).await?);
        let now = self.clock.now();
        let published = published(&versions);
        let current = rules::in_force(&published, now).map(|p| p.number);
        let mut out: Vec<VersionDetail> = versions
            .into_iter()
            .map(|row| VersionDetail {
                status: rules::status(row.number, row.effective_from, &published, now),
                in_force: Some(row.number) == current,
                lines: lines.remove(&row.id).unwrap_or_default(),
                row,
            })
            .collect();
        out.reverse();
        let names = self.clinic_names().await?;
        Ok(BomDetail {
            clinic_name: names.get(&bom.clinic_location_id).cloned(),
            history: history::of(&self.db, ENTITY, id).await?,
            bom,
            versions: out,
        })
    }

    /// "Nova base de cálculo" (global) or "Criar exceção para clínica": the BOM and its first draft. An
    /// override without lines starts from the global version in force (or the latest).
    pub async fn create(&self, d: BomDraft, p: &Principal) -> Result<BomDetail> {
        let mut v = Violations::new();
        let code = rules::parse_procedure_code(&d.procedure_code).unwrap_or_else(|| {
            v.add(
                "procedure_code",
                "Código do procedimento inválido: use até 40 letras, dígitos, ponto, hífen ou sublinhado.",
            );
            String::new()
        });
        let name = d
            .procedure_name
            .as_deref()
            .map(platform::text::collapse_spaces)
            .filter(|n| !n.is_empty());
        if name.as_ref().is_some_and(|n| n.chars().count() > 200) {
            v.add(
                "procedure_name",
                "O nome pode ter no máximo 200 caracteres.",
            );
        }
        v.finish()?;
        let clinic = d
            .clinic_location_id
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from);
        if let Some(c) = &clinic {
            registers::location(&self.db, c)
                .await?
                .filter(|l| l.kind == LocationKind::Clinic)
                .ok_or_else(|| {
                    Error::invalid_field("clinic_location_id", "Escolha uma clínica.")
                })?;
        }
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let global = store::bom_by_code(&mut tx, &code, "").await?;
        let name = match (name, &global, &clinic) {
            (Some(n), _, _) => n,
            (None, Some(g), Some(_)) => g.procedure_name.clone(),
            _ => {
                return Err(Error::invalid_field(
                    "procedure_name",
                    "Informe o nome do procedimento.",
                ))
            }
        };
        if clinic.is_some() && global.is_none() {
            return Err(Error::invalid_field(
                "procedure_code",
                "Crie primeiro a base de cálculo global deste procedimento.",
            ));
        }
        let clinic_key = clinic.clone().unwrap_or_default();
        if store::bom_by_code(&mut tx, &code, &clinic_key)
            .await?
            .is_some()
        {
            return Err(Error::conflict(
                "base_existente",
                if clinic.is_some() {
                    "Já existe exceção deste procedimento para esta clínica."
                } else {
                    "Já existe base de cálculo para este procedimento."
                },
            )
            .with_field("procedure_code", "Procedimento já cadastrado."));
        }
        let bom = BomRow {
            id: uuid::Uuid::now_v7().to_string(),
            procedure_code: code,
            procedure_name: name,
            clinic_location_id: clinic_key,
            created_at: now,
            created_by: p.uid.clone(),
        };
        store::insert_bom(&mut tx, &bom).await?;
        let lines = match (d.lines, &global) {
            (Some(lines), _) => check_lines(&mut tx, &lines).await?,
            (None, Some(g)) if clinic.is_some() => {
                let versions = store::versions_in(&mut tx, &g.id).await?;
                let from = rules::in_force(&published(&versions), now)
                    .map(|p| p.number)
                    .or_else(|| versions.last().map(|v| v.number));
                match versions.iter().find(|v| Some(v.number) == from) {
                    Some(v) => copy(&store::lines_in(&mut tx, &v.id).await?),
                    None => Vec::new(),
                }
            }
            _ => Vec::new(),
        };
        let version = new_draft(&bom.id, 1, now, p);
        store::insert_version(&mut tx, &version).await?;
        store::replace_lines(&mut tx, &version.id, &lines).await?;
        record(
            &mut tx,
            &bom.id,
            "Criada (versão 1, rascunho)",
            None,
            p,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(&bom.id).await
    }

    /// "Nova versão": a draft copying the latest version's lines (409 when a draft exists).
    pub async fn new_version(&self, id: &str, p: &Principal) -> Result<BomDetail> {
        let now = self.clock.now();
        let bom = bom_in(&self.db, id).await?;
        let mut tx = self.db.begin().await?;
        let versions = store::versions_in(&mut tx, &bom.id).await?;
        if let Some(d) = versions.iter().find(|v| v.status == "RASCUNHO") {
            return Err(Error::conflict(
                "rascunho_existente",
                format!(
                    "A versão {} ainda é rascunho: edite-a ou publique-a.",
                    d.number
                ),
            ));
        }
        let number = versions.last().map_or(1, |v| v.number + 1);
        let lines = match versions.last() {
            Some(v) => copy(&store::lines_in(&mut tx, &v.id).await?),
            None => Vec::new(),
        };
        let version = new_draft(&bom.id, number, now, p);
        store::insert_version(&mut tx, &version).await?;
        store::replace_lines(&mut tx, &version.id, &lines).await?;
        record(
            &mut tx,
            &bom.id,
            &format!("Versão {number} criada (rascunho)"),
            None,
            p,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id).await
    }

    /// Edits a draft: its note and lines (replaced). A published version never changes (409); a stale
    /// `version` is 409.
    pub async fn update_draft(
        &self,
        id: &str,
        number: i64,
        version: i64,
        note: Option<String>,
        lines: Vec<LineDraft>,
        p: &Principal,
    ) -> Result<BomDetail> {
        let note = note
            .as_deref()
            .map(platform::text::collapse_spaces)
            .filter(|n| !n.is_empty());
        if note.as_ref().is_some_and(|n| n.chars().count() > 500) {
            return Err(Error::invalid_field(
                "note",
                "A observação pode ter no máximo 500 caracteres.",
            ));
        }
        let now = self.clock.now();
        let bom = bom_in(&self.db, id).await?;
        let mut tx = self.db.begin().await?;
        let draft = draft_in(&mut tx, &bom.id, number).await?;
        let lines = check_lines(&mut tx, &lines).await?;
        if !store::touch_draft(&mut tx, &draft.id, version, note.as_deref()).await? {
            return Err(stale());
        }
        store::replace_lines(&mut tx, &draft.id, &lines).await?;
        record(
            &mut tx,
            &bom.id,
            &format!("Rascunho da versão {number} alterado"),
            None,
            p,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id).await
    }

    /// "Importar CSV": the draft's lines from a file (`sku;quantidade;unidade;perda_pct;opcional`), all or
    /// nothing, every problem named by its spreadsheet line. Creates the next draft when there is none.
    pub async fn import(
        &self,
        id: &str,
        csv: &str,
        version: Option<i64>,
        p: &Principal,
    ) -> Result<BomDetail> {
        let (rows, mut problems) = rules::read_csv(csv)?;
        let now = self.clock.now();
        let bom = bom_in(&self.db, id).await?;
        let mut tx = self.db.begin().await?;
        let skus: Vec<String> = rows.iter().map(|r| r.sku.clone()).collect();
        let ids: BTreeMap<String, String> = store::materials_by_sku(&mut tx, &skus)
            .await?
            .into_iter()
            .collect();
        let mut drafts = Vec::new();
        let mut numbers = Vec::new();
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for r in &rows {
            let Some(material_id) = ids.get(&r.sku) else {
                problems.push(rules::at(
                    r.line,
                    "sku",
                    format!("Material {} não encontrado.", r.sku),
                ));
                continue;
            };
            if let Some(first) = seen.insert(&r.sku, r.line) {
                problems.push(rules::at(
                    r.line,
                    "sku",
                    format!("Material {} repetido (já na linha {first}).", r.sku),
                ));
                continue;
            }
            numbers.push(r.line);
            drafts.push(LineDraft {
                material_id: material_id.clone(),
                qty_milli: r.qty_milli,
                uom: r.uom.clone(),
                waste_bp: r.waste_bp,
                optional: r.optional,
            });
        }
        let lines = match check_lines(&mut tx, &drafts).await {
            Ok(lines) => lines,
            Err(e) => {
                problems.extend(e.fields.into_iter().map(|f| {
                    let (i, column) = index_of(&f.field);
                    let line = numbers.get(i).copied().unwrap_or(0);
                    let column = match column {
                        "quantidade" => "quantidade",
                        "unidade" => "unidade",
                        "perda" => "perda_pct",
                        _ => "sku",
                    };
                    rules::at(line, column, f.message)
                }));
                Vec::new()
            }
        };
        if !problems.is_empty() {
            problems.sort_by_key(|p: &Violation| index_of(&p.field).0);
            return Err(Error::invalid(problems));
        }
        let versions = store::versions_in(&mut tx, &bom.id).await?;
        let number = match versions.iter().find(|v| v.status == "RASCUNHO") {
            Some(d) => {
                if !store::touch_draft(
                    &mut tx,
                    &d.id,
                    version.unwrap_or(d.version),
                    d.note.as_deref(),
                )
                .await?
                {
                    return Err(stale());
                }
                store::replace_lines(&mut tx, &d.id, &lines).await?;
                d.number
            }
            None => {
                let number = versions.last().map_or(1, |v| v.number + 1);
                let v = new_draft(&bom.id, number, now, p);
                store::insert_version(&mut tx, &v).await?;
                store::replace_lines(&mut tx, &v.id, &lines).await?;
                number
            }
        };
        record(
            &mut tx,
            &bom.id,
            &format!(
                "Rascunho da versão {number} importado de CSV ({} materiais)",
                lines.len()
            ),
            None,
            p,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id).await
    }

    /// "Publicar": now (`effective_from` omitted) or at a future instant; never backdated, never empty, never
    /// before a version already published.
    pub async fn publish(
        &self,
        id: &str,
        number: i64,
        version: i64,
        effective_from: Option<DateTime<Utc>>,
        p: &Principal,
    ) -> Result<BomDetail> {
        let now = self.clock.now();
        let bom = bom_in(&self.db, id).await?;
        let mut tx = self.db.begin().await?;
        let draft = draft_in(&mut tx, &bom.id, number).await?;
        let versions = store::versions_in(&mut tx, &bom.id).await?;
        let latest = versions.iter().filter_map(|v| v.effective_from).max();
        let lines = store::lines_in(&mut tx, &draft.id).await?;
        let from = rules::check_publish(effective_from, now, latest, lines.len())?;
        if !store::publish(&mut tx, &draft.id, version, from, now, &p.uid).await? {
            return Err(stale());
        }
        let action = if from > now {
            format!(
                "Versão {number} publicada com vigência a partir de {}",
                (from - Duration::hours(3)).format("%d/%m/%Y %H:%M")
            )
        } else {
            format!("Versão {number} publicada (vigente)")
        };
        record(&mut tx, &bom.id, &action, Some("PUBLICADA"), p, now).await?;
        tx.commit().await?;
        self.detail(id).await
    }

    /// The side-by-side diff of two versions of a BOM, by material.
    pub async fn diff(&self, id: &str, left: i64, right: i64) -> Result<Vec<DiffRow>> {
        bom_in(&self.db, id).await?;
        let versions = store::versions(&self.db, id).await?;
        let find = |n: i64, field: &str| {
            versions
                .iter()
                .find(|v| v.number == n)
                .cloned()
                .ok_or_else(|| Error::invalid_field(field, VERSION_NOT_FOUND))
        };
        let (l, r) = (find(left, "de")?, find(right, "para")?);
        let mut lines =
            group_lines(store::lines_of(&self.db, &[l.id.clone(), r.id.clone()]).await?);
        let left_rows = lines.remove(&l.id).unwrap_or_default();
        let right_rows = lines.remove(&r.id).unwrap_or_default();
        let a: Vec<Line> = left_rows.iter().map(domain_line).collect();
        let b: Vec<Line> = right_rows.iter().map(domain_line).collect();
        let find_row =
            |rows: &[LineRow], m: &str| rows.iter().find(|x| x.material_id == m).cloned();
        Ok(rules::diff(&a, &b)
            .into_iter()
            .map(|(material_id, _, _, change)| {
                let left = find_row(&left_rows, &material_id);
                let right = find_row(&right_rows, &material_id);
                let any = left.as_ref().or(right.as_ref()).cloned();
                DiffRow {
                    sku: any.as_ref().map(|x| x.sku.clone()).unwrap_or_default(),
                    material_name: any.map(|x| x.material_name).unwrap_or_default(),
                    material_id,
                    left,
                    right,
                    change,
                }
            })
            .collect())
    }

    /// "Procedimento sem base de cálculo": procedures consumed at a clinic without a published version, while
    /// none is in force there now.
    pub async fn without_bom(&self) -> Result<Vec<WithoutBom>> {
        let rows = store::without_bom(&self.db).await?;
        let now = self.clock.now();
        let mut out = Vec::new();
        for row in rows {
            let (applied, any) = self
                .resolve(&row.procedure_code, &row.location_id, now)
                .await?;
            if applied.is_some() {
                continue;
            }
            out.push(WithoutBom {
                procedure_name: any.as_ref().map(|b| b.procedure_name.clone()),
                bom_id: any.map(|b| b.id),
                row,
            });
        }
        Ok(out)
    }

    /// The version that applies to a procedure at a clinic at `at` (§2): the clinic's override in force, else
    /// the global one; and the BOM to show (override or global) even when nothing is in force.
    async fn resolve(
        &self,
        code: &str,
        clinic: &str,
        at: DateTime<Utc>,
    ) -> Result<(Option<(BomRow, VersionRow)>, Option<BomRow>)> {
        let mut tx = self.db.begin().await?;
        let over = store::bom_by_code(&mut tx, code, clinic).await?;
        let global = store::bom_by_code(&mut tx, code, "").await?;
        tx.rollback().await?;
        for b in [&over, &global].into_iter().flatten() {
            let versions = store::versions(&self.db, &b.id).await?;
            if let Some(p) = rules::in_force(&published(&versions), at) {
                let v = versions
                    .into_iter()
                    .find(|v| v.number == p.number)
                    .ok_or_else(|| Error::internal("published version vanished"))?;
                return Ok((Some((b.clone(), v)), over.clone().or(global.clone())));
            }
        }
        Ok((None, over.or(global)))
    }

    /// A finished procedure consumes its BOM at the clinic (§5(d)); see the module's documentation. Clinic staff
    /// reach only their own clinics (404 otherwise).
    pub async fn consume_for_procedure(
        &self,
        c: ProcedureConsumption,
        p: &Principal,
    ) -> Result<ConsumptionResult> {
        let mut v = Violations::new();
        let appointment = c.appointment_id.trim().to_string();
        if appointment.is_empty() || appointment.chars().count() > 100 {
            v.add(
                "appointment_id",
                "Informe o atendimento (até 100 caracteres).",
            );
        }
        if !(1..=1_000_000).contains(&c.revision) {
            v.add("revision", "A revisão deve ser um número de 1 a 1.000.000.");
        }
        if !(1..=1_000).contains(&c.quantity) {
            v.add("quantity", "A quantidade deve ficar entre 1 e 1.000.");
        }
        let code = rules::parse_procedure_code(&c.procedure_code).unwrap_or_else(|| {
            v.add("procedure_code", "Código do procedimento inválido.");
            String::new()
        });
        let now = self.clock.now();
        if c.occurred_at > now + Duration::minutes(5) {
            v.add("occurred_at", "A data de realização não pode ser futura.");
        }
        v.finish()?;
        if let Some(scope) = super::scope(&self.db, p).await? {
            if !scope.contains(&c.location_id) {
                return Err(Error::not_found("Local não encontrado."));
            }
        }
        let location = registers::location(&self.db, &c.location_id)
            .await?
            .ok_or_else(|| Error::not_found("Local não encontrado."))?;
        if location.kind != LocationKind::Clinic {
            return Err(Error::invalid_field(
                "location_id",
                "O consumo de procedimentos é lançado em uma clínica.",
            ));
        }
        if let Some(first) = store::consumption(&self.db, &appointment, c.revision).await? {
            return self.result_of(first, true).await;
        }
        let (applied, _) = self.resolve(&code, &location.id, c.occurred_at).await?;
        let mut row = ConsumptionRow {
            appointment_id: appointment.clone(),
            revision: c.revision,
            procedure_code: code.clone(),
            location_id: location.id.clone(),
            quantity: c.quantity,
            bom_version_id: applied.as_ref().map(|(_, v)| v.id.clone()),
            cost_cents: 0,
            occurred_at: c.occurred_at,
            created_at: now,
            created_by: p.uid.clone(),
            reversed_at: None,
            reversed_by: None,
            reversal_reason: None,
        };
        let mut tx = self.db.begin().await?;
        match store::insert_consumption(&mut tx, &row).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => {
                tx.rollback().await?;
                let first = store::consumption(&self.db, &appointment, c.revision)
                    .await?
                    .ok_or_else(|| Error::internal("consumption vanished"))?;
                return self.result_of(first, true).await;
            }
            Err(e) => return Err(e.into()),
        }
        let lines = match &applied {
            Some((_, version)) => store::lines_in(&mut tx, &version.id).await?,
            None => Vec::new(),
        };
        let changes =
            check_changes(&mut tx, &c.changes, applied.as_ref().map(|_| &lines[..])).await?;
        store::insert_changes(&mut tx, &appointment, c.revision, &changes).await?;
        // Without a published version nothing is posted (the changes are kept with the consumption).
        if applied.is_some() {
            let ticked: BTreeSet<&str> =
                c.optional_material_ids.iter().map(String::as_str).collect();
            let key = format!("procedure:{appointment}:{}", c.revision);
            let today = self.clock.today();
            let mut n = 0;
            let mut cost = 0;
            for (material_id, need) in needs(&lines, c.quantity, &ticked, &changes) {
                let material = registers::material_in(&mut tx, &material_id)
                    .await?
                    .ok_or_else(|| Error::internal("BOM line without material"))?;
                let line = Consumption {
                    kind: MovementKind::ProcedureConsumption,
                    material: &material,
                    location_id: &location.id,
                    qty_milli: need,
                    occurred_at: c.occurred_at,
                    document: Some((CONSUMPTION_DOCUMENT.to_string(), appointment.clone())),
                    reason: format!(
                        "Procedimento {code} (atendimento {appointment}, revisão {})",
                        c.revision
                    ),
                    uid: &p.uid,
                };
                let rows = post_consumption(&mut tx, &line, &key, &mut n, now, today).await?;
                cost += rows.iter().map(|r| r.value_cents).sum::<i64>();
            }
            store::set_consumption_cost(&mut tx, &appointment, c.revision, cost).await?;
            row.cost_cents = cost;
        }
        tx.commit().await?;
        self.result_of(row, false).await
    }

    /// Reverses a consumption when its appointment is reopened or cancelled: every row it posted gets its
    /// REVERSAL through the ledger (each row at most once), in one transaction. The latest revision unless one
    /// is named; a repeat answers the same result (`repeated`). Finishing again posts revision + 1.
    pub async fn reverse_consumption(
        &self,
        appointment_id: &str,
        revision: Option<i64>,
        reason: Option<&str>,
        p: &Principal,
    ) -> Result<ConsumptionResult> {
        let mut v = Violations::new();
        let reason = crate::domain::reason(reason, "reason", &mut v);
        v.finish()?;
        let appointment = appointment_id.trim();
        let found = match revision {
            Some(r) => store::consumption(&self.db, appointment, r).await?,
            None => store::latest_consumption(&self.db, appointment).await?,
        };
        let scope = super::scope(&self.db, p).await?;
        let row = found
            .filter(|r| scope.as_ref().is_none_or(|s| s.contains(&r.location_id)))
            .ok_or_else(|| Error::not_found("Consumo do procedimento não encontrado."))?;
        if row.reversed_at.is_some() {
            return self.result_of(row, true).await;
        }
        let rows = self.rows_of(&row).await?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        // The guard `reversed_at IS NULL` makes a concurrent second call a repeat, never a second reversal.
        if !store::set_reversed(
            &mut tx,
            &row.appointment_id,
            row.revision,
            now,
            &p.uid,
            &reason,
        )
        .await?
        {
            tx.rollback().await?;
            let again = store::consumption(&self.db, &row.appointment_id, row.revision)
                .await?
                .ok_or_else(|| Error::internal("consumption vanished"))?;
            return self.result_of(again, true).await;
        }
        for m in rows {
            if ledger_store::reversal_of(&mut tx, &m.row.id)
                .await?
                .is_some()
            {
                continue;
            }
            let reversal = super::ledger::reversal(&m.row, &reason, &p.uid, now);
            ledger_store::insert(&mut tx, &reversal).await?;
        }
        tx.commit().await?;
        let reversed = store::consumption(&self.db, &row.appointment_id, row.revision)
            .await?
            .ok_or_else(|| Error::internal("consumption vanished"))?;
        self.result_of(reversed, false).await
    }

    /// "Simular custo": what `quantity` procedures would consume under a version (optional lines when ticked, the
    /// changes applied) and its material cost at the current average costs. Nothing is posted.
    pub async fn simulate(
        &self,
        bom_id: &str,
        number: i64,
        quantity: i64,
        optional_material_ids: &[String],
        drafts: &[ChangeDraft],
    ) -> Result<Simulation> {
        if !(1..=1_000).contains(&quantity) {
            return Err(Error::invalid_field(
                "quantity",
                "A quantidade deve ficar entre 1 e 1.000.",
            ));
        }
        bom_in(&self.db, bom_id).await?;
        let version = store::versions(&self.db, bom_id)
            .await?
            .into_iter()
            .find(|v| v.number == number)
            .ok_or_else(|| Error::not_found(VERSION_NOT_FOUND))?;
        let lines = store::lines_of(&self.db, std::slice::from_ref(&version.id)).await?;
        // Reasons are asked when consuming, not to simulate.
        let drafts: Vec<ChangeDraft> = drafts
            .iter()
            .cloned()
            .map(|mut d| {
                d.reason = Some("simulação de custo".to_string());
                d
            })
            .collect();
        let mut tx = self.db.begin().await?;
        let checked = check_changes(&mut tx, &drafts, Some(&lines)).await;
        let mut extras = BTreeMap::new();
        if let Ok(changes) = &checked {
            for c in changes {
                if let Some(m) = registers::material_in(&mut tx, &c.material_id).await? {
                    extras.insert(c.material_id.clone(), m);
                }
            }
        }
        tx.rollback().await?;
        let changes = checked?;
        let ticked: BTreeSet<&str> = optional_material_ids.iter().map(String::as_str).collect();
        let mut out = Vec::new();
        for (material_id, qty) in needs(&lines, quantity, &ticked, &changes) {
            let (sku, name, uom, avg) = match lines.iter().find(|l| l.material_id == material_id) {
                Some(l) => (
                    l.sku.clone(),
                    l.material_name.clone(),
                    l.base_uom.clone(),
                    l.avg_cost_micro,
                ),
                None => match extras.get(&material_id) {
                    Some(m) => (
                        m.fields.sku.clone(),
                        m.fields.name.clone(),
                        m.fields.base_uom.clone(),
                        m.avg_cost_micro,
                    ),
                    None => continue,
                },
            };
            out.push(SimulatedLine {
                cost_cents: ledger_rules::value_cents(qty, avg),
                material_id,
                sku,
                material_name: name,
                base_uom: uom,
                qty_milli: qty,
            });
        }
        Ok(Simulation {
            cost_cents: out.iter().map(|l| l.cost_cents).sum(),
            lines: out,
        })
    }

    async fn result_of(&self, row: ConsumptionRow, repeated: bool) -> Result<ConsumptionResult> {
        let applied = match &row.bom_version_id {
            Some(vid) => {
                let mut found = None;
                let mut tx = self.db.begin().await?;
                for clinic in [row.location_id.as_str(), ""] {
                    if let Some(b) =
                        store::bom_by_code(&mut tx, &row.procedure_code, clinic).await?
                    {
                        if let Some(v) = store::versions_in(&mut tx, &b.id)
                            .await?
                            .into_iter()
                            .find(|v| &v.id == vid)
                        {
                            found = Some((b, v.number));
                            break;
                        }
                    }
                }
                tx.rollback().await?;
                found
            }
            None => None,
        };
        let movements = self.rows_of(&row).await?;
        let reversals = if row.reversed_at.is_some() {
            let ids: BTreeSet<&str> = movements.iter().map(|m| m.row.id.as_str()).collect();
            let filter = MovementFilter {
                document_id: Some(row.appointment_id.clone()),
                kind: Some(MovementKind::Reversal.as_str().to_string()),
                ..Default::default()
            };
            let (rows, _) = ledger_store::list(&self.db, &filter, 1000).await?;
            let mut rows: Vec<MovementListRow> = rows
                .into_iter()
                .filter(|m| {
                    m.row
                        .reverses_id
                        .as_deref()
                        .is_some_and(|r| ids.contains(r))
                })
                .collect();
            rows.reverse();
            rows
        } else {
            Vec::new()
        };
        Ok(ConsumptionResult {
            changes: store::changes(&self.db, &row.appointment_id, row.revision).await?,
            row,
            applied,
            movements,
            reversals,
            repeated,
        })
    }

    /// The PROCEDURE_CONSUMPTION rows one consumption posted (keys `procedure:{appointment}:{revision}[#n]`).
    async fn rows_of(&self, row: &ConsumptionRow) -> Result<Vec<MovementListRow>> {
        let key = format!("procedure:{}:{}", row.appointment_id, row.revision);
        let filter = MovementFilter {
            document_id: Some(row.appointment_id.clone()),
            kind: Some(MovementKind::ProcedureConsumption.as_str().to_string()),
            ..Default::default()
        };
        let (rows, _) = ledger_store::list(&self.db, &filter, 1000).await?;
        let mut movements: Vec<MovementListRow> = rows
            .into_iter()
            .filter(|m| {
                m.row.idempotency_key == key
                    || m.row.idempotency_key.starts_with(&format!("{key}#"))
            })
            .collect();
        movements.reverse();
        Ok(movements)
    }
}

/// What each material consumes (§5(d)): per BOM line qty × quantity × (1 + waste), optional lines only when
/// ticked, lines marked "não utilizado" left out, extra quantities added (no waste); BOM materials in line
/// order, then extras of materials outside the BOM. Zero quantities are dropped.
fn needs(
    lines: &[LineRow],
    quantity: i64,
    ticked: &BTreeSet<&str>,
    changes: &[store::ChangeRow],
) -> Vec<(String, i64)> {
    let change = |material: &str, kind: ChangeKind| {
        changes
            .iter()
            .find(|c| c.material_id == material && ChangeKind::parse(&c.kind) == Some(kind))
    };
    let mut out: Vec<(String, i64)> = lines
        .iter()
        .filter(|l| !l.optional || ticked.contains(l.material_id.as_str()))
        .filter(|l| change(&l.material_id, ChangeKind::NotUsed).is_none())
        .map(|l| {
            let base = rules::with_waste(l.qty_base_milli.saturating_mul(quantity), l.waste_bp);
            let extra = change(&l.material_id, ChangeKind::Extra).map_or(0, |c| c.qty_milli);
            (l.material_id.clone(), base.saturating_add(extra))
        })
        .collect();
    for c in changes {
        if ChangeKind::parse(&c.kind) == Some(ChangeKind::Extra)
            && !out.iter().any(|(m, _)| m == &c.material_id)
        {
            out.push((c.material_id.clone(), c.qty_milli));
        }
    }
    out.retain(|(_, q)| *q > 0);
    out
}

/// Checks the changes of a consumption (422 naming `changes[i].…`): one per material, a reason of 10–500
/// characters, an extra quantity of 0,001 to 1.000.000 base units, an existing material; "não utilizado" only
/// for a material of the version applied (`lines`, when one applies).
async fn check_changes(
    tx: &mut Tx,
    drafts: &[ChangeDraft],
    lines: Option<&[LineRow]>,
) -> Result<Vec<store::ChangeRow>> {
    if drafts.len() > 200 {
        return Err(Error::invalid_field(
            "changes",
            "No máximo 200 alterações por procedimento.",
        ));
    }
    let mut v = Violations::new();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for (i, d) in drafts.iter().enumerate() {
        let material_id = d.material_id.trim().to_string();
        let reason =
            crate::domain::reason(d.reason.as_deref(), &format!("changes[{i}].reason"), &mut v);
        if !seen.insert(material_id.clone()) {
            v.add(
                format!("changes[{i}].material_id"),
                "Informe uma única alteração por material.",
            );
            continue;
        }
        let qty = match d.kind {
            ChangeKind::NotUsed => {
                if lines.is_some_and(|ls| !ls.iter().any(|l| l.material_id == material_id)) {
                    v.add(
                        format!("changes[{i}].material_id"),
                        "O material não está na base de cálculo aplicada.",
                    );
                }
                0
            }
            ChangeKind::Extra => match d.qty_milli {
                Some(q) if (1..=1_000_000_000).contains(&q) => q,
                _ => {
                    v.add(
                        format!("changes[{i}].qty_milli"),
                        "Informe a quantidade extra (de 0,001 a 1.000.000).",
                    );
                    0
                }
            },
        };
        if registers::material_in(tx, &material_id).await?.is_none() {
            v.add(
                format!("changes[{i}].material_id"),
                "Material não encontrado.",
            );
        }
        out.push(store::ChangeRow {
            material_id,
            kind: d.kind.as_str().to_string(),
            qty_milli: qty,
            reason,
        });
    }
    v.finish()?;
    Ok(out)
}

fn published(versions: &[VersionRow]) -> Vec<Published> {
    versions
        .iter()
        .filter(|v| v.status == "PUBLICADA")
        .filter_map(|v| {
            v.effective_from.map(|effective_from| Published {
                number: v.number,
                effective_from,
            })
        })
        .collect()
}

fn group_lines(rows: Vec<LineRow>) -> BTreeMap<String, Vec<LineRow>> {
    let mut out: BTreeMap<String, Vec<LineRow>> = BTreeMap::new();
    for r in rows {
        out.entry(r.version_id.clone()).or_default().push(r);
    }
    out
}

fn domain_line(l: &LineRow) -> Line {
    Line {
        material_id: l.material_id.clone(),
        qty_milli: l.qty_milli,
        uom: l.uom.clone(),
        qty_base_milli: l.qty_base_milli,
        waste_bp: l.waste_bp,
        optional: l.optional,
    }
}

fn copy(rows: &[LineRow]) -> Vec<NewLine> {
    rows.iter()
        .map(|l| NewLine {
            material_id: l.material_id.clone(),
            qty_milli: l.qty_milli,
            uom: l.uom.clone(),
            qty_base_milli: l.qty_base_milli,
            waste_bp: l.waste_bp,
            optional: l.optional,
        })
        .collect()
}

/// `linhas[3].quantidade` → (3, "quantidade").
fn index_of(field: &str) -> (usize, &str) {
    let rest = field.strip_prefix("linhas[").unwrap_or("");
    let (n, column) = rest.split_once("].").unwrap_or(("0", ""));
    (n.parse().unwrap_or(0), column)
}

/// Checks lines against the materials' units; inactive materials cannot enter a new version.
async fn check_lines(tx: &mut Tx, drafts: &[LineDraft]) -> Result<Vec<NewLine>> {
    let ids: Vec<String> = drafts
        .iter()
        .map(|d| d.material_id.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut units = rules::Units::new();
    let mut inactive = BTreeSet::new();
    for (id, base, active, uom, num, den) in store::units_of(tx, &ids).await? {
        if !active {
            inactive.insert(id.clone());
        }
        let entry = units.entry(id).or_insert_with(|| (base, Vec::new()));
        if let (Some(u), Some(n), Some(d)) = (uom, num, den) {
            entry.1.push((u, n, d));
        }
    }
    let lines = rules::validate_lines(drafts, &units)?;
    if let Some(i) = drafts
        .iter()
        .position(|d| inactive.contains(&d.material_id))
    {
        return Err(Error::invalid_field(
            &format!("linhas[{i}].material_id"),
            "Material inativo não entra em novas versões.",
        ));
    }
    Ok(lines
        .into_iter()
        .map(|l| NewLine {
            material_id: l.material_id,
            qty_milli: l.qty_milli,
            uom: l.uom,
            qty_base_milli: l.qty_base_milli,
            waste_bp: l.waste_bp,
            optional: l.optional,
        })
        .collect())
}

fn new_draft(bom_id: &str, number: i64, now: DateTime<Utc>, p: &Principal) -> VersionRow {
    VersionRow {
        id: uuid::Uuid::now_v7().to_string(),
        bom_id: bom_id.to_string(),
        number,
        status: "RASCUNHO".into(),
        effective_from: None,
        note: None,
        created_at: now,
        created_by: p.uid.clone(),
        published_at: None,
        published_by: None,
        version: 1,
    }
}

async fn bom_in(db: &Db, id: &str) -> Result<BomRow> {
    store::bom(db, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))
}

async fn draft_in(tx: &mut Tx, bom_id: &str, number: i64) -> Result<VersionRow> {
    let v = store::versions_in(tx, bom_id)
        .await?
        .into_iter()
        .find(|v| v.number == number)
        .ok_or_else(|| Error::not_found(VERSION_NOT_FOUND))?;
    if v.status != "RASCUNHO" {
        return Err(Error::conflict(
            "versao_publicada",
            "Versão publicada não pode ser alterada: crie uma nova versão.",
        ));
    }
    Ok(v)
}

fn stale() -> Error {
    Error::conflict(
        "versao_desatualizada",
        "Registro alterado por outro usuário. Recarregue a página",
    )
}

async fn record(
    tx: &mut Tx,
    id: &str,
    action: &str,
    to: Option<&str>,
    p: &Principal,
    at: DateTime<Utc>,
) -> Result<()> {
    history::record(
        tx,
        &Entry {
            entity: ENTITY,
            entity_id: id,
            action,
            from_state: None,
            to_state: to,
            reason: None,
            changes: Vec::new(),
        },
        p,
        at,
    )
    .await
}
