//! Every command in every room state: the ones that do not apply are refused with a typed
//! error and change nothing; the ones that do, work.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    AbortReason, Actor, Bot, Command, EventKind, FirstSeat, LobbyError, Room, RoomConfig,
    RoomState, TimeControl, Visibility,
};
use rules::{MoveError, Variant};
use uuid::Uuid;

pub(crate) const SPECTATOR: u128 = 3;

pub(crate) fn stockholm() -> RoomConfig {
    config(options(Variant::Stockholm, &[]))
}

/// Host at White, Black free.
pub(crate) fn waiting() -> Room {
    seated(stockholm(), &[(HOST, W)])
}

/// Host White, player 2 Black; White to move, nobody has moved.
pub(crate) fn playing() -> Room {
    started(stockholm(), &[(HOST, W), (2, B)], FirstSeat::Lot(0))
}

/// White resigned.
pub(crate) fn finished() -> Room {
    let mut room = playing();
    // Both seats move first: a resignation before is an abort.
    play_round(&mut room, t(0));
    ok(&mut room, &player(HOST), t(1), Command::Resign);
    room
}

fn aborted() -> Room {
    let mut room = playing();
    ok(&mut room, &player(2), t(1), Command::Abort);
    room
}

fn bot() -> Bot {
    Bot {
        kind: "random".into(),
        level: 1,
    }
}

fn rematch() -> Command {
    Command::Rematch {
        new_room: Uuid::from_u128(2000),
        lot: 0,
    }
}

/// Every command, with an actor to send it.
fn every_command() -> Vec<(Actor, Command)> {
    vec![
        (player(2), Command::TakeSeat { seat: Some(B) }),
        (player(HOST), Command::ChangeSeat { seat: B }),
        (player(HOST), Command::LeaveSeat),
        (
            player(HOST),
            Command::SetBot {
                seat: B,
                bot: bot(),
            },
        ),
        (player(HOST), Command::RemoveBot { seat: B }),
        (
            player(HOST),
            Command::Start {
                first: FirstSeat::Lot(0),
            },
        ),
        (
            player(HOST),
            Command::Move {
                text: "c3-d4".into(),
            },
        ),
        (player(HOST), Command::Resign),
        (player(HOST), Command::Leave),
        (player(HOST), Command::OfferDraw),
        (player(HOST), Command::AcceptDraw),
        (player(HOST), Command::DeclineDraw),
        (player(HOST), Command::Abort),
        (player(HOST), rematch()),
        (player(HOST), Command::ClaimVictory),
        (player(HOST), Command::ClaimDraw),
    ]
}

fn wrong_state(room: &Room, cmd: &Command) -> LobbyError {
    LobbyError::WrongState {
        state: room.state(),
        command: cmd.name(),
    }
}

#[test]
fn game_commands_are_refused_while_waiting() {
    for (actor, cmd) in every_command() {
        let mut room = waiting();
        let applies = matches!(
            cmd,
            Command::TakeSeat { .. }
                | Command::ChangeSeat { .. }
                | Command::LeaveSeat
                | Command::SetBot { .. }
                | Command::RemoveBot { .. }
                | Command::Start { .. }
                | Command::Leave
                | Command::Abort
        );
        if !applies {
            let expected = wrong_state(&room, &cmd);
            assert_eq!(refused(&mut room, &actor, t(5), cmd), expected);
        }
    }
}

#[test]
fn seating_commands_are_refused_once_started() {
    for make in [playing, finished, aborted] {
        for (actor, cmd) in every_command() {
            let mut room = make();
            let applies = match room.state() {
                RoomState::Playing => matches!(
                    cmd,
                    Command::Move { .. }
                        | Command::Resign
                        | Command::Leave
                        | Command::OfferDraw
                        | Command::AcceptDraw
                        | Command::DeclineDraw
                        | Command::Abort
                        | Command::ClaimVictory
                        | Command::ClaimDraw
                ),
                RoomState::Finished => matches!(cmd, Command::Rematch { .. }),
                _ => false,
            };
            if !applies {
                let expected = wrong_state(&room, &cmd);
                assert_eq!(refused(&mut room, &actor, t(5), cmd), expected);
            }
        }
    }
}

