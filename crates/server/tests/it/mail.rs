//! Mail to accounts over real sockets, through a real SMTP server: Debian's aiosmtpd,
//! started by the test and writing each message it takes into a Maildir. The address is
//! verified by the link of the mail received; the digest lists the right games with links
//! that work, goes once a day, from one sender when two runs race, and stops at its
//! unsubscribe link. On SQLite and Postgres; and without settings, mail is off and says so.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;
use crate::required;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::{Client, Server};
use serde_json::{json, Value};
use server::mail::digest::{run_once, DigestRun};
use server::mail::Mail;

/// Debian's aiosmtpd, run by Debian's Python (another Python on the PATH may lack it).
const PYTHON: &str = "/usr/bin/python3";
const AIOSMTPD: &str = "/usr/lib/python3/dist-packages/aiosmtpd/__init__.py";
const DAY_MS: i64 = 86_400_000;
const PASSWORD: &str = "long enough password";

/// A running aiosmtpd whose Maildir handler files each message under `dir/new`.
struct Smtp {
    child: Child,
    dir: PathBuf,
    port: u16,
}

impl Drop for Smtp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Smtp {
    /// Starts one on a free port; `None` where the SMTP tests may be skipped.
    async fn start() -> Option<Smtp> {
        if !required::tool(required::Group::Smtp, Path::new(AIOSMTPD)) {
            return None;
        }
        // Not made here: the Maildir handler makes the folder with its tmp/, new/ and cur/,
        // and takes one that exists as a Maildir already (without them it cannot deliver).
        let dir = std::env::temp_dir().join(format!("checkerhall-mail-{}", uuid::Uuid::new_v4()));
        // The port is free when picked; aiosmtpd binds it a moment later, and the wait below
        // fails the test if someone else took it in between.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(PYTHON)
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&dir)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("aiosmtpd starts");
        let smtp = Smtp { child, dir, port };
        common::eventually("aiosmtpd listens", || async {
            tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
        })
        .await;
        Some(smtp)
    }

    /// Every message received, oldest first.
    fn messages(&self) -> Vec<String> {
        let mut files: Vec<(std::time::SystemTime, PathBuf)> =
            std::fs::read_dir(self.dir.join("new"))
                .map(|d| {
                    d.flatten()
                        .map(|e| (e.metadata().unwrap().modified().unwrap(), e.path()))
                        .collect()
                })
                .unwrap_or_default();
        files.sort();
        files
            .into_iter()
            .map(|(_, p)| std::fs::read_to_string(p).unwrap())
            .collect()
    }

    /// Waits for message number `n` (from 1) and returns it.
    async fn nth(&self, n: usize) -> String {
        common::eventually(&format!("mail number {n}"), || async {
            self.messages().len() >= n
        })
        .await;
        self.messages()[n - 1].clone()
    }
}

/// A message's body with its soft line breaks (quoted-printable) joined.
fn unfolded(message: &str) -> String {
    message
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=3D", "=")
}

/// The first link in `message` starting with `prefix`.
fn link(message: &str, prefix: &str) -> String {
    let text = unfolded(message);
    let at = text
        .find(prefix)
        .unwrap_or_else(|| panic!("no {prefix} in {text}"));
    text[at..]
        .split(|c: char| c.is_whitespace() || c == '>')
        .next()
        .unwrap()
        .to_string()
}

