//! Tournament endpoints (`docs/api.md`, "Tournaments"): list, create, get, join, leave; the
//! organiser's edit, cancel, early start and bots; the live stream of one event, its
//! standings as CSV and its finished games as PDN.

use std::collections::BTreeMap;
use std::convert::Infallible;

use axum::extract::{Path, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::stream::{self, Stream};
use lobby::{Bot, TimeControl};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::broadcast;
use uuid::Uuid;

use crate::config::TournamentCreators;
use crate::error::{ApiError, HttpCode};
use crate::export::Stored;
use crate::identity::Identity;
use crate::tournaments::{
    standings_csv, view, NewTournament, Organiser, TournamentEdit, TournamentError, Tournaments,
};
use crate::AppState;

/// The tournament routes.
pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(one).patch(edit))
        .route("/api/tournaments/{id}/cancel", post(cancel))
        .route("/api/tournaments/{id}/start", post(start))
        .route("/api/tournaments/{id}/bots", post(add_bots))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/leave", post(leave))
        .route("/api/tournaments/{id}/live", get(live))
        .route("/api/tournaments/room/{room}", get(of_room))
        .route("/api/tournaments/{id}/standings.csv", get(csv))
        .route("/api/tournaments/{id}/games.pdn", get(pdn))
}

impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> ApiError {
        match e {
            TournamentError::Invalid { code, message } => ApiError::BadRequest { code, message },
            TournamentError::Conflict { code, message } => ApiError::Conflict { code, message },
            TournamentError::Denied { code, message } => ApiError::Denied { code, message },
            TournamentError::NotFound => ApiError::NotFound("tournament"),
            TournamentError::Store(e) => ApiError::from(e),
        }
    }
}

fn tournament_id(id: &str) -> Result<Uuid, ApiError> {
    Uuid::parse_str(id).map_err(|_| ApiError::NotFound("tournament"))
}

/// The event `id` as the API shows it.
async fn body_of(t: &Tournaments, id: Uuid) -> Result<Value, ApiError> {
    let stored = t.load(id).await?;
    let v = view(stored)?;
    Ok(serde_json::to_value(v).unwrap_or(Value::Null))
}

/// `GET /api/tournaments`: registering and running events (soonest first), then the
/// recently finished ones, and who may create them on this server.
async fn list(State(state): State<AppState>) -> Result<Json<Value>, ApiError> {
    let rows = state
        .store
        .list_tournaments(crate::tournaments::RECENT)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let Some(stored) = state.store.tournament(row.id).await? else {
            continue;
        };
        let entrants = stored.entrants.iter().filter(|e| e.active).count();
        let v = view(stored)?;
        out.push(json!({
            "id": v.id,
            "name": v.name,
            "game": v.game,
            "format": v.format,
            "time_control": v.time_control,
            "rated": v.rated,
            "state": v.state,
            "starts_at": v.starts_at,
            "round": v.round,
            "rounds": v.rounds,
            "entrants": entrants,
            "max_players": v.max_players,
            "leader": v.standings.first().filter(|_| v.state != "registering").map(|s| &s.name),
        }));
    }
    Ok(Json(json!({
        "tournaments": out,
        "creators": state.config.tournament_creators.key(),
    })))
}

/// Body of `POST /api/tournaments`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateBody {
    name: String,
    game: String,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    format: tourney::Format,
    time_control: TimeControl,
    #[serde(default)]
    rated: bool,
    starts_at: i64,
    #[serde(default = "default_no_show")]
    no_show_secs: u64,
    #[serde(default)]
    max_players: Option<u32>,
    #[serde(default)]
    bots: Vec<Bot>,
}

fn default_no_show() -> u64 {
    60
}

/// `POST /api/tournaments`: whoever `--tournament-creators` names creates events.
async fn create(
    State(state): State<AppState>,
    who: Identity,
    body: Result<Json<CreateBody>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let creators = state.config.tournament_creators;
    if !creators.allow(who.account.as_ref().map(|a| a.is_admin())) {
        return Err(ApiError::Denied {
            code: "not_allowed",
            message: match creators {
                TournamentCreators::Members => "only accounts may create tournaments".to_string(),
                _ => "only admins may create tournaments on this server".to_string(),
            },
        });
    }
    let body = super::json_body(body)?;
    let options = super::rooms::options_of(&body.game, &body.options)?;
    if body.rated && body.time_control == TimeControl::None {
        return Err(ApiError::bad(
            "rated_needs_clock",
            "a rated tournament needs a time control",
        ));
    }
    let new = NewTournament {
        name: body.name,
        options,
        format: body.format,
        time_control: body.time_control,
        rated: body.rated,
        starts_at: body.starts_at,
        no_show_ms: body.no_show_secs.saturating_mul(1000),
        max_players: body.max_players,
        bots: body.bots,
    };
    let stored = state.tournaments.create(who.id, new).await?;
    Ok(Json(
        serde_json::to_value(view(stored)?).unwrap_or(Value::Null),
    ))
}

