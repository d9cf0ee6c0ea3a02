//! Activities: the tabs (today, overdue, upcoming, done), the calendar's period, the agenda the funnel's side panel
//! shows, create, change (reschedule, reassign), complete with an outcome (and the next activity), and the bulk
//! reschedule and reassign of a manager. Records outside the caller's scope are 404; a done activity changes only
//! its notes (in the history).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use platform::clock::{start_of_day, SharedClock};
use platform::db::{Db, Tx};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::Principal;

use super::{Clients, Opportunities, Teams};
use crate::domain::activity::{
    Activity, ActivityDraft, ActivityFields, Kind, Origin, Outcome, Tab, MAX_BULK, MAX_DURATION_S,
};
use crate::domain::Scope;
use crate::store::activities::{self as store, Filter, Listed};
use crate::store::Stamp;

/// The history entity of an activity (`platform_history.entity`).
pub const ACTIVITY_ENTITY: &str = "crm.activity";
/// How many activities the agenda (today's and overdue) shows at most.
pub const AGENDA_SIZE: i64 = 50;

/// An activity with the names its row shows.
#[derive(Debug, Clone)]
pub struct ActivityView {
    pub activity: Activity,
    pub client_name: Option<String>,
    pub owner_name: String,
    pub overdue: bool,
}

/// What the list is filtered by, as asked.
#[derive(Debug, Clone, Default)]
pub struct ActivityQuery {
    pub tab: Option<Tab>,
    /// Only done (newest first) or only open ones (by due time); a tab sets it too.
    pub done: Option<bool>,
    pub kind: Option<Kind>,
    pub outcome: Option<Outcome>,
    pub origin: Option<Origin>,
    pub owner_id: Option<String>,
    pub client_id: Option<String>,
    pub opportunity_id: Option<String>,
    pub enrollment_id: Option<String>,
    /// Due in this period (business dates, inclusive): the calendar's month or week.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

/// The activity logged next when one is completed.
#[derive(Debug, Clone)]
pub struct NextActivity {
    pub kind: Option<String>,
    pub subject: Option<String>,
    pub due_at: Option<DateTime<Utc>>,
}

/// Completing: the outcome (required), the notes, how long it took.
#[derive(Debug, Clone, Default)]
pub struct Completion {
    pub outcome: Option<String>,
    pub notes: Option<String>,
    pub duration_s: Option<i64>,
    pub next: Option<NextActivity>,
}

pub struct Activities {
    db: Db,
    clock: SharedClock,
    teams: Arc<Teams>,
    clients: Arc<Clients>,
    opportunities: Arc<Opportunities>,
}

fn not_found() -> Error {
    Error::not_found("Atividade não encontrada.")
}

impl Activities {
    pub fn new(
        db: Db,
        clock: SharedClock,
        teams: Arc<Teams>,
        clients: Arc<Clients>,
        opportunities: Arc<Opportunities>,
    ) -> Self {
        Activities {
            db,
            clock,
            teams,
            clients,
            opportunities,
        }
    }

    pub(crate) fn db(&self) -> &Db {
        &self.db
    }

