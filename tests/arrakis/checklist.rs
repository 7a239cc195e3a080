//! Rule coverage for War for Arrakis: one test per core-game rule of
//! `docs/rules/war-for-arrakis.md` not covered elsewhere, on the real board,
//! each citing its AR- ID. Action die faces (data): 0-1 Strategy,
//! 2 Leadership, 3 Deployment, 4 Mentat, 5 House. Combat faces: 0-2 Hit,
//! 3-4 Shield, 5 Special.
use super::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, BattleStep, Deck, DieResult, Event, Faction,
    ImperiumMarker, LeaderAt, Phase, Preset, Prompt, Rules, StormExposure, UnitKind, Vehicle, Worm,
    Wormsign, board,
};
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{Ruleset, Seat, Viewer};

const HIT: u8 = 0;
const SHIELD: u8 = 3;
const SPECIAL: u8 = 5;

fn game_with(opts: ArrakisOptions) -> Arrakis {
    let mut g = Arrakis::setup(&opts, 7).unwrap();
    g.edit(|s| s.clear_board()).unwrap();
    g
}

fn game() -> Arrakis {
    game_with(ArrakisOptions::default())
}

fn with_option(name: &str, value: &str) -> Arrakis {
    game_with(ArrakisOptions {
        overrides: vec![(name.into(), value.into())],
        ..Default::default()
    })
}

fn units(g: &Arrakis, f: Faction, id: &str) -> melange::rules::arrakis::Units {
    g.areas()[a(id).index()].units[f]
}

/// Starts a Strategy move of `f`: the die spent, the legion in `from`
/// picked with these units.
fn pick(g: &mut Arrakis, f: Faction, from: &str, take: &[UnitKind]) {
    g.edit(|s| s.turn(f, &[DieResult::Strategy, DieResult::Strategy], 2))
        .unwrap();
    play(
        g,
        f,
        &[
            Action::SpendDie(DieResult::Strategy),
            Action::Legion(a(from)),
        ],
    );
    let acts: Vec<_> = take.iter().map(|k| Action::Take(*k)).collect();
    play(g, f, &acts);
}

/// `f` attacks from `from` into `to` with these units.
fn attack(g: &mut Arrakis, f: Faction, from: &str, to: &str, take: &[UnitKind]) -> Vec<Event> {
    pick(g, f, from, take);
    play(g, f, &[Action::To(a(to))])
}

/// Both sides decline to discard; the roll uses these faces.
fn roll(g: &mut Arrakis, attacker: Faction, faces: &[u8]) -> Vec<Event> {
    let mut ev = play(g, attacker, &[Action::Done]);
    g.edit(|s| s.load_dice(faces)).unwrap();
    ev.extend(play(g, attacker.other(), &[Action::Done]));
    ev
}

/// A Harkonnen Mentat turn that ends Action Resolution: Desert Hazards.
fn to_desert_hazards(g: &mut Arrakis) -> Vec<Event> {
    g.edit(|s| s.turn(H, &[DieResult::Mentat], 0)).unwrap();
    let deck = Deck::HouseHarkonnen;
    play(
        g,
        H,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    )
}

fn dice(g: &Arrakis, f: Faction, r: DieResult) -> usize {
    g.house(f).dice.iter().filter(|d| d.result == r).count()
}

// ---- Round start, action dice, Bene Gesserit ----

#[test]
fn round_order_and_dice_rolled_into_matching_slots() {
    // AR-START-01, AR-ACT-03, AR-ACT-04, AR-VEH-01
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    assert_eq!(g.phase(), Phase::VehiclePlacement);
    assert!(matches!(g.prompt(), Prompt::Vehicles { .. }));
    // AR-VEH-01: only the Harkonnen act in Vehicle Placement.
    assert!(legal(&g, A).is_empty());
    assert_refused(&g, seat(A), &Action::Done);
    let ev = play(&mut g, H, &[Action::Done]);
    assert_eq!(g.phase(), Phase::ActionResolution);
    // AR-ACT-03: both roll at once (8 Harkonnen dice on the top row, 4).
    let rolled: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::DiceRolled { faction, results } => Some((*faction, results.len())),
            _ => None,
        })
        .collect();
    assert_eq!(rolled, vec![(H, 8), (A, 4)]);
    // AR-ACT-04: every placed die sits in a slot of its result.
    let t = &data().tables.action_dice;
    for r in DieResult::ALL {
        assert!(dice(&g, A, r) <= usize::from(t.atreides.slots.of(r)));
        assert!(dice(&g, H, r) <= usize::from(t.harkonnen.slots.of(r)));
    }
    let placed = g.house(A).dice.len() + usize::from(g.house(A).excess);
    assert_eq!(placed, 4);
}

#[test]
fn excess_dice_reassigned_fewest_first_alternating() {
    // AR-ACT-05, AR-ACT-06, AR-ACT-07, AR-ACT-08, AR-ACT-09
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    // Harkonnen: 4 Strategy (1 excess), 3 Leadership, 1 Deployment;
    // Atreides: 4 Strategy (2 excess).
    g.edit(|s| s.load_dice(&[0, 0, 0, 0, 2, 2, 2, 3, 0, 0, 0, 0]))
        .unwrap();
    play(&mut g, H, &[Action::Done]);
    // AR-ACT-05: 3 Harkonnen dice per result; AR-ACT-06: 2 Atreides.
    assert_eq!(dice(&g, H, DieResult::Strategy), 3);
    assert_eq!(dice(&g, H, DieResult::Leadership), 3);
    assert_eq!(g.house(H).excess, 1);
    assert_eq!(dice(&g, A, DieResult::Strategy), 2);
    assert_eq!(g.house(A).excess, 2);
    // AR-ACT-08: the Atreides placed fewer dice (2 against 7): they start.
    assert_eq!(g.prompt(), Prompt::Reassign(A));
    // AR-ACT-07: only results with a free slot; a third Atreides die on
    // Strategy is refused (AR-ACT-06).
    assert_eq!(
        legal(&g, A),
        [
            DieResult::Leadership,
            DieResult::Deployment,
            DieResult::Mentat,
            DieResult::House
        ]
        .map(Action::Reassign)
    );
    let e = assert_refused(&g, seat(A), &Action::Reassign(DieResult::Strategy));
    assert_eq!(rule_of(e), "AR-ACT-06");
    play(&mut g, A, &[Action::Reassign(DieResult::Mentat)]);
    // AR-ACT-09: one die at a time, alternating.
    assert_eq!(g.prompt(), Prompt::Reassign(H));
    // AR-ACT-05: a fourth Harkonnen die on Leadership or Strategy.
    for r in [DieResult::Leadership, DieResult::Strategy] {
        let e = assert_refused(&g, seat(H), &Action::Reassign(r));
        assert_eq!(rule_of(e), "AR-ACT-05");
    }
    assert!(legal(&g, H).contains(&Action::Reassign(DieResult::House)));
    play(&mut g, H, &[Action::Reassign(DieResult::House)]);
    assert_eq!(g.prompt(), Prompt::Reassign(A));
    play(&mut g, A, &[Action::Reassign(DieResult::Mentat)]);
    assert_eq!(dice(&g, A, DieResult::Mentat), 2);
    assert_eq!(dice(&g, H, DieResult::House), 1);
    // AR-ACT-06 (AR-BG-04): the Atreides Bene Gesserit token cannot be a
    // third die on Mentat or Strategy.
    assert_eq!(g.prompt(), Prompt::BeneGesserit(A));
    assert_eq!(
        legal(&g, A),
        vec![
            Action::PlaceBeneGesserit(DieResult::Leadership),
            Action::PlaceBeneGesserit(DieResult::Deployment),
            Action::PlaceBeneGesserit(DieResult::House),
            Action::Done,
        ]
    );
    for r in [DieResult::Mentat, DieResult::Strategy] {
        let e = assert_refused(&g, seat(A), &Action::PlaceBeneGesserit(r));
        assert_eq!(rule_of(e), "AR-BG-04");
    }
}

#[test]
fn the_atreides_dashboard_holds_two_dice_of_each_result() {
    // AR-ACT-06 (AR-BG-04): with 2 dice on every result, no result takes
    // a third; with 1 on every result, each takes a second.
    let two: Vec<_> = DieResult::ALL.into_iter().flat_map(|r| [r, r]).collect();
    let mut g = game();
    g.edit(|s| {
        s.turn(A, &two, 0);
        s.prompt = Prompt::BeneGesserit(A);
    })
    .unwrap();
    assert_eq!(g.house(A).bene_gesserit, 1);
    assert_eq!(legal(&g, A), vec![Action::Done]);
    for r in DieResult::ALL {
        let e = assert_refused(&g, seat(A), &Action::PlaceBeneGesserit(r));
        assert_eq!(rule_of(e), "AR-BG-04", "{r:?}");
    }
    g.edit(|s| {
        s.turn(A, &DieResult::ALL, 0);
        s.prompt = Prompt::BeneGesserit(A);
    })
    .unwrap();
    let mut want: Vec<_> = DieResult::ALL.map(Action::PlaceBeneGesserit).to_vec();
    want.push(Action::Done);
    assert_eq!(legal(&g, A), want);
}

#[test]
fn excess_dice_to_the_least_filled_result_under_the_wiki_option() {
    // AR-OPT-10
    let mut g = Arrakis::setup(
        &ArrakisOptions {
            overrides: vec![("excess_dice_reassignment".into(), "least_filled".into())],
            ..Default::default()
        },
        3,
    )
    .unwrap();
    g.edit(|s| s.load_dice(&[0, 0, 0, 2, 2, 2, 3, 3, 0, 0, 0, 4]))
        .unwrap();
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::Reassign(A));
    // Leadership, Deployment and House hold no Atreides die; Mentat one.
    let l = legal(&g, A);
    assert!(l.contains(&Action::Reassign(DieResult::Leadership)));
    assert!(!l.contains(&Action::Reassign(DieResult::Mentat)));
    let e = assert_refused(&g, seat(A), &Action::Reassign(DieResult::Mentat));
    assert_eq!(rule_of(e), "AR-OPT-10");
}

