//! The event as the API shows it (`GET /api/tournaments/{id}` and its live stream) and its
//! standings as CSV.

use std::collections::{BTreeMap, HashMap};

use lobby::TimeControl;
use rules::{AnyOptions, Seat};
use serde::Serialize;
use uuid::Uuid;

use super::{Event, StoredPlacing};
use crate::store::{StoreError, StoredTournament, TournamentGameRow};

/// The body of `GET /api/tournaments/{id}` (and of the live stream's events).
#[derive(Clone, Debug, Serialize)]
pub(crate) struct TournamentView {
    /// Id.
    pub(crate) id: Uuid,
    /// Name.
    pub(crate) name: String,
    /// Game key.
    pub(crate) game: String,
    /// Every rule option with its value.
    #[serde(serialize_with = "lobby::serialize_options")]
    pub(crate) options: AnyOptions,
    /// The pairing format (`{"kind": "swiss", "rounds": 5}`, ...).
    pub(crate) format: tourney::Format,
    /// Every game's clock.
    pub(crate) time_control: TimeControl,
    /// Its games are rated.
    pub(crate) rated: bool,
    /// `registering`, `running` or `finished`.
    pub(crate) state: String,
    /// When it starts (ms).
    pub(crate) starts_at: i64,
    /// When it started and finished (ms), once they happened.
    pub(crate) started_at: Option<i64>,
    /// When it finished.
    pub(crate) finished_at: Option<i64>,
    /// The round being played (arena: pairings made so far).
    pub(crate) round: i64,
    /// Rounds in all (`null` for an arena).
    pub(crate) rounds: Option<u32>,
    /// The no-show wait in seconds.
    pub(crate) no_show_secs: i64,
    /// Most entrants, if limited.
    pub(crate) max_players: Option<i64>,
    /// Who created it.
    pub(crate) created_by: Uuid,
    /// The entrants in order of registration.
    pub(crate) entrants: Vec<EntrantView>,
    /// Every round paired so far.
    pub(crate) rounds_played: Vec<RoundView>,
    /// The standings as the games stand.
    pub(crate) standings: Vec<StandingView>,
}

/// One entrant.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct EntrantView {
    /// The account's id (a bot's own id).
    pub(crate) id: Uuid,
    /// Name.
    pub(crate) name: String,
    /// The account's username, for the link to the player's page (`null` for a bot).
    pub(crate) username: Option<String>,
    /// Seed rating.
    pub(crate) rating: i64,
    /// Not withdrawn.
    pub(crate) active: bool,
    /// Partner's id (Neva teams).
    pub(crate) partner: Option<Uuid>,
    /// A bot entrant's kind and level.
    pub(crate) bot: Option<serde_json::Value>,
}

/// One round.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct RoundView {
    /// Its number, from 1.
    pub(crate) round: i64,
    /// Its tables.
    pub(crate) tables: Vec<TableView>,
    /// Who had a bye.
    pub(crate) byes: Vec<PlayerRef>,
}

/// A player by id and name.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlayerRef {
    /// Id.
    pub(crate) player: Uuid,
    /// Name.
    pub(crate) name: String,
    /// The account's username, for the link to the player's page (`null` for a bot).
    pub(crate) username: Option<String>,
}

/// One table (game) of a round.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct TableView {
    /// Its room (the stored game has the same id).
    pub(crate) room_id: Uuid,
    /// Who sits where.
    pub(crate) seats: Vec<SeatRef>,
    /// How it ended (`null` while it is played).
    pub(crate) result: Option<ResultView>,
}

/// A seat of a table.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct SeatRef {
    /// Seat key.
    pub(crate) seat: Seat,
    /// Who.
    pub(crate) player: Uuid,
    /// Name.
    pub(crate) name: String,
    /// The account's username, for the link to the player's page (`null` for a bot).
    pub(crate) username: Option<String>,
}

/// How a table ended.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct ResultView {
    /// Each player's place, 0 first (equal places tied).
    pub(crate) places: Vec<PlaceView>,
    /// Who lost by not showing up.
    pub(crate) forfeits: Vec<Uuid>,
}

/// One player's place at a table.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct PlaceView {
    /// Who.
    pub(crate) player: Uuid,
    /// 0 first.
    pub(crate) place: u8,
}

/// One line of the standings.
#[derive(Clone, Debug, Serialize)]
pub(crate) struct StandingView {
    /// 1-based; shared on full ties.
    pub(crate) rank: u32,
    /// Who.
    pub(crate) player: Uuid,
    /// Name.
    pub(crate) name: String,
    /// The account's username, for the link to the player's page (`null` for a bot).
    pub(crate) username: Option<String>,
    /// Points.
    pub(crate) points: f64,
    /// Tiebreaks by name (`buchholz`, `sonneborn_berger`, ...).
    pub(crate) tiebreaks: BTreeMap<&'static str, f64>,
    /// Games played.
    pub(crate) played: u32,
    /// Wins.
    pub(crate) wins: u32,
    /// Draws.
    pub(crate) draws: u32,
    /// Losses.
    pub(crate) losses: u32,
}

