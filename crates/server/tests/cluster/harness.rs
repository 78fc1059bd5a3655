//! A cluster on loopback: N `checkerhall serve` processes on one fresh Postgres database,
//! Debian's nginx in front of them (round robin, WebSocket upgrades, `X-Forwarded-For`, a
//! dead node's requests passed to the next), and the signals the tests send the nodes.
//!
//! Without `TEST_DATABASE_URL` or `/usr/sbin/nginx` a test fails under CI and is skipped,
//! saying so, elsewhere (`crate::required`).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;
use tokio::time::Instant;

use crate::clubdb;

/// Debian's nginx binary.
pub const NGINX: &str = "/usr/sbin/nginx";

/// The lease the tests give the nodes: short, so that a killed node's rooms come back
/// within seconds, yet several renewals long on a loaded 2-core machine.
pub const LEASE_MS: u64 = 1500;
/// The renewal period.
pub const RENEW_MS: u64 = 300;

/// Whether the cluster tests can run here: they need Postgres (the nodes share one) and
/// nginx; a missing one fails the test unless its group may be skipped (`crate::required`).
pub fn available() -> bool {
    crate::required::postgres_url().is_some()
        && crate::required::tool(crate::required::Group::Nginx, Path::new(NGINX))
}

/// Whether this process runs as root (nginx then needs `user root;` to keep its workers
/// able to read the temporary folder).
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

/// Sends `signal` (`KILL`, `STOP`, `CONT`, `TERM`) to `pid` with kill(1): the tests need
/// no binding to libc for four signals.
fn signal(pid: u32, signal: &str) {
    let status = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg(pid.to_string())
        .status()
        .expect("kill(1) runs");
    assert!(status.success(), "kill -{signal} {pid} failed");
}

/// Whether every thread of process `pid` is stopped (`T` in `/proc/<pid>/task/*/stat`).
fn stopped(pid: u32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    tasks.flatten().all(|t| {
        std::fs::read_to_string(t.path().join("stat")).is_ok_and(|stat| {
            // The state follows the command's closing parenthesis.
            stat.rsplit_once(')')
                .and_then(|(_, rest)| rest.trim_start().chars().next())
                == Some('T')
        })
    })
}

/// One node: a `checkerhall serve` process with a fixed name and port (the same across its
/// restarts, so that nginx's upstream list stays right). Its first start listens on port 0,
/// and the port the kernel gave it is kept (`crate::ports`).
pub struct Node {
    /// `--node-name`.
    pub name: String,
    /// Where it listens (port 0 until its first start is ready).
    pub addr: SocketAddr,
    child: Option<Child>,
    log: PathBuf,
    database_url: String,
}

impl Node {
    /// Starts the process (not waiting for it to be ready).
    fn spawn(&mut self) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        let child = Command::new(env!("CARGO_BIN_EXE_checkerhall"))
            .arg("serve")
            .arg("--listen")
            .arg(self.addr.to_string())
            .arg("--database-url")
            .arg(&self.database_url)
            .arg("--node-name")
            .arg(&self.name)
            .arg("--lease-ms")
            .arg(LEASE_MS.to_string())
            .arg("--renew-ms")
            .arg(RENEW_MS.to_string())
            // nginx is the only proxy: the per-address limits see the client behind it.
            .arg("--trusted-proxies")
            .arg("127.0.0.1")
            // Every table of the tests comes from 127.0.0.1 and plays as fast as it can.
            .env("CHECKERHALL_WS_MESSAGES_PER_SECOND", "100000")
            .env("CHECKERHALL_WS_MESSAGE_BURST", "100000")
            .env("CHECKERHALL_ROOMS_PER_ADDRESS", "0")
            .env("CHECKERHALL_IDENTITIES_PER_ADDRESS", "0")
            .env("CHECKERHALL_SOCKETS_PER_ADDRESS", "10000")
            // CLUSTER_NODE_LOG says more when a failure is chased.
            .env(
                "RUST_LOG",
                std::env::var("CLUSTER_NODE_LOG").unwrap_or_else(|_| NODE_LOG.into()),
            )
            .stdin(Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("the checkerhall binary starts");
        self.child = Some(child);
    }

    /// The process id of the running process.
    pub fn pid(&self) -> u32 {
        self.child.as_ref().expect("the node runs").id()
    }

