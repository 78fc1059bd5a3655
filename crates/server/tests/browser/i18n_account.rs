//! The account page in every language: every word of a member's page from the Fluent files
//! (the pseudo-locale), Russian at 375 px, and the account's own language, which a fresh
//! browser takes up when the member logs in.

use serde_json::Value;

use crate::assert_no_horizontal_scroll;
use crate::i18n::assert_all_from_bundle;
use crate::support::Page;
use crate::Harness;

const PASSWORD: &str = "a long enough password";

/// Makes the page's guest an account named `username` from the account page's form.
async fn claim(page: &Page, username: &str) {
    page.wait_for("#claim-username").await;
    page.type_text("#claim-username", username).await;
    page.type_text("#claim-password", PASSWORD).await;
    page.click("#claim-submit").await;
    page.wait_text("#account-who", username).await;
    page.wait_for("#sessions tbody tr").await;
}

/// Waits until the page reads `tag` and shows its header's account link.
async fn reads(page: &Page, tag: &str) {
    page.wait_until(&format!(
        "document.documentElement.lang === {} && document.querySelector('#me a')",
        crate::js(tag)
    ))
    .await;
}

/// The language `GET /api/me` gives this page's account.
async fn account_language(page: &Page) -> Value {
    page.eval("fetch('/api/me').then((r) => r.json()).then((b) => b.language)")
        .await
}

#[tokio::test]
async fn a_members_account_page_reads_from_the_bundle_and_fits_russian_at_375px() {
    let Some(h) = Harness::start("i18n-account").await else {
        return;
    };
    let page = h.page("member").await;
    page.goto("/account?lang=en-XA").await;
    reads(&page, "en-XA").await;
    claim(&page, "ann").await;
    page.wait_for("#mail-words:not(:empty)").await;
    assert_all_from_bundle(&page, "/account (a member)", &["main"]).await;

    // The page's own picker: saved to the account, then the page reads it.
    page.eval::<Value>(
        "(() => { const s = document.querySelector('#account-language'); s.value = 'ru'; \
           s.dispatchEvent(new Event('change')); })()",
    )
    .await;
    reads(&page, "ru").await;
    page.wait_text("#account-who", "Вы вошли как").await;
    assert_eq!(account_language(&page).await, "ru");
    assert_eq!(page.text("main h1").await, "Учётная запись");
    page.wait_for("#sessions tbody tr").await;
    page.set_viewport(375, 812, true).await;
    assert_no_horizontal_scroll(&page).await;
    for part in [
        "main h1",
        "#password",
        "#sessions",
        "#language-panel",
        "#mail-part",
    ] {
        page.eval::<Value>(&format!(
            "document.querySelector({}).scrollIntoView()",
            crate::js(part)
        ))
        .await;
        let name = part.trim_start_matches(['#', '.']).replace(' ', "-");
        page.screenshot(&format!("ru-375x812-{name}")).await;
    }

    // A guest's page (sign up, log in), in Russian at 375 px too.
    let guest = h.page("guest").await;
    guest.set_viewport(375, 812, true).await;
    guest.goto("/account?lang=ru").await;
    reads(&guest, "ru").await;
    guest.wait_for("#claim-username").await;
    assert_no_horizontal_scroll(&guest).await;
    guest.screenshot("ru-375x812-claim").await;
    guest
        .eval::<Value>("document.querySelector('#login').scrollIntoView()")
        .await;
    guest.screenshot("ru-375x812-login").await;
    page.assert_no_errors();
    guest.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn logging_in_on_a_fresh_browser_reads_the_accounts_language() {
    let Some(h) = Harness::start("i18n-account-language").await else {
        return;
    };
    // Ann makes her account in English, then picks Portuguese in the header's switch: a
    // member's pick is the account's too.
    let first = h.page("first-device").await;
    first.goto("/account").await;
    reads(&first, "en").await;
    claim(&first, "ann").await;
    assert_eq!(account_language(&first).await, "en");
    first
        .eval::<Value>(
            "(() => { const s = document.querySelector('#lang'); s.value = 'pt-BR'; \
               s.dispatchEvent(new Event('change')); })()",
        )
        .await;
    reads(&first, "pt-BR").await;
    assert_eq!(account_language(&first).await, "pt-BR");

    // A browser that has never seen her reads English until she logs in, then hers.
    let fresh = h.page("fresh-device").await;
    fresh.goto("/account").await;
    reads(&fresh, "en").await;
    fresh.wait_for("#login-username").await;
    fresh.type_text("#login-username", "ann").await;
    fresh.type_text("#login-password", PASSWORD).await;
    fresh.click("#login-submit").await;
    reads(&fresh, "pt-BR").await;
    fresh.wait_text("#account-who", "Conectado como").await;
    let stored: String = fresh.eval("localStorage.getItem('checkerhall.lang')").await;
    assert_eq!(stored, "pt-BR");
    // An address that asks for a language keeps it.
    fresh.goto("/account?lang=ru").await;
    reads(&fresh, "ru").await;
    fresh.wait_text("#account-who", "Вы вошли как").await;
    first.assert_no_errors();
    fresh.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn the_offline_page_reads_the_readers_language() {
    let Some(h) = Harness::start("i18n-offline").await else {
        return;
    };
    let page = h.page("offline").await;
    page.goto("/offline.html?lang=en-XA").await;
    page.wait_until("document.documentElement.lang === 'en-XA'")
        .await;
    assert_all_from_bundle(&page, "/offline.html", &["header.top", "main"]).await;
    // The language the site's switch stored, as the worker shows it without a network.
    page.eval::<Value>("localStorage.setItem('checkerhall.lang', 'ru')")
        .await;
    page.set_viewport(375, 812, true).await;
    page.goto("/offline.html").await;
    page.wait_until("document.documentElement.lang === 'ru'")
        .await;
    assert_eq!(page.text("main h1").await, "Нет подключения к сети");
    assert_eq!(
        page.text("#offline-rules a[href='/rules/stockholm']").await,
        "Стокгольмские шашки"
    );
    let title: String = page.eval("document.title").await;
    assert_eq!(title, "Нет сети — Checkerhall");
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("ru-375x812").await;
    page.assert_no_errors();
    h.finish().await;
}

#[tokio::test]
async fn an_invitation_that_no_longer_works_says_so_in_the_readers_language() {
    let Some(h) = Harness::start("i18n-join").await else {
        return;
    };
    let page = h.page("join").await;
    page.goto("/join/nosuchcode?lang=en-XA").await;
    reads(&page, "en-XA").await;
    page.wait_for("#back-to-lobby").await;
    assert_all_from_bundle(&page, "/join/<code>", &["main"]).await;
    page.set_viewport(375, 812, true).await;
    page.goto("/join/nosuchcode?lang=ru").await;
    reads(&page, "ru").await;
    page.wait_for("#back-to-lobby").await;
    assert_eq!(page.text("main h1").await, "Приглашение");
    assert!(page
        .text("main p[role=status]")
        .await
        .starts_with("Это приглашение больше не действует"));
    assert_no_horizontal_scroll(&page).await;
    page.screenshot("ru-375x812").await;
    // The browser logs the refused join (404); nothing else may fail.
    let errors: Vec<String> = page
        .errors()
        .into_iter()
        .filter(|e| !e.contains("/api/rooms/join") && !e.contains("404"))
        .collect();
    assert!(errors.is_empty(), "errors on the page: {errors:?}");
    h.finish().await;
}
