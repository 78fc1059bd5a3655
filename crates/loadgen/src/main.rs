//! `loadgen`: load the Checkerhall server on this machine (see the crate docs and the
//! figures in docs/performance.md).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Parser, Subcommand};
use loadgen::client::Api;
use loadgen::crash::{self, CrashSettings};
use loadgen::idle::{self, IdleSettings};
use loadgen::play::{self, Pace, PlaySettings};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "loadgen",
    version,
    about = "Load generator for the Checkerhall server (127.0.0.1 only)."
)]
struct Cli {
    #[command(subcommand)]
    command: Mode,
}

#[derive(Subcommand, Debug)]
enum Mode {
    /// Tables of two seats playing random legal games.
    Play {
        /// The server (loopback only).
        #[arg(long, default_value = "127.0.0.1:8080")]
        server: SocketAddr,
        /// Rooms playing at once.
        #[arg(long, default_value_t = 100)]
        rooms: usize,
        /// Game key.
        #[arg(long, default_value = "stockholm")]
        game: String,
        /// Moves per second per room; 0: closed loop (each seat moves when told its turn).
        #[arg(long, default_value_t = 0.0)]
        rate: f64,
        /// Longest run, in seconds.
        #[arg(long, default_value_t = 20)]
        seconds: u64,
        /// Most moves in all.
        #[arg(long, default_value_t = 1_000_000)]
        max_moves: u64,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
        /// The server's process id: report its resident memory at start, peak and end
        /// (for overload runs: memory must stay bounded).
        #[arg(long)]
        pid: Option<u32>,
    },
    /// Idle waiting rooms and idle seated sockets: the server's memory per each.
    Idle {
        /// The server (loopback only).
        #[arg(long, default_value = "127.0.0.1:8080")]
        server: SocketAddr,
        /// The server's process id.
        #[arg(long)]
        pid: u32,
        /// Waiting rooms.
        #[arg(long, default_value_t = 5_000)]
        rooms: usize,
        /// Idle seated sockets (at most two per room).
        #[arg(long, default_value_t = 10_000)]
        sockets: usize,
        /// Game key.
        #[arg(long, default_value = "stockholm")]
        game: String,
    },
    /// SIGKILL the server mid-run, restart it, check nothing acknowledged was lost.
    Crash {
        /// The `checkerhall` binary to start.
        #[arg(long)]
        server_bin: PathBuf,
        /// Where it listens (loopback only).
        #[arg(long, default_value = "127.0.0.1:8090")]
        listen: SocketAddr,
        /// Its database (a fresh SQLite file by default).
        #[arg(long, default_value = "sqlite:///tmp/checkerhall-crash.db")]
        database_url: String,
        /// Tables.
        #[arg(long, default_value_t = 10)]
        rooms: usize,
        /// Game key.
        #[arg(long, default_value = "stockholm")]
        game: String,
        /// Seconds of play before the kill.
        #[arg(long, default_value_t = 5)]
        kill_after: u64,
        /// Seconds of play after the restart.
        #[arg(long, default_value_t = 3)]
        then: u64,
    },
}

// One thread: the load generator shares the machine's cores with the server it measures
// (two tokio workers and a store thread on CI's two cores). A second worker bought no
// throughput, only futex wake-ups, work stealing and a thread contending with the server.
#[tokio::main(flavor = "current_thread")]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    // Thousands of sockets: lift the soft open-files limit to the hard one.
    match loadgen::client::raise_fd_limit() {
        Ok(n) => {
            let needed = cli.command.sockets() + 64;
            if (n as usize) < needed {
                eprintln!(
                    "warning: at most {n} open files (hard limit); this run needs about {needed}: \
                     raise it (ulimit -Hn, /etc/security/limits.conf) or expect too_many_open_files"
                );
            }
        }
        Err(e) => eprintln!("warning: open-files limit unchanged: {e:#}"),
    }
    match cli.command {
        Mode::Play {
            server,
            rooms,
            game,
            rate,
            seconds,
            max_moves,
            quiet,
            pid,
        } => {
            let api = Api::new(server)?;
            let settings = PlaySettings {
                rooms,
                game,
                pace: if rate > 0.0 {
                    Pace::PerSecond(rate)
                } else {
                    Pace::ClosedLoop
                },
                duration: Duration::from_secs(seconds),
                max_moves,
                progress: !quiet,
                server_pid: pid,
                record_acks: false,
            };
            let report = play::run(&api, &settings, Vec::new()).await?;
            println!("server: {server}");
            print_limits(&api).await;
            play::print(&report);
        }
        Mode::Idle {
            server,
            pid,
            rooms,
            sockets,
            game,
        } => {
            let api = Api::new(server)?;
            let report = idle::run(
                &api,
                &IdleSettings {
                    rooms,
                    sockets,
                    pid,
                    game,
                },
            )
            .await?;
            idle::print(&report);
        }
        Mode::Crash {
            server_bin,
            listen,
            database_url,
            rooms,
            game,
            kill_after,
            then,
        } => {
            let settings = CrashSettings {
                server_bin,
                listen: loadgen::client::loopback_only(listen)?,
                database_url,
                rooms,
                game,
                before_kill: Duration::from_secs(kill_after),
                after_restart: Duration::from_secs(then),
                env: vec![
                    ("CHECKERHALL_WS_MESSAGES_PER_SECOND".into(), "100000".into()),
                    ("CHECKERHALL_WS_MESSAGE_BURST".into(), "100000".into()),
                ],
            };
            let report = crash::run(&settings).await?;
            crash::print(&settings, &report);
            if !report.passed() {
                std::process::exit(1);
            }
        }
    }
    Ok(())
}

impl Mode {
    /// Sockets the run opens at most.
    fn sockets(&self) -> usize {
        match self {
            Mode::Play { rooms, .. } | Mode::Crash { rooms, .. } => rooms.saturating_mul(2),
            Mode::Idle { sockets, .. } => *sockets,
        }
    }
}

/// Prints the server's per-socket limits as its `/metrics` states them.
async fn print_limits(api: &Api) {
    match loadgen::client::socket_limits(api).await {
        Some(l) => println!("server socket limits: {l}"),
        None => println!("server socket limits: not published by this server"),
    }
}
