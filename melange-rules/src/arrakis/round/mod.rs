//! The round step by step: its start and Vehicle Placement
//! (`vehicles.rs`); Action Resolution with its dice (`dice.rs`), the Bene
//! Gesserit tokens (`bene_gesserit.rs`), a house's turn (`turn.rs`), the
//! House die (`house.rs`) and the Mentat die (`mentat.rs`); prescience and
//! supremacy (`prescience.rs`); the End of the Round and victory
//! (`end_round.rs`). Desert Hazards and Spice Harvesting are in `board/`.
pub(crate) mod bene_gesserit;
pub(crate) mod dice;
pub(crate) mod end_round;
pub(crate) mod house;
pub(crate) mod mentat;
pub(crate) mod prescience;
pub(crate) mod turn;
pub(crate) mod vehicles;