#[test]
fn bene_gesserit_tokens_once_a_round_on_empty_slots() {
    // AR-BG-01, AR-BG-02, AR-BG-03, AR-BG-04, AR-BG-06
    let g0 = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    // AR-BG-06: the Atreides start with 1 token (Lady Jessica).
    assert_eq!(g0.house(A).bene_gesserit, 1);
    assert_eq!(g0.house(H).bene_gesserit, 0);
    let mut g = g0.clone();
    g.edit(|s| {
        s.houses[H].bene_gesserit = 2;
        // Harkonnen: 3 Strategy (full), 3 Leadership, 2 Deployment.
        s.load_dice(&[0, 0, 0, 2, 2, 2, 3, 3, 2, 3, 4, 5]);
    })
    .unwrap();
    play(&mut g, H, &[Action::Done]);
    // AR-BG-01: the Harkonnen first, after the dice are allocated.
    assert_eq!(g.prompt(), Prompt::BeneGesserit(H));
    // AR-BG-04: never on a result whose slots all hold dice.
    let e = assert_refused(&g, seat(H), &Action::PlaceBeneGesserit(DieResult::Strategy));
    assert_eq!(rule_of(e), "AR-BG-04");
    play(&mut g, H, &[Action::PlaceBeneGesserit(DieResult::Mentat)]);
    assert_eq!(dice(&g, H, DieResult::Mentat), 1);
    // AR-BG-03: one a round: the Atreides now, not the Harkonnen again.
    assert_eq!(g.prompt(), Prompt::BeneGesserit(A));
    assert_eq!(g.house(H).bene_gesserit, 1);
    // AR-BG-02: the Atreides in the same way.
    play(&mut g, A, &[Action::PlaceBeneGesserit(DieResult::House)]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn spent_dice_stay_spent_one_action_a_turn() {
    // AR-ACT-14, AR-ACT-16, AR-DIE-01, AR-FREE-04
    let mut g = game();
    g.edit(|s| s.turn(A, &[DieResult::Mentat, DieResult::Strategy], 2))
        .unwrap();
    let deck = Deck::HouseAtreides;
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    );
    // AR-ACT-16: one action, then the other house's turn.
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert_refused(&g, seat(A), &Action::SpendDie(DieResult::Strategy));
    // AR-DIE-01: both houses have Strategy.
    // (No Harkonnen legion to move: the step ends at once.)
    play(&mut g, H, &[Action::SpendDie(DieResult::Strategy)]);
    // AR-ACT-14: the spent Mentat die cannot be spent again.
    assert_eq!(g.prompt(), Prompt::Turn(A));
    assert_refused(&g, seat(A), &Action::SpendDie(DieResult::Mentat));
    assert!(legal(&g, A).contains(&Action::SpendDie(DieResult::Strategy)));
}

#[test]
fn effects_are_never_mandatory() {
    // AR-ACT-17: a die spent on Strategy may move nothing at all.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[Action::SpendDie(DieResult::Strategy), Action::Done],
    );
    assert_eq!(units(&g, A, "s1_1"), [2, 0, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn action_resolution_ends_with_the_last_harkonnen_die() {
    // AR-ACT-18, AR-ACT-19
    let mut g = game();
    to_desert_hazards(&mut g);
    // The Atreides' unspent dice are lost; the round went on.
    assert!(g.house(A).dice.is_empty());
    assert_ne!(g.phase(), Phase::ActionResolution);
}

#[test]
fn exhausted_deck_gives_nothing() {
    // AR-START-04
    let mut g = game();
    g.edit(|s| s.houses[A].decks[0].clear()).unwrap();
    let hand = g.house(A).hand.len();
    let ally = g.house(A).decks[1].len();
    g.edit(|s| s.turn(A, &[DieResult::Mentat], 1)).unwrap();
    let deck = Deck::HouseAtreides;
    let ev = play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    );
    assert_eq!(g.house(A).hand.len(), hand);
    assert_eq!(g.house(A).decks[1].len(), ally);
    assert!(!ev.iter().any(|e| matches!(e, Event::CardDrawn { .. })));
}

#[test]
fn two_seats_harkonnen_and_atreides() {
    // AR-START-06
    let g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    assert_eq!(g.prompt().faction(), Some(H));
    assert_eq!(seat(H), Seat(0));
    assert_eq!(seat(A), Seat(1));
    assert_refused(&g, Seat(2), &Action::Done);
}

// ---- Movement and the die actions ----

#[test]
fn a_legion_splits_and_takes_only_what_its_area_holds() {
    // AR-MOVE-01, AR-MOVE-06, AR-DEPLOY-12, AR-DEPLOY-13
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [3, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].tokens.push(0);
    })
    .unwrap();
    pick(&mut g, A, "s1_1", &[UnitKind::Regular]);
    // Only kinds present here; a token moves whole, as 1 unit.
    let l = legal(&g, A);
    assert!(l.contains(&Action::Take(UnitKind::Regular)));
    assert!(l.contains(&Action::TakeToken));
    assert_refused(&g, seat(A), &Action::Take(UnitKind::Elite));
    play(&mut g, A, &[Action::TakeToken, Action::To(a("s1_2"))]);
    assert_eq!(units(&g, A, "s1_1"), [2, 0, 0]);
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!((s.units[A].into_array(), s.tokens.len()), ([1, 0, 0], 1));

    // AR-DEPLOY-13: an area holding only a token offers no unit to take.
    let mut g = game();
    g.edit(|s| s.areas[a("s1_3").index()].tokens.push(1))
        .unwrap();
    pick(&mut g, A, "s1_3", &[]);
    for k in UnitKind::ALL {
        assert_refused(&g, seat(A), &Action::Take(k));
    }
}

#[test]
fn a_move_ends_in_an_open_area() {
    // AR-MOVE-03, AR-MOVE-04, AR-DIE-03
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put(A, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_2").index()].worm = Some(Worm::Normal);
    })
    .unwrap();
    pick(&mut g, A, "s1_4", &[UnitKind::Regular]);
    // Never into a sandworm.
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-HAZ-38");
    play(&mut g, A, &[Action::To(a("s1_5"))]);
    // The second legion may not attack: an attack is the whole action.
    play(
        &mut g,
        A,
        &[Action::Legion(a("s1_1")), Action::Take(UnitKind::Regular)],
    );
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_3")));
    assert_eq!(rule_of(e), "AR-DIE-03");
}

#[test]
fn two_different_legions_never_the_same_figure_twice() {
    // AR-DIE-02, AR-DIE-04
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_5"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    pick(&mut g, A, "s1_1", &[UnitKind::Regular]);
    play(&mut g, A, &[Action::To(a("s1_4"))]);
    // The moved figures stay put.
    assert_refused(&g, seat(A), &Action::Legion(a("s1_4")));
    play(
        &mut g,
        A,
        &[
            Action::Legion(a("s1_3")),
            Action::Take(UnitKind::Regular),
            Action::To(a("s4_11")),
        ],
    );
    // Two legions: the action is over.
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert_eq!(units(&g, A, "s1_5"), [1, 0, 0]);
}

#[test]
fn leadership_moves_legions_with_a_leader() {
    // AR-DIE-07, AR-DIE-10
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 1).unwrap();
        s.put(A, a("s1_3"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Leadership], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::SpendDie(DieResult::Leadership)]);
    assert!(legal(&g, A).contains(&Action::Legion(a("s1_1"))));
    assert_refused(&g, seat(A), &Action::Legion(a("s1_3")));
    play(
        &mut g,
        A,
        &[Action::Legion(a("s1_1")), Action::Take(UnitKind::Regular)],
    );
    let e = assert_refused(&g, seat(A), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-DIE-10");
    play(&mut g, A, &[Action::TakeGeneric, Action::To(a("s1_2"))]);
    assert_eq!(g.areas()[a("s1_2").index()].generic[A], 1);
}

#[test]
fn leaders_vehicles_and_sandworms_are_not_units() {
    // AR-MOVE-09, AR-MOVE-10, AR-MOVE-11
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_2"), [5, 0, 0], 3).unwrap();
        s.areas[a("s1_2").index()].harvester = true;
        s.put(H, a("s1_1"), [1, 0, 0], 1).unwrap();
    })
    .unwrap();
    pick(&mut g, H, "s1_1", &[UnitKind::Regular]);
    play(&mut g, H, &[Action::TakeGeneric, Action::To(a("s1_2"))]);
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!((s.unit_count(H), s.generic[H]), (6, 4));

    // A token counts 1 whatever it hides (kind 0: 2 regulars).
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_2"), [5, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].tokens.push(0);
    })
    .unwrap();
    pick(&mut g, A, "s1_1", &[]);
    play(&mut g, A, &[Action::TakeToken, Action::To(a("s1_2"))]);
    assert_eq!(g.areas()[a("s1_2").index()].unit_count(A), 6);
}

