//! Takebacks over real sockets, on SQLite and Postgres: asked, agreed, and the stored game
//! loses the moves taken back (its history and a server restarted on the same database
//! agree with what the players saw); refused in a rated game; against a bot, granted at once.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::{json, Value};

use crate::clubdb::{self, Backend, BACKENDS};
use crate::common::{self, Client, Server};
use crate::lifetime::account;

/// The notations of the game's stored moves, as `GET /api/history/{id}` gives them.
async fn stored(s: &Server, id: &str, token: &str) -> Vec<String> {
    let (status, game) = s.get(&format!("/api/history/{id}"), Some(token)).await;
    assert_eq!(status, 200, "{game}");
    game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["notation"].as_str().unwrap().to_string())
        .collect()
}

/// The room as the player with `token` sees it (`GET /api/rooms/{id}`).
async fn seen(s: &Server, id: &str, token: &str) -> Value {
    let (status, snap) = s.get(&format!("/api/rooms/{id}"), Some(token)).await;
    assert_eq!(status, 200, "{snap}");
    snap
}

/// The player with `token`, to move, plays its first legal move.
async fn play_first(s: &Server, id: &str, token: &str, c: &mut Client) -> String {
    let snap = seen(s, id, token).await;
    let mv = snap["legal_moves"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("not this player's turn: {snap}"))
        .to_string();
    c.act("move", json!({ "move": mv })).await;
    mv
}

/// Reads until a `takeback` event with this `action`.
async fn takeback(c: &mut Client, action: &str) -> Value {
    c.until(action, |v| {
        v["type"] == "event" && v["data"]["type"] == "takeback" && v["data"]["action"] == action
    })
    .await
}

async fn agreed_takeback(backend: Backend) {
    let Some(url) = clubdb::fresh(backend).await else {
        return;
    };
    let mut s = Server::setup().database(url.clone()).start().await;
    let (id, mut white, mut black) = s.two_seat_game("stockholm").await;
    let (_, white_token) = s.first_host().await;
    let (_, black_token) = s.last_guest().await;
    let played = common::both_move("stockholm", &mut white, &mut black).await;
    let third = play_first(&s, &id, &white_token, &mut white).await;
    assert_eq!(stored(&s, &id, &white_token).await.len(), 3);

    // White asks after Black has not answered yet: one move, White's.
    white.act("ask_takeback", json!({})).await;
    let asked = takeback(&mut black, "asked").await;
    assert_eq!(asked["data"]["action"], "asked", "{asked}");
    assert_eq!(asked["data"]["request"]["plies"], 1, "{asked}");
    assert_eq!(asked["data"]["request"]["waiting_for"], json!(["black"]));
    black.act("accept_takeback", json!({})).await;
    let took = white.event("took_back").await;
    assert_eq!(took["data"]["plies"], 1, "{took}");
    assert_eq!(took["data"]["board"]["plies"], 2, "{took}");
    assert_eq!(took["data"]["last_move"]["move"]["text"], json!(played[1]));
    assert_eq!(stored(&s, &id, &white_token).await, played);

    // Black answers White's next move, and White asks again: both moves go.
    let again = play_first(&s, &id, &white_token, &mut white).await;
    assert_eq!(again, third, "the same position offers the same first move");
    play_first(&s, &id, &black_token, &mut black).await;
    white.act("ask_takeback", json!({})).await;
    black.act("accept_takeback", json!({})).await;
    let took = white.event("took_back").await;
    assert_eq!(took["data"]["plies"], 2, "{took}");
    assert_eq!(stored(&s, &id, &black_token).await, played);
    assert_eq!(seen(&s, &id, &white_token).await["actions"], json!(played));

    // A move after the takeback is stored again at the same ply, then one more: the
    // batch's deletion and inserts keep their order.
    let other = play_first(&s, &id, &white_token, &mut white).await;
    let reply = play_first(&s, &id, &black_token, &mut black).await;
    let mut now = played.clone();
    now.extend([other, reply]);
    assert_eq!(stored(&s, &id, &white_token).await, now);

    // A server restarted on the same database rebuilds the room from its log, takebacks
    // included: the same moves, White to move.
    drop::<[Client; 2]>([white, black]);
    s.stop().await;
    let s = Server::setup().database(url).start().await;
    let mut white = s.ws(&id, Some(&white_token), None).await;
    let snap = white.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(snap["data"]["actions"], json!(now), "{snap}");
    assert_eq!(snap["data"]["board"]["turn"], "white", "{snap}");
    assert_eq!(stored(&s, &id, &white_token).await, now);
}

/// Two players agree to take moves back; what is stored follows, on both backends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_agreed_takeback_leaves_the_stored_game_on_both_backends() {
    for backend in BACKENDS {
        agreed_takeback(backend).await;
    }
}

/// A declined request changes nothing; a rated game refuses takebacks; against the
/// computer the takeback is granted at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn declined_refused_and_granted_at_once() {
    let s = Server::memory().await;
    let (id, mut white, mut black) = s.two_seat_game("queah").await;
    let (_, token) = s.first_host().await;
    let played = common::both_move("queah", &mut white, &mut black).await;
    white.act("ask_takeback", json!({})).await;
    black.act("decline_takeback", json!({})).await;
    let declined = takeback(&mut white, "declined").await;
    assert!(declined["data"]["request"].is_null(), "{declined}");
    assert_eq!(
        black.refused("accept_takeback", json!({})).await,
        "no_takeback_request"
    );
    assert_eq!(stored(&s, &id, &token).await, played);
    assert_eq!(
        white.refused("decline_takeback", json!({})).await,
        "no_takeback_request"
    );

    // Against a bot: White moves, the bot answers, White takes both back at once.
    let (_, me) = s.player().await;
    let (status, created) = s
        .create_room(&me, json!({"game": "stockholm", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{created}");
    let room = created["id"].as_str().unwrap().to_string();
    let mut c = s.ws(&room, Some(&me), None).await;
    c.until("snapshot", |v| v["type"] == "snapshot").await;
    c.act("set_bot", json!({"seat": "black"})).await;
    c.act("start", json!({})).await;
    play_first(&s, &room, &me, &mut c).await;
    // Ours, then the bot's answer.
    c.event("moved").await;
    c.event("moved").await;
    c.act("ask_takeback", json!({})).await;
    let took = c.event("took_back").await;
    assert_eq!(took["data"]["plies"], 2, "{took}");
    assert_eq!(took["data"]["board"]["plies"], 0, "{took}");
    assert!(took["data"]["last_move"].is_null(), "{took}");
    common::eventually("the moves leave the store", || async {
        stored(&s, &room, &me).await.is_empty()
    })
    .await;
}

/// Rated games take nothing back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_refuses_takebacks() {
    let s = Server::memory().await;
    let ann = account(&s, "ann").await;
    let bob = account(&s, "bob").await;
    let (status, created) = s
        .create_room(
            &ann,
            json!({"game": "queah", "seat": "white", "rated": true,
                   "time_control": {"kind": "fischer", "base_ms": 60000, "increment_ms": 0}}),
        )
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut white = s.ws(&id, Some(&ann), None).await;
    let mut black = s.ws(&id, Some(&bob), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    common::both_move("queah", &mut white, &mut black).await;
    assert_eq!(
        white.refused("ask_takeback", json!({})).await,
        "takeback_not_allowed"
    );
}
