//! Every documented socket error code, provoked over real sockets.

use super::*;

// ---------------------------------------------------------------------------------------
// Socket error codes

/// The room a socket case starts from.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) enum Scene {
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
pub(super) enum Sender {
    Host,
    Guest,
    /// A player with a token who is not seated.
    Other,
    /// A socket without a token.
    Anon,
}

/// What is sent, after the case's preparation.
#[derive(Clone, Debug)]
pub(super) enum Msg {
    Command(Sender, &'static str, Value),
    /// Text that is no envelope.
    Raw(Sender, String),
}

/// A step before the case: a command that must be acknowledged, or the sender's first legal
/// move once it is its turn.
#[derive(Clone, Debug)]
pub(super) enum Prep {
    Act(Sender, &'static str, Value),
    Play(Sender),
    /// Both seats ask for a rematch and the new room is made.
    Rematch,
}

pub(super) struct SocketCase {
    pub(super) scene: Scene,
    pub(super) limits: fn(&mut server::config::Limits),
    pub(super) prep: Vec<Prep>,
    pub(super) send: Msg,
    pub(super) code: &'static str,
}

pub(super) fn on(scene: Scene, send: Msg, code: &'static str) -> SocketCase {
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

pub(super) fn socket_cases() -> Vec<SocketCase> {
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
            Playing,
            C(Host, "ask_takeback", none.clone()),
            "nothing_to_take_back",
        ),
        on(
            Playing,
            C(Host, "ask_takeback", none.clone()),
            "takeback_already_asked",
        )
        .after(vec![Play(Host), Act(Host, "ask_takeback", none.clone())]),
        on(
            Playing,
            C(Guest, "accept_takeback", none.clone()),
            "no_takeback_request",
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
pub(super) const SOCKET_UNPROVOKABLE: &[(&str, &str)] = &[
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
pub(super) const SOCKET_SPECIAL: &[&str] = &[
    "overloaded",
    "store_failed",
    "muted",
    "rated_needs_account",
    "abort_not_allowed",
    "takeback_not_allowed",
];

pub(super) struct Scenery {
    pub(super) s: Server,
    pub(super) room: String,
    pub(super) host: Client,
    pub(super) guest: Client,
    pub(super) other: Client,
    pub(super) anon: Client,
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

pub(super) async fn snapshot(c: &mut Client) {
    c.until("snapshot", |v| v["type"] == "snapshot").await;
}

pub(super) async fn scenery(scene: Scene, limits: fn(&mut server::config::Limits)) -> Scenery {
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
                crate::common::both_move(game, &mut host, &mut guest).await;
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
            // The game counts once every seat has moved (a resignation before aborts it):
            // the host plays its turns until then.
            let mut moved = std::collections::BTreeSet::new();
            while moved.len() < 3 {
                let v = host
                    .until("a move, or the host's turn", |v| {
                        v["type"] == "event"
                            && (v["data"]["type"] == "moved" || v["data"]["type"] == "your_turn")
                    })
                    .await;
                if v["data"]["type"] == "moved" {
                    moved.insert(v["data"]["seat"].as_str().unwrap_or("").to_string());
                } else {
                    let text = v["data"]["legal_moves"][0]["text"].clone();
                    host.act("move", json!({ "move": text })).await;
                }
            }
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
pub(super) async fn play(c: &mut Client) {
    let turn = c.event("your_turn").await;
    let text = turn["data"]["legal_moves"][0]["text"].clone();
    c.act("move", json!({ "move": text })).await;
}

/// The error code answering the next message (the one with `id`, or any without one).
pub(super) async fn error_reply(c: &mut Client, id: Option<u64>) -> Value {
    c.until("the reply", |v| match id {
        Some(id) => v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error"),
        None => v["type"] == "error",
    })
    .await
}

pub(super) async fn provoke(case: &SocketCase) -> Value {
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
pub(super) async fn provoke_special(code: &str) -> Value {
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
            let (_s, mut c) = tournament_room().await;
            let id = c.send("abort", json!({})).await;
            error_reply(&mut c, Some(id)).await
        }
        "takeback_not_allowed" => {
            // Tournament games, like rated ones, take nothing back.
            let (_s, mut c) = tournament_room().await;
            let id = c.send("ask_takeback", json!({})).await;
            error_reply(&mut c, Some(id)).await
        }
        other => panic!("no special case for {other}"),
    }
}

/// A tournament's first game, started, and a socket of its White player in it.
async fn tournament_room() -> (Server, Client) {
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
    (s, c)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
pub(super) async fn every_documented_socket_error_code_is_provoked() {
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
