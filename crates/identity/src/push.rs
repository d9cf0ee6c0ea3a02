//! The devices a user receives push notifications on, for the contexts that send them.

use platform::error::Result;

use crate::{store, Identity};

impl Identity {
    /// Keeps a device's token for `uid` (a token saved again by another user moves to that user).
    pub async fn save_push_token(&self, uid: &str, token: &str) -> Result<()> {
        Ok(store::save_push_token(self.db(), token, uid, self.clock().now()).await?)
    }

    /// The FCM tokens of `uid`'s devices.
    pub async fn push_tokens(&self, uid: &str) -> Result<Vec<String>> {
        Ok(store::push_tokens_of(self.db(), uid).await?)
    }

    /// Forgets a token FCM no longer knows (the app was uninstalled, the token expired).
    pub async fn forget_push_token(&self, token: &str) -> Result<()> {
        Ok(store::delete_push_token(self.db(), token).await?)
    }
}
