//! The Agent turn (IM-AGENT): where an Agent may go with which card, the
//! deploy after a Combat space, and the order of the turn's parts
//! (IM-AGENT-09).
use super::*;

// IM-AGENT-01 IM-AGENT-02 IM-AGENT-03 IM-AGENT-08: play one card, choose its
// icon by the space, gain the space's effects.
#[test]
fn agent_turn_plays_a_card_and_gains_the_space() {
    let mut g = game(&["dagger", "convincing_argument"]);
    send(&mut g, "dagger", "rally_troops");
    finish_turn(&mut g, 0);
    let p = g.player(Seat(0));
    assert_eq!(p.played.to_vec(), vec![card("dagger")]);
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
    g.edit(|s| s.occupant[at("carthag")] = Some(Seat(2)))
        .unwrap();
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
    g.edit(|s| s.player(Seat(0)).solari = 3).unwrap();
    refused(
        &mut g,
        Action::SendAgent {
            card: card("dagger"),
            space: space("rally_troops"),
        },
        "IM-AGENT-07",
    );
    g.edit(|s| s.player(Seat(0)).solari = 4).unwrap();
    send(&mut g, "dagger", "rally_troops");
    assert_eq!(g.player(Seat(0)).solari, 0);
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
    let p = g.player(Seat(0));
    assert_eq!((p.conflict, p.garrison), (3, 1));
}

// IM-AGENT-13 IM-AGENT-14: at a non-Combat space recruits go to the garrison
// and nothing may be deployed.
#[test]
fn non_combat_space_no_deploy() {
    let mut g = game(&["dagger"]);
    send(&mut g, "dagger", "rally_troops");
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Troops(_))));
    assert_eq!(g.player(Seat(0)).conflict, 0);
}

// IM-AGENT-15 IM-REVEAL-01 IM-AGENT-17: Reveal is always offered; with no
// Agent left only Reveal remains.
#[test]
fn reveal_optional_and_forced_without_agents() {
    let mut g = game(&["dagger"]);
    assert!(legal(&g).contains(&Action::Reveal));
    g.edit(|s| s.player(Seat(0)).agents_out = 2).unwrap();
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
        g.edit(|s| s.player(Seat(0)).spice = 0).unwrap();
        g.edit(|s| s.bonus_spice[at("hagga_basin")] = 0).unwrap();
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
    let garrison = a.player(Seat(0)).garrison;
    act(&mut a, PART_SPACE);
    assert_eq!(a.player(Seat(0)).spice, 2);
    assert_eq!(prompt(&a), "optional", "Fremen Camp's box is now payable");
    act(&mut a, Action::Accept);
    assert_eq!(a.player(Seat(0)).spice, 0);
    assert_eq!(a.player(Seat(0)).garrison, garrison + 3);
    // Agent box first: nothing to pay with, so it does nothing.
    let mut b = setup();
    act(&mut b, PART_AGENT_BOX);
    assert_ne!(prompt(&b), "optional");
    assert_ne!(prompt(&b), "agent_order", "one part left: not asked");
    assert_eq!(b.player(Seat(0)).spice, 2);
    assert_eq!(b.player(Seat(0)).garrison, garrison);
}

