//! Rated games through the writer: ratings applied in order and once, and their rate.

use super::*;

/// `f` rated: `a` (white) beat `b` (black) in the Queah pool.
pub(super) fn rated(mut f: GameFinish, a: &str, b: &str) -> GameFinish {
    f.rating = Some(RatedGame {
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
    });
    f
}

/// Rated games change ratings in the transaction of their result: two games of one player
/// in one batch apply in order; a game's end written again (as after a restart) changes
/// nothing; a casual game changes nothing; through the writer and the pool's connection.
pub(super) async fn rated_games_apply_in_order_and_once(store: Store) {
    let (a, b) = (player("Ann"), player("Bob"));
    store.insert_player(&a).await.unwrap();
    store.insert_player(&b).await.unwrap();
    let (ka, kb, bot) = (
        a.id.to_string(),
        b.id.to_string(),
        "bot:engine:1".to_string(),
    );
    let g1 = game("queah", 1_000, &[("white", a.id), ("black", b.id)]);
    let g2 = game("queah", 2_000, &[("white", a.id)]);
    store.commit(&[Write::StartGame(g1.clone())]).await.unwrap();
    let metrics = Arc::new(Metrics::default());
    let writer = Writer::spawn(store.clone(), metrics);
    // One request, so one batch: g1's end, then g2 started and ended.
    writer
        .write(vec![
            Write::FinishGame(rated(finish(&g1, &["white"], 10_000), &ka, &kb)),
            Write::StartGame(g2.clone()),
            Write::FinishGame(rated(finish(&g2, &["white"], 20_000), &ka, &bot)),
        ])
        .await
        .unwrap();
    let ann = store.ratings_of(&ka).await.unwrap();
    assert_eq!(ann.len(), 1);
    assert_eq!(
        (ann[0].game.as_str(), ann[0].mode.as_str()),
        ("queah", "standard")
    );
    assert_eq!(ann[0].rating.games, 2);
    assert_eq!(ann[0].rating.rated_at, Some(20_000));
    let history = store.rating_history(&ka).await.unwrap();
    assert_eq!(history.len(), 2);
    assert_eq!(history[0].before, 1500);
    assert_eq!(
        history[1].before, history[0].after,
        "the second game starts from the first"
    );
    assert!(history[1].after > history[0].after);
    let bob = store.ratings_of(&kb).await.unwrap();
    assert_eq!(bob[0].rating.games, 1);
    assert!(bob[0].rating.value < 1500.0);
    assert_eq!(store.ratings_of(&bot).await.unwrap()[0].rating.games, 1);
    let changes = store.game_rating_changes(g1.id).await.unwrap();
    let seats: Vec<&str> = changes.iter().map(|c| c.seat.as_str()).collect();
    assert_eq!(seats, ["black", "white"]);
    // The same ends written again, on the writer and on a pooled connection: no change.
    writer
        .write(vec![Write::FinishGame(rated(
            finish(&g1, &["white"], 30_000),
            &ka,
            &kb,
        ))])
        .await
        .unwrap();
    store
        .commit(&[Write::FinishGame(rated(
            finish(&g2, &["white"], 30_000),
            &ka,
            &bot,
        ))])
        .await
        .unwrap();
    assert_eq!(store.ratings_of(&ka).await.unwrap(), ann);
    assert_eq!(store.rating_history(&ka).await.unwrap(), history);
    // A casual game changes nothing; a rated one on the pool's connection applies.
    let g3 = game("queah", 3_000, &[("white", a.id), ("black", b.id)]);
    store
        .commit(&[
            Write::StartGame(g3.clone()),
            Write::FinishGame(finish(&g3, &[], 40_000)),
        ])
        .await
        .unwrap();
    assert_eq!(store.ratings_of(&ka).await.unwrap(), ann);
    assert!(store.game_rating_changes(g3.id).await.unwrap().is_empty());
    let g4 = game("queah", 4_000, &[("white", a.id), ("black", b.id)]);
    store
        .commit(&[
            Write::StartGame(g4.clone()),
            Write::FinishGame(rated(finish(&g4, &["white"], 50_000), &kb, &ka)),
        ])
        .await
        .unwrap();
    assert_eq!(store.ratings_of(&ka).await.unwrap()[0].rating.games, 3);
    assert_eq!(store.ratings_of(&kb).await.unwrap()[0].rating.games, 2);
    // A rated end of a game never stored stores nothing, its rating included.
    let ghost = game("queah", 5_000, &[]);
    let refused = store
        .commit(&[Write::FinishGame(rated(
            finish(&ghost, &["white"], 60_000),
            &ka,
            &kb,
        ))])
        .await;
    assert!(
        matches!(refused, Err(StoreError::Missing(_))),
        "{refused:?}"
    );
    assert_eq!(store.ratings_of(&ka).await.unwrap()[0].rating.games, 3);
    writer.close().await;
}

/// Rated games stored through the writer, one request each, as rooms send them: prints the
/// rate (the figure: `cargo test -p checkerhall-server --test it rating_updates_per_second -- --nocapture`).
pub(super) async fn rating_updates_per_second(store: Store) {
    const GAMES: usize = 200;
    let players: Vec<PlayerRow> = (0..20).map(|i| player(&format!("P{i}"))).collect();
    for p in &players {
        store.insert_player(p).await.unwrap();
    }
    let games: Vec<GameRow> = (0..GAMES)
        .map(|i| {
            let (w, b) = (&players[i % 20], &players[(i * 7 + 1) % 20]);
            game("queah", 1_000, &[("white", w.id), ("black", b.id)])
        })
        .collect();
    let starts: Vec<Write> = games.iter().cloned().map(Write::StartGame).collect();
    store.commit(&starts).await.unwrap();
    let writer = Writer::spawn(store.clone(), Arc::new(Metrics::default()));
    let started = std::time::Instant::now();
    // Ten rooms at a time, each waiting for its write as a room task does.
    let mut tasks = Vec::new();
    for lane in 0..10 {
        let (writer, games) = (writer.clone(), games.clone());
        tasks.push(tokio::spawn(async move {
            for (i, g) in games.iter().enumerate().skip(lane).step_by(10) {
                let (w, b) = (&g.players[0].1, &g.players[1].1);
                // A pair meets every 20 games: a day apart each time, so the daily limit
                // per opponent never holds a game back.
                let i = i64::try_from(i).unwrap();
                let f = finish(g, &["white"], (i / 20) * 86_400_000 + 10_000 + i);
                writer
                    .write(vec![Write::FinishGame(rated(
                        f,
                        &w.to_string(),
                        &b.to_string(),
                    ))])
                    .await
                    .unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let took = started.elapsed();
    writer.close().await;
    let total: u32 = {
        let mut n = 0;
        for p in &players {
            n += store.ratings_of(&p.id.to_string()).await.unwrap()[0]
                .rating
                .games;
        }
        n
    };
    assert_eq!(total as usize, 2 * GAMES);
    eprintln!(
        "rating updates on {:?}: {GAMES} rated games in {:.0} ms = {:.0} games/s",
        store.backend(),
        took.as_secs_f64() * 1000.0,
        GAMES as f64 / took.as_secs_f64()
    );
}
