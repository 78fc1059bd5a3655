//! Screen-reader mode: a player who cannot see the board turns the setting on and plays a
//! whole game against the computer by reading what a screen reader is told (the page's
//! accessibility tree, through the DevTools `Accessibility` domain) and typing moves and
//! commands in the move box: never by looking at the drawn board. The replay and a rules
//! page's try read the same way.

use serde_json::{json, Value};

use crate::support::{AxNode, Harness, Page};
use crate::{assert_no_horizontal_scroll, js, start};

/// Most of Ann's own moves before she resigns, should the computer not have ended it.
const MOST_MOVES: usize = 60;

/// Creates a room over the API (the page's own cookie) and opens it with `query`.
async fn new_room(page: &Page, body: Value, query: &str) -> String {
    let id = page.post_room("/history", &body).await;
    page.goto(&format!("/room/{id}{query}")).await;
    page.wait_for(".seat").await;
    id
}

/// Whether the tree has a node of `role` named exactly `name`.
fn has(tree: &[AxNode], role: &str, name: &str) -> bool {
    tree.iter().any(|n| n.role == role && n.name == name)
}

/// The text of the tree's node whose name starts with `prefix`, or "".
fn starting(tree: &[AxNode], prefix: &str) -> String {
    tree.iter()
        .find(|n| n.role == "StaticText" && n.name.starts_with(prefix))
        .map(|n| n.name.clone())
        .unwrap_or_default()
}

/// Types `line` in the room's move box and sends it with Enter, as a keyboard user does.
async fn say(page: &Page, line: &str) {
    page.type_text("#nvui-move-input", line).await;
    page.press("Enter").await;
}

