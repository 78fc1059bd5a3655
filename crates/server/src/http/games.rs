//! `GET /api/games`: the four games, their seat counts and options.

use axum::Json;
use rules::{AnyOptions, Variant};
use serde_json::{json, Value};

/// The seat counts a game can be played with.
fn seat_counts(variant: Variant) -> &'static [u8] {
    match variant {
        Variant::Neva => &[2, 3, 4],
        _ => &[2],
    }
}

/// One-line description of a game.
fn summary(variant: Variant) -> &'static str {
    match variant {
        Variant::Neva => {
            "Two to four players on a 36-square lattice, clockwise turns, teams optional"
        }
        Variant::Queah => "Two players on 13 cells with reserve pieces dropped onto the board",
        Variant::GiveAndTake => "Orthogonal checkers on the full 8x8 board",
        Variant::Stockholm => {
            "Draughts on 8x8 with deferred backward captures; Brazilian draughts as an option"
        }
    }
}

/// The catalogue as JSON.
pub(crate) fn catalogue() -> Value {
    let games: Vec<Value> = Variant::ALL
        .into_iter()
        .map(|v| {
            json!({
                "key": v.key(),
                "name": v.name(),
                "description": summary(v),
                "seats": seat_counts(v),
                "options": AnyOptions::specs(v),
            })
        })
        .collect();
    json!({ "games": games })
}

/// `GET /api/games`.
pub(super) async fn list() -> Json<Value> {
    Json(catalogue())
}
