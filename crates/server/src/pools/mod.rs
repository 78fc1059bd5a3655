//! Quick pairing (`docs/api.md`, "Pools"): a fixed set of pools, one per game, table shape
//! and clock. A player waits in one pool at a time; a task pairs every pool each second
//! (and at once when someone joins) by rating with [`pairing`], opens each table's room
//! with every seat given and the game started, and tells the waiting players which room.
//!
//! Pools live on the node that serves the request (`docs/cluster.md`): two players on two
//! nodes of one database never meet in a pool.

pub mod pairing;

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use lobby::{Participant, PlayerId, RoomConfig, RoomState, TimeControl};
use rand::seq::SliceRandom;
use rules::{AnyOptions, Seat, Variant};
use serde::Serialize;
use tokio::sync::{oneshot, Notify};
use uuid::Uuid;

use crate::rooms::Rooms;
use crate::store::now_ms;
use pairing::{Queue, Shape, Table, Waiting};

/// How often every pool is paired, besides right after a join.
pub const TICK: Duration = Duration::from_secs(1);

/// How many open seeks the pool list shows.
pub const SEEKS_SHOWN: usize = 100;

/// One pool: a game, a table shape and a clock.
#[derive(Clone, Debug, Serialize)]
pub struct PoolSpec {
    /// Stable key, e.g. `queah-3+2`, `neva-teams-10+5`, `stockholm-3d`.
    pub id: String,
    /// Game key.
    pub game: &'static str,
    /// The rating mode (`standard`, `free_for_all`, `teams`).
    pub mode: &'static str,
    /// `blitz`, `rapid` or `correspondence`.
    pub speed: &'static str,
    /// Short words for the clock: `3+2`, `3 days`.
    pub label: &'static str,
    /// The clock of its games.
    pub time_control: TimeControl,
    /// Players per table.
    pub seats: usize,
    #[serde(skip)]
    shape: Shape,
}

/// The clocks every game is offered with.
const CLOCKS: [(&str, &str, &str, TimeControl); 5] = [
    ("3+2", "3+2", "blitz", fischer(3, 2)),
    ("5+3", "5+3", "blitz", fischer(5, 3)),
    ("10+5", "10+5", "rapid", fischer(10, 5)),
    ("15+10", "15+10", "rapid", fischer(15, 10)),
    (
        "3d",
        "3 days",
        "correspondence",
        TimeControl::Correspondence { days: 3 },
    ),
];

const fn fischer(minutes: u64, increment_s: u64) -> TimeControl {
    TimeControl::Fischer {
        base_ms: minutes * 60_000,
        increment_ms: increment_s * 1_000,
    }
}

/// Every pool, in the order the front page shows them.
pub fn catalogue() -> &'static [PoolSpec] {
    static POOLS: OnceLock<Vec<PoolSpec>> = OnceLock::new();
    POOLS.get_or_init(|| {
        let kinds: [(&str, &str, &str, Shape); 5] = [
            ("queah", "", "standard", Shape::Duel),
            ("giveandtake", "", "standard", Shape::Duel),
            ("stockholm", "", "standard", Shape::Duel),
            ("neva", "-ffa", "free_for_all", Shape::FreeForAll),
            ("neva", "-teams", "teams", Shape::Teams),
        ];
        let mut all = Vec::new();
        for (game, suffix, mode, shape) in kinds {
            for (key, label, speed, time_control) in CLOCKS {
                all.push(PoolSpec {
                    id: format!("{game}{suffix}-{key}"),
                    game,
                    mode,
                    speed,
                    label,
                    time_control,
                    seats: shape.players(),
                    shape,
                });
            }
        }
        all
    })
}

/// The pool with this id.
pub fn spec(id: &str) -> Option<&'static PoolSpec> {
    catalogue().iter().find(|p| p.id == id)
}

impl PoolSpec {
    /// The rule options of its games: Neva with four seats, in teams for the teams pools.
    ///
    /// # Errors
    /// The catalogue names a game or option the rules do not have (a bug, caught by tests).
    pub fn options(&self) -> Result<AnyOptions, String> {
        let variant: Variant = self
            .game
            .parse()
            .map_err(|_| format!("no game `{}`", self.game))?;
        let pairs: &[(&str, &str)] = match self.shape {
            Shape::Teams => &[("teams", "true")],
            Shape::Duel | Shape::FreeForAll => &[],
        };
        AnyOptions::from_pairs(variant, pairs.iter().copied()).map_err(|e| e.to_string())
    }
}

