//! The `checkerhall` binary's rules tools, run as a user would.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    match Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .args(args)
        .output()
    {
        Ok(out) => out,
        Err(e) => panic!("cannot run checkerhall: {e}"),
    }
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn perft_prints_both_conventions_with_speed() {
    let out = run(&["perft", "--game", "stockholm", "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("paths depth 3 nodes 302 "), "{text}");
    assert!(text.contains("dedup depth 3 nodes 302 "), "{text}");
    assert!(text.contains("nps "), "{text}");
}

#[test]
fn perft_divide_lists_every_first_move() {
    let out = run(&[
        "perft",
        "--game",
        "stockholm",
        "--depth",
        "2",
        "--divide",
        "--dedup",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let divide: Vec<&str> = text.lines().filter(|l| !l.starts_with("dedup")).collect();
    assert_eq!(divide.len(), 7, "{text}");
    assert!(divide.contains(&"c3-d4 7"), "{text}");
    assert!(text.contains("dedup depth 2 nodes 49 "), "{text}");
    assert!(!text.contains("paths"), "{text}");
}

#[test]
fn perft_takes_options_and_positions() {
    let out = run(&[
        "perft",
        "--game",
        "neva",
        "--option",
        "seats=white,green",
        "--depth",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("paths depth 1 nodes "));

    let out = run(&[
        "perft",
        "--game",
        "stockholm",
        "--position",
        "W:Wc3:Bd4,f6",
        "--depth",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("paths depth 1 nodes 1 "),
        "{}",
        stdout(&out)
    );
}

#[test]
fn moves_lists_legal_moves_after_playing() {
    let out = run(&["moves", "--game", "giveandtake", "--play", "c3c4 c6c5"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "c4xc6xc8\n");

    let out = run(&["moves", "--game", "stockholm"]);
    let moves: Vec<String> = stdout(&out).lines().map(str::to_string).collect();
    assert_eq!(moves.len(), 7);
    assert!(moves.contains(&"g3-h4".to_string()));
}

#[test]
fn moves_on_a_finished_game_prints_the_result_and_exits_0() {
    let stockholm = |position, play| {
        run(&[
            "moves",
            "--game",
            "stockholm",
            "--position",
            position,
            "--play",
            play,
        ])
    };
    // The last black piece is taken.
    let out = stockholm("W:Wc3:Bd4", "c3xe5");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "result: White wins (captured_all)\n");
    // A finished position given as such.
    let out = run(&["moves", "--game", "stockholm", "--position", "B:Wc3:B"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "result: White wins (captured_all)\n");
    // Kings shuffling back to the start position a third time: a draw by repetition.
    let out = stockholm(
        "W:WKa1:BKh2",
        "a1-b2 h2-g1 b2-a1 g1-h2 a1-b2 h2-g1 b2-a1 g1-h2",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "result: draw between White and Black (repetition)\n"
    );
    // Nothing can be played after the end.
    let out = stockholm("W:Wc3:Bd4", "c3xe5 d4-c3");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("move 2 `d4-c3`"), "{}", stderr(&out));
}

#[test]
fn bad_input_exits_2_naming_the_problem() {
    let cases: &[(&[&str], &str)] = &[
        (&["moves", "--game", "chess"], "unknown game `chess`"),
        (
            &[
                "moves",
                "--game",
                "stockholm",
                "--option",
                "king_halt=maybe",
            ],
            "bad value `maybe` for option `king_halt`",
        ),
        (
            &["moves", "--game", "stockholm", "--option", "colour=red"],
            "unknown option `colour`",
        ),
        (
            &["moves", "--game", "stockholm", "--option", "king_halt"],
            "not of the form key=value",
        ),
        (
            &["moves", "--game", "stockholm", "--position", "W:Wz9"],
            "`z9` is not a square of stockholm",
        ),
        (
            &["moves", "--game", "stockholm", "--play", "c3-d4 c3-d4"],
            "move 2 `c3-d4`",
        ),
        (
            &["moves", "--game", "neva", "--play", "25-26"],
            "illegal move `25-26`",
        ),
        (&["perft", "--game", "queah", "--depth", "0"], "bad depth 0"),
    ];
    for (args, expected) in cases {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(expected),
            "{args:?}: {} lacks {expected}",
            stderr(&out)
        );
    }
}
