//! Computer analysis of stored games (`GET /api/history/{id}/analysis`, see `docs/api.md`).
//!
//! The first request for a finished game starts one computation and is answered 202
//! `pending`; requests that arrive while it runs get the same 202 with its progress (they
//! never start a second one); once done, the answer is stored (migration 0003) and every
//! later request is served from the database.
//!
//! The work runs on the bots' pool: each position is one job on tokio's blocking pool under
//! one of the same search permits the room bots use (`rooms::bot::permits`), taken and
//! released per position, so an analysis never runs on the async runtime or a room task,
//! and a room bot waiting for a permit waits for one position at most, never a whole game.
//! Scores, marks and the search budget are those of `bots::analysis` (fixed node budget,
//! so the stored answer does not depend on the machine's load).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;

use bots::analysis::{GameSteps, MoveNote, PositionEval, ANALYSIS_NODES};
use rules::{Action, Seat};
use serde_json::{json, Map, Value};
use tokio::sync::Mutex;
use uuid::Uuid;

use crate::error::ApiError;
use crate::export::Stored;
use crate::search_permits::Searches;
use crate::store::{GameRow, MoveRow, Store};

/// Progress of one running analysis.
#[derive(Debug)]
struct Progress {
    done: AtomicUsize,
    total: usize,
}

/// The analyses being computed, by game id; cheap to clone (clones share them).
#[derive(Clone, Debug)]
pub struct Analyses {
    running: Arc<Mutex<HashMap<Uuid, Arc<Progress>>>>,
    started: Arc<AtomicU64>,
    searches: Searches,
}

impl Analyses {
    /// None running yet; their searches take permits from `searches`.
    pub(crate) fn new(searches: Searches) -> Analyses {
        Analyses {
            running: Arc::default(),
            started: Arc::default(),
            searches,
        }
    }

    /// How many analyses this server has started computing (each game once).
    pub fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }
}

/// What `GET /api/history/{id}/analysis` answers.
#[derive(Debug)]
pub(crate) enum Reply {
    /// The stored analysis, as JSON text (200).
    Ready(String),
    /// Being computed: positions done of all (202).
    Pending {
        /// Positions evaluated so far.
        done: usize,
        /// Positions of the game, the start included.
        total: usize,
    },
}

impl Reply {
    fn pending(p: &Progress) -> Reply {
        Reply::Pending {
            done: p.done.load(Ordering::Relaxed),
            total: p.total,
        }
    }
}

/// Where the analysis of game `id` stands, without starting it: `ready`, `pending` or
/// `none` (the `analysis` field of `GET /api/history/{id}`).
///
/// # Errors
/// The store failed.
pub(crate) async fn state_of(
    store: &Store,
    analyses: &Analyses,
    id: Uuid,
) -> Result<&'static str, ApiError> {
    if store.has_analysis(id).await? {
        Ok("ready")
    } else if analyses.running.lock().await.contains_key(&id) {
        Ok("pending")
    } else {
        Ok("none")
    }
}

fn corrupt(game: Uuid, e: impl std::fmt::Display) -> ApiError {
    tracing::error!(%game, error = %e, "stored game does not replay for analysis");
    ApiError::Conflict {
        code: "corrupt_game",
        message: e.to_string(),
    }
}

/// The analysis of game `id`: stored, pending, or started now.
///
/// # Errors
/// 404 `not_found` for an unknown game, 409 `game_not_finished` for a game still being
/// played, 409 `corrupt_game` for a stored game that does not replay, 500 for a store
/// failure.
pub(crate) async fn request(
    store: &Store,
    analyses: &Analyses,
    id: Uuid,
) -> Result<Reply, ApiError> {
    if let Some(body) = store.analysis(id).await? {
        return Ok(Reply::Ready(body));
    }
    if let Some(p) = analyses.running.lock().await.get(&id) {
        return Ok(Reply::pending(p));
    }
    let (game, moves) = store.game(id).await?.ok_or(ApiError::NotFound("game"))?;
    if game.result.is_none() {
        return Err(ApiError::Conflict {
            code: "game_not_finished",
            message: "only finished games are analysed: this one is still being played".into(),
        });
    }
    let stored = Stored::from_rows(&game, &moves).map_err(|e| corrupt(id, e))?;
    let steps = GameSteps::from_record(&stored.record()).map_err(|e| corrupt(id, e))?;
    let mut running = analyses.running.lock().await;
    if let Some(p) = running.get(&id) {
        return Ok(Reply::pending(p));
    }
    // A computation may have stored its answer and left the map since the first look.
    if let Some(body) = store.analysis(id).await? {
        return Ok(Reply::Ready(body));
    }
    let progress = Arc::new(Progress {
        done: AtomicUsize::new(0),
        total: steps.len(),
    });
    running.insert(id, progress.clone());
    drop(running);
    analyses.started.fetch_add(1, Ordering::Relaxed);
    tokio::spawn(compute(
        store.clone(),
        analyses.clone(),
        game,
        moves,
        steps,
        progress.clone(),
    ));
    Ok(Reply::pending(&progress))
}

