//! A sale (sales-crm-commissions.md §1, §5): a client, items priced from the catalog on a date (a campaign's
//! price inside its window), a discount per line, the salesperson split (summing 100 %), the payment plan
//! (boleto, PIX or card in 1–12×; installments summing to the total to the centavo, the remainder on the first)
//! and its status. Who may approve a discount above the salesperson's limit is decided here too.

use chrono::{DateTime, Months, NaiveDate, Utc};
use finance::percent;
use platform::error::{Result, Violations};

use super::catalog::{CatalogKind, FULL_BP};

/// The most installments a plan may have (the brief's "maximum count" setting, fixed for now).
pub const MAX_INSTALLMENTS: i64 = 12;
/// The most lines a sale may have.
pub const MAX_ITEMS: usize = 100;
/// The most salespeople in a split.
pub const MAX_SHARES: usize = 10;
/// A quantity above this is a typing mistake.
pub const MAX_QUANTITY: i64 = 10_000;
/// A sale above R$ 10 million is a typing mistake.
pub const MAX_TOTAL: i64 = 1_000_000_000;

/// Where a sale is in its lifecycle (§5). The states after `confirmada` belong to later slices (settlement,
/// cancellation) and are listed so the stored text always parses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaleStatus {
    Draft,
    AwaitingApproval,
    Confirmed,
    InProgress,
    Concluded,
    CancellationRequested,
    Cancelled,
    Discarded,
}

impl SaleStatus {
    pub const ALL: [SaleStatus; 8] = [
        SaleStatus::Draft,
        SaleStatus::AwaitingApproval,
        SaleStatus::Confirmed,
        SaleStatus::InProgress,
        SaleStatus::Concluded,
        SaleStatus::CancellationRequested,
        SaleStatus::Cancelled,
        SaleStatus::Discarded,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            SaleStatus::Draft => "rascunho",
            SaleStatus::AwaitingApproval => "aguardando_aprovacao",
            SaleStatus::Confirmed => "confirmada",
            SaleStatus::InProgress => "em_andamento",
            SaleStatus::Concluded => "concluida",
            SaleStatus::CancellationRequested => "cancelamento_solicitado",
            SaleStatus::Cancelled => "cancelada",
            SaleStatus::Discarded => "descartada",
        }
    }

    pub fn parse(text: &str) -> Option<SaleStatus> {
        Self::ALL.into_iter().find(|s| s.as_str() == text.trim())
    }

    /// The states of a sale that was sold (confirmed, and not cancelled since): what counts towards a target.
    pub const SOLD: [SaleStatus; 4] = [
        SaleStatus::Confirmed,
        SaleStatus::InProgress,
        SaleStatus::Concluded,
        SaleStatus::CancellationRequested,
    ];

    /// The states of a sale still in hand, from the proposal to the last installment: what the CRM plugin's
    /// card lists (a concluded, cancelled or discarded sale is history).
    pub const OPEN: [SaleStatus; 5] = [
        SaleStatus::Draft,
        SaleStatus::AwaitingApproval,
        SaleStatus::Confirmed,
        SaleStatus::InProgress,
        SaleStatus::CancellationRequested,
    ];

    /// Items, split and plan may change only in a draft: after confirming they are frozen (cancel and resell).
    pub fn editable(self) -> bool {
        self == SaleStatus::Draft
    }
}

/// How the client pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMethod {
    Boleto,
    Pix,
    /// Credit card in 1–12 acquirer installments (one receivable each).
    Card,
}

impl PaymentMethod {
    pub const ALL: [PaymentMethod; 3] = [
        PaymentMethod::Boleto,
        PaymentMethod::Pix,
        PaymentMethod::Card,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Boleto => "boleto",
            PaymentMethod::Pix => "pix",
            PaymentMethod::Card => "cartao",
        }
    }

    pub fn parse(text: &str) -> Option<PaymentMethod> {
        Self::ALL.into_iter().find(|m| m.as_str() == text.trim())
    }
}

/// Who must approve a sale's largest line discount.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ApprovalLevel {
    /// Within the salesperson's own limit: no approval.
    Salesperson,
    /// Above it: a manager within their own limit.
    Manager,
    /// Above the manager's: an administrator.
    Admin,
}

