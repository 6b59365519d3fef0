//! Crash test: a console playing moves is killed with SIGKILL at random
//! moments. After each kill the store must open cleanly and hold every move
//! the console acknowledged, in order, and nothing that was never sent.
//! Once on a sled folder, once on a PostgreSQL database (started by
//! `tablero-pgtest`; the server itself is never killed), where a second
//! console stays up and, after each kill, must play the next move at once:
//! the killed process held no lock that outlives it.
//! `CRASH_ROUNDS` sets the number of kills (default 12).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime};

use tablero_rules::{AnyGame, GameRecord};
use tablero_store::{ChannelKey, Store};

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Where the console keeps its store.
enum Target {
    Sled(std::path::PathBuf),
    Postgres(String),
}

impl Target {
    /// The store as it is now (sled: opened afresh, as the killed process
    /// held its lock).
    fn open(&self) -> Store {
        match self {
            Target::Sled(data) => Store::open(data, 1 << 20),
            Target::Postgres(url) => Store::open_url(url, 1 << 20),
        }
        .expect("the store opens after a kill")
    }

    fn name(&self) -> &'static str {
        match self {
            Target::Sled(_) => "sled",
            Target::Postgres(_) => "postgres",
        }
    }

    /// How long after its start a console may be killed: a process on
    /// PostgreSQL spends longer connecting before its first move.
    fn kill_window_ms(&self) -> u64 {
        match self {
            Target::Sled(_) => 150,
            Target::Postgres(_) => 400,
        }
    }
}

/// The stored record of game `id`, ongoing or finished.
fn stored(target: &Target, id: u64) -> Option<GameRecord> {
    let s = target.open();
    assert!(s.quarantined().unwrap().is_empty(), "nothing unreadable");
    let ch = ChannelKey::new(tablero_store::Platform::Console, "general");
    let doc = s
        .game(&ch, id, true)
        .unwrap()
        .or_else(|| s.game(&ch, id, false).unwrap())?;
    Some(doc.record.parse().unwrap())
}

/// A console that stays up while others are killed.
struct Survivor {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Survivor {
    fn start(cfg: &std::path::Path, url: &str) -> Survivor {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
            .arg("--config")
            .arg(cfg)
            .env_remove("TABLERO_DISCORD_TOKEN")
            .env_remove("TABLERO_TELEGRAM_TOKEN")
            .env_remove("TABLERO_DATA_DIR")
            .env("TABLERO_DATABASE_URL", url)
            .env("TABLERO_LOG", "warn")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Survivor {
            child,
            stdin,
            lines,
        }
    }

