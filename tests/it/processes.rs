//! Two `tablero` console processes on one PostgreSQL database (started by
//! `tablero-pgtest`), both receiving moves for the same games at once.
//!
//! Games in two channels between the same two players: each move goes to
//! one process and, one time in four when the other is free, to the other
//! too while the first works on it (a message delivered twice). A process
//! answers each request before it gets the next, but the two run side by
//! side, so commands on one channel, and stats shared by both
//! channels, race across processes. Meanwhile timers fall due (seeded
//! challenges that expire and games that run out of time), and both
//! processes look for due timers before every line they read.
//!
//! Checked: every move is acknowledged exactly once (a copy is "already
//! played") and stored once, in order; every timer is announced by exactly
//! one process; the players' stats count every finished game once.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::time::{Duration, Instant, SystemTime};

use tablero_rules::{AnyGame, GameId, Setup, Side};
use tablero_store::{ChallengeDoc, ChannelKey, GameDoc, Platform, Store, Termination, UserRef};

const CHANNELS: [&str; 2] = ["arena", "annex"];
/// Games played by moves, per channel.
const GAMES: u64 = 5;
/// Seeded timers per channel: challenges that expire, games that time out.
const EXPIRING: u64 = 4;
const TIMING_OUT: u64 = 4;

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn user(id: &str) -> UserRef {
    UserRef {
        id: id.into(),
        name: id.into(),
    }
}

fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

fn game_doc(ch: &ChannelKey, id: u64, now: i64) -> GameDoc {
    GameDoc {
        // Rated, so both processes also update ratings (under the store's
        // stats lock) as games end.
        rated: true,
        ..GameDoc::new(
            ch.clone(),
            id,
            [user("alice"), user("bob")],
            "breakthrough:".into(),
            now,
        )
    }
}

/// Games to play, expiring challenges and games about to run out of time,
/// written straight into the store; timers fall due within `spread_ms`.
fn seed(store: &Store, seed: &mut u64, spread_ms: u64) {
    let now = now_ms();
    let mut b = store.batch();
    for name in CHANNELS {
        let ch = ChannelKey::new(Platform::Console, name);
        for id in 1..=GAMES {
            b.put_game(&game_doc(&ch, id, now), None);
        }
        for k in 0..EXPIRING {
            let id = 100 + k;
            b.put_challenge(&ChallengeDoc {
                channel: ch.clone(),
                id,
                challenger: user("carol"),
                challenged: Some(user("dave")),
                handle: None,
                game: GameId::Breakthrough,
                setup: String::new(),
                challenger_side: None,
                move_limit_secs: Some(3600),
                created_ms: now - 86_400_000,
                expires_ms: now + (splitmix(seed) % spread_ms) as i64,
                casual: false,
                community: None,
                rematch_of: None,
                clock: None,
            });
        }
        for k in 0..TIMING_OUT {
            let id = 200 + k;
            // A one-hour turn that ends within the spread; both reminders
            // sent, so the timeout is the next event.
            let deadline = now + (splitmix(seed) % spread_ms) as i64;
            let mut doc = game_doc(&ch, id, now);
            doc.turn_started_ms = deadline - 3_600_000;
            doc.move_limit_secs = Some(3600);
            doc.reminders_sent = 2;
            doc.next_event_ms = Some(deadline);
            b.put_game(&doc, None);
        }
        b.set_next_id(&ch, 300);
    }
    store.commit(b).unwrap();
}

/// One console process, answering one request at a time.
struct Bot {
    child: Child,
    stdin: Option<ChildStdin>,
    busy: bool,
}

/// Starts a console on `url`; each answer (the lines up to the marker the
/// request ends with) is sent to `answers` with the process's number.
fn start(n: usize, dir: &std::path::Path, url: &str, answers: Sender<(usize, Vec<String>)>) -> Bot {
    let cfg = dir.join(format!("tablero-{n}.toml"));
    std::fs::write(
        &cfg,
        format!(
            "data_dir = {:?}\n[console]\nboards_dir = {:?}\nuser = \"alice\"\nchannel = \"arena\"\n",
            dir.join(format!("unused-{n}")),
            dir.join(format!("boards-{n}"))
        ),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .arg("--config")
        .arg(&cfg)
        .env("TABLERO_DATABASE_URL", url)
        .env_remove("TABLERO_DISCORD_TOKEN")
        .env_remove("TABLERO_TELEGRAM_TOKEN")
        .env_remove("TABLERO_DATA_DIR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        let mut answer = Vec::new();
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            let end = line.starts_with("You are now sync");
            answer.push(line);
            if end && answers.send((n, std::mem::take(&mut answer))).is_err() {
                return;
            }
        }
        // What came after the last marker (the final tick on exit).
        let _ = answers.send((n, answer));
    });
    Bot {
        stdin: child.stdin.take(),
        child,
        busy: false,
    }
}

