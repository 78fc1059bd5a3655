//! Counters, gauges and histograms for `/metrics` (Prometheus text format).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Process-wide counters; every field is updated with relaxed atomics (exactness across
/// fields is not needed for monitoring).
#[derive(Debug, Default)]
pub struct Metrics {
    /// Live room tasks (gauge).
    pub rooms: AtomicU64,
    /// Open WebSocket connections (gauge).
    pub sockets: AtomicU64,
    /// Moves accepted and stored (counter).
    pub moves: AtomicU64,
    /// Requests and socket messages refused with an error (counter).
    pub errors: AtomicU64,
    /// Store transactions committed by the writer (counter).
    pub store_batches: AtomicU64,
    /// Writes committed by the writer (counter).
    pub store_writes: AtomicU64,
    /// SQL statements those commits ran (counter).
    pub store_statements: AtomicU64,
    /// Milliseconds the last batch waited from its first write being queued to its commit
    /// (gauge).
    pub store_lag_ms: AtomicU64,
    /// SQLite: WAL checkpoints run beside the writer (counter).
    pub store_checkpoints: AtomicU64,
    /// SQLite: pages in the WAL at the last checkpoint (gauge).
    pub store_wal_frames: AtomicU64,
    /// SQLite: times the writer let a long WAL start again (counter).
    pub store_wal_restarts: AtomicU64,
    /// The per-socket message rate limit in force (gauge).
    pub ws_messages_per_second: AtomicU64,
    /// The per-socket burst limit in force (gauge).
    pub ws_message_burst: AtomicU64,
    /// The per-socket message size limit in force, bytes (gauge).
    pub ws_max_message_bytes: AtomicU64,
    /// Bot searches running on the blocking pool now (gauge).
    pub bot_searches: AtomicU64,
    /// With several nodes (`crate::cluster`): this life's epoch (gauge; 0 on one node).
    pub node_epoch: AtomicU64,
    /// With several nodes: the rooms this node owns and serves (gauge).
    pub rooms_owned: AtomicU64,
    /// With several nodes: rooms taken over from a node that died or drained, or claimed
    /// on demand (counter).
    pub claims: AtomicU64,
    /// With several nodes: room writes refused because another node owns the room now
    /// (counter).
    pub fenced: AtomicU64,
    /// With several nodes: times the node's lease lapsed and it gave up its rooms
    /// (counter).
    pub leases_lost: AtomicU64,
    /// Refusals for capacity, by [`Overload`] kind (counters).
    pub overloaded: [AtomicU64; Overload::ALL.len()],
    /// How long each store transaction took, its first statement to the database's answer
    /// (on SQLite, the WAL synced).
    pub store_commit: Timings,
    /// How long each write request waited, from being queued to being committed: what a
    /// move's ack waits for the store.
    pub store_wait: Timings,
    /// How long each socket command (a move, a resignation, ...) took, from the socket
    /// reading it to the room's answer: the room's queue, the rules, the store.
    pub commands: Timings,
    /// Rooms owned by another node that this node follows for its sockets (gauge).
    pub rooms_followed: AtomicU64,
    /// Requests this node forwarded to a room's owner on another node (counter).
    pub forwarded: AtomicU64,
    /// Requests other nodes forwarded to this node as a room's owner (counter).
    pub forwards_served: AtomicU64,
    /// Rooms this node handed to the node where their seated players were (counter).
    pub handed_over: AtomicU64,
}

/// Upper bounds of the [`Timings`] buckets, in microseconds (the last bucket is `+Inf`).
const BOUNDS_US: [u64; 13] = [
    500, 1_000, 2_000, 5_000, 10_000, 15_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000,
    5_000_000,
];

/// A histogram of durations with fixed buckets (half a millisecond to five seconds),
/// rendered as a Prometheus histogram in seconds.
#[derive(Debug, Default)]
pub struct Timings {
    /// Observations per bucket, not cumulative (`+Inf` last).
    counts: [AtomicU64; BOUNDS_US.len() + 1],
    /// Sum of the observations, microseconds.
    sum_us: AtomicU64,
}

impl Timings {
    /// Counts one observation.
    pub fn observe(&self, d: Duration) {
        let us = u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        let at = BOUNDS_US.partition_point(|&b| b < us);
        if let Some(c) = self.counts.get(at) {
            c.fetch_add(1, Ordering::Relaxed);
        }
        self.sum_us.fetch_add(us, Ordering::Relaxed);
    }

    /// Observations so far.
    pub fn count(&self) -> u64 {
        self.counts.iter().map(|c| c.load(Ordering::Relaxed)).sum()
    }

