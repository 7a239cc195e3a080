use std::{collections::BTreeMap, sync::Arc};

use super::{
    HostedGame, WireRules,
    durable::{self, Restored},
    hosted::Hosted,
};
use crate::{
    matches::{Match, MatchError, SeatPlan},
    pb,
    rules::core::Seat,
    store::{Store, StoredGame},
};

/// Everything `CreateGame` asked for, checked for form.
#[derive(Clone, Debug)]
pub struct CreateSpec {
    /// The id the registry will file the game under.
    pub game_id: String,
    /// The match seed.
    pub seed: u64,
    /// Whether the creator chose the seed (and so may know every hidden
    /// card); every view, summary and replay of the game says so.
    pub seed_chosen_by_creator: bool,
    /// The options as sent.
    pub options: pb::GameOptions,
    /// How each listed seat is played.
    pub plans: Vec<SeatPlan>,
    /// Per listed seat: the endpoint of the remote bot that plays it, if
    /// one does (MC-BOT-01), already allowed by the server.
    pub remotes: Vec<Option<String>>,
    /// What each listed seat asked to play (empty: the game chooses).
    pub plays: Vec<String>,
    /// Actions to play first, in order (a game started from a replay):
    /// each must be legal when its turn comes, or the creation is refused
    /// with `InvalidArgument` naming its version.
    pub given: Vec<pb::RecordedAction>,
    /// The journal store, when the server keeps its games on disk: the game
    /// is journaled before it is returned.
    pub store: Option<Arc<Store>>,
}

/// A new hosted game and its seat grants, with the human seats' tokens.
pub struct Created {
    /// The game.
    pub game: Box<dyn HostedGame>,
    /// One grant per seat, tokens included.
    pub seats: Vec<pb::SeatGrant>,
}

/// Whether a `SeatConfig.bot` names a remote bot's endpoint (a URL)
/// rather than a built-in bot (MC-BOT-01).
pub fn is_endpoint(bot: &str) -> bool {
    bot.contains("://")
}

/// Has the listed seats played by their remote bots (MC-BOT-01): returns
/// each one's read-only token (MC-BOT-03).
pub(super) fn make_remote<R: WireRules>(
    game: &mut Match<R>,
    remotes: &[Option<String>],
) -> Result<Vec<(Seat, String)>, MatchError> {
    let mut observers = Vec::new();
    for (index, endpoint) in remotes.iter().enumerate() {
        if let Some(endpoint) = endpoint {
            let seat = Seat(
                u8::try_from(index)
                    .map_err(|_| MatchError::InvalidArgument(format!("no seat {index}")))?,
            );
            observers.push((seat, game.make_remote(seat, endpoint)?));
        }
    }
    Ok(observers)
}

type Factory = fn(CreateSpec) -> Result<Created, MatchError>;
type Restorer = fn(StoredGame, Option<&Arc<Store>>) -> Result<Restored, MatchError>;

/// The game kinds a server hosts, each with the ruleset that plays it.
#[derive(Default)]
pub struct Catalog {
    factories: BTreeMap<i32, Factory>,
    restorers: BTreeMap<i32, Restorer>,
}

impl Catalog {
    /// Every game this build of melange can host.
    pub fn standard() -> Self {
        Catalog::default()
            .with::<crate::rules::imperium::Imperium>()
            .with::<crate::rules::arrakis::Arrakis>()
    }

    /// Adds (or replaces) the ruleset for `R::KIND`.
    pub fn with<R: WireRules>(mut self) -> Self {
        self.factories.insert(R::KIND, create::<R>);
        self.restorers.insert(R::KIND, durable::restore::<R>);
        self
    }

    /// Rebuilds a game the journal store kept; its later actions are
    /// journaled to `store` again.
    pub fn restore(
        &self,
        stored: StoredGame,
        store: Option<&Arc<Store>>,
    ) -> Result<Restored, MatchError> {
        let kind = stored.record.kind;
        let restorer = self.restorers.get(&kind).ok_or_else(|| {
            MatchError::Unimplemented(format!("this server does not host game kind {kind}"))
        })?;
        restorer(stored, store)
    }

    /// Creates a game of `kind`.
    pub fn create(&self, kind: i32, spec: CreateSpec) -> Result<Created, MatchError> {
        let factory =
            self.factories
                .get(&kind)
                .ok_or_else(|| match pb::GameKind::try_from(kind) {
                    Ok(pb::GameKind::Unspecified) => {
                        MatchError::InvalidArgument("kind is required".to_owned())
                    }
                    Ok(known) => MatchError::Unimplemented(format!(
                        "this server does not host {} games yet",
                        known.as_str_name()
                    )),
                    Err(_) => MatchError::InvalidArgument(format!("unknown game kind {kind}")),
                })?;
        factory(spec)
    }
}

fn create<R: WireRules>(spec: CreateSpec) -> Result<Created, MatchError> {
    let options = R::options_from_pb(&spec.options, &spec.plays)?;
    let clock = super::clock_options(&spec.options)?;
    let mut given = Vec::with_capacity(spec.given.len());
    for (index, recorded) in spec.given.iter().enumerate() {
        let version = index as u64 + 1;
        let action = recorded.action.as_ref().ok_or_else(|| {
            MatchError::InvalidArgument(format!(
                "the replay's action at version {version} has no action"
            ))
        })?;
        let action = R::action_from_pb(action).map_err(|error| {
            MatchError::InvalidArgument(format!(
                "the replay's action at version {version} is malformed: {error}"
            ))
        })?;
        let seat = u8::try_from(recorded.seat).map_err(|_| {
            MatchError::InvalidArgument(format!(
                "the replay's action at version {version} names seat {}, which no game has",
                recorded.seat
            ))
        })?;
        given.push((Seat(seat), action));
    }
    let (mut game, secrets) = Match::<R>::create_from(
        options,
        spec.seed,
        &spec.plans,
        &given,
        spec.store.is_some(),
    )?;
    let observers = make_remote(&mut game, &spec.remotes)?;
    if let Some(clock) = clock {
        game.set_clock(clock);
    }
    // The same time in the journal and in the listing, before a restart
    // and after it.
    let created_unix = crate::store::unix_now();
    if let Some(store) = &spec.store {
        durable::journal_new(
            store,
            &spec.game_id,
            R::KIND,
            &spec.options,
            spec.seed_chosen_by_creator,
            &spec.plays,
            created_unix,
            &mut game,
        )?;
    }
    let hosted = Hosted::new(
        &spec.game_id,
        spec.options,
        spec.seed_chosen_by_creator,
        game,
    )
    .created_at(created_unix)
    .with_observers(observers);
    let mut seats = hosted.seats();
    for ((grant, secret), remote) in seats
        .iter_mut()
        .zip(secrets)
        .zip(spec.remotes.iter().chain(std::iter::repeat(&None)))
    {
        // A remote bot's seat has no token for anyone (MC-BOT-03).
        if remote.is_none() {
            grant.token = secret.unwrap_or_default();
        }
    }
    Ok(Created {
        game: Box::new(hosted),
        seats,
    })
}