    /// Waits until the node answers `/readyz` with 200; panics (with its log) if it exits
    /// or is not ready within a minute.
    pub async fn ready(&mut self) {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(2))
            .build()
            .unwrap();
        let give_up = Instant::now() + Duration::from_secs(60);
        loop {
            if self.addr.port() == 0 {
                if let Some(addr) = crate::ports::listening_addr(self.pid()) {
                    self.addr = addr;
                }
            }
            let asked = (self.addr.port() != 0)
                .then(|| http.get(format!("http://{}/readyz", self.addr)).send());
            if let Some(asked) = asked {
                if asked.await.is_ok_and(|r| r.status().is_success()) {
                    return;
                }
            }
            if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().unwrap()) {
                panic!(
                    "node {} exited before it was ready ({status}):\n{}",
                    self.name,
                    self.log_tail()
                );
            }
            assert!(
                Instant::now() < give_up,
                "node {} was not ready within 60 s:\n{}",
                self.name,
                self.log_tail()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// SIGKILL, and waits for the process to be gone: no drain, no flush.
    pub fn kill9(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// SIGSTOP: the process is frozen with its sockets and connections open. Returns once
    /// every thread of it is stopped: kill(1) returning does not mean that, and a message
    /// sent at once was now and then taken by the node before it froze (the pause test's
    /// late move stored, and its turn gone).
    pub fn pause(&self) {
        let pid = self.pid();
        signal(pid, "STOP");
        let give_up = std::time::Instant::now() + Duration::from_secs(5);
        while !stopped(pid) {
            assert!(
                std::time::Instant::now() < give_up,
                "node {} not stopped 5 s after SIGSTOP",
                self.name
            );
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// SIGCONT.
    pub fn resume(&self) {
        signal(self.pid(), "CONT");
    }

    /// SIGTERM, then waits (up to 30 s) for the drained process to exit.
    pub async fn terminate(&mut self) -> std::process::ExitStatus {
        signal(self.pid(), "TERM");
        let mut c = self.child.take().unwrap();
        let give_up = Instant::now() + Duration::from_secs(30);
        loop {
            if let Some(status) = c.try_wait().unwrap() {
                return status;
            }
            if Instant::now() > give_up {
                let _ = c.kill();
                let _ = c.wait();
                panic!(
                    "node {} did not exit within 30 s of SIGTERM:\n{}",
                    self.name,
                    self.log_tail()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Starts the node again (same name, port and database) and waits until it is ready.
    pub async fn restart(&mut self) {
        assert!(self.child.is_none(), "node {} still runs", self.name);
        self.spawn();
        self.ready().await;
    }

    /// The last lines of the node's output (its warnings and errors).
    pub fn log_tail(&self) -> String {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        lines[lines.len().saturating_sub(40)..].join("\n")
    }

    /// The node's `/metrics`, straight from it (not through nginx).
    pub async fn metrics(&self) -> String {
        reqwest::get(format!("http://{}/metrics", self.addr))
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        if let Some(c) = &mut self.child {
            // A paused node does not die of SIGKILL until it is continued on some kernels'
            // views of it; continue first, then kill.
            let _ = Command::new("kill")
                .arg("-CONT")
                .arg(c.id().to_string())
                .status();
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// nginx in front of the nodes.
pub struct Nginx {
    child: Child,
    /// Where clients connect.
    pub addr: SocketAddr,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What the nodes log: their rooms changing hands, and what a follower and the inbox do
/// with each room, which a failure about one room is read from (`Cluster::logs_of`).
const NODE_LOG: &str = "warn,server::cluster=info,server::rooms=info,\
    server::rooms::follower=debug,server::rooms::inbox=debug,server::rooms::claims=debug";

/// nginx's configuration: round robin over `nodes`; WebSocket upgrades passed; the client's
/// address in `X-Forwarded-For`; a request that cannot reach a node (refused, reset, or a
/// 502/503 answer such as a draining node's) passed to the next one; as shipped
/// (`deploy/nginx-cluster.conf`), no node is ever marked down.
pub fn nginx_conf(dir: &Path, listen: SocketAddr, nodes: &[SocketAddr]) -> String {
    let d = dir.display();
    let user = if is_root() { "user root;" } else { "" };
    let servers: String = nodes
        .iter()
        .map(|a| format!("        server {a} max_fails=0;\n"))
        .collect();
    format!(
        r#"{user}
master_process off;
worker_processes 1;
pid {d}/nginx.pid;
error_log {d}/error.log warn;
events {{ worker_connections 4096; }}
http {{
    # Kept in the run's folder: which node each socket of a stuck room reached.
    log_format upstream '$time_iso8601 $request_uri $upstream_addr $status $request_time';
    access_log {d}/access.log upstream;
    client_body_temp_path {d}/body;
    proxy_temp_path {d}/proxy;
    fastcgi_temp_path {d}/fastcgi;
    uwsgi_temp_path {d}/uwsgi;
    scgi_temp_path {d}/scgi;
    upstream checkerhall {{
{servers}        keepalive 32;
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      '';
    }}
    server {{
        listen {listen};
        proxy_http_version 1.1;
        proxy_set_header Host $host;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_connect_timeout 1s;
        proxy_next_upstream error timeout http_502 http_503;
        proxy_next_upstream_tries 3;
        location / {{
            proxy_pass http://checkerhall;
            proxy_read_timeout 10s;
        }}
        location /ws {{
            proxy_pass http://checkerhall;
            # The server pings every socket every 15 s.
            proxy_read_timeout 60s;
            proxy_send_timeout 60s;
        }}
    }}
}}
"#
    )
}

/// One cluster at a time: the tests of this target run on threads of one process, and three
/// clusters of three nodes at once would only measure two cores shared nine ways.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Three (or N) nodes, nginx in front, one fresh database.
pub struct Cluster {
    pub nodes: Vec<Node>,
    pub nginx: Nginx,
    /// The database's URL (the tests read its tables directly too).
    pub database_url: String,
    /// Where the logs and nginx's files are.
    pub dir: PathBuf,
    /// Held while this cluster runs; dropped last (after the nodes and nginx).
    _turn: tokio::sync::MutexGuard<'static, ()>,
}

impl Cluster {
    /// Starts `n` nodes on a fresh database and nginx in front of them; `None` when the
    /// cluster cannot run here outside CI (see [`available`]).
    pub async fn start(n: usize) -> Option<Cluster> {
        if !available() {
            return None;
        }
        let turn = ONE_AT_A_TIME.lock().await;
        let db = clubdb::fresh_postgres().await?;
        let dir =
            std::env::temp_dir().join(format!("checkerhall-cluster-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut nodes: Vec<Node> = (0..n)
            .map(|i| Node {
                name: format!("n{}", i + 1),
                addr: SocketAddr::from(([127, 0, 0, 1], 0)),
                child: None,
                log: dir.join(format!("n{}.log", i + 1)),
                database_url: db.url.clone(),
            })
            .collect();
        // The first node migrates the database; the others start once it is ready, not in
        // a race over the same migration.
        nodes[0].spawn();
        nodes[0].ready().await;
        for node in &mut nodes[1..] {
            node.spawn();
        }
        for node in &mut nodes[1..] {
            node.ready().await;
        }
        // nginx binds its port itself (it would not serve a listener handed to it here).
        let addrs: Vec<SocketAddr> = nodes.iter().map(|n| n.addr).collect();
        let conf = dir.join("nginx.conf");
        let (child, listen) = crate::ports::spawn_on_free_port(|port| {
            let listen = SocketAddr::from(([127, 0, 0, 1], port));
            std::fs::write(&conf, nginx_conf(&dir, listen, &addrs)).unwrap();
            Command::new(NGINX)
                .arg("-p")
                .arg(&dir)
                .arg("-c")
                .arg(&conf)
                .arg("-g")
                .arg("daemon off;")
                .stdout(Stdio::null())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("nginx starts")
        })
        .await;
        let nginx = Nginx {
            child,
            addr: listen,
        };
        let give_up = Instant::now() + Duration::from_secs(20);
        while tokio::net::TcpStream::connect(listen).await.is_err() {
            assert!(
                Instant::now() < give_up,
                "nginx does not listen on {listen}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        println!(
            "cluster: {n} nodes ({}) behind nginx at {listen}, database {}, files in {}",
            addrs
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            db.name,
            dir.display()
        );
        Some(Cluster {
            nodes,
            nginx,
            database_url: db.url,
            dir,
            _turn: turn,
        })
    }

    /// A connection pool to the shared database.
    pub async fn db(&self) -> sqlx::PgPool {
        sqlx::postgres::PgPoolOptions::new()
            .max_connections(2)
            .connect(&self.database_url)
            .await
            .unwrap()
    }

    /// The node's current epoch, from `nodes` (the newest row of that name).
    pub async fn epoch_of(&self, db: &sqlx::PgPool, name: &str) -> i64 {
        let (epoch,): (i64,) = sqlx::query_as(
            "SELECT epoch FROM nodes WHERE name = $1 AND stopped_at IS NULL ORDER BY epoch DESC LIMIT 1",
        )
        .bind(name)
        .fetch_one(db)
        .await
        .unwrap();
        epoch
    }

    /// The unfinished rooms owned by `epoch`.
    pub async fn rooms_owned(&self, db: &sqlx::PgPool, epoch: i64) -> Vec<uuid::Uuid> {
        let rows: Vec<(String,)> = sqlx::query_as("SELECT id FROM rooms WHERE owner = $1")
            .bind(epoch)
            .fetch_all(db)
            .await
            .unwrap();
        rows.iter()
            .filter_map(|(id,)| uuid::Uuid::parse_str(id).ok())
            .collect()
    }

    /// Every node's log tail, for a failure's message.
    pub fn logs(&self) -> String {
        let mut out = String::new();
        for n in &self.nodes {
            out.push_str(&format!("--- {} ---\n{}\n", n.name, n.log_tail()));
        }
        let nginx = std::fs::read_to_string(self.dir.join("error.log")).unwrap_or_default();
        let lines: Vec<&str> = nginx.lines().collect();
        out.push_str(&format!(
            "--- nginx ---\n{}\n",
            lines[lines.len().saturating_sub(20)..].join("\n")
        ));
        out
    }

    /// Every line that names one of `rooms`, and every warning and error, in each node's
    /// whole log (all its lives), and the lines naming them in nginx's access log: what a
    /// failure about those rooms needs, which a tail of busy logs cuts off.
    pub fn logs_of(&self, rooms: &[uuid::Uuid]) -> String {
        let ids: Vec<String> = rooms.iter().map(ToString::to_string).collect();
        // The warnings are kept to the last few: CI keeps the end of a failure's output.
        let naming = |text: &str| -> String {
            let lines: Vec<&str> = text
                .lines()
                .filter(|l| {
                    ids.iter().any(|id| l.contains(id.as_str()))
                        || l.contains(" WARN ")
                        || l.contains(" ERROR ")
                        || l.contains("registered again")
                })
                .collect();
            let warnings = lines
                .iter()
                .filter(|l| !ids.iter().any(|id| l.contains(id.as_str())))
                .count();
            let mut skip = warnings.saturating_sub(12);
            lines
                .into_iter()
                .filter(|l| {
                    if skip > 0 && !ids.iter().any(|id| l.contains(id.as_str())) {
                        skip -= 1;
                        return false;
                    }
                    true
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        let mut out = String::new();
        for n in &self.nodes {
            let text = std::fs::read_to_string(&n.log).unwrap_or_default();
            out.push_str(&format!(
                "--- {} on the rooms ---\n{}\n",
                n.name,
                naming(&text)
            ));
        }
        let access = std::fs::read_to_string(self.dir.join("access.log")).unwrap_or_default();
        out.push_str(&format!(
            "--- nginx on the rooms ---\n{}\n",
            naming(&access)
        ));
        out
    }

    /// An HTTP client of the cluster, through nginx.
    pub fn http(&self) -> Http {
        Http {
            base: format!("http://{}", self.nginx.addr),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(15))
                .build()
                .unwrap(),
        }
    }
}

/// The HTTP API through nginx.
#[derive(Clone)]
pub struct Http {
    pub base: String,
    client: reqwest::Client,
}

impl Http {
    /// The same client, speaking to `addr` (one node) instead of nginx.
    pub fn to(&self, addr: SocketAddr) -> Http {
        Http {
            base: format!("http://{addr}"),
            client: self.client.clone(),
        }
    }

    /// `GET path`: status and JSON body (`Null` when it is not JSON or did not come).
    pub async fn get(&self, path: &str, token: Option<&str>) -> (u16, Value) {
        let mut req = self.client.get(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        match req.send().await {
            Ok(r) => {
                let status = r.status().as_u16();
                (status, r.json().await.unwrap_or(Value::Null))
            }
            Err(_) => (0, Value::Null),
        }
    }

    /// `POST path` with a JSON body.
    pub async fn post(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        match self
            .client
            .post(format!("{}{path}", self.base))
            .bearer_auth(token)
            .json(body)
            .send()
            .await
        {
            Ok(r) => {
                let status = r.status().as_u16();
                (status, r.json().await.unwrap_or(Value::Null))
            }
            Err(_) => (0, Value::Null),
        }
    }
}
