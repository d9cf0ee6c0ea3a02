//! Posting to the ledger (manual movements, entries for other contexts, reversals), reading it, and keeping the
//! balance projection: every posting inserts its rows and moves their quantities in one transaction.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db, Tx};
use platform::error::{Error, Result};
use platform::{Principal, Violations};

use crate::domain::ledger::{self as rules, MovementKind, NewMovement};
use crate::domain::{LocationKind, Material};
use crate::store::ledger::{
    self as store, BalanceRow, MovementFilter, MovementListRow, MovementRow,
};
use crate::store::registers;

pub struct Ledger {
    db: Db,
    clock: SharedClock,
}

/// A posted row and whether this call posted it (false: an idempotent repeat).
#[derive(Debug, Clone)]
pub struct PostedMovement {
    pub rows: Vec<MovementRow>,
    pub repeated: bool,
}

/// A page of the ledger, and each row's running balance when one material and location are chosen.
#[derive(Debug, Clone)]
pub struct MovementPage {
    pub rows: Vec<(MovementListRow, Option<i64>)>,
    pub has_more: bool,
    pub balance_milli: Option<i64>,
}

/// Where the projection and the ledger disagree: (material, location, lot) → (stored, from the ledger).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drift(pub BTreeMap<(String, String, String), (i64, i64)>);

/// Where the consumption projection and the ledger disagree: (material, location, day) → ((qty, value) stored,
/// (qty, value) from the ledger).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsumptionDrift(pub BTreeMap<ConsumptionKey, (QtyValue, QtyValue)>);

/// (material, location, day).
pub type ConsumptionKey = (String, String, NaiveDate);
/// (quantity in thousandths, value in centavos).
pub type QtyValue = (i64, i64);

const MOVEMENT_NOT_FOUND: &str = "Movimentação não encontrada.";

