//! SQL for the sales (`sales_sales` and its items, split, installments and discount approvals), private to the
//! crate. Every statement runs on SQLite and PostgreSQL alike.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use platform::clock::business_date;
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db, on_tx};

use crate::domain::report::SoldLine;
use crate::domain::{
    ApprovalLevel, CatalogKind, DiscountApproval, Installment, Line, PaymentMethod, PaymentPlan,
    Sale, SaleFields, SaleStatus, Share,
};

type Result<T> = std::result::Result<T, sqlx::Error>;

const COLUMNS: &str = "id, number, client_id, client_name, opportunity_id, owner_id, team_id, status, price_date, \
     payment_method, card_installments, list_total, discount_total, total, max_discount_bp, approval_level, \
     receivable_id, version, created_at, created_by, updated_at, updated_by, confirmed_at, confirmed_by, \
     marketing_link_id";

#[derive(sqlx::FromRow)]
struct SaleRow {
    id: String,
    number: String,
    client_id: String,
    client_name: String,
    opportunity_id: Option<String>,
    owner_id: String,
    team_id: Option<String>,
    status: String,
    price_date: NaiveDate,
    payment_method: String,
    card_installments: i64,
    list_total: i64,
    discount_total: i64,
    total: i64,
    max_discount_bp: i64,
    approval_level: String,
    receivable_id: Option<String>,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
    updated_at: DateTime<Utc>,
    updated_by: String,
    confirmed_at: Option<DateTime<Utc>>,
    confirmed_by: Option<String>,
    marketing_link_id: Option<String>,
}

#[derive(sqlx::FromRow)]
struct ItemRow {
    sale_id: String,
    catalog_item_id: String,
    sku: String,
    description: String,
    kind: String,
    list_price: i64,
    unit_price: i64,
    campaign_id: Option<String>,
    quantity: i64,
    discount_bp: i64,
    discount: i64,
    total: i64,
}

#[derive(sqlx::FromRow)]
struct ShareRow {
    sale_id: String,
    user_id: String,
    share_bp: i64,
}

#[derive(sqlx::FromRow)]
struct InstallmentRow {
    sale_id: String,
    due_date: NaiveDate,
    amount: i64,
}

#[derive(sqlx::FromRow)]
struct ApprovalRow {
    id: String,
    sale_id: String,
    level: String,
    value_bp: i64,
    approver_id: String,
    approver_role: String,
    approver_limit_bp: Option<i64>,
    decision: String,
    reason: Option<String>,
    decided_at: DateTime<Utc>,
}

impl SaleRow {
    /// Stored rows were validated on the way in: nothing is checked again.
    fn into_sale(
        self,
        lines: Vec<Line>,
        split: Vec<Share>,
        installments: Vec<Installment>,
        approvals: Vec<DiscountApproval>,
    ) -> Sale {
        Sale {
            id: self.id,
            number: self.number,
            client_name: self.client_name,
            owner_id: self.owner_id,
            team_id: self.team_id,
            status: SaleStatus::parse(&self.status).unwrap_or(SaleStatus::Draft),
            price_date: self.price_date,
            fields: SaleFields {
                client_id: self.client_id,
                opportunity_id: self.opportunity_id,
                lines,
                split,
                plan: PaymentPlan {
                    method: PaymentMethod::parse(&self.payment_method)
                        .unwrap_or(PaymentMethod::Pix),
                    card_installments: self.card_installments,
                    installments,
                },
                list_total: self.list_total,
                discount_total: self.discount_total,
                total: self.total,
                max_discount_bp: self.max_discount_bp,
            },
            approval_level: ApprovalLevel::parse(&self.approval_level)
                .unwrap_or(ApprovalLevel::Salesperson),
            approvals,
            receivable_id: self.receivable_id,
            version: self.version,
            created_at: self.created_at,
            created_by: self.created_by,
            updated_at: self.updated_at,
            updated_by: self.updated_by,
            confirmed_at: self.confirmed_at,
            confirmed_by: self.confirmed_by,
            marketing_link_id: self.marketing_link_id,
        }
    }
}

