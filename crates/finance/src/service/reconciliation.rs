//! Bank reconciliation (`finance.md` §4): statement import (OFX), the engine run over an account's pending lines
//! against finance's own candidates (open receivable installments, receipts not yet reconciled), and the manual
//! work on what it proposes: accept, accept all above a score, undo, ignore. Every command is one transaction.
//!
//! For now the run is synchronous (one request per account) rather than a job: the engine is in memory and
//! bounded per line, and an account's pending lines are few between imports.

use std::collections::HashMap;
use std::sync::Arc;

use banking::pdf::format_brl;
use chrono::NaiveDate;
use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::{Db, Tx};
use platform::error::{Error, Result};
use platform::history::Reason;
use uuid::Uuid;

use super::Receivables;
use crate::domain::reconciliation::engine::{
    self, Decision, Options, Reference, ReferenceKind, Shape, Side, StatementLine, Target,
    TargetKind,
};
use crate::domain::statement;
use crate::domain::{BankAccount, Installment, Receipt, ReceiptSource};
use crate::store::reconciliation::{self as store, ItemRow, LineRow, MatchRow};
use crate::store::{bank_accounts, receivables as receivables_store, reports, Stamp};

/// The name a match confirmed by the engine shows as who confirmed it.
pub const AUTOMATIC: &str = "Conciliação automática";
/// The largest statement file accepted.
pub const MAX_STATEMENT_BYTES: usize = 10 * 1024 * 1024;

/// What an import did.
#[derive(Debug, Clone)]
pub struct ImportSummary {
    pub new_lines: i64,
    pub existing_lines: i64,
    pub future_lines: i64,
    /// The ledger balance the file declares, its date, and what the imported statement adds up to that day.
    pub declared_balance: Option<(i64, NaiveDate, i64)>,
    pub balance_mismatch: bool,
    /// "3 novas, 2 já existentes", and "Saldo do arquivo não confere…" when so.
    pub message: String,
    pub warnings: Vec<String>,
}

/// The cards of the page.
#[derive(Debug, Clone)]
pub struct Overview {
    pub statement_balance: i64,
    pub system_balance: i64,
    pub pending: i64,
    pub auto_reconcile: bool,
}

/// A match with what it links.
#[derive(Debug, Clone)]
pub struct MatchDetail {
    pub row: MatchRow,
    pub items: Vec<ItemRow>,
}

/// What a run did.
#[derive(Debug, Clone, Copy, Default)]
pub struct RunSummary {
    pub confirmed: i64,
    pub suggested: i64,
}

pub struct Reconciliation {
    db: Db,
    clock: SharedClock,
    receivables: Arc<Receivables>,
}

/// One candidate of a run, by the engine's index.
enum Candidate {
    Installment(Installment),
    Receipt(store::ReceiptCandidate),
}

impl Reconciliation {
    pub fn new(db: Db, clock: SharedClock, receivables: Arc<Receivables>) -> Reconciliation {
        Reconciliation {
            db,
            clock,
            receivables,
        }
    }

    /// The database (the demo data reads its candidates through the store).
    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    /// The active account `id`, or 422 on `field`.
    async fn account(&self, id: Option<&str>, field: &str) -> Result<BankAccount> {
        let id = id.map(str::trim).unwrap_or("");
        if id.is_empty() {
            return Err(Error::invalid_field(field, "Escolha a conta bancária."));
        }
        match bank_accounts::by_id(&self.db, id).await? {
            None => Err(Error::invalid_field(
                field,
                "Conta bancária não encontrada.",
            )),
            Some(a) if !a.active => Err(Error::invalid_field(
                field,
                format!("A conta bancária {} está inativa.", a.fields.nickname),
            )),
            Some(a) => Ok(a),
        }
    }