    /// Sends `lines` and returns the answer, within 10 s: far less than
    /// the 30 s a lock left behind would hold it up.
    fn ask(&mut self, lines: &str, n: usize) -> Vec<String> {
        let marker = format!("You are now sync{n}.");
        self.stdin
            .write_all(format!("{lines}/as sync{n}\n").as_bytes())
            .unwrap();
        self.stdin.flush().unwrap();
        let end = std::time::Instant::now() + Duration::from_secs(10);
        let mut answer = Vec::new();
        loop {
            let left = end.saturating_duration_since(std::time::Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no answer within 10 s: {answer:#?}"));
            let done = line == marker;
            answer.push(line);
            if done {
                return answer;
            }
        }
    }

    fn stop(mut self) {
        drop(self.stdin);
        assert!(self.child.wait().unwrap().success());
    }
}

#[test]
fn acknowledged_moves_survive_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let target = Target::Sled(dir.path().join("data"));
    crash_rounds(dir.path(), &target);
}

#[test]
fn acknowledged_moves_survive_sigkill_on_postgres() {
    let dir = tempfile::tempdir().unwrap();
    // The server stops when its last handle is dropped: hold it.
    let server = tablero_pgtest::PgServer::shared();
    let url = server.create_database();
    crash_rounds(dir.path(), &Target::Postgres(url));
}

fn crash_rounds(dir: &std::path::Path, target: &Target) {
    let rounds: usize = std::env::var("CRASH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let data = dir.join("data");
    let cfg = dir.join("tablero.toml");
    std::fs::write(
        &cfg,
        format!(
            "data_dir = {data:?}\n[console]\nboards_dir = {:?}\n",
            dir.join("boards")
        ),
    )
    .unwrap();
    let mut seed = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    eprintln!("crash test seed {seed}");
    let mut game_id = 0u64;
    let mut total_acked = 0;
    // On PostgreSQL a second console runs throughout: after each kill it
    // must play the next move at once, so the killed process left no
    // channel lock behind (PostgreSQL releases a dead session's locks).
    let mut survivor = match target {
        Target::Postgres(url) => Some(Survivor::start(&cfg, url)),
        Target::Sled(_) => None,
    };
    let mut survivor_moves = 0;
    for round in 0..rounds {
        // What the store holds now is where this round starts: the game
        // being played, else a new one (a kill may have left a challenge
        // unanswered: the new challenge is accepted by its number).
        let ongoing = (game_id > 0)
            .then(|| stored(target, game_id))
            .flatten()
            .map(|r| r.replay().unwrap())
            .filter(|g| g.outcome().is_none());
        let mut script = String::new();
        let mut sent: Vec<String> = Vec::new();
        let mut game = match ongoing {
            Some(g) => g,
            None => {
                let ch = ChannelKey::new(tablero_store::Platform::Console, "general");
                game_id = target.open().next_id(&ch).unwrap();
                script.push_str(&format!(
                    "/as bob\nhi\n/as alice\nchallenge @bob breakthrough time=none\n\
                     /as bob\naccept {game_id}\n"
                ));
                AnyGame::new(tablero_rules::GameId::Breakthrough, &Default::default()).unwrap()
            }
        };
        let base = stored(target, game_id).map(|r| r.moves).unwrap_or_default();
        while game.outcome().is_none() && sent.len() < 40 {
            let moves = game.legal_moves();
            let m = moves[(splitmix(&mut seed) % moves.len() as u64) as usize].clone();
            let who = if game.turn().side == tablero_rules::Side::First {
                "alice"
            } else {
                "bob"
            };
            script.push_str(&format!("/as {who}\n{m}\n"));
            game.play(&m).unwrap();
            sent.push(m);
        }
        let mut command = Command::new(env!("CARGO_BIN_EXE_tablero"));
        command
            .arg("--config")
            .arg(&cfg)
            .env_remove("TABLERO_DISCORD_TOKEN")
            .env_remove("TABLERO_TELEGRAM_TOKEN")
            .env_remove("TABLERO_DATA_DIR")
            .env_remove("TABLERO_DATABASE_URL");
        if let Target::Postgres(url) = target {
            command.env("TABLERO_DATABASE_URL", url);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Warnings and errors (a console that cannot start) show.
            .env("TABLERO_LOG", "warn")
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (first_tx, first_ack) = std::sync::mpsc::channel::<()>();
        let reader = std::thread::spawn(move || {
            let mut acked = Vec::new();
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                // `@alice played a2-a3 in #1. …`, printed once durable.
                let rest = line
                    .strip_prefix("@alice played ")
                    .or_else(|| line.strip_prefix("@bob played "));
                if let Some(m) = rest.and_then(|r| r.split(" in #").next()) {
                    acked.push(m.to_string());
                    if acked.len() == 1 {
                        let _ = first_tx.send(());
                    }
                }
            }
            acked
        });
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(script.as_bytes());
            // Keep stdin open so the console never exits on its own.
            std::thread::sleep(Duration::from_secs(5));
        });
        // Every other round, the clock starts at the first acknowledged
        // move, so that a slow start (a loaded machine, a connection to
        // make) still leaves moves to kill in the middle of.
        if round % 2 == 1 {
            let _ = first_ack.recv_timeout(Duration::from_secs(10));
        }
        let delay = 5 + splitmix(&mut seed) % target.kill_window_ms();
        std::thread::sleep(Duration::from_millis(delay));
        child.kill().unwrap(); // SIGKILL on Unix
        child.wait().unwrap();
        let acked = reader.join().unwrap();
        drop(writer);
        total_acked += acked.len();

        let after = stored(target, game_id).map(|r| r.moves).unwrap_or_default();
        assert!(
            after.starts_with(&base),
            "round {round}: earlier moves lost"
        );
        let new = &after[base.len()..];
        assert!(
            new.len() >= acked.len(),
            "round {round}: acknowledged {acked:?} but stored {new:?}"
        );
        assert_eq!(&new[..acked.len()], &acked[..], "round {round}");
        assert!(
            sent.starts_with(new),
            "round {round}: stored moves that were never sent: {new:?}"
        );
        if let Some(s) = &mut survivor
            && let Some(record) = stored(target, game_id)
        {
            let g = record.replay().unwrap();
            if g.outcome().is_none() {
                let m = g.legal_moves()[0].clone();
                let who = if g.turn().side == tablero_rules::Side::First {
                    "alice"
                } else {
                    "bob"
                };
                let answer = s.ask(&format!("/as {who}\nmove #{game_id} {m}\n"), round);
                let played = format!("@{who} played {m} in #{game_id}.");
                assert!(
                    answer.iter().any(|l| l.contains(&played)),
                    "round {round}: the other process did not play {m}: {answer:#?}"
                );
                let now = stored(target, game_id).unwrap().moves;
                assert_eq!(now[..now.len() - 1], after[..], "round {round}");
                assert_eq!(now.last(), Some(&m), "round {round}");
                survivor_moves += 1;
            }
        }
    }
    if let Some(s) = survivor {
        s.stop();
        eprintln!("the second process played {survivor_moves} moves right after kills");
    }
    eprintln!(
        "{}: {rounds} kills, {total_acked} acknowledged moves checked",
        target.name()
    );
}
