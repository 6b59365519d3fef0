//! `tablero store`: copy, check, migrate and salvage a store.

use std::path::PathBuf;

use clap::Subcommand;
use tablero_rules::GameRecord;

use crate::Failure;

#[derive(Subcommand)]
pub(crate) enum StoreCommand {
    /// Copies every game, challenge, stat, profile and quarantined record
    /// into a new store, then checks the copy key by key. Stop the bot
    /// first. Stores are `sled:PATH` or `postgres://USER@HOST:PORT/DB`.
    Copy {
        #[arg(long, value_name = "STORE")]
        from: String,
        /// A new store (sled folder or PostgreSQL database holding no data);
        /// default: $TABLERO_DATABASE_URL.
        #[arg(long, value_name = "STORE")]
        to: Option<String>,
    },
    /// Reads every record (and replays every game) and reports what is
    /// damaged; changes nothing. Exits with an error when something is.
    /// Stop the bot first.
    Check {
        /// The store: `sled:PATH` or `postgres://…` (default: the
        /// configured one).
        #[arg(long, value_name = "STORE")]
        store: Option<String>,
    },
    /// Applies the layout migrations the store still needs (the bot also
    /// applies them when it starts), each in one atomic change. Stop the
    /// bot first.
    Migrate {
        /// The store: `sled:PATH` or `postgres://…` (default: the
        /// configured one).
        #[arg(long, value_name = "STORE")]
        store: Option<String>,
    },
    /// Copies every readable record of a damaged store into a new store
    /// and puts the unreadable ones in the new store's quarantine, with a
    /// report; the damaged store is only read. Stop the bot first.
    Salvage {
        #[arg(long, value_name = "STORE")]
        from: String,
        /// A new store (holding no data).
        #[arg(long, value_name = "STORE")]
        to: String,
    },
}

/// The page cache of a store opened by a `store` command.
const STORE_CACHE: u64 = 64 << 20;

/// Why a stored game is not playable: its record does not parse or replay.
fn game_check(doc: &tablero_store::GameDoc) -> Result<(), String> {
    let record: GameRecord = doc.record.parse().map_err(|e| format!("{e}"))?;
    record.views().map(drop).map_err(|e| e.to_string())
}

/// Prints each damaged record of a report, one a line.
fn print_damage(damaged: &[tablero_store::Damage]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    for d in damaged {
        writeln!(out, "damaged: {}: {}", d.key, d.why)?;
    }
    Ok(())
}

/// Runs `tablero store …` (`config`: the `--config` file, for the
/// configured store).
pub(crate) fn run(command: StoreCommand, config: Option<PathBuf>) -> Result<(), Failure> {
    match command {
        StoreCommand::Copy { from, to } => store_copy(from, to),
        StoreCommand::Check { store } => store_check(store, config),
        StoreCommand::Salvage { from, to } => store_salvage(from, to),
        StoreCommand::Migrate { store } => store_migrate(store, config),
    }
}

fn store_copy(from: String, to: Option<String>) -> Result<(), Failure> {
    let to = to
        .or_else(|| std::env::var("TABLERO_DATABASE_URL").ok())
        .ok_or("no --to, and TABLERO_DATABASE_URL is not set")?;
    // The source is opened to be read only: one that does not exist
    // is an error and is not created.
    let source =
        tablero_store::Store::open_existing_url(&from, STORE_CACHE).map_err(|e| e.to_string())?;
    let target = tablero_store::Store::open_url(&to, STORE_CACHE).map_err(|e| e.to_string())?;
    let r = source.copy_to(&target).map_err(|e| e.to_string())?;
    say!(
        "copied {} keys and {} quarantined records from {} to {}; the copy matches",
        r.keys,
        r.quarantined,
        source.describe(),
        target.describe()
    );
    say_migrated(&target, &r.migrated)
}

/// Says which layout migrations a store was brought through.
fn say_migrated(
    store: &tablero_store::Store,
    migrated: &[tablero_store::Migration],
) -> Result<(), Failure> {
    for m in migrated {
        say!(
            "{}: applied layout migration {}: {}",
            store.describe(),
            m.number,
            m.what
        );
    }
    Ok(())
}

/// The store a `store` command names, or the configured one.
fn store_url(store: Option<String>, config: Option<PathBuf>) -> Result<String, Failure> {
    Ok(match store {
        Some(url) => url,
        None => tablero_app::bot::load_config(config)?.store_url(),
    })
}

fn store_migrate(store: Option<String>, config: Option<PathBuf>) -> Result<(), Failure> {
    let url = store_url(store, config)?;
    // A store that does not exist is an error, not created (and a sled
    // folder opened to be read is a copy): first see that it is there,
    // then open it to write.
    drop(tablero_store::Store::open_existing_url(&url, STORE_CACHE).map_err(|e| e.to_string())?);
    let store = tablero_store::Store::open_url(&url, STORE_CACHE).map_err(|e| e.to_string())?;
    let migrated = store.migrate().map_err(|e| e.to_string())?;
    say_migrated(&store, &migrated)?;
    say!(
        "{} is at layout {}, this build's",
        store.describe(),
        tablero_store::LAYOUT
    );
    Ok(())
}

fn store_check(store: Option<String>, config: Option<PathBuf>) -> Result<(), Failure> {
    // A sled folder is read from a copy, or from its log record by
    // record when sled would cut it short: nothing in it changes.
    let url = store_url(store, config)?;
    let store = tablero_store::Store::read_url(&url, STORE_CACHE).map_err(|e| e.to_string())?;
    let r = store.check(&game_check).map_err(|e| e.to_string())?;
    print_damage(&r.damaged)?;
    say!(
        "{}: {} records readable, {} damaged, {} in quarantine",
        store.describe(),
        r.readable,
        r.damaged.len(),
        r.quarantined
    );
    // Migrations still to run are not damage: the bot runs them when it
    // starts (or `store migrate`); check only says so.
    match store.pending_migrations() {
        Ok(pending) => {
            for m in pending {
                say!(
                    "{}: layout migration {} still to run (the bot runs it when it starts, or `tablero store migrate`): {}",
                    store.describe(),
                    m.number,
                    m.what
                );
            }
        }
        Err(e) => say!("{e}"),
    }
    if !r.is_clean() {
        return Err(Failure::Msg(format!(
            "{} is damaged: copy what is readable with `tablero store salvage --from {} --to NEW`",
            store.describe(),
            store.describe()
        )));
    }
    Ok(())
}

fn store_salvage(from: String, to: String) -> Result<(), Failure> {
    let source = tablero_store::Store::read_url(&from, STORE_CACHE).map_err(|e| e.to_string())?;
    let target = tablero_store::Store::open_url(&to, STORE_CACHE).map_err(|e| e.to_string())?;
    let r = source
        .salvage_to(&target, &game_check)
        .map_err(|e| e.to_string())?;
    print_damage(&r.damaged)?;
    say!(
        "salvaged {} records from {} to {}; {} damaged records put in its quarantine, {} quarantined records kept",
        r.copied,
        source.describe(),
        target.describe(),
        r.damaged.len(),
        r.quarantined
    );
    say_migrated(&target, &r.migrated)
}
