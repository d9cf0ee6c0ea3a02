//! `/api/v1/finance/bank-returns` and `/api/v1/finance/pendencies` (the "Retornos" and "Pendências" tabs of
//! `/remessas`): import a retorno de cobrança (applied by a job; its progress read from the retorno), the list,
//! its occurrences, the pendências and their resolution, and reprocessing. Every operation needs
//! `remessa_cobranca`.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use platform::access::REMESSA_COBRANCA;
use platform::api::{ApiResult, BearerAuth, PageRequest};
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::types::multipart::Upload;
use poem_openapi::{ApiResponse, Multipart, Object, OpenApi};

use super::FinanceTag;
use crate::domain::bank_return::{pendency_label, BankReturn, Occurrence, Pendency};
use crate::service::BankReturns;

pub struct BankReturnsApi {
    returns: Arc<BankReturns>,
}

impl BankReturnsApi {
    pub fn new(returns: Arc<BankReturns>) -> BankReturnsApi {
        BankReturnsApi { returns }
    }
}

/// A retorno and how far its application is.
#[derive(Object)]
#[oai(rename = "BankReturn", skip_serializing_if_is_none)]
pub struct ReturnView {
    pub id: String,
    pub bank_account_id: String,
    /// COBRANCA.
    pub kind: String,
    pub file_name: String,
    pub sha256: String,
    pub layout: String,
    pub bank: String,
    pub sequence: i64,
    pub generated_on: Option<NaiveDate>,
    /// IMPORTADO (being applied), PROCESSADO, PROCESSADO_COM_PENDENCIAS or FALHOU.
    pub status: String,
    /// Why it failed (FALHOU), with the line.
    pub failure: Option<String>,
    pub failure_line: Option<i64>,
    /// Occurrences in the file and done so far (the progress bar).
    pub total: i64,
    pub done: i64,
    pub applied: i64,
    pub duplicated: i64,
    pub not_found: i64,
    pub divergent: i64,
    pub informative: i64,
    pub job_id: Option<String>,
    pub imported_at: DateTime<Utc>,
    pub imported_by: String,
    pub imported_by_name: String,
    pub processed_at: Option<DateTime<Utc>>,
}

impl From<&BankReturn> for ReturnView {
    fn from(r: &BankReturn) -> Self {
        ReturnView {
            id: r.id.clone(),
            bank_account_id: r.bank_account_id.clone(),
            kind: r.kind.clone(),
            file_name: r.file_name.clone(),
            sha256: r.sha256.clone(),
            layout: r.layout.clone(),
            bank: r.bank.clone(),
            sequence: r.sequence,
            generated_on: r.generated_on,
            status: r.status.clone(),
            failure: r.failure.clone(),
            failure_line: r.failure_line,
            total: r.total,
            done: r.done,
            applied: r.applied,
            duplicated: r.duplicated,
            not_found: r.not_found,
            divergent: r.divergent,
            informative: r.informative,
            job_id: r.job_id.clone(),
            imported_at: r.imported_at,
            imported_by: r.imported_by.clone(),
            imported_by_name: r.imported_by_name.clone(),
            processed_at: r.processed_at,
        }
    }
}

