//! Suppliers and their bank data through the API, served as the server serves it, on SQLite and PostgreSQL.

use banking::document::{cnpj_check_digits, cpf_check_digits};
use crm::Crm;
use finance::domain::SupplierBankAccountDraft;
use finance::Finance;
use platform::context::{Context, Demo};
use platform::testing::TestApi;
use platform::{on_db, Principal, Role, RoleFlags};
use poem::http::StatusCode;
use serde_json::{json, Value};

const SUPPLIERS: &str = "/api/v1/finance/suppliers";
const FA: Option<&str> = Some("FINANCIAL_ASSISTANT");
const FM: Option<&str> = Some("FINANCIAL_MANAGER");
const SA: Option<&str> = Some("SUPER_ADMIN");
const PURCHASING: Option<&str> = Some("PURCHASING_ASSISTANT");

fn fields(error: &Value) -> Vec<&str> {
    error["fields"]
        .as_array()
        .unwrap_or_else(|| panic!("no fields in {error}"))
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect()
}

fn cnpj(first12: &str) -> String {
    let [d1, d2] = cnpj_check_digits(first12.as_bytes().try_into().unwrap());
    format!("{first12}{}{}", d1 as char, d2 as char)
}

fn cpf(first9: &str) -> String {
    let [d1, d2] = cpf_check_digits(first9.as_bytes().try_into().unwrap());
    format!("{first9}{}{}", d1 as char, d2 as char)
}

/// `12ABC345/01DE-xx`, typed with its punctuation and in lower case.
fn alphanumeric_cnpj() -> (String, String) {
    let bare = cnpj("12ABC34501DE");
    let typed = format!(
        "{}.{}.{}/{}-{}",
        &bare[..2],
        &bare[2..5],
        &bare[5..8],
        &bare[8..12],
        &bare[12..]
    )
    .to_lowercase();
    (bare, typed)
}

fn path(supplier: &Value) -> String {
    format!("{SUPPLIERS}/{}", supplier["id"].as_str().unwrap())
}

async fn create(api: &TestApi<Finance>, token: Option<&str>, body: Value) -> Value {
    let (status, supplier) = api.call("POST", SUPPLIERS, token, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{}: {supplier}", api.engine());
    supplier
}

fn account(bank: &str, agency: &str, account: &str, holder: &str) -> Value {
    json!({
        "bank": bank, "agency": agency, "account": account, "account_digit": "7",
        "account_type": "CORRENTE", "holder_name": "Titular da Conta", "holder_document": holder
    })
}

/// The `system.notify` events published so far, oldest first.
async fn notices(api: &TestApi<Finance>) -> Vec<Value> {
    let payloads: Vec<String> = on_db!(&api.db, pool => sqlx::query_scalar(
        "SELECT payload FROM platform_events WHERE kind = 'system.notify' ORDER BY created_at, id",
    )
    .fetch_all(pool)
    .await)
    .unwrap();
    payloads
        .iter()
        .map(|p| serde_json::from_str(p).unwrap())
        .collect()
}

fn actions(history: &Value) -> Vec<&str> {
    history
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn a_supplier_is_a_person_or_a_company_by_its_document() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let person = create(
            &api,
            FA,
            json!({"document": "529.982.247-25", "name": "  Marcos   Ribeiro ", "email": "Marcos@Contador.COM.br",
                   "phone": "(11) 98123-4567", "default_payment_method": "pix", "notes": "Contador"}),
        )
        .await;
        assert_eq!(
            (
                person["kind"].as_str(),
                person["document"].as_str(),
                person["document_formatted"].as_str(),
                person["name"].as_str(),
            ),
            (
                Some("PF"),
                Some("52998224725"),
                Some("529.982.247-25"),
                Some("Marcos Ribeiro")
            )
        );
        assert_eq!(
            (
                person["email"].as_str(),
                person["phone"].as_str(),
                person["default_payment_method"].as_str()
            ),
            (
                Some("Marcos@contador.com.br"),
                Some("11981234567"),
                Some("PIX")
            )
        );
        assert_eq!(
            (
                person["active"].as_bool(),
                person["version"].as_i64(),
                person["pending_bank_data"].as_bool()
            ),
            (Some(true), Some(1), Some(false))
        );
        assert_eq!(person["bank_accounts"], json!([]), "{person}");
        assert_eq!(person["pix_keys"], json!([]));
        assert!(person.get("trade_name").is_none(), "absent, not null");

        let (bare, typed) = alphanumeric_cnpj();
        let company = create(
            &api,
            SA,
            json!({"document": typed, "name": "BioImagem Equipamentos S.A.", "trade_name": "BioImagem",
                   "address": {"cep": "20040-020", "street": "Avenida Rio Branco", "number": "181",
                               "district": "Centro", "city": "Rio de Janeiro", "state": "rj"}}),
        )
        .await;
        assert_eq!(
            (company["kind"].as_str(), company["document"].as_str()),
            (Some("PJ"), Some(bare.as_str()))
        );
        assert!(company["document_formatted"]
            .as_str()
            .unwrap()
            .starts_with("12.ABC.345/01DE-"));
        assert_eq!(
            company["address"],
            json!({"cep": "20040020", "street": "Avenida Rio Branco", "number": "181", "complement": "",
                   "district": "Centro", "city": "Rio de Janeiro", "state": "RJ"})
        );

        let (status, read) = api.call("GET", &path(&company), FA, None).await;
        assert_eq!(
            (status, read["name"].as_str()),
            (StatusCode::OK, Some("BioImagem Equipamentos S.A."))
        );
        let (_, history) = api
            .call("GET", &format!("{}/history", path(&company)), FA, None)
            .await;
        assert_eq!(actions(&history), ["Fornecedor cadastrado"]);
        assert_eq!(history[0]["by_uid"], "uid-SUPER_ADMIN");
    }
}

