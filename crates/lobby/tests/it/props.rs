//! Random command sequences: the room never panics, never lets a wrong seat move, refuses
//! without changing anything, and its versions only grow.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    Actor, Audience, Bot, ChatChannel, Command, EventKind, FirstSeat, Occupant, Room, RoomConfig,
    RoomState, TimeControl, Viewer,
};
use proptest::prelude::*;
use rules::{Seat, Variant};
use uuid::Uuid;

fn setup(kind: usize) -> RoomConfig {
    let (variant, pairs, tc): (Variant, &[(&str, &str)], TimeControl) = match kind % 6 {
        0 => (Variant::Stockholm, &[], TimeControl::None),
        1 => (Variant::Neva, &[], TimeControl::PerMove { limit_ms: 1_500 }),
        2 => (
            Variant::Neva,
            &[("teams", "true")],
            TimeControl::Fischer {
                base_ms: 5_000,
                increment_ms: 500,
            },
        ),
        3 => (
            Variant::Queah,
            &[],
            TimeControl::Fischer {
                base_ms: 3_000,
                increment_ms: 0,
            },
        ),
        4 => (
            Variant::GiveAndTake,
            &[],
            TimeControl::PerMove { limit_ms: 2_000 },
        ),
        _ => (
            Variant::Neva,
            &[("seats", "white,red,black"), ("departed", "inert")],
            TimeControl::None,
        ),
    };
    let mut c = config_timed(options(variant, pairs), tc);
    c.grace_ms = 1_000;
    c
}

fn bot() -> Bot {
    Bot {
        kind: "engine".into(),
        level: 3,
    }
}

/// Every seat of the layout taken (the last by a bot when `bot_seat`), then started.
fn full_room(config: RoomConfig, lot: u64, bot_seat: bool) -> Room {
    let mut room = Room::new(config, t(0)).unwrap().0;
    let seats: Vec<Seat> = room.layout().iter().collect();
    for (i, &seat) in seats.iter().enumerate() {
        if bot_seat && i + 1 == seats.len() {
            ok(
                &mut room,
                &player(HOST),
                t(0),
                Command::SetBot { seat, bot: bot() },
            );
        } else {
            ok(
                &mut room,
                &player(i as u128 + 1),
                t(0),
                Command::TakeSeat { seat: Some(seat) },
            );
        }
    }
    ok(
        &mut room,
        &player(HOST),
        t(0),
        Command::Start {
            first: FirstSeat::Lot(lot),
        },
    );
    room
}

/// The actor for the seat to move: its player, or the server for its bot.
fn mover(room: &Room) -> Option<Actor> {
    let seat = room.turn()?;
    let snap = room.snapshot(Viewer::Spectator);
    match snap.seats[seat].as_ref().map(|s| &s.occupant) {
        Some(Occupant::Player(p)) => Some(Actor::Player(p.clone())),
        Some(Occupant::Bot(_)) => Some(Actor::Bot(seat)),
        None => None,
    }
}

/// A command from its index (0..38, moves weighted most) and a parameter.
fn command(room: &Room, index: u8, p: u64) -> Command {
    let seat = Seat::ALL[(p % 4) as usize];
    match index {
        0 => Command::TakeSeat {
            seat: (p % 5 != 4).then_some(seat),
        },
        1 => Command::ChangeSeat { seat },
        2 => Command::LeaveSeat,
        3 => Command::SetBot { seat, bot: bot() },
        4 => Command::RemoveBot { seat },
        5 => Command::Start {
            first: if p % 2 == 0 {
                FirstSeat::Lot(p)
            } else {
                FirstSeat::Fixed(seat)
            },
        },
        6..=16 => {
            let text = match room.turn() {
                Some(turn) if p % 9 != 0 => {
                    let moves = room
                        .snapshot(Viewer::Seat(turn))
                        .legal_moves
                        .unwrap_or_default();
                    if moves.is_empty() {
                        "a1-b2".to_string()
                    } else {
                        moves[(p as usize / 9) % moves.len()].text.clone()
                    }
                }
                _ => ["", "zz", "25-24", "c3-d4", "K16-66", "a1xh8"][(p % 6) as usize].to_string(),
            };
            Command::Move { text }
        }
        17 => Command::Resign,
        18 => Command::Leave,
        19 => Command::OfferDraw,
        20 => Command::AcceptDraw,
        21 => Command::DeclineDraw,
        22 => Command::Abort,
        23 | 24 => Command::Rematch {
            new_room: Uuid::from_u128(u128::from(p) + 5000),
            lot: p,
        },
        25 => Command::Connect,
        26 | 27 => Command::Disconnect,
        28 | 29 => Command::ClaimVictory,
        30 => Command::ClaimDraw,
        32 => Command::DeclineRematch,
        33 | 34 => Command::Chat {
            channel: if p % 2 == 0 {
                ChatChannel::Players
            } else {
                ChatChannel::Spectators
            },
            text: ["hi", "", "  gg  ", "\u{7}"][(p % 4) as usize].to_string(),
        },
        35 => Command::DeleteChat { id: (p % 4) as u32 },
        36 => Command::Watchers {
            count: (p % 3) as u32,
        },
        37 => Command::Rename {
            name: ["Ann", "", "Bob"][(p % 3) as usize].to_string(),
        },
        _ => Command::Tick,
    }
}

