//! What the server writes for people and for the web from its own declarations: the access table of
//! `docs/access.md` and the web guard's rules in `packages/auth/src/generated/access.ts`. Tests fail when
//! either committed file differs from what this writes.

use std::fmt::Write;

use platform::access::{Grant, RouteCheck, RouteMatch, RouteRule, ROLE_REDIRECTS};
use platform::Role;

use crate::app::{self, failure::Error};

fn table() -> Result<platform::api::AccessTable, Error> {
    app::access_table().map_err(Error)
}

/// The Markdown tables of every operation and every web route rule, with who may use each.
pub fn access_table() -> Result<String, Error> {
    let table = table()?;
    let mut out = String::from(
        "| Método | Caminho | Permissão | Papéis / flags com acesso | Observação |\n|---|---|---|---|---|\n",
    );
    for op in table.operations() {
        let (permission, who) = match op.permission {
            None => (
                "pública".to_string(),
                "qualquer pessoa (sem token)".to_string(),
            ),
            Some(p) => (format!("`{}`", p.code), p.holders()),
        };
        let _ = writeln!(
            out,
            "| {} | `{}` | {permission} | {who} | {} |",
            op.method,
            op.path,
            op.note.as_deref().unwrap_or("")
        );
    }
    out.push_str(
        "\n| Rota (web) | Permissão | Quem decide | Negado vai para |\n|---|---|---|---|\n",
    );
    for rule in table.route_rules() {
        let _ = writeln!(
            out,
            "| {} | `{}` ({}) | {} | `{}`{} |",
            describe_match(rule),
            rule.permission.code,
            rule.permission.holders(),
            match rule.check {
                RouteCheck::Client => "a guarda, pelo usuário",
                RouteCheck::Server => "o servidor (`GET /api/v1/auth/access`)",
                RouteCheck::Hub => "o hub, com o usuário recarregado",
            },
            rule.denied_to,
            if rule.audited {
                " (com o aviso \"Acesso negado\"; toda checagem é auditada)"
            } else {
                ""
            }
        );
    }
    Ok(out)
}

/// The line of `docs/access.md` after which everything is [`access_table`]'s output.
pub const ACCESS_DOC_MARKER: &str =
    "<!-- Daqui em diante: gerado por `backoffice access-table`. -->";

/// Rewrites the generated part of the access document (what follows [`ACCESS_DOC_MARKER`]).
pub fn update_access_doc(path: &std::path::Path) -> Result<(), Error> {
    let doc = std::fs::read_to_string(path)?;
    let Some(at) = doc.find(ACCESS_DOC_MARKER) else {
        return Err(Error(format!(
            "{}: falta a linha marcadora {ACCESS_DOC_MARKER}",
            path.display()
        )));
    };
    let head = &doc[..at + ACCESS_DOC_MARKER.len()];
    std::fs::write(
        path,
        format!(
            "{head}

{}",
            access_table()?
        ),
    )?;
    Ok(())
}

fn describe_match(rule: &RouteRule) -> String {
    let one = |m: &RouteMatch| match *m {
        RouteMatch::Exact(paths) => paths
            .iter()
            .map(|p| format!("`{p}`"))
            .collect::<Vec<_>>()
            .join(", "),
        RouteMatch::Contains(text) => format!("contém `{text}`"),
        RouteMatch::Section(root) => format!("`{root}` e abaixo"),
    };
    match &rule.except {
        Some(except) => format!("{}, exceto {}", one(&rule.matches), one(except)),
        None => one(&rule.matches),
    }
}

/// The TypeScript module the web guard reads: every permission with its holders, every route rule and
/// role redirect, in the server's order.
pub fn web_access() -> Result<String, Error> {
    let table = table()?;
    let mut out = String::from(
        "// Gerado por `backoffice web-access` a partir das declarações do servidor (crates/*/src/permissions.rs,\n\
         // platform::access): não edite. O teste the_web_guard_rules_are_current falha se ele ficar desatualizado.\n\n\
         import type { AccessRules } from '../accessRules';\n\n\
         export const ACCESS: AccessRules = {\n  permissions: {\n",
    );
    for p in app::permissions() {
        let (roles, flag) = match p.grant {
            Grant::Roles(roles) => (roles, "null".to_string()),
            Grant::Flag(flag) => (&[][..], format!("'{}'", flag.as_str())),
        };
        let _ = writeln!(
            out,
            "    {}: {{ label: {}, roles: [{}], flag: {flag} }},",
            p.code,
            js_string(p.label),
            role_list(roles)
        );
    }
    out.push_str("  },\n  routeRules: [\n");
    for rule in table.route_rules() {
        let _ = writeln!(
            out,
            "    {{ match: {}, except: {}, permission: '{}', check: '{}', deniedTo: '{}', audited: {} }},",
            js_match(&rule.matches),
            rule.except.as_ref().map(js_match).unwrap_or_else(|| "null".into()),
            rule.permission.code,
            match rule.check {
                RouteCheck::Client => "client",
                RouteCheck::Server => "server",
                RouteCheck::Hub => "hub",
            },
            rule.denied_to,
            rule.audited
        );
    }
    out.push_str("  ],\n  roleRedirects: [\n");
    for r in ROLE_REDIRECTS {
        let paths: Vec<String> = r.paths.iter().map(|p| format!("'{p}'")).collect();
        let _ = writeln!(
            out,
            "    {{ role: '{}', paths: [{}], to: '{}' }},",
            r.role.as_str(),
            paths.join(", "),
            r.to
        );
    }
    out.push_str("  ],\n};\n");
    Ok(out)
}

fn role_list(roles: &[Role]) -> String {
    roles
        .iter()
        .map(|r| format!("'{}'", r.as_str()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn js_match(m: &RouteMatch) -> String {
    match *m {
        RouteMatch::Exact(paths) => {
            let paths: Vec<String> = paths.iter().map(|p| format!("'{p}'")).collect();
            format!("{{ kind: 'exact', paths: [{}] }}", paths.join(", "))
        }
        RouteMatch::Contains(text) => format!("{{ kind: 'contains', text: '{text}' }}"),
        RouteMatch::Section(root) => format!("{{ kind: 'section', root: '{root}' }}"),
    }
}

fn js_string(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}