#[tokio::test]
async fn bad_input_is_refused_naming_each_field() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let chart = "/api/v1/finance/chart-accounts";
        let (_, group) = api
            .call(
                "POST",
                chart,
                FM,
                Some(json!({"code": "3", "name": "Custos", "nature": "DESPESA", "kind": "SINTETICA"})),
            )
            .await;
        let (_, leaf) = api
            .call(
                "POST",
                chart,
                FM,
                Some(json!({"code": "3.1", "name": "Materiais", "kind": "ANALITICA"})),
            )
            .await;
        let (_, center) = api
            .call(
                "POST",
                "/api/v1/finance/cost-centers",
                FM,
                Some(json!({"code": "ADM", "name": "Administração"})),
            )
            .await;
        let center_path = format!(
            "/api/v1/finance/cost-centers/{}",
            center["id"].as_str().unwrap()
        );
        api.call(
            "PATCH",
            &center_path,
            FM,
            Some(json!({"version": 1, "active": false})),
        )
        .await;

        let (status, error) = api
            .call(
                "POST",
                SUPPLIERS,
                FA,
                Some(json!({
                    "document": "529.982.247-24", "name": " ", "email": "financeiro@",
                    "address": {"cep": "123", "street": "Rua A", "city": "São Paulo", "state": "SP"},
                    "default_payment_method": "CHEQUE",
                    "default_chart_account_id": group["id"], "default_cost_center_id": center["id"]
                })),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}: {error}",
            api.engine()
        );
        assert_eq!(
            fields(&error),
            [
                "document",
                "name",
                "email",
                "address.cep",
                "default_payment_method",
                "default_chart_account_id",
                "default_cost_center_id"
            ]
        );
        let messages: Vec<&str> = error["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["message"].as_str().unwrap())
            .collect();
        assert_eq!(messages[0], "CPF inválido: dígito verificador não confere");
        assert!(messages[5].contains("sintética"), "{}", messages[5]);
        assert!(messages[6].contains("inativo"), "{}", messages[6]);

        let (status, error) = api
            .call(
                "POST",
                SUPPLIERS,
                FA,
                Some(json!({"document": "123", "name": "X", "default_chart_account_id": "nao-existe"})),
            )
            .await;
        assert_eq!(
            (status, fields(&error)),
            (
                StatusCode::UNPROCESSABLE_ENTITY,
                vec!["document", "default_chart_account_id"]
            )
        );
        // An analytic, active account is taken.
        let supplier = create(
            &api,
            FA,
            json!({"document": cnpj("112223330001"), "name": "Alfa", "default_chart_account_id": leaf["id"]}),
        )
        .await;
        assert_eq!(supplier["default_chart_account_id"], leaf["id"]);
        // A body that is not one, and a null where a value or nothing is expected.
        let (status, _) = api
            .call("POST", SUPPLIERS, FA, Some(json!({"document": 123})))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let (status, error) = api
            .call(
                "PATCH",
                &path(&supplier),
                FA,
                Some(json!({"version": 1, "name": null})),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{error}");
    }
}

