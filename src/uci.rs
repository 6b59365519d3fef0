//! An engine in another process, spoken to by UCI, as a match player:
//! `tablero selfplay GAME --b uci:PATH[,option=value…]`. The notation and
//! the protocol's lines are `tablero_engine::uci`'s; this module starts
//! the process, writes the commands and waits for the answers.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use tablero_engine::selfplay::Outsider;
use tablero_engine::{EngineError, Limits, uci};
use tablero_rules::{AnyGame, GameId};

/// How long an engine may take to start, to answer `isready`, or beyond
/// its think time to answer `go`.
const PATIENCE: Duration = Duration::from_secs(30);

/// A UCI player as the command line names it: `uci:PATH`, then
/// comma-separated `NAME=VALUE` pairs. `think-ms` and `nodes` are its
/// budget per move (otherwise the match's); every other pair is a UCI
/// option set before the first game (`Skill Level=5`, `UCI_Elo=2000`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UciSpec {
    /// The engine's program.
    pub path: PathBuf,
    /// UCI options, in the order given.
    pub options: Vec<(String, String)>,
    /// Its own budget; unset fields fall back to the match's.
    pub limits: Limits,
}

impl UciSpec {
    /// Reads `uci:PATH[,NAME=VALUE…]`; `None` when `text` does not start
    /// with `uci:`.
    pub fn parse(text: &str) -> Option<Result<UciSpec, String>> {
        let rest = text.trim().strip_prefix("uci:")?;
        let mut parts = rest.split(',');
        let path = parts.next().unwrap_or_default().trim();
        if path.is_empty() {
            return Some(Err("`uci:` needs the engine's path".into()));
        }
        let mut spec = UciSpec {
            path: PathBuf::from(path),
            options: Vec::new(),
            limits: Limits::default(),
        };
        for part in parts {
            let Some((name, value)) = part.split_once('=') else {
                return Some(Err(format!("`{part}` is not NAME=VALUE")));
            };
            let (name, value) = (name.trim(), value.trim());
            let number = || {
                value
                    .parse::<u64>()
                    .map_err(|_| format!("`{value}` is not a number"))
            };
            match name {
                "think-ms" => match number() {
                    Ok(ms) => spec.limits.think = Some(Duration::from_millis(ms)),
                    Err(e) => return Some(Err(e)),
                },
                "nodes" => match number() {
                    Ok(n) => spec.limits.nodes = Some(n),
                    Err(e) => return Some(Err(e)),
                },
                _ => spec.options.push((name.to_string(), value.to_string())),
            }
        }
        Some(Ok(spec))
    }
}

/// A running UCI engine.
pub struct UciPlayer {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// What it calls itself (`id name`), or its path.
    pub name: String,
    limits: Limits,
    /// The game's moves so far in UCI notation, and the position after
    /// them: each `position` command repeats them all, and converting each
    /// once keeps a long game linear.
    sent: Vec<String>,
    reached: Option<AnyGame>,
}

impl UciPlayer {
    /// Starts the engine of `spec`, checks it can play `game` and sets its
    /// options: `UCI_Variant` is set to the game's variant when the engine
    /// has that option and `spec` does not set it.
    pub fn start(spec: &UciSpec, game: GameId) -> Result<UciPlayer, String> {
        let path = spec.path.display().to_string();
        let mut child = Command::new(&spec.path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{path}: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("{path}: no pipes to the engine"));
        };
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = UciPlayer {
            child,
            input,
            lines,
            name: path.clone(),
            limits: spec.limits,
            sent: Vec::new(),
            reached: None,
        };
        player
            .handshake(spec, game)
            .map_err(|e| format!("{path}: {e}"))?;
        Ok(player)
    }

    fn handshake(&mut self, spec: &UciSpec, game: GameId) -> Result<(), EngineError> {
        self.send("uci")?;
        let mut offered = Vec::new();
        let deadline = Instant::now() + PATIENCE;
        loop {
            let line = self.next_line(deadline)?;
            let mut words = line.split_whitespace();
            match words.next() {
                Some("uciok") => break,
                Some("id") if words.next() == Some("name") => {
                    self.name = words.collect::<Vec<_>>().join(" ");
                }
                // `option name NAME type …`: the name may have spaces.
                Some("option") if words.next() == Some("name") => {
                    let name: Vec<&str> = words.take_while(|&w| w != "type").collect();
                    offered.push(name.join(" ").to_lowercase());
                }
                _ => {}
            }
        }
        let offers = |name: &str| offered.iter().any(|o| o.eq_ignore_ascii_case(name));
        for (name, _) in &spec.options {
            if !offers(name) {
                return Err(EngineError::Outsider(format!(
                    "the engine has no option `{name}`"
                )));
            }
        }
        let variant = uci::variant(game)
            .ok_or_else(|| EngineError::Outsider(format!("no UCI notation for {}", game.key())))?;
        let variant_set = spec
            .options
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case("UCI_Variant"));
        if offers("UCI_Variant") && !variant_set {
            self.send(&format!("setoption name UCI_Variant value {variant}"))?;
        } else if !offers("UCI_Variant") && game != GameId::Chess {
            return Err(EngineError::Outsider(format!(
                "the engine has no UCI_Variant option, so it plays chess only, not {}",
                game.key()
            )));
        }
        for (name, value) in &spec.options {
            self.send(&format!("setoption name {name} value {value}"))?;
        }
        self.ready()
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| EngineError::Outsider(format!("{}: writing `{line}`: {e}", self.name)))
    }

    fn next_line(&mut self, deadline: Instant) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        self.lines.recv_timeout(wait).map_err(|e| {
            EngineError::Outsider(match e {
                RecvTimeoutError::Timeout => format!("{} did not answer in time", self.name),
                RecvTimeoutError::Disconnected => format!("{} stopped", self.name),
            })
        })
    }

    fn ready(&mut self) -> Result<(), EngineError> {
        self.send("isready")?;
        let deadline = Instant::now() + PATIENCE;
        while self.next_line(deadline)?.trim() != "readyok" {}
        Ok(())
    }
}

