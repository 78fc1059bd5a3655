//! Accounts, sessions, bans, invites and the audit trail (migration 0002).

use uuid::Uuid;

use super::{db_err, parse_uuid, Pool, Store, StoreError};

/// Inserts a [`SessionRow`] on a pool or a transaction (expanded per backend).
macro_rules! insert_session {
    ($exec:expr, $s:expr) => {{
        let s = $s;
        sqlx::query(
            "INSERT INTO sessions (id, player_id, token_hash, created_at, user_agent, address) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(s.id.to_string())
        .bind(s.player_id.to_string())
        .bind(&s.token_hash)
        .bind(s.created_at)
        .bind(&s.user_agent)
        .bind(&s.address)
        .execute($exec)
        .await
        .map_err(db_err)?;
    }};
}

/// Who a token belongs to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenOwner {
    /// The player.
    pub id: Uuid,
    /// The display name.
    pub name: String,
    /// When the player was banned, if they were.
    pub banned_at: Option<i64>,
    /// The account's username and role, for a claimed identity.
    pub account: Option<(String, String)>,
    /// The session the token opened (`None`: a guest's own token).
    pub session: Option<Uuid>,
}

/// A new account: the claim of a guest identity.
#[derive(Clone, Debug)]
pub struct NewAccount {
    /// The claimed player.
    pub player_id: Uuid,
    /// As typed.
    pub username: String,
    /// Lowercased, unique.
    pub username_key: String,
    /// Argon2id PHC string.
    pub password_hash: String,
    /// `member` or `admin`.
    pub role: String,
    /// Milliseconds.
    pub created_at: i64,
}

/// An account's stored credentials.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// The player.
    pub player_id: Uuid,
    /// As typed at the claim.
    pub username: String,
    /// Argon2id PHC string.
    pub password_hash: String,
    /// `member` or `admin`.
    pub role: String,
    /// When the player was banned, if they were.
    pub banned_at: Option<i64>,
}

/// One logged-in device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionRow {
    /// The session's id (shown to its owner, used to revoke it).
    pub id: Uuid,
    /// The account's player.
    pub player_id: Uuid,
    /// SHA-256 of its token.
    pub token_hash: String,
    /// Milliseconds.
    pub created_at: i64,
    /// The browser's `User-Agent`, truncated.
    pub user_agent: String,
    /// The client's address at login.
    pub address: String,
}

/// A player as the admin list shows it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayerListing {
    /// The player.
    pub id: Uuid,
    /// The display name.
    pub name: String,
    /// The account's username, `None` for a guest.
    pub username: Option<String>,
    /// `guest`, `member` or `admin`.
    pub role: String,
    /// Milliseconds.
    pub created_at: i64,
    /// When the player was banned, if they were.
    pub banned_at: Option<i64>,
    /// When an admin muted the player's chat server-wide, if they did.
    pub muted_at: Option<i64>,
}

/// One stored admin action.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AuditRow {
    /// The entry's id.
    pub id: Uuid,
    /// Milliseconds.
    pub at: i64,
    /// The admin who acted.
    pub admin_id: Uuid,
    /// What was done (`rename`, `ban`, `unban`, `close_room`, `invite`).
    pub action: String,
    /// The player, room or invite acted on.
    pub target: String,
    /// Details (the new name, the reason of a ban).
    pub detail: String,
}

#[derive(sqlx::FromRow)]
struct RawOwner {
    id: String,
    name: String,
    banned_at: Option<i64>,
    username: Option<String>,
    role: Option<String>,
    session_id: Option<String>,
}

