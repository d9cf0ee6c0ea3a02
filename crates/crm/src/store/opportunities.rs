//! SQL for the funnel: `crm_stages` and `crm_opportunities`.

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::sql::{Conditions, SqlArg};
use platform::values::{Email, Phone};
use platform::{bind_sql_args, on_db, on_tx};

use super::Stamp;
use crate::domain::opportunity::{
    Contact, LostReason, Opportunity, OpportunityFields, Source, Stage, StageKind, Status,
};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(sqlx::FromRow)]
struct StageRow {
    id: String,
    name: String,
    position: i32,
    kind: String,
    archived: bool,
}

impl From<StageRow> for Stage {
    fn from(r: StageRow) -> Stage {
        Stage {
            id: r.id,
            name: r.name,
            position: r.position,
            kind: StageKind::parse(&r.kind).unwrap_or(StageKind::Open),
            archived: r.archived,
        }
    }
}

/// Every stage, working ones by position, then the terminals.
pub async fn stages(db: &Db) -> Result<Vec<Stage>> {
    let sql = "SELECT id, name, position, kind, archived FROM crm_stages \
               ORDER BY CASE WHEN kind = 'aberta' THEN 0 ELSE 1 END, position, id";
    let rows: Vec<StageRow> = on_db!(db, pool => sqlx::query_as(sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Stage::from).collect())
}

const COLUMNS: &str = "o.id, o.title, o.client_id, c.name AS client_name, o.contact_name, o.contact_phone, \
    o.contact_email, o.owner_id, o.team_id, o.stage_id, o.status, o.expected_value_cents, o.expected_close_on, \
    o.source, o.marketing_link_id, o.lost_reason, o.lost_note, o.won_sale_id, o.closed_at, o.stage_entered_at, \
    o.last_touch_at, o.version, o.created_at, o.created_by, o.updated_at";

const FROM: &str = "crm_opportunities o LEFT JOIN crm_clients c ON c.id = o.client_id";

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    title: String,
    client_id: Option<String>,
    client_name: Option<String>,
    contact_name: Option<String>,
    contact_phone: Option<String>,
    contact_email: Option<String>,
    owner_id: String,
    team_id: Option<String>,
    stage_id: String,
    status: String,
    expected_value_cents: i64,
    expected_close_on: Option<NaiveDate>,
    source: String,
    marketing_link_id: Option<String>,
    lost_reason: Option<String>,
    lost_note: Option<String>,
    won_sale_id: Option<String>,
    closed_at: Option<DateTime<Utc>>,
    stage_entered_at: DateTime<Utc>,
    last_touch_at: DateTime<Utc>,
    version: i64,
    created_at: DateTime<Utc>,
    created_by: String,
    updated_at: DateTime<Utc>,
}

/// An opportunity with its client's name (for the card).
#[derive(Debug, Clone)]
pub struct Listed {
    pub opportunity: Opportunity,
    pub client_name: Option<String>,
}

impl From<Row> for Listed {
    fn from(r: Row) -> Listed {
        let contact = r.contact_name.map(|name| Contact {
            name,
            phone: r.contact_phone.map(Phone::from_stored),
            email: r.contact_email.map(Email::from_stored),
        });
        Listed {
            client_name: r.client_name,
            opportunity: Opportunity {
                id: r.id,
                fields: OpportunityFields {
                    title: r.title,
                    client_id: r.client_id,
                    contact,
                    owner_id: r.owner_id,
                    team_id: r.team_id,
                    expected_value_cents: r.expected_value_cents,
                    expected_close_on: r.expected_close_on,
                    source: Source::parse(&r.source).unwrap_or(Source::Outro),
                    marketing_link_id: r.marketing_link_id,
                },
                stage_id: r.stage_id,
                status: Status::parse(&r.status).unwrap_or(Status::Open),
                lost_reason: r.lost_reason.as_deref().and_then(LostReason::parse),
                lost_note: r.lost_note,
                won_sale_id: r.won_sale_id,
                closed_at: r.closed_at,
                stage_entered_at: r.stage_entered_at,
                last_touch_at: r.last_touch_at,
                version: r.version,
                created_at: r.created_at,
                created_by: r.created_by,
                updated_at: r.updated_at,
            },
        }
    }
}

pub async fn by_id(db: &Db, id: &str) -> Result<Option<Listed>> {
    let sql = format!("SELECT {COLUMNS} FROM {FROM} WHERE o.id = $1");
    let row: Option<Row> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)?;
    Ok(row.map(Listed::from))
}