#[test]
fn troop_transport_one_ornithopter_two_areas_over_anything() {
    // AR-MOVE-14, AR-MOVE-15, AR-MOVE-25, AR-MOVE-26, AR-MOVE-27,
    // AR-MOVE-29, AR-MOVE-30
    let az1 = board().air_zone_id("az1").unwrap();
    let az5 = board().air_zone_id("az5").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.zones[az5.index()] = Some(Vehicle::Ornithopter);
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        // Over a full friendly area, an enemy legion and a sandworm.
        s.put(H, a("s1_2"), [6, 0, 0], 0).unwrap();
        s.put(A, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_3").index()].worm = Some(Worm::Normal);
    })
    .unwrap();
    pick(&mut g, H, "s1_1", &[UnitKind::Regular, UnitKind::Regular]);
    // AR-MOVE-25: only an ornithopter connected to the starting area.
    assert_refused(&g, seat(H), &Action::Transport(az5, a("s1_5")));
    // AR-MOVE-27: not farther than 2 areas.
    assert_refused(&g, seat(H), &Action::Transport(az1, a("pasty_mesa")));
    play(&mut g, H, &[Action::Transport(az1, a("s1_5"))]);
    assert_eq!(units(&g, H, "s1_5"), [2, 0, 0]);
    // AR-MOVE-14: nothing picked up or dropped on the way.
    assert_eq!(units(&g, H, "s1_2"), [6, 0, 0]);
    // AR-MOVE-26
    assert_eq!(g.zones()[az1.index()], None);
    // AR-MOVE-30: the transported legion cannot move again this turn.
    assert_refused(&g, seat(H), &Action::Legion(a("s1_5")));
}

#[test]
fn sandriding_ends_on_a_wormsign_not_past_an_enemy() {
    // AR-MOVE-20, AR-MOVE-22, AR-MOVE-23, AR-PRESC-11
    let setup = |blocker: bool| {
        let mut g = game();
        g.edit(|s| {
            s.areas[a("s1_2").index()].wormsign = Some(Wormsign::Sand);
            s.areas[a("s1_2").index()].harvester = true;
            s.areas[a("s1_2").index()].station = Some(melange::rules::arrakis::Marker::Jihad);
            s.areas[a("s1_5").index()].wormsign = Some(Wormsign::Sandworm);
        })
        .unwrap();
        if blocker {
            g.edit(|s| s.put(H, a("s1_2"), [1, 0, 0], 0)).unwrap();
        }
        g.edit(|s| s.put(A, a("s1_1"), [1, 0, 0], 0)).unwrap();
        pick(&mut g, A, "s1_1", &[UnitKind::Regular]);
        g
    };
    // AR-MOVE-22: an enemy legion in the chain blocks it.
    assert_refused(&setup(true), seat(A), &Action::Sandride(a("s1_5")));
    let mut g = setup(false);
    // AR-MOVE-23: the harvester does not block; AR-MOVE-20: the end area
    // holds a wormsign.
    play(&mut g, A, &[Action::Sandride(a("s1_5"))]);
    assert_eq!(units(&g, A, "s1_5"), [1, 0, 0]);
    let mid = &g.areas()[a("s1_2").index()];
    // AR-PRESC-11: passing the station's area does not take it; nor does
    // passing remove the harvester.
    assert!(mid.station.is_some() && mid.harvester);
    assert_eq!(g.stations_taken(), 0);
}

#[test]
fn atreides_legion_removes_a_lone_harvester_without_battle() {
    // AR-HARV-01, AR-HARV-02, AR-HARV-03
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_2").index()].harvester = true;
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    pick(&mut g, A, "s1_1", &[UnitKind::Regular]);
    let ev = play(&mut g, A, &[Action::To(a("s1_2"))]);
    assert!(!g.areas()[a("s1_2").index()].harvester);
    assert!(!ev.iter().any(|e| matches!(e, Event::BattleStarted { .. })));
    // AR-HARV-01: a Harkonnen legion passing never removes one.
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_2").index()].harvester = true;
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    pick(&mut g, H, "s1_1", &[UnitKind::Regular]);
    play(&mut g, H, &[Action::To(a("s1_2"))]);
    assert!(g.areas()[a("s1_2").index()].harvester);
}

#[test]
fn atreides_deployment_token_in_a_sietch_then_a_leader() {
    // AR-DIE-11, AR-DIE-12, AR-DIE-13
    let mut g = game();
    let site = board().sietch_sites.iter().next().unwrap();
    g.edit(|s| s.turn(A, &[DieResult::Deployment], 1)).unwrap();
    play(&mut g, A, &[Action::SpendDie(DieResult::Deployment)]);
    let Prompt::AtreidesDeploy { token, .. } = g.prompt() else {
        panic!("{:?}", g.prompt())
    };
    // AR-DIE-11: the Harkonnen never see the drawn token.
    let hv = g.view(Viewer::Seat(seat(H)));
    assert!(matches!(
        hv.prompt,
        Prompt::AtreidesDeploy { token: u8::MAX, .. }
    ));
    // AR-DIE-12: only in an area with a sietch token.
    assert_refused(&g, seat(A), &Action::DeployAt(a("s1_1")));
    play(&mut g, A, &[Action::DeployAt(site)]);
    // AR-DIE-13: a Naib (or a named leader) joins it.
    assert_refused(&g, seat(A), &Action::DeployAt(site));
    play(&mut g, A, &[Action::DeployLeader(None)]);
    let s = &g.areas()[site.index()];
    assert_eq!(s.tokens.to_vec(), vec![token]);
    assert_eq!(s.generic[A], 1);
}