    fn render(&self, out: &mut String, name: &str, help: &str) {
        let _ = writeln!(out, "# HELP {name} {help}");
        let _ = writeln!(out, "# TYPE {name} histogram");
        let mut total = 0;
        for (i, c) in self.counts.iter().enumerate() {
            total += c.load(Ordering::Relaxed);
            match BOUNDS_US.get(i) {
                Some(&b) => {
                    let le = b as f64 / 1e6;
                    let _ = writeln!(out, "{name}_bucket{{le=\"{le}\"}} {total}");
                }
                None => {
                    let _ = writeln!(out, "{name}_bucket{{le=\"+Inf\"}} {total}");
                }
            }
        }
        let sum = self.sum_us.load(Ordering::Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum {sum}");
        let _ = writeln!(out, "{name}_count {total}");
    }
}

/// What an overloaded server refused (`checkerhall_overloaded_total{kind=...}`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Overload {
    /// A room creation: the live-room cap was reached.
    Room,
    /// A WebSocket upgrade over the open-connection cap.
    Socket,
    /// A socket's command: its room's command queue was full.
    Command,
    /// A socket's command: the store's game write queue was full.
    Store,
}

impl Overload {
    /// Every kind, in the order of [`Metrics::overloaded`].
    pub const ALL: [Overload; 4] = [
        Overload::Room,
        Overload::Socket,
        Overload::Command,
        Overload::Store,
    ];

    /// The `kind` label.
    pub fn key(self) -> &'static str {
        match self {
            Overload::Room => "room",
            Overload::Socket => "socket",
            Overload::Command => "command",
            Overload::Store => "store",
        }
    }
}

/// One gauge or counter of the exposition: its name, its type, its help text and its value.
type Line<'a> = (&'static str, &'static str, &'static str, &'a AtomicU64);

impl Metrics {
    /// Adds one to a counter.
    pub fn inc(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts one refusal of `kind`.
    pub fn overloaded(&self, kind: Overload) {
        if let Some(c) = self.overloaded.get(kind as usize) {
            Metrics::inc(c);
        }
    }

    /// Refusals of `kind` so far.
    pub fn overloaded_count(&self, kind: Overload) -> u64 {
        self.overloaded
            .get(kind as usize)
            .map_or(0, |c| c.load(Ordering::Relaxed))
    }

    /// Subtracts one from a gauge, never below zero.
    pub fn dec(gauge: &AtomicU64) {
        let _ = gauge.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |v| {
            Some(v.saturating_sub(1))
        });
    }

    /// The gauges and counters of one node's rooms, sockets, store and bots.
    fn node_lines(&self) -> [Line<'_>; 15] {
        [
            ("checkerhall_rooms", "gauge", "Live rooms.", &self.rooms),
            (
                "checkerhall_sockets",
                "gauge",
                "Open WebSocket connections.",
                &self.sockets,
            ),
            (
                "checkerhall_moves_total",
                "counter",
                "Moves accepted and stored.",
                &self.moves,
            ),
            (
                "checkerhall_errors_total",
                "counter",
                "Requests and messages refused.",
                &self.errors,
            ),
            (
                "checkerhall_store_batches_total",
                "counter",
                "Store transactions committed.",
                &self.store_batches,
            ),
            (
                "checkerhall_store_writes_total",
                "counter",
                "Writes committed.",
                &self.store_writes,
            ),
            (
                "checkerhall_store_statements_total",
                "counter",
                "SQL statements of the committed writes.",
                &self.store_statements,
            ),
            (
                "checkerhall_store_lag_milliseconds",
                "gauge",
                "Queue-to-commit time of the last batch.",
                &self.store_lag_ms,
            ),
            (
                "checkerhall_store_checkpoints_total",
                "counter",
                "SQLite WAL checkpoints run beside the writer.",
                &self.store_checkpoints,
            ),
            (
                "checkerhall_store_wal_pages",
                "gauge",
                "SQLite WAL length in pages at the last checkpoint.",
                &self.store_wal_frames,
            ),
            (
                "checkerhall_store_wal_restarts_total",
                "counter",
                "Times the SQLite writer let a long WAL start again.",
                &self.store_wal_restarts,
            ),
            (
                "checkerhall_ws_messages_per_second",
                "gauge",
                "Per-socket message rate limit in force.",
                &self.ws_messages_per_second,
            ),
            (
                "checkerhall_ws_message_burst",
                "gauge",
                "Per-socket message burst limit in force.",
                &self.ws_message_burst,
            ),
            (
                "checkerhall_ws_max_message_bytes",
                "gauge",
                "Per-socket message size limit in force, bytes.",
                &self.ws_max_message_bytes,
            ),
            (
                "checkerhall_bot_searches",
                "gauge",
                "Bot searches running now.",
                &self.bot_searches,
            ),
        ]
    }