#[test]
fn notices_apply_in_every_state() {
    for make in [waiting, playing, finished, aborted] {
        let mut room = make();
        let state = room.state();
        let events = ok(&mut room, &player(HOST), t(10), Command::Disconnect);
        assert!(
            matches!(
                events[0].kind,
                EventKind::Presence {
                    seat: W,
                    connected: false,
                    ..
                }
            ),
            "{state}"
        );
        // Saying it twice changes nothing.
        assert!(ok(&mut room, &player(HOST), t(11), Command::Disconnect).is_empty());
        let events = ok(&mut room, &player(HOST), t(12), Command::Connect);
        assert!(matches!(
            events[0].kind,
            EventKind::Presence {
                connected: true,
                ..
            }
        ));
        // Spectators come and go without events; the server's tick is always accepted.
        assert!(ok(&mut room, &player(SPECTATOR), t(13), Command::Connect).is_empty());
        assert!(ok(&mut room, &Actor::Server, t(14), Command::Tick).is_empty());
        // Notices are a participant's; ticks the server's.
        assert_eq!(
            refused(&mut room, &Actor::Server, t(15), Command::Connect),
            LobbyError::NotAParticipant
        );
        assert_eq!(
            refused(&mut room, &player(HOST), t(15), Command::Tick),
            LobbyError::ServerOnly
        );
        assert_eq!(
            refused(&mut room, &Actor::Bot(W), t(15), Command::Tick),
            LobbyError::ServerOnly
        );
    }
}

#[test]
fn waiting_room_refusals() {
    let mut room = waiting();
    let host = player(HOST);
    let p2 = player(2);
    let spectator = player(SPECTATOR);
    let cases: Vec<(&Actor, Command, LobbyError)> = vec![
        (
            &p2,
            Command::TakeSeat { seat: Some(W) },
            LobbyError::SeatTaken(W),
        ),
        (
            &p2,
            Command::TakeSeat { seat: Some(R) },
            LobbyError::NoSuchSeat(R),
        ),
        (
            &host,
            Command::TakeSeat { seat: None },
            LobbyError::AlreadySeated(W),
        ),
        (
            &Actor::Server,
            Command::TakeSeat { seat: None },
            LobbyError::NotAParticipant,
        ),
        (
            &Actor::Bot(B),
            Command::TakeSeat { seat: None },
            LobbyError::NotAParticipant,
        ),
        (
            &spectator,
            Command::ChangeSeat { seat: B },
            LobbyError::NotSeated,
        ),
        (
            &host,
            Command::ChangeSeat { seat: W },
            LobbyError::SeatTaken(W),
        ),
        (
            &host,
            Command::ChangeSeat { seat: G },
            LobbyError::NoSuchSeat(G),
        ),
        (&spectator, Command::LeaveSeat, LobbyError::NotSeated),
        (&spectator, Command::Leave, LobbyError::NotSeated),
        (
            &p2,
            Command::SetBot {
                seat: B,
                bot: bot(),
            },
            LobbyError::NotHost,
        ),
        (
            &Actor::Server,
            Command::SetBot {
                seat: B,
                bot: bot(),
            },
            LobbyError::NotAParticipant,
        ),
        (
            &host,
            Command::SetBot {
                seat: W,
                bot: bot(),
            },
            LobbyError::SeatTaken(W),
        ),
        (
            &host,
            Command::SetBot {
                seat: R,
                bot: bot(),
            },
            LobbyError::NoSuchSeat(R),
        ),
        (&host, Command::RemoveBot { seat: B }, LobbyError::NoBot(B)),
        (&host, Command::RemoveBot { seat: W }, LobbyError::NoBot(W)),
        (&p2, Command::RemoveBot { seat: B }, LobbyError::NotHost),
        (
            &p2,
            Command::Start {
                first: FirstSeat::Lot(0),
            },
            LobbyError::NotHost,
        ),
        (
            &host,
            Command::Start {
                first: FirstSeat::Lot(0),
            },
            LobbyError::NotAllSeatsTaken,
        ),
        (&p2, Command::Abort, LobbyError::NotHost),
        (&Actor::Bot(B), Command::Abort, LobbyError::NotAParticipant),
    ];
    for (actor, cmd, expected) in cases {
        assert_eq!(refused(&mut room, actor, t(5), cmd), expected);
    }

    // Full room: nobody else fits; the two-seat games' rules fix the first seat.
    ok(&mut room, &p2, t(6), Command::TakeSeat { seat: None });
    assert_eq!(room.seat_of(person(2).id), Some(B));
    assert_eq!(
        refused(
            &mut room,
            &spectator,
            t(7),
            Command::TakeSeat { seat: None }
        ),
        LobbyError::RoomFull
    );
    assert_eq!(
        refused(
            &mut room,
            &host,
            t(7),
            Command::Start {
                first: FirstSeat::Fixed(B)
            }
        ),
        LobbyError::FirstSeatNotAllowed(B)
    );
    assert_eq!(
        refused(
            &mut room,
            &host,
            t(7),
            Command::Start {
                first: FirstSeat::Fixed(R)
            }
        ),
        LobbyError::NoSuchSeat(R)
    );
}

