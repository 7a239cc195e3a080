//! Rendering a rules state and its events for one viewer.
use prost::bytes::Bytes;

use super::{EncodedUpdate, WireRules};
use crate::{
    matches::{MatchError, SeatTime, Stamped, StandIn},
    pb,
    rules::core::{GameResult, Viewer},
};

/// The contract's status of a state.
pub fn status_of<R: WireRules>(state: &R) -> pb::GameStatus {
    match state.to_act() {
        Some(_) => pb::GameStatus::InProgress,
        None => pb::GameStatus::Finished,
    }
}

/// A result on the wire.
pub fn result_to_pb(result: GameResult) -> pb::GameResult {
    pb::GameResult {
        winners: result.winners.iter().map(|s| u32::from(s.0)).collect(),
        ranking: result.ranking.iter().map(|s| u32::from(s.0)).collect(),
        reason: result.reason,
    }
}

/// How much of a view and of its events is rendered (`pb::Detail`): a
/// client that decides by the typed fields asks for less, and the server
/// builds none of what it leaves out (the labels and texts are most of a
/// view's strings, the game's own state most of its size).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Detail {
    /// Everything.
    #[default]
    Full,
    /// No labels and no event texts.
    Typed,
    /// No game state, no labels and no events.
    Actions,
}

impl Detail {
    /// How many details there are: the size of a cache with one slot each.
    pub const COUNT: usize = 3;

    /// The request's detail, or `InvalidArgument` for a number the
    /// contract does not define.
    pub fn from_pb(detail: i32) -> Result<Detail, MatchError> {
        match pb::Detail::try_from(detail) {
            Ok(pb::Detail::Full) => Ok(Detail::Full),
            Ok(pb::Detail::Typed) => Ok(Detail::Typed),
            Ok(pb::Detail::Actions) => Ok(Detail::Actions),
            Err(_) => Err(MatchError::InvalidArgument(format!(
                "detail {detail} is not a Detail: 0 full, 1 typed, 2 actions"
            ))),
        }
    }

    /// This detail's slot in a cache of [`Detail::COUNT`] slots.
    pub fn index(self) -> usize {
        match self {
            Detail::Full => 0,
            Detail::Typed => 1,
            Detail::Actions => 2,
        }
    }

    fn has_words(self) -> bool {
        self == Detail::Full
    }
}

/// `viewer`'s view of `state` at `version`, with its legal actions when it
/// is that seat's turn, as much of it as `detail` asks for.
pub fn view<R: WireRules>(
    game_id: &str,
    state: &R,
    version: u64,
    viewer: Viewer,
    detail: Detail,
) -> pb::View {
    let to_act = state.to_act();
    let (seat, legal_actions) = match viewer {
        Viewer::Seat(seat) => {
            let mut legal = Vec::new();
            if to_act == Some(seat) {
                state.legal_actions(seat, &mut legal);
            }
            let legal = legal
                .iter()
                .map(|action| pb::LegalAction {
                    action: Some(R::action_to_pb(action)),
                    label: if detail.has_words() {
                        state.label(action)
                    } else {
                        String::new()
                    },
                })
                .collect();
            (Some(u32::from(seat.0)), legal)
        }
        Viewer::Spectator => (None, Vec::new()),
    };
    pb::View {
        game_id: game_id.to_owned(),
        kind: R::KIND,
        version,
        status: status_of(state) as i32,
        to_act: to_act.iter().map(|s| u32::from(s.0)).collect(),
        legal_actions,
        result: state.result().map(result_to_pb),
        seat,
        // The hosted game sets it: the rules state does not know.
        seed_chosen_by_creator: false,
        // The hosted game sets them: the rules state has no clock.
        clocks: Vec::new(),
        game: match detail {
            Detail::Actions => None,
            Detail::Full | Detail::Typed => state.view_to_pb(state.view(viewer)),
        },
    }
}

/// The events `viewer` may see, redacted, as much of them as `detail` asks
/// for (none at [`Detail::Actions`]).
pub fn events<R: WireRules>(
    state: &R,
    events: &[Stamped<R::Event>],
    viewer: Viewer,
    detail: Detail,
) -> Vec<pb::Event> {
    if detail == Detail::Actions {
        return Vec::new();
    }
    events
        .iter()
        .filter_map(|stamped| {
            let event = state.redact(&stamped.event, viewer)?;
            Some(pb::Event {
                version: stamped.version,
                actor: Some(u32::from(stamped.actor.0)),
                text: if detail.has_words() {
                    state.event_text(&event)
                } else {
                    String::new()
                },
                game: state.event_game(&event),
            })
        })
        .collect()
}

/// What a stream's updates carry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum UpdateShape {
    /// The view in every update.
    #[default]
    Full,
    /// The view only where the viewer needs it: when its seat is to act and
    /// when the game is over (`StreamGameRequest.events_only`).
    EventsOnly,
}

impl UpdateShape {
    /// Whether `viewer`'s update of `state` carries the view.
    pub fn carries_view<R: WireRules>(self, state: &R, viewer: Viewer) -> bool {
        match self {
            UpdateShape::Full => true,
            UpdateShape::EventsOnly => match state.to_act() {
                None => true,
                Some(to_act) => viewer == Viewer::Seat(to_act),
            },
        }
    }
}

/// One update as `viewer` receives it, from its encoded parts: `events`
/// and `view` are called only for what the shape carries, so a caller may
/// hand in parts it encoded once for many streams.
pub fn update<R: WireRules>(
    (version, stand_in): (u64, Option<&StandIn>),
    state: &R,
    viewer: Viewer,
    shape: UpdateShape,
    events: impl FnOnce() -> Vec<Bytes>,
    view: impl FnOnce() -> Bytes,
) -> EncodedUpdate {
    EncodedUpdate {
        version,
        events: events(),
        view: shape.carries_view(state, viewer).then(view),
        status: status_of(state) as i32,
        to_act: state.to_act().iter().map(|s| u32::from(s.0)).collect(),
        stand_in: stand_in.map(streamed_stand_in),
    }
}

/// A stand-in as a stream shows it (MC-STANDIN-01): its reason without an
/// illegal action's rule, which could hint at what the bot holds; the
/// replay keeps the rule.
fn streamed_stand_in(why: &StandIn) -> pb::StandIn {
    pb::StandIn {
        rule: String::new(),
        ..super::stand_in_to_pb(why)
    }
}

/// The clocks as views show them (MC-CLOCK-01..04).
pub fn clocks(clocks: &[SeatTime]) -> Vec<pb::SeatClock> {
    let ms =
        |duration: std::time::Duration| u64::try_from(duration.as_millis()).unwrap_or(u64::MAX);
    clocks
        .iter()
        .map(|clock| pb::SeatClock {
            seat: u32::from(clock.seat.0),
            bank_ms: ms(clock.bank),
            running: clock.left.is_some(),
            deadline_ms: clock.left.map(ms),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streamed_stand_in_keeps_its_reason_and_drops_an_illegal_actions_rule() {
        // MC-STANDIN-01: the rule a bot's refused action broke could hint at
        // its hand; the replay keeps it, streams do not.
        let why = StandIn::BotIllegalAction {
            rule: "the refusal's rule".into(),
        };
        let streamed = streamed_stand_in(&why);
        assert_eq!(streamed.reason, pb::StandInReason::BotIllegalAction as i32);
        assert_eq!(streamed.rule, "");
        assert_eq!(
            super::super::stand_in_to_pb(&why).rule,
            "the refusal's rule"
        );
    }
}
