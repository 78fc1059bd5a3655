//! Every documented HTTP error code, provoked over the API.

use super::*;

// ---------------------------------------------------------------------------------------
// HTTP

/// The servers the HTTP cases run on.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum On {
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
pub(super) enum Who {
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
pub(super) enum Body {
    None,
    Json(Value),
    /// Raw bytes with this content type.
    Raw(&'static str, Vec<u8>),
}

pub(super) struct Case {
    pub(super) on: On,
    pub(super) who: Who,
    pub(super) method: &'static str,
    /// `{room}`: a public room; `{private}`: a private room; `{over}`: an aborted room;
    /// `{corrupt}`: a stored game that does not replay; `{admin}`: the admin's player id;
    /// `{nobody}`: a random id.
    pub(super) path: &'static str,
    pub(super) body: Body,
    /// A WebSocket upgrade (with these extra headers).
    pub(super) upgrade: Option<&'static [(&'static str, &'static str)]>,
    /// Sent this many times; the last answer is checked.
    pub(super) times: usize,
    /// Sent as HTTP/1.0.
    http10: bool,
    pub(super) status: u16,
    pub(super) code: &'static str,
}

pub(super) fn case(on: On, who: Who, method: &'static str, path: &'static str) -> Case {
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
pub(super) fn http_cases() -> Vec<Case> {
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
        case(Open, Guest, "PATCH", "/api/me")
            .json(json!({"language": "xx"}))
            .is(400, "unknown_language"),
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
        case(Open, Nobody, "GET", "/api/leaderboard/queah?limit=5").is(400, "unknown_parameter"),
        case(Open, Nobody, "GET", "/api/rooms?limt=5").is(400, "unknown_parameter"),
        case(Open, Nobody, "GET", "/api/games?lang=en").is(400, "unknown_parameter"),
        case(Open, Nobody, "GET", "/api/rooms?limit=5&limit=6").is(400, "bad_parameter"),
        case(Open, Nobody, "GET", "/api/rooms/%FF%FE").is(404, "not_found"),
        case(Open, Nobody, "GET", "/api/players/%C3").is(404, "not_found"),
        case(Open, Nobody, "GET", "/api/history/%FF").is(404, "not_found"),
        case(Open, Guest, "GET", "/api/pools/chess-1+0/seek").is(400, "unknown_pool"),
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
        case(Open, Member, "PUT", "/api/account/mail")
            .json(json!({"address": "not an address"}))
            .is(400, "bad_address"),
        case(Open, Member, "PUT", "/api/account/mail")
            .json(json!({"address": "member@checkers.test"}))
            .is(409, "mail_off"),
        case(
            Open,
            Nobody,
            "POST",
            "/api/mail/unsubscribe?token=nosuchtoken",
        )
        .is(400, "bad_mail_token"),
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
pub(super) struct World {
    pub(super) s: Server,
    pub(super) room: String,
    pub(super) private: String,
    pub(super) over: String,
    pub(super) corrupt: Uuid,
    pub(super) admin: Option<(Uuid, String)>,
    pub(super) member: Option<String>,
    pub(super) banned: Option<String>,
    /// Sockets held open for the cases.
    pub(super) _held: Vec<Client>,
}

pub(super) async fn login(s: &Server, user: &str, password: &str) -> (Uuid, String) {
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

pub(super) async fn post(s: &Server, token: &str, path: &str, body: Value) -> Value {
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
pub(super) async fn corrupt_game(s: &Server, player: Uuid) -> Uuid {
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
pub(super) const HTTP_UNPROVOKABLE: &[(&str, &str)] = &[
    (
        "timeout",
        "a body that stops arriving needs a raw socket that HTTP clients do not give: \
         slow_clients.rs (a_slow_body_is_answered_408) provokes it",
    ),
    (
        "mail_too_soon",
        "needs mail on, through an SMTP server these servers do not have: mail.rs \
         (the_address_the_digest_and_unsubscribe_*) provokes it",
    ),
    (
        "already_seeking",
        "needs the caller's first seek held open as a stream while the second is sent: \
         pools.rs (seeks_end_when_cancelled_or_closed) provokes it",
    ),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
pub(super) async fn every_documented_http_error_code_is_provoked() {
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