impl Ledger {
    pub fn new(db: Db, clock: SharedClock) -> Ledger {
        Ledger { db, clock }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    /// A manual movement (entrada avulsa, perda por vencimento ou avaria, ajuste avulso) at a central or clinic
    /// location, or an entry of another context (PURCHASE_IN). Outgoing stock of a lot-tracked material without
    /// a lot is picked FEFO (one row per lot); an expired lot leaves only as LOSS_EXPIRY (422 "Lote vencido");
    /// no physical balance may go negative (409). Costed entries update the weighted average.
    pub async fn post(&self, m: NewMovement, principal: &Principal) -> Result<PostedMovement> {
        self.post_at(m, None, principal).await
    }

    /// Consumption in a procedure (PROCEDURE_CONSUMPTION, to CONSUMPTION) or a sale (SALE_OUT, to CUSTOMER) at the
    /// central warehouse or a clinic, that happened at `occurred_at`, for one material with no BOM in between (the
    /// overview's tests; a sale): the same posting as a procedure's BOM ([`post_consumption`]), FEFO over
    /// unexpired lots, what they lack "sem lote" (never blocked), valued at the average cost. Idempotent by key.
    pub async fn consume(
        &self,
        m: NewMovement,
        occurred_at: DateTime<Utc>,
        principal: &Principal,
    ) -> Result<PostedMovement> {
        let mut v = Violations::new();
        if !matches!(
            m.kind,
            MovementKind::ProcedureConsumption | MovementKind::SaleOut
        ) {
            v.add("kind", "Tipo de movimentação não permitido aqui.");
        }
        if !(1..=1_000_000_000_000).contains(&m.qty_milli) {
            v.add("qty_milli", "Informe uma quantidade maior que zero.");
        }
        if m.lot_code.is_some() {
            v.add("lot_code", "O consumo escolhe os lotes (FEFO).");
        }
        let reason = crate::domain::reason(m.reason.as_deref(), "reason", &mut v);
        v.finish()?;
        registers::location(&self.db, &m.location_id)
            .await?
            .filter(|l| matches!(l.kind, LocationKind::Central | LocationKind::Clinic) && l.active)
            .ok_or_else(|| {
                Error::invalid_field(
                    "location_id",
                    "Escolha o depósito central ou uma clínica ativa.",
                )
            })?;
        let key = m
            .idempotency_key
            .clone()
            .filter(|k| !k.trim().is_empty())
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        let mut tx = self.db.begin().await?;
        let repeated = store::by_key(&mut tx, &key).await?;
        if !repeated.is_empty() {
            tx.rollback().await?;
            return Ok(PostedMovement {
                rows: repeated,
                repeated: true,
            });
        }
        let material = registers::material_in(&mut tx, &m.material_id)
            .await?
            .ok_or_else(|| Error::invalid_field("material_id", "Material não encontrado."))?;
        let line = Consumption {
            kind: m.kind,
            material: &material,
            location_id: &m.location_id,
            qty_milli: m.qty_milli,
            occurred_at,
            document: None,
            reason,
            uid: &principal.uid,
        };
        let mut n = 0;
        let rows = post_consumption(
            &mut tx,
            &line,
            &key,
            &mut n,
            self.clock.now(),
            self.clock.today(),
        )
        .await?;
        tx.commit().await?;
        Ok(PostedMovement {
            rows,
            repeated: false,
        })
    }

    async fn post_at(
        &self,
        m: NewMovement,
        occurred_at: Option<DateTime<Utc>>,
        principal: &Principal,
    ) -> Result<PostedMovement> {
        let Some((virtual_kind, incoming)) = rules::manual_ends(m.kind, m.qty_milli) else {
            return Err(Error::invalid_field(
                "kind",
                "Tipo de movimentação não permitido aqui.",
            ));
        };
        let mut v = Violations::new();
        let qty = m.qty_milli.checked_abs().unwrap_or(0);
        if qty == 0 || (m.kind != MovementKind::ManualAdjustment && m.qty_milli < 0) {
            v.add("qty_milli", "Informe uma quantidade maior que zero.");
        }
        if qty > 1_000_000_000_000 {
            v.add("qty_milli", "Quantidade grande demais.");
        }
        let reason = crate::domain::reason(m.reason.as_deref(), "reason", &mut v);
        if let Some(c) = m.unit_cost_micro {
            if !incoming || !(0..=1_000_000_000_000_000).contains(&c) {
                v.add(
                    "unit_cost_micro",
                    "Custo unitário inválido (só em entradas, não negativo).",
                );
            }
        }
        v.finish()?;
        let location = registers::location(&self.db, &m.location_id)
            .await?
            .filter(|l| matches!(l.kind, LocationKind::Central | LocationKind::Clinic) && l.active)
            .ok_or_else(|| {
                Error::invalid_field(
                    "location_id",
                    "Escolha o depósito central ou uma clínica ativa.",
                )
            })?;
        let virtual_id = virtual_kind.singleton_id().unwrap_or_default().to_string();
        let key = m
            .idempotency_key
            .clone()
            .filter(|k| !k.trim().is_empty())
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        if key.len() > 200 {
            return Err(Error::invalid_field(
                "idempotency_key",
                "Chave longa demais (até 200 caracteres).",
            ));
        }
        let now = self.clock.now();
        let today = self.clock.today();
        let mut tx = self.db.begin().await?;
        let repeated = store::by_key(&mut tx, &key).await?;
        if !repeated.is_empty() {
            tx.rollback().await?;
            return Ok(PostedMovement {
                rows: repeated,
                repeated: true,
            });
        }
        let material = registers::material_in(&mut tx, &m.material_id)
            .await?
            .ok_or_else(|| Error::invalid_field("material_id", "Material não encontrado."))?;
        if !material.fields.active {
            return Err(Error::invalid_field(
                "material_id",
                "Material inativo não entra em novos lançamentos.",
            ));
        }
        // Lots: an entry names its lot (with expiry when tracked); an exit names one or is picked FEFO.
        let mut lines: Vec<(Option<String>, i64)> = Vec::new();
        let lot_code = m
            .lot_code
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_uppercase);
        if !material.fields.tracks_lot {
            if lot_code.is_some() {
                return Err(Error::invalid_field(
                    "lot_code",
                    "Este material não controla lotes.",
                ));
            }
            lines.push((None, qty));
        } else if incoming {
            let Some(code) = lot_code else {
                return Err(Error::invalid_field("lot_code", "Informe o lote."));
            };
            if code.chars().count() > 40 {
                return Err(Error::invalid_field(
                    "lot_code",
                    "O lote pode ter no máximo 40 caracteres.",
                ));
            }
            let lot = match registers::lot_by_code(&mut tx, &material.id, &code).await? {
                Some(lot) => {
                    if m.expiry_date.is_some() && m.expiry_date != lot.expiry_date {
                        return Err(Error::invalid_field(
                            "expiry_date",
                            "A validade difere da já registrada para este lote.",
                        ));
                    }
                    lot
                }
                None => {
                    if material.fields.tracks_expiry && m.expiry_date.is_none() {
                        return Err(Error::invalid_field(
                            "expiry_date",
                            "Informe a validade do lote.",
                        ));
                    }
                    let lot = registers::LotRow {
                        id: uuid::Uuid::now_v7().to_string(),
                        material_id: material.id.clone(),
                        lot_code: code,
                        expiry_date: m.expiry_date,
                    };
                    registers::insert_lot(&mut tx, &lot, now).await?;
                    lot
                }
            };
            lines.push((Some(lot.id), qty));
        } else {
            let allow_expired = m.kind == MovementKind::LossExpiry;
            match lot_code {
                Some(code) => {
                    let lot = registers::lot_by_code(&mut tx, &material.id, &code)
                        .await?
                        .ok_or_else(|| Error::invalid_field("lot_code", "Lote não encontrado."))?;
                    if !allow_expired && rules::is_expired(lot.expiry_date, today) {
                        return Err(Error::invalid_field("lot_code", "Lote vencido"));
                    }
                    lines.push((Some(lot.id), qty));
                }
                None => {
                    let lots = store::lot_stock(&mut tx, &material.id, &location.id).await?;
                    let (picks, missing) = rules::fefo_pick(&lots, qty, today, allow_expired);
                    if missing > 0 {
                        return Err(short(&material, missing));
                    }
                    lines.extend(picks.into_iter().map(|(lot, q)| (Some(lot), q)));
                }
            }
        }
        // Cost: a costed entry moves the average; everything else is valued at it.
        let mut unit_cost = material.avg_cost_micro;
        if let (true, Some(c)) = (m.kind.is_costed_entry(), m.unit_cost_micro) {
            let on_hand = store::on_hand(&mut tx, &material.id).await?;
            let avg = rules::weighted_average(on_hand, material.avg_cost_micro, qty, c);
            store::set_average(&mut tx, &material.id, avg).await?;
            unit_cost = c;
        }
        let mut rows = Vec::new();
        for (i, (lot_id, q)) in lines.into_iter().enumerate() {
            if !incoming {
                let held = store::balance(
                    &mut tx,
                    &material.id,
                    &location.id,
                    lot_id.as_deref().unwrap_or(""),
                )
                .await?;
                if held < q {
                    return Err(short(&material, q - held));
                }
            }
            let (from, to) = if incoming {
                (virtual_id.clone(), location.id.clone())
            } else {
                (location.id.clone(), virtual_id.clone())
            };
            let row = MovementRow {
                id: uuid::Uuid::now_v7().to_string(),
                kind: m.kind.as_str().to_string(),
                material_id: material.id.clone(),
                lot_id,
                qty_milli: q,
                from_location_id: from,
                to_location_id: to,
                unit_cost_micro: unit_cost,
                value_cents: rules::value_cents(q, unit_cost),
                occurred_at: occurred_at.unwrap_or(now),
                posted_at: now,
                document_type: None,
                document_id: None,
                reason: Some(reason.clone()),
                created_by: principal.uid.clone(),
                idempotency_key: if i == 0 {
                    key.clone()
                } else {
                    format!("{key}#{}", i + 1)
                },
                reverses_id: None,
            };
            insert(&mut tx, &row).await?;
            rows.push(row);
        }
        tx.commit().await?;
        Ok(PostedMovement {
            rows,
            repeated: false,
        })
    }