/// Evaluates every position on the bot pool, stores the answer and leaves the map.
async fn compute(
    store: Store,
    analyses: Analyses,
    game: GameRow,
    moves: Vec<MoveRow>,
    steps: GameSteps,
    progress: Arc<Progress>,
) {
    let id = game.id;
    let steps = Arc::new(steps);
    match evaluate(&analyses.searches, &steps, &progress).await {
        Ok(evals) => {
            let body = answer(&game, &moves, &steps, &evals).to_string();
            let at = crate::store::now_ms();
            if let Err(e) = store.store_analysis(id, ANALYSIS_NODES, &body, at).await {
                tracing::error!(game = %id, error = %e, "analysis not stored");
            }
        }
        Err(e) => tracing::error!(game = %id, error = %e, "analysis failed"),
    }
    // After the store, so that a request never finds neither the row nor the entry.
    analyses.running.lock().await.remove(&id);
}

/// One position per job, each under a search permit of the bot pool.
async fn evaluate(
    searches: &Searches,
    steps: &Arc<GameSteps>,
    progress: &Progress,
) -> Result<Vec<PositionEval>, String> {
    let mut evals = Vec::with_capacity(steps.len());
    for i in 0..steps.len() {
        let permit = searches.permit().await.map_err(|e| e.to_string())?;
        let s = steps.clone();
        let eval = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            s.analyse(i, ANALYSIS_NODES)
        })
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("no position {i}"))?;
        evals.push(eval);
        progress.done.fetch_add(1, Ordering::Relaxed);
    }
    Ok(evals)
}

/// Seat key -> score, for the seats that have one.
fn scores(eval: &PositionEval) -> Value {
    let mut out = Map::new();
    for seat in Seat::ALL {
        if let Some(s) = eval.score(seat) {
            out.insert(seat.key().into(), json!(s));
        }
    }
    Value::Object(out)
}

/// The JSON answer (documented in `docs/api.md`).
fn answer(game: &GameRow, moves: &[MoveRow], steps: &GameSteps, evals: &[PositionEval]) -> Value {
    let notes = steps.notes(evals);
    let seats: Vec<&str> = steps
        .position(0)
        .map(|p| p.seats().iter().map(Seat::key).collect())
        .unwrap_or_default();
    let positions: Vec<Value> = evals
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let best = match (steps.position(i), e.best) {
                (Some(p), Some(b)) => Some(p.move_to_string(&b)),
                _ => None,
            };
            json!({"index": i, "scores": scores(e), "best": best})
        })
        .collect();
    let move_list: Vec<Value> = steps
        .actions()
        .iter()
        .enumerate()
        .map(|(i, action)| {
            let row = moves.get(i);
            let note: Option<&MoveNote> = notes.get(i).and_then(Option::as_ref);
            let before = steps.position(i);
            let notation = match (action, before) {
                (Action::Move(mv), Some(p)) => p.move_to_string(mv),
                _ => row.map(|r| r.notation.clone()).unwrap_or_default(),
            };
            let best = match (note.and_then(|n| n.best), before) {
                (Some(b), Some(p)) => Some(p.move_to_string(&b)),
                _ => None,
            };
            json!({
                "index": i,
                "ply": row.map(|r| r.ply),
                "seat": note.map(|n| n.seat.key()).or(row.map(|r| r.seat.as_str())),
                "notation": notation,
                "loss": note.map(|n| n.loss),
                "mark": note.and_then(|n| n.mark).map(|m| m.key()),
                "symbol": note.and_then(|n| n.mark).map(|m| m.symbol()),
                "best": best,
            })
        })
        .collect();
    json!({
        "status": "ready",
        "game_id": game.id,
        "game": game.variant,
        "seats": seats,
        "nodes": ANALYSIS_NODES,
        "clip": bots::analysis::CLIP,
        "thresholds": {
            "inaccuracy": bots::analysis::INACCURACY,
            "mistake": bots::analysis::MISTAKE,
            "blunder": bots::analysis::BLUNDER,
        },
        "positions": positions,
        "moves": move_list,
    })
}
