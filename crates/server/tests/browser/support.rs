//! The browser test harness: the real server in-process, Debian's Chromium driven over the
//! DevTools protocol (CDP).
//!
//! How to use it (for the scenarios in `tests/browser.rs`):
//!
//! ```ignore
//! #[tokio::test]
//! async fn my_scenario() {
//!     let Some(h) = Harness::start("my_scenario").await else { return }; // no chromium, skipping allowed
//!     let ann = h.page("ann").await;              // own browser context = own cookies
//!     ann.goto("/").await;
//!     ann.click("#create").await;                // real mouse events at the element's centre
//!     ann.type_text("#name", "Ann").await;       // focuses, then inserts the text
//!     ann.press("Enter").await;                  // Enter, Tab, Escape, Arrow*, Home, End, ...
//!     ann.wait_text(".turn", "White").await;     // bounded waits (WAIT), never sleeps
//!     ann.screenshot("created").await;           // target/screenshots/my_scenario-created.png
//!     let id = ann.player_id().await;            // the identity the page's cookie holds
//!     h.drop_sockets(id);                         // the server cuts that player's sockets
//!     ann.assert_no_errors();                    // console errors, exceptions, failed loads
//!     h.finish().await;
//! }
//! ```
//!
//! Also: `Page::set_viewport(375, 812, true)` (phone: touch enabled, then `tap`),
//! `drag`, `eval::<T>(js)`, `wait_until(js)`, `wait_gone`, `text`, `count`, `reload`.
//! Browser tests run one at a time (a lock), each with its own Chromium and server.
//! Without Chromium (`/usr/bin/chromium` or the `CHROMIUM` variable) a test prints why and
//! passes, except under `CI=true`, where it fails.
//!
//! The client is a small hand-written CDP client over the `tokio-tungstenite` the other
//! tests use already: a dozen commands did not justify compiling a generated protocol crate.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine;
use futures_util::{SinkExt, StreamExt};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use server::config::ServerConfig;
use server::AppState;

use crate::common::Server;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use uuid::Uuid;

/// Longest wait for anything a test waits for.
pub const WAIT: Duration = Duration::from_secs(30);
const POLL: Duration = Duration::from_millis(50);

/// Browser tests share the 2-core machine: one at a time.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Result<Value, String>>>>>;
type Routes = Arc<Mutex<HashMap<String, mpsc::UnboundedSender<(String, Value)>>>>;

/// One DevTools connection to the browser; pages talk through it with their session id.
struct Cdp {
    out: mpsc::UnboundedSender<Message>,
    next: AtomicU64,
    pending: Pending,
    routes: Routes,
}

impl Cdp {
    async fn connect(url: &str) -> Arc<Cdp> {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("connect to chromium's DevTools socket");
        let (mut sink, mut stream) = ws.split();
        let (out, mut out_rx) = mpsc::unbounded_channel::<Message>();
        tokio::spawn(async move {
            while let Some(m) = out_rx.recv().await {
                if sink.send(m).await.is_err() {
                    break;
                }
            }
        });
        let pending: Pending = Arc::default();
        let routes: Routes = Arc::default();
        let (p, r) = (pending.clone(), routes.clone());
        tokio::spawn(async move {
            while let Some(Ok(m)) = stream.next().await {
                let Message::Text(text) = m else { continue };
                let Ok(v) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                if let Some(id) = v["id"].as_u64() {
                    let answer = match v.get("error") {
                        Some(e) => Err(e.to_string()),
                        None => Ok(v["result"].clone()),
                    };
                    if let Some(tx) = p.lock().unwrap().remove(&id) {
                        let _ = tx.send(answer);
                    }
                } else if let (Some(method), Some(session)) =
                    (v["method"].as_str(), v["sessionId"].as_str())
                {
                    if let Some(tx) = r.lock().unwrap().get(session) {
                        let _ = tx.send((method.to_string(), v["params"].clone()));
                    }
                }
            }
        });
        Arc::new(Cdp {
            out,
            next: AtomicU64::new(1),
            pending,
            routes,
        })
    }

