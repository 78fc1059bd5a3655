//! The room page's journeys: a game against the computer to its end, two players
//! and a spectator talking apart, a rematch that takes both players along, the waiting
//! room's words and controls, claims, and a dead room link. Every control of the room is
//! clicked by one of these or by the tests in `main.rs`.

use serde_json::{json, Value};

use crate::support::{Harness, Page};
use crate::{
    assert_no_horizontal_scroll, click_squares, play_offered_move, wait_moves, wait_my_turn,
    wait_seated,
};

/// Creates a room through the API from `page` (its own cookie: it hosts), then opens it.
/// These tests start their games with the Start button: `auto_start`, on by default, is
/// turned off unless `body` says otherwise.
async fn new_room(page: &Page, mut body: Value) -> String {
    if body.get("auto_start").is_none() {
        body["auto_start"] = Value::Bool(false);
    }
    let id = page.post_room("/history", &body).await;
    page.goto(&format!("/room/{id}")).await;
    page.wait_for(".seat").await;
    id
}

/// The vertical centre of a board square on the page.
async fn square_y(page: &Page, square: &str) -> f64 {
    page.eval(&format!(
        "(() => {{ const r = document.querySelector('.board [data-square=\"{square}\"]').getBoundingClientRect(); return r.top + r.height / 2; }})()"
    ))
    .await
}

/// The box of the first element matching `selector`: [left, top, right, bottom].
async fn rect(page: &Page, selector: &str) -> Vec<f64> {
    page.eval(&format!(
        "(() => {{ const r = document.querySelector({}).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }})()",
        json!(selector)
    ))
    .await
}

/// Types `text` into the chat box and sends it with Enter.
async fn chat(page: &Page, text: &str) {
    page.eval::<Value>("document.querySelector('#chat-input').value = ''")
        .await;
    page.type_text("#chat-input", text).await;
    page.press("Enter").await;
}

async fn chat_has(page: &Page, text: &str) -> bool {
    page.eval(&format!(
        "[...document.querySelectorAll('.chat-line')].some(l => l.textContent.includes({}))",
        json!(text)
    ))
    .await
}