impl ApprovalLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            ApprovalLevel::Salesperson => "vendedor",
            ApprovalLevel::Manager => "gerente",
            ApprovalLevel::Admin => "administrador",
        }
    }

    pub fn parse(text: &str) -> Option<ApprovalLevel> {
        [
            ApprovalLevel::Salesperson,
            ApprovalLevel::Manager,
            ApprovalLevel::Admin,
        ]
        .into_iter()
        .find(|l| l.as_str() == text.trim())
    }
}

/// The level a discount of `value_bp` needs from a salesperson whose limit is `seller_limit_bp` (`None`: an
/// administrator, unlimited).
pub fn required_level(value_bp: i64, seller_limit_bp: Option<i64>) -> ApprovalLevel {
    match seller_limit_bp {
        None => ApprovalLevel::Salesperson,
        Some(limit) if value_bp <= limit => ApprovalLevel::Salesperson,
        Some(_) => ApprovalLevel::Manager,
    }
}

/// Whether an approver with `approver_limit_bp` (`None`: unlimited, an administrator) may approve `value_bp`.
pub fn may_approve(value_bp: i64, approver_limit_bp: Option<i64>) -> bool {
    approver_limit_bp.is_none_or(|limit| value_bp <= limit)
}

/// A catalog item as the sale takes it on its price date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PricedItem {
    pub catalog_item_id: String,
    pub sku: String,
    pub name: String,
    pub kind: CatalogKind,
    pub list_price: i64,
    /// The effective price (a campaign's inside its window, else the list price).
    pub unit_price: i64,
    pub campaign_id: Option<String>,
    pub max_discount_bp: i64,
    pub active: bool,
}

/// One line as typed.
#[derive(Debug, Clone, Default)]
pub struct LineDraft {
    pub catalog_item_id: Option<String>,
    pub quantity: Option<i64>,
    pub discount_bp: Option<i64>,
}

/// One salesperson's share as typed.
#[derive(Debug, Clone, Default)]
pub struct ShareDraft {
    pub user_id: Option<String>,
    pub share_bp: Option<i64>,
}

/// One installment as typed.
#[derive(Debug, Clone, Default)]
pub struct InstallmentDraft {
    pub due_date: Option<NaiveDate>,
    pub amount: Option<i64>,
}

/// A sale as typed, before validation. Enumerations arrive as text so a wrong value is a 422 naming the field.
#[derive(Debug, Clone, Default)]
pub struct SaleDraft {
    pub client_id: Option<String>,
    pub opportunity_id: Option<String>,
    pub items: Vec<LineDraft>,
    /// Empty: the owner takes 100 %.
    pub split: Vec<ShareDraft>,
    pub payment_method: Option<String>,
    /// Card only: 1–12.
    pub card_installments: Option<i64>,
    /// Without explicit `parcelas`: how many (boleto/PIX; a card's are its card installments) and the first due
    /// date; the total is split with the remainder on the first, monthly from the first due date.
    pub installment_count: Option<i64>,
    pub first_due_date: Option<NaiveDate>,
    /// Explicit installments: they must sum to the total.
    pub parcelas: Option<Vec<InstallmentDraft>>,
}

/// A priced line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    pub catalog_item_id: String,
    pub sku: String,
    pub description: String,
    pub kind: CatalogKind,
    pub list_price: i64,
    pub unit_price: i64,
    pub campaign_id: Option<String>,
    pub quantity: i64,
    pub discount_bp: i64,
    /// Centavos: the gross (unit price × quantity) × discount, rounded half up.
    pub discount: i64,
    pub total: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    pub user_id: String,
    pub share_bp: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Installment {
    pub due_date: NaiveDate,
    pub amount: i64,
}

/// The payment plan: its installments sum to the sale's total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentPlan {
    pub method: PaymentMethod,
    /// 1 unless a card.
    pub card_installments: i64,
    pub installments: Vec<Installment>,
}

/// A valid sale's contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaleFields {
    pub client_id: String,
    pub opportunity_id: Option<String>,
    pub lines: Vec<Line>,
    pub split: Vec<Share>,
    pub plan: PaymentPlan,
    /// Σ list price × quantity.
    pub list_total: i64,
    /// Σ line discounts.
    pub discount_total: i64,
    pub total: i64,
    /// The largest line discount (what the approval is about).
    pub max_discount_bp: i64,
}

