//! Convênios' operations: de cobrança and de pagamentos, each under an active bank account of the company, with
//! their history. The nosso número counter and the file sequences only move forward (422 "nunca reutilizado").

use platform::access::Principal;
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::history::{self, Change, Entry, Recorded};

use crate::domain::agreement::{
    CollectionAgreement, CollectionAgreementDraft, CollectionAgreementFields, PaymentAgreement,
    PaymentAgreementDraft, PaymentForm,
};
use crate::domain::BankAccount;
use crate::store::agreements as store;
use crate::store::{bank_accounts, Stamp};

use super::{or_duplicate, stale, with_history, written};

/// The history's name for a convênio de cobrança.
pub const COLLECTION_AGREEMENT_ENTITY: &str = "finance.collection_agreement";
/// The history's name for a convênio de pagamentos.
pub const PAYMENT_AGREEMENT_ENTITY: &str = "finance.payment_agreement";

/// What may change in a convênio de cobrança (the bank account does not): each `None` keeps what is stored.
#[derive(Debug, Clone, Default)]
pub struct CollectionAgreementPatch {
    pub draft: CollectionAgreementDraft,
    /// `Some(None)` clears the optional fields (digit, modalidade, variação, posto, protesto, baixa, PIX key).
    pub clear: Vec<&'static str>,
    pub active: Option<bool>,
}

/// What may change in a convênio de pagamentos.
#[derive(Debug, Clone, Default)]
pub struct PaymentAgreementPatch {
    pub name: Option<String>,
    pub code: Option<String>,
    pub next_file_sequence: Option<i64>,
    pub methods: Option<Vec<PaymentForm>>,
    pub active: Option<bool>,
}

pub struct Agreements {
    db: Db,
    clock: SharedClock,
}

fn state(active: bool) -> &'static str {
    if active {
        "ATIVO"
    } else {
        "INATIVO"
    }
}

impl Agreements {
    pub fn new(db: Db, clock: SharedClock) -> Agreements {
        Agreements { db, clock }
    }

    async fn account(&self, id: Option<&str>) -> Result<BankAccount> {
        let field = "bank_account_id";
        let id = id
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .ok_or_else(|| Error::invalid_field(field, "Escolha a conta bancária."))?;
        match bank_accounts::by_id(&self.db, id).await? {
            None => Err(Error::invalid_field(
                field,
                "Conta bancária não encontrada.",
            )),
            Some(a) if !a.active => Err(Error::invalid_field(
                field,
                format!("A conta bancária {} está inativa.", a.fields.nickname),
            )),
            Some(a) => Ok(a),
        }
    }

    // ---- cobrança ----

    pub async fn collections(
        &self,
        bank_account_id: Option<&str>,
    ) -> Result<Vec<CollectionAgreement>> {
        Ok(store::collections(&self.db, bank_account_id).await?)
    }

    pub async fn collection(&self, id: &str) -> Result<CollectionAgreement> {
        store::collection_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Convênio de cobrança não encontrado."))
    }

    pub async fn count_collections(&self) -> Result<i64> {
        Ok(store::count_collections(&self.db).await?)
    }

