//! Room endpoints: create, list, get, join by invite code (`docs/api.md`).

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::Json;
use lobby::{Occupant, RoomConfig, Snapshot, TimeControl, Visibility};
use rand::Rng;
use rules::{AnyOptions, Seat, Variant};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use uuid::Uuid;

use super::Params;
use crate::error::{ApiError, HttpCode};
use crate::identity::{Identity, MaybeIdentity};
use crate::metrics::Overload;
use crate::net::ClientAddr;
use crate::rooms::CommandError;
use crate::wire::SocketCode;
use crate::AppState;

/// Body of `POST /api/rooms`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CreateRoom {
    game: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    #[serde(default = "public")]
    visibility: String,
    #[serde(default)]
    time_control: Option<TimeControl>,
    #[serde(default)]
    seat: Option<Seat>,
    #[serde(default = "yes")]
    auto_start: bool,
    #[serde(default)]
    rated: bool,
}

fn public() -> String {
    "public".into()
}

/// A room starts by itself once full unless its host asks to start it.
fn yes() -> bool {
    true
}

/// A random invite code: 8 characters without look-alikes.
fn invite_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::thread_rng();
    (0..8)
        .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
        .collect()
}

fn lobby_error(e: lobby::LobbyError) -> ApiError {
    ApiError::bad(e.code(), e.to_string())
}

/// The answer to a room that could not be opened or joined.
pub(super) fn command_error(e: CommandError) -> ApiError {
    match e {
        CommandError::Lobby(e) => lobby_error(e),
        CommandError::Store(e) => ApiError::from(e),
        CommandError::Closed => ApiError::Unavailable("the server is restarting"),
        CommandError::Overloaded => ApiError::Overloaded("store"),
        CommandError::Remote { code, message, .. } => match SocketCode::parse(code) {
            Some(SocketCode::Overloaded) => ApiError::Overloaded("store"),
            Some(SocketCode::StoreFailed | SocketCode::RoomClosed | SocketCode::RoomMoved) => {
                ApiError::Unavailable("the room's node did not answer; try again")
            }
            _ => ApiError::bad(code, message),
        },
    }
}

/// What every new room must pass before it is made by `who`: may they play here, the
/// address's room rate, the server's capacity, and how many unfinished rooms they host.
pub(super) fn may_open(state: &AppState, addr: ClientAddr, who: &Identity) -> Result<(), ApiError> {
    if !who.may_play(state.config.access) {
        return Err(crate::accounts::members_only());
    }
    state.limiters.new_room.check(&addr.key().to_string())?;
    if state.rooms.is_shutting_down() {
        return Err(ApiError::Unavailable("the server is restarting"));
    }
    if state.rooms.live() >= state.config.limits.max_rooms {
        state.metrics.overloaded(Overload::Room);
        return Err(ApiError::Overloaded("live rooms"));
    }
    let limit = state.config.limits.rooms_per_identity;
    let hosted = state.rooms.unfinished_hosted_by(who.id);
    if hosted >= limit {
        return Err(ApiError::Limited {
            code: HttpCode::TooMany.as_str(),
            message: format!("you already host {hosted} unfinished rooms (limit {limit})"),
        });
    }
    Ok(())
}

/// `POST /api/rooms`: a new room, with the host seated when the body names a seat.
pub(super) async fn create(
    State(state): State<AppState>,
    addr: ClientAddr,
    who: Identity,
    body: Result<Json<CreateRoom>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body.map_err(ApiError::from)?;
    let seat = body.seat;
    let config = room_config(
        &state,
        &who,
        Settings {
            game: &body.game,
            options: &body.options,
            time_control: body.time_control,
            auto_start: body.auto_start,
            rated: body.rated,
        },
        &body.visibility,
    )?;
    may_open(&state, addr, &who)?;
    let invite = match &config.visibility {
        Visibility::Private { invite_code } => Some(invite_code.clone()),
        Visibility::Public => None,
    };
    let id = state
        .rooms
        .open_for_sockets(config, &who.name, seat)
        .await
        .map_err(command_error)?;
    Ok(Json(json!({ "id": id, "invite_code": invite })))
}

