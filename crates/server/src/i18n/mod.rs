//! The languages people read the server in: English, Russian and Brazilian Portuguese.
//!
//! Every sentence comes from the Fluent files under `web/locales/<language>/` (`.ftl`,
//! Project Fluent's format), the same files the browser reads with `@fluent/bundle`. They
//! are embedded in the binary at build time, so the server never reads them from disk, and
//! each language's bundle is built once, on first use.
//!
//! Whose language: the choice the page's language switch stores in the `lang` cookie, else
//! the request's `Accept-Language`, else English. Error codes never change; only their
//! `message` is translated (`errors.ftl`, one message per code, `error-<code>`). The mails
//! to an account (`mail.ftl`) are written in the account's own language, English when it
//! picked none. How a translator adds a language: `docs/i18n.md`.

use std::sync::OnceLock;

use axum::extract::FromRequestParts;
use axum::http::header::{ACCEPT_LANGUAGE, COOKIE};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};
use unic_langid::LanguageIdentifier;

pub use fluent_bundle::FluentValue;

/// The cookie holding the language a person picked in the page's header.
pub const COOKIE_NAME: &str = "lang";

/// The Fluent files of one language, by name: every language has the same names.
pub const FILES: &[&str] = &["shell.ftl", "errors.ftl", "mail.ftl"];

/// A language the server speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English, the language every other is translated from.
    #[default]
    En,
    /// Russian.
    Ru,
    /// Brazilian Portuguese.
    PtBr,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ru, Lang::PtBr];

    /// The BCP 47 tag: the folder under `web/locales/` and the value of `<html lang>`.
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ru => "ru",
            Lang::PtBr => "pt-BR",
        }
    }

    /// The text of `file` (one of [`FILES`]) in this language, as embedded at build time.
    pub fn file(self, file: &str) -> Option<&'static str> {
        let texts = match self {
            Lang::En => &EN,
            Lang::Ru => &RU,
            Lang::PtBr => &PT_BR,
        };
        FILES.iter().position(|f| *f == file).map(|i| texts[i])
    }

    /// The language of one tag (a cookie's value, an entry of `Accept-Language`): ours
    /// when the tag is, else by its language alone, so `pt` and `pt-PT` read Brazilian
    /// Portuguese and `en-XA` (the pseudo-locale) English. `None` for any other.
    pub fn of_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim();
        let language = tag.split(['-', '_']).next().unwrap_or_default();
        Lang::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(tag))
            .or_else(|| {
                Lang::ALL.into_iter().find(|l| {
                    l.tag()
                        .split('-')
                        .next()
                        .is_some_and(|ours| ours.eq_ignore_ascii_case(language))
                })
            })
    }

    /// The best of our languages in an `Accept-Language` value: the one with the highest
    /// weight (`q`), the first listed among equals; `None` when it names none of ours.
    /// Read without allocating: every HTTP answer reads it (in case it is an error).
    pub fn of_accept_language(value: &str) -> Option<Lang> {
        let mut best: Option<(Lang, f32)> = None;
        for entry in value.split(',') {
            let mut parts = entry.split(';');
            let Some(lang) = parts.next().and_then(Lang::of_tag) else {
                continue;
            };
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if q > 0.0 && !matches!(best, Some((_, b)) if b >= q) {
                best = Some((lang, q));
            }
        }
        best.map(|(lang, _)| lang)
    }

    /// The language of a request: the `lang` cookie if it names one of ours, else the best
    /// match of `Accept-Language`, else English.
    pub fn of_headers(headers: &HeaderMap) -> Lang {
        let cookie = headers
            .get_all(COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(';'))
            .filter_map(|kv| kv.trim().split_once('='))
            .filter(|(k, _)| *k == COOKIE_NAME)
            .find_map(|(_, v)| Lang::of_tag(v));
        cookie
            .or_else(|| {
                headers
                    .get_all(ACCEPT_LANGUAGE)
                    .iter()
                    .filter_map(|v| v.to_str().ok())
                    .find_map(Lang::of_accept_language)
            })
            .unwrap_or_default()
    }

    fn id(self) -> LanguageIdentifier {
        match self {
            Lang::En => unic_langid::langid!("en"),
            Lang::Ru => unic_langid::langid!("ru"),
            Lang::PtBr => unic_langid::langid!("pt-BR"),
        }
    }

    fn index(self) -> usize {
        match self {
            Lang::En => 0,
            Lang::Ru => 1,
            Lang::PtBr => 2,
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Lang {
    type Rejection = std::convert::Infallible;

    /// The request's language by its headers (see [`Lang::of_headers`]); never refuses.
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Lang, Self::Rejection> {
        Ok(Lang::of_headers(&parts.headers))
    }
}

macro_rules! files_of {
    ($lang:literal) => {
        [
            include_str!(concat!("../../../../web/locales/", $lang, "/shell.ftl")),
            include_str!(concat!("../../../../web/locales/", $lang, "/errors.ftl")),
            include_str!(concat!("../../../../web/locales/", $lang, "/mail.ftl")),
        ]
    };
}

const EN: [&str; 3] = files_of!("en");
const RU: [&str; 3] = files_of!("ru");
const PT_BR: [&str; 3] = files_of!("pt-BR");

/// One language's bundle, built once.
fn bundle(lang: Lang) -> &'static FluentBundle<FluentResource> {
    static BUNDLES: OnceLock<Vec<FluentBundle<FluentResource>>> = OnceLock::new();
    let all = BUNDLES.get_or_init(|| Lang::ALL.into_iter().map(build).collect());
    &all[lang.index()]
}

fn build(lang: Lang) -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new_concurrent(vec![lang.id()]);
    // The sentences go into JSON and logs, not into mixed-direction text: no isolation
    // marks around arguments.
    bundle.set_use_isolating(false);
    for file in FILES {
        let text = lang.file(file).unwrap_or_default().to_string();
        // A file with a syntax error still gives the messages it could read (the key check
        // in the tests fails on any error, so a release never has one).
        let resource = FluentResource::try_new(text).unwrap_or_else(|(partial, errors)| {
            tracing::warn!(lang = lang.tag(), file, ?errors, "a Fluent file has errors");
            partial
        });
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::warn!(
                lang = lang.tag(),
                file,
                ?errors,
                "a Fluent message is defined twice"
            );
        }
    }
    bundle
}

/// The message `key` in `lang` with `args`, or `None` when `lang` has no such message.
///
/// A selector over an argument the caller does not have (an HTTP `illegal_move` has no
/// rule to name) takes the message's default variant: the general sentence, which is
/// what the caller wants, so that is not logged as an error.
pub fn message(lang: Lang, key: &str, args: Option<&FluentArgs>) -> Option<String> {
    let bundle = bundle(lang);
    let pattern = bundle.get_message(key)?.value()?;
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    Some(text.into_owned())
}

/// The sentence of the error `code` in `lang` (`error-<code>` of `errors.ftl`), or `None`
/// for a code without one.
pub fn error_message(lang: Lang, code: &str, args: Option<&FluentArgs>) -> Option<String> {
    message(lang, &format!("error-{code}"), args)
}

#[cfg(test)]
mod tests;