#[tokio::test]
async fn a_document_is_unique_among_active_suppliers() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let document = cnpj("482913570001");
        let first = create(
            &api,
            FA,
            json!({"document": document, "name": "Laboratório Paulista"}),
        )
        .await;
        let (status, error) = api
            .call(
                "POST",
                SUPPLIERS,
                FM,
                Some(json!({"document": format!("{}.{}.{}/{}-{}", &document[..2], &document[2..5], &document[5..8], &document[8..12], &document[12..]), "name": "Outro"})),
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("fornecedor_duplicado")),
            "{}: {error}",
            api.engine()
        );
        assert_eq!(
            error["message"],
            "Já existe um fornecedor com este CPF/CNPJ: Laboratório Paulista"
        );
        assert_eq!(fields(&error), ["document"]);
        assert_eq!(
            (
                error["existing"]["id"].clone(),
                error["existing"]["name"].clone()
            ),
            (first["id"].clone(), json!("Laboratório Paulista"))
        );

        // Deactivated, its document may be used again; reactivating it then collides with the new one.
        let (status, inactive) = api
            .call(
                "PATCH",
                &path(&first),
                FM,
                Some(json!({"version": 1, "active": false})),
            )
            .await;
        assert_eq!(
            (
                status,
                inactive["active"].as_bool(),
                inactive["version"].as_i64()
            ),
            (StatusCode::OK, Some(false), Some(2))
        );
        let second = create(
            &api,
            FA,
            json!({"document": document, "name": "Laboratório Paulista Novo"}),
        )
        .await;
        let (status, error) = api
            .call(
                "PATCH",
                &path(&first),
                FM,
                Some(json!({"version": 2, "active": true})),
            )
            .await;
        assert_eq!(
            (
                status,
                error["code"].as_str(),
                error["existing"]["id"].clone()
            ),
            (
                StatusCode::CONFLICT,
                Some("fornecedor_duplicado"),
                second["id"].clone()
            ),
            "{error}"
        );
        let (_, history) = api
            .call("GET", &format!("{}/history", path(&first)), FA, None)
            .await;
        assert_eq!(
            actions(&history),
            ["Fornecedor cadastrado", "Fornecedor inativado"]
        );
        assert_eq!(history[1]["to_state"], "INATIVO");
    }
}

