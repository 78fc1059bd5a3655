//! The store on every backend: SQLite in memory, SQLite in a file (closed and reopened), and
//! Postgres when `TEST_DATABASE_URL` names an admin connection (each test makes a fresh
//! database through it). Without `TEST_DATABASE_URL` the Postgres tests fail under CI and
//! are skipped, saying so, elsewhere (`crate::required`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ratings;
mod rows;
mod writer;

use crate::clubdb;

use std::future::Future;
use std::sync::atomic::Ordering;
use std::sync::Arc;

use server::metrics::Metrics;
use server::store::{
    Backend, ChatRow, GameFilter, GameFinish, GameRow, LogRow, MoveRow, PlayerRow, RatedGame,
    RatedSeat, RoomRow, Store, StoreError, Write, Writer, WriterConfig,
};
use sqlx::Executor;
use uuid::Uuid;

use ratings::*;
use rows::*;
use writer::*;

#[derive(Copy, Clone, Debug)]
pub(super) enum Kind {
    Memory,
    File,
    Postgres,
}

/// A fresh database of one kind, and how to remove it.
pub(super) struct TestDb {
    pub(super) url: String,
    pub(super) file: Option<std::path::PathBuf>,
    pub(super) pg: Option<(String, String)>,
}

impl TestDb {
    /// A fresh database, or `None` when Postgres is not configured (outside CI).
    async fn new(kind: Kind) -> Option<TestDb> {
        match kind {
            Kind::Memory => Some(TestDb {
                url: "sqlite::memory:".to_string(),
                file: None,
                pg: None,
            }),
            Kind::File => {
                let path = std::env::temp_dir()
                    .join(format!("checkerhall-store-{}.db", Uuid::new_v4().simple()));
                Some(TestDb {
                    url: format!("sqlite://{}", path.display()),
                    file: Some(path),
                    pg: None,
                })
            }
            Kind::Postgres => {
                let pg = clubdb::fresh_postgres().await?;
                Some(TestDb {
                    url: pg.url,
                    file: None,
                    pg: Some((pg.admin, pg.name)),
                })
            }
        }
    }

    async fn open(&self) -> Store {
        let store = Store::open(&self.url).await.unwrap();
        store.migrate().await.unwrap();
        store
    }

    async fn remove(self) {
        if let Some(path) = &self.file {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
        if let Some((admin, name)) = &self.pg {
            if let Ok(pool) = sqlx::PgPool::connect(admin).await {
                let _ = pool
                    .execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                    .await;
                pool.close().await;
            }
        }
    }
}

/// Runs `case` on a fresh migrated store of `kind`.
pub(super) async fn run<F, Fut>(kind: Kind, case: F)
where
    F: FnOnce(Store) -> Fut,
    Fut: Future<Output = ()>,
{
    let Some(db) = TestDb::new(kind).await else {
        return;
    };
    let store = db.open().await;
    match kind {
        Kind::Postgres => assert_eq!(store.backend(), Backend::Postgres),
        _ => assert_eq!(store.backend(), Backend::Sqlite),
    }
    case(store.clone()).await;
    store.close().await;
    db.remove().await;
}

macro_rules! suite {
    ($($case:ident),* $(,)?) => {
        mod memory {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::run(super::Kind::Memory, super::$case).await;
                }
            )*
        }
        mod file {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::run(super::Kind::File, super::$case).await;
                }
            )*
        }
        mod postgres {
            $(
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn $case() {
                    super::run(super::Kind::Postgres, super::$case).await;
                }
            )*
        }
    };
}

pub(super) fn chat(room_id: Uuid, id: i64, channel: &str, text: &str) -> ChatRow {
    ChatRow {
        room_id,
        id,
        channel: channel.to_string(),
        player_id: Uuid::from_u128(7),
        name: "Ann \"A\"".to_string(),
        seat: (channel == "players").then(|| "white".to_string()),
        text: text.to_string(),
        at: 1_000 + id,
        deleted: false,
    }
}

