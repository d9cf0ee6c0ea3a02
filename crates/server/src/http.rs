//! What the server does to every connection and every response, whatever the route: a cap on
//! connections served at once, a timeout for connections that send nothing (half-sent headers, idle
//! keep-alive), and the security headers.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use platform::config::Config;
use poem::http::{header, HeaderValue};
use poem::listener::Acceptor;
use poem::web::{LocalAddr, RemoteAddr};
use poem::{Endpoint, IntoResponse, Request, Response, Server};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A connection that sends or receives nothing for this long is closed: a client that stopped halfway
/// through its headers, or an idle keep-alive connection.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(20);

/// The server on `acceptor`, with the connection cap and the idle timeout ([`IDLE_TIMEOUT`] in
/// production; tests pass a short one). poem's own `idle_timeout` is not used: it asks the connection
/// to shut down gracefully, which waits for the half-sent request it was meant to end.
pub fn server<A: Acceptor + 'static>(
    acceptor: A,
    max_connections: usize,
    idle_timeout: Duration,
) -> Server<Infallible, Limited<A>> {
    Server::new_with_acceptor(Limited::new(acceptor, max_connections, idle_timeout))
        .name("backoffice")
}

/// An acceptor that serves at most `max` connections at once: the next one is accepted when one closes
/// (the operating system's backlog holds the rest), so a flood of idle connections cannot exhaust the
/// server's file descriptors.
pub struct Limited<A> {
    inner: A,
    slots: Arc<Semaphore>,
    idle_timeout: Duration,
}

impl<A: Acceptor> Limited<A> {
    pub fn new(inner: A, max: usize, idle_timeout: Duration) -> Limited<A> {
        Limited {
            inner,
            slots: Arc::new(Semaphore::new(max.max(1))),
            idle_timeout,
        }
    }
}

impl<A: Acceptor> Acceptor for Limited<A> {
    type Io = Counted<A::Io>;

    fn local_addr(&self) -> Vec<LocalAddr> {
        self.inner.local_addr()
    }

    async fn accept(
        &mut self,
    ) -> io::Result<(Self::Io, LocalAddr, RemoteAddr, poem::http::uri::Scheme)> {
        let slot = self
            .slots
            .clone()
            .acquire_owned()
            .await
            .expect("the connection semaphore is never closed");
        let (io, local, remote, scheme) = self.inner.accept().await?;
        let timeout = self.idle_timeout;
        let io = Counted {
            io,
            _slot: slot,
            timeout,
            deadline: Box::pin(tokio::time::sleep(timeout)),
        };
        Ok((io, local, remote, scheme))
    }
}

/// A connection holding one of the slots until it is dropped, and failing its read when nothing moved
/// either way for the idle timeout (the HTTP layer then closes it, whatever it was waiting for).
pub struct Counted<Io> {
    io: Io,
    _slot: OwnedSemaphorePermit,
    timeout: Duration,
    deadline: Pin<Box<tokio::time::Sleep>>,
}

impl<Io> Counted<Io> {
    fn active(&mut self) {
        let next = tokio::time::Instant::now() + self.timeout;
        self.deadline.as_mut().reset(next);
    }
}

impl<Io: AsyncRead + Unpin> AsyncRead for Counted<Io> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.io).poll_read(cx, buf) {
            Poll::Ready(result) => {
                self.active();
                Poll::Ready(result)
            }
            Poll::Pending => match self.deadline.as_mut().poll(cx) {
                Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "connection idle: closed",
                ))),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl<Io: AsyncWrite + Unpin> AsyncWrite for Counted<Io> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.io).poll_write(cx, buf);
        if written.is_ready() {
            self.active();
        }
        written
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_shutdown(cx)
    }
}

/// The security headers, computed once from the configuration.
#[derive(Clone)]
pub struct SecurityHeaders {
    csp: HeaderValue,
    plugin_csp: HeaderValue,
    /// The policy without `frame-ancestors`, and the configured ancestors, for the plugin's per-request policy.
    base: String,
    plugin_ancestors: String,
    /// The plugin's allowed origins (a setting read on every framing, so a change needs no restart).
    plugin: Option<Arc<crm::Plugin>>,
}

/// The page other tools embed in an iframe.
const PLUGIN_PATH: &str = "/crm/plugin";
/// The public proposal summary: its page and its API.
const SUMMARY_PAGE: &str = "/resumo-temporario";
const SUMMARY_API: &str = "/api/v1/public/summary";

