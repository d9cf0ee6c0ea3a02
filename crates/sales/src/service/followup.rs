//! Order follow-up (`/follow-up-pedidos`; the rules in [`crate::domain::followup`]).
//!
//! - The tracks are created in the sale's confirmation transaction ([`create_tracks_in`]), one per product or
//!   procedure line, awaiting payment.
//! - finance's `ReceivableSettled` and `ReceivableReversed` reach sales through the outbox; the consumers
//!   ([`FollowUp::consumers`]) read the título's installments through finance's public interface and, in the
//!   delivery's transaction, release the tracks whose condition is now met (or put back a released track that
//!   did not move yet when a reversal undoes its payment). The platform records each event as consumed in the
//!   same transaction, so a second delivery changes nothing; the reconciliation itself is idempotent too.
//! - A sale becomes *concluída* when every installment is paid and every track is final: checked after a
//!   settlement and after a step that makes a track final.
//! - The steps are taken by hand over the version read (stale → 409), one forward at a time.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use finance::domain::receivable::InstallmentStatus;
use finance::events::{ReceivableReversed, ReceivableSettled};
use platform::calendar::Calendar;
use platform::clock::SharedClock;
use platform::db::{Db, Tx};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::jobs::Consumer;
use platform::Principal;

use crate::domain::followup::{
    advance, released_status, sla, sla_due, PaymentState, Sla, Step, StepDraft, Track, TrackKind,
    TrackStatus,
};
use crate::domain::{ReleaseCondition, Sale, SaleStatus};
use crate::service::sales::{SalesBook, SALE_ENTITY};
use crate::store::followup::{self as store, BoardFilter, BoardRow};

/// The history's name for a track.
pub const TRACK_ENTITY: &str = "sales.followup_track";
const NOT_FOUND: &str = "Acompanhamento não encontrado.";
/// finance's origin of a sale's título.
const SALE_ORIGIN: &str = "VENDA";
const SYSTEM_UID: &str = "sistema";

fn stale() -> Error {
    Error::conflict(
        "versao_desatualizada",
        "Este acompanhamento foi alterado por outra pessoa. Recarregue a página.",
    )
}

