//! The shapes the marketing links and campaigns API reads and writes, and their conversion to and from the
//! domain.

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{Clearable, Omittable, Text};
use poem_openapi::{Enum, Object};

use crate::domain::campaign::{Campaign, CampaignDraft, PromoPrice};
use crate::domain::link::{LinkDraft, LinkPatch, Term};
use crate::service::links::CountedLink;

/// One value of a fixed vocabulary and its label.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
pub struct VocabularyTerm {
    pub value: String,
    pub label: String,
}

impl From<&Term> for VocabularyTerm {
    fn from(t: &Term) -> Self {
        VocabularyTerm {
            value: t.value.into(),
            label: t.label.into(),
        }
    }
}

/// The fixed vocabularies of the UTM builder and the hosts links may point at.
#[derive(Debug, Clone, Object)]
pub struct LinkVocabulary {
    pub utm_sources: Vec<VocabularyTerm>,
    pub utm_mediums: Vec<VocabularyTerm>,
    pub campaign_kinds: Vec<VocabularyTerm>,
    /// Hosts a destination may have (https only).
    pub allowed_hosts: Vec<String>,
}

/// Which links the list shows: `active` (default), `archived` or `all`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "lowercase")]
pub enum LinkState {
    Active,
    Archived,
    All,
}

/// A marketing link with its counts. What it sold is the sales context's
/// (`GET /api/v1/sales/reports/marketing-links`): crm does not read sales or finance.
#[derive(Debug, Clone, Object)]
#[oai(rename = "MarketingLink")]
pub struct LinkView {
    pub id: String,
    /// 7 base62 characters: the link is `/l/{code}`.
    pub code: String,
    /// `/l/{code}`, relative to the server's origin.
    pub short_path: String,
    pub label: String,
    pub destination_url: String,
    /// The destination with the UTM parameters: where `/l/{code}` sends visitors.
    pub final_url: String,
    pub utm_source: String,
    pub utm_medium: String,
    pub utm_campaign: Option<String>,
    pub utm_term: Option<String>,
    pub utm_content: Option<String>,
    pub campaign_id: Option<String>,
    /// A personal link's salesperson (uid).
    pub owner_id: Option<String>,
    pub expires_on: Option<NaiveDate>,
    pub archived: bool,
    /// Past `expires_on` (and not archived): `/l/{code}` answers 410.
    pub expired: bool,
    pub clicks: i64,
    pub previews: i64,
    pub unique_visitors: i64,
    /// Opportunities that came through the link (first touch).
    pub leads: i64,
    /// Whether the caller may edit and archive it.
    pub can_edit: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub created_by: String,
}

impl LinkView {
    pub fn new(c: CountedLink, today: NaiveDate, can_edit: bool) -> LinkView {
        let l = c.link;
        let expired = !l.archived && l.fields.expires_on.is_some_and(|d| d < today);
        LinkView {
            short_path: format!("/l/{}", l.code),
            final_url: l.fields.final_url(),
            code: l.code,
            id: l.id,
            label: l.fields.label,
            destination_url: l.fields.destination_url,
            utm_source: l.fields.utms.source,
            utm_medium: l.fields.utms.medium,
            utm_campaign: l.fields.utms.campaign,
            utm_term: l.fields.utms.term,
            utm_content: l.fields.utms.content,
            campaign_id: l.fields.campaign_id,
            owner_id: l.fields.owner_id,
            expires_on: l.fields.expires_on,
            archived: l.archived,
            expired,
            clicks: c.counts.clicks,
            previews: c.counts.previews,
            unique_visitors: c.counts.visitors,
            leads: c.counts.leads,
            can_edit,
            created_at: l.created_at,
            updated_at: l.updated_at,
            created_by: l.created_by,
        }
    }
}

/// One page of links, newest first.
#[derive(Debug, Clone, Object)]
pub struct LinkPage {
    pub items: Vec<LinkView>,
    pub total: i64,
    pub page: u32,
    pub page_size: u32,
}

/// A new link. `utm_source`/`utm_medium` come from the vocabulary (`GET /links/vocabulary`); the other
/// UTM values are stored as slugs (lowercase, `-` between words). Without the permission to manage links,
/// the link is the caller's personal link whatever `owner_id` says.
#[derive(Debug, Clone, Object)]
pub struct NewLinkRequest {
    #[oai(validator(max_length = 1000))]
    pub label: Option<Text>,
    #[oai(validator(max_length = 5000))]
    pub destination_url: Option<Text>,
    #[oai(validator(max_length = 100))]
    pub utm_source: Option<Text>,
    #[oai(validator(max_length = 100))]
    pub utm_medium: Option<Text>,
    #[oai(validator(max_length = 1000))]
    pub utm_campaign: Option<Text>,
    #[oai(validator(max_length = 1000))]
    pub utm_term: Option<Text>,
    #[oai(validator(max_length = 1000))]
    pub utm_content: Option<Text>,
    #[oai(validator(max_length = 200))]
    pub campaign_id: Option<Text>,
    #[oai(validator(max_length = 200))]
    pub owner_id: Option<Text>,
    /// `AAAA-MM-DD`: the last day the link redirects.
    #[oai(validator(max_length = 100))]
    pub expires_on: Option<Text>,
}

fn text(t: Option<Text>) -> String {
    t.map(String::from).unwrap_or_default()
}

