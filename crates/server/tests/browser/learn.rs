//! The rules pages, as a newcomer uses them: from the header's Rules link to each game's
//! page, whose diagrams are drawn by the board code (pieces as pieces, no letters); a move
//! the rule allows is clicked and accepted, a wrong one is explained; the Neva training game
//! is stepped to its end; the create form's option anchors lead to their paragraphs.
//! Screenshots of every page at 1280x800 and 375x812.

use serde_json::Value;

use crate::support::{Harness, Page};
use crate::{assert_no_horizontal_scroll, js};

const GAMES: [&str; 4] = ["neva", "queah", "giveandtake", "stockholm"];

/// Opens a rules page and waits until its boards are drawn.
async fn open(page: &Page, path: &str) {
    page.goto(path).await;
    page.wait_for(".learn figure .board .piece").await;
}

/// Clicks `squares` on the board of the try `id`, one after the other.
async fn click_try(page: &Page, id: &str, squares: &[&str]) {
    for sq in squares {
        page.click(&format!("#try-{id} .board [data-square=\"{sq}\"]"))
            .await;
    }
}

/// Waits for the try's verdict and returns its message.
async fn verdict(page: &Page, id: &str, verdict: &str) -> String {
    let sel = format!("#try-{id} .try-result[data-verdict=\"{verdict}\"]");
    page.wait_for(&sel).await;
    page.text(&sel).await
}

async fn again(page: &Page, id: &str) {
    page.click(&format!("#try-{id} .try-again")).await;
    page.wait_until(&format!(
        "!document.querySelector('#try-{id} .try-result').dataset.verdict"
    ))
    .await;
}

/// The pieces are drawn, without letters; seats carry their patterns.
async fn assert_drawn_pieces(page: &Page, game: &str) {
    let (pieces, texts, marked): (usize, usize, bool) = page
        .eval(
            "[document.querySelectorAll('.learn .board .piece').length, \
              document.querySelectorAll('.learn .board .piece text').length, \
              [...document.querySelectorAll('.learn .board .piece:not(.white)')] \
                .every(p => p.querySelector('.mark'))]",
        )
        .await;
    assert!(pieces > 8, "{game}: {pieces} pieces drawn");
    assert_eq!(texts, 0, "{game}: pieces carry no letters");
    assert!(
        marked,
        "{game}: every non-White piece has its seat's pattern"
    );
}

