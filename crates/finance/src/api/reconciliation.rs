//! `/api/v1/finance/statements…` and `/api/v1/finance/reconciliation/…` (the `/conciliacao` page): import an
//! OFX statement into a company account, list its lines, run the matching, and work its suggestions — accept,
//! accept all above a score, undo, ignore a line. Reading needs `conciliacao_ler`, acting `conciliacao_operar`:
//! both are the role's `can_see_conciliation` flag (finance.md §7 "conc.").

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{ApiResult, BearerAuth, PageRequest};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::types::Example;
use poem_openapi::{Multipart, Object, OpenApi};

use super::FinanceTag;
use crate::permissions::{FINANCE_CHART_WRITE, RECONCILIATION_READ, RECONCILIATION_WRITE};
use crate::service::{ImportSummary, MatchDetail, Overview, Reconciliation, RunSummary};
use crate::store::reconciliation::{ItemRow, LineRow};

pub struct ReconciliationApi {
    service: Arc<Reconciliation>,
}

impl ReconciliationApi {
    pub fn new(service: Arc<Reconciliation>) -> ReconciliationApi {
        ReconciliationApi { service }
    }
}

/// What an import did: "3 novas, 2 já existentes", future-dated lines skipped, and the declared balance.
#[derive(Object)]
#[oai(rename = "StatementImport", skip_serializing_if_is_none)]
pub struct ImportView {
    pub new_lines: i64,
    pub existing_lines: i64,
    /// Lines dated after today, not imported.
    pub future_lines: i64,
    /// The ledger balance the file declares, its date, and what the imported statement adds up to that day.
    pub declared_balance_cents: Option<i64>,
    pub declared_balance_date: Option<NaiveDate>,
    pub computed_balance_cents: Option<i64>,
    /// "Saldo do arquivo não confere" when true.
    pub balance_mismatch: bool,
    pub message: String,
    pub warnings: Vec<String>,
}

impl From<ImportSummary> for ImportView {
    fn from(s: ImportSummary) -> Self {
        ImportView {
            new_lines: s.new_lines,
            existing_lines: s.existing_lines,
            future_lines: s.future_lines,
            declared_balance_cents: s.declared_balance.map(|b| b.0),
            declared_balance_date: s.declared_balance.map(|b| b.1),
            computed_balance_cents: s.declared_balance.map(|b| b.2),
            balance_mismatch: s.balance_mismatch,
            message: s.message,
            warnings: s.warnings,
        }
    }
}

/// A statement file sent as a form (`multipart/form-data`): the file and the account it belongs to.
#[derive(Multipart)]
pub struct StatementUploadForm {
    file: Upload,
    account_id: String,
}

#[derive(Object)]
#[oai(rename = "StatementLine", skip_serializing_if_is_none)]
pub struct LineView {
    pub id: String,
    pub bank_account_id: String,
    pub fitid: String,
    pub posted: NaiveDate,
    /// Signed centavos: credit > 0, debit < 0.
    pub amount_cents: i64,
    pub memo: String,
    /// PENDENTE, CONCILIADO or IGNORADO.
    pub status: String,
    pub match_id: Option<String>,
    pub ignore_reason: Option<String>,
    pub file_name: String,
}

impl From<LineRow> for LineView {
    fn from(l: LineRow) -> Self {
        LineView {
            id: l.id,
            bank_account_id: l.bank_account_id,
            fitid: l.fitid,
            posted: l.posted,
            amount_cents: l.amount_cents,
            memo: l.memo,
            status: l.status,
            match_id: l.match_id,
            ignore_reason: l.ignore_reason,
            file_name: l.file_name,
        }
    }
}

