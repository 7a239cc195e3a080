//! Hidden information (the non-interference tests): what each seat's view
//! and events hold, and hidden hands changing neither the views nor who is
//! asked when.
use super::*;

#[test]
fn hidden_facts_never_reach_the_other_seat() {
    // AR-DEPLOY-02 and DESIGN.md non-interference: games that differ only
    // in what the Harkonnen cannot see give the Harkonnen the same view.
    use melange::rules::core::Viewer;
    let g = Arrakis::setup(&ArrakisOptions::default(), 11).unwrap();
    let mut other = g.clone();
    let site = a("gara_kulon");
    let token = g.areas()[site.index()].tokens[0];
    other
        .edit(|s| {
            s.areas[site.index()].tokens =
                vec![if token == 0 { 1 } else { 0 }].into_iter().collect()
        })
        .unwrap();
    let s = other.areas()[site.index()].sietch.unwrap();
    other
        .edit(|p| {
            p.areas[site.index()].sietch = Some(melange::rules::arrakis::Sietch {
                rank: if s.rank == 3 { 1 } else { 3 },
                ..s
            })
        })
        .unwrap();
    // Another hand, the piles untouched (`Setup::hand` would take the cards
    // out of the piles, whose sizes every seat sees): only the hidden
    // fact differs.
    other
        .edit(|s| {
            s.houses[A].hand = vec![
                melange::rules::arrakis::CardId(40),
                melange::rules::arrakis::CardId(41),
            ]
            .into()
        })
        .unwrap();
    let hv = |x: &Arrakis| format!("{:?}", x.view(Viewer::Seat(seat(H))));
    let pv = |x: &Arrakis| format!("{:?}", x.view(Viewer::Spectator));
    assert_eq!(hv(&g), hv(&other));
    assert_eq!(pv(&g), pv(&other));
    assert_ne!(
        format!("{:?}", g.view(Viewer::Seat(seat(A)))),
        format!("{:?}", other.view(Viewer::Seat(seat(A))))
    );
}

#[test]
fn events_are_redacted_per_seat() {
    // AR-DEPLOY-02, AR-WIN-01: token contents, drawn cards and the secret
    // objective reach only their owner.
    use melange::rules::core::Viewer;
    let (g, ev) = Arrakis::setup_with_events(&ArrakisOptions::default(), 3).unwrap();
    for e in &ev {
        let h = g.redact(e, Viewer::Seat(seat(H))).unwrap();
        let s = g.redact(e, Viewer::Spectator).unwrap();
        match e {
            Event::ObjectiveDealt { .. } => {
                assert_eq!(h, Event::ObjectiveDealt { objective: u8::MAX });
                assert_eq!(s, h);
                assert_eq!(g.redact(e, Viewer::Seat(seat(A))).unwrap(), *e);
            }
            Event::CardDrawn { faction, .. } => {
                let other = Viewer::Seat(seat(faction.other()));
                assert!(matches!(
                    g.redact(e, other).unwrap(),
                    Event::CardDrawn { card: None, .. }
                ));
                assert!(matches!(s, Event::CardDrawn { card: None, .. }));
            }
            _ => {}
        }
    }
    let placed = Event::TokenDeployed {
        area: a("gara_kulon"),
        kind: 3,
    };
    assert_eq!(
        g.redact(&placed, Viewer::Seat(seat(H))).unwrap(),
        Event::TokenDeployed {
            area: a("gara_kulon"),
            kind: u8::MAX
        }
    );
}

/// Two games that differ only in `holder`'s hidden hand, played in
/// lockstep: the other seat and a spectator must see the same views and
/// events, the same seat must be asked at every step, and the other seat
/// must have the same choices. The holder takes only choices open in both
/// games (a card both hands hold, "stop here", a move...). Returns how many
/// holder decisions had different choices in the two games, or `None` when
/// the two diverged (the message says where).
fn lockstep(
    mut g1: Arrakis,
    mut g2: Arrakis,
    holder: Faction,
    rng: &mut impl rand::Rng,
    steps: usize,
) -> Result<usize, String> {
    use melange::rules::core::Viewer;
    let watchers = [Viewer::Seat(seat(holder.other())), Viewer::Spectator];
    let mut differing = 0;
    for step in 0..steps {
        for v in watchers {
            if format!("{:?}", g1.view(v)) != format!("{:?}", g2.view(v)) {
                return Err(format!("step {step}: {v:?} sees a difference"));
            }
        }
        if g1.to_act() != g2.to_act() {
            return Err(format!(
                "step {step}: {:?} asked in one game, {:?} in the other ({:?} / {:?})",
                g1.to_act(),
                g2.to_act(),
                g1.prompt(),
                g2.prompt()
            ));
        }
        let Some(s) = g1.to_act() else {
            return Ok(differing);
        };
        let (mut l1, mut l2) = (Vec::new(), Vec::new());
        g1.legal_actions(s, &mut l1);
        g2.legal_actions(s, &mut l2);
        let choices: Vec<Action> = if s == seat(holder) {
            if l1 != l2 {
                differing += 1;
            }
            l1.iter().copied().filter(|x| l2.contains(x)).collect()
        } else {
            if l1 != l2 {
                return Err(format!("step {step}: the other seat's choices differ"));
            }
            l1
        };
        if choices.is_empty() {
            // The holder must now show a card one game has and the other
            // lacks: the rules reveal it, nothing more to compare.
            return Ok(differing);
        }
        // Cards first (their follow-up steps read the hand), then acting.
        let plays: Vec<Action> = choices
            .iter()
            .copied()
            .filter(|x| matches!(x, Action::PlayCard(..) | Action::PlayFree(_)))
            .collect();
        let acting: Vec<Action> = choices
            .iter()
            .copied()
            .filter(|x| *x != Action::Done)
            .collect();
        let x = if !plays.is_empty() && rng.random_range(0..2) == 0 {
            plays[rng.random_range(0..plays.len())]
        } else if acting.is_empty() || rng.random_range(0..8) == 0 {
            choices[rng.random_range(0..choices.len())]
        } else {
            acting[rng.random_range(0..acting.len())]
        };
        let (mut e1, mut e2) = (Vec::new(), Vec::new());
        g1.apply(s, &x, &mut e1).unwrap();
        g2.apply(s, &x, &mut e2).unwrap();
        for v in watchers {
            let r1: Vec<_> = e1.iter().filter_map(|e| g1.redact(e, v)).collect();
            let r2: Vec<_> = e2.iter().filter_map(|e| g2.redact(e, v)).collect();
            if r1 != r2 {
                return Err(format!(
                    "step {step}: {v:?} told different events after {x:?}"
                ));
            }
        }
    }
    Ok(differing)
}

