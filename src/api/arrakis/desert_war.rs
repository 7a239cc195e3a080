//! The Desert War expansion on the wire (rule IDs `DW-...`): its actions
//! (`ArrakisAction.harkonnen_desert_war` and `.atreides_desert_war`),
//! prompts (fields 100 to 139 of `ArrakisPrompt`), events (cases 200 to
//! 239 of `ArrakisEvent.kind`) and its part of the view (`ArrakisDesertWar`,
//! `ArrakisDesertArea`), laid out as the Smugglers' [`super::smugglers`].
//! A Camp's marker is the Atreides' secret: the rules' view leaves it out
//! for anyone else, so this file only copies what the view holds.
use super::*;
use crate::rules::arrakis::expansions::desert_war::{
    AtreidesTrooper, BoxSpecial, DesertAreaView, DesertWarView, DwAction, DwEvent, DwPrompt,
    TrooperRemoval, Troopers,
};

/// An area's Desert War figures on the wire.
pub(super) fn dw_area_to_pb(a: &DesertAreaView) -> pb::ArrakisDesertArea {
    pb::ArrakisDesertArea {
        suspensors: a.suspensors.into(),
        rockets: a.rockets.into(),
        sandriders: a.sandriders.into(),
        escorts: a.escorts.into(),
        camp: a.camp,
        camp_marker: a
            .camp_marker
            .map(Marker::name)
            .unwrap_or_default()
            .to_owned(),
    }
}

/// The expansion's part of the view outside the areas on the wire.
pub(super) fn dw_view_to_pb(dw: &DesertWarView) -> pb::ArrakisDesertWar {
    pb::ArrakisDesertWar {
        escorts: dw.escorts.into(),
        suspensors: dw.suspensors.into(),
        sandriders: dw.sandriders.into(),
        rockets: dw.rockets.into(),
        camp_tokens: dw.camp_tokens.into(),
        camp_token_markers: dw
            .camp_token_markers
            .iter()
            .map(|m| m.name().to_owned())
            .collect(),
        tokens_on_board: dw.tokens_on_board.into(),
        sandriders_card_spent: dw.sandriders_card_spent,
    }
}

/// Desert Troopers (and Escorts, Camps) by kind on the wire.
fn figures(t: &Troopers, escorts: u8, camps: u8) -> pb::ArrakisDesertFigures {
    pb::ArrakisDesertFigures {
        suspensors: t.suspensors.into(),
        rockets: t.rockets.into(),
        sandriders: t.sandriders.into(),
        escorts: escorts.into(),
        camps: camps.into(),
    }
}

/// A Desert War event on the wire: its case of `ArrakisEvent.kind`.
pub(super) fn dw_event_to_pb(e: &DwEvent) -> Option<Kind> {
    match e {
        DwEvent::TroopersRemoved {
            area,
            troopers,
            why,
        } => Some(Kind::TroopersRemoved(ev::TroopersRemoved {
            area: area_name(*area),
            figures: Some(figures(troopers, 0, 0)),
            reason: why.name().to_owned(),
        })),
        DwEvent::RoundCleared {
            escorts,
            camps,
            troopers,
            tokens,
        } => Some(Kind::DesertWarCleared(ev::DesertWarCleared {
            figures: Some(figures(troopers, *escorts, *camps)),
            tokens: (*tokens).into(),
        })),
        DwEvent::TokensPlaced { .. }
        | DwEvent::TokenDiscarded { .. }
        | DwEvent::SuspensorDeployed { .. }
        | DwEvent::SuspensorMoved { .. }
        | DwEvent::SuspensorScouted { .. }
        | DwEvent::TrooperSwap { .. }
        | DwEvent::WormsignDiscarded { .. }
        | DwEvent::EscortJoined { .. } => harkonnen_dw_event_to_pb(e),
        DwEvent::CampPlaced { .. }
        | DwEvent::CampRemoved { .. }
        | DwEvent::CampTraded { .. }
        | DwEvent::RocketsDeployed { .. }
        | DwEvent::RocketAttack { .. }
        | DwEvent::VehicleShotDown { .. }
        | DwEvent::RocketsLost { .. }
        | DwEvent::SandriderPlaced { .. }
        | DwEvent::SandriderRemoved { .. }
        | DwEvent::SandridersSpecial { .. } => desert_war_event_to_pb(e),
    }
}

