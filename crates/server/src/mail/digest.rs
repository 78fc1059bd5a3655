//! The daily digest: for each verified, subscribed address whose last digest is a day old,
//! the correspondence games awaiting the account's move, in one mail.
//!
//! A run reads the due addresses a page at a time through their partial index, and each
//! account's games from the rooms' index of players ([`crate::rooms::Rooms::games_of`], what
//! "Your games" lists): its cost follows the due accounts and their own games, never every
//! game stored. An account with nothing to play is not mailed and stays due, so that its
//! next game waiting for it is told at the next run.
//!
//! Several nodes on one database each run the job; the claim
//! ([`crate::store::Store::claim_digest`]) moves the account's `last_digest_at` forward from
//! the value the node read, and only the node whose update took sends. A mail the SMTP
//! server refused gives its claim back for the next run.

use std::time::Duration;

use lettre::Address;
use lobby::TimeControl;
use uuid::Uuid;

use super::{DigestGame, Mail, MailError, Mailer, DIGEST_EVERY_MS};
use crate::i18n::Lang;
use crate::rooms::{RoomSummary, Rooms};
use crate::store::{now_ms, Store, StoreError};

/// Addresses read per page.
const PAGE: u32 = 500;

/// Where the digest finds the games awaiting a player's move.
pub trait Awaiting {
    /// The correspondence games awaiting `player`'s move, oldest move first.
    fn awaiting(&self, player: Uuid) -> Vec<DigestGame>;
}

/// The entry of `s` in `player`'s digest, if it is a correspondence game waiting for them.
pub fn digest_game(s: &RoomSummary, player: Uuid) -> Option<DigestGame> {
    if !matches!(s.time_control, TimeControl::Correspondence { .. })
        || s.progress.to_move != Some(player)
        || !s.unfinished()
    {
        return None;
    }
    let seat = s.seats.iter().find(|t| t.player == Some(player))?.seat;
    // A Neva partner plays with the player, not against them.
    let teams = matches!(&s.options, rules::AnyOptions::Neva(o) if o.teams);
    let opponents = s
        .seats
        .iter()
        .filter(|t| t.seat != seat && !(teams && t.seat == seat.opposite()))
        .filter_map(|t| t.name.as_deref().map(str::to_string))
        .collect();
    Some(DigestGame {
        room_id: s.id,
        game: s.game,
        opponents,
        deadline_ms: s.progress.deadline,
    })
}

impl Awaiting for Rooms {
    fn awaiting(&self, player: Uuid) -> Vec<DigestGame> {
        let mut games: Vec<DigestGame> = self
            .games_of(player)
            .iter()
            .filter_map(|s| digest_game(s, player))
            .collect();
        // The list comes newest move first; the one that waited longest leads the mail.
        games.reverse();
        games
    }
}

/// Where the digests go: the [`Mailer`], or a benchmark's counter.
pub trait Outbox {
    /// Sends `to` the digest of `games`, written in `lang`.
    fn send_digest(
        &self,
        to: Address,
        games: &[DigestGame],
        unsubscribe_token: &str,
        lang: Lang,
    ) -> impl std::future::Future<Output = Result<(), MailError>> + Send;
}

impl Outbox for Mailer {
    fn send_digest(
        &self,
        to: Address,
        games: &[DigestGame],
        unsubscribe_token: &str,
        lang: Lang,
    ) -> impl std::future::Future<Output = Result<(), MailError>> + Send {
        Mailer::send_digest(self, to, games, unsubscribe_token, lang)
    }
}

/// What one run did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct DigestRun {
    /// Digests sent.
    pub sent: u32,
    /// Due accounts with no game awaiting their move.
    pub idle: u32,
    /// Digests another node claimed first.
    pub taken: u32,
    /// Digests the SMTP server did not take (tried again at the next run).
    pub failed: u32,
}

/// One run at `now` (ms): sends every digest due.
///
/// # Errors
/// The store failed; the digests sent before stay sent.
pub async fn run_once(
    store: &Store,
    games: &impl Awaiting,
    outbox: &impl Outbox,
    now: i64,
) -> Result<DigestRun, StoreError> {
    let mut run = DigestRun::default();
    let cutoff = now - DIGEST_EVERY_MS;
    let mut after = None;
    loop {
        let page = store.due_digests(cutoff, after.as_ref(), PAGE).await?;
        let Some(last) = page.last().cloned() else {
            break;
        };
        for due in &page {
            let list = games.awaiting(due.player_id);
            if list.is_empty() {
                run.idle += 1;
                continue;
            }
            if !store
                .claim_digest(due.player_id, due.last_digest_at, now)
                .await?
            {
                run.taken += 1;
                continue;
            }
            // In the account's language; English when it picked none.
            let lang = due
                .language
                .as_deref()
                .and_then(Lang::of_tag)
                .unwrap_or_default();
            let sent = match due.address.parse::<Address>() {
                Ok(to) => outbox
                    .send_digest(to, &list, &due.unsubscribe_token, lang)
                    .await
                    .map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            match sent {
                Ok(()) => run.sent += 1,
                Err(e) => {
                    tracing::warn!(player = %due.player_id, error = %e, "a digest was not sent");
                    store
                        .release_digest(due.player_id, now, due.last_digest_at)
                        .await?;
                    run.failed += 1;
                }
            }
        }
        if page.len() < PAGE as usize {
            break;
        }
        after = Some(last);
    }
    Ok(run)
}

/// Runs the digest every `every` until the server stops (nothing when mail is off).
pub fn spawn(mail: &Mail, store: Store, rooms: Rooms, every: Duration) {
    let Mail::On(mailer) = mail else {
        return;
    };
    let mailer = mailer.clone();
    tokio::spawn(async move {
        let mut stopping = rooms.stopping();
        loop {
            tokio::select! {
                () = tokio::time::sleep(every) => {}
                _ = stopping.changed() => return,
            }
            if *stopping.borrow() {
                return;
            }
            match run_once(&store, &rooms, &*mailer, now_ms()).await {
                Ok(run) if run.sent + run.failed > 0 => {
                    tracing::info!(sent = run.sent, failed = run.failed, "digests");
                }
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "the digest run stopped"),
            }
        }
    });
}