    /// Reverses a row: its ends swapped, same quantity, lot and cost snapshot. A row is reversed at most once
    /// (409), a reversal is not reversed (422), and the location it takes stock from may not go negative (409).
    pub async fn reverse(
        &self,
        id: &str,
        reason: Option<&str>,
        principal: &Principal,
    ) -> Result<MovementRow> {
        let mut v = Violations::new();
        let reason = crate::domain::reason(reason, "reason", &mut v);
        v.finish()?;
        let scope = super::scope(&self.db, principal).await?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let original = store::by_id_in(&mut tx, id)
            .await?
            .filter(|r| within(&scope, r))
            .ok_or_else(|| Error::not_found(MOVEMENT_NOT_FOUND))?;
        if original.reverses_id.is_some() {
            return Err(Error::invalid_field(
                "id",
                "Um estorno não pode ser estornado.",
            ));
        }
        if store::reversal_of(&mut tx, id).await?.is_some() {
            return Err(already_reversed());
        }
        let taken_from = registers::location(&self.db, &original.to_location_id).await?;
        if taken_from.is_some_and(|l| l.kind.is_physical()) {
            let lot = original.lot_id.clone().unwrap_or_default();
            let held = store::balance(
                &mut tx,
                &original.material_id,
                &original.to_location_id,
                &lot,
            )
            .await?;
            if held < original.qty_milli {
                return Err(Error::conflict(
                    "saldo_insuficiente",
                    "O estorno deixaria o saldo negativo no local de destino.",
                ));
            }
        }
        let row = reversal(&original, &reason, &principal.uid, now);
        insert(&mut tx, &row).await?;
        tx.commit().await?;
        Ok(row)
    }

