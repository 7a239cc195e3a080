//! The forces on the board: deploying them (`deployment.rs`), moving
//! legions (`movement.rs`), the stacking limit (`stacking.rs`), battles
//! (`combat.rs`) and the named leaders' special actions (`specials.rs`).
pub(crate) mod combat;
pub(crate) mod deployment;
pub(crate) mod movement;
pub(crate) mod specials;
pub(crate) mod stacking;
