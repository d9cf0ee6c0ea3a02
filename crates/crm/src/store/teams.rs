//! SQL for the sales organisation: `crm_teams`, `crm_team_managers`, `crm_team_members`, `crm_team_targets`
//! and `crm_users` (the profiles).

use chrono::{DateTime, NaiveDate, Utc};
use platform::db::{Db, Tx};
use platform::values::Phone;
use platform::{on_db, on_tx};

use super::Stamp;
use crate::domain::payout::{AccountKind, Payout, PayoutAccount};
use crate::domain::{
    Employment, MemberRole, Month, PjCompany, Profile, ProfileFields, Targets, TeamFields,
};
use banking::pix_key::{PixKey, PixKeyType};

pub type Result<T> = std::result::Result<T, sqlx::Error>;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TeamRow {
    pub id: String,
    pub name: String,
    pub unit_id: Option<String>,
    pub archived: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MemberRow {
    pub id: String,
    pub team_id: String,
    pub user_id: String,
    pub role_in_team: String,
    pub joined_on: NaiveDate,
    pub left_on: Option<NaiveDate>,
}

impl MemberRow {
    pub fn role(&self) -> MemberRole {
        MemberRole::parse(&self.role_in_team).unwrap_or(MemberRole::Vendedor)
    }

    /// A member on `day` (`left_on` is the last day in the team).
    pub fn on(&self, day: NaiveDate) -> bool {
        self.joined_on <= day && self.left_on.is_none_or(|l| l >= day)
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TargetRow {
    pub user_id: String,
    pub sales_value_cents: i64,
    pub sales_count: i64,
    pub activities_done: i64,
    pub new_clients: i64,
}

impl TargetRow {
    pub fn targets(&self) -> Targets {
        Targets {
            sales_value_cents: self.sales_value_cents,
            sales_count: self.sales_count,
            activities_done: self.activities_done,
            new_clients: self.new_clients,
        }
    }
}

const TEAM_COLUMNS: &str = "id, name, unit_id, archived, version, created_at, updated_at";

pub async fn teams(db: &Db, include_archived: bool) -> Result<Vec<TeamRow>> {
    let sql = format!(
        "SELECT {TEAM_COLUMNS} FROM crm_teams {} ORDER BY archived, name_key, id",
        if include_archived {
            ""
        } else {
            "WHERE NOT archived"
        }
    );
    on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)
}

pub async fn team(db: &Db, id: &str) -> Result<Option<TeamRow>> {
    let sql = format!("SELECT {TEAM_COLUMNS} FROM crm_teams WHERE id = $1");
    on_db!(db, pool => sqlx::query_as(&sql).bind(id).fetch_optional(pool).await)
}

pub async fn insert_team(tx: &mut Tx, id: &str, t: &TeamFields, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_teams (id, name, name_key, unit_id, archived, version, created_at, created_by, updated_at, \
         updated_by) VALUES ($1, $2, $3, $4, FALSE, 1, $5, $6, $5, $6)",
    )
    .bind(id)
    .bind(&t.name)
    .bind(t.name_key())
    .bind(&t.unit_id)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|_| ()))?;
    set_managers(tx, id, &t.manager_ids).await
}

/// Writes the fields if the team still has `version`; false otherwise.
pub async fn update_team(
    tx: &mut Tx,
    id: &str,
    version: i64,
    t: &TeamFields,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_teams SET name = $3, name_key = $4, unit_id = $5, version = version + 1, updated_at = $6, \
         updated_by = $7 WHERE id = $1 AND version = $2 AND NOT archived",
    )
    .bind(id)
    .bind(version)
    .bind(&t.name)
    .bind(t.name_key())
    .bind(&t.unit_id)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()))?;
    if n == 0 {
        return Ok(false);
    }
    set_managers(tx, id, &t.manager_ids).await?;
    Ok(true)
}

pub async fn archive_team(tx: &mut Tx, id: &str, stamp: &Stamp<'_>) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_teams SET archived = TRUE, version = version + 1, updated_at = $2, updated_by = $3 \
         WHERE id = $1 AND NOT archived",
    )
    .bind(id)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}

