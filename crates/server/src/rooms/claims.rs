//! Rooms changing hands between nodes: who owns a room, this node claiming one whose
//! owner is gone (at start, on each lease renewal, or when a socket asks for it), and
//! finding the node that serves a room (`docs/cluster.md`).

use uuid::Uuid;

use super::lock::lock;
use super::messages::{Owner, RoomHandle};
use super::owner::IDLE_FINISHED_MS;
use super::persist::{self, resume_of};
use super::registry::Rooms;
use crate::cluster::Cluster;
use crate::metrics::Metrics;
use crate::store::now_ms;
use crate::store::{LiveRoom, StoreError};
use crate::wire::Note;

impl Rooms {
    /// The room with this id as this node serves it: its live task here; else, with
    /// several nodes, a follower of the room when another live node owns it, or the room
    /// claimed now when nobody alive does (`docs/cluster.md`). `None`: no such room (or,
    /// one node, not live).
    pub async fn find(&self, id: Uuid) -> Option<RoomHandle> {
        if let Some(h) = self.get(id) {
            return Some(h);
        }
        let cluster = self.cluster()?.clone();
        if let Some(h) = self.followed(id) {
            return Some(h);
        }
        // Twice: a claim lost to another node, or a follower whose owner just lost the
        // room, is looked up once more.
        for _ in 0..2 {
            match self.owner_of(id).await {
                Ok(Owner::Me | Owner::Nobody) => match self.claim(id).await {
                    Ok(Some(h)) => return Some(h),
                    Ok(None) => {}
                    Err(e) => {
                        tracing::warn!(room = %id, error = %e, "room not claimed");
                        return None;
                    }
                },
                Ok(Owner::Node(owner)) => match self.follow(id, owner, &cluster).await {
                    Some(h) => return Some(h),
                    None => return None,
                },
                Ok(Owner::Missing) => return None,
                Err(e) => {
                    tracing::warn!(room = %id, error = %e, "room's owner not read");
                    return None;
                }
            }
        }
        None
    }

    /// With several nodes, the start: this node takes back the rooms of its previous lives
    /// (the same `--node-name`: a node restarted after a kill need not wait for its old
    /// lease to lapse), and its share of the orphans, then keeps its lease
    /// (`lease`). The single-row heartbeat of one node is not used: the nodes'
    /// leases say when each was last seen.
    pub(super) async fn restore_cluster(&self) -> Result<(), StoreError> {
        let Some(cluster) = self.inner.cluster.clone() else {
            return Ok(());
        };
        {
            let _claiming = cluster.claiming().await;
            let since = now_ms() - IDLE_FINISHED_MS;
            let claimed = self
                .inner
                .store
                .claim_orphans(
                    cluster.epoch(),
                    cluster.lease_ms(),
                    Some(cluster.name()),
                    since,
                    &[],
                )
                .await?;
            self.spawn_claimed(claimed, cluster.epoch());
            self.retire_previous_lives(&cluster).await;
        }
        let lease = tokio::spawn(super::lease::run(
            self.clone(),
            self.inner.shutdown.subscribe(),
        ));
        self.keep_task(lease);
        Ok(())
    }

    /// Starts the tasks of rooms claimed for `epoch`, each resumed from when its previous
    /// owner was last seen (a game under way; nobody is charged for the outage).
    fn spawn_claimed(&self, claimed: Vec<crate::store::Claimed>, epoch: i64) -> Vec<RoomHandle> {
        let mut handles = Vec::with_capacity(claimed.len());
        for crate::store::Claimed {
            room: live,
            down_at,
        } in claimed
        {
            let LiveRoom { room: row, log } = live;
            match persist::rebuild_with(&row, &log, self.config()) {
                Ok(room) => {
                    let seq = log.last().map_or(0, |l| l.seq + 1);
                    let resume = resume_of(&room, down_at, &log);
                    tracing::info!(room = %row.id, epoch, from = ?row.owner, commands = log.len(), "room claimed");
                    Metrics::inc(&self.inner.metrics.claims);
                    handles.push(self.spawn_resumed(room, seq, resume, Some(epoch), false));
                }
                Err(e) => {
                    tracing::error!(room = %row.id, error = %e, "claimed room cannot be rebuilt")
                }
            }
        }
        handles
    }

