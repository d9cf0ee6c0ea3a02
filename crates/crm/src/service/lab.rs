//! `/crmDev`, the CRM's laboratory: feature previews (grants per role, team or user, and the resolution each
//! user's screens read) and the cadence simulator's dry run. Nothing here touches business data: the previews
//! are their own table, and a simulation only reads (a cadence, the calendar) and writes nothing.

use std::collections::BTreeSet;
use std::sync::Arc;

use chrono::{Datelike, NaiveDate, NaiveTime};
use platform::calendar::{Calendar, Holiday};
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::{Principal, Role};

use super::{Cadences, Teams};
use crate::domain::cadence::{self, sao_paulo, validate_steps, Step, StepDate, StepDraft};
use crate::domain::preview::{self, Feature, PreviewGrant, SubjectKind, Viewer, FEATURES};
use crate::store::previews::{self as store, StoredGrant};
use crate::store::teams as teams_store;

/// The history entity of a feature preview (`platform_history.entity`; the id is the feature's code).
pub const PREVIEW_ENTITY: &str = "crm.preview";

/// A feature of the registry with its grants.
pub struct FeatureView {
    pub feature: &'static Feature,
    pub grants: Vec<StoredGrant>,
}

/// What to simulate: a cadence's current steps or steps as typed, from a start date and time (São Paulo).
#[derive(Debug, Clone, Default)]
pub struct SimulationInput {
    pub cadence_id: Option<String>,
    pub steps: Vec<StepDraft>,
    /// Default today.
    pub start_date: Option<NaiveDate>,
    /// `hh:mm`; default the start of the day.
    pub start_time: Option<String>,
    /// The unit whose holidays count too (a client's, or a salesperson's); default none (company-wide).
    pub unit_id: Option<String>,
}

/// One step of a simulation: when it falls, and whether that is already past at the start (it would fall due at
/// once on enrollment).
pub struct SimulatedStep {
    pub step: Step,
    pub date: StepDate,
    pub due_at_once: bool,
}

pub struct Simulation {
    pub cadence_name: Option<String>,
    /// The first business day (the anchor an enrollment on the start date takes).
    pub first_day: NaiveDate,
    pub steps: Vec<SimulatedStep>,
    /// The holidays (national, the company's and the unit's) between the start date and the last step's day.
    pub holidays: Vec<Holiday>,
}

pub struct Lab {
    db: Db,
    clock: SharedClock,
    teams: Arc<Teams>,
    cadences: Arc<Cadences>,
}

fn feature_not_found() -> Error {
    Error::not_found("Recurso em prévia não encontrado.")
}

impl Lab {
    pub fn new(db: Db, clock: SharedClock, teams: Arc<Teams>, cadences: Arc<Cadences>) -> Lab {
        Lab {
            db,
            clock,
            teams,
            cadences,
        }
    }

    /// Every feature of the registry with its grants.
    pub async fn previews(&self) -> Result<Vec<FeatureView>> {
        let grants = store::grants(&self.db).await?;
        Ok(FEATURES
            .iter()
            .map(|f| FeatureView {
                feature: f,
                grants: grants
                    .iter()
                    .filter(|g| g.grant.feature == f.code)
                    .cloned()
                    .collect(),
            })
            .collect())
    }

    async fn preview(&self, code: &str) -> Result<FeatureView> {
        self.previews()
            .await?
            .into_iter()
            .find(|v| v.feature.code == code)
            .ok_or_else(feature_not_found)
    }

    /// A subject as a readable name for the history (the role's label, the team's name, the user's name); 422
    /// naming `subject_id` when it does not exist.
    async fn subject_name(&self, kind: SubjectKind, id: &str) -> Result<String> {
        let missing =
            |what: &str| Error::invalid_field("subject_id", format!("{what} não encontrado."));
        match kind {
            SubjectKind::Role => Role::parse(id)
                .map(|r| r.label().to_string())
                .ok_or_else(|| missing("Papel")),
            SubjectKind::Team => teams_store::team(&self.db, id)
                .await?
                .map(|t| t.name)
                .ok_or_else(|| missing("Time")),
            SubjectKind::User => self
                .teams
                .users(&[id])
                .await?
                .into_iter()
                .next()
                .map(|u| u.name)
                .ok_or_else(|| missing("Usuário")),
        }
    }

    /// Turns `code` on (`enabled`) or off for one subject, replacing its grant; recorded in the feature's history.
    pub async fn set_grant(
        &self,
        code: &str,
        kind: SubjectKind,
        subject_id: &str,
        enabled: bool,
        by: &Principal,
    ) -> Result<FeatureView> {
        let feature = preview::feature(code).ok_or_else(feature_not_found)?;
        let name = self.subject_name(kind, subject_id).await?;
        let at = self.clock.now();
        let mut tx = self.db.begin().await?;
        let before = store::grant(&mut tx, code, kind, subject_id).await?;
        if before != Some(enabled) {
            let grant = PreviewGrant {
                feature: feature.code.to_string(),
                kind,
                subject_id: subject_id.to_string(),
                enabled,
            };
            store::put_grant(&mut tx, &grant, &by.uid, at).await?;
            let field = format!("{} {name}", kind.as_str());
            let entry = Entry {
                entity: PREVIEW_ENTITY,
                entity_id: feature.code,
                action: if enabled {
                    "Prévia ligada"
                } else {
                    "Prévia desligada"
                },
                from_state: None,
                to_state: None,
                reason: None,
                changes: vec![Change::new(
                    &field,
                    before.map(on_off),
                    Some(on_off(enabled)),
                )],
            };
            history::record(&mut tx, &entry, by, at).await?;
        }
        tx.commit().await?;
        self.preview(code).await
    }

