//! Boletos' operations (finance.md §2 `/boletos`, §3.1): issue for open installments (one transaction, numbers
//! from the convênio's counter, batched writes), list and export, detail with the timeline, PDFs (one, or up to
//! 500 in one document), and instructions to the bank on registered boletos.
//!
//! **For the remessa and retorno work:** [`Boletos::record_in`] changes a boleto's state and appends its timeline
//! event in the caller's transaction (EM_REMESSA with the remessa, REGISTRADO on entry confirmed, REJEITADO,
//! LIQUIDADO with the values, BAIXADO, PROTESTADO, or an occurrence that changes nothing but the last code), and
//! moves the installment where §3.1 says (REGISTRADO → REGISTRADO; REJEITADO, BAIXADO → ABERTO). Pending
//! instructions are read with [`Boletos::pending_instructions`] and marked sent with
//! [`Boletos::instruction_sent_in`].

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use banking::bank::Bank;
use banking::boleto::{self as bb, BoletoInput};
use banking::pdf::{format_brl, BoletoPdfData};
use chrono::{DateTime, NaiveDate, Utc};
use futures::Stream;
use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db, Tx};
use platform::error::{Error, ErrorKind, Result, Violations};
use platform::history::{Change, Reason};

use crate::domain::agreement::CollectionAgreement;
use crate::domain::boleto::{
    instructions_text, payer_problems, Boleto, BoletoEvent, BoletoFilter, BoletoInstruction,
    BoletoStatus, BoletoTotals, EventKind, InstructionKind, Payer,
};
use crate::domain::InstallmentStatus;
use crate::store::agreements::{self as agreements_store, Taken};
use crate::store::boletos::{self as store, BoletoUpdate, HistoryLine};
use crate::store::Stamp;

use super::laps::Laps;
use super::{stale, INSTALLMENT_ENTITY};

/// At most this many installments in one issue.
pub const MAX_ISSUE: usize = 100_000;
/// At most this many boletos in one merged PDF.
pub const MAX_PDF: usize = 500;
/// At most this many problems reported by one refused issue.
const MAX_VIOLATIONS: usize = 100;

/// A boleto with what its detail page shows.
#[derive(Debug, Clone)]
pub struct BoletoDetail {
    pub boleto: Boleto,
    pub agreement_name: String,
    pub events: Vec<BoletoEvent>,
    pub instructions: Vec<BoletoInstruction>,
}

/// One page of boletos, how many match, and the sums by state over all of them.
#[derive(Debug, Clone)]
pub struct BoletoPage {
    pub items: Vec<Boleto>,
    pub total: i64,
    pub totals: BoletoTotals,
}

/// A change the remessa/retorno work records on a boleto ([`Boletos::record_in`]).
#[derive(Debug, Clone)]
pub struct BoletoChange {
    /// The new state (`None`: an occurrence that changes no state).
    pub to: Option<BoletoStatus>,
    pub kind: EventKind,
    /// For people: "Entrada confirmada", "Liquidação"…
    pub description: String,
    pub bank_code: Option<String>,
    pub bank_text: Option<String>,
    pub remittance_id: Option<String>,
    pub remittance_number: Option<String>,
    /// Paid amount (LIQUIDADO) or the event's amount.
    pub amount_cents: Option<i64>,
    /// LIQUIDADO: the payment date.
    pub paid_date: Option<NaiveDate>,
    /// Values for the timeline (juros, multa, tarifa, crédito…), a JSON object.
    pub details: Option<serde_json::Value>,
}

pub struct Boletos {
    db: Db,
    clock: SharedClock,
    crm: Arc<crm::Crm>,
}

impl Boletos {
    pub fn new(db: Db, clock: SharedClock, crm: Arc<crm::Crm>) -> Boletos {
        Boletos { db, clock, crm }
    }

    pub fn today(&self) -> NaiveDate {
        self.clock.today()
    }

    // ---- issuing ----