    pub async fn create_collection(
        &self,
        bank_account_id: Option<&str>,
        draft: CollectionAgreementDraft,
        by: &Principal,
    ) -> Result<CollectionAgreement> {
        let account = self.account(bank_account_id).await?;
        let fields = draft.validate(&account)?;
        let n = &account.fields.number;
        let agreement = CollectionAgreement {
            id: uuid::Uuid::now_v7().to_string(),
            bank_account_id: account.id.clone(),
            bank: n.bank,
            agency: n.agency.clone(),
            account: n.account.clone(),
            account_digit: n.account_digit.clone(),
            fields,
            active: true,
            version: 1,
        };
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: COLLECTION_AGREEMENT_ENTITY,
            entity_id: &agreement.id,
            action: "Convênio de cobrança criado",
            from_state: None,
            to_state: Some("ATIVO"),
            reason: None,
            changes: Vec::new(),
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::insert_collection(tx, &agreement, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate_collection(&agreement.fields)))
        })
        .await?;
        Ok(agreement)
    }

    /// Changes a convênio over the version the person saw. The nosso número counter and the file sequence never
    /// go back (422 naming the field).
    pub async fn update_collection(
        &self,
        id: &str,
        version: i64,
        patch: CollectionAgreementPatch,
        by: &Principal,
    ) -> Result<CollectionAgreement> {
        let current = self.collection(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let mut draft = current.draft();
        let p = patch.draft;
        macro_rules! take {
            ($($f:ident),*) => {$(
                if p.$f.is_some() {
                    draft.$f = p.$f;
                }
            )*};
        }
        take!(
            name,
            beneficiary_name,
            beneficiary_document,
            beneficiary_code,
            beneficiary_code_digit,
            carteira,
            modalidade,
            variacao,
            posto,
            layout,
            nosso_numero_first,
            nosso_numero_last,
            next_nosso_numero,
            next_file_sequence,
            fine_bp,
            interest_monthly_bp,
            protest_days,
            baixa_days,
            settlement_days,
            pix_key
        );
        for field in &patch.clear {
            match *field {
                "beneficiary_code_digit" => draft.beneficiary_code_digit = None,
                "modalidade" => draft.modalidade = None,
                "variacao" => draft.variacao = None,
                "posto" => draft.posto = None,
                "protest_days" => draft.protest_days = None,
                "baixa_days" => draft.baixa_days = None,
                "pix_key" => draft.pix_key = None,
                _ => {}
            }
        }
        let c = &current.fields;
        if draft.next_nosso_numero.unwrap_or(c.next_nosso_numero) < c.next_nosso_numero {
            return Err(Error::invalid_field(
                "next_nosso_numero",
                format!(
                    "O próximo nosso número não pode voltar de {} para {}: um nosso número nunca é reutilizado.",
                    c.next_nosso_numero,
                    draft.next_nosso_numero.unwrap_or_default()
                ),
            ));
        }
        if draft.next_file_sequence.unwrap_or(c.next_file_sequence) < c.next_file_sequence {
            return Err(Error::invalid_field(
                "next_file_sequence",
                format!(
                    "O sequencial de arquivo não pode voltar de {}: os bancos recusam sequenciais repetidos.",
                    c.next_file_sequence
                ),
            ));
        }
        if draft.nosso_numero_last.unwrap_or(c.nosso_numero_last) < c.next_nosso_numero - 1 {
            return Err(Error::invalid_field(
                "nosso_numero_last",
                format!(
                    "A faixa não pode terminar antes de {}, o último nosso número já emitido.",
                    c.next_nosso_numero - 1
                ),
            ));
        }
        let account = bank_accounts::by_id(&self.db, &current.bank_account_id)
            .await?
            .ok_or_else(|| Error::not_found("Conta bancária não encontrada."))?;
        let fields = draft.validate(&account)?;
        let mut next = current.clone();
        next.fields = fields;
        next.active = patch.active.unwrap_or(current.active);
        let changes = collection_changes(&current, &next);
        if changes.is_empty() {
            return Ok(current);
        }
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: COLLECTION_AGREEMENT_ENTITY,
            entity_id: id,
            action: "Convênio de cobrança alterado",
            from_state: Some(state(current.active)),
            to_state: Some(state(next.active)),
            reason: None,
            changes,
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::update_collection(tx, &next, version, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate_collection(&next.fields)))
                .and_then(written)
        })
        .await?;
        self.collection(id).await
    }

    pub async fn collection_history(&self, id: &str) -> Result<Vec<Recorded>> {
        self.collection(id).await?;
        history::of(&self.db, COLLECTION_AGREEMENT_ENTITY, id).await
    }

    // ---- pagamentos ----

    pub async fn payments(&self, bank_account_id: Option<&str>) -> Result<Vec<PaymentAgreement>> {
        Ok(store::payments(&self.db, bank_account_id).await?)
    }

    pub async fn payment(&self, id: &str) -> Result<PaymentAgreement> {
        store::payment_by_id(&self.db, id)
            .await?
            .ok_or_else(|| Error::not_found("Convênio de pagamentos não encontrado."))
    }

    pub async fn create_payment(
        &self,
        bank_account_id: Option<&str>,
        draft: PaymentAgreementDraft,
        by: &Principal,
    ) -> Result<PaymentAgreement> {
        let account = self.account(bank_account_id).await?;
        let fields = draft.validate()?;
        let agreement = PaymentAgreement {
            id: uuid::Uuid::now_v7().to_string(),
            bank_account_id: account.id.clone(),
            bank: account.fields.number.bank,
            fields,
            active: true,
            version: 1,
        };
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: PAYMENT_AGREEMENT_ENTITY,
            entity_id: &agreement.id,
            action: "Convênio de pagamentos criado",
            from_state: None,
            to_state: Some("ATIVO"),
            reason: None,
            changes: Vec::new(),
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::insert_payment(tx, &agreement, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate_payment(&agreement.fields.code)))
        })
        .await?;
        Ok(agreement)
    }

    pub async fn update_payment(
        &self,
        id: &str,
        version: i64,
        patch: PaymentAgreementPatch,
        by: &Principal,
    ) -> Result<PaymentAgreement> {
        let current = self.payment(id).await?;
        if current.version != version {
            return Err(stale());
        }
        let mut draft = current.draft();
        if patch.name.is_some() {
            draft.name = patch.name;
        }
        if patch.code.is_some() {
            draft.code = patch.code;
        }
        if let Some(seq) = patch.next_file_sequence {
            if seq < current.fields.next_file_sequence {
                return Err(Error::invalid_field(
                    "next_file_sequence",
                    format!(
                        "O sequencial de arquivo não pode voltar de {}: os bancos recusam sequenciais repetidos.",
                        current.fields.next_file_sequence
                    ),
                ));
            }
            draft.next_file_sequence = Some(seq);
        }
        if patch.methods.is_some() {
            draft.methods = patch.methods;
        }
        let mut next = current.clone();
        next.fields = draft.validate()?;
        next.active = patch.active.unwrap_or(current.active);
        let (a, b) = (&current.fields, &next.fields);
        let list = |m: &[PaymentForm]| m.iter().map(|f| f.as_str()).collect::<Vec<_>>().join(", ");
        let changes: Vec<Change> = [
            Change::of("name", &a.name, &b.name),
            Change::of("code", &a.code, &b.code),
            Change::of(
                "next_file_sequence",
                &a.next_file_sequence,
                &b.next_file_sequence,
            ),
            Change::of("methods", &list(&a.methods), &list(&b.methods)),
            Change::of("active", &current.active, &next.active),
        ]
        .into_iter()
        .flatten()
        .collect();
        if changes.is_empty() {
            return Ok(current);
        }
        let stamp = Stamp::now(&self.clock, by);
        let entry = Entry {
            entity: PAYMENT_AGREEMENT_ENTITY,
            entity_id: id,
            action: "Convênio de pagamentos alterado",
            from_state: Some(state(current.active)),
            to_state: Some(state(next.active)),
            reason: None,
            changes,
        };
        with_history(&self.db, &entry, by, stamp.at, async |tx| {
            store::update_payment(tx, &next, version, &stamp)
                .await
                .map_err(|e| or_duplicate(e, || duplicate_payment(&next.fields.code)))
                .and_then(written)
        })
        .await?;
        self.payment(id).await
    }

    pub async fn payment_history(&self, id: &str) -> Result<Vec<Recorded>> {
        self.payment(id).await?;
        history::of(&self.db, PAYMENT_AGREEMENT_ENTITY, id).await
    }
}

