use std::collections::BTreeMap;

use super::{HostedGame, WireRules, hosted::Hosted};
use crate::{
    matches::{Match, MatchError, SeatPlan},
    pb,
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
    /// What each listed seat asked to play (empty: the game chooses).
    pub plays: Vec<String>,
}

/// A new hosted game and its seat grants, with the human seats' tokens.
pub struct Created {
    /// The game.
    pub game: Box<dyn HostedGame>,
    /// One grant per seat, tokens included.
    pub seats: Vec<pb::SeatGrant>,
}

type Factory = fn(CreateSpec) -> Result<Created, MatchError>;

/// The game kinds a server hosts, each with the ruleset that plays it.
#[derive(Default)]
pub struct Catalog {
    factories: BTreeMap<i32, Factory>,
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
        self
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
    let (game, secrets) = Match::<R>::create(options, spec.seed, &spec.plans)?;
    let hosted = Hosted::new(
        &spec.game_id,
        spec.options,
        spec.seed_chosen_by_creator,
        game,
    );
    let mut seats = hosted.seats();
    for (grant, secret) in seats.iter_mut().zip(secrets) {
        grant.token = secret.unwrap_or_default();
    }
    Ok(Created {
        game: Box::new(hosted),
        seats,
    })
}
