//! Accounts' mail addresses and the claims of the daily digest (migration 0013).

use uuid::Uuid;

use super::{db_err, parse_uuid, Pool, Store, StoreError};

/// An account's stored address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailRow {
    /// The account's player.
    pub player_id: Uuid,
    /// The address as the player typed it.
    pub address: String,
    /// When the player followed the verification link (`None`: not yet).
    pub verified_at: Option<i64>,
    /// When the last verification mail was sent.
    pub verify_sent_at: i64,
    /// The token of the digest's unsubscribe links.
    pub unsubscribe_token: String,
    /// Whether the account wants the digest.
    pub subscribed: bool,
    /// When the last digest was sent (0: never).
    pub last_digest_at: i64,
}

/// A verified, subscribed address whose digest is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueDigest {
    /// The account's player.
    pub player_id: Uuid,
    /// Where the digest goes.
    pub address: String,
    /// The token of its unsubscribe links.
    pub unsubscribe_token: String,
    /// The value the claim moves forward from.
    pub last_digest_at: i64,
    /// The account's language tag (migration 0014), the digest's language; `None`: English.
    pub language: Option<String>,
}

#[derive(sqlx::FromRow)]
struct RawMail {
    player_id: String,
    address: String,
    verified_at: Option<i64>,
    verify_sent_at: i64,
    unsubscribe_token: String,
    subscribed: i64,
    last_digest_at: i64,
}

#[derive(sqlx::FromRow)]
struct RawDue {
    player_id: String,
    address: String,
    unsubscribe_token: String,
    last_digest_at: i64,
    language: Option<String>,
}

