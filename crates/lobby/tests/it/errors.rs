//! Every lobby error has a stable snake_case code, and each is provoked through the room:
//! the table of codes and the one case that provokes each.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::commands::{finished, playing, stockholm, waiting, SPECTATOR};
use crate::common::*;
use lobby::{
    Actor, Bot, ChatChannel, Command, FirstSeat, LobbyError, Room, RoomState, TimeControl,
};
use rules::{AnyOptions, MoveError, Variant};
use uuid::Uuid;

/// Each error's row in [`error_cases`]: an exhaustive match (no `_` arm), so that a new
/// `LobbyError` variant does not compile until it is listed here, and then fails
/// `error_codes_are_stable` until a row provokes it.
fn error_row(e: &LobbyError) -> usize {
    match e {
        LobbyError::InvalidOptions(_) => 0,
        LobbyError::InvalidConfig(_) => 1,
        LobbyError::WrongState { .. } => 2,
        LobbyError::NotAParticipant => 3,
        LobbyError::ServerOnly => 4,
        LobbyError::NotABot(_) => 5,
        LobbyError::NotSeated => 6,
        LobbyError::AlreadySeated(_) => 7,
        LobbyError::SeatTaken(_) => 8,
        LobbyError::NoSuchSeat(_) => 9,
        LobbyError::RoomFull => 10,
        LobbyError::NotHost => 11,
        LobbyError::NoBot(_) => 12,
        LobbyError::UnknownBot { .. } => 13,
        LobbyError::NotAllSeatsTaken => 14,
        LobbyError::FirstSeatNotAllowed(_) => 15,
        LobbyError::NotYourTurn => 16,
        LobbyError::SeatOut(_) => 17,
        LobbyError::IllegalMove(_) => 18,
        LobbyError::TooLateToAbort => 19,
        LobbyError::DrawAlreadyOffered => 20,
        LobbyError::NoDrawOffer => 21,
        LobbyError::ClaimNotOpen { .. } => 22,
        LobbyError::RematchAlreadyAsked => 23,
        LobbyError::RematchCreated(_) => 24,
        LobbyError::NoRematchRequest => 25,
        LobbyError::ChatEmpty => 26,
        LobbyError::ChatTooLong { .. } => 27,
        LobbyError::ChatTooFast { .. } => 28,
        LobbyError::ChatNotAllowed => 29,
        LobbyError::NoSuchChat(_) => 30,
        LobbyError::InvalidName { .. } => 31,
        LobbyError::AbortNotAllowed => 32,
        LobbyError::TakebackNotAllowed => 33,
        LobbyError::NothingToTakeBack => 34,
        LobbyError::TakebackAlreadyAsked => 35,
        LobbyError::NoTakebackRequest => 36,
    }
}

/// `refused` for one command in `room`.
fn refuse(mut room: Room, actor: Actor, cmd: Command) -> LobbyError {
    refused(&mut room, &actor, t(5), cmd)
}

fn mv(text: &str) -> Command {
    Command::Move { text: text.into() }
}

fn rematch_as(n: u128) -> Command {
    Command::Rematch {
        new_room: Uuid::from_u128(n),
        lot: 0,
    }
}

/// Host White and player 2 Black, both seated, not started.
fn full() -> Room {
    seated(stockholm(), &[(HOST, W), (2, B)])
}

/// Provokes one error.
type Provoke = fn() -> LobbyError;

