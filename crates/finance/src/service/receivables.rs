//! Receivables' operations: títulos (create through the API, or in a sale's transaction through
//! [`Receivables::create_in`]) and their installments' lifecycle (finance.md §3.1): receipt, reversal, extension,
//! cancellation, write-off and its reversion. Every command is one transaction with its history entries and the
//! event it publishes (`crate::events`).

use std::collections::HashMap;
use std::sync::Arc;

use banking::pdf::format_brl;
use chrono::{Datelike, NaiveDate};
use futures::{Stream, StreamExt};
use platform::access::Principal;
use platform::calendar::Calendar;
use platform::clock::SharedClock;
use platform::db::{Db, Tx};
use platform::error::{Error, ErrorKind, Result, Violations};
use platform::history::{self, Change, Entry, Reason, Recorded};
use platform::jobs::Jobs;

use crate::domain::receivable::{check_new_due_date, days_overdue, is_overdue, overdue_cutoff};
use crate::domain::renegotiation::{self, RenegotiationDraft};
use crate::domain::{
    AccountKind, Installment, InstallmentFilter, InstallmentStatus, InstallmentTotals, Nature,
    PaymentPosition, ReceiptDraft, ReceiptRecord, ReceiptSource, Receivable, ReceivableDraft,
    ReceivablePlan, SaleReceivable,
};
use crate::events::{ReceivableCancelled, ReceivableReversed, ReceivableSettled};
use crate::permissions::FINANCE_UNLIMITED_APPROVAL;
use crate::store::receivables::{self as store, InstallmentState};
use crate::store::{bank_accounts, chart, settings, Stamp};

use super::{or_duplicate, stale, with_history, written};

/// The history's name for a título.
pub const RECEIVABLE_ENTITY: &str = "finance.receivable";
/// The history's name for an installment.
pub const INSTALLMENT_ENTITY: &str = "finance.receivable_installment";

/// The numbering prefix of títulos: `CR-2026-000123`.
const PREFIX: &str = "CR";

/// An installment as of today: whether it is overdue (business days, São Paulo's today).
#[derive(Debug, Clone)]
pub struct InstallmentRead {
    pub installment: Installment,
    pub overdue: bool,
    /// From the due date; 0 when not overdue.
    pub days_overdue: i64,
}

/// A título with its installments.
#[derive(Debug, Clone)]
pub struct ReceivableDetail {
    pub receivable: Receivable,
    pub installments: Vec<InstallmentRead>,
}

/// An installment with its receipts (reversed ones included, marked).
#[derive(Debug, Clone)]
pub struct InstallmentDetail {
    pub installment: InstallmentRead,
    pub receipts: Vec<ReceiptRecord>,
}

/// One page of installments, how many match, and the sums over all of them.
#[derive(Debug, Clone)]
pub struct InstallmentPage {
    pub items: Vec<InstallmentRead>,
    pub total: i64,
    pub totals: InstallmentTotals,
}

/// Business dates read in one place: today in São Paulo and the holiday calendar.
struct Today {
    date: NaiveDate,
    calendar: Calendar,
}

impl Today {
    fn read(&self, installment: Installment) -> InstallmentRead {
        let (status, balance, due) = (
            installment.status,
            installment.balance_cents(),
            installment.due_date,
        );
        InstallmentRead {
            overdue: is_overdue(status, balance, due, self.date, &self.calendar),
            days_overdue: days_overdue(status, balance, due, self.date, &self.calendar),
            installment,
        }
    }
}

pub struct Receivables {
    db: Db,
    clock: SharedClock,
    /// The outbox of `ReceivableSettled`, `ReceivableReversed`, `ReceivableCancelled`.
    jobs: Jobs,
    /// The clients (read through crm's public interface, never its tables).
    crm: Arc<crm::Crm>,
}

impl Receivables {
    pub fn new(db: Db, clock: SharedClock, jobs: Jobs, crm: Arc<crm::Crm>) -> Receivables {
        Receivables {
            db,
            clock,
            jobs,
            crm,
        }
    }

    /// The clients' context (the demo data names its clients).
    pub(crate) fn crm(&self) -> &Arc<crm::Crm> {
        &self.crm
    }

