//! Accounts on top of guest identities: the rules for usernames and passwords, session
//! tokens, and the making of admin accounts. The endpoints are in `http::accounts` and
//! `http::admin`.

pub mod password;

use uuid::Uuid;

use crate::error::ApiError;
use crate::identity;
use crate::store::{NewAccount, SessionRow, Store, StoreError};

/// Shortest username.
pub const MIN_USERNAME_CHARS: usize = 2;
/// Longest username.
pub const MAX_USERNAME_CHARS: usize = 20;
/// The Close code of a socket whose session ended (logout, revocation, password change).
pub const SESSION_ENDED: u16 = 4001;

/// Checks a username: 2 to 20 ASCII letters, digits, `_` or `-`, starting and ending with a
/// letter or digit (as lichess does); returns it and its lowercased key.
///
/// # Errors
/// 400 `bad_username` naming the rule.
pub fn check_username(name: &str) -> Result<(String, String), ApiError> {
    let n = name.chars().count();
    let edge_ok = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    let ok = (MIN_USERNAME_CHARS..=MAX_USERNAME_CHARS).contains(&n)
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        && edge_ok(name.chars().next())
        && edge_ok(name.chars().last());
    if !ok {
        return Err(ApiError::bad(
            "bad_username",
            format!(
                "a username has {MIN_USERNAME_CHARS} to {MAX_USERNAME_CHARS} letters, digits, \
                 `_` or `-`, and starts and ends with a letter or digit"
            ),
        ));
    }
    Ok((name.to_string(), name.to_ascii_lowercase()))
}

/// The 403 of a guest on a server where only accounts play.
pub fn members_only() -> ApiError {
    ApiError::denied(
        "members_only",
        "on this server only accounts play: log in or claim this identity",
    )
}

/// A fresh 256-bit token, hex.
pub fn new_token() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Makes an admin account with a fresh identity (the `admin create` command and the first
/// admin from the environment); returns its player id.
///
/// # Errors
/// 400 for a bad username or password, 409 `username_taken`, store errors.
pub async fn create_admin(store: &Store, username: &str, password: &str) -> Result<Uuid, ApiError> {
    let (username, key) = check_username(username)?;
    password::check(password)?;
    if store.account_by_key(&key).await?.is_some() {
        return Err(taken(&username));
    }
    let hash = password::hash(password.to_string()).await?;
    let now = identity::now_ms();
    let (who, token) = identity::issue(store, now).await?;
    store.rename_player(who.id, &username).await?;
    let account = NewAccount {
        player_id: who.id,
        username: username.clone(),
        username_key: key,
        password_hash: hash,
        role: "admin".into(),
        created_at: now,
    };
    // The claim turns the fresh token into a session; nobody holds that token, so the
    // session goes at once and the admin logs in like anyone else.
    let session = SessionRow {
        id: Uuid::new_v4(),
        player_id: who.id,
        token_hash: identity::hash_token(&token),
        created_at: now,
        user_agent: String::new(),
        address: String::new(),
    };
    match store.claim_account(&account, &session, None).await {
        Ok(()) => {}
        Err(StoreError::Conflict(_)) => return Err(taken(&username)),
        Err(e) => return Err(e.into()),
    }
    store.delete_sessions_except(who.id, None).await?;
    Ok(who.id)
}

fn taken(username: &str) -> ApiError {
    ApiError::Conflict {
        code: "username_taken",
        message: format!("the username `{username}` is taken"),
    }
}
