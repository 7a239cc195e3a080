//! Why the server acted for a seat (MC-STANDIN-01): its clock ran out, or
//! its remote bot failed in one of a few named ways. Kept with the action
//! it caused, in the journal and the replay, so that a default move is never
//! mistaken for the seat's own and every forfeit says why; an organizer can
//! settle a dispute from the record alone.

/// The reason the server played a seat's decision (its default action, or
/// a forfeit where there is none).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StandIn {
    /// The seat's time ran out: a person, or a bot still thinking.
    ClockExpired,
    /// The remote bot's endpoint could not be reached (or is no longer
    /// allowed).
    BotUnreachable,
    /// The remote bot did not answer within the time it had.
    BotLate,
    /// The remote bot answered an error status.
    BotError,
    /// The remote bot answered an action the rules refused, with the rule
    /// ID the refusal cited (empty where it cited none).
    BotIllegalAction { rule: String },
    /// The remote bot answered no action, or one that could not be read.
    BotMalformedAnswer,
    /// The game reached its time limit (MC-CLOCK-06) and this seat had
    /// used more than its share of the thinking time: it lost on time
    /// (MC-CLOCK-07).
    OutOfTime,
    /// The game reached its time limit with every seat within its share:
    /// the server ended it with the standing as result (MC-CLOCK-07).
    TimeLimit,
}

impl StandIn {
    /// A sentence for logs and people.
    pub fn sentence(&self) -> String {
        match self {
            StandIn::ClockExpired => "its time ran out".to_owned(),
            StandIn::BotUnreachable => "its remote bot could not be reached".to_owned(),
            StandIn::BotLate => "its remote bot did not answer in time".to_owned(),
            StandIn::BotError => "its remote bot answered an error".to_owned(),
            StandIn::BotIllegalAction { rule } if rule.is_empty() => {
                "its remote bot answered an illegal action".to_owned()
            }
            StandIn::BotIllegalAction { rule } => {
                format!("its remote bot answered an illegal action ({rule})")
            }
            StandIn::BotMalformedAnswer => {
                "its remote bot answered no action, or one that could not be read".to_owned()
            }
            StandIn::OutOfTime => {
                "the game's time ran out with this seat beyond its share of it".to_owned()
            }
            StandIn::TimeLimit => {
                "the game's time ran out with every seat within its share: the standing decides"
                    .to_owned()
            }
        }
    }
}
