//! Cadences: build them (managers for their teams, administrators also global ones; editing an active cadence, or
//! one with enrollments, makes a new version), enroll clients (all or none, up to 200; no `do_not_contact`, consent
//! for every step's channel, one open enrollment per client), pause, resume and end enrollments, and the job that
//! makes a step fall due: a WhatsApp or call step (or an e-mail one without SMTP or without an address) becomes an
//! activity with a wa.me / tel link; an e-mail step is sent. A reply (an activity done with `respondeu` or
//! `atendeu`) pauses the client's enrollment; a won opportunity or `do_not_contact` ends it.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use platform::calendar::Calendar;
use platform::clock::{start_of_day, SharedClock};
use platform::db::{is_unique_violation, Db, Tx};
use platform::error::{Error, Result};
use platform::jobs::{JobHandler, JobOptions, JobOutcome, JobRun, Jobs};
use platform::{Principal, Role};
use serde::{Deserialize, Serialize};

use super::{Activities, Clients, Teams};
use crate::domain::activity::{Activity, ActivityFields, Origin, Outcome, MAX_SUBJECT};
use crate::domain::cadence::{
    self, due_at, render, validate_steps, EnrollmentStatus, PauseReason, Step, StepChannel,
    StepDate, StepDraft, TemplateValues,
};
use crate::domain::Scope;
use crate::store::cadences::{
    self as store, Cadence, CadenceCounts, Enrollment, StepCounts, StoredStep,
};
use crate::store::clients as clients_store;
use crate::store::teams as teams_store;
use crate::store::Stamp;

/// The job that makes one step of one enrollment fall due.
pub const STEP_JOB: &str = "crm.cadence_step";
/// The job that resumes an enrollment paused until a date.
pub const RESUME_JOB: &str = "crm.cadence_resume";
/// How many clients one bulk enrollment takes.
pub const MAX_ENROLL: usize = 200;
pub const MAX_NAME: usize = 120;
/// Who the history names for what the cadence job does.
pub const SYSTEM_UID: &str = "sistema";

/// A cadence with its current steps, team name and counts.
#[derive(Debug, Clone)]
pub struct CadenceView {
    pub cadence: Cadence,
    pub team_name: Option<String>,
    pub steps: Vec<StoredStep>,
    pub counts: CadenceCounts,
}

/// A cadence as typed.
#[derive(Debug, Clone, Default)]
pub struct CadenceDraft {
    pub name: String,
    pub team_id: Option<String>,
    pub active: bool,
    pub link_url: Option<String>,
    pub steps: Vec<StepDraft>,
}

