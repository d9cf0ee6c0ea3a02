//! Dispatches from the central warehouse to a clinic (§2–§4): request, approval (never one's own, quantities
//! only lowered), rejection with a reason, picking (FEFO suggested, expired lots refused), shipping (DISPATCH_OUT
//! central → in transit), receipt (DISPATCH_IN in transit → clinic; a shortfall stays in transit under the
//! dispatch) and the resolution of that shortfall (DISPATCH_RESOLUTION to loss, central or the clinic).
//!
//! Every state change runs in one transaction with its ledger rows, the dispatch's history and the notices
//! (`system.notify`, push and in-app, `data.url` = `/hub/despachos?id=…`).

use std::collections::BTreeMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use platform::access::{DISPATCH_APPROVE, DISPATCH_VIEW, HUB};
use platform::clock::SharedClock;
use platform::db::{Db, Tx};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Reason, Recorded};
use platform::jobs::Jobs;
use platform::notify::Notify;
use platform::{on_db, on_tx, Principal, Role, Violations};

use crate::domain::dispatch::{
    allocate, approval_fits, pick_fit, Canceller, DispatchEvent, DispatchStatus, PickFit,
    ReceiptLine, MAX_LINES,
};
use crate::domain::ledger::{self as rules, LotStock, MovementKind};
use crate::domain::LocationKind;
use crate::permissions::{DISPATCH_PICK, DISPATCH_RESOLVE};
use crate::store::dispatches::{
    self as store, ClinicBalanceRow, DispatchFilter, DispatchListRow, DispatchRow, LineRow, PickRow,
};
use crate::store::ledger::{self as ledger_store, MovementRow};
use crate::store::registers;

pub const ENTITY: &str = "stock.dispatch";
const NOT_FOUND: &str = "Despacho não encontrado.";
const IN_TRANSIT: &str = "loc-in-transit";

pub struct Dispatches {
    db: Db,
    clock: SharedClock,
    jobs: Jobs,
}

/// A request: materials and quantities for one clinic.
#[derive(Debug, Clone)]
pub struct DispatchDraft {
    pub clinic_location_id: String,
    pub notes: Option<String>,
    pub lines: Vec<(String, i64)>,
    /// Saved as RASCUNHO, submitted later (nobody is told yet).
    pub draft: bool,
}

/// A draft's new lines and notes (replacing what it had), against the version read.
#[derive(Debug, Clone)]
pub struct DispatchEdit {
    pub notes: Option<String>,
    pub lines: Vec<(String, i64)>,
    pub version: i64,
}

/// The lots picked for one line, and why it is short when less than approved.
#[derive(Debug, Clone)]
pub struct LinePick {
    pub line_id: String,
    /// (lot id or "" without lots, quantity).
    pub lots: Vec<(String, i64)>,
    pub short_reason: Option<String>,
}

/// Where a shortfall goes when resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Lost (avaria, extravio): IN_TRANSIT → LOSS.
    Loss,
    /// Came back: IN_TRANSIT → CENTRAL.
    Central,
    /// Delivered later: IN_TRANSIT → the clinic.
    Clinic,
}

/// A lot suggested or picked for a line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LotPick {
    pub lot_id: String,
    pub lot_code: Option<String>,
    pub expiry_date: Option<NaiveDate>,
    pub qty_milli: i64,
    /// Under 30 days to expiry: the keeper confirms.
    pub expiring_soon: bool,
    /// Expired: never picked (it leaves only as loss).
    pub expired: bool,
}

/// A line as shown: the stored line, its picks (or the FEFO suggestion), what the clinic holds and consumed.
#[derive(Debug, Clone)]
pub struct LineDetail {
    pub line: LineRow,
    pub picks: Vec<LotPick>,
    /// The FEFO suggestion from the central warehouse (approved, not yet shipped).
    pub suggested: Vec<LotPick>,
    /// Every lot the central warehouse holds of the material, first expiry first (approved, not yet shipped):
    /// the keeper may pick another lot than the suggestion; expired ones are listed but refused.
    pub available: Vec<LotPick>,
    pub clinic_balance_milli: i64,
    pub consumption_30d_milli: i64,
    pub central_balance_milli: i64,
    /// Shipped but neither received nor resolved.
    pub in_transit_milli: i64,
}

#[derive(Debug, Clone)]
pub struct DispatchDetail {
    pub row: DispatchRow,
    pub clinic_name: String,
    pub lines: Vec<LineDetail>,
    pub history: Vec<Recorded>,
}

/// What the hub shows for one clinic.
#[derive(Debug, Clone)]
pub struct HubSummary {
    pub clinics: Vec<(String, String)>,
    pub location_id: Option<String>,
    pub balances: Vec<ClinicBalanceRow>,
    pub expiring: Vec<ClinicBalanceRow>,
    pub negative: Vec<ClinicBalanceRow>,
    pub to_receive: Vec<DispatchListRow>,
    pub latest: Vec<DispatchListRow>,
}

impl Dispatches {
    pub fn new(db: Db, clock: SharedClock, jobs: Jobs) -> Dispatches {
        Dispatches { db, clock, jobs }
    }

    /// The clinics a caller works for: a clinic's staff their assigned clinics; anyone else with assignments
    /// those, without any every clinic (`None`) — "an approver with no clinic assigned approves for every clinic".
    pub async fn scope(&self, p: &Principal) -> Result<Option<Vec<String>>> {
        let assigned = registers::user_locations(&self.db, &p.uid).await?;
        if p.role == Some(Role::ClinicStaff) || !assigned.is_empty() {
            Ok(Some(assigned))
        } else {
            Ok(None)
        }
    }

    /// The dispatch, or 404 when it does not exist or belongs to a clinic outside the caller's.
    async fn visible(&self, id: &str, p: &Principal) -> Result<DispatchRow> {
        let scope = self.scope(p).await?;
        store::get(&self.db, id)
            .await?
            .filter(|d| in_scope(&scope, &d.clinic_location_id))
            .ok_or_else(|| Error::not_found(NOT_FOUND))
    }

