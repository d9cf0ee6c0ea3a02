//! The sales organisation: teams, their managers and members over time, monthly targets, and whose records a user
//! reaches (`scope`).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::NaiveDate;
use identity::{Identity, User, UserFilter};
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::{Principal, Role};

use crate::domain::team::{check_period, overlaps};
use crate::domain::{MemberRole, Month, Reach, Scope, Targets, TeamFields};
use crate::store::teams::{self as store, MemberRow, TargetRow, TeamRow};
use crate::store::Stamp;

/// The history entity of a team (`platform_history.entity`).
pub const TEAM_ENTITY: &str = "crm.team";

/// A team with what its cards and detail show.
#[derive(Debug, Clone)]
pub struct TeamView {
    pub team: TeamRow,
    pub managers: Vec<Person>,
    /// Every membership, past ones included, oldest first.
    pub members: Vec<Membership>,
    pub month: Month,
    /// The team's targets for `month`, and each member's.
    pub targets: Option<Targets>,
    pub member_targets: Vec<(String, Targets)>,
    /// Whether `month` is closed (a past month: targets read-only).
    pub closed: bool,
}

/// A user as the CRM shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub uid: String,
    pub name: String,
}

#[derive(Debug, Clone)]
pub struct Membership {
    pub row: MemberRow,
    pub name: String,
}

pub struct Teams {
    db: Db,
    clock: SharedClock,
    identity: Arc<Identity>,
}

pub(super) fn not_found() -> Error {
    Error::not_found("Time não encontrado.")
}