#[test]
fn waiting_room_commands_work() {
    let mut room = waiting();
    let host = player(HOST);
    // Change seat, leave it, take any free one.
    let events = ok(&mut room, &host, t(1), Command::ChangeSeat { seat: B });
    assert!(
        matches!(&events[0].kind, EventKind::Seats { seats } if seats[W].is_none() && seats[B].is_some())
    );
    ok(&mut room, &host, t(2), Command::LeaveSeat);
    assert_eq!(room.seat_of(person(HOST).id), None);
    ok(&mut room, &host, t(3), Command::TakeSeat { seat: None });
    assert_eq!(room.seat_of(person(HOST).id), Some(W));
    // Bots: set, replace, remove, set again; the host may start a game against one.
    ok(
        &mut room,
        &host,
        t(4),
        Command::SetBot {
            seat: B,
            bot: bot(),
        },
    );
    let stronger = Bot {
        kind: "engine".into(),
        level: 5,
    };
    ok(
        &mut room,
        &host,
        t(5),
        Command::SetBot {
            seat: B,
            bot: stronger,
        },
    );
    assert_eq!(
        refused(
            &mut room,
            &player(2),
            t(5),
            Command::TakeSeat { seat: Some(B) }
        ),
        LobbyError::SeatTaken(B)
    );
    ok(&mut room, &host, t(6), Command::RemoveBot { seat: B });
    ok(
        &mut room,
        &host,
        t(7),
        Command::SetBot {
            seat: B,
            bot: bot(),
        },
    );
    let events = ok(
        &mut room,
        &host,
        t(8),
        Command::Start {
            first: FirstSeat::Lot(99),
        },
    );
    assert!(matches!(
        events[0].kind,
        EventKind::Started { first: W, .. }
    ));
    assert!(matches!(
        events[1].kind,
        EventKind::YourTurn { seat: W, .. }
    ));
    assert_eq!(room.state(), RoomState::Playing);
    // The bot answers through the server, for its own seat only.
    ok(
        &mut room,
        &host,
        t(9),
        Command::Move {
            text: "c3-d4".into(),
        },
    );
    assert_eq!(
        refused(
            &mut room,
            &Actor::Bot(W),
            t(10),
            Command::Move {
                text: "f6-e5".into()
            }
        ),
        LobbyError::NotABot(W)
    );
    assert_eq!(
        refused(
            &mut room,
            &Actor::Server,
            t(10),
            Command::Move {
                text: "f6-e5".into()
            }
        ),
        LobbyError::NotSeated
    );
    let events = ok(
        &mut room,
        &Actor::Bot(B),
        t(10),
        Command::Move {
            text: "f6-e5".into(),
        },
    );
    assert!(matches!(events[0].kind, EventKind::Moved { seat: B, .. }));
}

#[test]
fn leaving_before_the_start_frees_the_seat() {
    let mut room = seated(stockholm(), &[(HOST, W), (2, B)]);
    ok(&mut room, &player(2), t(1), Command::Leave);
    assert_eq!(room.seat_of(person(2).id), None);
    assert_eq!(room.state(), RoomState::Waiting);
}

