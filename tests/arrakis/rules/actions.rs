//! Action resolution (AR-ACT, AR-DP, AR-SCOUT, AR-BG): Desert Power with
//! fewer dice, Scouting, Guerrilla Training, the Bene Gesserit reorder,
//! and a refusal that names the rule in words.
use super::*;

#[test]
fn desert_power_only_with_fewer_dice() {
    // AR-DP-01, AR-DP-03, AR-DP-04, AR-DP-06, AR-DP-07
    let mut g = game();
    g.edit(|s| s.turn(A, &[DieResult::Mentat, DieResult::Mentat], 2))
        .unwrap();
    let e = assert_refused(&g, seat(A), &Action::DesertPower);
    assert_eq!(rule_of(e), "AR-DP-04");
    let mut g = game();
    g.edit(|s| s.turn(A, &[DieResult::Mentat], 2)).unwrap();
    play(&mut g, A, &[Action::DesertPower]);
    // Not in a sietch area, not twice in one area.
    assert_refused(&g, seat(A), &Action::WormsignAt(a("gara_kulon")));
    play(&mut g, A, &[Action::WormsignAt(a("s1_1"))]);
    assert_refused(&g, seat(A), &Action::WormsignAt(a("s1_1")));
    play(&mut g, A, &[Action::WormsignAt(a("s1_2"))]);
    assert!(g.areas()[a("s1_1").index()].wormsign.is_some());
    // A Harkonnen turn has no Desert Power (AR-DP-01).
    assert_eq!(g.prompt(), Prompt::Turn(H));
    assert_refused(&g, seat(H), &Action::DesertPower);
}

#[test]
fn scouting_needs_a_connected_ornithopter_and_no_spacing_guild_ban() {
    // AR-SCOUT-01, AR-SCOUT-03, AR-SCOUT-05, AR-SCOUT-06, AR-VEH-13
    let mut g = game();
    g.edit(|s| s.zones[board().air_zone_id("az1").unwrap().index()] = Some(Vehicle::Ornithopter))
        .unwrap();
    let az1 = board().air_zone_id("az1").unwrap();
    g.edit(|s| s.turn(H, &[DieResult::Strategy], 1)).unwrap();
    // Habbanya Ridge lies in s3, not a sector of az1 (s1, s5).
    assert_refused(&g, seat(H), &Action::Scout(az1, a("habbanya_ridge")));
    let mut banned = g.clone();
    banned
        .edit(|s| {
            s.imperium = ([1, 5, 1]).into();
            s.bans = ([false, true, false]).into();
        })
        .unwrap();
    let e = assert_refused(&banned, seat(H), &Action::Scout(az1, a("gara_kulon")));
    assert_eq!(rule_of(e), "AR-SCOUT-06");
    let ev = play(&mut g, H, &[Action::Scout(az1, a("gara_kulon"))]);
    assert!(ev.iter().any(|e| matches!(e, Event::SietchRevealed { .. })));
    assert!(g.areas()[a("gara_kulon").index()].sietch.unwrap().revealed);
    assert_eq!(g.zones()[az1.index()], None);
}

#[test]
fn guerrilla_training_not_under_an_ornithopter() {
    // AR-DEPLOY-03, AR-DEPLOY-04, AR-DEPLOY-10
    let mut g = game();
    g.edit(|s| s.areas[a("gara_kulon").index()].tokens.push(0))
        .unwrap();
    let az1 = board().air_zone_id("az1").unwrap();
    g.edit(|s| {
        s.zones[az1.index()] = Some(Vehicle::Ornithopter);
        s.turn(A, &[DieResult::Strategy], 1);
    })
    .unwrap();
    let e = assert_refused(&g, seat(A), &Action::Reveal(a("gara_kulon")));
    assert_eq!(rule_of(e), "AR-DEPLOY-10");
    g.edit(|s| s.zones[az1.index()] = Some(Vehicle::Carryall))
        .unwrap();
    play(&mut g, A, &[Action::Reveal(a("gara_kulon"))]);
    let s = &g.areas()[a("gara_kulon").index()];
    assert!(s.tokens.is_empty());
    let kinds = &data().tables.deployment_tokens.atreides_starting;
    let k = kinds[0];
    assert_eq!(s.units[A], [k.regular, k.elite, k.special]);
}

#[test]
fn bene_gesserit_reorder_option() {
    // AR-OPT-02, AR-BG-05
    use melange::rules::core::Viewer;
    let opts = ArrakisOptions {
        overrides: vec![("bene_gesserit_use".into(), "reorder".into())],
        ..Default::default()
    };
    let mut g = game_with(opts);
    g.edit(|s| s.turn(A, &[DieResult::Strategy], 1)).unwrap();
    let top: Vec<_> = g.house(A).decks[0].iter().rev().take(3).copied().collect();
    play(&mut g, A, &[Action::Foresee(0)]);
    assert_eq!(g.house(A).bene_gesserit, 0);
    assert_eq!(
        g.view(Viewer::Seat(seat(A))).houses[Faction::Atreides].foresee,
        Some(top.clone())
    );
    assert_eq!(
        g.view(Viewer::Seat(seat(H))).houses[Faction::Atreides].foresee,
        None
    );
    // Order 5 = [2, 1, 0]: the third card goes on top.
    play(&mut g, A, &[Action::Order(5)]);
    let now: Vec<_> = g.house(A).decks[0].iter().rev().take(3).copied().collect();
    assert_eq!(now, vec![top[2], top[1], top[0]]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
    assert_refused(&g, seat(A), &Action::Foresee(0));
}

#[test]
fn a_refusal_names_the_rule_the_action_and_the_decision_in_words() {
    // AR-ACT-11: a card played with a die the house does not have; the
    // message names the card, the die, the reason and the decision, with no
    // Rust debug text (`PlayCard(CardId(55), Leadership)`, `Turn(..)`).
    let mut g = game();
    let c = card("hawats_scheming");
    g.edit(|s| {
        s.hand(H, &[c]);
        s.turn(H, &[DieResult::Strategy], 1);
    })
    .unwrap();
    let e = assert_refused(&g, seat(H), &Action::PlayCard(c, DieResult::Leadership));
    assert_eq!(
        e.to_string(),
        "AR-ACT-11: \u{201c}play Hawat's Scheming with a leadership die\u{201d} is refused: \
         a turn's action spends one of your unspent dice on an action its result allows, \
         or is a free action open to you now. The game waits on House Harkonnen to choose \
         its turn's action."
    );
    // AR-ACT-17: an action of another decision's kind.
    let e = assert_refused(&g, seat(H), &Action::Legion(a("carthag")));
    assert_eq!(rule_of(e), "AR-ACT-11");
    g.edit(|s| s.prompt = Prompt::Upgrade(2)).unwrap();
    let e = assert_refused(&g, seat(H), &Action::Advance);
    assert_eq!(
        e.to_string(),
        "AR-ACT-17: \u{201c}advance into the area\u{201d} is refused: it is not one of the \
         choices this step offers. The game waits on House Harkonnen to upgrade regular units."
    );
    // An id this game does not have is said so, not printed.
    let e = assert_refused(&g, seat(H), &Action::Upgrade(AreaId(250)));
    assert!(
        e.to_string()
            .starts_with("AR-ACT-17: \u{201c}an action naming something this game does not have")
    );
}
