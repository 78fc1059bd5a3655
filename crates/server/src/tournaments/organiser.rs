//! What an event's organiser (its creator, or an admin) may do before the start: edit it,
//! start it early, enter bots and cancel it. Kept apart from registration and the director:
//! each action checks who asks and that the event has not started, then stores the change
//! and tells the event's pages.

use uuid::Uuid;

use super::*;

impl Tournaments {
    /// Refuses anyone but the creator of `t` and admins, and any change once it started.
    fn may_organise(t: &StoredTournament, by: Organiser) -> Result<(), TournamentError> {
        if !by.admin && t.event.created_by != by.id {
            return Err(TournamentError::Denied {
                code: "not_organiser",
                message: "only the tournament's creator or an admin may change it".to_string(),
            });
        }
        if t.event.state != "registering" {
            return Err(started());
        }
        Ok(())
    }

    /// Changes the settings of event `id` before its start.
    ///
    /// # Errors
    /// [`TournamentError::Denied`] (`not_organiser`) for anyone but its creator or an
    /// admin; [`TournamentError::Conflict`] (`tournament_started`) once it has started;
    /// [`TournamentError::Invalid`] for settings that cannot make an event, or a cap below
    /// the entrants already in; the store failed.
    pub(crate) async fn edit(
        &self,
        id: Uuid,
        by: Organiser,
        edit: TournamentEdit,
    ) -> Result<StoredTournament, TournamentError> {
        let t = self.load(id).await?;
        Self::may_organise(&t, by)?;
        let row = &t.event;
        let format: tourney::Format = serde_json::from_str(&row.format)
            .map_err(|e| StoreError::Corrupt(format!("tournament format: {e}")))?;
        let time_control: TimeControl = serde_json::from_str(&row.time_control)
            .map_err(|e| StoreError::Corrupt(format!("tournament time control: {e}")))?;
        let new = NewTournament {
            name: edit.name.unwrap_or_else(|| row.name.clone()),
            options: options_of(row)?,
            format: edit.format.unwrap_or(format),
            time_control: edit.time_control.unwrap_or(time_control),
            rated: edit.rated.unwrap_or(row.rated),
            starts_at: edit.starts_at.unwrap_or(row.starts_at),
            no_show_ms: edit
                .no_show_ms
                .unwrap_or_else(|| u64::try_from(row.no_show_ms).unwrap_or(0)),
            max_players: edit
                .max_players
                .unwrap_or_else(|| row.max_players.and_then(|m| u32::try_from(m).ok())),
            bots: Vec::new(),
        };
        let name = checked_name(&new)?;
        let changed = TournamentRow {
            name,
            format: serde_json::to_string(&new.format).unwrap_or_default(),
            time_control: serde_json::to_string(&new.time_control).unwrap_or_default(),
            rated: new.rated,
            starts_at: new.starts_at,
            no_show_ms: i64::try_from(new.no_show_ms).unwrap_or(i64::MAX),
            max_players: new.max_players.map(i64::from),
            ..row.clone()
        };
        self.store_edit(&changed).await?;
        self.changed(id);
        self.wake(id);
        self.load(id).await
    }

    /// Stores `changed`, or says why the store refused it.
    async fn store_edit(&self, changed: &TournamentRow) -> Result<(), TournamentError> {
        if self.store().edit_tournament(changed).await? {
            return Ok(());
        }
        if self.load(changed.id).await?.event.state != "registering" {
            return Err(started());
        }
        Err(invalid(
            "bad_max_players",
            "more players have registered than that cap allows",
        ))
    }

    /// Starts event `id` now rather than at its time.
    ///
    /// # Errors
    /// As [`Tournaments::edit`]; [`TournamentError::Conflict`] (`too_few_players`) with
    /// fewer than two entrants.
    pub(crate) async fn start_now(
        &self,
        id: Uuid,
        by: Organiser,
    ) -> Result<StoredTournament, TournamentError> {
        let t = self.load(id).await?;
        Self::may_organise(&t, by)?;
        if t.entrants.iter().filter(|e| e.active).count() < 2 {
            return Err(conflict(
                "too_few_players",
                "a tournament needs at least two players to start",
            ));
        }
        let changed = TournamentRow {
            starts_at: now_ms(),
            ..t.event.clone()
        };
        self.store_edit(&changed).await?;
        self.changed(id);
        self.wake(id);
        self.load(id).await
    }

    /// Cancels event `id` before its start: it is deleted with its registrations, and its
    /// live streams say so.
    ///
    /// # Errors
    /// As [`Tournaments::edit`].
    pub(crate) async fn cancel(&self, id: Uuid, by: Organiser) -> Result<(), TournamentError> {
        let t = self.load(id).await?;
        Self::may_organise(&t, by)?;
        if !self.store().cancel_tournament(id).await? {
            return Err(started());
        }
        self.changed(id);
        self.wake(id);
        Ok(())
    }

    /// Enters `bots` into event `id` before its start, each an entrant of its own.
    ///
    /// # Errors
    /// As [`Tournaments::edit`]; [`TournamentError::Invalid`] (`unknown_bot`,
    /// `too_many_bots`, `no_bots`); [`TournamentError::Conflict`] (`tournament_full`) when
    /// the cap leaves too few places (bots entered before the cap was reached stay).
    pub(crate) async fn add_bots(
        &self,
        id: Uuid,
        by: Organiser,
        bots: &[Bot],
    ) -> Result<StoredTournament, TournamentError> {
        let t = self.load(id).await?;
        Self::may_organise(&t, by)?;
        if bots.is_empty() {
            return Err(invalid("no_bots", "name at least one bot to enter"));
        }
        if let Some(b) = bots.iter().find(|b| !b.exists()) {
            return Err(invalid(
                "unknown_bot",
                format!("no bot `{}` at level {}", b.kind, b.level),
            ));
        }
        if t.entrants.iter().filter(|e| e.bot.is_some()).count() + bots.len() > MAX_BOTS {
            return Err(invalid(
                "too_many_bots",
                format!("at most {MAX_BOTS} bots may enter"),
            ));
        }
        let active = t.entrants.iter().filter(|e| e.active).count();
        let cap = t
            .event
            .max_players
            .map_or(usize::MAX, |m| usize::try_from(m).unwrap_or(usize::MAX));
        if active + bots.len() > cap {
            return Err(conflict("tournament_full", "the tournament is full"));
        }
        let mut refused = None;
        for row in bot_entrants(id, &t.entrants, bots, now_ms()) {
            match self.store().join_tournament(&row).await? {
                JoinOutcome::Joined => {}
                JoinOutcome::Full => {
                    refused = Some(conflict("tournament_full", "the tournament is full"));
                    break;
                }
                JoinOutcome::Closed => {
                    refused = Some(started());
                    break;
                }
            }
        }
        self.changed(id);
        self.wake(id);
        match refused {
            Some(e) => Err(e),
            None => self.load(id).await,
        }
    }
}