/// An enrollment with the names its row shows.
#[derive(Debug, Clone)]
pub struct EnrollmentView {
    pub enrollment: Enrollment,
    pub owner_name: String,
    pub cadence_name: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct StepPayload {
    enrollment_id: String,
    step: i32,
}

#[derive(Debug, Serialize, Deserialize)]
struct ResumePayload {
    enrollment_id: String,
    version: i64,
}

pub struct Cadences {
    db: Db,
    clock: SharedClock,
    jobs: Jobs,
    teams: Arc<Teams>,
    clients: Arc<Clients>,
    activities: Arc<Activities>,
    mailer: Option<identity::mail::Mailer>,
}

fn not_found() -> Error {
    Error::not_found("Cadência não encontrada.")
}

fn enrollment_not_found() -> Error {
    Error::not_found("Inscrição não encontrada.")
}

fn stale() -> Error {
    Error::conflict(
        "alteracao_concorrente",
        "A cadência foi alterada por outra pessoa. Recarregue e tente novamente.",
    )
}

/// The principal the job acts as (the history's "Sistema").
fn system() -> Principal {
    Principal {
        uid: SYSTEM_UID.to_string(),
        email: String::new(),
        name: "Sistema (cadência)".to_string(),
        role: None,
        flags: Default::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

impl Cadences {
    pub fn new(
        db: Db,
        clock: SharedClock,
        jobs: Jobs,
        teams: Arc<Teams>,
        clients: Arc<Clients>,
        activities: Arc<Activities>,
        mailer: Option<identity::mail::Mailer>,
    ) -> Cadences {
        Cadences {
            db,
            clock,
            jobs,
            teams,
            clients,
            activities,
            mailer,
        }
    }

    fn stamp<'a>(&self, uid: &'a str) -> Stamp<'a> {
        Stamp {
            uid,
            at: self.clock.now(),
        }
    }

    /// The teams whose cadences `p` sees besides the global ones (`None`: every cadence).
    async fn visible_teams(&self, p: &Principal) -> Result<Option<BTreeSet<String>>> {
        match self.teams.scope(p).await? {
            Scope::All => Ok(None),
            Scope::Users { teams, .. } => {
                let mut teams = teams;
                let today = self.clock.today();
                for m in teams_store::members(&self.db, None).await? {
                    if m.user_id == p.uid && m.on(today) {
                        teams.insert(m.team_id);
                    }
                }
                Ok(Some(teams))
            }
        }
    }

    fn sees(visible: &Option<BTreeSet<String>>, c: &Cadence) -> bool {
        match (visible, &c.team_id) {
            (None, _) | (Some(_), None) => true,
            (Some(teams), Some(t)) => teams.contains(t),
        }
    }

    /// Whether `p` may change `team` (a global cadence: only who reaches every record).
    async fn check_team(&self, p: &Principal, team: Option<&str>) -> Result<()> {
        let scope = self.teams.scope(p).await?;
        match team {
            None if scope != Scope::All => Err(Error::invalid_field(
                "team_id",
                "Escolha um dos seus times: só o administrador cria cadências globais.",
            )),
            None => Ok(()),
            Some(t) => {
                if !scope.reaches_team(t) {
                    return Err(Error::invalid_field(
                        "team_id",
                        "Escolha um dos times que você gerencia.",
                    ));
                }
                if teams_store::team(&self.db, t)
                    .await?
                    .is_none_or(|t| t.archived)
                {
                    return Err(Error::invalid_field("team_id", "Time não encontrado."));
                }
                Ok(())
            }
        }
    }

    /// The cadences `p` sees (global ones and their teams'), with their counts.
    pub async fn list(&self, p: &Principal) -> Result<Vec<CadenceView>> {
        let visible = self.visible_teams(p).await?;
        let cadences: Vec<Cadence> = store::cadences(&self.db)
            .await?
            .into_iter()
            .filter(|c| Self::sees(&visible, c))
            .collect();
        let mut steps: HashMap<String, Vec<StoredStep>> = HashMap::new();
        for s in store::current_steps(&self.db).await? {
            steps.entry(s.cadence_id.clone()).or_default().push(s);
        }
        let counts: HashMap<String, CadenceCounts> = store::cadence_counts(&self.db)
            .await?
            .into_iter()
            .map(|c| (c.cadence_id.clone(), c))
            .collect();
        let names = self.team_names().await?;
        Ok(cadences
            .into_iter()
            .map(|c| CadenceView {
                team_name: c.team_id.as_ref().and_then(|t| names.get(t).cloned()),
                steps: steps.remove(&c.id).unwrap_or_default(),
                counts: counts.get(&c.id).cloned().unwrap_or_default(),
                cadence: c,
            })
            .collect())
    }

    async fn team_names(&self) -> Result<HashMap<String, String>> {
        Ok(teams_store::teams(&self.db, true)
            .await?
            .into_iter()
            .map(|t| (t.id, t.name))
            .collect())
    }

    async fn reached(&self, p: &Principal, id: &str) -> Result<Cadence> {
        let c = store::cadence(&self.db, id).await?.ok_or_else(not_found)?;
        if !Self::sees(&self.visible_teams(p).await?, &c) {
            return Err(not_found());
        }
        Ok(c)
    }

    /// One cadence `p` sees, with its steps' counts; 404 otherwise.
    pub async fn get(&self, p: &Principal, id: &str) -> Result<(CadenceView, Vec<StepCounts>)> {
        let cadence = self.reached(p, id).await?;
        let steps = store::steps(&self.db, id, cadence.current_version).await?;
        let counts = store::cadence_counts(&self.db)
            .await?
            .into_iter()
            .find(|c| c.cadence_id == id)
            .unwrap_or_default();
        let team_name = match &cadence.team_id {
            Some(t) => self.team_names().await?.get(t).cloned(),
            None => None,
        };
        let per_step = store::step_counts(&self.db, id).await?;
        Ok((
            CadenceView {
                cadence,
                team_name,
                steps,
                counts,
            },
            per_step,
        ))
    }

    fn validate(draft: &CadenceDraft) -> Result<(String, Option<String>, Vec<Step>)> {
        let mut v = platform::error::Violations::new();
        let name = platform::text::collapse_spaces(&draft.name);
        if name.is_empty() || name.chars().count() > MAX_NAME {
            v.add(
                "name",
                format!("Informe o nome da cadência (até {MAX_NAME} caracteres)."),
            );
        }
        let link = draft
            .link_url
            .as_deref()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_string);
        if let Some(l) = &link {
            if !(l.starts_with("https://") || l.starts_with("http://")) || l.len() > 500 {
                v.add(
                    "link_url",
                    "Informe um endereço https:// de até 500 caracteres.",
                );
            }
        }
        let steps = match validate_steps(&draft.steps) {
            Ok(s) => s,
            Err(e) => {
                for f in e.fields {
                    v.add(f.field, f.message);
                }
                Vec::new()
            }
        };
        v.finish()?;
        Ok((name, link, steps))
    }

