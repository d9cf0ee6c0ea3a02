//! [`SmtpServer`]: a local SMTP server for tests. It speaks the protocol a relay speaks (greeting, EHLO
//! with AUTH, MAIL, RCPT, DATA, RSET, NOOP, QUIT; RFC 5321) and keeps every message it accepted, so a
//! test reads what was really sent over the wire instead of a log or a table.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

/// One message as received: envelope and the DATA section (headers and body, dot-unstuffed).
#[derive(Debug, Clone)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    pub data: String,
    /// The AUTH line the client sent, if any (`AUTH PLAIN …`).
    pub auth: Option<String>,
}

#[derive(Clone)]
pub struct SmtpServer {
    port: u16,
    received: Arc<Mutex<Vec<Received>>>,
    arrived: Arc<Notify>,
}

impl SmtpServer {
    pub async fn start() -> SmtpServer {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind SMTP");
        let server = SmtpServer {
            port: listener.local_addr().expect("local addr").port(),
            received: Arc::default(),
            arrived: Arc::default(),
        };
        let handle = server.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let handle = handle.clone();
                tokio::spawn(async move {
                    let _ = handle.session(stream).await;
                });
            }
        });
        server
    }

    /// `smtp://127.0.0.1:PORT` (plain SMTP), with credentials when given.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn url_with_login(&self, user: &str, password: &str) -> String {
        format!("smtp://{user}:{password}@127.0.0.1:{}", self.port)
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().expect("lock").clone()
    }

    /// Waits until a message to `to` arrived and returns the newest one.
    pub async fn message_to(&self, to: &str) -> Received {
        loop {
            let notified = self.arrived.notified();
            if let Some(found) = self
                .received()
                .into_iter()
                .rev()
                .find(|m| m.to.iter().any(|t| t == to))
            {
                return found;
            }
            notified.await;
        }
    }

    async fn session(&self, stream: TcpStream) -> std::io::Result<()> {
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 teste ESMTP\r\n").await?;
        let mut current = Received {
            from: String::new(),
            to: vec![],
            data: String::new(),
            auth: None,
        };
        while let Some(line) = lines.next_line().await? {
            let upper = line.to_ascii_uppercase();
            let reply: &[u8] = if upper.starts_with("EHLO") {
                b"250-teste\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n"
            } else if upper.starts_with("HELO") || upper.starts_with("NOOP") {
                b"250 ok\r\n"
            } else if upper.starts_with("AUTH") {
                current.auth = Some(line.clone());
                b"235 autenticado\r\n"
            } else if upper.starts_with("MAIL FROM:") {
                current.from = address(&line);
                b"250 ok\r\n"
            } else if upper.starts_with("RCPT TO:") {
                current.to.push(address(&line));
                b"250 ok\r\n"
            } else if upper == "DATA" {
                write.write_all(b"354 envie\r\n").await?;
                let mut data = String::new();
                while let Some(l) = lines.next_line().await? {
                    if l == "." {
                        break;
                    }
                    data.push_str(l.strip_prefix('.').unwrap_or(&l));
                    data.push('\n');
                }
                current.data = data;
                self.received.lock().expect("lock").push(current.clone());
                self.arrived.notify_waiters();
                current.to.clear();
                b"250 aceito\r\n"
            } else if upper == "RSET" {
                current.to.clear();
                b"250 ok\r\n"
            } else if upper == "QUIT" {
                write.write_all(b"221 tchau\r\n").await?;
                return Ok(());
            } else {
                b"502 comando desconhecido\r\n"
            };
            write.write_all(reply).await?;
        }
        Ok(())
    }
}

fn address(line: &str) -> String {
    let start = line
        .find('<')
        .map_or(line.find(':').map_or(0, |i| i + 1), |i| i + 1);
    let end = line[start..].find('>').map_or(line.len(), |i| start + i);
    line[start..end].trim().to_string()
}
