//! A finished game and its players in every language: the replay (with the computer's
//! analysis) and a player's page in the pseudo-locale, where any text that did not come
//! from a Fluent file shows, and the replay, the player's page, the history and the
//! leaderboard in Russian on a phone, where longer words must not push the page sideways.

use serde_json::Value;

use crate::assert_no_horizontal_scroll;
use crate::club::{account, rated_game};
use crate::i18n::assert_all_from_bundle;
use crate::support::{Harness, Page};

/// The parts of the replay this page's own words fill (the seat and game names, the move
/// list and the room's result line come from the shared and the room's files, checked with
/// them).
const REPLAY_PARTS: &[&str] = &[
    "main h1",
    "#replay-controls",
    ".position",
    "#exports",
    "#moves > h2",
    "#ply",
    "#rating-changes",
    "#analysis h2",
    ".analysis-summary",
    "#analysis .hint",
];

/// The parts of a player's page its own words fill (as above, the game and seat names in
/// its tables are the shared words').
const PLAYER_PARTS: &[&str] = &[
    ".player-head",
    ".player-ratings",
    ".player-results h2",
    ".player-results thead",
    ".player-tournaments",
    ".player-games h2",
    ".player-games .filters",
    "#player-games td.result",
    "#player-games td.links",
    ".player-games .pager",
];

/// Opens `path` in language `tag` and waits for the page to read it.
async fn open_in(page: &Page, path: &str, tag: &str) {
    let sep = if path.contains('?') { '&' } else { '?' };
    page.goto(&format!("{path}{sep}lang={tag}")).await;
    page.wait_until(&format!(
        "document.documentElement.lang === {} && document.querySelector('#me a')",
        crate::js(tag)
    ))
    .await;
}

/// Checks the page has no sideways scroll at the top, saves it as `step`, then the same
/// further down (the page is taller than a phone).
async fn phone_shots(page: &Page, step: &str) {
    page.eval::<Value>("window.scrollTo(0, 0)").await;
    assert_no_horizontal_scroll(page).await;
    page.screenshot(step).await;
    page.eval::<Value>("window.scrollTo(0, 760)").await;
    page.screenshot(&format!("{step}-2")).await;
}

#[tokio::test]
async fn a_replay_and_a_players_page_read_every_word_from_the_bundle() {
    let Some(h) = Harness::start("i18n-history").await else {
        return;
    };
    let ann = account(&h, "ann").await;
    let bob = account(&h, "bob").await;
    // A rated game Ann wins (Bob resigns): rating changes on the replay, a graph on her page.
    rated_game(&h, &ann, &bob, false).await;
    crate::common::eventually("the game is rated", || async {
        let p: Value = reqwest::get(h.url("/api/players/ann"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        p["ratings"].as_array().is_some_and(|r| r.len() == 1)
    })
    .await;
    let list: Value = reqwest::get(h.url("/api/history"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let game = list["games"][0]["id"].as_str().unwrap().to_string();
    let replay = format!("/history/{game}");

    let page = h.page("pseudo").await;
    open_in(&page, &replay, "en-XA").await;
    page.wait_for("#rating-changes").await;
    page.click("#request-analysis").await;
    page.wait_for(".analysis-summary").await;
    assert_all_from_bundle(&page, "the replay", REPLAY_PARTS).await;
    page.press("End").await;
    page.wait_until("document.querySelector('#ply').dataset.ply !== '0'")
        .await;
    assert_all_from_bundle(&page, "the replay's last move", &["#ply"]).await;
    page.screenshot("pseudo-replay").await;

    open_in(&page, "/@/ann", "en-XA").await;
    page.wait_for(".ratinggraph .rating-line").await;
    page.wait_for("#player-games td.result").await;
    assert_all_from_bundle(&page, "ann's page", PLAYER_PARTS).await;
    page.screenshot("pseudo-player").await;

    // Russian on a phone: the replay, the player's page, the history and the leaderboard.
    page.set_viewport(375, 812, true).await;
    open_in(&page, &replay, "ru").await;
    page.wait_for(".analysis-summary").await;
    page.wait_text("#replay-controls", "Перевернуть доску")
        .await;
    page.wait_text("#analysis", "Компьютерный анализ").await;
    phone_shots(&page, "ru-replay-375x812").await;
    open_in(&page, "/@/ann", "ru").await;
    page.wait_for(".ratinggraph .rating-line").await;
    page.wait_text(".player-results", "Результаты по играм")
        .await;
    phone_shots(&page, "ru-player-375x812").await;
    open_in(&page, "/history", "ru").await;
    page.wait_for("#history-list tr[data-game]").await;
    page.wait_text("#history-list", "Победитель").await;
    phone_shots(&page, "ru-history-375x812").await;
    open_in(&page, "/leaderboard", "ru").await;
    page.wait_for("#lb-settled").await;
    page.wait_text("#lb-rules", "Как считается рейтинг").await;
    phone_shots(&page, "ru-leaderboard-375x812").await;
    page.assert_no_errors();
    h.finish().await;
}
