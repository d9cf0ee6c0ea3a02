//! What the sales API tests share: the contexts started before sales, the identity users the test tokens sign in
//! as, and a world to sell in (clients, a team, discount limits, a chart of accounts, catalog items).
#![allow(dead_code)]

use chrono::{NaiveDate, TimeZone, Utc};
use crm::domain::client::ClientDraft;
use crm::domain::profile::ProfileDraft;
use crm::domain::team::{MemberRole, TeamFields};
use crm::Crm;
use finance::domain::{BankAccountDraft, ReceiptDraft};
use finance::Finance;
use identity::Identity;
use platform::clock::Clock;
use platform::testing::{principal, TestApi};
use platform::{Principal, Role};
use poem::http::StatusCode;
use sales::Sales;
use serde_json::{json, Value};
use stock::Stock;

pub const CATALOG: &str = "/api/v1/sales/catalog";
pub const SALES: &str = "/api/v1/sales/sales";

/// The salesperson of the team "Centro" (limit 5 %).
pub const SELLER: &str = "SALESPERSON";
/// A salesperson in no team of the manager's (limit 5 %).
pub const OTHER_SELLER: &str = "SALESPERSON+hub";
/// Manages "Centro" (limit 15 %).
pub const MANAGER: &str = "SALES_MANAGER";

pub type Deps = (Identity, Crm, Stock, Finance);

/// The sales context on each engine, with identity, crm, stock and finance started first.
pub async fn apis() -> Vec<TestApi<Sales>> {
    TestApi::<Sales>::on_each_engine_after::<Deps>().await
}

/// The people behind the test tokens (`uid-<TOKEN>`) and a salesperson the split names.
pub const PEOPLE: &[(&str, &str, &str)] = &[
    ("uid-SALES_MANAGER", "Gil Gerente", "SALES_MANAGER"),
    ("uid-SALESPERSON", "Vera Vendedora", "SALESPERSON"),
    ("uid-SALESPERSON+hub", "Otto Outro", "SALESPERSON"),
    ("uid-ana", "Ana Souza", "SALESPERSON"),
    ("uid-ADMIN", "Adão Administrador", "ADMIN"),
];

pub fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

/// Someone acting through the services (`uid-<token>`, with the token's role).
pub fn person(token: &str, role: Role) -> Principal {
    let mut p = principal(&format!("uid-{token}"), token);
    p.role = Some(role);
    p
}

/// What a world holds: the seller's client (and the other seller's), and the catalog items' ids.
pub struct World {
    pub api: TestApi<Sales>,
    pub client: String,
    pub other_client: String,
    /// R$ 1.000,00, up to 30 % discount.
    pub procedure: String,
    /// R$ 100,00, up to 10 %.
    pub product: String,
}

/// Each engine's world on Monday 07/12/2026 (12:00 in São Paulo).
pub async fn worlds() -> Vec<World> {
    let mut worlds = Vec::new();
    for api in apis().await {
        worlds.push(world(api).await);
    }
    worlds
}

