//! Mail to accounts: the verification of an address and the daily digest of the
//! correspondence games awaiting the account's move ([`digest`]), sent over SMTP.
//!
//! Mail goes through `lettre`: the maintained SMTP client of the Rust ecosystem, on tokio,
//! with STARTTLS and implicit TLS through rustls (no system OpenSSL), and the settings of
//! one `smtp://` or `smtps://` URL. Without an SMTP server, a sender and a public address
//! for the links, mail is off ([`Mail::Off`]): the account endpoints say so with the
//! error `mail_off`, and no digest runs.
//!
//! One digest a day at most, rather than a mail per move: a correspondence player with a
//! dozen games would otherwise get a dozen mails a day.

pub mod digest;

use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use fluent_bundle::{FluentArgs, FluentValue};
use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{Address, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use uuid::Uuid;

use crate::i18n::{self, Lang};

/// Longest address accepted (the longest path SMTP carries).
pub const MAX_ADDRESS: usize = 254;

/// How long a verification link works.
pub const VERIFY_FOR_MS: i64 = 48 * 3_600_000;

/// The least time between two verification mails to one account.
pub const RESEND_AFTER_MS: i64 = 60_000;

/// How long a digest waits for the next: one a day at most.
pub const DIGEST_EVERY_MS: i64 = 24 * 3_600_000;

/// How long one conversation with the SMTP server may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

/// The mail flags of `checkerhall serve` (each also read from the environment).
#[derive(Args, Debug, Clone, Default)]
pub struct MailArgs {
    /// SMTP server for the account mails: `smtp://host:25` (plain, for a relay on the same
    /// machine), `smtp://user@host:587?tls=required` (STARTTLS) or `smtps://user@host:465`
    /// (TLS). Unset: mail is off.
    #[arg(long, env = "CHECKERHALL_SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    /// The SMTP password, taken as it is (overrides the URL's; prefer the environment).
    #[arg(long, env = "CHECKERHALL_SMTP_PASSWORD", hide_env_values = true)]
    pub smtp_password: Option<String>,
    /// The sender of the mails, e.g. `Checkerhall <checkers@example.org>`.
    #[arg(long, env = "CHECKERHALL_MAIL_FROM")]
    pub mail_from: Option<String>,
    /// The address the links in mails start with (e.g. `https://checkers.example.org`).
    /// Default: the public origin.
    #[arg(long, env = "CHECKERHALL_MAIL_BASE_URL")]
    pub mail_base_url: Option<String>,
    /// Seconds between two looks for the digests due (each account still gets one a day
    /// at most).
    #[arg(long, env = "CHECKERHALL_DIGEST_EVERY_SECS", default_value_t = 600)]
    pub digest_every_secs: u64,
}

/// The mail settings of a [`crate::config::ServerConfig`].
#[derive(Clone, Debug)]
pub struct MailSettings {
    /// The SMTP URL (`None`: mail is off).
    pub smtp_url: Option<String>,
    /// Overrides the URL's password.
    pub smtp_password: Option<String>,
    /// The sender.
    pub from: Option<String>,
    /// The start of the links (`None`: the public origin).
    pub base_url: Option<String>,
    /// How often the digest job looks for the digests due.
    pub digest_every: Duration,
}

impl Default for MailSettings {
    fn default() -> MailSettings {
        MailSettings {
            smtp_url: None,
            smtp_password: None,
            from: None,
            base_url: None,
            digest_every: Duration::from_secs(600),
        }
    }
}

impl From<&MailArgs> for MailSettings {
    /// The flags' settings; an empty value (as docker compose passes an unset variable)
    /// is unset.
    fn from(a: &MailArgs) -> MailSettings {
        let set = |v: &Option<String>| v.clone().filter(|s| !s.trim().is_empty());
        MailSettings {
            smtp_url: set(&a.smtp_url),
            smtp_password: set(&a.smtp_password),
            from: set(&a.mail_from),
            base_url: set(&a.mail_base_url),
            digest_every: Duration::from_secs(a.digest_every_secs.max(1)),
        }
    }
}

/// Why mail could not be set up or sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// A setting is missing: mail is off.
    #[error("mail is off: {0}")]
    Unset(&'static str),
    /// The SMTP URL cannot be used.
    #[error("the SMTP URL cannot be used: {0}")]
    Url(#[source] lettre::transport::smtp::Error),
    /// The sender is not an address.
    #[error("the sender `{0}` is not a mail address")]
    From(String),
    /// The link base is not an http(s) address.
    #[error("the link base `{0}` is not an http:// or https:// address")]
    BaseUrl(String),
    /// A message could not be put together.
    #[error("the message cannot be built: {0}")]
    Build(#[from] lettre::error::Error),
    /// The SMTP server did not take the message.
    #[error("the SMTP server did not take the message: {0}")]
    Send(#[from] lettre::transport::smtp::Error),
}

/// Whether the server sends mail, and through what.
#[derive(Clone, Debug)]
pub enum Mail {
    /// Mail is on.
    On(Arc<Mailer>),
    /// Mail is off, for this reason (said to the account page and in the log).
    Off(String),
}

impl Mail {
    /// The mail of `settings`, with `public_origin` as the link base when none is set.
    /// Settings that cannot be used leave mail off, with the reason logged.
    pub fn from_settings(settings: &MailSettings, public_origin: Option<&str>) -> Mail {
        match Mailer::new(settings, public_origin) {
            Ok(m) => {
                tracing::info!(from = %m.from, links = %m.base_url, "mail is on");
                Mail::On(Arc::new(m))
            }
            Err(e @ MailError::Unset(_)) => {
                tracing::info!("{e}");
                Mail::Off(e.to_string())
            }
            Err(e) => {
                tracing::error!(error = %e, "mail is off: its settings cannot be used");
                Mail::Off(format!("mail is off: {e}"))
            }
        }
    }

    /// The mailer, or the typed refusal `mail_off`.
    ///
    /// # Errors
    /// Mail is off.
    pub fn mailer(&self) -> Result<&Arc<Mailer>, crate::error::ApiError> {
        match self {
            Mail::On(m) => Ok(m),
            Mail::Off(why) => Err(crate::error::ApiError::Conflict {
                code: crate::error::HttpCode::MailOff.as_str(),
                message: why.clone(),
            }),
        }
    }
}

/// A game listed in a digest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigestGame {
    /// Its room.
    pub room_id: Uuid,
    /// The game.
    pub game: rules::Variant,
    /// The other players' names.
    pub opponents: Vec<String>,
    /// When the move is due (ms since the epoch), if it is timed.
    pub deadline_ms: Option<i64>,
}

/// Sends the account mails through one SMTP server.
#[derive(Debug)]
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
    /// Without a trailing slash.
    base_url: String,
}

/// The game's name in a mail, in `lang`.
pub fn game_name(v: rules::Variant, lang: Lang) -> String {
    let key = match v {
        rules::Variant::Neva => "mail-game-neva",
        rules::Variant::Queah => "mail-game-queah",
        rules::Variant::GiveAndTake => "mail-game-giveandtake",
        rules::Variant::Stockholm => "mail-game-stockholm",
    };
    words(lang, key, &[])
}

/// The message `key` of `mail.ftl` in `lang` with `args`: English where `lang` lacks it
/// (the key checks keep every language complete, so only a broken build would).
fn words(lang: Lang, key: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    let mut fluent = FluentArgs::new();
    for (name, value) in args {
        fluent.set(*name, value.clone());
    }
    i18n::message(lang, key, Some(&fluent))
        .or_else(|| i18n::message(Lang::En, key, Some(&fluent)))
        .unwrap_or_else(|| key.to_string())
}

/// `YYYY-MM-DD HH:MM UTC` of a time in ms since the epoch.
fn utc_time(ms: i64) -> String {
    let (y, m, d) = crate::export::civil_from_days(ms.div_euclid(86_400_000));
    let minutes = ms.rem_euclid(86_400_000) / 60_000;
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        minutes / 60,
        minutes % 60
    )
}

/// A checked address: its own text, or the typed refusal `bad_address`.
///
/// # Errors
/// Not an address, or too long.
pub fn parse_address(text: &str) -> Result<Address, crate::error::ApiError> {
    let text = text.trim();
    let bad =
        || crate::error::ApiError::bad("bad_address", format!("`{text}` is not a mail address"));
    if text.len() > MAX_ADDRESS {
        return Err(bad());
    }
    text.parse::<Address>().map_err(|_| bad())
}

impl Mailer {
    /// A mailer for `settings`.
    ///
    /// # Errors
    /// A setting is missing ([`MailError::Unset`]) or cannot be used.
    pub fn new(settings: &MailSettings, public_origin: Option<&str>) -> Result<Mailer, MailError> {
        let url = settings.smtp_url.as_deref().ok_or(MailError::Unset(
            "no SMTP server is set (CHECKERHALL_SMTP_URL)",
        ))?;
        let from = settings
            .from
            .as_deref()
            .ok_or(MailError::Unset("no sender is set (CHECKERHALL_MAIL_FROM)"))?;
        let base = settings.base_url.as_deref().or(public_origin).ok_or(MailError::Unset(
            "no address for the links is set (CHECKERHALL_MAIL_BASE_URL or CHECKERHALL_PUBLIC_ORIGIN)",
        ))?;
        if !(base.starts_with("http://") || base.starts_with("https://")) {
            return Err(MailError::BaseUrl(base.to_string()));
        }
        let from: Mailbox = from
            .parse()
            .map_err(|_| MailError::From(from.to_string()))?;
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(MailError::Url)?
            .timeout(Some(SMTP_TIMEOUT));
        if let Some(password) = &settings.smtp_password {
            // The user stays the URL's; only the password is given apart.
            let user = url
                .split_once("://")
                .and_then(|(_, rest)| rest.split_once('@'))
                .map(|(userinfo, _)| userinfo.split(':').next().unwrap_or("").to_string())
                .unwrap_or_default();
            builder = builder.credentials(Credentials::new(user, password.clone()));
        }
        Ok(Mailer {
            transport: builder.build(),
            from,
            base_url: base.trim_end_matches('/').to_string(),
        })
    }

    /// The verification link of `token`.
    pub fn verify_link(&self, token: &str) -> String {
        format!("{}/api/account/mail/verify?token={token}", self.base_url)
    }

    /// The unsubscribe link of `token`.
    pub fn unsubscribe_link(&self, token: &str) -> String {
        format!("{}/api/mail/unsubscribe?token={token}", self.base_url)
    }

    /// The link to a room.
    pub fn room_link(&self, room: Uuid) -> String {
        format!("{}/room/{room}", self.base_url)
    }

    /// Sends `to` the link that verifies their address, written in `lang`.
    ///
    /// # Errors
    /// The message could not be built or sent.
    pub async fn send_verification(
        &self,
        to: Address,
        name: &str,
        token: &str,
        lang: Lang,
    ) -> Result<(), MailError> {
        let message = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, to))
            .subject(words(lang, "mail-verify-subject", &[]))
            .header(ContentType::TEXT_PLAIN)
            .body(self.verification_body(name, token, lang))?;
        self.transport.send(message).await?;
        Ok(())
    }

    fn verification_body(&self, name: &str, token: &str, lang: Lang) -> String {
        format!(
            "{}\n\n{}\n\n{}\n\n{}\n",
            words(lang, "mail-verify-hello", &[("name", name.into())]),
            words(lang, "mail-verify-ask", &[]),
            self.verify_link(token),
            words(lang, "mail-verify-ignore", &[]),
        )
    }

    /// Sends `to` the digest of `games` (not empty) in `lang`, with one-click unsubscribe
    /// links in the body and in the `List-Unsubscribe` headers (RFC 2369 and RFC 8058).
    ///
    /// # Errors
    /// The message could not be built or sent.
    pub async fn send_digest(
        &self,
        to: Address,
        games: &[DigestGame],
        unsubscribe_token: &str,
        lang: Lang,
    ) -> Result<(), MailError> {
        let unsubscribe = self.unsubscribe_link(unsubscribe_token);
        let message = Message::builder()
            .from(self.from.clone())
            .to(Mailbox::new(None, to))
            .subject(digest_subject(games.len(), lang))
            .header(ContentType::TEXT_PLAIN)
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe"),
                format!("<{unsubscribe}>"),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("List-Unsubscribe-Post"),
                "List-Unsubscribe=One-Click".to_string(),
            ))
            .body(self.digest_body(games, &unsubscribe, lang))?;
        self.transport.send(message).await?;
        Ok(())
    }

    fn digest_body(&self, games: &[DigestGame], unsubscribe: &str, lang: Lang) -> String {
        let mut body = format!("{}:\n\n", digest_subject(games.len(), lang));
        for g in games {
            let game = game_name(g.game, lang);
            let mut line = if g.opponents.is_empty() {
                game
            } else {
                let opponents = g.opponents.join(", ");
                words(
                    lang,
                    "mail-digest-against",
                    &[("game", game.into()), ("opponents", opponents.into())],
                )
            };
            if let Some(d) = g.deadline_ms {
                let by = words(lang, "mail-digest-move-by", &[("time", utc_time(d).into())]);
                line.push_str(&format!(", {by}"));
            }
            body.push_str(&format!("- {line}\n  {}\n\n", self.room_link(g.room_id)));
        }
        body.push_str(&format!(
            "{}\n{}\n",
            words(lang, "mail-digest-why", &[]),
            words(lang, "mail-digest-stop", &[("link", unsubscribe.into())]),
        ));
        body
    }
}