    /// A new cadence (version 1).
    pub async fn create(&self, p: &Principal, draft: CadenceDraft) -> Result<CadenceView> {
        let (name, link_url, steps) = Self::validate(&draft)?;
        let team_id = draft.team_id.filter(|t| !t.trim().is_empty());
        self.check_team(p, team_id.as_deref()).await?;
        let now = self.clock.now();
        let cadence = Cadence {
            id: uuid::Uuid::now_v7().to_string(),
            name,
            team_id,
            active: draft.active,
            link_url,
            current_version: 1,
            version: 1,
            created_at: now,
            updated_at: now,
        };
        let mut tx = self.db.begin().await?;
        store::insert_cadence(&mut tx, &cadence, &p.uid).await?;
        store::insert_steps(&mut tx, &cadence.id, 1, &steps).await?;
        tx.commit().await?;
        Ok(self.get(p, &cadence.id).await?.0)
    }

    /// Changes a cadence. New steps on an active cadence, or on one whose version has enrollments, make a new
    /// version (its enrollments keep theirs); otherwise the version's steps are replaced.
    pub async fn update(
        &self,
        p: &Principal,
        id: &str,
        version: Option<i64>,
        draft: CadenceDraft,
    ) -> Result<CadenceView> {
        let current = self.reached(p, id).await?;
        if version.is_some_and(|v| v != current.version) {
            return Err(stale());
        }
        let (name, link_url, steps) = Self::validate(&draft)?;
        let team_id = draft.team_id.filter(|t| !t.trim().is_empty());
        self.check_team(p, current.team_id.as_deref())
            .await
            .map_err(|_| Error::not_found("Cadência não encontrada."))?;
        if team_id != current.team_id {
            self.check_team(p, team_id.as_deref()).await?;
        }
        let old_steps: Vec<Step> = store::steps(&self.db, id, current.current_version)
            .await?
            .into_iter()
            .map(|s| s.step)
            .collect();
        let enrolled = !store::enrollments(&self.db, id, None, None, 1)
            .await?
            .iter()
            .filter(|e| e.cadence_version == current.current_version)
            .collect::<Vec<_>>()
            .is_empty();
        let mut next = Cadence {
            name,
            team_id,
            active: draft.active,
            link_url,
            ..current.clone()
        };
        let stamp = self.stamp(&p.uid);
        let mut tx = self.db.begin().await?;
        if old_steps != steps {
            if current.active || enrolled {
                next.current_version += 1;
                store::insert_steps(&mut tx, id, next.current_version, &steps).await?;
            } else {
                store::delete_steps(&mut tx, id, current.current_version).await?;
                store::insert_steps(&mut tx, id, current.current_version, &steps).await?;
            }
        }
        if !store::update_cadence(&mut tx, &next, current.version, &stamp).await? {
            return Err(stale());
        }
        tx.commit().await?;
        Ok(self.get(p, id).await?.0)
    }

    /// When each step would fall for an enrollment starting on `start` (the builder's preview calendar).
    pub async fn simulate(
        &self,
        steps: &[StepDraft],
        start: Option<NaiveDate>,
    ) -> Result<Vec<(Step, StepDate)>> {
        if start.is_some_and(|d| !(2000..=2100).contains(&d.year())) {
            return Err(Error::invalid_field(
                "start",
                "Informe uma data entre 2000 e 2100.",
            ));
        }
        let steps = validate_steps(steps)?;
        let calendar = Calendar::load(&self.db).await?;
        let start = start.unwrap_or_else(|| self.clock.today());
        let dates = cadence::simulate(&steps, start, &calendar);
        Ok(steps.into_iter().zip(dates).collect())
    }

    /// A cadence's enrollments that `p` reaches (a salesperson: their own), newest first.
    pub async fn enrollments(
        &self,
        p: &Principal,
        id: &str,
        status: Option<EnrollmentStatus>,
    ) -> Result<Vec<EnrollmentView>> {
        let cadence = self.reached(p, id).await?;
        let owners = self.teams.scope(p).await?.users();
        let rows = store::enrollments(&self.db, id, status, owners.as_deref(), 500).await?;
        self.views(rows, Some(&cadence)).await
    }