    /// A room another node handed to this one (`wire::Note::HandedOver`): started here from
    /// the stored log, the clocks given back from `at`, the moment it was let go. Its
    /// follower here stops, and its sockets reconnect to it. Nothing when the room is
    /// live here already or is no longer this node's (a missed note is made good by the
    /// first socket that asks for the room: it is claimed then).
    pub(crate) async fn take_handed(&self, id: Uuid, at: i64) {
        let Some(cluster) = self.inner.cluster.clone() else {
            return;
        };
        let _claiming = cluster.claiming().await;
        let epoch = cluster.epoch();
        if self.get(id).is_some() || self.is_shutting_down() || epoch == 0 {
            return;
        }
        let LiveRoom { room: row, log } = match self.inner.store.owned_room(id, epoch).await {
            Ok(Some(live)) => live,
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(room = %id, error = %e, "room handed here not read: the next socket claims it");
                return;
            }
        };
        match persist::rebuild_with(&row, &log, self.config()) {
            Ok(room) => {
                let seq = log.last().map_or(0, |l| l.seq + 1);
                let resume = resume_of(&room, Some(at), &log);
                self.spawn_resumed(room, seq, resume, Some(epoch), true);
            }
            Err(e) => tracing::error!(room = %id, error = %e, "room handed here cannot be rebuilt"),
        }
    }

    /// After a restart, once this node took its previous lives' rooms back: those lives
    /// are marked stopped and every node is told ([`Note::Released`]), so the clients on
    /// other nodes reach the rooms here at once, not once the old lease lapses.
    async fn retire_previous_lives(&self, cluster: &Cluster) {
        let store = &self.inner.store;
        let lives = match store.retire_lives(cluster.name(), cluster.epoch()).await {
            Ok(lives) => lives,
            Err(e) => {
                tracing::warn!(error = %e, "previous lives not retired: the others wait for their leases");
                return;
            }
        };
        let notes: Vec<Note> = lives
            .into_iter()
            .map(|epoch| Note::Released { epoch })
            .collect();
        if let Err(e) = store.notify_all(&notes).await {
            tracing::warn!(error = %e, "previous lives' end not told: the others wait for their leases");
        }
    }

    /// With several nodes: claims this node's share of the orphaned rooms now and starts
    /// them (the lease loop calls it after each renewal; a node that hears another one
    /// released its rooms, `wire::Note::Released`, calls it at once). On
    /// one node, or while shutting down, nothing.
    pub async fn sweep_now(&self) {
        let Some(cluster) = self.inner.cluster.clone() else {
            return;
        };
        let _claiming = cluster.claiming().await;
        let epoch = cluster.epoch();
        if self.is_shutting_down() || epoch == 0 || cluster.renewals_paused() {
            return;
        }
        // A room still live here (a task of an older epoch, ending) waits for a later sweep.
        let skip: Vec<Uuid> = lock(&self.inner.rooms).handles.keys().copied().collect();
        match self
            .inner
            .store
            .claim_orphans(epoch, cluster.lease_ms(), None, 0, &skip)
            .await
        {
            Ok(claimed) => {
                self.spawn_claimed(claimed, epoch);
            }
            Err(e) => tracing::warn!(error = %e, "the sweep for orphaned rooms failed"),
        }
    }

    /// Who owns room `id`: this node, another live one, nobody alive, or no such room.
    /// On one node, a live room is this node's, a stored one nobody's.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn owner_of(&self, id: Uuid) -> Result<Owner, StoreError> {
        let Some(cluster) = &self.inner.cluster else {
            if self.get(id).is_some() {
                return Ok(Owner::Me);
            }
            return Ok(match self.inner.store.room(id).await? {
                Some(_) => Owner::Nobody,
                None => Owner::Missing,
            });
        };
        let owner = self.inner.store.room_owner(id, cluster.lease_ms()).await?;
        Ok(match owner {
            crate::store::StoredOwner::Missing => Owner::Missing,
            crate::store::StoredOwner::Nobody => Owner::Nobody,
            crate::store::StoredOwner::Live(e) if e == cluster.epoch() => Owner::Me,
            crate::store::StoredOwner::Live(e) => Owner::Node(e),
        })
    }

    /// The room `id` served by this node: its live task, else (several nodes) the room
    /// claimed now when its owner is not alive, or brought back when this node owns it and
    /// its task had ended (a finished room that left memory). `None`: another live node
    /// owns it, it does not exist, or (one node) it is not live.
    ///
    /// # Errors
    /// The store could not be read or written.
    pub async fn claim(&self, id: Uuid) -> Result<Option<RoomHandle>, StoreError> {
        if let Some(h) = self.get(id) {
            return Ok(Some(h));
        }
        let Some(cluster) = self.inner.cluster.clone() else {
            return Ok(None);
        };
        let _claiming = cluster.claiming().await;
        if let Some(h) = self.get(id) {
            return Ok(Some(h));
        }
        let epoch = cluster.epoch();
        if self.is_shutting_down() || epoch == 0 {
            return Ok(None);
        }
        let store = &self.inner.store;
        if let Some(claimed) = store.claim_room(id, epoch, cluster.lease_ms()).await? {
            return Ok(self.spawn_claimed(vec![claimed], epoch).pop());
        }
        let Some(LiveRoom { room: row, log }) = store.owned_room(id, epoch).await? else {
            return Ok(None);
        };
        match persist::rebuild_with(&row, &log, self.config()) {
            Ok(room) => {
                let seq = log.last().map_or(0, |l| l.seq + 1);
                Ok(Some(self.spawn_resumed(
                    room,
                    seq,
                    None,
                    Some(epoch),
                    false,
                )))
            }
            Err(e) => {
                tracing::error!(room = %id, error = %e, "room cannot be rebuilt");
                Ok(None)
            }
        }
    }
}