#[test]
fn a_play_another_card_step_is_asked_whatever_the_hidden_hand() {
    // Non-interference of hidden information, AR-ACT-17: Beloved Feyd-Rautha's second
    // step plays another card. With a playable card in hand or with only
    // Hawat's Scheming (never playable), the Harkonnen are asked, "stop
    // here" offered, so the Atreides learn nothing from who acts next.
    let mut g1 = game();
    g1.edit(|s| {
        s.turn(H, &[DieResult::Strategy, DieResult::Deployment], 2);
        s.hand(A, &[]);
    })
    .unwrap();
    let feyd = card("beloved_feyd_rautha");
    g1.edit(|s| s.hand(H, &[feyd, card("forced_recruitment")]))
        .unwrap();
    let mut g2 = g1.clone();
    g2.edit(|s| s.hand(H, &[feyd, card("hawats_scheming")]))
        .unwrap();
    for g in [&mut g1, &mut g2] {
        play(
            g,
            H,
            &[Action::PlayCard(feyd, DieResult::Strategy), Action::Resolve],
        );
        assert_eq!(g.to_act(), Some(seat(H)));
        assert!(legal(g, H).contains(&Action::Done));
    }
    assert_eq!(legal(&g2, H), vec![Action::Done]);
    let r = lockstep(
        g1,
        g2,
        H,
        &mut rand_chacha::ChaCha8Rng::seed_from_u64(1),
        50,
    );
    assert!(matches!(r, Ok(n) if n >= 1), "{r:?}");
}

#[test]
fn hidden_hands_change_neither_views_nor_who_is_asked_when() {
    // Non-interference of hidden information: along random games, forks that differ
    // only in one house's hand (same size, some cards swapped) give the
    // other house and a spectator the same views, events and prompts at
    // the same times, until the holder must show a card only one fork has.
    use rand::{Rng, SeedableRng};
    let d = data();
    let mut differing = 0;
    for seed in 0..60u64 {
        let opts = ArrakisOptions {
            preset: if seed % 2 == 0 {
                melange::rules::arrakis::Preset::Default
            } else {
                melange::rules::arrakis::Preset::Published
            },
            ..Default::default()
        };
        let mut g = Arrakis::setup(&opts, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let holder = if seed % 4 < 2 { H } else { A };
        let fork_at = rng.random_range(10..600);
        for _ in 0..fork_at {
            let Some(s) = g.to_act() else { break };
            let mut l = Vec::new();
            g.legal_actions(s, &mut l);
            let acting: Vec<Action> = l.iter().copied().filter(|x| *x != Action::Done).collect();
            let x = if acting.is_empty() {
                l[0]
            } else {
                acting[rng.random_range(0..acting.len())]
            };
            g.apply(s, &x, &mut Vec::new()).unwrap();
        }
        if g.to_act().is_none() || g.house(holder).hand.is_empty() {
            continue;
        }
        let own: Vec<melange::rules::arrakis::CardId> = (0..d.cards.len())
            .map(|i| melange::rules::arrakis::CardId(i as u8))
            .filter(|c| melange::rules::arrakis::Deck::of(holder).contains(&d.card(*c).deck))
            .collect();
        // Some cards swapped: for the Harkonnen often for Hawat's Scheming,
        // which is never played, so a follow-up play may have nothing.
        let mut other_hand = g.house(holder).hand.clone();
        for c in other_hand.iter_mut().skip(1) {
            if rng.random() {
                *c = if holder == H && rng.random() {
                    card("hawats_scheming")
                } else {
                    own[rng.random_range(0..own.len())]
                };
            }
        }
        let mut g2 = g.clone();
        // The piles untouched, as above: only the hand differs.
        g2.edit(|s| s.houses[holder].hand = other_hand.clone())
            .unwrap();
        differing += lockstep(g, g2, holder, &mut rng, 400)
            .unwrap_or_else(|e| panic!("seed {seed}, {holder:?} hand: {e}"));
    }
    eprintln!("holder decisions with different choices: {differing}");
    assert!(differing > 0);
}