/// "2 Suspensor Troopers, 1 Rocket Launcher" (nothing for none).
fn troopers_text(t: &Troopers) -> String {
    let mut parts = Vec::new();
    for (n, one, many) in [
        (t.suspensors, "Suspensor Trooper", "Suspensor Troopers"),
        (t.rockets, "Rocket Launcher", "Rocket Launchers"),
        (t.sandriders, "Sandrider", "Sandriders"),
    ] {
        match n {
            0 => {}
            1 => parts.push(format!("1 {one}")),
            n => parts.push(format!("{n} {many}")),
        }
    }
    parts.join(", ")
}

/// A short English line for a Desert War event.
pub(super) fn dw_event_text(e: &DwEvent) -> String {
    match e {
        DwEvent::TroopersRemoved {
            area,
            troopers,
            why,
        } => {
            let cause = match why {
                TrooperRemoval::Legion => "an opposing legion came in",
                TrooperRemoval::Sandworm => "a sandworm came in",
            };
            format!(
                "{} removed from {} ({cause}), back to the supply",
                troopers_text(troopers),
                area_display(*area)
            )
        }
        DwEvent::RoundCleared {
            escorts,
            camps,
            troopers,
            tokens,
        } => {
            let mut parts = Vec::new();
            if *escorts > 0 {
                parts.push(format!("{escorts} Escort Ornithopter(s) from legions"));
            }
            if *camps > 0 {
                parts.push(format!("{camps} Fremen Camp(s)"));
            }
            if troopers.total() > 0 {
                parts.push(troopers_text(troopers));
            }
            if *tokens > 0 {
                parts.push(format!("{tokens} Desert War token(s)"));
            }
            format!(
                "the End of the Round clears the Desert War: {}",
                parts.join(", ")
            )
        }
        DwEvent::TokensPlaced { .. }
        | DwEvent::TokenDiscarded { .. }
        | DwEvent::SuspensorDeployed { .. }
        | DwEvent::SuspensorMoved { .. }
        | DwEvent::SuspensorScouted { .. }
        | DwEvent::TrooperSwap { .. }
        | DwEvent::WormsignDiscarded { .. }
        | DwEvent::EscortJoined { .. } => harkonnen_dw_event_text(e),
        DwEvent::CampPlaced { .. }
        | DwEvent::CampRemoved { .. }
        | DwEvent::CampTraded { .. }
        | DwEvent::RocketsDeployed { .. }
        | DwEvent::RocketAttack { .. }
        | DwEvent::VehicleShotDown { .. }
        | DwEvent::RocketsLost { .. }
        | DwEvent::SandriderPlaced { .. }
        | DwEvent::SandriderRemoved { .. }
        | DwEvent::SandridersSpecial { .. } => desert_war_event_text(e),
    }
}

// --- Desert War, the Harkonnen side (Suspensor Troopers, Escort
// Ornithopters) on the wire ---

fn atreides_trooper(text: &str) -> Result<AtreidesTrooper, MatchError> {
    parse(
        &AtreidesTrooper::ALL,
        AtreidesTrooper::name,
        "Atreides Desert Trooper",
        text,
    )
}

/// A Desert War action on the wire, by side.
pub(super) fn dw_action_to_pb(a: DwAction) -> Step {
    match a {
        DwAction::DeploySuspensor(..)
        | DwAction::MoveSuspensor(..)
        | DwAction::ScoutSuspensor(..)
        | DwAction::SwapOut(..)
        | DwAction::EscortTroops(..)
        | DwAction::EscortWithTransport(..)
        | DwAction::TakeEscort => harkonnen_dw_to_pb(a),
        DwAction::PlaceCamp(..)
        | DwAction::DeployRockets
        | DwAction::RocketAttack(..)
        | DwAction::TradeCamp
        | DwAction::PlaceSandrider(..)
        | DwAction::Sandriders(..) => atreides_desert_war_to_pb(a),
    }
}

/// A Desert War decision on the wire, by side (the prompt knows whose
/// decision it is: `DwPrompt::faction`).
pub(super) fn dw_prompt_to_pb(p: DwPrompt, wire: &mut pb::ArrakisPrompt) -> &'static str {
    match p.faction() {
        Faction::Harkonnen => harkonnen_dw_prompt_to_pb(p, wire),
        Faction::Atreides => desert_war_prompt_to_pb(p, wire),
    }
}

