//! The rules in plain Rust: no SQL, no HTTP.

pub mod bom;
pub mod count;
pub mod dispatch;
pub mod ledger;
pub mod location;
pub mod material;
pub mod overview;

pub use ledger::{MovementKind, NewMovement};
pub use location::{
    Category, CategoryDraft, Location, LocationDraft, LocationKind, Policy, PolicyDraft,
};
pub use material::{
    Material, MaterialDraft, MaterialFields, MaterialKind, Uom, UomDraft, UomPurpose,
};

/// A reason (motivo) a person types: 10–500 characters (§0).
pub fn reason(input: Option<&str>, field: &str, v: &mut platform::Violations) -> String {
    let text = platform::text::collapse_spaces(input.unwrap_or(""));
    let n = text.chars().count();
    if n < 10 {
        v.add(field, "Informe o motivo (de 10 a 500 caracteres).");
    } else if n > 500 {
        v.add(field, "O motivo pode ter no máximo 500 caracteres.");
    }
    text
}
