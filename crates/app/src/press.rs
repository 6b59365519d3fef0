//! Button presses: a chat's buttons name a game, the move number of the
//! board they were drawn under, and a piece or a move. A press that plays
//! is an ordinary [`Command::Move`] carrying that move number, checked
//! under the channel lock like any move, so a press by a non-player, out
//! of turn, on a finished game or on a board that has moved on changes
//! nothing and gets an error reply, and a press and a typed move on one
//! position never both apply. Platform-neutral: Telegram's inline
//! keyboards and Discord's components both call [`App::press`].

use crate::App;
use crate::channel::ChannelState;
use crate::command::Command;
use crate::event::AppError;
use crate::place::GameAt;
use crate::reply::{AfterGame, ChannelKey, ChoiceGroup, Listing, Reply, TourPress, User};
use crate::state::Actor;
use crate::tourview::TourCommand;

/// What a button asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// The whole menu: every piece (origin) with moves, and the moves
    /// without an origin.
    Menu,
    /// The moves of the piece on this cell.
    Origin(String),
    /// Play this move.
    Move(String),
    /// Play the move at this index of the moves from a cell (`None`: the
    /// moves without an origin), for buttons whose move text does not fit
    /// the platform's limit.
    Index(Option<String>, usize),
}

/// Reads the end of a challenge button's data, `ID:a` (accept or join) or
/// `ID:d` (decline), after the adapter's own prefix: the challenge and
/// whether it accepts.
#[must_use]
pub fn challenge_answer(data: &str) -> Option<(u64, bool)> {
    let (id, answer) = data.split_once(':')?;
    let accept = match answer {
        "a" => true,
        "d" => false,
        _ => return None,
    };
    Some((id.parse().ok()?, accept))
}

/// The legal moves of the player to move, grouped by origin in the order
/// the game lists them (the order [`Press::Index`] counts in).
#[must_use]
pub fn choice_groups(game: &tablero_rules::AnyGame) -> Vec<ChoiceGroup> {
    let mut groups: Vec<ChoiceGroup> = Vec::new();
    for c in game.move_choices() {
        let origin = c.origin.map(|o| o.to_string());
        match groups.iter_mut().find(|g| g.origin == origin) {
            Some(g) => g.moves.push(c.text),
            None => groups.push(ChoiceGroup {
                origin,
                moves: vec![c.text],
                labels: Vec::new(),
            }),
        }
    }
    groups
}

/// [`choice_groups`] labelled as a reader of `lang` writes the moves.
#[must_use]
pub(crate) fn choice_groups_in(
    game: &tablero_rules::AnyGame,
    lang: tablero_rules::Lang,
) -> Vec<ChoiceGroup> {
    let mut groups = choice_groups(game);
    if tablero_rules::letters::uses_piece_letters(game.id()) {
        for g in &mut groups {
            g.labels = g
                .moves
                .iter()
                .map(|m| crate::reading::shown(game.id(), m, lang))
                .collect();
        }
    }
    groups
}

impl App {
    /// Answers a press by `user` of a button under the board of game `game`
    /// in `channel` drawn after `ply` moves.
    ///
    /// [`Press::Menu`] and [`Press::Origin`] answer with the choices to show
    /// (in [`Reply::choices`], with [`Reply::game`] set) and change nothing;
    /// [`Press::Move`] and [`Press::Index`] play the move and answer as a
    /// typed move would. Any press that may not act gets an error reply.
    pub fn press(
        &self,
        channel: &ChannelKey,
        user: &User,
        game: impl Into<GameAt>,
        ply: usize,
        press: &Press,
    ) -> Reply {
        self.press_in(channel, user, false, game.into(), ply, press)
    }

    /// [`App::press`] in `user`'s own direct chat with the bot (a Telegram
    /// private chat, a Discord DM): a move pressed there against the bot
    /// is answered together with the bot's answer, as a typed one is
    /// (`answers.rs`).
    pub fn press_direct(
        &self,
        channel: &ChannelKey,
        user: &User,
        game: impl Into<GameAt>,
        ply: usize,
        press: &Press,
    ) -> Reply {
        self.press_in(channel, user, true, game.into(), ply, press)
    }