    /// One row, or 404 when it does not exist or lies outside the caller's clinics.
    pub async fn movement(&self, id: &str, principal: &Principal) -> Result<MovementListRow> {
        let scope = super::scope(&self.db, principal).await?;
        let filter = MovementFilter {
            id: Some(id.to_string()),
            within: scope,
            ..Default::default()
        };
        let (mut rows, _) = store::list(&self.db, &filter, 1).await?;
        rows.pop()
            .ok_or_else(|| Error::not_found(MOVEMENT_NOT_FOUND))
    }

    /// The ledger newest first; with one material and one location, each row's balance there after it.
    pub async fn list(
        &self,
        mut filter: MovementFilter,
        limit: i64,
        principal: &Principal,
    ) -> Result<MovementPage> {
        let scope = super::scope(&self.db, principal).await?;
        if let (Some(scope), Some(loc)) = (&scope, &filter.location_id) {
            if !scope.contains(loc) {
                return Err(Error::not_found("Local não encontrado."));
            }
        }
        filter.within = scope;
        let (rows, has_more) = store::list(&self.db, &filter, limit).await?;
        let (Some(material), Some(location)) =
            (filter.material_id.clone(), filter.location_id.clone())
        else {
            return Ok(MovementPage {
                rows: rows.into_iter().map(|r| (r, None)).collect(),
                has_more,
                balance_milli: None,
            });
        };
        let current = store::location_balance(&self.db, &material, &location).await?;
        let mut running = match rows.first() {
            Some(first) => {
                current - store::net_after(&self.db, &material, &location, &first.row.id).await?
            }
            None => current,
        };
        let mut out = Vec::with_capacity(rows.len());
        for r in rows {
            let after = running;
            running -= if r.row.to_location_id == location {
                r.row.qty_milli
            } else {
                -r.row.qty_milli
            };
            out.push((r, Some(after)));
        }
        Ok(MovementPage {
            rows: out,
            has_more,
            balance_milli: Some(current),
        })
    }

