//! Rebuilds the server when a migration changes: `sqlx::migrate!` embeds the folder at
//! compile time, and stable Rust cannot track it otherwise. Release builds also embed `web/`
//! (rust-embed), so a file added there must rebuild them too; debug builds read `web/` from
//! disk at run time and need no rebuild when it changes.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        println!("cargo:rerun-if-changed=../../web");
    }
}
