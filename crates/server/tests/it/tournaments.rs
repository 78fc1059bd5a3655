//! Tournaments over real sockets: a no-show forfeit, a Swiss event that survives
//! a restart in the middle of a round, and a whole Neva-tables event of eight accounts and
//! four bots, the accounts' moves chosen by the bots crate over the WebSocket.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::time::Duration;

use common::{Client, Server};
use rules::{AnyOptions, AnyPosition, Variant};
use serde_json::{json, Value};
use server::config::ServerConfig;

const ADMIN: &str = "root";
const ADMIN_PASSWORD: &str = "correct horse battery";

/// A server with a first admin and bots that do not pause before their moves.
pub(crate) async fn server(url: &str) -> Server {
    let mut config = ServerConfig::new(url);
    config.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into()));
    config.bot_pause = Some(Duration::from_millis(1));
    Server::start(config).await
}

async fn send(req: reqwest::RequestBuilder) -> (u16, Value) {
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn post(s: &Server, path: &str, token: &str, body: Value) -> (u16, Value) {
    send(
        reqwest::Client::new()
            .post(s.url(path))
            .bearer_auth(token)
            .json(&body),
    )
    .await
}

pub(crate) async fn admin_token(s: &Server) -> String {
    let (status, body) = send(
        reqwest::Client::new()
            .post(s.url("/api/account/login"))
            .json(&json!({"username": ADMIN, "password": ADMIN_PASSWORD})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_string()
}

/// A member account named `name`: its id and token.
pub(crate) async fn account(s: &Server, name: &str) -> (String, String) {
    let (who, token) = s.player().await;
    let (status, body) = post(
        s,
        "/api/account/claim",
        &token,
        json!({"username": name, "password": "long enough password"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    (who.id.to_string(), token)
}

pub(crate) fn now_ms() -> i64 {
    server::store::now_ms()
}

async fn tournament(s: &Server, id: &str) -> Value {
    let (status, body) = s.get(&format!("/api/tournaments/{id}"), None).await;
    assert_eq!(status, 200, "{body}");
    body
}

/// Waits until the tournament's body satisfies `pred`; returns it.
pub(crate) async fn until(
    s: &Server,
    id: &str,
    what: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + common::WAIT;
    loop {
        let t = tournament(s, id).await;
        if pred(&t) {
            return t;
        }
        assert!(tokio::time::Instant::now() < deadline, "never {what}: {t}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The tables of round `round`.
pub(crate) fn tables(t: &Value, round: u64) -> Vec<Value> {
    t["rounds_played"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["round"] == json!(round))
        .map(|r| r["tables"].as_array().unwrap().clone())
        .unwrap_or_default()
}

/// The player sitting in `seat` at `table`.
fn sitter(table: &Value, seat: &str) -> String {
    table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"] == seat)
        .map(|s| s["player"].as_str().unwrap().to_string())
        .unwrap()
}

fn points(t: &Value, player: &str) -> f64 {
    t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["player"] == player)
        .map(|s| s["points"].as_f64().unwrap())
        .unwrap()
}

#[tokio::test]
async fn a_player_who_does_not_show_up_loses_by_forfeit() {
    let s = server("sqlite::memory:").await;
    let admin = admin_token(&s).await;
    let (ann, ann_token) = account(&s, "ann").await;
    let (bob, bob_token) = account(&s, "bob").await;
    // A guest may neither create nor join.
    let (_, guest) = s.player().await;
    let body = json!({"name": "Quick", "game": "stockholm",
        "format": {"kind": "swiss", "rounds": 1},
        "time_control": {"kind": "fischer", "base_ms": 60000, "increment_ms": 0},
        "starts_at": now_ms() + 60_000, "no_show_secs": 1});
    let (status, refused) = post(&s, "/api/tournaments", &guest, body.clone()).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (403, Some("not_allowed"))
    );
    let (status, refused) = post(&s, "/api/tournaments", &ann_token, body.clone()).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (403, Some("not_allowed"))
    );
    let (status, created) = post(&s, "/api/tournaments", &admin, body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["state"], "registering");
    let join = format!("/api/tournaments/{id}/join");
    let (status, refused) = post(&s, &join, &guest, json!({})).await;
    assert_eq!(
        (status, refused["error"]["code"].as_str()),
        (403, Some("account_required"))
    );
    for token in [&ann_token, &bob_token] {
        let (status, body) = post(&s, &join, token, json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    // That event starts in a minute; a second one starts at once.
    let body = json!({"name": "Now", "game": "stockholm",
        "format": {"kind": "swiss", "rounds": 1},
        "time_control": {"kind": "fischer", "base_ms": 60000, "increment_ms": 0},
        "starts_at": now_ms() + 400, "no_show_secs": 1});
    let (status, created) = post(&s, "/api/tournaments", &admin, body).await;
    assert_eq!(status, 200, "{created}");
    let now_id = created["id"].as_str().unwrap().to_string();
    for token in [&ann_token, &bob_token] {
        let path = format!("/api/tournaments/{now_id}/join");
        let (status, body) = post(&s, &path, token, json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    let t = until(&s, &now_id, "round 1 paired", |t| !tables(t, 1).is_empty()).await;
    let (_, carl_token) = account(&s, "carl").await;
    let path = format!("/api/tournaments/{now_id}/join");
    let (status, late) = post(&s, &path, &carl_token, json!({})).await;
    assert_eq!(
        (status, late["error"]["code"].as_str()),
        (409, Some("registration_closed"))
    );
    let table = tables(&t, 1).remove(0);
    let white = sitter(&table, "white");
    let black = sitter(&table, "black");
    assert!([&ann, &bob].contains(&&white) && white != black);
    // Nobody comes: White's second runs out and it loses by forfeit.
    let t = until(&s, &now_id, "the event ends", |t| t["state"] == "finished").await;
    let result = &tables(&t, 1)[0]["result"];
    assert_eq!(result["forfeits"], json!([white]), "{t}");
    assert_eq!(points(&t, &black), 1.0, "{t}");
    assert_eq!(points(&t, &white), 0.0, "{t}");
    let room = table["room_id"].as_str().unwrap();
    let (_, game) = s.get(&format!("/api/history/{room}"), None).await;
    assert_eq!(game["reason"], "no_show", "{game}");
    // The other event is still registering, with both entrants.
    let other = tournament(&s, &id).await;
    assert_eq!(other["entrants"].as_array().unwrap().len(), 2);
    let (status, _) = post(
        &s,
        &format!("/api/tournaments/{id}/leave"),
        &bob_token,
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        tournament(&s, &id).await["entrants"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let (_, list) = s.get("/api/tournaments", None).await;
    assert_eq!(list["tournaments"].as_array().unwrap().len(), 2, "{list}");
}

/// Waits until the director has opened `room`: a round is stored before its rooms open,
/// so the tournament can name a room a moment before it answers.
pub(crate) async fn opened(s: &Server, room: &str) {
    for _ in 0..200 {
        if s.get(&format!("/api/rooms/{room}"), None).await.0 == 200 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("room {room} never opened");
}

/// Four accounts, `ann`, `bob`, `cy` and `di`: each one's id and token.
async fn four_players(s: &Server) -> Vec<(String, String)> {
    let mut players = Vec::new();
    for name in ["ann", "bob", "cy", "di"] {
        players.push(account(s, name).await);
    }
    players
}

/// The token of the player `id` among `players`.
fn token_among(players: &[(String, String)], id: &str) -> String {
    players
        .iter()
        .find(|(p, _)| p == id)
        .map(|(_, t)| t.clone())
        .unwrap()
}

/// Every one of `players` joins the event `id`.
async fn join_all(s: &Server, id: &str, players: &[(String, String)]) {
    for (_, token) in players {
        let (status, body) =
            post(s, &format!("/api/tournaments/{id}/join"), token, json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
}

/// The player of `token` resigns their game in `room`.
async fn resign(s: &Server, room: &str, token: &str) {
    opened(s, room).await;
    let mut c = s.ws(room, Some(token), None).await;
    c.until("snapshot", |v| v["type"] == "snapshot").await;
    c.act("resign", json!({})).await;
}

#[tokio::test]
async fn a_swiss_event_carries_on_after_a_restart_in_the_middle_of_a_round() {
    let dir = std::env::temp_dir().join(format!("checkerhall-tourney-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("t.db").display());
    let mut s = server(&url).await;
    let admin = admin_token(&s).await;
    let players = four_players(&s).await;
    let token_of = |id: &str| token_among(&players, id);
    let body = json!({"name": "Swiss", "game": "giveandtake",
        "format": {"kind": "swiss", "rounds": 2},
        "time_control": {"kind": "fischer", "base_ms": 600000, "increment_ms": 0},
        "starts_at": now_ms() + 1_500, "no_show_secs": 600});
    let (status, created) = post(&s, "/api/tournaments", &admin, body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    join_all(&s, &id, &players).await;
    let t = until(&s, &id, "round 1 paired", |t| tables(t, 1).len() == 2).await;
    let round1 = tables(&t, 1);
    // Board 1: White resigns. Board 2 stays under way.
    let (w1, b1) = (sitter(&round1[0], "white"), sitter(&round1[0], "black"));
    let (w2, b2) = (sitter(&round1[1], "white"), sitter(&round1[1], "black"));
    resign(&s, round1[0]["room_id"].as_str().unwrap(), &token_of(&w1)).await;
    until(&s, &id, "board 1's result", |t| {
        !tables(t, 1)[0]["result"].is_null()
    })
    .await;

    s.stop().await;
    drop(s);
    let s = server(&url).await;
    let t = tournament(&s, &id).await;
    assert_eq!(t["state"], "running");
    assert_eq!(t["round"], 1);
    assert!(tables(&t, 1)[1]["result"].is_null(), "{t}");
    // Board 2 finishes after the restart: Black resigns; the director pairs round 2.
    resign(&s, round1[1]["room_id"].as_str().unwrap(), &token_of(&b2)).await;
    let t = until(&s, &id, "round 2 paired", |t| tables(t, 2).len() == 2).await;
    let round2 = tables(&t, 2);
    // The winners meet, and so do the losers (no repeat pairing).
    let winners = [b1.clone(), w2.clone()];
    for table in &round2 {
        let (w, b) = (sitter(table, "white"), sitter(table, "black"));
        assert_eq!(winners.contains(&w), winners.contains(&b), "{t}");
    }
    // Every White of round 2 resigns.
    for table in &round2 {
        let white = sitter(table, "white");
        resign(&s, table["room_id"].as_str().unwrap(), &token_of(&white)).await;
    }
    let t = until(&s, &id, "the event ends", |t| t["state"] == "finished").await;
    let total: f64 = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 4.0, "{t}");
    let top = &t["standings"][0];
    assert_eq!(top["points"], 2.0, "{t}");
    assert!(winners.contains(&top["player"].as_str().unwrap().to_string()));
    for x in t["standings"].as_array().unwrap() {
        assert_eq!(x["played"], 2, "{t}");
    }
    let (status, _) = s.get(&format!("/api/tournaments/{id}"), None).await;
    assert_eq!(status, 200);
    let csv = reqwest::get(s.url(&format!("/api/tournaments/{id}/standings.csv")))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(csv.lines().count(), 5, "{csv}");
    assert!(csv.starts_with("rank,name,points,buchholz"), "{csv}");
    let pdn = reqwest::get(s.url(&format!("/api/tournaments/{id}/games.pdn")))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(pdn.matches("[Event \"Swiss\"]").count(), 4, "{pdn}");
    assert_eq!(pdn.matches("[Round \"2\"]").count(), 2, "{pdn}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The game's options as a snapshot's room shows them.
fn options_of(snapshot: &Value) -> AnyOptions {
    let room = &snapshot["data"]["room"];
    let variant: Variant = room["game"].as_str().unwrap().parse().unwrap();
    let pairs: Vec<(String, String)> = room["options"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (k.clone(), v)
        })
        .collect();
    AnyOptions::from_pairs(variant, pairs).unwrap()
}

/// The texts of the legal moves a `your_turn` event or a snapshot lists.
fn legal_texts(data: &Value) -> Vec<String> {
    data["legal_moves"]
        .as_array()
        .map(|l| {
            l.iter()
                .filter_map(|m| m["text"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// How many moves each account makes in a game before it resigns: the bots play the rest
/// (fast, with no pause), so a game is short whoever sits at the table.
const MOVES_BEFORE_RESIGNING: u32 = 12;

/// Plays `token`'s seat in `room`, each move chosen by the bots crate at its lowest level
/// from the board the server last sent (checked against the legal moves it listed), and
/// resigns after [`MOVES_BEFORE_RESIGNING`] moves or once it is out.
async fn play_out(addr: std::net::SocketAddr, room: String, token: String, seed: u64) {
    // The round's games are stored (and shown) before their rooms open, one after another:
    // a player quick off the mark may see a table a moment before its room answers.
    let url = format!("http://{addr}/api/rooms/{room}");
    common::eventually("the table's room opened", || async {
        reqwest::get(&url)
            .await
            .is_ok_and(|r| r.status() != reqwest::StatusCode::NOT_FOUND)
    })
    .await;
    let mut c = Client::connect(addr, &room, Some(&token), None).await;
    let snap = c.until("snapshot", |v| v["type"] == "snapshot").await;
    if snap["data"]["state"] != "playing" {
        return;
    }
    let options = options_of(&snap);
    let variant = options.variant();
    let mut position = snap["data"]["board"]["position"]
        .as_str()
        .map(str::to_string);
    let mut legal = legal_texts(&snap["data"]);
    let mut moves = 0;
    let mut n = seed;
    loop {
        if !legal.is_empty() {
            if moves == MOVES_BEFORE_RESIGNING {
                c.send("resign", json!({})).await;
                return;
            }
            let pos =
                AnyPosition::from_position_string(variant, position.as_deref().unwrap(), &options)
                    .unwrap();
            n += 1;
            let chosen = ::bots::choose(&pos, &[], ::bots::Level::MIN, n)
                .map(|choice| rules::notation::write_move(variant, &choice.mv))
                .filter(|text| legal.contains(text));
            let text = chosen.unwrap_or_else(|| legal[0].clone());
            c.send("move", json!({ "move": text })).await;
            moves += 1;
            legal.clear();
        }
        let Some(v) = c.recv().await else { return };
        assert_ne!(v["type"], "error", "{v}");
        if v["type"] != "event" {
            continue;
        }
        let e = &v["data"];
        if let Some(p) = e["board"]["position"].as_str() {
            position = Some(p.to_string());
        }
        match e["type"].as_str() {
            Some("your_turn") => legal = legal_texts(e),
            Some("finished") | Some("aborted") => return,
            _ => {}
        }
    }
}

#[tokio::test]
async fn a_neva_tables_event_of_eight_accounts_and_four_bots_is_played_to_the_end() {
    neva_tables_event("sqlite::memory:").await;
}

/// The same event on Postgres: every tournament query of the store runs there too.
#[tokio::test]
async fn a_neva_tables_event_on_postgres() {
    let Some(db) = crate::clubdb::fresh_postgres().await else {
        return;
    };
    neva_tables_event(&db.url).await;
}

async fn neva_tables_event(url: &str) {
    let s = server(url).await;
    let admin = admin_token(&s).await;
    let mut players = Vec::new();
    for i in 0..8 {
        players.push(account(&s, &format!("neva{i}")).await);
    }
    let bots: Vec<Value> = (0..4)
        .map(|_| json!({"kind": "engine", "level": 1}))
        .collect();
    let body = json!({"name": "Neva night", "game": "neva",
        "options": {"no_progress": "2", "repetition": "2"},
        "format": {"kind": "neva_tables", "rounds": 2, "teams": false},
        "time_control": {"kind": "fischer", "base_ms": 600000, "increment_ms": 0},
        "starts_at": now_ms() + 1_500, "no_show_secs": 60, "bots": bots});
    let (status, created) = post(&s, "/api/tournaments", &admin, body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["entrants"].as_array().unwrap().len(), 4);
    join_all(&s, &id, &players).await;
    // A live stream follows it.
    let mut live = reqwest::get(s.url(&format!("/api/tournaments/{id}/live")))
        .await
        .unwrap();
    let first = live.chunk().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&first).contains("event: snapshot"));
    let started = std::time::Instant::now();
    for round in 1..=2u64 {
        let t = until(&s, &id, "the round paired", |t| tables(t, round).len() == 3).await;
        let mut jobs = Vec::new();
        for table in tables(&t, round) {
            let room = table["room_id"].as_str().unwrap().to_string();
            assert_eq!(table["seats"].as_array().unwrap().len(), 4);
            for seat in table["seats"].as_array().unwrap() {
                let player = seat["player"].as_str().unwrap();
                if let Some((_, token)) = players.iter().find(|(p, _)| p == player) {
                    let seed = jobs.len() as u64 * 1_000 + round;
                    jobs.push(tokio::spawn(play_out(
                        s.addr,
                        room.clone(),
                        token.clone(),
                        seed,
                    )));
                }
            }
        }
        assert_eq!(jobs.len(), 8);
        for j in jobs {
            common::within("a game played out", j).await.unwrap();
        }
    }
    let t = until(&s, &id, "the event ends", |t| t["state"] == "finished").await;
    eprintln!("Neva tables event of 12 played in {:?}", started.elapsed());
    let standings = t["standings"].as_array().unwrap();
    assert_eq!(standings.len(), 12);
    for x in standings {
        assert_eq!(x["played"], 2, "{t}");
    }
    assert_eq!(standings[0]["rank"], 1);
    // Every game has a result.
    for round in 1..=2 {
        for table in tables(&t, round) {
            assert!(!table["result"].is_null(), "{t}");
        }
    }
    let mut saw_update = false;
    while let Ok(Some(chunk)) = tokio::time::timeout(Duration::from_millis(200), live.chunk())
        .await
        .map(|c| c.unwrap())
    {
        saw_update |= String::from_utf8_lossy(&chunk).contains("event: tournament");
    }
    assert!(saw_update, "the live stream told of the changes");
    let pdn = reqwest::get(s.url(&format!("/api/tournaments/{id}/games.pdn")))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(pdn.matches("[Event \"Neva night\"]").count(), 6, "{pdn}");
}

/// Every table of every pairing so far (an arena numbers its pairings as rounds).
fn all_tables(t: &Value) -> Vec<Value> {
    t["rounds_played"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["tables"].as_array().unwrap().clone())
        .collect()
}

/// An arena of four: whoever finishes is paired again at once (long before the end), a
/// game still under way at the end is played out and counts, and the points are the
/// arena's (2 a win). The arena's minute is not waited out: its start is moved a minute
/// back in the store, as a restart test moves stored times instead of waiting them.
#[tokio::test]
async fn an_arena_pairs_finished_players_again_at_once_and_counts_games_under_way_at_the_end() {
    let url = crate::clubdb::fresh(crate::clubdb::Backend::Sqlite)
        .await
        .unwrap();
    let s = server(&url).await;
    let admin = admin_token(&s).await;
    let players = four_players(&s).await;
    let token_of = |id: &str| token_among(&players, id);
    let body = json!({"name": "Arena", "game": "queah",
        "format": {"kind": "arena", "minutes": 1},
        "time_control": {"kind": "fischer", "base_ms": 600000, "increment_ms": 0},
        "starts_at": now_ms() + 500, "no_show_secs": 600});
    let (status, created) = post(&s, "/api/tournaments", &admin, body).await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(created["rounds"], Value::Null);
    let id = created["id"].as_str().unwrap().to_string();
    join_all(&s, &id, &players).await;
    let t = until(&s, &id, "the first pairings", |t| all_tables(t).len() == 2).await;
    let started_at = t["started_at"].as_i64().unwrap();
    for table in all_tables(&t) {
        let white = sitter(&table, "white");
        resign(&s, table["room_id"].as_str().unwrap(), &token_of(&white)).await;
    }
    // Paired again as soon as the results are in: the arena lasts a minute, this waits
    // half of that at most.
    let t = until(&s, &id, "the second pairings", |t| all_tables(t).len() == 4).await;
    assert!(
        now_ms() < started_at + 60_000,
        "paired again before the end: {t}"
    );
    let second: Vec<Value> = all_tables(&t).split_off(2);
    // The minute runs out with both games under way: no new pairing, the event waits.
    let db = sqlx::SqlitePool::connect(&url).await.unwrap();
    let moved = sqlx::query("UPDATE tournaments SET started_at = started_at - 61000 WHERE id = ?")
        .bind(&id)
        .execute(&db)
        .await
        .unwrap();
    assert_eq!(moved.rows_affected(), 1);
    db.close().await;
    // The first game to end after the minute frees two players, who are not paired again:
    // a fifth table would be under way when the second ends, and the event would not end.
    let (first, last) = (&second[0], &second[1]);
    let white = sitter(first, "white");
    resign(&s, first["room_id"].as_str().unwrap(), &token_of(&white)).await;
    let t = until(&s, &id, "the first game's result", |t| {
        all_tables(t)
            .iter()
            .any(|g| g["room_id"] == first["room_id"] && !g["result"].is_null())
    })
    .await;
    assert_eq!(t["state"], "running", "{t}");
    let white = sitter(last, "white");
    resign(&s, last["room_id"].as_str().unwrap(), &token_of(&white)).await;
    let t = until(&s, &id, "the event ends", |t| t["state"] == "finished").await;
    assert_eq!(all_tables(&t).len(), 4, "{t}");
    let standings = t["standings"].as_array().unwrap();
    let total: f64 = standings
        .iter()
        .map(|x| x["points"].as_f64().unwrap())
        .sum();
    assert_eq!(total, 8.0, "2 points a win, four games: {t}");
    for x in standings {
        assert_eq!(x["played"], 2, "{t}");
    }
    let points: Vec<f64> = standings
        .iter()
        .map(|x| x["points"].as_f64().unwrap())
        .collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "best first: {t}");
}

/// A server whose tournaments are created by `creators`.
async fn server_with(url: &str, creators: server::config::TournamentCreators) -> Server {
    let mut config = ServerConfig::new(url);
    config.first_admin = Some((ADMIN.into(), ADMIN_PASSWORD.into()));
    config.bot_pause = Some(Duration::from_millis(1));
    config.tournament_creators = creators;
    Server::start(config).await
}

/// `PATCH path` with `token` and a JSON `body`: the status and the JSON answer.
pub(crate) async fn patch(s: &Server, path: &str, token: &str, body: Value) -> (u16, Value) {
    send(
        reqwest::Client::new()
            .patch(s.url(path))
            .bearer_auth(token)
            .json(&body),
    )
    .await
}

fn code(reply: &(u16, Value)) -> (u16, Option<&str>) {
    (reply.0, reply.1["error"]["code"].as_str())
}

/// A Swiss event of one round starting in an hour, with `extra` merged into the body.
fn later_event(extra: Value) -> Value {
    let mut body = json!({"name": "Club night", "game": "giveandtake",
        "format": {"kind": "swiss", "rounds": 1},
        "time_control": {"kind": "fischer", "base_ms": 600000, "increment_ms": 0},
        "starts_at": now_ms() + 3_600_000, "no_show_secs": 600});
    for (k, v) in extra.as_object().unwrap() {
        body[k] = v.clone();
    }
    body
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_joins_never_overrun_the_cap_on_sqlite() {
    let url = crate::clubdb::fresh(crate::clubdb::Backend::Sqlite)
        .await
        .unwrap();
    simultaneous_joins(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn simultaneous_joins_never_overrun_the_cap_on_postgres() {
    let Some(db) = crate::clubdb::fresh_postgres().await else {
        return;
    };
    simultaneous_joins(&db.url).await;
}

/// Twelve accounts join an event capped at 3 all at once: exactly 3 get in, the others are
/// told `tournament_full`.
async fn simultaneous_joins(url: &str) {
    let s = server(url).await;
    let admin = admin_token(&s).await;
    let (status, created) = post(
        &s,
        "/api/tournaments",
        &admin,
        later_event(json!({"max_players": 3})),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for i in 0..12 {
        tokens.push(account(&s, &format!("racer{i}")).await.1);
    }
    let path = format!("/api/tournaments/{id}/join");
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(tokens.len()));
    let mut jobs = Vec::new();
    for token in tokens {
        let (url, barrier) = (s.url(&path), barrier.clone());
        jobs.push(tokio::spawn(async move {
            barrier.wait().await;
            send(
                reqwest::Client::new()
                    .post(url)
                    .bearer_auth(token)
                    .json(&json!({})),
            )
            .await
        }));
    }
    let mut joined = 0;
    let mut full = 0;
    for job in jobs {
        let reply = job.await.unwrap();
        match code(&reply) {
            (200, _) => joined += 1,
            (409, Some("tournament_full")) => full += 1,
            other => panic!("unexpected answer {other:?}: {}", reply.1),
        }
    }
    assert_eq!((joined, full), (3, 9));
    let t = tournament(&s, &id).await;
    assert_eq!(t["entrants"].as_array().unwrap().len(), 3, "{t}");
}

#[tokio::test]
async fn an_organiser_edits_adds_bots_starts_early_and_cancels_on_sqlite() {
    let url = crate::clubdb::fresh(crate::clubdb::Backend::Sqlite)
        .await
        .unwrap();
    organiser_actions(&url).await;
}

#[tokio::test]
async fn an_organiser_edits_adds_bots_starts_early_and_cancels_on_postgres() {
    let Some(db) = crate::clubdb::fresh_postgres().await else {
        return;
    };
    organiser_actions(&db.url).await;
}

async fn organiser_actions(url: &str) {
    let s = server_with(url, server::config::TournamentCreators::Members).await;
    let admin = admin_token(&s).await;
    let (_, ann) = account(&s, "ann").await;
    let (_, bob) = account(&s, "bob").await;
    // The list says who may create; a member may on this server.
    let (_, list) = s.get("/api/tournaments", None).await;
    assert_eq!(list["creators"], "members", "{list}");
    let (status, created) = post(&s, "/api/tournaments", &ann, later_event(json!({}))).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let one = format!("/api/tournaments/{id}");
    // Only its creator or an admin changes it.
    let refused = patch(&s, &one, &bob, json!({"name": "Mine now"})).await;
    assert_eq!(code(&refused), (403, Some("not_organiser")));
    let refused = post(&s, &format!("{one}/cancel"), &bob, json!({})).await;
    assert_eq!(code(&refused), (403, Some("not_organiser")));
    let (status, edited) = patch(
        &s,
        &one,
        &ann,
        json!({"name": "Club night, moved", "max_players": 4, "no_show_secs": 120}),
    )
    .await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["name"], "Club night, moved");
    assert_eq!(edited["max_players"], 4);
    assert_eq!(edited["no_show_secs"], 120);
    let refused = patch(
        &s,
        &one,
        &ann,
        json!({"format": {"kind": "swiss", "rounds": 0}}),
    )
    .await;
    assert_eq!(code(&refused), (400, Some("bad_format")));
    // Bots from the page's button: numbered among their like.
    let bots = json!({"bots": [{"kind": "engine", "level": 1}, {"kind": "engine", "level": 1}]});
    let (status, with_bots) = post(&s, &format!("{one}/bots"), &admin, bots).await;
    assert_eq!(status, 200, "{with_bots}");
    let names: Vec<&str> = with_bots["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{with_bots}");
    assert!(
        names[0].ends_with("#1") && names[1].ends_with("#2"),
        "{names:?}"
    );
    let refused = post(&s, &format!("{one}/bots"), &ann, json!({"bots": []})).await;
    assert_eq!(code(&refused), (400, Some("no_bots")));
    let (status, _) = post(&s, &format!("{one}/join"), &bob, json!({})).await;
    assert_eq!(status, 200);
    // Three entrants: a cap of 2 would leave one out.
    let refused = patch(&s, &one, &ann, json!({"max_players": 2})).await;
    assert_eq!(code(&refused), (400, Some("bad_max_players")));
    let bots = json!({"bots": [{"kind": "engine", "level": 1}, {"kind": "engine", "level": 1}]});
    let refused = post(&s, &format!("{one}/bots"), &ann, bots).await;
    assert_eq!(code(&refused), (409, Some("tournament_full")));
    // Started early, an hour before its time.
    let (status, started) = post(&s, &format!("{one}/start"), &ann, json!({})).await;
    assert_eq!(status, 200, "{started}");
    let t = until(&s, &id, "round 1 paired", |t| t["state"] == "running").await;
    assert!(t["starts_at"].as_i64().unwrap() < now_ms() + 60_000, "{t}");
    // Standings name each account by its username, for the links to player pages.
    let bob_line = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == "bob")
        .cloned()
        .unwrap();
    assert_eq!(bob_line["username"], "bob", "{t}");
    let bot_line = t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] != "bob")
        .cloned()
        .unwrap();
    assert_eq!(bot_line["username"], Value::Null, "{t}");
    let refused = patch(&s, &one, &admin, json!({"name": "Too late"})).await;
    assert_eq!(code(&refused), (409, Some("tournament_started")));
    let refused = post(&s, &format!("{one}/cancel"), &admin, json!({})).await;
    assert_eq!(code(&refused), (409, Some("tournament_started")));
    // Another event, cancelled by an admin: it is gone.
    let (status, created) = post(&s, "/api/tournaments", &bob, later_event(json!({}))).await;
    assert_eq!(status, 200, "{created}");
    let other = format!("/api/tournaments/{}", created["id"].as_str().unwrap());
    let refused = post(&s, &format!("{other}/start"), &bob, json!({})).await;
    assert_eq!(code(&refused), (409, Some("too_few_players")));
    // Its page's live stream is told, then ends.
    let mut live = reqwest::get(s.url(&format!("{other}/live"))).await.unwrap();
    let first = live.chunk().await.unwrap().unwrap();
    assert!(String::from_utf8_lossy(&first).contains("event: snapshot"));
    let (status, _) = post(&s, &format!("{other}/cancel"), &admin, json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(s.get(&other, None).await.0, 404);
    let mut rest = String::new();
    while let Ok(Some(chunk)) = tokio::time::timeout(common::WAIT, live.chunk())
        .await
        .unwrap()
    {
        rest.push_str(&String::from_utf8_lossy(&chunk));
    }
    assert!(rest.contains("event: cancelled"), "{rest}");
}

#[tokio::test]
async fn the_host_setting_says_who_creates_events() {
    use server::config::TournamentCreators;
    let body = later_event(json!({}));
    for (creators, member_may, guest_may) in [
        (TournamentCreators::Admins, false, false),
        (TournamentCreators::Members, true, false),
        (TournamentCreators::Anyone, true, true),
    ] {
        let s = server_with("sqlite::memory:", creators).await;
        let (_, ann) = account(&s, "ann").await;
        let (_, guest) = s.player().await;
        let (_, list) = s.get("/api/tournaments", None).await;
        assert_eq!(list["creators"], creators.key());
        let member = post(&s, "/api/tournaments", &ann, body.clone()).await;
        let by_guest = post(&s, "/api/tournaments", &guest, body.clone()).await;
        for (reply, may) in [(member, member_may), (by_guest, guest_may)] {
            if may {
                assert_eq!(reply.0, 200, "{creators:?}: {}", reply.1);
            } else {
                assert_eq!(code(&reply), (403, Some("not_allowed")), "{creators:?}");
            }
        }
    }
}
