//! `checkerhall match`: bots against bots, seats rotated, results with an Elo estimate.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use bots::arena::{play_game, seat_of, Outcome, Player, Tally};
use bots::Style;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use crate::tools::{start, PositionArgs, ToolError};

/// Arguments of `checkerhall match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// A player: a level 1 to 5, or `random`; one per seat of the game.
    #[arg(long = "bot", value_name = "LEVEL", required = true)]
    pub bots: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    pub games: usize,
    /// Seed of the first game (each game gets its own from it).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Node budget per move for every bot instead of its level's (quick tuning runs);
    /// also drops level 5's time limit, so results do not depend on the machine's load.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Level 5 plays on its node budget alone, without its one-second cap, so that its
    /// results do not depend on the machine's load (levels 1 to 4 have no time limit).
    #[arg(long)]
    pub no_time_limit: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// Why a match could not be played.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// A `--bot` that is neither a level nor `random`.
    #[error("bad --bot `{0}`: give a level 1 to 5 or `random`")]
    Player(String),
    /// Not one player per seat.
    #[error("this game has {seats} seats but {bots} --bot were given")]
    Seats {
        /// Seats of the game.
        seats: usize,
        /// Players given.
        bots: usize,
    },
    /// The start position, game or options were refused.
    #[error(transparent)]
    Tool(#[from] ToolError),
    /// A bot played a move the rules refused (a bug).
    #[error("game {game}: a bot's move was refused: {error}")]
    Refused {
        /// Game number, from 1.
        game: usize,
        /// The rules' refusal.
        error: rules::GameError,
    },
}

/// The player a `--bot` names, with `--nodes` and `--no-time-limit` applied.
fn player(text: &str, nodes: Option<u64>, no_time_limit: bool) -> Result<Player, MatchError> {
    let p = Player::parse(text).ok_or_else(|| MatchError::Player(text.to_string()))?;
    Ok(match p {
        Player::Level(l) if nodes.is_some() || no_time_limit => {
            let mut s: Style = l.style();
            s.limits.nodes = nodes.unwrap_or(s.limits.nodes);
            s.limits.time = None;
            Player::Custom(s)
        }
        p => p,
    })
}

/// Runs the match and returns the results table.
///
/// # Errors
/// Bad game, options, position or players; a refused bot move.
pub fn run(args: &MatchArgs) -> Result<String, MatchError> {
    let pos = start(&args.position)?;
    let players = args
        .bots
        .iter()
        .map(|b| player(b, args.nodes, args.no_time_limit))
        .collect::<Result<Vec<_>, _>>()?;
    let seats = pos.seats();
    if players.len() != seats.len() {
        return Err(MatchError::Seats {
            seats: seats.len(),
            bots: players.len(),
        });
    }
    let n = players.len();
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(args.games as u64)
    };
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})")
    {
        bar.set_style(style);
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Result<Outcome, rules::GameError>)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..args.threads.clamp(1, 64) {
            scope.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= args.games {
                    break;
                }
                let mut by = [None; 4];
                for (p, pl) in players.iter().enumerate() {
                    if let Some(s) = seat_of(seats, n, g, p) {
                        by[s.index()] = Some(*pl);
                    }
                }
                let seed = args
                    .seed
                    .wrapping_add(g as u64)
                    .wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let outcome = play_game(&pos, &by, seed);
                if let Ok(mut r) = results.lock() {
                    r.push((g, outcome));
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let mut results = results.into_inner().unwrap_or_default();
    results.sort_by_key(|(g, _)| *g);
    let mut tallies = vec![Tally::default(); n];
    let mut plies = 0;
    for (g, outcome) in results {
        let outcome = outcome.map_err(|error| MatchError::Refused { game: g + 1, error })?;
        plies += outcome.plies;
        for (p, tally) in tallies.iter_mut().enumerate() {
            if let Some(s) = seat_of(seats, n, g, p) {
                tally.add(&outcome, s, bots::team_of(&pos, s));
            }
        }
    }
    Ok(table(args, &tallies, plies))
}

fn table(args: &MatchArgs, tallies: &[Tally], plies: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games of {} ({} seats), seed {}{}{}, {:.1} plies per game",
        args.games,
        args.position.game,
        tallies.len(),
        args.seed,
        args.nodes
            .map(|n| format!(", {n} nodes per move"))
            .unwrap_or_default(),
        if args.no_time_limit && args.nodes.is_none() {
            ", no time limit"
        } else {
            ""
        },
        plies as f64 / args.games.max(1) as f64,
    );
    let _ = writeln!(
        out,
        "{:<4} {:<8} {:>6} {:>6} {:>6} {:>7}  elo vs the others (95%)",
        "#", "bot", "wins", "draws", "losses", "score"
    );
    for (i, (t, name)) in tallies.iter().zip(&args.bots).enumerate() {
        let (elo, err) = t.elo();
        let elo = if tallies.len() == 2 {
            format!("{} ± {}", signed(elo), magnitude(err))
        } else {
            "- (first places shown as wins)".to_string()
        };
        let _ = writeln!(
            out,
            "{:<4} {:<8} {:>6} {:>6} {:>6} {:>6.1}%  {}",
            i + 1,
            name,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            elo
        );
    }
    let _ = writeln!(
        out,
        "(seats rotate every game; wins of a team count for both partners)"
    );
    out
}

fn signed(x: f64) -> String {
    if x.is_finite() {
        format!("{x:+.0}")
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

fn magnitude(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.0}")
    } else {
        "inf".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_time_limit_keeps_level_fives_node_budget_and_drops_its_clock() {
        let five = bots::Level::MAX.style();
        assert!(five.limits.time.is_some());
        match player("5", None, true) {
            Ok(Player::Custom(s)) => {
                assert_eq!(s.limits.nodes, five.limits.nodes);
                assert_eq!(s.limits.time, None);
                assert_eq!(s.noise, five.noise);
            }
            other => panic!("level 5 without its clock expected, got {other:?}"),
        }
        assert!(matches!(player("5", None, false), Ok(Player::Level(_))));
        assert!(matches!(player("random", None, true), Ok(Player::Random)));
        match player("3", Some(1_000), false) {
            Ok(Player::Custom(s)) => assert_eq!((s.limits.nodes, s.limits.time), (1_000, None)),
            other => panic!("a node budget expected, got {other:?}"),
        }
        assert!(matches!(
            player("6", None, true),
            Err(MatchError::Player(_))
        ));
    }
}
