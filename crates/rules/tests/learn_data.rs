//! The rules pages' positions to try and games to step through
//! (`web/js/learn/engine-data.js`) are computed by this engine, not typed by hand: the
//! browser needs no server round trip and works offline, and this test fails when the
//! file no longer matches the rules. To write the file again after a rules change:
//! `LEARN_DATA_WRITE=1 cargo test -p checkerhall-rules --test learn_data`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use rules::{AnyOptions, AnyPosition, Departure, Move, Variant};
use serde_json::{json, Map, Value};

#[path = "data/training_game.rs"]
mod training_game;

/// Another reading of a try-position: its legal moves that the real rules refuse are the
/// wrong answers the page explains.
struct Alt {
    /// Another position string (same squares for the pieces that move), or the same one.
    position: Option<&'static str>,
    /// Options changed for this reading.
    options: &'static [(&'static str, &'static str)],
}

/// A position in which the player is asked to find a move.
struct Try {
    id: &'static str,
    variant: Variant,
    options: &'static [(&'static str, &'static str)],
    position: &'static str,
    /// Moves played from `position` before the question (a seed's game leading up to it).
    before: &'static [&'static str],
    /// The moves the page names as the answer; empty: every legal move.
    want: &'static [&'static str],
    /// Every legal move taking the most pieces is an answer (the seed's `want` among them).
    most: bool,
    alts: &'static [Alt],
}

const SAME: Option<&str> = None;

const TRIES: &[Try] = &[
    // Neva: a man captures in every direction, backwards too, and must.
    Try {
        id: "neva-capture-back",
        variant: Variant::Neva,
        options: &[],
        position: "W:W33,16:R23,66:G61:B11",
        before: &[],
        want: &[],
        most: false,
        alts: &[Alt {
            position: Some("W:W33,16:R66:G61:B11"),
            options: &[],
        }],
    },
    // Neva: a man is crowned only when its move ends on its target corner.
    Try {
        id: "neva-crown",
        variant: Variant::Neva,
        options: &[],
        position: "W:W62,16:R66:G41:B11",
        before: &[],
        want: &["62-61"],
        most: false,
        alts: &[],
    },
    // Queah: after losing a piece, bring one back from the reserve first, then move.
    Try {
        id: "queah-drop",
        variant: Variant::Queah,
        options: &[],
        position: "W:Wa1,e1,e5:Bb2,d2,d4,a5:reserve=W1:owe=W",
        before: &[],
        want: &[],
        most: false,
        alts: &[],
    },
    // Queah: a piece may not step straight back at once.
    Try {
        id: "queah-no-reverse",
        variant: Variant::Queah,
        options: &[],
        position: "W:Wc3,e1,a1,c1:Ba5,b4,c5,e5:reserve=W6,B6:rev=Wd2-c3",
        before: &[],
        want: &[],
        most: false,
        alts: &[Alt {
            position: Some("W:Wc3,e1,a1,c1:Ba5,b4,c5,e5:reserve=W6,B6"),
            options: &[],
        }],
    },
    // Give and Take: the man that just moved must be taken, and the capture goes on.
    Try {
        id: "giveandtake-hot",
        variant: Variant::GiveAndTake,
        options: &[],
        position: "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,c3,d3,e3,f3,g3,h3:\
                   Ba6,b6,c6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7",
        before: &["c3c4", "c6c5"],
        want: &[],
        most: false,
        alts: &[Alt {
            position: Some(
                "W:Wa2,b2,c2,d2,e2,f2,g2,h2,a3,b3,d3,e3,f3,g3,h3,c4:\
                 Ba6,b6,d6,e6,f6,g6,h6,a7,b7,c7,d7,e7,f7,g7,h7,c5",
            ),
            options: &[],
        }],
    },
    // Give and Take: the seed's king capture, turning round twice over emptied squares.
    Try {
        id: "giveandtake-king",
        variant: Variant::GiveAndTake,
        options: &[],
        position: "W:WKe5:Be7,e3,c2,f2",
        before: &[],
        want: &["e5xe8xe2xa2xh2", "e5xe8xe2xb2xh2"],
        most: true,
        alts: &[],
    },
    // Give and Take: Elis-McCallion, the lone man crowned and its nine captures.
    Try {
        id: "giveandtake-mccallion",
        variant: Variant::GiveAndTake,
        options: &[],
        position: "W:Wc2,f2,g2,c3,d3,h3,f5:Ba3,b4,e4,c5,d5,h5,a6,h6,d7",
        before: &[
            "d3d4", "d5xd3xb3", "h3h4", "h5xh3", "g2g3", "h3xf3xf1", "c2b2", "b3xb1",
        ],
        want: &["f5xa5xa7xh7xh1xe1xa1xa4xd4xf4"],
        most: true,
        alts: &[],
    },
    // Stockholm: the seed's example against the Brazilian reading.
    Try {
        id: "stockholm-deferred",
        variant: Variant::Stockholm,
        options: &[],
        position: "W:We5,f2:Bb4,b6,d4,g3,g5",
        before: &[],
        want: &[],
        most: false,
        alts: &[Alt {
            position: SAME,
            options: &[("deferred_backward_capture", "false")],
        }],
    },
    // Stockholm: the longest capture must be taken.
    Try {
        id: "stockholm-longest",
        variant: Variant::Stockholm,
        options: &[],
        position: "W:Wc3,h2:Bd4,f6,g3,a7",
        before: &[],
        want: &[],
        most: false,
        alts: &[Alt {
            position: SAME,
            options: &[("max_capture", "false")],
        }],
    },
];