#[derive(Object)]
#[oai(rename = "StatementLinePage")]
pub struct LinePage {
    pub items: Vec<LineView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

/// The page's cards.
#[derive(Object)]
#[oai(rename = "ReconciliationOverview")]
pub struct OverviewView {
    /// Opening balance plus every imported line.
    pub statement_balance_cents: i64,
    /// Opening balance plus live receipts minus live payments up to today.
    pub system_balance_cents: i64,
    /// Statement − system.
    pub difference_cents: i64,
    /// Lines still PENDENTE.
    pub pending_lines: i64,
    /// The account's "Conciliar automaticamente".
    pub auto_reconcile: bool,
}

impl From<Overview> for OverviewView {
    fn from(o: Overview) -> Self {
        OverviewView {
            statement_balance_cents: o.statement_balance,
            system_balance_cents: o.system_balance,
            difference_cents: o.statement_balance - o.system_balance,
            pending_lines: o.pending,
            auto_reconcile: o.auto_reconcile,
        }
    }
}

#[derive(Object)]
#[oai(rename = "ReconciliationItem", skip_serializing_if_is_none)]
pub struct ItemView {
    /// LINHA (a statement line), PARCELA (an open receivable installment) or RECEBIMENTO (a receipt recorded
    /// before).
    pub kind: String,
    pub ref_id: String,
    pub amount_cents: i64,
    /// The line's memo, or the installment's título and client.
    pub label: String,
    /// For PARCELA, once confirmed: the receipt the match created.
    pub created_receipt_id: Option<String>,
}

impl From<ItemRow> for ItemView {
    fn from(i: ItemRow) -> Self {
        ItemView {
            kind: i.kind,
            ref_id: i.ref_id,
            amount_cents: i.amount_cents,
            label: i.label,
            created_receipt_id: i.created_receipt_id,
        }
    }
}

#[derive(Object)]
#[oai(rename = "ReconciliationMatch", skip_serializing_if_is_none)]
pub struct MatchView {
    pub id: String,
    pub bank_account_id: String,
    /// SUGERIDA, CONFIRMADA or DESFEITA.
    pub status: String,
    /// UM_PARA_UM, GRUPO, UM_PARA_N or N_PARA_UM.
    pub shape: String,
    /// 0–100.
    pub score: i64,
    /// Every piece of evidence, in Portuguese.
    pub reasons: Vec<String>,
    /// Confirmed by the engine.
    pub automatic: bool,
    pub lines_cents: i64,
    pub targets_cents: i64,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub confirmed_by_name: Option<String>,
    pub undone_at: Option<DateTime<Utc>>,
    pub undone_reason: Option<String>,
    pub items: Vec<ItemView>,
    pub created_at: DateTime<Utc>,
}

impl From<MatchDetail> for MatchView {
    fn from(d: MatchDetail) -> Self {
        let m = d.row;
        MatchView {
            id: m.id,
            bank_account_id: m.bank_account_id,
            status: m.status,
            shape: m.shape,
            score: m.score,
            reasons: m
                .reasons
                .lines()
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect(),
            automatic: m.automatic,
            lines_cents: m.lines_cents,
            targets_cents: m.targets_cents,
            confirmed_at: m.confirmed_at,
            confirmed_by_name: m.confirmed_by_name,
            undone_at: m.undone_at,
            undone_reason: m.undone_reason,
            items: d.items.into_iter().map(ItemView::from).collect(),
            created_at: m.created_at,
        }
    }
}

#[derive(Object)]
#[oai(rename = "ReconciliationRunRequest", example)]
pub struct RunRequest {
    #[oai(validator(max_length = 100))]
    pub account_id: Option<String>,
}

impl Example for RunRequest {
    fn example() -> Self {
        RunRequest {
            account_id: Some("0190c1d2-0000-7000-8000-000000000001".into()),
        }
    }
}

#[derive(Object)]
#[oai(rename = "ReconciliationRun")]
pub struct RunView {
    /// Matches the engine confirmed (and settled) in this run.
    pub confirmed: i64,
    /// Suggestions left for a person.
    pub suggested: i64,
}

impl From<RunSummary> for RunView {
    fn from(r: RunSummary) -> Self {
        RunView {
            confirmed: r.confirmed,
            suggested: r.suggested,
        }
    }
}

#[derive(Object)]
#[oai(rename = "ReconciliationAcceptAll", example)]
pub struct AcceptAllRequest {
    #[oai(validator(max_length = 100))]
    pub account_id: Option<String>,
    /// 90 when left out.
    pub min_score: Option<i64>,
}

impl Example for AcceptAllRequest {
    fn example() -> Self {
        AcceptAllRequest {
            account_id: Some("0190c1d2-0000-7000-8000-000000000001".into()),
            min_score: Some(90),
        }
    }
}

#[derive(Object)]
#[oai(rename = "ReconciliationAcceptedAll")]
pub struct AcceptedAll {
    pub accepted: i64,
}

/// A reason of 10 to 500 characters.
#[derive(Object)]
#[oai(rename = "ReconciliationReason", example)]
pub struct ReasonRequest {
    #[oai(validator(max_length = 1000))]
    pub reason: Option<String>,
}

impl Example for ReasonRequest {
    fn example() -> Self {
        ReasonRequest {
            reason: Some("Crédito de outro cliente, conferido no comprovante.".into()),
        }
    }
}

#[derive(Object)]
#[oai(rename = "ReconciliationAccountSettings", example)]
pub struct AccountSettings {
    /// "Conciliar automaticamente": matches of 90 or more with a unique best and identity evidence confirm by
    /// themselves.
    pub auto_reconcile: bool,
}

impl Example for AccountSettings {
    fn example() -> Self {
        AccountSettings {
            auto_reconcile: true,
        }
    }
}

#[OpenApi(tag = "FinanceTag::Finance")]
impl ReconciliationApi {
    /// Imports an OFX statement (1.x SGML or 2.x XML; the file's bytes as the body, ≤ 10 MB; `account_id` and
    /// `file_name` in the query). The file's account must be the chosen one (422 on `account_id`: "O extrato é
    /// da conta …, não da conta selecionada."); an unreadable file is 422 on `file` with the reader's reason. Only
    /// unseen lines are added (de-duplicated by account and FITID).
    #[oai(
        path = "/api/v1/finance/statements",
        method = "post",
        operation_id = "importStatement"
    )]
    async fn import(
        &self,
        #[oai(scope = "RECONCILIATION_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] account_id: Query<Option<String>>,
        #[oai(validator(max_length = 200))] file_name: Query<Option<String>>,
        body: Binary<Vec<u8>>,
    ) -> ApiResult<Json<ImportView>> {
        if body.0.len() > crate::service::MAX_STATEMENT_BYTES {
            return Err(platform::error::Error::too_large(
                "O extrato passa de 10 MB; divida o período.",
            )
            .into());
        }
        let name = file_name.0.unwrap_or_else(|| "extrato.ofx".into());
        let s = self
            .service
            .import(account_id.0.as_deref(), &name, &body.0, &auth.0)
            .await?;
        Ok(Json(s.into()))
    }

    /// The same import as a form (`multipart/form-data`, fields `file` and `account_id`), as the page sends it.
    #[oai(
        path = "/api/v1/finance/statements/upload",
        method = "post",
        operation_id = "uploadStatement"
    )]
    async fn upload(
        &self,
        #[oai(scope = "RECONCILIATION_WRITE")] auth: BearerAuth,
        form: StatementUploadForm,
    ) -> ApiResult<Json<ImportView>> {
        let upload = form.file;
        if upload.size() > crate::service::MAX_STATEMENT_BYTES {
            return Err(platform::error::Error::too_large(
                "O extrato passa de 10 MB; divida o período.",
            )
            .into());
        }
        let name = upload.file_name().unwrap_or("extrato.ofx").to_string();
        let bytes = upload
            .into_vec()
            .await
            .map_err(platform::error::Error::internal)?;
        let s = self
            .service
            .import(Some(&form.account_id), &name, &bytes, &auth.0)
            .await?;
        Ok(Json(s.into()))
    }

    /// The account's statement lines, newest first (PENDENTE, CONCILIADO or IGNORADO when `status` is given).
    #[oai(
        path = "/api/v1/finance/statement-lines",
        method = "get",
        operation_id = "listStatementLines"
    )]
    async fn lines(
        &self,
        #[oai(scope = "RECONCILIATION_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] account_id: Query<Option<String>>,
        #[oai(validator(pattern = "^(PENDENTE|CONCILIADO|IGNORADO)$"))] status: Query<
            Option<String>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<LinePage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, total) = self
            .service
            .lines(
                account_id.0.as_deref(),
                status.0.as_deref(),
                paging.limit(),
                paging.offset(),
            )
            .await?;
        Ok(Json(LinePage {
            has_more: paging.offset() + (items.len() as i64) < total,
            items: items.into_iter().map(LineView::from).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// Ignores a pending line with a reason (10 to 500 characters); its suggestions go.
    #[oai(
        path = "/api/v1/finance/statement-lines/:id/ignore",
        method = "post",
        operation_id = "ignoreStatementLine"
    )]
    async fn ignore(
        &self,
        #[oai(scope = "RECONCILIATION_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ReasonRequest>,
    ) -> ApiResult<Json<LineView>> {
        let l = self
            .service
            .ignore(&id.0, body.0.reason.as_deref(), &auth.0)
            .await?;
        Ok(Json(l.into()))
    }

    /// The cards of the page: statement and system balances, their difference, the pending lines.
    #[oai(
        path = "/api/v1/finance/reconciliation/overview",
        method = "get",
        operation_id = "getReconciliationOverview"
    )]
    async fn overview(
        &self,
        #[oai(scope = "RECONCILIATION_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] account_id: Query<Option<String>>,
    ) -> ApiResult<Json<OverviewView>> {
        Ok(Json(
            self.service.overview(account_id.0.as_deref()).await?.into(),
        ))
    }

    /// Sets the account's "Conciliar automaticamente" (a bank-account setting: who edits bank accounts).
    #[oai(
        path = "/api/v1/finance/reconciliation/accounts/:id",
        method = "put",
        operation_id = "setReconciliationAccount"
    )]
    async fn set_account(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<AccountSettings>,
    ) -> ApiResult<Json<OverviewView>> {
        Ok(Json(
            self.service
                .set_auto_reconcile(&id.0, body.0.auto_reconcile)
                .await?
                .into(),
        ))
    }

    /// Runs the matching for the account: its pending lines against open receivable installments and receipts
    /// not yet reconciled. The earlier suggestions are replaced; with "Conciliar automaticamente", matches of 90
    /// or more with a unique best and identity evidence are confirmed (the receipt created, the line CONCILIADO).
    #[oai(
        path = "/api/v1/finance/reconciliation/runs",
        method = "post",
        operation_id = "runReconciliation"
    )]
    async fn run(
        &self,
        #[oai(scope = "RECONCILIATION_WRITE")] auth: BearerAuth,
        body: Json<RunRequest>,
    ) -> ApiResult<Json<RunView>> {
        Ok(Json(
            self.service
                .run(body.0.account_id.as_deref(), &auth.0)
                .await?
                .into(),
        ))
    }

    /// The account's matches: SUGERIDA (the default, best score first), CONFIRMADA or DESFEITA.
    #[oai(
        path = "/api/v1/finance/reconciliation/matches",
        method = "get",
        operation_id = "listReconciliationMatches"
    )]
    async fn matches(
        &self,
        #[oai(scope = "RECONCILIATION_READ")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] account_id: Query<Option<String>>,
        #[oai(validator(pattern = "^(SUGERIDA|CONFIRMADA|DESFEITA)$"))] status: Query<
            Option<String>,
        >,
    ) -> ApiResult<Json<Vec<MatchView>>> {
        let status = status.0.unwrap_or_else(|| "SUGERIDA".into());
        let list = self
            .service
            .matches(account_id.0.as_deref(), &status)
            .await?;
        Ok(Json(list.into_iter().map(MatchView::from).collect()))
    }

    /// Accepts a suggestion: its lines CONCILIADO, a receipt for each installment it names. Of two people
    /// accepting it, the second gets 409 "Já conciliado por {nome}.".
    #[oai(
        path = "/api/v1/finance/reconciliation/matches/:id/accept",
        method = "post",
        operation_id = "acceptReconciliationMatch"
    )]
    async fn accept(
        &self,
        #[oai(scope = "RECONCILIATION_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<MatchView>> {
        Ok(Json(self.service.accept(&id.0, &auth.0).await?.into()))
    }

    /// "Aceitar todas ≥ 90": accepts every suggestion of the account scoring at least `min_score` (90 by
    /// default); those someone else took meanwhile are skipped.
    #[oai(
        path = "/api/v1/finance/reconciliation/matches/accept-all",
        method = "post",
        operation_id = "acceptAllReconciliationMatches"
    )]
    async fn accept_all(
        &self,
        #[oai(scope = "RECONCILIATION_WRITE")] auth: BearerAuth,
        body: Json<AcceptAllRequest>,
    ) -> ApiResult<Json<AcceptedAll>> {
        let accepted = self
            .service
            .accept_all(body.0.account_id.as_deref(), body.0.min_score, &auth.0)
            .await?;
        Ok(Json(AcceptedAll { accepted }))
    }

    /// Undoes a confirmed match with a reason (10 to 500 characters): the receipts it created are reversed, its
    /// lines PENDENTE again.
    #[oai(
        path = "/api/v1/finance/reconciliation/matches/:id/undo",
        method = "post",
        operation_id = "undoReconciliationMatch"
    )]
    async fn undo(
        &self,
        #[oai(scope = "RECONCILIATION_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ReasonRequest>,
    ) -> ApiResult<Json<MatchView>> {
        Ok(Json(
            self.service
                .undo(&id.0, body.0.reason.as_deref(), &auth.0)
                .await?
                .into(),
        ))
    }
}