// IM-AGENT-09: three parts (Faction Influence, space, Agent box) are all
// offered; after one is taken the order of the other two is asked again
// while it can still matter (Firm Grip pays the 2 Solari Wealth gives).
#[test]
fn agent_09_three_parts_and_faction_influence() {
    let mut g = game(&["firm_grip"]);
    g.edit(|s| s.player(Seat(0)).solari = 0).unwrap();
    send(&mut g, "firm_grip", "wealth");
    assert_eq!(prompt(&g), "agent_order");
    assert_eq!(legal(&g), vec![PART_INFLUENCE, PART_SPACE, PART_AGENT_BOX]);
    let emperor = g.player(Seat(0)).influence[Faction::Emperor.index()];
    act(&mut g, PART_INFLUENCE);
    assert_eq!(
        g.player(Seat(0)).influence[Faction::Emperor.index()],
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
    let water = g.player(Seat(0)).water;
    let fremen = g.player(Seat(0)).influence[Faction::Fremen.index()];
    send(&mut g, "stilgar", "stillsuits");
    assert_ne!(prompt(&g), "agent_order");
    let p = g.player(Seat(0));
    assert_eq!(p.water, water + 2, "Stillsuits 1 + Stilgar 1");
    assert_eq!(p.influence[Faction::Fremen.index()], fremen + 1);
    // Other Memory's choice reads cards; Secure Contract gives Solari.
    let mut g = game(&["other_memory"]);
    send(&mut g, "other_memory", "secure_contract");
    assert_eq!(prompt(&g), "choice");
}

// IM-AGENT-09: a draw is a change to the cards that another part reads.
// Lady Jessica's Agent box draws 2; Selective Breeding trashes a card and
// then draws 2. Drawing first lets the trash take a card just drawn, so the
// order is asked: with all three parts, and again once the Faction
// Influence is taken.
#[test]
fn agent_09_a_draw_before_a_trash_is_asked() {
    let setup = || {
        let mut g = game(&["lady_jessica"]);
        send(&mut g, "lady_jessica", "selective_breeding");
        assert_eq!(prompt(&g), "agent_order");
        assert_eq!(legal(&g), vec![PART_INFLUENCE, PART_SPACE, PART_AGENT_BOX]);
        g
    };
    let mut g = setup();
    act(&mut g, PART_INFLUENCE);
    assert_eq!(
        prompt(&g),
        "agent_order",
        "the draw still precedes the trash"
    );
    assert_eq!(legal(&g), vec![PART_SPACE, PART_AGENT_BOX]);
    // Agent box first: the 2 cards drawn may be trashed by the space.
    let mut g = setup();
    let deck = g.player(Seat(0)).deck.len();
    act(&mut g, PART_AGENT_BOX);
    let p = g.player(Seat(0));
    assert_eq!(p.deck.len(), deck - 2);
    let drawn: Vec<CardId> = p.hand.to_vec();
    assert_eq!(drawn.len(), 2, "Jessica is in play, the 2 drawn in hand");
    assert_ne!(prompt(&g), "agent_order", "one order left cannot matter");
    let l = legal(&g);
    for c in &drawn {
        assert!(l.contains(&Action::Trash(*c, Zone::Hand)), "{c:?} in {l:?}");
    }
}

// IM-AGENT-09 with IM-CONTROL-07: the controller's bonus is part of the
// space's effects. With Imperial Basin controlled, its harvest (1 spice)
// and the bonus (1 spice) pay Fremen Camp's 2 spice: the order is asked,
// the space first pays for the Agent box, the Agent box first finds no
// spice.
#[test]
fn agent_09_the_controllers_bonus_counts_in_the_order() {
    let setup = || {
        let mut g = game(&["fremen_camp"]);
        g.edit(|s| s.player(Seat(0)).spice = 0).unwrap();
        g.edit(|s| s.bonus_spice[at("imperial_basin")] = 0).unwrap();
        g.edit(|s| s.control[at("imperial_basin")] = Some(Seat(0)))
            .unwrap();
        send(&mut g, "fremen_camp", "imperial_basin");
        assert_eq!(prompt(&g), "agent_order");
        assert_eq!(legal(&g), vec![PART_SPACE, PART_AGENT_BOX]);
        g
    };
    let mut a = setup();
    let garrison = a.player(Seat(0)).garrison;
    act(&mut a, PART_SPACE);
    assert_eq!(a.player(Seat(0)).spice, 1 + 1, "harvest and bonus");
    assert_eq!(prompt(&a), "optional", "Fremen Camp's box is now payable");
    act(&mut a, Action::Accept);
    assert_eq!(a.player(Seat(0)).spice, 0);
    assert_eq!(a.player(Seat(0)).garrison, garrison + 3);
    let mut b = setup();
    act(&mut b, PART_AGENT_BOX);
    assert_ne!(prompt(&b), "optional");
    assert_eq!(b.player(Seat(0)).spice, 2);
    assert_eq!(b.player(Seat(0)).garrison, garrison);
}

// IM-AGENT-09: the space's own changes count with the controller's bonus,
// not only those they share. Countess Ariana's harvest draws a card (Spice
// Addict), which may reshuffle the discard pile that Other Memory takes a
// Bene Gesserit card from; the bonus (spice) does not change cards, yet
// the order is asked.
#[test]
fn agent_09_a_controlled_spaces_own_changes_still_count() {
    let mut g = game_with(
        [
            "countess_ariana_thorvald",
            "glossu_rabban",
            "paul_atreides",
            "earl_memnon_thorvald",
        ],
        &["other_memory"],
    );
    g.edit(|s| s.control[at("imperial_basin")] = Some(Seat(0)))
        .unwrap();
    send(&mut g, "other_memory", "imperial_basin");
    assert_eq!(prompt(&g), "agent_order");
    assert_eq!(legal(&g), vec![PART_SPACE, PART_AGENT_BOX]);
}
