//! A seeded statement and its open targets with the truth known, for the bench and the tests (`finance.md`
//! §4.5): 60 % of lines carry a reference (nosso número, título number, or the payer's CPF/CNPJ in a PIX memo),
//! 20 % only the amount, 10 % are groups (retorno credits net of fees, payment batches, one PIX for two
//! installments, two PIX for one installment) and 10 % are noise (tarifas, rendimentos, transfers). Targets not
//! paid by any line fill the set up to the size asked. Same seed, same set.

use std::collections::{HashMap, HashSet};
use std::fmt;

use banking::document::{cnpj_check_digits, cpf_check_digits, Document};
use chrono::{Datelike, NaiveDate};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use uuid::Uuid;

use super::engine::{
    Decision, GroupKind, GroupRef, Options, Outcome, Reference, ReferenceKind, Side, StatementLine,
    Target, TargetKind,
};
use super::score::Calendar;

/// What a generated line is, by construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TruthKind {
    /// A reference or the payer's document in the memo: may be confirmed.
    Reference,
    /// Only amount and date: at best a suggestion.
    AmountOnly,
    /// Part of a group (structured, 1:N or N:1): may be confirmed.
    Group,
    /// No target.
    Noise,
}

pub struct Generated {
    pub lines: Vec<StatementLine>,
    pub targets: Vec<Target>,
    /// `kinds[i]` is what `lines[i]` is.
    pub kinds: Vec<TruthKind>,
    /// The (line id, target id) pairs that belong together.
    pub truth: Vec<(Uuid, Uuid)>,
    /// Automatic confirmation on, the 2026 national bank holidays.
    pub options: Options,
}

/// The account every generated line and target is in.
pub const ACCOUNT: Uuid = Uuid::from_u128(0xacc0_0000_0000_0000_0000_0000_0000_0001);

/// `lines` statement lines and at least `targets` targets (more only when the truth alone needs more: about
/// one target per line).
pub fn generate(seed: u64, lines: usize, targets: usize) -> Generated {
    let mut b = Builder::new(seed, lines);
    while b.lines.len() < lines {
        let left = lines - b.lines.len();
        match b.rng.gen_range(0..100) {
            0..60 => b.reference(),
            60..80 => b.amount_only(),
            80..90 => b.group(left),
            _ => b.noise(),
        }
    }
    while b.targets.len() < targets {
        b.distractor();
    }
    b.finish()
}

struct Party {
    name: String,
    document: String,
}

struct Builder {
    rng: StdRng,
    calendar: Calendar,
    holidays: Vec<NaiveDate>,
    lines: Vec<StatementLine>,
    kinds: Vec<TruthKind>,
    targets: Vec<Target>,
    truth: Vec<(Uuid, Uuid)>,
    clients: Vec<Party>,
    suppliers: Vec<Party>,
    serial: u64,
}

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).expect("a valid date")
}

fn holidays_2026() -> Vec<NaiveDate> {
    [
        (1, 1),
        (2, 16),
        (2, 17),
        (4, 3),
        (4, 21),
        (5, 1),
        (6, 4),
        (9, 7),
        (10, 12),
        (11, 2),
        (11, 20),
        (12, 25),
    ]
    .into_iter()
    .map(|(m, day)| d(2026, m, day))
    .collect()
}

fn date_of(day: i32) -> NaiveDate {
    NaiveDate::from_num_days_from_ce_opt(day).expect("a day in range")
}

impl Builder {
    fn new(seed: u64, lines: usize) -> Self {
        let holidays = holidays_2026();
        let mut rng = StdRng::seed_from_u64(seed);
        let clients = (0..(lines / 3).max(8))
            .map(|i| person(&mut rng, i))
            .collect();
        let suppliers = (0..(lines / 20).max(4))
            .map(|i| company(&mut rng, i))
            .collect();
        Builder {
            rng,
            calendar: Calendar::new(&holidays),
            holidays,
            lines: Vec::with_capacity(lines),
            kinds: Vec::with_capacity(lines),
            targets: Vec::new(),
            truth: Vec::new(),
            clients,
            suppliers,
            serial: 0,
        }
    }

    fn next(&mut self) -> u64 {
        self.serial += 1;
        self.serial
    }

    /// A business day of 2026.
    fn expected_day(&mut self) -> i32 {
        let start = d(2026, 1, 5).num_days_from_ce();
        self.calendar
            .roll_forward(start + self.rng.gen_range(0..350))
    }

    /// Most money arrives on the expected day, some one or two business days later.
    fn credit_day(&mut self, expected: i32) -> i32 {
        let delay = match self.rng.gen_range(0..10) {
            0..7 => 0,
            7..9 => 1,
            _ => 2,
        };
        self.calendar.add_business_days(expected, delay)
    }

