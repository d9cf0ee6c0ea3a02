//! The chart of accounts (plano de contas): a managerial tree for the DRE. A code is its parent's code, a dot and
//! a segment (`3`, `3.1`, `3.1.02`); synthetic accounts group, analytic accounts are what documents use. A child
//! keeps its parent's natureza; the tree is at most six levels deep; nothing is deleted (deactivate instead).

use platform::error::{Error, Result, Violations};
use platform::text::collapse_spaces;

pub const MAX_DEPTH: usize = 6;
pub const MAX_NAME: usize = 120;
/// Digits in one segment of a code (`3.1.02`: 1, 1 and 2).
pub const MAX_SEGMENT: usize = 4;

/// What an account's amounts are in the DRE.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Nature {
    Receita,
    Despesa,
    Transferencia,
}

impl Nature {
    pub const ALL: [Nature; 3] = [Nature::Receita, Nature::Despesa, Nature::Transferencia];

    pub fn as_str(self) -> &'static str {
        match self {
            Nature::Receita => "RECEITA",
            Nature::Despesa => "DESPESA",
            Nature::Transferencia => "TRANSFERENCIA",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Nature::Receita => "Receita",
            Nature::Despesa => "Despesa",
            Nature::Transferencia => "Transferência",
        }
    }

    /// The API's name or the label a person typed in a CSV ("Receita", "despesa", "Transferência").
    pub fn parse(text: &str) -> Option<Nature> {
        let folded = fold(text);
        Nature::ALL
            .into_iter()
            .find(|n| folded == fold(n.as_str()) || folded == fold(n.label()))
    }
}

/// Synthetic accounts group others; analytic accounts take documents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AccountKind {
    Sintetica,
    Analitica,
}

impl AccountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Sintetica => "SINTETICA",
            AccountKind::Analitica => "ANALITICA",
        }
    }

    /// `SINTETICA`/`ANALITICA`, the words ("Sintética") or their letters (`S`, `A`).
    pub fn parse(text: &str) -> Option<AccountKind> {
        match fold(text).as_str() {
            "SINTETICA" | "S" => Some(AccountKind::Sintetica),
            "ANALITICA" | "A" => Some(AccountKind::Analitica),
            _ => None,
        }
    }
}

/// Upper case without accents or surrounding spaces, to compare what people type.
fn fold(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            'á' | 'à' | 'â' | 'ã' | 'Á' | 'À' | 'Â' | 'Ã' => 'A',
            'é' | 'ê' | 'É' | 'Ê' => 'E',
            'í' | 'Í' => 'I',
            'ó' | 'ô' | 'õ' | 'Ó' | 'Ô' | 'Õ' => 'O',
            'ú' | 'Ú' => 'U',
            'ç' | 'Ç' => 'C',
            other => other.to_ascii_uppercase(),
        })
        .collect()
}

/// A valid account code: segments of digits joined by dots.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AccountCode(String);