fn contact_parts(f: &OpportunityFields) -> (Option<&str>, Option<&str>, Option<&str>) {
    match &f.contact {
        None => (None, None, None),
        Some(c) => (
            Some(c.name.as_str()),
            c.phone.as_ref().map(|p| p.as_str()),
            c.email.as_ref().map(|e| e.as_str()),
        ),
    }
}

pub async fn insert(tx: &mut Tx, o: &Opportunity, search_text: &str) -> Result<()> {
    let f = &o.fields;
    let (name, phone, email) = contact_parts(f);
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_opportunities (id, title, client_id, contact_name, contact_phone, contact_email, \
         search_text, owner_id, team_id, stage_id, status, expected_value_cents, expected_close_on, source, \
         marketing_link_id, stage_entered_at, last_touch_at, version, created_at, created_by, updated_at, \
         updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, 1, $16, \
         $17, $16, $17)",
    )
    .bind(&o.id)
    .bind(&f.title)
    .bind(&f.client_id)
    .bind(name)
    .bind(phone)
    .bind(email)
    .bind(search_text)
    .bind(&f.owner_id)
    .bind(&f.team_id)
    .bind(&o.stage_id)
    .bind(o.status.as_str())
    .bind(f.expected_value_cents)
    .bind(f.expected_close_on)
    .bind(f.source.as_str())
    .bind(&f.marketing_link_id)
    .bind(o.created_at)
    .bind(&o.created_by)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes the fields if the opportunity still has `version`; false otherwise.
pub async fn update_fields(
    tx: &mut Tx,
    id: &str,
    version: i64,
    f: &OpportunityFields,
    search_text: &str,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let (name, phone, email) = contact_parts(f);
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_opportunities SET title = $3, client_id = $4, contact_name = $5, contact_phone = $6, \
         contact_email = $7, search_text = $8, owner_id = $9, team_id = $10, expected_value_cents = $11, \
         expected_close_on = $12, source = $13, marketing_link_id = $14, version = version + 1, updated_at = $15, \
         updated_by = $16 WHERE id = $1 AND version = $2",
    )
    .bind(id)
    .bind(version)
    .bind(&f.title)
    .bind(&f.client_id)
    .bind(name)
    .bind(phone)
    .bind(email)
    .bind(search_text)
    .bind(&f.owner_id)
    .bind(&f.team_id)
    .bind(f.expected_value_cents)
    .bind(f.expected_close_on)
    .bind(f.source.as_str())
    .bind(&f.marketing_link_id)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Where a move leaves the opportunity.
pub struct Placement<'a> {
    pub stage_id: &'a str,
    pub status: Status,
    pub lost_reason: Option<LostReason>,
    pub lost_note: Option<&'a str>,
    pub won_sale_id: Option<&'a str>,
}

/// Puts the opportunity in a stage (it entered it, and was touched, now) if it still has `version`.
pub async fn place(
    tx: &mut Tx,
    id: &str,
    version: i64,
    to: &Placement<'_>,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let closed_at = (to.status != Status::Open).then_some(stamp.at);
    let done = on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_opportunities SET stage_id = $3, status = $4, lost_reason = $5, lost_note = $6, \
         won_sale_id = $7, closed_at = $8, stage_entered_at = $9, last_touch_at = $9, version = version + 1, \
         updated_at = $9, updated_by = $10 WHERE id = $1 AND version = $2",
    )
    .bind(id)
    .bind(version)
    .bind(to.stage_id)
    .bind(to.status.as_str())
    .bind(to.lost_reason.map(LostReason::as_str))
    .bind(to.lost_note)
    .bind(to.won_sale_id)
    .bind(closed_at)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(done == 1)
}

/// Records that something happened on the opportunity at `at` (a logged activity): it is no longer idle.
pub async fn touch(tx: &mut Tx, id: &str, at: DateTime<Utc>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_opportunities SET last_touch_at = $2 WHERE id = $1 AND last_touch_at < $2",
    )
    .bind(id)
    .bind(at)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// What the board and the list are narrowed to (the caller's scope already applied).
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Records of these owners or of these teams (`None`: everyone's).
    pub reach: Option<(Vec<String>, Vec<String>)>,
    pub team_id: Option<String>,
    pub owner_id: Option<String>,
    pub source: Option<Source>,
    pub link_id: Option<String>,
    pub client_id: Option<String>,
    pub stage_id: Option<String>,
    /// Created on or after / before (exclusive) these instants.
    pub created_from: Option<DateTime<Utc>>,
    pub created_until: Option<DateTime<Utc>>,
    /// Not touched since this instant.
    pub idle_since: Option<DateTime<Utc>>,
    /// Folded text, found anywhere in the search text.
    pub q: Option<String>,
    /// Won and lost ones closed on or after this instant (the terminal columns show a period, not all time). Applies
    /// to the rows of a closed status only (see [`column`]).
    pub closed_from: Option<DateTime<Utc>>,
}