/// A seed's game to step through.
struct Game {
    id: &'static str,
    variant: Variant,
    /// The position the game starts from; `None`: the game's usual start.
    position: Option<&'static str>,
    moves: &'static [&'static str],
}

const GAMES: &[Game] = &[
    Game {
        id: "giveandtake-mccallion",
        variant: Variant::GiveAndTake,
        position: Some("W:Wc2,f2,g2,c3,d3,h3,f5:Ba3,b4,e4,c5,d5,h5,a6,h6,d7"),
        moves: &[
            "d3d4",
            "d5xd3xb3",
            "h3h4",
            "h5xh3",
            "g2g3",
            "h3xf3xf1",
            "c2b2",
            "b3xb1",
            "f5xa5xa7xh7xh1xe1xa1xa4xd4xf4",
        ],
    },
    // A whole game from the start, played by this engine's tools (captures first), to the
    // last piece: drops from the reserve after each loss, captures, and the end.
    Game {
        id: "queah-example",
        variant: Variant::Queah,
        position: None,
        moves: &[
            "b2-a3",
            "d4-e3",
            "d2-c3",
            "b4xd2",
            "@b2,e1xc3",
            "@d2,d2xb4",
            "@e1,c1-d2",
            "e3xc1",
            "@c3,b2-a1",
            "b4xd2",
            "@d4,e1xc3",
            "@b4,c5xe3",
            "@e1,a3xc5",
            "@d4,d4xb2",
            "@d4,a1xc3",
            "@b4,b4xd2",
            "e1xc3",
            "@b4,b4xd2",
            "c5-b4",
            "e3xc5",
            "b4-c3",
            "d2xb4",
        ],
    },
    // A whole game from the start, played the same way: exchanges, a double capture, a
    // king crowned on e1 that captures from afar, to the last piece.
    Game {
        id: "stockholm-example",
        variant: Variant::Stockholm,
        position: None,
        moves: &[
            "g3-f4", "b6-a5", "e3-d4", "a5-b4", "c3xa5", "f6-e5", "d4xf6", "g7xe5xg3", "h2xf4",
            "h8-g7", "f4-g5", "h6xf4", "d2-e3", "f4xd2", "c1xe3", "g7-f6", "b2-c3", "d6-c5",
            "c3-d4", "c7-d6", "d4xb6", "a7xc5", "g1-h2", "c5-b4", "a3xc5", "d6xb4", "e3-f4",
            "e7-d6", "f2-e3", "b8-a7", "a5-b6", "a7xc5", "e1-d2", "d8-c7", "d2-c3", "b4xd2",
            "f4-e5", "f6xd4xf2", "a1-b2", "f2-e1", "h2-g3", "e1xh4", "b2-a3", "h4-f2", "a3-b4",
            "c5xa3",
        ],
    },
];