    /// A clinic asks for materials: the dispatch is SOLICITADO and numbered `DSP-AAAA-NNNNNN`; the approvers
    /// are told. A draft is RASCUNHO (numbered too) and nobody is told until it is submitted.
    pub async fn create(&self, draft: DispatchDraft, p: &Principal) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let mut v = Violations::new();
        let (notes, _) = self
            .check_request(&mut v, draft.notes.as_deref(), &draft.lines)
            .await?;
        let scope = self.scope(p).await?;
        let clinic = registers::location(&self.db, &draft.clinic_location_id)
            .await?
            .filter(|l| l.kind == LocationKind::Clinic && l.active)
            .filter(|l| in_scope(&scope, &l.id));
        if clinic.is_none() {
            v.add("clinic_location_id", "Escolha uma das suas clínicas.");
        }
        v.finish()?;
        let clinic = clinic.expect("validated");
        let central = store::central(&self.db).await?.ok_or_else(|| {
            Error::conflict(
                "sem_deposito_central",
                "Nenhum depósito central ativo cadastrado.",
            )
        })?;
        let now = self.clock.now();
        let id = uuid::Uuid::now_v7().to_string();
        let mut tx = self.db.begin().await?;
        let number = platform::numbering::next(&mut tx, "DSP", self.clock.today().year()).await?;
        let row = DispatchRow {
            id: id.clone(),
            number: number.clone(),
            from_location_id: central,
            clinic_location_id: clinic.id.clone(),
            status: if draft.draft {
                DispatchStatus::Rascunho
            } else {
                DispatchStatus::Solicitado
            }
            .as_str()
            .into(),
            notes,
            requester_uid: p.uid.clone(),
            requester_name: p.name.clone(),
            approver_uid: None,
            approver_name: None,
            rejection_reason: None,
            carrier: None,
            created_at: now,
            decided_at: None,
            shipped_at: None,
            received_at: None,
            closed_at: None,
            cancel_reason: None,
            cancelled_at: None,
            version: 1,
        };
        store::insert(&mut tx, &row).await?;
        for (i, (material, qty)) in draft.lines.iter().enumerate() {
            let line_id = uuid::Uuid::now_v7().to_string();
            store::insert_line(&mut tx, &line_id, &id, i as i64 + 1, material, *qty).await?;
        }
        if draft.draft {
            record(
                &mut tx,
                &id,
                "Rascunho criado",
                None,
                DispatchStatus::Rascunho,
                None,
                p,
                now,
            )
            .await?;
        } else {
            record(
                &mut tx,
                &id,
                "Solicitado",
                Some(DispatchStatus::Rascunho),
                DispatchStatus::Solicitado,
                None,
                p,
                now,
            )
            .await?;
            let notice = request_notice(&number, &id, draft.lines.len(), &clinic.name, p);
            self.jobs.publish(&mut tx, &notice).await?;
        }
        tx.commit().await?;
        self.detail(&id, p).await
    }

    /// The checks of a request's notes and lines, at creation and when a draft is edited: notes of at most 500
    /// characters (spaces collapsed, empty is none), 1–200 lines, each an active material once with a quantity
    /// above zero. Returns the notes to store and each material's (SKU, base unit).
    async fn check_request(
        &self,
        v: &mut Violations,
        notes: Option<&str>,
        lines: &[(String, i64)],
    ) -> Result<(Option<String>, BTreeMap<String, (String, String)>)> {
        let notes = notes
            .map(platform::text::collapse_spaces)
            .filter(|n| !n.is_empty());
        if notes.as_ref().is_some_and(|n| n.chars().count() > 500) {
            v.add(
                "observacoes",
                "As observações podem ter no máximo 500 caracteres.",
            );
        }
        if lines.is_empty() {
            v.add("lines", "Inclua ao menos um item.");
        }
        if lines.len() > MAX_LINES {
            v.add(
                "lines",
                format!("Um despacho tem no máximo {MAX_LINES} itens."),
            );
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, (material, qty)) in lines.iter().enumerate() {
            if !(1..=1_000_000_000_000).contains(qty) {
                v.add(
                    format!("lines[{i}].qty_milli"),
                    "Informe uma quantidade maior que zero.",
                );
            }
            if !seen.insert(material.clone()) {
                v.add(
                    format!("lines[{i}].material_id"),
                    "Este material já está em outro item.",
                );
            }
        }
        let mut materials = BTreeMap::new();
        for (i, (material, _)) in lines.iter().enumerate() {
            match registers::material(&self.db, material).await? {
                Some(m) if m.fields.active => {
                    materials.insert(m.id, (m.fields.sku, m.fields.base_uom));
                }
                Some(_) => v.add(
                    format!("lines[{i}].material_id"),
                    "Material inativo não entra em novos despachos.",
                ),
                None => v.add(
                    format!("lines[{i}].material_id"),
                    "Material não encontrado.",
                ),
            }
        }
        Ok((notes, materials))
    }

    /// A draft (RASCUNHO) edited by whoever saved it: its lines (material and quantity in the base unit) and
    /// notes replaced as sent. 409 once it left the draft state or when `version` is not the stored one (someone
    /// changed it first), 403 for anyone else, 404 outside the caller's clinics, 422 naming the field. The
    /// history entry names every change; nothing changed records nothing.
    pub async fn edit(
        &self,
        id: &str,
        edit: DispatchEdit,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let row = self.visible(id, p).await?;
        let status = status_of(&row);
        if !DispatchEvent::Edit.from().contains(&status) {
            return Err(Error::conflict(
                "estado_invalido",
                DispatchEvent::Edit.refused(status),
            ));
        }
        if !p.is_self(&row.requester_uid) {
            return Err(Error::forbidden(
                "Somente quem criou o rascunho pode editá-lo.",
            ));
        }
        if edit.version != row.version {
            return Err(stale());
        }
        let mut v = Violations::new();
        let (notes, materials) = self
            .check_request(&mut v, edit.notes.as_deref(), &edit.lines)
            .await?;
        v.finish()?;
        let stored = store::lines(&self.db, id).await?;
        let mut changes = Vec::new();
        if notes != row.notes {
            changes.push(Change::new("observações", row.notes.clone(), notes.clone()));
        }
        for (material, qty) in &edit.lines {
            match stored.iter().find(|l| &l.material_id == material) {
                Some(l) if l.requested_qty_milli != *qty => changes.push(Change::new(
                    &l.sku,
                    Some(qty_text(l.requested_qty_milli, &l.base_uom)),
                    Some(qty_text(*qty, &l.base_uom)),
                )),
                Some(_) => {}
                None => {
                    let (sku, uom) = &materials[material];
                    changes.push(Change::new(sku, None, Some(qty_text(*qty, uom))));
                }
            }
        }
        for l in &stored {
            if !edit.lines.iter().any(|(m, _)| *m == l.material_id) {
                changes.push(Change::new(
                    &l.sku,
                    Some(qty_text(l.requested_qty_milli, &l.base_uom)),
                    None,
                ));
            }
        }
        let order_changed = stored.len() == edit.lines.len()
            && stored
                .iter()
                .zip(&edit.lines)
                .any(|(l, (m, _))| l.material_id != *m);
        if changes.is_empty() && !order_changed {
            return self.detail_of(row).await;
        }
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        if !store::update_draft(&mut tx, id, notes.as_deref(), row.version).await? {
            return Err(stale());
        }
        store::replace_lines(&mut tx, id, &edit.lines).await?;
        if changes.is_empty() {
            changes.push(Change::new(
                "ordem dos itens",
                None,
                Some("alterada".into()),
            ));
        }
        history::record(
            &mut tx,
            &Entry {
                entity: ENTITY,
                entity_id: id,
                action: "Rascunho editado",
                from_state: None,
                to_state: None,
                reason: None,
                changes,
            },
            p,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// One dispatch with its lines, picks and history (404 outside the caller's clinics).
    pub async fn detail(&self, id: &str, p: &Principal) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let row = self.visible(id, p).await?;
        self.detail_of(row).await
    }

    async fn detail_of(&self, row: DispatchRow) -> Result<DispatchDetail> {
        let clinic_name = registers::location(&self.db, &row.clinic_location_id)
            .await?
            .map(|l| l.name)
            .unwrap_or_default();
        let status = status_of(&row);
        let lines = store::lines(&self.db, &row.id).await?;
        let picks = store::picks(&self.db, &row.id).await?;
        let in_transit = self.in_transit(&row.id).await?;
        let today = self.clock.today();
        let since = self.clock.now() - Duration::days(30);
        let mut out = Vec::new();
        for line in lines {
            let line_picks: Vec<LotPick> = picks
                .iter()
                .filter(|k| k.line_id == line.id)
                .map(|k| lot_pick(k, today))
                .collect();
            let central_lots =
                central_lots(&self.db, &line.material_id, &row.from_location_id).await?;
            let central_balance_milli = central_lots.iter().map(|l| l.0.qty_milli).sum();
            let (suggested, available) = match (status, line.approved_qty_milli) {
                (DispatchStatus::Aprovado | DispatchStatus::EmSeparacao, Some(q)) if q > 0 => (
                    suggest(&central_lots, q, today),
                    available(&central_lots, today),
                ),
                _ => (Vec::new(), Vec::new()),
            };
            out.push(LineDetail {
                clinic_balance_milli: ledger_store::location_balance(
                    &self.db,
                    &line.material_id,
                    &row.clinic_location_id,
                )
                .await?,
                consumption_30d_milli: store::consumption_since(
                    &self.db,
                    &line.material_id,
                    &row.clinic_location_id,
                    since,
                )
                .await?,
                central_balance_milli,
                in_transit_milli: in_transit
                    .iter()
                    .filter(|((m, _), _)| *m == line.material_id)
                    .map(|(_, q)| *q)
                    .sum(),
                picks: line_picks,
                suggested,
                available,
                line,
            });
        }
        let history = history::of(&self.db, ENTITY, &row.id).await?;
        Ok(DispatchDetail {
            row,
            clinic_name,
            lines: out,
            history,
        })
    }

    /// What this dispatch still has in transit, per (material, lot), from the ledger.
    async fn in_transit(&self, id: &str) -> Result<BTreeMap<(String, String), i64>> {
        let rows: Vec<(String, Option<String>, i64)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT material_id, lot_id, CAST(SUM(CASE WHEN to_location_id = $2 THEN qty_milli ELSE -qty_milli END) \
             AS BIGINT) FROM stock_movements WHERE document_type = 'stock.dispatch' AND document_id = $1 \
             AND (to_location_id = $2 OR from_location_id = $2) GROUP BY material_id, lot_id"
        ).bind(id).bind(IN_TRANSIT).fetch_all(pool).await)?;
        Ok(rows
            .into_iter()
            .filter(|r| r.2 != 0)
            .map(|(m, l, q)| ((m, l.unwrap_or_default()), q))
            .collect())
    }

    /// Dispatches of the caller's clinics, newest first.
    pub async fn list(
        &self,
        mut filter: DispatchFilter,
        page: i64,
        page_size: i64,
        p: &Principal,
    ) -> Result<(Vec<DispatchListRow>, i64)> {
        p.require(&HUB)?;
        if let Some(scope) = self.scope(p).await? {
            filter.clinics = Some(match filter.clinics.take() {
                Some(asked) => asked.into_iter().filter(|c| scope.contains(c)).collect(),
                None => scope,
            });
        }
        Ok(store::list(&self.db, &filter, (page - 1) * page_size, page_size).await?)
    }

    /// The approval queue: SOLICITADO dispatches of the approver's clinics, oldest first, with each line beside
    /// the clinic's balance and last 30 days' consumption.
    pub async fn queue(&self, p: &Principal) -> Result<Vec<DispatchDetail>> {
        p.require(&HUB)?;
        let filter = DispatchFilter {
            statuses: vec![DispatchStatus::Solicitado.as_str().into()],
            clinics: self.scope(p).await?,
            requester_uid: None,
        };
        let (mut rows, _) = store::list(&self.db, &filter, 0, 100).await?;
        rows.reverse();
        let mut out = Vec::new();
        for r in rows {
            out.push(self.detail_of(r.row).await?);
        }
        Ok(out)
    }

    /// Approves, possibly lowering quantities (`lines`: line id → approved; a line left out keeps what was
    /// asked). Never one's own request (403); at least one line above zero.
    pub async fn approve(
        &self,
        id: &str,
        lines: Vec<(String, i64)>,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let row = self.visible(id, p).await?;
        not_own(&row, p)?;
        let stored = store::lines(&self.db, id).await?;
        let mut v = Violations::new();
        let mut approved: BTreeMap<String, i64> = stored
            .iter()
            .map(|l| (l.id.clone(), l.requested_qty_milli))
            .collect();
        for (i, (line_id, qty)) in lines.iter().enumerate() {
            match stored.iter().find(|l| &l.id == line_id) {
                None => v.add(
                    format!("lines[{i}].line_id"),
                    "Item não encontrado neste despacho.",
                ),
                Some(l) if !approval_fits(l.requested_qty_milli, *qty) => v.add(
                    format!("lines[{i}].approved_qty_milli"),
                    "A quantidade aprovada vai de zero até a solicitada.",
                ),
                Some(l) => {
                    approved.insert(l.id.clone(), *qty);
                }
            }
        }
        if v.is_empty() && approved.values().all(|q| *q == 0) {
            v.add(
                "lines",
                "Aprove ao menos um item, ou rejeite a solicitação.",
            );
        }
        v.finish()?;
        let partial = stored
            .iter()
            .any(|l| approved.get(&l.id) != Some(&l.requested_qty_milli));
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        move_state(
            &mut tx,
            &row,
            DispatchEvent::Approve,
            DispatchStatus::Aprovado,
        )
        .await?;
        let mut changes = Vec::new();
        for l in &stored {
            let q = approved[&l.id];
            store::set_line_approved(&mut tx, &l.id, q).await?;
            if q != l.requested_qty_milli {
                changes.push(Change::new(
                    &format!("{} aprovado", l.sku),
                    Some(qty_text(l.requested_qty_milli, &l.base_uom)),
                    Some(qty_text(q, &l.base_uom)),
                ));
            }
        }
        store::set_decision(&mut tx, id, &p.uid, &p.name, None, now).await?;
        let action = if partial {
            "Aprovado parcialmente"
        } else {
            "Aprovado"
        };
        history::record(
            &mut tx,
            &Entry {
                entity: ENTITY,
                entity_id: id,
                action,
                from_state: Some(row.status.as_str()),
                to_state: Some(DispatchStatus::Aprovado.as_str()),
                reason: None,
                changes,
            },
            p,
            now,
        )
        .await?;
        let title = if partial {
            format!("Despacho aprovado parcialmente: {}", row.number)
        } else {
            format!("Despacho aprovado: {}", row.number)
        };
        let body = format!("{} aprovou o despacho {}.", p.name, row.number);
        self.jobs
            .publish(
                &mut tx,
                &Notify::to_users(vec![row.requester_uid.clone()], &title, &body, url(id)),
            )
            .await?;
        self.jobs
            .publish(
                &mut tx,
                &Notify::to_holders(
                    &DISPATCH_PICK,
                    vec![p.uid.clone(), row.requester_uid.clone()],
                    format!("Despacho {} pronto para separação", row.number),
                    body,
                    url(id),
                ),
            )
            .await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// Rejects with a reason (422 naming `motivo` without one); never one's own request.
    pub async fn reject(
        &self,
        id: &str,
        motivo: Option<&str>,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let row = self.visible(id, p).await?;
        not_own(&row, p)?;
        let reason = Reason::parse("motivo", motivo).map_err(|e| Error::invalid(vec![e]))?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        move_state(
            &mut tx,
            &row,
            DispatchEvent::Reject,
            DispatchStatus::Rejeitado,
        )
        .await?;
        store::set_decision(&mut tx, id, &p.uid, &p.name, Some(reason.as_str()), now).await?;
        history::record(
            &mut tx,
            &Entry {
                entity: ENTITY,
                entity_id: id,
                action: "Rejeitado",
                from_state: Some(row.status.as_str()),
                to_state: Some(DispatchStatus::Rejeitado.as_str()),
                reason: Some(&reason),
                changes: Vec::new(),
            },
            p,
            now,
        )
        .await?;
        self.jobs
            .publish(
                &mut tx,
                &Notify::to_users(
                    vec![row.requester_uid.clone()],
                    format!("Despacho rejeitado: {}", row.number),
                    format!("{} rejeitou: {}", p.name, reason.as_str()),
                    url(id),
                ),
            )
            .await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// A draft (RASCUNHO) is submitted by whoever saved it: SOLICITADO, and the approvers are told.
    pub async fn submit(&self, id: &str, p: &Principal) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let row = self.visible(id, p).await?;
        if status_of(&row) == DispatchStatus::Rascunho && !p.is_self(&row.requester_uid) {
            return Err(Error::forbidden(
                "Somente quem criou o rascunho pode enviá-lo.",
            ));
        }
        let lines = store::lines(&self.db, id).await?.len();
        let clinic = registers::location(&self.db, &row.clinic_location_id)
            .await?
            .filter(|l| l.active)
            .ok_or_else(|| {
                Error::conflict("clinica_inativa", "A clínica deste rascunho está inativa.")
            })?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        move_state(
            &mut tx,
            &row,
            DispatchEvent::Submit,
            DispatchStatus::Solicitado,
        )
        .await?;
        record(
            &mut tx,
            id,
            "Solicitado",
            Some(DispatchStatus::Rascunho),
            DispatchStatus::Solicitado,
            None,
            p,
            now,
        )
        .await?;
        let notice = request_notice(&row.number, id, lines, &clinic.name, p);
        self.jobs.publish(&mut tx, &notice).await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// Cancels with a reason (`motivo`) where §4 allows: a draft or a request by its requester; an approved
    /// dispatch or one being picked by its approver or a stock manager — nothing has been shipped, so nothing
    /// is in transit; the lots picked are released. State, release and history in one transaction.
    pub async fn cancel(
        &self,
        id: &str,
        motivo: Option<&str>,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let row = self.visible(id, p).await?;
        let status = status_of(&row);
        let Some(who) = status.canceller() else {
            return Err(Error::conflict(
                "estado_invalido",
                DispatchEvent::Cancel.refused(status),
            ));
        };
        match who {
            Canceller::Requester if !p.is_self(&row.requester_uid) => {
                return Err(Error::forbidden(
                    "Somente quem solicitou pode cancelar esta solicitação.",
                ))
            }
            Canceller::ApproverOrManager
                if !row.approver_uid.as_deref().is_some_and(|a| p.is_self(a))
                    && !p.has(&DISPATCH_RESOLVE) =>
            {
                return Err(Error::forbidden(
                    "Somente quem aprovou ou um gestor de estoque pode cancelar um despacho aprovado.",
                ))
            }
            _ => {}
        }
        let reason = Reason::parse("motivo", motivo).map_err(|e| Error::invalid(vec![e]))?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        move_state(
            &mut tx,
            &row,
            DispatchEvent::Cancel,
            DispatchStatus::Cancelado,
        )
        .await?;
        let released = store::clear_picks(&mut tx, id).await?;
        store::set_cancelled(&mut tx, id, reason.as_str(), now).await?;
        let changes = if released > 0 {
            vec![Change::new(
                "separação",
                Some(format!(
                    "{released} {} separado{}",
                    if released == 1 { "lote" } else { "lotes" },
                    if released == 1 { "" } else { "s" }
                )),
                Some("liberada".into()),
            )]
        } else {
            Vec::new()
        };
        history::record(
            &mut tx,
            &Entry {
                entity: ENTITY,
                entity_id: id,
                action: "Cancelado",
                from_state: Some(row.status.as_str()),
                to_state: Some(DispatchStatus::Cancelado.as_str()),
                reason: Some(&reason),
                changes,
            },
            p,
            now,
        )
        .await?;
        if status != DispatchStatus::Rascunho {
            let mut uids = vec![row.requester_uid.clone()];
            uids.extend(row.approver_uid.clone());
            let notice = Notify {
                uids,
                holders_of: (status == DispatchStatus::EmSeparacao)
                    .then(|| DISPATCH_PICK.code.to_string()),
                except: vec![p.uid.clone()],
                title: format!("Despacho {} cancelado", row.number),
                body: format!("{} cancelou: {}", p.name, reason.as_str()),
                url: url(id),
            };
            self.jobs.publish(&mut tx, &notice).await?;
        }
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// The central keeper starts picking an approved dispatch; the FEFO suggestion shows on each line.
    pub async fn start_picking(&self, id: &str, p: &Principal) -> Result<DispatchDetail> {
        let row = self.visible(id, p).await?;
        keeper(p)?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        move_state(
            &mut tx,
            &row,
            DispatchEvent::StartPicking,
            DispatchStatus::EmSeparacao,
        )
        .await?;
        record(
            &mut tx,
            id,
            "Separação iniciada",
            status_of(&row).into(),
            DispatchStatus::EmSeparacao,
            None,
            p,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// Records the lots picked for some lines (each line's picks replaced). The FEFO list is only a suggestion:
    /// any lot of the material may be picked, but an expired lot is refused (422 "Lote vencido"; it leaves only
    /// as loss). A line never takes more than was approved; less (a short pick) needs a reason
    /// (`picks[i].motivo`), and shipping then sends what was picked.
    pub async fn pick(
        &self,
        id: &str,
        picks: Vec<LinePick>,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        let row = self.visible(id, p).await?;
        keeper(p)?;
        let status = status_of(&row);
        if !DispatchEvent::Pick.from().contains(&status) {
            return Err(Error::conflict(
                "estado_invalido",
                DispatchEvent::Pick.refused(status),
            ));
        }
        let stored = store::lines(&self.db, id).await?;
        let today = self.clock.today();
        let mut v = Violations::new();
        let mut shorts: Vec<(&LineRow, i64, Reason)> = Vec::new();
        for (i, pick) in picks.iter().enumerate() {
            let Some(line) = stored.iter().find(|l| l.id == pick.line_id) else {
                v.add(
                    format!("picks[{i}].line_id"),
                    "Item não encontrado neste despacho.",
                );
                continue;
            };
            let mut total = 0i64;
            for (j, (lot_id, qty)) in pick.lots.iter().enumerate() {
                let field = format!("picks[{i}].lots[{j}]");
                if *qty <= 0 {
                    v.add(
                        format!("{field}.qty_milli"),
                        "Informe uma quantidade maior que zero.",
                    );
                }
                total = total.saturating_add(*qty);
                if let Some(problem) = self.lot_problem(lot_id, line, today).await? {
                    v.add(format!("{field}.lot_id"), problem);
                }
            }
            let approved = line.approved_qty_milli.unwrap_or(0);
            match pick_fit(approved, total) {
                PickFit::Over => v.add(
                    format!("picks[{i}].lots"),
                    format!("A separação de {} passa da quantidade aprovada.", line.sku),
                ),
                PickFit::Short => {
                    let field = format!("picks[{i}].motivo");
                    match Reason::parse(&field, pick.short_reason.as_deref()) {
                        Ok(reason) => shorts.push((line, total, reason)),
                        Err(e) => v.add(e.field, e.message),
                    }
                }
                PickFit::Full => {}
            }
        }
        v.finish()?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        if status == DispatchStatus::Aprovado {
            move_state(
                &mut tx,
                &row,
                DispatchEvent::StartPicking,
                DispatchStatus::EmSeparacao,
            )
            .await?;
        } else if !store::transition(&mut tx, id, status.as_str(), status.as_str()).await? {
            return Err(stale());
        }
        for pick in &picks {
            let mut merged: BTreeMap<String, i64> = BTreeMap::new();
            for (lot, q) in &pick.lots {
                *merged.entry(lot.clone()).or_default() += q;
            }
            let merged: Vec<(String, i64)> = merged.into_iter().collect();
            store::replace_picks(&mut tx, &pick.line_id, &merged).await?;
            let short = shorts.iter().find(|(l, _, _)| l.id == pick.line_id);
            store::set_line_short_pick(&mut tx, &pick.line_id, short.map(|s| s.2.as_str())).await?;
        }
        if !shorts.is_empty() {
            // The shortfall and its reason go to the dispatch's history (the clinic reads it there too).
            let changes = shorts
                .iter()
                .map(|(line, total, reason)| {
                    Change::new(
                        &format!("{} separado", line.sku),
                        Some(qty_text(
                            line.approved_qty_milli.unwrap_or(0),
                            &line.base_uom,
                        )),
                        Some(format!(
                            "{} ({})",
                            qty_text(*total, &line.base_uom),
                            reason.as_str()
                        )),
                    )
                })
                .collect();
            history::record(
                &mut tx,
                &Entry {
                    entity: ENTITY,
                    entity_id: id,
                    action: "Separação parcial",
                    from_state: Some(DispatchStatus::EmSeparacao.as_str()),
                    to_state: Some(DispatchStatus::EmSeparacao.as_str()),
                    reason: None,
                    changes,
                },
                p,
                now,
            )
            .await?;
        }
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// Why a lot cannot be picked for `line` (another material, expired, unknown); `None` when it can.
    async fn lot_problem(
        &self,
        lot_id: &str,
        line: &LineRow,
        today: NaiveDate,
    ) -> Result<Option<&'static str>> {
        if lot_id.is_empty() {
            return Ok(None);
        }
        let lot: Option<(String, Option<NaiveDate>)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT material_id, expiry_date FROM stock_lots WHERE id = $1"
        ).bind(lot_id).fetch_optional(pool).await)?;
        Ok(match lot {
            Some((m, _)) if m != line.material_id => Some("Este lote é de outro material."),
            Some((_, expiry)) if rules::is_expired(expiry, today) => Some("Lote vencido"),
            Some(_) => None,
            None => Some("Lote não encontrado."),
        })
    }

    /// Ships: DISPATCH_OUT central → in transit for every line in one transaction, from the lots picked (or
    /// FEFO when none were). A line short of stock is 409 naming it, and nothing is posted.
    pub async fn ship(
        &self,
        id: &str,
        carrier: Option<String>,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        let row = self.visible(id, p).await?;
        keeper(p)?;
        let carrier = carrier
            .as_deref()
            .map(platform::text::collapse_spaces)
            .filter(|c| !c.is_empty());
        if carrier.as_ref().is_some_and(|c| c.chars().count() > 120) {
            return Err(Error::invalid_field(
                "transportador",
                "O transportador pode ter no máximo 120 caracteres.",
            ));
        }
        let now = self.clock.now();
        let today = self.clock.today();
        let mut tx = self.db.begin().await?;
        move_state(&mut tx, &row, DispatchEvent::Ship, DispatchStatus::Enviado).await?;
        let lines = store::lines_in(&mut tx, id).await?;
        let picks = store::picks_in(&mut tx, id).await?;
        let mut short: Vec<(usize, String)> = Vec::new();
        let mut plan: Vec<Shipment> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            let approved = line.approved_qty_milli.unwrap_or(0);
            if approved == 0 {
                plan.push((line, Vec::new(), 0));
                continue;
            }
            let picked: Vec<&PickRow> = picks.iter().filter(|k| k.line_id == line.id).collect();
            let short_pick = line.short_pick_reason.is_some();
            let lots: Vec<(String, i64)> = if picked.is_empty() && !short_pick {
                let available =
                    lot_stock_in(&mut tx, &line.material_id, &row.from_location_id).await?;
                let (lots, missing) = rules::fefo_pick(&available, approved, today, false);
                if missing > 0 {
                    short.push((i, missing_text(line, missing)));
                    continue;
                }
                lots
            } else {
                if let Some(k) = picked
                    .iter()
                    .find(|k| rules::is_expired(k.expiry_date, today))
                {
                    return Err(Error::invalid_field(
                        &format!("lines[{i}].lot_id"),
                        format!("Lote vencido: {}", k.lot_code.clone().unwrap_or_default()),
                    ));
                }
                let total: i64 = picked.iter().map(|k| k.qty_milli).sum();
                // A short pick (with its reason) ships what was picked; otherwise the line ships in full.
                if total < approved && !short_pick {
                    short.push((
                        i,
                        format!(
                            "{} ({}): separados {} de {}",
                            line.sku,
                            line.material_name,
                            qty_text(total, &line.base_uom),
                            qty_text(approved, &line.base_uom)
                        ),
                    ));
                    continue;
                }
                picked
                    .iter()
                    .map(|k| (k.lot_id.clone(), k.qty_milli))
                    .collect()
            };
            let mut ok = true;
            for (lot, q) in &lots {
                let held =
                    ledger_store::balance(&mut tx, &line.material_id, &row.from_location_id, lot)
                        .await?;
                if held < *q {
                    short.push((i, missing_text(line, q - held)));
                    ok = false;
                    break;
                }
            }
            if ok {
                let total = lots.iter().map(|(_, q)| q).sum();
                plan.push((line, lots, total));
            }
        }
        if !short.is_empty() {
            let names: Vec<String> = short.iter().map(|(_, s)| s.clone()).collect();
            let mut e = Error::conflict(
                "saldo_insuficiente",
                format!(
                    "Saldo insuficiente no depósito central: {}.",
                    names.join("; ")
                ),
            );
            for (i, s) in short {
                e = e.with_field(format!("lines[{i}]"), s);
            }
            return Err(e);
        }
        if plan.iter().all(|(_, _, shipped)| *shipped == 0) {
            return Err(Error::conflict(
                "nada_separado",
                "Nada foi separado para enviar. Cancele o despacho.",
            ));
        }
        for (line, lots, shipped) in &plan {
            let material = registers::material_in(&mut tx, &line.material_id)
                .await?
                .ok_or_else(|| Error::internal("dispatch line without material"))?;
            for (lot, q) in lots {
                let row_out = movement(
                    MovementKind::DispatchOut,
                    &line.material_id,
                    lot,
                    *q,
                    (&row.from_location_id, IN_TRANSIT),
                    material.avg_cost_micro,
                    (id, &row.number),
                    format!("dispatch:{id}:out:{}:{lot}", line.id),
                    p,
                    now,
                );
                ledger_store::insert(&mut tx, &row_out).await?;
            }
            store::replace_picks(&mut tx, &line.id, lots).await?;
            store::set_line_shipped(&mut tx, &line.id, *shipped).await?;
        }
        store::set_shipped(&mut tx, id, carrier.as_deref(), now).await?;
        let shortfalls: Vec<Change> = plan
            .iter()
            .filter(|(line, _, shipped)| *shipped < line.approved_qty_milli.unwrap_or(0))
            .map(|(line, _, shipped)| {
                Change::new(
                    &format!("{} enviado", line.sku),
                    Some(qty_text(
                        line.approved_qty_milli.unwrap_or(0),
                        &line.base_uom,
                    )),
                    Some(qty_text(*shipped, &line.base_uom)),
                )
            })
            .collect();
        let partial = !shortfalls.is_empty();
        history::record(
            &mut tx,
            &Entry {
                entity: ENTITY,
                entity_id: id,
                action: if partial {
                    "Enviado parcialmente"
                } else {
                    "Enviado"
                },
                from_state: Some(DispatchStatus::EmSeparacao.as_str()),
                to_state: Some(DispatchStatus::Enviado.as_str()),
                reason: None,
                changes: shortfalls,
            },
            p,
            now,
        )
        .await?;
        let mut staff = clinic_users(&mut tx, &row.clinic_location_id).await?;
        staff.push(row.requester_uid.clone());
        staff.sort();
        staff.dedup();
        self.jobs
            .publish(
                &mut tx,
                &Notify {
                    except: vec![p.uid.clone()],
                    ..Notify::to_users(
                        staff,
                        if partial {
                            format!("Despacho {} enviado parcialmente", row.number)
                        } else {
                            format!("Despacho {} enviado", row.number)
                        },
                        if partial {
                            "Alguns itens saíram com menos que o aprovado; veja o motivo no despacho. \
                             Confirme o recebimento no hub."
                        } else {
                            "Confira os itens ao receber e confirme o recebimento no hub."
                        },
                        url(id),
                    )
                },
            )
            .await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// The clinic confirms what arrived (`lines`: line id → (received, reason)); a line left out arrived as
    /// shipped. DISPATCH_IN posts what arrived (never more than shipped); a shortfall stays in transit and the
    /// dispatch is RECEBIDO_COM_DIVERGENCIA; every differing line needs its reason (`lines[i].motivo`).
    pub async fn receive(
        &self,
        id: &str,
        lines: Vec<(String, i64, Option<String>)>,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        p.require(&HUB)?;
        let row = self.visible(id, p).await?;
        let stored = store::lines(&self.db, id).await?;
        let mut received: BTreeMap<String, (i64, Option<String>)> = stored
            .iter()
            .map(|l| (l.id.clone(), (l.shipped_qty_milli.unwrap_or(0), None)))
            .collect();
        let mut v = Violations::new();
        for (i, (line_id, qty, reason)) in lines.iter().enumerate() {
            let Some(line) = stored.iter().find(|l| &l.id == line_id) else {
                v.add(
                    format!("lines[{i}].line_id"),
                    "Item não encontrado neste despacho.",
                );
                continue;
            };
            if !(0..=1_000_000_000_000).contains(qty) {
                v.add(
                    format!("lines[{i}].received_qty_milli"),
                    "Informe a quantidade recebida (zero ou mais).",
                );
            }
            let reason = reason
                .as_deref()
                .map(platform::text::collapse_spaces)
                .filter(|r| !r.is_empty());
            let differs = *qty != line.shipped_qty_milli.unwrap_or(0);
            match &reason {
                None if differs => v.add(
                    format!("lines[{i}].motivo"),
                    "Informe o motivo da divergência.",
                ),
                Some(r) if r.chars().count() > 500 => v.add(
                    format!("lines[{i}].motivo"),
                    "O motivo pode ter no máximo 500 caracteres.",
                ),
                _ => {}
            }
            received.insert(line.id.clone(), (*qty, reason));
        }
        v.finish()?;
        let any_difference = stored
            .iter()
            .any(|l| received[&l.id].0 != l.shipped_qty_milli.unwrap_or(0));
        let to = if any_difference {
            DispatchStatus::RecebidoComDivergencia
        } else {
            DispatchStatus::Recebido
        };
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        move_state(&mut tx, &row, DispatchEvent::Receive, to).await?;
        let picks = store::picks_in(&mut tx, id).await?;
        let mut changes = Vec::new();
        for line in &stored {
            let (qty, reason) = &received[&line.id];
            let receipt = ReceiptLine {
                shipped_milli: line.shipped_qty_milli.unwrap_or(0),
                received_milli: *qty,
            };
            let lots: Vec<(String, i64)> = picks
                .iter()
                .filter(|k| k.line_id == line.id)
                .map(|k| (k.lot_id.clone(), k.qty_milli))
                .collect();
            if receipt.posted() > 0 {
                let material = registers::material_in(&mut tx, &line.material_id)
                    .await?
                    .ok_or_else(|| Error::internal("dispatch line without material"))?;
                for (lot, q) in allocate(&lots, receipt.posted()) {
                    let cost = out_cost(&mut tx, id, &line.material_id, &lot)
                        .await?
                        .unwrap_or(material.avg_cost_micro);
                    let m = movement(
                        MovementKind::DispatchIn,
                        &line.material_id,
                        &lot,
                        q,
                        (IN_TRANSIT, &row.clinic_location_id),
                        cost,
                        (id, &row.number),
                        format!("dispatch:{id}:in:{}:{lot}", line.id),
                        p,
                        now,
                    );
                    ledger_store::insert(&mut tx, &m).await?;
                }
            }
            store::set_line_received(&mut tx, &line.id, *qty, reason.as_deref()).await?;
            if receipt.differs() {
                changes.push(Change::new(
                    &format!("{} recebido", line.sku),
                    Some(qty_text(receipt.shipped_milli, &line.base_uom)),
                    Some(format!(
                        "{} ({})",
                        qty_text(*qty, &line.base_uom),
                        reason.clone().unwrap_or_default()
                    )),
                ));
            }
        }
        store::set_received(&mut tx, id, now).await?;
        history::record(
            &mut tx,
            &Entry {
                entity: ENTITY,
                entity_id: id,
                action: if any_difference {
                    "Recebido com divergência"
                } else {
                    "Recebido"
                },
                from_state: Some(row.status.as_str()),
                to_state: Some(to.as_str()),
                reason: None,
                changes,
            },
            p,
            now,
        )
        .await?;
        let mut uids = vec![row.requester_uid.clone()];
        uids.extend(row.approver_uid.clone());
        self.jobs
            .publish(
                &mut tx,
                &Notify {
                    uids,
                    holders_of: Some(DISPATCH_RESOLVE.code.to_string()),
                    except: vec![p.uid.clone()],
                    title: format!("Despacho {} {}", row.number, to.label().to_lowercase()),
                    body: format!("{} confirmou o recebimento.", p.name),
                    url: url(id),
                },
            )
            .await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// A stock manager resolves what is still in transit under a dispatch received with differences:
    /// DISPATCH_RESOLUTION to loss, back to central, or to the clinic (delivered later); the dispatch is
    /// ENCERRADO. The reason is required (`motivo`).
    pub async fn resolve(
        &self,
        id: &str,
        to_where: Resolution,
        motivo: Option<&str>,
        p: &Principal,
    ) -> Result<DispatchDetail> {
        let row = self.visible(id, p).await?;
        p.require(&HUB)?;
        let reason = Reason::parse("motivo", motivo).map_err(|e| Error::invalid(vec![e]))?;
        let destination = match to_where {
            Resolution::Loss => "loc-loss".to_string(),
            Resolution::Central => row.from_location_id.clone(),
            Resolution::Clinic => row.clinic_location_id.clone(),
        };
        let pending = self.in_transit(id).await?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        move_state(
            &mut tx,
            &row,
            DispatchEvent::Resolve,
            DispatchStatus::Encerrado,
        )
        .await?;
        let lines = store::lines_in(&mut tx, id).await?;
        for ((material_id, lot), qty) in &pending {
            if *qty <= 0 {
                continue;
            }
            let cost = out_cost(&mut tx, id, material_id, lot).await?.unwrap_or(0);
            let m = movement(
                MovementKind::DispatchResolution,
                material_id,
                lot,
                *qty,
                (IN_TRANSIT, &destination),
                cost,
                (id, &row.number),
                format!("dispatch:{id}:resolve:{material_id}:{lot}"),
                p,
                now,
            );
            let m = MovementRow {
                reason: Some(reason.as_str().to_string()),
                ..m
            };
            ledger_store::insert(&mut tx, &m).await?;
            if let Some(line) = lines.iter().find(|l| &l.material_id == material_id) {
                store::add_line_resolved(&mut tx, &line.id, *qty).await?;
            }
        }
        store::set_closed(&mut tx, id, now).await?;
        let destination_label = match to_where {
            Resolution::Loss => "perda",
            Resolution::Central => "devolvido ao depósito central",
            Resolution::Clinic => "entregue à clínica",
        };
        history::record(
            &mut tx,
            &Entry {
                entity: ENTITY,
                entity_id: id,
                action: "Divergência resolvida",
                from_state: Some(row.status.as_str()),
                to_state: Some(DispatchStatus::Encerrado.as_str()),
                reason: Some(&reason),
                changes: vec![Change::new("destino", None, Some(destination_label.into()))],
            },
            p,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, p).await
    }

    /// The hub for one clinic (the first of the caller's when none is asked): balances, lots expiring within
    /// their alert window, negative balances, dispatches to receive and the latest requests.
    pub async fn hub(&self, location_id: Option<String>, p: &Principal) -> Result<HubSummary> {
        p.require(&HUB)?;
        let scope = self.scope(p).await?;
        let clinics: Vec<(String, String)> = registers::locations(&self.db, scope.as_deref())
            .await?
            .into_iter()
            .filter(|l| l.kind == LocationKind::Clinic && l.active)
            .map(|l| (l.id, l.name))
            .collect();
        let chosen = match location_id {
            Some(asked) => Some(
                clinics
                    .iter()
                    .find(|c| c.0 == asked)
                    .map(|c| c.0.clone())
                    .ok_or_else(|| Error::not_found("Clínica não encontrada."))?,
            ),
            None => clinics.first().map(|c| c.0.clone()),
        };
        let mut summary = HubSummary {
            clinics,
            location_id: chosen.clone(),
            balances: Vec::new(),
            expiring: Vec::new(),
            negative: Vec::new(),
            to_receive: Vec::new(),
            latest: Vec::new(),
        };
        let Some(clinic) = chosen else {
            return Ok(summary);
        };
        let today = self.clock.today();
        let balances = store::location_balances(&self.db, &clinic).await?;
        summary.expiring = balances
            .iter()
            .filter(|b| {
                b.qty_milli > 0
                    && b.expiry_date
                        .is_some_and(|e| e <= today + Duration::days(b.expiry_alert_days))
            })
            .cloned()
            .collect();
        summary.negative = balances
            .iter()
            .filter(|b| b.qty_milli < 0)
            .cloned()
            .collect();
        summary.balances = balances;
        if p.has(&DISPATCH_VIEW) {
            let to_receive = DispatchFilter {
                statuses: vec![DispatchStatus::Enviado.as_str().into()],
                clinics: Some(vec![clinic.clone()]),
                requester_uid: None,
            };
            summary.to_receive = store::list(&self.db, &to_receive, 0, 50).await?.0;
            let latest = DispatchFilter {
                clinics: Some(vec![clinic]),
                ..Default::default()
            };
            summary.latest = store::list(&self.db, &latest, 0, 10).await?.0;
        }
        Ok(summary)
    }
}

/// A line to ship: its lots and quantities, and the total.
type Shipment<'a> = (&'a LineRow, Vec<(String, i64)>, i64);

fn in_scope(scope: &Option<Vec<String>>, clinic: &str) -> bool {
    scope.as_ref().is_none_or(|s| s.iter().any(|c| c == clinic))
}

fn status_of(row: &DispatchRow) -> DispatchStatus {
    DispatchStatus::parse(&row.status).unwrap_or(DispatchStatus::Rascunho)
}

fn url(id: &str) -> String {
    format!("/hub/despachos?id={id}")
}

fn stale() -> Error {
    Error::conflict(
        "registro_alterado",
        "Registro alterado por outro usuário. Recarregue a página",
    )
}

fn not_own(row: &DispatchRow, p: &Principal) -> Result<()> {
    if p.is_self(&row.requester_uid) {
        return Err(Error::forbidden(
            "Você não pode aprovar a própria solicitação",
        ));
    }
    Ok(())
}

/// Picking and shipping need the hub and the dispatch flag too (§1), beyond the role the API checks.
fn keeper(p: &Principal) -> Result<()> {
    p.require(&HUB)?;
    p.require(&DISPATCH_VIEW)
}

/// Moves the dispatch from its state to `to` when `event` may leave from it (409 otherwise, or when someone
/// moved it first).
async fn move_state(
    tx: &mut Tx,
    row: &DispatchRow,
    event: DispatchEvent,
    to: DispatchStatus,
) -> Result<()> {
    let status = status_of(row);
    if !event.from().contains(&status) {
        return Err(Error::conflict("estado_invalido", event.refused(status)));
    }
    if !store::transition(tx, &row.id, status.as_str(), to.as_str()).await? {
        return Err(stale());
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn record(
    tx: &mut Tx,
    id: &str,
    action: &str,
    from: Option<DispatchStatus>,
    to: DispatchStatus,
    reason: Option<&Reason>,
    p: &Principal,
    at: DateTime<Utc>,
) -> Result<()> {
    history::record(
        tx,
        &Entry {
            entity: ENTITY,
            entity_id: id,
            action,
            from_state: from.map(DispatchStatus::as_str),
            to_state: Some(to.as_str()),
            reason,
            changes: Vec::new(),
        },
        p,
        at,
    )
    .await
}

#[allow(clippy::too_many_arguments)]
fn movement(
    kind: MovementKind,
    material_id: &str,
    lot: &str,
    qty: i64,
    (from, to): (&str, &str),
    unit_cost_micro: i64,
    (dispatch_id, number): (&str, &str),
    key: String,
    p: &Principal,
    now: DateTime<Utc>,
) -> MovementRow {
    MovementRow {
        id: uuid::Uuid::now_v7().to_string(),
        kind: kind.as_str().to_string(),
        material_id: material_id.to_string(),
        lot_id: (!lot.is_empty()).then(|| lot.to_string()),
        qty_milli: qty,
        from_location_id: from.to_string(),
        to_location_id: to.to_string(),
        unit_cost_micro,
        value_cents: rules::value_cents(qty, unit_cost_micro),
        occurred_at: now,
        posted_at: now,
        document_type: Some(ENTITY.to_string()),
        document_id: Some(dispatch_id.to_string()),
        reason: Some(format!("Despacho {number}")),
        created_by: p.uid.clone(),
        idempotency_key: key,
        reverses_id: None,
    }
}

/// The unit cost the dispatch shipped a lot at (the snapshot travels with the goods).
async fn out_cost(tx: &mut Tx, id: &str, material_id: &str, lot: &str) -> Result<Option<i64>> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT unit_cost_micro FROM stock_movements WHERE kind = 'DISPATCH_OUT' AND document_id = $1 \
         AND material_id = $2 AND COALESCE(lot_id, '') = $3 ORDER BY id LIMIT 1"
    ).bind(id).bind(material_id).bind(lot).fetch_optional(&mut *conn).await)?)
}

