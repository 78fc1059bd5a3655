//! The HTTP API against a real server on 127.0.0.1 port 0 with a fresh in-memory SQLite
//! database: identity, the games catalogue, history filters and paging, stored games of all
//! four games (played with `rules`, stored through `Store::commit`) with exports that replay
//! through `rules` to the same final position, and the operational endpoints.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::str::FromStr;

use reqwest::header::{AUTHORIZATION, CONTENT_TYPE, SET_COOKIE};
use reqwest::StatusCode;
use rules::{AnyOptions, AnyPosition, Departure, Game, GameRecord, Seat, Status, Variant};
use serde_json::{json, Value};
use server::store::{GameFinish, GameRow, MoveRow, Write};
use uuid::Uuid;

use crate::common::Server;

fn plain() -> reqwest::Client {
    reqwest::Client::new()
}

fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .cookie_store(true)
        .build()
        .expect("client")
}

async fn error_code(resp: reqwest::Response) -> (StatusCode, String, String) {
    let status = resp.status();
    let body: Value = resp.json().await.expect("json error body");
    (
        status,
        body["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        body["error"]["message"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    )
}

/// A new identity through `GET /api/me`: (id, token).
async fn identity(s: &Server) -> (Uuid, String) {
    let me: Value = plain()
        .get(s.url("/api/me"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (
        me["id"].as_str().unwrap().parse().unwrap(),
        me["token"].as_str().unwrap().to_string(),
    )
}

#[tokio::test]
async fn identity_is_issued_kept_and_renamed() {
    let mut s = Server::memory().await;
    let client = browser();

    // First visit: a new identity and its cookie.
    let resp = client.get(s.url("/api/me")).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let cookie = resp
        .headers()
        .get(SET_COOKIE)
        .expect("Set-Cookie")
        .to_str()
        .unwrap()
        .to_string();
    assert!(cookie.starts_with("checkerhall_token="), "{cookie}");
    for attr in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=31536000"] {
        assert!(cookie.contains(attr), "{attr} missing in {cookie}");
    }
    let me: Value = resp.json().await.unwrap();
    let id = me["id"].as_str().unwrap().to_string();
    let token = me["token"].as_str().unwrap().to_string();
    assert!(me["name"].as_str().unwrap().starts_with("Guest-"));
    assert!(cookie.contains(&token));

    // The cookie brings the same identity back, without a new cookie.
    let resp = client.get(s.url("/api/me")).send().await.unwrap();
    assert!(resp.headers().get(SET_COOKIE).is_none());
    let again: Value = resp.json().await.unwrap();
    assert_eq!(again["id"], id.as_str());
    // The token stays in its HttpOnly cookie: a cookie-authenticated request never gets it.
    assert!(again.get("token").is_none(), "{again}");

    // So does the bearer token, from a client without cookies.
    let bearer = format!("Bearer {token}");
    let via_bearer: Value = plain()
        .get(s.url("/api/me"))
        .header(AUTHORIZATION, &bearer)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(via_bearer["id"], id.as_str());
    assert_eq!(via_bearer["token"], token.as_str());

    // A browser page (Sec-Fetch-Mode, Origin) gets a new identity's cookie but not its
    // token, and never the token later.
    for headers in [
        vec![("sec-fetch-mode", "cors")],
        vec![("origin", "http://127.0.0.1")],
    ] {
        let page = browser();
        let mut req = page.get(s.url("/api/me"));
        for (k, v) in headers {
            req = req.header(k, v);
        }
        let resp = req.send().await.unwrap();
        assert!(resp.headers().get(SET_COOKIE).is_some());
        let fresh: Value = resp.json().await.unwrap();
        assert!(fresh["id"].is_string());
        assert!(fresh.get("token").is_none(), "{fresh}");
        let known: Value = page
            .get(s.url("/api/me"))
            .header("sec-fetch-mode", "cors")
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(known.get("token").is_none(), "{known}");
    }

    // Rename (trimmed), seen by the next GET.
    let renamed: Value = plain()
        .patch(s.url("/api/me"))
        .header(AUTHORIZATION, &bearer)
        .json(&json!({"name": "  Ann Émile  "}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(renamed, json!({"id": id, "name": "Ann Émile"}));
    let me: Value = client
        .get(s.url("/api/me"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["name"], "Ann Émile");

    // Bad names change nothing.
    for bad in [
        json!({"name": ""}),
        json!({"name": "   "}),
        json!({"name": "x".repeat(33)}),
        json!({"name": "a\u{7}b"}),
    ] {
        let resp = client
            .patch(s.url("/api/me"))
            .json(&bad)
            .send()
            .await
            .unwrap();
        let (status, code, _) = error_code(resp).await;
        assert_eq!(
            (status, code.as_str()),
            (StatusCode::BAD_REQUEST, "bad_name"),
            "{bad}"
        );
    }
    let resp = client
        .patch(s.url("/api/me"))
        .header(CONTENT_TYPE, "application/json")
        .body("{\"name\": 3}")
        .send()
        .await
        .unwrap();
    let (status, code, _) = error_code(resp).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "bad_json")
    );
    let me: Value = client
        .get(s.url("/api/me"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["name"], "Ann Émile");

    // No identity, or an unknown one: 401 on rename.
    let resp = plain()
        .patch(s.url("/api/me"))
        .json(&json!({"name": "Eve"}))
        .send()
        .await
        .unwrap();
    let (status, code, _) = error_code(resp).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::UNAUTHORIZED, "unauthorized")
    );
    let resp = plain()
        .patch(s.url("/api/me"))
        .header(AUTHORIZATION, "Bearer not-a-token")
        .json(&json!({"name": "Eve"}))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);

    // An unknown token on GET gets a fresh identity.
    let fresh: Value = plain()
        .get(s.url("/api/me"))
        .header(AUTHORIZATION, "Bearer not-a-token")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_ne!(fresh["id"], id.as_str());
    s.stop().await;
}

#[tokio::test]
async fn games_catalogue_lists_every_option() {
    let mut s = Server::memory().await;
    let body: Value = plain()
        .get(s.url("/api/games"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let games = body["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    for v in Variant::ALL {
        let g = games
            .iter()
            .find(|g| g["key"] == v.key())
            .expect("game listed");
        assert_eq!(g["name"], v.name());
        let seats: Vec<u64> = g["seats"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_u64)
            .collect();
        assert_eq!(
            seats,
            if v == Variant::Neva {
                vec![2, 3, 4]
            } else {
                vec![2]
            }
        );
        let options = g["options"].as_array().unwrap();
        let specs = AnyOptions::specs(v);
        assert_eq!(options.len(), specs.len());
        for (o, spec) in options.iter().zip(specs) {
            assert_eq!(o["key"], spec.key);
            assert_eq!(o["default"], spec.default);
            assert_eq!(o["values"], spec.values);
            assert_eq!(o["help"], spec.help);
        }
    }
    s.stop().await;
}

#[tokio::test]
async fn health_ready_and_metrics() {
    let mut s = Server::memory().await;
    let resp = plain().get(s.url("/healthz")).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.text().await.unwrap(), "ok");
    let resp = plain().get(s.url("/readyz")).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    // One refused request shows in the error counter.
    let resp = plain()
        .get(s.url("/api/history?limit=0"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let resp = plain().get(s.url("/metrics")).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(
        resp.headers().get(CONTENT_TYPE).unwrap(),
        "text/plain; version=0.0.4"
    );
    let text = resp.text().await.unwrap();
    for name in [
        "checkerhall_rooms",
        "checkerhall_sockets",
        "checkerhall_moves_total",
        "checkerhall_errors_total",
        "checkerhall_store_lag_milliseconds",
    ] {
        assert!(text.contains(&format!("# TYPE {name} ")), "{name} missing");
    }
    let errors: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("checkerhall_errors_total "))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(errors >= 1);
    s.stop().await;
}

/// A game played with `rules` and stored like the rooms store it.
struct Played {
    id: Uuid,
    game: Game,
    moves: usize,
}

/// A small deterministic generator for move choices.
struct Lcg(u64);
impl Lcg {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

/// Plays `variant` from `start` for up to `plies` moves, then ends it with `ending`
/// (departures of the seat to move until the game is over, or a draw by agreement), and
/// stores it for `players` (seat, player id, name) starting at `started_at`.
#[allow(clippy::too_many_arguments)]
async fn play_and_store(
    s: &Server,
    variant: Variant,
    options: &[(&str, &str)],
    warmup: usize,
    plies: usize,
    agree_draw: bool,
    mid_resign: bool,
    players: &[(Seat, Uuid, &str)],
    started_at: i64,
    seed: u64,
) -> Played {
    let opts = AnyOptions::from_pairs(variant, options.iter().copied()).unwrap();
    let mut rng = Lcg(seed);
    // A non-standard start: the position after `warmup` random moves.
    let mut start = AnyPosition::new(variant, &opts).unwrap();
    for _ in 0..warmup {
        let moves = start.legal_moves();
        let mv = moves[rng.pick(moves.len())];
        start = start.play(&mv).unwrap();
    }
    let mut game = Game::new(start.clone());
    let id = Uuid::new_v4();
    let mut rows = Vec::new();
    let mut at = started_at;
    let mut push = |rows: &mut Vec<MoveRow>, seat: Seat, notation: String| {
        at += 1000;
        rows.push(MoveRow {
            game_id: id,
            ply: rows.len() as i64,
            seat: seat.key().to_string(),
            notation,
            clock_ms: Some(60_000 - rows.len() as i64),
            at,
        });
    };
    for ply in 0..plies {
        if !game.status().is_ongoing() {
            break;
        }
        if mid_resign && ply == plies / 2 {
            // A seat leaves mid-game (Neva goes on with the others).
            let seat = game.turn().unwrap();
            game.depart(seat, Departure::Resign).unwrap();
            push(&mut rows, seat, format!("resign {}", seat.key()));
            continue;
        }
        let seat = game.turn().unwrap();
        let moves = game.position().legal_moves();
        let mv = moves[rng.pick(moves.len())];
        let text = game.position().move_to_string(&mv);
        game.play_text(&text).unwrap();
        push(&mut rows, seat, text);
    }
    let (winners, reason) = if agree_draw && game.status().is_ongoing() {
        (Vec::new(), "agreement".to_string())
    } else {
        while game.status().is_ongoing() {
            let seat = game.turn().unwrap();
            game.depart(seat, Departure::Resign).unwrap();
            push(&mut rows, seat, format!("resign {}", seat.key()));
        }
        match game.status() {
            Status::Won { winners, reason } => (winners.iter().collect(), reason.key().to_string()),
            Status::Drawn { reason, .. } => (Vec::new(), reason.key().to_string()),
            Status::Ongoing => unreachable!(),
        }
    };
    let seats: serde_json::Map<String, Value> = players
        .iter()
        .map(|(seat, pid, name)| {
            (
                seat.key().to_string(),
                json!({"player": pid, "name": name, "bot": null}),
            )
        })
        .collect();
    let options_json: serde_json::Map<String, Value> = options
        .iter()
        .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
        .collect();
    let winner_keys: Vec<&str> = winners.iter().map(|w: &Seat| w.key()).collect();
    let verdicts = players
        .iter()
        .map(|(seat, _, _)| {
            let v = if winners.is_empty() {
                "draw"
            } else if winners.contains(seat) {
                "win"
            } else {
                "loss"
            };
            (seat.key().to_string(), v.to_string())
        })
        .collect();
    let n = rows.len();
    let mut writes = vec![Write::StartGame(GameRow {
        id,
        variant: variant.key().to_string(),
        options: Value::Object(options_json).to_string(),
        start_position: start.position_string(),
        seats: Value::Object(seats).to_string(),
        players: players
            .iter()
            .map(|(s, p, _)| (s.key().to_string(), *p))
            .collect(),
        result: None,
        reason: None,
        winners: None,
        started_at,
        finished_at: None,
    })];
    writes.extend(rows.into_iter().map(Write::Move));
    writes.push(Write::FinishGame(GameFinish {
        id,
        result: json!({"winners": winner_keys, "reason": reason, "finishing_order": [winner_keys]})
            .to_string(),
        reason,
        winners: winner_keys.join(","),
        verdicts,
        finished_at: at + 1000,
        rating: None,
    }));
    s.state.store.commit(&writes).await.expect("commit");
    Played { id, game, moves: n }
}

fn day(y: i64, m: u32, d: u32) -> i64 {
    server::export::days_from_civil(y, m, d) * 86_400_000 + 3_600_000
}

/// Replays an export text through `rules` and checks it ends where the game did.
fn replays_to(record: GameRecord, played: &Played) {
    let replay = record.replay().expect("export replays");
    assert_eq!(
        replay.position().position_string(),
        played.game.position().position_string()
    );
    assert_eq!(replay.status(), played.game.status());
    assert_eq!(replay.actions().len(), played.game.actions().len());
}

#[tokio::test]
async fn stored_games_come_back_and_their_exports_replay() {
    let mut s = Server::memory().await;
    let (a, _) = identity(&s).await;
    let (b, _) = identity(&s).await;
    let (c, _) = identity(&s).await;
    let (d, _) = identity(&s).await;

    let stockholm = play_and_store(
        &s,
        Variant::Stockholm,
        &[],
        0,
        40,
        false,
        false,
        &[(Seat::WHITE, a, "Ann"), (Seat::BLACK, b, "Bob")],
        day(2024, 1, 10),
        1,
    )
    .await;
    let brazilian = play_and_store(
        &s,
        Variant::Stockholm,
        &[("deferred_backward_capture", "false")],
        0,
        30,
        false,
        false,
        &[(Seat::WHITE, b, "Bob"), (Seat::BLACK, c, "Cy \"the\" kid")],
        day(2024, 1, 20),
        2,
    )
    .await;
    let giveandtake = play_and_store(
        &s,
        Variant::GiveAndTake,
        &[],
        4,
        40,
        false,
        false,
        &[(Seat::WHITE, b, "Bob"), (Seat::BLACK, a, "Ann")],
        day(2024, 2, 10),
        3,
    )
    .await;
    let queah = play_and_store(
        &s,
        Variant::Queah,
        &[],
        0,
        30,
        true,
        false,
        &[(Seat::WHITE, a, "Ann"), (Seat::BLACK, c, "Cy")],
        day(2024, 3, 10),
        4,
    )
    .await;
    let neva = play_and_store(
        &s,
        Variant::Neva,
        &[],
        0,
        60,
        false,
        true,
        &[
            (Seat::Morning, a, "Ann"),
            (Seat::Day, b, "Bob"),
            (Seat::Evening, c, "Cy"),
            (Seat::Night, d, "Di"),
        ],
        day(2024, 4, 10),
        5,
    )
    .await;
    let neva2 = play_and_store(
        &s,
        Variant::Neva,
        &[("seats", "2")],
        0,
        30,
        false,
        false,
        &[(Seat::Morning, c, "Cy"), (Seat::Evening, d, "Di")],
        day(2024, 4, 20),
        6,
    )
    .await;
    let all = [&stockholm, &brazilian, &giveandtake, &queah, &neva, &neva2];

    for played in all {
        let path = format!("/api/history/{}", played.id);
        let detail: Value = plain()
            .get(s.url(&path))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(detail["id"], played.id.to_string().as_str());
        let moves = detail["moves"].as_array().unwrap();
        assert_eq!(moves.len(), played.moves);
        for (i, m) in moves.iter().enumerate() {
            assert_eq!(m["ply"], i as i64);
            assert!(m["seat"].is_string() && m["notation"].is_string() && m["at"].is_i64());
        }
        assert!(detail["start_position"].is_string());
        assert!(detail["outcome"].is_object());
        assert!(detail["finished_at"].is_i64());

        // The native export (PDN or PGN4-like) replays through rules.
        let resp = plain()
            .get(s.url(&format!("{path}/export")))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert!(resp
            .headers()
            .get(CONTENT_TYPE)
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("text/plain"));
        let text = resp.text().await.unwrap();
        if std::env::var_os("SHOW_EXPORTS").is_some() {
            eprintln!("{text}");
        }
        let record = server::export::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        replays_to(record, played);

        // So does rules' own record text.
        let text = plain()
            .get(s.url(&format!("{path}/export?format=record")))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        replays_to(
            GameRecord::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}")),
            played,
        );
    }

    // Tags of the PDN exports.
    let pdn = |p: &Played| {
        let url = s.url(&format!("/api/history/{}/export", p.id));
        async move { plain().get(url).send().await.unwrap().text().await.unwrap() }
    };
    let text = pdn(&stockholm).await;
    for tag in [
        "[Event \"",
        "[Site \"",
        "[Date \"2024.01.10\"]",
        "[White \"Ann\"]",
        "[Black \"Bob\"]",
        "[GameType \"51\"]",
        "[Variant \"stockholm\"]",
    ] {
        assert!(text.contains(tag), "{tag} missing:\n{text}");
    }
    assert!(text.contains("\n1. "), "{text}");
    assert!(!text.contains("[FEN"));
    let text = pdn(&brazilian).await;
    assert!(text.contains("[GameType \"52\"]"), "{text}");
    assert!(
        text.contains("[Option \"deferred_backward_capture=false\"]"),
        "{text}"
    );
    assert!(text.contains("[Black \"Cy 'the' kid\"]"), "{text}");
    let text = pdn(&giveandtake).await;
    assert!(
        text.contains("[GameType \"53\"]") && text.contains("[FEN \""),
        "{text}"
    );
    assert!(
        text.contains("[Result \"2-0\"]") || text.contains("[Result \"0-2\"]"),
        "{text}"
    );
    let text = pdn(&queah).await;
    assert!(
        text.contains("[GameType \"54\"]") && text.contains("[Result \"1-1\"]"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("1-1"), "{text}");
    let text = pdn(&neva).await;
    for tag in [
        "[Variant \"neva\"]",
        "[White \"Ann\"]",
        "[Red \"Bob\"]",
        "[Green \"Cy\"]",
        "[Black \"Di\"]",
        "[Result \"",
        "{resign ",
    ] {
        assert!(text.contains(tag), "{tag} missing:\n{text}");
    }
    let first_row = text.lines().find(|l| l.starts_with("1. ")).unwrap();
    assert_eq!(first_row.matches(" .. ").count(), 3, "{first_row}");
    let text = pdn(&neva2).await;
    assert!(text.contains("[Option \"seats=white,green\"]"), "{text}");
    assert!(!text.contains("[Red "), "{text}");
    let first_row = text.lines().find(|l| l.starts_with("1. ")).unwrap();
    assert_eq!(first_row.matches(" .. ").count(), 1, "{first_row}");

    // Bad format, unknown game, bad id.
    let resp = plain()
        .get(s.url(&format!("/api/history/{}/export?format=pgn4", stockholm.id)))
        .send()
        .await
        .unwrap();
    let (status, code, message) = error_code(resp).await;
    assert_eq!(
        (status, code.as_str()),
        (StatusCode::BAD_REQUEST, "bad_parameter")
    );
    assert!(message.contains("format"), "{message}");
    let resp = plain()
        .get(s.url(&format!("/api/history/{}", Uuid::new_v4())))
        .send()
        .await
        .unwrap();
    assert_eq!(error_code(resp).await.1, "not_found");
    let resp = plain()
        .get(s.url("/api/history/nope/export"))
        .send()
        .await
        .unwrap();
    let (status, _, message) = error_code(resp).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(message.contains("id"), "{message}");

    // History: filters and paging.
    let list = |q: String| {
        let url = s.url(&format!("/api/history{q}"));
        async move {
            let resp = plain().get(url).send().await.unwrap();
            assert_eq!(resp.status(), StatusCode::OK);
            resp.json::<Value>().await.unwrap()
        }
    };
    let ids = |v: &Value| -> Vec<String> {
        v["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_string())
            .collect()
    };
    let id = |p: &Played| p.id.to_string();

    let everything = list(String::new()).await;
    // Newest first.
    assert_eq!(
        ids(&everything),
        [&neva2, &neva, &queah, &giveandtake, &brazilian, &stockholm].map(&id)
    );
    assert!(everything["next_offset"].is_null());
    let g = &everything["games"][3];
    assert_eq!(g["game"], "giveandtake");
    assert_eq!(g["seats"], json!({"white": "Bob", "black": "Ann"}));
    assert!(g["reason"].is_string() && g["started_at"].is_i64() && g["finished_at"].is_i64());
    assert!(g["result"].as_str().unwrap().ends_with(" won"));
    assert_eq!(everything["games"][2]["result"], "draw");
    assert_eq!(everything["games"][2]["reason"], "agreement");

    assert_eq!(
        ids(&list("?game=neva".into()).await),
        [id(&neva2), id(&neva)]
    );
    assert_eq!(ids(&list("?game=queah".into()).await), [id(&queah)]);
    let with_a = list(format!("?player={a}")).await;
    assert_eq!(
        ids(&with_a),
        [&neva, &queah, &giveandtake, &stockholm].map(&id)
    );
    let draws = list("?result=draw".into()).await;
    assert!(ids(&draws).contains(&id(&queah)));
    let a_draws = list(format!("?player={a}&result=draw")).await;
    assert!(ids(&a_draws).contains(&id(&queah)));
    let a_wins = list(format!("?player={a}&result=win")).await;
    let a_losses = list(format!("?player={a}&result=loss")).await;
    assert_eq!(
        ids(&a_wins).len() + ids(&a_losses).len() + ids(&a_draws).len(),
        4,
        "every game of Ann is a win, a loss or a draw"
    );
    assert_eq!(
        ids(&list("?from=2024-02-01&to=2024-03-31".into()).await),
        [id(&queah), id(&giveandtake)]
    );
    assert_eq!(
        ids(&list(format!(
            "?from={}&to={}",
            day(2024, 1, 10),
            day(2024, 1, 20)
        ))
        .await),
        [id(&stockholm)],
        "to is exclusive in milliseconds"
    );
    assert_eq!(
        ids(&list("?to=2024-01-10".into()).await),
        [id(&stockholm)],
        "a date `to` includes the day"
    );

    // Paging.
    let page1 = list("?limit=4".into()).await;
    assert_eq!(ids(&page1).len(), 4);
    assert_eq!(page1["next_offset"], 4);
    let page2 = list("?limit=4&offset=4".into()).await;
    assert_eq!(ids(&page2), [id(&brazilian), id(&stockholm)]);
    assert!(page2["next_offset"].is_null());
    let exact = list("?limit=3&offset=3".into()).await;
    assert_eq!(ids(&exact).len(), 3);
    assert!(exact["next_offset"].is_null());

    // Bad parameters: 400 naming the parameter.
    for (q, param) in [
        ("limit=0", "limit"),
        ("limit=101", "limit"),
        ("limit=ten", "limit"),
        ("offset=-1", "offset"),
        ("player=ann", "player"),
        ("game=chess", "game"),
        ("result=win", "result"),
        ("result=maybe", "result"),
        ("from=2024-13-01", "from"),
        ("from=2024-02-30", "from"),
        ("to=tomorrow", "to"),
        ("from=2024-02-01&to=2024-01-01", "to"),
        ("limit=5&limit=6", "limit"),
        ("colour=red", "colour"),
    ] {
        let resp = plain()
            .get(s.url(&format!("/api/history?{q}")))
            .send()
            .await
            .unwrap();
        let (status, code, message) = error_code(resp).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{q}");
        assert!(
            code == "bad_parameter" || code == "unknown_parameter",
            "{q}: {code}"
        );
        assert!(message.contains(&format!("`{param}`")), "{q}: {message}");
    }
    s.stop().await;
}

#[tokio::test]
async fn full_pages_know_whether_more_follow() {
    let mut s = Server::memory().await;
    let mut writes = Vec::new();
    for i in 0..101i64 {
        let id = Uuid::new_v4();
        let start = AnyPosition::new(Variant::Queah, &AnyOptions::default_for(Variant::Queah))
            .unwrap()
            .position_string();
        writes.push(Write::StartGame(GameRow {
            id,
            variant: "queah".into(),
            options: "{}".into(),
            start_position: start,
            seats: json!({"white": {"player": null, "name": "", "bot": null}}).to_string(),
            players: Vec::new(),
            result: None,
            reason: None,
            winners: None,
            started_at: 1_000 + i,
            finished_at: None,
        }));
        writes.push(Write::FinishGame(GameFinish {
            id,
            result: json!({"winners": [], "reason": "agreement"}).to_string(),
            reason: "agreement".into(),
            winners: String::new(),
            verdicts: Vec::new(),
            finished_at: 2_000 + i,
            rating: None,
        }));
    }
    s.state.store.commit(&writes).await.expect("commit");
    let page: Value = plain()
        .get(s.url("/api/history?limit=100"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(page["games"].as_array().unwrap().len(), 100);
    assert_eq!(page["next_offset"], 100);
    assert_eq!(
        page["games"][0]["seats"],
        json!({}),
        "empty seat names are left out"
    );
    let last: Value = plain()
        .get(s.url("/api/history?limit=100&offset=100"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(last["games"].as_array().unwrap().len(), 1);
    assert!(last["next_offset"].is_null());
    s.stop().await;
}
