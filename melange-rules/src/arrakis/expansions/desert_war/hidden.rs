//! The Desert War's part of War for Arrakis's hidden state (MC-SIM-08,
//! beside the core's `arrakis/hidden.rs`): the markers of the Camps, on
//! the board and off it, are hidden from the Harkonnen (DW-CAMP-04). Here
//! are their piece of the register, their redraw in a forward-model sample
//! (MC-SIM-03, asked through the hook list), and the classification of
//! every field of the expansion's state as public or hidden.
use super::data::desert_war;
use crate::arrakis::determinize::sorted_shuffle;
use crate::arrakis::hidden::{distinct, not_atreides};
use crate::arrakis::state::Arrakis;
use crate::core::GameRng;
use crate::core::hidden::{HiddenPiece, Reading};

/// The Desert War's pieces of the register.
pub(crate) const HIDDEN: &[HiddenPiece<Arrakis>] = &[HiddenPiece {
    name: "desert_war_camp_markers",
    hidden_from: not_atreides,
    read: |g| {
        let dw = g.expansions.desert_war.as_deref()?;
        let on_board: Vec<u64> = g
            .areas
            .iter()
            .filter_map(|a| a.expansions.desert.camp.map(|m| m as u64))
            .collect();
        let mut all = on_board.clone();
        all.extend(dw.camp_tokens.iter().map(|m| *m as u64));
        Reading::sequence_of(&on_board, distinct(&all) > 1)
    },
}];

impl Arrakis {
    /// The markers of the Camps on the board and of those off it, drawn
    /// anew in a sample for the Harkonnen (DW-CAMP-04); which markers are
    /// in the game is public, so they are drawn among themselves, and
    /// those off the board keep the data's order as the game keeps it.
    pub(crate) fn redraw_camps(&mut self, rng: &mut GameRng) {
        let Some(dw) = self.expansions.desert_war.as_deref_mut() else {
            return;
        };
        let mut pool: Vec<_> = self
            .areas
            .iter()
            .filter_map(|a| a.expansions.desert.camp)
            .collect();
        pool.append(&mut dw.camp_tokens);
        sorted_shuffle(&mut pool, rng);
        for a in &mut self.areas {
            if let Some(m) = a.expansions.desert.camp.as_mut() {
                *m = pool.pop().unwrap_or(*m);
            }
        }
        let order = &desert_war().atreides.camp_tokens;
        pool.sort_by_key(|m| order.iter().position(|x| x == m));
        dw.camp_tokens = pool;
    }
}

#[cfg(test)]
mod tests {
    use super::super::{DesertArea, DesertWarState};

    /// MC-SIM-08: every field of the Desert War's state, each named public
    /// or a piece of the register; no `..`, so a new field does not
    /// compile until it is classified here (the core's fields are in
    /// `arrakis/hidden.rs`).
    #[allow(dead_code)]
    fn classify(a: &DesertArea, dw: &DesertWarState) {
        let DesertArea {
            suspensors: _,
            rockets: _,
            sandriders: _,
            camp: _, // hidden: desert_war_camp_markers
            escorts: _,
        } = a;
        let DesertWarState {
            escorts: _,
            suspensors: _,
            sandriders: _,
            rockets: _,
            camp_tokens: _, // hidden: desert_war_camp_markers
            tokens_on_board: _,
            sandriders_card_spent: _,
            action_taken: _,
            escort_placed: _,
            desert_power_open: _,
            sandrider_placed: _,
            retreat_battle: _,
        } = dw;
    }

    #[test]
    fn the_register_names_every_hidden_field() {
        crate::arrakis::hidden::assert_registered(include_str!("hidden.rs"));
    }
}
