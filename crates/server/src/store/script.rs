//! SQLite batches as scripts: a batch's statements sent to SQLite's connection thread in one
//! request.
//!
//! sqlx runs every SQLite statement on the connection's own thread: each `execute` is a
//! hop to that thread and back, and on a loaded machine each hop waits for the scheduler
//! twice. A batch of a few hundred moves and a few game starts and ends used to take about
//! thirty hops; as a script (every statement of the batch in one SQL text, its values
//! bound in order across the whole text, which sqlx's SQLite driver does statement by
//! statement) it takes one. On the writer's own connection the transaction's `BEGIN` and
//! `COMMIT` are in the script too (see [`commit_owned`]); a pooled connection takes them as
//! sqlx's transaction, two more hops.
//!
//! Parsing a script's text cost the writer's thread about a tenth of its time when each
//! batch had a text of its own. So a batch's log rows and moves (nearly all of its rows)
//! go in a script whose text depends only on a few row counts (see [`bucket`]): each
//! insert takes its rows padded with rows of NULLs up to the next power of two, which it
//! filters out, and the connection keeps the script prepared (sqlx's statement cache, by
//! text). Room and game starts, state changes and game ends go in a script of their own
//! before or after it; its text depends only on what kinds of writes it has, in what
//! order, so a short one is kept prepared too (a batch holds the starts and ends of a few
//! games at most).

use futures_util::TryStreamExt;
use sqlx::sqlite::Sqlite;
use sqlx::{Connection, Either, Executor, SqliteConnection};

use super::chat::{CHAT_DELETE, CHAT_INSERT};
use super::ratings;
use super::{db_err, ChatRow, GameFinish, GameRow, LogRow, MoveRow, RoomRow, StoreError, Write};

/// Most values in one script: under SQLite's limit on numbered parameters (32,766); a
/// bigger batch is sent as several scripts.
const MAX_VALUES: usize = 30_000;

/// Deletes a game's moves from a ply on (a takeback).
pub(super) const MOVES_TAKEN_BACK: &str = "DELETE FROM moves WHERE game_id = $1 AND ply >= $2";

/// Fewest rows a kept insert takes: a smaller one is padded up to it.
const MIN_BUCKET: usize = 8;

/// Most rows a kept insert takes: a bigger one is prepared for its batch alone (a
/// statement kept with this many rows takes a few hundred KiB).
const MAX_BUCKET: usize = 1024;

/// Most statements of a start or end script kept prepared: a longer one (many games
/// starting or ending in one batch, rare) is prepared for its batch alone.
const MAX_KEPT_STATEMENTS: usize = 16;

/// The rows a kept insert of `rows` rows takes (a power of two); `None` when too many to
/// keep one for.
fn bucket(rows: usize) -> Option<usize> {
    (rows <= MAX_BUCKET).then(|| rows.max(MIN_BUCKET).next_power_of_two())
}

/// One value of a script.
enum Val<'a> {
    /// A padding row's value: such rows are not inserted.
    Null,
    Str(&'a str),
    OptStr(Option<&'a str>),
    Owned(String),
    Int(i64),
    OptInt(Option<i64>),
}

/// Statements and their values, to run as one SQL text.
#[derive(Default)]
struct Script<'a> {
    sql: String,
    vals: Vec<Val<'a>>,
    /// Per statement in order, what its result means.
    checks: Vec<Step>,
    /// The text depends only on the shape of the batch (its [`bucket`]s, the kinds of its
    /// writes), not on its values: the connection keeps it prepared.
    keep: bool,
}

/// What a statement's result means.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    /// A write: it counts as a statement of the batch.
    Write,
    /// A write that must change a row (the state change of a room or game): what is
    /// missing when it changes none.
    Change(String),
    /// `BEGIN` or `COMMIT`: not one of the batch's statements.
    Transaction,
}