#[test]
fn harkonnen_deployment_into_settlements() {
    // AR-DIE-14, AR-DIE-15
    let mut g = game();
    let mut sites = board().settlements.iter();
    let (x, y) = (sites.next().unwrap(), sites.next().unwrap());
    g.edit(|s| s.turn(H, &[DieResult::Deployment, DieResult::Deployment], 1))
        .unwrap();
    play(&mut g, H, &[Action::SpendDie(DieResult::Deployment)]);
    assert_refused(&g, seat(H), &Action::DeployAt(a("s1_1")));
    play(
        &mut g,
        H,
        &[
            Action::DeployAt(x),
            Action::DeployAt(y),
            Action::DeployAt(y),
            Action::DeployLeader(None),
        ],
    );
    assert_eq!(g.areas()[x.index()].units[H], [1, 0, 0]);
    assert_eq!(g.areas()[y.index()].units[H], [2, 0, 0]);
    // The leader goes with the last regular placed.
    assert_eq!(g.areas()[y.index()].generic[H], 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn mentat_draws_two_from_decks_chosen_first() {
    // AR-DIE-16, AR-DIE-17
    let mut g = game();
    let hand = g.house(H).hand.len();
    let decks = [g.house(H).decks[0].len(), g.house(H).decks[1].len()];
    g.edit(|s| s.turn(H, &[DieResult::Mentat, DieResult::Mentat], 1))
        .unwrap();
    play(&mut g, H, &[Action::SpendDie(DieResult::Mentat)]);
    assert_eq!(legal(&g, H).len(), 3);
    play(
        &mut g,
        H,
        &[Action::Mentat(Deck::HouseHarkonnen, Deck::CorrinoAlly)],
    );
    assert_eq!(g.house(H).hand.len(), hand + 2);
    assert_eq!(g.house(H).decks[0].len(), decks[0] - 1);
    assert_eq!(g.house(H).decks[1].len(), decks[1] - 1);
}

#[test]
fn house_dice_options() {
    // AR-DIE-19, AR-DIE-20
    let mut g = game();
    g.edit(|s| s.turn(A, &[DieResult::House], 1)).unwrap();
    play(&mut g, A, &[Action::SpendDie(DieResult::House)]);
    assert_eq!(g.prompt(), Prompt::AtreidesHouse);
    assert_eq!(legal(&g, A).len(), 5);
    play(&mut g, A, &[Action::HouseAs(DieResult::Mentat)]);
    assert_eq!(g.prompt(), Prompt::Mentat(A));

    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [3, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::House, DieResult::Mentat], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::House),
            Action::HouseUpgrade,
            Action::Upgrade(a("s1_1")),
            Action::Upgrade(a("s1_1")),
        ],
    );
    // Up to 2: the step ends with the second.
    assert_eq!(units(&g, H, "s1_1"), [1, 2, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

// ---- Combat ----

fn battle_ended(ev: &[Event]) -> Option<Option<Faction>> {
    ev.iter().find_map(|e| match e {
        Event::BattleEnded { winner } => Some(*winner),
        _ => None,
    })
}

#[test]
fn combat_dice_hits_and_shields() {
    // AR-COMBAT-09, AR-COMBAT-10, AR-COMBAT-11
    use melange::rules::arrakis::CombatFace;
    let faces = &data().tables.combat.faces;
    assert_eq!(faces.len(), 6);
    for k in [CombatFace::Hit, CombatFace::Shield, CombatFace::Special] {
        assert!(faces.contains(&k));
    }
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put(H, a("s1_2"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        A,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular],
    );
    // Atreides 2 Hits; Harkonnen 1 Shield and 1 Hit.
    roll(&mut g, A, &[HIT, HIT, SHIELD, HIT]);
    assert_eq!(g.battle_group().unwrap().units, [1, 0, 0]);
    assert_eq!(units(&g, H, "s1_2"), [1, 0, 0]);
}

#[test]
fn leftover_shields_never_carry_over_and_the_defender_wins() {
    // AR-COMBAT-27, AR-COMBAT-31
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [3, 0, 0], 0).unwrap();
        s.put(H, a("s1_2"), [3, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        A,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular, UnitKind::Regular],
    );
    // Round 1: 3 Atreides Shields against 1 Harkonnen Hit: 2 left over.
    roll(&mut g, A, &[SHIELD, SHIELD, SHIELD, HIT, SHIELD, SHIELD]);
    assert_eq!(g.battle_group().unwrap().units, [3, 0, 0]);
    play(&mut g, A, &[Action::Continue]);
    // Round 2: the 2 Harkonnen Hits meet no Shield left from round 1.
    let ev = roll(&mut g, A, &[HIT, HIT, HIT, HIT, SHIELD]);
    assert_eq!(battle_ended(&ev), Some(Some(H)));
    assert_eq!(g.areas()[a("s1_1").index()].unit_count(A), 0);
}

#[test]
fn both_legions_eliminated_nobody_wins() {
    // AR-COMBAT-33, AR-COMBAT-25
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 1).unwrap();
        s.put(H, a("s1_2"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let naibs = g.house(A).generic_supply;
    pick(&mut g, A, "s1_1", &[UnitKind::Regular]);
    play(&mut g, A, &[Action::TakeGeneric, Action::To(a("s1_2"))]);
    let ev = roll(&mut g, A, &[HIT, HIT]);
    assert_eq!(battle_ended(&ev), Some(None));
    assert_eq!(units(&g, H, "s1_2"), [0, 0, 0]);
    // AR-COMBAT-25: back to supply, the Naib too (AR-COMBAT-24).
    assert_eq!(g.house(A).generic_supply, naibs + 1);
}

#[test]
fn casualty_order_elites_and_leaders() {
    // AR-COMBAT-01, AR-COMBAT-21, AR-COMBAT-22, AR-COMBAT-24, AR-COMBAT-26,
    // AR-LEADER-09, AR-LEADER-10
    let d = data();
    let stilgar = d.leader_id("stilgar").unwrap();
    let chani = d.leader_id("chani").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.leaders[usize::from(chani.0)] = LeaderAt::Tank(0);
        s.put(A, a("s1_2"), [1, 1, 0], 0).unwrap();
        s.areas[a("s1_2").index()].named |= 1 << stilgar.0;
        s.leaders[usize::from(stilgar.0)] = LeaderAt::Board(a("s1_2"));
        s.put(H, a("s1_1"), [3, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        H,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular, UnitKind::Regular],
    );
    // AR-COMBAT-01, AR-COMBAT-22: 1 hit takes the regular, never Stilgar.
    roll(&mut g, H, &[HIT, SHIELD, SHIELD, SPECIAL, SPECIAL, SPECIAL]);
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!(s.units[A], [0, 1, 0]);
    assert_ne!(s.named & (1 << stilgar.0), 0);
    play(&mut g, H, &[Action::Continue]);
    // AR-COMBAT-21: no regular left in supply, the elite is removed; then
    // AR-COMBAT-24, AR-COMBAT-26: Stilgar falls with it, to the tank.
    // The supply emptied without placing its regulars: the rule reads the
    // supply alone. (The dice are loaded in the same edit: a checked one
    // would refuse this position.)
    g.test_edit_unchecked(|s| {
        s.houses[A].supply.regular = 0;
        s.load_dice(&[HIT, HIT, HIT]);
    });
    let elites = g.house(A).supply.elite;
    play(&mut g, H, &[Action::Done]);
    play(&mut g, A, &[Action::Done]);
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!(s.units[A], [0, 0, 0]);
    assert_eq!(g.house(A).supply.elite, elites + 1);
    assert_eq!(s.named & (1 << stilgar.0), 0);
    assert_eq!(g.leaders()[usize::from(stilgar.0)], LeaderAt::Tank(0));
    // AR-LEADER-10: the leftmost box is freed by shifting right.
    assert_eq!(g.leaders()[usize::from(chani.0)], LeaderAt::Tank(1));
}

#[test]
fn generic_leaders_are_bashar_and_naib() {
    // AR-COMBAT-02
    use melange::rules::arrakis::components::LeaderKind;
    let d = data();
    for (f, name) in [(H, "Bashar"), (A, "Naib")] {
        let generic: Vec<_> = d
            .leaders
            .iter()
            .filter(|l| l.faction == f && l.kind == LeaderKind::Generic)
            .map(|l| l.name.as_str())
            .collect();
        assert_eq!(generic, vec![name]);
    }
}

#[test]
fn advance_moves_the_whole_legion_and_removes_a_harvester() {
    // AR-COMBAT-35, AR-HARV-04
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 1).unwrap();
        s.put(H, a("s1_2"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_2").index()].harvester = true;
    })
    .unwrap();
    pick(&mut g, A, "s1_1", &[UnitKind::Regular, UnitKind::Regular]);
    play(&mut g, A, &[Action::TakeGeneric, Action::To(a("s1_2"))]);
    roll(&mut g, A, &[HIT, SHIELD, SPECIAL]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    play(&mut g, A, &[Action::Advance]);
    let s = &g.areas()[a("s1_2").index()];
    assert_eq!((s.units[A].into_array(), s.generic[A]), ([2, 0, 0], 1));
    assert!(!s.harvester);
    assert!(!g.areas()[a("s1_1").index()].has_legion(A, data()));
}

#[test]
fn attack_from_afar_returns_to_the_starting_area() {
    // AR-COMBAT-04
    let az1 = board().air_zone_id("az1").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put(A, a("s1_5"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    pick(&mut g, H, "s1_1", &[UnitKind::Regular, UnitKind::Regular]);
    play(&mut g, H, &[Action::Transport(az1, a("s1_5"))]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.from == a("s1_1")));
    roll(&mut g, H, &[SHIELD, SHIELD, SHIELD, SHIELD]);
    // The attacker stops: it never stood in between.
    play(&mut g, H, &[Action::Done]);
    assert_eq!(units(&g, H, "s1_1"), [2, 0, 0]);
    assert_eq!(g.areas()[a("s1_2").index()].unit_count(H), 0);
}

#[test]
fn hazards_never_destroy_a_settlement() {
    // AR-COMBAT-37: a sandworm wipes out the defenders of a settlement.
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s5_5").index()].worm = Some(Worm::Normal);
        s.put(H, a("imperial_basin"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[HIT, HIT, HIT, HIT])).unwrap();
    let ev = play(
        &mut g,
        A,
        &[Action::WormAttack(a("s5_5"), a("imperial_basin"))],
    );
    let s = &g.areas()[a("imperial_basin").index()];
    assert_eq!(s.unit_count(H), 0);
    assert!(s.settlement);
    assert!(!ev.iter().any(|e| matches!(e, Event::Destroyed { .. })));
}

#[test]
fn continuing_is_free_away_from_settlements_under_the_wiki_option() {
    // AR-OPT-06
    let mut g = with_option("continue_battle_cost", "settlement_only");
    g.edit(|s| {
        s.put(A, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put(H, a("s1_2"), [2, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(
        &mut g,
        A,
        "s1_1",
        "s1_2",
        &[UnitKind::Regular, UnitKind::Regular],
    );
    roll(&mut g, A, &[SHIELD; 4]);
    play(&mut g, A, &[Action::Continue]);
    assert_eq!(g.battle_group().unwrap().units, [2, 0, 0]);
}

#[test]
fn surprise_attack_adds_a_special_under_the_wiki_option() {
    // AR-OPT-07
    let mut g = with_option("surprise_attack_bonus", "special");
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 1).unwrap();
        s.put(H, a("s1_2"), [2, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Leadership], 1);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Leadership),
            Action::Legion(a("s1_1")),
            Action::Take(UnitKind::Regular),
            Action::TakeGeneric,
            Action::To(a("s1_2")),
        ],
    );
    // 1 die (no extra), a Shield; the added Special is converted to a Hit.
    let ev = roll(&mut g, A, &[SHIELD, SPECIAL, SPECIAL]);
    let dice: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Event::CombatRoll { faction, dice, .. } => Some((*faction, *dice)),
            _ => None,
        })
        .collect();
    assert_eq!(dice, vec![(A, 1), (H, 2)]);
    assert_eq!(units(&g, H, "s1_2"), [1, 0, 0]);
}

// ---- Deployment tokens and scouting ----

#[test]
fn tokens_are_face_down_to_the_harkonnen() {
    // AR-DEPLOY-01
    let mut g = game();
    g.edit(|s| s.areas[a("s1_1").index()].tokens.push(2))
        .unwrap();
    let hv = g.view(Viewer::Seat(seat(H)));
    let av = g.view(Viewer::Seat(seat(A)));
    let i = a("s1_1").index();
    assert_eq!(hv.areas[i].tokens, 1);
    assert!(hv.areas[i].token_kinds.is_empty());
    assert_eq!(av.areas[i].token_kinds, vec![2]);
}

#[test]
fn tokens_in_a_battle_are_revealed_even_under_an_ornithopter() {
    // AR-DEPLOY-06, AR-DEPLOY-09, AR-DEPLOY-11
    let az1 = board().air_zone_id("az1").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        // Starting kind 0: 2 regulars.
        s.areas[a("s1_2").index()].tokens.push(0);
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    let ev = attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    assert!(ev.iter().any(|e| matches!(e, Event::TokensRevealed { .. })));
    let s = &g.areas()[a("s1_2").index()];
    assert!(s.tokens.is_empty());
    assert_eq!(s.units[A], [2, 0, 0]);

    // Attacking tokens are revealed too (kind 2: an elite and a Fedaykin).
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_1").index()].tokens.push(2);
        s.put(H, a("s1_2"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    pick(&mut g, A, "s1_1", &[]);
    play(&mut g, A, &[Action::TakeToken, Action::To(a("s1_2"))]);
    assert_eq!(g.battle_group().unwrap().units, [0, 1, 1]);
}

#[test]
fn scouting_a_free_action_revealing_tokens() {
    // AR-SCOUT-02, AR-SCOUT-04, AR-DEPLOY-07, AR-FREE-01, AR-FREE-03
    let az1 = board().air_zone_id("az1").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.areas[a("s1_2").index()].tokens.push(0);
        s.areas[a("s1_3").index()].tokens.push(1);
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
    let zone_for = |g: &Arrakis, id: &str| {
        legal(g, H).into_iter().find_map(|x| match x {
            Action::Scout(z, t) if t == a(id) => Some(z),
            _ => None,
        })
    };
    let z = zone_for(&g, "s1_2").unwrap();
    let ev = play(&mut g, H, &[Action::Scout(z, a("s1_2"))]);
    assert!(ev.iter().any(|e| matches!(e, Event::TokensRevealed { .. })));
    assert_eq!(units(&g, A, "s1_2"), [2, 0, 0]);
    assert!(g.areas()[a("s1_2").index()].tokens.is_empty());
    // Free: no die spent, still the Harkonnen turn, and again.
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert_eq!(g.house(H).unused(), 1);
    // A second ornithopter (the first was spent, AR-SCOUT-05).
    assert_eq!(g.zones()[az1.index()], None);
    g.edit(|s| s.zones[az1.index()] = Some(Vehicle::Ornithopter))
        .unwrap();
    let z = zone_for(&g, "s1_3").unwrap();
    play(&mut g, H, &[Action::Scout(z, a("s1_3"))]);
    assert_eq!(units(&g, A, "s1_3"), [1, 1, 0]);
    // AR-FREE-02: never in the other house's turn.
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.areas[a("s1_4").index()].tokens.push(0);
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    assert_refused(&g, seat(H), &Action::Scout(az1, a("s1_4")));
}

// ---- Desert Hazards ----

fn worm(g: &mut Arrakis, id: &str) {
    g.edit(|s| s.areas[a(id).index()].worm = Some(Worm::Normal))
        .unwrap();
}

fn sign(g: &mut Arrakis, id: &str, w: Wormsign) {
    g.edit(|s| s.areas[a(id).index()].wormsign = Some(w))
        .unwrap();
}

#[test]
fn wormsigns_cleared_near_atreides_and_sandworms_then_placed() {
    // AR-HAZ-05, AR-HAZ-06, AR-HAZ-07, AR-HAZ-08
    let mut g = game();
    // Cleared before placement: an Atreides legion, a sandworm, a sietch.
    g.edit(|s| s.put(A, a("s1_3"), [1, 0, 0], 0)).unwrap();
    sign(&mut g, "s1_3", Wormsign::Sandworm);
    worm(&mut g, "s1_5");
    sign(&mut g, "s1_5", Wormsign::Sandworm);
    let site = a("gara_kulon");
    sign(&mut g, "gara_kulon", Wormsign::Sandworm);
    // Placed: next to a Harkonnen legion in the desert; not where a
    // sandworm already is.
    g.edit(|s| {
        s.put(H, a("s1_4"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_6"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    worm(&mut g, "s1_6");
    // A mountain gets none.
    g.edit(|s| {
        s.put(H, a("broken_land"), [1, 0, 0], 0).unwrap();
        s.load_dice(&[SHIELD; 32]);
    })
    .unwrap();
    let ev = to_desert_hazards(&mut g);
    let placed: Vec<AreaId> = ev
        .iter()
        .filter_map(|e| match e {
            Event::WormsignPlaced { area } => Some(*area),
            _ => None,
        })
        .collect();
    assert_eq!(placed, vec![a("s1_4")]);
    // None of the cleared ones called a sandworm.
    for x in [a("s1_3"), site] {
        assert!(g.areas()[x.index()].worm.is_none());
    }
    // AR-HAZ-08: every token was resolved: none is left on the board.
    assert!(g.areas().iter().all(|s| s.wormsign.is_none()));
}

#[test]
fn wormsigns_resolve_by_kind_sand_then_sandworm_then_burrowing() {
    // AR-HAZ-04, AR-HAZ-09, AR-HAZ-10, AR-HAZ-12, AR-HAZ-13, AR-HAZ-19
    let mut g = game();
    g.edit(|s| s.worms_off = 1).unwrap();
    // s1_1 is deep desert, s1_3 ordinary desert; by area order the
    // Burrowing Sandworm in s1_1 would come first.
    sign(&mut g, "s1_1", Wormsign::Burrowing);
    sign(&mut g, "s1_2", Wormsign::Sand);
    sign(&mut g, "s1_3", Wormsign::Burrowing);
    sign(&mut g, "s1_5", Wormsign::Sandworm);
    to_desert_hazards(&mut g);
    // The Sandworm took the free figure; the Burrowing one then moved it
    // to s1_1 (deep desert); ordinary desert and Sand gave nothing.
    assert!(g.areas()[a("s1_1").index()].worm.is_some());
    for id in ["s1_2", "s1_3", "s1_5"] {
        assert!(g.areas()[a(id).index()].worm.is_none(), "{id}");
    }
    // AR-HAZ-19: the tokens went back to the pool.
    assert!(g.areas().iter().all(|s| s.wormsign.is_none()));

    // AR-HAZ-04: a choice in Desert Hazards is the Atreides'.
    let mut g = game();
    g.edit(|s| s.worms_off = 0).unwrap();
    worm(&mut g, "s1_5");
    worm(&mut g, "s1_6");
    sign(&mut g, "s1_2", Wormsign::Sandworm);
    to_desert_hazards(&mut g);
    assert_eq!(g.prompt(), Prompt::RelocateWorm(a("s1_2")));
    assert_eq!(g.prompt().faction(), Some(A));
}

#[test]
fn a_sandworm_attacks_the_legion_it_emerges_on() {
    // AR-HAZ-25, AR-HAZ-29, AR-HAZ-30, AR-PRESC-14
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [3, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].harvester = true;
    })
    .unwrap();
    sign(&mut g, "s1_1", Wormsign::Sandworm);
    // Deep desert: a Special is 2 hits; then the storm rolls 2 Shields.
    g.edit(|s| s.load_dice(&[SPECIAL, SHIELD, SHIELD, SHIELD, SHIELD, SHIELD]))
        .unwrap();
    let ev = to_desert_hazards(&mut g);
    assert_eq!(units(&g, H, "s1_1"), [1, 0, 0]);
    // The legion stood: the harvester was harvested (deep desert: 2).
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SpiceHarvested { spice: 2 }))
    );

    // Wiped out: the harvester goes too, and it does not count for the
    // Jihad outside Action Resolution.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].harvester = true;
    })
    .unwrap();
    sign(&mut g, "s1_1", Wormsign::Sandworm);
    g.edit(|s| s.load_dice(&[HIT, SHIELD, SHIELD, SHIELD]))
        .unwrap();
    let ev = to_desert_hazards(&mut g);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::HarvesterDestroyed { .. }))
    );
    assert_eq!(g.harvesters_destroyed(), 0);
}

