//! Hidden information: what others see never depends on a seat's hand or
//! Intrigue cards, and draws are redacted.
use super::*;

// Non-interference: two games that differ only in seat 1's hidden cards give
// seat 0 identical views.
#[test]
fn non_interference() {
    let mut a = game(&["dagger"]);
    let mut b = a.clone();
    a.edit(|s| {
        s.hand(Seat(1), &[card("dagger"), card("diplomacy")])
            .unwrap();
    })
    .unwrap();
    b.edit(|s| {
        s.hand(Seat(1), &[card("signet_ring"), card("seek_allies")])
            .unwrap();
    })
    .unwrap();
    a.edit(|s| {
        s.give_intrigue(Seat(1), intrigue("ambush")).unwrap();
    })
    .unwrap();
    b.edit(|s| {
        s.give_intrigue(Seat(1), intrigue("windfall")).unwrap();
    })
    .unwrap();
    a.edit(|s| s.player(Seat(1)).deck.reverse()).unwrap();
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
            let hidden = Seat(if players == 1 { 0 } else { 1 });
            let mut a = Imperium::setup(&ImperiumOptions::players(players), seed).unwrap();
            // The hidden seat holds three Plots in one game and three
            // cards never playable on its turns in the other, each taken
            // out of the Intrigue deck; the other game's three go to the
            // bottom of the deck, so both decks draw the same cards until
            // those (the comparison stops there).
            let mut b = a.clone();
            let plots = ["windfall", "charisma", "favored_subject"];
            let others = ["ambush", "tiebreaker", "corner_the_market"];
            for (g, mine, theirs) in [(&mut a, plots, others), (&mut b, others, plots)] {
                g.edit(|s| {
                    for c in theirs.iter().map(|c| intrigue(c)) {
                        // The topmost copy, the one `give_intrigue` takes.
                        let i = s.intrigue_deck.iter().rposition(|d| *d == c);
                        s.intrigue_deck.remove(i.expect("in the Intrigue deck"));
                        s.intrigue_deck.insert(0, c);
                    }
                    for c in mine {
                        s.give_intrigue(hidden, intrigue(c)).unwrap();
                    }
                })
                .unwrap();
            }
            assert_ne!(a.player(hidden).intrigue, b.player(hidden).intrigue);
            let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            for _ in 0..1500 {
                assert_eq!(a.to_act(), b.to_act(), "{players}p seed {seed}");
                assert_eq!(a.view(Viewer::Spectator), b.view(Viewer::Spectator));
                for s in (0..players).map(Seat) {
                    if s != hidden {
                        assert_eq!(
                            a.view(Viewer::Seat(s)),
                            b.view(Viewer::Seat(s)),
                            "{players}p seed {seed}: {s}'s view"
                        );
                    }
                }
                compared += 1;
                let Some(actor) = a.to_act() else { break };
                let (mut la, mut lb) = (Vec::new(), Vec::new());
                a.legal_actions(actor, &mut la);
                b.legal_actions(actor, &mut lb);
                if actor != hidden {
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
                if a.to_setup().intrigue_deck.len() <= others.len() {
                    break; // the next card drawn may differ
                }
                let (mut ea, mut eb) = (Vec::new(), Vec::new());
                a.apply(actor, &pick, &mut ea).unwrap();
                b.apply(actor, &pick, &mut eb).unwrap();
                let stolen = |ev: &[Event]| {
                    ev.iter()
                        .any(|e| matches!(e, Event::IntrigueStolen { from, .. } if *from == hidden))
                };
                if stolen(&ea) || stolen(&eb) {
                    break;
                }
                for s in (0..players).map(Seat) {
                    if s != hidden {
                        let redact = |ev: &[Event]| -> Vec<Event> {
                            ev.iter()
                                .filter_map(|e| a.redact(e, Viewer::Seat(s)))
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
