//! Default actions (MC-DEFAULT-01): what a seat's clock plays for it when
//! it runs out (MC-CLOCK-04). The decision's own "pass", "done" or
//! "decline" where it offers one: `Pass` (pass, done acquiring, no more
//! Plot Intrigue, trash nothing, decline an optional effect or the
//! defensive troop) or, for deploying and retreating, 0 troops. Decisions
//! without one (sending an Agent, a choice between effects, a faction...)
//! have no default: the seat forfeits (MC-RESIGN-02).
use crate::core::Seat;

use super::action::Action;
use super::prompt::Prompt;
use super::state::Imperium;

impl Imperium {
    /// MC-DEFAULT-01: the default action of `seat`'s decision, always one
    /// of its legal actions; `None` when `seat` is not to act or the
    /// decision has none.
    pub(crate) fn default_for(&self, seat: Seat) -> Option<Action> {
        let pending = self.prompt.as_ref().filter(|p| p.seat() == seat)?;
        let decline = match pending {
            Prompt::Deploy { .. } | Prompt::Retreat { .. } => Action::Troops(0),
            // `Pass` here moves an Agent from the Leader: a choice, not a
            // decline.
            Prompt::KwisatzFrom { .. } => return None,
            _ => Action::Pass,
        };
        let mut legal = Vec::new();
        self.legal(&mut legal);
        legal.contains(&decline).then_some(decline)
    }
}