impl From<NewLinkRequest> for LinkDraft {
    fn from(r: NewLinkRequest) -> LinkDraft {
        LinkDraft {
            label: text(r.label),
            destination_url: text(r.destination_url),
            utm_source: text(r.utm_source),
            utm_medium: text(r.utm_medium),
            utm_campaign: Text::optional(r.utm_campaign),
            utm_term: Text::optional(r.utm_term),
            utm_content: Text::optional(r.utm_content),
            campaign_id: Text::optional(r.campaign_id),
            owner_id: Text::optional(r.owner_id),
            expires_on: Text::optional(r.expires_on),
        }
    }
}

/// Changes to a link: absent fields stay; `null` clears the optional ones.
#[derive(Debug, Clone, Object)]
pub struct LinkPatchRequest {
    #[oai(validator(max_length = 1000))]
    pub label: Omittable<Text>,
    #[oai(validator(max_length = 5000))]
    pub destination_url: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub utm_source: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub utm_medium: Omittable<Text>,
    #[oai(validator(max_length = 1000))]
    pub utm_campaign: Clearable<Text>,
    #[oai(validator(max_length = 1000))]
    pub utm_term: Clearable<Text>,
    #[oai(validator(max_length = 1000))]
    pub utm_content: Clearable<Text>,
    #[oai(validator(max_length = 200))]
    pub campaign_id: Clearable<Text>,
    #[oai(validator(max_length = 200))]
    pub owner_id: Clearable<Text>,
    #[oai(validator(max_length = 100))]
    pub expires_on: Clearable<Text>,
}

fn change(c: Clearable<Text>) -> Option<Option<String>> {
    c.change().map(|v| v.map(String::from))
}

impl From<LinkPatchRequest> for LinkPatch {
    fn from(r: LinkPatchRequest) -> LinkPatch {
        LinkPatch {
            label: r.label.into_option().map(String::from),
            destination_url: r.destination_url.into_option().map(String::from),
            utm_source: r.utm_source.into_option().map(String::from),
            utm_medium: r.utm_medium.into_option().map(String::from),
            utm_campaign: change(r.utm_campaign),
            utm_term: change(r.utm_term),
            utm_content: change(r.utm_content),
            campaign_id: change(r.campaign_id),
            owner_id: change(r.owner_id),
            expires_on: change(r.expires_on),
        }
    }
}

/// The hosts links may send visitors to.
#[derive(Debug, Clone, Object)]
pub struct AllowedHosts {
    /// Bare domain names (`wa.me`, `www.exemplo.com.br`); matched exactly, https only.
    #[oai(validator(max_items = 200))]
    pub hosts: Vec<String>,
}

/// A promotional price: a catalog item (its id, as text until the catalog exists) and a price in centavos.
#[derive(Debug, Clone, PartialEq, Eq, Object)]
pub struct PromoPriceDto {
    #[oai(validator(max_length = 1000))]
    pub catalog_item_id: String,
    pub price: i64,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "Campaign")]
pub struct CampaignView {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    /// Revenue goal, in centavos.
    pub goal_value: Option<i64>,
    /// Goal in number of sales.
    pub goal_count: Option<i64>,
    pub promo_prices: Vec<PromoPriceDto>,
    /// Today falls within the campaign.
    pub running: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl CampaignView {
    pub fn new(c: Campaign, today: NaiveDate) -> CampaignView {
        CampaignView {
            running: c.fields.is_running(today),
            id: c.id,
            name: c.fields.name,
            kind: c.fields.kind.as_str().into(),
            starts_on: c.fields.starts_on,
            ends_on: c.fields.ends_on,
            goal_value: c.fields.goal_value,
            goal_count: c.fields.goal_count,
            promo_prices: c
                .fields
                .promo_prices
                .into_iter()
                .map(|p| PromoPriceDto {
                    catalog_item_id: p.catalog_item_id,
                    price: p.price,
                })
                .collect(),
            created_at: c.created_at,
            updated_at: c.updated_at,
        }
    }
}

/// A campaign, whole (create and replace). `kind`: `black_friday`, `sazonal` or `outra`; dates `AAAA-MM-DD`.
#[derive(Debug, Clone, Object)]
pub struct CampaignRequest {
    #[oai(validator(max_length = 1000))]
    pub name: Option<Text>,
    #[oai(validator(max_length = 100))]
    pub kind: Option<Text>,
    #[oai(validator(max_length = 100))]
    pub starts_on: Option<Text>,
    #[oai(validator(max_length = 100))]
    pub ends_on: Option<Text>,
    /// Centavos.
    pub goal_value: Option<i64>,
    pub goal_count: Option<i64>,
    #[oai(default, validator(max_items = 1000))]
    pub promo_prices: Vec<PromoPriceDto>,
}

impl From<CampaignRequest> for CampaignDraft {
    fn from(r: CampaignRequest) -> CampaignDraft {
        CampaignDraft {
            name: text(r.name),
            kind: text(r.kind),
            starts_on: text(r.starts_on),
            ends_on: text(r.ends_on),
            goal_value: r.goal_value,
            goal_count: r.goal_count,
            promo_prices: r
                .promo_prices
                .into_iter()
                .map(|p| PromoPrice {
                    catalog_item_id: p.catalog_item_id,
                    price: p.price,
                })
                .collect(),
        }
    }
}
