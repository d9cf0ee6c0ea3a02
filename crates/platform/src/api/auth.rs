//! Authentication and the permission check every protected operation gets before its handler runs.
//!
//! An operation declares the one permission it needs on its bearer parameter:
//!
//! ```ignore
//! async fn list(&self, #[oai(scope = "CLIENTS_READ")] auth: BearerAuth, …)
//! ```
//!
//! poem-openapi writes that scope into the operation's `security` requirement. At start-up the server
//! reads every operation's requirement into an [`AccessTable`] (and refuses to start if a protected
//! operation declares none, or one it does not know); the bearer checker looks the matched route up in
//! it and answers 403 before the handler runs. The docs' access table, the access test and the web
//! guard's generated rules read the same [`AccessTable`], so the declaration is written once.

use std::collections::HashMap;
use std::sync::Arc;

use futures::future::BoxFuture;
use poem::http::Method;
use poem::Request;
use poem_openapi::auth::Bearer;
use poem_openapi::registry::MetaApi;
use poem_openapi::SecurityScheme;

use crate::access::{Permission, Principal, RouteRule};
use crate::api::error::ApiError;
use crate::error::Error;

/// Turns a bearer token into a [`Principal`]. Implemented by the identity context (embedded tokens or
/// Firebase ID tokens) and put in the request data by the server.
pub trait Authenticator: Send + Sync {
    fn authenticate<'a>(&'a self, token: &'a str) -> BoxFuture<'a, Result<Principal, Error>>;

    /// Told of every operation refused for lack of `permission`, before the 403 goes out (the dispatch
    /// area's denials are audited).
    fn denied<'a>(
        &'a self,
        _principal: &'a Principal,
        _operation: &'a Operation,
    ) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }

    /// Told of an operation whose handler refused the caller (403) after the permission check passed — a
    /// rule of the record itself, such as approving one's own request; `reason` is the refusal's message.
    fn refused<'a>(
        &'a self,
        _principal: &'a Principal,
        _operation: &'a Operation,
        _reason: &'a str,
    ) -> BoxFuture<'a, ()> {
        Box::pin(async {})
    }
}

/// Passes a handler's result through; a refusal (403) is first told to the authenticator with the operation
/// the request was routed to, so refusals made inside handlers are audited like the permission check's.
pub async fn report_refusal<T>(
    req: &Request,
    principal: &Principal,
    result: Result<T, Error>,
) -> Result<T, Error> {
    if let Err(refusal) = &result {
        if refusal.kind == crate::error::ErrorKind::Forbidden {
            let pattern = req
                .data::<poem::PathPattern>()
                .map(|p| p.0.as_ref())
                .unwrap_or_else(|| req.uri().path());
            let operation = req
                .data::<Arc<AccessTable>>()
                .and_then(|t| t.operation(req.method(), pattern));
            if let (Some(authenticator), Some(operation)) =
                (req.data::<SharedAuthenticator>(), operation)
            {
                authenticator
                    .refused(principal, operation, &refusal.message)
                    .await;
            }
        }
    }
    result
}

/// The shared handle the server stores in poem's request data.
pub type SharedAuthenticator = Arc<dyn Authenticator>;

/// Bearer token (JWT) of a signed-in user, checked against the operation's declared permission.
#[derive(SecurityScheme)]
#[oai(ty = "bearer", bearer_format = "JWT", checker = "authenticate_bearer")]
pub struct BearerAuth(pub Principal);

async fn authenticate_bearer(req: &Request, bearer: Bearer) -> poem::Result<Principal> {
    let (Some(authenticator), Some(table)) = (
        req.data::<SharedAuthenticator>(),
        req.data::<Arc<AccessTable>>(),
    ) else {
        return Err(ApiError::internal("no authenticator or access table in request data").into());
    };
    let principal = authenticator
        .authenticate(&bearer.token)
        .await
        .map_err(ApiError::from)?;
    let pattern = req
        .data::<poem::PathPattern>()
        .map(|p| p.0.as_ref())
        .unwrap_or_else(|| req.uri().path());
    let Some(operation) = table.operation(req.method(), pattern) else {
        return Err(
            ApiError::internal(format!("no access rule for {} {pattern}", req.method())).into(),
        );
    };
    let Some(permission) = operation.permission else {
        return Err(
            ApiError::internal(format!("{} is public but takes a token", operation.id)).into(),
        );
    };
    if let Err(refusal) = principal.require(permission) {
        authenticator.denied(&principal, operation).await;
        return Err(ApiError::from(refusal).into());
    }
    Ok(principal)
}

/// One operation of the API and who may call it.
#[derive(Debug, Clone)]
pub struct Operation {
    pub method: Method,
    /// As in the OpenAPI document (`/api/v1/users/{uid}`).
    pub path: String,
    pub id: &'static str,
    /// The context's tag.
    pub tag: &'static str,
    /// `None`: public (no token).
    pub permission: Option<&'static Permission>,
    /// What the handler checks beyond the permission, from the operation's docs (a line starting with
    /// `Acesso:`).
    pub note: Option<String>,
}

