//! User administration, the user endpoint's contract, push tokens and the access audit.

use crate::common;

use common::{body, harnesses};
use platform::{Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::json;

#[tokio::test]
async fn a_user_reads_themself_as_a_list_and_not_others() {
    for h in harnesses().await {
        let flags = RoleFlags {
            can_see_conciliation: true,
            can_see_dispatch: true,
            can_approval_dispatch: false,
        };
        let uid = h
            .user("me@x.com.br", Some(Role::FinancialManager), flags, true)
            .await;
        let other = h
            .user(
                "other@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let (token, _) = h.token("me@x.com.br").await;
        let auth = format!("Bearer {token}");
        let me = body(h.get(format!("/api/v1/users/{uid}"), &auth).await).await;
        assert_eq!(me[0]["email"], "me@x.com.br", "{}", h.engine);
        assert_eq!(
            me[0]["role_id"],
            json!({"can_see_conciliation": true, "can_see_dispatch": true, "can_approval_dispatch": false})
        );
        assert_eq!(me[0]["access_hub"], true);
        assert_eq!(me[0]["is_password_updated"], false);
        // Another user is out of reach: the same 404 as a uid that does not exist.
        let resp = h.get(format!("/api/v1/users/{other}"), &auth).await;
        resp.assert_status(StatusCode::NOT_FOUND);
        assert_eq!(body(resp).await["code"], "nao_encontrado");
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        h.get(format!("/api/v1/users/{other}"), &admin)
            .await
            .assert_status_is_ok();
        let resp = h
            .client
            .get("/api/v1/users/nao-existe")
            .header("Authorization", &admin)
            .send()
            .await;
        resp.assert_status(StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn only_super_admin_manages_administrators() {
    for h in harnesses().await {
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let (_, sup) = h.signed_in("sup@x.com.br", Role::SuperAdmin).await;
        let (admin, sup) = (format!("Bearer {admin}"), format!("Bearer {sup}"));
        let new_admin = json!({"email": "adm2@x.com.br", "name": "Outro Admin", "role": "ADMIN", "password": "Senha@123"});
        h.send("POST", "/api/v1/users", &admin, Some(new_admin.clone()))
            .await
            .assert_status(StatusCode::FORBIDDEN);
        let created = h
            .client
            .post("/api/v1/users")
            .header("Authorization", &sup)
            .body_json(&new_admin)
            .send()
            .await;
        created.assert_status(StatusCode::CREATED);
        let adm2 = body(created).await["uid"].as_str().unwrap().to_string();
        // An admin can neither change nor deactivate another admin.
        h.send(
            "POST",
            format!("/api/v1/users/{adm2}/deactivate"),
            &admin,
            None,
        )
        .await
        .assert_status(StatusCode::FORBIDDEN);
        // But manages a salesperson, and cannot promote them to admin.
        let seller = body(h.send("POST", "/api/v1/users", &admin, Some(json!({"email": "vend@x.com.br", "name": "Vendedor", "role": "SALESPERSON", "password": "Senha@123"}))).await).await;
        let seller = seller["uid"].as_str().unwrap().to_string();
        h.send(
            "PATCH",
            format!("/api/v1/users/{seller}"),
            &admin,
            Some(json!({"role": "ADMIN"})),
        )
        .await
        .assert_status(StatusCode::FORBIDDEN);
        let patched = h.send("PATCH", format!("/api/v1/users/{seller}"), &admin, Some(json!({"role_id": {"can_see_conciliation": true, "can_see_dispatch": false, "can_approval_dispatch": false}, "access_hub": true}))).await;
        patched.assert_status_is_ok();
        let v = body(patched).await;
        assert_eq!(
            (
                v["role_id"]["can_see_conciliation"].clone(),
                v["access_hub"].clone()
            ),
            (json!(true), json!(true)),
            "{}",
            h.engine
        );
    }
}

#[tokio::test]
async fn user_creation_is_validated_and_emails_are_unique() {
    for h in harnesses().await {
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let bad = h.send("POST", "/api/v1/users", &admin, Some(json!({"email": "sem-arroba", "name": " ", "role": "SALESPERSON", "password": "123"}))).await;
        bad.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        let fields: Vec<String> = body(bad).await["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["field"].as_str().unwrap().to_string())
            .collect();
        assert_eq!(fields, ["email", "name", "password"], "{}", h.engine);
        let dup = h.send("POST", "/api/v1/users", &admin, Some(json!({"email": "ADM@x.com.br", "name": "Dup", "role": "SALESPERSON", "password": "Senha@123"}))).await;
        dup.assert_status(StatusCode::CONFLICT);
        assert_eq!(body(dup).await["code"], "email_duplicado");
        // One name rule on create and update: at most 120 characters.
        let long = "N".repeat(121);
        let created = h.send("POST", "/api/v1/users", &admin, Some(json!({"email": "nome@x.com.br", "name": long, "role": "SALESPERSON", "password": "Senha@123"}))).await;
        created.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        let uid = h
            .user(
                "nome@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        let path = format!("/api/v1/users/{uid}");
        let updated = h
            .send("PATCH", &path, &admin, Some(json!({"name": long})))
            .await;
        updated.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            body(updated).await["fields"][0]["field"],
            "name",
            "{}",
            h.engine
        );
        let fits = h
            .send(
                "PATCH",
                &path,
                &admin,
                Some(json!({"name": "N".repeat(120)})),
            )
            .await;
        fits.assert_status_is_ok();
    }
}

#[tokio::test]
async fn deactivation_and_admin_reset_end_sessions() {
    for h in harnesses().await {
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let (uid, token) = h.signed_in("vai@x.com.br", Role::Salesperson).await;
        let auth = format!("Bearer {token}");
        h.send(
            "POST",
            format!("/api/v1/users/{uid}/reset-password"),
            &admin,
            Some(json!({"new_password": "Trocada123"})),
        )
        .await
        .assert_status(StatusCode::NO_CONTENT);
        h.get(format!("/api/v1/users/{uid}"), &auth)
            .await
            .assert_status(StatusCode::UNAUTHORIZED);
        let again = body(h.sign_in("vai@x.com.br", "Trocada123").await).await;
        assert_eq!(again["user"]["is_password_updated"], false, "{}", h.engine);
        h.send(
            "POST",
            format!("/api/v1/users/{uid}/deactivate"),
            &admin,
            None,
        )
        .await
        .assert_status_is_ok();
        let refused = h.sign_in("vai@x.com.br", "Trocada123").await;
        refused.assert_status(StatusCode::UNAUTHORIZED);
        assert!(body(refused).await["message"]
            .as_str()
            .unwrap()
            .contains("desativado"));
        let list = body(h.get("/api/v1/users?active=false", &admin).await).await;
        assert_eq!(list["total"], 1);
        assert_eq!(list["items"][0]["uid"], uid);
    }
}

#[tokio::test]
async fn push_tokens_are_idempotent_and_move_to_the_latest_user() {
    for h in harnesses().await {
        let (a, ta) = h.signed_in("a@x.com.br", Role::Salesperson).await;
        let (b, tb) = h.signed_in("b@x.com.br", Role::Salesperson).await;
        let save = |t: String, tok: &'static str| {
            let c = &h.client;
            async move {
                c.post("/fcm-subscriptions/save-fcm-token")
                    .header("Authorization", format!("Bearer {t}"))
                    .body_json(&json!({"fcmToken": tok}))
                    .send()
                    .await
            }
        };
        save(ta.clone(), "device-1")
            .await
            .assert_status(StatusCode::NO_CONTENT);
        save(ta.clone(), "device-1")
            .await
            .assert_status(StatusCode::NO_CONTENT);
        assert_eq!(h.identity().push_tokens(&a).await.unwrap(), ["device-1"]);
        save(tb, "device-1")
            .await
            .assert_status(StatusCode::NO_CONTENT);
        assert!(
            h.identity().push_tokens(&a).await.unwrap().is_empty(),
            "{}",
            h.engine
        );
        assert_eq!(h.identity().push_tokens(&b).await.unwrap(), ["device-1"]);
        let empty = save(ta, "  ").await;
        empty.assert_status(StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(body(empty).await["fields"][0]["field"], "fcmToken");
    }
}

#[tokio::test]
async fn dispatch_access_is_audited_and_listed_for_admins() {
    for h in harnesses().await {
        let (uid, token) = h.signed_in("curioso@x.com.br", Role::Salesperson).await;
        let auth = format!("Bearer {token}");
        for (content, allowed) in [
            ("/hub/despachos", false),
            ("/hub/despachos/aprovacoes", false),
            ("/hub", true),
        ] {
            h.send(
                "POST",
                "/dispatch/conciliation/pega-xereta",
                &auth,
                Some(json!({"content": content, "has_permission": allowed})),
            )
            .await
            .assert_status(StatusCode::CREATED);
        }
        h.get("/api/v1/audit/access", &auth)
            .await
            .assert_status(StatusCode::FORBIDDEN);
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let denied = body(
            h.get(
                format!("/api/v1/audit/access?uid={uid}&has_permission=false"),
                &admin,
            )
            .await,
        )
        .await;
        assert_eq!(denied["total"], 2, "{}", h.engine);
        assert_eq!(denied["items"][0]["content"], "/hub/despachos/aprovacoes");
        assert_eq!(denied["items"][0]["email"], "curioso@x.com.br");
        assert!(
            denied["items"][0]["client_addr"].is_string()
                || denied["items"][0]["client_addr"].is_null()
        );
        let search = body(h.get("/api/v1/audit/access?q=aprovacoes", &admin).await).await;
        assert_eq!(search["total"], 1);

        // The export holds what the same filters list, newest first.
        let resp = h
            .get(
                format!("/api/v1/audit/access/export?format=csv&uid={uid}&has_permission=false"),
                &admin,
            )
            .await;
        resp.assert_status_is_ok();
        resp.assert_header("content-type", "text/csv; charset=utf-8");
        let text = resp.0.into_body().into_string().await.unwrap();
        let lines: Vec<&str> = text.trim_start_matches('\u{feff}').lines().collect();
        assert_eq!(lines.len(), 3, "{}: {text}", h.engine);
        assert_eq!(
            lines[0],
            "Data e hora;E-mail;Acesso;Permitido;Origem;Endereço"
        );
        assert!(
            lines[1].contains(";curioso@x.com.br;/hub/despachos/aprovacoes;Não;Aplicativo;"),
            "{}",
            lines[1]
        );
        h.get("/api/v1/audit/access/export?format=csv", &auth)
            .await
            .assert_status(StatusCode::FORBIDDEN);
    }
}

#[tokio::test]
async fn route_access_check_mirrors_the_permissions() {
    for h in harnesses().await {
        // Scenario 10 (finance.md §9): a financial assistant generates cobrança remittances but not payment ones
        // unless granted; a salesperson neither.
        for (role, cobranca, pagamentos) in [
            (Role::FinancialAssistant, true, false),
            (Role::FinancialManager, true, true),
            (Role::Admin, true, true),
            (Role::Salesperson, false, false),
        ] {
            let (_, token) = h
                .signed_in(&format!("{}@r.com.br", role.as_str().to_lowercase()), role)
                .await;
            for (path, remessa_allowed) in
                [("/remessa", cobranca), ("/pagamentos-remessa", pagamentos)]
            {
                let v = body(
                    h.client
                        .get(format!("/api/v1/auth/access?path={path}"))
                        .header("Authorization", format!("Bearer {token}"))
                        .send()
                        .await,
                )
                .await;
                assert_eq!(
                    v["allowed"], remessa_allowed,
                    "{path} as {role:?} on {}",
                    h.engine
                );
            }
            let v = body(
                h.client
                    .get("/api/v1/auth/access?path=/clientes")
                    .header("Authorization", format!("Bearer {token}"))
                    .send()
                    .await,
            )
            .await;
            assert_eq!(
                (v["allowed"].clone(), v["permission"].clone()),
                (json!(true), json!(null))
            );
        }
    }
}

#[tokio::test]
async fn a_users_changes_passwords_and_permissions_are_in_their_history() {
    for h in harnesses().await {
        let (admin_uid, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        let admin = format!("Bearer {admin}");
        let uid = h
            .user(
                "vend@x.com.br",
                Some(Role::Salesperson),
                RoleFlags::default(),
                false,
            )
            .await;
        h.send(
            "PATCH",
            format!("/api/v1/users/{uid}"),
            &admin,
            Some(json!({"role": "SALES_MANAGER", "access_hub": true})),
        )
        .await
        .assert_status_is_ok();
        h.send(
            "POST",
            format!("/api/v1/users/{uid}/reset-password"),
            &admin,
            Some(json!({"new_password": "Outra@2026x"})),
        )
        .await
        .assert_status(StatusCode::NO_CONTENT);
        h.send(
            "POST",
            format!("/api/v1/users/{uid}/deactivate"),
            &admin,
            None,
        )
        .await
        .assert_status_is_ok();
        let history = body(h.get(format!("/api/v1/users/{uid}/history"), &admin).await).await;
        let actions: Vec<_> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Usuário alterado",
                "Senha redefinida por um administrador",
                "Usuário desativado"
            ],
            "{}: {history}",
            h.engine
        );
        assert_eq!(history[0]["by_uid"], admin_uid.as_str());
        assert_eq!(
            history[0]["changes"],
            json!([
                {"field": "role", "from": "SALESPERSON", "to": "SALES_MANAGER"},
                {"field": "access_hub", "from": "false", "to": "true"}
            ])
        );
        assert_eq!(
            (
                history[2]["from_state"].as_str(),
                history[2]["to_state"].as_str()
            ),
            (Some("ativo"), Some("inativo"))
        );
        // Nothing else is written: the password is never in the history.
        assert!(!history.to_string().contains("Outra@2026x"));
        // Out of a salesperson's reach; an unknown user is 404.
        let (_, seller) = h.signed_in("outro@x.com.br", Role::Salesperson).await;
        h.get(
            format!("/api/v1/users/{uid}/history"),
            &format!("Bearer {seller}"),
        )
        .await
        .assert_status(StatusCode::FORBIDDEN);
        h.get("/api/v1/users/nao-existe/history", &admin)
            .await
            .assert_status(StatusCode::NOT_FOUND);
    }
}
