//! Bank reconciliation (`finance.md` §4): the matching engine, pure Rust (no SQL, no HTTP).
//!
//! [`engine::run`] takes statement lines and candidate targets (unreconciled baixas and open installments,
//! receivable or payable) and returns matches — 1:1, structured groups, 1:N by subset sum, N:1 — each with a
//! score 0–100 and its evidence as Portuguese reasons, confirmed or suggested. The job that loads the rows and
//! writes the matches, the rules (§4.2) and the page come on top of it.
//!
//! Where this departs from, or pins down, the brief (§4.3):
//! - **The unique-best bonus (+15)** goes to the best candidate whenever no other candidate has the same points;
//!   with equal best candidates each is scored as if alone and then capped at 69 ("Há N candidatos
//!   equivalentes"). So amount and date alone make exactly the brief's 60 when unique, and scenario 15 (two
//!   R$ 200,00 installments, a credit naming no one) is a suggestion listing both, as the scenario asks, instead
//!   of falling under 60 into manual search.
//! - **Confirming needs identity evidence** (a reference, a structured group or the full CPF/CNPJ), whatever the
//!   points: amount, tolerance, date and a masked CPF never confirm.
//! - **One run, one use.** A proposal confirms only as the single best claimant of each of its targets and lines;
//!   two equal claims on one target (two identical PIX for one installment) confirm neither, and the loser is
//!   capped at 89 with "Outro lançamento disputa o mesmo título nesta execução".
//! - **Bounds**: a reference shared by more than 16 targets identifies none; lookups by amount and document read
//!   at most 256 candidates inside ±`window_days` calendar days (7: past 5 business days the date is worth 0);
//!   the subset search takes at most 16 candidates (why: [`subset`]).
//! - **Precision and recall** ([`generate::Quality`]) are counted over (line, target) pairs. Recall is reported
//!   twice: over the truth whose evidence may confirm (references and groups: the ≥ 90 % target) and over all
//!   of it. The 20 % "amount only" lines can never confirm by the brief's own rule, so a recall over all the
//!   truth cannot pass 80 %; for them the generator reports how often the right target is among the suggestions.

pub mod engine;
pub mod generate;
mod index;
mod reasons;
pub mod score;
mod subset;
mod tokens;

#[cfg(test)]
mod tests;
