//! The checks that keep the translations complete: every file of every language parses,
//! has the same messages as English with the same arguments, and every message is used
//! somewhere (a key written in the browser's or the server's sources, or an error code's
//! sentence).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::*;

/// The messages of one file: key -> the names of the arguments it reads.
type Keys = BTreeMap<String, BTreeSet<String>>;

/// Every Fluent file of the English source, by name: the server's own ([`FILES`]) and those
/// only the browser reads.
fn all_files() -> Vec<String> {
    let dir = root().join("web/locales/en");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ftl"))
        .collect();
    names.sort();
    for file in FILES {
        assert!(
            names.iter().any(|n| n == file),
            "{file} is not in web/locales/en"
        );
    }
    names
}

/// The file as the tests read it: from disk, and for the server's own files the same text
/// the binary embeds.
fn text_of(lang: Lang, file: &str) -> String {
    let path = root().join("web/locales").join(lang.tag()).join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    if let Some(embedded) = lang.file(file) {
        assert_eq!(
            embedded,
            text,
            "{} differs from what the server embeds",
            path.display()
        );
    }
    text
}

fn keys_of(lang: Lang, file: &str) -> Keys {
    let text = text_of(lang, file);
    let resource = match fluent_syntax::parser::parse(text.as_str()) {
        Ok(r) => r,
        Err((_, errors)) => panic!("{}/{file} does not parse: {errors:?}", lang.tag()),
    };
    let mut out = Keys::new();
    for entry in resource.body {
        match entry {
            Entry::Message(m) => {
                let mut args = BTreeSet::new();
                if let Some(p) = &m.value {
                    pattern_args(p, &mut args);
                }
                for a in &m.attributes {
                    pattern_args(&a.value, &mut args);
                }
                let name = m.id.name.to_string();
                assert!(
                    out.insert(name.clone(), args).is_none(),
                    "{}/{file}: {name} twice",
                    lang.tag()
                );
            }
            Entry::Junk { content } => panic!("{}/{file}: cannot read {content:?}", lang.tag()),
            _ => {}
        }
    }
    out
}

fn pattern_args(p: &Pattern<&str>, out: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let PatternElement::Placeable { expression } = e {
            expression_args(expression, out);
        }
    }
}

fn expression_args(e: &Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        Expression::Select { selector, variants } => {
            inline_args(selector, out);
            for v in variants {
                pattern_args(&v.value, out);
            }
        }
        Expression::Inline(i) => inline_args(i, out),
    }
}

fn inline_args(e: &InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_args(a, out);
            }
            for a in &arguments.named {
                inline_args(&a.value, out);
            }
        }
        InlineExpression::Placeable { expression } => expression_args(expression, out),
        _ => {}
    }
}

#[test]
fn every_language_has_every_message_with_the_same_arguments() {
    for file in all_files() {
        let file = file.as_str();
        let english = keys_of(Lang::En, file);
        assert!(!english.is_empty(), "en/{file} is empty");
        for lang in Lang::ALL {
            let keys = keys_of(lang, file);
            let missing: Vec<_> = english.keys().filter(|k| !keys.contains_key(*k)).collect();
            let extra: Vec<_> = keys.keys().filter(|k| !english.contains_key(*k)).collect();
            assert!(
                missing.is_empty(),
                "{}/{file} lacks {missing:?}",
                lang.tag()
            );
            assert!(
                extra.is_empty(),
                "{}/{file} has {extra:?}, which English has not",
                lang.tag()
            );
            for (key, args) in &english {
                assert_eq!(
                    &keys[key],
                    args,
                    "{}/{file}: {key} reads other arguments than in English",
                    lang.tag()
                );
            }
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The text of every file under `dir` whose name ends with one of `exts`.
fn sources(dir: &Path, exts: &[&str], out: &mut String) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, exts, out);
        } else if exts.iter().any(|e| path.to_string_lossy().ends_with(e)) {
            out.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
            out.push('\n');
        }
    }
}

/// The error codes whose sentences the server sends: every socket code, the server's own
/// HTTP codes, and every code of `docs/api.md`'s table of errors.
fn error_codes() -> BTreeSet<String> {
    let mut codes: BTreeSet<String> = crate::wire::error_codes().map(str::to_string).collect();
    codes.extend(
        crate::error::HttpCode::ALL
            .iter()
            .map(|c| c.as_str().to_string()),
    );
    let api = std::fs::read_to_string(root().join("docs/api.md")).unwrap_or_default();
    let table = api.split("\n## Errors").nth(1).unwrap_or_default();
    for line in table.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.get(1).and_then(|c| c.parse::<u16>().ok()).is_none() {
            continue;
        }
        for code in cells[2].split('`').skip(1).step_by(2) {
            codes.insert(code.to_string());
        }
    }
    assert!(codes.len() > 80, "too few codes found: {codes:?}");
    codes
}

