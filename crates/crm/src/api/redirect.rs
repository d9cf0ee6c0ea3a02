//! `GET /l/{code}`: the public short link. Served by the server ahead of the web apps' fallback, outside
//! the API (no token, HTML answers).
//!
//! Unknown code: 404; archived, expired, or a destination no longer on the allow-list: 410 (a short page in
//! Portuguese); otherwise 302 to the destination with the UTM parameters. The visit is queued for the batch
//! writer ([`ClickRecorder`]) — a click, or a preview when the user agent is a chat app's previewer — with
//! the referrer's domain, the device class and the visitor hash (SHA-256 of the day's salt, the address
//! and the user agent; the address itself is never stored).

use std::net::IpAddr;
use std::sync::Arc;

use poem::http::{header, Method, StatusCode};
use poem::{Endpoint, Request, Response};

use crate::domain::link::{classify, device_class, is_code, referrer_domain, visitor_hash};
use crate::service::clicks::ClickRecorder;
use crate::service::links::{Links, Resolution};
use crate::store::links::ClickRow;

/// The path prefix the server sends here.
pub const PREFIX: &str = "/l/";

/// The `/l/{code}` endpoint. Its clicks go to the context's writer, which the server flushes on stop.
pub struct Redirect {
    links: Arc<Links>,
    clicks: ClickRecorder,
    trusted_proxies: Arc<[IpAddr]>,
}

impl Redirect {
    pub fn new(links: Arc<Links>, clicks: ClickRecorder, trusted_proxies: Vec<IpAddr>) -> Redirect {
        Redirect {
            links,
            clicks,
            trusted_proxies: trusted_proxies.into(),
        }
    }

    /// Stores every visit recorded so far (tests await it instead of sleeping).
    pub async fn flush(&self) {
        self.clicks.flush().await
    }

    /// The client's address: the connection's, or — only from a trusted proxy — the last address in
    /// `X-Forwarded-For` that is not itself a trusted proxy (as identity decides it).
    fn client_addr(&self, req: &Request) -> String {
        platform::api::request_client_addr(req, &self.trusted_proxies)
            .map(|a| a.to_string())
            .unwrap_or_default()
    }

    async fn answer(&self, req: &Request) -> Response {
        let code = req.uri().path().strip_prefix(PREFIX).unwrap_or_default();
        if !is_code(code) {
            return page(StatusCode::NOT_FOUND);
        }
        let resolution = match self.links.resolve(code).await {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(error = %e, "link look-up failed");
                return page(StatusCode::SERVICE_UNAVAILABLE);
            }
        };
        let (link_id, location) = match resolution {
            Resolution::NotFound => return page(StatusCode::NOT_FOUND),
            Resolution::Gone => return page(StatusCode::GONE),
            Resolution::Redirect { link_id, location } => (link_id, location),
        };
        if req.method() == Method::GET {
            let header = |name| {
                req.headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default()
            };
            let user_agent = header(header::USER_AGENT);
            match self.links.salt().await {
                Ok(salt) => {
                    self.clicks
                        .record(ClickRow {
                            link_id,
                            at: self.links.clock().now(),
                            kind: classify(user_agent).as_str(),
                            referrer_domain: referrer_domain(header(header::REFERER)),
                            device: device_class(user_agent),
                            visitor_hash: visitor_hash(&salt, &self.client_addr(req), user_agent),
                        })
                        .await
                }
                Err(e) => tracing::warn!(error = %e, "link click not recorded: no salt"),
            }
        }
        Response::builder()
            .status(StatusCode::FOUND)
            .header(header::LOCATION, location)
            .header(header::CACHE_CONTROL, "no-store")
            .header("Referrer-Policy", "no-referrer")
            .finish()
    }
}

impl Endpoint for Redirect {
    type Output = Response;

    async fn call(&self, req: Request) -> poem::Result<Response> {
        if req.method() != Method::GET && req.method() != Method::HEAD {
            return Ok(Response::builder()
                .status(StatusCode::METHOD_NOT_ALLOWED)
                .header(header::ALLOW, "GET, HEAD")
                .finish());
        }
        let mut resp = self.answer(&req).await;
        if req.method() == Method::HEAD {
            resp.set_body(());
        }
        Ok(resp)
    }
}

/// A small page in Portuguese for a link that does not redirect.
fn page(status: StatusCode) -> Response {
    let (title, text) = match status {
        StatusCode::GONE => (
            "Link indisponível",
            "Este link expirou ou foi desativado. Peça um link atualizado a quem o enviou.",
        ),
        StatusCode::NOT_FOUND => (
            "Link não encontrado",
            "Confira se o endereço foi copiado por inteiro.",
        ),
        _ => (
            "Serviço indisponível",
            "Não foi possível abrir o link agora. Tente novamente em instantes.",
        ),
    };
    let html = format!(
        "<!doctype html><html lang=\"pt-BR\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1rem;color:#222}}\
         h1{{font-size:1.4rem}}</style></head><body><h1>{title}</h1><p>{text}</p></body></html>"
    );
    Response::builder()
        .status(status)
        .content_type("text/html; charset=utf-8")
        .header(header::CACHE_CONTROL, "no-store")
        .body(html)
}
