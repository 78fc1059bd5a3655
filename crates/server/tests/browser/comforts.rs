//! The room's comforts, clicked and keyed as a player would: a premove queued, cancelled,
//! played when the turn comes and dropped when the rules no longer allow it; the board and
//! the move list each one tab stop, crossed with the arrow keys; takebacks asked, agreed
//! and declined; the dark scheme (chosen, or
//! following the system) and the board themes; the rules link and the players' names as
//! links; partners ringed on a Neva team board; and the page holding still as it loads
//! (layout shift, desktop and phone).

use serde_json::{json, Value};

use crate::support::{Harness, Page};
use crate::{assert_no_horizontal_scroll, click_squares, wait_moves, wait_my_turn, wait_seated};

/// Creates a room through the API from `page` (its own cookie: it hosts) and opens it at
/// `query` (the page's intentions, e.g. bots to seat).
async fn new_room(page: &Page, body: Value, query: &str) -> String {
    let id = page.post_room("/history", &body).await;
    page.goto(&format!("/room/{id}{query}")).await;
    page.wait_for(".seat").await;
    id
}

/// The host starts the game, clicking Start again when a click missed it: the panel beside
/// the board can move under the pointer as the other player's seat arrives.
async fn start_game(host: &Page) {
    for _ in 0..100 {
        let started: bool = host
            .eval("Boolean(document.querySelector('#turn') && document.querySelector('#turn').dataset.turn)")
            .await;
        if started {
            return;
        }
        let ready: bool = host
            .eval("Boolean(document.querySelector('#start') && !document.querySelector('#start').disabled)")
            .await;
        if ready {
            host.click("#start").await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("the game did not start");
}

/// Ann (White, host) and Bob (Black) in a started Stockholm game, Ann to move.
async fn stockholm_game(h: &Harness) -> (Page, Page, String) {
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;
    let room = new_room(&ann, json!({"game": "stockholm", "seat": "white"}), "").await;
    bob.goto(&format!("/room/{room}")).await;
    bob.click("[data-sit=\"black\"]").await;
    wait_seated(&bob, "black").await;
    start_game(&ann).await;
    wait_my_turn(&ann).await;
    bob.wait_until("document.querySelector('.board .sq.active')")
        .await;
    (ann, bob, room)
}

/// Sets a `<select>` of the page to `value` as a reader's choice would.
async fn choose(page: &Page, selector: &str, value: &str) {
    page.eval::<Value>(&format!(
        "(() => {{ const s = document.querySelector({}); s.value = {}; s.dispatchEvent(new Event('change')); }})()",
        json!(selector),
        json!(value)
    ))
    .await;
}

/// The page's background colour (the root element's, which the body shows through).
async fn background(page: &Page) -> String {
    page.eval("getComputedStyle(document.documentElement).backgroundColor")
        .await
}

/// The text of the last move in the list.
async fn last_move(page: &Page) -> String {
    page.eval("[...document.querySelectorAll('.moves button.move')].pop().textContent")
        .await
}

/// The layout shift of the page since it loaded: every `layout-shift` entry not caused by
/// input, summed (the browser keeps them from the start: `buffered`), once the page has had
/// `settle_ms` to finish loading what comes late; and the elements that moved, with each
/// shift's value, for the failure's message.
async fn layout_shift(page: &Page, settle_ms: u32) -> (f64, Vec<String>) {
    page.eval(&format!(
        "new Promise((done) => {{ let sum = 0; const moved = []; \
           const name = (n) => n ? (n.id ? '#' + n.id : (n.className && n.className.baseVal === undefined ? n.nodeName.toLowerCase() + '.' + String(n.className).split(' ').join('.') : n.nodeName)) : '?'; \
           new PerformanceObserver((list) => {{ for (const e of list.getEntries()) if (!e.hadRecentInput) {{ sum += e.value; \
             moved.push(e.value.toFixed(3) + ': ' + (e.sources || []).map((s) => name(s.node) + ' ' + JSON.stringify([s.previousRect.x, s.previousRect.y, s.previousRect.width, s.previousRect.height].map(Math.round)) + '->' + JSON.stringify([s.currentRect.x, s.currentRect.y, s.currentRect.width, s.currentRect.height].map(Math.round))).join(', ')); }} }}) \
             .observe({{ type: 'layout-shift', buffered: true }}); \
           setTimeout(() => done([sum, moved]), {settle_ms}); }})"
    ))
    .await
}

#[tokio::test]
async fn a_premove_is_queued_cancelled_played_on_the_turn_and_dropped_when_illegal() {
    let Some(h) = Harness::start("comforts_premove").await else {
        return;
    };
    let (ann, bob, _room) = stockholm_game(&h).await;

    // Bob queues b6-a5 while Ann thinks: both squares are marked, and a word says so.
    click_squares(&bob, &["b6", "a5"]).await;
    bob.wait_text("#premove-note", "Premove b6 to a5").await;
    assert_eq!(bob.count(".board .sq.premove").await, 2);
    bob.screenshot("premove-queued").await;
    // A click on the board cancels it.
    click_squares(&bob, &["h8"]).await;
    bob.wait_text("#premove-note", "Premove cancelled").await;
    assert_eq!(bob.count(".board .sq.premove").await, 0);

    // Queued again, it is played the moment Ann's move arrives.
    click_squares(&bob, &["b6", "a5"]).await;
    bob.wait_text("#premove-note", "Premove b6 to a5").await;
    click_squares(&ann, &["c3", "d4"]).await;
    wait_moves(&bob, 2).await;
    wait_moves(&ann, 2).await;
    assert_eq!(last_move(&ann).await, "b6-a5");
    wait_my_turn(&ann).await;
    assert_eq!(bob.count(".board .sq.premove").await, 0);

    // A premove the rules do not allow in the new position is dropped with a word, and
    // the turn is Bob's to play by hand.
    click_squares(&bob, &["h6", "a1"]).await;
    bob.wait_text("#premove-note", "Premove h6 to a1").await;
    click_squares(&ann, &["g3", "f4"]).await;
    bob.wait_text("#premove-note", "dropped: it is not a legal move now")
        .await;
    wait_my_turn(&bob).await;
    assert_eq!(bob.count(".moves button.move").await, 3);
    bob.screenshot("premove-dropped").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn a_takeback_is_asked_agreed_and_declined_by_clicks() {
    let Some(h) = Harness::start("comforts_takeback").await else {
        return;
    };
    let (ann, bob, _room) = stockholm_game(&h).await;
    click_squares(&ann, &["c3", "d4"]).await;
    wait_my_turn(&bob).await;
    click_squares(&bob, &["b6", "a5"]).await;
    wait_moves(&ann, 2).await;
    wait_my_turn(&ann).await;

    // Ann asks; Bob is told in words and answers with a click.
    ann.click("#ask-takeback").await;
    ann.wait_for("#withdraw-takeback").await;
    bob.wait_text(
        "#takeback-request",
        "White asks to take back their last move and the move after it.",
    )
    .await;
    bob.screenshot("takeback-asked").await;
    bob.click("#accept-takeback").await;
    // Both moves leave both lists and the board; Ann is to move again.
    for page in [&ann, &bob] {
        page.wait_until("document.querySelectorAll('.moves button.move').length === 0")
            .await;
        assert_eq!(page.count("#takeback-request").await, 0);
    }
    wait_my_turn(&ann).await;
    // The piece is back on c3, and may move again.
    ann.wait_for(".board .sq.active[data-square=\"c3\"]").await;
    ann.wait_text("#announce", "taken back").await;
    ann.screenshot("takeback-done").await;

    // Another move, asked back, and declined this time: the move stays.
    click_squares(&ann, &["e3", "f4"]).await;
    wait_moves(&bob, 1).await;
    ann.click("#ask-takeback").await;
    bob.wait_for("#decline-takeback").await;
    bob.set_viewport(375, 812, true).await;
    bob.screenshot("takeback-asked-phone").await;
    assert_no_horizontal_scroll(&bob).await;
    bob.click("#decline-takeback").await;
    ann.wait_for("#ask-takeback").await;
    assert_eq!(ann.count(".moves button.move").await, 1);
    assert_eq!(last_move(&ann).await, "e3-f4");
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn the_board_and_the_move_list_are_one_tab_stop_each_crossed_with_the_arrows() {
    let Some(h) = Harness::start("comforts_keys").await else {
        return;
    };
    let (ann, bob, _room) = stockholm_game(&h).await;
    click_squares(&ann, &["c3", "d4"]).await;
    wait_my_turn(&bob).await;

    // Bob moves by keyboard alone: one tab stop on the board, the arrows to a landing.
    bob.eval::<Value>("document.querySelector('.board [data-square][tabindex=\"0\"]').focus()")
        .await;
    assert_eq!(
        bob.count(".board [data-square][tabindex=\"0\"]").await,
        1,
        "one tab stop on the board"
    );
    assert!(bob.count(".board .sq.active").await > 1);
    bob.press("Enter").await;
    bob.wait_for(".board .sq.selected").await;
    let mut keys = 1;
    let mut found = false;
    'search: for key in ["ArrowUp", "ArrowRight", "ArrowLeft", "ArrowDown"] {
        for _ in 0..3 {
            bob.press(key).await;
            keys += 1;
            let here: bool = bob
                .eval("(document.activeElement.getAttribute('aria-label') || '').includes('move here')")
                .await;
            if here {
                found = true;
                break 'search;
            }
        }
    }
    assert!(found, "the arrows reach a landing square");
    bob.press("Enter").await;
    keys += 1;
    wait_moves(&ann, 2).await;
    assert!(keys <= 8, "a move by keyboard took {keys} keys");

    // The move list is one tab stop too: the arrows, Home and End look back inside it.
    click_squares(&ann, &["g3", "f4"]).await;
    wait_moves(&ann, 3).await;
    assert_eq!(
        ann.count("#moves button.move[tabindex=\"0\"]").await,
        1,
        "one tab stop in the move list"
    );
    ann.eval::<Value>("document.querySelector('#moves button.move[tabindex=\"0\"]').focus()")
        .await;
    ann.press("ArrowLeft").await;
    ann.wait_for("#back-live").await;
    ann.wait_until("document.activeElement.dataset.ply === '1'")
        .await;
    ann.press("Home").await;
    ann.wait_until("document.activeElement.dataset.ply === '0'")
        .await;
    ann.screenshot("move-list-keys").await;
    ann.press("End").await;
    ann.wait_until("document.activeElement.dataset.ply === '2'")
        .await;
    ann.wait_gone("#back-live").await;
    // Tab leaves the list at once, whatever its length.
    ann.press("Tab").await;
    ann.wait_until("!document.activeElement.closest('#moves')")
        .await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn dark_mode_follows_the_system_or_the_choice_and_the_board_themes_stay() {
    let Some(h) = Harness::start("comforts_display").await else {
        return;
    };
    let (ann, bob, room) = stockholm_game(&h).await;
    click_squares(&ann, &["c3", "d4"]).await;
    wait_moves(&bob, 1).await;

    // The rules of this game are a link away, and the players' names lead to their pages.
    let rules: String = ann
        .eval("document.querySelector('#rules-of-game').getAttribute('href')")
        .await;
    assert_eq!(rules, "/rules/stockholm");
    assert_eq!(ann.count(".seat a.player-link").await, 2);
    let link: String = ann
        .eval("document.querySelector('.seat.black a.player-link').getAttribute('href')")
        .await;
    assert!(link.starts_with("/@/"), "{link}");

    // Light by default; the system's dark is followed.
    assert_eq!(background(&ann).await, "rgb(245, 242, 234)");
    ann.prefer_scheme("dark").await;
    ann.wait_until(
        "getComputedStyle(document.documentElement).backgroundColor === 'rgb(22, 25, 28)'",
    )
    .await;
    ann.screenshot("dark-system").await;
    // Chosen light wins over the system's dark; chosen dark over a light system.
    choose(&ann, "#scheme", "light").await;
    assert_eq!(background(&ann).await, "rgb(245, 242, 234)");
    ann.prefer_scheme("light").await;
    choose(&ann, "#scheme", "dark").await;
    assert_eq!(background(&ann).await, "rgb(22, 25, 28)");
    // A board theme changes the squares.
    choose(&ann, "#board-theme", "sea").await;
    let fill: String = ann
        .eval("getComputedStyle(document.querySelector('.board .sq:not(.light):not(.last):not(.active)')).fill")
        .await;
    assert_eq!(fill, "rgb(95, 134, 163)");
    ann.screenshot("dark-sea").await;
    // Both are remembered.
    ann.reload().await;
    ann.wait_for(".board .sq").await;
    let kept: Vec<String> = ann
        .eval("[document.documentElement.dataset.scheme, document.documentElement.dataset.board, document.querySelector('#scheme').value]")
        .await;
    assert_eq!(kept, ["dark", "sea", "dark"]);
    // Back to following the system, which is light now, then turns dark.
    choose(&ann, "#scheme", "system").await;
    assert_eq!(background(&ann).await, "rgb(245, 242, 234)");
    ann.prefer_scheme("dark").await;
    ann.wait_until("document.documentElement.dataset.scheme === 'dark'")
        .await;
    ann.prefer_scheme("light").await;
    ann.wait_until("document.documentElement.dataset.scheme === 'light'")
        .await;
    choose(&ann, "#scheme", "dark").await;
    // On a phone too.
    ann.set_viewport(375, 812, true).await;
    ann.goto(&format!("/room/{room}")).await;
    ann.wait_for(".board .sq").await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("dark-sea-phone").await;
    choose(&ann, "#board-theme", "moss").await;
    choose(&ann, "#scheme", "system").await;
    ann.screenshot("light-moss-phone").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn a_neva_team_board_rings_the_partners_pieces() {
    let Some(h) = Harness::start("comforts_partner").await else {
        return;
    };
    let ann = h.page("ann").await;
    new_room(
        &ann,
        json!({"game": "neva", "options": {"seats": "white,red,green,black", "teams": "true"}, "seat": "white"}),
        "?bots=red:1,green:1,black:1",
    )
    .await;
    start_game(&ann).await;
    ann.wait_for(".board .piece.green .partner-ring").await;
    // Every piece of the partner (Green), and only those, is ringed.
    let (ringed, green): (usize, usize) = ann
        .eval("[document.querySelectorAll('.board .piece .partner-ring').length, document.querySelectorAll('.board .piece.green').length]")
        .await;
    assert!(green > 0);
    assert_eq!(ringed, green);
    assert_eq!(ann.count(".board .piece.red .partner-ring").await, 0);
    let label: String = ann
        .eval("document.querySelector('.board .piece.partner').getAttribute('aria-label')")
        .await;
    assert!(label.ends_with("your partner's"), "{label}");
    ann.screenshot("partner").await;
    ann.set_viewport(375, 812, true).await;
    ann.screenshot("partner-phone").await;
    ann.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn the_front_page_and_a_room_hold_still_as_they_load_on_desktop_and_phone() {
    let Some(h) = Harness::start("comforts_shift").await else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;
    let room = new_room(&ann, json!({"game": "stockholm", "seat": "white"}), "").await;
    bob.goto(&format!("/room/{room}")).await;
    bob.click("[data-sit=\"black\"]").await;
    wait_seated(&bob, "black").await;
    start_game(&ann).await;
    wait_my_turn(&ann).await;
    click_squares(&ann, &["c3", "d4"]).await;
    wait_moves(&bob, 1).await;

    for (device, width, height, mobile) in
        [("desktop", 1280, 900, false), ("phone", 375, 812, true)]
    {
        bob.set_viewport(width, height, mobile).await;
        for (page, path) in [
            ("front", "/".to_string()),
            ("room", format!("/room/{room}")),
        ] {
            bob.goto(&path).await;
            let (shift, moved) = layout_shift(&bob, 2500).await;
            bob.screenshot(&format!("{page}-{device}")).await;
            // The figure itself, for `--nocapture`: how far under the limit each page is.
            eprintln!("layout shift of the {page} page on a {device}: {shift:.4} {moved:?}");
            assert!(
                shift < 0.1,
                "the {page} page shifts by {shift:.3} as it loads on a {device}:\n{}",
                moved.join("\n")
            );
        }
    }
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn queah_and_stockholm_rules_pages_have_a_game_to_step_through() {
    let Some(h) = Harness::start("comforts_examples").await else {
        return;
    };
    let ann = h.page("ann").await;
    for (game, moves) in [("queah", 22), ("stockholm", 46)] {
        ann.goto(&format!("/rules/{game}")).await;
        let fig = format!("#game-{game}-example");
        ann.wait_for(&format!("{fig} .board")).await;
        ann.click(&format!("{fig} .step-forward")).await;
        ann.wait_text(&format!("{fig} .step-count"), &format!("Move 1 of {moves}"))
            .await;
        ann.click(&format!("{fig} .step-end")).await;
        ann.wait_text(
            &format!("{fig} .step-count"),
            &format!("Move {moves} of {moves}"),
        )
        .await;
        ann.wait_text(&format!("{fig} .step-note"), "Black wins")
            .await;
        ann.eval::<Value>(&format!("document.querySelector('{fig}').scrollIntoView()"))
            .await;
        ann.screenshot(&format!("{game}-example")).await;
    }
    ann.assert_no_errors();
    h.finish().await;
}