    /// Imports an OFX statement into the account: unseen lines only (§4.1), future-dated ones skipped and
    /// counted, the declared balance compared. One transaction.
    pub async fn import(
        &self,
        account_id: Option<&str>,
        file_name: &str,
        bytes: &[u8],
        by: &Principal,
    ) -> Result<ImportSummary> {
        let account = self.account(account_id, "account_id").await?;
        if bytes.is_empty() {
            return Err(Error::invalid_field("file", "Envie o arquivo do extrato."));
        }
        let today = self.clock.today();
        let read = statement::read_ofx(bytes, &account.id, &account.fields.number, today)?;
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        let mut new_lines = 0;
        for l in &read.lines {
            let row = LineRow {
                id: Uuid::now_v7().to_string(),
                bank_account_id: account.id.clone(),
                fitid_key: l.key.clone(),
                fitid: l.fitid.clone(),
                posted: l.posted,
                amount_cents: l.amount_cents,
                memo: l.memo.clone(),
                status: "PENDENTE".into(),
                match_id: None,
                ignore_reason: None,
                file_name: file_name.chars().take(200).collect(),
                version: 1,
            };
            if store::insert_line(&mut tx, &row, &stamp).await? {
                new_lines += 1;
            }
        }
        tx.commit().await?;
        let existing_lines = read.lines.len() as i64 - new_lines;
        let mut message = format!("{new_lines} novas, {existing_lines} já existentes");
        if read.future > 0 {
            message.push_str(&format!(", {} com data futura ignoradas", read.future));
        }
        message.push('.');
        let mut declared_balance = None;
        let mut balance_mismatch = false;
        if let Some((declared, day)) = read.balance {
            let computed = store::statement_balance_on(&self.db, &account.id, day).await?;
            balance_mismatch = computed != declared;
            if balance_mismatch {
                message.push_str(&format!(
                    " Saldo do arquivo não confere: o arquivo declara {} em {}, o extrato importado soma {}.",
                    format_brl(declared),
                    day.format("%d/%m/%Y"),
                    format_brl(computed)
                ));
            }
            declared_balance = Some((declared, day, computed));
        }
        Ok(ImportSummary {
            new_lines,
            existing_lines,
            future_lines: read.future as i64,
            declared_balance,
            balance_mismatch,
            message,
            warnings: read.warnings,
        })
    }

    /// The cards: statement balance (opening + lines), system balance (opening + receipts − payments), pending.
    pub async fn overview(&self, account_id: Option<&str>) -> Result<Overview> {
        let account = self.account(account_id, "account_id").await?;
        let (statement_balance, pending) = store::statement_balance(&self.db, &account.id).await?;
        let system_balance =
            reports::system_balance(&self.db, Some(&account.id), self.clock.today()).await?;
        let auto_reconcile = store::auto_reconcile(&self.db, &account.id)
            .await?
            .unwrap_or(false);
        Ok(Overview {
            statement_balance,
            system_balance,
            pending,
            auto_reconcile,
        })
    }

    /// The account's statement lines (of a status), newest first.
    pub async fn lines(
        &self,
        account_id: Option<&str>,
        status: Option<&str>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<LineRow>, i64)> {
        let account = self.account(account_id, "account_id").await?;
        Ok(store::lines(&self.db, &account.id, status, limit, offset).await?)
    }

    /// The account's matches of a status (SUGERIDA, CONFIRMADA, DESFEITA) with their items.
    pub async fn matches(
        &self,
        account_id: Option<&str>,
        status: &str,
    ) -> Result<Vec<MatchDetail>> {
        let account = self.account(account_id, "account_id").await?;
        let rows = store::matches(&self.db, &account.id, status).await?;
        let mut items: HashMap<String, Vec<ItemRow>> = HashMap::new();
        for it in store::items(&self.db, &account.id, status).await? {
            items.entry(it.match_id.clone()).or_default().push(it);
        }
        Ok(rows
            .into_iter()
            .map(|row| MatchDetail {
                items: items.remove(&row.id).unwrap_or_default(),
                row,
            })
            .collect())
    }

