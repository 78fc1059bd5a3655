//! A scan of the three messages that make up nearly all of a run's traffic (`moved`,
//! `your_turn`, `ack`: four a move), in the exact shape the server writes them, into the
//! same [`Envelope`] serde would make. Every other message, and any of these three that
//! differs in the least from that shape (other key order, spaces, escapes, unknown fields),
//! is left to serde: the scan answers `None` and the caller parses the text in full.
//!
//! Why: serde reads and checks every field of every message; a `your_turn` is about 1 KiB
//! of which one string is wanted, a `moved` about 350 bytes of which one number is. That
//! reading was the load generator's largest user-space cost (perf: 12% of its CPU), on
//! the cores the server it measures runs on.

use std::borrow::Cow;

use anyhow::Context;

use crate::message::{Board, Data, Envelope};

/// Reads one message's text: a `moved` or `your_turn` event or an `ack` in the exact shape
/// the server writes them by a scan for the few fields read, anything else with serde.
///
/// # Errors
/// The text is not a JSON envelope.
pub fn read(text: &str) -> anyhow::Result<Envelope<'_>> {
    if let Some(m) = envelope(text) {
        return Ok(m);
    }
    serde_json::from_str(text).context("not a JSON envelope")
}

/// The envelope of `text` when it is a `moved` or `your_turn` event or an `ack` exactly as
/// the server writes them; `None` otherwise (parse it with serde).
pub(crate) fn envelope(text: &str) -> Option<Envelope<'_>> {
    let mut s = Scanner { text, at: 0 };
    if s.eat(r#"{"type":"event","v":"#) {
        event(s)
    } else if s.eat(r#"{"data":{},"id":"#) {
        // `{"data":{},"id":17,"type":"ack","v":37}`
        let id = s.number()?;
        s.expect(r#","type":"ack","v":"#)?;
        s.number()?;
        s.expect("}")?;
        s.end()?;
        Some(Envelope {
            kind: Cow::Borrowed("ack"),
            id: Some(id),
            data: Some(Data::default()),
            scanned: true,
        })
    } else {
        None
    }
}