    /// Issues one boleto per installment under the convênio, in one transaction: every installment open (ABERTO,
    /// no live boleto, a saldo, due today or later), its payer with a valid CPF/CNPJ, a name and a full address
    /// with CEP (422 naming `installment_ids[i].<field>`, nothing consumed); the nosso números taken from the
    /// convênio's counter in the same transaction (an exhausted range is 422), the boletos encoded by `banking`
    /// and written with their EMITIDO event, the installments moved to BOLETO_EMITIDO with their history.
    pub async fn issue(
        &self,
        installment_ids: &[String],
        agreement_id: Option<&str>,
        by: &Principal,
    ) -> Result<Vec<Boleto>> {
        if installment_ids.is_empty() {
            return Err(Error::invalid_field(
                "installment_ids",
                "Escolha ao menos uma parcela.",
            ));
        }
        if installment_ids.len() > MAX_ISSUE {
            return Err(Error::invalid_field(
                "installment_ids",
                format!("Emita no máximo {MAX_ISSUE} boletos por vez."),
            ));
        }
        let mut laps = Laps::start();
        let agreement = self.agreement_for_issue(agreement_id).await?;
        let today = self.clock.today();
        let rows = store::issue_rows(&self.db, installment_ids).await?;
        laps.lap("ler parcelas");
        let by_id: HashMap<&str, &store::IssueRow> =
            rows.iter().map(|r| (r.id.as_str(), r)).collect();
        let mut v = Violations::new();
        let mut reported = 0usize;
        let mut seen = HashSet::with_capacity(installment_ids.len());
        let mut report = |v: &mut Violations, field: String, message: String| {
            if reported < MAX_VIOLATIONS {
                v.add(field, message);
            }
            reported += 1;
        };
        // The payers, each read once from crm.
        let mut clients: HashMap<String, Option<crm::Client>> = HashMap::new();
        for row in &rows {
            if !clients.contains_key(&row.client_id) {
                let client = match self.crm.clients().get(&row.client_id).await {
                    Ok(c) => Some(c),
                    Err(e) if e.kind == ErrorKind::NotFound => None,
                    Err(e) => return Err(e),
                };
                clients.insert(row.client_id.clone(), client);
            }
        }
        laps.lap("ler clientes");
        let mut plan = Vec::with_capacity(installment_ids.len());
        for (i, id) in installment_ids.iter().enumerate() {
            let field = format!("installment_ids[{i}]");
            if !seen.insert(id.as_str()) {
                report(&mut v, field, "Parcela repetida na lista.".into());
                continue;
            }
            let Some(row) = by_id.get(id.as_str()) else {
                report(&mut v, field, "Parcela não encontrada.".into());
                continue;
            };
            let label = format!("{} {}/{}", row.number, row.seq, row.count);
            if let Some(nn) = &row.live_boleto {
                report(
                    &mut v,
                    field,
                    format!("A parcela {label} já tem boleto vigente (nosso número {nn})."),
                );
                continue;
            }
            if row.status != InstallmentStatus::Aberto.as_str() {
                let status = InstallmentStatus::parse(&row.status)
                    .map(|s| s.label())
                    .unwrap_or("fora de aberto");
                report(
                    &mut v,
                    field,
                    format!(
                        "A parcela {label} está {status} ({}): só parcelas em aberto recebem boleto.",
                        row.status
                    ),
                );
                continue;
            }
            let balance = row.value_cents - row.received_cents;
            if balance <= 0 {
                report(&mut v, field, format!("A parcela {label} não tem saldo."));
                continue;
            }
            if row.due_date < today {
                report(
                    &mut v,
                    field,
                    format!(
                        "O vencimento da parcela {label} ({}) já passou: prorrogue-o antes de emitir o boleto.",
                        row.due_date.format("%d/%m/%Y")
                    ),
                );
                continue;
            }
            let client = clients.get(&row.client_id).and_then(Option::as_ref);
            let Some(client) = client else {
                report(
                    &mut v,
                    format!("{field}.client"),
                    "Cliente da parcela não encontrado.".into(),
                );
                continue;
            };
            let document = client.fields.document.as_str().to_string();
            let problems = payer_problems(
                &client.fields.name,
                &document,
                client.fields.address.as_ref(),
            );
            if !problems.is_empty() {
                for (part, message) in problems {
                    report(&mut v, format!("{field}.{part}"), message.to_string());
                }
                continue;
            }
            plan.push((
                *row,
                label,
                balance,
                Payer {
                    name: client.fields.name.clone(),
                    document,
                    address: client.fields.address.clone().expect("checked above"),
                },
            ));
        }
        v.finish()?;
        laps.lap("conferir");

        let stamp = Stamp::now(&self.clock, by);
        let n = plan.len() as i64;
        let mut tx = self.db.begin_bulk().await?;
        let first = match agreements_store::take_nosso_numeros(&mut tx, &agreement.id, n).await? {
            Taken::From(first) => first,
            Taken::Exhausted => return Err(exhausted(&agreement)),
            Taken::Inactive | Taken::Missing => return Err(inactive(&agreement)),
        };
        let base = agreement.boleto_input();
        let f = &agreement.fields;
        let mut boletos = Vec::with_capacity(plan.len());
        let mut events = Vec::with_capacity(plan.len());
        let mut history = Vec::with_capacity(plan.len());
        for (k, (row, label, balance, payer)) in plan.into_iter().enumerate() {
            let nosso_numero = first + k as i64;
            let encoded = encode(&base, nosso_numero, row.due_date, balance, today)
                .map_err(|e| Error::invalid_field(&format!("installment_ids[{k}]"), e))?;
            let pix = f
                .pix_key
                .as_deref()
                .map(|key| pix_code(key, &f.beneficiary_name, nosso_numero, balance))
                .transpose()?;
            let boleto = Boleto {
                id: uuid::Uuid::now_v7().to_string(),
                installment_id: row.id.clone(),
                receivable_id: row.receivable_id.clone(),
                agreement_id: agreement.id.clone(),
                bank: agreement.bank.code().to_string(),
                nosso_numero,
                nosso_numero_dv: encoded.nosso_numero_dv.map(|c| c.to_string()),
                nosso_numero_formatted: encoded.nosso_numero_formatado,
                seu_numero: label,
                client_id: row.client_id.clone(),
                payer,
                issue_date: today,
                due_date: row.due_date,
                amount_cents: balance,
                fine_bp: f.fine_bp,
                interest_monthly_bp: f.interest_monthly_bp,
                discount_cents: 0,
                abatement_cents: 0,
                protest_days: f.protest_days,
                baixa_days: f.baixa_days,
                instructions: instructions_text(
                    balance,
                    f.fine_bp,
                    f.interest_monthly_bp,
                    f.protest_days,
                    f.baixa_days,
                ),
                barcode: encoded.codigo_barras,
                linha_digitavel: encoded.linha_digitavel,
                pix_copia_e_cola: pix,
                status: BoletoStatus::Emitido,
                remittance_id: None,
                last_occurrence_code: None,
                last_occurrence_text: None,
                paid_date: None,
                paid_cents: None,
                version: 1,
                created_at: stamp.at,
                created_by: by.uid.clone(),
            };
            events.push(event(
                &boleto.id,
                EventKind::Emitido,
                format!(
                    "Boleto emitido: nosso número {}, vencimento {}, valor {}.",
                    boleto.nosso_numero_formatted,
                    boleto.due_date.format("%d/%m/%Y"),
                    format_brl(boleto.amount_cents)
                ),
                Some(boleto.amount_cents),
                stamp.at,
                by,
            ));
            history.push(HistoryLine {
                entity_id: boleto.installment_id.clone(),
                changes: serde_json::to_string(&[Change {
                    field: "boleto".into(),
                    from: None,
                    to: Some(format!("{} ({})", boleto.nosso_numero_formatted, f.name)),
                }])
                .map_err(Error::internal)?,
            });
            boletos.push(boleto);
        }
        laps.lap("codificar");
        store::insert_boletos(&mut tx, &boletos, &stamp)
            .await
            .map_err(live_taken)?;
        laps.lap("gravar boletos");
        store::insert_events(&mut tx, &events).await?;
        laps.lap("gravar linha do tempo");
        // In id order: the moves walk the installments' pages in order (ids are UUIDv7).
        let mut ids: Vec<&str> = boletos.iter().map(|b| b.installment_id.as_str()).collect();
        ids.sort_unstable();
        let moved = store::move_installments(
            &mut tx,
            &ids,
            InstallmentStatus::Aberto.as_str(),
            InstallmentStatus::BoletoEmitido.as_str(),
            &stamp,
        )
        .await?;
        if moved != ids.len() as u64 {
            return Err(stale());
        }
        laps.lap("mover parcelas");
        store::insert_history(
            &mut tx,
            INSTALLMENT_ENTITY,
            "Boleto emitido",
            InstallmentStatus::Aberto.as_str(),
            InstallmentStatus::BoletoEmitido.as_str(),
            &history,
            by,
            stamp.at,
        )
        .await?;
        laps.lap("gravar histórico");
        tx.commit().await?;
        laps.lap("commit");
        tracing::info!(
            boletos = boletos.len(),
            "boletos emitidos: {}",
            laps.summary()
        );
        Ok(boletos)
    }

