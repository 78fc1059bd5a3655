//! Server settings, from flags and the environment.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::store::{Database, Password};

use clap::{Args, ValueEnum};

/// How the server writes its log.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// Plain text lines (coloured only when written to a terminal).
    #[default]
    Text,
    /// One JSON object per line.
    Json,
}

/// Who may create tournaments.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TournamentCreators {
    /// Admins only.
    #[default]
    Admins,
    /// Every account (admins and members); guests may not.
    Members,
    /// Anyone, guests too.
    Anyone,
}

impl TournamentCreators {
    /// The key of the setting, as given to `--tournament-creators` and shown by
    /// `GET /api/tournaments`.
    pub fn key(self) -> &'static str {
        match self {
            TournamentCreators::Admins => "admins",
            TournamentCreators::Members => "members",
            TournamentCreators::Anyone => "anyone",
        }
    }

    /// Whether a caller may create: `account` is their account's admin flag, `None` for a
    /// guest.
    pub fn allow(self, account: Option<bool>) -> bool {
        match self {
            TournamentCreators::Admins => account == Some(true),
            TournamentCreators::Members => account.is_some(),
            TournamentCreators::Anyone => true,
        }
    }
}

/// Who may use the server.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AccessMode {
    /// Everyone, guests included, may play.
    #[default]
    Open,
    /// Anyone may make an account; guests may only watch.
    Members,
    /// An account needs an invite made by an admin; guests may only watch.
    Invite,
}

impl AccessMode {
    /// The key of the mode, as given to `--access`.
    pub fn key(self) -> &'static str {
        match self {
            AccessMode::Open => "open",
            AccessMode::Members => "members",
            AccessMode::Invite => "invite",
        }
    }
}

