//! A rolling restart under steady play: each node in turn gets
//! SIGTERM, drains (its rooms handed over, its sockets told `restarting` and closed with
//! 1012), exits, and starts again. The clients reconnect through nginx and play on, and
//! nothing acknowledged is lost.

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::time::Instant;
use uuid::Uuid;

use crate::checks;
use crate::harness::Cluster;
use crate::table::Tables;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rolling_restart_loses_nothing() {
    let Some(mut cluster) = Cluster::start(3).await else {
        return;
    };
    let http = cluster.http();
    let tables = Tables::start(&http, cluster.nginx.addr, 9, "stockholm").await;
    let db = cluster.db().await;
    let mut handovers: Vec<u128> = Vec::new();
    for i in 0..cluster.nodes.len() {
        tables
            .progress(30, Duration::from_secs(30), "play before the restart")
            .await;
        let name = cluster.nodes[i].name.clone();
        let epoch = cluster.epoch_of(&db, &name).await;
        let owned = cluster.rooms_owned(&db, epoch).await;
        let theirs = checks::playing(&db, &tables.played(&owned)).await;
        let asked = Instant::now();
        let status = cluster.nodes[i].terminate().await;
        let drained = asked.elapsed();
        assert!(
            status.success(),
            "{name} exits cleanly after draining: {status}\n{}",
            cluster.logs()
        );
        let released = checks::owned_unfinished(&db, epoch).await;
        assert_eq!(
            released, 0,
            "{name} released every room it owned when it drained"
        );
        // Its rooms under way go on at once on the other nodes.
        let mut first: BTreeMap<Uuid, Instant> = BTreeMap::new();
        let give_up = Instant::now() + Duration::from_secs(20);
        while first.len() < theirs.len() && Instant::now() < give_up {
            {
                let r = tables.record.lock().unwrap();
                for a in r.acked.iter().filter(|a| a.at > asked) {
                    if theirs.contains(&a.room) {
                        first.entry(a.room).or_insert(a.at);
                    }
                }
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        for r in theirs.iter().filter(|r| !first.contains_key(r)) {
            assert!(
                checks::over(&db, *r).await,
                "room {r} of the drained node {name} took no move within 20 s\n{}",
                cluster.logs()
            );
        }
        let mut ms: Vec<u128> = first.values().map(|t| (*t - asked).as_millis()).collect();
        println!(
            "{name} drained in {drained:?}, owning {} rooms under way; SIGTERM to the first \
             move accepted on each: {}",
            theirs.len(),
            checks::spread(&mut ms)
        );
        handovers.extend(ms);
        cluster.nodes[i].restart().await;
    }
    tables
        .progress(
            30,
            Duration::from_secs(30),
            "play after the rolling restart",
        )
        .await;
    let record = tables.stop().await;
    checks::print("rolling restart", &record);
    println!(
        "rolling restart: SIGTERM to the first accepted move: {}",
        checks::spread(&mut handovers)
    );
    assert!(
        record.restarting > 0 && record.closes.get(&1012).copied().unwrap_or(0) > 0,
        "the drained nodes' clients were told `restarting` and closed with 1012"
    );
    assert!(
        record.resynced_by_events > 0,
        "the clients reconnected with `since` and got what they missed"
    );
    let checked = checks::everything_stored(&cluster, &record, &[]).await;
    println!(
        "rolling restart: all {checked} acknowledged moves are stored; every room's log is whole"
    );
    db.close().await;
}