    /// Today's business date (São Paulo) by the context's clock.
    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    fn stamp<'a>(&self, by: &'a Principal) -> Stamp<'a> {
        Stamp {
            uid: &by.uid,
            at: self.clock.now(),
        }
    }

    /// A page of the activities `p` reaches that match `q`, and how many match.
    pub async fn list(
        &self,
        p: &Principal,
        q: &ActivityQuery,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<ActivityView>, i64)> {
        let now = self.clock.now();
        let mut filter = Filter {
            owners: self.teams.scope(p).await?.users(),
            kind: q.kind,
            outcome: q.outcome,
            origin: q.origin,
            owner_id: q.owner_id.clone(),
            client_id: q.client_id.clone(),
            opportunity_id: q.opportunity_id.clone(),
            enrollment_id: q.enrollment_id.clone(),
            due_from: q.from.map(start_of_day),
            due_until: q.to.map(|d| start_of_day(d + Duration::days(1))),
            done: q.done,
        };
        if let Some(tab) = q.tab {
            let w = tab.window(now, self.clock.today());
            filter.done = Some(w.done);
            filter.due_from = later(filter.due_from, w.due_from);
            filter.due_until = earlier(filter.due_until, w.due_until);
        }
        let (rows, total) = store::list(&self.db, &filter, limit, offset).await?;
        Ok((self.views(rows).await?, total))
    }

    /// Today's open activities and the overdue ones of `p`'s scope, by due time (the funnel's side panel).
    pub async fn agenda(&self, p: &Principal) -> Result<(Vec<ActivityView>, i64)> {
        let filter = Filter {
            owners: self.teams.scope(p).await?.users(),
            done: Some(false),
            due_until: Some(start_of_day(self.clock.today() + Duration::days(1))),
            ..Filter::default()
        };
        let (rows, total) = store::list(&self.db, &filter, AGENDA_SIZE, 0).await?;
        Ok((self.views(rows).await?, total))
    }

    /// One activity `p` reaches, or 404.
    pub async fn get_for(&self, p: &Principal, id: &str) -> Result<ActivityView> {
        let listed = self.reached(&self.teams.scope(p).await?, id).await?;
        Ok(self.views(vec![listed]).await?.remove(0))
    }

    async fn reached(&self, scope: &Scope, id: &str) -> Result<Listed> {
        let listed = store::by_id(&self.db, id).await?.ok_or_else(not_found)?;
        if !scope.reaches(Some(&listed.activity.fields.owner_id), None) {
            return Err(not_found());
        }
        Ok(listed)
    }

    /// A new activity, owned by the caller unless they name someone of their scope.
    pub async fn create(&self, p: &Principal, mut draft: ActivityDraft) -> Result<ActivityView> {
        if draft
            .owner_id
            .as_deref()
            .is_none_or(|o| o.trim().is_empty())
        {
            draft.owner_id = Some(p.uid.clone());
        }
        let fields = draft.validate()?;
        let scope = self.teams.scope(p).await?;
        self.check(p, &scope, &fields, None).await?;
        let activity = self.new_activity(p, fields, Origin::Manual);
        let mut tx = self.db.begin().await?;
        self.insert(&mut tx, p, &activity, "Atividade criada")
            .await?;
        tx.commit().await?;
        self.get_for(p, &activity.id).await
    }

    /// A new open activity of `p` with `origin` (not yet written).
    pub(crate) fn new_activity(
        &self,
        p: &Principal,
        fields: ActivityFields,
        origin: Origin,
    ) -> Activity {
        let now = self.clock.now();
        Activity {
            id: uuid::Uuid::now_v7().to_string(),
            fields,
            done_at: None,
            outcome: None,
            duration_s: None,
            origin,
            cadence_step_id: None,
            enrollment_id: None,
            version: 1,
            created_at: now,
            created_by: p.uid.clone(),
            updated_at: now,
        }
    }

    /// Writes a new activity and its first history entry, in the caller's transaction.
    pub(crate) async fn insert(
        &self,
        tx: &mut Tx,
        by: &Principal,
        a: &Activity,
        action: &str,
    ) -> Result<()> {
        store::insert(tx, a).await?;
        let entry = Entry {
            entity: ACTIVITY_ENTITY,
            entity_id: &a.id,
            action,
            from_state: None,
            to_state: Some(a.fields.kind.label()),
            reason: None,
            changes: Vec::new(),
        };
        history::record(tx, &entry, by, a.created_at).await
    }

    /// Checks what `p` sets: the client within their scope, and an owner (other than themselves) who is an active
    /// salesperson or manager within their scope (reassigning needs team scope over the new owner).
    async fn check(
        &self,
        p: &Principal,
        scope: &Scope,
        f: &ActivityFields,
        before: Option<&ActivityFields>,
    ) -> Result<()> {
        if let Some(client) = &f.client_id {
            if before.is_none_or(|b| b.client_id.as_ref() != Some(client)) {
                self.clients
                    .get_for(p, client)
                    .await
                    .map_err(|_| Error::invalid_field("client_id", "Cliente não encontrado."))?;
            }
        }
        if let Some(opportunity) = &f.opportunity_id {
            if before.is_none_or(|b| b.opportunity_id.as_ref() != Some(opportunity)) {
                self.opportunities
                    .get_for(p, opportunity)
                    .await
                    .map_err(|_| {
                        Error::invalid_field("opportunity_id", "Oportunidade não encontrada.")
                    })?;
            }
        }
        if before.is_none_or(|b| b.owner_id != f.owner_id) {
            self.check_owner(p, scope, "owner_id", &f.owner_id).await?;
        }
        Ok(())
    }

    async fn check_owner(
        &self,
        p: &Principal,
        scope: &Scope,
        field: &str,
        owner: &str,
    ) -> Result<()> {
        if owner != p.uid {
            let users = self.teams.sales_users().await?;
            if !users.get(owner).is_some_and(|u| u.active) {
                return Err(Error::invalid_field(
                    field,
                    "O responsável deve ser um vendedor ou gerente de vendas ativo.",
                ));
            }
        }
        if !scope.reaches(Some(owner), None) {
            return Err(Error::invalid_field(
                field,
                "Escolha um responsável do seu time.",
            ));
        }
        Ok(())
    }

    /// Changes an activity (reschedule, edit, reassign). A done one changes only its notes.
    pub async fn update(
        &self,
        p: &Principal,
        id: &str,
        version: Option<i64>,
        change: impl Fn(&mut ActivityDraft),
    ) -> Result<ActivityView> {
        let scope = self.teams.scope(p).await?;
        let current = self.reached(&scope, id).await?.activity;
        if version.is_some_and(|v| v != current.version) {
            return Err(stale());
        }
        let mut draft = ActivityDraft::of(&current.fields);
        change(&mut draft);
        let fields = draft.validate()?;
        if current.is_done() {
            let only_notes = ActivityFields {
                notes: fields.notes.clone(),
                ..current.fields.clone()
            };
            if only_notes != fields {
                return Err(Error::conflict(
                    "atividade_concluida",
                    "Esta atividade já foi concluída: só as anotações podem mudar.",
                ));
            }
        }
        self.check(p, &scope, &fields, Some(&current.fields))
            .await?;
        let changes = changes(&current.fields, &fields);
        if changes.is_empty() {
            return self.get_for(p, id).await;
        }
        let stamp = self.stamp(p);
        let mut tx = self.db.begin().await?;
        if !store::update_fields(&mut tx, id, current.version, &fields, &stamp).await? {
            return Err(stale());
        }
        let action = if current.is_done() {
            "Anotações alteradas"
        } else {
            "Atividade alterada"
        };
        record(&mut tx, p, id, action, None, changes, stamp.at).await?;
        tx.commit().await?;
        self.get_for(p, id).await
    }

    /// Completes an open activity with an outcome (required), optionally logging the next one for the same client
    /// and owner, in one transaction.
    pub async fn complete(
        &self,
        p: &Principal,
        id: &str,
        completion: Completion,
    ) -> Result<(ActivityView, Option<ActivityView>)> {
        let outcome = crate::domain::activity::parse_outcome(completion.outcome.as_deref())?;
        check_duration(completion.duration_s)?;
        let current = self.open_for(p, id).await?;
        let notes = completion_notes(&current, completion.notes)?;
        let next = self.next_of(p, &current.fields, completion.next)?;
        let stamp = self.stamp(p);
        let mut tx = self.db.begin().await?;
        let done = Done {
            outcome,
            notes,
            duration_s: completion.duration_s,
        };
        self.complete_tx(&mut tx, p, &current, &done, &stamp)
            .await?;
        if let Some(next) = &next {
            self.insert(&mut tx, p, next, "Próxima atividade criada")
                .await?;
        }
        tx.commit().await?;
        let done = self.get_for(p, id).await?;
        let next = match next {
            Some(n) => Some(self.get_for(p, &n.id).await?),
            None => None,
        };
        Ok((done, next))
    }

    /// An open activity `p` reaches: 404 outside their scope, 409 when already done.
    pub(crate) async fn open_for(&self, p: &Principal, id: &str) -> Result<Activity> {
        let scope = self.teams.scope(p).await?;
        let current = self.reached(&scope, id).await?.activity;
        if current.is_done() {
            return Err(Error::conflict(
                "atividade_concluida",
                "Esta atividade já foi concluída.",
            ));
        }
        Ok(current)
    }

    /// Marks `current` done at `stamp.at` in the caller's transaction (the timer's stop completes it together
    /// with removing the timer), with its history and what a done activity sets off.
    pub(crate) async fn complete_tx(
        &self,
        tx: &mut Tx,
        p: &Principal,
        current: &Activity,
        done: &Done,
        stamp: &Stamp<'_>,
    ) -> Result<()> {
        let id = current.id.as_str();
        let notes = done.notes.as_deref();
        if !store::complete(
            tx,
            id,
            current.version,
            done.outcome,
            notes,
            done.duration_s,
            stamp,
        )
        .await?
        {
            return Err(stale());
        }
        let mut changes = vec![Change::new(
            "outcome",
            None,
            Some(done.outcome.label().to_string()),
        )];
        if current.fields.notes != done.notes {
            changes.push(Change::new(
                "notes",
                current.fields.notes.clone(),
                done.notes.clone(),
            ));
        }
        record(
            tx,
            p,
            id,
            "Atividade concluída",
            Some(("Pendente", "Concluída")),
            changes,
            stamp.at,
        )
        .await?;
        on_done(tx, &current.fields, done.outcome, stamp).await
    }

    /// The next activity logged with a done one: same client, opportunity and owner (its problems named under
    /// `next.`).
    fn next_of(
        &self,
        p: &Principal,
        done: &ActivityFields,
        next: Option<NextActivity>,
    ) -> Result<Option<Activity>> {
        let Some(n) = next else {
            return Ok(None);
        };
        let draft = ActivityDraft {
            kind: n.kind,
            subject: n.subject,
            notes: None,
            client_id: done.client_id.clone(),
            opportunity_id: done.opportunity_id.clone(),
            owner_id: Some(done.owner_id.clone()),
            due_at: n.due_at,
        };
        let fields = draft.validate().map_err(|e| prefix(e, "next"))?;
        Ok(Some(self.new_activity(p, fields, Origin::Manual)))
    }

    /// Logs something already done (a conversation answered from the plugin): the activity, due and done now
    /// with its outcome (required), and optionally the next one, in one transaction. Owned by the caller.
    pub async fn log(
        &self,
        p: &Principal,
        mut draft: ActivityDraft,
        completion: Completion,
        origin: Origin,
    ) -> Result<(ActivityView, Option<ActivityView>)> {
        let now = self.clock.now();
        draft.owner_id = Some(p.uid.clone());
        draft.due_at = Some(now);
        draft.notes = completion.notes;
        let fields = draft.validate()?;
        let outcome = crate::domain::activity::parse_outcome(completion.outcome.as_deref())?;
        let scope = self.teams.scope(p).await?;
        self.check(p, &scope, &fields, None).await?;
        let next = self.next_of(p, &fields, completion.next)?;
        let mut done = self.new_activity(p, fields, origin);
        done.done_at = Some(now);
        done.outcome = Some(outcome);
        let mut tx = self.db.begin().await?;
        self.insert(&mut tx, p, &done, "Atividade registrada")
            .await?;
        if let Some(next) = &next {
            self.insert(&mut tx, p, next, "Próxima atividade criada")
                .await?;
        }
        // As when one is completed: a reply pauses the client's cadence.
        let stamp = Stamp {
            uid: &p.uid,
            at: now,
        };
        on_done(&mut tx, &done.fields, outcome, &stamp).await?;
        tx.commit().await?;
        let next = match next {
            Some(n) => Some(self.get_for(p, &n.id).await?),
            None => None,
        };
        Ok((self.get_for(p, &done.id).await?, next))
    }

    /// Writes an activity already done (`a.done_at` and `a.outcome` set) in the caller's transaction, with what a
    /// done activity sets off: a standalone timer's stop.
    pub(crate) async fn log_tx(
        &self,
        tx: &mut Tx,
        p: &Principal,
        a: &Activity,
        stamp: &Stamp<'_>,
    ) -> Result<()> {
        let outcome = a
            .outcome
            .ok_or_else(|| Error::internal("atividade registrada sem resultado"))?;
        self.insert(tx, p, a, "Atividade registrada").await?;
        on_done(tx, &a.fields, outcome, stamp).await
    }

    /// Moves open activities to a new due time, all or none.
    pub async fn bulk_reschedule(
        &self,
        p: &Principal,
        ids: &[String],
        due_at: DateTime<Utc>,
    ) -> Result<usize> {
        self.bulk(p, ids, "Atividade reagendada", |f| f.due_at = due_at)
            .await
    }

    /// Gives open activities to another owner of the caller's scope, all or none.
    pub async fn bulk_reassign(
        &self,
        p: &Principal,
        ids: &[String],
        owner_id: &str,
    ) -> Result<usize> {
        let scope = self.teams.scope(p).await?;
        self.check_owner(p, &scope, "owner_id", owner_id).await?;
        self.bulk(p, ids, "Atividade reatribuída", |f| {
            f.owner_id = owner_id.to_string()
        })
        .await
    }

    /// Applies `change` to every activity of `ids` in one transaction; the first one outside the caller's scope,
    /// unknown or done refuses them all (422 naming `ids[i]`).
    async fn bulk(
        &self,
        p: &Principal,
        ids: &[String],
        action: &str,
        change: impl Fn(&mut ActivityFields),
    ) -> Result<usize> {
        if ids.is_empty() {
            return Err(Error::invalid_field(
                "ids",
                "Selecione ao menos uma atividade.",
            ));
        }
        if ids.len() > MAX_BULK {
            return Err(Error::invalid_field(
                "ids",
                format!("Selecione no máximo {MAX_BULK} atividades por vez."),
            ));
        }
        let mut unique = ids.to_vec();
        unique.sort();
        unique.dedup();
        let scope = self.teams.scope(p).await?;
        let stamp = self.stamp(p);
        let mut tx = self.db.begin().await?;
        let found: HashMap<String, Activity> = store::by_ids_tx(&mut tx, &unique)
            .await?
            .into_iter()
            .map(|l| (l.activity.id.clone(), l.activity))
            .collect();
        let mut done = 0;
        let mut seen = std::collections::HashSet::new();
        for (i, id) in ids.iter().enumerate() {
            let field = format!("ids[{i}]");
            let current = found
                .get(id)
                .filter(|a| scope.reaches(Some(&a.fields.owner_id), None))
                .ok_or_else(|| {
                    Error::invalid_field(&field, format!("Atividade {id} não encontrada."))
                })?;
            if current.is_done() {
                return Err(Error::invalid_field(
                    &field,
                    format!("A atividade {id} já foi concluída e não pode mudar."),
                ));
            }
            if !seen.insert(id.as_str()) {
                continue;
            }
            let mut fields = current.fields.clone();
            change(&mut fields);
            let changes = changes(&current.fields, &fields);
            if changes.is_empty() {
                continue;
            }
            if !store::update_fields(&mut tx, id, current.version, &fields, &stamp).await? {
                return Err(stale());
            }
            record(&mut tx, p, id, action, None, changes, stamp.at).await?;
            done += 1;
        }
        tx.commit().await?;
        Ok(done)
    }

    pub async fn history(&self, p: &Principal, id: &str) -> Result<Vec<Recorded>> {
        self.reached(&self.teams.scope(p).await?, id).await?;
        history::of(&self.db, ACTIVITY_ENTITY, id).await
    }

    /// The names the rows show, read once for a page.
    async fn views(&self, rows: Vec<Listed>) -> Result<Vec<ActivityView>> {
        let mut owners: Vec<&str> = rows
            .iter()
            .map(|l| l.activity.fields.owner_id.as_str())
            .collect();
        owners.sort_unstable();
        owners.dedup();
        let names = self.teams.names_of(&owners).await?;
        let now = self.clock.now();
        Ok(rows
            .into_iter()
            .map(|l| ActivityView {
                owner_name: names
                    .get(&l.activity.fields.owner_id)
                    .cloned()
                    .unwrap_or_default(),
                overdue: l.activity.is_overdue(now),
                client_name: l.client_name,
                activity: l.activity,
            })
            .collect())
    }
}

