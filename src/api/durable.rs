//! Between matches and the journal store: a match's batches become
//! [`ActionRecord`]s (the contract's `Action` encoding), a new game becomes
//! a [`GameRecord`], and a [`StoredGame`] becomes a hosted match again.
use std::sync::Arc;

use super::{HostedGame, WireRules, hosted::Hosted};
use crate::{
    matches::{
        Batch, BotKind, JournalSink, KeptClock, KeptHistory, Match, MatchError, RestoredSeat,
        StandIn, TokenHash, Unkept, VersionNote,
    },
    pb,
    rules::core::Seat,
    store::{
        ActionRecord, ClockRecord, FORMAT, GameRecord, JournalError, SeatRecord, Store, StoredGame,
    },
};

/// A match's journal: its batches go to the store under its id.
#[derive(Debug)]
pub struct StoreSink {
    store: Arc<Store>,
    game_id: String,
}

fn records<R: WireRules>(
    first_version: u64,
    actions: &[(Seat, R::Action)],
    hashes: &[(u64, u64)],
    (stand_ins, notes): (&[(u64, StandIn)], &[VersionNote]),
) -> Vec<ActionRecord> {
    let mut hashes = hashes.iter().peekable();
    let mut stand_ins = stand_ins.iter().peekable();
    let mut notes = notes.iter().peekable();
    actions
        .iter()
        .enumerate()
        .map(|(index, (seat, action))| {
            let version = first_version + index as u64;
            let state_hash = hashes
                .next_if(|(at, _)| *at == version)
                .map(|(_, hash)| *hash);
            let stand_in = stand_ins
                .next_if(|(at, _)| *at == version)
                .map(|(_, why)| super::stand_in_to_pb(why));
            ActionRecord {
                seat: u32::from(seat.0),
                action: Some(R::action_to_pb(action)),
                state_hash,
                stand_in,
                note: notes
                    .next_if(|(at, _)| *at == version)
                    .map(|(_, note)| note.to_string())
                    .unwrap_or_default(),
            }
        })
        .collect()
}

impl<R: WireRules> JournalSink<R> for StoreSink {
    fn append(&self, batch: Batch<'_, R>) -> Result<(), Unkept> {
        let actions = records::<R>(
            batch.first_version,
            batch.actions,
            batch.hashes,
            (batch.stand_ins, batch.notes),
        );
        self.store
            .append(
                &self.game_id,
                batch.first_version,
                &actions,
                batch.finished,
                batch.clock.as_ref().map(clock_record).as_ref(),
            )
            .map_err(|error| match error {
                JournalError::Moved(_) => Unkept::Moved(error.to_string()),
                JournalError::Failed(reason) => Unkept::Failed(reason),
            })
    }
}

/// A kept clock as the journal's record.
fn clock_record(kept: &KeptClock) -> ClockRecord {
    ClockRecord {
        banks_ms: kept
            .banks_ms
            .iter()
            .map(|bank| bank.map_or(-1, |bank| bank as i64))
            .collect(),
        decided: kept.decided.clone(),
        running_since_unix_ms: kept.running_since_unix_ms,
        thought_ms: kept.thought_ms.clone(),
        began_unix_ms: kept.began_unix_ms,
    }
}

/// A journal's clock record as a kept clock.
fn kept_clock(record: &ClockRecord) -> KeptClock {
    KeptClock {
        banks_ms: record
            .banks_ms
            .iter()
            .map(|bank| u64::try_from(*bank).ok())
            .collect(),
        decided: record.decided.clone(),
        running_since_unix_ms: record.running_since_unix_ms,
        thought_ms: record.thought_ms.clone(),
        began_unix_ms: record.began_unix_ms,
    }
}

/// Journals a new game (its record, created at `created_unix`, and the
/// actions played at creation) and attaches its journal, so every later
/// action is kept before it is shown.
#[allow(clippy::too_many_arguments)]
pub fn journal_new<R: WireRules>(
    store: &Arc<Store>,
    game_id: &str,
    kind: i32,
    options: &pb::GameOptions,
    seed_chosen_by_creator: bool,
    plays: &[String],
    created_unix: u64,
    game: &mut Match<R>,
) -> Result<(), MatchError> {
    let record = GameRecord {
        format: FORMAT,
        kind,
        options: Some(options.clone()),
        seed: game.seed(),
        seed_chosen_by_creator,
        seats: game
            .seats()
            .iter()
            .map(|slot| SeatRecord {
                // A built-in bot's name or a remote bot's endpoint.
                bot: slot
                    .bot()
                    .map(|bot| bot.name())
                    .or_else(|| slot.remote().map(str::to_owned))
                    .unwrap_or_default(),
                token_hash: slot
                    .token_hash()
                    .map(|hash| hash.to_bytes().to_vec())
                    .unwrap_or_default(),
            })
            .collect(),
        given: game.given(),
        created_unix,
        plays: plays.to_vec(),
    };
    let played: Vec<_> = game.journal().iter().cloned().collect();
    let actions = records::<R>(
        1,
        &played,
        game.unkept_hashes(),
        (game.stand_ins(), game.notes()),
    );
    let finished = game.state().to_act().is_none();
    // A game that moves with no call (bots, a clock) is adopted by the
    // fleet when its server dies; others wait for a call to name them.
    let self_driving = game.clock().is_some()
        || game
            .seats()
            .iter()
            .any(|slot| slot.bot().is_some() || slot.remote().is_some());
    store
        .create_game(
            game_id,
            &record,
            &actions,
            finished,
            self_driving,
            game.kept_clock().as_ref().map(clock_record).as_ref(),
        )
        .map_err(|error| {
            MatchError::Internal(format!(
                "the game could not be saved ({error}); it was not created"
            ))
        })?;
    game.attach_journal(Arc::new(StoreSink {
        store: store.clone(),
        game_id: game_id.to_owned(),
    }));
    Ok(())
}