pub async fn world(api: TestApi<Sales>) -> World {
    api.clock
        .set(Utc.from_utc_datetime(&d(2026, 12, 7).and_hms_opt(15, 0, 0).unwrap()));
    let now = api.clock.now();
    for (uid, name, role) in PEOPLE {
        platform::on_db!(&api.db, pool => sqlx::query(
            "INSERT INTO identity_users (uid, email, email_lower, name, role, created_at, updated_at) \
             VALUES ($1, $2, $2, $3, $4, $5, $5)",
        )
        .bind(uid)
        .bind(format!("{uid}@example.com.br"))
        .bind(name)
        .bind(role)
        .bind(now)
        .execute(pool)
        .await
        .map(|_| ()))
        .unwrap();
    }
    let admin = person("ADMIN", Role::Admin);
    let crm = api.started.get::<Crm>().unwrap();
    let finance = api.started.get::<Finance>().unwrap();
    finance.chart().create_starter(&admin).await.unwrap();
    for (uid, limit) in [
        ("uid-SALESPERSON", 500),
        ("uid-SALESPERSON+hub", 500),
        ("uid-SALES_MANAGER", 1_500),
        ("uid-ana", 500),
    ] {
        let draft = ProfileDraft {
            display_name: uid.trim_start_matches("uid-").to_string(),
            employment: "clt".into(),
            discount_limit_bp: limit,
            active: true,
            ..ProfileDraft::default()
        };
        crm.profiles()
            .create(uid, draft, &admin, now)
            .await
            .unwrap();
    }
    let fields = TeamFields::parse("Centro", None, vec!["uid-SALES_MANAGER".into()]).unwrap();
    let team = crm.teams().create(fields, &admin).await.unwrap();
    for uid in ["uid-SALESPERSON", "uid-ana"] {
        crm.teams()
            .add_member(
                &admin,
                &team.team.id,
                uid,
                MemberRole::Vendedor,
                d(2026, 1, 1),
            )
            .await
            .unwrap();
    }
    let client = |document: &str, name: &str| ClientDraft {
        kind: Some("company".into()),
        document: Some(document.into()),
        name: Some(name.into()),
        ..ClientDraft::default()
    };
    let mine = crm
        .clients()
        .create(
            client("11.222.333/0001-81", "Clínica Sorriso Ltda"),
            &person(SELLER, Role::Salesperson),
        )
        .await
        .unwrap();
    let other = crm
        .clients()
        .create(
            client("45.723.174/0001-10", "Ótica Visão Clara ME"),
            &person(OTHER_SELLER, Role::Salesperson),
        )
        .await
        .unwrap();
    let item = |body: Value| {
        let api = &api;
        async move {
            let (status, item) = api.call("POST", CATALOG, Some("ADMIN"), Some(body)).await;
            assert_eq!(status, StatusCode::CREATED, "{item}");
            item["id"].as_str().unwrap().to_string()
        }
    };
    let procedure = item(json!({
        "sku": "HARMONIZACAO", "name": "Harmonização facial", "kind": "procedimento",
        "list_price": 100000, "max_discount_bp": 3000, "procedure_code": "HARMONIZACAO"
    }))
    .await;
    let product = item(json!({
        "sku": "CREME-FPS50", "name": "Protetor solar FPS 50", "kind": "produto",
        "list_price": 10000, "max_discount_bp": 1000
    }))
    .await;
    World {
        client: mine.id,
        other_client: other.id,
        procedure,
        product,
        api,
    }
}

impl World {
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.api.call(method, path, Some(token), body).await
    }

    /// A draft by `token`, asserted created.
    pub async fn draft(&self, token: &str, body: Value) -> Value {
        let (status, sale) = self.call("POST", SALES, token, Some(body)).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {sale}", self.api.engine());
        sale
    }

    /// The procedure once at `discount_bp`, paid by boleto in `n` installments from 10/12/2026.
    pub fn sale_body(&self, discount_bp: i64, n: i64) -> Value {
        json!({
            "client_id": self.client,
            "items": [{ "catalog_item_id": self.procedure, "quantity": 1, "discount_bp": discount_bp }],
            "payment_method": "boleto", "installment_count": n, "first_due_date": "2026-12-10"
        })
    }

    pub async fn confirm(&self, token: &str, sale: &Value) -> (StatusCode, Value) {
        let path = format!("{SALES}/{}/confirm", sale["id"].as_str().unwrap());
        self.call(
            "POST",
            &path,
            token,
            Some(json!({ "version": sale["version"] })),
        )
        .await
    }

    /// Registers a receipt of `cents` on a sale's installment (its first version), into the world's bank account
    /// (made by the first receipt).
    pub async fn receive(&self, installment_id: &str, cents: i64) {
        let finance = self.api.started.get::<Finance>().unwrap();
        let admin = person("ADMIN", Role::Admin);
        let existing = finance
            .bank_accounts()
            .list()
            .await
            .unwrap()
            .into_iter()
            .next();
        let bank = match existing {
            Some(bank) => bank,
            None => finance
                .bank_accounts()
                .create(
                    BankAccountDraft::opened(
                        "Conta de recebimentos",
                        "341",
                        "0912",
                        "45678",
                        "9",
                        d(2026, 1, 1),
                    ),
                    &admin,
                )
                .await
                .unwrap(),
        };
        finance
            .receivables()
            .register_receipt(
                installment_id,
                1,
                ReceiptDraft {
                    date: Some(d(2026, 12, 7)),
                    amount_cents: Some(cents),
                    bank_account_id: Some(bank.id),
                    method: Some("PIX".into()),
                    ..ReceiptDraft::default()
                },
                &admin,
            )
            .await
            .unwrap();
    }

    /// How many finance installments (títulos' parcelas) exist.
    pub async fn receivable_installments(&self) -> i64 {
        platform::on_db!(&self.api.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM finance_receivable_installments")
            .fetch_one(pool)
            .await)
        .unwrap()
    }
}

/// The fields a 422 names, in order.
pub fn fields(body: &Value) -> Vec<String> {
    body["fields"]
        .as_array()
        .map(|f| {
            f.iter()
                .map(|v| v["field"].as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}
