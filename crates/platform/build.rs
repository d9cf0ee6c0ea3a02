// Embeds `migrations/`: the platform's own tables (jobs, events, …), migrated before every context's.
fn main() {
    embed_migrations::generate("migrations");
}
