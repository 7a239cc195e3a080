//! The forces on the board: moving legions (`movement.rs`), battles
//! (`combat.rs`) and the named leaders' special actions (`specials.rs`).
pub(crate) mod combat;
pub(crate) mod movement;
pub(crate) mod specials;
