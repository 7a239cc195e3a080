//! Named leaders' special actions (AR-LEADER-01 to AR-LEADER-08,
//! AR-END-06), one test per leader on the real board; the special actions
//! are data (`special` in data/arrakis/leaders.json).
use super::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::{
    Action, AreaId, Arrakis, ArrakisOptions, BattleStep, Deck, DieResult, Event, Faction, LeaderAt,
    Marker, Prompt, UnitKind, board,
};
use melange::rules::core::Ruleset;
use melange::rules::core::conformance::assert_refused;

/// A cleared board, `f` to act with `dice` (and a spare Deployment die so
/// the turn passes on), empty hands.
fn game(f: Faction, dice: &[DieResult]) -> Arrakis {
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    g.edit(|s| s.clear_board()).unwrap();
    let mut all = dice.to_vec();
    all.push(DieResult::Deployment);
    g.edit(|s| {
        s.turn(f, &all, 2);
        s.hand(H, &[]);
        s.hand(A, &[]);
    })
    .unwrap();
    g
}

fn units(g: &Arrakis, f: Faction, area: &str) -> melange::rules::arrakis::Units {
    g.areas()[a(area).index()].units[f]
}

fn neighbour(area: &str) -> AreaId {
    let g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    board().passable[a(area).index()]
        .iter()
        .find(|x| g.areas()[x.index()].sietch.is_none() && !g.areas()[x.index()].settlement)
        .unwrap()
}

