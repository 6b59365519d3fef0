//! Game records for people and other programs: PGN for the four chess
//! games, and a plain text record for every game that reads back.
//!
//! Both take a [`GameRecord`] (what the store keeps) and a [`RecordHeader`]
//! of plain data the caller fills from wherever it keeps players, dates and
//! results. The moves are replayed, so what is written is the rules core's
//! canonical text and an unplayable record is an error, never a bad file.
//!
//! The text record:
//!
//! ```text
//! Game: chess (Chess)
//! Parameters: -
//! White: Ana
//! Black: Bo
//! Started: 2026-11-20 10:00:00 UTC
//! Ended: 2026-11-20 10:12:40 UTC
//! Result: 1-0 (winner: White)
//! Termination: checkmate
//! Plies: 7
//!
//! 1. e4 e5
//! 2. Bc4 Nc6
//! 3. Qh5 Nf6
//! 4. Qxf7#
//! ```
//!
//! Header lines are `Key: value` up to the first blank line (or the first
//! line without a colon, which no move has); only `Game` and `Parameters`
//! are needed to read a record back. A move line is a
//! round: the first player's moves, then the second player's, after the
//! round number. [`move_words`] drops the numbers (and a final result), so
//! the move lines can also be pasted as they are after `tablero moves GAME
//! --play`.
//!
//! ```
//! use tablero_rules::export::{self, RecordHeader};
//! use tablero_rules::{GameId, GameRecord, Setup};
//! let mut rec = GameRecord::new(GameId::Chess, Setup::default());
//! rec.moves = ["f3", "e5", "g4", "Qh4#"].map(String::from).to_vec();
//! let pgn = export::pgn(&rec, &RecordHeader::default()).unwrap();
//! assert!(pgn.ends_with("1. f3 e5 2. g4 Qh4# {checkmate} 0-1\n"));
//! let text = export::text(&rec, &RecordHeader::default()).unwrap();
//! assert_eq!(export::parse_text(&text).unwrap().record, rec);
//! ```

use std::fmt::{self, Write};

use crate::{AnyGame, EndReason, GameId, GameRecord, Lang, RecordError, Setup, Side};

/// Why a game ended, as a record tells it: by the rules, or by something
/// the players or the clock did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The rules ended it (checkmate, no move, …).
    Rules(EndReason),
    /// A player resigned.
    Resignation,
    /// A player ran out of time.
    TimeForfeit,
    /// The players agreed a draw.
    Agreement,
    /// The game was abandoned or cancelled.
    Abandoned,
}

impl Termination {
    /// A short English description (`checkmate`, `resignation`).
    #[must_use]
    pub fn text(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Termination::Rules(r), _) => r.text(lang),
            (Termination::Resignation, Lang::En) => "resignation",
            (Termination::Resignation, Lang::Es) => "abandono",
            (Termination::TimeForfeit, Lang::En) => "time forfeit",
            (Termination::TimeForfeit, Lang::Es) => "pérdida por tiempo",
            (Termination::Agreement, Lang::En) => "draw agreed",
            (Termination::Agreement, Lang::Es) => "tablas de mutuo acuerdo",
            (Termination::Abandoned, Lang::En) => "abandoned",
            (Termination::Abandoned, Lang::Es) => "partida anulada",
        }
    }

    /// The value of PGN's `Termination` tag.
    fn pgn(self) -> &'static str {
        match self {
            Termination::Rules(_) | Termination::Resignation | Termination::Agreement => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// How a finished game ended: the winner (`None` for a draw, or for an
/// abandoned game with no result) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Finish {
    pub winner: Option<Side>,
    pub termination: Termination,
}

/// What a record says about a game besides its moves. Every field may be
/// left empty; the exporter writes `?` (PGN's "unknown") for names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordHeader {
    /// PGN's `Event`; empty for "Tablero".
    pub event: String,
    /// PGN's `Site`: the platform and chat, say `Discord #ajedrez`.
    pub site: String,
    /// The players' names by [`Side::index`].
    pub players: [String; 2],
    /// When the game started and ended, in milliseconds since the Unix
    /// epoch (UTC).
    pub started_ms: Option<i64>,
    pub ended_ms: Option<i64>,
    /// How the game ended when it was not by the rules alone (resignation,
    /// time, agreement). `None` takes the result from the replayed position:
    /// the rules' outcome, or unfinished.
    pub finish: Option<Finish>,
}