    /// Today's business date in São Paulo.
    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    async fn now(&self) -> Result<Today> {
        Ok(Today {
            date: self.clock.today(),
            calendar: Calendar::load(&self.db).await?,
        })
    }

    /// One page of the installments `filter` matches (`overdue`: also those open and overdue today, the list's
    /// VENCIDO), how many match and the sums over all of them.
    pub async fn list(
        &self,
        mut filter: InstallmentFilter,
        overdue: bool,
        limit: i64,
        offset: i64,
    ) -> Result<InstallmentPage> {
        let today = self.now().await?;
        if overdue {
            filter.overdue_cutoff = Some(overdue_cutoff(today.date, &today.calendar));
        }
        // The page and the sums side by side, each on its own connection; the sums' count is the total.
        let (items, totals) = futures::future::try_join(
            store::page(&self.db, &filter, limit, offset),
            store::totals(&self.db, &filter),
        )
        .await?;
        Ok(InstallmentPage {
            items: items.into_iter().map(|i| today.read(i)).collect(),
            total: totals.count,
            totals,
        })
    }

    /// Every installment the list's filter matches, in its order, for an export.
    pub async fn stream(
        &self,
        mut filter: InstallmentFilter,
        overdue: bool,
    ) -> Result<impl Stream<Item = Result<InstallmentRead>> + Send + 'static> {
        let today = self.now().await?;
        if overdue {
            filter.overdue_cutoff = Some(overdue_cutoff(today.date, &today.calendar));
        }
        Ok(store::stream(&self.db, &filter).map(move |row| row.map(|i| today.read(i))))
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    /// A título with its installments.
    pub async fn get(&self, id: &str) -> Result<ReceivableDetail> {
        let receivable = store::receivable_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Título não encontrado."))?;
        let today = self.now().await?;
        let installments = store::installments_of(&self.db, id)
            .await?
            .into_iter()
            .map(|i| today.read(i))
            .collect();
        Ok(ReceivableDetail {
            receivable,
            installments,
        })
    }

    /// Where each of these títulos' payment stands today (one read for a list's page); an unknown id is absent.
    pub async fn positions(&self, ids: &[String]) -> Result<HashMap<String, PaymentPosition>> {
        let today = self.now().await?;
        let installments = store::installments_of_many(&self.db, ids).await?;
        let mut by_receivable: HashMap<&str, Vec<(&Installment, bool)>> = HashMap::new();
        for i in &installments {
            let overdue = is_overdue(
                i.status,
                i.balance_cents(),
                i.due_date,
                today.date,
                &today.calendar,
            );
            by_receivable
                .entry(i.receivable_id.as_str())
                .or_default()
                .push((i, overdue));
        }
        Ok(by_receivable
            .into_iter()
            .map(|(id, rows)| (id.to_string(), PaymentPosition::of(rows)))
            .collect())
    }

    /// An installment with its receipts.
    pub async fn installment(&self, id: &str) -> Result<InstallmentDetail> {
        let installment = self.current(id).await?;
        let receipts = store::receipts_of(&self.db, id).await?;
        Ok(InstallmentDetail {
            installment: self.now().await?.read(installment),
            receipts,
        })
    }

    pub(crate) async fn current(&self, id: &str) -> Result<Installment> {
        store::installment_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Parcela não encontrada."))
    }

    /// The installment as the person saw it: 409 when someone changed it since (its `version` moved on).
    async fn current_at(&self, id: &str, version: i64) -> Result<Installment> {
        let current = self.current(id).await?;
        if current.version != version {
            return Err(stale());
        }
        Ok(current)
    }

    /// A título's history (created…), oldest first.
    pub async fn history(&self, id: &str) -> Result<Vec<Recorded>> {
        store::receivable_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Título não encontrado."))?;
        history::of(&self.db, RECEIVABLE_ENTITY, id).await
    }

    /// An installment's history (created, receipts, reversals, extensions, cancellation, write-off…), oldest first.
    pub async fn installment_history(&self, id: &str) -> Result<Vec<Recorded>> {
        self.current(id).await?;
        history::of(&self.db, INSTALLMENT_ENTITY, id).await
    }