/// Whose opportunities: the caller's reach, the team and the owner asked. `owner` and `team` name the columns, so
/// that the open totals' projection (whose team column is `team_key`) is filtered by the same rules.
fn people(w: &mut Conditions, f: &Filter, owner: &str, team: &str) {
    if let Some((owners, teams)) = &f.reach {
        let owners = w.list(owners.iter().cloned());
        let teams = w.list(teams.iter().cloned());
        w.push(format!("({owner} IN ({owners}) OR {team} IN ({teams}))"));
    }
    eq(w, team, &f.team_id);
    eq(w, owner, &f.owner_id);
}

fn eq(w: &mut Conditions, column: &str, value: &Option<String>) {
    if let Some(v) = value {
        let mark = w.arg(SqlArg::Text(v.clone()));
        w.push(format!("{column} = {mark}"));
    }
}

fn conditions(f: &Filter) -> Conditions {
    let mut w = Conditions::new();
    people(&mut w, f, "o.owner_id", "o.team_id");
    eq(&mut w, "o.marketing_link_id", &f.link_id);
    eq(&mut w, "o.client_id", &f.client_id);
    eq(&mut w, "o.stage_id", &f.stage_id);
    eq(
        &mut w,
        "o.source",
        &f.source.map(|s| s.as_str().to_string()),
    );
    if let Some(t) = f.created_from {
        let mark = w.arg(SqlArg::Time(t));
        w.push(format!("o.created_at >= {mark}"));
    }
    if let Some(t) = f.created_until {
        let mark = w.arg(SqlArg::Time(t));
        w.push(format!("o.created_at < {mark}"));
    }
    if let Some(t) = f.idle_since {
        let mark = w.arg(SqlArg::Time(t));
        w.push(format!("o.last_touch_at < {mark}"));
    }
    if let Some(q) = f.q.as_deref().filter(|q| !q.is_empty()) {
        let escaped = q
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        let mark = w.arg(SqlArg::Text(format!("%{escaped}%")));
        w.push(format!("o.search_text LIKE {mark} ESCAPE '\\'"));
    }
    w
}

/// Narrows `w` to the rows of one status (and stage), the closed ones within the window. Every board query names
/// its status so that it reads `crm_opportunities_board` (status, stage, stage entered, id, value) in order: an
/// `OR` of the open ones and the recently closed ones would make each column a scan and a sort. A closed
/// opportunity entered its terminal stage when it closed (`stage_entered_at = closed_at`), so the window is a
/// range of that index.
fn column(w: &mut Conditions, f: &Filter, status: Status, stage_id: Option<&str>) {
    let mark = w.arg(SqlArg::Text(status.as_str().into()));
    w.push(format!("o.status = {mark}"));
    if let Some(stage) = stage_id {
        let mark = w.arg(SqlArg::Text(stage.into()));
        w.push(format!("o.stage_id = {mark}"));
    }
    if let (false, Some(t)) = (status == Status::Open, f.closed_from) {
        let mark = w.arg(SqlArg::Time(t));
        w.push(format!("o.stage_entered_at >= {mark}"));
    }
}

/// Per working stage: how many open opportunities and their expected value. Filtered only by whose they are, the
/// sums come from the projection `crm_opportunity_open_totals` (a few hundred rows, kept by triggers); any other
/// filter reads the opportunities themselves.
pub async fn open_totals(db: &Db, f: &Filter) -> Result<Vec<(String, i64, i64)>> {
    let only_people = f.source.is_none()
        && f.link_id.is_none()
        && f.client_id.is_none()
        && f.created_from.is_none()
        && f.created_until.is_none()
        && f.idle_since.is_none()
        && f.q.as_deref().is_none_or(str::is_empty);
    if !only_people {
        return open_totals_by_scan(db, f).await;
    }
    let mut w = Conditions::new();
    people(&mut w, f, "t.owner_id", "t.team_key");
    eq(&mut w, "t.stage_id", &f.stage_id);
    let sql = format!(
        "SELECT t.stage_id, CAST(SUM(t.opportunities) AS BIGINT), CAST(SUM(t.value_cents) AS BIGINT) \
         FROM crm_opportunity_open_totals t WHERE {} GROUP BY t.stage_id HAVING SUM(t.opportunities) > 0",
        w.sql()
    );
    on_db!(db, pool => {
        let rows: Vec<(String, i64, i64)> =
            bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await?;
        Ok(rows)
    })
}