/// Every error with its stable wire code, provoked through the room: `Room::new` for the
/// configuration errors, `Room::handle` (via `refused`, which checks that nothing changed)
/// for the others. In [`error_row`] order.
fn error_cases() -> Vec<(&'static str, Provoke)> {
    vec![
        ("invalid_options", || {
            // Teams need four seats; built directly, so that Room::new is what refuses it.
            let o = rules::NevaOptions {
                seats: rules::SeatSet::of(&[W, R, G]),
                teams: true,
                ..rules::NevaOptions::default()
            };
            Room::new(config(AnyOptions::Neva(o)), t(0)).unwrap_err()
        }),
        ("invalid_config", || {
            let no_time = TimeControl::Fischer {
                base_ms: 0,
                increment_ms: 0,
            };
            Room::new(
                config_timed(options(Variant::Stockholm, &[]), no_time),
                t(0),
            )
            .unwrap_err()
        }),
        ("wrong_state", || {
            refuse(waiting(), player(HOST), mv("c3-d4"))
        }),
        ("not_a_participant", || {
            refuse(waiting(), Actor::Bot(B), Command::TakeSeat { seat: None })
        }),
        ("server_only", || {
            refuse(playing(), player(HOST), Command::Tick)
        }),
        ("not_a_bot", || {
            refuse(playing(), Actor::Bot(B), mv("f6-e5"))
        }),
        ("not_seated", || {
            refuse(playing(), player(SPECTATOR), Command::Resign)
        }),
        ("already_seated", || {
            refuse(waiting(), player(HOST), Command::TakeSeat { seat: Some(B) })
        }),
        ("seat_taken", || {
            refuse(waiting(), player(2), Command::TakeSeat { seat: Some(W) })
        }),
        ("no_such_seat", || {
            refuse(waiting(), player(2), Command::TakeSeat { seat: Some(R) })
        }),
        ("room_full", || {
            refuse(full(), player(SPECTATOR), Command::TakeSeat { seat: None })
        }),
        ("not_host", || {
            let first = FirstSeat::Lot(0);
            refuse(full(), player(2), Command::Start { first })
        }),
        ("no_bot", || {
            refuse(waiting(), player(HOST), Command::RemoveBot { seat: B })
        }),
        ("unknown_bot", || {
            let bot = Bot {
                kind: "minimax".into(),
                level: 1,
            };
            refuse(waiting(), player(HOST), Command::SetBot { seat: B, bot })
        }),
        ("not_all_seats_taken", || {
            let first = FirstSeat::Lot(0);
            refuse(waiting(), player(HOST), Command::Start { first })
        }),
        ("first_seat_not_allowed", || {
            let first = FirstSeat::Fixed(B);
            refuse(full(), player(HOST), Command::Start { first })
        }),
        ("not_your_turn", || {
            refuse(playing(), player(2), mv("f6-e5"))
        }),
        ("seat_out", || {
            let seats = [(HOST, W), (5, R), (6, G), (7, B)];
            let neva = config(options(Variant::Neva, &[]));
            let mut room = counted(neva, &seats, FirstSeat::Fixed(W));
            ok(&mut room, &player(5), t(1), Command::Resign);
            refuse(room, player(5), Command::OfferDraw)
        }),
        ("illegal_move", || {
            refuse(playing(), player(HOST), mv("z9-z10"))
        }),
        ("too_late_to_abort", || {
            let mut room = playing();
            ok(&mut room, &player(HOST), t(1), mv("c3-d4"));
            ok(&mut room, &player(2), t(2), mv("f6-e5"));
            refuse(room, player(HOST), Command::Abort)
        }),
        ("draw_already_offered", || {
            let mut room = playing();
            ok(&mut room, &player(HOST), t(1), Command::OfferDraw);
            refuse(room, player(HOST), Command::OfferDraw)
        }),
        ("no_draw_offer", || {
            refuse(playing(), player(2), Command::AcceptDraw)
        }),
        ("claim_not_open", || {
            refuse(playing(), player(HOST), Command::ClaimVictory)
        }),
        ("rematch_already_asked", || {
            let mut room = finished();
            ok(&mut room, &player(HOST), t(2), rematch_as(77));
            refuse(room, player(HOST), rematch_as(77))
        }),
        ("rematch_created", || {
            let mut room = finished();
            ok(&mut room, &player(HOST), t(2), rematch_as(77));
            ok(&mut room, &player(2), t(3), rematch_as(77));
            refuse(room, player(HOST), rematch_as(78))
        }),
        ("no_rematch_request", || {
            refuse(finished(), player(2), Command::DeclineRematch)
        }),
        ("chat_empty", || {
            refuse(
                playing(),
                player(HOST),
                chat(ChatChannel::Players, " \n\u{7} "),
            )
        }),
        ("chat_too_long", || {
            let text = "x".repeat(lobby::CHAT_MAX_CHARS + 1);
            refuse(playing(), player(HOST), chat(ChatChannel::Players, &text))
        }),
        ("chat_too_fast", || {
            let mut room = playing();
            for i in 0..5 {
                ok(
                    &mut room,
                    &player(HOST),
                    t(i),
                    chat(ChatChannel::Players, "hi"),
                );
            }
            refuse(room, player(HOST), chat(ChatChannel::Players, "hi"))
        }),
        ("chat_not_allowed", || {
            refuse(playing(), player(HOST), chat(ChatChannel::Spectators, "hi"))
        }),
        ("no_such_chat", || {
            refuse(playing(), Actor::Server, Command::DeleteChat { id: 1 })
        }),
        ("invalid_name", || {
            let name = "  ".to_string();
            refuse(playing(), player(HOST), Command::Rename { name })
        }),
        ("abort_not_allowed", || {
            let mut c = stockholm();
            c.seated = vec![(W, person(HOST)), (B, person(2))];
            let (room, _) = Room::new(c, t(0)).unwrap();
            refuse(room, player(2), Command::Abort)
        }),
        ("takeback_not_allowed", || {
            let mut c = stockholm();
            c.rated = true;
            let mut room = started(c, &[(HOST, W), (2, B)], FirstSeat::Lot(0));
            ok(&mut room, &player(HOST), t(1), mv("c3-d4"));
            refuse(room, player(HOST), Command::AskTakeback)
        }),
        ("nothing_to_take_back", || {
            refuse(playing(), player(HOST), Command::AskTakeback)
        }),
        ("takeback_already_asked", || {
            let mut room = playing();
            ok(&mut room, &player(HOST), t(1), mv("c3-d4"));
            ok(&mut room, &player(HOST), t(2), Command::AskTakeback);
            refuse(room, player(HOST), Command::AskTakeback)
        }),
        ("no_takeback_request", || {
            refuse(playing(), player(2), Command::DeclineTakeback)
        }),
    ]
}

