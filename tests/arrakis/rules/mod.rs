//! Per-rule tests of War for Arrakis on the real board, by concept; each
//! cites its rule ID (docs/rules/war-for-arrakis.md). This module holds
//! the helpers the concept files share. Combat faces (data): 0-2 Hit, 3-4
//! Shield, 5 Special.
use super::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, BattleStep, DieResult, Event, Faction, ImperiumMarker,
    Prompt, UnitKind, Vehicle, board,
};
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{RuleError, Ruleset};
use rand::SeedableRng;

mod actions;
mod combat;
mod hawat;
mod hazards;
mod hidden;
mod movement;
mod round;
mod vehicles;

const HIT: u8 = 0;
const SHIELD: u8 = 3;

fn game_with(opts: ArrakisOptions) -> Arrakis {
    let mut g = Arrakis::setup(&opts, 7).unwrap();
    g.edit(|s| s.clear_board()).unwrap();
    g
}

fn game() -> Arrakis {
    game_with(ArrakisOptions::default())
}

fn rolls(ev: &[Event]) -> Vec<(Faction, u8, u8, u8)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::CombatRoll {
                faction,
                dice,
                hits,
                shields,
            } => Some((*faction, *dice, *hits, *shields)),
            _ => None,
        })
        .collect()
}

fn attack(g: &mut Arrakis, f: Faction, from: &str, to: &str, take: &[UnitKind]) -> Vec<Event> {
    g.edit(|s| s.turn(f, &[DieResult::Strategy, DieResult::Strategy], 2))
        .unwrap();
    let mut acts = vec![
        Action::SpendDie(DieResult::Strategy),
        Action::Legion(a(from)),
    ];
    acts.extend(take.iter().map(|k| Action::Take(*k)));
    acts.push(Action::To(a(to)));
    play(g, f, &acts)
}
