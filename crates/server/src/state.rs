//! The state every handler and task shares.

use std::sync::Arc;

use crate::analysis::Analyses;
use crate::config::ServerConfig;
use crate::connections::Sockets;
use crate::limits::Limiters;
use crate::metrics::Metrics;
use crate::rooms::Rooms;
use crate::search_permits::Searches;
use crate::store::{Store, Writer, WriterConfig};
use crate::tournaments::Tournaments;

/// Shared by every handler (`State<AppState>`) and task; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    /// Settings.
    pub config: Arc<ServerConfig>,
    /// Reads and direct writes (players, rooms, game history).
    pub store: Store,
    /// Batched durable writes of room logs and moves.
    pub writer: Writer,
    /// The live rooms, one task each.
    pub rooms: Rooms,
    /// Counters for `/metrics`.
    pub metrics: Arc<Metrics>,
    /// Open WebSockets by identity, to end them (`Sockets::drop_player`,
    /// `Sockets::close_player`).
    pub sockets: Sockets,
    /// Per-client limits.
    pub limiters: Arc<Limiters>,
    /// Game analyses being computed.
    pub analyses: Analyses,
    /// The tournaments and their directors.
    pub tournaments: Tournaments,
    /// This node's place among several on one Postgres (`None`: SQLite, or `--single-node`).
    pub cluster: Option<crate::cluster::Cluster>,
    /// Whether mail to accounts is on, and its sender.
    pub mail: crate::mail::Mail,
    /// Held by the quick seek being served (`POST /api/quick/seek`): seeks are served one
    /// at a time, so two players seeking at once meet in one room.
    pub seeks: Arc<tokio::sync::Mutex<()>>,
    /// The quick-pairing pools of this node (`GET /api/pools`).
    pub pools: crate::pools::Pools,
}

impl AppState {
    /// Opens the store (retrying an unreachable database for `config.database_wait`, see
    /// [`Store::connect_waiting`]), applies migrations, starts the writer and restores every unfinished
    /// room from its stored log.
    ///
    /// # Errors
    /// The store could not be opened, migrated or read.
    pub async fn start(config: ServerConfig) -> Result<AppState, crate::store::StoreError> {
        let metrics = Arc::new(Metrics::default());
        let store = Store::connect_waiting(&config.database(), config.database_wait).await?;
        store.migrate().await?;
        let cluster = match store.backend() {
            crate::store::Backend::Postgres if !config.cluster.single_node => {
                Some(crate::cluster::Cluster::join(store.clone(), config.cluster.clone()).await?)
            }
            _ => None,
        };
        let writer = Writer::spawn_with(
            store.clone(),
            metrics.clone(),
            WriterConfig {
                queue: config.limits.store_queue,
                writers: config.limits.store_writers,
                ..WriterConfig::default()
            },
        );
        let config = Arc::new(config);
        let searches = Searches::default();
        let rooms = Rooms::new(
            config.clone(),
            store.clone(),
            writer.clone(),
            metrics.clone(),
            searches.clone(),
            cluster.clone(),
        );
        let tournaments = Tournaments::new(store.clone(), rooms.clone());
        let mail = crate::mail::Mail::from_settings(&config.mail, config.public_origin.as_deref());
        let pools = crate::pools::Pools::new(rooms.clone());
        let state = AppState {
            tournaments,
            limiters: Arc::new(Limiters::new(&config.limits)),
            config,
            store,
            writer,
            rooms,
            metrics,
            sockets: Sockets::default(),
            analyses: Analyses::new(searches),
            seeks: Arc::default(),
            pools,
            cluster,
            mail,
        };
        if let Some((name, password)) = &state.config.first_admin {
            if !state.store.has_admin().await? {
                match crate::accounts::create_admin(&state.store, name, password).await {
                    Ok(id) => tracing::info!(%id, username = %name, "first admin made"),
                    Err(e) => tracing::error!(error = %e, "the first admin cannot be made"),
                }
            }
        }
        if let Some(cluster) = &state.cluster {
            cluster.start_bus();
            // The owner's side of the inbox: commands from sockets on other nodes.
            tokio::spawn(crate::rooms::inbox::serve(
                state.rooms.clone(),
                cluster.clone(),
            ));
        }
        state.rooms.restore().await?;
        crate::mail::digest::spawn(
            &state.mail,
            state.store.clone(),
            state.rooms.clone(),
            state.config.mail.digest_every,
        );
        tokio::spawn(state.pools.clone().run());
        match &state.cluster {
            // After the rooms: a director carrying on mid-round finds its rooms live.
            None => state.tournaments.restore().await?,
            // The directors start on the node that takes their lock.
            Some(cluster) => {
                crate::lobby_sync::start(cluster, &state.rooms, &state.sockets, &state.tournaments)
            }
        }
        Ok(state)
    }
}

/// What the identity extractors read: the store.
impl axum::extract::FromRef<AppState> for Store {
    fn from_ref(state: &AppState) -> Store {
        state.store.clone()
    }
}

/// The client address extractor ([`crate::net::ClientAddr`]) reads the trusted proxies from
/// any state that has them, so the address rules need not know the whole state.
impl axum::extract::FromRef<AppState> for crate::net::TrustedProxies {
    fn from_ref(state: &AppState) -> crate::net::TrustedProxies {
        state.config.trusted_proxies.clone()
    }
}
