//! Test hook for the Desert War (the `testkit` feature only): one engine
//! step run alone. Its pieces are put on the board through the
//! [`crate::arrakis::Setup`] edits of `edits.rs`; nothing in the engine
//! calls this.
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// Runs the End of the Round's Desert War clean-up alone.
    pub fn test_desert_war_round_end(&mut self) -> Vec<crate::arrakis::Event> {
        let mut ev = Vec::new();
        self.desert_war_round_end(&mut ev);
        ev
    }
}
