//! The durable rows of a room: those one accepted command produces, and the room rebuilt
//! from them.

use std::collections::HashMap;

use lobby::{Actor, Command, EventKind, Occupant, Outcome, Room, RoomState, Verdict};
use lobby::{Participant, PlayerId, RoomConfig, TimeControl, Timestamp, Visibility};
use rules::Seat;
use rules::{AnyOptions, Variant};
use uuid::Uuid;

use crate::store::{
    ChatRow, GameFinish, GameRow, LogRow, MoveRow, RatedGame, RatedSeat, RoomRow, Write,
};
use crate::wire::{actor_text, command_text};

/// The options of a room as stored: the non-default pairs as a JSON object.
pub(crate) fn options_json(room: &Room) -> String {
    let map: serde_json::Map<String, serde_json::Value> = room
        .config()
        .options
        .non_default_pairs()
        .into_iter()
        .map(|(k, v)| (k.to_string(), serde_json::Value::String(v)))
        .collect();
    serde_json::Value::Object(map).to_string()
}

/// The state key stored in room rows.
pub(crate) fn state_key(s: RoomState) -> &'static str {
    match s {
        RoomState::Waiting => "waiting",
        RoomState::Playing => "playing",
        RoomState::Finished => "finished",
        RoomState::Aborted => "aborted",
    }
}

/// The log row of an accepted command whose actor and command are already written
/// (`wire::actor_text`, `wire::command_text`).
pub(crate) fn logged(id: Uuid, seq: i64, at: i64, actor: String, command: String) -> Write {
    Write::Log(LogRow {
        room_id: id,
        seq,
        at,
        actor,
        command,
    })
}

/// The log row of an accepted command.
pub(crate) fn log_row(id: Uuid, seq: i64, at: i64, actor: &Actor, command: &Command) -> Write {
    logged(id, seq, at, actor_text(actor), command_text(command))
}

fn seats_json(room: &Room) -> (String, Vec<(String, Uuid)>) {
    let seats = room.seats();
    let mut map = serde_json::Map::new();
    let mut players = Vec::new();
    for s in room.layout().iter() {
        let v = match seats[s].as_ref().map(|v| &v.occupant) {
            Some(Occupant::Player(p)) => {
                players.push((s.key().to_string(), p.id.0));
                serde_json::json!({"player": p.id.0, "name": p.name, "bot": null})
            }
            Some(Occupant::Bot(b)) => {
                serde_json::json!({"player": null, "name": super::bot::display_name(b), "bot": b})
            }
            None => serde_json::json!({"player": null, "name": "", "bot": null}),
        };
        map.insert(s.key().to_string(), v);
    }
    (serde_json::Value::Object(map).to_string(), players)
}

/// Where a room was before a command: all [`changes`] needs of it, so the command's rows
/// come from its events, never from a replay of the game.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Before {
    /// The state before the command.
    pub state: RoomState,
}

impl Before {
    /// `room` as it is now.
    pub(crate) fn of(room: &Room) -> Before {
        Before {
            state: room.state(),
        }
    }
}

