//! Postgres: a batch of writes as one statement.
//!
//! Every statement is a round trip to the backend, and a transaction block takes two more
//! (`BEGIN`, `COMMIT`): a batch of moves, log rows and a few game starts and ends used to
//! take four to six, each with its own executor start-up in the backend. Here each table's
//! rows go as arrays, one per column; the inserts and updates are data-modifying `WITH`
//! queries of one statement, and one statement outside a transaction block is a
//! transaction of its own: all or nothing, committed (durably, `synchronous_commit` being
//! on) before its answer comes back, in one round trip. Its text depends only on which
//! tables the batch writes, not on how many rows, so the connection keeps each variant
//! prepared, with one generic plan (the pool's connections set `plan_cache_mode`, and the
//! writer's connection, taken out of the pool, also turns sequential scans off: see [`PARTS`]).
//!
//! The parts of one statement see one snapshot: an `UPDATE` does not see the rows the
//! statement inserts. So a state change of a room or game the batch itself inserts is folded
//! into the inserted row here (a batch's inserts go before its changes, as on SQLite), and
//! the changes left are made unique per row (an `UPDATE ... FROM` applies one of several
//! matching rows, not the last). Foreign keys are checked at the end of the statement, when
//! every row of it is there.
//!
//! A change of a room or game that is not stored must store nothing: the statement's last
//! part divides by zero when an `UPDATE` changed fewer rows than it names, which aborts the
//! whole statement; a second query then finds which row was missing.

use std::collections::HashMap;

use sqlx::{Connection, PgConnection, PgPool};
use uuid::Uuid;

/// The batch statement with its arrays bound so far.
type Query<'q> = sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>;

use super::{db_err, ChatRow, GameFinish, GameRow, LogRow, MoveRow, RoomRow, StoreError, Write};
use crate::wire::Note;