    /// Creates a título (origin MANUAL) and its installments: the total split with the odd cents on the first,
    /// due dates from `first_due`.
    pub async fn create(&self, draft: ReceivableDraft, by: &Principal) -> Result<ReceivableDetail> {
        let plan = draft.validate()?;
        let client = self.references(&plan).await?;
        let mut tx = self.db.begin().await?;
        let receivable = self.insert_plan(&mut tx, &plan, &client, by).await?;
        tx.commit().await?;
        self.get(&receivable.id).await
    }

    /// A sale's título, written in the caller's transaction (origin VENDA, origin_id = the sale; installments as
    /// given, numbered). One per sale: a second is 409. Nothing is written when the caller rolls back.
    pub async fn create_in(
        &self,
        tx: &mut Tx,
        sale: SaleReceivable,
        by: &Principal,
    ) -> Result<Receivable> {
        let chart_account_id = match &sale.chart_account_id {
            Some(id) => id.clone(),
            None => self.default_revenue_account().await?,
        };
        let plan = sale.validate(self.clock.today(), chart_account_id)?;
        if let Some(number) = store::sale_receivable_in(tx, &sale.sale_id).await? {
            return Err(sale_taken(&number));
        }
        let client = self.references(&plan).await?;
        self.insert_plan(tx, &plan, &client, by).await
    }

    /// The first active analytic RECEITA account of the chart, by code.
    async fn default_revenue_account(&self) -> Result<String> {
        let mut accounts: Vec<_> = chart::all(&self.db)
            .await?
            .into_iter()
            .filter(|a| a.active && a.kind == AccountKind::Analitica && a.nature == Nature::Receita)
            .collect();
        accounts.sort_by(|a, b| a.code.as_str().cmp(b.code.as_str()));
        accounts.into_iter().next().map(|a| a.id).ok_or_else(|| {
            Error::invalid_field(
                "chart_account_id",
                "O plano de contas não tem conta de receita analítica ativa.",
            )
        })
    }

    /// The client (crm), the chart account (an active analytic RECEITA one) and the bank account (an active one of
    /// the company), each refused on its field.
    async fn references(&self, plan: &ReceivablePlan) -> Result<crm::Client> {
        let mut v = Violations::new();
        let client = match self.crm.clients().get(&plan.client_id).await {
            Ok(client) => Some(client),
            Err(e) if e.kind == ErrorKind::NotFound => {
                v.add("client_id", "Cliente não encontrado.");
                None
            }
            Err(e) => return Err(e),
        };
        let field = "chart_account_id";
        match chart::by_id(&self.db, &plan.chart_account_id).await? {
            None => v.add(field, "Conta do plano não encontrada."),
            Some(a) if a.kind != AccountKind::Analitica => v.add(
                field,
                format!(
                    "A conta {} {} é sintética: escolha uma conta analítica.",
                    a.code.as_str(),
                    a.name
                ),
            ),
            Some(a) if a.nature != Nature::Receita => v.add(
                field,
                format!(
                    "A conta {} {} não é de receita: escolha uma conta de natureza RECEITA.",
                    a.code.as_str(),
                    a.name
                ),
            ),
            Some(a) if !a.active => v.add(
                field,
                format!("A conta {} {} está inativa.", a.code.as_str(), a.name),
            ),
            Some(_) => {}
        }
        if let Some(id) = &plan.bank_account_id {
            self.check_bank_account(id, "bank_account_id", &mut v)
                .await?;
        }
        v.finish()?;
        Ok(client.expect("found, or a violation above"))
    }

    /// An active bank account of the company, or a violation on `field`.
    async fn check_bank_account(&self, id: &str, field: &str, v: &mut Violations) -> Result<()> {
        match bank_accounts::by_id(&self.db, id).await? {
            None => v.add(field, "Conta bancária não encontrada."),
            Some(a) if !a.active => v.add(
                field,
                format!("A conta bancária {} está inativa.", a.fields.nickname),
            ),
            Some(_) => {}
        }
        Ok(())
    }