pub async fn insert(tx: &mut Tx, sale: &Sale) -> Result<()> {
    let sql = format!(
        "INSERT INTO sales_sales ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, \
         $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25)"
    );
    let f = &sale.fields;
    on_tx!(tx, conn => sqlx::query(&sql)
        .bind(&sale.id)
        .bind(&sale.number)
        .bind(&f.client_id)
        .bind(&sale.client_name)
        .bind(&f.opportunity_id)
        .bind(&sale.owner_id)
        .bind(&sale.team_id)
        .bind(sale.status.as_str())
        .bind(sale.price_date)
        .bind(f.plan.method.as_str())
        .bind(f.plan.card_installments)
        .bind(f.list_total)
        .bind(f.discount_total)
        .bind(f.total)
        .bind(f.max_discount_bp)
        .bind(sale.approval_level.as_str())
        .bind(&sale.receivable_id)
        .bind(sale.version)
        .bind(sale.created_at)
        .bind(&sale.created_by)
        .bind(sale.updated_at)
        .bind(&sale.updated_by)
        .bind(sale.confirmed_at)
        .bind(&sale.confirmed_by)
        .bind(&sale.marketing_link_id)
        .execute(&mut *conn).await.map(|_| ()))?;
    insert_children(tx, sale).await
}

/// The items, split and installments of `sale` (after deleting the old ones on an update).
async fn insert_children(tx: &mut Tx, sale: &Sale) -> Result<()> {
    let f = &sale.fields;
    for (i, l) in f.lines.iter().enumerate() {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO sales_sale_items (sale_id, seq, catalog_item_id, sku, description, kind, list_price, \
             unit_price, campaign_id, quantity, discount_bp, discount, total) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)")
            .bind(&sale.id)
            .bind(i as i64 + 1)
            .bind(&l.catalog_item_id)
            .bind(&l.sku)
            .bind(&l.description)
            .bind(l.kind.as_str())
            .bind(l.list_price)
            .bind(l.unit_price)
            .bind(&l.campaign_id)
            .bind(l.quantity)
            .bind(l.discount_bp)
            .bind(l.discount)
            .bind(l.total)
            .execute(&mut *conn).await.map(|_| ()))?;
    }
    for s in &f.split {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO sales_sale_splits (sale_id, user_id, share_bp) VALUES ($1, $2, $3)")
            .bind(&sale.id)
            .bind(&s.user_id)
            .bind(s.share_bp)
            .execute(&mut *conn).await.map(|_| ()))?;
    }
    for (i, p) in f.plan.installments.iter().enumerate() {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO sales_sale_installments (sale_id, seq, due_date, amount) VALUES ($1, $2, $3, $4)")
            .bind(&sale.id)
            .bind(i as i64 + 1)
            .bind(p.due_date)
            .bind(p.amount)
            .execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

/// Replaces a draft's contents if its stored version is still `expected` and it is still a draft (bumping the
/// version); false when someone wrote first or it left the draft state.
pub async fn update_draft(tx: &mut Tx, sale: &Sale, expected: i64) -> Result<bool> {
    let f = &sale.fields;
    let sql = "UPDATE sales_sales SET client_id = $1, client_name = $2, opportunity_id = $3, price_date = $4, \
               payment_method = $5, card_installments = $6, list_total = $7, discount_total = $8, total = $9, \
               max_discount_bp = $10, approval_level = $11, version = version + 1, updated_at = $12, \
               updated_by = $13 WHERE id = $14 AND version = $15 AND status = 'rascunho'";
    let done = on_tx!(tx, conn => sqlx::query(sql)
        .bind(&f.client_id)
        .bind(&sale.client_name)
        .bind(&f.opportunity_id)
        .bind(sale.price_date)
        .bind(f.plan.method.as_str())
        .bind(f.plan.card_installments)
        .bind(f.list_total)
        .bind(f.discount_total)
        .bind(f.total)
        .bind(f.max_discount_bp)
        .bind(sale.approval_level.as_str())
        .bind(sale.updated_at)
        .bind(&sale.updated_by)
        .bind(&sale.id)
        .bind(expected)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))?;
    if !done {
        return Ok(false);
    }
    for table in [
        "sales_sale_items",
        "sales_sale_splits",
        "sales_sale_installments",
    ] {
        let sql = format!("DELETE FROM {table} WHERE sale_id = $1");
        on_tx!(tx, conn => sqlx::query(&sql).bind(&sale.id).execute(&mut *conn).await.map(|_| ()))?;
    }
    insert_children(tx, sale).await?;
    Ok(true)
}