fn opt<T: ToString>(value: &Option<T>) -> String {
    value.as_ref().map(T::to_string).unwrap_or_default()
}

fn collection_changes(current: &CollectionAgreement, next: &CollectionAgreement) -> Vec<Change> {
    let (a, b) = (&current.fields, &next.fields);
    [
        Change::of("name", &a.name, &b.name),
        Change::of("beneficiary_name", &a.beneficiary_name, &b.beneficiary_name),
        Change::of(
            "beneficiary_document",
            &a.beneficiary_document,
            &b.beneficiary_document,
        ),
        Change::of("beneficiary_code", &a.beneficiary_code, &b.beneficiary_code),
        Change::of(
            "beneficiary_code_digit",
            &opt(&a.beneficiary_code_digit),
            &opt(&b.beneficiary_code_digit),
        ),
        Change::of("carteira", &a.carteira, &b.carteira),
        Change::of("modalidade", &opt(&a.modalidade), &opt(&b.modalidade)),
        Change::of("variacao", &opt(&a.variacao), &opt(&b.variacao)),
        Change::of("posto", &opt(&a.posto), &opt(&b.posto)),
        Change::of("layout", &a.layout.as_str(), &b.layout.as_str()),
        Change::of(
            "nosso_numero_first",
            &a.nosso_numero_first,
            &b.nosso_numero_first,
        ),
        Change::of(
            "nosso_numero_last",
            &a.nosso_numero_last,
            &b.nosso_numero_last,
        ),
        Change::of(
            "next_nosso_numero",
            &a.next_nosso_numero,
            &b.next_nosso_numero,
        ),
        Change::of(
            "next_file_sequence",
            &a.next_file_sequence,
            &b.next_file_sequence,
        ),
        Change::of("fine_bp", &a.fine_bp, &b.fine_bp),
        Change::of(
            "interest_monthly_bp",
            &a.interest_monthly_bp,
            &b.interest_monthly_bp,
        ),
        Change::of("protest_days", &opt(&a.protest_days), &opt(&b.protest_days)),
        Change::of("baixa_days", &opt(&a.baixa_days), &opt(&b.baixa_days)),
        Change::of("settlement_days", &a.settlement_days, &b.settlement_days),
        Change::of("pix_key", &opt(&a.pix_key), &opt(&b.pix_key)),
        Change::of("active", &current.active, &next.active),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn duplicate_collection(f: &CollectionAgreementFields) -> Error {
    Error::conflict(
        "convenio_duplicado",
        format!(
            "Já existe um convênio com o código {} e a carteira {} nesta conta.",
            f.beneficiary_code, f.carteira
        ),
    )
    .with_field("beneficiary_code", "Este convênio já está cadastrado.")
}

fn duplicate_payment(code: &str) -> Error {
    Error::conflict(
        "convenio_duplicado",
        format!("Já existe um convênio de pagamentos com o código {code} nesta conta."),
    )
    .with_field("code", "Este convênio já está cadastrado.")
}
