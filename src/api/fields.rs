//! Conversions every game's wire mapping shares: malformed-input errors,
//! small numbers, seats, and the rules preset and named options.
use crate::{
    matches::{MatchError, echo},
    pb,
    rules::core::{Resignation, Seat},
};

/// Malformed input, with a message that says what is wrong.
pub fn invalid(message: String) -> MatchError {
    MatchError::InvalidArgument(message)
}

/// A wire number that must fit the engine's `u8`.
pub fn small(value: u32, what: &str) -> Result<u8, MatchError> {
    u8::try_from(value).map_err(|_| invalid(format!("{what} {value} is out of range")))
}

/// A seat as the wire numbers it.
pub fn seat(value: Seat) -> u32 {
    u32::from(value.0)
}

/// Whether `GameOptions.preset` asks for the published rules; "" and
/// "default" are the rules texts' readings.
pub fn published_preset(name: &str) -> Result<bool, MatchError> {
    match name {
        "" | "default" => Ok(false),
        "published" => Ok(true),
        other => Err(invalid(format!(
            "unknown rules preset {}; use default or published",
            echo(other)
        ))),
    }
}

/// `GameOptions.rules` as the engine's ordered `(name, value)` overrides.
pub fn rule_overrides(options: &pb::GameOptions) -> Vec<(String, String)> {
    options
        .rules
        .iter()
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}

/// `GameOptions.max_rounds` (MC-ROUNDS-01): absent or 0 is no limit.
pub fn max_rounds(options: &pb::GameOptions) -> Option<u32> {
    options.max_rounds.filter(|n| *n > 0)
}

/// A resignation (MC-RESIGN-01) as the wire names it.
pub fn resignation_name(why: Resignation) -> &'static str {
    match why {
        Resignation::Conceded => "conceded",
        Resignation::Forfeited => "forfeited",
        Resignation::OutOfTime => "out_of_time",
        Resignation::TimeLimit => "time_limit",
    }
}

/// A resignation's event in words, `who` being the seat or house it names.
pub fn resignation_text(who: &str, why: Resignation) -> String {
    match why {
        Resignation::Conceded | Resignation::Forfeited => {
            format!("{who} {} the game (MC-RESIGN-02)", resignation_name(why))
        }
        Resignation::OutOfTime => format!(
            "the game's time is up and {who} used more than its share of it: it loses on time \
             (MC-CLOCK-07)"
        ),
        Resignation::TimeLimit => "the game's time is up with every seat within its share of it: \
             the standing decides (MC-CLOCK-07)"
            .to_owned(),
    }
}

/// A resignation from its wire name.
pub fn resignation(name: &str) -> Result<Resignation, MatchError> {
    match name {
        "conceded" => Ok(Resignation::Conceded),
        "forfeited" => Ok(Resignation::Forfeited),
        "out_of_time" => Ok(Resignation::OutOfTime),
        "time_limit" => Ok(Resignation::TimeLimit),
        other => Err(invalid(format!(
            "unknown resignation {}; use conceded or forfeited (MC-RESIGN-01)",
            echo(other)
        ))),
    }
}
