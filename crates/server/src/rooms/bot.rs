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

use std::sync::Arc;
use std::time::Duration;

use bots::{Level, Style};
use lobby::{Bot, Command};
use rules::{AnyPosition, Game, Move, Seat};

use crate::metrics::Metrics;
use crate::search_permits::Searches;

/// The longest a level-5 bot thinks, and the cap of every search's time.
const MAX_THINK: Duration = Duration::from_secs(1);
/// How long a bot waits for a search permit before falling back to a random move.
const PERMIT_WAIT: Duration = Duration::from_secs(10);
/// A bot never lets its search take more than this share of its remaining clock.
const CLOCK_SHARE: u64 = 20;
/// Score (hundredths of a man) from which a bot thinks it is ahead and declines a draw.
const DRAW_MARGIN: i32 = 33;

/// How a bot is named wherever a name is shown (room lists, history, records): `Computer
/// level 3`, or `Random mover` for the bot that plays a random legal move. Its `{kind,
/// level}` stays beside the name for machines.
pub fn display_name(bot: &Bot) -> String {
    match bot.kind.as_str() {
        "random" => "Random mover".to_string(),
        _ => format!("Computer level {}", bot.level),
    }
}

/// The pause before a bot's move starts (its search time comes on top), so that its
/// answers do not land the instant a human lets go of a piece.
pub(crate) fn pause(bot: &Bot) -> Duration {
    Duration::from_millis(300 + 50 * u64::from(bot.level.min(5)))
}

/// Keys of every position of `game` so far, for the search's repetition checks (a replay
/// of the whole game: what [`Keys`] falls back to if it ever loses track of the game).
fn history(game: &Game) -> Vec<u64> {
    let mut pos = game.start().clone();
    let mut keys = vec![bots::any_position_key(&pos)];
    for action in game.actions() {
        if !play(&mut pos, action) {
            break;
        }
        keys.push(bots::any_position_key(&pos));
    }
    keys
}

/// Plays `action` on `pos`; false if a departure is refused (the game never stores one).
fn play(pos: &mut AnyPosition, action: &rules::Action) -> bool {
    match action {
        rules::Action::Move(mv) => {
            pos.play_unchecked(mv);
            true
        }
        rules::Action::Depart(seat, how) => pos.depart(*seat, *how).is_ok(),
    }
}

/// One position's key in [`Keys`], linked to the key of the position before it.
#[derive(Debug)]
struct KeyNode {
    key: u64,
    prev: Option<Arc<KeyNode>>,
}

/// The keys of every position of a game, oldest first, kept by the room task for its bots'
/// searches (repetition checks).
///
/// A persistent list: a bot turn hands the search a copy of the handle (an `Arc`), and the
/// room task appends the keys of the actions played since its last bot turn, replaying only
/// those from the position it kept. A bot turn therefore costs the room task what changed,
/// never the game's length; the search turns the list into a slice on the blocking pool.
#[derive(Clone, Debug)]
pub(crate) struct Keys {
    /// The newest key (`None` before the first sync).
    head: Option<Arc<KeyNode>>,
    /// Keys in the list: actions covered plus one (the start).
    len: usize,
    /// The position whose key is `head`, to replay the next actions from.
    position: Option<AnyPosition>,
}

impl Keys {
    /// An empty history; [`Keys::sync`] fills it.
    pub(crate) fn new() -> Keys {
        Keys {
            head: None,
            len: 0,
            position: None,
        }
    }

    fn push(&mut self, key: u64) {
        self.head = Some(Arc::new(KeyNode {
            key,
            prev: self.head.take(),
        }));
        self.len += 1;
    }

    /// Brings the list up to `game`: the keys of the actions played since the last sync,
    /// replayed from the position kept then. A game's actions only grow; if the list is
    /// ahead of the game or ends in another position (another game), it is rebuilt.
    pub(crate) fn sync(&mut self, game: &Game) {
        let actions = game.actions();
        let kept = self.position.take();
        let caught_up = match (self.len.checked_sub(1), kept) {
            (Some(done), Some(mut pos)) if done <= actions.len() => {
                let replayed = actions[done..].iter().all(|action| {
                    let ok = play(&mut pos, action);
                    if ok {
                        self.push(bots::any_position_key(&pos));
                    }
                    ok
                });
                replayed
                    && self.head.as_ref().map(|n| n.key)
                        == Some(bots::any_position_key(game.position()))
            }
            _ => false,
        };
        if !caught_up {
            *self = Keys::new();
            for key in history(game) {
                self.push(key);
            }
        }
        self.position = Some(game.position().clone());
    }

    /// The keys, oldest first (walks the list: for the search, off the room task).
    pub(crate) fn to_vec(&self) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.len);
        let mut node = self.head.as_deref();
        while let Some(n) = node {
            out.push(n.key);
            node = n.prev.as_deref();
        }
        out.reverse();
        out
    }
}

