//! The sales' operations: drafts (create, change), the list and one sale within the caller's reach, the
//! confirmation (within the salesperson's discount limit at once; above it after a manager's, or an
//! administrator's, approval) and the approval's rejection. Each returns a domain [`Error`]; the API alone
//! decides the HTTP status.
//!
//! Confirming is ONE transaction: the sale's state (guarded by its version, so a second confirmation racing the
//! first finds it moved on), finance's título with one installment per payment-plan installment
//! ([`finance::Receivables::create_in`], which also refuses a second título per sale), the linked opportunity
//! won ([`crm::Opportunities::mark_won_in`]), the follow-up tracks awaiting payment and the history. Other contexts are reached only through their
//! public Rust interfaces.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::NaiveDate;
use crm::domain::{Month, Scope};
use finance::domain::boleto::BoletoFilter;
use finance::domain::receivable::InstallmentStatus;
use finance::{format_brl, percent, PaymentPosition, ReceivableMethod, SaleReceivable};
use platform::clock::{start_of_day, SharedClock};
use platform::db::Db;
use platform::error::{Error, ErrorKind, Result, Violation};
use platform::history::{self, Entry, Reason, Recorded};
use platform::{Principal, Role};

use crate::domain::report::{self, LinkFigures, ProductRow, SoldLine};
use crate::domain::sale::{may_approve, required_level};
use crate::domain::summary_link::Revocation;
use crate::domain::{
    ApprovalLevel, CatalogKind, DiscountApproval, PaymentMethod, PricedItem, ReleaseCondition,
    Sale, SaleDraft, SaleFields, SaleStatus,
};
use crate::service::followup;
use crate::service::Catalog;
use crate::store::sales::{self as store, SaleFilter, SoldBy};
use crate::store::summary_links;

/// The history's name for a sale.
pub const SALE_ENTITY: &str = "sales.sale";
/// The numbering prefix of sales: `V-2026-000123`.
const PREFIX: &str = "V";
const NOT_FOUND: &str = "Venda não encontrada.";

fn stale() -> Error {
    Error::conflict(
        "versao_desatualizada",
        "Esta venda foi alterada por outra pessoa. Recarregue a página.",
    )
}

fn frozen(sale: &Sale) -> Error {
    Error::conflict(
        "venda_congelada",
        format!(
            "A venda {} está {}: itens, divisão e plano de pagamento não podem mais ser alterados.",
            sale.number,
            status_label(sale.status)
        ),
    )
}

pub fn status_label(status: SaleStatus) -> &'static str {
    match status {
        SaleStatus::Draft => "em rascunho",
        SaleStatus::AwaitingApproval => "aguardando aprovação de desconto",
        SaleStatus::Confirmed => "confirmada",
        SaleStatus::InProgress => "em andamento",
        SaleStatus::Concluded => "concluída",
        SaleStatus::CancellationRequested => "com cancelamento solicitado",
        SaleStatus::Cancelled => "cancelada",
        SaleStatus::Discarded => "descartada",
    }
}

/// One of the sale's receivables as finance has it, with its payment data when a boleto was issued.
#[derive(Debug, Clone)]
pub struct SaleReceivableLine {
    pub installment_id: String,
    /// "CR-2026-000123 1/3".
    pub number: String,
    pub seq: i64,
    pub count: i64,
    pub due_date: NaiveDate,
    pub amount: i64,
    pub received: i64,
    pub status: InstallmentStatus,
    pub overdue: bool,
    pub linha_digitavel: Option<String>,
    pub pix_copia_e_cola: Option<String>,
}

/// A sale as a page shows it: the names of its people and its receivables.
#[derive(Debug, Clone)]
pub struct SaleDetail {
    pub sale: Sale,
    pub names: HashMap<String, String>,
    pub receivables: Vec<SaleReceivableLine>,
    /// The code of the marketing link the sale came through.
    pub marketing_link_code: Option<String>,
}

/// Whose sales a list or a month is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    /// The caller's own: they own the sale or are in its split ("Minhas").
    Own,
    /// Every sale the caller reaches: a manager's teams too, everything for finance and administrators.
    Reached,
}

/// A sale in a list, with where its receivables' payment stands (`None` before it is confirmed).
#[derive(Debug, Clone)]
pub struct ListedSale {
    pub sale: Sale,
    pub position: Option<PaymentPosition>,
}

/// A month sold against its target (targets are 0 when none was set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthProgress {
    pub month: Month,
    pub target_cents: i64,
    pub target_count: i64,
    pub sold_cents: i64,
    pub sold_count: i64,
}

