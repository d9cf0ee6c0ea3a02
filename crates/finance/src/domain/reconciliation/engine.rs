//! The matching engine: statement lines against candidate targets, in memory, no SQL, no HTTP
//! (`finance.md` §4.3 and §4.5; the design and where it departs from the brief are in [`super`]).
//!
//! One [`run`] reads every line once. Per line it looks candidates up in hash indexes — by reference token, by
//! CPF/CNPJ and by amount (both within a date window), by structured-group net amount — scores them, and keeps
//! the best as a proposal; lines left without an exact amount try a bounded subset search over the same
//! counterparty (1:N), and lines pointing at one target with partial amounts try it the other way round (N:1).
//! Last, proposals that would confirm are checked against each other so that no target and no line is in two
//! confirmed matches. Nothing compares all pairs; per line the work is bounded by the bucket caps below.

use std::collections::HashMap;

use chrono::{Datelike, NaiveDate};
use uuid::Uuid;

use super::index::{window, FxBuild, RangeIndex};
use super::reasons;
use super::score::{self, evidence, Calendar};
use super::subset::{self, Found};
use super::tokens::{self, Token};

/// A bank statement line (`statement_lines`).
#[derive(Clone, Debug)]
pub struct StatementLine {
    pub id: Uuid,
    pub account: Uuid,
    /// The posting's business date.
    pub date: NaiveDate,
    /// Signed centavos: credit > 0, debit < 0.
    pub amount_cents: i64,
    pub memo: String,
    /// The de-duplication key (§4.1). Not read for matching: it is the bank's id of the posting, never ours.
    pub fitid: String,
    /// The file's document or reference field (CNAB 240 E "número do documento", OFX `REFNUM`), read like the
    /// memo.
    pub reference: Option<String>,
    /// The CPF/CNPJ the import found for the counterparty, if any.
    pub document: Option<String>,
}

/// What a target is: an unreconciled baixa (already recorded: a retorno's liquidação, a manual receipt) or an open
/// installment (the match will create the baixa).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetKind {
    Settlement,
    Installment,
}

/// Receivables are credits on the statement, payables debits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Receivable,
    Payable,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReferenceKind {
    /// With its DV, as the convênio prints it.
    NossoNumero,
    /// The título's number (`CR-2026-000123`) or the supplier's document number.
    DocumentNumber,
    /// The NF-e access key or number.
    InvoiceKey,
    Other,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reference {
    pub kind: ReferenceKind,
    pub value: String,
}

/// The structured groups a bank moves at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    /// A cobrança retorno's liquidações of one credit date (the caller keys the group by retorno × date).
    ReturnCredit,
    /// A payment remessa debited at once.
    PaymentRemittance,
    /// A payment batch (lote) debited at once.
    PaymentBatch,
}

/// The group a target belongs to; targets with equal `GroupRef`s are one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GroupRef {
    pub kind: GroupKind,
    /// The retorno, remessa or lote.
    pub id: Uuid,
    /// The credit date (retorno) or the payment date (remessa, lote): the group's expected day.
    pub date: NaiveDate,
}

/// A candidate target.
#[derive(Clone, Debug)]
pub struct Target {
    pub id: Uuid,
    pub kind: TargetKind,
    pub side: Side,
    /// The bank account it is expected in, when known (a baixa's account, an installment's destination).
    pub account: Option<Uuid>,
    /// Positive centavos: the installment's saldo or the baixa's amount.
    pub amount_cents: i64,
    /// What the bank keeps before crediting (a retorno's tarifa), 0 when it charges apart.
    pub fee_cents: i64,
    /// The day the money is expected: due date + compensação for an installment, credit date for a baixa.
    pub expected_date: NaiveDate,
    pub references: Vec<Reference>,
    pub counterparty_name: String,
    pub counterparty_document: Option<String>,
    pub group: Option<GroupRef>,
}

impl Target {
    /// The signed amount the statement shows for it (0 when the target is not usable: no positive amount).
    pub fn statement_cents(&self) -> i64 {
        net_of(self)
    }
}

