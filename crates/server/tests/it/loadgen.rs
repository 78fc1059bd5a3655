//! The load generator's fixed-rate mode on a small scale, against a real server over real
//! sockets: the schedule's accounting that the scale runs of README "Performance" rely on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::sync::atomic::Ordering;
use std::time::Duration;

use common::Server;
use loadgen::client::Api;
use loadgen::play::{self, Pace, PlaySettings};

/// Four rooms at two moves a second for three seconds: 24 moves are due in the window, no
/// room moves before its slot or after the window (so the server makes no more), every
/// counted move was sent and its
/// delay from its slot recorded, the server's own timings of them were read from its
/// `/metrics`, and nothing failed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fixed_rate_run_keeps_to_its_schedule() {
    let s = Server::with_limits(|l| {
        l.identities_per_address_per_minute = 0;
        l.rooms_per_address_per_minute = 0;
        l.sockets_per_address = 0;
    })
    .await;
    let settings = PlaySettings {
        rooms: 4,
        game: "stockholm".into(),
        pace: Pace::PerSecond(2.0),
        duration: Duration::from_secs(3),
        max_moves: 1_000,
        progress: false,
        server_pid: None,
        record_acks: false,
    };
    let api = Api::new(s.addr).unwrap();
    let report = play::run(&api, &settings, Vec::new()).await.unwrap();
    play::print(&report);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert!(report.moves > 0);
    assert!(report.moves <= 24, "{} moves, 24 due", report.moves);
    // Nor did any table send the move of a slot after the window (each used to, while the
    // run wound down): the server made no more than were due.
    let made = s.state.metrics.moves.load(Ordering::Relaxed);
    assert!(made <= 24, "the server made {made} moves, 24 due");
    assert_eq!(report.rtt_us.len(), report.moves);
    assert!(report.sent_late_us.len() >= report.moves);
    // The server's own side of the same moves, read from its `/metrics` histograms.
    let commands = report
        .server_commands
        .expect("the server's command timings");
    assert!(commands.count >= report.moves, "{commands:?}");
    let wait = report
        .server_store_wait
        .expect("the server's store timings");
    assert!(wait.count >= report.moves, "{wait:?}");
}
