//! Several nodes on one Postgres (`docs/cluster.md` is the design): three
//! `checkerhall serve` processes on one fresh database with Debian's nginx in front, on
//! loopback, and clients that speak only to nginx. A node is killed with SIGKILL mid-game
//! again and again, paused past its lease and resumed, and drained and restarted in turn;
//! every move a client saw acknowledged must be in the stored game afterwards, every room
//! must go on, and no room may take moves from two nodes.
//!
//! Without `TEST_DATABASE_URL` or nginx the tests fail under CI and are skipped, saying so,
//! elsewhere (`required`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../it/clubdb/mod.rs"]
mod clubdb;
mod harness;
#[path = "../support/ports.rs"]
mod ports;
#[path = "../support/required.rs"]
mod required;
mod table;

mod checks;
mod kill;
mod pause;
mod rolling;