/// Who the consumers act as (the history's "Sistema").
fn system() -> Principal {
    Principal {
        uid: SYSTEM_UID.to_string(),
        email: String::new(),
        name: "Sistema (pagamento)".to_string(),
        role: None,
        flags: Default::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

/// A track as the board shows it: its sale, its owner's name and its SLA badge today.
#[derive(Debug, Clone)]
pub struct BoardItem {
    pub track: Track,
    pub sale_number: String,
    pub client_name: String,
    pub owner_id: String,
    pub owner_name: String,
    pub team_id: Option<String>,
    pub sla: Option<Sla>,
}

/// The board's filters as asked.
#[derive(Debug, Clone, Default)]
pub struct BoardQuery {
    pub status: Option<TrackStatus>,
    pub kind: Option<TrackKind>,
    pub unit_id: Option<String>,
    pub team_id: Option<String>,
}

/// The tracks of a confirmed sale, awaiting payment: one per product or procedure line (plans have none),
/// each with its catalog item's release condition (`conditions`, by catalog item id; absent: full payment, the
/// safe side). Written in the confirmation's transaction.
pub(crate) async fn create_tracks_in(
    tx: &mut Tx,
    sale: &Sale,
    conditions: &HashMap<String, ReleaseCondition>,
    by: &Principal,
    now: DateTime<Utc>,
) -> Result<()> {
    for (i, line) in sale.fields.lines.iter().enumerate() {
        let Some(kind) = TrackKind::of(line.kind) else {
            continue;
        };
        let track = Track {
            id: uuid::Uuid::now_v7().to_string(),
            sale_id: sale.id.clone(),
            item_seq: i as i64 + 1,
            catalog_item_id: line.catalog_item_id.clone(),
            description: line.description.clone(),
            quantity: line.quantity,
            kind,
            release_condition: conditions
                .get(&line.catalog_item_id)
                .copied()
                .unwrap_or(ReleaseCondition::FullPayment),
            status: TrackStatus::AwaitingPayment,
            released_at: None,
            sla_due_on: None,
            scheduled_on: None,
            unit_id: None,
            professional: None,
            tracking_code: None,
            status_at: now,
            version: 1,
            created_at: now,
            updated_at: now,
            updated_by: by.uid.clone(),
        };
        store::insert(tx, &track).await?;
        let entry = Entry {
            entity: TRACK_ENTITY,
            entity_id: &track.id,
            action: &format!("Acompanhamento criado com a venda {}", sale.number),
            from_state: None,
            to_state: Some(TrackStatus::AwaitingPayment.as_str()),
            reason: None,
            changes: Vec::new(),
        };
        history::record(tx, &entry, by, now).await?;
    }
    Ok(())
}

pub struct FollowUp {
    db: Db,
    clock: SharedClock,
    sales: Arc<SalesBook>,
    crm: Arc<crm::Crm>,
    finance: Arc<finance::Finance>,
}

impl FollowUp {
    pub fn new(
        db: Db,
        clock: SharedClock,
        sales: Arc<SalesBook>,
        crm: Arc<crm::Crm>,
        finance: Arc<finance::Finance>,
    ) -> FollowUp {
        FollowUp {
            db,
            clock,
            sales,
            crm,
            finance,
        }
    }

    /// The reactions to finance's settlements and reversals (names are stable: what they consumed is kept
    /// under them).
    pub fn consumers(self: &Arc<Self>) -> Vec<Consumer> {
        let settled = self.clone();
        let reversed = self.clone();
        vec![
            Consumer::on("sales.followup_liberar", move |tx, e: ReceivableSettled| {
                let this = settled.clone();
                async move {
                    match (e.origin.as_str(), e.origin_id) {
                        (SALE_ORIGIN, Some(sale)) => {
                            this.reconcile(tx, &sale, &e.receivable_id).await
                        }
                        _ => Ok(tx),
                    }
                }
            }),
            Consumer::on(
                "sales.followup_estorno",
                move |tx, e: ReceivableReversed| {
                    let this = reversed.clone();
                    async move {
                        match (e.origin.as_str(), e.origin_id) {
                            (SALE_ORIGIN, Some(sale)) => {
                                this.reconcile(tx, &sale, &e.receivable_id).await
                            }
                            _ => Ok(tx),
                        }
                    }
                },
            ),
        ]
    }

    /// The título's payment as the release needs it, read through finance (committed state: the event is
    /// delivered after the receipt's transaction).
    async fn payment(&self, receivable_id: &str) -> Result<PaymentState> {
        let detail = self.finance.receivables().get(receivable_id).await?;
        let installments: Vec<(i64, bool, bool)> = detail
            .installments
            .iter()
            .map(|r| {
                let i = &r.installment;
                (
                    i.seq,
                    i.status == InstallmentStatus::Pago,
                    i.status == InstallmentStatus::Cancelado,
                )
            })
            .collect();
        Ok(PaymentState::of(&installments))
    }

    /// Brings the sale's tracks in line with its payment: releases those whose condition is met, puts back
    /// those released that did not move when it no longer is, and concludes the sale when it is all done.
    async fn reconcile(&self, mut tx: Tx, sale_id: &str, receivable_id: &str) -> Result<Tx> {
        let payment = self.payment(receivable_id).await?;
        let calendar = Calendar::load(&self.db).await?;
        let (now, today) = (self.clock.now(), self.clock.today());
        let by = system();
        let tracks = store::of_sale_in(&mut tx, sale_id).await?;
        for track in &tracks {
            let met = payment.meets(track.release_condition);
            let next = if track.status == TrackStatus::AwaitingPayment && met {
                Track {
                    status: released_status(track.kind),
                    released_at: Some(now),
                    sla_due_on: Some(sla_due(track.kind, today, &calendar)),
                    ..track.clone()
                }
            } else if track.status == released_status(track.kind) && !met {
                Track {
                    status: TrackStatus::AwaitingPayment,
                    released_at: None,
                    sla_due_on: None,
                    ..track.clone()
                }
            } else {
                continue;
            };
            let action = if met {
                "Liberado pelo pagamento"
            } else {
                "Liberação desfeita (pagamento estornado)"
            };
            self.write(&mut tx, track, next, action, Vec::new(), &by, now)
                .await?;
        }
        let tracks = store::of_sale_in(&mut tx, sale_id).await?;
        conclude_if_done(&mut tx, sale_id, payment, &tracks, &by, now).await?;
        Ok(tx)
    }

    /// Writes `next` over `current`'s version with its history entry.
    #[allow(clippy::too_many_arguments)]
    async fn write(
        &self,
        tx: &mut Tx,
        current: &Track,
        mut next: Track,
        action: &str,
        changes: Vec<Change>,
        by: &Principal,
        now: DateTime<Utc>,
    ) -> Result<Track> {
        next.status_at = now;
        next.updated_at = now;
        next.updated_by = by.uid.clone();
        if !store::update(tx, &next, current.version).await? {
            return Err(stale());
        }
        let entry = Entry {
            entity: TRACK_ENTITY,
            entity_id: &current.id,
            action,
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason: None,
            changes,
        };
        history::record(tx, &entry, by, now).await?;
        next.version = current.version + 1;
        Ok(next)
    }

    /// The tracks of the sales `p` reaches, with the filters, oldest first.
    pub async fn board(&self, p: &Principal, query: BoardQuery) -> Result<Vec<BoardItem>> {
        let mut filter = BoardFilter {
            status: query.status,
            kind: query.kind,
            team_id: query.team_id,
            ..BoardFilter::default()
        };
        if let crm::domain::Scope::Users { users, teams } = self.crm.teams().scope(p).await? {
            filter.users = Some(users.into_iter().collect());
            filter.teams = teams.into_iter().collect();
        }
        if let Some(unit) = query.unit_id {
            filter.unit_teams = self.crm.teams().of_unit(&unit).await?;
            filter.unit_id = Some(unit);
        }
        let rows = store::board(&self.db, &filter).await?;
        self.items(rows).await
    }

    async fn items(&self, rows: Vec<BoardRow>) -> Result<Vec<BoardItem>> {
        let mut uids: Vec<&str> = rows.iter().map(|r| r.owner_id.as_str()).collect();
        uids.sort();
        uids.dedup();
        let names = self.crm.teams().names_of(&uids).await?;
        let today = self.clock.today();
        Ok(rows
            .into_iter()
            .map(|r| BoardItem {
                sla: sla(r.track.status, r.track.sla_due_on, today),
                owner_name: names.get(&r.owner_id).cloned().unwrap_or_default(),
                track: r.track,
                sale_number: r.sale_number,
                client_name: r.client_name,
                owner_id: r.owner_id,
                team_id: r.team_id,
            })
            .collect())
    }

    /// The track and its sale if `p` reaches the sale, else 404 as if it did not exist.
    async fn reached(&self, p: &Principal, id: &str) -> Result<(Track, Sale)> {
        let track = store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found(NOT_FOUND))?;
        let sale = match self.sales.reached(p, &track.sale_id).await {
            Ok(sale) => sale,
            Err(e) if e.kind == platform::error::ErrorKind::NotFound => {
                return Err(Error::not_found(NOT_FOUND))
            }
            Err(e) => return Err(e),
        };
        Ok((track, sale))
    }

    /// One track as the board shows it.
    pub async fn get(&self, p: &Principal, id: &str) -> Result<BoardItem> {
        let (track, sale) = self.reached(p, id).await?;
        self.item(track, &sale).await
    }

    async fn item(&self, track: Track, sale: &Sale) -> Result<BoardItem> {
        let row = BoardRow {
            track,
            sale_number: sale.number.clone(),
            client_name: sale.client_name.clone(),
            owner_id: sale.owner_id.clone(),
            team_id: sale.team_id.clone(),
        };
        let mut items = self.items(vec![row]).await?;
        items.pop().ok_or_else(|| Error::internal("no board item"))
    }

    /// The tracks of a sale `p` reaches (404 outside it), by item.
    pub async fn of_sale(&self, p: &Principal, sale_id: &str) -> Result<Vec<BoardItem>> {
        let sale = self.sales.reached(p, sale_id).await?;
        let mut items = Vec::new();
        for track in store::of_sale(&self.db, sale_id).await? {
            items.push(self.item(track, &sale).await?);
        }
        Ok(items)
    }

    /// Takes one step over the version read: 422 naming a missing field, 409 for a stale version, a track still
    /// awaiting payment or a step that is not the next; a track that becomes final may conclude the sale.
    pub async fn step(
        &self,
        p: &Principal,
        id: &str,
        version: i64,
        draft: StepDraft,
    ) -> Result<BoardItem> {
        let (current, sale) = self.reached(p, id).await?;
        let step = draft.validate()?;
        if let Step::Schedule { unit_id, .. } = &step {
            platform::units::active(&self.db, unit_id, "unit_id").await?;
        }
        if current.version != version {
            return Err(stale());
        }
        let to = advance(current.kind, current.status, &step)?;
        let now = self.clock.now();
        let next = current.stepped(to, &step, now, &p.uid);
        let payment = match (&sale.receivable_id, to.is_final()) {
            (Some(rid), true) => Some(self.payment(rid).await?),
            _ => None,
        };
        let mut tx = self.db.begin().await?;
        let changes = step_changes(&current, &next);
        let written = self
            .write(&mut tx, &current, next, step.action(), changes, p, now)
            .await?;
        if let Some(payment) = payment {
            let tracks = store::of_sale_in(&mut tx, &sale.id).await?;
            conclude_if_done(&mut tx, &sale.id, payment, &tracks, p, now).await?;
        }
        tx.commit().await?;
        self.item(written, &sale).await
    }

    pub async fn history(&self, p: &Principal, id: &str) -> Result<Vec<Recorded>> {
        self.reached(p, id).await?;
        history::of(&self.db, TRACK_ENTITY, id).await
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    /// The business date today (the demo's scheduling dates).
    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }
}

/// The data a step recorded, for the history.
fn step_changes(a: &Track, b: &Track) -> Vec<Change> {
    let opt = |o: &Option<String>| o.clone().unwrap_or_default();
    let date = |o: &Option<NaiveDate>| o.map(|d| d.to_string()).unwrap_or_default();
    [
        Change::of(
            "scheduled_on",
            &date(&a.scheduled_on),
            &date(&b.scheduled_on),
        ),
        Change::of("unit_id", &opt(&a.unit_id), &opt(&b.unit_id)),
        Change::of("professional", &opt(&a.professional), &opt(&b.professional)),
        Change::of(
            "tracking_code",
            &opt(&a.tracking_code),
            &opt(&b.tracking_code),
        ),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Concludes the sale when every installment is paid and every track is final (a sale of plans only has no
/// track: paid is enough). Only a confirmed or in-progress sale concludes.
async fn conclude_if_done(
    tx: &mut Tx,
    sale_id: &str,
    payment: PaymentState,
    tracks: &[Track],
    by: &Principal,
    now: DateTime<Utc>,
) -> Result<()> {
    if !payment.all_paid || !tracks.iter().all(|t| t.status.is_final()) {
        return Ok(());
    }
    let Some((status, version)) = store::sale_state_in(tx, sale_id).await? else {
        return Ok(());
    };
    let from = SaleStatus::parse(&status);
    if !matches!(from, Some(SaleStatus::Confirmed | SaleStatus::InProgress)) {
        return Ok(());
    }
    if !store::conclude_sale(tx, sale_id, version, now, &by.uid).await? {
        return Ok(());
    }
    let entry = Entry {
        entity: SALE_ENTITY,
        entity_id: sale_id,
        action: "Venda concluída (paga e com todos os itens entregues ou realizados)",
        from_state: Some(status.as_str()),
        to_state: Some(SaleStatus::Concluded.as_str()),
        reason: None,
        changes: Vec::new(),
    };
    history::record(tx, &entry, by, now).await
}
