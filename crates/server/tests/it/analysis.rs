//! Computer analysis of stored games: `GET /api/history/{id}/analysis` over real HTTP on
//! SQLite and on Postgres (a game with a deliberate blunder played over sockets to the end,
//! typed refusals, pending then ready, computed once, then served from the database), and
//! the `checkerhall analyse` command.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;

use std::process::Command;
use std::time::Duration;

use common::{Client, Server};
use rules::{AnyOptions, AnyPosition, Variant};
use serde_json::{json, Value};
use uuid::Uuid;

/// White's fifth move `f4-g5` hands Black a double capture; then White resigns.
const MOVES: [&str; 6] = ["g3-f4", "f6-g5", "h2-g3", "g5-h4", "f4-g5", "h6xf4xh2"];
const BLUNDER_INDEX: usize = 4;

/// The position the blunder was played in.
fn before_blunder() -> AnyPosition {
    let mut pos = AnyPosition::new(
        Variant::Stockholm,
        &AnyOptions::default_for(Variant::Stockholm),
    )
    .unwrap();
    for text in &MOVES[..BLUNDER_INDEX] {
        let mv = pos.parse_move(text).unwrap();
        pos.play_unchecked(&mv);
    }
    pos
}

async fn get(s: &Server, path: &str) -> (u16, Value, String) {
    let r = reqwest::Client::new()
        .get(s.url(path))
        .send()
        .await
        .unwrap();
    let status = r.status().as_u16();
    let text = r.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::Null),
        text,
    )
}

/// A started Stockholm room: host White, guest Black.
async fn start_game(s: &Server) -> (String, Client, Client) {
    let (_, host) = s.player().await;
    let (_, guest) = s.player().await;
    let (status, created) = s
        .create_room(&host, json!({"game": "stockholm", "seat": "white"}))
        .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let mut white = s.ws(&id, Some(&host), None).await;
    let mut black = s.ws(&id, Some(&guest), None).await;
    white.until("snapshot", |v| v["type"] == "snapshot").await;
    black.until("snapshot", |v| v["type"] == "snapshot").await;
    black.act("take_seat", json!({"seat": "black"})).await;
    white.act("start", json!({})).await;
    (id, white, black)
}

