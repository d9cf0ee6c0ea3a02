//! Remessas de cobrança (finance.md §2 `/remessa`, §3.3): the items pending per convênio, a draft of them, the
//! generation in one transaction (the convênio's row locked, its file sequence taken, the bytes written by
//! `banking`, re-checked by its preflight validator, stored with their sha256, the boletos EM_REMESSA with a
//! timeline event), the download, the sending, reopening a remessa never sent (it keeps its sequence) and
//! discarding a draft.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::sync::Arc;

use banking::cnab::{self, naming, RemessaHeader};
use chrono::{DateTime, FixedOffset, Utc};
use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db};
use platform::error::{Error, Result, Violation, Violations};
use platform::history::{self, Change, Entry, Recorded};
use platform::on_db;
use sha2::{Digest, Sha256};

use crate::domain::agreement::{CollectionAgreement, Layout};
use crate::domain::boleto::BoletoStatus;
use crate::domain::remittance::{
    company_of, title_of, BoletoForRemessa, ItemInstruction, PendingItem, Remittance,
    RemittanceFilter, RemittanceItem, RemittanceStatus,
};
use crate::store::agreements as agreements_store;
use crate::store::boletos as boletos_store;
use crate::store::remittances::{self as store, Generated};
use crate::store::Stamp;

use super::laps::Laps;
use super::{stale, Boletos};

pub use crate::domain::remittance::{GENERATED_ACTION, REMITTANCE_ENTITY};

/// The pending items of a convênio, with their count and total.
#[derive(Debug, Clone)]
pub struct Pending {
    pub items: Vec<PendingItem>,
    pub count: i64,
    pub total_cents: i64,
}

/// A remessa with its items and history.
#[derive(Debug, Clone)]
pub struct RemittanceDetail {
    pub remittance: Remittance,
    pub agreement_name: String,
    /// The first [`DETAIL_ITEMS`] items; the rest page through [`Remittances::items_page`] (a remessa of
    /// 100,000 items is 20 MB of JSON and a page no browser renders).
    pub items: Vec<RemittanceItem>,
    /// How many items it has.
    pub item_total: i64,
    pub history: Vec<Recorded>,
    /// The retornos that answered it: (id, file name, imported at).
    pub returns: Vec<(String, String, DateTime<Utc>)>,
}

/// How many items a remessa's detail carries.
pub const DETAIL_ITEMS: i64 = 100;

/// A page of remessas with the filter's totals.
#[derive(Debug, Clone)]
pub struct RemittancePage {
    pub items: Vec<Remittance>,
    pub total: i64,
    pub total_cents: i64,
}

pub struct Remittances {
    db: Db,
    clock: SharedClock,
    boletos: Arc<Boletos>,
}

fn not_found() -> Error {
    Error::not_found("Remessa não encontrada.")
}

fn busy() -> Error {
    Error::conflict(
        "remessa_em_geracao",
        "Outra remessa deste convênio está sendo gerada.",
    )
}

fn wrong_state(r: &Remittance, what: &str) -> Error {
    Error::conflict(
        "estado_invalido",
        format!(
            "A remessa {} está {} ({}) e não pode {what}.",
            r.number,
            r.status.label(),
            r.status.as_str()
        ),
    )
}

impl Remittances {
    pub fn new(db: Db, clock: SharedClock, boletos: Arc<Boletos>) -> Remittances {
        Remittances { db, clock, boletos }
    }