/// Why a record could not be exported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExportError {
    /// PGN is only written for chess, jumping-bishop chess and the two
    /// Guadalete games.
    NoPgn(GameId),
    /// The record does not replay.
    Record(RecordError),
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::NoPgn(g) => write!(f, "{g} has no PGN; export it as text"),
            ExportError::Record(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ExportError {}

impl From<RecordError> for ExportError {
    fn from(e: RecordError) -> ExportError {
        ExportError::Record(e)
    }
}

/// The games written as PGN, and the `Variant` tag of each (`None` for
/// standard chess).
#[must_use]
pub fn pgn_variant(game: GameId) -> Option<Option<&'static str>> {
    match game {
        GameId::Chess => Some(None),
        GameId::Saltador => Some(Some("Jumping-bishop chess")),
        GameId::Guadalete => Some(Some("Guadalete")),
        GameId::Guadalete14 => Some(Some("Cylinder Guadalete")),
        _ => None,
    }
}

/// The six FEN fields of chess's start position.
const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A replayed record: the canonical moves, who made each, and the end.
struct Replayed {
    start: AnyGame,
    moves: Vec<(Side, String)>,
    end: AnyGame,
}

fn replay(record: &GameRecord) -> Result<Replayed, RecordError> {
    let start = AnyGame::new(record.game, &record.setup).map_err(RecordError::Setup)?;
    let mut g = start.clone();
    let mut moves = Vec::with_capacity(record.moves.len());
    for (index, m) in record.moves.iter().enumerate() {
        let side = g.turn().side;
        let text = g
            .play(m)
            .map_err(|error| RecordError::Move { index, error })?;
        moves.push((side, text));
    }
    Ok(Replayed {
        start,
        moves,
        end: g,
    })
}

/// The finish to write: the caller's, else the rules'.
fn finish_of(header: &RecordHeader, end: &AnyGame) -> Option<Finish> {
    header.finish.or_else(|| {
        end.outcome().map(|o| Finish {
            winner: o.winner,
            termination: Termination::Rules(o.reason),
        })
    })
}

/// `1-0`, `0-1`, `1/2-1/2`, or `*` while unfinished. An abandoned game
/// without a winner is `*` too: it has no result.
fn result_token(finish: Option<Finish>) -> &'static str {
    match finish {
        None => "*",
        Some(Finish {
            winner: Some(Side::First),
            ..
        }) => "1-0",
        Some(Finish {
            winner: Some(Side::Second),
            ..
        }) => "0-1",
        Some(Finish {
            termination: Termination::Abandoned,
            ..
        }) => "*",
        Some(_) => "1/2-1/2",
    }
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// UTC date and time of `ms` since the epoch: ((y, m, d), (h, min, s)).
/// Years are kept within 0..=9999 so every field has its usual width.
fn utc(ms: i64) -> ((i64, u32, u32), (u32, u32, u32)) {
    // 0000-01-01 to 9999-12-31.
    let ms = ms.clamp(-62_167_219_200_000, 253_402_300_799_999);
    let secs = ms.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400) as u32);
    (civil_from_days(days), (rem / 3600, rem / 60 % 60, rem % 60))
}

/// `2026-11-20 10:00:00 UTC`.
#[must_use]
pub fn format_utc(ms: i64) -> String {
    let ((y, mo, d), (h, mi, s)) = utc(ms);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02} UTC")
}

