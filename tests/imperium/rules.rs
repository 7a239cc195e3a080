//! Per-rule tests of the Imperium ruleset; each cites its checklist ID.
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::data::data;
use melange::rules::imperium::{
    Action, CardId, Faction, Imperium, ImperiumOptions, IntrigueId, Preset, SpaceId, Zone,
};

fn card(id: &str) -> CardId {
    data().card_id(id).unwrap_or_else(|| panic!("card {id}"))
}
fn space(id: &str) -> SpaceId {
    data().space_id(id).unwrap_or_else(|| panic!("space {id}"))
}
fn intrigue(id: &str) -> IntrigueId {
    data()
        .intrigue_id(id)
        .unwrap_or_else(|| panic!("intrigue {id}"))
}

/// A 4-player game with neutral leaders, seat 0 about to take a turn with
/// the given hand and plenty of resources.
fn game_with(leaders: [&str; 4], hand: &[&str]) -> Imperium {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: leaders.iter().map(|l| Some(l.to_string())).collect(),
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 11).unwrap();
    g.test_start_turn(0);
    let p = g.test_player(0);
    p.hand = hand.iter().map(|c| card(c)).collect();
    p.solari = 10;
    p.spice = 10;
    p.water = 5;
    g
}

const NEUTRAL: [&str; 4] = [
    "paul_atreides",
    "glossu_rabban",
    "countess_ariana_thorvald",
    "earl_memnon_thorvald",
];

fn game(hand: &[&str]) -> Imperium {
    game_with(NEUTRAL, hand)
}

fn seat(g: &Imperium) -> Seat {
    g.to_act().expect("someone acts")
}

fn legal(g: &Imperium) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal_actions(seat(g), &mut v);
    v
}

fn act(g: &mut Imperium, a: Action) {
    let s = seat(g);
    g.apply(s, &a, &mut Vec::new())
        .unwrap_or_else(|e| panic!("{a:?}: {e}"));
}

/// Applies an action that must be refused for `rule`, checking the state is
/// unchanged.
fn refused(g: &mut Imperium, a: Action, rule: &str) {
    let before = g.clone();
    let s = seat(g);
    let mut ev = Vec::new();
    match g.apply(s, &a, &mut ev) {
        Err(RuleError::Illegal { rule: r, .. }) => assert_eq!(r, rule, "{a:?}"),
        other => panic!("{a:?}: expected refusal {rule}, got {other:?}"),
    }
    assert!(ev.is_empty());
    assert_eq!(*g, before);
}

/// Declines/takes the first option of every decision until seat 0's turn
/// is over (the next seat is asked for its turn).
fn finish_turn(g: &mut Imperium, prefer_troops: u8) {
    while let Some(s) = g.to_act() {
        let l = legal(g);
        if l.iter().any(|a| matches!(a, Action::SendAgent { .. }))
            || (s.0 != 0 && l.contains(&Action::Reveal))
        {
            return;
        }
        let a = if l.contains(&Action::Troops(prefer_troops)) {
            Action::Troops(prefer_troops)
        } else if l.contains(&Action::Pass) {
            Action::Pass
        } else {
            l[0]
        };
        act(g, a);
    }
}

fn send(g: &mut Imperium, c: &str, s: &str) {
    act(
        g,
        Action::SendAgent {
            card: card(c),
            space: space(s),
        },
    );
}

// IM-AGENT-01 IM-AGENT-02 IM-AGENT-03 IM-AGENT-08: play one card, choose its
// icon by the space, gain the space's effects.
#[test]
fn agent_turn_plays_a_card_and_gains_the_space() {
    let mut g = game(&["dagger", "convincing_argument"]);
    send(&mut g, "dagger", "rally_troops");
    finish_turn(&mut g, 0);
    let p = g.test_player_ref(0);
    assert_eq!(p.played, vec![card("dagger")]);
    assert_eq!(p.solari, 6);
    assert_eq!(p.garrison, 3 + 4);
    assert_eq!(p.agents_out, 1);
}

// IM-AGENT-04: the space's icon must be on the card.
#[test]
fn agent_refused_without_matching_icon() {
    let mut g = game(&["dagger"]);
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("carthag"),
        },
        "IM-AGENT-04",
    );
}

// IM-AGENT-05: occupied spaces are closed, whoever is there.
#[test]
fn agent_refused_on_occupied_space() {
    let mut g = game(&["reconnaissance"]);
    g.test_set_occupant(space("carthag"), Some(2));
    refused(
        &mut g,
        Action::SendAgent {
            card: card("reconnaissance"),
            space: space("carthag"),
        },
        "IM-AGENT-05",
    );
}

// IM-AGENT-06 IM-AGENT-07: the cost is paid first and must be payable from
// what is held before anything resolves.
#[test]
fn agent_refused_when_cost_unpayable() {
    let mut g = game(&["dagger"]);
    g.test_player(0).solari = 3;
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("rally_troops"),
        },
        "IM-AGENT-07",
    );
    g.test_player(0).solari = 4;
    send(&mut g, "dagger", "rally_troops");
    assert_eq!(g.test_player_ref(0).solari, 0);
}

// IM-AGENT-10 IM-AGENT-11 IM-AGENT-12: at a Combat space, recruits plus up to
// 2 garrison troops may be deployed, or none.
#[test]
fn combat_space_deploy_limits() {
    let mut g = game(&["reconnaissance"]);
    send(&mut g, "reconnaissance", "carthag");
    // Carthag's Intrigue card opens the Plot window (IM-INTRIGUE-02),
    // before the deployment.
    assert_eq!(g.view(Viewer::Spectator).prompt.unwrap().kind, "agent_plot");
    act(&mut g, Action::Pass);
    // Carthag recruits 1: garrison 3+1, at most 1 + 2 = 3 deployable.
    let l = legal(&g);
    assert!(l.contains(&Action::Troops(0)));
    assert!(l.contains(&Action::Troops(3)));
    refused(&mut g, Action::Troops(4), "IM-AGENT-11");
    act(&mut g, Action::Troops(3));
    let p = g.test_player_ref(0);
    assert_eq!((p.conflict, p.garrison), (3, 1));
}

// IM-AGENT-13 IM-AGENT-14: at a non-Combat space recruits go to the garrison
// and nothing may be deployed.
#[test]
fn non_combat_space_no_deploy() {
    let mut g = game(&["dagger"]);
    send(&mut g, "dagger", "rally_troops");
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Troops(_))));
    assert_eq!(g.test_player_ref(0).conflict, 0);
}

// IM-AGENT-15 IM-REVEAL-01 IM-AGENT-17: Reveal is always offered; with no
// Agent left only Reveal remains.
#[test]
fn reveal_optional_and_forced_without_agents() {
    let mut g = game(&["dagger"]);
    assert!(legal(&g).contains(&Action::Reveal));
    g.test_player(0).agents_out = 2;
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("rally_troops"),
        },
        "IM-AGENT-17",
    );
    assert!(legal(&g).contains(&Action::Reveal));
}

// IM-AGENT-16: a card with no Agent icon cannot be played on an Agent turn.
#[test]
fn no_icon_card_refused() {
    let mut g = game(&["convincing_argument"]);
    refused(
        &mut g,
        Action::SendAgent {
            card: card("convincing_argument"),
            space: space("rally_troops"),
        },
        "IM-AGENT-16",
    );
}

// IM-REVEAL-02 IM-REVEAL-03 IM-REVEAL-05 IM-REVEAL-06 IM-REVEAL-08 IM-DECK-18:
// the hand is revealed, only revealed cards' boxes count, everything goes to
// the discard pile and Persuasion is lost.
#[test]
fn reveal_turn_resolves_boxes_and_cleans_up() {
    let mut g = game(&[
        "dagger",
        "convincing_argument",
        "convincing_argument",
        "dune_the_desert_planet",
    ]);
    send(&mut g, "dune_the_desert_planet", "secure_contract");
    finish_turn(&mut g, 0);
    // Skip the others' turns by revealing seat 0 right away.
    g.test_start_turn(0);
    act(&mut g, Action::Reveal);
    // Dune's Reveal (+1) is not counted: it was played as an Agent.
    assert_eq!(g.test_player_ref(0).persuasion, 4);
    assert_eq!(g.test_player_ref(0).swords, 1);
    act(&mut g, Action::Pass);
    let p = g.test_player_ref(0);
    assert_eq!(p.persuasion, 0);
    assert_eq!(p.discard.len(), 4);
    assert!(p.has_revealed);
}

// IM-REVEAL-09: after revealing, the seat takes no more turns this round.
#[test]
fn revealed_seat_is_skipped() {
    let mut g = game(&["dagger"]);
    act(&mut g, Action::Reveal);
    act(&mut g, Action::Pass);
    let round = g.test_round();
    for _ in 0..40 {
        let Some(s) = g.to_act() else { break };
        if g.view(Viewer::Spectator).phase != "player_turns" || g.test_round() != round {
            break;
        }
        assert_ne!(s, Seat(0), "{:?}", g.test_pending());
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else {
                l[l.len() - 1]
            },
        );
    }
}

// IM-DECK-08 IM-DECK-12 IM-DECK-13 IM-DECK-14 IM-DECK-15 IM-DECK-16
// IM-DECK-17: acquire with pooled Persuasion, to the discard pile, refill.
#[test]
fn acquire_from_row_and_reserve() {
    let mut g = game(&[
        "convincing_argument",
        "convincing_argument",
        "dune_the_desert_planet",
    ]);
    g.test_set_row(vec![
        card("dr_yueh"),
        card("scout"),
        card("spice_hunter"),
        card("chani"),
        card("lady_jessica"),
    ]);
    act(&mut g, Action::Reveal);
    assert_eq!(g.test_player_ref(0).persuasion, 5);
    refused(
        &mut g,
        Action::Acquire {
            card: card("lady_jessica"),
            top: false,
        },
        "IM-DECK-13",
    );
    act(
        &mut g,
        Action::Acquire {
            card: card("dr_yueh"),
            top: false,
        },
    );
    act(
        &mut g,
        Action::Acquire {
            card: card("arrakis_liaison"),
            top: false,
        },
    );
    let p = g.test_player_ref(0);
    assert_eq!(p.persuasion, 2);
    assert!(p.discard.contains(&card("dr_yueh")) && p.discard.contains(&card("arrakis_liaison")));
    assert_eq!(g.view(Viewer::Spectator).row.len(), 5);
}

