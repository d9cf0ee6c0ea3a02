//! Inventory counts (inventário): create with a scope, start (the snapshot), sync entries from devices, close
//! rounds (conflicts and flagged lines to recount), approve (by someone who counted nothing) or reject, and
//! post the adjustments to the ledger in chunks of 1,000 lines behind a stored cursor.
//!
//! Posting goes through [`Ledger::post_count_adjustment`] (below): the ledger's own insert, which keeps the
//! balance projection in the same transaction. Each line keeps its movement id and the movement's idempotency
//! key is `count:{count_id}:{seq}` (unique in the ledger), so a chunk that is retried after a crash never posts a
//! line twice: the chunk's transaction either committed (cursor moved, lines carry their ids) or left nothing.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use platform::clock::SharedClock;
use platform::db::{Db, Tx};
use platform::error::{Error, Result};
use platform::history::{self, Entry, Reason};
use platform::{Principal, Violations};

use crate::domain::count::{
    self as rules, CountStatus, EntryMode, LineFlag, LineStatus, Moved, Resolution,
};
use crate::domain::ledger::{self as ledger_rules, MovementKind};
use crate::domain::LocationKind;
use crate::permissions::STOCK_COUNT_MANAGE;
use crate::service::Ledger;
use crate::store::counts::{
    self as store, CountListRow, CountRow, EntryRow, LineFilter, LineListRow, LineResolution,
    SheetRow,
};
use crate::store::ledger::{self as ledger_store, MovementRow};
use crate::store::registers;

const NOT_FOUND: &str = "Inventário não encontrado.";
const ENTITY: &str = "stock.count";

pub struct Counts {
    db: Db,
    clock: SharedClock,
    ledger: Arc<Ledger>,
}

/// What "Novo inventário" asks.
#[derive(Debug, Clone, Default)]
pub struct CountDraft {
    pub location_id: String,
    pub blind: bool,
    pub category_ids: Vec<String>,
    pub material_ids: Vec<String>,
    pub note: Option<String>,
}

/// One entry from a device (§5(b)).
#[derive(Debug, Clone)]
pub struct SyncEntry {
    pub entry_id: String,
    /// The line (its number in the count), or …
    pub line_id: Option<i64>,
    /// … for an item found but not expected ("não previsto"): the material and its lot.
    pub material_id: Option<String>,
    pub lot_code: Option<String>,
    pub qty_milli: i64,
    pub mode: EntryMode,
    /// The device's clock.
    pub counted_at: DateTime<Utc>,
}

#[derive(Debug, Clone)]
pub struct SyncBatch {
    pub device_id: String,
    /// The device's clock when it sent the batch (the offset is applied beyond 2 minutes).
    pub device_clock: Option<DateTime<Utc>>,
    pub entries: Vec<SyncEntry>,
}

/// What a sync did: entries acknowledged (stored now or before), refused (with the reason), and the state of
/// each line it touched.
#[derive(Debug, Clone, Default)]
pub struct SyncResult {
    pub acknowledged: Vec<String>,
    pub refused: Vec<(String, String)>,
    pub lines: Vec<(i64, String)>,
}

/// A count with its scope.
#[derive(Debug, Clone)]
pub struct CountDetail {
    pub count: CountListRow,
    pub category_ids: Vec<String>,
    pub material_ids: Vec<String>,
    pub counters: Vec<String>,
    /// Whether the caller sees expected quantities and differences (not a mere counter of a blind count).
    pub sees_expected: bool,
}

