//! Rebuilds the server when a migration or a file of the web client changes:
//! `sqlx::migrate!` embeds the migrations folder at compile time, and rust-embed embeds
//! `web/` in release builds and in test builds (its `debug-embed` feature, a dev-dependency,
//! so the tests serve what a release serves); stable Rust cannot track either folder
//! otherwise. A debug `cargo run` reads `web/` from disk, so there a rebuild costs a few
//! seconds but changes nothing.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
    println!("cargo:rerun-if-changed=../../web");
}
