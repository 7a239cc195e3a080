//! The Smugglers expansion on the wire (rule IDs `SM-...`): its actions
//! (`ArrakisAction.smugglers`), prompts and events (fields 140 to 159 of
//! `ArrakisPrompt` and `ArrakisEvent`) and its part of the view
//! (`ArrakisSmugglers`, `ArrakisSmugglersArea`). Everything of the
//! expansion is public, so nothing here is redacted.
use super::area_name;
use crate::matches::MatchError;
use crate::pb::{self, arrakis_action::Step};
use crate::rules::arrakis::DieResult;
use crate::rules::arrakis::expansions::smugglers::{
    SmAction, SmEvent, SmPrompt, SmugglersArea, SmugglersView,
};

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
    }
}

/// An action on the wire.
pub(super) fn sm_action_to_pb(a: SmAction) -> Step {
    match a {}
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
    }
}

/// An event in words.
pub(super) fn sm_event_text(e: &SmEvent) -> String {
    match *e {
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
