//! The Desert War expansion (rule IDs `DW-...`, docs/rules/desert-war.md;
//! decisions in docs/rules-decisions.md, "War for Arrakis: the Desert War
//! expansion"), offered with `ArrakisOptions.desert_war`, alone or with
//! the Smugglers. Its checked data is [`data`] (`data/arrakis/desert_war.json`,
//! read with [`data::desert_war`]). Every number named here is a field of
//! that file; never write one in code.
//!
//! # How it is built
//!
//! The expansion lives here. The core reaches it only through the hook
//! list (`expansions/hooks.rs`), which asks it only in a game that plays
//! it, so the core game (and its golden fixtures) is byte-identical
//! without it; `hooks.rs` holds its answers, one per moment the text names,
//! each calling the file of the rule. The sections below say what each
//! rule does at its moment (the core function named in brackets is the
//! one that calls the hook).
//!
//! ## Options and setup (DW-SETUP, DW-COMPAT)
//!
//! - `ArrakisOptions.desert_war` turns it on; its options resolve the
//!   ten options of [`data::OPTION_NAMES`] into `Rules` (a `DesertWarRules`
//!   struct, `false`/first value = default); the `published` preset sets
//!   none. Refuse `desert_war` with a Mahdi solo mode if one ever exists
//!   (DW-COMPAT-01, `compatibility.incompatible_modes`): `INVALID_ARGUMENT`
//!   naming the rule.
//! - New game (core: setup): `Arrakis.dw: Option<DesertWarState>` (None without
//!   the expansion). Supplies start full (DW-SETUP-01 to -09): escorts,
//!   suspensor troopers, sandriders, rocket launchers, camps, the camp
//!   tokens (one [`Marker`](crate::arrakis::Marker) each, all
//!   available) and the Sandriders card face up (DW-SETUP-10).
//!
//! ## New state (`DesertWarState`, in the game state)
//!
//! - Per area (a `Vec` parallel to `areas`, or new fields of `AreaState`):
//!   `suspensors: u8`, `rockets: u8`, `sandriders: u8`,
//!   `camp: Option<Marker>` (the figure and its face-down token),
//!   `escorts: u8` (Escorts serving as generic leaders in the Harkonnen
//!   legion there, DW-ESCORT-08). Also `escorts` in a moving or attacking
//!   `Group`.
//! - Air zones: `Vehicle::Escort` beside `Ornithopter` and `Carryall`
//!   (one vehicle per zone, as in the core game).
//! - Supplies: `escorts`, `suspensors`, `rockets`, `sandriders` off the
//!   board; `camp_tokens: Vec<Marker>` available (a traded Camp leaves
//!   the game, DW-ROCKET-11); `tokens_on_board: u8` (Desert War tokens on
//!   the Spice Must Flow board); `sandriders_card_spent: bool`.
//! - Per turn: `dw_done: bool` (this die or Desert Power already had its
//!   Desert War action, DW-HARKONNEN-06, DW-ATREIDES-01), `dw_pending:
//!   Option<Faction>` (an after-window is owed).
//! - Invariants for the random-game checks: each kind conserved (supply +
//!   board = the data's count; camps + traded = 3), troopers never in an
//!   area with an opposing legion (DW-TROOPER-13), at most 1 Camp per
//!   sector (DW-CAMP-02), escorts only with a Harkonnen unit.
//!
//! ## End of Vehicle Placement (DW-HARKONNEN-01 to -03)
//!
//! Where the Harkonnen's "Done" ends Vehicle Placement (core: `step_vehicles`,
//! before `start_action_resolution`): `tokens_on_board =
//! desert_war_tokens.tokens_placed(active row, tokens)`; event
//! `DesertWarTokensPlaced { n }`. No prompt.
//!
//! Escorts in every placement of ornithopters (DW-ESCORT-02, -03):
//! `Action::PlaceVehicle(Vehicle::Escort, zone)` offered at
//! `Prompt::Vehicles` (and the House action's and cards' placements)
//! while an ornithopter is still to place, an Escort is in supply and none
//! was placed in this placement (an `escort_placed` flag in the prompt);
//! it counts as one of the ornithopters. Replacing a vehicle in a zone
//! returns an Escort there to supply (the core replacement rule).
//!
//! ## Start of Action Resolution: Fremen Camps (DW-CAMP-01 to -05)
//!
//! First thing of Action Resolution, before the dice roll
//! (core: `start_action_resolution` splits into camps, then the roll):
//! `Prompt::PlaceCamp` (Atreides) while an available token and a legal
//! area remain: empty desert areas (`empty_area` option) of sectors with
//! no Camp; `Action::PlaceCamp(marker, area)` (DW-CAMP-04); `Done` only
//! under `fremen_camps=optional`. Event `CampPlaced { area, marker }`,
//! the marker redacted for everyone but the Atreides.
//!
//! ## Each die spent: Harkonnen Desert War actions (DW-HARKONNEN-04 to -18)
//!
//! - Before: at `Prompt::Turn(H)` offer a `DwAction` (carried by
//!   `Action::Expansion`) when `tokens_on_board > 0`, an action die is
//!   unspent and `!dw_done`; it
//!   discards a token (`tokens_on_board -= 1`, DW-HARKONNEN-09), runs the
//!   action, sets `dw_done`, and returns to `Prompt::Turn(H)`, where the
//!   turn must still spend a die (DW-HARKONNEN-05).
//! - After: when a Harkonnen turn that spent a die ends (core: `end_turn`, before
//!   the "no die left" check and after a card's steps are done) and
//!   `!dw_done` and a token is left: `Prompt::DesertWarAfter(H)` with the
//!   same actions plus `Done`. Reset `dw_done` when the turn ends.
//! - `DwAction::DeploySuspensors(areas)`: one area at a time
//!   (`Prompt::DeploySuspensors { left, sector }`): empty desert areas,
//!   all in one sector connected to an air zone holding a Harkonnen
//!   vehicle (Escort included), up to `harkonnen_actions.deploy_up_to`,
//!   emptiness judged at the start. `MoveSuspensor(from, to)`: up to
//!   `suspensor_troopers.move_areas` areas across any border, every area
//!   crossed and reached Free for the Harkonnen; entering Atreides
//!   troopers swaps (below) and stops; ending on a wormsign discards it
//!   unseen (DW-SUSPENSOR-04; event without its kind). `Scout(from, to)`:
//!   removes the trooper, then the core scouting reveal (core: the
//!   `Scout` arm of the turn step) on an area adjacent to it; not offered under
//!   the Spacing Guild ban (DW-HARKONNEN-18, refusal names it).
//! - Swap (DW-SUSPENSOR-06): the Harkonnen pick which Atreides trooper
//!   goes when both kinds are there (`Prompt::SwapTrooper`), else at once.
//!
//! ## Each Desert Power: Atreides Desert War actions (DW-ATREIDES, DW-ROCKET)
//!
//! - Every way a Desert Power action starts (core: `desert_power`, the Atreides
//!   House die as Desert Power, a Desert Power box special, a card step)
//!   sets a before/after window like the Harkonnen one
//!   (`desert_war_with_desert_power` limits it to the turn's own).
//!   Before: a `DwAction` at the Desert Power's first prompt;
//!   after: `Prompt::DesertWarAfter(A)` when the Desert Power ends.
//! - `DeployRockets`: up to `atreides_actions.deploy_up_to` into Camp
//!   areas, one at a time.
//! - `RocketAttack(sector)`: roll `rockets in sector * dice_per_launcher`
//!   dice (capped by the core roll cap; `test_load_dice` for the worked
//!   example DW-ROCKET-12); per scoring face `Prompt::RocketTarget`: a
//!   vehicle in an area adjacent to the launchers' area or in an air zone
//!   connected to the sector (`rocket_*` options), or `Done`; each
//!   removal costs a launcher there; harvesters go through the core
//!   "harvester destroyed" path (Jihad count). Then, if a harvester went
//!   and the Camp is still there, `Prompt::CampTrade`: trade (Camp and
//!   token leave the game, `advance_prescience(marker, 1)`) or `Done`.
//! - Wormsign Desert Power (DW-SANDRIDER-02, -03): at
//!   `Prompt::Wormsigns(n)` also `Action::PlaceSandrider(area)` once, into
//!   an empty desert area; every wormsign placement refuses an area with
//!   Suspensor Troopers unless a Harkonnen legion or harvester is there
//!   (DW-SUSPENSOR-02).
//! - The Sandriders card (DW-SANDRIDER-05 to -08, DW-LEADERS): offered at
//!   `Prompt::Turn(A)` beside Desert Power when Desert Power may be taken
//!   and the card is face up (like the Wild Maker's special today): place
//!   a sandworm (never the Wild Maker; from supply, or one on the board
//!   moved when none is free) on a lone Sandrider's area holding nothing
//!   else, which it
//!   then rides, then 1 wormsign by the Desert Power's rules. Spends only
//!   its card; refreshed with the leader cards at the End of the Round.
//!
//! ## Movement and arrival (DW-TROOPER, DW-CAMP-09, DW-SANDRIDER-09, DW-SANDRIDER-10)
//!
//! - One helper, `on_legion_arrival(faction, area)`, called wherever a
//!   legion comes into an area (core: after `drop_group` in a move, a
//!   Troop-Transport, a sandride, a retreat, an advance, a flight under
//!   `sandworm_emerges_on_legion=retreats`, an atomics displacement): an opposing legion removes the
//!   troopers there (DW-TROOPER-13); a Harkonnen legion removes a Camp
//!   (token back face down, DW-CAMP-09) and on a lone Sandrider starts the
//!   core "wormsign gave a sandworm under a Harkonnen move" path
//!   (core: `WormRetreat`, `CalledWorm`, `WildMakerOrSandworm`) (DW-SANDRIDER-10).
//! - Free areas: troopers and Camps never make an area un-free
//!   (DW-TROOPER-12, DW-CAMP-08); every "empty area" test counts them.
//! - Sandriding: a lone Sandrider's area is a chain link
//!   (core: `sandride_targets`) (DW-SANDRIDER-09).
//! - Escort Troops (DW-ESCORT-06 to -13): where Troop-Transport targets
//!   are listed (core: `transport_targets`), Escorts in zones connected to the
//!   start sector add the same targets; one per legion per action, shared
//!   with Troop-Transport (`escort_and_transport`). On commit the zone is
//!   cleared and the Escort joins the group (`escorts += 1`), before any
//!   battle.
//! - Sandworms (DW-TROOPER-14 to -16, DW-SANDRIDER-11 to -17): a sandworm
//!   may end on troopers; placing or moving it there removes all but
//!   Sandriders; a lone Sandrider rides (follows its moves); a ridden
//!   sandworm reaches `ridden_reach` (first `far_attack_desert_steps`
//!   desert) and rolls `ridden_dice` (`sandrider_dice`); its attack
//!   removes its riders; a Desert Hazards relocation leaves them behind.
//!
//! ## Combat and hits (DW-TROOPER-08, DW-TROOPER-09, DW-ESCORT-09 to -11)
//!
//! Troopers never join a battle or take hits (storms, sandworms, cards:
//! they are not units). Escorts count as generic leaders everywhere
//! (core: `leader_count`, leader conversions, `remove_lonely_leaders`); removed
//! Escorts return to their supply (`settle_escorts`). An Escort's
//! `hits_to_remove` hits need no code: the core casualty order hits a leader
//! only once no unit is left, when every leader goes anyway (AR-COMBAT-22,
//! AR-COMBAT-24; docs/rules-decisions.md, "An Escort's 2 hits").
//!
//! ## End of the round (DW-ROUNDEND, DW-HARKONNEN-09)
//!
//! Zone Escorts leave with the vehicles at the end of Spice Harvesting.
//! At the End of the Round's vehicle clean-up (core: `end_of_round_rest`, after
//! the objective check): legion Escorts, Camps (tokens back), troopers
//! except Sandriders with a sandworm, and the Desert War tokens; the
//! Sandriders card is refreshed with the leader cards.
//!
//! ## View, events and hidden information
//!
//! - `ArrakisView` and `arrakis.proto` (additions only): per area the
//!   trooper counts, escorts in the legion, a Camp (its marker only in the
//!   Atreides view, never the Harkonnen's or a spectator's); zones may
//!   show an Escort; supplies of the new figures, camp tokens left,
//!   `tokens_on_board`, the Sandriders card's state; the new prompts and
//!   actions with labels a person reads.
//! - Events: `DesertWarTokensPlaced`, `DesertWarTokenDiscarded`,
//!   `CampPlaced` (marker redacted but for the Atreides), `CampRemoved`
//!   (never shows the marker), `CampTraded` (shows it: the advance is
//!   public), `SuspensorsDeployed`, `SuspensorMoved`, `TrooperSwap`,
//!   `WormsignDiscarded` (no kind, for anyone), `RocketsDeployed`,
//!   `RocketAttack` (dice), `VehicleRemoved`, `SandriderPlaced`,
//!   `TroopersRemoved`, `EscortPlaced`, `EscortJoined`.
//! - Non-interference: games differing only in Camp markers give the
//!   Harkonnen and spectators identical views and events, and the same
//!   prompts at the same times.
//!
//! ## Tests
//!
//! One test per DW ID on the real board (refusals unchanged, named by
//! rule), the worked examples (DW-ESCORT-13, DW-ROCKET-12, DW-SANDRIDER-18,
//! DW-SUSPENSOR-07) with loaded dice, random games with `desert_war` in
//! the fuzz run, and golden fixtures of their own.
//!
//! ## The Harkonnen side, as built
//!
//! - `harkonnen_actions.rs`: the Desert War tokens (placed by
//!   `place_desert_war_tokens` when Vehicle Placement ends), the actions'
//!   before window (at `Prompt::Turn`) and after window
//!   (`DwPrompt::HarkonnenAfter`, opened from `end_turn`), deploy and
//!   scout, and the refusal sentences of the Harkonnen rules.
//! - `suspensors.rs`: Suspensor moves, the swap, the wormsign discard,
//!   `suspensors_block_wormsign` (every wormsign placement reads it) and
//!   the End of the Round for the Harkonnen side.
//! - `escorts.rs`: Escort placement (`Vehicle::ESCORT_ORNITHOPTER`),
//!   `vehicle_left_zone` (whoever removes a vehicle from an Air zone calls
//!   it, so an Escort goes back to its supply), Escort Troops and Escorts
//!   as generic leaders (counted in `AreaState.generic` and marked in
//!   `DesertArea.escorts` and `Group.escorts`; `settle_escorts` after every
//!   step sends an Escort removed as a generic leader back to its supply).
pub mod action;
mod areas;
mod atreides;
mod camps;
pub mod data;
mod edits;
mod escorts;
pub mod event;
mod flow;
mod harkonnen_actions;
mod hidden;
pub(crate) mod hooks;
pub mod options;
mod position;
pub mod prompt;
mod rockets;
mod round_end;
mod sandriders;
pub mod state;
mod suspensors;
#[cfg(feature = "testkit")]
#[doc(hidden)]
pub mod testkit;
pub mod troopers;
pub mod vehicle;
pub mod view;

pub(crate) use harkonnen_actions::harkonnen_reason;

pub use action::{AtreidesTrooper, DwAction};
pub use event::DwEvent;
pub use options::DesertWarRules;
pub use prompt::{AtreidesThen, BoxSpecial, DwPrompt};
pub use state::{DesertArea, DesertWarState};
pub use troopers::{TrooperRemoval, Troopers};
pub use vehicle::DwVehicle;
pub use view::{DesertAreaView, DesertWarView};
