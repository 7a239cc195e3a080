//! House Hagal rivals: the 2-player game (IM-HAGAL) and the solo game
//! (IM-SOLO). One test per rule, seeded random playouts, non-interference.
use melange::rules::core::conformance::{Checks, random_playout, text_round_trip};
use melange::rules::core::{RuleError, Ruleset, Seat, Viewer};
use melange::rules::imperium::data::data;
use melange::rules::imperium::{
    Action, Event, Faction, HagalId, HagalSpace, Imperium, ImperiumOptions, SpaceId, hagal_data,
};

fn opts(players: u8) -> ImperiumOptions {
    ImperiumOptions::players(players)
}

/// The invariants of `playout.rs` over seats and rivals
/// (`Imperium::check_position`: troops conserved, IM-COMBAT-18; House
/// Hagal builds no deck, IM-HAGAL-10, collects no resources and scores no
/// VP, IM-HAGAL-09, IM-HAGAL-12; no rival is asked to decide, IM-HAGAL-04,
/// IM-SOLO-03; cards and Intrigue conserved, IM-DECK-02, IM-DECK-03,
/// IM-DECK-16, IM-REVEAL-08, IM-INTRIGUE-08) and the setup round trip;
/// each failure names the rule it protects.
fn invariant(g: &Imperium) -> Result<(), String> {
    super::playout::invariant(g)
}

/// Games per player count: more in the release soak.
fn games() -> u64 {
    melange::rules::core::conformance::playout_games(500, 5_000)
}

fn playouts(players: u8) {
    let mut steps = 0;
    for seed in 0..games() {
        let checks = Checks {
            max_steps: 20_000,
            all_legal_every: if seed < 10 { 1 } else { 0 },
        };
        // The text at a game's start and end (`playout.rs`).
        let mut start = true;
        let r = random_playout::<Imperium>(&opts(players), seed, checks, |g| {
            invariant(g)?;
            if std::mem::take(&mut start) || g.to_act().is_none() {
                text_round_trip(g)?;
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{players} players: {e}"));
        steps += r.steps;
    }
    assert!(steps > 0);
}

// IM-SOLO-01 IM-SOLO-02: seeded random solo games play to the end.
#[test]
fn random_solo_games_play_to_the_end() {
    playouts(1);
}

// IM-HAGAL-01: seeded random 2-player games play to the end.
#[test]
fn random_two_player_games_play_to_the_end() {
    playouts(2);
}

fn space(id: &str) -> SpaceId {
    data().space_id(id).unwrap()
}

/// A space's index in the board-wide lists of a `Setup` (occupant,
/// control, bonus spice).
fn at(id: &str) -> usize {
    usize::from(space(id).0)
}

/// A House Hagal card kind by data id.
fn hc(id: &str) -> HagalId {
    let i = hagal_data().cards.iter().position(|c| c.id == id);
    HagalId(i.unwrap_or_else(|| panic!("no hagal card {id}")) as u8)
}

/// The House Hagal deck, top last.
fn hagal_deck(g: &Imperium) -> &[HagalId] {
    &g.rivals().expect("a rival game").deck
}

/// The revealed House Hagal cards.
fn hagal_revealed(g: &Imperium) -> &[HagalId] {
    &g.rivals().expect("a rival game").revealed
}

/// Puts `cards` on top of the House Hagal deck, the first revealed first;
/// each comes out of the deck, else out of the revealed cards.
fn stack_deck(g: &mut Imperium, cards: &[&str]) {
    g.edit(|s| {
        let r = s.rivals.as_mut().expect("a rival game");
        for c in cards.iter().rev() {
            let id = hc(c);
            if let Some(p) = r.deck.iter().position(|x| *x == id) {
                r.deck.remove(p);
            } else if let Some(p) = r.revealed.iter().position(|x| *x == id) {
                r.revealed.remove(p);
            } else {
                panic!("House Hagal card {c} is neither in the deck nor revealed");
            }
            r.deck.push(id);
        }
    })
    .unwrap();
}

fn two_player() -> Imperium {
    Imperium::setup(&opts(2), 5).unwrap()
}

fn solo() -> Imperium {
    Imperium::setup(&opts(1), 5).unwrap()
}

fn sent(ev: &[Event]) -> Vec<(Seat, SpaceId)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::RivalAgentSent { seat, space, .. } => Some((*seat, *space)),
            _ => None,
        })
        .collect()
}

fn reveals(ev: &[Event]) -> usize {
    ev.iter()
        .filter(|e| matches!(e, Event::HagalRevealed { .. }))
        .count()
}

// IM-HAGAL-04: House Hagal reveals the top card and goes to its space.
#[test]
fn hagal_sends_agent_to_revealed_space() {
    let mut g = two_player();
    stack_deck(&mut g, &["wealth"]);
    let ev = g.test_rival_turn(Seat(2));
    assert_eq!(sent(&ev), vec![(Seat(2), space("wealth"))]);
    assert_eq!(reveals(&ev), 1);
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.occupant[at("wealth")], Some(Seat(2)));
    assert_eq!(v.rivals[0].last_revealed, Some(hc("wealth")));
}

