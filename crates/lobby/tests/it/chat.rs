//! Chat, the spectator count and renames: who reads which channel, the limits, ids,
//! deletion, and refusals that change nothing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{
    Actor, Audience, ChatChannel, Command, EventKind, FirstSeat, LobbyError, Occupant, Room,
    Viewer, CHAT_KEEP, CHAT_MAX_CHARS,
};
use proptest::prelude::*;
use rules::Variant;

const SPECTATOR: u128 = 3;
const SPECTATOR_2: u128 = 4;

fn say(channel: ChatChannel, text: &str) -> Command {
    Command::Chat {
        channel,
        text: text.into(),
    }
}

fn players(text: &str) -> Command {
    say(ChatChannel::Players, text)
}

fn spectators(text: &str) -> Command {
    say(ChatChannel::Spectators, text)
}

/// Host White, player 2 Black; White to move.
fn playing() -> Room {
    started(
        config(options(Variant::Stockholm, &[])),
        &[(HOST, W), (2, B)],
        FirstSeat::Lot(0),
    )
}

/// The texts of the chat lines `viewer`'s snapshot holds.
fn read(room: &Room, viewer: Viewer) -> Vec<String> {
    room.snapshot(viewer)
        .chat
        .into_iter()
        .map(|l| l.text)
        .collect()
}

#[test]
fn players_and_spectators_talk_apart_during_the_game() {
    let mut room = playing();
    let events = ok(&mut room, &player(HOST), t(1), players("good luck"));
    let EventKind::Chat { line } = &events[0].kind else {
        panic!("{events:?}")
    };
    assert_eq!(line.id, 1);
    assert_eq!(line.channel, ChatChannel::Players);
    assert_eq!(line.seat, Some(W));
    assert_eq!(line.from, person(HOST));
    assert_eq!(line.at, t(1));
    assert_eq!(events[0].audience, Audience::Players);
    assert!(events[0].audience.admits(Viewer::Seat(B)));
    assert!(!events[0].audience.admits(Viewer::Spectator));

    let events = ok(&mut room, &player(SPECTATOR), t(2), spectators("White is lost"));
    assert_eq!(events[0].audience, Audience::Spectators);
    assert!(!events[0].audience.admits(Viewer::Seat(W)));
    assert!(!events[0].audience.admits(Viewer::Seat(B)));

    assert_eq!(read(&room, Viewer::Seat(W)), ["good luck"]);
    assert_eq!(read(&room, Viewer::Seat(B)), ["good luck"]);
    assert_eq!(read(&room, Viewer::Spectator), ["White is lost"]);
    // A seat that reconnects is not sent the spectators' line either.
    let lobby::Since::Events(missed) = room.events_since(0, Viewer::Seat(B)) else {
        panic!("resync")
    };
    assert!(!missed.iter().any(|e| matches!(
        &e.kind,
        EventKind::Chat { line } if line.channel == ChatChannel::Spectators
    )));

    // Once the game is over both channels are open to everyone.
    ok(&mut room, &player(2), t(3), Command::Resign);
    assert_eq!(read(&room, Viewer::Seat(W)), ["good luck", "White is lost"]);
    assert_eq!(read(&room, Viewer::Spectator), ["good luck", "White is lost"]);
    let events = ok(&mut room, &player(SPECTATOR), t(4), spectators("well played"));
    assert_eq!(events[0].audience, Audience::Everyone);
    let events = ok(&mut room, &player(2), t(5), players("thanks"));
    assert_eq!(events[0].audience, Audience::Everyone);
    let EventKind::Chat { line } = &events[0].kind else {
        panic!()
    };
    assert_eq!(line.id, 4, "ids run across both channels");
}

#[test]
fn the_waiting_room_has_both_channels_too() {
    let mut room = seated(config(options(Variant::Stockholm, &[])), &[(HOST, W)]);
    let events = ok(&mut room, &player(HOST), t(1), players("anyone?"));
    assert_eq!(events[0].audience, Audience::Players);
    let events = ok(&mut room, &player(SPECTATOR), t(2), spectators("me soon"));
    assert_eq!(events[0].audience, Audience::Spectators);
    assert_eq!(read(&room, Viewer::Seat(W)), ["anyone?"]);
    assert_eq!(read(&room, Viewer::Spectator), ["me soon"]);
}

#[test]
fn each_writes_only_in_its_own_channel() {
    let mut room = playing();
    assert_eq!(
        refused(&mut room, &player(HOST), t(1), spectators("psst")),
        LobbyError::ChatNotAllowed
    );
    assert_eq!(
        refused(&mut room, &player(SPECTATOR), t(1), players("psst")),
        LobbyError::ChatNotAllowed
    );
    assert_eq!(
        refused(&mut room, &Actor::Bot(B), t(1), players("beep")),
        LobbyError::NotAParticipant
    );
    assert_eq!(
        refused(&mut room, &Actor::Server, t(1), players("hello")),
        LobbyError::NotAParticipant
    );
}