#[test]
fn the_host_or_the_server_cancels_a_waiting_room() {
    let mut room = waiting();
    let events = ok(&mut room, &player(HOST), t(1), Command::Abort);
    assert!(matches!(
        events[0].kind,
        EventKind::Aborted {
            by: None,
            reason: AbortReason::Requested,
            seat: None
        }
    ));
    assert_eq!(room.state(), RoomState::Aborted);
    let mut room = waiting();
    ok(&mut room, &Actor::Server, t(1), Command::Abort);
    assert_eq!(room.state(), RoomState::Aborted);
}

#[test]
fn playing_room_refusals() {
    let mut room = playing();
    let host = player(HOST);
    let p2 = player(2);
    let spectator = player(SPECTATOR);
    let mv = |s: &str| Command::Move { text: s.into() };
    let cases: Vec<(&Actor, Command, LobbyError)> = vec![
        (&p2, mv("f6-e5"), LobbyError::NotYourTurn),
        (&p2, mv("c3-d4"), LobbyError::NotYourTurn),
        (&spectator, mv("c3-d4"), LobbyError::NotSeated),
        (&Actor::Server, mv("c3-d4"), LobbyError::NotSeated),
        (&Actor::Bot(W), mv("c3-d4"), LobbyError::NotABot(W)),
        (&spectator, Command::Resign, LobbyError::NotSeated),
        (&spectator, Command::Leave, LobbyError::NotSeated),
        (&Actor::Bot(B), Command::Leave, LobbyError::NotAParticipant),
        (&spectator, Command::OfferDraw, LobbyError::NotSeated),
        (&p2, Command::AcceptDraw, LobbyError::NoDrawOffer),
        (&p2, Command::DeclineDraw, LobbyError::NoDrawOffer),
        (&spectator, Command::Abort, LobbyError::NotSeated),
        (&Actor::Bot(B), Command::Abort, LobbyError::NotAParticipant),
        (
            &host,
            Command::ClaimVictory,
            LobbyError::ClaimNotOpen { opens_in_ms: None },
        ),
        (
            &p2,
            Command::ClaimDraw,
            LobbyError::ClaimNotOpen { opens_in_ms: None },
        ),
        (&spectator, Command::ClaimVictory, LobbyError::NotSeated),
    ];
    for (actor, cmd, expected) in cases {
        assert_eq!(refused(&mut room, actor, t(5), cmd), expected);
    }
    // Bad moves carry the rules' reason.
    match refused(&mut room, &host, t(5), mv("zz")) {
        LobbyError::IllegalMove(MoveError::Syntax(_)) => {}
        e => panic!("{e:?}"),
    }
    match refused(&mut room, &host, t(5), mv("c3-c4")) {
        LobbyError::IllegalMove(_) => {}
        e => panic!("{e:?}"),
    }
    match refused(&mut room, &host, t(5), mv("a3-c5")) {
        LobbyError::IllegalMove(MoveError::Illegal { .. }) => {}
        e => panic!("{e:?}"),
    }
    // An offer is pending: offering again is refused, and so is accepting one's own.
    ok(&mut room, &host, t(6), Command::OfferDraw);
    assert_eq!(
        refused(&mut room, &host, t(7), Command::OfferDraw),
        LobbyError::DrawAlreadyOffered
    );
    assert_eq!(
        refused(&mut room, &host, t(7), Command::AcceptDraw),
        LobbyError::NoDrawOffer
    );
    assert_eq!(
        refused(&mut room, &spectator, t(7), Command::DeclineDraw),
        LobbyError::NotSeated
    );
}

#[test]
fn finished_room_refusals_and_rematch_asks() {
    let mut room = finished();
    assert_eq!(
        refused(&mut room, &player(SPECTATOR), t(5), rematch()),
        LobbyError::NotSeated
    );
    assert_eq!(
        refused(&mut room, &Actor::Bot(B), t(5), rematch()),
        LobbyError::NotAParticipant
    );
    let events = ok(&mut room, &player(HOST), t(6), rematch());
    assert!(matches!(
        events[0].kind,
        EventKind::Rematch { room: None, .. }
    ));
    assert_eq!(
        refused(&mut room, &player(HOST), t(7), rematch()),
        LobbyError::RematchAlreadyAsked
    );
    let handled = room.handle(&player(2), t(8), rematch()).unwrap();
    assert!(handled.rematch.is_some());
    assert_eq!(
        refused(&mut room, &player(2), t(9), rematch()),
        LobbyError::RematchCreated(Uuid::from_u128(2000))
    );
}