/// Per run (one account at a time: `finance.md` §4.5).
#[derive(Clone, Debug)]
pub struct Options {
    /// The account's "Conciliar automaticamente": without it, everything is a suggestion.
    pub auto_confirm: bool,
    /// Amount difference accepted for a candidate found by reference or document (+15, not +30).
    pub tolerance_cents: i64,
    /// Calendar days around the line where amount, document and group candidates are looked for (a reference is
    /// looked for everywhere).
    pub window_days: i32,
    /// Bank holidays on top of weekends.
    pub holidays: Vec<NaiveDate>,
    /// Equal candidates listed per line when the best is not unique.
    pub max_suggestions: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            auto_confirm: false,
            tolerance_cents: 0,
            window_days: 7,
            holidays: Vec::new(),
            max_suggestions: 3,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Score ≥ 90, a unique best, identity evidence, the account allows it, and no other proposal of this run
    /// wants its lines or targets.
    Confirmed,
    /// 60–89, or capped: a person accepts it.
    Suggested,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    OneToOne,
    /// One line, the targets of one structured group.
    Group(GroupRef),
    /// One line, several targets of one counterparty found by subset sum.
    OneToMany,
    /// Several lines, one target.
    ManyToOne,
}

#[derive(Clone, Debug)]
pub struct Match {
    pub decision: Decision,
    pub shape: Shape,
    pub lines: Vec<Uuid>,
    /// Each target is settled by its whole [`Target::statement_cents`] in every shape but 1:1 with a difference.
    pub targets: Vec<Uuid>,
    pub score: u8,
    /// Every piece of evidence, in Portuguese, as stored with the match.
    pub reasons: Vec<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Confirmed matches first, then suggestions; each part in the order the lines were read, N:1 last.
    pub matches: Vec<Match>,
}

impl Outcome {
    pub fn confirmed(&self) -> impl Iterator<Item = &Match> {
        self.matches
            .iter()
            .filter(|m| m.decision == Decision::Confirmed)
    }

    pub fn suggested(&self) -> impl Iterator<Item = &Match> {
        self.matches
            .iter()
            .filter(|m| m.decision == Decision::Suggested)
    }
}

/// R$ 10 trilhões: anything larger is not an amount (and sums of 16 of them stay far from overflow).
const MAX_CENTS: i64 = 1_000_000_000_000_000;
/// A reference shared by more targets than this identifies none of them (a convênio code, a year).
const MAX_REFERENCE_BUCKET: usize = 16;
/// Candidates read per lookup: past this many equal amounts in a week, the line is for a person anyway.
const MAX_SCAN: usize = 256;
/// Target or group with no account: candidate in every account.
const ANY: u32 = u32::MAX;
/// A line whose account no target names.
const UNKNOWN: u32 = u32::MAX - 1;
const NONE: u32 = u32::MAX;

/// Matches `lines` against `targets`.
pub fn run(lines: &[StatementLine], targets: &[Target], options: &Options) -> Outcome {
    let prepared = Prepared::new(targets, options);
    let mut scratch = Scratch::new(targets.len());
    let mut proposals = Proposals::default();
    let mut pairs = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        prepared.evaluate(index as u32, line, &mut scratch, &mut proposals, &mut pairs);
    }
    prepared.many_to_one(lines, &mut pairs, &mut proposals);
    proposals.resolve(lines.len(), targets.len());
    proposals.emit(&prepared, lines)
}

/// A target as the engine reads it.
#[derive(Clone, Copy)]
pub(crate) struct Row {
    /// Signed statement amount; 0 = never a candidate.
    pub(crate) net: i64,
    /// Expected day, rolled to a business day.
    pub(crate) day: i32,
    account: u32,
    /// Counterparty document key, 0 = none.
    doc: u64,
    /// The CPF's six middle digits, for masked CPFs.
    masked: u32,
}

pub(crate) struct GroupRow {
    pub(crate) group: GroupRef,
    pub(crate) net: i64,
    day: i32,
    account: u32,
    members: (u32, u32),
}

