//! Games that wait for you, told while you look elsewhere: the account page's panel (the
//! browser's notifications, and mail, off on a server without mail settings), and a
//! notification when a game becomes your move while you read another page, with the
//! title and the badge counting it.

use serde_json::Value;

use crate::support::Harness;
use crate::{
    assert_no_horizontal_scroll, create_room, play_offered_move, sit, start, wait_my_turn,
};

/// Stands in for the browser's notifications in this page (headless Chromium shows none):
/// allowed when asked, and each one shown is kept in `window.shown` for the test to read.
const RECORDING_NOTIFICATIONS: &str = "(() => { window.shown = []; \
    window.Notification = class { \
      static permission = 'default'; \
      static requestPermission() { Notification.permission = 'granted'; return Promise.resolve('granted'); } \
      constructor(title, options) { window.shown.push({ title, body: options.body, tag: options.tag }); } \
      close() {} }; \
    return true; })()";

#[tokio::test]
async fn a_game_that_becomes_your_move_elsewhere_is_told() {
    let Some(h) = Harness::start("notify").await else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;

    // Ann keeps her identity as an account.
    ann.goto("/account").await;
    ann.wait_for("#claim-username").await;
    ann.type_text("#claim-username", "ann").await;
    ann.type_text("#claim-password", "long enough password")
        .await;
    ann.click("#claim-submit").await;
    ann.wait_for("#waiting-panel").await;
    // This server has no mail settings: the panel says so, in words.
    ann.wait_text("#mail-words", "This server does not send mail.")
        .await;
    assert!(
        ann.eval::<bool>("document.querySelector('#mail-form').hidden")
            .await
    );

    // A correspondence game, Ann white; she makes her first move and Bob's turn comes.
    let room = create_room(
        &ann,
        "stockholm",
        "(() => { const k = document.querySelector('#tc-kind'); k.value = 'correspondence'; \
         k.dispatchEvent(new Event('change')); document.querySelector('#tc-days').value = '3'; })()",
    )
    .await;
    sit(&bob, &room, "black").await;
    start(&ann).await;
    play_offered_move(&ann).await;
    wait_my_turn(&bob).await;

    // Ann asks for notifications on the account page, then reads her games list. Headless
    // Chromium denies notifications, so the page is drawn again, without a reload, once the
    // recorder stands in for them.
    ann.goto("/account").await;
    ann.wait_for("#notify-toggle").await;
    assert!(ann.eval::<bool>(RECORDING_NOTIFICATIONS).await);
    ann.click("#games-link").await;
    ann.wait_until("location.pathname === '/games'").await;
    ann.click("#account-link").await;
    ann.wait_until("location.pathname === '/account' && document.querySelector('#notify-toggle') && !document.querySelector('#notify-toggle').hidden")
        .await;
    ann.click("#notify-toggle").await;
    ann.wait_text("#notify-toggle", "Stop notifying me here")
        .await;
    for (w, hgt, mobile) in [(1280, 900, false), (375, 812, true)] {
        ann.set_viewport(w, hgt, mobile).await;
        ann.eval::<Value>("document.querySelector('#waiting-panel').scrollIntoView()")
            .await;
        assert_no_horizontal_scroll(&ann).await;
        ann.screenshot(&format!("account-waiting-{w}x{hgt}")).await;
    }
    ann.set_viewport(1280, 900, false).await;
    ann.click("#games-link").await;
    ann.wait_until("location.pathname === '/games'").await;
    ann.wait_until(
        "document.querySelector('#games-badge').hidden && !document.title.startsWith('(')",
    )
    .await;

    // Bob moves: on another page than the room, Ann is told, and the title and badge count it.
    play_offered_move(&bob).await;
    ann.wait_until("window.shown.length === 1").await;
    let shown: Value = ann.eval("window.shown[0]").await;
    assert_eq!(shown["title"], "Your move", "{shown}");
    assert_eq!(shown["tag"], format!("turn-{room}"), "{shown}");
    let body = shown["body"].as_str().unwrap_or_default().to_string();
    assert!(body.starts_with("Stockholm against "), "{body}");
    ann.wait_until("document.title.startsWith('(1) ')").await;
    ann.wait_until("document.querySelector('#games-badge').textContent === '1' && !document.querySelector('#games-badge').hidden")
        .await;
    for (w, hgt, mobile) in [(1280, 900, false), (375, 812, true)] {
        ann.set_viewport(w, hgt, mobile).await;
        ann.eval::<Value>("window.scrollTo(0, 0)").await;
        ann.screenshot(&format!("notified-games-{w}x{hgt}")).await;
    }
    // Once: the same game, still waiting, is not told again.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(ann.eval::<u64>("window.shown.length").await, 1);

    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}
