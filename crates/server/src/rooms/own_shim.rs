//! Stand-in for the `own` branch's `Owner`, `Rooms::owner_of` and `Rooms::claim` until it is
//! merged (removed by the merge).

use uuid::Uuid;

use super::{RoomHandle, Rooms};
use crate::store::StoreError;

/// Who owns a room.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// This node.
    Me,
    /// Another live node.
    Node(i64),
    /// Nobody alive.
    Nobody,
    /// No such room.
    Missing,
}

impl Rooms {
    /// Who owns `id`.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn owner_of(&self, id: Uuid) -> Result<Owner, StoreError> {
        let Some(pool) = self.store().postgres() else {
            return Ok(if self.get(id).is_some() {
                Owner::Me
            } else {
                Owner::Missing
            });
        };
        let owner: Option<Option<i64>> =
            sqlx::query_scalar("SELECT owner FROM rooms WHERE id = $1")
                .bind(id.to_string())
                .fetch_optional(pool)
                .await
                .map_err(StoreError::Sqlx)?;
        let me = self.cluster().map(crate::cluster::Cluster::epoch);
        Ok(match owner {
            None => Owner::Missing,
            Some(None) => Owner::Nobody,
            Some(Some(e)) if Some(e) == me => Owner::Me,
            Some(Some(e)) => Owner::Node(e),
        })
    }

    /// Claims `id` for this node.
    ///
    /// # Errors
    /// The store could not be read.
    pub async fn claim(&self, id: Uuid) -> Result<Option<RoomHandle>, StoreError> {
        Ok(self.get(id))
    }
}