    /// Installment-like amounts: a third round (R$ 100,00 to R$ 3.000,00 in R$ 50,00), the rest any centavos.
    fn amount(&mut self) -> i64 {
        if self.rng.gen_range(0..10) < 3 {
            5_000 * self.rng.gen_range(2..=60)
        } else {
            self.rng.gen_range(5_000..=800_000)
        }
    }

    fn nosso_numero(&mut self) -> String {
        let n = 10_000_000 + self.next();
        format!("{n:08}-{}", n % 11 % 10)
    }

    fn title(&mut self, prefix: &str) -> String {
        format!("{prefix}-2026-{:06}", self.next())
    }

    fn target(&mut self, side: Side, party: Option<usize>, amount: i64, day: i32) -> Target {
        let (name, document) = match (side, party) {
            (Side::Receivable, Some(p)) => (
                self.clients[p].name.clone(),
                Some(self.clients[p].document.clone()),
            ),
            (Side::Payable, Some(p)) => (
                self.suppliers[p].name.clone(),
                Some(self.suppliers[p].document.clone()),
            ),
            (_, None) => ("Sem cadastro".to_string(), None),
        };
        let reference = match side {
            Side::Receivable => Reference {
                kind: ReferenceKind::NossoNumero,
                value: self.nosso_numero(),
            },
            Side::Payable => Reference {
                kind: ReferenceKind::DocumentNumber,
                value: self.title("CP"),
            },
        };
        Target {
            id: Uuid::from_u128((2u128 << 64) | u128::from(self.next())),
            kind: TargetKind::Installment,
            side,
            account: Some(ACCOUNT),
            amount_cents: amount,
            fee_cents: 0,
            expected_date: date_of(day),
            references: vec![reference],
            counterparty_name: name,
            counterparty_document: document,
            group: None,
        }
    }

    fn client(&mut self) -> usize {
        self.rng.gen_range(0..self.clients.len())
    }

    fn supplier(&mut self) -> usize {
        self.rng.gen_range(0..self.suppliers.len())
    }

    fn line(&mut self, day: i32, amount: i64, memo: String, kind: TruthKind, paid: &[Uuid]) {
        let id = Uuid::from_u128((1u128 << 64) | u128::from(self.next()));
        self.lines.push(StatementLine {
            id,
            account: ACCOUNT,
            date: date_of(day),
            amount_cents: amount,
            memo,
            fitid: format!("F{}", id.as_u128() & 0xffff_ffff_ffff),
            reference: None,
            document: None,
        });
        self.kinds.push(kind);
        self.truth.extend(paid.iter().map(|&t| (id, t)));
    }

    fn reference(&mut self) {
        let day = self.expected_day();
        let amount = self.amount();
        let (side, party, memo_of): (Side, usize, fn(&Target, &Party) -> String) =
            match self.rng.gen_range(0..60) {
                0..35 => (Side::Receivable, self.client(), |t, _| {
                    format!("LIQ COBRANCA NN {}", t.references[0].value)
                }),
                35..45 => (Side::Receivable, self.client(), |_, p| {
                    format!(
                        "PIX RECEBIDO {} {}",
                        formatted(&p.document),
                        p.name.to_uppercase()
                    )
                }),
                _ => (Side::Payable, self.supplier(), |t, p| {
                    format!(
                        "PAGTO TIT {} {}",
                        t.references[0].value,
                        p.name.to_uppercase()
                    )
                }),
            };
        let target = self.target(side, Some(party), amount, day);
        let parties = if side == Side::Receivable {
            &self.clients
        } else {
            &self.suppliers
        };
        let memo = memo_of(&target, &parties[party]);
        // Two in a hundred are paid late with interest: the reference holds, the amount does not.
        let paid = if self.rng.gen_range(0..100) < 2 {
            amount + self.rng.gen_range(100..2_000)
        } else {
            amount
        };
        let credit = self.credit_day(day);
        let signed = if side == Side::Receivable {
            paid
        } else {
            -paid
        };
        let id = target.id;
        self.targets.push(target);
        self.line(credit, signed, memo, TruthKind::Reference, &[id]);
    }

    fn amount_only(&mut self) {
        let day = self.expected_day();
        let amount = self.amount();
        let receivable = self.rng.gen_range(0..5) < 4;
        let (side, party, memo, signed) = if receivable {
            (Side::Receivable, self.client(), "TED RECEBIDA", amount)
        } else {
            (Side::Payable, self.supplier(), "DEBITO AUTOMATICO", -amount)
        };
        let target = self.target(side, Some(party), amount, day);
        let id = target.id;
        self.targets.push(target);
        let credit = self.credit_day(day);
        self.line(
            credit,
            signed,
            memo.to_string(),
            TruthKind::AmountOnly,
            &[id],
        );
    }