impl<'a> Script<'a> {
    /// Appends `template` (numbered `$1`, `$2`, ... in the order of `vals`, each once and
    /// in that order) with anonymous placeholders: sqlx binds those in order across the
    /// script's statements, and SQLite looks a numbered one up by name in a list as long as
    /// the statement's values, which made binding a big insert cost the square of its size.
    fn statement(&mut self, template: &str, vals: Vec<Val<'a>>, check: Step) {
        let mut rest = template;
        while let Some(at) = rest.find('$') {
            self.sql.push_str(&rest[..at]);
            self.sql.push('?');
            let digits = rest[at + 1..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            rest = &rest[at + 1 + digits..];
        }
        self.sql.push_str(rest);
        self.sql.push_str(";\n");
        self.vals.extend(vals);
        self.checks.push(check);
    }

    /// Appends one insert into `table` (its name and column list) of `rows` rows of
    /// `columns` values each (`vals` row by row). With `padded_to`, the insert takes that
    /// many rows, the missing ones all NULL, and inserts only those with a first value.
    fn rows(
        &mut self,
        table: &str,
        columns: usize,
        rows: usize,
        padded_to: Option<usize>,
        mut vals: Vec<Val<'a>>,
    ) {
        self.sql.push_str("INSERT INTO ");
        self.sql.push_str(table);
        let total = match padded_to {
            Some(n) => {
                self.sql.push_str(" SELECT * FROM (VALUES ");
                vals.extend(std::iter::repeat_with(|| Val::Null).take((n - rows) * columns));
                n
            }
            None => {
                self.sql.push_str(" VALUES ");
                rows
            }
        };
        let mut group = String::with_capacity(columns * 3);
        group.push('(');
        for c in 0..columns {
            if c > 0 {
                group.push_str(", ");
            }
            group.push('?');
        }
        group.push(')');
        for r in 0..total {
            if r > 0 {
                self.sql.push_str(", ");
            }
            self.sql.push_str(&group);
        }
        if padded_to.is_some() {
            // A padding row is all NULL; every stored row has its first value.
            self.sql.push_str(") WHERE column1 IS NOT NULL");
        }
        self.sql.push_str(";\n");
        self.vals.extend(vals);
        self.checks.push(Step::Write);
    }

    /// Appends a transaction's `BEGIN IMMEDIATE` or `COMMIT`.
    fn transaction(&mut self, sql: &str) {
        self.sql.push_str(sql);
        self.sql.push_str(";\n");
        self.checks.push(Step::Transaction);
    }

    /// Runs the script on `conn`; the number of statements it ran.
    async fn run(self, conn: &mut SqliteConnection) -> Result<usize, StoreError> {
        if self.checks.is_empty() {
            return Ok(0);
        }
        let mut q = sqlx::query::<Sqlite>(&self.sql).persistent(self.keep);
        for v in self.vals {
            q = match v {
                Val::Null => q.bind(None::<i64>),
                Val::Str(s) => q.bind(s),
                Val::OptStr(s) => q.bind(s),
                Val::Owned(s) => q.bind(s),
                Val::Int(i) => q.bind(i),
                Val::OptInt(i) => q.bind(i),
            };
        }
        let mut results = conn.fetch_many(q);
        let mut checks = self.checks.iter();
        let mut ran = 0;
        while let Some(step) = results.try_next().await.map_err(db_err)? {
            if let Either::Left(done) = step {
                match checks.next() {
                    Some(Step::Transaction) => {}
                    Some(Step::Change(missing)) if done.rows_affected() == 0 => {
                        return Err(StoreError::Missing(missing.clone()));
                    }
                    _ => ran += 1,
                }
            }
        }
        Ok(ran)
    }
}

fn id(u: &uuid::Uuid) -> Val<'static> {
    Val::Owned(u.to_string())
}

fn room<'a>(s: &mut Script<'a>, r: &'a RoomRow) {
    s.statement(
        "INSERT INTO rooms (id, variant, options, host, host_name, visibility, \
         invite_code, time_control, grace_ms, state, created_at, auto_start, seated, \
         no_show_ms, rated) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        vec![
            id(&r.id),
            Val::Str(&r.variant),
            Val::Str(&r.options),
            id(&r.host),
            Val::Str(&r.host_name),
            Val::Str(&r.visibility),
            Val::OptStr(r.invite_code.as_deref()),
            Val::Str(&r.time_control),
            Val::Int(r.grace_ms),
            Val::Str(&r.state),
            Val::Int(r.created_at),
            Val::Int(i64::from(r.auto_start)),
            Val::Str(&r.seated),
            Val::OptInt(r.no_show_ms),
            Val::Int(i64::from(r.rated)),
        ],
        Step::Write,
    );
}

