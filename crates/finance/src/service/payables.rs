//! Payables' operations (finance.md §2 `/contas-a-pagar` and `/pagamentos`, §3.2): create and edit drafts,
//! approval within the alçada (never one's own), devolução, cancellation, duplication; scheduling, manual
//! payments (`PayableSettled`) and their reversal. Every command is one transaction with its history entries and
//! the event it publishes.
//!
//! Two operations exist for the payment remessa and retorno work that comes later and are not on the HTTP API:
//! [`Payables::put_in_remittance`] (AGENDADO → EM_REMESSA, the only way into EM_REMESSA) and
//! [`Payables::reject_by_bank`] (EM_REMESSA → REJEITADO, publishing `PayableRejected`).

use std::collections::HashMap;
use std::sync::Arc;

use banking::document::validate_document;
use banking::pdf::format_brl;
use chrono::{DateTime, Datelike, NaiveDate, Utc};
use platform::access::Principal;
use platform::calendar::Calendar;
use platform::clock::SharedClock;
use platform::db::{Db, Tx};
use platform::error::{Error, ErrorKind, Result, Violations};
use platform::history::{self, Change, Entry, Reason, Recorded};
use platform::jobs::Jobs;

use crate::domain::payable::{
    read_linha, return_comment, AgendaFilter, AgendaTotals, Allocation, LinhaRead, Payable,
    PayableDraft, PayableFilter, PayableInstallment, PayableInstallmentStatus as S, PayableOrigin,
    PayablePlan, PayableStatus, PayableTotals, PayeeSnapshot, PaymentDraft, PaymentRecord,
    PaymentSource, PlannedInstallment,
};
use crate::domain::{AccountKind, BankDataStatus, Nature, Share};
use crate::events::{PayableRejected, PayableSettled};
use crate::permissions::{FINANCE_UNLIMITED_APPROVAL, PAYMENTS_REVERSE};
use crate::store::payables::{self as store, Listed};
use crate::store::{bank_accounts, chart, cost_centers, settings, suppliers, Stamp};

use super::{stale, written};

/// The history's name for a payable.
pub const PAYABLE_ENTITY: &str = "finance.payable";
/// The history's name for an installment of a payable.
pub const PAYABLE_INSTALLMENT_ENTITY: &str = "finance.payable_installment";

/// `CP-2026-000123`.
const PREFIX: &str = "CP";

/// A payable with its rateio and installments.
#[derive(Debug, Clone)]
pub struct PayableDetail {
    pub payable: Payable,
    pub allocations: Vec<Allocation>,
    pub installments: Vec<PayableInstallment>,
    pub paid_cents: i64,
}

/// One page of payables with their rateio, how many match and the sums over all of them.
#[derive(Debug, Clone)]
pub struct PayablePage {
    pub items: Vec<(Listed, Vec<Allocation>)>,
    pub total: i64,
    pub totals: PayableTotals,
}

/// An installment as of today: whether it falls due today in no remessa (the agenda's badge).
#[derive(Debug, Clone)]
pub struct AgendaRead {
    pub installment: PayableInstallment,
    pub due_today_unsent: bool,
}

/// One page of the agenda, how many match and the sums (per day too) over all of them.
#[derive(Debug, Clone)]
pub struct AgendaPage {
    pub items: Vec<AgendaRead>,
    pub total: i64,
    pub totals: AgendaTotals,
}

/// An installment with its payments (reversed ones included, marked).
#[derive(Debug, Clone)]
pub struct PayableInstallmentDetail {
    pub installment: AgendaRead,
    pub payments: Vec<PaymentRecord>,
}

/// What an NF-e XML suggests for a new payable (nothing is saved).
#[derive(Debug, Clone)]
pub struct NfeSuggestion {
    pub nfe: banking::nfe::Nfe,
    /// The active supplier with the emitter's document, if any.
    pub supplier_id: Option<String>,
    pub supplier_name: Option<String>,
}

/// Who the payable pays: name and document.
struct Payee {
    name: String,
    document: String,
}

pub struct Payables {
    db: Db,
    clock: SharedClock,
    /// The outbox of `PayableSettled` and `PayableRejected`.
    jobs: Jobs,
    /// Clients, for refunds (read through crm's public interface).
    crm: Arc<crm::Crm>,
}

impl Payables {
    pub fn new(db: Db, clock: SharedClock, jobs: Jobs, crm: Arc<crm::Crm>) -> Payables {
        Payables {
            db,
            clock,
            jobs,
            crm,
        }
    }

    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    fn read(&self, installment: PayableInstallment) -> AgendaRead {
        let today = self.clock.today();
        AgendaRead {
            due_today_unsent: installment.due_date == today
                && installment.remittance_id.is_none()
                && matches!(installment.status, S::Rascunho | S::Aprovado | S::Agendado),
            installment,
        }
    }

    /// The approval limit of `by`: none with `financeiro_alcada_ilimitada`.
    async fn limit_of(&self, by: &Principal) -> Result<Option<i64>> {
        if by.has(&FINANCE_UNLIMITED_APPROVAL) {
            return Ok(None);
        }
        Ok(Some(
            settings::get(&self.db)
                .await?
                .unwrap_or_default()
                .approval_limit,
        ))
    }

    /// One page of payables (`awaiting_mine`: those `by` may approve now), how many match and their sums.
    pub async fn list(
        &self,
        mut filter: PayableFilter,
        awaiting_mine: bool,
        by: &Principal,
        limit: i64,
        offset: i64,
    ) -> Result<PayablePage> {
        if awaiting_mine {
            filter.awaiting_approval_of = Some((by.uid.clone(), self.limit_of(by).await?));
        }
        let (items, total) = store::list_payables(&self.db, &filter, limit, offset).await?;
        let totals = store::payable_totals(&self.db, &filter).await?;
        let mut with_rateio = Vec::with_capacity(items.len());
        for listed in items {
            let allocations = store::allocations_of(&self.db, &listed.payable.id).await?;
            with_rateio.push((listed, allocations));
        }
        Ok(PayablePage {
            items: with_rateio,
            total,
            totals,
        })
    }

