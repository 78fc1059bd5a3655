//! Rows on every backend: players, rooms and their logs, games and moves, changes and their order, the games list.

use super::*;

pub(super) async fn migrate_twice_is_a_no_op(store: Store) {
    store.migrate().await.unwrap();
    store.migrate().await.unwrap();
    store.ping().await.unwrap();
    let p = player("A");
    store.insert_player(&p).await.unwrap();
    store.migrate().await.unwrap();
    assert_eq!(store.player(p.id).await.unwrap(), Some(p));
}

pub(super) async fn players(store: Store) {
    let a = player("Alice");
    let b = player("Bob");
    store.insert_player(&a).await.unwrap();
    store.insert_player(&b).await.unwrap();
    assert_eq!(
        store.player_by_token_hash(&a.token_hash).await.unwrap(),
        Some(a.clone())
    );
    assert_eq!(store.player_by_token_hash("nope").await.unwrap(), None);
    assert!(store.rename_player(a.id, "Alicia").await.unwrap());
    assert!(!store.rename_player(Uuid::new_v4(), "Ghost").await.unwrap());
    let renamed = store.player_by_token_hash(&a.token_hash).await.unwrap();
    assert_eq!(renamed.map(|p| p.name), Some("Alicia".to_string()));
    assert_eq!(store.player(b.id).await.unwrap(), Some(b.clone()));

    let same_token = PlayerRow {
        id: Uuid::new_v4(),
        ..b.clone()
    };
    let err = store.insert_player(&same_token).await.unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
    let same_id = PlayerRow {
        token_hash: "other".to_string(),
        ..b.clone()
    };
    let err = store.insert_player(&same_id).await.unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
    assert_eq!(store.player(same_token.id).await.unwrap(), None);
}

pub(super) async fn rooms_and_logs(store: Store) {
    let late = room("playing", 300);
    let early = RoomRow {
        visibility: "private".to_string(),
        invite_code: Some("ABCD1234".to_string()),
        ..room("waiting", 100)
    };
    let done = room("playing", 200);
    store
        .commit(&[
            Write::Room(late.clone()),
            Write::Room(early.clone()),
            Write::Room(done.clone()),
            Write::Log(log(late.id, 1)),
            Write::Log(log(late.id, 0)),
            Write::Log(log(done.id, 0)),
        ])
        .await
        .unwrap();
    store
        .commit(&[
            Write::Log(log(late.id, 2)),
            Write::Log(log(early.id, 0)),
            Write::RoomState {
                id: done.id,
                state: "finished".to_string(),
            },
        ])
        .await
        .unwrap();
    assert_eq!(store.room(early.id).await.unwrap(), Some(early.clone()));
    assert_eq!(store.room(Uuid::new_v4()).await.unwrap(), None);
    assert_eq!(
        store.room(done.id).await.unwrap().map(|r| r.state),
        Some("finished".to_string())
    );

    let live = store.live_rooms().await.unwrap();
    assert_eq!(live.len(), 2, "{live:?}");
    assert_eq!(live[0].room, early);
    assert_eq!(live[0].log, vec![log(early.id, 0)]);
    assert_eq!(live[1].room, late);
    assert_eq!(
        live[1].log,
        vec![log(late.id, 0), log(late.id, 1), log(late.id, 2)]
    );

    // A seq twice is a conflict; a state change of an unknown room is refused.
    let err = store
        .commit(&[Write::Log(log(late.id, 1))])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
    let err = store
        .commit(&[Write::RoomState {
            id: Uuid::new_v4(),
            state: "aborted".to_string(),
        }])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Missing(_)), "{err:?}");
    // Duplicate invite codes are refused.
    let twin = RoomRow {
        invite_code: Some("ABCD1234".to_string()),
        ..room("waiting", 400)
    };
    let err = store.commit(&[Write::Room(twin)]).await.unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
}

