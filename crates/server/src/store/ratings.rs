//! Ratings in the store: applying a rated game's change in the writer's transaction, and the
//! reads of the leaderboard, the player page and a game's record.
//!
//! The writer applies the change of every rated game a batch finishes, in the batch's order
//! (two games of one player in one batch: the second starts from the first's result), after
//! the batch's own rows and before its commit: the ratings it reads and writes are those of
//! the transaction that stores the result. A game already in `rating_history` (its key is
//! `(game_id, player_key)`) is skipped, so a game's change applies exactly once whatever
//! is written again.
//!
//! One opponent can give only so much: once two accounts have met in
//! [`ratings::RATED_GAMES_PER_OPPONENT_PER_DAY`] games of a pool that changed ratings in one
//! UTC day, their later rated games of that pool that day are stored with their result but
//! change no rating (no `rating_history` rows), so resigning game after game to a second
//! account lifts a rating by three games' worth a day at most. Only games that changed
//! ratings count, so a game ended as an abort (never rated) counts for nothing. Bots are
//! left out of the count: they throw no games.

use std::collections::{HashMap, HashSet};

use ratings::{Rating, Seated};
use sqlx::{PgConnection, SqliteConnection};
use uuid::Uuid;

use super::{db_err, GameFinish, Pool, Store, StoreError, Write};

/// A rated game's players, for [`GameFinish::rating`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame {
    /// Game key of the pool.
    pub game: String,
    /// Mode key of the pool (see `ratings::POOLS`).
    pub mode: String,
    /// Every seat that played.
    pub seats: Vec<RatedSeat>,
}

/// One player of a [`RatedGame`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedSeat {
    /// Seat key.
    pub seat: String,
    /// The player's key: the account's player id, or `bot:<kind>:<level>`.
    pub player: String,
    /// The side: equal for partners (Neva 2 vs 2), else one per player.
    pub team: u8,
    /// Finishing place, 0 first; equal places tie.
    pub place: u8,
}

/// A player's rating in one pool, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    /// The player's key.
    pub player: String,
    /// Game key.
    pub game: String,
    /// Mode key.
    pub mode: String,
    /// The rating.
    pub rating: Rating,
}

/// One player's change in a rated game (shown values).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingChange {
    /// The game.
    pub game_id: Uuid,
    /// The player's key.
    pub player: String,
    /// Seat key.
    pub seat: String,
    /// Game key.
    pub game: String,
    /// Mode key.
    pub mode: String,
    /// When the game ended (ms).
    pub at: i64,
    /// Shown rating before the game.
    pub before: i64,
    /// Shown rating after it.
    pub after: i64,
}

/// A rated account in a pool, for the leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct RatedAccount {
    /// The player id.
    pub player: Uuid,
    /// The account's username.
    pub username: String,
    /// The rating.
    pub rating: Rating,
}

/// The key of a player's rating in a pool.
type Key = (String, String, String);

/// Milliseconds in a day: rated games are counted per UTC day.
const DAY_MS: i64 = 86_400_000;

/// Two accounts (their keys, in order) meeting in a pool (game, mode) on a UTC day (days
/// since the epoch): what the daily limit counts.
type Meeting = (String, String, String, String, i64);

/// The meetings a rated game of `game` makes: each pair of its accounts on the UTC day of
/// `at` (bots left out).
fn meetings(game: &RatedGame, at: i64) -> Vec<Meeting> {
    let mut players: Vec<&str> = game
        .seats
        .iter()
        .map(|s| s.player.as_str())
        .filter(|p| !p.starts_with("bot:"))
        .collect();
    players.sort_unstable();
    players.dedup();
    let day = at.div_euclid(DAY_MS);
    let mut out = Vec::new();
    for (i, a) in players.iter().enumerate() {
        for b in &players[i + 1..] {
            out.push((
                (*a).to_string(),
                (*b).to_string(),
                game.game.clone(),
                game.mode.clone(),
                day,
            ));
        }
    }
    out
}

