//! `/api/v1/crm/plugin/*`: the plugin framed inside other consoles.
//!
//! - `config` (public): the origins allowed to frame the plugin, so the page can tell its host is one;
//! - `origins` (`crm_dev`, the administrators' web session): the allowed origins as a setting;
//! - `lookup` (`crm_plugin`, plugin tokens only): one client by phone, e-mail or document, audited and
//!   rate-limited, with the card's sections (open opportunities, the last activities, the next one due);
//! - the card's actions (`crm_plugin`): a client's card again after an action, a new lead, an activity logged
//!   as done (with the next one), a stage move. They run the funnel's and the activities' own rules within the
//!   user's scope: the plugin token reaches nothing the web session would not.

use std::sync::Arc;

use platform::api::{ApiError, ApiResult, BearerAuth};
use platform::api::{Omittable, Text};
use platform::Error;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::activity_dto::{ActivityDto, CompletedActivity, NextActivityRequest};
use super::cadence_dto::{enrollment_dto, EnrollmentDto};
use super::client_dto::ClientStatus;
use super::opportunity_dto::{MoveRequest, NewOpportunityRequest, OpportunityDto, StageDto};
use super::CrmTag;
use crate::domain::activity::{ActivityDraft, Origin};
use crate::domain::plugin::{mask_document, parse_lookup};
use crate::domain::Client;
use crate::permissions::{DEV, PLUGIN};
use crate::service::{
    Activities, ClientSummary, Completion, Found, NextActivity, Opportunities, Plugin,
};

pub struct PluginApi {
    plugin: Arc<Plugin>,
    opportunities: Arc<Opportunities>,
    activities: Arc<Activities>,
}

impl PluginApi {
    pub fn new(
        plugin: Arc<Plugin>,
        opportunities: Arc<Opportunities>,
        activities: Arc<Activities>,
    ) -> PluginApi {
        PluginApi {
            plugin,
            opportunities,
            activities,
        }
    }

    /// The card of a client the user reaches: the client and the sections under it.
    async fn card(&self, by: &platform::Principal, client: Client) -> ApiResult<PluginClientCard> {
        let owner = self.plugin.owner_name(&client).await?;
        let summary = self.plugin.summary(by, &client.id).await?;
        Ok(PluginClientCard {
            owner,
            ..PluginClientCard::of(client, summary)
        })
    }
}

/// What the plugin page needs before anyone signs in: only the allowed origins.
#[derive(Object)]
pub struct PluginConfig {
    /// Exact origins (`https://chat.exemplo.com.br`) allowed to frame `/crm/plugin`.
    pub allowed_origins: Vec<String>,
}

/// The allowed origins kept in the setting (the server's configuration may add others).
#[derive(Object)]
#[oai(example)]
pub struct PluginOrigins {
    /// Exact `https://host[:port]` origins, no wildcard, no path.
    #[oai(validator(max_items = 50))]
    pub origins: Vec<String>,
}

impl Example for PluginOrigins {
    fn example() -> Self {
        PluginOrigins {
            origins: vec!["https://chat.exemplo.com.br".into()],
        }
    }
}

/// The client card the plugin shows (never the whole document), with its open opportunities, the last five
/// activities and the next one due, and the working stages an opportunity can be moved to.
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PluginClientCard {
    pub id: String,
    pub name: String,
    pub trade_name: Option<String>,
    /// Only the middle digits: `***.456.789-**`.
    pub document_masked: String,
    pub status: ClientStatus,
    /// The portfolio salesperson's name.
    pub owner: Option<String>,
    pub tags: Vec<String>,
    /// The open opportunities, newest first (at most 10).
    pub opportunities: Vec<OpportunityDto>,
    /// The last done activities, newest first (at most 5).
    pub recent_activities: Vec<ActivityDto>,
    /// The next activity due (overdue ones first).
    pub next_activity: Option<ActivityDto>,
    /// The working stages, in order (the move menu).
    pub stages: Vec<StageDto>,
}

impl PluginClientCard {
    fn of(c: Client, summary: ClientSummary) -> Self {
        PluginClientCard {
            document_masked: mask_document(&c.fields.document),
            id: c.id,
            name: c.fields.name,
            trade_name: c.fields.trade_name,
            status: c.fields.status.into(),
            owner: None,
            tags: c.fields.tags,
            opportunities: summary.opportunities.into_iter().map(Into::into).collect(),
            recent_activities: summary
                .recent_activities
                .into_iter()
                .map(Into::into)
                .collect(),
            next_activity: summary.next_activity.map(Into::into),
            stages: summary.stages.into_iter().map(Into::into).collect(),
        }
    }
}