impl AccountCode {
    /// `Err` says what is wrong, for the person who typed it.
    pub fn parse(text: &str) -> std::result::Result<AccountCode, String> {
        let code = text.trim();
        if code.is_empty() {
            return Err("Informe o código.".into());
        }
        let segments: Vec<&str> = code.split('.').collect();
        let well_formed = segments.iter().all(|s| {
            !s.is_empty() && s.len() <= MAX_SEGMENT && s.bytes().all(|b| b.is_ascii_digit())
        });
        if !well_formed {
            return Err(format!(
                "Código inválido: use números separados por ponto, como 3.1.02 (até {MAX_SEGMENT} dígitos por nível)."
            ));
        }
        if segments.len() > MAX_DEPTH {
            return Err(format!(
                "O plano de contas tem no máximo {MAX_DEPTH} níveis."
            ));
        }
        Ok(AccountCode(code.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// 1 for `3`, 3 for `3.1.02`.
    pub fn depth(&self) -> usize {
        self.0.split('.').count()
    }

    /// `3.1` for `3.1.02`; none for a top-level code.
    pub fn parent(&self) -> Option<AccountCode> {
        self.0
            .rsplit_once('.')
            .map(|(parent, _)| AccountCode(parent.to_string()))
    }

    /// Orders codes as a tree reads: `3`, `3.1`, `3.1.2`, `3.1.10`, `3.2` (segments compared as numbers).
    pub fn tree_key(&self) -> Vec<u32> {
        self.0
            .split('.')
            .map(|s| s.parse().unwrap_or(u32::MAX))
            .collect()
    }
}

/// What a person typed for a new account, before validation.
#[derive(Debug, Clone, Default)]
pub struct AccountDraft {
    pub code: Option<String>,
    pub name: Option<String>,
    /// May be left out under a parent (the child keeps its parent's); required at the top level.
    pub nature: Option<String>,
    pub kind: Option<String>,
}

/// A valid account's own fields (before the tree's rules).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountFields {
    pub code: AccountCode,
    pub name: String,
    pub nature: Option<Nature>,
    pub kind: AccountKind,
}

/// A stored account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub id: String,
    pub code: AccountCode,
    pub name: String,
    pub nature: Nature,
    pub kind: AccountKind,
    pub active: bool,
    pub version: i64,
}

impl AccountDraft {
    /// Checks each field on its own; every broken rule is named.
    pub fn validate(&self) -> Result<AccountFields> {
        let mut v = Violations::new();
        let code = match AccountCode::parse(self.code.as_deref().unwrap_or("")) {
            Ok(code) => Some(code),
            Err(message) => {
                v.add("code", message);
                None
            }
        };
        let name = valid_name(self.name.as_deref(), &mut v);
        let nature = match self
            .nature
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => None,
            Some(text) => {
                let parsed = Nature::parse(text);
                if parsed.is_none() {
                    v.add(
                        "nature",
                        "Natureza inválida: use Receita, Despesa ou Transferência.",
                    );
                }
                parsed
            }
        };
        let kind = match self
            .kind
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            None => {
                v.add("kind", "Informe o tipo: sintética ou analítica.");
                None
            }
            Some(text) => {
                let parsed = AccountKind::parse(text);
                if parsed.is_none() {
                    v.add("kind", "Tipo inválido: use sintética ou analítica.");
                }
                parsed
            }
        };
        v.finish()?;
        Ok(AccountFields {
            code: code.expect("checked"),
            name,
            nature,
            kind: kind.expect("checked"),
        })
    }
}

fn valid_name(name: Option<&str>, v: &mut Violations) -> String {
    let name = collapse_spaces(name.unwrap_or(""));
    if name.is_empty() {
        v.add("name", "Informe o nome da conta.");
    } else if name.chars().count() > MAX_NAME {
        v.add(
            "name",
            format!("O nome pode ter no máximo {MAX_NAME} caracteres."),
        );
    }
    name
}

/// Places a new account in the tree: its parent must exist, be synthetic and active; it keeps the parent's natureza
/// (a different one is refused: the DRE would add a revenue under an expense). `parent` is the stored account of
/// `fields.code.parent()`, if any.
pub fn place(fields: AccountFields, parent: Option<&Account>) -> Result<(AccountFields, Nature)> {
    let nature = match (fields.code.parent(), parent) {
        (None, _) => fields.nature.ok_or_else(|| {
            Error::invalid_field("nature", "Informe a natureza da conta de primeiro nível.")
        })?,
        (Some(code), None) => {
            return Err(Error::invalid_field(
                "code",
                format!("A conta-mãe {} não existe: crie-a antes.", code.as_str()),
            ))
        }
        (Some(_), Some(parent)) => {
            if parent.kind != AccountKind::Sintetica {
                return Err(Error::invalid_field(
                    "code",
                    format!(
                        "A conta {} é analítica e não pode ter contas filhas.",
                        parent.code.as_str()
                    ),
                ));
            }
            if !parent.active {
                return Err(Error::invalid_field(
                    "code",
                    format!("A conta-mãe {} está inativa.", parent.code.as_str()),
                ));
            }
            if let Some(nature) = fields.nature.filter(|n| *n != parent.nature) {
                return Err(Error::invalid_field(
                    "nature",
                    format!(
                        "A conta filha segue a natureza da conta-mãe {} ({}), não {}.",
                        parent.code.as_str(),
                        parent.nature.label(),
                        nature.label()
                    ),
                ));
            }
            parent.nature
        }
    };
    Ok((fields, nature))
}