/// Adds to `out` the writes of a command that took the room from `before` to `after`
/// (besides its log row): the game's start, a move row for each move or departure among
/// its events, the deletion of the rows a takeback took back, a chat row for each line said or deleted, the end, the state change. Costs
/// what the command changed, whatever the length of the game.
pub(crate) fn changes(
    before: Before,
    after: &Room,
    events: &[lobby::Event],
    now: i64,
    out: &mut Vec<Write>,
) {
    let id = after.id();
    if before.state == RoomState::Waiting && after.state() != RoomState::Waiting {
        if let Some(start) = after.start_position() {
            out.push(Write::StartGame(game_row(after, start, now)));
        }
    }
    for e in events {
        let (seat, notation, board) = match &e.kind {
            EventKind::Chat { line } => {
                out.push(Write::Chat(chat_row(id, line)));
                continue;
            }
            EventKind::ChatDeleted { id: line } => {
                out.push(Write::DeleteChat {
                    room_id: id,
                    id: i64::from(*line),
                });
                continue;
            }
            EventKind::TookBack { board, .. } => {
                // The board after the takeback counts the moves that remain: the rows
                // from there on are the ones taken back.
                out.push(Write::TakeBack {
                    game_id: id,
                    from_ply: i64::try_from(board.plies).unwrap_or(i64::MAX),
                });
                continue;
            }
            EventKind::Moved { seat, mv, board } => (*seat, &mv.text, &**board),
            EventKind::Departed {
                seat,
                action,
                board,
                ..
            } => (*seat, action, &**board),
            _ => continue,
        };
        // The board after the action: its ply count includes it.
        let ply = board.plies.saturating_sub(1);
        out.push(Write::Move(MoveRow {
            game_id: id,
            ply: i64::try_from(ply).unwrap_or(i64::MAX),
            seat: seat.key().to_string(),
            clock_ms: board
                .clocks
                .as_ref()
                .and_then(|c| c.remaining_ms[seat])
                .and_then(|ms| i64::try_from(ms).ok()),
            notation: notation.clone(),
            at: now,
        }));
    }
    if before.state != after.state() {
        if let (RoomState::Finished, Some(outcome)) = (after.state(), after.outcome()) {
            out.push(Write::FinishGame(finish_row(after, outcome, now)));
        }
        out.push(Write::RoomState {
            id,
            state: state_key(after.state()).to_string(),
        });
    }
}

/// The end of the game `room` has finished with `outcome`, as stored.
fn finish_row(room: &Room, outcome: &Outcome, now: i64) -> GameFinish {
    let verdicts = room
        .layout()
        .iter()
        .filter_map(|s| {
            let v = outcome.seats[s]?;
            let key = match v.verdict {
                Verdict::Win => "win",
                Verdict::Loss => "loss",
                Verdict::Draw => "draw",
            };
            Some((s.key().to_string(), key.to_string()))
        })
        .collect();
    GameFinish {
        id: room.id(),
        result: serde_json::to_string(outcome).unwrap_or_default(),
        reason: outcome.reason.key().to_string(),
        winners: outcome
            .winners
            .iter()
            .map(Seat::key)
            .collect::<Vec<_>>()
            .join(","),
        verdicts,
        finished_at: now,
        rating: rated_game(room, outcome),
    }
}

/// The game row of a room that started when it was opened (a fixed seating), if it did.
pub(crate) fn start_row(room: &Room, now: i64) -> Option<Write> {
    if room.state() == RoomState::Waiting {
        return None;
    }
    room.start_position()
        .map(|start| Write::StartGame(game_row(room, start, now)))
}

/// The rating pool (game and mode keys, see `ratings::POOLS`) of a game with `options`:
/// Stockholm with deferred backward capture is `standard`, without it `brazilian`; Neva
/// is `teams` or `free_for_all`; the other games have one pool.
pub(crate) fn pool_of(options: &AnyOptions) -> (&'static str, &'static str) {
    match options {
        AnyOptions::Stockholm(o) if o.deferred_backward_capture => ("stockholm", "standard"),
        AnyOptions::Stockholm(_) => ("stockholm", "brazilian"),
        AnyOptions::GiveAndTake(_) => ("giveandtake", "standard"),
        AnyOptions::Queah(_) => ("queah", "standard"),
        AnyOptions::Neva(o) if o.teams => ("neva", "teams"),
        AnyOptions::Neva(_) => ("neva", "free_for_all"),
    }
}

/// The rating key of a seat's occupant: the player's id, or `bot:<kind>:<level>`.
pub(crate) fn rating_key(occupant: &Occupant) -> String {
    match occupant {
        Occupant::Player(p) => p.id.0.to_string(),
        Occupant::Bot(b) => format!("bot:{}:{}", b.kind, b.level),
    }
}

