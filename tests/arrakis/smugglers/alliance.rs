//! The alliance (SM-ALLY, SM-STABAN-02, SM-GURNEY-03, SM-GURNEY-04,
//! SM-UNIT-03): its trigger and each of its steps.
use super::*;
use crate::common::{A, H, a, legal, play, seat};
use melange::rules::arrakis::expansions::smugglers::{SmAction, SmEvent, SmPrompt, Standing};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{
    BattleStep, DieResult, Event, LeaderAt, Marker, Phase, Prompt, UnitKind, Vehicle, board,
};

fn place(x: &str) -> Action {
    Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceBase(a(x))))
}

#[test]
fn a_drone_ornithopters_play_reaching_the_highest_marker_brings_the_alliance() {
    let mut g = game();
    let (staban, gurney) = (sm_leader("staban_tuek"), sm_leader("gurney_halleck"));
    g.edit(|s| {
        s.smugglers_mut().map(|sm| sm.staban_step = 1).unwrap();
        s.areas[a("s1_1").index()].expansions.smugglers.harvester = true;
    })
    .unwrap();
    let az1 = board().air_zone_id("az1").unwrap();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::SMUGGLER_CARRYALL);
        s.put(H, a("s2_3"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    // SM-GURNEY-03, SM-STABAN-01: neither is in play before the alliance.
    assert_eq!(g.leader_at(gurney), LeaderAt::NotInPlay);
    assert_eq!(g.leader_at(staban), LeaderAt::NotInPlay);
    g.edit(|s| {
        s.turn(A, &[DieResult::Strategy], 1);
        s.hand(A, &[drone()]);
    })
    .unwrap();
    let ev = play(&mut g, A, &[Action::PlayCard(drone(), DieResult::Strategy)]);
    // SM-ALLY-02, SM-ALLY-01: Staban down to step 0, where the markers are.
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::StabanMoved { step: 0 }
    ))));
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::Allied {
            harvesters_removed: 3,
            carryall_removed: true,
        }
    ))));
    let sm = g.smugglers().unwrap().clone();
    assert_eq!(sm.standing, Standing::Allied);
    // SM-ALLY-04, SM-ALLY-05: harvesters and carryall out of the game, on
    // the board or off.
    assert!(!g.areas()[a("s1_1").index()].expansions.smugglers.harvester);
    assert_eq!(g.zones()[az1.index()], None);
    assert_eq!((sm.harvesters_in_game, sm.carryall_in_game), (0, false));
    // SM-ALLY-09, SM-ALLY-10: the die joins, first rolled at the next
    // Action Resolution (this one has begun).
    assert_eq!((sm.die, sm.die_ready), (None, false));
    // SM-STABAN-02: both leaders are in play, figures waiting for the Base.
    assert_eq!(g.leader_at(staban), LeaderAt::SetAside);
    assert_eq!(g.leader_at(gurney), LeaderAt::SetAside);
    // SM-ALLY-06: the Atreides place the Base before anything else.
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::PlaceBase))
    );
    let offered = legal(&g, A);
    assert!(offered.contains(&place("s2_1")));
    assert!(offered.contains(&place("s7_1")) || offered.contains(&place("s3_1")));
    // SM-ALLY-07: not a non-desert area, an occupied one, nor outside the
    // four lowest sectors.
    assert_eq!(refused(&mut g, A, place("pasty_mesa")), "SM-ALLY-07");
    assert_eq!(refused(&mut g, A, place("s2_3")), "SM-ALLY-07");
    assert_eq!(refused(&mut g, A, place("s1_2")), "SM-ALLY-07");
    assert_eq!(refused(&mut g, A, place("tasmin_sink")), "SM-ALLY-07");
    let e = g
        .apply(seat(A), &place("s1_2"), &mut Vec::new())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the Smugglers Base goes only in an empty desert area of the four lowest"),
        "{e}"
    );
    let ev = play(&mut g, A, &[place("s2_1")]);
    // SM-ALLY-08, SM-GURNEY-04, SM-STABAN-02, SM-UNIT-03: the Base, then
    // the leaders and the waiting regular in its area.
    assert_eq!(
        ev[..2],
        [
            Event::Expansion(ExpansionEvent::Smugglers(SmEvent::BasePlaced {
                area: a("s2_1")
            })),
            Event::Expansion(ExpansionEvent::Smugglers(SmEvent::FiguresJoined {
                area: a("s2_1"),
                regulars: 2,
                leaders: vec![gurney, staban],
            })),
        ]
    );
    let s = &g.areas()[a("s2_1").index()];
    assert!(s.expansions.smugglers.base);
    // The one of the setup and the one of round 1's start (SM-ROUND-01).
    assert_eq!(s.units[A][UnitKind::Smuggler], 2);
    assert_eq!(g.leader_at(staban), LeaderAt::Board(a("s2_1")));
    assert_eq!(g.leader_at(gurney), LeaderAt::Board(a("s2_1")));
    let sm = g.smugglers().unwrap().clone();
    assert_eq!((sm.base, sm.regulars_waiting), (Some(a("s2_1")), 0));
    // The game goes on where the alliance interrupted it.
    assert!(matches!(g.prompt(), Prompt::Turn(_)), "{:?}", g.prompt());
}