/// `{"type":"event","v":N,"data":{"version":N,"audience":A,"type":"K",...}}` after its
/// first key, for the kinds `moved` and `your_turn`.
fn event(mut s: Scanner<'_>) -> Option<Envelope<'_>> {
    s.number()?;
    s.expect(r#","data":{"version":"#)?;
    s.number()?;
    s.expect(r#","audience":"#)?;
    if !s.eat(r#""everyone""#) {
        s.expect(r#"{"seat":"#)?;
        s.string()?;
        s.expect("}")?;
    }
    s.expect(r#","type":"#)?;
    let kind = s.string()?;
    let data = match kind {
        "moved" => Data {
            kind: Some(Cow::Borrowed(kind)),
            board: Some(Board {
                plies: Some(moved_plies(s.rest())?),
            }),
            ..Data::default()
        },
        "your_turn" => {
            // `"seat":"black","legal_moves":[{"text":"a5-b4",...},...]}}` or `null}}`.
            s.expect(r#","seat":"#)?;
            s.string()?;
            s.expect(r#","legal_moves":"#)?;
            let random_move = if s.eat("null") {
                None
            } else {
                random_legal_move(&mut s)?
            };
            s.expect("}}")?;
            s.end()?;
            Data {
                kind: Some(Cow::Borrowed(kind)),
                random_move: random_move.map(Cow::Borrowed),
                ..Data::default()
            }
        }
        _ => return None,
    };
    Some(Envelope {
        kind: Cow::Borrowed("event"),
        id: None,
        data: Some(data),
        scanned: true,
    })
}

/// The board's ply count in the rest of a `moved` event, which ends with the board as
/// `...,"plies":15,"clocks":null}}}` (board, data, envelope): read from that end, a few
/// bytes, where a search for the key cost about a thousand instructions a message. Any
/// other ending (a timed game's clocks, a field after the board) is left to serde, so the
/// number read is always the board's.
fn moved_plies(rest: &str) -> Option<u64> {
    let body = rest.strip_suffix(r#","clocks":null}}}"#)?;
    let digits = body.bytes().rev().take_while(u8::is_ascii_digit).count();
    let key = body
        .get(..body.len() - digits)?
        .strip_suffix(r#""plies":"#)?;
    if !matches!(key.as_bytes().last(), Some(b',' | b'{')) {
        return None;
    }
    let mut s = Scanner {
        text: rest,
        at: body.len() - digits,
    };
    s.number()
}

/// One of the moves of a `legal_moves` list, each equally likely, picked while the list is
/// read (reservoir sampling, as serde's path does): `None` for an empty list, the outer
/// `None` when the list is not in the expected shape (each item an object whose first key is
/// `text`).
fn random_legal_move<'a>(s: &mut Scanner<'a>) -> Option<Option<&'a str>> {
    use rand::Rng;
    s.expect("[")?;
    if s.eat("]") {
        return Some(None);
    }
    let mut rng = rand::thread_rng();
    let mut chosen = None;
    let mut seen = 0u32;
    loop {
        s.expect(r#"{"text":"#)?;
        let text = s.string()?;
        seen += 1;
        // The n-th move replaces the choice with probability 1/n.
        if rng.gen_range(0..seen) == 0 {
            chosen = Some(text);
        }
        // The rest of the move's object, up to its closing brace.
        s.skip_to_close(b'}')?;
        if s.eat("]") {
            return Some(chosen);
        }
        s.expect(",")?;
    }
}

/// A position in a message's text.
struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    /// Steps over `prefix` if the text goes on with it.
    fn eat(&mut self, prefix: &str) -> bool {
        let found = self.rest().starts_with(prefix);
        if found {
            self.at += prefix.len();
        }
        found
    }

    fn expect(&mut self, prefix: &str) -> Option<()> {
        self.eat(prefix).then_some(())
    }

    fn end(&self) -> Option<()> {
        (self.at == self.text.len()).then_some(())
    }

    /// A non-negative integer (JSON: no leading zero, no sign, no fraction).
    fn number(&mut self) -> Option<u64> {
        let rest = self.rest().as_bytes();
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || (digits > 1 && rest.first() == Some(&b'0')) {
            return None;
        }
        if matches!(rest.get(digits), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        let n = self.rest().get(..digits)?.parse().ok()?;
        self.at += digits;
        Some(n)
    }

    /// A string without escapes or control characters (serde would unescape or refuse
    /// them: leave those to it): `"abc"` -> `abc`.
    fn string(&mut self) -> Option<&'a str> {
        self.expect("\"")?;
        let rest = self.rest();
        let end = rest
            .bytes()
            .position(|b| b == b'"' || b == b'\\' || b < 0x20)?;
        if rest.as_bytes().get(end) != Some(&b'"') {
            return None;
        }
        self.at += end + 1;
        rest.get(..end)
    }

    /// Steps past the `close` (`}` or `]`) that ends the object or array the scan is inside,
    /// over nested objects, arrays and strings (escapes included).
    fn skip_to_close(&mut self, close: u8) -> Option<()> {
        let bytes = self.text.as_bytes();
        let mut depth = 0usize;
        let mut i = self.at;
        while let Some(&b) = bytes.get(i) {
            i += 1;
            match b {
                b'"' => loop {
                    match bytes.get(i)? {
                        b'\\' => i += 2,
                        b'"' => {
                            i += 1;
                            break;
                        }
                        _ => i += 1,
                    }
                },
                b'{' | b'[' => depth += 1,
                b'}' | b']' if depth > 0 => depth -= 1,
                b'}' | b']' => {
                    if b != close {
                        return None;
                    }
                    self.at = i;
                    return Some(());
                }
                _ => {}
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    /// Messages as the server wrote them (copied from a run's traffic).
    const MOVED: &str = r#"{"type":"event","v":36,"data":{"version":36,"audience":"everyone","type":"moved","seat":"white","move":{"text":"a3-b4","origin":"a3","path":["b4"],"captured":[],"drop":null,"promotes":false},"board":{"position":"B:Wc1,e1,g1,b2,f2,h2,c3,g3,b4,h6:Bc5,g5,d6,a7,e7,g7,d8,f8,h8","turn":"black","playing":["white","black"],"plies":15,"clocks":null}}}"#;
    const YOUR_TURN: &str = r#"{"type":"event","v":35,"data":{"version":35,"audience":{"seat":"white"},"type":"your_turn","seat":"white","legal_moves":[{"text":"c1-d2","origin":"c1","path":["d2"],"captured":[],"drop":null,"promotes":false},{"text":"a3-b4","origin":"a3","path":["b4"],"captured":[],"drop":null,"promotes":false},{"text":"c5xa3","origin":"c5","path":["a3"],"captured":["b4"],"drop":null,"promotes":false}]}}"#;
    const ACK: &str = r#"{"data":{},"id":17,"type":"ack","v":37}"#;

    /// What the game loop reads of an envelope, for comparing the scan with serde.
    fn seen(e: &Envelope<'_>) -> (String, Option<u64>, String, Option<u64>, Option<String>) {
        (
            e.kind.to_string(),
            e.id,
            e.inner().to_string(),
            e.plies(),
            e.data
                .as_ref()
                .and_then(|d| d.random_move.as_deref())
                .map(str::to_string),
        )
    }

    fn serde(text: &str) -> Envelope<'_> {
        serde_json::from_str(text).unwrap()
    }

    #[test]
    fn the_scan_reads_what_serde_reads() {
        for text in [MOVED, ACK] {
            assert_eq!(seen(&envelope(text).unwrap()), seen(&serde(text)), "{text}");
        }
        let one = YOUR_TURN.replace(
            r#",{"text":"a3-b4","origin":"a3","path":["b4"],"captured":[],"drop":null,"promotes":false},{"text":"c5xa3","origin":"c5","path":["a3"],"captured":["b4"],"drop":null,"promotes":false}"#,
            "",
        );
        assert_eq!(seen(&envelope(&one).unwrap()), seen(&serde(&one)));
        let scanned = envelope(YOUR_TURN).unwrap();
        assert_eq!(scanned.inner(), "your_turn");
        assert_eq!(scanned.plies(), None);
        let pick = scanned.data.unwrap().random_move.unwrap();
        assert!(["c1-d2", "a3-b4", "c5xa3"].contains(&&*pick), "{pick}");
        assert!(matches!(pick, Cow::Borrowed(_)));
        for empty in ["[]", "null"] {
            let text = YOUR_TURN.replace(
                &YOUR_TURN[YOUR_TURN.find('[').unwrap()..YOUR_TURN.len() - 2],
                empty,
            );
            let m = envelope(&text).unwrap();
            assert_eq!(seen(&m), seen(&serde(&text)), "{text}");
            assert!(m.data.unwrap().random_move.is_none());
        }
    }

    /// Each legal move is picked about as often as the others (3,000 draws of three: each
    /// is expected 1,000 times, and 800 is more than seven standard deviations below).
    #[test]
    fn the_scan_picks_every_legal_move_alike() {
        let mut counts = std::collections::BTreeMap::new();
        for _ in 0..3000 {
            let m = envelope(YOUR_TURN).unwrap();
            let pick = m.data.unwrap().random_move.unwrap().into_owned();
            *counts.entry(pick).or_insert(0) += 1;
        }
        assert_eq!(counts.len(), 3, "{counts:?}");
        assert!(counts.values().all(|&n| n > 800), "{counts:?}");
    }

    /// Anything but the exact shape goes to serde: spaces, other key orders, escapes, extra
    /// fields after the list, other kinds, truncated or trailing text.
    #[test]
    fn any_other_shape_is_left_to_serde() {
        let others = [
            MOVED.replace(r#""type":"event","#, r#""type": "event","#),
            MOVED.replace(r#""plies":15"#, r#""plies":1.5"#),
            MOVED.replace(r#""plies":15"#, r#""plies":-15"#),
            MOVED.replace(r#""plies":15"#, r#""plies":015"#),
            MOVED.replace(r#""plies":15"#, r#""ply":15"#),
            MOVED.replace(r#""clocks":null"#, r#""clocks":{"white":1}"#),
            MOVED.replace(
                r#""clocks":null}}}"#,
                r#""clocks":null},"next":{"plies":3}}}"#,
            ),
            MOVED.replace(r#"}}}"#, r#"}}} "#),
            MOVED.replace("moved", "finished"),
            MOVED.replace("moved", r"mo\u0076ed"),
            YOUR_TURN.replace("c1-d2", r"c1\u002dd2"),
            YOUR_TURN.replace(r#"]}}"#, r#"],"extra":{"text":"x"}}}"#),
            YOUR_TURN.replace(r#"{"text":"c1-d2","#, r#"{"origin":"c1","text":"c1-d2","#),
            format!("{YOUR_TURN} "),
            YOUR_TURN[..YOUR_TURN.len() - 1].to_string(),
            YOUR_TURN[..YOUR_TURN.len() / 2].to_string(),
            ACK.replace(r#""id":17"#, r#""id":"17""#),
            ACK.replace(r#""v":37}"#, r#""v":37,"x":1}"#),
            r#"{"type":"snapshot","v":3,"data":{"state":"playing"}}"#.to_string(),
            r#"{"type":"error","id":5,"data":{"code":"illegal_move"}}"#.to_string(),
            String::new(),
        ];
        for text in others {
            assert!(envelope(&text).is_none(), "{text}");
        }
    }

    /// Strings in a legal move's other fields may hold braces, brackets and escaped quotes.
    #[test]
    fn the_rest_of_a_legal_move_is_skipped_over_strings_and_nesting() {
        let text = YOUR_TURN.replace(
            r#""origin":"c1","#,
            r#""origin":"c1}]\"x\\","note":{"a":[1,{"b":"}"}]},"#,
        );
        serde(&text);
        // Every move is still found, each whole (300 draws of three miss one with a
        // probability of about 1e-52).
        let picks: std::collections::BTreeSet<String> = (0..300)
            .map(|_| {
                let m = envelope(&text).unwrap();
                m.data.unwrap().random_move.unwrap().into_owned()
            })
            .collect();
        assert_eq!(
            picks.iter().map(String::as_str).collect::<Vec<_>>(),
            ["a3-b4", "c1-d2", "c5xa3"]
        );
    }
}
