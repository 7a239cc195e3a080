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

    /// A short text of an (already redacted) event, in words.
    fn event_text(&self, event: &Self::Event) -> String;

    /// The structured content of an (already redacted) event. Apart from
    /// its text, so that a client that reads only the typed events
    /// (`DETAIL_TYPED`) costs no string building.
    fn event_game(&self, event: &Self::Event) -> Option<pb::event::Game>;

    /// The text and the structured content of an (already redacted) event.
    fn event_to_pb(&self, event: &Self::Event) -> (String, Option<pb::event::Game>) {
        (self.event_text(event), self.event_game(event))
    }
}

#[cfg(test)]
mod tests {
    use super::WireRules;
    use crate::pb::{self, event::Game};
    use crate::rules::arrakis::{Arrakis, ArrakisOptions};
    use crate::rules::core::{RngStream, Seat, Viewer};
    use crate::rules::imperium::{Imperium, ImperiumOptions};
    use rand::Rng;
    use std::collections::BTreeSet;

    /// Plays seeded random games to their end and maps every event, as
    /// each viewer receives it, to the wire: each must have its case of
    /// the game's `kind` oneof. Returns the cases seen.
    fn cases_seen<R: WireRules>(
        options: &R::Options,
        seeds: std::ops::Range<u64>,
        case: fn(&Game) -> Option<String>,
    ) -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        for seed in seeds {
            let mut game = R::setup(options, seed).unwrap();
            let mut chooser = RngStream::Bot(0xfe).rng(seed);
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            while let Some(seat) = game.to_act() {
                legal.clear();
                game.legal_actions(seat, &mut legal);
                let action = legal.swap_remove(chooser.random_range(0..legal.len()));
                game.apply(seat, &action, &mut events).unwrap();
            }
            let viewers = std::iter::once(Viewer::Spectator)
                .chain((0..game.seat_count()).map(|n| Viewer::Seat(Seat(n as u8))));
            for viewer in viewers {
                for event in events.iter().filter_map(|e| game.redact(e, viewer)) {
                    let (text, wire) = game.event_to_pb(&event);
                    let name = wire.as_ref().and_then(case);
                    let Some(name) = name else {
                        panic!("seed {seed}: {event:?} ({text}) has no case on the wire");
                    };
                    seen.insert(name);
                }
            }
        }
        seen
    }

    fn arrakis_case(game: &Game) -> Option<String> {
        let Game::Arrakis(pb::ArrakisEvent { kind: Some(kind) }) = game else {
            return None;
        };
        Some(format!("{kind:?}").split('(').next()?.to_owned())
    }

    fn imperium_case(game: &Game) -> Option<String> {
        let Game::Imperium(pb::ImperiumEvent { kind: Some(kind) }) = game else {
            return None;
        };
        Some(format!("{kind:?}").split('(').next()?.to_owned())
    }

    /// Every event War for Arrakis makes, with either expansion or both,
    /// is one case of `ArrakisEvent.kind`, for every viewer.
    #[test]
    fn every_arrakis_event_has_its_case_on_the_wire() {
        let mut seen = BTreeSet::new();
        for (desert_war, smugglers) in [(false, false), (true, false), (false, true), (true, true)]
        {
            let options = ArrakisOptions {
                desert_war,
                smugglers,
                ..Default::default()
            };
            seen.append(&mut cases_seen::<Arrakis>(&options, 0..12, arrakis_case));
        }
        // Random games reach most kinds: a mapping that drops a whole
        // family of them would show here too.
        assert!(seen.len() > 50, "{seen:?}");
    }

    /// Every event Imperium makes, for 1 to 4 players (so with the House
    /// Hagal rivals too), is one case of `ImperiumEvent.kind`.
    #[test]
    fn every_imperium_event_has_its_case_on_the_wire() {
        let mut seen = BTreeSet::new();
        for players in 1..=4 {
            let options = ImperiumOptions::players(players);
            seen.append(&mut cases_seen::<Imperium>(&options, 0..6, imperium_case));
        }
        assert!(seen.len() > 30, "{seen:?}");
    }
}
