//! The default action (MC-DEFAULT-02): what the server plays for a seat
//! whose clock runs out (MC-CLOCK-04). It is the decision's "done" or
//! "stop here" choice ([`Action::Done`]), which every step offers where the
//! rules let a player stop (AR-ACT-17); a decision without one (a casualty
//! to choose, a card to discard to the hand limit) has no default, and the
//! seat forfeits instead.
use crate::core::Seat;

use super::action::Action;
use super::event::seat_of;
use super::state::Arrakis;

impl Arrakis {
    /// MC-DEFAULT-02: [`Action::Done`] when `seat` is to act and may stop
    /// here; always one of its legal actions.
    pub(super) fn default_for(&self, seat: Seat) -> Option<Action> {
        let waiting = self.prompt.faction().filter(|_| self.winner.is_none())?;
        if seat_of(waiting) != seat {
            return None;
        }
        self.legal_list()
            .contains(&Action::Done)
            .then_some(Action::Done)
    }
}