#[tokio::test]
async fn bank_data_added_by_an_assistant_waits_for_a_managers_confirmation() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let supplier = create(
            &api,
            FA,
            json!({"document": cnpj("073519280001"), "name": "Dental Med"}),
        )
        .await;
        let document = supplier["document"].as_str().unwrap().to_string();
        let accounts = format!("{}/bank-accounts", path(&supplier));
        let (status, detail) = api
            .call(
                "POST",
                &accounts,
                FA,
                Some(account("341", "0912", "45678", &document)),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {detail}", api.engine());
        let added = &detail["bank_accounts"][0];
        assert_eq!(
            (
                added["status"].as_str(),
                added["bank_name"].as_str(),
                added["holder_is_supplier"].as_bool(),
                added["created_by"].as_str()
            ),
            (
                Some("PENDENTE"),
                Some("BANCO ITAU SA"),
                Some(true),
                Some("uid-FINANCIAL_ASSISTANT")
            )
        );
        assert!(added.get("confirmed_by").is_none());
        assert_eq!(detail["pending_bank_data"], true);
        // The confirmers are told, through the event published with the change.
        let sent = notices(&api).await;
        assert_eq!(sent.len(), 1);
        assert_eq!(
            sent[0]["holders_of"],
            "fornecedores_dados_bancarios_confirmar"
        );
        assert_eq!(
            sent[0]["title"],
            "Dados bancários de Dental Med aguardando confirmação"
        );
        assert_eq!(
            sent[0]["url"],
            format!("/fornecedores?id={}", supplier["id"].as_str().unwrap())
        );
        assert_eq!(sent[0]["except"], json!(["uid-FINANCIAL_ASSISTANT"]));

        // Someone else's account is allowed, with a warning; a key too, pending.
        let (_, detail) = api
            .call(
                "POST",
                &accounts,
                FA,
                Some(account("260", "1", "998877", &cpf("529982247"))),
            )
            .await;
        let other = &detail["bank_accounts"][1];
        assert_eq!(
            (
                other["holder_is_supplier"].as_bool(),
                other.get("bank_name")
            ),
            (Some(false), None)
        );
        let keys = format!("{}/pix-keys", path(&supplier));
        let (status, _) = api
            .call(
                "POST",
                &keys,
                FA,
                Some(json!({"key_type": "EMAIL", "key": "Financeiro@DentalMed.com.br"})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let (_, list) = api
            .call("GET", &format!("{SUPPLIERS}?pending=true"), FA, None)
            .await;
        assert_eq!(list["total"], 1);

        // Only a manager confirms: the assistant is refused, purchasing too.
        let confirm = format!("{}/bank-data/confirm", path(&supplier));
        for role in [FA, PURCHASING, Some("ADMIN")] {
            let (status, _) = api.call("POST", &confirm, role, None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role:?}");
        }
        let (status, confirmed) = api.call("POST", &confirm, FM, None).await;
        assert_eq!(status, StatusCode::OK, "{confirmed}");
        assert_eq!(confirmed["pending_bank_data"], false);
        for item in confirmed["bank_accounts"]
            .as_array()
            .unwrap()
            .iter()
            .chain(confirmed["pix_keys"].as_array().unwrap())
        {
            assert_eq!(
                (item["status"].as_str(), item["confirmed_by"].as_str()),
                (Some("CONFIRMADA"), Some("uid-FINANCIAL_MANAGER")),
                "{item}"
            );
        }
        let (status, error) = api.call("POST", &confirm, FM, None).await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("nada_pendente"))
        );

        // A manager's own addition applies at once, and the other confirmers are told.
        let (_, detail) = api
            .call(
                "POST",
                &accounts,
                FM,
                Some(account("237", "1533", "98112", &document)),
            )
            .await;
        let own = &detail["bank_accounts"][2];
        assert_eq!(
            (own["status"].as_str(), own["confirmed_by"].as_str()),
            (Some("CONFIRMADA"), Some("uid-FINANCIAL_MANAGER"))
        );
        assert_eq!(detail["pending_bank_data"], false);
        let sent = notices(&api).await;
        let last = sent.last().unwrap();
        assert_eq!(
            last["title"],
            "Dados bancários de Dental Med alterados por FINANCIAL_MANAGER"
        );
        assert_eq!(last["except"], json!(["uid-FINANCIAL_MANAGER"]));

        let (_, history) = api
            .call("GET", &format!("{}/history", path(&supplier)), FA, None)
            .await;
        assert_eq!(
            actions(&history),
            [
                "Fornecedor cadastrado",
                "Conta bancária incluída (pendente de confirmação)",
                "Conta bancária incluída (pendente de confirmação)",
                "Chave PIX incluída (pendente de confirmação)",
                "Dados bancários confirmados",
                "Conta bancária incluída"
            ]
        );
        assert_eq!(history[4]["by_uid"], "uid-FINANCIAL_MANAGER");
        assert_eq!(history[4]["changes"].as_array().unwrap().len(), 3);
    }
}

/// The author of pending bank data never confirms it, even after being given the permission to confirm.
#[tokio::test]
async fn whoever_added_pending_bank_data_does_not_confirm_it() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let supplier = create(
            &api,
            FA,
            json!({"document": cpf("123456789"), "name": "Ana Souza"}),
        )
        .await;
        let id = supplier["id"].as_str().unwrap();
        let person = |role: Role| Principal {
            uid: "uid-ana".into(),
            email: "ana@example.com.br".into(),
            name: "Ana".into(),
            role: Some(role),
            flags: RoleFlags::default(),
            access_hub: false,
            session_id: None,
            firebase_uid: None,
            held: None,
        };
        let draft = SupplierBankAccountDraft {
            bank: Some("001".into()),
            agency: Some("1234".into()),
            agency_digit: Some("x".into()),
            account: Some("55667".into()),
            account_digit: Some("1".into()),
            account_type: Some("POUPANCA".into()),
            holder_name: Some("Ana Souza".into()),
            holder_document: supplier["document"].as_str().map(String::from),
        };
        let suppliers = api.context.suppliers();
        let detail = suppliers
            .add_bank_account(id, draft, &person(Role::FinancialAssistant))
            .await
            .unwrap();
        assert!(detail.supplier.pending_bank_data);
        // Promoted to financial manager, Ana still may not confirm what she added.
        let error = suppliers
            .confirm_bank_data(id, &person(Role::FinancialManager))
            .await
            .unwrap_err();
        assert_eq!(error.code, "confirmacao_pelo_autor", "{}", api.engine());
        assert!(error.message.contains("confirmados por outra pessoa"));
        let (status, _) = api
            .call(
                "POST",
                &format!("{}/bank-data/confirm", path(&supplier)),
                SA,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
    }
}

