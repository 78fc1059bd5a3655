//! `checkerhall`: the Checkerhall command-line binary.
//!
//! Subcommands:
//! * `perft`: node counts of the legal-move tree (both conventions of the rules spec,
//!   Appendix A) and nodes per second;
//! * `moves`: every legal move of a position in canonical notation, one per line.
//!
//! Bad options, positions or moves exit with status 2 and a message naming the problem.

mod tools;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Command line of `checkerhall`.
#[derive(Parser, Debug)]
#[command(
    name = "checkerhall",
    version,
    about = "Checkerhall: four checkers variants"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the nodes of the legal-move tree to a depth.
    Perft(tools::PerftArgs),
    /// List the legal moves of a position, after playing the given moves.
    Moves(tools::MovesArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => tools::perft(&args),
        Command::Moves(args) => tools::moves(&args),
    };
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
