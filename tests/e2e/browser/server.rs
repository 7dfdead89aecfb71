//! `damabot local --web` on a free loopback port, on a database of its own; ended when dropped.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct LocalWeb {
    child: Child,
    pub address: SocketAddr,
    _dir: tempfile::TempDir,
}

impl LocalWeb {
    pub fn start() -> LocalWeb {
        // Nothing from a config.toml in the working directory: the defaults.
        LocalWeb::start_configured("")
    }

    /// [`LocalWeb::start`] with `config` as its configuration file.
    pub fn start_configured(config: &str) -> LocalWeb {
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
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("damabot starts");
        let mut server = LocalWeb {
            child,
            address,
            _dir: dir,
        };
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
