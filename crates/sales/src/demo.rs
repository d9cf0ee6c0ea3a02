//! Demo data: a clinic network's catalog of about thirty items — procedures named by the stock demo's
//! procedure codes (`TOXINA-BOT`, `LIMPEZA-PELE`, `PREENCH-LABIAL`, `PEELING-QUIMICO`…), products linked to
//! the stock demo's materials for sale (`CRE-…`), monthly, quarterly and yearly plans (`PLANO-ANUAL` and
//! `AVALIACAO` carry the CRM demo's Black Friday prices) — made through the service (history included).
//! Loading it again adds nothing.

use platform::context::Demo;
use platform::error::Result;
use platform::{Principal, Role};

use crate::domain::CatalogDraft;
use crate::service::Catalog;

/// (code, name, category, list price, max discount bp, recurring cycle with minimum term, release)
type Procedure = (
    &'static str,
    &'static str,
    &'static str,
    i64,
    i64,
    Option<(&'static str, i64)>,
    &'static str,
);

const PROCEDURES: [Procedure; 16] = [
    (
        "TOXINA-BOT",
        "Toxina botulínica (3 regiões)",
        "Injetáveis",
        150_000,
        1_500,
        None,
        "primeira_parcela",
    ),
    (
        "LIMPEZA-PELE",
        "Limpeza de pele profunda",
        "Facial",
        25_000,
        2_000,
        None,
        "primeira_parcela",
    ),
    (
        "PREENCH-LABIAL",
        "Preenchimento labial (1 ml)",
        "Injetáveis",
        180_000,
        1_000,
        None,
        "pagamento_total",
    ),
    (
        "PEELING-QUIMICO",
        "Peeling químico",
        "Facial",
        45_000,
        1_500,
        None,
        "primeira_parcela",
    ),
    (
        "AVALIACAO",
        "Avaliação estética",
        "Consultas",
        15_000,
        5_000,
        None,
        "primeira_parcela",
    ),
    (
        "BIOESTIMULADOR",
        "Bioestimulador de colágeno",
        "Injetáveis",
        280_000,
        1_000,
        None,
        "pagamento_total",
    ),
    (
        "PREENCH-OLHEIRAS",
        "Preenchimento de olheiras",
        "Injetáveis",
        190_000,
        1_000,
        None,
        "pagamento_total",
    ),
    (
        "SKINBOOSTER",
        "Skinbooster",
        "Injetáveis",
        160_000,
        1_000,
        None,
        "primeira_parcela",
    ),
    (
        "FIOS-PDO",
        "Fios de PDO (sustentação)",
        "Injetáveis",
        350_000,
        800,
        None,
        "pagamento_total",
    ),
    (
        "MICROAGULHAMENTO",
        "Microagulhamento",
        "Facial",
        60_000,
        1_500,
        None,
        "primeira_parcela",
    ),
    (
        "LASER-CO2",
        "Laser CO2 fracionado",
        "Tecnologias",
        120_000,
        1_000,
        None,
        "primeira_parcela",
    ),
    (
        "HIDRATACAO-FACIAL",
        "Hidratação facial",
        "Facial",
        18_000,
        2_000,
        None,
        "primeira_parcela",
    ),
    (
        "CRIOLIPOLISE",
        "Criolipólise (1 aplicador)",
        "Corporal",
        90_000,
        1_500,
        None,
        "primeira_parcela",
    ),
    (
        "RADIOFREQUENCIA",
        "Radiofrequência corporal",
        "Corporal",
        30_000,
        2_000,
        None,
        "primeira_parcela",
    ),
    (
        "DRENAGEM",
        "Drenagem linfática (pacote mensal)",
        "Corporal",
        40_000,
        1_000,
        Some(("mensal", 3)),
        "primeira_parcela",
    ),
    (
        "DEPILACAO-LASER",
        "Depilação a laser (sessão mensal)",
        "Tecnologias",
        35_000,
        1_000,
        Some(("mensal", 6)),
        "primeira_parcela",
    ),
];

/// (sku, name, cycle, minimum term, list price)
const PLANS: [(&str, &str, &str, i64, i64); 5] = [
    (
        "PLANO-MENSAL",
        "Plano Essencial mensal",
        "mensal",
        12,
        19_900,
    ),
    ("PLANO-ANUAL", "Plano Essencial anual", "anual", 1, 199_900),
    (
        "PLANO-TRIMESTRAL",
        "Plano Pele trimestral",
        "trimestral",
        4,
        54_900,
    ),
    (
        "PLANO-FACIAL",
        "Plano Manutenção facial",
        "mensal",
        6,
        29_900,
    ),
    ("PLANO-CORPORAL", "Plano Corpo em dia", "mensal", 6, 34_900),
];

/// Products with no stock material yet (stock fills the link in later).
const LOOSE_PRODUCTS: [(&str, &str, i64); 3] = [
    ("PROTETOR-FPS50", "Protetor solar FPS 50", 8_900),
    ("SERUM-VITC", "Sérum vitamina C", 12_900),
    ("KIT-POS", "Kit pós-procedimento", 15_900),
];

/// How many demo products come from the stock demo's materials for sale.
const LINKED_PRODUCTS: usize = 5;

fn principal(uid: &str) -> Principal {
    Principal {
        uid: uid.to_string(),
        email: String::new(),
        name: "demo".into(),
        role: Some(Role::Admin),
        flags: Default::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

pub async fn seed(catalog: &Catalog, demo: &Demo) -> Result<Vec<String>> {
    if catalog.count().await? > 0 {
        return Ok(vec![
            "Catálogo de vendas: itens de demonstração já existiam.".into(),
        ]);
    }
    let uid = demo
        .user(Role::Admin)
        .map(|u| u.uid.clone())
        .unwrap_or_else(|| "demo".into());
    let by = principal(&uid);
    let mut created = 0;
    for (code, name, category, price, discount, recurrence, release) in PROCEDURES {
        let draft = CatalogDraft {
            sku: Some(code.into()),
            name: Some(name.into()),
            kind: Some("procedimento".into()),
            category: Some(category.into()),
            list_price: Some(price),
            recurring: Some(recurrence.is_some()),
            cycle: recurrence.map(|(c, _)| c.to_string()),
            min_term_cycles: recurrence.map(|(_, n)| n),
            commissionable: Some(true),
            max_discount_bp: Some(discount),
            procedure_code: Some(code.into()),
            release_condition: Some(release.into()),
            ..CatalogDraft::default()
        };
        catalog.create(draft, &by).await?;
        created += 1;
    }
    for (sku, name, cycle, term, price) in PLANS {
        let draft = CatalogDraft {
            sku: Some(sku.into()),
            name: Some(name.into()),
            kind: Some("plano".into()),
            category: Some("Planos".into()),
            list_price: Some(price),
            recurring: Some(true),
            cycle: Some(cycle.into()),
            min_term_cycles: Some(term),
            commissionable: Some(true),
            max_discount_bp: Some(1_000),
            ..CatalogDraft::default()
        };
        catalog.create(draft, &by).await?;
        created += 1;
    }
    // The stock demo's materials for sale (`CRE-001`…), when stock has its demo data.
    let materials = catalog.demo_materials_for_sale(LINKED_PRODUCTS).await?;
    for (i, (material_id, material_name)) in materials.into_iter().enumerate() {
        let draft = CatalogDraft {
            sku: Some(format!("PROD-CRE-{:03}", i + 1)),
            name: Some(material_name),
            kind: Some("produto".into()),
            category: Some("Dermocosméticos".into()),
            list_price: Some(9_900 + 1_000 * i as i64),
            commissionable: Some(i % 2 == 0),
            max_discount_bp: Some(500),
            stock_material_id: Some(material_id),
            release_condition: Some("pagamento_total".into()),
            ..CatalogDraft::default()
        };
        catalog.create(draft, &by).await?;
        created += 1;
    }
    for (sku, name, price) in LOOSE_PRODUCTS {
        let draft = CatalogDraft {
            sku: Some(sku.into()),
            name: Some(name.into()),
            kind: Some("produto".into()),
            category: Some("Dermocosméticos".into()),
            list_price: Some(price),
            commissionable: Some(false),
            max_discount_bp: Some(500),
            release_condition: Some("pagamento_total".into()),
            ..CatalogDraft::default()
        };
        catalog.create(draft, &by).await?;
        created += 1;
    }
    // One item out of sale, so the list's "inativos" filter shows something.
    let old = catalog
        .create(
            CatalogDraft {
                sku: Some("MASSAGEM-RELAX".into()),
                name: Some("Massagem relaxante (descontinuada)".into()),
                kind: Some("procedimento".into()),
                category: Some("Corporal".into()),
                list_price: Some(20_000),
                procedure_code: Some("MASSAGEM-RELAX".into()),
                ..CatalogDraft::default()
            },
            &by,
        )
        .await?;
    catalog.deactivate(&old.id, old.version, &by).await?;
    created += 1;
    Ok(vec![format!(
        "Catálogo de vendas: {created} itens de demonstração criados (procedimentos, produtos e planos)."
    )])
}

/// A sale of the demo: (catalog SKU, quantity, discount bp) lines, method, installments, and whether it is
/// confirmed (else left a draft).
type DemoSale = (&'static [(&'static str, i64, i64)], &'static str, i64, bool);

const DEMO_SALES: [DemoSale; 9] = [
    (&[("TOXINA-BOT", 1, 500)], "boleto", 3, true),
    (
        &[("LIMPEZA-PELE", 2, 0), ("PEELING-QUIMICO", 1, 0)],
        "pix",
        1,
        true,
    ),
    (&[("PREENCH-LABIAL", 1, 0)], "cartao", 6, true),
    (&[("BIOESTIMULADOR", 1, 300)], "boleto", 4, true),
    (
        &[("AVALIACAO", 1, 0), ("TOXINA-BOT", 1, 0)],
        "cartao",
        2,
        true,
    ),
    (&[("PEELING-QUIMICO", 3, 500)], "boleto", 2, true),
    (&[("TOXINA-BOT", 2, 0)], "pix", 2, false),
    (&[("LIMPEZA-PELE", 1, 0)], "boleto", 1, false),
    // 12 % is above the salesperson's 5 %: it waits for the manager.
    (&[("TOXINA-BOT", 1, 1_200)], "boleto", 2, true),
];

/// A handful of sales by the demo salespeople to their own clients: confirmed ones (their receivables created in
/// finance, first due in a week), drafts and one discount waiting for the manager, made through the service. Loading it again adds nothing; without
/// demo salespeople, clients or catalog (a context's own tests) it makes none.
pub async fn seed_sales(
    catalog: &Catalog,
    sales: &crate::service::SalesBook,
    demo: &mut Demo,
) -> Result<Vec<String>> {
    if sales.count().await? > 0 {
        return Ok(Vec::new());
    }
    let (items, _) = catalog
        .list(
            &crate::store::CatalogFilter {
                active: Some(true),
                ..Default::default()
            },
            200,
            0,
        )
        .await?;
    let sku = |s: &str| {
        items
            .iter()
            .find(|i| i.fields.sku == s)
            .map(|i| i.id.clone())
    };
    let sellers: Vec<String> = demo
        .users
        .iter()
        .filter(|u| u.role == Role::Salesperson)
        .map(|u| u.uid.clone())
        .take(2)
        .collect();
    let first_due = sales.today() + chrono::Duration::days(7);
    let (mut confirmed, mut drafts, mut waiting) = (0, 0, 0);
    for (n, seller) in sellers.iter().enumerate() {
        let mut by = principal(seller);
        by.role = Some(Role::Salesperson);
        let clients = sales.demo_clients(seller, 4).await?;
        if clients.is_empty() {
            continue;
        }
        for (k, (lines, method, installments, confirm)) in DEMO_SALES.iter().enumerate() {
            // The first seller makes every sale; the second, every other one.
            if n == 1 && k % 2 == 1 {
                continue;
            }
            let Some(items) = lines
                .iter()
                .map(|(s, q, d)| {
                    sku(s).map(|id| crate::domain::LineDraft {
                        catalog_item_id: Some(id),
                        quantity: Some(*q),
                        discount_bp: Some(*d),
                    })
                })
                .collect::<Option<Vec<_>>>()
            else {
                continue;
            };
            let card = *method == "cartao";
            let draft = crate::domain::SaleDraft {
                client_id: Some(clients[k % clients.len()].clone()),
                items,
                payment_method: Some(method.to_string()),
                card_installments: card.then_some(*installments),
                installment_count: (!card).then_some(*installments),
                first_due_date: Some(first_due),
                ..Default::default()
            };
            let sale = sales.create(&by, draft).await?;
            if *confirm {
                let done = sales.confirm(&by, &sale.id, sale.version).await?;
                if done.sale.status == crate::domain::SaleStatus::Confirmed {
                    confirmed += 1;
                } else {
                    waiting += 1;
                }
            } else {
                drafts += 1;
            }
        }
    }
    if confirmed + drafts + waiting == 0 {
        return Ok(Vec::new());
    }
    Ok(vec![format!(
        "Vendas: {confirmed} confirmadas (com seus títulos a receber), {waiting} aguardando aprovação de desconto \
         e {drafts} rascunhos de demonstração."
    )])
}
