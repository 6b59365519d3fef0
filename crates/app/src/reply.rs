//! What comes in from a chat and what goes back, independent of platform.
//!
//! A reply's text is a list of [`Span`]s in each language: plain text,
//! code (a command or a move) and mentions of users. Adapters write each
//! span in their platform's markup; nothing is scanned back out of a
//! string.

use tablero_rules::{GameId, Lang, Msg};

pub use tablero_ids::{ChannelKey, Platform, UserRef as User};

/// A message from a user in a channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    pub channel: ChannelKey,
    pub author: User,
    /// The text, command prefix removed by the adapter (`/move e4` may keep
    /// its `/`: it is ignored).
    pub text: String,
    /// The users the message mentions, in order, as the platform resolved
    /// them; `@name` words without an entry here are looked up by name.
    pub mentions: Vec<User>,
    /// Whether the message was addressed to the bot (a command). A plain
    /// chat message is only ever taken as a move, and otherwise ignored.
    pub addressed: bool,
    /// The author's handle on the platform (a Telegram `@username`), which
    /// a challenge to a user the bot has never seen names.
    pub handle: Option<String>,
    /// The author of the message this one answers, if it is a reply: a
    /// challenge without a name is for them.
    pub reply_to: Option<User>,
    /// The community the channel belongs to, when it is wider than the
    /// channel (a Discord server): leaderboards count its players
    /// together. `None`: the channel itself (a Telegram chat).
    pub community: Option<String>,
    /// The chat is the author's own direct chat with the bot: their games
    /// in every other chat are within reach from it (`direct.rs`).
    pub direct: bool,
    /// Whether the author can manage the chat (a group's administrator, a
    /// Discord member with Manage Channels; the console's user): only they
    /// may list its games on the web.
    pub manages: bool,
    /// The chat's name, where the platform gives one (a group's title),
    /// for lists of games elsewhere.
    pub title: Option<String>,
}

impl Incoming {
    /// `text` from `author` in `channel`, addressed to the bot, with
    /// nothing else known: no mentions, handle, reply, community, title
    /// or managing rights, not a direct chat. Set fields to add them.
    #[must_use]
    pub fn addressed(channel: ChannelKey, author: User, text: impl Into<String>) -> Incoming {
        Incoming {
            channel,
            author,
            text: text.into(),
            mentions: Vec::new(),
            addressed: true,
            handle: None,
            reply_to: None,
            community: None,
            direct: false,
            manages: false,
            title: None,
        }
    }
}

/// The moves of one piece, for "pick a piece, then a move" menus.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChoiceGroup {
    /// The cell the piece leaves (`e2`), `None` for placements and choices.
    pub origin: Option<String>,
    /// Canonical move texts.
    pub moves: Vec<String>,
    /// The same moves as the reader writes them (the piece letters of
    /// their language), for buttons; empty when they are the moves.
    pub labels: Vec<String>,
}

impl ChoiceGroup {
    /// The label of move `i`: as the reader writes it.
    #[must_use]
    pub fn label(&self, i: usize) -> &str {
        self.labels
            .get(i)
            .or_else(|| self.moves.get(i))
            .map_or("", String::as_str)
    }
}

/// One piece of a reply's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    Text(String),
    /// A command, a move or a record: shown as code.
    Code(String),
    /// A user, notified where the platform can.
    Mention(User),
}

/// Text made of spans.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text(pub Vec<Span>);

impl Text {
    /// Plain text, one span.
    #[must_use]
    pub fn plain(s: impl Into<String>) -> Text {
        Text(vec![Span::Text(s.into())])
    }

    /// Fills `template`: each `{}` takes the next of `args`, and text
    /// between backticks in the template (placeholders included) becomes
    /// code. The templates are the catalogue's own strings, never user
    /// input.
    #[must_use]
    pub fn fill<A: Into<Text>>(template: &str, args: impl IntoIterator<Item = A>) -> Text {
        let mut args = args.into_iter();
        let mut out = Text::default();
        let mut code = false;
        for (i, piece) in template.split("{}").enumerate() {
            if i > 0
                && let Some(arg) = args.next()
            {
                for span in arg.into().0 {
                    match span {
                        Span::Text(t) if code => out.push(Span::Code(t)),
                        span => out.push(span),
                    }
                }
            }
            for (j, part) in piece.split('`').enumerate() {
                if j > 0 {
                    code = !code;
                }
                if !part.is_empty() {
                    out.push(if code {
                        Span::Code(part.to_string())
                    } else {
                        Span::Text(part.to_string())
                    });
                }
            }
        }
        out
    }