// IM-HAGAL-05: an occupied space makes House Hagal keep revealing.
#[test]
fn hagal_keeps_revealing_when_occupied() {
    let mut g = two_player();
    g.edit(|s| s.occupant[at("conspire")] = Some(Seat(0)))
        .unwrap();
    stack_deck(&mut g, &["conspire", "wealth"]);
    let ev = g.test_rival_turn(Seat(2));
    assert_eq!(reveals(&ev), 2);
    assert_eq!(sent(&ev), vec![(Seat(2), space("wealth"))]);
}

// IM-HAGAL-06 IM-HAGAL-07 IM-HAGAL-09 IM-HAGAL-12: no cost, no space
// effect, only the card's Influence; no Solari and no VP for 2 Influence.
#[test]
fn hagal_gains_only_card_effects_and_no_vp() {
    let mut g = two_player();
    g.edit(|s| s.player(Seat(2)).influence = [1, 0, 0, 0])
        .unwrap();
    stack_deck(&mut g, &["wealth"]);
    g.test_rival_turn(Seat(2));
    let p = g.player(Seat(2));
    assert_eq!(p.influence[Faction::Emperor.index()], 2);
    assert_eq!((p.solari, p.spice, p.water, p.vp), (0, 0, 0, 0));
}

// IM-HAGAL-07: troops from the card go to the garrison at a non-combat space.
#[test]
fn hagal_recruits_card_troops() {
    let mut g = two_player();
    stack_deck(&mut g, &["rally_troops"]);
    g.test_rival_turn(Seat(2));
    let p = g.player(Seat(2));
    assert_eq!((p.garrison, p.conflict), (4, 0));
}

// IM-HAGAL-08: at a Combat space, recruits plus up to 2 garrison troops.
#[test]
fn hagal_deploys_recruits_and_two_from_garrison() {
    let mut g = two_player();
    g.edit(|s| {
        s.troops(Seat(2), 3, 0).unwrap();
    })
    .unwrap();
    stack_deck(&mut g, &["heighliner"]);
    g.test_rival_turn(Seat(2));
    let p = g.player(Seat(2));
    assert_eq!((p.garrison, p.conflict), (1, 5));
}

// IM-HAGAL-01 IM-HAGAL-02: House Hagal acts right after the First Player's
// Agent turn, and not after the other player's.
#[test]
fn hagal_acts_after_first_player_agent_turn_only() {
    let mut g = two_player();
    let first = g.first();
    let other = Seat(1 - first.0);
    let agent = |g: &Imperium, seat: Seat| {
        let mut legal = Vec::new();
        g.legal_actions(seat, &mut legal);
        legal
            .into_iter()
            .find(|a| matches!(a, Action::SendAgent { .. }))
            .unwrap()
    };
    let mut ev = Vec::new();
    g.apply(first, &agent(&g, first), &mut ev).unwrap();
    while g.to_act() == Some(first) {
        let mut legal = Vec::new();
        g.legal_actions(first, &mut legal);
        g.apply(first, &legal[0], &mut ev).unwrap();
    }
    assert_eq!(sent(&ev).len(), 1, "House Hagal took one turn");
    assert_eq!(g.to_act(), Some(other));
    let mut ev = Vec::new();
    g.apply(other, &agent(&g, other), &mut ev).unwrap();
    while g.to_act() == Some(other) {
        let mut legal = Vec::new();
        g.legal_actions(other, &mut legal);
        g.apply(other, &legal[0], &mut ev).unwrap();
    }
    assert!(sent(&ev).is_empty(), "no Hagal turn after the other player");
}

// IM-HAGAL-03: no House Hagal turn once it has no Agents left.
#[test]
fn hagal_without_agents_takes_no_turn() {
    let mut g = two_player();
    let first = g.first();
    g.edit(|s| s.player(Seat(2)).agents_out = 3).unwrap();
    let mut legal = Vec::new();
    g.legal_actions(first, &mut legal);
    let a = legal
        .into_iter()
        .find(|a| matches!(a, Action::SendAgent { .. }))
        .unwrap();
    let mut ev = Vec::new();
    g.apply(first, &a, &mut ev).unwrap();
    assert!(sent(&ev).is_empty());
}

/// Sets up the Combat of `conflict` with the given troops per participant.
fn combat(g: &mut Imperium, conflict: &str, troops: &[u8]) -> Vec<Event> {
    g.edit(|s| s.conflict = Some(data().conflict_id(conflict).unwrap()))
        .unwrap();
    for (s, t) in troops.iter().enumerate() {
        g.edit(|x| {
            let seat = Seat(s as u8);
            x.troops(seat, 0, *t).unwrap();
            let p = x.player(seat);
            p.agents_out = 9;
            let held = std::mem::take(&mut p.intrigue);
            x.intrigue_discard.extend(held);
        })
        .unwrap();
    }
    g.test_go_to_combat();
    let mut ev = Vec::new();
    while let Some(seat) = g.to_act() {
        if g.round() > 1 || !matches!(g.view(Viewer::Spectator).phase, "combat") {
            break;
        }
        let mut legal = Vec::new();
        g.legal_actions(seat, &mut legal);
        let a = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        g.apply(seat, &a, &mut ev).unwrap();
    }
    ev
}