/// Waits (bounded by attempts, not by a clock assertion) until the store has the game's end.
async fn until_finished(s: &Server, id: Uuid) {
    for _ in 0..400 {
        if let Some((row, _)) = s.state.store.game(id).await.unwrap() {
            if row.result.is_some() {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    panic!("the game's end was never stored");
}

/// Polls the analysis until it is ready; every intermediate answer is a typed 202.
async fn until_ready(s: &Server, path: &str) -> (Value, String) {
    for _ in 0..2_400 {
        let (status, body, text) = get(s, path).await;
        match status {
            200 => return (body, text),
            202 => {
                assert_eq!(body["status"], "pending", "{body}");
                assert!(body["done"].as_u64().unwrap() <= body["total"].as_u64().unwrap());
                tokio::time::sleep(Duration::from_millis(25)).await;
            }
            _ => panic!("unexpected answer {status}: {body}"),
        }
    }
    panic!("the analysis never became ready");
}

async fn analysis_over_http(url: String) {
    let s = Server::setup().database(url).start().await;
    // Unknown and malformed ids.
    let (status, body, _) = get(&s, &format!("/api/history/{}/analysis", Uuid::new_v4())).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (404, Some("not_found")),
        "{body}"
    );
    let (status, body, _) = get(&s, "/api/history/nope/analysis").await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (400, Some("bad_parameter")),
        "{body}"
    );

    let (room, mut white, mut black) = start_game(&s).await;
    let id = Uuid::parse_str(&room).unwrap();
    let path = format!("/api/history/{room}/analysis");
    for (i, text) in MOVES.iter().enumerate() {
        let mover = if i % 2 == 0 { &mut white } else { &mut black };
        mover.act("move", json!({"move": text})).await;
        if i == 1 {
            // A game still being played is not analysed.
            let (status, body, _) = get(&s, &path).await;
            assert_eq!(status, 409, "{body}");
            assert_eq!(body["error"]["code"], "game_not_finished", "{body}");
        }
    }
    white.act("resign", json!({})).await;
    white.event("finished").await;
    until_finished(&s, id).await;
    assert_eq!(s.state.store.analysis(id).await.unwrap(), None);
    let (_, game, _) = get(&s, &format!("/api/history/{room}")).await;
    assert_eq!(game["analysis"], "none", "looking does not start it");
    assert_eq!(s.state.analyses.started(), 0);

    // Many requests at once start one computation.
    let answers = futures_util::future::join_all((0..4).map(|_| get(&s, &path))).await;
    for (status, body, _) in &answers {
        assert!(*status == 202 || *status == 200, "{status} {body}");
    }
    assert!(answers.iter().any(|(status, _, _)| *status == 202));
    let (body, text) = until_ready(&s, &path).await;
    assert_eq!(s.state.analyses.started(), 1);

    assert_eq!(body["status"], "ready");
    assert_eq!(body["game"], "stockholm");
    assert_eq!(body["seats"], json!(["white", "black"]));
    let positions = body["positions"].as_array().unwrap();
    let moves = body["moves"].as_array().unwrap();
    assert_eq!(
        positions.len(),
        MOVES.len() + 2,
        "start, six moves, the resignation"
    );
    assert_eq!(moves.len(), MOVES.len() + 1);
    let clip = body["clip"].as_i64().unwrap();
    for p in positions {
        let (w, b) = (
            p["scores"]["white"].as_i64().unwrap(),
            p["scores"]["black"].as_i64().unwrap(),
        );
        assert_eq!(w, -b, "{p}");
        assert!(w.abs() <= clip);
    }
    // White resigned: the last position is Black's win.
    assert_eq!(positions.last().unwrap()["scores"]["black"], json!(clip));
    let blunder = &moves[BLUNDER_INDEX];
    assert_eq!(blunder["notation"], MOVES[BLUNDER_INDEX]);
    assert_eq!(blunder["seat"], "white");
    assert_eq!(blunder["mark"], "blunder", "{blunder}");
    assert_eq!(blunder["symbol"], "??");
    assert!(blunder["loss"].as_i64().unwrap() >= body["thresholds"]["blunder"].as_i64().unwrap());
    let best = blunder["best"].as_str().unwrap();
    let pos = before_blunder();
    let best_mv = pos.parse_move(best).expect("the best move is legal there");
    assert!(pos.is_legal(&best_mv));
    assert_ne!(best, MOVES[BLUNDER_INDEX]);
    assert_eq!(moves[MOVES.len()]["notation"], "resign white");
    assert_eq!(moves[MOVES.len()]["mark"], Value::Null);

    // Stored, and from now on served from the database without computing again.
    assert_eq!(
        s.state.store.analysis(id).await.unwrap().as_deref(),
        Some(text.as_str())
    );
    let (status, _, again) = get(&s, &path).await;
    assert_eq!(status, 200);
    assert_eq!(again, text);
    let (_, game, _) = get(&s, &format!("/api/history/{room}")).await;
    assert_eq!(game["analysis"], "ready");
    assert_eq!(s.state.analyses.started(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_on_sqlite() {
    let url = clubdb::fresh(clubdb::Backend::Sqlite).await.unwrap();
    analysis_over_http(url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analysis_on_postgres() {
    let Some(url) = clubdb::fresh(clubdb::Backend::Postgres).await else {
        return;
    };
    analysis_over_http(url).await;
}

#[test]
fn analyse_command_prints_a_table_with_the_blunder() {
    let dir = std::env::temp_dir().join(format!("checkerhall-analyse-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, format!("{}\nresign white\n", MOVES.join(" "))).unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_checkerhall"))
            .args(args)
            .output()
            .unwrap()
    };
    let path = file.to_str().unwrap();
    let out = run(&["analyse", "--game", "stockholm", "--record", path]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].contains("ply") && lines[1].contains("White") && lines[1].contains("Black"));
    assert_eq!(lines.len(), 2 + MOVES.len() + 2, "{text}");
    let row: Vec<&str> = lines[2 + BLUNDER_INDEX + 1].split_whitespace().collect();
    assert_eq!(row[0], "5", "{text}");
    assert_eq!(row[1], MOVES[BLUNDER_INDEX], "{text}");
    assert_eq!(row[5], "??", "{text}");
    let pos = before_blunder();
    assert!(
        pos.parse_move(row[4]).is_ok(),
        "best move {} is legal",
        row[4]
    );
    assert!(lines.last().unwrap().contains("resign white"));

    // The server's record export reads the same (its [Game] tag included).
    let exported = dir.join("export.txt");
    std::fs::write(
        &exported,
        format!(
            "[Game \"stockholm\"]\n[White \"Ann\"]\n{}\n",
            MOVES.join(" ")
        ),
    )
    .unwrap();
    let out = run(&[
        "analyse",
        "--game",
        "stockholm",
        "--record",
        exported.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().count(),
        2 + MOVES.len() + 1
    );

    // Typed refusals, exit status 2.
    let out = run(&[
        "analyse",
        "--game",
        "queah",
        "--record",
        exported.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not queah"));
    let out = run(&[
        "analyse",
        "--game",
        "stockholm",
        "--record",
        "/nonexistent/game.txt",
    ]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::write(&file, "g3-f4 g3-f4\n").unwrap();
    let out = run(&["analyse", "--game", "stockholm", "--record", path]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad record"));
    let _ = std::fs::remove_dir_all(&dir);
}