/// Every operation of the API with its permission, read from the operations' own declarations, and the
/// web routes' access rules.
#[derive(Debug, Default)]
pub struct AccessTable {
    operations: Vec<Operation>,
    by_route: HashMap<(Method, String), usize>,
    route_rules: Vec<&'static RouteRule>,
}

/// Whether a user may open a web route.
#[derive(Debug, Clone, Copy)]
pub struct RouteDecision {
    pub allowed: bool,
    /// The permission that refused it, or else the first the route needs (`None`: any signed-in user).
    pub permission: Option<&'static Permission>,
    /// Where a refused user goes.
    pub denied_to: Option<&'static str>,
}

/// `/api/v1/users/{uid}` and poem's `/api/v1/users/:param0` both become `/api/v1/users/{}`.
fn route_key(path: &str) -> String {
    path.split('/')
        .map(|s| {
            if s.starts_with(':') || (s.starts_with('{') && s.ends_with('}')) {
                "{}"
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The line of an operation's docs starting with `Acesso:`, without the label.
fn access_note(texts: &[Option<&str>]) -> Option<String> {
    texts
        .iter()
        .flatten()
        .flat_map(|t| t.lines())
        .find_map(|l| l.trim().strip_prefix("Acesso:"))
        .map(|n| n.trim().trim_end_matches('.').to_string())
}

impl AccessTable {
    /// Reads every operation of `apis` (`<Apis as OpenApi>::meta()`); `known` are the permissions the
    /// registered contexts declare. Errs naming the operation when one is protected without exactly one
    /// known permission.
    pub fn new(apis: Vec<MetaApi>, known: &[&'static Permission]) -> Result<AccessTable, String> {
        let mut table = AccessTable::default();
        for path in apis.into_iter().flat_map(|api| api.paths) {
            for op in path.operations {
                let id = op
                    .operation_id
                    .ok_or_else(|| format!("{} {} has no operationId", op.method, path.path))?;
                let scopes: Vec<&str> = op
                    .security
                    .iter()
                    .flat_map(|s| s.values().flatten().copied())
                    .collect();
                let permission = match (op.security.is_empty(), scopes.as_slice()) {
                    (true, _) => None,
                    (false, [code]) => {
                        Some(*known.iter().find(|p| p.code == *code).ok_or_else(|| {
                            format!("{id} declares an unknown permission `{code}`")
                        })?)
                    }
                    (false, _) => {
                        return Err(format!(
                            "{id} takes a token but declares {} permissions; declare exactly one: \
                             #[oai(scope = \"…\")] auth: BearerAuth",
                            scopes.len()
                        ))
                    }
                };
                let key = (op.method.clone(), route_key(&path.path));
                if table.by_route.insert(key, table.operations.len()).is_some() {
                    return Err(format!("{} {} is declared twice", op.method, path.path));
                }
                table.operations.push(Operation {
                    method: op.method,
                    path: path.path.clone(),
                    id,
                    tag: op.tags.first().copied().unwrap_or(""),
                    permission,
                    note: access_note(&[op.summary, op.description]),
                });
            }
        }
        Ok(table)
    }

    /// Adds the web routes' access rules (the seed's and every context's), in order.
    pub fn with_route_rules(mut self, rules: Vec<&'static RouteRule>) -> AccessTable {
        self.route_rules = rules;
        self
    }

    pub fn route_rules(&self) -> &[&'static RouteRule] {
        &self.route_rules
    }

    /// Every rule that applies to `path` must hold; the first that does not decides.
    pub fn route_access(&self, principal: &Principal, path: &str) -> RouteDecision {
        let mut applying = self.route_rules.iter().filter(|r| r.applies_to(path));
        let first = applying.clone().next().map(|r| r.permission);
        match applying.find(|r| !principal.has(r.permission)) {
            Some(refusing) => RouteDecision {
                allowed: false,
                permission: Some(refusing.permission),
                denied_to: Some(refusing.denied_to),
            },
            None => RouteDecision {
                allowed: true,
                permission: first,
                denied_to: None,
            },
        }
    }

    /// Every operation, in the order of the API document.
    pub fn operations(&self) -> &[Operation] {
        &self.operations
    }

    /// The operation a request was routed to (`path` as a route pattern or a concrete OpenAPI path).
    pub fn operation(&self, method: &Method, path: &str) -> Option<&Operation> {
        self.by_route
            .get(&(method.clone(), route_key(path)))
            .map(|&i| &self.operations[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn route_patterns_and_openapi_paths_meet() {
        assert_eq!(route_key("/api/v1/users/:param0"), "/api/v1/users/{}");
        assert_eq!(route_key("/api/v1/users/{uid}"), "/api/v1/users/{}");
        assert_eq!(
            route_key("/api/v1/crm/clients/{id}/archive"),
            "/api/v1/crm/clients/{}/archive"
        );
    }

    #[test]
    fn the_access_note_is_the_line_that_says_so() {
        let doc = "Changes a user.\nAcesso: ADMIN e SUPER_ADMIN só por SUPER_ADMIN.";
        assert_eq!(
            access_note(&[Some("x"), Some(doc)]).as_deref(),
            Some("ADMIN e SUPER_ADMIN só por SUPER_ADMIN")
        );
        assert_eq!(access_note(&[None, Some("nothing")]), None);
    }
}