#[test]
fn sandworms_never_touch_a_mountain() {
    // AR-HAZ-31
    let mut g = game();
    g.edit(|s| s.put(H, a("broken_land"), [2, 0, 0], 0))
        .unwrap();
    sign(&mut g, "broken_land", Wormsign::Sandworm);
    to_desert_hazards(&mut g);
    assert!(g.areas()[a("broken_land").index()].worm.is_none());
    assert_eq!(units(&g, H, "broken_land"), [2, 0, 0]);
}

#[test]
fn coriolis_storms_strike_harkonnen_legions_off_the_mountains() {
    // AR-HAZ-32, AR-HAZ-33, AR-HAZ-34, AR-HAZ-35, AR-HAZ-36
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("pasty_mesa"), [3, 0, 0], 0).unwrap();
        s.put(H, a("broken_land"), [3, 0, 0], 0).unwrap();
        s.put(A, a("s1_1"), [3, 0, 0], 0).unwrap();
        // A harvester with a Harkonnen legion (and a sandworm, so that no
        // wormsign is placed there).
        s.put(H, a("s1_4"), [3, 0, 0], 0).unwrap();
        s.areas[a("s1_4").index()].harvester = true;
    })
    .unwrap();
    worm(&mut g, "s1_4");
    g.edit(|s| s.load_dice(&[HIT; 4])).unwrap();
    let ev = to_desert_hazards(&mut g);
    assert_eq!(units(&g, H, "pasty_mesa"), [1, 0, 0]);
    assert_eq!(units(&g, H, "s1_4"), [1, 0, 0]);
    assert_eq!(units(&g, H, "broken_land"), [3, 0, 0]);
    assert_eq!(units(&g, A, "s1_1"), [3, 0, 0]);
    // The harvester survived the storm and was harvested.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::SpiceHarvested { spice } if *spice > 0))
    );
}

#[test]
fn the_atomics_desert_takes_wormsigns_and_storms() {
    // AR-ATOM-05, AR-ATOM-06
    let blast = |g: &mut Arrakis| {
        g.edit(|s| {
            s.prescience = [8, 0, 0].into();
            s.turn(A, &[DieResult::Strategy], 1);
        })
        .unwrap();
        play(g, A, &[Action::Atomics(a("splintered_rock"))]);
    };
    let mut g = game();
    blast(&mut g);
    g.edit(|s| s.put(H, a("splintered_rock"), [2, 0, 0], 0))
        .unwrap();
    let ev = to_desert_hazards(&mut g);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::WormsignPlaced { area } if *area == a("splintered_rock")))
    );

    let mut g = game();
    blast(&mut g);
    g.edit(|s| s.put(H, a("splintered_rock"), [2, 0, 0], 0))
        .unwrap();
    worm(&mut g, "splintered_rock");
    g.edit(|s| s.load_dice(&[HIT, HIT])).unwrap();
    to_desert_hazards(&mut g);
    assert_eq!(g.areas()[a("splintered_rock").index()].unit_count(H), 0);
}

