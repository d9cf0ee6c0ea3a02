//! The system context: the HTTP API over the platform's machinery, for the pages that show it — a job's
//! progress (any page that started one), the jobs administration (`/admin/tarefas`) and the holiday
//! calendar (`/admin/feriados`, and every date picker that marks business days), stored files, and the
//! notifications bell (with push messages through FCM HTTP v1 when configured).
//!
//! The machinery itself lives in `platform` (`jobs`, `calendar`), because every context uses it inside
//! its own transactions; this context only exposes it.

pub mod api;
pub mod notifications;
pub mod permissions;
pub mod probe;

use std::sync::Arc;

use identity::Identity;
use platform::access::{Permission, RouteRule};
use platform::context::{Context, Demo, Platform, StartError, Started};
use platform::jobs::{Consumer, JobHandler};
use platform::migrate::Migrations;

use notifications::{fcm::Fcm, Notifications};

/// The demo units: the head office and three clinics (code, name, city).
pub const DEMO_UNITS: [(&str, &str, &str); 4] = [
    ("SEDE", "Sede administrativa", "São Paulo"),
    ("CLI-CENTRO", "Clínica Centro", "São Paulo"),
    ("CLI-MOEMA", "Clínica Moema", "São Paulo"),
    ("CLI-CAMPINAS", "Clínica Campinas", "Campinas"),
];

/// The system context.
pub struct System {
    platform: Platform,
    notifications: Notifications,
}

impl System {
    pub fn notifications(&self) -> &Notifications {
        &self.notifications
    }
}

impl Context for System {
    const NAME: &'static str = "system";
    type Api = (
        api::JobsApi,
        api::CalendarApi,
        api::FilesApi,
        api::NotificationsApi,
        api::ProbesApi,
        api::UnitsApi,
    );

    fn migrations() -> Migrations {
        platform::embedded_migrations!()
    }

    fn permissions() -> &'static [&'static Permission] {
        permissions::ALL
    }

    fn route_rules() -> &'static [RouteRule] {
        permissions::ROUTE_RULES
    }

    async fn start(platform: &Platform, started: &Started) -> Result<System, StartError> {
        let push = match &platform.config.push {
            Some(settings) => Some(Arc::new(Fcm::from_file(
                &settings.service_account,
                &settings.endpoint,
            )?)),
            None => None,
        };
        let identity = started.get::<Identity>()?;
        Ok(System {
            notifications: Notifications::new(platform.clone(), identity, push),
            platform: platform.clone(),
        })
    }

    fn jobs(self: &Arc<Self>) -> Vec<JobHandler> {
        let mut jobs: Vec<JobHandler> = self.notifications.push_job().into_iter().collect();
        jobs.push(probe::handler());
        jobs
    }

    fn consumers(self: &Arc<Self>) -> Vec<Consumer> {
        vec![self.notifications.consumer()]
    }

    async fn seed_demo(self: &Arc<Self>, _demo: &mut Demo) -> Result<Vec<String>, platform::Error> {
        let db = &self.platform.db;
        if !platform::units::list(db).await?.is_empty() {
            return Ok(vec!["Unidades de demonstração: já existiam.".into()]);
        }
        let now = self.platform.clock.now();
        for (code, name, city) in DEMO_UNITS {
            let draft = platform::units::UnitDraft {
                code: code.into(),
                name: name.into(),
                city: Some(city.into()),
                state: Some("SP".into()),
                active: true,
            };
            platform::units::create(db, draft, "demo", now).await?;
        }
        Ok(vec![format!(
            "{} unidades de demonstração criadas.",
            DEMO_UNITS.len()
        )])
    }

    fn api(self: &Arc<Self>) -> Self::Api {
        (
            api::JobsApi::new(self.platform.jobs.clone()),
            api::CalendarApi::new(self.platform.clone()),
            api::FilesApi::new(self.platform.clone()),
            api::NotificationsApi::new(self.notifications.clone()),
            api::ProbesApi::new(self.platform.clone()),
            api::UnitsApi::new(self.platform.clone()),
        )
    }
}