    /// The gauges and counters of several nodes on one Postgres (`docs/cluster.md`): the
    /// rooms followed and the requests forwarded between nodes.
    fn relay_lines(&self) -> [Line<'_>; 4] {
        [
            (
                "checkerhall_rooms_followed",
                "gauge",
                "Rooms owned by another node, followed here for their sockets.",
                &self.rooms_followed,
            ),
            (
                "checkerhall_forwarded_total",
                "counter",
                "Requests forwarded to a room's owner on another node.",
                &self.forwarded,
            ),
            (
                "checkerhall_forwards_served_total",
                "counter",
                "Requests other nodes forwarded here as a room's owner.",
                &self.forwards_served,
            ),
            (
                "checkerhall_handovers_total",
                "counter",
                "Rooms handed to the node where their seated players were.",
                &self.handed_over,
            ),
        ]
    }

    /// The gauges and counters of this node's place among several nodes: its epoch, its
    /// rooms, its claims and lost leases.
    fn cluster_lines(&self) -> [Line<'_>; 5] {
        [
            (
                "checkerhall_node_epoch",
                "gauge",
                "This node's epoch among several nodes (0: one node).",
                &self.node_epoch,
            ),
            (
                "checkerhall_rooms_owned",
                "gauge",
                "Rooms this node owns among several nodes.",
                &self.rooms_owned,
            ),
            (
                "checkerhall_claims_total",
                "counter",
                "Rooms this node took over from another or claimed on demand.",
                &self.claims,
            ),
            (
                "checkerhall_fenced_total",
                "counter",
                "Room writes refused because another node owns the room now.",
                &self.fenced,
            ),
            (
                "checkerhall_leases_lost_total",
                "counter",
                "Times this node's lease lapsed and it gave up its rooms.",
                &self.leases_lost,
            ),
        ]
    }

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let lines = self.node_lines().into_iter().chain(self.relay_lines());
        for (name, kind, help, v) in lines.chain(self.cluster_lines()) {
            let _ = writeln!(out, "# HELP {name} {help}");
            let _ = writeln!(out, "# TYPE {name} {kind}");
            let _ = writeln!(out, "{name} {}", v.load(Ordering::Relaxed));
        }
        let name = "checkerhall_overloaded_total";
        let _ = writeln!(
            out,
            "# HELP {name} Requests refused because the server was at capacity, by kind."
        );
        let _ = writeln!(out, "# TYPE {name} counter");
        for kind in Overload::ALL {
            let n = self.overloaded_count(kind);
            let _ = writeln!(out, "{name}{{kind=\"{}\"}} {n}", kind.key());
        }
        self.store_commit.render(
            &mut out,
            "checkerhall_store_commit_seconds",
            "Time each store transaction took, its first statement to the database's answer.",
        );
        self.store_wait.render(
            &mut out,
            "checkerhall_store_wait_seconds",
            "Time each write request waited, from being queued to being committed.",
        );
        self.commands.render(
            &mut out,
            "checkerhall_command_seconds",
            "Time each socket command took, from the socket reading it to the room's answer.",
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each observation lands in the first bucket whose bound it does not pass; the
    /// exposition is cumulative, in seconds, with `+Inf`, the sum and the count.
    #[test]
    fn timings_render_as_a_prometheus_histogram() {
        let t = Timings::default();
        for us in [100, 500, 501, 12_000, 7_000_000] {
            t.observe(Duration::from_micros(us));
        }
        assert_eq!(t.count(), 5);
        let mut out = String::new();
        t.render(&mut out, "x_seconds", "Test.");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "# HELP x_seconds Test.");
        assert_eq!(lines[1], "# TYPE x_seconds histogram");
        assert_eq!(lines[2], "x_seconds_bucket{le=\"0.0005\"} 2");
        assert_eq!(lines[3], "x_seconds_bucket{le=\"0.001\"} 3");
        assert_eq!(lines[7], "x_seconds_bucket{le=\"0.015\"} 4");
        assert_eq!(lines[14], "x_seconds_bucket{le=\"5\"} 4");
        assert_eq!(lines[15], "x_seconds_bucket{le=\"+Inf\"} 5");
        assert_eq!(lines[16], "x_seconds_sum 7.013101");
        assert_eq!(lines[17], "x_seconds_count 5");
    }

    /// Every histogram is in the page, after the counters.
    #[test]
    fn the_page_has_the_store_and_command_timings() {
        let m = Metrics::default();
        m.commands.observe(Duration::from_millis(3));
        let page = m.render();
        assert!(page.contains("checkerhall_command_seconds_bucket{le=\"0.005\"} 1\n"));
        assert!(page.contains("checkerhall_command_seconds_count 1\n"));
        assert!(page.contains("# TYPE checkerhall_store_commit_seconds histogram\n"));
        assert!(page.contains("checkerhall_store_wait_seconds_count 0\n"));
    }
}
