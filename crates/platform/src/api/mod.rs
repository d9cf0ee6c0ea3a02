//! The HTTP side every context's API shares: authentication and the declared-permission check, the one
//! JSON error shape, pagination and strict request strings.

pub mod auth;
mod client_addr;
pub mod date;
pub mod download;
pub mod error;
pub mod history;
pub mod host;
pub mod omittable;
pub mod page;
mod required;
pub mod text;

pub use auth::{AccessTable, Authenticator, BearerAuth, Operation, SharedAuthenticator};
pub use client_addr::{client_addr, request_client_addr};
pub use date::Date;
pub use download::{Download, Exported, Stored};
pub use error::{ApiError, ApiResult, ErrorBody, FieldError};
pub use history::HistoryEntryDto;
pub use host::host;
pub use omittable::{Clearable, Omittable};
pub use page::PageRequest;
pub use text::Text;

/// Converts both ways between an API enum (with poem-openapi's derive) and the domain enum it shows,
/// variant by variant, so the domain keeps no HTTP types:
/// `platform::mirror_enum!(ClientKind, domain::ClientKind { Person, Company });`
#[macro_export]
macro_rules! mirror_enum {
    ($api:ident, $domain:ty { $($variant:ident),+ $(,)? }) => {
        impl From<$domain> for $api {
            fn from(value: $domain) -> $api {
                match value {
                    $(<$domain>::$variant => $api::$variant,)+
                }
            }
        }

        impl From<$api> for $domain {
            fn from(value: $api) -> $domain {
                match value {
                    $($api::$variant => <$domain>::$variant,)+
                }
            }
        }
    };
}
