//! Draw offers: one pending offer at a time, made by a seat (or, in team play, on behalf of
//! its team) and answered by every other seat still playing. An offer lapses when a seat
//! that had to answer moves instead or a seat goes out (see `play.rs`).

use rules::{Seat, SeatSet};

use super::{Asked, Room, Staged};
use crate::error::LobbyError;
use crate::event::{Audience, DrawAction, DrawOfferView, EventKind};
use crate::outcome::Reason;
use crate::types::Timestamp;

impl Room {
    /// [`crate::Command::OfferDraw`]: offer a draw; offering while an offer waits for one's
    /// answer accepts it.
    pub(super) fn offer_draw(&mut self, cx: Asked<'_>, out: &mut Staged) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        let playing = self.playing();
        let side = self.side_of(seat).intersect(playing);
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::NoDrawOffer);
        };
        match play.draw_offer {
            Some(offer) if offer.waiting_for.contains(seat) => {
                self.accept(seat, offer, cx.now, out);
                Ok(())
            }
            Some(_) => Err(LobbyError::DrawAlreadyOffered),
            None => {
                let offer = DrawOfferView {
                    side,
                    accepted: SeatSet::EMPTY,
                    waiting_for: playing.minus(side),
                };
                play.draw_offer = Some(offer);
                out.push((
                    Audience::Everyone,
                    EventKind::DrawOffer {
                        by: Some(seat),
                        action: DrawAction::Offered,
                        offer: Some(offer),
                    },
                ));
                Ok(())
            }
        }
    }

    /// [`crate::Command::AcceptDraw`]: accept the offer waiting for this seat's answer.
    pub(super) fn accept_draw(
        &mut self,
        cx: Asked<'_>,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        match self.play.as_ref().and_then(|p| p.draw_offer) {
            Some(offer) if offer.waiting_for.contains(seat) => {
                self.accept(seat, offer, cx.now, out);
                Ok(())
            }
            _ => Err(LobbyError::NoDrawOffer),
        }
    }

    /// `seat` accepts `offer`; the game is drawn once nobody is left to answer.
    fn accept(&mut self, seat: Seat, mut offer: DrawOfferView, now: Timestamp, out: &mut Staged) {
        offer.waiting_for.remove(seat);
        offer.accepted.insert(seat);
        let agreed = offer.waiting_for.is_empty();
        let pending = (!agreed).then_some(offer);
        if let Some(play) = self.play.as_mut() {
            play.draw_offer = pending;
        }
        out.push((
            Audience::Everyone,
            EventKind::DrawOffer {
                by: Some(seat),
                action: DrawAction::Accepted,
                offer: pending,
            },
        ));
        if agreed {
            self.finish(Some(Reason::Agreement), now, out);
        }
    }

    /// [`crate::Command::DeclineDraw`]: decline the pending offer (a seat that had to
    /// answer, or had accepted), or withdraw one's own side's offer.
    pub(super) fn decline_draw(
        &mut self,
        cx: Asked<'_>,
        out: &mut Staged,
    ) -> Result<(), LobbyError> {
        let seat = self.seat_in_play(cx)?;
        let Some(play) = self.play.as_mut() else {
            return Err(LobbyError::NoDrawOffer);
        };
        let Some(offer) = play.draw_offer else {
            return Err(LobbyError::NoDrawOffer);
        };
        let action = if offer.waiting_for.union(offer.accepted).contains(seat) {
            DrawAction::Declined
        } else if offer.side.contains(seat) {
            DrawAction::Withdrawn
        } else {
            return Err(LobbyError::NoDrawOffer);
        };
        play.draw_offer = None;
        out.push((
            Audience::Everyone,
            EventKind::DrawOffer {
                by: Some(seat),
                action,
                offer: None,
            },
        ));
        Ok(())
    }
}
