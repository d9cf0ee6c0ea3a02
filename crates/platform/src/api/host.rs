//! The API as the server serves it, and as every context's tests call it: the operations with their
//! declared permissions enforced, the reference at `/api/docs`, and every error in the one JSON shape.
//!
//! Operation errors already are JSON; [`json_errors`] catches the rest — an unknown API path, a wrong
//! method, a missing bearer token — which poem would otherwise answer in plain text.

use std::sync::Arc;

use poem::endpoint::BoxEndpoint;
use poem::http::{header, StatusCode};
use poem::{Endpoint, EndpointExt, IntoResponse, Response, Route};
use poem_openapi::{OpenApi, OpenApiService};

use super::auth::{AccessTable, SharedAuthenticator};
use super::error::{ErrorBody, FieldError};
use super::required::RequiredMembers;

/// The API endpoint: `service`'s operations (each checked against `table` before its handler), its
/// reference UI and document, and JSON errors everywhere.
pub fn host<T: OpenApi + 'static>(
    service: OpenApiService<T, ()>,
    table: Arc<AccessTable>,
    authenticator: SharedAuthenticator,
) -> BoxEndpoint<'static, Response> {
    let spec = service.spec();
    let allowed = AllowedMethods::from_spec(&spec);
    let required = Arc::new(RequiredMembers::from_spec(&spec));
    let api = Route::new()
        .nest("/api/docs", service.swagger_ui())
        .at("/api/openapi.json", service.spec_endpoint())
        .nest("/", service)
        .data(authenticator)
        .data(table);
    // Outside `json_errors`, which turns every error into its JSON response: a refusal is a response here.
    json_errors(api.around(refuse_nul), allowed)
        .around(move |ep, req| name_missing_members(ep, req, required.clone()))
        .boxed()
}

fn is_json(req: &poem::Request) -> bool {
    req.content_type()
        .is_some_and(|t| t.starts_with("application/json"))
}

/// A body refused for a missing required member gets that member named (see [`RequiredMembers`]).
async fn name_missing_members<E: Endpoint>(
    ep: Arc<E>,
    mut req: poem::Request,
    required: Arc<RequiredMembers>,
) -> poem::Result<Response> {
    if !is_json(&req) {
        return ep.call(req).await.map(IntoResponse::into_response);
    }
    let bytes = req.take_body().into_bytes().await?;
    req.set_body(bytes.clone());
    let resp = ep.call(req).await?.into_response();
    if resp.status() != StatusCode::BAD_REQUEST {
        return Ok(resp);
    }
    Ok(with_missing_member(resp, &bytes, &required).await)
}

async fn with_missing_member(
    resp: Response,
    request: &[u8],
    required: &RequiredMembers,
) -> Response {
    let (mut parts, body) = resp.into_parts();
    let Ok(raw) = body.into_bytes().await else {
        return Response::from_parts(parts, poem::Body::empty());
    };
    let named = serde_json::from_slice::<ErrorBody>(&raw)
        .ok()
        .filter(|e| e.code == "requisicao_invalida" && e.fields.is_empty())
        .and_then(|mut error| {
            let body = serde_json::from_slice(request).ok()?;
            let field = required.missing(&error.message, &body)?;
            error.message =
                format!("Requisição inválida: informe um valor em {field} (ausente ou nulo).");
            error.fields = vec![FieldError::new(field, "Informe um valor.")];
            serde_json::to_vec(&error).ok()
        });
    match named {
        Some(body) => {
            parts.headers.remove(header::CONTENT_LENGTH);
            Response::from_parts(parts, body.into())
        }
        None => Response::from_parts(parts, raw.into()),
    }
}

const NUL_MESSAGE: &str = "Caractere nulo (U+0000) não é permitido.";

