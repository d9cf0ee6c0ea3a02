//! A file an operation answers with: documented as a binary body in each content type it may have.

use std::marker::PhantomData;

use poem::{IntoResponse, Response};
use poem_openapi::registry::{
    MetaMediaType, MetaResponse, MetaResponses, MetaSchema, MetaSchemaRef, Registry,
};
use poem_openapi::ApiResponse;

/// The content types a kind of download may have, and how the reference describes it.
pub trait ContentTypes: Send + Sync + 'static {
    const TYPES: &'static [&'static str];
    const DESCRIPTION: &'static str;
}

/// An export of a list (`crate::export`): CSV or XLSX.
pub struct Exported;

impl ContentTypes for Exported {
    const TYPES: &'static [&'static str] = crate::export::CONTENT_TYPES;
    const DESCRIPTION: &'static str = "O arquivo exportado (CSV ou XLSX, conforme `format`).";
}

/// A stored file (`crate::files`), in the type detected when it was stored.
pub struct Stored;

impl ContentTypes for Stored {
    const TYPES: &'static [&'static str] = crate::files::ACCEPTED_TYPES;
    const DESCRIPTION: &'static str = "O arquivo, exatamente como foi guardado.";
}

/// A file download: the response already built (content type, name, streamed body).
pub struct Download<T: ContentTypes>(Response, PhantomData<T>);

impl<T: ContentTypes> Download<T> {
    pub fn new(response: Response) -> Download<T> {
        Download(response, PhantomData)
    }
}

impl<T: ContentTypes> IntoResponse for Download<T> {
    fn into_response(self) -> Response {
        self.0
    }
}

impl<T: ContentTypes> ApiResponse for Download<T> {
    fn meta() -> MetaResponses {
        MetaResponses {
            responses: vec![MetaResponse {
                description: T::DESCRIPTION,
                status: Some(200),
                status_range: None,
                content: T::TYPES
                    .iter()
                    .map(|content_type| MetaMediaType {
                        content_type,
                        schema: MetaSchemaRef::Inline(Box::new(MetaSchema::new_with_format(
                            "string", "binary",
                        ))),
                    })
                    .collect(),
                headers: vec![],
            }],
        }
    }

    fn register(_registry: &mut Registry) {}
}