/// Why a seek was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SeekError {
    /// No pool with this id.
    #[error("no pool `{0}`")]
    UnknownPool(String),
    /// The player already waits in a pool.
    #[error("you are already waiting in pool `{0}`; cancel that seek first")]
    AlreadySeeking(String),
    /// The server is stopping.
    #[error("the server is restarting")]
    Stopping,
}

/// How a seek ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A table was made and its room opened, already playing.
    Paired {
        /// The room.
        room: Uuid,
        /// The game is rated.
        rated: bool,
    },
    /// A table was made but its room could not be opened.
    Failed(String),
}

/// A player asking to be paired.
#[derive(Clone, Debug)]
pub struct Seeker {
    /// Their id.
    pub player: Uuid,
    /// Their display name.
    pub name: String,
    /// Their rating in the pool's game and mode; `None` for a guest.
    pub rating: Option<i32>,
    /// They have an account.
    pub account: bool,
    /// They asked for a rated game.
    pub wants_rated: bool,
}

/// An open seek, as the pool list shows it.
#[derive(Clone, Debug, Serialize)]
pub struct OpenSeek {
    /// The pool's id.
    pub pool: String,
    /// The player's name.
    pub name: String,
    /// Their rating (`null` for a guest).
    pub rating: Option<i32>,
    /// They asked for a rated game (and may have one).
    pub rated: bool,
    /// When they started waiting (ms).
    pub since: i64,
}

/// A pool as the pool list shows it.
#[derive(Clone, Debug, Serialize)]
pub struct PoolCount {
    /// The pool.
    #[serde(flatten)]
    pub spec: &'static PoolSpec,
    /// Players waiting in it.
    pub waiting: usize,
    /// Players in its games still being played.
    pub playing: usize,
}

struct Seek {
    pool: usize,
    seeker: Seeker,
    since: i64,
    ticket: u64,
    tell: oneshot::Sender<Outcome>,
}

#[derive(Default)]
struct State {
    queues: Vec<Queue>,
    seeks: HashMap<Uuid, Seek>,
    /// The rooms each pool opened, until they are seen over.
    rooms: Vec<HashSet<Uuid>>,
    next_ticket: u64,
    stopped: bool,
}

struct Inner {
    state: Mutex<State>,
    wake: Notify,
    rooms: Rooms,
}

/// Every pool of this node, and the task that pairs them.
#[derive(Clone)]
pub struct Pools {
    inner: Arc<Inner>,
}

/// A waiting player's hold on their seek: its outcome arrives on it, and dropping it
/// before then (the client went away) ends the seek.
pub struct Ticket {
    pools: Pools,
    player: Uuid,
    ticket: u64,
    /// The outcome; closed without one when the seek was cancelled.
    pub outcome: oneshot::Receiver<Outcome>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.pools.end(self.player, Some(self.ticket));
    }
}

