//! The chart of accounts and the cost centres through the API, served as the server serves it, on SQLite and
//! PostgreSQL.

use crm::Crm;
use finance::Finance;
use platform::context::{Context, Demo};
use platform::testing::TestApi;
use poem::http::StatusCode;
use serde_json::{json, Value};

const CHART: &str = "/api/v1/finance/chart-accounts";

fn fields(error: &Value) -> Vec<&str> {
    error["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect()
}

fn codes(tree: &Value) -> Vec<&str> {
    tree["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["code"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_tree_is_built_under_its_rules() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let post = |body: Value| api.call("POST", CHART, Some("FINANCIAL_MANAGER"), Some(body));
        let (status, top) = post(json!({"code": "5", "name": "Despesas administrativas", "nature": "DESPESA", "kind": "SINTETICA"})).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {top}", api.engine());
        let (status, leaf) =
            post(json!({"code": "5.10", "name": " Aluguel ", "kind": "ANALITICA"})).await;
        assert_eq!(status, StatusCode::CREATED, "{leaf}");
        assert_eq!(
            (leaf["nature"].as_str(), leaf["name"].as_str()),
            (Some("DESPESA"), Some("Aluguel"))
        );
        post(json!({"code": "5.2", "name": "Energia", "kind": "A"})).await;

        // A child keeps its parent's natureza; an analytic account has no children; the parent must exist.
        let (status, error) =
            post(json!({"code": "5.3", "name": "Vendas", "nature": "RECEITA", "kind": "A"})).await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["nature"])
        );
        let (status, error) = post(json!({"code": "5.10.1", "name": "Sala 1", "kind": "A"})).await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["code"]),
            "{error}"
        );
        let (status, error) = post(json!({"code": "7.1", "name": "Órfã", "kind": "A"})).await;
        assert!(
            error["fields"][0]["message"]
                .as_str()
                .unwrap()
                .contains("7 não existe"),
            "{status} {error}"
        );
        let (status, error) = post(json!({"code": "5.2", "name": "De novo", "kind": "A"})).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("conta_duplicada"))
        );

        let (status, tree) = api
            .call("GET", CHART, Some("FINANCIAL_ASSISTANT"), None)
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(codes(&tree), ["5", "5.2", "5.10"]);
        assert_eq!(
            (
                tree["items"][0]["children"].as_i64(),
                tree["items"][2]["depth"].as_i64()
            ),
            (Some(2), Some(2))
        );
    }
}

#[tokio::test]
async fn changes_keep_the_tree_whole_and_a_stale_version_is_409() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let post = |body: Value| api.call("POST", CHART, Some("ADMIN"), Some(body));
        let (_, top) =
            post(json!({"code": "6", "name": "Financeiras", "nature": "Despesa", "kind": "S"}))
                .await;
        let (_, leaf) = post(json!({"code": "6.1", "name": "Tarifas", "kind": "A"})).await;
        let top_path = format!("{CHART}/{}", top["id"].as_str().unwrap());
        let leaf_path = format!("{CHART}/{}", leaf["id"].as_str().unwrap());
        let api = &api;
        let patch = |path: String, body: Value| async move {
            api.call("PATCH", &path, Some("ADMIN"), Some(body)).await
        };

        let (status, error) =
            patch(top_path.clone(), json!({"version": 1, "kind": "ANALITICA"})).await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["kind"])
        );
        let (status, error) = patch(top_path.clone(), json!({"version": 1, "active": false})).await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["active"])
        );
        let (status, renamed) = patch(
            leaf_path.clone(),
            json!({"version": 1, "name": "Tarifas bancárias", "active": false}),
        )
        .await;
        assert_eq!(
            (
                status,
                renamed["version"].as_i64(),
                renamed["active"].as_bool()
            ),
            (StatusCode::OK, Some(2), Some(false))
        );
        let (status, error) =
            patch(leaf_path.clone(), json!({"version": 1, "name": "Outra"})).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("versao_desatualizada"))
        );
        let (status, top) = patch(top_path, json!({"version": 1, "active": false})).await;
        assert_eq!(status, StatusCode::OK, "its only child is inactive now");
        assert_eq!(top["children"], 1, "the answer counts the children: {top}");
        let (status, error) = patch(leaf_path, json!({"version": 2, "active": true})).await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["active"]),
            "parent inactive"
        );
        let (status, _) = api
            .call(
                "PATCH",
                &format!("{CHART}/nao-existe"),
                Some("ADMIN"),
                Some(json!({"version": 1})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}

#[tokio::test]
async fn a_csv_import_is_all_or_nothing() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let path = format!("{CHART}/import");
        let import = |csv: &str| {
            api.call(
                "POST",
                &path,
                Some("FINANCIAL_MANAGER"),
                Some(json!({"csv": csv})),
            )
        };
        let bad = "código;nome;natureza;tipo\n1;Receitas;Receita;S\n1.1;Consultas;Despesa;A\n1.2;;Receita;A\n";
        let (status, error) = import(bad).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{error}");
        assert_eq!(fields(&error), ["linhas[3].natureza", "linhas[4].nome"]);
        assert_eq!(
            api.context.chart().count().await.unwrap(),
            0,
            "nothing of a refused file is kept"
        );

        let good = "código;nome;natureza;tipo\n1.1;Consultas;;A\n1;Receitas;Receita;S\n";
        let (status, created) = import(good).await;
        assert_eq!(
            (status, created["created"].as_i64()),
            (StatusCode::CREATED, Some(2)),
            "{created}"
        );
        let (_, tree) = api.call("GET", CHART, Some("ADMIN"), None).await;
        assert_eq!(codes(&tree), ["1", "1.1"]);
    }
}

