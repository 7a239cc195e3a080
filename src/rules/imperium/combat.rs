//! The Combat phase (IM-COMBAT): retreating troops from the Conflict.
use crate::rules::core::Seat;

use super::event::Event;
use super::state::Imperium;

impl Imperium {
    /// IM-COMBAT-04: `n` troops from the Conflict back to the garrison.
    pub(crate) fn retreat(&mut self, seat: u8, n: u8, ev: &mut Vec<Event>) {
        if n > 0 {
            let p = self.pm(seat);
            p.conflict -= n;
            p.garrison += n;
            if p.conflict == 0 {
                p.strength_lost = true;
            }
            ev.push(Event::Retreated {
                seat: Seat(seat),
                troops: n,
            });
        }
    }
}
