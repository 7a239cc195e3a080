//! Smuggler harvesters and Atreides legions (SM-LEGION-01 to SM-LEGION-05,
//! SM-HARVESTER-06; docs/rules-decisions.md, Smugglers, SQ7): an area
//! with a Smuggler harvester is free for both houses, so the core movement
//! rules let either enter and stay (nothing here); an Atreides legion that
//! ends its move there, or advances there after a won battle, captures it
//! as it would remove a Harkonnen harvester (the core arrival,
//! `after_entering`): the harvester leaves the game and Staban Tuek moves
//! down. Passing through (sandriding, troop-transport) captures nothing.
use super::data::smugglers;
use super::event::SmEvent;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionEvent;
use crate::arrakis::ids::AreaId;
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// SM-LEGION-02, SM-LEGION-04, SM-LEGION-05: an Atreides legion came to
    /// stay in `b`: a Smuggler harvester there is captured, out of the game
    /// for good, then Staban Tuek moves down `harvesters.capture_steps_down`
    /// (the alliance checked after). It does not count for the Jihad
    /// (SM-HARVESTER-09). Nothing without one.
    pub(crate) fn smugglers_capture(&mut self, b: AreaId, ev: &mut Vec<Event>) {
        let Some(sm) = self.expansions.smugglers.as_deref_mut() else {
            return;
        };
        let s = &mut self.areas[b.index()].expansions.smugglers;
        if !s.harvester {
            return;
        }
        s.harvester = false;
        sm.harvesters_in_game = sm.harvesters_in_game.saturating_sub(1);
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::HarvesterCaptured {
                area: b,
                in_game: sm.harvesters_in_game,
            },
        )));
        self.staban_down(smugglers().harvesters.capture_steps_down, ev);
    }
}