async fn set_managers(tx: &mut Tx, team_id: &str, managers: &[String]) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM crm_team_managers WHERE team_id = $1")
        .bind(team_id)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
    for m in managers {
        on_tx!(tx, conn => sqlx::query("INSERT INTO crm_team_managers (team_id, user_id) VALUES ($1, $2)")
            .bind(team_id)
            .bind(m)
            .execute(&mut *conn)
            .await
            .map(|_| ()))?;
    }
    Ok(())
}

/// Every (team, manager) pair.
pub async fn managers(db: &Db) -> Result<Vec<(String, String)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT team_id, user_id FROM crm_team_managers ORDER BY team_id, user_id",
    )
    .fetch_all(pool)
    .await)
}

/// The active teams `uid` manages.
pub async fn managed_by(db: &Db, uid: &str) -> Result<Vec<String>> {
    let rows: Vec<(String,)> = on_db!(db, pool => sqlx::query_as(
        "SELECT m.team_id FROM crm_team_managers m JOIN crm_teams t ON t.id = m.team_id \
         WHERE m.user_id = $1 AND NOT t.archived ORDER BY m.team_id",
    )
    .bind(uid)
    .fetch_all(pool)
    .await)?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

const MEMBER_COLUMNS: &str = "id, team_id, user_id, role_in_team, joined_on, left_on";

/// Every membership, past ones included, of every team (`team` = one team).
pub async fn members(db: &Db, team: Option<&str>) -> Result<Vec<MemberRow>> {
    let sql = format!(
        "SELECT {MEMBER_COLUMNS} FROM crm_team_members {} ORDER BY team_id, joined_on, id",
        if team.is_some() {
            "WHERE team_id = $1"
        } else {
            ""
        }
    );
    on_db!(db, pool => {
        let q = sqlx::query_as(&sql);
        match team {
            Some(t) => q.bind(t).fetch_all(pool).await,
            None => q.fetch_all(pool).await,
        }
    })
}

/// A user's memberships in any team (to refuse overlapping ones), read in the transaction that adds one.
pub async fn memberships_of(tx: &mut Tx, user_id: &str) -> Result<Vec<MemberRow>> {
    let sql = format!(
        "SELECT {MEMBER_COLUMNS} FROM crm_team_members WHERE user_id = $1 ORDER BY joined_on"
    );
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(user_id).fetch_all(&mut *conn).await)
}

pub async fn member(tx: &mut Tx, id: &str) -> Result<Option<MemberRow>> {
    let sql = format!("SELECT {MEMBER_COLUMNS} FROM crm_team_members WHERE id = $1");
    on_tx!(tx, conn => sqlx::query_as(&sql).bind(id).fetch_optional(&mut *conn).await)
}

pub async fn insert_member(tx: &mut Tx, m: &MemberRow, stamp: &Stamp<'_>) -> Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_team_members (id, team_id, user_id, role_in_team, joined_on, left_on, created_at, \
         created_by, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $7, $8)",
    )
    .bind(&m.id)
    .bind(&m.team_id)
    .bind(&m.user_id)
    .bind(&m.role_in_team)
    .bind(m.joined_on)
    .bind(m.left_on)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

pub async fn set_left_on(
    tx: &mut Tx,
    id: &str,
    left_on: NaiveDate,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_team_members SET left_on = $2, updated_at = $3, updated_by = $4 WHERE id = $1 AND left_on IS NULL",
    )
    .bind(id)
    .bind(left_on)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}

/// A month's targets of a team: the team's row (user_id '') and the members'.
pub async fn targets(db: &Db, team_id: &str, month: Month) -> Result<Vec<TargetRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT user_id, sales_value_cents, sales_count, activities_done, new_clients FROM crm_team_targets \
         WHERE team_id = $1 AND month = $2 ORDER BY user_id",
    )
    .bind(team_id)
    .bind(month.to_string())
    .fetch_all(pool)
    .await)
}

/// The targets of every team for a month: (team, user or '', targets).
pub async fn all_targets(db: &Db, month: Month) -> Result<Vec<(String, TargetRow)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        team_id: String,
        #[sqlx(flatten)]
        target: TargetRow,
    }
    let rows: Vec<Row> = on_db!(db, pool => sqlx::query_as(
        "SELECT team_id, user_id, sales_value_cents, sales_count, activities_done, new_clients \
         FROM crm_team_targets WHERE month = $1 ORDER BY team_id, user_id",
    )
    .bind(month.to_string())
    .fetch_all(pool)
    .await)?;
    Ok(rows.into_iter().map(|r| (r.team_id, r.target)).collect())
}

