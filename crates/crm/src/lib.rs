//! The CRM context: clients, people (CPF) and companies (CNPJ, numeric or the alphanumeric format valid
//! from July 2026), with e-mails, phones, an address, a status and notes.
//!
//! The context's shape (every context has it; see `docs/architecture.md`):
//! - [`domain`]: the rules in plain Rust (no SQL, no HTTP), input parsed once into valid types;
//! - [`service`]: the operations ([`Clients`]), returning domain errors;
//! - `store`: SQL for both engines, private to the crate (with the search planner, `store::search`);
//! - [`api`]: the HTTP API; [`permissions`]: what its operations need;
//! - `demo`: demo data and the bulk loader for the benchmark; `migrations/`: its tables.
//!
//! # Searching a million clients
//!
//! `q` is a substring search over one column, `search_text`: the folded (lowercase, accent-free) name and
//! trade name, the bare document, the e-mails and the phone digits. The query folds `q` the same way
//! and also tries its bare letters and digits (a document or phone typed with punctuation), so a search is
//! "`search_text` holds `term` [or `term2`]" (`instr`/`strpos`: every character of `q` literal), never a
//! scan per field. How the matching rows are found is planned per search (`store::search`):
//!
//! - **Walk** (a common term, `silva` in ~5 % of rows): a page is
//!   `SELECT … WHERE id IN (SELECT id … ORDER BY <sort> LIMIT n) ORDER BY <sort>`. The sort indexes
//!   `(search_name, id)` and `(created_at, id)` also hold `status`, `kind` and `search_text`, so the inner
//!   query walks one index in order, tests each entry without touching the table, and stops after one
//!   page; only the page's rows are read from the table. (Reading the table for every tested entry cost
//!   one random page per entry: ~2,400 pages for `q=silva` on a million rows.)
//! - **By trigrams** (a document, an e-mail, a full name): the candidates are the rows holding two to four
//!   of the term's trigrams, chosen on a sample of the table so that they are few, looked up in the
//!   trigram index (PostgreSQL `pg_trgm` GIN; SQLite FTS5 `crm_clients_fts`, external content over
//!   `search_text`, kept in step by triggers); the whole term, status and kind are then tested on those
//!   rows, which are sorted. Looking up *every* trigram, as `LIKE` on the index does, read the posting
//!   lists of `exa`, `com`, `.br`, which are in every row: 675 ms for one e-mail on PostgreSQL.
//! - Pages and counts are prepared statements with literal bounds, so PostgreSQL keeps a generic plan
//!   instead of planning each request (planning cost as much as running a page).
//! - Pages fetch `page_size + 1` rows to know whether another page exists (`has_more`) without counting.
//! - `total`: a page that is the last one gives the total without counting. Otherwise it is
//!   `SELECT COUNT(*) FROM (SELECT 1 … LIMIT cap + 1)` with `cap` = offset + 10 pages: exact up to ten
//!   pages past the current one, else `cap` with `total_capped: true` (the screen shows "mais de N").
//!   A count reads every match it counts, so it is bounded by how deep the user already is (the OFFSET
//!   walk costs as much) rather than by the table. A caller that does not need the total (the benchmark,
//!   infinite scroll) passes `with_total=false` and pays only for the page.
//! - Without `status`, archived clients are left out; `status=archived` lists them.

pub mod api;
mod demo;
pub mod domain;
pub mod permissions;
pub mod service;
mod store;

use std::sync::Arc;

use platform::access::{Permission, RouteRule};
use platform::context::{Context, Demo, Platform, StartError, Started};
use platform::migrate::Migrations;
use platform::{Error, Role};

pub use domain::{Client, ClientFields, ClientKind, ClientStatus};
pub use service::{Clients, Links, Opportunities, Plugin};

/// How many demo clients `demo-data` creates.
pub const DEMO_CLIENTS: usize = 120;
/// The name a benchmark asks for generated clients by (`Demo::bulk`).
pub const BULK_CLIENTS: &str = "clients";
/// The `Demo::bulk` key of the funnel benchmark's open opportunities.
pub const BULK_OPPORTUNITIES: &str = "opportunities";

/// The CRM context: its public interface for the server and for other contexts.
pub struct Crm {
    clients: Arc<Clients>,
    teams: Arc<service::Teams>,
    profiles: Arc<service::Profiles>,
    clock: platform::clock::SharedClock,
    plugin: Arc<Plugin>,
    links: Arc<Links>,
    opportunities: Arc<Opportunities>,
    activities: Arc<service::Activities>,
    cadences: Arc<service::Cadences>,
    timers: Arc<service::Timers>,
    lab: Arc<service::Lab>,
    trusted_proxies: Vec<std::net::IpAddr>,
    /// The writer of `/l/{code}`'s clicks, shared by every `redirect()` endpoint and flushed on stop.
    clicks: service::clicks::ClickRecorder,
}

