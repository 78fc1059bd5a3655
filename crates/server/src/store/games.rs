//! Stored games: one game with its moves (a replay), and the filtered, paged list of games
//! (history, a player's games).

use uuid::Uuid;

use super::{db_err, parse_uuid, GameFilter, GameRow, MoveRow, Pool, Store, StoreError};

/// Largest page of [`Store::list_games`].
pub const MAX_PAGE: u32 = 100;

/// The columns of a [`GameRow`] (table `g`), in the order of [`RawGame`].
const GAME_COLUMNS: &str = "g.id, g.variant, g.options, g.start_position, g.seats, g.result, \
     g.reason, g.winners, g.started_at, g.finished_at";

#[derive(sqlx::FromRow)]
struct RawGame {
    id: String,
    variant: String,
    options: String,
    start_position: String,
    seats: String,
    result: Option<String>,
    reason: Option<String>,
    winners: Option<String>,
    started_at: i64,
    finished_at: Option<i64>,
}

impl RawGame {
    fn into_row(self, players: Vec<(String, Uuid)>) -> Result<GameRow, StoreError> {
        Ok(GameRow {
            id: parse_uuid(&self.id, "game id")?,
            variant: self.variant,
            options: self.options,
            start_position: self.start_position,
            seats: self.seats,
            players,
            result: self.result,
            reason: self.reason,
            winners: self.winners,
            started_at: self.started_at,
            finished_at: self.finished_at,
        })
    }
}

#[derive(sqlx::FromRow)]
struct RawSeat {
    game_id: String,
    seat: String,
    player_id: String,
}

#[derive(sqlx::FromRow)]
struct RawMove {
    game_id: String,
    ply: i64,
    seat: String,
    notation: String,
    clock_ms: Option<i64>,
    at: i64,
}

impl RawMove {
    fn into_row(self) -> Result<MoveRow, StoreError> {
        Ok(MoveRow {
            game_id: parse_uuid(&self.game_id, "move game id")?,
            ply: self.ply,
            seat: self.seat,
            notation: self.notation,
            clock_ms: self.clock_ms,
            at: self.at,
        })
    }
}

/// A bind value of a query built at run time.
#[derive(Clone, Debug)]
enum Arg {
    Text(String),
    Int(i64),
}

/// `$n` placeholders and their values, for [`Store::list_games`].
#[derive(Default)]
struct Args(Vec<Arg>);

impl Args {
    /// Adds a value; returns its placeholder.
    fn push(&mut self, a: Arg) -> String {
        self.0.push(a);
        format!("${}", self.0.len())
    }
}

/// The `WHERE` clause of [`Store::list_games`] (empty without conditions), its values
/// pushed onto `args`.
fn game_conditions(filter: &GameFilter, args: &mut Args) -> String {
    let mut conds: Vec<String> = Vec::new();
    if let Some(player) = filter.player {
        let pp = args.push(Arg::Text(player.to_string()));
        let verdict = match filter.result.as_deref() {
            None => String::new(),
            Some("decisive") => " AND gp.verdict IN ('win', 'loss')".to_string(),
            Some(r) => format!(" AND gp.verdict = {}", args.push(Arg::Text(r.to_string()))),
        };
        conds.push(format!(
            "EXISTS (SELECT 1 FROM game_players gp WHERE gp.game_id = g.id \
             AND gp.player_id = {pp}{verdict})"
        ));
    } else {
        match filter.result.as_deref() {
            None => {}
            Some("decisive") => conds.push("g.winners <> ''".to_string()),
            Some("draw") => conds.push("g.winners = ''".to_string()),
            Some(_) => conds.push("1 = 0".to_string()),
        }
    }
    if let Some(v) = &filter.variant {
        conds.push(format!("g.variant = {}", args.push(Arg::Text(v.clone()))));
    }
    if let Some(from) = filter.from {
        conds.push(format!("g.started_at >= {}", args.push(Arg::Int(from))));
    }
    if let Some(to) = filter.to {
        conds.push(format!("g.started_at < {}", args.push(Arg::Int(to))));
    }
    if filter.finished_only {
        conds.push("g.finished_at IS NOT NULL".to_string());
    }
    if conds.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", conds.join(" AND "))
    }
}

