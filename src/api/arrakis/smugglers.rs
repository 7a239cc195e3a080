//! The Smugglers expansion on the wire (rule IDs `SM-...`): its actions
//! (`ArrakisAction.smugglers`), prompts (fields 140 to 159 of
//! `ArrakisPrompt`), events (cases 240 to 279 of `ArrakisEvent.kind`) and
//! its part of the view
//! (`ArrakisSmugglers`, `ArrakisSmugglersArea`). Everything of the
//! expansion is public, so nothing here is redacted.
use super::{area_display, area_name, leader_name, zone_name};
use crate::matches::MatchError;
use crate::pb::{
    self,
    arrakis_action::Step,
    arrakis_event::{self as ev, Kind},
};
use crate::rules::arrakis::expansions::smugglers::core_data::smugglers_data;
use crate::rules::arrakis::expansions::smugglers::data::smugglers;
use crate::rules::arrakis::expansions::smugglers::{
    DieUse, SmAction, SmEvent, SmPrompt, SmugglersArea, SmugglersView,
};
use crate::rules::arrakis::{AreaId, DieResult, board};
use pb::arrakis_action::smugglers::Choice;

/// An action from the wire.
pub(super) fn sm_action_from_pb(x: &pb::arrakis_action::Smugglers) -> Result<SmAction, MatchError> {
    use pb::arrakis_action::smugglers::Choice;
    let choice = x
        .choice
        .as_ref()
        .ok_or_else(|| super::invalid("the smugglers step has no choice set".into()))?;
    match choice {
        Choice::PlaceBase(a) => Ok(SmAction::PlaceBase(super::area(a)?)),
        Choice::StabanJoins(a) => Ok(SmAction::StabanJoins(super::area(a)?)),
        Choice::UseDie(_)
        | Choice::ClaimPrescience(_)
        | Choice::PlaceThopter(_)
        | Choice::ThopterBattle(_)
        | Choice::ThopterTransport(_) => die_thopters_action_from_pb(choice),
        Choice::PlaceHarvester(a) => Ok(SmAction::PlaceHarvester(super::area(a)?)),
    }
}

/// The die and ornithopter choices from the wire.
fn die_thopters_action_from_pb(
    choice: &pb::arrakis_action::smugglers::Choice,
) -> Result<SmAction, MatchError> {
    use pb::arrakis_action::smugglers::Choice;
    Ok(match choice {
        Choice::UseDie(u) => SmAction::UseDie(DieUse::from_name(u).ok_or_else(|| {
            super::invalid(format!(
                "unknown Smugglers die action {}",
                crate::matches::echo(u)
            ))
        })?),
        Choice::ClaimPrescience(slot) => {
            SmAction::ClaimPrescience(crate::api::fields::small(*slot, "claim slot")?)
        }
        Choice::PlaceThopter(z) => SmAction::PlaceThopter(super::zone(z)?),
        Choice::ThopterBattle(z) => SmAction::ThopterBattle(super::zone(z)?),
        Choice::ThopterTransport(t) => {
            SmAction::ThopterTransport(super::zone(&t.zone)?, super::area(&t.area)?)
        }
        // Mapped by `sm_action_from_pb`, which hands only the die and
        // ornithopter choices here.
        Choice::PlaceBase(_) | Choice::StabanJoins(_) | Choice::PlaceHarvester(_) => {
            return Err(super::invalid(
                "not a choice of the Smugglers die or ornithopters".into(),
            ));
        }
    })
}

/// The die and ornithopter choices on the wire.
fn die_thopters_action_to_pb(a: SmAction) -> Choice {
    match a {
        SmAction::UseDie(u) => Choice::UseDie(u.name().to_owned()),
        SmAction::ClaimPrescience(slot) => Choice::ClaimPrescience(slot.into()),
        SmAction::PlaceThopter(z) => Choice::PlaceThopter(zone_name(z)),
        SmAction::ThopterBattle(z) => Choice::ThopterBattle(zone_name(z)),
        SmAction::ThopterTransport(z, x) => {
            Choice::ThopterTransport(pb::arrakis_action::Transport {
                zone: zone_name(z),
                area: area_name(x),
            })
        }
        // Mapped by `sm_action_to_pb`, which hands only the die and
        // ornithopter choices here.
        SmAction::PlaceBase(x) => Choice::PlaceBase(area_name(x)),
        SmAction::StabanJoins(x) => Choice::StabanJoins(area_name(x)),
        SmAction::PlaceHarvester(x) => Choice::PlaceHarvester(area_name(x)),
    }
}