/// A NUL character is refused here, for every operation and both engines, naming where it was: in a
/// query parameter, a path segment or any string of a JSON body. (PostgreSQL cannot store it in text and
/// failed with a 500; SQLite stored it as it came.)
async fn refuse_nul<E: Endpoint>(ep: Arc<E>, mut req: poem::Request) -> poem::Result<Response> {
    if let Some(field) = nul_in_uri(req.uri()) {
        return Ok(nul_refusal(field));
    }
    if is_json(&req) {
        let bytes = req.take_body().into_bytes().await?;
        // Only a body that has one is parsed again to find where (JSON writes it as \u0000).
        if bytes.windows(6).any(|w| w.eq_ignore_ascii_case(b"\\u0000")) || bytes.contains(&0) {
            if let Some(field) = serde_json::from_slice::<serde_json::Value>(&bytes)
                .ok()
                .and_then(|v| nul_path(&v, ""))
            {
                return Ok(nul_refusal(field));
            }
        }
        req.set_body(bytes);
    }
    ep.call(req).await.map(IntoResponse::into_response)
}

fn nul_refusal(field: String) -> Response {
    let error = crate::error::Error::invalid_field(&field, NUL_MESSAGE);
    super::ApiError::from(error).into_response()
}

/// The query parameter or path segment whose decoded value holds a NUL.
fn nul_in_uri(uri: &poem::http::Uri) -> Option<String> {
    if let Some(query) = uri.query() {
        for (name, value) in form_urlencoded::parse(query.as_bytes()) {
            if value.contains('\0') || name.contains('\0') {
                return Some(name.replace('\0', ""));
            }
        }
    }
    // A path segment is an id: reported as the path itself.
    uri.path().contains("%00").then(|| "path".to_string())
}

/// The path (`address.street`, `emails[1]`) of the first string holding a NUL, keys included.
fn nul_path(value: &serde_json::Value, at: &str) -> Option<String> {
    use serde_json::Value;
    let join = |key: &str| {
        if at.is_empty() {
            key.to_string()
        } else {
            format!("{at}.{key}")
        }
    };
    match value {
        Value::String(s) if s.contains('\0') => Some(if at.is_empty() {
            "body".into()
        } else {
            at.to_string()
        }),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .find_map(|(i, v)| nul_path(v, &format!("{at}[{i}]"))),
        // A key with a NUL names no field of any operation: it is an unknown member, ignored like any
        // other (refusing it would refuse a request its schema accepts).
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| !k.contains('\0'))
            .find_map(|(k, v)| nul_path(v, &join(k))),
        _ => None,
    }
}

/// Wraps the API so every error is JSON; a 405 also lists the allowed methods (`Allow`, RFC 9110).
pub fn json_errors(
    ep: impl Endpoint + 'static,
    allowed: AllowedMethods,
) -> impl Endpoint<Output = Response> {
    let allowed = std::sync::Arc::new(allowed);
    ep.map_to_response().around(move |ep, req| {
        let allowed = allowed.clone();
        async move {
            let path = req.uri().path().to_string();
            match ep.call(req).await {
                Ok(resp) => Ok(resp),
                Err(err) => {
                    let mut resp = as_json(err);
                    if resp.status() == StatusCode::METHOD_NOT_ALLOWED {
                        if let Some(methods) = allowed.for_path(&path) {
                            if let Ok(value) = methods.parse() {
                                resp.headers_mut().insert(header::ALLOW, value);
                            }
                        }
                    }
                    Ok(resp)
                }
            }
        }
    })
}

/// The methods each path template of the OpenAPI document accepts.
#[derive(Debug, Default)]
pub struct AllowedMethods(Vec<(Vec<String>, String)>);

impl AllowedMethods {
    /// From the OpenAPI document's `paths` (`/api/v1/users/{uid}` → `GET, PATCH`).
    pub fn from_spec(spec: &str) -> AllowedMethods {
        let spec: serde_json::Value = serde_json::from_str(spec).unwrap_or_default();
        let Some(paths) = spec["paths"].as_object() else {
            return AllowedMethods::default();
        };
        let entries = paths
            .iter()
            .map(|(path, ops)| {
                let methods: Vec<String> = ops
                    .as_object()
                    .map(|o| o.keys().map(|m| m.to_uppercase()).collect())
                    .unwrap_or_default();
                (
                    path.split('/').map(str::to_string).collect(),
                    methods.join(", "),
                )
            })
            .collect();
        AllowedMethods(entries)
    }

    pub fn for_path(&self, path: &str) -> Option<&str> {
        let segments: Vec<&str> = path.split('/').collect();
        self.0
            .iter()
            .find(|(template, _)| {
                template.len() == segments.len()
                    && template
                        .iter()
                        .zip(&segments)
                        .all(|(t, s)| (t.starts_with('{') && !s.is_empty()) || t == s)
            })
            .map(|(_, methods)| methods.as_str())
    }
}

