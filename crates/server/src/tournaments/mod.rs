//! Tournaments on the server: registration, a director task per event, and the event as the
//! API shows it.
//!
//! An event is stored (`store::tournaments`, migration 0007) with its entrants and every
//! game it paired; standings are never stored but computed from the games with the pairing
//! crate (`tourney`), so a restart recomputes them. Each event that is registering or
//! running has a director task (module `director`): it waits for the start, pairs each
//! round with `tourney`, opens the round's rooms through the rooms registry with fixed
//! seats and the no-show rule (`lobby::RoomConfig::seated`), learns when they end from the
//! lobby feed the rooms already publish (and the store, which holds every result), records
//! each game's placing and pairs the next round. Rooms know nothing of tournaments: data
//! flows from the rooms to the directors, never back.
//!
//! Bots enter as entrants of their own, added by the creator (`bots` in the create body):
//! each has an id of its own and its lobby `Bot`, and sits in its rooms as a bot seat.

mod director;
mod organiser;
mod view;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use lobby::{Bot, TimeControl};
use rules::{AnyOptions, Seat, Variant};
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, Notify};
use tokio::task::JoinHandle;
use uuid::Uuid;

use crate::rooms::Rooms;
use crate::store::Store;
use crate::store::{
    now_ms, EntrantRow, JoinOutcome, StoreError, StoredTournament, TournamentGameRow, TournamentRow,
};

pub(crate) use view::{standings_csv, view};

/// The seed rating of an entrant that has none yet (and of bots).
pub(crate) const SEED_RATING: i32 = 1500;

/// Longest tournament name, in characters.
pub(crate) const MAX_NAME_CHARS: usize = 64;

/// Most bots a creator may enter.
pub(crate) const MAX_BOTS: usize = 64;

/// Most finished tournaments `GET /api/tournaments` lists.
pub(crate) const RECENT: u32 = 20;

/// Why a tournament request was refused.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TournamentError {
    /// The request names something invalid (400), with a stable code.
    #[error("{message}")]
    Invalid {
        /// Stable snake_case code.
        code: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The tournament's state does not allow it (409), with a stable code.
    #[error("{message}")]
    Conflict {
        /// Stable snake_case code.
        code: &'static str,
        /// Why.
        message: String,
    },
    /// The caller may not do this (403), with a stable code.
    #[error("{message}")]
    Denied {
        /// Stable snake_case code.
        code: &'static str,
        /// Why.
        message: String,
    },
    /// No such tournament.
    #[error("tournament not found")]
    NotFound,
    /// The store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn invalid(code: &'static str, message: impl Into<String>) -> TournamentError {
    TournamentError::Invalid {
        code,
        message: message.into(),
    }
}

/// The refusal of an organiser's change once the event has started.
fn started() -> TournamentError {
    conflict(
        "tournament_started",
        "the tournament has started: it can no longer be changed",
    )
}

fn conflict(code: &'static str, message: impl Into<String>) -> TournamentError {
    TournamentError::Conflict {
        code,
        message: message.into(),
    }
}

/// Who asks to change an event: its creator or an admin may ([`Tournaments::edit`] and the
/// rest of the organiser's actions).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Organiser {
    /// The caller's id.
    pub(crate) id: Uuid,
    /// The caller is an admin.
    pub(crate) admin: bool,
}

/// The settings an organiser changes before the start; `None` keeps the setting as it is.
#[derive(Clone, Debug, Default)]
pub(crate) struct TournamentEdit {
    /// A new name.
    pub(crate) name: Option<String>,
    /// A new format.
    pub(crate) format: Option<tourney::Format>,
    /// A new clock.
    pub(crate) time_control: Option<TimeControl>,
    /// Rated or not.
    pub(crate) rated: Option<bool>,
    /// A new start (ms).
    pub(crate) starts_at: Option<i64>,
    /// A new no-show wait (ms).
    pub(crate) no_show_ms: Option<u64>,
    /// A new cap (`Some(None)`: no cap).
    pub(crate) max_players: Option<Option<u32>>,
}