#[test]
fn a_sandworm_attack_reaches_two_areas_through_desert_only() {
    // AR-HAZ-37, AR-HAZ-42, AR-HAZ-43
    let mut g = game();
    worm(&mut g, "s1_3");
    worm(&mut g, "s1_1");
    g.edit(|s| {
        s.put(H, a("arrakeen"), [1, 0, 0], 0).unwrap();
        s.put(H, a("s1_5"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    // Arrakeen is 2 away from s1_3 only across a mountain.
    assert_refused(&g, seat(A), &Action::WormAttack(a("s1_3"), a("arrakeen")));
    // AR-HAZ-37: never the Harkonnen's.
    assert_refused(&g, seat(H), &Action::WormAttack(a("s1_1"), a("s1_5")));
    g.edit(|s| s.load_dice(&[HIT, SHIELD, SHIELD, SHIELD]))
        .unwrap();
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_5"))]);
    assert_eq!(units(&g, H, "s1_5"), [0, 0, 0]);
}

#[test]
fn only_moving_in_reveals_a_wormsign_and_only_for_the_harkonnen() {
    // AR-HAZ-48, AR-HAZ-49
    let mut g = game();
    g.edit(|s| s.put(H, a("s1_2"), [2, 0, 0], 0)).unwrap();
    sign(&mut g, "s1_2", Wormsign::Sandworm);
    pick(&mut g, H, "s1_2", &[UnitKind::Regular]);
    play(&mut g, H, &[Action::To(a("s1_1"))]);
    let s = &g.areas()[a("s1_2").index()];
    assert!(s.wormsign.is_some() && s.worm.is_none());
    assert_eq!(s.units[H], [1, 0, 0]);

    let mut g = game();
    g.edit(|s| s.put(A, a("s1_1"), [1, 0, 0], 0)).unwrap();
    sign(&mut g, "s1_2", Wormsign::Sandworm);
    pick(&mut g, A, "s1_1", &[UnitKind::Regular]);
    play(&mut g, A, &[Action::To(a("s1_2"))]);
    let s = &g.areas()[a("s1_2").index()];
    assert!(s.wormsign.is_some() && s.worm.is_none());
    assert_eq!(s.units[A], [1, 0, 0]);
}

#[test]
fn no_carryall_rescue_outside_desert_hazards() {
    // AR-HAZ-23
    let az1 = board().air_zone_id("az1").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Carryall);
        s.areas[a("s1_1").index()].harvester = true;
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
    assert_refused(&g, seat(H), &Action::Rescue(az1));
    // A Desert Power attack on it destroys it, no rescue asked.
    worm(&mut g, "s1_2");
    g.edit(|s| s.turn(A, &[], 1)).unwrap();
    play(
        &mut g,
        A,
        &[
            Action::DesertPower,
            Action::WormAttack(a("s1_2"), a("s1_1")),
        ],
    );
    assert!(!g.areas()[a("s1_1").index()].harvester);
    assert_eq!(g.zones()[az1.index()], Some(Vehicle::Carryall));
}

#[test]
fn desert_power_spends_no_die_and_leaves_the_tank() {
    // AR-DP-02, AR-LEADER-11, AR-LEADER-12, AR-LEADER-13
    let chani = data().leader_id("chani").unwrap();
    let alia = data().leader_id("alia").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.leaders[usize::from(chani.0)] = LeaderAt::Tank(0);
        s.leaders[usize::from(alia.0)] = LeaderAt::Tank(3);
        s.turn(A, &[DieResult::Mentat], 2);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower, Action::Done]);
    assert_eq!(g.house(A).unused(), 1);
    assert_eq!(g.leaders()[usize::from(chani.0)], LeaderAt::Tank(0));
    // A spent die moves the track.
    play(&mut g, H, &[Action::SpendDie(DieResult::Strategy)]);
    let deck = Deck::HouseAtreides;
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    );
    assert_eq!(g.leaders()[usize::from(chani.0)], LeaderAt::Tank(1));
    // AR-LEADER-13: off the right end, deployable again.
    assert_eq!(g.leaders()[usize::from(alia.0)], LeaderAt::SetAside);
    g.edit(|s| s.turn(A, &[DieResult::Deployment], 1)).unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Deployment),
            Action::DeployAt(a("gara_kulon")),
        ],
    );
    assert!(legal(&g, A).contains(&Action::DeployLeader(Some(alia))));
}

#[test]
fn defenders_revealed_over_the_limit_the_atreides_pick_then_battle() {
    // AR-DEPLOY-05, AR-DEPLOY-06, AR-MOVE-08: 5 regulars and a token of a
    // regular and an elite (starting kind 1) are attacked: 7 units.
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_2"), [5, 0, 0], 0).unwrap();
        s.areas[a("s1_2").index()].tokens.push(1);
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
    })
    .unwrap();
    attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    assert!(matches!(g.prompt(), Prompt::Excess(f, x, _) if f == A && x == a("s1_2")));
    let e = assert_refused(&g, seat(A), &Action::LoseUnit(UnitKind::Special));
    assert_eq!(rule_of(e), "AR-MOVE-08");
    assert_refused(&g, seat(H), &Action::LoseUnit(UnitKind::Regular));
    play(&mut g, A, &[Action::LoseUnit(UnitKind::Regular)]);
    assert_eq!(units(&g, A, "s1_2"), [5, 1, 0]);
    // Then the battle starts.
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Discard(H)));
}

#[test]
fn jihad_harvester_counts_restart_each_action_resolution() {
    // AR-PRESC-15
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    g.edit(|s| s.harvesters_destroyed = 1).unwrap();
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.phase(), Phase::ActionResolution);
    assert_eq!(g.harvesters_destroyed(), 0);
}

// ---- Vehicles, Spice Harvesting, End of the Round, victory ----

fn harkonnen_dice_rolled(ev: &[Event]) -> usize {
    ev.iter()
        .find_map(|e| match e {
            Event::DiceRolled { faction, results } if *faction == H => Some(results.len()),
            _ => None,
        })
        .unwrap()
}

#[test]
fn the_lowest_imperium_marker_sets_dice_and_vehicles() {
    // AR-VEH-02, AR-VEH-03, AR-VEH-04, AR-VEH-06, AR-ACT-02
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    // The lowest marker on the 3rd step from the bottom (row 3 of 5).
    g.edit(|s| {
        s.imperium = ([1, 3, 2]).into();
        s.bans = ([false; 3]).into();
    })
    .unwrap();
    let row = g.active_row();
    // The wiki's example: 2 dice set aside, 5 harvesters, 2 ornithopters,
    // 1 carryall.
    assert_eq!(
        (row.dice, row.harvesters, row.carryalls, row.ornithopters),
        (6, 5, 1, 2)
    );
    let ev = play(&mut g, H, &[Action::Done]);
    assert_eq!(harkonnen_dice_rolled(&ev), 6);
    // Markers raised to the top row free every die (AR-VEH-04).
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    g.edit(|s| {
        s.imperium = ([1, 1, 1]).into();
        s.bans = ([false; 3]).into();
    })
    .unwrap();
    let ev = play(&mut g, H, &[Action::Done]);
    assert_eq!(harkonnen_dice_rolled(&ev), 8);
}

#[test]
fn one_vehicle_per_air_zone() {
    // AR-VEH-10, AR-VEH-12
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
    let az1 = board().air_zone_id("az1").unwrap();
    play(
        &mut g,
        H,
        &[
            Action::PlaceVehicle(Vehicle::Ornithopter, az1),
            Action::PlaceVehicle(Vehicle::Carryall, az1),
        ],
    );
    assert_eq!(g.zones()[az1.index()], Some(Vehicle::Carryall));
    assert_eq!(
        g.zones().iter().filter(|z| z.is_some()).count(),
        1,
        "the ornithopter went, it did not move"
    );
}

#[test]
fn harvest_yields_and_the_board_cleared_of_vehicles() {
    // AR-SPICE-02, AR-SPICE-03, AR-SPICE-04, AR-SPICE-05, AR-SPICE-17,
    // AR-SPICE-22, AR-END-03
    let az1 = board().air_zone_id("az1").unwrap();
    let mut g = game();
    // Sandworms keep wormsigns away (AR-HAZ-07).
    for id in ["s1_1", "s1_3"] {
        g.edit(|s| s.areas[a(id).index()].harvester = true).unwrap();
        worm(&mut g, id);
    }
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.imperium = ([2, 2, 2]).into();
        s.bans = ([true, true, true]).into();
    })
    .unwrap();
    to_desert_hazards(&mut g);
    // Deep desert 2 + ordinary desert 1.
    assert!(matches!(g.prompt(), Prompt::Spice { spice: 3, .. }));
    // AR-SPICE-02: the Harkonnen alone act.
    assert_eq!(g.prompt().faction(), Some(H));
    assert!(g.areas().iter().all(|s| !s.harvester));
    // AR-SPICE-17: the bans lasted until now.
    assert_eq!(g.bans(), [false; 3]);
    play(&mut g, H, &[Action::Done]);
    assert!(g.zones().iter().all(|z| z.is_none()));
}

#[test]
fn markers_rise_one_step_and_unkept_ones_fall_into_bans() {
    // AR-SPICE-01, AR-SPICE-09
    let mut g = game();
    g.edit(|s| {
        s.imperium = ([3, 3, 3]).into();
        s.bans = ([false; 3]).into();
        s.prompt = Prompt::Spice {
            spice: 9,
            decided: Default::default(),
        }
    })
    .unwrap();
    play(&mut g, H, &[Action::Raise(ImperiumMarker::Choam)]);
    assert_refused(&g, seat(H), &Action::Raise(ImperiumMarker::Choam));
    assert_refused(&g, seat(H), &Action::Keep(ImperiumMarker::Choam));
    play(
        &mut g,
        H,
        &[Action::Keep(ImperiumMarker::SpacingGuild), Action::Done],
    );
    // Each marker its own ban: only the Landsraad fell.
    assert_eq!(g.imperium(), [2, 3, 4]);
    assert_eq!(g.bans(), [false, false, true]);
}