pub(crate) struct Prepared<'a> {
    pub(crate) targets: &'a [Target],
    pub(crate) options: &'a Options,
    pub(crate) rows: Vec<Row>,
    pub(crate) groups: Vec<GroupRow>,
    group_members: Vec<u32>,
    by_amount: RangeIndex,
    by_reference: RangeIndex,
    by_document: RangeIndex,
    by_group_amount: RangeIndex,
    accounts: HashMap<Uuid, u32, FxBuild>,
    calendar: Calendar,
}

fn net_of(t: &Target) -> i64 {
    if t.amount_cents <= 0 || t.amount_cents > MAX_CENTS {
        return 0;
    }
    let net = t.amount_cents - t.fee_cents.clamp(0, t.amount_cents);
    match t.side {
        Side::Receivable => net,
        Side::Payable => -net,
    }
}

fn valid_amount(cents: i64) -> Option<i64> {
    (cents != 0 && cents.unsigned_abs() <= MAX_CENTS as u64).then_some(cents)
}

impl<'a> Prepared<'a> {
    fn new(targets: &'a [Target], options: &'a Options) -> Self {
        let calendar = Calendar::new(&options.holidays);
        let mut accounts: HashMap<Uuid, u32, FxBuild> = HashMap::default();
        let mut group_ids: HashMap<GroupRef, u32, FxBuild> = HashMap::default();
        let mut membership = Vec::new();
        let mut rows = Vec::with_capacity(targets.len());
        for (i, t) in targets.iter().enumerate() {
            let account = match t.account {
                Some(id) => {
                    let next = accounts.len() as u32;
                    *accounts.entry(id).or_insert(next)
                }
                None => ANY,
            };
            let row = Row {
                net: net_of(t),
                day: calendar.roll_forward(t.expected_date.num_days_from_ce()),
                account,
                doc: t
                    .counterparty_document
                    .as_deref()
                    .and_then(tokens::document_key)
                    .unwrap_or(0),
                masked: t
                    .counterparty_document
                    .as_deref()
                    .and_then(tokens::cpf_middle)
                    .unwrap_or(NONE),
            };
            if let (Some(group), true) = (t.group, row.net != 0) {
                let next = group_ids.len() as u32;
                membership.push((*group_ids.entry(group).or_insert(next), i as u32));
            }
            rows.push(row);
        }
        let (groups, group_members) = build_groups(&rows, &group_ids, membership, &calendar);
        let by_amount = RangeIndex::build(
            (0..rows.len() as u32)
                .filter(|&i| rows[i as usize].net != 0)
                .map(|i| (rows[i as usize].net as u64, i))
                .collect(),
            |i| rows[i as usize].day,
        );
        let by_reference = RangeIndex::build(
            targets
                .iter()
                .enumerate()
                .filter(|(i, _)| rows[*i].net != 0)
                .flat_map(|(i, t)| {
                    t.references
                        .iter()
                        .filter_map(move |r| tokens::reference_key(&r.value).map(|k| (k, i as u32)))
                })
                .collect(),
            |i| rows[i as usize].day,
        );
        let by_document = RangeIndex::build(
            (0..rows.len() as u32)
                .filter(|&i| rows[i as usize].net != 0 && rows[i as usize].doc != 0)
                .map(|i| (rows[i as usize].doc, i))
                .collect(),
            |i| rows[i as usize].day,
        );
        let by_group_amount = RangeIndex::build(
            (0..groups.len() as u32)
                .filter(|&g| groups[g as usize].net != 0)
                .map(|g| (groups[g as usize].net as u64, g))
                .collect(),
            |g| groups[g as usize].day,
        );
        Prepared {
            targets,
            options,
            rows,
            groups,
            group_members,
            by_amount,
            by_reference,
            by_document,
            by_group_amount,
            accounts,
            calendar,
        }
    }

    pub(crate) fn members(&self, group: u32) -> &[u32] {
        let (start, end) = self.groups[group as usize].members;
        &self.group_members[start as usize..end as usize]
    }

    fn fits(&self, t: u32, line: &LineCtx) -> bool {
        let row = &self.rows[t as usize];
        row.net != 0
            && (row.net > 0) == (line.amount > 0)
            && (row.account == ANY || row.account == line.account)
    }

