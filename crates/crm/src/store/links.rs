//! SQL for marketing links, campaigns, the allow-list, clicks and the daily salts. Every function runs on
//! SQLite and PostgreSQL alike (see `platform::db`).

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::{on_db, on_tx};

use super::clients::Stamp;
use crate::domain::campaign::{Campaign, CampaignFields, CampaignKind, PromoPrice};
use crate::domain::link::{Link, LinkFields, Utms};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(Debug, Clone, sqlx::FromRow)]
struct LinkRow {
    id: String,
    code: String,
    label: String,
    destination_url: String,
    utm_source: String,
    utm_medium: String,
    utm_campaign: Option<String>,
    utm_term: Option<String>,
    utm_content: Option<String>,
    campaign_id: Option<String>,
    owner_id: Option<String>,
    expires_on: Option<NaiveDate>,
    archived: bool,
    version: i32,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    created_by: String,
    updated_by: String,
}

const LINK_COLUMNS: &str = "id, code, label, destination_url, utm_source, utm_medium, utm_campaign, \
     utm_term, utm_content, campaign_id, owner_id, expires_on, archived, version, created_at, updated_at, \
     created_by, updated_by";

impl From<LinkRow> for Link {
    fn from(r: LinkRow) -> Link {
        Link {
            id: r.id,
            code: r.code,
            fields: LinkFields {
                label: r.label,
                destination_url: r.destination_url,
                utms: Utms {
                    source: r.utm_source,
                    medium: r.utm_medium,
                    campaign: r.utm_campaign,
                    term: r.utm_term,
                    content: r.utm_content,
                },
                campaign_id: r.campaign_id,
                owner_id: r.owner_id,
                expires_on: r.expires_on,
            },
            archived: r.archived,
            version: r.version,
            created_at: r.created_at,
            updated_at: r.updated_at,
            created_by: r.created_by,
            updated_by: r.updated_by,
        }
    }
}

/// Which links a list shows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum LinkState {
    #[default]
    Active,
    Archived,
    All,
}

/// Whose links a caller may see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reach {
    /// Every link (managers, administrators, the financial manager).
    All,
    /// The links everyone shares that are not archived, and this salesperson's personal links.
    Salesperson(String),
}

#[derive(Debug, Clone, Default)]
pub struct LinkFilter {
    /// Lowercase; part of the name, the code or `utm_campaign`.
    pub q: Option<String>,
    pub campaign_id: Option<String>,
    pub utm_source: Option<String>,
    pub utm_medium: Option<String>,
    pub state: LinkState,
    /// Only the personal links of this uid.
    pub owner_id: Option<String>,
}

/// A statement's string parameters, numbered from `$1` in the order they are added.
#[derive(Default)]
struct Binds(Vec<String>);

impl Binds {
    fn add(&mut self, value: impl Into<String>) -> String {
        self.0.push(value.into());
        format!("${}", self.0.len())
    }
}

fn reach_sql(reach: &Reach, binds: &mut Binds) -> String {
    match reach {
        Reach::All => "1 = 1".into(),
        Reach::Salesperson(uid) => format!(
            "((owner_id IS NULL AND archived = FALSE) OR owner_id = {})",
            binds.add(uid.clone())
        ),
    }
}

fn where_sql(db: &Db, filter: &LinkFilter, reach: &Reach, binds: &mut Binds) -> String {
    let mut clauses = vec![reach_sql(reach, binds)];
    match filter.state {
        LinkState::Active => clauses.push("archived = FALSE".into()),
        LinkState::Archived => clauses.push("archived = TRUE".into()),
        LinkState::All => {}
    }
    if let Some(q) = &filter.q {
        let p = binds.add(q.clone());
        let contains = |col: &str| match db {
            Db::Sqlite(_) => format!("instr(lower({col}), {p}) > 0"),
            Db::Postgres(_) => format!("strpos(lower({col}), {p}) > 0"),
        };
        clauses.push(format!(
            "({} OR lower(code) = {p} OR {})",
            contains("label"),
            contains("COALESCE(utm_campaign, '')")
        ));
    }
    if let Some(c) = &filter.campaign_id {
        clauses.push(format!("campaign_id = {}", binds.add(c.clone())));
    }
    if let Some(s) = &filter.utm_source {
        clauses.push(format!("utm_source = {}", binds.add(s.clone())));
    }
    if let Some(m) = &filter.utm_medium {
        clauses.push(format!("utm_medium = {}", binds.add(m.clone())));
    }
    if let Some(o) = &filter.owner_id {
        clauses.push(format!("owner_id = {}", binds.add(o.clone())));
    }
    clauses.join(" AND ")
}

