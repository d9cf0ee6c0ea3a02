//! Telling people something happened: any context publishes [`Notify`] in the transaction of the change
//! (`platform.jobs.publish(&mut tx, &Notify { … })`); the system context turns it into in-app
//! notifications and push messages, through jobs.
//!
//! A notice names its readers by uid, or by a permission: "every holder of `fornecedores_dados_bancarios_
//! confirmar`" ([`Notify::to_holders`]). The holders are resolved when the notice is delivered, from what the
//! permission table says then (roles and each user's grants and revokes, active users only): a context does
//! not read the users of the identity context.

use serde::{Deserialize, Serialize};

use crate::access::Permission;
use crate::jobs::Event;

/// A notification for some users.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notify {
    /// Who receives it (user uids).
    pub uids: Vec<String>,
    /// Also every active user holding this permission (its code) when the notice is delivered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holders_of: Option<String>,
    /// Never these users, whichever way they were named (whoever made the change).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<String>,
    /// Short, in Portuguese ("Lote LP-2026-000012 aguardando sua aprovação").
    pub title: String,
    pub body: String,
    /// The page it opens (`/pagamento-lote?id=…`), carried as the push message's `data.url`.
    pub url: String,
}

impl Notify {
    /// A notice for these users.
    pub fn to_users(
        uids: Vec<String>,
        title: impl Into<String>,
        body: impl Into<String>,
        url: impl Into<String>,
    ) -> Notify {
        Notify {
            uids,
            holders_of: None,
            except: Vec::new(),
            title: title.into(),
            body: body.into(),
            url: url.into(),
        }
    }

    /// A notice for every holder of `permission` but the users in `except`.
    pub fn to_holders(
        permission: &Permission,
        except: Vec<String>,
        title: impl Into<String>,
        body: impl Into<String>,
        url: impl Into<String>,
    ) -> Notify {
        Notify {
            holders_of: Some(permission.code.to_string()),
            except,
            ..Notify::to_users(Vec::new(), title, body, url)
        }
    }

    /// Who receives it, once the holders of [`Notify::holders_of`] are known: the named users and the holders,
    /// each once, in that order, without the excepted ones.
    pub fn recipients(&self, holders: Vec<String>) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for uid in self.uids.iter().cloned().chain(holders) {
            if !out.contains(&uid) && !self.except.contains(&uid) {
                out.push(uid);
            }
        }
        out
    }
}

impl Event for Notify {
    const KIND: &'static str = "system.notify";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::REMESSA_COBRANCA;

    #[test]
    fn a_notice_written_before_holders_existed_still_reads() {
        let old = r#"{"uids":["a"],"title":"t","body":"b","url":"/inicio"}"#;
        let notice: Notify = serde_json::from_str(old).unwrap();
        assert_eq!(
            notice,
            Notify::to_users(vec!["a".into()], "t", "b", "/inicio")
        );
    }

    #[test]
    fn recipients_are_the_users_and_the_holders_once_without_the_excepted() {
        let notice = Notify {
            uids: vec!["ana".into()],
            ..Notify::to_holders(&REMESSA_COBRANCA, vec!["bia".into()], "t", "b", "/")
        };
        assert_eq!(notice.holders_of.as_deref(), Some("remessa_cobranca"));
        assert_eq!(
            notice.recipients(vec!["bia".into(), "caio".into(), "ana".into()]),
            ["ana", "caio"]
        );
    }
}