/// Flags of `checkerhall serve` (each also read from the environment).
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "CHECKERHALL_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// Which database, and how to reach it.
    #[command(flatten)]
    pub database: DatabaseArgs,
    /// Origin browsers load the client from (e.g. `https://checkers.example.org`); WebSocket
    /// upgrades from any other origin are refused. Unset: same host as the request.
    #[arg(long, env = "CHECKERHALL_PUBLIC_ORIGIN")]
    pub public_origin: Option<String>,
    /// Mail to accounts: the SMTP server, the sender, the links' address, the digest's pace.
    #[command(flatten)]
    pub mail: crate::mail::MailArgs,
    /// Most open connections at once; a WebSocket over it is refused (503 `overloaded`).
    #[arg(long, env = "CHECKERHALL_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// Most live rooms at once; a room creation over it is refused (503 `overloaded`).
    #[arg(long, env = "CHECKERHALL_MAX_ROOMS", default_value_t = 20_000)]
    pub max_rooms: usize,
    /// Room commands that may wait in the store's write queue; a socket's command finding
    /// it full is refused with the error `overloaded` (the server's own writes wait).
    #[arg(long, env = "CHECKERHALL_STORE_QUEUE", default_value_t = crate::store::DEFAULT_WRITE_QUEUE)]
    pub store_queue: usize,
    /// Postgres: store writers, each committing its share of the rooms (spread by room id)
    /// on a connection of its own, concurrently with the others (1 to 32; SQLite always
    /// has one). More use more of the database's cores, in smaller batches.
    #[arg(long, env = "CHECKERHALL_STORE_WRITERS", default_value_t = crate::store::DEFAULT_STORE_WRITERS)]
    pub store_writers: usize,
    /// Commands that may wait for one room; a socket's command finding its room's queue
    /// full is refused with the error `overloaded`.
    #[arg(long, env = "CHECKERHALL_ROOM_QUEUE", default_value_t = 64)]
    pub room_queue: usize,
    /// Messages per second one socket may send on average (pings exempt).
    #[arg(long, env = "CHECKERHALL_WS_MESSAGES_PER_SECOND", default_value_t = 10)]
    pub ws_messages_per_second: u32,
    /// Messages one socket may send in a burst above that rate.
    #[arg(long, env = "CHECKERHALL_WS_MESSAGE_BURST", default_value_t = 30)]
    pub ws_message_burst: u32,
    /// Largest WebSocket message accepted, in bytes (twice this closes the socket).
    #[arg(long, env = "CHECKERHALL_WS_MAX_MESSAGE_BYTES", default_value_t = 4096)]
    pub ws_max_message_bytes: usize,
    /// Log lines as `text` (no colour codes unless on a terminal) or `json`.
    #[arg(long, env = "CHECKERHALL_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// Who may play: `open` (guests too), `members` (accounts only; guests watch) or
    /// `invite` (accounts need an admin's invite; guests watch).
    #[arg(long, env = "CHECKERHALL_ACCESS", value_enum, default_value_t = AccessMode::Open)]
    pub access: AccessMode,
    /// Who may create tournaments: `admins`, `members` (every account) or `anyone` (guests
    /// too).
    #[arg(
        long,
        env = "CHECKERHALL_TOURNAMENT_CREATORS",
        value_enum,
        default_value_t = TournamentCreators::Admins
    )]
    pub tournament_creators: TournamentCreators,
    /// The older form of `--tournament-creators members`: let members create tournaments
    /// too (admins always may). Ignored when `--tournament-creators` says more.
    #[arg(long, env = "CHECKERHALL_MEMBER_TOURNAMENTS")]
    pub member_tournaments: bool,
    /// Username of an admin account made on start when the server has no admin yet (with
    /// `CHECKERHALL_ADMIN_PASSWORD`).
    #[arg(long, env = "CHECKERHALL_ADMIN_NAME")]
    pub admin_name: Option<String>,
    /// Password of that first admin; read from the environment only, so that it never shows
    /// in the process list.
    #[arg(skip = std::env::var("CHECKERHALL_ADMIN_PASSWORD").ok())]
    pub admin_password: Option<String>,
    /// Login attempts one account may receive a minute (0: no limit).
    #[arg(long, env = "CHECKERHALL_LOGINS_PER_ACCOUNT", default_value_t = 5)]
    pub logins_per_account: u32,
    /// Login attempts one address may make a minute (0: no limit).
    #[arg(long, env = "CHECKERHALL_LOGINS_PER_ADDRESS", default_value_t = 20)]
    pub logins_per_address: u32,
    /// Private-room invite codes one address may try a minute (0: no limit).
    #[arg(
        long,
        env = "CHECKERHALL_INVITE_TRIES_PER_ADDRESS",
        default_value_t = 10
    )]
    pub invite_tries_per_address: u32,
    /// WebSockets one address may have open at once (0: no limit).
    #[arg(long, env = "CHECKERHALL_SOCKETS_PER_ADDRESS", default_value_t = 100)]
    pub sockets_per_address: usize,
    /// New guest identities one address may get a minute (0: no limit).
    #[arg(long, env = "CHECKERHALL_IDENTITIES_PER_ADDRESS", default_value_t = 30)]
    pub identities_per_address: u32,
    /// New rooms one address may create a minute (0: no limit).
    #[arg(long, env = "CHECKERHALL_ROOMS_PER_ADDRESS", default_value_t = 20)]
    pub rooms_per_address: u32,
    /// Reverse proxies whose `X-Forwarded-For` / `Forwarded` name the client: comma-separated
    /// addresses or networks (`10.0.0.0/8,2001:db8::/32,127.0.0.1`). Empty: none (the
    /// connection's address is the client's).
    #[arg(long, env = "CHECKERHALL_TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: crate::net::TrustedProxies,
    /// Seconds a client has to send a request's headers; then the connection is closed.
    #[arg(long, env = "CHECKERHALL_HEADER_TIMEOUT_SECS", default_value_t = 10)]
    pub header_timeout_secs: u64,
    /// Seconds a client has to send a request's body after its headers (408 `timeout`).
    #[arg(long, env = "CHECKERHALL_BODY_TIMEOUT_SECS", default_value_t = 10)]
    pub body_timeout_secs: u64,
    /// Seconds after which a WebSocket whose client sent nothing but pings, and that was sent
    /// nothing, is closed (4002 `idle`; 0: never).
    #[arg(long, env = "CHECKERHALL_SOCKET_IDLE_SECS", default_value_t = 1800)]
    pub socket_idle_secs: u64,
    /// Seconds a seat has for its first move in a Fischer game before the game is aborted
    /// (at least 1).
    #[arg(long, env = "CHECKERHALL_FIRST_MOVE_SECS", default_value_t = 30)]
    pub first_move_secs: u64,
    /// Seconds a rematch request waits for the other players (at least 1).
    #[arg(long, env = "CHECKERHALL_REMATCH_SECS", default_value_t = 60)]
    pub rematch_secs: u64,
    /// Seconds a waiting room with nobody in it stays open (at least 1).
    #[arg(long, env = "CHECKERHALL_EMPTY_ROOM_SECS", default_value_t = 120)]
    pub empty_room_secs: u64,
    /// Seconds an untimed game, or a game against the computer, goes on with no player
    /// connected before the server ends it (at least 1).
    #[arg(long, env = "CHECKERHALL_UNATTENDED_GAME_SECS", default_value_t = 300)]
    pub unattended_game_secs: u64,
    /// This node's name in logs and `/metrics` when several nodes share one Postgres
    /// (docs/cluster.md). Default: the host name.
    #[arg(long, env = "CHECKERHALL_NODE_NAME")]
    pub node_name: Option<String>,
    /// Milliseconds a node may go without renewing its lease before the other nodes take
    /// its rooms over (Postgres).
    #[arg(long, env = "CHECKERHALL_LEASE_MS", default_value_t = 5000)]
    pub lease_ms: u64,
    /// Milliseconds between two renewals of the lease (and sweeps for orphaned rooms).
    #[arg(long, env = "CHECKERHALL_RENEW_MS", default_value_t = 1000)]
    pub renew_ms: u64,
    /// On Postgres, run as the only node (restore every room at start, no leases), as
    /// before several nodes could share a database.
    #[arg(long, env = "CHECKERHALL_SINGLE_NODE")]
    pub single_node: bool,
    /// Hand a game to the node its players' sockets are on: for a balancer that sends one
    /// room's sockets to one node (`deploy/nginx-cluster.conf`); behind one that spreads
    /// them (round robin) it would only make them reconnect.
    #[arg(long, env = "CHECKERHALL_HAND_OVER")]
    pub hand_over: bool,
}