    pub async fn get_match(&self, id: &str) -> Result<MatchDetail> {
        let row = store::match_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Conciliação não encontrada."))?;
        let items = store::items_of(&self.db, id).await?;
        Ok(MatchDetail { row, items })
    }

    /// "Conciliar automaticamente" of an account.
    pub async fn set_auto_reconcile(&self, account_id: &str, on: bool) -> Result<Overview> {
        let account = self.account(Some(account_id), "id").await?;
        let mut tx = self.db.begin().await?;
        store::set_auto_reconcile(&mut tx, &account.id, on).await?;
        tx.commit().await?;
        self.overview(Some(&account.id)).await
    }

    /// Runs the engine over the account's pending lines against its candidates: the earlier suggestions are
    /// replaced, the confirmed matches (≥ 90, unique best, identity evidence, the account allowing it) settle
    /// what they name. One transaction.
    pub async fn run(&self, account_id: Option<&str>, by: &Principal) -> Result<RunSummary> {
        let account = self.account(account_id, "account_id").await?;
        let auto = store::auto_reconcile(&self.db, &account.id)
            .await?
            .unwrap_or(false);
        let pending = store::pending_lines(&self.db, &account.id).await?;
        let mut candidates = Vec::new();
        for i in receivables_store::open_for_account(&self.db, &account.id).await? {
            candidates.push(Candidate::Installment(i));
        }
        for r in store::unreconciled_receipts(&self.db, &account.id).await? {
            candidates.push(Candidate::Receipt(r));
        }
        let here = Uuid::nil();
        let lines: Vec<StatementLine> = pending
            .iter()
            .enumerate()
            .map(|(i, l)| StatementLine {
                id: Uuid::from_u128(i as u128 + 1),
                account: here,
                date: l.posted,
                amount_cents: l.amount_cents,
                memo: l.memo.clone(),
                fitid: l.fitid.clone(),
                reference: None,
                document: None,
            })
            .collect();
        let targets: Vec<Target> = candidates
            .iter()
            .enumerate()
            .map(|(j, c)| target_of(j, c, &account.id))
            .collect();
        let options = Options {
            auto_confirm: auto,
            ..Options::default()
        };
        let outcome = engine::run(&lines, &targets, &options);
        let line_at = |id: Uuid| &pending[(id.as_u128() - 1) as usize];
        let target_at = |id: Uuid| &candidates[(id.as_u128() - TARGET_BASE) as usize];

        let stamp = Stamp::now(&self.clock, by);
        let mut summary = RunSummary::default();
        let mut tx = self.db.begin().await?;
        store::delete_suggestions(&mut tx, &account.id).await?;
        for m in &outcome.matches {
            let match_id = Uuid::now_v7().to_string();
            let mut items = Vec::new();
            let mut lines_cents = 0;
            for id in &m.lines {
                let l = line_at(*id);
                lines_cents += l.amount_cents;
                items.push(ItemRow {
                    match_id: match_id.clone(),
                    kind: "LINHA".into(),
                    ref_id: l.id.clone(),
                    amount_cents: l.amount_cents,
                    label: l.memo.clone(),
                    created_receipt_id: None,
                });
            }
            let mut targets_cents = 0;
            for id in &m.targets {
                let (kind, ref_id, amount, label) = match target_at(*id) {
                    Candidate::Installment(i) => (
                        "PARCELA",
                        i.id.clone(),
                        i.balance_cents(),
                        format!("{} · {}", i.label(), i.client_name),
                    ),
                    Candidate::Receipt(r) => (
                        "RECEBIMENTO",
                        r.id.clone(),
                        r.amount_cents,
                        format!(
                            "Recebimento de {} · {} · {}",
                            r.date.format("%d/%m/%Y"),
                            r.number,
                            r.client_name
                        ),
                    ),
                };
                targets_cents += amount;
                items.push(ItemRow {
                    match_id: match_id.clone(),
                    kind: kind.into(),
                    ref_id,
                    amount_cents: amount,
                    label,
                    created_receipt_id: None,
                });
            }
            // A confirmation with money left over on the statement side needs a person (§4.4 differences).
            let confirm = m.decision == Decision::Confirmed && lines_cents <= targets_cents;
            let row = MatchRow {
                id: match_id.clone(),
                bank_account_id: account.id.clone(),
                status: "SUGERIDA".into(),
                shape: shape_name(m.shape).into(),
                score: m.score as i64,
                reasons: m.reasons.join("\n"),
                automatic: confirm,
                lines_cents,
                targets_cents,
                confirmed_at: None,
                confirmed_by: None,
                confirmed_by_name: None,
                undone_at: None,
                undone_reason: None,
                version: 1,
                created_at: stamp.at,
            };
            store::insert_match(&mut tx, &row, &items, &stamp).await?;
            if confirm {
                self.apply(&mut tx, &row, &items, AUTOMATIC, by, &stamp)
                    .await?;
                summary.confirmed += 1;
            } else {
                summary.suggested += 1;
            }
        }
        tx.commit().await?;
        Ok(summary)
    }