    fn evaluate(
        &self,
        index: u32,
        line: &StatementLine,
        s: &mut Scratch,
        out: &mut Proposals,
        pairs: &mut Vec<Pair>,
    ) {
        let Some(amount) = valid_amount(line.amount_cents) else {
            return;
        };
        let ctx = LineCtx {
            index,
            amount,
            day: line.date.num_days_from_ce(),
            account: self.accounts.get(&line.account).copied().unwrap_or(UNKNOWN),
        };
        s.begin(index, line);
        self.by_references(&ctx, s);
        self.by_documents(&ctx, s);
        self.by_amount(&ctx, s);
        self.score_targets(&ctx, s);
        self.by_groups(&ctx, s);
        if !s.cands.iter().any(|c| c.flags & evidence::AMOUNT != 0) {
            self.one_to_many(&ctx, s);
        }
        let auto = out.propose(self, &ctx, s);
        if !auto {
            collect_pairs(self, &ctx, s, pairs);
        }
    }

    fn lo_hi(&self, ctx: &LineCtx) -> (i32, i32) {
        let w = self.options.window_days.max(0);
        (ctx.day.saturating_sub(w), ctx.day.saturating_add(w))
    }

    fn by_references(&self, ctx: &LineCtx, s: &mut Scratch) {
        for k in 0..s.refs.len() {
            let bucket = self.by_reference.get(s.refs[k]);
            if bucket.len() > MAX_REFERENCE_BUCKET {
                continue;
            }
            for &t in bucket {
                if self.fits(t, ctx) {
                    s.add(t, evidence::REFERENCE);
                }
            }
        }
    }

    fn by_documents(&self, ctx: &LineCtx, s: &mut Scratch) {
        let (lo, hi) = self.lo_hi(ctx);
        for k in 0..s.docs.len() {
            let near = window(self.by_document.get(s.docs[k]), lo, hi, |t| {
                self.rows[t as usize].day
            });
            for &t in near.iter().take(MAX_SCAN) {
                if self.fits(t, ctx) {
                    s.add(t, 0);
                }
            }
        }
    }

    fn by_amount(&self, ctx: &LineCtx, s: &mut Scratch) {
        let (lo, hi) = self.lo_hi(ctx);
        let near = window(self.by_amount.get(ctx.amount as u64), lo, hi, |t| {
            self.rows[t as usize].day
        });
        for &t in near.iter().take(MAX_SCAN) {
            if self.fits(t, ctx) {
                s.add(t, 0);
            }
        }
    }

    /// Amount, document and date of every 1:1 candidate, however it was found.
    fn score_targets(&self, ctx: &LineCtx, s: &mut Scratch) {
        let tolerance = self.options.tolerance_cents.max(0);
        for c in s.cands.iter_mut() {
            let Pick::Target(t) = c.pick else { continue };
            let row = &self.rows[t as usize];
            if row.net == ctx.amount {
                c.flags |= evidence::AMOUNT;
            } else if tolerance > 0 && (row.net - ctx.amount).abs() <= tolerance {
                c.flags |= evidence::TOLERANCE;
            }
            if row.doc != 0 && s.docs.contains(&row.doc) {
                c.flags |= evidence::DOCUMENT;
            } else if row.masked != NONE && s.masked.contains(&row.masked) {
                c.flags |= evidence::MASKED;
            }
            c.away = self.calendar.distance(row.day, ctx.day);
            c.base = score::base(c.flags, c.away);
        }
    }

    fn by_groups(&self, ctx: &LineCtx, s: &mut Scratch) {
        let (lo, hi) = self.lo_hi(ctx);
        let near = window(self.by_group_amount.get(ctx.amount as u64), lo, hi, |g| {
            self.groups[g as usize].day
        });
        for &g in near.iter().take(MAX_SCAN) {
            let group = &self.groups[g as usize];
            if group.account != ANY && group.account != ctx.account {
                continue;
            }
            let flags = evidence::GROUP | evidence::AMOUNT;
            let away = self.calendar.distance(group.day, ctx.day);
            s.cands.push(Cand {
                pick: Pick::Group(g),
                flags,
                away,
                base: score::base(flags, away),
            });
        }
    }

