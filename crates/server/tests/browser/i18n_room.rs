//! The room page in other languages: every part of a waiting room, a game in play and its
//! end in the pseudo-locale (nothing hard-coded), and a game in Russian on a phone (nothing
//! pushed off the screen by the longer words).

use serde_json::{json, Value};

use crate::assert_no_horizontal_scroll;
use crate::i18n::assert_all_from_bundle;
use crate::support::{Harness, Page};

/// The waiting room's parts, as the host sees it with one seat still free, the room's
/// title and description (the shared game and option names of common.ftl) and the board's
/// tools with the display settings included.
const WAITING: &[&str] = &[
    ".room-title",
    ".room-desc",
    ".board-tools",
    "#turn",
    "#waiting",
    ".players-head",
    "#turn-order",
    "#seats",
    "#actions",
    "#invite",
    "#clocks-top",
    "#clocks-bottom",
    "#flip",
    "#coords",
    "#sound",
    "#rules-of-game",
    "#chat",
];

/// A game in play against the computer, after a move each and a chat line: the move list
/// with its head (the seats' names), the board's spoken squares and pieces aside, every
/// text of the board area.
const PLAYING: &[&str] = &[
    "#turn",
    "#announce",
    "#seats",
    "#actions",
    "#clocks-top",
    "#clocks-bottom",
    "#board",
    "#moves h2",
    "#moves thead",
    "#moves tbody",
    "#chat",
];

/// The end: the dialog, the result line beside the board and what the actions offer then.
const FINISHED: &[&str] = &["#result-dialog", "#result", "#actions", "#seats"];

/// Creates a Stockholm room with a clock through the API from `page` (the host, in White),
/// and opens it with `query` (the language).
async fn clocked_room(page: &Page, query: &str) -> String {
    let body = json!({"game": "stockholm", "seat": "white", "auto_start": false,
                      "time_control": {"kind": "fischer", "base_ms": 300000, "increment_ms": 3000}});
    let id = page.post_room(&format!("/history{query}"), &body).await;
    page.goto(&format!("/room/{id}{query}")).await;
    page.wait_for(".seat").await;
    id
}

/// Seats the computer (level 1) in Black and starts the game, whatever the language.
async fn start_against_the_computer(page: &Page) {
    page.wait_for("[data-bot=\"black\"]").await;
    page.eval::<Value>("document.querySelector('[data-bot-level=\"black\"]').value = '1'")
        .await;
    page.click("[data-bot=\"black\"]").await;
    page.wait_until(
        "document.querySelector('#start') && !document.querySelector('#start').disabled",
    )
    .await;
    page.click("#start").await;
    page.wait_until("document.querySelector('#turn').dataset.turn")
        .await;
}

/// Waits for our turn (by the status line's mark, not its words) and types the first legal
/// move the server offers.
async fn type_a_legal_move(page: &Page, room: &str) {
    page.wait_until("document.querySelector('#turn').classList.contains('mine')")
        .await;
    let legal: String = page
        .eval(&format!(
            "fetch('/api/rooms/{room}').then(r => r.json()).then(j => j.legal_moves[0].text)"
        ))
        .await;
    page.type_text("#move-input", &legal).await;
    page.press("Enter").await;
}

#[tokio::test]
async fn the_room_in_the_pseudo_locale_leaves_no_hard_coded_text() {
    let Some(h) = Harness::start("i18n-room-pseudo").await else {
        return;
    };
    let ann = h.page("ann").await;
    let room = clocked_room(&ann, "?lang=en-XA").await;
    ann.wait_until("document.documentElement.lang === 'en-XA'")
        .await;
    ann.wait_for("#chat-send").await;
    assert_all_from_bundle(&ann, "the waiting room", WAITING).await;

    start_against_the_computer(&ann).await;
    type_a_legal_move(&ann, &room).await;
    // The computer answers; then a move of ours is in the list too.
    ann.wait_until("document.querySelectorAll('.moves button.move').length >= 2")
        .await;
    ann.type_text("#chat-input", "good luck").await;
    ann.press("Enter").await;
    ann.wait_for(".chat-line").await;
    assert_all_from_bundle(&ann, "a game in play", PLAYING).await;
    // What the board says aloud comes from the words too (an accented label, not "c3: ...").
    let labels: Vec<String> = ann
        .eval("[...document.querySelectorAll('.board [aria-label]')].map(e => e.getAttribute('aria-label')).filter(l => /[A-Za-z]{3}/.test(l.replace(/\\b[a-h]\\d+\\b/g, '')))")
        .await;
    assert!(
        labels.is_empty(),
        "board labels not from a Fluent file: {labels:?}"
    );

    // Resigning asks once more; the end is drawn in the words too.
    ann.wait_until("document.querySelector('#turn').classList.contains('mine')")
        .await;
    ann.click("#resign").await;
    ann.click("#resign").await;
    ann.wait_until("document.querySelector('#result-dialog').open")
        .await;
    ann.wait_for("#show-result").await;
    assert_all_from_bundle(&ann, "the end of a game", FINISHED).await;
    ann.screenshot("pseudo-result").await;
    ann.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn a_game_in_russian_fits_a_phone() {
    let Some(h) = Harness::start("i18n-room-ru").await else {
        return;
    };
    let ann = h.page("ann").await;
    ann.set_viewport(375, 812, true).await;
    let room = clocked_room(&ann, "?lang=ru").await;
    ann.wait_until("document.documentElement.lang === 'ru'")
        .await;
    ann.wait_text("#waiting-head", "Ждём ещё 1 игрока").await;
    ann.wait_for("#chat-send").await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("ru-waiting-375x812").await;

    start_against_the_computer(&ann).await;
    ann.wait_text("#announce", "Вы ходите первыми").await;
    ann.wait_text("#turn", "Ваш ход").await;
    type_a_legal_move(&ann, &room).await;
    ann.wait_until("document.querySelectorAll('.moves button.move').length >= 2")
        .await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("ru-playing-375x812").await;
    ann.eval::<Value>("document.querySelector('#actions').scrollIntoView()")
        .await;
    ann.screenshot("ru-actions-375x812").await;

    ann.wait_until("document.querySelector('#turn').classList.contains('mine')")
        .await;
    ann.click("#resign").await;
    ann.wait_text("#resign", "Нажмите ещё раз").await;
    ann.click("#resign").await;
    ann.wait_until("document.querySelector('#result-dialog').open")
        .await;
    ann.wait_text("#result-how", "Вы сдались.").await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("ru-result-375x812").await;
    ann.assert_no_errors();
    h.finish().await;
}
