//! The shapes of `/api/v1/crm/opportunities*` and `/api/v1/crm/funnel`: the board, the cards and the lists
//! the funnel offers.

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{Clearable, Date, Omittable, Text};
use poem_openapi::types::Example;
use poem_openapi::Object;

use super::link_dto::VocabularyTerm;
use crate::domain::opportunity::{LostReason, OpportunityDraft, Source, Stage};
use crate::service::{Column, OpportunityView};

/// A column of the funnel.
#[derive(Debug, Clone, Object)]
#[oai(rename = "FunnelStage")]
pub struct StageDto {
    pub id: String,
    pub name: String,
    pub position: i32,
    /// `aberta` (a working stage), `ganho` or `perdido` (the fixed terminals).
    pub kind: String,
    pub archived: bool,
}

impl From<Stage> for StageDto {
    fn from(s: Stage) -> StageDto {
        StageDto {
            id: s.id,
            name: s.name,
            position: s.position,
            kind: s.kind.as_str().into(),
            archived: s.archived,
        }
    }
}

/// The funnel's stages and fixed lists (sources, reasons for a loss).
#[derive(Debug, Clone, Object)]
pub struct FunnelSettings {
    pub stages: Vec<StageDto>,
    pub sources: Vec<VocabularyTerm>,
    pub lost_reasons: Vec<VocabularyTerm>,
}

pub fn source_label(s: Source) -> &'static str {
    match s {
        Source::Indicacao => "Indicação",
        Source::Instagram => "Instagram",
        Source::Google => "Google",
        Source::Site => "Site",
        Source::Whatsapp => "WhatsApp",
        Source::Evento => "Evento",
        Source::Ativo => "Prospecção ativa",
        Source::Outro => "Outro",
    }
}

impl FunnelSettings {
    pub fn new(stages: Vec<Stage>) -> FunnelSettings {
        FunnelSettings {
            stages: stages.into_iter().map(Into::into).collect(),
            sources: Source::ALL
                .into_iter()
                .map(|s| VocabularyTerm {
                    value: s.as_str().into(),
                    label: source_label(s).into(),
                })
                .collect(),
            lost_reasons: LostReason::ALL
                .into_iter()
                .map(|r| VocabularyTerm {
                    value: r.as_str().into(),
                    label: r.label().into(),
                })
                .collect(),
        }
    }
}