    /// One transfer for several installments of the counterparty the memo names: at most
    /// [`subset::MAX_ITEMS`] of its targets in the window, exact sum, one solution.
    fn one_to_many(&self, ctx: &LineCtx, s: &mut Scratch) {
        let (lo, hi) = self.lo_hi(ctx);
        for k in 0..s.docs.len() {
            s.items.clear();
            let near = window(self.by_document.get(s.docs[k]), lo, hi, |t| {
                self.rows[t as usize].day
            });
            for &t in near {
                let row = &self.rows[t as usize];
                if self.fits(t, ctx) && row.net.abs() < ctx.amount.abs() {
                    s.items.push(t);
                    if s.items.len() > subset::MAX_ITEMS {
                        break;
                    }
                }
            }
            if s.items.len() < 2 || s.items.len() > subset::MAX_ITEMS {
                continue;
            }
            s.amounts.clear();
            s.amounts
                .extend(s.items.iter().map(|&t| self.rows[t as usize].net));
            if let Found::One(mask) = subset::exact(&s.amounts, ctx.amount, 2) {
                self.push_subset(ctx, s, mask);
                return;
            }
        }
    }

    fn push_subset(&self, ctx: &LineCtx, s: &mut Scratch, mask: u32) {
        let start = s.members.len() as u32;
        let mut flags = evidence::DOCUMENT | evidence::AMOUNT;
        // One transfer settles installments due on different days: it can only be on time for one of them, so
        // the date counts for the closest (the worst would make every 1:N look late).
        let mut away = i32::MAX;
        for bit in 0..s.items.len() {
            if mask & (1 << bit) == 0 {
                continue;
            }
            let t = s.items[bit];
            s.members.push(t);
            if s.flags_of(t) & evidence::REFERENCE != 0 {
                flags |= evidence::REFERENCE;
            }
            away = closest(
                away,
                self.calendar.distance(self.rows[t as usize].day, ctx.day),
            );
        }
        let len = s.members.len() as u32 - start;
        s.cands.push(Cand {
            pick: Pick::Subset(start, len),
            flags,
            away,
            base: score::base(flags, away),
        });
    }

    /// Lines that point at one target (reference or document) with partial amounts: when exactly one
    /// combination of ≥ 2 of them adds up to it, one N:1 proposal.
    fn many_to_one(&self, lines: &[StatementLine], pairs: &mut [Pair], out: &mut Proposals) {
        pairs.sort_unstable_by_key(|p| (p.target, p.line));
        let mut amounts = Vec::with_capacity(subset::MAX_ITEMS);
        for run in pairs.chunk_by(|a, b| a.target == b.target) {
            if run.len() < 2 || run.len() > subset::MAX_ITEMS {
                continue;
            }
            amounts.clear();
            amounts.extend(run.iter().map(|p| lines[p.line as usize].amount_cents));
            let goal = self.rows[run[0].target as usize].net;
            let Found::One(mask) = subset::exact(&amounts, goal, 2) else {
                continue;
            };
            let chosen = || {
                (0..run.len())
                    .filter(move |b| mask & (1 << b) != 0)
                    .map(|b| run[b])
            };
            let flags = chosen().fold(evidence::AMOUNT, |f, p| f | p.flags);
            let away = chosen().fold(0, |a, p| worst(a, p.away));
            let start = out.lines.len() as u32;
            out.lines.extend(chosen().map(|p| p.line));
            let target_start = out.targets.len() as u32;
            out.targets.push(run[0].target);
            let base = score::base(flags, away);
            let score = score::finish(base, 1);
            if score < score::SUGGESTION {
                out.lines.truncate(start as usize);
                out.targets.truncate(target_start as usize);
                continue;
            }
            out.list.push(Proposal {
                shape: ShapeTag::ManyToOne,
                lines: (start, out.lines.len() as u32),
                targets: (target_start, target_start + 1),
                flags,
                away,
                score,
                rank: base + score::UNIQUE_POINTS,
                equal: 1,
                others: 0,
                runner_up: 0,
                auto: self.options.auto_confirm
                    && score >= score::AUTO_CONFIRM
                    && score::identifies(flags),
                disputed: false,
                confirmed: false,
            });
        }
    }
}

