//! Planning cards played for their effect (AR-ACT-12, AR-ACT-13, AR-ACT-17),
//! one test per card on the real board, with partial use and refusals.
//! Combat faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, CardId, DieResult, Event, Faction, LeaderAt, LeaderId,
    Prompt, board,
};
use melange::rules::core::conformance::assert_refused;
use melange::rules::core::{Ruleset, Seat};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

fn a(id: &str) -> AreaId {
    board().a(id)
}

fn card(id: &str) -> CardId {
    data().card_id(id).unwrap()
}

fn leader(id: &str) -> LeaderId {
    data().leader_id(id).unwrap()
}

fn seat(f: Faction) -> Seat {
    Seat(f.index() as u8)
}

/// A cleared board, `f` to act with a Strategy and a Deployment die and
/// `hand` in hand.
fn game(f: Faction, hand: &[&str]) -> Arrakis {
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    g.test_clear_board();
    g.test_turn(f, &[DieResult::Strategy, DieResult::Deployment], 2);
    let cards: Vec<CardId> = hand.iter().map(|c| card(c)).collect();
    g.test_hand(f, &cards);
    g.test_hand(f.other(), &[]);
    g
}

fn play(g: &mut Arrakis, f: Faction, acts: &[Action]) -> Vec<Event> {
    let mut ev = Vec::new();
    for x in acts {
        g.apply(seat(f), x, &mut ev)
            .unwrap_or_else(|e| panic!("{x:?} refused: {e} at {:?}", g.prompt()));
    }
    ev
}

fn legal(g: &Arrakis, f: Faction) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(seat(f), &mut v);
    v
}

fn units(g: &Arrakis, f: Faction, area: &str) -> [u8; 3] {
    g.areas[a(area).index()].units[f.index()]
}

#[test]
fn any_die_plays_a_card_and_it_is_discarded_after_its_effect() {
    // AR-ACT-12, AR-ACT-13
    let mut g = game(H, &["forced_recruitment"]);
    g.test_turn(H, &[DieResult::Mentat, DieResult::Deployment], 2);
    let c = card("forced_recruitment");
    assert!(legal(&g, H).contains(&Action::PlayCard(c, DieResult::Mentat)));
    let ev = play(&mut g, H, &[Action::PlayCard(c, DieResult::Mentat)]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::CardPlayed { card, .. } if *card == c))
    );
    assert!(g.house(H).hand.is_empty());
    // Not yet on the discard pile while it resolves.
    assert!(!g.house(H).discard.contains(&c));
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    assert_eq!(units(&g, H, "arrakeen"), [0, 3, 0]);
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.areas[a("arrakeen").index()].generic[H.index()], 1);
    assert!(g.house(H).discard.contains(&c));
    assert_eq!(g.house(H).dice.iter().filter(|d| d.spent).count(), 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn a_card_without_a_written_effect_or_a_die_is_refused() {
    // AR-ACT-12: Hawat's Scheming is not played with a die; no die, no play.
    let g = game(H, &["hawats_scheming", "forced_recruitment"]);
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("hawats_scheming"), DieResult::Strategy),
    );
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("forced_recruitment"), DieResult::Mentat),
    );
    // A card not in hand.
    assert_refused(
        &g,
        seat(H),
        &Action::PlayCard(card("sandmasters"), DieResult::Strategy),
    );
}

