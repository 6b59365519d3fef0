//! The console with its web page: `tablero` prints the page's address at
//! start and each board's game page; the page shows the console's game
//! and follows it; a taken port is a warning, not a crash.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn tablero(dir: &std::path::Path, listen: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tablero"));
    c.current_dir(dir)
        .env("TABLERO_DATA_DIR", dir.join("data"))
        .env("TABLERO_WEB_LISTEN", listen)
        .env_remove("TABLERO_DISCORD_TOKEN")
        .env_remove("TABLERO_TELEGRAM_TOKEN")
        .env_remove("TABLERO_DATABASE_URL")
        .env_remove("TABLERO_CONFIG")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

/// `GET url` (http://127.0.0.1:PORT/…): status and body.
fn get(url: &str) -> (u16, String) {
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_at(rest.find('/').unwrap());
    let mut s = TcpStream::connect(host).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nhost: {host}\r\nconnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let status = raw.split(' ').nth(1).unwrap().parse().unwrap();
    (status, raw)
}

#[test]
fn the_console_game_has_a_live_page() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = tablero(dir.path(), "127.0.0.1:0").spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in lines.map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let wait_for = |prefix: &str| -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let l = rx
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no line starting {prefix:?}"));
            if let Some(rest) = l.strip_prefix(prefix) {
                return rest.trim().to_string();
            }
        }
    };
    let site = wait_for("Watch the games on the web:");
    assert!(site.starts_with("http://127.0.0.1:"), "{site}");
    writeln!(stdin, "challenge @bob chess\n/as bob\naccept").unwrap();
    let page = wait_for("web:");
    assert!(page.starts_with(&format!("{site}g/")), "{page}");
    let (status, body) = get(&page);
    assert_eq!(status, 200);
    assert!(
        body.contains("Chess #1") && body.contains("alice"),
        "{body}"
    );
    writeln!(stdin, "/as alice\ne4").unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, body) = get(&page);
        if body.contains(" e4</a>") {
            break;
        }
        assert!(Instant::now() < deadline, "the move never showed: {body}");
        std::thread::sleep(Duration::from_millis(100));
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_taken_port_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let mut child = tablero(dir.path(), &addr).spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"challenge @bob breakthrough\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Warning: the web page is off"), "{text}");
    assert!(text.contains(&addr), "{text}");
    assert!(
        text.contains("challenges @bob"),
        "the console ran on: {text}"
    );
}