/// Moves the sale from `from` to `to` if its version is still `expected` (bumping it); false otherwise. The
/// first writer wins: a second confirmation racing it finds the version moved on.
#[allow(clippy::too_many_arguments)]
pub async fn transition(
    tx: &mut Tx,
    id: &str,
    expected: i64,
    from: SaleStatus,
    to: SaleStatus,
    level: ApprovalLevel,
    at: DateTime<Utc>,
    by: &str,
) -> Result<bool> {
    let confirmed = to == SaleStatus::Confirmed;
    let sql = "UPDATE sales_sales SET status = $1, approval_level = $2, version = version + 1, updated_at = $3, \
               updated_by = $4, confirmed_at = CASE WHEN $5 THEN $3 ELSE confirmed_at END, \
               confirmed_by = CASE WHEN $5 THEN $4 ELSE confirmed_by END \
               WHERE id = $6 AND version = $7 AND status = $8";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(to.as_str())
        .bind(level.as_str())
        .bind(at)
        .bind(by)
        .bind(confirmed)
        .bind(id)
        .bind(expected)
        .bind(from.as_str())
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

/// The marketing link the confirmed sale came through (its opportunity's first touch).
pub async fn set_marketing_link(tx: &mut Tx, id: &str, link_id: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE sales_sales SET marketing_link_id = $1 WHERE id = $2")
        .bind(link_id)
        .bind(id)
        .execute(&mut *conn).await.map(|_| ()))
}

/// Every sale sold through a marketing link (confirmed and not cancelled since): its link, value and título.
pub async fn sold_through_links(db: &Db) -> Result<Vec<(String, i64, Option<String>)>> {
    let mut w = Conditions::new();
    let sold = w.list(SaleStatus::SOLD.iter().map(|s| s.as_str().to_string()));
    let sql = format!(
        "SELECT marketing_link_id, total, receivable_id FROM sales_sales \
         WHERE marketing_link_id IS NOT NULL AND status IN ({sold})"
    );
    let rows: Vec<(String, i64, Option<String>)> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows)
}

pub async fn set_receivable(tx: &mut Tx, id: &str, receivable_id: &str) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE sales_sales SET receivable_id = $1 WHERE id = $2")
        .bind(receivable_id)
        .bind(id)
        .execute(&mut *conn).await.map(|_| ()))
}

/// Raises the level a waiting sale needs (a manager found the discount above their limit): outside any
/// version check, it changes nothing the person edits.
pub async fn escalate(db: &Db, id: &str, level: ApprovalLevel) -> Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE sales_sales SET approval_level = $1 WHERE id = $2 AND status = 'aguardando_aprovacao'")
        .bind(level.as_str())
        .bind(id)
        .execute(pool).await.map(|_| ()))
}

pub async fn insert_approval(tx: &mut Tx, sale_id: &str, a: &DiscountApproval) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO sales_discount_approvals (id, sale_id, level, value_bp, approver_id, approver_role, \
         approver_limit_bp, decision, reason, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)")
        .bind(&a.id)
        .bind(sale_id)
        .bind(a.level.as_str())
        .bind(a.value_bp)
        .bind(&a.approver_id)
        .bind(&a.approver_role)
        .bind(a.approver_limit_bp)
        .bind(if a.approved { "aprovado" } else { "rejeitado" })
        .bind(&a.reason)
        .bind(a.decided_at)
        .execute(&mut *conn).await.map(|_| ()))
}

