//! Staban Tuek (SM-STABAN) and Gurney Halleck (SM-GURNEY) as Atreides
//! leaders.
use super::*;
use crate::common::{A, a, legal, play};
use melange::rules::arrakis::components::{Entry, LeaderKind, Slot};
use melange::rules::arrakis::expansions::smugglers::data::smugglers;
use melange::rules::arrakis::expansions::smugglers::{SmAction, SmEvent, SmPrompt};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{DieResult, Event, LeaderAt, Prompt};

#[test]
fn staban_is_an_atreides_leader_on_the_desert_power_box() {
    // SM-STABAN-03, SM-SETUP-01: an Atreides named leader with the data's
    // combat strip, his card on the Desert Power box.
    let l = d().leader(sm_leader("staban_tuek"));
    let st = &smugglers().staban_tuek;
    assert_eq!(l.faction, Faction::Atreides);
    assert_eq!(l.kind, LeaderKind::Named);
    assert_eq!(l.action_slot, Some(Slot::DesertPower));
    assert_eq!(l.enters, Entry::SMUGGLERS_ALLIANCE);
    let c = l.combat.expect("a combat strip");
    assert_eq!((c.hits, c.shields), (st.combat.hits, st.combat.shields));
    // SM-GURNEY-01: Gurney is the core figure and card, without abilities.
    let gurney = d().leader(sm_leader("gurney_halleck"));
    assert_eq!(gurney.faction, Faction::Atreides);
    assert!(gurney.special.is_empty());
    assert_eq!(gurney.enters, Entry::SMUGGLERS_ALLIANCE);
}

#[test]
fn staban_and_gurney_are_unusable_before_the_alliance() {
    // SM-STABAN-01, SM-GURNEY-03: not in play, no special on offer even
    // when Desert Power may be taken.
    let mut g = game();
    let staban = sm_leader("staban_tuek");
    g.edit(|s| {
        s.put(A, a("s2_1"), [1, 0, 0], 0).unwrap();
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    assert!(!legal(&g, A).contains(&Action::Special(staban)));
    assert_eq!(refused(&mut g, A, Action::Special(staban)), "SM-STABAN-01");
    // After the alliance his special is offered at once (SM-STABAN-02).
    g.test_ally_at(a("s2_6"));
    assert!(legal(&g, A).contains(&Action::Special(staban)));
}

#[test]
fn staban_shares_the_desert_power_box_with_the_wild_maker() {
    // SM-STABAN-06, SM-STABAN-07: either special, each spending only its
    // own card.
    let mut g = game();
    let (staban, maker) = (sm_leader("staban_tuek"), sm_leader("wild_maker"));
    g.test_ally_at(a("s2_1"));
    g.edit(|s| {
        s.set_leader(maker, LeaderAt::SetAside);
        s.turn(A, &[DieResult::Strategy], 2);
    })
    .unwrap();
    let offered = legal(&g, A);
    assert!(offered.contains(&Action::Special(staban)));
    play(&mut g, A, &[Action::Special(staban)]);
    assert_ne!(g.spent_leaders() & (1 << staban.0), 0);
    assert_eq!(
        g.spent_leaders() & (1 << maker.0),
        0,
        "the Wild Maker's card is not spent"
    );
}

#[test]
fn staban_goes_to_the_tank_and_comes_back_to_a_legion_of_the_atreides_choice() {
    let mut g = game();
    let staban = sm_leader("staban_tuek");
    g.test_ally_at(a("s2_1"));
    g.edit(|s| s.put(A, a("s1_1"), [1, 0, 0], 0)).unwrap();
    // SM-STABAN-04: removed, he goes to the tank.
    g.test_staban_to_tank(0);
    assert_eq!(g.leader_at(staban), LeaderAt::Tank(0));
    let before = g.prompt();
    // SM-STABAN-05: leaving the tank, he joins a legion the Atreides pick.
    g.test_staban_to_tank(4);
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::StabanReturns))
    );
    let join = |x: &str| Action::Expansion(ExpansionAction::Smugglers(SmAction::StabanJoins(a(x))));
    let offered = legal(&g, A);
    assert!(offered.contains(&join("s1_1")) && offered.contains(&join("s2_1")));
    assert_eq!(refused(&mut g, A, join("s2_3")), "SM-STABAN-05");
    let ev = play(&mut g, A, &[join("s1_1")]);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::Smugglers(
        SmEvent::StabanReturned { area: a("s1_1") }
    ))));
    assert_eq!(g.leader_at(staban), LeaderAt::Board(a("s1_1")));
    assert_eq!(g.prompt(), before);
}