/// A new tournament as its creator asks for it (checked by [`Tournaments::create`]).
#[derive(Clone, Debug)]
pub(crate) struct NewTournament {
    /// Its name.
    pub(crate) name: String,
    /// The game and its options (Neva tables: the director sets `seats` per table).
    pub(crate) options: AnyOptions,
    /// How it is paired.
    pub(crate) format: tourney::Format,
    /// Every game's clock.
    pub(crate) time_control: TimeControl,
    /// Its games are rated.
    pub(crate) rated: bool,
    /// When it starts (ms).
    pub(crate) starts_at: i64,
    /// The no-show wait (ms).
    pub(crate) no_show_ms: u64,
    /// Most entrants.
    pub(crate) max_players: Option<u32>,
    /// Bots entered by the creator, one entrant each.
    pub(crate) bots: Vec<Bot>,
}

/// A game's placing as stored (`tournament_games.placing`): places of the players, 0
/// first, equal places tied; and who lost by not showing up.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredPlacing {
    pub(crate) places: Vec<(Uuid, u8)>,
    #[serde(default)]
    pub(crate) forfeits: Vec<Uuid>,
}

impl StoredPlacing {
    fn to_placing(&self) -> tourney::Placing {
        tourney::Placing {
            places: self.places.clone(),
            forfeits: self.forfeits.clone(),
        }
    }
}

/// The seats of a stored game (`tournament_games.seats`).
pub(crate) fn parse_seats(text: &str) -> Result<Vec<(Seat, Uuid)>, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("game seats: {e}")))
}

/// A stored event read into the pairing crate's terms.
pub(crate) struct Event {
    pub(crate) stored: StoredTournament,
    pub(crate) format: tourney::Format,
    pub(crate) entrants: Vec<tourney::Entrant>,
    pub(crate) games: Vec<tourney::Game>,
}

