//! The funnel: the board (columns with counts, values and their newest cards), the list, new leads, moves
//! between stages, losses with a reason, and the win that only a confirmed sale sets ([`Opportunities::mark_won`],
//! the sales context's door). Records outside the caller's scope are 404.

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use platform::clock::SharedClock;
use platform::db::{Db, Tx};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Reason, Recorded};
use platform::text::fold;
use platform::{Principal, Role};

use super::{Clients, Teams};
use crate::domain::opportunity::{
    check_move, parse_loss, search_text, Opportunity, OpportunityDraft, OpportunityFields, Source,
    Stage, StageKind, Status,
};
use crate::domain::Scope;
use crate::store::links::{self as links_store, Reach as LinkReach};
use crate::store::opportunities::{self as store, Filter, ListSort, Listed, Placement};
use crate::store::teams as teams_store;
use crate::store::Stamp;

/// The history entity of an opportunity (`platform_history.entity`).
pub const OPPORTUNITY_ENTITY: &str = "crm.opportunity";
/// Cards per column on the board's first paint; the rest come a page at a time.
pub const CARDS_PER_COLUMN: i64 = 20;
/// How far back the won and lost columns look by default.
pub const CLOSED_COLUMNS_DAYS: i64 = 30;

/// An opportunity with the names its card shows.
#[derive(Debug, Clone)]
pub struct OpportunityView {
    pub opportunity: Opportunity,
    pub client_name: Option<String>,
    pub owner_name: String,
    pub team_name: Option<String>,
    pub link_code: Option<String>,
    pub idle_days: i64,
}

/// One column of the board.
#[derive(Debug, Clone)]
pub struct Column {
    pub stage: Stage,
    pub count: i64,
    pub value_cents: i64,
    pub cards: Vec<OpportunityView>,
}

/// What the board and the list are filtered by, as asked.
#[derive(Debug, Clone, Default)]
pub struct FunnelQuery {
    pub team_id: Option<String>,
    pub owner_id: Option<String>,
    pub source: Option<Source>,
    pub link_id: Option<String>,
    pub client_id: Option<String>,
    /// Created in this period (business dates, inclusive).
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// Not touched for more than this many days.
    pub idle_days: Option<i64>,
    pub q: Option<String>,
    /// How far back the won and lost columns look (default [`CLOSED_COLUMNS_DAYS`]).
    pub closed_days: Option<i64>,
}

pub struct Opportunities {
    db: Db,
    clock: SharedClock,
    teams: Arc<Teams>,
    clients: Arc<Clients>,
}

fn not_found() -> Error {
    Error::not_found("Oportunidade não encontrada.")
}

impl Opportunities {
    pub fn new(db: Db, clock: SharedClock, teams: Arc<Teams>, clients: Arc<Clients>) -> Self {
        Opportunities {
            db,
            clock,
            teams,
            clients,
        }
    }

