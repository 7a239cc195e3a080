//! The End of the Round in the Desert War (DW-ROUNDEND-01 to
//! DW-ROUNDEND-04, DW-HARKONNEN-09).
use super::*;
use melange::rules::arrakis::Marker;
use melange::rules::arrakis::expansions::ExpansionEvent;

/// A board with every kind of Desert War figure: Escorts in a legion,
/// two Camps, troopers of each kind, a Sandrider with a sandworm and one
/// without, 3 Desert War tokens on the board.
fn full_board() -> Arrakis {
    let mut g = game();
    g.edit(|s| {
        s.put(H, a("s1_1"), [2, 0, 0], 0).unwrap();
        s.put_escort(a("s1_1")).unwrap();
        s.put_escort(a("s1_1")).unwrap();
        s.put_camp(a("s1_3"), Marker::Jihad).unwrap();
        s.put_camp(a("s2_2"), Marker::KwisatzHaderach).unwrap();
        s.put_troopers(a("s1_3"), rockets(3)).unwrap();
        s.put_troopers(a("s1_4"), sus(4)).unwrap();
        s.put_troopers(
            a("s1_5"),
            Troopers {
                sandriders: 1,
                ..Default::default()
            },
        )
        .unwrap();
        s.areas[a("s2_3").index()].worm = Some(Worm::Normal);
        s.put_troopers(
            a("s2_3"),
            Troopers {
                sandriders: 1,
                ..Default::default()
            },
        )
        .unwrap();
        s.desert_war_tokens(3).unwrap();
    })
    .unwrap();
    g
}

#[test]
fn the_end_of_the_round_clears_the_desert_war() {
    // DW-ROUNDEND-01 to DW-ROUNDEND-04, DW-HARKONNEN-09, through the real
    // End of the Round: the last End of Round claim passed.
    let mut g = full_board();
    g.edit(|s| s.prompt = Prompt::EndClaims).unwrap();
    let seat = g.to_act().expect("someone passes the claims");
    let mut ev = Vec::new();
    g.apply(seat, &Action::Done, &mut ev).unwrap();
    // DW-ROUNDEND-01: the Escorts left the legion, back to supply.
    assert_eq!(g.areas()[a("s1_1").index()].expansions.desert.escorts, 0);
    assert_eq!(g.areas()[a("s1_1").index()].units[H], [2, 0, 0]);
    let dw = g.desert_war().unwrap();
    assert_eq!(dw.escorts, 2);
    // DW-ROUNDEND-02: every Camp, its token back (face down, to the
    // Atreides), in the data's order.
    assert!(g.areas().iter().all(|s| s.expansions.desert.camp.is_none()));
    assert_eq!(
        dw.camp_tokens,
        [Marker::KwisatzHaderach, Marker::SandDwellers, Marker::Jihad]
    );
    // DW-ROUNDEND-03: every Desert Trooper...
    assert_eq!((dw.suspensors, dw.rockets), (6, 6));
    assert_eq!(g.areas()[a("s1_5").index()].expansions.desert.sandriders, 0);
    // DW-ROUNDEND-04: ...but the Sandrider with a sandworm.
    assert_eq!(g.areas()[a("s2_3").index()].expansions.desert.sandriders, 1);
    assert_eq!(dw.sandriders, 1);
    // DW-HARKONNEN-09: the Desert War tokens are taken back.
    assert_eq!(dw.tokens_on_board, 0);
    assert!(ev.contains(&Event::Expansion(ExpansionEvent::DesertWar(
        DwEvent::RoundCleared {
            escorts: 2,
            camps: 2,
            troopers: Troopers {
                suspensors: 4,
                rockets: 3,
                sandriders: 1,
            },
            tokens: 3,
        }
    ))));
    // The round goes on (the leader swap, the hand limit, the unclaimed
    // prescience cards).
    assert!(matches!(
        g.prompt(),
        Prompt::Swap(_) | Prompt::HandLimit(_) | Prompt::Unclaimed
    ));
}

#[test]
fn a_sandrider_on_the_wild_maker_stays_too() {
    // DW-ROUNDEND-04: the Wild Maker is a sandworm.
    let mut g = game();
    g.edit(|s| {
        s.areas[a("s1_2").index()].worm = Some(Worm::WildMaker);
        s.put_troopers(
            a("s1_2"),
            Troopers {
                sandriders: 1,
                ..Default::default()
            },
        )
        .unwrap();
        s.put_troopers(a("s1_3"), sus(1)).unwrap();
    })
    .unwrap();
    let ev = g.test_desert_war_round_end();
    assert_eq!(g.areas()[a("s1_2").index()].expansions.desert.sandriders, 1);
    assert_eq!(g.areas()[a("s1_3").index()].expansions.desert.suspensors, 0);
    assert_eq!(ev.len(), 1);
    // Nothing left: nothing happens, no event.
    let mut clear = game();
    assert!(clear.test_desert_war_round_end().is_empty());
}

#[test]
fn the_core_game_has_no_desert_war_clean_up() {
    // Without the expansion the End of the Round is the core one.
    let mut g = Arrakis::setup(&ArrakisOptions::default(), 7).unwrap();
    assert!(g.test_desert_war_round_end().is_empty());
    assert!(g.desert_war().is_none());
}
