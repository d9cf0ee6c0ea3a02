//! The seed's navigation rules: the permissions its routes need and where a denied user goes.
//!
//! The web guard does not restate these: `backoffice web-access` writes them (with every permission) into
//! `packages/auth/src/generated/access.ts`, and a test fails when that file is stale. The server answers
//! the guard's asynchronous checks (`GET /api/v1/auth/access?path=`) from the same rules.

use super::{Flag, Grant, Permission, Role, RoleRedirect};
use Role::*;

/// Any signed-in, active user (one's own profile, push tokens, the access-audit report).
pub static SIGNED_IN: Permission = Permission {
    code: "autenticado",
    label: "estar autenticado",
    grant: Grant::Roles(&Role::ALL),
};
/// `/pagamentos` and `/recebimentos`.
pub static FINANCE_AREA: Permission = Permission {
    code: "financeiro",
    label: "acessar pagamentos e recebimentos",
    grant: Grant::Roles(&[FinancialAssistant, FinancialManager, Admin, SuperAdmin]),
};
/// Generate and send cobrança remittances and import their retornos (`/remessa`, `/remessas`): the finance roles
/// (finance.md §7 — money comes in; the payment remittances, money going out, are narrower).
pub static REMESSA_COBRANCA: Permission = Permission {
    code: "remessa_cobranca",
    label: "gerar remessas de cobrança",
    grant: Grant::Roles(&[FinancialAssistant, FinancialManager, Admin, SuperAdmin]),
};
/// Generate and send payment remittances (`/pagamentos-remessa`): a financial assistant only when granted.
pub static REMESSA_PAGAMENTOS: Permission = Permission {
    code: "remessa_pagamentos",
    label: "gerar remessas de pagamento",
    grant: Grant::Roles(&[FinancialManager, Admin, SuperAdmin]),
};
/// Reconciliation pages.
pub static CONCILIATION: Permission = Permission {
    code: "conciliacao",
    label: "acessar a conciliação bancária",
    grant: Grant::Flag(Flag::CanSeeConciliation),
};
pub static HUB: Permission = Permission {
    code: "hub",
    label: "acessar o hub",
    grant: Grant::Flag(Flag::AccessHub),
};
pub static DISPATCH_VIEW: Permission = Permission {
    code: "despachos_ver",
    label: "ver despachos",
    grant: Grant::Flag(Flag::CanSeeDispatch),
};
pub static DISPATCH_APPROVE: Permission = Permission {
    code: "despachos_aprovar",
    label: "aprovar despachos",
    grant: Grant::Flag(Flag::CanApprovalDispatch),
};

/// The platform's own permissions: being signed in, and those the seed's routes need.
pub static PLATFORM_PERMISSIONS: &[&Permission] = &[
    &SIGNED_IN,
    &FINANCE_AREA,
    &REMESSA_COBRANCA,
    &REMESSA_PAGAMENTOS,
    &CONCILIATION,
    &HUB,
    &DISPATCH_VIEW,
    &DISPATCH_APPROVE,
];

/// Which client paths a rule covers.
#[derive(Debug, Clone, Copy)]
pub enum RouteMatch {
    /// Exactly these paths.
    Exact(&'static [&'static str]),
    /// Any path containing this text (the seed's "any path containing /remessa").
    Contains(&'static str),
    /// This path and every path below it (`/hub`, `/hub/…`).
    Section(&'static str),
}

impl RouteMatch {
    pub fn matches(&self, path: &str) -> bool {
        match *self {
            RouteMatch::Exact(paths) => paths.contains(&path),
            RouteMatch::Contains(text) => path.contains(text),
            RouteMatch::Section(root) => {
                path == root || path.strip_prefix(root).is_some_and(|r| r.starts_with('/'))
            }
        }
    }
}

/// Who decides a rule on the web.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RouteCheck {
    /// The guard decides from the signed-in user's permissions.
    Client,
    /// The guard asks the server (`GET /api/v1/auth/access?path=`): the seed's asynchronous checks.
    Server,
    /// The hub gate decides on the freshly loaded user.
    Hub,
}