fn actor(room: &Room, index: u8, p: u64, is_move: bool) -> Actor {
    // Moves usually come from the seat to move, so games get played; the rest of the time
    // from anyone at all.
    if is_move && index < 6 {
        if let Some(a) = mover(room) {
            return a;
        }
    }
    match index {
        0..=5 => player(u128::from(index % 6) + 1),
        6 => Actor::Server,
        _ => Actor::Bot(Seat::ALL[(p % 4) as usize]),
    }
}

/// The seat `actor` acts for, if any.
fn acting_seat(room: &Room, actor: &Actor) -> Option<Seat> {
    match actor {
        Actor::Player(p) => room.seat_of(p.id),
        Actor::Bot(s) => Some(*s),
        Actor::Server => None,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_commands_keep_the_room_sound(
        kind in 0usize..6,
        prestart in any::<bool>(),
        lot in any::<u64>(),
        steps in prop::collection::vec((0u8..8, 0u8..38, any::<u64>(), 0u64..1_000), 1..80),
    ) {
        let mut room = if prestart {
            full_room(setup(kind), lot, lot % 3 == 0)
        } else {
            Room::new(setup(kind), t(0)).unwrap().0
        };
        let mut now = 0u64;
        for (actor_index, command_index, p, dt) in steps {
            // Time mostly goes forward; sometimes a late, out-of-order message arrives.
            // Time mostly moves on a little, sometimes a lot (flags, claims), and sometimes a
            // late, out-of-order message arrives.
            now = match dt % 23 {
                0 => now.saturating_sub(700),
                1..=3 => now + dt * 4,
                _ => now + dt / 8,
            };
            let cmd = command(&room, command_index, p);
            let is_move = matches!(cmd, Command::Move { .. });
            let actor = actor(&room, actor_index, p, is_move);
            let before = fingerprint(&room);
            let turn_before = room
                .snapshot(Viewer::Spectator)
                .board
                .and_then(|b| b.turn);
            let seat = acting_seat(&room, &actor);
            match room.handle(&actor, t(now), cmd) {
                Err(_) => prop_assert!(fingerprint(&room) == before, "a refusal changed the room"),
                Ok(handled) => {
                    let mut v = before.0;
                    let mut turn = turn_before;
                    for e in &handled.events {
                        prop_assert_eq!(e.version, v + 1);
                        v = e.version;
                        match &e.kind {
                            EventKind::Started { board, .. } | EventKind::Departed { board, .. } => {
                                turn = board.turn
                            }
                            EventKind::Moved { seat: moved, board, .. } => {
                                prop_assert_eq!(Some(*moved), turn, "only the seat to move moves");
                                prop_assert_eq!(Some(*moved), seat, "only the actor's own seat");
                                turn = board.turn;
                            }
                            EventKind::Finished { .. } => turn = None,
                            EventKind::YourTurn { seat: s, .. } | EventKind::Claim { seat: s, .. } => {
                                prop_assert_eq!(e.audience, Audience::Seat(*s));
                            }
                            // A line goes to its channel's readers while the game is on
                            // (or before it), to everyone after.
                            EventKind::Chat { line } => {
                                let channel = match line.channel {
                                    ChatChannel::Players => Audience::Players,
                                    ChatChannel::Spectators => Audience::Spectators,
                                };
                                let open = matches!(
                                    room.state(),
                                    RoomState::Waiting | RoomState::Playing
                                );
                                let expected = if open { channel } else { Audience::Everyone };
                                prop_assert_eq!(e.audience, expected);
                            }
                            _ => prop_assert_eq!(e.audience, Audience::Everyone),
                        }
                    }
                    prop_assert_eq!(room.version(), v);
                    prop_assert!(room.version() >= before.0);
                    if let Some(new) = handled.rematch {
                        prop_assert!(new.version() > 0);
                        prop_assert!(new.turn().is_some());
                    }
                }
            }
            serde_json::to_string(&room.snapshot(Viewer::Spectator)).unwrap();
        }
    }
}
