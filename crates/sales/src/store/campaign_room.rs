//! SQL for the campaign room (`/blackfriday`), private to the crate. Runs on SQLite and PostgreSQL alike.

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
    let item_campaign = w.arg(SqlArg::Text(campaign_id.to_string()));
    let sold = w.list(SaleStatus::SOLD.iter().map(|s| s.as_str().to_string()));
    w.push(format!("s.status IN ({sold})"));
    let from = w.arg(SqlArg::Time(from));
    let to = w.arg(SqlArg::Time(to));
    w.push(format!(
        "s.confirmed_at >= {from} AND s.confirmed_at < {to}"
    ));
    let campaign = w.arg(SqlArg::Text(campaign_id.to_string()));
    w.push(format!(
        "EXISTS (SELECT 1 FROM sales_sale_items c WHERE c.sale_id = s.id AND c.campaign_id = {campaign})"
    ));
    let sql = format!(
        "SELECT s.id AS sale_id, s.owner_id, s.team_id, s.total, s.confirmed_at, \
         (SELECT i.description FROM sales_sale_items i WHERE i.sale_id = s.id AND i.campaign_id = {item_campaign} \
          ORDER BY i.seq LIMIT 1) AS item, sp.user_id, sp.share_bp \
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
