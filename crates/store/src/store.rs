//! The store: reading documents and committing batches.

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use crate::keys::{Key, Kind, Meta, Scan, StatsOf, due_range};
use crate::kv::{Area, Backend, Db, DbError};
use crate::pg_backend::PgBackend;
use crate::sled_backend::SledBackend;
use crate::*;

/// The database: cheap to clone, every clone the same store.
#[derive(Clone)]
pub struct Store {
    pub(crate) db: Db,
    pub(crate) quarantine: Db,
}

impl Store {
    /// Opens (or creates) the sled store in folder `path`. `cache_bytes`
    /// bounds sled's page cache, the main term of resident memory. A lock
    /// still being released by this process is waited for (see
    /// [`SledBackend::open`]).
    ///
    /// A folder whose files are damaged is refused ([`StoreError::Damaged`])
    /// rather than opened empty or half-read; see [`SledBackend::open`].
    pub fn open(path: &Path, cache_bytes: u64) -> Result<Store> {
        Store::with_backend(Arc::new(SledBackend::open(path, cache_bytes)?))
    }

    /// Opens the store that `url` names: `postgres://…` (or
    /// `postgresql://…`) for a PostgreSQL database, whose schema is brought
    /// up to date; `sled:PATH` for a sled folder, with `cache_bytes` of
    /// page cache.
    pub fn open_url(url: &str, cache_bytes: u64) -> Result<Store> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Store::with_backend(Arc::new(PgBackend::open(url)?))
        } else if let Some(path) = url.strip_prefix("sled:") {
            Store::open(Path::new(path), cache_bytes)
        } else {
            Err(StoreError::Db(DbError::msg(format!(
                "unknown store `{url}`: expected postgres://… or sled:PATH"
            ))))
        }
    }

    /// Opens the existing store that `url` names (as [`Store::open_url`])
    /// and writes nothing to it: a sled folder or PostgreSQL database that
    /// does not exist or holds no Tablero store is an error, left as it was.
    pub fn open_existing_url(url: &str, cache_bytes: u64) -> Result<Store> {
        let backend: Arc<dyn Backend> =
            if url.starts_with("postgres://") || url.starts_with("postgresql://") {
                Arc::new(PgBackend::open_existing(url)?)
            } else if let Some(path) = url.strip_prefix("sled:") {
                Arc::new(SledBackend::open_existing(Path::new(path), cache_bytes)?)
            } else {
                return Err(StoreError::Db(DbError::msg(format!(
                    "unknown store `{url}`: expected postgres://… or sled:PATH"
                ))));
            };
        let store = Store {
            db: Db::new(backend.clone(), Area::Main),
            quarantine: Db::new(backend, Area::Quarantine),
        };
        if store.db.get(Key::Meta(Meta::Schema).encode())?.is_none() {
            return Err(StoreError::Db(DbError::msg(format!(
                "{} holds no Tablero store",
                store.describe()
            ))));
        }
        Ok(store)
    }

    /// Opens the existing store that `url` names to read all that can be
    /// read of it, writing nothing to it (`store check`, `store salvage`):
    /// as [`Store::open_existing_url`], except that a sled folder sled
    /// refuses, or would open only by cutting its log short, is read from
    /// its log record by record (every record whose checksum holds, before
    /// and after the damage); [`Store::damage`] says what was found.
    pub fn read_url(url: &str, cache_bytes: u64) -> Result<Store> {
        let Some(path) = url.strip_prefix("sled:") else {
            return Store::open_existing_url(url, cache_bytes);
        };
        let backend = SledBackend::open_damaged(Path::new(path), cache_bytes)?;
        let store = Store {
            db: Db::new(backend.clone(), Area::Main),
            quarantine: Db::new(backend, Area::Quarantine),
        };
        if store.db.get(Key::Meta(Meta::Schema).encode())?.is_none() && store.damage().is_empty() {
            return Err(StoreError::Db(DbError::msg(format!(
                "{} holds no Tablero store",
                store.describe()
            ))));
        }
        Ok(store)
    }

    /// Damage found in the store's files when it was opened: a log read
    /// record by record, or cut short by sled's recovery after its
    /// original files were kept aside. Empty for a store opened whole.
    pub fn damage(&self) -> Vec<Damage> {
        self.db
            .backend
            .damage()
            .into_iter()
            .map(|(key, why)| Damage { key, why })
            .collect()
    }

    /// The store kept in `backend`. A new, empty store is marked with the
    /// schema and layout this build writes; an existing one is left as it
    /// is (its layout migrations run only when asked: [`Store::migrate`]).
    pub fn with_backend(backend: Arc<dyn Backend>) -> Result<Store> {
        let store = Store {
            db: Db::new(backend.clone(), Area::Main),
            quarantine: Db::new(backend, Area::Quarantine),
        };
        store.stamp_schema()?;
        Ok(store)
    }

    /// Writes the schema record of a store that has none, flushed: a new,
    /// empty store is also marked at this build's layout; one that holds
    /// data (a salvage whose schema record was lost) keeps the oldest
    /// layout, so that its migrations run.
    pub(crate) fn stamp_schema(&self) -> Result<()> {
        let schema = Key::Meta(Meta::Schema).encode();
        if self.db.get(&schema)?.is_some() {
            return Ok(());
        }
        if !self.holds_data()? {
            self.mark_layout()?;
        }
        self.db.insert(schema, encode(&VERSION))?;
        self.db.flush()?;
        Ok(())
    }

    /// Applies `batch` atomically and waits until it is durable (on disk,
    /// or committed by PostgreSQL). Bumps the version of every channel it
    /// touches.
    pub fn commit(&self, batch: Batch) -> Result<()> {
        if batch.empty {
            return Ok(());
        }
        self.apply(batch.batch)
    }

    /// A new, empty batch.
    #[must_use]
    pub fn batch(&self) -> Batch {
        Batch::default()
    }

    /// Decodes the value at `k`; an undecodable value is moved to the
    /// quarantine area and reported.
    pub(crate) fn decode<T: DeserializeOwned>(&self, k: &[u8], v: &[u8]) -> Result<T> {
        match read_value(k, v) {
            Ok(t) => Ok(t),
            Err(why) => {
                self.quarantine_raw(k, v)?;
                Err(StoreError::Corrupt {
                    key: printable(k),
                    why,
                })
            }
        }
    }

    /// Moves the value at `k` to the quarantine area. The copy is durable
    /// no later than the removal of the original, so it is never lost.
    fn quarantine_raw(&self, k: &[u8], v: &[u8]) -> Result<()> {
        let mut b = kv::KvBatch::default();
        b.quarantine.push((k.to_vec(), v.to_vec()));
        b.remove(k);
        self.apply(b)
    }

    /// Sets aside an ongoing game that decodes but cannot be rebuilt (its
    /// record no longer replays): it moves to the quarantine area with its
    /// indexes removed, and is never deleted.
    pub fn quarantine_game(&self, doc: &GameDoc) -> Result<()> {
        let ongoing = doc.result.is_none();
        let k = Key::game(ongoing, &doc.channel, doc.id).encode();
        let mut b = Batch::default();
        b.batch.quarantine.push((k, encode_doc(doc)));
        b.unindex_game(doc);
        self.commit(b)
    }

    /// The keys in quarantine, for an operator.
    pub fn quarantined(&self) -> Result<Vec<String>> {
        self.quarantine
            .iter()
            .keys()
            .map(|k| Ok(printable(&k?)))
            .collect()
    }

    pub(crate) fn get<T: DeserializeOwned>(&self, k: Key<'_>) -> Result<Option<T>> {
        let k = k.encode();
        match self.db.get(&k)? {
            None => Ok(None),
            Some(v) => self.decode(&k, &v).map(Some),
        }
    }

    /// Every value under `prefix`; unreadable ones are quarantined and
    /// returned as errors beside the good ones.
    pub(crate) fn scan<T: DeserializeOwned>(&self, scan: Scan<'_>) -> Result<Vec<Result<T>>> {
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(scan.prefix()) {
            let (k, v) = kv?;
            out.push(self.decode(&k, &v));
        }
        Ok(out)
    }

    /// An ongoing game, or a finished one when `ongoing` is false.
    pub fn game(&self, ch: &ChannelKey, id: u64, ongoing: bool) -> Result<Option<GameDoc>> {
        self.get(Key::game(ongoing, ch, id))
    }

    /// The ongoing games of a channel, by id.
    pub fn channel_games(&self, ch: &ChannelKey) -> Result<Vec<Result<GameDoc>>> {
        self.scan(Scan::Games {
            ongoing: true,
            ch: ch.into(),
        })
    }

    /// The finished games of a channel, by id.
    pub fn finished_games(&self, ch: &ChannelKey) -> Result<Vec<Result<GameDoc>>> {
        self.scan(Scan::Games {
            ongoing: false,
            ch: ch.into(),
        })
    }

    /// The challenges of a channel, by id.
    pub fn channel_challenges(&self, ch: &ChannelKey) -> Result<Vec<Result<ChallengeDoc>>> {
        self.scan(Scan::Challenges(ch.into()))
    }

    /// One challenge.
    pub fn challenge(&self, ch: &ChannelKey, id: u64) -> Result<Option<ChallengeDoc>> {
        self.get(Key::challenge(ch, id))
    }

    /// The next free id of a channel (1 for a new channel).
    pub fn next_id(&self, ch: &ChannelKey) -> Result<u64> {
        Ok(self.get::<u64>(Key::NextId(ch.into()))?.unwrap_or(1))
    }

    /// Where `user`'s ongoing games are, on `platform`: (channel, id).
    pub fn user_games(&self, platform: Platform, user: &str) -> Result<Vec<(ChannelKey, u64)>> {
        self.indexed_games(Scan::UserGames { platform, user })
    }

    /// Where `user`'s finished games are, on `platform`: (channel, id).
    pub fn user_finished_games(
        &self,
        platform: Platform,
        user: &str,
    ) -> Result<Vec<(ChannelKey, u64)>> {
        self.indexed_games(Scan::UserFinished { platform, user })
    }

    /// Where the challenges `user` made on `platform` and that are still
    /// open (not answered, cancelled or removed on expiry) are: (channel,
    /// id), in every channel.
    pub fn user_challenges(
        &self,
        platform: Platform,
        user: &str,
    ) -> Result<Vec<(ChannelKey, u64)>> {
        self.indexed_games(Scan::UserChallenges { platform, user })
    }

    /// The games or challenges a user index lists: (channel, id).
    fn indexed_games(&self, scan: Scan<'_>) -> Result<Vec<(ChannelKey, u64)>> {
        let mut out = Vec::new();
        for k in self.db.scan_prefix(scan.prefix()).keys() {
            if let Some(
                Key::UserGame { ch, id, .. }
                | Key::UserFinished { ch, id, .. }
                | Key::UserChallenge { ch, id, .. },
            ) = Key::decode(&k?)
            {
                out.push((ch.owned(), id));
            }
        }
        Ok(out)
    }

    /// Timers due at or before `now_ms`, earliest first.
    pub fn due_timers(&self, now_ms: i64) -> Result<Vec<Timer>> {
        let mut out = Vec::new();
        for k in self.db.range(due_range(now_ms)).keys() {
            if let Some(t) = Key::timer_of(&k?) {
                out.push(t);
            }
        }
        Ok(out)
    }

    /// A user's stats per game key.
    pub fn stats(
        &self,
        platform: Platform,
        user: &str,
        vs_bot: bool,
    ) -> Result<Vec<(GameId, StatsDoc)>> {
        self.stats_of(StatsOf::vs_bot(vs_bot), platform, user)
    }

    /// A user's stats of one kind, per game key.
    pub(crate) fn stats_of(
        &self,
        of: StatsOf,
        platform: Platform,
        user: &str,
    ) -> Result<Vec<(GameId, StatsDoc)>> {
        let scan = Scan::Stats { of, platform, user };
        let mut out = Vec::new();
        for kv in self.db.scan_prefix(scan.prefix()) {
            let (k, v) = kv?;
            let Some(Key::Stats { game, .. }) = Key::decode(&k) else {
                continue;
            };
            match self.decode::<StatsDoc>(&k, &v) {
                Ok(s) => out.push((game, s)),
                Err(StoreError::Corrupt { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// How many of a user's stats records (against people, against
    /// Tablero and of learning games) are set aside in the quarantine as
    /// unreadable.
    pub fn stats_set_aside(&self, platform: Platform, user: &str) -> Result<usize> {
        let mut n = 0;
        for of in [StatsOf::People, StatsOf::Tablero, StatsOf::Learning] {
            let scan = Scan::Stats { of, platform, user };
            for k in self.quarantine.scan_prefix(scan.prefix()).keys() {
                k?;
                n += 1;
            }
        }
        Ok(n)
    }

    /// A user's rating in `game`, if they played a rated game of it.
    pub fn rating(
        &self,
        platform: Platform,
        game: GameId,
        user: &str,
    ) -> Result<Option<RatingDoc>> {
        self.get(Key::Rating {
            platform,
            game,
            user,
        })
    }

    /// Every rating of `game` on `platform`, by user id. Unreadable ones
    /// are quarantined and left out.
    pub fn ratings(&self, platform: Platform, game: GameId) -> Result<Vec<(String, RatingDoc)>> {
        let mut out = Vec::new();
        for kv in self
            .db
            .scan_prefix(Scan::Ratings { platform, game }.prefix())
        {
            let (k, v) = kv?;
            let Some(Key::Rating { user, .. }) = Key::decode(&k) else {
                continue;
            };
            let user = user.to_string();
            match self.decode::<RatingDoc>(&k, &v) {
                Ok(r) => out.push((user, r)),
                Err(StoreError::Corrupt { .. }) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(out)
    }

    /// The users who played rated games of `game` in `community`.
    pub fn community_players(
        &self,
        platform: Platform,
        community: &str,
        game: GameId,
    ) -> Result<Vec<String>> {
        let scan = Scan::Community {
            platform,
            community,
            game: Some(game),
        };
        let mut out = Vec::new();
        for k in self.db.scan_prefix(scan.prefix()).keys() {
            if let Some(Key::Community { user, .. }) = Key::decode(&k?) {
                out.push(user.to_string());
            }
        }
        Ok(out)
    }

    /// The games with rated play in `community`.
    pub fn community_games(&self, platform: Platform, community: &str) -> Result<Vec<GameId>> {
        let scan = Scan::Community {
            platform,
            community,
            game: None,
        };
        let mut out: Vec<GameId> = Vec::new();
        for k in self.db.scan_prefix(scan.prefix()).keys() {
            if let Some(Key::Community { game, .. }) = Key::decode(&k?)
                && !out.contains(&game)
            {
                out.push(game);
            }
        }
        Ok(out)
    }

    /// The number of the last rated result applied (0 before any).
    pub fn rating_seq(&self) -> Result<u64> {
        Ok(self.get::<u64>(Key::Meta(Meta::RatingSeq))?.unwrap_or(0))
    }

    /// A channel's settings (the defaults when none were chosen).
    pub fn channel_settings(&self, ch: &ChannelKey) -> Result<ChannelDoc> {
        Ok(self.get(Key::Channel(ch.into()))?.unwrap_or_default())
    }

    /// A game's newest board message, if a front-end remembered one.
    pub fn board(&self, ch: &ChannelKey, game: u64) -> Result<Option<BoardDoc>> {
        self.get(Key::board(ch, game))
    }

    /// Every remembered board of `platform` (channel, game and board;
    /// unreadable ones quarantined and left out) not leased to another
    /// caller, each leased to this caller until `now_ms + lease_ms` as
    /// [`Store::claim_due_timers`] leases timers: of several
    /// processes starting at once, one looks at each board (and posts it
    /// if a restart kept it back). Remembering the board ends the lease.
    pub fn claim_boards(
        &self,
        platform: Platform,
        now_ms: i64,
        lease_ms: i64,
    ) -> Result<Vec<(ChannelKey, u64, BoardDoc)>> {
        let start = Scan::Boards(platform).prefix();
        let end = kv::prefix_end(&start).unwrap_or_default();
        let keys = self.db.backend.claim(
            &start[..]..&end[..],
            None,
            now_ms,
            now_ms.saturating_add(lease_ms),
            usize::MAX,
        )?;
        let mut out = Vec::new();
        for k in keys {
            // Forgotten since it was listed: nothing to show.
            let Some(v) = self.db.get(&k)? else { continue };
            if let Some(b) = self.board_entry(&k, &v)? {
                out.push(b);
            }
        }
        Ok(out)
    }

    /// One remembered board from its key and value; `None` when either
    /// cannot be read (the value is quarantined).
    fn board_entry(&self, k: &[u8], v: &[u8]) -> Result<Option<(ChannelKey, u64, BoardDoc)>> {
        let Some(Key::Board { ch, game }) = Key::decode(k) else {
            return Ok(None);
        };
        match self.decode::<BoardDoc>(k, v) {
            Ok(b) => Ok(Some((ch.owned(), game, b))),
            Err(StoreError::Corrupt { .. }) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// A user's profile.
    pub fn profile(&self, platform: Platform, user: &str) -> Result<Option<ProfileDoc>> {
        self.get(Key::Profile { platform, user })
    }

    /// Finds a user of `platform` by display name (case-insensitive), for
    /// `@name` typed where the platform gives no mention data.
    pub fn find_user_by_name(&self, platform: Platform, name: &str) -> Result<Option<UserRef>> {
        let want = name.to_lowercase();
        for kv in self.db.scan_prefix(Scan::Profiles(platform).prefix()) {
            let (k, v) = kv?;
            let Some(Key::Profile { user: id, .. }) = Key::decode(&k) else {
                continue;
            };
            let id = id.to_string();
            if let Ok(doc) = serde_json::from_slice::<ProfileDoc>(&v)
                && (doc.name.to_lowercase() == want || id.to_lowercase() == want)
            {
                return Ok(Some(UserRef { id, name: doc.name }));
            }
        }
        Ok(None)
    }

    /// Moves everything of channel `from` to channel `to` (a Telegram
    /// group that became a supergroup gets a new chat id): ongoing and
    /// finished games, challenges, the next id, and with them the user
    /// and timer indexes; in one atomic, flushed change. Records that
    /// cannot be read stay where they are (quarantined as usual).
    pub fn move_channel(&self, from: &ChannelKey, to: &ChannelKey) -> Result<usize> {
        let mut b = self.batch();
        let mut moved = 0;
        for ongoing in [true, false] {
            let scan = Scan::Games {
                ongoing,
                ch: from.into(),
            };
            for doc in self.scan::<GameDoc>(scan)?.into_iter().flatten() {
                let mut new = doc.clone();
                new.channel = to.clone();
                b.unindex_game(&doc);
                b.put_game(&new, None);
                moved += 1;
            }
        }
        for c in self.channel_challenges(from)?.into_iter().flatten() {
            let mut new = c.clone();
            new.channel = to.clone();
            b.remove_challenge(&c);
            b.put_challenge(&new);
            moved += 1;
        }
        let settings = Key::Channel(from.into());
        if let Some(doc) = self.get::<ChannelDoc>(settings)? {
            b.remove(settings);
            b.put_channel(to, &doc);
        }
        moved += self.move_tournaments(from, to, &mut b)?;
        let next = self.next_id(from)?;
        if next > 1 {
            b.remove(Key::NextId(from.into()));
            b.set_next_id(to, next.max(self.next_id(to)?));
        }
        self.commit(b)?;
        Ok(moved)
    }

    /// Moves ongoing game `id` of channel `from` to channel `to` under the
    /// same number (a Discord game given its own thread): the game with
    /// its user and timer indexes, its remembered board dropped (the old
    /// message is in the old channel), and `to`'s next id raised past it;
    /// in one atomic, flushed change. `Ok(false)` when `from` has no such
    /// ongoing game or `to` already uses that number.
    pub fn move_game(&self, from: &ChannelKey, id: u64, to: &ChannelKey) -> Result<bool> {
        // A tournament's games stay beside it (its chat pairs them).
        let Some(doc) = self
            .game(from, id, true)?
            .filter(|d| d.tournament.is_none())
        else {
            return Ok(false);
        };
        if self.game(to, id, true)?.is_some()
            || self.game(to, id, false)?.is_some()
            || self.challenge(to, id)?.is_some()
        {
            return Ok(false);
        }
        let mut new = doc.clone();
        new.channel = to.clone();
        let mut b = self.batch();
        b.unindex_game(&doc);
        b.put_game(&new, None);
        b.put_board(from, id, None);
        b.set_next_id(to, (id + 1).max(self.next_id(to)?));
        self.commit(b)?;
        Ok(true)
    }

    /// How many games (ongoing and finished) the store holds.
    pub fn count_games(&self) -> Result<(usize, usize)> {
        let ongoing = self
            .db
            .scan_prefix(Scan::All(Kind::Ongoing).prefix())
            .count();
        let finished = self
            .db
            .scan_prefix(Scan::All(Kind::Finished).prefix())
            .count();
        Ok((ongoing, finished))
    }

    /// Writes raw bytes at a raw key, for tests that simulate damage
    /// (the `testkit` feature: never in the production binary).
    #[cfg(any(test, feature = "testkit"))]
    pub fn put_raw(&self, k: &str, v: &[u8]) -> Result<()> {
        self.db.insert(k.as_bytes(), v)?;
        self.db.flush()?;
        Ok(())
    }

    /// The raw key of a game, for tests that simulate damage.
    #[doc(hidden)]
    #[must_use]
    pub fn raw_game_key(ch: &ChannelKey, id: u64) -> String {
        String::from_utf8_lossy(&Key::game(true, ch, id).encode()).into_owned()
    }

    /// Flushes everything (used before closing).
    pub fn flush(&self) -> Result<()> {
        self.db.flush()?;
        Ok(())
    }
}

/// Decodes the value at `k`, upgrading one written by an older release;
/// why not, when it cannot be read. Changes nothing.
pub(crate) fn read_value<T: DeserializeOwned>(
    k: &[u8],
    v: &[u8],
) -> std::result::Result<T, String> {
    #[derive(Deserialize)]
    struct Versioned {
        version: Option<u32>,
    }
    match serde_json::from_slice::<Versioned>(v) {
        Ok(Versioned {
            version: Some(n), ..
        }) if n > VERSION => Err(format!("written by a newer Tablero (version {n})")),
        Ok(Versioned {
            version: Some(n), ..
        }) if n < VERSION => serde_json::from_slice(v)
            .map_err(|e| e.to_string())
            .and_then(|json| migrate::upgrade(Kind::of_key(k), n, json))
            .and_then(|json| serde_json::from_value::<T>(json).map_err(|e| e.to_string()))
            .map_err(|e| format!("cannot upgrade from version {n}: {e}")),
        _ => serde_json::from_slice::<T>(v).map_err(|e| e.to_string()),
    }
}

/// A key with the separator shown as `/`.
pub(crate) fn printable(k: &[u8]) -> String {
    String::from_utf8_lossy(k).replace(SEP, "/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(id: &str) -> UserRef {
        UserRef {
            id: id.into(),
            name: id.into(),
        }
    }

    fn doc(ch: &ChannelKey, id: u64, next: Option<i64>) -> GameDoc {
        GameDoc {
            move_limit_secs: Some(3600),
            next_event_ms: next,
            ..GameDoc::new(
                ch.clone(),
                id,
                [user("alice"), user("bob")],
                "breakthrough:".into(),
                0,
            )
        }
    }

    #[test]
    fn games_indexes_and_timers_stay_in_step() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        let ch = ChannelKey::new(Platform::Console, "general");
        let d = doc(&ch, 1, Some(5_000));
        let mut b = s.batch();
        b.put_game(&d, None);
        b.set_next_id(&ch, 2);
        s.commit(b).unwrap();
        assert_eq!(s.next_id(&ch).unwrap(), 2);
        assert_eq!(
            s.user_games(Platform::Console, "bob").unwrap(),
            vec![(ch.clone(), 1)]
        );
        assert!(s.due_timers(4_999).unwrap().is_empty());
        assert_eq!(s.due_timers(5_000).unwrap().len(), 1);

        let mut d2 = d.clone();
        d2.next_event_ms = Some(9_000);
        d2.record = "breakthrough: a2-a3".into();
        let mut b = s.batch();
        b.put_game(&d2, Some(&d));
        s.commit(b).unwrap();
        assert!(s.due_timers(8_000).unwrap().is_empty());

        let mut d3 = d2.clone();
        d3.result = Some(ResultDoc {
            winner: Some(Side::First),
            termination: Termination::Resigned,
        });
        d3.next_event_ms = None;
        let mut b = s.batch();
        b.put_game(&d3, Some(&d2));
        s.commit(b).unwrap();
        assert!(s.game(&ch, 1, true).unwrap().is_none());
        assert_eq!(s.game(&ch, 1, false).unwrap(), Some(d3));
        assert!(s.user_games(Platform::Console, "bob").unwrap().is_empty());
        assert!(s.due_timers(i64::MAX / 2).unwrap().is_empty());
    }

    #[test]
    fn reopening_keeps_everything() {
        let dir = tempfile::tempdir().unwrap();
        let ch = ChannelKey::new(Platform::Console, "general");
        {
            let s = Store::open(dir.path(), 1 << 20).unwrap();
            let mut b = s.batch();
            b.put_game(&doc(&ch, 7, None), None);
            s.commit(b).unwrap();
        }
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        assert_eq!(s.game(&ch, 7, true).unwrap().unwrap().id, 7);
    }

    /// A finished game is in its players' index of finished games, kept
    /// there when its channel moves; a store written before the index
    /// existed is indexed when it is next opened, once.
    #[test]
    fn finished_games_are_indexed_by_player() {
        let dir = tempfile::tempdir().unwrap();
        let (ch, to) = (
            ChannelKey::new(Platform::Telegram, "-1"),
            ChannelKey::new(Platform::Telegram, "-100"),
        );
        let ongoing = doc(&ch, 3, None);
        let finished = GameDoc {
            result: Some(ResultDoc {
                winner: Some(Side::First),
                termination: Termination::Resigned,
            }),
            finished_ms: Some(5),
            ..ongoing.clone()
        };
        {
            let s = Store::open(dir.path(), 1 << 20).unwrap();
            let mut b = s.batch();
            b.put_game(&ongoing, None);
            s.commit(b).unwrap();
            assert!(
                s.user_finished_games(Platform::Telegram, "bob")
                    .unwrap()
                    .is_empty()
            );
            let mut b = s.batch();
            b.put_game(&finished, Some(&ongoing));
            s.commit(b).unwrap();
            for who in ["alice", "bob"] {
                assert_eq!(
                    s.user_finished_games(Platform::Telegram, who).unwrap(),
                    [(ch.clone(), 3)]
                );
                assert!(s.user_games(Platform::Telegram, who).unwrap().is_empty());
            }
            s.move_channel(&ch, &to).unwrap();
            assert_eq!(
                s.user_finished_games(Platform::Telegram, "alice").unwrap(),
                [(to.clone(), 3)]
            );
            // As a store of an older release: no index, no mark.
            let mut raw = kv::KvBatch::default();
            for who in ["alice", "bob"] {
                raw.remove(
                    Key::UserFinished {
                        ch: (&to).into(),
                        user: who,
                        id: 3,
                    }
                    .encode(),
                );
            }
            raw.remove(Key::Meta(Meta::FinishedIndex).encode());
            raw.remove(Key::Meta(Meta::Layout).encode());
            s.apply(raw).unwrap();
            assert!(
                s.user_finished_games(Platform::Telegram, "bob")
                    .unwrap()
                    .is_empty()
            );
        }
        // Opening changes nothing; the migrations say what they would do
        // and fill the index when run.
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        assert_eq!(s.layout().unwrap(), 0);
        assert!(
            s.user_finished_games(Platform::Telegram, "bob")
                .unwrap()
                .is_empty()
        );
        let numbers = |ms: Vec<crate::Migration>| ms.iter().map(|m| m.number).collect::<Vec<_>>();
        assert_eq!(numbers(s.pending_migrations().unwrap()), [1, 2]);
        assert_eq!(numbers(s.migrate().unwrap()), [1, 2]);
        assert_eq!(
            s.user_finished_games(Platform::Telegram, "bob").unwrap(),
            [(to, 3)]
        );
        assert_eq!(s.layout().unwrap(), crate::LAYOUT);
        assert!(s.migrate().unwrap().is_empty());
    }

    #[test]
    fn unreadable_records_are_quarantined_not_deleted() {
        let dir = tempfile::tempdir().unwrap();
        let s = Store::open(dir.path(), 1 << 20).unwrap();
        let ch = ChannelKey::new(Platform::Console, "general");
        let mut b = s.batch();
        b.put_game(&doc(&ch, 1, None), None);
        s.commit(b).unwrap();
        s.put_raw(&Store::raw_game_key(&ch, 2), b"{not json")
            .unwrap();
        s.put_raw(
            &Store::raw_game_key(&ch, 3),
            br#"{"version": 99, "future": true}"#,
        )
        .unwrap();
        let all = s.channel_games(&ch).unwrap();
        assert_eq!(all.len(), 3);
        assert!(all[0].is_ok());
        assert!(matches!(all[1], Err(StoreError::Corrupt { .. })));
        assert!(matches!(&all[2], Err(StoreError::Corrupt { why, .. }) if why.contains("newer")));
        assert_eq!(s.channel_games(&ch).unwrap().len(), 1);
        assert_eq!(s.quarantined().unwrap().len(), 2);
    }

    #[test]
    fn timer_keys_parse_back() {
        let ch = ChannelKey::new(Platform::Discord, "123");
        let k = Key::timer(42, TimerKind::Challenge, &ch, 9).encode();
        assert_eq!(
            Key::timer_of(&k),
            Some(Timer {
                due_ms: 42,
                kind: TimerKind::Challenge,
                channel: ch,
                id: 9
            })
        );
    }
}
