//! The database away and back: a password given apart from
//! the URL (any characters), a server that waits for a database not reachable yet, and
//! outages answered (503 `unavailable`, `/readyz`) with no acknowledged move lost. How fast
//! each answer came is printed (`--nocapture`), not asserted: speed is measured by the
//! benchmarks and the load generator, and a loaded machine must not fail a behaviour test.
//!
//! The Postgres every test shares is never stopped: an outage is a TCP proxy between the
//! server and it, cut (its listener closed, its connections dropped) and restored. A full
//! disk is a small tmpfs mounted by the test (root only, as CI runs).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::clubdb;
use crate::common;

use std::net::SocketAddr;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Client, Server};
use rules::{AnyOptions, AnyPosition, Variant};
use serde_json::{json, Value};
use server::store::{Database, Password, Store};
use tokio::io::AsyncReadExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::process::Command;
use tokio::task::JoinHandle;

/// Where the test Postgres listens (`TEST_DATABASE_URL`'s host and port).
const POSTGRES: &str = "127.0.0.1:5432";

/// A TCP proxy to [`POSTGRES`] that can be cut and restored on the same address.
struct Proxy {
    addr: SocketAddr,
    accept: Mutex<Option<JoinHandle<()>>>,
    conns: Arc<Mutex<Vec<JoinHandle<()>>>>,
}

impl Proxy {
    /// A proxy on a free loopback port, passing connections (`up`) or not yet listening.
    async fn new(up: bool) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let proxy = Proxy {
            addr,
            accept: Mutex::new(None),
            conns: Arc::default(),
        };
        if up {
            proxy.serve(listener);
        }
        proxy
    }

    fn serve(&self, listener: TcpListener) {
        let conns = self.conns.clone();
        let task = tokio::spawn(async move {
            while let Ok((mut client, _)) = listener.accept().await {
                let conn = tokio::spawn(async move {
                    if let Ok(mut db) = TcpStream::connect(POSTGRES).await {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut db).await;
                    }
                });
                conns.lock().unwrap().push(conn);
            }
        });
        *self.accept.lock().unwrap() = Some(task);
    }

    /// Starts listening again on the same address.
    async fn restore(&self) {
        // The port was ours a moment ago; the kernel may hold it briefly.
        let listener = loop {
            match TcpListener::bind(self.addr).await {
                Ok(l) => break l,
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        };
        self.serve(listener);
    }

    /// Closes the listener (new connections are refused) and every connection through it.
    fn cut(&self) {
        if let Some(t) = self.accept.lock().unwrap().take() {
            t.abort();
        }
        for c in self.conns.lock().unwrap().drain(..) {
            c.abort();
        }
    }

    /// A URL of `url`'s database through the proxy.
    fn url(&self, url: &str) -> String {
        url.replacen(POSTGRES, &self.addr.to_string(), 1)
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.cut();
    }
}