// IM-HAGAL-13 IM-HAGAL-11: House Hagal wins a Conflict for a controlled
// space: the controller's marker is removed, and Hagal gets no reward.
#[test]
fn hagal_win_removes_control_and_earns_nothing() {
    let mut g = two_player();
    g.edit(|s| s.control[at("arrakeen")] = Some(Seat(0)))
        .unwrap();
    stack_deck(&mut g, &["hall_of_oratory"]); // 0 swords
    let ev = combat(&mut g, "siege_of_arrakeen", &[1, 0, 5]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::ControlRemoved { seat, .. } if seat.0 == 0))
    );
    assert_eq!(g.control(space("arrakeen")), None);
    let p = g.player(Seat(2));
    assert_eq!((p.vp, p.solari, p.spice, p.water), (0, 0, 0, 0));
    assert!(p.intrigue.is_empty());
    // The player beaten only by House Hagal takes the 2nd reward.
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Reward { seat, place: 2 } if seat.0 == 0))
    );
}

// IM-HAGAL-14: with a troop in the Conflict, House Hagal reveals a card
// for its swords.
#[test]
fn hagal_reveals_swords_in_combat() {
    let mut g = two_player();
    g.edit(|s| {
        s.troops(Seat(2), 0, 2).unwrap();
    })
    .unwrap();
    stack_deck(&mut g, &["heighliner"]);
    let ev = g.test_rival_combat_swords();
    assert_eq!(reveals(&ev), 1);
    assert_eq!(g.player(Seat(2)).swords, 6);
    assert_eq!(g.strength(Seat(2)), 10);
}

// IM-HAGAL-15: no troop in the Conflict, no card revealed.
#[test]
fn rival_without_troops_reveals_nothing_in_combat() {
    let mut g = two_player();
    let ev = g.test_rival_combat_swords();
    assert_eq!(reveals(&ev), 0);
    assert_eq!(g.player(Seat(2)).swords, 0);
}

// IM-HAGAL-10: House Hagal builds no deck (no cards in any zone), checked
// through whole games too (see `invariant`).
#[test]
fn hagal_has_no_cards() {
    let g = two_player();
    let p = g.player(Seat(2));
    assert!(p.deck.is_empty() && p.hand.is_empty() && p.discard.is_empty());
}

// The 2-player deck: 28 cards with the Reshuffle card, which shuffles the
// revealed cards back before the next reveal.
#[test]
fn two_player_deck_and_reshuffle_card() {
    let mut g = two_player();
    assert_eq!(hagal_deck(&g).len(), 28);
    assert!(hagal_deck(&g).contains(&hc("reshuffle")));
    assert!(!hagal_deck(&g).contains(&hc("arrakeen_1p")));
    let s = solo();
    // The solo Rivals already acted at setup (a Rival holds the marker).
    assert_eq!(hagal_deck(&s).len() + hagal_revealed(&s).len(), 27);
    assert!(!hagal_deck(&s).contains(&hc("reshuffle")));
    assert!(!hagal_deck(&s).contains(&hc("arrakeen_2p")));
    // Reveal a card, then the Reshuffle card: both go back, next is used.
    stack_deck(&mut g, &["wealth"]);
    g.test_rival_turn(Seat(2));
    assert_eq!(hagal_revealed(&g).len(), 1);
    g.edit(|s| s.player(Seat(2)).agents_out = 0).unwrap();
    stack_deck(&mut g, &["reshuffle", "secrets"]);
    let ev = g.test_rival_turn(Seat(2));
    assert!(ev.iter().any(|e| matches!(e, Event::HagalReshuffled)));
    assert_eq!(sent(&ev).len(), 1);
    // Everything revealed went back: only cards revealed after the
    // Reshuffle card are face up, and no card was lost.
    let revealed = hagal_revealed(&g).to_vec();
    assert!(
        !revealed.contains(&hc("reshuffle")) && !revealed.contains(&hc("wealth"))
            || revealed.len() > 1
    );
    assert_eq!(hagal_deck(&g).len() + revealed.len(), 28);
}

// IM-SOLO-01: a solo game has two Rivals with solo-compatible leaders,
// sharing one House Hagal deck; only the human is a seat.
#[test]
fn solo_has_two_rivals_not_seats() {
    let g = solo();
    assert_eq!(g.seat_count(), 1);
    let v = g.view(Viewer::Seat(Seat(0)));
    assert_eq!(v.players.len(), 1);
    assert_eq!(v.rivals.len(), 2);
    for r in &v.rivals {
        let l = r.leader.unwrap();
        assert!(hagal_data().compatible.contains(&l));
    }
    assert_ne!(v.rivals[0].leader, v.rivals[1].leader);
}

// IM-SOLO-02 IM-SOLO-03: the Rivals take their Agent turns in sequence with
// the player: the Rival holding the marker and the next both act before the
// human's first turn, then both act after each human turn.
#[test]
fn solo_rivals_take_turns_in_sequence() {
    let mut o = opts(1);
    o.leaders = vec![Some("duke_leto_atreides".into())];
    let (mut g, ev) = Imperium::setup_with_events(&o, 9).unwrap();
    let s: Vec<Seat> = sent(&ev).iter().map(|x| x.0).collect();
    assert_eq!(s, vec![Seat(1), Seat(2)]);
    assert_eq!(g.to_act(), Some(Seat(0)));
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    let a = legal
        .into_iter()
        .find(|a| matches!(a, Action::SendAgent { .. }))
        .unwrap();
    let mut ev = Vec::new();
    g.apply(Seat(0), &a, &mut ev).unwrap();
    while g.to_act() == Some(Seat(0)) && sent(&ev).is_empty() {
        let mut legal = Vec::new();
        g.legal_actions(Seat(0), &mut legal);
        g.apply(Seat(0), &legal[0], &mut ev).unwrap();
    }
    let s: Vec<Seat> = sent(&ev).iter().map(|x| x.0).collect();
    assert_eq!(s, vec![Seat(1), Seat(2)]);
}