/// The business-day distance furthest from the expected day.
fn worst(a: i32, b: i32) -> i32 {
    if b.unsigned_abs() > a.unsigned_abs() {
        b
    } else {
        a
    }
}

fn closest(a: i32, b: i32) -> i32 {
    if b.unsigned_abs() < a.unsigned_abs() {
        b
    } else {
        a
    }
}

fn build_groups(
    rows: &[Row],
    ids: &HashMap<GroupRef, u32, FxBuild>,
    mut membership: Vec<(u32, u32)>,
    calendar: &Calendar,
) -> (Vec<GroupRow>, Vec<u32>) {
    let mut by_id: Vec<GroupRef> = vec![
        GroupRef {
            kind: GroupKind::ReturnCredit,
            id: Uuid::nil(),
            date: NaiveDate::MIN,
        };
        ids.len()
    ];
    for (group, &g) in ids {
        by_id[g as usize] = *group;
    }
    membership.sort_unstable();
    let members: Vec<u32> = membership.iter().map(|&(_, t)| t).collect();
    let mut groups = Vec::with_capacity(ids.len());
    let mut start = 0usize;
    for run in membership.chunk_by(|a, b| a.0 == b.0) {
        let group = by_id[run[0].0 as usize];
        let net: i128 = run
            .iter()
            .map(|&(_, t)| i128::from(rows[t as usize].net))
            .sum();
        let first = rows[run[0].1 as usize].account;
        let same_account = run.iter().all(|&(_, t)| rows[t as usize].account == first);
        groups.push(GroupRow {
            group,
            // A sum out of range, or a lone member (that is a 1:1), is not a group candidate.
            net: if run.len() >= 2 && net.unsigned_abs() <= MAX_CENTS as u128 {
                net as i64
            } else {
                0
            },
            day: calendar.roll_forward(group.date.num_days_from_ce()),
            account: if same_account { first } else { ANY },
            members: (start as u32, (start + run.len()) as u32),
        });
        start += run.len();
    }
    (groups, members)
}

struct LineCtx {
    index: u32,
    amount: i64,
    day: i32,
    account: u32,
}

#[derive(Clone, Copy)]
enum Pick {
    Target(u32),
    Group(u32),
    /// A range of `Scratch::members`.
    Subset(u32, u32),
}

#[derive(Clone, Copy)]
struct Cand {
    pick: Pick,
    flags: u16,
    away: i32,
    base: u16,
}

/// A line's identity evidence for a target it does not pay in full: N:1 material.
#[derive(Clone, Copy)]
struct Pair {
    target: u32,
    line: u32,
    flags: u16,
    away: i32,
}

/// Buffers reused from line to line: the run allocates per line only what it proposes.
struct Scratch {
    current: u32,
    stamp: Vec<u32>,
    slot: Vec<u32>,
    cands: Vec<Cand>,
    refs: Vec<u64>,
    docs: Vec<u64>,
    masked: Vec<u32>,
    items: Vec<u32>,
    amounts: Vec<i64>,
    members: Vec<u32>,
}

impl Scratch {
    fn new(targets: usize) -> Self {
        Scratch {
            current: 0,
            stamp: vec![0; targets],
            slot: vec![0; targets],
            cands: Vec::with_capacity(64),
            refs: Vec::with_capacity(16),
            docs: Vec::with_capacity(4),
            masked: Vec::with_capacity(4),
            items: Vec::with_capacity(subset::MAX_ITEMS + 1),
            amounts: Vec::with_capacity(subset::MAX_ITEMS + 1),
            members: Vec::with_capacity(subset::MAX_ITEMS),
        }
    }

