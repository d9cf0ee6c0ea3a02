//! The remessa writer's fast path for segments P, Q and R.
//!
//! Why: most of a P/Q/R record depends only on the remessa header (bank, company,
//! agência/conta zone, fixed codes), yet [`segment_p`] and friends rebuild all of it for
//! every title. Here each segment is built once per remessa from a neutral title (the
//! template), and each title then copies its template and rewrites only the fields that
//! come from the title. Every title field is rewritten whole (numbers zero-padded, text
//! space-padded), so what the neutral title left there never shows.
//!
//! The per-segment functions in the parent module stay the reference: when a template
//! cannot be built, or a title field does not fit, the writer falls back to them, so
//! errors (and which field is reported first) are exactly theirs. `tests/integration/fast_paths.rs`
//! checks on random titles and headers that both paths give the same bytes.

use super::*;

/// A title with empty values, used only to build the templates.
fn neutral_title() -> Title {
    Title {
        instruction: Instruction::Register,
        nosso_numero: "0".into(),
        seu_numero: String::new(),
        due_date: chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or_default(),
        issue_date: chrono::NaiveDate::from_ymd_opt(2000, 1, 1).unwrap_or_default(),
        amount: 0,
        payer: super::super::Payer::default(),
        species: None,
        interest: None,
        interest_from: None,
        fine: None,
        fine_from: None,
        discount: None,
        discount_until: None,
        abatement: None,
        protest_days: None,
        messages: vec![],
    }
}

/// Header-derived records of segments P, Q and R for one remessa, rewritten in place
/// title after title.
///
/// Every field [`TitleTemplates::write`] sets is set whole and unconditionally, so after a
/// title's fields are written the record is exactly the one the reference functions build,
/// whatever the previous title left there.
pub struct TitleTemplates<'h> {
    h: &'h RemessaHeader,
    bank: u16,
    /// `None` when a header field does not fit: every title then takes the slow path,
    /// which reports the error.
    records: Option<[Line; 3]>,
    /// The nosso número field of segment P's zone.
    nosso: ZoneField,
}

impl<'h> TitleTemplates<'h> {
    pub fn new(h: &'h RemessaHeader) -> Self {
        let bank = bank_number(h.bank);
        let neutral = neutral_title();
        let at = At { lot: 1, seq: 1 };
        let nosso = p_zone(bank)
            .iter()
            .find(|z| z.source == Source::NossoNumero)
            .copied();
        let records = match (
            segment_p(h, &neutral, at),
            segment_q(h, &neutral, at),
            segment_r(h, &neutral, at),
            nosso,
        ) {
            (Ok(p), Ok(q), Ok(r), Some(_)) => Some([p, q, r]),
            _ => None,
        };
        TitleTemplates {
            h,
            bank,
            records,
            nosso: nosso.unwrap_or(z(Field::alpha("nosso_numero", 38, 57), NossoNumero)),
        }
    }

    /// Writes segments P, Q and R of `t` (at `at`, `at` + 1, `at` + 2) and their CRLFs:
    /// byte for byte what [`segment_p`], [`segment_q`] and [`segment_r`] give, and their
    /// error when a field does not fit.
    pub fn write(&mut self, t: &Title, at: At, out: &mut impl Write) -> Result<(), WriteError> {
        let next = |k: u64| At {
            lot: at.lot,
            seq: at.seq + k,
        };
        let Some([p, q, r]) = &mut self.records else {
            return self.write_slow(t, at, out);
        };
        let fast = p_fields(p, self.h, self.bank, self.nosso, t, next(0))
            .and_then(|()| q_fields(q, self.h, t, next(1)))
            .and_then(|()| r_fields(r, t, next(2)));
        if fast.is_err() {
            return self.write_slow(t, at, out);
        }
        for record in [&*p, &*q, &*r] {
            record.write_line(out)?;
        }
        Ok(())
    }

    /// The reference path: the first field that does not fit is reported as they report it.
    fn write_slow(&self, t: &Title, at: At, out: &mut impl Write) -> Result<(), WriteError> {
        let next = |k: u64| At {
            lot: at.lot,
            seq: at.seq + k,
        };
        let lines = [
            segment_p(self.h, t, next(0)),
            segment_q(self.h, t, next(1)),
            segment_r(self.h, t, next(2)),
        ];
        for line in lines {
            // The caller numbers the title in the error.
            line.map_err(|source| WriteError::Field { index: 0, source })?
                .write_line(out)?;
        }
        Ok(())
    }
}

/// The title's own fields of [`segment_p`], in its order.
fn p_fields(
    r: &mut Line,
    h: &RemessaHeader,
    bank: u16,
    nosso: ZoneField,
    t: &Title,
    at: At,
) -> Result<(), FieldError> {
    place(r, at)?;
    r.num(&P_MOVEMENT, movement_code(t.instruction))?;
    write_zone(r, std::slice::from_ref(&nosso), &h.company, &t.nosso_numero)?;
    r.code(&p_seu_numero(bank), &t.seu_numero)?;
    r.date(&P_DUE, Some(t.due_date))?;
    r.money(&P_AMOUNT, t.amount)?;
    r.digits(&P_SPECIES, t.species.as_deref().unwrap_or("02"))?;
    r.date(&P_ISSUE, Some(t.issue_date))?;
    write_interest(r, t, h.bank)?;
    write_discount(r, t)?;
    r.money(&P_REBATE, t.abatement.unwrap_or(0))?;
    r.alpha(&P_COMPANY_USE, &t.seu_numero);
    write_protest(r, t)
}

/// The title's own fields of [`segment_q`] (all but the guarantor and bank fields).
fn q_fields(r: &mut Line, h: &RemessaHeader, t: &Title, at: At) -> Result<(), FieldError> {
    place(r, at)?;
    r.num(&Q_MOVEMENT, movement_code(t.instruction))?;
    r.num(&Q_DOC_KIND, super::super::document_kind(&t.payer.document))?;
    r.digits(&Q_DOC, &t.payer.document)?;
    r.alpha(&q_name(h.bank), &t.payer.name);
    r.alpha(&Q_ADDRESS, &t.payer.address);
    r.alpha(&Q_DISTRICT, &t.payer.district);
    r.digits(&Q_ZIP, &t.payer.zip)?;
    r.alpha(&Q_CITY, &t.payer.city);
    r.code(&Q_STATE, &t.payer.state)
}

/// The title's own fields of [`segment_r`]: movement, fine, messages 3–4. A message the
/// title lacks is written blank, as the reference leaves it.
fn r_fields(r: &mut Line, t: &Title, at: At) -> Result<(), FieldError> {
    place(r, at)?;
    r.num(&R_MOVEMENT, movement_code(t.instruction))?;
    write_fine(r, t)?;
    r.alpha(&R_MESSAGE3, t.messages.first().map_or("", String::as_str));
    r.alpha(&R_MESSAGE4, t.messages.get(1).map_or("", String::as_str));
    Ok(())
}

/// Lot and sequence of a detail record (the rest of [`detail`] is in the template).
fn place(r: &mut Line, at: At) -> Result<(), FieldError> {
    r.num(&LOT, at.lot)?;
    r.num(&SEQ_IN_LOT, at.seq)
}
