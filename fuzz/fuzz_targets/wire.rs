//! The server's parser of client messages (`server::wire::read_client`): any text never
//! panics, a refusal has a code and a message, and a message that is read is never the
//! catch-all `Unknown`.
//!
//!   RUSTC_BOOTSTRAP=1 cargo fuzz run -s none wire
#![no_main]

use libfuzzer_sys::fuzz_target;

/// The server's own source files, compiled here without the rest of the server (they need
/// only lobby, rules and serde): the reader, and the table of the socket's own codes it
/// refuses with (`super::codes` from inside `client`).
#[path = "../../crates/server/src/wire/client.rs"]
#[allow(dead_code)]
mod client;
#[path = "../../crates/server/src/wire/codes.rs"]
#[allow(dead_code)]
mod codes;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match client::read_client(text) {
        Ok(request) => assert_ne!(request.message, client::ClientMessage::Unknown),
        Err(refusal) => {
            assert!(!refusal.error.code().is_empty());
            let _ = refusal.error.to_string();
        }
    }
});