/// One decision on a discount above the salesperson's limit, with the approver's limit and the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscountApproval {
    pub id: String,
    pub level: ApprovalLevel,
    pub value_bp: i64,
    pub approver_id: String,
    pub approver_role: String,
    /// `None`: unlimited (an administrator).
    pub approver_limit_bp: Option<i64>,
    pub approved: bool,
    pub reason: Option<String>,
    pub decided_at: DateTime<Utc>,
}

/// A stored sale.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sale {
    pub id: String,
    pub number: String,
    pub client_name: String,
    pub owner_id: String,
    pub team_id: Option<String>,
    pub status: SaleStatus,
    pub price_date: NaiveDate,
    pub fields: SaleFields,
    /// Who must approve the discount now (`Salesperson`: nobody).
    pub approval_level: ApprovalLevel,
    pub approvals: Vec<DiscountApproval>,
    pub receivable_id: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
    pub updated_by: String,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub confirmed_by: Option<String>,
    /// The marketing link it came through: its opportunity's first touch, kept at confirmation.
    pub marketing_link_id: Option<String>,
}

impl Sale {
    /// Whether `uid` is the owner or in the split (the salesperson's *own*).
    pub fn involves(&self, uid: &str) -> bool {
        self.owner_id == uid || self.fields.split.iter().any(|s| s.user_id == uid)
    }

    /// The sale as a new draft typed on `today`: the same client, items with their quantities and discounts,
    /// split and payment plan (method and number of installments). Not the opportunity, which this sale won.
    /// Prices are taken again when the draft is checked.
    pub fn as_draft(&self, today: NaiveDate) -> SaleDraft {
        let f = &self.fields;
        let card = f.plan.method == PaymentMethod::Card;
        let first_due = f.plan.installments.first().map(|i| i.due_date);
        SaleDraft {
            client_id: Some(f.client_id.clone()),
            opportunity_id: None,
            items: f
                .lines
                .iter()
                .map(|l| LineDraft {
                    catalog_item_id: Some(l.catalog_item_id.clone()),
                    quantity: Some(l.quantity),
                    discount_bp: Some(l.discount_bp),
                })
                .collect(),
            split: f
                .split
                .iter()
                .map(|s| ShareDraft {
                    user_id: Some(s.user_id.clone()),
                    share_bp: Some(s.share_bp),
                })
                .collect(),
            payment_method: Some(f.plan.method.as_str().to_string()),
            card_installments: card.then_some(f.plan.card_installments),
            installment_count: (!card).then_some(f.plan.installments.len() as i64),
            first_due_date: Some(shifted_first_due(self.price_date, first_due, today)),
            parcelas: None,
        }
    }
}

/// A copy's first due date: as many days after `today` as the original's was after its price date (never before
/// today; today when the original had none).
pub fn shifted_first_due(
    price_date: NaiveDate,
    first_due: Option<NaiveDate>,
    today: NaiveDate,
) -> NaiveDate {
    first_due.map_or(today, |due| {
        today + (due - price_date).max(chrono::Duration::zero())
    })
}

fn trimmed(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|t| !t.is_empty())
}

/// `total` in `n` installments: equal parts, the remainder (the odd centavos) on the first.
pub fn split_total(total: i64, n: i64) -> Vec<i64> {
    if n <= 0 {
        return Vec::new();
    }
    let part = total / n;
    let mut parts = vec![part; n as usize];
    parts[0] += total - part * n;
    parts
}

/// The line's discount in centavos: `gross × bp / 10 000`, half up.
pub fn line_discount(gross: i64, bp: i64) -> i64 {
    (gross * bp + FULL_BP / 2) / FULL_BP
}

