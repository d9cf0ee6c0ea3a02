// Embeds `migrations/` (see the `embed-migrations` crate).
fn main() {
    embed_migrations::generate("migrations");
}
