//! The director of one event: a task driven by time and by the ends of its games.
//!
//! Every step reads the event from the store and does what is due, so a director started
//! after a restart simply carries on: registration until `starts_at`; then the first round;
//! then, as games end, their placings, and the next round once every game of the round has
//! ended (an arena pairs whoever is waiting until its end time, and its games still under
//! way then finish and count); then the end. A round's games are stored before their rooms
//! are opened, with the rooms' ids: a restart between the two opens the rooms still missing,
//! and never pairs a round twice.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::Duration;

use lobby::{Bot, Participant, PlayerId, RoomConfig, TimeControl};
use rules::{AnyOptions, Seat, SeatSet};
use serde::Deserialize;
use tokio::sync::{broadcast, Notify};
use uuid::Uuid;

use super::{game_rows, options_with, Event, StoredPlacing, Tournaments};
use crate::rooms::Change;
use crate::store::{now_ms, StoreError, TournamentGameRow};

/// Longest a director sleeps between two looks at its event: the feed wakes it sooner
/// when one of its rooms ends, this catches what the feed cannot tell (a queue overrun).
const POLL: Duration = Duration::from_millis(POLL_MS.unsigned_abs());
const POLL_MS: i64 = 1_000;

/// What a step leaves the director waiting for.
enum Next {
    /// Look again at this time (ms) at the latest.
    At(i64),
    /// The event is over.
    Done,
}

/// The director's body: steps until the event is over or the server stops.
pub(super) async fn run(t: Tournaments, id: Uuid, bell: Arc<Notify>) {
    let mut feed = t.rooms().feed().subscribe();
    loop {
        let next = match step(&t, id).await {
            Ok(next) => next,
            Err(e) => {
                tracing::warn!(tournament = %id, error = %e, "tournament step failed; trying again");
                Next::At(now_ms() + 1_000)
            }
        };
        let Next::At(at) = next else {
            break;
        };
        let wait = Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0)).min(POLL);
        let sleep = tokio::time::sleep(wait);
        tokio::pin!(sleep);
        // Wait for the time, the bell, or a room leaving the listing (a game ended).
        loop {
            tokio::select! {
                () = &mut sleep => break,
                () = bell.notified() => break,
                change = feed.recv() => match change {
                    Ok(Change::Gone(_)) | Err(broadcast::error::RecvError::Lagged(_)) => break,
                    Ok(Change::Room(_)) => {}
                    Ok(Change::Closed) | Err(broadcast::error::RecvError::Closed) => return,
                },
            }
        }
    }
}

/// One look at the event: does whatever is due.
async fn step(t: &Tournaments, id: Uuid) -> Result<Next, StoreError> {
    let Some(stored) = t.store().tournament(id).await? else {
        return Ok(Next::Done);
    };
    let now = now_ms();
    match stored.event.state.as_str() {
        "registering" if now < stored.event.starts_at => Ok(Next::At(stored.event.starts_at)),
        "registering" => start(t, Event::of(stored)?, now).await,
        "running" => {
            let mut event = Event::of(stored)?;
            if record_results(t, &mut event).await? {
                t.changed(id);
            }
            carry_on(t, event, now).await
        }
        _ => Ok(Next::Done),
    }
}

/// The start: the first round (or the arena's first pairings); an event without enough
/// entrants to pair ends at once, without games.
async fn start(t: &Tournaments, event: Event, now: i64) -> Result<Next, StoreError> {
    if let tourney::Format::Arena { .. } = event.format {
        let id = event.stored.event.id;
        t.store()
            .pair_tournament_games(id, "running", 0, Some(now), &[])
            .await?;
        t.changed(id);
        let event = Event::of(t.load_stored(id).await?)?;
        return carry_on(t, event, now).await;
    }
    pair_next(t, event, 1, now).await
}

/// A running event whose results are recorded: the next round, the arena's next
/// pairings, or the end.
async fn carry_on(t: &Tournaments, event: Event, now: i64) -> Result<Next, StoreError> {
    open_missing_rooms(t, &event).await?;
    let id = event.stored.event.id;
    let under_way = event.games.iter().any(|g| g.result.is_none());
    if let tourney::Format::Arena { minutes } = event.format {
        let started = event.stored.event.started_at.unwrap_or(now);
        let ends = started + i64::from(minutes) * 60_000;
        if now < ends {
            pair_arena(t, &event, now).await?;
            return Ok(Next::At(ends));
        }
        if under_way {
            return Ok(Next::At(now + POLL_MS));
        }
        return finish(t, id, now).await;
    }
    if under_way {
        return Ok(Next::At(now + POLL_MS));
    }
    let round = u32::try_from(event.stored.event.round).unwrap_or(0);
    match event.rounds() {
        Some(total) if round < total => pair_next(t, event, round + 1, now).await,
        _ => finish(t, id, now).await,
    }
}

