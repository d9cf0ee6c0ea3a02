//! The plugin's operations: the allowed origins (a setting kept in the database, read on every framing of
//! `/crm/plugin`, so a change applies without a restart) and the audited, rate-limited lookup.

use std::sync::Arc;

use chrono::Duration;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result, Violations};
use platform::Principal;

use super::{
    Activities, ActivityQuery, ActivityView, Cadences, Clients, Found, FunnelQuery, Opportunities,
    OpportunityView,
};
use crate::domain::opportunity::{Stage, StageKind, Status};
use crate::domain::plugin::{parse_origin, LookupTerm, MAX_ORIGINS};
use crate::domain::Client;
use crate::store::plugin as store;

/// Lookups per user per minute.
pub const LOOKUPS_PER_MINUTE: i64 = 60;
/// Open opportunities the client card lists (the newest).
pub const CARD_OPPORTUNITIES: i64 = 10;
/// Done activities the client card lists (the latest).
pub const CARD_ACTIVITIES: i64 = 5;

/// What the plugin shows under a client: the open opportunities, the last activities and the next one due, and
/// the working stages an opportunity can be moved to.
pub struct ClientSummary {
    pub opportunities: Vec<OpportunityView>,
    pub recent_activities: Vec<ActivityView>,
    pub next_activity: Option<ActivityView>,
    pub stages: Vec<Stage>,
}

/// The services the plugin's card works through.
pub type PluginServices = (
    Arc<Clients>,
    Arc<Opportunities>,
    Arc<Activities>,
    Arc<Cadences>,
);

pub struct Plugin {
    db: Db,
    clock: SharedClock,
    clients: Arc<Clients>,
    opportunities: Arc<Opportunities>,
    activities: Arc<Activities>,
    cadences: Arc<Cadences>,
    /// Origins from the configuration (`BACKOFFICE_PLUGIN_FRAME_ANCESTORS`), allowed besides the setting.
    configured: Vec<String>,
    /// Development and test mode: `http://127.0.0.1:<port>` and `http://localhost:<port>` are accepted.
    dev_mode: bool,
}

impl Plugin {
    pub fn new(
        db: Db,
        clock: SharedClock,
        (clients, opportunities, activities, cadences): PluginServices,
        configured: Vec<String>,
        dev_mode: bool,
    ) -> Plugin {
        Plugin {
            db,
            clock,
            clients,
            opportunities,
            activities,
            cadences,
            configured,
            dev_mode,
        }
    }

    /// The origins kept in the setting.
    pub async fn stored_origins(&self) -> Result<Vec<String>> {
        store::origins(&self.db).await
    }

    /// Every origin allowed to frame the plugin: the setting's and the configuration's.
    pub async fn allowed_origins(&self) -> Result<Vec<String>> {
        let mut all = self.stored_origins().await?;
        all.extend(self.configured.iter().cloned());
        all.sort();
        all.dedup();
        Ok(all)
    }

    /// Replaces the setting's origins; each must be an exact origin (422 naming `origins[i]`).
    pub async fn set_origins(&self, input: &[String], by: &Principal) -> Result<Vec<String>> {
        let mut v = Violations::new();
        if input.len() > MAX_ORIGINS {
            v.add("origins", format!("No máximo {MAX_ORIGINS} origens."));
        }
        let mut origins = Vec::new();
        for (i, raw) in input.iter().enumerate() {
            match parse_origin(raw, self.dev_mode) {
                Ok(o) => origins.push(o),
                Err(message) => v.add(format!("origins[{i}]"), message),
            }
        }
        v.finish()?;
        origins.sort();
        origins.dedup();
        let mut tx = self.db.begin().await?;
        store::replace_origins(&mut tx, &origins, &by.uid, self.clock.now()).await?;
        tx.commit().await?;
        tracing::info!(by = %by.uid, origins = ?origins, "plugin origins changed");
        Ok(origins)
    }

    /// The name of a portfolio owner, for the client card.
    pub async fn owner_name(&self, client: &Client) -> Result<Option<String>> {
        let Some(uid) = &client.fields.owner_id else {
            return Ok(None);
        };
        Ok(self.clients.owner_names([client]).await?.remove(uid))
    }

    /// A client `by` reaches (404 otherwise), for the card after an action.
    pub async fn client(&self, by: &Principal, id: &str) -> Result<Client> {
        self.clients.get_for(by, id).await
    }

