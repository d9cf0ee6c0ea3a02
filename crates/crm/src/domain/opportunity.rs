//! The funnel: an opportunity is one record from the first contact to won or lost. It names a client once the
//! person is identified, or carries an inline contact until then; it moves through the working stages, is lost
//! with a reason from a fixed list, and is won only when its sale is confirmed (the sales context says so).

use chrono::{DateTime, NaiveDate, Utc};
use platform::error::{Error, Result, Violations};
use platform::text::{collapse_spaces, fold};
use platform::values::{Email, Phone};

pub const MAX_TITLE: usize = 120;
pub const MAX_CONTACT_NAME: usize = 120;
pub const MAX_NOTE: usize = 1000;
/// R$ 100.000.000,00: a typo guard, not a business limit.
pub const MAX_EXPECTED_VALUE_CENTS: i64 = 10_000_000_000;

/// Where the lead came from (fixed list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    Indicacao,
    Instagram,
    Google,
    Site,
    Whatsapp,
    Evento,
    Ativo,
    Outro,
}

impl Source {
    pub const ALL: [Source; 8] = [
        Source::Indicacao,
        Source::Instagram,
        Source::Google,
        Source::Site,
        Source::Whatsapp,
        Source::Evento,
        Source::Ativo,
        Source::Outro,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Source::Indicacao => "indicacao",
            Source::Instagram => "instagram",
            Source::Google => "google",
            Source::Site => "site",
            Source::Whatsapp => "whatsapp",
            Source::Evento => "evento",
            Source::Ativo => "ativo",
            Source::Outro => "outro",
        }
    }

    pub fn parse(s: &str) -> Option<Source> {
        Source::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// Why an opportunity was lost (fixed list; `outro` needs a note).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LostReason {
    Preco,
    Concorrente,
    SemRetorno,
    SemInteresse,
    SemCredito,
    ForaDoPerfil,
    Outro,
}

impl LostReason {
    pub const ALL: [LostReason; 7] = [
        LostReason::Preco,
        LostReason::Concorrente,
        LostReason::SemRetorno,
        LostReason::SemInteresse,
        LostReason::SemCredito,
        LostReason::ForaDoPerfil,
        LostReason::Outro,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LostReason::Preco => "preco",
            LostReason::Concorrente => "concorrente",
            LostReason::SemRetorno => "sem_retorno",
            LostReason::SemInteresse => "sem_interesse",
            LostReason::SemCredito => "sem_credito",
            LostReason::ForaDoPerfil => "fora_do_perfil",
            LostReason::Outro => "outro",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            LostReason::Preco => "Preço",
            LostReason::Concorrente => "Fechou com a concorrência",
            LostReason::SemRetorno => "Sem retorno",
            LostReason::SemInteresse => "Sem interesse",
            LostReason::SemCredito => "Sem crédito ou orçamento",
            LostReason::ForaDoPerfil => "Fora do perfil",
            LostReason::Outro => "Outro",
        }
    }

    pub fn parse(s: &str) -> Option<LostReason> {
        LostReason::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// The two fixed terminals beside the working stages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StageKind {
    Open,
    Won,
    Lost,
}

impl StageKind {
    pub fn as_str(self) -> &'static str {
        match self {
            StageKind::Open => "aberta",
            StageKind::Won => "ganho",
            StageKind::Lost => "perdido",
        }
    }

    pub fn parse(s: &str) -> Option<StageKind> {
        [StageKind::Open, StageKind::Won, StageKind::Lost]
            .into_iter()
            .find(|k| k.as_str() == s)
    }
}

/// A column of the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stage {
    pub id: String,
    pub name: String,
    pub position: i32,
    pub kind: StageKind,
    pub archived: bool,
}

/// Where an opportunity stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Open,
    Won,
    Lost,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "aberta",
            Status::Won => "ganha",
            Status::Lost => "perdida",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [Status::Open, Status::Won, Status::Lost]
            .into_iter()
            .find(|x| x.as_str() == s)
    }

    /// The status an opportunity has in a stage of this kind.
    pub fn in_stage(kind: StageKind) -> Status {
        match kind {
            StageKind::Open => Status::Open,
            StageKind::Won => Status::Won,
            StageKind::Lost => Status::Lost,
        }
    }
}

/// The person of a lead not yet identified as a client: a name and a way to reach them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contact {
    pub name: String,
    pub phone: Option<Phone>,
    pub email: Option<Email>,
}

/// What a person types about an opportunity (new or changed), before validation.
#[derive(Debug, Clone, Default)]
pub struct OpportunityDraft {
    pub title: String,
    pub client_id: Option<String>,
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub contact_email: Option<String>,
    pub owner_id: Option<String>,
    pub team_id: Option<String>,
    pub expected_value_cents: i64,
    pub expected_close_on: Option<NaiveDate>,
    pub source: String,
    pub marketing_link_id: Option<String>,
}

