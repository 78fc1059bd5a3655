//! Club life in the browser: players register for a tournament an admin made from the
//! tournaments page, are taken to their games by the page and follow its standings, which
//! change on the page when a result arrives; an admin edits an event, enters a bot and
//! starts it early from its page; a player page draws the rating history graph after rated
//! games; the create form's "Rated" checkbox; the leaderboard's tabs; settled and
//! provisional ratings apart on the leaderboard, `1500?` on a player's page after one
//! rated game, and beside a seated account's name in a room (a guest's has none).

use std::net::SocketAddr;

use serde_json::{json, Value};

use super::{assert_no_horizontal_scroll, js, log_in, wait_seated};
use crate::common::Client;
use crate::support::{Harness, Page};

const PASSWORD: &str = "a long enough password";

/// The server's address, for WebSocket clients played by the test itself.
fn addr(h: &Harness) -> SocketAddr {
    h.base
        .trim_start_matches("http://")
        .parse()
        .expect("the harness serves on an address")
}

/// A new account `username` (a guest identity claimed over the API); its token.
pub(crate) async fn account(h: &Harness, username: &str) -> String {
    let (_, token) = server::identity::issue(&h.state.store, server::identity::now_ms())
        .await
        .unwrap();
    let r = reqwest::Client::new()
        .post(h.url("/api/account/claim"))
        .bearer_auth(&token)
        .json(&json!({"username": username, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200, "claim {username}");
    token
}

/// A page logged in as a new account `username`.
async fn member(h: &Harness, username: &str) -> (Page, String) {
    let token = account(h, username).await;
    let page = h.page(username).await;
    log_in(&page, username, PASSWORD).await;
    (page, token)
}

/// A finished rated Stockholm game (5+3) between `white` and `black` (tokens): one move
/// each, then `loser` resigns.
pub(crate) async fn rated_game(h: &Harness, white: &str, black: &str, white_loses: bool) {
    let r = reqwest::Client::new()
        .post(h.url("/api/rooms"))
        .bearer_auth(white)
        .json(
            &json!({"game": "stockholm", "seat": "white", "rated": true, "auto_start": false,
            "time_control": {"kind": "fischer", "base_ms": 300000, "increment_ms": 3000}}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let v: Value = r.json().await.unwrap();
    let id = v["id"].as_str().unwrap().to_string();
    let mut w = Client::connect(addr(h), &id, Some(white), None).await;
    let mut b = Client::connect(addr(h), &id, Some(black), None).await;
    w.until("snapshot", |v| v["type"] == "snapshot").await;
    b.until("snapshot", |v| v["type"] == "snapshot").await;
    b.act("take_seat", json!({"seat": "black"})).await;
    w.act("start", json!({})).await;
    w.act("move", json!({"move": "c3-d4"})).await;
    b.act("move", json!({"move": "f6-g5"})).await;
    if white_loses {
        w.act("resign", json!({})).await;
    } else {
        b.act("resign", json!({})).await;
    }
}

#[tokio::test]
async fn a_player_registers_for_a_tournament_and_follows_its_standings() {
    let Some(h) = Harness::start_with("club-tournament", |c| {
        c.first_admin = Some(("boss".into(), "the boss password".into()));
    })
    .await
    else {
        return;
    };
    let (ann, _) = member(&h, "ann").await;
    let (bob, _) = member(&h, "bob").await;

    // The admin creates a one-round Swiss from the tournaments page, starting in a few
    // seconds (the start field takes seconds when the page is told it may).
    let boss = h.page("boss").await;
    log_in(&boss, "boss", "the boss password").await;
    boss.click("#tournaments-link").await;
    boss.wait_for("#new-tournament > summary").await;
    boss.click("#new-tournament > summary").await;
    boss.type_text("#t-name", "Friday Swiss").await;
    boss.eval::<Value>(
        "(() => { const f = (id, v) => { const e = document.querySelector(id); e.value = v; \
           e.dispatchEvent(new Event('change')); e.dispatchEvent(new Event('input')); }; \
           f('#t-game', 'stockholm'); f('#t-format', 'swiss'); f('#t-rounds', '1'); \
           f('#t-tc', 'per_move'); f('#t-permove', '60'); f('#t-noshow', '60'); \
           document.querySelector('#t-rated').checked = false; \
           const two = (n) => String(n).padStart(2, '0'); \
           const d = new Date(Date.now() + 8000); \
           const s = document.querySelector('#t-start'); s.step = 1; \
           s.value = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T` + \
             `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`; })()",
    )
    .await;
    boss.screenshot("create-form").await;
    boss.click("#t-create").await;
    boss.wait_until("location.pathname.startsWith('/tournament/')")
        .await;
    let path: String = boss.eval("location.pathname").await;

    // Ann finds it on the front page and registers; Bob registers from its page.
    ann.goto("/").await;
    ann.wait_text("#front-tournaments", "Friday Swiss").await;
    ann.click("#front-tournaments .event-name").await;
    ann.wait_until(&format!("location.pathname === {}", js(&path)))
        .await;
    ann.wait_for("#join").await;
    ann.wait_text("#countdown", "Starts in").await;
    ann.click("#join").await;
    ann.wait_for("#registered").await;
    ann.wait_text("#entrants", "ann").await;
    bob.goto(&path).await;
    bob.click("#join").await;
    bob.wait_for("#registered").await;
    // Bob's registration reaches Ann's page by the stream.
    ann.wait_text("#entrants", "bob").await;
    ann.screenshot("registered").await;

    // The start: the pages take both players to their games by themselves; a game's page
    // links back to the event and has no Abort.
    ann.eval::<Value>("window.__sameDocument = true").await;
    ann.wait_until("location.pathname.startsWith('/room/')")
        .await;
    bob.wait_until("location.pathname.startsWith('/room/')")
        .await;
    ann.wait_text("#room-event-link", "Friday Swiss, round 1")
        .await;
    bob.wait_for("#resign").await;
    assert_eq!(
        bob.count("#abort").await,
        0,
        "a tournament game has no Abort"
    );
    ann.screenshot("taken-to-game").await;

    // Ann goes back to the event by the link: her game is still on, the standings are there.
    ann.click("#room-event-link").await;
    ann.wait_until(&format!("location.pathname === {}", js(&path)))
        .await;
    ann.wait_for("#my-game-link").await;
    ann.wait_for("#standings").await;
    ann.wait_text("#t-status", "Round 1 of 1").await;
    ann.screenshot("round-one").await;

    // Bob resigns; Ann, on the tournament page, sees the result and the standings change
    // without a reload.
    bob.wait_for("#resign").await;
    bob.click("#resign").await;
    bob.click("#resign").await;
    bob.wait_for("#result-line").await;
    ann.wait_text("#standings tbody tr:first-child", "ann")
        .await;
    ann.wait_text("#standings tbody tr:first-child .points", "1")
        .await;
    ann.wait_text("#rounds-box", "ann won").await;
    ann.wait_text("#t-status", "Finished").await;
    assert!(
        ann.eval::<bool>("window.__sameDocument === true").await,
        "the standings changed without a reload"
    );
    assert_eq!(ann.count("#join, #leave").await, 0);
    ann.screenshot("finished").await;

    // The page stays after the end, with its downloads.
    ann.reload().await;
    ann.wait_text("#standings", "bob").await;
    // Names in the standings link to the players' pages, by username.
    let link: String = ann
        .eval("document.querySelector('#standings a.player-link[href=\"/@/bob\"]')?.textContent ?? ''")
        .await;
    assert_eq!(link, "bob");
    let (csv, pdn): (String, String) = ann
        .eval(
            "Promise.all(['#csv-link', '#pdn-link'].map((s) => \
               fetch(document.querySelector(s).href).then((r) => r.ok ? r.text() : `HTTP ${r.status}`)))",
        )
        .await;
    assert!(csv.contains("ann") && csv.contains("bob"), "{csv}");
    assert!(pdn.contains("[Event"), "{pdn}");
    ann.set_viewport(375, 812, true).await;
    ann.wait_text("#standings", "bob").await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("finished-phone").await;
    ann.goto("/tournaments").await;
    ann.wait_text("[data-group=\"finished\"]", "Friday Swiss")
        .await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("list-phone").await;
    for p in [&ann, &bob, &boss] {
        p.assert_no_errors();
    }
    h.finish().await;
}

#[tokio::test]
async fn a_player_page_draws_the_rating_graph() {
    let Some(h) = Harness::start("club-player").await else {
        return;
    };
    let (ann, ann_token) = member(&h, "ann").await;
    let bob_token = account(&h, "bob").await;

    // The create form's "Rated" needs a clock.
    ann.goto("/").await;
    super::open_more_options(&ann).await;
    ann.wait_for("#rated").await;
    ann.wait_until("document.querySelector('#rated').disabled")
        .await;
    ann.wait_text("#rated-help", "clock").await;
    ann.eval::<Value>(
        "(() => { const s = document.querySelector('#tc-kind'); s.value = 'fischer'; \
           s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    ann.wait_until("!document.querySelector('#rated').disabled")
        .await;
    ann.click("#rated").await;
    ann.click("#create").await;
    ann.wait_until("location.pathname.startsWith('/room/')")
        .await;
    wait_seated(&ann, "white").await;
    let room: String = ann.eval("location.pathname.slice(6)").await;
    let rated: bool = ann
        .eval(&format!(
            "fetch('/api/rooms/{room}').then((r) => r.json()).then((j) => j.rated ?? j.room?.rated)"
        ))
        .await;
    assert!(rated, "the room was created rated");

    // Three rated games: two wins and a loss for Ann.
    rated_game(&h, &ann_token, &bob_token, false).await;
    rated_game(&h, &bob_token, &ann_token, true).await;
    rated_game(&h, &ann_token, &bob_token, true).await;

    ann.goto("/@/ann").await;
    ann.wait_for(".ratinggraph .rating-line").await;
    assert_eq!(ann.count(".ratinggraph .rating-point").await, 3);
    ann.wait_text("[data-pool=\"stockholm\"] .rating", "?")
        .await;
    ann.wait_text("#results", "Stockholm").await;
    ann.wait_for("#player-games tr[data-game]").await;
    assert_eq!(ann.count("#player-games tr[data-game]").await, 3);
    // The games filter by result.
    ann.eval::<Value>(
        "(() => { const s = document.querySelector('#pg-result'); s.value = 'loss'; \
           s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    ann.wait_until("document.querySelectorAll('#player-games tr[data-game]').length === 1")
        .await;
    ann.screenshot("player").await;
    ann.set_viewport(375, 812, true).await;
    ann.goto("/@/ann").await;
    ann.wait_for(".ratinggraph .rating-line").await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("player-phone").await;

    ann.set_viewport(1280, 800, false).await;

    // Provisional players are not on the leaderboard yet; the tabs switch pools.
    ann.goto("/leaderboard").await;
    ann.wait_text("#lb-panel", "Nobody").await;
    ann.click("#tab-neva").await;
    ann.wait_until("location.search === '?pool=neva'").await;
    ann.wait_text("#lb-panel", "Neva").await;
    ann.screenshot("leaderboard").await;
    ann.assert_no_errors();

    // An unknown name says so (a page of its own: the API's 404 shows in its console).
    let cy = h.page("cy").await;
    cy.goto("/@/nobody-here").await;
    cy.wait_text("#player-missing", "nobody-here").await;
    h.finish().await;
}

#[tokio::test]
async fn an_admin_edits_adds_a_bot_and_starts_a_tournament_early_from_its_page() {
    let Some(h) = Harness::start_with("club-organise", |c| {
        c.first_admin = Some(("boss".into(), "the boss password".into()));
    })
    .await
    else {
        return;
    };
    let (ann, _) = member(&h, "ann").await;
    let boss = h.page("boss").await;
    log_in(&boss, "boss", "the boss password").await;

    // No event yet: the page says so, and who may create one.
    ann.goto("/tournaments").await;
    ann.wait_for("#no-tournaments").await;
    ann.wait_text("#creators", "ask an admin").await;
    assert_eq!(ann.count("#new-tournament").await, 0);
    ann.screenshot("none").await;

    // The admin creates one starting in half an hour (the form's default).
    boss.goto("/tournaments").await;
    boss.wait_text("#creators", "form below").await;
    boss.click("#new-tournament > summary").await;
    boss.type_text("#t-name", "Club cup").await;
    boss.eval::<Value>(
        "(() => { const f = (id, v) => { const e = document.querySelector(id); e.value = v; \
           e.dispatchEvent(new Event('change')); e.dispatchEvent(new Event('input')); }; \
           f('#t-game', 'stockholm'); f('#t-format', 'swiss'); f('#t-rounds', '1'); \
           f('#t-tc', 'per_move'); f('#t-permove', '60'); f('#t-noshow', '60'); \
           document.querySelector('#t-rated').checked = false; })()",
    )
    .await;
    boss.click("#t-create").await;
    boss.wait_until("location.pathname.startsWith('/tournament/')")
        .await;
    let path: String = boss.eval("location.pathname").await;
    boss.wait_until("!document.querySelector('#t-organise').hidden")
        .await;

    // It is renamed and a computer player entered, from the page.
    boss.click("#t-edit-box > summary").await;
    boss.eval::<Value>("document.querySelector('#t-edit-name').value = 'Club cup, early'")
        .await;
    boss.click("#t-edit-save").await;
    boss.wait_text("#t-title", "Club cup, early").await;
    // Level 1: a light search, so the computer's first move does not hold up a busy machine.
    boss.eval::<Value>(
        "(() => { const s = document.querySelector('#t-bot-level'); s.value = '1'; \
           s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    boss.click("#t-add-bots").await;
    boss.wait_text("#entrants", "Computer level 1 #1").await;
    boss.screenshot("organise").await;
    boss.set_viewport(375, 812, true).await;
    boss.wait_for("#t-start-now").await;
    assert_no_horizontal_scroll(&boss).await;
    boss.screenshot("organise-phone").await;
    boss.set_viewport(1280, 800, false).await;

    // Ann registers; the organiser's box is not hers.
    ann.goto(&path).await;
    ann.click("#join").await;
    ann.wait_for("#registered").await;
    assert!(
        ann.eval::<bool>("document.querySelector('#t-organise').hidden")
            .await
    );

    // Started early: Ann's page takes her to her game against the computer by itself.
    boss.wait_text("#entrants", "ann").await;
    boss.click("#t-start-now").await;
    boss.wait_text("#t-status", "Round 1 of 1").await;
    ann.wait_until("location.pathname.startsWith('/room/')")
        .await;
    ann.wait_text("#room-event-link", "Club cup, early").await;
    ann.wait_for("#resign").await;
    assert_eq!(
        ann.count("#abort").await,
        0,
        "a tournament game has no Abort"
    );
    ann.screenshot("game").await;
    ann.set_viewport(375, 812, true).await;
    ann.wait_for("#room-event-link").await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("game-phone").await;
    ann.click("#room-event-link").await;
    ann.wait_until(&format!("location.pathname === {}", js(&path)))
        .await;
    ann.wait_for("#my-game-link").await;
    for p in [&ann, &boss] {
        p.assert_no_errors();
    }
    h.finish().await;
}

/// A finished rated Stockholm game (5+3) between `white` and `black` (tokens): one move
/// each, then a draw agreed.
async fn rated_draw(h: &Harness, white: &str, black: &str) {
    let r = reqwest::Client::new()
        .post(h.url("/api/rooms"))
        .bearer_auth(white)
        .json(
            &json!({"game": "stockholm", "seat": "white", "rated": true, "auto_start": false,
            "time_control": {"kind": "fischer", "base_ms": 300000, "increment_ms": 3000}}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let v: Value = r.json().await.unwrap();
    let id = v["id"].as_str().unwrap().to_string();
    let mut w = Client::connect(addr(h), &id, Some(white), None).await;
    let mut b = Client::connect(addr(h), &id, Some(black), None).await;
    w.until("snapshot", |v| v["type"] == "snapshot").await;
    b.until("snapshot", |v| v["type"] == "snapshot").await;
    b.act("take_seat", json!({"seat": "black"})).await;
    w.act("start", json!({})).await;
    w.act("move", json!({"move": "c3-d4"})).await;
    b.act("move", json!({"move": "f6-g5"})).await;
    w.act("offer_draw", json!({})).await;
    b.act("accept_draw", json!({})).await;
}

#[tokio::test]
async fn the_leaderboard_lists_provisional_ratings_apart_from_the_first_game() {
    let test = "club-provisional";
    let Some(h) = Harness::start(test).await else {
        return;
    };
    let ann = account(&h, "ann").await;
    let bob = account(&h, "bob").await;
    let cy = account(&h, "cy").await;
    let dan = account(&h, "dan").await;
    rated_game(&h, &ann, &bob, false).await;
    rated_draw(&h, &cy, &dan).await;
    let page = h.page("visitor").await;
    // The writer applies a rating with the result: wait for the last game's.
    crate::common::eventually("the draw is rated", || async {
        let p: Value = reqwest::get(h.url("/api/players/dan"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        p["ratings"].as_array().is_some_and(|r| r.len() == 1)
    })
    .await;
    // Ann has played for long: her deviation is settled (as the it tests do, in the
    // database the harness made).
    let db = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("browser-{test}-{}", std::process::id()))
        .join("checkerhall.db");
    let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    sqlx::query(
        "UPDATE ratings SET deviation = 60 WHERE player_key IN \
         (SELECT player_id FROM accounts WHERE username = 'ann')",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;

    page.goto("/leaderboard").await;
    page.wait_for("#lb-provisional").await;
    page.wait_text("table.leaderboard:not(.provisional)", "ann")
        .await;
    assert_eq!(
        page.count("table.leaderboard:not(.provisional) tbody tr")
            .await,
        1
    );
    assert_eq!(page.count("table.provisional tbody tr").await, 3);
    page.wait_text("table.provisional tr[data-player=\"cy\"] .rating", "1500?")
        .await;
    page.wait_text("#lb-rules", "110 or more").await;
    page.wait_text("#lb-rules", "first 3 rated games a day")
        .await;
    page.screenshot("leaderboard-provisional").await;
    page.set_viewport(375, 812, true).await;
    page.goto("/leaderboard").await;
    page.wait_for("#lb-provisional").await;
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("leaderboard-provisional-phone").await;

    // Cy's page after one rated game, a draw between two new players.
    page.set_viewport(1280, 800, false).await;
    page.goto("/@/cy").await;
    page.wait_text("[data-pool=\"stockholm\"] .rating", "1500?")
        .await;
    page.wait_text("#rating-rules", "110 or more").await;
    page.screenshot("player-provisional").await;
    page.set_viewport(375, 812, true).await;
    page.goto("/@/cy").await;
    page.wait_text("[data-pool=\"stockholm\"] .rating", "1500?")
        .await;
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("player-provisional-phone").await;
    page.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn a_room_shows_a_seated_accounts_rating_beside_its_name() {
    let Some(h) = Harness::start("club-seat-rating").await else {
        return;
    };
    let (ann, ann_token) = member(&h, "ann").await;
    // Ann (an account, new to Queah) White; Cy, a guest, sits down as Black.
    let r = reqwest::Client::new()
        .post(h.url("/api/rooms"))
        .bearer_auth(&ann_token)
        .json(
            &json!({"game": "queah", "seat": "white", "auto_start": false,
            "time_control": {"kind": "fischer", "base_ms": 300000, "increment_ms": 3000}}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let v: Value = r.json().await.unwrap();
    let room = v["id"].as_str().unwrap().to_string();
    let cy = h.page("cy").await;
    cy.goto(&format!("/room/{room}")).await;
    cy.click("[data-sit=\"black\"]").await;
    wait_seated(&cy, "black").await;
    cy.wait_text(".seat.white .rating", "1500?").await;
    cy.wait_text(".clock-card.white .rating", "1500?").await;
    assert_eq!(cy.text(".seat.white .seat-name").await, "White: ann 1500?");
    // A guest has no rating.
    assert_eq!(cy.count(".seat.black .rating").await, 0);
    assert_eq!(cy.count(".clock-card.black .rating").await, 0);
    ann.goto(&format!("/room/{room}")).await;
    wait_seated(&ann, "white").await;
    ann.wait_text(".seat.white .rating", "1500?").await;
    ann.screenshot("seat-rating").await;
    cy.screenshot("seat-rating-guest").await;
    ann.set_viewport(375, 812, true).await;
    ann.reload().await;
    ann.wait_text(".seat.white .rating", "1500?").await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("seat-rating-phone").await;
    ann.eval::<Value>("document.querySelector('#seats').scrollIntoView({block: 'center'})")
        .await;
    ann.screenshot("seat-rating-phone-seats").await;
    ann.assert_no_errors();
    cy.assert_no_errors();
    h.finish().await;
}
