//! The sentence of a socket error code in the reader's language, from `errors.ftl`: apart
//! from the tables of codes (`codes.rs`), which the fuzz target `wire` compiles without the
//! rest of the server.

use fluent_bundle::FluentArgs;

use crate::i18n::{self, Lang};

/// The sentence of the socket error `code` in `lang`, from `errors.ftl`: `reason` names
/// the rule that refused a move (`capture_compulsory`, ...), `opens_in_ms` the time left
/// before a claim opens (`Some(None)`: it opens once every opponent is away). `None` for a
/// code without a sentence, and for a claim whose time is not known (another node's
/// refusal): the caller then keeps its English words.
pub fn error_sentence(
    lang: Lang,
    code: &str,
    reason: Option<&str>,
    opens_in_ms: Option<Option<u64>>,
) -> Option<String> {
    let mut args = FluentArgs::new();
    if let Some(reason) = reason {
        args.set("reason", reason.to_string());
    }
    if code == lobby::ErrorCode::ClaimNotOpen.as_str() {
        let ms = opens_in_ms?.unwrap_or(0);
        // Whole seconds, rounded up: "in 0 seconds" would read as "now".
        args.set("seconds", ms.div_ceil(1000));
    }
    i18n::error_message(lang, code, Some(&args))
}
