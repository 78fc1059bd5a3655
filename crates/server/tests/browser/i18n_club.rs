//! The tournament pages and the admin page in other languages: in the pseudo-locale every
//! text an organiser and an admin see comes from a Fluent file (the create form, a
//! tournament's page with its organiser's box, entrants and rules, the admin's panels),
//! and in Russian a tournament's page, the list with its form and the admin page fit a
//! phone, and the front page's panel and a player's page name formats and states in it.

use serde_json::Value;

use super::{assert_no_horizontal_scroll, log_in};
use crate::i18n::assert_all_from_bundle;
use crate::support::{Harness, Page};

/// Sets the create form's fields of the tournaments page (a one-round Swiss, rated).
async fn fill_create_form(page: &Page, name: &str) {
    page.type_text("#t-name", name).await;
    page.eval::<Value>(
        "(() => { const f = (id, v) => { const e = document.querySelector(id); e.value = v; \
           e.dispatchEvent(new Event('change')); e.dispatchEvent(new Event('input')); }; \
           f('#t-game', 'stockholm'); f('#t-format', 'swiss'); f('#t-rounds', '1'); })()",
    )
    .await;
}

/// Opens `path` in language `tag` (from the address, not stored) and waits for its words.
async fn open_in(page: &Page, path: &str, tag: &str, ready: &str) {
    let sep = if path.contains('?') { '&' } else { '?' };
    page.goto(&format!("{path}{sep}lang={tag}")).await;
    page.wait_until(&format!(
        "document.documentElement.lang === {} && document.querySelector('#me a')",
        crate::js(tag)
    ))
    .await;
    page.wait_for(ready).await;
}

#[tokio::test]
async fn tournament_and_admin_pages_read_every_word_from_the_bundle_and_russian_fits_a_phone() {
    let Some(h) = Harness::start_with("i18n-club", |c| {
        c.first_admin = Some(("boss".into(), "the boss password".into()));
    })
    .await
    else {
        return;
    };
    let boss = h.page("boss").await;
    log_in(&boss, "boss", "the boss password").await;

    // The list with its create form open, the format's rules under it.
    open_in(&boss, "/tournaments", "en-XA", "#no-tournaments").await;
    boss.wait_for("#new-tournament > summary").await;
    boss.click("#new-tournament > summary").await;
    fill_create_form(&boss, "Pseudo cup").await;
    boss.wait_for("#t-about p").await;
    assert_all_from_bundle(&boss, "/tournaments", &["main"]).await;

    // Its page: the organiser's box with the change form open, the admin registered and a
    // computer player entered.
    boss.click("#t-create").await;
    boss.wait_until("location.pathname.startsWith('/tournament/')")
        .await;
    let path: String = boss.eval("location.pathname").await;
    boss.wait_until("!document.querySelector('#t-organise').hidden")
        .await;
    boss.click("#join").await;
    boss.wait_for("#registered").await;
    boss.click("#t-add-bots").await;
    boss.wait_until("document.querySelectorAll('#entrants li').length === 2")
        .await;
    boss.click("#t-edit-box > summary").await;
    boss.wait_for("#t-edit-save").await;
    // The line of what it is and the date of the start are drawn by shared modules (the
    // game's and the clock's names, the date), checked with their own pages.
    assert_all_from_bundle(
        &boss,
        &path,
        &[
            "p.back",
            "#t-status strong",
            "#countdown",
            "#t-actions",
            "#t-organise",
            "#standings-box",
            "#rounds-box",
            "#entrants-box",
            ".event-rules",
            ".downloads",
        ],
    )
    .await;
    boss.screenshot("pseudo-tournament").await;

    // The admin page: players (the admin, the computer player), no room, invites, the log.
    open_in(&boss, "/admin", "en-XA", "#players table").await;
    boss.wait_for("#make-invite").await;
    assert_all_from_bundle(&boss, "/admin", &["main"]).await;
    boss.screenshot("pseudo-admin").await;

    // Russian on a phone: the tournament's page, the list with its form, the admin page.
    boss.set_viewport(375, 812, true).await;
    open_in(&boss, &path, "ru", "#t-organise h2").await;
    boss.wait_text("#h-standings", "Турнирная таблица").await;
    boss.wait_text("#t-start-now", "Начать сейчас").await;
    assert_no_horizontal_scroll(&boss).await;
    boss.screenshot("ru-tournament-375x812").await;
    boss.eval::<Value>("window.scrollTo(0, document.body.scrollHeight)")
        .await;
    boss.screenshot("ru-tournament-375x812-end").await;

    open_in(&boss, "/tournaments", "ru", "#tournament-lists section").await;
    boss.click("#new-tournament > summary").await;
    boss.wait_for("#t-create").await;
    assert_eq!(boss.text("#t-create").await, "Создать турнир");
    assert_no_horizontal_scroll(&boss).await;
    boss.screenshot("ru-tournaments-375x812").await;

    // The formats' and states' words on routes that do not load the tournaments' file
    // themselves: the front page's panel and a player's page.
    boss.set_viewport(1280, 800, false).await;
    open_in(&boss, "/", "ru", "#front-tournaments").await;
    boss.wait_text("#front-tournaments", "Швейцарская система, 1 тур")
        .await;
    open_in(&boss, "/@/boss", "ru", "#player-tournaments").await;
    boss.wait_text("#player-tournaments", "Идёт регистрация")
        .await;
    boss.set_viewport(375, 812, true).await;

    open_in(&boss, "/admin", "ru", "#players table").await;
    assert_eq!(boss.text("#players-h").await, "Игроки");
    assert_no_horizontal_scroll(&boss).await;
    boss.screenshot("ru-admin-375x812").await;
    boss.assert_no_errors();
    h.finish().await;
}