/// The game settings of a new room as a request gives them.
pub(super) struct Settings<'a> {
    pub(super) game: &'a str,
    pub(super) options: &'a BTreeMap<String, Value>,
    pub(super) time_control: Option<TimeControl>,
    pub(super) auto_start: bool,
    /// A rated game: only for accounts, with a clock.
    pub(super) rated: bool,
}

/// The game and options a request names.
pub(super) fn options_of(
    game: &str,
    options: &BTreeMap<String, Value>,
) -> Result<AnyOptions, ApiError> {
    let variant: Variant = game
        .parse()
        .map_err(|_| ApiError::bad("unknown_game", format!("no game `{game}`")))?;
    let pairs: Vec<(String, String)> = options
        .iter()
        .map(|(k, v)| {
            let v = match v {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            (k.clone(), v)
        })
        .collect();
    AnyOptions::from_pairs(variant, pairs)
        .map_err(|e| ApiError::bad("invalid_options", e.to_string()))
}

/// The time control a request names (none by default), within the bounds.
fn time_control_of(tc: Option<TimeControl>) -> Result<TimeControl, ApiError> {
    let time_control = tc.unwrap_or(TimeControl::None);
    time_control
        .check_bounds()
        .map_err(|m| ApiError::bad("bad_time_control", m))?;
    Ok(time_control)
}

/// The room a request asks for, hosted by `who`.
pub(super) fn room_config(
    state: &AppState,
    who: &Identity,
    settings: Settings<'_>,
    visibility: &str,
) -> Result<RoomConfig, ApiError> {
    let options = options_of(settings.game, settings.options)?;
    let visibility = match visibility {
        "public" => Visibility::Public,
        "private" => Visibility::Private {
            invite_code: invite_code(),
        },
        other => {
            return Err(ApiError::bad(
                "bad_visibility",
                format!("visibility `{other}`: expected public or private"),
            ))
        }
    };
    let time_control = time_control_of(settings.time_control)?;
    if settings.rated {
        if who.account.is_none() {
            return Err(rated_needs_account());
        }
        if time_control == TimeControl::None {
            return Err(ApiError::bad(
                "rated_needs_clock",
                "a rated game needs a time control",
            ));
        }
    }
    let mut config = RoomConfig::new(Uuid::new_v4(), options, who.participant());
    config.visibility = visibility;
    config.time_control = time_control;
    config.grace_ms = state.config.grace_ms;
    config.first_move_ms = state.config.first_move_ms;
    config.rematch_ms = state.config.rematch_ms;
    config.auto_start = settings.auto_start;
    config.rated = settings.rated;
    Ok(config)
}

/// The refusal of a rated game to a guest.
pub(super) fn rated_needs_account() -> ApiError {
    ApiError::bad(
        "rated_needs_account",
        "rated games are for accounts: log in or create an account",
    )
}

/// Rooms a page of `GET /api/rooms` holds by default, and at most (as the other lists).
const PAGE: u32 = 50;
const MAX_PAGE: u32 = 100;

/// Query of `GET /api/rooms`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Page {
    #[serde(default)]
    limit: Option<u32>,
    #[serde(default)]
    offset: Option<usize>,
}

/// `GET /api/rooms`: a page of the listed rooms, newest first.
pub(super) async fn list(
    State(state): State<AppState>,
    Params(page): Params<Page>,
) -> Result<Json<Value>, ApiError> {
    let limit = page.limit.unwrap_or(PAGE);
    if !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::bad(
            HttpCode::BadParameter.as_str(),
            format!("parameter `limit`: a whole number from 1 to {MAX_PAGE}"),
        ));
    }
    let limit = limit as usize;
    let offset = page.offset.unwrap_or(0);
    Ok(Json(crate::rooms::lobby_page(
        state.rooms.listing(),
        offset,
        limit,
    )))
}