/// An opportunity's editable fields, validated. Either `client_id` or `contact` is set (both when a lead was
/// identified later: the contact stays as it was typed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpportunityFields {
    pub title: String,
    pub client_id: Option<String>,
    pub contact: Option<Contact>,
    pub owner_id: String,
    pub team_id: Option<String>,
    pub expected_value_cents: i64,
    pub expected_close_on: Option<NaiveDate>,
    pub source: Source,
    pub marketing_link_id: Option<String>,
}

impl OpportunityDraft {
    /// Checks every field and reports every problem at once. `owner_id` must be set by now (the service fills
    /// in the caller when the request leaves it out).
    pub fn validate(&self) -> Result<OpportunityFields> {
        let mut v = Violations::new();
        let title = collapse_spaces(&self.title);
        if title.is_empty() || title.chars().count() > MAX_TITLE {
            v.add(
                "title",
                format!("Informe o título da oportunidade (até {MAX_TITLE} caracteres)."),
            );
        }
        let client_id = trimmed(&self.client_id);
        let contact = self.contact(&mut v);
        if client_id.is_none() && contact.is_none() {
            v.add(
                "client_id",
                "Escolha o cliente ou informe o contato (nome e telefone ou e-mail).",
            );
        }
        let owner_id = trimmed(&self.owner_id).unwrap_or_default();
        if owner_id.is_empty() {
            v.add("owner_id", "Informe o responsável.");
        }
        if !(0..=MAX_EXPECTED_VALUE_CENTS).contains(&self.expected_value_cents) {
            v.add(
                "expected_value_cents",
                "O valor esperado deve estar entre R$ 0,00 e R$ 100.000.000,00.",
            );
        }
        let source = Source::parse(self.source.trim());
        if source.is_none() {
            v.add(
                "source",
                "Origem inválida: use indicacao, instagram, google, site, whatsapp, evento, ativo ou outro.",
            );
        }
        v.finish()?;
        Ok(OpportunityFields {
            title,
            client_id,
            contact,
            owner_id,
            team_id: trimmed(&self.team_id),
            expected_value_cents: self.expected_value_cents,
            expected_close_on: self.expected_close_on,
            source: source.unwrap_or(Source::Outro),
            marketing_link_id: trimmed(&self.marketing_link_id),
        })
    }

    /// The inline contact, when a name, phone or e-mail was typed: a name and a phone or an e-mail.
    fn contact(&self, v: &mut Violations) -> Option<Contact> {
        let name = self
            .contact_name
            .as_deref()
            .map(collapse_spaces)
            .unwrap_or_default();
        let phone = trimmed(&self.contact_phone);
        let email = trimmed(&self.contact_email);
        if name.is_empty() && phone.is_none() && email.is_none() {
            return None;
        }
        if name.is_empty() || name.chars().count() > MAX_CONTACT_NAME {
            v.add(
                "contact_name",
                format!("Informe o nome do contato (até {MAX_CONTACT_NAME} caracteres)."),
            );
        }
        let phone =
            phone.and_then(|p| Phone::parse(&p).map_err(|m| v.add("contact_phone", m)).ok());
        let email =
            email.and_then(|e| Email::parse(&e).map_err(|m| v.add("contact_email", m)).ok());
        if phone.is_none() && email.is_none() && self.contact_phone.is_none() {
            v.add(
                "contact_phone",
                "Informe o telefone ou o e-mail do contato.",
            );
        }
        Some(Contact { name, phone, email })
    }

    /// The draft of stored fields, to apply a change on top.
    pub fn of(f: &OpportunityFields) -> OpportunityDraft {
        OpportunityDraft {
            title: f.title.clone(),
            client_id: f.client_id.clone(),
            contact_name: f.contact.as_ref().map(|c| c.name.clone()),
            contact_phone: f
                .contact
                .as_ref()
                .and_then(|c| c.phone.as_ref())
                .map(|p| p.as_str().to_string()),
            contact_email: f
                .contact
                .as_ref()
                .and_then(|c| c.email.as_ref())
                .map(|e| e.as_str().to_string()),
            owner_id: Some(f.owner_id.clone()),
            team_id: f.team_id.clone(),
            expected_value_cents: f.expected_value_cents,
            expected_close_on: f.expected_close_on,
            source: f.source.as_str().to_string(),
            marketing_link_id: f.marketing_link_id.clone(),
        }
    }
}

fn trimmed(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// An opportunity as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opportunity {
    pub id: String,
    pub fields: OpportunityFields,
    pub stage_id: String,
    pub status: Status,
    pub lost_reason: Option<LostReason>,
    pub lost_note: Option<String>,
    pub won_sale_id: Option<String>,
    pub closed_at: Option<DateTime<Utc>>,
    pub stage_entered_at: DateTime<Utc>,
    pub last_touch_at: DateTime<Utc>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
}

/// The text the board's search looks in: the folded title, client or contact name, and the contact's phone
/// digits and e-mail.
pub fn search_text(fields: &OpportunityFields, client_name: Option<&str>) -> String {
    let mut parts = vec![fold(&fields.title)];
    if let Some(name) = client_name {
        parts.push(fold(name));
    }
    if let Some(c) = &fields.contact {
        parts.push(fold(&c.name));
        if let Some(p) = &c.phone {
            parts.push(p.as_str().to_string());
        }
        if let Some(e) = &c.email {
            parts.push(e.as_str().to_lowercase());
        }
    }
    parts.join(" ")
}