/// What the writer needs to rate a finished game of a rated room (`None` for a casual
/// one): each playing seat's key, side and place. In Neva team play the partners
/// (opposite seats) are one side, the winning side first (both first in a draw);
/// otherwise each seat is a side, placed by the finishing order.
fn rated_game(room: &Room, outcome: &Outcome) -> Option<RatedGame> {
    let config = room.config();
    if !config.rated {
        return None;
    }
    let (game, mode) = pool_of(&config.options);
    let teams = mode == "teams";
    let seats = room
        .layout()
        .iter()
        .filter(|s| outcome.seats[*s].is_some())
        .filter_map(|s| {
            let player = rating_key(room.occupant(s)?);
            let (team, place) = if teams {
                let team = u8::try_from(s.index() % 2).unwrap_or(0);
                let place = match outcome.winning_team {
                    Some(w) if !w.contains(s) => 1,
                    _ => 0,
                };
                (team, place)
            } else {
                let place = outcome
                    .finishing_order
                    .iter()
                    .position(|set| set.contains(s))?;
                (
                    u8::try_from(s.index()).unwrap_or(0),
                    u8::try_from(place).unwrap_or(u8::MAX),
                )
            };
            Some(RatedSeat {
                seat: s.key().to_string(),
                player,
                team,
                place,
            })
        })
        .collect();
    Some(RatedGame {
        game: game.to_string(),
        mode: mode.to_string(),
        seats,
    })
}

/// The stored row of a chat line said in room `room`.
fn chat_row(room: Uuid, line: &lobby::ChatLine) -> ChatRow {
    ChatRow {
        room_id: room,
        id: i64::from(line.id),
        channel: line.channel.name().to_string(),
        player_id: line.from.id.0,
        name: line.from.name.clone(),
        seat: line.seat.map(|s| s.key().to_string()),
        text: line.text.clone(),
        at: i64::try_from(line.at.0).unwrap_or(i64::MAX),
        deleted: false,
    }
}

/// The game row of a room whose game starts from `start`.
fn game_row(room: &Room, start: String, now: i64) -> GameRow {
    let (seats, players) = seats_json(room);
    GameRow {
        id: room.id(),
        variant: room.config().options.variant().key().to_string(),
        options: options_json(room),
        start_position: start,
        seats,
        players,
        result: None,
        reason: None,
        winners: None,
        started_at: now,
        finished_at: None,
    }
}

/// The room row of a new room.
pub(crate) fn room_row(room: &Room, host_name: &str, created_at: i64) -> RoomRow {
    let c = room.config();
    let (visibility, invite_code) = match &c.visibility {
        lobby::Visibility::Public => ("public", None),
        lobby::Visibility::Private { invite_code } => ("private", Some(invite_code.clone())),
    };
    RoomRow {
        id: room.id(),
        variant: c.options.variant().key().to_string(),
        options: options_json(room),
        host: c.host.id.0,
        host_name: host_name.to_string(),
        visibility: visibility.to_string(),
        invite_code,
        time_control: serde_json::to_string(&c.time_control).unwrap_or_default(),
        grace_ms: i64::try_from(c.grace_ms).unwrap_or(i64::MAX),
        state: state_key(room.state()).to_string(),
        created_at,
        auto_start: c.auto_start,
        seated: seated_json(c),
        no_show_ms: c.no_show_ms.map(|ms| i64::try_from(ms).unwrap_or(i64::MAX)),
        rated: c.rated,
        // Set by the caller with several nodes: the epoch of the node that opens it.
        owner: None,
    }
}

/// One given seat of a paired room as stored (`rooms.seated`).
#[derive(serde::Serialize, serde::Deserialize)]
struct GivenSeat {
    seat: Seat,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    player: Option<lobby::Participant>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bot: Option<lobby::Bot>,
}

/// The fixed seating of `config` as stored: '' when it has none.
fn seated_json(c: &lobby::RoomConfig) -> String {
    if !c.fixed_seating() {
        return String::new();
    }
    let people = c.seated.iter().map(|(seat, p)| GivenSeat {
        seat: *seat,
        player: Some(p.clone()),
        bot: None,
    });
    let bots = c.seated_bots.iter().map(|(seat, b)| GivenSeat {
        seat: *seat,
        player: None,
        bot: Some(b.clone()),
    });
    serde_json::to_string(&people.chain(bots).collect::<Vec<_>>()).unwrap_or_default()
}

/// A fixed seating: the people's seats and the bots'.
pub(crate) type Seating = (Vec<(Seat, lobby::Participant)>, Vec<(Seat, lobby::Bot)>);

