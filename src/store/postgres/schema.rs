//! The fleet's tables. Created if missing when a server connects (every
//! statement is `IF NOT EXISTS`, so servers starting together agree), in
//! one transaction under an advisory lock so that two first starts do not
//! race on the catalog.
//!
//! - `melange_games`: one row per game: its sealed `GameRecord` (the same
//!   bytes the embedded store keeps), its lease (`owner`, `epoch`,
//!   `taken_at`) and what a listing shows without replaying it.
//! - `melange_actions`: one row per version: the sealed `ActionRecord` and
//!   the epoch of the lease it was written under. The primary key makes a
//!   version unique: a history cannot fork.
//! - `melange_epochs`: one row per lease ever taken (who took which epoch
//!   of which game, and when): the audit trail that shows no two servers
//!   held a game at once.
//! - `melange_nodes`: each server's heartbeat; a server whose `expires_at`
//!   passed is presumed dead, and its games may be adopted.

/// The schema, in statements run in order.
pub const STATEMENTS: &[&str] = &[
    "SELECT pg_advisory_xact_lock(7276543210)",
    "CREATE TABLE IF NOT EXISTS melange_games (
        game_id text PRIMARY KEY,
        record bytea NOT NULL,
        kind integer NOT NULL,
        created_unix bigint NOT NULL,
        finished_unix bigint,
        self_driving boolean NOT NULL,
        owner text,
        epoch bigint NOT NULL,
        taken_at timestamptz NOT NULL DEFAULT now(),
        clock bytea
    )",
    // Added after the first tables: a fleet's database made before keeps
    // working.
    "ALTER TABLE melange_games ADD COLUMN IF NOT EXISTS clock bytea",
    "CREATE INDEX IF NOT EXISTS melange_games_taken ON melange_games (taken_at)",
    "CREATE INDEX IF NOT EXISTS melange_games_created ON melange_games (created_unix, game_id)",
    "CREATE INDEX IF NOT EXISTS melange_games_unfinished_owner ON melange_games (owner)
        WHERE finished_unix IS NULL AND self_driving",
    "CREATE TABLE IF NOT EXISTS melange_actions (
        game_id text NOT NULL,
        version bigint NOT NULL,
        epoch bigint NOT NULL,
        record bytea NOT NULL,
        PRIMARY KEY (game_id, version)
    )",
    "CREATE TABLE IF NOT EXISTS melange_epochs (
        game_id text NOT NULL,
        epoch bigint NOT NULL,
        owner text,
        taken_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (game_id, epoch)
    )",
    "CREATE TABLE IF NOT EXISTS melange_nodes (
        node_id text PRIMARY KEY,
        expires_at timestamptz NOT NULL
    )",
];