impl Store {
    /// A game and its moves in ply order.
    ///
    /// # Errors
    /// Database failure.
    pub async fn game(&self, id: Uuid) -> Result<Option<(GameRow, Vec<MoveRow>)>, StoreError> {
        let game_sql = format!("SELECT {GAME_COLUMNS} FROM games g WHERE g.id = $1");
        let found: Option<(RawGame, Vec<RawSeat>, Vec<RawMove>)> = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let game: Option<RawGame> = sqlx::query_as(&game_sql)
                .bind(id.to_string())
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_err)?;
            let found = match game {
                None => None,
                Some(game) => {
                    let seats = sqlx::query_as(
                        "SELECT game_id, seat, player_id FROM game_players WHERE game_id = $1 \
                         ORDER BY pos",
                    )
                    .bind(id.to_string())
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(db_err)?;
                    let moves = sqlx::query_as(
                        "SELECT game_id, ply, seat, notation, clock_ms, at FROM moves \
                         WHERE game_id = $1 ORDER BY ply",
                    )
                    .bind(id.to_string())
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(db_err)?;
                    Some((game, seats, moves))
                }
            };
            tx.commit().await.map_err(db_err)?;
            found
        });
        let Some((game, seats, moves)) = found else {
            return Ok(None);
        };
        let players = seats
            .into_iter()
            .map(|s| Ok((s.seat, parse_uuid(&s.player_id, "seat player id")?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let moves = moves
            .into_iter()
            .map(RawMove::into_row)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((game.into_row(players)?, moves)))
    }

    /// Games matching `filter`, newest first (by start time, then id, so pages are stable).
    ///
    /// The limit is clamped to 1..=[`MAX_PAGE`]. `result` with a player is that player's
    /// verdict (`win`, `loss`, `draw`; `decisive` = win or loss); without a player it is
    /// `decisive` or `draw`; any other value matches nothing.
    ///
    /// # Errors
    /// Database failure.
    pub async fn list_games(&self, filter: &GameFilter) -> Result<Vec<GameRow>, StoreError> {
        let mut args = Args::default();
        let where_sql = game_conditions(filter, &mut args);
        let limit = args.push(Arg::Int(i64::from(filter.limit.clamp(1, MAX_PAGE))));
        let offset = args.push(Arg::Int(i64::from(filter.offset)));
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games g{where_sql} \
             ORDER BY g.started_at DESC, g.id DESC LIMIT {limit} OFFSET {offset}"
        );
        let (games, seats): (Vec<RawGame>, Vec<RawSeat>) = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let mut q = sqlx::query_as::<_, RawGame>(&sql);
            for a in &args.0 {
                q = match a {
                    Arg::Text(s) => q.bind(s.clone()),
                    Arg::Int(i) => q.bind(*i),
                };
            }
            let games = q.fetch_all(&mut *tx).await.map_err(db_err)?;
            let seats = if games.is_empty() {
                Vec::new()
            } else {
                let marks: Vec<String> = (1..=games.len()).map(|i| format!("${i}")).collect();
                let seat_sql = format!(
                    "SELECT game_id, seat, player_id FROM game_players \
                     WHERE game_id IN ({}) ORDER BY game_id, pos",
                    marks.join(", ")
                );
                let mut q = sqlx::query_as::<_, RawSeat>(&seat_sql);
                for g in &games {
                    q = q.bind(g.id.clone());
                }
                q.fetch_all(&mut *tx).await.map_err(db_err)?
            };
            tx.commit().await.map_err(db_err)?;
            (games, seats)
        });
        let mut by_game: std::collections::HashMap<String, Vec<(String, Uuid)>> =
            std::collections::HashMap::new();
        for s in seats {
            let player = parse_uuid(&s.player_id, "seat player id")?;
            by_game.entry(s.game_id).or_default().push((s.seat, player));
        }
        games
            .into_iter()
            .map(|g| {
                let players = by_game.remove(&g.id).unwrap_or_default();
                g.into_row(players)
            })
            .collect()
    }
}