#[test]
fn lines_are_cleaned_and_limited_in_length() {
    let mut room = playing();
    let events = ok(
        &mut room,
        &player(HOST),
        t(1),
        players("  hello\u{7}\tthere\n "),
    );
    let EventKind::Chat { line } = &events[0].kind else {
        panic!()
    };
    assert_eq!(line.text, "hello there");
    for blank in ["", "   ", "\n\t", "\u{7}\u{1b}"] {
        assert_eq!(
            refused(&mut room, &player(HOST), t(2), players(blank)),
            LobbyError::ChatEmpty
        );
    }
    // Characters count, not bytes.
    let most = "é".repeat(CHAT_MAX_CHARS);
    ok(&mut room, &player(HOST), t(3), players(&most));
    let too_long = "é".repeat(CHAT_MAX_CHARS + 1);
    assert_eq!(
        refused(&mut room, &player(HOST), t(4), players(&too_long)),
        LobbyError::ChatTooLong {
            max: CHAT_MAX_CHARS
        }
    );
    // Trimmed first: spaces around a full line do not count.
    ok(&mut room, &player(2), t(5), players(&format!("  {most}  ")));
}

#[test]
fn five_lines_per_ten_seconds_per_participant() {
    let mut room = playing();
    for i in 0..5 {
        ok(&mut room, &player(HOST), t(1_000 + i * 100), players("x"));
    }
    assert_eq!(
        refused(&mut room, &player(HOST), t(2_000), players("x")),
        LobbyError::ChatTooFast { retry_in_ms: 9_000 }
    );
    // Others are not held back by it.
    ok(&mut room, &player(2), t(2_000), players("y"));
    ok(&mut room, &player(SPECTATOR), t(2_000), spectators("z"));
    // Ten seconds after the first line, one more is allowed.
    assert!(matches!(
        refused(&mut room, &player(HOST), t(10_999), players("x")),
        LobbyError::ChatTooFast { retry_in_ms: 1 }
    ));
    ok(&mut room, &player(HOST), t(11_000), players("x"));
}

#[test]
fn the_room_keeps_the_last_hundred_lines_with_growing_ids() {
    let mut room = playing();
    let total = CHAT_KEEP as u64 + 20;
    for i in 0..total {
        ok(&mut room, &player(SPECTATOR), t(i * 2_000), spectators(&i.to_string()));
    }
    let lines = room.snapshot(Viewer::Spectator).chat;
    assert_eq!(lines.len(), CHAT_KEEP);
    assert_eq!(lines[0].id, 21);
    assert_eq!(lines[0].text, "20");
    assert_eq!(lines.last().unwrap().id, total as u32);
    assert!(lines.windows(2).all(|w| w[0].id + 1 == w[1].id));
}

#[test]
fn the_server_deletes_a_line() {
    let mut room = playing();
    ok(&mut room, &player(SPECTATOR), t(1), spectators("rude"));
    ok(&mut room, &player(SPECTATOR), t(2), spectators("fine"));
    assert_eq!(
        refused(&mut room, &player(HOST), t(3), Command::DeleteChat { id: 1 }),
        LobbyError::ServerOnly
    );
    for id in [0, 3] {
        assert_eq!(
            refused(&mut room, &Actor::Server, t(3), Command::DeleteChat { id }),
            LobbyError::NoSuchChat(id)
        );
    }
    let events = ok(&mut room, &Actor::Server, t(4), Command::DeleteChat { id: 1 });
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].audience, Audience::Everyone);
    assert!(matches!(events[0].kind, EventKind::ChatDeleted { id: 1 }));
    assert_eq!(read(&room, Viewer::Spectator), ["fine"]);
    // Finished: the deleted line stays out of everyone's snapshot.
    ok(&mut room, &player(HOST), t(5), Command::Resign);
    assert_eq!(read(&room, Viewer::Seat(W)), ["fine"]);
}

#[test]
fn the_watcher_count_is_told_when_it_changes() {
    let mut room = playing();
    assert_eq!(room.snapshot(Viewer::Spectator).watchers, 0);
    let events = ok(&mut room, &Actor::Server, t(1), Command::Watchers { count: 3 });
    assert!(matches!(events[0].kind, EventKind::Watchers { count: 3 }));
    assert_eq!(events[0].audience, Audience::Everyone);
    assert!(ok(&mut room, &Actor::Server, t(2), Command::Watchers { count: 3 }).is_empty());
    assert_eq!(room.snapshot(Viewer::Seat(W)).watchers, 3);
    assert_eq!(room.watchers(), 3);
    assert_eq!(
        refused(&mut room, &player(HOST), t(3), Command::Watchers { count: 9 }),
        LobbyError::ServerOnly
    );
}