    pub async fn balances(
        &self,
        material_id: Option<&str>,
        location_id: Option<&str>,
        principal: &Principal,
    ) -> Result<Vec<BalanceRow>> {
        let scope = super::scope(&self.db, principal).await?;
        Ok(store::balances(&self.db, material_id, location_id, scope.as_deref()).await?)
    }

    /// Recomputes the projections (balances and consumption) from the ledger (`backoffice stock
    /// rebuild-balances`); returns the balance rows.
    pub async fn rebuild_balances(&self) -> Result<u64> {
        Ok(store::rebuild(&self.db).await?)
    }

    /// Where the projection differs from the ledger's sum (`backoffice stock check`); empty when in step.
    pub async fn check(&self) -> Result<Drift> {
        let (stored, computed) = store::projection_and_ledger(&self.db).await?;
        let mut drift: BTreeMap<(String, String, String), (i64, i64)> = BTreeMap::new();
        for b in stored {
            drift
                .entry((b.material_id, b.location_id, b.lot_id))
                .or_default()
                .0 = b.qty_milli;
        }
        for b in computed {
            drift
                .entry((b.material_id, b.location_id, b.lot_id))
                .or_default()
                .1 = b.qty_milli;
        }
        drift.retain(|_, (a, b)| a != b);
        Ok(Drift(drift))
    }

    /// Where the consumption projection differs from its recomputation from the ledger
    /// (`backoffice stock check`); empty when in step.
    pub async fn check_consumption(&self) -> Result<ConsumptionDrift> {
        let (stored, computed) = store::consumption_and_ledger(&self.db).await?;
        let mut drift: BTreeMap<ConsumptionKey, (QtyValue, QtyValue)> = BTreeMap::new();
        for (k, v) in stored {
            drift.entry(k).or_default().0 = v;
        }
        for (k, v) in computed {
            drift.entry(k).or_default().1 = v;
        }
        drift.retain(|_, (a, b)| a != b);
        Ok(ConsumptionDrift(drift))
    }

    /// A purchase receipt's entry (for purchasing): `m` posted as PURCHASE_IN; its unit cost updates the average.
    pub async fn receive(&self, m: NewMovement, principal: &Principal) -> Result<PostedMovement> {
        if m.unit_cost_micro.is_none() {
            return Err(Error::invalid_field(
                "unit_cost_micro",
                "Informe o custo unitário do recebimento.",
            ));
        }
        let m = NewMovement {
            kind: MovementKind::PurchaseIn,
            ..m
        };
        self.post(m, principal).await
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }
}

/// One material leaving a location automatically: a procedure's line, or a sale.
pub(crate) struct Consumption<'a> {
    /// PROCEDURE_CONSUMPTION (to CONSUMPTION) or SALE_OUT (to CUSTOMER).
    pub kind: MovementKind,
    pub material: &'a Material,
    pub location_id: &'a str,
    pub qty_milli: i64,
    pub occurred_at: DateTime<Utc>,
    /// (document type, document id).
    pub document: Option<(String, String)>,
    pub reason: String,
    pub uid: &'a str,
}