/// Replaces a month's targets of a team (the team's and every member's) with `rows`.
pub async fn replace_targets(
    tx: &mut Tx,
    team_id: &str,
    month: Month,
    rows: &[(String, Targets)],
    stamp: &Stamp<'_>,
) -> Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM crm_team_targets WHERE team_id = $1 AND month = $2")
        .bind(team_id)
        .bind(month.to_string())
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
    for (user_id, t) in rows {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO crm_team_targets (team_id, month, user_id, sales_value_cents, sales_count, activities_done, \
             new_clients, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(team_id)
        .bind(month.to_string())
        .bind(user_id)
        .bind(t.sales_value_cents)
        .bind(t.sales_count)
        .bind(t.activities_done)
        .bind(t.new_clients)
        .bind(stamp.at)
        .bind(stamp.uid)
        .execute(&mut *conn)
        .await
        .map(|_| ()))?;
    }
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct ProfileRow {
    user_id: String,
    display_name: String,
    whatsapp: Option<String>,
    unit_id: Option<String>,
    employment: String,
    cnpj: Option<String>,
    legal_name: Option<String>,
    municipality: Option<String>,
    discount_limit_bp: i64,
    active: bool,
    hired_on: Option<NaiveDate>,
    left_on: Option<NaiveDate>,
    version: i64,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl ProfileRow {
    /// Stored rows were validated on the way in: nothing is checked again.
    fn into_profile(self) -> Profile {
        let company = match (self.cnpj, self.legal_name, self.municipality) {
            (Some(cnpj), Some(legal_name), Some(municipality)) => Some(PjCompany {
                cnpj,
                legal_name,
                municipality,
            }),
            _ => None,
        };
        Profile {
            user_id: self.user_id,
            fields: ProfileFields {
                display_name: self.display_name,
                whatsapp: self.whatsapp.and_then(|w| Phone::parse(&w).ok()),
                unit_id: self.unit_id,
                employment: Employment::parse(&self.employment).unwrap_or(Employment::Clt),
                company,
                discount_limit_bp: self.discount_limit_bp,
                active: self.active,
                hired_on: self.hired_on,
                left_on: self.left_on,
            },
            version: self.version,
            created_at: self.created_at,
            updated_at: self.updated_at,
        }
    }
}

const PROFILE_COLUMNS: &str =
    "user_id, display_name, whatsapp, unit_id, employment, cnpj, legal_name, municipality, \
     discount_limit_bp, active, hired_on, left_on, version, created_at, updated_at";

pub async fn profiles(db: &Db) -> Result<Vec<Profile>> {
    let sql = format!(
        "SELECT {PROFILE_COLUMNS} FROM crm_users ORDER BY active DESC, display_name, user_id"
    );
    let rows: Vec<ProfileRow> = on_db!(db, pool => sqlx::query_as(&sql).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(ProfileRow::into_profile).collect())
}

pub async fn profile(db: &Db, user_id: &str) -> Result<Option<Profile>> {
    let sql = format!("SELECT {PROFILE_COLUMNS} FROM crm_users WHERE user_id = $1");
    let row: Option<ProfileRow> =
        on_db!(db, pool => sqlx::query_as(&sql).bind(user_id).fetch_optional(pool).await)?;
    Ok(row.map(ProfileRow::into_profile))
}

pub async fn insert_profile(
    tx: &mut Tx,
    user_id: &str,
    p: &ProfileFields,
    stamp: &Stamp<'_>,
) -> Result<()> {
    let company = p.company.as_ref();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO crm_users (user_id, display_name, whatsapp, unit_id, employment, cnpj, legal_name, municipality, \
         discount_limit_bp, active, hired_on, left_on, version, created_at, created_by, updated_at, updated_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13, $14, $13, $14)",
    )
    .bind(user_id)
    .bind(&p.display_name)
    .bind(p.whatsapp.as_ref().map(|w| w.as_str().to_string()))
    .bind(&p.unit_id)
    .bind(p.employment.as_str())
    .bind(company.map(|c| c.cnpj.clone()))
    .bind(company.map(|c| c.legal_name.clone()))
    .bind(company.map(|c| c.municipality.clone()))
    .bind(p.discount_limit_bp)
    .bind(p.active)
    .bind(p.hired_on)
    .bind(p.left_on)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|_| ()))
}