impl Outsider for UciPlayer {
    fn new_game(&mut self, start: &AnyGame) -> Result<(), EngineError> {
        // Every game of a match starts from the game's start position and
        // is sent as `position startpos moves …`.
        if start.position_text()
            != AnyGame::new(start.id(), &Default::default())
                .map(|g| g.position_text())
                .unwrap_or_default()
        {
            return Err(EngineError::Outsider(
                "UCI engines play from the game's start position only".into(),
            ));
        }
        self.sent.clear();
        self.reached = Some(start.clone());
        self.send("ucinewgame")?;
        self.ready()
    }

    fn choose(
        &mut self,
        start: &AnyGame,
        game: &AnyGame,
        moves: &[String],
        limits: Limits,
    ) -> Result<(String, Option<i32>), EngineError> {
        let think = self.limits.think.or(limits.think);
        let nodes = self.limits.nodes.or(limits.nodes);
        let mut go = String::from("go");
        if let Some(n) = nodes {
            go.push_str(&format!(" nodes {n}"));
        }
        if let Some(t) = think {
            go.push_str(&format!(" movetime {}", t.as_millis()));
        }
        if think.is_none() && nodes.is_none() {
            return Err(EngineError::Outsider(format!(
                "{} needs a budget: --think-ms, --nodes, or think-ms= or nodes= after its path",
                self.name
            )));
        }
        let reached = self.reached.get_or_insert_with(|| start.clone());
        for m in &moves[self.sent.len().min(moves.len())..] {
            self.sent.push(uci::to_uci(reached, m)?);
            reached
                .play(m)
                .map_err(|e| EngineError::BadMove(e.to_string()))?;
        }
        let mut position = String::from("position startpos");
        if !self.sent.is_empty() {
            position.push_str(" moves ");
            position.push_str(&self.sent.join(" "));
        }
        self.send(&position)?;
        self.send(&go)?;
        let deadline = Instant::now() + think.unwrap_or(PATIENCE * 10) + PATIENCE;
        let mut score = None;
        loop {
            let line = self.next_line(deadline)?;
            if let Some(s) = uci::score(&line) {
                score = Some(s);
            }
            match uci::best_move(&line) {
                Some(Some(m)) => return Ok((uci::from_uci(game, m)?, score)),
                Some(None) => {
                    return Err(EngineError::Outsider(format!(
                        "{} found no move in a game that is not over",
                        self.name
                    )));
                }
                None => {}
            }
        }
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!(UciSpec::parse("5"), None);
        let spec = UciSpec::parse(
            "uci:/usr/games/stockfish,UCI_LimitStrength=true, UCI_Elo = 2000,think-ms=300",
        )
        .unwrap()
        .unwrap();
        assert_eq!(spec.path, PathBuf::from("/usr/games/stockfish"));
        assert_eq!(
            spec.options,
            vec![
                ("UCI_LimitStrength".to_string(), "true".to_string()),
                ("UCI_Elo".to_string(), "2000".to_string())
            ]
        );
        assert_eq!(spec.limits.think, Some(Duration::from_millis(300)));
        let spec = UciSpec::parse("uci:fsf,Skill Level=5,nodes=1000")
            .unwrap()
            .unwrap();
        assert_eq!(
            spec.options,
            vec![("Skill Level".to_string(), "5".to_string())]
        );
        assert_eq!(spec.limits.nodes, Some(1000));
        assert!(UciSpec::parse("uci:").unwrap().is_err());
        assert!(UciSpec::parse("uci:x,Hash").unwrap().is_err());
        assert!(UciSpec::parse("uci:x,nodes=many").unwrap().is_err());
    }
}
