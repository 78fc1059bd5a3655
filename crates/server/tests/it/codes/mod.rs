//! Every error code and close code the docs list, provoked over real sockets to a real
//! in-process server, each from one table: `docs/api.md`'s HTTP error
//! codes, `docs/protocol.md`'s socket error codes and its close codes. A check reads the
//! docs' lists, so a code documented without a row here fails; the codes no test can
//! provoke through the API are listed with the reason, and must still be documented.

mod close;
mod http;
mod socket;

use http::*;
use socket::*;

use std::collections::BTreeSet;

use futures_util::StreamExt;
use serde_json::{json, Value};
use server::config::AccessMode;
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

use crate::common::{within, Client, Server};

pub(super) const ADMIN: &str = "admin";
pub(super) const ADMIN_PASSWORD: &str = "correct horse battery";
pub(super) const MEMBER_PASSWORD: &str = "a long password";

pub(super) fn doc(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The backquoted snake_case words of `text` outside parentheses: the codes of a list like
/// "`bad_json` (not JSON), `unknown_bot` (a `set_bot` kind ...)", not the words that explain
/// them, nor flags or numbers.
pub(super) fn codes_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut word, mut in_code) = (0i32, String::new(), false);
    for c in text.chars() {
        match (c, in_code) {
            ('`', false) => {
                in_code = true;
                word.clear();
            }
            ('`', true) => {
                in_code = false;
                let is_code = word.starts_with(|c: char| c.is_ascii_lowercase())
                    && word.chars().all(|c| c.is_ascii_lowercase() || c == '_');
                if depth == 0 && is_code {
                    out.push(word.clone());
                }
            }
            (c, true) => word.push(c),
            ('(', false) => depth += 1,
            (')', false) => depth -= 1,
            _ => {}
        }
    }
    out
}

/// `docs/api.md`'s table under "## Errors": (status, code) of every row.
pub(super) fn documented_http() -> BTreeSet<(u16, String)> {
    let text = doc("api.md");
    let section = text
        .split("\n## Errors")
        .nth(1)
        .expect("api.md has ## Errors");
    let mut out = BTreeSet::new();
    for line in section.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| 400 | `code` | When |`: cells 1 and 2.
        let Some(status) = cells.get(1).and_then(|c| c.parse::<u16>().ok()) else {
            continue;
        };
        for code in codes_in(cells[2]) {
            out.insert((status, code));
        }
    }
    assert!(out.len() > 30, "the parse found too few codes: {out:?}");
    out
}

/// `docs/protocol.md`'s codes of the `error` message ("Codes: ..." up to the next heading).
pub(super) fn documented_socket() -> BTreeSet<String> {
    let text = doc("protocol.md");
    let section = text
        .split("\n### `error`")
        .nth(1)
        .expect("protocol.md has ### `error`");
    let list = section
        .split("Codes:")
        .nth(1)
        .expect("the error section lists its codes after `Codes:`");
    let list = list.split("\n#").next().unwrap();
    let out: BTreeSet<String> = codes_in(list).into_iter().collect();
    assert!(out.len() > 20, "the parse found too few codes: {out:?}");
    out
}

/// `docs/protocol.md`'s close codes table: (code, the reasons named in backquotes).
pub(super) fn documented_close() -> BTreeSet<(u16, String)> {
    let text = doc("protocol.md");
    let section = text
        .split("\n### Close codes")
        .nth(1)
        .expect("protocol.md has ### Close codes");
    let mut out = BTreeSet::new();
    for line in section.lines().take_while(|l| !l.starts_with("### ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(code) = cells
            .get(1)
            .and_then(|c| c.split_whitespace().next())
            .and_then(|c| c.parse::<u16>().ok())
        else {
            continue;
        };
        // A close with a reason names it in backquotes followed by a colon ("`too slow`:
        // fell behind ..."); a row may list several (1008).
        let parts: Vec<&str> = cells[2].split('`').collect();
        let reasons: Vec<String> = (1..parts.len())
            .step_by(2)
            .filter(|&i| parts.get(i + 1).is_some_and(|next| next.starts_with(':')))
            .map(|i| parts[i].to_string())
            .collect();
        if reasons.is_empty() {
            out.insert((code, String::new()));
        }
        for r in reasons {
            out.insert((code, r));
        }
    }
    assert!(
        out.len() >= 8,
        "the parse found too few close codes: {out:?}"
    );
    out
}

// ---------------------------------------------------------------------------------------
// The code tables against the docs

/// `docs/protocol.md` lists exactly the socket codes of the server's two tables (the room's
/// `lobby::ErrorCode` and the server's `wire::SocketCode`): a code added to a table without
/// its line in the docs, or a documented code no table has, fails here.
#[test]
pub(super) fn the_socket_code_tables_are_the_documented_codes() {
    let documented = documented_socket();
    let table: BTreeSet<String> = server::wire::error_codes().map(String::from).collect();
    let undocumented: Vec<_> = table.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "not in protocol.md: {undocumented:?}"
    );
    let unknown: Vec<_> = documented.difference(&table).collect();
    assert!(
        unknown.is_empty(),
        "in protocol.md, in no table: {unknown:?}"
    );
}

/// Every code a room can refuse with, or the server can answer a socket command with, is
/// read back as itself from another node's answer, and one this node does not know as
/// `store_failed` (which clients retry).
#[test]
pub(super) fn every_socket_code_round_trips_between_nodes() {
    use server::rooms::CommandError;
    for code in server::wire::error_codes() {
        let back = CommandError::remote(code, "words".into(), None);
        assert_eq!(back.code(), code);
        assert_eq!(back.to_string(), "words");
    }
    let back = CommandError::remote("from_the_future", "?".into(), None);
    assert_eq!(back.code(), "store_failed");
}

/// `docs/api.md`'s error table has every code of the HTTP table (`error::HttpCode`), and
/// every code it lists is one the server gives: the table's, a room's refusal
/// (`lobby::ErrorCode`), or an endpoint's own, provoked by
/// [`every_documented_http_error_code_is_provoked`] or listed as unprovokable there.
#[test]
pub(super) fn the_http_code_table_is_documented() {
    use server::error::HttpCode;
    let documented: BTreeSet<String> = documented_http().into_iter().map(|(_, c)| c).collect();
    let missing: Vec<_> = HttpCode::ALL
        .iter()
        .filter(|c| !documented.contains(c.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "not in api.md's error table: {missing:?}"
    );
    let endpoints: BTreeSet<&str> = http_cases()
        .iter()
        .map(|c| c.code)
        .chain(HTTP_UNPROVOKABLE.iter().map(|(c, _)| *c))
        .collect();
    let unknown: Vec<_> = documented
        .iter()
        .filter(|c| HttpCode::parse(c).is_none() && lobby::ErrorCode::parse(c).is_none())
        .filter(|c| !endpoints.contains(c.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "in api.md, given by nothing: {unknown:?}"
    );
}
