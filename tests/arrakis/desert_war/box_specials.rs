//! The Atreides Desert War action of a Desert Power box leader's special
//! (DW-ATREIDES-01, DW-ATREIDES-02): the special is a Desert Power action,
//! so its one Desert War action may come before it (offered as soon as the
//! special is chosen, nothing of it done yet) or after it.
use super::atreides_kit::*;
use crate::common::{A, H, a, leader, legal, play, rule_of, seat};
use melange::rules::arrakis::expansions::desert_war::{BoxSpecial, DwAction, DwEvent, DwPrompt};
use melange::rules::arrakis::expansions::{ExpansionAction, ExpansionEvent, ExpansionPrompt};
use melange::rules::arrakis::{Action, Arrakis, Event, Faction, LeaderAt, Marker, Prompt, Worm};
use melange::rules::core::Ruleset;

fn dw(x: DwAction) -> Action {
    Action::Expansion(ExpansionAction::DesertWar(x))
}

fn refused(g: &mut Arrakis, f: Faction, x: Action) -> &'static str {
    let before = g.clone();
    let mut ev = Vec::new();
    let r = rule_of(g.apply(seat(f), &x, &mut ev).unwrap_err());
    assert_eq!(*g, before, "a refusal changes nothing");
    r
}

fn rockets_off(g: &Arrakis) -> u8 {
    g.desert_war().unwrap().rockets
}

/// A lone Sandrider in s1_3, a Camp in s3_2 (Rocket Launchers may be
/// deployed there), the Atreides to act with Desert Power allowed.
fn sandriders_game() -> Arrakis {
    let mut g = dw_game(&[]);
    g.edit(|s| {
        s.put_sandriders(a("s1_3"), 1).unwrap();
        s.put_camp(a("s3_2"), Marker::Jihad).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    g
}

#[test]
fn the_sandriders_special_with_its_desert_war_action_before_it() {
    let mut g = sandriders_game();
    let ev = play(&mut g, A, &[dw(DwAction::Sandriders(a("s1_3")))]);
    // DW-ATREIDES-02: chosen, the special waits on the Desert War action
    // before it; nothing of it is done yet (no sandworm), its card spent.
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::SandridersSpecial { area: a("s1_3") }
    ))));
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::AtreidesBefore(
            BoxSpecial::Sandriders(a("s1_3"))
        )))
    );
    assert_eq!(g.areas()[a("s1_3").index()].worm, None);
    assert!(g.desert_war().unwrap().sandriders_card_spent);
    let l = legal(&g, A);
    assert!(l.contains(&dw(DwAction::DeployRockets)) && l.contains(&Action::Done));
    // DW-ATREIDES-06: only into a Camp's area.
    let off = rockets_off(&g);
    play(&mut g, A, &[dw(DwAction::DeployRockets)]);
    assert_eq!(
        refused(&mut g, A, Action::DeployAt(a("s1_3"))),
        "DW-ATREIDES-06"
    );
    play(&mut g, A, &[Action::DeployAt(a("s3_2")), Action::Done]);
    assert_eq!(g.areas()[a("s3_2").index()].expansions.desert.rockets, 1);
    assert_eq!(rockets_off(&g), off - 1);
    // The special then takes effect: the ridden sandworm, then its
    // wormsign (DW-SANDRIDER-05, DW-SANDRIDER-08).
    assert_eq!(g.areas()[a("s1_3").index()].worm, Some(Worm::Normal));
    assert_eq!(g.prompt(), Prompt::Wormsigns(1));
    // DW-ATREIDES-01: one Desert War action per Desert Power: none at the
    // wormsign, none after.
    assert!(!legal(&g, A).contains(&dw(DwAction::DeployRockets)));
    assert_eq!(
        refused(&mut g, A, dw(DwAction::DeployRockets)),
        "DW-ATREIDES-01"
    );
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn the_sandriders_special_with_its_desert_war_action_after_it() {
    let mut g = sandriders_game();
    let off = rockets_off(&g);
    // DW-ATREIDES-02: "Done" at the before-decision: the special goes on.
    play(
        &mut g,
        A,
        &[dw(DwAction::Sandriders(a("s1_3"))), Action::Done],
    );
    assert_eq!(g.areas()[a("s1_3").index()].worm, Some(Worm::Normal));
    assert_eq!(rockets_off(&g), off);
    play(&mut g, A, &[Action::Done]);
    // The Desert War action after it.
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::AtreidesAfter))
    );
    play(
        &mut g,
        A,
        &[
            dw(DwAction::DeployRockets),
            Action::DeployAt(a("s3_2")),
            Action::Done,
        ],
    );
    assert_eq!(g.areas()[a("s3_2").index()].expansions.desert.rockets, 1);
    assert_eq!(rockets_off(&g), off - 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn no_before_decision_without_a_desert_war_action_open() {
    // DW-ATREIDES-02: with no Camp and no launcher no action is possible:
    // the special takes effect at once.
    let mut g = dw_game(&[]);
    g.edit(|s| s.put_sandriders(a("s1_3"), 1)).unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[dw(DwAction::Sandriders(a("s1_3")))]);
    assert_eq!(g.areas()[a("s1_3").index()].worm, Some(Worm::Normal));
    assert_eq!(g.prompt(), Prompt::Wormsigns(1));
}

