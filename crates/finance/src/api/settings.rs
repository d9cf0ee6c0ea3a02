//! `/api/v1/finance/settings`: the finance parameters (so far the approval limit).

use std::sync::Arc;

use platform::api::{ApiResult, BearerAuth};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{Object, OpenApi};

use super::FinanceTag;
use crate::domain::settings::DEFAULT_APPROVAL_LIMIT;
use crate::domain::FinanceSettings;
use crate::permissions::{FINANCE_APPROVAL_LIMIT_SET, FINANCE_CHART_READ};
use crate::service::Settings;

pub struct SettingsApi {
    settings: Arc<Settings>,
}

impl SettingsApi {
    pub fn new(settings: Arc<Settings>) -> SettingsApi {
        SettingsApi { settings }
    }
}

/// The finance parameters in force.
#[derive(Object)]
#[oai(rename = "FinanceSettings")]
pub struct SettingsView {
    /// Centavos: up to here a financial assistant or an administrator approves; above, a financial manager or a
    /// super administrator.
    pub approval_limit_cents: i64,
    /// The brief's default (R$ 5.000,00), shown beside the value.
    pub default_approval_limit_cents: i64,
    /// 0 while the defaults apply; send it back when changing them (a stale one is 409).
    pub version: i64,
}

impl From<FinanceSettings> for SettingsView {
    fn from(s: FinanceSettings) -> SettingsView {
        SettingsView {
            approval_limit_cents: s.approval_limit,
            default_approval_limit_cents: DEFAULT_APPROVAL_LIMIT,
            version: s.version,
        }
    }
}

/// A new approval limit, with the version last read.
#[derive(Object)]
#[oai(rename = "ApprovalLimitChange", example)]
pub struct ApprovalLimitRequest {
    pub approval_limit_cents: i64,
    pub version: i64,
}

impl Example for ApprovalLimitRequest {
    fn example() -> Self {
        ApprovalLimitRequest {
            approval_limit_cents: 1_000_000,
            version: 0,
        }
    }
}

#[OpenApi(prefix_path = "/api/v1/finance/settings", tag = "FinanceTag::Finance")]
impl SettingsApi {
    /// The finance parameters in force.
    #[oai(path = "/", method = "get", operation_id = "getFinanceSettings")]
    async fn get(
        &self,
        #[oai(scope = "FINANCE_CHART_READ")] _auth: BearerAuth,
    ) -> ApiResult<Json<SettingsView>> {
        Ok(Json(self.settings.get().await?.into()))
    }

    /// Sets the approval limit (the super administrator alone).
    #[oai(
        path = "/approval-limit",
        method = "put",
        operation_id = "setApprovalLimit"
    )]
    async fn set_approval_limit(
        &self,
        #[oai(scope = "FINANCE_APPROVAL_LIMIT_SET")] auth: BearerAuth,
        body: Json<ApprovalLimitRequest>,
    ) -> ApiResult<Json<SettingsView>> {
        let saved = self
            .settings
            .set_approval_limit(body.0.approval_limit_cents, body.0.version, &auth.0)
            .await?;
        Ok(Json(saved.into()))
    }
}
