//! War for Arrakis tables, leaders and cards as data: the shipped facts and
//! the load-time checks that refuse broken files.
use melange::rules::arrakis::components::LeaderKind;
use melange::rules::arrakis::data::{Data, data, data_json};
use melange::rules::arrakis::{Deck, DieResult, Faction};
use serde_json::{Value, json};

fn reparse(which: usize, f: impl FnOnce(&mut Value)) -> Result<Data, String> {
    let (t, l, c) = data_json();
    let mut texts = [t.to_string(), l.to_string(), c.to_string()];
    let mut v: Value = serde_json::from_str(&texts[which]).unwrap();
    f(&mut v);
    texts[which] = v.to_string();
    Data::parse(&texts[0], &texts[1], &texts[2])
}

#[test]
fn shipped_data_loads_with_expected_counts() {
    let d = data();
    let per_deck = |dk: Deck| -> u32 {
        d.cards
            .iter()
            .filter(|c| c.deck == dk)
            .map(|c| u32::from(c.copies))
            .sum()
    };
    for dk in [
        Deck::HouseHarkonnen,
        Deck::CorrinoAlly,
        Deck::HouseAtreides,
        Deck::FremenAlly,
    ] {
        assert_eq!(per_deck(dk), 18, "{dk:?}");
    }
    assert_eq!(d.tables.secret_objectives.len(), 6);
    assert_eq!(d.tables.prescience_cards.len(), 18);
    assert_eq!(d.tables.sietch_ranks.len(), 8);
    assert_eq!(d.tables.spice_must_flow.rows.len(), 5);
    // AR-ACT-01: the Atreides always have 4 dice; AR-ACT-02: Harkonnen 4..8.
    assert_eq!(d.tables.action_dice.atreides.dice, 4);
    let dice: Vec<u8> = d
        .tables
        .spice_must_flow
        .rows
        .iter()
        .map(|r| r.dice)
        .collect();
    assert_eq!(dice, vec![8, 7, 6, 5, 4]);
    // AR-ACT-05, AR-ACT-06: 3 per result for the Harkonnen, 2 for the Atreides.
    for r in DieResult::ALL {
        assert_eq!(d.tables.action_dice.harkonnen.slots.of(r), 3);
        assert_eq!(d.tables.action_dice.atreides.slots.of(r), 2);
    }
    // AR-COMBAT-08, AR-COMBAT-13
    assert_eq!(d.tables.combat.max_dice, 6);
    assert_eq!(d.tables.combat.generic_leader.hits, 1);
    // AR-MOVE-07, AR-SPICE-19, AR-END-08
    assert_eq!(d.tables.limits.stacking, 6);
    assert_eq!(d.tables.limits.stacking_choam_ban, 5);
    assert_eq!(d.tables.limits.hand, 6);
    for f in Faction::ALL {
        let g = d.leader(d.generic_leader(f));
        assert_eq!(g.kind, LeaderKind::Generic);
    }
    // AR-LEADER-26: Gurney has no leader abilities by default.
    let gurney = d.leader(d.leader_id("gurney_halleck").unwrap());
    assert!(gurney.combat.is_none() && gurney.action_slot.is_none());
    assert!(gurney.combat_printed.is_some());
}

#[test]
fn refuses_broken_tables() {
    let e = reparse(0, |v| {
        v["sietch_ranks"] = json!([1, 2, 3]);
    })
    .unwrap_err();
    assert!(e.contains("sietch"), "{e}");
    let e = reparse(0, |v| {
        v["setup"]["atreides_leaders"] = json!(["duncan_idaho"]);
    })
    .unwrap_err();
    assert!(e.contains("duncan_idaho"), "{e}");
    let e = reparse(0, |v| {
        v["limits"]["stacking_choam_ban"] = json!(9);
    })
    .unwrap_err();
    assert!(e.contains("stacking"), "{e}");
    let e = reparse(0, |v| {
        v["spice"]["typo"] = json!(1);
    })
    .unwrap_err();
    assert!(e.contains("typo"), "{e}");
    let e = reparse(0, |v| {
        v["secret_objectives"][0]["jihad"] = json!(0);
    })
    .unwrap_err();
    assert!(e.contains("objective"), "{e}");
    // An area's face-down tokens are an inline list: data with more
    // Atreides tokens than it holds is refused, so no move overflows it.
    let e = reparse(0, |v| {
        v["deployment_tokens"]["atreides_pool"][0]["copies"] = json!(30);
    })
    .unwrap_err();
    assert!(e.contains("more than an area holds"), "{e}");
}

#[test]
fn refuses_broken_leaders_and_cards() {
    let e = reparse(1, |v| {
        v["leaders"][0]["replaces"] = json!("nobody");
    })
    .unwrap_err();
    assert!(e.contains("nobody"), "{e}");
    let e = reparse(1, |v| {
        let l = v["leaders"].as_array_mut().unwrap();
        let copy = l[0].clone();
        l.push(copy);
    })
    .unwrap_err();
    assert!(e.contains("duplicate"), "{e}");
    let e = reparse(2, |v| {
        v["planning_cards"][0]["deck"] = json!("spacing_guild");
    })
    .unwrap_err();
    assert!(e.contains("cards"), "{e}");
    let e = reparse(2, |v| {
        v["planning_cards"]
            .as_array_mut()
            .unwrap()
            .retain(|c| c["id"] != "hawats_scheming");
    })
    .unwrap_err();
    assert!(e.contains("hawats_scheming"), "{e}");
}

#[test]
fn refuses_a_card_effect_naming_an_area_or_leader_that_does_not_exist() {
    // Every area and leader a card's steps or conditions name is checked at
    // load time, so a typo in cards.json stops the server at start-up
    // instead of failing a game in play.
    let card = |v: &mut Value, id: &str| -> usize {
        v["planning_cards"]
            .as_array()
            .unwrap()
            .iter()
            .position(|c| c["id"] == id)
            .unwrap()
    };
    let e = reparse(2, |v| {
        let i = card(v, "hard_times_and_oppression");
        v["planning_cards"][i]["steps"][1]["to"]["area"] = json!("atlantis");
    })
    .unwrap_err();
    assert!(e.contains("unknown area") && e.contains("atlantis"), "{e}");
    let e = reparse(2, |v| {
        let i = card(v, "beloved_feyd_rautha");
        v["planning_cards"][i]["steps"][0]["leader"] = json!("nobody");
    })
    .unwrap_err();
    assert!(e.contains("unknown leader") && e.contains("nobody"), "{e}");
    let e = reparse(2, |v| {
        let i = card(v, "beloved_feyd_rautha");
        v["planning_cards"][i]["alternative"]["when"]["leader_in_play"] = json!("nobody");
    })
    .unwrap_err();
    assert!(e.contains("unknown leader") && e.contains("nobody"), "{e}");
}
