//! Standings and tie-breaks.

use std::cmp::{Ordering, Reverse};

use serde::{Deserialize, Serialize};

use crate::{Colour, Format, PlayerId, Points, Tournament};

/// A tie-break, in the order the format applies them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// Buchholz without the lowest contribution.
    BuchholzCut1,
    /// The sum of the opponents' points.
    Buchholz,
    /// Opponents' points for each win, half of them for each draw.
    SonnebornBerger,
    /// Points scored against the players with the same points.
    DirectEncounter,
}

impl TieBreak {
    /// The tie-breaks of a format, first to last: for Swiss Buchholz cut 1,
    /// Buchholz, Sonneborn-Berger (FIDE's recommendation for individual
    /// Swiss events); for round robin direct encounter, then
    /// Sonneborn-Berger.
    pub fn for_format(format: Format) -> &'static [TieBreak] {
        match format {
            Format::Swiss { .. } => &[
                TieBreak::BuchholzCut1,
                TieBreak::Buchholz,
                TieBreak::SonnebornBerger,
            ],
            Format::RoundRobin { .. } => &[TieBreak::DirectEncounter, TieBreak::SonnebornBerger],
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// From 1, distinct: ties are broken by pairing number at the end.
    pub rank: u32,
    /// Equal to the line above on points and every tie-break: the same
    /// place, told apart only by pairing number.
    pub shared: bool,
    pub player: PlayerId,
    pub name: String,
    pub pairing_number: usize,
    pub points: Points,
    /// Games with a result, forfeits included, byes and rests not.
    pub games: u32,
    /// Wins, draws and losses, forfeits included.
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// The format's tie-breaks ([`TieBreak::for_format`]) with their values.
    pub tiebreaks: Vec<(TieBreak, Points)>,
    pub withdrawn: bool,
}

/// What a round was for one player, once decided.
#[derive(Clone, Copy, Debug)]
enum Entry {
    /// A game against `opponent` (an index into the players), played over
    /// the board or forfeited.
    Game {
        opponent: usize,
        points: Points,
        played: bool,
    },
    /// A bye, a round-robin rest, or a round after withdrawing.
    Unplayed { points: Points },
}

impl Tournament {
    /// The standings now, best first. Games without a result do not count
    /// yet.
    ///
    /// Unplayed rounds (byes, forfeits either way, rests, rounds after a
    /// withdrawal) follow FIDE's 2023 tie-break rules in simplified form:
    /// in Buchholz each counts as a game against a virtual opponent with the
    /// player's own points; in Sonneborn-Berger they add nothing; in direct
    /// encounter a forfeit counts as its result.
    pub fn standings(&self) -> Vec<Standing> {
        let entries = self.entries();
        let points: Vec<Points> = entries
            .iter()
            .map(|e| e.iter().map(|x| x.points()).sum())
            .collect();
        let tiebreaks = TieBreak::for_format(self.settings().format);
        let mut lines: Vec<Standing> = self
            .players()
            .iter()
            .enumerate()
            .map(|(i, player)| {
                let mine = &entries[i];
                let count = |f: fn(Points) -> bool| {
                    mine.iter()
                        .filter(|e| matches!(e, Entry::Game { points, .. } if f(*points)))
                        .count() as u32
                };
                Standing {
                    rank: 0,
                    shared: false,
                    player: player.id.clone(),
                    name: player.name.clone(),
                    pairing_number: i + 1,
                    points: points[i],
                    games: count(|_| true),
                    wins: count(|p| p == Points::ONE),
                    draws: count(|p| p == Points::HALF),
                    losses: count(|p| p == Points::ZERO),
                    tiebreaks: tiebreaks
                        .iter()
                        .map(|&t| (t, tiebreak(t, i, &entries, &points)))
                        .collect(),
                    withdrawn: player.is_withdrawn(),
                }
            })
            .collect();
        let key = |s: &Standing| {
            (
                Reverse(s.points),
                s.tiebreaks.iter().map(|t| Reverse(t.1)).collect::<Vec<_>>(),
            )
        };
        lines.sort_by(|a, b| {
            key(a)
                .cmp(&key(b))
                .then(a.pairing_number.cmp(&b.pairing_number))
        });
        for k in 0..lines.len() {
            lines[k].rank = k as u32 + 1;
            lines[k].shared = k > 0 && key(&lines[k - 1]).cmp(&key(&lines[k])) == Ordering::Equal;
        }
        lines
    }

    /// Each player's decided rounds.
    fn entries(&self) -> Vec<Vec<Entry>> {
        let players = self.players();
        let index = |id: &PlayerId| players.iter().position(|p| &p.id == id);
        let mut entries = vec![Vec::new(); players.len()];
        for round in self.rounds() {
            let mut seen = vec![false; players.len()];
            for game in &round.games {
                let (Some(w), Some(b)) = (index(&game.white), index(&game.black)) else {
                    continue;
                };
                seen[w] = true;
                seen[b] = true;
                let Some(result) = game.result else {
                    continue;
                };
                let played = result.is_played();
                for (me, them, colour) in [(w, b, Colour::White), (b, w, Colour::Black)] {
                    entries[me].push(Entry::Game {
                        opponent: them,
                        points: result.points(colour),
                        played,
                    });
                }
            }
            if let Some(bye) = &round.bye
                && let Some(i) = index(&bye.player)
            {
                seen[i] = true;
                entries[i].push(Entry::Unplayed { points: bye.points });
            }
            // Not paired (withdrawn): an unplayed round worth nothing.
            for i in (0..players.len()).filter(|&i| !seen[i]) {
                entries[i].push(Entry::Unplayed {
                    points: Points::ZERO,
                });
            }
        }
        entries
    }
}

impl Entry {
    fn points(self) -> Points {
        match self {
            Entry::Game { points, .. } | Entry::Unplayed { points } => points,
        }
    }
}

fn tiebreak(which: TieBreak, i: usize, entries: &[Vec<Entry>], points: &[Points]) -> Points {
    let mine = &entries[i];
    // What each round adds to Buchholz: the opponent's points for a game
    // played, the player's own points for an unplayed round.
    let buchholz = || {
        mine.iter().map(move |e| match *e {
            Entry::Game {
                opponent,
                played: true,
                ..
            } => points[opponent],
            _ => points[i],
        })
    };
    match which {
        TieBreak::Buchholz => buchholz().sum(),
        TieBreak::BuchholzCut1 => {
            let lowest = buchholz().min().unwrap_or(Points::ZERO);
            buchholz().sum::<Points>() - lowest
        }
        TieBreak::SonnebornBerger => mine
            .iter()
            .map(|e| match *e {
                Entry::Game {
                    opponent,
                    points: p,
                    played: true,
                } if p == Points::ONE => points[opponent],
                Entry::Game {
                    opponent,
                    points: p,
                    played: true,
                } if p == Points::HALF => points[opponent].half(),
                _ => Points::ZERO,
            })
            .sum(),
        TieBreak::DirectEncounter => mine
            .iter()
            .map(|e| match *e {
                Entry::Game {
                    opponent,
                    points: p,
                    ..
                } if points[opponent] == points[i] => p,
                _ => Points::ZERO,
            })
            .sum(),
    }
}
