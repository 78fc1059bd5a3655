//! The rules tools of the binary: `perft`, `moves` and `analyse`.
//!
//! Each returns its whole output as a string, or a [`ToolError`] that names what was wrong;
//! `cli::main` prints the one and turns the other into exit status 2.

use std::fmt::Write as _;
use std::time::Instant;

use bots::analysis::{GameSteps, PositionEval};
use clap::Args;
use rules::perft::Counting;
use rules::{
    Action, AnyOptions, AnyPosition, Game, GameError, GameRecord, OptionError, ParsePositionError,
    Seat, SeatSet, Status, Variant,
};

/// The position to start from: game, options, position string.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// Game: neva, queah, giveandtake or stockholm.
    #[arg(long)]
    pub game: String,
    /// A rule option as key=value; repeat for several.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Start from this position string instead of the game's start.
    #[arg(long)]
    pub position: Option<String>,
}

/// Arguments of `checkerhall perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// Also list each first move with its node count.
    #[arg(long)]
    pub divide: bool,
    /// Count only the deduplicated convention (captures with the same origin, destination
    /// and captured set once); without it both conventions are printed.
    #[arg(long)]
    pub dedup: bool,
}

/// Arguments of `checkerhall moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves to play first, separated by spaces.
    #[arg(long)]
    pub play: Option<String>,
}

/// Arguments of `checkerhall analyse`.
#[derive(Args, Debug)]
pub struct AnalyseArgs {
    /// Game: neva, queah, giveandtake or stockholm.
    #[arg(long)]
    pub game: String,
    /// A rule option as key=value, on top of the record's own; repeat for several.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// The game, in the record format (`/api/history/{id}/export?format=record`); its
    /// `[Game]` tag may be left out.
    #[arg(long)]
    pub record: std::path::PathBuf,
    /// Nodes per search; the default is the server's analysis strength.
    #[arg(long, default_value_t = bots::analysis::ANALYSIS_NODES)]
    pub nodes: u64,
}