#[tokio::test]
async fn pix_keys_are_checked_by_type_and_bank_data_is_never_repeated() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let supplier = create(
            &api,
            FM,
            json!({"document": cnpj("271846390001"), "name": "Limpeza Total"}),
        )
        .await;
        let keys = format!("{}/pix-keys", path(&supplier));
        let (bare_cnpj, typed_cnpj) = alphanumeric_cnpj();
        for (key_type, typed, stored) in [
            (
                "CPF",
                "529.982.247-25".to_string(),
                "52998224725".to_string(),
            ),
            ("CNPJ", typed_cnpj, bare_cnpj),
            (
                "EMAIL",
                " Pagamentos@LimpezaTotal.com.br ".to_string(),
                "pagamentos@limpezatotal.com.br".to_string(),
            ),
            (
                "telefone",
                "(11) 99812-3344".to_string(),
                "+5511998123344".to_string(),
            ),
            (
                "ALEATORIA",
                "7D3F1C2A-4B5E-4F60-9A1B-2C3D4E5F6A7B".to_string(),
                "7d3f1c2a-4b5e-4f60-9a1b-2c3d4e5f6a7b".to_string(),
            ),
        ] {
            let (status, detail) = api
                .call(
                    "POST",
                    &keys,
                    FM,
                    Some(json!({"key_type": key_type, "key": typed})),
                )
                .await;
            assert_eq!(
                status,
                StatusCode::CREATED,
                "{}: {key_type} {detail}",
                api.engine()
            );
            let key = detail["pix_keys"]
                .as_array()
                .unwrap()
                .last()
                .unwrap()
                .clone();
            assert_eq!(
                (
                    key["key_type"].as_str(),
                    key["key"].as_str(),
                    key["status"].as_str()
                ),
                (
                    Some(key_type.to_uppercase().as_str()),
                    Some(stored.as_str()),
                    Some("CONFIRMADA")
                )
            );
        }
        for (key_type, key) in [
            ("CPF", "529.982.247-24"),
            ("CNPJ", "11.222.333/0001-00"),
            ("EMAIL", "pagamentos@"),
            ("TELEFONE", "+1 415 555 1234"),
            ("ALEATORIA", "7d3f1c2a4b5e4f609a1b2c3d4e5f6a7b"),
        ] {
            let (status, error) = api
                .call(
                    "POST",
                    &keys,
                    FM,
                    Some(json!({"key_type": key_type, "key": key})),
                )
                .await;
            assert_eq!(
                (status, fields(&error)),
                (StatusCode::UNPROCESSABLE_ENTITY, vec!["key"]),
                "{key_type} {key}: {error}"
            );
        }
        let (status, error) = api
            .call("POST", &keys, FM, Some(json!({"key_type": "BOLETO"})))
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["key_type", "key"])
        );
        // The same key again, typed another way.
        let (status, error) = api
            .call(
                "POST",
                &keys,
                FA,
                Some(json!({"key_type": "TELEFONE", "key": "+55 11 99812-3344"})),
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str(), fields(&error)),
            (
                StatusCode::CONFLICT,
                Some("chave_pix_duplicada"),
                vec!["key"]
            )
        );

        let accounts = format!("{}/bank-accounts", path(&supplier));
        let document = supplier["document"].as_str().unwrap();
        let (status, _) = api
            .call(
                "POST",
                &accounts,
                FM,
                Some(account("341", "0912", "45678", document)),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let (status, error) = api
            .call(
                "POST",
                &accounts,
                FA,
                Some(account("341", "0912", "45678", document)),
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("conta_bancaria_duplicada"))
        );
        let (status, error) = api
            .call(
                "POST",
                &accounts,
                FA,
                Some(
                    json!({"bank": "34", "agency": "12-3", "account": "", "account_digit": "10",
                            "account_type": "SALARIO", "holder_document": "111.111.111-11"}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            fields(&error),
            [
                "bank",
                "agency",
                "account",
                "account_digit",
                "account_type",
                "holder_name",
                "holder_document"
            ]
        );
    }
}

