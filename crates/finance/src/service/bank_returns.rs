//! Retornos de cobrança (finance.md §2 `/remessas`, §3.4): import a file (its kind read from the file; the same
//! bytes twice per account refused), apply it in a job — one transaction per file, each occurrence once — and the
//! pendências it leaves, with their resolution.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::io::Cursor;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use banking::cnab::retorno::{self, RetornoItem, RetornoReader};
use banking::cnab::{FileKind, Layout as CnabLayout};
use chrono::{DateTime, NaiveDate, Utc};
use platform::access::{Principal, REMESSA_COBRANCA};
use platform::clock::SharedClock;
use platform::db::{is_unique_violation, Db, Tx};
use platform::error::{Error, Result, Violations};
use platform::history::{Change, Reason};
use platform::jobs::{JobHandler, JobOptions, JobOutcome, JobRun, Jobs};
use platform::notify::Notify;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::domain::bank_return::{
    nosso_key, numbers_of, widths, BankReturn, Occurrence, OccurrenceEvent, Pendency,
    PENDENCY_ACTIONS,
};
use crate::domain::boleto::{BoletoStatus, EventKind};
use crate::domain::remittance::company_of;
use crate::domain::InstallmentStatus;
use crate::events::ReceivableSettled;
use crate::store::bank_returns::{
    self as store, BoletoWrite, InstallmentWrite, Settling, SourcedReceipt, Target,
};
use crate::store::boletos::HistoryLine;
use crate::store::remittances as remittances_store;
use crate::store::Stamp;

use super::laps::Laps;
use super::remittances::hex;
use super::{stale, BoletoChange, Boletos, INSTALLMENT_ENTITY};

/// At most 50 MB a file.
pub const MAX_RETURN_BYTES: usize = 50 * 1024 * 1024;
/// The job that applies a retorno.
pub const APPLY_JOB: &str = "finance.apply_bank_return";

#[derive(Debug, Serialize, Deserialize)]
struct ApplyPayload {
    id: String,
}

/// Occurrences a retorno's job applies per transaction (issue 10: memory flat, a stopped job resumes).
pub const APPLY_CHUNK: usize = 5_000;

pub struct BankReturns {
    db: Db,
    clock: SharedClock,
    jobs: Jobs,
    /// Occurrences per transaction ([`APPLY_CHUNK`]; tests set fewer).
    chunk: AtomicUsize,
    /// Tests: the job fails after committing this many chunks (a crash mid-way).
    stop_after: Mutex<Option<usize>>,
}

fn not_found() -> Error {
    Error::not_found("Retorno não encontrado.")
}

fn date_br(d: chrono::DateTime<chrono::Utc>) -> String {
    d.with_timezone(&chrono::FixedOffset::west_opt(3 * 3600).expect("UTC-3"))
        .format("%d/%m/%Y")
        .to_string()
}