/// The sale's finance título, once confirmed.
pub async fn receivable_of(db: &Db, id: &str) -> Result<Option<String>> {
    let found: Option<Option<String>> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT receivable_id FROM sales_sales WHERE id = $1")
        .bind(id)
        .fetch_optional(pool).await)?;
    Ok(found.flatten())
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Sale>> {
    let sql = format!("SELECT {COLUMNS} FROM sales_sales WHERE id = $1");
    let row: Option<SaleRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    match row {
        None => Ok(None),
        Some(row) => Ok(complete(db, vec![row]).await?.pop()),
    }
}

/// The rows with their items, split, installments and approvals (one query per child table).
async fn complete(db: &Db, rows: Vec<SaleRow>) -> Result<Vec<Sale>> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let mut w = Conditions::new();
    let ids: Vec<String> = rows.iter().map(|r| r.id.clone()).collect();
    let placeholders: Vec<String> = ids
        .iter()
        .map(|id| w.arg(SqlArg::Text(id.clone())))
        .collect();
    let within = format!("sale_id IN ({})", placeholders.join(", "));
    let args = w.args();
    let items_sql = format!(
        "SELECT sale_id, catalog_item_id, sku, description, kind, list_price, unit_price, campaign_id, quantity, \
         discount_bp, discount, total FROM sales_sale_items WHERE {within} ORDER BY sale_id, seq"
    );
    let items: Vec<ItemRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&items_sql), args).fetch_all(pool).await)?;
    let split_sql = format!(
        "SELECT sale_id, user_id, share_bp FROM sales_sale_splits WHERE {within} ORDER BY sale_id, share_bp DESC, user_id"
    );
    let shares: Vec<ShareRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&split_sql), args).fetch_all(pool).await)?;
    let plan_sql = format!(
        "SELECT sale_id, due_date, amount FROM sales_sale_installments WHERE {within} ORDER BY sale_id, seq"
    );
    let plan: Vec<InstallmentRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&plan_sql), args).fetch_all(pool).await)?;
    let approvals_sql = format!(
        "SELECT id, sale_id, level, value_bp, approver_id, approver_role, approver_limit_bp, decision, reason, \
         decided_at FROM sales_discount_approvals WHERE {within} ORDER BY sale_id, decided_at, id"
    );
    let approvals: Vec<ApprovalRow> = on_db!(db, pool =>
        bind_sql_args!(sqlx::query_as(&approvals_sql), args).fetch_all(pool).await)?;
    let mut lines: HashMap<String, Vec<Line>> = HashMap::new();
    for r in items {
        lines.entry(r.sale_id).or_default().push(Line {
            catalog_item_id: r.catalog_item_id,
            sku: r.sku,
            description: r.description,
            kind: CatalogKind::parse(&r.kind).unwrap_or(CatalogKind::Product),
            list_price: r.list_price,
            unit_price: r.unit_price,
            campaign_id: r.campaign_id,
            quantity: r.quantity,
            discount_bp: r.discount_bp,
            discount: r.discount,
            total: r.total,
        });
    }
    let mut split: HashMap<String, Vec<Share>> = HashMap::new();
    for r in shares {
        split.entry(r.sale_id).or_default().push(Share {
            user_id: r.user_id,
            share_bp: r.share_bp,
        });
    }
    let mut installments: HashMap<String, Vec<Installment>> = HashMap::new();
    for r in plan {
        installments
            .entry(r.sale_id)
            .or_default()
            .push(Installment {
                due_date: r.due_date,
                amount: r.amount,
            });
    }
    let mut decided: HashMap<String, Vec<DiscountApproval>> = HashMap::new();
    for r in approvals {
        decided
            .entry(r.sale_id)
            .or_default()
            .push(DiscountApproval {
                id: r.id,
                level: ApprovalLevel::parse(&r.level).unwrap_or(ApprovalLevel::Manager),
                value_bp: r.value_bp,
                approver_id: r.approver_id,
                approver_role: r.approver_role,
                approver_limit_bp: r.approver_limit_bp,
                approved: r.decision == "aprovado",
                reason: r.reason,
                decided_at: r.decided_at,
            });
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let id = row.id.clone();
            row.into_sale(
                lines.remove(&id).unwrap_or_default(),
                split.remove(&id).unwrap_or_default(),
                installments.remove(&id).unwrap_or_default(),
                decided.remove(&id).unwrap_or_default(),
            )
        })
        .collect())
}