async fn clinic_users(tx: &mut Tx, location_id: &str) -> Result<Vec<String>> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT uid FROM stock_user_locations WHERE location_id = $1 ORDER BY uid"
    ).bind(location_id).fetch_all(&mut *conn).await)?)
}

/// The lots (and the no-lot balance, as lot "") a location holds of a material, with codes.
async fn central_lots(
    db: &Db,
    material_id: &str,
    location_id: &str,
) -> Result<Vec<(LotStock, Option<String>)>> {
    let rows: Vec<(String, Option<String>, Option<NaiveDate>, i64)> = on_db!(db, pool => sqlx::query_as(
        "SELECT b.lot_id, l.lot_code, l.expiry_date, b.qty_milli FROM stock_balances b \
         LEFT JOIN stock_lots l ON l.id = b.lot_id \
         WHERE b.material_id = $1 AND b.location_id = $2 AND b.qty_milli > 0"
    ).bind(material_id).bind(location_id).fetch_all(pool).await)?;
    Ok(rows
        .into_iter()
        .map(|(lot_id, code, expiry_date, qty_milli)| {
            (
                LotStock {
                    lot_id,
                    expiry_date,
                    qty_milli,
                },
                code,
            )
        })
        .collect())
}

async fn lot_stock_in(tx: &mut Tx, material_id: &str, location_id: &str) -> Result<Vec<LotStock>> {
    let rows: Vec<(String, Option<NaiveDate>, i64)> = on_tx!(tx, conn => sqlx::query_as(
        "SELECT b.lot_id, l.expiry_date, b.qty_milli FROM stock_balances b \
         LEFT JOIN stock_lots l ON l.id = b.lot_id \
         WHERE b.material_id = $1 AND b.location_id = $2 AND b.qty_milli > 0"
    ).bind(material_id).bind(location_id).fetch_all(&mut *conn).await)?;
    Ok(rows
        .into_iter()
        .map(|(lot_id, expiry_date, qty_milli)| LotStock {
            lot_id,
            expiry_date,
            qty_milli,
        })
        .collect())
}