#[test]
fn harkonnen_patrols_partly_used() {
    // AR-ACT-17: 1 of the 3 regulars, then stop.
    let mut g = game(H, &["harkonnen_patrols"]);
    play(
        &mut g,
        H,
        &[Action::PlayCard(
            card("harkonnen_patrols"),
            DieResult::Strategy,
        )],
    );
    // Only empty desert areas are offered.
    assert_refused(&g, seat(H), &Action::DeployAt(a("arrakeen")));
    let l = legal(&g, H);
    let first = l
        .iter()
        .find_map(|x| match x {
            Action::DeployAt(area) => Some(*area),
            _ => None,
        })
        .unwrap();
    play(&mut g, H, &[Action::DeployAt(first)]);
    // The same area is not offered twice.
    assert_refused(&g, seat(H), &Action::DeployAt(first));
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.areas[first.index()].units[H.index()], [1, 0, 0]);
    let on_board: u8 = g.areas.iter().map(|s| s.units[H.index()][0]).sum();
    assert_eq!(on_board, 1);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn hard_times_and_oppression_reaches_every_village_and_both_cities() {
    let mut g = game(H, &["hard_times_and_oppression"]);
    play(
        &mut g,
        H,
        &[Action::PlayCard(
            card("hard_times_and_oppression"),
            DieResult::Strategy,
        )],
    );
    for v in ["arsunt", "hagga_basin", "imperial_basin", "north_pole"] {
        play(&mut g, H, &[Action::DeployAt(a(v))]);
        assert_eq!(units(&g, H, v), [1, 0, 0], "{v}");
    }
    play(&mut g, H, &[Action::DeployAt(a("carthag"))]);
    play(&mut g, H, &[Action::DeployAt(a("arrakeen"))]);
    assert_eq!(units(&g, H, "carthag"), [0, 1, 0]);
    assert_eq!(units(&g, H, "arrakeen"), [0, 1, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn beloved_feyd_rautha_enters_then_plays_another_card() {
    // Feyd-Rautha enters, Beast Rabban leaves (AR-LEADER-24), then a
    // follow-up card without a die.
    let mut g = game(H, &["beloved_feyd_rautha", "forced_recruitment"]);
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(card("beloved_feyd_rautha"), DieResult::Strategy),
            Action::Resolve,
        ],
    );
    assert_eq!(g.test_leader(leader("feyd_rautha")), LeaderAt::SetAside);
    assert_eq!(g.test_leader(leader("beast_rabban")), LeaderAt::Removed);
    play(
        &mut g,
        H,
        &[
            Action::PlayFree(card("forced_recruitment")),
            Action::DeployAt(a("arrakeen")),
            Action::DeployLeader(Some(leader("feyd_rautha"))),
        ],
    );
    assert_eq!(
        g.test_leader(leader("feyd_rautha")),
        LeaderAt::Board(a("arrakeen"))
    );
    assert_eq!(g.house(H).discard.len(), 2);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn beloved_feyd_rautha_alternative_when_he_is_in_play() {
    let mut g = game(H, &["beloved_feyd_rautha"]);
    g.test_put(H, a("carthag"), [1, 0, 0], 0);
    g.test_place_leader(leader("feyd_rautha"), a("carthag"));
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(card("beloved_feyd_rautha"), DieResult::Strategy),
            Action::DeployAt(a("carthag")),
        ],
    );
    assert_eq!(units(&g, H, "carthag"), [1, 2, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn the_voice_makes_the_opponent_discard_their_pick() {
    let mut g = game(A, &["the_voice"]);
    g.test_hand(H, &[card("sandmasters"), card("forced_recruitment")]);
    play(
        &mut g,
        A,
        &[
            Action::PlayCard(card("the_voice"), DieResult::Strategy),
            Action::Resolve,
        ],
    );
    // The Harkonnen choose, and may not decline.
    assert_eq!(g.to_act(), Some(seat(H)));
    assert!(!legal(&g, H).contains(&Action::Done));
    assert_refused(&g, seat(H), &Action::Discard(card("war_plan")));
    play(&mut g, H, &[Action::Discard(card("sandmasters"))]);
    assert_eq!(g.house(H).hand, vec![card("forced_recruitment")]);
    assert!(g.house(H).discard.contains(&card("sandmasters")));
    // The follow-up play: nothing playable in hand, so the turn passes.
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn war_plan_adds_a_die_every_round() {
    let mut g = game(A, &["war_plan"]);
    g.test_put(A, a("s1_3"), [2, 0, 0], 0);
    let target = board().passable[a("s1_3").index()].iter().next().unwrap();
    g.test_put(H, target, [1, 0, 0], 0);
    g.test_load_dice(&[3, 3, 3, 3, 3, 3]);
    let ev = play(
        &mut g,
        A,
        &[
            Action::PlayCard(card("war_plan"), DieResult::Strategy),
            Action::Legion(a("s1_3")),
            Action::Take(melange::rules::arrakis::UnitKind::Regular),
            Action::Take(melange::rules::arrakis::UnitKind::Regular),
            Action::To(target),
        ],
    );
    let dice = ev.iter().find_map(|e| match e {
        Event::CombatRoll { faction, dice, .. } if *faction == A => Some(*dice),
        _ => None,
    });
    assert_eq!(dice, Some(3), "2 units + War Plan's die");
}

#[test]
fn hunter_seeker_only_reaches_a_sector_with_a_harkonnen_legion() {
    let mut g = game(H, &["hunter_seeker"]);
    let b = board();
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    g.test_place_leader(leader("stilgar"), a("s1_3"));
    // A far sector holds Paul.
    let far = (0..b.areas.len() as u8)
        .map(AreaId)
        .find(|x| {
            b.area(*x).sector != b.area(a("s1_3")).sector
                && b.area(*x).sector != b.area(a("carthag")).sector
        })
        .unwrap();
    g.test_put(A, far, [1, 0, 0], 0);
    g.test_place_leader(leader("paul_atreides"), far);
    let same_sector = (0..b.areas.len() as u8)
        .map(AreaId)
        .find(|x| *x != a("s1_3") && b.area(*x).sector == b.area(a("s1_3")).sector)
        .unwrap();
    g.test_put(H, same_sector, [1, 0, 0], 0);
    play(
        &mut g,
        H,
        &[Action::PlayCard(card("hunter_seeker"), DieResult::Strategy)],
    );
    assert_refused(&g, seat(H), &Action::PickLeader(leader("paul_atreides")));
    play(&mut g, H, &[Action::PickLeader(leader("stilgar"))]);
    assert_eq!(g.test_leader(leader("stilgar")), LeaderAt::Tank(0));
    assert_eq!(g.areas[a("s1_3").index()].named, 0);
}

#[test]
fn voice_from_the_outer_world_means_paul_muad_dib_too() {
    // AR-LEADER-18: a card naming Paul applies to Paul-Muad'Dib.
    let mut g = game(A, &["voice_from_the_outer_world"]);
    g.test_set_leader(leader("paul_atreides"), LeaderAt::Removed);
    g.test_set_leader(leader("paul_muad_dib"), LeaderAt::SetAside);
    g.test_put(A, a("s1_3"), [1, 0, 0], 0);
    play(
        &mut g,
        A,
        &[
            Action::PlayCard(card("voice_from_the_outer_world"), DieResult::Strategy),
            Action::DeployAt(a("s1_3")),
        ],
    );
    assert_refused(
        &g,
        seat(A),
        &Action::DeployLeader(Some(leader("paul_atreides"))),
    );
    play(
        &mut g,
        A,
        &[Action::DeployLeader(Some(leader("paul_muad_dib")))],
    );
    assert_eq!(units(&g, A, "s1_3"), [1, 0, 1]);
    assert_eq!(
        g.test_leader(leader("paul_muad_dib")),
        LeaderAt::Board(a("s1_3"))
    );
    // Then that legion may move or surprise-attack: only it is offered.
    let l = legal(&g, A);
    assert!(l.contains(&Action::Legion(a("s1_3"))));
    assert!(
        l.iter()
            .all(|x| matches!(x, Action::Legion(_) | Action::Done))
    );
}

#[test]
fn a_card_deploying_over_the_stacking_limit_lets_the_owner_pick_the_excess() {
    // AR-MOVE-08: 5 regulars + 3 elites in Arrakeen; the Harkonnen pick
    // which 2 units go, then the card goes on to its leader.
    let mut g = game(H, &["forced_recruitment"]);
    g.test_put(H, a("arrakeen"), [5, 0, 0], 0);
    play(
        &mut g,
        H,
        &[
            Action::PlayCard(card("forced_recruitment"), DieResult::Strategy),
            Action::DeployAt(a("arrakeen")),
        ],
    );
    assert!(matches!(g.prompt(), Prompt::Excess(..)));
    let kinds = melange::rules::arrakis::UnitKind::ALL;
    assert_refused(&g, seat(H), &Action::LoseUnit(kinds[2]));
    play(
        &mut g,
        H,
        &[Action::LoseUnit(kinds[1]), Action::LoseUnit(kinds[0])],
    );
    assert_eq!(units(&g, H, "arrakeen"), [4, 2, 0]);
    assert!(matches!(g.prompt(), Prompt::Card(..)));
    play(&mut g, H, &[Action::DeployLeader(None)]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}