impl SecurityHeaders {
    pub fn new(config: &Config) -> SecurityHeaders {
        let sources = Sources::from(config);
        let base = sources.policy();
        let plugin_ancestors = std::iter::once("'self'".to_string())
            .chain(config.http.plugin_frame_ancestors.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ");
        SecurityHeaders {
            csp: header_value(&format!("{base}; frame-ancestors 'none'")),
            plugin_csp: header_value(&format!("{base}; frame-ancestors {plugin_ancestors}")),
            base,
            plugin_ancestors,
            plugin: None,
        }
    }

    /// Adds the origins of the plugin's setting to the configured ones on `/crm/plugin`.
    pub fn with_plugin(mut self, plugin: Arc<crm::Plugin>) -> SecurityHeaders {
        self.plugin = Some(plugin);
        self
    }

    /// The plugin page's policy with the setting's origins (already validated as exact origins); the
    /// configured policy when the setting cannot be read.
    async fn plugin_policy(&self) -> HeaderValue {
        let Some(plugin) = &self.plugin else {
            return self.plugin_csp.clone();
        };
        match plugin.stored_origins().await {
            Ok(origins) if !origins.is_empty() => {
                let ancestors = std::iter::once(self.plugin_ancestors.clone())
                    .chain(origins)
                    .collect::<Vec<_>>()
                    .join(" ");
                HeaderValue::from_str(&format!("{}; frame-ancestors {ancestors}", self.base))
                    .unwrap_or_else(|_| self.plugin_csp.clone())
            }
            Ok(_) => self.plugin_csp.clone(),
            Err(e) => {
                tracing::warn!(error = %e, "could not read the plugin's allowed origins");
                self.plugin_csp.clone()
            }
        }
    }

    /// Adds the headers to a response for `path`.
    pub fn apply(&self, path: &str, resp: &mut Response) {
        self.apply_with(path, resp, None)
    }

    fn is_public_summary(path: &str) -> bool {
        path == SUMMARY_PAGE || path == SUMMARY_API
    }

    fn is_plugin(path: &str) -> bool {
        path == PLUGIN_PATH || path.starts_with("/crm/plugin/")
    }

    /// Adds the headers, with `plugin_csp` (the per-request policy) on the plugin's page.
    fn apply_with(&self, path: &str, resp: &mut Response, plugin_csp: Option<HeaderValue>) {
        let plugin = Self::is_plugin(path);
        let headers = resp.headers_mut();
        let csp = if plugin {
            plugin_csp.unwrap_or_else(|| self.plugin_csp.clone())
        } else {
            self.csp.clone()
        };
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
        if !plugin {
            // For browsers that predate frame-ancestors.
            headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        }
        headers.insert(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        );
        headers.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        );
        // Sign-in and refresh answers carry tokens: no cache may keep them.
        if path.starts_with("/api/v1/auth/") {
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
        }
        // The proposal summary is a client's data behind a secret link: kept by no cache, named to no other
        // site, indexed by no search engine (framing is already refused above).
        if Self::is_public_summary(path) {
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            headers.insert(header::PRAGMA, HeaderValue::from_static("no-cache"));
            headers.insert(
                header::REFERRER_POLICY,
                HeaderValue::from_static("no-referrer"),
            );
            headers.insert(
                "x-robots-tag",
                HeaderValue::from_static("noindex, nofollow"),
            );
        }
    }
}

fn header_value(policy: &str) -> HeaderValue {
    HeaderValue::from_str(policy).expect("the policy is built from validated origins")
}

/// Where the web apps may load code and data from, beyond their own origin: the remotes' hosts, the API
/// when it lives elsewhere, and Firebase when it is the identity provider.
struct Sources {
    script: Vec<String>,
    connect: Vec<String>,
}

impl From<&Config> for Sources {
    fn from(config: &Config) -> Sources {
        let remotes: Vec<String> = config
            .web
            .remote_urls
            .iter()
            .filter_map(|(_, url)| origin(url))
            .collect();
        let mut connect = remotes.clone();
        connect.extend(config.web.public_api_base.as_deref().and_then(origin));
        if let platform::config::AuthProvider::Firebase { emulator, .. } = &config.auth {
            connect.push("https://*.googleapis.com".into());
            if let Some(e) = emulator {
                connect.extend(origin(e).or_else(|| origin(&format!("http://{e}"))));
            }
        }
        if config.web.fcm.is_some() {
            connect.push("https://*.googleapis.com".into());
        }
        connect.dedup();
        Sources {
            script: remotes,
            connect,
        }
    }
}

impl Sources {
    fn policy(&self) -> String {
        let with_self = |extra: &[String]| {
            std::iter::once("'self'".to_string())
                .chain(extra.iter().cloned())
                .collect::<Vec<_>>()
                .join(" ")
        };
        format!(
            "default-src 'self'; script-src {}; connect-src {}; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self'; manifest-src 'self'; \
             object-src 'none'; base-uri 'self'; form-action 'self'",
            with_self(&self.script),
            with_self(&self.connect)
        )
    }
}

/// `https://host:port` of a URL, when it is absolute.
fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    let safe = !host.is_empty() && !host.contains([';', '\'', '"', ' ', ',']);
    (safe && (scheme == "http" || scheme == "https")).then(|| format!("{scheme}://{host}"))
}

/// Wraps `ep` so every response carries the security headers.
pub fn with_security_headers<E: Endpoint>(
    ep: E,
    headers: SecurityHeaders,
) -> impl Endpoint<Output = Response> {
    SecuredEndpoint { inner: ep, headers }
}

struct SecuredEndpoint<E> {
    inner: E,
    headers: SecurityHeaders,
}

impl<E: Endpoint> Endpoint for SecuredEndpoint<E> {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        let path = req.uri().path().to_string();
        let mut resp = match self.inner.call(req).await {
            Ok(resp) => resp.into_response(),
            Err(err) => err.into_response(),
        };
        let plugin_csp = if SecurityHeaders::is_plugin(&path) {
            Some(self.headers.plugin_policy().await)
        } else {
            None
        };
        self.headers.apply_with(&path, &mut resp, plugin_csp);
        Ok(resp)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_taken_only_from_absolute_urls() {
        assert_eq!(
            origin("https://cdn.example.com:8443/remotes/crm/remoteEntry.js").as_deref(),
            Some("https://cdn.example.com:8443")
        );
        assert_eq!(origin("/remotes/crm/remoteEntry.js"), None);
        assert_eq!(origin("javascript://x"), None);
        assert_eq!(origin("https://a.com;script-src *"), None);
    }
}
