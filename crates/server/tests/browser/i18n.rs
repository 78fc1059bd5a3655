//! The page in every language: the header's switch, `<html lang>`, the server's error
//! sentences following the choice, Russian at 375 px, and the pseudo-locale, which shows
//! any text on the converted parts of a page that did not come from a Fluent file.

use serde_json::Value;

use crate::assert_no_horizontal_scroll;
use crate::support::{Harness, Page};

/// The pages a link reaches, and on each the parts whose words must all come from the Fluent
/// files (CSS selectors). Pages a test must set up first are checked in `i18n_*.rs`.
const CONVERTED: &[(&str, &[&str])] = &[
    ("/", &["header.top", "main"]),
    ("/no/such/page", &["header.top", "main"]),
    ("/tournaments", &["main"]),
    // Each list first, which is drawn once its answer is in, then the whole view.
    ("/history", &["#history-list > *", "main"]),
    ("/games", &["#mygames-list > *", "main"]),
    ("/leaderboard", &["#lb-settled", "main"]),
    ("/account", &["main h1", "#claim", "#login"]),
    ("/rules/neva", RULES_PAGE),
    ("/rules/queah", RULES_PAGE),
    ("/rules/giveandtake", RULES_PAGE),
    ("/rules/stockholm", RULES_PAGE),
];

/// A rules page's own words: all but the links to each game (their names are the shared
/// words of `common.ftl`), the screen-reader switch and the board, whose square names are
/// notation.
const RULES_PAGE: &[&str] = &[
    ".learn > h1",
    ".learn > .intro",
    ".rules-toc",
    ".rule > h2",
    ".rule > p",
    ".diagram figcaption",
    ".try > p",
    ".try-tools",
    ".game > p",
    ".step-tools",
    ".learn > p:last-child",
];

/// The visible text under `selector` that the pseudo-locale did not make: text with a plain
/// ASCII letter, outside what is marked `translate="no"` (a person's name). A `<select>`
/// counts by the option it shows.
pub(crate) async fn plain_text(page: &Page, selector: &str) -> Vec<String> {
    let script = format!(
        "(() => {{ const out = []; \
           for (const root of document.querySelectorAll({sel})) {{ \
             const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT); \
             for (let n = walk.nextNode(); n; n = walk.nextNode()) {{ \
               const el = n.parentElement; \
               if (!el || el.closest('[translate=\"no\"]') || el.closest('select')) continue; \
               if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue; \
               if (/[A-Za-z]/.test(n.textContent)) out.push(n.textContent.trim()); \
             }} \
             for (const s of root.querySelectorAll('select')) {{ \
               const text = s.selectedOptions[0]?.text || ''; \
               if (/[A-Za-z]/.test(text)) out.push(text); \
             }} \
           }} \
           return out; }})()",
        sel = crate::js(selector)
    );
    page.eval(&script).await
}

/// Fails unless every visible text under each of `parts` (CSS selectors) on `page`, open
/// in the pseudo-locale (`?lang=en-XA`), came from a Fluent file; `what` names the page.
/// For pages a test must set up first (a room, a replay), in that page's own test.
pub(crate) async fn assert_all_from_bundle(page: &Page, what: &str, parts: &[&str]) {
    for part in parts {
        page.wait_for(part).await;
        let plain = plain_text(page, part).await;
        assert!(
            plain.is_empty(),
            "{what} {part}: text not from a Fluent file: {plain:?}"
        );
    }
}

#[tokio::test]
async fn the_pseudo_locale_leaves_no_hard_coded_text_on_the_converted_pages() {
    let Some(h) = Harness::start("i18n-pseudo").await else {
        return;
    };
    let page = h.page("pseudo").await;
    for (path, parts) in CONVERTED {
        page.goto(&format!("{path}?lang=en-XA")).await;
        page.wait_until(
            "document.documentElement.lang === 'en-XA' && document.querySelector('#me a')",
        )
        .await;
        assert_all_from_bundle(&page, path, parts).await;
    }
    page.set_viewport(375, 812, true).await;
    page.goto("/?lang=en-XA").await;
    page.wait_until("document.documentElement.lang === 'en-XA' && document.querySelector('#me a')")
        .await;
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("pseudo-375x812").await;
    page.assert_no_errors();
    h.finish().await;
}

/// Picks `tag` in the header's switch and waits for the page to come back in it.
async fn switch_to(page: &Page, tag: &str) {
    page.wait_for("#lang").await;
    page.eval::<Value>(&format!(
        "(() => {{ const s = document.querySelector('#lang'); s.value = {}; \
           s.dispatchEvent(new Event('change')); }})()",
        crate::js(tag)
    ))
    .await;
    page.wait_until(&format!(
        "document.documentElement.lang === {} && document.querySelector('#me a')",
        crate::js(tag)
    ))
    .await;
}

/// The message of the error the server answers this page's `GET /api/nope` with.
async fn server_sentence(page: &Page) -> String {
    page.eval(
        "fetch('/api/nope').then((r) => r.json()).then((b) => b.error.code + ': ' + b.error.message)",
    )
    .await
}

#[tokio::test]
async fn the_language_switch_changes_the_page_and_the_servers_sentences() {
    let Some(h) = Harness::start("i18n-switch").await else {
        return;
    };
    let page = h.page("lang").await;
    page.goto("/").await;
    page.wait_until("document.documentElement.lang === 'en' && document.querySelector('#me a')")
        .await;
    assert_eq!(page.text("nav a[href='/']").await, "Play");
    assert_eq!(
        server_sentence(&page).await,
        "not_found: endpoint not found"
    );

    switch_to(&page, "ru").await;
    assert_eq!(page.text("nav a[href='/']").await, "Играть");
    assert_eq!(page.text("#account-link").await, "Войти");
    let stored: String = page.eval("localStorage.getItem('checkerhall.lang')").await;
    assert_eq!(stored, "ru");
    assert_eq!(
        server_sentence(&page).await,
        "not_found: Здесь ничего нет: возможно, это удалили."
    );
    // The choice holds on the next visit.
    page.reload().await;
    page.wait_until("document.documentElement.lang === 'ru' && document.querySelector('#me a')")
        .await;
    for (w, hgt, mobile) in [(1280, 800, false), (375, 812, true)] {
        page.set_viewport(w, hgt, mobile).await;
        page.eval::<Value>("window.scrollTo(0, 0)").await;
        assert_no_horizontal_scroll(&page).await;
        page.screenshot(&format!("ru-{w}x{hgt}")).await;
    }
    page.goto("/no/such/page").await;
    page.wait_until("document.querySelector('main h1')").await;
    assert_eq!(page.text("main h1").await, "Страница не найдена");
    page.screenshot("ru-not-found-375x812").await;
    page.set_viewport(1280, 800, false).await;

    switch_to(&page, "pt-BR").await;
    assert_eq!(page.text("nav a[href='/']").await, "Jogar");
    assert_eq!(
        server_sentence(&page).await,
        "not_found: Não há nada aqui: talvez tenha sido removido."
    );
    page.set_viewport(375, 812, true).await;
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("pt-BR-375x812").await;
    // The browser logs each deliberate 404 of `server_sentence`; nothing else may fail.
    let errors: Vec<String> = page
        .errors()
        .into_iter()
        .filter(|e| !e.contains("/api/nope"))
        .collect();
    assert!(errors.is_empty(), "errors on the page: {errors:?}");
    h.finish().await;
}
