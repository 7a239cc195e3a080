use crate::{matches::MatchError, pb, rules::core::Ruleset};

/// What a ruleset adds to be hosted: its game kind and the conversions
/// between its domain types and the contract's messages.
pub trait WireRules: Ruleset {
    /// The `GameKind` number this ruleset answers to.
    const KIND: i32;

    /// The rules options from the request's options and each seat's
    /// `SeatConfig.plays` (empty strings let the game choose).
    fn options_from_pb(
        options: &pb::GameOptions,
        plays: &[String],
    ) -> Result<Self::Options, MatchError>;

    /// A client's action, or `InvalidArgument` naming what is malformed.
    fn action_from_pb(action: &pb::Action) -> Result<Self::Action, MatchError>;

    /// The action as clients see it; `action_from_pb` must accept it back.
    fn action_to_pb(action: &Self::Action) -> pb::Action;

    /// The game-specific part of a view.
    fn view_to_pb(&self, view: Self::View) -> Option<pb::view::Game>;

    /// A short text and the structured content of an (already redacted)
    /// event.
    fn event_to_pb(&self, event: &Self::Event) -> (String, Option<pb::event::Game>);
}