    /// A press in `channel`, `user`'s direct chat when `direct`.
    fn press_in(
        &self,
        channel: &ChannelKey,
        user: &User,
        direct: bool,
        at: GameAt,
        ply: usize,
        press: &Press,
    ) -> Reply {
        let lang = self.lang_of(channel, &user.id);
        // A board of another chat's game, shown in a direct chat.
        let target = match self.resolve(channel, user, &at) {
            Ok(ch) => ch,
            Err(e) => return self.present_error(&e, lang),
        };
        let game = at.id;
        // Another chat's game is no game of the direct chat.
        let who = Actor {
            direct: direct && target == *channel,
            ..Actor::without_message(&target, user, None)
        };
        let outcome = match press {
            Press::Menu => self.choices(&who, game, ply, None),
            Press::Origin(cell) => self.choices(&who, game, ply, Some(cell)),
            Press::Move(text) => self.press_move(&who, game, ply, text.clone()),
            Press::Index(origin, index) => self.execute(
                &who,
                Command::Pick {
                    game,
                    ply,
                    origin: origin.clone(),
                    index: *index,
                },
            ),
        };
        if target != *channel {
            let plays = matches!(press, Press::Move(_) | Press::Index(..));
            return self.reply_elsewhere(&target, outcome, lang, user, true, plays);
        }
        match outcome {
            Ok(e) => self.present(&e, lang),
            Err(e) => self.present_error(&e, lang),
        }
    }

    /// The move a board listed `index`-th among the moves of the piece on
    /// `origin` (or of no piece), played as a press of that board: looked
    /// up and played under the one lock the caller holds.
    pub(crate) fn pick(
        &self,
        who: &Actor,
        st: &mut ChannelState,
        game: u64,
        ply: usize,
        origin: Option<&str>,
        index: usize,
    ) -> crate::event::Outcome {
        let groups = match self.choice_groups(who, st, game, ply, origin) {
            Err(AppError::NothingFrom { .. }) => return Err(AppError::NoSuchButton),
            other => other?,
        };
        let mv = groups
            .iter()
            .find(|g| g.origin.as_deref() == origin)
            .and_then(|g| g.moves.get(index))
            .ok_or(AppError::NoSuchButton)?
            .clone();
        self.play(who, st, Some(game), &mv, Some(ply))
    }

    /// Answers a press of a challenge's Accept (or Join) button, or its
    /// Decline button, by `user` (with their platform handle): exactly as
    /// `accept #ID` or `decline #ID` typed by them, so a press by someone
    /// the challenge is not for gets an error reply and changes nothing.
    pub fn answer_challenge(
        &self,
        channel: &ChannelKey,
        user: &User,
        handle: Option<String>,
        id: u64,
        accept: bool,
    ) -> Reply {
        let lang = self.lang_of(channel, &user.id);
        let who = Actor::without_message(channel, user, handle);
        let cmd = if accept {
            Command::Accept(Some(id))
        } else {
            Command::Decline(Some(id))
        };
        match self.execute(&who, cmd) {
            Ok(e) => self.present(&e, lang),
            Err(e) => self.present_error(&e, lang),
        }
    }

    /// Answers a press of a tournament's Join, Leave or Start button by
    /// `user` (who `manages` the chat or not, as the platform tells):
    /// exactly as `tournament #ID join` (`leave`, `start`) typed by them,
    /// so a stale press (the tournament has started, or is gone) or one by
    /// someone it is not for (leaving a tournament one is not in, starting
    /// one without the right) gets an error reply and changes nothing.
    pub fn tournament_press(
        &self,
        channel: &ChannelKey,
        user: &User,
        handle: Option<String>,
        manages: bool,
        id: u64,
        what: TourPress,
    ) -> Reply {
        let lang = self.lang_of(channel, &user.id);
        let who = Actor {
            manages,
            ..Actor::without_message(channel, user, handle)
        };
        let cmd = match what {
            TourPress::Join => TourCommand::Join(Some(id)),
            TourPress::Leave => TourCommand::Leave(Some(id)),
            TourPress::Start => TourCommand::Start(Some(id)),
        };
        match self.execute(&who, Command::Tournament(cmd)) {
            Ok(e) => self.present(&e, lang),
            Err(e) => self.present_error(&e, lang),
        }
    }

