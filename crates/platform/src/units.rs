//! The company's units (clinics and the head office), the one register teams, salespeople, clients and stock
//! locations name by `unit_id`. It lives in the platform, like the calendar, so that every context reads it
//! without reading another context's tables; the system context serves it (`/api/v1/system/units`).

use chrono::{DateTime, Utc};

use crate::db::{is_unique_violation, Db};
use crate::error::{Error, Result, Violations};
use crate::text::collapse_spaces;
use crate::values::UFS;
use crate::{on_db, on_tx};

pub const MAX_CODE: usize = 12;
pub const MAX_NAME: usize = 120;

/// A stored unit.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Unit {
    pub id: String,
    pub code: String,
    pub name: String,
    pub city: Option<String>,
    pub state: Option<String>,
    pub active: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// What a person types for a unit (a new one, or a stored one with changes applied).
#[derive(Debug, Clone, Default)]
pub struct UnitDraft {
    pub code: String,
    pub name: String,
    pub city: Option<String>,
    pub state: Option<String>,
    pub active: bool,
}

impl UnitDraft {
    /// Normalised, or every wrong field named.
    pub fn validate(self) -> Result<UnitDraft> {
        let mut v = Violations::new();
        let code = collapse_spaces(&self.code).to_uppercase().replace(' ', "-");
        if code.is_empty() || code.chars().count() > MAX_CODE {
            v.add(
                "code",
                format!("Informe o código da unidade (até {MAX_CODE} caracteres)."),
            );
        } else if !code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            v.add(
                "code",
                "Use só letras, números, hífen e sublinhado no código.",
            );
        }
        let name = collapse_spaces(&self.name);
        if name.is_empty() || name.chars().count() > MAX_NAME {
            v.add(
                "name",
                format!("Informe o nome da unidade (até {MAX_NAME} caracteres)."),
            );
        }
        let city = self
            .city
            .map(|c| collapse_spaces(&c))
            .filter(|c| !c.is_empty());
        if city.as_ref().is_some_and(|c| c.chars().count() > MAX_NAME) {
            v.add("city", format!("Cidade com até {MAX_NAME} caracteres."));
        }
        let state = self
            .state
            .map(|s| s.trim().to_uppercase())
            .filter(|s| !s.is_empty());
        if state.as_ref().is_some_and(|s| !UFS.contains(&s.as_str())) {
            v.add("state", "UF inválida: use a sigla do estado (ex.: SP).");
        }
        v.finish()?;
        Ok(UnitDraft {
            code,
            name,
            city,
            state,
            active: self.active,
        })
    }
}

const COLUMNS: &str = "id, code, name, city, state, active, version, created_at, updated_at";

/// Every unit, active first, by name.
pub async fn list(db: &Db) -> Result<Vec<Unit>> {
    let sql = format!("SELECT {COLUMNS} FROM platform_units ORDER BY active DESC, name, id");
    Ok(on_db!(db, pool => sqlx::query_as::<_, Unit>(&sql).fetch_all(pool).await)?)
}

pub async fn get(db: &Db, id: &str) -> Result<Option<Unit>> {
    let sql = format!("SELECT {COLUMNS} FROM platform_units WHERE id = $1");
    Ok(on_db!(db, pool => sqlx::query_as::<_, Unit>(&sql).bind(id).fetch_optional(pool).await)?)
}

/// The unit, or 422 naming `field` when it does not exist or is inactive (what a form that picks a unit
/// needs).
pub async fn active(db: &Db, id: &str, field: &str) -> Result<Unit> {
    match get(db, id).await? {
        Some(u) if u.active => Ok(u),
        Some(u) => Err(Error::invalid_field(
            field,
            format!("A unidade {} está inativa.", u.name),
        )),
        None => Err(Error::invalid_field(field, "Unidade não encontrada.")),
    }
}

/// Creates a unit; a code in use is 422 naming `code`.
pub async fn create(db: &Db, draft: UnitDraft, by: &str, now: DateTime<Utc>) -> Result<Unit> {
    let u = draft.validate()?;
    let id = uuid::Uuid::now_v7().to_string();
    let mut tx = db.begin().await?;
    let inserted = on_tx!(&mut tx, conn => sqlx::query(
        "INSERT INTO platform_units (id, code, name, city, state, active, version, created_at, created_by, \
         updated_at, updated_by) VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $7, $8)",
    )
    .bind(&id)
    .bind(&u.code)
    .bind(&u.name)
    .bind(&u.city)
    .bind(&u.state)
    .bind(u.active)
    .bind(now)
    .bind(by)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()));
    match inserted {
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => return Err(code_taken(&u.code)),
        Err(e) => return Err(e.into()),
    }
    tx.commit().await?;
    get(db, &id)
        .await?
        .ok_or_else(|| Error::not_found("Unidade não encontrada."))
}

/// Replaces a unit's fields (the whole draft is validated again).
pub async fn update(
    db: &Db,
    id: &str,
    draft: UnitDraft,
    by: &str,
    now: DateTime<Utc>,
) -> Result<Unit> {
    let u = draft.validate()?;
    let mut tx = db.begin().await?;
    let updated = on_tx!(&mut tx, conn => sqlx::query(
        "UPDATE platform_units SET code = $2, name = $3, city = $4, state = $5, active = $6, \
         version = version + 1, updated_at = $7, updated_by = $8 WHERE id = $1",
    )
    .bind(id)
    .bind(&u.code)
    .bind(&u.name)
    .bind(&u.city)
    .bind(&u.state)
    .bind(u.active)
    .bind(now)
    .bind(by)
    .execute(&mut *conn)
    .await
    .map(|r| r.rows_affected()));
    match updated {
        Ok(0) => return Err(Error::not_found("Unidade não encontrada.")),
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => return Err(code_taken(&u.code)),
        Err(e) => return Err(e.into()),
    }
    tx.commit().await?;
    get(db, id)
        .await?
        .ok_or_else(|| Error::not_found("Unidade não encontrada."))
}

fn code_taken(code: &str) -> Error {
    Error::invalid_field(
        "code",
        format!("Já existe uma unidade com o código {code}."),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draft_is_normalised_and_every_wrong_field_named() {
        let ok = UnitDraft {
            code: " cli 01 ".into(),
            name: "  Clínica   Centro ".into(),
            city: Some(" ".into()),
            state: Some("sp".into()),
            active: true,
        }
        .validate()
        .unwrap();
        assert_eq!(
            (
                ok.code.as_str(),
                ok.name.as_str(),
                ok.city,
                ok.state.as_deref()
            ),
            ("CLI-01", "Clínica Centro", None, Some("SP"))
        );
        let err = UnitDraft {
            code: "a/b".into(),
            name: String::new(),
            city: None,
            state: Some("XX".into()),
            active: true,
        }
        .validate()
        .unwrap_err();
        let fields: Vec<_> = err.fields.iter().map(|v| v.field.as_str()).collect();
        assert_eq!(fields, ["code", "name", "state"]);
    }
}