#[derive(sqlx::FromRow)]
struct RawAccount {
    player_id: String,
    username: String,
    password_hash: String,
    role: String,
    banned_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct RawSession {
    id: String,
    player_id: String,
    token_hash: String,
    created_at: i64,
    user_agent: String,
    address: String,
}

#[derive(sqlx::FromRow)]
struct RawListing {
    id: String,
    name: String,
    username: Option<String>,
    role: Option<String>,
    created_at: i64,
    banned_at: Option<i64>,
    muted_at: Option<i64>,
}

#[derive(sqlx::FromRow)]
struct RawAudit {
    id: String,
    at: i64,
    admin_id: String,
    action: String,
    target: String,
    detail: String,
}

const ACCOUNT_COLUMNS: &str =
    "a.player_id, a.username, a.password_hash, a.role, p.banned_at FROM accounts a \
     JOIN players p ON p.id = a.player_id";

impl RawAccount {
    fn into_row(self) -> Result<AccountRow, StoreError> {
        Ok(AccountRow {
            player_id: parse_uuid(&self.player_id, "account")?,
            username: self.username,
            password_hash: self.password_hash,
            role: self.role,
            banned_at: self.banned_at,
        })
    }
}

impl RawSession {
    fn into_row(self) -> Result<SessionRow, StoreError> {
        Ok(SessionRow {
            id: parse_uuid(&self.id, "session")?,
            player_id: parse_uuid(&self.player_id, "session player")?,
            token_hash: self.token_hash,
            created_at: self.created_at,
            user_agent: self.user_agent,
            address: self.address,
        })
    }
}

/// What a guest's own token hash becomes once the identity is claimed: never the hex
/// SHA-256 of any token, and unique per player.
fn retired_token(player: Uuid) -> String {
    format!("claimed:{player}")
}

impl Store {
    /// Who the token with this hash belongs to: a guest's own token, or an account's
    /// session.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn token_owner(&self, hash: &str) -> Result<Option<TokenOwner>, StoreError> {
        let raw: Option<RawOwner> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT p.id, p.name, p.banned_at, a.username, a.role, \
                 CAST(NULL AS TEXT) AS session_id \
                 FROM players p LEFT JOIN accounts a ON a.player_id = p.id \
                 WHERE p.token_hash = $1 \
                 UNION ALL \
                 SELECT p.id, p.name, p.banned_at, a.username, a.role, s.id AS session_id \
                 FROM sessions s JOIN players p ON p.id = s.player_id \
                 LEFT JOIN accounts a ON a.player_id = p.id \
                 WHERE s.token_hash = $1",
            )
            .bind(hash)
            .fetch_optional(p)
            .await
            .map_err(db_err)?
        });
        let Some(r) = raw else { return Ok(None) };
        Ok(Some(TokenOwner {
            id: parse_uuid(&r.id, "player")?,
            name: r.name,
            banned_at: r.banned_at,
            account: r.username.zip(r.role),
            session: r
                .session_id
                .map(|s| parse_uuid(&s, "session"))
                .transpose()?,
        }))
    }

    /// Claims a guest identity: stores the account, turns the guest's own token into the
    /// first session (so the device that claimed stays logged in and can revoke it like any
    /// other), and uses up `invite` when given. All or nothing.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the username is taken or the player already has an
    /// account; [`StoreError::Missing`] when the invite is unknown or used; database failure.
    pub async fn claim_account(
        &self,
        account: &NewAccount,
        session: &SessionRow,
        invite: Option<&str>,
    ) -> Result<(), StoreError> {
        on_pool!(self, p => {
            let mut tx = p.begin().await.map_err(db_err)?;
            if let Some(code) = invite {
                let used = sqlx::query(
                    "UPDATE invites SET used_by = $1, used_at = $2 \
                     WHERE code = $3 AND used_by IS NULL",
                )
                .bind(account.player_id.to_string())
                .bind(account.created_at)
                .bind(code)
                .execute(&mut *tx)
                .await
                .map_err(db_err)?;
                if used.rows_affected() == 0 {
                    return Err(StoreError::Missing(format!("invite {code}")));
                }
            }
            sqlx::query(
                "INSERT INTO accounts (player_id, username, username_key, password_hash, role, \
                 created_at) VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(account.player_id.to_string())
            .bind(&account.username)
            .bind(&account.username_key)
            .bind(&account.password_hash)
            .bind(&account.role)
            .bind(account.created_at)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            let retired = sqlx::query(
                "UPDATE players SET token_hash = $1 WHERE id = $2 AND token_hash = $3",
            )
            .bind(retired_token(account.player_id))
            .bind(account.player_id.to_string())
            .bind(&session.token_hash)
            .execute(&mut *tx)
            .await
            .map_err(db_err)?;
            if retired.rows_affected() == 0 {
                return Err(StoreError::Missing(format!("player {}", account.player_id)));
            }
            insert_session!(&mut *tx, session);
            tx.commit().await.map_err(db_err)?;
        });
        Ok(())
    }

    /// The account with this lowercased username.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} WHERE a.username_key = $1");
        let raw: Option<RawAccount> = on_pool!(self, p => {
            sqlx::query_as(&sql).bind(key).fetch_optional(p).await.map_err(db_err)?
        });
        raw.map(RawAccount::into_row).transpose()
    }

    /// The account of this player.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn account(&self, player: Uuid) -> Result<Option<AccountRow>, StoreError> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} WHERE a.player_id = $1");
        let raw: Option<RawAccount> = on_pool!(self, p => {
            sqlx::query_as(&sql)
                .bind(player.to_string())
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        raw.map(RawAccount::into_row).transpose()
    }

    /// Whether any admin account exists.
    ///
    /// # Errors
    /// Database failure.
    pub async fn has_admin(&self) -> Result<bool, StoreError> {
        let n: i64 = on_pool!(self, p => {
            sqlx::query_scalar("SELECT COUNT(*) FROM accounts WHERE role = 'admin'")
                .fetch_one(p)
                .await
                .map_err(db_err)?
        });
        Ok(n > 0)
    }

    /// Replaces an account's password hash; false if there is no such account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_password(&self, player: Uuid, hash: &str) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("UPDATE accounts SET password_hash = $1 WHERE player_id = $2")
                .bind(hash)
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// The language tag an account picked (migration 0014), `None` when it picked none or
    /// the player has no account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn account_language(&self, player: Uuid) -> Result<Option<String>, StoreError> {
        let tag: Option<Option<String>> = on_pool!(self, p => {
            sqlx::query_scalar("SELECT language FROM accounts WHERE player_id = $1")
                .bind(player.to_string())
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        Ok(tag.flatten())
    }

    /// Sets (or with `None` forgets) an account's language tag; false if there is no such
    /// account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_account_language(
        &self,
        player: Uuid,
        tag: Option<&str>,
    ) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("UPDATE accounts SET language = $1 WHERE player_id = $2")
                .bind(tag)
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// Stores a new session.
    ///
    /// # Errors
    /// Database failure.
    pub async fn insert_session(&self, s: &SessionRow) -> Result<(), StoreError> {
        on_pool!(self, p => {
            insert_session!(p, s);
        });
        Ok(())
    }

    /// Every session of a player, oldest first.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn sessions(&self, player: Uuid) -> Result<Vec<SessionRow>, StoreError> {
        let raw: Vec<RawSession> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT id, player_id, token_hash, created_at, user_agent, address \
                 FROM sessions WHERE player_id = $1 ORDER BY created_at, id",
            )
            .bind(player.to_string())
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        raw.into_iter().map(RawSession::into_row).collect()
    }

    /// Deletes one session of a player; false if the player has no such session.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_session(&self, player: Uuid, id: Uuid) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("DELETE FROM sessions WHERE id = $1 AND player_id = $2")
                .bind(id.to_string())
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// Deletes every session of a player except `keep`; how many were deleted.
    ///
    /// # Errors
    /// Database failure.
    pub async fn delete_sessions_except(
        &self,
        player: Uuid,
        keep: Option<Uuid>,
    ) -> Result<u64, StoreError> {
        let keep = keep.map(|k| k.to_string()).unwrap_or_default();
        let done = on_pool!(self, p => {
            sqlx::query("DELETE FROM sessions WHERE player_id = $1 AND id <> $2")
                .bind(player.to_string())
                .bind(&keep)
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done)
    }

    /// Bans (`Some(at)`) or unbans (`None`) a player; false if there is no such player.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_banned(&self, player: Uuid, at: Option<i64>) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("UPDATE players SET banned_at = $1 WHERE id = $2")
                .bind(at)
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// Mutes (`Some(at)`) or unmutes (`None`) a player's chat everywhere; false if there is
    /// no such player.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_muted(&self, player: Uuid, at: Option<i64>) -> Result<bool, StoreError> {
        let done = on_pool!(self, p => {
            sqlx::query("UPDATE players SET muted_at = $1 WHERE id = $2")
                .bind(at)
                .bind(player.to_string())
                .execute(p)
                .await
                .map_err(db_err)?
                .rows_affected()
        });
        Ok(done > 0)
    }

    /// Whether an admin muted the player's chat (an unknown player is not muted).
    ///
    /// # Errors
    /// Database failure.
    pub async fn is_muted(&self, player: Uuid) -> Result<bool, StoreError> {
        let at: Option<Option<i64>> = on_pool!(self, p => {
            sqlx::query_scalar("SELECT muted_at FROM players WHERE id = $1")
                .bind(player.to_string())
                .fetch_optional(p)
                .await
                .map_err(db_err)?
        });
        Ok(at.flatten().is_some())
    }

    /// Players, newest first, optionally only those whose name or username contains `q`
    /// (case-insensitively).
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn list_players(
        &self,
        q: Option<&str>,
        limit: u32,
        offset: u64,
    ) -> Result<Vec<PlayerListing>, StoreError> {
        let pattern = q.map(|q| {
            let escaped: String = q
                .to_lowercase()
                .chars()
                .flat_map(|c| match c {
                    '%' | '_' | '\\' => vec!['\\', c],
                    c => vec![c],
                })
                .collect();
            format!("%{escaped}%")
        });
        let raw: Vec<RawListing> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT p.id, p.name, a.username, a.role, p.created_at, p.banned_at, \
                 p.muted_at FROM players p LEFT JOIN accounts a ON a.player_id = p.id \
                 WHERE $1 IS NULL OR LOWER(p.name) LIKE $1 ESCAPE '\\' \
                 OR a.username_key LIKE $1 ESCAPE '\\' \
                 ORDER BY p.created_at DESC, p.id LIMIT $2 OFFSET $3",
            )
            .bind(pattern.clone())
            .bind(i64::from(limit))
            .bind(i64::try_from(offset).unwrap_or(i64::MAX))
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        raw.into_iter()
            .map(|r| {
                Ok(PlayerListing {
                    id: parse_uuid(&r.id, "player")?,
                    name: r.name,
                    username: r.username,
                    role: r.role.unwrap_or_else(|| "guest".to_string()),
                    created_at: r.created_at,
                    banned_at: r.banned_at,
                    muted_at: r.muted_at,
                })
            })
            .collect()
    }

    /// Stores a new invite code.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] for a duplicate code; database failure.
    pub async fn insert_invite(&self, code: &str, by: Uuid, at: i64) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query("INSERT INTO invites (code, created_by, created_at) VALUES ($1, $2, $3)")
                .bind(code)
                .bind(by.to_string())
                .bind(at)
                .execute(p)
                .await
                .map_err(db_err)?;
        });
        Ok(())
    }

    /// Whether `code` names an unused invite.
    ///
    /// # Errors
    /// Database failure.
    pub async fn invite_open(&self, code: &str) -> Result<bool, StoreError> {
        let n: i64 = on_pool!(self, p => {
            sqlx::query_scalar("SELECT COUNT(*) FROM invites WHERE code = $1 AND used_by IS NULL")
                .bind(code)
                .fetch_one(p)
                .await
                .map_err(db_err)?
        });
        Ok(n > 0)
    }

    /// Stores an admin action.
    ///
    /// # Errors
    /// Database failure.
    pub async fn insert_audit(&self, a: &AuditRow) -> Result<(), StoreError> {
        on_pool!(self, p => {
            sqlx::query(
                "INSERT INTO audit (id, at, admin_id, action, target, detail) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(a.id.to_string())
            .bind(a.at)
            .bind(a.admin_id.to_string())
            .bind(&a.action)
            .bind(&a.target)
            .bind(&a.detail)
            .execute(p)
            .await
            .map_err(db_err)?;
        });
        Ok(())
    }

    /// Admin actions, newest first.
    ///
    /// # Errors
    /// Database failure or a corrupt id.
    pub async fn list_audit(&self, limit: u32, offset: u64) -> Result<Vec<AuditRow>, StoreError> {
        let raw: Vec<RawAudit> = on_pool!(self, p => {
            sqlx::query_as(
                "SELECT id, at, admin_id, action, target, detail FROM audit \
                 ORDER BY at DESC, id DESC LIMIT $1 OFFSET $2",
            )
            .bind(i64::from(limit))
            .bind(i64::try_from(offset).unwrap_or(i64::MAX))
            .fetch_all(p)
            .await
            .map_err(db_err)?
        });
        raw.into_iter()
            .map(|r| {
                Ok(AuditRow {
                    id: parse_uuid(&r.id, "audit")?,
                    at: r.at,
                    admin_id: parse_uuid(&r.admin_id, "audit admin")?,
                    action: r.action,
                    target: r.target,
                    detail: r.detail,
                })
            })
            .collect()
    }
}