impl Drop for Keys {
    /// Unlinks the list node by node: a long game's list dropped at once would otherwise
    /// recurse once per key.
    fn drop(&mut self) {
        let mut next = self.head.take();
        while let Some(node) = next {
            next = match Arc::try_unwrap(node) {
                Ok(mut n) => n.prev.take(),
                // Shared with a search still running: it frees the rest.
                Err(_) => None,
            };
        }
    }
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

/// Where the bots' searches run: the permits they share with game analyses, and the
/// counters they show on; cheap to clone.
#[derive(Clone)]
pub(crate) struct Pool {
    searches: Searches,
    metrics: Arc<Metrics>,
}

impl Pool {
    /// The searches run under `searches`' permits and are counted in `metrics`.
    pub(crate) fn new(searches: Searches, metrics: Arc<Metrics>) -> Pool {
        Pool { searches, metrics }
    }
}

/// Counts a search in `checkerhall_bot_searches` while it runs.
struct Running(Arc<Metrics>);

impl Running {
    fn new(metrics: Arc<Metrics>) -> Running {
        Metrics::inc(&metrics.bot_searches);
        Running(metrics)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        Metrics::dec(&self.0.bot_searches);
    }
}

/// Runs `f` on the blocking pool under a search permit, within `budget` plus a grace
/// period; `None` if it could not run, failed or overran.
async fn on_pool<T: Send + 'static>(
    pool: Pool,
    budget: Duration,
    f: impl FnOnce() -> Option<T> + Send + 'static,
) -> Option<T> {
    let permit = tokio::time::timeout(PERMIT_WAIT, pool.searches.permit())
        .await
        .ok()?
        .ok()?;
    let task = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let _running = Running::new(pool.metrics);
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

/// The command with which `bot` answers `ask` in position `pos` (a move, or its answer to a
/// draw offer), with `keys` the keys of the game's positions so far and `clock_ms` left on
/// its clock; `None` only if the game is over.
///
/// Meant to be spawned: the room task keeps its game and hands over one position and a
/// shared handle on the keys (see [`Keys`]).
pub(crate) async fn answer(
    pool: Pool,
    pos: AnyPosition,
    keys: Keys,
    bot: Bot,
    ask: Ask,
    clock_ms: Option<u64>,
    seed: u64,
) -> Option<Command> {
    if ask.draw {
        return Some(if accepts_draw(pool, pos, keys, &bot, ask.seat).await {
            Command::AcceptDraw
        } else {
            Command::DeclineDraw
        });
    }
    let mv = think(pool, pos.clone(), keys, &bot, clock_ms, seed).await?;
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

/// The move `bot` plays in `pos` with `clock_ms` left; `None` only if the game is over.
async fn think(
    pool: Pool,
    pos: AnyPosition,
    keys: Keys,
    bot: &Bot,
    clock_ms: Option<u64>,
    seed: u64,
) -> Option<Move> {
    let fallback = bots::random_move(&pos, seed);
    let Some(style) = style(bot, pos.variant(), clock_ms) else {
        return fallback;
    };
    let budget = style.limits.time.unwrap_or(MAX_THINK);
    let found = on_pool(pool, budget, move || {
        // Flattening the keys costs the game's length: done here, off the room task.
        let keys = keys.to_vec();
        bots::choose_with(&pos, &keys, style, seed).map(|c| c.mv)
    })
    .await;
    found.or(fallback)
}

/// True if `bot`, to whom a draw is offered in `pos` (the game's positions' `keys`),
/// accepts it (see the module notes).
async fn accepts_draw(pool: Pool, pos: AnyPosition, keys: Keys, bot: &Bot, seat: Seat) -> bool {
    let Some(mut style) = style(bot, pos.variant(), None) else {
        return true;
    };
    style.noise = 0;
    let team = bots::team_of(&pos, seat);
    let Some(turn) = pos.turn() else {
        return true;
    };
    let budget = style.limits.time.unwrap_or(MAX_THINK);
    let still = pos.clone();
    let pos_sides = rules::record::playing(&pos).len();
    let score = on_pool(pool, budget, move || {
        let keys = keys.to_vec();
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use rules::{AnyOptions, Variant};

    /// Kept up to date turn by turn (one to a few actions between syncs), the keys are
    /// those a replay of the whole game gives, in every game; and a handle given to a
    /// search keeps the keys of its turn while the room's list grows.
    #[test]
    fn keys_kept_turn_by_turn_match_a_replay() {
        for (i, variant) in Variant::ALL.into_iter().enumerate() {
            let start = AnyPosition::new(variant, &AnyOptions::default_for(variant)).unwrap();
            let mut game = Game::new(start);
            let mut keys = Keys::new();
            let mut handed = Vec::new();
            let mut ply = 0u64;
            while game.turn().is_some() && ply < 300 {
                let seed = ply * 7 + i as u64;
                // Sync every second or third action, as a bot turn would.
                if seed % 3 != 0 {
                    keys.sync(&game);
                    assert_eq!(keys.to_vec(), history(&game), "{variant:?} ply {ply}");
                    handed.push((keys.clone(), history(&game)));
                }
                let mv = bots::random_move(game.position(), seed).unwrap();
                game.play(&mv).unwrap();
                ply += 1;
            }
            keys.sync(&game);
            assert_eq!(keys.to_vec(), history(&game));
            for (handle, then) in handed {
                assert_eq!(handle.to_vec(), then);
            }
        }
    }

    /// A list that is ahead of the game (not one of its prefixes) is rebuilt.
    #[test]
    fn keys_of_another_game_are_rebuilt() {
        let variant = Variant::Stockholm;
        let start = AnyPosition::new(variant, &AnyOptions::default_for(variant)).unwrap();
        let mut long = Game::new(start.clone());
        for seed in 0..6 {
            let mv = bots::random_move(long.position(), seed).unwrap();
            long.play(&mv).unwrap();
        }
        let mut keys = Keys::new();
        keys.sync(&long);
        let mut other = Game::new(start);
        let mv = bots::random_move(other.position(), 99).unwrap();
        other.play(&mv).unwrap();
        keys.sync(&other);
        assert_eq!(keys.to_vec(), history(&other));
    }
}