#[test]
fn no_before_decision_under_the_turn_only_option() {
    // DW-ATREIDES-01, `desert_war_with_desert_power=turn_only`: a box
    // leader's special opens no window, before or after.
    let mut g = dw_game(&[("desert_war_with_desert_power", "turn_only")]);
    g.edit(|s| {
        s.put_sandriders(a("s1_3"), 1).unwrap();
        s.put_camp(a("s3_2"), Marker::Jihad).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[dw(DwAction::Sandriders(a("s1_3")))]);
    assert_eq!(g.prompt(), Prompt::Wormsigns(1));
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn the_wild_makers_special_with_its_desert_war_action_before_it() {
    let mut g = dw_game(&[]);
    let wm = leader("wild_maker");
    g.edit(|s| {
        s.set_leader(wm, LeaderAt::SetAside);
        s.put_camp(a("s3_2"), Marker::Jihad).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    let ev = play(&mut g, A, &[Action::Special(wm)]);
    assert!(ev.contains(&Event::SpecialAction { leader: wm }));
    // DW-ATREIDES-02: the special waits, nothing of it done: its figure
    // is still off the board.
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::AtreidesBefore(
            BoxSpecial::Leader(wm)
        )))
    );
    assert!(g.areas().iter().all(|s| s.worm != Some(Worm::WildMaker)));
    play(
        &mut g,
        A,
        &[
            dw(DwAction::DeployRockets),
            Action::DeployAt(a("s3_2")),
            Action::Done,
        ],
    );
    assert_eq!(g.areas()[a("s3_2").index()].expansions.desert.rockets, 1);
    // Then the special's own first choice (where the Wild Maker comes).
    assert!(matches!(g.prompt(), Prompt::Card(f, ..) if f == A));
    assert!(
        legal(&g, A)
            .iter()
            .any(|x| matches!(x, Action::PickArea(_)))
    );
    // DW-ATREIDES-01: once the special is over, no second action.
    play(&mut g, A, &[Action::Done]);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}

#[test]
fn the_wild_makers_special_with_its_desert_war_action_after_it() {
    let mut g = dw_game(&[]);
    let wm = leader("wild_maker");
    g.edit(|s| {
        s.set_leader(wm, LeaderAt::SetAside);
        s.put_camp(a("s3_2"), Marker::Jihad).unwrap();
    })
    .unwrap();
    atreides_turn(&mut g);
    play(&mut g, A, &[Action::Special(wm), Action::Done]);
    assert!(matches!(g.prompt(), Prompt::Card(f, ..) if f == A));
    play(&mut g, A, &[Action::Done]);
    // DW-ATREIDES-02: the action after the special.
    assert_eq!(
        g.prompt(),
        Prompt::Expansion(ExpansionPrompt::DesertWar(DwPrompt::AtreidesAfter))
    );
    play(
        &mut g,
        A,
        &[
            dw(DwAction::DeployRockets),
            Action::DeployAt(a("s3_2")),
            Action::Done,
        ],
    );
    assert_eq!(g.areas()[a("s3_2").index()].expansions.desert.rockets, 1);
    assert_eq!(g.prompt(), Prompt::Turn(H));
}