/// What `/vendas-produtos` asks: a period (business dates, both included), and optionally a team, a unit (the
/// unit of the sale's team) and a kind.
#[derive(Debug, Clone)]
pub struct ProductReportQuery {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub team_id: Option<String>,
    pub unit_id: Option<String>,
    pub kind: Option<CatalogKind>,
}

/// The period's rows per catalog item (by net, largest first) and its net per month.
#[derive(Debug, Clone)]
pub struct ProductReport {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub rows: Vec<ProductRow>,
    pub months: Vec<(NaiveDate, i64)>,
}

pub struct SalesBook {
    db: Db,
    clock: SharedClock,
    catalog: Arc<Catalog>,
    crm: Arc<crm::Crm>,
    finance: Arc<finance::Finance>,
}

/// Whether `scope` reaches the sale: its owner, someone in its split, or its team.
fn reaches(scope: &Scope, sale: &Sale) -> bool {
    match scope {
        Scope::All => true,
        Scope::Users { users, teams } => {
            users.contains(&sale.owner_id)
                || sale.fields.split.iter().any(|s| users.contains(&s.user_id))
                || sale.team_id.as_ref().is_some_and(|t| teams.contains(t))
        }
    }
}

/// An administrator's discount is unlimited.
fn unlimited(p: &Principal) -> bool {
    matches!(p.role, Some(Role::Admin) | Some(Role::SuperAdmin))
}