/// Pairs round `round` with the pairing crate, stores it, opens its rooms.
async fn pair_next(
    t: &Tournaments,
    event: Event,
    round: u32,
    now: i64,
) -> Result<Next, StoreError> {
    let id = event.stored.event.id;
    let paired = tourney::pair_round(&event.format, &event.entrants, &event.games, round);
    let round_games = match paired {
        Ok(r) => r,
        Err(e) => {
            // Too few players left (withdrawals), or no pairing the rules allow: the event
            // ends with what was played.
            tracing::info!(tournament = %id, round, error = %e, "no pairing; the tournament ends");
            return finish(t, id, now).await;
        }
    };
    let rows = game_rows(
        id,
        event.games.len(),
        round,
        &round_games.tables,
        &round_games.byes,
    );
    t.store()
        .pair_tournament_games(id, "running", i64::from(round), Some(now), &rows)
        .await?;
    tracing::info!(tournament = %id, round, tables = round_games.tables.len(), "round paired");
    // Told before the rooms open as well as after: opening them (a bot's first search
    // included) can take a while, and the event's pages should show the round meanwhile.
    t.changed(id);
    open_rooms(t, &event, &rows).await;
    tracing::info!(tournament = %id, round, "round's rooms opened");
    t.changed(id);
    Ok(Next::At(now + POLL_MS))
}

/// An arena: pairs the active entrants not in a game under way (the crate chooses who
/// meets whom among them).
async fn pair_arena(t: &Tournaments, event: &Event, now: i64) -> Result<(), StoreError> {
    let busy: HashSet<Uuid> = event
        .games
        .iter()
        .filter(|g| g.result.is_none())
        .flat_map(|g| g.seats.iter().map(|(_, p)| *p))
        .collect();
    let waiting: Vec<Uuid> = event
        .entrants
        .iter()
        .filter(|e| e.active && !busy.contains(&e.id))
        .map(|e| e.id)
        .collect();
    if waiting.len() < 2 {
        return Ok(());
    }
    let tables = tourney::arena_pair(&event.entrants, &waiting, &event.games);
    if tables.is_empty() {
        return Ok(());
    }
    let id = event.stored.event.id;
    let batch = u32::try_from(event.stored.event.round + 1).unwrap_or(u32::MAX);
    let rows = game_rows(id, event.games.len(), batch, &tables, &[]);
    t.store()
        .pair_tournament_games(id, "running", i64::from(batch), Some(now), &rows)
        .await?;
    open_rooms(t, event, &rows).await;
    t.changed(id);
    Ok(())
}

/// Opens the rooms of `rows` (those with a room id) through the rooms registry.
async fn open_rooms(t: &Tournaments, event: &Event, rows: &[TournamentGameRow]) {
    for row in rows {
        let Some(room_id) = row.room_id else {
            continue;
        };
        if let Err(e) = open_room(t, event, row, room_id).await {
            tracing::error!(tournament = %event.stored.event.id, room = %room_id, error = %e,
                "tournament room not opened; tried again at the next step");
        }
    }
}

/// Opens the rooms of games stored without one (the server stopped between storing a
/// round and opening its rooms).
async fn open_missing_rooms(t: &Tournaments, event: &Event) -> Result<(), StoreError> {
    let pending: Vec<&TournamentGameRow> = event
        .stored
        .games
        .iter()
        .filter(|g| g.placing.is_none() && g.room_id.is_some())
        .collect();
    let ids: Vec<Uuid> = pending.iter().filter_map(|g| g.room_id).collect();
    let known: HashSet<Uuid> = t
        .store()
        .room_outcomes(&ids)
        .await?
        .into_iter()
        .map(|o| o.room_id)
        .collect();
    let missing: Vec<TournamentGameRow> = pending
        .into_iter()
        .filter(|g| g.room_id.is_some_and(|r| !known.contains(&r)))
        .cloned()
        .collect();
    open_rooms(t, event, &missing).await;
    Ok(())
}