#[tokio::test]
async fn a_removed_item_leaves_the_detail_and_stays_in_the_history() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let supplier = create(
            &api,
            FM,
            json!({"document": cnpj("335170860001"), "name": "Jaleco Branco"}),
        )
        .await;
        let document = supplier["document"].as_str().unwrap();
        let accounts = format!("{}/bank-accounts", path(&supplier));
        let body = account("104", "0235", "12345", document);
        let (_, detail) = api.call("POST", &accounts, FA, Some(body.clone())).await;
        let account_id = detail["bank_accounts"][0]["id"]
            .as_str()
            .unwrap()
            .to_string();
        let (_, detail) = api
            .call(
                "POST",
                &format!("{}/pix-keys", path(&supplier)),
                FA,
                Some(json!({"key_type": "CNPJ", "key": document})),
            )
            .await;
        let key_id = detail["pix_keys"][0]["id"].as_str().unwrap().to_string();

        let remove_account = format!("{accounts}/{account_id}");
        let (status, detail) = api.call("DELETE", &remove_account, FA, None).await;
        assert_eq!(status, StatusCode::OK, "{}: {detail}", api.engine());
        assert_eq!(detail["bank_accounts"], json!([]));
        assert_eq!(
            detail["pending_bank_data"], true,
            "the key is still pending"
        );
        let (status, detail) = api
            .call(
                "DELETE",
                &format!("{}/pix-keys/{key_id}", path(&supplier)),
                FM,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            (
                detail["pix_keys"].clone(),
                detail["pending_bank_data"].clone()
            ),
            (json!([]), json!(false))
        );
        let (status, _) = api.call("DELETE", &remove_account, FA, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "already removed");
        // Removed, the same account may be added again.
        let (status, _) = api.call("POST", &accounts, FM, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED);

        let (_, history) = api
            .call("GET", &format!("{}/history", path(&supplier)), FA, None)
            .await;
        let actions = actions(&history);
        assert!(actions.contains(&"Conta bancária removida"), "{actions:?}");
        assert!(actions.contains(&"Chave PIX removida"));
        let removed = history
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["action"] == "Conta bancária removida")
            .unwrap();
        assert_eq!(removed["by_uid"], "uid-FINANCIAL_ASSISTANT");
        assert_eq!(removed["changes"][0]["field"], "bank_account");
        assert!(removed["changes"][0]["from"]
            .as_str()
            .unwrap()
            .contains("conta 12345-7"));
        // A removal by an assistant applies at once: the confirmers are told.
        assert!(notices(&api)
            .await
            .iter()
            .any(|n| n["title"]
                == "Dados bancários de Jaleco Branco alterados por FINANCIAL_ASSISTANT"));
    }
}

#[tokio::test]
async fn purchasing_keeps_suppliers_without_their_bank_data() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let supplier = create(
            &api,
            PURCHASING,
            json!({"document": cnpj("614028950001"), "name": "Farmácia Vida"}),
        )
        .await;
        assert!(supplier.get("bank_accounts").is_none(), "{supplier}");
        assert!(supplier.get("pix_keys").is_none());
        let document = supplier["document"].as_str().unwrap();
        let accounts = format!("{}/bank-accounts", path(&supplier));
        let (_, detail) = api
            .call(
                "POST",
                &accounts,
                FA,
                Some(account("341", "1", "2", document)),
            )
            .await;
        let account_id = detail["bank_accounts"][0]["id"].as_str().unwrap();

        for (method, url, body) in [
            (
                "POST",
                accounts.clone(),
                Some(account("341", "1", "3", document)),
            ),
            ("DELETE", format!("{accounts}/{account_id}"), None),
            (
                "POST",
                format!("{}/pix-keys", path(&supplier)),
                Some(json!({"key_type": "CNPJ", "key": document})),
            ),
            ("DELETE", format!("{}/pix-keys/x", path(&supplier)), None),
            (
                "POST",
                format!("{}/bank-data/confirm", path(&supplier)),
                None,
            ),
        ] {
            let (status, _) = api.call(method, &url, PURCHASING, body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {url}");
        }
        let (status, read) = api.call("GET", &path(&supplier), PURCHASING, None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(read.get("bank_accounts").is_none() && read.get("pix_keys").is_none());
        assert_eq!(
            read["pending_bank_data"], true,
            "the badge, without the data"
        );
        let (status, changed) = api
            .call(
                "PATCH",
                &path(&supplier),
                PURCHASING,
                Some(json!({"version": 1, "trade_name": "Vida"})),
            )
            .await;
        assert_eq!(
            (status, changed["trade_name"].as_str()),
            (StatusCode::OK, Some("Vida"))
        );
        // The history says when bank data changed, not what it is.
        let history_path = format!("{}/history", path(&supplier));
        let (_, history) = api.call("GET", &history_path, PURCHASING, None).await;
        assert_eq!(
            history[1]["action"],
            "Conta bancária incluída (pendente de confirmação)"
        );
        assert_eq!(history[1]["changes"], json!([]));
        let (_, history) = api.call("GET", &history_path, FA, None).await;
        assert_eq!(history[1]["changes"][0]["field"], "bank_account");

        for role in ["SALESPERSON", "STOCK_KEEPER", "LEGAL_ASSISTANT"] {
            let (status, _) = api.call("GET", SUPPLIERS, Some(role), None).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role}");
        }
        let (status, _) = api
            .call("POST", SUPPLIERS, Some("SALESPERSON"), Some(json!({})))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = api.call("GET", SUPPLIERS, None, None).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
}

