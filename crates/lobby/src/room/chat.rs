//! The room's talk and audience: chat lines in two channels, their limits, deletion by a
//! moderator, what each viewer may read, the spectator count, and renames.
//!
//! While the game is on (and before it), each channel is read only by those who may write
//! in it: seated players in `players`, the others in `spectators`; players never see what
//! spectators say about their game. Once the game is over both are open to everyone.

use std::collections::VecDeque;
use std::sync::Arc;

use super::{participant, require_server, Asked, Room, Slot, Staged};
use crate::chat::{
    clean_chat_text, ChatChannel, ChatLine, CHAT_BURST, CHAT_KEEP, CHAT_MAX_CHARS, CHAT_WINDOW_MS,
    NAME_MAX_CHARS,
};
use crate::error::LobbyError;
use crate::event::{Audience, EventKind, Occupant, RoomState, Viewer};
use crate::types::{Participant, PlayerId, Timestamp};

/// A room's chat, created by its first line (most rooms never have one: memory per idle
/// room). Shared like the seats: the copy [`Room::handle`] makes costs a reference count,
/// and only a chat command copies it.
#[derive(Clone, Debug, Default)]
pub(super) struct Chat {
    /// The last [`CHAT_KEEP`] lines not deleted, oldest first.
    lines: VecDeque<ChatLine>,
    /// The id of the last line (ids run from 1).
    last_id: u32,
    /// Each participant's recent lines' times, within [`CHAT_WINDOW_MS`] of the last.
    recent: Vec<(PlayerId, VecDeque<Timestamp>)>,
}

impl Room {
    /// [`crate::Command::Chat`]: a participant says something in a channel it may write in.
    pub(super) fn chat(
        &mut self,
        cx: Asked<'_>,
        channel: ChatChannel,
        text: &str,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let p = participant(cx.actor)?;
        let seat = self.seat_of(p.id);
        let allowed = match channel {
            ChatChannel::Players => seat.is_some(),
            ChatChannel::Spectators => seat.is_none(),
        };
        if !allowed {
            return Err(LobbyError::ChatNotAllowed);
        }
        let text = clean_chat_text(text);
        if text.is_empty() {
            return Err(LobbyError::ChatEmpty);
        }
        if text.chars().count() > CHAT_MAX_CHARS {
            return Err(LobbyError::ChatTooLong {
                max: CHAT_MAX_CHARS,
            });
        }
        // The seat's name, not the socket's: a rename reaches the seat at once.
        let from = match seat.and_then(|s| self.seats[s].as_ref()) {
            Some(Slot {
                occupant: Occupant::Player(seated),
                ..
            }) => seated.clone(),
            _ if p.id == self.config.host.id => self.config.host.clone(),
            _ => p.clone(),
        };
        let audience = match (self.state, channel) {
            (RoomState::Finished | RoomState::Aborted, _) => Audience::Everyone,
            (_, ChatChannel::Players) => Audience::Players,
            (_, ChatChannel::Spectators) => Audience::Spectators,
        };
        let chat = Arc::make_mut(self.chat.get_or_insert_with(Arc::default));
        chat.admit(p.id, cx.now)?;
        chat.last_id = chat.last_id.saturating_add(1);
        let line = ChatLine {
            id: chat.last_id,
            channel,
            from,
            seat,
            text,
            at: cx.now,
        };
        if chat.lines.len() >= CHAT_KEEP {
            chat.lines.pop_front();
        }
        chat.lines.push_back(line.clone());
        out.push((
            audience,
            EventKind::Chat {
                line: Box::new(line),
            },
        ));
        Ok(())
    }

