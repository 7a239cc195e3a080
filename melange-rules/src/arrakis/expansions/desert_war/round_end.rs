//! The Desert War's part of the End of the Round (DW-ROUNDEND-01 to
//! DW-ROUNDEND-04, DW-HARKONNEN-09; docs/rules-decisions.md, Desert War,
//! "The End of the Round"): at the core vehicle clean-up step, after the
//! objective check and before the leader swap, the Escorts serving in
//! legions, every Camp (its token back to the Atreides face down), every
//! Desert Trooper but a Sandrider sharing its area with a sandworm, and
//! the Desert War tokens leave the board, all back to their supplies; the
//! Sandriders leader card is refreshed with the other leader cards. An
//! Escort in an air zone is a vehicle and left with the other vehicles at
//! the end of Spice Harvesting.
use super::event::DwEvent;
use super::troopers::Troopers;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionEvent;
use crate::arrakis::ids::Faction;
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// The Desert War clean-up of the End of the Round; nothing without
    /// the expansion.
    pub(crate) fn desert_war_round_end(&mut self, ev: &mut Vec<Event>) {
        // Escorts removed earlier in this step are accounted for first.
        self.settle_escorts();
        let Some(mut dw) = self.expansions.desert_war.take() else {
            return;
        };
        dw.escort_placed = false;
        let mut escorts = 0;
        let mut camps = 0;
        let mut gone = Troopers::default();
        for s in &mut self.areas {
            let d = &mut s.expansions.desert;
            // DW-ROUNDEND-01: Escorts in legions (DW-ESCORT-12), counted
            // among the legion's generic leaders (DW-ESCORT-08).
            let e = std::mem::take(&mut d.escorts).min(s.generic[Faction::Harkonnen]);
            s.generic[Faction::Harkonnen] -= e;
            escorts += e;
            dw.escorts += e;
            let d = &mut s.expansions.desert;
            // DW-ROUNDEND-02: Camps; the token goes back face down.
            if let Some(m) = d.camp.take() {
                camps += 1;
                dw.camp_tokens.push(m);
            }
            // DW-ROUNDEND-03: every Desert Trooper...
            gone.suspensors += d.suspensors;
            gone.rockets += d.rockets;
            dw.suspensors += d.suspensors;
            dw.rockets += d.rockets;
            d.suspensors = 0;
            d.rockets = 0;
            // DW-ROUNDEND-04: ...but a Sandrider with a sandworm (the
            // Wild Maker too), which stays and still rides.
            if s.worm.is_none() {
                gone.sandriders += d.sandriders;
                dw.sandriders += d.sandriders;
                d.sandriders = 0;
            }
        }
        // Camp tokens keep the data's order off the board, so the supply
        // never tells in which order they came back.
        let order = &super::data::desert_war().atreides.camp_tokens;
        dw.camp_tokens
            .sort_by_key(|m| order.iter().position(|x| x == m));
        // DW-HARKONNEN-09 (docs/rules-decisions.md, DQ2): every token
        // still on the board is taken back.
        let tokens = dw.tokens_on_board;
        dw.tokens_on_board = 0;
        // The Sandriders card is refreshed with the leader cards (AR-END-06).
        dw.sandriders_card_spent = false;
        dw.action_taken = false;
        self.expansions.desert_war = Some(dw);
        if escorts + camps + gone.total() + tokens > 0 {
            ev.push(Event::Expansion(ExpansionEvent::DesertWar(
                DwEvent::RoundCleared {
                    escorts,
                    camps,
                    troopers: gone,
                    tokens,
                },
            )));
        }
    }
}
