//! The front page, the history and the admin page, clicked as people would: one click to play
//! the computer, two strangers finding each other with "Find an opponent", the folded
//! creation form with its links to the rules, the room list in words, the history's filters,
//! pages and downloads, the admin's actions, and the weight of a first visit.

use std::net::SocketAddr;
use std::path::Path;

use serde_json::{json, Value};

use super::{assert_no_horizontal_scroll, js, open_more_options, play_offered_move, wait_moves};
use crate::common::Client;
use crate::support::{Harness, Page};

/// The server's address, for WebSocket clients played by the test itself.
fn addr(h: &Harness) -> SocketAddr {
    h.base
        .trim_start_matches("http://")
        .parse()
        .expect("the harness serves on an address")
}

/// A new identity's token.
async fn token(h: &Harness) -> String {
    server::identity::issue(&h.state.store, server::identity::now_ms())
        .await
        .unwrap()
        .1
}

/// `POST /api/rooms` as `token`; the new room's id.
async fn create(h: &Harness, token: &str, body: Value) -> String {
    let r = reqwest::Client::new()
        .post(h.url("/api/rooms"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let v: Value = r.json().await.unwrap();
    v["id"].as_str().unwrap().to_string()
}

/// A finished two-player game of `game` between two new identities (each moves once, then
/// White resigns);
/// with `bot`, Black is that bot instead of a person.
async fn finished_game(h: &Harness, game: &str, bot: Option<Value>) -> String {
    finished_game_saying(h, game, bot, None).await
}

/// [`finished_game`], White first saying `chat` to the players.
async fn finished_game_saying(
    h: &Harness,
    game: &str,
    bot: Option<Value>,
    chat: Option<&str>,
) -> String {
    let host = token(h).await;
    let id = create(
        h,
        &host,
        json!({"game": game, "seat": "white", "auto_start": false}),
    )
    .await;
    let mut white = Client::connect(addr(h), &id, Some(&host), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    let mut person = None;
    if let Some(bot) = bot {
        white
            .act("set_bot", json!({"seat": "black", "bot": bot}))
            .await;
    } else {
        let guest = token(h).await;
        let mut black = Client::connect(addr(h), &id, Some(&guest), None).await;
        black.until("snapshot", |v| v["type"] == "snapshot").await;
        black.act("take_seat", json!({"seat": "black"})).await;
        person = Some(black);
    }
    white.act("start", json!({})).await;
    if let Some(text) = chat {
        white
            .act("chat", json!({"channel": "players", "text": text}))
            .await;
    }
    // Both seats move first: a resignation before that would abort the game.
    first_legal_move(&mut white).await;
    match person.as_mut() {
        Some(black) => first_legal_move(black).await,
        None => {
            white
                .until("the bot's move", |v| {
                    v["type"] == "event"
                        && v["data"]["type"] == "moved"
                        && v["data"]["seat"] == "black"
                })
                .await;
        }
    }
    white.act("resign", json!({})).await;
    id
}

/// Waits for `c`'s turn and plays the first legal move it is offered.
async fn first_legal_move(c: &mut Client) {
    let turn = c
        .until("my turn", |v| {
            v["type"] == "event" && v["data"]["type"] == "your_turn"
        })
        .await;
    let text = turn["data"]["legal_moves"][0]["text"].clone();
    c.act("move", json!({ "move": text })).await;
}

/// What a first visit loaded, by the page's own count (Resource Timing): entries (the page
/// and every file or API answer it fetched), bytes over the wire (headers included,
/// compressed) and bytes once decoded, and the URLs.
#[derive(serde::Deserialize, Debug)]
struct Weight {
    requests: usize,
    transfer: u64,
    decoded: u64,
    urls: Vec<String>,
}

async fn first_visit_weight(page: &Page) -> Weight {
    page.goto("/").await;
    page.wait_until(
        "document.querySelector('#me button') && document.querySelector('#room-list') \
         && !document.querySelector('#room-list').textContent.includes('Loading')",
    )
    .await;
    // Let whatever the page still starts by itself finish.
    page.eval::<Value>("new Promise((r) => setTimeout(r, 500))")
        .await;
    page.eval(
        "(() => { const e = [...performance.getEntriesByType('navigation'), \
           ...performance.getEntriesByType('resource')]; \
           return { requests: e.length, transfer: e.reduce((s, x) => s + x.transferSize, 0), \
             decoded: e.reduce((s, x) => s + x.decodedBodySize, 0), \
             urls: e.map((x) => new URL(x.name).pathname) }; })()",
    )
    .await
}

/// Every quick-play button's bottom edge is inside the viewport.
async fn quick_buttons_above_the_fold(page: &Page) {
    let (lowest, height): (f64, f64) = page
        .eval(
            "[Math.max(...[...document.querySelectorAll('[data-quick-computer], [data-quick-seek]')] \
               .map((b) => b.getBoundingClientRect().bottom)), window.innerHeight]",
        )
        .await;
    assert!(
        lowest <= height,
        "the quick-play buttons end at {lowest} px, below the fold ({height} px)"
    );
    assert_eq!(
        page.count("[data-quick-computer], [data-quick-seek]").await,
        8
    );
}

#[tokio::test]
async fn front_page_is_light_and_its_quick_buttons_above_the_fold() {
    let Some(h) = Harness::start("lobby-front").await else {
        return;
    };
    let ann = h.page("ann").await;

    // The first visit, in a fresh browser (nothing cached): only the lobby's modules.
    let w = first_visit_weight(&ann).await;
    println!(
        "first lobby visit: {} requests (Resource Timing, plus the live room stream and the \
         icon), {} bytes over the wire, {} bytes decoded: {:?}",
        w.requests, w.transfer, w.decoded, w.urls
    );
    assert!(
        !w.urls
            .iter()
            .any(|u| u.contains("/views/room.js") || u.contains("/board/")),
        "the front page loads no room or board code: {:?}",
        w.urls
    );
    // 16, plus the tournament list the front page shows, the club stylesheet (its module
    // loads only when there is a tournament to list), the "Your games" badge's module, the
    // display settings' (the reader's colour scheme is applied before the first view), the
    // pools' module and counts, the turn notifications' module, and the offline worker's
    // registration (its module, asked for once the page has loaded): 24. Then three for the
    // page's words (i18n.js, the Fluent library, the language's shell.ftl): 27. Then the
    // front page's own words and those the views share (common.ftl, lobby.ftl), and the
    // lists in the reader's language (lists.js, which a waiting room's "Ann and Bob wait"
    // needs): 30.
    assert!(w.requests <= 30, "{} requests: {:?}", w.requests, w.urls);
    // 40 KB before quick pairing, the display settings and the turn notifications, which
    // brought it to about 45 KB; the offline worker's registration to about 46.6 KB; the
    // words' three files add about 16 KB (57 KB decoded, the library 50 KB of it). The
    // front page in words, common.ftl and lobby.ftl with it: 65.5 KB became 73.8 KB (173 KB
    // decoded became 197 KB; the two files are 16 KB of it, the creation form's
    // explanations of every rule most of that).
    assert!(w.transfer <= 76_000, "{} bytes", w.transfer);

    // Above the fold on a laptop and on a phone; the create form is folded.
    ann.set_viewport(1280, 800, false).await;
    ann.eval::<Value>("window.scrollTo(0, 0)").await;
    quick_buttons_above_the_fold(&ann).await;
    assert!(
        !ann.eval::<bool>("document.querySelector('#more-options').open")
            .await
    );
    assert_eq!(
        ann.count("#create").await,
        0,
        "the form is built when opened"
    );
    ann.screenshot("front-1280x800").await;
    ann.set_viewport(375, 812, true).await;
    ann.eval::<Value>("window.scrollTo(0, 0)").await;
    quick_buttons_above_the_fold(&ann).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("front-375x812").await;
    ann.set_viewport(1280, 800, false).await;

    // Each game's rules link leads to its rules page.
    for game in ["neva", "queah", "giveandtake", "stockholm"] {
        let href: String = ann
            .eval(&format!(
                "document.querySelector('[data-rules=\"{game}\"]').getAttribute('href')"
            ))
            .await;
        assert_eq!(href, format!("/rules/{game}"));
    }
    ann.click("[data-rules=\"queah\"]").await;
    ann.wait_until("location.pathname === '/rules/queah'").await;
    ann.goto("/").await;

    // The level is one control, remembered across visits.
    ann.wait_for("[data-level=\"2\"][aria-pressed=\"true\"]")
        .await;
    ann.click("[data-level=\"4\"]").await;
    ann.wait_for("[data-level=\"4\"][aria-pressed=\"true\"]")
        .await;
    assert_eq!(ann.count("#level [aria-pressed=\"true\"]").await, 1);
    ann.reload().await;
    ann.wait_for("[data-level=\"4\"][aria-pressed=\"true\"]")
        .await;
    ann.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn one_click_starts_a_game_against_the_computer() {
    let Some(h) = Harness::start("lobby-computer").await else {
        return;
    };
    let ann = h.page("ann").await;
    ann.goto("/").await;
    ann.click("[data-level=\"4\"]").await;
    ann.wait_for("[data-level=\"4\"][aria-pressed=\"true\"]")
        .await;

    // One click: a Stockholm game against the computer at level 4, already running.
    ann.click("[data-quick-computer=\"stockholm\"]").await;
    ann.wait_until("location.pathname.startsWith('/room/')")
        .await;
    let room: String = ann.eval("location.pathname.slice('/room/'.length)").await;
    ann.wait_until(
        "document.querySelector('#turn') && document.querySelector('#turn').dataset.turn",
    )
    .await;
    ann.wait_text(".seat.black", "level 4").await;
    let snapshot: Value = ann
        .eval(&format!("fetch('/api/rooms/{room}').then(r => r.json())"))
        .await;
    assert_eq!(snapshot["state"], "playing", "{snapshot}");
    // Ann sits White and moves; the computer answers.
    play_offered_move(&ann).await;
    wait_moves(&ann, 2).await;
    ann.screenshot("quick-computer-running").await;

    // Another visitor sees the game in the list, in words, and can watch it.
    let cy = h.page("cy").await;
    cy.goto("/").await;
    let row = format!("[data-room=\"{room}\"]");
    cy.wait_text(&row, "Stockholm, no clock").await;
    cy.wait_text(&row, "Computer level 4").await;
    cy.click(&format!("[data-watch=\"{room}\"]")).await;
    cy.wait_until(&format!("location.pathname === '/room/{room}'"))
        .await;
    ann.assert_no_errors();
    cy.assert_no_errors();
    h.finish().await;
}

/// Two players click the same pool tile, one on a desktop and one on a phone: the first waits
/// (the second sees the seek listed), then both land in the same game, already started.
#[tokio::test]
async fn two_players_click_the_same_pool_tile_and_land_in_one_started_game() {
    let Some(h) = Harness::start("lobby-pools").await else {
        return;
    };
    let tile = "[data-pool=\"queah-5+3\"]";
    let ann = h.page("ann").await;
    ann.set_viewport(1280, 800, false).await;
    ann.goto("/").await;
    ann.wait_text(tile, "nobody waiting").await;
    assert_eq!(ann.count("#pool-tiles .pool-tile").await, 5);
    ann.screenshot("pools-1280x800").await;
    ann.click(&format!("{tile} button")).await;
    ann.wait_text(tile, "Waiting for opponents").await;

    let bob = h.page("bob").await;
    bob.set_viewport(375, 812, true).await;
    bob.goto("/").await;
    bob.wait_text("#seek-list", "Queah 5+3, casual").await;
    bob.wait_text(tile, "1 waiting").await;
    assert_no_horizontal_scroll(&bob).await;
    bob.eval::<Value>("document.querySelector('#h-pools').scrollIntoView()")
        .await;
    bob.screenshot("pools-375x812-a-seek").await;
    ann.screenshot("pools-1280x800-waiting").await;
    bob.click(&format!("{tile} button")).await;

    for p in [&ann, &bob] {
        p.wait_until("location.pathname.startsWith('/room/')").await;
        p.wait_until(
            "document.querySelector('#turn') && document.querySelector('#turn').dataset.turn",
        )
        .await;
        p.wait_text(".seats", "(you)").await;
    }
    let room: String = ann.eval("location.pathname.slice('/room/'.length)").await;
    let bobs: String = bob.eval("location.pathname.slice('/room/'.length)").await;
    assert_eq!(room, bobs);
    let snapshot: Value = bob
        .eval(&format!("fetch('/api/rooms/{room}').then(r => r.json())"))
        .await;
    assert_eq!(snapshot["state"], "playing", "{snapshot}");
    assert_eq!(snapshot["room"]["rated"], false, "{snapshot}");
    ann.screenshot("pools-paired-1280x800").await;
    bob.screenshot("pools-paired-375x812").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn two_strangers_find_each_other_with_find_an_opponent() {
    let Some(h) = Harness::start("lobby-seek").await else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;

    // Ann asks first: a room opens and she waits in it.
    ann.goto("/").await;
    ann.click("[data-quick-seek=\"queah\"]").await;
    ann.wait_until("location.pathname.startsWith('/room/')")
        .await;
    let room: String = ann.eval("location.pathname.slice('/room/'.length)").await;
    ann.wait_text(".seat.white", "(you)").await;

    // Bob sees her waiting in the list, in words, then asks for the same game.
    bob.goto("/").await;
    let row = format!("[data-room=\"{room}\"]");
    bob.wait_text(&row, "Queah, no clock").await;
    bob.wait_text(&row, "waits for 1 more player").await;
    bob.wait_text(&row, "Starts when full").await;
    bob.screenshot("lobby-with-a-seek").await;
    bob.click("[data-quick-seek=\"queah\"]").await;
    bob.wait_until(&format!("location.pathname === '/room/{room}'"))
        .await;

    // The room starts by itself: both see a running game, each in their own seat.
    for p in [&ann, &bob] {
        p.wait_until(
            "document.querySelector('#turn') && document.querySelector('#turn').dataset.turn",
        )
        .await;
    }
    bob.wait_text(".seat.black", "(you)").await;
    let snapshot: Value = bob
        .eval(&format!("fetch('/api/rooms/{room}').then(r => r.json())"))
        .await;
    assert_eq!(snapshot["state"], "playing", "{snapshot}");
    ann.screenshot("found").await;
    // The room left the list of rooms to join.
    let cy = h.page("cy").await;
    cy.goto("/").await;
    cy.wait_for(&format!("[data-watch=\"{room}\"]")).await;
    assert_eq!(cy.count(&format!("[data-join=\"{room}\"]")).await, 0);
    for p in [&ann, &bob, &cy] {
        p.assert_no_errors();
    }
    h.finish().await;
}

#[tokio::test]
async fn more_options_form_every_control_and_the_room_list_in_words() {
    let Some(h) = Harness::start("lobby-form").await else {
        return;
    };
    let ann = h.page("ann").await;
    ann.goto("/").await;
    open_more_options(&ann).await;

    // Every option of every game links to its paragraph of the rules.
    let games: Value = ann.eval("fetch('/api/games').then(r => r.json())").await;
    for g in games["games"].as_array().unwrap() {
        let key = g["key"].as_str().unwrap();
        ann.eval::<Value>(&format!(
            "(() => {{ const s = document.querySelector('#game'); s.value = {}; \
             s.dispatchEvent(new Event('change')); }})()",
            js(key)
        ))
        .await;
        let form_rules: String = ann
            .eval("document.querySelector('#form-rules').getAttribute('href')")
            .await;
        assert_eq!(form_rules, format!("/rules/{key}"));
        for o in g["options"].as_array().unwrap() {
            let opt = o["key"].as_str().unwrap();
            let href: String = ann
                .eval(&format!(
                    "document.querySelector('#opt-{opt}-help a.opt-rule').getAttribute('href')"
                ))
                .await;
            assert_eq!(href, format!("/rules/{key}#opt-{opt}"));
        }
    }

    // The name form.
    ann.eval::<Value>("document.querySelector('#name-input').value = ''")
        .await;
    ann.type_text("#name-input", "Ann").await;
    ann.click("#name-form button[type=submit]").await;
    ann.wait_text("#me", "Ann").await;

    // A Neva room for four in teams with a clock and a computer: every control of the form.
    ann.click("#game").await;
    ann.eval::<Value>(
        "(() => { const s = document.querySelector('#game'); s.value = 'neva'; \
         s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    ann.wait_for("#opt-teams").await;
    assert_eq!(ann.count(".seat-choice select").await, 4);
    ann.eval::<Value>(
        "(() => { const set = (id, v) => { const s = document.querySelector(id); s.value = v; \
           s.dispatchEvent(new Event('change')); }; \
           set('#opt-seats', 'white,red,green'); })()",
    )
    .await;
    assert_eq!(ann.count(".seat-choice select").await, 3);
    ann.eval::<Value>(
        "(() => { const set = (id, v) => { const s = document.querySelector(id); s.value = v; \
           s.dispatchEvent(new Event('change')); }; \
           set('#opt-seats', 'white,red,green,black'); set('#opt-teams', 'true'); \
           set('#tc-kind', 'per_move'); })()",
    )
    .await;
    ann.wait_for("#tc-seconds").await;
    ann.eval::<Value>(
        "(() => { const set = (id, v) => { const s = document.querySelector(id); s.value = v; \
           s.dispatchEvent(new Event('change')); }; \
           set('#tc-kind', 'fischer'); set('#tc-minutes', '5'); set('#tc-increment', '3'); \
           set('#seat-green', 'bot:1'); set('#seat-red', 'me'); })()",
    )
    .await;
    // Only one seat can be mine.
    let white: String = ann
        .eval("document.querySelector('#seat-white').value")
        .await;
    assert_eq!(white, "open");
    // "Start by itself" is on by default; this room is started by its host.
    assert!(
        ann.eval::<bool>("document.querySelector('#auto-start').checked")
            .await
    );
    ann.click("#auto-start").await;
    assert!(
        !ann.eval::<bool>("document.querySelector('#auto-start').checked")
            .await
    );
    ann.screenshot("more-options").await;
    ann.click("#create").await;
    ann.wait_until("location.pathname.startsWith('/room/')")
        .await;
    let room: String = ann.eval("location.pathname.slice('/room/'.length)").await;
    ann.wait_text(".seat.red", "(you)").await;

    // The list says what the room is and who waits.
    let bob = h.page("bob").await;
    bob.goto("/").await;
    let row = format!("[data-room=\"{room}\"]");
    bob.wait_text(&row, "Neva, 4 players, teams, 5+3").await;
    bob.wait_text(&row, "Ann").await;
    bob.wait_text(&row, "wait").await;
    bob.click(&format!("[data-join=\"{room}\"]")).await;
    bob.wait_until(&format!("location.pathname === '/room/{room}'"))
        .await;
    bob.wait_text(".seats", "(you)").await;

    // A private room's code, typed into the front page: a bad code says so.
    let cy = h.page("cy").await;
    cy.goto("/").await;
    cy.type_text("#code-input", "nosuchcode").await;
    cy.click("#code-join").await;
    cy.wait_until("location.pathname === '/join/NOSUCHCODE'")
        .await;
    cy.wait_text("main", "not valid").await;
    cy.screenshot("bad-code").await;
    cy.click("#back-to-lobby").await;
    cy.wait_until("location.pathname === '/'").await;
    cy.wait_for("[data-quick-seek]").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn history_filters_pages_names_and_downloads() {
    let Some(h) = Harness::start_with("lobby-history", |c| {
        c.limits.rooms_per_address_per_minute = 0;
    })
    .await
    else {
        return;
    };
    // 21 Stockholm games between strangers, one against the computer, and one of Ann's.
    for _ in 0..21 {
        finished_game(&h, "stockholm", None).await;
    }
    let bot_game = finished_game(
        &h,
        "giveandtake",
        Some(json!({"kind": "engine", "level": 3})),
    )
    .await;
    let ann = h.page("ann").await;
    let room = super::create_room(&ann, "queah", "").await;
    ann.wait_text(".seat.white", "(you)").await;
    let bob = token(&h).await;
    let mut bob_ws = Client::connect(addr(&h), &room, Some(&bob), None).await;
    bob_ws.until("snapshot", |v| v["type"] == "snapshot").await;
    bob_ws.act("take_seat", json!({"seat": "black"})).await;
    super::start(&ann).await;
    // Both move first: a resignation before would abort the game.
    super::play_offered_move(&ann).await;
    first_legal_move(&mut bob_ws).await;
    bob_ws.act("resign", json!({})).await;

    // The first page: 20 games, newest first; bots named as the server names them.
    ann.set_viewport(1280, 800, false).await;
    ann.goto("/history").await;
    ann.wait_for(&format!("[data-game=\"{room}\"]")).await;
    assert_eq!(ann.count("#history-list tbody tr").await, 20);
    let bot_row = format!("[data-game=\"{bot_game}\"]");
    ann.wait_text(&bot_row, "Computer level 3").await;
    assert!(!ann.text(&bot_row).await.contains("(bot"));
    ann.wait_text(&format!("[data-game=\"{room}\"] .result"), "won, resigned")
        .await;
    ann.wait_text("#page-where", "Games 1 to 20").await;
    ann.screenshot("history-1280").await;

    // Older, then newer.
    ann.click("#next-page").await;
    ann.wait_text("#page-where", "Games 21 to 23").await;
    assert_eq!(ann.count("#history-list tbody tr").await, 3);
    assert_eq!(ann.count("#next-page").await, 0);
    ann.click("#prev-page").await;
    ann.wait_text("#page-where", "Games 1 to 20").await;

    // Filters: the game, my games, my wins and losses, dates.
    let set = |id: &str, v: &str| {
        format!(
            "(() => {{ const s = document.querySelector('{id}'); s.value = {}; \
             s.dispatchEvent(new Event('change')); }})()",
            js(v)
        )
    };
    ann.eval::<Value>(&set("#f-game", "giveandtake")).await;
    ann.click("#filter").await;
    ann.wait_until("document.querySelectorAll('#history-list tbody tr').length === 1")
        .await;
    ann.wait_for(&bot_row).await;
    ann.eval::<Value>(&set("#f-game", "")).await;
    ann.click("#f-mine").await;
    ann.click("#filter").await;
    ann.wait_until("document.querySelectorAll('#history-list tbody tr').length === 1")
        .await;
    ann.wait_for(&format!("[data-game=\"{room}\"]")).await;
    ann.eval::<Value>(&set("#f-result", "loss")).await;
    ann.click("#filter").await;
    ann.wait_text("#history-list", "No games match").await;
    ann.eval::<Value>(&set("#f-result", "win")).await;
    ann.click("#filter").await;
    ann.wait_for(&format!("[data-game=\"{room}\"]")).await;
    // The address keeps the filters.
    let search: String = ann.eval("location.search").await;
    assert!(
        search.contains("result=win") && search.contains("player="),
        "{search}"
    );
    ann.eval::<Value>(&set("#f-result", "")).await;
    ann.click("#f-mine").await;
    let tomorrow: String = ann
        .eval("new Date(Date.now() + 86400000).toISOString().slice(0, 10)")
        .await;
    let yesterday: String = ann
        .eval("new Date(Date.now() - 86400000).toISOString().slice(0, 10)")
        .await;
    ann.eval::<Value>(&set("#f-from", &tomorrow)).await;
    ann.click("#filter").await;
    ann.wait_text("#history-list", "No games match").await;
    ann.eval::<Value>(&set("#f-from", &yesterday)).await;
    ann.eval::<Value>(&set("#f-to", &tomorrow)).await;
    ann.click("#filter").await;
    ann.wait_text("#page-where", "Games 1 to 20").await;

    // Downloads: the game's record lands in the downloads folder, in its own format.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("lobby-downloads-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    ann.allow_downloads(&dir).await;
    ann.click(&format!("[data-game=\"{room}\"] a.download"))
        .await;
    // The server names the file after the game; the browser writes it under a temporary
    // name first.
    let file = dir.join(format!("{room}.pdn"));
    let mut text = String::new();
    for _ in 0..200 {
        if let Ok(t) = std::fs::read_to_string(&file) {
            if t.contains("[Result") {
                text = t;
                break;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let listing: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(
        text.contains("[Variant \"queah\"]"),
        "downloaded: {text:?}; in {}: {listing:?}",
        dir.display()
    );
    let _ = std::fs::remove_dir_all(&dir);

    // The replay link.
    ann.click(&format!("[data-game=\"{room}\"] a.replay")).await;
    ann.wait_until(&format!("location.pathname === '/history/{room}'"))
        .await;

    // On a phone.
    ann.set_viewport(375, 812, true).await;
    ann.goto("/history").await;
    ann.wait_for(&format!("[data-game=\"{room}\"]")).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("history-375").await;
    ann.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn a_claimed_name_shows_at_once() {
    let Some(h) = Harness::start("lobby-claim").await else {
        return;
    };
    let ann = h.page("ann").await;
    let waiting = super::create_room(&ann, "queah", "").await;
    ann.wait_text(".seat.white", "(you)").await;
    let cy = h.page("cy").await;
    cy.goto(&format!("/room/{waiting}")).await;
    cy.wait_text(".seat.white", "Guest").await;
    ann.goto("/account").await;
    ann.type_text("#claim-username", "ann").await;
    ann.type_text("#claim-name", "Annabel").await;
    ann.type_text("#claim-password", "a long enough password")
        .await;
    ann.click("#claim-submit").await;
    ann.wait_text("#account-who", "Annabel").await;
    ann.wait_text("#me", "Annabel").await;
    // The room she sits in says so too, for someone watching it.
    cy.wait_text(".seat.white", "Annabel").await;
    ann.goto(&format!("/room/{waiting}")).await;
    ann.wait_text(".seat.white", "Annabel").await;
    ann.assert_no_errors();
    cy.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn admin_close_explains_itself_mute_and_chat_delete() {
    let Some(h) = Harness::start_with("lobby-admin", |c| {
        c.first_admin = Some(("boss".into(), "the boss password".into()));
    })
    .await
    else {
        return;
    };
    // A finished game still in memory (with a line of chat), and a waiting room.
    let over = finished_game_saying(&h, "stockholm", None, Some("gg, well played")).await;
    let ann = h.page("ann").await;
    let waiting = super::create_room(&ann, "queah", "").await;
    ann.wait_text(".seat.white", "(you)").await;
    let ann_id = ann.player_id().await;

    let boss = h.page("boss").await;
    boss.set_viewport(1280, 800, false).await;
    boss.goto("/account").await;
    boss.type_text("#login-username", "boss").await;
    boss.type_text("#login-password", "the boss password").await;
    boss.click("#login-submit").await;
    boss.wait_text("#account-who", "boss").await;
    boss.click("#admin-link").await;
    let over_row = format!("#rooms tr[data-room=\"{over}\"]");
    boss.wait_for(&over_row).await;
    boss.wait_text(&over_row, "Stockholm, no clock").await;
    boss.wait_text(&over_row, "over").await;

    // Closing a finished room says why not, in words, by the room.
    boss.click(&format!("{over_row} button.close-room")).await;
    boss.wait_text(&format!("{over_row} .row-note"), "already over")
        .await;
    let note = boss.text(&format!("{over_row} .row-note")).await;
    assert!(
        !note.contains("already_over") && !note.contains('{'),
        "{note}"
    );

    // The room's chat, and a line deleted.
    boss.click(&format!("{over_row} button.show-chat")).await;
    boss.wait_text(&format!("{over_row} .admin-chat"), "well played")
        .await;
    boss.screenshot("admin-1280").await;
    boss.click(&format!("{over_row} button.delete-chat")).await;
    boss.wait_gone(&format!("{over_row} .admin-chat li[data-chat]"))
        .await;
    boss.wait_for("#audit li[data-action*=chat]").await;

    // Mute Ann in chat, then let her speak again.
    let row = format!("#players tr[data-player=\"{ann_id}\"]");
    boss.wait_for(&row).await;
    boss.click(&format!("{row} button.mute")).await;
    boss.wait_text(&row, "muted in chat").await;
    boss.wait_for("#audit li[data-action=mute]").await;
    boss.click(&format!("{row} button.unmute")).await;
    boss.wait_for(&format!("{row} button.mute")).await;
    boss.wait_for("#audit li[data-action=unmute]").await;

    // Closing the waiting room works, and the audit says so.
    boss.click(&format!(
        "#rooms tr[data-room=\"{waiting}\"] button.close-room"
    ))
    .await;
    boss.wait_for("#audit li[data-action=close_room]").await;

    boss.set_viewport(375, 812, true).await;
    boss.goto("/admin").await;
    boss.wait_for("#audit li").await;
    assert_no_horizontal_scroll(&boss).await;
    boss.screenshot("admin-375").await;
    ann.assert_no_errors();
    // The browser logs the refused close (409) as a failed load: that one was asked for.
    let unexpected: Vec<String> = boss
        .errors()
        .into_iter()
        .filter(|e| !(e.contains("409") && e.contains(&format!("/api/admin/rooms/{over}/close"))))
        .collect();
    assert!(
        unexpected.is_empty(),
        "boss: errors on the page: {unexpected:?}"
    );
    h.finish().await;
}

/// While the database is away the page says the server is recovering: the API
/// helper and the socket raise the outage event on a 503 `unavailable` or a `store_failed`
/// (web/test/recovering.test.js), the banner shows, asks `/readyz`, and goes once the
/// server answers ready: here at once, since this server's database is fine.
#[tokio::test]
async fn the_recovering_banner_shows_on_an_outage_and_goes_when_ready() {
    let Some(h) = Harness::start("lobby-recovering").await else {
        return;
    };
    let ann = h.page("ann").await;
    ann.set_viewport(1280, 800, false).await;
    ann.goto("/").await;
    ann.wait_for("[data-level=\"4\"]").await;
    assert!(
        ann.eval::<bool>("document.getElementById('recovering').hidden")
            .await
    );
    // The first readiness probe comes 3 s after the outage: time for the screenshot.
    ann.eval::<Value>("window.dispatchEvent(new Event('checkerhall:outage'))")
        .await;
    ann.wait_until("!document.getElementById('recovering').hidden")
        .await;
    assert_eq!(
        ann.text("#recovering").await,
        "The server is recovering; your moves so far are safe."
    );
    ann.screenshot("recovering-1280x800").await;
    // The server is ready: the banner goes by itself.
    ann.wait_until("document.getElementById('recovering').hidden")
        .await;
    h.finish().await;
}
