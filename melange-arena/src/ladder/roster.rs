//! The registered bots as the ladder plays them: what the server is told
//! plays each (a hosted program's endpoint, started on demand), and which
//! are refused.
//!
//! A bot is looked at when it first appears in `bots.txt` and again when
//! its line changes: a built-in name the crate does not know or a `cmd:`
//! whose program is missing is refused at once, and a remote bot (hosted
//! programs included) is asked one trial decision in each kind of game the
//! ladder plays ([`crate::check`]), as a tournament does before its
//! first round. A refused bot gets no games until its line changes; the
//! ladder goes on with the others, where a tournament would stop.
use std::{
    collections::{BTreeMap, HashMap},
    path::PathBuf,
    sync::Arc,
    time::Duration,
};

use tonic::transport::Channel;

use super::{GameSpec, registry, state::State};
use melange::{api::is_endpoint, pb::game_service_client::GameServiceClient};

use crate::{
    ArenaConfig, Entrant, Format, ProgramConfig, check,
    program::{self, Hosted},
};

/// What the roster needs to host and check bots.
pub struct Context<'a> {
    /// The server.
    pub client: &'a GameServiceClient<Channel>,
    /// Its address, for the trial's configuration.
    pub endpoint: &'a str,
    /// The kinds of game the ladder plays.
    pub games: &'a [GameSpec],
    /// How hosted programs run.
    pub programs: &'a ProgramConfig,
    /// Where their standard error goes.
    pub logs: PathBuf,
    /// How long a remote bot has for its trial decision; `None`: no trial.
    pub check_timeout: Option<Duration>,
}

/// One bot the ladder knows.
#[derive(Clone, Debug)]
struct Member {
    /// Its spec in `bots.txt`.
    bot: String,
    /// Whether `bots.txt` lists it now.
    registered: bool,
    /// Why it may not play, if so.
    refused: Option<String>,
}

/// The bots and their hosted programs.
#[derive(Default)]
pub struct Roster {
    members: BTreeMap<String, Member>,
    /// Hosted programs by `label=spec`, and their endpoint URL: a program
    /// whose line changed is a new program, on a slot of its own, while the
    /// old one finishes its games.
    hosted: HashMap<String, (Arc<Hosted>, String)>,
}

impl Roster {
    /// Takes the list of `bots.txt`: new and changed bots are checked,
    /// bots no longer listed are retired.
    pub async fn refresh(
        &mut self,
        registered: &[Entrant],
        context: &Context<'_>,
        state: &mut State,
    ) {
        for member in self.members.values_mut() {
            member.registered = false;
        }
        for entrant in registered {
            if let Some(member) = self.members.get_mut(&entrant.label)
                && member.bot == entrant.bot
            {
                member.registered = true;
                continue;
            }
            let refused = match self.admit(entrant, context, state).await {
                Ok(()) => None,
                Err(why) => {
                    tracing::warn!(bot = %entrant.label, "refused: {why}");
                    Some(why)
                }
            };
            self.members.insert(
                entrant.label.clone(),
                Member {
                    bot: entrant.bot.clone(),
                    registered: true,
                    refused,
                },
            );
        }
    }

    /// Checks a new or changed bot.
    async fn admit(
        &mut self,
        entrant: &Entrant,
        context: &Context<'_>,
        state: &mut State,
    ) -> Result<(), String> {
        if let Some(why) = registry::invalid(&entrant.bot) {
            return Err(why);
        }
        let bot = self.server_bot(entrant, context, state).await?;
        let Some(timeout) = context.check_timeout.filter(|_| is_endpoint(&bot)) else {
            return Ok(());
        };
        let hosted = self.joined(std::slice::from_ref(entrant));
        for game in context.games {
            let trial = ArenaConfig {
                endpoint: context.endpoint.to_owned(),
                kind: game.kind,
                options: game.options.clone(),
                seats: game.seats,
                entrants: vec![entrant.clone()],
                format: Format::RoundRobin,
                seeds_per_table: 1,
                seed: None,
                resume: false,
                concurrency: 1,
                game_timeout: timeout,
                check_timeout: Some(timeout),
                out: PathBuf::new(),
                title: String::new(),
                programs: context.programs.clone(),
            };
            check::check_entrants(
                &trial,
                (std::slice::from_ref(&bot), &hosted),
                context.client,
                timeout,
            )
            .await
            .map_err(|why| {
                format!(
                    "{} ({})",
                    why.trim_end_matches("; the tournament did not start"),
                    game.name
                )
            })?;
        }
        Ok(())
    }

    /// What the server is told plays `entrant`: its own bot, or for a
    /// hosted program its endpoint, started now if it is not running.
    pub async fn server_bot(
        &mut self,
        entrant: &Entrant,
        context: &Context<'_>,
        state: &mut State,
    ) -> Result<String, String> {
        if program::command(&entrant.bot).is_none() {
            return Ok(entrant.bot.clone());
        }
        let key = format!("{}={}", entrant.label, entrant.bot);
        if let Some((_, bot)) = self.hosted.get(&key) {
            return Ok(bot.clone());
        }
        let slot = state.slot(&key);
        let (hosted, bot) =
            Hosted::start_slot(entrant, slot, context.programs, &context.logs).await?;
        self.hosted.insert(key, (Arc::new(hosted), bot.clone()));
        Ok(bot)
    }

    /// The hosted programs of these seats together, to be told when their
    /// game is over.
    pub fn joined(&self, seats: &[Entrant]) -> Hosted {
        Hosted::joined(seats.iter().filter_map(|entrant| {
            let key = format!("{}={}", entrant.label, entrant.bot);
            self.hosted.get(&key).map(|(hosted, _)| hosted.as_ref())
        }))
    }

    /// The bots that may play now, by label.
    pub fn active(&self) -> Vec<Entrant> {
        self.members
            .iter()
            .filter(|(_, member)| member.registered && member.refused.is_none())
            .map(|(label, member)| Entrant {
                label: label.clone(),
                bot: member.bot.clone(),
            })
            .collect()
    }

    /// `active`, `retired` or `refused: why`, for the leaderboard.
    pub fn status(&self, label: &str) -> String {
        match self.members.get(label) {
            Some(member) if !member.registered => "retired".to_owned(),
            Some(Member {
                refused: Some(_), ..
            }) => "refused".to_owned(),
            Some(_) => "active".to_owned(),
            None => "retired".to_owned(),
        }
    }

    /// The registered bots that are refused, and why.
    pub fn refused(&self) -> BTreeMap<String, String> {
        self.members
            .iter()
            .filter(|(_, member)| member.registered)
            .filter_map(|(label, member)| Some((label.clone(), member.refused.clone()?)))
            .collect()
    }
}