fn start_game<'a>(s: &mut Script<'a>, g: &'a GameRow) {
    s.statement(
        "INSERT INTO games (id, variant, options, start_position, seats, result, \
         reason, winners, started_at, finished_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        vec![
            id(&g.id),
            Val::Str(&g.variant),
            Val::Str(&g.options),
            Val::Str(&g.start_position),
            Val::Str(&g.seats),
            Val::OptStr(g.result.as_deref()),
            Val::OptStr(g.reason.as_deref()),
            Val::OptStr(g.winners.as_deref()),
            Val::Int(g.started_at),
            Val::OptInt(g.finished_at),
        ],
        Step::Write,
    );
    for (pos, (seat, player)) in g.players.iter().enumerate() {
        s.statement(
            "INSERT INTO game_players (game_id, seat, pos, player_id) VALUES ($1, $2, $3, $4)",
            vec![
                id(&g.id),
                Val::Str(seat),
                Val::Int(i64::try_from(pos).unwrap_or(i64::MAX)),
                id(player),
            ],
            Step::Write,
        );
    }
}

fn finish_game<'a>(s: &mut Script<'a>, f: &'a GameFinish) {
    s.statement(
        "UPDATE games SET result = $1, reason = $2, winners = $3, finished_at = $4 \
         WHERE id = $5",
        vec![
            Val::Str(&f.result),
            Val::Str(&f.reason),
            Val::Str(&f.winners),
            Val::Int(f.finished_at),
            id(&f.id),
        ],
        Step::Change(format!("game {}", f.id)),
    );
    for (seat, verdict) in &f.verdicts {
        s.statement(
            "UPDATE game_players SET verdict = $1 WHERE game_id = $2 AND seat = $3",
            vec![Val::Str(verdict), id(&f.id), Val::Str(seat)],
            Step::Write,
        );
    }
}

/// A chat line's insert (rare: a statement of its own, after the log row of its command).
fn chat<'a>(s: &mut Script<'a>, c: &'a ChatRow) {
    s.statement(
        CHAT_INSERT,
        vec![
            id(&c.room_id),
            Val::Int(c.id),
            Val::Str(&c.channel),
            id(&c.player_id),
            Val::Str(&c.name),
            Val::OptStr(c.seat.as_deref()),
            Val::Str(&c.text),
            Val::Int(c.at),
            Val::Int(i64::from(c.deleted)),
        ],
        Step::Write,
    );
}

/// Values a write binds (to cut a batch into scripts under [`MAX_VALUES`]).
fn values_of(w: &Write) -> usize {
    match w {
        Write::Room(_) => 13,
        Write::StartGame(g) => 10 + 4 * g.players.len(),
        Write::FinishGame(f) => 5 + 3 * f.verdicts.len(),
        Write::RoomState { .. } => 2,
        Write::Heartbeat { .. } => 1,
        Write::Chat(_) => 9,
        Write::DeleteChat { .. } | Write::TakeBack { .. } => 2,
        Write::Log(_) => super::LOG_COLUMNS,
        Write::Move(_) => super::MOVE_COLUMNS,
        Write::Fence { .. } => 0,
    }
}

/// The writes of one script: `first` (rooms and game starts), every log row and move in
/// one insert each, then `last` (state changes and game ends), in that order.
#[derive(Default)]
struct Part<'a> {
    first: Vec<&'a Write>,
    logs: Vec<&'a LogRow>,
    moves: Vec<&'a MoveRow>,
    last: Vec<&'a Write>,
    values: usize,
}