pub(super) fn harkonnen_dw_from_pb(
    h: &pb::arrakis_action::HarkonnenDesertWar,
) -> Result<DwAction, MatchError> {
    use pb::arrakis_action::harkonnen_desert_war::Choice;
    let choice = h
        .choice
        .as_ref()
        .ok_or_else(|| invalid("the Harkonnen Desert War action has no choice set".into()))?;
    Ok(match choice {
        Choice::DeploySuspensor(a) => DwAction::DeploySuspensor(area(a)?),
        Choice::MoveSuspensor(m) => DwAction::MoveSuspensor(area(&m.from)?, area(&m.to)?),
        Choice::ScoutSuspensor(s) => DwAction::ScoutSuspensor(area(&s.from)?, area(&s.area)?),
        Choice::SwapOut(k) => DwAction::SwapOut(atreides_trooper(k)?),
        Choice::EscortTroops(e) => DwAction::EscortTroops(zone(&e.zone)?, area(&e.area)?),
        Choice::TakeEscort(_) => DwAction::TakeEscort,
        Choice::EscortWithTransport(e) => {
            DwAction::EscortWithTransport(zone(&e.escort_zone)?, zone(&e.zone)?, area(&e.area)?)
        }
    })
}

fn harkonnen_dw_to_pb(a: DwAction) -> Step {
    use pb::arrakis_action::harkonnen_desert_war::{self as h, Choice};
    let choice = match a {
        DwAction::DeploySuspensor(x) => Choice::DeploySuspensor(area_name(x)),
        DwAction::MoveSuspensor(x, y) => Choice::MoveSuspensor(h::MoveSuspensor {
            from: area_name(x),
            to: area_name(y),
        }),
        DwAction::ScoutSuspensor(x, y) => Choice::ScoutSuspensor(h::ScoutSuspensor {
            from: area_name(x),
            area: area_name(y),
        }),
        DwAction::SwapOut(k) => Choice::SwapOut(k.name().to_owned()),
        DwAction::EscortTroops(z, x) => Choice::EscortTroops(h::EscortTroops {
            zone: zone_name(z),
            area: area_name(x),
        }),
        DwAction::TakeEscort => Choice::TakeEscort(h::TakeEscort {}),
        DwAction::EscortWithTransport(ze, zo, x) => {
            Choice::EscortWithTransport(h::EscortWithTransport {
                escort_zone: zone_name(ze),
                zone: zone_name(zo),
                area: area_name(x),
            })
        }
        // Mapped by `atreides_desert_war_to_pb`: `dw_action_to_pb` hands
        // over only the above.
        _ => return atreides_desert_war_to_pb(a),
    };
    Step::HarkonnenDesertWar(pb::arrakis_action::HarkonnenDesertWar {
        choice: Some(choice),
    })
}

// The Desert War expansion on the wire: the Atreides part (Camps, Rocket
// Launchers, Sandriders).

pub(super) fn atreides_desert_war_from_pb(
    x: &pb::arrakis_action::AtreidesDesertWar,
) -> Result<DwAction, MatchError> {
    use pb::arrakis_action::atreides_desert_war::Choice;
    let choice = x
        .choice
        .as_ref()
        .ok_or_else(|| invalid("the atreides_desert_war step has no choice set".into()))?;
    Ok(match choice {
        Choice::PlaceCamp(p) => DwAction::PlaceCamp(marker(&p.marker)?, area(&p.area)?),
        Choice::DeployRockets(_) => DwAction::DeployRockets,
        Choice::RocketAttack(x) => DwAction::RocketAttack(sector(x)?),
        Choice::TradeCamp(_) => DwAction::TradeCamp,
        Choice::PlaceSandrider(a) => DwAction::PlaceSandrider(area(a)?),
        Choice::Sandriders(a) => DwAction::Sandriders(area(a)?),
    })
}

