//! Takebacks by consent in casual games: asked, agreed, declined, withdrawn, lapsed;
//! granted at once against bots; refused in rated and tournament games; and a room taken
//! back plays on as one that never made those moves.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use lobby::{
    Actor, Bot, Command, EventKind, FirstSeat, LobbyError, Room, TakebackAction, TimeControl,
    Viewer,
};
use proptest::prelude::*;
use rules::{Seat, Variant};

use crate::common::*;

fn stockholm() -> rules::AnyOptions {
    options(Variant::Stockholm, &[])
}

/// The occupant of the seat to move, as an actor.
fn mover(room: &Room) -> Actor {
    let seat = room.turn().unwrap();
    match room.occupant(seat) {
        Some(lobby::Occupant::Player(p)) => Actor::Player(p.clone()),
        _ => Actor::Bot(seat),
    }
}

/// The seat to move plays its `pick`-th legal move (modulo their number) at `at`.
fn play(room: &mut Room, pick: usize, at: u64) -> String {
    let moves = legal(room);
    let mv = moves[pick % moves.len()].clone();
    let who = mover(room);
    ok(room, &who, t(at), Command::Move { text: mv.clone() });
    mv
}

/// What a player sees of the game: the board, the moves, whose turn, the legal moves.
fn game_seen(room: &Room, seat: Seat) -> (String, Vec<String>, Option<Seat>, Option<Vec<String>>) {
    let s = room.snapshot(Viewer::Seat(seat));
    let board = s.board.unwrap();
    (
        board.position,
        s.actions,
        board.turn,
        s.legal_moves
            .map(|m| m.into_iter().map(|m| m.text).collect()),
    )
}

fn two_players() -> Room {
    started(config(stockholm()), &[(1, W), (2, B)], FirstSeat::Lot(0))
}

/// White moves, Black answers, White asks: Black agrees and the game stands where it stood
/// before White's move (the start), White to move again; the store is told how many
/// moves went, and White may play another move.
#[test]
fn an_agreed_takeback_goes_back_before_the_askers_last_move() {
    let mut room = two_players();
    let start = game_seen(&room, W);
    play(&mut room, 0, 10);
    play(&mut room, 0, 20);
    let asked = ok(&mut room, &player(1), t(30), Command::AskTakeback);
    let request = asked
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Takeback {
                action: TakebackAction::Asked,
                request,
                ..
            } => *request,
            _ => None,
        })
        .unwrap();
    assert_eq!((request.by, request.plies), (W, 2));
    assert!(request.waiting_for.contains(B));
    assert_eq!(
        room.snapshot(Viewer::Spectator).takeback.map(|r| r.by),
        Some(W)
    );

    let agreed = ok(&mut room, &player(2), t(40), Command::AcceptTakeback);
    let (by, plies, remaining) = agreed
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::TookBack {
                by, plies, board, ..
            } => Some((*by, *plies, board.plies)),
            _ => None,
        })
        .unwrap();
    assert_eq!((by, plies, remaining), (W, 2, 0));
    assert!(has(&agreed, |k| matches!(
        k,
        EventKind::YourTurn { seat, .. } if *seat == W
    )));
    assert_eq!(game_seen(&room, W), start);
    assert_eq!(room.snapshot(Viewer::Spectator).takeback, None);
    let other = play(&mut room, 1, 50);
    assert_eq!(room.snapshot(Viewer::Spectator).actions, vec![other]);
}

/// Asked while it is the opponent's turn, a takeback takes back one move: the asker's.
#[test]
fn asked_before_the_answer_it_takes_back_one_move() {
    let mut room = two_players();
    let start = game_seen(&room, W);
    play(&mut room, 0, 10);
    ok(&mut room, &player(1), t(20), Command::AskTakeback);
    let agreed = ok(&mut room, &player(2), t(30), Command::AcceptTakeback);
    assert!(has(&agreed, |k| matches!(
        k,
        EventKind::TookBack { plies: 1, .. }
    )));
    assert_eq!(game_seen(&room, W), start);
}

/// The opponent may decline, the asker may withdraw; either way the game goes on as it
/// was and the request is gone.
#[test]
fn a_request_can_be_declined_or_withdrawn() {
    for (who, action) in [
        (2, TakebackAction::Declined),
        (1, TakebackAction::Withdrawn),
    ] {
        let mut room = two_players();
        play(&mut room, 0, 10);
        play(&mut room, 0, 20);
        let before = game_seen(&room, W);
        ok(&mut room, &player(1), t(30), Command::AskTakeback);
        let events = ok(&mut room, &player(who), t(40), Command::DeclineTakeback);
        assert!(has(&events, |k| matches!(
            k,
            EventKind::Takeback { action: a, request: None, .. } if *a == action
        )));
        assert_eq!(game_seen(&room, W), before);
        assert_eq!(room.snapshot(Viewer::Spectator).takeback, None);
        let err = refused(&mut room, &player(2), t(50), Command::AcceptTakeback);
        assert_eq!(err, LobbyError::NoTakebackRequest);
    }
}

