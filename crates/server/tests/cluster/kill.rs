//! SIGKILL one node mid-game, six times over: each time the rooms it
//! owned come back on a surviving node once its lease lapses, their clients (reconnected
//! through nginx with `since`) play on, and no acknowledged move is lost. The takeover time
//! (the kill to the first move accepted on each of its rooms) is printed.

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::time::Instant;
use uuid::Uuid;

use crate::checks;
use crate::harness::{Cluster, LEASE_MS};
use crate::table::Tables;

const NODES: usize = 3;
const TABLES: usize = 9;
/// Kills in a run; `CLUSTER_KILL_ROUNDS` asks for more when a rare failure is chased.
fn rounds() -> usize {
    std::env::var("CLUSTER_KILL_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(6)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_nodes_rooms_go_on_elsewhere_with_every_acknowledged_move() {
    let Some(mut cluster) = Cluster::start(NODES).await else {
        return;
    };
    let http = cluster.http();
    let tables = Tables::start(&http, cluster.nginx.addr, TABLES, "stockholm").await;
    let db = cluster.db().await;
    let mut takeovers: Vec<u128> = Vec::new();
    let mut taken_over = 0usize;
    let rounds = rounds();
    for round in 0..rounds {
        tables
            .progress(30, Duration::from_secs(30), "play before the kill")
            .await;
        let victim = round % NODES;
        let name = cluster.nodes[victim].name.clone();
        let epoch = cluster.epoch_of(&db, &name).await;
        let owned = cluster.rooms_owned(&db, epoch).await;
        let theirs = checks::playing(&db, &tables.played(&owned)).await;
        let killed = Instant::now();
        cluster.nodes[victim].kill9();
        // Every room under way on the dead node goes on: a move is accepted on it after the
        // kill (or its game ended meanwhile, which also took a move accepted after it).
        let mut first: BTreeMap<Uuid, Instant> = BTreeMap::new();
        let give_up = killed + Duration::from_secs(30);
        while first.len() < theirs.len() {
            {
                let r = tables.record.lock().unwrap();
                for a in r.acked.iter().filter(|a| a.at > killed) {
                    if theirs.contains(&a.room) {
                        first.entry(a.room).or_insert(a.at);
                    }
                }
            }
            if Instant::now() > give_up {
                let stuck: Vec<&Uuid> = theirs.iter().filter(|r| !first.contains_key(r)).collect();
                let mut really = Vec::new();
                for r in stuck {
                    if !checks::over(&db, *r).await {
                        really.push(*r);
                    }
                }
                let traces: String = really
                    .iter()
                    .map(|r| format!("--- the table of {r} ---\n{}\n", tables.trace_of(*r)))
                    .collect();
                // The logs first: CI keeps the end of a failure's output.
                assert!(
                    really.is_empty(),
                    "{}{traces}round {round}: rooms of the killed node {name} took no move \
                     within 30 s: {really:?}",
                    cluster.logs_of(&really)
                );
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let mut ms: Vec<u128> = first.values().map(|t| (*t - killed).as_millis()).collect();
        println!(
            "round {round}: killed {name} (epoch {epoch}) owning {} rooms under way; takeover \
             (kill to first accepted move): {}",
            theirs.len(),
            checks::spread(&mut ms)
        );
        taken_over += ms.len();
        takeovers.extend(ms);
        // The node comes back (a new life, a new epoch) for the next rounds.
        cluster.nodes[victim].restart().await;
    }
    tables
        .progress(30, Duration::from_secs(30), "play after the last kill")
        .await;
    let record = tables.stop().await;
    checks::print("kill -9", &record);
    println!(
        "takeover over {rounds} kills (lease {LEASE_MS} ms): {}",
        checks::spread(&mut takeovers)
    );
    assert!(
        taken_over >= rounds,
        "only {taken_over} rooms were under way on the killed nodes: too few to test"
    );
    assert!(
        record.reconnects > 0 && record.resynced_by_events > 0,
        "the clients reconnected with `since` and were sent what they missed: {} reopened, {} by events",
        record.reconnects,
        record.resynced_by_events
    );
    let checked = checks::everything_stored(&cluster, &record, &[]).await;
    println!("kill -9: all {checked} acknowledged moves are stored; every room's log is whole");
    db.close().await;
}