    async fn views(
        &self,
        rows: Vec<Enrollment>,
        cadence: Option<&Cadence>,
    ) -> Result<Vec<EnrollmentView>> {
        let mut owners: Vec<&str> = rows.iter().map(|e| e.owner_id.as_str()).collect();
        owners.sort_unstable();
        owners.dedup();
        let names = self.teams.names_of(&owners).await?;
        let mut cadence_names: HashMap<String, String> = HashMap::new();
        if let Some(c) = cadence {
            cadence_names.insert(c.id.clone(), c.name.clone());
        } else {
            for c in store::cadences(&self.db).await? {
                cadence_names.insert(c.id, c.name);
            }
        }
        Ok(rows
            .into_iter()
            .map(|e| EnrollmentView {
                owner_name: names.get(&e.owner_id).cloned().unwrap_or_default(),
                cadence_name: cadence_names
                    .get(&e.cadence_id)
                    .cloned()
                    .unwrap_or_default(),
                enrollment: e,
            })
            .collect())
    }

    /// Enrolls clients in a cadence, all or none: each refused client is named (`client_ids[i]`, 422) — outside
    /// the caller's reach, `do_not_contact`, without consent for a step's channel, or already in a cadence.
    pub async fn enroll(
        &self,
        p: &Principal,
        id: &str,
        client_ids: &[String],
    ) -> Result<Vec<EnrollmentView>> {
        let cadence = self.reached(p, id).await?;
        if client_ids.is_empty() {
            return Err(Error::invalid_field(
                "client_ids",
                "Selecione ao menos um cliente.",
            ));
        }
        if client_ids.len() > MAX_ENROLL {
            return Err(Error::invalid_field(
                "client_ids",
                format!("Inscreva no máximo {MAX_ENROLL} clientes por vez."),
            ));
        }
        if !cadence.active {
            return Err(Error::invalid_field(
                "cadence_id",
                "Esta cadência está inativa: ative-a para inscrever clientes.",
            ));
        }
        let steps = store::steps(&self.db, id, cadence.current_version).await?;
        let Some(first) = steps.first() else {
            return Err(Error::invalid_field(
                "cadence_id",
                "A cadência não tem etapas.",
            ));
        };
        let channels: BTreeSet<crate::domain::Channel> = steps
            .iter()
            .filter_map(|s| s.step.channel.consent())
            .collect();
        let mut calendars = Calendars::default();
        let now = self.clock.now();
        let mut v = platform::error::Violations::new();
        let mut seen = BTreeSet::new();
        let mut enrollments = Vec::new();
        for (i, client_id) in client_ids.iter().enumerate() {
            let field = format!("client_ids[{i}]");
            let client_id = client_id.trim();
            if !seen.insert(client_id.to_string()) {
                continue;
            }
            let client = match self.clients.get_for(p, client_id).await {
                Ok(c) => c,
                Err(_) => {
                    v.add(&field, format!("Cliente {client_id} não encontrado."));
                    continue;
                }
            };
            let name = &client.fields.name;
            if client.fields.do_not_contact {
                v.add(
                    &field,
                    format!(
                        "{name} pediu para não ser contatado(a): não pode entrar em cadências."
                    ),
                );
                continue;
            }
            let consents = crate::domain::consent::current(
                &clients_store::consents(&self.db, &client.id).await?,
            );
            let missing: Vec<&str> = channels
                .iter()
                .filter(|ch| !consents.iter().any(|c| c.channel == **ch && c.granted))
                .map(|ch| ch.label())
                .collect();
            if !missing.is_empty() {
                v.add(
                    &field,
                    format!(
                        "{name} não deu consentimento para {} (canal de uma etapa da cadência).",
                        missing.join(", ")
                    ),
                );
                continue;
            }
            let owner = client
                .fields
                .owner_id
                .clone()
                .unwrap_or_else(|| p.uid.clone());
            let calendar = calendars.of(&self.db, &client.id, &owner).await?;
            let anchor = calendar.next_business_day(self.clock.today());
            enrollments.push(Enrollment {
                id: uuid::Uuid::now_v7().to_string(),
                cadence_id: cadence.id.clone(),
                cadence_version: cadence.current_version,
                client_id: client.id.clone(),
                client_name: name.clone(),
                owner_id: owner,
                current_step: 1,
                status: EnrollmentStatus::Ativa,
                pause_reason: None,
                resume_on: None,
                end_reason: None,
                anchor_on: anchor,
                anchor_offset: 0,
                next_due_at: Some(due_at(&first.step, anchor, 0, calendar)),
                replied_at: None,
                booked_at: None,
                version: 1,
                created_at: now,
                updated_at: now,
            });
        }
        v.finish()?;
        let mut tx = self.db.begin().await?;
        for (i, e) in enrollments.iter().enumerate() {
            match store::insert_enrollment(&mut tx, e, &p.uid).await {
                Ok(()) => {}
                Err(err) if is_unique_violation(&err) => {
                    let index = client_ids
                        .iter()
                        .position(|c| c.trim() == e.client_id)
                        .unwrap_or(i);
                    return Err(Error::invalid_field(
                        &format!("client_ids[{index}]"),
                        format!(
                            "{} já está em uma cadência ativa ou pausada.",
                            e.client_name
                        ),
                    ));
                }
                Err(err) => return Err(err.into()),
            }
            self.schedule(&mut tx, e).await?;
        }
        tx.commit().await?;
        let ids: BTreeSet<&str> = enrollments.iter().map(|e| e.id.as_str()).collect();
        let rows = store::enrollments(&self.db, id, None, None, 100_000)
            .await?
            .into_iter()
            .filter(|e| ids.contains(e.id.as_str()))
            .collect();
        self.views(rows, Some(&cadence)).await
    }