async fn record(
    tx: &mut Tx,
    p: &Principal,
    id: &str,
    action: &str,
    states: Option<(&str, &str)>,
    changes: Vec<Change>,
    at: DateTime<Utc>,
) -> Result<()> {
    let entry = Entry {
        entity: ACTIVITY_ENTITY,
        entity_id: id,
        action,
        from_state: states.map(|s| s.0),
        to_state: states.map(|s| s.1),
        reason: None,
        changes,
    };
    history::record(tx, &entry, p, at).await
}

/// How a completed activity went, as written.
#[derive(Debug, Clone)]
pub(crate) struct Done {
    pub outcome: Outcome,
    pub notes: Option<String>,
    pub duration_s: Option<i64>,
}

/// What a done activity sets off: a reply pauses the client's cadence (an evaluation booked counts for its
/// metrics), and its opportunity is no longer idle.
async fn on_done(
    tx: &mut Tx,
    f: &ActivityFields,
    outcome: Outcome,
    stamp: &Stamp<'_>,
) -> Result<()> {
    if let Some(client) = &f.client_id {
        super::Cadences::on_activity_done(tx, client, outcome, stamp).await?;
    }
    if let Some(opportunity) = &f.opportunity_id {
        Opportunities::touch(tx, opportunity, stamp.at).await?;
    }
    Ok(())
}

