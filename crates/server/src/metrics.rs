//! Counters and gauges for `/metrics` (Prometheus text format).

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

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
    /// Refusals for capacity, by [`Overload`] kind (counters).
    pub overloaded: [AtomicU64; Overload::ALL.len()],
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

    /// The Prometheus text exposition.
    pub fn render(&self) -> String {
        let rows: [(&str, &str, &str, &AtomicU64); 15] = [
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
        ];
        let mut out = String::new();
        for (name, kind, help, v) in rows {
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
        out
    }
}
