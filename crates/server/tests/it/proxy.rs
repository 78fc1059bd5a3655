//! The real client address behind a reverse proxy, with Debian's nginx in
//! front of the server as a club would put it: the server trusts 127.0.0.1 (nginx) and reads
//! the client from `X-Forwarded-For`. Two clients behind nginx (127.0.0.2 and 127.0.0.3) are
//! limited separately, a WebSocket upgrade goes through, and a forged `X-Forwarded-For`
//! sent straight to the server from an untrusted address, or through nginx, is ignored.
//!
//! Without `/usr/sbin/nginx` the test fails under CI and is skipped, saying so, elsewhere
//! (`crate::required`); `.ci/run` installs it.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::{IpAddr, SocketAddr};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use serde_json::{json, Value};

use super::slow_clients::connect_from;
use crate::common::{self, Server};

const NGINX: &str = "/usr/sbin/nginx";

/// nginx, running until dropped, with its files in a temporary folder.
struct Nginx {
    child: Child,
    addr: SocketAddr,
    dir: std::path::PathBuf,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Nginx {
    /// nginx on a free port of 127.0.0.1, proxying everything (WebSocket upgrades too) to
    /// `upstream` with `X-Forwarded-For`, as docs/hosting.md's example does.
    async fn start(upstream: SocketAddr) -> Nginx {
        let dir = std::env::temp_dir().join(format!("checkerhall-nginx-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let d = dir.display();
        let user = if std::env::var("USER").as_deref() == Ok("root") || is_root() {
            "user root;"
        } else {
            ""
        };
        // nginx binds the port itself (it would not serve a listener handed to it here).
        let file = dir.join("nginx.conf");
        let (child, addr) = crate::ports::spawn_on_free_port(|port| {
            let conf = format!(
                r#"{user}
    daemon off;
    master_process off;
    worker_processes 1;
    pid {d}/nginx.pid;
    error_log {d}/error.log warn;
    events {{ worker_connections 512; }}
    http {{
        access_log off;
        client_body_temp_path {d}/body;
        proxy_temp_path {d}/proxy;
        fastcgi_temp_path {d}/fastcgi;
        uwsgi_temp_path {d}/uwsgi;
        scgi_temp_path {d}/scgi;
        map $http_upgrade $connection_upgrade {{
            default upgrade;
            ''      close;
        }}
        server {{
            listen 127.0.0.1:{port};
            location / {{
                proxy_pass http://{upstream};
                proxy_http_version 1.1;
                proxy_set_header Host $host;
                proxy_set_header Upgrade $http_upgrade;
                proxy_set_header Connection $connection_upgrade;
                proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                proxy_read_timeout 120s;
            }}
        }}
    }}
    "#
            );
            std::fs::write(&file, conf).unwrap();
            Command::new(NGINX)
                .arg("-p")
                .arg(&dir)
                .arg("-c")
                .arg(&file)
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("nginx starts")
        })
        .await;
        Nginx { child, addr, dir }
    }
}

fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("Uid:"))
                .map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

/// Whether nginx is here; its absence fails the test unless the `nginx` group may be
/// skipped (`crate::required`).
fn nginx_present() -> bool {
    crate::required::tool(crate::required::Group::Nginx, Path::new(NGINX))
}

/// An HTTP client whose connections come from `source`.
fn client_from(source: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(source.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

async fn me(client: &reqwest::Client, base: SocketAddr, forged: Option<&str>) -> (u16, Value) {
    let mut req = client.get(format!("http://{base}/api/me"));
    if let Some(f) = forged {
        req = req.header("X-Forwarded-For", f);
    }
    let r = req.send().await.unwrap();
    (r.status().as_u16(), r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn behind_nginx_each_client_is_limited_by_its_own_address() {
    if !nginx_present() {
        return;
    }
    let s = Server::setup()
        .config(|c| c.trusted_proxies = "127.0.0.1".parse().unwrap())
        .limits(|l| {
            l.identities_per_address_per_minute = 1;
            l.sockets_per_address = 2;
        })
        .start()
        .await;
    let nginx = Nginx::start(s.addr).await;
    let (a, b) = (client_from("127.0.0.2"), client_from("127.0.0.3"));

    // Each client behind nginx has its own identity limit.
    let (status, body) = me(&a, nginx.addr, None).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = me(&a, nginx.addr, None).await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["error"]["code"], "identity_rate_limited");
    let (status, body) = me(&b, nginx.addr, None).await;
    assert_eq!(status, 200, "the second client is not the first: {body}");
    // A header the client forges is passed on by nginx with the real address appended:
    // the rightmost untrusted address is still the client's.
    let (status, body) = me(&b, nginx.addr, Some("198.51.100.1")).await;
    assert_eq!(
        status, 429,
        "a forged header through nginx was believed: {body}"
    );

    // Straight to the server from an untrusted address, the header is ignored: the
    // connection's own address is limited, whatever it claims.
    let c = client_from("127.0.0.4");
    assert_eq!(me(&c, s.addr, Some("198.51.100.2")).await.0, 200);
    let (status, body) = me(&c, s.addr, Some("198.51.100.3")).await;
    assert_eq!(status, 429, "a forged header was believed: {body}");

    // A WebSocket upgrade through nginx works, and the socket cap counts each client
    // behind it by its own address.
    let (_, token) = s.player().await;
    let (_, room) = s.create_room(&token, json!({"game": "queah"})).await;
    let id = room["id"].as_str().unwrap().to_string();
    let ws_from = |source: &'static str| {
        let id = id.clone();
        let addr = nginx.addr;
        async move {
            let tcp = connect_from(source, addr, None).await.unwrap();
            tokio_tungstenite::client_async(format!("ws://{addr}/ws?room={id}"), tcp).await
        }
    };
    let mut first = ws_from("127.0.0.2")
        .await
        .expect("an upgrade through nginx")
        .0;
    let snapshot = common::within("the snapshot", async {
        use futures_util::StreamExt;
        loop {
            if let Some(Ok(tokio_tungstenite::tungstenite::Message::Text(t))) = first.next().await {
                return serde_json::from_str::<Value>(&t).unwrap();
            }
        }
    })
    .await;
    assert_eq!(snapshot["type"], "snapshot", "{snapshot}");
    let _second = ws_from("127.0.0.2").await.expect("a second socket");
    match ws_from("127.0.0.2").await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 429);
            let body: Value = serde_json::from_slice(r.body().as_deref().unwrap()).unwrap();
            assert_eq!(body["error"]["code"], "too_many_sockets", "{body}");
        }
        other => panic!(
            "a third socket of one client was not refused: {:?}",
            other.map(|_| ())
        ),
    }
    // The other client behind the same proxy is not affected.
    let _other = ws_from("127.0.0.3")
        .await
        .expect("the other client's socket");
    drop(nginx);
    // nginx's own connections were never counted against 127.0.0.1.
    assert_eq!(s.metric("checkerhall_connections_refused_total").await, 0);
}