/// Splits the first two records of a file (CRLF or LF).
fn first_records(bytes: &[u8]) -> (Option<&[u8]>, Option<&[u8]>) {
    let mut lines = bytes
        .split(|b| *b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(|l| !l.is_empty());
    (lines.next(), lines.next())
}

impl BankReturns {
    /// `_boletos`: the retorno changes boletos through its own [`Pass`] (batched), not `Boletos::record_in`.
    pub fn new(db: Db, clock: SharedClock, jobs: Jobs, _boletos: Arc<Boletos>) -> BankReturns {
        BankReturns {
            db,
            clock,
            jobs,
            chunk: AtomicUsize::new(APPLY_CHUNK),
            stop_after: Mutex::default(),
        }
    }

    /// Tests: `size` occurrences per transaction, and the job failing after `stop_after` committed chunks (as a
    /// crash mid-way would leave it) until called again with `None`.
    #[doc(hidden)]
    pub fn set_chunking(&self, size: usize, stop_after: Option<usize>) {
        self.chunk.store(size.max(1), Ordering::Relaxed);
        *self.stop_after.lock().expect("stop_after") = stop_after;
    }

    /// The job handler the context registers.
    pub fn handler(self: &Arc<Self>) -> JobHandler {
        let me = self.clone();
        JobHandler::new(APPLY_JOB, move |run: JobRun, p: ApplyPayload| {
            let me = me.clone();
            async move { me.apply(&run, &p.id).await }
        })
    }

    /// Stores the file and queues its application; the retorno is IMPORTADO.
    pub async fn import(
        &self,
        account_id: Option<&str>,
        file_name: &str,
        bytes: Vec<u8>,
        by: &Principal,
    ) -> Result<BankReturn> {
        if bytes.len() > MAX_RETURN_BYTES {
            return Err(Error::too_large(format!(
                "O arquivo tem {:.1} MB; o limite é 50 MB.",
                bytes.len() as f64 / 1_048_576.0
            )));
        }
        let mut v = Violations::new();
        let account = account_id.map(str::trim).filter(|a| !a.is_empty());
        if account.is_none() {
            v.add("account_id", "Informe a conta bancária do retorno.");
        }
        if bytes.is_empty() {
            v.add("file", "Envie o arquivo de retorno.");
        }
        v.finish()?;
        let account = account.unwrap_or_default();
        let Some(stored) = crate::store::bank_accounts::by_id(&self.db, account).await? else {
            return Err(Error::invalid_field(
                "account_id",
                "Conta bancária não encontrada.",
            ));
        };
        let (first, second) = first_records(&bytes);
        let info = retorno::sniff(first.unwrap_or_default(), second, 1).map_err(|e| {
            Error::invalid_field(
                "file",
                format!("Arquivo ilegível na linha {}: {}.", e.line, e.message),
            )
        })?;
        match info.kind {
            FileKind::Pagamentos => {
                return Err(Error::invalid_field(
                    "file",
                    "Este é um retorno de pagamentos; importe-o em Remessas de pagamento.",
                ))
            }
            FileKind::Extrato => {
                return Err(Error::invalid_field(
                    "file",
                    "Este é um extrato bancário; importe-o na Conciliação.",
                ))
            }
            FileKind::Cobranca => {}
        }
        if info.direction != "retorno" {
            return Err(Error::invalid_field(
                "file",
                "Este arquivo é uma remessa (enviada ao banco), não um retorno.",
            ));
        }
        // Matching is by nosso número among the account's convênios: another bank's file would match nothing
        // (or, worse, the wrong boletos), so it is refused before anything is stored.
        let account_bank = stored.fields.number.bank.code();
        if info.bank_code.trim() != account_bank {
            return Err(Error::invalid_field(
                "file",
                format!(
                    "Este retorno é do banco {}; a conta {} é do banco {account_bank}. Escolha a conta do banco do arquivo.",
                    info.bank_code.trim(),
                    stored.fields.nickname
                ),
            ));
        }
        let sha256 = hex(&Sha256::digest(&bytes));
        if let Some(existing) = store::by_sha(&self.db, account, &sha256).await? {
            return Err(already(&existing));
        }
        let now = self.clock.now();
        let id = uuid::Uuid::now_v7().to_string();
        let mut r = BankReturn {
            id: id.clone(),
            bank_account_id: account.to_string(),
            kind: "COBRANCA".into(),
            file_name: file_name.chars().take(200).collect(),
            sha256,
            layout: match info.layout {
                CnabLayout::Cnab240 => "CNAB240".into(),
                CnabLayout::Cnab400 => "CNAB400".into(),
            },
            bank: info.bank_code.clone(),
            sequence: info.sequence as i64,
            generated_on: info.generated_on,
            status: "IMPORTADO".into(),
            failure: None,
            failure_line: None,
            total: 0,
            done: 0,
            applied: 0,
            duplicated: 0,
            not_found: 0,
            divergent: 0,
            informative: 0,
            job_id: None,
            imported_at: now,
            imported_by: by.uid.clone(),
            imported_by_name: by.name.clone(),
            processed_at: None,
            version: 1,
        };
        let mut tx = self.db.begin().await?;
        if let Err(e) = store::insert(&mut tx, &r, &bytes).await {
            drop(tx);
            if is_unique_violation(&e) {
                if let Some(existing) = store::by_sha(&self.db, account, &r.sha256).await? {
                    return Err(already(&existing));
                }
            }
            return Err(e.into());
        }
        let job = self
            .jobs
            .enqueue(
                &mut tx,
                APPLY_JOB,
                &ApplyPayload { id: id.clone() },
                JobOptions {
                    created_by: Some(by.uid.clone()),
                    dedupe_key: Some(format!("{APPLY_JOB}:{id}")),
                    ..JobOptions::default()
                },
            )
            .await?;
        store::set_job(&mut tx, &id, &job).await?;
        tx.commit().await?;
        r.job_id = Some(job);
        Ok(r)
    }

    pub async fn get(&self, id: &str) -> Result<BankReturn> {
        let mut r = store::by_id(&self.db, id).await?.ok_or_else(not_found)?;
        // While it applies, how far its job is (committed chunks, on whichever instance runs it).
        if let (true, Some(job)) = (r.status == "IMPORTADO", &r.job_id) {
            if let Some(j) = self.jobs.get(job).await? {
                if let (Some(done), Some(total)) = (j.progress_done, j.progress_total) {
                    r.done = done;
                    r.total = total;
                }
            }
        }
        Ok(r)
    }

    pub async fn list(&self, limit: i64, offset: i64) -> Result<(Vec<BankReturn>, i64)> {
        Ok(store::list(&self.db, limit, offset).await?)
    }

    pub async fn occurrences(
        &self,
        id: &str,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Occurrence>, i64)> {
        self.get(id).await?;
        Ok(store::occurrences(&self.db, id, limit, offset).await?)
    }

    pub async fn pendencies(
        &self,
        status: Option<&str>,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Pendency>, i64)> {
        Ok(store::pendencies(&self.db, status, limit, offset).await?)
    }

    /// The boletos of the account's convênios by their nosso número as the bank's files carry it (with its DV,
    /// when the bank's field has one), and by the bare number when that key is free.
    async fn targets(&self, account: &str) -> Result<HashMap<String, Target>> {
        let agreements = self.agreements(account).await?;
        let boletos = store::targets(&self.db, account).await?;
        Ok(by_key(&agreements, boletos))
    }

    /// The account's convênios de cobrança: the bank and company data their nosso números are written with.
    async fn agreements(&self, account: &str) -> Result<Agreements> {
        Ok(
            crate::store::agreements::collections(&self.db, Some(account))
                .await?
                .into_iter()
                .map(|a| (a.id.clone(), (a.bank, company_of(&a))))
                .collect(),
        )
    }

    /// The job: reads the whole file (a file with an unreadable line applies nothing and FALHOU), then applies
    /// its occurrences [`APPLY_CHUNK`] at a time, each chunk in its own transaction with the job's progress —
    /// memory stays flat whatever the file's size, and a job that stops mid-way (a crash, a lost lease) goes on
    /// from the chunks it committed: an occurrence applies once (its line in this retorno, its key in any).
    /// The last transaction closes the remessas the file answered and gives the retorno its result.
    async fn apply(&self, run: &JobRun, id: &str) -> Result<JobOutcome> {
        let Some(r) = store::by_id(&self.db, id).await? else {
            return Ok(JobOutcome::done());
        };
        if r.status != "IMPORTADO" {
            return Ok(JobOutcome::done());
        }
        let mut laps = Laps::start();
        let bytes = store::content(&self.db, id).await?.unwrap_or_default();
        let by = Principal {
            uid: r.imported_by.clone(),
            name: r.imported_by_name.clone(),
            ..principal_system()
        };
        let mut result = r.clone();
        result.processed_at = Some(self.clock.now());
        let total = match count_items(&bytes) {
            Ok(total) => total,
            Err((line, message)) => {
                result.status = "FALHOU".into();
                result.failure = Some(format!("Linha {line}: {message}"));
                result.failure_line = Some(line as i64);
                let mut tx = self.db.begin().await?;
                store::finish(&mut tx, &result).await?;
                run.complete_in(&mut tx, &JobOutcome::done()).await?;
                tx.commit().await?;
                return Ok(JobOutcome::done());
            }
        };
        laps.lap("ler o arquivo");
        result.total = total;
        let collections =
            crate::store::agreements::collections(&self.db, Some(&r.bank_account_id)).await?;
        let agreement_ids: Vec<String> = collections.iter().map(|a| a.id.clone()).collect();
        let mut largest: Vec<i64> = collections
            .iter()
            .map(|a| a.fields.nosso_numero_last)
            .collect();
        largest.extend(store::largest_numbers(&self.db, &agreement_ids).await?);
        let mut apply = Application {
            r: &r,
            by: &by,
            stamp: Stamp::now(&self.clock, &by),
            agreements: collections
                .iter()
                .map(|a| (a.id.clone(), (a.bank, company_of(a))))
                .collect(),
            agreement_ids,
            widths: widths(&largest),
            total,
            // What an earlier run of this job committed (nothing on a first run).
            tally: store::tally(&self.db, id).await?,
            resumed: false,
            answers: HashMap::new(),
            chunks: 0,
        };
        apply.resumed = apply.tally.done > 0;
        laps.lap("retomar");
        let chunk_size = self.chunk.load(Ordering::Relaxed).max(1);
        let mut chunk = Vec::with_capacity(chunk_size.min(total.max(0) as usize));
        let reader = RetornoReader::new(Cursor::new(&bytes[..]))
            .map_err(|e| Error::internal(format!("Linha {}: {}", e.line, e.message)))?;
        for item in reader {
            chunk.push(
                item.map_err(|e| Error::internal(format!("Linha {}: {}", e.line, e.message)))?,
            );
            if chunk.len() == chunk_size {
                self.apply_chunk(run, &mut apply, &chunk, &mut laps).await?;
                chunk.clear();
            }
        }
        if !chunk.is_empty() {
            self.apply_chunk(run, &mut apply, &chunk, &mut laps).await?;
        }
        drop(chunk);
        let mut tx = self.db.begin_bulk().await?;
        let stamp = &apply.stamp;
        if apply.resumed {
            // The answers of the chunks an earlier run committed are not in memory: read every item's result.
            for rm in store::remittances_answered(&mut tx, id).await? {
                remittances_store::close_if_done(&mut tx, &rm, stamp).await?;
            }
        } else {
            for (rm, answers) in &apply.answers {
                // A file that answers every item of the remessa closes it from what it says; otherwise the
                // items' results are read back, earlier retornos' included.
                let rejected = answers.values().filter(|rejected| **rejected).count() as i64;
                let all = answers.len() as i64;
                if !remittances_store::close_answered(&mut tx, rm, all, rejected, stamp).await? {
                    remittances_store::close_if_done(&mut tx, rm, stamp).await?;
                }
            }
        }
        laps.lap("fechar remessas");
        let tally = &apply.tally;
        result.done = total;
        result.applied = tally.applied;
        result.duplicated = tally.duplicated;
        result.not_found = tally.not_found;
        result.divergent = tally.divergent;
        result.informative = tally.informative;
        result.status = if tally.pendencies == 0 && tally.divergent == 0 {
            "PROCESSADO".into()
        } else {
            "PROCESSADO_COM_PENDENCIAS".into()
        };
        if !store::finish(&mut tx, &result).await? {
            return Err(stale());
        }
        if tally.pendencies > 0 {
            let notice = Notify::to_holders(
                &REMESSA_COBRANCA,
                Vec::new(),
                format!("Retorno {} com pendências", result.file_name),
                format!(
                    "{} pendência(s) a resolver: não localizados, divergentes ou pagos após cancelamento.",
                    tally.pendencies
                ),
                "/remessas?aba=pendencias",
            );
            self.jobs.publish(&mut tx, &notice).await?;
        }
        run.complete_in(&mut tx, &JobOutcome::done()).await?;
        tx.commit().await?;
        laps.lap("concluir e commit");
        tracing::info!(
            retorno = %id,
            occurrences = total,
            chunks = apply.chunks,
            resumed = apply.resumed,
            "retorno aplicado: {}",
            laps.summary()
        );
        Ok(JobOutcome::done())
    }

    /// Applies `items` (the next chunk of the file) in one transaction: their boletos (looked up by the chunk's
    /// nosso números) and installments read in it, every occurrence decided in memory, then multi-row writes and
    /// the job's progress. Items an earlier run committed are skipped.
    async fn apply_chunk(
        &self,
        run: &JobRun,
        a: &mut Application<'_>,
        items: &[RetornoItem],
        laps: &mut Laps,
    ) -> Result<()> {
        let r = a.r;
        let id = r.id.as_str();
        let layout_400 = r.layout == "CNAB400";
        let bank_code: u16 = r.bank.parse().unwrap_or(0);
        let mut tx = self.db.begin_bulk().await?;
        let stored: HashSet<i64> = match (a.resumed, items.first(), items.last()) {
            (true, Some(first), Some(last)) => {
                store::lines_stored(&mut tx, id, first.line as i64, last.line as i64)
                    .await?
                    .into_iter()
                    .collect()
            }
            _ => HashSet::new(),
        };
        let items: Vec<&RetornoItem> = items
            .iter()
            .filter(|i| !stored.contains(&(i.line as i64)))
            .collect();
        let nossos: Vec<String> = items.iter().map(|i| nosso_key(&i.nosso_numero)).collect();
        let numbers: Vec<i64> = nossos
            .iter()
            .flat_map(|k| numbers_of(k, &a.widths))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        // Read in the transaction: the boletos' state and version are what the application starts from.
        let by_key = by_key(
            &a.agreements,
            store::targets_numbered(&mut tx, &a.agreement_ids, &numbers).await?,
        );
        laps.lap("boletos do arquivo");
        // Each item's boleto, looked up once.
        let found: Vec<Option<&Target>> = nossos.iter().map(|k| by_key.get(k)).collect();
        let mut pass = Pass::read(&mut tx, found.iter().filter_map(|t| *t)).await?;
        let keys: Vec<String> = items
            .iter()
            .zip(&nossos)
            .zip(&found)
            .map(|((i, key), target)| dedupe_key(&r.bank_account_id, *target, key, i))
            .collect();
        let mut seen: HashSet<String> = store::applied_keys(&mut tx, &keys)
            .await?
            .into_iter()
            .collect();
        laps.lap("ler boletos e parcelas");
        let mut occurrences = Vec::with_capacity(items.len());
        let mut pendencies = Vec::new();
        let mut tally = store::Tally::default();
        // Per remessa, the result this chunk gives each boleto's item (its latest occurrence here wins).
        let mut answers: Vec<(String, u128, Option<bool>)> = Vec::new();
        for ((item, key), target) in items.iter().zip(keys).zip(&found) {
            let target = *target;
            let mut o = Occurrence {
                id: uuid::Uuid::now_v7().to_string(),
                return_id: id.to_string(),
                line: item.line as i64,
                nosso_numero: item.nosso_numero.trim().to_string(),
                seu_numero: item.seu_numero.trim().to_string(),
                movement_code: item.occurrence_code.clone(),
                movement_text: item.occurrence.to_string(),
                reasons: item.reason_descriptions.join("; "),
                occurrence_date: item.occurrence_date,
                credit_date: item.credit_date,
                amount_cents: item.amount,
                paid_cents: item.paid_amount,
                interest_cents: item.interest,
                fees_cents: item.fees,
                result: String::new(),
                message: String::new(),
                agreement_id: target.map(|t| t.agreement_id.clone()),
                boleto_id: target.map(|t| t.id.clone()),
                installment_id: target.map(|t| t.installment_id.clone()),
                remittance_id: target.and_then(|t| t.remittance_id.clone()),
                dedupe_key: None,
                item_result: None,
                event: None,
            };
            if !seen.insert(key.clone()) {
                o.result = "DUPLICADA_IGNORADA".into();
                o.message = "Ocorrência já aplicada por outro retorno (ou repetida neste).".into();
            } else {
                o.dedupe_key = Some(key);
                let settled = item.settled
                    || banking::cnab::occurrences::is_settlement(
                        layout_400,
                        bank_code,
                        &item.occurrence_code,
                    );
                match target {
                    None => {
                        o.result = "NAO_LOCALIZADA".into();
                        o.message =
                            "Nenhum boleto com este nosso número nos convênios da conta.".into();
                        if settled && item.paid_amount > 0 {
                            pendencies.push(pendency(
                                &o,
                                r,
                                "NAO_LOCALIZADA",
                                "Pagamento de boleto não localizado",
                                a.stamp.at,
                            ));
                        }
                    }
                    Some(t) => {
                        self.apply_one(&mut pass, t, item, settled, &mut o, r, &mut pendencies)?;
                        if let Some(rm) = &t.remittance_id {
                            let rejected = o.item_result.as_deref().map(|x| x == "REJEITADO");
                            answers.push((rm.clone(), boleto_key(&t.id), rejected));
                        }
                    }
                }
            }
            tally.count(&o.result, 1);
            occurrences.push(o);
        }
        laps.lap("decidir");
        store::insert_occurrences(&mut tx, &occurrences).await?;
        laps.lap("gravar ocorrências");
        pass.write(
            &mut tx,
            &self.jobs,
            &r.bank_account_id,
            a.by,
            a.stamp.at,
            laps,
        )
        .await?;
        store::insert_pendencies(&mut tx, &pendencies, &a.by.uid).await?;
        laps.lap("gravar pendências");
        tally.pendencies = pendencies.len() as i64;
        // The lines an earlier run stored are in `a.tally` already.
        let done = a.tally.done + tally.done;
        run.progress_in(&mut tx, done, Some(a.total), "Aplicando as ocorrências")
            .await?;
        tx.commit().await?;
        laps.lap("commit dos lotes");
        // Committed: count it.
        a.chunks += 1;
        let t = &mut a.tally;
        t.done += tally.done;
        t.applied += tally.applied;
        t.duplicated += tally.duplicated;
        t.not_found += tally.not_found;
        t.divergent += tally.divergent;
        t.informative += tally.informative;
        t.pendencies += tally.pendencies;
        for (rm, boleto, rejected) in answers {
            let rm = a.answers.entry(rm).or_default();
            if let Some(rejected) = rejected {
                rm.insert(boleto, rejected);
            }
        }
        if let Some(n) = *self.stop_after.lock().expect("stop_after") {
            if a.chunks >= n {
                return Err(Error::internal("Aplicação interrompida (teste)."));
            }
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_one(
        &self,
        pass: &mut Pass,
        t: &Target,
        item: &RetornoItem,
        settled: bool,
        o: &mut Occurrence,
        r: &BankReturn,
        pendencies: &mut Vec<Pendency>,
    ) -> Result<()> {
        let status = BoletoStatus::parse(&t.status).unwrap_or(BoletoStatus::Emitido);
        let code = item.occurrence_code.trim().to_string();
        let text = item.occurrence.to_string();
        let change =
            |to: Option<BoletoStatus>, kind: EventKind, description: String| BoletoChange {
                to,
                kind,
                description,
                bank_code: Some(code.clone()),
                bank_text: Some(text.clone()),
                remittance_id: None,
                remittance_number: None,
                amount_cents: None,
                paid_date: None,
                details: None,
            };
        // The boleto's current state (an earlier occurrence of this file may have moved it).
        let current = pass.boletos.get(&t.id).map(|b| b.status).unwrap_or(status);
        let item_result: Option<&str>;
        if settled {
            let inst = pass.installments.get(&t.installment_id).cloned();
            let Some(inst) = inst else {
                o.result = "INFORMATIVA".into();
                o.message = "Parcela do boleto não encontrada.".into();
                return Ok(());
            };
            let date = item
                .occurrence_date
                .or(item.credit_date)
                .unwrap_or_else(|| self.clock.today());
            let istatus = parse_installment(&inst.status);
            if !istatus.is_open() {
                let (kind, label) = match istatus {
                    InstallmentStatus::Pago => {
                        ("PAGAMENTO_DUPLICIDADE", "Pagamento em duplicidade")
                    }
                    _ => ("PAGAMENTO_APOS_CANCELAMENTO", "Pagamento após cancelamento"),
                };
                o.result = "DIVERGENTE".into();
                o.message = format!(
                    "{label}: a parcela está {}; o valor fica como pendência.",
                    inst.status
                );
                pendencies.push(pendency(o, r, kind, label, self.clock.now()));
                if current.can_become(BoletoStatus::Liquidado) {
                    let mut c = change(
                        Some(BoletoStatus::Liquidado),
                        EventKind::Liquidado,
                        format!("{label} (retorno {})", r.file_name),
                    );
                    c.amount_cents = Some(item.paid_amount);
                    c.paid_date = Some(date);
                    o.event = Some(pass.change_boleto(&t.id, c)?);
                }
                item_result = Some("LIQUIDADO");
            } else {
                let balance = inst.value_cents - inst.received_cents;
                let paid = item.paid_amount;
                let (principal, fine, interest) = if paid >= balance {
                    let excess = paid - balance;
                    let fine = excess.min(t.amount_cents * t.fine_bp / 10_000);
                    (balance, fine, excess - fine)
                } else {
                    (paid, 0, 0)
                };
                pass.settle(
                    &inst.id,
                    &o.id,
                    Money {
                        date,
                        paid,
                        principal,
                        fine,
                        interest,
                    },
                );
                if paid < balance {
                    o.result = "DIVERGENTE".into();
                    o.message = format!(
                        "Pago {} abaixo do saldo {}: baixa parcial; a diferença fica como pendência.",
                        paid, balance
                    );
                    pendencies.push(pendency(
                        o,
                        r,
                        "DIVERGENTE",
                        "Valor pago abaixo do saldo",
                        self.clock.now(),
                    ));
                } else {
                    o.result = "APLICADA".into();
                    o.message = "Liquidação registrada como recebimento.".into();
                }
                if current.can_become(BoletoStatus::Liquidado) {
                    let mut c = change(
                        Some(BoletoStatus::Liquidado),
                        EventKind::Liquidado,
                        format!("Liquidado (retorno {})", r.file_name),
                    );
                    c.amount_cents = Some(paid);
                    c.paid_date = Some(date);
                    c.details = Some(serde_json::json!({
                        "juros_cents": interest, "multa_cents": fine, "tarifa_cents": item.fees,
                        "data_credito": item.credit_date,
                    }));
                    o.event = Some(pass.change_boleto(&t.id, c)?);
                }
                item_result = Some("LIQUIDADO");
            }
        } else {
            let (to, kind, result): (Option<BoletoStatus>, EventKind, Option<&str>) =
                match code.as_str() {
                    "02" => (
                        Some(BoletoStatus::Registrado),
                        EventKind::EntradaConfirmada,
                        Some("CONFIRMADO"),
                    ),
                    "03" => (
                        Some(BoletoStatus::Rejeitado),
                        EventKind::Rejeitado,
                        Some("REJEITADO"),
                    ),
                    "09" | "10" => (
                        Some(BoletoStatus::Baixado),
                        EventKind::Baixado,
                        Some("BAIXADO"),
                    ),
                    _ => (None, EventKind::Ocorrencia, None),
                };
            let applies = to.is_some_and(|s| current.can_become(s));
            let description = if o.reasons.is_empty() {
                text.clone()
            } else {
                format!("{text}: {}", o.reasons)
            };
            if applies {
                let mut c = change(to, kind, description);
                if kind == EventKind::Rejeitado {
                    c.bank_text = Some(if o.reasons.is_empty() {
                        text.clone()
                    } else {
                        o.reasons.clone()
                    });
                }
                o.event = Some(pass.change_boleto(&t.id, c)?);
                o.result = "APLICADA".into();
                o.message = text.clone();
            } else {
                o.event = Some(
                    pass.change_boleto(&t.id, change(None, EventKind::Ocorrencia, description))?,
                );
                o.result = "INFORMATIVA".into();
                o.message = text.clone();
            }
            item_result = result;
        }
        // Read back as the result of the boleto's item on that remessa (the latest occurrence's wins).
        if t.remittance_id.is_some() {
            o.item_result = item_result.map(str::to_string);
        }
        Ok(())
    }

    /// Resolves a pendência: VINCULAR_PARCELA settles that open installment from its money; the other actions
    /// record the decision.
    pub async fn resolve(
        &self,
        id: &str,
        action: Option<&str>,
        installment_id: Option<&str>,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<Pendency> {
        let p = store::pendency(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Pendência não encontrada."))?;
        let mut v = Violations::new();
        let action = action.unwrap_or_default();
        if !PENDENCY_ACTIONS.contains(&action) {
            v.add(
                "action",
                "Escolha a ação: VINCULAR_PARCELA, REEMBOLSO, CREDITO_CLIENTE ou DESCARTAR.",
            );
        }
        let reason = match Reason::parse("reason", reason) {
            Ok(r) => Some(r),
            Err(e) => {
                v.add(e.field, e.message);
                None
            }
        };
        let installment = installment_id.map(str::trim).filter(|i| !i.is_empty());
        if action == "VINCULAR_PARCELA" && installment.is_none() {
            v.add("installment_id", "Informe a parcela a vincular.");
        }
        v.finish()?;
        if p.status != "ABERTA" {
            return Err(Error::conflict(
                "pendencia_resolvida",
                "Esta pendência já foi resolvida.",
            ));
        }
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        if action == "VINCULAR_PARCELA" {
            let iid = installment.unwrap_or_default();
            let Some(inst) = store::settling(&mut tx, iid).await? else {
                return Err(Error::invalid_field(
                    "installment_id",
                    "Parcela não encontrada.",
                ));
            };
            if !parse_installment(&inst.status).is_open() {
                return Err(Error::invalid_field(
                    "installment_id",
                    format!("A parcela está {} e não pode receber.", inst.status),
                ));
            }
            let balance = inst.value_cents - inst.received_cents;
            let principal = p.amount_cents.min(balance);
            let interest = p.amount_cents - principal;
            let r = store::by_id(&self.db, &p.return_id)
                .await?
                .ok_or_else(not_found)?;
            // The receipt's source: the pendência (unique, like an occurrence's).
            let source = format!("pendencia:{}", p.id);
            let date = p.occurrence_date.unwrap_or_else(|| self.clock.today());
            let mut pass = Pass::new();
            pass.installments.insert(inst.id.clone(), inst.clone());
            pass.settle(
                &inst.id,
                &source,
                Money {
                    date,
                    paid: p.amount_cents,
                    principal,
                    fine: 0,
                    interest,
                },
            );
            pass.write(
                &mut tx,
                &self.jobs,
                &r.bank_account_id,
                by,
                stamp.at,
                &mut Laps::start(),
            )
            .await?;
        }
        let reason_text = reason.as_ref().map(Reason::as_str);
        if !store::resolve(
            &mut tx,
            id,
            p.version,
            action,
            reason_text,
            installment,
            stamp.at,
            &by.uid,
        )
        .await?
        {
            return Err(stale());
        }
        tx.commit().await?;
        store::pendency(&self.db, id).await?.ok_or_else(not_found)
    }

    /// Re-tries the open NAO_LOCALIZADA pendências against the boletos issued since: a match settles its
    /// installment and resolves the pendência (VINCULAR_PARCELA). Idempotent. Returns how many were resolved.
    pub async fn reprocess(&self, by: &Principal) -> Result<i64> {
        let (open, _) = store::pendencies(&self.db, Some("ABERTA"), 100_000, 0).await?;
        let mut resolved = 0;
        let mut targets: HashMap<String, HashMap<String, Target>> = HashMap::new();
        for p in open.into_iter().filter(|p| p.kind == "NAO_LOCALIZADA") {
            if !targets.contains_key(&p.bank_account_id) {
                let t = self.targets(&p.bank_account_id).await?;
                targets.insert(p.bank_account_id.clone(), t);
            }
            let Some(t) = find(&targets[&p.bank_account_id], &p.nosso_numero) else {
                continue;
            };
            let reason = format!("Boleto {} localizado ao reprocessar.", t.nosso_numero);
            match self
                .resolve(
                    &p.id,
                    Some("VINCULAR_PARCELA"),
                    Some(&t.installment_id.clone()),
                    Some(&reason),
                    by,
                )
                .await
            {
                Ok(_) => resolved += 1,
                Err(e) if e.kind == platform::error::ErrorKind::Invalid => {}
                Err(e) if e.kind == platform::error::ErrorKind::Conflict => {}
                Err(e) => return Err(e),
            }
        }
        Ok(resolved)
    }
}

/// The money of one settlement.
struct Money {
    date: NaiveDate,
    paid: i64,
    principal: i64,
    fine: i64,
    interest: i64,
}

/// A boleto as a [`Pass`] holds it: its state now and what its write will set.
struct LiveBoleto {
    status: BoletoStatus,
    /// The version read: the write is refused if someone changed the boleto meanwhile.
    version: i64,
    installment_id: String,
    code: Option<String>,
    text: Option<String>,
    paid: Option<(NaiveDate, i64)>,
    changed: bool,
}

/// An installment's history line of a settlement.
struct Settled {
    installment_id: String,
    from: InstallmentStatus,
    to: InstallmentStatus,
    changes: String,
}

/// One application of a retorno (or one pendência's resolution). The boletos and installments it touches are
/// read once, in its transaction, and changed in memory occurrence by occurrence (a later occurrence of the
/// file sees what an earlier one did); what it writes is gathered and written at the end in multi-row
/// statements — a few statements per 500 occurrences instead of ten per occurrence (issue 10: a retorno of
/// 100,000 in ≤ 10 s). Versions are checked on write, so a concurrent change still fails the transaction.
///
/// Keyed in id order (ordered maps): ids are UUIDv7, so id order is insertion order and the writes walk each
/// table's pages in order — in random order every page is written many times once the page cache is full.
struct Pass {
    boletos: BTreeMap<String, LiveBoleto>,
    /// The installments as they are now (`version`: the one read).
    installments: BTreeMap<String, Settling>,
    changed_installments: BTreeSet<String>,
    receipts: Vec<SourcedReceipt>,
    history: Vec<Settled>,
    settled: Vec<ReceivableSettled>,
}

impl Pass {
    fn new() -> Pass {
        Pass {
            boletos: BTreeMap::new(),
            installments: BTreeMap::new(),
            changed_installments: BTreeSet::new(),
            receipts: Vec::new(),
            history: Vec::new(),
            settled: Vec::new(),
        }
    }

    /// The boletos the file's items name (as the transaction read them), and their installments
    /// ([`store`] reads 500 a statement on SQLite).
    async fn read<'a>(tx: &mut Tx, found: impl Iterator<Item = &'a Target>) -> Result<Pass> {
        let mut pass = Pass::new();
        let targets: HashMap<&str, &Target> = found.map(|t| (t.id.as_str(), t)).collect();
        for t in targets.values() {
            let live = LiveBoleto {
                status: BoletoStatus::parse(&t.status).unwrap_or(BoletoStatus::Emitido),
                version: t.version,
                installment_id: t.installment_id.clone(),
                code: None,
                text: None,
                paid: None,
                changed: false,
            };
            pass.boletos.insert(t.id.clone(), live);
        }
        let installments: Vec<String> = targets
            .values()
            .map(|t| t.installment_id.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        for inst in store::settlings(tx, &installments).await? {
            pass.installments.insert(inst.id.clone(), inst);
        }
        Ok(pass)
    }

    /// What [`Boletos::record_in`] does, in memory: the boleto's state and last occurrence, and the
    /// installment's state when the boleto's entry, rejection or baixa moves it. Returns the boleto's timeline
    /// line, which the occurrence keeps.
    fn change_boleto(&mut self, id: &str, change: BoletoChange) -> Result<OccurrenceEvent> {
        let b = self
            .boletos
            .get_mut(id)
            .ok_or_else(|| Error::not_found("Boleto não encontrado."))?;
        if let Some(to) = change.to {
            if !b.status.can_become(to) {
                return Err(Error::conflict(
                    "estado_invalido",
                    format!(
                        "O boleto está {} e não pode passar a {}.",
                        b.status.label(),
                        to.as_str()
                    ),
                ));
            }
            b.status = to;
        }
        if let Some(code) = &change.bank_code {
            b.code = Some(code.clone());
            b.text = Some(change.bank_text.clone().unwrap_or_default());
        }
        if let (Some(d), Some(a), Some(BoletoStatus::Liquidado)) =
            (change.paid_date, change.amount_cents, change.to)
        {
            b.paid = Some((d, a));
        }
        b.changed = true;
        let installment_id = b.installment_id.clone();
        let event = OccurrenceEvent {
            kind: change.kind,
            description: change.description,
            bank_text: change.bank_text,
            amount_cents: change.amount_cents,
            details: change.details.map(|d| d.to_string()),
        };
        let installment_to = match change.to {
            Some(BoletoStatus::Registrado) => Some(InstallmentStatus::Registrado),
            Some(BoletoStatus::Rejeitado | BoletoStatus::Baixado | BoletoStatus::Cancelado) => {
                Some(InstallmentStatus::Aberto)
            }
            _ => None,
        };
        let live = [
            InstallmentStatus::BoletoEmitido,
            InstallmentStatus::Registrado,
        ];
        if let (Some(to), Some(inst)) = (installment_to, self.installments.get_mut(&installment_id))
        {
            if live.iter().any(|s| s.as_str() == inst.status) {
                inst.status = to.as_str().to_string();
                self.changed_installments.insert(installment_id);
            }
        }
        Ok(event)
    }

    /// A receipt whose source is `source_id`, the installment's new state, its history line and the event.
    fn settle(&mut self, installment_id: &str, source_id: &str, m: Money) {
        let Some(inst) = self.installments.get_mut(installment_id) else {
            return;
        };
        let receipt_id = uuid::Uuid::now_v7().to_string();
        self.receipts.push(SourcedReceipt {
            id: receipt_id.clone(),
            installment_id: inst.id.clone(),
            date: m.date,
            amount_cents: m.paid,
            interest_cents: m.interest,
            fine_cents: m.fine,
            principal_cents: m.principal,
            source_id: source_id.to_string(),
        });
        let received = inst.received_cents + m.principal;
        let from = parse_installment(&inst.status);
        let status = from.after_receipts(inst.value_cents, received);
        let changes = vec![Change {
            field: "received_cents".into(),
            from: Some(inst.received_cents.to_string()),
            to: Some(received.to_string()),
        }];
        self.history.push(Settled {
            installment_id: inst.id.clone(),
            from,
            to: status,
            changes: serde_json::to_string(&changes).unwrap_or_default(),
        });
        self.settled.push(ReceivableSettled {
            id: receipt_id.clone(),
            receipt_id,
            installment_id: inst.id.clone(),
            receivable_id: inst.receivable_id.clone(),
            receivable_number: inst.number.clone(),
            origin: inst.origin.clone(),
            origin_id: inst.origin_id.clone(),
            client_id: inst.client_id.clone(),
            principal_cents: m.principal,
            interest_cents: m.interest,
            fine_cents: m.fine,
            date: m.date,
            paid_off: status == InstallmentStatus::Pago,
        });
        inst.received_cents = received;
        inst.status = status.as_str().to_string();
        self.changed_installments.insert(inst.id.clone());
    }

    /// Writes what the pass gathered, in the caller's transaction; stale if an installment or boleto changed
    /// since it was read.
    async fn write(
        self,
        tx: &mut Tx,
        jobs: &Jobs,
        bank_account_id: &str,
        by: &Principal,
        at: DateTime<Utc>,
        laps: &mut Laps,
    ) -> Result<()> {
        let installments: Vec<InstallmentWrite> = self
            .changed_installments
            .iter()
            .filter_map(|id| self.installments.get(id))
            .map(|i| InstallmentWrite {
                id: i.id.clone(),
                status: i.status.clone(),
                received_cents: i.received_cents,
                version: i.version,
            })
            .collect();
        if store::update_installments(tx, &installments, at, &by.uid).await?
            != installments.len() as u64
        {
            return Err(stale());
        }
        laps.lap("gravar parcelas");
        let boletos: Vec<BoletoWrite> = self
            .boletos
            .into_iter()
            .filter(|(_, b)| b.changed)
            .map(|(id, b)| BoletoWrite {
                id,
                status: b.status.as_str().to_string(),
                code: b.code,
                text: b.text,
                paid_date: b.paid.map(|p| p.0),
                paid_cents: b.paid.map(|p| p.1),
                version: b.version,
            })
            .collect();
        if store::update_boletos(tx, &boletos, at, &by.uid).await? != boletos.len() as u64 {
            return Err(stale());
        }
        laps.lap("gravar boletos");
        store::insert_receipts(tx, &self.receipts, bank_account_id, at, &by.uid).await?;
        laps.lap("gravar recebimentos");
        write_history(tx, &self.history, by, at).await?;
        laps.lap("gravar histórico");
        jobs.publish_many(tx, &self.settled).await?;
        laps.lap("publicar eventos");
        Ok(())
    }
}

/// The installments' history lines, one multi-row statement per (from, to) pair, the pairs in the order they
/// first appear (an installment's ABERTO → PARCIAL before its PARCIAL → PAGO).
async fn write_history(
    tx: &mut Tx,
    lines: &[Settled],
    by: &Principal,
    at: DateTime<Utc>,
) -> Result<()> {
    let mut groups: Vec<((InstallmentStatus, InstallmentStatus), Vec<HistoryLine>)> = Vec::new();
    for l in lines {
        let line = HistoryLine {
            entity_id: l.installment_id.clone(),
            changes: l.changes.clone(),
        };
        match groups.iter_mut().find(|(k, _)| *k == (l.from, l.to)) {
            Some((_, g)) => g.push(line),
            None => groups.push(((l.from, l.to), vec![line])),
        }
    }
    for ((from, to), group) in groups {
        crate::store::boletos::insert_history(
            tx,
            INSTALLMENT_ENTITY,
            "Recebimento registrado pelo retorno",
            from.as_str(),
            to.as_str(),
            &group,
            by,
            at,
        )
        .await?;
    }
    Ok(())
}

fn already(existing: &BankReturn) -> Error {
    Error::conflict(
        "retorno_ja_importado",
        format!(
            "Este arquivo já foi importado em {} por {}.",
            date_br(existing.imported_at),
            existing.imported_by_name
        ),
    )
}

fn principal_system() -> Principal {
    Principal {
        uid: "system".into(),
        email: String::new(),
        name: "Sistema".into(),
        role: None,
        flags: Default::default(),
        access_hub: false,
        session_id: None,
        firebase_uid: None,
        held: None,
    }
}

fn parse_installment(text: &str) -> InstallmentStatus {
    InstallmentStatus::ALL
        .into_iter()
        .find(|s| s.as_str() == text)
        .unwrap_or(InstallmentStatus::Aberto)
}

/// A convênio's bank and company data, by its id.
type Agreements = HashMap<String, (banking::bank::Bank, banking::cnab::Company)>;

/// `boletos` by their nosso número as the bank's files carry it (with its DV, when the bank's field has one), and
/// by the bare number when that key is free.
fn by_key(agreements: &Agreements, boletos: Vec<Target>) -> HashMap<String, Target> {
    let mut map = HashMap::new();
    let mut bare = Vec::new();
    for t in boletos {
        let number = t.nosso_numero.to_string();
        let cnab = agreements.get(&t.agreement_id).and_then(|(bank, company)| {
            banking::cnab::nosso_numero_for_cnab(*bank, company, &number).ok()
        });
        bare.push((nosso_key(&number), t.clone()));
        map.insert(nosso_key(&cnab.unwrap_or(number)), t);
    }
    for (k, t) in bare {
        map.entry(k).or_insert(t);
    }
    map
}

/// The boleto of a nosso número as the file carries it: with its DV, or without.
fn find<'a>(by_key: &'a HashMap<String, Target>, nosso: &str) -> Option<&'a Target> {
    by_key.get(&nosso_key(nosso))
}

/// The occurrence's key (convênio, nosso número, movimento, data, valor pago): an occurrence applies once.
/// `nosso`: the item's [`nosso_key`]; `target`: its boleto.
fn dedupe_key(account: &str, target: Option<&Target>, nosso: &str, i: &RetornoItem) -> String {
    let owner = target
        .map(|t| t.agreement_id.clone())
        .unwrap_or_else(|| format!("conta:{account}"));
    format!(
        "{owner}|{nosso}|{}|{}|{}",
        i.occurrence_code.trim(),
        i.occurrence_date.map(|d| d.to_string()).unwrap_or_default(),
        i.paid_amount
    )
}

/// A retorno being applied, across its chunks.
struct Application<'a> {
    r: &'a BankReturn,
    by: &'a Principal,
    stamp: Stamp<'a>,
    agreements: Agreements,
    agreement_ids: Vec<String>,
    /// How many trailing digits of a file's nosso número may be a boleto's number ([`numbers_of`]).
    widths: BTreeSet<usize>,
    total: i64,
    /// Occurrences committed so far (an earlier run's included) by result, and pendências.
    tally: store::Tally,
    /// Whether an earlier run of the job had committed chunks.
    resumed: bool,
    /// Per remessa, whether the file's latest result for each of its boletos is a rejection (boletos by
    /// [`boleto_key`]: a few bytes each, not an id string).
    answers: HashMap<String, HashMap<u128, bool>>,
    chunks: usize,
}

/// The items of a retorno file, or the first unreadable line.
fn count_items(bytes: &[u8]) -> std::result::Result<i64, (usize, String)> {
    let reader = RetornoReader::new(Cursor::new(bytes)).map_err(|e| (e.line, e.message))?;
    let mut n = 0;
    for item in reader {
        item.map_err(|e| (e.line, e.message))?;
        n += 1;
    }
    Ok(n)
}

/// A boleto's id as a number (ids are UUIDs; anything else is hashed).
fn boleto_key(id: &str) -> u128 {
    uuid::Uuid::parse_str(id)
        .map(|u| u.as_u128())
        .unwrap_or_else(|_| {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            id.hash(&mut h);
            h.finish() as u128
        })
}

fn pendency(
    o: &Occurrence,
    r: &BankReturn,
    kind: &str,
    description: &str,
    at: chrono::DateTime<chrono::Utc>,
) -> Pendency {
    Pendency {
        id: uuid::Uuid::now_v7().to_string(),
        kind: kind.into(),
        status: "ABERTA".into(),
        return_id: r.id.clone(),
        occurrence_id: o.id.clone(),
        bank_account_id: r.bank_account_id.clone(),
        boleto_id: o.boleto_id.clone(),
        installment_id: o.installment_id.clone(),
        nosso_numero: o.nosso_numero.clone(),
        amount_cents: o.paid_cents,
        occurrence_date: o.occurrence_date,
        description: description.into(),
        action: None,
        reason: None,
        resolved_installment_id: None,
        resolved_at: None,
        resolved_by: None,
        version: 1,
        created_at: at,
    }
}
