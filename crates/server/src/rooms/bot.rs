//! The bots' moves for the room tasks.
//!
//! A search never runs on a room task or on the async runtime's workers: it runs on tokio's
//! blocking pool, and at most [`max_searches`] run at once (a semaphore), so a thousand bot
//! rooms queue for a permit instead of starving the tasks that serve human players. The room
//! task does not wait for it either: it spawns [`answer`] for an [`Ask`] and keeps serving
//! its commands (chat, presence, draw offers, a resignation) until the answer comes back,
//! then applies it like a human's command, which keeps its one-writer order, but only if
//! the room still asks the same thing (same seat, same position); a stale answer is dropped
//! and the bot asked again. Every search is bounded by its level's node budget and by a time
//! budget taken from the bot's clock.
//!
//! Whatever happens to the search (no permit in time, a panic, a timeout) the room still
//! gets a legal move: a random one.
//!
//! Draw offers and rematches: a bot accepts a draw offer when its search does not see
//! itself (with its partner) at least a third of a man ahead, and declines it otherwise;
//! it always agrees to a rematch (the lobby counts bots as agreeing).

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use bots::{Level, Style};
use lobby::{Bot, Command};
use rules::{AnyPosition, Game, Move, Seat};
use tokio::sync::Semaphore;

use super::Rooms;
use crate::metrics::Metrics;

/// The longest a level-5 bot thinks, and the cap of every search's time.
const MAX_THINK: Duration = Duration::from_secs(1);
/// How long a bot waits for a search permit before falling back to a random move.
const PERMIT_WAIT: Duration = Duration::from_secs(10);
/// A bot never lets its search take more than this share of its remaining clock.
const CLOCK_SHARE: u64 = 20;
/// Score (hundredths of a man) from which a bot thinks it is ahead and declines a draw.
const DRAW_MARGIN: i32 = 33;

/// The pause before a bot's move starts (its search time comes on top), so that its
/// answers do not land the instant a human lets go of a piece.
pub(crate) fn pause(bot: &Bot) -> Duration {
    Duration::from_millis(300 + 50 * u64::from(bot.level.min(5)))
}

/// Concurrent searches allowed: half the machine's cores, at least one.
pub(crate) fn max_searches() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

pub(crate) fn permits() -> Arc<Semaphore> {
    static PERMITS: OnceLock<Arc<Semaphore>> = OnceLock::new();
    PERMITS
        .get_or_init(|| Arc::new(Semaphore::new(max_searches())))
        .clone()
}

/// Keys of every position of `game` so far, for the search's repetition checks.
fn history(game: &Game) -> Vec<u64> {
    let mut pos = game.start().clone();
    let mut keys = vec![bots::any_position_key(&pos)];
    for action in game.actions() {
        match action {
            rules::Action::Move(mv) => pos.play_unchecked(mv),
            rules::Action::Depart(seat, how) => {
                if pos.depart(*seat, *how).is_err() {
                    break;
                }
            }
        }
        keys.push(bots::any_position_key(&pos));
    }
    keys
}

/// The search style of `bot` in `variant` with `clock_ms` left, `None` for the random kind.
fn style(bot: &Bot, variant: rules::Variant, clock_ms: Option<u64>) -> Option<Style> {
    if bot.kind != "engine" {
        return None;
    }
    let mut style = Level::new(bot.level).ok()?.style_for(variant);
    let mut think = style.limits.time.unwrap_or(MAX_THINK).min(MAX_THINK);
    if let Some(ms) = clock_ms {
        think = think.min(Duration::from_millis(ms / CLOCK_SHARE));
    }
    style.limits.time = Some(think.max(Duration::from_millis(20)));
    Some(style)
}

/// What a room asks of its bot, and the position it asks in: an answer is applied only
/// while the room still asks exactly this.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Ask {
    /// The bot's seat.
    pub(crate) seat: Seat,
    /// Answer the draw offer waiting for the seat, rather than move.
    pub(crate) draw: bool,
    /// Actions of the game so far (moves and departures).
    pub(crate) plies: usize,
    /// The position's key, so that a position reached again by other actions is not taken
    /// for the one searched.
    pub(crate) key: u64,
}

impl Ask {
    /// What the room asks of the bot in `seat` in `game`.
    pub(crate) fn of(game: &Game, seat: Seat, draw: bool) -> Ask {
        Ask {
            seat,
            draw,
            plies: game.actions().len(),
            key: bots::any_position_key(game.position()),
        }
    }
}

/// Counts a search in `checkerhall_bot_searches` while it runs.
struct Running(Rooms);

