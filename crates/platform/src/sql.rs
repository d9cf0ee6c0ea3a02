//! A WHERE clause built from the filters a request sets, for lists whose filters vary: only the conditions
//! present, `$1`… numbered in the order of their values. A catch-all clause (`$1 IS NULL OR …` per filter)
//! gives PostgreSQL one generic plan once prepared, which scans the table whatever the filter (see the
//! receivables list in `docs/benchmarks.md`).
//!
//! ```ignore
//! let mut w = Conditions::new();
//! let owner = w.arg(SqlArg::Text(uid));
//! w.push(format!("owner_id = {owner}"));
//! let sql = format!("SELECT … WHERE {}", w.sql());
//! on_db!(db, pool => platform::bind_sql_args!(sqlx::query_as(&sql), w.args()).fetch_all(pool).await)
//! ```

use chrono::{DateTime, NaiveDate, Utc};

/// A bound value.
#[derive(Debug, Clone)]
pub enum SqlArg {
    Text(String),
    Int(i64),
    Date(NaiveDate),
    Time(DateTime<Utc>),
}

/// The conditions joined with AND, and their values.
#[derive(Debug, Clone, Default)]
pub struct Conditions {
    clauses: Vec<String>,
    args: Vec<SqlArg>,
}

impl Conditions {
    pub fn new() -> Conditions {
        Conditions::default()
    }

    /// Binds a value; returns its placeholder (`$n`).
    pub fn arg(&mut self, arg: SqlArg) -> String {
        self.args.push(arg);
        format!("${}", self.args.len())
    }

    /// Binds each text; returns their placeholders separated by commas (for `IN (…)`; `NULL` when empty, so
    /// `x IN (NULL)` matches nothing).
    pub fn list<I: IntoIterator<Item = String>>(&mut self, values: I) -> String {
        let marks: Vec<String> = values
            .into_iter()
            .map(|v| self.arg(SqlArg::Text(v)))
            .collect();
        if marks.is_empty() {
            "NULL".into()
        } else {
            marks.join(", ")
        }
    }

    /// Adds a condition (already holding its placeholders).
    pub fn push(&mut self, clause: impl Into<String>) {
        self.clauses.push(clause.into());
    }

    /// The conditions joined with AND (`TRUE` when there are none).
    pub fn sql(&self) -> String {
        if self.clauses.is_empty() {
            "TRUE".into()
        } else {
            self.clauses.join(" AND ")
        }
    }

    pub fn args(&self) -> &[SqlArg] {
        &self.args
    }
}

/// Binds the values of [`Conditions::args`] to a sqlx query, in order (on either engine).
#[macro_export]
macro_rules! bind_sql_args {
    ($query:expr, $args:expr) => {{
        let mut q = $query;
        for arg in $args {
            q = match arg {
                $crate::sql::SqlArg::Text(t) => q.bind(t.clone()),
                $crate::sql::SqlArg::Int(i) => q.bind(*i),
                $crate::sql::SqlArg::Date(d) => q.bind(*d),
                $crate::sql::SqlArg::Time(t) => q.bind(*t),
            };
        }
        q
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_follow_the_order_of_the_values() {
        let mut w = Conditions::new();
        let a = w.arg(SqlArg::Int(1));
        w.push(format!("a = {a}"));
        let list = w.list(["x".to_string(), "y".to_string()]);
        w.push(format!("b IN ({list})"));
        assert_eq!(w.sql(), "a = $1 AND b IN ($2, $3)");
        assert_eq!(w.args().len(), 3);
        assert_eq!(Conditions::new().sql(), "TRUE");
        assert_eq!(Conditions::new().list(Vec::new()), "NULL");
    }
}