#[tokio::test]
async fn changes_go_over_the_version_and_unknown_ids_are_404() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let supplier = create(
            &api,
            FA,
            json!({"document": cpf("987654321"), "name": "João Pereira", "trade_name": "JP Serviços",
                   "notes": "Atende à tarde", "address": {"cep": "01310-100", "street": "Avenida Paulista",
                   "city": "São Paulo", "state": "SP"}}),
        )
        .await;
        let (status, changed) = api
            .call(
                "PATCH",
                &path(&supplier),
                FA,
                Some(
                    json!({"version": 1, "name": "João  Pereira Filho", "trade_name": null,
                            "address": null, "notes": "", "email": "joao@exemplo.com.br"}),
                ),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{}: {changed}", api.engine());
        assert_eq!(
            (
                changed["name"].as_str(),
                changed["version"].as_i64(),
                changed["email"].as_str()
            ),
            (
                Some("João Pereira Filho"),
                Some(2),
                Some("joao@exemplo.com.br")
            )
        );
        for cleared in ["trade_name", "address", "notes"] {
            assert!(changed.get(cleared).is_none(), "{cleared}: {changed}");
        }
        assert_eq!(changed["document"], supplier["document"], "never changes");
        let (status, error) = api
            .call(
                "PATCH",
                &path(&supplier),
                FA,
                Some(json!({"version": 1, "name": "Outro"})),
            )
            .await;
        assert_eq!(
            (status, error["code"].as_str()),
            (StatusCode::CONFLICT, Some("versao_desatualizada"))
        );
        let (status, error) = api
            .call(
                "PATCH",
                &path(&supplier),
                FA,
                Some(json!({"version": 2, "name": "  ", "phone": "123"})),
            )
            .await;
        assert_eq!(
            (status, fields(&error)),
            (StatusCode::UNPROCESSABLE_ENTITY, vec!["name", "phone"])
        );
        let (_, history) = api
            .call("GET", &format!("{}/history", path(&supplier)), FA, None)
            .await;
        let changed_fields: Vec<&str> = history[1]["changes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["field"].as_str().unwrap())
            .collect();
        assert_eq!(
            (history[1]["action"].as_str(), changed_fields),
            (
                Some("Fornecedor alterado"),
                vec!["name", "trade_name", "email", "address", "notes"]
            )
        );

        let unknown = format!("{SUPPLIERS}/nao-existe");
        let (status, error) = api.call("GET", &unknown, FA, None).await;
        assert_eq!(
            (status, error["message"].as_str()),
            (StatusCode::NOT_FOUND, Some("Fornecedor não encontrado."))
        );
        for (method, url, body) in [
            ("PATCH", unknown.clone(), Some(json!({"version": 1}))),
            ("GET", format!("{unknown}/history"), None),
            (
                "POST",
                format!("{unknown}/bank-accounts"),
                Some(account("341", "1", "2", &cpf("987654321"))),
            ),
            ("POST", format!("{unknown}/bank-data/confirm"), None),
            (
                "DELETE",
                format!("{}/bank-accounts/nao-existe", path(&supplier)),
                None,
            ),
        ] {
            let (status, _) = api.call(method, &url, FM, body).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method} {url}");
        }
    }
}