    fn begin(&mut self, index: u32, line: &StatementLine) {
        self.current = index + 1;
        self.cands.clear();
        self.refs.clear();
        self.docs.clear();
        self.masked.clear();
        self.members.clear();
        let mut read = |token| match token {
            Token::Reference(k) => push_unique(&mut self.refs, k),
            Token::Document(k) => push_unique(&mut self.docs, k),
            Token::MaskedCpf(m) => push_unique(&mut self.masked, m),
        };
        tokens::for_each(&line.memo, &mut read);
        if let Some(reference) = &line.reference {
            tokens::for_each(reference, &mut read);
        }
        if let Some(k) = line.document.as_deref().and_then(tokens::document_key) {
            push_unique(&mut self.docs, k);
        }
    }

    /// Adds `t` as a candidate, or adds `flags` to it when already one for this line.
    fn add(&mut self, t: u32, flags: u16) {
        let i = t as usize;
        if self.stamp[i] == self.current {
            self.cands[self.slot[i] as usize].flags |= flags;
        } else {
            self.stamp[i] = self.current;
            self.slot[i] = self.cands.len() as u32;
            self.cands.push(Cand {
                pick: Pick::Target(t),
                flags,
                away: 0,
                base: 0,
            });
        }
    }

    fn flags_of(&self, t: u32) -> u16 {
        let i = t as usize;
        if self.stamp[i] == self.current {
            self.cands[self.slot[i] as usize].flags
        } else {
            0
        }
    }
}

fn push_unique<T: PartialEq>(v: &mut Vec<T>, x: T) {
    if !v.contains(&x) {
        v.push(x);
    }
}

