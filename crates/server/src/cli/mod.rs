//! The subcommands of the `checkerhall` binary: the server's lifecycle ([`serve`]), the rules
//! tools ([`rules_tools`]) and the bot-match runner ([`bot_match`]).

mod bot_match;
mod rules_tools;
mod serve;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
    Perft(rules_tools::PerftArgs),
    /// List the legal moves of a position, after playing the given moves.
    Moves(rules_tools::MovesArgs),
    /// Play bots against each other (seats rotated) and print a results table.
    Match(bot_match::MatchArgs),
    /// Analyse a game record: each position's score per seat, and the moves that lost.
    Analyse(rules_tools::AnalyseArgs),
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

/// Parses the command line and runs what it asks for.
pub(crate) fn main() -> ExitCode {
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
        Command::Perft(args) => rules_tools::perft(&args),
        Command::Moves(args) => rules_tools::moves(&args),
        Command::Analyse(args) => rules_tools::analyse(&args),
        Command::Match(args) => return print_result(bot_match::run(&args)),
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
