//! `checkerhall`: the Checkerhall command-line binary.
//!
//! Subcommands:
//! * `serve`: run the server (its settings: docs/cli.md, docs/hosting.md);
//! * `migrate`: apply the database migrations and exit;
//! * `healthcheck`: ask a running server's `/readyz` (for containers without curl);
//! * `perft`: node counts of the legal-move tree (both conventions of the rules spec,
//!   Appendix A) and nodes per second;
//! * `moves`: every legal move of a position in canonical notation, one per line;
//! * `backup FILE`: a consistent copy of a running SQLite database;
//! * `admin create --name NAME`: an admin account (password from
//!   `CHECKERHALL_ADMIN_PASSWORD` or the first line of standard input).
//! * `match`: bots against bots with seats rotated, and a results table with Elo.
//! * `analyse`: the computer analysis of a game record, as a table.
//!
//! Bad options, positions or moves exit with status 2 and a message naming the problem.

mod cli;

use std::process::ExitCode;

/// The server allocates and frees small buffers on every tokio worker for every move
/// (events, frames, rows); glibc's malloc spent ~13% of the server's CPU there, much of it
/// contending for its arena locks. mimalloc's per-thread heaps avoid both. It is
/// built without transparent huge pages (`no_thp`): with them an idle server held 18 MiB
/// more and an idle waiting room cost 6.2 KiB instead of 4.7 (target: 6).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    cli::main()
}
