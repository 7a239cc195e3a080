//! Dune: War for Arrakis on the wire: options, actions, views and events as
//! the contract's `Arrakis*` messages, with every area, Air zone, card and
//! leader named by its data id and every enumeration as a snake_case string.
//! Each expansion's mapping is a file of its own, laid out alike:
//! `desert_war.rs` and `smugglers.rs`.
use super::{
    WireRules,
    fields::{
        invalid, max_rounds, published_preset, resignation, resignation_name, resignation_text,
        rule_overrides, seat, small,
    },
};
use crate::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
// Wire names are read from the Smugglers' tables, a superset of the core
// game's with the same ids (Staban Tuek and the Drone Ornithopters
// appended), so one table names the leaders and cards of every game.
use crate::rules::arrakis::expansions::smugglers::core_data::smugglers_data as data;
use crate::{
    matches::{MatchError, echo},
    pb::{
        self,
        arrakis_action::Step,
        arrakis_event::{self as ev, Kind},
    },
    rules::arrakis::{
        Action, AirZoneId, AreaId, Arrakis, ArrakisOptions, ArrakisView, Battle, BattleStep,
        CardId, Deck, DieResult, Event, Faction, Group, ImperiumMarker, LeaderAt, LeaderId, Marker,
        Move, Phase, Preset, Prompt, SectorId, Source, UnitKind, Vehicle, Worm, board, seat_of,
    },
};

mod desert_war;
mod smugglers;

/// Parses a snake_case wire name into the value of `all` whose `name()`
/// (the one place each enumeration spells its names) it is.
fn parse<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    what: &str,
    text: &str,
) -> Result<T, MatchError> {
    all.iter()
        .copied()
        .find(|v| name(*v) == text)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|v| name(*v)).collect();
            invalid(format!(
                "unknown {what} {}; use {}",
                echo(text),
                names.join(", ")
            ))
        })
}

fn die(text: &str) -> Result<DieResult, MatchError> {
    parse(&DieResult::ALL, DieResult::name, "die result", text)
}

fn unit(text: &str) -> Result<UnitKind, MatchError> {
    parse(&UnitKind::ALL, UnitKind::name, "unit kind", text)
}

fn deck(text: &str) -> Result<Deck, MatchError> {
    parse(&Deck::ALL, Deck::name, "deck", text)
}

fn imperium_marker(text: &str) -> Result<ImperiumMarker, MatchError> {
    parse(
        &ImperiumMarker::ALL,
        ImperiumMarker::name,
        "Imperium marker",
        text,
    )
}

fn vehicle(text: &str) -> Result<Vehicle, MatchError> {
    parse(&Vehicle::ALL, Vehicle::name, "vehicle", text)
}

fn marker(text: &str) -> Result<Marker, MatchError> {
    parse(&Marker::ALL, Marker::name, "prescience marker", text)
}

fn imperium_display(marker: ImperiumMarker) -> &'static str {
    match marker {
        ImperiumMarker::Choam => "CHOAM",
        ImperiumMarker::SpacingGuild => "Spacing Guild",
        ImperiumMarker::Landsraad => "Landsraad",
    }
}

fn faction_display(f: Faction) -> &'static str {
    match f {
        Faction::Harkonnen => "House Harkonnen",
        Faction::Atreides => "House Atreides",
    }
}

fn deck_display(d: Deck) -> &'static str {
    match d {
        Deck::HouseHarkonnen => "the House Harkonnen deck",
        Deck::CorrinoAlly => "the Corrino ally deck",
        Deck::HouseAtreides => "the House Atreides deck",
        Deck::FremenAlly => "the Fremen ally deck",
    }
}

fn die_display(d: DieResult) -> &'static str {
    match d {
        DieResult::Leadership => "Leadership",
        DieResult::Strategy => "Strategy",
        DieResult::Deployment => "Deployment",
        DieResult::Mentat => "Mentat",
        DieResult::House => "House",
    }
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::VehiclePlacement => "vehicle_placement",
        Phase::ActionResolution => "action_resolution",
        Phase::DesertHazards => "desert_hazards",
        Phase::SpiceHarvesting => "spice_harvesting",
        Phase::EndOfRound => "end_of_round",
        Phase::Over => "over",
    }
}

/// An area by its id. The canonical id is the data's (`s1_4`,
/// `gara_kulon`), which every view and offered action carries; the other
/// spellings in use are accepted with the same meaning (issue 31): the
/// labels' `s1-4`, the viewer's short `1-4` (or `1·4`), any case, and a
/// named area's words (`gara-kulon`, `Gara Kulon`).
fn area(id: &str) -> Result<AreaId, MatchError> {
    board()
        .area_id(id)
        .or_else(|| board().area_id(&canonical_id(id)))
        .ok_or_else(|| {
            invalid(format!(
                "unknown War for Arrakis area {} (an area id is like s1_4 or gara_kulon)",
                echo(id)
            ))
        })
}