/// How many counted games each meeting had, from `rows` of `rating_history`
/// (`game_id, player_key, game, mode, at`).
fn meetings_so_far(rows: Vec<(String, String, String, String, i64)>) -> HashMap<Meeting, u32> {
    let mut games: HashMap<String, RatedGame> = HashMap::new();
    let mut ats: HashMap<String, i64> = HashMap::new();
    for (id, player, game, mode, at) in rows {
        ats.insert(id.clone(), at);
        games
            .entry(id)
            .or_insert_with(|| RatedGame {
                game,
                mode,
                seats: Vec::new(),
            })
            .seats
            .push(RatedSeat {
                seat: String::new(),
                player,
                team: 0,
                place: 0,
            });
    }
    let mut out: HashMap<Meeting, u32> = HashMap::new();
    for (id, g) in &games {
        let at = ats.get(id).copied().unwrap_or(0);
        for m in meetings(g, at) {
            *out.entry(m).or_default() += 1;
        }
    }
    out
}

/// The rated game ends among `writes`, in order.
pub(super) fn rated(writes: &[Write]) -> Vec<&GameFinish> {
    writes
        .iter()
        .filter_map(|w| match w {
            Write::FinishGame(f) if f.rating.is_some() => Some(f),
            _ => None,
        })
        .collect()
}

/// What applying a batch's rated games writes.
#[derive(Default)]
struct Applied {
    ratings: Vec<(Key, Rating)>,
    history: Vec<RatingChange>,
}

/// `value` as a shown whole number of `pool`'s system at `at`.
fn shown(system: ratings::System, r: &Rating, at: i64) -> i64 {
    i64::from(r.shown(system, at).rating)
}

/// The ratings after `finishes` (in order) from `stored`, skipping the games in `done`
/// and those past the daily limit of their players' `met` counts (which the games rated
/// here add to).
fn compute(
    finishes: &[&GameFinish],
    mut stored: HashMap<Key, Rating>,
    done: &HashSet<String>,
    mut met: HashMap<Meeting, u32>,
) -> Applied {
    let mut out = Applied::default();
    let mut changed: Vec<Key> = Vec::new();
    for f in finishes {
        let Some(g) = &f.rating else { continue };
        if done.contains(&f.id.to_string()) {
            continue;
        }
        let Some(pool) = ratings::pool(&g.game, &g.mode) else {
            tracing::warn!(game = %f.id, pool = %format!("{}/{}", g.game, g.mode), "no such rating pool; not rated");
            continue;
        };
        let meetings = meetings(g, f.finished_at);
        let limit = ratings::RATED_GAMES_PER_OPPONENT_PER_DAY;
        if meetings
            .iter()
            .any(|m| met.get(m).copied().unwrap_or(0) >= limit)
        {
            tracing::info!(game = %f.id, "rated game past the daily limit per opponent; ratings unchanged");
            continue;
        }
        let keys: Vec<Key> = g
            .seats
            .iter()
            .map(|s| (s.player.clone(), g.game.clone(), g.mode.clone()))
            .collect();
        let seats: Vec<Seated> = g
            .seats
            .iter()
            .zip(&keys)
            .map(|(s, k)| Seated {
                rating: stored
                    .get(k)
                    .copied()
                    .unwrap_or_else(|| Rating::new(pool.system)),
                team: s.team,
                place: s.place,
            })
            .collect();
        let next = match ratings::rate(pool.system, &seats, f.finished_at) {
            Ok(next) => next,
            Err(e) => {
                // The result is stored all the same; only the rating is left unchanged.
                tracing::warn!(game = %f.id, error = %e, "rated game not rated");
                continue;
            }
        };
        for m in meetings {
            *met.entry(m).or_default() += 1;
        }
        for ((s, k), (before, after)) in g.seats.iter().zip(keys).zip(seats.iter().zip(next)) {
            out.history.push(RatingChange {
                game_id: f.id,
                player: s.player.clone(),
                seat: s.seat.clone(),
                game: g.game.clone(),
                mode: g.mode.clone(),
                at: f.finished_at,
                before: shown(pool.system, &before.rating, f.finished_at),
                after: shown(pool.system, &after, f.finished_at),
            });
            if !changed.contains(&k) {
                changed.push(k.clone());
            }
            stored.insert(k, after);
        }
    }
    out.ratings = changed
        .into_iter()
        .filter_map(|k| stored.get(&k).copied().map(|r| (k, r)))
        .collect();
    out
}

