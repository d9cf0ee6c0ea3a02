//! A supplier's bank data, across contexts: what a financial assistant adds waits in the bell of every user who
//! may confirm it (finance publishes the notice to the holders of the permission; system resolves them through
//! identity when it delivers), and what a manager adds at once is told to the other confirmers.

use crate::common;

use common::{body, harnesses, Harness};
use platform::{Role, RoleFlags};
use serde_json::{json, Value};

const INBOX: &str = "/api/v1/system/notifications?page=1&page_size=20";

async fn inbox(h: &Harness, auth: &str) -> Value {
    body(h.get(INBOX, auth).await).await
}

#[tokio::test]
async fn the_confirmers_are_told_of_a_suppliers_bank_data() {
    for h in harnesses().await {
        let bearer = |token: String| format!("Bearer {token}");
        let (_, assistant) = h
            .signed_in("assist@x.com.br", Role::FinancialAssistant)
            .await;
        let (_, manager) = h
            .signed_in("gerente@x.com.br", Role::FinancialManager)
            .await;
        let (_, chief) = h.signed_in("super@x.com.br", Role::SuperAdmin).await;
        let (_, admin) = h.signed_in("adm@x.com.br", Role::Admin).await;
        // An inactive manager is told nothing.
        let gone = h
            .user(
                "ex@x.com.br",
                Some(Role::FinancialManager),
                RoleFlags::default(),
                false,
            )
            .await;
        let mut row = h.identity().user_row(&gone).await.unwrap();
        row.active = false;
        let by = platform::testing::principal("adm", "Administradora");
        h.identity().update_user(&by, &row).await.unwrap();
        let (assistant, manager, chief, admin) = (
            bearer(assistant),
            bearer(manager),
            bearer(chief),
            bearer(admin),
        );

        let created = h
            .send(
                "POST",
                "/api/v1/finance/suppliers",
                &assistant,
                Some(json!({"document": "11.222.333/0001-81", "name": "Laboratório Alfa"})),
            )
            .await;
        created.assert_status(poem::http::StatusCode::CREATED);
        let supplier = body(created).await;
        let id = supplier["id"].as_str().unwrap();
        let account = |number: &str| {
            json!({"bank": "341", "agency": "0912", "account": number, "account_digit": "1",
                   "account_type": "CORRENTE", "holder_name": "Laboratório Alfa",
                   "holder_document": "11222333000181"})
        };
        let accounts = format!("/api/v1/finance/suppliers/{id}/bank-accounts");
        h.send("POST", &accounts, &assistant, Some(account("45678")))
            .await
            .assert_status(poem::http::StatusCode::CREATED);
        h.app.platform.jobs.run_until_idle().await.unwrap();

        for reader in [&manager, &chief] {
            let page = inbox(&h, reader).await;
            assert_eq!(page["unread"], 1, "{}: {page}", h.engine);
            assert_eq!(
                page["items"][0]["title"],
                "Dados bancários de Laboratório Alfa aguardando confirmação"
            );
            assert_eq!(page["items"][0]["url"], format!("/fornecedores?id={id}"));
        }
        for other in [&assistant, &admin] {
            assert_eq!(inbox(&h, other).await["unread"], 0);
        }
        let gone_inbox = h
            .app
            .contexts
            .system
            .notifications()
            .inbox(&gone, 20, 0)
            .await
            .unwrap();
        assert_eq!(gone_inbox.1, 0, "an inactive user is not told");

        // The manager confirms; then adds an account of their own, which applies at once: the super
        // administrator is told, the manager is not told of their own change.
        h.send(
            "POST",
            &format!("/api/v1/finance/suppliers/{id}/bank-data/confirm"),
            &manager,
            None,
        )
        .await
        .assert_status_is_ok();
        h.send("POST", &accounts, &manager, Some(account("99887")))
            .await
            .assert_status(poem::http::StatusCode::CREATED);
        h.app.platform.jobs.run_until_idle().await.unwrap();
        let page = inbox(&h, &chief).await;
        assert_eq!(page["unread"], 2, "{page}");
        let title = page["items"][0]["title"].as_str().unwrap();
        assert!(
            title.starts_with("Dados bancários de Laboratório Alfa alterados por"),
            "{title}"
        );
        assert_eq!(inbox(&h, &manager).await["unread"], 1);
        assert_eq!(inbox(&h, &assistant).await["unread"], 0);
    }
}
