//! Button presses: a chat's buttons name a game, the move number of the
//! board they were drawn under, and a piece or a move. A press is checked
//! against the stored game first, so a press by a non-player, out of turn,
//! on a finished game or on a board that has moved on changes nothing and
//! gets an error reply. Platform-neutral: Telegram's inline keyboards and
//! Discord's components both call [`App::press`].

use std::sync::{Mutex, PoisonError};

use tablero_rules::{GameRecord, Lang, Msg, Side};

use crate::App;
use crate::reply::{ChannelKey, ChoiceGroup, Incoming, Reply, User};

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

/// Presses are checked and played one at a time, so two quick presses on
/// one board cannot both pass the move-number check before either plays.
static PRESSES: Mutex<()> = Mutex::new(());

fn error(lang: Lang, en: String, es: String) -> Reply {
    Reply::error(Msg::new(en, es), lang)
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
            }),
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
        game: u64,
        ply: usize,
        press: &Press,
    ) -> Reply {
        let _one_at_a_time = PRESSES.lock().unwrap_or_else(PoisonError::into_inner);
        let lang = self.lang_for(channel, user);
        let doc = match self.store().game(channel, game, true) {
            Ok(Some(doc)) => doc,
            Ok(None) => {
                return match self.store().game(channel, game, false) {
                    Ok(Some(_)) => error(
                        lang,
                        format!("Game #{game} is over."),
                        format!("La partida #{game} ha terminado."),
                    ),
                    _ => error(
                        lang,
                        format!("There is no game #{game} in this channel."),
                        format!("No hay ninguna partida #{game} en este canal."),
                    ),
                };
            }
            Err(e) => {
                eprintln!("error: {e}");
                return error(
                    lang,
                    "Storage failed, so nothing changed. Please try again.".into(),
                    "Falló el almacenamiento, así que no ha cambiado nada. Vuelve a intentarlo."
                        .into(),
                );
            }
        };
        let live = doc
            .record
            .parse::<GameRecord>()
            .map_err(|e| e.to_string())
            .and_then(|r| {
                let moves = r.moves.len();
                r.replay().map(|g| (g, moves)).map_err(|e| e.to_string())
            });
        let (position, moves) = match live {
            Ok(x) => x,
            Err(why) => {
                eprintln!("warning: game #{game} cannot be rebuilt: {why}");
                return error(
                    lang,
                    format!("Game #{game} cannot be read; nothing changed."),
                    format!("No se puede leer la partida #{game}; no ha cambiado nada."),
                );
            }
        };
        if moves != ply {
            return error(
                lang,
                format!("This board of #{game} is out of date; use the newest one."),
                format!("Este tablero de la partida #{game} está anticuado; usa el más reciente."),
            );
        }
        let Some(side) = Side::ALL
            .into_iter()
            .find(|s| doc.players[s.index()].id == user.id)
        else {
            return error(
                lang,
                format!("You are not a player in game #{game}."),
                format!("No juegas la partida #{game}."),
            );
        };
        if position.outcome().is_some() || doc.result.is_some() {
            return error(
                lang,
                format!("Game #{game} is over."),
                format!("La partida #{game} ha terminado."),
            );
        }
        if position.turn().side != side {
            return error(
                lang,
                format!("It's not your turn in #{game}."),
                format!("No te toca en la partida #{game}."),
            );
        }
        let groups = choice_groups(&position);
        let shown = |choices: Vec<ChoiceGroup>, en: String, es: String| {
            let mut r = Reply::new(Msg::new(en, es), lang);
            r.choices = choices;
            r.game = Some((game, ply));
            r
        };
        let text = match press {
            Press::Menu => {
                return shown(
                    groups,
                    format!("Your moves in #{game}."),
                    format!("Tus jugadas en la partida #{game}."),
                );
            }
            Press::Origin(cell) => {
                return match groups.into_iter().find(|g| g.origin.as_ref() == Some(cell)) {
                    Some(g) => shown(
                        vec![g],
                        format!("The moves from {cell}."),
                        format!("Las jugadas desde {cell}."),
                    ),
                    None => error(
                        lang,
                        format!("Nothing of yours can move from {cell} in #{game}."),
                        format!("Nada tuyo puede moverse desde {cell} en la partida #{game}."),
                    ),
                };
            }
            Press::Move(text) => text.clone(),
            Press::Index(origin, i) => match groups
                .iter()
                .find(|g| g.origin == *origin)
                .and_then(|g| g.moves.get(*i))
            {
                Some(m) => m.clone(),
                None => {
                    return error(
                        lang,
                        "That button names no move.".into(),
                        "Ese botón no corresponde a ninguna jugada.".into(),
                    );
                }
            },
        };
        let msg = Incoming {
            channel: channel.clone(),
            author: user.clone(),
            text: format!("move #{game} {text}"),
            mentions: Vec::new(),
            addressed: true,
        };
        self.handle(&msg).unwrap_or_else(|| {
            error(
                lang,
                "That move could not be played.".into(),
                "No se pudo jugar esa jugada.".into(),
            )
        })
    }

    /// The language of `user`'s replies. The app's default language is
    /// private to it, so a read-only command's reply tells it.
    fn lang_for(&self, channel: &ChannelKey, user: &User) -> Lang {
        if let Some(l) = self
            .store()
            .profile(&channel.platform, &user.id)
            .ok()
            .flatten()
            .and_then(|p| p.lang.as_deref().and_then(Lang::parse))
        {
            return l;
        }
        let msg = Incoming {
            channel: channel.clone(),
            author: user.clone(),
            text: "help help".into(),
            mentions: Vec::new(),
            addressed: true,
        };
        self.handle(&msg).map_or(Lang::En, |r| r.lang)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use tablero_store::Store;

    use super::*;
    use crate::{FakeRenderer, ManualClock, Settings};

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
        ChannelKey::new("test", "room")
    }

    fn say(app: &App, who: &str, text: &str) -> Reply {
        let msg = Incoming {
            channel: ch(),
            author: user(who),
            text: text.into(),
            mentions: vec![user("ana"), user("ben")],
            addressed: true,
        };
        app.handle(&msg).expect("a reply")
    }

    /// Ana (White) and Ben start Breakthrough #1.
    fn started(app: &App) -> (u64, usize) {
        say(app, "ben", "help");
        say(app, "ana", "challenge @ben breakthrough white");
        let r = say(app, "ben", "accept");
        assert!(!r.error, "{}", r.plain_text());
        r.game.expect("a board")
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
        assert_eq!(played.game, Some((id, 1)));
        let by_index = app.press(
            &ch(),
            &user("ben"),
            id,
            1,
            &Press::Index(Some("h7".into()), 0),
        );
        assert!(!by_index.error, "{}", by_index.plain_text());
        assert_eq!(by_index.game, Some((id, 2)));
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
            ("ana", 0, Press::Move("a2-a5".into()), "Legal moves"),
        ];
        for (who, ply, press, why) in cases {
            let r = app.press(&ch(), &user(who), id, ply, &press);
            assert!(r.error, "{who} {press:?}");
            assert!(r.text.en.contains(why), "{who} {press:?}: {}", r.text.en);
        }
        assert_eq!(app.store().game(&ch(), id, true).unwrap(), before);
        let r = app.press(&ch(), &user("ana"), 7, 0, &Press::Menu);
        assert!(r.error && r.text.en.contains("no game #7"));
        say(&app, "ana", "resign");
        let r = app.press(&ch(), &user("ana"), id, 0, &Press::Move("a2-a3".into()));
        assert!(r.error && r.text.en.contains("over"), "{}", r.text.en);
    }

    #[test]
    fn the_stale_board_of_a_played_move() {
        let dir = tempfile::tempdir().unwrap();
        let app = app(dir.path());
        let (id, _) = started(&app);
        let first = app.press(&ch(), &user("ana"), id, 0, &Press::Move("b2-b3".into()));
        assert!(!first.error);
        let again = app.press(&ch(), &user("ana"), id, 0, &Press::Move("b2-b3".into()));
        assert!(again.error && again.text.en.contains("out of date"));
        let es = {
            say(&app, "ben", "idioma es");
            app.press(&ch(), &user("ben"), id, 0, &Press::Menu)
        };
        assert_eq!(es.lang, Lang::Es);
        assert!(es.error);
    }
}