/// The subject of a digest of `n` games, in `lang`.
fn digest_subject(n: usize, lang: Lang) -> String {
    words(lang, "mail-digest-subject", &[("count", n.into())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_in_utc() {
        assert_eq!(utc_time(0), "1970-01-01 00:00 UTC");
        assert_eq!(
            utc_time(1_796_601_600_000 + 3_600_000 * 13 + 60_000 * 5),
            "2026-12-07 13:05 UTC"
        );
    }

    fn mailer() -> Mailer {
        let settings = MailSettings {
            smtp_url: Some("smtp://127.0.0.1:2525".into()),
            from: Some("Checkerhall <c@x.example>".into()),
            ..MailSettings::default()
        };
        Mailer::new(&settings, Some("https://x.example")).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_digest_reads_in_the_accounts_language() {
        let m = mailer();
        let games = |n: u128| -> Vec<DigestGame> {
            (0..n)
                .map(|i| DigestGame {
                    room_id: Uuid::from_u128(i),
                    game: rules::Variant::Stockholm,
                    opponents: vec!["Bob".into()],
                    deadline_ms: Some(0),
                })
                .collect()
        };
        let en = m.digest_body(&games(1), "https://x.example/stop", Lang::En);
        assert!(
            en.starts_with("1 correspondence game waits for your move:"),
            "{en}"
        );
        assert!(
            en.contains("- Stockholm checkers against Bob, move by 1970-01-01 00:00 UTC"),
            "{en}"
        );
        assert!(
            en.contains("To stop it, open: https://x.example/stop"),
            "{en}"
        );
        let ru = m.digest_body(&games(3), "https://x.example/stop", Lang::Ru);
        assert!(
            ru.starts_with("3 партии по переписке ждут вашего хода:"),
            "{ru}"
        );
        assert!(
            ru.contains("- Стокгольмские шашки — против Bob, сходить до 1970-01-01 00:00 UTC"),
            "{ru}"
        );
        assert!(ru.contains("откройте: https://x.example/stop"), "{ru}");
        assert_eq!(
            digest_subject(5, Lang::Ru),
            "5 партий по переписке ждут вашего хода"
        );
        assert_eq!(
            digest_subject(21, Lang::Ru),
            "21 партия по переписке ждёт вашего хода"
        );
        assert_eq!(
            digest_subject(2, Lang::PtBr),
            "2 partidas por correspondência esperam o seu lance"
        );
        let verify = m.verification_body("Аня", "tok", Lang::Ru);
        assert!(verify.starts_with("Здравствуйте, Аня!"), "{verify}");
        assert!(verify.contains("https://x.example/api/account/mail/verify?token=tok"));
    }

    #[test]
    fn mail_is_off_without_its_settings() {
        let off = Mailer::new(&MailSettings::default(), Some("https://x.example"));
        assert!(matches!(off, Err(MailError::Unset(_))));
        let settings = MailSettings {
            smtp_url: Some("smtp://127.0.0.1:2525".into()),
            from: Some("Checkerhall <c@x.example>".into()),
            ..MailSettings::default()
        };
        assert!(matches!(
            Mailer::new(&settings, None),
            Err(MailError::Unset(_))
        ));
        assert!(matches!(
            Mailer::new(&settings, Some("ftp://x")),
            Err(MailError::BaseUrl(_))
        ));
        let on =
            Mailer::new(&settings, Some("https://x.example/")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            on.room_link(Uuid::nil()),
            format!("https://x.example/room/{}", Uuid::nil())
        );
    }
}
