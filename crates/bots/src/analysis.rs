//! Analysis of a game: every position's evaluation, and for each move that lost a clear
//! amount, how much it lost and the move the search preferred.
//!
//! **Point of view.** Every score is *per seat*, in hundredths of a man, from that seat's
//! own point of view, so one seat's scores are comparable across the whole game:
//! * Two sides (the two-seat games, Neva with two seats left, Neva in 2 vs 2 teams): one
//!   search for the side on move gives its advantage `s`; the seats of that side score `s`,
//!   the others `-s`.
//! * Neva free-for-all with three or four seats playing: every playing seat `P` is searched
//!   paranoid (`P` against all the others) for its value `V_P` (its assets minus the sum of
//!   the others'); the score shown is `n (V_P - mean V) / (2 (n - 1))` for `n` playing
//!   seats, which is `P`'s assets minus the average of the other seats' assets (exactly so
//!   for static values). An even position reads 0 for every seat, and a man lost to one
//!   opponent costs about a man.
//! * Seats out of the game have no score. A finished position scores its winners
//!   [`CLIP`] and the other seats `-CLIP`; a draw scores 0 for the seats sharing it.
//!
//! Every score is clipped to ±[`CLIP`] (ten men), so a forced win found by the search shows
//! as the top or bottom of a graph instead of stretching it.
//!
//! **Strength.** Each search gets [`ANALYSIS_NODES`] nodes, no time limit and no noise: the
//! same game always gets the same analysis, on any machine and under any load.
//!
//! **Marks.** A move's loss is its mover's value before the move minus its value after it
//! (a seat knocked out by the move counts as `-CLIP`); the search's own choice, and a move
//! that wins the game, never lose. The value is the score, except in Neva free-for-all:
//! there it is the seat's own paranoid value `V_P` (clipped to ±3 [`CLIP`]), because the
//! average of the other seats' values mixes seats at different points of the turn order
//! (each seat's value is most pessimistic just after it moved, with every opponent still to
//! move), while the root of the mover's search and the position after its move are valued
//! at the same point of the turn order.
//! Like lidraughts' inaccuracy, mistake and blunder, a loss of at least [`INACCURACY`],
//! [`MISTAKE`] or [`BLUNDER`] is marked `?!`, `?` or `??`, with the search's best move.
//!
//! ```
//! use bots::analysis::{analyse_game, Mark};
//! use rules::GameRecord;
//! // White's fifth move hands Black a double capture.
//! let rec: GameRecord = "[Game \"stockholm\"]\ng3-f4 f6-g5 h2-g3 g5-h4 f4-g5 h6xf4xh2".parse()?;
//! let analysis = analyse_game(&rec, 20_000)?;
//! assert_eq!(analysis.evals.len(), 7);
//! let note = analysis.notes[4].as_ref().expect("a move");
//! assert_eq!(note.mark, Some(Mark::Blunder));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rules::{Action, AnyPosition, GameRecord, Move, RecordError, Seat, SeatSet, Status};

use crate::{any_position_key, search_game, team_of, Limits, SearchResult};

/// Nodes of each analysis search: between level 3 and level 4 of play.
pub const ANALYSIS_NODES: u64 = 40_000;
/// Scores are clipped to ± this many hundredths of a man (ten men).
pub const CLIP: i32 = 1_000;
/// A loss of at least this much (two fifths of a man) is an inaccuracy, `?!`.
pub const INACCURACY: i32 = 40;
/// A loss of at least this much (seven tenths of a man) is a mistake, `?`.
pub const MISTAKE: i32 = 70;
/// A loss of at least this much (a whole man) is a blunder, `??`.
pub const BLUNDER: i32 = 100;

/// How bad a move was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// Lost at least [`INACCURACY`].
    Inaccuracy,
    /// Lost at least [`MISTAKE`].
    Mistake,
    /// Lost at least [`BLUNDER`].
    Blunder,
}