fn options(v: Variant, pairs: &[(&str, &str)]) -> AnyOptions {
    let mut o = AnyOptions::default_for(v);
    for (k, val) in pairs {
        o.set(k, val).unwrap();
    }
    o
}

fn position(v: Variant, text: &str, o: &AnyOptions) -> AnyPosition {
    AnyPosition::from_position_string(v, text, o).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A move as the server sends legal moves (docs/protocol.md), which the board takes.
fn move_json(p: &AnyPosition, mv: &Move) -> Value {
    let v = p.variant();
    let name = |sq| v.square(sq).to_string();
    json!({
        "text": p.move_to_string(mv),
        "origin": mv.origin().map(name),
        "path": mv.path().iter().map(|&s| name(s)).collect::<Vec<_>>(),
        "captured": mv.captured().iter().map(|&s| name(s)).collect::<Vec<_>>(),
        "drop": mv.drop().map(name),
        "promotes": mv.promotes(),
    })
}

fn play(p: AnyPosition, text: &str) -> (AnyPosition, Value) {
    let mv = p
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.position_string()));
    let shown = move_json(&p, &mv);
    (p.play(&mv).unwrap(), shown)
}

fn pairs_json(pairs: &[(&str, &str)]) -> Value {
    Value::Object(
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), Value::from(*v)))
            .collect::<Map<_, _>>(),
    )
}

fn try_json(t: &Try) -> Value {
    let o = options(t.variant, t.options);
    let mut p = position(t.variant, t.position, &o);
    // The squares of the last move played before the question, for the board's highlight.
    let mut last: Vec<Value> = Vec::new();
    for m in t.before {
        let (next, mv) = play(p, m);
        p = next;
        last = [&mv["origin"]]
            .into_iter()
            .chain(mv["path"].as_array().unwrap())
            .chain([&mv["drop"]])
            .filter(|v| !v.is_null())
            .cloned()
            .collect();
    }
    let text = p.position_string();
    let legal: Vec<Value> = p.legal_moves().iter().map(|m| move_json(&p, m)).collect();
    let legal_texts: Vec<&str> = legal.iter().map(|m| m["text"].as_str().unwrap()).collect();
    let most = legal
        .iter()
        .map(|m| m["captured"].as_array().unwrap().len())
        .max()
        .unwrap_or(0);
    for w in t.want {
        let m = legal.iter().find(|m| m["text"] == *w);
        let m = m.unwrap_or_else(|| panic!("{}: {w} not in {legal_texts:?}", t.id));
        if t.most {
            assert_eq!(
                m["captured"].as_array().unwrap().len(),
                most,
                "{}: {w}",
                t.id
            );
        }
    }
    let mut wrong: Vec<Value> = Vec::new();
    for alt in t.alts {
        let mut pairs: Vec<(&str, &str)> = t.options.to_vec();
        pairs.extend_from_slice(alt.options);
        let ao = options(t.variant, &pairs);
        let ap = position(t.variant, alt.position.unwrap_or(&text), &ao);
        for m in ap.legal_moves().iter() {
            let j = move_json(&ap, m);
            let mt = j["text"].as_str().unwrap().to_string();
            if legal_texts.contains(&mt.as_str()) || wrong.iter().any(|w| w["text"] == mt) {
                continue;
            }
            // A wrong answer must be one the player can click in the real position.
            if let Some(origin) = m.origin() {
                let piece = p
                    .piece_at(origin)
                    .expect("a piece on a wrong move's origin");
                assert_eq!(Some(piece.seat), p.turn(), "{}: {mt}", t.id);
            }
            wrong.push(j);
        }
    }
    assert!(
        t.alts.is_empty() == wrong.is_empty(),
        "{}: alts give no wrong move",
        t.id
    );
    json!({
        "id": t.id,
        "game": t.variant.key(),
        "options": pairs_json(t.options),
        "position": text,
        "last": last,
        "legal": legal,
        "want": t.want,
        "most": t.most,
        "wrong": wrong,
    })
}