// IM-SOLO-04: an occupied space makes a Rival keep revealing.
#[test]
fn solo_rival_keeps_revealing_when_occupied() {
    let mut g = solo();
    g.edit(|s| s.player(Seat(1)).agents_out = 0).unwrap();
    let occupied = g.view(Viewer::Spectator).occupant.clone();
    let taken = occupied.iter().position(|o| o.is_some()).unwrap();
    let taken_card = hagal_data()
        .cards
        .iter()
        .find(|c| c.solo && c.space == HagalSpace::Space(SpaceId(taken as u8)))
        .map(|c| c.id.clone());
    let mut cards: Vec<&str> = Vec::new();
    if let Some(c) = &taken_card {
        cards.push(c);
    }
    let free = ["rally_troops", "hall_of_oratory", "wealth", "conspire"]
        .into_iter()
        .find(|c| {
            let HagalSpace::Space(s) = hagal_data().cards[usize::from(hc(c).0)].space else {
                return false;
            };
            occupied[usize::from(s.0)].is_none()
        })
        .unwrap();
    g.edit(|s| s.occupant[at("secrets")] = Some(Seat(0)))
        .unwrap();
    cards.insert(0, "secrets");
    cards.push(free);
    stack_deck(&mut g, &cards);
    let ev = g.test_rival_turn(Seat(1));
    assert_eq!(reveals(&ev), cards.len());
    assert_eq!(sent(&ev), vec![(Seat(1), space(free))]);
}

// IM-SOLO-05: a Rival pays nothing and gets no space effect.
#[test]
fn solo_rival_ignores_space_effects() {
    let mut g = solo();
    let before = g.player(Seat(1)).clone();
    g.edit(|s| s.occupant[at("wealth")] = None).unwrap();
    stack_deck(&mut g, &["wealth"]);
    g.test_rival_turn(Seat(1));
    let p = g.player(Seat(1));
    assert_eq!(p.solari, before.solari, "Wealth gives a Rival no Solari");
    assert_eq!(p.influence[0], before.influence[0] + 1);
}

// IM-SOLO-06: a Rival at a Combat space deploys up to 2 garrison troops.
#[test]
fn solo_rival_deploys_from_garrison() {
    let mut g = solo();
    g.edit(|s| s.occupant[at("stillsuits")] = None).unwrap();
    g.edit(|s| {
        s.troops(Seat(1), 3, 0).unwrap();
    })
    .unwrap();
    stack_deck(&mut g, &["stillsuits"]);
    g.test_rival_turn(Seat(1));
    let p = g.player(Seat(1));
    assert_eq!((p.garrison, p.conflict), (1, 2));
}

// IM-SOLO-07: Harvest Spice gives a Rival base plus all bonus spice.
#[test]
fn solo_rival_harvest_takes_all_spice() {
    let mut g = solo();
    for m in ["the_great_flat", "hagga_basin", "imperial_basin"] {
        g.edit(|s| s.occupant[at(m)] = None).unwrap();
    }
    g.edit(|s| s.bonus_spice[at("the_great_flat")] = 2).unwrap();
    g.edit(|s| s.bonus_spice[at("hagga_basin")] = 1).unwrap();
    g.edit(|s| s.bonus_spice[at("imperial_basin")] = 0).unwrap();
    let spice = g.player(Seat(1)).spice;
    stack_deck(&mut g, &["harvest_spice"]);
    let ev = g.test_rival_turn(Seat(1));
    assert_eq!(sent(&ev), vec![(Seat(1), space("the_great_flat"))]);
    let base = data().space(space("the_great_flat")).base_spice;
    assert_eq!(g.player(Seat(1)).spice, spice + base + 2);
    assert_eq!(g.to_setup().bonus_spice[at("the_great_flat")], 0);
}

// IM-SOLO-08: each Rival with a troop reveals a card for swords.
#[test]
fn solo_rivals_reveal_swords() {
    let mut g = solo();
    for s in [Seat(1), Seat(2)] {
        g.edit(|x| {
            x.deployed(s, 1).unwrap();
        })
        .unwrap();
    }
    stack_deck(&mut g, &["conspire", "foldspace"]);
    let ev = g.test_rival_combat_swords();
    assert_eq!(reveals(&ev), 2);
    assert_eq!(g.player(Seat(1)).swords, 4);
    assert_eq!(g.player(Seat(2)).swords, 1);
}

