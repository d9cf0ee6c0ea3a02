//! SQL for the campaign room (`/blackfriday`) and the sales dashboard (`/dashboard`): the sold sales with their
//! split, private to the crate. Runs on SQLite and PostgreSQL alike.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use platform::db::Db;
use platform::sql::{Conditions, SqlArg};
use platform::{bind_sql_args, on_db};

use crate::domain::campaign_room::RoomSale;
use crate::domain::SaleStatus;

type Result<T> = std::result::Result<T, sqlx::Error>;

/// The sales confirmed in `[from, to)`, not cancelled since, with at least one line sold at `campaign_id`'s price,
/// each with its split. Newest first. Only the fields the room shows are read: nothing of the client.
pub async fn campaign_sales(
    db: &Db,
    campaign_id: &str,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Result<Vec<RoomSale>> {
    let filter = SoldSales {
        from,
        to,
        campaign_id: Some(campaign_id),
        teams: None,
        person: None,
    };
    sold_sales(db, &filter).await
}

/// Which sold sales to read: confirmed in `[from, to)` and not cancelled since; with a line at a campaign's price
/// when `campaign_id` is given; of some teams when `teams` is (the team of the sale; an empty list matches none);
/// with `person` in the split when given.
pub struct SoldSales<'a> {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub campaign_id: Option<&'a str>,
    pub teams: Option<&'a [String]>,
    /// Only the sales this person is in the split of.
    pub person: Option<&'a str>,
}

/// The sold sales the filter keeps, each with its split (the campaign room's and the dashboard's one read), newest
/// first. `item` is the first line at the campaign's price (empty without a campaign).
pub async fn sold_sales(db: &Db, filter: &SoldSales<'_>) -> Result<Vec<RoomSale>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        sale_id: String,
        owner_id: String,
        team_id: Option<String>,
        total: i64,
        confirmed_at: DateTime<Utc>,
        item: Option<String>,
        user_id: String,
        share_bp: i64,
    }
    let mut w = Conditions::new();
    let item = match filter.campaign_id {
        Some(campaign_id) => {
            let item_campaign = w.arg(SqlArg::Text(campaign_id.to_string()));
            format!(
                "(SELECT i.description FROM sales_sale_items i WHERE i.sale_id = s.id \
                 AND i.campaign_id = {item_campaign} ORDER BY i.seq LIMIT 1)"
            )
        }
        None => "CAST(NULL AS TEXT)".to_string(),
    };
    let sold = w.list(SaleStatus::SOLD.iter().map(|s| s.as_str().to_string()));
    w.push(format!("s.status IN ({sold})"));
    let from = w.arg(SqlArg::Time(filter.from));
    let to = w.arg(SqlArg::Time(filter.to));
    w.push(format!(
        "s.confirmed_at >= {from} AND s.confirmed_at < {to}"
    ));
    if let Some(campaign_id) = filter.campaign_id {
        let campaign = w.arg(SqlArg::Text(campaign_id.to_string()));
        w.push(format!(
            "EXISTS (SELECT 1 FROM sales_sale_items c WHERE c.sale_id = s.id AND c.campaign_id = {campaign})"
        ));
    }
    match filter.teams {
        Some([]) => w.push("1 = 0".to_string()),
        Some(teams) => {
            let teams = w.list(teams.iter().cloned());
            w.push(format!("s.team_id IN ({teams})"));
        }
        None => {}
    }
    if let Some(uid) = filter.person {
        let uid = w.arg(SqlArg::Text(uid.to_string()));
        w.push(format!(
            "s.id IN (SELECT o.sale_id FROM sales_sale_splits o WHERE o.user_id = {uid})"
        ));
    }
    let sql = format!(
        "SELECT s.id AS sale_id, s.owner_id, s.team_id, s.total, s.confirmed_at, {item} AS item, \
         sp.user_id, sp.share_bp \
         FROM sales_sales s JOIN sales_sale_splits sp ON sp.sale_id = s.id \
         WHERE {} ORDER BY s.confirmed_at DESC, s.id, sp.user_id",
        w.sql()
    );
    let args = w.args();
    let rows: Vec<Row> =
        on_db!(db, pool => bind_sql_args!(sqlx::query_as(&sql), args).fetch_all(pool).await)?;
    let mut sales: Vec<RoomSale> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for r in rows {
        let i = *at.entry(r.sale_id.clone()).or_insert_with(|| {
            sales.push(RoomSale {
                sale_id: r.sale_id.clone(),
                owner_id: r.owner_id.clone(),
                team_id: r.team_id.clone(),
                total: r.total,
                confirmed_at: r.confirmed_at,
                item: r.item.clone().unwrap_or_default(),
                shares: Vec::new(),
            });
            sales.len() - 1
        });
        sales[i].shares.push((r.user_id, r.share_bp));
    }
    Ok(sales)
}