fn suggest(lots: &[(LotStock, Option<String>)], qty: i64, today: NaiveDate) -> Vec<LotPick> {
    let stock: Vec<LotStock> = lots.iter().map(|l| l.0.clone()).collect();
    let (picks, _) = rules::fefo_pick(&stock, qty, today, false);
    picks
        .into_iter()
        .map(|(lot_id, q)| {
            let (lot, code) = lots
                .iter()
                .find(|l| l.0.lot_id == lot_id)
                .cloned()
                .expect("picked from these lots");
            LotPick {
                expiring_soon: soon(lot.expiry_date, today),
                expired: false,
                lot_id,
                lot_code: code,
                expiry_date: lot.expiry_date,
                qty_milli: q,
            }
        })
        .collect()
}

/// Every lot held, first expiry first (lots without expiry last), the expired ones flagged.
fn available(lots: &[(LotStock, Option<String>)], today: NaiveDate) -> Vec<LotPick> {
    let mut out: Vec<LotPick> = lots
        .iter()
        .map(|(lot, code)| LotPick {
            lot_id: lot.lot_id.clone(),
            lot_code: code.clone(),
            expiry_date: lot.expiry_date,
            qty_milli: lot.qty_milli,
            expiring_soon: soon(lot.expiry_date, today),
            expired: rules::is_expired(lot.expiry_date, today),
        })
        .collect();
    out.sort_by(|a, b| {
        (a.expiry_date.is_none(), a.expiry_date, &a.lot_code).cmp(&(
            b.expiry_date.is_none(),
            b.expiry_date,
            &b.lot_code,
        ))
    });
    out
}

