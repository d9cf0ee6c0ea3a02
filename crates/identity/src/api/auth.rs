//! `/api/v1/auth/*`: sign-in, refresh, sign-out, password reset and change, and the route access check.

use std::sync::Arc;

use platform::access::SIGNED_IN;
use platform::api::{AccessTable, ApiResult, BearerAuth, Text};
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::types::Example;
use poem_openapi::{ApiResponse, Object, OpenApi};

use super::{client_addr, IdentityTag};
use crate::service::{is_dispatch, Identity, SignedIn};
use crate::User;

pub struct AuthApi {
    pub identity: Arc<Identity>,
}

#[derive(Object)]
#[oai(example)]
struct SignInRequest {
    #[oai(validator(max_length = 320))]
    email: Text,
    #[oai(validator(max_length = 1024))]
    password: Text,
}

impl Example for SignInRequest {
    fn example() -> Self {
        SignInRequest {
            email: Text("ana.ribeiro@empresa.com.br".into()),
            password: Text("Senha@2026".into()),
        }
    }
}

#[derive(Object)]
#[oai(example)]
struct RefreshRequest {
    #[oai(validator(max_length = 512))]
    refresh_token: Text,
}

impl Example for RefreshRequest {
    fn example() -> Self {
        RefreshRequest {
            refresh_token: Text("o-token-de-renovacao-recebido-ao-entrar".into()),
        }
    }
}

/// A signed-in session: a short-lived access token, the refresh token that renews it, and the user.
#[derive(Object)]
struct SessionTokens {
    access_token: String,
    refresh_token: String,
    /// Seconds until the access token expires.
    expires_in: i64,
    user: User,
}

impl From<SignedIn> for SessionTokens {
    fn from(s: SignedIn) -> Self {
        SessionTokens {
            access_token: s.access_token,
            refresh_token: s.refresh_token,
            expires_in: s.expires_in,
            user: s.user,
        }
    }
}

#[derive(Object)]
#[oai(example)]
struct SendCodeRequest {
    #[oai(validator(max_length = 320))]
    email: Text,
}

impl Example for SendCodeRequest {
    fn example() -> Self {
        SendCodeRequest {
            email: Text("ana.ribeiro@empresa.com.br".into()),
        }
    }
}

#[derive(Object)]
#[oai(example)]
struct ConfirmResetRequest {
    #[oai(validator(max_length = 320))]
    email: Text,
    #[oai(validator(max_length = 32))]
    code: Text,
    #[oai(validator(max_length = 1024))]
    new_password: Text,
}

impl Example for ConfirmResetRequest {
    fn example() -> Self {
        ConfirmResetRequest {
            email: Text("ana.ribeiro@empresa.com.br".into()),
            code: Text("123456".into()),
            new_password: Text("NovaSenha@2026".into()),
        }
    }
}

#[derive(Object)]
#[oai(example)]
struct ChangePasswordRequest {
    #[oai(validator(max_length = 1024))]
    current_password: Text,
    #[oai(validator(max_length = 1024))]
    new_password: Text,
}

impl Example for ChangePasswordRequest {
    fn example() -> Self {
        ChangePasswordRequest {
            current_password: Text("Senha@2026".into()),
            new_password: Text("NovaSenha@2026".into()),
        }
    }
}

/// The answer to "may I open this page?".
#[derive(Object)]
#[oai(skip_serializing_if_is_none)]
struct RouteAccess {
    path: String,
    /// The permission that route needs (`remessa_cobranca`…); absent when any signed-in user may open it.
    permission: Option<String>,
    allowed: bool,
}

#[derive(ApiResponse)]
enum Accepted {
    /// Accepted: if the e-mail belongs to an active user, a code is on its way.
    #[oai(status = 202)]
    Accepted,
}

#[derive(ApiResponse)]
enum NoContent {
    #[oai(status = 204)]
    Done,
}

#[OpenApi(prefix_path = "/api/v1/auth", tag = "IdentityTag::Identity")]
impl AuthApi {
    /// Signs in with e-mail and password.
    #[oai(path = "/sign-in", method = "post", operation_id = "signIn")]
    async fn sign_in(
        &self,
        req: &poem::Request,
        body: Json<SignInRequest>,
    ) -> ApiResult<Json<SessionTokens>> {
        let addr = client_addr(&self.identity, req);
        let session = self
            .identity
            .sign_in(&body.email, &body.password, addr.as_deref())
            .await?;
        Ok(Json(session.into()))
    }

    /// Exchanges a refresh token for a new pair (the old refresh token is spent; reusing it ends the session).
    #[oai(path = "/refresh", method = "post", operation_id = "refreshSession")]
    async fn refresh(&self, body: Json<RefreshRequest>) -> ApiResult<Json<SessionTokens>> {
        Ok(Json(
            self.identity.refresh(&body.refresh_token).await?.into(),
        ))
    }

    /// Ends the current session.
    #[oai(path = "/sign-out", method = "post", operation_id = "signOut")]
    async fn sign_out(&self, #[oai(scope = "SIGNED_IN")] auth: BearerAuth) -> ApiResult<NoContent> {
        self.identity.sign_out(&auth.0).await?;
        Ok(NoContent::Done)
    }

    /// Sends a password-reset code to the e-mail, if it belongs to an active user (the answer is the same either way).
    #[oai(
        path = "/password-reset/send-code",
        method = "post",
        operation_id = "sendPasswordResetCode"
    )]
    async fn send_code(&self, body: Json<SendCodeRequest>) -> ApiResult<Accepted> {
        self.identity.send_reset_code(&body.email).await?;
        Ok(Accepted::Accepted)
    }

    /// Sets a new password with a reset code.
    #[oai(
        path = "/password-reset/confirm",
        method = "post",
        operation_id = "confirmPasswordReset"
    )]
    async fn confirm(&self, body: Json<ConfirmResetRequest>) -> ApiResult<NoContent> {
        self.identity
            .confirm_reset(&body.email, &body.code, &body.new_password)
            .await?;
        Ok(NoContent::Done)
    }

    /// Changes one's own password.
    ///
    /// Acesso: só a própria senha.
    #[oai(path = "/password", method = "post", operation_id = "changePassword")]
    async fn change_password(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        body: Json<ChangePasswordRequest>,
    ) -> ApiResult<NoContent> {
        self.identity
            .change_password(&auth.0, &body.current_password, &body.new_password)
            .await?;
        Ok(NoContent::Done)
    }

    /// Whether the signed-in user may open a client route (`/remessa`, `/pagamentos-remessa`, `/conciliacao`…).
    ///
    /// Acesso: responde allowed conforme a permissão da rota.
    #[oai(path = "/access", method = "get", operation_id = "checkRouteAccess")]
    async fn access(
        &self,
        #[oai(scope = "SIGNED_IN")] auth: BearerAuth,
        req: &poem::Request,
        table: Data<&Arc<AccessTable>>,
        path: Query<String>,
    ) -> ApiResult<Json<RouteAccess>> {
        let decision = table.route_access(&auth.0, &path.0);
        if let Some(refused) = decision
            .permission
            .filter(|p| !decision.allowed && is_dispatch(p))
        {
            let content = format!(
                "Rota {} recusada pelo servidor: falta a permissão {}",
                path.0, refused.code
            );
            self.identity
                .audit_server_refusal(&auth.0, &content, client_addr(&self.identity, req))
                .await?;
        }
        Ok(Json(RouteAccess {
            allowed: decision.allowed,
            permission: decision.permission.map(|p| p.code.to_string()),
            path: path.0,
        }))
    }
}