    /// Adds a span, joining it to the last one when both are text or both
    /// are code.
    pub fn push(&mut self, span: Span) {
        match (self.0.last_mut(), span) {
            (Some(Span::Text(a)), Span::Text(b)) | (Some(Span::Code(a)), Span::Code(b)) => {
                a.push_str(&b);
            }
            (_, span) => self.0.push(span),
        }
    }

    /// Adds all of `other`.
    pub fn append(&mut self, other: Text) {
        for span in other.0 {
            self.push(span);
        }
    }

    /// The spans.
    #[must_use]
    pub fn spans(&self) -> &[Span] {
        &self.0
    }

    /// The users mentioned, in order, each once.
    #[must_use]
    pub fn mentioned(&self) -> Vec<User> {
        let mut v: Vec<User> = Vec::new();
        for s in &self.0 {
            if let Span::Mention(u) = s
                && !v.iter().any(|x| x.id == u.id)
            {
                v.push(u.clone());
            }
        }
        v
    }

    /// Writes the text with each mention written by `mention` and code in
    /// backticks.
    #[must_use]
    pub fn write(&self, mention: impl Fn(&User) -> String) -> String {
        let mut s = String::new();
        for span in &self.0 {
            match span {
                Span::Text(t) => s.push_str(t),
                Span::Code(c) => {
                    s.push('`');
                    s.push_str(c);
                    s.push('`');
                }
                Span::Mention(u) => s.push_str(&mention(u)),
            }
        }
        s
    }
}

impl std::fmt::Display for Text {
    /// Plain text: mentions as `@name`, code in backticks.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.write(|u| format!("@{}", u.name)))
    }
}

impl From<Span> for Text {
    fn from(s: Span) -> Text {
        Text(vec![s])
    }
}

/// A text in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bi {
    pub en: Text,
    pub es: Text,
}

impl Bi {
    /// The text in `lang`.
    #[must_use]
    pub fn get(&self, lang: Lang) -> &Text {
        match lang {
            Lang::En => &self.en,
            Lang::Es => &self.es,
        }
    }

    /// The text in `lang`, to change.
    pub fn get_mut(&mut self, lang: Lang) -> &mut Text {
        match lang {
            Lang::En => &mut self.en,
            Lang::Es => &mut self.es,
        }
    }
}

impl From<Msg> for Bi {
    fn from(m: Msg) -> Bi {
        Bi {
            en: Text::plain(m.en),
            es: Text::plain(m.es),
        }
    }
}

/// What a reply's board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardRef {
    /// Game `id` of the channel after `ply` moves.
    Game { id: u64, ply: usize },
    /// The start position of a game, as an example (`rules`).
    Example(GameId),
}

