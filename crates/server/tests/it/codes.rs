//! Every error code and close code the docs list, provoked over real sockets to a real
//! in-process server, each from one table: `docs/api.md`'s HTTP error
//! codes, `docs/protocol.md`'s socket error codes and its close codes. A check reads the
//! docs' lists, so a code documented without a row here fails; the codes no test can
//! provoke through the API are listed with the reason, and must still be documented.

use std::collections::BTreeSet;

use futures_util::StreamExt;
use serde_json::{json, Value};
use server::config::AccessMode;
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

use crate::common::{within, Client, Server};

const ADMIN: &str = "admin";
const ADMIN_PASSWORD: &str = "correct horse battery";
const MEMBER_PASSWORD: &str = "a long password";

fn doc(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The backquoted snake_case words of `text` outside parentheses: the codes of a list like
/// "`bad_json` (not JSON), `unknown_bot` (a `set_bot` kind ...)", not the words that explain
/// them, nor flags or numbers.
fn codes_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut word, mut in_code) = (0i32, String::new(), false);
    for c in text.chars() {
        match (c, in_code) {
            ('`', false) => {
                in_code = true;
                word.clear();
            }
            ('`', true) => {
                in_code = false;
                let is_code = word.starts_with(|c: char| c.is_ascii_lowercase())
                    && word.chars().all(|c| c.is_ascii_lowercase() || c == '_');
                if depth == 0 && is_code {
                    out.push(word.clone());
                }
            }
            (c, true) => word.push(c),
            ('(', false) => depth += 1,
            (')', false) => depth -= 1,
            _ => {}
        }
    }
    out
}

/// `docs/api.md`'s table under "## Errors": (status, code) of every row.
fn documented_http() -> BTreeSet<(u16, String)> {
    let text = doc("api.md");
    let section = text
        .split("\n## Errors")
        .nth(1)
        .expect("api.md has ## Errors");
    let mut out = BTreeSet::new();
    for line in section.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // `| 400 | `code` | When |`: cells 1 and 2.
        let Some(status) = cells.get(1).and_then(|c| c.parse::<u16>().ok()) else {
            continue;
        };
        for code in codes_in(cells[2]) {
            out.insert((status, code));
        }
    }
    assert!(out.len() > 30, "the parse found too few codes: {out:?}");
    out
}

/// `docs/protocol.md`'s codes of the `error` message ("Codes: ..." up to the next heading).
fn documented_socket() -> BTreeSet<String> {
    let text = doc("protocol.md");
    let section = text
        .split("\n### `error`")
        .nth(1)
        .expect("protocol.md has ### `error`");
    let list = section
        .split("Codes:")
        .nth(1)
        .expect("the error section lists its codes after `Codes:`");
    let list = list.split("\n#").next().unwrap();
    let out: BTreeSet<String> = codes_in(list).into_iter().collect();
    assert!(out.len() > 20, "the parse found too few codes: {out:?}");
    out
}

/// `docs/protocol.md`'s close codes table: (code, the reasons named in backquotes).
fn documented_close() -> BTreeSet<(u16, String)> {
    let text = doc("protocol.md");
    let section = text
        .split("\n### Close codes")
        .nth(1)
        .expect("protocol.md has ### Close codes");
    let mut out = BTreeSet::new();
    for line in section.lines().take_while(|l| !l.starts_with("### ")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(code) = cells
            .get(1)
            .and_then(|c| c.split_whitespace().next())
            .and_then(|c| c.parse::<u16>().ok())
        else {
            continue;
        };
        // A close with a reason names it in backquotes followed by a colon ("`too slow`:
        // fell behind ..."); a row may list several (1008).
        let parts: Vec<&str> = cells[2].split('`').collect();
        let reasons: Vec<String> = (1..parts.len())
            .step_by(2)
            .filter(|&i| parts.get(i + 1).is_some_and(|next| next.starts_with(':')))
            .map(|i| parts[i].to_string())
            .collect();
        if reasons.is_empty() {
            out.insert((code, String::new()));
        }
        for r in reasons {
            out.insert((code, r));
        }
    }
    assert!(
        out.len() >= 8,
        "the parse found too few close codes: {out:?}"
    );
    out
}

// ---------------------------------------------------------------------------------------
// HTTP

/// The servers the HTTP cases run on.
#[derive(Copy, Clone, Debug, PartialEq)]
enum On {
    /// Default settings, an admin account.
    Open,
    /// `--access invite`.
    Invite,
    /// Every per-client limit at 1 (each case spends its allowance, then is refused).
    Tight,
    /// `--max-rooms 1`.
    Full,
    /// One unfinished room per host.
    Hosting,
    /// Shutting down (its rooms told to stop).
    Stopping,
    /// Its database closed.
    NoDatabase,
}

/// Who sends a request.
#[derive(Copy, Clone, Debug)]
enum Who {
    Nobody,
    /// A new guest, for this request alone.
    Guest,
    /// A guest with an account (`member`).
    Member,
    Admin,
    /// A guest the admin banned.
    Banned,
}