// IM-DECK-09: no acquiring outside the Reveal turn.
#[test]
fn no_acquire_on_agent_turn() {
    let mut g = game(&["dagger"]);
    refused(
        &mut g,
        Action::Acquire {
            card: card("arrakis_liaison"),
            top: false,
        },
        "IM-AGENT-01",
    );
}

// IM-DECK-19 IM-DECK-20: The Spice Must Flow costs 9 and gives 1 VP.
#[test]
fn spice_must_flow() {
    let mut g = game(&[]);
    act(&mut g, Action::Reveal);
    g.test_player(0).persuasion = 8;
    refused(
        &mut g,
        Action::Acquire {
            card: card("the_spice_must_flow"),
            top: false,
        },
        "IM-DECK-13",
    );
    g.test_player(0).persuasion = 9;
    let vp = g.test_player_ref(0).vp;
    act(
        &mut g,
        Action::Acquire {
            card: card("the_spice_must_flow"),
            top: false,
        },
    );
    assert_eq!(g.test_player_ref(0).vp, vp + 1);
}

// IM-DECK-01: the same 10-card starting deck for everyone.
#[test]
fn starting_decks() {
    let g = Imperium::setup(&ImperiumOptions::players(4), 3).unwrap();
    let mut decks: Vec<Vec<CardId>> = (0..4)
        .map(|s| {
            let p = g.test_player_ref(s);
            let mut all: Vec<CardId> = p.deck.iter().chain(p.hand.iter()).copied().collect();
            all.sort();
            all
        })
        .collect();
    assert_eq!(decks[0].len(), 10);
    decks.dedup();
    assert_eq!(decks.len(), 1);
}

// IM-DECK-02: an empty deck is refilled by shuffling the discard pile.
#[test]
fn reshuffle_when_deck_empty() {
    let mut g = game(&["reconnaissance"]);
    let p = g.test_player(0);
    p.deck.clear();
    p.discard = vec![card("dagger"), card("diplomacy")];
    send(&mut g, "reconnaissance", "arrakeen");
    let p = g.test_player_ref(0);
    assert_eq!(p.hand.len(), 1);
    assert_eq!(p.deck.len(), 1);
    assert!(p.discard.is_empty());
}

// IM-DECK-03: trashing removes a card for good.
#[test]
fn trash_removes_card() {
    let mut g = game(&["guild_administrator", "dagger"]);
    send(&mut g, "guild_administrator", "secure_contract");
    act(&mut g, Action::Trash(card("dagger"), Zone::Hand));
    assert!(!g.test_player_ref(0).hand.contains(&card("dagger")));
    assert!(g.view(Viewer::Spectator).trash.contains(&card("dagger")));
}

// IM-START-02 IM-START-03 IM-START-04: round start reveals the Conflict and
// everyone holds 5 cards.
#[test]
fn round_start_reveals_and_draws() {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        ..Default::default()
    };
    let g = Imperium::setup(&opts, 9).unwrap();
    assert!(g.test_conflict().is_some());
    for s in 0..4 {
        assert_eq!(g.test_player_ref(s).hand.len(), 5);
    }
    assert_eq!(g.view(Viewer::Spectator).conflict_deck_count, 9);
}

// IM-START-05 IM-START-06 IM-START-07: the defensive bonus troop.
#[test]
fn defensive_bonus_troop() {
    // Find a seed whose next Conflict is a Siege of Carthag / Battle of it.
    let conflicts = &data().conflicts;
    let mut g = Imperium::setup(&ImperiumOptions::players(4), 1).unwrap();
    let target = conflicts
        .iter()
        .position(|c| c.id == "siege_of_carthag")
        .unwrap() as u8;
    let other = conflicts
        .iter()
        .position(|c| c.id == "guild_bank_raid")
        .unwrap() as u8;
    g.test_set_control(space("carthag"), Some(2));
    g.test_conflict_deck()
        .push(melange::rules::imperium::ConflictId(other));
    g.test_conflict_deck()
        .push(melange::rules::imperium::ConflictId(target));
    // Play the round out: Reveal for everyone.
    let mut rounds_seen = 0;
    let start_round = g.test_round();
    while g.test_round() == start_round {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    rounds_seen += 1;
    assert_eq!(
        g.test_conflict(),
        Some(melange::rules::imperium::ConflictId(target))
    );
    assert_eq!(g.test_player_ref(2).conflict, 1, "controller deploys 1");
    assert_eq!(
        g.test_player_ref(2).supply + g.test_player_ref(2).garrison + 1,
        12
    );
    for s in [0, 1, 3] {
        assert_eq!(g.test_player_ref(s).conflict, 0);
    }
    // Next round: a Conflict for no space gives nothing.
    while g.test_round() == start_round + 1 {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert_eq!(g.test_player_ref(2).conflict, 0);
    assert_eq!(rounds_seen, 1);
}

// IM-COMBAT-01 IM-COMBAT-02 IM-COMBAT-03 IM-COMBAT-04: strength.
#[test]
fn strength_rules() {
    let mut g = game(&[]);
    let p = g.test_player(1);
    p.conflict = 2;
    p.swords = 3;
    assert_eq!(g.test_strength(1), 7);
    g.test_player(2).swords = 5;
    assert_eq!(g.test_strength(2), 0);
    let p = g.test_player(1);
    p.conflict = 0;
    p.strength_lost = true;
    assert_eq!(g.test_strength(1), 0);
    g.test_player(1).conflict = 1;
    assert_eq!(g.test_strength(1), 0, "cannot be increased again");
}

fn places(g: &mut Imperium, s: [u8; 4]) -> Vec<(u8, u8)> {
    g.test_set_first(0);
    let mut v = g.places(&s);
    v.sort();
    v
}

// IM-COMBAT-10 IM-COMBAT-11 IM-COMBAT-12 IM-COMBAT-13: 1st, 2nd, 3rd; zero
// strength gets nothing.
#[test]
fn conflict_places() {
    let mut g = game(&[]);
    assert_eq!(places(&mut g, [9, 7, 5, 3]), vec![(0, 1), (1, 2), (2, 3)]);
    assert_eq!(places(&mut g, [9, 0, 0, 0]), vec![(0, 1)]);
}

// IM-COMBAT-14 IM-COMBAT-17: tie for 1st gives both 2nd; the others compete
// for 3rd.
#[test]
fn tie_for_first() {
    let mut g = game(&[]);
    assert_eq!(places(&mut g, [8, 8, 5, 3]), vec![(0, 2), (1, 2), (2, 3)]);
    // Three-way tie for 1st: 2nd each, nothing below (answers 7a).
    assert_eq!(places(&mut g, [8, 8, 8, 3]), vec![(0, 2), (1, 2), (2, 2)]);
}

// IM-COMBAT-15: a tie for 2nd takes the 3rd reward.
#[test]
fn tie_for_second() {
    let mut g = game(&[]);
    assert_eq!(places(&mut g, [9, 6, 6, 2]), vec![(0, 1), (1, 3), (2, 3)]);
}

// IM-COMBAT-16: a tie for 3rd gets nothing (also after a 1st-place tie).
#[test]
fn tie_for_third() {
    let mut g = game(&[]);
    assert_eq!(places(&mut g, [9, 6, 2, 2]), vec![(0, 1), (1, 2)]);
    assert_eq!(places(&mut g, [8, 8, 2, 2]), vec![(0, 2), (1, 2)]);
}

fn game_of(n: u8, preset: Preset, overrides: &[(&str, &str)]) -> Imperium {
    let opts = ImperiumOptions {
        player_count: n,
        preset,
        overrides: overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 2).unwrap();
    g.test_set_first(0);
    g
}

// IM-COMBAT-12: the text gives the 3rd place reward at every player count
// (the default); docs/rules-decisions.md, A6 limits it to 4-player games, the
// `third_place = four_players` option in the `published` preset.
#[test]
fn third_place_at_every_player_count() {
    // 3 players: default gives the 3rd reward, published does not.
    let g = game_of(3, Preset::Default, &[]);
    assert_eq!(g.places(&[9, 6, 3]), vec![(0, 1), (1, 2), (2, 3)]);
    // A tie for 2nd takes the 3rd reward at 3 players too (IM-COMBAT-15).
    assert_eq!(g.places(&[9, 6, 6]), vec![(0, 1), (1, 3), (2, 3)]);
    let g = game_of(3, Preset::Published, &[]);
    assert_eq!(g.places(&[9, 6, 3]), vec![(0, 1), (1, 2)]);
    assert_eq!(g.places(&[9, 6, 6]), vec![(0, 1)]);
    let g = game_of(3, Preset::Default, &[("third_place", "four_players")]);
    assert_eq!(g.places(&[9, 6, 3]), vec![(0, 1), (1, 2)]);
    let g = game_of(3, Preset::Published, &[("third_place", "every_count")]);
    assert_eq!(g.places(&[9, 6, 3]), vec![(0, 1), (1, 2), (2, 3)]);
    // 2 players with House Hagal (seat 2): House Hagal takes its place
    // without a reward; the 3rd place goes to a seat by default only.
    let g = game_of(2, Preset::Default, &[]);
    assert_eq!(g.places(&[4, 9, 6]), vec![(1, 1), (2, 2), (0, 3)]);
    let g = game_of(2, Preset::Published, &[]);
    assert_eq!(g.places(&[4, 9, 6]), vec![(1, 1), (2, 2)]);
    // 4 players: the 3rd reward under both readings.
    for preset in [Preset::Default, Preset::Published] {
        let g = game_of(4, preset, &[]);
        assert_eq!(g.places(&[9, 6, 3, 1]), vec![(0, 1), (1, 2), (2, 3)]);
    }
    // An unknown value is refused.
    let bad = ImperiumOptions {
        player_count: 3,
        overrides: vec![("third_place".into(), "sometimes".into())],
        ..Default::default()
    };
    assert!(matches!(
        Imperium::setup(&bad, 1),
        Err(RuleError::InvalidOptions(_))
    ));
}

// IM-COMBAT-12 end to end: in a 3-player game the third strongest seat is
// paid the Conflict's 3rd place reward by default, and nothing with the
// published reading.
#[test]
fn third_place_reward_paid_in_three_player_game() {
    use melange::rules::imperium::Event;
    for (preset, paid) in [(Preset::Default, true), (Preset::Published, false)] {
        let mut g = game_of(3, preset, &[]);
        // Skirmish (A): 3rd place gains 2 Solari.
        g.test_set_conflict(data().conflict_id("skirmish_a"));
        g.test_player(0).conflict = 3;
        g.test_player(1).conflict = 2;
        g.test_player(2).conflict = 1;
        let before = g.test_player_ref(2).clone();
        g.test_go_to_combat();
        let mut ev = Vec::new();
        while g.view(Viewer::Spectator).phase == "combat" {
            let l = legal(&g);
            let a = if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            };
            let s = seat(&g);
            g.apply(s, &a, &mut ev).unwrap();
        }
        let rewarded = ev.iter().any(|e| {
            matches!(
                e,
                Event::Reward {
                    seat: Seat(2),
                    place: 3
                }
            )
        });
        assert_eq!(rewarded, paid, "{preset:?}");
        let after = g.test_player_ref(2);
        let gained = if paid { 2 } else { 0 };
        assert_eq!(after.solari, before.solari + gained, "{preset:?}");
    }
}

// IM-COMBAT-05 IM-COMBAT-06 IM-COMBAT-07 IM-COMBAT-08 IM-COMBAT-09
// IM-COMBAT-18 IM-COMBAT-19 IM-COMBAT-20 IM-INTRIGUE-05: the Combat Intrigue
// round asks only involved seats, from the First Player, until all pass in a
// row; then rewards; troops go to the supply.
#[test]
fn combat_intrigue_round() {
    let mut g = game(&[]);
    g.test_set_first(1);
    g.test_player(0).conflict = 2;
    g.test_player(2).conflict = 1;
    g.test_give_intrigue(2, intrigue("ambush"));
    g.test_give_intrigue(2, intrigue("master_tactician"));
    g.test_give_intrigue(0, intrigue("ambush"));
    g.test_go_to_combat();
    assert_eq!(
        seat(&g),
        Seat(2),
        "first involved seat from the First Player"
    );
    act(&mut g, Action::Intrigue(intrigue("ambush")));
    assert_eq!(seat(&g), Seat(2), "any number of cards");
    act(&mut g, Action::Pass);
    assert_eq!(seat(&g), Seat(0));
    act(&mut g, Action::Intrigue(intrigue("ambush")));
    act(&mut g, Action::Pass);
    // Seat 2 passed before but may play again (IM-COMBAT-09).
    assert_eq!(seat(&g), Seat(2));
    assert!(legal(&g).contains(&Action::Intrigue(intrigue("master_tactician"))));
    act(&mut g, Action::Pass);
    // Rewards: seat 0 (4 + 4 = 8) beats seat 2 (2 + 4 = 6).
    while g.view(Viewer::Spectator).phase == "combat" {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    for s in 0..4 {
        let p = g.test_player_ref(s);
        assert_eq!(p.conflict, 0);
        assert_eq!(p.swords, 0);
    }
    assert_eq!(
        g.test_player_ref(0).garrison,
        3,
        "troops return to the supply, not the garrison"
    );
}

// IM-INTRIGUE-06 IM-INTRIGUE-04: Combat cards not on Agent turns; Plots not in Combat.
#[test]
fn intrigue_timing() {
    let mut g = game(&["dagger"]);
    g.test_give_intrigue(0, intrigue("ambush"));
    refused(
        &mut g,
        Action::Intrigue(intrigue("ambush")),
        "IM-INTRIGUE-06",
    );
    g.test_give_intrigue(0, intrigue("windfall"));
    // IM-INTRIGUE-02: a Plot on the Agent turn.
    act(&mut g, Action::Intrigue(intrigue("windfall")));
    assert_eq!(g.test_player_ref(0).solari, 12);
    g.test_player(1).conflict = 1;
    g.test_give_intrigue(1, intrigue("charisma"));
    g.test_go_to_combat();
    assert_eq!(seat(&g), Seat(1));
    refused(
        &mut g,
        Action::Intrigue(intrigue("charisma")),
        "IM-INTRIGUE-04",
    );
}

// IM-INTRIGUE-03: a Plot on the Reveal turn.
#[test]
fn plot_on_reveal_turn() {
    let mut g = game(&[]);
    g.test_give_intrigue(0, intrigue("charisma"));
    act(&mut g, Action::Reveal);
    act(&mut g, Action::Intrigue(intrigue("charisma")));
    assert_eq!(g.test_player_ref(0).persuasion, 2);
}

fn prompt_kind(g: &Imperium) -> &'static str {
    g.view(Viewer::Spectator).prompt.map_or("none", |p| p.kind)
}

fn plots_offered(g: &Imperium) -> Vec<IntrigueId> {
    let mut v: Vec<IntrigueId> = legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Intrigue(c) => Some(c),
            _ => None,
        })
        .collect();
    v.sort();
    v
}