/// Why a lost opportunity was lost, validated: `outro` needs a note.
pub fn parse_loss(reason: &str, note: Option<&str>) -> Result<(LostReason, Option<String>)> {
    let mut v = Violations::new();
    let reason = LostReason::parse(reason.trim());
    let note = note.map(collapse_spaces).filter(|n| !n.is_empty());
    match reason {
        None => v.add(
            "reason",
            "Informe o motivo da perda: preco, concorrente, sem_retorno, sem_interesse, sem_credito, \
             fora_do_perfil ou outro.",
        ),
        Some(LostReason::Outro) if note.is_none() => {
            v.add("note", "Descreva o motivo quando ele é \"Outro\".")
        }
        _ => {}
    }
    if note.as_ref().is_some_and(|n| n.chars().count() > MAX_NOTE) {
        v.add(
            "note",
            format!("A observação tem no máximo {MAX_NOTE} caracteres."),
        );
    }
    v.finish()?;
    Ok((reason.unwrap_or(LostReason::Outro), note))
}

/// Whether a move to `to` is allowed from `status`: won only through a sale, lost only with a reason (its own
/// action), and a won opportunity stays won.
pub fn check_move(status: Status, to: &Stage) -> Result<()> {
    if status == Status::Won {
        return Err(Error::conflict(
            "oportunidade_ganha",
            "Esta oportunidade já foi ganha: a venda confirmada a encerra.",
        ));
    }
    match to.kind {
        StageKind::Won => Err(Error::invalid_field(
            "stage_id",
            "Uma oportunidade só fica Ganha quando a venda ligada a ela é confirmada.",
        )),
        StageKind::Lost => Err(Error::invalid_field(
            "stage_id",
            "Para marcar como Perdida, informe o motivo (ação \"Marcar como perdida\").",
        )),
        StageKind::Open if to.archived => Err(Error::invalid_field(
            "stage_id",
            format!("A etapa {} foi arquivada.", to.name),
        )),
        StageKind::Open => Ok(()),
    }
}

/// Days without a touch, counted from `last_touch_at` to `now` (whole days).
pub fn idle_days(last_touch_at: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    (now - last_touch_at).num_days().max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> OpportunityDraft {
        OpportunityDraft {
            title: "  Implante   superior ".into(),
            contact_name: Some("Maria Souza".into()),
            contact_phone: Some("(11) 98765-4321".into()),
            owner_id: Some("u1".into()),
            expected_value_cents: 1_250_000,
            source: "instagram".into(),
            ..OpportunityDraft::default()
        }
    }

    #[test]
    fn a_lead_with_an_inline_contact_is_valid_and_its_phone_is_kept_as_ddd_and_number() {
        let f = draft().validate().unwrap();
        assert_eq!(f.title, "Implante superior");
        let c = f.contact.unwrap();
        assert_eq!(c.phone.unwrap().as_str(), "11987654321");
        assert_eq!(f.source, Source::Instagram);
    }

    #[test]
    fn a_lead_needs_a_client_or_a_contact_and_every_problem_is_named() {
        let bad = OpportunityDraft {
            title: String::new(),
            source: "tv".into(),
            expected_value_cents: -1,
            ..OpportunityDraft::default()
        };
        let err = bad.validate().unwrap_err();
        let fields: Vec<String> = err.fields.iter().map(|f| f.field.clone()).collect();
        for name in [
            "title",
            "client_id",
            "owner_id",
            "expected_value_cents",
            "source",
        ] {
            assert!(fields.contains(&name.to_string()), "{name} in {fields:?}");
        }
    }

    #[test]
    fn a_contact_with_only_a_name_is_refused() {
        let d = OpportunityDraft {
            contact_phone: None,
            ..draft()
        };
        let err = d.validate().unwrap_err();
        assert_eq!(err.fields[0].field, "contact_phone");
    }

    #[test]
    fn won_is_reached_only_through_a_sale_and_lost_only_with_a_reason() {
        let stage = |kind| Stage {
            id: "s".into(),
            name: "S".into(),
            position: 1,
            kind,
            archived: false,
        };
        assert!(check_move(Status::Open, &stage(StageKind::Open)).is_ok());
        assert!(check_move(Status::Lost, &stage(StageKind::Open)).is_ok());
        assert!(check_move(Status::Open, &stage(StageKind::Won)).is_err());
        assert!(check_move(Status::Open, &stage(StageKind::Lost)).is_err());
        assert!(check_move(Status::Won, &stage(StageKind::Open)).is_err());
    }

    #[test]
    fn other_as_the_reason_needs_a_note() {
        assert!(parse_loss("outro", None).is_err());
        assert!(parse_loss("outro", Some("  mudou de cidade ")).is_ok());
        assert_eq!(parse_loss("preco", None).unwrap().0, LostReason::Preco);
        assert!(parse_loss("caro", None).is_err());
    }
}