    /// Numbers the título in `tx` and writes it, its installments and their history entries.
    async fn insert_plan(
        &self,
        tx: &mut Tx,
        plan: &ReceivablePlan,
        client: &crm::Client,
        by: &Principal,
    ) -> Result<Receivable> {
        let stamp = Stamp::now(&self.clock, by);
        let number = platform::numbering::next(tx, PREFIX, plan.issue_date.year()).await?;
        let receivable = Receivable {
            id: uuid::Uuid::now_v7().to_string(),
            number,
            client_id: client.id.clone(),
            client_name: client.fields.name.clone(),
            client_document: client.fields.document.as_str().to_string(),
            description: plan.description.clone(),
            chart_account_id: plan.chart_account_id.clone(),
            origin: plan.origin,
            origin_id: plan.origin_id.clone(),
            issue_date: plan.issue_date,
            total_cents: plan.total_cents,
            payment_method: plan.payment_method,
            bank_account_id: plan.bank_account_id.clone(),
            version: 1,
            created_at: stamp.at,
            created_by: by.uid.clone(),
        };
        store::insert_receivable(tx, &receivable, &stamp)
            .await
            .map_err(|e| or_duplicate(e, || sale_taken("já lançado")))?;
        let count = plan.installments.len();
        let entry = Entry {
            entity: RECEIVABLE_ENTITY,
            entity_id: &receivable.id,
            action: "Título lançado",
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![
                added("number", &receivable.number),
                added("client", &receivable.client_name),
                added("origin", receivable.origin.as_str()),
                added("total_cents", &format_brl(receivable.total_cents)),
                added("installments", &count.to_string()),
            ],
        };
        history::record(tx, &entry, by, stamp.at).await?;
        for (n, (value, due)) in plan.installments.iter().enumerate() {
            let installment = Installment {
                id: uuid::Uuid::now_v7().to_string(),
                receivable_id: receivable.id.clone(),
                number: receivable.number.clone(),
                seq: n as i64 + 1,
                count: count as i64,
                client_id: receivable.client_id.clone(),
                client_name: receivable.client_name.clone(),
                client_document: receivable.client_document.clone(),
                description: receivable.description.clone(),
                origin: receivable.origin,
                origin_id: receivable.origin_id.clone(),
                issue_date: receivable.issue_date,
                due_date: *due,
                original_due_date: *due,
                value_cents: *value,
                received_cents: 0,
                status: InstallmentStatus::Aberto,
                payment_method: receivable.payment_method,
                bank_account_id: receivable.bank_account_id.clone(),
                write_off_reason: None,
                version: 1,
            };
            store::insert_installment(tx, &installment, &stamp).await?;
            let entry = Entry {
                entity: INSTALLMENT_ENTITY,
                entity_id: &installment.id,
                action: "Parcela lançada",
                from_state: None,
                to_state: Some(InstallmentStatus::Aberto.as_str()),
                reason: None,
                changes: vec![
                    added("label", &installment.label()),
                    added("value_cents", &format_brl(*value)),
                    added("due_date", &date(*due)),
                ],
            };
            history::record(tx, &entry, by, stamp.at).await?;
        }
        Ok(receivable)
    }

    /// Registers a receipt on an open installment over the version the person saw: PAGO when nothing is left;
    /// publishes `ReceivableSettled` with it.
    pub async fn register_receipt(
        &self,
        id: &str,
        version: i64,
        draft: ReceiptDraft,
        by: &Principal,
    ) -> Result<InstallmentDetail> {
        let current = self.current_at(id, version).await?;
        must_be_open(&current, "registrar recebimento")?;
        let receipt = draft.validate(current.balance_cents(), self.clock.today())?;
        let mut v = Violations::new();
        self.check_bank_account(&receipt.bank_account_id, "bank_account_id", &mut v)
            .await?;
        v.finish()?;
        let mut tx = self.db.begin().await?;
        self.receive_in(&mut tx, &current, receipt, ReceiptSource::Manual, by)
            .await?;
        tx.commit().await?;
        self.installment(id).await
    }

