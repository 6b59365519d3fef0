//! The life of a tournament: registration, rounds, results, withdrawals.

use serde::{Deserialize, Serialize};

use crate::swiss::{Entrant, Float, pair};
use crate::{
    Bye, Colour, Format, Game, GameResult, MAX_PLAYERS, MAX_ROUNDS, Player, PlayerId, Points,
    Round, Seeding, Settings, TournamentError, berger_table,
};

type Result<T> = std::result::Result<T, TournamentError>;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Players join and leave.
    Registration,
    /// Rounds are paired and played.
    Running,
    /// The last round is over.
    Finished,
    /// Called off before it started (too few players when joining
    /// closed): nothing more happens to it.
    Cancelled,
}

impl Phase {
    /// Finished or cancelled: nothing more happens to it.
    #[must_use]
    pub fn is_over(self) -> bool {
        matches!(self, Phase::Finished | Phase::Cancelled)
    }
}

/// What [`Tournament::advance`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advance {
    /// The next round, with this number, is paired.
    Paired(u32),
    /// That was the last round: the tournament is over.
    Finished,
}

/// A whole tournament as a value: settings, players, the rounds paired so
/// far with their results. Serialise it to store it; every change is a
/// method that either applies completely or returns an error and changes
/// nothing.
///
/// ```
/// use tablero_tournament::*;
/// let mut t = Tournament::new(Settings::new(Format::Swiss { rounds: 2 })).unwrap();
/// for (id, rating) in [("ana", 1800), ("bo", 1700), ("cy", 1600)] {
///     t.join(Player::new(id, id, Some(rating))).unwrap();
/// }
/// let round = t.start().unwrap().clone();
/// assert_eq!(round.bye.unwrap().player, PlayerId::from("cy"));
/// t.record_result(1, 1, GameResult::Draw).unwrap();
/// assert_eq!(t.advance().unwrap(), Advance::Paired(2));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tournament {
    settings: Settings,
    /// In joining order until the start, then in pairing-number order.
    players: Vec<Player>,
    phase: Phase,
    rounds: Vec<Round>,
}