/// A server on `url` sending through `smtp`, its links naming its own address.
async fn mailing_server(url: String, smtp: &Smtp) -> Server {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let port = smtp.port;
    Server::setup()
        .database(url)
        .config(|c| {
            c.mail.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
            c.mail.from = Some("Checkerhall <club@checkers.test>".into());
            c.mail.base_url = Some(base);
        })
        .start_on(listener)
        .await
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

async fn send(req: reqwest::RequestBuilder) -> (u16, Value) {
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

/// A new member: their token.
async fn member(s: &Server, username: &str) -> String {
    let (_, token) = s.player().await;
    let (status, body) = send(
        http()
            .post(s.url("/api/account/claim"))
            .bearer_auth(&token)
            .json(&json!({"username": username, "password": PASSWORD})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    token
}

async fn put_address(s: &Server, token: &str, address: &str) -> (u16, Value) {
    send(
        http()
            .put(s.url("/api/account/mail"))
            .bearer_auth(token)
            .json(&json!({"address": address})),
    )
    .await
}

/// Where a link sends the browser.
async fn redirect_of(link: &str) -> String {
    let r = http().get(link).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 303, "{link}");
    r.headers()["location"].to_str().unwrap().to_string()
}

/// A started two-seat game of `host` (white) against `guest`, white to move; its room id.
async fn game(
    s: &Server,
    host: &str,
    guest: &str,
    time_control: Value,
) -> (String, Client, Client) {
    let (status, created) = s
        .create_room(
            host,
            json!({"game": "stockholm", "seat": "white", "time_control": time_control}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut white = s.ws(&id, Some(host), None).await;
    let mut black = s.ws(&id, Some(guest), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    white.event("your_turn").await;
    (id, white, black)
}

async fn digest(s: &Server, now: i64) -> DigestRun {
    let Mail::On(mailer) = &s.state.mail else {
        panic!("mail is off");
    };
    run_once(&s.state.store, &s.state.rooms, mailer.as_ref(), now)
        .await
        .unwrap()
}

fn now_ms() -> i64 {
    server::store::now_ms()
}

async fn the_address_the_digest_and_unsubscribe(backend: clubdb::Backend) {
    let Some(smtp) = Smtp::start().await else {
        return;
    };
    let Some(url) = clubdb::fresh(backend).await else {
        return;
    };
    let s = mailing_server(url, &smtp).await;
    let ann = member(&s, "Ann").await;
    let bob = member(&s, "Bob").await;

    // The address is refused until it is one; then its mail carries the link.
    let (status, body) = put_address(&s, &ann, "not an address").await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (400, Some("bad_address"))
    );
    let (status, body) = put_address(&s, &ann, "ann@checkers.test").await;
    assert_eq!(status, 200, "{body}");
    let (_, mine) = s.get("/api/account/mail", Some(&ann)).await;
    assert_eq!(mine["enabled"], true, "{mine}");
    assert_eq!(mine["address"], "ann@checkers.test");
    assert_eq!(mine["verified"], false);
    let first = smtp.nth(1).await;
    assert!(first.contains("To: ann@checkers.test"), "{first}");
    assert!(first.contains("Subject: Confirm your address"), "{first}");
    // A second mail within the minute is refused.
    let (status, body) = put_address(&s, &ann, "ann@checkers.test").await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (429, Some("mail_too_soon"))
    );

    let verify = link(
        &first,
        &format!("{}/api/account/mail/verify?token=", s.base()),
    );
    assert_eq!(redirect_of(&verify).await, "/account?mail=verified");
    // The link works once.
    assert_eq!(redirect_of(&verify).await, "/account?mail=bad_link");
    let (_, mine) = s.get("/api/account/mail", Some(&ann)).await;
    assert_eq!(
        (mine["verified"].clone(), mine["subscribed"].clone()),
        (json!(true), json!(true))
    );

    // Ann's move in one correspondence game; Bob's in another; hers in a game with a clock,
    // which a day's digest does not wait for.
    let (waiting, _w1, _b1) =
        game(&s, &ann, &bob, json!({"kind": "correspondence", "days": 3})).await;
    let (theirs, _w2, _b2) =
        game(&s, &bob, &ann, json!({"kind": "correspondence", "days": 3})).await;
    let (timed, _w3, _b3) = game(
        &s,
        &ann,
        &bob,
        json!({"kind": "fischer", "base_ms": 600_000, "increment_ms": 0}),
    )
    .await;

    let now = now_ms();
    let run = digest(&s, now).await;
    assert_eq!((run.sent, run.failed), (1, 0), "{run:?}");
    let mail = smtp.nth(2).await;
    let text = unfolded(&mail);
    assert!(text.contains("To: ann@checkers.test"), "{text}");
    assert!(
        text.contains("1 correspondence game waits for your move"),
        "{text}"
    );
    assert!(text.contains("Stockholm checkers against Bob"), "{text}");
    let room = link(&mail, &format!("{}/room/", s.base()));
    assert_eq!(room, format!("{}/room/{waiting}", s.base()));
    assert!(!text.contains(&theirs) && !text.contains(&timed), "{text}");
    // The link opens the room's page, and the room is there.
    let page = http().get(&room).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let (status, _) = s.get(&format!("/api/rooms/{waiting}"), Some(&ann)).await;
    assert_eq!(status, 200);
    let unsubscribe = link(&mail, &format!("{}/api/mail/unsubscribe?token=", s.base()));
    assert!(
        text.contains(&format!("List-Unsubscribe: <{unsubscribe}>")),
        "{text}"
    );
    assert!(
        text.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"),
        "{text}"
    );

    // Once a day: not again the same day, again the next.
    assert_eq!(digest(&s, now + DAY_MS / 2).await.sent, 0);
    assert_eq!(digest(&s, now + DAY_MS).await.sent, 1);
    smtp.nth(3).await;
    // Two runs at once (two nodes): one sends.
    let (a, b) = tokio::join!(digest(&s, now + 2 * DAY_MS), digest(&s, now + 2 * DAY_MS));
    assert_eq!(a.sent + b.sent, 1, "{a:?} {b:?}");
    smtp.nth(4).await;

    // The unsubscribe link stops it.
    assert_eq!(
        redirect_of(&unsubscribe).await,
        "/account?mail=unsubscribed"
    );
    let (_, mine) = s.get("/api/account/mail", Some(&ann)).await;
    assert_eq!(mine["subscribed"], false, "{mine}");
    assert_eq!(digest(&s, now + 3 * DAY_MS).await.sent, 0);
    // Back on from the account page, then the one-click POST of the header stops it too.
    let (status, _) = send(
        http()
            .patch(s.url("/api/account/mail"))
            .bearer_auth(&ann)
            .json(&json!({"subscribed": true})),
    )
    .await;
    assert_eq!(status, 200);
    let (status, body) = send(http().post(&unsubscribe)).await;
    assert_eq!((status, body["subscribed"].clone()), (200, json!(false)));
    let (status, body) = send(http().post(s.url("/api/mail/unsubscribe?token=nope"))).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (400, Some("bad_mail_token"))
    );
    assert_eq!(digest(&s, now + 4 * DAY_MS).await.sent, 0);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(smtp.messages().len(), 4);

    // Removed, the address is gone.
    let (status, _) = send(http().delete(s.url("/api/account/mail")).bearer_auth(&ann)).await;
    assert_eq!(status, 200);
    let (_, mine) = s.get("/api/account/mail", Some(&ann)).await;
    assert!(mine["address"].is_null(), "{mine}");
}

#[tokio::test]
async fn the_address_the_digest_and_unsubscribe_sqlite() {
    the_address_the_digest_and_unsubscribe(clubdb::Backend::Sqlite).await;
}

#[tokio::test]
async fn the_address_the_digest_and_unsubscribe_postgres() {
    the_address_the_digest_and_unsubscribe(clubdb::Backend::Postgres).await;
}

#[tokio::test]
async fn without_settings_mail_is_off_and_says_so() {
    for backend in clubdb::BACKENDS {
        let Some(url) = clubdb::fresh(backend).await else {
            continue;
        };
        let s = Server::setup().database(url).start().await;
        let (_, guest) = s.player().await;
        let (status, _) = s.get("/api/account/mail", Some(&guest)).await;
        assert_eq!(status, 404);
        let ann = member(&s, "Ann").await;
        let (status, mine) = s.get("/api/account/mail", Some(&ann)).await;
        assert_eq!(status, 200);
        assert_eq!(mine["enabled"], false, "{mine}");
        assert!(
            mine["reason"]
                .as_str()
                .unwrap()
                .contains("CHECKERHALL_SMTP_URL"),
            "{mine}"
        );
        let (status, body) = put_address(&s, &ann, "ann@checkers.test").await;
        assert_eq!(
            (status, body["error"]["code"].as_str()),
            (409, Some("mail_off")),
            "{body}"
        );
    }
}

/// `message` as its reader sees it: the body decoded (base64 or quoted-printable, as lettre
/// picks for text that is not plain ASCII) and the subject's encoded words decoded.
fn decoded(message: &str) -> String {
    use base64::Engine;
    let b64 = |s: &str| {
        let clean: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        String::from_utf8(
            base64::engine::general_purpose::STANDARD
                .decode(clean)
                .unwrap(),
        )
        .unwrap()
    };
    let message = message.replace("\r\n", "\n");
    let (head, body) = message.split_once("\n\n").unwrap();
    // Folded header lines joined, then each `=?utf-8?b?...?=` word decoded.
    let head = head.replace("\n ", " ").replace("\n\t", " ");
    let mut out = String::new();
    for line in head.lines() {
        let mut line = line.to_string();
        while let Some(at) = line.find("=?utf-8?b?") {
            let rest = &line[at + "=?utf-8?b?".len()..];
            let end = rest.find("?=").unwrap();
            let word = b64(&rest[..end]);
            // Space between two encoded words is not text; before plain text it is.
            let after = &rest[end + 2..];
            let after = if after.trim_start().starts_with("=?utf-8?b?") {
                after.trim_start().to_string()
            } else {
                after.to_string()
            };
            line = format!("{}{word}{after}", &line[..at]);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    if head
        .to_ascii_lowercase()
        .contains("content-transfer-encoding: base64")
    {
        out.push_str(&b64(body));
    } else {
        let text = body.replace("=\n", "");
        let bytes = text.as_bytes();
        let mut raw = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'=' && i + 2 < bytes.len() {
                if let Ok(b) = u8::from_str_radix(&text[i + 1..i + 3], 16) {
                    raw.push(b);
                    i += 3;
                    continue;
                }
            }
            raw.push(bytes[i]);
            i += 1;
        }
        out.push_str(&String::from_utf8(raw).unwrap());
    }
    out
}

async fn patch_me(s: &Server, token: &str, body: Value) -> (u16, Value) {
    send(
        http()
            .patch(s.url("/api/me"))
            .bearer_auth(token)
            .json(&body),
    )
    .await
}

/// An account keeps a language (`PATCH /api/me`, `GET /api/me`), and its mails are
/// written in it: a Russian account's confirmation and digest read Russian.
async fn the_accounts_language_and_its_mails(backend: clubdb::Backend) {
    let Some(smtp) = Smtp::start().await else {
        return;
    };
    let Some(url) = clubdb::fresh(backend).await else {
        return;
    };
    let s = mailing_server(url, &smtp).await;
    let ann = member(&s, "Ann").await;
    let bob = member(&s, "Bob").await;
    let (_, me) = s.get("/api/me", Some(&ann)).await;
    assert!(me["language"].is_null(), "{me}");

    let (status, body) = patch_me(&s, &ann, json!({"language": "xx"})).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (400, Some("unknown_language")),
        "{body}"
    );
    // A refusal writes nothing, the valid name beside it included.
    let (status, _) = patch_me(&s, &ann, json!({"name": "Anya", "language": "de"})).await;
    assert_eq!(status, 400);
    let (_, me) = s.get("/api/me", Some(&ann)).await;
    assert_eq!(
        (me["name"].as_str(), me["language"].clone()),
        (Some("Ann"), Value::Null)
    );
    let (status, body) = patch_me(&s, &ann, json!({})).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (400, Some("bad_json"))
    );
    let (_, guest) = s.player().await;
    let (status, body) = patch_me(&s, &guest, json!({"language": "ru"})).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (409, Some("not_logged_in")),
        "{body}"
    );
    let (_, me) = s.get("/api/me", Some(&guest)).await;
    assert!(me["language"].is_null(), "{me}");

    // Set in any case, stored as the server writes it; a rename leaves it.
    let (status, body) = patch_me(&s, &ann, json!({"language": "PT-br"})).await;
    assert_eq!(
        (status, body["language"].as_str()),
        (200, Some("pt-BR")),
        "{body}"
    );
    let (status, body) = patch_me(&s, &ann, json!({"language": "ru"})).await;
    assert_eq!(
        (status, body["language"].as_str()),
        (200, Some("ru")),
        "{body}"
    );
    let (status, body) = patch_me(&s, &ann, json!({"name": "Аня"})).await;
    assert_eq!(
        (status, body["name"].as_str(), body["language"].as_str()),
        (200, Some("Аня"), Some("ru")),
        "{body}"
    );
    let (_, me) = s.get("/api/me", Some(&ann)).await;
    assert_eq!(me["language"], "ru", "{me}");

    // The confirmation and the digest in Russian; Bob, who picked none, reads English.
    let (status, body) = put_address(&s, &ann, "ann@checkers.test").await;
    assert_eq!(status, 200, "{body}");
    let first = decoded(&smtp.nth(1).await);
    assert!(
        first.contains("Subject: Подтвердите адрес для Checkerhall"),
        "{first}"
    );
    assert!(first.contains("Здравствуйте, Аня!"), "{first}");
    let verify = link(
        &first,
        &format!("{}/api/account/mail/verify?token=", s.base()),
    );
    assert_eq!(redirect_of(&verify).await, "/account?mail=verified");
    let (status, _) = put_address(&s, &bob, "bob@checkers.test").await;
    assert_eq!(status, 200);
    let second = decoded(&smtp.nth(2).await);
    assert!(
        second.contains("Subject: Confirm your address for Checkerhall"),
        "{second}"
    );
    let verify = link(
        &second,
        &format!("{}/api/account/mail/verify?token=", s.base()),
    );
    assert_eq!(redirect_of(&verify).await, "/account?mail=verified");

    let (_ann_waits, _w1, _b1) =
        game(&s, &ann, &bob, json!({"kind": "correspondence", "days": 3})).await;
    let run = digest(&s, now_ms()).await;
    assert_eq!((run.sent, run.failed), (1, 0), "{run:?}");
    let mail = decoded(&smtp.nth(3).await);
    assert!(mail.contains("To: ann@checkers.test"), "{mail}");
    assert!(
        mail.contains("Subject: 1 партия по переписке ждёт вашего хода"),
        "{mail}"
    );
    assert!(
        mail.contains("- Стокгольмские шашки — против Bob, сходить до "),
        "{mail}"
    );
    assert!(
        mail.contains("Чтобы больше их не получать, откройте: "),
        "{mail}"
    );

    // Forgotten with null: English again.
    let (status, body) = patch_me(&s, &ann, json!({"language": null})).await;
    assert_eq!(
        (status, body["language"].clone()),
        (200, Value::Null),
        "{body}"
    );
    let (_, me) = s.get("/api/me", Some(&ann)).await;
    assert!(me["language"].is_null(), "{me}");
}

#[tokio::test]
async fn the_accounts_language_and_its_mails_sqlite() {
    the_accounts_language_and_its_mails(clubdb::Backend::Sqlite).await;
}

#[tokio::test]
async fn the_accounts_language_and_its_mails_postgres() {
    the_accounts_language_and_its_mails(clubdb::Backend::Postgres).await;
}
