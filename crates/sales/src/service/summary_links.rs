//! Summary links (`/resumo-temporario`): created on a sale by whoever reaches it and may write it, read by anyone
//! holding the token (see [`crate::domain::summary_link`] for the rules).
//!
//! The public read is limited per client address in memory (governor's keyed GCRA limiter): a limit shared
//! through the database would write on every read, and the token's 256 bits already make guessing hopeless —
//! the limit is there to slow a flood, and the 5-wrong-answers lock (stored, so it holds across instances)
//! guards the verification.

use std::net::{IpAddr, Ipv4Addr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::history::{self, Entry};
use platform::Principal;

use crate::domain::summary_link::{
    answer_hash, document_end, normalize_answer, AnswerKind, LinkDraft, LinkState, Revocation,
    Summary, LOCKED, MAX_WRONG_ANSWERS, TOKEN_BYTES,
};
use crate::domain::SaleStatus;
use crate::service::sales::{status_label, SalesBook, SALE_ENTITY};
use crate::store::summary_links::{self as store, LinkRow};

/// Where the page lives; the token travels in the fragment, never to the server's logs.
pub const PAGE: &str = "/resumo-temporario";
const NOT_FOUND: &str = "Link de resumo não encontrado.";
/// Forget idle addresses every so many reads (the limiter keeps one small entry per address).
const FORGET_IDLE_EVERY: u64 = 4096;

/// A link as the sale's page shows it.
#[derive(Debug, Clone)]
pub struct LinkView {
    pub id: String,
    pub state: LinkState,
    pub require_verification: bool,
    pub expires_at: DateTime<Utc>,
    pub revoked_reason: Option<String>,
    pub first_viewed_at: Option<DateTime<Utc>>,
    pub last_viewed_at: Option<DateTime<Utc>>,
    pub view_count: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
}

/// A new link: its view, and the URL with the token, returned this once.
#[derive(Debug, Clone)]
pub struct CreatedLink {
    pub link: LinkView,
    pub url: String,
}

/// The next open installment's payment data, read when the page is opened (a snapshot would show an
/// installment already paid).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NextPayment {
    pub due_date: NaiveDate,
    pub amount: i64,
    pub linha_digitavel: Option<String>,
    pub pix_copia_e_cola: Option<String>,
}

/// What a public read gets.
#[derive(Debug, Clone)]
pub enum PublicRead {
    Summary {
        summary: Box<Summary>,
        next_payment: Option<NextPayment>,
        expires_at: DateTime<Utc>,
    },
    /// The client must answer one of these first.
    NeedsAnswer(Vec<AnswerKind>),
    /// Expired, revoked or locked (410), with the message for the client.
    Gone(&'static str),
}

pub struct SummaryLinks {
    db: Db,
    clock: SharedClock,
    sales: Arc<SalesBook>,
    crm: Arc<crm::Crm>,
    company_name: String,
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    reads: AtomicU64,
}

fn view(row: &LinkRow, now: DateTime<Utc>) -> LinkView {
    LinkView {
        id: row.id.clone(),
        state: LinkState::of(
            row.expires_at,
            row.revoked_at.is_some(),
            row.wrong_answers,
            now,
        ),
        require_verification: row.require_verification,
        expires_at: row.expires_at,
        revoked_reason: row.revoked_reason.clone(),
        first_viewed_at: row.first_viewed_at,
        last_viewed_at: row.last_viewed_at,
        view_count: row.view_count,
        created_at: row.created_at,
        created_by: row.created_by.clone(),
    }
}

impl SummaryLinks {
    pub fn new(
        db: Db,
        clock: SharedClock,
        sales: Arc<SalesBook>,
        crm: Arc<crm::Crm>,
        company_name: String,
        reads_per_minute: u32,
    ) -> SummaryLinks {
        let quota =
            Quota::per_minute(NonZeroU32::new(reads_per_minute.max(1)).expect("at least 1"));
        SummaryLinks {
            db,
            clock,
            sales,
            crm,
            company_name,
            limiter: RateLimiter::keyed(quota),
            reads: AtomicU64::new(0),
        }
    }