impl Bot {
    fn send(&mut self, lines: &str, marker: u64) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin
            .write_all(format!("{lines}/as sync{marker}\n").as_bytes())
            .unwrap();
        stdin.flush().unwrap();
        self.busy = true;
    }
}

/// A game being played by moves: its planned moves, how many are
/// acknowledged, and whether its next move is out.
struct Played {
    channel: &'static str,
    id: u64,
    game: AnyGame,
    moves: Vec<String>,
    acked: usize,
    /// The processes its next move was sent to, and the answers so far.
    out: Vec<usize>,
    /// The lines that sent its last move.
    last_request: String,
    answers: Vec<Vec<String>>,
}

impl Played {
    fn over(&self) -> bool {
        self.game.outcome().is_some() && self.out.is_empty()
    }
}

/// Collects the timer notices (`[channel] …` lines) of an answer.
fn notices(answer: &[String], into: &mut Vec<String>) {
    into.extend(answer.iter().filter(|l| l.starts_with('[')).cloned());
}

#[test]
fn two_processes_apply_each_move_once_and_fire_each_timer_once() {
    let server = tablero_pgtest::PgServer::shared();
    let url = server.create_database();
    let store = Store::open_url(&url, 1 << 20).unwrap();
    let mut rng = now_ms() as u64;
    eprintln!("processes test seed {rng}");
    seed(&store, &mut rng, 4_000);

    let dir = tempfile::tempdir().unwrap();
    let (tx, answers): (Sender<(usize, Vec<String>)>, Receiver<_>) = channel();
    let mut bots: Vec<Bot> = (0..2)
        .map(|n| start(n, dir.path(), &url, tx.clone()))
        .collect();
    drop(tx);

    let mut games: Vec<Played> = CHANNELS
        .iter()
        .flat_map(|c| {
            (1..=GAMES).map(|id| Played {
                channel: c,
                id,
                game: AnyGame::new(GameId::Breakthrough, &Setup::default()).unwrap(),
                moves: Vec::new(),
                acked: 0,
                out: Vec::new(),
                last_request: String::new(),
                answers: Vec::new(),
            })
        })
        .collect();
    // Which game each busy process is answering (`None`: a ping).
    let mut serving: [Option<usize>; 2] = [None, None];
    let mut seen = Vec::new();
    let mut marker = 0u64;
    let mut twice = 0;
    let started = Instant::now();
    loop {
        // Give every idle process a move of a game whose last move is
        // answered; or, one time in four, a copy of the move the other
        // process is working on (a message delivered twice).
        for p in 0..2 {
            if bots[p].busy {
                continue;
            }
            if let Some(g) =
                serving[1 - p].filter(|&g| games[g].out == [1 - p] && splitmix(&mut rng) % 4 == 0)
            {
                let pl = &mut games[g];
                let lines = pl.last_request.clone();
                marker += 1;
                bots[p].send(&lines, marker);
                serving[p] = Some(g);
                pl.out.push(p);
                twice += 1;
                continue;
            }
            let free: Vec<usize> = (0..games.len())
                .filter(|&g| games[g].out.is_empty() && games[g].game.outcome().is_none())
                .collect();
            if free.is_empty() {
                continue;
            }
            let g = free[(splitmix(&mut rng) % free.len() as u64) as usize];
            let pl = &mut games[g];
            let legal = pl.game.legal_moves();
            let m = legal[(splitmix(&mut rng) % legal.len() as u64) as usize].clone();
            let who = match pl.game.turn().side {
                Side::First => "alice",
                Side::Second => "bob",
            };
            pl.last_request = format!("/channel {}\n/as {who}\nmove #{} {m}\n", pl.channel, pl.id);
            pl.game.play(&m).unwrap();
            pl.moves.push(m);
            marker += 1;
            bots[p].send(&pl.last_request, marker);
            serving[p] = Some(g);
            pl.out = vec![p];
        }
        if bots.iter().all(|b| !b.busy) {
            assert!(games.iter().all(Played::over), "nothing left to send");
            break;
        }
        let (p, answer) = answers
            .recv_timeout(Duration::from_secs(60))
            .expect("a process answers within a minute");
        assert!(
            answer
                .last()
                .is_some_and(|l| l.starts_with("You are now sync")),
            "process {p} stopped: {answer:#?}"
        );
        notices(&answer, &mut seen);
        bots[p].busy = false;
        let Some(g) = serving[p].take() else { continue };
        let pl = &mut games[g];
        pl.answers.push(answer);
        if pl.answers.len() < pl.out.len() {
            continue;
        }
        // Every copy of the move is answered: exactly one played it.
        let m = pl.moves.last().unwrap();
        let played = format!(" played {m} in #{}.", pl.id);
        let again = format!("That move was already played in #{}.", pl.id);
        let acks = pl
            .answers
            .iter()
            .filter(|a| a.iter().any(|l| l.contains(&played)))
            .count();
        if acks != 1 {
            let ch = ChannelKey::new(Platform::Console, pl.channel);
            let doc = store
                .game(&ch, pl.id, true)
                .unwrap()
                .or_else(|| store.game(&ch, pl.id, false).unwrap());
            panic!(
                "{}#{} {m} acknowledged {acks} times: {:#?}\nsent {:?}\nstored {doc:#?}",
                pl.channel, pl.id, pl.answers, pl.moves
            );
        }
        // A copy of a game's last move finds the game over instead.
        let over = format!("There is no ongoing game #{} in this channel.", pl.id);
        let ended = pl.game.outcome().is_some();
        for a in pl
            .answers
            .iter()
            .filter(|a| !a.iter().any(|l| l.contains(&played)))
        {
            assert!(
                a.iter()
                    .any(|l| l.contains(&again) || (ended && l.contains(&over))),
                "{}#{} {m}: {a:#?}",
                pl.channel,
                pl.id
            );
        }
        pl.acked += 1;
        pl.out.clear();
        pl.answers.clear();
    }
    let moves: usize = games.iter().map(|g| g.moves.len()).sum();
    let took = started.elapsed();
    eprintln!("{moves} moves ({twice} sent twice) in {took:?}");

    // Keep both processes reading lines (each looks for due timers first)
    // until every seeded timer is announced, or 30 s.
    let timers = CHANNELS.len() * (EXPIRING + TIMING_OUT) as usize;
    let until = Instant::now() + Duration::from_secs(30);
    while seen.len() < timers && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(200));
        for b in &mut bots {
            marker += 1;
            b.send("", marker);
        }
        for _ in 0..2 {
            let (p, answer) = answers.recv_timeout(Duration::from_secs(60)).unwrap();
            notices(&answer, &mut seen);
            bots[p].busy = false;
        }
    }
    for mut b in bots {
        drop(b.stdin.take());
        assert!(b.child.wait().unwrap().success());
    }
    for (_, answer) in answers.iter() {
        notices(&answer, &mut seen);
    }

    // Every timer announced once, by one process or the other.
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for n in &seen {
        let ch = n[1..].split(']').next().unwrap().to_string();
        let id = n
            .split('#')
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .unwrap()
            .to_string();
        *count.entry(format!("{ch}#{id}")).or_default() += 1;
    }
    assert_eq!(count.len(), timers, "{seen:#?}");
    assert!(count.values().all(|n| *n == 1), "{seen:#?}");
    for n in &seen {
        assert!(
            n.contains("expired unanswered") || n.contains("ran out of time"),
            "{n}"
        );
    }

    // Every game stored with exactly its moves; the timed-out ones lost on
    // time; nothing left to fire; stats count each finished game once.
    let mut finished = 0;
    for pl in &games {
        let ch = ChannelKey::new(Platform::Console, pl.channel);
        let doc = store.game(&ch, pl.id, false).unwrap().expect("finished");
        let record: tablero_rules::GameRecord = doc.record.parse().unwrap();
        assert_eq!(record.moves, pl.moves, "{}#{}", pl.channel, pl.id);
        assert_eq!(pl.acked, pl.moves.len());
        finished += 1;
    }
    for name in CHANNELS {
        let ch = ChannelKey::new(Platform::Console, name);
        for k in 0..TIMING_OUT {
            let doc = store.game(&ch, 200 + k, false).unwrap().expect("timed out");
            assert_eq!(doc.result.unwrap().termination, Termination::Time);
            finished += 1;
        }
        assert!(store.channel_challenges(&ch).unwrap().is_empty());
    }
    assert!(store.due_timers(i64::MAX / 2).unwrap().is_empty());
    for who in ["alice", "bob"] {
        let stats = store.stats(Platform::Console, who, false).unwrap();
        let s = stats
            .iter()
            .find(|(g, _)| *g == GameId::Breakthrough)
            .map(|(_, s)| *s)
            .unwrap_or_default();
        assert_eq!(s.wins + s.losses + s.draws, finished, "{who}: {s:?}");
        // Every rated result rated both players once, in both processes.
        let r = store
            .rating(Platform::Console, GameId::Breakthrough, who)
            .unwrap()
            .expect("rated");
        assert_eq!(r.rating.games, finished, "{who}");
    }
    // One sequence over both processes: 1, 2, …, finished, each once.
    let mut seqs = Vec::new();
    for name in CHANNELS {
        let ch = ChannelKey::new(Platform::Console, name);
        for doc in store.finished_games(&ch).unwrap() {
            seqs.extend(doc.unwrap().rating.map(|r| r.seq));
        }
    }
    seqs.sort_unstable();
    assert_eq!(seqs, (1..=u64::from(finished)).collect::<Vec<_>>());
    assert_eq!(store.rating_seq().unwrap(), u64::from(finished));
    assert!(store.quarantined().unwrap().is_empty());
}
