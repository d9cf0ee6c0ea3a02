//! The chart of accounts from a CSV file (`código;nome;natureza;tipo`), all or nothing: every line is checked, alone
//! and against the tree (the stored accounts and the file's own lines), and any error refuses the whole file with
//! every problem named by line and column. The clinic network's starter chart, offered on the first run.

use std::collections::HashMap;

use platform::error::{Error, Result, Violation};

use super::chart::{place, Account, AccountCode, AccountDraft, AccountFields, AccountKind, Nature};

/// Lines a file may hold (a chart has tens to a few hundred accounts).
pub const MAX_LINES: usize = 5_000;

const COLUMNS: [&str; 4] = ["código", "nome", "natureza", "tipo"];

/// An account the import will create, in an order where each parent comes before its children.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Planned {
    pub line: usize,
    pub fields: AccountFields,
    pub nature: Nature,
}

/// Reads `csv` and plans its accounts under `existing`; `Err` lists every problem (`linhas[3].natureza`…).
pub fn plan_import(csv: &str, existing: &[Account]) -> Result<Vec<Planned>> {
    let mut problems = Vec::new();
    let rows = rows_of(csv, &mut problems);
    if rows.is_empty() && problems.is_empty() {
        return Err(Error::invalid_field("csv", "O arquivo não tem contas."));
    }
    if rows.len() > MAX_LINES {
        return Err(Error::invalid_field(
            "csv",
            format!(
                "O arquivo tem {} linhas; o limite é {MAX_LINES}.",
                rows.len()
            ),
        ));
    }
    let mut drafts: Vec<(usize, AccountFields)> = Vec::new();
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (line, cells) in rows {
        let draft = AccountDraft {
            code: Some(cells[0].clone()),
            name: Some(cells[1].clone()),
            nature: Some(cells[2].clone()),
            kind: Some(cells[3].clone()),
        };
        match draft.validate() {
            Err(error) => problems.extend(
                error
                    .fields
                    .into_iter()
                    .map(|f| at(line, column_of(&f.field), f.message)),
            ),
            Ok(fields) => {
                let code = fields.code.as_str().to_string();
                if let Some(first) = seen.insert(code.clone(), line) {
                    problems.push(at(
                        line,
                        "código",
                        format!("O código {code} já aparece na linha {first}."),
                    ));
                } else if existing.iter().any(|a| a.code.as_str() == code) {
                    problems.push(at(
                        line,
                        "código",
                        format!("A conta {code} já existe no plano."),
                    ));
                } else {
                    drafts.push((line, fields));
                }
            }
        }
    }
    // Parents first: then each line finds its parent among the stored accounts or the lines placed before it.
    drafts.sort_by_key(|(_, fields)| fields.code.tree_key());
    let mut tree: HashMap<String, Account> = existing
        .iter()
        .map(|a| (a.code.as_str().to_string(), a.clone()))
        .collect();
    let mut planned = Vec::new();
    for (line, fields) in drafts {
        let parent = fields
            .code
            .parent()
            .and_then(|code| tree.get(code.as_str()).cloned());
        match place(fields, parent.as_ref()) {
            Err(error) => problems.extend(
                error
                    .fields
                    .into_iter()
                    .map(|f| at(line, column_of(&f.field), f.message)),
            ),
            Ok((fields, nature)) => {
                tree.insert(
                    fields.code.as_str().to_string(),
                    Account {
                        id: String::new(),
                        code: fields.code.clone(),
                        name: fields.name.clone(),
                        nature,
                        kind: fields.kind,
                        active: true,
                        version: 0,
                    },
                );
                planned.push(Planned {
                    line,
                    fields,
                    nature,
                });
            }
        }
    }
    if problems.is_empty() {
        Ok(planned)
    } else {
        problems.sort_by_key(|p| line_of(&p.field));
        Err(Error::invalid(problems))
    }
}