#[test]
fn supremacy_brings_leaders_in_as_cards() {
    // AR-LEADER-03, AR-LEADER-24
    let d = data();
    let id = |s: &str| usize::from(d.leader_id(s).unwrap().0);
    let mut g = game();
    g.edit(|s| {
        s.prompt = Prompt::Spice {
            spice: 3,
            decided: Default::default(),
        }
    })
    .unwrap();
    play(&mut g, H, &[Action::BuySupremacy]);
    assert_eq!(g.supremacy(), 1);
    // Thufir enters: his card, not his figure.
    assert_eq!(g.leaders()[id("thufir_hawat")], LeaderAt::SetAside);
    // Feyd-Rautha at 6: Beast Rabban's card and figure leave at once.
    let rabban = d.leader_id("beast_rabban").unwrap();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].named |= 1 << rabban.0;
        s.leaders[usize::from(rabban.0)] = LeaderAt::Board(a("s1_1"));
        s.supremacy = 5;
        s.bought_supremacy = false;
        s.prompt = Prompt::Spice {
            spice: 3,
            decided: Default::default(),
        };
    })
    .unwrap();
    play(&mut g, H, &[Action::BuySupremacy]);
    assert_eq!(g.leaders()[id("feyd_rautha")], LeaderAt::SetAside);
    assert_eq!(g.leaders()[id("beast_rabban")], LeaderAt::Removed);
    assert_eq!(g.areas()[a("s1_1").index()].named & (1 << rabban.0), 0);
}

#[test]
fn end_of_round_steps_in_order() {
    // AR-END-01, AR-END-02, AR-END-05, AR-END-09, AR-END-10, AR-END-11
    let d = data();
    let paul = d.leader_id("paul_atreides").unwrap();
    let baron = d.leader_id("baron_harkonnen").unwrap();
    let mut g = game();
    for (f, l, id) in [(H, baron, "s1_1"), (A, paul, "s1_3")] {
        g.edit(|s| {
            s.put(f, a(id), [1, 0, 0], 0).unwrap();
            s.areas[a(id).index()].named |= 1 << l.0;
            s.leaders[usize::from(l.0)] = LeaderAt::Board(a(id));
        })
        .unwrap();
    }
    // The Baron Thwarted (End of Round, supremacy at most 3: Kwisatz
    // Haderach +2) and an Action Resolution card.
    g.edit(|s| {
        s.revealed = vec![15, 1].into();
        s.claimed_this_round = 0;
        s.phase = Phase::EndOfRound;
        s.houses[H].dice = Vec::new().into();
    })
    .unwrap();
    let round = g.round();
    g.edit(|s| s.prompt = Prompt::EndClaims).unwrap();
    // AR-END-02: End of Round cards only.
    assert_refused(&g, seat(A), &Action::Claim(1));
    play(&mut g, A, &[Action::Claim(0)]);
    assert_eq!(g.prescience(), [2, 0, 0]);
    // AR-END-10: a claimed card leaves the row.
    assert_eq!(g.revealed(), vec![1]);
    // (Nothing else to claim: the step ends at once.)
    // AR-END-05: the swap, the Harkonnen first.
    assert_eq!(g.prompt(), Prompt::Swap(H));
    assert_refused(&g, seat(A), &Action::SwapLeader(paul));
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::Swap(A));
    // (Paul was the only one: the step ends with the swap.)
    play(&mut g, A, &[Action::SwapLeader(paul)]);
    assert_eq!(g.leaders()[usize::from(paul.0)], LeaderAt::SetAside);
    // AR-END-09: the unclaimed card, the Atreides' choice.
    assert_eq!(g.prompt(), Prompt::Unclaimed);
    let deck = g.view(Viewer::Spectator).revealed.len();
    assert_eq!(deck, 1);
    play(&mut g, A, &[Action::RemoveUnclaimed]);
    // AR-END-11: the next round starts, dice back.
    assert_eq!(g.round(), round + 1);
    assert_eq!(g.phase(), Phase::VehiclePlacement);
    assert!(g.house(A).dice.is_empty() && g.house(H).dice.is_empty());
    assert!(!g.revealed().contains(&1));
}

#[test]
fn the_atreides_win_only_at_the_end_of_the_round() {
    // AR-WIN-03
    let mut g = game();
    g.edit(|s| s.prescience = [10, 10, 10].into()).unwrap();
    assert!(g.objective_met());
    g.edit(|s| s.turn(A, &[DieResult::Mentat], 1)).unwrap();
    let deck = Deck::HouseAtreides;
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    );
    assert!(g.winner().is_none());
    g.edit(|s| {
        s.revealed.clear();
        s.prompt = Prompt::EndClaims;
    })
    .unwrap();
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.winner().map(|w| w.0), Some(A));
}

// ---- Prescience claims ----

#[test]
fn prescience_claims_timing_conditions_and_limits() {
    // AR-PRESC-01, AR-PRESC-02, AR-PRESC-03, AR-PRESC-04, AR-PRESC-05,
    // AR-PRESC-06, AR-PRESC-07, AR-PRESC-08
    let mut g = game();
    // The Water of Life (spend a die, no condition), The Baron Thwarted
    // (End of Round), Fedaykin Raid (an Atreides legion in a settlement's
    // sector).
    g.edit(|s| {
        s.revealed = vec![0, 15, 2].into();
        s.claimed_this_round = 0;
        s.turn(A, &[DieResult::Strategy, DieResult::Mentat], 2);
    })
    .unwrap();
    let l = legal(&g, A);
    assert!(l.contains(&Action::ClaimSpending(0, DieResult::Strategy)));
    // AR-PRESC-08: no free claim of a "spend a die" card.
    assert_refused(&g, seat(A), &Action::Claim(0));
    // AR-PRESC-06: not an End of Round card now.
    assert_refused(&g, seat(A), &Action::Claim(1));
    // AR-PRESC-07: the condition is not met.
    assert_refused(&g, seat(A), &Action::Claim(2));
    g.edit(|s| s.put(A, a("arrakeen"), [1, 0, 0], 0)).unwrap();
    play(&mut g, A, &[Action::Claim(2)]);
    // AR-PRESC-01, AR-PRESC-02: Sand Dwellers and Jihad advance.
    assert_eq!(g.prescience(), [0, 1, 1]);
    // AR-PRESC-04: one a turn.
    assert_refused(&g, seat(A), &Action::ClaimSpending(0, DieResult::Strategy));
    play(&mut g, A, &[Action::SpendDie(DieResult::Mentat)]);
    play(
        &mut g,
        A,
        &[Action::Mentat(Deck::HouseAtreides, Deck::HouseAtreides)],
    );
    play(&mut g, H, &[Action::SpendDie(DieResult::Strategy)]);
    // AR-PRESC-08: the die is the turn's action.
    play(&mut g, A, &[Action::ClaimSpending(0, DieResult::Strategy)]);
    assert_eq!(g.prescience(), [2, 1, 1]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    // AR-PRESC-03: 2 a round, End of Round included.
    g.edit(|s| s.prompt = Prompt::EndClaims).unwrap();
    assert_refused(&g, seat(A), &Action::Claim(0));
    // AR-PRESC-05: an Action Resolution card at End of Round: never.
    g.edit(|s| {
        s.claimed_this_round = 0;
        s.revealed = vec![2, 15].into();
        s.prompt = Prompt::EndClaims;
    })
    .unwrap();
    assert_refused(&g, seat(A), &Action::Claim(0));
    play(&mut g, A, &[Action::Claim(1)]);
}

// ---- Free actions and the die actions' options ----

#[test]
fn guerrilla_training_is_a_free_action_any_number_of_times() {
    // AR-FREE-01, AR-FREE-02, AR-FREE-03, AR-FREE-04, AR-ACT-15
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_1").index()].tokens.push(0);
        s.areas[a("s1_3").index()].tokens.push(0);
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
    // Never in the other house's turn.
    assert_refused(&g, seat(A), &Action::Reveal(a("s1_1")));
    g.edit(|s| s.turn(A, &[DieResult::Mentat], 1)).unwrap();
    play(
        &mut g,
        A,
        &[Action::Reveal(a("s1_1")), Action::Reveal(a("s1_3"))],
    );
    assert_eq!(units(&g, A, "s1_3"), [2, 0, 0]);
    // No die spent, and the turn's action still to take.
    assert_eq!(g.prompt(), Prompt::Turn(A));
    assert_eq!(g.house(A).unused(), 1);
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(Deck::HouseAtreides, Deck::HouseAtreides),
        ],
    );
    assert_eq!(g.prompt(), Prompt::Turn(H));

    // AR-ACT-15: the Harkonnen House die gives one of its options only.
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.turn(H, &[DieResult::House, DieResult::Mentat], 1);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[Action::SpendDie(DieResult::House), Action::HouseUpgrade],
    );
    let az1 = board().air_zone_id("az1").unwrap();
    assert_refused(&g, seat(H), &Action::PlaceVehicle(Vehicle::Carryall, az1));
    assert_refused(&g, seat(H), &Action::HouseVehicles);
}

// ---- Leaders entering play, the Wild Maker, bans ----

