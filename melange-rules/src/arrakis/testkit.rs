//! The one test hook that builds a War for Arrakis position without the
//! rules' checks. Every other situation a test needs is built through
//! [`Arrakis::edit`] and the [`super::Setup`] edits, which keep what the
//! rules conserve; nothing in the engine calls this.
use super::state::Arrakis;

impl Arrakis {
    /// Changes the position through its plain data checking only its
    /// shape, not the rules' invariants: for the few tests whose situation
    /// the rules cannot reach in one step (a supply emptied without placing
    /// its units, pieces that never share a board). Every use says why;
    /// prefer [`Arrakis::edit`].
    pub fn test_edit_unchecked(&mut self, change: impl FnOnce(&mut super::Setup)) {
        let mut setup = self.to_setup();
        change(&mut setup);
        super::position::check_shape_of(&setup).expect("a setup of the right shape");
        *self = super::position::game_of(setup);
    }
}