#[test]
fn baron_harkonnen_upgrades_three_regulars_and_is_spent_until_the_next_round() {
    // AR-LEADER-04, AR-LEADER-05, AR-LEADER-07, AR-LEADER-08, AR-END-06
    let mut g = game(H, &[DieResult::House, DieResult::House]);
    let baron = leader("baron_harkonnen");
    g.edit(|s| s.put(H, a("carthag"), [4, 0, 0], 0)).unwrap();
    let l = legal(&g, H);
    assert!(l.contains(&Action::Special(baron)));
    // AR-LEADER-05: the regular action stays available.
    assert!(l.contains(&Action::SpendDie(DieResult::House)));
    play(&mut g, H, &[Action::Special(baron)]);
    for _ in 0..3 {
        play(&mut g, H, &[Action::Upgrade(a("carthag"))]);
    }
    assert_eq!(units(&g, H, "carthag"), [1, 3, 0]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
    // Spent: not offered again this round with the second House die.
    g.edit(|s| s.turn(H, &[DieResult::House], 2)).unwrap();
    assert!(!legal(&g, H).contains(&Action::Special(baron)));
    assert_refused(&g, seat(H), &Action::Special(baron));
    // AR-END-06: restored at the End of the Round.
    g.edit(|s| s.prompt = Prompt::EndClaims).unwrap();
    play(&mut g, A, &[Action::Done]);
    g.edit(|s| s.turn(H, &[DieResult::House], 2)).unwrap();
    assert!(legal(&g, H).contains(&Action::Special(baron)));
}

#[test]
fn no_special_action_from_the_regeneration_tank_or_without_its_die() {
    // AR-LEADER-06, AR-LEADER-04
    let mut g = game(H, &[DieResult::House]);
    let baron = leader("baron_harkonnen");
    g.edit(|s| s.set_leader(baron, LeaderAt::Tank(0))).unwrap();
    assert_refused(&g, seat(H), &Action::Special(baron));
    let mut g = game(H, &[DieResult::Strategy]);
    assert_refused(&g, seat(H), &Action::Special(baron));
    // A leader not yet in play has no card on the dashboard (AR-LEADER-02).
    g.edit(|s| s.turn(H, &[DieResult::Strategy, DieResult::Strategy], 2))
        .unwrap();
    assert_refused(&g, seat(H), &Action::Special(leader("emperor_shaddam_iv")));
    g.edit(|s| s.set_leader(leader("emperor_shaddam_iv"), LeaderAt::SetAside))
        .unwrap();
    assert!(legal(&g, H).contains(&Action::Special(leader("emperor_shaddam_iv"))));
}

#[test]
fn emperor_shaddam_turns_elites_into_sardaukar() {
    let mut g = game(H, &[DieResult::Strategy]);
    let shaddam = leader("emperor_shaddam_iv");
    g.edit(|s| {
        s.set_leader(shaddam, LeaderAt::SetAside);
        s.put(H, a("arrakeen"), [0, 2, 0], 0).unwrap();
    })
    .unwrap();
    play(&mut g, H, &[Action::Special(shaddam)]);
    // Only areas with an elite.
    assert_refused(&g, seat(H), &Action::Upgrade(a("carthag")));
    play(
        &mut g,
        H,
        &[
            Action::Upgrade(a("arrakeen")),
            Action::Upgrade(a("arrakeen")),
        ],
    );
    assert_eq!(units(&g, H, "arrakeen"), [0, 0, 2]);
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn thufir_hawat_draws_three_house_harkonnen_cards_only() {
    let mut g = game(H, &[DieResult::Mentat]);
    let t = leader("thufir_hawat");
    g.edit(|s| s.set_leader(t, LeaderAt::SetAside)).unwrap();
    play(&mut g, H, &[Action::Special(t)]);
    assert_refused(&g, seat(H), &Action::DrawFrom(Deck::CorrinoAlly));
    play(
        &mut g,
        H,
        &[
            Action::DrawFrom(Deck::HouseHarkonnen),
            Action::DrawFrom(Deck::HouseHarkonnen),
            Action::DrawFrom(Deck::HouseHarkonnen),
        ],
    );
    assert_eq!(g.house(H).hand.len(), 3);
    assert!(
        g.house(H)
            .hand
            .iter()
            .all(|c| data().card(*c).deck == Deck::HouseHarkonnen)
    );
}

#[test]
fn gaius_helen_mohiam_draws_two_corrino_cards_then_plays_one() {
    let mut g = game(H, &[DieResult::Mentat]);
    let m = leader("gaius_helen_mohiam");
    g.edit(|s| {
        s.set_leader(m, LeaderAt::SetAside);
        s.hand(H, &[card("sardaukar_pogrom")]);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::Special(m),
            Action::DrawFrom(Deck::CorrinoAlly),
            Action::DrawFrom(Deck::CorrinoAlly),
        ],
    );
    assert_eq!(g.house(H).hand.len(), 3);
    assert!(legal(&g, H).contains(&Action::PlayFree(card("sardaukar_pogrom"))));
    play(&mut g, H, &[Action::PlayFree(card("sardaukar_pogrom"))]);
    // No legion with a Sardaukar: the card resolves to nothing.
    assert!(g.house(H).discard.contains(&card("sardaukar_pogrom")));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn captain_aramsham_deploys_into_a_settlement() {
    let mut g = game(H, &[DieResult::Deployment]);
    let c = leader("captain_aramsham");
    play(&mut g, H, &[Action::Special(c)]);
    assert_refused(&g, seat(H), &Action::DeployAt(a("s1_3")));
    play(
        &mut g,
        H,
        &[
            Action::DeployAt(a("carthag")),
            Action::DeployLeader(Some(c)),
        ],
    );
    assert_eq!(units(&g, H, "carthag"), [2, 0, 1]);
    assert_eq!(g.leader_at(c), LeaderAt::Board(a("carthag")));
}

#[test]
fn beast_rabban_moves_his_legion_twice() {
    let mut g = game(H, &[DieResult::Leadership]);
    let r = leader("beast_rabban");
    g.edit(|s| {
        s.put(H, a("carthag"), [2, 0, 0], 0).unwrap();
        s.place_leader(r, a("carthag"));
    })
    .unwrap();
    let first = neighbour("carthag");
    let second = board().passable[first.index()]
        .iter()
        .find(|x| *x != a("carthag") && g.areas()[x.index()].sietch.is_none())
        .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::Special(r),
            Action::Legion(a("carthag")),
            Action::Take(UnitKind::Regular),
        ],
    );
    // The group must take Rabban.
    assert_refused(&g, seat(H), &Action::To(first));
    play(
        &mut g,
        H,
        &[
            Action::TakeLeader(r),
            Action::To(first),
            // The same legion, one more area.
            Action::Legion(first),
            Action::Take(UnitKind::Regular),
            Action::TakeLeader(r),
            Action::To(second),
        ],
    );
    assert_eq!(g.leader_at(r), LeaderAt::Board(second));
    assert_eq!(g.prompt(), Prompt::Turn(A));
}

#[test]
fn feyd_rautha_moves_then_surprise_attacks_with_the_same_legion() {
    let mut g = game(H, &[DieResult::Leadership]);
    let f = leader("feyd_rautha");
    g.edit(|s| {
        s.set_leader(leader("beast_rabban"), LeaderAt::Removed);
        s.put(H, a("carthag"), [2, 0, 0], 0).unwrap();
        s.place_leader(f, a("carthag"));
    })
    .unwrap();
    let first = neighbour("carthag");
    let target = board().passable[first.index()]
        .iter()
        .find(|x| *x != a("carthag") && g.areas()[x.index()].sietch.is_none())
        .unwrap();
    g.edit(|s| s.put(A, target, [1, 0, 0], 0)).unwrap();
    play(
        &mut g,
        H,
        &[
            Action::Special(f),
            Action::Legion(a("carthag")),
            Action::Take(UnitKind::Regular),
            Action::TakeLeader(f),
            Action::To(first),
            Action::Legion(first),
            Action::Take(UnitKind::Regular),
            Action::TakeLeader(f),
        ],
    );
    // The second move is an attack only.
    let back = a("carthag");
    assert_refused(&g, seat(H), &Action::To(back));
    let ev = play(&mut g, H, &[Action::To(target)]);
    assert!(ev.iter().any(|e| matches!(e, Event::BattleStarted { .. })));
}

#[test]
fn paul_moves_then_surprise_attacks_as_paul_muad_dib_too() {
    // AR-LEADER-18: Paul-Muad'Dib has Paul's special action.
    let mut g = game(A, &[DieResult::Leadership]);
    let p = leader("paul_muad_dib");
    g.edit(|s| {
        s.set_leader(leader("paul_atreides"), LeaderAt::Removed);
        s.put(A, a("s1_3"), [1, 0, 0], 0).unwrap();
        s.place_leader(p, a("s1_3"));
    })
    .unwrap();
    assert!(legal(&g, A).contains(&Action::Special(p)));
    assert_refused(&g, seat(A), &Action::Special(leader("paul_atreides")));
    play(&mut g, A, &[Action::Special(p)]);
    assert!(legal(&g, A).contains(&Action::Legion(a("s1_3"))));
}

#[test]
fn lady_jessica_draws_three_house_atreides_cards() {
    let mut g = game(A, &[DieResult::Mentat]);
    let j = leader("lady_jessica");
    play(&mut g, A, &[Action::Special(j)]);
    assert_refused(&g, seat(A), &Action::DrawFrom(Deck::FremenAlly));
    // Partly: 2 of the 3, then stop (AR-ACT-17).
    play(
        &mut g,
        A,
        &[
            Action::DrawFrom(Deck::HouseAtreides),
            Action::DrawFrom(Deck::HouseAtreides),
            Action::Done,
        ],
    );
    assert_eq!(g.house(A).hand.len(), 2);
}

#[test]
fn reverend_mother_jessica_draws_two_then_plays_one() {
    let mut g = game(A, &[DieResult::Mentat]);
    let j = leader("reverend_mother_jessica");
    g.edit(|s| {
        s.set_leader(leader("lady_jessica"), LeaderAt::Removed);
        s.set_leader(j, LeaderAt::SetAside);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::Special(j),
            Action::DrawFrom(Deck::FremenAlly),
            Action::DrawFrom(Deck::HouseAtreides),
        ],
    );
    assert_eq!(g.house(A).hand.len(), 2);
    assert!(matches!(g.prompt(), Prompt::Card(..)));
}

#[test]
fn stilgar_places_two_deployment_tokens_with_him_in_a_sietch() {
    let mut g = game(A, &[DieResult::Deployment]);
    let s = leader("stilgar");
    let sietch = board().sietch_sites.iter().next().unwrap();
    play(&mut g, A, &[Action::Special(s)]);
    assert_refused(&g, seat(A), &Action::DeployAt(a("carthag")));
    play(
        &mut g,
        A,
        &[Action::DeployAt(sietch), Action::DeployLeader(Some(s))],
    );
    assert_eq!(g.areas()[sietch.index()].tokens.len(), 2);
    assert_eq!(g.leader_at(s), LeaderAt::Board(sietch));
    // The Harkonnen see two face-down tokens, never what they hide.
    let hv = g.view(melange::rules::core::Viewer::Seat(seat(H)));
    assert_eq!(hv.areas[sietch.index()].tokens, 2);
    assert!(hv.areas[sietch.index()].token_kinds.is_empty());
    let av = g.view(melange::rules::core::Viewer::Seat(seat(A)));
    assert_eq!(av.areas[sietch.index()].token_kinds.len(), 2);
}

#[test]
fn chani_moves_three_legions() {
    let mut g = game(A, &[DieResult::Strategy]);
    let c = leader("chani");
    g.edit(|s| s.set_leader(c, LeaderAt::SetAside)).unwrap();
    let b = board();
    let mut areas = Vec::new();
    for site in b.sietch_sites.iter().take(3) {
        g.edit(|s| s.put(A, site, [1, 0, 0], 0)).unwrap();
        areas.push(site);
    }
    play(&mut g, A, &[Action::Special(c)]);
    for s in &areas {
        let to = b.passable[s.index()]
            .iter()
            .find(|x| {
                g.areas()[x.index()].sietch.is_none()
                    && g.areas()[x.index()].unit_count(A) == 0
                    && !g.areas()[x.index()].settlement
            })
            .unwrap();
        play(
            &mut g,
            A,
            &[
                Action::Legion(*s),
                Action::Take(UnitKind::Regular),
                Action::To(to),
            ],
        );
    }
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn alia_uses_the_die_as_any_result_then_draws_one() {
    let mut g = game(A, &[DieResult::House]);
    let al = leader("alia");
    g.edit(|s| s.set_leader(al, LeaderAt::SetAside)).unwrap();
    play(&mut g, A, &[Action::Special(al)]);
    assert_eq!(g.prompt(), Prompt::AtreidesHouse);
    play(
        &mut g,
        A,
        &[
            Action::HouseAs(DieResult::Mentat),
            Action::Mentat(Deck::HouseAtreides, Deck::FremenAlly),
        ],
    );
    assert_eq!(g.house(A).hand.len(), 2);
    // Then the special's own draw.
    play(&mut g, A, &[Action::DrawFrom(Deck::HouseAtreides)]);
    assert_eq!(g.house(A).hand.len(), 3);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn a_card_naming_jessica_means_the_reverend_mother_too() {
    // AR-LEADER-19 (and AR-LEADER-18 for Paul): the data says which later
    // card is the same person. No shipped card names Jessica, so this
    // mapping is all there is to assert for her; the same lookup is played
    // out for Paul in voice_from_the_outer_world_means_paul_muad_dib_too
    // (`cards::atreides`), and its one-way reading in
    // alia_the_abomination_requires_reverend_mother_jessica.
    let d = data();
    let jessica = d.person("lady_jessica");
    assert!(jessica.contains(&leader("lady_jessica")));
    assert!(jessica.contains(&leader("reverend_mother_jessica")));
    let paul = d.person("paul_atreides");
    assert!(paul.contains(&leader("paul_muad_dib")));
    // Feyd-Rautha replaces Rabban but is not Rabban.
    assert_eq!(d.person("beast_rabban"), vec![leader("beast_rabban")]);
}

#[test]
fn a_tank_leaders_card_is_restored_but_offers_nothing_until_it_leaves() {
    // AR-END-07, AR-LEADER-06: spent cards are turned face up at the End
    // of the Round, but a leader in the tank still gives no special action.
    let mut g = game(H, &[DieResult::House, DieResult::House]);
    let baron = leader("baron_harkonnen");
    g.edit(|s| s.put(H, a("carthag"), [1, 0, 0], 0)).unwrap();
    play(&mut g, H, &[Action::Special(baron), Action::Done]);
    g.edit(|s| {
        s.set_leader(baron, LeaderAt::Tank(0));
        s.prompt = Prompt::EndClaims;
    })
    .unwrap();
    play(&mut g, A, &[Action::Done]);
    let v = g.view(melange::rules::core::Viewer::Spectator);
    assert_eq!(v.spent_leaders & (1 << baron.0), 0, "face up again");
    g.edit(|s| s.turn(H, &[DieResult::House], 2)).unwrap();
    assert_refused(&g, seat(H), &Action::Special(baron));
    g.edit(|s| s.set_leader(baron, LeaderAt::SetAside)).unwrap();
    assert!(legal(&g, H).contains(&Action::Special(baron)));
}

#[test]
fn the_wild_maker_moves_and_attacks_instead_of_desert_power() {
    // AR-LEADER-28, AR-HAZ-27: the Wild Maker on the Desert Power box moves
    // and attacks with its 6 dice, when Desert Power may be taken, spending
    // no die (docs/rules-decisions.md, named leaders' special actions).
    use melange::rules::arrakis::Worm;
    let wm = leader("wild_maker");
    let setup = |atreides_dice: &[DieResult], harkonnen: u8| {
        let mut g = game(A, &[]);
        g.edit(|s| {
            s.turn(A, atreides_dice, harkonnen);
            s.set_leader(wm, LeaderAt::SetAside);
            s.areas[a("s1_1").index()].worm = Some(Worm::WildMaker);
            s.areas[a("s1_3").index()].worm = Some(Worm::Normal);
            s.worms_off -= 1;
            s.put(H, a("s1_2"), [4, 0, 0], 0).unwrap();
        })
        .unwrap();
        g
    };
    // Not when Desert Power may not be taken (AR-DP-04: as many unused
    // dice as the Harkonnen).
    let g = setup(&[DieResult::Strategy, DieResult::Deployment], 2);
    assert_refused(&g, seat(A), &Action::Special(wm));
    // Not while its card is spent (AR-LEADER-27: it enters spent).
    let mut g = setup(&[DieResult::Strategy], 2);
    g.edit(|s| s.spent_leaders |= 1 << wm.0).unwrap();
    assert_refused(&g, seat(A), &Action::Special(wm));
    // Not before it is in play.
    let mut g = setup(&[DieResult::Strategy], 2);
    g.edit(|s| s.set_leader(wm, LeaderAt::NotInPlay)).unwrap();
    assert_refused(&g, seat(A), &Action::Special(wm));

    let mut g = setup(&[DieResult::Strategy], 2);
    assert!(legal(&g, A).contains(&Action::Special(wm)));
    let worms_off = g.worms_off();
    play(&mut g, A, &[Action::Special(wm)]);
    // No die spent; the card is.
    assert_eq!(g.house(A).unused(), 1);
    assert!(g.spent_leaders() & (1 << wm.0) != 0);
    let l = legal(&g, A);
    // It may move like a sandworm (AR-LEADER-28) or attack from where it is.
    assert!(
        l.iter()
            .any(|x| matches!(x, Action::WormMove(f, _) if *f == a("s1_1")))
    );
    assert!(l.contains(&Action::WormAttack(a("s1_1"), a("s1_2"))));
    // Only the Wild Maker: an ordinary sandworm is not offered.
    assert_refused(&g, seat(A), &Action::WormAttack(a("s1_3"), a("s1_2")));
    // 6 dice, all Hits (AR-HAZ-27): 4 regulars die.
    g.edit(|s| s.load_dice(&[0, 0, 0, 0, 0, 0])).unwrap();
    play(&mut g, A, &[Action::WormAttack(a("s1_1"), a("s1_2"))]);
    assert_eq!(units(&g, H, "s1_2"), [0, 0, 0]);
    assert_eq!(g.areas()[a("s1_1").index()].worm, None);
    assert_eq!(g.areas()[a("s1_3").index()].worm, Some(Worm::Normal));
    assert_eq!(g.worms_off(), worms_off);
    assert_eq!(g.prompt(), Prompt::Turn(H));
    // Spent until the next round.
    g.edit(|s| s.turn(A, &[DieResult::Strategy], 2)).unwrap();
    assert_refused(&g, seat(A), &Action::Special(wm));
}

#[test]
fn at_the_end_of_the_round_the_wild_maker_may_become_a_normal_sandworm() {
    // AR-LEADER-29 (wiki): offered to the Atreides at the leader swap when
    // the Wild Maker is on the board and a sandworm figure is free.
    use melange::rules::arrakis::Worm;
    let mut g = game(A, &[]);
    let wm = leader("wild_maker");
    g.edit(|s| {
        s.set_leader(wm, LeaderAt::SetAside);
        s.areas[a("s1_1").index()].worm = Some(Worm::WildMaker);
        s.prompt = Prompt::Swap(H);
    })
    .unwrap();
    assert_refused(&g, seat(H), &Action::WildMaker);
    g.edit(|s| s.prompt = Prompt::Swap(A)).unwrap();
    assert!(legal(&g, A).contains(&Action::WildMaker));
    let off = g.worms_off();
    play(&mut g, A, &[Action::WildMaker]);
    assert_eq!(g.areas()[a("s1_1").index()].worm, Some(Worm::Normal));
    assert_eq!(g.worms_off(), off - 1);
    // Once: the Wild Maker is off the board now.
    assert_refused(&g, seat(A), &Action::WildMaker);
}

/// AR-MOVE-13: no leader of either house stands in an area without a unit.
fn no_leader_alone(g: &Arrakis) {
    for (i, s) in g.areas().iter().enumerate() {
        for f in Faction::ALL {
            assert!(
                s.unit_count(f) > 0 || s.leader_count(f, data()) == 0,
                "{f:?} leader alone in {}",
                board().areas[i].id
            );
        }
    }
}

/// Paul Atreides and his whole legion attack a Harkonnen settlement from
/// Broken Land; its fall brings the Kwisatz Haderach marker to step 3.
fn paul_takes_arsunt(defenders: u8) -> Arrakis {
    let mut g = game(A, &[DieResult::Leadership]);
    let paul = leader("paul_atreides");
    g.edit(|s| {
        s.put(A, a("broken_land"), [2, 0, 0], 0).unwrap();
        s.place_leader(paul, a("broken_land"));
        s.put(H, a("arsunt"), [defenders, 0, 0], 0).unwrap();
        s.prescience[Marker::KwisatzHaderach] = 2;
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Leadership),
            Action::Legion(a("broken_land")),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::TakeLeader(paul),
            Action::To(a("arsunt")),
        ],
    );
    g
}

#[test]
fn paul_muad_dib_enters_in_the_attacking_group_not_alone_where_it_came_from() {
    // AR-LEADER-16, AR-PRESC-17, AR-COMBAT-38, AR-MOVE-13: the undefended
    // settlement falls at once; Paul-Muad'Dib takes Paul Atreides' place
    // in the group that took it, and Broken Land, which the whole legion
    // left, holds no leader.
    let (paul, muad_dib) = (leader("paul_atreides"), leader("paul_muad_dib"));
    let mut g = paul_takes_arsunt(0);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    assert_eq!(g.prescience()[Marker::KwisatzHaderach], 3);
    assert_eq!(g.leader_at(paul), LeaderAt::Removed);
    assert_eq!(g.areas()[a("broken_land").index()].named, 0);
    assert_eq!(g.battle_group().unwrap().named, 1 << muad_dib.0);
    no_leader_alone(&g);
    play(&mut g, A, &[Action::Advance]);
    assert_eq!(g.leader_at(muad_dib), LeaderAt::Board(a("arsunt")));
    assert_eq!(g.areas()[a("arsunt").index()].named, 1 << muad_dib.0);
    assert_eq!(units(&g, A, "arsunt"), [2, 0, 0]);
    assert_eq!(g.leader_at(paul), LeaderAt::Removed);
    no_leader_alone(&g);

    // Staying: he goes home with the group.
    let mut g = paul_takes_arsunt(0);
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.leader_at(muad_dib), LeaderAt::Board(a("broken_land")));
    assert_eq!(g.areas()[a("broken_land").index()].named, 1 << muad_dib.0);
    assert_eq!(units(&g, A, "broken_land"), [2, 0, 0]);
    no_leader_alone(&g);
}

#[test]
fn paul_muad_dib_enters_in_the_group_when_the_defender_retreats() {
    // AR-LEADER-16, AR-OPT-05, AR-COMBAT-32: the situation of the
    // `published` playout that left him alone: a surprise attack, the
    // defender retreats after the first round, the settlement falls.
    let (paul, muad_dib) = (leader("paul_atreides"), leader("paul_muad_dib"));
    let mut g = Arrakis::setup(
        &ArrakisOptions {
            overrides: vec![("defender_retreat".into(), "may_retreat".into())],
            ..Default::default()
        },
        7,
    )
    .unwrap();
    g.edit(|s| {
        s.clear_board();
        s.turn(A, &[DieResult::Leadership, DieResult::Deployment], 2);
        s.hand(H, &[]);
        s.hand(A, &[]);
        s.put(A, a("broken_land"), [2, 0, 0], 0).unwrap();
        s.place_leader(paul, a("broken_land"));
        s.put(H, a("arsunt"), [2, 0, 0], 0).unwrap();
        s.prescience[Marker::KwisatzHaderach] = 2;
        // Every die a Shield: nobody is hit.
        s.load_dice(&[3; 40]);
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Leadership),
            Action::Legion(a("broken_land")),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::TakeLeader(paul),
            Action::To(a("arsunt")),
        ],
    );
    // Empty hands: no discard to offer; the round is rolled.
    play(&mut g, A, &[Action::Continue]);
    let to = legal(&g, H)
        .into_iter()
        .find_map(|x| match x {
            Action::Retreat(b) => Some(b),
            _ => None,
        })
        .expect("a retreat");
    play(&mut g, H, &[Action::Retreat(to)]);
    assert!(matches!(g.prompt(), Prompt::Battle(b) if b.step == BattleStep::Advance));
    assert_eq!(g.leader_at(paul), LeaderAt::Removed);
    assert_eq!(g.battle_group().unwrap().named, 1 << muad_dib.0);
    no_leader_alone(&g);
    play(&mut g, A, &[Action::Advance]);
    assert_eq!(g.leader_at(muad_dib), LeaderAt::Board(a("arsunt")));
    no_leader_alone(&g);
}

