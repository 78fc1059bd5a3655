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

mod matches;
mod serve;
mod tools;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// The server allocates and frees small buffers on every tokio worker for every move
/// (events, frames, rows); glibc's malloc spent ~13% of the server's CPU there, much of it
/// contending for its arena locks. mimalloc's per-thread heaps avoid both (issue 10). It is
/// built without transparent huge pages (`no_thp`): with them an idle server held 18 MiB
/// more and an idle waiting room cost 6.2 KiB instead of 4.7 (target: 6).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Command line of `checkerhall`.
#[derive(Parser, Debug)]
#[command(
    name = "checkerhall",
    version,
    about = "Checkerhall: four checkers variants",
    long_about = "Checkerhall: four checkers variants. Without a subcommand it serves, as `serve` does.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Settings of the server when no subcommand is given.
    #[command(flatten)]
    serve: server::config::ServeArgs,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the server.
    // Boxed: the server's flags are many times the size of every other subcommand's.
    Serve(Box<server::config::ServeArgs>),
    /// Apply the database migrations and exit.
    Migrate {
        #[command(flatten)]
        database: server::config::DatabaseArgs,
    },
    /// Exit 0 if the server at this address answers `/readyz` with 200.
    Healthcheck {
        /// Address of the server.
        #[arg(long, env = "CHECKERHALL_LISTEN", default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
    },
    /// Write a consistent copy of a (running) SQLite database to FILE.
    Backup {
        /// Where to write the copy; must not exist yet.
        file: String,
        #[command(flatten)]
        database: server::config::DatabaseArgs,
    },
    /// Manage admin accounts.
    Admin {
        #[command(subcommand)]
        command: AdminCommand,
    },
    /// Count the nodes of the legal-move tree to a depth.
    Perft(tools::PerftArgs),
    /// List the legal moves of a position, after playing the given moves.
    Moves(tools::MovesArgs),
    /// Play bots against each other (seats rotated) and print a results table.
    Match(matches::MatchArgs),
    /// Analyse a game record: each position's score per seat, and the moves that lost.
    Analyse(tools::AnalyseArgs),
}

#[derive(Subcommand, Debug)]
enum AdminCommand {
    /// Make an admin account. The password is read from `CHECKERHALL_ADMIN_PASSWORD`, or
    /// else from the first line of standard input.
    Create {
        /// The admin's username (2 to 20 letters, digits, `_` or `-`).
        #[arg(long)]
        name: String,
        #[command(flatten)]
        database: server::config::DatabaseArgs,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let Some(command) = cli.command else {
        return exit(serve::serve(&cli.serve));
    };
    let result = match command {
        Command::Serve(args) => return exit(serve::serve(&args)),
        Command::Migrate { database } => return exit(serve::migrate(&database)),
        Command::Healthcheck { addr } => return exit(serve::healthcheck(addr)),
        Command::Backup { file, database } => return exit(serve::backup(&database, &file)),
        Command::Admin {
            command: AdminCommand::Create { name, database },
        } => return exit(serve::admin_create(&database, &name)),
        Command::Perft(args) => tools::perft(&args),
        Command::Moves(args) => tools::moves(&args),
        Command::Analyse(args) => tools::analyse(&args),
        Command::Match(args) => return print_result(matches::run(&args)),
    };
    print_result(result)
}

/// Prints a tool's output, or its error and exits with status 2.
fn print_result<E: std::fmt::Display>(result: Result<String, E>) -> ExitCode {
    match result {
        Ok(out) => {
            print!("{out}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("checkerhall: {e}");
            ExitCode::from(2)
        }
    }
}

fn exit(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("checkerhall: {e:#}");
            ExitCode::FAILURE
        }
    }
}