#[derive(Object)]
#[oai(rename = "BankReturnPage", skip_serializing_if_is_none)]
pub struct ReturnPage {
    pub items: Vec<ReturnView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

#[derive(Object)]
#[oai(rename = "BankReturnOccurrence", skip_serializing_if_is_none)]
pub struct OccurrenceView {
    pub id: String,
    pub line: i64,
    pub nosso_numero: String,
    pub seu_numero: String,
    pub movement_code: String,
    pub movement_text: String,
    pub reasons: String,
    pub occurrence_date: Option<NaiveDate>,
    pub credit_date: Option<NaiveDate>,
    pub amount_cents: i64,
    pub paid_cents: i64,
    pub interest_cents: i64,
    pub fees_cents: i64,
    /// APLICADA, DUPLICADA_IGNORADA, NAO_LOCALIZADA, DIVERGENTE or INFORMATIVA.
    pub result: String,
    pub message: String,
    pub boleto_id: Option<String>,
    pub installment_id: Option<String>,
    pub remittance_id: Option<String>,
}

impl From<&Occurrence> for OccurrenceView {
    fn from(o: &Occurrence) -> Self {
        OccurrenceView {
            id: o.id.clone(),
            line: o.line,
            nosso_numero: o.nosso_numero.clone(),
            seu_numero: o.seu_numero.clone(),
            movement_code: o.movement_code.clone(),
            movement_text: o.movement_text.clone(),
            reasons: o.reasons.clone(),
            occurrence_date: o.occurrence_date,
            credit_date: o.credit_date,
            amount_cents: o.amount_cents,
            paid_cents: o.paid_cents,
            interest_cents: o.interest_cents,
            fees_cents: o.fees_cents,
            result: o.result.clone(),
            message: o.message.clone(),
            boleto_id: o.boleto_id.clone(),
            installment_id: o.installment_id.clone(),
            remittance_id: o.remittance_id.clone(),
        }
    }
}

#[derive(Object)]
#[oai(rename = "BankReturnOccurrencePage", skip_serializing_if_is_none)]
pub struct OccurrencePage {
    pub items: Vec<OccurrenceView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

#[derive(Object)]
#[oai(rename = "Pendency", skip_serializing_if_is_none)]
pub struct PendencyView {
    pub id: String,
    /// NAO_LOCALIZADA, DIVERGENTE, PAGAMENTO_APOS_CANCELAMENTO or PAGAMENTO_DUPLICIDADE.
    pub kind: String,
    /// "Pagamento após cancelamento", as the screen shows it.
    pub label: String,
    /// ABERTA or RESOLVIDA.
    pub status: String,
    pub return_id: String,
    pub occurrence_id: String,
    pub bank_account_id: String,
    pub boleto_id: Option<String>,
    pub installment_id: Option<String>,
    pub nosso_numero: String,
    pub amount_cents: i64,
    pub occurrence_date: Option<NaiveDate>,
    pub description: String,
    pub action: Option<String>,
    pub reason: Option<String>,
    pub resolved_installment_id: Option<String>,
    pub resolved_at: Option<DateTime<Utc>>,
    pub resolved_by: Option<String>,
    /// The page it is about (the retorno on `/remessas`).
    pub link: String,
    pub version: i64,
    pub created_at: DateTime<Utc>,
}

impl From<&Pendency> for PendencyView {
    fn from(p: &Pendency) -> Self {
        PendencyView {
            id: p.id.clone(),
            kind: p.kind.clone(),
            label: pendency_label(&p.kind).into(),
            status: p.status.clone(),
            return_id: p.return_id.clone(),
            occurrence_id: p.occurrence_id.clone(),
            bank_account_id: p.bank_account_id.clone(),
            boleto_id: p.boleto_id.clone(),
            installment_id: p.installment_id.clone(),
            nosso_numero: p.nosso_numero.clone(),
            amount_cents: p.amount_cents,
            occurrence_date: p.occurrence_date,
            description: p.description.clone(),
            action: p.action.clone(),
            reason: p.reason.clone(),
            resolved_installment_id: p.resolved_installment_id.clone(),
            resolved_at: p.resolved_at,
            resolved_by: p.resolved_by.clone(),
            link: match &p.installment_id {
                Some(i) => format!("/recebimentos?parcela={i}"),
                None => format!("/remessas?aba=retornos&retorno={}", p.return_id),
            },
            version: p.version,
            created_at: p.created_at,
        }
    }
}

#[derive(Object)]
#[oai(rename = "PendencyPage", skip_serializing_if_is_none)]
pub struct PendencyPage {
    pub items: Vec<PendencyView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
    pub has_more: bool,
}

#[derive(Object)]
#[oai(rename = "PendencyResolve")]
pub struct ResolveRequest {
    /// VINCULAR_PARCELA, REEMBOLSO, CREDITO_CLIENTE or DESCARTAR.
    #[oai(validator(max_length = 40))]
    pub action: Option<String>,
    #[oai(validator(max_length = 100))]
    pub installment_id: Option<String>,
    #[oai(validator(max_length = 500))]
    pub reason: Option<String>,
}

#[derive(Object)]
#[oai(rename = "PendencyReprocessed", skip_serializing_if_is_none)]
pub struct Reprocessed {
    /// Pendências resolved by a boleto issued since.
    pub resolved: i64,
}

/// A retorno sent as a form (`multipart/form-data`): the file and the account it belongs to.
#[derive(Multipart)]
pub struct UploadForm {
    file: Upload,
    account_id: String,
}

#[derive(ApiResponse)]
pub enum Imported {
    /// Stored and queued: IMPORTADO; read it again for the progress.
    #[oai(status = 202)]
    Accepted(Json<ReturnView>),
}

#[OpenApi(tag = "FinanceTag::Finance")]
impl BankReturnsApi {
    /// Imports a retorno de cobrança (the file's bytes as the body, ≤ 50 MB; `account_id` and `file_name` in
    /// the query). Its kind is read from the file (a payments retorno is 422 naming the page to use); the same
    /// bytes again for the account are 409 "Este arquivo já foi importado em … por …." and nothing runs.
    #[oai(
        path = "/api/v1/finance/bank-returns",
        method = "post",
        operation_id = "importBankReturn"
    )]
    async fn import(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] account_id: Query<Option<String>>,
        #[oai(validator(max_length = 200))] file_name: Query<Option<String>>,
        body: Binary<Vec<u8>>,
    ) -> ApiResult<Imported> {
        let name = file_name.0.unwrap_or_else(|| "retorno.ret".into());
        let r = self
            .returns
            .import(account_id.0.as_deref(), &name, body.0, &auth.0)
            .await?;
        Ok(Imported::Accepted(Json((&r).into())))
    }

    /// The same import as a form (`multipart/form-data`, fields `file` and `account_id`), as the page sends it.
    #[oai(
        path = "/api/v1/finance/bank-returns/upload",
        method = "post",
        operation_id = "uploadBankReturn"
    )]
    async fn upload(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        form: UploadForm,
    ) -> ApiResult<Imported> {
        let upload = form.file;
        if upload.size() > crate::service::MAX_RETURN_BYTES {
            return Err(platform::error::Error::too_large(format!(
                "O arquivo tem {:.1} MB; o limite é 50 MB.",
                upload.size() as f64 / 1_048_576.0
            ))
            .into());
        }
        let name = upload.file_name().unwrap_or("retorno.ret").to_string();
        let bytes = upload
            .into_vec()
            .await
            .map_err(platform::error::Error::internal)?;
        let r = self
            .returns
            .import(Some(&form.account_id), &name, bytes, &auth.0)
            .await?;
        Ok(Imported::Accepted(Json((&r).into())))
    }

    /// Retornos, newest first.
    #[oai(
        path = "/api/v1/finance/bank-returns",
        method = "get",
        operation_id = "listBankReturns"
    )]
    async fn list(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<ReturnPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, total) = self.returns.list(paging.limit(), paging.offset()).await?;
        Ok(Json(ReturnPage {
            has_more: paging.offset() + (items.len() as i64) < total,
            items: items.iter().map(ReturnView::from).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// A retorno with its counts; while IMPORTADO, `done` of `total` is the progress.
    #[oai(
        path = "/api/v1/finance/bank-returns/:id",
        method = "get",
        operation_id = "getBankReturn"
    )]
    async fn get(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<ReturnView>> {
        Ok(Json((&self.returns.get(&id.0).await?).into()))
    }

    /// The retorno's occurrences by line, with what each did.
    #[oai(
        path = "/api/v1/finance/bank-returns/:id/occurrences",
        method = "get",
        operation_id = "listBankReturnOccurrences"
    )]
    async fn occurrences(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<OccurrencePage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, total) = self
            .returns
            .occurrences(&id.0, paging.limit(), paging.offset())
            .await?;
        Ok(Json(OccurrencePage {
            has_more: paging.offset() + (items.len() as i64) < total,
            items: items.iter().map(OccurrenceView::from).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// The pendências the retornos left (ABERTA or RESOLVIDA), newest first.
    #[oai(
        path = "/api/v1/finance/pendencies",
        method = "get",
        operation_id = "listPendencies"
    )]
    async fn pendencies(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] _auth: BearerAuth,
        /// ABERTA or RESOLVIDA.
        #[oai(validator(pattern = "^(ABERTA|RESOLVIDA)$"))]
        status: Query<Option<String>>,
        #[oai(validator(minimum(value = "1"), maximum(value = "1000000")))] page: Query<
            Option<u32>,
        >,
        #[oai(validator(minimum(value = "1"), maximum(value = "200")))] page_size: Query<
            Option<u32>,
        >,
    ) -> ApiResult<Json<PendencyPage>> {
        let paging = PageRequest::new(page.0, page_size.0);
        let (items, total) = self
            .returns
            .pendencies(status.0.as_deref(), paging.limit(), paging.offset())
            .await?;
        Ok(Json(PendencyPage {
            has_more: paging.offset() + (items.len() as i64) < total,
            items: items.iter().map(PendencyView::from).collect(),
            total,
            page: paging.page,
            page_size: paging.page_size,
        }))
    }

    /// Resolves a pendência: VINCULAR_PARCELA settles that open installment from its money; REEMBOLSO,
    /// CREDITO_CLIENTE and DESCARTAR record the decision. A reason of 10 to 500 characters.
    #[oai(
        path = "/api/v1/finance/pendencies/:id/resolve",
        method = "post",
        operation_id = "resolvePendency"
    )]
    async fn resolve(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<ResolveRequest>,
    ) -> ApiResult<Json<PendencyView>> {
        let b = body.0;
        let p = self
            .returns
            .resolve(
                &id.0,
                b.action.as_deref(),
                b.installment_id.as_deref(),
                b.reason.as_deref(),
                &auth.0,
            )
            .await?;
        Ok(Json((&p).into()))
    }

    /// Re-tries the open "não localizado" pendências against the boletos issued since (idempotent).
    #[oai(
        path = "/api/v1/finance/pendencies/reprocess",
        method = "post",
        operation_id = "reprocessPendencies"
    )]
    async fn reprocess(
        &self,
        #[oai(scope = "REMESSA_COBRANCA")] auth: BearerAuth,
    ) -> ApiResult<Json<Reprocessed>> {
        Ok(Json(Reprocessed {
            resolved: self.returns.reprocess(&auth.0).await?,
        }))
    }
}