#[test]
fn rabban_fighting_in_a_group_leaves_it_when_feyd_rautha_enters() {
    // AR-LEADER-24, AR-COMBAT-38, AR-COMBAT-36: the sietch falls, the
    // supremacy reaches Feyd-Rautha's step, and Beast Rabban, attacking in
    // the group, is removed from the game: he neither comes back with it
    // nor stays in play.
    let (rabban, feyd) = (leader("beast_rabban"), leader("feyd_rautha"));
    let mut g = game(H, &[DieResult::Leadership]);
    let sietch = (0..g.areas().len())
        .map(|i| AreaId(i as u8))
        .find(|x| {
            g.areas()[x.index()].sietch.is_some()
                && board().passable[x.index()].iter().any(|n| {
                    let s = &g.areas()[n.index()];
                    s.sietch.is_none() && !s.settlement && s.worm.is_none()
                })
        })
        .unwrap();
    let from = board().passable[sietch.index()]
        .iter()
        .find(|n| {
            let s = &g.areas()[n.index()];
            s.sietch.is_none() && !s.settlement
        })
        .unwrap();
    g.edit(|s| {
        s.supremacy = 5;
        s.put(H, from, [2, 0, 0], 0).unwrap();
        s.place_leader(rabban, from);
    })
    .unwrap();
    play(
        &mut g,
        H,
        &[
            Action::SpendDie(DieResult::Leadership),
            Action::Legion(from),
            Action::Take(UnitKind::Regular),
            Action::Take(UnitKind::Regular),
            Action::TakeLeader(rabban),
            Action::To(sietch),
        ],
    );
    assert!(g.supremacy() >= 6);
    assert_eq!(g.leader_at(rabban), LeaderAt::Removed);
    assert_eq!(g.leader_at(feyd), LeaderAt::SetAside);
    assert_eq!(g.battle_group().unwrap().named, 0);
    play(&mut g, H, &[Action::Advance]);
    assert_eq!(g.leader_at(rabban), LeaderAt::Removed);
    assert_eq!(g.areas()[sietch.index()].named, 0);
    assert_eq!(g.areas()[sietch.index()].units[H], [2, 0, 0]);
    no_leader_alone(&g);
}