/// An activity already done, logged from the conversation: a WhatsApp message unless `kind` says otherwise, with
/// its outcome (required) and, optionally, the next activity for the same client.
#[derive(Debug, Clone, Object)]
pub struct PluginActivityRequest {
    #[oai(validator(max_length = 100))]
    pub client_id: Text,
    #[oai(validator(max_length = 100))]
    pub opportunity_id: Omittable<Text>,
    /// `whatsapp` (default), `ligacao`, `email`, `visita`, `reuniao` or `tarefa`.
    #[oai(validator(max_length = 100))]
    pub kind: Omittable<Text>,
    #[oai(validator(max_length = 10000))]
    pub subject: Omittable<Text>,
    /// `atendeu`, `nao_atendeu`, `caixa_postal`, `respondeu`, `agendou_avaliacao`, `sem_interesse`,
    /// `numero_invalido` or `outro`.
    #[oai(validator(max_length = 100))]
    pub outcome: Omittable<Text>,
    #[oai(validator(max_length = 100000))]
    pub notes: Omittable<Text>,
    pub next: Omittable<NextActivityRequest>,
}

/// How many of the client's cadence enrollments a message paused.
#[derive(Object)]
pub struct InboundPaused {
    pub paused: i64,
}

/// A cadence the card offers to enroll the client in.
#[derive(Object)]
pub struct PluginCadence {
    pub id: String,
    pub name: String,
}

/// *Inscrever em cadência*: the cadence the card's client enters.
#[derive(Debug, Clone, Object)]
pub struct PluginEnrollRequest {
    #[oai(validator(max_length = 100))]
    pub cadence_id: Text,
}

#[derive(ApiResponse)]
enum ClientEnrolled {
    #[oai(status = 201)]
    Created(Json<EnrollmentDto>),
}

#[derive(ApiResponse)]
enum LeadCreated {
    #[oai(status = 201)]
    Created(Json<OpportunityDto>),
}

#[derive(ApiResponse)]
enum ActivityLogged {
    #[oai(status = 201)]
    Created(Json<CompletedActivity>),
}

/// A lookup's answer: the client, or none (the plugin offers to create a lead); a client outside the user's
/// portfolio is only named by who holds it (`notice`).
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
pub struct PluginLookup {
    pub client: Option<PluginClientCard>,
    /// "Cliente já cadastrado. Responsável: {nome}" for a client outside the user's portfolio.
    pub notice: Option<String>,
}

#[OpenApi(prefix_path = "/api/v1/crm/plugin", tag = "CrmTag::Crm")]
impl PluginApi {
    /// The plugin's public configuration: the origins allowed to frame it (nothing else).
    #[oai(path = "/config", method = "get", operation_id = "crmPluginConfig")]
    async fn config(&self) -> ApiResult<Json<PluginConfig>> {
        Ok(Json(PluginConfig {
            allowed_origins: self.plugin.allowed_origins().await?,
        }))
    }

    /// The allowed origins kept in the setting.
    #[oai(path = "/origins", method = "get", operation_id = "crmPluginOrigins")]
    async fn origins(
        &self,
        #[oai(scope = "DEV")] _auth: BearerAuth,
    ) -> ApiResult<Json<PluginOrigins>> {
        Ok(Json(PluginOrigins {
            origins: self.plugin.stored_origins().await?,
        }))
    }

