//! The server's parser of client messages: any text never panics. Behind the `wire`
//! feature: it awaits `server::wire::parse_client` being public.
//!
//!   RUSTC_BOOTSTRAP=1 cargo fuzz run wire --features wire
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed: Result<server::wire::ClientMessage, server::wire::WireError> =
        server::wire::parse_client(text);
    // A refusal must be printable: the server sends its text back to the client.
    if let Err(e) = parsed {
        let _ = format!("{e:?}");
    }
});
