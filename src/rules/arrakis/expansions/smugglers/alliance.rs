//! The Smugglers ally with the Atreides (SM-ALLY, SM-STABAN, SM-GURNEY):
//! Staban Tuek's step on the prescience track, the check after every move
//! of a prescience marker or of Staban, and the alliance's steps.
use super::event::SmEvent;
use crate::rules::arrakis::event::Event;
use crate::rules::arrakis::state::Arrakis;

impl Arrakis {
    /// Staban Tuek moves down `n` prescience steps while the Smugglers are
    /// neutral (a Drone Ornithopters play, SM-ALLY-02; a Smuggler harvester
    /// captured, SM-LEGION-05), then the alliance is checked. Nothing else
    /// moves him (SM-ALLY-03).
    pub(crate) fn staban_down(&mut self, n: u8, ev: &mut Vec<Event>) {
        let Some(sm) = self.smugglers.as_mut() else {
            return;
        };
        if !sm.neutral() || n == 0 {
            return;
        }
        sm.staban_step = sm.staban_step.saturating_sub(n);
        ev.push(Event::Smugglers(SmEvent::StabanMoved {
            step: sm.staban_step,
        }));
        self.smugglers_ally_if_due(ev);
    }

    /// SM-ALLY-01: the Smugglers ally when a prescience marker reaches or
    /// passes Staban Tuek's step. Called after every move of a prescience
    /// marker and of Staban; does nothing once allied or defeated.
    pub(crate) fn smugglers_ally_if_due(&mut self, _ev: &mut Vec<Event>) {
        let Some(sm) = self.smugglers.as_deref() else {
            return;
        };
        let due = sm.neutral() && self.prescience.iter().any(|&p| p >= sm.staban_step);
        // The alliance's steps (SM-ALLY-04 to SM-ALLY-10) come here when due.
        let _ = due;
    }
}
