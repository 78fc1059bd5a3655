//! Who is asking, and what a connection may cost: the client address under the trusted-proxy
//! rule ([`ClientAddr`], [`TrustedProxies`]), the key every per-address limit counts by
//! ([`AddrKey`]: an IPv6 address by its /64), the request body's time limit
//! ([`body_timeout`]) and the process's descriptor limit ([`raise_descriptor_limit`]).
//!
//! Behind a reverse proxy every connection comes from the proxy. Only a peer listed in
//! `--trusted-proxies` is believed about the client: its `X-Forwarded-For` (or, when it sends
//! none, its `Forwarded`) is read from the right, and the first address that is not itself a
//! trusted proxy is the client. A header from any other peer is ignored, so a client cannot
//! choose its own address by sending one.

use std::convert::Infallible;
use std::fmt;
use std::future::Future as _;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::pin::Pin;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use ipnet::IpNet;

/// The networks whose connections may say who the client is (`--trusted-proxies`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Arc<[IpNet]>);

/// A `--trusted-proxies` entry that is neither an address nor a network.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("not an IP address or network (CIDR): {0:?}")]
pub struct BadProxy(String);

impl FromStr for TrustedProxies {
    type Err = BadProxy;

    /// Comma-separated addresses and networks (`10.0.0.0/8, 2001:db8::/32, 127.0.0.1`);
    /// empty: none.
    fn from_str(s: &str) -> Result<TrustedProxies, BadProxy> {
        let mut nets = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let net = match part.parse::<IpNet>() {
                Ok(n) => n.trunc(),
                Err(_) => match part.parse::<IpAddr>() {
                    Ok(ip) => IpNet::from(canonical(ip)),
                    Err(_) => return Err(BadProxy(part.to_string())),
                },
            };
            nets.push(net);
        }
        Ok(TrustedProxies(nets.into()))
    }
}

impl TrustedProxies {
    /// Whether no proxy is trusted (the default); only the tests ask.
    #[cfg(test)]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `ip` (an IPv4-mapped IPv6 address as its IPv4) is a trusted proxy.
    pub(crate) fn contains(&self, ip: IpAddr) -> bool {
        let ip = canonical(ip);
        self.0.iter().any(|n| n.contains(&ip))
    }
}

/// `ip`, with an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`, as a dual-stack listener
/// reports IPv4 peers) as the IPv4 address it is.
pub(crate) fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(v6),
        },
        v4 => v4,
    }
}

/// What every per-address limit counts by: an IPv4 address whole, an IPv6 address by its
/// /64 (one subscriber's network: a client given a /64 has billions of addresses).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct AddrKey(IpAddr);

impl AddrKey {
    /// The key of `ip`.
    pub(crate) fn of(ip: IpAddr) -> AddrKey {
        match canonical(ip) {
            IpAddr::V6(v6) => {
                let bits = u128::from(v6) & !(u128::from(u64::MAX));
                AddrKey(IpAddr::V6(Ipv6Addr::from(bits)))
            }
            v4 => AddrKey(v4),
        }
    }
}

impl fmt::Display for AddrKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// Who is asking: the client's address under the trusted-proxy rule. An axum extractor
/// (from the connection's address and the request's headers); every handler that limits,
/// records or counts by address takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ClientAddr {
    ip: IpAddr,
    /// The connection came from a trusted proxy (the address was read from its headers).
    proxied: bool,
}

impl ClientAddr {
    /// The client of a request that came from `peer` with `headers`.
    pub(crate) fn resolve(
        peer: IpAddr,
        headers: &HeaderMap,
        trusted: &TrustedProxies,
    ) -> ClientAddr {
        let peer = canonical(peer);
        if !trusted.contains(peer) {
            return ClientAddr {
                ip: peer,
                proxied: false,
            };
        }
        ClientAddr {
            ip: client_behind(peer, &forwarded_chain(headers), trusted),
            proxied: true,
        }
    }

    /// The client's IP address (IPv4-mapped addresses as IPv4).
    pub(crate) fn ip(&self) -> IpAddr {
        self.ip
    }

    /// The key of the per-address limits ([`AddrKey`]).
    pub(crate) fn key(&self) -> AddrKey {
        AddrKey::of(self.ip)
    }

