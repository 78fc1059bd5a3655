//! The front page in other languages: every word of its parts (the quick games, the pools,
//! a waiting room in the list, the creation form of each game) from the Fluent files, and
//! Russian's longer words (and Portuguese) on a phone's width.

use serde_json::Value;

use crate::assert_no_horizontal_scroll;
use crate::i18n::assert_all_from_bundle;
use crate::support::{Harness, Page};

const GAMES: [&str; 4] = ["neva", "queah", "giveandtake", "stockholm"];

/// Opens `/` in `lang` and waits for the page's words, the pool tiles and the room `room` in
/// the live list.
async fn front_page(page: &Page, lang: &str, room: &str) {
    page.goto(&format!("/?lang={lang}")).await;
    page.wait_until(&format!(
        "document.documentElement.lang === {} && document.querySelector('#me a') \
         && document.querySelector('.pool-tile') \
         && document.querySelector('[data-room=\"{room}\"]')",
        crate::js(lang)
    ))
    .await;
}

/// Opens the creation form and shows `game`'s options in it.
async fn form_for(page: &Page, game: &str) {
    crate::open_more_options(page).await;
    page.wait_for("#create").await;
    page.eval::<Value>(&format!(
        "(() => {{ const s = document.querySelector('#game'); s.value = {}; \
           s.dispatchEvent(new Event('change')); }})()",
        crate::js(game)
    ))
    .await;
    page.wait_for(&format!("#form-rules[href='/rules/{game}']"))
        .await;
}

#[tokio::test]
async fn the_front_page_and_its_form_come_from_the_bundle_and_fit_a_phone_in_russian() {
    let Some(h) = Harness::start("i18n-lobby").await else {
        return;
    };
    // Bob waits in a room of his, so the live list shows a row in words.
    let bob = h.page("bob").await;
    let room = crate::create_room(&bob, "queah", "").await;

    let ann = h.page("ann").await;
    front_page(&ann, "en-XA", &room).await;
    assert_all_from_bundle(&ann, "/", &["main"]).await;
    // The form, each game's rules in it (their names, values and explanations differ).
    for game in GAMES {
        form_for(&ann, game).await;
        assert_all_from_bundle(&ann, &format!("/ the form for {game}"), &["#more-options"]).await;
    }
    // A correspondence clock: its days in words too.
    ann.eval::<Value>(
        "(() => { const s = document.querySelector('#tc-kind'); s.value = 'correspondence'; \
           s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    assert_all_from_bundle(&ann, "/ the form's clock", &["#more-options"]).await;

    // Russian, on a laptop and on a phone: nothing pushed off the screen.
    ann.set_viewport(1280, 800, false).await;
    front_page(&ann, "ru", &room).await;
    assert_eq!(ann.text("#h-play").await, "Играть сейчас");
    let row: String = ann.text(&format!("[data-room=\"{room}\"] .room-who")).await;
    assert!(row.contains("ждёт ещё 1 игрока"), "{row}");
    ann.screenshot("ru-front-1280x800").await;
    ann.set_viewport(375, 812, true).await;
    front_page(&ann, "ru", &room).await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("ru-front-375x812").await;
    ann.eval::<Value>("document.querySelector('#h-rooms').scrollIntoView()")
        .await;
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("ru-rooms-375x812").await;
    for game in GAMES {
        form_for(&ann, game).await;
        ann.eval::<Value>("document.querySelector('#create-room').scrollIntoView()")
            .await;
        assert_no_horizontal_scroll(&ann).await;
        ann.screenshot(&format!("ru-form-{game}-375x812")).await;
    }
    ann.eval::<Value>("document.querySelector('#create').scrollIntoView()")
        .await;
    ann.screenshot("ru-form-end-375x812").await;
    // Portuguese on the phone too.
    front_page(&ann, "pt-BR", &room).await;
    assert_eq!(ann.text("#h-play").await, "Jogar agora");
    assert_no_horizontal_scroll(&ann).await;
    ann.screenshot("pt-BR-front-375x812").await;
    ann.assert_no_errors();
    bob.assert_no_errors();
    h.finish().await;
}