/// What goes in the body.
#[derive(Clone, Debug)]
enum Body {
    None,
    Json(Value),
    /// Raw bytes with this content type.
    Raw(&'static str, Vec<u8>),
}

struct Case {
    on: On,
    who: Who,
    method: &'static str,
    /// `{room}`: a public room; `{private}`: a private room; `{over}`: an aborted room;
    /// `{corrupt}`: a stored game that does not replay; `{admin}`: the admin's player id;
    /// `{nobody}`: a random id.
    path: &'static str,
    body: Body,
    /// A WebSocket upgrade (with these extra headers).
    upgrade: Option<&'static [(&'static str, &'static str)]>,
    /// Sent this many times; the last answer is checked.
    times: usize,
    /// Sent as HTTP/1.0.
    http10: bool,
    status: u16,
    code: &'static str,
}

fn case(on: On, who: Who, method: &'static str, path: &'static str) -> Case {
    Case {
        on,
        who,
        method,
        path,
        body: Body::None,
        upgrade: None,
        times: 1,
        http10: false,
        status: 0,
        code: "",
    }
}

impl Case {
    fn json(mut self, body: Value) -> Case {
        self.body = Body::Json(body);
        self
    }
    fn raw(mut self, content_type: &'static str, body: Vec<u8>) -> Case {
        self.body = Body::Raw(content_type, body);
        self
    }
    fn upgrade(mut self, headers: &'static [(&'static str, &'static str)]) -> Case {
        self.upgrade = Some(headers);
        self
    }
    fn times(mut self, n: usize) -> Case {
        self.times = n;
        self
    }
    fn http10(mut self) -> Case {
        self.http10 = true;
        self
    }
    fn is(mut self, status: u16, code: &'static str) -> Case {
        self.status = status;
        self.code = code;
        self
    }
}

/// The table: one row per documented (status, code), some codes twice for their causes.
fn http_cases() -> Vec<Case> {
    use On::*;
    use Who::*;
    let room = json!({"game": "queah"});
    let claim = |u: &str, p: &str| json!({"username": u, "password": p});
    vec![
        case(Open, Nobody, "GET", "/api/rooms?limit=0").is(400, "bad_parameter"),
        case(Open, Nobody, "GET", "/api/history?colour=red").is(400, "unknown_parameter"),
        case(Open, Guest, "POST", "/api/rooms")
            .raw("application/json", b"{\"game\":".to_vec())
            .is(400, "bad_json"),
        case(Open, Guest, "POST", "/api/rooms")
            .json(json!({"game": "queah", "colour": "red"}))
            .is(400, "unknown_field"),
        case(Open, Guest, "PATCH", "/api/me")
            .json(json!({"name": "  "}))
            .is(400, "bad_name"),
        case(Open, Guest, "POST", "/api/rooms")
            .json(json!({"game": "queah",
                "time_control": {"kind": "fischer", "base_ms": 1, "increment_ms": 0}}))
            .is(400, "bad_time_control"),
        case(Open, Guest, "POST", "/api/account/claim")
            .json(claim("a", MEMBER_PASSWORD))
            .is(400, "bad_username"),
        case(Open, Guest, "POST", "/api/account/claim")
            .json(claim("okname", "short"))
            .is(400, "bad_password"),
        case(Open, Nobody, "GET", "/ws?room={room}").is(400, "bad_request"),
        case(Open, Guest, "POST", "/api/quick/computer")
            .json(json!({"game": "queah", "level": 9}))
            .is(400, "unknown_bot"),
        case(Open, Guest, "POST", "/api/rooms")
            .json(json!({"game": "queah", "rated": true,
                         "time_control": {"kind": "per_move", "limit_ms": 60000}}))
            .is(400, "rated_needs_account"),
        case(Open, Member, "POST", "/api/rooms")
            .json(json!({"game": "queah", "rated": true}))
            .is(400, "rated_needs_clock"),
        case(Open, Nobody, "GET", "/api/leaderboard/queah?mode=teams").is(400, "unknown_mode"),
        case(Open, Nobody, "GET", "/api/leaderboard/queah?limit=5").is(400, "bad_query"),
        case(Open, Nobody, "PATCH", "/api/me")
            .json(json!({"name": "Ann"}))
            .is(401, "unauthorized"),
        case(Open, Nobody, "GET", "/api/rooms/{nobody}").is(404, "not_found"),
        case(Open, Nobody, "GET", "/api/no/such/endpoint").is(404, "not_found"),
        case(Open, Guest, "GET", "/ws?room={room}")
            .upgrade(&[("origin", "http://elsewhere.example")])
            .is(403, "forbidden"),
        case(Open, Guest, "GET", "/ws?room={private}&code=WRONGCODE")
            .upgrade(&[])
            .is(403, "bad_invite_code"),
        case(Open, Banned, "GET", "/api/me").is(403, "banned"),
        case(Invite, Guest, "POST", "/api/rooms")
            .json(room.clone())
            .is(403, "members_only"),
        case(Invite, Guest, "POST", "/api/account/claim")
            .json(claim("newcomer", MEMBER_PASSWORD))
            .is(403, "invite_required"),
        case(Invite, Guest, "POST", "/api/account/claim")
            .json(json!({"username": "newcomer", "password": MEMBER_PASSWORD,
                "invite": "NOSUCHINVITE"}))
            .is(403, "bad_invite"),
        case(Open, Nobody, "POST", "/api/account/login")
            .json(claim(ADMIN, "not the password"))
            .is(403, "bad_credentials"),
        case(Open, Guest, "GET", "/api/admin/players").is(403, "not_admin"),
        case(Open, Nobody, "DELETE", "/api/games").is(405, "method_not_allowed"),
        case(Open, Nobody, "GET", "/api/history/{corrupt}/export").is(409, "corrupt_game"),
        case(Open, Member, "POST", "/api/account/claim")
            .json(claim("member2", MEMBER_PASSWORD))
            .is(409, "already_claimed"),
        case(Open, Guest, "POST", "/api/account/claim")
            .json(claim("MEMBER", MEMBER_PASSWORD))
            .is(409, "username_taken"),
        case(Open, Guest, "POST", "/api/account/logout").is(409, "not_logged_in"),
        case(Open, Admin, "POST", "/api/admin/players/{admin}/ban")
            .json(json!({}))
            .is(409, "self_ban"),
        case(Open, Admin, "POST", "/api/admin/rooms/{over}/close").is(409, "already_over"),
        case(Open, Guest, "POST", "/api/rooms")
            .raw("application/json", vec![b' '; 3 << 20])
            .is(413, "too_large"),
        case(Open, Guest, "POST", "/api/rooms")
            .raw("text/plain", room.to_string().into_bytes())
            .is(415, "unsupported_media_type"),
        case(Tight, Nobody, "POST", "/api/account/login")
            .json(claim(ADMIN, "not the password"))
            .times(2)
            .is(429, "login_rate_limited"),
        case(Tight, Guest, "POST", "/api/rooms/join")
            .json(json!({"code": "NOSUCHCODE"}))
            .times(2)
            .is(429, "invite_rate_limited"),
        // The Tight server's one socket is held open by its fixture.
        case(Tight, Guest, "GET", "/ws?room={room}")
            .upgrade(&[])
            .is(429, "too_many_sockets"),
        case(Tight, Nobody, "GET", "/api/me")
            .times(2)
            .is(429, "identity_rate_limited"),
        case(Tight, Guest, "POST", "/api/rooms")
            .json(room.clone())
            .times(2)
            .is(429, "room_rate_limited"),
        case(NoDatabase, Nobody, "GET", "/api/history/{nobody}").is(500, "internal"),
        case(Stopping, Guest, "POST", "/api/rooms")
            .json(room.clone())
            .is(503, "unavailable"),
        case(NoDatabase, Nobody, "GET", "/readyz").is(503, "unavailable"),
        case(Full, Guest, "POST", "/api/rooms")
            .json(room.clone())
            .times(2)
            .is(503, "overloaded"),
        case(Hosting, Guest, "POST", "/api/rooms")
            .json(room)
            .times(2)
            .is(429, "too_many"),
        case(Open, Nobody, "GET", "/ws?room={room}")
            .upgrade(&[])
            .http10()
            .is(426, "upgrade_required"),
    ]
}

/// A server of one kind, with what its cases need.
struct World {
    s: Server,
    room: String,
    private: String,
    over: String,
    corrupt: Uuid,
    admin: Option<(Uuid, String)>,
    member: Option<String>,
    banned: Option<String>,
    /// Sockets held open for the cases.
    _held: Vec<Client>,
}

async fn login(s: &Server, user: &str, password: &str) -> (Uuid, String) {
    let r: Value = reqwest::Client::new()
        .post(s.url("/api/account/login"))
        .json(&json!({"username": user, "password": password}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = Uuid::parse_str(r["id"].as_str().unwrap()).unwrap();
    (id, r["token"].as_str().unwrap().to_string())
}

async fn post(s: &Server, token: &str, path: &str, body: Value) -> Value {
    let r = reqwest::Client::new()
        .post(s.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
    r.json().await.unwrap()
}

impl World {
    async fn new(on: On) -> World {
        let s = Server::setup()
            .config(|c| {
                c.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into()));
                if on == On::Invite {
                    c.access = AccessMode::Invite;
                }
                if on == On::Tight {
                    // Every connection from 127.0.0.1 counts against its address at accept,
                    // so with a cap of one socket the held socket would refuse every other
                    // case's connection: 127.0.0.1 is a trusted proxy here, whose clients'
                    // WebSockets are counted at the upgrade (by 127.0.0.1 itself, as the
                    // requests carry no X-Forwarded-For).
                    c.trusted_proxies = "127.0.0.1".parse().unwrap();
                }
            })
            .limits(|l| match on {
                On::Tight => {
                    l.logins_per_account_per_minute = 1;
                    l.logins_per_address_per_minute = 1;
                    l.invite_tries_per_address_per_minute = 1;
                    l.sockets_per_address = 1;
                    l.identities_per_address_per_minute = 1;
                    l.rooms_per_address_per_minute = 1;
                }
                On::Full => l.max_rooms = 1,
                On::Hosting => l.rooms_per_identity = 1,
                _ => {}
            })
            .start()
            .await;
        let mut world = World {
            room: String::new(),
            private: String::new(),
            over: String::new(),
            corrupt: Uuid::new_v4(),
            admin: None,
            member: None,
            banned: None,
            _held: Vec::new(),
            s,
        };
        if on == On::Open {
            let (host, host_token) = world.s.player().await;
            let (_, room) = world
                .s
                .create_room(&host_token, json!({"game": "queah"}))
                .await;
            world.room = room["id"].as_str().unwrap().to_string();
            let (_, private) = world
                .s
                .create_room(
                    &host_token,
                    json!({"game": "queah", "visibility": "private"}),
                )
                .await;
            world.private = private["id"].as_str().unwrap().to_string();
            let (_, over) = world
                .s
                .create_room(&host_token, json!({"game": "queah"}))
                .await;
            world.over = over["id"].as_str().unwrap().to_string();
            let handle = world
                .s
                .state
                .rooms
                .get(Uuid::parse_str(&world.over).unwrap())
                .unwrap();
            handle
                .command(lobby::Actor::Server, lobby::Command::Abort)
                .await
                .unwrap();
            let admin = login(&world.s, ADMIN, ADMIN_PASSWORD).await;
            let (_, member) = world.s.player().await;
            post(
                &world.s,
                &member,
                "/api/account/claim",
                json!({"username": "member", "password": MEMBER_PASSWORD}),
            )
            .await;
            let (banned_who, banned) = world.s.player().await;
            post(
                &world.s,
                &admin.1,
                &format!("/api/admin/players/{}/ban", banned_who.id),
                json!({"reason": "test"}),
            )
            .await;
            world.admin = Some(admin);
            world.member = Some(member);
            world.banned = Some(banned);
            world.corrupt = corrupt_game(&world.s, host.id).await;
        }
        if on == On::Tight {
            // This room spends the address's one room a minute (`room_rate_limited` is
            // refused at once), and the address's one socket is held open.
            let (_, token) = world.s.player().await;
            let (_, room) = world.s.create_room(&token, json!({"game": "queah"})).await;
            world.room = room["id"].as_str().unwrap().to_string();
            let held = world.s.ws(&world.room, Some(&token), None).await;
            world._held.push(held);
        }
        match on {
            On::Stopping => world.s.state.rooms.shutdown().await,
            On::NoDatabase => world.s.state.store.close().await,
            _ => {}
        }
        world
    }

    fn path(&self, path: &str) -> String {
        let admin = self
            .admin
            .as_ref()
            .map(|a| a.0.to_string())
            .unwrap_or_default();
        path.replace("{room}", &self.room)
            .replace("{private}", &self.private)
            .replace("{over}", &self.over)
            .replace("{corrupt}", &self.corrupt.to_string())
            .replace("{admin}", &admin)
            .replace("{nobody}", &Uuid::new_v4().to_string())
    }

    async fn token(&self, who: Who) -> Option<String> {
        match who {
            Who::Nobody => None,
            Who::Guest => Some(self.s.player().await.1),
            Who::Member => self.member.clone(),
            Who::Admin => self.admin.as_ref().map(|a| a.1.clone()),
            Who::Banned => self.banned.clone(),
        }
    }

    /// Sends `c` (its last time) and returns the status and the body's `error.code`.
    async fn send(&self, c: &Case) -> (u16, String, Value) {
        let token = self.token(c.who).await;
        let client = reqwest::Client::new();
        let mut last = None;
        for _ in 0..c.times {
            let method = reqwest::Method::from_bytes(c.method.as_bytes()).unwrap();
            let mut req = client.request(method, self.s.url(&self.path(c.path)));
            if let Some(t) = &token {
                req = req.bearer_auth(t);
            }
            if c.http10 {
                req = req.version(reqwest::Version::HTTP_10);
            }
            if let Some(headers) = c.upgrade {
                req = req
                    .header("connection", "upgrade")
                    .header("upgrade", "websocket")
                    .header("sec-websocket-version", "13")
                    .header("sec-websocket-key", "dGhlIHNhbXBsZSBub25jZQ==");
                for (k, v) in headers {
                    req = req.header(*k, *v);
                }
            }
            req = match &c.body {
                Body::None => req,
                Body::Json(v) => req.json(v),
                Body::Raw(t, b) => req.header("content-type", *t).body(b.clone()),
            };
            last = Some(req.send().await.unwrap());
        }
        let r = last.unwrap();
        let status = r.status().as_u16();
        let body: Value = r.json().await.unwrap_or(Value::Null);
        let code = body["error"]["code"].as_str().unwrap_or("").to_string();
        (status, code, body)
    }
}

/// A finished game whose stored move cannot be exported (a brace in its notation).
async fn corrupt_game(s: &Server, player: Uuid) -> Uuid {
    use rules::{AnyOptions, AnyPosition, Variant};
    use server::store::{GameFinish, GameRow, MoveRow, Write};
    let id = Uuid::new_v4();
    let start = AnyPosition::new(Variant::Queah, &AnyOptions::default_for(Variant::Queah))
        .unwrap()
        .position_string();
    let writes = vec![
        Write::StartGame(GameRow {
            id,
            variant: "queah".into(),
            options: "{}".into(),
            start_position: start,
            seats: json!({"white": {"player": player, "name": "W", "bot": null}}).to_string(),
            players: vec![("white".into(), player)],
            result: None,
            reason: None,
            winners: None,
            started_at: 1_000,
            finished_at: None,
        }),
        Write::Move(MoveRow {
            game_id: id,
            ply: 0,
            seat: "white".into(),
            notation: "c3{d4".into(),
            clock_ms: None,
            at: 1_001,
        }),
        Write::FinishGame(GameFinish {
            id,
            result: json!({"winners": [], "reason": "agreement"}).to_string(),
            reason: "agreement".into(),
            winners: String::new(),
            verdicts: Vec::new(),
            finished_at: 2_000,
            rating: None,
        }),
    ];
    s.state.store.commit(&writes).await.unwrap();
    id
}

/// HTTP codes no test can provoke through the API, with the reason.
const HTTP_UNPROVOKABLE: &[(&str, &str)] = &[(
    "timeout",
    "a body that stops arriving needs a raw socket that HTTP clients do not give: \
         slow_clients.rs (a_slow_body_is_answered_408) provokes it",
)];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_documented_http_error_code_is_provoked() {
    let cases = http_cases();
    let mut worlds: Vec<(On, World)> = Vec::new();
    let mut failures = Vec::new();
    let mut provoked = BTreeSet::new();
    for c in &cases {
        if !worlds.iter().any(|(on, _)| *on == c.on) {
            worlds.push((c.on, World::new(c.on).await));
        }
        let world = &worlds.iter().find(|(on, _)| *on == c.on).unwrap().1;
        let (status, code, body) = world.send(c).await;
        if (status, code.as_str()) == (c.status, c.code) {
            provoked.insert((status, code));
        } else {
            failures.push(format!(
                "{:?} {} {}: want {} {}, got {status} {body}",
                c.on, c.method, c.path, c.status, c.code
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let documented = documented_http();
    let missing: Vec<_> = documented
        .iter()
        .filter(|(_, c)| !HTTP_UNPROVOKABLE.iter().any(|(u, _)| u == c))
        .filter(|d| !provoked.contains(*d))
        .collect();
    assert!(
        missing.is_empty(),
        "documented, never provoked: {missing:?}"
    );
    let undocumented: Vec<_> = provoked.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "provoked, not documented: {undocumented:?}"
    );
}

// ---------------------------------------------------------------------------------------
// Socket error codes

/// The room a socket case starts from.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Scene {
    /// Queah, waiting: the host seated White; `Guest` and `Other` connected, unseated.
    Waiting,
    /// Stockholm, started: host White, guest Black; White to move.
    Playing,
    /// [`Scene::Playing`], then Black resigned.
    Finished,
    /// Neva for three: the host and two random bots; the host resigned, the bots play on.
    NevaHostOut,
}

/// Who sends.
#[derive(Copy, Clone, Debug)]
enum Sender {
    Host,
    Guest,
    /// A player with a token who is not seated.
    Other,
    /// A socket without a token.
    Anon,
}

/// What is sent, after the case's preparation.
#[derive(Clone, Debug)]
enum Msg {
    Command(Sender, &'static str, Value),
    /// Text that is no envelope.
    Raw(Sender, String),
}

/// A step before the case: a command that must be acknowledged, or the sender's first legal
/// move once it is its turn.
#[derive(Clone, Debug)]
enum Prep {
    Act(Sender, &'static str, Value),
    Play(Sender),
    /// Both seats ask for a rematch and the new room is made.
    Rematch,
}

struct SocketCase {
    scene: Scene,
    limits: fn(&mut server::config::Limits),
    prep: Vec<Prep>,
    send: Msg,
    code: &'static str,
}

fn on(scene: Scene, send: Msg, code: &'static str) -> SocketCase {
    SocketCase {
        scene,
        limits: |_| {},
        prep: Vec::new(),
        send,
        code,
    }
}

impl SocketCase {
    fn after(mut self, prep: Vec<Prep>) -> SocketCase {
        self.prep = prep;
        self
    }
    fn limits(mut self, tune: fn(&mut server::config::Limits)) -> SocketCase {
        self.limits = tune;
        self
    }
}

fn socket_cases() -> Vec<SocketCase> {
    use Msg::{Command as C, Raw};
    use Prep::{Act, Play};
    use Scene::*;
    use Sender::*;
    let none = json!({});
    vec![
        on(Waiting, Raw(Host, "{not json".into()), "bad_json"),
        on(Waiting, C(Host, "teleport", none.clone()), "unknown_type"),
        on(
            Waiting,
            C(Host, "take_seat", json!({"seat": 7})),
            "bad_message",
        ),
        on(
            Waiting,
            Raw(
                Host,
                json!({"type": "ping", "id": 1, "data": {"pad": "x".repeat(5000)}}).to_string(),
            ),
            "too_large",
        ),
        on(
            Waiting,
            C(Host, "sync", json!({"since": 0})),
            "rate_limited",
        )
        .limits(|l| {
            l.messages_per_second = 1;
            l.message_burst = 1;
        })
        .after(vec![Act(Host, "sync", json!({"since": 0}))]),
        on(
            Waiting,
            C(Guest, "take_seat", json!({"seat": "white"})),
            "seat_taken",
        ),
        on(
            Waiting,
            C(Host, "take_seat", json!({"seat": "black"})),
            "already_seated",
        ),
        on(
            Waiting,
            C(Guest, "take_seat", json!({"seat": "red"})),
            "no_such_seat",
        ),
        on(Waiting, C(Other, "take_seat", none.clone()), "room_full").after(vec![Act(
            Guest,
            "take_seat",
            json!({"seat": "black"}),
        )]),
        on(
            Waiting,
            C(Guest, "set_bot", json!({"seat": "black"})),
            "not_host",
        ),
        on(
            Waiting,
            C(Host, "remove_bot", json!({"seat": "black"})),
            "no_bot",
        ),
        on(
            Waiting,
            C(
                Host,
                "set_bot",
                json!({"seat": "black", "bot": {"kind": "oracle", "level": 1}}),
            ),
            "unknown_bot",
        ),
        on(
            Waiting,
            C(Host, "start", none.clone()),
            "not_all_seats_taken",
        ),
        on(
            Waiting,
            C(Anon, "take_seat", none.clone()),
            "not_a_participant",
        ),
        on(
            Playing,
            C(Guest, "move", json!({"move": "f6-e5"})),
            "not_your_turn",
        ),
        on(
            Playing,
            C(Host, "move", json!({"move": "c3-c4"})),
            "illegal_move",
        ),
        on(Playing, C(Other, "resign", none.clone()), "not_seated"),
        on(
            Playing,
            C(Host, "take_seat", json!({"seat": "black"})),
            "wrong_state",
        ),
        on(
            Playing,
            C(Host, "accept_draw", none.clone()),
            "no_draw_offer",
        ),
        on(
            Playing,
            C(Host, "offer_draw", none.clone()),
            "draw_already_offered",
        )
        .after(vec![Act(Host, "offer_draw", none.clone())]),
        on(Playing, C(Host, "abort", none.clone()), "too_late_to_abort")
            .after(vec![Play(Host), Play(Guest)]),
        on(
            Playing,
            C(Host, "claim_victory", none.clone()),
            "claim_not_open",
        ),
        on(
            Finished,
            C(Host, "rematch", none.clone()),
            "rematch_already_asked",
        )
        .after(vec![Act(Host, "rematch", none.clone())]),
        on(
            Finished,
            C(Host, "rematch", none.clone()),
            "rematch_created",
        )
        .after(vec![Prep::Rematch]),
        on(NevaHostOut, C(Host, "resign", none.clone()), "seat_out"),
        on(
            Finished,
            C(Guest, "decline_rematch", none.clone()),
            "no_rematch_request",
        ),
        on(
            Waiting,
            C(Host, "chat", json!({"channel": "players", "text": " "})),
            "chat_empty",
        ),
        on(
            Waiting,
            C(
                Host,
                "chat",
                json!({"channel": "players", "text": "x".repeat(141)}),
            ),
            "chat_too_long",
        ),
        on(
            Waiting,
            C(Other, "chat", json!({"channel": "players", "text": "hi"})),
            "chat_not_allowed",
        ),
        on(
            Waiting,
            C(Host, "chat", json!({"channel": "players", "text": "6"})),
            "chat_too_fast",
        )
        .after(
            (1..=5)
                .map(|i| {
                    Act(
                        Host,
                        "chat",
                        json!({"channel": "players", "text": i.to_string()}),
                    )
                })
                .collect(),
        ),
    ]
}

/// Socket codes no client can provoke, with the reason.
const SOCKET_UNPROVOKABLE: &[(&str, &str)] = &[
    (
        "server_only",
        "only for the server's own commands (tick, resume), which no client message becomes",
    ),
    (
        "not_a_bot",
        "only for a command made by a bot seat's task; a client acts as a player",
    ),
    (
        "invalid_options",
        "options are checked when the room is made (HTTP 400); a made room's options start",
    ),
    (
        "invalid_config",
        "the clock and visibility are checked when the room is made; a valid start position \
         always has a seat to move",
    ),
    (
        "room_closed",
        "answers a socket whose room's task has ended; the task ends only at shutdown, which \
         closes the room's sockets first, or 10 minutes (a constant) after a finished room's \
         last socket left, when no socket is left to ask; the server's unit test \
         rooms::messages::tests::a_command_to_an_ended_room_is_answered_room_closed provokes \
         it at the room's handle, which every socket speaks through",
    ),
    (
        "no_such_chat",
        "only for the server's own `DeleteChat`: the admin API deletes a line the room does \
         not keep in the store instead, and answers 404 for a line that exists nowhere",
    ),
    (
        "invalid_name",
        "only for the server's own `Rename`: names are checked by the HTTP API (400 \
         `bad_name`) before a rename reaches a room",
    ),
    (
        "room_moved",
        "only between nodes on one Postgres, when the owner gives a room up while a command \
         forwarded to it is on its way (the inbox's own test reads such an answer back); \
         this file's server is one node, which forwards nothing",
    ),
    (
        "first_seat_not_allowed",
        "`start` takes no first seat: the server draws it among the seats that may start",
    ),
];

/// The codes provoked by the special cases below (capacity and failure).
const SOCKET_SPECIAL: &[&str] = &[
    "overloaded",
    "store_failed",
    "muted",
    "rated_needs_account",
    "abort_not_allowed",
];

struct Scenery {
    s: Server,
    room: String,
    host: Client,
    guest: Client,
    other: Client,
    anon: Client,
}

impl Scenery {
    fn socket(&mut self, who: Sender) -> &mut Client {
        match who {
            Sender::Host => &mut self.host,
            Sender::Guest => &mut self.guest,
            Sender::Other => &mut self.other,
            Sender::Anon => &mut self.anon,
        }
    }
}

async fn snapshot(c: &mut Client) {
    c.until("snapshot", |v| v["type"] == "snapshot").await;
}

async fn scenery(scene: Scene, limits: fn(&mut server::config::Limits)) -> Scenery {
    let s = Server::setup()
        .limits(|l| {
            l.identities_per_address_per_minute = 0;
            l.rooms_per_address_per_minute = 0;
            l.sockets_per_address = 0;
            limits(l);
        })
        .start()
        .await;
    let (game, body) = match scene {
        Scene::Waiting => ("queah", json!({"game": "queah", "seat": "white"})),
        Scene::Playing | Scene::Finished => {
            ("stockholm", json!({"game": "stockholm", "seat": "white"}))
        }
        Scene::NevaHostOut => (
            "neva",
            json!({"game": "neva", "seat": "white", "options": {"seats": "3"}}),
        ),
    };
    let (_, host_token) = s.player().await;
    let (_, guest_token) = s.player().await;
    let (_, other_token) = s.player().await;
    let (status, created) = s.create_room(&host_token, body).await;
    assert_eq!(status, 200, "{game}: {created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut host = s.ws(&id, Some(&host_token), None).await;
    let mut guest = s.ws(&id, Some(&guest_token), None).await;
    let mut other = s.ws(&id, Some(&other_token), None).await;
    let mut anon = s.ws(&id, None, None).await;
    for c in [&mut host, &mut guest, &mut other, &mut anon] {
        snapshot(c).await;
    }
    match scene {
        Scene::Waiting => {}
        Scene::Playing | Scene::Finished => {
            guest.act("take_seat", json!({"seat": "black"})).await;
            host.act("start", json!({})).await;
            if scene == Scene::Finished {
                guest.act("resign", json!({})).await;
                host.event("finished").await;
            }
        }
        Scene::NevaHostOut => {
            let seats = created["seats"]
                .as_object()
                .map(|o| o.keys().cloned().collect::<Vec<_>>())
                .unwrap_or_default();
            let free: Vec<&str> = ["red", "green", "black"]
                .into_iter()
                .filter(|k| seats.is_empty() || seats.iter().any(|s| s == k))
                .collect();
            let mut added = 0;
            for seat in free {
                let id = host
                    .send(
                        "set_bot",
                        json!({"seat": seat, "bot": {"kind": "random", "level": 1}}),
                    )
                    .await;
                let reply = host
                    .until("reply", |v| {
                        v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error")
                    })
                    .await;
                if reply["type"] == "ack" {
                    added += 1;
                }
            }
            assert_eq!(added, 2, "two bots join the host in a three-seat Neva");
            host.act("start", json!({})).await;
            host.act("resign", json!({})).await;
        }
    }
    Scenery {
        s,
        room: id,
        host,
        guest,
        other,
        anon,
    }
}

/// The sender's first legal move, once it is its turn.
async fn play(c: &mut Client) {
    let turn = c.event("your_turn").await;
    let text = turn["data"]["legal_moves"][0]["text"].clone();
    c.act("move", json!({ "move": text })).await;
}

/// The error code answering the next message (the one with `id`, or any without one).
async fn error_reply(c: &mut Client, id: Option<u64>) -> Value {
    c.until("the reply", |v| match id {
        Some(id) => v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error"),
        None => v["type"] == "error",
    })
    .await
}

async fn provoke(case: &SocketCase) -> Value {
    let mut sc = scenery(case.scene, case.limits).await;
    for p in &case.prep {
        match p {
            Prep::Act(who, kind, data) => {
                sc.socket(*who).act(kind, data.clone()).await;
            }
            Prep::Play(who) => play(sc.socket(*who)).await,
            Prep::Rematch => {
                let Scenery { host, guest, .. } = &mut sc;
                host.rematch(guest).await;
            }
        }
    }
    match &case.send {
        Msg::Command(who, kind, data) => {
            let c = sc.socket(*who);
            let id = c.send(kind, data.clone()).await;
            error_reply(c, Some(id)).await
        }
        Msg::Raw(who, text) => {
            let c = sc.socket(*who);
            c.send_raw(text.clone()).await;
            error_reply(c, None).await
        }
    }
}

/// The socket codes of capacity and failure, each on a server of its own.
async fn provoke_special(code: &str) -> Value {
    match code {
        "overloaded" => {
            // The store's queue takes one write and the store is paused: of two rooms'
            // moves, one is queued and the other refused.
            let s = Server::with_limits(|l| l.store_queue = 1).await;
            let (_, mut w1, _b1) = s.two_seat_game("stockholm").await;
            let (_, mut w2, _b2) = s.two_seat_game("stockholm").await;
            let t1 = w1.event("your_turn").await["data"]["legal_moves"][0]["text"].clone();
            let t2 = w2.event("your_turn").await["data"]["legal_moves"][0]["text"].clone();
            let paused = s.state.writer.pause();
            let id1 = w1.send("move", json!({ "move": t1 })).await;
            let id2 = w2.send("move", json!({ "move": t2 })).await;
            let refused = tokio::select! {
                r = error_reply(&mut w1, Some(id1)) => r,
                r = error_reply(&mut w2, Some(id2)) => r,
            };
            drop(paused);
            refused
        }
        "store_failed" => {
            // The database goes away under a game: the move cannot be stored.
            let mut sc = scenery(Scene::Playing, |_| {}).await;
            let turn = sc.host.event("your_turn").await;
            let text = turn["data"]["legal_moves"][0]["text"].clone();
            sc.s.state.store.close().await;
            let id = sc.host.send("move", json!({ "move": text })).await;
            error_reply(&mut sc.host, Some(id)).await
        }
        "muted" => {
            // An admin's server-wide mute (the store's flag, as the admin API sets it).
            let sc = scenery(Scene::Waiting, |_| {}).await;
            let (_, token) = sc.s.player().await;
            let (_, me) = sc.s.get("/api/me", Some(&token)).await;
            let id = Uuid::parse_str(me["id"].as_str().unwrap()).unwrap();
            sc.s.state.store.set_muted(id, Some(1)).await.unwrap();
            let mut c = sc.s.ws(&sc.room, Some(&token), None).await;
            snapshot(&mut c).await;
            let id = c
                .send("chat", json!({"channel": "spectators", "text": "hi"}))
                .await;
            error_reply(&mut c, Some(id)).await
        }
        "rated_needs_account" => {
            // A guest asks for a seat in a rated room (made by an account, with a clock).
            let sc = scenery(Scene::Waiting, |_| {}).await;
            let (_, member) = sc.s.player().await;
            let claimed = reqwest::Client::new()
                .post(sc.s.url("/api/account/claim"))
                .bearer_auth(&member)
                .json(&json!({"username": "rater", "password": MEMBER_PASSWORD}))
                .send()
                .await
                .unwrap();
            assert_eq!(claimed.status().as_u16(), 200);
            let body = json!({"game": "queah", "rated": true,
                              "time_control": {"kind": "per_move", "limit_ms": 60000}});
            let (status, room) = sc.s.create_room(&member, body).await;
            assert_eq!(status, 200, "{room}");
            let (_, guest) = sc.s.player().await;
            let mut c =
                sc.s.ws(room["id"].as_str().unwrap(), Some(&guest), None)
                    .await;
            snapshot(&mut c).await;
            let id = c.send("take_seat", json!({})).await;
            error_reply(&mut c, Some(id)).await
        }
        "abort_not_allowed" => {
            // A player of a tournament's room asks to abort it: only the server may.
            use crate::tournaments as t;
            let s = t::server("sqlite::memory:").await;
            let admin = t::admin_token(&s).await;
            let (_, ann) = t::account(&s, "ann").await;
            let (_, bob) = t::account(&s, "bob").await;
            let body = json!({"name": "Cup", "game": "giveandtake",
                "format": {"kind": "swiss", "rounds": 1},
                "time_control": {"kind": "fischer", "base_ms": 600000, "increment_ms": 0},
                "starts_at": t::now_ms() + 500, "no_show_secs": 600});
            let (status, created) = t::post(&s, "/api/tournaments", &admin, body).await;
            assert_eq!(status, 200, "{created}");
            let id = created["id"].as_str().unwrap().to_string();
            for token in [&ann, &bob] {
                let path = format!("/api/tournaments/{id}/join");
                assert_eq!(t::post(&s, &path, token, json!({})).await.0, 200);
            }
            let paired = t::until(&s, &id, "round 1 paired", |v| t::tables(v, 1).len() == 1).await;
            let room = t::tables(&paired, 1)[0]["room_id"]
                .as_str()
                .unwrap()
                .to_string();
            t::opened(&s, &room).await;
            let mut c = s.ws(&room, Some(&ann), None).await;
            snapshot(&mut c).await;
            let id = c.send("abort", json!({})).await;
            error_reply(&mut c, Some(id)).await
        }
        other => panic!("no special case for {other}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_documented_socket_error_code_is_provoked() {
    let mut failures = Vec::new();
    let mut provoked = BTreeSet::new();
    for case in socket_cases() {
        let reply = within(case.code, provoke(&case)).await;
        let code = reply["data"]["code"].as_str().unwrap_or("").to_string();
        if reply["type"] == "error" && code == case.code {
            provoked.insert(code);
        } else {
            failures.push(format!(
                "{:?} {:?}: want {}, got {reply}",
                case.scene, case.send, case.code
            ));
        }
    }
    for code in SOCKET_SPECIAL {
        let reply = within(code, provoke_special(code)).await;
        if reply["type"] == "error" && reply["data"]["code"] == *code {
            provoked.insert((*code).to_string());
        } else {
            failures.push(format!("{code}: got {reply}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let documented = documented_socket();
    let missing: Vec<_> = documented
        .iter()
        .filter(|c| !SOCKET_UNPROVOKABLE.iter().any(|(u, _)| u == c))
        .filter(|c| !provoked.contains(*c))
        .collect();
    assert!(
        missing.is_empty(),
        "documented, never provoked: {missing:?}"
    );
    let undocumented: Vec<_> = provoked.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "provoked, not documented: {undocumented:?}"
    );
    for (code, _) in SOCKET_UNPROVOKABLE {
        assert!(documented.contains(*code), "{code} is no longer documented");
    }
}

// ---------------------------------------------------------------------------------------
// Close codes

/// The close frame ending `c`'s socket: code and reason.
async fn close_of(c: &mut Client) -> (u16, String) {
    loop {
        match within("the close frame", c.ws.next()).await {
            Some(Ok(Message::Close(Some(f)))) => return (u16::from(f.code), f.reason.to_string()),
            Some(Ok(_)) => {}
            other => panic!("the socket ended without a close frame: {other:?}"),
        }
    }
}

/// How each documented close is provoked; (code, reason) as the docs name them.
async fn provoke_close(code: u16, reason: &str) -> (u16, String) {
    use futures_util::SinkExt;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
    use tokio_tungstenite::tungstenite::protocol::CloseFrame;
    match (code, reason) {
        (1000, _) => {
            let mut sc = scenery(Scene::Waiting, |_| {}).await;
            sc.guest
                .ws
                .send(Message::Close(Some(CloseFrame {
                    code: CloseCode::Normal,
                    reason: "bye".into(),
                })))
                .await
                .unwrap();
            close_of(&mut sc.guest).await
        }
        (1002, _) => {
            use tokio::io::AsyncWriteExt;
            let mut sc = scenery(Scene::Waiting, |_| {}).await;
            let tokio_tungstenite::MaybeTlsStream::Plain(tcp) = sc.guest.ws.get_mut() else {
                panic!("plain TCP expected");
            };
            // An unmasked frame from a client breaks RFC 6455 5.1.
            tcp.write_all(&[0x81, 0x02, b'h', b'i']).await.unwrap();
            close_of(&mut sc.guest).await
        }
        (1008, "rate limit") => {
            let mut sc = scenery(Scene::Waiting, |l| {
                l.messages_per_second = 1;
                l.message_burst = 1;
            })
            .await;
            for id in 0..300u64 {
                let m = json!({"type": "sync", "id": id, "data": {"since": 0}}).to_string();
                if sc.guest.ws.send(Message::Text(m.into())).await.is_err() {
                    break;
                }
            }
            close_of(&mut sc.guest).await
        }
        (1009, _) => {
            let mut sc = scenery(Scene::Waiting, |l| l.max_message_bytes = 1024).await;
            sc.guest.send_raw("x".repeat(4096)).await;
            close_of(&mut sc.guest).await
        }
        (1012, _) => {
            let mut sc = scenery(Scene::Waiting, |_| {}).await;
            sc.s.state.rooms.shutdown().await;
            sc.guest
                .until("restarting", |v| v["type"] == "restarting")
                .await;
            close_of(&mut sc.guest).await
        }
        (4001, _) => {
            let s = Server::memory().await;
            let (_, token) = s.player().await;
            post(
                &s,
                &token,
                "/api/account/claim",
                json!({"username": "leaver", "password": MEMBER_PASSWORD}),
            )
            .await;
            let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
            let mut c = s.ws(room["id"].as_str().unwrap(), Some(&token), None).await;
            snapshot(&mut c).await;
            post(&s, &token, "/api/account/logout", json!({})).await;
            close_of(&mut c).await
        }
        (4002, _) => {
            let mut sc = scenery(Scene::Waiting, |l| {
                l.socket_idle = Some(std::time::Duration::from_secs(1));
            })
            .await;
            close_of(&mut sc.guest).await
        }
        (4003, _) => {
            let s = Server::setup()
                .config(|c| c.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into())))
                .start()
                .await;
            let (_, admin) = login(&s, ADMIN, ADMIN_PASSWORD).await;
            let (who, token) = s.player().await;
            let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
            let mut c = s.ws(room["id"].as_str().unwrap(), Some(&token), None).await;
            snapshot(&mut c).await;
            post(
                &s,
                &admin,
                &format!("/api/admin/players/{}/ban", who.id),
                json!({}),
            )
            .await;
            close_of(&mut c).await
        }
        other => panic!("no way to provoke close {other:?}"),
    }
}

/// Close codes provoked by a test of their own instead of here (each takes a setup of its
/// own or a minute), with the test.
const CLOSE_UNPROVOKED: &[(u16, &str, &str)] = &[
    (
        1001,
        "",
        "close_frames::a_silent_client_gets_close_1001: a socket silent for 60 s (a constant \
         of the server, not a setting)",
    ),
    (
        1008,
        "too slow",
        "slow_clients::a_client_that_keeps_falling_behind_is_closed_1008_too_slow: a reader \
         that falls behind the room four times, with a small ring and send buffer",
    ),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_documented_close_code_is_provoked() {
    let documented = documented_close();
    let mut failures = Vec::new();
    for (code, reason) in &documented {
        if CLOSE_UNPROVOKED
            .iter()
            .any(|(c, r, _)| c == code && r == reason)
        {
            continue;
        }
        let (got, got_reason) = within("the close", provoke_close(*code, reason)).await;
        if got != *code || (!reason.is_empty() && got_reason != *reason) {
            failures.push(format!("{code} {reason:?}: got {got} {got_reason:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for (code, reason, _) in CLOSE_UNPROVOKED {
        assert!(
            documented.contains(&(*code, (*reason).to_string())),
            "{code} {reason} is no longer documented"
        );
    }
}

#[test]
fn the_docs_lists_parse() {
    let http = documented_http();
    assert!(http.contains(&(503, "overloaded".to_string())), "{http:?}");
    assert!(http.contains(&(409, "self_ban".to_string())), "{http:?}");
    let socket = documented_socket();
    assert!(
        socket.contains("not_a_bot") && socket.contains("bad_json"),
        "{socket:?}"
    );
    assert!(!socket.iter().any(|c| c.starts_with('-')));
    let close = documented_close();
    assert!(close.contains(&(1008, "too slow".to_string())), "{close:?}");
    assert!(close.contains(&(4003, "banned".to_string())), "{close:?}");
    assert!(close.contains(&(1012, String::new())), "{close:?}");
}

// ---------------------------------------------------------------------------------------
// The code tables against the docs

/// `docs/protocol.md` lists exactly the socket codes of the server's two tables (the room's
/// `lobby::ErrorCode` and the server's `wire::SocketCode`): a code added to a table without
/// its line in the docs, or a documented code no table has, fails here.
#[test]
fn the_socket_code_tables_are_the_documented_codes() {
    let documented = documented_socket();
    let table: BTreeSet<String> = server::wire::error_codes().map(String::from).collect();
    let undocumented: Vec<_> = table.difference(&documented).collect();
    assert!(
        undocumented.is_empty(),
        "not in protocol.md: {undocumented:?}"
    );
    let unknown: Vec<_> = documented.difference(&table).collect();
    assert!(
        unknown.is_empty(),
        "in protocol.md, in no table: {unknown:?}"
    );
}

/// Every code a room can refuse with, or the server can answer a socket command with, is
/// read back as itself from another node's answer, and one this node does not know as
/// `store_failed` (which clients retry).
#[test]
fn every_socket_code_round_trips_between_nodes() {
    use server::rooms::CommandError;
    for code in server::wire::error_codes() {
        let back = CommandError::remote(code, "words".into(), None);
        assert_eq!(back.code(), code);
        assert_eq!(back.to_string(), "words");
    }
    let back = CommandError::remote("from_the_future", "?".into(), None);
    assert_eq!(back.code(), "store_failed");
}

/// `docs/api.md`'s error table has every code of the HTTP table (`error::HttpCode`), and
/// every code it lists is one the server gives: the table's, a room's refusal
/// (`lobby::ErrorCode`), or an endpoint's own, provoked by
/// [`every_documented_http_error_code_is_provoked`] or listed as unprovokable there.
#[test]
fn the_http_code_table_is_documented() {
    use server::error::HttpCode;
    let documented: BTreeSet<String> = documented_http().into_iter().map(|(_, c)| c).collect();
    let missing: Vec<_> = HttpCode::ALL
        .iter()
        .filter(|c| !documented.contains(c.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "not in api.md's error table: {missing:?}"
    );
    let endpoints: BTreeSet<&str> = http_cases()
        .iter()
        .map(|c| c.code)
        .chain(HTTP_UNPROVOKABLE.iter().map(|(c, _)| *c))
        .collect();
    let unknown: Vec<_> = documented
        .iter()
        .filter(|c| HttpCode::parse(c).is_none() && lobby::ErrorCode::parse(c).is_none())
        .filter(|c| !endpoints.contains(c.as_str()))
        .collect();
    assert!(
        unknown.is_empty(),
        "in api.md, given by nothing: {unknown:?}"
    );
}
