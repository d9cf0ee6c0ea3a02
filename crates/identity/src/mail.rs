//! Outgoing e-mail through `lettre` (SMTP with STARTTLS or SMTPS, authentication and timeouts, all read
//! from `BACKOFFICE_SMTP_URL`: `smtp://host:587?tls=required`, `smtps://user:pass@host:465`, or plain
//! `smtp://127.0.0.1:2525` for a relay on the local network).
//!
//! A message is delivered by a background task, never inside the request that asked for it. The outbox
//! table records that it was sent (address, subject, when, the last error) and never its body: a reset
//! code kept there, or in the log, would be usable by whoever reads them.

use std::time::Duration;

use chrono::{DateTime, Utc};
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use platform::clock::SharedClock;
use platform::db::Db;
use platform::error::{Error, Result};

use crate::store;

/// How long a connection to the relay, and each exchange with it, may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

#[derive(Clone)]
pub struct Mailer {
    transport: Option<AsyncSmtpTransport<Tokio1Executor>>,
    from: Mailbox,
}

impl Mailer {
    /// Without `smtp_url` nothing is delivered (the outbox still records each message).
    pub fn new(smtp_url: Option<&str>, from: &str) -> Result<Mailer> {
        let from = from
            .parse::<Mailbox>()
            .map_err(|e| Error::internal(format!("BACKOFFICE_MAIL_FROM inválido ({from}): {e}")))?;
        let transport = smtp_url
            .map(|url| {
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map(|b| b.timeout(Some(SMTP_TIMEOUT)).build())
                    .map_err(|e| Error::internal(format!("BACKOFFICE_SMTP_URL inválido: {e}")))
            })
            .transpose()?;
        Ok(Mailer { transport, from })
    }

    /// Records the message in the outbox and delivers it in the background.
    pub async fn send(
        &self,
        db: &Db,
        clock: &SharedClock,
        to: &str,
        subject: &str,
        body: String,
    ) -> Result<()> {
        let id = store::enqueue_mail(db, to, subject, clock.now()).await?;
        let Some(transport) = self.transport.clone() else {
            tracing::info!(%to, %subject, "no SMTP relay configured: message recorded, not delivered");
            return Ok(());
        };
        let message = self.message(to, subject, body)?;
        let (db, clock) = (db.clone(), clock.clone());
        tokio::spawn(async move {
            let outcome = transport.send(message).await;
            let (sent_at, error): (Option<DateTime<Utc>>, Option<String>) = match &outcome {
                Ok(_) => (Some(clock.now()), None),
                Err(e) => {
                    tracing::warn!(error = %e, "SMTP delivery failed");
                    (None, Some(e.to_string()))
                }
            };
            if let Err(e) = store::mark_mail(&db, &id, sent_at, error.as_deref()).await {
                tracing::warn!(error = %e, "could not record the delivery in the outbox");
            }
        });
        Ok(())
    }

    fn message(&self, to: &str, subject: &str, body: String) -> Result<Message> {
        let to = to
            .parse::<Mailbox>()
            .map_err(|_| Error::invalid_field("email", "E-mail de destino inválido."))?;
        Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .body(body)
            .map_err(|e| Error::internal(format!("building the message: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use platform::clock::ManualClock;
    use platform::context::Context;
    use platform::testing::smtp::SmtpServer;

    use super::*;

    async fn db() -> Db {
        platform::testing::sqlite(&[platform::migrations(), crate::Identity::migrations()]).await
    }

    #[tokio::test]
    async fn delivers_with_authentication_and_keeps_no_body() {
        let smtp = SmtpServer::start().await;
        let mailer = Mailer::new(
            Some(&smtp.url_with_login("relay", "segredo")),
            "Backoffice <nao-responda@backoffice.local>",
        )
        .unwrap();
        let db = db().await;
        let clock: SharedClock = ManualClock::starting_now();
        mailer
            .send(
                &db,
                &clock,
                "ana@x.com.br",
                "Assunto",
                "Código 123456".into(),
            )
            .await
            .unwrap();
        let got = smtp.message_to("ana@x.com.br").await;
        assert!(got.data.contains("Código 123456") || got.data.contains("C=C3=B3digo 123456"));
        assert_eq!(got.from, "nao-responda@backoffice.local");
        assert!(got.auth.is_some_and(|a| a.starts_with("AUTH")));
        let outbox = store::mail_to(&db, "ana@x.com.br").await.unwrap();
        assert_eq!(outbox.len(), 1);
        assert_eq!(outbox[0].subject, "Assunto");
    }

    #[test]
    fn a_bad_url_or_sender_is_refused_at_start() {
        assert!(Mailer::new(Some("ftp://x"), "a@b.com.br").is_err());
        assert!(Mailer::new(None, "não é e-mail").is_err());
        assert!(Mailer::new(Some("smtps://u:p@smtp.example.com:465"), "a@b.com.br").is_ok());
        assert!(Mailer::new(
            Some("smtp://smtp.example.com:587?tls=required"),
            "a@b.com.br"
        )
        .is_ok());
    }
}