pub(super) async fn games_and_moves(store: Store) {
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    let g = game("stockholm", 5_000, &[("white", a), ("black", b)]);
    store.commit(&[Write::StartGame(g.clone())]).await.unwrap();
    // Stored out of order, read back by ply.
    store
        .commit(&[
            Write::Move(mv(g.id, 0)),
            Write::Move(mv(g.id, 2)),
            Write::Move(mv(g.id, 1)),
        ])
        .await
        .unwrap();
    let (row, moves) = store.game(g.id).await.unwrap().unwrap();
    assert_eq!(row, g);
    assert_eq!(moves, vec![mv(g.id, 0), mv(g.id, 1), mv(g.id, 2)]);

    let f = finish(&g, &["white"], 9_000);
    store
        .commit(&[Write::Move(mv(g.id, 3)), Write::FinishGame(f.clone())])
        .await
        .unwrap();
    let (row, moves) = store.game(g.id).await.unwrap().unwrap();
    assert_eq!(row, finished(&g, &f));
    assert_eq!(moves.len(), 4);
    assert_eq!(moves.last(), Some(&mv(g.id, 3)));
    assert_eq!(store.game(Uuid::new_v4()).await.unwrap(), None);

    // Bots have no player row: a game may list fewer players than seats.
    let solo = game("neva", 6_000, &[("white", a)]);
    store
        .commit(&[Write::StartGame(solo.clone())])
        .await
        .unwrap();
    assert_eq!(store.game(solo.id).await.unwrap(), Some((solo, vec![])));

    let err = store
        .commit(&[Write::FinishGame(finish(&game("neva", 1, &[]), &[], 10))])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Missing(_)), "{err:?}");
    let err = store
        .commit(&[Write::StartGame(g.clone())])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
}

/// A batch may insert a row and change it (a room created and started, a game started and
/// ended), and change one row twice: the changes apply in order, after the inserts.
pub(super) async fn changes_apply_in_order_after_the_batchs_inserts(store: Store) {
    let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
    let old_room = room("playing", 1);
    let old_game = game("stockholm", 1, &[("white", a), ("black", b)]);
    store
        .commit(&[
            Write::Room(old_room.clone()),
            Write::StartGame(old_game.clone()),
        ])
        .await
        .unwrap();
    let new_room = room("waiting", 2);
    let new_game = game("stockholm", 2, &[("white", a), ("black", b)]);
    let new_end = finish(&new_game, &["white"], 50);
    let old_end = finish(&old_game, &["black"], 60);
    store
        .commit(&[
            Write::RoomState {
                id: new_room.id,
                state: "playing".to_string(),
            },
            Write::Room(new_room.clone()),
            Write::StartGame(new_game.clone()),
            Write::Move(mv(new_game.id, 0)),
            Write::FinishGame(new_end.clone()),
            Write::RoomState {
                id: new_room.id,
                state: "finished".to_string(),
            },
            Write::RoomState {
                id: old_room.id,
                state: "finished".to_string(),
            },
            Write::RoomState {
                id: old_room.id,
                state: "aborted".to_string(),
            },
            Write::FinishGame(old_end.clone()),
        ])
        .await
        .unwrap();
    let state = |id| {
        let store = store.clone();
        async move { store.room(id).await.unwrap().map(|r| r.state) }
    };
    assert_eq!(state(new_room.id).await.as_deref(), Some("finished"));
    assert_eq!(state(old_room.id).await.as_deref(), Some("aborted"));
    let (row, moves) = store.game(new_game.id).await.unwrap().unwrap();
    assert_eq!(row, finished(&new_game, &new_end));
    assert_eq!(moves, vec![mv(new_game.id, 0)]);
    let (row, _) = store.game(old_game.id).await.unwrap().unwrap();
    assert_eq!(row, finished(&old_game, &old_end));
    // The verdicts of both games' players, whether their rows came in the same batch or not.
    let games_of = |player, result: &str| {
        let store = store.clone();
        let filter = GameFilter {
            player: Some(player),
            result: Some(result.to_string()),
            finished_only: true,
            limit: 10,
            ..GameFilter::default()
        };
        async move {
            let mut ids: Vec<Uuid> = store
                .list_games(&filter)
                .await
                .unwrap()
                .into_iter()
                .map(|g| g.id)
                .collect();
            ids.sort();
            ids
        }
    };
    assert_eq!(games_of(a, "win").await, vec![new_game.id]);
    assert_eq!(games_of(a, "loss").await, vec![old_game.id]);
    assert_eq!(games_of(b, "win").await, vec![old_game.id]);
    assert_eq!(games_of(b, "loss").await, vec![new_game.id]);
}