/// `GET /api/tournaments/{id}`.
async fn one(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&id)?;
    Ok(Json(body_of(&state.tournaments, id).await?))
}

/// Body of `POST /api/tournaments/{id}/join`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinBody {
    #[serde(default)]
    partner: Option<String>,
}

/// The identity of an account, or 403 `account_required`.
fn account(who: &Identity) -> Result<(), ApiError> {
    if who.account.is_some() {
        Ok(())
    } else {
        Err(ApiError::Denied {
            code: "account_required",
            message: "only accounts play in tournaments: claim your name first".to_string(),
        })
    }
}

/// `POST /api/tournaments/{id}/join`: the caller's account enters (a partner by username
/// in a Neva team event). An empty body is allowed.
async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Identity,
    body: axum::body::Bytes,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&id)?;
    account(&who)?;
    let body: JoinBody = if body.iter().all(u8::is_ascii_whitespace) {
        JoinBody::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| ApiError::bad(HttpCode::BadJson.as_str(), e.to_string()))?
    };
    let partner = match body.partner {
        Some(name) => {
            let key = name.trim().to_lowercase();
            let found =
                state.store.account_by_key(&key).await?.ok_or_else(|| {
                    ApiError::bad("unknown_partner", format!("no account `{name}`"))
                })?;
            Some(found.player_id)
        }
        None => None,
    };
    let stored = state
        .tournaments
        .join(id, who.id, &who.name, partner)
        .await?;
    Ok(Json(
        serde_json::to_value(view(stored)?).unwrap_or(Value::Null),
    ))
}

/// `POST /api/tournaments/{id}/leave`: the caller withdraws.
async fn leave(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Identity,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&id)?;
    let stored = state.tournaments.leave(id, who.id).await?;
    Ok(Json(
        serde_json::to_value(view(stored)?).unwrap_or(Value::Null),
    ))
}

/// The caller as an organiser of events.
fn organiser(who: &Identity) -> Organiser {
    Organiser {
        id: who.id,
        admin: who.account.as_ref().is_some_and(|a| a.is_admin()),
    }
}

/// Body of `PATCH /api/tournaments/{id}`: the settings to change, the others kept.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct EditBody {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    format: Option<tourney::Format>,
    #[serde(default)]
    time_control: Option<TimeControl>,
    #[serde(default)]
    rated: Option<bool>,
    #[serde(default)]
    starts_at: Option<i64>,
    #[serde(default)]
    no_show_secs: Option<u64>,
    /// Absent: kept; `null`: no cap.
    #[serde(default, deserialize_with = "present")]
    max_players: Option<Option<u32>>,
}

/// A field that may be absent (`None`) or `null` (`Some(None)`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<u32>>, D::Error> {
    Option::<u32>::deserialize(d).map(Some)
}

/// `PATCH /api/tournaments/{id}`: its creator or an admin changes it before the start.
async fn edit(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Identity,
    body: Result<Json<EditBody>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&id)?;
    let body = super::json_body(body)?;
    let edit = TournamentEdit {
        name: body.name,
        format: body.format,
        time_control: body.time_control,
        rated: body.rated,
        starts_at: body.starts_at,
        no_show_ms: body.no_show_secs.map(|s| s.saturating_mul(1000)),
        max_players: body.max_players,
    };
    let stored = state.tournaments.edit(id, organiser(&who), edit).await?;
    Ok(Json(
        serde_json::to_value(view(stored)?).unwrap_or(Value::Null),
    ))
}

/// `POST /api/tournaments/{id}/cancel`: its creator or an admin deletes it before the start.
async fn cancel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Identity,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&id)?;
    state.tournaments.cancel(id, organiser(&who)).await?;
    Ok(Json(json!({ "cancelled": id })))
}

/// `POST /api/tournaments/{id}/start`: its creator or an admin starts it now.
async fn start(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Identity,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&id)?;
    let stored = state.tournaments.start_now(id, organiser(&who)).await?;
    Ok(Json(
        serde_json::to_value(view(stored)?).unwrap_or(Value::Null),
    ))
}

/// Body of `POST /api/tournaments/{id}/bots`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BotsBody {
    bots: Vec<Bot>,
}

/// `POST /api/tournaments/{id}/bots`: its creator or an admin enters bots before the start.
async fn add_bots(
    State(state): State<AppState>,
    Path(id): Path<String>,
    who: Identity,
    body: Result<Json<BotsBody>, axum::extract::rejection::JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let id = tournament_id(&id)?;
    let body = super::json_body(body)?;
    let stored = state
        .tournaments
        .add_bots(id, organiser(&who), &body.bots)
        .await?;
    Ok(Json(
        serde_json::to_value(view(stored)?).unwrap_or(Value::Null),
    ))
}

