//! Per-client limits: keyed token buckets (governor's GCRA) for what one client, one
//! address or one account may ask for per minute. Each refusal is a typed
//! [`ApiError::Limited`] and is counted in `/metrics` by its code.

use std::collections::BTreeMap;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

/// Keys kept before forgotten buckets (full again) are dropped.
const PRUNE_AT: usize = 10_000;

/// One keyed limit: `per_minute` requests per key and minute, in bursts of as many.
pub(crate) struct Limit {
    code: &'static str,
    what: &'static str,
    per_minute: u32,
    limiter: Option<DefaultKeyedRateLimiter<String>>,
    refused: AtomicU64,
}

impl std::fmt::Debug for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limit")
            .field("code", &self.code)
            .field("per_minute", &self.per_minute)
            .finish()
    }
}

impl Limit {
    /// A limit of `per_minute` (0: no limit) refused with `code`; `what` names what is
    /// counted in the message ("login attempts per address").
    pub(crate) fn new(code: &'static str, what: &'static str, per_minute: u32) -> Limit {
        Limit {
            code,
            what,
            per_minute,
            limiter: NonZeroU32::new(per_minute)
                .map(|n| RateLimiter::keyed(Quota::per_minute(n).allow_burst(n))),
            refused: AtomicU64::new(0),
        }
    }

    /// Takes one from `key`'s bucket.
    ///
    /// # Errors
    /// [`ApiError::Limited`] with this limit's code and the seconds to wait.
    pub(crate) fn check(&self, key: &str) -> Result<(), ApiError> {
        let Some(limiter) = &self.limiter else {
            return Ok(());
        };
        if limiter.len() > PRUNE_AT {
            limiter.retain_recent();
        }
        match limiter.check_key(&key.to_string()) {
            Ok(()) => Ok(()),
            Err(not_until) => {
                self.refused.fetch_add(1, Ordering::Relaxed);
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                Err(ApiError::Limited {
                    code: self.code,
                    message: format!(
                        "at most {} {} a minute; try again in {} s",
                        self.per_minute,
                        self.what,
                        wait.as_secs().max(1)
                    ),
                })
            }
        }
    }

    /// Refusals so far.
    pub(crate) fn refused(&self) -> u64 {
        self.refused.load(Ordering::Relaxed)
    }

    /// The stable code of a refusal.
    pub(crate) fn code(&self) -> &'static str {
        self.code
    }
}

/// Every keyed limit of the server, built from [`crate::config::Limits`].
#[derive(Debug)]
pub struct Limiters {
    /// Login attempts per account.
    pub(crate) login_account: Limit,
    /// Login attempts per address.
    pub(crate) login_address: Limit,
    /// Private-room invite codes tried per address.
    pub(crate) invite_code: Limit,
    /// New guest identities per address.
    pub(crate) new_identity: Limit,
    /// New rooms per address.
    pub(crate) new_room: Limit,
    /// Refusals counted outside a [`Limit`] (e.g. the open-sockets cap), by code.
    others: Mutex<BTreeMap<&'static str, u64>>,
}

impl Limiters {
    /// The limiters of `limits`.
    pub(crate) fn new(limits: &crate::config::Limits) -> Limiters {
        Limiters {
            login_account: Limit::new(
                "login_rate_limited",
                "login attempts per account",
                limits.logins_per_account_per_minute,
            ),
            login_address: Limit::new(
                "login_rate_limited",
                "login attempts per address",
                limits.logins_per_address_per_minute,
            ),
            invite_code: Limit::new(
                "invite_rate_limited",
                "invite codes tried per address",
                limits.invite_tries_per_address_per_minute,
            ),
            new_identity: Limit::new(
                "identity_rate_limited",
                "new identities per address",
                limits.identities_per_address_per_minute,
            ),
            new_room: Limit::new(
                "room_rate_limited",
                "new rooms per address",
                limits.rooms_per_address_per_minute,
            ),
            others: Mutex::new(BTreeMap::new()),
        }
    }

    /// Counts a refusal by `code` made outside a keyed limit.
    pub(crate) fn count(&self, code: &'static str) {
        let mut m = self.others.lock().unwrap_or_else(|e| e.into_inner());
        *m.entry(code).or_default() += 1;
    }

    /// The Prometheus lines of [`Limiters::refusals`].
    pub(crate) fn render(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::from(
            "# HELP checkerhall_limited_total Requests refused by a per-client limit.\n\
             # TYPE checkerhall_limited_total counter\n",
        );
        for (code, n) in self.refusals() {
            let _ = writeln!(out, "checkerhall_limited_total{{code=\"{code}\"}} {n}");
        }
        out
    }

    /// Refusals by code, for `/metrics` (`checkerhall_limited_total{code=...}`).
    pub(crate) fn refusals(&self) -> BTreeMap<&'static str, u64> {
        let mut out = self
            .others
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        for l in [
            &self.login_account,
            &self.login_address,
            &self.invite_code,
            &self.new_identity,
            &self.new_room,
        ] {
            *out.entry(l.code()).or_default() += l.refused();
        }
        out
    }
}