    /// Enqueues the job of the enrollment's next step at its due time, in the caller's transaction.
    async fn schedule(&self, tx: &mut Tx, e: &Enrollment) -> Result<()> {
        schedule(&self.jobs, tx, e).await
    }

    async fn reached_enrollment(&self, p: &Principal, id: &str) -> Result<Enrollment> {
        let e = store::enrollment(&self.db, id)
            .await?
            .ok_or_else(enrollment_not_found)?;
        if !self.teams.scope(p).await?.reaches(Some(&e.owner_id), None) {
            return Err(enrollment_not_found());
        }
        Ok(e)
    }

    async fn view(&self, id: &str) -> Result<EnrollmentView> {
        let e = store::enrollment(&self.db, id)
            .await?
            .ok_or_else(enrollment_not_found)?;
        Ok(self.views(vec![e], None).await?.remove(0))
    }

    /// Pauses an active enrollment (`manual` or `ausencia`), optionally until `resume_on`.
    pub async fn pause(
        &self,
        p: &Principal,
        id: &str,
        reason: Option<&str>,
        resume_on: Option<NaiveDate>,
    ) -> Result<EnrollmentView> {
        let reason = match reason.map(str::trim).unwrap_or("manual") {
            "manual" => PauseReason::Manual,
            "ausencia" => PauseReason::Ausencia,
            _ => {
                return Err(Error::invalid_field(
                    "reason",
                    "Motivo inválido: use manual ou ausencia (a resposta pausa sozinha).",
                ))
            }
        };
        if resume_on.is_some_and(|d| d <= self.clock.today()) {
            return Err(Error::invalid_field(
                "resume_on",
                "A retomada é uma data futura.",
            ));
        }
        let mut e = self.reached_enrollment(p, id).await?;
        if e.status != EnrollmentStatus::Ativa {
            return Err(Error::conflict(
                "estado_invalido",
                "Só uma inscrição ativa pode ser pausada.",
            ));
        }
        e.status = EnrollmentStatus::Pausada;
        e.pause_reason = Some(reason);
        e.resume_on = resume_on;
        e.next_due_at = None;
        let stamp = self.stamp(&p.uid);
        let mut tx = self.db.begin().await?;
        if !store::update_enrollment(&mut tx, &e, &stamp).await? {
            return Err(stale());
        }
        if let Some(day) = resume_on {
            let at = start_of_day(day);
            self.jobs
                .enqueue(
                    &mut tx,
                    RESUME_JOB,
                    &ResumePayload {
                        enrollment_id: e.id.clone(),
                        version: e.version + 1,
                    },
                    JobOptions {
                        run_at: Some(at),
                        dedupe_key: Some(format!("{RESUME_JOB}:{}:{}", e.id, e.version + 1)),
                        ..JobOptions::default()
                    },
                )
                .await?;
        }
        tx.commit().await?;
        self.view(id).await
    }

    /// Resumes a paused enrollment: its next step falls the same number of business days after today's next
    /// business day as it would have after the step before it.
    pub async fn resume(&self, p: &Principal, id: &str) -> Result<EnrollmentView> {
        let e = self.reached_enrollment(p, id).await?;
        if e.status != EnrollmentStatus::Pausada {
            return Err(Error::conflict(
                "estado_invalido",
                "Só uma inscrição pausada pode ser retomada.",
            ));
        }
        let mut tx = self.db.begin().await?;
        resume_in(
            &self.db,
            &self.jobs,
            &mut tx,
            e,
            self.clock.today(),
            &self.stamp(&p.uid),
        )
        .await?;
        tx.commit().await?;
        self.view(id).await
    }