/// The legal moves the move box reads out for the command `moves`, asked again while the
/// list is on its way (it follows the move that gave the turn).
async fn legal_moves(page: &Page) -> Vec<String> {
    for _ in 0..50 {
        say(page, "moves").await;
        let answer = page
            .wait_ax("StaticText", |n| {
                n.starts_with("Legal moves: ")
                    || n == "You have no move to play now."
                    || n.starts_with("Your legal moves are on their way")
            })
            .await;
        if let Some(list) = answer.strip_prefix("Legal moves: ") {
            return list
                .trim_end_matches('.')
                .split(", ")
                .map(str::to_string)
                .collect();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    Vec::new()
}

/// Waits for Ann's turn or the end of the game, as the tree tells them: `None` on her turn,
/// the result dialog's title once the game is over.
async fn turn_or_end(page: &Page) -> Option<String> {
    let mut end = None;
    let deadline = tokio::time::Instant::now() + crate::support::WAIT;
    while tokio::time::Instant::now() < deadline {
        let tree = page.ax_tree().await;
        if has(&tree, "StaticText", "It is your turn.") {
            return None;
        }
        if let Some(d) = tree.iter().find(|n| n.role == "dialog") {
            end = Some(d.name.clone());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(end.is_some(), "neither Ann's turn nor the end came");
    end
}

#[tokio::test]
async fn a_game_is_played_to_its_end_by_reading_the_accessibility_tree_and_typing() {
    let Some(h) = Harness::start("nvui").await else {
        return;
    };
    let ann = h.page("ann").await;
    ann.set_viewport(1280, 900, false).await;
    let room = new_room(
        &ann,
        json!({"game": "stockholm", "seat": "white", "auto_start": false,
               "time_control": {"kind": "fischer", "base_ms": 600000, "increment_ms": 0}}),
        "?bots=black:1",
    )
    .await;

    // With the setting off the drawn board is what the tree holds; the setting turns it
    // into text.
    ann.wait_for(".board .sq").await;
    assert!(ann
        .ax_tree()
        .await
        .iter()
        .any(|n| n.name.ends_with(": empty")));
    ann.click("#reader-mode").await;
    ann.wait_ax("heading", |n| n == "Board in words").await;
    ann.wait_for("[data-remove-bot=\"black\"]").await;
    start(&ann).await;

    let tree = ann.ax_tree().await;
    assert!(
        !tree
            .iter()
            .any(|n| n.name.ends_with(": empty") || n.name.contains("move here")),
        "no square of the drawn board is left for a screen reader"
    );
    assert!(has(&tree, "textbox", "Your move or a command"));
    assert!(has(&tree, "button", "Legal moves"));
    assert!(has(&tree, "button", "Read clocks"));
    ann.wait_ax("StaticText", |n| n == "It is your turn.").await;
    let tree = ann.ax_tree().await;
    assert!(has(
        &tree,
        "StaticText",
        "White, you: men a1, a3, b2, c1, c3, d2, e1, e3, f2, g1, g3, h2."
    ));
    assert!(has(
        &tree,
        "StaticText",
        "Black: men a7, b6, b8, c7, d6, d8, e7, f6, f8, g7, h6, h8."
    ));
    assert!(has(&tree, "StaticText", "No move has been played yet."));

    // The clocks on a key: `c` in the move box, then the button.
    say(&ann, "c").await;
    let clocks = ann
        .wait_ax("StaticText", |n| n.starts_with("Clocks: White "))
        .await;
    assert!(clocks.contains("Black 10:00"), "{clocks}");
    ann.screenshot("start").await;

    // A move the rules refuse is said, and the board stays as it was.
    say(&ann, "a3-a4").await;
    ann.wait_until("document.querySelector('#move-error').textContent.length > 0")
        .await;
    let refusal: String = ann.text("#move-error").await;
    ann.wait_ax("StaticText", |n| n == refusal).await;
    ann.eval::<Value>("document.querySelector('#nvui-move-input').value = ''")
        .await;

    // Each turn: read the legal moves, type the first, until the game is over.
    let mut last = starting(&ann.ax_tree().await, "No move");
    let mut played = 0;
    let mut heard_reply = false;
    let mut end = None;
    while played < MOST_MOVES {
        end = turn_or_end(&ann).await;
        if end.is_some() {
            break;
        }
        let moves = legal_moves(&ann).await;
        assert!(!moves.is_empty(), "my turn with no legal move listed");
        say(&ann, &moves[0]).await;
        played += 1;
        // The move is taken when the last move read out is another.
        let before = last.clone();
        last = ann
            .wait_ax("StaticText", |n| {
                n.starts_with("Last move: ") && n != before
            })
            .await;
        if !heard_reply && played == 1 {
            // The computer's reply is read out through the polite log, with the turn.
            ann.wait_ax("StaticText", |n| {
                n.starts_with("Computer level 1 (Black) played ") && n.ends_with("It is your turn.")
            })
            .await;
            heard_reply = true;
        }
        if played == 3 {
            ann.screenshot("playing").await;
            ann.set_viewport(375, 812, true).await;
            assert_no_horizontal_scroll(&ann).await;
            ann.screenshot("playing-phone").await;
            ann.set_viewport(1280, 900, false).await;
        }
    }
    assert!(heard_reply, "the computer's moves were read out");
    if end.is_none() {
        // Long enough: Ann resigns, which ends the game too.
        ann.click("#resign").await;
        ann.click("#resign").await;
        end = turn_or_end(&ann).await;
    }
    // The result is a dialog a screen reader enters; Escape leaves it for the text board.
    let end = end.unwrap_or_default();
    assert!(!end.is_empty(), "the result dialog has its title");
    ann.screenshot("over").await;
    ann.press("Escape").await;
    ann.wait_ax("StaticText", |n| n == "The game is over.")
        .await;
    ann.screenshot("over-text").await;

    // The replay reads the position looked at, stepping with the arrow keys.
    ann.set_viewport(1280, 900, false).await;
    ann.goto(&format!("/history/{room}")).await;
    ann.wait_ax("StaticText", |n| n == "Start position").await;
    ann.wait_ax("StaticText", |n| n == "White to move.").await;
    ann.press("ArrowRight").await;
    let first = ann
        .wait_ax("StaticText", |n| n.starts_with("Move 1 of "))
        .await;
    assert!(
        starting(&ann.ax_tree().await, "Black to move.") == "Black to move.",
        "after {first}"
    );
    ann.screenshot("replay").await;

    // Every game's rules page reads its positions as text, and draws no board for the tree.
    for (game, first) in [
        ("neva", "White (Morning): "),
        ("queah", "White: "),
        ("giveandtake", "White: "),
        ("stockholm", "White: "),
    ] {
        ann.goto(&format!("/rules/{game}")).await;
        ann.wait_ax("StaticText", |n| {
            n.starts_with(first) && n.contains(" men ")
        })
        .await;
        assert!(
            !ann.ax_tree()
                .await
                .iter()
                .any(|n| n.name.ends_with(": empty") || n.name.ends_with(", move here")),
            "{game}: a square of a drawn board is in the tree"
        );
    }

    // A rules page's try: the position as text, the legal moves on request, a typed move judged.
    ann.goto("/rules/queah").await;
    ann.wait_for("#nvui-try-queah-drop-move-input").await;
    ann.wait_ax("StaticText", |n| {
        n.starts_with("White: ") && n.contains("in reserve")
    })
    .await;
    ann.type_text("#nvui-try-queah-drop-move-input", "moves")
        .await;
    ann.press("Enter").await;
    let listed = ann
        .wait_ax("StaticText", |n| n.starts_with("Legal moves: "))
        .await;
    let first = listed
        .trim_start_matches("Legal moves: ")
        .trim_end_matches('.')
        .split(", ")
        .next()
        .unwrap_or_default()
        .to_string();
    ann.type_text("#nvui-try-queah-drop-move-input", &first)
        .await;
    ann.press("Enter").await;
    ann.wait_until("document.querySelector('#try-queah-drop .try-result').dataset.verdict")
        .await;
    let verdict: String = ann.text("#try-queah-drop .try-result").await;
    ann.wait_ax("StaticText", |n| n == verdict).await;
    ann.eval::<Value>(&format!(
        "document.getElementById({}).scrollIntoView()",
        js("try-queah-drop")
    ))
    .await;
    ann.screenshot("rules-try").await;
    ann.set_viewport(375, 812, true).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("rules-try-phone").await;

    // Off again: the drawn board is back.
    ann.click("#reader-mode").await;
    ann.wait_for("#try-queah-drop .board .sq").await;
    ann.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn neva_reads_its_four_seats_with_teams_and_is_played_by_typing() {
    let Some(h) = Harness::start("nvui_neva").await else {
        return;
    };
    let ann = h.page("ann").await;
    ann.set_viewport(1280, 900, false).await;
    new_room(
        &ann,
        json!({"game": "neva", "options": {"seats": "white,red,green,black", "teams": "true"},
               "seat": "white", "auto_start": false}),
        "?bots=red:1,green:1,black:1",
    )
    .await;
    ann.click("#reader-mode").await;
    ann.wait_ax("heading", |n| n == "Board in words").await;
    ann.wait_for("[data-remove-bot=\"black\"]").await;
    start(&ann).await;

    // Each seat by its corner, its team and whose partner it is; then Ann's turn comes.
    ann.wait_ax("StaticText", |n| n == "It is your turn.").await;
    let tree = ann.ax_tree().await;
    for line in [
        "White (Morning), you, team A: ",
        "Red (Day), team B: ",
        "Green (Evening), your partner, team A: ",
        "Black (Night), team B: ",
    ] {
        assert!(
            !starting(&tree, line).is_empty(),
            "no line {line:?} in the tree"
        );
    }
    let moves = legal_moves(&ann).await;
    assert!(!moves.is_empty());
    say(&ann, &moves[0]).await;
    ann.wait_ax("StaticText", |n| {
        n.starts_with("Last move: ") && n != "No move has been played yet."
    })
    .await;
    // The next seats' moves are read out as they come.
    ann.wait_ax("StaticText", |n| {
        n.starts_with("Computer level 1 (Red) played ")
    })
    .await;
    ann.screenshot("neva").await;
    ann.set_viewport(375, 812, true).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("neva-phone").await;
    ann.assert_no_errors();
    h.finish().await;
}
