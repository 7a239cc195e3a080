//! MC-DEFAULT-01: the default action of a decision (what a seat's clock
//! plays for it, MC-CLOCK-04) is its "pass", "done" or "decline" choice
//! where it has one: always a legal action, and only for the seat to act.
use melange::rules::core::{RngStream, Ruleset, Seat};
use melange::rules::imperium::{Action, Imperium, ImperiumOptions, Preset};
use rand::Rng;

use crate::common::{at, game, kind, legal, send, settle, space};

// MC-DEFAULT-01: along random games, the default is legal or absent, and
// other seats never have one.
#[test]
fn the_default_is_always_legal_and_only_for_the_seat_to_act() {
    let (mut some, mut none) = (0, 0);
    for seed in 0..24u64 {
        let opts = ImperiumOptions {
            preset: if seed % 2 == 0 {
                Preset::Default
            } else {
                Preset::Published
            },
            ..ImperiumOptions::players(1 + (seed % 4) as u8)
        };
        let mut g = Imperium::setup(&opts, seed).unwrap();
        let mut chooser = RngStream::Bot(0xfd).rng(seed);
        while let Some(seat) = g.to_act() {
            let mut l = Vec::new();
            g.legal_actions(seat, &mut l);
            match g.default_action(seat) {
                Some(a) => {
                    some += 1;
                    assert!(
                        l.contains(&a),
                        "MC-DEFAULT-01: {a:?} is not legal in {}",
                        kind(&g)
                    );
                    assert!(matches!(a, Action::Pass | Action::Troops(0)), "{a:?}");
                }
                None => {
                    none += 1;
                    assert!(
                        !l.contains(&Action::Pass) || kind(&g) == "kwisatz_haderach",
                        "MC-DEFAULT-01: {} offers Pass but has no default",
                        kind(&g)
                    );
                }
            }
            for other in (0..g.seat_count() as u8).map(Seat).filter(|s| *s != seat) {
                assert_eq!(g.default_action(other), None);
            }
            let a = l[chooser.random_range(0..l.len())];
            g.apply(seat, &a, &mut Vec::new()).unwrap();
        }
        // Nobody has a default in a finished game.
        assert_eq!(g.default_action(Seat(0)), None);
    }
    assert!(some > 0 && none > 0, "both cases seen: {some} / {none}");
}

// MC-DEFAULT-01: the Agent turn has none (sending an Agent is no pass);
// the acquire step of the Reveal turn defaults to "done acquiring".
#[test]
fn a_turn_has_no_default_and_acquiring_defaults_to_done() {
    let mut g = game(&["dagger", "dune_the_desert_planet"]);
    assert_eq!(kind(&g), "turn");
    assert!(!legal(&g).contains(&Action::Pass));
    assert_eq!(g.default_action(Seat(0)), None);
    g.apply(Seat(0), &Action::Reveal, &mut Vec::new()).unwrap();
    settle(&mut g);
    assert_eq!(kind(&g), "acquire");
    assert_eq!(g.default_action(Seat(0)), Some(Action::Pass));
}

// MC-DEFAULT-01: deploying defaults to no troops.
#[test]
fn deploying_defaults_to_no_troops() {
    let mut g = game(&["reconnaissance"]);
    g.edit(|s| {
        s.garrison(Seat(0), 3).unwrap();
    })
    .unwrap();
    send(&mut g, "reconnaissance", "carthag");
    // Carthag gives an Intrigue card: the Plot window comes first.
    while kind(&g) == "agent_plot" {
        assert_eq!(g.default_action(Seat(0)), Some(Action::Pass));
        g.apply(Seat(0), &Action::Pass, &mut Vec::new()).unwrap();
    }
    assert_eq!(kind(&g), "deploy");
    assert_eq!(g.default_action(Seat(0)), Some(Action::Troops(0)));
}

// MC-DEFAULT-01: the Kwisatz Haderach's question (which Agent it sends)
// has no default even where "Pass" is legal: there "Pass" sends the Agent
// left on the Leader, a choice rather than a decline, so the seat's clock
// forfeits it (MC-CLOCK-04) instead of playing it.
#[test]
fn the_kwisatz_haderach_question_has_no_default_though_pass_is_legal() {
    let mut g = game(&["kwisatz_haderach"]);
    // One Agent already on a board space, one still on the Leader.
    g.edit(|s| s.occupant[at("wealth")] = Some(Seat(0)))
        .unwrap();
    g.edit(|s| s.player(Seat(0)).agents_out = 1).unwrap();
    send(&mut g, "kwisatz_haderach", "secure_contract");
    assert_eq!(kind(&g), "kwisatz_haderach");
    assert_eq!(
        legal(&g),
        vec![Action::Space(space("wealth")), Action::Pass]
    );
    assert_eq!(g.default_action(Seat(0)), None);
    // With no Agent on the Leader, only the placed Agents may go: no
    // default either.
    let mut g = game(&["kwisatz_haderach"]);
    g.edit(|s| s.occupant[at("wealth")] = Some(Seat(0)))
        .unwrap();
    g.edit(|s| s.occupant[at("carthag")] = Some(Seat(0)))
        .unwrap();
    g.edit(|s| s.player(Seat(0)).agents_out = 2).unwrap();
    send(&mut g, "kwisatz_haderach", "secure_contract");
    assert_eq!(kind(&g), "kwisatz_haderach");
    assert!(!legal(&g).contains(&Action::Pass));
    assert_eq!(g.default_action(Seat(0)), None);
}