    /// Removes a subject's grant (the next level, or the default, applies again); 404 when there is none.
    pub async fn remove_grant(
        &self,
        code: &str,
        kind: SubjectKind,
        subject_id: &str,
        by: &Principal,
    ) -> Result<FeatureView> {
        let feature = preview::feature(code).ok_or_else(feature_not_found)?;
        let mut tx = self.db.begin().await?;
        let Some(before) = store::grant(&mut tx, code, kind, subject_id).await? else {
            return Err(Error::not_found(
                "Esta prévia não tem liberação para este destinatário.",
            ));
        };
        let name = self
            .subject_name(kind, subject_id)
            .await
            .unwrap_or_else(|_| subject_id.to_string());
        store::delete_grant(&mut tx, code, kind, subject_id).await?;
        let entry = Entry {
            entity: PREVIEW_ENTITY,
            entity_id: feature.code,
            action: "Liberação removida",
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![Change::new(
                &format!("{} {name}", kind.as_str()),
                Some(on_off(before)),
                None,
            )],
        };
        history::record(&mut tx, &entry, by, self.clock.now()).await?;
        tx.commit().await?;
        self.preview(code).await
    }

    /// A feature's changes, oldest first.
    pub async fn history(&self, code: &str) -> Result<Vec<Recorded>> {
        let feature = preview::feature(code).ok_or_else(feature_not_found)?;
        history::of(&self.db, PREVIEW_ENTITY, feature.code).await
    }

    /// The features on for `p` (user grant, else their teams', else their role's, else the default).
    pub async fn mine(&self, p: &Principal) -> Result<Vec<&'static Feature>> {
        let today = self.clock.today();
        let mut teams: BTreeSet<String> = teams_store::members(&self.db, None)
            .await?
            .into_iter()
            .filter(|m| m.user_id == p.uid && m.on(today))
            .map(|m| m.team_id)
            .collect();
        teams.extend(teams_store::managed_by(&self.db, &p.uid).await?);
        let teams: Vec<String> = teams.into_iter().collect();
        let grants: Vec<PreviewGrant> = store::grants(&self.db)
            .await?
            .into_iter()
            .map(|g| g.grant)
            .collect();
        let viewer = Viewer {
            uid: &p.uid,
            role: p.role,
            teams: &teams,
        };
        Ok(FEATURES
            .iter()
            .filter(|f| preview::resolve(f, &grants, &viewer))
            .collect())
    }

    /// The cadence simulator's dry run: when each step would fall for an enrollment on the start date (the first
    /// business day on or after it, then each step's business days, at the start of its window), and which
    /// would be already due at the start time. Reads a cadence (one `p` sees; 404 otherwise) and the calendar
    /// (with a unit's holidays when `unit_id` names one; an unknown unit is 422); writes nothing.
    pub async fn simulate(&self, p: &Principal, input: SimulationInput) -> Result<Simulation> {
        let (cadence_name, steps) = match (&input.cadence_id, input.steps.is_empty()) {
            (Some(_), false) => {
                return Err(Error::invalid_field(
                    "steps",
                    "Informe a cadência ou as etapas, não ambas.",
                ))
            }
            (None, true) => {
                return Err(Error::invalid_field(
                    "steps",
                    "Informe uma cadência ou ao menos uma etapa.",
                ))
            }
            (Some(id), true) => {
                let (view, _) = self.cadences.get(p, id).await?;
                let steps = view.steps.into_iter().map(|s| s.step).collect();
                (Some(view.cadence.name), steps)
            }
            (None, false) => (None, validate_steps(&input.steps)?),
        };
        let start_date = input.start_date.unwrap_or_else(|| self.clock.today());
        if !(2000..=2100).contains(&start_date.year()) {
            return Err(Error::invalid_field(
                "start_date",
                "Informe uma data entre 2000 e 2100.",
            ));
        }
        let start_time = match input.start_time.as_deref().map(str::trim) {
            None | Some("") => NaiveTime::MIN,
            Some(text) => NaiveTime::parse_from_str(text, "%H:%M").map_err(|_| {
                Error::invalid_field("start_time", "Informe a hora no formato hh:mm.")
            })?,
        };
        let start = sao_paulo(start_date, start_time);
        let unit = input
            .unit_id
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty());
        if let Some(id) = unit {
            if platform::units::get(&self.db, id).await?.is_none() {
                return Err(Error::invalid_field("unit_id", "Unidade não encontrada."));
            }
        }
        let calendar = Calendar::load_for(&self.db, unit).await?;
        let dates = cadence::simulate(&steps, start_date, &calendar);
        let last = dates.iter().map(|d| d.day).max().unwrap_or(start_date);
        let holidays = (start_date.year()..=last.year())
            .flat_map(|y| calendar.holidays(y))
            .filter(|h| h.day >= start_date && h.day <= last)
            .collect();
        Ok(Simulation {
            cadence_name,
            first_day: calendar.next_business_day(start_date),
            steps: steps
                .into_iter()
                .zip(dates)
                .map(|(step, date)| SimulatedStep {
                    due_at_once: date.at < start,
                    step,
                    date,
                })
                .collect(),
            holidays,
        })
    }
}

fn on_off(enabled: bool) -> String {
    if enabled { "ligada" } else { "desligada" }.to_string()
}