    /// A new link on a sale `p` reaches (404 outside it); a cancelled or discarded sale has none (409).
    pub async fn create(
        &self,
        p: &Principal,
        sale_id: &str,
        draft: LinkDraft,
    ) -> Result<CreatedLink> {
        let sale = self.sales.reached(p, sale_id).await?;
        if matches!(
            sale.status,
            SaleStatus::Cancelled | SaleStatus::CancellationRequested | SaleStatus::Discarded
        ) {
            return Err(Error::conflict(
                "venda_sem_resumo",
                format!(
                    "A venda {} está {}: não se cria link de resumo para ela.",
                    sale.number,
                    status_label(sale.status)
                ),
            ));
        }
        let now = self.clock.now();
        let terms = draft.validate(&sale, now)?;
        let client = self.crm.clients().get(&sale.fields.client_id).await?;
        let (name, whatsapp) = match self.crm.profiles().public_contact(&sale.owner_id).await? {
            Some((name, whatsapp)) => (name, whatsapp),
            None => (self.owner_name(&sale.owner_id).await?, None),
        };
        let summary = Summary::of(&sale, &self.company_name, &name, whatsapp.as_deref());
        let token = platform::secret::random_secret(TOKEN_BYTES);
        let birth = client
            .fields
            .birth_date
            .map(|d| d.format("%Y-%m-%d").to_string());
        let document = document_end(client.fields.document.as_str());
        let row = LinkRow {
            id: uuid::Uuid::now_v7().to_string(),
            sale_id: sale.id.clone(),
            token_hash: platform::secret::digest(&token),
            snapshot: serde_json::to_string(&summary)
                .map_err(|e| Error::internal(format!("resumo não serializado: {e}")))?,
            require_verification: terms.require_verification,
            birth_answer_hash: birth.map(|b| answer_hash(&token, AnswerKind::BirthDate, &b)),
            document_answer_hash: document
                .map(|d| answer_hash(&token, AnswerKind::DocumentEnd, &d)),
            wrong_answers: 0,
            expires_at: terms.expires_at,
            revoked_reason: None,
            revoked_at: None,
            first_viewed_at: None,
            last_viewed_at: None,
            view_count: 0,
            created_at: now,
            created_by: p.uid.clone(),
        };
        let mut tx = self.db.begin().await?;
        store::insert_in(&mut tx, &row).await?;
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: &sale.id,
            action: "Link de resumo criado",
            from_state: None,
            to_state: None,
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        Ok(CreatedLink {
            link: view(&row, now),
            url: format!("{PAGE}#t={token}"),
        })
    }

    async fn owner_name(&self, uid: &str) -> Result<String> {
        let names = self.crm.teams().names_of(&[uid]).await?;
        Ok(names.get(uid).cloned().unwrap_or_default())
    }

    /// The links of a sale `p` reaches, newest first.
    pub async fn of_sale(&self, p: &Principal, sale_id: &str) -> Result<Vec<LinkView>> {
        let sale = self.sales.reached(p, sale_id).await?;
        let now = self.clock.now();
        Ok(store::of_sale(&self.db, &sale.id)
            .await?
            .iter()
            .map(|r| view(r, now))
            .collect())
    }

    /// Revokes one link of a sale `p` reaches (404 for a link of another sale; 409 when already revoked).
    pub async fn revoke(&self, p: &Principal, sale_id: &str, link_id: &str) -> Result<LinkView> {
        let sale = self.sales.reached(p, sale_id).await?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        if !store::revoke_in(&mut tx, &sale.id, link_id, Revocation::ByHand, now).await? {
            let exists = store::of_sale(&self.db, &sale.id)
                .await?
                .iter()
                .any(|r| r.id == link_id);
            return Err(if exists {
                Error::conflict("link_ja_revogado", "Este link já foi revogado.")
            } else {
                Error::not_found(NOT_FOUND)
            });
        }
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: &sale.id,
            action: "Link de resumo revogado",
            from_state: None,
            to_state: None,
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        store::of_sale(&self.db, &sale.id)
            .await?
            .iter()
            .find(|r| r.id == link_id)
            .map(|r| view(r, now))
            .ok_or_else(|| Error::not_found(NOT_FOUND))
    }

