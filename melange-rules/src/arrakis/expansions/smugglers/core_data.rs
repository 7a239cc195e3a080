//! The core game's facts as the Smugglers change them: the leader table
//! gains Staban Tuek (SM-SETUP-01, SM-STABAN), Gurney Halleck enters by the
//! alliance instead of the Smugglers cards (SM-GURNEY-02), and the card
//! table gains the Drone Ornithopters while the three Smugglers cards they
//! replace leave the game (SM-SETUP-08, SM-SETUP-09). New entries are
//! appended, so every core leader and card keeps its id; a game with the
//! expansion reads this table (`Arrakis::d`), any other the core one.
use std::sync::LazyLock;

use super::data::{Smugglers, smugglers};
use super::drones::SmStep;
use crate::arrakis::board::tables::Conversion;
use crate::arrakis::card_effects::{LegionFilter, MoveMode, Step};
use crate::arrakis::components::{CardTiming, Entry, Leader, LeaderKind, PlanningCard};
use crate::arrakis::data::{Data, data};

/// Builds the expansion's tables from the core ones and the expansion's
/// file; both are checked at load, so this cannot fail.
fn build(core: &Data, sm: &Smugglers) -> Data {
    let st = &sm.staban_tuek;
    let mut leaders = core.leaders.clone();
    for l in &mut leaders {
        if sm.setup.set_aside_leader_cards.contains(&l.id) {
            // SM-SETUP-11, SM-GURNEY-02: the card waits beside the Atreides,
            // out of play, until the alliance (the figure on the Smugglers
            // board, `leaders_on_board`).
            l.enters = Entry::SMUGGLERS_ALLIANCE;
        }
    }
    let mut special = vec![Step::Wormsigns {
        count: st.special_wormsigns,
    }];
    if st.special_moves_own_legion {
        special.push(Step::Move {
            legions: 1,
            with: LegionFilter::WithNamed(st.id.clone()),
            mode: MoveMode::Move,
            boost: Default::default(),
        });
    }
    leaders.push(Leader {
        id: st.id.clone(),
        name: st.name.clone(),
        faction: st.faction,
        side: "house_atreides".into(),
        kind: LeaderKind::Named,
        action_slot: Some(st.action_slot),
        combat: Some(Conversion {
            hits: st.combat.hits,
            shields: st.combat.shields,
        })
        .filter(|c| c.hits + c.shields > 0),
        combat_printed: None,
        enters: Entry::SMUGGLERS_ALLIANCE,
        replaces: None,
        same_person_as: None,
        special,
        removed_by_discarding: None,
    });
    let mut cards = core.cards.clone();
    for c in &mut cards {
        if sm.setup.replaced_cards.contains(&c.id) {
            // SM-SETUP-09: out of the game.
            c.copies = 0;
        }
    }
    let drone = &sm.drone_ornithopters;
    cards.push(PlanningCard {
        id: drone.id.clone(),
        name: drone.name.clone(),
        deck: drone.deck,
        copies: drone.copies,
        timing: CardTiming::ActionTurn,
        effect: "smugglers".into(),
        summary: format!(
            "Staban Tuek moves down {} prescience step and {} Smuggler ornithopter joins the \
             Smugglers board",
            drone.staban_steps_down, drone.ornithopters_added
        ),
        // SM-ALLY-02, SM-THOPTER-01: the card's steps.
        steps: vec![
            SmStep::StabanDown {
                steps: drone.staban_steps_down,
            }
            .step(),
            SmStep::SmugglerOrnithopters {
                count: drone.ornithopters_added,
            }
            .step(),
        ],
        alternative: None,
        requires: None,
    });
    Data {
        board: core.board,
        tables: core.tables.clone(),
        leaders,
        cards,
    }
}

static SMUGGLERS_DATA: LazyLock<Data> = LazyLock::new(|| build(data(), smugglers()));

/// The core facts of a game with the Smugglers.
pub fn smugglers_data() -> &'static Data {
    &SMUGGLERS_DATA
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SM-SETUP-01, SM-SETUP-08, SM-SETUP-09, SM-GURNEY-02: Staban Tuek and
    /// the Drone Ornithopters are appended, the Smugglers cards leave, and
    /// every core id is kept.
    #[test]
    fn the_tables_gain_staban_and_the_drones_and_keep_every_core_id() {
        let (core, sm) = (data(), smugglers_data());
        assert_eq!(sm.leaders.len(), core.leaders.len() + 1);
        assert_eq!(sm.cards.len(), core.cards.len() + 1);
        for (a, b) in core.leaders.iter().zip(&sm.leaders) {
            assert_eq!(a.id, b.id);
        }
        let staban = sm.leader_id("staban_tuek").expect("Staban Tuek");
        assert_eq!(usize::from(staban.0), core.leaders.len());
        let gurney = &sm.leaders[usize::from(sm.leader_id("gurney_halleck").unwrap().0)];
        assert_eq!(gurney.enters, Entry::SMUGGLERS_ALLIANCE);
        for id in ["smugglers_a", "smugglers_b", "smugglers_c"] {
            let c = sm.cards.iter().find(|c| c.id == id).unwrap();
            assert_eq!(c.copies, 0, "{id} leaves the game (SM-SETUP-09)");
        }
        let drone = sm.cards.last().unwrap();
        assert_eq!((drone.id.as_str(), drone.copies), ("drone_ornithopters", 3));
    }

    /// SM-SETUP-11: the leader cards set aside beside the Atreides are the
    /// ones that wait for the alliance; a core leader not named there
    /// enters as in the core game.
    #[test]
    fn the_set_aside_cards_decide_who_waits_for_the_alliance() {
        let mut sm = smugglers().clone();
        sm.setup.set_aside_leader_cards = vec![sm.staban_tuek.id.clone()];
        sm.setup.leaders_on_board.clear();
        let built = build(data(), &sm);
        let core = data();
        let gurney = built.leader_id("gurney_halleck").unwrap();
        assert_eq!(
            built.leaders[usize::from(gurney.0)].enters,
            core.leaders[usize::from(gurney.0)].enters
        );
        assert_ne!(
            built.leaders[usize::from(gurney.0)].enters,
            Entry::SMUGGLERS_ALLIANCE
        );
    }
}