    /// The card's sections for a client `by` reaches, each read within `by`'s scope.
    pub async fn summary(&self, by: &Principal, client_id: &str) -> Result<ClientSummary> {
        let funnel = FunnelQuery {
            client_id: Some(client_id.to_string()),
            ..FunnelQuery::default()
        };
        let activities = |done: bool| ActivityQuery {
            client_id: Some(client_id.to_string()),
            done: Some(done),
            ..ActivityQuery::default()
        };
        let ((opportunities, _), (recent, _), (next, _), stages) = futures::future::try_join4(
            self.opportunities.list(
                by,
                &funnel,
                Some(Status::Open),
                None,
                Default::default(),
                CARD_OPPORTUNITIES,
                0,
            ),
            self.activities
                .list(by, &activities(true), CARD_ACTIVITIES, 0),
            self.activities.list(by, &activities(false), 1, 0),
            self.opportunities.stages(),
        )
        .await?;
        Ok(ClientSummary {
            opportunities,
            recent_activities: recent,
            next_activity: next.into_iter().next(),
            stages: stages
                .into_iter()
                .filter(|s| s.kind == StageKind::Open && !s.archived)
                .collect(),
        })
    }

    /// The active cadences `by` may enroll a client in (global ones and their teams'), by name.
    pub async fn cadences(&self, by: &Principal) -> Result<Vec<(String, String)>> {
        let mut out: Vec<(String, String)> = self
            .cadences
            .list(by)
            .await?
            .into_iter()
            .filter(|c| c.cadence.active && !c.steps.is_empty())
            .map(|c| (c.cadence.id, c.cadence.name))
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1));
        Ok(out)
    }

    /// Enrolls a client `by` reaches (404 otherwise) in a cadence, with the cadences' own rules: consent for
    /// each step's channel, `do_not_contact` and one open enrollment per client refused with 422 naming the
    /// client. The refusal names `client_id` (the card's one client) instead of the bulk form's `client_ids[0]`.
    pub async fn enroll(
        &self,
        by: &Principal,
        client_id: &str,
        cadence_id: &str,
    ) -> Result<super::cadences::EnrollmentView> {
        let client = self.clients.get_for(by, client_id).await?;
        let mut rows = self
            .cadences
            .enroll(by, cadence_id, std::slice::from_ref(&client.id))
            .await
            .map_err(|mut e| {
                for f in &mut e.fields {
                    if f.field.starts_with("client_ids") {
                        f.field = "client_id".into();
                    }
                }
                e
            })?;
        rows.pop()
            .ok_or_else(|| Error::internal("a inscrição não foi gravada"))
    }

    /// The host saw the client write: their active cadence pauses (see [`Cadences::on_inbound_message`]).
    pub async fn inbound_message(&self, by: &Principal, client_id: &str) -> Result<usize> {
        self.cadences.on_inbound_message(by, client_id).await
    }

    /// The client `term` names exactly, at most [`LOOKUPS_PER_MINUTE`] a minute per user (429 with the
    /// seconds to wait), each lookup audited: who, what, which client, when.
    pub async fn lookup(&self, term: &LookupTerm, by: &Principal) -> Result<Found> {
        let now = self.clock.now();
        let window_start = now - Duration::minutes(1);
        let (count, oldest) = store::lookups_since(&self.db, &by.uid, window_start).await?;
        if count >= LOOKUPS_PER_MINUTE {
            let frees_at = oldest.unwrap_or(now) + Duration::minutes(1);
            let wait = (frees_at - now).num_seconds().clamp(1, 60);
            return Err(Error::too_many_attempts(wait as u64));
        }
        let found = self.clients.find_exact_for(by, term).await?;
        let id = uuid::Uuid::now_v7().to_string();
        store::record_lookup(
            &self.db,
            &store::LookupRecord {
                id: &id,
                uid: &by.uid,
                user_email: &by.email,
                term_kind: term.kind(),
                term: &term.value(),
                client_id: match &found {
                    Found::Reached(c) => Some(c.id.as_str()),
                    _ => None,
                },
                at: now,
            },
        )
        .await?;
        Ok(found)
    }
}

/// `BACKOFFICE_DEV_MODE=1` (or `true`): the server runs for development or tests, where local http origins
/// may frame the plugin.
pub const DEV_MODE_VAR: &str = "BACKOFFICE_DEV_MODE";

/// The plugin of a started platform: the configuration's framing origins and the development mode.
pub fn plugin_for(platform: &platform::context::Platform, services: PluginServices) -> Plugin {
    let dev_mode = std::env::var(DEV_MODE_VAR).is_ok_and(|v| v == "1" || v == "true");
    Plugin::new(
        platform.db.clone(),
        platform.clock.clone(),
        services,
        platform.config.http.plugin_frame_ancestors.clone(),
        dev_mode,
    )
}