    /// Counts a public read from `addr` against its limit (429 with the seconds to wait).
    pub fn admit(&self, addr: Option<IpAddr>) -> Result<()> {
        let key = addr.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
        if self.reads.fetch_add(1, Ordering::Relaxed) % FORGET_IDLE_EVERY == FORGET_IDLE_EVERY - 1 {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            Error::too_many_attempts(wait.as_secs().max(1))
        })
    }

    /// The public read: the link's summary when the token is live and, where it asks for it, the answer is
    /// right. An unknown token reads as expired, so tokens cannot be probed.
    pub async fn read(
        &self,
        token: &str,
        answer: Option<(AnswerKind, &str)>,
    ) -> Result<PublicRead> {
        let token = token.trim();
        let plausible = token.len() == 43
            && token
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        let gone = PublicRead::Gone(crate::domain::summary_link::EXPIRED);
        if !plausible {
            return Ok(gone);
        }
        let Some(row) = store::by_token_hash(&self.db, &platform::secret::digest(token)).await?
        else {
            return Ok(gone);
        };
        let now = self.clock.now();
        let state = LinkState::of(
            row.expires_at,
            row.revoked_at.is_some(),
            row.wrong_answers,
            now,
        );
        if let Some(message) = state.gone() {
            return Ok(PublicRead::Gone(message));
        }
        if row.require_verification {
            if let Some(refused) = self.verify(&row, token, answer).await? {
                return Ok(refused);
            }
        }
        store::record_view(&self.db, &row.id, now).await?;
        let summary: Summary = serde_json::from_str(&row.snapshot)
            .map_err(|e| Error::internal(format!("resumo ilegível: {e}")))?;
        Ok(PublicRead::Summary {
            summary: Box::new(summary),
            next_payment: self.next_payment(&row.sale_id).await?,
            expires_at: row.expires_at,
        })
    }

    /// `None` when the answer is right; otherwise what the client gets (a 422 for a wrong answer, counted).
    async fn verify(
        &self,
        row: &LinkRow,
        token: &str,
        answer: Option<(AnswerKind, &str)>,
    ) -> Result<Option<PublicRead>> {
        let offered: Vec<AnswerKind> = [
            (AnswerKind::BirthDate, &row.birth_answer_hash),
            (AnswerKind::DocumentEnd, &row.document_answer_hash),
        ]
        .into_iter()
        .filter(|(_, h)| h.is_some())
        .map(|(k, _)| k)
        .collect();
        let Some((kind, typed)) = answer.filter(|(k, _)| offered.contains(k)) else {
            return Ok(Some(PublicRead::NeedsAnswer(offered)));
        };
        let Some(normalized) = normalize_answer(kind, typed) else {
            return Err(Error::invalid_field(
                "answer",
                match kind {
                    AnswerKind::BirthDate => "Digite a data de nascimento como dd/mm/aaaa.",
                    AnswerKind::DocumentEnd => "Digite os 4 últimos dígitos do CPF ou CNPJ.",
                },
            ));
        };
        let expected = match kind {
            AnswerKind::BirthDate => &row.birth_answer_hash,
            AnswerKind::DocumentEnd => &row.document_answer_hash,
        };
        if expected.as_deref() == Some(answer_hash(token, kind, &normalized).as_str()) {
            return Ok(None);
        }
        match store::add_wrong_answer(&self.db, &row.id).await? {
            Some(n) if n < MAX_WRONG_ANSWERS => {
                let left = MAX_WRONG_ANSWERS - n;
                Err(Error::invalid_field(
                    "answer",
                    format!(
                        "Resposta incorreta. {} antes de o link ser bloqueado.",
                        if left == 1 {
                            "Resta 1 tentativa".to_string()
                        } else {
                            format!("Restam {left} tentativas")
                        }
                    ),
                ))
            }
            _ => Ok(Some(PublicRead::Gone(LOCKED))),
        }
    }

    /// The sale's first installment still to be paid, with its boleto line and PIX code when issued.
    async fn next_payment(&self, sale_id: &str) -> Result<Option<NextPayment>> {
        let receivables = self.sales.receivables_of(sale_id).await?;
        Ok(receivables
            .into_iter()
            .find(|r| r.status.is_open())
            .map(|r| NextPayment {
                due_date: r.due_date,
                amount: r.amount - r.received,
                linha_digitavel: r.linha_digitavel,
                pix_copia_e_cola: r.pix_copia_e_cola,
            }))
    }
}