impl<'a> Part<'a> {
    /// The part's scripts, in order: its room and game starts, its log rows and moves
    /// (a script kept prepared unless its inserts are too big), its state changes and game
    /// ends (kept prepared unless long); each only if it has statements. With `begin` still true, the first script
    /// begins the transaction (and `begin` turns false); with `commit`, the last commits it.
    fn scripts(&self, begin: &mut bool, commit: bool) -> Vec<Script<'a>> {
        let mut out = Vec::with_capacity(3);
        let start = |s: &mut Script<'a>, begin: &mut bool| {
            if std::mem::take(begin) {
                s.transaction("BEGIN IMMEDIATE");
            }
        };
        if !self.first.is_empty() {
            let mut s = Script::default();
            start(&mut s, begin);
            for w in &self.first {
                match w {
                    Write::Room(r) => room(&mut s, r),
                    Write::StartGame(g) => start_game(&mut s, g),
                    Write::TakeBack { game_id, from_ply } => s.statement(
                        MOVES_TAKEN_BACK,
                        vec![id(game_id), Val::Int(*from_ply)],
                        Step::Write,
                    ),
                    _ => {}
                }
            }
            s.keep = s.checks.len() <= MAX_KEPT_STATEMENTS;
            out.push(s);
        }
        if !self.logs.is_empty() || !self.moves.is_empty() {
            let (logs, moves) = (bucket(self.logs.len()), bucket(self.moves.len()));
            let keep = logs.is_some() && moves.is_some();
            let mut s = Script {
                keep,
                ..Script::default()
            };
            start(&mut s, begin);
            self.rows(&mut s, keep.then_some((logs, moves)));
            if commit && self.last.is_empty() {
                s.transaction("COMMIT");
                out.push(s);
                return out;
            }
            out.push(s);
        }
        let mut s = Script::default();
        start(&mut s, begin);
        for w in &self.last {
            match w {
                Write::RoomState { id: room, state } => s.statement(
                    "UPDATE rooms SET state = $1 WHERE id = $2",
                    vec![Val::Str(state), id(room)],
                    Step::Change(format!("room {room}")),
                ),
                Write::FinishGame(f) => finish_game(&mut s, f),
                Write::Heartbeat { at } => {
                    s.statement(super::HEARTBEAT_UPSERT, vec![Val::Int(*at)], Step::Write)
                }
                Write::Chat(c) => chat(&mut s, c),
                Write::DeleteChat { room_id, id: line } => {
                    s.statement(CHAT_DELETE, vec![id(room_id), Val::Int(*line)], Step::Write)
                }
                _ => {}
            }
        }
        if commit {
            s.transaction("COMMIT");
        }
        s.keep = s.checks.len() <= MAX_KEPT_STATEMENTS;
        if !s.checks.is_empty() {
            out.push(s);
        }
        out
    }

    /// Appends the inserts of the part's log rows and moves to `s`; with `padded`, each
    /// padded to its bucket (see [`bucket`]).
    fn rows(&self, s: &mut Script<'a>, padded: Option<(Option<usize>, Option<usize>)>) {
        let (logs_to, moves_to) = padded.unwrap_or((None, None));
        if !self.logs.is_empty() {
            let vals = self
                .logs
                .iter()
                .flat_map(|l| {
                    [
                        id(&l.room_id),
                        Val::Int(l.seq),
                        Val::Int(l.at),
                        Val::Str(&l.actor),
                        Val::Str(&l.command),
                    ]
                })
                .collect();
            s.rows(
                super::LOG_TABLE,
                super::LOG_COLUMNS,
                self.logs.len(),
                logs_to,
                vals,
            );
        }
        if !self.moves.is_empty() {
            let vals = self
                .moves
                .iter()
                .flat_map(|m| {
                    [
                        id(&m.game_id),
                        Val::Int(m.ply),
                        Val::Str(&m.seat),
                        Val::Str(&m.notation),
                        Val::OptInt(m.clock_ms),
                        Val::Int(m.at),
                    ]
                })
                .collect();
            s.rows(
                super::MOVE_TABLE,
                super::MOVE_COLUMNS,
                self.moves.len(),
                moves_to,
                vals,
            );
        }
    }
}