impl Crm {
    pub fn clients(&self) -> &Arc<Clients> {
        &self.clients
    }

    /// The sales organisation, and whose records a user reaches (`Teams::scope`).
    pub fn teams(&self) -> &Arc<service::Teams> {
        &self.teams
    }

    /// The CRM user profiles (a salesperson's discount limit, read by the sales context).
    pub fn profiles(&self) -> &Arc<service::Profiles> {
        &self.profiles
    }

    /// The plugin: its allowed origins are what the server's `frame-ancestors` for `/crm/plugin` reads.
    pub fn plugin(&self) -> &Arc<Plugin> {
        &self.plugin
    }

    pub fn links(&self) -> &Arc<Links> {
        &self.links
    }

    /// The demo salespeople with their team today.
    async fn demo_owners(&self, demo: &Demo) -> Result<Vec<(String, Option<String>)>, Error> {
        let mut owners = Vec::new();
        for user in demo.users.iter().filter(|u| u.role == Role::Salesperson) {
            owners.push((
                user.uid.clone(),
                self.opportunities.team_of(&user.uid).await?,
            ));
        }
        Ok(owners)
    }

    /// The funnel; the sales context marks an opportunity won through it (`Opportunities::mark_won`).
    pub fn opportunities(&self) -> &Arc<Opportunities> {
        &self.opportunities
    }

    /// Cadences: definitions, enrollments and the job that makes their steps fall due.
    pub fn cadences(&self) -> &Arc<service::Cadences> {
        &self.cadences
    }

    /// Activities: the funnel's side panel reads the agenda through it.
    pub fn activities(&self) -> &Arc<service::Activities> {
        &self.activities
    }

    /// The `/l/{code}` endpoint (the server routes `/l/` to it ahead of the web apps), writing its clicks
    /// through the context's click writer.
    pub fn redirect(&self) -> api::Redirect {
        api::Redirect::new(
            self.links.clone(),
            self.clicks.clone(),
            self.trusted_proxies.clone(),
        )
    }
}

impl Context for Crm {
    const NAME: &'static str = "crm";
    type Api = api::CrmApi;

    fn migrations() -> Migrations {
        platform::embedded_migrations!()
    }