/// The data lines of the file, each with four cells; a header line (its first cell is not a code) is skipped.
fn rows_of(csv: &str, problems: &mut Vec<Violation>) -> Vec<(usize, [String; 4])> {
    let is_header = |cells: &[String]| {
        cells
            .first()
            .is_some_and(|c| AccountCode::parse(c).is_err() && c.to_lowercase().starts_with('c'))
    };
    let rows = match tabular::read_semicolon(csv, is_header) {
        Ok(rows) => rows,
        Err(error) => {
            problems.push(at(error.line.max(1), "linha", error.message));
            return Vec::new();
        }
    };
    let mut found = Vec::new();
    for row in rows {
        match <[String; 4]>::try_from(row.cells) {
            Ok(cells) => found.push((row.line, cells)),
            Err(cells) => problems.push(at(
                row.line,
                "linha",
                format!(
                    "Esperadas 4 colunas separadas por ponto e vírgula (código;nome;natureza;tipo); encontradas {}.",
                    cells.len()
                ),
            )),
        }
    }
    found
}

fn column_of(field: &str) -> &'static str {
    match field {
        "code" => COLUMNS[0],
        "name" => COLUMNS[1],
        "nature" => COLUMNS[2],
        "kind" => COLUMNS[3],
        _ => "linha",
    }
}

fn at(line: usize, column: &str, message: impl Into<String>) -> Violation {
    Violation::new(
        format!("linhas[{line}].{column}"),
        format!("Linha {line}, {column}: {}", message.into()),
    )
}