fn collect_pairs(p: &Prepared, ctx: &LineCtx, s: &Scratch, pairs: &mut Vec<Pair>) {
    let identity = evidence::REFERENCE | evidence::DOCUMENT;
    for c in &s.cands {
        let Pick::Target(t) = c.pick else { continue };
        let partial = p.rows[t as usize].net.abs() > ctx.amount.abs();
        if c.flags & identity != 0 && c.flags & evidence::AMOUNT == 0 && partial {
            pairs.push(Pair {
                target: t,
                line: ctx.index,
                flags: c.flags & identity,
                away: c.away,
            });
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShapeTag {
    OneToOne,
    Group(u32),
    OneToMany,
    ManyToOne,
}

/// A proposal before reasons are written: ranges into [`Proposals`]' arenas.
#[derive(Clone, Copy)]
pub(crate) struct Proposal {
    pub(crate) shape: ShapeTag,
    lines: (u32, u32),
    targets: (u32, u32),
    pub(crate) flags: u16,
    pub(crate) away: i32,
    pub(crate) score: u8,
    /// The points before the cap at 100: two proposals for one target are compared by it.
    rank: u16,
    /// Candidates sharing the best evidence (1: a unique best).
    pub(crate) equal: u32,
    /// Other candidates the line had.
    pub(crate) others: u32,
    /// The next candidate's points (before the unique-best bonus).
    pub(crate) runner_up: u16,
    auto: bool,
    pub(crate) disputed: bool,
    confirmed: bool,
}

#[derive(Default)]
struct Proposals {
    list: Vec<Proposal>,
    lines: Vec<u32>,
    targets: Vec<u32>,
}

impl Proposals {
    /// The line's best candidates as proposals; true when one may confirm.
    fn propose(&mut self, p: &Prepared, ctx: &LineCtx, s: &mut Scratch) -> bool {
        let Some(best) = s.cands.iter().map(|c| c.base).max() else {
            return false;
        };
        let equal = s.cands.iter().filter(|c| c.base == best).count();
        let runner_up = s
            .cands
            .iter()
            .map(|c| c.base)
            .filter(|&b| b < best)
            .max()
            .unwrap_or(0);
        let score = score::finish(best, equal);
        if score < score::SUGGESTION {
            return false;
        }
        let mut auto_any = false;
        let limit = p.options.max_suggestions.max(1);
        for c in s.cands.iter().filter(|c| c.base == best).take(limit) {
            let auto = p.options.auto_confirm
                && equal == 1
                && score >= score::AUTO_CONFIRM
                && score::identifies(c.flags);
            auto_any |= auto;
            let lines = (self.lines.len() as u32, self.lines.len() as u32 + 1);
            self.lines.push(ctx.index);
            let start = self.targets.len() as u32;
            let shape = match c.pick {
                Pick::Target(t) => {
                    self.targets.push(t);
                    ShapeTag::OneToOne
                }
                Pick::Group(g) => {
                    self.targets.extend_from_slice(p.members(g));
                    ShapeTag::Group(g)
                }
                Pick::Subset(from, len) => {
                    self.targets
                        .extend_from_slice(&s.members[from as usize..(from + len) as usize]);
                    ShapeTag::OneToMany
                }
            };
            self.list.push(Proposal {
                shape,
                lines,
                targets: (start, self.targets.len() as u32),
                flags: c.flags,
                away: c.away,
                score,
                rank: best + score::UNIQUE_POINTS,
                equal: equal as u32,
                others: s.cands.len() as u32 - 1,
                runner_up,
                auto,
                disputed: false,
                confirmed: false,
            });
        }
        auto_any
    }

    fn resources<'s>(&'s self, p: &Proposal, targets: usize) -> impl Iterator<Item = usize> + 's {
        let t = &self.targets[p.targets.0 as usize..p.targets.1 as usize];
        let l = &self.lines[p.lines.0 as usize..p.lines.1 as usize];
        t.iter()
            .map(|&t| t as usize)
            .chain(l.iter().map(move |&l| targets + l as usize))
    }

    /// A proposal confirms only as the single best claimant of each of its targets and lines; one that loses
    /// or shares one is capped as a suggestion (two equal claims on one target confirm neither).
    fn resolve(&mut self, lines: usize, targets: usize) {
        let mut best = vec![(0u16, 0u32); targets + lines];
        for prop in self.list.iter().filter(|p| p.auto) {
            for r in self.resources(prop, targets) {
                let b = &mut best[r];
                if prop.rank > b.0 {
                    *b = (prop.rank, 1);
                } else if prop.rank == b.0 {
                    b.1 += 1;
                }
            }
        }
        for i in 0..self.list.len() {
            let prop = self.list[i];
            if !prop.auto {
                continue;
            }
            let sole = self
                .resources(&prop, targets)
                .all(|r| best[r] == (prop.rank, 1));
            let prop = &mut self.list[i];
            if sole {
                prop.confirmed = true;
            } else {
                prop.disputed = true;
                prop.score = prop.score.min(score::DISPUTE_CAP);
            }
        }
    }

    fn emit(&self, p: &Prepared, lines: &[StatementLine]) -> Outcome {
        let targets = p.targets.len();
        let mut used = vec![false; targets + lines.len()];
        let mut matches = Vec::new();
        for prop in self.list.iter().filter(|x| x.confirmed) {
            for r in self.resources(prop, targets) {
                used[r] = true;
            }
            matches.push(self.to_match(p, lines, prop, Decision::Confirmed));
        }
        for prop in self.list.iter().filter(|x| !x.confirmed) {
            if self.resources(prop, targets).any(|r| used[r]) {
                continue;
            }
            matches.push(self.to_match(p, lines, prop, Decision::Suggested));
        }
        Outcome { matches }
    }

    fn to_match(
        &self,
        p: &Prepared,
        lines: &[StatementLine],
        prop: &Proposal,
        decision: Decision,
    ) -> Match {
        let ls: Vec<&StatementLine> = self.lines[prop.lines.0 as usize..prop.lines.1 as usize]
            .iter()
            .map(|&l| &lines[l as usize])
            .collect();
        let ts: Vec<&Target> = self.targets[prop.targets.0 as usize..prop.targets.1 as usize]
            .iter()
            .map(|&t| &p.targets[t as usize])
            .collect();
        let shape = match prop.shape {
            ShapeTag::OneToOne => Shape::OneToOne,
            ShapeTag::Group(g) => Shape::Group(p.groups[g as usize].group),
            ShapeTag::OneToMany => Shape::OneToMany,
            ShapeTag::ManyToOne => Shape::ManyToOne,
        };
        Match {
            decision,
            shape,
            lines: ls.iter().map(|l| l.id).collect(),
            targets: ts.iter().map(|t| t.id).collect(),
            score: prop.score,
            reasons: reasons::write(prop, shape, &ls, &ts),
        }
    }
}