    /// Replaces the allowed origins (exact https origins); the plugin's framing follows at once.
    #[oai(
        path = "/origins",
        method = "put",
        operation_id = "crmPluginSetOrigins"
    )]
    async fn set_origins(
        &self,
        #[oai(scope = "DEV")] auth: BearerAuth,
        body: Json<PluginOrigins>,
    ) -> ApiResult<Json<PluginOrigins>> {
        Ok(Json(PluginOrigins {
            origins: self.plugin.set_origins(&body.origins, &auth.0).await?,
        }))
    }

    /// Looks one client up by exactly one of `phone` (any Brazilian format), `email` or `document`
    /// (CPF/CNPJ). At most 60 a minute per user (429 with `Retry-After`); every lookup is audited.
    /// Acesso: só com token do plugin (aud=crm-plugin).
    #[oai(path = "/lookup", method = "get", operation_id = "crmPluginLookup")]
    async fn lookup(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 40))] phone: Query<Option<String>>,
        #[oai(validator(max_length = 320))] email: Query<Option<String>>,
        #[oai(validator(max_length = 40))] document: Query<Option<String>>,
    ) -> ApiResult<Json<PluginLookup>> {
        let term = parse_lookup(
            phone.0.as_deref(),
            email.0.as_deref(),
            document.0.as_deref(),
        )
        .map_err(|(field, message)| ApiError::from(Error::invalid_field(field, message)))?;
        Ok(Json(match self.plugin.lookup(&term, &auth.0).await? {
            Found::Reached(client) => PluginLookup {
                client: Some(self.card(&auth.0, *client).await?),
                notice: None,
            },
            Found::Elsewhere(notice) => PluginLookup {
                client: None,
                notice: Some(notice),
            },
            Found::Nothing => PluginLookup {
                client: None,
                notice: None,
            },
        }))
    }

    /// A client's card again (after an action), within the user's portfolio (404 otherwise). Not a lookup: the
    /// id came from one.
    #[oai(
        path = "/clients/:id",
        method = "get",
        operation_id = "crmPluginClient"
    )]
    async fn client(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<PluginClientCard>> {
        let client = self.plugin.client(&auth.0, &id.0).await?;
        Ok(Json(self.card(&auth.0, client).await?))
    }

    /// A new lead from the conversation: the client found, or the contact the host named when none was. The
    /// funnel's rules apply (owner the caller, first stage; a `link_code` the plugin read as `#L-<code>`).
    #[oai(path = "/leads", method = "post", operation_id = "crmPluginCreateLead")]
    async fn create_lead(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        body: Json<NewOpportunityRequest>,
    ) -> ApiResult<LeadCreated> {
        let (draft, stage, link_code) = body.0.draft();
        let view = self
            .opportunities
            .create(&auth.0, draft, stage.as_deref(), link_code.as_deref())
            .await?;
        Ok(LeadCreated::Created(Json(view.into())))
    }

    /// Logs an activity already done (origin plugin), with its outcome and optionally the next one.
    #[oai(
        path = "/activities",
        method = "post",
        operation_id = "crmPluginLogActivity"
    )]
    async fn log_activity(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        body: Json<PluginActivityRequest>,
    ) -> ApiResult<ActivityLogged> {
        let r = body.0;
        let text = |t: Omittable<Text>| t.0.map(String::from);
        let kind = text(r.kind).unwrap_or_else(|| "whatsapp".into());
        let draft = ActivityDraft {
            subject: Some(text(r.subject).unwrap_or_else(|| "Conversa pelo WhatsApp".into())),
            kind: Some(kind),
            notes: None,
            client_id: Some(r.client_id.0),
            opportunity_id: text(r.opportunity_id),
            owner_id: None,
            due_at: None,
        };
        let completion = Completion {
            outcome: text(r.outcome),
            notes: text(r.notes),
            duration_s: None,
            next: r.next.0.map(|n| NextActivity {
                kind: n.kind.0.map(String::from),
                subject: n.subject.0.map(String::from),
                due_at: n.due_at.0,
            }),
        };
        let (done, next) = self
            .activities
            .log(&auth.0, draft, completion, Origin::Plugin)
            .await?;
        Ok(ActivityLogged::Created(Json(CompletedActivity {
            activity: done.into(),
            next: next.map(Into::into),
        })))
    }

    /// Moves one of the client's open opportunities to another working stage.
    #[oai(
        path = "/opportunities/:id/move",
        method = "post",
        operation_id = "crmPluginMoveOpportunity"
    )]
    async fn move_opportunity(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<MoveRequest>,
    ) -> ApiResult<Json<OpportunityDto>> {
        let view = self
            .opportunities
            .move_to(&auth.0, &id.0, body.0.stage_id.trim(), body.0.version.0)
            .await?;
        Ok(Json(view.into()))
    }

    /// The active cadences the user may enroll a client in (global ones and their teams'), by name.
    #[oai(path = "/cadences", method = "get", operation_id = "crmPluginCadences")]
    async fn cadences(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
    ) -> ApiResult<Json<Vec<PluginCadence>>> {
        let rows = self.plugin.cadences(&auth.0).await?;
        Ok(Json(
            rows.into_iter()
                .map(|(id, name)| PluginCadence { id, name })
                .collect(),
        ))
    }

    /// *Inscrever em cadência*: enrolls the card's client with the cadences' rules (consent for each step's
    /// channel and `do_not_contact` refused with 422 naming the client; one open enrollment per client). A
    /// client or cadence outside the user's reach is 404.
    #[oai(
        path = "/clients/:id/enrollments",
        method = "post",
        operation_id = "crmPluginEnrollClient"
    )]
    async fn enroll(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
        body: Json<PluginEnrollRequest>,
    ) -> ApiResult<ClientEnrolled> {
        let row = self
            .plugin
            .enroll(&auth.0, &id.0, body.0.cadence_id.trim())
            .await?;
        Ok(ClientEnrolled::Created(Json(enrollment_dto(row))))
    }

    /// The host saw the client write (`crm:inbound-message`): the client's active cadence enrollment pauses with
    /// the reason *resposta*, as a reply logged by hand would; no step falls due until the owner resumes it.
    #[oai(
        path = "/clients/:id/inbound-message",
        method = "post",
        operation_id = "crmPluginInboundMessage"
    )]
    async fn inbound_message(
        &self,
        #[oai(scope = "PLUGIN")] auth: BearerAuth,
        #[oai(validator(max_length = 100))] id: Path<String>,
    ) -> ApiResult<Json<InboundPaused>> {
        let paused = self.plugin.inbound_message(&auth.0, &id.0).await?;
        Ok(Json(InboundPaused {
            paused: paused as i64,
        }))
    }
}