    async fn agreement_for_issue(&self, id: Option<&str>) -> Result<CollectionAgreement> {
        let field = "agreement_id";
        let id = id
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| Error::invalid_field(field, "Escolha o convênio de cobrança."))?;
        let agreement = agreements_store::collection_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::invalid_field(field, "Convênio de cobrança não encontrado."))?;
        if !agreement.active {
            return Err(inactive(&agreement));
        }
        Ok(agreement)
    }

    // ---- reading ----

    pub async fn list(&self, filter: BoletoFilter, limit: i64, offset: i64) -> Result<BoletoPage> {
        let (items, total) = store::list(&self.db, &filter, limit, offset).await?;
        let totals = store::totals(&self.db, &filter).await?;
        Ok(BoletoPage {
            items,
            total,
            totals,
        })
    }

    pub fn stream(
        &self,
        filter: BoletoFilter,
    ) -> impl Stream<Item = Result<Boleto>> + Send + 'static {
        store::stream(&self.db, &filter)
    }

    pub async fn count(&self) -> Result<i64> {
        Ok(store::count(&self.db).await?)
    }

    pub async fn get(&self, id: &str) -> Result<Boleto> {
        store::by_id(&self.db, id).await?.ok_or_else(not_found)
    }

    pub async fn detail(&self, id: &str) -> Result<BoletoDetail> {
        let boleto = self.get(id).await?;
        let agreement_name = agreements_store::collection_by_id(&self.db, &boleto.agreement_id)
            .await?
            .map(|a| a.fields.name)
            .unwrap_or_default();
        Ok(BoletoDetail {
            events: store::events_of(&self.db, id).await?,
            instructions: store::instructions_of(&self.db, id).await?,
            agreement_name,
            boleto,
        })
    }

    /// The instructions no remessa carried yet (for the remessa work).
    pub async fn pending_instructions(&self) -> Result<Vec<BoletoInstruction>> {
        Ok(store::pending_instructions(&self.db).await?)
    }

    // ---- PDFs ----

    /// The boleto as a one-page PDF (`banking::pdf::boleto_pdf`).
    pub async fn pdf(&self, id: &str) -> Result<Vec<u8>> {
        let boleto = self.get(id).await?;
        let agreement = self.agreement_of(&boleto).await?;
        render(&boleto, &agreement)
    }

    /// Up to [`MAX_PDF`] boletos in one PDF, a page each, in the order given.
    pub async fn pdf_merged(&self, ids: &[String]) -> Result<Vec<u8>> {
        if ids.is_empty() {
            return Err(Error::invalid_field("ids", "Escolha ao menos um boleto."));
        }
        if ids.len() > MAX_PDF {
            return Err(Error::invalid_field(
                "ids",
                format!("Baixe no máximo {MAX_PDF} boletos por vez."),
            ));
        }
        let boletos = store::by_ids(&self.db, ids).await?;
        if boletos.len() != ids.len() {
            return Err(not_found());
        }
        let mut agreements: HashMap<String, CollectionAgreement> = HashMap::new();
        let mut pages = Vec::with_capacity(boletos.len());
        for b in &boletos {
            if !agreements.contains_key(&b.agreement_id) {
                let a = self.agreement_of(b).await?;
                agreements.insert(b.agreement_id.clone(), a);
            }
            pages.push(render(b, &agreements[&b.agreement_id])?);
        }
        merge_pdfs(&pages)
    }

    async fn agreement_of(&self, b: &Boleto) -> Result<CollectionAgreement> {
        agreements_store::collection_by_id(&self.db, &b.agreement_id)
            .await?
            .ok_or_else(|| Error::internal("boleto sem convênio"))
    }

    // ---- instructions ----

    /// Records an instruction to the bank on a REGISTRADO boleto (422 otherwise), pending until a remessa sends
    /// it, with its timeline event; BAIXA moves the boleto to BAIXA_SOLICITADA.
    pub async fn instruct(
        &self,
        id: &str,
        kind: Option<InstructionKind>,
        new_due_date: Option<NaiveDate>,
        amount_cents: Option<i64>,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<BoletoDetail> {
        let boleto = self.get(id).await?;
        let Some(kind) = kind else {
            return Err(Error::invalid_field("kind", "Escolha a instrução."));
        };
        if boleto.status != BoletoStatus::Registrado {
            return Err(Error::invalid_field(
                "kind",
                format!(
                    "O boleto {} está {} ({}): instruções só em boletos registrados.",
                    boleto.nosso_numero_formatted,
                    boleto.status.label(),
                    boleto.status.as_str()
                ),
            ));
        }
        let reason = match reason.map(str::trim).filter(|r| !r.is_empty()) {
            Some(text) => {
                Some(Reason::parse("reason", Some(text)).map_err(|v| Error::invalid(vec![v]))?)
            }
            None => None,
        };
        let today = self.clock.today();
        let mut description = kind.label().to_string();
        let (mut new_due, mut amount) = (None, None);
        match kind {
            InstructionKind::AlteracaoVencimento => {
                let Some(d) = new_due_date else {
                    return Err(Error::invalid_field(
                        "new_due_date",
                        "Informe o novo vencimento.",
                    ));
                };
                if d < today {
                    return Err(Error::invalid_field(
                        "new_due_date",
                        "O novo vencimento não pode ser anterior a hoje.",
                    ));
                }
                if d == boleto.due_date {
                    return Err(Error::invalid_field(
                        "new_due_date",
                        "O novo vencimento é igual ao atual.",
                    ));
                }
                description = format!(
                    "{description}: de {} para {}.",
                    boleto.due_date.format("%d/%m/%Y"),
                    d.format("%d/%m/%Y")
                );
                new_due = Some(d);
            }
            InstructionKind::Abatimento => {
                let Some(a) = amount_cents else {
                    return Err(Error::invalid_field(
                        "amount_cents",
                        "Informe o valor do abatimento.",
                    ));
                };
                if a <= 0 || a >= boleto.amount_cents {
                    return Err(Error::invalid_field(
                        "amount_cents",
                        format!(
                            "O abatimento deve ser maior que zero e menor que o valor do boleto ({}).",
                            format_brl(boleto.amount_cents)
                        ),
                    ));
                }
                description = format!("{description}: {}.", format_brl(a));
                amount = Some(a);
            }
            _ => {}
        }
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        if store::has_pending_in(&mut tx, id, kind).await? {
            return Err(Error::conflict(
                "instrucao_pendente",
                format!(
                    "Já há uma instrução de {} pendente para este boleto; aguarde a remessa.",
                    kind.as_str()
                ),
            ));
        }
        let instruction = BoletoInstruction {
            id: uuid::Uuid::now_v7().to_string(),
            boleto_id: id.to_string(),
            kind,
            new_due_date: new_due,
            amount_cents: amount,
            reason: reason.as_ref().map(|r| r.as_str().to_string()),
            remittance_id: None,
            created_at: stamp.at,
            created_by: by.uid.clone(),
        };
        store::insert_instruction(&mut tx, &instruction).await?;
        if let Some(r) = &reason {
            description = format!("{description} Motivo: {}", r.as_str());
        }
        let update = BoletoUpdate {
            status: (kind == InstructionKind::Baixa).then_some(BoletoStatus::BaixaSolicitada),
            ..BoletoUpdate::default()
        };
        if !store::update(&mut tx, id, boleto.version, &update, &stamp).await? {
            return Err(stale());
        }
        store::insert_events(
            &mut tx,
            &[event(
                id,
                EventKind::Instrucao,
                description,
                amount,
                stamp.at,
                by,
            )],
        )
        .await?;
        tx.commit().await?;
        self.detail(id).await
    }

    /// Marks a pending instruction as carried by a remessa, in the remessa's transaction.
    pub async fn instruction_sent_in(
        &self,
        tx: &mut Tx,
        instruction_id: &str,
        remittance_id: &str,
    ) -> Result<bool> {
        let done = platform::on_tx!(tx, conn => sqlx::query(
            "UPDATE finance_boleto_instructions SET remittance_id = $1 WHERE id = $2 AND remittance_id IS NULL",
        )
        .bind(remittance_id)
        .bind(instruction_id)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    // ---- for the remessa and retorno work ----

    /// Records `change` on the boleto in the caller's transaction: its state (when `to` is given, only along the
    /// lifecycle of §3.1: 409 otherwise), the remessa, the last occurrence's code and text, the payment, and a
    /// timeline event; the installment follows (entry confirmed → REGISTRADO; rejected or bank baixa → ABERTO).
    pub async fn record_in(
        &self,
        tx: &mut Tx,
        id: &str,
        change: BoletoChange,
        by: &Principal,
    ) -> Result<Boleto> {
        let boleto = store::by_id_in(tx, id).await?.ok_or_else(not_found)?;
        if let Some(to) = change.to {
            if !boleto.status.can_become(to) {
                return Err(Error::conflict(
                    "estado_invalido",
                    format!(
                        "O boleto {} está {} ({}) e não pode passar a {}.",
                        boleto.nosso_numero_formatted,
                        boleto.status.label(),
                        boleto.status.as_str(),
                        to.as_str()
                    ),
                ));
            }
        }
        let stamp = Stamp::now(&self.clock, by);
        let occurrence = match (&change.bank_code, &change.bank_text) {
            (Some(c), Some(t)) => Some((c.as_str(), t.as_str())),
            (Some(c), None) => Some((c.as_str(), "")),
            _ => None,
        };
        let update = BoletoUpdate {
            status: change.to,
            remittance_id: change.remittance_id.as_deref(),
            occurrence,
            paid: match (change.paid_date, change.amount_cents, change.to) {
                (Some(d), Some(a), Some(BoletoStatus::Liquidado)) => Some((d, a)),
                _ => None,
            },
            ..BoletoUpdate::default()
        };
        if !store::update(tx, id, boleto.version, &update, &stamp).await? {
            return Err(stale());
        }
        let mut e = event(
            id,
            change.kind,
            change.description,
            change.amount_cents,
            stamp.at,
            by,
        );
        e.bank_code = change.bank_code;
        e.bank_text = change.bank_text;
        e.remittance_id = change.remittance_id;
        e.remittance_number = change.remittance_number;
        e.details = change.details.map(|d| d.to_string());
        store::insert_events(tx, &[e]).await?;
        let live = [
            InstallmentStatus::BoletoEmitido.as_str(),
            InstallmentStatus::Registrado.as_str(),
        ];
        match change.to {
            Some(BoletoStatus::Registrado) => {
                store::set_installment_status(
                    tx,
                    &boleto.installment_id,
                    &live,
                    InstallmentStatus::Registrado.as_str(),
                    &stamp,
                )
                .await?;
            }
            Some(BoletoStatus::Rejeitado | BoletoStatus::Baixado | BoletoStatus::Cancelado) => {
                store::set_installment_status(
                    tx,
                    &boleto.installment_id,
                    &live,
                    InstallmentStatus::Aberto.as_str(),
                    &stamp,
                )
                .await?;
            }
            _ => {}
        }
        store::by_id_in(tx, id).await?.ok_or_else(not_found)
    }
}

/// For the installment's cancellation, in its transaction: the live boleto never sent (EMITIDO) is CANCELADO;
/// one at the bank (EM_REMESSA, REGISTRADO, PROTESTADO) gets a BAIXA instruction queued for the next remessa
/// (REGISTRADO → BAIXA_SOLICITADA). Returns what was done, for the installment's history.
pub(crate) async fn on_installment_cancelled(
    tx: &mut Tx,
    installment_id: &str,
    by: &Principal,
    at: DateTime<Utc>,
) -> Result<Option<String>> {
    let Some(boleto) = store::live_of_installment_in(tx, installment_id).await? else {
        return Ok(None);
    };
    let stamp = Stamp { at, by: &by.uid };
    let (update, e, done) = match boleto.status {
        BoletoStatus::Emitido => (
            BoletoUpdate {
                status: Some(BoletoStatus::Cancelado),
                ..BoletoUpdate::default()
            },
            event(
                &boleto.id,
                EventKind::Cancelado,
                "Boleto cancelado com a parcela (não foi enviado ao banco).".into(),
                None,
                at,
                by,
            ),
            format!("Boleto {} cancelado", boleto.nosso_numero_formatted),
        ),
        BoletoStatus::BaixaSolicitada => return Ok(None),
        status => {
            if !store::has_pending_in(tx, &boleto.id, InstructionKind::Baixa).await? {
                store::insert_instruction(
                    tx,
                    &BoletoInstruction {
                        id: uuid::Uuid::now_v7().to_string(),
                        boleto_id: boleto.id.clone(),
                        kind: InstructionKind::Baixa,
                        new_due_date: None,
                        amount_cents: None,
                        reason: Some("Parcela cancelada.".into()),
                        remittance_id: None,
                        created_at: at,
                        created_by: by.uid.clone(),
                    },
                )
                .await?;
            }
            (
                BoletoUpdate {
                    status: (status == BoletoStatus::Registrado)
                        .then_some(BoletoStatus::BaixaSolicitada),
                    ..BoletoUpdate::default()
                },
                event(
                    &boleto.id,
                    EventKind::Instrucao,
                    "Baixa solicitada: parcela cancelada.".into(),
                    None,
                    at,
                    by,
                ),
                format!(
                    "Pedido de baixa do boleto {} na próxima remessa",
                    boleto.nosso_numero_formatted
                ),
            )
        }
    };
    if !store::update(tx, &boleto.id, boleto.version, &update, &stamp).await? {
        return Err(stale());
    }
    store::insert_events(tx, &[e]).await?;
    Ok(Some(done))
}

fn not_found() -> Error {
    Error::not_found("Boleto não encontrado.")
}

fn exhausted(a: &CollectionAgreement) -> Error {
    Error::invalid_field(
        "agreement_id",
        format!(
            "Faixa de nosso número esgotada no convênio {}. Solicite nova faixa ao banco.",
            a.fields.name
        ),
    )
}

fn inactive(a: &CollectionAgreement) -> Error {
    Error::invalid_field(
        "agreement_id",
        format!("O convênio {} está inativo.", a.fields.name),
    )
}

/// Two issues raced for one installment: the unique index of live boletos refused the second.
fn live_taken(e: sqlx::Error) -> Error {
    if is_unique_violation(&e) {
        Error::conflict(
            "boleto_vigente",
            "Uma das parcelas já recebeu boleto em outra emissão. Recarregue a página.",
        )
    } else {
        e.into()
    }
}

pub(crate) fn event(
    boleto_id: &str,
    kind: EventKind,
    description: String,
    amount_cents: Option<i64>,
    at: DateTime<Utc>,
    by: &Principal,
) -> BoletoEvent {
    BoletoEvent {
        id: uuid::Uuid::now_v7().to_string(),
        boleto_id: boleto_id.to_string(),
        at,
        kind,
        description,
        bank_code: None,
        bank_text: None,
        remittance_id: None,
        remittance_number: None,
        amount_cents,
        details: None,
        by_uid: by.uid.clone(),
        by_name: by.name.clone(),
    }
}

/// Encodes one boleto of the convênio; the message names what the bank refused.
fn encode(
    base: &BoletoInput,
    nosso_numero: i64,
    due: NaiveDate,
    amount: i64,
    today: NaiveDate,
) -> std::result::Result<bb::Boleto, String> {
    let mut input = base.clone();
    input.nosso_numero = nosso_numero.to_string();
    let digits = input.nosso_numero.clone();
    input.seu_numero = Some(digits[digits.len().saturating_sub(7)..].to_string());
    input.vencimento = Some(due);
    input.valor_centavos = Some(amount);
    input.data_documento = Some(today);
    bb::generate(&input).map_err(|e| format!("O banco não aceita este boleto: {}.", e.message))
}

/// The BR Code printed with a hybrid boleto: the beneficiary's key, the amount and the nosso número as txid.
fn pix_code(key: &str, beneficiary: &str, nosso_numero: i64, amount: i64) -> Result<String> {
    let name: String = platform::text::fold(beneficiary)
        .to_uppercase()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == ' ')
        .take(25)
        .collect();
    let input = banking::pix::PixInput {
        key: Some(key.to_string()),
        name: if name.trim().is_empty() {
            "BENEFICIARIO".into()
        } else {
            name.trim().to_string()
        },
        city: "SAO PAULO".into(),
        amount_centavos: Some(amount),
        txid: Some(format!("NN{nosso_numero}")),
        ..Default::default()
    };
    banking::pix::build(&input).map_err(|e| {
        Error::invalid_field(
            "agreement_id",
            format!("Chave PIX do convênio: {}", e.message),
        )
    })
}

/// The stored boleto as `banking` draws it.
fn banking_boleto(b: &Boleto) -> Result<bb::Boleto> {
    let bank = Bank::from_code(&b.bank).ok_or_else(|| Error::internal("banco desconhecido"))?;
    let linha: [u8; 47] = b
        .linha_digitavel
        .as_bytes()
        .try_into()
        .map_err(|_| Error::internal("linha digitável armazenada inválida"))?;
    Ok(bb::Boleto {
        bank,
        nosso_numero_dv: b.nosso_numero_dv.as_deref().and_then(|d| d.chars().next()),
        nosso_numero_formatado: b.nosso_numero_formatted.clone(),
        campo_livre: b.barcode.get(19..44).unwrap_or_default().to_string(),
        codigo_barras: b.barcode.clone(),
        linha_digitavel: b.linha_digitavel.clone(),
        linha_digitavel_formatada: bb::format_linha(&linha),
        fator_vencimento: b
            .barcode
            .get(5..9)
            .and_then(|f| f.parse().ok())
            .unwrap_or(0),
        vencimento: Some(b.due_date),
        valor_centavos: b.amount_cents,
    })
}

/// A PDF page for the boleto. The static BR Code of a hybrid boleto is not drawn: `banking` prints only the
/// dynamic charge a bank returns (design/banking.md); the detail page shows the copia e cola and its QR.
fn render(b: &Boleto, a: &CollectionAgreement) -> Result<Vec<u8>> {
    let f = &a.fields;
    let digit = f
        .beneficiary_code_digit
        .as_deref()
        .map(|d| format!("-{d}"))
        .unwrap_or_default();
    let document = banking::document::Document::from_stored(&f.beneficiary_document)
        .map(|d| d.formatted())
        .unwrap_or_else(|| f.beneficiary_document.clone());
    let payer_document = banking::document::Document::from_stored(&b.payer.document)
        .map(|d| d.formatted())
        .unwrap_or_else(|| b.payer.document.clone());
    let data = BoletoPdfData {
        beneficiario_nome: f.beneficiary_name.clone(),
        beneficiario_documento: document,
        beneficiario_endereco: String::new(),
        pagador_nome: b.payer.name.clone(),
        pagador_documento: payer_document,
        pagador_endereco: b.payer.address_line(),
        numero_documento: b.seu_numero.clone(),
        local_pagamento: String::new(),
        instrucoes: b.instructions.clone(),
        especie_documento: "DS".into(),
        carteira: f.carteira.clone(),
        agencia_codigo: format!("{}/{}{digit}", a.agency, f.beneficiary_code),
        data_documento: Some(b.issue_date),
        pix_copia_e_cola: None,
    };
    banking::pdf::boleto_pdf(&banking_boleto(b)?, &data).map_err(Error::internal)
}

/// The content stream of a one-page PDF written by `banking::pdf::writer` (object 4).
fn content_stream(pdf: &[u8]) -> Option<&[u8]> {
    let find = |hay: &[u8], needle: &[u8], from: usize| {
        hay.get(from..)?
            .windows(needle.len())
            .position(|w| w == needle)
            .map(|p| p + from)
    };
    let obj = find(pdf, b"4 0 obj", 0)?;
    let start = find(pdf, b"stream\n", obj)? + b"stream\n".len();
    let end = find(pdf, b"endstream", start)?;
    Some(&pdf[start..end])
}

/// One A4 document with the pages of one-page boleto PDFs, in order (same fonts, one page object each).
pub fn merge_pdfs(pages: &[Vec<u8>]) -> Result<Vec<u8>> {
    use std::fmt::Write as _;
    let contents = pages
        .iter()
        .map(|p| content_stream(p).ok_or_else(|| Error::internal("PDF de boleto inesperado")))
        .collect::<Result<Vec<_>>>()?;
    // 1 catalog, 2 pages, 3 and 4 fonts, then page and content for each page.
    let mut objects: Vec<Vec<u8>> = Vec::with_capacity(4 + 2 * contents.len());
    let kids = (0..contents.len())
        .map(|i| format!("{} 0 R", 5 + 2 * i))
        .collect::<Vec<_>>()
        .join(" ");
    objects.push(b"<< /Type /Catalog /Pages 2 0 R >>".to_vec());
    objects.push(
        format!(
            "<< /Type /Pages /Kids [{kids}] /Count {} >>",
            contents.len()
        )
        .into_bytes(),
    );
    objects.push(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_vec(),
    );
    objects.push(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
            .to_vec(),
    );
    for (i, content) in contents.iter().enumerate() {
        objects.push(
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] \
                 /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {} 0 R >>",
                6 + 2 * i
            )
            .into_bytes(),
        );
        let mut stream = format!("<< /Length {} >>\nstream\n", content.len()).into_bytes();
        stream.extend_from_slice(content);
        stream.extend_from_slice(b"endstream");
        objects.push(stream);
    }
    let mut out: Vec<u8> = b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n".to_vec();
    let mut offsets = Vec::with_capacity(objects.len());
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref_at = out.len();
    let mut xref = format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1);
    for off in offsets {
        let _ = writeln!(xref, "{off:010} 00000 n ");
    }
    let _ = write!(
        xref,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref_at}\n%%EOF\n",
        objects.len() + 1
    );
    out.extend_from_slice(xref.as_bytes());
    Ok(out)
}

impl Boletos {
    /// For the remessa's generation, in its transaction: the EMITIDO boletos `ids` become EM_REMESSA in `remittance_id`,
    /// in multi-row statements (no per-boleto round trips). Returns how many moved (fewer than `ids` when one was no
    /// longer EMITIDO). Their timeline's "Incluído na remessa" line is the remessa's generation itself (its history
    /// entry, read with the boleto's events), not a row per boleto.
    pub async fn put_in_remittance_in(
        &self,
        tx: &mut Tx,
        ids: &[String],
        remittance_id: &str,
        by: &Principal,
    ) -> Result<u64> {
        let stamp = Stamp::now(&self.clock, by);
        Ok(store::put_in_remittance(tx, ids, remittance_id, &stamp).await?)
    }
}