    /// Ends an active or paused enrollment (no step falls any more).
    pub async fn end(&self, p: &Principal, id: &str) -> Result<EnrollmentView> {
        let mut e = self.reached_enrollment(p, id).await?;
        if !e.status.is_open() {
            return Err(Error::conflict(
                "estado_invalido",
                "Esta inscrição já terminou.",
            ));
        }
        close(&mut e, "manual");
        let mut tx = self.db.begin().await?;
        if !store::update_enrollment(&mut tx, &e, &self.stamp(&p.uid)).await? {
            return Err(stale());
        }
        tx.commit().await?;
        self.view(id).await
    }

    /// The job handlers: a step falling due, and a dated resume.
    pub fn handlers(self: &Arc<Self>) -> Vec<JobHandler> {
        let me = self.clone();
        let step = JobHandler::new(STEP_JOB, move |job: JobRun, p: StepPayload| {
            let me = me.clone();
            async move { me.fire(&job, &p.enrollment_id, p.step).await }
        });
        let me = self.clone();
        let resume = JobHandler::new(RESUME_JOB, move |job: JobRun, p: ResumePayload| {
            let me = me.clone();
            async move { me.resume_job(&job, &p).await }
        });
        vec![step, resume]
    }

    async fn resume_job(&self, job: &JobRun, p: &ResumePayload) -> Result<JobOutcome> {
        let mut tx = self.db.begin().await?;
        if let Some(e) = store::enrollment_tx(&mut tx, &p.enrollment_id).await? {
            if e.status == EnrollmentStatus::Pausada && e.version == p.version {
                let stamp = self.stamp(SYSTEM_UID);
                resume_in(&self.db, &self.jobs, &mut tx, e, self.clock.today(), &stamp).await?;
            }
        }
        let outcome = JobOutcome::done();
        job.complete_in(&mut tx, &outcome).await?;
        tx.commit().await?;
        Ok(outcome)
    }

    /// Step `order` of an enrollment falls due, once: only while the enrollment is active, on that step and due;
    /// the step run's key refuses a second firing.
    async fn fire(&self, job: &JobRun, enrollment_id: &str, order: i32) -> Result<JobOutcome> {
        let now = self.clock.now();
        let Some(e) = store::enrollment(&self.db, enrollment_id).await? else {
            return Ok(JobOutcome::done());
        };
        let due = e.status == EnrollmentStatus::Ativa
            && e.current_step == order
            && e.next_due_at.is_some_and(|t| t <= now);
        if !due {
            return Ok(JobOutcome::done());
        }
        let steps = store::steps(&self.db, &e.cadence_id, e.cadence_version).await?;
        let Some(stored) = steps.iter().find(|s| s.step.order == order) else {
            return Ok(JobOutcome::done());
        };
        let cadence = store::cadence(&self.db, &e.cadence_id)
            .await?
            .ok_or_else(not_found)?;
        let client = self.clients.get(&e.client_id).await?;
        let consultant = self
            .teams
            .names_of(&[e.owner_id.as_str()])
            .await?
            .remove(&e.owner_id)
            .unwrap_or_default();
        let message = render(
            &stored.step.template,
            &TemplateValues {
                client_name: &client.fields.name,
                consultor: &consultant,
                link: cadence.link_url.as_deref().unwrap_or(""),
            },
        );
        let phone = client.fields.phones.first().map(|p| p.as_str().to_string());
        let email = client.fields.emails.first().map(|m| m.as_str().to_string());
        let send_to = match (stored.step.channel, &self.mailer, &email) {
            (StepChannel::Email, Some(_), Some(to)) => Some(to.clone()),
            _ => None,
        };
        let due_at = e.next_due_at.unwrap_or(now);
        let activity = match send_to {
            Some(_) => None,
            None => {
                let link = match stored.step.channel {
                    StepChannel::Whatsapp => phone.as_deref().map(cadence::whatsapp_link),
                    StepChannel::Ligacao => phone.as_deref().map(cadence::phone_link),
                    StepChannel::Email => email.as_ref().map(|m| format!("mailto:{m}")),
                    StepChannel::Tarefa => None,
                };
                let subject_line = message.lines().next().unwrap_or("").trim();
                let mut subject = format!("{} — etapa {order}: {subject_line}", cadence.name);
                if subject.chars().count() > MAX_SUBJECT {
                    subject = subject.chars().take(MAX_SUBJECT - 1).collect::<String>() + "…";
                }
                let notes = match &link {
                    Some(l) => format!("{l}\n\n{message}"),
                    None => message.clone(),
                };
                Some(Activity {
                    id: uuid::Uuid::now_v7().to_string(),
                    fields: ActivityFields {
                        kind: stored.step.channel.activity_kind(),
                        subject,
                        notes: Some(
                            notes
                                .chars()
                                .take(crate::domain::activity::MAX_NOTES)
                                .collect(),
                        ),
                        client_id: Some(client.id.clone()),
                        opportunity_id: None,
                        owner_id: e.owner_id.clone(),
                        due_at,
                    },
                    done_at: None,
                    outcome: None,
                    duration_s: None,
                    origin: Origin::Cadencia,
                    cadence_step_id: Some(stored.id.clone()),
                    enrollment_id: Some(e.id.clone()),
                    version: 1,
                    created_at: now,
                    created_by: SYSTEM_UID.to_string(),
                    updated_at: now,
                })
            }
        };
        let calendar = calendar_of(&self.db, &e).await?;
        let mut next = e.clone();
        next.current_step = order + 1;
        match steps.iter().find(|s| s.step.order == order + 1) {
            Some(s) => next.next_due_at = Some(due_at_after(&s.step, &e, &calendar)),
            None => {
                next.status = EnrollmentStatus::Concluida;
                next.next_due_at = None;
            }
        }
        let stamp = self.stamp(SYSTEM_UID);
        let mut tx = self.db.begin().await?;
        let fresh = store::insert_run(
            &mut tx,
            &e.id,
            order,
            &stored.id,
            &e.cadence_id,
            now,
            activity.as_ref().map(|a| a.id.as_str()),
            send_to.is_some(),
        )
        .await?;
        // Someone changed the enrollment since it was read (paused, ended), or the step fell already: nothing.
        if !fresh || !store::update_enrollment(&mut tx, &next, &stamp).await? {
            drop(tx);
            return Ok(JobOutcome::done());
        }
        if let Some(a) = &activity {
            self.activities
                .insert(&mut tx, &system(), a, "Atividade criada pela cadência")
                .await?;
        }
        if next.status == EnrollmentStatus::Ativa {
            let mut scheduled = next.clone();
            scheduled.version += 1;
            self.schedule(&mut tx, &scheduled).await?;
        }
        let outcome = JobOutcome::with(serde_json::json!({
            "activity_id": activity.as_ref().map(|a| a.id.clone()),
            "emailed": send_to.is_some(),
        }));
        job.complete_in(&mut tx, &outcome).await?;
        tx.commit().await?;
        if let (Some(to), Some(mailer)) = (send_to, &self.mailer) {
            let subject = format!(
                "{} — {}",
                cadence.name,
                cadence::first_name(&client.fields.name)
            );
            mailer
                .send(&self.db, &self.clock, &to, &subject, message)
                .await?;
        }
        Ok(outcome)
    }

