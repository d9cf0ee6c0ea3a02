//! `/api/v1/finance/bank-accounts`: the company's own accounts (list, create, change), and the banks offered.

use std::sync::Arc;

use banking::bank::Bank;
use platform::api::{ApiResult, BearerAuth, Date, Omittable, Text};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{text, FinanceTag};
use crate::domain::{BankAccount, BankAccountDraft};
use crate::permissions::{FINANCE_CHART_READ, FINANCE_CHART_WRITE};
use crate::service::{BankAccountPatch, BankAccounts};

pub struct BankAccountsApi {
    accounts: Arc<BankAccounts>,
}

impl BankAccountsApi {
    pub fn new(accounts: Arc<BankAccounts>) -> BankAccountsApi {
        BankAccountsApi { accounts }
    }
}

/// One of the company's bank accounts.
#[derive(Object)]
#[oai(rename = "BankAccount")]
pub struct BankAccountView {
    pub id: String,
    pub nickname: String,
    /// The COMPE code: `001`, `341`…
    pub bank: String,
    pub bank_name: String,
    pub agency: String,
    #[oai(skip_serializing_if_is_none)]
    pub agency_digit: Option<String>,
    pub account: String,
    pub account_digit: String,
    /// Centavos on `opening_date` (negative when overdrawn).
    pub opening_balance_cents: i64,
    pub opening_date: Date,
    pub active: bool,
    /// Send it back when changing the account (a stale one is 409).
    pub version: i64,
}

impl From<BankAccount> for BankAccountView {
    fn from(account: BankAccount) -> BankAccountView {
        let f = account.fields;
        BankAccountView {
            id: account.id,
            nickname: f.nickname,
            bank: f.number.bank.code().to_string(),
            bank_name: f.number.bank.name().to_string(),
            agency: f.number.agency,
            agency_digit: f.number.agency_digit,
            account: f.number.account,
            account_digit: f.number.account_digit,
            opening_balance_cents: f.opening_balance,
            opening_date: Date(f.opening_date),
            active: account.active,
            version: account.version,
        }
    }
}

#[derive(Object)]
#[oai(rename = "BankAccountList")]
pub struct BankAccountList {
    pub items: Vec<BankAccountView>,
}

/// A bank whose remessa and retorno files the system writes and reads.
#[derive(Object)]
#[oai(rename = "SupportedBank")]
pub struct BankView {
    /// The COMPE code.
    pub code: String,
    pub name: String,
}

#[derive(Object)]
#[oai(rename = "SupportedBankList")]
pub struct BankList {
    pub items: Vec<BankView>,
}

/// A new bank account. The limits here only keep absurd payloads out; the rules are the domain's.
#[derive(Object)]
#[oai(rename = "NewBankAccount", example)]
pub struct NewBankAccountRequest {
    #[oai(validator(max_length = 1000))]
    pub nickname: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub bank: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub agency: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub agency_digit: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub account: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub account_digit: Omittable<Text>,
    pub opening_balance_cents: Omittable<i64>,
    pub opening_date: Omittable<Date>,
}

impl Example for NewBankAccountRequest {
    fn example() -> Self {
        NewBankAccountRequest {
            nickname: Omittable(Some(Text("Itaú Operacional".into()))),
            bank: Omittable(Some(Text("341".into()))),
            agency: Omittable(Some(Text("0912".into()))),
            agency_digit: Omittable(None),
            account: Omittable(Some(Text("45678".into()))),
            account_digit: Omittable(Some(Text("9".into()))),
            opening_balance_cents: Omittable(Some(1_250_000)),
            opening_date: Omittable(chrono::NaiveDate::from_ymd_opt(2026, 1, 1).map(Date)),
        }
    }
}

/// What may change in an account, with the version last read (bank, agência and conta do not change).
#[derive(Object)]
#[oai(rename = "BankAccountPatch", example)]
pub struct BankAccountPatchRequest {
    pub version: i64,
    #[oai(validator(max_length = 1000))]
    pub nickname: Omittable<Text>,
    pub opening_balance_cents: Omittable<i64>,
    pub opening_date: Omittable<Date>,
    pub active: Omittable<bool>,
}

impl Example for BankAccountPatchRequest {
    fn example() -> Self {
        BankAccountPatchRequest {
            version: 1,
            nickname: Omittable(Some(Text("Itaú Recebimentos".into()))),
            opening_balance_cents: Omittable(None),
            opening_date: Omittable(None),
            active: Omittable(None),
        }
    }
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<BankAccountView>),
}

#[OpenApi(prefix_path = "/api/v1/finance", tag = "FinanceTag::Finance")]
impl BankAccountsApi {
    /// The banks offered: those whose remessa and retorno files the system writes and reads.
    #[oai(path = "/banks", method = "get", operation_id = "listSupportedBanks")]
    async fn banks(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<BankList>> {
        let items = Bank::ALL
            .into_iter()
            .map(|b| BankView {
                code: b.code().to_string(),
                name: b.name().to_string(),
            })
            .collect();
        Ok(Json(BankList { items }))
    }

    /// The company's bank accounts, by nickname.
    #[oai(
        path = "/bank-accounts",
        method = "get",
        operation_id = "listBankAccounts"
    )]
    async fn list(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<BankAccountList>> {
        let items = self.accounts.list().await?;
        Ok(Json(BankAccountList {
            items: items.into_iter().map(BankAccountView::from).collect(),
        }))
    }

    /// Adds a bank account (the same bank, agência and conta twice is 409).
    #[oai(
        path = "/bank-accounts",
        method = "post",
        operation_id = "createBankAccount"
    )]
    async fn create(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        body: Json<NewBankAccountRequest>,
    ) -> ApiResult<Created> {
        let body = body.0;
        let draft = BankAccountDraft {
            nickname: text(body.nickname),
            bank: text(body.bank),
            agency: text(body.agency),
            agency_digit: text(body.agency_digit),
            account: text(body.account),
            account_digit: text(body.account_digit),
            opening_balance: body.opening_balance_cents.into_option(),
            opening_date: body.opening_date.into_option().map(|d| d.0),
        };
        Ok(Created::Created(Json(
            self.accounts.create(draft, &auth.0).await?.into(),
        )))
    }

    /// Changes an account's nickname, opening balance and date, or state (accounts are never deleted).
    #[oai(
        path = "/bank-accounts/:id",
        method = "patch",
        operation_id = "updateBankAccount"
    )]
    async fn update(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<BankAccountPatchRequest>,
    ) -> ApiResult<Json<BankAccountView>> {
        let body = body.0;
        let patch = BankAccountPatch {
            nickname: text(body.nickname),
            opening_balance: body.opening_balance_cents.into_option(),
            opening_date: body.opening_date.into_option().map(|d| d.0),
            active: body.active.into_option(),
        };
        Ok(Json(
            self.accounts
                .update(&id.0, body.version, patch, &auth.0)
                .await?
                .into(),
        ))
    }
}