/// A change of a room or game never stored stores nothing of its batch, and the error
/// names it.
pub(super) async fn a_change_of_a_missing_row_stores_nothing(store: Store) {
    let r = room("waiting", 1);
    let g = game("queah", 1, &[]);
    let (nowhere, never) = (Uuid::new_v4(), game("queah", 2, &[]));
    let err = store
        .commit(&[
            Write::Room(r.clone()),
            Write::Log(log(r.id, 0)),
            Write::StartGame(g.clone()),
            Write::RoomState {
                id: nowhere,
                state: "playing".to_string(),
            },
        ])
        .await
        .unwrap_err();
    match &err {
        StoreError::Missing(what) => assert!(what.contains(&nowhere.to_string()), "{what}"),
        e => panic!("{e:?}"),
    }
    let err = store
        .commit(&[
            Write::Room(r.clone()),
            Write::FinishGame(finish(&never, &[], 5)),
        ])
        .await
        .unwrap_err();
    match &err {
        StoreError::Missing(what) => assert!(what.contains(&never.id.to_string()), "{what}"),
        e => panic!("{e:?}"),
    }
    assert_eq!(store.room(r.id).await.unwrap(), None);
    assert_eq!(store.game(g.id).await.unwrap(), None);
    assert_eq!(store.live_rooms().await.unwrap(), vec![]);
}

pub(super) async fn duplicate_move_stores_nothing_of_its_transaction(store: Store) {
    let g = game("queah", 1_000, &[]);
    store
        .commit(&[Write::StartGame(g.clone()), Write::Move(mv(g.id, 0))])
        .await
        .unwrap();
    let r = room("playing", 1);
    let err = store
        .commit(&[
            Write::Room(r.clone()),
            Write::Move(mv(g.id, 1)),
            Write::Move(mv(g.id, 0)),
        ])
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
    let (_, moves) = store.game(g.id).await.unwrap().unwrap();
    assert_eq!(moves, vec![mv(g.id, 0)]);
    assert_eq!(store.room(r.id).await.unwrap(), None);
    // The store still works after the failed transaction.
    store.commit(&[Write::Move(mv(g.id, 1))]).await.unwrap();
}