/// One page of links (newest first) and how many match.
pub async fn list_links(
    db: &Db,
    filter: &LinkFilter,
    reach: &Reach,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Link>, i64)> {
    let mut binds = Binds::default();
    let clause = where_sql(db, filter, reach, &mut binds);
    let page = format!(
        "SELECT {LINK_COLUMNS} FROM crm_links WHERE {clause} \
         ORDER BY created_at DESC, id DESC LIMIT {limit} OFFSET {offset}"
    );
    let count = format!("SELECT COUNT(*) FROM crm_links WHERE {clause}");
    let rows: Vec<LinkRow> = on_db!(db, pool => {
        let mut q = sqlx::query_as(&page);
        for b in &binds.0 {
            q = q.bind(b);
        }
        q.fetch_all(pool).await
    })?;
    let total: i64 = on_db!(db, pool => {
        let mut q = sqlx::query_scalar(&count);
        for b in &binds.0 {
            q = q.bind(b);
        }
        q.fetch_one(pool).await
    })?;
    Ok((rows.into_iter().map(Link::from).collect(), total))
}

/// One link by id, if the caller reaches it.
pub async fn link_by_id(db: &Db, id: &str, reach: &Reach) -> Result<Option<Link>> {
    let mut binds = Binds::default();
    let idp = binds.add(id);
    let clause = reach_sql(reach, &mut binds);
    let sql = format!("SELECT {LINK_COLUMNS} FROM crm_links WHERE id = {idp} AND {clause}");
    let row: Option<LinkRow> = on_db!(db, pool => {
        let mut q = sqlx::query_as(&sql);
        for b in &binds.0 {
            q = q.bind(b);
        }
        q.fetch_optional(pool).await
    })?;
    Ok(row.map(Link::from))
}

pub async fn link_by_code(db: &Db, code: &str) -> Result<Option<Link>> {
    let sql = format!("SELECT {LINK_COLUMNS} FROM crm_links WHERE code = $1");
    let row: Option<LinkRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(code).fetch_optional(pool).await)?;
    Ok(row.map(Link::from))
}

/// Inserts a link; a code already taken is a unique violation (the caller draws another).
pub async fn insert_link(
    tx: &mut Tx,
    id: &str,
    code: &str,
    link: &LinkFields,
    stamp: &Stamp<'_>,
) -> Result<()> {
    let sql = "INSERT INTO crm_links (id, code, label, destination_url, utm_source, utm_medium, utm_campaign, \
               utm_term, utm_content, campaign_id, owner_id, expires_on, archived, version, created_at, \
               updated_at, created_by, updated_by) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, FALSE, 1, $13, $13, $14, $14)";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(code)
        .bind(&link.label)
        .bind(&link.destination_url)
        .bind(&link.utms.source)
        .bind(&link.utms.medium)
        .bind(&link.utms.campaign)
        .bind(&link.utms.term)
        .bind(&link.utms.content)
        .bind(&link.campaign_id)
        .bind(&link.owner_id)
        .bind(link.expires_on)
        .bind(stamp.at)
        .bind(stamp.uid)
        .execute(&mut *conn).await.map(|_| ()))
}