#[tokio::test]
async fn a_game_against_the_computer_to_the_end_with_clocks_typed_moves_and_tools() {
    let Some(h) = Harness::start("room_computer").await else {
        return;
    };
    let ann = h.page("ann").await;
    let room = new_room(
        &ann,
        json!({"game": "stockholm", "seat": "white",
               "time_control": {"kind": "fischer", "base_ms": 300000, "increment_ms": 3000}}),
    )
    .await;
    // The waiting room says what is missing; the clocks show the time before the start.
    ann.wait_text("#waiting-head", "Waiting for 1 more player")
        .await;
    ann.wait_text("#waiting-next", "You start the game").await;
    ann.wait_text("#clocks-bottom .clock", "5:00").await;
    ann.wait_text(
        "#clocks-bottom .clock-note",
        "your clock starts after your first move",
    )
    .await;
    // Seat the computer (level 1), take it away, seat it again.
    ann.eval::<Value>("document.querySelector('[data-bot-level=\"black\"]').value = '1'")
        .await;
    ann.click("[data-bot=\"black\"]").await;
    ann.wait_text(".seat.black", "Computer level 1").await;
    ann.click("[data-remove-bot=\"black\"]").await;
    ann.wait_text(".seat.black", "Free seat").await;
    ann.eval::<Value>("document.querySelector('[data-bot-level=\"black\"]').value = '1'")
        .await;
    ann.click("[data-bot=\"black\"]").await;
    ann.wait_text("#waiting-head", "Every seat is filled").await;
    ann.wait_text("#waiting-next", "Press Start").await;
    ann.screenshot("waiting").await;
    ann.click("#start").await;
    ann.wait_text("#announce", "You move first").await;
    wait_my_turn(&ann).await;
    // With sound on, the start and the turn were played.
    let played: Vec<String> = ann
        .eval(
            "import(new URL('./sound.js', document.querySelector('script[type=module]').src)) \
             .then(m => [...m.played])",
        )
        .await;
    assert!(
        played.iter().any(|s| s == "start") && played.iter().any(|s| s == "turn"),
        "{played:?}"
    );
    // After the count of games where it is her turn ("(1) ") that every page's title shows.
    ann.wait_until("/^(\\(\\d+\\) )?Your turn/.test(document.title)")
        .await;

    // A typed illegal move is refused in the server's words, by the board.
    ann.type_text("#move-input", "a1-b2").await;
    ann.press("Enter").await;
    ann.wait_until("document.querySelector('#move-error').textContent.length > 0 && document.querySelector('#move-error').dataset.reason")
        .await;
    // A typed legal move is played (the first the server offers).
    let legal: String = ann
        .eval(&format!(
            "fetch('/api/rooms/{room}').then(r => r.json()).then(j => j.legal_moves[0].text)"
        ))
        .await;
    ann.eval::<Value>("document.querySelector('#move-input').value = ''")
        .await;
    ann.type_text("#move-input", &legal).await;
    ann.press("Enter").await;
    wait_moves(&ann, 1).await;
    ann.wait_until("document.querySelector('#move-error').textContent === ''")
        .await;
    // Then a few moves by clicking; the computer answers each.
    for n in 0..4 {
        play_offered_move(&ann).await;
        wait_moves(&ann, 2 * n + 3).await;
    }
    // The list follows the game: the last move is in the list's view.
    let (inside, current): (bool, String) = ann
        .eval(
            "(() => { const box = document.querySelector('#moves').getBoundingClientRect(); \
             const cur = document.querySelector('.moves button.move[aria-current=\"true\"]'); \
             const r = cur.getBoundingClientRect(); \
             return [r.top >= box.top && r.bottom <= box.bottom, cur.dataset.ply]; })()",
        )
        .await;
    assert!(inside, "the current move is scrolled into the list's view");
    let total = ann.count(".moves button.move").await;
    assert_eq!(current, (total - 1).to_string());

    // `f` turns the board; Coordinates hides the labels; Sound switches off and on.
    let a1 = square_y(&ann, "a1").await;
    ann.eval::<Value>("document.activeElement.blur()").await;
    ann.press("f").await;
    ann.wait_until(&format!(
        "document.querySelector('.board [data-square=\"a1\"]').getBoundingClientRect().top < {a1} - 100"
    ))
    .await;
    ann.press("f").await;
    let coords = ann.count(".board .coord").await;
    assert!(coords > 0);
    ann.click("#coords").await;
    ann.wait_until(&format!(
        "document.querySelectorAll('.board .coord').length < {coords}"
    ))
    .await;
    ann.click("#coords").await;
    ann.click("#sound").await;
    ann.wait_until("document.querySelector('#sound').getAttribute('aria-pressed') === 'false'")
        .await;
    ann.click("#sound").await;
    ann.wait_until("document.querySelector('#sound').getAttribute('aria-pressed') === 'true'")
        .await;

    // Clocks: beside the board on a desktop, above and below it on a phone.
    wait_my_turn(&ann).await;
    let board = rect(&ann, "#board").await;
    let clock = rect(&ann, "#clocks-bottom .clock-card").await;
    assert!(
        clock[0] >= board[2] - 1.0,
        "the clock is right of the board: {clock:?} {board:?}"
    );
    ann.wait_for("#clocks-bottom .clock-card.running").await;
    ann.screenshot("playing").await;
    ann.set_viewport(375, 812, true).await;
    let board = rect(&ann, "#board").await;
    let top = rect(&ann, "#clocks-top .clock-card").await;
    let bottom = rect(&ann, "#clocks-bottom .clock-card").await;
    assert!(
        top[3] <= board[1] + 1.0 && bottom[1] >= board[3] - 1.0,
        "phone: clocks above and below the board"
    );
    assert_no_horizontal_scroll(&ann).await;
    ann.eval::<Value>("document.querySelector('#clocks-top').scrollIntoView()")
        .await;
    ann.screenshot("playing-phone").await;
    ann.set_viewport(1280, 800, false).await;

    // The end: a draw offer the computer answers, then (if it declined) a resignation.
    ann.click("#offer-draw").await;
    ann.wait_until(
        "document.querySelector('#result-dialog').open || /declined/.test(document.querySelector('#announce').textContent)",
    )
    .await;
    let over: bool = ann
        .eval("document.querySelector('#result-dialog').open")
        .await;
    if !over {
        wait_my_turn(&ann).await;
        ann.click("#resign").await;
        ann.click("#resign").await;
    }
    ann.wait_until("document.querySelector('#result-dialog').open")
        .await;
    let title = ann.text("#result-title").await;
    assert!(title == "Draw." || title.contains("won"), "{title}");
    ann.wait_for("#new-opponent").await;
    ann.wait_for("#rematch").await;
    ann.screenshot("result").await;
    ann.set_viewport(375, 812, true).await;
    ann.screenshot("result-phone").await;
    ann.set_viewport(1280, 800, false).await;
    assert!(!ann
        .eval::<String>("document.title")
        .await
        .starts_with("Your turn"));

    // Closing the dialog leaves the result by the board; Analyse opens the replay.
    ann.click("#result-close").await;
    ann.wait_gone("#result-dialog").await;
    ann.wait_for("#result-line").await;
    ann.click("#show-result").await;
    ann.click("#analyse").await;
    ann.wait_until(&format!("location.pathname === '/history/{room}'"))
        .await;
    ann.wait_text("#ply", "Start position").await;
    ann.press("End").await;
    ann.wait_text("#ply", "Move").await;
    let counter = ann.text("#ply").await;
    let rows = ann.count(".moves tbody tr").await;
    assert!(
        counter.contains(&format!("of {rows}")),
        "{counter}: the list has {rows} rows"
    );
    ann.screenshot("replay").await;

    // Back in the finished room the result shows at once; New opponent opens a seek with
    // the same game and clock, which starts by itself when someone joins.
    ann.goto(&format!("/room/{room}")).await;
    ann.wait_until("document.querySelector('#result-dialog').open")
        .await;
    ann.click("#new-opponent").await;
    ann.wait_until(&format!(
        "location.pathname.startsWith('/room/') && location.pathname !== '/room/{room}'"
    ))
    .await;
    ann.wait_text("#waiting-head", "Waiting for 1 more player")
        .await;
    ann.wait_text("#waiting-next", "The game starts when every seat is filled")
        .await;
    ann.wait_text("#room-desc", "5+3").await;
    ann.assert_no_errors();
    h.finish().await;
}

