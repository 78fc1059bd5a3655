//! Tournaments (migration 0007): events, entrants and games, read and written by the
//! tournament directors (`crate::tournaments`) and the HTTP handlers. Few writes (a
//! registration, a round's pairings, a game's placing), so they go straight to the pool
//! rather than through the [`super::Writer`]. Standings are never stored: they are
//! computed from the games, so a restart recomputes them.

use uuid::Uuid;

use super::{db_err, parse_uuid, Pool, Store, StoreError};

/// One tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    /// Id.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// Game key.
    pub variant: String,
    /// Options as JSON (object of non-default key -> value strings).
    pub options: String,
    /// The pairing crate's `Format` as JSON.
    pub format: String,
    /// Lobby `TimeControl` as JSON.
    pub time_control: String,
    /// Its rooms are rated.
    pub rated: bool,
    /// The no-show wait of its games (ms).
    pub no_show_ms: i64,
    /// Most entrants, if limited.
    pub max_players: Option<i64>,
    /// When it starts (ms).
    pub starts_at: i64,
    /// `registering`, `running` or `finished`.
    pub state: String,
    /// The round being played (0 before the start; arena: games paired so far).
    pub round: i64,
    /// The account that created it.
    pub created_by: Uuid,
    /// Milliseconds since the epoch.
    pub created_at: i64,
    /// When it started.
    pub started_at: Option<i64>,
    /// When it finished.
    pub finished_at: Option<i64>,
}

/// One entrant of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantRow {
    /// The tournament.
    pub tournament_id: Uuid,
    /// The account, or a bot entrant's own id.
    pub player_id: Uuid,
    /// Display name.
    pub name: String,
    /// Seed rating at registration.
    pub rating: i64,
    /// Not withdrawn.
    pub active: bool,
    /// Partner (Neva team events).
    pub partner: Option<Uuid>,
    /// A bot entrant's lobby `Bot` as JSON.
    pub bot: Option<String>,
    /// When they joined (ms).
    pub joined_at: i64,
    /// The account's username (read from the accounts; `None` for a bot, and ignored when
    /// an entrant is stored).
    pub username: Option<String>,
}

/// What a registration came to ([`Store::join_tournament`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JoinOutcome {
    /// Entered (or entered already).
    Joined,
    /// The event has as many entrants as its cap allows.
    Full,
    /// The event no longer registers (started, finished or cancelled).
    Closed,
}

/// One game of a tournament (or a bye).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGameRow {
    /// The tournament.
    pub tournament_id: Uuid,
    /// Order of pairing, from 0.
    pub seq: i64,
    /// Round, from 1.
    pub round: i64,
    /// The room (its id is the game's); `None` for a bye.
    pub room_id: Option<Uuid>,
    /// JSON list of `[seat key, player id]`.
    pub seats: String,
    /// The pairing crate's `Placing` as JSON, once ended.
    pub placing: Option<String>,
}

/// A tournament with everything stored about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredTournament {
    /// The event.
    pub event: TournamentRow,
    /// Its entrants, in order of registration.
    pub entrants: Vec<EntrantRow>,
    /// Its games, in order of pairing.
    pub games: Vec<TournamentGameRow>,
}

/// How a tournament room stands in the store, for its director.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomOutcome {
    /// The room.
    pub room_id: Uuid,
    /// Its state key (`playing`, `finished`, `aborted`).
    pub state: String,
    /// The game's outcome JSON (lobby `Outcome`), once finished.
    pub result: Option<String>,
}

/// One of a player's tournaments, for the player page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerTournament {
    /// The tournament.
    pub id: Uuid,
    /// Its name.
    pub name: String,
    /// Game key.
    pub game: String,
    /// `registering`, `running` or `finished`.
    pub state: String,
    /// When it starts (ms).
    pub starts_at: i64,
}

const TOURNAMENT_COLUMNS: &str = "id, name, variant, options, format, time_control, rated, \
     no_show_ms, max_players, starts_at, state, round, created_by, created_at, started_at, \
     finished_at";

#[derive(sqlx::FromRow)]
struct RawTournament {
    id: String,
    name: String,
    variant: String,
    options: String,
    format: String,
    time_control: String,
    rated: i64,
    no_show_ms: i64,
    max_players: Option<i64>,
    starts_at: i64,
    state: String,
    round: i64,
    created_by: String,
    created_at: i64,
    started_at: Option<i64>,
    finished_at: Option<i64>,
}

