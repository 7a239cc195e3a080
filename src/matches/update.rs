use std::{
    any::Any,
    sync::{Arc, OnceLock},
};

use super::{SeatTime, Stamped, StandIn};
use crate::rules::core::{Ruleset, Viewer};

/// Whatever the platform renders for one viewer of one update, stored once
/// and shared by every reader that asks for the same viewer.
pub type Rendered = Arc<dyn Any + Send + Sync>;

/// One applied action as watchers receive it: its events and the state
/// after it, from which each watcher renders its own redacted view.
///
/// The rendering is done once per viewer and kept here: every spectator
/// stream of the game shares the spectator's, and a seat's stream shares
/// its seat's with the `ApplyAction` response of that seat. The matches
/// layer knows nothing of what is rendered (protobuf is the api layer's);
/// it only keeps one slot per viewer.
#[derive(Debug)]
pub struct Update<R: Ruleset> {
    /// The version after the action.
    pub version: u64,
    /// Its events, unredacted.
    pub events: Vec<Stamped<R::Event>>,
    /// The state after it.
    pub state: R,
    /// The clocked seats' clocks when it was made (MC-CLOCK-01..04); empty
    /// without a clock.
    pub clocks: Vec<SeatTime>,
    /// Why the server played this action for its seat, if it did
    /// (MC-STANDIN-01).
    pub stand_in: Option<StandIn>,
    /// Seat `i`'s rendering at index `i`, the spectator's last.
    rendered: Box<[OnceLock<Rendered>]>,
}

impl<R: Ruleset> Update<R> {
    /// An update with nothing rendered yet.
    pub fn new(version: u64, events: Vec<Stamped<R::Event>>, state: R) -> Self {
        let slots = state.seat_count() + 1;
        Update {
            version,
            events,
            state,
            clocks: Vec::new(),
            stand_in: None,
            rendered: (0..slots).map(|_| OnceLock::new()).collect(),
        }
    }

    /// The update of an action the server played for its seat, and why.
    pub fn with_stand_in(mut self, stand_in: Option<StandIn>) -> Self {
        self.stand_in = stand_in;
        self
    }

    /// The update with the clocks as they were when it was made.
    pub fn with_clocks(mut self, clocks: Vec<SeatTime>) -> Self {
        self.clocks = clocks;
        self
    }

    /// What was rendered for `viewer`, made by `render` by the first caller
    /// that asks; every later caller gets the same value. `None` only for a
    /// seat the game does not have.
    pub fn rendered_for(
        &self,
        viewer: Viewer,
        render: impl FnOnce() -> Rendered,
    ) -> Option<&Rendered> {
        let index = match viewer {
            Viewer::Seat(seat) if seat.index() + 1 < self.rendered.len() => seat.index(),
            Viewer::Seat(_) => return None,
            Viewer::Spectator => self.rendered.len().checked_sub(1)?,
        };
        Some(self.rendered.get(index)?.get_or_init(render))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{arrakis::Arrakis, core::Seat};

    fn update() -> Update<Arrakis> {
        let state = Arrakis::setup(&Default::default(), 1).unwrap();
        Update::new(1, Vec::new(), state)
    }

    #[test]
    fn each_viewer_is_rendered_once_and_shared() {
        let update = update();
        let renders = std::cell::Cell::new(0);
        let render = |value: u32| {
            let renders = &renders;
            move || -> Rendered {
                renders.set(renders.get() + 1);
                Arc::new(value)
            }
        };
        let first = Arc::clone(
            update
                .rendered_for(Viewer::Seat(Seat(0)), render(10))
                .unwrap(),
        );
        let again = Arc::clone(
            update
                .rendered_for(Viewer::Seat(Seat(0)), render(11))
                .unwrap(),
        );
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(first.downcast_ref::<u32>(), Some(&10));
        let other = update
            .rendered_for(Viewer::Seat(Seat(1)), render(12))
            .unwrap();
        assert_eq!(other.downcast_ref::<u32>(), Some(&12));
        let spectator = update.rendered_for(Viewer::Spectator, render(13)).unwrap();
        assert_eq!(spectator.downcast_ref::<u32>(), Some(&13));
        let spectator = update.rendered_for(Viewer::Spectator, render(14)).unwrap();
        assert_eq!(spectator.downcast_ref::<u32>(), Some(&13));
        // A seat the game does not have gets nothing, not the spectator's.
        assert!(
            update
                .rendered_for(Viewer::Seat(Seat(2)), render(15))
                .is_none()
        );
        // Seat 0, seat 1 and the spectator, once each.
        assert_eq!(renders.get(), 3);
    }
}
