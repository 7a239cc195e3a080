//! The Smugglers expansion on the wire (rule IDs `SM-...`): its actions
//! (`ArrakisAction.smugglers`), prompts and events (fields 140 to 159 of
//! `ArrakisPrompt` and `ArrakisEvent`) and its part of the view
//! (`ArrakisSmugglers`, `ArrakisSmugglersArea`). Everything of the
//! expansion is public, so nothing here is redacted.
use super::area_name;
use crate::matches::MatchError;
use crate::pb::{self, arrakis_action::Step};
use crate::rules::arrakis::expansions::smugglers::{
    SmAction, SmEvent, SmPrompt, SmugglersArea, SmugglersView,
};
use crate::rules::arrakis::{AreaId, DieResult, Vehicle, board};

/// An action from the wire.
pub(super) fn sm_action_from_pb(x: &pb::arrakis_action::Smugglers) -> Result<SmAction, MatchError> {
    use pb::arrakis_action::smugglers::Choice;
    let choice = x
        .choice
        .as_ref()
        .ok_or_else(|| super::invalid("the smugglers step has no choice set".into()))?;
    match choice {
        Choice::Unused(_) => Err(super::invalid(
            "the smugglers step's `unused` field is reserved".into(),
        )),
        Choice::PlaceHarvester(a) => Ok(SmAction::PlaceHarvester(super::area(a)?)),
    }
}

/// An action on the wire.
pub(super) fn sm_action_to_pb(a: SmAction) -> Step {
    use pb::arrakis_action::smugglers::Choice;
    let choice = match a {
        SmAction::PlaceHarvester(x) => Choice::PlaceHarvester(area_name(x)),
    };
    Step::Smugglers(pb::arrakis_action::Smugglers {
        choice: Some(choice),
    })
}

/// A prompt's kind and fields.
pub(super) fn sm_prompt_to_pb(p: SmPrompt, _wire: &mut pb::ArrakisPrompt) -> &'static str {
    match p {}
}

/// An event's kind and fields.
pub(super) fn sm_event_to_pb(e: &SmEvent, wire: &mut pb::ArrakisEvent) -> &'static str {
    match *e {
        SmEvent::StabanMoved { step } => {
            wire.amount = step.into();
            "staban_moved"
        }
        _ => neutral_event_to_pb(e, wire),
    }
}

/// An event in words.
pub(super) fn sm_event_text(e: &SmEvent) -> String {
    match *e {
        SmEvent::StabanMoved { step } => {
            format!("Staban Tuek moved down to prescience step {step}")
        }
        _ => neutral_event_text(e),
    }
}

/// The neutral part's events: kind and fields.
fn neutral_event_to_pb(e: &SmEvent, wire: &mut pb::ArrakisEvent) -> &'static str {
    match *e {
        SmEvent::RegularsAdded { waiting, .. } => {
            wire.amount = waiting.into();
            "smuggler_regulars_added"
        }
        SmEvent::HarvesterPlaced { area } => {
            wire.area = area_name(area);
            "smuggler_harvester_placed"
        }
        SmEvent::HarvesterLost { area } => {
            wire.area = area_name(area);
            "smuggler_harvester_lost"
        }
        SmEvent::HarvesterCaptured { area, in_game } => {
            wire.area = area_name(area);
            wire.amount = in_game.into();
            "smuggler_harvester_captured"
        }
        SmEvent::SpiceCollected { harvesters, spice } => {
            wire.amount = spice.into();
            wire.smuggler_harvesters = harvesters.into();
            "smuggler_spice"
        }
        SmEvent::VehiclesRemoved {
            harvesters,
            carryall,
        } => {
            wire.smuggler_harvesters = harvesters.into();
            if carryall {
                wire.vehicle = Vehicle::SmugglerCarryall.name().to_owned();
            }
            "smuggler_vehicles_removed"
        }
        SmEvent::StabanMoved { .. } => "staban_moved",
    }
}