#[test]
fn a_leader_leaves_the_tank_at_the_end_of_the_turn_its_die_was_spent() {
    // AR-LEADER-11, AR-LEADER-13, AR-DIE-13: the Deployment die that moves
    // Alia off the track cannot deploy her; the track moves when the turn
    // ends, and a later die may.
    let alia = leader("alia");
    let chani = leader("chani");
    let mut g = game(A, &[DieResult::Deployment]);
    g.edit(|s| {
        s.set_leader(alia, LeaderAt::Tank(3));
        s.set_leader(chani, LeaderAt::Tank(0));
    })
    .unwrap();
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Deployment),
            Action::DeployAt(a("gara_kulon")),
        ],
    );
    // Mid-turn: the track has not moved.
    assert_eq!(g.leader_at(alia), LeaderAt::Tank(3));
    assert_eq!(g.leader_at(chani), LeaderAt::Tank(0));
    assert!(!legal(&g, A).contains(&Action::DeployLeader(Some(alia))));
    let e = assert_refused(&g, seat(A), &Action::DeployLeader(Some(alia)));
    assert_eq!(rule_of(e), "AR-LEADER-11");
    play(&mut g, A, &[Action::Done]);
    // The turn is over: one box for the one die.
    assert_eq!(g.leader_at(alia), LeaderAt::SetAside);
    assert_eq!(g.leader_at(chani), LeaderAt::Tank(1));
    assert_eq!(g.prompt(), Prompt::Turn(H));
    // A Harkonnen die moves only the Harkonnen track (no legion to move:
    // the Strategy move ends at once).
    play(&mut g, H, &[Action::SpendDie(DieResult::Strategy)]);
    assert_eq!(g.leader_at(chani), LeaderAt::Tank(1));
    // The next Deployment die deploys her.
    play(
        &mut g,
        A,
        &[
            Action::SpendDie(DieResult::Deployment),
            Action::DeployAt(a("gara_kulon")),
            Action::DeployLeader(Some(alia)),
        ],
    );
    assert_eq!(g.leader_at(alia), LeaderAt::Board(a("gara_kulon")));
    assert_eq!(g.leader_at(chani), LeaderAt::Tank(2));
}