impl Running {
    fn new(rooms: Rooms) -> Running {
        Metrics::inc(&rooms.metrics().bot_searches);
        Running(rooms)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        Metrics::dec(&self.0.metrics().bot_searches);
    }
}

/// Runs `f` on the blocking pool under a search permit, within `budget` plus a grace
/// period; `None` if it could not run, failed or overran.
async fn on_pool<T: Send + 'static>(
    rooms: Rooms,
    budget: Duration,
    f: impl FnOnce() -> Option<T> + Send + 'static,
) -> Option<T> {
    let permit = tokio::time::timeout(PERMIT_WAIT, permits().acquire_owned())
        .await
        .ok()?
        .ok()?;
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _running = Running::new(rooms);
        f()
    });
    match tokio::time::timeout(budget + Duration::from_secs(2), task).await {
        Ok(Ok(found)) => found,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "bot search failed");
            None
        }
        Err(_) => {
            tracing::warn!("bot search overran its time");
            None
        }
    }
}

/// The command with which `bot` answers `ask` in `game` (a move, or its answer to a draw
/// offer), with `clock_ms` left on its clock; `None` only if the game is over.
///
/// Meant to be spawned: the room task owns the game, so it hands over a copy.
pub(crate) async fn answer(
    rooms: Rooms,
    game: Game,
    bot: Bot,
    ask: Ask,
    clock_ms: Option<u64>,
    seed: u64,
) -> Option<Command> {
    if ask.draw {
        return Some(if accepts_draw(rooms, game, &bot, ask.seat).await {
            Command::AcceptDraw
        } else {
            Command::DeclineDraw
        });
    }
    let pos = game.position().clone();
    let mv = think(rooms, game, &bot, clock_ms, seed).await?;
    Some(Command::Move {
        text: pos.move_to_string(&mv),
    })
}

/// What `ask` gets when [`answer`] itself failed (its task panicked): a random legal move,
/// or a declined draw; `None` if the game is over.
pub(crate) fn fallback(game: &Game, ask: Ask, seed: u64) -> Option<Command> {
    if ask.draw {
        return Some(Command::DeclineDraw);
    }
    let pos = game.position();
    let mv = bots::random_move(pos, seed)?;
    Some(Command::Move {
        text: pos.move_to_string(&mv),
    })
}

/// The move `bot` plays in `game` with `clock_ms` left; `None` only if the game is over.
async fn think(
    rooms: Rooms,
    game: Game,
    bot: &Bot,
    clock_ms: Option<u64>,
    seed: u64,
) -> Option<Move> {
    let pos: AnyPosition = game.position().clone();
    let fallback = bots::random_move(&pos, seed);
    let Some(style) = style(bot, pos.variant(), clock_ms) else {
        return fallback;
    };
    let budget = style.limits.time.unwrap_or(MAX_THINK);
    let found = on_pool(rooms, budget, move || {
        // Replaying the game for its repetition keys costs its length: done here, off
        // the room task.
        let keys = history(&game);
        bots::choose_with(&pos, &keys, style, seed).map(|c| c.mv)
    })
    .await;
    found.or(fallback)
}

/// True if `bot`, to whom a draw is offered in `game`, accepts it (see the module notes).
async fn accepts_draw(rooms: Rooms, game: Game, bot: &Bot, seat: Seat) -> bool {
    let Some(mut style) = style(bot, game.position().variant(), None) else {
        return true;
    };
    style.noise = 0;
    let pos = game.position().clone();
    let team = bots::team_of(&pos, seat);
    let Some(turn) = pos.turn() else {
        return true;
    };
    let budget = style.limits.time.unwrap_or(MAX_THINK);
    let still = pos.clone();
    let pos_sides = rules::record::playing(&pos).len();
    let score = on_pool(rooms, budget, move || {
        let keys = history(&game);
        bots::search(&pos, &keys, style.limits).map(|r| r.score)
    })
    .await;
    let sides = if team.len() == 2 || pos_sides <= 2 {
        2
    } else {
        pos_sides
    };
    match score {
        // The score is for the side to move: the bot's when it is on the move.
        Some(s) if team.contains(turn) => s < DRAW_MARGIN,
        // Two sides: the opponent's gain is the bot's loss.
        Some(s) if sides == 2 => -s < DRAW_MARGIN,
        // Several opponents: judge by the bot's assets against the strongest other seat.
        _ => {
            let scores = bots::evaluate(&still);
            let own: i32 = team.iter().map(|s| scores[s.index()]).sum();
            let best_other = still
                .seats()
                .minus(team)
                .iter()
                .map(|s| scores[s.index()])
                .max()
                .unwrap_or(0);
            own - best_other * (team.len() as i32) < DRAW_MARGIN
        }
    }
}