    /// Whether the connection came through a trusted proxy: its TCP connection is then not
    /// counted against the client's address at accept (it is the proxy's), so the socket
    /// cap counts the client's WebSockets instead.
    pub(crate) fn proxied(&self) -> bool {
        self.proxied
    }
}

impl fmt::Display for ClientAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ip)
    }
}

/// Any state that knows the trusted proxies (the server's `AppState`; a cheap clone).
impl<S> FromRequestParts<S> for ClientAddr
where
    S: Send + Sync,
    TrustedProxies: FromRef<S>,
{
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<ClientAddr, Infallible> {
        // Served by `crate::run`, every request has its connection's address; a router called
        // directly (without a connection) is taken for a local client.
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([127, 0, 0, 1]), |c| c.0.ip());
        Ok(ClientAddr::resolve(
            peer,
            &parts.headers,
            &TrustedProxies::from_ref(state),
        ))
    }
}

/// The addresses a request passed through, leftmost (the first client) first: from every
/// `X-Forwarded-For` line, or when there is none, from the `for=` of every `Forwarded`
/// line (RFC 7239). `None` for an entry that is not an address (`unknown`, an obfuscated
/// `_name`, garbage). X-Forwarded-For comes first because it is what proxies set (nginx,
/// Caddy, Traefik, HAProxy's `forwardfor`) and what they append to; a proxy that sets only
/// `Forwarded` must drop an `X-Forwarded-For` its client sent.
pub(crate) fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let xff: Vec<Option<IpAddr>> = headers
        .get_all("x-forwarded-for")
        .iter()
        .flat_map(|v| {
            String::from_utf8_lossy(v.as_bytes())
                .split(',')
                .map(|s| parse_node(s.trim()))
                .collect::<Vec<_>>()
        })
        .collect();
    if !xff.is_empty() {
        return xff;
    }
    headers
        .get_all("forwarded")
        .iter()
        .flat_map(|v| {
            let text = String::from_utf8_lossy(v.as_bytes()).into_owned();
            split_quoted(&text, ',')
                .into_iter()
                .filter_map(|element| {
                    split_quoted(element, ';').into_iter().find_map(|pair| {
                        let (name, value) = pair.split_once('=')?;
                        name.trim()
                            .eq_ignore_ascii_case("for")
                            .then(|| parse_node(unquote(value.trim())))
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The client behind `peer` (a trusted proxy): walking `chain` from the right, the first
/// address that is not a trusted proxy. An entry that is no address stops the walk: the
/// nearest trusted hop is then the best known address. All trusted: the leftmost.
fn client_behind(peer: IpAddr, chain: &[Option<IpAddr>], trusted: &TrustedProxies) -> IpAddr {
    let mut nearest = peer;
    for hop in chain.iter().rev() {
        match hop {
            Some(ip) if trusted.contains(*ip) => nearest = canonical(*ip),
            Some(ip) => return canonical(*ip),
            None => return nearest,
        }
    }
    nearest
}

/// `s` split at `sep` outside double quotes.
fn split_quoted(s: &str, sep: char) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut quoted, mut escaped) = (0, false, false);
    for (i, c) in s.char_indices() {
        if escaped {
            escaped = false;
        } else if quoted && c == '\\' {
            escaped = true;
        } else if c == '"' {
            quoted = !quoted;
        } else if c == sep && !quoted {
            parts.push(&s[start..i]);
            start = i + c.len_utf8();
        }
    }
    parts.push(&s[start..]);
    parts
}

/// A quoted string's content (escapes are not expected in an address).
fn unquote(s: &str) -> &str {
    s.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s)
}

/// An address of a forwarding header: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`,
/// `[2001:db8::1]`, `[2001:db8::1]:5678`; `None` for anything else.
fn parse_node(s: &str) -> Option<IpAddr> {
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Some(rest) = s.strip_prefix('[') {
        let (inner, after) = rest.split_once(']')?;
        if !(after.is_empty() || after.starts_with(':')) {
            return None;
        }
        return inner.parse::<Ipv6Addr>().ok().map(IpAddr::V6);
    }
    s.parse::<SocketAddr>().ok().map(|a| a.ip())
}

/// Set on a request whose body ran out of time (see [`body_timeout`]).
#[derive(Clone, Default)]
struct TimedOut(Arc<AtomicBool>);

/// A request body that must arrive whole before its deadline; past it, the body ends with
/// an error (what reads it gives up) and the flag is set.
struct DeadlineBody {
    inner: axum::body::Body,
    sleep: Pin<Box<tokio::time::Sleep>>,
    timed_out: TimedOut,
}

/// What a [`DeadlineBody`] says when its time is up.
#[derive(Debug, thiserror::Error)]
#[error("the request body did not arrive in time")]
struct BodyTimedOut;

impl http_body::Body for DeadlineBody {
    type Data = axum::body::Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        let this = &mut *self;
        if let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx) {
            return Poll::Ready(frame.map(|f| f.map_err(axum::BoxError::from)));
        }
        if this.sleep.as_mut().poll(cx).is_ready() {
            this.timed_out.0.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err(Box::new(BodyTimedOut))));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Middleware: a request's body must arrive whole within `--body-timeout-secs` of its
/// headers. One that does not is answered 408 `timeout` (JSON, like every error) and its
/// connection closed, whatever the handler made of the broken body.
pub(crate) async fn body_timeout(
    axum::extract::State(limit): axum::extract::State<Duration>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if http_body::Body::is_end_stream(request.body()) {
        return next.run(request).await;
    }
    let timed_out = TimedOut::default();
    let request = request.map(|inner| {
        axum::body::Body::new(DeadlineBody {
            inner,
            sleep: Box::pin(tokio::time::sleep(limit)),
            timed_out: timed_out.clone(),
        })
    });
    let response = next.run(request).await;
    if !timed_out.0.load(Ordering::Relaxed) {
        return response;
    }
    let body = serde_json::json!({"error": {
        "code": "timeout",
        "message": format!("the request body did not arrive within {} s", limit.as_secs()),
    }});
    let mut response = (StatusCode::REQUEST_TIMEOUT, axum::Json(body)).into_response();
    response.headers_mut().insert(
        axum::http::header::CONNECTION,
        axum::http::HeaderValue::from_static("close"),
    );
    response
}

/// Raises the soft limit of open descriptors to the hard limit (each connection holds one;
/// 1,024 is a common default, far below `--max-connections`), logging what it is now.
pub(crate) fn raise_descriptor_limit() {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(n) => tracing::info!(limit = n, "open files limit"),
        Err(e) => tracing::warn!(error = %e, "cannot raise the open files limit"),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use axum::http::HeaderValue;
    use proptest::prelude::*;

    fn headers(lines: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in lines {
            h.append(*name, HeaderValue::from_str(value).unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn client(peer: &str, lines: &[(&'static str, &str)], trusted: &str) -> IpAddr {
        ClientAddr::resolve(ip(peer), &headers(lines), &trusted.parse().unwrap()).ip()
    }

    #[test]
    fn trusted_proxies_parse_addresses_and_networks() {
        let t: TrustedProxies = " 10.0.0.0/8, 2001:db8::/32,127.0.0.1,,::ffff:192.0.2.1"
            .parse()
            .unwrap();
        assert!(t.contains(ip("10.1.2.3")));
        assert!(t.contains(ip("2001:db8:ffff::1")));
        assert!(t.contains(ip("127.0.0.1")));
        assert!(t.contains(ip("::ffff:127.0.0.1")));
        assert!(t.contains(ip("192.0.2.1")));
        assert!(!t.contains(ip("127.0.0.2")));
        assert!(!t.contains(ip("2001:db9::1")));
        assert!("".parse::<TrustedProxies>().unwrap().is_empty());
        assert_eq!(
            "10.0.0.0/8,proxy".parse::<TrustedProxies>(),
            Err(BadProxy("proxy".into()))
        );
        assert!("10.0.0.0/33".parse::<TrustedProxies>().is_err());
    }

    #[test]
    fn headers_from_an_untrusted_peer_are_ignored() {
        let forged = [("x-forwarded-for", "1.2.3.4"), ("forwarded", "for=5.6.7.8")];
        assert_eq!(client("203.0.113.9", &forged, ""), ip("203.0.113.9"));
        assert_eq!(
            client("203.0.113.9", &forged, "127.0.0.1"),
            ip("203.0.113.9")
        );
        let c = ClientAddr::resolve(
            ip("203.0.113.9"),
            &headers(&forged),
            &TrustedProxies::default(),
        );
        assert!(!c.proxied());
    }

    #[test]
    fn the_rightmost_untrusted_address_is_the_client() {
        // A client's forged entry comes first; nginx appends the real one.
        let h = [("x-forwarded-for", "6.6.6.6, 198.51.100.7")];
        assert_eq!(client("127.0.0.1", &h, "127.0.0.1"), ip("198.51.100.7"));
        // Two proxies: the inner one is trusted too and skipped.
        let h = [("x-forwarded-for", "6.6.6.6, 198.51.100.7, 10.0.0.5")];
        assert_eq!(
            client("127.0.0.1", &h, "127.0.0.1,10.0.0.0/8"),
            ip("198.51.100.7")
        );
        // Several header lines are one list, in order.
        let h = [
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "198.51.100.7:4711"),
        ];
        assert_eq!(client("127.0.0.1", &h, "127.0.0.1"), ip("198.51.100.7"));
        // No header from a trusted proxy: the proxy itself.
        assert_eq!(client("127.0.0.1", &[], "127.0.0.1"), ip("127.0.0.1"));
        // Something that is no address: the nearest trusted hop.
        let h = [("x-forwarded-for", "198.51.100.7, unknown, 10.0.0.5")];
        assert_eq!(
            client("127.0.0.1", &h, "127.0.0.1,10.0.0.0/8"),
            ip("10.0.0.5")
        );
        // Every hop trusted: the leftmost.
        let h = [("x-forwarded-for", "10.0.0.9, 10.0.0.5")];
        assert_eq!(
            client("127.0.0.1", &h, "127.0.0.1,10.0.0.0/8"),
            ip("10.0.0.9")
        );
        // An IPv4-mapped peer is its IPv4 address.
        let h = [("x-forwarded-for", "198.51.100.7")];
        assert_eq!(
            client("::ffff:127.0.0.1", &h, "127.0.0.1"),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn forwarded_is_read_when_there_is_no_x_forwarded_for() {
        let h = [(
            "forwarded",
            r#"for=6.6.6.6;proto=http, For="[2001:db8:cafe::17]:4711";by=10.0.0.1"#,
        )];
        assert_eq!(
            client("127.0.0.1", &h, "127.0.0.1"),
            ip("2001:db8:cafe::17")
        );
        let h = [
            ("forwarded", "for=192.0.2.60;proto=http;by=203.0.113.43"),
            ("forwarded", r#"for="198.51.100.17:80""#),
        ];
        assert_eq!(client("127.0.0.1", &h, "127.0.0.1"), ip("198.51.100.17"));
        let h = [("forwarded", r#"for="_hidden", for=unknown"#)];
        assert_eq!(client("127.0.0.1", &h, "127.0.0.1"), ip("127.0.0.1"));
        // A quoted comma or semicolon does not split.
        let h = [("forwarded", r#"by="a,b;c";for=192.0.2.8"#)];
        assert_eq!(client("127.0.0.1", &h, "127.0.0.1"), ip("192.0.2.8"));
        // X-Forwarded-For wins over Forwarded (see forwarded_chain).
        let h = [
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "192.0.2.8"),
        ];
        assert_eq!(client("127.0.0.1", &h, "127.0.0.1"), ip("192.0.2.8"));
    }

    #[test]
    fn nodes_parse_with_ports_and_brackets() {
        assert_eq!(parse_node("192.0.2.1"), Some(ip("192.0.2.1")));
        assert_eq!(parse_node("192.0.2.1:80"), Some(ip("192.0.2.1")));
        assert_eq!(parse_node("2001:db8::1"), Some(ip("2001:db8::1")));
        assert_eq!(parse_node("[2001:db8::1]"), Some(ip("2001:db8::1")));
        assert_eq!(parse_node("[2001:db8::1]:443"), Some(ip("2001:db8::1")));
        assert_eq!(parse_node("[2001:db8::1]x"), None);
        assert_eq!(parse_node("[192.0.2.1]"), None);
        assert_eq!(parse_node("unknown"), None);
        assert_eq!(parse_node(""), None);
    }

    #[test]
    fn keys_group_ipv6_by_its_64() {
        assert_eq!(
            AddrKey::of(ip("2001:db8:1:2:aaaa::1")),
            AddrKey::of(ip("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        );
        assert_ne!(
            AddrKey::of(ip("2001:db8:1:2::1")),
            AddrKey::of(ip("2001:db8:1:3::1"))
        );
        assert_eq!(
            AddrKey::of(ip("2001:db8:1:2::1")).to_string(),
            "2001:db8:1:2::/64"
        );
        assert_eq!(AddrKey::of(ip("192.0.2.1")).to_string(), "192.0.2.1");
        assert_eq!(
            AddrKey::of(ip("::ffff:192.0.2.1")),
            AddrKey::of(ip("192.0.2.1"))
        );
        assert_ne!(AddrKey::of(ip("192.0.2.1")), AddrKey::of(ip("192.0.2.2")));
    }

    proptest! {
        /// Every address of one /64 has one key, and two /64s never share one.
        #[test]
        fn a_64_is_one_key(net in any::<u64>(), a in any::<u64>(), b in any::<u64>(), other in any::<u64>()) {
            // The /64 of `::` holds the IPv4-mapped addresses, keyed as IPv4.
            prop_assume!(net != 0 && other != 0);
            let addr = |n: u64, host: u64| IpAddr::V6(Ipv6Addr::from((u128::from(n) << 64) | u128::from(host)));
            prop_assert_eq!(AddrKey::of(addr(net, a)), AddrKey::of(addr(net, b)));
            prop_assert_eq!(AddrKey::of(addr(net, a)) == AddrKey::of(addr(other, a)), net == other);
        }

        /// An IPv4 address is keyed whole, mapped into IPv6 or not.
        #[test]
        fn ipv4_is_keyed_whole(a in any::<u32>(), b in any::<u32>()) {
            let v4 = |n: u32| IpAddr::V4(n.into());
            let mapped = |n: u32| IpAddr::V6(std::net::Ipv4Addr::from(n).to_ipv6_mapped());
            prop_assert_eq!(AddrKey::of(v4(a)), AddrKey::of(mapped(a)));
            prop_assert_eq!(AddrKey::of(v4(a)) == AddrKey::of(v4(b)), a == b);
        }

        /// Header parsing never panics, and an untrusted peer is always its own client.
        #[test]
        fn any_header_is_safe(xff in ".{0,80}", fwd in ".{0,80}", peer in any::<u32>()) {
            let mut h = HeaderMap::new();
            if let Ok(v) = HeaderValue::from_str(&xff) { h.append("x-forwarded-for", v); }
            if let Ok(v) = HeaderValue::from_str(&fwd) { h.append("forwarded", v); }
            let trusted: TrustedProxies = "127.0.0.1".parse().unwrap();
            let _ = ClientAddr::resolve(ip("127.0.0.1"), &h, &trusted);
            let p = IpAddr::V4(peer.into());
            if !trusted.contains(p) {
                prop_assert_eq!(ClientAddr::resolve(p, &h, &trusted).ip(), p);
            }
        }

        /// A chain of real addresses behind trusted proxies gives its last real address.
        #[test]
        fn chains_resolve_to_the_last_untrusted(real in proptest::collection::vec(any::<u32>(), 1..5), proxies in 0usize..3) {
            let trusted: TrustedProxies = "10.0.0.0/8".parse().unwrap();
            let real: Vec<IpAddr> = real.into_iter().map(|n| IpAddr::V4((n | 0x8000_0000).into())).collect();
            let mut chain: Vec<String> = real.iter().map(ToString::to_string).collect();
            chain.extend((0..proxies).map(|i| format!("10.0.0.{i}")));
            let h = headers(&[("x-forwarded-for", &chain.join(", "))]);
            let got = ClientAddr::resolve(ip("10.9.9.9"), &h, &trusted).ip();
            prop_assert_eq!(got, *real.last().unwrap());
        }
    }
}
