//! Marketing links and campaigns: the operations behind `/api/v1/crm/links*` and `/crm/campaigns*`, and
//! the look-up `/l/{code}` answers from ([`Links::resolve`], cached in memory).
//!
//! Who reaches what (see `permissions`): `LINKS_READ_ALL` sees every link; without it a caller sees the
//! shared links that are not archived and their own personal links. `LINKS_MANAGE` writes every link and
//! the campaigns; `LINKS_WRITE` alone writes only the caller's own personal links (a link created with it
//! is personal). A link outside the caller's reach is "not found".

use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Recorded};
use platform::Principal;

use crate::domain::campaign::{Campaign, CampaignDraft};
use crate::domain::link::{self, new_code, redirect_target, AllowList, Link, LinkDraft, LinkPatch};
use crate::permissions::{LINKS_MANAGE, LINKS_READ_ALL};
use crate::store::clients::Stamp;
use crate::store::links::{self as store, Counts, LinkFilter, Reach};

pub const LINK_ENTITY: &str = "crm.link";
pub const CAMPAIGN_ENTITY: &str = "crm.campaign";

/// How long another instance's change may take to reach this one's caches.
pub const CACHE_TTL: Duration = Duration::from_secs(10);
/// The code cache is emptied past this many entries (random codes probing the server cannot grow it).
const CACHE_MAX: usize = 50_000;
/// Drawing a code that already exists (one chance in ~10⁹ with a million links) is retried.
const CODE_ATTEMPTS: usize = 5;

/// What `/l/{code}` answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolution {
    /// No such code: 404.
    NotFound,
    /// Archived, expired, or its destination is no longer allowed: 410.
    Gone,
    /// 302 to `location`, recording the visit against `link_id`.
    Redirect { link_id: String, location: String },
}

/// A code as cached: what the redirect needs, computed once.
#[derive(Debug, Clone)]
struct Cached {
    link_id: String,
    archived: bool,
    expires_on: Option<NaiveDate>,
    /// `None` when the stored destination is not allowed (the list changed since it was saved).
    location: Option<String>,
}

/// A code's look-up (`None`: no such code) and when it was made.
type CacheEntry = (Option<Arc<Cached>>, Instant);

#[derive(Default)]
struct CodeCache(RwLock<HashMap<String, CacheEntry>>);

impl CodeCache {
    fn get(&self, code: &str) -> Option<Option<Arc<Cached>>> {
        let map = self.0.read().unwrap_or_else(|e| e.into_inner());
        map.get(code)
            .filter(|(_, at)| at.elapsed() < CACHE_TTL)
            .map(|(c, _)| c.clone())
    }

    fn put(&self, code: &str, value: Option<Arc<Cached>>) {
        let mut map = self.0.write().unwrap_or_else(|e| e.into_inner());
        if map.len() >= CACHE_MAX {
            map.clear();
        }
        map.insert(code.to_string(), (value, Instant::now()));
    }

    fn forget(&self, code: &str) {
        self.0
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(code);
    }

    fn clear(&self) {
        self.0.write().unwrap_or_else(|e| e.into_inner()).clear();
    }
}

/// A link with its counts.
#[derive(Debug, Clone)]
pub struct CountedLink {
    pub link: Link,
    pub counts: Counts,
}

pub struct Links {
    db: Db,
    clock: SharedClock,
    codes: CodeCache,
    allow: Mutex<Option<(AllowList, Instant)>>,
    salt: Mutex<Option<(NaiveDate, String)>>,
}

fn not_found() -> Error {
    Error::not_found("Link não encontrado.")
}

fn reach(by: &Principal) -> Reach {
    if by.has(&LINKS_READ_ALL) {
        Reach::All
    } else {
        Reach::Salesperson(by.uid.clone())
    }
}

/// Whether `by` may change `link`: every link with `LINKS_MANAGE`, otherwise only their own personal ones.
fn may_write(by: &Principal, link: &Link) -> bool {
    by.has(&LINKS_MANAGE)
        || link
            .fields
            .owner_id
            .as_deref()
            .is_some_and(|o| by.is_self(o))
}