/// The bot's answer, for adapters to translate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The text in both languages.
    pub text: Bi,
    /// The language to show, chosen for the reader.
    pub lang: Lang,
    /// A PNG of the board, when the reply shows a position.
    pub image: Option<Vec<u8>>,
    /// A plain-text drawing of that board, for text-only front-ends.
    pub diagram: Option<String>,
    /// The users to notify: those the text mentions (none for an error).
    pub mentions: Vec<User>,
    /// The legal moves of the player to move, grouped by origin, when the
    /// reply shows a position with a player to move, or answers a press.
    pub choices: Vec<ChoiceGroup>,
    /// Whether this reply reports an error (nothing changed).
    pub error: bool,
    /// What the board (or the choices) belong to.
    pub board: Option<BoardRef>,
    /// A challenge the reply shows, for Accept/Decline (or Join) buttons.
    pub challenge: Option<ChallengeRef>,
    /// The reply announces that game [`Reply::board`] begins (a challenge
    /// was taken), which a front-end may give a place of its own (Discord:
    /// a thread).
    pub begins: bool,
    /// A file to send with the reply (a game record, a replay).
    pub file: Option<Attachment>,
    /// A game of the channel that has just ended: front-ends offer its
    /// replay and a rematch under the reply (buttons).
    pub ended: Option<u64>,
    /// The reply shows a game where the bot is now to move, and it is
    /// searching its move: front-ends show the bot typing once the reply
    /// is posted, as a person's "typing…" would show.
    pub thinking: bool,
    /// Moves the reply asks whether the reader meant ("did you mean"):
    /// front-ends offer each as a button that plays it (a move press on
    /// that game's board, [`crate::press::Press::Move`]).
    pub suggestions: Vec<Suggestion>,
    /// The game the reply shows is in another chat, this one (the reply
    /// is shown in a direct chat): front-ends name it with the place in
    /// button data ([`crate::place::GameAt`]) and do not count its board
    /// among this chat's games.
    pub place: Option<crate::place::Place>,
    /// Games the reply lists that front-ends offer to open, one button
    /// each (`mygames` in a direct chat); a press shows that game's board
    /// ([`crate::App::open_board`]).
    pub open: Vec<OpenGame>,
    /// The reply shows one page of a longer list: front-ends offer
    /// buttons for the pages before and after it ([`Reply::page_buttons`]).
    pub pager: Option<Pager>,
    /// Challenges the reply asks the reader to choose from: front-ends
    /// offer each as a button that acts as `accept #ID` typed by whoever
    /// presses it (the data of a challenge's own Accept button).
    pub picks: Vec<Pick>,
    /// The web page of the game the reply shows, when the web front-end
    /// runs (`watch.rs`).
    pub web: Option<String>,
    /// Whether front-ends put a "watch on the web" button to [`Reply::web`]
    /// under the reply: on a game's first board and on `board` and
    /// `history` (whose text carries the link too).
    pub web_button: bool,
    /// Pictures sent together after the text, each with its caption (the
    /// rule cards of `rules GAME`): Telegram one album, Discord one message
    /// with several attachments, the console one file each.
    pub album: Vec<Picture>,
    /// What the board picture marks beyond the position (`hint`,
    /// `moves`), if anything: front-ends that keep pictures as files name
    /// these apart from the plain board of the same move.
    pub look: Option<&'static str>,
    /// A tournament of the channel the reply shows while players may
    /// still join it: front-ends offer Join, Leave and Start buttons
    /// ([`TourPress`]), each acting as the command typed by whoever
    /// presses it ([`crate::App::tournament_press`]).
    pub tournament: Option<u64>,
}

/// One picture of a reply's album.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// A file name, say `breakthrough-rules-1.png`.
    pub name: String,
    pub png: Vec<u8>,
    /// One line in the reply's language, also drawn under the picture.
    pub caption: String,
}

/// A game a reply offers to open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenGame {
    pub at: crate::place::GameAt,
    /// The button's label, in the reader's language.
    pub label: String,
}

/// A list that is shown a page at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// The games and challenges of the channel (`current`).
    Channel,
    /// The reader's games in every channel (`mygames`).
    MyGames,
    /// The challenges the reader may accept here (`accept page N`).
    Challenges,
}

impl Listing {
    /// The letter a page button's data carries.
    #[must_use]
    pub fn code(self) -> char {
        match self {
            Listing::Channel => 'c',
            Listing::MyGames => 'g',
            Listing::Challenges => 'a',
        }
    }

    /// Reads a page button's `L:N` (after the adapter's prefix): the list
    /// and the page asked for (from 1).
    #[must_use]
    pub fn parse(data: &str) -> Option<(Listing, usize)> {
        let (what, page) = data.split_once(':')?;
        let list = match what {
            "c" => Listing::Channel,
            "g" => Listing::MyGames,
            "a" => Listing::Challenges,
            _ => return None,
        };
        let page: usize = page.parse().ok()?;
        (1..=1_000_000).contains(&page).then_some((list, page))
    }