/// The API's view of a stored event, with its standings.
///
/// # Errors
/// A stored value that does not read back.
pub(crate) fn view(stored: StoredTournament) -> Result<TournamentView, StoreError> {
    let event = Event::of(stored)?;
    let names: HashMap<Uuid, String> = event
        .stored
        .entrants
        .iter()
        .map(|e| (e.player_id, e.name.clone()))
        .collect();
    let name = |p: &Uuid| names.get(p).cloned().unwrap_or_default();
    let usernames: HashMap<Uuid, String> = event
        .stored
        .entrants
        .iter()
        .filter_map(|e| Some((e.player_id, e.username.clone()?)))
        .collect();
    let username = |p: &Uuid| usernames.get(p).cloned();
    let standings = event
        .standings()
        .into_iter()
        .map(|s| StandingView {
            rank: s.rank,
            player: s.player,
            name: name(&s.player),
            username: username(&s.player),
            points: s.points,
            tiebreaks: s.tiebreaks.into_iter().collect(),
            played: s.played,
            wins: s.wins,
            draws: s.draws,
            losses: s.losses,
        })
        .collect();
    let rounds_played = rounds_played(&event.stored.games, &name, &username)?;
    let rounds_total = event.rounds();
    let e = &event.stored.event;
    let options = super::options_of(e)?;
    let time_control: TimeControl = serde_json::from_str(&e.time_control)
        .map_err(|err| StoreError::Corrupt(format!("tournament time control: {err}")))?;
    Ok(TournamentView {
        id: e.id,
        name: e.name.clone(),
        game: e.variant.clone(),
        options,
        format: event.format,
        time_control,
        rated: e.rated,
        state: e.state.clone(),
        starts_at: e.starts_at,
        started_at: e.started_at,
        finished_at: e.finished_at,
        round: e.round,
        rounds: rounds_total,
        no_show_secs: e.no_show_ms / 1000,
        max_players: e.max_players,
        created_by: e.created_by,
        entrants: event
            .stored
            .entrants
            .iter()
            .map(|x| EntrantView {
                id: x.player_id,
                name: x.name.clone(),
                username: x.username.clone(),
                rating: x.rating,
                active: x.active,
                partner: x.partner,
                bot: x.bot.as_deref().and_then(|b| serde_json::from_str(b).ok()),
            })
            .collect(),
        rounds_played,
        standings,
    })
}

/// The rounds of `games` in order, each with its tables (and their results, once stored)
/// and its byes; `name` names a player and `username` gives an account's username.
fn rounds_played(
    games: &[TournamentGameRow],
    name: &dyn Fn(&Uuid) -> String,
    username: &dyn Fn(&Uuid) -> Option<String>,
) -> Result<Vec<RoundView>, StoreError> {
    let mut rounds: BTreeMap<i64, RoundView> = BTreeMap::new();
    for g in games {
        let seats = super::parse_seats(&g.seats)?;
        let round = rounds.entry(g.round).or_insert_with(|| RoundView {
            round: g.round,
            tables: Vec::new(),
            byes: Vec::new(),
        });
        let Some(room_id) = g.room_id else {
            round.byes.extend(seats.iter().map(|(_, p)| PlayerRef {
                player: *p,
                name: name(p),
                username: username(p),
            }));
            continue;
        };
        let result = result_view(g.placing.as_deref())?;
        round.tables.push(TableView {
            room_id,
            seats: seats
                .iter()
                .map(|(seat, p)| SeatRef {
                    seat: *seat,
                    player: *p,
                    name: name(p),
                    username: username(p),
                })
                .collect(),
            result,
        });
    }
    Ok(rounds.into_values().collect())
}

/// A table's result from its stored placing (`None`: not played yet).
fn result_view(placing: Option<&str>) -> Result<Option<ResultView>, StoreError> {
    let Some(text) = placing else {
        return Ok(None);
    };
    let p: StoredPlacing =
        serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("placing: {e}")))?;
    Ok(Some(ResultView {
        places: p
            .places
            .into_iter()
            .map(|(player, place)| PlaceView { player, place })
            .collect(),
        forfeits: p.forfeits,
    }))
}

/// The standings as CSV: `rank,name,points,<tiebreaks...>,played,wins,draws,losses`, one
/// line per entrant, best first. Names are quoted, with quotes doubled.
pub(crate) fn standings_csv(v: &TournamentView) -> String {
    let breaks: Vec<&'static str> = v
        .standings
        .first()
        .map(|s| s.tiebreaks.keys().copied().collect())
        .unwrap_or_default();
    let mut out = String::from("rank,name,points");
    for b in &breaks {
        out.push(',');
        out.push_str(b);
    }
    out.push_str(",played,wins,draws,losses\n");
    for s in &v.standings {
        let mut line = format!("{},{},{}", s.rank, csv_text(&s.name), s.points);
        for b in &breaks {
            line.push_str(&format!(",{}", s.tiebreaks.get(b).copied().unwrap_or(0.0)));
        }
        line.push_str(&format!(
            ",{},{},{},{}\n",
            s.played, s.wins, s.draws, s.losses
        ));
        out.push_str(&line);
    }
    out
}

/// A CSV field: quoted, quotes doubled; a leading `=`, `+`, `-` or `@` is preceded by a
/// quote mark so that a spreadsheet does not take a name for a formula.
fn csv_text(s: &str) -> String {
    let s = s.replace('"', "\"\"");
    if s.starts_with(['=', '+', '-', '@']) {
        format!("\"'{s}\"")
    } else {
        format!("\"{s}\"")
    }
}