/// [`open_totals`] by grouping the open opportunities: the definition the projection is checked against, and the
/// way for filters the projection does not key on.
pub async fn open_totals_by_scan(db: &Db, f: &Filter) -> Result<Vec<(String, i64, i64)>> {
    let mut w = conditions(f);
    column(&mut w, f, Status::Open, None);
    let sql = format!(
        "SELECT o.stage_id, COUNT(*), CAST(COALESCE(SUM(o.expected_value_cents), 0) AS BIGINT) \
         FROM crm_opportunities o WHERE {} GROUP BY o.stage_id",
        w.sql()
    );
    on_db!(db, pool => {
        let rows: Vec<(String, i64, i64)> =
            bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await?;
        Ok(rows)
    })
}

/// How many opportunities a terminal stage holds with `status` (within the window) and their expected value.
pub async fn closed_total(
    db: &Db,
    f: &Filter,
    stage_id: &str,
    status: Status,
) -> Result<(i64, i64)> {
    let mut w = conditions(f);
    column(&mut w, f, status, Some(stage_id));
    let sql = format!(
        "SELECT COUNT(*), CAST(COALESCE(SUM(o.expected_value_cents), 0) AS BIGINT) \
         FROM crm_opportunities o WHERE {}",
        w.sql()
    );
    on_db!(db, pool => {
        let row: (i64, i64) = bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_one(pool).await?;
        Ok(row)
    })
}

/// A page of one stage's cards, newest in the stage first.
pub async fn cards(
    db: &Db,
    f: &Filter,
    (stage_id, status): (&str, Status),
    limit: i64,
    offset: i64,
) -> Result<Vec<Listed>> {
    let mut w = conditions(f);
    // (`f.stage_id`, when set, is the list's; the board asks per column.)
    column(&mut w, f, status, Some(stage_id));
    let sql = format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE {} ORDER BY o.stage_entered_at DESC, o.id DESC LIMIT {limit} \
         OFFSET {offset}",
        w.sql()
    );
    let rows: Vec<Row> = on_db!(db, pool =>
        bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(Listed::from).collect())
}

/// How the list is sorted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ListSort {
    #[default]
    Newest,
    ValueDesc,
    IdleFirst,
    CloseDate,
    /// Newest in its stage first (a column's next page).
    InStage,
}

impl ListSort {
    fn order_by(self) -> &'static str {
        match self {
            ListSort::Newest => "o.created_at DESC, o.id DESC",
            ListSort::ValueDesc => "o.expected_value_cents DESC, o.id",
            ListSort::IdleFirst => "o.last_touch_at, o.id",
            ListSort::CloseDate => "o.expected_close_on, o.id",
            ListSort::InStage => "o.stage_entered_at DESC, o.id DESC",
        }
    }
}

/// A page of the list (every stage), with or without the closed ones, and how many match.
pub async fn list(
    db: &Db,
    f: &Filter,
    status: Option<Status>,
    sort: ListSort,
    limit: i64,
    offset: i64,
) -> Result<(Vec<Listed>, i64)> {
    let mut w = conditions(f);
    if let Some(s) = status {
        column(&mut w, f, s, None);
    }
    let page = format!(
        "SELECT {COLUMNS} FROM {FROM} WHERE {} ORDER BY {} LIMIT {limit} OFFSET {offset}",
        w.sql(),
        sort.order_by()
    );
    let count = format!("SELECT COUNT(*) FROM crm_opportunities o WHERE {}", w.sql());
    on_db!(db, pool => {
        let rows: Vec<Row> = bind_sql_args!(sqlx::query_as(&page), w.args()).fetch_all(pool).await?;
        let total: i64 = bind_sql_args!(sqlx::query_scalar(&count), w.args()).fetch_one(pool).await?;
        Ok((rows.into_iter().map(Listed::from).collect(), total))
    })
}

/// Leads per marketing link (the links' report).
pub async fn leads_per_link(db: &Db) -> Result<Vec<(String, i64)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT marketing_link_id, COUNT(*) FROM crm_opportunities WHERE marketing_link_id IS NOT NULL \
         GROUP BY marketing_link_id",
    )
    .fetch_all(pool)
    .await)
}