    fn stamp<'a>(&self, by: &'a Principal) -> Stamp<'a> {
        Stamp {
            uid: &by.uid,
            at: self.clock.now(),
        }
    }

    pub async fn stages(&self) -> Result<Vec<Stage>> {
        Ok(store::stages(&self.db).await?)
    }

    async fn stage(&self, id: &str) -> Result<Stage> {
        self.stages()
            .await?
            .into_iter()
            .find(|s| s.id == id)
            .ok_or_else(|| Error::invalid_field("stage_id", "Etapa do funil não encontrada."))
    }

    /// The store filter for `q` within `p`'s scope.
    async fn filter(&self, p: &Principal, q: &FunnelQuery) -> Result<Filter> {
        let reach = match self.teams.scope(p).await? {
            Scope::All => None,
            Scope::Users { users, teams } => {
                Some((users.into_iter().collect(), teams.into_iter().collect()))
            }
        };
        let now = self.clock.now();
        let start_of = |d: NaiveDate| platform::clock::start_of_day(d);
        Ok(Filter {
            reach,
            team_id: q.team_id.clone(),
            owner_id: q.owner_id.clone(),
            source: q.source,
            link_id: q.link_id.clone(),
            client_id: q.client_id.clone(),
            stage_id: None,
            created_from: q.from.map(start_of),
            created_until: q.to.and_then(|d| d.succ_opt()).map(start_of),
            idle_since: q.idle_days.map(|d| now - Duration::days(d)),
            q: q.q.as_deref().map(fold).filter(|t| !t.is_empty()),
            closed_from: Some(now - Duration::days(q.closed_days.unwrap_or(CLOSED_COLUMNS_DAYS))),
        })
    }

    /// The board: every stage that is not archived (or still holds opportunities) with how many match, their
    /// expected value and the newest `per_column` cards. The counts and the columns are read side by side, each
    /// query on one status so that it walks the board index.
    pub async fn board(
        &self,
        p: &Principal,
        q: &FunnelQuery,
        per_column: i64,
    ) -> Result<Vec<Column>> {
        let filter = self.filter(p, q).await?;
        let stages = self.stages().await?;
        let (open, closed) = futures::future::try_join(
            store::open_totals(&self.db, &filter),
            futures::future::try_join_all(
                stages
                    .iter()
                    .filter(|s| s.kind != StageKind::Open)
                    .map(|s| {
                        store::closed_total(&self.db, &filter, &s.id, Status::in_stage(s.kind))
                    }),
            ),
        )
        .await?;
        let mut totals: HashMap<&str, (i64, i64)> = open
            .iter()
            .map(|(stage, n, v)| (stage.as_str(), (*n, *v)))
            .collect();
        let terminals = stages.iter().filter(|s| s.kind != StageKind::Open);
        totals.extend(
            terminals
                .zip(closed)
                .filter(|(_, (n, _))| *n > 0)
                .map(|(s, total)| (s.id.as_str(), total)),
        );
        let shown: Vec<&Stage> = stages
            .iter()
            .filter(|s| !s.archived || totals.contains_key(s.id.as_str()))
            .collect();
        let pages = futures::future::try_join_all(shown.iter().map(|s| {
            let wanted = if totals.contains_key(s.id.as_str()) {
                per_column
            } else {
                0
            };
            store::cards(
                &self.db,
                &filter,
                (&s.id, Status::in_stage(s.kind)),
                wanted,
                0,
            )
        }))
        .await?;
        let listed: Vec<Listed> = pages.iter().flatten().cloned().collect();
        let names = self.names(&listed).await?;
        let mut columns = Vec::new();
        for (stage, page) in shown.into_iter().zip(pages) {
            let (count, value_cents) = totals.get(stage.id.as_str()).copied().unwrap_or((0, 0));
            columns.push(Column {
                cards: page.into_iter().map(|l| names.view(l)).collect(),
                stage: stage.clone(),
                count,
                value_cents,
            });
        }
        Ok(columns)
    }

    /// A page of the list: every stage (or one, `stage_id`, newest in it first), optionally one status.
    #[allow(clippy::too_many_arguments)]
    pub async fn list(
        &self,
        p: &Principal,
        q: &FunnelQuery,
        status: Option<Status>,
        stage_id: Option<&str>,
        sort: ListSort,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<OpportunityView>, i64)> {
        let mut filter = self.filter(p, q).await?;
        // A column's next page keeps the board's window on the closed ones; the list by status shows them all.
        if status.is_some() || stage_id.is_none() {
            filter.closed_from = None;
        }
        // A stage holds one status: naming it lets the query walk the board index.
        let status = match stage_id {
            Some(id) => match self.stages().await?.into_iter().find(|s| s.id == id) {
                Some(stage) => Some(status.unwrap_or(Status::in_stage(stage.kind))),
                None => return Ok((Vec::new(), 0)),
            },
            None => status,
        };
        filter.stage_id = stage_id.map(str::to_string);
        let (rows, total) = store::list(&self.db, &filter, status, sort, limit, offset).await?;
        let names = self.names(&rows).await?;
        Ok((rows.into_iter().map(|l| names.view(l)).collect(), total))
    }

    /// One opportunity `p` reaches, or 404.
    pub async fn get_for(&self, p: &Principal, id: &str) -> Result<OpportunityView> {
        let listed = self.reached(p, id).await?;
        let names = self.names(std::slice::from_ref(&listed)).await?;
        Ok(names.view(listed))
    }

    /// The opportunity if `p` reaches it, else 404.
    async fn reached(&self, p: &Principal, id: &str) -> Result<Listed> {
        let scope = self.teams.scope(p).await?;
        self.reached_in(&scope, id).await
    }

    /// The opportunity if `scope` reaches it, else 404 (for a command that needs the scope again).
    async fn reached_in(&self, scope: &Scope, id: &str) -> Result<Listed> {
        let listed = store::by_id(&self.db, id).await?.ok_or_else(not_found)?;
        let o = &listed.opportunity.fields;
        if !scope.reaches(Some(&o.owner_id), o.team_id.as_deref()) {
            return Err(not_found());
        }
        Ok(listed)
    }

    /// A new lead in the first working stage (or the one asked), owned by the caller unless they name a
    /// salesperson of their scope; its team is the owner's team today unless given.
    pub async fn create(
        &self,
        p: &Principal,
        mut draft: OpportunityDraft,
        stage_id: Option<&str>,
        link_code: Option<&str>,
    ) -> Result<OpportunityView> {
        if draft
            .owner_id
            .as_deref()
            .is_none_or(|o| o.trim().is_empty())
            && matches!(p.role, Some(Role::Salesperson | Role::SalesManager))
        {
            draft.owner_id = Some(p.uid.clone());
        }
        if let Some(code) = link_code.map(str::trim).filter(|c| !c.is_empty()) {
            let link = links_store::link_by_code(&self.db, code)
                .await?
                .ok_or_else(|| {
                    Error::invalid_field("link_code", "Link de marketing não encontrado.")
                })?;
            draft.marketing_link_id = Some(link.id);
        }
        let mut fields = draft.validate()?;
        let scope = self.teams.scope(p).await?;
        self.check(p, &scope, &mut fields, None).await?;
        let stage = match stage_id {
            Some(id) => self.stage(id).await?,
            None => self
                .stages()
                .await?
                .into_iter()
                .find(|s| s.kind == StageKind::Open && !s.archived)
                .ok_or_else(|| Error::invalid_field("stage_id", "O funil não tem etapas."))?,
        };
        check_move(Status::Open, &stage)?;
        let client_name = self.client_name(&fields).await?;
        let now = self.clock.now();
        let opportunity = Opportunity {
            id: uuid::Uuid::now_v7().to_string(),
            fields,
            stage_id: stage.id.clone(),
            status: Status::Open,
            lost_reason: None,
            lost_note: None,
            won_sale_id: None,
            closed_at: None,
            stage_entered_at: now,
            last_touch_at: now,
            version: 1,
            created_at: now,
            created_by: p.uid.clone(),
            updated_at: now,
        };
        let mut tx = self.db.begin().await?;
        store::insert(
            &mut tx,
            &opportunity,
            &search_text(&opportunity.fields, client_name.as_deref()),
        )
        .await?;
        let entry = Entry {
            entity: OPPORTUNITY_ENTITY,
            entity_id: &opportunity.id,
            action: "Oportunidade criada",
            from_state: None,
            to_state: Some(&stage.name),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        self.get_for(p, &opportunity.id).await
    }

    /// Checks what `p` sets: the client within their scope, the owner a salesperson of their scope (moving an
    /// opportunity to another owner needs team scope), the team one that exists (the owner's today when left
    /// out) and the marketing link one that exists.
    async fn check(
        &self,
        p: &Principal,
        scope: &Scope,
        f: &mut OpportunityFields,
        before: Option<&OpportunityFields>,
    ) -> Result<()> {
        if let Some(client) = &f.client_id {
            if before.is_none_or(|b| b.client_id.as_ref() != Some(client)) {
                self.clients
                    .get_for(p, client)
                    .await
                    .map_err(|_| Error::invalid_field("client_id", "Cliente não encontrado."))?;
            }
        }
        if before.is_none_or(|b| b.owner_id != f.owner_id) {
            if f.owner_id != p.uid {
                let users = self.teams.sales_users().await?;
                if !users.get(&f.owner_id).is_some_and(|u| u.active) {
                    return Err(Error::invalid_field(
                        "owner_id",
                        "O responsável deve ser um vendedor ou gerente de vendas ativo.",
                    ));
                }
            }
            if !scope.reaches(Some(&f.owner_id), None) {
                return Err(Error::invalid_field(
                    "owner_id",
                    "Escolha um responsável do seu time.",
                ));
            }
            if before.is_some() && f.team_id == before.and_then(|b| b.team_id.clone()) {
                f.team_id = None;
            }
        }
        match &f.team_id {
            Some(team) => {
                if teams_store::team(&self.db, team).await?.is_none() {
                    return Err(Error::invalid_field("team_id", "Time não encontrado."));
                }
            }
            None => f.team_id = self.team_of(&f.owner_id).await?,
        }
        if let Some(link) = &f.marketing_link_id {
            if before.is_none_or(|b| b.marketing_link_id.as_ref() != Some(link))
                && links_store::link_by_id(&self.db, link, &LinkReach::All)
                    .await?
                    .is_none()
            {
                return Err(Error::invalid_field(
                    "marketing_link_id",
                    "Link de marketing não encontrado.",
                ));
            }
        }
        Ok(())
    }

    /// The team `uid` is a member of today (the first one, when several).
    /// `uid`'s team today (their membership on today's date), if any: the sales context snapshots it.
    pub async fn team_of(&self, uid: &str) -> Result<Option<String>> {
        let today = self.clock.today();
        Ok(teams_store::members(&self.db, None)
            .await?
            .into_iter()
            .find(|m| m.user_id == uid && m.on(today))
            .map(|m| m.team_id))
    }

    async fn client_name(&self, f: &OpportunityFields) -> Result<Option<String>> {
        Ok(match &f.client_id {
            Some(id) => Some(self.clients.get(id).await?.fields.name),
            None => None,
        })
    }

    /// Changes the fields; an attribution already set changes only with a reason (kept in the history).
    pub async fn update(
        &self,
        p: &Principal,
        id: &str,
        version: Option<i64>,
        change: impl Fn(&mut OpportunityDraft),
        attribution_reason: Option<&str>,
    ) -> Result<OpportunityView> {
        let scope = self.teams.scope(p).await?;
        let current = self.reached_in(&scope, id).await?.opportunity;
        if current.status == Status::Won {
            return Err(won(&current));
        }
        if version.is_some_and(|v| v != current.version) {
            return Err(stale());
        }
        let mut draft = OpportunityDraft::of(&current.fields);
        change(&mut draft);
        let mut fields = draft.validate()?;
        self.check(p, &scope, &mut fields, Some(&current.fields))
            .await?;
        let reason = match (&current.fields.marketing_link_id, &fields.marketing_link_id) {
            (Some(before), after) if after.as_ref() != Some(before) => Some(
                Reason::parse("attribution_reason", attribution_reason)
                    .map_err(|v| Error::invalid(vec![v]))?,
            ),
            _ => None,
        };
        let changes = changes(&current.fields, &fields);
        if changes.is_empty() {
            return self.get_for(p, id).await;
        }
        let client_name = self.client_name(&fields).await?;
        let stamp = self.stamp(p);
        let mut tx = self.db.begin().await?;
        if !store::update_fields(
            &mut tx,
            id,
            current.version,
            &fields,
            &search_text(&fields, client_name.as_deref()),
            &stamp,
        )
        .await?
        {
            return Err(stale());
        }
        let action = if reason.is_some() {
            "Atribuição alterada"
        } else {
            "Oportunidade alterada"
        };
        let entry = Entry {
            entity: OPPORTUNITY_ENTITY,
            entity_id: id,
            action,
            from_state: None,
            to_state: None,
            reason: reason.as_ref(),
            changes,
        };
        history::record(&mut tx, &entry, p, stamp.at).await?;
        tx.commit().await?;
        self.get_for(p, id).await
    }

    /// Moves an opportunity to a working stage (a lost one is reopened). Won and lost have their own ways.
    pub async fn move_to(
        &self,
        p: &Principal,
        id: &str,
        stage_id: &str,
        version: Option<i64>,
    ) -> Result<OpportunityView> {
        let current = self.reached(p, id).await?.opportunity;
        let stage = self.stage(stage_id).await?;
        check_move(current.status, &stage)?;
        if current.stage_id == stage.id {
            return self.get_for(p, id).await;
        }
        if version.is_some_and(|v| v != current.version) {
            return Err(stale());
        }
        let from = self.stage(&current.stage_id).await?;
        let action = if current.status == Status::Lost {
            "Oportunidade reaberta"
        } else {
            "Etapa alterada"
        };
        let placement = Placement {
            stage_id: &stage.id,
            status: Status::Open,
            lost_reason: None,
            lost_note: None,
            won_sale_id: None,
        };
        self.place(p, &current, &placement, action, (&from, &stage), None)
            .await?;
        self.get_for(p, id).await
    }

    /// Marks an open opportunity lost, with a reason from the list (`outro` with a note).
    pub async fn lose(
        &self,
        p: &Principal,
        id: &str,
        reason: &str,
        note: Option<&str>,
    ) -> Result<OpportunityView> {
        let (reason, note) = parse_loss(reason, note)?;
        let current = self.reached(p, id).await?.opportunity;
        match current.status {
            Status::Won => return Err(won(&current)),
            Status::Lost => {
                return Err(Error::conflict(
                    "oportunidade_perdida",
                    "Esta oportunidade já está perdida: reabra-a movendo para uma etapa.",
                ))
            }
            Status::Open => {}
        }
        let stages = self.stages().await?;
        let lost = terminal(&stages, StageKind::Lost)?;
        let from = self.stage(&current.stage_id).await?;
        let placement = Placement {
            stage_id: &lost.id,
            status: Status::Lost,
            lost_reason: Some(reason),
            lost_note: note.as_deref(),
            won_sale_id: None,
        };
        let why = Change::new("lost_reason", None, Some(reason.label().to_string()));
        self.place(
            p,
            &current,
            &placement,
            "Oportunidade perdida",
            (&from, lost),
            Some(why),
        )
        .await?;
        self.get_for(p, id).await
    }

    /// The sales context's door: the opportunity is won by the confirmed sale `sale_id` (idempotent for the same
    /// sale). `by` is who confirmed the sale.
    pub async fn mark_won(&self, by: &Principal, id: &str, sale_id: &str) -> Result<Opportunity> {
        let mut tx = self.db.begin().await?;
        self.mark_won_in(&mut tx, by, id, sale_id).await?;
        tx.commit().await?;
        Ok(store::by_id(&self.db, id)
            .await?
            .ok_or_else(not_found)?
            .opportunity)
    }

    /// [`Self::mark_won`] in the caller's transaction (the sale's confirmation): nothing is written when the
    /// caller rolls back. Won by another sale, or changed meanwhile, is 409; lost is 409 too. Returns the
    /// marketing link the opportunity came through (first touch), which the sale keeps as its attribution.
    pub async fn mark_won_in(
        &self,
        tx: &mut Tx,
        by: &Principal,
        id: &str,
        sale_id: &str,
    ) -> Result<Option<String>> {
        let current = store::by_id(&self.db, id)
            .await?
            .ok_or_else(not_found)?
            .opportunity;
        let link = current.fields.marketing_link_id.clone();
        if current.status == Status::Won {
            return match current.won_sale_id.as_deref() == Some(sale_id) {
                true => Ok(link),
                false => Err(won(&current)),
            };
        }
        let stages = self.stages().await?;
        let target = terminal(&stages, StageKind::Won)?;
        let from = self.stage(&current.stage_id).await?;
        let placement = Placement {
            stage_id: &target.id,
            status: Status::Won,
            lost_reason: None,
            lost_note: None,
            won_sale_id: Some(sale_id),
        };
        let sale = Change::new("won_sale_id", None, Some(sale_id.to_string()));
        self.place_in(
            tx,
            by,
            &current,
            &placement,
            "Oportunidade ganha",
            (&from, target),
            Some(sale),
        )
        .await?;
        Ok(link)
    }

    async fn place(
        &self,
        p: &Principal,
        current: &Opportunity,
        placement: &Placement<'_>,
        action: &str,
        (from, to): (&Stage, &Stage),
        change: Option<Change>,
    ) -> Result<()> {
        let mut tx = self.db.begin().await?;
        self.place_in(&mut tx, p, current, placement, action, (from, to), change)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    async fn place_in(
        &self,
        tx: &mut Tx,
        p: &Principal,
        current: &Opportunity,
        placement: &Placement<'_>,
        action: &str,
        (from, to): (&Stage, &Stage),
        change: Option<Change>,
    ) -> Result<()> {
        let stamp = self.stamp(p);
        if !store::place(tx, &current.id, current.version, placement, &stamp).await? {
            return Err(stale());
        }
        let entry = Entry {
            entity: OPPORTUNITY_ENTITY,
            entity_id: &current.id,
            action,
            from_state: Some(&from.name),
            to_state: Some(&to.name),
            reason: None,
            changes: change.into_iter().collect(),
        };
        history::record(tx, &entry, p, stamp.at).await?;
        // A won client's cadences end with the win, in its transaction.
        if let (Status::Won, Some(client)) = (placement.status, &current.fields.client_id) {
            super::Cadences::end_for_client(tx, client, "ganho", &stamp).await?;
        }
        Ok(())
    }

    /// Records, in the caller's transaction, that something was done on the opportunity at `at` (an activity
    /// logged): it leaves the "parado há N dias" filter.
    pub async fn touch(tx: &mut Tx, id: &str, at: DateTime<Utc>) -> Result<()> {
        Ok(store::touch(tx, id, at).await?)
    }

    pub async fn history(&self, p: &Principal, id: &str) -> Result<Vec<Recorded>> {
        self.reached(p, id).await?;
        history::of(&self.db, OPPORTUNITY_ENTITY, id).await
    }

    /// Leads per marketing link.
    pub async fn leads_per_link(&self) -> Result<HashMap<String, i64>> {
        Ok(store::leads_per_link(&self.db).await?.into_iter().collect())
    }

    /// The names the cards show, read once for a page.
    async fn names(&self, rows: &[Listed]) -> Result<Names> {
        let mut owners: Vec<&str> = rows
            .iter()
            .map(|l| l.opportunity.fields.owner_id.as_str())
            .collect();
        owners.sort_unstable();
        owners.dedup();
        let users = self.teams.names_of(&owners).await?;
        let teams = teams_store::teams(&self.db, true)
            .await?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect();
        let mut link_ids: Vec<&str> = rows
            .iter()
            .filter_map(|l| l.opportunity.fields.marketing_link_id.as_deref())
            .collect();
        link_ids.sort_unstable();
        link_ids.dedup();
        let links = links_store::codes(&self.db, &link_ids).await?;
        Ok(Names {
            users,
            teams,
            links,
            now: self.clock.now(),
        })
    }
}

struct Names {
    users: HashMap<String, String>,
    teams: HashMap<String, String>,
    links: HashMap<String, String>,
    now: DateTime<Utc>,
}

impl Names {
    fn view(&self, l: Listed) -> OpportunityView {
        let o = l.opportunity;
        OpportunityView {
            owner_name: self
                .users
                .get(&o.fields.owner_id)
                .cloned()
                .unwrap_or_default(),
            team_name: o
                .fields
                .team_id
                .as_ref()
                .and_then(|t| self.teams.get(t).cloned()),
            link_code: o
                .fields
                .marketing_link_id
                .as_ref()
                .and_then(|id| self.links.get(id).cloned()),
            idle_days: crate::domain::opportunity::idle_days(o.last_touch_at, self.now),
            client_name: l.client_name,
            opportunity: o,
        }
    }
}

fn terminal(stages: &[Stage], kind: StageKind) -> Result<&Stage> {
    stages
        .iter()
        .find(|s| s.kind == kind)
        .ok_or_else(|| Error::internal(format!("etapa terminal {} ausente", kind.as_str())))
}

fn won(o: &Opportunity) -> Error {
    Error::conflict(
        "oportunidade_ganha",
        format!(
            "A oportunidade {} já foi ganha: a venda confirmada a encerra.",
            o.fields.title
        ),
    )
}

fn stale() -> Error {
    Error::conflict(
        "alteracao_concorrente",
        "A oportunidade foi alterada por outra pessoa. Recarregue e tente novamente.",
    )
}

fn changes(a: &OpportunityFields, b: &OpportunityFields) -> Vec<Change> {
    let text = |o: &Option<String>| o.clone();
    let contact = |f: &OpportunityFields| {
        f.contact.as_ref().map(|c| {
            let mut parts = vec![c.name.clone()];
            parts.extend(c.phone.as_ref().map(|p| p.as_str().to_string()));
            parts.extend(c.email.as_ref().map(|e| e.as_str().to_string()));
            parts.join(" · ")
        })
    };
    let money = banking::pdf::format_brl;
    let mut out: Vec<Change> = Vec::new();
    out.extend(Change::of("title", &a.title, &b.title));
    if a.client_id != b.client_id {
        out.push(Change::new(
            "client_id",
            text(&a.client_id),
            text(&b.client_id),
        ));
    }
    if contact(a) != contact(b) {
        out.push(Change::new("contact", contact(a), contact(b)));
    }
    out.extend(Change::of("owner_id", &a.owner_id, &b.owner_id));
    if a.team_id != b.team_id {
        out.push(Change::new("team_id", text(&a.team_id), text(&b.team_id)));
    }
    out.extend(Change::of(
        "expected_value_cents",
        &money(a.expected_value_cents),
        &money(b.expected_value_cents),
    ));
    if a.expected_close_on != b.expected_close_on {
        let date = |d: Option<NaiveDate>| d.map(|d| d.format("%d/%m/%Y").to_string());
        out.push(Change::new(
            "expected_close_on",
            date(a.expected_close_on),
            date(b.expected_close_on),
        ));
    }
    out.extend(Change::of("source", &a.source.as_str(), &b.source.as_str()));
    if a.marketing_link_id != b.marketing_link_id {
        out.push(Change::new(
            "marketing_link_id",
            text(&a.marketing_link_id),
            text(&b.marketing_link_id),
        ));
    }
    out
}