impl Links {
    pub fn new(db: Db, clock: SharedClock) -> Links {
        Links {
            db,
            clock,
            codes: CodeCache::default(),
            allow: Mutex::new(None),
            salt: Mutex::new(None),
        }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn clock(&self) -> &SharedClock {
        &self.clock
    }

    fn stamp<'a>(&self, uid: &'a str) -> Stamp<'a> {
        Stamp {
            uid,
            at: self.clock.now(),
        }
    }

    /// The allow-list, cached for [`CACHE_TTL`].
    pub async fn allow_list(&self) -> Result<AllowList> {
        if let Some((list, at)) = self
            .allow
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
        {
            if at.elapsed() < CACHE_TTL {
                return Ok(list.clone());
            }
        }
        let list = AllowList::new(store::allowed_hosts(&self.db).await?);
        *self.allow.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((list.clone(), Instant::now()));
        Ok(list)
    }

    /// Replaces the allow-list (each host a bare domain; at least one).
    pub async fn set_allowed_hosts(&self, hosts: Vec<String>, by: &Principal) -> Result<AllowList> {
        let mut problems = platform::error::Violations::new();
        let mut parsed = Vec::new();
        for (i, h) in hosts.iter().enumerate() {
            match link::parse_host(h) {
                Ok(h) => parsed.push(h),
                Err(message) => problems.add(format!("hosts[{i}]"), message),
            }
        }
        if hosts.is_empty() {
            problems.add("hosts", "Informe ao menos um domínio permitido.");
        }
        problems.finish()?;
        let list = AllowList::new(parsed);
        let before = self.allow_list().await?;
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        store::replace_allowed_hosts(&mut tx, list.hosts(), &stamp).await?;
        let entry = Entry {
            entity: "crm.link_settings",
            entity_id: "allowed_hosts",
            action: "Destinos permitidos alterados",
            from_state: None,
            to_state: None,
            reason: None,
            changes: Change::of(
                "hosts",
                &before.hosts().join(", "),
                &list.hosts().join(", "),
            )
            .into_iter()
            .collect(),
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        *self.allow.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((list.clone(), Instant::now()));
        self.codes.clear();
        Ok(list)
    }

    async fn counted(&self, links: Vec<Link>) -> Result<Vec<CountedLink>> {
        let ids: Vec<&str> = links.iter().map(|l| l.id.as_str()).collect();
        let counts = store::counts(&self.db, &ids).await?;
        Ok(links
            .into_iter()
            .map(|link| CountedLink {
                counts: counts.get(&link.id).copied().unwrap_or_default(),
                link,
            })
            .collect())
    }

    pub async fn list(
        &self,
        filter: &LinkFilter,
        limit: i64,
        offset: i64,
        by: &Principal,
    ) -> Result<(Vec<CountedLink>, i64)> {
        let (links, total) = store::list_links(&self.db, filter, &reach(by), limit, offset).await?;
        Ok((self.counted(links).await?, total))
    }

    async fn find(&self, id: &str, by: &Principal) -> Result<Link> {
        store::link_by_id(&self.db, id, &reach(by))
            .await?
            .ok_or_else(not_found)
    }

    /// The code of each of `ids` that exists (for other contexts showing an attribution: `/l/{code}`).
    pub async fn codes(&self, ids: &[&str]) -> Result<HashMap<String, String>> {
        Ok(store::codes(&self.db, ids).await?)
    }

    pub async fn get(&self, id: &str, by: &Principal) -> Result<CountedLink> {
        let link = self.find(id, by).await?;
        Ok(self.counted(vec![link]).await?.remove(0))
    }

    /// A link `by` may change: one they cannot see, or see but not change, is "not found".
    async fn writable(&self, id: &str, by: &Principal) -> Result<Link> {
        let link = self.find(id, by).await?;
        if may_write(by, &link) {
            Ok(link)
        } else {
            Err(not_found())
        }
    }

    async fn check_campaign(&self, campaign_id: Option<&str>) -> Result<()> {
        if let Some(id) = campaign_id {
            if store::campaign_by_id(&self.db, id).await?.is_none() {
                return Err(Error::invalid_field(
                    "campaign_id",
                    "Campanha não encontrada.",
                ));
            }
        }
        Ok(())
    }

    /// Creates a link with a fresh code. Without `LINKS_MANAGE` the link is the caller's personal link.
    pub async fn create(&self, mut draft: LinkDraft, by: &Principal) -> Result<CountedLink> {
        if !by.has(&LINKS_MANAGE) {
            draft.owner_id = Some(by.uid.clone());
        }
        let fields = draft.validate(&self.allow_list().await?)?;
        self.check_campaign(fields.campaign_id.as_deref()).await?;
        let id = uuid::Uuid::now_v7().to_string();
        for _ in 0..CODE_ATTEMPTS {
            let code = new_code();
            let stamp = self.stamp(&by.uid);
            let mut tx = self.db.begin().await?;
            match store::insert_link(&mut tx, &id, &code, &fields, &stamp).await {
                Ok(()) => {}
                Err(e) if is_unique_violation(&e) => continue,
                Err(e) => return Err(e.into()),
            }
            let entry = Entry {
                entity: LINK_ENTITY,
                entity_id: &id,
                action: "Link criado",
                from_state: None,
                to_state: Some("ativo"),
                reason: None,
                changes: Vec::new(),
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
            tx.commit().await?;
            // A code looked up before it existed (a 404 cached) now exists.
            self.codes.forget(&code);
            return self.get(&id, by).await;
        }
        Err(Error::internal("no free link code after several attempts"))
    }

    /// Changes a link; absent fields stay. An archived link is not edited (409).
    pub async fn update(&self, id: &str, patch: LinkPatch, by: &Principal) -> Result<CountedLink> {
        let current = self.writable(id, by).await?;
        if current.archived {
            return Err(Error::conflict(
                "link_arquivado",
                "Link arquivado não pode ser editado.",
            ));
        }
        let mut draft = LinkDraft::patched(&current.fields, patch);
        if !by.has(&LINKS_MANAGE) {
            draft.owner_id = current.fields.owner_id.clone();
        }
        let fields = draft.validate(&self.allow_list().await?)?;
        self.check_campaign(fields.campaign_id.as_deref()).await?;
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        if !store::update_link(&mut tx, id, current.version, &fields, &stamp).await? {
            return Err(Error::conflict(
                "alteracao_concorrente",
                "O link foi alterado por outra pessoa ao mesmo tempo. Recarregue e tente novamente.",
            ));
        }
        let a = &current.fields;
        let opt = |v: &Option<String>| v.clone().unwrap_or_default();
        let changes: Vec<Change> = [
            Change::of("label", &a.label, &fields.label),
            Change::of(
                "destination_url",
                &a.destination_url,
                &fields.destination_url,
            ),
            Change::of("utm_source", &a.utms.source, &fields.utms.source),
            Change::of("utm_medium", &a.utms.medium, &fields.utms.medium),
            Change::of(
                "utm_campaign",
                &opt(&a.utms.campaign),
                &opt(&fields.utms.campaign),
            ),
            Change::of("utm_term", &opt(&a.utms.term), &opt(&fields.utms.term)),
            Change::of(
                "utm_content",
                &opt(&a.utms.content),
                &opt(&fields.utms.content),
            ),
            Change::of(
                "campaign_id",
                &opt(&a.campaign_id),
                &opt(&fields.campaign_id),
            ),
            Change::of("owner_id", &opt(&a.owner_id), &opt(&fields.owner_id)),
            Change::of(
                "expires_on",
                &a.expires_on.map(|d| d.to_string()).unwrap_or_default(),
                &fields.expires_on.map(|d| d.to_string()).unwrap_or_default(),
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !changes.is_empty() {
            let entry = Entry {
                entity: LINK_ENTITY,
                entity_id: id,
                action: "Link alterado",
                from_state: None,
                to_state: None,
                reason: None,
                changes,
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        tx.commit().await?;
        self.codes.forget(&current.code);
        self.get(id, by).await
    }

    /// A new link (new code) with the fields of one the caller sees; without `LINKS_MANAGE` the copy is
    /// their personal link.
    pub async fn duplicate(&self, id: &str, by: &Principal) -> Result<CountedLink> {
        let source = self.find(id, by).await?;
        let f = source.fields;
        let label: String = format!("{} (cópia)", f.label)
            .chars()
            .take(link::LABEL_MAX)
            .collect();
        let draft = LinkDraft {
            label,
            destination_url: f.destination_url,
            utm_source: f.utms.source,
            utm_medium: f.utms.medium,
            utm_campaign: f.utms.campaign,
            utm_term: f.utms.term,
            utm_content: f.utms.content,
            campaign_id: f.campaign_id,
            owner_id: f.owner_id,
            expires_on: f.expires_on.map(|d| d.to_string()),
        };
        self.create(draft, by).await
    }

    /// Archives a link: `/l/{code}` answers 410 from then on; the code is never given to another link.
    pub async fn archive(&self, id: &str, by: &Principal) -> Result<CountedLink> {
        let link = self.writable(id, by).await?;
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        if store::archive_link(&mut tx, id, &stamp).await? {
            let entry = Entry {
                entity: LINK_ENTITY,
                entity_id: id,
                action: "Link arquivado",
                from_state: Some("ativo"),
                to_state: Some("arquivado"),
                reason: None,
                changes: Vec::new(),
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        tx.commit().await?;
        self.codes.forget(&link.code);
        self.get(id, by).await
    }

    pub async fn history(&self, id: &str, by: &Principal) -> Result<Vec<Recorded>> {
        self.find(id, by).await?;
        history::of(&self.db, LINK_ENTITY, id).await
    }

    /// A link the caller sees, for its QR code.
    pub async fn short_code(&self, id: &str, by: &Principal) -> Result<String> {
        Ok(self.find(id, by).await?.code)
    }

    /// What `/l/{code}` answers, from memory when the code was looked up in the last [`CACHE_TTL`].
    pub async fn resolve(&self, code: &str) -> Result<Resolution> {
        let cached = match self.codes.get(code) {
            Some(c) => c,
            None => {
                let found = match store::link_by_code(&self.db, code).await? {
                    None => None,
                    Some(link) => {
                        let allow = self.allow_list().await?;
                        Some(Arc::new(Cached {
                            location: redirect_target(
                                &link.fields.destination_url,
                                &link.fields.utms,
                                &allow,
                            )
                            .map(String::from),
                            link_id: link.id,
                            archived: link.archived,
                            expires_on: link.fields.expires_on,
                        }))
                    }
                };
                self.codes.put(code, found.clone());
                found
            }
        };
        let Some(c) = cached else {
            return Ok(Resolution::NotFound);
        };
        let today = self.clock.today();
        match &c.location {
            Some(location) if !c.archived && c.expires_on.is_none_or(|d| d >= today) => {
                Ok(Resolution::Redirect {
                    link_id: c.link_id.clone(),
                    location: location.clone(),
                })
            }
            _ => Ok(Resolution::Gone),
        }
    }

    /// Today's salt of the visitor hash (kept in the database, shared by the instances; cached).
    pub async fn salt(&self) -> Result<String> {
        let today = self.clock.today();
        if let Some((day, salt)) = self.salt.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            if *day == today {
                return Ok(salt.clone());
            }
        }
        let salt = store::salt(&self.db, today, &link::new_salt()).await?;
        *self.salt.lock().unwrap_or_else(|e| e.into_inner()) = Some((today, salt.clone()));
        Ok(salt)
    }

    // Campaigns.

    pub async fn campaigns(&self) -> Result<Vec<Campaign>> {
        Ok(store::campaigns(&self.db).await?)
    }

    pub async fn campaign(&self, id: &str) -> Result<Campaign> {
        store::campaign_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Campanha não encontrada."))
    }

    pub async fn create_campaign(&self, draft: CampaignDraft, by: &Principal) -> Result<Campaign> {
        let fields = draft.validate()?;
        let id = uuid::Uuid::now_v7().to_string();
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        store::insert_campaign(&mut tx, &id, &fields, &stamp).await?;
        let entry = Entry {
            entity: CAMPAIGN_ENTITY,
            entity_id: &id,
            action: "Campanha criada",
            from_state: None,
            to_state: None,
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.campaign(&id).await
    }

    pub async fn update_campaign(
        &self,
        id: &str,
        draft: CampaignDraft,
        by: &Principal,
    ) -> Result<Campaign> {
        let before = self.campaign(id).await?;
        let fields = draft.validate()?;
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        if !store::update_campaign(&mut tx, id, &fields, &stamp).await? {
            return Err(Error::not_found("Campanha não encontrada."));
        }
        let a = &before.fields;
        let changes: Vec<Change> = [
            Change::of("name", &a.name, &fields.name),
            Change::of("kind", &a.kind.as_str(), &fields.kind.as_str()),
            Change::of("starts_on", &a.starts_on, &fields.starts_on),
            Change::of("ends_on", &a.ends_on, &fields.ends_on),
            Change::of(
                "goal_value",
                &a.goal_value.unwrap_or_default(),
                &fields.goal_value.unwrap_or_default(),
            ),
            Change::of(
                "goal_count",
                &a.goal_count.unwrap_or_default(),
                &fields.goal_count.unwrap_or_default(),
            ),
            Change::of(
                "promo_prices",
                &a.promo_prices.len(),
                &fields.promo_prices.len(),
            ),
        ]
        .into_iter()
        .flatten()
        .collect();
        let entry = Entry {
            entity: CAMPAIGN_ENTITY,
            entity_id: id,
            action: "Campanha alterada",
            from_state: None,
            to_state: None,
            reason: None,
            changes,
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.campaign(id).await
    }

    /// Deletes a campaign no link names (409 otherwise: archive or move its links first).
    pub async fn delete_campaign(&self, id: &str, by: &Principal) -> Result<()> {
        self.campaign(id).await?;
        let stamp = self.stamp(&by.uid);
        let mut tx = self.db.begin().await?;
        let links = store::campaign_links(&mut tx, id).await?;
        if links > 0 {
            return Err(Error::conflict(
                "campanha_com_links",
                format!("A campanha tem {links} link(s); ela não pode ser excluída."),
            ));
        }
        if store::delete_campaign(&mut tx, id).await? {
            let entry = Entry {
                entity: CAMPAIGN_ENTITY,
                entity_id: id,
                action: "Campanha excluída",
                from_state: None,
                to_state: None,
                reason: None,
                changes: Vec::new(),
            };
            history::record(&mut tx, &entry, by, stamp.at).await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