/// The neutral part's events in words.
fn neutral_event_text(e: &SmEvent) -> String {
    let name = |a: AreaId| board().area(a).display_name();
    match *e {
        SmEvent::RegularsAdded { added, waiting } => format!(
            "{added} Smuggler Regular{} joined the Smugglers board ({waiting} waiting)",
            if added == 1 { "" } else { "s" }
        ),
        SmEvent::HarvesterPlaced { area } => {
            format!(
                "House Harkonnen placed a Smuggler harvester in {}",
                name(area)
            )
        }
        SmEvent::HarvesterLost { area } => format!(
            "the Smuggler harvester in {} left the board (back next round)",
            name(area)
        ),
        SmEvent::HarvesterCaptured { area, in_game } => format!(
            "House Atreides captured the Smuggler harvester in {} ({in_game} left in the game)",
            name(area)
        ),
        SmEvent::SpiceCollected { harvesters, spice } => format!(
            "{harvesters} Smuggler harvester{} gave House Harkonnen {spice} spice",
            if harvesters == 1 { "" } else { "s" }
        ),
        SmEvent::VehiclesRemoved {
            harvesters,
            carryall,
        } => format!(
            "the Smuggler vehicles left the board: {harvesters} harvester{}{}",
            if harvesters == 1 { "" } else { "s" },
            if carryall { " and the carryall" } else { "" }
        ),
        SmEvent::StabanMoved { step } => {
            format!("Staban Tuek moved down to prescience step {step}")
        }
    }
}

/// The Smugglers figures of one area.
pub(super) fn sm_area_to_pb(a: &SmugglersArea) -> pb::ArrakisSmugglersArea {
    pb::ArrakisSmugglersArea {
        harvester: a.harvester,
        base: a.base,
    }
}

/// The Smugglers off the main board.
pub(super) fn sm_view_to_pb(s: &SmugglersView) -> pb::ArrakisSmugglers {
    pb::ArrakisSmugglers {
        standing: s.standing.name().to_owned(),
        staban_step: s.staban_step.into(),
        regulars_waiting: s.regulars_waiting.into(),
        thopters: s.thopters.into(),
        harvesters_in_game: s.harvesters_in_game.into(),
        carryall_in_game: s.carryall_in_game,
        base: s.base.map(area_name).unwrap_or_default(),
        die: s.die.map(DieResult::name).unwrap_or_default().to_owned(),
    }
}

#[cfg(test)]
mod neutral_tests {
    use super::*;

    /// The neutral part's action round-trips; its events have a kind and
    /// a text in words (names, not ids).
    #[test]
    fn neutral_smugglers_on_the_wire() {
        let area = board().area_id("s1_1").unwrap();
        let a = SmAction::PlaceHarvester(area);
        let Step::Smugglers(x) = sm_action_to_pb(a) else {
            panic!("a smugglers step");
        };
        assert_eq!(sm_action_from_pb(&x).unwrap(), a);
        let bad = pb::arrakis_action::Smugglers {
            choice: Some(pb::arrakis_action::smugglers::Choice::PlaceHarvester(
                "nowhere".into(),
            )),
        };
        assert!(sm_action_from_pb(&bad).is_err());
        for e in [
            SmEvent::RegularsAdded {
                added: 1,
                waiting: 2,
            },
            SmEvent::HarvesterPlaced { area },
            SmEvent::HarvesterLost { area },
            SmEvent::HarvesterCaptured { area, in_game: 2 },
            SmEvent::SpiceCollected {
                harvesters: 2,
                spice: 2,
            },
            SmEvent::VehiclesRemoved {
                harvesters: 2,
                carryall: true,
            },
        ] {
            let mut wire = pb::ArrakisEvent::default();
            let kind = sm_event_to_pb(&e, &mut wire);
            assert!(!kind.is_empty());
            let text = sm_event_text(&e);
            assert!(!text.is_empty() && !text.contains('_'), "{text}");
        }
    }
}
