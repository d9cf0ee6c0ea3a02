//! Every error leaves the server in the one JSON shape (see `platform::error`).
//!
//! Operation errors already are; this catches the rest — an unknown API path, a wrong method, a missing
//! bearer token — which poem would otherwise answer in plain text.

use platform::ErrorBody;
use poem::http::{header, StatusCode};
use poem::{Endpoint, EndpointExt, IntoResponse, Response};

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
    let (code, message) = describe(status, &detail);
    let body = ErrorBody {
        code: code.into(),
        message,
        fields: vec![],
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
    fn allowed_methods_match_path_templates() {
        let spec = r#"{"paths": {"/api/v1/users/{uid}": {"get": {}, "patch": {}}, "/api/v1/users": {"get": {}, "post": {}}}}"#;
        let allowed = AllowedMethods::from_spec(spec);
        assert_eq!(allowed.for_path("/api/v1/users/abc"), Some("GET, PATCH"));
        assert_eq!(allowed.for_path("/api/v1/users"), Some("GET, POST"));
        assert_eq!(allowed.for_path("/api/v1/users/abc/x"), None);
        assert_eq!(allowed.for_path("/api/v1/users/"), None);
    }
}