/// A client route's access rule. Every rule that matches a path must hold, in order; the first that does
/// not sends the user to its `denied_to`.
#[derive(Debug)]
pub struct RouteRule {
    pub matches: RouteMatch,
    /// Paths the rule leaves out even though `matches` covers them.
    pub except: Option<RouteMatch>,
    pub permission: &'static Permission,
    pub check: RouteCheck,
    pub denied_to: &'static str,
    /// The dispatch area: every check is reported to the server (allowed or not), and a denial shows the
    /// "Acesso negado" dialog before leaving.
    pub audited: bool,
}

impl RouteRule {
    /// A rule that sends a user without `permission` to `denied_to` (not audited, no exception).
    pub const fn new(
        matches: RouteMatch,
        permission: &'static Permission,
        check: RouteCheck,
        denied_to: &'static str,
    ) -> RouteRule {
        rule(matches, permission, check, denied_to)
    }

    pub fn applies_to(&self, path: &str) -> bool {
        let path = path.split(['?', '#']).next().unwrap_or("");
        self.matches.matches(path) && !self.except.is_some_and(|e| e.matches(path))
    }
}

const fn rule(
    matches: RouteMatch,
    permission: &'static Permission,
    check: RouteCheck,
    denied_to: &'static str,
) -> RouteRule {
    RouteRule {
        matches,
        except: None,
        permission,
        check,
        denied_to,
        audited: false,
    }
}

/// The seed's route rules.
pub static ROUTE_RULES: &[RouteRule] = &[
    rule(
        RouteMatch::Exact(&["/pagamentos", "/recebimentos"]),
        &FINANCE_AREA,
        RouteCheck::Client,
        "/minhas-vendas",
    ),
    rule(
        RouteMatch::Contains("/pagamentos-remessa"),
        &REMESSA_PAGAMENTOS,
        RouteCheck::Server,
        "/inicio",
    ),
    rule(
        RouteMatch::Contains("/conciliacao"),
        &CONCILIATION,
        RouteCheck::Client,
        "/inicio",
    ),
    RouteRule {
        except: Some(RouteMatch::Contains("/pagamentos-remessa")),
        ..rule(
            RouteMatch::Contains("/remessa"),
            &REMESSA_COBRANCA,
            RouteCheck::Server,
            "/inicio",
        )
    },
    rule(
        RouteMatch::Section("/hub"),
        &HUB,
        RouteCheck::Hub,
        "/inicio",
    ),
    RouteRule {
        except: Some(RouteMatch::Section("/hub/despachos/aprovacoes")),
        audited: true,
        ..rule(
            RouteMatch::Section("/hub/despachos"),
            &DISPATCH_VIEW,
            RouteCheck::Hub,
            "/hub",
        )
    },
    RouteRule {
        audited: true,
        ..rule(
            RouteMatch::Section("/hub/despachos/aprovacoes"),
            &DISPATCH_APPROVE,
            RouteCheck::Hub,
            "/hub",
        )
    },
];

/// The seed's role redirects.
pub static ROLE_REDIRECTS: &[RoleRedirect] = &[RoleRedirect {
    role: LegalAssistant,
    paths: &["/minhas-vendas", "/inicio"],
    to: "/clientes",
}];

#[cfg(test)]
mod tests {
    use super::*;

    fn permissions_for(path: &str) -> Vec<&'static str> {
        ROUTE_RULES
            .iter()
            .filter(|r| r.applies_to(path))
            .map(|r| r.permission.code)
            .collect()
    }

    #[test]
    fn routes_map_to_the_seed_rules() {
        assert_eq!(
            permissions_for("/pagamentos-remessa"),
            ["remessa_pagamentos"]
        );
        assert_eq!(
            permissions_for("/x/pagamentos-remessa/y"),
            ["remessa_pagamentos"]
        );
        assert_eq!(permissions_for("/remessas?x=1"), ["remessa_cobranca"]);
        assert_eq!(permissions_for("/conciliacao"), ["conciliacao"]);
        assert_eq!(permissions_for("/pagamentos"), ["financeiro"]);
        assert_eq!(permissions_for("/hub"), ["hub"]);
        assert_eq!(permissions_for("/hub/despachos"), ["hub", "despachos_ver"]);
        assert_eq!(
            permissions_for("/hub/despachos/aprovacoes"),
            ["hub", "despachos_aprovar"]
        );
        assert!(permissions_for("/hubble").is_empty());
        assert!(permissions_for("/clientes").is_empty());
    }
}