/// Whose sales a list reads: everyone's, or those owned by / split with these users or of these teams.
#[derive(Debug, Clone, Default)]
pub struct SaleFilter {
    /// `None`: every sale.
    pub users: Option<Vec<String>>,
    pub teams: Vec<String>,
    pub status: Option<SaleStatus>,
    pub client_id: Option<String>,
    /// Only the sales still in hand ([`SaleStatus::OPEN`]).
    pub open_only: bool,
}

/// One page, newest first, fetching one more row to tell whether another page follows.
pub async fn list(
    db: &Db,
    filter: &SaleFilter,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Sale>, bool)> {
    let mut w = Conditions::new();
    if let Some(users) = &filter.users {
        let mut reach = Vec::new();
        if !users.is_empty() {
            let owners: Vec<String> = users
                .iter()
                .map(|u| w.arg(SqlArg::Text(u.clone())))
                .collect();
            let owners = owners.join(", ");
            reach.push(format!("owner_id IN ({owners})"));
            reach.push(format!(
                "id IN (SELECT sale_id FROM sales_sale_splits WHERE user_id IN ({owners}))"
            ));
        }
        if !filter.teams.is_empty() {
            let teams: Vec<String> = filter
                .teams
                .iter()
                .map(|t| w.arg(SqlArg::Text(t.clone())))
                .collect();
            reach.push(format!("team_id IN ({})", teams.join(", ")));
        }
        if reach.is_empty() {
            w.push("1 = 0");
        } else {
            w.push(format!("({})", reach.join(" OR ")));
        }
    }
    if let Some(status) = filter.status {
        let p = w.arg(SqlArg::Text(status.as_str().to_string()));
        w.push(format!("status = {p}"));
    }
    if let Some(c) = filter.client_id.as_deref().filter(|c| !c.is_empty()) {
        let p = w.arg(SqlArg::Text(c.to_string()));
        w.push(format!("client_id = {p}"));
    }
    if filter.open_only {
        let open = w.list(SaleStatus::OPEN.iter().map(|s| s.as_str().to_string()));
        w.push(format!("status IN ({open})"));
    }
    let sql = format!(
        "SELECT {COLUMNS} FROM sales_sales WHERE {} ORDER BY created_at DESC, id DESC LIMIT {} OFFSET {}",
        w.sql(),
        limit.max(0) + 1,
        offset.max(0)
    );
    let args = w.args();
    let mut rows: Vec<SaleRow> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), args).fetch_all(pool).await)?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((complete(db, rows).await?, more))
}

/// Whose sold month is read: one person (their share of each sale they are in the split of) or the sales of
/// some teams (`None`: every sale).
pub enum SoldBy<'a> {
    Person(&'a str),
    Teams(Option<&'a [String]>),
}

/// The value (centavos) and number of sales sold between two instants (confirmed in it and not cancelled since).
pub async fn sold_between(
    db: &Db,
    by: SoldBy<'_>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<(i64, i64)> {
    let mut w = Conditions::new();
    let sold = w.list(SaleStatus::SOLD.iter().map(|s| s.as_str().to_string()));
    w.push(format!("s.status IN ({sold})"));
    let from = w.arg(SqlArg::Time(from));
    let to = w.arg(SqlArg::Time(to));
    w.push(format!(
        "s.confirmed_at >= {from} AND s.confirmed_at < {to}"
    ));
    // A person's value is their share of each sale, rounded down per sale (the split's basis points).
    let (value, join) = match by {
        SoldBy::Person(uid) => {
            let uid = w.arg(SqlArg::Text(uid.to_string()));
            (
                "s.total * sp.share_bp / 10000",
                format!("JOIN sales_sale_splits sp ON sp.sale_id = s.id AND sp.user_id = {uid}"),
            )
        }
        SoldBy::Teams(teams) => {
            if let Some(teams) = teams {
                let teams = w.list(teams.iter().cloned());
                w.push(format!("s.team_id IN ({teams})"));
            }
            ("s.total", String::new())
        }
    };
    let sql = format!(
        "SELECT CAST(COALESCE(SUM({value}), 0) AS BIGINT), COUNT(*) FROM sales_sales s {join} WHERE {}",
        w.sql()
    );
    let args = w.args();
    on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), args).fetch_one(pool).await)
}

