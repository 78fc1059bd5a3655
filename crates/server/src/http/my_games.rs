//! A player's games across their rooms: `GET /api/me/games` (the list) and
//! `GET /api/me/live` (a Server-Sent Events stream of how many wait for their move).

use std::convert::Infallible;

use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::stream::{self, Stream};
use lobby::TimeControl;
use rules::{AnyOptions, Seat, Variant};
use serde::Serialize;
use tokio::sync::watch;
use uuid::Uuid;

use crate::error::ApiError;
use crate::identity::MaybeIdentity;
use crate::rooms::{Counts, MyGamesWatch, RoomSummary};
use crate::AppState;

/// The body of `GET /api/me/games`.
#[derive(Debug, Serialize)]
struct MyGames {
    /// How many of the games wait for the caller's move.
    turns: u32,
    games: Vec<MyGame>,
}

/// One room of the caller's in `GET /api/me/games`.
#[derive(Debug, Serialize)]
struct MyGame {
    room_id: Uuid,
    game: Variant,
    /// The rating pool's mode, where the game has more than one way to be played.
    #[serde(skip_serializing_if = "Option::is_none")]
    mode: Option<&'static str>,
    /// `waiting` or `playing`.
    state: lobby::RoomState,
    /// The caller's seat.
    seat: Seat,
    /// The names in the other seats, opponents only (a Neva partner is not one).
    opponents: Vec<Box<str>>,
    my_turn: bool,
    deadline_ms: Option<i64>,
    time_control: TimeControl,
    last_move_at: i64,
}

/// The mode of a game's rating pool, only for the games that have more than one.
fn mode_of(options: &AnyOptions) -> Option<&'static str> {
    let (game, mode) = crate::rooms::persist::pool_of(options);
    (ratings::POOLS.iter().filter(|p| p.game == game).count() > 1).then_some(mode)
}

/// `player`'s entry for the room `s` (`None` if they no longer sit there).
fn entry(s: &RoomSummary, player: Uuid) -> Option<MyGame> {
    let seat = s.seats.iter().find(|t| t.player == Some(player))?.seat;
    let teams = matches!(&s.options, AnyOptions::Neva(o) if o.teams);
    let opponents = s
        .seats
        .iter()
        .filter(|t| t.seat != seat && !(teams && t.seat == seat.opposite()))
        .filter_map(|t| t.name.clone())
        .collect();
    Some(MyGame {
        room_id: s.id,
        game: s.game,
        mode: mode_of(&s.options),
        state: s.state,
        seat,
        opponents,
        my_turn: s.progress.to_move == Some(player),
        deadline_ms: s.progress.deadline,
        time_control: s.time_control,
        last_move_at: s.progress.last_move_at.unwrap_or(s.created_at),
    })
}

/// `GET /api/me/games`: the caller's unfinished rooms where they hold a seat, newest move
/// first, and how many wait for their move.
pub(super) async fn list(
    State(state): State<AppState>,
    MaybeIdentity(who): MaybeIdentity,
) -> Result<Json<impl Serialize>, ApiError> {
    let who = who.ok_or_else(|| ApiError::Unauthorized)?;
    let games: Vec<MyGame> = state
        .rooms
        .games_of(who.id)
        .iter()
        .filter_map(|s| entry(s, who.id))
        .collect();
    let turns = games.iter().filter(|g| g.my_turn).count();
    Ok(Json(MyGames {
        turns: u32::try_from(turns).unwrap_or(u32::MAX),
        games,
    }))
}

fn counts_event(c: Counts) -> Event {
    Event::default()
        .event("games")
        .data(format!(r#"{{"turns":{},"games":{}}}"#, c.turns, c.games))
}

/// `GET /api/me/live`: a `games` event with the caller's counts at once, then one each
/// time they change; the stream ends when the server stops.
pub(super) async fn live(
    State(state): State<AppState>,
    MaybeIdentity(who): MaybeIdentity,
) -> Response {
    let Some(who) = who else {
        return ApiError::Unauthorized.into_response();
    };
    if state.rooms.is_shutting_down() {
        return ApiError::Unavailable("the server is restarting").into_response();
    }
    let counts = state.rooms.watch_games(who.id);
    let stopping = state.rooms.stopping();
    Sse::new(changes(counts, stopping))
        .keep_alive(KeepAlive::default())
        .into_response()
}

fn changes(
    counts: MyGamesWatch,
    stopping: watch::Receiver<bool>,
) -> impl Stream<Item = Result<Event, Infallible>> {
    stream::unfold(
        (counts, stopping, true),
        |(mut counts, mut stopping, first)| async move {
            if first {
                let e = counts_event(counts.current());
                return Some((Ok(e), (counts, stopping, false)));
            }
            let now = tokio::select! {
                c = counts.changed() => c?,
                _ = stopping.wait_for(|s| *s) => return None,
            };
            Some((Ok(counts_event(now)), (counts, stopping, false)))
        },
    )
}