// IM-INTRIGUE-02 (docs/rules-decisions.md, A21): Plot Intrigue at any point of the
// owner's Agent turn: before the card is played (the turn prompt) and after
// the Agent is sent and the turn's effects resolved (`agent_plot`, before
// any deployment), any number, then "done" (`Pass`). Cards that change
// where this turn's Agent may go (Bindu Suspension, Dispatch an Envoy,
// Infiltrate) only before; Combat cards never (IM-INTRIGUE-06).
#[test]
fn plot_intrigue_at_each_point_of_an_agent_turn() {
    let mut g = game(&["dagger"]);
    for c in [
        "windfall",
        "charisma",
        "bindu_suspension",
        "dispatch_an_envoy",
        "ambush",
    ] {
        g.test_give_intrigue(0, intrigue(c));
    }
    // Before the Agent is sent.
    assert_eq!(prompt_kind(&g), "turn");
    let mut before = vec![
        intrigue("windfall"),
        intrigue("charisma"),
        intrigue("bindu_suspension"),
        intrigue("dispatch_an_envoy"),
    ];
    before.sort();
    assert_eq!(plots_offered(&g), before);
    act(&mut g, Action::Intrigue(intrigue("windfall")));
    assert_eq!(g.test_player_ref(0).solari, 12);
    assert_eq!(prompt_kind(&g), "turn", "the turn goes on");
    // Rally Troops: pay 4 Solari, recruit 4 (not a Combat space).
    send(&mut g, "dagger", "rally_troops");
    assert_eq!(seat(&g), Seat(0));
    assert_eq!(prompt_kind(&g), "agent_plot");
    assert_eq!(plots_offered(&g), vec![intrigue("charisma")]);
    assert!(legal(&g).contains(&Action::Pass));
    refused(
        &mut g,
        Action::Intrigue(intrigue("bindu_suspension")),
        "IM-INTRIGUE-04",
    );
    refused(
        &mut g,
        Action::Intrigue(intrigue("dispatch_an_envoy")),
        "IM-INTRIGUE-04",
    );
    refused(
        &mut g,
        Action::Intrigue(intrigue("ambush")),
        "IM-INTRIGUE-06",
    );
    act(&mut g, Action::Intrigue(intrigue("charisma")));
    assert_eq!(g.test_player_ref(0).persuasion, 2);
    assert_eq!(prompt_kind(&g), "agent_plot", "asked again: any number");
    assert!(plots_offered(&g).is_empty());
    act(&mut g, Action::Pass);
    assert_eq!(seat(&g), Seat(1), "the turn is over");
    assert_eq!(prompt_kind(&g), "turn");
}

// IM-INTRIGUE-02 with docs/rules-decisions.md, A3: a Plot after the Agent is sent
// to a Combat space recruits troops that may then be deployed with the
// turn's own (Reinforcements at Carthag: 1 + 3 recruits, plus 2 from the
// garrison).
#[test]
fn plot_after_placement_comes_before_deployment() {
    let mut g = game(&["reconnaissance"]);
    g.test_give_intrigue(0, intrigue("reinforcements"));
    send(&mut g, "reconnaissance", "carthag");
    // Carthag also gives an Intrigue card.
    assert_eq!(prompt_kind(&g), "agent_plot");
    act(&mut g, Action::Intrigue(intrigue("reinforcements")));
    assert_eq!(prompt_kind(&g), "agent_plot");
    act(&mut g, Action::Pass);
    assert_eq!(prompt_kind(&g), "deploy");
    let l = legal(&g);
    assert!(l.contains(&Action::Troops(6)));
    assert!(!l.contains(&Action::Troops(7)));
    refused(&mut g, Action::Troops(7), "IM-AGENT-11");
}

// IM-INTRIGUE-02: the Plot window after the Agent is sent is asked whenever
// the seat holds an Intrigue card, playable or not (the count is public, so
// the prompt tells nobody what the cards are), and skipped only with none.
#[test]
fn plot_window_depends_on_the_public_count_only() {
    for (cards, asked) in [
        (vec![], false),
        (vec!["ambush"], true),
        (vec!["windfall"], true),
    ] {
        let mut g = game(&["dagger"]);
        for c in &cards {
            g.test_give_intrigue(0, intrigue(c));
        }
        send(&mut g, "dagger", "rally_troops");
        assert_eq!(prompt_kind(&g) == "agent_plot", asked, "{cards:?}");
        if asked {
            assert_eq!(seat(&g), Seat(0));
            assert!(legal(&g).contains(&Action::Pass));
        } else {
            assert_eq!(seat(&g), Seat(1));
        }
    }
}