#[tokio::test]
async fn rules_pages_teach_by_clicking() {
    let Some(h) = Harness::start("learn").await else {
        return;
    };
    let page = h.page("ann").await;
    page.set_viewport(1280, 800, false).await;

    // The front page links the rules but loads none of their modules.
    page.goto("/").await;
    page.wait_for("#rules-link").await;
    let loaded: bool = page
        .eval(
            "performance.getEntriesByType('resource').some(e => /\\/learn\\/|learn\\.css|rules\\.js$/.test(e.name) && !/views\\/rules\\.js$/.test(e.name))",
        )
        .await;
    assert!(!loaded, "the front page loads no learning module");
    page.click("#rules-link").await;
    page.wait_for(".learn[data-game=\"neva\"] .board .piece")
        .await;

    // Every option the server lists has its paragraph on its game's page.
    let games: Value = page.eval("fetch('/api/games').then(r => r.json())").await;
    for g in games["games"].as_array().unwrap() {
        let key = g["key"].as_str().unwrap();
        open(&page, &format!("/rules/{key}")).await;
        assert_drawn_pieces(&page, key).await;
        for o in g["options"].as_array().unwrap() {
            let id = format!("opt-{}", o["key"].as_str().unwrap());
            let text: String = page
                .eval(&format!(
                    "(document.getElementById({}) || {{}}).textContent || ''",
                    js(&id)
                ))
                .await;
            assert!(text.len() > 20, "{key}: no paragraph #{id}");
        }
        let rules: usize = page.count(".learn section.rule[id^=\"rule-\"]").await;
        assert!(rules >= 5, "{key}: {rules} rule sections");
    }

    // An option's link from the create form lands on its paragraph.
    page.goto("/rules/stockholm#opt-max_capture").await;
    page.wait_until(
        "document.getElementById('opt-max_capture') && \
         document.getElementById('opt-max_capture').classList.contains('targeted') && \
         document.getElementById('opt-max_capture').getBoundingClientRect().top >= 0 && \
         document.getElementById('opt-max_capture').getBoundingClientRect().bottom <= innerHeight",
    )
    .await;

    // Neva: a wrong step is explained, the backward capture accepted.
    open(&page, "/rules/neva").await;
    click_try(&page, "neva-capture-back", &["33", "43"]).await;
    let why = verdict(&page, "neva-capture-back", "wrong").await;
    assert!(why.contains("capture is compulsory"), "{why}");
    page.screenshot("neva-wrong").await;
    again(&page, "neva-capture-back").await;
    click_try(&page, "neva-capture-back", &["33", "13"]).await;
    verdict(&page, "neva-capture-back", "right").await;
    click_try(&page, "neva-crown", &["62", "61"]).await;
    verdict(&page, "neva-crown", "right").await;

    // Neva: the training game, stepped to its end with the Forward button.
    let total: usize = page
        .eval("Number(document.querySelector('#game-neva-training .step-count').dataset.total)")
        .await;
    assert_eq!(total, 45, "44 moves and the resignation");
    for _ in 0..total {
        page.click("#game-neva-training .step-forward").await;
    }
    page.wait_until(
        "document.querySelector('#game-neva-training .step-count').dataset.at === '45'",
    )
    .await;
    let end = page.text("#game-neva-training .step-title").await;
    assert!(end.contains("resigns"), "{end}");
    let forward_off: bool = page
        .eval("document.querySelector('#game-neva-training .step-forward').disabled")
        .await;
    assert!(forward_off);
    // Black's king is on 21 at the end, drawn with its crown.
    let crowned: bool = page
        .eval("!!document.querySelector('#game-neva-training .piece.black.king .crown')")
        .await;
    assert!(crowned);
    page.screenshot("neva-training-end").await;
    page.click("#game-neva-training .step-back").await;
    page.wait_until(
        "document.querySelector('#game-neva-training .step-count').dataset.at === '44'",
    )
    .await;

    // Stockholm: the Brazilian capture is refused with the reason, the deferred one accepted.
    open(&page, "/rules/stockholm").await;
    click_try(&page, "stockholm-deferred", &["e5", "c3", "a5", "c7"]).await;
    let why = verdict(&page, "stockholm-deferred", "wrong").await;
    assert!(
        why.contains("may not capture backwards as its first jump"),
        "{why}"
    );
    page.screenshot("stockholm-wrong").await;
    again(&page, "stockholm-deferred").await;
    click_try(&page, "stockholm-deferred", &["f2", "h4", "f6"]).await;
    verdict(&page, "stockholm-deferred", "right").await;
    click_try(&page, "stockholm-longest", &["h2", "f4"]).await;
    let why = verdict(&page, "stockholm-longest", "wrong").await;
    assert!(why.contains("longest capture"), "{why}");

    // Give and Take: the piece that just moved, the king's capture, Elis-McCallion.
    open(&page, "/rules/giveandtake").await;
    click_try(&page, "giveandtake-hot", &["a3", "a4"]).await;
    verdict(&page, "giveandtake-hot", "wrong").await;
    again(&page, "giveandtake-hot").await;
    click_try(&page, "giveandtake-hot", &["c4", "c6", "c8"]).await;
    verdict(&page, "giveandtake-hot", "right").await;
    click_try(&page, "giveandtake-king", &["e5", "e8", "e2", "a2", "h2"]).await;
    verdict(&page, "giveandtake-king", "right").await;
    page.screenshot("giveandtake-king").await;
    let nine = ["f5", "a5", "a7", "h7", "h1", "e1", "a1", "a4", "d4", "f4"];
    click_try(&page, "giveandtake-mccallion", &nine).await;
    verdict(&page, "giveandtake-mccallion", "right").await;
    page.click("#game-giveandtake-mccallion .step-end").await;
    page.wait_until(
        "document.querySelector('#game-giveandtake-mccallion .step-count').dataset.at === '9'",
    )
    .await;

    // Queah: a drop from the reserve, then the move; stepping straight back is explained.
    open(&page, "/rules/queah").await;
    page.click("#try-queah-drop [data-reserve=\"white\"]").await;
    click_try(&page, "queah-drop", &["c3", "c3", "b4"]).await;
    verdict(&page, "queah-drop", "right").await;
    page.screenshot("queah-drop").await;
    click_try(&page, "queah-no-reverse", &["c3", "d2"]).await;
    let why = verdict(&page, "queah-no-reverse", "wrong").await;
    assert!(why.contains("straight back"), "{why}");
    again(&page, "queah-no-reverse").await;
    click_try(&page, "queah-no-reverse", &["c3", "d4"]).await;
    verdict(&page, "queah-no-reverse", "right").await;

    // Every page at both sizes, from the top.
    for (w, hgt, mobile, label) in [(1280, 800, false, "1280"), (375, 812, true, "375")] {
        page.set_viewport(w, hgt, mobile).await;
        for g in GAMES {
            open(&page, &format!("/rules/{g}")).await;
            assert_no_horizontal_scroll(&page).await;
            page.screenshot(&format!("{g}-{label}")).await;
            page.eval::<Value>(
                "document.querySelector('.learn figure.try').scrollIntoView({block: 'center'})",
            )
            .await;
            page.screenshot(&format!("{g}-{label}-try")).await;
        }
    }

    page.assert_no_errors();
    h.finish().await;
}