    /// Confirms `row` (a suggestion) in `tx`: its lines CONCILIADO, a receipt created for each installment it
    /// names, the receipts it names taken. 409 "Já conciliado por {nome}." when someone was first.
    async fn apply(
        &self,
        tx: &mut Tx,
        row: &MatchRow,
        items: &[ItemRow],
        name: &str,
        by: &Principal,
        stamp: &Stamp<'_>,
    ) -> Result<()> {
        if row.lines_cents > row.targets_cents {
            // Money left over on the statement side needs the difference treatment (§4.4), not built yet.
            return Err(Error::invalid_field(
                "id",
                format!(
                    "O extrato tem {} a mais que os títulos desta sugestão; a diferença ainda não pode ser lançada aqui.",
                    format_brl(row.lines_cents - row.targets_cents)
                ),
            ));
        }
        if !store::confirm(tx, &row.id, name, stamp).await? {
            return Err(self.taken_match(&row.id).await);
        }
        let lines: Vec<&ItemRow> = items.iter().filter(|i| i.kind == "LINHA").collect();
        let ids: Vec<String> = lines.iter().map(|i| i.ref_id.clone()).collect();
        if store::settle_lines(tx, &ids, &row.id, stamp).await? != ids.len() as u64 {
            return Err(self.taken_line(&ids).await);
        }
        let last_day = {
            let mut day = None;
            for id in &ids {
                if let Some(l) = store::line_in(tx, id).await? {
                    day = day.max(Some(l.posted));
                }
            }
            day.unwrap_or_else(|| self.clock.today())
        };
        let targets: Vec<&ItemRow> = items.iter().filter(|i| i.kind != "LINHA").collect();
        for t in &targets {
            if let Some(name) = store::target_taken(tx, &t.kind, &t.ref_id, &row.id).await? {
                return Err(already(&name));
            }
        }
        let installments = targets.iter().filter(|t| t.kind == "PARCELA").count();
        for t in targets.iter().filter(|t| t.kind == "PARCELA") {
            let current = self.receivables.current(&t.ref_id).await?;
            if !current.status.is_open() || current.balance_cents() <= 0 {
                return Err(Error::conflict(
                    "ja_conciliado",
                    format!(
                        "A parcela {} já não está em aberto; rode a conciliação de novo.",
                        current.label()
                    ),
                ));
            }
            // 1:1 and N:1 take what came in (a smaller credit is a partial receipt); the other shapes settle
            // each installment by its saldo.
            let amount = if installments == 1 && targets.len() == 1 {
                row.lines_cents.min(current.balance_cents())
            } else {
                current.balance_cents()
            };
            if amount <= 0 {
                return Err(Error::invalid_field(
                    "id",
                    "Um lançamento de débito não baixa uma parcela a receber.",
                ));
            }
            let receipt = Receipt {
                date: last_day,
                amount_cents: amount,
                interest_cents: 0,
                fine_cents: 0,
                discount_cents: 0,
                principal_cents: amount,
                bank_account_id: row.bank_account_id.clone(),
                method: current.payment_method,
            };
            let receipt_id = self
                .receivables
                .receive_in(tx, &current, receipt, ReceiptSource::Conciliacao, by)
                .await?;
            store::set_created_receipt(tx, &row.id, &t.ref_id, &receipt_id).await?;
        }
        Ok(())
    }