/// A game rebuilt from the store, and why it is read-only, if it is.
pub struct Restored {
    /// The game, with its journal attached (unless it is read-only).
    pub game: Box<dyn HostedGame>,
    /// Why it may only be read (a sentence), if it may.
    pub read_only: Option<String>,
}

/// Rebuilds a stored game of ruleset `R`. An action the contract no longer
/// decodes ends the history there, like a damaged record; a replay that
/// differs from what was kept makes the game read-only.
pub fn restore<R: WireRules>(
    stored: StoredGame,
    store: Option<&Arc<Store>>,
) -> Result<Restored, MatchError> {
    let record = stored.record;
    let options_pb = record.options.clone().unwrap_or_default();
    let options = R::options_from_pb(&options_pb, &record.plays)?;
    let remotes: Vec<Option<String>> = record
        .seats
        .iter()
        .map(|seat| super::is_endpoint(&seat.bot).then(|| seat.bot.clone()))
        .collect();
    let seats = record
        .seats
        .iter()
        .map(|seat| {
            let bot = match seat.bot.as_str() {
                "" => None,
                // A remote bot's seat (MC-BOT-01): no built-in bot, no token.
                remote if super::is_endpoint(remote) => {
                    return Ok(RestoredSeat {
                        bot: None,
                        token: None,
                    });
                }
                name => Some(BotKind::parse(name)?),
            };
            let token = match (&bot, seat.token_hash.as_slice()) {
                (Some(_), _) => None,
                (None, bytes) => Some(TokenHash::from_bytes(bytes).ok_or_else(|| {
                    MatchError::Internal("a seat's token hash is not 32 bytes long".to_owned())
                })?),
            };
            Ok(RestoredSeat { bot, token })
        })
        .collect::<Result<Vec<_>, MatchError>>()?;
    let mut actions = Vec::with_capacity(stored.actions.len());
    let mut hashes = Vec::new();
    let mut stand_ins = Vec::new();
    let mut notes = Vec::new();
    let mut undecodable = None;
    for (index, kept) in stored.actions.iter().enumerate() {
        let version = index as u64 + 1;
        let decoded = u8::try_from(kept.seat)
            .ok()
            .zip(kept.action.as_ref())
            .map(|(seat, action)| R::action_from_pb(action).map(|action| (Seat(seat), action)));
        match decoded {
            Some(Ok(decoded)) => actions.push(decoded),
            _ => {
                undecodable = Some(format!(
                    "the journal's action at version {version} does not decode; \
                     the game stops at version {}",
                    version - 1
                ));
                break;
            }
        }
        if let Some(hash) = kept.state_hash {
            hashes.push((version, hash));
        }
        if let Some(why) = &kept.stand_in {
            stand_ins.push((version, super::stand_in_from_pb(why)));
        }
        if !kept.note.is_empty() {
            notes.push((version, kept.note.as_str().into()));
        }
    }
    let history = KeptHistory {
        actions,
        hashes,
        given: record.given,
        stand_ins,
        notes,
    };
    let clock = super::clock_options(&options_pb)?;
    let (mut game, problem) = Match::<R>::restore(options, record.seed, &seats, history)?;
    // Remote seats get new read-only tokens: they are not journaled
    // (MC-BOT-03).
    let observers = super::catalog::make_remote(&mut game, &remotes)?;
    if let Some(clock) = clock {
        game.set_clock(clock);
        // The banks as kept, the running decision still running from when
        // it began (MC-CLOCK-02); a journal that kept none (an older one)
        // leaves full banks.
        if let Some(kept) = &stored.clock {
            game.resume_clock(&kept_clock(kept));
        }
    }
    let read_only = problem.or(undecodable);
    if let Some(reason) = &read_only {
        game.set_read_only(reason.clone());
    }
    if read_only.is_none()
        && let Some(store) = store
    {
        game.attach_journal(Arc::new(StoreSink {
            store: store.clone(),
            game_id: stored.id.clone(),
        }));
    }
    Ok(Restored {
        game: Box::new(
            Hosted::new(&stored.id, options_pb, record.seed_chosen_by_creator, game)
                .created_at(record.created_unix)
                .with_observers(observers),
        ),
        read_only,
    })
}