/// An action on the wire.
pub(super) fn sm_action_to_pb(a: SmAction) -> Step {
    use pb::arrakis_action::smugglers::Choice;
    let choice = match a {
        SmAction::PlaceBase(x) => Choice::PlaceBase(area_name(x)),
        SmAction::StabanJoins(x) => Choice::StabanJoins(area_name(x)),
        SmAction::UseDie(_)
        | SmAction::ClaimPrescience(_)
        | SmAction::PlaceThopter(_)
        | SmAction::ThopterBattle(_)
        | SmAction::ThopterTransport(..) => die_thopters_action_to_pb(a),
        SmAction::PlaceHarvester(x) => Choice::PlaceHarvester(area_name(x)),
    };
    Step::Smugglers(pb::arrakis_action::Smugglers {
        choice: Some(choice),
    })
}

/// A prompt's kind and fields.
pub(super) fn sm_prompt_to_pb(p: SmPrompt, _wire: &mut pb::ArrakisPrompt) -> &'static str {
    match p {
        SmPrompt::PlaceBase => "place_smugglers_base",
        SmPrompt::StabanReturns => "staban_returns",
        SmPrompt::PlaceThopters => "place_smuggler_thopters",
        SmPrompt::MentatPlay => "smugglers_mentat_play",
        SmPrompt::MentatKeep => "smugglers_mentat_keep",
        SmPrompt::DieSpecial => "smugglers_die_special",
    }
}

/// An event's kind and fields.
pub(super) fn sm_event_to_pb(e: &SmEvent) -> Option<Kind> {
    Some(match e {
        SmEvent::StabanMoved { step } => Kind::StabanMoved(ev::StabanMoved {
            step: (*step).into(),
        }),
        SmEvent::Allied {
            harvesters_removed,
            carryall_removed,
        } => Kind::SmugglersAllied(ev::SmugglersAllied {
            harvesters_removed: (*harvesters_removed).into(),
            carryall_removed: *carryall_removed,
        }),
        SmEvent::BasePlaced { area } => Kind::SmugglersBasePlaced(ev::SmugglersBasePlaced {
            area: area_name(*area),
        }),
        SmEvent::FiguresJoined {
            area,
            regulars,
            leaders,
        } => Kind::SmugglersJoined(ev::SmugglersJoined {
            area: area_name(*area),
            regulars: (*regulars).into(),
            leaders: leaders.iter().map(|l| leader_name(*l)).collect(),
        }),
        SmEvent::StabanReturned { area } => Kind::StabanReturned(ev::StabanReturned {
            area: area_name(*area),
            leader: smugglers().staban_tuek.id.clone(),
        }),
        SmEvent::Defeated {
            area,
            regulars_removed,
            thopters_removed,
        } => Kind::SmugglersDefeated(ev::SmugglersDefeated {
            area: area_name(*area),
            regulars_removed: (*regulars_removed).into(),
            thopters_removed: (*thopters_removed).into(),
        }),
        SmEvent::DieRolled { .. }
        | SmEvent::DieUsed { .. }
        | SmEvent::DieClaimed { .. }
        | SmEvent::RegularsDeployed { .. }
        | SmEvent::ThopterBattle { .. }
        | SmEvent::ThopterTransport { .. } => return die_thopters_event_to_pb(e),
        SmEvent::RegularsAdded { .. }
        | SmEvent::HarvesterPlaced { .. }
        | SmEvent::HarvesterLost { .. }
        | SmEvent::HarvesterCaptured { .. }
        | SmEvent::SpiceCollected { .. }
        | SmEvent::VehiclesRemoved { .. } => return neutral_event_to_pb(e),
    })
}