/// A stored fixed seating (`rooms.seated`) back into the people's and the bots' seats.
///
/// # Errors
/// A stored value that does not parse.
pub(crate) fn parse_seated(text: &str) -> Result<Seating, String> {
    if text.is_empty() {
        return Ok((Vec::new(), Vec::new()));
    }
    let given: Vec<GivenSeat> = serde_json::from_str(text).map_err(|e| format!("seated: {e}"))?;
    let (mut people, mut bots) = (Vec::new(), Vec::new());
    for g in given {
        match (g.player, g.bot) {
            (Some(p), None) => people.push((g.seat, p)),
            (None, Some(b)) => bots.push((g.seat, b)),
            _ => return Err(format!("seated: seat {} has no single occupant", g.seat)),
        }
    }
    Ok((people, bots))
}
/// When a playing room brought back from the store stopped being served, for its clocks
/// (`Command::Resume`): when its server went down (`down_at`), or else (a database from
/// before heartbeats) its last command. `None` for a room not playing.
pub(crate) fn resume_of(room: &Room, down_at: Option<i64>, log: &[LogRow]) -> Option<Timestamp> {
    if room.state() != lobby::RoomState::Playing {
        return None;
    }
    let stopped = down_at.or_else(|| log.last().map(|l| l.at))?;
    Some(Timestamp(u64::try_from(stopped).unwrap_or(0)))
}

/// The lobby configuration stored in a room row (with the default first-move and rematch
/// times, which a row does not keep: the server gives its own when it rebuilds a room).
///
/// # Errors
/// A stored value that does not parse.
pub fn config_of(row: &RoomRow) -> Result<RoomConfig, String> {
    let variant: Variant = row
        .variant
        .parse()
        .map_err(|_| format!("unknown game `{}`", row.variant))?;
    let pairs: HashMap<String, String> =
        serde_json::from_str(&row.options).map_err(|e| format!("options: {e}"))?;
    let options = AnyOptions::from_pairs(variant, pairs).map_err(|e| e.to_string())?;
    let time_control: TimeControl =
        serde_json::from_str(&row.time_control).map_err(|e| format!("time control: {e}"))?;
    let visibility = match (&row.visibility[..], &row.invite_code) {
        ("private", Some(code)) => Visibility::Private {
            invite_code: code.clone(),
        },
        _ => Visibility::Public,
    };
    let (seated, seated_bots) = parse_seated(&row.seated)?;
    Ok(RoomConfig {
        id: row.id,
        options,
        host: Participant::new(PlayerId(row.host), row.host_name.clone()),
        visibility,
        time_control,
        grace_ms: u64::try_from(row.grace_ms).unwrap_or(0),
        auto_start: row.auto_start,
        rated: row.rated,
        seated,
        seated_bots,
        no_show_ms: row.no_show_ms.and_then(|ms| u64::try_from(ms).ok()),
        first_move_ms: lobby::FIRST_MOVE_MS,
        rematch_ms: lobby::REMATCH_MS,
    })
}

/// Replays a stored log on a new room: every command goes through `handle` again (so every
/// move is checked by the rules) at its logged time. The room gets the default first-move
/// and rematch times; the server gives its own.
pub fn rebuild(row: &RoomRow, log: &[LogRow]) -> Result<Room, String> {
    rebuild_with(row, log, &crate::config::ServerConfig::new(String::new()))
}

/// [`rebuild`] with the first-move and rematch times of `server`'s settings, which a room
/// row does not keep: every room of a server has the server's.
pub(crate) fn rebuild_with(
    row: &RoomRow,
    log: &[LogRow],
    server: &crate::config::ServerConfig,
) -> Result<Room, String> {
    let mut config = config_of(row)?;
    config.first_move_ms = server.first_move_ms;
    config.rematch_ms = server.rematch_ms;
    let created = Timestamp(u64::try_from(row.created_at).unwrap_or(0));
    let (mut room, _) = Room::new(config, created).map_err(|e| e.to_string())?;
    for l in log {
        let actor: Actor =
            serde_json::from_str(&l.actor).map_err(|e| format!("seq {}: actor: {e}", l.seq))?;
        let command: Command =
            serde_json::from_str(&l.command).map_err(|e| format!("seq {}: command: {e}", l.seq))?;
        let at = Timestamp(u64::try_from(l.at).unwrap_or(0));
        room.handle(&actor, at, command)
            .map_err(|e| format!("seq {}: {e}", l.seq))?;
    }
    Ok(room)
}