impl Mark {
    /// The mark of a move that lost `loss` hundredths of a man, if it earns one.
    pub const fn of_loss(loss: i32) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The annotation symbol: `?!`, `?` or `??`.
    pub const fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// Stable key: `inaccuracy`, `mistake` or `blunder`.
    pub const fn key(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// One position's evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEval {
    /// Each seat's score (see the module notes), indexed by [`Seat::index`]; `None` for
    /// seats not in the game or out of it.
    pub scores: [Option<i32>; 4],
    /// Each seat's value for judging its moves (see the module notes): the score, or in
    /// Neva free-for-all its paranoid value.
    pub values: [Option<i32>; 4],
    /// The search's move for the seat on move; `None` once the game is over.
    pub best: Option<Move>,
    /// Nodes the searches visited.
    pub nodes: u64,
}

impl PositionEval {
    /// The score of `seat`, if it has one.
    pub fn score(&self, seat: Seat) -> Option<i32> {
        self.scores[seat.index()]
    }
}

/// The judgement of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNote {
    /// Who moved.
    pub seat: Seat,
    /// The move played.
    pub played: Move,
    /// What it cost its mover, in hundredths of a man (0 or more).
    pub loss: i32,
    /// Its mark, when the loss earns one.
    pub mark: Option<Mark>,
    /// The search's move instead, given with a mark only.
    pub best: Option<Move>,
}

fn clip(v: i32) -> i32 {
    v.clamp(-CLIP, CLIP)
}

/// Searches `pos` for `team` (on move or not) without noise.
fn search_for(
    pos: &AnyPosition,
    team: SeatSet,
    history: &[u64],
    limits: Limits,
) -> Option<SearchResult> {
    match pos {
        AnyPosition::Neva(p) => search_game(p, team, history, limits, 0, 0),
        AnyPosition::Queah(p) => search_game(p, team, history, limits, 0, 0),
        AnyPosition::GiveAndTake(p) => search_game(p, team, history, limits, 0, 0),
        AnyPosition::Stockholm(p) => search_game(p, team, history, limits, 0, 0),
    }
}

/// Evaluates `pos` (see the module notes) with `nodes` per search. `history` holds the
/// [`crate::position_key`]s of the game's positions up to and including this one, so that
/// the search sees repetitions; pure and deterministic.
pub fn analyse_position(pos: &AnyPosition, history: &[u64], nodes: u64) -> PositionEval {
    analyse_with_status(pos, pos.status(), history, nodes)
}

fn analyse_with_status(
    pos: &AnyPosition,
    status: Status,
    history: &[u64],
    nodes: u64,
) -> PositionEval {
    let mut eval = PositionEval {
        scores: [None; 4],
        values: [None; 4],
        best: None,
        nodes: 0,
    };
    let (shared, value) = match status {
        Status::Won { winners, .. } => (winners, CLIP),
        Status::Drawn { seats, .. } => (seats, 0),
        Status::Ongoing => (SeatSet::EMPTY, 0),
    };
    if !status.is_ongoing() {
        for seat in pos.seats().iter() {
            eval.scores[seat.index()] = Some(if shared.contains(seat) { value } else { -CLIP });
        }
        eval.values = eval.scores;
        return eval;
    }
    let Some(turn) = pos.turn() else {
        return eval;
    };
    let limits = Limits::nodes(nodes);
    let playing = rules::record::playing(pos);
    let side = team_of(pos, turn);
    if playing.len() <= 2 || side.len() == 2 {
        if let Some(r) = search_for(pos, side, history, limits) {
            for seat in playing.iter() {
                let s = if side.contains(seat) {
                    r.score
                } else {
                    -r.score
                };
                eval.scores[seat.index()] = Some(clip(s));
            }
            eval.best = Some(r.best);
            eval.nodes = r.nodes;
        }
        eval.values = eval.scores;
        return eval;
    }
    // Free-for-all: each seat's paranoid value, wins capped so one found win does not
    // swamp the average, then each seat against the average of the others.
    let mut values = [0i64; 4];
    for seat in playing.iter() {
        let Some(r) = search_for(pos, SeatSet::only(seat), history, limits) else {
            continue;
        };
        let v = if seat == turn { r.score } else { -r.score };
        let v = v.clamp(-3 * CLIP, 3 * CLIP);
        values[seat.index()] = i64::from(v);
        eval.values[seat.index()] = Some(v);
        eval.nodes += r.nodes;
        if seat == turn {
            eval.best = Some(r.best);
        }
    }
    let n = playing.len() as i64;
    let sum: i64 = playing.iter().map(|s| values[s.index()]).sum();
    for seat in playing.iter() {
        let shown = (n * values[seat.index()] - sum) / (2 * (n - 1));
        eval.scores[seat.index()] = Some(shown.clamp(-i64::from(CLIP), i64::from(CLIP)) as i32);
    }
    eval
}