impl SalesBook {
    pub fn new(
        db: Db,
        clock: SharedClock,
        catalog: Arc<Catalog>,
        crm: Arc<crm::Crm>,
        finance: Arc<finance::Finance>,
    ) -> SalesBook {
        SalesBook {
            db,
            clock,
            catalog,
            crm,
            finance,
        }
    }

    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    /// The sale if `p` reaches it, else 404 as if it did not exist.
    pub(crate) async fn reached(&self, p: &Principal, id: &str) -> Result<Sale> {
        let sale = store::by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found(NOT_FOUND))?;
        let scope = self.crm.teams().scope(p).await?;
        if !reaches(&scope, &sale) {
            return Err(Error::not_found(NOT_FOUND));
        }
        Ok(sale)
    }

    /// The draft checked against the catalog (prices on `today`), the client and opportunity within `p`'s reach
    /// and the split's salespeople; every problem at once. Returns the fields and the client's name.
    async fn check(
        &self,
        p: &Principal,
        draft: &SaleDraft,
        owner: &str,
    ) -> Result<(SaleFields, String)> {
        let today = self.clock.today();
        let mut priced: HashMap<String, PricedItem> = HashMap::new();
        for id in draft
            .items
            .iter()
            .filter_map(|l| l.catalog_item_id.as_deref().map(str::trim))
            .filter(|id| !id.is_empty())
            .collect::<BTreeSet<_>>()
        {
            match self.catalog.price(id, Some(today)).await {
                Ok((item, price)) => {
                    priced.insert(
                        id.to_string(),
                        PricedItem {
                            catalog_item_id: item.id,
                            sku: item.fields.sku,
                            name: item.fields.name,
                            kind: item.fields.kind,
                            list_price: price.list_price,
                            unit_price: price.price,
                            campaign_id: price.campaign.map(|c| c.campaign_id),
                            max_discount_bp: item.fields.max_discount_bp,
                            active: item.active,
                        },
                    );
                }
                Err(e) if e.kind == ErrorKind::NotFound => {}
                Err(e) => return Err(e),
            }
        }
        let mut extra: Vec<Violation> = Vec::new();
        let mut client_name = String::new();
        let client_id = draft.client_id.as_deref().map(str::trim).unwrap_or("");
        if !client_id.is_empty() {
            match self.crm.clients().get_for(p, client_id).await {
                Ok(c) => client_name = c.fields.name,
                Err(e) if e.kind == ErrorKind::NotFound => {
                    extra.push(Violation::new("client_id", "Cliente não encontrado."))
                }
                Err(e) => return Err(e),
            }
        }
        if let Some(opp) = draft
            .opportunity_id
            .as_deref()
            .map(str::trim)
            .filter(|o| !o.is_empty())
        {
            match self.crm.opportunities().get_for(p, opp).await {
                Ok(o) => {
                    let o = o.opportunity;
                    if o.fields.client_id.as_deref() != Some(client_id) {
                        extra.push(Violation::new(
                            "opportunity_id",
                            "A oportunidade é de outro cliente.",
                        ));
                    } else if o.status != crm::domain::opportunity::Status::Open {
                        extra.push(Violation::new(
                            "opportunity_id",
                            "A oportunidade já está encerrada (ganha ou perdida).",
                        ));
                    }
                }
                Err(e) if e.kind == ErrorKind::NotFound => extra.push(Violation::new(
                    "opportunity_id",
                    "Oportunidade não encontrada.",
                )),
                Err(e) => return Err(e),
            }
        }
        let uids: Vec<&str> = draft
            .split
            .iter()
            .filter_map(|s| s.user_id.as_deref().map(str::trim))
            .filter(|u| !u.is_empty())
            .collect();
        if !uids.is_empty() {
            let known: BTreeSet<String> = self
                .crm
                .teams()
                .users(&uids)
                .await?
                .into_iter()
                .filter(|u| {
                    u.active && matches!(u.role, Some(Role::Salesperson) | Some(Role::SalesManager))
                })
                .map(|u| u.uid)
                .collect();
            for (i, s) in draft.split.iter().enumerate() {
                if let Some(u) = s
                    .user_id
                    .as_deref()
                    .map(str::trim)
                    .filter(|u| !u.is_empty())
                {
                    if !known.contains(u) {
                        extra.push(Violation::new(
                            format!("split[{i}].user_id"),
                            "Vendedor não encontrado.",
                        ));
                    }
                }
            }
        }
        let checked = draft.validate(&|id| priced.get(id).cloned(), owner, today);
        match checked {
            Ok(fields) if extra.is_empty() => Ok((fields, client_name)),
            Ok(_) => Err(Error::invalid(extra)),
            Err(e) if e.kind == ErrorKind::Invalid => {
                let mut fields = e.fields;
                fields.extend(extra);
                Err(Error::invalid(fields))
            }
            Err(e) => Err(e),
        }
    }

    /// A new draft owned by `p`, of `p`'s team today.
    pub async fn create(&self, p: &Principal, draft: SaleDraft) -> Result<Sale> {
        self.create_as(p, draft, None).await
    }

    /// A new draft of `p`'s copied from a sale they reach (404 outside it): client, items, discounts, split and
    /// plan, priced again today, the first due date as far from today as the original's from its price date.
    /// What no longer holds (an inactive item, a client no longer in `p`'s portfolio) is a 422 naming the field.
    pub async fn duplicate(&self, p: &Principal, id: &str) -> Result<Sale> {
        let source = self.reached(p, id).await?;
        let draft = source.as_draft(self.today());
        self.create_as(p, draft, Some(&source.number)).await
    }

    /// Creates a draft; its history names the sale it was copied from, if any.
    async fn create_as(
        &self,
        p: &Principal,
        draft: SaleDraft,
        copy_of: Option<&str>,
    ) -> Result<Sale> {
        let (fields, client_name) = self.check(p, &draft, &p.uid).await?;
        let team_id = self.crm.opportunities().team_of(&p.uid).await?;
        let now = self.clock.now();
        let today = self.clock.today();
        let id = uuid::Uuid::now_v7().to_string();
        let mut tx = self.db.begin().await?;
        let number =
            platform::numbering::next(&mut tx, PREFIX, chrono::Datelike::year(&today)).await?;
        let sale = Sale {
            id,
            number,
            client_name,
            owner_id: p.uid.clone(),
            team_id,
            status: SaleStatus::Draft,
            price_date: today,
            fields,
            approval_level: ApprovalLevel::Salesperson,
            approvals: Vec::new(),
            receivable_id: None,
            version: 1,
            created_at: now,
            created_by: p.uid.clone(),
            updated_at: now,
            updated_by: p.uid.clone(),
            confirmed_at: None,
            confirmed_by: None,
            marketing_link_id: None,
        };
        store::insert(&mut tx, &sale).await?;
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: &sale.id,
            action: &copy_of.map_or_else(
                || "Venda criada (rascunho)".to_string(),
                |number| format!("Venda criada (rascunho), cópia da venda {number}"),
            ),
            from_state: None,
            to_state: Some(SaleStatus::Draft.as_str()),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        Ok(sale)
    }

    /// Replaces a draft's contents over the version read (stale → 409); a sale past the draft is frozen (409).
    /// Prices are taken again on today's date.
    pub async fn update(
        &self,
        p: &Principal,
        id: &str,
        version: i64,
        draft: SaleDraft,
    ) -> Result<Sale> {
        let current = self.reached(p, id).await?;
        if !current.status.editable() {
            return Err(frozen(&current));
        }
        if current.version != version {
            return Err(stale());
        }
        let (fields, client_name) = self.check(p, &draft, &current.owner_id).await?;
        let now = self.clock.now();
        let next = Sale {
            fields,
            client_name,
            price_date: self.clock.today(),
            updated_at: now,
            updated_by: p.uid.clone(),
            ..current.clone()
        };
        let mut tx = self.db.begin().await?;
        if !store::update_draft(&mut tx, &next, version).await? {
            return Err(stale());
        }
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: id,
            action: "Rascunho da venda alterado",
            from_state: Some(SaleStatus::Draft.as_str()),
            to_state: Some(SaleStatus::Draft.as_str()),
            reason: None,
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        // The summary links show a snapshot: an edited draft no longer matches it.
        summary_links::revoke_of_sale(&mut tx, id, Revocation::Edited, now).await?;
        tx.commit().await?;
        self.reached(p, id).await
    }

    /// A page of the sales `p` reaches (`Whose::Own`: only those they own or are in the split of), newest
    /// first, each with where its payment stands, and whether more follow.
    pub async fn list(
        &self,
        p: &Principal,
        whose: Whose,
        mut filter: SaleFilter,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<ListedSale>, bool)> {
        match (whose, self.crm.teams().scope(p).await?) {
            (Whose::Own, _) => {
                filter.users = Some(vec![p.uid.clone()]);
                filter.teams = Vec::new();
            }
            (Whose::Reached, Scope::All) => filter.users = None,
            (Whose::Reached, Scope::Users { users, teams }) => {
                filter.users = Some(users.into_iter().collect());
                filter.teams = teams.into_iter().collect();
            }
        }
        let (sales, more) = store::list(&self.db, &filter, limit, offset).await?;
        let receivables: Vec<String> = sales
            .iter()
            .filter_map(|s| s.receivable_id.clone())
            .collect();
        let mut positions = self.finance.receivables().positions(&receivables).await?;
        let listed = sales
            .into_iter()
            .map(|sale| ListedSale {
                position: sale
                    .receivable_id
                    .as_ref()
                    .and_then(|r| positions.remove(r)),
                sale,
            })
            .collect();
        Ok((listed, more))
    }

    /// The sales still in hand ([`SaleStatus::OPEN`]) of a client `p` reaches (404 outside the portfolio, as
    /// the client's own card), among the sales `p` reaches, newest first, at most `limit`, each with where its
    /// payment stands: the CRM plugin card's *Vendas em aberto*.
    pub async fn open_of_client(
        &self,
        p: &Principal,
        client_id: &str,
        limit: i64,
    ) -> Result<Vec<ListedSale>> {
        self.crm.clients().get_for(p, client_id).await?;
        let filter = SaleFilter {
            client_id: Some(client_id.to_string()),
            open_only: true,
            ..SaleFilter::default()
        };
        Ok(self.list(p, Whose::Reached, filter, limit, 0).await?.0)
    }

    /// The month `p` sold against its target: their own share (`Whose::Own`), or the sales and team targets of
    /// the teams they manage (every team for finance and administrators). 422 on `team` for someone who
    /// manages no team.
    pub async fn month_progress(
        &self,
        p: &Principal,
        whose: Whose,
        month: Month,
    ) -> Result<MonthProgress> {
        let (from, to) = (start_of_day(month.first_day()), start_of_day(month.end()));
        let teams = self.crm.teams();
        let (target, (sold_cents, sold_count)) = match whose {
            Whose::Own => {
                let mut targets = teams.person_targets(month).await?;
                let target = targets.remove(&p.uid).unwrap_or_default();
                let sold = store::sold_between(&self.db, SoldBy::Person(&p.uid), from, to).await?;
                (target, sold)
            }
            Whose::Reached => {
                let managed: Option<Vec<String>> = match teams.scope(p).await? {
                    Scope::All => None,
                    Scope::Users { teams: managed, .. } if !managed.is_empty() => {
                        Some(managed.into_iter().collect())
                    }
                    Scope::Users { .. } => {
                        return Err(Error::invalid_field(
                            "team",
                            "Só quem gerencia um time vê o mês da equipe.",
                        ))
                    }
                };
                let target = teams.team_targets(month, managed.as_deref()).await?;
                let by = SoldBy::Teams(managed.as_deref());
                (target, store::sold_between(&self.db, by, from, to).await?)
            }
        };
        Ok(MonthProgress {
            month,
            target_cents: target.sales_value_cents,
            target_count: target.sales_count,
            sold_cents,
            sold_count,
        })
    }

    /// `/vendas-produtos`: the sold lines of `[from, to]` (business dates) summed per catalog item and the net
    /// per month, within `p`'s reach (a manager: their teams' sales; finance and administrators: all). 422 names
    /// `to` when the period ends before it starts or spans more than 24 months.
    pub async fn product_report(
        &self,
        p: &Principal,
        query: ProductReportQuery,
    ) -> Result<ProductReport> {
        let ProductReportQuery {
            from,
            to,
            team_id,
            unit_id,
            kind,
        } = query;
        if to < from {
            return Err(Error::invalid_field(
                "to",
                "O fim do período não pode ser antes do início.",
            ));
        }
        if to > from + chrono::Months::new(24) {
            return Err(Error::invalid_field(
                "to",
                "O período pode ter no máximo 24 meses.",
            ));
        }
        let teams = match self.crm.teams().scope(p).await? {
            Scope::All => None,
            Scope::Users { teams, .. } => Some(teams.into_iter().collect()),
        };
        let unit_teams = match unit_id {
            Some(unit) => Some(self.crm.teams().of_unit(&unit).await?),
            None => None,
        };
        let filter = store::LineFilter {
            from: start_of_day(from),
            to: start_of_day(to + chrono::Duration::days(1)),
            teams,
            team_id,
            unit_teams,
            kind,
        };
        let read = store::sold_lines(&self.db, &filter).await?;
        let by_receivable = self
            .positions_of(read.iter().filter_map(|(_, r)| r.clone()).collect())
            .await?;
        let mut received: HashMap<String, i64> = HashMap::new();
        // Lines of one sale share its título: read it once per sale.
        for (line, receivable) in &read {
            if received.contains_key(&line.sale_id) {
                continue;
            }
            if let Some(position) = receivable.as_ref().and_then(|r| by_receivable.get(r)) {
                received.insert(line.sale_id.clone(), position.received_cents);
            }
        }
        let lines: Vec<SoldLine> = read.into_iter().map(|(line, _)| line).collect();
        Ok(ProductReport {
            from,
            to,
            rows: report::product_rows(&lines, &received),
            months: report::monthly_net(&lines),
        })
    }

    /// Per marketing link: the sales sold through it (confirmed and not cancelled since), their value and what
    /// their receivables received — the links report's *Vendas* and *Receita recebida*. Only links with sales.
    pub async fn link_figures(&self) -> Result<HashMap<String, LinkFigures>> {
        let rows = store::sold_through_links(&self.db).await?;
        let positions = self
            .positions_of(rows.iter().filter_map(|(_, _, r)| r.clone()).collect())
            .await?;
        let mut figures: HashMap<String, LinkFigures> = HashMap::new();
        for (link, total, receivable) in rows {
            let f = figures.entry(link).or_default();
            f.sales += 1;
            f.sold_cents += total;
            f.received_cents += receivable
                .and_then(|r| positions.get(&r))
                .map_or(0, |p| p.received_cents);
        }
        Ok(figures)
    }

    /// Where each título stands, read in bounded IN lists whatever their number.
    async fn positions_of(
        &self,
        mut receivables: Vec<String>,
    ) -> Result<HashMap<String, PaymentPosition>> {
        receivables.sort();
        receivables.dedup();
        let mut positions = HashMap::new();
        for chunk in receivables.chunks(500) {
            positions.extend(self.finance.receivables().positions(chunk).await?);
        }
        Ok(positions)
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    /// The first `n` active clients of `uid`'s portfolio, by the list's order (the demo's buyers).
    pub(crate) async fn demo_clients(&self, uid: &str, n: i64) -> Result<Vec<String>> {
        let query = crm::service::ListQuery {
            filter: crm::domain::ClientFilter {
                owners: Some(vec![uid.to_string()]),
                status: Some(crm::ClientStatus::Active),
                ..crm::domain::ClientFilter::default()
            },
            sort: crm::domain::Sort::default(),
            limit: n,
            offset: 0,
            q: None,
            with_total: false,
        };
        Ok(self
            .crm
            .clients()
            .list(&query)
            .await?
            .items
            .into_iter()
            .map(|c| c.id)
            .collect())
    }

    /// One sale `p` reaches, with its people's names and, once confirmed, its receivables.
    pub async fn get(&self, p: &Principal, id: &str) -> Result<SaleDetail> {
        let sale = self.reached(p, id).await?;
        self.detail(sale).await
    }

    async fn detail(&self, sale: Sale) -> Result<SaleDetail> {
        let mut uids: Vec<&str> = vec![sale.owner_id.as_str()];
        uids.extend(sale.fields.split.iter().map(|s| s.user_id.as_str()));
        uids.extend(sale.approvals.iter().map(|a| a.approver_id.as_str()));
        let names = self.crm.teams().names_of(&uids).await?;
        let receivables = match &sale.receivable_id {
            Some(rid) => self.receivable_lines(rid).await?,
            None => Vec::new(),
        };
        let marketing_link_code = match sale.marketing_link_id.as_deref() {
            Some(link) => self.crm.links().codes(&[link]).await?.remove(link),
            None => None,
        };
        Ok(SaleDetail {
            sale,
            names,
            receivables,
            marketing_link_code,
        })
    }

    /// A sale's receivables with their payment data (none before it is confirmed), whoever asks: for the
    /// public summary, whose token already proved the right to see them.
    pub(crate) async fn receivables_of(&self, sale_id: &str) -> Result<Vec<SaleReceivableLine>> {
        let rid = store::receivable_of(&self.db, sale_id).await?;
        match rid {
            Some(rid) => self.receivable_lines(&rid).await,
            None => Ok(Vec::new()),
        }
    }

    /// Finance's título as the sale shows it: each installment with its boleto's line and PIX code.
    async fn receivable_lines(&self, receivable_id: &str) -> Result<Vec<SaleReceivableLine>> {
        let detail = self.finance.receivables().get(receivable_id).await?;
        let mut receivables = Vec::new();
        for read in detail.installments {
            let i = read.installment;
            let filter = BoletoFilter {
                installment_id: Some(i.id.clone()),
                ..BoletoFilter::default()
            };
            let boleto = self
                .finance
                .boletos()
                .list(filter, 1, 0)
                .await?
                .items
                .into_iter()
                .next();
            receivables.push(SaleReceivableLine {
                number: format!("{} {}/{}", i.number, i.seq, i.count),
                installment_id: i.id,
                seq: i.seq,
                count: i.count,
                due_date: i.due_date,
                amount: i.value_cents,
                received: i.received_cents,
                status: i.status,
                overdue: read.overdue,
                linha_digitavel: boleto.as_ref().map(|b| b.linha_digitavel.clone()),
                pix_copia_e_cola: boleto.and_then(|b| b.pix_copia_e_cola),
            });
        }
        Ok(receivables)
    }

    /// The salesperson's limit for the sale (its owner's; `None`: unlimited, an administrator's own sale).
    async fn owner_limit(&self, sale: &Sale) -> Result<Option<i64>> {
        let owner = self.crm.teams().users(&[sale.owner_id.as_str()]).await?;
        if owner
            .first()
            .is_some_and(|u| matches!(u.role, Some(Role::Admin) | Some(Role::SuperAdmin)))
        {
            return Ok(None);
        }
        Ok(Some(
            self.crm
                .profiles()
                .discount_limit_bp(&sale.owner_id)
                .await?,
        ))
    }

    /// Confirms a draft over the version read: within the owner's discount limit it is confirmed at once
    /// (receivables created, opportunity won); above it, it waits for a manager's approval.
    pub async fn confirm(&self, p: &Principal, id: &str, version: i64) -> Result<SaleDetail> {
        let sale = self.reached(p, id).await?;
        if sale.status == SaleStatus::AwaitingApproval {
            return Err(Error::conflict(
                "aguardando_aprovacao",
                "Esta venda aguarda a aprovação do desconto.",
            ));
        }
        if sale.status != SaleStatus::Draft {
            return Err(Error::conflict(
                "venda_ja_confirmada",
                format!(
                    "A venda {} já está {}.",
                    sale.number,
                    status_label(sale.status)
                ),
            ));
        }
        if sale.version != version {
            return Err(stale());
        }
        let level = required_level(sale.fields.max_discount_bp, self.owner_limit(&sale).await?);
        if level == ApprovalLevel::Salesperson {
            return self.confirm_now(p, sale, SaleStatus::Draft, None).await;
        }
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        if !store::transition(
            &mut tx,
            id,
            version,
            SaleStatus::Draft,
            SaleStatus::AwaitingApproval,
            level,
            now,
            &p.uid,
        )
        .await?
        {
            return Err(stale());
        }
        let reason = Reason::parse(
            "reason",
            Some(&format!(
                "Desconto de {} acima do limite do vendedor: aguarda aprovação do gerente.",
                percent(sale.fields.max_discount_bp)
            )),
        )
        .ok();
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: id,
            action: "Aprovação de desconto solicitada",
            from_state: Some(SaleStatus::Draft.as_str()),
            to_state: Some(SaleStatus::AwaitingApproval.as_str()),
            reason: reason.as_ref(),
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        self.get(p, id).await
    }

    /// The follow-up release condition of each product and procedure the sale has, by catalog item id (read
    /// before the confirmation's transaction: the tracks keep it as it is on that day).
    async fn release_conditions(&self, sale: &Sale) -> Result<HashMap<String, ReleaseCondition>> {
        let mut conditions = HashMap::new();
        for line in &sale.fields.lines {
            if line.kind != CatalogKind::Plan && !conditions.contains_key(&line.catalog_item_id) {
                let item = self.catalog.get(&line.catalog_item_id).await?;
                conditions.insert(line.catalog_item_id.clone(), item.fields.release_condition);
            }
        }
        Ok(conditions)
    }

    /// The confirmation's one transaction (see the module's note).
    async fn confirm_now(
        &self,
        p: &Principal,
        sale: Sale,
        from: SaleStatus,
        approval: Option<DiscountApproval>,
    ) -> Result<SaleDetail> {
        let conditions = self.release_conditions(&sale).await?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let level = approval
            .as_ref()
            .map_or(ApprovalLevel::Salesperson, |a| a.level);
        if !store::transition(
            &mut tx,
            &sale.id,
            sale.version,
            from,
            SaleStatus::Confirmed,
            level,
            now,
            &p.uid,
        )
        .await?
        {
            return Err(Error::conflict(
                "venda_ja_confirmada",
                "Esta venda já foi confirmada ou alterada por outra pessoa. Recarregue a página.",
            ));
        }
        if let Some(a) = &approval {
            store::insert_approval(&mut tx, &sale.id, a).await?;
        }
        let method = match sale.fields.plan.method {
            PaymentMethod::Boleto => ReceivableMethod::Boleto,
            PaymentMethod::Pix => ReceivableMethod::Pix,
            PaymentMethod::Card => ReceivableMethod::CartaoCredito,
        };
        let receivable = self
            .finance
            .receivables()
            .create_in(
                &mut tx,
                SaleReceivable {
                    sale_id: sale.id.clone(),
                    client_id: sale.fields.client_id.clone(),
                    description: format!("Venda {}", sale.number),
                    chart_account_id: None,
                    installments: sale
                        .fields
                        .plan
                        .installments
                        .iter()
                        .map(|i| (i.amount, i.due_date))
                        .collect(),
                    payment_method: method,
                },
                p,
            )
            .await?;
        store::set_receivable(&mut tx, &sale.id, &receivable.id).await?;
        followup::create_tracks_in(&mut tx, &sale, &conditions, p, now).await?;
        if let Some(opp) = &sale.fields.opportunity_id {
            let link = self
                .crm
                .opportunities()
                .mark_won_in(&mut tx, p, opp, &sale.id)
                .await?;
            if let Some(link) = link {
                store::set_marketing_link(&mut tx, &sale.id, &link).await?;
            }
        }
        let reason = Reason::parse(
            "reason",
            Some(&format!(
                "{} em {} parcela(s); título {}",
                format_brl(sale.fields.total),
                sale.fields.plan.installments.len(),
                receivable.number
            )),
        )
        .ok();
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: &sale.id,
            action: "Venda confirmada",
            from_state: Some(from.as_str()),
            to_state: Some(SaleStatus::Confirmed.as_str()),
            reason: reason.as_ref(),
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        self.get(p, &sale.id).await
    }

    /// A manager (within their own limit, not on their own sale) or an administrator approves the waiting
    /// discount: the sale is confirmed in the same transaction. A manager above their limit gets 403 and the
    /// sale then waits for an administrator.
    pub async fn approve(&self, p: &Principal, id: &str, version: i64) -> Result<SaleDetail> {
        let sale = self.reached(p, id).await?;
        if sale.status != SaleStatus::AwaitingApproval {
            return Err(Error::conflict(
                "sem_aprovacao_pendente",
                "Esta venda não aguarda aprovação de desconto.",
            ));
        }
        if sale.version != version {
            return Err(stale());
        }
        if sale.owner_id == p.uid {
            return Err(Error::forbidden(
                "Você não pode aprovar o desconto da sua própria venda.",
            ));
        }
        let limit = if unlimited(p) {
            None
        } else {
            Some(self.crm.profiles().discount_limit_bp(&p.uid).await?)
        };
        let value = sale.fields.max_discount_bp;
        if !unlimited(p) && sale.approval_level == ApprovalLevel::Admin {
            return Err(Error::forbidden(
                "Este desconto aguarda a aprovação de um administrador.",
            ));
        }
        if !may_approve(value, limit) {
            store::escalate(&self.db, id, ApprovalLevel::Admin).await?;
            return Err(Error::forbidden(format!(
                "O desconto de {} passa do seu limite ({}): a aprovação cabe a um administrador.",
                percent(value),
                percent(limit.unwrap_or(0))
            )));
        }
        let approval = DiscountApproval {
            id: uuid::Uuid::now_v7().to_string(),
            level: if unlimited(p) {
                ApprovalLevel::Admin
            } else {
                ApprovalLevel::Manager
            },
            value_bp: value,
            approver_id: p.uid.clone(),
            approver_role: p.role.map(|r| r.as_str().to_string()).unwrap_or_default(),
            approver_limit_bp: limit,
            approved: true,
            reason: None,
            decided_at: self.clock.now(),
        };
        self.confirm_now(p, sale, SaleStatus::AwaitingApproval, Some(approval))
            .await
    }

    /// The approver refuses the discount (a reason is required): the sale goes back to draft.
    pub async fn reject(
        &self,
        p: &Principal,
        id: &str,
        version: i64,
        reason: Option<String>,
    ) -> Result<SaleDetail> {
        let sale = self.reached(p, id).await?;
        if sale.status != SaleStatus::AwaitingApproval {
            return Err(Error::conflict(
                "sem_aprovacao_pendente",
                "Esta venda não aguarda aprovação de desconto.",
            ));
        }
        let reason =
            Reason::parse("reason", reason.as_deref()).map_err(|v| Error::invalid(vec![v]))?;
        if sale.version != version {
            return Err(stale());
        }
        if sale.owner_id == p.uid {
            return Err(Error::forbidden(
                "Você não pode decidir o desconto da sua própria venda.",
            ));
        }
        let limit = if unlimited(p) {
            None
        } else {
            Some(self.crm.profiles().discount_limit_bp(&p.uid).await?)
        };
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        if !store::transition(
            &mut tx,
            id,
            version,
            SaleStatus::AwaitingApproval,
            SaleStatus::Draft,
            ApprovalLevel::Salesperson,
            now,
            &p.uid,
        )
        .await?
        {
            return Err(stale());
        }
        let decision = DiscountApproval {
            id: uuid::Uuid::now_v7().to_string(),
            level: sale.approval_level,
            value_bp: sale.fields.max_discount_bp,
            approver_id: p.uid.clone(),
            approver_role: p.role.map(|r| r.as_str().to_string()).unwrap_or_default(),
            approver_limit_bp: limit,
            approved: false,
            reason: Some(reason.as_str().to_string()),
            decided_at: now,
        };
        store::insert_approval(&mut tx, id, &decision).await?;
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: id,
            action: "Desconto recusado",
            from_state: Some(SaleStatus::AwaitingApproval.as_str()),
            to_state: Some(SaleStatus::Draft.as_str()),
            reason: Some(&reason),
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        tx.commit().await?;
        self.get(p, id).await
    }

    /// Discards a proposal that will not be sold (a draft, or one waiting for a discount decision) over the
    /// version read, with a reason: it leaves the sales in hand and its summary links are revoked, in one
    /// transaction. It does not come back (duplicate it to sell again); past the proposal, 409.
    pub async fn discard(
        &self,
        p: &Principal,
        id: &str,
        version: i64,
        reason: Option<String>,
    ) -> Result<SaleDetail> {
        let sale = self.reached(p, id).await?;
        if !matches!(
            sale.status,
            SaleStatus::Draft | SaleStatus::AwaitingApproval
        ) {
            return Err(Error::conflict(
                "venda_nao_descartavel",
                format!(
                    "A venda {} está {}: só uma proposta (rascunho ou aguardando aprovação) pode ser descartada.",
                    sale.number,
                    status_label(sale.status)
                ),
            ));
        }
        let reason =
            Reason::parse("reason", reason.as_deref()).map_err(|v| Error::invalid(vec![v]))?;
        if sale.version != version {
            return Err(stale());
        }
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let moved = store::transition(
            &mut tx,
            id,
            version,
            sale.status,
            SaleStatus::Discarded,
            sale.approval_level,
            now,
            &p.uid,
        )
        .await?;
        if !moved {
            return Err(stale());
        }
        let entry = Entry {
            entity: SALE_ENTITY,
            entity_id: id,
            action: "Proposta descartada",
            from_state: Some(sale.status.as_str()),
            to_state: Some(SaleStatus::Discarded.as_str()),
            reason: Some(&reason),
            changes: Vec::new(),
        };
        history::record(&mut tx, &entry, p, now).await?;
        summary_links::revoke_of_sale(&mut tx, id, Revocation::Discarded, now).await?;
        tx.commit().await?;
        self.get(p, id).await
    }

    pub async fn history(&self, p: &Principal, id: &str) -> Result<Vec<Recorded>> {
        self.reached(p, id).await?;
        history::of(&self.db, SALE_ENTITY, id).await
    }
}