/// Chat lines go with their command's log row; a deletion in the same batch as the line, or
/// in a later one, keeps the row and hides it; an auto-starting room keeps its flag; a
/// player's mute is set and lifted.
pub(super) async fn chat_rooms_and_mutes(store: Store) {
    let r = RoomRow {
        auto_start: true,
        ..room("waiting", 10)
    };
    let id = r.id;
    store
        .commit(&[
            Write::Room(r.clone()),
            Write::Log(log(id, 0)),
            Write::Chat(chat(id, 1, "players", "good luck")),
            Write::Chat(chat(id, 2, "spectators", "hi")),
            Write::DeleteChat { room_id: id, id: 2 },
        ])
        .await
        .unwrap();
    store
        .commit(&[
            Write::Log(log(id, 1)),
            Write::Chat(chat(id, 3, "spectators", "later")),
        ])
        .await
        .unwrap();
    store
        .commit(&[
            Write::Log(log(id, 2)),
            Write::DeleteChat { room_id: id, id: 1 },
        ])
        .await
        .unwrap();
    let lines = store.chat(id).await.unwrap();
    assert_eq!(lines, vec![chat(id, 3, "spectators", "later")]);
    assert!(store.delete_chat(id, 3).await.unwrap());
    assert!(!store.delete_chat(id, 9).await.unwrap());
    assert!(store.chat(id).await.unwrap().is_empty());
    assert_eq!(store.room(id).await.unwrap().unwrap(), r);

    let p = player("Muted");
    store.insert_player(&p).await.unwrap();
    assert!(!store.is_muted(p.id).await.unwrap());
    assert!(store.set_muted(p.id, Some(5)).await.unwrap());
    assert!(store.is_muted(p.id).await.unwrap());
    assert!(store.set_muted(p.id, None).await.unwrap());
    assert!(!store.is_muted(p.id).await.unwrap());
    assert!(!store.set_muted(Uuid::new_v4(), Some(5)).await.unwrap());
}

suite!(
    chat_rooms_and_mutes,
    migrate_twice_is_a_no_op,
    players,
    rooms_and_logs,
    games_and_moves,
    changes_apply_in_order_after_the_batchs_inserts,
    a_change_of_a_missing_row_stores_nothing,
    duplicate_move_stores_nothing_of_its_transaction,
    list_games_filters_and_pages,
    writer_batches_many_rooms,
    writer_isolates_a_bad_request,
    writer_close_flushes_then_refuses,
    writer_stores_heartbeats,
    rated_games_apply_in_order_and_once,
    rating_updates_per_second,
);

pub(super) fn player(name: &str) -> PlayerRow {
    PlayerRow {
        id: Uuid::new_v4(),
        name: name.to_string(),
        token_hash: format!("{:064x}", rand_u128()),
        created_at: 1_700_000_000_000,
    }
}

pub(super) fn rand_u128() -> u128 {
    Uuid::new_v4().as_u128()
}

pub(super) fn room(state: &str, created_at: i64) -> RoomRow {
    RoomRow {
        id: Uuid::new_v4(),
        variant: "stockholm".to_string(),
        options: r#"{"flying_kings":"true"}"#.to_string(),
        host: Uuid::new_v4(),
        host_name: "Host".to_string(),
        visibility: "public".to_string(),
        invite_code: None,
        time_control: r#"{"kind":"none"}"#.to_string(),
        grace_ms: 30_000,
        state: state.to_string(),
        created_at,
        auto_start: false,
        seated: String::new(),
        no_show_ms: None,
        rated: false,
        owner: None,
    }
}

pub(super) fn log(room_id: Uuid, seq: i64) -> LogRow {
    LogRow {
        room_id,
        seq,
        at: 1_000 + seq,
        actor: format!(r#"{{"player":"p{seq}"}}"#),
        command: format!(r#"{{"type":"cmd{seq}"}}"#),
    }
}

pub(super) fn game(variant: &str, started_at: i64, players: &[(&str, Uuid)]) -> GameRow {
    GameRow {
        id: Uuid::new_v4(),
        variant: variant.to_string(),
        options: "{}".to_string(),
        start_position: "W:W21,22:B1,2".to_string(),
        seats: r#"{"white":{"player":null,"name":"x","bot":null}}"#.to_string(),
        players: players.iter().map(|(s, p)| (s.to_string(), *p)).collect(),
        result: None,
        reason: None,
        winners: None,
        started_at,
        finished_at: None,
    }
}

pub(super) fn mv(game_id: Uuid, ply: i64) -> MoveRow {
    MoveRow {
        game_id,
        ply,
        seat: if ply % 2 == 0 { "white" } else { "black" }.to_string(),
        notation: format!("m{ply}"),
        clock_ms: if ply % 3 == 0 {
            None
        } else {
            Some(60_000 - ply)
        },
        at: 2_000 + ply,
    }
}

pub(super) fn finish(g: &GameRow, winners: &[&str], finished_at: i64) -> GameFinish {
    let verdicts = g
        .players
        .iter()
        .map(|(seat, _)| {
            let v = if winners.is_empty() {
                "draw"
            } else if winners.contains(&seat.as_str()) {
                "win"
            } else {
                "loss"
            };
            (seat.clone(), v.to_string())
        })
        .collect();
    GameFinish {
        id: g.id,
        result: format!(r#"{{"winners":{winners:?}}}"#),
        reason: if winners.is_empty() {
            "agreed_draw"
        } else {
            "resigned"
        }
        .to_string(),
        winners: winners.join(","),
        verdicts,
        finished_at,
        rating: None,
    }
}

pub(super) fn finished(g: &GameRow, f: &GameFinish) -> GameRow {
    GameRow {
        result: Some(f.result.clone()),
        reason: Some(f.reason.clone()),
        winners: Some(f.winners.clone()),
        finished_at: Some(f.finished_at),
        ..g.clone()
    }
}