    /// Every payable the list's filter matches, for an export.
    pub async fn export(
        &self,
        mut filter: PayableFilter,
        awaiting_mine: bool,
        by: &Principal,
    ) -> Result<Vec<Listed>> {
        if awaiting_mine {
            filter.awaiting_approval_of = Some((by.uid.clone(), self.limit_of(by).await?));
        }
        Ok(store::all_payables(&self.db, &filter).await?)
    }

    /// One page of the agenda (installments), how many match and the sums per day over all of them.
    pub async fn agenda(
        &self,
        filter: AgendaFilter,
        limit: i64,
        offset: i64,
    ) -> Result<AgendaPage> {
        let (items, total) = store::list_agenda(&self.db, &filter, limit, offset).await?;
        let totals = store::agenda_totals(&self.db, &filter).await?;
        Ok(AgendaPage {
            items: items.into_iter().map(|i| self.read(i)).collect(),
            total,
            totals,
        })
    }

    /// Every installment the agenda's filter matches, for an export.
    pub async fn export_agenda(&self, filter: AgendaFilter) -> Result<Vec<AgendaRead>> {
        Ok(store::all_agenda(&self.db, &filter)
            .await?
            .into_iter()
            .map(|i| self.read(i))
            .collect())
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    async fn payable(&self, id: &str) -> Result<Payable> {
        store::payable_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Conta a pagar não encontrada."))
    }

    async fn payable_at(&self, id: &str, version: i64) -> Result<Payable> {
        let p = self.payable(id).await?;
        if p.version != version {
            return Err(stale());
        }
        Ok(p)
    }

    /// A payable with its rateio and installments.
    pub async fn get(&self, id: &str) -> Result<PayableDetail> {
        let payable = self.payable(id).await?;
        let allocations = store::allocations_of(&self.db, id).await?;
        let installments = store::installments_of(&self.db, id).await?;
        Ok(PayableDetail {
            paid_cents: installments.iter().map(|i| i.paid_cents).sum(),
            payable,
            allocations,
            installments,
        })
    }

    async fn current(&self, id: &str) -> Result<PayableInstallment> {
        store::installment_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Parcela não encontrada."))
    }

    async fn current_at(&self, id: &str, version: i64) -> Result<PayableInstallment> {
        let i = self.current(id).await?;
        if i.version != version {
            return Err(stale());
        }
        Ok(i)
    }

    /// An installment with its payments.
    pub async fn installment(&self, id: &str) -> Result<PayableInstallmentDetail> {
        let installment = self.current(id).await?;
        let payments = store::payments_of(&self.db, id).await?;
        Ok(PayableInstallmentDetail {
            installment: self.read(installment),
            payments,
        })
    }

    pub async fn history(&self, id: &str) -> Result<Vec<Recorded>> {
        self.payable(id).await?;
        history::of(&self.db, PAYABLE_ENTITY, id).await
    }

    pub async fn installment_history(&self, id: &str) -> Result<Vec<Recorded>> {
        self.current(id).await?;
        history::of(&self.db, PAYABLE_INSTALLMENT_ENTITY, id).await
    }

    /// Per supplier: (what is still to be paid, the last payment's date) — the suppliers list's "Em aberto" and
    /// "Último pagamento".
    pub async fn supplier_positions(&self) -> Result<HashMap<String, (i64, Option<NaiveDate>)>> {
        Ok(store::supplier_positions(&self.db)
            .await?
            .into_iter()
            .map(|(id, open, last)| (id, (open, last)))
            .collect())
    }

    // ---- reading outside documents ----

    /// Reads an NF-e XML into a suggestion (nothing saved): 422 on `file` when it is not a readable NF-e.
    pub async fn read_nfe(&self, bytes: &[u8]) -> Result<NfeSuggestion> {
        let nfe =
            banking::nfe::read(bytes).map_err(|e| Error::invalid_field("file", e.to_string()))?;
        let supplier = match validate_document(&nfe.emitter_document) {
            Ok(document) => suppliers::active_by_document(&self.db, &document).await?,
            Err(_) => None,
        };
        Ok(NfeSuggestion {
            supplier_id: supplier.as_ref().map(|s| s.id.clone()),
            supplier_name: supplier.map(|s| s.fields.name),
            nfe,
        })
    }

    /// Reads a linha digitável: 422 on `linha` naming the block whose check digit fails.
    pub fn read_linha(&self, linha: Option<&str>) -> Result<LinhaRead> {
        let linha = linha
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .ok_or_else(|| Error::invalid_field("linha", "Cole a linha digitável do boleto."))?;
        read_linha(linha, self.clock.today()).map_err(|m| Error::invalid_field("linha", m))
    }

    // ---- documents ----

    /// Creates a draft (origin MANUAL), numbered `CP-<year of issue>-NNNNNN`. A second payable of the supplier
    /// with the same número and série is 409 unless `duplicate_reason` is given by a manager.
    pub async fn create(
        &self,
        draft: PayableDraft,
        duplicate_reason: Option<&str>,
        by: &Principal,
    ) -> Result<PayableDetail> {
        let plan = draft.validate(self.clock.today())?;
        let payee = self.references(&plan).await?;
        let override_reason = self.override_reason(duplicate_reason, by)?;
        let mut tx = self.db.begin().await?;
        let duplicate = self
            .check_duplicate(&mut tx, &plan, None, &override_reason)
            .await?;
        let payable = self
            .insert_plan(
                &mut tx,
                &plan,
                &payee,
                PayableOrigin::Manual,
                duplicate,
                "Conta lançada",
                by,
            )
            .await?;
        tx.commit().await?;
        self.get(&payable.id).await
    }

    fn override_reason(&self, text: Option<&str>, by: &Principal) -> Result<Option<Reason>> {
        let Some(text) = text.filter(|t| !t.trim().is_empty()) else {
            return Ok(None);
        };
        if !by.has(&FINANCE_UNLIMITED_APPROVAL) {
            return Err(Error::forbidden(
                "Só um gerente financeiro pode lançar outra conta para a mesma nota.",
            ));
        }
        Reason::parse("duplicate_reason", Some(text))
            .map(Some)
            .map_err(|v| Error::invalid(vec![v]))
    }

    /// 409 when a live payable of the supplier has the same número and série (unless overridden: the reason
    /// returned is stored).
    async fn check_duplicate(
        &self,
        tx: &mut Tx,
        plan: &PayablePlan,
        except: Option<&str>,
        override_reason: &Option<Reason>,
    ) -> Result<Option<String>> {
        let (Some(supplier), Some(number)) = (&plan.supplier_id, &plan.document_number) else {
            return Ok(None);
        };
        let found = store::duplicate_of(
            tx,
            supplier,
            number,
            plan.document_series.as_deref(),
            except,
        )
        .await?;
        match (found, override_reason) {
            (None, _) => Ok(None),
            (Some(_), Some(reason)) => Ok(Some(reason.as_str().to_string())),
            (Some(existing), None) => Err(Error::conflict(
                "nota_duplicada",
                format!("Já existe a conta {existing} para esta nota"),
            )),
        }
    }

    /// The payee (an active supplier or a crm client), the chart account (an active analytic DESPESA one), the
    /// cost centres and each installment's payment data (the supplier's confirmed bank account or PIX key),
    /// each refused on its field.
    async fn references(&self, plan: &PayablePlan) -> Result<Payee> {
        let mut v = Violations::new();
        let mut payee = None;
        if let Some(id) = &plan.supplier_id {
            match suppliers::by_id(&self.db, id).await? {
                None => v.add("supplier_id", "Fornecedor não encontrado."),
                Some(s) if !s.active => v.add(
                    "supplier_id",
                    format!(
                        "O fornecedor {} está inativo e não recebe novas contas.",
                        s.fields.name
                    ),
                ),
                Some(s) => {
                    payee = Some(Payee {
                        name: s.fields.name.clone(),
                        document: s.document.as_str().to_string(),
                    })
                }
            }
        }
        if let Some(id) = &plan.client_id {
            match self.crm.clients().get(id).await {
                Ok(c) => {
                    payee = Some(Payee {
                        name: c.fields.name.clone(),
                        document: c.fields.document.as_str().to_string(),
                    })
                }
                Err(e) if e.kind == ErrorKind::NotFound => {
                    v.add("client_id", "Cliente não encontrado.")
                }
                Err(e) => return Err(e),
            }
        }
        let field = "chart_account_id";
        match chart::by_id(&self.db, &plan.chart_account_id).await? {
            None => v.add(field, "Conta do plano não encontrada."),
            Some(a) if a.kind != AccountKind::Analitica => v.add(
                field,
                format!(
                    "A conta {} é sintética; escolha uma conta analítica.",
                    a.code.as_str()
                ),
            ),
            Some(a) if a.nature != Nature::Despesa => v.add(
                field,
                format!(
                    "A conta {} {} não é de despesa: escolha uma conta de natureza DESPESA.",
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
        for (i, (center, _, _)) in plan.rateio.iter().enumerate() {
            match cost_centers::by_id(&self.db, center).await? {
                None => v.add(
                    format!("rateio[{i}].cost_center_id"),
                    "Centro de custo não encontrado.",
                ),
                Some(c) if !c.active => v.add(
                    format!("rateio[{i}].cost_center_id"),
                    format!("O centro de custo {} está inativo.", c.fields.code),
                ),
                Some(_) => {}
            }
        }
        self.check_payment_data(plan.supplier_id.as_deref(), &plan.installments, &mut v)
            .await?;
        v.finish()?;
        Ok(payee.expect("found, or a violation above"))
    }

    /// TED needs a confirmed bank account of the supplier; a PIX key of a supplier must be one of its confirmed
    /// keys. Pending bank data is never used (payee-redirection fraud).
    async fn check_payment_data(
        &self,
        supplier_id: Option<&str>,
        installments: &[PlannedInstallment],
        v: &mut Violations,
    ) -> Result<()> {
        for (i, inst) in installments.iter().enumerate() {
            if let Some(account_id) = &inst.data.supplier_bank_account_id {
                let field = format!("installments[{i}].supplier_bank_account_id");
                let Some(supplier_id) = supplier_id else {
                    v.add(
                        field,
                        "TED só para fornecedores com conta bancária cadastrada.",
                    );
                    continue;
                };
                let accounts = suppliers::accounts_of(&self.db, supplier_id).await?;
                match accounts.iter().find(|a| &a.id == account_id) {
                    None => v.add(field, "Conta bancária não encontrada neste fornecedor."),
                    Some(a) => match a.trail.status {
                        BankDataStatus::Confirmada => {}
                        BankDataStatus::Pendente => v.add(
                            field,
                            format!(
                                "A conta {} está pendente de confirmação e não pode receber pagamentos.",
                                a.fields.describe()
                            ),
                        ),
                        BankDataStatus::Removida => {
                            v.add(field, "Esta conta bancária foi removida do fornecedor.")
                        }
                    },
                }
            }
            if let (Some(key), Some(supplier_id)) = (&inst.data.pix_key, supplier_id) {
                let field = format!("installments[{i}].pix_key");
                let keys = suppliers::keys_of(&self.db, supplier_id).await?;
                let found = keys
                    .iter()
                    .filter(|k| k.trail.status != BankDataStatus::Removida)
                    .find(|k| k.key == *key);
                match found.map(|k| k.trail.status) {
                    Some(BankDataStatus::Confirmada) => {}
                    Some(_) => v.add(
                        field,
                        format!(
                            "A chave PIX {} está pendente de confirmação e não pode receber pagamentos.",
                            key.key
                        ),
                    ),
                    None => v.add(
                        field,
                        "Chave PIX não cadastrada neste fornecedor: cadastre-a em Fornecedores.",
                    ),
                }
            }
        }
        Ok(())
    }

    /// Numbers the payable in `tx` and writes it, its rateio, its installments and their history entries.
    #[allow(clippy::too_many_arguments)]
    async fn insert_plan(
        &self,
        tx: &mut Tx,
        plan: &PayablePlan,
        payee: &Payee,
        origin: PayableOrigin,
        duplicate_reason: Option<String>,
        action: &str,
        by: &Principal,
    ) -> Result<Payable> {
        let stamp = Stamp::now(&self.clock, by);
        let number = platform::numbering::next(tx, PREFIX, plan.issue_date.year()).await?;
        let payable = Payable {
            id: uuid::Uuid::now_v7().to_string(),
            number,
            supplier_id: plan.supplier_id.clone(),
            client_id: plan.client_id.clone(),
            payee_name: payee.name.clone(),
            payee_document: payee.document.clone(),
            document_kind: plan.document_kind,
            document_number: plan.document_number.clone(),
            document_series: plan.document_series.clone(),
            nfe_key: plan.nfe_key.clone(),
            description: plan.description.clone(),
            chart_account_id: plan.chart_account_id.clone(),
            competence: plan.competence.clone(),
            issue_date: plan.issue_date,
            total_cents: plan.total_cents,
            origin,
            origin_id: None,
            block_reason: None,
            block_source: None,
            status: PayableStatus::Rascunho,
            approval_requested: false,
            returned: false,
            returned_comment: None,
            approved_at: None,
            approved_by: None,
            cancel_reason: None,
            duplicate_reason: duplicate_reason.clone(),
            editors: Vec::new(),
            version: 1,
            created_at: stamp.at,
            created_by: by.uid.clone(),
        };
        store::insert_payable(tx, &payable, &stamp).await?;
        store::replace_allocations(tx, &payable.id, &allocations(plan)).await?;
        let mut changes = vec![
            added("number", &payable.number),
            added("payee", &payable.payee_name),
            added("total_cents", &format_brl(payable.total_cents)),
            added("installments", &plan.installments.len().to_string()),
        ];
        if let Some(reason) = &duplicate_reason {
            changes.push(added("duplicate_reason", reason));
        }
        let entry = Entry {
            entity: PAYABLE_ENTITY,
            entity_id: &payable.id,
            action,
            from_state: None,
            to_state: Some(PayableStatus::Rascunho.as_str()),
            reason: None,
            changes,
        };
        history::record(tx, &entry, by, stamp.at).await?;
        self.insert_installments(tx, &payable, &plan.installments, S::Rascunho, by)
            .await?;
        Ok(payable)
    }

    async fn insert_installments(
        &self,
        tx: &mut Tx,
        payable: &Payable,
        planned: &[PlannedInstallment],
        status: S,
        by: &Principal,
    ) -> Result<()> {
        let stamp = Stamp::now(&self.clock, by);
        let count = planned.len() as i64;
        for (n, p) in planned.iter().enumerate() {
            let installment = PayableInstallment {
                id: uuid::Uuid::now_v7().to_string(),
                payable_id: payable.id.clone(),
                number: payable.number.clone(),
                seq: n as i64 + 1,
                count,
                payee_name: payable.payee_name.clone(),
                supplier_id: payable.supplier_id.clone(),
                description: payable.description.clone(),
                document_number: payable.document_number.clone(),
                chart_account_id: payable.chart_account_id.clone(),
                due_date: p.due_date,
                amount_cents: p.amount_cents,
                method: p.method,
                data: p.data.clone(),
                scheduled_date: None,
                status,
                charges_cents: 0,
                paid_cents: 0,
                paid_at: None,
                bank_account_id: None,
                receipt_file_id: None,
                remittance_id: None,
                rejection_reason: None,
                payee_snapshot: None,
                version: 1,
            };
            store::insert_installment(tx, &installment, &stamp).await?;
            let entry = Entry {
                entity: PAYABLE_INSTALLMENT_ENTITY,
                entity_id: &installment.id,
                action: "Parcela lançada",
                from_state: None,
                to_state: Some(status.as_str()),
                reason: None,
                changes: vec![
                    added("label", &installment.label()),
                    added("amount_cents", &format_brl(p.amount_cents)),
                    added("due_date", &date(p.due_date)),
                    added("payment_method", p.method.as_str()),
                ],
            };
            history::record(tx, &entry, by, stamp.at).await?;
        }
        Ok(())
    }

    /// Edits a payable (the whole of it) over the version last read. Only while nothing of it is scheduled,
    /// in a remessa or paid. On an approved payable, a change of value, date, forma, payment data or payee sends
    /// it back to RASCUNHO: the approval is void. The editor never approves it.
    pub async fn update(
        &self,
        id: &str,
        version: i64,
        draft: PayableDraft,
        duplicate_reason: Option<&str>,
        by: &Principal,
    ) -> Result<PayableDetail> {
        let current = self.payable_at(id, version).await?;
        let installments = store::installments_of(&self.db, id).await?;
        if current.status == PayableStatus::Cancelada
            || installments
                .iter()
                .any(|i| !matches!(i.status, S::Rascunho | S::Aprovado))
        {
            return Err(Error::conflict(
                "estado_invalido",
                format!(
                    "A conta {} está cancelada ou tem parcelas programadas, em remessa ou pagas: não pode ser editada.",
                    current.number
                ),
            ));
        }
        let plan = draft.validate(self.clock.today())?;
        let payee = self.references(&plan).await?;
        let override_reason = self.override_reason(duplicate_reason, by)?;
        let same_installments = installments.len() == plan.installments.len()
            && installments.iter().zip(&plan.installments).all(|(i, p)| {
                i.due_date == p.due_date
                    && i.amount_cents == p.amount_cents
                    && i.method == p.method
                    && i.data == p.data
            });
        let money_changed = !same_installments
            || current.total_cents != plan.total_cents
            || current.supplier_id != plan.supplier_id
            || current.client_id != plan.client_id;
        let void_approval = current.status == PayableStatus::Aprovada && money_changed;
        let mut next = current.clone();
        next.supplier_id = plan.supplier_id.clone();
        next.client_id = plan.client_id.clone();
        next.payee_name = payee.name.clone();
        next.payee_document = payee.document.clone();
        next.document_kind = plan.document_kind;
        next.document_number = plan.document_number.clone();
        next.document_series = plan.document_series.clone();
        next.nfe_key = plan.nfe_key.clone();
        next.description = plan.description.clone();
        next.chart_account_id = plan.chart_account_id.clone();
        next.competence = plan.competence.clone();
        next.issue_date = plan.issue_date;
        next.total_cents = plan.total_cents;
        if !next.editors.contains(&by.uid) {
            next.editors.push(by.uid.clone());
        }
        if void_approval {
            next.status = PayableStatus::Rascunho;
            next.approved_at = None;
            next.approved_by = None;
            next.approval_requested = false;
        }
        let changes = changes_of(&current, &next, same_installments);
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        let duplicate = self
            .check_duplicate(&mut tx, &plan, Some(id), &override_reason)
            .await?;
        if duplicate.is_some() {
            next.duplicate_reason = duplicate;
        }
        written(store::update_payable(&mut tx, &next, &stamp).await?)?;
        store::replace_allocations(&mut tx, id, &allocations(&plan)).await?;
        if !same_installments {
            store::discard_installments(&mut tx, id).await?;
            let status = if next.status == PayableStatus::Aprovada {
                S::Aprovado
            } else {
                S::Rascunho
            };
            self.insert_installments(&mut tx, &next, &plan.installments, status, by)
                .await?;
        } else if void_approval {
            store::move_installments(&mut tx, id, &[S::Aprovado], S::Rascunho, &stamp).await?;
            let cleared: Vec<(&str, Option<&PayeeSnapshot>)> =
                installments.iter().map(|i| (i.id.as_str(), None)).collect();
            store::set_payee_snapshots(&mut tx, &cleared).await?;
        }
        let action = if void_approval {
            "Conta alterada; aprovação anulada"
        } else {
            "Conta alterada"
        };
        let entry = Entry {
            entity: PAYABLE_ENTITY,
            entity_id: id,
            action,
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason: None,
            changes,
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(id).await
    }

    /// Asks for approval of a draft (it shows in "Aguardando minha aprovação" of those who may approve it).
    pub async fn request_approval(
        &self,
        id: &str,
        version: i64,
        by: &Principal,
    ) -> Result<PayableDetail> {
        let current = self.payable_at(id, version).await?;
        must_be_draft(&current, "solicitar aprovação")?;
        let mut next = current.clone();
        next.approval_requested = true;
        next.returned = false;
        self.write(
            &current,
            &next,
            "Aprovação solicitada",
            None,
            Vec::new(),
            by,
        )
        .await
    }

    /// Approves a draft: never by who created or edited it (403), within `by`'s alçada unless unlimited (403
    /// naming the limit), not while blocked (409); its installments become APROVADO.
    pub async fn approve(&self, id: &str, version: i64, by: &Principal) -> Result<PayableDetail> {
        let current = self.payable_at(id, version).await?;
        must_be_draft(&current, "aprovar")?;
        if current.touched_by(&by.uid) {
            return Err(Error::forbidden(
                "Quem criou ou editou a conta não pode aprová-la.",
            ));
        }
        if let Some(limit) = self.limit_of(by).await? {
            if current.total_cents > limit {
                return Err(Error::forbidden(format!(
                    "Valor acima da sua alçada ({}).",
                    format_brl(limit)
                )));
            }
        }
        if let Some(reason) = &current.block_reason {
            return Err(Error::conflict(
                "conta_bloqueada",
                format!("A conta {} está bloqueada: {reason}", current.number),
            ));
        }
        // The payment data still holds (a bank account removed since, say).
        let installments = store::installments_of(&self.db, id).await?;
        let planned: Vec<PlannedInstallment> = installments
            .iter()
            .map(|i| PlannedInstallment {
                due_date: i.due_date,
                amount_cents: i.amount_cents,
                method: i.method,
                data: i.data.clone(),
            })
            .collect();
        let mut v = Violations::new();
        self.check_payment_data(current.supplier_id.as_deref(), &planned, &mut v)
            .await?;
        v.finish()?;
        let stamp = Stamp::now(&self.clock, by);
        let snapshots = self
            .payee_snapshots(&current, &installments, stamp.at)
            .await?;
        let mut next = current.clone();
        next.status = PayableStatus::Aprovada;
        next.approved_at = Some(stamp.at);
        next.approved_by = Some(by.uid.clone());
        next.approval_requested = false;
        next.returned = false;
        next.returned_comment = None;
        let mut tx = self.db.begin().await?;
        written(store::update_payable(&mut tx, &next, &stamp).await?)?;
        store::move_installments(&mut tx, id, &[S::Rascunho], S::Aprovado, &stamp).await?;
        let snapshots: Vec<(&str, Option<&PayeeSnapshot>)> = installments
            .iter()
            .zip(&snapshots)
            .map(|(i, s)| (i.id.as_str(), Some(s)))
            .collect();
        store::set_payee_snapshots(&mut tx, &snapshots).await?;
        let entry = Entry {
            entity: PAYABLE_ENTITY,
            entity_id: id,
            action: "Conta aprovada",
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(id).await
    }

    /// Each installment's payee as it stands now: the payable's payee and, for a TED, the supplier's bank account
    /// the installment names (its values, which the id alone would not keep).
    async fn payee_snapshots(
        &self,
        payable: &Payable,
        installments: &[PayableInstallment],
        at: DateTime<Utc>,
    ) -> Result<Vec<PayeeSnapshot>> {
        let accounts = match &payable.supplier_id {
            Some(supplier) => suppliers::accounts_of(&self.db, supplier).await?,
            None => Vec::new(),
        };
        Ok(installments
            .iter()
            .map(|i| {
                let account = i
                    .data
                    .supplier_bank_account_id
                    .as_ref()
                    .and_then(|id| accounts.iter().find(|a| &a.id == id))
                    .map(|a| &a.fields);
                PayeeSnapshot::of(
                    &payable.payee_name,
                    &payable.payee_document,
                    i.method,
                    &i.data,
                    account,
                    at,
                )
            })
            .collect())
    }

    /// Sends a draft back to its author with a comment (≥ 10 characters): devolvida.
    pub async fn send_back(
        &self,
        id: &str,
        version: i64,
        comment: Option<&str>,
        by: &Principal,
    ) -> Result<PayableDetail> {
        let comment = return_comment(comment)?;
        let current = self.payable_at(id, version).await?;
        must_be_draft(&current, "devolver")?;
        let mut next = current.clone();
        next.returned = true;
        next.returned_comment = Some(comment.clone());
        next.approval_requested = false;
        self.write(
            &current,
            &next,
            "Conta devolvida",
            None,
            vec![added("comment", &comment)],
            by,
        )
        .await
    }

    /// Cancels a payable (reason): a draft by its creator or a manager, an approved one by a manager only;
    /// never with an installment paid or in a remessa. Its open installments become CANCELADO.
    pub async fn cancel(
        &self,
        id: &str,
        version: i64,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<PayableDetail> {
        let reason = reason_of(reason)?;
        let current = self.payable_at(id, version).await?;
        let manager = by.has(&PAYMENTS_REVERSE);
        match current.status {
            PayableStatus::Cancelada => {
                return Err(Error::conflict(
                    "estado_invalido",
                    format!("A conta {} já está cancelada.", current.number),
                ))
            }
            PayableStatus::Rascunho if !(manager || current.created_by == by.uid) => {
                return Err(Error::forbidden(
                    "Só quem lançou a conta ou um gerente financeiro pode cancelá-la.",
                ))
            }
            PayableStatus::Aprovada if !manager => {
                return Err(Error::forbidden(
                    "Só um gerente financeiro cancela uma conta aprovada.",
                ))
            }
            _ => {}
        }
        let installments = store::installments_of(&self.db, id).await?;
        if let Some(i) = installments
            .iter()
            .find(|i| matches!(i.status, S::Pago | S::EmRemessa))
        {
            return Err(Error::conflict(
                "estado_invalido",
                format!(
                    "A parcela {} está {}: a conta não pode ser cancelada.",
                    i.label(),
                    i.status.label()
                ),
            ));
        }
        let stamp = Stamp::now(&self.clock, by);
        let mut next = current.clone();
        next.status = PayableStatus::Cancelada;
        next.cancel_reason = Some(reason.as_str().to_string());
        next.approval_requested = false;
        let mut tx = self.db.begin().await?;
        written(store::update_payable(&mut tx, &next, &stamp).await?)?;
        store::move_installments(
            &mut tx,
            id,
            &[S::Rascunho, S::Aprovado, S::Agendado, S::Rejeitado],
            S::Cancelado,
            &stamp,
        )
        .await?;
        let entry = Entry {
            entity: PAYABLE_ENTITY,
            entity_id: id,
            action: "Conta cancelada",
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason: Some(&reason),
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(id).await
    }

    /// A new draft with this payable's payee, description, accounts, rateio and installments; the fiscal
    /// document's número, série and key are left blank (it is another document).
    pub async fn duplicate(&self, id: &str, by: &Principal) -> Result<PayableDetail> {
        let source = self.get(id).await?;
        let p = &source.payable;
        let plan = PayablePlan {
            supplier_id: p.supplier_id.clone(),
            client_id: p.client_id.clone(),
            document_kind: p.document_kind,
            document_number: None,
            document_series: None,
            nfe_key: None,
            description: p.description.clone(),
            chart_account_id: p.chart_account_id.clone(),
            rateio: source
                .allocations
                .iter()
                .map(|a| {
                    let share = match a.percent_bp {
                        Some(bp) => Share::Percent(bp as u32),
                        None => Share::Amount(a.amount_cents),
                    };
                    (a.cost_center_id.clone(), share, a.amount_cents)
                })
                .collect(),
            competence: p.competence.clone(),
            issue_date: p.issue_date,
            total_cents: p.total_cents,
            installments: source
                .installments
                .iter()
                .map(|i| PlannedInstallment {
                    due_date: i.due_date,
                    amount_cents: i.amount_cents,
                    method: i.method,
                    data: i.data.clone(),
                })
                .collect(),
        };
        let payee = Payee {
            name: p.payee_name.clone(),
            document: p.payee_document.clone(),
        };
        let mut tx = self.db.begin().await?;
        let copy = self
            .insert_plan(
                &mut tx,
                &plan,
                &payee,
                PayableOrigin::Manual,
                None,
                "Conta lançada (duplicada)",
                by,
            )
            .await?;
        tx.commit().await?;
        self.get(&copy.id).await
    }

    /// Writes `next` over `current` with its history entry.
    async fn write(
        &self,
        current: &Payable,
        next: &Payable,
        action: &str,
        reason: Option<&Reason>,
        changes: Vec<Change>,
        by: &Principal,
    ) -> Result<PayableDetail> {
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: PAYABLE_ENTITY,
            entity_id: &current.id,
            action,
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason,
            changes,
        };
        super::with_history(&self.db, &entry, by, stamp.at, async |tx| {
            written(store::update_payable(tx, next, &stamp).await?)
        })
        .await?;
        self.get(&current.id).await
    }

    // ---- installments ----

    /// Schedules an approved installment for a business day on or after today (the platform calendar), paid
    /// from `bank_account_id` when given: AGENDADO. A scheduled one may be moved.
    pub async fn schedule(
        &self,
        id: &str,
        version: i64,
        day: Option<NaiveDate>,
        bank_account_id: Option<&str>,
        by: &Principal,
    ) -> Result<PayableInstallmentDetail> {
        let current = self.current_at(id, version).await?;
        if !matches!(current.status, S::Aprovado | S::Agendado) {
            return Err(wrong_state(&current, "programar"));
        }
        let today = self.clock.today();
        let calendar = Calendar::load(&self.db).await?;
        let mut v = Violations::new();
        match day {
            None => v.add("scheduled_date", "Informe a data do pagamento."),
            Some(d) if d < today => v.add(
                "scheduled_date",
                "A data programada não pode ser anterior a hoje.",
            ),
            Some(d) if !calendar.is_business_day(d) => {
                let why = calendar
                    .holiday(d)
                    .map(|h| format!("feriado: {}", h.name))
                    .unwrap_or_else(|| "fim de semana".to_string());
                v.add(
                    "scheduled_date",
                    format!("{} não é dia útil ({why}).", date(d)),
                )
            }
            _ => {}
        }
        let bank_account_id = bank_account_id
            .map(str::trim)
            .filter(|b| !b.is_empty())
            .map(String::from);
        if let Some(b) = &bank_account_id {
            self.check_bank_account(b, "bank_account_id", &mut v)
                .await?;
        }
        v.finish()?;
        let day = day.expect("checked");
        let mut next = current.clone();
        next.status = S::Agendado;
        next.scheduled_date = Some(day);
        if bank_account_id.is_some() {
            next.bank_account_id = bank_account_id;
        }
        let changes = vec![Change {
            field: "scheduled_date".into(),
            from: current.scheduled_date.map(date),
            to: Some(date(day)),
        }];
        self.transition(&current, &next, "Pagamento programado", None, changes, by)
            .await
    }

    /// Registers a manual payment (paid outside CNAB) of an approved or scheduled installment: PAGO, with
    /// `PayableSettled` in the outbox. An installment in a remessa sent to the bank is 409: nothing is paid twice.
    pub async fn pay(
        &self,
        id: &str,
        version: i64,
        draft: PaymentDraft,
        by: &Principal,
    ) -> Result<PayableInstallmentDetail> {
        let current = self.current_at(id, version).await?;
        if current.status == S::EmRemessa {
            return Err(Error::conflict(
                "parcela_em_remessa",
                "Parcela em remessa enviada ao banco; aguarde o retorno ou retire-a da remessa",
            ));
        }
        if !matches!(current.status, S::Aprovado | S::Agendado) {
            return Err(wrong_state(&current, "registrar pagamento"));
        }
        let payment = draft.validate(current.amount_cents, self.clock.today())?;
        let mut v = Violations::new();
        self.check_bank_account(&payment.bank_account_id, "bank_account_id", &mut v)
            .await?;
        v.finish()?;
        let payable = self.payable(&current.payable_id).await?;
        let stamp = Stamp::now(&self.clock, by);
        let payment_id = uuid::Uuid::now_v7().to_string();
        let record = PaymentRecord {
            id: payment_id.clone(),
            installment_id: id.to_string(),
            source: PaymentSource::Manual,
            source_id: payment_id.clone(),
            payment,
            reversed_at: None,
            reversed_by: None,
            reversed_reason: None,
            created_at: stamp.at,
            created_by: by.uid.clone(),
        };
        let p = &record.payment;
        let mut next = current.clone();
        next.status = S::Pago;
        next.paid_cents = p.principal_cents;
        next.charges_cents = p.charges_cents;
        next.paid_at = Some(p.date);
        next.bank_account_id = Some(p.bank_account_id.clone());
        next.receipt_file_id = p.receipt_file_id.clone();
        let mut tx = self.db.begin().await?;
        store::insert_payment(&mut tx, &record).await?;
        written(store::update_installment(&mut tx, &next, current.version, &stamp).await?)?;
        let entry = Entry {
            entity: PAYABLE_INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Pagamento registrado",
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason: None,
            changes: vec![added("payment", &describe(&record))],
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        let event = PayableSettled {
            id: record.id.clone(),
            payment_id: record.id.clone(),
            installment_id: id.to_string(),
            payable_id: payable.id.clone(),
            payable_number: payable.number.clone(),
            origin: payable.origin.as_str().to_string(),
            origin_id: payable.origin_id.clone(),
            supplier_id: payable.supplier_id.clone(),
            client_id: payable.client_id.clone(),
            amount_cents: p.amount_cents,
            charges_cents: p.charges_cents,
            date: p.date,
        };
        self.jobs.publish(&mut tx, &event).await?;
        tx.commit().await?;
        self.installment(id).await
    }

    /// Reverses a live payment (kept, marked; FM, SA): the installment is APROVADO again.
    pub async fn reverse_payment(
        &self,
        id: &str,
        payment_id: &str,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<PayableInstallmentDetail> {
        let reason = reason_of(reason)?;
        let current = self.current(id).await?;
        let record = store::payments_of(&self.db, id)
            .await?
            .into_iter()
            .find(|p| p.id == payment_id)
            .ok_or_else(|| Error::not_found("Pagamento não encontrado."))?;
        if record.reversed_at.is_some() || current.status != S::Pago {
            return Err(Error::conflict(
                "pagamento_estornado",
                "Este pagamento já foi estornado.",
            ));
        }
        let stamp = Stamp::now(&self.clock, by);
        let mut next = current.clone();
        next.status = S::Aprovado;
        next.paid_cents = 0;
        next.charges_cents = 0;
        next.paid_at = None;
        next.scheduled_date = None;
        next.receipt_file_id = None;
        let mut tx = self.db.begin().await?;
        if !store::reverse_payment(&mut tx, payment_id, reason.as_str(), &stamp).await? {
            return Err(Error::conflict(
                "pagamento_estornado",
                "Este pagamento já foi estornado.",
            ));
        }
        written(store::update_installment(&mut tx, &next, current.version, &stamp).await?)?;
        let entry = Entry {
            entity: PAYABLE_INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Pagamento estornado",
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason: Some(&reason),
            changes: vec![Change {
                field: "payment".into(),
                from: Some(describe(&record)),
                to: None,
            }],
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.installment(id).await
    }

    /// For the payment remessa (later work; not on the HTTP API): a scheduled installment goes into the
    /// generated remessa `remittance_id`: EM_REMESSA, frozen — no manual payment until its retorno or its removal
    /// from the remessa. The only way into EM_REMESSA.
    pub async fn put_in_remittance(
        &self,
        id: &str,
        remittance_id: &str,
        by: &Principal,
    ) -> Result<PayableInstallmentDetail> {
        let current = self.current(id).await?;
        if current.status != S::Agendado {
            return Err(wrong_state(&current, "entrar em remessa"));
        }
        let mut next = current.clone();
        next.status = S::EmRemessa;
        next.remittance_id = Some(remittance_id.to_string());
        let changes = vec![added("remittance_id", remittance_id)];
        self.transition(&current, &next, "Incluída em remessa", None, changes, by)
            .await
    }

    /// For the payment retorno (later work; not on the HTTP API): the bank refused to pay an installment in a
    /// remessa: REJEITADO with the bank's reason, and `PayableRejected` in the outbox (its id
    /// `<installment id>:rejeicao:<version>` is stable for that rejection).
    pub async fn reject_by_bank(
        &self,
        id: &str,
        bank_reason: &str,
        by: &Principal,
    ) -> Result<PayableInstallmentDetail> {
        let current = self.current(id).await?;
        if current.status != S::EmRemessa {
            return Err(wrong_state(&current, "ser rejeitada pelo banco"));
        }
        let payable = self.payable(&current.payable_id).await?;
        let reason: String = bank_reason.chars().take(500).collect();
        let mut next = current.clone();
        next.status = S::Rejeitado;
        next.rejection_reason = Some(reason.clone());
        let stamp = Stamp::now(&self.clock, by);
        let event = PayableRejected {
            id: format!("{}:rejeicao:{}", current.id, current.version + 1),
            installment_id: current.id.clone(),
            payable_id: payable.id.clone(),
            payable_number: payable.number.clone(),
            origin: payable.origin.as_str().to_string(),
            origin_id: payable.origin_id.clone(),
            supplier_id: payable.supplier_id.clone(),
            amount_cents: current.amount_cents,
            reason: reason.clone(),
        };
        let entry = Entry {
            entity: PAYABLE_INSTALLMENT_ENTITY,
            entity_id: id,
            action: "Pagamento rejeitado pelo banco",
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason: None,
            changes: vec![added("rejection_reason", &reason)],
        };
        super::with_history(&self.db, &entry, by, stamp.at, async |tx| {
            written(store::update_installment(tx, &next, current.version, &stamp).await?)?;
            self.jobs.publish(tx, &event).await?;
            Ok(())
        })
        .await?;
        self.installment(id).await
    }

    async fn transition(
        &self,
        current: &PayableInstallment,
        next: &PayableInstallment,
        action: &str,
        reason: Option<&Reason>,
        changes: Vec<Change>,
        by: &Principal,
    ) -> Result<PayableInstallmentDetail> {
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: PAYABLE_INSTALLMENT_ENTITY,
            entity_id: &current.id,
            action,
            from_state: Some(current.status.as_str()),
            to_state: Some(next.status.as_str()),
            reason,
            changes,
        };
        super::with_history(&self.db, &entry, by, stamp.at, async |tx| {
            written(store::update_installment(tx, next, current.version, &stamp).await?)
        })
        .await?;
        self.installment(&current.id).await
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
}

fn allocations(plan: &PayablePlan) -> Vec<Allocation> {
    plan.rateio
        .iter()
        .map(|(center, share, amount)| Allocation {
            cost_center_id: center.clone(),
            percent_bp: match share {
                Share::Percent(bp) => Some(i64::from(*bp)),
                Share::Amount(_) => None,
            },
            amount_cents: *amount,
        })
        .collect()
}

/// What an edit changed, for the history.
fn changes_of(from: &Payable, to: &Payable, same_installments: bool) -> Vec<Change> {
    let mut changes: Vec<Change> = [
        Change::of("payee", &from.payee_name, &to.payee_name),
        Change::of(
            "document_number",
            &from.document_number.clone().unwrap_or_default(),
            &to.document_number.clone().unwrap_or_default(),
        ),
        Change::of(
            "document_series",
            &from.document_series.clone().unwrap_or_default(),
            &to.document_series.clone().unwrap_or_default(),
        ),
        Change::of("description", &from.description, &to.description),
        Change::of(
            "chart_account_id",
            &from.chart_account_id,
            &to.chart_account_id,
        ),
        Change::of("competence", &from.competence, &to.competence),
        Change::of("issue_date", &date(from.issue_date), &date(to.issue_date)),
        Change::of(
            "total_cents",
            &format_brl(from.total_cents),
            &format_brl(to.total_cents),
        ),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !same_installments {
        changes.push(Change {
            field: "installments".into(),
            from: None,
            to: Some("parcelas, vencimentos, formas ou dados de pagamento alterados".into()),
        });
    }
    changes
}

fn must_be_draft(p: &Payable, doing: &str) -> Result<()> {
    if p.status == PayableStatus::Rascunho {
        return Ok(());
    }
    Err(Error::conflict(
        "estado_invalido",
        format!(
            "A conta {} está {}: só um rascunho permite {doing}.",
            p.number,
            p.status.as_str()
        ),
    ))
}

fn wrong_state(i: &PayableInstallment, doing: &str) -> Error {
    Error::conflict(
        "estado_invalido",
        format!(
            "A parcela {} está {} ({}): não pode {doing}.",
            i.label(),
            i.status.label(),
            i.status.as_str()
        ),
    )
}

fn reason_of(text: Option<&str>) -> Result<Reason> {
    Reason::parse("reason", text).map_err(|v| Error::invalid(vec![v]))
}

fn added(field: &str, value: &str) -> Change {
    Change {
        field: field.to_string(),
        from: None,
        to: Some(value.to_string()),
    }
}

fn date(d: NaiveDate) -> String {
    d.format("%d/%m/%Y").to_string()
}

/// "R$ 1.003,00 em 10/03/2026 (encargos R$ 3,00)", for the history.
fn describe(record: &PaymentRecord) -> String {
    let p = &record.payment;
    let mut extra = Vec::new();
    if p.charges_cents > 0 {
        extra.push(format!("encargos {}", format_brl(p.charges_cents)));
    }
    if p.discount_cents > 0 {
        extra.push(format!("desconto {}", format_brl(p.discount_cents)));
    }
    let extra = if extra.is_empty() {
        String::new()
    } else {
        format!(" ({})", extra.join(", "))
    };
    format!("{} em {}{extra}", format_brl(p.amount_cents), date(p.date))
}