    /// The plugin's host saw the client write (`crm:inbound-message`): a reply, so the client's active enrollment
    /// pauses (`resposta`) as when an activity is completed with *respondeu*. A client `p` does not reach is 404.
    /// Returns how many enrollments were paused.
    pub async fn on_inbound_message(&self, p: &Principal, client_id: &str) -> Result<usize> {
        self.clients.get_for(p, client_id).await?;
        let stamp = Stamp {
            uid: &p.uid,
            at: self.clock.now(),
        };
        let mut tx = self.db.begin().await?;
        let active = store::open_of_client(&mut tx, client_id)
            .await?
            .iter()
            .filter(|e| e.status == EnrollmentStatus::Ativa)
            .count();
        Self::on_activity_done(&mut tx, client_id, Outcome::Respondeu, &stamp).await?;
        tx.commit().await?;
        Ok(active)
    }

    /// In the caller's transaction (an activity completed): a reply pauses the client's active enrollment
    /// (`resposta`, no step falls until resumed) and counts as the last step's reply; an evaluation booked counts
    /// as the last step's booking.
    pub(crate) async fn on_activity_done(
        tx: &mut Tx,
        client_id: &str,
        outcome: Outcome,
        stamp: &Stamp<'_>,
    ) -> Result<()> {
        let reply = outcome.is_reply();
        let booked = outcome == Outcome::AgendouAvaliacao;
        if !reply && !booked {
            return Ok(());
        }
        for mut e in store::open_of_client(tx, client_id).await? {
            if reply {
                if e.replied_at.is_none() {
                    e.replied_at = Some(stamp.at);
                    store::mark_last_run(tx, &e.id, false).await?;
                }
                if e.status == EnrollmentStatus::Ativa {
                    e.status = EnrollmentStatus::Pausada;
                    e.pause_reason = Some(PauseReason::Resposta);
                    e.resume_on = None;
                    e.next_due_at = None;
                }
            }
            if booked && e.booked_at.is_none() {
                e.booked_at = Some(stamp.at);
                store::mark_last_run(tx, &e.id, true).await?;
            }
            store::update_enrollment(tx, &e, stamp).await?;
        }
        Ok(())
    }

