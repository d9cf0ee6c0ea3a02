//! Feature previews (`/crmDev`, *Recursos em prévia*): the CRM features in pilot, defined here in code, and the
//! grants that turn one on or off for a role, a team or a user. Resolution: a user's grant beats their teams',
//! which beat their role's; without any, the feature's default.

use platform::Role;

/// A CRM feature that may be turned on or off per role, team or user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feature {
    /// Stable code the web asks for (`funil_lista`).
    pub code: &'static str,
    pub label: &'static str,
    pub description: &'static str,
    /// What a user without any grant gets.
    pub default_enabled: bool,
}

/// The registry: every feature in pilot. A code never changes (grants name it).
pub static FEATURES: &[Feature] = &[
    Feature {
        code: "funil_lista",
        label: "Funil em lista",
        description: "A alternância Quadro/Lista do funil (/crm): a lista paginada de oportunidades com filtros.",
        default_enabled: true,
    },
    Feature {
        code: "cadencias_calendario",
        label: "Calendário de prévia das cadências",
        description: "O botão \"Ver calendário\" do construtor de cadências: quando cada etapa cairia para uma inscrição.",
        default_enabled: true,
    },
    Feature {
        code: "funil_agenda",
        label: "Agenda de hoje no funil",
        description: "O painel lateral \"Agenda de hoje\" do funil, com as atividades do dia e as atrasadas.",
        default_enabled: true,
    },
];

pub fn feature(code: &str) -> Option<&'static Feature> {
    FEATURES.iter().find(|f| f.code == code)
}

/// Who a grant is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SubjectKind {
    Role,
    Team,
    User,
}

impl SubjectKind {
    pub const ALL: [SubjectKind; 3] = [SubjectKind::Role, SubjectKind::Team, SubjectKind::User];

    pub fn as_str(self) -> &'static str {
        match self {
            SubjectKind::Role => "papel",
            SubjectKind::Team => "time",
            SubjectKind::User => "usuario",
        }
    }

    pub fn parse(s: &str) -> Option<SubjectKind> {
        SubjectKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

/// A stored grant: `feature` on (`enabled`) or off for one subject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviewGrant {
    pub feature: String,
    pub kind: SubjectKind,
    /// A role code (`SALESPERSON`), a team id or a user's uid.
    pub subject_id: String,
    pub enabled: bool,
}

/// Who asks: their uid, role and the teams they belong to today.
#[derive(Debug, Clone, Default)]
pub struct Viewer<'a> {
    pub uid: &'a str,
    pub role: Option<Role>,
    pub teams: &'a [String],
}

/// Whether `feature` is on for `viewer`, given the feature's grants: the user's grant; else their teams' (on when
/// any of them turns it on); else their role's; else the default.
pub fn resolve(feature: &Feature, grants: &[PreviewGrant], viewer: &Viewer<'_>) -> bool {
    let of = |kind: SubjectKind| {
        grants
            .iter()
            .filter(move |g| g.feature == feature.code && g.kind == kind)
    };
    if let Some(g) = of(SubjectKind::User).find(|g| g.subject_id == viewer.uid) {
        return g.enabled;
    }
    let mut teams = of(SubjectKind::Team)
        .filter(|g| viewer.teams.contains(&g.subject_id))
        .peekable();
    if teams.peek().is_some() {
        return teams.any(|g| g.enabled);
    }
    if let Some(role) = viewer.role {
        if let Some(g) = of(SubjectKind::Role).find(|g| g.subject_id == role.as_str()) {
            return g.enabled;
        }
    }
    feature.default_enabled
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(kind: SubjectKind, subject: &str, enabled: bool) -> PreviewGrant {
        PreviewGrant {
            feature: "funil_lista".into(),
            kind,
            subject_id: subject.into(),
            enabled,
        }
    }

    #[test]
    fn a_user_grant_beats_a_team_grant_which_beats_a_role_grant() {
        let f = feature("funil_lista").unwrap();
        let teams = vec!["t1".to_string()];
        let viewer = Viewer {
            uid: "u1",
            role: Some(Role::Salesperson),
            teams: &teams,
        };
        assert!(resolve(f, &[], &viewer), "the default");
        let role_off = grant(SubjectKind::Role, "SALESPERSON", false);
        assert!(!resolve(f, std::slice::from_ref(&role_off), &viewer));
        let team_on = grant(SubjectKind::Team, "t1", true);
        assert!(resolve(f, &[role_off.clone(), team_on.clone()], &viewer));
        let user_off = grant(SubjectKind::User, "u1", false);
        assert!(!resolve(f, &[role_off, team_on, user_off], &viewer));
        // Others' grants do not count.
        let other = [
            grant(SubjectKind::User, "u2", false),
            grant(SubjectKind::Team, "t2", false),
            grant(SubjectKind::Role, "ADMIN", false),
        ];
        assert!(resolve(f, &other, &viewer));
    }

    #[test]
    fn among_the_users_teams_one_that_turns_it_on_wins() {
        let f = feature("funil_lista").unwrap();
        let teams = vec!["t1".to_string(), "t2".to_string()];
        let viewer = Viewer {
            uid: "u1",
            role: None,
            teams: &teams,
        };
        let grants = [
            grant(SubjectKind::Team, "t1", false),
            grant(SubjectKind::Team, "t2", true),
        ];
        assert!(resolve(f, &grants, &viewer));
        assert!(!resolve(f, &grants[..1], &viewer));
    }

    #[test]
    fn codes_are_unique_and_kinds_round_trip() {
        for (i, f) in FEATURES.iter().enumerate() {
            assert!(FEATURES[i + 1..].iter().all(|g| g.code != f.code));
        }
        for k in SubjectKind::ALL {
            assert_eq!(SubjectKind::parse(k.as_str()), Some(k));
        }
    }
}
