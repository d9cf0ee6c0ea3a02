//! `/api/v1/finance/chart-accounts`: the chart of accounts as a tree; create, change, import a CSV, the starter
//! chart.

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth, Omittable, Text};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{text, FinanceTag};
use crate::domain::{Account, AccountDraft, AccountPatch};
use crate::permissions::{FINANCE_CHART_READ, FINANCE_CHART_WRITE};
use crate::service::{AccountInTree, Chart};

pub struct ChartApi {
    chart: Arc<Chart>,
}

impl ChartApi {
    pub fn new(chart: Arc<Chart>) -> ChartApi {
        ChartApi { chart }
    }
}

/// An account of the chart.
#[derive(Object)]
#[oai(rename = "ChartAccount")]
pub struct AccountView {
    pub id: String,
    /// `3.1.02`: the parent's code, a dot and a segment.
    pub code: String,
    /// The parent's code; absent at the top level.
    #[oai(skip_serializing_if_is_none)]
    pub parent_code: Option<String>,
    pub name: String,
    /// RECEITA, DESPESA or TRANSFERENCIA.
    pub nature: String,
    /// SINTETICA (groups) or ANALITICA (used by documents).
    pub kind: String,
    pub active: bool,
    /// Send it back when changing the account (a stale one is 409).
    pub version: i64,
    /// 1 at the top level, at most 6.
    pub depth: u32,
    /// Accounts directly under it.
    pub children: i64,
    /// Documents that use it.
    pub documents: i64,
}

impl AccountView {
    fn of(account: Account, depth: usize, children: i64, documents: i64) -> AccountView {
        AccountView {
            id: account.id,
            parent_code: account.code.parent().map(|p| p.as_str().to_string()),
            code: account.code.as_str().to_string(),
            name: account.name,
            nature: account.nature.as_str().to_string(),
            kind: account.kind.as_str().to_string(),
            active: account.active,
            version: account.version,
            depth: depth as u32,
            children,
            documents,
        }
    }
}

impl From<AccountInTree> for AccountView {
    fn from(item: AccountInTree) -> AccountView {
        AccountView::of(
            item.account,
            item.depth,
            item.usage.children,
            item.usage.documents,
        )
    }
}

impl From<Account> for AccountView {
    fn from(account: Account) -> AccountView {
        let depth = account.code.depth();
        AccountView::of(account, depth, 0, 0)
    }
}

/// The whole chart, in tree order.
#[derive(Object)]
#[oai(rename = "ChartAccountTree")]
pub struct TreeView {
    pub items: Vec<AccountView>,
}

/// A new account. Its parent is the account whose code is its code without the last segment. The limits here
/// only keep absurd payloads out; the rules are the domain's (a 422 names the field).
#[derive(Object)]
#[oai(rename = "NewChartAccount", example)]
pub struct NewAccountRequest {
    #[oai(validator(max_length = 100))]
    pub code: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    /// Required at the top level; under a parent, left out or the parent's.
    #[oai(validator(max_length = 100))]
    pub nature: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub kind: Omittable<Text>,
}

impl Example for NewAccountRequest {
    fn example() -> Self {
        NewAccountRequest {
            code: Omittable(Some(Text("5.7".into()))),
            name: Omittable(Some(Text("Material de escritório".into()))),
            nature: Omittable(None),
            kind: Omittable(Some(Text("ANALITICA".into()))),
        }
    }
}

/// A change to an account: any of its name, kind and state, with the version last read.
#[derive(Object)]
#[oai(rename = "ChartAccountPatch", example)]
pub struct AccountPatchRequest {
    pub version: i64,
    #[oai(validator(max_length = 1000))]
    pub name: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub kind: Omittable<Text>,
    pub active: Omittable<bool>,
}

impl Example for AccountPatchRequest {
    fn example() -> Self {
        AccountPatchRequest {
            version: 1,
            name: Omittable(Some("Aluguel".into())),
            kind: Omittable(None),
            active: Omittable(None),
        }
    }
}

/// A CSV file's text: `código;nome;natureza;tipo` per line (a header line is allowed), all or nothing.
#[derive(Object)]
#[oai(rename = "ChartAccountImport", example)]
pub struct ImportRequest {
    #[oai(validator(max_length = 1000000))]
    pub csv: Text,
}

impl Example for ImportRequest {
    fn example() -> Self {
        ImportRequest { csv: Text("código;nome;natureza;tipo\n9;Outras receitas;Receita;Sintética\n9.1;Diversas;;Analítica\n".into()) }
    }
}

/// The accounts an import or the starter chart created.
#[derive(Object)]
#[oai(rename = "ChartAccountsCreated")]
pub struct CreatedView {
    pub created: u32,
    pub items: Vec<AccountView>,
}

#[derive(ApiResponse)]
enum Created {
    #[oai(status = 201)]
    Created(Json<AccountView>),
}

#[derive(ApiResponse)]
enum CreatedMany {
    #[oai(status = 201)]
    Created(Json<CreatedView>),
}

fn created_many(accounts: Vec<Account>) -> CreatedMany {
    CreatedMany::Created(Json(CreatedView {
        created: accounts.len() as u32,
        items: accounts.into_iter().map(AccountView::from).collect(),
    }))
}

#[OpenApi(
    prefix_path = "/api/v1/finance/chart-accounts",
    tag = "FinanceTag::Finance"
)]
impl ChartApi {
    /// The chart of accounts in tree order, with what uses each account.
    #[oai(path = "/", method = "get", operation_id = "listChartAccounts")]
    async fn list(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<TreeView>> {
        let items = self.chart.tree().await?;
        Ok(Json(TreeView {
            items: items.into_iter().map(AccountView::from).collect(),
        }))
    }

    /// Adds an account under its parent.
    #[oai(path = "/", method = "post", operation_id = "createChartAccount")]
    async fn create(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        body: Json<NewAccountRequest>,
    ) -> ApiResult<Created> {
        let body = body.0;
        let draft = AccountDraft {
            code: text(body.code),
            name: text(body.name),
            nature: text(body.nature),
            kind: text(body.kind),
        };
        let account = self.chart.create(draft, &auth.0).await?;
        Ok(Created::Created(Json(account.into())))
    }

    /// Renames an account, changes its kind, deactivates or reactivates it (accounts are never deleted).
    #[oai(path = "/:id", method = "patch", operation_id = "updateChartAccount")]
    async fn update(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<AccountPatchRequest>,
    ) -> ApiResult<Json<AccountView>> {
        let body = body.0;
        let patch = AccountPatch {
            name: text(body.name),
            kind: text(body.kind),
            active: body.active.into_option(),
        };
        let account = self
            .chart
            .update(&id.0, body.version, patch, &auth.0)
            .await?;
        Ok(Json(account.into()))
    }

    /// Creates the accounts of a CSV file, all or none (a 422 names every problem by line and column).
    #[oai(
        path = "/import",
        method = "post",
        operation_id = "importChartAccounts"
    )]
    async fn import(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
        body: Json<ImportRequest>,
    ) -> ApiResult<CreatedMany> {
        Ok(created_many(
            self.chart.import_csv(&body.0.csv.0, &auth.0).await?,
        ))
    }

    /// Creates the clinic network's starter chart on an empty chart (409 when it has accounts).
    #[oai(
        path = "/starter",
        method = "post",
        operation_id = "createStarterChart"
    )]
    async fn starter(
        &self,
        #[oai(scope = "FINANCE_CHART_WRITE")] auth: BearerAuth,
    ) -> ApiResult<CreatedMany> {
        Ok(created_many(self.chart.create_starter(&auth.0).await?))
    }
}
