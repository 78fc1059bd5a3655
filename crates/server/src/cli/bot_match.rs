//! `checkerhall match`: bots against bots, seats rotated, results with an Elo estimate.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use bots::arena::{play_game, seat_of, Outcome, Player, Tally};
use bots::Style;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rules::{AnyPosition, Seat, Variant};

use super::rules_tools::{start, PositionArgs, ToolError};

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

/// The player a `--bot` names in `variant`, with `--nodes` and `--no-time-limit` applied.
fn player(
    text: &str,
    nodes: Option<u64>,
    no_time_limit: bool,
    variant: Variant,
) -> Result<Player, MatchError> {
    let p = Player::parse(text).ok_or_else(|| MatchError::Player(text.to_string()))?;
    Ok(match p {
        Player::Level(l) if nodes.is_some() || no_time_limit => {
            let mut s: Style = l.style_for(variant);
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
        .map(|b| player(b, args.nodes, args.no_time_limit, pos.variant()))
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
    let mut tallies = vec![SeatTally::default(); n];
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
    Ok(table(args, &pos, &tallies, plies))
}

/// One participant's results, in all and by the seat it played.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
struct SeatTally {
    all: Tally,
    /// Indexed by [`Seat::index`].
    by_seat: [Tally; 4],
}

impl SeatTally {
    fn add(&mut self, outcome: &Outcome, seat: Seat, team: rules::SeatSet) {
        self.all.add(outcome, seat, team);
        self.by_seat[seat.index()].add(outcome, seat, team);
    }
}

/// The label of a seat's line: its colour, and its place in the order of play counted
/// from the start position's mover (the first player wins most Queah games between
/// strong bots, so the table shows who had the move).
fn seat_label(pos: &AnyPosition, seat: Seat) -> String {
    let order: Vec<Seat> = match pos.turn() {
        Some(first) => std::iter::successors(Some(first), |s| Some(s.next()))
            .take(4)
            .filter(|s| pos.seats().contains(*s))
            .collect(),
        None => pos.seats().iter().collect(),
    };
    let place = order.iter().position(|s| *s == seat).map_or(0, |i| i + 1);
    let nth = match place {
        1 => "1st",
        2 => "2nd",
        3 => "3rd",
        _ => "4th",
    };
    format!("as {} ({nth})", seat.colour())
}

fn table(args: &MatchArgs, pos: &AnyPosition, tallies: &[SeatTally], plies: usize) -> String {
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
        "{:<4} {:<16} {:>6} {:>6} {:>6} {:>7}  elo vs the others (95%)",
        "#", "bot", "wins", "draws", "losses", "score"
    );
    let line = |out: &mut String, number: &str, name: &str, t: &Tally, elo: &str| {
        let _ = writeln!(
            out,
            "{:<4} {:<16} {:>6} {:>6} {:>6} {:>6.1}%  {}",
            number,
            name,
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            elo
        );
    };
    for (i, (t, name)) in tallies.iter().zip(&args.bots).enumerate() {
        let (elo, err) = t.all.elo();
        let elo = if tallies.len() == 2 {
            format!("{} ± {}", signed(elo), magnitude(err))
        } else {
            "- (first places shown as wins)".to_string()
        };
        line(&mut out, &(i + 1).to_string(), name, &t.all, &elo);
        for seat in pos.seats().iter() {
            let by = &t.by_seat[seat.index()];
            if by.games() > 0 {
                line(
                    &mut out,
                    "",
                    &format!("  {}", seat_label(pos, seat)),
                    by,
                    "",
                );
            }
        }
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
    #![allow(clippy::expect_used)]
    use super::*;

    #[test]
    fn no_time_limit_keeps_level_fives_node_budget_and_drops_its_clock() {
        let five = bots::Level::MAX.style();
        assert!(five.limits.time.is_some());
        match player("5", None, true, Variant::Stockholm) {
            Ok(Player::Custom(s)) => {
                assert_eq!(s.limits.nodes, five.limits.nodes);
                assert_eq!(s.limits.time, None);
                assert_eq!(s.noise, five.noise);
            }
            other => panic!("level 5 without its clock expected, got {other:?}"),
        }
        assert!(matches!(
            player("5", None, false, Variant::Stockholm),
            Ok(Player::Level(_))
        ));
        assert!(matches!(
            player("random", None, true, Variant::Stockholm),
            Ok(Player::Random)
        ));
        match player("3", Some(1_000), false, Variant::Stockholm) {
            Ok(Player::Custom(s)) => assert_eq!((s.limits.nodes, s.limits.time), (1_000, None)),
            other => panic!("a node budget expected, got {other:?}"),
        }
        // Queah's levels keep their share of random moves without the clock.
        let three = bots::Level::new(3).expect("a level");
        match player("3", None, true, Variant::Queah) {
            Ok(Player::Custom(s)) => assert_eq!(s, three.style_for(Variant::Queah)),
            other => panic!("Queah's level 3 expected, got {other:?}"),
        }
        assert!(matches!(
            player("6", None, true, Variant::Stockholm),
            Err(MatchError::Player(_))
        ));
    }

    /// The numbers of a results line: wins, draws, losses.
    fn counts(line: &str) -> Vec<u32> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let score = words
            .iter()
            .position(|w| w.ends_with('%'))
            .expect("a score");
        words[score - 3..score]
            .iter()
            .map(|w| w.parse().expect("a count"))
            .collect()
    }

    #[test]
    fn the_table_splits_each_bots_results_by_seat() {
        let args = MatchArgs {
            position: PositionArgs {
                game: "queah".into(),
                options: vec![],
                position: None,
            },
            bots: vec!["1".into(), "random".into()],
            games: 7,
            seed: 3,
            threads: 2,
            nodes: None,
            no_time_limit: false,
            quiet: true,
        };
        let out = run(&args).expect("a match of random movers is played");
        let lines: Vec<&str> = out.lines().collect();
        // Header, column titles, then per bot its line and one line per seat.
        assert_eq!(lines.len(), 2 + 2 * 3 + 1, "{out}");
        for bot in 0..2 {
            let all = counts(lines[2 + 3 * bot]);
            let white = lines[3 + 3 * bot];
            let black = lines[4 + 3 * bot];
            assert!(white.contains("as White (1st)"), "{out}");
            assert!(black.contains("as Black (2nd)"), "{out}");
            let (w, b) = (counts(white), counts(black));
            assert_eq!(all.iter().sum::<u32>(), 7, "{out}");
            let sum: Vec<u32> = w.iter().zip(&b).map(|(x, y)| x + y).collect();
            assert_eq!(sum, all, "{out}");
            // Seats rotate: the first bot has White in games 1, 3, 5 and 7.
            let whites = if bot == 0 { 4 } else { 3 };
            assert_eq!(w.iter().sum::<u32>(), whites, "{out}");
        }
    }
}
