//! Random Desert War games with arbitrary Atreides Desert War actions thrown
//! at every step (Camps, Rocket Launchers, Sandriders): accepted exactly
//! when legal, refused with the game unchanged and the refusal worded with
//! a rule ID, never a panic; the Atreides figures conserved.
use melange::rules::arrakis::expansions::ExpansionAction;
use melange::rules::arrakis::expansions::desert_war::DwAction;
use melange::rules::arrakis::{
    Action, AirZoneId, AreaId, Arrakis, ArrakisOptions, Marker, SectorId, board,
};
use melange::rules::core::{GameRng, RuleError, Ruleset, conformance::fuzz_playout};
use rand::Rng;

/// Games played: more in the release soak.
fn games() -> u64 {
    melange::rules::core::conformance::playout_games(30, 300)
}

fn arbitrary(rng: &mut GameRng) -> Action {
    let area = AreaId(rng.random_range(0..board().areas.len()) as u8);
    let zone = AirZoneId(rng.random_range(0..board().air_zones.len()) as u8);
    let sector = SectorId(rng.random_range(0..board().sectors.len()) as u8);
    let marker = Marker::ALL[rng.random_range(0..3)];
    match rng.random_range(0..10) {
        0 => Action::Expansion(ExpansionAction::DesertWar(DwAction::PlaceCamp(
            marker, area,
        ))),
        1 => Action::Expansion(ExpansionAction::DesertWar(DwAction::DeployRockets)),
        2 => Action::Expansion(ExpansionAction::DesertWar(DwAction::RocketAttack(sector))),
        3 => Action::Expansion(ExpansionAction::DesertWar(DwAction::TradeCamp)),
        4 => Action::Expansion(ExpansionAction::DesertWar(DwAction::PlaceSandrider(area))),
        5 => Action::Expansion(ExpansionAction::DesertWar(DwAction::Sandriders(area))),
        6 => Action::DeployAt(area),
        7 => Action::PickArea(area),
        8 => Action::PickZone(zone),
        _ => Action::Done,
    }
}

/// Prefers the Desert War actions, so that the games play them.
fn pick(legal: &[Action], rng: &mut GameRng) -> Action {
    let dw: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| matches!(a, Action::Expansion(ExpansionAction::DesertWar(_))))
        .collect();
    if !dw.is_empty() && rng.random_range(0..3) > 0 {
        return dw[rng.random_range(0..dw.len())];
    }
    legal
        .iter()
        .copied()
        .filter(|a| *a != Action::Done)
        .nth(rng.random_range(0..legal.len()))
        .unwrap_or(legal[0])
}

#[test]
fn arbitrary_atreides_desert_war_actions_are_accepted_exactly_when_legal() {
    for seed in 0..games() {
        let options = ArrakisOptions {
            desert_war: true,
            ..Default::default()
        };
        fuzz_playout::<Arrakis>(&options, seed, 2, 100_000, arbitrary, pick)
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn atreides_figures_are_conserved_and_refusals_name_a_rule() {
    let d = melange::rules::arrakis::expansions::desert_war::data::desert_war();
    for seed in 0..games() {
        let options = ArrakisOptions {
            desert_war: true,
            ..Default::default()
        };
        let mut g = Arrakis::setup(&options, seed).unwrap();
        let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(seed);
        let mut legal = Vec::new();
        let mut ev = Vec::new();
        let mut steps = 0;
        let mut played = 0;
        while let Some(seat) = g.to_act() {
            steps += 1;
            assert!(steps < 100_000, "seed {seed}: no end");
            legal.clear();
            g.legal_actions(seat, &mut legal);
            // A refused Desert War action names a rule for a person.
            let probe = arbitrary(&mut rng);
            if !legal.contains(&probe) {
                let mut p = g.clone();
                match p.apply(seat, &probe, &mut ev) {
                    Err(RuleError::Illegal { rule, reason }) => {
                        assert!(!reason.contains("DwAction"), "{reason}");
                        assert!(rule.starts_with("AR-") || rule.starts_with("DW-"), "{rule}");
                    }
                    other => panic!("seed {seed}: {probe:?}: {other:?}"),
                }
            }
            let a = pick(&legal, &mut rng);
            played += usize::from(matches!(
                a,
                Action::Expansion(ExpansionAction::DesertWar(_))
            ));
            g.apply(seat, &a, &mut ev).unwrap();
            // Each kind conserved; at most one Camp per sector.
            let dw = g.desert_war().unwrap();
            let rockets: u8 = g.areas().iter().map(|s| s.expansions.desert.rockets).sum();
            let riders: u8 = g
                .areas()
                .iter()
                .map(|s| s.expansions.desert.sandriders)
                .sum();
            assert_eq!(
                rockets + dw.rockets,
                d.atreides.rocket_launchers,
                "seed {seed}"
            );
            assert_eq!(riders + dw.sandriders, d.atreides.sandriders, "seed {seed}");
            let mut sectors = Vec::new();
            for (i, s) in g.areas().iter().enumerate() {
                if s.expansions.desert.camp.is_some() {
                    let x = board().areas[i].sector;
                    assert!(!sectors.contains(&x), "seed {seed}: two Camps in {x:?}");
                    sectors.push(x);
                }
            }
            assert!(sectors.len() + dw.camp_tokens.len() <= usize::from(d.atreides.camps));
        }
        assert!(played > 0, "seed {seed}: no Desert War action played");
    }
}