/// The database settings of `serve`, `migrate`, `backup` and `admin`: one set, so that a
/// password given apart from the URL, and the wait for the database, work for each.
#[derive(Args, Debug, Clone)]
pub struct DatabaseArgs {
    /// Database: `sqlite://path` (created on first run) or `postgres://...`. A password in
    /// it must be percent-encoded; `CHECKERHALL_DATABASE_PASSWORD` takes one as it is.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://checkerhall.db")]
    pub database_url: String,
    /// Password of the database user, taken as it is (any characters); overrides the one
    /// in the URL. Prefer the environment (or the file form) to the flag: a flag shows in
    /// the process list.
    #[arg(
        long,
        env = "CHECKERHALL_DATABASE_PASSWORD",
        hide_env_values = true,
        conflicts_with = "database_password_file"
    )]
    pub database_password: Option<Password>,
    /// A file holding the database password (e.g. a docker secret); a trailing newline is
    /// dropped.
    #[arg(long, env = "CHECKERHALL_DATABASE_PASSWORD_FILE")]
    pub database_password_file: Option<PathBuf>,
    /// Seconds to keep retrying a database that is not reachable at start (Postgres; a
    /// wrong password or bad URL ends at once).
    #[arg(long, env = "CHECKERHALL_DATABASE_WAIT_SECS", default_value_t = 60)]
    pub database_wait_secs: u64,
}

/// Why the database settings cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DatabaseArgsError {
    /// The password file cannot be read.
    #[error("cannot read the database password file {path}: {source}")]
    PasswordFile {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

impl DatabaseArgs {
    /// The database to open: the URL, and the password from the flag, the environment or
    /// the file. An empty value (docker compose passes an unset variable as one) is unset.
    ///
    /// # Errors
    /// The password file cannot be read.
    pub fn database(&self) -> Result<Database, DatabaseArgsError> {
        let password = match (&self.database_password, &self.database_password_file) {
            (Some(p), _) if !p.expose().is_empty() => Some(p.clone()),
            (_, Some(path)) if !path.as_os_str().is_empty() => {
                let text = std::fs::read_to_string(path).map_err(|source| {
                    DatabaseArgsError::PasswordFile {
                        path: path.display().to_string(),
                        source,
                    }
                })?;
                Some(Password::from(text.trim_end_matches(['\r', '\n'])))
            }
            _ => None,
        };
        Ok(Database {
            url: self.database_url.clone(),
            password,
        })
    }

    /// How long to retry an unreachable database at start.
    pub fn wait(&self) -> Duration {
        Duration::from_secs(self.database_wait_secs)
    }
}

/// The default waits before rooms nobody is in are closed: two minutes for a waiting room,
/// five for a game.
pub const DEFAULT_UNATTENDED: lobby::Unattended = lobby::Unattended {
    waiting_ms: 120_000,
    game_ms: 300_000,
};

/// Everything the server needs to know, built from [`ServeArgs`] or by tests.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Database URL.
    pub database_url: String,
    /// The database password, overriding the URL's (see [`DatabaseArgs`]).
    pub database_password: Option<Password>,
    /// How long to retry an unreachable database at start (0: one try).
    pub database_wait: Duration,
    /// Allowed WebSocket origin; `None` accepts the request's own host.
    pub public_origin: Option<String>,
    /// Mail to accounts (off unless set).
    pub mail: crate::mail::MailSettings,
    /// Limits on input and resources.
    pub limits: Limits,
    /// Disconnect grace period before a claim opens, in milliseconds.
    pub grace_ms: u64,
    /// The time a seat has for its first move in a Fischer game, in milliseconds
    /// (`lobby::RoomConfig::first_move_ms`).
    pub first_move_ms: u64,
    /// How long a rematch request waits, in milliseconds (`lobby::RoomConfig::rematch_ms`).
    pub rematch_ms: u64,
    /// How long rooms nobody is in stay before the server closes them.
    pub unattended: lobby::Unattended,
    /// Who may play.
    pub access: AccessMode,
    /// Username and password of the admin made on start when there is none yet.
    pub first_admin: Option<(String, String)>,
    /// Proxies whose forwarding headers name the client (`net::ClientAddr`).
    pub trusted_proxies: crate::net::TrustedProxies,
    /// Who may create tournaments.
    pub tournament_creators: TournamentCreators,
    /// The pause before every bot's move instead of its level's (300 ms and 50 ms a
    /// level): tests that play whole events between bots shorten it. No flag.
    pub bot_pause: Option<Duration>,
    /// Several nodes on one Postgres (docs/cluster.md); unused on SQLite.
    pub cluster: crate::cluster::ClusterSettings,
}