    /// 409 naming who confirmed the match, or why it cannot be accepted.
    async fn taken_match(&self, id: &str) -> Error {
        match store::match_by_id(&self.db, id).await {
            Ok(Some(m)) if m.status == "CONFIRMADA" => {
                already(m.confirmed_by_name.as_deref().unwrap_or(""))
            }
            Ok(Some(m)) if m.status == "DESFEITA" => Error::conflict(
                "conciliacao_desfeita",
                "Esta conciliação foi desfeita; rode a conciliação de novo.",
            ),
            Ok(_) => Error::conflict(
                "sugestao_substituida",
                "Esta sugestão foi substituída por uma nova execução; recarregue a página.",
            ),
            Err(e) => e.into(),
        }
    }

    /// 409 naming who reconciled one of the lines (or that it was ignored).
    async fn taken_line(&self, ids: &[String]) -> Error {
        for id in ids {
            match store::line_by_id(&self.db, id).await {
                Ok(Some(l)) if l.status == "IGNORADO" => {
                    return Error::conflict("lancamento_ignorado", "Este lançamento foi ignorado.")
                }
                Ok(Some(l)) if l.status == "CONCILIADO" => {
                    if let Some(m) = l.match_id {
                        if let Ok(Some(m)) = store::match_by_id(&self.db, &m).await {
                            return already(m.confirmed_by_name.as_deref().unwrap_or(""));
                        }
                    }
                }
                Err(e) => return e.into(),
                _ => {}
            }
        }
        already("")
    }

    /// Accepts a suggestion. Of two people accepting it, the second gets 409 "Já conciliado por {nome}.".
    pub async fn accept(&self, id: &str, by: &Principal) -> Result<MatchDetail> {
        let detail = self.get_match(id).await?;
        if detail.row.status != "SUGERIDA" {
            return Err(self.taken_match(id).await);
        }
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        match self
            .apply(&mut tx, &detail.row, &detail.items, &by.name, by, &stamp)
            .await
        {
            Ok(()) => tx.commit().await?,
            // Rolled back as `tx` drops; a conflict already names who was first.
            Err(e) => return Err(e),
        }
        self.get_match(id).await
    }

    /// Accepts every suggestion of the account scoring at least `min_score`, best first; each in its own
    /// transaction, those someone else took meanwhile skipped. How many were accepted.
    pub async fn accept_all(
        &self,
        account_id: Option<&str>,
        min_score: Option<i64>,
        by: &Principal,
    ) -> Result<i64> {
        let min = min_score.unwrap_or(90);
        if !(0..=100).contains(&min) {
            return Err(Error::invalid_field(
                "min_score",
                "A nota mínima vai de 0 a 100.",
            ));
        }
        let mut accepted = 0;
        for m in self.matches(account_id, "SUGERIDA").await? {
            if m.row.score < min {
                continue;
            }
            match self.accept(&m.row.id, by).await {
                Ok(_) => accepted += 1,
                Err(e) if e.kind == platform::error::ErrorKind::Conflict => {}
                Err(e) => return Err(e),
            }
        }
        Ok(accepted)
    }