/// A change to a stored account: its name, its kind, whether it is active.
#[derive(Debug, Clone, Default)]
pub struct AccountPatch {
    pub name: Option<String>,
    pub kind: Option<String>,
    pub active: Option<bool>,
}

/// What the tree knows about an account when it changes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// Accounts directly under it (any state).
    pub children: i64,
    /// Active accounts directly under it.
    pub active_children: i64,
    /// Documents that use it (receivables, payables: none exist before they are built).
    pub documents: i64,
}

/// Applies `patch` to `account` under the tree's rules: an account with children stays synthetic; an account used
/// by documents keeps its kind; a parent is deactivated only after its children; a child is reactivated only under
/// an active parent (`parent_active`).
pub fn patched(
    account: &Account,
    patch: &AccountPatch,
    usage: Usage,
    parent_active: bool,
) -> Result<Account> {
    let mut v = Violations::new();
    let mut next = account.clone();
    if patch.name.is_some() {
        next.name = valid_name(patch.name.as_deref(), &mut v);
    }
    if let Some(text) = patch.kind.as_deref() {
        match AccountKind::parse(text) {
            None => v.add("kind", "Tipo inválido: use sintética ou analítica."),
            Some(kind) if kind != account.kind => {
                if kind == AccountKind::Analitica && usage.children > 0 {
                    v.add(
                        "kind",
                        "A conta tem contas filhas e precisa continuar sintética.",
                    );
                } else if usage.documents > 0 {
                    v.add(
                        "kind",
                        format!(
                            "A conta está em uso por {} documento(s) e não pode mudar de tipo; desative-a e crie outra.",
                            usage.documents
                        ),
                    );
                } else {
                    next.kind = kind;
                }
            }
            Some(_) => {}
        }
    }
    if let Some(active) = patch.active {
        if !active && account.active && usage.active_children > 0 {
            v.add("active", "Desative antes as contas filhas ativas.");
        } else if active && !account.active && !parent_active {
            v.add("active", "A conta-mãe está inativa: reative-a antes.");
        } else {
            next.active = active;
        }
    }
    v.finish()?;
    Ok(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(code: &str, nature: Nature, kind: AccountKind) -> Account {
        Account {
            id: code.into(),
            code: AccountCode::parse(code).unwrap(),
            name: format!("Conta {code}"),
            nature,
            kind,
            active: true,
            version: 1,
        }
    }

    fn draft(code: &str, nature: Option<&str>, kind: &str) -> AccountFields {
        AccountDraft {
            code: Some(code.into()),
            name: Some("Receitas de procedimentos".into()),
            nature: nature.map(String::from),
            kind: Some(kind.into()),
        }
        .validate()
        .unwrap()
    }

    #[test]
    fn codes_are_digit_segments_at_most_six_deep() {
        let code = AccountCode::parse(" 3.1.02 ").unwrap();
        assert_eq!((code.as_str(), code.depth()), ("3.1.02", 3));
        assert_eq!(code.parent().unwrap().as_str(), "3.1");
        assert_eq!(AccountCode::parse("3").unwrap().parent(), None);
        for bad in ["", "3.", ".3", "3..1", "3.a", "3-1", "12345"] {
            assert!(AccountCode::parse(bad).is_err(), "{bad}");
        }
        assert!(AccountCode::parse("1.1.1.1.1.1").is_ok());
        assert!(AccountCode::parse("1.1.1.1.1.1.1")
            .unwrap_err()
            .contains("6 níveis"));
    }

    #[test]
    fn tree_order_compares_segments_as_numbers() {
        let mut codes: Vec<AccountCode> = ["3.10", "3.2", "3", "3.1.2", "10", "3.1"]
            .iter()
            .map(|c| AccountCode::parse(c).unwrap())
            .collect();
        codes.sort_by_key(AccountCode::tree_key);
        let order: Vec<&str> = codes.iter().map(AccountCode::as_str).collect();
        assert_eq!(order, ["3", "3.1", "3.1.2", "3.2", "3.10", "10"]);
    }

    #[test]
    fn every_broken_field_is_named() {
        let error = AccountDraft {
            code: Some("3.x".into()),
            name: Some(" ".into()),
            nature: Some("lucro".into()),
            kind: Some("grupo".into()),
        }
        .validate()
        .unwrap_err();
        let fields: Vec<String> = error.fields.into_iter().map(|f| f.field).collect();
        assert_eq!(fields, ["code", "name", "nature", "kind"]);
    }

    #[test]
    fn natures_and_kinds_read_as_people_type_them() {
        assert_eq!(Nature::parse("transferência"), Some(Nature::Transferencia));
        assert_eq!(Nature::parse(" RECEITA "), Some(Nature::Receita));
        assert_eq!(
            AccountKind::parse("Sintética"),
            Some(AccountKind::Sintetica)
        );
        assert_eq!(AccountKind::parse("a"), Some(AccountKind::Analitica));
        assert_eq!(Nature::parse("custo"), None);
    }

    #[test]
    fn a_child_keeps_its_parents_nature_under_a_synthetic_active_parent() {
        let parent = stored("3", Nature::Despesa, AccountKind::Sintetica);
        let (_, nature) = place(draft("3.1", None, "A"), Some(&parent)).unwrap();
        assert_eq!(nature, Nature::Despesa);
        let error = place(draft("3.1", Some("Receita"), "A"), Some(&parent)).unwrap_err();
        assert_eq!(error.fields[0].field, "nature");
        assert!(
            error.fields[0].message.contains("Despesa"),
            "{}",
            error.fields[0].message
        );
        let leaf = stored("3.1", Nature::Despesa, AccountKind::Analitica);
        assert!(place(draft("3.1.1", None, "A"), Some(&leaf))
            .unwrap_err()
            .fields[0]
            .message
            .contains("analítica"));
        assert!(
            place(draft("3.1.1", None, "A"), None).unwrap_err().fields[0]
                .message
                .contains("3.1 não existe")
        );
        let top = place(draft("4", None, "S"), None).unwrap_err();
        assert_eq!(top.fields[0].field, "nature");
    }

    #[test]
    fn kind_and_state_changes_follow_the_tree() {
        let group = stored("3", Nature::Despesa, AccountKind::Sintetica);
        let with_children = Usage {
            children: 2,
            active_children: 1,
            documents: 0,
        };
        let to_leaf = AccountPatch {
            kind: Some("ANALITICA".into()),
            ..Default::default()
        };
        assert_eq!(
            patched(&group, &to_leaf, with_children, true)
                .unwrap_err()
                .fields[0]
                .field,
            "kind"
        );
        assert_eq!(
            patched(&group, &to_leaf, Usage::default(), true)
                .unwrap()
                .kind,
            AccountKind::Analitica
        );
        let off = AccountPatch {
            active: Some(false),
            ..Default::default()
        };
        assert!(patched(&group, &off, with_children, true).is_err());
        let leaf = stored("3.1", Nature::Despesa, AccountKind::Analitica);
        let used = Usage {
            documents: 3,
            ..Default::default()
        };
        let to_group = AccountPatch {
            kind: Some("S".into()),
            ..Default::default()
        };
        assert!(patched(&leaf, &to_group, used, true).unwrap_err().fields[0]
            .message
            .contains("3 documento"));
        let inactive = Account {
            active: false,
            ..leaf.clone()
        };
        let on = AccountPatch {
            active: Some(true),
            ..Default::default()
        };
        assert!(patched(&inactive, &on, Usage::default(), false).is_err());
        assert!(
            patched(&inactive, &on, Usage::default(), true)
                .unwrap()
                .active
        );
    }
}