#[test]
fn a_prescience_marker_reaching_staban_brings_the_alliance_mid_battle() {
    // SM-ALLY-01: an Atreides legion takes Carthag (rank 2): every marker
    // advances 2, onto Staban Tuek's step.
    let mut g = game();
    g.edit(|s| {
        s.smugglers_mut().map(|sm| sm.staban_step = 2).unwrap();
        s.put(A, a("broken_land"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy, DieResult::Strategy], 2);
    })
    .unwrap();
    let ev = play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a("broken_land")),
            Action::Take(UnitKind::Regular),
            Action::To(a("carthag")),
        ],
    );
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::Smugglers(SmEvent::Allied { .. }))
    )));
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::PlaceBase))
    );
    // SM-ALLY-06: the Harkonnen cannot act meanwhile.
    assert!(legal(&g, H).is_empty());
    play(&mut g, A, &[place("s3_1")]);
    // The battle's advance is asked again.
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
}

#[test]
fn no_alliance_below_staban_and_none_twice() {
    // SM-ALLY-01: a marker below his step does nothing.
    let mut g = game();
    let ev = g.test_sm_advance_prescience(Marker::Jihad, 6);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Expansion(ExpansionEvent::Smugglers(_))))
    );
    assert_eq!(g.smugglers().unwrap().standing, Standing::Neutral);
    let ev = g.test_sm_advance_prescience(Marker::Jihad, 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::Smugglers(SmEvent::Allied { .. }))
    )));
    play(&mut g, A, &[place("s2_1")]);
    // Once allied, nothing fires again.
    let ev = g.test_sm_advance_prescience(Marker::KwisatzHaderach, 9);
    assert!(
        !ev.iter()
            .any(|e| matches!(e, Event::Expansion(ExpansionEvent::Smugglers(_))))
    );
}

#[test]
fn the_die_waits_for_the_next_action_resolution() {
    // SM-ALLY-10: an alliance before Action Resolution rolls the die in it.
    let mut g = game();
    g.edit(|s| s.phase = Phase::VehiclePlacement).unwrap();
    g.test_ally_at(a("s2_1"));
    assert!(g.smugglers().unwrap().die_ready);
    // During Action Resolution: not this round.
    let mut g = game();
    g.edit(|s| s.phase = Phase::ActionResolution).unwrap();
    g.test_ally_at(a("s2_1"));
    assert!(!g.smugglers().unwrap().die_ready);
    assert_eq!(g.smugglers().unwrap().die, None);
    // SM-ALLY-10: the next round's Vehicle Placement readies it
    // (cargo-mutants: that step removed went unnoticed).
    g.test_start_round();
    assert!(g.smugglers().unwrap().die_ready);
}