/// Writes every editable field if the link is still at `version` and not archived.
pub async fn update_link(
    tx: &mut Tx,
    id: &str,
    version: i32,
    link: &LinkFields,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let sql = "UPDATE crm_links SET label = $3, destination_url = $4, utm_source = $5, utm_medium = $6, \
               utm_campaign = $7, utm_term = $8, utm_content = $9, campaign_id = $10, owner_id = $11, \
               expires_on = $12, version = version + 1, updated_at = $13, updated_by = $14 \
               WHERE id = $1 AND version = $2 AND archived = FALSE";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(version)
        .bind(&link.label)
        .bind(&link.destination_url)
        .bind(&link.utms.source)
        .bind(&link.utms.medium)
        .bind(&link.utms.campaign)
        .bind(&link.utms.term)
        .bind(&link.utms.content)
        .bind(&link.campaign_id)
        .bind(&link.owner_id)
        .bind(link.expires_on)
        .bind(stamp.at)
        .bind(stamp.uid)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

/// Archives a link (it keeps its code). Returns whether it was active.
pub async fn archive_link(tx: &mut Tx, id: &str, stamp: &Stamp<'_>) -> Result<bool> {
    let sql = "UPDATE crm_links SET archived = TRUE, version = version + 1, updated_at = $2, updated_by = $3 \
               WHERE id = $1 AND archived = FALSE";
    on_tx!(tx, conn => sqlx::query(sql).bind(id).bind(stamp.at).bind(stamp.uid)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

/// Clicks, previews and unique visitors (distinct visitor hashes among the clicks) of a link.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Counts {
    pub clicks: i64,
    pub previews: i64,
    pub visitors: i64,
    /// Opportunities attributed to the link (first touch).
    pub leads: i64,
}

/// The code of each of `ids` (the links a page of opportunities names), in one query.
pub async fn codes(db: &Db, ids: &[&str]) -> Result<HashMap<String, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut w = platform::sql::Conditions::new();
    let list = w.list(ids.iter().map(|id| id.to_string()));
    let sql = format!("SELECT id, code FROM crm_links WHERE id IN ({list})");
    let rows: Vec<(String, String)> = on_db!(db, pool =>
        platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows.into_iter().collect())
}

/// The counts of each of `ids` (a page's links).
pub async fn counts(db: &Db, ids: &[&str]) -> Result<HashMap<String, Counts>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let params: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT link_id, \
         CAST(SUM(CASE WHEN kind = 'click' THEN 1 ELSE 0 END) AS BIGINT) AS clicks, \
         CAST(SUM(CASE WHEN kind = 'preview' THEN 1 ELSE 0 END) AS BIGINT) AS previews, \
         COUNT(DISTINCT CASE WHEN kind = 'click' THEN visitor_hash END) AS visitors \
         FROM crm_link_clicks WHERE link_id IN ({}) GROUP BY link_id",
        params.join(", ")
    );
    let leads_sql = format!(
        "SELECT marketing_link_id, COUNT(*) FROM crm_opportunities WHERE marketing_link_id IN ({}) \
         GROUP BY marketing_link_id",
        params.join(", ")
    );
    type ClickCounts = Vec<(String, i64, i64, i64)>;
    let (rows, leads): (ClickCounts, Vec<(String, i64)>) = on_db!(db, pool => {
        let mut q = sqlx::query_as(&sql);
        let mut l = sqlx::query_as(&leads_sql);
        for id in ids {
            q = q.bind(*id);
            l = l.bind(*id);
        }
        Ok::<_, sqlx::Error>((q.fetch_all(pool).await?, l.fetch_all(pool).await?))
    })?;
    let mut out: HashMap<String, Counts> = rows
        .into_iter()
        .map(|(id, clicks, previews, visitors)| {
            let counts = Counts {
                clicks,
                previews,
                visitors,
                leads: 0,
            };
            (id, counts)
        })
        .collect();
    for (id, n) in leads {
        out.entry(id).or_default().leads = n;
    }
    Ok(out)
}

/// One recorded request to `/l/{code}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClickRow {
    pub link_id: String,
    pub at: DateTime<Utc>,
    pub kind: &'static str,
    pub referrer_domain: Option<String>,
    pub device: &'static str,
    pub visitor_hash: String,
}

/// Rows per `INSERT` (6 parameters each: 3,000 stay under both engines' limits).
pub const CLICKS_PER_INSERT: usize = 500;