/// Posts an automatic consumption in the caller's transaction, the one path for procedures (BOM) and sales
/// (§5(d)): FEFO over the location's unexpired lots; what they lack leaves "sem lote" and the balance goes
/// negative (it never blocks the clinic); every row valued at the material's average cost. Rows are keyed `key`,
/// `key#2`, … counting on from `*n` (a procedure's materials share one key).
pub(crate) async fn post_consumption(
    tx: &mut Tx,
    c: &Consumption<'_>,
    key: &str,
    n: &mut usize,
    now: DateTime<Utc>,
    today: NaiveDate,
) -> Result<Vec<MovementRow>> {
    let to = match c.kind {
        MovementKind::SaleOut => LocationKind::Customer,
        _ => LocationKind::Consumption,
    }
    .singleton_id()
    .unwrap_or_default()
    .to_string();
    let mut picks: Vec<(Option<String>, i64)> = Vec::new();
    if c.material.fields.tracks_lot {
        let lots = store::lot_stock(tx, &c.material.id, c.location_id).await?;
        let (taken, missing) = rules::fefo_pick(&lots, c.qty_milli, today, false);
        picks.extend(taken.into_iter().map(|(lot, q)| (Some(lot), q)));
        if missing > 0 {
            picks.push((None, missing));
        }
    } else {
        picks.push((None, c.qty_milli));
    }
    let mut rows = Vec::with_capacity(picks.len());
    for (lot_id, q) in picks {
        *n += 1;
        let row = MovementRow {
            id: uuid::Uuid::now_v7().to_string(),
            kind: c.kind.as_str().to_string(),
            material_id: c.material.id.clone(),
            lot_id,
            qty_milli: q,
            from_location_id: c.location_id.to_string(),
            to_location_id: to.clone(),
            unit_cost_micro: c.material.avg_cost_micro,
            value_cents: rules::value_cents(q, c.material.avg_cost_micro),
            occurred_at: c.occurred_at,
            posted_at: now,
            document_type: c.document.as_ref().map(|d| d.0.clone()),
            document_id: c.document.as_ref().map(|d| d.1.clone()),
            reason: Some(c.reason.clone()),
            created_by: c.uid.to_string(),
            idempotency_key: if *n == 1 {
                key.to_string()
            } else {
                format!("{key}#{n}")
            },
            reverses_id: None,
        };
        store::insert(tx, &row).await?;
        rows.push(row);
    }
    Ok(rows)
}

/// The REVERSAL of a row: its ends swapped, same quantity, lot and cost snapshot, keyed `reversal:{id}` (the
/// unique `reverses_id` keeps it to one per row). Manual reversals and a procedure's reversal share it.
pub(crate) fn reversal(
    original: &MovementRow,
    reason: &str,
    uid: &str,
    now: DateTime<Utc>,
) -> MovementRow {
    MovementRow {
        id: uuid::Uuid::now_v7().to_string(),
        kind: MovementKind::Reversal.as_str().to_string(),
        material_id: original.material_id.clone(),
        lot_id: original.lot_id.clone(),
        qty_milli: original.qty_milli,
        from_location_id: original.to_location_id.clone(),
        to_location_id: original.from_location_id.clone(),
        unit_cost_micro: original.unit_cost_micro,
        value_cents: original.value_cents,
        occurred_at: now,
        posted_at: now,
        document_type: original.document_type.clone(),
        document_id: original.document_id.clone(),
        reason: Some(reason.to_string()),
        created_by: uid.to_string(),
        idempotency_key: format!("reversal:{}", original.id),
        reverses_id: Some(original.id.clone()),
    }
}

async fn insert(tx: &mut Tx, row: &MovementRow) -> Result<()> {
    match store::insert(tx, row).await {
        Ok(()) => Ok(()),
        Err(e) if is_unique_violation(&e) && row.reverses_id.is_some() => Err(already_reversed()),
        Err(e) => Err(e.into()),
    }
}

fn already_reversed() -> Error {
    Error::conflict("ja_estornado", "Esta movimentação já foi estornada.")
}

fn short(material: &Material, missing: i64) -> Error {
    Error::conflict(
        "saldo_insuficiente",
        format!(
            "Saldo insuficiente de {} ({}): faltam {} milésimos de {}.",
            material.fields.sku, material.fields.name, missing, material.fields.base_uom
        ),
    )
    .with_field(
        "qty_milli",
        format!("Saldo insuficiente de {}.", material.fields.sku),
    )
}

fn within(scope: &Option<Vec<String>>, r: &MovementRow) -> bool {
    scope
        .as_ref()
        .is_none_or(|s| s.contains(&r.from_location_id) || s.contains(&r.to_location_id))
}
