//! The Smugglers expansion (rule IDs `SM-...`, docs/rules/smugglers.md;
//! decisions in docs/rules-decisions.md, "War for Arrakis: the Smugglers
//! expansion"), offered with `ArrakisOptions.smugglers`, alone or with the
//! Desert War. Its checked data is [`data`] (`data/arrakis/smugglers.json`,
//! read with [`data::smugglers`]); the core tables as it changes them are
//! [`core_data`]. Every number named here is a field of that file; never
//! write one in code.
//!
//! # How it is built
//!
//! The expansion lives here. The core reaches it only through the hook
//! list (`expansions/hooks.rs`), which asks it only in a game that plays
//! it, so the core game (and its golden fixtures) is byte-identical
//! without it; `hooks.rs` holds its answers, one per moment the text names.
//! The sections below say what each rule does at its moment (the core
//! function named in brackets is the one that calls the hook). It plays with or without the Desert War; where both
//! touch one rule (Staban Tuek and the Sandriders card on the Desert Power
//! box, the Smuggler carryall against Rocket Launchers and Suspensor
//! deployment) the Desert War's hooks ask this module.
//!
//! ## Options and setup (SM-SETUP)
//!
//! - Accept `ArrakisOptions.smugglers` and resolve the
//!   options of [`data::OPTION_NAMES`] into `Rules` (a `SmugglersRules`
//!   struct, first value = default); the `published` preset sets none.
//! - New game (core: setup): `Arrakis.smugglers: Option<Box<SmugglersState>>` (None
//!   without the expansion). The House Atreides deck is built without
//!   `setup.replaced_cards` and with `drone_ornithopters.copies` Drone
//!   Ornithopters (SM-SETUP-08, -09): a planning card kind added to the
//!   card table only when the expansion is on (a new card step
//!   `drone_ornithopters`: Staban down, one ornithopter added). Gurney
//!   Halleck starts on the Smugglers board, not in play (SM-SETUP-06,
//!   SM-GURNEY-02); the Harkonnen vehicle supply gains the Smuggler
//!   harvesters and carryall (SM-SETUP-10).
//!
//! ## New state (`SmugglersState`, in the game state)
//!
//! - `allied: bool`, `defeated: bool`; `staban_step: u8` (meaningful while
//!   neutral).
//! - Smugglers board: `regulars_waiting: u8` (neutral), `die:
//!   Option<DieResult>` (allied, rolled, unspent), `die_ready: bool`
//!   (false in the alliance round, SM-ALLY-10), `thopters: u8` (off the
//!   board, 0 to 3).
//! - Supplies: `regulars_off_board`, `harvesters_in_game` (drops with each
//!   capture, SM-LEGION-04), `carryall_in_game`.
//! - Board: per area `smuggler_regulars: u8` and `smuggler_harvester:
//!   bool`; `base: Option<AreaId>`; air zones gain
//!   `Vehicle::SMUGGLER_ORNITHOPTER` and `Vehicle::SMUGGLER_CARRYALL`
//!   (one vehicle per zone, as in the core game). Staban Tuek is a new
//!   `LeaderId` appended after the core leaders when the expansion is on.
//! - Invariants for the random-game checks: regulars conserved (waiting +
//!   off board + on board = `components.smuggler_regulars` until the
//!   defeat; eliminated ones return to the supply, SQ5); vehicles
//!   conserved or captured; no Smuggler harvester
//!   or carryall on the board once allied (SM-ALLY-04, -05); Staban never
//!   below the highest prescience marker while neutral (SQ2).
//!
//! ## Round start (SM-ROUND-01, -02)
//!
//! Where the core round starts: neutral, add `round.regulars_per_round_neutral`
//! from the supply to `regulars_waiting`, as many as are left.
//!
//! ## Vehicle Placement (SM-ROUND-03, -04, SM-THOPTER-04 to -12)
//!
//! - Allied, before the Harkonnen place (core: the start of the vehicle
//!   step): `SmPrompt::PlaceThopters` to the Atreides: `PlaceThopter(zone)`
//!   into an empty zone while any wait, `Done` unless
//!   `smuggler_thopters=mandatory` (`thopters.rs`).
//! - At every Harkonnen placement (Vehicle Placement, House result, cards;
//!   SM-THOPTER-12): `SmAction::ThopterBattle(zone)` offered at the core
//!   `Prompt::Vehicles` while a Smuggler ornithopter is on the board and an
//!   ornithopter of this placement is still to place, at most
//!   `ornithopters.battles_per_placement` per placement unless
//!   `thopter_battles=unlimited`; it forgoes one Harkonnen ornithopter of
//!   the placement and sends the Smuggler one back to its board (SQ8).
//! - Neutral: the Harkonnen placement must also take every Smuggler
//!   harvester in game and the carryall (SM-HARVESTER-05); `Done` refused
//!   (rule ID named) while one is unplaced and a legal place exists.
//!
//! ## Action Resolution (SM-ROUND-06, SM-DIE)
//!
//! - The Atreides roll (core: the start of Action Resolution) also rolls
//!   the Smugglers die when allied and `die_ready` (faces `die.faces`),
//!   shown to both players; it counts among Atreides dice for Desert Power
//!   turns (SM-DIE-05).
//! - At `Prompt::Turn(A)`: `SmAction::UseDie(DieUse)` in place of an
//!   Atreides die (`die.rs`): Leadership (move 1 legion with a leader, or
//!   attack with 1 holding a Smuggler unit), Strategy (move 1, or 2
//!   different legions each with a Smuggler unit), Deployment
//!   (`die.deployment_units` from the supply into the Base's area), Mentat
//!   (play 1 card, or draw 2 keep 1), House (any of those). Its moves are
//!   the core `Prompt::Move` with `LegionRule::Smugglers`. Never a card
//!   payment other than Mentat (SM-DIE-04), never a leader's special unless
//!   `smugglers_die_leaders=enhanced` (SQ15). Refusals carry the SM-DIE
//!   rule ID.
//! - Moves: an Atreides move may spend a Smuggler ornithopter in a zone
//!   connected to the legion's area (SM-THOPTER-13, -14,
//!   `thopter_transport.rs`); the ornithopter returns to the Smugglers
//!   board (SQ8), as do those on the board when the Air zones are cleared
//!   at the end of Spice Harvesting.
//!
//! ## Legion arrival (SM-LEGION)
//!
//! Wherever an Atreides legion ends a move or advances (the core arrival
//! helper): a Smuggler harvester there is captured (leaves the game),
//! then Staban moves down `harvesters.capture_steps_down` and the
//! alliance check runs. Areas with a Smuggler harvester are free for both
//! sides (SM-LEGION-01); passing through captures nothing (SQ7).
//!
//! ## The alliance (SM-ALLY, SM-STABAN, SM-GURNEY)
//!
//! - One check, `smugglers_ally_if_due`, after every prescience advance
//!   (core: `advance_prescience`), every Drone Ornithopters play and every
//!   capture (SQ2).
//! - On alliance (`alliance.rs`): Smuggler harvesters and carryall leave
//!   the game; Staban's and Gurney's cards enter play (core
//!   `enter_leader`); `SmPrompt::PlaceBase` (asked of the Atreides right
//!   after the action that fired it, before the decision it interrupted,
//!   kept in `SmugglersState.resume`): an empty desert area of
//!   `alliance.base_sectors` (SM-ALLY-06, -07, `base.rs`); Staban, Gurney
//!   and the waiting regulars go there; Staban's card face up on the Desert
//!   Power box (his special: `staban_tuek.special_*`, sharing the box under
//!   the core Wild Maker rule and the Desert War's Sandriders rule: each
//!   leader card is spent on its own). Staban back from the tank:
//!   `SmPrompt::StabanReturns` (`staban.rs`). The Drone Ornithopters'
//!   steps: `drones.rs`; the defeat: `defeat.rs`; allied Desert Hazards:
//!   `allied_hazards.rs`.
//!
//! ## Desert Hazards and harvest (SM-ROUND-07 to -12)
//!
//! - Neutral: one more wormsign per Smuggler harvester area without one
//!   (SQ6), revealed with the others; only the Smuggler carryall saves a
//!   Smuggler harvester (SM-HARVESTER-11, -12); one lost returns next
//!   round.
//! - Allied: no wormsign placed, and none kept, in areas with Smuggler
//!   units (`wormsign_with_smugglers` decides Desert Power placements);
//!   storms spare Smuggler units.
//! - Harvest: neutral, `harvesters.yield` spice per Smuggler harvester to
//!   the Harkonnen.
//!
//! ## Base, defeat and round end (SM-BASE, SM-DEFEAT, SM-ROUND-13)
//!
//! - The Base is a rank-`base.rank` settlement in battle, giving no
//!   supremacy; when a Harkonnen legion destroys it, the Smugglers are
//!   defeated at once: Base, die, Smuggler units and vehicles and Staban
//!   leave the game; Gurney stays (SQ13).
//! - End of the Round: every Smuggler vehicle on the board goes back to
//!   its pool (harvesters and carryall to the Harkonnen supply while
//!   neutral, ornithopters to the Smugglers board).
//!
//! ## Hidden information and the view
//!
//! Nothing of the expansion is hidden beyond the core game's hands: the
//! Smugglers board, Staban's step, the die, the Base and every Smuggler
//! figure are public in both players' views. A Drone Ornithopters card is
//! hidden in the hand like any card; its play is public.
pub mod action;
mod alliance;
mod allied_hazards;
mod base;
mod capture;
pub mod core_data;
pub mod data;
mod defeat;
mod die;
mod drones;
mod edits;
pub mod event;
mod flow;
mod harvesters;
mod hidden;
pub(crate) mod hooks;
mod neutral;
pub mod options;
mod position;
pub mod prompt;
mod round_end;
mod staban;
pub mod state;
#[cfg(feature = "testkit")]
pub mod testkit;
mod thopter_transport;
mod thopters;
pub mod vehicle;
pub mod view;

pub use action::{DieUse, SmAction};
pub use alliance::SmEntry;
pub use drones::SmStep;
pub use event::SmEvent;
pub(crate) use flow::smugglers_reason;
pub use options::SmugglersRules;
pub use prompt::SmPrompt;
pub use state::{SmugglersArea, SmugglersState, Standing};
pub use vehicle::SmVehicle;
pub use view::SmugglersView;