#[tokio::test]
async fn the_starter_chart_goes_on_an_empty_chart_only() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let starter = format!("{CHART}/starter");
        let (status, created) = api.call("POST", &starter, Some("SUPER_ADMIN"), None).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert!(created["created"].as_i64().unwrap() > 40);
        let (status, error) = api.call("POST", &starter, Some("SUPER_ADMIN"), None).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("plano_existente"))
        );
    }
}

#[tokio::test]
async fn permissions_are_enforced() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let body = json!({"code": "9", "name": "Outras", "nature": "RECEITA", "kind": "S"});
        for role in ["FINANCIAL_ASSISTANT", "SALESPERSON", "PURCHASING_ASSISTANT"] {
            let (status, _) = api
                .call("POST", CHART, Some(role), Some(body.clone()))
                .await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role} writes");
        }
        for (role, expected) in [
            ("PURCHASING_ASSISTANT", StatusCode::OK),
            ("FINANCIAL_ASSISTANT", StatusCode::OK),
            ("SALESPERSON", StatusCode::FORBIDDEN),
            ("LEGAL_ASSISTANT", StatusCode::FORBIDDEN),
        ] {
            let (status, _) = api.call("GET", CHART, Some(role), None).await;
            assert_eq!(status, expected, "{role} reads");
        }
        let (status, _) = api.call("GET", CHART, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn demo_data_is_loaded_once() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let mut demo = Demo::default();
        api.context.seed_demo(&mut demo).await.unwrap();
        let first = api.context.chart().count().await.unwrap();
        api.context.seed_demo(&mut demo).await.unwrap();
        assert_eq!(api.context.chart().count().await.unwrap(), first);
        assert_eq!(first as usize, finance::domain::STARTER_CHART.len());
        assert_eq!(api.context.cost_centers().count().await.unwrap(), 5);
        // Three operating accounts and the two the demo's convênios de cobrança live in (Itaú, Banco do Brasil).
        assert_eq!(api.context.bank_accounts().count().await.unwrap(), 5);
    }
}

#[tokio::test]
async fn both_engines_have_the_same_tables() {
    // After the platform's (finance's tables name its files, history and numbering) and crm's.
    platform::testing::assert_same_schema(&TestApi::<Finance>::migrations_after::<(
        identity::Identity,
        Crm,
    )>())
    .await;
}

const CENTERS: &str = "/api/v1/finance/cost-centers";