fn game_json(g: &Game) -> Value {
    let o = AnyOptions::default_for(g.variant);
    let mut p = match g.position {
        Some(text) => position(g.variant, text, &o),
        None => AnyPosition::new(g.variant, &o).unwrap(),
    };
    let start = p.position_string();
    let mut steps = Vec::new();
    for m in g.moves {
        let seat = p.turn().unwrap().key();
        let (next, mv) = play(p, m);
        p = next;
        steps.push(json!({ "seat": seat, "move": mv, "position": p.position_string() }));
    }
    json!({ "id": g.id, "game": g.variant.key(), "start": start, "steps": steps })
}

/// The seed's Neva training game, move by move, with the record's rounds.
fn training_json() -> Value {
    use training_game::Line;
    let o = AnyOptions::default_for(Variant::Neva);
    let mut p = AnyPosition::new(Variant::Neva, &o).unwrap();
    let start = p.position_string();
    let mut steps = Vec::new();
    for line in training_game::lines() {
        match line {
            Line::Slot(s) if s.is_null() => {}
            Line::Slot(s) => {
                assert_eq!(p.turn(), Some(s.seat));
                let (next, mv) = play(p, &s.text);
                p = next;
                steps.push(json!({
                    "round": s.round,
                    "seat": s.seat.key(),
                    "record": s.text,
                    "move": mv,
                    "position": p.position_string(),
                }));
            }
            Line::Resign(seat) => {
                p.depart(seat, Departure::Resign).unwrap();
                steps.push(json!({
                    "seat": seat.key(),
                    "resign": true,
                    "position": p.position_string(),
                }));
            }
        }
    }
    json!({ "id": "neva-training", "game": "neva", "start": start, "steps": steps })
}

/// Every option of every game (the rules pages have a paragraph for each).
fn options_json() -> Value {
    let mut out = Map::new();
    for v in Variant::ALL {
        let specs: Vec<Value> = AnyOptions::specs(v)
            .iter()
            .map(|s| json!({ "key": s.key, "default": s.default, "values": s.values }))
            .collect();
        out.insert(v.key().to_string(), Value::from(specs));
    }
    Value::Object(out)
}

/// One line per value of `items`, each compact: small diffs, and a file that loads fast.
fn lines(items: Vec<Value>) -> String {
    let rows: Vec<String> = items.iter().map(|v| format!("    {v}")).collect();
    format!("[\n{}\n  ]", rows.join(",\n"))
}

/// The data module of one game's rules page.
fn generate(v: Variant) -> String {
    let tries: Vec<Value> = TRIES
        .iter()
        .filter(|t| t.variant == v)
        .map(try_json)
        .collect();
    let mut games: Vec<Value> = GAMES
        .iter()
        .filter(|g| g.variant == v)
        .map(game_json)
        .collect();
    if v == Variant::Neva {
        games.push(training_json());
    }
    let options = &options_json()[v.key()];
    format!(
        "// Generated by crates/rules/tests/learn_data.rs from the rules engine: do not edit.\n\
         // The {} rules page's positions to try (legal and wrong moves), the seeds' games move\n\
         // by move, and the game's options.\n\
         export const DATA = {{\n  \"options\": {},\n  \"tries\": {},\n  \"games\": {}\n}};\n",
        v.name(),
        options,
        lines(tries),
        lines(games)
    )
}

#[test]
fn learn_data_matches_the_engine() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/js/learn/data");
    let write = std::env::var_os("LEARN_DATA_WRITE").is_some();
    for v in Variant::ALL {
        let path = dir.join(format!("{}.js", v.key()));
        let fresh = generate(v);
        if write {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &fresh).unwrap();
            continue;
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            stored == fresh,
            "{} is out of date: LEARN_DATA_WRITE=1 cargo test -p checkerhall-rules --test learn_data",
            path.display()
        );
    }
}