/// Ann hosts a Stockholm room, Bob sits in Black (told what happens next before and after,
/// his board turned to Black at once), and Cy opens the full room as a spectator; Ann starts.
async fn two_players_and_a_spectator(h: &Harness) -> (Page, Page, Page, String) {
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;
    let cy = h.page("cy").await;
    let room = new_room(&ann, json!({"game": "stockholm", "seat": "white"})).await;
    bob.goto(&format!("/room/{room}")).await;
    bob.wait_text("#waiting-next", "Take a free seat").await;
    bob.click("[data-sit=\"black\"]").await;
    wait_seated(&bob, "black").await;
    bob.wait_text("#waiting-next", "Waiting for the host").await;
    bob.wait_until(
        "document.querySelector('.board [data-square=\"a1\"]').getBoundingClientRect().top < \
         document.querySelector('.board [data-square=\"h8\"]').getBoundingClientRect().top",
    )
    .await;
    ann.wait_text("#waiting-head", "Every seat is filled").await;
    ann.wait_text("#waiting-next", "Press Start").await;
    bob.screenshot("waiting-joiner").await;
    // Cy follows an invite to the full room (the invite page sends him here to sit down):
    // it says the room is full and offers to watch.
    cy.goto_until(
        &format!("/room/{room}?join=1"),
        "document.querySelector('#room-full')",
    )
    .await;
    cy.wait_for("#room-full").await;
    cy.wait_text("#waiting-next", "This room is full").await;
    cy.screenshot("room-full").await;
    cy.click("#watch").await;
    ann.click("#start").await;
    wait_my_turn(&ann).await;
    bob.wait_text("#announce", "(White) moves first").await;
    (ann, bob, cy, room)
}

/// The players agree a draw: an offer declined, then one accepted; everyone sees the result.
async fn draw_by_agreement(ann: &Page, bob: &Page, cy: &Page) {
    ann.click("#offer-draw").await;
    bob.wait_text("#announce", "offers a draw").await;
    bob.wait_for("#draw-offer").await;
    bob.click("#decline-draw").await;
    ann.wait_text("#announce", "declined the draw").await;
    ann.click("#offer-draw").await;
    ann.wait_for("#withdraw-draw").await;
    bob.click("#accept-draw").await;
    for p in [ann, bob, cy] {
        p.wait_until("document.querySelector('#result-dialog').open")
            .await;
        p.wait_text("#result-title", "Draw.").await;
        p.wait_text("#result-how", "agreed").await;
    }
}