/// Limits that keep one client from hurting the others.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Largest WebSocket message accepted, in bytes.
    pub max_message_bytes: usize,
    /// Most open WebSockets at once, counting connections still in their lingering close.
    pub max_connections: usize,
    /// Most live rooms at once.
    pub max_rooms: usize,
    /// Room commands that may wait in the store's write queue.
    pub store_queue: usize,
    /// Postgres: store writers the rooms are spread over (see `ServeArgs::store_writers`).
    pub store_writers: usize,
    /// Commands that may wait for one room.
    pub room_queue: usize,
    /// Most unfinished rooms one identity may host.
    pub rooms_per_identity: usize,
    /// Messages per second a socket may send on average (pings exempt).
    pub messages_per_second: u32,
    /// Messages a socket may send in a burst.
    pub message_burst: u32,
    /// Batches of events queued for one socket before it is resynced or dropped: the size of
    /// each watched room's broadcast ring (allocated whole when the first socket attaches, so
    /// it counts in the memory of every watched room) and the bound of a socket's
    /// outgoing queue.
    pub socket_queue: usize,
    /// Login attempts one account may receive a minute (0: no limit).
    pub logins_per_account_per_minute: u32,
    /// Login attempts (and password changes) one address may make a minute (0: no limit).
    pub logins_per_address_per_minute: u32,
    /// Private-room invite codes one address may try a minute (0: no limit).
    pub invite_tries_per_address_per_minute: u32,
    /// WebSockets one address may have open at once (0: no limit).
    pub sockets_per_address: usize,
    /// New guest identities one address may get a minute (0: no limit).
    pub identities_per_address_per_minute: u32,
    /// New rooms one address may create a minute (0: no limit).
    pub rooms_per_address_per_minute: u32,
    /// Time a client has to send a request's headers.
    pub header_timeout: Duration,
    /// Time a client has to send a request's body, once its headers are in.
    pub body_timeout: Duration,
    /// A WebSocket whose client sent only pings, and that was sent nothing, this long is
    /// closed (`None`: never).
    pub socket_idle: Option<Duration>,
    /// The send buffer of an upgraded WebSocket's connection, in bytes: small, so that a
    /// client that does not read fills it within seconds and is seen stuck (the kernel's
    /// own grows to hundreds of KiB first).
    pub socket_send_buffer: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_message_bytes: 4 * 1024,
            max_connections: 10_000,
            max_rooms: 20_000,
            store_queue: crate::store::DEFAULT_WRITE_QUEUE,
            store_writers: crate::store::DEFAULT_STORE_WRITERS,
            room_queue: 64,
            rooms_per_identity: 10,
            messages_per_second: 10,
            message_burst: 30,
            socket_queue: 32,
            logins_per_account_per_minute: 5,
            logins_per_address_per_minute: 20,
            invite_tries_per_address_per_minute: 10,
            sockets_per_address: 100,
            identities_per_address_per_minute: 30,
            rooms_per_address_per_minute: 20,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            socket_idle: Some(Duration::from_secs(1800)),
            socket_send_buffer: 64 * 1024,
        }
    }
}

