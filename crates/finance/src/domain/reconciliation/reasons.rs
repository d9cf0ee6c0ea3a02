//! The Portuguese reasons stored with a match: one per piece of evidence that counted (`finance.md` §4.3).

use banking::document::Document;
use banking::pdf::format_brl;

use super::engine::{GroupKind, Proposal, ReferenceKind, Shape, StatementLine, Target};
use super::score::evidence;
use super::tokens::{self, Token};

pub(crate) fn write(
    p: &Proposal,
    shape: Shape,
    lines: &[&StatementLine],
    targets: &[&Target],
) -> Vec<String> {
    let mut out = Vec::with_capacity(6);
    let line_sum: i64 = lines.iter().map(|l| l.amount_cents).sum();
    if p.flags & evidence::REFERENCE != 0 {
        if let Some(text) = reference(lines, targets) {
            out.push(text);
        }
    }
    if let Shape::Group(group) = shape {
        out.push(group_sum(
            group.kind,
            targets.len(),
            &group.date.format("%d/%m").to_string(),
        ));
        let fees: i64 = targets
            .iter()
            .map(|t| t.fee_cents.clamp(0, t.amount_cents.max(0)))
            .sum();
        if fees > 0 {
            out.push(format!("Líquido de {} de tarifas", format_brl(fees)));
        }
    }
    out.extend(amount(p, shape, line_sum, targets));
    out.extend(document(p, targets));
    out.push(date(p.away, line_sum > 0));
    out.push(uniqueness(p, shape));
    if p.disputed {
        out.push("Outro lançamento disputa o mesmo título nesta execução".into());
    }
    out
}

fn reference(lines: &[&StatementLine], targets: &[&Target]) -> Option<String> {
    let mut keys = Vec::new();
    for line in lines {
        let mut read = |t| {
            if let Token::Reference(k) = t {
                keys.push(k);
            }
        };
        tokens::for_each(&line.memo, &mut read);
        if let Some(r) = &line.reference {
            tokens::for_each(r, &mut read);
        }
    }
    let found = targets
        .iter()
        .flat_map(|t| t.references.iter())
        .find(|r| tokens::reference_key(&r.value).is_some_and(|k| keys.contains(&k)))?;
    let v = &found.value;
    Some(match found.kind {
        ReferenceKind::NossoNumero => format!("Nosso número {v} encontrado no histórico"),
        ReferenceKind::DocumentNumber => format!("Título {v} citado no histórico"),
        ReferenceKind::InvoiceKey => format!("Nota fiscal {v} citada no histórico"),
        ReferenceKind::Other => format!("Referência {v} encontrada no histórico"),
    })
}

fn group_sum(kind: GroupKind, n: usize, date: &str) -> String {
    match kind {
        GroupKind::ReturnCredit => format!("Soma das {n} liquidações do retorno de {date}"),
        GroupKind::PaymentRemittance => format!("Soma dos {n} pagamentos da remessa de {date}"),
        GroupKind::PaymentBatch => format!("Soma dos {n} pagamentos do lote de {date}"),
    }
}

fn amount(p: &Proposal, shape: Shape, line_sum: i64, targets: &[&Target]) -> Option<String> {
    let target_sum: i64 = targets.iter().map(|t| t.statement_cents()).sum();
    if p.flags & evidence::AMOUNT != 0 {
        let value = format_brl(line_sum.abs());
        return Some(match shape {
            Shape::OneToOne => format!("Valor idêntico: {value}"),
            Shape::OneToMany => format!("Soma exata de {} títulos: {value}", targets.len()),
            Shape::ManyToOne => format!("Os lançamentos somam exatamente o título: {value}"),
            Shape::Group(_) => format!("Soma exata: {value}"),
        });
    }
    if p.flags & evidence::TOLERANCE != 0 {
        let diff = format_brl((line_sum - target_sum).abs());
        return Some(format!("Diferença de {diff} dentro da tolerância"));
    }
    None
}

fn document(p: &Proposal, targets: &[&Target]) -> Option<String> {
    let target = targets.iter().find(|t| t.counterparty_document.is_some())?;
    let name = &target.counterparty_name;
    if p.flags & evidence::DOCUMENT != 0 {
        let stored: String = target
            .counterparty_document
            .as_deref()?
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_uppercase())
            .collect();
        let doc = Document::from_stored(&stored)?;
        let kind = match doc {
            Document::Cpf(_) => "CPF",
            Document::Cnpj(_) => "CNPJ",
        };
        return Some(format!("{kind} {doc} do histórico pertence a {name}"));
    }
    (p.flags & evidence::MASKED != 0)
        .then(|| format!("CPF mascarado do histórico compatível com {name}"))
}

fn date(away: i32, credit: bool) -> String {
    let what = if credit { "Crédito" } else { "Débito" };
    let days = |n: u32| {
        if n == 1 {
            "1 dia útil".to_string()
        } else {
            format!("{n} dias úteis")
        }
    };
    match away {
        0 => format!("{what} no dia esperado"),
        a if a > 0 => format!("{what} {} após o esperado", days(a.unsigned_abs())),
        a => format!("{what} {} antes do esperado", days(a.unsigned_abs())),
    }
}

fn uniqueness(p: &Proposal, shape: Shape) -> String {
    if p.equal > 1 {
        return format!("Há {} candidatos equivalentes", p.equal);
    }
    match shape {
        Shape::OneToMany => "Única combinação de títulos do pagador com esta soma".into(),
        Shape::ManyToOne => "Única combinação de lançamentos com esta soma".into(),
        _ if p.others == 0 => "Único candidato encontrado".into(),
        _ => format!(
            "Melhor candidato entre {}; o seguinte soma {} pontos",
            p.others + 1,
            p.runner_up
        ),
    }
}