// IM-INTRIGUE-03: on the Reveal turn, Plots before revealing (the turn
// prompt, as an Agent-turn Plot) and after (the acquire step).
#[test]
fn plot_intrigue_before_and_after_the_reveal() {
    let mut g = game(&["dagger"]);
    g.test_give_intrigue(0, intrigue("windfall"));
    g.test_give_intrigue(0, intrigue("charisma"));
    act(&mut g, Action::Intrigue(intrigue("windfall")));
    act(&mut g, Action::Reveal);
    assert_eq!(prompt_kind(&g), "acquire");
    assert_eq!(plots_offered(&g), vec![intrigue("charisma")]);
    act(&mut g, Action::Intrigue(intrigue("charisma")));
    let p = g.test_player_ref(0);
    assert_eq!((p.solari, p.intrigue.len()), (12, 0));
    assert!(p.persuasion >= 2);
}

// IM-INTRIGUE-10 IM-INTRIGUE-11 IM-INTRIGUE-09: Secrets steals from 4+ only.
#[test]
fn steal_intrigue() {
    let mut g = game(&["diplomacy"]);
    for c in ["ambush", "windfall", "charisma", "bribery"] {
        g.test_give_intrigue(1, intrigue(c));
    }
    for c in ["refocus", "tiebreaker", "know_their_ways"] {
        g.test_give_intrigue(2, intrigue(c));
    }
    send(&mut g, "diplomacy", "secrets");
    assert_eq!(g.test_player_ref(0).intrigue.len(), 2);
    assert_eq!(g.test_player_ref(1).intrigue.len(), 3);
    assert_eq!(g.test_player_ref(2).intrigue.len(), 3);
}

// IM-INTRIGUE-08: Intrigue cards never enter the deck.
#[test]
fn intrigue_kept_apart() {
    let mut g = game(&["reconnaissance"]);
    send(&mut g, "reconnaissance", "carthag");
    let p = g.test_player_ref(0);
    assert_eq!(p.intrigue.len(), 1);
    assert_eq!(
        p.deck.len() + p.hand.len() + p.played.len(),
        p.deck.len() + 1
    );
}

// IM-INTRIGUE-12: after-win cards only after winning.
#[test]
fn after_win_intrigue() {
    let mut g = game(&[]);
    g.test_player(0).conflict = 3;
    g.test_player(1).conflict = 1;
    g.test_give_intrigue(0, intrigue("to_the_victor"));
    g.test_go_to_combat();
    assert!(!legal(&g).contains(&Action::Intrigue(intrigue("to_the_victor"))));
    act(&mut g, Action::Pass);
    act(&mut g, Action::Pass);
    // Resolve rewards until the after-win window.
    while !legal(&g).contains(&Action::Intrigue(intrigue("to_the_victor"))) {
        let l = legal(&g);
        act(&mut g, l[0]);
    }
    let spice = g.test_player_ref(0).spice;
    act(&mut g, Action::Intrigue(intrigue("to_the_victor")));
    assert_eq!(g.test_player_ref(0).spice, spice + 3);
}

// IM-MAKER-01 IM-MAKER-02 IM-MAKER-03 IM-MAKER-04 IM-MAKER-05 IM-MAKER-06
// IM-MAKER-07 IM-MAKER-08: bonus spice accumulates on empty Maker spaces and
// is harvested with the base spice.
#[test]
fn maker_spice() {
    let mut g = game(&["dune_the_desert_planet"]);
    *g.test_bonus_spice(space("hagga_basin")) = 2;
    g.test_set_occupant(space("the_great_flat"), Some(3));
    g.test_go_to_combat();
    while g.view(Viewer::Spectator).phase == "combat" {
        let l = legal(&g);
        act(&mut g, l[0]);
    }
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.bonus_spice[space("hagga_basin").0 as usize], 3);
    assert_eq!(v.bonus_spice[space("imperial_basin").0 as usize], 1);
    assert_eq!(v.bonus_spice[space("the_great_flat").0 as usize], 0);
    // Harvest: Paul (seat 0) at Hagga Basin: 2 base + 3 bonus, costs 1 water.
    g.test_start_turn(0);
    let p = g.test_player(0);
    p.hand = vec![card("dune_the_desert_planet")];
    p.water = 1;
    p.spice = 0;
    send(&mut g, "dune_the_desert_planet", "hagga_basin");
    let p = g.test_player_ref(0);
    assert_eq!((p.spice, p.water), (5, 0));
    assert_eq!(
        g.view(Viewer::Spectator).bonus_spice[space("hagga_basin").0 as usize],
        0
    );
    let d = data();
    assert_eq!(d.space(space("the_great_flat")).base_spice, 3);
    assert_eq!(d.space(space("the_great_flat")).cost.water, 2);
    assert_eq!(d.space(space("imperial_basin")).cost.water, 0);
}