// IM-SOLO-09: a solo Rival takes Conflict rewards, control included:
// exactly the reward of its place, nothing more.
#[test]
fn solo_rival_gains_conflict_rewards() {
    use melange::rules::imperium::Resource;
    // What the Conflict gave: the events from its resolution to the Recall
    // (the Makers' bonus spice left out).
    let gains = |ev: &[Event]| -> Vec<Event> {
        let from = ev
            .iter()
            .position(|e| matches!(e, Event::ConflictResolved { .. }))
            .expect("the Conflict was resolved");
        ev[from + 1..]
            .iter()
            .take_while(|e| !matches!(e, Event::Recall))
            .filter(|e| !matches!(e, Event::BonusSpice { .. }))
            .cloned()
            .collect()
    };
    let arrakeen = space("arrakeen");
    // Siege of Arrakeen: 1st 1 VP and control of Arrakeen, 2nd 4 Solari;
    // the Rival with no troop takes nothing.
    let mut g = solo();
    stack_deck(&mut g, &["hall_of_oratory", "hall_of_oratory"]);
    let vp = g.player(Seat(1)).vp;
    let ev = combat(&mut g, "siege_of_arrakeen", &[1, 5, 0]);
    assert_eq!(
        gains(&ev),
        vec![
            Event::Reward {
                seat: Seat(1),
                place: 1
            },
            Event::Reward {
                seat: Seat(0),
                place: 2
            },
            Event::Resource {
                seat: Seat(1),
                resource: Resource::Vp,
                delta: 1
            },
            Event::Control {
                space: arrakeen,
                seat: Seat(1)
            },
            Event::Resource {
                seat: Seat(0),
                resource: Resource::Solari,
                delta: 4
            },
        ]
    );
    assert_eq!(g.control(arrakeen), Some(Seat(1)));
    assert_eq!(g.player(Seat(1)).vp, vp + 1);

    // A Rival in second place takes the 4 Solari, and no control.
    let mut g = solo();
    stack_deck(&mut g, &["hall_of_oratory", "hall_of_oratory"]);
    let ev = combat(&mut g, "siege_of_arrakeen", &[5, 1, 0]);
    assert_eq!(
        gains(&ev),
        vec![
            Event::Reward {
                seat: Seat(0),
                place: 1
            },
            Event::Reward {
                seat: Seat(1),
                place: 2
            },
            Event::Resource {
                seat: Seat(0),
                resource: Resource::Vp,
                delta: 1
            },
            Event::Control {
                space: arrakeen,
                seat: Seat(0)
            },
            Event::Resource {
                seat: Seat(1),
                resource: Resource::Solari,
                delta: 4
            },
        ]
    );
    assert_eq!(g.control(arrakeen), Some(Seat(0)));
}

// IM-SOLO-10 IM-SOLO-11: 7 Solari or 7 spice become 1 VP.
#[test]
fn solo_rival_converts_seven_to_vp() {
    let mut g = solo();
    g.edit(|s| {
        let p = s.player(Seat(1));
        p.solari = 8;
        p.spice = 7;
        p.water = 0;
        p.vp = 0;
    })
    .unwrap();
    g.test_rival_convert();
    let p = g.player(Seat(1));
    assert_eq!((p.solari, p.spice, p.vp), (1, 0, 2));
}

// IM-SOLO-12 IM-SOLO-13: fewer than 7 Solari or spice are kept.
#[test]
fn solo_rival_below_seven_keeps_resources() {
    let mut g = solo();
    g.edit(|s| {
        let p = s.player(Seat(1));
        p.solari = 6;
        p.spice = 6;
        p.water = 0;
        p.vp = 0;
    })
    .unwrap();
    g.test_rival_convert();
    let p = g.player(Seat(1));
    assert_eq!((p.solari, p.spice, p.vp), (6, 6, 0));
}

// IM-SOLO-14: a Rival choosing a Faction takes the one where it has least.
#[test]
fn solo_rival_picks_least_influence_faction() {
    let mut g = solo();
    g.edit(|s| s.player(Seat(1)).influence = [2, 3, 0, 1])
        .unwrap();
    g.test_rival_influence_choice(Seat(1), 0b1111);
    assert_eq!(g.player(Seat(1)).influence, [2, 3, 1, 1]);
    assert_eq!(
        g.to_act(),
        Some(Seat(0)),
        "the human is still the one to act"
    );
}

// Options: a 2-player game without rivals is refused, and so are unknown or
// incompatible rival leaders.
#[test]
fn rival_options_are_checked() {
    let mut o = opts(2);
    o.no_rivals = true;
    let Err(RuleError::InvalidOptions(m)) = Imperium::setup(&o, 1) else {
        panic!("2 players without rivals accepted");
    };
    assert!(m.contains("needs House Hagal"), "{m}");
    let mut o = opts(1);
    o.rival_leaders = vec![Some("paul_atreides".into())];
    assert!(Imperium::setup(&o, 1).is_err());
    let mut o = opts(2);
    o.rival_leaders = vec![Some("glossu_rabban".into())];
    assert!(Imperium::setup(&o, 1).is_err());
    let mut o = opts(1);
    o.rival_leaders = vec![
        Some("glossu_rabban".into()),
        Some("earl_memnon_thorvald".into()),
    ];
    let g = Imperium::setup(&o, 1).unwrap();
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.rivals[0].leader, data().leader_id("glossu_rabban"));
}