impl Teams {
    pub fn new(db: Db, clock: SharedClock, identity: Arc<Identity>) -> Teams {
        Teams {
            db,
            clock,
            identity,
        }
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    pub fn now(&self) -> chrono::DateTime<chrono::Utc> {
        self.clock.now()
    }

    fn stamp<'a>(&self, by: &'a Principal) -> Stamp<'a> {
        Stamp {
            uid: &by.uid,
            at: self.clock.now(),
        }
    }

    /// Whose records `p` reaches: a salesperson their own; a sales manager the teams they manage (their
    /// members today, and themselves); anyone else everything.
    pub async fn scope(&self, p: &Principal) -> Result<Scope> {
        match Reach::of(p) {
            Reach::All => Ok(Scope::All),
            Reach::Own => Ok(Scope::own(&p.uid)),
            Reach::Team => {
                let teams: BTreeSet<String> = store::managed_by(&self.db, &p.uid)
                    .await?
                    .into_iter()
                    .collect();
                let today = self.today();
                let mut users = BTreeSet::from([p.uid.clone()]);
                for m in store::members(&self.db, None).await? {
                    if teams.contains(&m.team_id) && m.on(today) {
                        users.insert(m.user_id);
                    }
                }
                Ok(Scope::Users { users, teams })
            }
        }
    }

    /// The ids of the teams of a unit, archived ones included (the sales context's door, unscoped: a report by
    /// unit still counts the sales of a team archived since).
    pub async fn of_unit(&self, unit_id: &str) -> Result<Vec<String>> {
        Ok(store::teams(&self.db, true)
            .await?
            .into_iter()
            .filter(|t| t.unit_id.as_deref() == Some(unit_id))
            .map(|t| t.id)
            .collect())
    }

    /// These users (any role: an owner may have changed role since), those that exist.
    pub async fn users(&self, uids: &[&str]) -> Result<Vec<User>> {
        self.identity.users(uids).await
    }

    /// The names of these users, by uid.
    pub async fn names_of(&self, uids: &[&str]) -> Result<HashMap<String, String>> {
        Ok(self
            .users(uids)
            .await?
            .into_iter()
            .map(|u| (u.uid, u.name))
            .collect())
    }

    /// Every team's name by id, archived ones too (a past sale names its owner's team of that day).
    pub async fn team_names(&self) -> Result<HashMap<String, String>> {
        Ok(store::teams(&self.db, true)
            .await?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect())
    }

    /// The users of the sales roles, by uid (names for managers and members).
    pub async fn sales_users(&self) -> Result<HashMap<String, User>> {
        let mut all = HashMap::new();
        for role in [Role::Salesperson, Role::SalesManager] {
            let filter = UserFilter {
                role: Some(role.as_str().to_string()),
                ..UserFilter::default()
            };
            let (users, _) = self.identity.list_users(&filter, 10_000, 0).await?;
            all.extend(users.into_iter().map(|u| (u.uid.clone(), u)));
        }
        Ok(all)
    }

    /// The teams `p` may see (a salesperson: the teams they are in today; a manager: theirs), with `month`'s
    /// targets.
    pub async fn list(&self, p: &Principal, month: Month, archived: bool) -> Result<Vec<TeamView>> {
        let teams = store::teams(&self.db, archived).await?;
        let visible = self.visible_teams(p).await?;
        let mut views = Vec::new();
        let snapshot = self.snapshot(month).await?;
        for team in teams {
            if visible.as_ref().is_some_and(|v| !v.contains(&team.id)) {
                continue;
            }
            views.push(snapshot.view(team, month, self.today()));
        }
        Ok(views)
    }

    /// One team, or 404 when `p` may not see it.
    pub async fn get(&self, p: &Principal, id: &str, month: Month) -> Result<TeamView> {
        let team = store::team(&self.db, id).await?.ok_or_else(not_found)?;
        if self
            .visible_teams(p)
            .await?
            .is_some_and(|v| !v.contains(&team.id))
        {
            return Err(not_found());
        }
        let snapshot = self.snapshot(month).await?;
        Ok(snapshot.view(team, month, self.today()))
    }

    /// The ids of the teams `p` sees (`None`: all).
    pub(super) async fn visible_teams(&self, p: &Principal) -> Result<Option<BTreeSet<String>>> {
        Ok(match Reach::of(p) {
            Reach::All => None,
            Reach::Team => Some(
                store::managed_by(&self.db, &p.uid)
                    .await?
                    .into_iter()
                    .collect(),
            ),
            Reach::Own => {
                let today = self.today();
                Some(
                    store::members(&self.db, None)
                        .await?
                        .into_iter()
                        .filter(|m| m.user_id == p.uid && m.on(today))
                        .map(|m| m.team_id)
                        .collect(),
                )
            }
        })
    }

    async fn snapshot(&self, month: Month) -> Result<TeamsSnapshot> {
        let users = self.sales_users().await?;
        let mut managers: HashMap<String, Vec<String>> = HashMap::new();
        for (team, user) in store::managers(&self.db).await? {
            managers.entry(team).or_default().push(user);
        }
        let mut members: HashMap<String, Vec<MemberRow>> = HashMap::new();
        for m in store::members(&self.db, None).await? {
            members.entry(m.team_id.clone()).or_default().push(m);
        }
        let mut targets: HashMap<String, Vec<TargetRow>> = HashMap::new();
        for (team, t) in store::all_targets(&self.db, month).await? {
            targets.entry(team).or_default().push(t);
        }
        Ok(TeamsSnapshot {
            users,
            managers,
            members,
            targets,
        })
    }

    /// Checks the managers are active sales managers.
    async fn check_managers(&self, fields: &TeamFields) -> Result<()> {
        let users = self.sales_users().await?;
        for (i, id) in fields.manager_ids.iter().enumerate() {
            match users.get(id) {
                Some(u) if u.active && u.role == Some(Role::SalesManager) => {}
                _ => {
                    return Err(Error::invalid_field(
                        &format!("manager_ids[{i}]"),
                        "O gestor deve ser um usuário ativo com o papel Gerente de vendas.",
                    ))
                }
            }
        }
        if let Some(unit) = &fields.unit_id {
            platform::units::active(&self.db, unit, "unit_id").await?;
        }
        Ok(())
    }

    pub async fn create(&self, fields: TeamFields, by: &Principal) -> Result<TeamView> {
        self.check_managers(&fields).await?;
        let id = uuid::Uuid::now_v7().to_string();
        let stamp = self.stamp(by);
        let mut tx = self.db.begin().await?;
        match store::insert_team(&mut tx, &id, &fields, &stamp).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => return Err(name_taken(&fields.name)),
            Err(e) => return Err(e.into()),
        }
        let entry = Entry {
            entity: TEAM_ENTITY,
            entity_id: &id,
            action: "Time criado",
            from_state: None,
            to_state: Some("ATIVO"),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(by, &id, Month::of(self.today())).await
    }

    pub async fn update(&self, id: &str, fields: TeamFields, by: &Principal) -> Result<TeamView> {
        let current = store::team(&self.db, id).await?.ok_or_else(not_found)?;
        if current.archived {
            return Err(Error::conflict(
                "time_arquivado",
                "Time arquivado não pode ser alterado.",
            ));
        }
        self.check_managers(&fields).await?;
        let users = self.sales_users().await?;
        let before: Vec<String> = store::managers(&self.db)
            .await?
            .into_iter()
            .filter(|(t, _)| t == id)
            .map(|(_, u)| u)
            .collect();
        let stamp = self.stamp(by);
        let mut tx = self.db.begin().await?;
        match store::update_team(&mut tx, id, current.version, &fields, &stamp).await {
            Ok(true) => {}
            Ok(false) => {
                return Err(Error::conflict(
                    "alteracao_concorrente",
                    "O time foi alterado por outra pessoa ao mesmo tempo. Recarregue e tente novamente.",
                ))
            }
            Err(e) if is_unique_violation(&e) => return Err(name_taken(&fields.name)),
            Err(e) => return Err(e.into()),
        }
        let names = |ids: &[String]| {
            ids.iter()
                .map(|u| {
                    users
                        .get(u)
                        .map(|u| u.name.clone())
                        .unwrap_or_else(|| u.clone())
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut changes = Vec::new();
        if current.name != fields.name {
            changes.push(Change::new(
                "name",
                Some(current.name.clone()),
                Some(fields.name.clone()),
            ));
        }
        if current.unit_id != fields.unit_id {
            changes.push(Change::new(
                "unit_id",
                current.unit_id.clone(),
                fields.unit_id.clone(),
            ));
        }
        if before != fields.manager_ids {
            changes.push(Change::new(
                "manager_ids",
                Some(names(&before)),
                Some(names(&fields.manager_ids)),
            ));
        }
        if !changes.is_empty() {
            let entry = Entry {
                entity: TEAM_ENTITY,
                entity_id: id,
                action: "Time alterado",
                from_state: None,
                to_state: None,
                reason: None,
                changes,
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        tx.commit().await?;
        self.get(by, id, Month::of(self.today())).await
    }

    pub async fn archive(&self, id: &str, by: &Principal) -> Result<TeamView> {
        store::team(&self.db, id).await?.ok_or_else(not_found)?;
        let stamp = self.stamp(by);
        let mut tx = self.db.begin().await?;
        if store::archive_team(&mut tx, id, &stamp).await? {
            let entry = Entry {
                entity: TEAM_ENTITY,
                entity_id: id,
                action: "Time arquivado",
                from_state: Some("ATIVO"),
                to_state: Some("ARQUIVADO"),
                reason: None,
                changes: Vec::new(),
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        tx.commit().await?;
        self.get(by, id, Month::of(self.today())).await
    }

    /// A team `p` may change members and member targets of (a manager: their own; ADMIN: any), or 404.
    async fn writable(&self, p: &Principal, id: &str) -> Result<TeamRow> {
        let team = store::team(&self.db, id).await?.ok_or_else(not_found)?;
        if !self.scope(p).await?.reaches_team(&team.id) {
            return Err(not_found());
        }
        if team.archived {
            return Err(Error::conflict(
                "time_arquivado",
                "Time arquivado não pode ser alterado.",
            ));
        }
        Ok(team)
    }

    /// Adds `user_id` to the team from `joined_on`; a salesperson is in one team at a time.
    pub async fn add_member(
        &self,
        p: &Principal,
        team_id: &str,
        user_id: &str,
        role: MemberRole,
        joined_on: NaiveDate,
    ) -> Result<TeamView> {
        let team = self.writable(p, team_id).await?;
        let users = self.sales_users().await?;
        let user = match users.get(user_id) {
            Some(u)
                if u.active && matches!(u.role, Some(Role::Salesperson | Role::SalesManager)) =>
            {
                u
            }
            _ => {
                return Err(Error::invalid_field(
                    "user_id",
                    "Escolha um usuário ativo com papel de vendas.",
                ))
            }
        };
        let stamp = self.stamp(p);
        let mut tx = self.db.begin().await?;
        for m in store::memberships_of(&mut tx, user_id).await? {
            if overlaps((m.joined_on, m.left_on), (joined_on, None)) {
                let other = store::team(&self.db, &m.team_id)
                    .await?
                    .map(|t| t.name)
                    .unwrap_or_default();
                return Err(Error::invalid_field(
                    "joined_on",
                    format!(
                        "{} já é integrante do time {} desde {}; registre a saída antes.",
                        user.name,
                        other,
                        m.joined_on.format("%d/%m/%Y")
                    ),
                ));
            }
        }
        let row = MemberRow {
            id: uuid::Uuid::now_v7().to_string(),
            team_id: team.id.clone(),
            user_id: user_id.to_string(),
            role_in_team: role.as_str().into(),
            joined_on,
            left_on: None,
        };
        store::insert_member(&mut tx, &row, &stamp).await?;
        let entry = Entry {
            entity: TEAM_ENTITY,
            entity_id: &team.id,
            action: "Integrante incluído",
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![Change::new(
                "member",
                None,
                Some(format!(
                    "{} ({}) desde {}",
                    user.name,
                    role.as_str(),
                    joined_on.format("%d/%m/%Y")
                )),
            )],
        };
        history::record(&mut tx, &entry, p, stamp.at).await?;
        tx.commit().await?;
        self.get(p, team_id, Month::of(self.today())).await
    }

    /// Ends a membership on `left_on` (the member's last day in the team).
    pub async fn end_membership(
        &self,
        p: &Principal,
        team_id: &str,
        member_id: &str,
        left_on: NaiveDate,
    ) -> Result<TeamView> {
        let team = self.writable(p, team_id).await?;
        let stamp = self.stamp(p);
        let mut tx = self.db.begin().await?;
        let member = store::member(&mut tx, member_id)
            .await?
            .filter(|m| m.team_id == team.id)
            .ok_or_else(|| Error::not_found("Integrante não encontrado neste time."))?;
        if member.left_on.is_some() {
            return Err(Error::conflict(
                "ja_saiu",
                "Este integrante já saiu do time.",
            ));
        }
        check_period(member.joined_on, Some(left_on))?;
        store::set_left_on(&mut tx, member_id, left_on, &stamp).await?;
        let name = self
            .sales_users()
            .await?
            .get(&member.user_id)
            .map(|u| u.name.clone())
            .unwrap_or_else(|| member.user_id.clone());
        let entry = Entry {
            entity: TEAM_ENTITY,
            entity_id: &team.id,
            action: "Integrante saiu",
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![Change::new(
                "member",
                Some(name),
                Some(format!("saída em {}", left_on.format("%d/%m/%Y"))),
            )],
        };
        history::record(&mut tx, &entry, p, stamp.at).await?;
        tx.commit().await?;
        self.get(p, team_id, Month::of(self.today())).await
    }

    /// Sets the team's targets for `month` (ADMIN) and splits them evenly over the month's members, which the
    /// manager may then redistribute. A past month is closed.
    pub async fn set_targets(
        &self,
        p: &Principal,
        team_id: &str,
        month: Month,
        targets: Targets,
    ) -> Result<TeamView> {
        targets.check("")?;
        let team = self.writable(p, team_id).await?;
        self.open(month)?;
        let members = self.members_in(&team.id, month).await?;
        let split = targets.split_evenly(members.len());
        let mut rows = vec![(String::new(), targets)];
        rows.extend(members.into_iter().zip(split));
        self.write_targets(p, &team, month, &rows, "Metas do time definidas")
            .await
    }

    /// Redistributes a month's targets among the members: they must sum to the team's, metric by metric.
    pub async fn distribute(
        &self,
        p: &Principal,
        team_id: &str,
        month: Month,
        parts: Vec<(String, Targets)>,
    ) -> Result<TeamView> {
        let team = self.writable(p, team_id).await?;
        self.open(month)?;
        let current = store::targets(&self.db, &team.id, month).await?;
        let Some(whole) = current.iter().find(|t| t.user_id.is_empty()) else {
            return Err(Error::invalid_field(
                "members",
                "Defina primeiro a meta do time para este mês.",
            ));
        };
        let members = self.members_in(&team.id, month).await?;
        for (i, (user, t)) in parts.iter().enumerate() {
            if !members.contains(user) {
                return Err(Error::invalid_field(
                    &format!("members[{i}].user_id"),
                    "Não é integrante do time neste mês.",
                ));
            }
            t.check(&format!("members[{i}]."))?;
        }
        let only: Vec<Targets> = parts.iter().map(|(_, t)| *t).collect();
        whole.targets().check_distribution(&only)?;
        let mut rows = vec![(String::new(), whole.targets())];
        rows.extend(parts);
        self.write_targets(
            p,
            &team,
            month,
            &rows,
            "Metas dos integrantes redistribuídas",
        )
        .await
    }

    fn open(&self, month: Month) -> Result<()> {
        if month < Month::of(self.today()) {
            return Err(Error::invalid_field(
                "month",
                format!(
                    "O mês {} está fechado: as metas não mudam mais.",
                    month.label()
                ),
            ));
        }
        Ok(())
    }

    /// The users who are members on some day of `month`.
    async fn members_in(&self, team_id: &str, month: Month) -> Result<Vec<String>> {
        let last = month.end().pred_opt().unwrap_or(month.end());
        let mut users = Vec::new();
        for m in store::members(&self.db, Some(team_id)).await? {
            if overlaps((m.joined_on, m.left_on), (month.first_day(), Some(last)))
                && !users.contains(&m.user_id)
            {
                users.push(m.user_id);
            }
        }
        Ok(users)
    }

    async fn write_targets(
        &self,
        p: &Principal,
        team: &TeamRow,
        month: Month,
        rows: &[(String, Targets)],
        action: &str,
    ) -> Result<TeamView> {
        let stamp = self.stamp(p);
        let mut tx = self.db.begin().await?;
        store::replace_targets(&mut tx, &team.id, month, rows, &stamp).await?;
        let entry = Entry {
            entity: TEAM_ENTITY,
            entity_id: &team.id,
            action,
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![Change::new("month", None, Some(month.label()))],
        };
        history::record(&mut tx, &entry, p, stamp.at).await?;
        tx.commit().await?;
        self.get(p, &team.id, month).await
    }

    pub async fn history(&self, p: &Principal, id: &str) -> Result<Vec<Recorded>> {
        self.get(p, id, Month::of(self.today())).await?;
        history::of(&self.db, TEAM_ENTITY, id).await
    }
}

fn name_taken(name: &str) -> Error {
    Error::invalid_field("name", format!("Já existe um time ativo chamado {name}."))
}

/// Everything the views of many teams need, read once.
struct TeamsSnapshot {
    users: HashMap<String, User>,
    managers: HashMap<String, Vec<String>>,
    members: HashMap<String, Vec<MemberRow>>,
    targets: HashMap<String, Vec<TargetRow>>,
}

impl TeamsSnapshot {
    fn name(&self, uid: &str) -> String {
        self.users
            .get(uid)
            .map(|u| u.name.clone())
            .unwrap_or_else(|| uid.to_string())
    }

    fn view(&self, team: TeamRow, month: Month, today: NaiveDate) -> TeamView {
        let managers = self
            .managers
            .get(&team.id)
            .into_iter()
            .flatten()
            .map(|uid| Person {
                uid: uid.clone(),
                name: self.name(uid),
            })
            .collect();
        let members = self
            .members
            .get(&team.id)
            .into_iter()
            .flatten()
            .map(|m| Membership {
                name: self.name(&m.user_id),
                row: m.clone(),
            })
            .collect();
        let rows = self.targets.get(&team.id).cloned().unwrap_or_default();
        let targets = rows
            .iter()
            .find(|t| t.user_id.is_empty())
            .map(TargetRow::targets);
        let member_targets = rows
            .iter()
            .filter(|t| !t.user_id.is_empty())
            .map(|t| (t.user_id.clone(), t.targets()))
            .collect();
        TeamView {
            team,
            managers,
            members,
            month,
            targets,
            member_targets,
            closed: month < Month::of(today),
        }
    }
}
