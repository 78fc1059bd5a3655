//! The daily digest's run over 100,000 correspondence games (a SQLite file store).
//!
//! 100,000 players each play two of the 100,000 games, one of them waiting for their move;
//! every tenth has a verified, subscribed address (10,000). Two runs are measured: one where
//! every digest went out today (the run reads nothing but an empty range of the partial
//! index), and one where 1,000 digests are due (each claimed in the store, then handed to
//! a counting outbox instead of an SMTP server: the SMTP conversation is the mail server's
//! time, not the server's). The games awaiting each player come from a map of lists by
//! player, as the rooms' own index of players keeps them (`Rooms::games_of`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use lettre::Address;
use server::mail::digest::{run_once, Awaiting, Outbox};
use server::mail::{DigestGame, MailError};
use server::store::Store;
use sqlx::Executor;
use uuid::Uuid;

const GAMES: u128 = 100_000;
const DUE: u32 = 1_000;
const NOW: i64 = 1_800_000_000_000;

/// The games awaiting each player.
struct Index(HashMap<Uuid, Vec<DigestGame>>);

impl Awaiting for Index {
    fn awaiting(&self, player: Uuid) -> Vec<DigestGame> {
        self.0.get(&player).cloned().unwrap_or_default()
    }
}

/// Counts the digests instead of sending them.
#[derive(Default)]
struct Counter(AtomicU32);

impl Outbox for Counter {
    async fn send_digest(
        &self,
        _to: Address,
        games: &[DigestGame],
        _unsubscribe_token: &str,
        _lang: server::i18n::Lang,
    ) -> Result<(), MailError> {
        assert!(!games.is_empty());
        self.0.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
}

fn player(i: u128) -> Uuid {
    Uuid::from_u128(0x5eed_0000_0000 + i)
}

/// A SQLite file with the players and the addresses, and the index of their games.
async fn setup(dir: &std::path::Path) -> (Store, sqlx::SqlitePool, Index) {
    let url = format!("sqlite://{}", dir.join("digest.db").display());
    let store = Store::open(&url).await.unwrap();
    store.migrate().await.unwrap();
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let mut tx = pool.begin().await.unwrap();
    for i in 0..GAMES {
        sqlx::query(
            "INSERT INTO players (id, name, token_hash, created_at) VALUES ($1, $2, $3, 0)",
        )
        .bind(player(i).to_string())
        .bind(format!("p{i}"))
        .bind(format!("t{i}"))
        .execute(&mut *tx)
        .await
        .unwrap();
        if i % 10 == 0 {
            sqlx::query(
                "INSERT INTO mail_addresses (player_id, address, verified_at, verify_hash, \
                 verify_sent_at, unsubscribe_token, subscribed, last_digest_at, created_at) \
                 VALUES ($1, $2, 0, NULL, 0, $3, 1, $4, 0)",
            )
            .bind(player(i).to_string())
            .bind(format!("p{i}@checkers.test"))
            .bind(format!("u{i}"))
            .bind(NOW)
            .execute(&mut *tx)
            .await
            .unwrap();
        }
    }
    tx.commit().await.unwrap();
    // Game i: player i (to move) against player i + 1.
    let mut index: HashMap<Uuid, Vec<DigestGame>> = HashMap::new();
    for i in 0..GAMES {
        index.entry(player(i)).or_default().push(DigestGame {
            room_id: Uuid::from_u128(0x9a3e_0000_0000 + i),
            game: rules::Variant::Stockholm,
            opponents: vec![format!("p{}", (i + 1) % GAMES)],
            deadline_ms: Some(NOW + 86_400_000),
        });
    }
    (store, pool, Index(index))
}

fn bench(c: &mut Criterion) {
    let rt = tokio::runtime::Runtime::new().unwrap();
    let dir = std::env::temp_dir().join(format!("checkerhall-digest-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (store, pool, index) = rt.block_on(setup(&dir));
    let outbox = Counter::default();
    let mut group = c.benchmark_group("digest_100k_games");
    group.sample_size(10);
    group.bench_function("nothing_due", |b| {
        b.iter(|| {
            let run = rt
                .block_on(run_once(&store, &index, &outbox, NOW + 1))
                .unwrap();
            assert_eq!(run.sent, 0);
        })
    });
    group.bench_function("1000_due", |b| {
        b.iter_batched(
            || {
                // The first 1,000 addresses' last digest a day and more ago.
                rt.block_on(
                    pool.execute(
                        sqlx::query(
                            "UPDATE mail_addresses SET last_digest_at = 0 WHERE player_id IN \
                         (SELECT player_id FROM mail_addresses ORDER BY player_id LIMIT $1)",
                        )
                        .bind(i64::from(DUE)),
                    ),
                )
                .unwrap();
            },
            |()| {
                let run = rt
                    .block_on(run_once(&store, &index, &outbox, NOW + 2))
                    .unwrap();
                assert_eq!(run.sent, DUE);
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