impl Pools {
    /// Empty pools whose tables open rooms in `rooms`. [`Pools::run`] pairs them.
    pub fn new(rooms: Rooms) -> Pools {
        let n = catalogue().len();
        let state = State {
            queues: catalogue().iter().map(|p| Queue::new(p.shape)).collect(),
            rooms: vec![HashSet::new(); n],
            ..State::default()
        };
        Pools {
            inner: Arc::new(Inner {
                state: Mutex::new(state),
                wake: Notify::new(),
                rooms,
            }),
        }
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // A panic while holding the lock leaves plain data behind: keep using it.
        self.inner
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Puts `seeker` in pool `pool` at `now`.
    ///
    /// # Errors
    /// An unknown pool, a player who already waits in one, a stopping server.
    pub fn join(&self, pool: &str, seeker: Seeker, now: i64) -> Result<Ticket, SeekError> {
        let index = catalogue()
            .iter()
            .position(|p| p.id == pool)
            .ok_or_else(|| SeekError::UnknownPool(pool.to_string()))?;
        let (tell, outcome) = oneshot::channel();
        let mut st = self.state();
        if st.stopped {
            return Err(SeekError::Stopping);
        }
        if let Some(s) = st.seeks.get(&seeker.player) {
            return Err(SeekError::AlreadySeeking(catalogue()[s.pool].id.clone()));
        }
        let waiting = Waiting {
            player: seeker.player,
            rating: seeker
                .rating
                .unwrap_or_else(|| start_rating(&catalogue()[index])),
            account: seeker.account,
            wants_rated: seeker.wants_rated,
            since_ms: now,
        };
        st.queues[index]
            .join(waiting)
            .map_err(|_| SeekError::AlreadySeeking(pool.to_string()))?;
        st.next_ticket += 1;
        let ticket = st.next_ticket;
        let player = seeker.player;
        st.seeks.insert(
            player,
            Seek {
                pool: index,
                seeker,
                since: now,
                ticket,
                tell,
            },
        );
        drop(st);
        self.inner.wake.notify_one();
        Ok(Ticket {
            pools: self.clone(),
            player,
            ticket,
            outcome,
        })
    }

    /// Ends `player`'s seek (only the one of `ticket` when given); true when one was open.
    pub fn end(&self, player: Uuid, ticket: Option<u64>) -> bool {
        let mut st = self.state();
        let Some(seek) = st.seeks.get(&player) else {
            return false;
        };
        if ticket.is_some_and(|t| t != seek.ticket) {
            return false;
        }
        let pool = seek.pool;
        st.seeks.remove(&player);
        st.queues[pool].leave(player);
        true
    }

    /// Every pool with its counts.
    pub fn counts(&self) -> Vec<PoolCount> {
        let mut st = self.state();
        let rooms = &self.inner.rooms;
        let mut out = Vec::with_capacity(catalogue().len());
        for (i, spec) in catalogue().iter().enumerate() {
            // Rooms seen over (or gone from this node) are forgotten here, so the sets
            // never outgrow the games being played.
            st.rooms[i].retain(|id| {
                rooms
                    .get(*id)
                    .is_some_and(|h| h.summary().state == RoomState::Playing)
            });
            out.push(PoolCount {
                spec,
                waiting: st.queues[i].waiting().len(),
                playing: st.rooms[i].len() * spec.seats,
            });
        }
        out
    }

    /// The open seeks, longest waiting first, at most [`SEEKS_SHOWN`].
    pub fn seeks(&self) -> Vec<OpenSeek> {
        let st = self.state();
        let mut all: Vec<OpenSeek> = st
            .seeks
            .values()
            .map(|s| OpenSeek {
                pool: catalogue()[s.pool].id.clone(),
                name: s.seeker.name.clone(),
                rating: s.seeker.rating,
                rated: s.seeker.account && s.seeker.wants_rated,
                since: s.since,
            })
            .collect();
        all.sort_by(|a, b| a.since.cmp(&b.since).then_with(|| a.name.cmp(&b.name)));
        all.truncate(SEEKS_SHOWN);
        all
    }

    /// Pairs every pool each [`TICK`] and after each join, until the rooms stop; then
    /// ends every seek.
    pub async fn run(self) {
        let mut stopping = self.inner.rooms.stopping();
        loop {
            if *stopping.borrow() {
                break;
            }
            self.tick(now_ms()).await;
            tokio::select! {
                _ = tokio::time::sleep(TICK) => {}
                _ = self.inner.wake.notified() => {}
                _ = stopping.changed() => {}
            }
        }
        let mut st = self.state();
        st.stopped = true;
        st.seeks.clear();
    }

    /// Makes the tables of every pool at `now` and opens their rooms.
    async fn tick(&self, now: i64) {
        let mut made: Vec<(usize, Table, Vec<Seek>)> = Vec::new();
        {
            let mut st = self.state();
            for i in 0..st.queues.len() {
                for table in st.queues[i].pair(now) {
                    let seeks = table
                        .players()
                        .filter_map(|p| st.seeks.remove(&p))
                        .collect();
                    made.push((i, table, seeks));
                }
            }
        }
        for (pool, table, seeks) in made {
            let spec = &catalogue()[pool];
            let outcome = match self.open(spec, &table, &seeks).await {
                Ok(room) => {
                    self.state().rooms[pool].insert(room);
                    Outcome::Paired {
                        room,
                        rated: table.rated,
                    }
                }
                Err(message) => {
                    tracing::warn!(pool = %spec.id, %message, "a pool's room could not be opened");
                    Outcome::Failed(message)
                }
            };
            for s in seeks {
                // A client gone meanwhile has nobody to tell.
                let _ = s.tell.send(outcome.clone());
            }
        }
    }

    /// Opens the room of `table`: every seat given (by lot; Neva's teams sit White and
    /// Green against Red and Black), the game started.
    async fn open(&self, spec: &PoolSpec, table: &Table, seeks: &[Seek]) -> Result<Uuid, String> {
        let rooms = &self.inner.rooms;
        if rooms.is_shutting_down() {
            return Err("the server is restarting".into());
        }
        if rooms.live() >= rooms.config().limits.max_rooms {
            return Err("the server is at capacity; try again in a few seconds".into());
        }
        let options = spec.options()?;
        let names: HashMap<Uuid, &str> = seeks
            .iter()
            .map(|s| (s.seeker.player, s.seeker.name.as_str()))
            .collect();
        let participant = |id: Uuid| {
            Participant::new(
                PlayerId(id),
                names.get(&id).copied().unwrap_or("Player").to_string(),
            )
        };
        let seating = seating(spec.shape, table, &mut rand::thread_rng());
        let Some((_, host)) = seating.first() else {
            return Err("an empty table".into());
        };
        let host = participant(*host);
        let host_name = host.name.clone();
        let mut config = RoomConfig::new(Uuid::new_v4(), options, host);
        config.time_control = spec.time_control;
        config.rated = table.rated;
        config.grace_ms = rooms.config().grace_ms;
        config.seated = seating
            .iter()
            .map(|&(seat, id)| (seat, participant(id)))
            .collect();
        rooms
            .open(config, &host_name, None)
            .await
            .map_err(|e| e.to_string())
    }
}

/// The seats of a table, by lot: a duel's two players on White and Black, a free-for-all's
/// four on the four seats, and two teams on White and Green against Red and Black.
pub fn seating(shape: Shape, table: &Table, rng: &mut impl rand::Rng) -> Vec<(Seat, Uuid)> {
    match shape {
        Shape::Duel | Shape::FreeForAll => {
            let mut players: Vec<Uuid> = table.players().collect();
            players.shuffle(rng);
            let seats: &[Seat] = match shape {
                Shape::Duel => &[Seat::Morning, Seat::Night],
                _ => &Seat::ALL,
            };
            seats.iter().copied().zip(players).collect()
        }
        Shape::Teams => {
            let mut sides = table.sides.clone();
            sides.shuffle(rng);
            let places = [[Seat::Morning, Seat::Evening], [Seat::Day, Seat::Night]];
            let mut out = Vec::new();
            for (side, seats) in sides.iter_mut().zip(places) {
                side.shuffle(rng);
                out.extend(seats.iter().copied().zip(side.iter().copied()));
            }
            out.sort_by_key(|(seat, _)| *seat as u8);
            out
        }
    }
}

/// The shown rating of a player new to the pool's game and mode.
fn start_rating(spec: &PoolSpec) -> i32 {
    ratings::pool(spec.game, spec.mode).map_or(1500, |p| {
        ratings::Rating::new(p.system).shown(p.system, 0).rating
    })
}

/// The shown rating of `player` in the pool's game and mode (the starting one when they
/// have not played it rated).
///
/// # Errors
/// Database failure.
pub async fn rating_of(
    store: &crate::store::Store,
    spec: &PoolSpec,
    player: Uuid,
) -> Result<i32, crate::store::StoreError> {
    let now = now_ms();
    let Some(pool) = ratings::pool(spec.game, spec.mode) else {
        return Ok(start_rating(spec));
    };
    Ok(store
        .ratings_of(&player.to_string())
        .await?
        .into_iter()
        .find(|r| r.game == spec.game && r.mode == spec.mode)
        .map_or_else(
            || start_rating(spec),
            |r| r.rating.shown(pool.system, now).rating,
        ))
}