impl SaleDraft {
    /// Checks every field against the items as priced (`priced`, looked up by the service; a missing id is an
    /// unknown item), `owner` taking 100 % when no split is given and `today` bounding the due dates. The error
    /// names each offending field (`items[0].discount_bp`, `split`, `parcelas`…).
    pub fn validate(
        &self,
        priced: &dyn Fn(&str) -> Option<PricedItem>,
        owner: &str,
        today: NaiveDate,
    ) -> Result<SaleFields> {
        let mut v = Violations::new();
        let client_id = trimmed(&self.client_id).map(str::to_string);
        if client_id.is_none() {
            v.add("client_id", "Escolha o cliente.");
        }
        let opportunity_id = trimmed(&self.opportunity_id).map(str::to_string);

        // Items.
        let mut lines = Vec::new();
        if self.items.is_empty() {
            v.add("items", "Adicione ao menos um item.");
        } else if self.items.len() > MAX_ITEMS {
            v.add(
                "items",
                format!("Uma venda pode ter no máximo {MAX_ITEMS} itens."),
            );
        }
        for (i, l) in self.items.iter().enumerate().take(MAX_ITEMS) {
            let item = match trimmed(&l.catalog_item_id) {
                None => {
                    v.add(format!("items[{i}].catalog_item_id"), "Escolha o item.");
                    None
                }
                Some(id) => match priced(id) {
                    None => {
                        v.add(
                            format!("items[{i}].catalog_item_id"),
                            "Item do catálogo não encontrado.",
                        );
                        None
                    }
                    Some(p) if !p.active => {
                        v.add(
                            format!("items[{i}].catalog_item_id"),
                            format!("O item {} está inativo e não pode ser vendido.", p.sku),
                        );
                        None
                    }
                    Some(p) => Some(p),
                },
            };
            let quantity = l.quantity.unwrap_or(1);
            if !(1..=MAX_QUANTITY).contains(&quantity) {
                v.add(
                    format!("items[{i}].quantity"),
                    format!("A quantidade deve ficar entre 1 e {MAX_QUANTITY}."),
                );
            }
            let discount_bp = l.discount_bp.unwrap_or(0);
            if !(0..=FULL_BP).contains(&discount_bp) {
                v.add(
                    format!("items[{i}].discount_bp"),
                    "O desconto deve ficar entre 0% e 100%.",
                );
            } else if let Some(p) = &item {
                if discount_bp > p.max_discount_bp {
                    v.add(
                        format!("items[{i}].discount_bp"),
                        format!(
                            "O desconto de {} passa do máximo do item {} ({}).",
                            percent(discount_bp),
                            p.sku,
                            percent(p.max_discount_bp)
                        ),
                    );
                }
            }
            if let Some(p) = item {
                let quantity = quantity.clamp(1, MAX_QUANTITY);
                let gross = p.unit_price * quantity;
                let discount = line_discount(gross, discount_bp.clamp(0, FULL_BP));
                lines.push(Line {
                    catalog_item_id: p.catalog_item_id,
                    sku: p.sku,
                    description: p.name,
                    kind: p.kind,
                    list_price: p.list_price,
                    unit_price: p.unit_price,
                    campaign_id: p.campaign_id,
                    quantity,
                    discount_bp,
                    discount,
                    total: gross - discount,
                });
            }
        }
        let list_total: i64 = lines.iter().map(|l| l.list_price * l.quantity).sum();
        let discount_total: i64 = lines.iter().map(|l| l.discount).sum();
        let total: i64 = lines.iter().map(|l| l.total).sum();
        let max_discount_bp = lines.iter().map(|l| l.discount_bp).max().unwrap_or(0);
        if total > MAX_TOTAL {
            v.add("items", "O total da venda passa de R$ 10.000.000,00.");
        }
        if !self.items.is_empty() && lines.len() == self.items.len() && total <= 0 {
            v.add("items", "O total da venda deve ser maior que zero.");
        }

        // Split.
        let split = if self.split.is_empty() {
            vec![Share {
                user_id: owner.to_string(),
                share_bp: FULL_BP,
            }]
        } else {
            let mut shares: Vec<Share> = Vec::new();
            if self.split.len() > MAX_SHARES {
                v.add(
                    "split",
                    format!("Divida a venda entre no máximo {MAX_SHARES} vendedores."),
                );
            }
            for (i, s) in self.split.iter().enumerate() {
                let user_id = trimmed(&s.user_id);
                match user_id {
                    None => v.add(format!("split[{i}].user_id"), "Escolha o vendedor."),
                    Some(u) if shares.iter().any(|x| x.user_id == u) => v.add(
                        format!("split[{i}].user_id"),
                        "Este vendedor já está na divisão.",
                    ),
                    _ => {}
                }
                let share_bp = s.share_bp.unwrap_or(0);
                if !(1..=FULL_BP).contains(&share_bp) {
                    v.add(
                        format!("split[{i}].share_bp"),
                        "A participação deve ficar entre 0,01% e 100%.",
                    );
                }
                if let Some(u) = user_id {
                    shares.push(Share {
                        user_id: u.to_string(),
                        share_bp,
                    });
                }
            }
            let sum: i64 = self.split.iter().map(|s| s.share_bp.unwrap_or(0)).sum();
            if sum != FULL_BP {
                v.add(
                    "split",
                    format!(
                        "A divisão entre vendedores deve somar 100% (soma atual: {}).",
                        percent(sum)
                    ),
                );
            }
            shares
        };

        // Payment plan.
        let method = match trimmed(&self.payment_method) {
            None => {
                v.add(
                    "payment_method",
                    "Escolha a forma de pagamento: boleto, PIX ou cartão.",
                );
                None
            }
            Some(m) => {
                let method = PaymentMethod::parse(m);
                if method.is_none() {
                    v.add(
                        "payment_method",
                        "Forma de pagamento inválida: use boleto, pix ou cartao.",
                    );
                }
                method
            }
        };
        let card_installments = match method {
            Some(PaymentMethod::Card) => {
                let n = self.card_installments.unwrap_or(1);
                if !(1..=MAX_INSTALLMENTS).contains(&n) {
                    v.add(
                        "card_installments",
                        format!("No cartão, parcele de 1 a {MAX_INSTALLMENTS} vezes."),
                    );
                }
                n.clamp(1, MAX_INSTALLMENTS)
            }
            _ => {
                if self.card_installments.is_some_and(|n| n != 1) {
                    v.add(
                        "card_installments",
                        "Só o cartão tem parcelas da operadora.",
                    );
                }
                1
            }
        };
        let installments = match &self.parcelas {
            Some(parcelas) => {
                let n = parcelas.len() as i64;
                if !(1..=MAX_INSTALLMENTS).contains(&n) {
                    v.add(
                        "parcelas",
                        format!("Informe de 1 a {MAX_INSTALLMENTS} parcelas."),
                    );
                } else if method == Some(PaymentMethod::Card) && n != card_installments {
                    v.add(
                        "parcelas",
                        "No cartão, o número de parcelas é o das parcelas da operadora.",
                    );
                }
                let mut out = Vec::new();
                let mut previous: Option<NaiveDate> = None;
                for (i, p) in parcelas.iter().enumerate().take(MAX_INSTALLMENTS as usize) {
                    match p.due_date {
                        None => v.add(format!("parcelas[{i}].due_date"), "Informe o vencimento."),
                        Some(d) if d < today => v.add(
                            format!("parcelas[{i}].due_date"),
                            "O vencimento não pode ser anterior a hoje.",
                        ),
                        Some(d) if previous.is_some_and(|prev| d < prev) => v.add(
                            format!("parcelas[{i}].due_date"),
                            "Os vencimentos devem seguir a ordem das parcelas.",
                        ),
                        Some(_) => {}
                    }
                    previous = p.due_date.or(previous);
                    match p.amount {
                        Some(a) if a > 0 && a <= MAX_TOTAL => {}
                        _ => v.add(
                            format!("parcelas[{i}].amount"),
                            "O valor da parcela deve ser maior que zero.",
                        ),
                    }
                    out.push(Installment {
                        due_date: p.due_date.unwrap_or(today),
                        amount: p.amount.unwrap_or(0),
                    });
                }
                let sum: i64 = out.iter().map(|p| p.amount.clamp(0, MAX_TOTAL)).sum();
                if (1..=MAX_INSTALLMENTS).contains(&n) && sum != total {
                    v.add(
                        "parcelas",
                        "A soma das parcelas deve ser igual ao total da venda.",
                    );
                }
                out
            }
            None => {
                let n = match method {
                    Some(PaymentMethod::Card) => card_installments,
                    _ => self.installment_count.unwrap_or(1),
                };
                if !(1..=MAX_INSTALLMENTS).contains(&n) {
                    v.add(
                        "installment_count",
                        format!("Informe de 1 a {MAX_INSTALLMENTS} parcelas."),
                    );
                }
                let first = self.first_due_date.unwrap_or(today);
                if first < today {
                    v.add(
                        "first_due_date",
                        "O vencimento não pode ser anterior a hoje.",
                    );
                }
                let n = n.clamp(1, MAX_INSTALLMENTS);
                split_total(total.max(0), n)
                    .into_iter()
                    .enumerate()
                    .map(|(i, amount)| Installment {
                        due_date: first
                            .checked_add_months(Months::new(i as u32))
                            .unwrap_or(first),
                        amount,
                    })
                    .collect()
            }
        };
        v.finish()?;
        Ok(SaleFields {
            client_id: client_id.unwrap_or_default(),
            opportunity_id,
            lines,
            split,
            plan: PaymentPlan {
                method: method.unwrap_or(PaymentMethod::Pix),
                card_installments,
                installments,
            },
            list_total,
            discount_total,
            total,
            max_discount_bp,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn catalog(id: &str) -> Option<PricedItem> {
        let (list, unit, campaign, max, active) = match id {
            "toxina" => (120_000, 120_000, None, 2_000, true),
            "creme" => (10_000, 8_000, Some("bf".to_string()), 500, true),
            "antigo" => (5_000, 5_000, None, 0, false),
            _ => return None,
        };
        Some(PricedItem {
            catalog_item_id: id.into(),
            sku: id.to_uppercase(),
            name: format!("Item {id}"),
            kind: CatalogKind::Procedure,
            list_price: list,
            unit_price: unit,
            campaign_id: campaign,
            max_discount_bp: max,
            active,
        })
    }

    fn draft() -> SaleDraft {
        SaleDraft {
            client_id: Some("c1".into()),
            items: vec![LineDraft {
                catalog_item_id: Some("toxina".into()),
                quantity: Some(1),
                discount_bp: Some(0),
            }],
            payment_method: Some("boleto".into()),
            installment_count: Some(3),
            first_due_date: Some(d(2026, 12, 10)),
            ..SaleDraft::default()
        }
    }

    fn fields_of(draft: &SaleDraft) -> Vec<String> {
        draft
            .validate(&catalog, "ana", d(2026, 12, 7))
            .unwrap_err()
            .fields
            .into_iter()
            .map(|f| f.field)
            .collect()
    }

    #[test]
    fn a_plan_splits_the_total_with_the_remainder_on_the_first() {
        assert_eq!(split_total(100_000, 3), vec![33_334, 33_333, 33_333]);
        assert_eq!(split_total(100, 1), vec![100]);
        assert_eq!(split_total(1_001, 12).iter().sum::<i64>(), 1_001);
        assert_eq!(split_total(1_001, 12)[0], 88);
        let mut sale = draft();
        sale.items[0].discount_bp = Some(1_000);
        sale.items.push(LineDraft {
            catalog_item_id: Some("creme".into()),
            quantity: Some(3),
            discount_bp: None,
        });
        let f = sale.validate(&catalog, "ana", d(2026, 12, 7)).unwrap();
        // 1 200,00 − 10 % + 3 × 80,00 (campaign price) = 1 320,00.
        assert_eq!(
            (f.list_total, f.discount_total, f.total),
            (150_000, 12_000, 132_000)
        );
        assert_eq!(f.max_discount_bp, 1_000);
        assert_eq!(f.lines[1].campaign_id.as_deref(), Some("bf"));
        let amounts: Vec<i64> = f.plan.installments.iter().map(|i| i.amount).collect();
        assert_eq!(amounts, vec![44_000, 44_000, 44_000]);
        let dues: Vec<NaiveDate> = f.plan.installments.iter().map(|i| i.due_date).collect();
        assert_eq!(dues, vec![d(2026, 12, 10), d(2027, 1, 10), d(2027, 2, 10)]);
        assert_eq!(
            f.split,
            vec![Share {
                user_id: "ana".into(),
                share_bp: 10_000
            }]
        );
    }

    #[test]
    fn scenario_20_explicit_installments_must_sum_to_the_total() {
        let mut sale = draft();
        sale.items[0].catalog_item_id = Some("creme".into());
        sale.items[0].quantity = Some(12);
        sale.items[0].discount_bp = None;
        // 12 × 80,00 = 960,00; installments of 959,99.
        sale.parcelas = Some(vec![
            InstallmentDraft {
                due_date: Some(d(2026, 12, 10)),
                amount: Some(48_000),
            },
            InstallmentDraft {
                due_date: Some(d(2027, 1, 10)),
                amount: Some(47_999),
            },
        ]);
        let err = sale.validate(&catalog, "ana", d(2026, 12, 7)).unwrap_err();
        assert_eq!(err.fields[0].field, "parcelas");
        assert_eq!(
            err.fields[0].message,
            "A soma das parcelas deve ser igual ao total da venda."
        );
        sale.parcelas.as_mut().unwrap()[1].amount = Some(48_000);
        assert!(sale.validate(&catalog, "ana", d(2026, 12, 7)).is_ok());
    }

    #[test]
    fn the_split_sums_exactly_100_percent() {
        let mut sale = draft();
        sale.split = vec![
            ShareDraft {
                user_id: Some("ana".into()),
                share_bp: Some(6_000),
            },
            ShareDraft {
                user_id: Some("bia".into()),
                share_bp: Some(3_999),
            },
        ];
        assert_eq!(fields_of(&sale), vec!["split"]);
        sale.split[1].share_bp = Some(4_000);
        assert_eq!(
            sale.validate(&catalog, "ana", d(2026, 12, 7))
                .unwrap()
                .split
                .len(),
            2
        );
        sale.split[1].user_id = Some("ana".into());
        assert_eq!(fields_of(&sale), vec!["split[1].user_id"]);
    }

    #[test]
    fn bad_input_names_each_field() {
        let sale = SaleDraft {
            items: vec![
                LineDraft {
                    catalog_item_id: Some("nada".into()),
                    quantity: Some(0),
                    discount_bp: None,
                },
                LineDraft {
                    catalog_item_id: Some("antigo".into()),
                    ..LineDraft::default()
                },
                LineDraft {
                    catalog_item_id: Some("creme".into()),
                    quantity: None,
                    discount_bp: Some(600),
                },
            ],
            payment_method: Some("cheque".into()),
            ..SaleDraft::default()
        };
        assert_eq!(
            fields_of(&sale),
            vec![
                "client_id",
                "items[0].catalog_item_id",
                "items[0].quantity",
                "items[1].catalog_item_id",
                "items[2].discount_bp",
                "payment_method"
            ]
        );
        let mut card = draft();
        card.payment_method = Some("cartao".into());
        card.card_installments = Some(13);
        assert_eq!(fields_of(&card), vec!["card_installments"]);
        card.card_installments = Some(12);
        let f = card.validate(&catalog, "ana", d(2026, 12, 7)).unwrap();
        assert_eq!(f.plan.installments.len(), 12);
        assert_eq!(
            f.plan.installments.iter().map(|i| i.amount).sum::<i64>(),
            120_000
        );
        let mut pix = draft();
        pix.card_installments = Some(3);
        pix.first_due_date = Some(d(2026, 12, 6));
        assert_eq!(fields_of(&pix), vec!["card_installments", "first_due_date"]);
    }

    #[test]
    fn scenario_19_approval_levels_follow_the_limits() {
        // Salesperson 5 %, manager 15 %.
        assert_eq!(required_level(500, Some(500)), ApprovalLevel::Salesperson);
        assert_eq!(required_level(1_200, Some(500)), ApprovalLevel::Manager);
        assert_eq!(required_level(9_000, None), ApprovalLevel::Salesperson);
        assert!(may_approve(1_200, Some(1_500)));
        assert!(!may_approve(2_000, Some(1_500)));
        assert!(may_approve(2_000, None));
    }

    #[test]
    fn a_line_discount_rounds_half_up_to_the_centavo() {
        assert_eq!(line_discount(12_345, 1_000), 1_235);
    }

    #[test]
    fn a_copy_keeps_the_first_due_dates_distance_from_the_price_date() {
        let d = |m: u32, day: u32| NaiveDate::from_ymd_opt(2026, m, day).unwrap();
        assert_eq!(
            shifted_first_due(d(11, 2), Some(d(11, 12)), d(12, 7)),
            d(12, 17)
        );
        assert_eq!(
            shifted_first_due(d(11, 2), Some(d(11, 1)), d(12, 7)),
            d(12, 7)
        );
        assert_eq!(shifted_first_due(d(11, 2), None, d(12, 7)), d(12, 7));
    }

    #[test]
    fn only_a_draft_is_editable() {
        for s in SaleStatus::ALL {
            assert_eq!(SaleStatus::parse(s.as_str()), Some(s));
            assert_eq!(s.editable(), s == SaleStatus::Draft);
        }
    }
}