    /// Records `receipt` on the open installment `current` (read before, its version checked by the update) in
    /// the caller's transaction, with its history entry and `ReceivableSettled`: the receipt's id. Reconciliation
    /// settles the installments a match names this way, in the match's own transaction.
    pub(crate) async fn receive_in(
        &self,
        tx: &mut Tx,
        current: &Installment,
        receipt: crate::domain::Receipt,
        source: ReceiptSource,
        by: &Principal,
    ) -> Result<String> {
        let id = current.id.as_str();
        let version = current.version;
        let stamp = Stamp::now(&self.clock, by);
        let record = ReceiptRecord {
            id: uuid::Uuid::now_v7().to_string(),
            installment_id: current.id.clone(),
            receipt,
            source,
            reversed_at: None,
            reversed_by: None,
            reversed_reason: None,
            created_at: stamp.at,
            created_by: by.uid.clone(),
        };
        let r = &record.receipt;
        store::insert_receipt(tx, &record).await?;
        let received = store::live_principal(tx, id).await?;
        let status = current.status.after_receipts(current.value_cents, received);
        let state = InstallmentState {
            status,
            received_cents: received,
            due_date: current.due_date,
            write_off: None,
        };
        written(store::update_installment(tx, id, version, &state, &stamp).await?)?;
        let entry = Entry {
            entity: INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Recebimento registrado",
            from_state: Some(current.status.as_str()),
            to_state: Some(status.as_str()),
            reason: None,
            changes: vec![
                added("receipt", &describe(&record)),
                money_change("received_cents", current.received_cents, received),
            ],
        };
        history::record(tx, &entry, by, stamp.at).await?;
        let event = ReceivableSettled {
            id: record.id.clone(),
            receipt_id: record.id.clone(),
            installment_id: current.id.clone(),
            receivable_id: current.receivable_id.clone(),
            receivable_number: current.number.clone(),
            origin: current.origin.as_str().to_string(),
            origin_id: current.origin_id.clone(),
            client_id: current.client_id.clone(),
            principal_cents: r.principal_cents,
            interest_cents: r.interest_cents,
            fine_cents: r.fine_cents,
            date: r.date,
            paid_off: status == InstallmentStatus::Pago,
        };
        self.jobs.publish(tx, &event).await?;
        Ok(record.id)
    }