/// An opportunity as its card and panel show it. `client_id` once the person is a client; the `contact_*`
/// fields while they are a lead typed inline.
#[derive(Debug, Clone, Object)]
#[oai(rename = "Opportunity")]
pub struct OpportunityDto {
    pub id: String,
    pub title: String,
    #[oai(skip_serializing_if_is_none)]
    pub client_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub client_name: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub contact_name: Option<String>,
    /// DDD and number, digits only (`11987654321`), as clients keep them.
    #[oai(skip_serializing_if_is_none)]
    pub contact_phone: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub contact_email: Option<String>,
    pub owner_id: String,
    pub owner_name: String,
    #[oai(skip_serializing_if_is_none)]
    pub team_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub team_name: Option<String>,
    pub stage_id: String,
    /// `aberta`, `ganha` or `perdida`.
    pub status: String,
    pub expected_value_cents: i64,
    #[oai(skip_serializing_if_is_none)]
    pub expected_close_on: Option<NaiveDate>,
    pub source: String,
    #[oai(skip_serializing_if_is_none)]
    pub marketing_link_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub marketing_link_code: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub lost_reason: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub lost_reason_label: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub lost_note: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub won_sale_id: Option<String>,
    #[oai(skip_serializing_if_is_none)]
    pub closed_at: Option<DateTime<Utc>>,
    pub stage_entered_at: DateTime<Utc>,
    pub last_touch_at: DateTime<Utc>,
    /// Whole days since the last touch (creation, a move, a logged activity).
    pub idle_days: i64,
    /// For `version` on a move or change (409 when someone else changed it first).
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<OpportunityView> for OpportunityDto {
    fn from(v: OpportunityView) -> OpportunityDto {
        let o = v.opportunity;
        let f = o.fields;
        let contact = f.contact;
        OpportunityDto {
            id: o.id,
            title: f.title,
            client_id: f.client_id,
            client_name: v.client_name,
            contact_name: contact.as_ref().map(|c| c.name.clone()),
            contact_phone: contact
                .as_ref()
                .and_then(|c| c.phone.as_ref())
                .map(|p| p.as_str().to_string()),
            contact_email: contact
                .as_ref()
                .and_then(|c| c.email.as_ref())
                .map(|e| e.as_str().to_string()),
            owner_id: f.owner_id,
            owner_name: v.owner_name,
            team_id: f.team_id,
            team_name: v.team_name,
            stage_id: o.stage_id,
            status: o.status.as_str().into(),
            expected_value_cents: f.expected_value_cents,
            expected_close_on: f.expected_close_on,
            source: f.source.as_str().into(),
            marketing_link_id: f.marketing_link_id,
            marketing_link_code: v.link_code,
            lost_reason: o.lost_reason.map(|r| r.as_str().into()),
            lost_reason_label: o.lost_reason.map(|r| r.label().into()),
            lost_note: o.lost_note,
            won_sale_id: o.won_sale_id,
            closed_at: o.closed_at,
            stage_entered_at: o.stage_entered_at,
            last_touch_at: o.last_touch_at,
            idle_days: v.idle_days,
            version: o.version,
            created_at: o.created_at,
            updated_at: o.updated_at,
        }
    }
}

/// A column: its stage, how many opportunities match and their expected value, and the newest cards.
#[derive(Debug, Clone, Object)]
pub struct FunnelColumn {
    pub stage: StageDto,
    pub count: i64,
    pub value_cents: i64,
    pub cards: Vec<OpportunityDto>,
    /// More cards than shown (the next ones: the list with `stage_id` and `sort=stage`).
    pub has_more: bool,
}

impl From<Column> for FunnelColumn {
    fn from(c: Column) -> FunnelColumn {
        FunnelColumn {
            has_more: (c.cards.len() as i64) < c.count,
            stage: c.stage.into(),
            count: c.count,
            value_cents: c.value_cents,
            cards: c.cards.into_iter().map(Into::into).collect(),
        }
    }
}

/// The board: the columns left to right, and the open opportunities' totals.
#[derive(Debug, Clone, Object)]
pub struct FunnelBoard {
    pub columns: Vec<FunnelColumn>,
    pub open_count: i64,
    pub open_value_cents: i64,
}

/// A page of opportunities.
#[derive(Debug, Clone, Object)]
pub struct OpportunityPage {
    pub items: Vec<OpportunityDto>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
}

/// A new lead: a client (`client_id`) or an inline contact (name and a phone or an e-mail). The owner is the
/// caller when left out (a salesperson), the team the owner's, the stage the first one.
#[derive(Debug, Clone, Object)]
pub struct NewOpportunityRequest {
    #[oai(validator(max_length = 200))]
    pub title: Text,
    #[oai(validator(max_length = 100))]
    pub client_id: Omittable<Text>,
    #[oai(validator(max_length = 200))]
    pub contact_name: Omittable<Text>,
    #[oai(validator(max_length = 40))]
    pub contact_phone: Omittable<Text>,
    #[oai(validator(max_length = 254))]
    pub contact_email: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub owner_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub team_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub stage_id: Omittable<Text>,
    pub expected_value_cents: Omittable<i64>,
    pub expected_close_on: Omittable<Date>,
    /// indicacao, instagram, google, site, whatsapp, evento, ativo, outro.
    #[oai(validator(max_length = 20))]
    pub source: Text,
    /// The marketing link of the first touch, by id…
    #[oai(validator(max_length = 100))]
    pub marketing_link_id: Omittable<Text>,
    /// …or by its code (a landing form posts it; a WhatsApp message carries `#L-<code>`).
    #[oai(validator(max_length = 20))]
    pub link_code: Omittable<Text>,
}

impl Example for NewOpportunityRequest {
    fn example() -> Self {
        NewOpportunityRequest {
            title: Text("Implante superior".into()),
            client_id: Omittable(None),
            contact_name: Omittable(Some(Text("Maria Souza".into()))),
            contact_phone: Omittable(Some(Text("(11) 98765-4321".into()))),
            contact_email: Omittable(None),
            owner_id: Omittable(None),
            team_id: Omittable(None),
            stage_id: Omittable(None),
            expected_value_cents: Omittable(Some(1_250_000)),
            expected_close_on: Omittable(None),
            source: Text("instagram".into()),
            marketing_link_id: Omittable(None),
            link_code: Omittable(None),
        }
    }
}

fn text(t: Omittable<Text>) -> Option<String> {
    t.0.map(|t| t.0)
}

impl NewOpportunityRequest {
    pub fn draft(self) -> (OpportunityDraft, Option<String>, Option<String>) {
        let draft = OpportunityDraft {
            title: self.title.0,
            client_id: text(self.client_id),
            contact_name: text(self.contact_name),
            contact_phone: text(self.contact_phone),
            contact_email: text(self.contact_email),
            owner_id: text(self.owner_id),
            team_id: text(self.team_id),
            expected_value_cents: self.expected_value_cents.0.unwrap_or(0),
            expected_close_on: self.expected_close_on.0.map(|d| d.0),
            source: self.source.0,
            marketing_link_id: text(self.marketing_link_id),
        };
        (draft, text(self.stage_id), text(self.link_code))
    }
}

/// Changes to an opportunity: absent fields stay; `null` clears the optional ones. Changing or removing an
/// attribution already set needs `attribution_reason`.
#[derive(Debug, Clone, Object)]
pub struct OpportunityPatchRequest {
    #[oai(validator(max_length = 200))]
    pub title: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub client_id: Clearable<Text>,
    #[oai(validator(max_length = 200))]
    pub contact_name: Clearable<Text>,
    #[oai(validator(max_length = 40))]
    pub contact_phone: Clearable<Text>,
    #[oai(validator(max_length = 254))]
    pub contact_email: Clearable<Text>,
    #[oai(validator(max_length = 100))]
    pub owner_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub team_id: Clearable<Text>,
    pub expected_value_cents: Omittable<i64>,
    pub expected_close_on: Clearable<Date>,
    #[oai(validator(max_length = 20))]
    pub source: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub marketing_link_id: Clearable<Text>,
    #[oai(validator(max_length = 500))]
    pub attribution_reason: Omittable<Text>,
    pub version: Omittable<i64>,
}

fn clear(field: &mut Option<String>, change: Clearable<Text>) {
    if let Some(v) = change.change() {
        *field = v.map(|t| t.0);
    }
}

impl OpportunityPatchRequest {
    /// Applies the change to the stored draft.
    pub fn apply(&self, d: &mut OpportunityDraft) {
        let p = self.clone();
        if let Some(t) = p.title.0 {
            d.title = t.0;
        }
        clear(&mut d.client_id, p.client_id);
        clear(&mut d.contact_name, p.contact_name);
        clear(&mut d.contact_phone, p.contact_phone);
        clear(&mut d.contact_email, p.contact_email);
        if let Some(o) = p.owner_id.0 {
            d.owner_id = Some(o.0);
        }
        clear(&mut d.team_id, p.team_id);
        if let Some(v) = p.expected_value_cents.0 {
            d.expected_value_cents = v;
        }
        if let Some(c) = p.expected_close_on.change() {
            d.expected_close_on = c.map(|d| d.0);
        }
        if let Some(s) = p.source.0 {
            d.source = s.0;
        }
        clear(&mut d.marketing_link_id, p.marketing_link_id);
    }
}

/// A drag to another working stage (a lost opportunity is reopened).
#[derive(Debug, Clone, Object)]
pub struct MoveRequest {
    #[oai(validator(max_length = 100))]
    pub stage_id: Text,
    /// The version the user saw (409 when someone else moved or changed it since).
    pub version: Omittable<i64>,
}

/// Why it was lost.
#[derive(Debug, Clone, Object)]
pub struct LoseRequest {
    /// preco, concorrente, sem_retorno, sem_interesse, sem_credito, fora_do_perfil, outro.
    #[oai(validator(max_length = 40))]
    pub reason: Text,
    /// Required when the reason is `outro`.
    #[oai(validator(max_length = 1000))]
    pub note: Omittable<Text>,
}