/// Writes the fields if the profile still has `version`; false otherwise.
pub async fn update_profile(
    tx: &mut Tx,
    user_id: &str,
    version: i64,
    p: &ProfileFields,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let company = p.company.as_ref();
    on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_users SET display_name = $3, whatsapp = $4, unit_id = $5, employment = $6, cnpj = $7, \
         legal_name = $8, municipality = $9, discount_limit_bp = $10, active = $11, hired_on = $12, left_on = $13, \
         version = version + 1, updated_at = $14, updated_by = $15 WHERE user_id = $1 AND version = $2",
    )
    .bind(user_id)
    .bind(version)
    .bind(&p.display_name)
    .bind(p.whatsapp.as_ref().map(|w| w.as_str().to_string()))
    .bind(&p.unit_id)
    .bind(p.employment.as_str())
    .bind(company.map(|c| c.cnpj.clone()))
    .bind(company.map(|c| c.legal_name.clone()))
    .bind(company.map(|c| c.municipality.clone()))
    .bind(p.discount_limit_bp)
    .bind(p.active)
    .bind(p.hired_on)
    .bind(p.left_on)
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}

#[derive(sqlx::FromRow)]
struct PayoutRow {
    payout_method: Option<String>,
    payout_pix_key_type: Option<String>,
    payout_pix_key: Option<String>,
    payout_bank: Option<String>,
    payout_agency: Option<String>,
    payout_account: Option<String>,
    payout_account_digit: Option<String>,
    payout_account_type: Option<String>,
}

/// A profile's payout, as stored (validated when it was written).
pub async fn payout(db: &Db, user_id: &str) -> Result<Option<Payout>> {
    let row: Option<PayoutRow> = on_db!(db, pool => sqlx::query_as(
        "SELECT payout_method, payout_pix_key_type, payout_pix_key, payout_bank, payout_agency, payout_account, \
         payout_account_digit, payout_account_type FROM crm_users WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await)?;
    Ok(row.and_then(|r| match r.payout_method.as_deref() {
        Some("pix") => Some(Payout::Pix(PixKey {
            key_type: PixKeyType::parse(r.payout_pix_key_type.as_deref().unwrap_or(""))?,
            key: r.payout_pix_key?,
        })),
        Some("conta") => Some(Payout::Account(PayoutAccount {
            bank: r.payout_bank?,
            agency: r.payout_agency?,
            account: r.payout_account?,
            account_digit: r.payout_account_digit?,
            kind: AccountKind::parse(r.payout_account_type.as_deref().unwrap_or(""))?,
        })),
        _ => None,
    }))
}

/// Replaces the profile's payout (`None` clears it) and bumps its version.
pub async fn set_payout(
    tx: &mut Tx,
    user_id: &str,
    payout: Option<&Payout>,
    stamp: &Stamp<'_>,
) -> Result<bool> {
    let (pix, account) = match payout {
        Some(Payout::Pix(k)) => (Some(k), None),
        Some(Payout::Account(a)) => (None, Some(a)),
        None => (None, None),
    };
    let method = payout.map(|p| match p {
        Payout::Pix(_) => "pix",
        Payout::Account(_) => "conta",
    });
    on_tx!(tx, conn => sqlx::query(
        "UPDATE crm_users SET payout_method = $2, payout_pix_key_type = $3, payout_pix_key = $4, payout_bank = $5, \
         payout_agency = $6, payout_account = $7, payout_account_digit = $8, payout_account_type = $9, \
         version = version + 1, updated_at = $10, updated_by = $11 WHERE user_id = $1",
    )
    .bind(user_id)
    .bind(method)
    .bind(pix.map(|k| k.key_type.as_str()))
    .bind(pix.map(|k| k.key.clone()))
    .bind(account.map(|a| a.bank.clone()))
    .bind(account.map(|a| a.agency.clone()))
    .bind(account.map(|a| a.account.clone()))
    .bind(account.map(|a| a.account_digit.clone()))
    .bind(account.map(|a| a.kind.as_str()))
    .bind(stamp.at)
    .bind(stamp.uid)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected() == 1))
}