    async fn call(&self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.try_call(session, method, params)
            .await
            .unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    async fn try_call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if let Some(s) = session {
            msg["sessionId"] = json!(s);
        }
        let (tx, rx) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, tx);
        self.out
            .send(Message::Text(msg.to_string().into()))
            .map_err(|_| "DevTools connection closed".to_string())?;
        match tokio::time::timeout(WAIT, rx).await {
            Ok(Ok(answer)) => answer,
            Ok(Err(_)) => Err("DevTools connection closed".into()),
            Err(_) => Err(format!("no answer within {WAIT:?}")),
        }
    }
}

/// The server and the browser of one test.
pub struct Harness {
    /// The server's state: rooms, store, sockets.
    pub state: AppState,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    test: String,
    cdp: Arc<Cdp>,
    chromium: tokio::process::Child,
    dir: PathBuf,
    server: Server,
    _turn: tokio::sync::MutexGuard<'static, ()>,
}

/// `CHROMIUM`, or Debian's Chromium.
fn chromium_path() -> PathBuf {
    std::env::var_os("CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// `target/screenshots`.
pub fn screenshot_dir() -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .map(|p| p.join("screenshots"))
        .unwrap_or_else(|| PathBuf::from("screenshots"))
}

impl Harness {
    /// Starts the server (a fresh SQLite file) and a headless Chromium; `None` when there
    /// is no Chromium and the `browser` group may be skipped (`crate::required`).
    pub async fn start(test: &str) -> Option<Harness> {
        Harness::start_with(test, |_| {}).await
    }

    /// As [`Harness::start`], with the server's settings adjusted by `configure`.
    pub async fn start_with(
        test: &str,
        configure: impl FnOnce(&mut ServerConfig),
    ) -> Option<Harness> {
        let chromium = chromium_path();
        if !crate::required::tool(crate::required::Group::Browser, &chromium) {
            return None;
        }
        let turn = ONE_AT_A_TIME.lock().await;
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("browser-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("profile")).unwrap();
        std::fs::create_dir_all(screenshot_dir()).unwrap();

        let db = dir.join("checkerhall.db");
        let server = Server::setup()
            .database(format!("sqlite://{}?mode=rwc", db.display()))
            .config(configure)
            .start()
            .await;
        let (state, base) = (server.state.clone(), server.base());

        let mut child = tokio::process::Command::new(&chromium)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-dev-shm-usage",
                "--mute-audio",
                "--autoplay-policy=no-user-gesture-required",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", dir.join("profile").display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromium.display()));
        let stderr = child.stderr.take().unwrap();
        let (url_tx, url_rx) = oneshot::channel::<String>();
        tokio::spawn(async move {
            // Read stderr to its end so Chromium never blocks on a full pipe.
            let mut lines = BufReader::new(stderr).lines();
            let mut url_tx = Some(url_tx);
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    if let Some(tx) = url_tx.take() {
                        let _ = tx.send(url.trim().to_string());
                    }
                }
            }
        });
        let url = tokio::time::timeout(WAIT, url_rx)
            .await
            .expect("chromium prints its DevTools address in time")
            .expect("chromium printed its DevTools address");
        let cdp = Cdp::connect(&url).await;
        Some(Harness {
            state,
            base,
            test: test.to_string(),
            cdp,
            chromium: child,
            dir,
            server,
            _turn: turn,
        })
    }

    /// A new page in its own browser context (its own cookies: its own player), with a
    /// desktop viewport (1280x900). `label` names its screenshots and errors.
    pub async fn page(&self, label: &str) -> Page {
        let context = self
            .cdp
            .call(
                None,
                "Target.createBrowserContext",
                json!({ "disposeOnDetach": true }),
            )
            .await["browserContextId"]
            .as_str()
            .unwrap()
            .to_string();
        let target = self
            .cdp
            .call(
                None,
                "Target.createTarget",
                json!({ "url": "about:blank", "browserContextId": context }),
            )
            .await["targetId"]
            .as_str()
            .unwrap()
            .to_string();
        let session = self
            .cdp
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target, "flatten": true }),
            )
            .await["sessionId"]
            .as_str()
            .unwrap()
            .to_string();
        let (tx, mut rx) = mpsc::unbounded_channel::<(String, Value)>();
        self.cdp.routes.lock().unwrap().insert(session.clone(), tx);
        let errors: Arc<Mutex<Vec<String>>> = Arc::default();
        let sink = errors.clone();
        tokio::spawn(async move {
            while let Some((method, params)) = rx.recv().await {
                if let Some(e) = error_of(&method, &params) {
                    sink.lock().unwrap().push(e);
                }
            }
        });
        let page = Page {
            cdp: self.cdp.clone(),
            session,
            label: label.to_string(),
            test: self.test.clone(),
            base: self.base.clone(),
            errors,
        };
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"] {
            page.cdp(domain, json!({})).await;
        }
        page.set_viewport(1280, 900, false).await;
        page
    }

    /// Closes every open WebSocket of `player` on the server side, with no close frame;
    /// returns how many there were.
    pub fn drop_sockets(&self, player: Uuid) -> usize {
        self.state.sockets.drop_player(player)
    }

    /// An absolute URL of this server.
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Stops the server, the browser staying: its pages then find no server to reach, as
    /// without a network.
    pub async fn stop_server(&mut self) {
        self.server.stop().await;
    }

    /// Closes the browser and stops the server.
    pub async fn finish(mut self) {
        let _ = self.cdp.try_call(None, "Browser.close", json!({})).await;
        let _ = tokio::time::timeout(WAIT, self.chromium.wait()).await;
        self.server.stop().await;
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The error a DevTools event reports, if it reports one: `console.error`, an uncaught
/// exception, or a browser-side error (failed load, CSP violation).
fn error_of(method: &str, params: &Value) -> Option<String> {
    match method {
        "Runtime.consoleAPICalled"
            if matches!(params["type"].as_str(), Some("error" | "assert")) =>
        {
            let args: Vec<String> = params["args"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|a| {
                    a["value"]
                        .as_str()
                        .map(str::to_string)
                        .or_else(|| a["description"].as_str().map(str::to_string))
                        .unwrap_or_else(|| a["value"].to_string())
                })
                .collect();
            Some(format!("console.error: {}", args.join(" ")))
        }
        "Runtime.exceptionThrown" => {
            let d = &params["exceptionDetails"];
            let what = d["exception"]["description"]
                .as_str()
                .or_else(|| d["text"].as_str())
                .unwrap_or("exception");
            Some(format!(
                "uncaught: {what} ({}:{})",
                d["url"], d["lineNumber"]
            ))
        }
        "Log.entryAdded" if params["entry"]["level"] == "error" => Some(format!(
            "browser: {} {}",
            params["entry"]["text"].as_str().unwrap_or(""),
            params["entry"]["url"].as_str().unwrap_or("")
        )),
        _ => None,
    }
}

/// One node of a page's accessibility tree: what Chromium tells a screen reader of it.
#[derive(Debug, Clone)]
pub struct AxNode {
    /// The role (`StaticText`, `button`, `textbox`, `heading`, `log`, ...).
    pub role: String,
    /// The accessible name: a text's words, a button's label, a field's label.
    pub name: String,
}

/// One tab in its own browser context.
pub struct Page {
    cdp: Arc<Cdp>,
    session: String,
    label: String,
    test: String,
    base: String,
    errors: Arc<Mutex<Vec<String>>>,
}

impl Page {
    async fn cdp(&self, method: &str, params: Value) -> Value {
        self.cdp.call(Some(&self.session), method, params).await
    }

    /// The answer of a DevTools `method` for this page (for what the helpers below lack).
    pub async fn devtools(&self, method: &str, params: Value) -> Value {
        self.cdp(method, params).await
    }

    /// Console errors, uncaught exceptions and failed loads seen so far.
    pub fn errors(&self) -> Vec<String> {
        self.errors.lock().unwrap().clone()
    }

    /// Panics listing them if the page reported any error.
    pub fn assert_no_errors(&self) {
        let errors = self.errors();
        assert!(
            errors.is_empty(),
            "{}: errors on the page:\n{}",
            self.label,
            errors.join("\n")
        );
    }

    /// Sets the viewport; `mobile` also turns on touch (for [`Page::tap`]).
    pub async fn set_viewport(&self, width: u32, height: u32, mobile: bool) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        )
        .await;
        self.cdp(
            "Emulation.setTouchEmulationEnabled",
            json!({ "enabled": mobile, "maxTouchPoints": if mobile { 5 } else { 1 } }),
        )
        .await;
    }

    /// Makes the page's `prefers-color-scheme` media query answer `dark` or `light`, as a
    /// system set to that scheme would.
    pub async fn prefer_scheme(&self, scheme: &str) {
        self.cdp(
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-color-scheme", "value": scheme }] }),
        )
        .await;
    }

    /// Opens `path` (of this server) and waits until the page has loaded.
    pub async fn goto(&self, path: &str) {
        let url = format!("{}{path}", self.base);
        self.cdp("Page.navigate", json!({ "url": url })).await;
        self.wait_until(&format!(
            "location.href === {} && document.readyState === 'complete'",
            json!(url)
        ))
        .await;
    }

    /// Opens `path`, a page that moves on by itself (an invite link that seats the player and
    /// goes to the room), and waits for `until` on the loaded page: waiting for `path` itself
    /// would race with the page leaving it.
    pub async fn goto_until(&self, path: &str, until: &str) {
        let url = format!("{}{path}", self.base);
        self.cdp("Page.navigate", json!({ "url": url })).await;
        self.wait_until(&format!("({until}) && document.readyState === 'complete'"))
            .await;
    }

    /// Reloads and waits until the new document has loaded.
    pub async fn reload(&self) {
        self.eval::<Value>("window.__harnessOld = true").await;
        self.cdp("Page.reload", json!({})).await;
        self.wait_until("!window.__harnessOld && document.readyState === 'complete'")
            .await;
    }

    /// The value of a JavaScript expression (promises are awaited); panics on an exception.
    pub async fn eval<T: DeserializeOwned>(&self, expression: &str) -> T {
        let r = self
            .cdp(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
            )
            .await;
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{}: `{expression}` threw {e}", self.label);
        }
        serde_json::from_value(r["result"]["value"].clone())
            .unwrap_or_else(|e| panic!("{}: `{expression}` gave {}: {e}", self.label, r["result"]))
    }

    /// Waits until `expression` is truthy; on timeout saves a screenshot and panics.
    pub async fn wait_until(&self, expression: &str) {
        let probe = format!(
            "(() => {{ try {{ return !!({expression}); }} catch (e) {{ return false; }} }})()"
        );
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let r = self
                .cdp
                .try_call(
                    Some(&self.session),
                    "Runtime.evaluate",
                    json!({ "expression": probe, "returnByValue": true }),
                )
                .await;
            // During a navigation the context may be gone: try again.
            if matches!(r, Ok(ref v) if v["result"]["value"] == json!(true)) {
                return;
            }
            if tokio::time::Instant::now() > deadline {
                self.screenshot("timeout").await;
                panic!(
                    "{}: waited {WAIT:?} for `{expression}`; page errors: {:?}",
                    self.label,
                    self.errors()
                );
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// The page's accessibility tree as a screen reader gets it (the DevTools
    /// `Accessibility` domain: `Accessibility.enable`, then `getFullAXTree`), in the
    /// browser's order, without the nodes Chromium leaves out of it (hidden ones, say).
    pub async fn ax_tree(&self) -> Vec<AxNode> {
        self.cdp("Accessibility.enable", json!({})).await;
        let tree = self.cdp("Accessibility.getFullAXTree", json!({})).await;
        let text = |v: &Value| v["value"].as_str().unwrap_or_default().to_string();
        tree["nodes"]
            .as_array()
            .map(|nodes| {
                nodes
                    .iter()
                    .filter(|n| !n["ignored"].as_bool().unwrap_or(false))
                    .map(|n| AxNode {
                        role: text(&n["role"]),
                        name: text(&n["name"]),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Waits until the accessibility tree has a node of `role` whose name satisfies `want`,
    /// and returns that name; on timeout saves a screenshot and panics, listing the tree.
    pub async fn wait_ax(&self, role: &str, want: impl Fn(&str) -> bool) -> String {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let tree = self.ax_tree().await;
            if let Some(n) = tree.iter().find(|n| n.role == role && want(&n.name)) {
                return n.name.clone();
            }
            if tokio::time::Instant::now() > deadline {
                self.screenshot("timeout").await;
                let names: Vec<String> = tree
                    .iter()
                    .filter(|n| !n.name.is_empty())
                    .map(|n| format!("{}: {}", n.role, n.name))
                    .collect();
                panic!(
                    "{}: no {role} node as wanted in the accessibility tree:\n{}",
                    self.label,
                    names.join("\n")
                );
            }
            tokio::time::sleep(POLL * 4).await;
        }
    }

    /// Waits until an element matching `selector` is displayed.
    pub async fn wait_for(&self, selector: &str) {
        self.wait_until(&visible(selector)).await;
    }

    /// Waits until no element matches `selector` (or none is displayed).
    pub async fn wait_gone(&self, selector: &str) {
        self.wait_until(&format!("!{}", visible(selector))).await;
    }

    /// Waits until the first element matching `selector` contains `text`.
    pub async fn wait_text(&self, selector: &str, text: &str) {
        self.wait_until(&format!(
            "(document.querySelector({}) || {{}}).textContent.includes({})",
            json!(selector),
            json!(text)
        ))
        .await;
    }

    /// The text of the first element matching `selector` (waits for it).
    pub async fn text(&self, selector: &str) -> String {
        self.wait_until(&format!("document.querySelector({})", json!(selector)))
            .await;
        self.eval(&format!(
            "document.querySelector({}).textContent",
            json!(selector)
        ))
        .await
    }

    /// How many elements match `selector` now.
    pub async fn count(&self, selector: &str) -> usize {
        self.eval(&format!(
            "document.querySelectorAll({}).length",
            json!(selector)
        ))
        .await
    }

    /// Waits for `selector` to be displayed, scrolls it into view and returns the centre of
    /// its box in viewport pixels.
    async fn centre(&self, selector: &str) -> (f64, f64) {
        self.wait_for(selector).await;
        let xy: Vec<f64> = self
            .eval(&format!(
                "(() => {{ const e = document.querySelector({}); \
                 e.scrollIntoView({{block: 'center', inline: 'center'}}); \
                 const r = e.getBoundingClientRect(); \
                 return [r.left + r.width / 2, r.top + r.height / 2]; }})()",
                json!(selector)
            ))
            .await;
        (xy[0], xy[1])
    }

    async fn mouse(&self, kind: &str, (x, y): (f64, f64)) {
        self.cdp(
            "Input.dispatchMouseEvent",
            json!({ "type": kind, "x": x, "y": y, "button": "left", "buttons": if kind == "mouseReleased" { 0 } else { 1 }, "clickCount": 1 }),
        )
        .await;
    }

    /// Clicks the element matching `selector` with real mouse events at its centre.
    pub async fn click(&self, selector: &str) {
        let at = self.centre(selector).await;
        self.cdp(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": at.0, "y": at.1 }),
        )
        .await;
        self.mouse("mousePressed", at).await;
        self.mouse("mouseReleased", at).await;
    }

    /// Drags from the centre of `from` to the centre of `to` with the mouse, in steps.
    pub async fn drag(&self, from: &str, to: &str) {
        let a = self.centre(from).await;
        let b = self.centre(to).await;
        self.cdp(
            "Input.dispatchMouseEvent",
            json!({ "type": "mouseMoved", "x": a.0, "y": a.1 }),
        )
        .await;
        self.mouse("mousePressed", a).await;
        for i in 1..=8 {
            let t = f64::from(i) / 8.0;
            let p = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
            self.mouse("mouseMoved", p).await;
        }
        self.mouse("mouseReleased", b).await;
    }

    /// Taps the element matching `selector` with touch events (after `set_viewport(.., true)`).
    pub async fn tap(&self, selector: &str) {
        let (x, y) = self.centre(selector).await;
        self.cdp(
            "Input.dispatchTouchEvent",
            json!({ "type": "touchStart", "touchPoints": [{ "x": x, "y": y }] }),
        )
        .await;
        self.cdp(
            "Input.dispatchTouchEvent",
            json!({ "type": "touchEnd", "touchPoints": [] }),
        )
        .await;
    }

    /// Focuses the element matching `selector` and types `text` into it.
    pub async fn type_text(&self, selector: &str, text: &str) {
        self.wait_for(selector).await;
        self.eval::<Value>(&format!(
            "document.querySelector({}).focus()",
            json!(selector)
        ))
        .await;
        self.cdp("Input.insertText", json!({ "text": text })).await;
    }

    /// Presses and releases a key on the focused element: `Enter`, `Tab`, `Escape`,
    /// `Backspace`, `ArrowLeft`/`Right`/`Up`/`Down`, `Home`, `End`, ` ` or one character.
    pub async fn press(&self, key: &str) {
        let (code, vk, text) = match key {
            "Enter" => ("Enter", 13, "\r"),
            "Tab" => ("Tab", 9, ""),
            "Escape" => ("Escape", 27, ""),
            "Backspace" => ("Backspace", 8, ""),
            "ArrowLeft" => ("ArrowLeft", 37, ""),
            "ArrowUp" => ("ArrowUp", 38, ""),
            "ArrowRight" => ("ArrowRight", 39, ""),
            "ArrowDown" => ("ArrowDown", 40, ""),
            "Home" => ("Home", 36, ""),
            "End" => ("End", 35, ""),
            " " => ("Space", 32, " "),
            other => {
                let c = other.chars().next().unwrap_or(' ');
                let vk = i64::from(u32::from(c.to_ascii_uppercase()));
                return self.key_events(other, "", vk, other).await;
            }
        };
        self.key_events(key, code, vk, text).await;
    }

    async fn key_events(&self, key: &str, code: &str, vk: i64, text: &str) {
        let down = if text.is_empty() {
            "rawKeyDown"
        } else {
            "keyDown"
        };
        self.cdp(
            "Input.dispatchKeyEvent",
            json!({ "type": down, "key": key, "code": code, "windowsVirtualKeyCode": vk, "text": text }),
        )
        .await;
        self.cdp(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": key, "code": code, "windowsVirtualKeyCode": vk }),
        )
        .await;
    }

    /// Opens `path` (a page with the site's header), waits for the page's own identity, and
    /// creates a room with `body` over the API, as this page's player; the room's id. The
    /// header shows the player's name once the page's `/api/me` came back with its cookie:
    /// a request of ours made before that would be a second new guest, and whichever
    /// cookie came back last would be the page's (a room hosted by someone else).
    pub async fn post_room(&self, path: &str, body: &Value) -> String {
        self.goto(path).await;
        self.wait_for("#me button.link, #me a").await;
        self.eval(&format!(
            "fetch('/api/rooms', {{method: 'POST', headers: {{'content-type': 'application/json'}}, \
             body: JSON.stringify({body})}}).then(r => r.json()).then(j => j.id)"
        ))
        .await
    }

    /// The id of the identity this page's cookie holds (asks `/api/me`).
    pub async fn player_id(&self) -> Uuid {
        let id: String = self
            .eval("fetch('/api/me').then(r => r.json()).then(j => j.id)")
            .await;
        Uuid::parse_str(&id).unwrap()
    }

    /// Lets the page save downloads into `dir` (created), as a person's browser would into
    /// its downloads folder; files keep the name the page gave them.
    pub async fn allow_downloads(&self, dir: &Path) {
        std::fs::create_dir_all(dir).unwrap();
        // Downloads are a setting of the page's browser context, which the browser holds.
        let info = self.cdp("Target.getTargetInfo", json!({})).await;
        let context = info["targetInfo"]["browserContextId"].clone();
        self.cdp
            .call(
                None,
                "Browser.setDownloadBehavior",
                json!({ "behavior": "allow", "browserContextId": context,
                        "downloadPath": dir.display().to_string() }),
            )
            .await;
    }

    /// Saves a screenshot of the viewport as `target/screenshots/<test>-<label>-<step>.png`.
    pub async fn screenshot(&self, step: &str) -> PathBuf {
        let r = self
            .cdp("Page.captureScreenshot", json!({ "format": "png" }))
            .await;
        let png = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap_or(""))
            .unwrap();
        let path = screenshot_dir().join(format!("{}-{}-{step}.png", self.test, self.label));
        std::fs::write(&path, png).unwrap();
        path
    }
}

/// A JavaScript expression: some element matching `selector` is displayed.
fn visible(selector: &str) -> String {
    format!(
        "[...document.querySelectorAll({})].some(e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')",
        json!(selector)
    )
}
