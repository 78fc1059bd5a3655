//! Long games in the browser: a correspondence room made from the form,
//! the "Your games" badge and the tab title counting the games that wait for your move,
//! and the /games page listing them, your turn first, with the time left in days and hours.

use serde_json::Value;

use crate::support::Harness;
use crate::{assert_no_horizontal_scroll, click_squares, create_room, sit, start, wait_my_turn};

#[tokio::test]
async fn the_badge_and_your_games_show_where_it_is_your_move() {
    let Some(h) = Harness::start("games").await else {
        return;
    };
    let ann = h.page("ann").await;
    let bob = h.page("bob").await;

    // Ann makes a correspondence game, two days a move, from the form.
    let room = create_room(
        &ann,
        "stockholm",
        "(() => { const k = document.querySelector('#tc-kind'); k.value = 'correspondence'; \
         k.dispatchEvent(new Event('change')); document.querySelector('#tc-days').value = '2'; })()",
    )
    .await;
    assert!(ann.text("#room-desc").await.contains("2 days a move"));
    sit(&bob, &room, "black").await;
    start(&ann).await;

    // Ann's move: her badge and her title count it, the room's own "Your turn" kept.
    wait_my_turn(&ann).await;
    ann.wait_until("document.querySelector('#games-badge').textContent === '1' && !document.querySelector('#games-badge').hidden")
        .await;
    ann.wait_until("document.title.startsWith('(1) Your turn')")
        .await;
    assert!(
        bob.eval::<bool>("document.querySelector('#games-badge').hidden")
            .await
    );
    // The clocks read in days, not in thousands of minutes.
    let white = ann.text(".clock-card.white").await;
    assert!(
        white.contains("Your first move within 1 day 23 hours"),
        "{white}"
    );
    let black = ann.text(".clock-card.black").await;
    assert!(black.contains("2d 00h"), "{black}");

    // Ann moves: the count moves to Bob, pushed while he looks at the board.
    click_squares(&ann, &["a3", "b4"]).await;
    wait_my_turn(&bob).await;
    bob.wait_until("document.querySelector('#games-badge').textContent === '1' && !document.querySelector('#games-badge').hidden")
        .await;
    ann.wait_until(
        "document.querySelector('#games-badge').hidden && !document.title.startsWith('(')",
    )
    .await;

    // Bob follows the link: his game is listed as his move, with the days left.
    bob.click("#games-link").await;
    bob.wait_until("location.pathname === '/games'").await;
    bob.wait_for(&format!(".mygame[data-room=\"{room}\"]"))
        .await;
    let row = bob.text(&format!(".mygame[data-room=\"{room}\"]")).await;
    assert!(row.contains("Your turn"), "{row}");
    assert!(row.contains("1 day 23 hours left"), "{row}");
    assert!(row.contains("2 days a move"), "{row}");
    assert!(!row.contains('§'), "{row}");
    bob.wait_until("document.title.startsWith('(1) ')").await;
    for (w, hgt, mobile) in [(1280, 800, false), (375, 812, true)] {
        bob.set_viewport(w, hgt, mobile).await;
        bob.eval::<Value>("window.scrollTo(0, 0)").await;
        assert_no_horizontal_scroll(&bob).await;
        bob.screenshot(&format!("games-{w}x{hgt}")).await;
    }

    // Ann's list has the game too, waiting for Bob; "Play" takes Bob back to the board.
    ann.goto("/games").await;
    ann.wait_for(&format!(".mygame[data-room=\"{room}\"]"))
        .await;
    let row = ann.text(&format!(".mygame[data-room=\"{room}\"]")).await;
    assert!(row.contains("Waiting for"), "{row}");
    bob.click(&format!(".mygame[data-room=\"{room}\"] a")).await;
    bob.wait_until(&format!("location.pathname === '/room/{room}'"))
        .await;
    wait_my_turn(&bob).await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}