/// The parts of the batch statement, each with its parameters numbered from `$1`: inserts
/// of rooms, games, seated players, log rows and moves; state changes of rooms; game ends and
/// the players' verdicts; the heartbeat; chat lines; with the cluster on (`crate::cluster`),
/// the fence of the rooms written and the notes of the log rows stored (see [`FENCE`]). A batch's statement has the parts it needs, in this
/// order, numbered on (see [`statement`]): one text per combination, so each stays prepared
/// on the connection, and an empty part costs nothing (a part's start-up in the backend costs
/// about as much as a few rows).
///
/// The updates find their rows by key whatever the table's size: each names its ids as
/// `= ANY` of the array as well as in the join, and the writer's connection plans with
/// sequential scans off (see [`Held`]), so the one way left to the rows is the primary key.
/// A statement's plan is made once per connection (generic plans, see `Store::open`), often
/// while the tables are nearly empty, when reading the whole table is the cheaper plan; kept,
/// that plan read every room, game or seat ever stored for each batch with a change in it
/// (about a quarter of the committing backend's time at 100 rooms closed loop on a fresh
/// database, more as the tables grew, until an `ANALYZE` made Postgres plan again).
const PARTS: [&str; 13] = [
    "new_rooms AS (
    INSERT INTO rooms (id, variant, options, host, host_name, visibility, invite_code,
                       time_control, grace_ms, state, created_at, auto_start,
                       seated, no_show_ms, rated, owner)
    SELECT * FROM UNNEST($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                         $6::text[], $7::text[], $8::text[], $9::int8[], $10::text[],
                         $11::int8[], $12::int8[], $13::text[], $14::int8[], $15::int8[],
                         $16::int8[]))",
    "new_games AS (
    INSERT INTO games (id, variant, options, start_position, seats, result, reason, winners,
                       started_at, finished_at)
    SELECT * FROM UNNEST($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
                         $6::text[], $7::text[], $8::text[], $9::int8[], $10::int8[]))",
    "new_players AS (
    INSERT INTO game_players (game_id, seat, pos, player_id, verdict)
    SELECT * FROM UNNEST($1::text[], $2::text[], $3::int8[], $4::text[], $5::text[]))",
    "new_log AS (
    INSERT INTO room_log (room_id, seq, at, actor, command)
    SELECT * FROM UNNEST($1::text[], $2::int8[], $3::int8[], $4::text[], $5::text[]))",
    "new_moves AS (
    INSERT INTO moves (game_id, ply, seat, notation, clock_ms, at)
    SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[], $4::text[], $5::int8[],
                         $6::int8[]))",
    "states AS (
    UPDATE rooms SET state = u.state
    FROM UNNEST($1::text[], $2::text[]) AS u (id, state)
    WHERE rooms.id = u.id AND rooms.id = ANY($1::text[])
    RETURNING 1)",
    "ends AS (
    UPDATE games SET result = u.result, reason = u.reason, winners = u.winners,
                     finished_at = u.finished_at
    FROM UNNEST($1::text[], $2::text[], $3::text[], $4::text[], $5::int8[])
         AS u (id, result, reason, winners, finished_at)
    WHERE games.id = u.id AND games.id = ANY($1::text[])
    RETURNING 1)",
    "verdicts AS (
    UPDATE game_players SET verdict = u.verdict
    FROM UNNEST($1::text[], $2::text[], $3::text[]) AS u (game_id, seat, verdict)
    WHERE game_players.game_id = u.game_id AND game_players.seat = u.seat
      AND game_players.game_id = ANY($1::text[]))",
    "beat AS (
    INSERT INTO server_heartbeat (id, seen_at) VALUES (1, $1::int8)
    ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at)",
    "new_chat AS (
    INSERT INTO chat (room_id, id, channel, player_id, name, seat, text, at, deleted)
    SELECT * FROM UNNEST($1::text[], $2::int8[], $3::text[], $4::text[], $5::text[],
                         $6::text[], $7::text[], $8::int8[], $9::int8[]))",
    "chat_deleted AS (
    UPDATE chat SET deleted = 1
    FROM UNNEST($1::text[], $2::int8[]) AS u (room_id, id)
    WHERE chat.room_id = u.room_id AND chat.id = u.id AND chat.room_id = ANY($1::text[]))",
    // The fence (see `FENCE`): the rooms written whose owner is still the epoch given,
    // locked until the statement commits.
    "fence AS (
    SELECT rooms.id FROM rooms
    JOIN UNNEST($1::text[], $2::int8[]) AS u (id, owner)
      ON rooms.id = u.id AND rooms.owner = u.owner
    WHERE rooms.id = ANY($1::text[])
    FOR SHARE OF rooms)",
    // One note per log row stored (`wire::Note::RoomRow`), for the nodes that follow the room:
    // sent by Postgres when the statement commits, never for one that is refused.
    "notes AS (
    SELECT pg_notify('checkerhall_room', u.note) FROM UNNEST($1::text[]) AS u (note))",
];

/// Deletes a game's moves from a ply on (a takeback).
const TAKEN_BACK: &str = "DELETE FROM moves WHERE game_id = $1 AND ply >= $2";

/// Index in [`PARTS`] of the rooms' state changes and of the games' ends: the parts whose
/// rows must all exist.
const STATES: usize = 5;
const ENDS: usize = 6;

/// Index in [`PARTS`] of the fence: with the cluster on, every room task's batch names its
/// room and the epoch it holds the room with (`Write::Fence`). The part locks those rooms'
/// rows `FOR SHARE` where the owner is still that epoch, and the statement's last step
/// divides by zero when fewer rows than named were found, so a node that lost a room
/// stores nothing more of it. The lock orders the batch with a claim (an `UPDATE` of the
/// owner): a claim committed first is seen (the lock rechecks the row's newest version)
/// and refuses the batch; a batch committed first makes the claim wait, and the claimer's
/// rebuild then reads the batch's rows. The fence's check comes first in the last step:
/// the checks run in order, and the rooms' state changes (an `UPDATE` of the same rows)
/// must not run before the lock, which skips rows its own statement changed.
const FENCE: usize = 11;
/// Index in [`PARTS`] of the notes of the log rows (channel `checkerhall_room`). A
/// `SELECT` part runs only when the statement reads it: the last step counts its rows.
const NOTES: usize = 12;

