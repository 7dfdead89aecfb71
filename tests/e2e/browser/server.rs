//! `damabot local --web` on a free loopback port, on a database of its own; ended when dropped.

use std::io::Read as _;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub struct LocalWeb {
    child: Child,
    pub address: SocketAddr,
    /// What the console printed so far, when it is watched ([`LocalWeb::start_watched`]).
    printed: Arc<Mutex<String>>,
    _dir: tempfile::TempDir,
}

impl LocalWeb {
    pub fn start() -> LocalWeb {
        // Nothing from a config.toml in the working directory: the defaults.
        LocalWeb::start_configured("")
    }

    /// [`LocalWeb::start`], what the console prints kept for [`LocalWeb::wait_for`].
    pub fn start_watched() -> LocalWeb {
        LocalWeb::launch("", true)
    }

    /// [`LocalWeb::start`] with `config` as its configuration file.
    pub fn start_configured(config: &str) -> LocalWeb {
        LocalWeb::launch(config, false)
    }

    fn launch(config: &str, watched: bool) -> LocalWeb {
        let dir = tempfile::tempdir().expect("a directory");
        let address = TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free port");
        let file = dir.path().join("config.toml");
        std::fs::write(&file, config).expect("the configuration is written");
        let child = Command::new(env!("CARGO_BIN_EXE_damabot"))
            .arg("--config")
            .arg(&file)
            .args([
                "local",
                "--web",
                &address.to_string(),
                "--seed",
                "7",
                "--db",
            ])
            .arg(dir.path().join("dama.sqlite"))
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            // The console reads its standard input: kept open (and silent) while the page plays.
            .stdin(Stdio::piped())
            .stdout(if watched {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stderr(Stdio::inherit())
            .spawn()
            .expect("damabot starts");
        let printed = Arc::new(Mutex::new(String::new()));
        let mut server = LocalWeb {
            child,
            address,
            printed: Arc::clone(&printed),
            _dir: dir,
        };
        if let Some(mut stdout) = server.child.stdout.take() {
            std::thread::spawn(move || {
                let mut chunk = [0; 4096];
                while let Ok(read @ 1..) = stdout.read(&mut chunk) {
                    let text = String::from_utf8_lossy(&chunk[..read]);
                    printed.lock().unwrap().push_str(&text);
                }
            });
        }
        let start = Instant::now();
        while TcpStream::connect(address).is_err() {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!("damabot local --web ended: {status}");
            }
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "damabot local --web does not listen on {address}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    /// Types `line` into the console (`@advance 6m` moves its clock).
    pub fn say(&mut self, line: &str) {
        use std::io::Write as _;
        let stdin = self.child.stdin.as_mut().expect("the console's input");
        writeln!(stdin, "{line}").expect("the console reads its input");
        stdin.flush().expect("the console reads its input");
    }

    /// Waits until the console has printed, after what it had printed at `since` (a length of
    /// [`LocalWeb::printed`]), a line containing `wanted`: everything printed since then.
    pub fn wait_for(&self, since: usize, wanted: &str) -> String {
        let start = Instant::now();
        loop {
            let printed = self.printed();
            let new = printed.get(since..).unwrap_or_default();
            if new.lines().any(|line| line.contains(wanted)) {
                return new.to_owned();
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "the console did not print {wanted:?}; it printed:\n{printed}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Everything the console printed so far.
    pub fn printed(&self) -> String {
        self.printed.lock().unwrap().clone()
    }

    /// The page's address for a player: `name` (also the user), in `locale`.
    pub fn url(&self, name: &str, locale: &str, extra: &str) -> String {
        format!(
            "http://{}/?user_id={name}&name={name}&locale={locale}{extra}",
            self.address
        )
    }
}

impl Drop for LocalWeb {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