    /// Reverses a live receipt (kept, marked): what was received is recomputed and a PAGO installment reopens
    /// (ABERTO); publishes `ReceivableReversed`.
    pub async fn reverse_receipt(
        &self,
        id: &str,
        receipt_id: &str,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<InstallmentDetail> {
        let reason = reason_of(reason)?;
        let current = self.current(id).await?;
        let record = store::receipts_of(&self.db, id)
            .await?
            .into_iter()
            .find(|r| r.id == receipt_id)
            .ok_or_else(|| Error::not_found("Recebimento não encontrado."))?;
        if record.reversed_at.is_some() {
            return Err(already_reversed());
        }
        let mut tx = self.db.begin().await?;
        self.reverse_in(&mut tx, &current, &record, &reason, by)
            .await?;
        tx.commit().await?;
        self.installment(id).await
    }

    /// Reverses the live receipt `record` of `current` in the caller's transaction, with its history entry and
    /// `ReceivableReversed` (undoing a reconciliation reverses the receipts it created this way).
    pub(crate) async fn reverse_in(
        &self,
        tx: &mut Tx,
        current: &Installment,
        record: &ReceiptRecord,
        reason: &Reason,
        by: &Principal,
    ) -> Result<()> {
        let id = current.id.as_str();
        let receipt_id = record.id.as_str();
        let stamp = Stamp::now(&self.clock, by);
        if !store::reverse_receipt(tx, receipt_id, reason.as_str(), &stamp).await? {
            return Err(already_reversed());
        }
        let received = store::live_principal(tx, id).await?;
        let status = current.status.after_receipts(current.value_cents, received);
        let state = InstallmentState {
            status,
            received_cents: received,
            due_date: current.due_date,
            write_off: None,
        };
        written(store::update_installment(tx, id, current.version, &state, &stamp).await?)?;
        let entry = Entry {
            entity: INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Recebimento estornado",
            from_state: Some(current.status.as_str()),
            to_state: Some(status.as_str()),
            reason: Some(reason),
            changes: vec![
                Change {
                    field: "receipt".into(),
                    from: Some(describe(record)),
                    to: None,
                },
                money_change("received_cents", current.received_cents, received),
            ],
        };
        history::record(tx, &entry, by, stamp.at).await?;
        let r = &record.receipt;
        let event = ReceivableReversed {
            id: format!("{}:estorno", record.id),
            receipt_id: record.id.clone(),
            installment_id: current.id.clone(),
            receivable_id: current.receivable_id.clone(),
            receivable_number: current.number.clone(),
            origin: current.origin.as_str().to_string(),
            origin_id: current.origin_id.clone(),
            client_id: current.client_id.clone(),
            principal_cents: r.principal_cents,
            interest_cents: r.interest_cents,
            fine_cents: r.fine_cents,
            date: r.date,
            reason: reason.as_str().to_string(),
        };
        self.jobs.publish(tx, &event).await?;
        Ok(())
    }

    /// Moves an open installment's due date (on or after the título's issue, and a change); the original due
    /// date is kept.
    pub async fn extend(
        &self,
        id: &str,
        version: i64,
        due_date: Option<NaiveDate>,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<InstallmentDetail> {
        let reason = reason_of(reason)?;
        let current = self.current_at(id, version).await?;
        must_be_open(&current, "prorrogar")?;
        let due = check_new_due_date(due_date, current.due_date, current.issue_date)?;
        let state = InstallmentState {
            status: current.status,
            received_cents: current.received_cents,
            due_date: due,
            write_off: None,
        };
        let entry = Entry {
            entity: INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Vencimento prorrogado",
            from_state: Some(current.status.as_str()),
            to_state: Some(current.status.as_str()),
            reason: Some(&reason),
            changes: vec![Change {
                field: "due_date".into(),
                from: Some(date(current.due_date)),
                to: Some(date(due)),
            }],
        };
        self.transition(&current, version, &state, &entry, None, by)
            .await
    }

    /// Cancels an open installment of a título that did not come from a sale (those are cancelled through the
    /// sale); publishes `ReceivableCancelled`. A paid one is never cancelled (that is a refund).
    pub async fn cancel(
        &self,
        id: &str,
        version: i64,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<InstallmentDetail> {
        let reason = reason_of(reason)?;
        let current = self.current_at(id, version).await?;
        if current.status == InstallmentStatus::Pago {
            return Err(Error::conflict(
                "estado_invalido",
                format!(
                    "A parcela {} está paga (PAGO) e não pode ser cancelada: estorne o recebimento ou devolva o valor pelo cancelamento da venda.",
                    current.label()
                ),
            ));
        }
        must_be_open(&current, "cancelar")?;
        if !current.origin.allows_manual_cancel() {
            return Err(Error::conflict(
                "titulo_de_venda",
                format!(
                    "O título {} veio de uma venda: ele é cancelado pelo cancelamento da venda, não aqui.",
                    current.number
                ),
            ));
        }
        let status = InstallmentStatus::Cancelado;
        let state = InstallmentState {
            status,
            received_cents: current.received_cents,
            due_date: current.due_date,
            write_off: None,
        };
        let entry = Entry {
            entity: INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Parcela cancelada",
            from_state: Some(current.status.as_str()),
            to_state: Some(status.as_str()),
            reason: Some(&reason),
            changes: Vec::new(),
        };
        let event = ReceivableCancelled {
            id: format!("{}:cancelamento", current.id),
            installment_id: current.id.clone(),
            receivable_id: current.receivable_id.clone(),
            receivable_number: current.number.clone(),
            origin: current.origin.as_str().to_string(),
            origin_id: current.origin_id.clone(),
            client_id: current.client_id.clone(),
            balance_cents: current.balance_cents(),
            reason: reason.as_str().to_string(),
        };
        self.transition(&current, version, &state, &entry, Some(event), by)
            .await
    }

    /// Writes an open installment off without receipt (BAIXADO): its saldo within `by`'s alçada unless `by` holds
    /// `financeiro_alcada_ilimitada` (403 otherwise, naming the limit).
    pub async fn write_off(
        &self,
        id: &str,
        version: i64,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<InstallmentDetail> {
        let reason = reason_of(reason)?;
        let current = self.current_at(id, version).await?;
        must_be_open(&current, "baixar sem recebimento")?;
        if !by.has(&FINANCE_UNLIMITED_APPROVAL) {
            let limit = settings::get(&self.db)
                .await?
                .unwrap_or_default()
                .approval_limit;
            if current.balance_cents() > limit {
                return Err(Error::forbidden(format!(
                    "Valor acima da sua alçada ({}).",
                    format_brl(limit)
                )));
            }
        }
        let stamp = Stamp::now(&self.clock, by);
        let status = InstallmentStatus::Baixado;
        let state = InstallmentState {
            status,
            received_cents: current.received_cents,
            due_date: current.due_date,
            write_off: Some(Some((reason.as_str(), stamp.at, &by.uid))),
        };
        let entry = Entry {
            entity: INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Parcela baixada sem recebimento",
            from_state: Some(current.status.as_str()),
            to_state: Some(status.as_str()),
            reason: Some(&reason),
            changes: vec![Change {
                field: "balance_cents".into(),
                from: Some(format_brl(current.balance_cents())),
                to: None,
            }],
        };
        self.transition(&current, version, &state, &entry, None, by)
            .await
    }

    /// Reverts a write-off: BAIXADO → ABERTO.
    pub async fn revert_write_off(
        &self,
        id: &str,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<InstallmentDetail> {
        let reason = reason_of(reason)?;
        let current = self.current(id).await?;
        if current.status != InstallmentStatus::Baixado {
            return Err(Error::conflict(
                "estado_invalido",
                format!(
                    "A parcela {} está {} ({}): só uma parcela baixada sem recebimento tem a baixa revertida.",
                    current.label(),
                    current.status.label(),
                    current.status.as_str()
                ),
            ));
        }
        let status = InstallmentStatus::Aberto;
        let state = InstallmentState {
            status,
            received_cents: current.received_cents,
            due_date: current.due_date,
            write_off: Some(None),
        };
        let entry = Entry {
            entity: INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Baixa sem recebimento revertida",
            from_state: Some(current.status.as_str()),
            to_state: Some(status.as_str()),
            reason: Some(&reason),
            changes: Vec::new(),
        };
        self.transition(&current, current.version, &state, &entry, None, by)
            .await
    }

    /// Replaces open installments of one client (each over the version the person saw) by a new título of origin
    /// RENEGOCIACAO, in one transaction: each becomes RENEGOCIADO (final; money that still arrives for it is a
    /// pendência), the new título carries the first one's chart and bank accounts, and the histories link both ways.
    /// Títulos of sales may be renegotiated too (finance.md §2).
    pub async fn renegotiate(
        &self,
        draft: RenegotiationDraft,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<ReceivableDetail> {
        let today = self.clock.today();
        // Every field's violation at once: the reason's with the draft's.
        let (reason, terms) = match (reason_of(reason), draft.validate(today)) {
            (Ok(reason), Ok(terms)) => (reason, terms),
            (Err(mut a), Err(b)) => {
                a.fields.extend(b.fields);
                return Err(a);
            }
            (Err(e), _) | (_, Err(e)) => return Err(e),
        };
        let mut replaced = Vec::with_capacity(draft.installments.len());
        for (id, version) in &draft.installments {
            let current = self.current_at(id, *version).await?;
            must_be_open(&current, "renegociar")?;
            replaced.push(current);
        }
        if replaced
            .iter()
            .any(|i| i.client_id != replaced[0].client_id)
        {
            return Err(Error::invalid_field(
                "installments",
                "Só parcelas de um mesmo cliente são renegociadas juntas.",
            ));
        }
        let mut plan = terms.plan(&replaced, today)?;
        let original = store::receivable_by_id(&self.db, &replaced[0].receivable_id)
            .await?
            .ok_or_else(|| Error::not_found("Título não encontrado."))?;
        plan.chart_account_id = original.chart_account_id;
        let client = self.references(&plan).await?;
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        let receivable = self.insert_plan(&mut tx, &plan, &client, by).await?;
        let replaced_labels = renegotiation::labels(&replaced);
        for (current, (_, version)) in replaced.iter().zip(&draft.installments) {
            let state = InstallmentState {
                status: InstallmentStatus::Renegociado,
                received_cents: current.received_cents,
                due_date: current.due_date,
                write_off: None,
            };
            written(
                store::update_installment(&mut tx, &current.id, *version, &state, &stamp).await?,
            )?;
            // Its boleto goes as a cancelled installment's does (cancelled, or a BAIXA queued at the bank).
            let boleto =
                super::boletos::on_installment_cancelled(&mut tx, &current.id, by, stamp.at)
                    .await?;
            let mut changes = vec![added("renegotiated_into", &receivable.number)];
            if let Some(done) = boleto {
                changes.push(added("boleto", &done));
            }
            let entry = Entry {
                entity: INSTALLMENT_ENTITY,
                entity_id: &current.id,
                action: "Parcela renegociada",
                from_state: Some(current.status.as_str()),
                to_state: Some(InstallmentStatus::Renegociado.as_str()),
                reason: Some(&reason),
                changes,
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        let entry = Entry {
            entity: RECEIVABLE_ENTITY,
            entity_id: &receivable.id,
            action: "Renegociação",
            from_state: None,
            to_state: None,
            reason: Some(&reason),
            changes: vec![
                added("renegotiated", &replaced_labels),
                money_change(
                    "total_cents",
                    replaced.iter().map(Installment::balance_cents).sum(),
                    plan.total_cents,
                ),
            ],
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(&receivable.id).await
    }

    /// Writes a new state over `expected`, its history entry and its event, in one transaction.
    async fn transition(
        &self,
        current: &Installment,
        expected: i64,
        state: &InstallmentState<'_>,
        entry: &Entry<'_>,
        event: Option<ReceivableCancelled>,
        by: &Principal,
    ) -> Result<InstallmentDetail> {
        let stamp = Stamp::now(&self.clock, by);
        with_history(&self.db, entry, by, stamp.at, async |tx| {
            written(store::update_installment(tx, &current.id, expected, state, &stamp).await?)?;
            if let Some(event) = &event {
                // A cancellation: its live boleto is cancelled (never sent) or gets a BAIXA queued (at the bank).
                super::boletos::on_installment_cancelled(tx, &current.id, by, stamp.at).await?;
                self.jobs.publish(tx, event).await?;
            }
            Ok(())
        })
        .await?;
        self.installment(&current.id).await
    }
}

/// 409 unless the installment is still to be received, naming its state.
fn must_be_open(i: &Installment, doing: &str) -> Result<()> {
    if i.status.is_open() {
        return Ok(());
    }
    Err(Error::conflict(
        "estado_invalido",
        format!(
            "A parcela {} está {} ({}): só parcelas em aberto permitem {doing}.",
            i.label(),
            i.status.label(),
            i.status.as_str()
        ),
    ))
}

fn reason_of(text: Option<&str>) -> Result<Reason> {
    Reason::parse("reason", text).map_err(|v| Error::invalid(vec![v]))
}

fn sale_taken(number: &str) -> Error {
    Error::conflict(
        "titulo_da_venda_duplicado",
        format!("Esta venda já tem título a receber ({number})."),
    )
}

fn already_reversed() -> Error {
    Error::conflict(
        "recebimento_estornado",
        "Este recebimento já foi estornado.",
    )
}

fn added(field: &str, value: &str) -> Change {
    Change {
        field: field.to_string(),
        from: None,
        to: Some(value.to_string()),
    }
}

fn money_change(field: &str, from: i64, to: i64) -> Change {
    Change {
        field: field.to_string(),
        from: Some(format_brl(from)),
        to: Some(format_brl(to)),
    }
}

/// dd/mm/aaaa.
fn date(d: NaiveDate) -> String {
    d.format("%d/%m/%Y").to_string()
}

/// "R$ 103,00 em 10/03/2026 por PIX (juros R$ 1,00, multa R$ 2,00)", for the history.
fn describe(record: &ReceiptRecord) -> String {
    let r = &record.receipt;
    let mut parts = Vec::new();
    for (label, value) in [
        ("juros", r.interest_cents),
        ("multa", r.fine_cents),
        ("desconto", r.discount_cents),
    ] {
        if value > 0 {
            parts.push(format!("{label} {}", format_brl(value)));
        }
    }
    let charges = if parts.is_empty() {
        String::new()
    } else {
        format!(" ({})", parts.join(", "))
    };
    format!(
        "{} em {} por {}{charges}",
        format_brl(r.amount_cents),
        date(r.date),
        r.method.as_str()
    )
}