/// Drops a test database (and with it, every connection to it).
async fn drop_database(admin: &str, name: &str) {
    let pool = sqlx::PgPool::connect(admin).await.unwrap();
    sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// The password that once sent a server into a crash loop, and more that a URL cannot hold as written.
const ODD_PASSWORD: &str = "p@ss/w:rd#1 ?%2F'\"";

/// A role that logs in with [`ODD_PASSWORD`] and owns the fresh database `name`.
async fn odd_role(admin: &str, name: &str) -> String {
    let role = format!("r_{name}");
    let pool = sqlx::PgPool::connect(admin).await.unwrap();
    let quoted = ODD_PASSWORD.replace('\'', "''");
    for sql in [
        format!("CREATE ROLE {role} LOGIN PASSWORD '{quoted}'"),
        format!("ALTER DATABASE {name} OWNER TO {role}"),
    ] {
        sqlx::query(&sql).execute(&pool).await.unwrap();
    }
    pool.close().await;
    role
}

async fn drop_role(admin: &str, role: &str) {
    let pool = sqlx::PgPool::connect(admin).await.unwrap();
    sqlx::query(&format!("DROP ROLE IF EXISTS {role}"))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

/// A URL of database `name` logging in as `user`, without a password.
fn url_as(user: &str, name: &str) -> String {
    format!("postgres://{user}@{POSTGRES}/{name}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_with_url_characters_given_apart_works_and_is_never_shown() {
    let Some(pg) = clubdb::fresh_postgres().await else {
        return;
    };
    let role = odd_role(&pg.admin, &pg.name).await;
    let url = url_as(&role, &pg.name);

    // In process: the server opens, migrates and plays with it.
    let s = Server::setup()
        .database(url.clone())
        .config(|c| c.database_password = Some(Password::from(ODD_PASSWORD)))
        .start()
        .await;
    let (_, mut host, _) = s.two_seat_game("stockholm").await;
    host.drain(50).await;
    let (status, _) = s.get("/readyz", None).await;
    assert_eq!(status, 200);
    drop(s);

    // A wrong password is refused at once, not waited for (an unavailable database is
    // retried until the wait is over; a refused login is not), and not shown.
    let wrong = Database {
        url: url.clone(),
        password: Some(Password::from("wr@ng/pw")),
    };
    let started = Instant::now();
    let e = Store::connect_waiting(&wrong, Duration::from_secs(30))
        .await
        .unwrap_err();
    assert!(!e.is_unavailable(), "{e}");
    println!("a wrong password refused in {:?}", started.elapsed());

    // The binary: from a file (a docker secret, with its newline), from the environment,
    // and a wrong one, which exits at once naming the problem without the password.
    let dir = std::env::temp_dir().join(format!("checkerhall-pw-{}", pg.name));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("password");
    std::fs::write(&file, format!("{ODD_PASSWORD}\n")).unwrap();
    let migrate = |envs: Vec<(&'static str, String)>| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_checkerhall"));
        cmd.arg("migrate")
            .env_remove("CHECKERHALL_DATABASE_PASSWORD")
            .env_remove("CHECKERHALL_DATABASE_PASSWORD_FILE")
            .env("DATABASE_URL", &url)
            .env("CHECKERHALL_DATABASE_WAIT_SECS", "30");
        for (k, v) in envs {
            cmd.env(k, v);
        }
        cmd.output().unwrap()
    };
    let out = migrate(vec![(
        "CHECKERHALL_DATABASE_PASSWORD_FILE",
        file.display().to_string(),
    )]);
    assert!(out.status.success(), "{out:?}");
    let out = migrate(vec![("CHECKERHALL_DATABASE_PASSWORD", ODD_PASSWORD.into())]);
    assert!(out.status.success(), "{out:?}");
    let started = Instant::now();
    let out = migrate(vec![(
        "CHECKERHALL_DATABASE_PASSWORD",
        "Secret-that-fails#1".into(),
    )]);
    assert!(!out.status.success());
    println!(
        "the binary gave up on a wrong password in {:?}",
        started.elapsed()
    );
    let said = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(said.contains("password authentication failed"), "{said}");
    assert!(!said.contains("Secret-that-fails"), "{said}");
    // At once: not one retry.
    assert!(!said.contains("retrying"), "{said}");
    // A wrong password written into the URL (percent-encoded) is masked too.
    let in_url = format!("postgres://{role}:Url%2Dsecret%40x@{POSTGRES}/{}", pg.name);
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .arg("migrate")
        .env_remove("CHECKERHALL_DATABASE_PASSWORD")
        .env_remove("CHECKERHALL_DATABASE_PASSWORD_FILE")
        .env("DATABASE_URL", &in_url)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(said.contains(":***@"), "{said}");
    assert!(!said.contains("secret"), "{said}");
    // `--help` lists the setting without its value.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .args(["serve", "--help"])
        .env("CHECKERHALL_DATABASE_PASSWORD", "Shown-in-help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(help.contains("CHECKERHALL_DATABASE_PASSWORD"), "{help}");
    assert!(!help.contains("Shown-in-help"), "{help}");

    let _ = std::fs::remove_dir_all(&dir);
    drop_database(&pg.admin, &pg.name).await;
    drop_role(&pg.admin, &role).await;
}

/// Reads a child's output into a shared string as it comes.
fn collect(
    text: &Arc<Mutex<String>>,
    mut from: impl tokio::io::AsyncRead + Unpin + Send + 'static,
) {
    let into = text.clone();
    tokio::spawn(async move {
        let mut buf = [0u8; 4096];
        while let Ok(n) = from.read(&mut buf).await {
            if n == 0 {
                break;
            }
            into.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_waits_for_a_database_that_comes_late_and_gives_up_clearly() {
    let Some(pg) = clubdb::fresh_postgres().await else {
        return;
    };
    // Nothing listens on the proxy's port for 2 s.
    let proxy = Proxy::new(false).await;
    let url = proxy.url(&pg.url);
    assert!(url.contains("checkerhall:checkerhall@"), "{url}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .arg("serve")
        .env("CHECKERHALL_LISTEN", "127.0.0.1:0")
        .env("DATABASE_URL", &url)
        .env("CHECKERHALL_DATABASE_WAIT_SECS", "30")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let log = Arc::new(Mutex::new(String::new()));
    collect(&log, child.stdout.take().unwrap());
    collect(&log, child.stderr.take().unwrap());
    // The database comes once the server has found it missing and said it waits.
    common::eventually("the server says it waits for the database", || {
        let said = log
            .lock()
            .unwrap()
            .contains("database not reachable yet, retrying in");
        async move { said }
    })
    .await;
    assert!(
        child.try_wait().unwrap().is_none(),
        "exited: {}",
        log.lock().unwrap()
    );
    proxy.restore().await;
    let http = reqwest::Client::new();
    let pid = child.id().unwrap();
    common::eventually("the server is ready once the database listens", || {
        assert!(
            child.try_wait().unwrap().is_none(),
            "exited: {}",
            log.lock().unwrap()
        );
        // Port 0: where it listens is read once it does.
        let ready = crate::ports::listening_addr(pid)
            .map(|addr| http.get(format!("http://{addr}/readyz")).send());
        async move {
            match ready {
                Some(ready) => ready.await.is_ok_and(|r| r.status().is_success()),
                None => false,
            }
        }
    })
    .await;
    child.kill().await.unwrap();
    let said = log.lock().unwrap().clone();
    assert!(
        said.contains("database not reachable yet, retrying in"),
        "{said}"
    );
    assert!(!said.contains("checkerhall:checkerhall@"), "{said}");
    assert!(said.contains("checkerhall:***@"), "{said}");

    // Nothing ever listens: a clear message after the wait, not a crash loop's silence.
    proxy.cut();
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_checkerhall"))
        .arg("serve")
        .env("CHECKERHALL_LISTEN", "127.0.0.1:0")
        .env("DATABASE_URL", &url)
        .env("CHECKERHALL_DATABASE_WAIT_SECS", "2")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .output()
        .await
        .unwrap();
    assert!(!out.status.success());
    println!(
        "gave up on an unreachable database (a 2 s wait) after {:?}",
        started.elapsed()
    );
    let said =
        String::from_utf8_lossy(&out.stderr).to_string() + &String::from_utf8_lossy(&out.stdout);
    // It waited (retried) before giving up.
    assert!(said.contains("retrying in"), "{said}");
    assert!(said.contains("CHECKERHALL_DATABASE_WAIT_SECS"), "{said}");
    assert!(said.contains("not reachable"), "{said}");
    assert!(!said.contains(":checkerhall@"), "{said}");
    drop_database(&pg.admin, &pg.name).await;
}

/// A game played move by move, the position kept beside it to find a legal move.
struct Game {
    pos: AnyPosition,
    acked: Vec<String>,
}

impl Game {
    fn new() -> Game {
        let options =
            AnyOptions::from_pairs(Variant::Stockholm, Vec::<(String, String)>::new()).unwrap();
        Game {
            pos: AnyPosition::new(Variant::Stockholm, &options).unwrap(),
            acked: Vec::new(),
        }
    }

    fn next(&self) -> String {
        let moves = self.pos.legal_moves();
        self.pos.move_to_string(&moves[0])
    }

    fn played(&mut self, text: &str) {
        let mv = self
            .pos
            .legal_moves()
            .into_iter()
            .find(|m| self.pos.move_to_string(m) == text)
            .unwrap();
        self.pos = self.pos.clone().play(&mv).map_err(|e| e.kind).unwrap();
        self.acked.push(text.to_string());
    }

    /// Plays `n` moves, each acknowledged.
    async fn play(&mut self, n: usize, white: &mut Client, black: &mut Client) {
        for _ in 0..n {
            let text = self.next();
            let mover = if self.acked.len() % 2 == 0 {
                &mut *white
            } else {
                &mut *black
            };
            mover.act("move", json!({ "move": text })).await;
            self.played(&text);
        }
    }

    /// The next move, refused with `code`.
    async fn refused(&self, white: &mut Client, black: &mut Client) -> String {
        let mover = if self.acked.len() % 2 == 0 {
            white
        } else {
            black
        };
        mover.refused("move", json!({ "move": self.next() })).await
    }
}

/// `GET path` (with a token): status, JSON body, and how long the answer took.
async fn timed(s: &Server, method: &str, path: &str, token: &str) -> (u16, Value, Duration) {
    let started = Instant::now();
    let req = match method {
        "POST" => reqwest::Client::new()
            .post(s.url(path))
            .json(&json!({"game": "neva"})),
        _ => reqwest::Client::new().get(s.url(path)),
    };
    let r = req.bearer_auth(token).send().await.unwrap();
    let status = r.status().as_u16();
    let body = r.json().await.unwrap_or(Value::Null);
    (status, body, started.elapsed())
}

/// `/readyz`: status, body text, and how long it took.
async fn ready(s: &Server) -> (u16, String, Duration) {
    let started = Instant::now();
    let r = reqwest::get(s.url("/readyz")).await.unwrap();
    let status = r.status().as_u16();
    (status, r.text().await.unwrap(), started.elapsed())
}

/// The moves of game `id` as stored, read on a connection of the test's own.
async fn stored_moves(url: &str, id: &str) -> Vec<String> {
    let store = Store::open(url).await.unwrap();
    let (_, moves) = store
        .game(id.parse().unwrap())
        .await
        .unwrap()
        .expect("the game is stored");
    store.close().await;
    moves.into_iter().map(|m| m.notation).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_outage_under_play_is_answered_fast_and_loses_no_acknowledged_move() {
    let Some(pg) = clubdb::fresh_postgres().await else {
        return;
    };
    let proxy = Proxy::new(true).await;
    // One node: with several (the default on Postgres) an outage longer than the lease makes
    // the node give up its rooms and claim them again as a new life, and the sockets
    // reconnect (`tests/it/cluster.rs`, docs/cluster.md); this test keeps its sockets.
    let mut s = Server::setup()
        .database(proxy.url(&pg.url))
        .config(|c| c.cluster.single_node = true)
        .start()
        .await;
    let (room, mut white, mut black) = s.two_seat_game("stockholm").await;
    let (_, token) = s.first_host().await;
    let mut game = Game::new();
    game.play(4, &mut white, &mut black).await;

    proxy.cut();
    // Every request that needs the database: 503 `unavailable` (how fast is printed).
    for (method, path) in [
        ("GET", "/api/me"),
        ("GET", "/api/history"),
        ("POST", "/api/rooms"),
    ] {
        let (status, body, took) = timed(&s, method, path, &token).await;
        assert_eq!(status, 503, "{method} {path}: {body}");
        assert_eq!(
            body["error"]["code"], "unavailable",
            "{method} {path}: {body}"
        );
        println!("{method} {path} answered 503 in {took:?}");
    }
    // A socket upgrade (its identity is looked up) is refused too.
    let started = Instant::now();
    let upgrade =
        tokio_tungstenite::connect_async(format!("ws://{}/ws?room={room}&token={token}", s.addr))
            .await;
    match upgrade {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 503),
        other => panic!("the upgrade was not refused: {:?}", other.map(|_| ())),
    }
    println!("the upgrade refused in {:?}", started.elapsed());
    let (status, body, took) = ready(&s).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("\"reason\":\"database\""), "{body}");
    println!("/readyz answered 503 in {took:?}");
    // A move is refused, and the room is as it was.
    assert_eq!(game.refused(&mut white, &mut black).await, "store_failed");

    proxy.restore().await;
    // On its way back it may still be unready, but it never blames the disk: the writer's
    // last failure was the database's.
    let blamed = std::sync::Mutex::new(Vec::new());
    common::eventually("/readyz says ready again", || async {
        let (status, body, _) = ready(&s).await;
        if status != 200 {
            blamed.lock().unwrap().push(body);
        }
        status == 200
    })
    .await;
    for body in blamed.into_inner().unwrap() {
        assert!(body.contains("\"reason\":\"database\""), "{body}");
    }
    let (status, body, _) = timed(&s, "GET", "/api/me", &token).await;
    assert_eq!(status, 200, "{body}");
    game.play(4, &mut white, &mut black).await;
    assert_eq!(stored_moves(&pg.url, &room).await, game.acked);
    s.stop().await;
    drop_database(&pg.admin, &pg.name).await;
}

/// A move the store refused in an outage is shown to nobody while the database is away: not
/// to a socket that attaches meanwhile, not over HTTP; and the
/// game goes on from the stored position once it is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_refused_in_an_outage_is_never_shown() {
    let Some(pg) = clubdb::fresh_postgres().await else {
        return;
    };
    let proxy = Proxy::new(true).await;
    let mut s = Server::setup()
        .database(proxy.url(&pg.url))
        .config(|c| c.cluster.single_node = true)
        .start()
        .await;
    let (room, mut white, mut black) = s.two_seat_game("stockholm").await;
    let mut game = Game::new();
    game.play(2, &mut white, &mut black).await;

    proxy.cut();
    assert_eq!(game.refused(&mut white, &mut black).await, "store_failed");
    // A spectator needs no database to attach: its first message is the stored game.
    let mut watcher = s.ws(&room, None, None).await;
    let snap = watcher.until("snapshot", |v| v["type"] == "snapshot").await;
    assert_eq!(snap["data"]["board"]["plies"], 2, "{snap}");
    assert_eq!(snap["data"]["actions"], json!(game.acked), "{snap}");
    let (status, body) = s.get(&format!("/api/rooms/{room}"), None).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["board"]["plies"], 2, "{body}");

    proxy.restore().await;
    common::eventually("/readyz says ready again", || async {
        ready(&s).await.0 == 200
    })
    .await;
    game.play(2, &mut white, &mut black).await;
    assert_eq!(stored_moves(&pg.url, &room).await, game.acked);
    s.stop().await;
    drop_database(&pg.admin, &pg.name).await;
}

/// A tmpfs of `kib` KiB mounted on a fresh folder; `None` where it cannot be mounted (not
/// root) outside CI (`crate::required`: under CI the test fails).
fn small_disk(kib: u64) -> Option<std::path::PathBuf> {
    let dir = std::env::temp_dir().join(format!("checkerhall-full-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"])
        .arg(&dir)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        let _ = std::fs::remove_dir_all(&dir);
        crate::required::missing(crate::required::Group::Root, "cannot mount a tmpfs");
        return None;
    }
    Some(dir)
}

fn unmount(dir: &std::path::Path) {
    let _ = std::process::Command::new("umount")
        .arg("-l")
        .arg(dir)
        .status();
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_moves_says_not_ready_and_loses_nothing_acknowledged() {
    let Some(dir) = small_disk(4096) else {
        return;
    };
    let url = format!("sqlite://{}", dir.join("club.db").display());
    let mut s = Server::setup().database(url.clone()).start().await;
    let (room, mut white, mut black) = s.two_seat_game("stockholm").await;
    let (_, token) = s.first_host().await;
    let mut game = Game::new();
    game.play(2, &mut white, &mut black).await;
    let (status, _, _) = ready(&s).await;
    assert_eq!(status, 200);

    // Fill the disk: a ballast file up to the last byte.
    let ballast = dir.join("ballast");
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&ballast).unwrap();
        let block = vec![0u8; 4096];
        while f.write_all(&block).is_ok() {}
        let _ = f.write_all(&[0u8]);
        let _ = f.sync_all();
    }
    // Moves are refused (each try is a write that needs room) until the writer sees it.
    let mut refused = false;
    for _ in 0..200 {
        let text = game.next();
        let mover = if game.acked.len() % 2 == 0 {
            &mut white
        } else {
            &mut black
        };
        let id = mover.send("move", json!({ "move": text })).await;
        let reply = mover
            .until("reply", |v| {
                v["id"] == json!(id) && (v["type"] == "ack" || v["type"] == "error")
            })
            .await;
        if reply["type"] == "ack" {
            game.played(&text);
        } else {
            assert_eq!(reply["data"]["code"], "store_failed", "{reply}");
            refused = true;
            break;
        }
    }
    assert!(refused, "the full disk never refused a move");
    let (status, body, took) = ready(&s).await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("\"reason\":\"store_writes\""), "{body}");
    println!("/readyz answered 503 in {took:?}");
    // A request that must write (a new room) says the store is unavailable.
    let (status, body, took) = timed(&s, "POST", "/api/rooms", &token).await;
    assert_eq!(
        (status, &body["error"]["code"]),
        (503, &json!("unavailable")),
        "{body}"
    );
    println!("POST /api/rooms answered 503 in {took:?}");
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("disk"),
        "{body}"
    );
    // A newcomer's identity must be written too: the answer blames the disk, not the
    // database's connection.
    let r = reqwest::get(s.url("/api/me")).await.unwrap();
    assert_eq!(r.status(), 503);
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["error"]["code"], "unavailable", "{body}");
    let message = body["error"]["message"].as_str().unwrap_or("");
    assert!(message.contains("disk"), "{body}");

    std::fs::remove_file(&ballast).unwrap();
    common::eventually("/readyz says ready again once there is room", || async {
        ready(&s).await.0 == 200
    })
    .await;
    game.play(2, &mut white, &mut black).await;
    s.stop().await;
    s.state.writer.close().await;
    s.state.store.close().await;
    drop(s);
    assert_eq!(stored_moves(&url, &room).await, game.acked);
    unmount(&dir);
}
