//! Hawat's Scheming (AR-LEADER): Thufir Hawat's card leaves the hand only
//! through his free action, never for combat dice, the hand limit or a
//! forced discard.
use super::*;

#[test]
fn hawats_scheming_removes_thufir_and_brings_mohiam() {
    // AR-LEADER-20, AR-LEADER-21, AR-LEADER-22, AR-LEADER-23
    let d = data();
    let thufir = d.leader_id("thufir_hawat").unwrap();
    let mohiam = d.leader_id("gaius_helen_mohiam").unwrap();
    let card = d.card_id("hawats_scheming").unwrap();
    let mut g = game();
    g.edit(|s| {
        s.hand(H, &[card]);
        s.leaders[usize::from(thufir.0)] = melange::rules::arrakis::LeaderAt::SetAside;
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
    let e = assert_refused(&g, seat(H), &Action::Scheme(1));
    assert_eq!(rule_of(e), "AR-ACT-11");
    g.edit(|s| s.hand(H, &[card, card, card])).unwrap();
    play(&mut g, H, &[Action::Scheme(2)]);
    assert_eq!(
        g.leaders()[usize::from(thufir.0)],
        melange::rules::arrakis::LeaderAt::Removed
    );
    assert_eq!(
        g.leaders()[usize::from(mohiam.0)],
        melange::rules::arrakis::LeaderAt::SetAside
    );
    assert_eq!(g.house(H).hand, vec![card].into());
    assert_refused(&g, seat(H), &Action::Scheme(1));
    // AR-BG-07 (default in data): Mohiam brings a Bene Gesserit token.
    assert_eq!(g.house(H).bene_gesserit, 1);
}

#[test]
fn hawats_scheming_is_never_discarded_for_combat_dice() {
    // AR-LEADER-23 (the card's own text), AR-COMBAT-05: the discard for
    // dice offers every other card, never Hawat's Scheming.
    let scheming = card("hawats_scheming");
    let other = card("forced_recruitment");
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [1, 0, 0], 0).unwrap();
        s.put(A, a("s1_2"), [1, 0, 0], 0).unwrap();
        s.hand(H, &[scheming, other]);
    })
    .unwrap();
    attack(&mut g, H, "s1_1", "s1_2", &[UnitKind::Regular]);
    assert_eq!(legal(&g, H), vec![Action::Discard(other), Action::Done]);
    let e = assert_refused(&g, seat(H), &Action::Discard(scheming));
    assert_eq!(rule_of(e), "AR-LEADER-23");
    // With only Hawat's Scheming in hand the Harkonnen are still asked
    // (their hand is hidden), "Done" the one choice.
    play(&mut g, H, &[Action::Discard(other)]);
    assert_eq!(legal(&g, H), vec![Action::Done]);
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.house(H).hand, vec![scheming].into());
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Discard(A)));
}

#[test]
fn hawats_scheming_counts_toward_the_hand_limit_but_stays() {
    // AR-END-08, AR-LEADER-23: 8 cards, 3 of them Hawat's Scheming: the
    // Harkonnen discard 2 of the others, and never a Scheming.
    let scheming = card("hawats_scheming");
    let others = [
        card("forced_recruitment"),
        card("sandmasters"),
        card("spotter_control"),
        card("hunter_seeker"),
        card("arsunt_legion"),
    ];
    let mut g = game();
    let mut hand = vec![scheming; 3];
    hand.extend(others);
    g.edit(|s| {
        s.hand(H, &hand);
        s.hand(A, &[]);
        s.prompt = Prompt::Swap(A);
    })
    .unwrap();
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::HandLimit(H));
    let l = legal(&g, H);
    assert_eq!(l, others.map(Action::Discard).to_vec());
    let e = assert_refused(&g, seat(H), &Action::Discard(scheming));
    assert_eq!(rule_of(e), "AR-LEADER-23");
    play(
        &mut g,
        H,
        &[Action::Discard(others[0]), Action::Discard(others[1])],
    );
    assert_eq!(g.house(H).hand.len(), 6);
    assert_eq!(
        g.house(H).hand.iter().filter(|c| **c == scheming).count(),
        3
    );
    assert_ne!(g.prompt(), Prompt::HandLimit(H));
}

#[test]
fn hawats_scheming_is_never_taken_by_a_forced_discard() {
    // AR-LEADER-23: The Voice makes the Harkonnen discard a card of their
    // choice; Hawat's Scheming is never one, and a hand of only Scheming
    // cards gives nothing ("Done"), still asked of the Harkonnen.
    let scheming = card("hawats_scheming");
    let voice = card("the_voice");
    let start = |hand: &[melange::rules::arrakis::CardId]| {
        let mut g = game();
        g.edit(|s| {
            s.turn(A, &[DieResult::Strategy, DieResult::Deployment], 2);
            s.hand(A, &[voice]);
            s.hand(H, hand);
        })
        .unwrap();
        play(
            &mut g,
            A,
            &[
                Action::PlayCard(voice, DieResult::Strategy),
                Action::Resolve,
            ],
        );
        g
    };
    let g = start(&[scheming, card("sandmasters")]);
    assert_eq!(legal(&g, H), vec![Action::Discard(card("sandmasters"))]);
    let e = assert_refused(&g, seat(H), &Action::Discard(scheming));
    assert_eq!(rule_of(e), "AR-LEADER-23");

    let mut g = start(&[scheming, scheming]);
    assert_eq!(g.to_act(), Some(seat(H)));
    assert_eq!(legal(&g, H), vec![Action::Done]);
    play(&mut g, H, &[Action::Done]);
    assert_eq!(g.house(H).hand, vec![scheming, scheming].into());
    assert!(g.house(H).discard.is_empty());
}
