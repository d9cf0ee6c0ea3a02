//! Sales teams and CRM profiles through the API, on both engines: managers, members over time, targets that sum,
//! closed months, and the scope rules (a team or profile outside the caller's reach is 404).

use crm::Crm;
use platform::clock::Clock;
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

use crate::common;
use common::{apis_with_people as apis, field};

fn this_month(api: &TestApi<Crm>) -> String {
    api.clock.today().format("%Y-%m").to_string()
}

#[tokio::test]
async fn a_team_has_managers_members_over_time_and_member_targets_that_sum_to_its_own() {
    for api in apis().await {
        let today = api.clock.today().to_string();
        let month = this_month(&api);
        let new_team =
            |name: &str, managers: Value| json!({ "name": name, "manager_ids": managers });

        let (status, _) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("SALES_MANAGER"),
                Some(new_team("Centro", json!([]))),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, err) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(new_team("Centro", json!(["uid-ana"]))),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "manager_ids[0]".into())
        );
        let (status, team) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(new_team("  Time   Centro ", json!(["uid-SALES_MANAGER"]))),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{team}");
        assert_eq!(team["name"], "Time Centro");
        assert_eq!(team["managers"][0]["name"], "Gil Gerente");
        let (status, err) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(new_team("time centro", json!([]))),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "name".into()),
            "{err}"
        );
        let (_, other) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(new_team("Time Moema", json!([]))),
            )
            .await;
        let id = team["id"].as_str().unwrap();
        let other_id = other["id"].as_str().unwrap();

        // The manager fills their team; a salesperson is in one team at a time.
        for uid in ["uid-SALESPERSON", "uid-ana"] {
            let (status, body) = api
                .call(
                    "POST",
                    &format!("/api/v1/crm/teams/{id}/members"),
                    Some("SALES_MANAGER"),
                    Some(json!({ "user_id": uid, "joined_on": today })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, err) = api
            .call(
                "POST",
                &format!("/api/v1/crm/teams/{other_id}/members"),
                Some("ADMIN"),
                Some(json!({ "user_id": "uid-ana", "joined_on": today })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "joined_on".into())
        );
        assert!(
            err["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("Time Centro"),
            "{err}"
        );
        // Another team's members are out of the manager's reach: 404, not 403.
        let (status, _) = api
            .call(
                "POST",
                &format!("/api/v1/crm/teams/{other_id}/members"),
                Some("SALES_MANAGER"),
                Some(json!({ "user_id": "uid-bia", "joined_on": today })),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);

        // ADMIN sets the month's targets; they are split evenly, the odd centavo on the first member.
        let targets = json!({ "sales_value_cents": 100_001, "sales_count": 9, "activities_done": 300, "new_clients": 5 });
        let (status, _) = api
            .call(
                "PUT",
                &format!("/api/v1/crm/teams/{id}/targets/{month}"),
                Some("SALES_MANAGER"),
                Some(targets.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, team) = api
            .call(
                "PUT",
                &format!("/api/v1/crm/teams/{id}/targets/{month}"),
                Some("ADMIN"),
                Some(targets),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{team}");
        assert_eq!(team["targets"]["sales_value_cents"], 100_001);
        let split: Vec<i64> = team["member_targets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["targets"]["sales_value_cents"].as_i64().unwrap())
            .collect();
        assert_eq!(split.iter().sum::<i64>(), 100_001);
        assert_eq!(split.len(), 2);

        let part = |uid: &str, value: i64, count: i64| json!({ "user_id": uid, "targets": { "sales_value_cents": value, "sales_count": count, "activities_done": 150, "new_clients": if uid == "uid-ana" { 2 } else { 3 } } });
        let path = format!("/api/v1/crm/teams/{id}/targets/{month}/members");
        let (status, err) = api
            .call(
                "PUT",
                &path,
                Some("SALES_MANAGER"),
                Some(json!({ "members": [part("uid-SALESPERSON", 70_000, 6), part("uid-ana", 30_000, 3)] })),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(field(&err), "members.sales_value_cents", "{err}");
        assert!(
            err["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("R$ 1.000,01"),
            "{err}"
        );
        let (status, team) = api
            .call(
                "PUT",
                &path,
                Some("SALES_MANAGER"),
                Some(json!({ "members": [part("uid-SALESPERSON", 70_001, 6), part("uid-ana", 30_000, 3)] })),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{team}");
        let (status, err) = api
            .call(
                "PUT",
                &path,
                Some("SALES_MANAGER"),
                Some(json!({ "members": [part("uid-bia", 100_001, 9)] })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                "members[0].user_id".into()
            )
        );
        // A past month is closed.
        let (status, err) = api
            .call(
                "PUT",
                &format!("/api/v1/crm/teams/{id}/targets/2020-01"),
                Some("ADMIN"),
                Some(json!({ "sales_value_cents": 1, "sales_count": 1, "activities_done": 1, "new_clients": 1 })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "month".into())
        );

        // What each role sees.
        let (_, mine) = api
            .call("GET", "/api/v1/crm/teams", Some("SALESPERSON"), None)
            .await;
        assert_eq!(mine.as_array().unwrap().len(), 1, "{mine}");
        assert_eq!(mine[0]["id"], id);
        let (status, _) = api
            .call(
                "GET",
                &format!("/api/v1/crm/teams/{other_id}"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, managed) = api
            .call("GET", "/api/v1/crm/teams", Some("SALES_MANAGER"), None)
            .await;
        assert_eq!(managed.as_array().unwrap().len(), 1);
        let (_, all) = api
            .call("GET", "/api/v1/crm/teams", Some("FINANCIAL_MANAGER"), None)
            .await;
        assert_eq!(all.as_array().unwrap().len(), 2);
        let (status, _) = api
            .call("GET", "/api/v1/crm/teams", Some("LEGAL_ASSISTANT"), None)
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        // Leaving keeps the membership in the history; the salesperson no longer sees the team.
        let (_, team) = api
            .call(
                "GET",
                &format!("/api/v1/crm/teams/{id}"),
                Some("ADMIN"),
                None,
            )
            .await;
        let member = team["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["user_id"] == "uid-SALESPERSON")
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        let end = format!("/api/v1/crm/teams/{id}/members/{member}/end");
        let (status, err) = api
            .call(
                "POST",
                &end,
                Some("SALES_MANAGER"),
                Some(json!({ "left_on": "2020-01-01" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "left_on".into())
        );
        let (status, _) = api
            .call(
                "POST",
                &end,
                Some("SALES_MANAGER"),
                Some(json!({ "left_on": today })),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        api.clock.advance(chrono::Duration::days(1));
        let (_, team) = api
            .call(
                "GET",
                &format!("/api/v1/crm/teams/{id}"),
                Some("ADMIN"),
                None,
            )
            .await;
        let left = team["members"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == member.as_str())
            .unwrap()
            .clone();
        assert_eq!(
            (left["left_on"].as_str(), &left["current"]),
            (Some(today.as_str()), &json!(false))
        );
        let (_, mine) = api
            .call("GET", "/api/v1/crm/teams", Some("SALESPERSON"), None)
            .await;
        assert_eq!(mine.as_array().unwrap().len(), 0);
        let (_, history) = api
            .call(
                "GET",
                &format!("/api/v1/crm/teams/{id}/history"),
                Some("ADMIN"),
                None,
            )
            .await;
        let actions: Vec<&str> = history
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h["action"].as_str().unwrap())
            .collect();
        assert_eq!(
            actions,
            [
                "Time criado",
                "Integrante incluído",
                "Integrante incluído",
                "Metas do time definidas",
                "Metas dos integrantes redistribuídas",
                "Integrante saiu"
            ]
        );
    }
}

#[tokio::test]
async fn crm_profiles_are_kept_by_admin_and_read_within_scope() {
    for api in apis().await {
        let (_, team) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(json!({ "name": "Centro", "manager_ids": ["uid-SALES_MANAGER"] })),
            )
            .await;
        let (status, _) = api
            .call(
                "POST",
                &format!("/api/v1/crm/teams/{}/members", team["id"].as_str().unwrap()),
                Some("ADMIN"),
                Some(json!({ "user_id": "uid-SALESPERSON", "joined_on": api.clock.today().to_string() })),
            )
            .await;
        assert_eq!(status, StatusCode::OK);

        let profile = |uid: &str| json!({ "user_id": uid, "display_name": "Vera", "employment": "clt", "discount_limit_bp": 500, "whatsapp": "(11) 98765-4321" });
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/crm/users",
                Some("SALES_MANAGER"),
                Some(profile("uid-SALESPERSON")),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, err) = api
            .call(
                "POST",
                "/api/v1/crm/users",
                Some("ADMIN"),
                Some(profile("uid-FINANCIAL_MANAGER")),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "user_id".into())
        );
        let (status, vera) = api
            .call(
                "POST",
                "/api/v1/crm/users",
                Some("ADMIN"),
                Some(profile("uid-SALESPERSON")),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{vera}");
        assert_eq!(
            (vera["whatsapp"].as_str(), vera["teams"][0]["name"].as_str()),
            (Some("11987654321"), Some("Centro"))
        );
        let (status, _) = api
            .call(
                "POST",
                "/api/v1/crm/users",
                Some("ADMIN"),
                Some(profile("uid-SALESPERSON")),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let pj = json!({ "user_id": "uid-ana", "display_name": "Ana", "employment": "pj", "cnpj": "11.222.333/0001-82", "legal_name": "Ana ME", "municipality": "São Paulo" });
        let (status, err) = api
            .call("POST", "/api/v1/crm/users", Some("ADMIN"), Some(pj.clone()))
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "cnpj".into())
        );
        let mut pj = pj;
        pj["cnpj"] = json!("11.222.333/0001-81");
        let (status, ana) = api
            .call("POST", "/api/v1/crm/users", Some("ADMIN"), Some(pj))
            .await;
        assert_eq!(
            (status, ana["cnpj"].as_str()),
            (StatusCode::CREATED, Some("11222333000181")),
            "{ana}"
        );

        // Scope: the salesperson their own, the manager their team's, finance all.
        let uids = |list: &Value| -> Vec<String> {
            list.as_array()
                .unwrap()
                .iter()
                .map(|p| p["user_id"].as_str().unwrap().to_string())
                .collect()
        };
        let (_, list) = api
            .call("GET", "/api/v1/crm/users", Some("SALESPERSON"), None)
            .await;
        assert_eq!(uids(&list), ["uid-SALESPERSON"]);
        let (status, _) = api
            .call(
                "GET",
                "/api/v1/crm/users/uid-ana",
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, list) = api
            .call("GET", "/api/v1/crm/users", Some("SALES_MANAGER"), None)
            .await;
        assert_eq!(uids(&list), ["uid-SALESPERSON"]);
        let (_, list) = api
            .call(
                "GET",
                "/api/v1/crm/users",
                Some("FINANCIAL_ASSISTANT"),
                None,
            )
            .await;
        assert_eq!(uids(&list).len(), 2);

        // Changes are validated as a whole and kept in the history.
        let (status, err) = api
            .call(
                "PATCH",
                "/api/v1/crm/users/uid-SALESPERSON",
                Some("ADMIN"),
                Some(json!({ "employment": "pj" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "cnpj".into())
        );
        let (status, changed) = api
            .call(
                "PATCH",
                "/api/v1/crm/users/uid-SALESPERSON",
                Some("ADMIN"),
                Some(json!({ "discount_limit_bp": 800, "active": false })),
            )
            .await;
        assert_eq!(
            (status, &changed["discount_limit_bp"], &changed["active"]),
            (StatusCode::OK, &json!(800), &json!(false))
        );
        let (_, history) = api
            .call(
                "GET",
                "/api/v1/crm/users/uid-SALESPERSON/history",
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(history[1]["action"], "Perfil alterado", "{history}");
        let (status, _) = api
            .call(
                "PATCH",
                "/api/v1/crm/users/uid-ana",
                Some("SALES_MANAGER"),
                Some(json!({ "active": false })),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

/// A salesperson reaches their portfolio, a manager their team's; outside it a client is 404, and an exact lookup
/// says only who holds it.
#[tokio::test]
async fn clients_are_reached_within_the_portfolio_and_an_exact_lookup_outside_it_names_only_the_owner(
) {
    for api in apis().await {
        let (_, team) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(json!({ "name": "Centro", "manager_ids": ["uid-SALES_MANAGER"] })),
            )
            .await;
        let today = api.clock.today().to_string();
        let (status, _) = api
            .call(
                "POST",
                &format!("/api/v1/crm/teams/{}/members", team["id"].as_str().unwrap()),
                Some("ADMIN"),
                Some(json!({ "user_id": "uid-SALESPERSON", "joined_on": today })),
            )
            .await;
        assert_eq!(status, StatusCode::OK);

        // No `kind`: a CPF makes a person, a CNPJ a company. A salesperson's new client is theirs.
        let (status, mine) = api
            .call(
                "POST",
                "/api/v1/crm/clients",
                Some("SALESPERSON"),
                Some(json!({ "document": "529.982.247-25", "name": "Marina Alves", "tags": ["VIP", " vip "], "emails": ["marina@exemplo.com.br"] })),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{mine}");
        assert_eq!(
            (
                &mine["kind"],
                &mine["owner_id"],
                &mine["owner_name"],
                &mine["tags"]
            ),
            (
                &json!("person"),
                &json!("uid-SALESPERSON"),
                &json!("Vera Vendedora"),
                &json!(["VIP"])
            )
        );
        let (status, err) = api
            .call(
                "POST",
                "/api/v1/crm/clients",
                Some("SALESPERSON"),
                Some(json!({ "document": "11.222.333/0001-81", "name": "Clínica X", "owner_id": "uid-ana" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "owner_id".into()),
            "{err}"
        );
        let (status, ana) = api
            .call(
                "POST",
                "/api/v1/crm/clients",
                Some("ADMIN"),
                Some(json!({ "document": "11.222.333/0001-81", "name": "Clínica X", "owner_id": "uid-ana", "phones": ["(11) 98765-4321"] })),
            )
            .await;
        assert_eq!(
            (status, &ana["kind"]),
            (StatusCode::CREATED, &json!("company")),
            "{ana}"
        );
        let ana_id = ana["id"].as_str().unwrap();

        // Outside the portfolio: 404, never 403; the list leaves it out.
        let (status, _) = api
            .call(
                "GET",
                &format!("/api/v1/crm/clients/{ana_id}"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = api
            .call(
                "PATCH",
                &format!("/api/v1/crm/clients/{ana_id}"),
                Some("SALESPERSON"),
                Some(json!({ "name": "X" })),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (_, page) = api
            .call("GET", "/api/v1/crm/clients", Some("SALESPERSON"), None)
            .await;
        assert_eq!(page["total"], 1, "{page}");
        // An exact document, phone or e-mail outside it: only who holds it.
        for q in ["11.222.333/0001-81", "%2B55%2011%2098765-4321"] {
            let (_, page) = api
                .call(
                    "GET",
                    &format!("/api/v1/crm/clients?q={q}"),
                    Some("SALESPERSON"),
                    None,
                )
                .await;
            assert_eq!(page["items"], json!([]), "{page}");
            assert_eq!(
                page["notice"], "Cliente já cadastrado. Responsável: Ana Souza",
                "{q}: {page}"
            );
        }
        let (status, dup) = api
            .call(
                "POST",
                "/api/v1/crm/clients",
                Some("SALESPERSON"),
                Some(json!({ "document": "11222333000181", "name": "Outra" })),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            dup["message"],
            "Cliente já cadastrado. Responsável: Ana Souza"
        );
        assert!(dup.get("existing").is_none_or(|e| e.is_null()), "{dup}");

        // The manager reaches the member's portfolio and may move it within the team; the salesperson may not.
        let mine_id = mine["id"].as_str().unwrap();
        let (status, _) = api
            .call(
                "GET",
                &format!("/api/v1/crm/clients/{mine_id}"),
                Some("SALES_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, err) = api
            .call(
                "PATCH",
                &format!("/api/v1/crm/clients/{mine_id}"),
                Some("SALESPERSON"),
                Some(json!({ "owner_id": "uid-SALES_MANAGER" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "owner_id".into())
        );
        let (status, err) = api
            .call(
                "PATCH",
                &format!("/api/v1/crm/clients/{mine_id}"),
                Some("SALES_MANAGER"),
                Some(json!({ "owner_id": "uid-ana" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "owner_id".into())
        );
        let (status, _) = api
            .call(
                "GET",
                "/api/v1/crm/clients?owner_id=uid-SALESPERSON&tag=vip",
                Some("SALES_MANAGER"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, page) = api
            .call("GET", "/api/v1/crm/clients?tag=vip", Some("ADMIN"), None)
            .await;
        assert_eq!(page["total"], 1);

        // Consents per channel: kept, the latest holds, and in the history.
        let path = format!("/api/v1/crm/clients/{mine_id}/consents");
        for (granted, source) in [(true, "Formulário do site"), (false, "Pediu por WhatsApp")] {
            let (status, body) = api
                .call(
                    "POST",
                    &path,
                    Some("SALESPERSON"),
                    Some(json!({ "channel": "whatsapp", "granted": granted, "source": source })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (_, consents) = api.call("GET", &path, Some("SALESPERSON"), None).await;
        assert_eq!(consents["current"].as_array().unwrap().len(), 1);
        assert_eq!(
            (
                &consents["current"][0]["granted"],
                consents["records"].as_array().unwrap().len()
            ),
            (&json!(false), 2)
        );
        let (status, err) = api
            .call(
                "POST",
                &path,
                Some("SALESPERSON"),
                Some(json!({ "channel": "pombo", "granted": true, "source": "x" })),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "channel".into())
        );
        let (status, _) = api
            .call(
                "GET",
                &format!("/api/v1/crm/clients/{ana_id}/consents"),
                Some("SALESPERSON"),
                None,
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn payout_data_is_read_by_the_person_finance_and_admin_and_written_by_the_person_or_admin() {
    for api in apis().await {
        let (_, team) = api
            .call(
                "POST",
                "/api/v1/crm/teams",
                Some("ADMIN"),
                Some(json!({ "name": "Centro", "manager_ids": ["uid-SALES_MANAGER"] })),
            )
            .await;
        api.call(
            "POST",
            &format!("/api/v1/crm/teams/{}/members", team["id"].as_str().unwrap()),
            Some("ADMIN"),
            Some(
                json!({ "user_id": "uid-SALESPERSON", "joined_on": api.clock.today().to_string() }),
            ),
        )
        .await;
        let (status, _) = api
            .call("POST", "/api/v1/crm/users", Some("ADMIN"),
                Some(json!({ "user_id": "uid-SALESPERSON", "display_name": "Vera", "employment": "clt" })))
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let path = "/api/v1/crm/users/uid-SALESPERSON/payout";

        let (status, empty) = api.call("GET", path, Some("SALESPERSON"), None).await;
        assert_eq!(
            (status, empty.get("method").is_none()),
            (StatusCode::OK, true),
            "{empty}"
        );
        let (status, err) = api
            .call(
                "PUT",
                path,
                Some("SALESPERSON"),
                Some(
                    json!({ "method": "pix", "pix_key_type": "CPF", "pix_key": "529.982.247-24" }),
                ),
            )
            .await;
        assert_eq!(
            (status, field(&err)),
            (StatusCode::UNPROCESSABLE_ENTITY, "pix_key".into())
        );
        let (status, saved) = api
            .call(
                "PUT",
                path,
                Some("SALESPERSON"),
                Some(
                    json!({ "method": "pix", "pix_key_type": "cpf", "pix_key": "529.982.247-25" }),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{saved}");
        assert_eq!(
            (saved["pix_key_type"].as_str(), saved["pix_key"].as_str()),
            (Some("CPF"), Some("52998224725"))
        );

        // The manager reaches the profile but not where the money goes; finance reads it and does not write it.
        assert_eq!(
            api.call(
                "GET",
                "/api/v1/crm/users/uid-SALESPERSON",
                Some("SALES_MANAGER"),
                None
            )
            .await
            .0,
            StatusCode::OK
        );
        assert_eq!(
            api.call("GET", path, Some("SALES_MANAGER"), None).await.0,
            StatusCode::FORBIDDEN
        );
        let (status, read) = api.call("GET", path, Some("FINANCIAL_MANAGER"), None).await;
        assert_eq!(
            (status, read["pix_key"].as_str()),
            (StatusCode::OK, Some("52998224725"))
        );
        let account = json!({ "method": "conta", "bank": "341", "agency": "0912", "account": "4567812", "account_digit": "9", "account_type": "corrente" });
        assert_eq!(
            api.call(
                "PUT",
                path,
                Some("FINANCIAL_MANAGER"),
                Some(account.clone())
            )
            .await
            .0,
            StatusCode::FORBIDDEN
        );
        let (status, saved) = api.call("PUT", path, Some("ADMIN"), Some(account)).await;
        assert_eq!(
            (status, saved["method"].as_str()),
            (StatusCode::OK, Some("conta")),
            "{saved}"
        );

        // The history says what changed without the whole key or account.
        let (_, history) = api
            .call(
                "GET",
                "/api/v1/crm/users/uid-SALESPERSON/history",
                Some("ADMIN"),
                None,
            )
            .await;
        let text = history.to_string();
        assert!(
            text.contains("Dados de pagamento alterados") && text.contains("…7812-9"),
            "{text}"
        );
        assert!(
            !text.contains("52998224725") && !text.contains("4567812"),
            "{text}"
        );
        // Outside the scope: 404, as for the profile.
        assert_eq!(
            api.call(
                "GET",
                "/api/v1/crm/users/uid-SALESPERSON/payout",
                Some("SALESPERSON+hub"),
                None
            )
            .await
            .0,
            StatusCode::NOT_FOUND
        );
    }
}