/// The statement made of the parts in `mask` (bit `i` for `PARTS[i]`).
///
/// Its last step checks that the state changes and game ends changed as many rows as they
/// name (their ids are unique per batch), dividing by zero otherwise.
fn statement(mask: u16) -> String {
    let mut sql = String::from("WITH ");
    let mut next = 1;
    let mut first = [0; PARTS.len()];
    for (i, part) in PARTS.iter().enumerate() {
        if mask & (1 << i) == 0 {
            continue;
        }
        if next > 1 {
            sql.push_str(",\n");
        }
        first[i] = next;
        let mut rest = *part;
        let mut most = 0;
        while let Some(at) = rest.find('$') {
            sql.push_str(&rest[..=at]);
            let digits = rest[at + 1..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            let n: usize = rest[at + 1..at + 1 + digits].parse().unwrap_or(0);
            most = most.max(n);
            sql.push_str(&(next - 1 + n).to_string());
            rest = &rest[at + 1 + digits..];
        }
        sql.push_str(rest);
        next += most;
    }
    let checks: Vec<String> = [
        (FENCE, "fence"),
        (STATES, "states"),
        (ENDS, "ends"),
        (NOTES, "notes"),
    ]
    .iter()
    .filter(|(i, _)| mask & (1 << i) != 0)
    .map(|(i, name)| {
        format!(
            "(SELECT count(*) FROM {name}) = cardinality(${}::text[])",
            first[*i]
        )
    })
    .collect();
    if checks.is_empty() {
        sql.push_str("\nSELECT 1");
    } else {
        sql.push_str(&format!(
            "\nSELECT 1 / (CASE WHEN {} THEN 1 ELSE 0 END)",
            checks.join(" AND ")
        ));
    }
    sql
}

/// Every combination's statement, each built the first time a batch needs it (most of the
/// 2^13 combinations never occur).
static STATEMENTS: [std::sync::OnceLock<String>; 1 << PARTS.len()] =
    [const { std::sync::OnceLock::new() }; 1 << PARTS.len()];

/// SQLSTATE `division_by_zero`: the batch changes a room or game that is not stored, or
/// writes a room another node owns now.
const MISSING_ROW: &str = "22012";

/// A game the batch starts, with its end when the batch ends it too.
struct NewGame<'a> {
    row: &'a GameRow,
    end: Option<&'a GameFinish>,
}

/// A seated player of a game the batch starts.
struct NewPlayer<'a> {
    game: Uuid,
    seat: &'a str,
    pos: i64,
    player: Uuid,
    verdict: Option<&'a str>,
}

