//! The browser client in a real Chromium (see `support.rs` for the harness): people
//! create, join, play, watch, reload, lose their connection and review games by clicking,
//! as they would. Screenshots land in `target/screenshots/`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

// Its own test binary: the tests drive a real Chromium, one at a time (see
// `support::Harness`), and are the slow part of the suite; `cargo test --test browser` runs
// just them, and the other tests do not share the two cores with a browser.
mod club;
mod comforts;
#[path = "../it/common/mod.rs"]
mod common;
mod games;
mod i18n;
mod i18n_account;
mod i18n_club;
mod i18n_history;
mod i18n_lobby;
mod i18n_room;
mod i18n_rules;
mod i18n_rules_reader;
mod learn;
mod lobby;
mod notify;
mod nvui;
mod pwa;
#[path = "../support/required.rs"]
mod required;
mod room;
mod support;

use serde_json::json;
use support::{Harness, Page};

/// A JavaScript string literal for `s`.
fn js(s: &str) -> String {
    json!(s).to_string()
}

/// Opens the front page's "More options" (the full creation form, folded by default) and
/// waits for the form.
async fn open_more_options(page: &Page) {
    page.wait_for("#more-options > summary").await;
    // The room list above it may grow between finding the summary and the click (its
    // snapshot arriving), so the click can land on the list: then it is clicked again.
    for _ in 0..20 {
        if page
            .eval::<bool>("document.querySelector('#more-options').open")
            .await
        {
            break;
        }
        page.click("#more-options > summary").await;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    page.wait_for("#create").await;
}

/// Creates a room of `game` from the lobby form (after `setup`, JavaScript run on the form)
/// and returns its id; the page is then in the room.
async fn create_room(page: &Page, game: &str, setup: &str) -> String {
    page.goto("/").await;
    open_more_options(page).await;
    page.eval::<serde_json::Value>(&format!(
        "(() => {{ const s = document.querySelector('#game'); s.value = {}; \
         s.dispatchEvent(new Event('change')); }})()",
        js(game)
    ))
    .await;
    // The tests start their games with the Start button: the form's "Start by itself",
    // on by default, is turned off first (a setup may turn it on again).
    page.eval::<serde_json::Value>("document.querySelector('#auto-start').checked = false")
        .await;
    if !setup.is_empty() {
        page.eval::<serde_json::Value>(setup).await;
    }
    page.click("#create").await;
    page.wait_until("location.pathname.startsWith('/room/')")
        .await;
    page.wait_for(".seat").await;
    let path: String = page.eval("location.pathname").await;
    path.trim_start_matches("/room/").to_string()
}

/// Opens the room and sits in `seat` by clicking its button.
async fn sit(page: &Page, room: &str, seat: &str) {
    page.goto(&format!("/room/{room}")).await;
    page.click(&format!("[data-sit=\"{seat}\"]")).await;
    wait_seated(page, seat).await;
}

async fn wait_seated(page: &Page, seat: &str) {
    page.wait_text(&format!(".seat.{seat}"), "(you)").await;
}

/// The host starts the game once every seat is taken.
async fn start(page: &Page) {
    page.wait_until(
        "document.querySelector('#start') && !document.querySelector('#start').disabled",
    )
    .await;
    page.click("#start").await;
    page.wait_until("document.querySelector('#turn').dataset.turn")
        .await;
}

/// Clicks `squares` on the board one after the other (a move, square by square).
async fn click_squares(page: &Page, squares: &[&str]) {
    for sq in squares {
        page.click(&format!(".board [data-square=\"{sq}\"]")).await;
    }
}

/// Moves in the move list.
async fn moves_shown(page: &Page) -> usize {
    page.count(".moves button.move").await
}

async fn wait_moves(page: &Page, n: usize) {
    page.wait_until(&format!(
        "document.querySelectorAll('.moves button.move').length >= {n}"
    ))
    .await;
}

async fn wait_my_turn(page: &Page) {
    page.wait_text("#turn", "Your turn").await;
}

/// Plays the first legal move the board offers, by clicking: the first movable piece, then
/// each offered landing square until the move is complete.
///
/// The board can move under the pointer between finding a square and clicking it (another
/// seat's presence changes the panel beside it), so a first click that selected nothing is
/// made again; a landing click that missed is repeated by the loop, since the square is still
/// offered.
async fn play_offered_move(page: &Page) {
    let mut attempts = 0;
    loop {
        wait_my_turn(page).await;
        let origin: String = page
            .eval("document.querySelector('.board .sq.active').dataset.square")
            .await;
        click_squares(page, &[&origin]).await;
        if page.count(".board .sq.selected").await > 0 {
            break;
        }
        attempts += 1;
        assert!(
            attempts < 5,
            "clicking {origin} selected nothing, {attempts} times"
        );
    }
    loop {
        let next: String = page
            .eval(
                "(document.querySelector('.board .sq[aria-label$=\"move here\"]') || \
                 {dataset: {}}).dataset.square || ''",
            )
            .await;
        if next.is_empty() {
            break;
        }
        click_squares(page, &[&next]).await;
    }
}

/// Asserts the page's document is no wider than its viewport.
async fn assert_no_horizontal_scroll(page: &Page) {
    let (scroll, inner): (f64, f64) = page
        .eval("[document.documentElement.scrollWidth, window.innerWidth]")
        .await;
    assert!(
        scroll <= inner,
        "the page scrolls sideways: {scroll} px wide in a {inner} px viewport"
    );
}

#[tokio::test]
async fn stockholm_two_players_reload_drop_spectator_history() {
    let Some(h) = Harness::start("stockholm").await else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;

    // Ann names herself and creates the room; Bob joins it from the live lobby list.
    ann.goto("/").await;
    open_more_options(&ann).await;
    ann.wait_for("#name-input").await;
    ann.eval::<serde_json::Value>("document.querySelector('#name-input').value = ''")
        .await;
    ann.type_text("#name-input", "Ann").await;
    ann.press("Enter").await;
    ann.wait_text("#me", "Ann").await;
    let room = create_room(&ann, "stockholm", "").await;
    wait_seated(&ann, "white").await;
    ann.screenshot("waiting").await;

    bob.goto("/").await;
    bob.wait_for(&format!("[data-join=\"{room}\"]")).await;
    bob.screenshot("lobby").await;
    bob.click(&format!("[data-join=\"{room}\"]")).await;
    wait_seated(&bob, "black").await;

    start(&ann).await;
    ann.wait_text("#turn", "Your turn").await;

    // a3-b4 d6-e5 c3-d4 and Black must take twice: e5xc3xa5, chosen square by square.
    click_squares(&ann, &["a3", "b4"]).await;
    wait_moves(&bob, 1).await;
    wait_my_turn(&bob).await;
    bob.drag(".board [data-square=\"d6\"]", ".board [data-square=\"e5\"]")
        .await;
    wait_moves(&ann, 2).await;
    click_squares(&ann, &["c3", "d4"]).await;
    wait_moves(&bob, 3).await;
    wait_my_turn(&bob).await;
    click_squares(&bob, &["e5", "c3"]).await;
    // Half way: the captured d4 is a ghost, and the only landing offered is a5.
    bob.wait_for(".board .piece.ghost").await;
    let offered: Vec<String> = bob
        .eval("[...document.querySelectorAll('.board .sq[aria-label$=\"move here\"]')].map(e => e.dataset.square)")
        .await;
    assert_eq!(offered, vec!["a5".to_string()]);
    bob.screenshot("multi-capture-half-way").await;
    click_squares(&bob, &["a5"]).await;
    wait_moves(&ann, 4).await;
    ann.wait_text(".moves", "e5xc3xa5").await;
    assert_eq!(
        ann.count(".board [data-piece=\"d4\"], .board [data-piece=\"b4\"]")
            .await,
        0,
        "both captured white men are gone"
    );
    ann.screenshot("after-multi-capture").await;

    // Ann reloads mid-game and is still White, with the moves so far.
    ann.reload().await;
    wait_seated(&ann, "white").await;
    wait_moves(&ann, 4).await;
    wait_my_turn(&ann).await;

    // The server drops Bob's socket: the banner shows, then clears, and the move Ann made
    // meanwhile appears.
    bob.eval::<serde_json::Value>(
        "(() => { window.__bannerSeen = false; const b = document.querySelector('#banner'); \
         new MutationObserver(() => { if (!b.hidden) window.__bannerSeen = true; }) \
         .observe(b, {attributes: true}); })()",
    )
    .await;
    let bob_id = bob.player_id().await;
    assert!(h.drop_sockets(bob_id) > 0, "Bob had a socket to drop");
    play_offered_move(&ann).await;
    ann.screenshot("move-while-bob-away").await;
    wait_moves(&ann, 5).await;
    bob.wait_until("window.__bannerSeen === true").await;
    bob.wait_until("document.querySelector('#banner').hidden")
        .await;
    wait_moves(&bob, 5).await;
    bob.screenshot("after-reconnect").await;

    // Cy watches from the lobby list.
    let cy = h.page("cy").await;
    cy.goto("/").await;
    cy.wait_for(&format!("[data-watch=\"{room}\"]")).await;
    cy.click(&format!("[data-watch=\"{room}\"]")).await;
    wait_moves(&cy, 5).await;
    play_offered_move(&bob).await;
    wait_moves(&cy, 6).await;
    assert!(
        !cy.eval::<bool>("document.querySelector('#turn').textContent.includes('Your turn')")
            .await
    );
    cy.screenshot("spectating").await;

    // The position the server holds now, to compare with the replay's.
    wait_my_turn(&ann).await;
    let live: String = ann
        .eval(&format!(
            "fetch('/api/rooms/{room}').then(r => r.json()).then(j => j.board.position)"
        ))
        .await;

    // Ann resigns (a second click confirms); everyone sees the result.
    ann.click("#resign").await;
    ann.click("#resign").await;
    for p in [&ann, &cy] {
        p.wait_text("#result-line", "Black").await;
    }
    bob.wait_text("#result-line", "You won").await;
    ann.screenshot("finished").await;

    // The game is in the history; its replay steps with the arrow keys.
    ann.goto("/history").await;
    ann.wait_for(&format!("[data-game=\"{room}\"] a.replay"))
        .await;
    ann.screenshot("history").await;
    // Each player's name leads to their page.
    let names: Vec<String> = ann
        .eval(&format!(
            "[...document.querySelectorAll('[data-game=\"{room}\"] a.player-link')].map(a => a.getAttribute('href'))"
        ))
        .await;
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(names[0], "/@/Ann");
    assert!(names[1].starts_with("/@/Guest-"), "{names:?}");
    ann.click(&format!("[data-game=\"{room}\"] a.replay")).await;
    ann.wait_until(
        "document.querySelector('#ply') && document.querySelector('#ply').dataset.ply === '0'",
    )
    .await;
    assert_eq!(
        ann.count("#replay-players a.player-link").await,
        2,
        "both players' names lead to their pages"
    );
    for _ in 0..3 {
        ann.press("ArrowRight").await;
    }
    ann.wait_until("document.querySelector('#ply').dataset.ply === '3'")
        .await;
    ann.wait_until(
        "document.querySelector('.moves button.move[aria-current=\"true\"]').textContent === 'c3-d4'",
    )
    .await;
    ann.press("ArrowLeft").await;
    ann.wait_until("document.querySelector('#ply').dataset.ply === '2'")
        .await;
    let total = ann.count(".moves button.move").await;
    ann.press("End").await;
    ann.wait_until(&format!(
        "document.querySelector('#ply').dataset.ply === '{total}'"
    ))
    .await;
    ann.press("Home").await;
    ann.wait_until("document.querySelector('#ply').dataset.ply === '0'")
        .await;
    let start_position: String = ann.eval("document.querySelector('#position').value").await;
    assert!(
        start_position.starts_with("W:Wa1,c1,e1,g1"),
        "{start_position}"
    );
    for _ in 0..6 {
        ann.press("ArrowRight").await;
    }
    ann.wait_until("document.querySelector('#ply').dataset.ply === '6'")
        .await;
    let replayed: String = ann.eval("document.querySelector('#position').value").await;
    assert_eq!(replayed, live, "the replay re-traces the server's position");
    ann.screenshot("replay").await;

    for p in [&ann, &bob, &cy] {
        p.assert_no_errors();
    }
    assert!(moves_shown(&bob).await >= 6);
    h.finish().await;
}

#[tokio::test]
async fn neva_four_players_first_round() {
    let Some(h) = Harness::start("neva").await else {
        return;
    };
    let ann = h.page("white").await;
    let room = create_room(&ann, "neva", "").await;
    let red = h.page("red").await;
    let green = h.page("green").await;
    let black = h.page("black").await;
    sit(&red, &room, "red").await;
    sit(&green, &room, "green").await;
    sit(&black, &room, "black").await;
    start(&ann).await;
    let pages = [
        ("white", &ann),
        ("red", &red),
        ("green", &green),
        ("black", &black),
    ];
    // Each seat sees its own corner at the bottom of the turned board.
    for (seat, page) in pages {
        let corner: String = page
            .eval(
                "[...document.querySelectorAll('.board .corner')] \
                 .sort((a, b) => b.getBoundingClientRect().top - a.getBoundingClientRect().top)[0].textContent",
            )
            .await;
        let expected = match seat {
            "white" => "Morning",
            "red" => "Day",
            "green" => "Evening",
            _ => "Night",
        };
        assert_eq!(corner, expected, "{seat} sees {corner} at the bottom");
    }
    // The first seat is drawn by lot; then the turn goes round clockwise.
    for n in 0..4 {
        let turn: String = ann
            .eval("document.querySelector('#turn').dataset.turn")
            .await;
        let (_, page) = pages.iter().find(|(s, _)| *s == turn).unwrap();
        play_offered_move(page).await;
        for (_, p) in pages {
            wait_moves(p, n + 1).await;
        }
    }
    for (seat, page) in pages {
        page.screenshot(&format!("round-1-{seat}")).await;
        page.assert_no_errors();
    }
    h.finish().await;
}

#[tokio::test]
async fn queah_drop_from_reserve_on_a_phone() {
    let Some(h) = Harness::start("queah").await else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;
    // Ann plays on a phone: 375 px wide, touch.
    ann.set_viewport(375, 812, true).await;
    let room = create_room(&ann, "queah", "").await;
    sit(&bob, &room, "black").await;
    start(&ann).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("phone-start").await;

    // b2-c3 d4xb2: White lost a man and must drop one from the reserve, then move.
    ann.tap(".board [data-square=\"b2\"]").await;
    ann.tap(".board [data-square=\"c3\"]").await;
    wait_moves(&bob, 1).await;
    click_squares(&bob, &["d4", "b2"]).await;
    wait_moves(&ann, 2).await;
    wait_my_turn(&ann).await;
    ann.tap(".board [data-reserve=\"white\"]").await;
    ann.tap(".board [data-square=\"e5\"]").await;
    ann.screenshot("phone-dropped").await;
    ann.tap(".board [data-square=\"d2\"]").await;
    ann.tap(".board [data-square=\"e3\"]").await;
    wait_moves(&bob, 3).await;
    bob.wait_text(".moves", "@e5,d2-e3").await;
    bob.wait_for(".board .piece.white[data-piece=\"e5\"]").await;
    let reserve: String = bob
        .eval(
            "document.querySelector('.board [data-reserve=\"white\"]').getAttribute('aria-label')",
        )
        .await;
    assert!(reserve.contains("5 pieces"), "{reserve}");
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("phone-after-drop").await;
    bob.screenshot("after-drop").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn private_room_invite_link_and_every_page_on_a_phone() {
    let Some(h) = Harness::start("pages").await else {
        return;
    };
    let p = h.page("phone").await;
    p.set_viewport(375, 812, true).await;
    let room = create_room(
        &p,
        "giveandtake",
        "document.querySelector('#private').checked = true",
    )
    .await;
    assert_no_horizontal_scroll(&p).await;
    p.screenshot("room-giveandtake").await;

    // A private room is joined through its invite link.
    let link: String = p.eval("document.querySelector('#invite-link').value").await;
    let path = link
        .split_once("/join/")
        .map(|(_, code)| format!("/join/{code}"))
        .expect("a private room's invite link is /join/<code>");
    let q = h.page("friend").await;
    q.goto_until(&path, &format!("location.pathname === '/room/{room}'"))
        .await;
    wait_seated(&q, "black").await;
    p.wait_text(".seat.black", "Guest").await;

    for (path, name) in [
        ("/".to_string(), "lobby"),
        ("/history".to_string(), "history"),
        (format!("/room/{room}"), "room"),
        ("/no/such/page".to_string(), "unknown"),
    ] {
        p.goto(&path).await;
        p.wait_until("document.querySelector('main').children.length > 0")
            .await;
        assert_no_horizontal_scroll(&p).await;
        p.screenshot(name).await;
    }
    p.wait_text("main", "not found").await;
    // The host who comes back by the room's bare address still has the invite link.
    p.goto(&format!("/room/{room}")).await;
    p.wait_for("#invite-link").await;

    // Keyboard only: the create form submits with Enter.
    p.goto("/").await;
    open_more_options(&p).await;
    p.eval::<serde_json::Value>("document.querySelector('#create').focus()")
        .await;
    p.press("Enter").await;
    p.wait_until("location.pathname.startsWith('/room/')").await;
    p.assert_no_errors();
    q.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn replay_requests_computer_analysis_and_draws_the_graph() {
    let Some(h) = Harness::start("analysis").await else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;
    let room = create_room(&ann, "stockholm", "").await;
    wait_seated(&ann, "white").await;
    sit(&bob, &room, "black").await;
    start(&ann).await;
    // White's fifth move f4-g5 hands Black a double capture; then White resigns.
    let moves: [(&Page, &[&str]); 6] = [
        (&ann, &["g3", "f4"]),
        (&bob, &["f6", "g5"]),
        (&ann, &["h2", "g3"]),
        (&bob, &["g5", "h4"]),
        (&ann, &["f4", "g5"]),
        (&bob, &["h6", "f4", "h2"]),
    ];
    for (n, (page, squares)) in moves.iter().enumerate() {
        wait_my_turn(page).await;
        click_squares(page, squares).await;
        wait_moves(&ann, n + 1).await;
    }
    wait_my_turn(&ann).await;
    ann.click("#resign").await;
    ann.click("#resign").await;
    ann.wait_text("#result-line", "Black").await;

    // The replay offers the analysis; asking shows progress, then the graph and the marks.
    ann.goto(&format!("/history/{room}")).await;
    ann.wait_for("#request-analysis").await;
    ann.click("#request-analysis").await;
    ann.wait_for(".evalgraph").await;
    ann.wait_for(".moves button.move[data-mark=\"blunder\"]")
        .await;
    let marked: String = ann
        .eval("document.querySelector('.moves button.move[data-mark=\"blunder\"]').textContent")
        .await;
    assert_eq!(marked, "f4-g5??");
    // Seven moves (the resignation included) and the start: eight points on White's line.
    let points: usize = ann
        .eval("document.querySelector('.evalgraph .line.white').getAttribute('points').trim().split(' ').length")
        .await;
    assert_eq!(points, 8);
    assert_eq!(ann.count(".evalgraph .mark.blunder").await, 1);

    // Clicking the blunder's dot jumps to the position after it, with the better move named.
    ann.click(".evalgraph .mark.blunder").await;
    ann.wait_until("document.querySelector('#ply').dataset.ply === '5'")
        .await;
    ann.wait_text("#analysis-note", "Best was").await;
    ann.wait_text("#analysis-note", "Blunder").await;
    // Clicking the graph's middle jumps there too (eight points: between the fourth and
    // the fifth position after the start).
    ann.click(".evalgraph").await;
    ann.wait_until("['3', '4'].includes(document.querySelector('#ply').dataset.ply)")
        .await;
    ann.press("End").await;
    ann.screenshot("analysis").await;

    // A reload shows the stored analysis at once, without asking again.
    ann.reload().await;
    ann.wait_for(".evalgraph").await;
    assert_eq!(ann.count("#request-analysis").await, 0);
    assert_eq!(h.state.analyses.started(), 1);

    // Neva draws one line per seat in the seat colours (the graph module fed an answer of
    // the documented shape; a seat knocked out stops its line).
    let lines: Vec<String> = ann
        .eval(
            "(async () => { \
               const app = document.querySelector('script[type=module]').src; \
               const { evalGraph } = await import(new URL('./widgets/evalgraph.js', app)); \
               const seats = ['white', 'red', 'green', 'black']; \
               const positions = [0, 1, 2, 3].map((i) => ({ index: i, scores: \
                 Object.fromEntries(seats.filter((s) => i < 3 || s !== 'red') \
                   .map((s, k) => [s, (k - 1.5) * 80 * i])) })); \
               const moves = [0, 1, 2].map((i) => ({ index: i, seat: seats[i], notation: 'x', \
                 mark: i === 1 ? 'mistake' : null, symbol: i === 1 ? '?' : null, best: 'y' })); \
               const g = evalGraph({ game: 'neva', seats, positions, moves, nodes: 1, clip: 1000 }, () => {}); \
               g.el.id = 'neva-graph'; \
               document.querySelector('#analysis').append(g.el); \
               return [...g.el.querySelectorAll('polyline')].map((l) => \
                 `${l.getAttribute('class')}:${l.getAttribute('points').split(' ').length}`); \
             })()",
        )
        .await;
    assert_eq!(
        lines,
        ["line white:4", "line red:3", "line green:4", "line black:4"]
    );
    assert_eq!(ann.count("#neva-graph .mark.mistake").await, 1);
    let red: String = ann
        .eval("getComputedStyle(document.querySelector('#neva-graph .line.red')).stroke")
        .await;
    assert_eq!(red, "rgb(192, 57, 43)");
    ann.eval::<serde_json::Value>("document.querySelector('#neva-graph').scrollIntoView()")
        .await;
    ann.screenshot("analysis-neva-graph").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

/// Fills the account page's log-in form and waits for the account it opens.
async fn log_in(page: &Page, username: &str, password: &str) {
    page.goto("/account").await;
    page.type_text("#login-username", username).await;
    page.type_text("#login-password", password).await;
    page.click("#login-submit").await;
    page.wait_text("#account-who", username).await;
}

#[tokio::test]
async fn account_claim_logout_login_then_an_admin_bans_from_the_admin_page() {
    let Some(h) = Harness::start_with("accounts", |c| {
        c.first_admin = Some(("boss".into(), "the boss password".into()));
    })
    .await
    else {
        return;
    };
    let ann = h.page("ann").await;

    // A guest keeps its identity: the header's "Sign in" leads to the claim form.
    ann.goto("/").await;
    ann.wait_text("#account-link", "Sign in").await;
    ann.click("#account-link").await;
    ann.wait_for("#claim").await;
    ann.screenshot("guest").await;
    // The API's refusal shows by the form.
    ann.type_text("#claim-username", "ann").await;
    ann.type_text("#claim-password", "short").await;
    ann.eval::<serde_json::Value>("document.querySelector('#claim-password').minLength = 0")
        .await;
    ann.click("#claim-submit").await;
    ann.wait_text("#claim [role=alert]", "password").await;
    ann.type_text("#claim-password", " and now long enough")
        .await;
    ann.click("#claim-submit").await;
    ann.wait_text("#account-who", "ann").await;
    ann.wait_text("#account-link", "@ann").await;
    ann.wait_text("#sessions", "(this device)").await;
    ann.screenshot("member").await;

    // A wrong current password is refused inline.
    ann.type_text("#current-password", "not my password").await;
    ann.type_text("#new-password", "another long password")
        .await;
    ann.type_text("#new-password-again", "another long password")
        .await;
    ann.click("#password-submit").await;
    ann.wait_text("#password [role=alert]", "password").await;
    ann.eval::<serde_json::Value>("document.querySelector('#current-password').value = ''")
        .await;
    ann.type_text("#current-password", "short and now long enough")
        .await;
    ann.click("#password-submit").await;
    ann.wait_text("#password [role=alert]", "Password changed")
        .await;

    // Log out (a new guest in the header), then back in.
    ann.click("#logout").await;
    ann.wait_for("#login").await;
    ann.wait_text("#account-link", "Sign in").await;
    log_in(&ann, "ann", "another long password").await;
    ann.wait_text("#account-link", "@ann").await;
    let ann_id = ann.player_id().await;

    // Logged in on a second device, which Ann then revokes from her devices list.
    let other = h.page("ann-other-device").await;
    log_in(&other, "ann", "another long password").await;
    create_room(&other, "queah", "").await;
    ann.goto("/account").await;
    ann.wait_until("document.querySelectorAll('#sessions tbody tr').length === 2")
        .await;
    ann.click("#sessions button.revoke").await;
    ann.wait_until("document.querySelectorAll('#sessions tbody tr').length === 1")
        .await;
    ann.wait_text("#sessions", "(this device)").await;
    assert_ne!(
        other.player_id().await,
        ann_id,
        "the revoked device is a guest again"
    );
    assert_eq!(
        ann.count("#admin-link:not([hidden])").await,
        0,
        "a member sees no Admin link"
    );

    // Ann sits in a room: her tab has a socket open.
    create_room(&ann, "queah", "").await;
    wait_seated(&ann, "white").await;

    // More players than one page of the admin's list holds.
    for _ in 0..50 {
        server::identity::issue(&h.state.store, server::identity::now_ms())
            .await
            .unwrap();
    }

    // The admin logs in, finds the Admin link in the header, and bans Ann with a reason.
    let boss = h.page("boss").await;
    log_in(&boss, "boss", "the boss password").await;
    boss.click("#admin-link").await;
    let row = format!("#players tr[data-player=\"{ann_id}\"]");
    // Ann is older than the 50 newest players: she shows after "Show more".
    boss.wait_for("#players tbody tr").await;
    assert_eq!(boss.count(&row).await, 0);
    boss.click("#more-players").await;
    boss.wait_for(&row).await;
    boss.wait_gone("#more-players").await;
    boss.wait_for("#rooms tr[data-room]").await;
    boss.click("#make-invite").await;
    boss.wait_until("document.querySelector('#invite-url').value.includes('/?invite=')")
        .await;
    boss.click(&format!("{row} button.ban")).await;
    boss.type_text(&format!("{row} .ban-reason"), "cheating")
        .await;
    boss.click(&format!("{row} .confirm-ban")).await;
    boss.wait_text(&row, "banned").await;
    boss.wait_text("#audit li[data-action=ban]", "cheating")
        .await;
    boss.wait_text("#audit li[data-action=ban]", "@ann").await;
    assert!(
        boss.text("#audit li").await.contains("cheating"),
        "the newest audit entry comes first"
    );
    assert_no_horizontal_scroll(&boss).await;
    boss.eval::<serde_json::Value>("window.scrollTo(0, 0)")
        .await;
    boss.screenshot("admin").await;

    // The other tools: rename, unban, close the room, and the invite link opens the account
    // page with its code filled in.
    boss.click(&format!("{row} button.rename")).await;
    boss.eval::<serde_json::Value>(&format!(
        "document.querySelector({}).value = ''",
        js(&format!("{row} .rename-form input"))
    ))
    .await;
    boss.type_text(&format!("{row} .rename-form input"), "Annie")
        .await;
    boss.click(&format!("{row} .rename-form button.primary"))
        .await;
    boss.wait_text("#audit li[data-action=rename]", "Annie")
        .await;
    boss.click(&format!("{row} button.unban")).await;
    boss.wait_for("#audit li[data-action=unban]").await;
    boss.wait_for(&format!("{row} button.ban")).await;
    boss.click("#rooms button.close-room").await;
    boss.wait_for("#audit li[data-action=close_room]").await;
    let invite: String = boss
        .eval("new URL(document.querySelector('#invite-url').value).search")
        .await;
    let newbie = h.page("newbie").await;
    // Not `goto`: the page replaces its address with /account at once.
    newbie
        .eval::<serde_json::Value>(&format!(
            "location.assign({})",
            js(&h.url(&format!("/{invite}")))
        ))
        .await;
    newbie
        .wait_until(&format!(
            "location.pathname === '/account' && document.querySelector('#claim-invite')              && {}.endsWith(document.querySelector('#claim-invite').value)",
            js(&invite)
        ))
        .await;
    newbie.screenshot("invited").await;
    newbie.assert_no_errors();

    // Ann's socket is closed for good, her tab says why, and the ban ended her session.
    ann.wait_text("#banner", "banned").await;
    ann.wait_until("document.querySelector('.room-grid').inert")
        .await;
    ann.wait_text("#account-link", "Sign in").await;
    assert_ne!(ann.player_id().await, ann_id, "the banned session is over");
    ann.screenshot("banned").await;

    // The pages at phone width.
    boss.set_viewport(375, 812, true).await;
    for (path, ready, name) in [
        ("/admin", "#audit li", "admin-phone"),
        ("/account", "#sessions tr", "account-phone"),
    ] {
        boss.goto(path).await;
        boss.wait_for(ready).await;
        assert_no_horizontal_scroll(&boss).await;
        boss.screenshot(name).await;
    }
    boss.assert_no_errors();
    h.finish().await;
}