impl Counts {
    pub fn new(db: Db, clock: SharedClock, ledger: Arc<Ledger>) -> Counts {
        Counts { db, clock, ledger }
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// "Novo inventário": a draft at a central or clinic location, with its scope.
    pub async fn create(&self, d: CountDraft, principal: &Principal) -> Result<CountDetail> {
        let mut v = Violations::new();
        let note = d
            .note
            .map(|n| platform::text::collapse_spaces(&n))
            .filter(|n| !n.is_empty());
        if note.as_ref().is_some_and(|n| n.chars().count() > 500) {
            v.add("note", "A observação pode ter no máximo 500 caracteres.");
        }
        if d.category_ids.len() + d.material_ids.len() > 1000 {
            v.add("material_ids", "Escolha no máximo 1.000 itens no escopo.");
        }
        v.finish()?;
        let location = registers::location(&self.db, &d.location_id)
            .await?
            .filter(|l| matches!(l.kind, LocationKind::Central | LocationKind::Clinic) && l.active)
            .ok_or_else(|| {
                Error::invalid_field(
                    "location_id",
                    "Escolha o depósito central ou uma clínica ativa.",
                )
            })?;
        let categories = registers::categories(&self.db).await?;
        for c in &d.category_ids {
            if !categories.iter().any(|k| &k.id == c) {
                return Err(Error::invalid_field(
                    "category_ids",
                    "Categoria não encontrada.",
                ));
            }
        }
        for m in &d.material_ids {
            if registers::material(&self.db, m).await?.is_none() {
                return Err(Error::invalid_field(
                    "material_ids",
                    "Material não encontrado.",
                ));
            }
        }
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let number =
            platform::numbering::next(&mut tx, "INV", chrono::Datelike::year(&self.clock.today()))
                .await?;
        let row = CountRow {
            id: uuid::Uuid::now_v7().to_string(),
            number,
            location_id: location.id.clone(),
            blind: d.blind,
            status: CountStatus::Draft.as_str().into(),
            round: 0,
            started_at: None,
            line_count: 0,
            post_cursor: 0,
            posted_lines: 0,
            note,
            created_at: now,
            created_by: principal.uid.clone(),
            approved_by: None,
            approved_at: None,
            finished_at: None,
            version: 1,
        };
        store::insert_count(&mut tx, &row).await?;
        store::insert_scope(&mut tx, &row.id, "CATEGORY", &d.category_ids).await?;
        store::insert_scope(&mut tx, &row.id, "MATERIAL", &d.material_ids).await?;
        record(
            &mut tx,
            &row.id,
            "Criado",
            None,
            CountStatus::Draft,
            None,
            principal,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(&row.id, principal).await
    }

    pub async fn list(
        &self,
        status: Option<CountStatus>,
        location_id: Option<&str>,
        page: i64,
        page_size: i64,
    ) -> Result<(Vec<CountListRow>, i64)> {
        Ok(store::list(
            &self.db,
            status.map(CountStatus::as_str),
            location_id,
            (page - 1).max(0) * page_size,
            page_size,
        )
        .await?)
    }

    pub async fn detail(&self, id: &str, principal: &Principal) -> Result<CountDetail> {
        let count = store::one_listed(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found(NOT_FOUND))?;
        let scope = store::scope(&self.db, id).await?;
        let pick = |k: &str| {
            scope
                .iter()
                .filter(|(kind, _)| kind == k)
                .map(|(_, id)| id.clone())
                .collect()
        };
        Ok(CountDetail {
            sees_expected: sees_expected(&count.count, principal),
            category_ids: pick("CATEGORY"),
            material_ids: pick("MATERIAL"),
            counters: store::counters(&self.db, id).await?,
            count,
        })
    }

    /// "Iniciar": the snapshot of the balance projection at this instant, in one `INSERT … SELECT`, numbered
    /// into sheets of 500. 409 when another open count at the location holds one of its materials, or when
    /// the scope has nothing at the location.
    pub async fn start(&self, id: &str, principal: &Principal) -> Result<CountDetail> {
        let now = self.clock.now();
        let mut tx = self.db.begin_bulk().await?;
        let count = load(&mut tx, id).await?;
        expect_status(&count, &[CountStatus::Draft], "iniciado")?;
        let lines = store::snapshot(&mut tx, id, &count.location_id).await?;
        if lines == 0 {
            return Err(Error::conflict(
                "inventario_vazio",
                "Nada em estoque neste local dentro do escopo escolhido.",
            ));
        }
        if let Some(other) = store::overlapping(&mut tx, id, &count.location_id).await? {
            return Err(Error::conflict(
                "inventario_aberto",
                format!(
                    "O inventário {other} ainda está aberto neste local com os mesmos materiais."
                ),
            ));
        }
        store::set_started(&mut tx, id, now, lines).await?;
        record(
            &mut tx,
            id,
            "Iniciado",
            Some(CountStatus::Draft),
            CountStatus::Counting,
            None,
            principal,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, principal).await
    }

    pub async fn sheets(&self, id: &str) -> Result<Vec<SheetRow>> {
        self.exists(id).await?;
        Ok(store::sheets(&self.db, id).await?)
    }

    /// A page of lines (keyset by line number), and whether the caller sees expected quantities.
    pub async fn lines(
        &self,
        id: &str,
        filter: &LineFilter,
        limit: i64,
        principal: &Principal,
    ) -> Result<(Vec<LineListRow>, bool, bool)> {
        let count = self.exists(id).await?;
        let (rows, more) = store::lines(&self.db, id, filter, limit).await?;
        Ok((rows, more, sees_expected(&count, principal)))
    }

    /// Stores a batch of entries (≤ 500; 413 above) and recomputes the lines they touch. Entries already stored
    /// are acknowledged and ignored; entries that cannot apply are refused one by one with the reason.
    pub async fn sync(
        &self,
        id: &str,
        batch: SyncBatch,
        principal: &Principal,
    ) -> Result<SyncResult> {
        if batch.entries.len() > rules::MAX_ENTRIES {
            return Err(Error::too_large(format!(
                "Envie no máximo {} lançamentos por vez.",
                rules::MAX_ENTRIES
            )));
        }
        let device_id = batch.device_id.trim().to_string();
        if device_id.is_empty() || device_id.chars().count() > 100 {
            return Err(Error::invalid_field(
                "device_id",
                "Informe o identificador do dispositivo (até 100 caracteres).",
            ));
        }
        let now = self.clock.now();
        let mut out = SyncResult::default();
        let mut tx = self.db.begin().await?;
        let count = load(&mut tx, id).await?;
        let status = CountStatus::parse(&count.status).unwrap_or(CountStatus::Cancelled);
        // Unique entries of the batch, valid in themselves.
        let mut seen = BTreeSet::new();
        let mut candidates = Vec::new();
        for e in batch.entries {
            let eid = e.entry_id.trim().to_string();
            if eid.is_empty() || eid.chars().count() > 100 {
                out.refused.push((
                    e.entry_id.clone(),
                    "Identificador do lançamento inválido.".into(),
                ));
                continue;
            }
            if !seen.insert(eid.clone()) {
                continue;
            }
            let bad_qty = match e.mode {
                EntryMode::Set => !(0..=1_000_000_000_000).contains(&e.qty_milli),
                EntryMode::Add => e.qty_milli.abs() > 1_000_000_000_000,
            };
            if bad_qty {
                out.refused.push((eid, "Quantidade inválida.".into()));
                continue;
            }
            candidates.push(SyncEntry { entry_id: eid, ..e });
        }
        let ids: Vec<String> = candidates.iter().map(|e| e.entry_id.clone()).collect();
        let known: BTreeSet<String> = store::known_entries(&mut tx, &device_id, &ids)
            .await?
            .into_iter()
            .collect();
        candidates.retain(|e| {
            if known.contains(&e.entry_id) {
                out.acknowledged.push(e.entry_id.clone());
                false
            } else {
                true
            }
        });
        if !status.takes_entries() {
            for e in candidates {
                out.refused.push((
                    e.entry_id,
                    "A contagem foi encerrada ou cancelada: lançamento não aceito.".into(),
                ));
            }
            tx.commit().await?;
            return Ok(out);
        }
        // Each entry's line: by number, or by material and lot (a new "não previsto" line when absent).
        let mut located: Vec<(SyncEntry, i64)> = Vec::new();
        let mut added_lines = 0;
        for e in candidates {
            match self.line_for(&mut tx, &count, &e).await? {
                Ok((seq, added)) => {
                    added_lines += i64::from(added);
                    located.push((e, seq));
                }
                Err(reason) => out.refused.push((e.entry_id, reason)),
            }
        }
        let seqs: Vec<i64> = located
            .iter()
            .map(|(_, s)| *s)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let lines: HashMap<i64, (store::LineRow, i64)> = store::lines_in(&mut tx, id, &seqs)
            .await?
            .into_iter()
            .map(|(l, avg)| (l.seq, (l, avg)))
            .collect();
        let tallies = store::tallies(&mut tx, id, &seqs).await?;
        let uid = principal.uid.as_str();
        let mut accepted = Vec::new();
        for (e, seq) in located {
            let Some((line, _)) = lines.get(&seq) else {
                out.refused
                    .push((e.entry_id, "Linha não encontrada nesta contagem.".into()));
                continue;
            };
            if line.round != count.round || line.status == LineStatus::Ok.as_str() && line.round > 1
            {
                out.refused
                    .push((e.entry_id, "Esta linha não está em recontagem.".into()));
                continue;
            }
            if line.round > 1
                && tallies
                    .iter()
                    .any(|(s, r, c, _, _)| *s == seq && *r < line.round && c == uid)
            {
                out.refused.push((
                    e.entry_id,
                    "A recontagem deve ser feita por outra pessoa.".into(),
                ));
                continue;
            }
            accepted.push(EntryRow {
                entry_id: e.entry_id,
                seq,
                round: line.round,
                mode: e.mode.as_str(),
                qty_milli: e.qty_milli,
                counted_at: rules::on_server_clock(e.counted_at, batch.device_clock, now),
            });
        }
        store::insert_entries(&mut tx, id, &device_id, uid, now, &accepted).await?;
        out.acknowledged
            .extend(accepted.iter().map(|e| e.entry_id.clone()));
        // This counter's value on each line touched, from all their entries there in the line's round.
        let touched: Vec<i64> = accepted
            .iter()
            .map(|e| e.seq)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mine = store::counter_entries(&mut tx, id, uid, &touched).await?;
        let mut new_tallies = Vec::with_capacity(touched.len());
        for seq in &touched {
            let round = lines[seq].0.round;
            let entries: Vec<(EntryMode, i64, DateTime<Utc>)> = mine
                .iter()
                .filter(|(s, r, ..)| s == seq && *r == round)
                .map(|(_, _, m, q, at)| (EntryMode::parse(m).unwrap_or(EntryMode::Set), *q, *at))
                .collect();
            if let Some((qty, at)) = rules::tally(&entries) {
                new_tallies.push((*seq, round, uid.to_string(), qty, at));
            }
        }
        store::upsert_tallies(&mut tx, id, &new_tallies).await?;
        // The values on each line touched in its round: the others' as stored, this counter's as just tallied.
        let replaced: BTreeSet<(i64, i64)> =
            new_tallies.iter().map(|(s, r, ..)| (*s, *r)).collect();
        let mut by_line: HashMap<i64, Vec<(i64, DateTime<Utc>)>> = HashMap::new();
        for (s, r, c, q, at) in &tallies {
            if (c == uid && replaced.contains(&(*s, *r)))
                || lines.get(s).is_none_or(|(l, _)| l.round != *r)
            {
                continue;
            }
            by_line.entry(*s).or_default().push((*q, *at));
        }
        for (s, _, _, q, at) in &new_tallies {
            by_line.entry(*s).or_default().push((*q, *at));
        }
        // Each line touched, resolved from its counters' values in its round.
        let started_at = count.started_at.unwrap_or(count.created_at);
        let materials: Vec<String> = touched
            .iter()
            .map(|s| lines[s].0.material_id.clone())
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let moves = store::moves_since(&mut tx, &count.location_id, started_at, &materials).await?;
        let mut moves_by: HashMap<(&str, &str), Vec<Moved>> = HashMap::new();
        for (m, l, d, at) in &moves {
            moves_by
                .entry((m.as_str(), l.as_str()))
                .or_default()
                .push(Moved {
                    delta_milli: *d,
                    occurred_at: *at,
                });
        }
        let mut resolutions = Vec::with_capacity(touched.len());
        for seq in &touched {
            let (line, avg) = &lines[seq];
            let values = by_line.remove(seq).unwrap_or_default();
            let r = match rules::resolve(&values) {
                Resolution::Pending => LineResolution {
                    seq: *seq,
                    status: LineStatus::Pending.as_str(),
                    counted_qty_milli: None,
                    counted_at: None,
                    theoretical_qty_milli: None,
                    difference_milli: None,
                    flag: None,
                },
                Resolution::Conflict => LineResolution {
                    seq: *seq,
                    status: LineStatus::Conflict.as_str(),
                    counted_qty_milli: None,
                    counted_at: None,
                    theoretical_qty_milli: None,
                    difference_milli: None,
                    flag: None,
                },
                Resolution::Counted(qty, at) => {
                    let here = moves_by
                        .get(&(line.material_id.as_str(), line.lot_id.as_str()))
                        .map(Vec::as_slice)
                        .unwrap_or_default();
                    let (theoretical, moved) =
                        rules::theoretical(line.expected_qty_milli, here, at);
                    let difference = qty - theoretical;
                    let flag = if line.round > 1 {
                        None
                    } else if moved {
                        Some(LineFlag::Moved.as_str())
                    } else if rules::beyond_tolerance(difference, theoretical, *avg) {
                        Some(LineFlag::Tolerance.as_str())
                    } else {
                        None
                    };
                    LineResolution {
                        seq: *seq,
                        status: if difference == 0 {
                            LineStatus::Ok.as_str()
                        } else {
                            LineStatus::Counted.as_str()
                        },
                        counted_qty_milli: Some(qty),
                        counted_at: Some(at),
                        theoretical_qty_milli: Some(theoretical),
                        difference_milli: Some(difference),
                        flag,
                    }
                }
            };
            out.lines.push((*seq, r.status.to_string()));
            resolutions.push(r);
        }
        store::resolve_lines(&mut tx, id, &resolutions).await?;
        if added_lines > 0 {
            store::set_line_count(&mut tx, id, count.line_count + added_lines).await?;
        }
        tx.commit().await?;
        Ok(out)
    }

    /// The line an entry is for: `Ok((seq, whether a "não previsto" line was added))`, or the refusal.
    async fn line_for(
        &self,
        tx: &mut Tx,
        count: &CountRow,
        e: &SyncEntry,
    ) -> Result<std::result::Result<(i64, bool), String>> {
        if let Some(seq) = e.line_id {
            return Ok(Ok((seq, false)));
        }
        let Some(material_id) = e.material_id.as_deref().filter(|m| !m.is_empty()) else {
            return Ok(Err("Informe a linha ou o material.".into()));
        };
        let Some(material) = registers::material_in(tx, material_id).await? else {
            return Ok(Err("Material não encontrado.".into()));
        };
        let lot_id = match e
            .lot_code
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty())
        {
            Some(code) if material.fields.tracks_lot => {
                match registers::lot_by_code(tx, &material.id, &code.to_uppercase()).await? {
                    Some(lot) => lot.id,
                    None => return Ok(Err("Lote não encontrado.".into())),
                }
            }
            Some(_) => return Ok(Err("Este material não controla lotes.".into())),
            None if material.fields.tracks_lot => return Ok(Err("Informe o lote.".into())),
            None => String::new(),
        };
        if let Some(seq) = store::line_of(tx, &count.id, &material.id, &lot_id).await? {
            return Ok(Ok((seq, false)));
        }
        let seq =
            store::insert_unexpected(tx, &count.id, &material.id, &lot_id, count.round).await?;
        Ok(Ok((seq, true)))
    }

    /// "Encerrar contagem": every line of the round counted (409 otherwise); lines in conflict, and first-round
    /// lines moved during the count or beyond the tolerance, go to a blind recount (EM_RECONTAGEM, next round);
    /// otherwise the count awaits approval.
    pub async fn close(&self, id: &str, principal: &Principal) -> Result<CountDetail> {
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let count = load(&mut tx, id).await?;
        let from = expect_status(
            &count,
            &[CountStatus::Counting, CountStatus::Recounting],
            "encerrado",
        )?;
        let by_status: HashMap<String, i64> = store::status_counts(&mut tx, id)
            .await?
            .into_iter()
            .collect();
        let open = by_status.get("PENDENTE").copied().unwrap_or(0)
            + by_status.get("RECONTAR").copied().unwrap_or(0);
        if open > 0 {
            return Err(Error::conflict(
                "linhas_sem_contagem",
                format!("Há {open} linha(s) sem contagem. Conte-as (ou lance 0 para \"não encontrado\") antes de encerrar."),
            ));
        }
        let next = count.round + 1;
        let sent = store::to_recount(&mut tx, id, next).await?;
        let to = if sent > 0 {
            store::set_status(&mut tx, id, CountStatus::Recounting.as_str(), next).await?;
            CountStatus::Recounting
        } else {
            store::set_status(
                &mut tx,
                id,
                CountStatus::AwaitingApproval.as_str(),
                count.round,
            )
            .await?;
            CountStatus::AwaitingApproval
        };
        record(
            &mut tx,
            id,
            "Contagem encerrada",
            Some(from),
            to,
            None,
            principal,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, principal).await
    }

    /// "Aprovar": by a stock manager who counted nothing in this count (403 otherwise).
    pub async fn approve(&self, id: &str, principal: &Principal) -> Result<CountDetail> {
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let count = load(&mut tx, id).await?;
        let from = expect_status(&count, &[CountStatus::AwaitingApproval], "aprovado")?;
        if store::counted_by(&mut tx, id, &principal.uid).await? {
            return Err(Error::forbidden(
                "Quem contou neste inventário não pode aprová-lo.",
            ));
        }
        store::set_approved(&mut tx, id, &principal.uid, now).await?;
        record(
            &mut tx,
            id,
            "Aprovado",
            Some(from),
            CountStatus::Approved,
            None,
            principal,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, principal).await
    }

    /// "Reprovar" (awaiting approval) or "Solicitar recontagem" (while counting): the chosen lines, or every line
    /// with a difference, go to recount in the next round; a reason is required.
    pub async fn recount(
        &self,
        id: &str,
        reason: Option<&str>,
        seqs: &[i64],
        principal: &Principal,
    ) -> Result<CountDetail> {
        let reason = Reason::parse("reason", reason).map_err(|v| Error::invalid(vec![v]))?;
        if seqs.len() > 1000 {
            return Err(Error::invalid_field(
                "line_ids",
                "Escolha no máximo 1.000 linhas por vez.",
            ));
        }
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let count = load(&mut tx, id).await?;
        let from = expect_status(
            &count,
            &[
                CountStatus::AwaitingApproval,
                CountStatus::Counting,
                CountStatus::Recounting,
            ],
            "enviado à recontagem",
        )?;
        let next = count.round + 1;
        let sent = store::request_recount(&mut tx, id, next, seqs).await?;
        if sent == 0 {
            return Err(Error::invalid_field(
                "line_ids",
                "Escolha as linhas a recontar (nenhuma linha com diferença).",
            ));
        }
        store::set_status(&mut tx, id, CountStatus::Recounting.as_str(), next).await?;
        let action = if from == CountStatus::AwaitingApproval {
            "Reprovado"
        } else {
            "Recontagem solicitada"
        };
        record(
            &mut tx,
            id,
            action,
            Some(from),
            CountStatus::Recounting,
            Some(&reason),
            principal,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, principal).await
    }

    /// "Cancelar" before approval, with a reason: nothing was posted.
    pub async fn cancel(
        &self,
        id: &str,
        reason: Option<&str>,
        principal: &Principal,
    ) -> Result<CountDetail> {
        let reason = Reason::parse("reason", reason).map_err(|v| Error::invalid(vec![v]))?;
        let now = self.clock.now();
        let mut tx = self.db.begin().await?;
        let count = load(&mut tx, id).await?;
        let from = CountStatus::parse(&count.status).unwrap_or(CountStatus::Cancelled);
        if !from.cancellable() {
            return Err(Error::conflict(
                "situacao_invalida",
                "Um inventário aprovado, lançado ou cancelado não pode ser cancelado.",
            ));
        }
        store::set_status(&mut tx, id, CountStatus::Cancelled.as_str(), count.round).await?;
        record(
            &mut tx,
            id,
            "Cancelado",
            Some(from),
            CountStatus::Cancelled,
            Some(&reason),
            principal,
            now,
        )
        .await?;
        tx.commit().await?;
        self.detail(id, principal).await
    }

    /// "Lançar ajustes": posts the next chunk of up to 1,000 lines (one transaction) and moves the cursor;
    /// call again until LANCADO. After a crash the next call resumes at the cursor.
    pub async fn post_next(&self, id: &str, principal: &Principal) -> Result<CountDetail> {
        self.post_chunk(id, principal, None).await?;
        self.detail(id, principal).await
    }

    /// [`Counts::post_next`], failing after `crash_after` movements of the chunk were inserted (before its
    /// commit) when given: what a crash in the middle of a chunk leaves behind, for the tests.
    #[doc(hidden)]
    pub async fn post_chunk(
        &self,
        id: &str,
        principal: &Principal,
        crash_after: Option<usize>,
    ) -> Result<()> {
        let now = self.clock.now();
        let mut tx = self.db.begin_bulk().await?;
        let count = load(&mut tx, id).await?;
        let from = expect_status(
            &count,
            &[CountStatus::Approved, CountStatus::Posting],
            "lançado",
        )?;
        let chunk = store::post_chunk(&mut tx, id, count.post_cursor, rules::POST_CHUNK).await?;
        let mut posted = 0;
        let mut cursor = count.post_cursor;
        for (line, avg) in &chunk {
            cursor = line.seq;
            let difference = line.difference_milli.unwrap_or(0);
            if difference == 0 || line.movement_id.is_some() {
                continue;
            }
            if crash_after == Some(posted as usize) {
                return Err(Error::internal("simulated crash in the middle of a chunk"));
            }
            let movement = self
                .ledger
                .post_count_adjustment(&mut tx, &count, line, *avg, principal, now)
                .await?;
            store::set_line_movement(&mut tx, id, line.seq, &movement).await?;
            posted += 1;
        }
        let done = (chunk.len() as i64) < rules::POST_CHUNK;
        let to = if done {
            CountStatus::Posted
        } else {
            CountStatus::Posting
        };
        store::set_posted_chunk(
            &mut tx,
            id,
            cursor,
            posted,
            to.as_str(),
            done.then_some(now),
        )
        .await?;
        if from != to {
            let action = if done {
                "Ajustes lançados"
            } else {
                "Lançamento iniciado"
            };
            record(&mut tx, id, action, Some(from), to, None, principal, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Whether the caller sees expected quantities and differences in this count (404 when it does not exist).
    pub async fn sees_expected(&self, id: &str, principal: &Principal) -> Result<bool> {
        Ok(sees_expected(&self.exists(id).await?, principal))
    }

    async fn exists(&self, id: &str) -> Result<CountRow> {
        store::count(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found(NOT_FOUND))
    }
}

impl Ledger {
    /// A count's adjustment for one line, in the count's posting transaction: COUNT_ADJUSTMENT between the
    /// ADJUSTMENT end and the count's location (in when counted above the theoretical, out when below), valued at
    /// the average cost, through the ledger's insert that keeps the projection. Idempotent per line
    /// (`count:{count_id}:{seq}`): a line already posted returns its movement.
    pub(crate) async fn post_count_adjustment(
        &self,
        tx: &mut Tx,
        count: &CountRow,
        line: &store::LineRow,
        avg_cost_micro: i64,
        principal: &Principal,
        now: DateTime<Utc>,
    ) -> Result<String> {
        let key = format!("count:{}:{}", count.id, line.seq);
        if let Some(done) = store::movement_by_key(tx, &key).await? {
            return Ok(done);
        }
        let difference = line.difference_milli.unwrap_or(0);
        let adjustment = LocationKind::Adjustment
            .singleton_id()
            .unwrap_or_default()
            .to_string();
        let (from, to) = if difference > 0 {
            (adjustment, count.location_id.clone())
        } else {
            (count.location_id.clone(), adjustment)
        };
        let qty = difference.abs();
        let row = MovementRow {
            id: uuid::Uuid::now_v7().to_string(),
            kind: MovementKind::CountAdjustment.as_str().to_string(),
            material_id: line.material_id.clone(),
            lot_id: Some(line.lot_id.clone()).filter(|l| !l.is_empty()),
            qty_milli: qty,
            from_location_id: from,
            to_location_id: to,
            unit_cost_micro: avg_cost_micro,
            value_cents: ledger_rules::value_cents(qty, avg_cost_micro),
            occurred_at: now,
            posted_at: now,
            document_type: Some("stock_count".into()),
            document_id: Some(count.id.clone()),
            reason: Some(format!("Inventário {}", count.number)),
            created_by: principal.uid.clone(),
            idempotency_key: key,
            reverses_id: None,
        };
        ledger_store::insert(tx, &row).await?;
        Ok(row.id)
    }
}

/// Mere counters of a blind count never see expected quantities nor differences (§3, scenario 21).
pub fn sees_expected(count: &CountRow, principal: &Principal) -> bool {
    !count.blind || principal.has(&STOCK_COUNT_MANAGE)
}

async fn load(tx: &mut Tx, id: &str) -> Result<CountRow> {
    store::count_for_update(tx, id)
        .await?
        .ok_or_else(|| Error::not_found(NOT_FOUND))
}

fn expect_status(count: &CountRow, allowed: &[CountStatus], verb: &str) -> Result<CountStatus> {
    let status = CountStatus::parse(&count.status).unwrap_or(CountStatus::Cancelled);
    if allowed.contains(&status) {
        Ok(status)
    } else {
        Err(Error::conflict(
            "situacao_invalida",
            format!(
                "O inventário {} está {} e não pode ser {verb}.",
                count.number,
                label(status)
            ),
        ))
    }
}

pub fn label(s: CountStatus) -> &'static str {
    match s {
        CountStatus::Draft => "em rascunho",
        CountStatus::Counting => "em contagem",
        CountStatus::Recounting => "em recontagem",
        CountStatus::AwaitingApproval => "aguardando aprovação",
        CountStatus::Approved => "aprovado",
        CountStatus::Posting => "em lançamento",
        CountStatus::Posted => "lançado",
        CountStatus::Cancelled => "cancelado",
    }
}

#[allow(clippy::too_many_arguments)]
async fn record(
    tx: &mut Tx,
    id: &str,
    action: &str,
    from: Option<CountStatus>,
    to: CountStatus,
    reason: Option<&Reason>,
    principal: &Principal,
    at: DateTime<Utc>,
) -> Result<()> {
    history::record(
        tx,
        &Entry {
            entity: ENTITY,
            entity_id: id,
            action,
            from_state: from.map(CountStatus::as_str),
            to_state: Some(to.as_str()),
            reason,
            changes: Vec::new(),
        },
        principal,
        at,
    )
    .await
}