// IM-RECALL-01 IM-RECALL-02 IM-RECALL-03 IM-RECALL-04: Recall returns Agents
// and the Mentat, and passes the First Player marker.
#[test]
fn recall() {
    let mut g = game(&["dagger"]);
    g.test_player(0).solari = 2;
    send(&mut g, "dagger", "mentat");
    assert_eq!(g.test_mentat().0, Some(0));
    let round = g.test_round();
    while g.test_round() == round {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert_eq!(g.test_first(), 1);
    assert_eq!(g.test_mentat(), (None, None));
    assert!(
        g.view(Viewer::Spectator)
            .occupant
            .iter()
            .all(|o| o.is_none())
    );
    assert_eq!(g.test_player_ref(0).agents_out, 0);
}

// IM-END-01 IM-END-03 IM-RECALL-05: 10 VP triggers the end at Recall, not
// before; nothing is recalled.
#[test]
fn endgame_at_ten_vp() {
    let mut g = game(&["diplomacy"]);
    send(&mut g, "diplomacy", "wealth");
    g.test_player(2).vp = 10;
    assert!(g.to_act().is_some(), "the round goes on");
    while g.view(Viewer::Spectator).phase == "player_turns" {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    while g.to_act().is_some() {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    let r = g.result().unwrap();
    assert!(r.ranking.contains(&Seat(2)));
    assert!(
        g.view(Viewer::Spectator)
            .occupant
            .iter()
            .any(|o| o.is_some()),
        "no recall"
    );
}

// IM-END-02: an empty Conflict deck ends the game at Recall.
#[test]
fn endgame_when_conflicts_run_out() {
    let mut g = game(&[]);
    g.test_conflict_deck().clear();
    while g.to_act().is_some() {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert!(g.result().is_some());
}

// IM-INTRIGUE-07: Endgame Intrigue at the end; tie-breakers spice, Solari,
// water, garrison (answers 8a), then the latest Reveal (8b).
#[test]
fn endgame_intrigue_and_tie_breakers() {
    let mut g = game(&[]);
    g.test_conflict_deck().clear();
    g.test_give_intrigue(1, intrigue("tiebreaker"));
    for s in 0..4 {
        let p = g.test_player(s);
        p.vp = 5;
        p.spice = 1;
        p.solari = 1;
        p.water = 1;
        p.garrison = 1;
    }
    g.test_player(3).water = 2;
    while g.view(Viewer::Spectator).phase != "endgame" {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Reveal) {
                Action::Reveal
            } else if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    for s in 0..4 {
        let p = g.test_player(s);
        p.vp = 5;
        p.spice = 1;
        p.solari = 1;
        p.water = if s == 3 { 2 } else { 1 };
        p.garrison = 1;
    }
    while g.to_act().is_some() {
        let l = legal(&g);
        let a = if l.contains(&Action::Intrigue(intrigue("tiebreaker"))) {
            Action::Intrigue(intrigue("tiebreaker"))
        } else {
            Action::Pass
        };
        act(&mut g, a);
    }
    let r = g.result().unwrap();
    // Tiebreaker's endgame half gives seat 1 +10 spice.
    assert_eq!(r.winners, vec![Seat(1)]);
    assert_eq!(r.ranking[1], Seat(3), "water breaks the next tie");
}

// IM-SPACE-09 IM-SPACE-10 IM-SPACE-12 IM-SPACE-13: the board facts from data
// (one test per IM-SPACE rule in checklist.rs).
#[test]
fn board_facts() {
    let d = data();
    assert_eq!(d.spaces.len(), 22);
    let combat: Vec<&str> = d
        .spaces
        .iter()
        .filter(|s| s.combat)
        .map(|s| s.id.as_str())
        .collect();
    for id in [
        "arrakeen",
        "carthag",
        "the_great_flat",
        "hagga_basin",
        "imperial_basin",
        "research_station",
        "sietch_tabr",
        "hardy_warriors",
        "stillsuits",
        "heighliner",
    ] {
        assert!(combat.contains(&id));
    }
    assert_eq!(combat.len(), 10);
    for s in &d.spaces {
        assert_eq!(s.faction.is_some(), (s.icon as u8) < 4, "{}", s.id);
    }
}

// IM-FACTION-01 IM-FACTION-02 IM-FACTION-03 IM-FACTION-04 IM-FACTION-05:
// Influence from faction spaces, VP at 2, lost below 2.
#[test]
fn influence_vp_at_two() {
    let mut g = game(&["diplomacy", "seek_allies", "shifting_allegiances"]);
    let vp = g.test_player_ref(0).vp;
    send(&mut g, "diplomacy", "stillsuits");
    finish_turn(&mut g, 0);
    g.test_start_turn(0);
    send(&mut g, "seek_allies", "hardy_warriors");
    finish_turn(&mut g, 0);
    assert_eq!(g.test_player_ref(0).influence[Faction::Fremen.index()], 2);
    assert_eq!(g.test_player_ref(0).vp, vp + 1);
    // Shifting Allegiances: lose 1 Fremen, gain 2 Emperor.
    g.test_start_turn(0);
    g.test_player(0).agents_out = 0;
    send(&mut g, "shifting_allegiances", "secure_contract");
    act(&mut g, Action::Accept);
    act(&mut g, Action::Faction(Faction::Fremen));
    act(&mut g, Action::Faction(Faction::Emperor));
    let p = g.test_player_ref(0);
    assert_eq!(p.influence[Faction::Fremen.index()], 1);
    assert_eq!(p.influence[Faction::Emperor.index()], 2);
    assert_eq!(p.vp, vp + 1, "lost Fremen VP, gained Emperor VP");
}

// IM-FACTION-06 IM-FACTION-07 IM-FACTION-08 IM-FACTION-09 IM-FACTION-10
// IM-FACTION-11: bonus at 4 (one-time by default), Alliance moves.
#[test]
fn alliance_and_bonus() {
    let mut g = game(&["diplomacy"]);
    g.test_player(0).influence[Faction::Guild.index()] = 3;
    let solari = g.test_player_ref(0).solari;
    let vp = g.test_player_ref(0).vp;
    send(&mut g, "diplomacy", "foldspace");
    let p = g.test_player_ref(0);
    assert_eq!(p.solari, solari + 3, "Guild bonus");
    assert_eq!(g.test_alliance(Faction::Guild), Some(0));
    assert_eq!(p.vp, vp + 1);
    // Seat 1 ties at 4: no change; rises to 5: takes it.
    finish_turn(&mut g, 0);
    g.test_start_turn(1);
    g.test_player(1).influence[Faction::Guild.index()] = 3;
    g.test_player(1).hand = vec![card("diplomacy"), card("seek_allies")];
    g.test_player(1).spice = 6;
    send(&mut g, "diplomacy", "heighliner");
    assert_eq!(
        g.test_alliance(Faction::Guild),
        Some(0),
        "a tie does not take it"
    );
    finish_turn(&mut g, 0);
    g.test_set_occupant(space("foldspace"), None);
    g.test_start_turn(1);
    send(&mut g, "seek_allies", "foldspace");
    assert_eq!(g.test_alliance(Faction::Guild), Some(1));
    assert_eq!(g.test_player_ref(0).vp, vp);
    // One-time bonus: seat 0 drops to 3 and climbs back: no second bonus.
    let mut g2 = game(&["diplomacy"]);
    g2.test_player(0).influence[Faction::Guild.index()] = 3;
    g2.test_player(0).bonus_paid = 1 << Faction::Guild.index();
    let solari = g2.test_player_ref(0).solari;
    send(&mut g2, "diplomacy", "foldspace");
    assert_eq!(g2.test_player_ref(0).solari, solari);
}

// Published preset: the bonus is paid again (answers 9).
#[test]
fn bonus_every_time_in_published_preset() {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        preset: Preset::Published,
        overrides: vec![],
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 11).unwrap();
    g.test_start_turn(0);
    let p = g.test_player(0);
    p.hand = vec![card("diplomacy")];
    p.influence[Faction::Guild.index()] = 3;
    p.bonus_paid = 1 << Faction::Guild.index();
    let solari = p.solari;
    send(&mut g, "diplomacy", "foldspace");
    assert_eq!(g.test_player_ref(0).solari, solari + 3);
}

// IM-CONTROL-01 IM-CONTROL-02 IM-CONTROL-03 IM-CONTROL-04 IM-CONTROL-05
// IM-CONTROL-06 IM-CONTROL-07: control bonus to the controller on any visit;
// a Conflict win replaces the marker.
#[test]
fn control_bonus_and_replacement() {
    let mut g = game(&["reconnaissance"]);
    g.test_set_control(space("arrakeen"), Some(2));
    let s2 = g.test_player_ref(2).solari;
    send(&mut g, "reconnaissance", "arrakeen");
    assert_eq!(g.test_player_ref(2).solari, s2 + 1);
    let d = data();
    let bonus = |id: &str| format!("{:?}", d.space(space(id)).control_bonus);
    assert!(bonus("arrakeen").contains("solari: 1"));
    assert!(bonus("carthag").contains("solari: 1"));
    assert!(bonus("imperial_basin").contains("spice: 1"));
    assert_eq!(d.spaces.iter().filter(|s| s.controllable).count(), 3);
    // A Conflict reward takes control.
    let mut g = game(&[]);
    g.test_set_control(space("arrakeen"), Some(2));
    let siege = d.conflict_id("siege_of_arrakeen").unwrap();
    g.test_set_conflict(Some(siege));
    g.test_player(0).conflict = 1;
    let vp = g.test_player_ref(0).vp;
    g.test_go_to_combat();
    while g.view(Viewer::Spectator).phase == "combat" {
        let l = legal(&g);
        act(
            &mut g,
            if l.contains(&Action::Pass) {
                Action::Pass
            } else {
                l[0]
            },
        );
    }
    assert_eq!(g.test_control(space("arrakeen")), Some(0));
    assert_eq!(g.test_player_ref(0).vp, vp + 1);
}

// IM-MELANGE-01 IM-MELANGE-02 IM-MELANGE-03 IM-MELANGE-04 IM-MELANGE-05
// IM-MELANGE-06 IM-MELANGE-07: the rules text's table by default, one
// exchange, 2-5 spice only.
#[test]
fn sell_melange_default_and_published() {
    for (preset, table) in [
        (Preset::Default, [6, 8, 9, 10]),
        (Preset::Published, [6, 8, 10, 12]),
    ] {
        for (k, want) in table.iter().enumerate() {
            let opts = ImperiumOptions {
                player_count: 4,
                leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
                preset,
                overrides: vec![],
                ..Default::default()
            };
            let mut g = Imperium::setup(&opts, 11).unwrap();
            g.test_start_turn(0);
            let p = g.test_player(0);
            p.hand = vec![card("dune_the_desert_planet")];
            p.spice = 5;
            p.solari = 0;
            send(&mut g, "dune_the_desert_planet", "sell_melange");
            let l = legal(&g);
            assert_eq!(l.len(), 4, "exactly the four exchanges");
            act(&mut g, Action::Choose(k as u8));
            let p = g.test_player_ref(0);
            assert_eq!(p.solari, *want);
            assert_eq!(p.spice, 5 - (k as u8 + 2));
            assert_ne!(
                g.view(Viewer::Spectator).prompt.unwrap().kind,
                "sell_melange",
                "one exchange only"
            );
        }
    }
    // Fewer than 2 spice: refused.
    let mut g = game(&["dune_the_desert_planet"]);
    g.test_player(0).spice = 1;
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dune_the_desert_planet"),
            space: space("sell_melange"),
        },
        "IM-MELANGE-07",
    );
}

// Options: outside 1-4 players is refused (1-2 players: hagal.rs).
#[test]
fn options_refuse_small_games() {
    for n in [0, 5] {
        assert!(matches!(
            Imperium::setup(&ImperiumOptions::players(n), 1),
            Err(RuleError::InvalidOptions(_))
        ));
    }
    let bad = ImperiumOptions {
        player_count: 3,
        overrides: vec![("sell_melange".into(), "nope".into())],
        ..Default::default()
    };
    assert!(Imperium::setup(&bad, 1).is_err());
}

// Non-interference: two games that differ only in seat 1's hidden cards give
// seat 0 identical views.
#[test]
fn non_interference() {
    let mut a = game(&["dagger"]);
    let mut b = a.clone();
    a.test_player(1).hand = vec![card("dagger"), card("diplomacy")];
    b.test_player(1).hand = vec![card("signet_ring"), card("seek_allies")];
    a.test_player(1).intrigue = vec![intrigue("ambush")];
    b.test_player(1).intrigue = vec![intrigue("windfall")];
    a.test_player(1).deck.reverse();
    assert_eq!(a.view(Viewer::Seat(Seat(0))), b.view(Viewer::Seat(Seat(0))));
    assert_eq!(a.view(Viewer::Spectator), b.view(Viewer::Spectator));
    assert_ne!(a.view(Viewer::Seat(Seat(1))), b.view(Viewer::Seat(Seat(1))));
}

// Redaction: drawn cards are hidden from other seats.
#[test]
fn draws_are_redacted() {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        ..Default::default()
    };
    let (g, ev) = Imperium::setup_with_events(&opts, 4).unwrap();
    let drew = ev
        .iter()
        .find(|e| {
            matches!(
                e,
                melange::rules::imperium::Event::Drew { seat: Seat(1), .. }
            )
        })
        .unwrap();
    let mine = g.redact(drew, Viewer::Seat(Seat(1))).unwrap();
    let theirs = g.redact(drew, Viewer::Seat(Seat(0))).unwrap();
    assert!(matches!(
        mine,
        melange::rules::imperium::Event::Drew { card: Some(_), .. }
    ));
    assert!(matches!(
        theirs,
        melange::rules::imperium::Event::Drew { card: None, .. }
    ));
}

/// Resolves seat 0's pending decisions with a fixed policy (deploy none,
/// decline trashing, first branch) until another seat or a turn is asked.
fn settle(g: &mut Imperium) {
    for _ in 0..50 {
        let Some(s) = g.to_act() else { return };
        let kind = g.view(Viewer::Spectator).prompt.unwrap().kind;
        if s != Seat(0)
            || matches!(
                kind,
                "turn" | "acquire" | "combat_intrigue" | "endgame_intrigue"
            )
        {
            return;
        }
        let l = legal(g);
        let a = if l.contains(&Action::Troops(0)) {
            Action::Troops(0)
        } else if kind == "trash" {
            Action::Pass
        } else {
            l[0]
        };
        act(g, a);
    }
}