/// `writes` cut into parts of at most [`MAX_VALUES`] values, in an order their keys allow:
/// new rooms, then new games, then log rows and moves, then state changes and game ends.
/// A batch that needs several parts keeps that order across them (every part's rooms and
/// games come before the rows that refer to them, as all of `first` goes before the rest).
fn parts(writes: &[Write]) -> Vec<Part<'_>> {
    let mut rooms = Vec::new();
    let mut games = Vec::new();
    let mut rows = Vec::new();
    let mut last = Vec::new();
    for w in writes {
        match w {
            // Folded first (see `fold_takebacks`): deletions of rows stored before.
            Write::Room(_) | Write::TakeBack { .. } => rooms.push(w),
            Write::StartGame(_) => games.push(w),
            Write::Log(_) | Write::Move(_) => rows.push(w),
            Write::RoomState { .. }
            | Write::FinishGame(_)
            | Write::Heartbeat { .. }
            | Write::Chat(_)
            | Write::DeleteChat { .. } => last.push(w),
            // SQLite is one node: no other node can own a room (see `Write::Fence`).
            Write::Fence { .. } => {}
        }
    }
    let mut out = vec![Part::default()];
    for w in rooms.into_iter().chain(games).chain(rows).chain(last) {
        let n = values_of(w);
        if out
            .last()
            .is_some_and(|p| p.values > 0 && p.values + n > MAX_VALUES)
        {
            out.push(Part::default());
        }
        let Some(part) = out.last_mut() else { break };
        part.values += n;
        match w {
            Write::Room(_) | Write::StartGame(_) | Write::TakeBack { .. } => part.first.push(w),
            Write::Log(l) => part.logs.push(l),
            Write::Move(m) => part.moves.push(m),
            Write::RoomState { .. }
            | Write::FinishGame(_)
            | Write::Heartbeat { .. }
            | Write::Chat(_)
            | Write::DeleteChat { .. } => part.last.push(w),
            Write::Fence { .. } => {}
        }
    }
    out
}

/// Commits `writes` on a pooled connection in one transaction (sqlx's), as few scripts
/// (see [`run`]) and the change of the rated games they finish (see `ratings`); the
/// statements run.
///
/// The write lock is taken at `BEGIN`, so the busy timeout applies to it instead of the
/// transaction failing when a deferred one upgrades.
pub(super) async fn commit(
    conn: &mut SqliteConnection,
    writes: &[Write],
) -> Result<usize, StoreError> {
    let mut tx = conn.begin_with("BEGIN IMMEDIATE").await.map_err(db_err)?;
    let mut statements = run(&mut tx, writes, false, false).await?;
    statements += ratings::apply_sqlite(&mut tx, &ratings::rated(writes)).await?;
    tx.commit().await.map_err(db_err)?;
    Ok(statements)
}

/// [`commit`] on the writer's own connection, with `BEGIN` and `COMMIT` in the scripts: one
/// hop to the connection's thread for a batch instead of three (a batch finishing a rated
/// game reads and writes ratings between its scripts and its `COMMIT`). After a failure
/// the transaction is rolled back here (sqlx does not know of it). Only for a connection no
/// one else uses, which is dropped with its user if the commit is: a pooled connection
/// given back in the middle of such a transaction would stay in it.
pub(super) async fn commit_owned(
    conn: &mut SqliteConnection,
    writes: &[Write],
) -> Result<usize, StoreError> {
    let rated = ratings::rated(writes);
    let done = async {
        let mut statements = run(conn, writes, true, rated.is_empty()).await?;
        if !rated.is_empty() {
            statements += ratings::apply_sqlite(conn, &rated).await?;
            sqlx::query("COMMIT")
                .execute(&mut *conn)
                .await
                .map_err(db_err)?;
        }
        Ok::<usize, StoreError>(statements)
    }
    .await;
    match done {
        Ok(statements) => Ok(statements),
        Err(e) => {
            // Without a transaction (none begun, or SQLite ended it on the error) this
            // fails, with nothing to undo.
            if let Err(r) = sqlx::query("ROLLBACK").execute(&mut *conn).await {
                tracing::debug!(error = %r, "no transaction to roll back");
            }
            Err(e)
        }
    }
}