    /// Answers a press of a button under a finished game (Replay, Rematch)
    /// by `user`: exactly as `replay #ID` or `rematch #ID` typed by them.
    pub fn after_game(
        &self,
        channel: &ChannelKey,
        user: &User,
        handle: Option<String>,
        id: u64,
        what: AfterGame,
    ) -> Reply {
        let lang = self.lang_of(channel, &user.id);
        let who = Actor::without_message(channel, user, handle);
        let cmd = match what {
            AfterGame::Replay => Command::Replay(Some(id)),
            AfterGame::Rematch => Command::Rematch(Some(id)),
        };
        match self.execute(&who, cmd) {
            Ok(e) => self.present_for(&e, lang, &who),
            Err(e) => self.present_error(&e, lang),
        }
    }

    /// Answers a press of a list's page button by `user`: exactly as
    /// typing the page's command (`current 3`, `mygames 2`, `accept page
    /// 2`). A page past the end of a list that has shrunk shows its last
    /// page; an emptied list says so.
    pub fn page(
        &self,
        channel: &ChannelKey,
        user: &User,
        handle: Option<String>,
        list: Listing,
        page: usize,
    ) -> Reply {
        self.page_for(channel, user, handle, list, page, false)
    }

    /// [`App::page`], for a press in `user`'s own direct chat with the bot
    /// when `direct` (a `mygames` page then names and opens games as a
    /// direct chat does).
    pub fn page_for(
        &self,
        channel: &ChannelKey,
        user: &User,
        handle: Option<String>,
        list: Listing,
        page: usize,
        direct: bool,
    ) -> Reply {
        let lang = self.lang_of(channel, &user.id);
        let who = Actor {
            direct,
            ..Actor::without_message(channel, user, handle)
        };
        let cmd = match list {
            Listing::Channel => Command::Channel(page),
            Listing::MyGames => Command::MyGames(page),
            Listing::Challenges => Command::Challenges(page),
        };
        match self.execute(&who, cmd) {
            Ok(e) => self.present_for(&e, lang, &who),
            Err(e) => self.present_error(&e, lang),
        }
    }