    /// Ends every open enrollment of a client (`ganho`: a won opportunity; `opt_out`: `do_not_contact`), in the
    /// caller's transaction.
    pub(crate) async fn end_for_client(
        tx: &mut Tx,
        client_id: &str,
        reason: &str,
        stamp: &Stamp<'_>,
    ) -> Result<()> {
        for mut e in store::open_of_client(tx, client_id).await? {
            close(&mut e, reason);
            store::update_enrollment(tx, &e, stamp).await?;
        }
        Ok(())
    }
}

fn close(e: &mut Enrollment, reason: &str) {
    e.status = EnrollmentStatus::Encerrada;
    e.pause_reason = None;
    e.resume_on = None;
    e.next_due_at = None;
    e.end_reason = Some(reason.to_string());
}

/// The calendar an enrollment's steps fall on: national and company-wide holidays, and those of the client's unit
/// (else of the salesperson's, the enrollment's owner).
async fn calendar_of(db: &Db, e: &Enrollment) -> Result<Calendar> {
    let unit = store::calendar_unit(db, &e.client_id, &e.owner_id).await?;
    Calendar::load_for(db, unit.as_deref()).await
}

/// The calendars of the units met while enrolling many clients, each loaded once.
#[derive(Default)]
struct Calendars(HashMap<Option<String>, Calendar>);

impl Calendars {
    /// The calendar of `client_id`'s enrollment owned by `owner_id` (see [`calendar_of`]).
    async fn of(&mut self, db: &Db, client_id: &str, owner_id: &str) -> Result<&Calendar> {
        let unit = store::calendar_unit(db, client_id, owner_id).await?;
        Ok(match self.0.entry(unit) {
            Entry::Occupied(known) => known.into_mut(),
            Entry::Vacant(slot) => {
                let calendar = Calendar::load_for(db, slot.key().as_deref()).await?;
                slot.insert(calendar)
            }
        })
    }
}

/// When step `s` falls for `e` after the step before it fell.
fn due_at_after(s: &Step, e: &Enrollment, calendar: &Calendar) -> DateTime<Utc> {
    due_at(s, e.anchor_on, e.anchor_offset, calendar)
}

async fn schedule(jobs: &Jobs, tx: &mut Tx, e: &Enrollment) -> Result<()> {
    let Some(at) = e.next_due_at else {
        return Ok(());
    };
    jobs.enqueue(
        tx,
        STEP_JOB,
        &StepPayload {
            enrollment_id: e.id.clone(),
            step: e.current_step,
        },
        JobOptions {
            run_at: Some(at),
            dedupe_key: Some(format!(
                "{STEP_JOB}:{}:{}:{}",
                e.id,
                e.current_step,
                at.timestamp()
            )),
            ..JobOptions::default()
        },
    )
    .await?;
    Ok(())
}

/// Resumes `e` on `today`: its next step keeps the gap (in business days) to the step before it.
async fn resume_in(
    db: &Db,
    jobs: &Jobs,
    tx: &mut Tx,
    mut e: Enrollment,
    today: NaiveDate,
    stamp: &Stamp<'_>,
) -> Result<()> {
    let steps = store::steps(db, &e.cadence_id, e.cadence_version).await?;
    let calendar = calendar_of(db, &e).await?;
    let previous = steps
        .iter()
        .find(|s| s.step.order == e.current_step - 1)
        .map(|s| s.step.day_offset)
        .unwrap_or(0);
    e.status = EnrollmentStatus::Ativa;
    e.pause_reason = None;
    e.resume_on = None;
    e.anchor_on = calendar.next_business_day(today);
    e.anchor_offset = previous;
    match steps.iter().find(|s| s.step.order == e.current_step) {
        Some(s) => e.next_due_at = Some(due_at(&s.step, e.anchor_on, previous, &calendar)),
        None => {
            e.status = EnrollmentStatus::Concluida;
            e.next_due_at = None;
        }
    }
    if !store::update_enrollment(tx, &e, stamp).await? {
        return Err(stale());
    }
    if e.status == EnrollmentStatus::Ativa {
        e.version += 1;
        schedule(jobs, tx, &e).await?;
    }
    Ok(())
}

/// A role that builds cadences: managers (their teams) and administrators.
pub fn builds(p: &Principal) -> bool {
    matches!(
        p.role,
        Some(Role::SalesManager | Role::Admin | Role::SuperAdmin)
    )
}