/// Which sold lines a report reads: confirmed in `[from, to)`, of these teams (`None`: any), of one team and of one
/// kind of item when given.
pub struct LineFilter {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub teams: Option<Vec<String>>,
    pub team_id: Option<String>,
    /// The teams of one unit (`None`: any unit); an empty list matches nothing.
    pub unit_teams: Option<Vec<String>>,
    pub kind: Option<CatalogKind>,
}

/// The lines of the sales confirmed in the period that were sold or cancelled since, each with its sale's state,
/// total, receivable and confirmation instant.
pub async fn sold_lines(db: &Db, filter: &LineFilter) -> Result<Vec<(SoldLine, Option<String>)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        sale_id: String,
        status: String,
        sale_total: i64,
        receivable_id: Option<String>,
        confirmed_at: DateTime<Utc>,
        catalog_item_id: String,
        sku: String,
        description: String,
        kind: String,
        list_price: i64,
        quantity: i64,
        total: i64,
    }
    let mut w = Conditions::new();
    let states = SaleStatus::SOLD
        .iter()
        .chain([&SaleStatus::Cancelled])
        .map(|s| s.as_str().to_string());
    let states = w.list(states);
    w.push(format!("s.status IN ({states})"));
    let from = w.arg(SqlArg::Time(filter.from));
    let to = w.arg(SqlArg::Time(filter.to));
    w.push(format!(
        "s.confirmed_at >= {from} AND s.confirmed_at < {to}"
    ));
    if let Some(teams) = &filter.teams {
        let teams = w.list(teams.iter().cloned());
        w.push(format!("s.team_id IN ({teams})"));
    }
    if let Some(team) = &filter.team_id {
        let team = w.arg(SqlArg::Text(team.clone()));
        w.push(format!("s.team_id = {team}"));
    }
    match &filter.unit_teams {
        Some(teams) if teams.is_empty() => w.push("1 = 0".to_string()),
        Some(teams) => {
            let teams = w.list(teams.iter().cloned());
            w.push(format!("s.team_id IN ({teams})"));
        }
        None => {}
    }
    if let Some(kind) = filter.kind {
        let kind = w.arg(SqlArg::Text(kind.as_str().to_string()));
        w.push(format!("i.kind = {kind}"));
    }
    let sql = format!(
        "SELECT s.id AS sale_id, s.status, s.total AS sale_total, s.receivable_id, s.confirmed_at, \
         i.catalog_item_id, i.sku, i.description, i.kind, i.list_price, i.quantity, i.total \
         FROM sales_sales s JOIN sales_sale_items i ON i.sale_id = s.id WHERE {} ORDER BY s.id, i.seq",
        w.sql()
    );
    let args = w.args();
    let rows: Vec<Row> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), args).fetch_all(pool).await)?;
    // Only valid values were written (the query keeps the sold and cancelled states).
    Ok(rows
        .into_iter()
        .map(|r| {
            let line = SoldLine {
                sale_id: r.sale_id,
                sale_status: SaleStatus::parse(&r.status).unwrap_or(SaleStatus::Confirmed),
                sale_total: r.sale_total,
                confirmed_on: business_date(r.confirmed_at),
                catalog_item_id: r.catalog_item_id,
                sku: r.sku,
                description: r.description,
                kind: CatalogKind::parse(&r.kind).unwrap_or(CatalogKind::Product),
                list_price: r.list_price,
                quantity: r.quantity,
                total: r.total,
            };
            (line, r.receivable_id)
        })
        .collect())
}

pub async fn count(db: &Db) -> Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM sales_sales").fetch_one(pool).await)
}