// IM-SPACE-02 IM-SPACE-03 IM-SPACE-04 IM-SPACE-05 IM-SPACE-06 IM-SPACE-07
// IM-SPACE-08 IM-FACTION-03 IM-AGENT-08: every board space's
// cost and effects (table-driven).
#[test]
fn every_board_space() {
    // (space, card, d_solari, d_spice, d_water, d_garrison, d_intrigue, d_hand, faction)
    type Row = (
        &'static str,
        &'static str,
        i32,
        i32,
        i32,
        i32,
        i32,
        i32,
        Option<Faction>,
    );
    let table: &[Row] = &[
        (
            "conspire",
            "diplomacy",
            5,
            -4,
            0,
            2,
            1,
            0,
            Some(Faction::Emperor),
        ),
        (
            "wealth",
            "diplomacy",
            2,
            0,
            0,
            0,
            0,
            0,
            Some(Faction::Emperor),
        ),
        (
            "heighliner",
            "diplomacy",
            0,
            -6,
            2,
            5,
            0,
            0,
            Some(Faction::Guild),
        ),
        (
            "foldspace",
            "diplomacy",
            0,
            0,
            0,
            0,
            0,
            0,
            Some(Faction::Guild),
        ),
        (
            "selective_breeding",
            "diplomacy",
            0,
            -2,
            0,
            0,
            0,
            2,
            Some(Faction::BeneGesserit),
        ),
        (
            "secrets",
            "diplomacy",
            0,
            0,
            0,
            0,
            1,
            0,
            Some(Faction::BeneGesserit),
        ),
        (
            "hardy_warriors",
            "diplomacy",
            0,
            0,
            -1,
            2,
            0,
            0,
            Some(Faction::Fremen),
        ),
        (
            "stillsuits",
            "diplomacy",
            0,
            0,
            1,
            0,
            0,
            0,
            Some(Faction::Fremen),
        ),
        ("hall_of_oratory", "dagger", 0, 0, 0, 1, 0, 0, None),
        ("high_council", "dagger", -5, 0, 0, 0, 0, 0, None),
        ("mentat", "dagger", -2, 0, 0, 0, 0, 1, None),
        ("rally_troops", "dagger", -4, 0, 0, 4, 0, 0, None),
        ("swordmaster", "dagger", -8, 0, 0, 0, 0, 0, None),
        ("arrakeen", "reconnaissance", 0, 0, 0, 1, 0, 1, None),
        ("carthag", "reconnaissance", 0, 0, 0, 1, 1, 0, None),
        (
            "research_station",
            "reconnaissance",
            0,
            0,
            -2,
            0,
            0,
            3,
            None,
        ),
        ("sietch_tabr", "reconnaissance", 0, 0, 1, 1, 0, 0, None),
        (
            "the_great_flat",
            "dune_the_desert_planet",
            0,
            3,
            -2,
            0,
            0,
            0,
            None,
        ),
        (
            "hagga_basin",
            "dune_the_desert_planet",
            0,
            2,
            -1,
            0,
            0,
            0,
            None,
        ),
        (
            "imperial_basin",
            "dune_the_desert_planet",
            0,
            1,
            0,
            0,
            0,
            0,
            None,
        ),
        (
            "secure_contract",
            "dune_the_desert_planet",
            3,
            0,
            0,
            0,
            0,
            0,
            None,
        ),
        (
            "sell_melange",
            "dune_the_desert_planet",
            6,
            -2,
            0,
            0,
            0,
            0,
            None,
        ),
    ];
    assert_eq!(table.len(), 22);
    for &(sp, c, ds, dsp, dw, dg, di, dh, f) in table {
        let mut g = game(&[c]);
        g.test_player(0).influence[Faction::Fremen.index()] = 2;
        let before = g.test_player_ref(0).clone();
        send(&mut g, c, sp);
        settle(&mut g);
        let p = g.test_player_ref(0);
        let d = |a: u8, b: u8| i32::from(a) - i32::from(b);
        assert_eq!(d(p.solari, before.solari), ds, "{sp} solari");
        assert_eq!(d(p.spice, before.spice), dsp, "{sp} spice");
        assert_eq!(d(p.water, before.water), dw, "{sp} water");
        assert_eq!(d(p.garrison, before.garrison), dg, "{sp} garrison");
        assert_eq!(
            p.intrigue.len() as i32 - before.intrigue.len() as i32,
            di,
            "{sp} intrigue"
        );
        assert_eq!(
            p.hand.len() as i32 - (before.hand.len() as i32 - 1),
            dh,
            "{sp} hand"
        );
        for fa in Faction::ALL {
            let want = i32::from(Some(fa) == f) + if fa == Faction::Fremen { 2 } else { 0 };
            assert_eq!(i32::from(p.influence[fa.index()]), want, "{sp} influence");
        }
        assert_eq!(
            g.view(Viewer::Spectator).occupant[space(sp).0 as usize],
            Some(Seat(0))
        );
        match sp {
            "foldspace" => assert!(p.discard.contains(&card("foldspace"))),
            "high_council" => assert!(p.high_council),
            "swordmaster" => assert_eq!(p.agents, 3),
            "mentat" => assert_eq!(g.test_mentat().0, Some(0)),
            "hall_of_oratory" => assert_eq!(p.persuasion, 1),
            _ => {}
        }
    }
    // Refusals: Sietch Tabr needs 2 Fremen Influence; one High Council seat,
    // one Swordmaster.
    let mut g = game(&["reconnaissance", "dagger"]);
    refused(
        &mut g,
        Action::SendAgent {
            card: card("reconnaissance"),
            space: space("sietch_tabr"),
        },
        "IM-AGENT-07",
    );
    g.test_player(0).high_council = true;
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("high_council"),
        },
        "IM-AGENT-07",
    );
    g.test_player(0).swordmaster = true;
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("swordmaster"),
        },
        "IM-AGENT-07",
    );
}

/// Sums the plain gains of an effect list when it holds nothing else.
fn plain_gain(
    list: &[melange::rules::imperium::Effect],
) -> Option<melange::rules::imperium::Amounts> {
    let mut t = melange::rules::imperium::Amounts::default();
    for e in list {
        match e {
            melange::rules::imperium::Effect::Gain(a)
                if a.draw == 0 && a.troops == 0 && a.intrigue == 0 =>
            {
                t.solari += a.solari;
                t.spice += a.spice;
                t.water += a.water;
                t.persuasion += a.persuasion;
                t.swords += a.swords;
                t.vp += a.vp;
            }
            _ => return None,
        }
    }
    Some(t)
}

// IM-DECK-04 IM-DECK-05 IM-DECK-06 IM-DECK-07: every card's Reveal, Agent and
// Acquire boxes resolve (table-driven from the data); plain gains add up.
#[test]
fn every_card_resolves() {
    let d = data();
    for (i, c) in d.cards.iter().enumerate() {
        let id = CardId(i as u8);
        // Reveal box.
        let mut g = game(&[]);
        g.test_player(0).hand = vec![id];
        g.test_player(0).garrison = 3;
        g.test_player(0).conflict = 1;
        let before = g.test_player_ref(0).clone();
        act(&mut g, Action::Reveal);
        settle(&mut g);
        if let Some(want) = plain_gain(&c.reveal) {
            let p = g.test_player_ref(0);
            assert_eq!(
                p.persuasion - before.persuasion,
                want.persuasion,
                "{} reveal persuasion",
                c.id
            );
            assert_eq!(
                p.swords - before.swords,
                want.swords,
                "{} reveal swords",
                c.id
            );
            assert_eq!(
                p.solari - before.solari,
                want.solari,
                "{} reveal solari",
                c.id
            );
            assert_eq!(p.spice - before.spice, want.spice, "{} reveal spice", c.id);
        }
        // Agent box: to any space the card can reach.
        if c.icons != 0 {
            let mut g = game(&[]);
            g.test_player(0).hand = vec![id];
            let l = legal(&g);
            let a = l
                .iter()
                .find(|a| matches!(a, Action::SendAgent { .. }))
                .copied();
            let a = a.unwrap_or_else(|| panic!("{} has no legal Agent space", c.id));
            act(&mut g, a);
            settle(&mut g);
            let p = g.test_player_ref(0);
            let trashes_itself = c.agent.iter().any(|e| match e {
                melange::rules::imperium::Effect::TrashThis => true,
                melange::rules::imperium::Effect::Optional(s) => {
                    s.contains(&melange::rules::imperium::Effect::TrashThis)
                }
                _ => false,
            });
            assert_eq!(p.played.contains(&id), !trashes_itself, "{} in play", c.id);
        }
        // Acquire effect (buyable cards).
        if c.cost.is_some_and(|k| k > 0) {
            let mut g = game(&[]);
            g.test_set_row(vec![id]);
            act(&mut g, Action::Reveal);
            g.test_player(0).persuasion = 20;
            let vp = g.test_player_ref(0).vp;
            act(
                &mut g,
                Action::Acquire {
                    card: id,
                    top: false,
                },
            );
            settle(&mut g);
            let p = g.test_player_ref(0);
            assert!(p.discard.contains(&id), "{} acquired", c.id);
            if let Some(want) = plain_gain(&c.acquire) {
                assert_eq!(p.vp - vp, want.vp, "{} acquire vp", c.id);
            }
        }
    }
}

// IM-INTRIGUE-01 IM-INTRIGUE-02 IM-INTRIGUE-05 IM-INTRIGUE-06 IM-INTRIGUE-07:
// every Intrigue card is offered in its own window only
// and resolves.
#[test]
fn every_intrigue_card() {
    let d = data();
    for (i, c) in d.intrigues.iter().enumerate() {
        let id = IntrigueId(i as u8);
        let mut g = game(&["dagger"]);
        g.test_player(0).conflict = 3;
        g.test_player(1).conflict = 1;
        g.test_player(0).influence = [3, 3, 3, 1];
        g.test_give_intrigue(0, id);
        let on_turn = legal(&g).contains(&Action::Intrigue(id));
        use melange::rules::imperium::data::IntrigueKind;
        match c.kind {
            IntrigueKind::Plot => {
                let needs = matches!(
                    c.id.as_str(),
                    "councilors_dispensation" | "allied_armada" | "urgent_mission"
                );
                assert!(on_turn || needs, "{} offered on the Agent turn", c.id);
                if on_turn {
                    act(&mut g, Action::Intrigue(id));
                    settle(&mut g);
                    assert!(!g.test_player_ref(0).intrigue.contains(&id));
                }
            }
            IntrigueKind::Combat | IntrigueKind::Endgame => {
                assert!(!on_turn, "{} not on the Agent turn", c.id);
            }
        }
        if c.kind == IntrigueKind::Combat && !c.after_win {
            let mut g = game(&[]);
            g.test_player(0).conflict = 3;
            g.test_player(0).influence = [4, 0, 0, 0];
            g.test_give_intrigue(0, id);
            g.test_go_to_combat();
            let l = legal(&g);
            let needs_alliance = c.id == "allied_armada";
            if !needs_alliance {
                assert!(l.contains(&Action::Intrigue(id)), "{} in combat", c.id);
                act(&mut g, Action::Intrigue(id));
                settle(&mut g);
            }
        }
    }
}

