//! Every error leaves the server in the one JSON shape (see `platform::error`).
//!
//! Operation errors already are; this catches the rest — an unknown API path, a wrong method, a missing
//! bearer token — which poem would otherwise answer in plain text.

use platform::ErrorBody;
use poem::http::{header, StatusCode};
use poem::{Endpoint, EndpointExt, IntoResponse, Response};

pub fn json_errors(ep: impl Endpoint + 'static) -> impl Endpoint<Output = Response> {
    ep.map_to_response()
        .catch_all_error(|err: poem::Error| async move { as_json(err) })
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