/// What went wrong, named for the user.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    /// Unknown game.
    #[error(transparent)]
    Game(#[from] rules::ParseVariantError),
    /// A refused option.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A refused position string.
    #[error("bad position: {0}")]
    Position(#[from] ParsePositionError),
    /// A refused move; `index` counts from 1.
    #[error("move {index} `{text}`: {error}")]
    Move {
        /// 1-based index in `--play`.
        index: usize,
        /// The move text.
        text: String,
        /// Why it was refused.
        error: GameError,
    },
    /// Depth out of range.
    #[error("bad depth {0}: give 1 to 30")]
    Depth(u32),
    /// The record file cannot be read.
    #[error("cannot read {path}: {error}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        error: String,
    },
    /// The record is of another game than `--game`.
    #[error("the record is a game of {found}, not {wanted}")]
    WrongGame {
        /// The record's game key.
        found: &'static str,
        /// The game asked for.
        wanted: &'static str,
    },
    /// The record does not read or replay.
    #[error("bad record: {0}")]
    Record(#[from] rules::RecordError),
}

/// The position `args` describe.
///
/// # Errors
/// A bad game, option or position string.
pub fn start(args: &PositionArgs) -> Result<AnyPosition, ToolError> {
    let variant: Variant = args.game.parse()?;
    let options = AnyOptions::from_texts(variant, &args.options)?;
    Ok(match &args.position {
        Some(p) => AnyPosition::from_position_string(variant, p, &options)?,
        None => AnyPosition::new(variant, &options)?,
    })
}

/// Runs `perft`.
///
/// # Errors
/// A bad game, option, position or depth.
pub fn perft(args: &PerftArgs) -> Result<String, ToolError> {
    if args.depth == 0 || args.depth > 30 {
        return Err(ToolError::Depth(args.depth));
    }
    let pos = start(&args.position)?;
    let mut out = String::new();
    let conventions: &[(Counting, &str)] = if args.dedup {
        &[(Counting::Dedup, "dedup")]
    } else {
        &[(Counting::Paths, "paths"), (Counting::Dedup, "dedup")]
    };
    if args.divide {
        let counting = conventions[0].0;
        for (mv, n) in pos.divide(args.depth, counting) {
            let _ = writeln!(out, "{mv} {n}");
        }
    }
    for &(counting, name) in conventions {
        let t = Instant::now();
        let nodes = pos.perft(args.depth, counting);
        let secs = t.elapsed().as_secs_f64();
        let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
        let _ = writeln!(
            out,
            "{name} depth {} nodes {nodes} time {secs:.3}s nps {:.0}",
            args.depth, nps
        );
    }
    Ok(out)
}

/// Runs `moves`: the legal moves after `--play`, one per line; once the game is over
/// (on the board, by the no-progress limit or by repetition of the moves played), one line
/// `result: <who> (<reason key>)` instead, e.g. `result: White wins (captured_all)`.
///
/// # Errors
/// A bad game, option, position, or a move of `--play` that is refused.
pub fn moves(args: &MovesArgs) -> Result<String, ToolError> {
    // A Game, not a bare position, so repetition within `--play` ends the game too.
    let mut game = Game::new(start(&args.position)?);
    let played = args.play.as_deref().unwrap_or("");
    for (i, text) in played.split_whitespace().enumerate() {
        game.play_text(text).map_err(|error| ToolError::Move {
            index: i + 1,
            text: text.to_string(),
            error,
        })?;
    }
    let mut out = String::new();
    match game.status() {
        Status::Ongoing => {
            let pos = game.position();
            for mv in pos.legal_moves() {
                let _ = writeln!(out, "{}", pos.move_to_string(&mv));
            }
        }
        Status::Won { winners, reason } => {
            let verb = if winners.len() > 1 { "win" } else { "wins" };
            let _ = writeln!(out, "result: {} {verb} ({})", names(winners), reason.key());
        }
        Status::Drawn { seats, reason } => {
            let _ = writeln!(
                out,
                "result: draw between {} ({})",
                names(seats),
                reason.key()
            );
        }
    }
    Ok(out)
}

/// `White`, `White and Green`, `Red, Green and Black`.
fn names(seats: SeatSet) -> String {
    let names: Vec<&str> = seats.iter().map(|s| s.colour()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

/// Runs `analyse`: every position's score per seat and every move's judgement, as a table
/// (the same analysis as `GET /api/history/{id}/analysis`).
///
/// # Errors
/// A bad game or option, a record that cannot be read, is of another game, or does not
/// replay.
pub fn analyse(args: &AnalyseArgs) -> Result<String, ToolError> {
    let variant: Variant = args.game.parse()?;
    AnyOptions::from_texts(variant, &args.options)?;
    let record = read_record(args, variant)?;
    let steps = GameSteps::from_record(&record)?;
    let evals: Vec<PositionEval> = (0..steps.len())
        .filter_map(|i| steps.analyse(i, args.nodes))
        .collect();
    Ok(analysis_table(variant, args.nodes, &steps, &evals))
}

/// The record `analyse` reads: the file, tagged with the game when it has no tags, with
/// the options of the command line.
fn read_record(args: &AnalyseArgs, variant: Variant) -> Result<GameRecord, ToolError> {
    let text = std::fs::read_to_string(&args.record).map_err(|e| ToolError::Read {
        path: args.record.display().to_string(),
        error: e.to_string(),
    })?;
    let tagged = text.lines().any(|l| l.trim_start().starts_with("[Game "));
    let mut record: GameRecord = if tagged {
        text.parse()?
    } else {
        format!("[Game \"{}\"]\n{text}", variant.key()).parse()?
    };
    if record.variant != variant {
        return Err(ToolError::WrongGame {
            found: record.variant.key(),
            wanted: variant.key(),
        });
    }
    for o in &args.options {
        if let Some((k, v)) = o.split_once('=') {
            record
                .options
                .push((k.trim().to_string(), v.trim().to_string()));
        }
    }
    Ok(record)
}

/// The table `analyse` prints: a row per position, with the move that led to it, each
/// seat's score, the best move and the mark.
fn analysis_table(
    variant: Variant,
    nodes: u64,
    steps: &GameSteps,
    evals: &[PositionEval],
) -> String {
    let notes = steps.notes(evals);
    let seats: Vec<Seat> = steps
        .position(0)
        .map(|p| p.seats().iter().collect())
        .unwrap_or_default();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: {nodes} nodes per search; scores in hundredths of a man, each seat's own view",
        variant.key(),
    );
    let _ = write!(out, "{:>4}  {:<14}", "ply", "move");
    for seat in &seats {
        let _ = write!(out, " {:>6}", seat.colour());
    }
    let _ = writeln!(out, "  {:<14} mark", "best");
    for (i, eval) in evals.iter().enumerate() {
        let (text, note) = match i
            .checked_sub(1)
            .and_then(|a| steps.actions().get(a).map(|x| (a, x)))
        {
            None => ("(start)".to_string(), None),
            Some((a, Action::Move(mv))) => (
                steps
                    .position(a)
                    .map(|p| p.move_to_string(mv))
                    .unwrap_or_default(),
                notes.get(a).and_then(Option::as_ref),
            ),
            Some((_, Action::Depart(seat, how))) => (format!("{} {}", how.key(), seat.key()), None),
        };
        let _ = write!(out, "{i:>4}  {text:<14}");
        for seat in &seats {
            match eval.score(*seat) {
                Some(s) => write!(out, " {s:>6}"),
                None => write!(out, " {:>6}", "-"),
            }
            .unwrap_or_default();
        }
        let best = note
            .and_then(|n| n.best)
            .and_then(|b| {
                i.checked_sub(1)
                    .and_then(|a| steps.position(a))
                    .map(|p| p.move_to_string(&b))
            })
            .unwrap_or_default();
        let mark = note
            .and_then(|n| {
                n.mark
                    .map(|m| format!("{} {} (-{})", m.symbol(), m.key(), n.loss))
            })
            .unwrap_or_default();
        let _ = writeln!(out, "  {best:<14} {mark}");
    }
    out.lines().map(|l| format!("{}\n", l.trim_end())).collect()
}
