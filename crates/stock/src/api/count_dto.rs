//! The shapes of the count API (`/api/v1/stock/counts…`). In a blind count, a caller who only counts never gets
//! `expected_qty_milli`, `theoretical_qty_milli`, `difference_milli` nor the flag (scenario 21), and lines that
//! match read CONTADO (OK would tell them the difference is zero).

use chrono::{DateTime, NaiveDate, Utc};
use platform::api::{Omittable, Text};
use poem_openapi::{Enum, Object};

use crate::domain::count;
use crate::service::{CountDetail, SyncResult};
use crate::store::counts::{CountListRow, LineListRow, SheetRow};

macro_rules! mirror {
    ($(#[$meta:meta])* $api:ident as $name:literal { $($v:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
        #[oai(rename = $name)]
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        pub enum $api { $($v),+ }
    };
}

mirror! {
    /// A count's state (§4).
    CountStatus as "StockCountStatus" {
        RASCUNHO, EM_CONTAGEM, EM_RECONTAGEM, AGUARDANDO_APROVACAO, APROVADO, LANCANDO, LANCADO, CANCELADO
    }
}

mirror! {
    /// A line's state.
    LineStatus as "StockCountLineStatus" { PENDENTE, CONTADO, CONFLITO, RECONTAR, OK }
}

mirror! {
    /// SET replaces the counter's value on the line; ADD adds to it.
    EntryMode as "StockCountEntryMode" { SET, ADD }
}

impl CountStatus {
    pub fn parse(s: &str) -> CountStatus {
        match s {
            "RASCUNHO" => CountStatus::RASCUNHO,
            "EM_CONTAGEM" => CountStatus::EM_CONTAGEM,
            "EM_RECONTAGEM" => CountStatus::EM_RECONTAGEM,
            "AGUARDANDO_APROVACAO" => CountStatus::AGUARDANDO_APROVACAO,
            "APROVADO" => CountStatus::APROVADO,
            "LANCANDO" => CountStatus::LANCANDO,
            "LANCADO" => CountStatus::LANCADO,
            _ => CountStatus::CANCELADO,
        }
    }

    pub fn domain(self) -> count::CountStatus {
        use count::CountStatus as D;
        match self {
            CountStatus::RASCUNHO => D::Draft,
            CountStatus::EM_CONTAGEM => D::Counting,
            CountStatus::EM_RECONTAGEM => D::Recounting,
            CountStatus::AGUARDANDO_APROVACAO => D::AwaitingApproval,
            CountStatus::APROVADO => D::Approved,
            CountStatus::LANCANDO => D::Posting,
            CountStatus::LANCADO => D::Posted,
            CountStatus::CANCELADO => D::Cancelled,
        }
    }
}

impl LineStatus {
    pub fn parse(s: &str) -> LineStatus {
        match s {
            "CONTADO" => LineStatus::CONTADO,
            "CONFLITO" => LineStatus::CONFLITO,
            "RECONTAR" => LineStatus::RECONTAR,
            "OK" => LineStatus::OK,
            _ => LineStatus::PENDENTE,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            LineStatus::PENDENTE => "PENDENTE",
            LineStatus::CONTADO => "CONTADO",
            LineStatus::CONFLITO => "CONFLITO",
            LineStatus::RECONTAR => "RECONTAR",
            LineStatus::OK => "OK",
        }
    }

    /// What a caller who may not see differences is shown.
    fn shown(self, sees_expected: bool) -> LineStatus {
        if !sees_expected && self == LineStatus::OK {
            LineStatus::CONTADO
        } else {
            self
        }
    }
}

impl From<EntryMode> for count::EntryMode {
    fn from(m: EntryMode) -> count::EntryMode {
        match m {
            EntryMode::SET => count::EntryMode::Set,
            EntryMode::ADD => count::EntryMode::Add,
        }
    }
}

/// "Novo inventário".
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountRequest")]
pub struct CountRequest {
    /// The central warehouse or a clinic.
    #[oai(validator(max_length = 100))]
    pub location_id: Text,
    /// Counters never receive expected quantities (default: true).
    pub blind: Omittable<bool>,
    /// Categories (with their subcategories) to count; none and no materials = the whole location.
    #[oai(validator(max_items = 1000))]
    pub category_ids: Omittable<Vec<Text>>,
    #[oai(validator(max_items = 1000))]
    pub material_ids: Omittable<Vec<Text>>,
    #[oai(validator(max_length = 2000))]
    pub note: Omittable<Text>,
}

/// A count (inventário).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCount", skip_serializing_if_is_none)]
pub struct CountView {
    pub id: String,
    /// INV-AAAA-NNNNNN
    pub number: String,
    pub location_id: String,
    pub location_name: String,
    pub blind: bool,
    pub status: CountStatus,
    /// The counting round in progress (1 = first count; 2 and on = recounts).
    pub round: i64,
    /// The snapshot instant.
    pub started_at: Option<DateTime<Utc>>,
    pub line_count: i64,
    /// Lines counted in their round (not pending nor waiting for recount).
    pub counted_lines: i64,
    pub conflict_lines: i64,
    pub recount_lines: i64,
    /// Posting: lines done (the cursor) and movements posted.
    pub post_cursor: i64,
    pub posted_lines: i64,
    pub note: Option<String>,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub approved_by: Option<String>,
    pub approved_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub version: i64,
    /// Only in the detail.
    pub category_ids: Option<Vec<String>>,
    pub material_ids: Option<Vec<String>>,
    /// Who sent entries (they may not approve).
    pub counters: Option<Vec<String>>,
    /// Whether this caller sees expected quantities and differences.
    pub sees_expected: Option<bool>,
}

impl CountView {
    pub fn listed(r: CountListRow) -> CountView {
        let c = r.count;
        CountView {
            id: c.id,
            number: c.number,
            location_id: c.location_id,
            location_name: r.location_name,
            blind: c.blind,
            status: CountStatus::parse(&c.status),
            round: c.round,
            started_at: c.started_at,
            line_count: c.line_count,
            counted_lines: r.counted_lines,
            conflict_lines: r.conflict_lines,
            recount_lines: r.recount_lines,
            post_cursor: c.post_cursor,
            posted_lines: c.posted_lines,
            note: c.note,
            created_at: c.created_at,
            created_by: c.created_by,
            approved_by: c.approved_by,
            approved_at: c.approved_at,
            finished_at: c.finished_at,
            version: c.version,
            category_ids: None,
            material_ids: None,
            counters: None,
            sees_expected: None,
        }
    }

    pub fn detail(d: CountDetail) -> CountView {
        CountView {
            category_ids: Some(d.category_ids),
            material_ids: Some(d.material_ids),
            counters: Some(d.counters),
            sees_expected: Some(d.sees_expected),
            ..CountView::listed(d.count)
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountPage")]
pub struct CountPage {
    pub items: Vec<CountView>,
    pub total: i64,
}

/// A sheet (up to 500 lines) and its progress.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountSheet")]
pub struct SheetView {
    pub sheet_no: i64,
    pub lines: i64,
    pub pending: i64,
    pub conflicts: i64,
    pub recounts: i64,
}

impl From<SheetRow> for SheetView {
    fn from(s: SheetRow) -> SheetView {
        SheetView {
            sheet_no: s.sheet_no,
            lines: s.lines,
            pending: s.pending,
            conflicts: s.conflicts,
            recounts: s.recounts,
        }
    }
}

/// A count line.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountLine", skip_serializing_if_is_none)]
pub struct LineView {
    /// The line's number in the count (entries name it).
    pub line_id: i64,
    pub sheet_no: i64,
    pub material_id: String,
    pub sku: String,
    pub name: String,
    pub base_uom: String,
    pub gtin: Option<String>,
    pub lot_id: Option<String>,
    pub lot_code: Option<String>,
    pub expiry_date: Option<NaiveDate>,
    /// Found but not expected ("não previsto").
    pub unexpected: bool,
    pub status: LineStatus,
    pub round: i64,
    /// The quantity the counters agreed on in the line's round.
    pub counted_qty_milli: Option<i64>,
    pub counted_at: Option<DateTime<Utc>>,
    /// Left out for counters of a blind count.
    pub expected_qty_milli: Option<i64>,
    /// Snapshot + posted movements up to the count's instant (left out for counters of a blind count).
    pub theoretical_qty_milli: Option<i64>,
    /// Counted − theoretical: the adjustment (left out for counters of a blind count).
    pub difference: Option<i64>,
    /// MOVIMENTADO or TOLERANCIA (left out for counters of a blind count).
    pub flag: Option<String>,
    /// The COUNT_ADJUSTMENT posted for it.
    pub movement_id: Option<String>,
}

impl LineView {
    pub fn of(r: LineListRow, sees_expected: bool) -> LineView {
        let l = r.line;
        let hidden = |v: Option<i64>| if sees_expected { v } else { None };
        LineView {
            line_id: l.seq,
            sheet_no: l.sheet_no,
            material_id: l.material_id,
            sku: r.sku,
            name: r.name,
            base_uom: r.base_uom,
            gtin: r.gtin,
            lot_id: Some(l.lot_id).filter(|l| !l.is_empty()),
            lot_code: r.lot_code,
            expiry_date: r.expiry_date,
            unexpected: l.unexpected,
            status: LineStatus::parse(&l.status).shown(sees_expected),
            round: l.round,
            counted_qty_milli: l.counted_qty_milli,
            counted_at: l.counted_at,
            expected_qty_milli: hidden(Some(l.expected_qty_milli)),
            theoretical_qty_milli: hidden(l.theoretical_qty_milli),
            difference: hidden(l.difference_milli),
            flag: if sees_expected { l.flag } else { None },
            movement_id: l.movement_id,
        }
    }
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountLinePage", skip_serializing_if_is_none)]
pub struct LinePage {
    pub items: Vec<LineView>,
    pub has_more: bool,
    /// Pass as `after` for the next page.
    pub next_after: Option<i64>,
}

/// One entry from a device (§5(b)).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountEntry")]
pub struct EntryRequest {
    /// A UUID the device made: the same (device, entry) again is acknowledged and ignored.
    #[oai(validator(max_length = 200))]
    pub entry_id: Text,
    /// The line, or `material_id` (+ `lot_code`) for an item not expected ("não previsto").
    pub line_id: Omittable<i64>,
    #[oai(validator(max_length = 100))]
    pub material_id: Omittable<Text>,
    #[oai(validator(max_length = 100))]
    pub lot_code: Omittable<Text>,
    /// Thousandths of the base unit (SET: ≥ 0; 0 = "não encontrado").
    pub qty_milli: i64,
    pub mode: EntryMode,
    /// The device's clock when counted.
    pub counted_at: DateTime<Utc>,
}

/// A batch of entries (≤ 500; 413 above).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountEntriesRequest")]
pub struct EntriesRequest {
    #[oai(validator(max_length = 200))]
    pub device_id: Text,
    /// The device's clock when sending: `counted_at` is shifted by the offset when it exceeds 2 minutes.
    pub device_clock: Omittable<DateTime<Utc>>,
    pub entries: Vec<EntryRequest>,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountRefusedEntry")]
pub struct RefusedEntry {
    pub entry_id: String,
    pub reason: String,
}

#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountLineState")]
pub struct LineState {
    pub line_id: i64,
    pub status: LineStatus,
}

/// What the server did with a batch: acknowledged entries may leave the device; refused ones stay under
/// "Não sincronizadas" with their reason.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountSyncResult")]
pub struct SyncView {
    pub acknowledged: Vec<String>,
    pub refused: Vec<RefusedEntry>,
    pub lines: Vec<LineState>,
}

impl SyncView {
    pub fn of(r: SyncResult, sees_expected: bool) -> SyncView {
        SyncView {
            acknowledged: r.acknowledged,
            refused: r
                .refused
                .into_iter()
                .map(|(entry_id, reason)| RefusedEntry { entry_id, reason })
                .collect(),
            lines: r
                .lines
                .into_iter()
                .map(|(line_id, s)| LineState {
                    line_id,
                    status: LineStatus::parse(&s).shown(sees_expected),
                })
                .collect(),
        }
    }
}

/// "Reprovar" / "Solicitar recontagem": a reason, and the lines (none: every line with a difference).
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountRecountRequest")]
pub struct RecountRequest {
    /// 10–500 characters.
    #[oai(validator(max_length = 2000))]
    pub reason: Text,
    #[oai(validator(max_items = 1000))]
    pub line_ids: Omittable<Vec<i64>>,
}

/// "Cancelar": a reason.
#[derive(Debug, Clone, Object)]
#[oai(rename = "StockCountCancelRequest")]
pub struct CancelRequest {
    /// 10–500 characters.
    #[oai(validator(max_length = 2000))]
    pub reason: Text,
}
