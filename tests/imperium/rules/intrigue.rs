//! Intrigue cards (IM-INTRIGUE): when each kind may be played, Plots at
//! each point of a turn, after-win cards, stealing, and keeping them apart
//! from the deck.
use super::*;

// IM-INTRIGUE-06 IM-INTRIGUE-04: Combat cards not on Agent turns; Plots not in Combat.
#[test]
fn intrigue_timing() {
    let mut g = game(&["dagger"]);
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("ambush")).unwrap();
    })
    .unwrap();
    refused(
        &mut g,
        Action::Intrigue(intrigue("ambush")),
        "IM-INTRIGUE-06",
    );
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("windfall")).unwrap();
    })
    .unwrap();
    // IM-INTRIGUE-02: a Plot on the Agent turn.
    act(&mut g, Action::Intrigue(intrigue("windfall")));
    assert_eq!(g.player(Seat(0)).solari, 12);
    g.edit(|s| {
        s.deployed(Seat(1), 1).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(1), intrigue("charisma")).unwrap();
    })
    .unwrap();
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
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("charisma")).unwrap();
    })
    .unwrap();
    act(&mut g, Action::Reveal);
    act(&mut g, Action::Intrigue(intrigue("charisma")));
    assert_eq!(g.player(Seat(0)).persuasion, 2);
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
        g.edit(|s| {
            s.give_intrigue(Seat(0), intrigue(c)).unwrap();
        })
        .unwrap();
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
    assert_eq!(g.player(Seat(0)).solari, 12);
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
    assert_eq!(g.player(Seat(0)).persuasion, 2);
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
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("reinforcements"))
            .unwrap();
    })
    .unwrap();
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
            g.edit(|s| {
                s.give_intrigue(Seat(0), intrigue(c)).unwrap();
            })
            .unwrap();
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
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("windfall")).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("charisma")).unwrap();
    })
    .unwrap();
    act(&mut g, Action::Intrigue(intrigue("windfall")));
    act(&mut g, Action::Reveal);
    assert_eq!(prompt_kind(&g), "acquire");
    assert_eq!(plots_offered(&g), vec![intrigue("charisma")]);
    act(&mut g, Action::Intrigue(intrigue("charisma")));
    let p = g.player(Seat(0));
    assert_eq!((p.solari, p.intrigue.len()), (12, 0));
    assert!(p.persuasion >= 2);
}

// IM-INTRIGUE-10 IM-INTRIGUE-11 IM-INTRIGUE-09: Secrets steals from 4+ only.
#[test]
fn steal_intrigue() {
    let mut g = game(&["diplomacy"]);
    for c in ["ambush", "windfall", "charisma", "bribery"] {
        g.edit(|s| {
            s.give_intrigue(Seat(1), intrigue(c)).unwrap();
        })
        .unwrap();
    }
    for c in ["refocus", "tiebreaker", "know_their_ways"] {
        g.edit(|s| {
            s.give_intrigue(Seat(2), intrigue(c)).unwrap();
        })
        .unwrap();
    }
    send(&mut g, "diplomacy", "secrets");
    assert_eq!(g.player(Seat(0)).intrigue.len(), 2);
    assert_eq!(g.player(Seat(1)).intrigue.len(), 3);
    assert_eq!(g.player(Seat(2)).intrigue.len(), 3);
}

// IM-INTRIGUE-08: Intrigue cards never enter the deck.
#[test]
fn intrigue_kept_apart() {
    let mut g = game(&["reconnaissance"]);
    send(&mut g, "reconnaissance", "carthag");
    let p = g.player(Seat(0));
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
    g.edit(|s| {
        s.deployed(Seat(0), 3).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.deployed(Seat(1), 1).unwrap();
    })
    .unwrap();
    g.edit(|s| {
        s.give_intrigue(Seat(0), intrigue("to_the_victor")).unwrap();
    })
    .unwrap();
    g.test_go_to_combat();
    assert!(!legal(&g).contains(&Action::Intrigue(intrigue("to_the_victor"))));
    act(&mut g, Action::Pass);
    act(&mut g, Action::Pass);
    // Resolve rewards until the after-win window.
    while !legal(&g).contains(&Action::Intrigue(intrigue("to_the_victor"))) {
        let l = legal(&g);
        act(&mut g, l[0]);
    }
    // Anything but an after-win card or Pass is refused as IM-INTRIGUE-12,
    // the decision the game waits on.
    refused(&mut g, Action::Troops(1), "IM-INTRIGUE-12");
    let spice = g.player(Seat(0)).spice;
    act(&mut g, Action::Intrigue(intrigue("to_the_victor")));
    assert_eq!(g.player(Seat(0)).spice, spice + 3);
}