impl RawTournament {
    fn into_row(self) -> Result<TournamentRow, StoreError> {
        Ok(TournamentRow {
            id: parse_uuid(&self.id, "tournament id")?,
            name: self.name,
            variant: self.variant,
            options: self.options,
            format: self.format,
            time_control: self.time_control,
            rated: self.rated != 0,
            no_show_ms: self.no_show_ms,
            max_players: self.max_players,
            starts_at: self.starts_at,
            state: self.state,
            round: self.round,
            created_by: parse_uuid(&self.created_by, "tournament creator")?,
            created_at: self.created_at,
            started_at: self.started_at,
            finished_at: self.finished_at,
        })
    }
}

#[derive(sqlx::FromRow)]
struct RawEntrant {
    tournament_id: String,
    player_id: String,
    name: String,
    rating: i64,
    active: i64,
    partner: Option<String>,
    bot: Option<String>,
    joined_at: i64,
    username: Option<String>,
}

impl RawEntrant {
    fn into_row(self) -> Result<EntrantRow, StoreError> {
        Ok(EntrantRow {
            tournament_id: parse_uuid(&self.tournament_id, "entrant tournament")?,
            player_id: parse_uuid(&self.player_id, "entrant id")?,
            name: self.name,
            rating: self.rating,
            active: self.active != 0,
            partner: self
                .partner
                .map(|p| parse_uuid(&p, "entrant partner"))
                .transpose()?,
            bot: self.bot,
            joined_at: self.joined_at,
            username: self.username,
        })
    }
}

#[derive(sqlx::FromRow)]
struct RawGame {
    tournament_id: String,
    seq: i64,
    round: i64,
    room_id: Option<String>,
    seats: String,
    #[sqlx(rename = "places")]
    placing: Option<String>,
}

impl RawGame {
    fn into_row(self) -> Result<TournamentGameRow, StoreError> {
        Ok(TournamentGameRow {
            tournament_id: parse_uuid(&self.tournament_id, "game tournament")?,
            seq: self.seq,
            round: self.round,
            room_id: self
                .room_id
                .map(|r| parse_uuid(&r, "tournament room"))
                .transpose()?,
            seats: self.seats,
            placing: self.placing,
        })
    }
}

#[derive(sqlx::FromRow)]
struct RawOutcome {
    id: String,
    state: String,
    result: Option<String>,
}

const ENTRANT_INSERT: &str = "INSERT INTO tournament_entrants (tournament_id, player_id, name, \
     rating, active, partner, bot, joined_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

const GAME_INSERT: &str = "INSERT INTO tournament_games (tournament_id, seq, round, room_id, \
     seats, places) VALUES ($1, $2, $3, $4, $5, $6)";