fn atreides_desert_war_to_pb(a: DwAction) -> Step {
    use pb::arrakis_action::atreides_desert_war as x;
    use x::Choice;
    let choice = match a {
        DwAction::PlaceCamp(m, a) => Choice::PlaceCamp(x::PlaceCamp {
            marker: m.name().to_owned(),
            area: area_name(a),
        }),
        DwAction::DeployRockets => Choice::DeployRockets(x::DeployRockets {}),
        DwAction::RocketAttack(s) => Choice::RocketAttack(sector_name(s)),
        DwAction::TradeCamp => Choice::TradeCamp(x::TradeCamp {}),
        DwAction::PlaceSandrider(a) => Choice::PlaceSandrider(area_name(a)),
        DwAction::Sandriders(a) => Choice::Sandriders(area_name(a)),
        // Mapped by `harkonnen_dw_to_pb`; `dw_action_to_pb` hands over
        // only the above.
        _ => Choice::DeployRockets(x::DeployRockets {}),
    };
    Step::AtreidesDesertWar(pb::arrakis_action::AtreidesDesertWar {
        choice: Some(choice),
    })
}

fn harkonnen_dw_prompt_to_pb(p: DwPrompt, wire: &mut pb::ArrakisPrompt) -> &'static str {
    match p {
        DwPrompt::HarkonnenAfter => "harkonnen_desert_war_after",
        DwPrompt::DeploySuspensors { left, areas, after } => {
            wire.count = left.into();
            wire.areas = areas.iter().map(area_name).collect();
            wire.desert_war_after = after;
            "deploy_suspensors"
        }
        DwPrompt::SwapTrooper { area, after } => {
            wire.area = area_name(area);
            wire.desert_war_after = after;
            "swap_trooper"
        }
        // Mapped elsewhere: `dw_prompt_to_pb` hands over only the above.
        _ => "desert_war",
    }
}

fn desert_war_prompt_to_pb(p: DwPrompt, wire: &mut pb::ArrakisPrompt) -> &'static str {
    match p {
        DwPrompt::PlaceCamp => "place_camp",
        DwPrompt::AtreidesAfter => "atreides_desert_war",
        DwPrompt::AtreidesBefore(s) => {
            match s {
                BoxSpecial::Leader(l) => wire.leader_special = leader_name(l),
                BoxSpecial::Sandriders(a) => wire.area = area_name(a),
            }
            "atreides_desert_war_before"
        }
        DwPrompt::DeployRockets { left, .. } => {
            wire.count = left.into();
            "deploy_rockets"
        }
        DwPrompt::RocketTarget { from, left, .. } => {
            wire.area = area_name(from);
            wire.count = left.into();
            "rocket_target"
        }
        DwPrompt::CampTrade { area, .. } => {
            wire.area = area_name(area);
            "camp_trade"
        }
        DwPrompt::SandridersWorm(area) => {
            wire.area = area_name(area);
            "sandriders_worm"
        }
        // Mapped elsewhere: `dw_prompt_to_pb` hands over only the above.
        _ => "desert_war",
    }
}

fn harkonnen_dw_event_to_pb(e: &DwEvent) -> Option<Kind> {
    Some(match *e {
        DwEvent::TokensPlaced { count } => Kind::DesertWarTokensPlaced(ev::DesertWarTokensPlaced {
            tokens: count.into(),
        }),
        DwEvent::TokenDiscarded { left } => {
            Kind::DesertWarTokenDiscarded(ev::DesertWarTokenDiscarded {
                tokens_left: left.into(),
            })
        }
        DwEvent::SuspensorDeployed { area } => Kind::SuspensorDeployed(ev::SuspensorDeployed {
            area: area_name(area),
        }),
        DwEvent::SuspensorMoved { from, to } => Kind::SuspensorMoved(ev::SuspensorMoved {
            from_area: area_name(from),
            to_area: area_name(to),
        }),
        DwEvent::SuspensorScouted { from, area } => Kind::SuspensorScouted(ev::SuspensorScouted {
            from_area: area_name(from),
            area: area_name(area),
        }),
        DwEvent::TrooperSwap { area, removed } => Kind::TrooperSwap(ev::TrooperSwap {
            area: area_name(area),
            desert_trooper: removed.name().to_owned(),
        }),
        DwEvent::WormsignDiscarded { area } => Kind::WormsignDiscarded(ev::WormsignDiscarded {
            area: area_name(area),
        }),
        DwEvent::EscortJoined { zone, area } => Kind::EscortJoined(ev::EscortJoined {
            zone: zone_name(zone),
            area: area_name(area),
        }),
        // Mapped elsewhere: `dw_event_to_pb` hands over only the above.
        _ => return None,
    })
}