    /// The data of the button for `page`: `L:N`.
    #[must_use]
    pub fn data(self, page: usize) -> String {
        format!("{}:{page}", self.code())
    }
}

/// Which page of a list a reply shows, from 1, of how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pager {
    pub list: Listing,
    pub page: usize,
    pub pages: usize,
}

/// A button that turns a listing's page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PageButton {
    pub label: String,
    pub list: Listing,
    /// The page it shows, from 1.
    pub page: usize,
}

/// A challenge offered as a button that accepts it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    pub challenge: u64,
    /// The button's label in the reply's language (`#5 Chess · ana`).
    pub label: String,
}

/// A file sent with a reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attachment {
    /// The file name, say `tablero-chess-3.pgn`.
    pub name: String,
    pub bytes: Vec<u8>,
    pub kind: FileKind,
}

/// How a platform should show a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A text document (a PGN or a text record).
    Document,
    /// An animated GIF (Telegram: `sendAnimation`).
    Animation,
    /// A still PNG (a chart, a table).
    Image,
}

impl FileKind {
    /// The MIME type of the file.
    #[must_use]
    pub fn mime(self, name: &str) -> &'static str {
        match self {
            FileKind::Animation => "image/gif",
            FileKind::Image => "image/png",
            FileKind::Document if name.ends_with(".pgn") => "application/x-chess-pgn",
            FileKind::Document => "text/plain",
        }
    }
}

/// What a button under a finished game asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterGame {
    Replay,
    Rematch,
}

impl AfterGame {
    /// The letter a button's data ends with.
    #[must_use]
    pub fn code(self) -> char {
        match self {
            AfterGame::Replay => 'r',
            AfterGame::Rematch => 'm',
        }
    }

    /// Reads a button's `ID:r` / `ID:m` (after the adapter's prefix).
    #[must_use]
    pub fn parse(data: &str) -> Option<(u64, AfterGame)> {
        let (id, what) = data.split_once(':')?;
        let what = match what {
            "r" => AfterGame::Replay,
            "m" => AfterGame::Rematch,
            _ => return None,
        };
        Some((id.parse().ok()?, what))
    }
}

/// What a button under a tournament that players may still join asks
/// for: the same as `tournament #T join` (`leave`, `start`) typed by
/// whoever presses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TourPress {
    Join,
    Leave,
    Start,
}

impl TourPress {
    /// The three, in the order front-ends show them.
    pub const ALL: [TourPress; 3] = [TourPress::Join, TourPress::Leave, TourPress::Start];

    /// The letter a button's data ends with.
    #[must_use]
    pub fn code(self) -> char {
        match self {
            TourPress::Join => 'j',
            TourPress::Leave => 'l',
            TourPress::Start => 's',
        }
    }

    /// The data of tournament `id`'s button (after the adapter's prefix):
    /// `ID:j`, `ID:l` or `ID:s`.
    #[must_use]
    pub fn data(self, id: u64) -> String {
        format!("{id}:{}", self.code())
    }

    /// Reads a button's `ID:j|l|s` (after the adapter's prefix).
    #[must_use]
    pub fn parse(data: &str) -> Option<(u64, TourPress)> {
        let (id, what) = data.split_once(':')?;
        let what = match what {
            "j" => TourPress::Join,
            "l" => TourPress::Leave,
            "s" => TourPress::Start,
            _ => return None,
        };
        Some((id.parse().ok()?, what))
    }
}

/// A challenge under which an adapter puts buttons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChallengeRef {
    pub id: u64,
    /// Anyone may take it (one Join button) rather than one person (Accept
    /// and Decline).
    pub open: bool,
}

impl Reply {
    /// A plain reply.
    #[must_use]
    pub fn new(text: impl Into<Bi>, lang: Lang) -> Reply {
        let text = text.into();
        let mentions = text.get(lang).mentioned();
        Reply {
            text,
            lang,
            image: None,
            diagram: None,
            mentions,
            choices: Vec::new(),
            error: false,
            board: None,
            challenge: None,
            begins: false,
            file: None,
            ended: None,
            thinking: false,
            suggestions: Vec::new(),
            place: None,
            open: Vec::new(),
            pager: None,
            picks: Vec::new(),
            web: None,
            web_button: false,
            album: Vec::new(),
            look: None,
            tournament: None,
        }
    }