#[tokio::test]
async fn a_rematch_takes_both_players_to_the_new_game_at_once() {
    let Some(h) = Harness::start("room_rematch").await else {
        return;
    };
    let (ann, bob, cy, room) = two_players_and_a_spectator(&h).await;
    draw_by_agreement(&ann, &bob, &cy).await;
    cy.wait_for("#analyse").await;
    assert_eq!(
        cy.count("#rematch").await,
        0,
        "a spectator has no rematch to ask"
    );
    ann.screenshot("result").await;
    // The dialog closes and opens again from the side column.
    ann.click("#result-close").await;
    ann.wait_gone("#result-dialog").await;
    ann.click("#show-result").await;

    // Ann asks; Bob accepts: both land in the new room without clicking anything else.
    ann.click("#rematch").await;
    ann.wait_text("#rematch", "Rematch asked").await;
    bob.wait_text("#rematch-state", "asks for a rematch").await;
    bob.wait_text("#announce", "asks for a rematch").await;
    bob.wait_text("#rematch", "Accept rematch").await;
    bob.screenshot("rematch-asked").await;
    bob.set_viewport(375, 812, true).await;
    bob.screenshot("rematch-asked-phone").await;
    bob.set_viewport(1280, 800, false).await;
    bob.click("#rematch").await;
    let elsewhere = format!(
        "location.pathname.startsWith('/room/') && location.pathname !== '/room/{room}' && document.querySelector('.seat')"
    );
    ann.wait_until(&elsewhere).await;
    bob.wait_until(&elsewhere).await;
    let (a, b): (String, String) = (
        ann.eval("location.pathname").await,
        bob.eval("location.pathname").await,
    );
    assert_eq!(a, b, "both players are in the same new room");
    cy.wait_until("document.querySelector('#watch-rematch')")
        .await;
    for p in [&ann, &bob] {
        p.wait_text("#seats", "(you)").await;
    }
    ann.screenshot("rematch-room").await;

    // The new game is aborted before anyone has moved: nobody wins or loses.
    if ann.count("#start").await > 0 {
        ann.click("#start").await;
    }
    ann.wait_for("#abort").await;
    ann.click("#abort").await;
    bob.wait_text("#result-line", "Nobody wins or loses").await;
    bob.screenshot("aborted").await;
    for p in [&ann, &bob, &cy] {
        p.assert_no_errors();
    }
    h.finish().await;
}

#[tokio::test]
async fn players_and_spectators_chat_apart_and_a_rematch_declined() {
    let Some(h) = Harness::start("room_chat").await else {
        return;
    };
    let (ann, bob, cy, room) = two_players_and_a_spectator(&h).await;

    // Players' chat and spectators' chat stay apart during the game.
    ann.wait_text("#chat-count", "0/140").await;
    assert_eq!(
        ann.eval::<u32>("document.querySelector('#chat-input').maxLength")
            .await,
        140
    );
    chat(&ann, "Good luck, Bob").await;
    bob.wait_until("[...document.querySelectorAll('.chat-line')].some(l => l.textContent.includes('Good luck'))")
        .await;
    chat(&cy, "Go Ann!").await;
    cy.wait_until(
        "[...document.querySelectorAll('.chat-line')].some(l => l.textContent.includes('Go Ann'))",
    )
    .await;
    chat(&bob, "Thanks").await;
    ann.wait_until(
        "[...document.querySelectorAll('.chat-line')].some(l => l.textContent.includes('Thanks'))",
    )
    .await;
    assert!(
        !chat_has(&ann, "Go Ann").await,
        "players do not see the spectators' chat"
    );
    assert!(!chat_has(&bob, "Go Ann").await);
    assert!(
        !chat_has(&cy, "Good luck").await,
        "spectators do not see the players' chat"
    );
    ann.wait_until("document.querySelector('#watchers').dataset.count === '1'")
        .await;
    // Bob mutes Ann in his browser, then takes it back.
    bob.click(&format!(
        ".chat-line[data-from=\"{}\"] .mute",
        ann.player_id().await
    ))
    .await;
    bob.wait_for(".chat-hidden").await;
    assert!(!chat_has(&bob, "Good luck").await);
    bob.click(".unmute").await;
    bob.wait_until("[...document.querySelectorAll('.chat-line')].some(l => l.textContent.includes('Good luck'))")
        .await;
    // Too many lines too fast: the server's refusal shows by the box. The six lines are
    // submitted in one go from the page: typed one by one on a slow machine they spread
    // over more than the limit's window and are all let through. A line the window lets
    // through again clears the refusal, so the page notes it whenever it shows.
    ann.eval::<Value>(
        "(() => { const e = document.querySelector('#chat-error'); \
         new MutationObserver(() => { if (e.dataset.code === 'chat_too_fast') window.sawTooFast = true; }) \
           .observe(e, { attributes: true, childList: true, characterData: true, subtree: true }); \
         const input = document.querySelector('#chat-input'); \
         for (let n = 0; n < 6; n++) { input.value = `line ${n}`; input.form.requestSubmit(); } \
         return null; })()",
    )
    .await;
    ann.wait_until("window.sawTooFast === true").await;
    ann.screenshot("chat").await;
    ann.set_viewport(375, 812, true).await;
    ann.eval::<Value>("document.querySelector('#chat').scrollIntoView()")
        .await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("chat-phone").await;
    ann.set_viewport(1280, 800, false).await;
    cy.screenshot("chat-spectator").await;

    draw_by_agreement(&ann, &bob, &cy).await;
    // After the game both chats may be read by everyone.
    cy.click("#result-close").await;
    cy.wait_until("[...document.querySelectorAll('.chat-line')].some(l => l.textContent.includes('Good luck'))")
        .await;
    ann.click("#result-close").await;
    ann.wait_for(".chat-channel.spectators").await;
    ann.click("#show-result").await;

    // A rematch asked and declined: both see it said.
    ann.click("#rematch").await;
    bob.wait_text("#rematch-state", "asks for a rematch").await;
    bob.click("#decline-rematch").await;
    ann.wait_text("#rematch-state", "declined").await;
    ann.wait_text("#announce", "declined the rematch").await;
    ann.wait_until("!document.querySelector('#rematch').disabled")
        .await;
    ann.screenshot("rematch-declined").await;

    // The chat is kept with the game: its replay shows both channels.
    ann.goto(&format!("/history/{room}")).await;
    ann.wait_text("#replay-chat .chat-channel.players", "Good luck")
        .await;
    ann.wait_text("#replay-chat .chat-channel.spectators", "Go Ann")
        .await;
    ann.eval::<Value>("document.querySelector('#replay-chat').scrollIntoView()")
        .await;
    ann.screenshot("replay-chat").await;
    for p in [&ann, &bob, &cy] {
        p.assert_no_errors();
    }
    h.finish().await;
}