/// A duration is 0 to a day (a typo guard).
pub(crate) fn check_duration(duration_s: Option<i64>) -> Result<()> {
    if duration_s.is_some_and(|d| !(0..=MAX_DURATION_S).contains(&d)) {
        return Err(Error::invalid_field(
            "duration_s",
            format!("A duração vai de 0 a {MAX_DURATION_S} segundos."),
        ));
    }
    Ok(())
}

/// The notes a completion leaves: those sent (checked like an activity's), or the activity's own.
pub(crate) fn completion_notes(
    current: &Activity,
    notes: Option<String>,
) -> Result<Option<String>> {
    match notes {
        Some(n) => {
            let mut draft = ActivityDraft::of(&current.fields);
            draft.notes = Some(n);
            Ok(draft.validate()?.notes)
        }
        None => Ok(current.fields.notes.clone()),
    }
}

fn later(a: Option<DateTime<Utc>>, b: Option<DateTime<Utc>>) -> Option<DateTime<Utc>> {
    a.max(b)
}

fn earlier(a: Option<DateTime<Utc>>, b: Option<DateTime<Utc>>) -> Option<DateTime<Utc>> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The next activity's problems, named `next.<field>`.
fn prefix(mut e: Error, parent: &str) -> Error {
    for v in &mut e.fields {
        v.field = format!("{parent}.{}", v.field);
    }
    e
}