/// The approvers' notice of a new request.
fn request_notice(number: &str, id: &str, lines: usize, clinic: &str, p: &Principal) -> Notify {
    Notify::to_holders(
        &DISPATCH_APPROVE,
        vec![p.uid.clone()],
        format!("Despacho {number} aguardando aprovação"),
        format!(
            "{} solicitou {} {} para {}.",
            p.name,
            lines,
            if lines == 1 { "item" } else { "itens" },
            clinic
        ),
        url(id),
    )
}

fn lot_pick(k: &PickRow, today: NaiveDate) -> LotPick {
    LotPick {
        lot_id: k.lot_id.clone(),
        lot_code: k.lot_code.clone(),
        expiry_date: k.expiry_date,
        qty_milli: k.qty_milli,
        expiring_soon: soon(k.expiry_date, today),
        expired: rules::is_expired(k.expiry_date, today),
    }
}

fn soon(expiry: Option<NaiveDate>, today: NaiveDate) -> bool {
    expiry.is_some_and(|e| e < today + Duration::days(30))
}

fn missing_text(line: &LineRow, missing: i64) -> String {
    format!(
        "{} ({}): faltam {}",
        line.sku,
        line.material_name,
        qty_text(missing, &line.base_uom)
    )
}

/// `1500` thousandths of `UN` → "1,5 UN"; thousands grouped with dots.
pub fn qty_text(milli: i64, uom: &str) -> String {
    let sign = if milli < 0 { "-" } else { "" };
    let abs = milli.unsigned_abs();
    let whole = (abs / 1000).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push('.');
        }
        grouped.push(c);
    }
    let frac = abs % 1000;
    let frac = if frac == 0 {
        String::new()
    } else {
        format!(",{}", format!("{frac:03}").trim_end_matches('0'))
    };
    format!("{sign}{grouped}{frac} {uom}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn quantities_read_in_portuguese() {
        assert_eq!(super::qty_text(1_500, "ML"), "1,5 ML");
        assert_eq!(super::qty_text(1_234_500, "UN"), "1.234,5 UN");
        assert_eq!(super::qty_text(6_000, "CX"), "6 CX");
        assert_eq!(super::qty_text(-250, "UN"), "-0,25 UN");
    }
}
