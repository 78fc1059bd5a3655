//! JSON primitives for the writers of this module: numbers, strings, and any serde value
//! written into bytes reserved up front.

use serde::Serialize;

/// A byte `serde_json` escapes in a string.
fn escaped(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// A JSON string: as it is when nothing in it needs escaping (keys, seats, squares,
/// notation and position strings never do), else as `serde_json` escapes it.
pub fn text(out: &mut Vec<u8>, s: &str) {
    // Without an early exit the scan goes several bytes at a time (positions are long,
    // and never stop it early).
    if s.bytes().fold(false, |any, b| any | escaped(b)) {
        if serde_json::to_writer(&mut *out, s).is_err() {
            out.extend_from_slice(b"\"\"");
        }
        return;
    }
    out.reserve(s.len() + 2);
    out.push(b'"');
    out.extend_from_slice(s.as_bytes());
    out.push(b'"');
}

/// A number in decimal, as JSON writes it.
pub fn number(out: &mut Vec<u8>, n: u64) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// `value` as JSON text, written into `room` bytes reserved up front: `serde_json`'s own
/// `to_string` starts from nothing and grows the text four or five times on the way to
/// the size of a move's messages and log rows. Plain data: encoding cannot fail (an empty
/// object would be harmless).
pub fn json_text<T: Serialize + ?Sized>(value: &T, room: usize) -> String {
    let mut out = Vec::with_capacity(room);
    if serde_json::to_writer(&mut out, value).is_err() {
        return "{}".into();
    }
    // serde_json writes UTF-8 only.
    String::from_utf8(out).unwrap_or_else(|_| "{}".into())
}

/// Bytes known to be UTF-8 (whole JSON strings and ASCII only were written) as a string.
pub(crate) fn into_text(out: Vec<u8>) -> String {
    String::from_utf8(out).unwrap_or_else(|_| "{}".into())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn numbers_and_strings_are_json() {
        for n in [0, 7, 10, 99, 1234567890, u64::MAX] {
            let mut out = Vec::new();
            number(&mut out, n);
            assert_eq!(out, serde_json::to_vec(&n).unwrap());
        }
        for s in [
            "",
            "c3-d4",
            "a\"b",
            "back\\slash",
            "tab\tnew\nline",
            "é",
            "\u{1}",
        ] {
            let mut out = Vec::new();
            text(&mut out, s);
            assert_eq!(out, serde_json::to_vec(s).unwrap());
        }
    }
}