    fn permissions() -> &'static [&'static Permission] {
        permissions::ALL
    }

    /// Needs identity started first: teams and profiles name its users.
    async fn start(platform: &Platform, started: &Started) -> Result<Crm, StartError> {
        let identity = started.get::<identity::Identity>()?;
        let teams = Arc::new(service::Teams::new(
            platform.db.clone(),
            platform.clock.clone(),
            identity,
        ));
        let clients = Arc::new(Clients::new(
            platform.db.clone(),
            platform.clock.clone(),
            teams.clone(),
        ));
        let opportunities = Arc::new(Opportunities::new(
            platform.db.clone(),
            platform.clock.clone(),
            teams.clone(),
            clients.clone(),
        ));
        let activities = Arc::new(service::Activities::new(
            platform.db.clone(),
            platform.clock.clone(),
            teams.clone(),
            clients.clone(),
            opportunities.clone(),
        ));
        // E-mail steps are sent only when an SMTP relay is configured; otherwise they become tasks.
        let mailer = match &platform.config.smtp_url {
            Some(url) => Some(
                identity::mail::Mailer::new(Some(url), &platform.config.mail_from)
                    .map_err(|e| StartError(e.to_string()))?,
            ),
            None => None,
        };
        let cadences = Arc::new(service::Cadences::new(
            platform.db.clone(),
            platform.clock.clone(),
            platform.jobs.clone(),
            teams.clone(),
            clients.clone(),
            activities.clone(),
            mailer,
        ));
        let plugin = Arc::new(service::plugin_for(
            platform,
            (
                clients.clone(),
                opportunities.clone(),
                activities.clone(),
                cadences.clone(),
            ),
        ));
        let timers = Arc::new(service::Timers::new(
            platform.db.clone(),
            platform.clock.clone(),
            clients.clone(),
            activities.clone(),
        ));
        let lab = Arc::new(service::Lab::new(
            platform.db.clone(),
            platform.clock.clone(),
            teams.clone(),
            cadences.clone(),
        ));
        Ok(Crm {
            lab,
            timers,
            cadences,
            opportunities,
            activities,
            clients,
            profiles: Arc::new(service::Profiles::new(platform.db.clone(), teams.clone())),
            teams,
            plugin,
            clock: platform.clock.clone(),
            links: Arc::new(Links::new(platform.db.clone(), platform.clock.clone())),
            trusted_proxies: platform.config.http.trusted_proxies.clone(),
            clicks: service::clicks::ClickRecorder::start(platform.db.clone()),
        })
    }

    fn route_rules() -> &'static [RouteRule] {
        permissions::ROUTE_RULES
    }

    fn api(self: &Arc<Self>) -> api::CrmApi {
        (
            api::ClientsApi::new(self.clients.clone()),
            api::TeamsApi::new(self.teams.clone(), self.clock.clone()),
            api::ProfilesApi::new(
                self.teams.clone(),
                self.profiles.clone(),
                self.clock.clone(),
            ),
            api::PluginApi::new(
                self.plugin.clone(),
                self.opportunities.clone(),
                self.activities.clone(),
            ),
            api::LinksApi::new(self.links.clone()),
            api::OpportunitiesApi::new(self.opportunities.clone()),
            api::ActivitiesApi::new(self.activities.clone()),
            api::CadencesApi::new(self.cadences.clone()),
            api::LabApi::new(self.lab.clone()),
            api::TimerApi::new(self.timers.clone()),
        )
    }

    /// The job that makes cadence steps fall due, and the dated resume of a paused enrollment.
    fn jobs(self: &Arc<Self>) -> Vec<platform::jobs::JobHandler> {
        self.cadences.handlers()
    }

    async fn seed_demo(self: &Arc<Self>, demo: &mut Demo) -> Result<Vec<String>, Error> {
        let owner = demo
            .user(Role::Admin)
            .map(|u| u.uid.clone())
            .unwrap_or_default();
        let mut lines = vec![
            match demo::clients::seed(self.clients.db(), &owner, DEMO_CLIENTS).await? {
                0 => "Clientes de demonstração: já existiam.".to_string(),
                n => format!("{n} clientes de demonstração criados."),
            },
        ];
        lines.extend(demo::teams::seed(&self.teams, &self.profiles, demo).await?);
        if let Some(manager) = demo.user(Role::SalesManager).map(demo_principal) {
            let seller = demo.user(Role::Salesperson).map(|u| u.uid.as_str());
            lines.push(
                match demo::links::seed(&self.links, &manager, seller).await? {
                    0 => "Links de marketing de demonstração: já existiam.".to_string(),
                    n => format!("{n} links de marketing de demonstração criados (2 campanhas)."),
                },
            );
        }
        let owners = self.demo_owners(demo).await?;
        if !owners.is_empty() {
            lines.push(
                match demo::opportunities::seed(self.clients.db(), &owners, self.clock.now())
                    .await?
                {
                    0 => "Funil de demonstração: já existia.".to_string(),
                    n => format!("{n} oportunidades de demonstração no funil."),
                },
            );
        }
        if let Some(&n) = demo.bulk.get(BULK_OPPORTUNITIES) {
            let started = std::time::Instant::now();
            let loaded =
                demo::opportunities::bulk_load(self.clients.db(), &owners, n, self.clock.now())
                    .await?;
            lines.push(format!(
                "{loaded} oportunidades abertas geradas no funil em {:.1} s.",
                started.elapsed().as_secs_f64()
            ));
        }
        if demo.user(Role::Salesperson).is_some() {
            lines.push(match demo::activities::seed(&self.activities, demo).await? {
                None => "Atividades de demonstração: já existiam.".to_string(),
                Some(n) => format!(
                    "{n} atividades de demonstração criadas (de hoje, atrasadas, próximas e concluídas)."
                ),
            });
        }
        if demo.user(Role::Salesperson).is_some() {
            lines.push(
                match demo::cadences::seed(&self.cadences, &self.clients, demo).await? {
                    None => "Cadências de demonstração: já existiam.".to_string(),
                    Some(n) => format!("2 cadências de demonstração com {n} inscrições."),
                },
            );
        }
        if let Some(&n) = demo.bulk.get(BULK_CLIENTS) {
            let started = std::time::Instant::now();
            let loaded = self.clients.bulk_load(n).await?;
            lines.push(format!(
                "{loaded} clientes gerados carregados em {:.1} s.",
                started.elapsed().as_secs_f64()
            ));
        }
        Ok(lines)
    }

    /// The clicks still in memory are written before the server closes the database.
    async fn on_stop(self: &Arc<Self>) {
        self.clicks.flush().await
    }

    fn on_serve(self: &Arc<Self>) {
        // The first search would otherwise pay for sampling the table (tens of ms at a million rows).
        let clients = self.clients.clone();
        tokio::spawn(async move { clients.warm_up_search().await });
    }
}

/// A demo user as the principal demo data is created by.
fn demo_principal(user: &platform::context::DemoUser) -> platform::Principal {
    platform::Principal {
        uid: user.uid.clone(),
        email: user.email.clone(),
        name: user.email.clone(),
        role: Some(user.role),
        flags: Default::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}
