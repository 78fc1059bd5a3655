//! Server settings, from flags and the environment.

use std::net::SocketAddr;

use clap::Args;

/// Flags of `checkerhall serve` (each also read from the environment).
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "CHECKERHALL_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Database: `sqlite://path` (created on first run) or `postgres://...`.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://checkerhall.db")]
    pub database_url: String,
    /// Origin browsers load the client from (e.g. `https://checkers.example.org`); WebSocket
    /// upgrades from any other origin are refused. Unset: same host as the request.
    #[arg(long, env = "CHECKERHALL_PUBLIC_ORIGIN")]
    pub public_origin: Option<String>,
    /// Most open connections at once.
    #[arg(long, env = "CHECKERHALL_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// Messages per second one socket may send on average (pings exempt).
    #[arg(long, env = "CHECKERHALL_WS_MESSAGES_PER_SECOND", default_value_t = 10)]
    pub ws_messages_per_second: u32,
    /// Messages one socket may send in a burst above that rate.
    #[arg(long, env = "CHECKERHALL_WS_MESSAGE_BURST", default_value_t = 30)]
    pub ws_message_burst: u32,
    /// Largest WebSocket message accepted, in bytes (twice this closes the socket).
    #[arg(long, env = "CHECKERHALL_WS_MAX_MESSAGE_BYTES", default_value_t = 4096)]
    pub ws_max_message_bytes: usize,
}

/// Everything the server needs to know, built from [`ServeArgs`] or by tests.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Database URL.
    pub database_url: String,
    /// Allowed WebSocket origin; `None` accepts the request's own host.
    pub public_origin: Option<String>,
    /// Limits on input and resources.
    pub limits: Limits,
    /// Disconnect grace period before a claim opens, in milliseconds.
    pub grace_ms: u64,
}

/// Limits that keep one client from hurting the others.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest WebSocket message accepted, in bytes.
    pub max_message_bytes: usize,
    /// Most open connections (HTTP and WebSocket) at once.
    pub max_connections: usize,
    /// Most unfinished rooms one identity may host.
    pub rooms_per_identity: usize,
    /// Messages per second a socket may send on average (pings exempt).
    pub messages_per_second: u32,
    /// Messages a socket may send in a burst.
    pub message_burst: u32,
    /// Events queued for one socket before it is resynced or dropped.
    pub socket_queue: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4 * 1024,
            max_connections: 10_000,
            rooms_per_identity: 10,
            messages_per_second: 10,
            message_burst: 30,
            socket_queue: 64,
        }
    }
}

impl ServerConfig {
    /// Settings for `database_url` with default limits.
    pub fn new(database_url: impl Into<String>) -> ServerConfig {
        ServerConfig {
            database_url: database_url.into(),
            public_origin: None,
            limits: Limits::default(),
            grace_ms: lobby::DEFAULT_GRACE_MS,
        }
    }
}

impl From<&ServeArgs> for ServerConfig {
    fn from(a: &ServeArgs) -> ServerConfig {
        let mut c = ServerConfig::new(a.database_url.clone());
        // An empty value (as docker compose passes an unset variable) means unset.
        c.public_origin = a.public_origin.clone().filter(|o| !o.trim().is_empty());
        c.limits.max_connections = a.max_connections;
        c.limits.messages_per_second = a.ws_messages_per_second.max(1);
        c.limits.message_burst = a.ws_message_burst.max(1);
        c.limits.max_message_bytes = a.ws_max_message_bytes.max(64);
        c
    }
}