/// An event in words.
pub(super) fn sm_event_text(e: &SmEvent) -> String {
    match e {
        SmEvent::StabanMoved { step } => {
            format!("Staban Tuek moved down to prescience step {step}")
        }
        SmEvent::Allied {
            harvesters_removed,
            carryall_removed,
        } => {
            let carryall = if *carryall_removed {
                " and the Smuggler carryall"
            } else {
                ""
            };
            format!(
                "the Smugglers allied with the Atreides: {harvesters_removed} Smuggler \
                 harvester(s){carryall} left the game"
            )
        }
        SmEvent::BasePlaced { area } => {
            format!("the Smugglers Base was placed in {}", area_display(*area))
        }
        SmEvent::FiguresJoined {
            area,
            regulars,
            leaders,
        } => {
            let names: Vec<String> = leaders
                .iter()
                .map(|l| smugglers_data().leader(*l).name.clone())
                .collect();
            format!(
                "{} and {regulars} Smuggler Regular(s) went to {}",
                if names.is_empty() {
                    "no leader".to_owned()
                } else {
                    names.join(", ")
                },
                area_display(*area)
            )
        }
        SmEvent::StabanReturned { area } => format!(
            "Staban Tuek left the regeneration tank for the Atreides legion in {}",
            area_display(*area)
        ),
        SmEvent::Defeated {
            area,
            regulars_removed,
            thopters_removed,
        } => format!(
            "the Smugglers Base in {} fell: the Smugglers are defeated; {regulars_removed} \
             Smuggler Regular(s), {thopters_removed} Smuggler ornithopter(s), the die and \
             Staban Tuek left the game",
            area_display(*area)
        ),
        SmEvent::DieRolled { .. }
        | SmEvent::DieUsed { .. }
        | SmEvent::DieClaimed { .. }
        | SmEvent::RegularsDeployed { .. }
        | SmEvent::ThopterBattle { .. }
        | SmEvent::ThopterTransport { .. } => die_thopters_event_text(e),
        SmEvent::RegularsAdded { .. }
        | SmEvent::HarvesterPlaced { .. }
        | SmEvent::HarvesterLost { .. }
        | SmEvent::HarvesterCaptured { .. }
        | SmEvent::SpiceCollected { .. }
        | SmEvent::VehiclesRemoved { .. } => neutral_event_text(e),
    }
}

/// The die and ornithopter events on the wire.
fn die_thopters_event_to_pb(e: &SmEvent) -> Option<Kind> {
    let die_used = |result: DieResult, action: &str| {
        Kind::SmugglersDieUsed(ev::SmugglersDieUsed {
            die: result.name().to_owned(),
            action: action.to_owned(),
        })
    };
    Some(match *e {
        SmEvent::DieRolled { result } => Kind::SmugglersDieRolled(ev::SmugglersDieRolled {
            die: result.name().to_owned(),
        }),
        SmEvent::DieUsed { result, action } => die_used(result, action.name()),
        SmEvent::DieClaimed { result } => die_used(result, "claim_prescience"),
        SmEvent::RegularsDeployed { area, count } => {
            Kind::SmugglersDeployed(ev::SmugglersDeployed {
                area: area_name(area),
                count: count.into(),
            })
        }
        SmEvent::ThopterBattle { zone } => Kind::ThopterBattle(ev::ThopterBattle {
            zone: zone_name(zone),
        }),
        SmEvent::ThopterTransport { zone } => Kind::ThopterTransport(ev::ThopterTransport {
            zone: zone_name(zone),
        }),
        // Mapped by `sm_event_to_pb`, which hands only the die and
        // ornithopter events here.
        _ => return None,
    })
}