    /// Undoes a confirmed match with a reason: the receipts it created are reversed, the lines PENDENTE again,
    /// the receipts it named free again. One transaction.
    pub async fn undo(
        &self,
        id: &str,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<MatchDetail> {
        let reason = Reason::parse("reason", reason).map_err(|v| Error::invalid(vec![v]))?;
        let detail = self.get_match(id).await?;
        if detail.row.status != "CONFIRMADA" {
            return Err(Error::conflict(
                "conciliacao_nao_confirmada",
                "Só uma conciliação confirmada pode ser desfeita.",
            ));
        }
        let mut reversals = Vec::new();
        for it in &detail.items {
            if let (true, Some(receipt_id)) = (it.kind == "PARCELA", &it.created_receipt_id) {
                let current = self.receivables.current(&it.ref_id).await?;
                let record = receivables_store::receipts_of(&self.db, &it.ref_id)
                    .await?
                    .into_iter()
                    .find(|r| &r.id == receipt_id)
                    .ok_or_else(|| Error::not_found("Recebimento não encontrado."))?;
                reversals.push((current, record));
            }
        }
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        if !store::undo(&mut tx, id, reason.as_str(), &stamp).await? {
            return Err(Error::conflict(
                "conciliacao_nao_confirmada",
                "Só uma conciliação confirmada pode ser desfeita.",
            ));
        }
        for (current, record) in &reversals {
            if record.reversed_at.is_none() {
                self.receivables
                    .reverse_in(&mut tx, current, record, &reason, by)
                    .await?;
            }
        }
        store::reopen_lines(&mut tx, id, &stamp).await?;
        tx.commit().await?;
        self.get_match(id).await
    }

    /// Ignores a pending line with a reason (own-account transfers, noise); its suggestions go.
    pub async fn ignore(
        &self,
        line_id: &str,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<LineRow> {
        let reason = Reason::parse("reason", reason).map_err(|v| Error::invalid(vec![v]))?;
        store::line_by_id(&self.db, line_id)
            .await?
            .ok_or_else(|| Error::not_found("Lançamento não encontrado."))?;
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        if !store::ignore_line(&mut tx, line_id, reason.as_str(), &stamp).await? {
            return Err(Error::conflict(
                "lancamento_nao_pendente",
                "Só um lançamento pendente pode ser ignorado.",
            ));
        }
        store::delete_suggestions_of_line(&mut tx, line_id).await?;
        tx.commit().await?;
        store::line_by_id(&self.db, line_id)
            .await?
            .ok_or_else(|| Error::not_found("Lançamento não encontrado."))
    }
}

const TARGET_BASE: u128 = 1 << 64;

fn target_of(j: usize, c: &Candidate, account_id: &str) -> Target {
    let id = Uuid::from_u128(TARGET_BASE + j as u128);
    match c {
        Candidate::Installment(i) => Target {
            id,
            kind: TargetKind::Installment,
            side: Side::Receivable,
            account: (i.bank_account_id.as_deref() == Some(account_id)).then(Uuid::nil),
            amount_cents: i.balance_cents(),
            fee_cents: 0,
            expected_date: i.due_date,
            references: vec![Reference {
                kind: ReferenceKind::DocumentNumber,
                value: i.number.clone(),
            }],
            counterparty_name: i.client_name.clone(),
            counterparty_document: Some(i.client_document.clone()).filter(|d| !d.is_empty()),
            group: None,
        },
        Candidate::Receipt(r) => Target {
            id,
            kind: TargetKind::Settlement,
            side: Side::Receivable,
            account: Some(Uuid::nil()),
            amount_cents: r.amount_cents,
            fee_cents: 0,
            expected_date: r.date,
            references: vec![Reference {
                kind: ReferenceKind::DocumentNumber,
                value: r.number.clone(),
            }],
            counterparty_name: r.client_name.clone(),
            counterparty_document: Some(r.client_document.clone()).filter(|d| !d.is_empty()),
            group: None,
        },
    }
}

fn shape_name(shape: Shape) -> &'static str {
    match shape {
        Shape::OneToOne => "UM_PARA_UM",
        Shape::Group(_) => "GRUPO",
        Shape::OneToMany => "UM_PARA_N",
        Shape::ManyToOne => "N_PARA_UM",
    }
}

fn already(name: &str) -> Error {
    let name = if name.is_empty() {
        "outra pessoa"
    } else {
        name
    };
    Error::conflict("ja_conciliado", format!("Já conciliado por {name}."))
}