impl Event {
    /// Reads the format, entrants and games of a stored event.
    pub(crate) fn of(stored: StoredTournament) -> Result<Event, StoreError> {
        let format: tourney::Format = serde_json::from_str(&stored.event.format)
            .map_err(|e| StoreError::Corrupt(format!("tournament format: {e}")))?;
        let entrants = stored
            .entrants
            .iter()
            .map(|e| tourney::Entrant {
                id: e.player_id,
                rating: i32::try_from(e.rating).unwrap_or(SEED_RATING),
                active: e.active,
                partner: e.partner,
            })
            .collect();
        let games = stored
            .games
            .iter()
            .map(|g| {
                let placing = match &g.placing {
                    Some(text) => Some(
                        serde_json::from_str::<StoredPlacing>(text)
                            .map_err(|e| StoreError::Corrupt(format!("placing: {e}")))?
                            .to_placing(),
                    ),
                    None => None,
                };
                Ok(tourney::Game {
                    round: u32::try_from(g.round).unwrap_or(0),
                    seats: parse_seats(&g.seats)?,
                    result: placing,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        Ok(Event {
            stored,
            format,
            entrants,
            games,
        })
    }

    /// The total number of rounds (`None` for an arena), as the entrants now stand.
    pub(crate) fn rounds(&self) -> Option<u32> {
        tourney::rounds(&self.format, self.entrants.len())
    }

    /// The standings as the games now stand.
    pub(crate) fn standings(&self) -> Vec<tourney::Standing> {
        tourney::standings(&self.format, &self.entrants, &self.games)
    }
}

struct Inner {
    store: Store,
    rooms: Rooms,
    /// The id of every event whose body changed (pairings, results, entrants, state).
    changed: broadcast::Sender<Uuid>,
    /// The running directors and the bell that wakes each (a registration near the start).
    directors: Mutex<HashMap<Uuid, Director>>,
    /// This node runs the directors: always on a single node; with several, while it
    /// holds the directors' lock (`crate::lobby_sync`).
    leader: AtomicBool,
}

/// A running director's task and the bell that wakes it.
type Director = (JoinHandle<()>, Arc<Notify>);

/// The tournaments: creation, registration, directors; cheap to clone.
#[derive(Clone)]
pub struct Tournaments {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Tournaments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tournaments")
            .field("directors", &lock(&self.inner.directors).len())
            .finish()
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Changes queued per live stream before it is resynced.
const CHANGES_QUEUE: usize = 256;

impl Tournaments {
    /// No directors yet: [`Tournaments::restore`] starts those of the stored events.
    pub(crate) fn new(store: Store, rooms: Rooms) -> Tournaments {
        Tournaments {
            inner: Arc::new(Inner {
                store,
                changed: broadcast::channel(CHANGES_QUEUE).0,
                directors: Mutex::new(HashMap::new()),
                leader: AtomicBool::new(rooms.cluster().is_none()),
                rooms,
            }),
        }
    }

    pub(crate) fn store(&self) -> &Store {
        &self.inner.store
    }

    pub(crate) fn rooms(&self) -> &Rooms {
        &self.inner.rooms
    }

    /// Every change of any event from now on (its id): the live streams filter theirs.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Uuid> {
        self.inner.changed.subscribe()
    }

    /// Tells the live streams that event `id` changed. With several nodes, tells every
    /// node (this one included) through the database, and the leader's director wakes.
    pub(crate) fn changed(&self, id: Uuid) {
        let Some(cluster) = self.rooms().cluster() else {
            self.tell(id);
            return;
        };
        let (bus, this) = (cluster.bus().clone(), self.clone());
        tokio::spawn(async move {
            if let Err(e) = bus.notify(&crate::wire::Note::Tournament { id }).await {
                tracing::warn!(tournament = %id, error = %e, "tournament change not notified");
                // This node's streams at least.
                this.tell(id);
                this.wake(id);
            }
        });
    }

    /// Tells this node's live streams that event `id` changed.
    fn tell(&self, id: Uuid) {
        // No subscriber is not an error.
        let _ = self.inner.changed.send(id);
    }

    /// Another node (or this one) notified a change of event `id`: this node's streams
    /// read it again, and on the leader its director wakes (or starts: an event created on
    /// another node).
    pub(crate) fn heard(&self, id: Uuid) {
        self.tell(id);
        if self.is_leader() {
            if lock(&self.inner.directors)
                .get(&id)
                .is_some_and(|(join, _)| !join.is_finished())
            {
                self.wake(id);
            } else {
                self.direct(id);
            }
        }
    }

    /// After missed notes: every event not finished is read again by the streams, and the
    /// leader makes sure each has its director.
    ///
    /// # Errors
    /// The store could not be read.
    pub(crate) async fn heard_all(&self) -> Result<(), StoreError> {
        for t in self.store().list_tournaments(0).await? {
            if t.state != "finished" {
                self.heard(t.id);
            }
        }
        Ok(())
    }

    /// This node runs the directors (it took the directors' lock): starts those of the
    /// events still registering or running.
    ///
    /// # Errors
    /// The store could not be read.
    pub(crate) async fn lead(&self) -> Result<(), StoreError> {
        self.inner.leader.store(true, Ordering::Release);
        self.restore().await
    }

    /// This node no longer runs the directors (it lost the lock): they stop; what they
    /// stored stays, and the next leader carries on from it.
    pub(crate) async fn step_down(&self) {
        self.inner.leader.store(false, Ordering::Release);
        self.shutdown().await;
    }

    /// Whether this node runs the directors.
    pub fn is_leader(&self) -> bool {
        self.inner.leader.load(Ordering::Acquire)
    }

    /// How many directors run on this node.
    pub fn directing(&self) -> usize {
        lock(&self.inner.directors)
            .values()
            .filter(|(join, _)| !join.is_finished())
            .count()
    }

    /// Starts a director for every event still registering or running (after a restart:
    /// each carries on from what is stored, in the middle of a round too). Call after the
    /// rooms are restored.
    ///
    /// # Errors
    /// The store could not be read.
    pub(crate) async fn restore(&self) -> Result<(), StoreError> {
        for t in self.store().list_tournaments(0).await? {
            if t.state != "finished" {
                tracing::info!(tournament = %t.id, state = %t.state, "tournament restored");
                self.direct(t.id);
            }
        }
        Ok(())
    }

    /// Starts the director of event `id` unless it runs already, or this node does not
    /// run the directors.
    fn direct(&self, id: Uuid) {
        if !self.is_leader() {
            return;
        }
        let mut directors = lock(&self.inner.directors);
        directors.retain(|_, (join, _)| !join.is_finished());
        if directors.contains_key(&id) {
            return;
        }
        let bell = Arc::new(Notify::new());
        let join = tokio::spawn(director::run(self.clone(), id, bell.clone()));
        directors.insert(id, (join, bell));
    }

    /// Wakes the director of `id` (something it waits for may have changed).
    fn wake(&self, id: Uuid) {
        if let Some((_, bell)) = lock(&self.inner.directors).get(&id) {
            bell.notify_one();
        }
    }

    /// Stops every director (server shutdown). What they stored stays; the next start
    /// carries on from it.
    pub(crate) async fn shutdown(&self) {
        let all: Vec<(JoinHandle<()>, Arc<Notify>)> = lock(&self.inner.directors)
            .drain()
            .map(|(_, d)| d)
            .collect();
        for (join, _) in all {
            join.abort();
            let _ = join.await;
        }
    }

    /// Creates an event by `creator` and starts its director.
    ///
    /// # Errors
    /// [`TournamentError::Invalid`] for settings that cannot make an event; the store
    /// failed.
    pub(crate) async fn create(
        &self,
        creator: Uuid,
        new: NewTournament,
    ) -> Result<StoredTournament, TournamentError> {
        let name = checked_name(&new)?;
        let now = now_ms();
        let id = Uuid::new_v4();
        let options = options_json(&new.options);
        let event = TournamentRow {
            id,
            name,
            variant: new.options.variant().key().to_string(),
            options,
            format: serde_json::to_string(&new.format).unwrap_or_default(),
            time_control: serde_json::to_string(&new.time_control).unwrap_or_default(),
            rated: new.rated,
            no_show_ms: i64::try_from(new.no_show_ms).unwrap_or(i64::MAX),
            max_players: new.max_players.map(i64::from),
            starts_at: new.starts_at,
            state: "registering".to_string(),
            round: 0,
            created_by: creator,
            created_at: now,
            started_at: None,
            finished_at: None,
        };
        let entrants = bot_entrants(id, &[], &new.bots, now);
        self.store().insert_tournament(&event, &entrants).await?;
        self.direct(id);
        self.changed(id);
        self.load(id).await
    }

    /// The stored event `id`.
    ///
    /// # Errors
    /// [`TournamentError::NotFound`]; the store failed.
    pub(crate) async fn load(&self, id: Uuid) -> Result<StoredTournament, TournamentError> {
        self.store()
            .tournament(id)
            .await?
            .ok_or(TournamentError::NotFound)
    }

    /// Registers `player` (an account) with `name`, and with `partner` in a team event.
    ///
    /// # Errors
    /// [`TournamentError::Conflict`] once registration is closed or the event is full;
    /// [`TournamentError::Invalid`] for a partner in an event without teams, or oneself.
    pub(crate) async fn join(
        &self,
        id: Uuid,
        player: Uuid,
        name: &str,
        partner: Option<Uuid>,
    ) -> Result<StoredTournament, TournamentError> {
        let t = self.load(id).await?;
        if t.event.state != "registering" {
            return Err(conflict(
                "registration_closed",
                "registration for this tournament is closed",
            ));
        }
        let format: tourney::Format = serde_json::from_str(&t.event.format)
            .map_err(|e| StoreError::Corrupt(format!("tournament format: {e}")))?;
        let teams = matches!(format, tourney::Format::NevaTables { teams: true, .. });
        match partner {
            Some(_) if !teams => {
                return Err(invalid(
                    "no_teams",
                    "only a Neva team tournament has partners",
                ))
            }
            Some(p) if p == player => {
                return Err(invalid("bad_partner", "you cannot partner yourself"))
            }
            _ => {}
        }
        let rating = seed_rating(self.store(), &options_of(&t.event)?, player).await?;
        // The store decides the cap and the state under its own lock: two registrations at
        // once must not both take the last place.
        let outcome = self
            .store()
            .join_tournament(&EntrantRow {
                tournament_id: id,
                player_id: player,
                name: name.to_string(),
                rating,
                active: true,
                partner,
                bot: None,
                joined_at: now_ms(),
                username: None,
            })
            .await?;
        match outcome {
            JoinOutcome::Joined => {}
            JoinOutcome::Full => return Err(conflict("tournament_full", "the tournament is full")),
            JoinOutcome::Closed => {
                return Err(conflict(
                    "registration_closed",
                    "registration for this tournament is closed",
                ))
            }
        }
        self.changed(id);
        self.wake(id);
        self.load(id).await
    }

    /// Withdraws `player`: before the start the registration goes; afterwards the games
    /// played count and no more are paired.
    ///
    /// # Errors
    /// [`TournamentError::Conflict`] when the event is over or the player is not entered.
    pub(crate) async fn leave(
        &self,
        id: Uuid,
        player: Uuid,
    ) -> Result<StoredTournament, TournamentError> {
        let t = self.load(id).await?;
        if t.event.state == "finished" {
            return Err(conflict("tournament_over", "the tournament is over"));
        }
        let before = t.event.state == "registering";
        if !self.store().leave_tournament(id, player, before).await? {
            return Err(conflict(
                "not_entered",
                "you are not entered in this tournament",
            ));
        }
        self.changed(id);
        self.wake(id);
        self.load(id).await
    }
}

/// The trimmed name of `new`, once every setting of it is checked.
///
/// # Errors
/// [`TournamentError::Invalid`] for settings that cannot make an event.
fn checked_name(new: &NewTournament) -> Result<String, TournamentError> {
    let name = new.name.trim().to_string();
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS {
        return Err(invalid(
            "bad_name",
            format!("a tournament name must have 1 to {MAX_NAME_CHARS} characters"),
        ));
    }
    check_format(&new.options, &new.format)?;
    if new.time_control == TimeControl::None {
        return Err(invalid(
            "bad_time_control",
            "a tournament needs a time control (its no-show rule runs on the clock)",
        ));
    }
    new.time_control
        .check_bounds()
        .map_err(|m| invalid("bad_time_control", m))?;
    if !(1_000..=86_400_000).contains(&new.no_show_ms) {
        return Err(invalid(
            "bad_no_show",
            "`no_show_secs` must be from 1 to 86400",
        ));
    }
    if new.max_players.is_some_and(|m| m < 2) {
        return Err(invalid(
            "bad_max_players",
            "`max_players` must be at least 2",
        ));
    }
    if new.bots.len() > MAX_BOTS {
        return Err(invalid(
            "too_many_bots",
            format!("at most {MAX_BOTS} bots may enter"),
        ));
    }
    if let Some(b) = new.bots.iter().find(|b| !b.exists()) {
        return Err(invalid(
            "unknown_bot",
            format!("no bot `{}` at level {}", b.kind, b.level),
        ));
    }
    Ok(name)
}

/// The entrant rows of `bots` entering event `id` at `now`, each named after its kind and
/// level with a number among its like, counting on from the bots of `entered`.
fn bot_entrants(id: Uuid, entered: &[EntrantRow], bots: &[Bot], now: i64) -> Vec<EntrantRow> {
    let present: Vec<Bot> = entered
        .iter()
        .filter_map(|e| serde_json::from_str(e.bot.as_deref()?).ok())
        .collect();
    let mut counts: HashMap<(&str, u8), u32> = HashMap::new();
    for b in &present {
        *counts.entry((b.kind.as_str(), b.level)).or_insert(0) += 1;
    }
    bots.iter()
        .enumerate()
        .map(|(i, b)| {
            let n = counts.entry((b.kind.as_str(), b.level)).or_insert(0);
            *n += 1;
            EntrantRow {
                tournament_id: id,
                player_id: Uuid::new_v4(),
                name: format!("{} #{n}", crate::rooms::bot_name(b)),
                rating: i64::from(SEED_RATING),
                active: true,
                partner: None,
                bot: serde_json::to_string(b).ok(),
                // Registration order keeps the creator's order of the bots.
                joined_at: now + i64::try_from(i).unwrap_or(0),
                username: None,
            }
        })
        .collect()
}

/// The options of a tournament as stored: the non-default pairs as a JSON object (as a
/// room's).
fn options_json(options: &AnyOptions) -> String {
    let map: serde_json::Map<String, serde_json::Value> = options
        .non_default_pairs()
        .into_iter()
        .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// The options of a stored tournament.
pub(crate) fn options_of(row: &TournamentRow) -> Result<AnyOptions, StoreError> {
    options_with(row, &[])
}

/// The options of a stored tournament with some pairs replaced (a Neva table's `seats`).
pub(crate) fn options_with(
    row: &TournamentRow,
    replace: &[(&str, String)],
) -> Result<AnyOptions, StoreError> {
    let variant: Variant = row
        .variant
        .parse()
        .map_err(|_| StoreError::Corrupt(format!("tournament game `{}`", row.variant)))?;
    let mut pairs: HashMap<String, String> = serde_json::from_str(&row.options)
        .map_err(|e| StoreError::Corrupt(format!("tournament options: {e}")))?;
    for (k, v) in replace {
        pairs.insert((*k).to_string(), v.clone());
    }
    AnyOptions::from_pairs(variant, pairs)
        .map_err(|e| StoreError::Corrupt(format!("tournament options: {e}")))
}

/// Which formats suit which games: Neva plays in tables, the two-seat games in pairs.
fn check_format(options: &AnyOptions, format: &tourney::Format) -> Result<(), TournamentError> {
    let neva = options.variant() == Variant::Neva;
    match *format {
        tourney::Format::NevaTables { rounds, teams } => {
            if !neva {
                return Err(invalid(
                    "bad_format",
                    "Neva tables are for Neva; the two-seat games play swiss, round robin or arena",
                ));
            }
            if !(1..=30).contains(&rounds) {
                return Err(invalid("bad_format", "`rounds` must be from 1 to 30"));
            }
            let AnyOptions::Neva(o) = options else {
                return Ok(());
            };
            if o.teams != teams {
                return Err(invalid(
                    "bad_format",
                    "the format's `teams` and the game's `teams` option must agree",
                ));
            }
            Ok(())
        }
        _ if neva => Err(invalid(
            "bad_format",
            "Neva tournaments play in tables (`neva_tables`)",
        )),
        tourney::Format::Swiss { rounds } if !(1..=30).contains(&rounds) => {
            Err(invalid("bad_format", "`rounds` must be from 1 to 30"))
        }
        tourney::Format::Arena { minutes } if !(1..=1_440).contains(&minutes) => {
            Err(invalid("bad_format", "`minutes` must be from 1 to 1440"))
        }
        _ => Ok(()),
    }
}

/// The rating an entrant is seeded by: their shown rating in the pool of the event's
/// game, [`SEED_RATING`] before their first rated game there.
async fn seed_rating(store: &Store, options: &AnyOptions, player: Uuid) -> Result<i64, StoreError> {
    let (game, mode) = crate::rooms::persist::pool_of(options);
    let Some(pool) = ratings::pool(game, mode) else {
        return Ok(i64::from(SEED_RATING));
    };
    let now = now_ms();
    Ok(store
        .ratings_of(&player.to_string())
        .await?
        .into_iter()
        .find(|r| r.game == game && r.mode == mode)
        .map_or(i64::from(SEED_RATING), |r| {
            i64::from(r.rating.shown(pool.system, now).rating)
        }))
}

/// A player's tournaments for the player page: `(id, name, game, state, rank)`, the rank
/// once the event has started (from its standings), latest first.
///
/// # Errors
/// The store failed.
pub(crate) async fn player_tournaments(
    store: &Store,
    player: Uuid,
) -> Result<Vec<(Uuid, String, String, String, Option<u32>)>, StoreError> {
    let mut out = Vec::new();
    for t in store.tournaments_of(player).await? {
        let rank = if t.state == "registering" {
            None
        } else {
            match store.tournament(t.id).await? {
                Some(stored) => Event::of(stored)?
                    .standings()
                    .iter()
                    .find(|s| s.player == player)
                    .map(|s| s.rank),
                None => None,
            }
        };
        out.push((t.id, t.name, t.game, t.state, rank));
    }
    Ok(out)
}

/// The rows of newly paired games of event `id` from `seq` on, in `round`: a room id for
/// each table, and for each bye a game of one seat, ended at once (first place).
pub(crate) fn game_rows(
    id: Uuid,
    seq: usize,
    round: u32,
    tables: &[Vec<(Seat, Uuid)>],
    byes: &[Uuid],
) -> Vec<TournamentGameRow> {
    let tables = tables
        .iter()
        .map(|t| (Some(Uuid::new_v4()), t.clone(), None));
    let byes = byes.iter().map(|&p| {
        let placing = StoredPlacing {
            places: vec![(p, 0)],
            forfeits: Vec::new(),
        };
        (
            None,
            vec![(Seat::WHITE, p)],
            serde_json::to_string(&placing).ok(),
        )
    });
    tables
        .chain(byes)
        .enumerate()
        .map(|(i, (room_id, seats, placing))| TournamentGameRow {
            tournament_id: id,
            seq: i64::try_from(seq + i).unwrap_or(i64::MAX),
            round: i64::from(round),
            room_id,
            seats: serde_json::to_string(&seats).unwrap_or_default(),
            placing,
        })
        .collect()
}