fn harkonnen_dw_event_text(e: &DwEvent) -> String {
    let trooper = |k: AtreidesTrooper| match k {
        AtreidesTrooper::RocketLauncher => "a Rocket Launcher",
        AtreidesTrooper::Sandrider => "a Sandrider",
    };
    match *e {
        DwEvent::TokensPlaced { count } => format!(
            "House Harkonnen placed {count} Desert War token{} on the Spice Must Flow board",
            if count == 1 { "" } else { "s" }
        ),
        DwEvent::TokenDiscarded { left } => format!(
            "House Harkonnen discarded a Desert War token for a Desert War action ({left} left)"
        ),
        DwEvent::SuspensorDeployed { area } => format!(
            "House Harkonnen deployed a Suspensor Trooper in {}",
            area_display(area)
        ),
        DwEvent::SuspensorMoved { from, to } => format!(
            "a Suspensor Trooper moved from {} to {}",
            area_display(from),
            area_display(to)
        ),
        DwEvent::SuspensorScouted { from, area } => format!(
            "House Harkonnen removed the Suspensor Trooper in {} to scout {}",
            area_display(from),
            area_display(area)
        ),
        DwEvent::TrooperSwap { area, removed } => format!(
            "a Suspensor Trooper and {} were removed in {}",
            trooper(removed),
            area_display(area)
        ),
        DwEvent::WormsignDiscarded { area } => format!(
            "a Suspensor Trooper discarded the wormsign in {} unseen",
            area_display(area)
        ),
        DwEvent::EscortJoined { zone, area } => format!(
            "the Escort Ornithopter of Air zone {} joined the Harkonnen legion in {} as a \
             generic leader",
            zone_name(zone),
            area_display(area)
        ),
        // Written elsewhere: `dw_event_text` hands over only the above.
        _ => String::new(),
    }
}

fn desert_war_event_to_pb(e: &DwEvent) -> Option<Kind> {
    Some(match e {
        DwEvent::CampPlaced { area, marker } => Kind::CampPlaced(ev::CampPlaced {
            area: area_name(*area),
            // DW-CAMP-05: absent unless the rules' redaction left it in.
            marker: marker.map(|m| m.name().to_owned()),
        }),
        DwEvent::CampRemoved { area } => Kind::CampRemoved(ev::CampRemoved {
            area: area_name(*area),
        }),
        DwEvent::CampTraded { area, marker } => Kind::CampTraded(ev::CampTraded {
            area: area_name(*area),
            marker: marker.name().to_owned(),
        }),
        DwEvent::RocketsDeployed { area, count } => Kind::RocketsDeployed(ev::RocketsDeployed {
            area: area_name(*area),
            count: (*count).into(),
        }),
        DwEvent::RocketAttack { sector, dice } => Kind::RocketAttack(ev::RocketAttack {
            sector: sector_name(*sector),
            dice: dice.iter().map(|f| f.name().to_owned()).collect(),
        }),
        DwEvent::VehicleShotDown { zone, vehicle } => Kind::VehicleShotDown(ev::VehicleShotDown {
            zone: zone_name(*zone),
            vehicle: vehicle.name().to_owned(),
        }),
        DwEvent::RocketsLost { area, count } => Kind::RocketsLost(ev::RocketsLost {
            area: area_name(*area),
            count: (*count).into(),
        }),
        DwEvent::SandriderPlaced { area } => Kind::SandriderPlaced(ev::SandriderPlaced {
            area: area_name(*area),
        }),
        DwEvent::SandriderRemoved { area } => Kind::SandriderRemoved(ev::SandriderRemoved {
            area: area_name(*area),
        }),
        DwEvent::SandridersSpecial { area } => Kind::SandridersSpecial(ev::SandridersSpecial {
            area: area_name(*area),
        }),
        // Mapped elsewhere: `dw_event_to_pb` hands over only the above.
        _ => return None,
    })
}