// Non-interference: two games differing only in the order of House Hagal
// cards not yet revealed give the human seats identical views and events
// until a card is revealed.
#[test]
fn hidden_hagal_cards_do_not_leak() {
    for players in [1u8, 2] {
        for seed in 0..20u64 {
            let (mut a, ev_a) = Imperium::setup_with_events(&opts(players), seed).unwrap();
            let mut b = a.clone();
            // Reorder the not-yet-revealed deck of b.
            b.edit(|s| s.rivals.as_mut().unwrap().deck.reverse())
                .unwrap();
            if hagal_deck(&a) == hagal_deck(&b) {
                continue;
            }
            let _ = ev_a;
            let mut rng = melange::rules::core::RngStream::Bot(1).rng(seed);
            for _ in 0..200 {
                let Some(seat) = a.to_act() else { break };
                for h in 0..a.seat_count() as u8 {
                    assert_eq!(
                        a.view(Viewer::Seat(Seat(h))),
                        b.view(Viewer::Seat(Seat(h))),
                        "seed {seed}: views differ before a reveal"
                    );
                }
                let mut legal = Vec::new();
                a.legal_actions(seat, &mut legal);
                let act = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
                let (mut ea, mut eb) = (Vec::new(), Vec::new());
                a.apply(seat, &act, &mut ea).unwrap();
                b.apply(seat, &act, &mut eb).unwrap();
                if reveals(&ea) > 0 || reveals(&eb) > 0 {
                    break;
                }
                for h in 0..a.seat_count() as u8 {
                    let v = Viewer::Seat(Seat(h));
                    let ra: Vec<_> = ea.iter().filter_map(|e| a.redact(e, v)).collect();
                    let rb: Vec<_> = eb.iter().filter_map(|e| b.redact(e, v)).collect();
                    assert_eq!(ra, rb, "seed {seed}: events differ before a reveal");
                }
            }
        }
    }
}

fn two_player_with(preset: melange::rules::imperium::Preset, rules: &[(&str, &str)]) -> Imperium {
    let o = ImperiumOptions {
        player_count: 2,
        preset,
        overrides: rules
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    };
    Imperium::setup(&o, 5).unwrap()
}

// docs/rules-decisions.md, A14b: House Hagal's starting garrison is read from
// `hagal.json` `two_player.start`: the rulebook's (0) by default and in the
// published preset (the rules text is silent), the repository's (3) with
// `hagal_garrison = repository`. Troops not in the garrison are in supply.
#[test]
fn hagal_starting_garrison_from_data() {
    use melange::rules::imperium::Preset;
    let (rulebook, repository) = hagal_data().two_player_garrison;
    assert_eq!((rulebook, repository), (0, 3));
    for (preset, rules, want) in [
        (Preset::Default, vec![], rulebook),
        (Preset::Published, vec![], rulebook),
        (
            Preset::Default,
            vec![("hagal_garrison", "repository")],
            repository,
        ),
        (
            Preset::Published,
            vec![("hagal_garrison", "repository")],
            repository,
        ),
    ] {
        let g = two_player_with(preset, &rules);
        let p = g.player(Seat(2));
        assert_eq!(p.garrison, want, "{preset:?} {rules:?}");
        assert_eq!(p.supply + p.garrison, 12);
        assert_eq!(g.view(Viewer::Spectator).rivals[0].garrison, want);
    }
    let bad = ImperiumOptions {
        player_count: 2,
        overrides: vec![("hagal_garrison".into(), "five".into())],
        ..Default::default()
    };
    assert!(matches!(
        Imperium::setup(&bad, 1),
        Err(RuleError::InvalidOptions(_))
    ));
}

// IM-HAGAL-07: the text lists the Signet ability among House Hagal's card
// effects, so by default House Hagal is dealt a solo-compatible Leader and
// its 2-player Arrakeen card uses that Leader's Signet Ring (Glossu Rabban:
// recruit 1 troop, deployed with the card's own at this Combat space).
// With `hagal_signet = none` (the published game, in the preset) House
// Hagal has no Leader and the card recruits only its own troop.
#[test]
fn hagal_signet_ring_as_the_text_lists_it() {
    use melange::rules::imperium::Preset;
    let rabban = data().leader_id("glossu_rabban").unwrap();
    for (preset, rules, signet) in [
        (Preset::Default, vec![], true),
        (Preset::Published, vec![], false),
        (Preset::Default, vec![("hagal_signet", "none")], false),
        (Preset::Published, vec![("hagal_signet", "text")], true),
    ] {
        let (g0, setup_ev) = Imperium::setup_with_events(
            &ImperiumOptions {
                player_count: 2,
                preset,
                overrides: rules
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                ..Default::default()
            },
            5,
        )
        .unwrap();
        let mut g = g0;
        // The Leader is dealt among the solo-compatible ones, shown to all.
        let joined = setup_ev.iter().find_map(|e| match e {
            Event::RivalJoined { leader, .. } => Some(*leader),
            _ => None,
        });
        let shown = g.view(Viewer::Spectator).rivals[0].leader;
        if signet {
            let l = joined.flatten().expect("House Hagal is dealt a Leader");
            assert!(hagal_data().compatible.contains(&l));
            assert_eq!(shown, Some(l));
        } else {
            assert_eq!(joined, Some(None));
            assert_eq!(shown, None);
        }
        g.edit(|s| s.player(Seat(2)).leader = rabban).unwrap();
        g.edit(|s| {
            s.troops(Seat(2), 0, 0).unwrap();
        })
        .unwrap();
        g.edit(|s| s.occupant[at("arrakeen")] = None).unwrap();
        g.edit(|s| s.control[at("arrakeen")] = None).unwrap();
        stack_deck(&mut g, &["arrakeen_2p"]);
        let ev = g.test_rival_turn(Seat(2));
        assert_eq!(sent(&ev), vec![(Seat(2), space("arrakeen"))]);
        let p = g.player(Seat(2));
        let want = if signet { 2 } else { 1 };
        assert_eq!(
            (p.conflict, p.garrison),
            (want, 0),
            "{preset:?} {rules:?}: card troop plus Rabban's Signet Ring"
        );
        // House Hagal still collects no resources (IM-HAGAL-09).
        assert_eq!((p.solari, p.spice, p.water, p.vp), (0, 0, 0, 0));
    }
}