/// Judges `played`, made by `mover` between the positions evaluated `before` and `after`.
pub fn judge(before: &PositionEval, after: &PositionEval, mover: Seat, played: &Move) -> MoveNote {
    let was = before.values[mover.index()].unwrap_or(0);
    let now = after.values[mover.index()].unwrap_or(-CLIP);
    let won = after.best.is_none() && after.score(mover) == Some(CLIP);
    let loss = if won || before.best == Some(*played) {
        0
    } else {
        (was - now).max(0)
    };
    let mark = Mark::of_loss(loss);
    MoveNote {
        seat: mover,
        played: *played,
        loss,
        mark,
        best: mark.and(before.best),
    }
}

/// A replayed game, position by position: what an analysis works through.
#[derive(Clone, Debug)]
pub struct GameSteps {
    positions: Vec<AnyPosition>,
    statuses: Vec<Status>,
    keys: Vec<u64>,
    actions: Vec<Action>,
}

impl GameSteps {
    /// Replays `record`, checking every action.
    ///
    /// # Errors
    /// The first option, start position or action the rules refuse.
    pub fn from_record(record: &GameRecord) -> Result<GameSteps, RecordError> {
        let mut positions = Vec::new();
        let mut statuses = Vec::new();
        let game = record.replay_with(|g| {
            positions.push(g.position().clone());
            statuses.push(g.status());
        })?;
        let start = game.start().clone();
        statuses.insert(0, start.status());
        positions.insert(0, start);
        let keys = positions.iter().map(any_position_key).collect();
        Ok(GameSteps {
            positions,
            statuses,
            keys,
            actions: game.actions().to_vec(),
        })
    }

    /// Positions of the game, the start included (one more than [`GameSteps::actions`]).
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Always false: a game has at least its start.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The position after `i` actions.
    pub fn position(&self, i: usize) -> Option<&AnyPosition> {
        self.positions.get(i)
    }

    /// Every action, in order.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Evaluates the position after `i` actions (`None` past the end) with `nodes` per
    /// search; pure, so positions can be evaluated in any order or in parallel.
    pub fn analyse(&self, i: usize, nodes: u64) -> Option<PositionEval> {
        let pos = self.positions.get(i)?;
        Some(analyse_with_status(
            pos,
            self.statuses[i],
            &self.keys[..=i],
            nodes,
        ))
    }

    /// Judges every action from the evaluations of all positions (as from
    /// [`GameSteps::analyse`], in order); `None` for departures, and for every action when
    /// `evals` does not hold one evaluation per position.
    pub fn notes(&self, evals: &[PositionEval]) -> Vec<Option<MoveNote>> {
        self.actions
            .iter()
            .enumerate()
            .map(|(i, action)| {
                let Action::Move(mv) = action else {
                    return None;
                };
                let mover = self.positions[i].turn()?;
                Some(judge(evals.get(i)?, evals.get(i + 1)?, mover, mv))
            })
            .collect()
    }
}

/// A whole game's analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameAnalysis {
    /// One evaluation per position, the start first.
    pub evals: Vec<PositionEval>,
    /// One note per action (`None` for departures).
    pub notes: Vec<Option<MoveNote>>,
}

/// Analyses every position of `record` in turn with `nodes` per search (the server spreads
/// the same work over its bot pool with [`GameSteps`]).
///
/// # Errors
/// The record does not replay.
pub fn analyse_game(record: &GameRecord, nodes: u64) -> Result<GameAnalysis, RecordError> {
    let steps = GameSteps::from_record(record)?;
    let evals: Vec<PositionEval> = (0..steps.len())
        .filter_map(|i| steps.analyse(i, nodes))
        .collect();
    let notes = steps.notes(&evals);
    Ok(GameAnalysis { evals, notes })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn marks_follow_thresholds() {
        assert_eq!(Mark::of_loss(INACCURACY - 1), None);
        assert_eq!(Mark::of_loss(INACCURACY), Some(Mark::Inaccuracy));
        assert_eq!(Mark::of_loss(MISTAKE), Some(Mark::Mistake));
        assert_eq!(Mark::of_loss(BLUNDER), Some(Mark::Blunder));
        assert_eq!(Mark::of_loss(10 * BLUNDER).map(Mark::symbol), Some("??"));
    }
}