impl Store {
    /// Stores a new tournament with its first entrants (bots the creator entered).
    ///
    /// # Errors
    /// Database failure.
    pub async fn insert_tournament(
        &self,
        t: &TournamentRow,
        entrants: &[EntrantRow],
    ) -> Result<(), StoreError> {
        let sql = format!(
            "INSERT INTO tournaments ({TOURNAMENT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, \
             $8, $9, $10, $11, $12, $13, $14, $15, $16)"
        );
        on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            sqlx::query(&sql)
                .bind(t.id.to_string())
                .bind(&t.name)
                .bind(&t.variant)
                .bind(&t.options)
                .bind(&t.format)
                .bind(&t.time_control)
                .bind(i64::from(t.rated))
                .bind(t.no_show_ms)
                .bind(t.max_players)
                .bind(t.starts_at)
                .bind(&t.state)
                .bind(t.round)
                .bind(t.created_by.to_string())
                .bind(t.created_at)
                .bind(t.started_at)
                .bind(t.finished_at)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
            for e in entrants {
                sqlx::query(ENTRANT_INSERT)
                    .bind(e.tournament_id.to_string())
                    .bind(e.player_id.to_string())
                    .bind(&e.name)
                    .bind(e.rating)
                    .bind(i64::from(e.active))
                    .bind(e.partner.map(|p| p.to_string()))
                    .bind(e.bot.clone())
                    .bind(e.joined_at)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            tx.commit().await.map_err(db_err)?;
        });
        Ok(())
    }

    /// A tournament with its entrants and games.
    ///
    /// # Errors
    /// Database failure or a corrupt row.
    pub async fn tournament(&self, id: Uuid) -> Result<Option<StoredTournament>, StoreError> {
        let t_sql = format!("SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE id = $1");
        let found: Option<(RawTournament, Vec<RawEntrant>, Vec<RawGame>)> = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let t: Option<RawTournament> = sqlx::query_as(&t_sql)
                .bind(id.to_string())
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_err)?;
            let found = match t {
                None => None,
                Some(t) => {
                    let entrants = sqlx::query_as(
                        "SELECT e.tournament_id, e.player_id, e.name, e.rating, e.active, \
                         e.partner, e.bot, e.joined_at, a.username FROM tournament_entrants e \
                         LEFT JOIN accounts a ON a.player_id = e.player_id \
                         WHERE e.tournament_id = $1 ORDER BY e.joined_at, e.player_id",
                    )
                    .bind(id.to_string())
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(db_err)?;
                    let games = sqlx::query_as(
                        "SELECT tournament_id, seq, round, room_id, seats, places \
                         FROM tournament_games WHERE tournament_id = $1 ORDER BY seq",
                    )
                    .bind(id.to_string())
                    .fetch_all(&mut *tx)
                    .await
                    .map_err(db_err)?;
                    Some((t, entrants, games))
                }
            };
            tx.commit().await.map_err(db_err)?;
            found
        });
        let Some((t, entrants, games)) = found else {
            return Ok(None);
        };
        Ok(Some(StoredTournament {
            event: t.into_row()?,
            entrants: entrants
                .into_iter()
                .map(RawEntrant::into_row)
                .collect::<Result<_, _>>()?,
            games: games
                .into_iter()
                .map(RawGame::into_row)
                .collect::<Result<_, _>>()?,
        }))
    }

    /// Tournaments registering or running (soonest first), then up to `recent` finished
    /// ones (latest first).
    ///
    /// # Errors
    /// Database failure or a corrupt row.
    pub async fn list_tournaments(&self, recent: u32) -> Result<Vec<TournamentRow>, StoreError> {
        let open_sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE state <> 'finished' \
             ORDER BY starts_at, id"
        );
        let done_sql = format!(
            "SELECT {TOURNAMENT_COLUMNS} FROM tournaments WHERE state = 'finished' \
             ORDER BY starts_at DESC, id LIMIT $1"
        );
        let (open, done): (Vec<RawTournament>, Vec<RawTournament>) = on_pool!(self, p => {
            let open = sqlx::query_as(&open_sql).fetch_all(p).await.map_err(db_err)?;
            let done = sqlx::query_as(&done_sql)
                .bind(i64::from(recent))
                .fetch_all(p)
                .await
                .map_err(db_err)?;
            (open, done)
        });
        open.into_iter()
            .chain(done)
            .map(RawTournament::into_row)
            .collect()
    }

    /// Adds an entrant while the event registers and its cap allows, or makes a withdrawn
    /// one active again (with the partner given). One transaction that first writes the
    /// event's row, so concurrent registrations queue behind each other (Postgres locks the
    /// row, SQLite takes its write lock) and each counts the entrants the one before it
    /// left: a cap is never overrun.
    ///
    /// # Errors
    /// Database failure.
    pub async fn join_tournament(&self, e: &EntrantRow) -> Result<JoinOutcome, StoreError> {
        let outcome = on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            let open = sqlx::query(
                "UPDATE tournaments SET round = round WHERE id = $1 AND state = 'registering'",
            )
            .bind(e.tournament_id.to_string())
            .execute(&mut *tx)
            .await
            .map_err(db_err)?
            .rows_affected();
            if open == 0 {
                tx.rollback().await.map_err(db_err)?;
                JoinOutcome::Closed
            } else {
                let entered: Option<(i64,)> = sqlx::query_as(
                    "SELECT active FROM tournament_entrants \
                     WHERE tournament_id = $1 AND player_id = $2",
                )
                .bind(e.tournament_id.to_string())
                .bind(e.player_id.to_string())
                .fetch_optional(&mut *tx)
                .await
                .map_err(db_err)?;
                let (count, cap): (i64, Option<i64>) = sqlx::query_as(
                    "SELECT (SELECT COUNT(*) FROM tournament_entrants \
                     WHERE tournament_id = $1 AND active = 1), max_players \
                     FROM tournaments WHERE id = $1",
                )
                .bind(e.tournament_id.to_string())
                .fetch_one(&mut *tx)
                .await
                .map_err(db_err)?;
                let counted = entered.is_some_and(|(active,)| active != 0);
                if !counted && cap.is_some_and(|cap| count >= cap) {
                    tx.rollback().await.map_err(db_err)?;
                    JoinOutcome::Full
                } else {
                    if entered.is_some() {
                        sqlx::query(
                            "UPDATE tournament_entrants SET active = 1, partner = $3, name = $4 \
                             WHERE tournament_id = $1 AND player_id = $2",
                        )
                        .bind(e.tournament_id.to_string())
                        .bind(e.player_id.to_string())
                        .bind(e.partner.map(|p| p.to_string()))
                        .bind(&e.name)
                        .execute(&mut *tx)
                        .await
                        .map_err(db_err)?;
                    } else {
                        sqlx::query(ENTRANT_INSERT)
                            .bind(e.tournament_id.to_string())
                            .bind(e.player_id.to_string())
                            .bind(&e.name)
                            .bind(e.rating)
                            .bind(i64::from(e.active))
                            .bind(e.partner.map(|p| p.to_string()))
                            .bind(e.bot.clone())
                            .bind(e.joined_at)
                            .execute(&mut *tx)
                            .await
                            .map_err(db_err)?;
                    }
                    tx.commit().await.map_err(db_err)?;
                    JoinOutcome::Joined
                }
            }
        });
        Ok(outcome)
    }

    /// Changes the settings of an event still registering: its name, game options, format,
    /// clock, rating, start, no-show wait and cap (every column of `t` but its id, state,
    /// round, creator and times of creation, start and end). Refused (false) once it has
    /// started, or when the cap is below the entrants already in: checked in the same
    /// statement, so no registration slips between the count and the change.
    ///
    /// # Errors
    /// Database failure.
    pub async fn edit_tournament(&self, t: &TournamentRow) -> Result<bool, StoreError> {
        let n = on_pool!(self, p => {
            sqlx::query(
                "UPDATE tournaments SET name = $2, variant = $3, options = $4, format = $5, \
                 time_control = $6, rated = $7, no_show_ms = $8, max_players = $9, \
                 starts_at = $10 WHERE id = $1 AND state = 'registering' AND ($9 IS NULL OR \
                 (SELECT COUNT(*) FROM tournament_entrants \
                  WHERE tournament_id = $1 AND active = 1) <= $9)",
            )
            .bind(t.id.to_string())
            .bind(&t.name)
            .bind(&t.variant)
            .bind(&t.options)
            .bind(&t.format)
            .bind(&t.time_control)
            .bind(i64::from(t.rated))
            .bind(t.no_show_ms)
            .bind(t.max_players)
            .bind(t.starts_at)
            .execute(p)
            .await
            .map_err(db_err)?
            .rows_affected()
        });
        Ok(n > 0)
    }

    /// Deletes an event that has not started, with its entrants. False once it has
    /// started (or when there is no such event).
    ///
    /// # Errors
    /// Database failure.
    pub async fn cancel_tournament(&self, tournament: Uuid) -> Result<bool, StoreError> {
        // The entrants go with it (`ON DELETE CASCADE`); a registering event has no games.
        let n = on_pool!(self, p => {
            sqlx::query("DELETE FROM tournaments WHERE id = $1 AND state = 'registering'")
                .bind(tournament.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(n > 0)
    }

    /// The tournament and round that paired room `room`, if a tournament did.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn tournament_of_room(&self, room: Uuid) -> Result<Option<(Uuid, i64)>, StoreError> {
        let found: Option<(String, i64)> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT tournament_id, round FROM tournament_games WHERE room_id = $1 LIMIT 1",
            )
            .bind(room.to_string())
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        found
            .map(|(id, round)| Ok((parse_uuid(&id, "game tournament")?, round)))
            .transpose()
    }

    /// Withdraws an entrant: before the start the registration is deleted, afterwards it
    /// stays (its games count) but is no longer paired. False if they were not entered.
    ///
    /// # Errors
    /// Database failure.
    pub async fn leave_tournament(
        &self,
        tournament: Uuid,
        player: Uuid,
        delete: bool,
    ) -> Result<bool, StoreError> {
        let sql = if delete {
            "DELETE FROM tournament_entrants WHERE tournament_id = $1 AND player_id = $2"
        } else {
            "UPDATE tournament_entrants SET active = 0 WHERE tournament_id = $1 \
             AND player_id = $2 AND active = 1"
        };
        let n = on_pool!(self, p => {
            sqlx::query(sql)
                .bind(tournament.to_string())
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(n > 0)
    }

    /// Stores newly paired games and the tournament's state and round, in one transaction:
    /// a restart finds a round either whole or not paired at all.
    ///
    /// # Errors
    /// Database failure (nothing stored).
    pub async fn pair_tournament_games(
        &self,
        tournament: Uuid,
        state: &str,
        round: i64,
        started_at: Option<i64>,
        games: &[TournamentGameRow],
    ) -> Result<(), StoreError> {
        on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            for g in games {
                sqlx::query(GAME_INSERT)
                    .bind(g.tournament_id.to_string())
                    .bind(g.seq)
                    .bind(g.round)
                    .bind(g.room_id.map(|r| r.to_string()))
                    .bind(&g.seats)
                    .bind(g.placing.clone())
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
            }
            sqlx::query(
                "UPDATE tournaments SET state = $2, round = $3, \
                 started_at = COALESCE(started_at, $4) WHERE id = $1",
            )
            .bind(tournament.to_string())
            .bind(state)
            .bind(round)
            .bind(started_at)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            tx.commit().await.map_err(db_err)?;
        });
        Ok(())
    }

    /// Records how one game of a tournament ended.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_tournament_placing(
        &self,
        tournament: Uuid,
        seq: i64,
        placing: &str,
    ) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query(
                "UPDATE tournament_games SET places = $3 WHERE tournament_id = $1 AND seq = $2",
            )
            .bind(tournament.to_string())
            .bind(seq)
            .bind(placing)
            .execute(p)
            .await
            .map_err(db_err)?;
        });
        Ok(())
    }

    /// Ends a tournament (`finished` at `at`).
    ///
    /// # Errors
    /// Database failure.
    pub async fn finish_tournament(&self, tournament: Uuid, at: i64) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query("UPDATE tournaments SET state = 'finished', finished_at = $2 WHERE id = $1")
                .bind(tournament.to_string())
                .bind(at)
                .execute(p)
                .await
                .map_err(db_err)?;
        });
        Ok(())
    }

    /// How the given rooms stand: their state and, once finished, their game's outcome. A
    /// room never stored is missing from the answer.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn room_outcomes(&self, rooms: &[Uuid]) -> Result<Vec<RoomOutcome>, StoreError> {
        if rooms.is_empty() {
            return Ok(Vec::new());
        }
        let marks: Vec<String> = (1..=rooms.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT r.id, r.state, g.result FROM rooms r LEFT JOIN games g ON g.id = r.id \
             WHERE r.id IN ({})",
            marks.join(", ")
        );
        let raw: Vec<RawOutcome> = on_pool!(self, p => {
            let mut q = sqlx::query_as::<_, RawOutcome>(&sql);
            for r in rooms {
                q = q.bind(r.to_string());
            }
            q.fetch_all(p).await.map_err(db_err)?
        });
        raw.into_iter()
            .map(|r| {
                Ok(RoomOutcome {
                    room_id: parse_uuid(&r.id, "room id")?,
                    state: r.state,
                    result: r.result,
                })
            })
            .collect()
    }

    /// The tournaments `player` entered (withdrawn or not), latest first, at most 50. The
    /// player's rank comes from the games (`crate::tournaments::player_tournaments`).
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn tournaments_of(&self, player: Uuid) -> Result<Vec<PlayerTournament>, StoreError> {
        #[derive(sqlx::FromRow)]
        struct Raw {
            id: String,
            name: String,
            variant: String,
            state: String,
            starts_at: i64,
        }
        let raw: Vec<Raw> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT t.id, t.name, t.variant, t.state, t.starts_at FROM tournaments t \
                 JOIN tournament_entrants e ON e.tournament_id = t.id \
                 WHERE e.player_id = $1 ORDER BY t.starts_at DESC, t.id LIMIT 50",
            )
            .bind(player.to_string())
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        raw.into_iter()
            .map(|r| {
                Ok(PlayerTournament {
                    id: parse_uuid(&r.id, "tournament id")?,
                    name: r.name,
                    game: r.variant,
                    state: r.state,
                    starts_at: r.starts_at,
                })
            })
            .collect()
    }
}