// Leader abilities and signet rings (bespoke code).
#[test]
fn leader_abilities() {
    // Leto: Landsraad spaces cost 1 less.
    let mut g = game_with(
        [
            "duke_leto_atreides",
            "glossu_rabban",
            "countess_ariana_thorvald",
            "earl_memnon_thorvald",
        ],
        &["dagger"],
    );
    g.test_player(0).solari = 3;
    send(&mut g, "dagger", "rally_troops");
    assert_eq!(g.test_player_ref(0).solari, 0);
    // Ariana: harvest 1 less, draw 1.
    let mut g = game_with(
        [
            "countess_ariana_thorvald",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ],
        &["dune_the_desert_planet"],
    );
    g.test_player(0).spice = 0;
    send(&mut g, "dune_the_desert_planet", "imperial_basin");
    assert_eq!(g.test_player_ref(0).spice, 0);
    assert_eq!(g.test_player_ref(0).hand.len(), 1);
    // Ilban: draws when paying Solari for a space.
    let mut g = game_with(
        [
            "count_ilban_richese",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ],
        &["dagger"],
    );
    send(&mut g, "dagger", "rally_troops");
    assert_eq!(g.test_player_ref(0).hand.len(), 1);
    // Memnon: Influence on a High Council seat.
    let mut g = game_with(
        [
            "earl_memnon_thorvald",
            "glossu_rabban",
            "paul_atreides",
            "countess_ariana_thorvald",
        ],
        &["dagger"],
    );
    send(&mut g, "dagger", "high_council");
    act(&mut g, Action::Faction(Faction::Guild));
    assert_eq!(g.test_player_ref(0).influence[Faction::Guild.index()], 1);
    // Rabban: +1 spice +1 Solari at setup; signet recruits.
    let opts = ImperiumOptions {
        player_count: 3,
        leaders: vec![
            Some("glossu_rabban".into()),
            Some("paul_atreides".into()),
            Some("earl_memnon_thorvald".into()),
        ],
        ..Default::default()
    };
    let g = Imperium::setup(&opts, 5).unwrap();
    assert_eq!(
        (g.test_player_ref(0).spice, g.test_player_ref(0).solari),
        (1, 1)
    );
    // Paul: sees his top card.
    let g = game(&[]);
    let v = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(
        v.players[0].deck_top,
        g.test_player_ref(0).deck.last().copied()
    );
    assert_eq!(g.view(Viewer::Seat(Seat(1))).players[0].deck_top, None);
    // Helena: may enter an occupied Spice Trade space.
    let mut g = game_with(
        [
            "helena_richese",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ],
        &["dune_the_desert_planet"],
    );
    g.test_set_occupant(space("secure_contract"), Some(1));
    send(&mut g, "dune_the_desert_planet", "secure_contract");
    // Baron: two secret factions before round 1.
    let opts = ImperiumOptions {
        player_count: 3,
        leaders: vec![Some("baron_vladimir_harkonnen".into())],
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 5).unwrap();
    assert_eq!(
        g.view(Viewer::Spectator).prompt.unwrap().kind,
        "secret_faction"
    );
    act(&mut g, Action::Faction(Faction::Emperor));
    act(&mut g, Action::Faction(Faction::Fremen));
    assert_eq!(
        g.view(Viewer::Seat(Seat(1))).players[0].secret_factions,
        None
    );
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))).players[0].secret_factions,
        Some(vec![Faction::Emperor, Faction::Fremen])
    );
}

/// A 4-player game with neutral leaders and the given preset and overrides,
/// seat 0 about to take a turn with the given hand and plenty of resources.
fn game_opts(preset: Preset, overrides: &[(&str, &str)], hand: &[&str]) -> Imperium {
    let opts = ImperiumOptions {
        player_count: 4,
        leaders: NEUTRAL.iter().map(|l| Some(l.to_string())).collect(),
        preset,
        overrides: overrides
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    };
    let mut g = Imperium::setup(&opts, 11).unwrap();
    g.test_start_turn(0);
    let p = g.test_player(0);
    p.hand = hand.iter().map(|c| card(c)).collect();
    p.solari = 10;
    p.spice = 10;
    p.water = 5;
    g
}

fn prompt(g: &Imperium) -> &'static str {
    g.view(Viewer::Spectator).prompt.map_or("none", |p| p.kind)
}

/// The `Choose` index of each IM-AGENT-09 part (`agent_order` prompt).
const PART_SPACE: Action = Action::Choose(0);
const PART_AGENT_BOX: Action = Action::Choose(1);
const PART_INFLUENCE: Action = Action::Choose(2);

// IM-AGENT-09: the space effects and the Agent box in the order the player
// chooses when it changes the outcome. Fremen Camp's Agent box pays 2 spice
// for 3 troops; with no spice it can only be paid after Hagga Basin's
// harvest. Both orders are offered and both are reachable, with different
// results.
#[test]
fn agent_09_order_of_space_and_agent_box_is_chosen() {
    let setup = || {
        let mut g = game(&["fremen_camp"]);
        g.test_player(0).spice = 0;
        *g.test_bonus_spice(space("hagga_basin")) = 0;
        send(&mut g, "fremen_camp", "hagga_basin");
        assert_eq!(prompt(&g), "agent_order");
        assert_eq!(seat(&g), Seat(0));
        // Hagga Basin has no faction: two parts, listed space first.
        assert_eq!(legal(&g), vec![PART_SPACE, PART_AGENT_BOX]);
        refused(&mut g, PART_INFLUENCE, "IM-AGENT-09");
        assert!(!g.label(&PART_SPACE).is_empty());
        g
    };
    // Space first: the harvest pays for the Agent box.
    let mut a = setup();
    let garrison = a.test_player_ref(0).garrison;
    act(&mut a, PART_SPACE);
    assert_eq!(a.test_player_ref(0).spice, 2);
    assert_eq!(prompt(&a), "optional", "Fremen Camp's box is now payable");
    act(&mut a, Action::Accept);
    assert_eq!(a.test_player_ref(0).spice, 0);
    assert_eq!(a.test_player_ref(0).garrison, garrison + 3);
    // Agent box first: nothing to pay with, so it does nothing.
    let mut b = setup();
    act(&mut b, PART_AGENT_BOX);
    assert_ne!(prompt(&b), "optional");
    assert_ne!(prompt(&b), "agent_order", "one part left: not asked");
    assert_eq!(b.test_player_ref(0).spice, 2);
    assert_eq!(b.test_player_ref(0).garrison, garrison);
}

// IM-AGENT-09: three parts (Faction Influence, space, Agent box) are all
// offered; after one is taken the order of the other two is asked again
// while it can still matter (Firm Grip pays the 2 Solari Wealth gives).
#[test]
fn agent_09_three_parts_and_faction_influence() {
    let mut g = game(&["firm_grip"]);
    g.test_player(0).solari = 0;
    send(&mut g, "firm_grip", "wealth");
    assert_eq!(prompt(&g), "agent_order");
    assert_eq!(legal(&g), vec![PART_INFLUENCE, PART_SPACE, PART_AGENT_BOX]);
    let emperor = g.test_player_ref(0).influence[Faction::Emperor.index()];
    act(&mut g, PART_INFLUENCE);
    assert_eq!(
        g.test_player_ref(0).influence[Faction::Emperor.index()],
        emperor + 1
    );
    assert_eq!(prompt(&g), "agent_order");
    assert_eq!(legal(&g), vec![PART_SPACE, PART_AGENT_BOX]);
    // Agent box now: 0 Solari, so Firm Grip's optional cost is not offered.
    let mut early = g.clone();
    act(&mut early, PART_AGENT_BOX);
    assert_ne!(prompt(&early), "optional");
    // Space first: Wealth's 2 Solari pay for it.
    act(&mut g, PART_SPACE);
    assert_eq!(prompt(&g), "optional");
}

// IM-AGENT-09: when the order cannot change the outcome (only plain gains,
// e.g. Stilgar's water at Stillsuits with its Fremen Influence, or a choice
// that reads nothing the space changes) no order is asked, and the fixed
// order (Influence, space, Agent box) is used.
#[test]
fn agent_09_order_not_asked_when_it_cannot_matter() {
    let mut g = game(&["stilgar"]);
    let water = g.test_player_ref(0).water;
    let fremen = g.test_player_ref(0).influence[Faction::Fremen.index()];
    send(&mut g, "stilgar", "stillsuits");
    assert_ne!(prompt(&g), "agent_order");
    let p = g.test_player_ref(0);
    assert_eq!(p.water, water + 2, "Stillsuits 1 + Stilgar 1");
    assert_eq!(p.influence[Faction::Fremen.index()], fremen + 1);
    // Other Memory's choice reads cards; Secure Contract gives Solari.
    let mut g = game(&["other_memory"]);
    send(&mut g, "other_memory", "secure_contract");
    assert_eq!(prompt(&g), "choice");
}

/// Seat 2 controls Carthag and the next Conflict is the Siege of Carthag;
/// the round ends so that Conflict is revealed.
fn defensive_round(preset: Preset, overrides: &[(&str, &str)]) -> Imperium {
    let mut g = game_opts(preset, overrides, &[]);
    let siege = data().conflict_id("siege_of_carthag").unwrap();
    g.test_set_control(space("carthag"), Some(2));
    g.test_conflict_deck().push(siege);
    g.test_go_to_combat();
    assert_eq!(g.test_conflict(), Some(siege));
    g
}