fn line_of(field: &str) -> usize {
    field
        .strip_prefix("linhas[")
        .and_then(|rest| rest.split(']').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// A clinic network's starter chart: revenue from procedures and products, deductions, costs, people,
/// administrative and financial expenses, taxes, transfers.
pub const STARTER_CHART: &[(&str, &str, Nature, AccountKind)] = {
    use AccountKind::{Analitica as A, Sintetica as S};
    use Nature::{Despesa as D, Receita as R, Transferencia as T};
    &[
        ("1", "Receitas", R, S),
        ("1.1", "Receitas de procedimentos", R, S),
        ("1.1.01", "Consultas", R, A),
        ("1.1.02", "Procedimentos estéticos", R, A),
        ("1.1.03", "Procedimentos odontológicos", R, A),
        ("1.1.04", "Planos e assinaturas", R, A),
        ("1.2", "Receitas de produtos", R, S),
        ("1.2.01", "Venda de produtos", R, A),
        ("1.3", "Receitas financeiras", R, S),
        ("1.3.01", "Juros e multas recebidos", R, A),
        ("1.3.02", "Rendimentos de aplicações", R, A),
        ("2", "Deduções da receita", D, S),
        ("2.1", "Impostos sobre a receita", D, S),
        ("2.1.01", "ISS", D, A),
        ("2.1.02", "PIS e COFINS", D, A),
        ("2.1.03", "Simples Nacional", D, A),
        ("2.2", "Cancelamentos e devoluções", D, A),
        ("2.3", "Descontos concedidos", D, A),
        ("3", "Custos", D, S),
        ("3.1", "Materiais e insumos", D, A),
        ("3.2", "Laboratório e próteses", D, A),
        ("3.3", "Comissões sobre vendas", D, A),
        ("3.4", "Taxas de cartão e de cobrança", D, A),
        ("4", "Despesas com pessoal", D, S),
        ("4.1", "Salários", D, A),
        ("4.2", "Encargos sociais", D, A),
        ("4.3", "Benefícios", D, A),
        ("4.4", "Profissionais autônomos", D, A),
        ("5", "Despesas administrativas", D, S),
        ("5.1", "Aluguel e condomínio", D, A),
        ("5.2", "Energia, água e telefone", D, A),
        ("5.3", "Sistemas e tecnologia", D, A),
        ("5.4", "Marketing", D, A),
        ("5.5", "Contabilidade e jurídico", D, A),
        ("5.6", "Manutenção", D, A),
        ("6", "Despesas financeiras", D, S),
        ("6.1", "Tarifas bancárias", D, A),
        ("6.2", "Juros e multas pagos", D, A),
        ("7", "Impostos e taxas", D, S),
        ("7.1", "IRPJ e CSLL", D, A),
        ("7.2", "Taxas e licenças", D, A),
        ("8", "Transferências", T, S),
        ("8.1", "Transferências entre contas", T, A),
        ("8.2", "Aportes e retiradas dos sócios", T, A),
    ]
};

#[cfg(test)]
mod tests {
    use super::*;

    fn fields_of(error: Error) -> Vec<String> {
        error.fields.into_iter().map(|f| f.field).collect()
    }

    #[test]
    fn a_file_is_read_with_or_without_header_parents_first() {
        let csv = "\u{feff}código;nome;natureza;tipo\r\n3.1;Materiais;;A\r\n3;Custos;Despesa;S\r\n\r\n3.2;Laboratório;despesa;analítica\r\n";
        let planned = plan_import(csv, &[]).unwrap();
        let codes: Vec<(&str, usize, Nature)> = planned
            .iter()
            .map(|p| (p.fields.code.as_str(), p.line, p.nature))
            .collect();
        assert_eq!(
            codes,
            [
                ("3", 3, Nature::Despesa),
                ("3.1", 2, Nature::Despesa),
                ("3.2", 5, Nature::Despesa)
            ]
        );
        assert_eq!(plan_import("9;Outros;Receita;S", &[]).unwrap().len(), 1);
    }

    #[test]
    fn every_problem_is_named_by_line_and_column_and_nothing_is_planned() {
        let csv = "1;Receitas;Receita;S\n1.1;;Receita;A\n1.2;Serviços;Despesa;A\n1;Outra;Receita;S\n2.1;Órfã;Despesa;A\n3;Só três;Despesa\n4.1.1.1.1.1.1;Funda;Despesa;A";
        let error = plan_import(csv, &[]).unwrap_err();
        assert_eq!(
            fields_of(error),
            [
                "linhas[2].nome",
                "linhas[3].natureza",
                "linhas[4].código",
                "linhas[5].código",
                "linhas[6].linha",
                "linhas[7].código"
            ]
        );
    }

    #[test]
    fn stored_accounts_are_parents_and_duplicates() {
        let stored = Account {
            id: "x".into(),
            code: AccountCode::parse("5").unwrap(),
            name: "Administrativas".into(),
            nature: Nature::Despesa,
            kind: AccountKind::Sintetica,
            active: true,
            version: 1,
        };
        let planned = plan_import("5.1;Aluguel;;A", std::slice::from_ref(&stored)).unwrap();
        assert_eq!(planned[0].nature, Nature::Despesa);
        assert_eq!(
            fields_of(plan_import("5;De novo;Despesa;S", &[stored]).unwrap_err()),
            ["linhas[1].código"]
        );
        assert_eq!(fields_of(plan_import("", &[]).unwrap_err()), ["csv"]);
    }

    proptest::proptest! {
        /// Whatever a file holds, planning it never panics, and a plan is a tree: each account's parent comes first.
        #[test]
        fn any_file_is_planned_or_refused_without_panicking(csv in "([0-9.]{0,6};[a-zA-Zç ]{0,8};(Receita|Despesa|x|);(S|A|x)\n){0,12}") {
            if let Ok(planned) = plan_import(&csv, &[]) {
                for (i, account) in planned.iter().enumerate() {
                    if let Some(parent) = account.fields.code.parent() {
                        proptest::prop_assert!(planned[..i].iter().any(|p| p.fields.code == parent));
                    }
                }
            }
        }

        #[test]
        fn arbitrary_text_never_panics(csv in ".{0,300}") {
            let _ = plan_import(&csv, &[]);
        }
    }

    #[test]
    fn the_starter_chart_is_a_valid_tree() {
        let csv: String = STARTER_CHART
            .iter()
            .map(|(code, name, nature, kind)| {
                format!("{code};{name};{};{}\n", nature.as_str(), kind.as_str())
            })
            .collect();
        assert_eq!(plan_import(&csv, &[]).unwrap().len(), STARTER_CHART.len());
    }
}