/// The die and ornithopter events in words.
fn die_thopters_event_text(e: &SmEvent) -> String {
    match *e {
        SmEvent::DieRolled { result } => {
            format!("The Atreides rolled the Smugglers die: {}", result.name())
        }
        SmEvent::DieUsed { result, action } => format!(
            "The Atreides spent the Smugglers die ({}) to {}",
            result.name(),
            action.name().replace('_', " ")
        ),
        SmEvent::DieClaimed { result } => format!(
            "The Atreides spent the Smugglers die ({}) to claim a prescience card",
            result.name()
        ),
        SmEvent::RegularsDeployed { area, count } => format!(
            "{count} Smuggler units deployed in the Base's area, {}",
            super::area_display(area)
        ),
        SmEvent::ThopterBattle { zone } => format!(
            "Thopter battle: the Smuggler ornithopter in {} is removed",
            zone_name(zone)
        ),
        SmEvent::ThopterTransport { zone } => format!(
            "The Smuggler ornithopter in {} carried an Atreides legion",
            zone_name(zone)
        ),
        // Written by `sm_event_text`, which hands only the die and
        // ornithopter events here.
        _ => String::new(),
    }
}

/// The neutral part's events on the wire.
fn neutral_event_to_pb(e: &SmEvent) -> Option<Kind> {
    Some(match *e {
        SmEvent::RegularsAdded { waiting, .. } => {
            Kind::SmugglerRegularsAdded(ev::SmugglerRegularsAdded {
                waiting: waiting.into(),
            })
        }
        SmEvent::HarvesterPlaced { area } => {
            Kind::SmugglerHarvesterPlaced(ev::SmugglerHarvesterPlaced {
                area: area_name(area),
            })
        }
        SmEvent::HarvesterLost { area } => Kind::SmugglerHarvesterLost(ev::SmugglerHarvesterLost {
            area: area_name(area),
        }),
        SmEvent::HarvesterCaptured { area, in_game } => {
            Kind::SmugglerHarvesterCaptured(ev::SmugglerHarvesterCaptured {
                area: area_name(area),
                in_game: in_game.into(),
            })
        }
        SmEvent::SpiceCollected { harvesters, spice } => Kind::SmugglerSpice(ev::SmugglerSpice {
            harvesters: harvesters.into(),
            spice: spice.into(),
        }),
        SmEvent::VehiclesRemoved {
            harvesters,
            carryall,
        } => Kind::SmugglerVehiclesRemoved(ev::SmugglerVehiclesRemoved {
            harvesters: harvesters.into(),
            carryall,
        }),
        // Mapped by `sm_event_to_pb`, which hands only the neutral part's
        // events here.
        _ => return None,
    })
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
        // Written by `sm_event_text`, which hands only the neutral part's
        // events here.
        _ => String::new(),
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
mod tests {
    use super::super::{event_text, event_to_pb, prompt_to_pb};
    use crate::api::WireRules;
    use crate::pb::arrakis_event::{Kind, SmugglersJoined};
    use crate::rules::arrakis::expansions::smugglers::{SmAction, SmEvent, SmPrompt};
    use crate::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
    use crate::rules::arrakis::{Action, Arrakis, Event, Prompt, board};

    /// The alliance's actions, prompts and events on the wire: actions
    /// round-trip, prompts have their kind, events their case and a text in
    /// words (SM-ALLY-06, SM-ALLY-08, SM-STABAN-05, SM-DEFEAT-01).
    #[test]
    fn the_alliance_on_the_wire() {
        let a = board().a("s2_1");
        for x in [SmAction::PlaceBase(a), SmAction::StabanJoins(a)] {
            let action = Action::Expansion(ExpansionAction::Smugglers(x));
            let back = Arrakis::action_from_pb(&Arrakis::action_to_pb(&action)).unwrap();
            assert_eq!(back, action);
        }
        for (p, kind) in [
            (SmPrompt::PlaceBase, "place_smugglers_base"),
            (SmPrompt::StabanReturns, "staban_returns"),
        ] {
            assert_eq!(
                prompt_to_pb(Prompt::Expansion(ExpansionPrompt::Smugglers(p))).kind,
                kind
            );
        }
        let d = crate::rules::arrakis::expansions::smugglers::core_data::smugglers_data();
        let staban = d.leader_id("staban_tuek").unwrap();
        type IsCase = fn(&Kind) -> bool;
        let events: [(SmEvent, IsCase); 5] = [
            (
                SmEvent::Allied {
                    harvesters_removed: 3,
                    carryall_removed: true,
                },
                |k| matches!(k, Kind::SmugglersAllied(_)),
            ),
            (SmEvent::BasePlaced { area: a }, |k| {
                matches!(k, Kind::SmugglersBasePlaced(_))
            }),
            (
                SmEvent::FiguresJoined {
                    area: a,
                    regulars: 2,
                    leaders: vec![staban],
                },
                |k| matches!(k, Kind::SmugglersJoined(_)),
            ),
            (SmEvent::StabanReturned { area: a }, |k| {
                matches!(k, Kind::StabanReturned(_))
            }),
            (
                SmEvent::Defeated {
                    area: a,
                    regulars_removed: 6,
                    thopters_removed: 3,
                },
                |k| matches!(k, Kind::SmugglersDefeated(_)),
            ),
        ];
        for (e, case) in events {
            let e = Event::Expansion(ExpansionEvent::Smugglers(e));
            let wire = event_to_pb(&e);
            assert!(wire.kind.as_ref().is_some_and(case), "{wire:?}");
            let text = event_text(&e);
            assert!(!text.is_empty() && !text.contains('_'), "{text}");
        }
        let wire = event_to_pb(&Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::FiguresJoined {
                area: a,
                regulars: 2,
                leaders: vec![staban],
            },
        )));
        let Some(Kind::SmugglersJoined(SmugglersJoined {
            area,
            regulars,
            leaders,
        })) = wire.kind
        else {
            panic!("smugglers_joined, not {wire:?}");
        };
        assert_eq!((area.as_str(), regulars), ("s2_1", 2));
        assert_eq!(leaders, vec!["staban_tuek".to_owned()]);
    }
}

