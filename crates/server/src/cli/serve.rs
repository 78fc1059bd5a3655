//! `serve`, `migrate`, `healthcheck`, `backup` and `admin create`: the thin binary side of
//! the server library.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use server::config::{DatabaseArgs, LogFormat, ServeArgs, ServerConfig};
use server::store::{Database, Store, StoreError};
use server::AppState;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tracing_subscriber::EnvFilter;

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

/// Runs the server until SIGTERM or ctrl-c.
pub fn serve(args: &ServeArgs) -> anyhow::Result<()> {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into());
    let logs = tracing_subscriber::fmt().with_env_filter(filter);
    match args.log_format {
        LogFormat::Json => logs.json().init(),
        // Colour codes only for a terminal: redirected logs stay plain text.
        LogFormat::Text => logs
            .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
            .init(),
    }
    let config = ServerConfig::from_args(args)?;
    let db = config.database();
    runtime()?.block_on(async {
        let state = AppState::start(config)
            .await
            .map_err(|e| cannot_open(&db, args.database.wait(), &e))?;
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .with_context(|| format!("cannot listen on {}", args.listen))?;
        tracing::info!(addr = %args.listen, "checkerhall listening");
        server::run(listener, state, shutdown_signal())
            .await
            .context("server failed")?;
        tracing::info!("checkerhall stopped");
        Ok(())
    })
}

/// The message of a database that cannot be opened: its URL and the error with every
/// password masked (`docker compose logs` must not show it), and for one that never
/// answered, the setting that says how long to wait.
fn cannot_open(db: &Database, wait: Duration, e: &StoreError) -> anyhow::Error {
    let mut why = db.scrub(&e.to_string());
    if let Some(hint) = db.hint() {
        why = format!("{why} ({hint})");
    }
    if e.is_unavailable() {
        anyhow::anyhow!(
            "cannot open the database {} (waited {} s, CHECKERHALL_DATABASE_WAIT_SECS): {why}",
            db.shown(),
            wait.as_secs()
        )
    } else {
        anyhow::anyhow!("cannot open the database {}: {why}", db.shown())
    }
}

/// Opens the database of a subcommand, retrying an unreachable one as `serve` does, and
/// saying so on standard error (the subcommands have no log).
async fn open(args: &DatabaseArgs) -> anyhow::Result<(Database, Store)> {
    let db = args.database()?;
    let store = Store::connect_waiting_with(&db, args.wait(), |e, pause| {
        eprintln!(
            "checkerhall: database not reachable yet, retrying in {:.1} s: {e}",
            pause.as_secs_f32()
        );
    })
    .await
    .map_err(|e| cannot_open(&db, args.wait(), &e))?;
    Ok((db, store))
}

/// Resolves on ctrl-c or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
    tracing::info!("shutting down");
}

/// Applies the migrations.
pub fn migrate(args: &DatabaseArgs) -> anyhow::Result<()> {
    runtime()?.block_on(async {
        let (db, store) = open(args).await?;
        store
            .migrate()
            .await
            .map_err(|e| anyhow::anyhow!("migration failed: {}", db.scrub(&e.to_string())))?;
        println!("migrations applied");
        Ok(())
    })
}

/// `backup FILE`: a consistent copy of a SQLite database, while the server runs.
pub fn backup(args: &DatabaseArgs, file: &str) -> anyhow::Result<()> {
    if std::path::Path::new(file).exists() {
        anyhow::bail!("{file} already exists: give a new file");
    }
    runtime()?.block_on(async {
        let (_, store) = open(args).await?;
        store
            .backup_into(file)
            .await
            .with_context(|| format!("cannot write the backup {file}"))?;
        store.close().await;
        println!("backup written to {file}");
        Ok(())
    })
}

/// `admin create`: an admin account with a fresh identity.
pub fn admin_create(args: &DatabaseArgs, name: &str) -> anyhow::Result<()> {
    let password = match std::env::var("CHECKERHALL_ADMIN_PASSWORD") {
        Ok(p) => p,
        Err(_) => {
            let mut line = String::new();
            std::io::stdin()
                .read_line(&mut line)
                .context("cannot read the password from standard input")?;
            line.trim_end_matches(['\r', '\n']).to_string()
        }
    };
    runtime()?.block_on(async {
        let (db, store) = open(args).await?;
        store
            .migrate()
            .await
            .map_err(|e| anyhow::anyhow!("migration failed: {}", db.scrub(&e.to_string())))?;
        let id = server::accounts::create_admin(&store, name, &password)
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        store.close().await;
        println!("admin {name} made (player {id})");
        Ok(())
    })
}

/// Asks `/readyz` over plain HTTP/1.1 (no curl in the container image).
pub fn healthcheck(addr: SocketAddr) -> anyhow::Result<()> {
    runtime()?.block_on(async {
        let probe = async {
            let mut s = tokio::net::TcpStream::connect(addr).await?;
            s.write_all(b"GET /readyz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                .await?;
            let mut buf = Vec::new();
            s.read_to_end(&mut buf).await?;
            Ok::<_, std::io::Error>(buf)
        };
        let buf = tokio::time::timeout(Duration::from_secs(5), probe)
            .await
            .context("no answer within 5 s")?
            .with_context(|| format!("cannot reach {addr}"))?;
        let head = String::from_utf8_lossy(&buf);
        if head.starts_with("HTTP/1.1 200") {
            println!("ready");
            Ok(())
        } else {
            anyhow::bail!(
                "not ready: {}",
                head.lines().next().unwrap_or("empty answer")
            )
        }
    })
}