/// A move made while a request waits lets it lapse.
#[test]
fn a_move_lets_the_request_lapse() {
    let mut room = two_players();
    play(&mut room, 0, 10);
    ok(&mut room, &player(1), t(20), Command::AskTakeback);
    let moved = {
        let mv = legal(&room)[0].clone();
        ok(&mut room, &player(2), t(30), Command::Move { text: mv })
    };
    assert!(has(&moved, |k| matches!(
        k,
        EventKind::Takeback {
            action: TakebackAction::Lapsed,
            ..
        }
    )));
    assert_eq!(room.snapshot(Viewer::Spectator).takeback, None);
}

/// What is refused, and why: nothing to take back before one's first move, a second
/// request while one waits, a spectator, and any takeback in a rated game or a tournament's.
#[test]
fn refusals() {
    let mut room = two_players();
    let err = refused(&mut room, &player(1), t(5), Command::AskTakeback);
    assert_eq!(err, LobbyError::NothingToTakeBack);
    play(&mut room, 0, 10);
    let err = refused(&mut room, &player(2), t(15), Command::AskTakeback);
    assert_eq!(err, LobbyError::NothingToTakeBack);
    ok(&mut room, &player(1), t(20), Command::AskTakeback);
    let err = refused(&mut room, &player(1), t(25), Command::AskTakeback);
    assert_eq!(err, LobbyError::TakebackAlreadyAsked);
    let err = refused(&mut room, &player(9), t(30), Command::AcceptTakeback);
    assert_eq!(err, LobbyError::NotSeated);

    let mut rated = config(stockholm());
    rated.rated = true;
    let mut room = started(rated, &[(1, W), (2, B)], FirstSeat::Lot(0));
    play(&mut room, 0, 10);
    let err = refused(&mut room, &player(1), t(20), Command::AskTakeback);
    assert_eq!(err, LobbyError::TakebackNotAllowed);

    let mut paired = config(stockholm());
    paired.seated = vec![(W, person(1)), (B, person(2))];
    let (mut room, _) = Room::new(paired, t(0)).unwrap();
    let who = mover(&room);
    let mv = legal(&room)[0].clone();
    ok(&mut room, &who, t(10), Command::Move { text: mv });
    let err = refused(&mut room, &player(1), t(20), Command::AskTakeback);
    assert_eq!(err, LobbyError::TakebackNotAllowed);
}

/// Against the computer nobody has to agree: the takeback is granted at once, and the
/// bot's answer goes with the player's move.
#[test]
fn against_a_bot_it_is_granted_at_once() {
    let mut room = seated(config(stockholm()), &[(1, W)]);
    ok(
        &mut room,
        &player(HOST),
        t(0),
        Command::SetBot {
            seat: B,
            bot: Bot {
                kind: "random".into(),
                level: 1,
            },
        },
    );
    ok(
        &mut room,
        &player(HOST),
        t(0),
        Command::Start {
            first: FirstSeat::Lot(0),
        },
    );
    let start = game_seen(&room, W);
    play(&mut room, 0, 10);
    play(&mut room, 0, 20);
    let events = ok(&mut room, &player(1), t(30), Command::AskTakeback);
    assert!(has(&events, |k| matches!(
        k,
        EventKind::TookBack { plies: 2, .. }
    )));
    assert!(!has(&events, |k| matches!(k, EventKind::Takeback { .. })));
    assert_eq!(game_seen(&room, W), start);
}

/// In a four-seat Neva game the three others must all agree; the asker's move and the
/// two made since are taken back, and the asker is to move again.
#[test]
fn in_neva_every_other_player_agrees() {
    let seats = [(1, W), (2, R), (3, G), (4, B)];
    let mut room = started(
        config(options(Variant::Neva, &[])),
        &seats,
        FirstSeat::Fixed(W),
    );
    play(&mut room, 0, 10);
    let before_red = game_seen(&room, R);
    play(&mut room, 0, 20);
    play(&mut room, 0, 30);
    play(&mut room, 0, 40);
    ok(&mut room, &player(2), t(50), Command::AskTakeback);
    ok(&mut room, &player(1), t(60), Command::AcceptTakeback);
    ok(&mut room, &player(3), t(70), Command::AcceptTakeback);
    assert!(room.snapshot(Viewer::Spectator).takeback.is_some());
    let done = ok(&mut room, &player(4), t(80), Command::AcceptTakeback);
    assert!(has(&done, |k| matches!(
        k,
        EventKind::TookBack { by, plies: 3, .. } if *by == R
    )));
    assert_eq!(game_seen(&room, R), before_red);
}