fn desert_war_event_text(e: &DwEvent) -> String {
    match e {
        DwEvent::CampPlaced { area, marker } => match marker {
            Some(m) => format!(
                "House Atreides placed their {} Fremen Camp in {}",
                Marker::display_name(*m),
                area_display(*area)
            ),
            None => format!(
                "House Atreides placed a Fremen Camp in {}",
                area_display(*area)
            ),
        },
        DwEvent::CampRemoved { area } => {
            format!("the Fremen Camp in {} was removed", area_display(*area))
        }
        DwEvent::CampTraded { area, marker } => format!(
            "House Atreides gave up the {} Fremen Camp in {} for prescience",
            Marker::display_name(*marker),
            area_display(*area)
        ),
        DwEvent::RocketsDeployed { area, count } => format!(
            "House Atreides deployed {count} Rocket Launcher(s) in {}",
            area_display(*area)
        ),
        DwEvent::RocketAttack { sector, dice } => format!(
            "the Rocket Launchers of sector {} fired {} dice: {}",
            sector_name(*sector),
            dice.len(),
            dice.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ")
        ),
        DwEvent::VehicleShotDown { zone, vehicle } => format!(
            "a rocket shot down the {} in Air zone {}",
            vehicle.name().replace('_', " "),
            zone_name(*zone)
        ),
        DwEvent::RocketsLost { area, count } => format!(
            "House Atreides lost {count} Rocket Launcher(s) in {}",
            area_display(*area)
        ),
        DwEvent::SandriderPlaced { area } => {
            format!(
                "House Atreides placed a Sandrider in {}",
                area_display(*area)
            )
        }
        DwEvent::SandriderRemoved { area } => {
            format!("the Sandrider in {} was removed", area_display(*area))
        }
        DwEvent::SandridersSpecial { area } => format!(
            "House Atreides used the Sandriders: a sandworm came to the Sandrider in {}",
            area_display(*area)
        ),
        // Written elsewhere: `dw_event_text` hands over only the above.
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::pick;
    use super::*;
    use crate::rules::arrakis::expansions::ExpansionAction;
    use crate::rules::core::{RngStream, Ruleset, Viewer};
    use rand::Rng;

    /// The Desert War on the wire, both sides: every action offered in
    /// games with the expansion round-trips with a label in words, every
    /// prompt has a kind, and every event (as the acting house and as a
    /// spectator sees it) has a kind and a text in words.
    #[test]
    fn desert_war_actions_round_trip_through_the_wire() {
        let opts = ArrakisOptions {
            desert_war: true,
            ..Default::default()
        };
        let mut played = 0;
        for seed in 0..3 {
            let (mut game, mut events) = Arrakis::setup_with_events(&opts, seed).unwrap();
            let mut chooser = RngStream::Bot(9).rng(seed);
            let mut legal = Vec::new();
            let mut steps = 0;
            while let Some(seat) = game.to_act() {
                steps += 1;
                assert!(steps < 100_000, "seed {seed}: no end");
                legal.clear();
                game.legal_actions(seat, &mut legal);
                for action in &legal {
                    let back = Arrakis::action_from_pb(&Arrakis::action_to_pb(action)).unwrap();
                    assert_eq!(back, *action);
                    let label = game.label(action);
                    assert!(!label.is_empty() && !label.contains('_'), "{label}");
                    if matches!(action, Action::Expansion(ExpansionAction::DesertWar(_))) {
                        assert!(!label.contains('('), "{label}");
                    }
                }
                let wire = prompt_to_pb(game.prompt());
                assert!(!wire.kind.is_empty());
                // Prefer the expansion's actions when offered.
                let dw: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| {
                        matches!(
                            a,
                            Action::Expansion(ExpansionAction::DesertWar(_))
                                | Action::PlaceVehicle(Vehicle::ESCORT_ORNITHOPTER, _)
                        )
                    })
                    .collect();
                let action = if dw.is_empty() {
                    pick(&legal, &mut chooser)
                } else {
                    played += 1;
                    dw[chooser.random_range(0..dw.len())]
                };
                let start = events.len();
                game.apply(seat, &action, &mut events).unwrap();
                for e in &events[start..] {
                    assert!(event_to_pb(e).kind.is_some() && !event_text(e).is_empty());
                }
            }
            for event in &events {
                let event = game.redact(event, Viewer::Spectator).unwrap();
                let (text, wire) = game.event_to_pb(&event);
                assert!(!text.is_empty() && !text.contains('_'), "{text}");
                let Some(pb::event::Game::Arrakis(wire)) = wire else {
                    panic!("an Arrakis event expected");
                };
                assert!(wire.kind.is_some());
            }
        }
        assert!(played > 0, "the expansion's actions were played");
    }
}