    /// [`crate::Command::DeleteChat`]: the server (a moderator) deletes a line. A line the
    /// room no longer keeps (or deleted already) is still announced, so that clients that
    /// show it drop it; an id never given out is refused.
    pub(super) fn delete_chat(
        &mut self,
        cx: Asked<'_>,
        id: u32,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        require_server(cx.actor)?;
        let last = self.chat.as_ref().map_or(0, |c| c.last_id);
        if id == 0 || id > last {
            return Err(LobbyError::NoSuchChat(id));
        }
        if let Some(chat) = self.chat.as_mut() {
            if chat.lines.iter().any(|l| l.id == id) {
                Arc::make_mut(chat).lines.retain(|l| l.id != id);
            }
        }
        out.push((Audience::Everyone, EventKind::ChatDeleted { id }));
        Ok(())
    }

    /// [`crate::Command::Watchers`]: the server counts the spectators' sockets; everyone is
    /// told when the count changes.
    pub(super) fn set_watchers(
        &mut self,
        cx: Asked<'_>,
        count: u32,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        require_server(cx.actor)?;
        if self.watchers != count {
            self.watchers = count;
            out.push((Audience::Everyone, EventKind::Watchers { count }));
        }
        Ok(())
    }

    /// [`crate::Command::Rename`]: the acting player is now known as `name`: in its seat,
    /// as the host, and on its later chat lines. A player who is neither seated nor the
    /// host changes nothing here.
    pub(super) fn rename(
        &mut self,
        cx: Asked<'_>,
        name: &str,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let p = participant(cx.actor)?;
        let name = clean_chat_text(name);
        let len = name.chars().count();
        if len == 0 || len > NAME_MAX_CHARS {
            return Err(LobbyError::InvalidName {
                max: NAME_MAX_CHARS,
            });
        }
        let id = p.id;
        let renamed = Participant::new(id, name.clone());
        let mut changed = false;
        if self.config.host.id == id && self.config.host.name != name {
            Arc::make_mut(&mut self.config).host = renamed.clone();
            changed = true;
        }
        if let Some(seat) = self.seat_of(id) {
            let seated_name = match self.seats[seat].as_ref().map(|s| &s.occupant) {
                Some(Occupant::Player(q)) => Some(q.name.as_str()),
                _ => None,
            };
            if seated_name != Some(name.as_str()) {
                if let Some(slot) = self.seats_mut()[seat].as_mut() {
                    slot.occupant = Occupant::Player(renamed);
                }
                self.stage_seats(out);
                changed = true;
            }
        }
        if changed {
            out.push((Audience::Everyone, EventKind::Renamed { player: id, name }));
        }
        Ok(())
    }

    /// The chat lines `viewer` may read, oldest first.
    pub(super) fn chat_for(&self, viewer: Viewer) -> Vec<ChatLine> {
        let Some(chat) = self.chat.as_ref() else {
            return Vec::new();
        };
        chat.lines
            .iter()
            .filter(|l| l.channel.read_by(viewer, self.state))
            .cloned()
            .collect()
    }
}

impl Chat {
    /// Counts a line from `who` at `now` against the rate limit, or refuses it.
    fn admit(&mut self, who: PlayerId, now: Timestamp) -> Result<(), LobbyError> {
        // Forget everyone whose last line is out of the window, so the list stays as short
        // as the number of people talking now.
        self.recent
            .retain(|(_, times)| times.back().is_some_and(|t| now.since(*t) < CHAT_WINDOW_MS));
        let times = match self.recent.iter().position(|(p, _)| *p == who) {
            Some(i) => &mut self.recent[i].1,
            None => {
                self.recent.push((who, VecDeque::with_capacity(CHAT_BURST)));
                let last = self.recent.len() - 1;
                &mut self.recent[last].1
            }
        };
        while times
            .front()
            .is_some_and(|t| now.since(*t) >= CHAT_WINDOW_MS)
        {
            times.pop_front();
        }
        if times.len() >= CHAT_BURST {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(LobbyError::ChatTooFast {
                retry_in_ms: CHAT_WINDOW_MS.saturating_sub(now.since(oldest)),
            });
        }
        times.push_back(now);
        Ok(())
    }
}