#[tokio::test]
async fn waiting_room_seats_claims_and_a_dead_room_link() {
    let Some(h) = Harness::start_with("room_seats", |c| c.grace_ms = 1500).await else {
        return;
    };
    // A room the server does not know: said so, with a way back (the only errors on the
    // page are the two 404 answers that told it so).
    let lost = h.page("lost").await;
    lost.goto("/room/00000000-0000-4000-8000-000000000000")
        .await;
    lost.wait_text("#no-such-room", "No such room").await;
    lost.screenshot("dead-room").await;
    lost.set_viewport(375, 812, true).await;
    lost.screenshot("dead-room-phone").await;
    lost.set_viewport(1280, 800, false).await;
    lost.click("#dead-back").await;
    lost.wait_until("location.pathname === '/'").await;
    let errors = lost.errors();
    assert!(
        errors.iter().all(|e| e.contains("404")),
        "only the 404 answers: {errors:?}"
    );
    let ann = h.page("ann").await;

    // Neva with teams: seats change, leave and join; computers come and go; then cancel.
    new_room(
        &ann,
        json!({"game": "neva", "seat": "white", "options": {"teams": "true"}}),
    )
    .await;
    ann.wait_text("#turn-order", "White, Red, Green, Black (clockwise)")
        .await;
    ann.wait_text(".seat.white .team", "Team A").await;
    ann.wait_text(".seat.white .partner", "partner: Green")
        .await;
    ann.wait_text("#waiting-head", "Waiting for 3 more players")
        .await;
    ann.click("[data-sit=\"red\"]").await;
    wait_seated(&ann, "red").await;
    ann.click("#leave-seat").await;
    ann.wait_until("!document.querySelector('#seats').textContent.includes('(you)')")
        .await;
    ann.wait_text("#waiting-next", "Take a free seat").await;
    ann.click("#join").await;
    wait_seated(&ann, "white").await;
    ann.click("[data-bot=\"green\"]").await;
    ann.wait_text(".seat.green", "Computer level 3").await;
    ann.screenshot("neva-waiting").await;
    ann.set_viewport(375, 812, true).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("neva-waiting-phone").await;
    ann.set_viewport(1280, 800, false).await;
    ann.click("#abort").await;
    ann.wait_text("#announce", "cancelled").await;

    // Bob goes away mid-game: after the grace period Ann claims the win.
    let bob = h.page("bob").await;
    let room = new_room(&ann, json!({"game": "stockholm", "seat": "white"})).await;
    bob.goto(&format!("/room/{room}")).await;
    bob.click("[data-sit=\"black\"]").await;
    wait_seated(&bob, "black").await;
    ann.click("#start").await;
    wait_my_turn(&ann).await;
    click_squares(&ann, &["c3", "d4"]).await;
    wait_moves(&bob, 1).await;
    // Bob moves too: until every seat has moved, a claim would only abort the game.
    play_offered_move(&bob).await;
    wait_moves(&ann, 2).await;
    bob.goto("/history").await;
    ann.wait_for("#claim-victory").await;
    ann.wait_for("#claim-draw").await;
    ann.screenshot("claim").await;
    ann.click("#claim-victory").await;
    ann.wait_until("document.querySelector('#result-dialog').open")
        .await;
    ann.wait_text("#result-title", "You won!").await;
    ann.wait_text("#result-how", "stayed away too long").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

/// With short settings (a 3 s first-move time, a 1.5 s grace period): a first move never
/// made aborts the game and nobody loses, as the docs say; and once both have moved, a
/// player whose opponent went away claims a draw. Desktop and phone.
#[tokio::test]
async fn a_first_move_never_made_and_a_claimed_draw() {
    let Some(h) = Harness::start_with("room_first_move", |c| {
        c.first_move_ms = 3_000;
        c.grace_ms = 1_500;
    })
    .await
    else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;
    let clock = json!({"kind": "fischer", "base_ms": 60000, "increment_ms": 0});
    let fischer = json!({"game": "stockholm", "seat": "white", "time_control": clock});
    let room = new_room(&ann, fischer.clone()).await;
    bob.goto(&format!("/room/{room}")).await;
    bob.click("[data-sit=\"black\"]").await;
    wait_seated(&bob, "black").await;
    ann.click("#start").await;
    wait_my_turn(&ann).await;
    // Ann never moves: the game is aborted when her first-move time is up.
    for p in [&ann, &bob] {
        p.wait_until("document.querySelector('#result-dialog').open")
            .await;
        p.wait_text("#result-title", "Aborted.").await;
        p.wait_text("#result-how", "did not make a first move in time")
            .await;
        p.wait_text("#result-how", "Nobody wins or loses").await;
    }
    ann.screenshot("first-move-missed").await;
    bob.set_viewport(375, 812, true).await;
    assert_no_horizontal_scroll(&bob).await;
    bob.screenshot("first-move-missed-phone").await;
    bob.set_viewport(1280, 800, false).await;

    // A new game: both move, then Bob goes away and Ann claims a draw.
    let room = new_room(&ann, fischer).await;
    bob.goto(&format!("/room/{room}")).await;
    bob.click("[data-sit=\"black\"]").await;
    wait_seated(&bob, "black").await;
    ann.click("#start").await;
    play_offered_move(&ann).await;
    wait_moves(&bob, 1).await;
    play_offered_move(&bob).await;
    wait_moves(&ann, 2).await;
    bob.goto("/history").await;
    ann.wait_for("#claim-draw").await;
    ann.screenshot("claim-draw").await;
    ann.click("#claim-draw").await;
    ann.wait_until("document.querySelector('#result-dialog').open")
        .await;
    ann.wait_text("#result-title", "Draw.").await;
    ann.screenshot("claimed-draw").await;
    ann.set_viewport(375, 812, true).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("claimed-draw-phone").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}

/// A spectator's socket with nothing either way for the idle limit is closed (4002): the
/// page says it is paused and does not reconnect by itself, then reconnects at the first
/// click. The seated host, as quiet, is never paused.
#[tokio::test]
async fn an_idle_spectator_is_paused_and_comes_back_on_a_click() {
    let Some(h) = Harness::start_with("room_idle", |c| {
        c.limits.socket_idle = Some(std::time::Duration::from_secs(2));
    })
    .await
    else {
        return;
    };
    let ann = h.page("ann").await;
    let id = new_room(&ann, json!({"game": "queah", "seat": "white"})).await;
    let cy = h.page("cy").await;
    cy.goto(&format!("/room/{id}")).await;
    cy.wait_for(".seat").await;
    cy.wait_text("#banner", "Paused while you were away").await;
    cy.screenshot("paused").await;
    // It stays paused: no reconnecting in a loop while nobody is there.
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    assert!(cy.text("#banner").await.contains("Paused"));
    assert!(
        ann.eval::<bool>("document.getElementById('banner').hidden")
            .await
    );
    cy.click("#board").await;
    cy.wait_until("document.getElementById('banner').hidden")
        .await;
    h.finish().await;
}
