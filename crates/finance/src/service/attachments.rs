//! Attachments of installments and payables (finance.md §1 "Anexo"): the file is stored by the platform (size
//! and type checked there), tied to its owner here, and the owner's history says who attached or removed what.
//! The caller (the owner's API) has already found the owner, so an unknown owner is its 404, not ours.

use bytes::Bytes;
use platform::access::Principal;
use platform::db::Db;
use platform::error::{Error, Result};
use platform::files::Files;
use platform::history::{self, Change, Entry, Reason};

use crate::domain::attachment::{Attachment, OwnerKind};
use crate::store::{attachments as store, Stamp};
use platform::clock::SharedClock;

/// What owns the attachments: its kind, id and the history it writes to.
#[derive(Debug, Clone, Copy)]
pub struct Owner<'a> {
    pub kind: OwnerKind,
    pub id: &'a str,
    /// The owner's history entity (e.g. `finance.receivable_installment`).
    pub entity: &'static str,
}

pub struct Attachments {
    db: Db,
    clock: SharedClock,
    files: Files,
}

impl Attachments {
    pub fn new(db: Db, clock: SharedClock, files: Files) -> Attachments {
        Attachments { db, clock, files }
    }

    /// The owner's attachments, removed ones included (marked), oldest first.
    pub async fn list(&self, owner: Owner<'_>) -> Result<Vec<Attachment>> {
        Ok(store::of_owner(&self.db, owner.kind, owner.id).await?)
    }

    /// Stores the file (413 over 10 MB, 415 for a type not accepted) and attaches it, with a history line on the
    /// owner. The bytes are written first: a row never points at bytes that are not there.
    pub async fn add(
        &self,
        owner: Owner<'_>,
        name: &str,
        bytes: Bytes,
        by: &Principal,
    ) -> Result<Attachment> {
        let file = self.files.put(name, bytes, &by.uid).await?;
        let stamp = Stamp::now(&self.clock, by);
        let id = uuid::Uuid::now_v7().to_string();
        let mut tx = self.db.begin().await?;
        store::insert(
            &mut tx, &id, owner.kind, owner.id, &file.id, stamp.at, stamp.by,
        )
        .await?;
        let entry = Entry {
            entity: owner.entity,
            entity_id: owner.id,
            action: "Anexo incluído",
            from_state: None,
            to_state: None,
            reason: None,
            changes: vec![Change {
                field: "attachment".into(),
                from: None,
                to: Some(file.name.clone()),
            }],
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(owner, &id).await
    }

    /// One of the owner's attachments (404 when it is not the owner's).
    pub async fn get(&self, owner: Owner<'_>, id: &str) -> Result<Attachment> {
        store::of_owner_by_id(&self.db, owner.kind, owner.id, id)
            .await?
            .ok_or_else(|| Error::not_found("Anexo não encontrado."))
    }

    /// The attachment and its bytes, exactly as stored.
    pub async fn file(&self, owner: Owner<'_>, id: &str) -> Result<(Attachment, Bytes)> {
        let attachment = self.get(owner, id).await?;
        let file = self
            .files
            .get(&attachment.file_id)
            .await?
            .ok_or_else(|| Error::not_found("Anexo não encontrado."))?;
        let bytes = self.files.bytes(&file).await?;
        Ok((attachment, bytes))
    }

    /// Marks an attachment removed (kept, with the reason); 409 when it already was.
    pub async fn remove(
        &self,
        owner: Owner<'_>,
        id: &str,
        reason: Option<&str>,
        by: &Principal,
    ) -> Result<Attachment> {
        let reason = Reason::parse("reason", reason).map_err(|v| Error::invalid(vec![v]))?;
        let attachment = self.get(owner, id).await?;
        let stamp = Stamp::now(&self.clock, by);
        let mut tx = self.db.begin().await?;
        if !store::remove(&mut tx, id, stamp.at, stamp.by, reason.as_str()).await? {
            return Err(Error::conflict(
                "anexo_removido",
                "Este anexo já foi removido.",
            ));
        }
        let entry = Entry {
            entity: owner.entity,
            entity_id: owner.id,
            action: "Anexo removido",
            from_state: None,
            to_state: None,
            reason: Some(&reason),
            changes: vec![Change {
                field: "attachment".into(),
                from: Some(attachment.name.clone()),
                to: None,
            }],
        };
        history::record(&mut tx, &entry, by, stamp.at).await?;
        tx.commit().await?;
        self.get(owner, id).await
    }
}