    fn group(&mut self, left: usize) {
        match self.rng.gen_range(0..10) {
            0..3 => self.return_credit(),
            3..5 => self.payment_batch(),
            5..7 => self.one_pix_two_installments(),
            _ if left >= 2 => self.two_pix_one_installment(),
            _ => self.reference(),
        }
    }

    fn return_credit(&mut self) {
        let day = self.expected_day();
        let group = GroupRef {
            kind: GroupKind::ReturnCredit,
            id: self.group_id(),
            date: date_of(day),
        };
        let netted = self.rng.gen_bool(0.5);
        let mut ids = Vec::new();
        let mut net = 0;
        for _ in 0..self.rng.gen_range(2..=4) {
            let (amount, client) = (self.amount(), self.client());
            let mut t = self.target(Side::Receivable, Some(client), amount, day);
            t.kind = TargetKind::Settlement;
            t.fee_cents = if netted {
                self.rng.gen_range(150..=350)
            } else {
                0
            };
            t.group = Some(group);
            net += amount - t.fee_cents;
            ids.push(t.id);
            self.targets.push(t);
        }
        self.line(
            day,
            net,
            "CRED COBRANCA RETORNO".into(),
            TruthKind::Group,
            &ids,
        );
    }

    fn payment_batch(&mut self) {
        let day = self.expected_day();
        let group = GroupRef {
            kind: GroupKind::PaymentBatch,
            id: self.group_id(),
            date: date_of(day),
        };
        let mut ids = Vec::new();
        let mut total = 0;
        for _ in 0..self.rng.gen_range(2..=3) {
            let (amount, supplier) = (self.amount(), self.supplier());
            let mut t = self.target(Side::Payable, Some(supplier), amount, day);
            t.group = Some(group);
            total += amount;
            ids.push(t.id);
            self.targets.push(t);
        }
        self.line(
            day,
            -total,
            "SISPAG PAGAMENTOS".into(),
            TruthKind::Group,
            &ids,
        );
    }

    fn one_pix_two_installments(&mut self) {
        let day = self.expected_day();
        let client = self.client();
        let (a, b) = (self.amount(), self.amount());
        let first = self.target(Side::Receivable, Some(client), a, day);
        let later = self
            .calendar
            .add_business_days(day, self.rng.gen_range(0..3));
        let second = self.target(Side::Receivable, Some(client), b, later);
        let ids = [first.id, second.id];
        self.targets.extend([first, second]);
        let memo = self.pix_memo(client);
        let credit = self.credit_day(day);
        self.line(credit, a + b, memo, TruthKind::Group, &ids);
    }

    fn two_pix_one_installment(&mut self) {
        let day = self.expected_day();
        let client = self.client();
        let amount = self.amount().max(200);
        let target = self.target(Side::Receivable, Some(client), amount, day);
        let id = target.id;
        self.targets.push(target);
        let part = self.rng.gen_range(1..amount);
        // A payment split in two (a PIX limit) is made at one sitting: both lines share a day.
        let credit = self.credit_day(day);
        for piece in [part, amount - part] {
            let memo = self.pix_memo(client);
            self.line(credit, piece, memo, TruthKind::Group, &[id]);
        }
    }

    fn pix_memo(&self, client: usize) -> String {
        let p = &self.clients[client];
        format!(
            "PIX RECEBIDO {} {}",
            formatted(&p.document),
            p.name.to_uppercase()
        )
    }

    fn noise(&mut self) {
        let day = self.expected_day();
        let (memo, amount) = match self.rng.gen_range(0..3) {
            0 => ("TARIFA PACOTE SERVICOS", -self.rng.gen_range(1_000..9_000)),
            1 => ("RENDIMENTO APLIC AUTOMATICA", self.rng.gen_range(1..50_000)),
            _ => (
                "TRANSF ENTRE CONTAS",
                self.amount() * if self.rng.gen_bool(0.5) { 1 } else { -1 },
            ),
        };
        self.line(day, amount, memo.into(), TruthKind::Noise, &[]);
    }

    /// An open installment nobody paid.
    fn distractor(&mut self) {
        let day = self.expected_day();
        let amount = self.amount();
        let receivable = self.rng.gen_range(0..5) < 4;
        let target = if receivable {
            let c = self.client();
            self.target(Side::Receivable, Some(c), amount, day)
        } else {
            let s = self.supplier();
            self.target(Side::Payable, Some(s), amount, day)
        };
        self.targets.push(target);
    }

    fn group_id(&mut self) -> Uuid {
        Uuid::from_u128((3u128 << 64) | u128::from(self.next()))
    }