/// Writes `clicks` in multi-row inserts, in one transaction.
pub async fn insert_clicks(db: &Db, clicks: &[ClickRow]) -> Result<()> {
    if clicks.is_empty() {
        return Ok(());
    }
    let mut tx = db.begin().await?;
    for chunk in clicks.chunks(CLICKS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| {
                let b = i * 6;
                format!(
                    "(${}, ${}, ${}, ${}, ${}, ${})",
                    b + 1,
                    b + 2,
                    b + 3,
                    b + 4,
                    b + 5,
                    b + 6
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO crm_link_clicks (link_id, at, kind, referrer_domain, device, visitor_hash) VALUES {}",
            values.join(", ")
        );
        on_tx!(&mut tx, conn => {
            let mut q = sqlx::query(&sql);
            for c in chunk {
                q = q
                    .bind(&c.link_id)
                    .bind(c.at)
                    .bind(c.kind)
                    .bind(&c.referrer_domain)
                    .bind(c.device)
                    .bind(&c.visitor_hash);
            }
            q.execute(&mut *conn).await.map(|_| ())
        })?;
    }
    tx.commit().await
}

/// The salt of `day`, created on first use (by whichever instance gets there first).
pub async fn salt(db: &Db, day: NaiveDate, fresh: &str) -> Result<String> {
    let insert =
        "INSERT INTO crm_link_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING";
    on_db!(db, pool => sqlx::query(insert).bind(day).bind(fresh).execute(pool).await.map(|_| ()))?;
    let select = "SELECT salt FROM crm_link_salts WHERE day = $1";
    on_db!(db, pool => sqlx::query_scalar(select).bind(day).fetch_one(pool).await)
}

pub async fn allowed_hosts(db: &Db) -> Result<Vec<String>> {
    let sql = "SELECT host FROM crm_link_allowed_hosts ORDER BY host";
    on_db!(db, pool => sqlx::query_scalar(sql).fetch_all(pool).await)
}

/// Replaces the allow-list.
pub async fn replace_allowed_hosts(tx: &mut Tx, hosts: &[String], stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM crm_link_allowed_hosts").execute(&mut *conn).await.map(|_| ()))?;
    for host in hosts {
        let sql =
            "INSERT INTO crm_link_allowed_hosts (host, created_at, created_by) VALUES ($1, $2, $3)";
        on_tx!(tx, conn => sqlx::query(sql).bind(host).bind(stamp.at).bind(stamp.uid)
            .execute(&mut *conn).await.map(|_| ()))?;
    }
    Ok(())
}

// Campaigns.

#[derive(Debug, Clone, sqlx::FromRow)]
struct CampaignRow {
    id: String,
    name: String,
    kind: String,
    starts_on: NaiveDate,
    ends_on: NaiveDate,
    goal_value: Option<i64>,
    goal_count: Option<i64>,
    promo_prices: String,
    version: i32,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    created_by: String,
    updated_by: String,
}

const CAMPAIGN_COLUMNS: &str =
    "id, name, kind, starts_on, ends_on, goal_value, goal_count, promo_prices, \
     version, created_at, updated_at, created_by, updated_by";

impl From<CampaignRow> for Campaign {
    fn from(r: CampaignRow) -> Campaign {
        Campaign {
            id: r.id,
            fields: CampaignFields {
                name: r.name,
                kind: CampaignKind::parse(&r.kind).unwrap_or(CampaignKind::Other),
                starts_on: r.starts_on,
                ends_on: r.ends_on,
                goal_value: r.goal_value,
                goal_count: r.goal_count,
                promo_prices: serde_json::from_str::<Vec<PromoPrice>>(&r.promo_prices)
                    .unwrap_or_default(),
            },
            version: r.version,
            created_at: r.created_at,
            updated_at: r.updated_at,
            created_by: r.created_by,
            updated_by: r.updated_by,
        }
    }
}

/// Every campaign, the latest first (a company runs a few a year).
pub async fn campaigns(db: &Db) -> Result<Vec<Campaign>> {
    let sql =
        format!("SELECT {CAMPAIGN_COLUMNS} FROM crm_campaigns ORDER BY starts_on DESC, id DESC");
    let rows: Vec<CampaignRow> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Campaign::from).collect())
}

pub async fn campaign_by_id(db: &Db, id: &str) -> Result<Option<Campaign>> {
    let sql = format!("SELECT {CAMPAIGN_COLUMNS} FROM crm_campaigns WHERE id = $1");
    let row: Option<CampaignRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Campaign::from))
}

fn prices_json(c: &CampaignFields) -> String {
    serde_json::to_string(&c.promo_prices).unwrap_or_else(|_| "[]".into())
}

pub async fn insert_campaign(
    tx: &mut Tx,
    id: &str,
    c: &CampaignFields,
    stamp: &Stamp<'_>,
) -> Result<()> {
    let sql =
        "INSERT INTO crm_campaigns (id, name, kind, starts_on, ends_on, goal_value, goal_count, \
               promo_prices, version, created_at, updated_at, created_by, updated_by) \
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1, $9, $9, $10, $10)";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(&c.name)
        .bind(c.kind.as_str())
        .bind(c.starts_on)
        .bind(c.ends_on)
        .bind(c.goal_value)
        .bind(c.goal_count)
        .bind(prices_json(c))
        .bind(stamp.at)
        .bind(stamp.uid)
        .execute(&mut *conn).await.map(|_| ()))
}

pub async fn update_campaign(
    tx: &mut Tx,
    id: &str,
    c: &CampaignFields,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let sql = "UPDATE crm_campaigns SET name = $2, kind = $3, starts_on = $4, ends_on = $5, goal_value = $6, \
               goal_count = $7, promo_prices = $8, version = version + 1, updated_at = $9, updated_by = $10 \
               WHERE id = $1";
    on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(&c.name)
        .bind(c.kind.as_str())
        .bind(c.starts_on)
        .bind(c.ends_on)
        .bind(c.goal_value)
        .bind(c.goal_count)
        .bind(prices_json(c))
        .bind(stamp.at)
        .bind(stamp.uid)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}

/// How many links (archived included) name the campaign.
pub async fn campaign_links(tx: &mut Tx, id: &str) -> Result<i64> {
    let sql = "SELECT COUNT(*) FROM crm_links WHERE campaign_id = $1";
    on_tx!(tx, conn => sqlx::query_scalar(sql).bind(id).fetch_one(&mut *conn).await)
}

pub async fn delete_campaign(tx: &mut Tx, id: &str) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM crm_campaigns WHERE id = $1").bind(id)
        .execute(&mut *conn).await.map(|r| r.rows_affected() == 1))
}