#[test]
fn out_seats_cannot_act() {
    // Neva, three seats: Red resigns and can do nothing more in the game.
    let mut room = started(
        config(options(Variant::Neva, &[("seats", "3")])),
        &[(HOST, W), (2, R), (3, G)],
        FirstSeat::Fixed(W),
    );
    play_round(&mut room, t(0));
    ok(&mut room, &player(2), t(1), Command::Resign);
    for cmd in [
        Command::Resign,
        Command::Leave,
        Command::OfferDraw,
        Command::AcceptDraw,
        Command::DeclineDraw,
        Command::ClaimVictory,
        Command::ClaimDraw,
        Command::Move {
            text: "55-54".into(),
        },
    ] {
        assert_eq!(
            refused(&mut room, &player(2), t(2), cmd),
            LobbyError::SeatOut(R)
        );
    }
}

#[test]
fn configurations_are_validated() {
    let mut bad = stockholm();
    bad.time_control = TimeControl::Fischer {
        base_ms: 0,
        increment_ms: 5,
    };
    assert!(matches!(
        Room::new(bad, t(0)),
        Err(LobbyError::InvalidConfig(_))
    ));
    let mut bad = stockholm();
    bad.time_control = TimeControl::PerMove { limit_ms: 0 };
    assert!(matches!(
        Room::new(bad, t(0)),
        Err(LobbyError::InvalidConfig(_))
    ));
    let mut bad = stockholm();
    bad.visibility = Visibility::Private {
        invite_code: " ".into(),
    };
    assert!(matches!(
        Room::new(bad, t(0)),
        Err(LobbyError::InvalidConfig(_))
    ));
    // Options that bypassed `from_pairs` are validated again: teams need four seats.
    let o = rules::NevaOptions {
        seats: rules::SeatSet::of(&[W, R, G]),
        teams: true,
        ..rules::NevaOptions::default()
    };
    let err = Room::new(config(rules::AnyOptions::Neva(o)), t(0)).unwrap_err();
    assert_eq!(err.code(), "invalid_options");
    // A private room keeps its code out of what clients see.
    let mut private = stockholm();
    private.visibility = Visibility::Private {
        invite_code: "s3cret".into(),
    };
    let (room, events) = Room::new(private, t(0)).unwrap();
    let json = serde_json::to_string(&events).unwrap();
    assert!(!json.contains("s3cret"));
    assert!(room.snapshot(lobby::Viewer::Spectator).room.private);
}

#[test]
fn seats_and_layouts_follow_the_options() {
    let two = Room::new(stockholm(), t(0)).unwrap().0;
    assert_eq!(two.layout(), rules::SeatSet::TWO);
    let neva3 = Room::new(
        config(options(Variant::Neva, &[("seats", "white,red,black")])),
        t(0),
    )
    .unwrap()
    .0;
    assert_eq!(neva3.layout(), rules::SeatSet::of(&[W, R, B]));
    let neva2 = Room::new(
        config(options(Variant::Neva, &[("seats", "red,black")])),
        t(0),
    )
    .unwrap()
    .0;
    assert_eq!(neva2.layout(), rules::SeatSet::of(&[R, B]));
}

#[test]
fn set_bot_accepts_only_existing_kinds_and_levels() {
    let mut room = waiting();
    let host = player(HOST);
    for (kind, level) in [
        ("engine", 0),
        ("engine", 6),
        ("random", 2),
        ("minimax", 1),
        ("", 1),
    ] {
        let bot = Bot {
            kind: kind.into(),
            level,
        };
        assert_eq!(
            refused(&mut room, &host, t(1), Command::SetBot { seat: B, bot }),
            LobbyError::UnknownBot {
                kind: kind.into(),
                level
            }
        );
    }
    for level in 1..=5 {
        let bot = Bot {
            kind: "engine".into(),
            level,
        };
        ok(&mut room, &host, t(2), Command::SetBot { seat: B, bot });
    }
}
