//! Outgoing e-mail. Every message goes to the outbox table first (so nothing is lost and the embedded
//! default needs no mail server); when an SMTP relay is configured it is also delivered right away.
//! The client speaks plain SMTP (RFC 5321) to a relay on the local network; TLS is the relay's business.

use chrono::Utc;
use platform::db::Db;
use platform::error::ApiResult;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

use crate::store;

#[derive(Debug, Clone)]
pub struct Mailer {
    /// `host:port` of the relay, from `smtp://host:port`.
    relay: Option<String>,
    from: String,
}

impl Mailer {
    pub fn new(smtp_url: Option<&str>, from: &str) -> Mailer {
        let relay = smtp_url.map(|u| {
            u.trim_start_matches("smtp://")
                .trim_end_matches('/')
                .to_string()
        });
        Mailer {
            relay,
            from: from.to_string(),
        }
    }

    pub async fn send(&self, db: &Db, to: &str, subject: &str, body: &str) -> ApiResult<()> {
        let id = store::enqueue_mail(db, to, subject, body, Utc::now()).await?;
        let Some(relay) = &self.relay else {
            tracing::info!(%to, %subject, %body, "e-mail kept in the outbox (no SMTP relay configured)");
            return Ok(());
        };
        match deliver(relay, &self.from, to, subject, body).await {
            Ok(()) => store::mark_mail(db, &id, Some(Utc::now()), None).await?,
            Err(e) => {
                tracing::warn!(%to, error = %e, "SMTP delivery failed; message stays in the outbox");
                store::mark_mail(db, &id, None, Some(&e.to_string())).await?;
            }
        }
        Ok(())
    }
}

/// One SMTP transaction: EHLO, MAIL FROM, RCPT TO, DATA, QUIT; every reply code is checked.
pub async fn deliver(
    relay: &str,
    from: &str,
    to: &str,
    subject: &str,
    body: &str,
) -> std::io::Result<()> {
    let stream = TcpStream::connect(relay).await?;
    let (read, mut write) = stream.into_split();
    let mut read = BufReader::new(read);
    expect(&mut read, 220).await?;
    for (command, code) in [
        ("EHLO backoffice".to_string(), 250),
        (format!("MAIL FROM:<{from}>"), 250),
        (format!("RCPT TO:<{to}>"), 250),
        ("DATA".to_string(), 354),
    ] {
        write.write_all(format!("{command}\r\n").as_bytes()).await?;
        expect(&mut read, code).await?;
    }
    let message = format!(
        "From: <{from}>\r\nTo: <{to}>\r\nSubject: =?UTF-8?B?{}?=\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=UTF-8\r\n\r\n{}\r\n.\r\n",
        base64_encode(subject),
        dot_stuff(body)
    );
    write.write_all(message.as_bytes()).await?;
    expect(&mut read, 250).await?;
    write.write_all(b"QUIT\r\n").await?;
    Ok(())
}

/// Reads one (possibly multi-line) reply and checks its code.
async fn expect(
    read: &mut BufReader<tokio::net::tcp::OwnedReadHalf>,
    code: u16,
) -> std::io::Result<()> {
    loop {
        let mut line = String::new();
        if read.read_line(&mut line).await? == 0 {
            return Err(std::io::Error::other("SMTP server closed the connection"));
        }
        let got: u16 = line.get(..3).and_then(|c| c.parse().ok()).unwrap_or(0);
        if got != code {
            return Err(std::io::Error::other(format!(
                "SMTP: expected {code}, got {}",
                line.trim_end()
            )));
        }
        // "250-" continues a multi-line reply; "250 " ends it.
        if line.as_bytes().get(3) != Some(&b'-') {
            return Ok(());
        }
    }
}

/// A line starting with "." gets another, so it is not read as the end of DATA.
fn dot_stuff(body: &str) -> String {
    body.split("\r\n")
        .map(|l| {
            if l.starts_with('.') {
                format!(".{l}")
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\r\n")
}

fn base64_encode(s: &str) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::net::TcpListener;

    /// A local server that speaks the SMTP dialogue and records what it received.
    async fn smtp_server() -> (String, tokio::task::JoinHandle<String>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let handle = tokio::spawn(async move {
            let (stream, _) = listener.accept().await.unwrap();
            let (read, mut write) = stream.into_split();
            let mut read = BufReader::new(read);
            let mut transcript = String::new();
            write.write_all(b"220 test ESMTP\r\n").await.unwrap();
            let mut in_data = false;
            loop {
                let mut line = String::new();
                if read.read_line(&mut line).await.unwrap() == 0 {
                    break;
                }
                transcript.push_str(&line);
                let reply: &[u8] = if in_data {
                    if line == ".\r\n" {
                        in_data = false;
                        b"250 queued\r\n"
                    } else {
                        continue;
                    }
                } else if line.starts_with("EHLO") {
                    b"250-test\r\n250 OK\r\n"
                } else if line.starts_with("DATA") {
                    in_data = true;
                    b"354 go\r\n"
                } else if line.starts_with("QUIT") {
                    write.write_all(b"221 bye\r\n").await.unwrap();
                    break;
                } else {
                    b"250 OK\r\n"
                };
                write.write_all(reply).await.unwrap();
            }
            transcript
        });
        (addr, handle)
    }

    #[tokio::test]
    async fn delivers_through_an_smtp_dialogue() {
        let (addr, server) = smtp_server().await;
        deliver(&addr, "a@x.com", "b@y.com", "Código", "linha 1\r\n.linha 2")
            .await
            .unwrap();
        let transcript = server.await.unwrap();
        assert!(transcript.contains("RCPT TO:<b@y.com>"), "{transcript}");
        assert!(
            transcript.contains("..linha 2"),
            "dot-stuffing: {transcript}"
        );
    }

    #[tokio::test]
    async fn a_refusing_server_is_an_error() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        tokio::spawn(async move {
            let (mut s, _) = listener.accept().await.unwrap();
            s.write_all(b"554 no service\r\n").await.unwrap();
        });
        assert!(deliver(&addr, "a@x.com", "b@y.com", "s", "b")
            .await
            .is_err());
    }
}