fn solo_at(level: &str) -> Imperium {
    let o = ImperiumOptions {
        player_count: 1,
        overrides: vec![("solo_difficulty".into(), level.into())],
        ..Default::default()
    };
    Imperium::setup(&o, 5).unwrap()
}

/// Can seat 0 send an Agent with Dagger (a Landsraad card) to `space`
/// holding `solari`? `Err` carries the refusal's rule.
fn dagger_to(g: &Imperium, space_id: &str, solari: u8) -> Result<(), String> {
    let mut g = g.clone();
    g.edit(|s| {
        s.start_turn(Seat(0));
    })
    .unwrap();
    g.edit(|s| {
        s.hand(Seat(0), &[data().card_id("dagger").unwrap()])
            .unwrap()
            .player(Seat(0))
            .solari = solari;
    })
    .unwrap();
    g.edit(|s| s.occupant[at(space_id)] = None).unwrap();
    let a = Action::SendAgent {
        card: data().card_id("dagger").unwrap(),
        space: space(space_id),
    };
    let mut legal = Vec::new();
    g.legal_actions(Seat(0), &mut legal);
    match g.apply(Seat(0), &a, &mut Vec::new()) {
        Ok(()) => {
            assert!(legal.contains(&a));
            Ok(())
        }
        Err(RuleError::Illegal { rule, .. }) => {
            assert!(!legal.contains(&a));
            Err(rule.to_string())
        }
        Err(e) => panic!("{e}"),
    }
}

/// Numbers the round in progress `round` and plays it out (the player
/// reveals at once and passes or takes the first choice after), up to the
/// next round's start; returns the events on the way, that start's
/// included.
fn next_round(g: &mut Imperium, round: u8) -> Vec<Event> {
    g.edit(|s| s.round = round).unwrap();
    let mut ev = Vec::new();
    while g.round() == round {
        let seat = g.to_act().expect("the game goes on");
        let mut legal = Vec::new();
        g.legal_actions(seat, &mut legal);
        let a = if legal.contains(&Action::Reveal) {
            Action::Reveal
        } else if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        g.apply(seat, &a, &mut ev).unwrap();
    }
    ev
}

// Solo difficulty levels (`solo_difficulty`, hagal.json
// `solo.difficulty_levels`): each level's starting stock, the Rivals'
// Swordmaster round, the player's Mentat price and the Swordmaster ban.
// Without a level (the default) Rivals start as players do.
#[test]
fn solo_difficulty_levels_change_what_they_say() {
    let levels = &hagal_data().levels;
    let ids: Vec<&str> = levels.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(
        ids,
        ["mercenary", "sardaukar", "mentat", "kwisatz_haderach"]
    );
    let plain = solo();
    let base = plain.player(Seat(0)).clone();
    for l in levels {
        let g = solo_at(&l.id);
        // The player's extra stock.
        let p = g.player(Seat(0));
        assert_eq!(p.solari, base.solari + l.human_solari, "{}", l.id);
        assert_eq!(p.spice, base.spice + l.human_spice, "{}", l.id);
        // The Rivals' starting stock (before round 1, in which they act
        // at once: the first Rival holds the marker).
        let start = Imperium::test_setup_unstarted(
            &ImperiumOptions {
                player_count: 1,
                overrides: vec![("solo_difficulty".into(), l.id.clone())],
                ..Default::default()
            },
            5,
        )
        .unwrap();
        for r in 1..3 {
            let p = start.player(Seat(r));
            assert_eq!(
                (
                    p.solari,
                    p.spice,
                    p.water,
                    p.garrison,
                    p.intrigue.len() as u8
                ),
                (0, 0, l.rival_water, l.rival_garrison, l.rival_intrigue),
                "{} rival {r}",
                l.id
            );
            assert_eq!((p.agents, p.supply + p.garrison), (2, 12));
        }
        // The Rivals' Swordmaster from the level's round.
        let mut early = g.clone();
        next_round(&mut early, l.rival_swordmaster_round - 2);
        assert_eq!(early.player(Seat(1)).agents, 2, "{}", l.id);
        let mut on_time = g.clone();
        let ev = next_round(&mut on_time, l.rival_swordmaster_round - 1);
        for r in 1..3 {
            assert_eq!(on_time.player(Seat(r)).agents, 3, "{}", l.id);
            assert!(ev.contains(&Event::Swordmaster { seat: Seat(r) }));
        }
        assert_eq!(on_time.player(Seat(0)).agents, 2, "not the player's");
        // The player's Mentat price.
        let cost = l.human_mentat_cost;
        assert_eq!(dagger_to(&g, "mentat", cost), Ok(()), "{}", l.id);
        assert_eq!(
            dagger_to(&g, "mentat", cost - 1),
            Err("IM-AGENT-07".into()),
            "{}",
            l.id
        );
        // The Swordmaster ban.
        let sword = dagger_to(&g, "swordmaster", 20);
        assert_eq!(
            sword.is_ok(),
            l.human_swordmaster,
            "{}: the Swordmaster {sword:?}",
            l.id
        );
        if !l.human_swordmaster {
            assert_eq!(sword, Err("IM-AGENT-07".into()));
        }
    }
    // The levels differ where the data says: Mercenary's Mentat costs 2,
    // the others 5; only Kwisatz Haderach bans the Swordmaster.
    assert_eq!(
        levels
            .iter()
            .map(|l| l.human_mentat_cost)
            .collect::<Vec<_>>(),
        [2, 5, 5, 5]
    );
    // Without a level: the text's solo game, Rivals start as players do.
    let start = Imperium::test_setup_unstarted(&opts(1), 5).unwrap();
    for r in 1..3 {
        let p = start.player(Seat(r));
        assert_eq!((p.water, p.garrison, p.intrigue.len()), (1, 3, 0));
    }
    let mut late = plain.clone();
    next_round(&mut late, 9);
    assert_eq!(
        late.player(Seat(1)).agents,
        2,
        "no Swordmaster without a level"
    );
    assert_eq!(dagger_to(&plain, "mentat", 2), Ok(()));
    assert_eq!(dagger_to(&plain, "swordmaster", 8), Ok(()));
}

