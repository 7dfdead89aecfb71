//! Headless Chromium driven through the DevTools protocol: one WebSocket to the browser, one
//! flattened session per page. Input goes through `Input.dispatchMouseEvent`, so a click is the
//! browser's own trusted click on the element's place on the screen.

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

type Pending = Arc<Mutex<HashMap<u64, oneshot::Sender<Result<Value, String>>>>>;

/// How long a page is given to show what a test waits for.
const PATIENCE: Duration = Duration::from_secs(20);

/// The Chromium program: `DAMA_CHROMIUM`, else the first of the usual names on the path.
pub fn chromium() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("DAMA_CHROMIUM") {
        return Some(PathBuf::from(path));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).find_map(|dir| {
        ["chromium", "chromium-browser", "google-chrome"]
            .iter()
            .map(|name| dir.join(name))
            .find(|candidate| candidate.is_file())
    })
}

/// A headless Chromium, ended when dropped.
pub struct Browser {
    child: Child,
    cdp: Arc<Cdp>,
    _profile: tempfile::TempDir,
}

impl Browser {
    pub async fn launch(program: &Path) -> Browser {
        let profile = tempfile::tempdir().expect("a profile directory");
        let mut child = Command::new(program)
            .args([
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-timer-throttling",
                "--disable-renderer-backgrounding",
                "--disable-backgrounding-occluded-windows",
                "--remote-debugging-port=0",
                "about:blank",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        let stderr = child.stderr.take().expect("chromium's stderr");
        let (found, address) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut found = Some(found);
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(url) = line.strip_prefix("DevTools listening on ") {
                    if let Some(found) = found.take() {
                        let _ = found.send(url.trim().to_owned());
                    }
                }
            }
        });
        let url = address
            .recv_timeout(Duration::from_secs(30))
            .expect("chromium announces its DevTools address");
        let cdp = Cdp::connect(&url).await;
        Browser {
            child,
            cdp: Arc::new(cdp),
            _profile: profile,
        }
    }

    /// A new page of `width`×`height` CSS pixels (a phone's touch screen below 500 wide),
    /// loading `url`.
    pub async fn page(&self, url: &str, width: u32, height: u32) -> Page {
        let target = self
            .cdp
            .call(None, "Target.createTarget", json!({"url": "about:blank"}))
            .await["targetId"]
            .as_str()
            .expect("a target id")
            .to_owned();
        let session = self
            .cdp
            .call(
                None,
                "Target.attachToTarget",
                json!({"targetId": target, "flatten": true}),
            )
            .await["sessionId"]
            .as_str()
            .expect("a session id")
            .to_owned();
        let page = Page {
            cdp: self.cdp.clone(),
            session,
            target,
        };
        page.resize(width, height).await;
        page.call("Page.enable", json!({})).await;
        page.call("Page.navigate", json!({"url": url})).await;
        page
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Cdp {
    out: mpsc::UnboundedSender<Message>,
    pending: Pending,
    next: AtomicU64,
}

impl Cdp {
    async fn connect(url: &str) -> Cdp {
        let (socket, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the DevTools socket opens");
        let (mut sink, mut stream) = socket.split();
        let (out, mut queue) = mpsc::unbounded_channel::<Message>();
        tokio::spawn(async move {
            while let Some(message) = queue.recv().await {
                if sink.send(message).await.is_err() {
                    break;
                }
            }
        });
        let pending: Pending = Arc::default();
        let answers = pending.clone();
        tokio::spawn(async move {
            while let Some(Ok(message)) = stream.next().await {
                let Message::Text(text) = message else {
                    continue;
                };
                let Ok(value) = serde_json::from_str::<Value>(&text) else {
                    continue;
                };
                let Some(id) = value["id"].as_u64() else {
                    continue;
                };
                let answer = if value["error"].is_null() {
                    Ok(value["result"].clone())
                } else {
                    Err(value["error"].to_string())
                };
                if let Some(waiting) = answers.lock().unwrap().remove(&id) {
                    let _ = waiting.send(answer);
                }
            }
        });
        Cdp {
            out,
            pending,
            next: AtomicU64::new(1),
        }
    }

    async fn try_call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let (answer, waiting) = oneshot::channel();
        self.pending.lock().unwrap().insert(id, answer);
        let mut request = json!({"id": id, "method": method, "params": params});
        if let Some(session) = session {
            request["sessionId"] = json!(session);
        }
        self.out
            .send(Message::Text(request.to_string()))
            .map_err(|_| "the DevTools socket is closed".to_owned())?;
        tokio::time::timeout(Duration::from_secs(30), waiting)
            .await
            .map_err(|_| format!("{method}: no answer in 30 s"))?
            .map_err(|_| "the DevTools socket is closed".to_owned())?
    }

    async fn call(&self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.try_call(session, method, params)
            .await
            .unwrap_or_else(|error| panic!("{method}: {error}"))
    }
}

/// One browser tab.
pub struct Page {
    cdp: Arc<Cdp>,
    session: String,
    target: String,
}

impl Page {
    async fn call(&self, method: &str, params: Value) -> Value {
        self.cdp.call(Some(&self.session), method, params).await
    }

    pub async fn resize(&self, width: u32, height: u32) {
        let mobile = width < 500;
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        )
        .await;
    }

    /// The value of a JavaScript expression (promises awaited), or the exception it threw.
    pub async fn try_eval(&self, expression: &str) -> Result<Value, String> {
        let answer = self
            .cdp
            .try_call(
                Some(&self.session),
                "Runtime.evaluate",
                json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
            )
            .await?;
        if !answer["exceptionDetails"].is_null() {
            return Err(answer["exceptionDetails"].to_string());
        }
        Ok(answer["result"]["value"].clone())
    }

    pub async fn eval(&self, expression: &str) -> Value {
        self.try_eval(expression)
            .await
            .unwrap_or_else(|error| panic!("{expression}: {error}"))
    }

    /// Waits until `condition` (a JavaScript expression) is true; fails naming `what` and
    /// showing the page's text.
    pub async fn wait(&self, condition: &str, what: &str) {
        let start = Instant::now();
        loop {
            if self.try_eval(condition).await.ok() == Some(Value::Bool(true)) {
                return;
            }
            if start.elapsed() > PATIENCE {
                let text = self
                    .try_eval("document.body ? document.body.innerText : ''")
                    .await
                    .unwrap_or_default();
                panic!("waited {PATIENCE:?} for {what}; the page shows:\n{text}");
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Clicks the middle of the first element `selector` matches, as a mouse would.
    pub async fn click(&self, selector: &str) {
        let place = format!(
            "(() => {{ const e = document.querySelector({selector:?}); if (!e) return null; \
             e.scrollIntoView({{block: 'center', inline: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        );
        let start = Instant::now();
        let (x, y) = loop {
            let at = self.eval(&place).await;
            if let (Some(x), Some(y)) = (at[0].as_f64(), at[1].as_f64()) {
                break (x, y);
            }
            assert!(start.elapsed() < PATIENCE, "nothing to click at {selector}");
            tokio::time::sleep(Duration::from_millis(25)).await;
        };
        // A tab in the background draws no frames, and input waits for one.
        self.call("Page.bringToFront", json!({})).await;
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "buttons": 1, "clickCount": 1}),
            )
            .await;
        }
    }

    /// Writes what the page shows to `path` as PNG.
    pub async fn screenshot(&self, path: &Path) {
        // A tab in the background draws no frames, and a screenshot waits for one.
        self.call("Page.bringToFront", json!({})).await;
        let shot = self
            .call(
                "Page.captureScreenshot",
                json!({"format": "png", "captureBeyondViewport": false}),
            )
            .await;
        let data = decode_base64(shot["data"].as_str().expect("a screenshot"));
        std::fs::create_dir_all(path.parent().expect("a directory")).expect("the directory");
        std::fs::write(path, data).expect("the screenshot is written");
    }

    pub async fn close(self) {
        self.cdp
            .call(None, "Target.closeTarget", json!({"targetId": self.target}))
            .await;
    }
}

fn decode_base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => u32::from(c - b'A'),
        b'a'..=b'z' => u32::from(c - b'a') + 26,
        b'0'..=b'9' => u32::from(c - b'0') + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=').collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c) << (18 - 6 * i);
        }
        let [_, a, b, c] = n.to_be_bytes();
        out.extend_from_slice(&[a, b, c][..chunk.len() - 1]);
    }
    out
}