    fn finish(mut self) -> Generated {
        self.targets.shuffle(&mut self.rng);
        // A statement comes by date.
        let mut rows: Vec<(StatementLine, TruthKind)> =
            self.lines.into_iter().zip(self.kinds).collect();
        rows.sort_by_key(|(l, _)| (l.date, l.id));
        let (lines, kinds) = rows.into_iter().unzip();
        Generated {
            lines,
            targets: self.targets,
            kinds,
            truth: self.truth,
            options: Options {
                auto_confirm: true,
                holidays: self.holidays,
                ..Options::default()
            },
        }
    }
}

fn person(rng: &mut StdRng, i: usize) -> Party {
    let mut first9 = [0u8; 9];
    first9
        .iter_mut()
        .for_each(|c| *c = b'0' + rng.gen_range(0..10));
    let dv = cpf_check_digits(&first9);
    let document = String::from_utf8([&first9[..], &dv[..]].concat()).expect("ASCII digits");
    Party {
        name: format!("Paciente {i:06}"),
        document,
    }
}

fn company(rng: &mut StdRng, i: usize) -> Party {
    let mut first12 = [0u8; 12];
    first12
        .iter_mut()
        .for_each(|c| *c = b'0' + rng.gen_range(0..10));
    let dv = cnpj_check_digits(&first12);
    let document = String::from_utf8([&first12[..], &dv[..]].concat()).expect("ASCII digits");
    Party {
        name: format!("Fornecedor {i:05} Ltda"),
        document,
    }
}

fn formatted(document: &str) -> String {
    Document::from_stored(document).map_or_else(|| document.to_string(), |d| d.formatted())
}

/// How the confirmed matches of a run compare with the truth, counted over (line, target) pairs.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quality {
    pub confirmed_pairs: usize,
    pub correct_pairs: usize,
    pub truth_pairs: usize,
    /// Truth pairs of lines whose evidence may confirm ([`TruthKind::Reference`] and [`TruthKind::Group`]).
    pub eligible_pairs: usize,
    pub correct_eligible_pairs: usize,
    pub amount_only_lines: usize,
    /// Amount-only lines with their true target among the suggestions.
    pub amount_only_suggested: usize,
}

impl Quality {
    /// Correct confirmed pairs over confirmed pairs (1 when nothing was confirmed).
    pub fn precision(&self) -> f64 {
        ratio(self.correct_pairs, self.confirmed_pairs)
    }

    /// Over the truth that may confirm: the brief's recall.
    pub fn recall(&self) -> f64 {
        ratio(self.correct_eligible_pairs, self.eligible_pairs)
    }

    /// Over all the truth, amount-only lines included.
    pub fn recall_all(&self) -> f64 {
        ratio(self.correct_pairs, self.truth_pairs)
    }

    pub fn amount_only_suggestion_rate(&self) -> f64 {
        ratio(self.amount_only_suggested, self.amount_only_lines)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        1.0
    } else {
        a as f64 / b as f64
    }
}

impl fmt::Display for Quality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "precision {:.3} % ({} of {} confirmed pairs), recall {:.2} % of the confirmable truth ({} of {}), \
             {:.2} % of all truth ({} pairs); amount-only lines with the right suggestion {:.1} %",
            100.0 * self.precision(),
            self.correct_pairs,
            self.confirmed_pairs,
            100.0 * self.recall(),
            self.correct_eligible_pairs,
            self.eligible_pairs,
            100.0 * self.recall_all(),
            self.truth_pairs,
            100.0 * self.amount_only_suggestion_rate(),
        )
    }
}

/// Compares `outcome` (a run over `generated`) with the truth.
pub fn quality(generated: &Generated, outcome: &Outcome) -> Quality {
    let truth: HashSet<(Uuid, Uuid)> = generated.truth.iter().copied().collect();
    let kind: HashMap<Uuid, TruthKind> = generated
        .lines
        .iter()
        .zip(&generated.kinds)
        .map(|(l, &k)| (l.id, k))
        .collect();
    let eligible = |line: &Uuid| {
        matches!(
            kind.get(line),
            Some(TruthKind::Reference | TruthKind::Group)
        )
    };
    let mut q = Quality {
        truth_pairs: truth.len(),
        eligible_pairs: truth.iter().filter(|(l, _)| eligible(l)).count(),
        amount_only_lines: generated
            .kinds
            .iter()
            .filter(|&&k| k == TruthKind::AmountOnly)
            .count(),
        ..Quality::default()
    };
    let mut suggested_right = HashSet::new();
    for m in &outcome.matches {
        for line in &m.lines {
            for target in &m.targets {
                let right = truth.contains(&(*line, *target));
                if m.decision == Decision::Confirmed {
                    q.confirmed_pairs += 1;
                    q.correct_pairs += usize::from(right);
                    q.correct_eligible_pairs += usize::from(right && eligible(line));
                } else if right && kind.get(line) == Some(&TruthKind::AmountOnly) {
                    suggested_right.insert(*line);
                }
            }
        }
    }
    q.amount_only_suggested = suggested_right.len();
    q
}
