//! What the server's hot path relies on: the actions of a room without a replay,
//! the same texts in the events, and a refused command leaving the room exactly as it was.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::*;
use lobby::{Command, EventKind, FirstSeat, LobbyError, Viewer};
use proptest::prelude::*;
use rules::{AnyOptions, Seat, Variant};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// At every ply of random games: the action texts are the record's, the snapshot lists
    /// them, a refused move (the wrong seat's, or an illegal one) leaves the room exactly as
    /// it was (what every client could observe, history included), the accepted move's
    /// event carries the text the record stores, and the turn event's
    /// legal moves (kept as moves, written out only when serialised) are written exactly as
    /// the move views of the room's legal moves, key for key (the wire form clients read).
    #[test]
    fn actions_without_replay_and_exact_refusal(
        variant in prop::sample::select(vec![Variant::Stockholm, Variant::GiveAndTake, Variant::Queah]),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..90),
    ) {
        let seats = vec![(1, Seat::WHITE), (2, Seat::BLACK)];
        let mut room = started(
            config(AnyOptions::default_for(variant)),
            &seats,
            FirstSeat::Lot(0),
        );
        for (i, pick) in picks.iter().enumerate() {
            let Some(turn) = room.turn() else { break };
            let record = room.record().unwrap();
            prop_assert_eq!(room.action_texts(0), record.actions.clone());
            prop_assert_eq!(room.snapshot(Viewer::Spectator).actions, record.actions.clone());
            prop_assert_eq!(room.plies(), record.actions.len());
            let moves = legal(&room);
            let text = pick.get(&moves).clone();
            let who = seats.iter().find(|(_, s)| *s == turn).unwrap().0;
            let now = t(10 * (i as u64 + 1));
            let other = seats.iter().find(|(_, s)| *s != turn).unwrap().0;
            // `refused` checks that nothing an observer could see changed.
            let err = refused(&mut room, &player(other), now, Command::Move { text: text.clone() });
            prop_assert_eq!(err, LobbyError::NotYourTurn);
            let err = refused(&mut room, &player(who), now, Command::Move { text: "z9-z10".into() });
            prop_assert_eq!(err.code(), "illegal_move");
            let plies = room.plies();
            let events = ok(&mut room, &player(who), now, Command::Move { text: text.clone() });
            prop_assert_eq!(room.action_texts(plies), vec![text.clone()]);
            let moved: Vec<&str> = events
                .iter()
                .filter_map(|e| match &e.kind {
                    EventKind::Moved { mv, .. } => Some(mv.text.as_str()),
                    _ => None,
                })
                .collect();
            prop_assert_eq!(moved, vec![text.as_str()]);
            for e in &events {
                if let EventKind::YourTurn { legal_moves, .. } = &e.kind {
                    let views = room.legal_moves();
                    prop_assert_eq!(legal_moves.len(), views.len());
                    prop_assert_eq!(legal_moves.views().collect::<Vec<_>>(), views.clone());
                    prop_assert_eq!(
                        serde_json::to_string(legal_moves).unwrap(),
                        serde_json::to_string(&views).unwrap()
                    );
                }
            }
        }
    }
}
