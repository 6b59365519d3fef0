-- Tablero's PostgreSQL schema, version 1: the store's ordered key-value
-- data in one table (bytea compares byte by byte, the order the typed layer
-- builds its keys for), the quarantine beside it, and the coordination
-- state shared by several bot processes.

-- The live data: every game, challenge, index entry, stats and profile,
-- and the metadata (`m` keys). `claimed_until` is the lease of a due timer
-- (milliseconds since 1970): set by a claim, cleared when the key is
-- written again.
CREATE TABLE tablero_kv (
    key bytea PRIMARY KEY,
    value bytea NOT NULL,
    claimed_until bigint
);

-- Values that could not be read: set aside, never deleted.
CREATE TABLE tablero_quarantine (
    key bytea PRIMARY KEY,
    value bytea NOT NULL,
    quarantined_at timestamptz NOT NULL DEFAULT now()
);

-- One counter per channel (platform, 0x1f, channel id), bumped by every
-- commit that touches the channel, so a process can tell whether what it
-- cached is still current.
CREATE TABLE tablero_channels (
    channel bytea PRIMARY KEY,
    version bigint NOT NULL
);