fn chat(channel: ChatChannel, text: &str) -> Command {
    Command::Chat {
        channel,
        text: text.into(),
    }
}

/// Every error has a stable snake_case code, unique, and each is provoked through the room.
#[test]
fn error_codes_are_stable() {
    let cases = error_cases();
    let mut seen = std::collections::BTreeSet::new();
    for (row, (code, provoke)) in cases.iter().enumerate() {
        let e = provoke();
        assert_eq!(e.code(), *code, "{e:?}");
        assert_eq!(error_row(&e), row, "{e:?} is not in its row");
        assert!(seen.insert(*code), "{code} twice");
        let snake = code.split('_').all(|w| {
            !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        });
        assert!(snake, "{code} is not snake_case");
    }
    // Rows 0 to n-1 of the exhaustive match were each provoked once, with distinct codes.
    assert_eq!(seen.len(), cases.len());
    assert_eq!(
        LobbyError::IllegalMove(MoveError::GameOver).code(),
        "illegal_move"
    );
    assert_eq!(
        LobbyError::WrongState {
            state: RoomState::Finished,
            command: "move"
        }
        .to_string(),
        "`move` is not possible while the room is finished"
    );
    assert_eq!(
        LobbyError::ClaimNotOpen {
            opens_in_ms: Some(1500)
        }
        .to_string(),
        "the claim is not open (opens in 1500 ms)"
    );
}
