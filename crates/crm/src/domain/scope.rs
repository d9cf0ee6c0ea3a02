//! Whose records a user reaches in the CRM (sales-crm-commissions.md §6): a salesperson their own, a sales
//! manager their teams' (the members of the teams they manage, and themselves), everyone else all of them (what
//! they may *do* with them is the permission's business). Outside the scope a record is 404, never 403.

use std::collections::BTreeSet;

use platform::{Principal, Role};

/// The reach of one request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    All,
    /// These users' records (owner or salesperson), and the records of these teams.
    Users {
        users: BTreeSet<String>,
        teams: BTreeSet<String>,
    },
}

/// Which kind of reach a role has, before the teams are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    Own,
    Team,
    All,
}

impl Reach {
    pub fn of(principal: &Principal) -> Reach {
        match principal.role {
            Some(Role::Salesperson) => Reach::Own,
            Some(Role::SalesManager) => Reach::Team,
            _ => Reach::All,
        }
    }
}

impl Scope {
    /// Only `uid`'s own records.
    pub fn own(uid: &str) -> Scope {
        Scope::Users {
            users: BTreeSet::from([uid.to_string()]),
            teams: BTreeSet::new(),
        }
    }

    /// Whether a record owned by `owner` (or of `team`) is within reach.
    pub fn reaches(&self, owner: Option<&str>, team: Option<&str>) -> bool {
        match self {
            Scope::All => true,
            Scope::Users { users, teams } => {
                owner.is_some_and(|o| users.contains(o)) || team.is_some_and(|t| teams.contains(t))
            }
        }
    }

    pub fn reaches_team(&self, team: &str) -> bool {
        match self {
            Scope::All => true,
            Scope::Users { teams, .. } => teams.contains(team),
        }
    }

    /// The users whose records are in reach (`None`: everyone's).
    pub fn users(&self) -> Option<Vec<String>> {
        match self {
            Scope::All => None,
            Scope::Users { users, .. } => Some(users.iter().cloned().collect()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_reaches_its_users_and_teams_only() {
        let own = Scope::own("ana");
        assert!(own.reaches(Some("ana"), None));
        assert!(!own.reaches(Some("bia"), Some("t1")));
        assert!(!own.reaches(None, None));
        let team = Scope::Users {
            users: BTreeSet::from(["gil".to_string(), "ana".to_string()]),
            teams: BTreeSet::from(["t1".to_string()]),
        };
        assert!(team.reaches(Some("bia"), Some("t1")));
        assert!(team.reaches(Some("ana"), None));
        assert!(!team.reaches(Some("bia"), Some("t2")));
        assert!(Scope::All.reaches(None, None));
        assert_eq!(
            team.users(),
            Some(vec!["ana".to_string(), "gil".to_string()])
        );
    }
}