#[tokio::test]
async fn cost_centres_have_unique_codes_and_are_changed_over_their_version() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let (status, center) = api
            .call(
                "POST",
                CENTERS,
                Some("FINANCIAL_MANAGER"),
                Some(json!({"code": " cli-09 ", "name": "Clínica Nova"})),
            )
            .await;
        assert_eq!(
            (status, center["code"].as_str()),
            (StatusCode::CREATED, Some("CLI-09")),
            "{}: {center}",
            api.engine()
        );
        let (status, error) = api
            .call(
                "POST",
                CENTERS,
                Some("ADMIN"),
                Some(json!({"code": "CLI-09", "name": "Outra"})),
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("centro_de_custo_duplicado"))
        );
        let (status, error) = api
            .call(
                "POST",
                CENTERS,
                Some("ADMIN"),
                Some(json!({"code": "São Paulo", "name": ""})),
            )
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["code", "name"])
        );
        let path = format!("{CENTERS}/{}", center["id"].as_str().unwrap());
        let (status, changed) = api
            .call(
                "PATCH",
                &path,
                Some("ADMIN"),
                Some(json!({"version": 1, "active": false})),
            )
            .await;
        assert_eq!(
            (
                status,
                changed["active"].as_bool(),
                changed["version"].as_i64()
            ),
            (StatusCode::OK, Some(false), Some(2))
        );
        let (status, error) = api
            .call(
                "PATCH",
                &path,
                Some("ADMIN"),
                Some(json!({"version": 1, "name": "X"})),
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("versao_desatualizada"))
        );
        let (status, list) = api
            .call("GET", CENTERS, Some("PURCHASING_ASSISTANT"), None)
            .await;
        assert_eq!(
            (status, list["items"].as_array().unwrap().len()),
            (StatusCode::OK, 1)
        );
        let (status, _) = api
            .call(
                "POST",
                CENTERS,
                Some("FINANCIAL_ASSISTANT"),
                Some(json!({"code": "X", "name": "X"})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api.call("GET", CENTERS, Some("SALESPERSON"), None).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
}

const ACCOUNTS: &str = "/api/v1/finance/bank-accounts";

#[tokio::test]
async fn bank_accounts_are_identified_by_bank_agency_and_account() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let (status, banks) = api
            .call(
                "GET",
                "/api/v1/finance/banks",
                Some("FINANCIAL_ASSISTANT"),
                None,
            )
            .await;
        assert_eq!(
            (status, banks["items"].as_array().unwrap().len()),
            (StatusCode::OK, 7)
        );
        let body = json!({
            "nickname": " Itaú  Operacional ", "bank": "341", "agency": "0912", "account": "045678",
            "account_digit": "x", "opening_balance_cents": -1500, "opening_date": "2026-01-01"
        });
        let (status, account) = api
            .call(
                "POST",
                ACCOUNTS,
                Some("FINANCIAL_MANAGER"),
                Some(body.clone()),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {account}", api.engine());
        assert_eq!(
            (
                account["nickname"].as_str(),
                account["bank_name"].as_str(),
                account["account"].as_str(),
                account["account_digit"].as_str()
            ),
            (
                Some("Itaú Operacional"),
                Some("BANCO ITAU SA"),
                Some("045678"),
                Some("X")
            )
        );
        let (status, error) = api.call("POST", ACCOUNTS, Some("ADMIN"), Some(body)).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("conta_bancaria_duplicada"))
        );
        let (status, error) = api
            .call(
                "POST",
                ACCOUNTS,
                Some("ADMIN"),
                Some(json!({"bank": "999", "agency": "12-3", "account": "1"})),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            fields(&error),
            [
                "nickname",
                "bank",
                "agency",
                "account_digit",
                "opening_date"
            ]
        );

        let path = format!("{ACCOUNTS}/{}", account["id"].as_str().unwrap());
        let patch = json!({"version": 1, "nickname": "Itaú Recebimentos", "opening_balance_cents": 100, "active": false});
        let (status, changed) = api.call("PATCH", &path, Some("ADMIN"), Some(patch)).await;
        assert_eq!(status, StatusCode::OK, "{changed}");
        assert_eq!(
            (
                changed["opening_balance_cents"].as_i64(),
                changed["active"].as_bool(),
                changed["version"].as_i64()
            ),
            (Some(100), Some(false), Some(2))
        );
        let (status, _) = api
            .call(
                "PATCH",
                &path,
                Some("ADMIN"),
                Some(json!({"version": 1, "nickname": "X"})),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, _) = api
            .call(
                "POST",
                ACCOUNTS,
                Some("FINANCIAL_ASSISTANT"),
                Some(json!({})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, list) = api
            .call("GET", ACCOUNTS, Some("PURCHASING_ASSISTANT"), None)
            .await;
        assert_eq!(
            (status, list["items"].as_array().unwrap().len()),
            (StatusCode::OK, 1)
        );
    }
}

const SETTINGS: &str = "/api/v1/finance/settings";

#[tokio::test]
async fn the_approval_limit_is_set_by_the_super_administrator_alone() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let (status, settings) = api
            .call("GET", SETTINGS, Some("FINANCIAL_ASSISTANT"), None)
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {settings}", api.engine());
        assert_eq!(
            (
                settings["approval_limit_cents"].as_i64(),
                settings["version"].as_i64()
            ),
            (Some(500_000), Some(0))
        );
        let put = format!("{SETTINGS}/approval-limit");
        let (status, _) = api
            .call(
                "PUT",
                &put,
                Some("FINANCIAL_MANAGER"),
                Some(json!({"approval_limit_cents": 1, "version": 0})),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, error) = api
            .call(
                "PUT",
                &put,
                Some("SUPER_ADMIN"),
                Some(json!({"approval_limit_cents": 0, "version": 0})),
            )
            .await;
        assert_eq!(
            (status, fields(&error)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["approval_limit_cents"]
            )
        );
        let (status, set) = api
            .call(
                "PUT",
                &put,
                Some("SUPER_ADMIN"),
                Some(json!({"approval_limit_cents": 1_000_000, "version": 0})),
            )
            .await;
        assert_eq!(
            (
                status,
                set["approval_limit_cents"].as_i64(),
                set["version"].as_i64()
            ),
            (StatusCode::OK, Some(1_000_000), Some(1))
        );
        let (status, error) = api
            .call(
                "PUT",
                &put,
                Some("SUPER_ADMIN"),
                Some(json!({"approval_limit_cents": 2, "version": 0})),
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("versao_desatualizada"))
        );
        let (_, read) = api.call("GET", SETTINGS, Some("ADMIN"), None).await;
        assert_eq!(read["approval_limit_cents"].as_i64(), Some(1_000_000));
    }
}