#[test]
fn paul_muad_dib_and_reverend_mother_jessica_take_over() {
    // AR-LEADER-15, AR-LEADER-16, AR-BG-07
    let d = data();
    let id = |s: &str| d.leader_id(s).unwrap();
    let (paul, pmd) = (id("paul_atreides"), id("paul_muad_dib"));
    let (jessica, rmj) = (id("lady_jessica"), id("reverend_mother_jessica"));
    let mut g = game();
    g.edit(|s| {
        s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.areas[a("s1_1").index()].named |= 1 << paul.0;
        s.leaders[usize::from(paul.0)] = LeaderAt::Board(a("s1_1"));
        s.prescience = [2, 2, 0].into();
        // The Sleeper Must Awaken: +1 on every marker (no Harkonnen unit on
        // the cleared board).
        s.revealed = vec![17].into();
        s.claimed_this_round = 0;
    })
    .unwrap();
    let tokens = g.house(A).bene_gesserit;
    g.edit(|s| s.prompt = Prompt::EndClaims).unwrap();
    play(&mut g, A, &[Action::Claim(0)]);
    // Paul-Muad'Dib stands where Paul stood.
    assert_eq!(g.leaders()[usize::from(pmd.0)], LeaderAt::Board(a("s1_1")));
    assert_eq!(g.leaders()[usize::from(paul.0)], LeaderAt::Removed);
    let named = g.areas()[a("s1_1").index()].named;
    assert!(named & (1 << pmd.0) != 0 && named & (1 << paul.0) == 0);
    // Lady Jessica leaves the game; the Reverend Mother brings a token.
    assert_eq!(g.leaders()[usize::from(jessica.0)], LeaderAt::Removed);
    assert_eq!(g.leaders()[usize::from(rmj.0)], LeaderAt::SetAside);
    assert_eq!(g.house(A).bene_gesserit, tokens + 1);
}

#[test]
fn the_wild_maker_attacks_as_a_sandworm_with_six_dice() {
    // AR-HAZ-27, AR-LEADER-28
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_1").index()].worm = Some(Worm::WildMaker);
        s.put(H, a("s1_4"), [6, 0, 0], 0).unwrap();
        s.turn(A, &[], 1);
    })
    .unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    g.edit(|s| s.load_dice(&[HIT; 6])).unwrap();
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_4"))]);
    assert_eq!(units(&g, H, "s1_4"), [0, 0, 0]);
    assert!(g.areas()[a("s1_1").index()].worm.is_none());
}

#[test]
fn an_active_ban_applies_at_all_times() {
    // AR-SPICE-18: CHOAM (stacking 5), Spacing Guild (no scouting),
    // Landsraad (no combat discards).
    let az1 = board().air_zone_id("az1").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.imperium = ([5, 5, 5]).into();
        s.bans = ([true, true, true]).into();
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.areas[a("s1_3").index()].tokens.push(0);
        s.put(H, a("s1_2"), [4, 0, 0], 0).unwrap();
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.hand(H, &[melange::rules::arrakis::CardId(0)]);
    })
    .unwrap();
    pick(&mut g, H, "s1_1", &[UnitKind::Regular, UnitKind::Regular]);
    let e = assert_refused(&g, seat(H), &Action::To(a("s1_2")));
    assert_eq!(rule_of(e), "AR-MOVE-07");
    g.edit(|s| s.turn(H, &[DieResult::Strategy], 1)).unwrap();
    assert_refused(&g, seat(H), &Action::Scout(az1, a("s1_3")));
    g.edit(|s| s.put(A, a("s1_5"), [1, 0, 0], 0)).unwrap();
    attack(&mut g, H, "s1_2", "s1_5", &[UnitKind::Regular]);
    // The Harkonnen had no discard to offer: the step passed at once.
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Discard(A)));
    assert_refused(
        &g,
        seat(H),
        &Action::Discard(melange::rules::arrakis::CardId(0)),
    );
}

#[test]
fn storm_exposure_text_enclosed_plateaus_or_settlements() {
    // AR-HAZ-32, AR-HAZ-33, AR-OPT-09: Harkonnen legions on Carthag (an
    // enclosed central plateau with its settlement), Hagga Basin (enclosed,
    // its settlement destroyed), Pasty Mesa (an open plateau) and Broken
    // Land (a mountain). Storm dice all Hits: a stormed legion of 3
    // regulars keeps 1.
    let areas = ["carthag", "hagga_basin", "pasty_mesa", "broken_land"];
    let storm = |value: Option<&str>, preset: Preset| {
        let mut g = game_with(ArrakisOptions {
            preset,
            overrides: value
                .map(|v| vec![("storm_exposure".to_string(), v.to_string())])
                .unwrap_or_default(),
            ..Default::default()
        });
        g.edit(|s| s.areas[a("hagga_basin").index()].settlement = false)
            .unwrap();
        for x in areas {
            g.edit(|s| s.put(H, a(x), [3, 0, 0], 0)).unwrap();
        }
        g.edit(|s| s.load_dice(&[HIT; 16])).unwrap();
        to_desert_hazards(&mut g);
        areas.map(|x| units(&g, H, x).regular)
    };
    // The text: every plateau, minor erg and desert area, never a mountain.
    assert_eq!(storm(None, Preset::Default), [1, 1, 1, 3]);
    assert_eq!(storm(Some("text"), Preset::Published), [1, 1, 1, 3]);
    // The published game: the enclosed central plateaus are spared.
    assert_eq!(storm(None, Preset::Published), [3, 3, 1, 3]);
    assert_eq!(
        storm(Some("enclosed_plateaus"), Preset::Default),
        [3, 3, 1, 3]
    );
    // The wiki (AR-OPT-09): only a standing settlement is spared.
    assert_eq!(storm(Some("settlements"), Preset::Default), [3, 1, 1, 3]);
}

#[test]
fn storm_exposure_options_and_the_old_name() {
    // AR-OPT-09's first name, `storm_spares_settlements`, still works.
    let g = with_option("storm_spares_settlements", "yes");
    assert_eq!(g.rules().storm_exposure, StormExposure::Settlements);
    let g = with_option("storm_spares_settlements", "no");
    assert_eq!(g.rules().storm_exposure, StormExposure::Text);
    assert_eq!(
        Rules::of(Preset::Published).storm_exposure,
        StormExposure::EnclosedPlateaus
    );
    assert_eq!(
        Rules::of(Preset::Default).storm_exposure,
        StormExposure::Text
    );
    for (name, value) in [
        ("storm_exposure", "yes"),
        ("storm_spares_settlements", "enclosed_plateaus"),
    ] {
        let opts = ArrakisOptions {
            overrides: vec![(name.into(), value.into())],
            ..Default::default()
        };
        assert!(matches!(
            Arrakis::setup(&opts, 1),
            Err(melange::rules::core::RuleError::InvalidOptions(_))
        ));
    }
}

#[test]
fn the_atomics_open_the_plateaus_next_to_them_to_storms() {
    // AR-HAZ-32 under `enclosed_plateaus`, AR-ATOM-04: Splintered Rock
    // turned desert no longer encloses Hagga Basin, which is stormed;
    // Carthag, still enclosed, is not.
    let mut g = game_with(ArrakisOptions {
        preset: Preset::Published,
        ..Default::default()
    });
    g.edit(|s| {
        s.atomics_area = Some(a("splintered_rock"));
        s.put(H, a("hagga_basin"), [3, 0, 0], 0).unwrap();
        s.put(H, a("carthag"), [3, 0, 0], 0).unwrap();
        s.load_dice(&[HIT; 8]);
    })
    .unwrap();
    to_desert_hazards(&mut g);
    assert_eq!(units(&g, H, "hagga_basin"), [1, 0, 0]);
    assert_eq!(units(&g, H, "carthag"), [3, 0, 0]);
}

#[test]
fn spice_must_flow_third_row_ornithopters_wiki_or_printed() {
    // AR-VEH-02, AR-VEH-06: the third row gives 2 ornithopters as the
    // wiki's worked example does; the printed board's 3 under
    // `spice_must_flow_ornithopters=printed`, in the `published` preset.
    // The round after the markers reach row 3 places that many.
    let next_round = |opts: ArrakisOptions| {
        let mut g = Arrakis::setup(&opts, 3).unwrap();
        g.edit(|s| {
            s.imperium = ([1, 3, 2]).into();
            s.bans = ([false; 3]).into();
            s.prompt = Prompt::Unclaimed;
        })
        .unwrap();
        play(&mut g, A, &[Action::RemoveUnclaimed]);
        match g.prompt() {
            Prompt::Vehicles { ornithopters, .. } => ornithopters,
            p => panic!("{p:?}"),
        }
    };
    let published = ArrakisOptions {
        preset: Preset::Published,
        ..Default::default()
    };
    assert_eq!(next_round(ArrakisOptions::default()), 2);
    assert_eq!(next_round(published.clone()), 3);
    let printed = ArrakisOptions {
        overrides: vec![("spice_must_flow_ornithopters".into(), "printed".into())],
        ..Default::default()
    };
    assert_eq!(next_round(printed), 3);
    let wiki = ArrakisOptions {
        overrides: vec![("spice_must_flow_ornithopters".into(), "wiki".into())],
        ..published
    };
    assert_eq!(next_round(wiki), 2);
    // Every other row is the same either way.
    for row in [1u8, 2, 4, 5] {
        let mut a = Arrakis::setup(&ArrakisOptions::default(), 3).unwrap();
        let mut b = Arrakis::setup(
            &ArrakisOptions {
                preset: Preset::Published,
                ..Default::default()
            },
            3,
        )
        .unwrap();
        a.edit(|s| {
            s.imperium = ([row, 1, 1]).into();
            s.bans = ([false; 3]).into();
        })
        .unwrap();
        b.edit(|s| {
            s.imperium = ([row, 1, 1]).into();
            s.bans = ([false; 3]).into();
        })
        .unwrap();
        assert_eq!(a.active_row().ornithopters, b.active_row().ornithopters);
    }
}