/// The codes `docs/api.md` names in each endpoint's paragraph of errors (from `Errors:` to
/// the paragraph's end): an endpoint's own refusals (a tournament's, an analysis's), which
/// the server sends although the table of errors leaves them to their endpoint. Every
/// backquoted snake_case word there, so it may hold a field's name as well: it only vouches
/// that a sentence is for a code the documentation names.
fn endpoint_error_codes() -> BTreeSet<String> {
    let api = std::fs::read_to_string(root().join("docs/api.md")).unwrap_or_default();
    let mut codes = BTreeSet::new();
    for paragraph in api.split("\n\n") {
        let Some((_, errors)) = paragraph.split_once("Errors:") else {
            continue;
        };
        for word in errors.split('`').skip(1).step_by(2) {
            if !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c == '_') {
                codes.insert(word.to_string());
            }
        }
    }
    codes
}

#[test]
fn every_error_code_has_a_sentence_and_every_sentence_a_code() {
    let codes = error_codes();
    let documented: BTreeSet<String> = codes.union(&endpoint_error_codes()).cloned().collect();
    let keys = keys_of(Lang::En, "errors.ftl");
    for code in &codes {
        assert!(
            keys.contains_key(&format!("error-{code}")),
            "no sentence for `{code}`"
        );
    }
    for key in keys.keys() {
        let code = key.strip_prefix("error-");
        assert!(
            code.is_some_and(|c| documented.contains(c)),
            "errors.ftl: {key} is not `error-` and an error code"
        );
    }
}

#[test]
fn every_message_is_used() {
    let root = root();
    let mut text = String::new();
    sources(&root.join("web/js"), &[".js"], &mut text);
    sources(
        &root.join("web"),
        &["index.html", "offline.html"],
        &mut text,
    );
    sources(&root.join("crates/server/src"), &[".rs"], &mut text);
    for file in all_files().iter().filter(|f| *f != "errors.ftl") {
        for key in keys_of(Lang::En, file).keys() {
            // A key is used where it is written whole, in quotes (JavaScript and Rust) or
            // as an attribute's value (`data-i18n="..."`).
            let used = ['\'', '"', '`']
                .iter()
                .any(|q| text.contains(&format!("{q}{key}{q}")));
            assert!(used, "en/{file}: {key} is used nowhere");
        }
    }
}

#[test]
fn error_sentences_follow_the_language() {
    assert_eq!(
        error_message(Lang::Ru, "not_your_turn", None).as_deref(),
        Some("Сейчас не ваш ход.")
    );
    assert_eq!(
        error_message(Lang::PtBr, "not_your_turn", None).as_deref(),
        Some("Não é a sua vez.")
    );
    assert_eq!(error_message(Lang::En, "from_the_future", None), None);
    // Russian plurals: one, few, many.
    let claim = |n: u64| {
        crate::wire::error_sentence(Lang::Ru, "claim_not_open", None, Some(Some(n * 1000)))
    };
    assert!(claim(1).unwrap_or_default().ends_with("1 секунду."));
    assert!(claim(3).unwrap_or_default().ends_with("3 секунды."));
    assert!(claim(5).unwrap_or_default().ends_with("5 секунд."));
    assert!(claim(21).unwrap_or_default().ends_with("21 секунду."));
    let rule =
        crate::wire::error_sentence(Lang::PtBr, "illegal_move", Some("capture_compulsory"), None);
    assert!(rule
        .unwrap_or_default()
        .starts_with("A captura é obrigatória"));
}

#[test]
fn languages_are_negotiated() {
    use axum::http::HeaderValue;
    let headers = |pairs: &[(&str, &str)]| {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap_or(ACCEPT_LANGUAGE),
                HeaderValue::from_str(v).unwrap_or(HeaderValue::from_static("")),
            );
        }
        Lang::of_headers(&h)
    };
    assert_eq!(headers(&[]), Lang::En);
    assert_eq!(
        headers(&[("accept-language", "ru-RU,ru;q=0.9,en;q=0.8")]),
        Lang::Ru
    );
    assert_eq!(
        headers(&[("accept-language", "de-DE, pt;q=0.7, en;q=0.5")]),
        Lang::PtBr
    );
    assert_eq!(headers(&[("accept-language", "de, fr")]), Lang::En);
    assert_eq!(headers(&[("accept-language", "pt-PT")]), Lang::PtBr);
    // By weight, not by order; a weight of 0 refuses the language.
    assert_eq!(
        headers(&[("accept-language", "en;q=0.5, ru;q=0.9")]),
        Lang::Ru
    );
    assert_eq!(headers(&[("accept-language", "ru;q=0, pt")]), Lang::PtBr);
    assert_eq!(headers(&[("accept-language", "*")]), Lang::En);
    // The cookie wins over Accept-Language; one that names no language of ours does not.
    assert_eq!(
        headers(&[("cookie", "sid=x; lang=pt-BR"), ("accept-language", "ru")]),
        Lang::PtBr
    );
    assert_eq!(
        headers(&[("cookie", "lang=xx"), ("accept-language", "ru")]),
        Lang::Ru
    );
    assert_eq!(headers(&[("cookie", "lang=en-XA")]), Lang::En);
}