// IM-START-05 IM-START-06 (docs/rules-decisions.md, A5): the defensive troop is
// automatic by default (the text) and with `defensive_bonus = automatic`.
#[test]
fn start_05_defensive_troop_automatic_by_default() {
    for (preset, ov) in [
        (Preset::Default, vec![]),
        (Preset::Published, vec![("defensive_bonus", "automatic")]),
    ] {
        let g = defensive_round(preset, &ov);
        assert_ne!(prompt(&g), "defensive_bonus");
        assert_eq!(g.test_player_ref(2).conflict, 1);
    }
}

// IM-START-05 IM-START-06 (docs/rules-decisions.md, A5): with the `published`
// preset (or `defensive_bonus = optional`) the controller may deploy the
// troop from its supply or decline; both are offered and reachable, and the
// First Player's turn follows.
#[test]
fn start_05_defensive_troop_optional_when_published() {
    for (preset, ov) in [
        (Preset::Published, vec![]),
        (Preset::Default, vec![("defensive_bonus", "optional")]),
    ] {
        let g = defensive_round(preset, &ov);
        assert_eq!(prompt(&g), "defensive_bonus");
        assert_eq!(seat(&g), Seat(2), "the controller decides");
        assert_eq!(legal(&g), vec![Action::Accept, Action::Pass]);
        let mut refuse = g.clone();
        refused(&mut refuse, Action::Troops(1), "IM-START-05");
        let supply = g.test_player_ref(2).supply;
        let mut yes = g.clone();
        act(&mut yes, Action::Accept);
        assert_eq!(yes.test_player_ref(2).conflict, 1);
        assert_eq!(yes.test_player_ref(2).supply, supply - 1, "IM-START-06");
        assert_eq!(prompt(&yes), "turn");
        let mut no = g.clone();
        act(&mut no, Action::Pass);
        assert_eq!(no.test_player_ref(2).conflict, 0);
        assert_eq!(no.test_player_ref(2).supply, supply);
        assert_eq!(prompt(&no), "turn");
        assert_eq!(seat(&no), Seat(no.test_first()));
    }
}

// IM-START-07 (docs/rules-decisions.md, A5): no troop in supply, nothing asked.
#[test]
fn start_07_no_defensive_prompt_with_empty_supply() {
    let mut g = game_opts(Preset::Published, &[], &[]);
    let siege = data().conflict_id("siege_of_carthag").unwrap();
    g.test_set_control(space("carthag"), Some(2));
    let p = g.test_player(2);
    p.garrison += p.supply;
    p.supply = 0;
    g.test_conflict_deck().push(siege);
    g.test_go_to_combat();
    assert_ne!(prompt(&g), "defensive_bonus");
    assert_eq!(g.test_player_ref(2).conflict, 0);
}

/// Seat 0 reveals Firm Grip (4 Persuasion with the Emperor Alliance) and
/// Convincing Argument with 3 Emperor Influence; Liet-Kynes (acquire: 1
/// Emperor Influence) is in the Row.
fn reveal_game(preset: Preset, overrides: &[(&str, &str)]) -> Imperium {
    let mut g = game_opts(preset, overrides, &["firm_grip", "convincing_argument"]);
    g.test_player(0).influence[Faction::Emperor.index()] = 3;
    g.test_set_row(vec![card("liet_kynes")]);
    act(&mut g, Action::Reveal);
    g
}

// IM-REVEAL-02 (default, the text): every Reveal box is resolved before
// the acquire step, so an acquisition cannot switch on a Reveal box.
#[test]
fn reveal_02_boxes_before_acquisitions_by_default() {
    let mut g = reveal_game(Preset::Default, &[]);
    assert_eq!(prompt(&g), "acquire");
    let l = legal(&g);
    assert!(l.contains(&Action::Pass));
    assert!(!l.iter().any(|a| matches!(a, Action::Card(_))));
    // Firm Grip's box ran without the Alliance: 2 Persuasion only.
    assert_eq!(g.test_player_ref(0).persuasion, 2);
    g.test_player(0).persuasion = 5;
    act(
        &mut g,
        Action::Acquire {
            card: card("liet_kynes"),
            top: false,
        },
    );
    assert_eq!(g.test_alliance(Faction::Emperor), Some(0));
    assert_eq!(g.test_player_ref(0).persuasion, 0, "too late for Firm Grip");
}

// IM-REVEAL-02 IM-REVEAL-05 with `reveal_order = published` (docs/rules-decisions.md,
// A2): acquisitions may come between Reveal boxes, chosen one
// at a time; finishing waits until every box is resolved. Acquiring
// Liet-Kynes first gives the Emperor Alliance that Firm Grip's box checks.
#[test]
fn reveal_02_acquire_between_reveal_boxes_when_published() {
    for (preset, ov) in [
        (Preset::Published, vec![]),
        (Preset::Default, vec![("reveal_order", "published")]),
    ] {
        let mut g = reveal_game(preset, &ov);
        assert_eq!(prompt(&g), "acquire");
        assert_eq!(g.test_player_ref(0).persuasion, 0, "no box resolved yet");
        let l = legal(&g);
        assert!(l.contains(&Action::Card(card("firm_grip"))));
        assert!(l.contains(&Action::Card(card("convincing_argument"))));
        assert!(!l.contains(&Action::Pass));
        refused(&mut g, Action::Pass, "IM-REVEAL-05");
        act(&mut g, Action::Card(card("convincing_argument")));
        assert_eq!(g.test_player_ref(0).persuasion, 2);
        assert_eq!(prompt(&g), "acquire");
        g.test_player(0).persuasion = 5;
        act(
            &mut g,
            Action::Acquire {
                card: card("liet_kynes"),
                top: false,
            },
        );
        assert_eq!(g.test_alliance(Faction::Emperor), Some(0));
        assert_eq!(legal(&g), vec![Action::Card(card("firm_grip"))]);
        act(&mut g, Action::Card(card("firm_grip")));
        assert_eq!(
            g.test_player_ref(0).persuasion,
            4,
            "Firm Grip with the Alliance"
        );
        assert!(legal(&g).contains(&Action::Pass));
        act(&mut g, Action::Pass);
        assert_ne!(seat(&g), Seat(0));
    }
}

// Rules options: unknown values of the new options are refused.
#[test]
fn new_rule_options_refuse_unknown_values() {
    for k in ["defensive_bonus", "reveal_order"] {
        let opts = ImperiumOptions {
            player_count: 4,
            overrides: vec![(k.to_string(), "sometimes".to_string())],
            ..Default::default()
        };
        assert!(matches!(
            Imperium::setup(&opts, 1),
            Err(RuleError::InvalidOptions(_))
        ));
    }
}

// Non-interference through play: two games that differ only in the
// Intrigue cards one seat holds (same count) are played with the same
// choices (drawn from the actions legal in both). At every step the
// spectator and every other seat see the same view, the same seat is asked
// the same kind of decision, and any other seat is offered the same
// actions: no prompt is asked or skipped because of the hidden cards
// (IM-INTRIGUE-02's Plot window included). Stops comparing once a Steal
// Intrigue hands one of those cards to another seat (then it is theirs to
// see).
#[test]
fn hidden_intrigue_never_changes_what_others_see() {
    use melange::rules::imperium::Event;
    let mut compared = 0usize;
    for players in 1..=4u8 {
        for seed in 0..12u64 {
            let hidden = if players == 1 { 0 } else { 1 };
            let mut a = Imperium::setup(&ImperiumOptions::players(players), seed).unwrap();
            // The hidden seat holds three Plots in one game and three
            // cards never playable on its turns in the other (added
            // outside the Intrigue deck, which stays the same in both).
            let mut b = a.clone();
            for (g, cards) in [
                (&mut a, ["windfall", "charisma", "favored_subject"]),
                (&mut b, ["ambush", "tiebreaker", "corner_the_market"]),
            ] {
                let held = &mut g.test_player(hidden).intrigue;
                held.extend(cards.iter().map(|c| intrigue(c)));
            }
            assert_ne!(
                a.test_player_ref(hidden).intrigue,
                b.test_player_ref(hidden).intrigue
            );
            let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            for _ in 0..1500 {
                assert_eq!(a.to_act(), b.to_act(), "{players}p seed {seed}");
                assert_eq!(a.view(Viewer::Spectator), b.view(Viewer::Spectator));
                for s in 0..players {
                    if s != hidden {
                        assert_eq!(
                            a.view(Viewer::Seat(Seat(s))),
                            b.view(Viewer::Seat(Seat(s))),
                            "{players}p seed {seed}: seat {s}'s view"
                        );
                    }
                }
                compared += 1;
                let Some(actor) = a.to_act() else { break };
                let (mut la, mut lb) = (Vec::new(), Vec::new());
                a.legal_actions(actor, &mut la);
                b.legal_actions(actor, &mut lb);
                if actor.0 != hidden {
                    assert_eq!(la, lb, "{players}p seed {seed}: {actor}'s actions");
                }
                let common: Vec<Action> = la.into_iter().filter(|x| lb.contains(x)).collect();
                assert!(
                    !common.is_empty(),
                    "{players}p seed {seed}: nothing in common"
                );
                // Prefer acting over passing, so games move on.
                let acting: Vec<Action> = common
                    .iter()
                    .copied()
                    .filter(|x| *x != Action::Pass)
                    .collect();
                let pool = if acting.is_empty() { &common } else { &acting };
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                let pick = pool[(rng % pool.len() as u64) as usize];
                let (mut ea, mut eb) = (Vec::new(), Vec::new());
                a.apply(actor, &pick, &mut ea).unwrap();
                b.apply(actor, &pick, &mut eb).unwrap();
                let stolen = |ev: &[Event]| {
                    ev.iter().any(
                        |e| matches!(e, Event::IntrigueStolen { from, .. } if from.0 == hidden),
                    )
                };
                if stolen(&ea) || stolen(&eb) {
                    break;
                }
                for s in 0..players {
                    if s != hidden {
                        let redact = |ev: &[Event]| -> Vec<Event> {
                            ev.iter()
                                .filter_map(|e| a.redact(e, Viewer::Seat(Seat(s))))
                                .collect()
                        };
                        assert_eq!(redact(&ea), redact(&eb), "{players}p seed {seed}: events");
                    }
                }
            }
        }
    }
    assert!(compared > 1000);
}
