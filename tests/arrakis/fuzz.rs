//! Arbitrary well-formed War for Arrakis actions (any area, Air zone, card,
//! leader, die result or number a client could send) thrown at states along
//! random games: accepted exactly when legal, refused with the game
//! unchanged, never a panic. ("Legal means accepted", DESIGN.md.)
use melange::rules::arrakis::expansions::ExpansionAction;
use melange::rules::arrakis::expansions::desert_war::{AtreidesTrooper, DwAction};
use melange::rules::arrakis::expansions::smugglers::{DieUse, SmAction};
// The Smugglers' tables: the core ones with Staban Tuek and the Drone
// Ornithopters appended, so arbitrary ids reach past a core game's tables.
use melange::rules::arrakis::expansions::smugglers::core_data::smugglers_data as data;
use melange::rules::arrakis::{
    Action, AirZoneId, AreaId, Arrakis, ArrakisOptions, CardId, Deck, DieResult, ImperiumMarker,
    LeaderId, Marker, SectorId, UnitKind, board,
};
use melange::rules::core::{GameRng, RuleError, Ruleset, conformance::fuzz_playout};
use rand::Rng;

/// Games fuzzed: more in the release soak.
fn games() -> u64 {
    melange::rules::core::conformance::playout_games(60, 600)
}
const PROBES_PER_STEP: usize = 3;

pub(crate) fn arbitrary(rng: &mut GameRng) -> Action {
    let area = AreaId(rng.random_range(0..board().areas.len()) as u8);
    let other = AreaId(rng.random_range(0..board().areas.len()) as u8);
    let zone = AirZoneId(rng.random_range(0..board().air_zones.len()) as u8);
    let card = CardId(rng.random_range(0..data().cards.len()) as u8);
    let leader = LeaderId(rng.random_range(0..data().leaders.len()) as u8);
    let die = DieResult::ALL[rng.random_range(0..5)];
    let kind = UnitKind::ALL[rng.random_range(0..UnitKind::ALL.len())];
    let n = if rng.random() {
        rng.random_range(0..4)
    } else {
        u8::MAX
    };
    let sector = SectorId(rng.random_range(0..board().sectors.len()) as u8);
    let marker = Marker::ALL[rng.random_range(0..3)];
    let imperium = ImperiumMarker::ALL[rng.random_range(0..3)];
    let deck = [
        Deck::HouseHarkonnen,
        Deck::CorrinoAlly,
        Deck::HouseAtreides,
        Deck::FremenAlly,
    ][rng.random_range(0..4)];
    match rng.random_range(0..42) {
        0 => Action::Done,
        1 => Action::PlaceHarvester(area),
        2 => Action::Reassign(die),
        3 => Action::SpendDie(die),
        4 => Action::PlayCard(card, die),
        5 => Action::DesertPower,
        6 => Action::Legion(area),
        7 => Action::Take(kind),
        8 => Action::TakeLeader(leader),
        9 => Action::To(area),
        10 => Action::DeployAt(area),
        11 => Action::DeployLeader(Some(leader)),
        12 => Action::WormsignAt(area),
        13 => Action::Discard(card),
        14 => Action::Convert(None),
        15 => Action::LoseUnit(kind),
        16 => Action::Claim(n),
        17 => Action::Foresee(n),
        18 => Action::Order(n),
        19 => Action::Scheme(n),
        20 => Action::WormMove(area, other),
        21 => Action::Transport(zone, area),
        22 => Action::Scout(zone, area),
        23 => Action::SwapLeader(leader),
        // Card steps, leaders' special actions and the later decisions.
        24 => Action::Resolve,
        25 => Action::DrawFrom(deck),
        26 => Action::PlayFree(card),
        27 => Action::PickLeader(leader),
        28 => Action::PickArea(area),
        29 => Action::PickZone(zone),
        30 => Action::PickSector(sector),
        31 => Action::PickSlot(n),
        32 => Action::Special(leader),
        33 => Action::PickMarker(marker),
        34 => Action::PickDie(die),
        35 => Action::PickImperium(imperium),
        36 => Action::WildMaker,
        37 => Action::Displace(area),
        38 => Action::Retreat(other),
        39 => Action::Upgrade(area),
        40 => Action::Expansion(ExpansionAction::DesertWar(desert_war_action(
            rng, area, other, zone, sector, marker,
        ))),
        _ => Action::Expansion(ExpansionAction::Smugglers(smugglers_action(
            rng, area, zone,
        ))),
    }
}

/// An arbitrary Desert War choice naming these places.
fn desert_war_action(
    rng: &mut GameRng,
    area: AreaId,
    other: AreaId,
    zone: AirZoneId,
    sector: SectorId,
    marker: Marker,
) -> DwAction {
    let other_zone = AirZoneId(rng.random_range(0..board().air_zones.len()) as u8);
    match rng.random_range(0..15) {
        0 => DwAction::DeploySuspensor(area),
        1 => DwAction::MoveSuspensor(area, other),
        2 => DwAction::ScoutSuspensor(area, other),
        3 => DwAction::SwapOut(AtreidesTrooper::RocketLauncher),
        4 => DwAction::SwapOut(AtreidesTrooper::Sandrider),
        5 => DwAction::EscortTroops(zone, area),
        6 => DwAction::TakeEscort,
        7 => DwAction::EscortWithTransport(zone, other_zone, area),
        8 => DwAction::PlaceCamp(marker, area),
        9 => DwAction::DeployRockets,
        10 => DwAction::RocketAttack(sector),
        11 => DwAction::TradeCamp,
        12 => DwAction::PlaceSandrider(area),
        _ => DwAction::Sandriders(area),
    }
}