/// A PGN tag value: backslashes and quotes escaped, no line breaks.
fn pgn_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A header value on one line.
fn one_line(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

fn name_or_unknown(s: &str) -> String {
    let s = one_line(s);
    if s.is_empty() { "?".to_string() } else { s }
}

/// The record as PGN (export format: tags, then the movetext wrapped at 80
/// columns), for [`pgn_variant`]'s games.
///
/// Tags: the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`, `White`,
/// `Black`, `Result`), then `UTCDate`/`UTCTime` when the start is known,
/// `Variant` for the three variants, `SetUp "1"` and `FEN` when the start
/// position is not chess's (the cylinder: the rules core's position text,
/// which names its extra fields), `Termination`, `PlyCount`. Moves are the
/// rules core's SAN; a comment before the result says why the game ended.
pub fn pgn(record: &GameRecord, header: &RecordHeader) -> Result<String, ExportError> {
    let variant = pgn_variant(record.game).ok_or(ExportError::NoPgn(record.game))?;
    let r = replay(record)?;
    let finish = finish_of(header, &r.end);
    let result = result_token(finish);
    let mut out = String::new();
    let mut tag = |key: &str, value: &str| {
        let _ = writeln!(out, "[{key} \"{}\"]", pgn_string(value));
    };
    let event = one_line(&header.event);
    tag(
        "Event",
        if event.is_empty() {
            "Tablero"
        } else {
            event.as_str()
        },
    );
    tag("Site", &name_or_unknown(&header.site));
    let date = header.started_ms.map(utc);
    tag(
        "Date",
        &date.map_or("????.??.??".to_string(), |((y, m, d), _)| {
            format!("{y:04}.{m:02}.{d:02}")
        }),
    );
    tag("Round", "-");
    tag("White", &name_or_unknown(&header.players[0]));
    tag("Black", &name_or_unknown(&header.players[1]));
    tag("Result", result);
    if let Some(((y, m, d), (h, mi, s))) = date {
        tag("UTCDate", &format!("{y:04}.{m:02}.{d:02}"));
        tag("UTCTime", &format!("{h:02}:{mi:02}:{s:02}"));
    }
    if let Some(v) = variant {
        tag("Variant", v);
    }
    let start = r.start.position_text();
    let six: Vec<&str> = start.split_whitespace().take(6).collect();
    if six.join(" ") != STANDARD_START {
        tag("SetUp", "1");
        tag("FEN", &start);
    }
    tag(
        "Termination",
        finish.map_or("unterminated", |f| f.termination.pgn()),
    );
    tag("PlyCount", &r.moves.len().to_string());
    out.push('\n');

    let mut words = Vec::with_capacity(r.moves.len() * 3 / 2 + 2);
    for (i, (_, m)) in r.moves.iter().enumerate() {
        if i % 2 == 0 {
            words.push(format!("{}.", i / 2 + 1));
        }
        words.push(m.clone());
    }
    if let Some(f) = finish {
        // Braces end a PGN comment; the reason texts contain none.
        words.push(format!("{{{}}}", f.termination.text(Lang::En)));
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    Ok(out)
}

/// The plain text record of any game (see the module docs): header lines,
/// a blank line, then the moves by round.
pub fn text(record: &GameRecord, header: &RecordHeader) -> Result<String, ExportError> {
    let r = replay(record)?;
    let info = record.game.info();
    let finish = finish_of(header, &r.end);
    let mut out = String::new();
    let _ = writeln!(out, "Game: {} ({})", info.key, info.name_en);
    let setup = record.setup.to_string();
    let _ = writeln!(
        out,
        "Parameters: {}",
        if setup.is_empty() { "-" } else { &setup }
    );
    let event = one_line(&header.event);
    if !event.is_empty() {
        let _ = writeln!(out, "Event: {event}");
    }
    let site = one_line(&header.site);
    if !site.is_empty() {
        let _ = writeln!(out, "Site: {site}");
    }
    for side in Side::ALL {
        let _ = writeln!(
            out,
            "{}: {}",
            info.side_name(side, Lang::En),
            name_or_unknown(&header.players[side.index()])
        );
    }
    if let Some(ms) = header.started_ms {
        let _ = writeln!(out, "Started: {}", format_utc(ms));
    }
    if let Some(ms) = header.ended_ms {
        let _ = writeln!(out, "Ended: {}", format_utc(ms));
    }
    let result = result_token(finish);
    let words = match finish {
        None => "unfinished".to_string(),
        Some(Finish {
            winner: Some(w), ..
        }) => format!("winner: {}", info.side_name(w, Lang::En)),
        Some(Finish {
            termination: Termination::Abandoned,
            ..
        }) => "no result".to_string(),
        Some(_) => "draw".to_string(),
    };
    let _ = writeln!(out, "Result: {result} ({words})");
    if let Some(f) = finish {
        let _ = writeln!(out, "Termination: {}", f.termination.text(Lang::En));
    }
    let _ = writeln!(out, "Plies: {}", r.moves.len());
    out.push('\n');
    let mut round = 0;
    let mut prev: Option<Side> = None;
    for (side, m) in &r.moves {
        // A new round starts when the first player moves after the second
        // (or at the start): chess gives `1. e4 e5`, Empuje's set-up puts
        // all of the setter's placements on one line.
        let new_round = match prev {
            None => true,
            Some(p) => *side == Side::First && p == Side::Second,
        };
        if new_round {
            if round > 0 {
                out.push('\n');
            }
            round += 1;
            let _ = write!(out, "{round}.");
        }
        out.push(' ');
        out.push_str(m);
        prev = Some(*side);
    }
    if round > 0 {
        out.push('\n');
    }
    Ok(out)
}

/// A text record read back: the game, and the header lines as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRecord {
    pub record: GameRecord,
    /// Every `Key: value` header line, in order.
    pub tags: Vec<(String, String)>,
}

/// Whether `w` is a round number (`12.`, `3...`) or a result
/// (`1-0`, `0-1`, `1/2-1/2`, `*`), which no game's move is.
fn is_decoration(w: &str) -> bool {
    let digits = w.trim_end_matches('.');
    let numbered =
        digits.len() < w.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    numbered || matches!(w, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// The moves in `text`: whitespace-separated words without round numbers
/// or results, so `1. e4 e5 2. Nf3` gives `e4 e5 Nf3`.
pub fn move_words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace().filter(|w| !is_decoration(w))
}

/// Reads a text record (as [`text`] writes it): the `Game` and
/// `Parameters` header lines and the moves. The moves are not played; call
/// [`GameRecord::replay`] to check them. Lines starting with `#` are
/// comments.
pub fn parse_text(text: &str) -> Result<TextRecord, RecordError> {
    let mut tags = Vec::new();
    let mut lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#'))
        .peekable();
    while let Some(line) = lines.peek() {
        if line.is_empty() {
            lines.next();
            if tags.is_empty() {
                continue;
            }
            break;
        }
        // No move of any game has a colon: a line without one is the first
        // move line, even without the blank line before it.
        let Some((key, value)) = line.split_once(':') else {
            break;
        };
        tags.push((key.trim().to_string(), value.trim().to_string()));
        lines.next();
    }
    let tag = |want: &str| {
        tags.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(want))
            .map(|(_, v)| v.as_str())
    };
    let game_word = tag("Game")
        .and_then(|v| v.split_whitespace().next())
        .ok_or_else(|| RecordError::Syntax("missing the `Game:` line".into()))?;
    let game: GameId = game_word
        .parse()
        .map_err(|_| RecordError::UnknownGame(game_word.to_string()))?;
    let mut setup = Setup::default();
    for w in tag("Parameters").unwrap_or("-").split_whitespace() {
        if w != "-" {
            setup.add_word(w).map_err(RecordError::Setup)?;
        }
    }
    let moves = lines
        .flat_map(move_words)
        .map(str::to_string)
        .collect::<Vec<_>>();
    Ok(TextRecord {
        record: GameRecord { game, setup, moves },
        tags,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_by_hand() {
        // 0 is 1970-01-01 00:00:00; 86,400,000 ms later is the 2nd.
        assert_eq!(format_utc(0), "1970-01-01 00:00:00 UTC");
        assert_eq!(format_utc(86_400_000 - 1), "1970-01-01 23:59:59 UTC");
        // 2000-02-29 (a leap day): 10,957 days after 1970-01-01 is
        // 2000-01-01, plus 59 days; 12:34:56 is 45,296 s.
        let ms = ((10_957 + 59) * 86_400 + 45_296) * 1000;
        assert_eq!(format_utc(ms), "2000-02-29 12:34:56 UTC");
        // Before the epoch: one second before is 1969-12-31 23:59:59.
        assert_eq!(format_utc(-1000), "1969-12-31 23:59:59 UTC");
        // Absurd values are clamped, not a panic.
        assert_eq!(format_utc(i64::MAX), "9999-12-31 23:59:59 UTC");
        assert_eq!(format_utc(i64::MIN), "0000-01-01 00:00:00 UTC");
    }

    #[test]
    fn decorations() {
        for w in ["1.", "12.", "3...", "1-0", "0-1", "1/2-1/2", "*"] {
            assert!(is_decoration(w), "{w}");
        }
        for w in [
            "e4", "O-O", ".", "...", "a1-a2", "c7,d7", "first", "1", "d1-e3x55",
        ] {
            assert!(!is_decoration(w), "{w}");
        }
    }

    #[test]
    fn scholars_mate_pgn_by_hand() {
        let mut rec = GameRecord::new(GameId::Chess, Setup::default());
        rec.moves = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
            .map(String::from)
            .to_vec();
        let header = RecordHeader {
            site: "Discord #chess".into(),
            players: ["Ana \"A\"".into(), String::new()],
            started_ms: Some(0),
            ..RecordHeader::default()
        };
        let want = "[Event \"Tablero\"]
[Site \"Discord #chess\"]
[Date \"1970.01.01\"]
[Round \"-\"]
[White \"Ana \\\"A\\\"\"]
[Black \"?\"]
[Result \"1-0\"]
[UTCDate \"1970.01.01\"]
[UTCTime \"00:00:00\"]
[Termination \"normal\"]
[PlyCount \"7\"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# {checkmate} 1-0
";
        assert_eq!(pgn(&rec, &header).unwrap(), want);
    }

    #[test]
    fn text_record_by_hand() {
        let mut rec = GameRecord::new(GameId::Breakthrough, Setup::default());
        rec.moves = ["a2-a3", "h7-h6", "b2-b3"].map(String::from).to_vec();
        let header = RecordHeader {
            players: ["Ana".into(), "Bo".into()],
            started_ms: Some(0),
            finish: Some(Finish {
                winner: Some(Side::Second),
                termination: Termination::Resignation,
            }),
            ..RecordHeader::default()
        };
        let want = "Game: breakthrough (Breakthrough)
Parameters: -
White: Ana
Black: Bo
Started: 1970-01-01 00:00:00 UTC
Result: 0-1 (winner: Black)
Termination: resignation
Plies: 3

1. a2-a3 h7-h6
2. b2-b3
";
        assert_eq!(text(&rec, &header).unwrap(), want);
        let back = parse_text(want).unwrap();
        assert_eq!(back.record, rec);
        assert_eq!(back.tags[2], ("White".to_string(), "Ana".to_string()));
    }

    #[test]
    fn errors_are_values() {
        let rec = GameRecord::new(GameId::Bloc, Setup::default());
        assert_eq!(
            pgn(&rec, &RecordHeader::default()),
            Err(ExportError::NoPgn(GameId::Bloc))
        );
        let mut rec = GameRecord::new(GameId::Chess, Setup::default());
        rec.moves = vec!["e4".into(), "e4".into()];
        assert!(matches!(
            text(&rec, &RecordHeader::default()),
            Err(ExportError::Record(RecordError::Move { index: 1, .. }))
        ));
        assert!(matches!(
            parse_text("Parameters: -\n\ne4"),
            Err(RecordError::Syntax(_))
        ));
        assert!(matches!(
            parse_text("Game: tetris"),
            Err(RecordError::UnknownGame(_))
        ));
        assert!(matches!(
            parse_text("Game: bloc\nParameters: width\n"),
            Err(RecordError::Setup(_))
        ));
        // Moves straight after the header lines.
        let rec = parse_text("Game: chess\n1. e4 e5\n").unwrap().record;
        assert_eq!(rec.moves, ["e4", "e5"]);
    }
}
