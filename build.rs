// Rebuild when embedded files change: migrations (embed_migrations!), templates
// (askama), locales (fluent static_loader!) and static assets (include_bytes!).
fn main() {
    for dir in ["migrations", "templates", "locales", "static"] {
        println!("cargo:rerun-if-changed={dir}");
    }
}