impl Tournament {
    pub fn new(settings: Settings) -> Result<Tournament> {
        if settings.max_players < 2 || settings.max_players > MAX_PLAYERS {
            return Err(TournamentError::InvalidSettings(format!(
                "the player limit must be between 2 and {MAX_PLAYERS}"
            )));
        }
        if let Format::Swiss { rounds } = settings.format
            && !(1..=MAX_ROUNDS).contains(&rounds)
        {
            return Err(TournamentError::InvalidSettings(format!(
                "a Swiss has between 1 and {MAX_ROUNDS} rounds"
            )));
        }
        if settings.bye_points > Points::ONE || settings.bye_points.quarters() % 2 != 0 {
            return Err(TournamentError::InvalidSettings(
                "a bye scores 0, ½ or 1".into(),
            ));
        }
        Ok(Tournament {
            settings,
            players: Vec::new(),
            phase: Phase::Registration,
            rounds: Vec::new(),
        })
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The players; after the start, in pairing-number order (number 1
    /// first).
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    pub fn player(&self, id: &PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| &p.id == id)
    }

    /// A player's pairing number (from 1; joining order before the start).
    pub fn pairing_number(&self, id: &PlayerId) -> Option<usize> {
        self.index(id).map(|i| i + 1)
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// The round being played (the last one paired).
    pub fn current_round(&self) -> Option<&Round> {
        self.rounds.last()
    }

    /// Whether the tournament is running and every game of its current
    /// round has a result: time to call [`Tournament::advance`]. Also true
    /// right after pairing a round whose games were all decided at once
    /// (round-robin games against withdrawn players) or that has no game
    /// (a Swiss with one player left).
    pub fn round_complete(&self) -> bool {
        self.phase == Phase::Running && self.rounds.last().is_some_and(Round::is_complete)
    }

    /// How many rounds the tournament has: a Swiss's setting, or for a
    /// round robin the Berger table's rounds (times two for a double) for
    /// the players there are now.
    pub fn total_rounds(&self) -> u32 {
        match self.settings.format {
            Format::Swiss { rounds } => rounds,
            Format::RoundRobin { double } => {
                let n = self.players.len();
                let per_cycle = berger_table(n).len() as u32;
                if double { 2 * per_cycle } else { per_cycle }
            }
        }
    }

    fn index(&self, id: &PlayerId) -> Option<usize> {
        self.players.iter().position(|p| &p.id == id)
    }

    pub fn join(&mut self, player: Player) -> Result<()> {
        self.registering()?;
        if self.index(&player.id).is_some() {
            return Err(TournamentError::AlreadyJoined(player.id));
        }
        if self.players.len() >= self.settings.max_players {
            return Err(TournamentError::Full {
                limit: self.settings.max_players,
            });
        }
        self.players.push(Player {
            withdrawn_in: None,
            ..player
        });
        Ok(())
    }

    pub fn leave(&mut self, id: &PlayerId) -> Result<Player> {
        self.registering()?;
        let i = self
            .index(id)
            .ok_or_else(|| TournamentError::UnknownPlayer(id.clone()))?;
        Ok(self.players.remove(i))
    }

    /// Calls the tournament off before it starts; its players stay listed.
    pub fn cancel(&mut self) -> Result<()> {
        self.registering()?;
        self.phase = Phase::Cancelled;
        Ok(())
    }

    /// Refuses unless players may still join.
    fn registering(&self) -> Result<()> {
        match self.phase {
            Phase::Registration => Ok(()),
            Phase::Running | Phase::Finished => Err(TournamentError::AlreadyStarted),
            Phase::Cancelled => Err(TournamentError::Cancelled),
        }
    }

    /// Give the pairing numbers and pair round 1.
    pub fn start(&mut self) -> Result<&Round> {
        self.registering()?;
        let n = self.players.len();
        if n < 2 {
            return Err(TournamentError::TooFewPlayers { players: n });
        }
        if let Format::Swiss { rounds } = self.settings.format
            && rounds as usize >= n
        {
            return Err(TournamentError::TooManyRounds { rounds, players: n });
        }
        if self.settings.seeding == Seeding::Rating {
            self.players.sort_by(|a, b| {
                b.rating
                    .is_some()
                    .cmp(&a.rating.is_some())
                    .then(b.rating.cmp(&a.rating))
                    // Alphabetical as people read names: `alice` (a
                    // username) before `Bob` (a first name).
                    .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                    .then_with(|| a.name.cmp(&b.name))
                    .then_with(|| a.id.cmp(&b.id))
            });
        }
        self.phase = Phase::Running;
        let round = self.pair_round(1);
        self.rounds.push(round);
        Ok(&self.rounds[0])
    }

    /// Record the result of the game on `board` of round `round` (the
    /// current round). Returns whether the round is now complete.
    pub fn record_result(&mut self, round: u32, board: u32, result: GameResult) -> Result<bool> {
        self.running()?;
        let current = self.rounds.len() as u32;
        let no_game = TournamentError::NoSuchGame { round, board };
        if round != current {
            return Err(no_game);
        }
        let Some(r) = self.rounds.last_mut() else {
            return Err(no_game);
        };
        let game = r
            .games
            .iter_mut()
            .find(|g| g.board == board)
            .ok_or(no_game)?;
        if game.result.is_some() {
            return Err(TournamentError::ResultAlreadyRecorded { round, board });
        }
        game.result = Some(result);
        Ok(r.is_complete())
    }

    /// Withdraw a player during the tournament: they are paired in no
    /// later round. Their game of the current round, if it has no result
    /// yet, is lost by forfeit; returns the boards so decided. In a round
    /// robin their later games are created as forfeit losses too.
    pub fn withdraw(&mut self, id: &PlayerId) -> Result<Vec<u32>> {
        self.running()?;
        let i = self
            .index(id)
            .ok_or_else(|| TournamentError::UnknownPlayer(id.clone()))?;
        if self.players[i].is_withdrawn() {
            return Err(TournamentError::AlreadyWithdrawn(id.clone()));
        }
        let current = self.rounds.len() as u32;
        self.players[i].withdrawn_in = Some(current);
        let mut decided = Vec::new();
        if let Some(round) = self.rounds.last_mut() {
            for game in round.games.iter_mut().filter(|g| g.result.is_none()) {
                if let Some(colour) = game.colour_of(id) {
                    game.result = Some(GameResult::forfeit_against(colour));
                    decided.push(game.board);
                }
            }
        }
        Ok(decided)
    }

    /// Pair the next round once every game of the current one has its
    /// result, or finish after the last round. A function of the state
    /// alone: the same tournament always pairs the same way.
    ///
    /// A round-robin round in which every game is already decided (all
    /// against withdrawn players) is complete as soon as it is paired: call
    /// `advance` again.
    pub fn advance(&mut self) -> Result<Advance> {
        self.running()?;
        let number = self.rounds.len() as u32;
        if let Some(round) = self.rounds.last() {
            let missing = round.games.iter().filter(|g| g.result.is_none()).count();
            if missing > 0 {
                return Err(TournamentError::RoundNotComplete {
                    round: number,
                    missing,
                });
            }
        }
        if number >= self.total_rounds() {
            self.phase = Phase::Finished;
            return Ok(Advance::Finished);
        }
        let round = self.pair_round(number + 1);
        self.rounds.push(round);
        Ok(Advance::Paired(number + 1))
    }

    fn running(&self) -> Result<()> {
        match self.phase {
            Phase::Registration => Err(TournamentError::NotStarted),
            Phase::Running => Ok(()),
            Phase::Finished => Err(TournamentError::Finished),
            Phase::Cancelled => Err(TournamentError::Cancelled),
        }
    }

    fn pair_round(&self, number: u32) -> Round {
        match self.settings.format {
            Format::RoundRobin { .. } => self.pair_round_robin(number),
            Format::Swiss { .. } => self.pair_swiss(number),
        }
    }

    fn pair_round_robin(&self, number: u32) -> Round {
        let n = self.players.len();
        let table = berger_table(n);
        let mut round = Round {
            number,
            games: Vec::new(),
            bye: None,
        };
        if table.is_empty() {
            return round;
        }
        let len = table.len();
        let mut index = (number as usize - 1) % len;
        let second_cycle = (number as usize - 1) / len == 1;
        // FIDE (C.05) recommends playing the last two rounds of a double
        // round robin's first cycle in reverse order: otherwise the cycle's
        // last round and the second cycle's first give some players three
        // games of one colour in a row.
        let double = self.settings.format == (Format::RoundRobin { double: true });
        if double && !second_cycle && len >= 3 && index >= len - 2 {
            index = 2 * len - 3 - index;
        }
        for &(w, b) in &table[index] {
            let (w, b) = if second_cycle { (b, w) } else { (w, b) };
            if w > n || b > n {
                let resting = if w > n { b } else { w };
                round.bye = Some(Bye {
                    player: self.players[resting - 1].id.clone(),
                    points: Points::ZERO,
                });
                continue;
            }
            let (white, black) = (&self.players[w - 1], &self.players[b - 1]);
            let result = match (white.is_withdrawn(), black.is_withdrawn()) {
                (true, true) => Some(GameResult::DoubleForfeit),
                (true, false) => Some(GameResult::forfeit_against(Colour::White)),
                (false, true) => Some(GameResult::forfeit_against(Colour::Black)),
                (false, false) => None,
            };
            let board = round.games.len() as u32 + 1;
            round.games.push(Game {
                board,
                white: white.id.clone(),
                black: black.id.clone(),
                result,
            });
        }
        round
    }

    fn pair_swiss(&self, number: u32) -> Round {
        let history = self.swiss_history();
        let active: Vec<usize> = (0..self.players.len())
            .filter(|&i| !self.players[i].is_withdrawn())
            .collect();
        let entrants: Vec<Entrant> = active.iter().map(|&i| history[i].clone()).collect();
        let pairing = pair(&entrants);
        let id = |k: usize| self.players[active[k]].id.clone();
        let games = pairing
            .games
            .iter()
            .enumerate()
            .map(|(b, &(w, k))| Game {
                board: b as u32 + 1,
                white: id(w),
                black: id(k),
                result: None,
            })
            .collect();
        let bye = pairing.bye.map(|k| Bye {
            player: id(k),
            points: self.settings.bye_points,
        });
        Round { number, games, bye }
    }

    /// Every player's pairing facts after the rounds so far: score, colours
    /// (of every game paired, forfeits included), opponents (likewise),
    /// bye eligibility and last float.
    fn swiss_history(&self) -> Vec<Entrant> {
        let mut entrants: Vec<Entrant> = (0..self.players.len())
            .map(|i| Entrant {
                number: i + 1,
                score: 0,
                colours: Vec::new(),
                opponents: Vec::new(),
                bye_ineligible: false,
                last_float: Float::None,
            })
            .collect();
        let mut quarters = vec![0u32; self.players.len()];
        for round in &self.rounds {
            let before = quarters.clone();
            entrants.iter_mut().for_each(|e| e.last_float = Float::None);
            for game in &round.games {
                let (Some(w), Some(b)) = (self.index(&game.white), self.index(&game.black)) else {
                    continue;
                };
                for (me, them, colour) in [(w, b, Colour::White), (b, w, Colour::Black)] {
                    let e = &mut entrants[me];
                    e.colours.push(colour);
                    e.opponents.push(them + 1);
                    e.last_float = match before[me].cmp(&before[them]) {
                        std::cmp::Ordering::Greater => Float::Down,
                        std::cmp::Ordering::Less => Float::Up,
                        std::cmp::Ordering::Equal => Float::None,
                    };
                    if let Some(result) = game.result {
                        quarters[me] += result.points(colour).quarters();
                        if !result.is_played() && result.points(colour) == Points::ONE {
                            e.bye_ineligible = true;
                        }
                    }
                }
            }
            if let Some(bye) = &round.bye
                && let Some(i) = self.index(&bye.player)
            {
                quarters[i] += bye.points.quarters();
                entrants[i].bye_ineligible = true;
                entrants[i].last_float = Float::Down;
            }
        }
        for (e, q) in entrants.iter_mut().zip(quarters) {
            e.score = i64::from(q / 2);
        }
        entrants
    }
}