impl ServerConfig {
    /// Settings for `database_url` with default limits.
    pub fn new(database_url: impl Into<String>) -> ServerConfig {
        ServerConfig {
            database_url: database_url.into(),
            database_password: None,
            database_wait: Duration::ZERO,
            public_origin: None,
            mail: crate::mail::MailSettings::default(),
            limits: Limits::default(),
            grace_ms: lobby::DEFAULT_GRACE_MS,
            first_move_ms: lobby::FIRST_MOVE_MS,
            rematch_ms: lobby::REMATCH_MS,
            unattended: DEFAULT_UNATTENDED,
            access: AccessMode::Open,
            first_admin: None,
            trusted_proxies: crate::net::TrustedProxies::default(),
            tournament_creators: TournamentCreators::Admins,
            bot_pause: None,
            cluster: crate::cluster::ClusterSettings::default(),
        }
    }
}

impl ServerConfig {
    /// The database to open.
    pub fn database(&self) -> Database {
        Database {
            url: self.database_url.clone(),
            password: self.database_password.clone(),
        }
    }

    /// The settings of `serve`'s flags.
    ///
    /// # Errors
    /// The database password file cannot be read.
    pub fn from_args(a: &ServeArgs) -> Result<ServerConfig, DatabaseArgsError> {
        let db = a.database.database()?;
        let mut c = ServerConfig::from(a);
        c.database_password = db.password;
        Ok(c)
    }
}

/// Every setting but the database password, which may need a file read (see
/// [`ServerConfig::from_args`]).
impl From<&ServeArgs> for ServerConfig {
    fn from(a: &ServeArgs) -> ServerConfig {
        let mut c = ServerConfig::new(a.database.database_url.clone());
        c.database_password = a
            .database
            .database_password
            .clone()
            .filter(|p| !p.expose().is_empty());
        c.database_wait = a.database.wait();
        // An empty value (as docker compose passes an unset variable) means unset.
        c.public_origin = a.public_origin.clone().filter(|o| !o.trim().is_empty());
        c.mail = crate::mail::MailSettings::from(&a.mail);
        c.limits.max_connections = a.max_connections;
        c.limits.max_rooms = a.max_rooms;
        c.limits.store_queue = a.store_queue.max(1);
        c.limits.store_writers = a.store_writers.clamp(1, crate::store::MAX_STORE_WRITERS);
        c.limits.room_queue = a.room_queue.max(1);
        c.limits.messages_per_second = a.ws_messages_per_second.max(1);
        c.limits.message_burst = a.ws_message_burst.max(1);
        c.limits.max_message_bytes = a.ws_max_message_bytes.max(64);
        c.limits.logins_per_account_per_minute = a.logins_per_account;
        c.limits.logins_per_address_per_minute = a.logins_per_address;
        c.limits.invite_tries_per_address_per_minute = a.invite_tries_per_address;
        c.limits.sockets_per_address = a.sockets_per_address;
        c.limits.identities_per_address_per_minute = a.identities_per_address;
        c.limits.rooms_per_address_per_minute = a.rooms_per_address;
        c.limits.header_timeout = Duration::from_secs(a.header_timeout_secs.max(1));
        c.limits.body_timeout = Duration::from_secs(a.body_timeout_secs.max(1));
        c.limits.socket_idle =
            (a.socket_idle_secs > 0).then(|| Duration::from_secs(a.socket_idle_secs));
        c.first_move_ms = a.first_move_secs.max(1).saturating_mul(1000);
        c.rematch_ms = a.rematch_secs.max(1).saturating_mul(1000);
        c.unattended = lobby::Unattended {
            waiting_ms: a.empty_room_secs.max(1).saturating_mul(1000),
            game_ms: a.unattended_game_secs.max(1).saturating_mul(1000),
        };
        c.trusted_proxies = a.trusted_proxies.clone();
        c.access = a.access;
        c.tournament_creators = match a.tournament_creators {
            TournamentCreators::Admins if a.member_tournaments => TournamentCreators::Members,
            creators => creators,
        };
        if let Some(name) = a.node_name.clone().filter(|n| !n.trim().is_empty()) {
            c.cluster.name = name;
        }
        // A lease shorter than two renewals would lapse between them.
        c.cluster.renew = Duration::from_millis(a.renew_ms.max(50));
        c.cluster.lease = Duration::from_millis(a.lease_ms.max(2 * a.renew_ms.max(50)));
        c.cluster.single_node = a.single_node;
        c.cluster.hand_over = a.hand_over;
        c.first_admin = a
            .admin_name
            .clone()
            .filter(|n| !n.trim().is_empty())
            .zip(a.admin_password.clone());
        c
    }
}