/// Runs `writes` on `conn` as few scripts (see [`Part::scripts`]; more parts when the batch
/// binds more than [`MAX_VALUES`] values); with `begin`, the first begins the transaction,
/// with `commit` the last commits it (else the caller's transaction holds them). Returns
/// the statements run.
async fn run(
    conn: &mut SqliteConnection,
    writes: &[Write],
    begin: bool,
    commit: bool,
) -> Result<usize, StoreError> {
    let folded = super::rows::fold_takebacks(writes);
    let parts = parts(folded.as_deref().unwrap_or(writes));
    let last = parts.len().saturating_sub(1);
    let mut statements = 0;
    let mut begin = begin;
    for (i, part) in parts.iter().enumerate() {
        for s in part.scripts(&mut begin, commit && i == last) {
            statements += s.run(&mut *conn).await?;
        }
    }
    Ok(statements)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;

    /// A log row of the nil room.
    fn log(seq: i64) -> Write {
        Write::Log(LogRow {
            room_id: uuid::Uuid::nil(),
            seq,
            at: 0,
            actor: String::new(),
            command: String::new(),
        })
    }

    #[test]
    fn placeholders_are_anonymous_in_the_order_of_the_values() {
        let mut s = Script::default();
        s.statement(
            "UPDATE a SET x = $1 WHERE y = $2",
            vec![Val::Int(1), Val::Int(2)],
            Step::Write,
        );
        s.rows("b (p, q)", 2, 2, None, (3..7).map(Val::Int).collect());
        s.statement(
            "UPDATE c SET z = $1",
            vec![Val::Int(3)],
            Step::Change("c".into()),
        );
        assert_eq!(
            s.sql,
            "UPDATE a SET x = ? WHERE y = ?;\n\
             INSERT INTO b (p, q) VALUES (?, ?), (?, ?);\n\
             UPDATE c SET z = ?;\n"
        );
        assert_eq!(
            s.checks,
            vec![Step::Write, Step::Write, Step::Change("c".into())]
        );
    }

    #[test]
    fn a_kept_insert_is_padded_to_its_bucket_with_null_rows() {
        assert_eq!(bucket(1), Some(MIN_BUCKET));
        assert_eq!(bucket(9), Some(16));
        assert_eq!(bucket(MAX_BUCKET), Some(MAX_BUCKET));
        assert_eq!(bucket(MAX_BUCKET + 1), None);
        let mut s = Script::default();
        s.rows("b (p, q)", 2, 3, Some(4), (0..6).map(Val::Int).collect());
        assert_eq!(
            s.sql,
            "INSERT INTO b (p, q) SELECT * FROM (VALUES (?, ?), (?, ?), (?, ?), (?, ?)) \
             WHERE column1 IS NOT NULL;\n"
        );
        assert_eq!(s.vals.len(), 8);
        assert!(matches!(s.vals[6..], [Val::Null, Val::Null]));
    }

    /// Batches of different sizes (under a bucket) send the same text for their rows, so
    /// the connection keeps it prepared; starts and ends go in scripts of their own around
    /// it, inside the one transaction.
    #[test]
    fn rows_of_batches_of_different_sizes_share_one_kept_text() {
        let text = |n: i64| {
            let writes: Vec<Write> = (0..n).map(log).collect();
            let parts = parts(&writes);
            let mut begin = true;
            let scripts = parts[0].scripts(&mut begin, true);
            assert_eq!(scripts.len(), 1);
            assert!(scripts[0].keep);
            scripts[0].sql.clone()
        };
        assert_eq!(text(3), text(5));
        assert_ne!(text(5), text(9));
        let mut writes: Vec<Write> = (0..3).map(log).collect();
        writes.push(Write::RoomState {
            id: uuid::Uuid::nil(),
            state: "playing".into(),
        });
        let parts = parts(&writes);
        let mut begin = true;
        let scripts = parts[0].scripts(&mut begin, true);
        let kinds: Vec<(bool, Vec<Step>)> =
            scripts.iter().map(|s| (s.keep, s.checks.clone())).collect();
        assert_eq!(
            kinds,
            vec![
                (true, vec![Step::Transaction, Step::Write]),
                (
                    true,
                    vec![
                        Step::Change(format!("room {}", uuid::Uuid::nil())),
                        Step::Transaction
                    ]
                ),
            ]
        );
        assert!(!begin);
    }

    #[test]
    fn a_big_batch_is_cut_under_the_value_limit_with_rooms_first() {
        let mut writes: Vec<Write> = (0..7000).map(log).collect();
        writes.push(Write::RoomState {
            id: uuid::Uuid::nil(),
            state: "playing".into(),
        });
        let parts = parts(&writes);
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(|p| p.values <= MAX_VALUES));
        assert_eq!(parts[0].logs.len(), MAX_VALUES / super::super::LOG_COLUMNS);
        assert_eq!(parts[1].last.len(), 1);
        let rows: usize = parts.iter().map(|p| p.logs.len()).sum();
        assert_eq!(rows, 7000);
    }
}