/// Smuggler Regulars of the game: on the board, in an Atreides attacking
/// group, in the Atreides supply and on the Smugglers board.
fn smuggler_regulars(g: &Arrakis) -> u8 {
    let on: u8 = g
        .areas()
        .iter()
        .map(|s| s.units[A][UnitKind::Smuggler])
        .sum();
    let attacking = match g.prompt() {
        Prompt::Battle(b) if b.attacker == A => b.group.units[UnitKind::Smuggler],
        _ => 0,
    };
    let sm = g.smugglers().unwrap();
    on + attacking + g.house(A).supply.smuggler + sm.regulars_waiting
}

#[test]
fn random_games_with_an_early_alliance_keep_the_smugglers_whole() {
    // SM-ALLY-01 to SM-ALLY-08, SM-DEFEAT-05, SM-DEFEAT-07 over random
    // games whose alliance comes early (Staban Tuek on step 1 to 3): every
    // action is accepted, the Smuggler Regulars are conserved while allied,
    // Staban is in play while allied and out of the game once defeated.
    use rand::{Rng, SeedableRng};
    let staban = sm_leader("staban_tuek");
    let (mut allied, mut defeated) = (0, 0);
    for seed in 0..300u64 {
        let mut g = fresh();
        g.edit(|s| {
            s.smugglers_mut()
                .map(|sm| sm.staban_step = 1 + (seed % 3) as u8)
        })
        .unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        for _ in 0..20_000 {
            let Some(seat) = g.to_act() else { break };
            legal.clear();
            g.legal_actions(seat, &mut legal);
            assert!(
                !legal.is_empty(),
                "seed {seed}: no choice at {:?}",
                g.prompt()
            );
            let x = legal[rng.random_range(0..legal.len())];
            let mut ev = Vec::new();
            g.apply(seat, &x, &mut ev)
                .unwrap_or_else(|e| panic!("seed {seed}: {x:?} refused: {e}"));
            let sm = g.smugglers().unwrap().clone();
            match sm.standing {
                Standing::Allied if sm.base.is_some() => {
                    assert_eq!(smuggler_regulars(&g), 6, "seed {seed} after {x:?}");
                    let at = g.leader_at(staban);
                    assert!(
                        !matches!(at, LeaderAt::NotInPlay | LeaderAt::Removed),
                        "seed {seed}: Staban {at:?}"
                    );
                }
                Standing::Defeated => {
                    assert_eq!(smuggler_regulars(&g), 0, "seed {seed}");
                    assert_eq!(g.leader_at(staban), LeaderAt::Removed);
                    assert_eq!(sm.base, None);
                }
                _ => {}
            }
        }
        match g.smugglers().unwrap().standing {
            Standing::Allied => allied += 1,
            Standing::Defeated => defeated += 1,
            Standing::Neutral => {}
        }
    }
    assert!(
        allied > 0 && defeated > 0,
        "allied {allied}, defeated {defeated}"
    );
}

#[test]
fn a_prescience_card_shifting_a_marker_onto_staban_brings_the_alliance() {
    // SM-ALLY-01: Alam al-Mithal moves the Sand Dwellers marker up onto
    // Staban Tuek's step; the Base is placed, then the card goes on.
    let mut g = game();
    let alam = d().card_id("alam_al_mithal").unwrap();
    g.edit(|s| {
        s.prescience = [3, 1, 0].into();
        s.smugglers_mut().map(|sm| sm.staban_step = 4).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
        s.hand(A, &[alam]);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::PlayCard(alam, DieResult::Strategy),
            Action::PickMarker(Marker::KwisatzHaderach),
            Action::PickMarker(Marker::SandDwellers),
        ],
    );
    let ev = play(&mut g, A, &[Action::PickSlot(3)]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::Expansion(ExpansionEvent::Smugglers(SmEvent::Allied { .. }))
    )));
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::PlaceBase))
    );
    play(&mut g, A, &[place("s2_1")]);
    // The card's draw comes next.
    assert!(legal(&g, A).contains(&Action::DrawFrom(
        melange::rules::arrakis::Deck::HouseAtreides
    )));
}
