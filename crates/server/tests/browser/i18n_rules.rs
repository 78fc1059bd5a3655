//! The rules pages in other languages: Neva checkers in Russian and Queah in Brazilian
//! Portuguese at 375 px (the longest words of the site in the narrowest layout), a try and
//! a game stepped through in each, and the pseudo-locale on the words that appear only
//! after a move is tried or a game stepped.

use serde_json::Value;

use crate::assert_no_horizontal_scroll;
use crate::i18n::assert_all_from_bundle;
use crate::support::{Harness, Page};

/// Opens a rules page in `lang` and waits until its boards are drawn.
async fn open(page: &Page, path: &str, lang: &str) {
    page.goto(&format!("{path}?lang={lang}")).await;
    page.wait_until(&format!(
        "document.documentElement.lang === {} && document.querySelector('.learn figure .board .piece')",
        crate::js(lang)
    ))
    .await;
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

/// Scrolls `selector` to the middle of the viewport, checks nothing sticks out sideways,
/// and takes a screenshot named `step`.
async fn look_at(page: &Page, selector: &str, step: &str) {
    page.eval::<Value>(&format!(
        "document.querySelector({}).scrollIntoView({{block: 'center'}})",
        crate::js(selector)
    ))
    .await;
    assert_no_horizontal_scroll(page).await;
    page.screenshot(step).await;
}

#[tokio::test]
async fn the_rules_of_neva_read_russian_and_queah_portuguese_at_375px() {
    let Some(h) = Harness::start("i18n-rules").await else {
        return;
    };
    let page = h.page("ann").await;
    page.set_viewport(375, 812, true).await;

    open(&page, "/rules/neva", "ru").await;
    assert_eq!(page.text(".learn > h1").await, "Невские шашки: как играть");
    let title: String = page.eval("document.title").await;
    assert_eq!(title, "Невские шашки: правила · Checkerhall");
    assert_eq!(page.text("#rule-options > h2").await, "Настройки комнаты");
    page.eval::<Value>("window.scrollTo(0, 0)").await;
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("ru-neva-top").await;
    look_at(&page, ".rules-toc", "ru-neva-toc").await;

    click_try(&page, "neva-capture-back", &["33", "43"]).await;
    let why = verdict(&page, "neva-capture-back", "wrong").await;
    assert!(why.starts_with("Так нельзя: бить обязательно"), "{why}");
    assert_eq!(
        page.text("#try-neva-capture-back .try-again").await,
        "Попробовать снова"
    );
    look_at(&page, "#try-neva-capture-back", "ru-neva-try").await;

    let game = "#game-neva-training";
    assert_eq!(
        page.text(&format!("{game} .step-title")).await,
        "Начальная позиция."
    );
    for _ in 0..16 {
        page.click(&format!("{game} .step-forward")).await;
    }
    page.wait_until(&format!(
        "document.querySelector('{game} .step-count').dataset.at === '16'"
    ))
    .await;
    assert_eq!(
        page.text(&format!("{game} .step-count")).await,
        "Ход 16 из 45"
    );
    let step = page.text(&format!("{game} .step-title")).await;
    assert!(
        step.starts_with("Круг 4, ") && step.ends_with(": 21-31"),
        "{step}"
    );
    assert_eq!(
        page.text(&format!("{game} .step-note")).await,
        "Любой ход чего-то стоит чёрным: они отдают шашку на краю доски."
    );
    look_at(&page, game, "ru-neva-game").await;
    look_at(&page, "#rule-options", "ru-neva-options").await;

    open(&page, "/rules/queah", "pt-BR").await;
    assert_eq!(page.text(".learn > h1").await, "Como jogar Queah");
    click_try(&page, "queah-no-reverse", &["c3", "d2"]).await;
    let why = verdict(&page, "queah-no-reverse", "wrong").await;
    assert_eq!(
        why,
        "Não é permitido: c3-d2 volta direto para a casa de onde a peça veio na sua vez anterior."
    );
    look_at(&page, "#try-queah-no-reverse", "pt-BR-queah-try").await;
    page.click("#game-queah-example .step-end").await;
    page.wait_until(
        "document.querySelector('#game-queah-example .step-count').dataset.at === '22'",
    )
    .await;
    assert_eq!(
        page.text("#game-queah-example .step-count").await,
        "Lance 22 de 22"
    );
    look_at(&page, "#game-queah-example", "pt-BR-queah-game").await;

    page.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn the_pseudo_locale_covers_a_rules_pages_verdicts_and_steps() {
    let Some(h) = Harness::start("i18n-rules-pseudo").await else {
        return;
    };
    let page = h.page("pseudo").await;
    for (path, id, squares, game) in [
        (
            "/rules/neva",
            "neva-crown",
            ["16", "26"],
            "#game-neva-training",
        ),
        (
            "/rules/queah",
            "queah-no-reverse",
            ["c3", "d2"],
            "#game-queah-example",
        ),
    ] {
        open(&page, path, "en-XA").await;
        click_try(&page, id, &squares).await;
        page.wait_for(&format!("#try-{id} .try-result[data-verdict]"))
            .await;
        page.click(&format!("{game} .step-forward")).await;
        page.wait_until(&format!(
            "document.querySelector('{game} .step-count').dataset.at === '1'"
        ))
        .await;
        assert_all_from_bundle(&page, path, &[".try-tools", ".game > p", ".step-tools"]).await;
        let title: String = page.eval("document.title").await;
        assert!(!title.contains("rules"), "{path}: the title {title:?}");
    }
    page.assert_no_errors();
    h.finish().await;
}