impl Store {
    /// The account's address, if it has one.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn mail_address(&self, player: Uuid) -> Result<Option<MailRow>, StoreError> {
        let raw: Option<RawMail> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT player_id, address, verified_at, verify_sent_at, unsubscribe_token, \
                 subscribed, last_digest_at FROM mail_addresses WHERE player_id = $1",
            )
            .bind(player.to_string())
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        raw.map(|r| {
            Ok(MailRow {
                player_id: parse_uuid(&r.player_id, "mail address player")?,
                address: r.address,
                verified_at: r.verified_at,
                verify_sent_at: r.verify_sent_at,
                unsubscribe_token: r.unsubscribe_token,
                subscribed: r.subscribed != 0,
                last_digest_at: r.last_digest_at,
            })
        })
        .transpose()
    }

    /// Sets the account's address, unverified, waiting for the token whose hash is
    /// `verify_hash`, and subscribed; a new address gets a new unsubscribe token.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_mail_address(
        &self,
        player: Uuid,
        address: &str,
        verify_hash: &str,
        unsubscribe_token: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query(
                "INSERT INTO mail_addresses (player_id, address, verified_at, verify_hash, \
                 verify_sent_at, unsubscribe_token, subscribed, last_digest_at, created_at) \
                 VALUES ($1, $2, NULL, $3, $4, $5, 1, 0, $4) \
                 ON CONFLICT (player_id) DO UPDATE SET address = $2, verified_at = NULL, \
                 verify_hash = $3, verify_sent_at = $4, unsubscribe_token = $5, subscribed = 1",
            )
            .bind(player.to_string())
            .bind(address)
            .bind(verify_hash)
            .bind(now)
            .bind(unsubscribe_token)
            .execute(p)
            .await
            .map_err(db_err)?;
        });
        Ok(())
    }

    /// Marks the address waiting for the token whose hash is `verify_hash` as verified, if
    /// that mail was sent after `sent_after`; the token is spent. The player, or `None`
    /// for an unknown, spent or expired token.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn verify_mail(
        &self,
        verify_hash: &str,
        sent_after: i64,
        now: i64,
    ) -> Result<Option<Uuid>, StoreError> {
        let id: Option<String> = on_pool!(self, p => {
            sqlx::query_scalar(
                "UPDATE mail_addresses SET verified_at = $1, verify_hash = NULL \
                 WHERE verify_hash = $2 AND verify_sent_at > $3 RETURNING player_id",
            )
            .bind(now)
            .bind(verify_hash)
            .bind(sent_after)
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        id.as_deref()
            .map(|s| parse_uuid(s, "mail address player"))
            .transpose()
    }

    /// Turns the digest on or off for the account; false if it has no address.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_mail_subscribed(
        &self,
        player: Uuid,
        subscribed: bool,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("UPDATE mail_addresses SET subscribed = $1 WHERE player_id = $2")
                .bind(i64::from(subscribed))
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// Turns the digest off for the address whose unsubscribe token is `token`; false for
    /// an unknown token.
    ///
    /// # Errors
    /// Database failure.
    pub async fn unsubscribe_mail(&self, token: &str) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("UPDATE mail_addresses SET subscribed = 0 WHERE unsubscribe_token = $1")
                .bind(token)
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// Removes the account's address; false if it had none.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_mail_address(&self, player: Uuid) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("DELETE FROM mail_addresses WHERE player_id = $1")
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// Up to `limit` verified, subscribed addresses whose last digest was at or before
    /// `cutoff`, oldest digest first, from after `after` (the last one of the previous page)
    /// on. Keyset paging over the partial index: each page costs its own rows.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn due_digests(
        &self,
        cutoff: i64,
        after: Option<&DueDigest>,
        limit: u32,
    ) -> Result<Vec<DueDigest>, StoreError> {
        let (after_at, after_id) = after.map_or((-1, String::new()), |a| {
            (a.last_digest_at, a.player_id.to_string())
        });
        let raw: Vec<RawDue> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT m.player_id, m.address, m.unsubscribe_token, m.last_digest_at, \
                 a.language \
                 FROM mail_addresses m LEFT JOIN accounts a ON a.player_id = m.player_id \
                 WHERE m.verified_at IS NOT NULL AND m.subscribed = 1 \
                 AND m.last_digest_at <= $1 \
                 AND (m.last_digest_at > $2 OR (m.last_digest_at = $2 AND m.player_id > $3)) \
                 ORDER BY m.last_digest_at, m.player_id LIMIT $4",
            )
            .bind(cutoff)
            .bind(after_at)
            .bind(&after_id)
            .bind(i64::from(limit))
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        raw.into_iter()
            .map(|r| {
                Ok(DueDigest {
                    player_id: parse_uuid(&r.player_id, "mail address player")?,
                    address: r.address,
                    unsubscribe_token: r.unsubscribe_token,
                    last_digest_at: r.last_digest_at,
                    language: r.language,
                })
            })
            .collect()
    }

    /// Claims the digest of `player` for `now`: moves its last digest from `from` to `now`.
    /// False when another node (or an earlier run) moved it first: that one sends.
    ///
    /// # Errors
    /// Database failure.
    pub async fn claim_digest(
        &self,
        player: Uuid,
        from: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query(
                "UPDATE mail_addresses SET last_digest_at = $1 \
                 WHERE player_id = $2 AND last_digest_at = $3",
            )
            .bind(now)
            .bind(player.to_string())
            .bind(from)
            .execute(p)
            .await
            .map_err(db_err)?
            .rows_affected()
        });
        Ok(done > 0)
    }

    /// Gives back a claim whose mail could not be sent, so that a later run tries again.
    ///
    /// # Errors
    /// Database failure.
    pub async fn release_digest(
        &self,
        player: Uuid,
        claimed: i64,
        back: i64,
    ) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query(
                "UPDATE mail_addresses SET last_digest_at = $1 \
                 WHERE player_id = $2 AND last_digest_at = $3",
            )
            .bind(back)
            .bind(player.to_string())
            .bind(claimed)
            .execute(p)
            .await
            .map_err(db_err)?;
        });
        Ok(())
    }
}