/// A board id in its data spelling: lower case, `_` between words, and a
/// desert area's sector named (`1-4`, `S1-4`, `1·4` -> `s1_4`).
fn canonical_id(id: &str) -> String {
    let mut id: String = id
        .trim()
        .chars()
        .map(|c| match c {
            '-' | ' ' | '·' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if id.starts_with(|c: char| c.is_ascii_digit()) {
        id.insert(0, 's');
    }
    id
}

fn area_name(a: AreaId) -> String {
    board().area(a).id.clone()
}

/// An area's printed name, or "desert area s1-4" for the unnamed ones.
fn area_display(a: AreaId) -> String {
    board().area(a).display_name()
}

fn zone(id: &str) -> Result<AirZoneId, MatchError> {
    board()
        .air_zone_id(id)
        .or_else(|| board().air_zone_id(&id.trim().to_ascii_lowercase()))
        .ok_or_else(|| invalid(format!("unknown Air zone {}", echo(id))))
}

fn zone_name(z: AirZoneId) -> String {
    board().air_zones[z.index()].id.clone()
}

fn sector(id: &str) -> Result<SectorId, MatchError> {
    board()
        .sectors
        .iter()
        .position(|s| s.id == id || s.id == canonical_id(id))
        .map(|i| SectorId(i as u8))
        .ok_or_else(|| invalid(format!("unknown sector {}", echo(id))))
}

fn sector_name(x: SectorId) -> String {
    board()
        .sectors
        .get(usize::from(x.0))
        .map(|s| s.id.clone())
        .unwrap_or_default()
}

fn leader(id: &str) -> Result<LeaderId, MatchError> {
    data()
        .leader_id(id)
        .ok_or_else(|| invalid(format!("unknown War for Arrakis leader {}", echo(id))))
}

fn leader_name(l: LeaderId) -> String {
    data().leader(l).id.clone()
}

/// `""` for a generic leader.
fn maybe_leader(id: &str) -> Result<Option<LeaderId>, MatchError> {
    if id.is_empty() {
        Ok(None)
    } else {
        leader(id).map(Some)
    }
}

fn card(id: &str) -> Result<CardId, MatchError> {
    data().card_id(id).ok_or_else(|| {
        invalid(format!(
            "unknown War for Arrakis planning card {}",
            echo(id)
        ))
    })
}

fn card_name(c: CardId) -> String {
    data().card(c).id.clone()
}

fn cards(list: &[CardId]) -> pb::ArrakisCards {
    pb::ArrakisCards {
        cards: list.iter().map(|c| card_name(*c)).collect(),
    }
}

fn preset(name: &str) -> Result<Preset, MatchError> {
    Ok(if published_preset(name)? {
        Preset::Published
    } else {
        Preset::Default
    })
}

fn prescience_card(index: u8) -> String {
    data()
        .tables
        .prescience_cards
        .get(usize::from(index))
        .map(|c| c.id.clone())
        .unwrap_or_default()
}

impl WireRules for Arrakis {
    const KIND: i32 = pb::GameKind::WarForArrakis as i32;

    fn options_from_pb(
        options: &pb::GameOptions,
        plays: &[String],
    ) -> Result<ArrakisOptions, MatchError> {
        let game = match &options.game {
            None => pb::ArrakisOptions::default(),
            Some(pb::game_options::Game::Arrakis(game)) => *game,
            Some(_) => {
                return Err(invalid(
                    "options.game is for another game kind than GAME_KIND_WAR_FOR_ARRAKIS".into(),
                ));
            }
        };
        if plays.len() > 2 {
            return Err(invalid(format!(
                "War for Arrakis has 2 seats, not {}",
                plays.len()
            )));
        }
        for (index, wanted) in plays.iter().enumerate() {
            let house = Faction::ALL[index].name();
            if !wanted.is_empty() && wanted != house {
                return Err(invalid(format!(
                    "seat {index} plays {house} (seat 0 is always harkonnen, seat 1 atreides), not {}",
                    echo(wanted)
                )));
            }
        }
        Ok(ArrakisOptions {
            desert_war: game.desert_war,
            smugglers: game.smugglers,
            preset: preset(&options.preset)?,
            overrides: rule_overrides(options),
            max_rounds: max_rounds(options),
        })
    }

    fn action_from_pb(action: &pb::Action) -> Result<Action, MatchError> {
        let Some(pb::action::Game::Arrakis(action)) = &action.game else {
            return Err(invalid(
                "a War for Arrakis game needs an `arrakis` action".into(),
            ));
        };
        let step = action
            .step
            .as_ref()
            .ok_or_else(|| invalid("the War for Arrakis action has no step set".into()))?;
        Ok(match step {
            Step::Done(_) => Action::Done,
            Step::PlaceHarvester(a) => Action::PlaceHarvester(area(a)?),
            Step::PlaceVehicle(p) => Action::PlaceVehicle(vehicle(&p.vehicle)?, zone(&p.zone)?),
            Step::Reassign(r) => Action::Reassign(die(r)?),
            Step::PlaceBeneGesserit(r) => Action::PlaceBeneGesserit(die(r)?),
            Step::SpendDie(r) => Action::SpendDie(die(r)?),
            Step::PlayCard(p) => Action::PlayCard(card(&p.card)?, die(&p.die)?),
            Step::DesertPower(_) => Action::DesertPower,
            Step::HouseAs(r) => Action::HouseAs(die(r)?),
            Step::HouseAsDesertPower(_) => Action::HouseAsDesertPower,
            Step::HouseUpgrade(_) => Action::HouseUpgrade,
            Step::HouseVehicles(_) => Action::HouseVehicles,
            Step::Legion(a) => Action::Legion(area(a)?),
            Step::Take(k) => Action::Take(unit(k)?),
            Step::TakeToken(_) => Action::TakeToken,
            Step::TakeGeneric(_) => Action::TakeGeneric,
            Step::TakeAll(_) => Action::TakeAll,
            Step::TakeLeader(l) => Action::TakeLeader(leader(l)?),
            Step::To(a) => Action::To(area(a)?),
            Step::Mentat(m) => Action::Mentat(deck(&m.first)?, deck(&m.second)?),
            Step::DeployAt(a) => Action::DeployAt(area(a)?),
            Step::DeployLeader(l) => Action::DeployLeader(maybe_leader(&l.leader)?),
            Step::Upgrade(a) => Action::Upgrade(area(a)?),
            Step::WormsignAt(a) => Action::WormsignAt(area(a)?),
            Step::Discard(c) => Action::Discard(card(c)?),
            Step::Convert(l) => Action::Convert(maybe_leader(&l.leader)?),
            Step::Retreat(a) => Action::Retreat(area(a)?),
            Step::LoseUnit(k) => Action::LoseUnit(unit(k)?),
            Step::ContinueBattle(_) => Action::Continue,
            Step::Advance(_) => Action::Advance,
            Step::Keep(m) => Action::Keep(imperium_marker(m)?),
            Step::Raise(m) => Action::Raise(imperium_marker(m)?),
            Step::BuySupremacy(_) => Action::BuySupremacy,
            Step::Claim(n) => Action::Claim(small(*n, "claim slot")?),
            Step::ClaimSpending(c) => {
                Action::ClaimSpending(small(c.slot, "claim slot")?, die(&c.die)?)
            }
            Step::RemoveUnclaimed(_) => Action::RemoveUnclaimed,
            Step::ReshuffleUnclaimed(_) => Action::ReshuffleUnclaimed,
            Step::Reveal(a) => Action::Reveal(area(a)?),
            Step::Resolve(_) => Action::Resolve,
            Step::WildMaker(_) => Action::WildMaker,
            Step::DrawFrom(k) => Action::DrawFrom(deck(k)?),
            Step::PlayFree(c) => Action::PlayFree(card(c)?),
            Step::PickLeader(l) => Action::PickLeader(leader(l)?),
            Step::Special(l) => Action::Special(leader(l)?),
            Step::PickArea(a) => Action::PickArea(area(a)?),
            Step::PickZone(z) => Action::PickZone(zone(z)?),
            Step::PickSector(x) => Action::PickSector(sector(x)?),
            Step::PickSlot(n) => Action::PickSlot(small(*n, "prescience slot")?),
            Step::Scout(s) => Action::Scout(zone(&s.zone)?, area(&s.area)?),
            Step::WormAttack(w) => Action::WormAttack(area(&w.from)?, area(&w.target)?),
            Step::Foresee(n) => Action::Foresee(small(*n, "foresee deck")?),
            Step::Order(n) => Action::Order(small(*n, "order")?),
            Step::WormMove(w) => Action::WormMove(area(&w.from)?, area(&w.to)?),
            Step::Scheme(n) => Action::Scheme(small(*n, "scheme count")?),
            Step::Transport(t) => Action::Transport(zone(&t.zone)?, area(&t.area)?),
            Step::Sandride(a) => Action::Sandride(area(a)?),
            Step::Rescue(z) => Action::Rescue(zone(z)?),
            Step::SwapLeader(l) => Action::SwapLeader(leader(l)?),
            Step::Atomics(a) => Action::Atomics(area(a)?),
            Step::Displace(a) => Action::Displace(area(a)?),
            Step::PickMarker(m) => Action::PickMarker(marker(m)?),
            Step::PickDie(r) => Action::PickDie(die(r)?),
            Step::PickImperium(m) => Action::PickImperium(imperium_marker(m)?),
            Step::HarkonnenDesertWar(h) => Action::Expansion(ExpansionAction::DesertWar(
                desert_war::harkonnen_dw_from_pb(h)?,
            )),
            Step::AtreidesDesertWar(x) => Action::Expansion(ExpansionAction::DesertWar(
                desert_war::atreides_desert_war_from_pb(x)?,
            )),
            Step::Smugglers(x) => {
                Action::Expansion(ExpansionAction::Smugglers(smugglers::sm_action_from_pb(x)?))
            }
            Step::Resign(why) => Action::Resign(resignation(why)?),
        })
    }

    fn action_to_pb(action: &Action) -> pb::Action {
        use pb::arrakis_action as w;
        let opt_leader = |l: Option<LeaderId>| l.map(leader_name).unwrap_or_default();
        let step = match *action {
            Action::Expansion(ExpansionAction::DesertWar(a)) => desert_war::dw_action_to_pb(a),
            Action::Expansion(ExpansionAction::Smugglers(a)) => smugglers::sm_action_to_pb(a),
            Action::Done => Step::Done(w::Done {}),
            Action::Resign(why) => Step::Resign(resignation_name(why).to_owned()),
            Action::PlaceHarvester(a) => Step::PlaceHarvester(area_name(a)),
            Action::PlaceVehicle(v, z) => Step::PlaceVehicle(w::PlaceVehicle {
                vehicle: v.name().to_owned(),
                zone: zone_name(z),
            }),
            Action::Reassign(r) => Step::Reassign(r.name().to_owned()),
            Action::PlaceBeneGesserit(r) => Step::PlaceBeneGesserit(r.name().to_owned()),
            Action::SpendDie(r) => Step::SpendDie(r.name().to_owned()),
            Action::PlayCard(c, r) => Step::PlayCard(w::PlayCard {
                card: card_name(c),
                die: r.name().to_owned(),
            }),
            Action::DesertPower => Step::DesertPower(w::DesertPower {}),
            Action::HouseAs(r) => Step::HouseAs(r.name().to_owned()),
            Action::HouseAsDesertPower => Step::HouseAsDesertPower(w::HouseAsDesertPower {}),
            Action::HouseUpgrade => Step::HouseUpgrade(w::HouseUpgrade {}),
            Action::HouseVehicles => Step::HouseVehicles(w::HouseVehicles {}),
            Action::Legion(a) => Step::Legion(area_name(a)),
            Action::Take(k) => Step::Take(k.name().to_owned()),
            Action::TakeToken => Step::TakeToken(w::TakeToken {}),
            Action::TakeGeneric => Step::TakeGeneric(w::TakeGeneric {}),
            Action::TakeAll => Step::TakeAll(w::TakeAll {}),
            Action::TakeLeader(l) => Step::TakeLeader(leader_name(l)),
            Action::To(a) => Step::To(area_name(a)),
            Action::Mentat(a, b) => Step::Mentat(w::Mentat {
                first: a.name().to_owned(),
                second: b.name().to_owned(),
            }),
            Action::DeployAt(a) => Step::DeployAt(area_name(a)),
            Action::DeployLeader(l) => Step::DeployLeader(w::DeployLeader {
                leader: opt_leader(l),
            }),
            Action::Upgrade(a) => Step::Upgrade(area_name(a)),
            Action::WormsignAt(a) => Step::WormsignAt(area_name(a)),
            Action::Discard(c) => Step::Discard(card_name(c)),
            Action::Convert(l) => Step::Convert(w::Convert {
                leader: opt_leader(l),
            }),
            Action::Retreat(a) => Step::Retreat(area_name(a)),
            Action::LoseUnit(k) => Step::LoseUnit(k.name().to_owned()),
            Action::Continue => Step::ContinueBattle(w::ContinueBattle {}),
            Action::Advance => Step::Advance(w::Advance {}),
            Action::Keep(m) => Step::Keep(m.name().to_owned()),
            Action::Raise(m) => Step::Raise(m.name().to_owned()),
            Action::BuySupremacy => Step::BuySupremacy(w::BuySupremacy {}),
            Action::Claim(n) => Step::Claim(u32::from(n)),
            Action::ClaimSpending(n, r) => Step::ClaimSpending(w::ClaimSpending {
                slot: u32::from(n),
                die: r.name().to_owned(),
            }),
            Action::RemoveUnclaimed => Step::RemoveUnclaimed(w::RemoveUnclaimed {}),
            Action::ReshuffleUnclaimed => Step::ReshuffleUnclaimed(w::ReshuffleUnclaimed {}),
            Action::Reveal(a) => Step::Reveal(area_name(a)),
            Action::Resolve => Step::Resolve(w::Resolve {}),
            Action::WildMaker => Step::WildMaker(w::WildMaker {}),
            Action::DrawFrom(k) => Step::DrawFrom(k.name().to_owned()),
            Action::PlayFree(c) => Step::PlayFree(card_name(c)),
            Action::PickLeader(l) => Step::PickLeader(leader_name(l)),
            Action::Special(l) => Step::Special(leader_name(l)),
            Action::PickArea(a) => Step::PickArea(area_name(a)),
            Action::PickZone(z) => Step::PickZone(zone_name(z)),
            Action::PickSector(x) => Step::PickSector(sector_name(x)),
            Action::PickSlot(n) => Step::PickSlot(u32::from(n)),
            Action::Scout(z, a) => Step::Scout(w::Scout {
                zone: zone_name(z),
                area: area_name(a),
            }),
            Action::WormAttack(a, b) => Step::WormAttack(w::WormAttack {
                from: area_name(a),
                target: area_name(b),
            }),
            Action::Foresee(n) => Step::Foresee(u32::from(n)),
            Action::Order(n) => Step::Order(u32::from(n)),
            Action::WormMove(a, b) => Step::WormMove(w::WormMove {
                from: area_name(a),
                to: area_name(b),
            }),
            Action::Scheme(n) => Step::Scheme(u32::from(n)),
            Action::Transport(z, a) => Step::Transport(w::Transport {
                zone: zone_name(z),
                area: area_name(a),
            }),
            Action::Sandride(a) => Step::Sandride(area_name(a)),
            Action::Rescue(z) => Step::Rescue(zone_name(z)),
            Action::PickMarker(m) => Step::PickMarker(m.name().to_owned()),
            Action::PickDie(r) => Step::PickDie(r.name().to_owned()),
            Action::PickImperium(m) => Step::PickImperium(m.name().to_owned()),
            Action::SwapLeader(l) => Step::SwapLeader(leader_name(l)),
            Action::Atomics(a) => Step::Atomics(area_name(a)),
            Action::Displace(a) => Step::Displace(area_name(a)),
        };
        pb::Action {
            game: Some(pb::action::Game::Arrakis(pb::ArrakisAction {
                step: Some(step),
            })),
        }
    }

    fn view_to_pb(&self, view: ArrakisView) -> Option<pb::view::Game> {
        Some(pb::view::Game::Arrakis(Box::new(view_to_pb(view))))
    }

    fn event_text(&self, event: &Event) -> String {
        event_text(event)
    }

    fn event_game(&self, event: &Event) -> Option<pb::event::Game> {
        Some(pb::event::Game::Arrakis(event_to_pb(event)))
    }
}

/// Named leaders of a bitmask, by id, for one faction (or all).
/// Only the set bits are visited: a view asks this of every area twice,
/// and most areas hold no named leader.
fn leaders_of(named: u64, faction: Option<Faction>) -> Vec<String> {
    let d = data();
    let mut out = Vec::new();
    let mut rest = named;
    while rest != 0 {
        let leader = LeaderId(rest.trailing_zeros() as u8);
        rest &= rest - 1;
        if faction.is_none_or(|f| d.leader(leader).faction == f) {
            out.push(leader_name(leader));
        }
    }
    out
}

fn group_to_pb(g: &Group) -> pb::ArrakisGroup {
    pb::ArrakisGroup {
        regular: g.units.regular.into(),
        elite: g.units.elite.into(),
        special: g.units.special.into(),
        smuggler: g.units.smuggler.into(),
        tokens: g.tokens.into(),
        generic_leaders: g.generic.into(),
        leaders: leaders_of(g.named, None),
    }
}

fn move_to_pb(m: &Move) -> pb::ArrakisMove {
    pb::ArrakisMove {
        leadership: m.leadership,
        legions_left: m.legions_left.into(),
        moved_into: m.moved_into.iter().map(area_name).collect(),
        from: m.picked.map(|(a, _)| area_name(a)).unwrap_or_default(),
        group: m.picked.map(|(_, g)| group_to_pb(&g)),
    }
}

fn battle_to_pb(b: &Battle) -> pb::ArrakisBattle {
    let (step, by) = match b.step {
        BattleStep::Discard(f) => ("discard", Some(f)),
        BattleStep::Convert(f) => ("convert", Some(f)),
        BattleStep::Casualty(f) => ("casualty", Some(f)),
        BattleStep::Continue => ("continue", None),
        BattleStep::Retreat => ("retreat", None),
        BattleStep::Advance => ("advance", None),
        BattleStep::ContinueCasualty => ("continue_casualty", Some(b.attacker)),
    };
    pb::ArrakisBattle {
        attacker: b.attacker.name().to_owned(),
        from: area_name(b.from),
        at: area_name(b.at),
        group: Some(group_to_pb(&b.group)),
        surprise: b.surprise,
        first_round: b.first_round,
        step: step.to_owned(),
        step_faction: by.map(Faction::name).unwrap_or_default().to_owned(),
        discards: b.discards.iter().map(|n| u32::from(*n)).collect(),
        hits: b.hits.iter().map(|n| u32::from(*n)).collect(),
    }
}

fn prompt_to_pb(prompt: Prompt) -> pb::ArrakisPrompt {
    let mut wire = pb::ArrakisPrompt {
        seat: prompt.faction().map(|f| seat(seat_of(f))),
        ..Default::default()
    };
    let kind = match prompt {
        Prompt::None => "none",
        Prompt::Vehicles {
            harvesters,
            ornithopters,
            carryalls,
            any,
            house,
        } => {
            wire.harvesters = harvesters.into();
            wire.ornithopters = ornithopters.into();
            wire.carryalls = carryalls.into();
            wire.any_vehicle = any;
            wire.house = house;
            "vehicles"
        }
        Prompt::Reassign(_) => "reassign",
        Prompt::BeneGesserit(_) => "bene_gesserit",
        Prompt::Turn(_) => "turn",
        Prompt::AtreidesHouse => "atreides_house",
        Prompt::HarkonnenHouse => "harkonnen_house",
        Prompt::Move(m) => {
            wire.r#move = Some(move_to_pb(&m));
            "move"
        }
        Prompt::Mentat(_) => "mentat",
        Prompt::HarkonnenDeploy {
            regulars,
            leader,
            last,
        } => {
            wire.count = regulars.into();
            wire.leader = leader;
            wire.area = last.map(area_name).unwrap_or_default();
            "harkonnen_deploy"
        }
        Prompt::AtreidesDeploy { token, placed } => {
            wire.token = (token != u8::MAX).then_some(token.into());
            wire.area = placed.map(area_name).unwrap_or_default();
            "atreides_deploy"
        }
        Prompt::Upgrade(n) => {
            wire.count = n.into();
            "upgrade"
        }
        Prompt::Wormsigns(n) => {
            wire.count = n.into();
            "wormsigns"
        }
        Prompt::Sandworms(n, areas) => {
            wire.count = n.into();
            wire.areas = areas.iter().map(area_name).collect();
            "sandworms"
        }
        Prompt::Battle(b) => {
            wire.battle = Some(battle_to_pb(&b));
            "battle"
        }
        Prompt::Spice { spice, decided } => {
            wire.count = spice.into();
            wire.decided = decided.into_array().to_vec();
            "spice"
        }
        Prompt::EndClaims => "end_claims",
        Prompt::Foresee(_, k) => {
            wire.count = k.into();
            "foresee"
        }
        Prompt::RelocateWorm(a) => {
            wire.area = area_name(a);
            "relocate_worm"
        }
        Prompt::CalledWorm(m, a) => {
            wire.r#move = Some(move_to_pb(&m));
            wire.area = area_name(a);
            "called_worm"
        }
        Prompt::Rescue(a) => {
            wire.area = area_name(a);
            "rescue"
        }
        Prompt::Swap(_) => "swap",
        Prompt::HandLimit(_) => "hand_limit",
        Prompt::Unclaimed => "unclaimed",
        Prompt::Card(_, source, step) => {
            wire.card_step = step.into();
            match source {
                Source::Card(c) => {
                    wire.card = card_name(c);
                    "card"
                }
                Source::Leader(l) => {
                    wire.leader_special = leader_name(l);
                    "leader_special"
                }
            }
        }
        Prompt::HazardCasualty(_, a, n, _) => {
            wire.area = area_name(a);
            wire.count = n.into();
            "hazard_casualty"
        }
        Prompt::Excess(_, a, _) => {
            wire.area = area_name(a);
            "excess"
        }
        Prompt::Flee(a) => {
            wire.area = area_name(a);
            "flee"
        }
        Prompt::Displace(_, a) => {
            wire.area = area_name(a);
            "displace"
        }
        Prompt::WormRetreat(m, a, g) => {
            wire.r#move = Some(move_to_pb(&m));
            wire.area = area_name(a);
            wire.group = Some(group_to_pb(&g));
            "worm_retreat"
        }
        Prompt::WildMakerOrSandworm(a, m) => {
            wire.r#move = m.as_ref().map(move_to_pb);
            wire.area = area_name(a);
            "wild_maker_or_sandworm"
        }
        Prompt::Expansion(ExpansionPrompt::DesertWar(p)) => {
            desert_war::dw_prompt_to_pb(p, &mut wire)
        }
        Prompt::Expansion(ExpansionPrompt::Smugglers(p)) => {
            smugglers::sm_prompt_to_pb(p, &mut wire)
        }
    };
    wire.kind = kind.to_owned();
    wire
}

fn view_to_pb(view: ArrakisView) -> pb::ArrakisView {
    let b = board();
    let d = data();
    let areas = view
        .areas
        .iter()
        .enumerate()
        .map(|(index, a)| pb::ArrakisArea {
            area: b.areas[index].id.clone(),
            forces: Faction::ALL
                .iter()
                .map(|f| {
                    let i = *f;
                    pb::ArrakisForces {
                        faction: f.name().to_owned(),
                        regular: a.units[i].regular.into(),
                        elite: a.units[i].elite.into(),
                        special: a.units[i].special.into(),
                        smuggler: a.units[i].smuggler.into(),
                        generic_leaders: a.generic[i].into(),
                        leaders: leaders_of(a.named, Some(*f)),
                    }
                })
                .collect(),
            tokens: a.tokens.into(),
            // The rules fill the contents in for the Atreides only.
            token_kinds: (!a.token_kinds.is_empty()).then(|| pb::ArrakisTokenKinds {
                kinds: a.token_kinds.iter().map(|k| u32::from(*k)).collect(),
            }),
            sietch: a.sietch.map(|rank| pb::ArrakisSietch {
                rank: rank.map(u32::from),
            }),
            settlement: a.settlement,
            station: a.station,
            wormsign: a.wormsign,
            worm: match a.worm {
                None => "",
                Some(Worm::Normal) => "sandworm",
                Some(Worm::WildMaker) => "wild_maker",
            }
            .to_owned(),
            harvester: a.harvester,
            desert: view
                .expansions
                .desert_war
                .is_some()
                .then(|| desert_war::dw_area_to_pb(&a.expansions.desert)),
            smugglers: view
                .expansions
                .smugglers
                .is_some()
                .then(|| smugglers::sm_area_to_pb(&a.expansions.smugglers)),
        })
        .collect();
    let zones = view
        .zones
        .iter()
        .enumerate()
        .map(|(index, v)| pb::ArrakisAirZone {
            zone: b.air_zones[index].id.clone(),
            vehicle: v.map(Vehicle::name).unwrap_or_default().to_owned(),
        })
        .collect();
    let houses = Faction::ALL
        .iter()
        .zip(view.houses.iter())
        .map(|(f, h)| pb::ArrakisHouse {
            faction: f.name().to_owned(),
            hand: h.hand.as_deref().map(cards),
            hand_size: h.hand_size.into(),
            house_deck_size: h.deck_sizes[0].into(),
            ally_deck_size: h.deck_sizes[1].into(),
            dice: DieResult::ALL
                .iter()
                .map(|r| pb::ArrakisDice {
                    result: r.name().to_owned(),
                    count: h.dice[r.index()].into(),
                })
                .collect(),
            supply_regular: h.supply.regular.into(),
            supply_elite: h.supply.elite.into(),
            supply_special: h.supply.special.into(),
            supply_smuggler: h.supply.smuggler.into(),
            bene_gesserit: h.bene_gesserit.into(),
            foresee: h.foresee.as_deref().map(cards),
        })
        .collect();
    pb::ArrakisView {
        round: view.round.into(),
        phase: phase_name(view.phase).to_owned(),
        areas,
        zones,
        houses,
        imperium: ImperiumMarker::ALL
            .iter()
            .map(|m| pb::ArrakisImperiumMarker {
                marker: m.name().to_owned(),
                row: view.imperium[*m].into(),
                banned: view.bans[*m],
            })
            .collect(),
        supremacy: view.supremacy.into(),
        prescience: Marker::ALL
            .iter()
            .map(|m| pb::ArrakisPrescience {
                marker: m.name().to_owned(),
                step: view.prescience[*m].into(),
            })
            .collect(),
        objective: view.objective.map(|t| pb::ArrakisObjective {
            kwisatz_haderach: t[0].into(),
            sand_dwellers: t[1].into(),
            jihad: t[2].into(),
        }),
        objective2: view.objective2.map(|t| pb::ArrakisObjective {
            kwisatz_haderach: t[0].into(),
            sand_dwellers: t[1].into(),
            jihad: t[2].into(),
        }),
        resolving: view.resolving.map(|(source, step)| {
            let mut r = pb::ArrakisResolving {
                step: step.into(),
                ..Default::default()
            };
            match source {
                Source::Card(c) => r.card = card_name(c),
                Source::Leader(l) => r.leader = leader_name(l),
            }
            r
        }),
        revealed: view.revealed.iter().map(|c| prescience_card(*c)).collect(),
        prompt: Some(prompt_to_pb(view.prompt)),
        leaders: view
            .leaders
            .iter()
            .enumerate()
            .map(|(index, at)| {
                let mut wire = pb::ArrakisLeader {
                    leader: d.leaders[index].id.clone(),
                    spent: view.spent_leaders >> index & 1 == 1,
                    ..Default::default()
                };
                wire.place = match *at {
                    LeaderAt::NotInPlay => "not_in_play",
                    LeaderAt::SetAside => "set_aside",
                    LeaderAt::Board(a) => {
                        wire.area = area_name(a);
                        "board"
                    }
                    LeaderAt::Tank(n) => {
                        wire.tank_box = n.into();
                        "tank"
                    }
                    LeaderAt::Removed => "removed",
                }
                .to_owned();
                wire
            })
            .collect(),
        spice_saved: view.spice_saved.into(),
        worms_off: view.worms_off.into(),
        atomics_area: view.atomics_area.map(area_name).unwrap_or_default(),
        claimed_this_round: view.claimed_this_round.into(),
        winner: view
            .winner
            .map(Faction::name)
            .unwrap_or_default()
            .to_owned(),
        desert_war: view
            .expansions
            .desert_war
            .as_ref()
            .map(desert_war::dw_view_to_pb),
        smugglers: view
            .expansions
            .smugglers
            .as_ref()
            .map(smugglers::sm_view_to_pb),
    }
}

fn event_to_pb(event: &Event) -> pb::ArrakisEvent {
    let faction = |f: &Faction| f.name().to_owned();
    let die = |r: &DieResult| r.name().to_owned();
    let kind = match event {
        Event::Expansion(ExpansionEvent::DesertWar(e)) => {
            return pb::ArrakisEvent {
                kind: desert_war::dw_event_to_pb(e),
            };
        }
        Event::Expansion(ExpansionEvent::Smugglers(e)) => {
            return pb::ArrakisEvent {
                kind: smugglers::sm_event_to_pb(e),
            };
        }
        Event::RoundStarted { round } => Kind::RoundStarted(ev::RoundStarted {
            round: (*round).into(),
        }),
        Event::ObjectiveDealt { objective } => Kind::ObjectiveDealt(ev::ObjectiveDealt {
            objective: data()
                .tables
                .secret_objectives
                .get(usize::from(*objective))
                .map(|o| o.id.clone()),
        }),
        Event::CardDrawn {
            faction: f,
            deck,
            card,
        } => Kind::CardDrawn(ev::CardDrawn {
            faction: faction(f),
            deck: deck.name().to_owned(),
            card: card.map(card_name),
        }),
        Event::CardDiscarded { faction: f, card } => Kind::CardDiscarded(ev::CardDiscarded {
            faction: faction(f),
            card: card_name(*card),
        }),
        Event::CardPlayed { faction: f, card } => Kind::CardPlayed(ev::CardPlayed {
            faction: faction(f),
            card: card_name(*card),
        }),
        Event::CardDeployed { faction: f, area } => Kind::CardDeployed(ev::CardDeployed {
            faction: faction(f),
            area: area_name(*area),
        }),
        Event::LeaderEntered { leader } => Kind::LeaderEntered(ev::LeaderEntered {
            leader: leader_name(*leader),
        }),
        Event::LeaderRemoved { leader } => Kind::LeaderRemoved(ev::LeaderRemoved {
            leader: leader_name(*leader),
        }),
        Event::LeaderTanked { leader } => Kind::LeaderTanked(ev::LeaderTanked {
            leader: leader_name(*leader),
        }),
        Event::SpecialAction { leader } => Kind::SpecialAction(ev::SpecialAction {
            leader: leader_name(*leader),
        }),
        Event::PrescienceRevealed { cards } => Kind::PrescienceRevealed(ev::PrescienceRevealed {
            cards: cards.iter().map(|c| prescience_card(*c)).collect(),
        }),
        Event::HarvesterPlaced { area } => Kind::HarvesterPlaced(ev::HarvesterPlaced {
            area: area_name(*area),
        }),
        Event::VehiclePlaced { vehicle, zone } => Kind::VehiclePlaced(ev::VehiclePlaced {
            vehicle: vehicle.name().to_owned(),
            zone: zone_name(*zone),
        }),
        Event::DiceRolled {
            faction: f,
            results,
        } => Kind::DiceRolled(ev::DiceRolled {
            faction: faction(f),
            dice: results.iter().map(die).collect(),
        }),
        Event::DieSpent { faction: f, result } => Kind::DieSpent(ev::DieSpent {
            faction: faction(f),
            die: die(result),
        }),
        Event::Moved {
            faction: f,
            from,
            to,
        } => Kind::Moved(ev::Moved {
            faction: faction(f),
            from_area: area_name(*from),
            to_area: area_name(*to),
        }),
        Event::BattleStarted { attacker, area } => Kind::BattleStarted(ev::BattleStarted {
            attacker: faction(attacker),
            area: area_name(*area),
        }),
        Event::CombatRoll {
            faction: f,
            dice,
            hits,
            shields,
        } => Kind::CombatRoll(ev::CombatRoll {
            faction: faction(f),
            dice: (*dice).into(),
            hits: (*hits).into(),
            shields: (*shields).into(),
        }),
        Event::BattleEnded { winner } => Kind::BattleEnded(ev::BattleEnded {
            winner: winner.as_ref().map(faction).unwrap_or_default(),
        }),
        Event::Destroyed { area } => Kind::Destroyed(ev::Destroyed {
            area: area_name(*area),
        }),
        Event::TokensRevealed { area } => Kind::TokensRevealed(ev::TokensRevealed {
            area: area_name(*area),
        }),
        Event::TokenDeployed { area, kind } => Kind::TokenDeployed(ev::TokenDeployed {
            area: area_name(*area),
            token: (*kind != u8::MAX).then_some(u32::from(*kind)),
        }),
        Event::SietchRevealed { area, rank } => Kind::SietchRevealed(ev::SietchRevealed {
            area: area_name(*area),
            rank: (*rank).into(),
        }),
        Event::WormsignPlaced { area } => Kind::WormsignPlaced(ev::WormsignPlaced {
            area: area_name(*area),
        }),
        Event::SandwormPlaced { area } => Kind::SandwormPlaced(ev::SandwormPlaced {
            area: area_name(*area),
        }),
        Event::HarvesterDestroyed { area } => Kind::HarvesterDestroyed(ev::HarvesterDestroyed {
            area: area_name(*area),
        }),
        Event::SpiceHarvested { spice } => Kind::SpiceHarvested(ev::SpiceHarvested {
            spice: (*spice).into(),
        }),
        Event::ImperiumMarkerMoved { marker, row } => {
            Kind::ImperiumMarkerMoved(ev::ImperiumMarkerMoved {
                marker: marker.name().to_owned(),
                row: (*row).into(),
            })
        }
        Event::Supremacy { score } => Kind::Supremacy(ev::Supremacy {
            score: (*score).into(),
        }),
        Event::Prescience { marker, step } => Kind::Prescience(ev::Prescience {
            marker: marker.name().to_owned(),
            step: (*step).into(),
        }),
        Event::WormsignRemoved { area } => Kind::WormsignRemoved(ev::WormsignRemoved {
            area: area_name(*area),
        }),
        Event::VehicleRemoved { vehicle, zone } => Kind::VehicleRemoved(ev::VehicleRemoved {
            vehicle: vehicle.name().to_owned(),
            zone: zone_name(*zone),
        }),
        Event::PrescienceReturned { card } => Kind::PrescienceReturned(ev::PrescienceReturned {
            card: prescience_card(*card),
        }),
        Event::DieDiscarded { faction: f, result } => Kind::DieDiscarded(ev::DieDiscarded {
            faction: faction(f),
            die: die(result),
        }),
        Event::BeneGesseritGained { faction: f } => {
            Kind::BeneGesseritGained(ev::BeneGesseritGained {
                faction: faction(f),
            })
        }
        Event::LeaderPinned { leader } => Kind::LeaderPinned(ev::LeaderPinned {
            leader: leader_name(*leader),
        }),
        Event::GameOver { winner } => Kind::GameOver(ev::GameOver {
            winner: faction(winner),
        }),
        Event::Resigned { faction: f, why } => Kind::Resigned(ev::Resigned {
            faction: faction(f),
            reason: resignation_name(*why).to_owned(),
        }),
        Event::RoundLimit { rounds } => Kind::RoundLimit(ev::RoundLimit {
            max_rounds: *rounds,
        }),
        Event::Relocated { from, to } => Kind::Relocated(ev::Relocated {
            from_area: area_name(*from),
            to_area: area_name(*to),
        }),
        Event::TokensSwapped { first, second } => Kind::TokensSwapped(ev::TokensSwapped {
            first_area: area_name(*first),
            second_area: area_name(*second),
        }),
        Event::PrescienceRemoved { card } => Kind::PrescienceRemoved(ev::PrescienceRemoved {
            card: prescience_card(*card),
        }),
        Event::DieForced { die: d } => Kind::DieForced(ev::DieForced { die: die(d) }),
    };
    pb::ArrakisEvent { kind: Some(kind) }
}

/// A short English line for an (already redacted) event, with names.
fn event_text(event: &Event) -> String {
    let d = data();
    let card = |c: &CardId| d.card(*c).name.clone();
    match event {
        Event::Expansion(ExpansionEvent::DesertWar(e)) => desert_war::dw_event_text(e),
        Event::Expansion(ExpansionEvent::Smugglers(e)) => smugglers::sm_event_text(e),
        Event::RoundStarted { round } => format!("round {round} begins"),
        Event::ObjectiveDealt { objective } => {
            match d.tables.secret_objectives.get(usize::from(*objective)) {
                Some(o) => format!(
                    "House Atreides received their secret objective: Kwisatz Haderach {}, Sand Dwellers {}, Jihad {}",
                    o.kwisatz_haderach, o.sand_dwellers, o.jihad
                ),
                None => "House Atreides received their secret objective".to_owned(),
            }
        }
        Event::CardDrawn {
            faction: f,
            deck: k,
            card: c,
        } => match c {
            Some(c) => format!(
                "{} drew {} from {}",
                faction_display(*f),
                card(c),
                deck_display(*k)
            ),
            None => format!(
                "{} drew a card from {}",
                faction_display(*f),
                deck_display(*k)
            ),
        },
        Event::CardDiscarded {
            faction: f,
            card: c,
        } => {
            format!("{} discarded {}", faction_display(*f), card(c))
        }
        Event::CardPlayed {
            faction: f,
            card: c,
        } => format!("{} played {}", faction_display(*f), card(c)),
        Event::CardDeployed { faction: f, area } => {
            format!(
                "{} deployed into {}",
                faction_display(*f),
                area_display(*area)
            )
        }
        Event::LeaderEntered { leader: l } => {
            format!("{} came into play", data().leader(*l).name)
        }
        Event::LeaderRemoved { leader: l } => {
            format!("{} left the game", data().leader(*l).name)
        }
        Event::SpecialAction { leader: l } => {
            format!("{} used a special action", data().leader(*l).name)
        }
        Event::LeaderTanked { leader: l } => {
            format!(
                "{} was sent to the regeneration tank",
                data().leader(*l).name
            )
        }
        Event::PrescienceRevealed { cards } => {
            format!("{} prescience cards revealed", cards.len())
        }
        Event::HarvesterPlaced { area } => {
            format!("a harvester was placed in {}", area_display(*area))
        }
        Event::VehiclePlaced { vehicle, zone } => format!(
            "an {} was placed in Air zone {}",
            vehicle.name().replace('_', " "),
            zone_name(*zone).replace('_', "-")
        ),
        Event::DiceRolled { faction, results } => {
            let faces: Vec<&str> = results.iter().map(|r| die_display(*r)).collect();
            format!(
                "{} rolled their action dice: {}",
                faction_display(*faction),
                faces.join(", ")
            )
        }
        Event::DieSpent { faction, result } => format!(
            "{} spent a {} die",
            faction_display(*faction),
            die_display(*result)
        ),
        Event::Moved { faction, from, to } => format!(
            "{} moved from {} to {}",
            faction_display(*faction),
            area_display(*from),
            area_display(*to)
        ),
        Event::BattleStarted { attacker, area } => format!(
            "{} attacks {}",
            faction_display(*attacker),
            area_display(*area)
        ),
        Event::CombatRoll {
            faction,
            dice,
            hits,
            shields,
        } => format!(
            "{} rolled {dice} combat dice: {hits} hits, {shields} shields",
            faction_display(*faction)
        ),
        Event::BattleEnded { winner } => match winner {
            Some(w) => format!("the battle ended; {} won", faction_display(*w)),
            None => "the battle ended without a winner".to_owned(),
        },
        Event::Destroyed { area } => {
            format!("the stronghold in {} was destroyed", area_display(*area))
        }
        Event::TokensRevealed { area } => {
            format!(
                "the Atreides tokens in {} were revealed",
                area_display(*area)
            )
        }
        Event::TokenDeployed { area, .. } => format!(
            "House Atreides deployed a face-down token in {}",
            area_display(*area)
        ),
        Event::SietchRevealed { area, rank } => {
            format!(
                "the sietch in {} was revealed: rank {rank}",
                area_display(*area)
            )
        }
        Event::WormsignPlaced { area } => {
            format!("a wormsign token was placed in {}", area_display(*area))
        }
        Event::SandwormPlaced { area } => {
            format!("a sandworm appeared in {}", area_display(*area))
        }
        Event::HarvesterDestroyed { area } => {
            format!("the harvester in {} was destroyed", area_display(*area))
        }
        Event::SpiceHarvested { spice } => format!("House Harkonnen harvested {spice} spice"),
        Event::ImperiumMarkerMoved { marker, row } => format!(
            "the {} marker is now on row {row}",
            imperium_display(*marker)
        ),
        Event::Supremacy { score } => format!("Harkonnen supremacy is now {score}"),
        Event::Prescience { marker, step } => {
            format!(
                "the {} marker is now on step {step}",
                Marker::display_name(*marker)
            )
        }
        Event::WormsignRemoved { area } => {
            format!(
                "the wormsign in {} went back to the pool",
                area_display(*area)
            )
        }
        Event::VehicleRemoved { vehicle, zone } => format!(
            "the {} in Air zone {} was removed",
            vehicle.name().replace('_', " "),
            zone_name(*zone).replace('_', "-")
        ),
        Event::PrescienceReturned { .. } => {
            "a revealed prescience card was shuffled back into the deck".to_owned()
        }
        Event::DieDiscarded { faction: f, result } => format!(
            "{} lost an unused {} die",
            faction_display(*f),
            die_display(*result)
        ),
        Event::BeneGesseritGained { faction: f } => {
            format!("{} gained a Bene Gesserit token", faction_display(*f))
        }
        Event::LeaderPinned { leader: l } => format!(
            "{} may not be deployed or move during the next turn",
            data().leader(*l).name
        ),
        Event::GameOver { winner } => format!("game over: {} wins", faction_display(*winner)),
        Event::Resigned { faction, why } => resignation_text(faction_display(*faction), *why),
        Event::RoundLimit { rounds } => format!(
            "the round limit ({rounds} rounds) is reached: the house nearer its victory condition wins"
        ),
        Event::Relocated { from, to } => format!(
            "the figures in {} were moved to {}",
            area_display(*from),
            area_display(*to)
        ),
        Event::TokensSwapped { first, second } => format!(
            "the sietches in {} and {} traded their deployment tokens",
            area_display(*first),
            area_display(*second)
        ),
        Event::PrescienceRemoved { .. } => {
            "a revealed prescience card was removed from the game".to_string()
        }
        Event::DieForced { die } => format!(
            "the Harkonnen must use a {} die on their next turn",
            die_display(*die)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::core::{Resignation, RngStream, Ruleset, Seat, Viewer};
    use rand::Rng;

    /// The playout tests' biased random player: prefer anything to "stop
    /// here", so games reach a winner.
    pub(super) fn pick(legal: &[Action], rng: &mut impl Rng) -> Action {
        let busy: Vec<&Action> = legal.iter().filter(|a| **a != Action::Done).collect();
        if busy.is_empty() || rng.random_range(0..10) == 0 {
            legal[rng.random_range(0..legal.len())]
        } else {
            *busy[rng.random_range(0..busy.len())]
        }
    }

    /// Issue 31, item 15: an area, a sector or an Air zone named in any
    /// spelling in use (the labels' `s1-4`, the viewer's `1-4`, upper case,
    /// a named area's words) is the one its data id names.
    #[test]
    fn every_spelling_of_a_board_id_names_the_same_place() {
        let s1_4 = area("s1_4").unwrap();
        for spelled in ["s1-4", "S1_4", "1-4", "1_4", "1·4", " s1-4 "] {
            assert_eq!(area(spelled).unwrap(), s1_4, "{spelled}");
        }
        let gara = area("gara_kulon").unwrap();
        for spelled in ["gara-kulon", "Gara Kulon", "GARA_KULON"] {
            assert_eq!(area(spelled).unwrap(), gara, "{spelled}");
        }
        assert_eq!(area("16").ok(), None);
        for unknown in ["s9_1", "1-99", "", "kulon"] {
            let error = area(unknown).unwrap_err().to_string();
            assert!(error.contains("like s1_4"), "{unknown}: {error}");
        }
        assert_eq!(sector("S1").unwrap(), sector("s1").unwrap());
        assert_eq!(sector("1").unwrap(), sector("s1").unwrap());
        assert_eq!(zone("AZ1").unwrap(), zone("az1").unwrap());
        // What goes out is always the data id.
        assert_eq!(area_name(area("1-4").unwrap()), "s1_4");
    }

    /// The second secret objective (Tested with the Gom Jabbar) reaches the
    /// wire for the Atreides only.
    #[test]
    fn the_second_objective_is_on_the_wire_for_the_atreides_only() {
        let (mut game, _) = Arrakis::setup_with_events(&ArrakisOptions::default(), 3).unwrap();
        let none = view_to_pb(game.view(Viewer::Seat(Seat(1))));
        assert!(none.objective.is_some() && none.objective2.is_none());
        game.edit(|s| {
            s.objective = 0;
            s.objective2 = Some(5);
        })
        .unwrap();
        let t = data().tables.secret_objectives[5].targets();
        let mine = view_to_pb(game.view(Viewer::Seat(Seat(1))));
        assert_eq!(
            mine.objective2,
            Some(pb::ArrakisObjective {
                kwisatz_haderach: t[0].into(),
                sand_dwellers: t[1].into(),
                jihad: t[2].into(),
            })
        );
        for v in [Viewer::Seat(Seat(0)), Viewer::Spectator] {
            let theirs = view_to_pb(game.view(v));
            assert!(theirs.objective.is_none() && theirs.objective2.is_none());
        }
    }

    /// Every action a random game offers survives the trip to the wire and
    /// back unchanged, and every event reads as English with names.
    #[test]
    fn every_offered_action_round_trips_through_the_wire() {
        for seed in 0..3 {
            let (mut game, mut events) =
                Arrakis::setup_with_events(&ArrakisOptions::default(), seed).unwrap();
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
                    let label = game.label(action);
                    assert!(
                        !label.is_empty()
                            && !label.contains('_')
                            && !label.contains("Some(")
                            && !label
                                .chars()
                                .zip(label.chars().skip(1))
                                .any(|(a, b)| a.is_alphanumeric() && b == '('),
                        "labels are words, not debug output: {label}"
                    );
                    assert_eq!(back, *action);
                }
                let action = pick(&legal, &mut chooser);
                game.apply(seat, &action, &mut events).unwrap();
                if steps % 50 == 0 {
                    for viewer in [
                        Viewer::Spectator,
                        Viewer::Seat(Seat(0)),
                        Viewer::Seat(Seat(1)),
                    ] {
                        game.view_to_pb(game.view(viewer)).unwrap();
                    }
                }
            }
            assert!(game.result().is_some());
            assert!(steps > 300, "seed {seed}: a whole game, not {steps} steps");
            for viewer in [
                Viewer::Spectator,
                Viewer::Seat(Seat(0)),
                Viewer::Seat(Seat(1)),
            ] {
                for event in &events {
                    let event = game.redact(event, viewer).unwrap();
                    let (text, wire) = game.event_to_pb(&event);
                    assert!(!text.is_empty() && wire.is_some());
                    assert!(!text.contains('_'), "shows names, not ids: {text}");
                    let Some(pb::event::Game::Arrakis(wire)) = wire else {
                        panic!("an Arrakis event expected");
                    };
                    assert!(wire.kind.is_some());
                }
            }
        }
    }

    #[test]
    fn malformed_actions_and_options_are_invalid_arguments() {
        let action = |step| pb::Action {
            game: Some(pb::action::Game::Arrakis(pb::ArrakisAction { step })),
        };
        let error =
            Arrakis::action_from_pb(&action(Some(Step::To("no_such_area".into())))).unwrap_err();
        assert!(matches!(error, MatchError::InvalidArgument(ref m) if m.contains("no_such_area")));
        let error =
            Arrakis::action_from_pb(&action(Some(Step::SpendDie("luck".into())))).unwrap_err();
        assert!(matches!(error, MatchError::InvalidArgument(ref m) if m.contains("luck")));
        assert!(matches!(
            Arrakis::action_from_pb(&action(None)),
            Err(MatchError::InvalidArgument(_))
        ));
        let options = pb::GameOptions::default();
        assert!(
            Arrakis::options_from_pb(&options, &["harkonnen".into(), "atreides".into()]).is_ok()
        );
        for plays in [
            vec!["atreides".to_owned(), "harkonnen".to_owned()],
            vec!["fremen".to_owned()],
            vec![String::new(), String::new(), String::new()],
        ] {
            assert!(matches!(
                Arrakis::options_from_pb(&options, &plays),
                Err(MatchError::InvalidArgument(_))
            ));
        }
    }

    /// MC-RESIGN-01, MC-ROUNDS-01 on the wire: a resignation round-trips
    /// (an unknown one is an invalid argument), its events have a kind and
    /// words, and `GameOptions.max_rounds` reaches the game (0: no limit).
    #[test]
    fn resignations_and_the_round_limit_on_the_wire() {
        for why in Resignation::ALL {
            let action = Action::Resign(why);
            let wire = Arrakis::action_to_pb(&action);
            assert_eq!(Arrakis::action_from_pb(&wire).unwrap(), action);
            let (mut game, _) = Arrakis::setup_with_events(&ArrakisOptions::default(), 1).unwrap();
            let mut events = Vec::new();
            game.apply(Seat(1), &action, &mut events).unwrap();
            for event in events.iter().chain([&Event::RoundLimit { rounds: 4 }]) {
                let (text, wire) = game.event_to_pb(event);
                assert!(!text.contains('_'), "{text}");
                let Some(pb::event::Game::Arrakis(wire)) = wire else {
                    panic!("an Arrakis event expected");
                };
                assert!(wire.kind.is_some());
            }
        }
        let bad = pb::Action {
            game: Some(pb::action::Game::Arrakis(pb::ArrakisAction {
                step: Some(Step::Resign("sulked".into())),
            })),
        };
        assert!(matches!(
            Arrakis::action_from_pb(&bad),
            Err(MatchError::InvalidArgument(ref m)) if m.contains("conceded")
        ));
        for (limit, read) in [(None, None), (Some(0), None), (Some(6), Some(6))] {
            let options = pb::GameOptions {
                max_rounds: limit,
                ..Default::default()
            };
            let o = Arrakis::options_from_pb(&options, &[]).unwrap();
            assert_eq!(o.max_rounds, read);
        }
    }
}
