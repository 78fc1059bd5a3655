//! Password hashing with Argon2id (the `argon2` crate's defaults: 19 MiB, 2 passes, one
//! lane, the OWASP recommendation), run off the async threads since one hash takes tens
//! of milliseconds of CPU.

use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::error::ApiError;

/// Shortest password, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password, in characters (bounds the hashing work a request can ask for).
pub const MAX_PASSWORD_CHARS: usize = 128;

/// Checks a new password's length.
///
/// # Errors
/// 400 `bad_password` naming the bound.
pub fn check(password: &str) -> Result<(), ApiError> {
    let n = password.chars().count();
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&n) {
        return Err(ApiError::bad(
            "bad_password",
            format!("a password has {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters"),
        ));
    }
    Ok(())
}

fn hash_now(password: &str) -> Result<String, ApiError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| {
            tracing::error!(error = %e, "password hashing failed");
            ApiError::Unavailable("password hashing failed")
        })
}

/// The Argon2id PHC string of `password`, with a fresh salt.
///
/// # Errors
/// 503 if the hashing task failed.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || hash_now(&password))
        .await
        .map_err(|_| ApiError::Unavailable("password hashing failed"))?
}

/// A hash of a password nobody knows, verified when the username is unknown so that a
/// login takes as long whether or not the account exists.
fn decoy() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash_now("decoy password for unknown users").unwrap_or_default())
}

/// Whether `password` matches `stored` (a PHC string); `None` verifies against a decoy and
/// answers false.
pub async fn verify(password: String, stored: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| decoy().to_string());
        let ok = PasswordHash::new(&stored)
            .map(|h| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &h)
                    .is_ok()
            })
            .unwrap_or(false);
        known && ok
    })
    .await
    .unwrap_or(false)
}
