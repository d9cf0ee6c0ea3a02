//! The access audit of the dispatch area: what the web app reports (`cliente`) and what the server
//! refused itself (`servidor`), side by side.

use platform::access::Permission;
use platform::error::Result;
use platform::Principal;

use super::Identity;
use crate::store::{self, AuditFilter, AuditRow};

pub const SOURCE_CLIENT: &str = "cliente";
pub const SOURCE_SERVER: &str = "servidor";

/// Whether a permission guards the dispatch area (its refusals are audited).
pub fn is_dispatch(permission: &Permission) -> bool {
    permission.code.starts_with("despachos")
}

impl Identity {
    /// A check the web app made and reports; returns the entry's id.
    pub async fn record_access_report(
        &self,
        principal: &Principal,
        content: &str,
        has_permission: bool,
        client_addr: Option<String>,
    ) -> Result<String> {
        self.record_audit(
            principal,
            content,
            has_permission,
            client_addr,
            SOURCE_CLIENT,
        )
        .await
    }

    /// A request the server refused itself.
    pub async fn audit_server_refusal(
        &self,
        principal: &Principal,
        content: &str,
        client_addr: Option<String>,
    ) -> Result<String> {
        self.record_audit(principal, content, false, client_addr, SOURCE_SERVER)
            .await
    }

    async fn record_audit(
        &self,
        principal: &Principal,
        content: &str,
        has_permission: bool,
        client_addr: Option<String>,
        source: &str,
    ) -> Result<String> {
        let row = AuditRow {
            id: uuid::Uuid::now_v7().to_string(),
            uid: principal.uid.clone(),
            email: principal.email.clone(),
            content: content.to_string(),
            has_permission,
            client_addr,
            created_at: self.clock.now(),
            source: source.to_string(),
        };
        store::insert_audit(&self.db, &row).await?;
        Ok(row.id)
    }

    pub async fn access_audit(
        &self,
        filter: &AuditFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<AuditRow>, i64)> {
        Ok(store::list_audit(&self.db, filter, limit, offset).await?)
    }

    /// Every entry `filter` matches, newest first, streamed (for the export).
    pub fn access_audit_stream(
        &self,
        filter: AuditFilter,
    ) -> impl futures::Stream<Item = Result<AuditRow>> + Send + 'static {
        store::stream_audit(&self.db, filter)
    }

    /// Today in America/Sao_Paulo (an export's file name).
    pub fn today(&self) -> chrono::NaiveDate {
        self.clock.today()
    }
}