#[cfg(test)]
mod die_thopters_tests {
    use crate::api::WireRules;
    use crate::rules::arrakis::expansions::smugglers::{DieUse, SmAction, SmEvent};
    use crate::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent};
    use crate::rules::arrakis::{Action, AirZoneId, AreaId, Arrakis, DieResult, Event};

    /// The die and ornithopter choices round-trip through the wire, and
    /// their events have a kind and a text in words.
    #[test]
    fn die_and_thopter_actions_round_trip() {
        let (z, a) = (AirZoneId(0), AreaId(0));
        let mut actions: Vec<SmAction> = DieUse::ALL.into_iter().map(SmAction::UseDie).collect();
        actions.extend([
            SmAction::PlaceThopter(z),
            SmAction::ThopterBattle(z),
            SmAction::ThopterTransport(z, a),
            SmAction::ClaimPrescience(2),
        ]);
        for x in actions {
            let action = Action::Expansion(ExpansionAction::Smugglers(x));
            let back = Arrakis::action_from_pb(&Arrakis::action_to_pb(&action)).unwrap();
            assert_eq!(back, action);
        }
        for e in [
            SmEvent::DieRolled {
                result: DieResult::House,
            },
            SmEvent::DieUsed {
                result: DieResult::Strategy,
                action: DieUse::StrategyPair,
            },
            SmEvent::DieClaimed {
                result: DieResult::Mentat,
            },
            SmEvent::RegularsDeployed { area: a, count: 2 },
            SmEvent::ThopterBattle { zone: z },
            SmEvent::ThopterTransport { zone: z },
        ] {
            let e = Event::Expansion(ExpansionEvent::Smugglers(e));
            assert!(super::super::event_to_pb(&e).kind.is_some());
            let text = super::super::event_text(&e);
            assert!(!text.is_empty() && !text.contains('_'), "{text}");
        }
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
            assert!(sm_event_to_pb(&e).is_some());
            let text = sm_event_text(&e);
            assert!(!text.is_empty() && !text.contains('_'), "{text}");
        }
    }
}