    /// An error reply: it notifies nobody.
    #[must_use]
    pub fn error(text: impl Into<Bi>, lang: Lang) -> Reply {
        Reply {
            error: true,
            mentions: Vec::new(),
            ..Reply::new(text, lang)
        }
    }

    /// The game and move number the board or choices belong to.
    #[must_use]
    pub fn game(&self) -> Option<(u64, usize)> {
        match self.board {
            Some(BoardRef::Game { id, ply }) => Some((id, ply)),
            _ => None,
        }
    }

    /// The text in `lang` with each mention written by `mention` (in an
    /// error, which notifies nobody, as `@name`).
    pub fn text_with(&self, lang: Lang, mention: impl Fn(&User) -> String) -> String {
        if self.error {
            self.text.get(lang).write(|u| format!("@{}", u.name))
        } else {
            self.text.get(lang).write(mention)
        }
    }

    /// The text in its own language, mentions written `@name`.
    #[must_use]
    pub fn plain_text(&self) -> String {
        self.text_with(self.lang, |u| format!("@{}", u.name))
    }
}

/// A message the bot sends on its own (reminders, timeouts, expiries).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub channel: ChannelKey,
    pub reply: Reply,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ana() -> User {
        User {
            id: "1".into(),
            name: "ana".into(),
        }
    }

    #[test]
    fn templates_fill_in_order_and_mark_code() {
        let t = Text::fill(
            "{} plays {} in #{}: `move #{} {}`.",
            [
                Span::Mention(ana()),
                Span::Code("e4".into()),
                Span::Text("3".into()),
                Span::Text("3".into()),
                Span::Text("e5".into()),
            ],
        );
        assert_eq!(
            t.spans(),
            [
                Span::Mention(ana()),
                Span::Text(" plays ".into()),
                Span::Code("e4".into()),
                Span::Text(" in #3: ".into()),
                Span::Code("move #3 e5".into()),
                Span::Text(".".into()),
            ]
        );
        assert_eq!(
            t.write(|u| format!("<{}>", u.id)),
            "<1> plays `e4` in #3: `move #3 e5`."
        );
        assert_eq!(t.mentioned(), [ana()]);
    }

    #[test]
    fn tournament_buttons_read_back_and_nothing_else_does() {
        for p in TourPress::ALL {
            assert_eq!(TourPress::parse(&p.data(42)), Some((42, p)));
        }
        assert_eq!(TourPress::Start.data(7), "7:s");
        for bad in ["", "7", "7:", "7:x", "x:j", "-1:j", "7:j:1", ":l"] {
            assert_eq!(TourPress::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn errors_notify_nobody() {
        let t = Text::fill("{} is not here.", [Span::Mention(ana())]);
        let r = Reply::error(
            Bi {
                en: t.clone(),
                es: t,
            },
            Lang::En,
        );
        assert!(r.mentions.is_empty());
        assert_eq!(
            r.text_with(Lang::En, |_| "<@1>".into()),
            "@ana is not here."
        );
    }
}

/// A move a text may have meant: game `game` (a `kind` game) after `ply`
/// moves, the canonical move `mv`, and what a reader of each language
/// (English, Spanish) types after `move #N` to play it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub game: u64,
    /// The game's chat, when it is not the one the suggestion is shown in.
    pub place: Option<crate::place::Place>,
    pub kind: GameId,
    pub ply: usize,
    pub mv: String,
    pub typed: [String; 2],
}

impl Suggestion {
    /// The game, as the chat it is shown in names it.
    #[must_use]
    pub fn at(&self) -> crate::place::GameAt {
        crate::place::GameAt {
            place: self.place,
            id: self.game,
        }
    }

    /// What a reader of `lang` types after `move #N`.
    #[must_use]
    pub fn typed(&self, lang: Lang) -> &str {
        match lang {
            Lang::En => &self.typed[0],
            Lang::Es => &self.typed[1],
        }
    }
}