/// `$1, $2, ... $n`.
fn marks(n: usize) -> String {
    (1..=n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}

const UPSERT: &str = "INSERT INTO ratings (player_key, game, mode, rating, deviation, \
     volatility, games, rated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
     ON CONFLICT (player_key, game, mode) DO UPDATE SET rating = excluded.rating, \
     deviation = excluded.deviation, volatility = excluded.volatility, \
     games = excluded.games, rated_at = excluded.rated_at";

const HISTORY: &str = "INSERT INTO rating_history (game_id, player_key, seat, game, mode, at, \
     rating_before, rating_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

type RawRating = (String, String, String, f64, f64, f64, i64, i64);

fn rating_of(r: &RawRating) -> Rating {
    Rating {
        value: r.3,
        deviation: r.4,
        volatility: r.5,
        games: u32::try_from(r.6).unwrap_or(u32::MAX),
        rated_at: Some(r.7),
    }
}

/// Reads what `finishes` need on `$conn`, computes, writes: expanded once per backend.
macro_rules! apply_on {
    ($conn:expr, $finishes:expr) => {{
        let finishes: &[&GameFinish] = $finishes;
        let ids: Vec<String> = finishes.iter().map(|f| f.id.to_string()).collect();
        let sql = format!(
            "SELECT DISTINCT game_id FROM rating_history WHERE game_id IN ({})",
            marks(ids.len())
        );
        let mut q = sqlx::query_scalar::<_, String>(&sql);
        for id in &ids {
            q = q.bind(id);
        }
        let done: HashSet<String> = q
            .fetch_all(&mut *$conn)
            .await
            .map_err(db_err)?
            .into_iter()
            .collect();
        let mut players: Vec<&str> = finishes
            .iter()
            .filter_map(|f| f.rating.as_ref())
            .flat_map(|g| g.seats.iter().map(|s| s.player.as_str()))
            .collect();
        players.sort_unstable();
        players.dedup();
        let sql = format!(
            "SELECT player_key, game, mode, rating, deviation, volatility, games, rated_at \
             FROM ratings WHERE player_key IN ({})",
            marks(players.len())
        );
        let mut q = sqlx::query_as::<_, RawRating>(&sql);
        for p in &players {
            q = q.bind(*p);
        }
        let stored: HashMap<Key, Rating> = q
            .fetch_all(&mut *$conn)
            .await
            .map_err(db_err)?
            .into_iter()
            .map(|r| ((r.0.clone(), r.1.clone(), r.2.clone()), rating_of(&r)))
            .collect();
        // The counted games of these players on the days of these finishes.
        let days = finishes.iter().map(|f| f.finished_at.div_euclid(DAY_MS));
        let (first, last) = (days.clone().min().unwrap_or(0), days.max().unwrap_or(0));
        let sql = format!(
            "SELECT game_id, player_key, game, mode, at FROM rating_history \
             WHERE player_key IN ({}) AND at >= ${} AND at < ${}",
            marks(players.len()),
            players.len() + 1,
            players.len() + 2
        );
        let mut q = sqlx::query_as::<_, (String, String, String, String, i64)>(&sql);
        for p in &players {
            q = q.bind(*p);
        }
        let met = meetings_so_far(
            q.bind(first.saturating_mul(DAY_MS))
                .bind(last.saturating_add(1).saturating_mul(DAY_MS))
                .fetch_all(&mut *$conn)
                .await
                .map_err(db_err)?,
        );
        let applied = compute(finishes, stored, &done, met);
        for ((player, game, mode), r) in &applied.ratings {
            sqlx::query(UPSERT)
                .bind(player)
                .bind(game)
                .bind(mode)
                .bind(r.value)
                .bind(r.deviation)
                .bind(r.volatility)
                .bind(i64::from(r.games))
                .bind(r.rated_at.unwrap_or(0))
                .execute(&mut *$conn)
                .await
                .map_err(db_err)?;
        }
        for h in &applied.history {
            sqlx::query(HISTORY)
                .bind(h.game_id.to_string())
                .bind(&h.player)
                .bind(&h.seat)
                .bind(&h.game)
                .bind(&h.mode)
                .bind(h.at)
                .bind(h.before)
                .bind(h.after)
                .execute(&mut *$conn)
                .await
                .map_err(db_err)?;
        }
        Ok(applied.ratings.len() + applied.history.len())
    }};
}

/// Applies the rated games among `finishes` on a SQLite connection inside the batch's
/// transaction; the statements written.
pub(super) async fn apply_sqlite(
    conn: &mut SqliteConnection,
    finishes: &[&GameFinish],
) -> Result<usize, StoreError> {
    if finishes.is_empty() {
        return Ok(0);
    }
    apply_on!(conn, finishes)
}

/// Key of the transaction-level advisory lock that rated batches take on Postgres (any
/// number fixed for this use: "checkerhall ratings" in ASCII, cut to 63 bits).
const RATINGS_LOCK: i64 = 0x6368_6b72_7261_7473;

/// [`apply_sqlite`] on Postgres, first taking the ratings' lock until the transaction
/// ends: several store writers, or several nodes, commit concurrently, and two batches
/// rating one player must not both read the rating the other is changing (the second
/// waits for the first to commit, then reads what it wrote). Rated finishes are a small
/// share of the batches, so they may wait for each other.
pub(super) async fn apply_pg(
    conn: &mut PgConnection,
    finishes: &[&GameFinish],
) -> Result<usize, StoreError> {
    if finishes.is_empty() {
        return Ok(0);
    }
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(RATINGS_LOCK)
        .execute(&mut *conn)
        .await
        .map_err(db_err)?;
    apply_on!(conn, finishes)
}

type RawChange = (String, String, String, String, String, i64, i64, i64);

fn change_of(r: RawChange) -> Result<RatingChange, StoreError> {
    Ok(RatingChange {
        game_id: super::parse_uuid(&r.0, "rating history game id")?,
        player: r.1,
        seat: r.2,
        game: r.3,
        mode: r.4,
        at: r.5,
        before: r.6,
        after: r.7,
    })
}

const CHANGE_COLUMNS: &str =
    "game_id, player_key, seat, game, mode, at, rating_before, rating_after";

impl Store {
    /// Every rating of a player (by key), one per pool played.
    ///
    /// # Errors
    /// Database failure.
    pub async fn ratings_of(&self, player: &str) -> Result<Vec<RatingRow>, StoreError> {
        let rows: Vec<RawRating> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT player_key, game, mode, rating, deviation, volatility, games, rated_at \
                 FROM ratings WHERE player_key = $1 ORDER BY game, mode",
            )
            .bind(player)
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        Ok(rows
            .into_iter()
            .map(|r| RatingRow {
                rating: rating_of(&r),
                player: r.0,
                game: r.1,
                mode: r.2,
            })
            .collect())
    }

    /// Every account's rating in a pool (bots and guests have no account).
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn pool_accounts(
        &self,
        game: &str,
        mode: &str,
    ) -> Result<Vec<RatedAccount>, StoreError> {
        let rows: Vec<(String, String, f64, f64, f64, i64, i64)> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT a.player_id, a.username, r.rating, r.deviation, r.volatility, r.games, \
                 r.rated_at FROM ratings r JOIN accounts a ON a.player_id = r.player_key \
                 JOIN players p ON p.id = a.player_id \
                 WHERE r.game = $1 AND r.mode = $2 AND p.banned_at IS NULL",
            )
            .bind(game)
            .bind(mode)
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        rows.into_iter()
            .map(|r| {
                Ok(RatedAccount {
                    player: super::parse_uuid(&r.0, "rated player id")?,
                    username: r.1,
                    rating: Rating {
                        value: r.2,
                        deviation: r.3,
                        volatility: r.4,
                        games: u32::try_from(r.5).unwrap_or(u32::MAX),
                        rated_at: Some(r.6),
                    },
                })
            })
            .collect()
    }

    /// The accounts among `players`, each with its stored rating in a pool (`None` before
    /// its first rated game there), in one statement; guests (no account) are left out.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn accounts_rated_in(
        &self,
        players: &[Uuid],
        game: &str,
        mode: &str,
    ) -> Result<Vec<(Uuid, Option<Rating>)>, StoreError> {
        if players.is_empty() {
            return Ok(Vec::new());
        }
        type Row = (
            String,
            Option<f64>,
            Option<f64>,
            Option<f64>,
            Option<i64>,
            Option<i64>,
        );
        // `$1` and `$2` are the pool; the players follow.
        let ids = (3..players.len() + 3)
            .map(|i| format!("${i}"))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT a.player_id, r.rating, r.deviation, r.volatility, r.games, r.rated_at \
             FROM accounts a LEFT JOIN ratings r ON r.player_key = a.player_id \
             AND r.game = $1 AND r.mode = $2 WHERE a.player_id IN ({ids})"
        );
        let keys: Vec<String> = players.iter().map(Uuid::to_string).collect();
        let rows: Vec<Row> = on_pool!(self, p => {
            let mut q = sqlx::query_as::<_, Row>(&sql).bind(game).bind(mode);
            for k in &keys {
                q = q.bind(k);
            }
            q.fetch_all(p).await.map_err(db_err)?
        });
        rows.into_iter()
            .map(|r| {
                let player = super::parse_uuid(&r.0, "account player id")?;
                let rating = match (r.1, r.2, r.3, r.4) {
                    (Some(value), Some(deviation), Some(volatility), Some(games)) => Some(Rating {
                        value,
                        deviation,
                        volatility,
                        games: u32::try_from(games).unwrap_or(u32::MAX),
                        rated_at: r.5,
                    }),
                    _ => None,
                };
                Ok((player, rating))
            })
            .collect()
    }

    /// Rating changes of a pool since `since` (ms), oldest first (the leaderboard's
    /// progress).
    ///
    /// # Errors
    /// Database failure.
    pub async fn pool_changes_since(
        &self,
        game: &str,
        mode: &str,
        since: i64,
    ) -> Result<Vec<RatingChange>, StoreError> {
        let sql = format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_history \
             WHERE game = $1 AND mode = $2 AND at >= $3 ORDER BY at, game_id"
        );
        let rows: Vec<RawChange> = on_pool!(self, p => {
            sqlx::query_as(&sql).bind(game).bind(mode).bind(since)
                .fetch_all(p).await.map_err(db_err)?
        });
        rows.into_iter().map(change_of).collect()
    }

    /// Every rating change of a player (by key), oldest first.
    ///
    /// # Errors
    /// Database failure.
    pub async fn rating_history(&self, player: &str) -> Result<Vec<RatingChange>, StoreError> {
        let sql = format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_history WHERE player_key = $1 \
             ORDER BY game, mode, at, game_id"
        );
        let rows: Vec<RawChange> = on_pool!(self, p => {
            sqlx::query_as(&sql).bind(player).fetch_all(p).await.map_err(db_err)?
        });
        rows.into_iter().map(change_of).collect()
    }

    /// The rating changes a game made, by seat (none for a casual game).
    ///
    /// # Errors
    /// Database failure.
    pub async fn game_rating_changes(&self, game: Uuid) -> Result<Vec<RatingChange>, StoreError> {
        let sql =
            format!("SELECT {CHANGE_COLUMNS} FROM rating_history WHERE game_id = $1 ORDER BY seat");
        let rows: Vec<RawChange> = on_pool!(self, p => {
            sqlx::query_as(&sql).bind(game.to_string()).fetch_all(p).await.map_err(db_err)?
        });
        rows.into_iter().map(change_of).collect()
    }

    /// A player's finished games by game key: `(game, wins, draws, losses)`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn results_by_game(
        &self,
        player: Uuid,
    ) -> Result<Vec<(String, i64, i64, i64)>, StoreError> {
        let rows: Vec<(String, i64, i64, i64)> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT g.variant, \
                 SUM(CASE WHEN gp.verdict = 'win' THEN 1 ELSE 0 END), \
                 SUM(CASE WHEN gp.verdict = 'draw' THEN 1 ELSE 0 END), \
                 SUM(CASE WHEN gp.verdict = 'loss' THEN 1 ELSE 0 END) \
                 FROM game_players gp JOIN games g ON g.id = gp.game_id \
                 WHERE gp.player_id = $1 AND g.finished_at IS NOT NULL \
                 GROUP BY g.variant ORDER BY g.variant",
            )
            .bind(player.to_string())
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    fn finish(id: u128, a: &str, b: &str, at: i64) -> GameFinish {
        GameFinish {
            id: Uuid::from_u128(id),
            result: String::new(),
            reason: "resigned".into(),
            winners: "white".into(),
            verdicts: vec![],
            finished_at: at,
            rating: Some(RatedGame {
                game: "queah".into(),
                mode: "standard".into(),
                seats: vec![
                    RatedSeat {
                        seat: "white".into(),
                        player: a.into(),
                        team: 0,
                        place: 0,
                    },
                    RatedSeat {
                        seat: "black".into(),
                        player: b.into(),
                        team: 1,
                        place: 1,
                    },
                ],
            }),
        }
    }

    /// Two games of one player in one batch: the second starts from the first's result;
    /// a game already applied is skipped.
    #[test]
    fn games_of_one_batch_apply_in_order_and_once() {
        let (g1, g2, g3) = (
            finish(1, "a", "b", 10),
            finish(2, "a", "c", 20),
            finish(3, "a", "b", 30),
        );
        let done: HashSet<String> = [Uuid::from_u128(3).to_string()].into();
        let out = compute(&[&g1, &g2, &g3], HashMap::new(), &done, HashMap::new());
        assert_eq!(out.history.len(), 4);
        assert_eq!(out.history[0].before, 1500);
        let after_first = out.history[0].after;
        assert!(after_first > 1500);
        assert_eq!(out.history[2].before, after_first, "{:?}", out.history);
        let a = out.ratings.iter().find(|(k, _)| k.0 == "a").unwrap().1;
        assert_eq!(a.games, 2);
        assert_eq!(out.ratings.len(), 3);
    }

    /// Two accounts' games of one pool change ratings up to the daily limit, counting
    /// those stored before; another opponent, another pool, the next UTC day and bots are
    /// not held back.
    #[test]
    fn one_opponent_counts_a_few_games_a_day() {
        let limit = ratings::RATED_GAMES_PER_OPPONENT_PER_DAY;
        let day = 20_000 * DAY_MS;
        let games: Vec<GameFinish> = (0..5)
            .map(|i| finish(10 + i, "a", "b", day + 1_000 * i64::try_from(i).unwrap()))
            .collect();
        let refs: Vec<&GameFinish> = games.iter().collect();
        let out = compute(&refs, HashMap::new(), &HashSet::new(), HashMap::new());
        assert_eq!(out.history.len(), 2 * limit as usize);
        // One counted game earlier that day leaves one fewer.
        let earlier: HashMap<Meeting, u32> = meetings_so_far(vec![
            (
                "x".into(),
                "a".into(),
                "queah".into(),
                "standard".into(),
                day,
            ),
            (
                "x".into(),
                "b".into(),
                "queah".into(),
                "standard".into(),
                day,
            ),
            (
                "y".into(),
                "a".into(),
                "queah".into(),
                "standard".into(),
                day - DAY_MS,
            ),
            (
                "y".into(),
                "b".into(),
                "queah".into(),
                "standard".into(),
                day - DAY_MS,
            ),
        ]);
        let out = compute(&refs, HashMap::new(), &HashSet::new(), earlier);
        assert_eq!(out.history.len(), 2 * (limit as usize - 1));
        // Another opponent, the next day, and a bot still count.
        let others = [
            finish(20, "a", "c", day + 9_000),
            finish(21, "a", "b", day + DAY_MS),
            finish(22, "a", "bot:scan:3", day + 9_500),
        ];
        let mut all = refs.clone();
        all.extend(others.iter());
        let out = compute(&all, HashMap::new(), &HashSet::new(), HashMap::new());
        assert_eq!(
            out.history.len(),
            2 * (limit as usize + 3),
            "{:?}",
            out.history
        );
    }
}
