//! The Smugglers' part of War for Arrakis's hidden state (MC-SIM-08,
//! beside the core's `arrakis/hidden.rs`): the cards the die's Mentat
//! result just drew into the Atreides hand (SM-DIE-15) are hidden from the
//! Harkonnen, who see only how many came from which deck. Here are their
//! piece of the register, how a forward-model sample redraws them with the
//! hand (MC-SIM-03, asked through the hook list), and the classification
//! of every field of the expansion's state as public or hidden.
use crate::arrakis::hidden::not_atreides;
use crate::arrakis::ids::{CardId, Faction};
use crate::arrakis::state::Arrakis;
use crate::core::hidden::{HiddenPiece, Reading};

/// The Smugglers' pieces of the register.
pub(crate) const HIDDEN: &[HiddenPiece<Arrakis>] = &[HiddenPiece {
    name: "smugglers_mentat_draw",
    hidden_from: not_atreides,
    read: |g| {
        let drawn = &g.expansions.smugglers.as_deref()?.mentat_drawn;
        let v: Vec<u64> = drawn.iter().map(|c| u64::from(c.0)).collect();
        let h = g.house(Faction::Atreides);
        let open = h.hand.len() > drawn.len() || !h.decks[0].is_empty();
        Reading::multiset_of(&v, open)
    },
}];

impl Arrakis {
    /// The cards of `f`'s hand the Mentat draw brought (the Atreides
    /// only), taken out of the state while a sample redeals the hand.
    pub(crate) fn take_mentat_drawn(&mut self, f: Faction, out: &mut Vec<CardId>) {
        if let Some(sm) = self
            .expansions
            .smugglers
            .as_deref_mut()
            .filter(|_| f == Faction::Atreides)
        {
            out.append(&mut sm.mentat_drawn);
        }
    }

    /// The redealt hand's cards that stand for the Mentat draw: as many of
    /// the new hand's cards of each deck as the draw took from it, chosen
    /// by chance (the dealt cards are in chance order).
    pub(crate) fn put_mentat_drawn(&mut self, cards: &[CardId]) {
        if let Some(sm) = self
            .expansions
            .smugglers
            .as_deref_mut()
            .filter(|_| !cards.is_empty())
        {
            sm.mentat_drawn = cards.to_vec();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{SmugglersArea, SmugglersState};

    /// MC-SIM-08: every field of the Smugglers' state, each named public
    /// or a piece of the register; no `..`, so a new field does not
    /// compile until it is classified here (the core's fields are in
    /// `arrakis/hidden.rs`).
    #[allow(dead_code)]
    fn classify(a: &SmugglersArea, sm: &SmugglersState) {
        let SmugglersArea {
            harvester: _,
            base: _,
        } = a;
        let SmugglersState {
            standing: _,
            staban_step: _,
            regulars_waiting: _,
            thopters: _,
            thopters_in_game: _,
            harvesters_in_game: _,
            carryall_in_game: _,
            base: _,
            die: _,
            die_ready: _,
            battles_this_placement: _,
            thopters_forgone: _,
            base_pending: _,
            staban_returning: _,
            resume: _,
            mentat_drawn: _, // hidden: smugglers_mentat_draw
            die_special: _,
        } = sm;
    }

    #[test]
    fn the_register_names_every_hidden_field() {
        crate::arrakis::hidden::assert_registered(include_str!("hidden.rs"));
    }
}