/// `GET /api/tournaments/room/{room}`: the event that paired a room (its game's page links
/// back to it and offers no abort), `null` for a room no tournament paired: every room page
/// asks, so the common answer is not an error.
async fn of_room(
    State(state): State<AppState>,
    Path(room): Path<String>,
) -> Result<Json<Value>, ApiError> {
    let room = Uuid::parse_str(&room).map_err(|_| ApiError::NotFound("room"))?;
    let Some((id, round)) = state.store.tournament_of_room(room).await? else {
        return Ok(Json(json!({ "tournament": null })));
    };
    let t = state.tournaments.load(id).await?;
    // An arena has no rounds: its counter only numbers the pairings.
    let arena = matches!(
        serde_json::from_str(&t.event.format),
        Ok(tourney::Format::Arena { .. })
    );
    Ok(Json(json!({ "tournament": {
        "id": id,
        "name": t.event.name,
        "round": (!arena).then_some(round),
        "state": t.event.state,
    }})))
}

fn sse(name: &str, data: &Value) -> SseEvent {
    SseEvent::default()
        .event(name)
        .data(serde_json::to_string(data).unwrap_or_else(|_| "{}".into()))
}

/// `GET /api/tournaments/{id}/live`: `snapshot` with the event's body, then `tournament`
/// with the body again whenever pairings, results, entrants or the state change.
async fn live(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = tournament_id(&id)?;
    if state.rooms.is_shutting_down() {
        return Err(ApiError::Unavailable("the server is restarting"));
    }
    let t = state.tournaments.clone();
    // Subscribe before the snapshot, so no change falls between them.
    let rx = t.subscribe();
    let first = body_of(&t, id).await?;
    let changes = stream::unfold((t, rx, Some(first)), move |(t, mut rx, first)| async move {
        if let Some(body) = first {
            return Some((Ok(sse("snapshot", &body)), (t, rx, None)));
        }
        loop {
            match rx.recv().await {
                Ok(changed) if changed != id => continue,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => return None,
            }
            match body_of(&t, id).await {
                Ok(body) => return Some((Ok(sse("tournament", &body)), (t, rx, None))),
                Err(ApiError::NotFound(_)) => {
                    // Cancelled: say so once, then end the stream.
                    let gone = sse("cancelled", &json!({ "id": id }));
                    let (_, closed) = broadcast::channel(1);
                    return Some((Ok(gone), (t, closed, None)));
                }
                Err(e) => {
                    tracing::warn!(tournament = %id, error = %e, "live tournament not read");
                    continue;
                }
            }
        }
    });
    let changes: std::pin::Pin<Box<dyn Stream<Item = Result<SseEvent, Infallible>> + Send>> =
        Box::pin(changes);
    Ok(Sse::new(changes)
        .keep_alive(KeepAlive::default())
        .into_response())
}

/// `GET /api/tournaments/{id}/standings.csv`.
async fn csv(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = tournament_id(&id)?;
    let v = view(state.tournaments.load(id).await?)?;
    let disposition = format!("attachment; filename=\"tournament-{id}-standings.csv\"");
    Ok((
        [
            (CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (CONTENT_DISPOSITION, disposition),
        ],
        standings_csv(&v),
    )
        .into_response())
}

/// `GET /api/tournaments/{id}/games.pdn`: every finished game of the event, in the order
/// they were paired, each as `GET /api/history/{id}/export` writes it (PDN; Neva's
/// PGN4-like record), with the event's name and the round in its tags.
async fn pdn(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = tournament_id(&id)?;
    let stored = state.tournaments.load(id).await?;
    let name = stored.event.name.replace(['"', '\\'], "'");
    let mut out = String::new();
    for g in &stored.games {
        let Some(room) = g.room_id else { continue };
        let Some((game, moves)) = state.store.game(room).await? else {
            continue;
        };
        if game.finished_at.is_none() {
            continue;
        }
        let text = match Stored::from_rows(&game, &moves) {
            Ok(s) => s.export(),
            Err(e) => {
                tracing::error!(game = %game.id, error = %e, "stored game does not export");
                continue;
            }
        };
        let tags = format!("[Event \"{name}\"]\n[Round \"{}\"]", g.round);
        let text = if text.contains("[Event \"Checkerhall game\"]") {
            text.replacen("[Event \"Checkerhall game\"]", &tags, 1)
        } else {
            format!("{tags}\n{text}")
        };
        out.push_str(text.trim_end());
        out.push_str("\n\n");
    }
    let disposition = format!("attachment; filename=\"tournament-{id}.pdn\"");
    Ok((
        [
            (CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (CONTENT_DISPOSITION, disposition),
        ],
        out,
    )
        .into_response())
}