/// A batch's rows by table, ready to bind as arrays.
#[derive(Default)]
struct Batch<'a> {
    /// New rooms, each with its state after the batch's changes.
    rooms: Vec<(&'a RoomRow, &'a str)>,
    games: Vec<NewGame<'a>>,
    players: Vec<NewPlayer<'a>>,
    logs: Vec<&'a LogRow>,
    moves: Vec<&'a MoveRow>,
    /// State changes of rooms stored before, one per room (the last).
    states: Vec<(Uuid, &'a str)>,
    /// Ends of games stored before, one per game (the last).
    ends: Vec<&'a GameFinish>,
    /// Verdicts of players stored before, one per seat of a game (the last).
    verdicts: Vec<(Uuid, &'a str, &'a str)>,
    heartbeat: Option<i64>,
    /// New chat lines, each with whether the batch also deletes it.
    chat: Vec<(&'a ChatRow, bool)>,
    /// Deletions of chat lines stored before.
    chat_deleted: Vec<(Uuid, i64)>,
    /// Takebacks: each game's moves stored before, from a ply on, to delete before the
    /// batch's statement (see `fold_takebacks`).
    taken_back: Vec<(Uuid, i64)>,
    /// The rooms stored before that the batch writes only while their owner is the epoch
    /// given, one per room (see [`FENCE`]).
    fences: Vec<(Uuid, i64)>,
    /// The notes of the log rows (`<room> <seq>`) of the rooms another node follows
    /// (`Write::Fence::followed`).
    notes: Vec<String>,
}

impl<'a> Batch<'a> {
    /// Sorts `writes` into tables: first every insert, then the changes in the order given,
    /// folded into the inserted rows they change.
    fn of(writes: &'a [Write]) -> Batch<'a> {
        let mut b = Batch::default();
        // Rooms another node follows (few: a list).
        let mut followed_rooms: Vec<Uuid> = Vec::new();
        for w in writes {
            match w {
                Write::Room(r) => b.rooms.push((r, r.state.as_str())),
                Write::StartGame(g) => {
                    b.games.push(NewGame { row: g, end: None });
                    for (pos, (seat, player)) in g.players.iter().enumerate() {
                        b.players.push(NewPlayer {
                            game: g.id,
                            seat,
                            pos: i64::try_from(pos).unwrap_or(i64::MAX),
                            player: *player,
                            verdict: None,
                        });
                    }
                }
                Write::Log(l) => b.logs.push(l),
                Write::Move(m) => b.moves.push(m),
                Write::Chat(c) => b.chat.push((c, c.deleted)),
                Write::DeleteChat { room_id, id } => {
                    // A line the batch inserts is inserted deleted: the statement's update
                    // would not see it.
                    match b
                        .chat
                        .iter_mut()
                        .find(|(c, _)| c.room_id == *room_id && c.id == *id)
                    {
                        Some((_, deleted)) => *deleted = true,
                        None => b.chat_deleted.push((*room_id, *id)),
                    }
                }
                Write::Fence {
                    room,
                    owner,
                    followed,
                } => {
                    if !b.fences.iter().any(|(r, _)| r == room) {
                        b.fences.push((*room, *owner));
                    }
                    if *followed && !followed_rooms.contains(room) {
                        followed_rooms.push(*room);
                    }
                }
                Write::TakeBack { game_id, from_ply } => b.taken_back.push((*game_id, *from_ply)),
                Write::RoomState { .. } | Write::FinishGame(_) | Write::Heartbeat { .. } => {}
            }
        }
        // A room the batch inserts is inserted with its owner: the fence would not see
        // the row (one snapshot), and nobody else can own it yet.
        if !b.fences.is_empty() && !b.rooms.is_empty() {
            let new: std::collections::HashSet<Uuid> = b.rooms.iter().map(|(r, _)| r.id).collect();
            b.fences.retain(|(r, _)| !new.contains(r));
        }
        // A room inserted by the batch has no follower yet: one starts from its stored row.
        b.notes = b
            .logs
            .iter()
            .filter(|l| {
                followed_rooms.contains(&l.room_id)
                    && !b.rooms.iter().any(|(r, _)| r.id == l.room_id)
            })
            .map(|l| {
                Note::RoomRow {
                    room: l.room_id,
                    seq: l.seq,
                }
                .payload()
            })
            .collect();
        b.fold_changes(writes);
        b
    }

    /// Folds the changes among `writes` into the rows inserted in the same batch, and
    /// keeps the last of each change to a stored row.
    fn fold_changes(&mut self, writes: &'a [Write]) {
        let b = self;
        let new_rooms: HashMap<Uuid, usize> = b
            .rooms
            .iter()
            .enumerate()
            .map(|(i, (r, _))| (r.id, i))
            .collect();
        let new_games: HashMap<Uuid, usize> = b
            .games
            .iter()
            .enumerate()
            .map(|(i, g)| (g.row.id, i))
            .collect();
        let mut states: HashMap<Uuid, usize> = HashMap::new();
        let mut ends: HashMap<Uuid, usize> = HashMap::new();
        let mut verdicts: HashMap<(Uuid, &str), usize> = HashMap::new();
        for w in writes {
            match w {
                Write::RoomState { id, state } => {
                    if let Some(&i) = new_rooms.get(id) {
                        b.rooms[i].1 = state;
                    } else if let Some(&i) = states.get(id) {
                        b.states[i].1 = state;
                    } else {
                        states.insert(*id, b.states.len());
                        b.states.push((*id, state));
                    }
                }
                Write::FinishGame(f) => {
                    if let Some(&i) = new_games.get(&f.id) {
                        b.games[i].end = Some(f);
                        for (seat, verdict) in &f.verdicts {
                            // A seat without a player row (a bot's) has no verdict to store.
                            if let Some(p) = b
                                .players
                                .iter_mut()
                                .find(|p| p.game == f.id && p.seat == seat)
                            {
                                p.verdict = Some(verdict);
                            }
                        }
                        continue;
                    }
                    if let Some(&i) = ends.get(&f.id) {
                        b.ends[i] = f;
                    } else {
                        ends.insert(f.id, b.ends.len());
                        b.ends.push(f);
                    }
                    for (seat, verdict) in &f.verdicts {
                        if let Some(&i) = verdicts.get(&(f.id, seat.as_str())) {
                            b.verdicts[i].2 = verdict;
                        } else {
                            verdicts.insert((f.id, seat), b.verdicts.len());
                            b.verdicts.push((f.id, seat, verdict));
                        }
                    }
                }
                Write::Heartbeat { at } => b.heartbeat = Some(*at),
                _ => {}
            }
        }
    }

    /// The parts of the statement the batch needs (see [`statement`]).
    fn mask(&self) -> u16 {
        [
            !self.rooms.is_empty(),
            !self.games.is_empty(),
            !self.players.is_empty(),
            !self.logs.is_empty(),
            !self.moves.is_empty(),
            !self.states.is_empty(),
            !self.ends.is_empty(),
            !self.verdicts.is_empty(),
            self.heartbeat.is_some(),
            !self.chat.is_empty(),
            !self.chat_deleted.is_empty(),
            !self.fences.is_empty(),
            !self.notes.is_empty(),
        ]
        .iter()
        .enumerate()
        .fold(0, |mask, (i, on)| mask | (u16::from(*on) << i))
    }

    /// Runs the batch's statement on `conn`.
    async fn run(&self, conn: &mut PgConnection) -> Result<(), StoreError> {
        let mask = self.mask();
        let Some(sql) = STATEMENTS
            .get(usize::from(mask))
            .filter(|_| mask != 0)
            .map(|cell| cell.get_or_init(|| statement(mask)))
        else {
            return Ok(());
        };
        let q = self.bind_changes(self.bind_new_rows(sqlx::query(sql)));
        let q = self.bind_cluster(q);
        q.execute(conn).await.map(|_| ()).map_err(|e| match &e {
            sqlx::Error::Database(d) if d.code().as_deref() == Some(MISSING_ROW) => {
                StoreError::Missing(String::new())
            }
            _ => db_err(e),
        })
    }

    /// Binds the arrays of the rows the batch inserts: rooms, games and their players.
    fn bind_new_rows<'q>(&'q self, mut q: Query<'q>) -> Query<'q> {
        let rooms = &self.rooms;
        if !rooms.is_empty() {
            q = q
                .bind(ids(rooms, |(r, _)| r.id))
                .bind(col(rooms, |(r, _)| r.variant.as_str()))
                .bind(col(rooms, |(r, _)| r.options.as_str()))
                .bind(ids(rooms, |(r, _)| r.host))
                .bind(col(rooms, |(r, _)| r.host_name.as_str()))
                .bind(col(rooms, |(r, _)| r.visibility.as_str()))
                .bind(col(rooms, |(r, _)| r.invite_code.as_deref()))
                .bind(col(rooms, |(r, _)| r.time_control.as_str()))
                .bind(col(rooms, |(r, _)| r.grace_ms))
                .bind(col(rooms, |(_, state)| *state))
                .bind(col(rooms, |(r, _)| r.created_at))
                .bind(col(rooms, |(r, _)| i64::from(r.auto_start)))
                .bind(col(rooms, |(r, _)| r.seated.as_str()))
                .bind(col(rooms, |(r, _)| r.no_show_ms))
                .bind(col(rooms, |(r, _)| i64::from(r.rated)))
                .bind(col(rooms, |(r, _)| r.owner));
        }
        let games = &self.games;
        if !games.is_empty() {
            let ended = |f: fn(&GameFinish) -> &str, g: &NewGame<'a>, was: &'a Option<String>| {
                g.end.map_or(was.as_deref(), |e| Some(f(e)))
            };
            q = q
                .bind(ids(games, |g| g.row.id))
                .bind(col(games, |g| g.row.variant.as_str()))
                .bind(col(games, |g| g.row.options.as_str()))
                .bind(col(games, |g| g.row.start_position.as_str()))
                .bind(col(games, |g| g.row.seats.as_str()))
                .bind(col(games, |g| ended(|e| &e.result, g, &g.row.result)))
                .bind(col(games, |g| ended(|e| &e.reason, g, &g.row.reason)))
                .bind(col(games, |g| ended(|e| &e.winners, g, &g.row.winners)))
                .bind(col(games, |g| g.row.started_at))
                .bind(col(games, |g| {
                    g.end.map_or(g.row.finished_at, |e| Some(e.finished_at))
                }));
        }
        let players = &self.players;
        if !players.is_empty() {
            q = q
                .bind(ids(players, |p| p.game))
                .bind(col(players, |p| p.seat))
                .bind(col(players, |p| p.pos))
                .bind(ids(players, |p| p.player))
                .bind(col(players, |p| p.verdict));
        }
        q
    }

    /// Binds the arrays of the log and move rows, and of the changes to stored rows.
    fn bind_changes<'q>(&'q self, mut q: Query<'q>) -> Query<'q> {
        let logs = &self.logs;
        if !logs.is_empty() {
            q = q
                .bind(ids(logs, |l| l.room_id))
                .bind(col(logs, |l| l.seq))
                .bind(col(logs, |l| l.at))
                .bind(col(logs, |l| l.actor.as_str()))
                .bind(col(logs, |l| l.command.as_str()));
        }
        let moves = &self.moves;
        if !moves.is_empty() {
            q = q
                .bind(ids(moves, |m| m.game_id))
                .bind(col(moves, |m| m.ply))
                .bind(col(moves, |m| m.seat.as_str()))
                .bind(col(moves, |m| m.notation.as_str()))
                .bind(col(moves, |m| m.clock_ms))
                .bind(col(moves, |m| m.at));
        }
        let states = &self.states;
        if !states.is_empty() {
            q = q
                .bind(ids(states, |(id, _)| *id))
                .bind(col(states, |(_, state)| *state));
        }
        let ends = &self.ends;
        if !ends.is_empty() {
            q = q
                .bind(ids(ends, |f| f.id))
                .bind(col(ends, |f| f.result.as_str()))
                .bind(col(ends, |f| f.reason.as_str()))
                .bind(col(ends, |f| f.winners.as_str()))
                .bind(col(ends, |f| f.finished_at));
        }
        let verdicts = &self.verdicts;
        if !verdicts.is_empty() {
            q = q
                .bind(ids(verdicts, |(g, _, _)| *g))
                .bind(col(verdicts, |(_, seat, _)| *seat))
                .bind(col(verdicts, |(_, _, verdict)| *verdict));
        }
        if let Some(at) = self.heartbeat {
            q = q.bind(at);
        }
        let chat = &self.chat;
        if !chat.is_empty() {
            q = q
                .bind(ids(chat, |(c, _)| c.room_id))
                .bind(col(chat, |(c, _)| c.id))
                .bind(col(chat, |(c, _)| c.channel.as_str()))
                .bind(ids(chat, |(c, _)| c.player_id))
                .bind(col(chat, |(c, _)| c.name.as_str()))
                .bind(col(chat, |(c, _)| c.seat.as_deref()))
                .bind(col(chat, |(c, _)| c.text.as_str()))
                .bind(col(chat, |(c, _)| c.at))
                .bind(col(chat, |(_, deleted)| i64::from(*deleted)));
        }
        let gone = &self.chat_deleted;
        if !gone.is_empty() {
            q = q
                .bind(ids(gone, |(room, _)| *room))
                .bind(col(gone, |(_, id)| *id));
        }
        q
    }

    /// Binds the arrays of the fence and of the notes.
    fn bind_cluster<'q>(&'q self, mut q: Query<'q>) -> Query<'q> {
        let fences = &self.fences;
        if !fences.is_empty() {
            q = q
                .bind(ids(fences, |(room, _)| *room))
                .bind(col(fences, |(_, owner)| *owner));
        }
        if !self.notes.is_empty() {
            q = q.bind(&self.notes);
        }
        q
    }

    /// After the batch was refused: the first room it fences that another node owns now
    /// (`None`: the fences hold, so a row was missing).
    async fn fenced(&self, conn: &mut PgConnection) -> Result<Option<Uuid>, StoreError> {
        if self.fences.is_empty() {
            return Ok(None);
        }
        let found: Option<String> = sqlx::query_scalar(
            "SELECT u.id FROM UNNEST($1::text[], $2::int8[]) AS u (id, owner) \
             WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE rooms.id = u.id \
                               AND rooms.owner = u.owner) \
             LIMIT 1",
        )
        .bind(ids(&self.fences, |(room, _)| *room))
        .bind(col(&self.fences, |(_, owner)| *owner))
        .fetch_optional(conn)
        .await
        .map_err(db_err)?;
        Ok(found.and_then(|id| Uuid::parse_str(&id).ok()))
    }

    /// Why the batch was refused by its last step: [`StoreError::Fenced`] for a room
    /// another node owns now, else [`StoreError::Missing`] with the row that is not stored.
    async fn refused(&self, conn: &mut PgConnection) -> StoreError {
        match self.fenced(conn).await {
            Ok(Some(room)) => StoreError::Fenced(room),
            Ok(None) => match self.missing(conn).await {
                Ok(what) => StoreError::Missing(what),
                Err(e) => e,
            },
            Err(e) => e,
        }
    }

    /// After the batch was refused for a missing row: which one (the first room, else the
    /// first game, that is not stored).
    async fn missing(&self, conn: &mut PgConnection) -> Result<String, StoreError> {
        let rooms = ids(&self.states, |(id, _)| *id);
        let games = ids(&self.ends, |f| f.id);
        let found: Option<(String, String)> = sqlx::query_as(
            "SELECT 'room', u.id FROM UNNEST($1::text[]) AS u (id) \
             WHERE NOT EXISTS (SELECT 1 FROM rooms WHERE rooms.id = u.id) \
             UNION ALL \
             SELECT 'game', u.id FROM UNNEST($2::text[]) AS u (id) \
             WHERE NOT EXISTS (SELECT 1 FROM games WHERE games.id = u.id) \
             LIMIT 1",
        )
        .bind(rooms)
        .bind(games)
        .fetch_optional(conn)
        .await
        .map_err(db_err)?;
        Ok(match found {
            Some((what, id)) => format!("{what} {id}"),
            // Stored since (it cannot be, as only this server writes them): say what the
            // batch needed.
            None => "a room or game the batch changes".to_string(),
        })
    }
}

/// The text of one id column of `rows`, for a `text[]` parameter.
fn ids<T>(rows: &[T], id: impl Fn(&T) -> Uuid) -> Vec<String> {
    rows.iter().map(|r| id(r).to_string()).collect()
}

/// One column of `rows`, for an array parameter.
fn col<'a, T, U>(rows: &'a [T], column: impl Fn(&'a T) -> U) -> Vec<U> {
    rows.iter().map(column).collect()
}

/// Commits `writes` on `conn` as one statement (see the module's comment); the statements
/// run (one).
///
/// # Errors
/// As `Store::commit`.
pub(super) async fn commit(conn: &mut PgConnection, writes: &[Write]) -> Result<usize, StoreError> {
    let folded = super::rows::fold_takebacks(writes);
    let writes = folded.as_deref().unwrap_or(writes);
    let batch = Batch::of(writes);
    let rated = super::ratings::rated(writes);
    if !rated.is_empty() || !batch.taken_back.is_empty() {
        // The change of the ratings reads them, and a takeback deletes rows the batch's
        // statement may insert again (one statement sees one snapshot): a transaction
        // block around the deletions, the batch's statement and the rating statements
        // (only batches finishing a rated game or taking moves back).
        let mut tx = conn.begin().await.map_err(db_err)?;
        let done = async {
            let mut n = 0;
            for (game, from) in &batch.taken_back {
                sqlx::query(TAKEN_BACK)
                    .bind(game.to_string())
                    .bind(*from)
                    .execute(&mut *tx)
                    .await
                    .map_err(db_err)?;
                n += 1;
            }
            batch.run(&mut tx).await?;
            Ok::<usize, StoreError>(n + super::ratings::apply_pg(&mut tx, &rated).await?)
        }
        .await;
        return match done {
            Ok(n) => {
                tx.commit().await.map_err(db_err)?;
                Ok(usize::from(batch.mask() != 0) + n)
            }
            Err(e) => {
                // Broken or refused: either way nothing of the batch is kept.
                let _ = tx.rollback().await;
                match e {
                    StoreError::Missing(_) => Err(batch.refused(conn).await),
                    e => Err(e),
                }
            }
        };
    }
    match batch.run(&mut *conn).await {
        Ok(()) => Ok(usize::from(batch.mask() != 0)),
        Err(StoreError::Missing(_)) => Err(batch.refused(conn).await),
        Err(e) => Err(e),
    }
}

/// A committer's connection, kept from one batch to the next (taking one from the pool for
/// each batch pinged it first, a round trip to the backend as long as the batch's own), and
/// taken out of the pool: it plans with sequential scans off (see [`PARTS`]), which no
/// reader should inherit.
pub(super) struct Held {
    pool: PgPool,
    conn: Option<PgConnection>,
}

impl Held {
    /// Connections of `pool`, the first taken when the first batch comes.
    pub(super) fn new(pool: PgPool) -> Held {
        Held { pool, conn: None }
    }

    /// A connection of the pool (which waits for the server and retries while it can),
    /// taken out of it, with sequential scans off.
    async fn connect(&self) -> Result<PgConnection, StoreError> {
        let mut conn = self.pool.acquire().await.map_err(db_err)?.detach();
        sqlx::query("SET enable_seqscan = off")
            .execute(&mut conn)
            .await
            .map_err(db_err)?;
        Ok(conn)
    }

    /// [`commit`] on the held connection. After a failure other than the database refusing
    /// the batch (a broken connection, a restarted server, a terminated backend) the
    /// connection is closed, and the next batch makes another.
    pub(super) async fn commit(&mut self, writes: &[Write]) -> Result<usize, StoreError> {
        let conn = match &mut self.conn {
            Some(conn) => conn,
            None => self.conn.insert(self.connect().await?),
        };
        let result = commit(conn, writes).await;
        if let Err(StoreError::Sqlx(e)) = &result {
            // A backend that was terminated answers with an error of its own (57P01) before
            // its connection ends: that connection is gone too.
            if !matches!(e, sqlx::Error::Database(_)) || super::sqlx_unavailable(e) {
                if let Some(conn) = self.conn.take() {
                    // Broken already, most likely: how it ends does not matter.
                    let _ = conn.close().await;
                }
            }
        }
        result
    }

    /// Ends the connection politely (the backend logs an unexpected end otherwise).
    pub(super) async fn close(mut self) {
        if let Some(conn) = self.conn.take() {
            if let Err(e) = conn.close().await {
                tracing::debug!(error = %e, "closing the writer's Postgres connection");
            }
        }
    }
}

#[cfg(test)]
mod tests;