/// The live room `id` as `who` sees it; 404 for a malformed id or no such room.
async fn snapshot_of(
    state: &AppState,
    who: Option<Identity>,
    id: &str,
) -> Result<Snapshot, ApiError> {
    let id = Uuid::parse_str(id).map_err(|_| ApiError::NotFound("room"))?;
    let handle = state
        .rooms
        .find(id)
        .await
        .ok_or(ApiError::NotFound("room"))?;
    let (_, snap) = handle
        .snapshot(who.map(|w| lobby::PlayerId(w.id)))
        .await
        .ok_or(ApiError::NotFound("room"))?;
    Ok(snap)
}

/// `GET /api/rooms/{id}`: the room as the caller sees it.
pub(super) async fn get_room(
    State(state): State<AppState>,
    MaybeIdentity(who): MaybeIdentity,
    Path(id): Path<String>,
) -> Result<Json<Snapshot>, ApiError> {
    Ok(Json(snapshot_of(&state, who, &id).await?))
}

/// One seated account's rating in `GET /api/rooms/{id}/ratings`.
#[derive(Debug, Serialize)]
struct SeatRating {
    seat: Seat,
    player: Uuid,
    name: String,
    rating: i32,
    deviation: i32,
    provisional: bool,
}

/// `GET /api/rooms/{id}/ratings`: each seated account's rating in the pool of the room's
/// game and options, as the player page shows it (the starting rating, provisional, before
/// its first rated game there). Guests have no rating and a bot's is not shown beside a
/// name: their seats are left out. Read from the store on each call: a finished game's
/// change is stored before its end is told, so the room, and a rematch room, show it.
pub(super) async fn seat_ratings(
    State(state): State<AppState>,
    MaybeIdentity(who): MaybeIdentity,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let snap = snapshot_of(&state, who, &id).await?;
    let (game, mode) = crate::rooms::persist::pool_of(&snap.room.options);
    let seated: Vec<(Seat, Uuid, String)> = snap
        .room
        .layout
        .iter()
        .filter_map(|seat| match &snap.seats[seat].as_ref()?.occupant {
            Occupant::Player(p) => Some((seat, p.id.0, p.name.clone())),
            Occupant::Bot(_) => None,
        })
        .collect();
    let mut seats = Vec::new();
    if let Some(pool) = ratings::pool(game, mode) {
        let ids: Vec<Uuid> = seated.iter().map(|(_, id, _)| *id).collect();
        let stored = state.store.accounts_rated_in(&ids, game, mode).await?;
        let now = crate::store::now_ms();
        for (seat, player, name) in seated {
            let Some((_, rating)) = stored.iter().find(|(id, _)| *id == player) else {
                continue;
            };
            let shown = rating
                .unwrap_or_else(|| ratings::Rating::new(pool.system))
                .shown(pool.system, now);
            seats.push(SeatRating {
                seat,
                player,
                name,
                rating: shown.rating,
                deviation: shown.deviation,
                provisional: shown.provisional,
            });
        }
    }
    Ok(Json(json!({ "game": game, "mode": mode, "seats": seats })))
}

/// Body of `POST /api/rooms/join`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Join {
    code: String,
}

/// `POST /api/rooms/join`: the room of an invite code.
pub(super) async fn join(
    State(state): State<AppState>,
    addr: ClientAddr,
    _who: Identity,
    body: Result<Json<Join>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(body) = body.map_err(ApiError::from)?;
    // Every try counts, so that guessing codes is slow.
    state.limiters.invite_code.check(&addr.key().to_string())?;
    let code = body.code.trim().to_ascii_uppercase();
    match state.rooms.by_invite_code(&code) {
        Some(id) => Ok(Json(json!({ "id": id }))),
        None => Err(ApiError::NotFound("invite code")),
    }
}