    async fn agreement(&self, id: &str, field: &str) -> Result<CollectionAgreement> {
        agreements_store::collection_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::invalid_field(field, "Convênio de cobrança não encontrado."))
    }

    /// The convênio's EMITIDO boletos in no live remessa and its instructions no remessa carries yet.
    pub async fn pending(&self, agreement_id: &str) -> Result<Pending> {
        self.agreement(agreement_id, "agreement_id").await?;
        let items = store::pending(&self.db, agreement_id).await?;
        Ok(Pending {
            count: items.len() as i64,
            total_cents: items.iter().map(|i| i.amount_cents).sum(),
            items,
        })
    }

    /// A draft (RASCUNHO) of the chosen pending items, all of them when neither list is given.
    pub async fn create(
        &self,
        agreement_id: Option<&str>,
        boleto_ids: Option<&[String]>,
        instruction_ids: Option<&[String]>,
        by: &Principal,
    ) -> Result<RemittanceDetail> {
        let Some(agreement_id) = agreement_id.filter(|a| !a.trim().is_empty()) else {
            return Err(Error::invalid_field(
                "agreement_id",
                "Informe o convênio de cobrança.",
            ));
        };
        let agreement = self.agreement(agreement_id, "agreement_id").await?;
        if !agreement.active {
            return Err(Error::invalid_field(
                "agreement_id",
                format!("O convênio {} está inativo.", agreement.fields.name),
            ));
        }
        let pending = store::pending(&self.db, agreement_id).await?;
        let chosen: Vec<PendingItem> = if boleto_ids.is_none() && instruction_ids.is_none() {
            pending
        } else {
            let mut v = Violations::new();
            let entries: HashSet<&str> = pending
                .iter()
                .filter(|p| p.instruction_id.is_none())
                .map(|p| p.boleto_id.as_str())
                .collect();
            let instructions: HashSet<&str> = pending
                .iter()
                .filter_map(|p| p.instruction_id.as_deref())
                .collect();
            for (i, id) in boleto_ids.unwrap_or_default().iter().enumerate() {
                if !entries.contains(id.as_str()) {
                    v.add(
                        format!("boleto_ids[{i}]"),
                        "Este boleto não está pendente de remessa neste convênio.",
                    );
                }
            }
            for (i, id) in instruction_ids.unwrap_or_default().iter().enumerate() {
                if !instructions.contains(id.as_str()) {
                    v.add(
                        format!("instruction_ids[{i}]"),
                        "Esta instrução não está pendente de remessa neste convênio.",
                    );
                }
            }
            v.finish()?;
            let b: HashSet<&String> = boleto_ids.unwrap_or_default().iter().collect();
            let ins: HashSet<&String> = instruction_ids.unwrap_or_default().iter().collect();
            pending
                .into_iter()
                .filter(|p| match &p.instruction_id {
                    None => b.contains(&p.boleto_id),
                    Some(i) => ins.contains(i),
                })
                .collect()
        };
        if chosen.is_empty() {
            return Err(Error::invalid_field(
                "agreement_id",
                "Não há itens pendentes de remessa neste convênio.",
            ));
        }
        let stamp = Stamp::now(&self.clock, by);
        let id = uuid::Uuid::now_v7().to_string();
        let mut tx = self.db.begin_bulk().await?;
        let number =
            platform::numbering::next(&mut tx, "RM", chrono::Datelike::year(&self.clock.today()))
                .await?;
        let items: Vec<RemittanceItem> = chosen
            .iter()
            .enumerate()
            .map(|(n, p)| RemittanceItem {
                id: uuid::Uuid::now_v7().to_string(),
                remittance_id: id.clone(),
                position: n as i64 + 1,
                boleto_id: p.boleto_id.clone(),
                instruction_id: p.instruction_id.clone(),
                instruction: p.instruction,
                nosso_numero: p.nosso_numero,
                amount_cents: p.amount_cents,
                result: None,
                result_code: None,
                result_text: None,
            })
            .collect();
        let remittance = Remittance {
            id: id.clone(),
            number: number.clone(),
            kind: "COBRANCA".into(),
            bank_account_id: agreement.bank_account_id.clone(),
            agreement_id: agreement.id.clone(),
            layout: agreement.fields.layout.as_str().to_string(),
            sequence: None,
            file_name: None,
            status: RemittanceStatus::Rascunho,
            item_count: items.len() as i64,
            total_cents: items.iter().map(|i| i.amount_cents).sum(),
            rejected_count: 0,
            preflight: None,
            sha256: None,
            generated_at: None,
            generated_by: None,
            sent_at: None,
            sent_by: None,
            version: 1,
            created_at: stamp.at,
            created_by: by.uid.clone(),
        };
        store::insert(&mut tx, &remittance, &stamp).await?;
        store::insert_items(&mut tx, &items).await.map_err(|e| {
            if is_unique_violation(&e) {
                Error::conflict(
                    "item_em_outra_remessa",
                    "Um dos itens já está em outra remessa. Recarregue a página.",
                )
            } else {
                e.into()
            }
        })?;
        let count = items.len().to_string();
        history::record(
            &mut tx,
            &Entry {
                entity: REMITTANCE_ENTITY,
                entity_id: &id,
                action: "Remessa criada",
                from_state: None,
                to_state: Some(RemittanceStatus::Rascunho.as_str()),
                reason: None,
                changes: vec![Change {
                    field: "item_count".into(),
                    from: None,
                    to: Some(count),
                }],
            },
            by,
            stamp.at,
        )
        .await?;
        tx.commit().await?;
        self.detail(&id).await
    }

    pub async fn get(&self, id: &str) -> Result<Remittance> {
        store::by_id(&self.db, id).await?.ok_or_else(not_found)
    }

    /// A page of the remessa's items in file order, with what the retornos said of each, and how many it has.
    pub async fn items_page(
        &self,
        id: &str,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<RemittanceItem>, i64)> {
        let remittance = self.get(id).await?;
        self.items(&remittance, limit, offset).await
    }

    async fn items(
        &self,
        r: &Remittance,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<RemittanceItem>, i64)> {
        // A draft was never sent: no retorno speaks of its items.
        let with_results = r.status != RemittanceStatus::Rascunho;
        Ok(store::items_page(&self.db, &r.id, with_results, limit, offset).await?)
    }

    pub async fn detail(&self, id: &str) -> Result<RemittanceDetail> {
        let remittance = self.get(id).await?;
        let agreement_name = agreements_store::collection_by_id(&self.db, &remittance.agreement_id)
            .await?
            .map(|a| a.fields.name)
            .unwrap_or_default();
        let (items, item_total) = self.items(&remittance, DETAIL_ITEMS, 0).await?;
        let history = history::of(&self.db, REMITTANCE_ENTITY, id).await?;
        let returns: Vec<(String, String, DateTime<Utc>)> = on_db!(&self.db, pool => sqlx::query_as(
            "SELECT r.id, r.file_name, r.imported_at FROM finance_bank_returns r WHERE EXISTS (SELECT 1 FROM \
             finance_bank_return_occurrences o WHERE o.return_id = r.id AND o.remittance_id = $1) \
             ORDER BY r.imported_at",
        )
        .bind(id)
        .fetch_all(pool)
        .await)?;
        Ok(RemittanceDetail {
            remittance,
            agreement_name,
            items,
            item_total,
            history,
            returns,
        })
    }

    /// Today in São Paulo (the export's file name).
    pub fn today(&self) -> chrono::NaiveDate {
        self.clock.today()
    }

    pub async fn list(
        &self,
        filter: RemittanceFilter,
        limit: i64,
        offset: i64,
    ) -> Result<RemittancePage> {
        let (items, total, total_cents) = store::list(&self.db, &filter, limit, offset).await?;
        Ok(RemittancePage {
            items,
            total,
            total_cents,
        })
    }

    /// "Gerar arquivo": in one transaction the convênio's row is locked and its next file sequence taken (kept
    /// by a reopened remessa), the file written by `banking`, checked by its preflight validator (findings →
    /// 422 naming line, positions, field and expectation, nothing kept), stored with its sha256; the boletos
    /// become EM_REMESSA with an event naming the remessa and the instructions are marked sent.
    pub async fn generate(&self, id: &str, by: &Principal) -> Result<RemittanceDetail> {
        let r = self.get(id).await?;
        if r.status != RemittanceStatus::Rascunho {
            return Err(wrong_state(&r, "ser gerada"));
        }
        let mut laps = Laps::start();
        let agreement = self.agreement(&r.agreement_id, "agreement_id").await?;
        let items = store::items_of(&self.db, id).await?;
        laps.lap("ler itens");
        // In id order (UUIDv7: insertion order), so the reads and the moves below walk the boletos' pages in order.
        let ids: Vec<String> = items
            .iter()
            .map(|i| i.boleto_id.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let boletos: HashMap<String, BoletoForRemessa> = boletos_store::for_remessa(&self.db, &ids)
            .await?
            .into_iter()
            .map(|b| (b.id.clone(), b))
            .collect();
        let values: HashMap<String, (Option<chrono::NaiveDate>, Option<i64>)> =
            store::instruction_values(&self.db, id)
                .await?
                .into_iter()
                .map(|(i, d, a)| (i, (d, a)))
                .collect();
        laps.lap("ler boletos");
        let company = company_of(&agreement);
        let bank = agreement.bank;
        let mut v = Violations::new();
        let mut titles = Vec::with_capacity(items.len());
        for (n, item) in items.iter().enumerate() {
            let Some(boleto) = boletos.get(&item.boleto_id) else {
                v.add(format!("items[{n}]"), "Boleto não encontrado.");
                continue;
            };
            let ok = match item.instruction {
                ItemInstruction::Entrada => {
                    boleto.status == BoletoStatus::Emitido
                        || (boleto.status == BoletoStatus::EmRemessa
                            && boleto.remittance_id.as_deref() == Some(id))
                }
                _ => true,
            };
            if !ok {
                v.add(format!("items[{n}]"), format!(
                        "O boleto {} está {} e não pode entrar na remessa; descarte-a e crie outra.",
                        boleto.nosso_numero_formatted,
                        boleto.status.label()
                    ));
                continue;
            }
            let nosso =
                match cnab::nosso_numero_for_cnab(bank, &company, &boleto.nosso_numero.to_string())
                {
                    Ok(n) => n,
                    Err(e) => {
                        v.add(format!("items[{n}]"), e);
                        continue;
                    }
                };
            let (due, amount) = item
                .instruction_id
                .as_ref()
                .and_then(|i| values.get(i).copied())
                .unwrap_or((None, None));
            titles.push(title_of(boleto, item.instruction, nosso, due, amount));
        }
        v.finish()?;
        let sequence = r.sequence.unwrap_or(agreement.fields.next_file_sequence);
        let now = self.clock.now();
        let local = now
            .with_timezone(&FixedOffset::west_opt(3 * 3600).expect("UTC-3"))
            .naive_local();
        let header = RemessaHeader {
            bank,
            company: company.clone(),
            sequence: u32::try_from(sequence).unwrap_or(1),
            generated_at: local,
        };
        let mut bytes: Vec<u8> = Vec::with_capacity(titles.len() * 500 + 1024);
        let written = match agreement.fields.layout {
            Layout::Cnab240 => cnab::c240::write_remessa(&header, titles.iter(), &mut bytes),
            Layout::Cnab400 => cnab::c400::write_remessa(&header, titles.iter(), &mut bytes),
        };
        written.map_err(|e| Error::invalid_field("items", format!("Arquivo não gerado: {e}")))?;
        laps.lap("escrever o arquivo");
        let report = banking::validate::validate(&bytes);
        let preflight = serde_json::to_string(&report.findings).map_err(Error::internal)?;
        if !report.is_clean() {
            return Err(Error::invalid(
                report
                    .findings
                    .iter()
                    .take(200)
                    .map(|f| {
                        Violation::new(
                            format!("arquivo.linha[{}]", f.line),
                            format!(
                                "Linha {}, posições {}–{}, campo {}: {}; esperado {}, encontrado «{}».",
                                f.line, f.start, f.end, f.field, f.problem, f.expected, f.found
                            ),
                        )
                    })
                    .collect(),
            ));
        }
        laps.lap("validar");
        let sha256 = hex(&Sha256::digest(&bytes));
        let today = self.clock.today();
        let day_start = today.and_hms_opt(3, 0, 0).expect("valid").and_utc();
        let files_today: i64 = on_db!(&self.db, pool => sqlx::query_scalar(
            "SELECT COUNT(*) FROM finance_remittances WHERE agreement_id = $1 AND id <> $2 \
             AND generated_at >= $3 AND file_name IS NOT NULL",
        )
        .bind(&r.agreement_id)
        .bind(id)
        .bind(day_start)
        .fetch_one(pool)
        .await)?;
        let file_name = match &r.file_name {
            Some(name) => name.clone(),
            None => naming::remessa_file_name(bank, &company, today, files_today as u32)
                .map_err(|e| Error::invalid_field("agreement_id", e))?,
        };
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin_bulk().await?;
        let locked = if r.sequence.is_none() {
            store::take_sequence(&mut tx, &r.agreement_id, sequence).await?
        } else {
            store::lock_sequence(
                &mut tx,
                &r.agreement_id,
                agreement.fields.next_file_sequence,
            )
            .await?
        };
        if !locked {
            return Err(busy());
        }
        let entries: Vec<String> = items
            .iter()
            .filter(|i| i.instruction == ItemInstruction::Entrada)
            .map(|i| i.boleto_id.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let generated = Generated {
            sequence,
            file_name: &file_name,
            content: &bytes,
            sha256: &sha256,
            preflight: &preflight,
            item_count: items.len() as i64,
            total_cents: items.iter().map(|i| i.amount_cents).sum(),
        };
        if !store::set_generated(&mut tx, id, r.version, &generated, &stamp).await? {
            return Err(stale());
        }
        laps.lap("gravar o arquivo");
        self.boletos
            .put_in_remittance_in(&mut tx, &entries, id, by)
            .await?;
        laps.lap("boletos em remessa");
        for item in &items {
            if let Some(instruction) = &item.instruction_id {
                self.boletos
                    .instruction_sent_in(&mut tx, instruction, id)
                    .await?;
            }
        }
        history::record(
            &mut tx,
            &Entry {
                entity: REMITTANCE_ENTITY,
                entity_id: id,
                action: GENERATED_ACTION,
                from_state: Some(RemittanceStatus::Rascunho.as_str()),
                to_state: Some(RemittanceStatus::Gerada.as_str()),
                reason: None,
                changes: vec![
                    Change {
                        field: "sequence".into(),
                        from: None,
                        to: Some(sequence.to_string()),
                    },
                    Change {
                        field: "file_name".into(),
                        from: None,
                        to: Some(file_name.clone()),
                    },
                    Change {
                        field: "sha256".into(),
                        from: None,
                        to: Some(sha256.clone()),
                    },
                ],
            },
            by,
            stamp.at,
        )
        .await?;
        tx.commit().await?;
        laps.lap("histórico e commit");
        let detail = self.detail(id).await;
        laps.lap("ler o detalhe");
        tracing::info!(remessa = %id, items = items.len(), "remessa gerada: {}", laps.summary());
        detail
    }

    /// The generated file's bytes and its name by the bank's rule.
    pub async fn file(&self, id: &str) -> Result<(String, Vec<u8>)> {
        let r = self.get(id).await?;
        let (Some(name), Some(bytes)) = (r.file_name.clone(), store::content(&self.db, id).await?)
        else {
            return Err(Error::conflict(
                "sem_arquivo",
                format!("A remessa {} ainda não tem arquivo gerado.", r.number),
            ));
        };
        Ok((name, bytes))
    }

    async fn move_to(
        &self,
        id: &str,
        from: RemittanceStatus,
        to: RemittanceStatus,
        action: &str,
        what: &str,
        by: &Principal,
    ) -> Result<RemittanceDetail> {
        let r = self.get(id).await?;
        if r.status != from {
            return Err(wrong_state(&r, what));
        }
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        if !store::set_status(&mut tx, id, r.version, from, to, &stamp).await? {
            return Err(stale());
        }
        if to == RemittanceStatus::Cancelada {
            store::release_items(&mut tx, id).await?;
        }
        history::record(
            &mut tx,
            &Entry {
                entity: REMITTANCE_ENTITY,
                entity_id: id,
                action,
                from_state: Some(from.as_str()),
                to_state: Some(to.as_str()),
                reason: None,
                changes: vec![],
            },
            by,
            stamp.at,
        )
        .await?;
        tx.commit().await?;
        self.detail(id).await
    }

    /// GERADA → ENVIADA.
    pub async fn mark_sent(&self, id: &str, by: &Principal) -> Result<RemittanceDetail> {
        self.move_to(
            id,
            RemittanceStatus::Gerada,
            RemittanceStatus::Enviada,
            "Marcada como enviada",
            "ser marcada como enviada",
            by,
        )
        .await
    }

    /// GERADA → RASCUNHO, never sent: it keeps its sequence and file name for the next generation.
    pub async fn reopen(&self, id: &str, by: &Principal) -> Result<RemittanceDetail> {
        self.move_to(
            id,
            RemittanceStatus::Gerada,
            RemittanceStatus::Rascunho,
            "Reaberta",
            "ser reaberta (só uma remessa gerada e nunca enviada)",
            by,
        )
        .await
    }

    /// RASCUNHO → CANCELADA: its items are free for another remessa.
    pub async fn discard(&self, id: &str, by: &Principal) -> Result<RemittanceDetail> {
        let r = self.get(id).await?;
        if r.sequence.is_some() {
            return Err(wrong_state(
                &r,
                "ser descartada: já teve arquivo gerado (gere-a de novo)",
            ));
        }
        self.move_to(
            id,
            RemittanceStatus::Rascunho,
            RemittanceStatus::Cancelada,
            "Descartada",
            "ser descartada",
            by,
        )
        .await
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