/// An arbitrary Smugglers choice naming these places.
fn smugglers_action(rng: &mut GameRng, area: AreaId, zone: AirZoneId) -> SmAction {
    match rng.random_range(0..7) {
        0 => SmAction::PlaceBase(area),
        1 => SmAction::StabanJoins(area),
        2 => SmAction::UseDie(DieUse::ALL[rng.random_range(0..DieUse::ALL.len())]),
        3 => SmAction::PlaceThopter(zone),
        4 => SmAction::ThopterBattle(zone),
        5 => SmAction::ThopterTransport(zone, area),
        _ => SmAction::PlaceHarvester(area),
    }
}

#[test]
fn arbitrary_actions_are_accepted_exactly_when_legal() {
    for seed in 0..games() {
        let mut options = ArrakisOptions::default();
        if seed % 2 == 1 {
            options.preset = melange::rules::arrakis::Preset::Published;
        }
        // The playout tests' player: prefer acting over stopping.
        let pick = |legal: &[Action], rng: &mut GameRng| {
            legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Done)
                .nth(rng.random_range(0..legal.len()))
                .unwrap_or(legal[0])
        };
        fuzz_playout::<Arrakis>(&options, seed, PROBES_PER_STEP, 100_000, arbitrary, pick)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// Whether `message` reads `AR-<AREA>-<number>: ` (or `DW-`, `SM-`) then words for a person:
/// no Rust debug text (`CardId(55)`, `Turn(Harkonnen)`, `Some(..)`,
/// `{ .. }` or `[..]` structures, CamelCase type or variant names).
fn worded_for_a_person(message: &str) -> Result<(), String> {
    let (rule, text) = message
        .split_once(": ")
        .ok_or("no `rule: ` prefix".to_string())?;
    let parts: Vec<&str> = rule.split('-').collect();
    let id_ok = parts.len() == 3
        // AR: the core game; DW: the Desert War expansion; SM: the Smugglers.
        && (parts[0] == "AR" || parts[0] == "DW" || parts[0] == "SM")
        && !parts[1].is_empty()
        && parts[1].chars().all(|c| c.is_ascii_uppercase())
        && !parts[2].is_empty()
        && parts[2].chars().all(|c| c.is_ascii_digit());
    if !id_ok {
        return Err(format!("{rule:?} is not a rule ID"));
    }
    if text.contains(['{', '}', '[', ']']) {
        return Err("a debug structure".into());
    }
    for (i, ch) in text.char_indices() {
        // `Name(` with no space: a tuple variant or struct.
        if ch == '('
            && text[..i]
                .chars()
                .last()
                .is_some_and(|p| p.is_alphanumeric())
        {
            return Err("a debug tuple".into());
        }
    }
    for word in text.split(|c: char| !c.is_alphanumeric() && c != '\'') {
        // A capital after a small letter: "CardId", "AreaId", "PlayCard"
        // ("Muad'Dib" and "IV" are names).
        let camel = word
            .chars()
            .zip(word.chars().skip(1))
            .any(|(a, b)| a.is_ascii_lowercase() && b.is_ascii_uppercase());
        if camel {
            return Err(format!("{word:?} reads like a Rust name"));
        }
    }
    Ok(())
}

#[test]
fn refusals_name_the_rule_and_read_as_a_sentence() {
    // AR-ACT-11, AR-ACT-17 and every rule a refusal names: the message is
    // the rule ID and a sentence, never Rust debug text.
    assert!(worded_for_a_person("AR-ACT-11: PlayCard(CardId(55), Leadership) is not").is_err());
    assert!(worded_for_a_person("AR-ACT-11: x (Turn(Harkonnen))").is_err());
    let mut rules_seen = std::collections::BTreeSet::new();
    for seed in 0..16 {
        // The core game in both presets, then each expansion and both.
        let mut options = ArrakisOptions::default();
        match seed % 4 {
            1 => options.preset = melange::rules::arrakis::Preset::Published,
            2 => options.smugglers = true,
            3 => (options.desert_war, options.smugglers) = (true, true),
            _ => {}
        }
        let mut g = Arrakis::setup(&options, seed).unwrap();
        let mut rng = melange::rules::core::RngStream::Bot(9).rng(seed);
        let mut legal = Vec::new();
        let mut steps = 0;
        while let Some(seat) = g.to_act() {
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: no end");
            legal.clear();
            g.legal_actions(seat, &mut legal);
            for _ in 0..PROBES_PER_STEP {
                let x = arbitrary(&mut rng);
                if legal.contains(&x) {
                    continue;
                }
                let e = g.clone().apply(seat, &x, &mut Vec::new()).unwrap_err();
                let RuleError::Illegal { rule, .. } = &e else {
                    panic!("seed {seed}: {x:?} refused without a rule: {e}");
                };
                rules_seen.insert(*rule);
                let text = e.to_string();
                worded_for_a_person(&text)
                    .unwrap_or_else(|why| panic!("seed {seed}: {why} in {text:?}"));
            }
            let x = legal
                .iter()
                .copied()
                .filter(|a| *a != Action::Done)
                .nth(rng.random_range(0..legal.len()))
                .unwrap_or(legal[0]);
            g.apply(seat, &x, &mut Vec::new()).unwrap();
        }
    }
    eprintln!("rules named by refusals: {rules_seen:?}");
    assert!(rules_seen.len() >= 10, "few rules reached: {rules_seen:?}");
}