    fn press_move(
        &self,
        who: &Actor,
        game: u64,
        ply: usize,
        text: String,
    ) -> crate::event::Outcome {
        self.execute(
            who,
            Command::Move {
                game: Some(game),
                text,
                ply: Some(ply),
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tablero_store::Store;

    use super::*;
    use crate::Incoming;
    use crate::{FakeRenderer, ManualClock, Settings};
    use tablero_rules::Lang;

    fn app(dir: &std::path::Path) -> App {
        let store = Store::open(dir, 1 << 20).unwrap();
        App::new(
            store,
            Arc::new(ManualClock::at(1_000_000)),
            Arc::new(FakeRenderer),
            Settings::default(),
        )
    }

    fn user(name: &str) -> User {
        User {
            id: format!("id-{name}"),
            name: name.into(),
        }
    }

    fn ch() -> ChannelKey {
        ChannelKey::new(crate::Platform::Console, "room")
    }

    fn say(app: &App, who: &str, text: &str) -> Reply {
        let msg = Incoming {
            mentions: vec![user("ana"), user("ben")],
            ..Incoming::addressed(ch(), user(who), text)
        };
        app.handle(&msg).expect("a reply")
    }

    /// Ana (White) and Ben start Breakthrough #1.
    fn started(app: &App) -> (u64, usize) {
        say(app, "ben", "help");
        say(app, "ana", "challenge @ben breakthrough white");
        let r = say(app, "ben", "accept");
        assert!(!r.error, "{}", r.plain_text());
        r.game().expect("a board")
    }

    #[test]
    fn menus_then_a_move() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(dir.path());
        let (id, ply) = started(&app);
        assert_eq!(ply, 0);
        let menu = app.press(&ch(), &user("ana"), id, 0, &Press::Menu);
        assert!(!menu.error);
        assert_eq!(menu.choices.len(), 8, "the eight pawns of rank 2");
        let a2 = app.press(&ch(), &user("ana"), id, 0, &Press::Origin("a2".into()));
        assert_eq!(a2.choices.len(), 1);
        assert_eq!(a2.choices[0].moves, ["a2-a3", "a2-b3"]);
        let played = app.press(&ch(), &user("ana"), id, 0, &Press::Move("a2-a3".into()));
        assert!(!played.error, "{}", played.plain_text());
        assert_eq!(played.game(), Some((id, 1)));
        let by_index = app.press(
            &ch(),
            &user("ben"),
            id,
            1,
            &Press::Index(Some("h7".into()), 0),
        );
        assert!(!by_index.error, "{}", by_index.plain_text());
        assert_eq!(by_index.game(), Some((id, 2)));
    }

    #[test]
    fn presses_that_may_not_act_change_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(dir.path());
        let (id, _) = started(&app);
        let before = app.store().game(&ch(), id, true).unwrap();
        let cases = [
            ("cleo", 0, Press::Move("a2-a3".into()), "not a player"),
            ("ben", 0, Press::Move("a7-a6".into()), "not your turn"),
            ("ben", 0, Press::Menu, "not your turn"),
            ("ana", 3, Press::Move("a2-a3".into()), "out of date"),
            ("ana", 0, Press::Origin("a7".into()), "Nothing of yours"),
            ("ana", 0, Press::Index(Some("a2".into()), 2), "no move"),
            ("ana", 0, Press::Index(None, 0), "no move"),
            ("ana", 0, Press::Index(Some("a7".into()), 0), "no move"),
            (
                "ben",
                0,
                Press::Index(Some("a7".into()), 0),
                "not your turn",
            ),
            ("ana", 3, Press::Index(Some("a2".into()), 0), "out of date"),
            ("ana", 0, Press::Move("a2-a5".into()), "Legal moves"),
        ];
        for (who, ply, press, why) in cases {
            let r = app.press(&ch(), &user(who), id, ply, &press);
            assert!(r.error, "{who} {press:?}");
            assert!(
                r.text.en.to_string().contains(why),
                "{who} {press:?}: {}",
                r.text.en
            );
        }
        assert_eq!(app.store().game(&ch(), id, true).unwrap(), before);
        let r = app.press(&ch(), &user("ana"), 7, 0, &Press::Menu);
        assert!(r.error && r.text.en.to_string().contains("no ongoing game #7"));
        say(&app, "ana", "resign");
        say(&app, "ana", "resign yes");
        let r = app.press(&ch(), &user("ana"), id, 0, &Press::Move("a2-a3".into()));
        assert!(
            r.error && r.text.en.to_string().contains("over"),
            "{}",
            r.text.en
        );
    }

    #[test]
    fn the_stale_board_of_a_played_move() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(dir.path());
        let (id, _) = started(&app);
        let first = app.press(&ch(), &user("ana"), id, 0, &Press::Move("b2-b3".into()));
        assert!(!first.error);
        let again = app.press(&ch(), &user("ana"), id, 0, &Press::Move("b2-b3".into()));
        assert!(again.error && again.text.en.to_string().contains("out of date"));
        let es = {
            say(&app, "ben", "idioma es");
            app.press(&ch(), &user("ben"), id, 0, &Press::Menu)
        };
        assert_eq!(es.lang, Lang::Es);
        assert!(es.error);
    }
}
