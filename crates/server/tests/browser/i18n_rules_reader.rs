//! The rules of Give and Take and Stockholm in Russian on a phone (looked at in the
//! screenshots: long Russian words must not push anything off the screen), a try judged in
//! Russian words, and screen-reader mode in Russian and Portuguese: the board as text, a
//! command typed in the reader's language, and the mode's own words all from the bundle in
//! the pseudo-locale.

use serde_json::Value;

use crate::i18n::assert_all_from_bundle;
use crate::support::{Harness, Page};
use crate::{assert_no_horizontal_scroll, js};

/// Opens a rules page in `lang` and waits until its language is in and its rules are drawn
/// (as boards, or as text in screen-reader mode).
async fn open(page: &Page, path: &str, lang: &str) {
    page.goto(&format!("{path}?lang={lang}")).await;
    page.wait_until(&format!("document.documentElement.lang === {}", js(lang)))
        .await;
    page.wait_for(".learn section.rule figure").await;
}

/// Scrolls the element `id` to the top, checks nothing sticks out sideways and saves a
/// screenshot named `step`.
async fn look_at(page: &Page, id: &str, step: &str) {
    page.eval::<Value>(&format!(
        "document.getElementById({}).scrollIntoView()",
        js(id)
    ))
    .await;
    assert_no_horizontal_scroll(page).await;
    page.screenshot(step).await;
}

/// Clicks `squares` on the board of the try `id` and returns the verdict's words once
/// given.
async fn play_try(page: &Page, id: &str, squares: &[&str]) -> String {
    for sq in squares {
        page.click(&format!("#try-{id} .board [data-square=\"{sq}\"]"))
            .await;
    }
    let sel = format!("#try-{id} .try-result[data-verdict]");
    page.wait_for(&sel).await;
    page.text(&sel).await
}

#[tokio::test]
async fn give_and_take_and_stockholm_read_russian_on_a_phone_and_in_screen_reader_mode() {
    let Some(h) = Harness::start("i18n-rules-reader").await else {
        return;
    };
    let page = h.page("ru").await;
    page.set_viewport(375, 812, true).await;

    // Give and Take: the rules and a try in Russian, on a phone.
    open(&page, "/rules/giveandtake", "ru").await;
    assert_eq!(
        page.text("#rule-hot h2").await,
        "# Бей шашку, которая только что ходила"
    );
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("giveandtake-top").await;
    let why = play_try(&page, "giveandtake-hot", &["a3", "a4"]).await;
    assert!(
        why.starts_with("Так нельзя: шашку, которой соперник"),
        "{why}"
    );
    look_at(&page, "rule-hot", "giveandtake-try").await;
    look_at(&page, "rule-last-piece", "giveandtake-game").await;
    look_at(&page, "rule-options", "giveandtake-options").await;

    // Stockholm the same.
    open(&page, "/rules/stockholm", "ru").await;
    let why = play_try(&page, "stockholm-deferred", &["e5", "c3", "a5", "c7"]).await;
    assert!(
        why.starts_with("В стокгольмских шашках так нельзя"),
        "{why}"
    );
    look_at(&page, "rule-board", "stockholm-top").await;
    look_at(&page, "rule-deferred-backward-capture", "stockholm-try").await;
    look_at(&page, "rule-example-game", "stockholm-game").await;
    look_at(&page, "rule-options", "stockholm-options").await;

    // Screen-reader mode: the position as text and the move box speak Russian, and a
    // command typed in Russian is answered.
    page.click("#reader-mode").await;
    page.wait_ax("heading", |n| n == "Доска словами").await;
    page.wait_ax("StaticText", |n| n.contains(": шашки a1, a3, b2, c1"))
        .await;
    page.type_text("#nvui-try-stockholm-deferred-move-input", "ходы")
        .await;
    page.press("Enter").await;
    page.wait_ax("StaticText", |n| n == "Возможные ходы: f2xh4xf6.")
        .await;
    look_at(&page, "rule-deferred-backward-capture", "stockholm-reader").await;

    // Portuguese the same way, with its own command words.
    open(&page, "/rules/giveandtake", "pt-BR").await;
    page.wait_ax("heading", |n| n == "Tabuleiro em palavras")
        .await;
    page.type_text("#nvui-try-giveandtake-hot-move-input", "lances")
        .await;
    page.press("Enter").await;
    page.wait_ax("StaticText", |n| n.starts_with("Lances possíveis: "))
        .await;
    look_at(&page, "rule-hot", "pt-BR-giveandtake-reader").await;

    // The pseudo-locale: every word of the mode's own parts came from the bundle.
    page.set_viewport(1280, 800, false).await;
    open(&page, "/rules/giveandtake", "en-XA").await;
    page.wait_for(".nvui-try .nvui-move").await;
    // A note of the game stepped through shows only at its move.
    page.click("#game-giveandtake-mccallion .step-end").await;
    page.wait_for("#game-giveandtake-mccallion .step-note")
        .await;
    assert_all_from_bundle(
        &page,
        "/rules/giveandtake in screen-reader mode",
        &[
            ".nvui-try .nvui-move",
            ".nvui-try .nvui > h3",
            ".nvui-try .nvui > h4",
            ".step-note",
        ],
    )
    .await;
    page.assert_no_errors();
    h.finish().await;
}