pub(super) async fn list_games_filters_and_pages(store: Store) {
    let (a, b, c) = (Uuid::new_v4(), Uuid::new_v4(), Uuid::new_v4());
    // Started at 100, 200, ... 600.
    let g1 = game("stockholm", 100, &[("white", a), ("black", b)]); // a wins
    let g2 = game("stockholm", 200, &[("white", b), ("black", a)]); // draw
    let g3 = game("giveandtake", 300, &[("white", a), ("black", c)]); // c wins
    let g4 = game("neva", 400, &[("white", b), ("green", c)]); // b wins
    let g5 = game("stockholm", 500, &[("white", a), ("black", c)]); // unfinished
    let g6 = game("queah", 600, &[("white", c)]); // draw vs a bot
    let mut writes: Vec<Write> = [&g1, &g2, &g3, &g4, &g5, &g6]
        .iter()
        .map(|g| Write::StartGame((*g).clone()))
        .collect();
    let f1 = finish(&g1, &["white"], 150);
    let f2 = finish(&g2, &[], 250);
    let f3 = finish(&g3, &["black"], 350);
    let f4 = finish(&g4, &["white"], 450);
    let f6 = finish(&g6, &[], 650);
    for f in [&f1, &f2, &f3, &f4, &f6] {
        writes.push(Write::FinishGame(f.clone()));
    }
    store.commit(&writes).await.unwrap();

    let ids = |rows: Vec<GameRow>| rows.into_iter().map(|g| g.id).collect::<Vec<_>>();
    let page = |f: GameFilter| {
        let store = store.clone();
        async move { store.list_games(&f).await.unwrap() }
    };
    let base = GameFilter {
        finished_only: true,
        limit: 100,
        ..GameFilter::default()
    };

    let all = page(base.clone()).await;
    assert_eq!(ids(all.clone()), vec![g6.id, g4.id, g3.id, g2.id, g1.id]);
    assert_eq!(all[4], finished(&g1, &f1));
    assert_eq!(all[3].players, g2.players);
    let with_live = page(GameFilter {
        finished_only: false,
        ..base.clone()
    })
    .await;
    assert_eq!(with_live.len(), 6);
    assert_eq!(with_live[1], g5);

    let of_a = GameFilter {
        player: Some(a),
        ..base.clone()
    };
    assert_eq!(ids(page(of_a.clone()).await), vec![g3.id, g2.id, g1.id]);
    let verdict = |r: &str| GameFilter {
        result: Some(r.to_string()),
        ..of_a.clone()
    };
    assert_eq!(ids(page(verdict("win")).await), vec![g1.id]);
    assert_eq!(ids(page(verdict("loss")).await), vec![g3.id]);
    assert_eq!(ids(page(verdict("draw")).await), vec![g2.id]);
    assert_eq!(ids(page(verdict("decisive")).await), vec![g3.id, g1.id]);
    assert_eq!(ids(page(verdict("bogus")).await), Vec::<Uuid>::new());

    let result = |r: &str| GameFilter {
        result: Some(r.to_string()),
        ..base.clone()
    };
    assert_eq!(
        ids(page(result("decisive")).await),
        vec![g4.id, g3.id, g1.id]
    );
    assert_eq!(ids(page(result("draw")).await), vec![g6.id, g2.id]);
    assert_eq!(ids(page(result("win")).await), Vec::<Uuid>::new());

    let stockholm = GameFilter {
        variant: Some("stockholm".to_string()),
        ..base.clone()
    };
    assert_eq!(ids(page(stockholm.clone()).await), vec![g2.id, g1.id]);
    assert_eq!(
        ids(page(GameFilter {
            player: Some(b),
            ..stockholm.clone()
        })
        .await),
        vec![g2.id, g1.id]
    );
    assert_eq!(
        ids(page(GameFilter {
            player: Some(c),
            ..stockholm
        })
        .await),
        Vec::<Uuid>::new()
    );

    // from is inclusive, to exclusive.
    assert_eq!(
        ids(page(GameFilter {
            from: Some(200),
            to: Some(400),
            ..base.clone()
        })
        .await),
        vec![g3.id, g2.id]
    );

    // Pages: limit clamped to 1..=100, offset skips.
    let p = |limit, offset| GameFilter {
        limit,
        offset,
        ..base.clone()
    };
    assert_eq!(ids(page(p(2, 0)).await), vec![g6.id, g4.id]);
    assert_eq!(ids(page(p(2, 2)).await), vec![g3.id, g2.id]);
    assert_eq!(ids(page(p(2, 4)).await), vec![g1.id]);
    assert_eq!(ids(page(p(2, 6)).await), Vec::<Uuid>::new());
    assert_eq!(ids(page(p(0, 0)).await), vec![g6.id]);
    assert_eq!(page(p(1_000, 0)).await.len(), 5);
}
