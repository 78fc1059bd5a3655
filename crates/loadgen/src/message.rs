//! The parts of the server's messages the load generator reads: a small typed view that
//! borrows its strings, filled by serde or, for the messages every move makes, by the scan
//! of their exact shape (`crate::scan`).

use std::borrow::Cow;

use serde::Deserialize;

/// The parts of a server message the load generator reads, borrowed from its text where
/// it has no escapes; every other field is skipped without being built (a `Value` tree per
/// message was most of the load generator's parsing time, on the cores the server uses).
#[derive(Debug, Deserialize)]
pub struct Envelope<'a> {
    /// `event`, `ack`, `error`, `snapshot`, ...
    #[serde(rename = "type", borrow)]
    pub kind: Cow<'a, str>,
    /// The command this answers, if any.
    #[serde(default)]
    pub id: Option<u64>,
    /// The payload.
    #[serde(default, borrow)]
    pub data: Option<Data<'a>>,
    /// Whether [`crate::scan::read`] read it by its scan of the server's usual messages
    /// (false: with serde). A run reports the share, so a change of the server's messages
    /// that sends them all to serde shows (as a cost, never as a wrong count).
    #[serde(skip)]
    pub scanned: bool,
}

/// The fields of an envelope's `data` the load generator reads (each absent from most).
#[derive(Debug, Default, Deserialize)]
pub struct Data<'a> {
    /// An event's kind (`your_turn`, `moved`, ...).
    #[serde(rename = "type", default, borrow, deserialize_with = "borrowed")]
    pub kind: Option<Cow<'a, str>>,
    /// A snapshot's room state (`waiting`, `playing`, ...).
    #[serde(default, borrow, deserialize_with = "borrowed")]
    pub state: Option<Cow<'a, str>>,
    /// The board, for its ply count.
    #[serde(default)]
    pub board: Option<Board>,
    /// One of the moves the receiving seat may make, picked at random (`None` when the
    /// message lists none, or `legal_moves` is null).
    #[serde(
        rename = "legal_moves",
        default,
        borrow,
        deserialize_with = "random_move"
    )]
    pub random_move: Option<Cow<'a, str>>,
    /// An error's code.
    #[serde(default, borrow, deserialize_with = "borrowed")]
    pub code: Option<Cow<'a, str>>,
}

/// An optional string borrowed from the message's text when it has no escapes. serde's
/// derive borrows a `Cow<str>` field only when it is not inside an `Option`: without this,
/// every event's kind was a new `String`, three a move.
fn borrowed<'de, D>(de: D) -> Result<Option<Cow<'de, str>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    #[derive(Deserialize)]
    struct Borrowed<'a>(#[serde(borrow)] Cow<'a, str>);
    Ok(Option::<Borrowed<'de>>::deserialize(de)?.map(|b| b.0))
}

/// The part of a board the load generator reads.
#[derive(Debug, Default, Deserialize)]
pub struct Board {
    /// Plies played.
    #[serde(default)]
    pub plies: Option<u64>,
}

/// A legal move: its canonical text (the text to send back in a `move`).
#[derive(Deserialize)]
struct LegalMove<'a> {
    #[serde(borrow)]
    text: Cow<'a, str>,
}

/// One move of a `legal_moves` list (or null), each equally likely, picked while the list
/// is read (reservoir sampling): no list is built, where a `Vec` grew by three allocations
/// per `your_turn`.
fn random_move<'de, D>(de: D) -> Result<Option<Cow<'de, str>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    struct Pick;
    impl<'de> serde::de::Visitor<'de> for Pick {
        type Value = Option<Cow<'de, str>>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a list of legal moves, or null")
        }

        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_seq<A>(self, mut seq: A) -> Result<Self::Value, A::Error>
        where
            A: serde::de::SeqAccess<'de>,
        {
            use rand::Rng;
            let mut rng = rand::thread_rng();
            let mut chosen = None;
            let mut seen = 0u32;
            while let Some(m) = seq.next_element::<LegalMove<'de>>()? {
                seen += 1;
                // The n-th move replaces the choice with probability 1/n: each of the N
                // moves is kept with probability 1/N.
                if rng.gen_range(0..seen) == 0 {
                    chosen = Some(m.text);
                }
            }
            Ok(chosen)
        }
    }
    de.deserialize_any(Pick)
}

impl<'a> Envelope<'a> {
    /// The event kind, snapshot state and so on: `data.type`, or "".
    pub fn inner(&self) -> &str {
        self.data
            .as_ref()
            .and_then(|d| d.kind.as_deref())
            .unwrap_or("")
    }

    /// The board's ply count, if the message shows a board.
    pub fn plies(&self) -> Option<u64> {
        self.data.as_ref()?.board.as_ref()?.plies
    }

    /// The `code` of an `error` envelope (`unknown` otherwise).
    pub fn error_code(&self) -> &str {
        self.data
            .as_ref()
            .and_then(|d| d.code.as_deref())
            .unwrap_or("unknown")
    }
}
