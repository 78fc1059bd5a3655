//! Rebuilds the server when a migration changes: `sqlx::migrate!` embeds the folder at
//! compile time, and stable Rust cannot track it otherwise.

fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
