//! A stand-in's reason on the wire and in the journal (MC-STANDIN-01).
use crate::{matches::StandIn, pb};

/// The contract's form of why the server acted for a seat.
pub fn stand_in_to_pb(why: &StandIn) -> pb::StandIn {
    let (reason, rule) = match why {
        StandIn::ClockExpired => (pb::StandInReason::ClockExpired, ""),
        StandIn::BotUnreachable => (pb::StandInReason::BotUnreachable, ""),
        StandIn::BotLate => (pb::StandInReason::BotLate, ""),
        StandIn::BotError => (pb::StandInReason::BotError, ""),
        StandIn::BotIllegalAction { rule } => (pb::StandInReason::BotIllegalAction, rule.as_str()),
        StandIn::BotMalformedAnswer => (pb::StandInReason::BotMalformedAnswer, ""),
        StandIn::OutOfTime => (pb::StandInReason::OutOfTime, ""),
        StandIn::TimeLimit => (pb::StandInReason::TimeLimit, ""),
    };
    pb::StandIn {
        reason: reason as i32,
        rule: rule.to_owned(),
    }
}

/// A kept stand-in's reason; one this build does not know (a later one
/// wrote it) reads as a clock expiry, the reason every stand-in shares.
pub fn stand_in_from_pb(kept: &pb::StandIn) -> StandIn {
    match pb::StandInReason::try_from(kept.reason) {
        Ok(pb::StandInReason::BotUnreachable) => StandIn::BotUnreachable,
        Ok(pb::StandInReason::BotLate) => StandIn::BotLate,
        Ok(pb::StandInReason::BotError) => StandIn::BotError,
        Ok(pb::StandInReason::BotIllegalAction) => StandIn::BotIllegalAction {
            rule: kept.rule.clone(),
        },
        Ok(pb::StandInReason::BotMalformedAnswer) => StandIn::BotMalformedAnswer,
        Ok(pb::StandInReason::OutOfTime) => StandIn::OutOfTime,
        Ok(pb::StandInReason::TimeLimit) => StandIn::TimeLimit,
        _ => StandIn::ClockExpired,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_goes_to_the_wire_and_back() {
        for why in [
            StandIn::ClockExpired,
            StandIn::BotUnreachable,
            StandIn::BotLate,
            StandIn::BotError,
            StandIn::BotIllegalAction {
                rule: "AR-MOVE-03".into(),
            },
            StandIn::BotMalformedAnswer,
            StandIn::OutOfTime,
            StandIn::TimeLimit,
        ] {
            assert_eq!(stand_in_from_pb(&stand_in_to_pb(&why)), why);
        }
    }
}