#[tokio::test]
async fn the_list_filters_by_text_state_and_pending_bank_data() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let alfa = create(
            &api,
            FA,
            json!({"document": cnpj("112223330001"), "name": "Óticas Alfa Ltda", "trade_name": "Alfa Visão"}),
        )
        .await;
        let beta = create(
            &api,
            FA,
            json!({"document": cpf("529982247"), "name": "beta Contabilidade"}),
        )
        .await;
        let gama = create(
            &api,
            FA,
            json!({"document": alphanumeric_cnpj().1, "name": "Gama 100% Limpeza"}),
        )
        .await;
        api.call(
            "PATCH",
            &path(&beta),
            FM,
            Some(json!({"version": 1, "active": false})),
        )
        .await;
        api.call(
            "POST",
            &format!("{}/pix-keys", path(&gama)),
            FA,
            Some(json!({"key_type": "EMAIL", "key": "gama@limpeza.com.br"})),
        )
        .await;

        let names = |page: &Value| -> Vec<String> {
            page["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["name"].as_str().unwrap().to_string())
                .collect()
        };
        let api = &api;
        let list = |query: &str| {
            let url = format!("{SUPPLIERS}{query}");
            async move {
                let (status, page) = api.call("GET", &url, PURCHASING, None).await;
                assert_eq!(status, StatusCode::OK, "{url}: {page}");
                page
            }
        };
        let all = list("").await;
        assert_eq!(
            names(&all),
            [
                "beta Contabilidade",
                "Gama 100% Limpeza",
                "Óticas Alfa Ltda"
            ],
            "{}: by name, case and accents aside",
            api.engine()
        );
        assert_eq!(
            (
                all["total"].as_i64(),
                all["page"].as_i64(),
                all["page_size"].as_i64(),
                all["has_more"].as_bool()
            ),
            (Some(3), Some(1), Some(20), Some(false))
        );
        assert!(all["items"][0].get("bank_accounts").is_none());
        for (query, expected) in [
            ("?q=OTICAS", vec!["Óticas Alfa Ltda"]),
            ("?q=visão", vec!["Óticas Alfa Ltda"]),
            ("?q=11.222.333%2F0001", vec!["Óticas Alfa Ltda"]),
            ("?q=11222333", vec!["Óticas Alfa Ltda"]),
            ("?q=529.982", vec!["beta Contabilidade"]),
            ("?q=12abc", vec!["Gama 100% Limpeza"]),
            ("?q=100%25", vec!["Gama 100% Limpeza"]),
            ("?q=_", vec![]),
            ("?active=false", vec!["beta Contabilidade"]),
            (
                "?active=true&q=a",
                vec!["Gama 100% Limpeza", "Óticas Alfa Ltda"],
            ),
            ("?pending=true", vec!["Gama 100% Limpeza"]),
            ("?pending=false&active=true", vec!["Óticas Alfa Ltda"]),
        ] {
            let page = list(query).await;
            assert_eq!(names(&page), expected, "{query}");
            assert_eq!(
                page["total"].as_u64(),
                Some(expected.len() as u64),
                "{query}"
            );
        }
        let first = list("?page_size=2").await;
        assert_eq!(
            (
                names(&first).len(),
                first["total"].as_i64(),
                first["has_more"].as_bool()
            ),
            (2, Some(3), Some(true))
        );
        let second = list("?page_size=2&page=2").await;
        assert_eq!(
            (names(&second), second["has_more"].as_bool()),
            (vec!["Óticas Alfa Ltda".to_string()], Some(false))
        );
        let (status, _) = api
            .call("GET", &format!("{SUPPLIERS}?page_size=201"), FA, None)
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        let _ = alfa;
    }
}

#[tokio::test]
async fn demo_suppliers_are_loaded_once() {
    for api in TestApi::<Finance>::on_each_engine_after::<(identity::Identity, Crm)>().await {
        let mut demo = Demo::default();
        api.context.seed_demo(&mut demo).await.unwrap();
        api.context.seed_demo(&mut demo).await.unwrap();
        assert_eq!(api.context.suppliers().count().await.unwrap(), 7);
        let (_, page) = api.call("GET", SUPPLIERS, FM, None).await;
        assert_eq!(page["total"], 7, "{}: {page}", api.engine());
        let (_, pending) = api
            .call("GET", &format!("{SUPPLIERS}?pending=true"), FM, None)
            .await;
        assert_eq!(
            pending["items"][0]["name"],
            "BioImagem Equipamentos Médicos S.A."
        );
        assert_eq!(pending["total"], 1);
        let (_, inactive) = api
            .call("GET", &format!("{SUPPLIERS}?active=false"), FM, None)
            .await;
        assert_eq!(inactive["total"], 1);
        let kinds: Vec<&str> = page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["kind"].as_str().unwrap())
            .collect();
        assert!(kinds.contains(&"PF") && kinds.contains(&"PJ"));
        assert!(page["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.get("default_chart_account_id").is_some()));
    }
}