fn as_json(err: poem::Error) -> Response {
    let status = err.status();
    let detail = err.to_string();
    let response = err.into_response();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return response;
    }
    if status == StatusCode::BAD_REQUEST {
        // Parameter parse errors of operations whose own response type has no handler for them.
        return super::error::bad_request_from_detail(&detail).into_response();
    }
    let (code, message) = describe(status, &detail);
    let body = ErrorBody {
        code: code.into(),
        message,
        fields: vec![],
        existing: None,
    };
    let mut out = poem::web::Json(body).into_response();
    out.set_status(status);
    for name in [header::RETRY_AFTER, header::ALLOW] {
        if let Some(v) = response.headers().get(&name) {
            out.headers_mut().insert(name, v.clone());
        }
    }
    out
}

fn describe(status: StatusCode, detail: &str) -> (&'static str, String) {
    match status {
        StatusCode::UNAUTHORIZED => (
            "nao_autenticado",
            "Autenticação necessária: envie o token de acesso (Authorization: Bearer …).".into(),
        ),
        StatusCode::FORBIDDEN => (
            "sem_permissao",
            "Você não tem permissão para esta operação.".into(),
        ),
        StatusCode::NOT_FOUND => ("nao_encontrado", "Recurso não encontrado.".into()),
        StatusCode::METHOD_NOT_ALLOWED => (
            "metodo_nao_permitido",
            "Método HTTP não permitido neste endereço.".into(),
        ),
        StatusCode::PAYLOAD_TOO_LARGE => (
            "corpo_muito_grande",
            "O corpo da requisição é grande demais.".into(),
        ),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (
            "tipo_nao_suportado",
            "Tipo de conteúdo não suportado; envie application/json.".into(),
        ),
        s if s.is_client_error() => (
            "requisicao_invalida",
            format!("Requisição inválida: {detail}"),
        ),
        _ => {
            tracing::error!(%status, %detail, "unhandled server error");
            (
                "erro_interno",
                "Erro interno do servidor. Tente novamente; se persistir, avise o suporte.".into(),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nul_is_found_where_it_is() {
        let body: serde_json::Value = serde_json::from_str(
            r#"{"name":"ok","address":{"street":"Rua\u0000A"},"emails":["a","b\u0000"]}"#,
        )
        .unwrap();
        assert_eq!(nul_path(&body, "").as_deref(), Some("address.street"));
        let body: serde_json::Value =
            serde_json::from_str(r#"{"emails":["a","b\u0000"]}"#).unwrap();
        assert_eq!(nul_path(&body, "").as_deref(), Some("emails[1]"));
        let unknown_key: serde_json::Value =
            serde_json::from_str(r#"{"a\u0000b":["x"],"name":"ok"}"#).unwrap();
        assert_eq!(
            nul_path(&unknown_key, ""),
            None,
            "an unknown member is ignored"
        );
        assert_eq!(nul_path(&serde_json::json!({"a": 1}), ""), None);
        let uri: poem::http::Uri = "/api/v1/crm/clients?q=ab%00c&page=1".parse().unwrap();
        assert_eq!(nul_in_uri(&uri).as_deref(), Some("q"));
        let uri: poem::http::Uri = "/api/v1/crm/clients?q=ab%2500c".parse().unwrap();
        assert_eq!(
            nul_in_uri(&uri),
            None,
            "an encoded percent sign is not a NUL"
        );
    }

    #[test]
    fn allowed_methods_match_path_templates() {
        let spec = r#"{"paths": {"/api/v1/users/{uid}": {"get": {}, "patch": {}}, "/api/v1/users": {"get": {}, "post": {}}}}"#;
        let allowed = AllowedMethods::from_spec(spec);
        assert_eq!(allowed.for_path("/api/v1/users/abc"), Some("GET, PATCH"));
        assert_eq!(allowed.for_path("/api/v1/users"), Some("GET, POST"));
        assert_eq!(allowed.for_path("/api/v1/users/abc/x"), None);
        assert_eq!(allowed.for_path("/api/v1/users/"), None);
    }
}
