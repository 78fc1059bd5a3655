//! Where a `checkerhall serve` process the tests start listens: it is given port 0, and
//! [`listening_addr`] reads the address the kernel bound from `/proc`. A port picked free and
//! released before the process binds it could be taken by anyone in between (another
//! test's connection included).
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::net::{Ipv4Addr, SocketAddr};

/// The IPv4 TCP address process `pid` listens on, if it listens on exactly one.
pub fn listening_addr(pid: u32) -> Option<SocketAddr> {
    // The process's sockets, by inode.
    let inodes: Vec<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
        .ok()?
        .flatten()
        .filter_map(|e| std::fs::read_link(e.path()).ok())
        .filter_map(|l| {
            let l = l.to_string_lossy().to_string();
            Some(l.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
        })
        .collect();
    let table = std::fs::read_to_string(format!("/proc/{pid}/net/tcp")).ok()?;
    let mut found = table.lines().skip(1).filter_map(|line| {
        let fields: Vec<&str> = line.split_whitespace().collect();
        // `st` 0A is LISTEN; field 9 is the inode.
        if fields.get(3) != Some(&"0A")
            || !inodes.iter().any(|i| Some(&i.as_str()) == fields.get(9))
        {
            return None;
        }
        let (ip, port) = fields.get(1)?.split_once(':')?;
        // The kernel prints the address as a number in the machine's byte order.
        let ip = Ipv4Addr::from(u32::from_str_radix(ip, 16).ok()?.to_ne_bytes());
        Some(SocketAddr::new(
            ip.into(),
            u16::from_str_radix(port, 16).ok()?,
        ))
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

/// Starts a process that must be told its port (nginx takes neither a listener nor port
/// 0): `spawn(port)` starts it on a port that was free a moment ago, and the port is used
/// only once the process is seen listening on it, so nobody else can be reached through
/// it; a process that exits first (the port was taken meanwhile) is started again on
/// another.
pub async fn spawn_on_free_port(
    mut spawn: impl FnMut(u16) -> std::process::Child,
) -> (std::process::Child, SocketAddr) {
    use std::time::{Duration, Instant};
    for _ in 0..10 {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let mut child = spawn(port);
        let give_up = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                eprintln!("port {port} was taken before the process bound it ({status}); another");
                break;
            }
            if listening_addr(child.id()).is_some_and(|a| a.port() == port) {
                return (child, SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
            }
            assert!(
                Instant::now() < give_up,
                "not listening on {port} within 20 s"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    panic!("no free port held after 10 tries");
}