/// The clocks: nobody's time comes back, and the asker's clock runs from the takeback.
#[test]
fn time_is_not_given_back() {
    let control = TimeControl::Fischer {
        base_ms: 60_000,
        increment_ms: 0,
    };
    let mut room = started(
        config_timed(stockholm(), control),
        &[(1, W), (2, B)],
        FirstSeat::Lot(0),
    );
    play(&mut room, 0, 0);
    play(&mut room, 0, 0);
    play(&mut room, 0, 5_000);
    play(&mut room, 0, 9_000);
    let clocks = |room: &Room| {
        room.snapshot(Viewer::Spectator)
            .board
            .unwrap()
            .clocks
            .unwrap()
    };
    let before = clocks(&room);
    ok(&mut room, &player(1), t(10_000), Command::AskTakeback);
    ok(&mut room, &player(2), t(12_000), Command::AcceptTakeback);
    let after = clocks(&room);
    assert_eq!(after.running, Some(W));
    assert_eq!(after.since, t(12_000));
    // White was to move from 9 s to 12 s and is charged for it; Black's time taken by
    // the move taken back is not given back.
    assert_eq!(
        after.remaining_ms[W].unwrap(),
        before.remaining_ms[W].unwrap() - 3_000
    );
    assert_eq!(after.remaining_ms[B], before.remaining_ms[B]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A room whose last moves were taken back is, for every player, the room that never
    /// made them: same board, moves, turn and legal moves; and both play on alike.
    #[test]
    fn a_taken_back_game_is_the_game_without_those_moves(
        picks in prop::collection::vec(0usize..64, 1..30),
        after in prop::collection::vec(0usize..64, 0..10),
        neva in any::<bool>(),
        back in 0usize..4,
    ) {
        let (opts, seats): (_, Vec<(u128, Seat)>) = if neva {
            (options(Variant::Neva, &[]), vec![(1, W), (2, R), (3, G), (4, B)])
        } else {
            (stockholm(), vec![(1, W), (2, B)])
        };
        let mut room = started(config(opts.clone()), &seats, FirstSeat::Fixed(W));
        let mut plain = started(config(opts), &seats, FirstSeat::Fixed(W));
        let mut played = Vec::new();
        for (i, &p) in picks.iter().enumerate() {
            if room.turn().is_none() {
                break;
            }
            played.push((room.turn().unwrap(), p));
            play(&mut room, p, i as u64);
        }
        if room.turn().is_none() {
            return Ok(());
        }
        // The asker: the last mover, or one of those before it in the round.
        let back = back.min(played.len() - 1).min(seats.len() - 1);
        let asker = played[played.len() - 1 - back].0;
        // The asker's last move and those since are taken back: the plain room plays
        // only the moves before it.
        let last = played.iter().rposition(|(s, _)| *s == asker).unwrap();
        for (i, &(_, p)) in played[..last].iter().enumerate() {
            play(&mut plain, p, i as u64);
        }
        let n = seats.iter().find(|(_, s)| *s == asker).unwrap().0;
        if room.handle(&player(n), t(1_000), Command::AskTakeback).is_err() {
            // Out of the game by now (Neva): nothing to take back.
            return Ok(());
        }
        for &(m, s) in &seats {
            if s != asker && room.snapshot(Viewer::Spectator).takeback.is_some() {
                let _ = room.handle(&player(m), t(1_000), Command::AcceptTakeback);
            }
        }
        for &(_, s) in &seats {
            prop_assert_eq!(game_seen(&room, s), game_seen(&plain, s));
        }
        for (i, &p) in after.iter().enumerate() {
            if plain.turn().is_none() {
                break;
            }
            play(&mut room, p, 2_000 + i as u64);
            play(&mut plain, p, 2_000 + i as u64);
            prop_assert_eq!(game_seen(&room, W), game_seen(&plain, W));
        }
    }

    /// A takeback the store refused is undone: the room is exactly as before it.
    #[test]
    fn an_undone_takeback_puts_the_room_back(plies in 2usize..12) {
        let mut room = two_players();
        for i in 0..plies {
            if room.turn().is_none() {
                return Ok(());
            }
            play(&mut room, 0, 10 * (i as u64 + 1));
        }
        let Some(turn) = room.turn() else { return Ok(()) };
        let (asker, answer) = if turn == W { (1, 2) } else { (2, 1) };
        ok(&mut room, &player(asker), t(1_000), Command::AskTakeback);
        let before = fingerprint(&room);
        let (handled, undo) = room
            .handle_undoable(&player(answer), t(1_100), Command::AcceptTakeback)
            .unwrap();
        let took_back = has(&handled.events, |k| matches!(k, EventKind::TookBack { .. }));
        prop_assert!(took_back);
        room.undo(undo);
        prop_assert_eq!(fingerprint(&room), before);
        // And it plays on: the move after the undo is accepted.
        play(&mut room, 0, 1_200);
    }
}