fn stale() -> Error {
    Error::conflict(
        "alteracao_concorrente",
        "A atividade foi alterada por outra pessoa. Recarregue e tente novamente.",
    )
}

fn changes(a: &ActivityFields, b: &ActivityFields) -> Vec<Change> {
    let text = |o: &Option<String>| o.clone();
    let when = |t: DateTime<Utc>| {
        t.with_timezone(&chrono_tz::America::Sao_Paulo)
            .format("%d/%m/%Y %H:%M")
            .to_string()
    };
    let mut out: Vec<Change> = Vec::new();
    out.extend(Change::of("kind", &a.kind.label(), &b.kind.label()));
    out.extend(Change::of("subject", &a.subject, &b.subject));
    if a.notes != b.notes {
        out.push(Change::new("notes", text(&a.notes), text(&b.notes)));
    }
    if a.client_id != b.client_id {
        out.push(Change::new(
            "client_id",
            text(&a.client_id),
            text(&b.client_id),
        ));
    }
    if a.opportunity_id != b.opportunity_id {
        out.push(Change::new(
            "opportunity_id",
            text(&a.opportunity_id),
            text(&b.opportunity_id),
        ));
    }
    out.extend(Change::of("owner_id", &a.owner_id, &b.owner_id));
    out.extend(Change::of("due_at", &when(a.due_at), &when(b.due_at)));
    out
}
