//! Permissions as data: the catalog with its holders, a role's permissions changed by an administrator,
//! and one user's grants and revokes, each applying on the caller's next request.

use crate::common;

use common::{body, harnesses};
use platform::clock::Clock;
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::json;

const REASON: &str = "Cobertura durante as férias da gerente";

#[tokio::test]
async fn the_catalog_lists_every_permission_with_its_default_and_current_holders() {
    for h in harnesses().await {
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let catalog = body(h.get("/api/v1/permissions", &admin).await).await;
        let audit = catalog
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["code"] == "auditoria_ler")
            .unwrap_or_else(|| panic!("auditoria_ler missing ({}): {catalog}", h.engine));
        assert_eq!(audit["default_roles"], json!(["ADMIN", "SUPER_ADMIN"]));
        assert_eq!(
            audit["roles"],
            json!(["ADMIN", "SUPER_ADMIN"]),
            "{}",
            h.engine
        );
        assert_eq!(audit["editable"], true);
        // Editing permissions is fixed, so no administrator can lock every administrator out.
        let manage = catalog
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["code"] == "permissoes_gerenciar")
            .unwrap();
        assert_eq!(manage["editable"], false);
        // A salesperson may not read the catalog.
        let (_, seller) = h.signed_in("vend@x.com.br", Role::Salesperson).await;
        h.get("/api/v1/permissions", &format!("Bearer {seller}"))
            .await
            .assert_status(StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn a_grant_to_one_user_opens_the_endpoint_at_once_and_a_revoke_closes_it() {
    for h in harnesses().await {
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let seller_uid = h
            .user(
                "vend@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let (seller, _) = h.token("vend@x.com.br").await;
        let seller = format!("Bearer {seller}");
        h.get("/api/v1/audit/access", &seller)
            .await
            .assert_status(StatusCode::FORBIDDEN);

        let path = format!("/api/v1/users/{seller_uid}/permissions/auditoria_ler");
        // A reason is required (10 to 500 characters once spaces are collapsed), and the field is named.
        let resp = h
            .send("PUT", &path, &admin, Some(json!({"decision": "CONCEDER"})))
            .await;
        resp.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            body(resp).await["fields"][0]["field"],
            "reason",
            "{}",
            h.engine
        );
        let blank = json!({"decision": "CONCEDER", "reason": "   a      b    "});
        let resp = h.send("PUT", &path, &admin, Some(blank)).await;
        resp.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            body(resp).await["fields"][0]["field"],
            "reason",
            "{}",
            h.engine
        );
        let granted = h
            .send(
                "PUT",
                &path,
                &admin,
                Some(json!({"decision": "CONCEDER", "reason": REASON})),
            )
            .await;
        granted.assert_status_is_ok();
        let granted = body(granted).await;
        assert!(granted["permissions"]
            .as_array()
            .unwrap()
            .contains(&json!("auditoria_ler")));
        assert_eq!(granted["exceptions"][0]["granted"], true);
        // The same token: the change applies on the next request, to the page's route check as well.
        h.get("/api/v1/audit/access", &seller)
            .await
            .assert_status_is_ok();
        let route = body(
            h.get("/api/v1/auth/access?path=/admin/auditoria", &seller)
                .await,
        )
        .await;
        assert_eq!(route["allowed"], true, "{}: {route}", h.engine);
        // The user reads what they hold.
        let mine = body(
            h.get(format!("/api/v1/users/{seller_uid}/permissions"), &seller)
                .await,
        )
        .await;
        assert!(mine["permissions"]
            .as_array()
            .unwrap()
            .contains(&json!("auditoria_ler")));

        h.send(
            "PUT",
            &path,
            &admin,
            Some(json!({"decision": "PADRAO", "reason": REASON})),
        )
        .await
        .assert_status_is_ok();
        h.get("/api/v1/audit/access", &seller)
            .await
            .assert_status(StatusCode::FORBIDDEN);
        let route = body(
            h.get("/api/v1/auth/access?path=/admin/auditoria", &seller)
                .await,
        )
        .await;
        assert_eq!(route["allowed"], false);

        // A revoke wins over the role: one administrator loses the audit.
        let (other_admin_uid, other_admin) = {
            let uid = h
                .user(
                    "adm2@x.com.br",
                    Some(Role::Admin),
                    RoleFlags::default(),
                    false,
                )
                .await;
            (uid, format!("Bearer {}", h.token("adm2@x.com.br").await.0))
        };
        // An admin does not change another admin's permissions.
        h.send(
            "PUT",
            format!("/api/v1/users/{other_admin_uid}/permissions/auditoria_ler"),
            &admin,
            Some(json!({"decision": "REVOGAR", "reason": REASON})),
        )
        .await
        .assert_status(StatusCode::FORBIDDEN);
        let (_, sup) = h.signed_in("sup@x.com.br", Role::SuperAdmin).await;
        h.send(
            "PUT",
            format!("/api/v1/users/{other_admin_uid}/permissions/auditoria_ler"),
            &format!("Bearer {sup}"),
            Some(json!({"decision": "REVOGAR", "reason": REASON})),
        )
        .await
        .assert_status_is_ok();
        h.get("/api/v1/audit/access", &other_admin)
            .await
            .assert_status(StatusCode::FORBIDDEN);
        h.get("/api/v1/audit/access", &admin)
            .await
            .assert_status_is_ok();

        // Another user's permissions are out of a salesperson's reach: 404, as for a uid that does not exist.
        h.get(
            format!("/api/v1/users/{other_admin_uid}/permissions"),
            &seller,
        )
        .await
        .assert_status(StatusCode::NOT_FOUND);
        // An unknown permission is 404.
        h.send(
            "PUT",
            format!("/api/v1/users/{seller_uid}/permissions/nao_existe"),
            &admin,
            Some(json!({"decision": "CONCEDER", "reason": REASON})),
        )
        .await
        .assert_status(StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_roles_permissions_change_for_every_holder_and_the_change_is_in_the_history() {
    for h in harnesses().await {
        let (_, sup) = h.signed_in("sup@x.com.br", Role::SuperAdmin).await;
        let sup = format!("Bearer {sup}");
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let (_, seller) = h.signed_in("vend@x.com.br", Role::Salesperson).await;
        let seller = format!("Bearer {seller}");
        // Taking a permission away from the administrators is a SUPER_ADMIN's decision.
        h.send(
            "PUT",
            "/api/v1/permissions/auditoria_ler",
            &admin,
            Some(json!({"roles": ["SUPER_ADMIN"], "reason": REASON})),
        )
        .await
        .assert_status(StatusCode::FORBIDDEN);
        let changed = h
            .send(
                "PUT",
                "/api/v1/permissions/auditoria_ler",
                &sup,
                Some(json!({"roles": ["SALESPERSON", "SUPER_ADMIN"], "reason": REASON})),
            )
            .await;
        changed.assert_status_is_ok();
        // Roles come in the order the code declares them.
        assert_eq!(
            body(changed).await["roles"],
            json!(["SUPER_ADMIN", "SALESPERSON"]),
            "{}",
            h.engine
        );
        h.get("/api/v1/audit/access", &seller)
            .await
            .assert_status_is_ok();
        h.get("/api/v1/audit/access", &admin)
            .await
            .assert_status(StatusCode::FORBIDDEN);
        // A flag permission is not a role's.
        let resp = h
            .send(
                "PUT",
                "/api/v1/permissions/despachos_ver",
                &sup,
                Some(json!({"roles": ["SALESPERSON"], "reason": REASON})),
            )
            .await;
        resp.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        // The next start does not put a removed default back.
        let seeded = platform::access::table::seed_defaults(
            &h.app.platform.db,
            &server::app::permissions(),
            h.clock.now(),
        )
        .await
        .unwrap();
        assert_eq!(seeded, 0, "{}", h.engine);
        h.get("/api/v1/audit/access", &admin)
            .await
            .assert_status(StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn payment_remittances_granted_to_one_financial_assistant_open_their_route() {
    for h in harnesses().await {
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let ana = h
            .user(
                "ana@x.com.br",
                Some(Role::FinancialAssistant),
                RoleFlags::default(),
                false,
            )
            .await;
        let (_, other) = h.signed_in("bia@x.com.br", Role::FinancialAssistant).await;
        let ana_token = format!("Bearer {}", h.token("ana@x.com.br").await.0);
        let route = "/api/v1/auth/access?path=/pagamentos-remessa";
        assert_eq!(body(h.get(route, &ana_token).await).await["allowed"], false);
        h.send(
            "PUT",
            format!("/api/v1/users/{ana}/permissions/remessa_pagamentos"),
            &admin,
            Some(json!({"decision": "CONCEDER", "reason": REASON})),
        )
        .await
        .assert_status_is_ok();
        let decision = body(h.get(route, &ana_token).await).await;
        assert_eq!(decision["allowed"], true, "{}: {decision}", h.engine);
        // Only her: another financial assistant still may not.
        let other = format!("Bearer {other}");
        assert_eq!(body(h.get(route, &other).await).await["allowed"], false);
    }
}

#[tokio::test]
async fn the_user_is_notified_of_a_permission_change_through_the_event_and_its_jobs() {
    for h in harnesses().await {
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let seller_uid = h
            .user(
                "vend@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let (seller, _) = h.token("vend@x.com.br").await;
        let seller = format!("Bearer {seller}");
        let inbox = "/api/v1/system/notifications?page=1&page_size=20";
        let path = format!("/api/v1/users/{seller_uid}/permissions/auditoria_ler");

        // A refused change publishes nothing.
        h.send("PUT", &path, &admin, Some(json!({"decision": "CONCEDER"})))
            .await
            .assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        h.send(
            "PUT",
            &path,
            &admin,
            Some(json!({"decision": "CONCEDER", "reason": REASON})),
        )
        .await
        .assert_status_is_ok();
        // The event waits in the outbox, written with the change; its consumer runs as a job.
        assert_eq!(body(h.get(inbox, &seller).await).await["unread"], 0);
        assert!(h.app.platform.jobs.run_until_idle().await.unwrap() >= 1);
        let page = body(h.get(inbox, &seller).await).await;
        assert_eq!(page["unread"], 1, "{}: {page}", h.engine);
        let notice = &page["items"][0];
        assert_eq!(notice["title"], "Você recebeu uma permissão");
        assert_eq!(notice["url"], "/inicio");
        let text = notice["body"].as_str().unwrap();
        assert!(text.contains(REASON), "{text}");
        // The administrator who made the change is not notified.
        assert_eq!(body(h.get(inbox, &admin).await).await["unread"], 0);

        h.send(
            "PUT",
            &path,
            &admin,
            Some(json!({"decision": "REVOGAR", "reason": REASON})),
        )
        .await
        .assert_status_is_ok();
        h.app.platform.jobs.run_until_idle().await.unwrap();
        let page = body(h.get(inbox, &seller).await).await;
        assert_eq!(page["unread"], 2, "{page}");
        assert_eq!(page["items"][0]["title"], "Uma permissão sua foi retirada");
    }
}