#[test]
fn a_rename_reaches_the_seat_the_host_and_later_lines() {
    let mut room = playing();
    ok(&mut room, &player(HOST), t(1), players("before"));
    let rename = |name: &str| Command::Rename { name: name.into() };
    let events = ok(&mut room, &player(HOST), t(2), rename("  Ann  "));
    assert!(matches!(events[0].kind, EventKind::Seats { .. }));
    assert!(matches!(
        &events[1].kind,
        EventKind::Renamed { player: p, name } if *p == person(HOST).id && name == "Ann"
    ));
    assert!(events.iter().all(|e| e.audience == Audience::Everyone));
    let snap = room.snapshot(Viewer::Spectator);
    assert!(matches!(
        &snap.seats[W].as_ref().unwrap().occupant,
        Occupant::Player(p) if p.name == "Ann"
    ));
    assert_eq!(snap.room.host.name, "Ann");
    // The socket still carries the old name; the line takes the seat's.
    let events = ok(&mut room, &player(HOST), t(3), players("after"));
    let EventKind::Chat { line } = &events[0].kind else {
        panic!()
    };
    assert_eq!(line.from.name, "Ann");
    // The same name again changes nothing; a stranger's rename changes nothing here.
    assert!(ok(&mut room, &player(HOST), t(4), rename("Ann")).is_empty());
    assert!(ok(&mut room, &player(SPECTATOR_2), t(4), rename("Zed")).is_empty());
    for bad in ["", "   ", &"n".repeat(lobby::NAME_MAX_CHARS + 1)] {
        assert_eq!(
            refused(&mut room, &player(2), t(5), rename(bad)),
            LobbyError::InvalidName {
                max: lobby::NAME_MAX_CHARS
            }
        );
    }
    assert_eq!(
        refused(&mut room, &Actor::Server, t(5), rename("Srv")),
        LobbyError::NotAParticipant
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Whatever is said, moved or left, while the game is on (or before it) a seat never
    /// receives or reads a spectators' line, and a spectator never a players' line.
    #[test]
    fn chat_audiences_never_leak_while_playing(
        steps in prop::collection::vec((0u8..6, 0u8..8, 0u64..3_000), 1..60),
    ) {
        let mut room = seated(
            config(options(Variant::Stockholm, &[])),
            &[(HOST, W)],
        );
        let mut now = 0;
        for (who, what, dt) in steps {
            now += dt;
            let actor = player(u128::from(who) + 1);
            let cmd = match what {
                0 | 1 => players(&format!("p{now}")),
                2 | 3 => spectators(&format!("s{now}")),
                4 => Command::TakeSeat { seat: None },
                5 => Command::LeaveSeat,
                6 => Command::Start { first: FirstSeat::Lot(now) },
                _ => match room.turn() {
                    Some(_) => Command::Move { text: legal(&room)[0].clone() },
                    None => Command::Resign,
                },
            };
            let actor = match (&cmd, room.turn()) {
                (Command::Move { .. }, Some(turn)) => match room.occupant(turn) {
                    Some(Occupant::Player(p)) => Actor::Player(p.clone()),
                    _ => actor,
                },
                _ => actor,
            };
            let Ok(handled) = room.handle(&actor, t(now), cmd) else {
                continue;
            };
            let open = matches!(room.state(), lobby::RoomState::Waiting | lobby::RoomState::Playing);
            for e in &handled.events {
                if let EventKind::Chat { line } = &e.kind {
                    if open {
                        let expected = match line.channel {
                            ChatChannel::Players => Audience::Players,
                            ChatChannel::Spectators => Audience::Spectators,
                        };
                        prop_assert_eq!(e.audience, expected);
                    }
                }
            }
            if open {
                for s in rules::Seat::ALL {
                    let snap = room.snapshot(Viewer::Seat(s));
                    prop_assert!(snap.chat.iter().all(|l| l.channel == ChatChannel::Players));
                    if let lobby::Since::Events(events) = room.events_since(0, Viewer::Seat(s)) {
                        prop_assert!(!events.iter().any(|e| matches!(
                            &e.kind,
                            EventKind::Chat { line } if line.channel == ChatChannel::Spectators
                        )));
                    }
                }
                let snap = room.snapshot(Viewer::Spectator);
                prop_assert!(snap.chat.iter().all(|l| l.channel == ChatChannel::Spectators));
            }
        }
    }
}