// `solo_difficulty` is checked: a level only in 1-player games, and only
// the levels in the data.
#[test]
fn solo_difficulty_is_checked() {
    for (players, value) in [(1, "novice"), (2, "mentat"), (3, "mercenary")] {
        let o = ImperiumOptions {
            player_count: players,
            overrides: vec![("solo_difficulty".into(), value.into())],
            ..Default::default()
        };
        assert!(
            matches!(Imperium::setup(&o, 1), Err(RuleError::InvalidOptions(_))),
            "{players} {value}"
        );
    }
    let o = ImperiumOptions {
        player_count: 3,
        overrides: vec![("solo_difficulty".into(), "none".into())],
        ..Default::default()
    };
    assert!(Imperium::setup(&o, 1).is_ok());
}

/// The seat and Leader of every `RivalJoined` event of a setup.
fn joined(
    players: u8,
    rules: &[(&str, &str)],
) -> Vec<(Seat, Option<melange::rules::imperium::LeaderId>)> {
    let o = ImperiumOptions {
        player_count: players,
        overrides: rules
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    };
    let (_, ev) = Imperium::setup_with_events(&o, 5).unwrap();
    ev.iter()
        .filter_map(|e| match e {
            Event::RivalJoined { seat, leader } => Some((*seat, *leader)),
            _ => None,
        })
        .collect()
}

// IM-SOLO-01 / IM-HAGAL-07: the rivals sit on the board after the players
// (docs/rules-decisions.md, "House Hagal": board index = seat count + k), so
// the `rival_joined` events name House Hagal at index 2 of the 2-player
// game and the two solo Rivals at 1 and 2. Each joins with its Leader shown
// (House Hagal's by the text, for its Signet Ring), none with
// `hagal_signet = none`.
#[test]
fn rivals_join_at_the_seats_after_the_players() {
    let two = joined(2, &[]);
    assert_eq!(two.len(), 1);
    assert_eq!(two[0].0, Seat(2));
    assert!(hagal_data().compatible.contains(&two[0].1.unwrap()));
    assert_eq!(
        joined(2, &[("hagal_signet", "none")]),
        vec![(Seat(2), None)]
    );
    let solo = joined(1, &[]);
    assert_eq!(
        solo.iter().map(|(s, _)| *s).collect::<Vec<_>>(),
        vec![Seat(1), Seat(2)]
    );
    for (_, l) in &solo {
        assert!(hagal_data().compatible.contains(&l.unwrap()));
    }
}

// IM-HAGAL-07 / IM-SOLO-05: a Rival uses its Leader's Signet Ring only on
// the card that lists it (Arrakeen: `arrakeen_2p` by the text for House
// Hagal, `arrakeen_1p` for a solo Rival), never on another card: Carthag
// recruits the card's 1 troop alone. With Glossu Rabban (recruit 1) and an
// empty garrison, the troops deployed tell which happened.
#[test]
fn a_rivals_signet_ring_only_on_the_card_that_lists_it() {
    let rabban = data().leader_id("glossu_rabban").unwrap();
    for (players, seat, cards) in [
        (2, Seat(2), [("carthag", 1), ("arrakeen_2p", 2)]),
        (1, Seat(1), [("carthag", 1), ("arrakeen_1p", 2)]),
    ] {
        for (card, want) in cards {
            let mut g = Imperium::setup(&opts(players), 5).unwrap();
            g.edit(|s| {
                s.troops(seat, 0, 0).unwrap().player(seat).leader = rabban;
            })
            .unwrap();
            for s in ["arrakeen", "carthag"] {
                g.edit(|x| x.occupant[at(s)] = None).unwrap();
                g.edit(|x| x.control[at(s)] = None).unwrap();
            }
            stack_deck(&mut g, &[card]);
            let ev = g.test_rival_turn(seat);
            let sp = if card == "carthag" {
                "carthag"
            } else {
                "arrakeen"
            };
            assert_eq!(sent(&ev), vec![(seat, space(sp))], "{players}p {card}");
            let p = g.player(seat);
            assert_eq!(
                (p.conflict, p.garrison),
                (want, 0),
                "{players}p {card}: the card's troop, and Rabban's Signet Ring only at Arrakeen"
            );
        }
    }
}