/// Opens one game's room: fixed seats, the no-show rule, the event's clock and rating.
async fn open_room(
    t: &Tournaments,
    event: &Event,
    row: &TournamentGameRow,
    room_id: Uuid,
) -> Result<(), String> {
    let e = &event.stored.event;
    let seats = super::parse_seats(&row.seats).map_err(|e| e.to_string())?;
    let layout: SeatSet = seats.iter().map(|(s, _)| *s).collect();
    let options = table_options(e, layout).map_err(|e| e.to_string())?;
    let time_control: TimeControl =
        serde_json::from_str(&e.time_control).map_err(|e| format!("time control: {e}"))?;
    let by_id: HashMap<Uuid, &crate::store::EntrantRow> = event
        .stored
        .entrants
        .iter()
        .map(|x| (x.player_id, x))
        .collect();
    let mut config = RoomConfig::new(
        room_id,
        options,
        Participant::new(PlayerId(e.id), e.name.clone()),
    );
    config.time_control = time_control;
    config.rated = e.rated;
    config.grace_ms = t.rooms().config().grace_ms;
    config.no_show_ms = u64::try_from(e.no_show_ms).ok();
    for (seat, player) in seats {
        let entrant = by_id
            .get(&player)
            .ok_or_else(|| format!("player {player} is not an entrant"))?;
        match &entrant.bot {
            Some(bot) => {
                let bot: Bot = serde_json::from_str(bot).map_err(|e| format!("bot: {e}"))?;
                config.seated_bots.push((seat, bot));
            }
            None => config.seated.push((
                seat,
                Participant::new(PlayerId(player), entrant.name.clone()),
            )),
        }
    }
    t.rooms()
        .open(config, &e.name, None)
        .await
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// The game's options for a table of `layout`: Neva plays with the table's seats (three
/// when the count needs it), the other games as they are.
fn table_options(
    e: &crate::store::TournamentRow,
    layout: SeatSet,
) -> Result<AnyOptions, StoreError> {
    let options = super::options_of(e)?;
    match &options {
        AnyOptions::Neva(o) if o.seats != layout => {
            let seats: Vec<&str> = layout.iter().map(Seat::key).collect();
            options_with(e, &[("seats", seats.join(","))])
        }
        _ => Ok(options),
    }
}

/// A stored game outcome (the lobby's `Outcome` as the room task stored it), as far as a
/// placing needs it.
#[derive(Deserialize)]
struct StoredOutcome {
    #[serde(default)]
    winners: SeatSet,
    #[serde(default)]
    finishing_order: Vec<SeatSet>,
    seats: rules::BySeat<Option<StoredSeatResult>>,
    #[serde(default)]
    winning_team: Option<SeatSet>,
}

#[derive(Deserialize, Default)]
struct StoredSeatResult {
    verdict: String,
    reason: String,
}

/// Records the placing of every game of the event that has ended since the last look;
/// true if any did.
async fn record_results(t: &Tournaments, event: &mut Event) -> Result<bool, StoreError> {
    let pending: Vec<(usize, Uuid)> = event
        .stored
        .games
        .iter()
        .enumerate()
        .filter(|(_, g)| g.placing.is_none())
        .filter_map(|(i, g)| g.room_id.map(|r| (i, r)))
        .collect();
    if pending.is_empty() {
        return Ok(false);
    }
    let ids: Vec<Uuid> = pending.iter().map(|(_, r)| *r).collect();
    let outcomes: HashMap<Uuid, crate::store::RoomOutcome> = t
        .store()
        .room_outcomes(&ids)
        .await?
        .into_iter()
        .map(|o| (o.room_id, o))
        .collect();
    let mut any = false;
    for (i, room) in pending {
        let Some(o) = outcomes.get(&room) else {
            continue;
        };
        let seats = super::parse_seats(&event.stored.games[i].seats)?;
        let placing = match (o.state.as_str(), &o.result) {
            ("finished", Some(result)) => placing_of(&seats, result)?,
            // Called off by the server (an admin closing the room): nobody wins, nobody
            // forfeits.
            ("aborted", _) => StoredPlacing {
                places: seats.iter().map(|(_, p)| (*p, 0)).collect(),
                forfeits: Vec::new(),
            },
            _ => continue,
        };
        let text = serde_json::to_string(&placing).unwrap_or_default();
        let g = &mut event.stored.games[i];
        t.store()
            .set_tournament_placing(g.tournament_id, g.seq, &text)
            .await?;
        g.placing = Some(text);
        if let Some(game) = event.games.get_mut(i) {
            game.result = Some(placing.to_placing());
        }
        any = true;
    }
    Ok(any)
}

/// The placing of a finished game: places by finishing order (team games: the winning
/// team first, the others after; a draw shares the first place), and the seats that lost
/// by not showing up (a game ended by a no-show gives its winners that reason too).
fn placing_of(seats: &[(Seat, Uuid)], result: &str) -> Result<StoredPlacing, StoreError> {
    let o: StoredOutcome = serde_json::from_str(result)
        .map_err(|e| StoreError::Corrupt(format!("game outcome: {e}")))?;
    let player = |s: Seat| seats.iter().find(|(x, _)| *x == s).map(|(_, p)| *p);
    let mut places = Vec::new();
    if let Some(team) = o.winning_team {
        for &(s, p) in seats {
            places.push((p, u8::from(!team.contains(s))));
        }
    } else if o.winners.is_empty()
        && o.seats
            .iter()
            .all(|(_, r)| r.as_ref().map_or(true, |r| r.verdict != "loss"))
    {
        for &(_, p) in seats {
            places.push((p, 0));
        }
    } else {
        for (place, group) in o.finishing_order.iter().enumerate() {
            for s in group.iter() {
                if let Some(p) = player(s) {
                    places.push((p, u8::try_from(place).unwrap_or(u8::MAX)));
                }
            }
        }
        // A seat the order does not name (none should be) comes last.
        let last = u8::try_from(o.finishing_order.len()).unwrap_or(u8::MAX);
        for &(_, p) in seats {
            if !places.iter().any(|(q, _)| *q == p) {
                places.push((p, last));
            }
        }
    }
    let forfeits = seats
        .iter()
        .filter(|(s, _)| {
            o.seats[*s]
                .as_ref()
                .is_some_and(|r| r.verdict == "loss" && r.reason == lobby::Reason::NoShow.key())
        })
        .map(|(_, p)| *p)
        .collect();
    Ok(StoredPlacing { places, forfeits })
}

/// Ends the event at `now`.
async fn finish(t: &Tournaments, id: Uuid, now: i64) -> Result<Next, StoreError> {
    t.store().finish_tournament(id, now).await?;
    tracing::info!(tournament = %id, "tournament finished");
    t.changed(id);
    Ok(Next::Done)
}

impl Tournaments {
    /// The stored event `id` (it must exist: its director is running).
    async fn load_stored(&self, id: Uuid) -> Result<crate::store::StoredTournament, StoreError> {
        self.store()
            .tournament(id)
            .await?
            .ok_or_else(|| StoreError::Missing(format!("tournament {id}")))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn placings_follow_the_finishing_order_and_name_the_no_shows() {
        let (a, b, c, d) = (
            Uuid::from_u128(1),
            Uuid::from_u128(2),
            Uuid::from_u128(3),
            Uuid::from_u128(4),
        );
        let seats = [
            (Seat::Morning, a),
            (Seat::Day, b),
            (Seat::Evening, c),
            (Seat::Night, d),
        ];
        let result = r#"{"winners":["green"],"reason":"captured_all",
            "seats":{"white":{"verdict":"loss","reason":"no_show"},
                     "red":{"verdict":"loss","reason":"blocked"},
                     "green":{"verdict":"win","reason":"captured_all"},
                     "black":{"verdict":"loss","reason":"captured_all"}},
            "finishing_order":[["green"],["black"],["red"],["white"]],"winning_team":null}"#;
        let p = placing_of(&seats, result).unwrap();
        assert_eq!(p.places, vec![(c, 0), (d, 1), (b, 2), (a, 3)]);
        assert_eq!(p.forfeits, vec![a]);
        // A draw shares the first place.
        let drawn = r#"{"winners":[],"reason":"agreement",
            "seats":{"white":{"verdict":"draw","reason":"agreement"},"red":null,"green":null,
                     "black":{"verdict":"draw","reason":"agreement"}},
            "finishing_order":[["white","black"]],"winning_team":null}"#;
        let two = [(Seat::Morning, a), (Seat::Night, d)];
        assert_eq!(
            placing_of(&two, drawn).unwrap().places,
            vec![(a, 0), (d, 0)]
        );
        // Teams: both partners of the winning team first.
        let teams = r#"{"winners":["white","green"],"reason":"captured_all",
            "seats":{"white":{"verdict":"win","reason":"captured_all"},
                     "red":{"verdict":"loss","reason":"captured_all"},
                     "green":{"verdict":"win","reason":"captured_all"},
                     "black":{"verdict":"loss","reason":"captured_all"}},
            "finishing_order":[["white","green"],["red"],["black"]],
            "winning_team":["white","green"]}"#;
        assert_eq!(
            placing_of(&seats, teams).unwrap().places,
            vec![(a, 0), (b, 1), (c, 0), (d, 1)]
        );
    }
}
