//! The hook list: the moments of the core game an expansion may act at,
//! and the one interface ([`Expansion`]) the core reaches an expansion
//! through.
//!
//! The core never asks whether an expansion is on and never calls an
//! expansion's function: it calls a `hook_...` method of this file at the
//! moment its rules text names ("a round starts", "a legion arrives in an
//! area", "the Harkonnen's turn ends", ...), and this file asks every
//! expansion the game plays with, in the order written beside the hook.
//! Each expansion implements [`Expansion`] in its own folder
//! (`desert_war/hooks.rs`, `smugglers/hooks.rs`), answering only the
//! moments its text names; every other hook keeps the default, which does
//! nothing. A game without expansions runs no expansion code at all, so
//! the core game (and its golden fixtures) plays as before.
//!
//! Adding a third expansion: its folder with its `Expansion` impl, a line
//! in the lists below (the order decides which expansion answers first
//! where two could), its field in the slots (`slots.rs`), a variant in each
//! of the enums of `expansions/mod.rs` it adds pieces to, and its options
//! in `arrakis/options.rs`.
use crate::arrakis::action::Action;
use crate::arrakis::cards::effects::Step;
use crate::arrakis::data::Data;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, CardId, Faction, LeaderId};
use crate::arrakis::options::Rules;
use crate::arrakis::prompt::{Battle, Group, Move};
use crate::arrakis::state::{Arrakis, Vehicle};
use crate::arrakis::vocab::Units;
use crate::core::hidden::HiddenPiece;
use crate::core::{GameRng, SetupError};

pub(crate) use super::desert_war::hooks::DesertWar;
pub(crate) use super::smugglers::hooks::Smugglers;

/// An expansion as the core sees it. The functions take the whole game,
/// because an expansion's rules read and change the core's board; an
/// expansion keeps its own pieces in its own slot of the state
/// (`Arrakis.expansions`, `AreaState.expansions`: `slots.rs`). Every hook but [`Expansion::is_on`] defaults to
/// doing nothing (or answering "nothing to add"), and a hook is only
/// called while the expansion is on.
pub(crate) trait Expansion {
    /// Whether this game plays with the expansion.
    fn is_on(g: &Arrakis) -> bool;

    /// A new game's pieces are set out, before its first round.
    fn game_set_up(_g: &mut Arrakis) {}

    /// The rule a refused carryall rescue of the harvester in `_area`
    /// breaks, when the expansion's own vehicles or harvesters decide it.
    fn rescue_refusal(_g: &Arrakis, _area: AreaId, _action: &Action) -> Option<&'static str> {
        None
    }

    /// A moving group's figures have been taken off `_from`.
    fn group_lifted(_g: &mut Arrakis, _from: AreaId, _group: &Group) {}

    /// A moving group's figures have been put into `_to`.
    fn group_dropped(_g: &mut Arrakis, _to: AreaId, _group: &Group) {}

    /// A round has started (its number is counted), before the draws.
    fn round_started(_g: &mut Arrakis, _ev: &mut Vec<Event>) {}

    /// Vehicle Placement is about to ask the Harkonnen (the prompt is not
    /// set yet).
    fn vehicle_placement_opening(_g: &mut Arrakis) {}

    /// Vehicle Placement has asked the Harkonnen; an expansion may ask
    /// something of its own first by replacing the prompt.
    fn vehicle_placement_opened(_g: &mut Arrakis) {}

    /// Adds the expansion's vehicle placements (`ornithopters`: how many
    /// ornithopters the placement still has).
    fn legal_vehicle_placement(_g: &Arrakis, _ornithopters: u8, _out: &mut Vec<Action>) {}

    /// Whether a vehicle the expansion compels is still to place, so the
    /// placement may not end.
    fn vehicle_placement_compelled(_g: &Arrakis) -> bool {
        false
    }

    /// Takes an expansion's own action at Vehicle Placement; `Some(n)`
    /// when it was the expansion's, `n` the ornithopters it used up.
    fn vehicle_placement_action(
        _g: &mut Arrakis,
        _action: Action,
        _ev: &mut Vec<Event>,
    ) -> Option<u8> {
        None
    }

    /// Vehicle `v` is about to go into zone `z` (replacing what is there).
    fn vehicle_placing(_g: &mut Arrakis, _z: AirZoneId, _v: Vehicle) {}

    /// A placement of vehicles is over (the Harkonnen said "Done").
    fn vehicle_placement_over(_g: &mut Arrakis) {}

    /// Vehicle Placement, the step of the round, is over: Action
    /// Resolution comes next.
    fn vehicle_placement_ended(_g: &mut Arrakis, _ev: &mut Vec<Event>) {}

    /// The rule a refused Vehicle Placement action breaks, where the
    /// expansion's rules refuse it.
    fn vehicle_placement_refusal(_g: &Arrakis, _action: &Action) -> Option<&'static str> {
        None
    }

    /// Action Resolution starts, before the dice are rolled; `true` when
    /// the expansion asks something first (it rolls the dice itself
    /// afterwards).
    fn action_resolution_starting(_g: &mut Arrakis) -> bool {
        false
    }

    /// The action dice are rolled.
    fn dice_rolled(_g: &mut Arrakis, _ev: &mut Vec<Event>) {}

    /// The unspent dice are lost at the end of Action Resolution.
    fn dice_lost(_g: &mut Arrakis) {}

    /// Adds the expansion's actions to `f`'s turn.
    fn legal_turn(_g: &Arrakis, _f: Faction, _out: &mut Vec<Action>) {}

    /// Takes an expansion's own action in `f`'s turn; `false` when the
    /// action is not the expansion's.
    fn turn_action(_g: &mut Arrakis, _f: Faction, _action: Action, _ev: &mut Vec<Event>) -> bool {
        false
    }

    /// `f`'s turn is about to end; `true` when the expansion asks
    /// something first (it ends the turn itself afterwards).
    fn turn_ending(_g: &mut Arrakis, _f: Faction) -> bool {
        false
    }

    /// The rule a refused turn action breaks, where the expansion's rules
    /// refuse it.
    fn turn_refusal(_g: &Arrakis, _action: &Action) -> Option<&'static str> {
        None
    }

    /// A prescience marker has advanced.
    fn prescience_advanced(_g: &mut Arrakis, _ev: &mut Vec<Event>) {}

    /// Adds other ways to pay for the revealed prescience card in `slot`
    /// whose cost is an action die.
    fn legal_claim_spending(_g: &Arrakis, _slot: u8, _out: &mut Vec<Action>) {}

    /// The End of the Round's clean-up, before the leader swap.
    fn round_ending(_g: &mut Arrakis, _ev: &mut Vec<Event>) {}

    /// An action and the automatic steps after it are done; the
    /// expansion may ask something before the game goes on.
    ///
    /// Passes on `changed`, set when it changed the game: the decision the
    /// game waits on, or anything its legal actions read.
    fn action_settled(_g: &mut Arrakis, changed: bool) -> bool {
        changed
    }

    /// A step has run (whatever it was): the expansion puts its pieces
    /// back in order.
    fn step_ran(_g: &mut Arrakis) {}

    /// Adds to `out` the areas the expansion's pieces make links of a
    /// sandriding chain, as a wormsign is (AR-MOVE-17).
    fn sandriding_links(_g: &Arrakis, _out: &mut AreaSet) {}

    /// Where a sandworm in `from` may attack, when the expansion changes
    /// its reach.
    fn sandworm_targets(_g: &Arrakis, _from: AreaId) -> Option<AreaSet> {
        None
    }

    /// Where a sandworm in `from` may move, when the expansion changes
    /// its reach.
    fn sandworm_moves(_g: &Arrakis, _from: AreaId) -> Option<AreaSet> {
        None
    }

    /// An activated sandworm moved from `from` to `to`.
    fn sandworm_moved(_g: &mut Arrakis, _from: AreaId, _to: AreaId) {}

    /// A sandworm figure was taken from `from` to come up in `to` (a
    /// relocation or a sandworm called by a wormsign, not an activated
    /// move).
    fn sandworm_figure_moved(_g: &mut Arrakis, _from: AreaId, _to: AreaId) {}

    /// A sandworm has arrived in `area`, however it came.
    fn sandworm_arrived(_g: &mut Arrakis, _area: AreaId, _ev: &mut Vec<Event>) {}

    /// The dice a sandworm in `from` attacks with, from the core's `dice`.
    fn sandworm_attack_dice(_g: &mut Arrakis, _from: AreaId, dice: u8, _ev: &mut Vec<Event>) -> u8 {
        dice
    }

    /// A legion of `f` has arrived in `area` (moved, retreated, advanced,
    /// deployed or placed by a card). Called once per arrival, before the
    /// core tells of the move.
    fn legion_arrived(_g: &mut Arrakis, _f: Faction, _area: AreaId, _ev: &mut Vec<Event>) {}

    /// A legion of `f` passes through `area` on a move.
    fn legion_passing(_g: &mut Arrakis, _f: Faction, _area: AreaId, _ev: &mut Vec<Event>) {}

    /// Areas no legion may retreat or flee to: `closed` and the
    /// expansion's own.
    fn retreat_closed(_g: &Arrakis, closed: AreaSet) -> AreaSet {
        closed
    }

    /// The rule a retreat or a flight to `to` breaks, where the expansion
    /// closes `to`.
    fn retreat_refusal(_g: &Arrakis, _to: AreaId) -> Option<&'static str> {
        None
    }

    /// A paused move goes on; `true` when the expansion resumes something
    /// of its own instead.
    fn move_resuming(_g: &mut Arrakis, _ev: &mut Vec<Event>) -> bool {
        false
    }

    /// Whether the expansion has a piece in `area` that the core's rules
    /// treat as a sietch: an Atreides stronghold the Harkonnen may attack,
    /// that makes fighting on cost hits under `continue_cost` =
    /// `settlement_only`, and that bars harvesters and sandworms.
    fn sietch_at(_g: &Arrakis, _area: AreaId) -> bool {
        false
    }

    /// Whether the expansion has a figure in `area` that a moving sandworm
    /// may not end its move on (AR-HAZ-41), beside the core's own.
    fn sandworm_stop_barred(_g: &Arrakis, _area: AreaId) -> bool {
        false
    }

    /// The rule that bars an Atreides wormsign from `area`, if one does.
    fn wormsign_barred(_g: &Arrakis, _area: AreaId) -> Option<&'static str> {
        None
    }

    /// Whether Desert Hazards may not place a wormsign in `area`.
    fn hazard_wormsign_barred(_g: &Arrakis, _area: AreaId) -> bool {
        false
    }

    /// Adds the expansion's choices to the Atreides Desert Power (`n`
    /// wormsigns left).
    fn legal_desert_power(_g: &Arrakis, _n: u8, _out: &mut Vec<Action>) {}

    /// Takes an expansion's own action at the Desert Power; `false` when
    /// it is not the expansion's.
    fn desert_power_action(
        _g: &mut Arrakis,
        _n: u8,
        _action: Action,
        _ev: &mut Vec<Event>,
    ) -> bool {
        false
    }

    /// The rule a refused Desert Power action breaks, where the
    /// expansion's rules refuse it.
    fn desert_power_refusal(_g: &Arrakis, _action: &Action) -> Option<&'static str> {
        None
    }

    /// Spice Harvesting: the harvest's `spice` with what the expansion
    /// adds.
    fn harvest(_g: &mut Arrakis, spice: u8, _ev: &mut Vec<Event>) -> u8 {
        spice
    }

    /// The Air zones are about to be cleared (AR-SPICE-22).
    fn zones_clearing(_g: &mut Arrakis) {}

    /// The Atreides take a Desert Power action other than their turn's
    /// (granted by a card, or a Desert Power box leader's special).
    fn desert_power_taken(_g: &mut Arrakis) {}

    /// The special action of leader `l` on the Atreides Desert Power box
    /// is about to run; `true` when the expansion asks something first
    /// (it runs the special itself afterwards).
    fn box_special_starting(_g: &mut Arrakis, _l: LeaderId) -> bool {
        false
    }

    /// The Atreides dice counted against the Harkonnen's for Desert Power
    /// (AR-DP-01): `dice` and the expansion's own.
    fn desert_power_dice(_g: &Arrakis, dice: u8) -> u8 {
        dice
    }

    /// Runs a card step of the expansion's own that needs no choice;
    /// `false` when `step` is not one.
    fn card_step(_g: &mut Arrakis, _step: &Step, _ev: &mut Vec<Event>) -> bool {
        false
    }

    /// Vehicle `v` left its Air zone (removed, replaced or cleared).
    fn vehicle_left_zone(_g: &mut Arrakis, _v: Vehicle) {}

    /// Adds the expansion's choices for the group `group` picked from
    /// `from` in move `m`.
    fn legal_group_move(
        _g: &Arrakis,
        _m: &Move,
        _from: AreaId,
        _group: &Group,
        _out: &mut Vec<Action>,
    ) {
    }

    /// Takes an expansion's own action for the group picked from `from`;
    /// `Some(true)` when the move goes on, `Some(false)` when it handed
    /// over (an attack, the end), `None` when the action is not the
    /// expansion's.
    fn group_move_action(
        _g: &mut Arrakis,
        _m: &mut Move,
        _from: AreaId,
        _group: Group,
        _action: Action,
        _ev: &mut Vec<Event>,
    ) -> Option<bool> {
        None
    }

    /// The lifted `group` of move `m` is about to enter `to` (no battle);
    /// `true` when the expansion ends the entry itself.
    fn group_entering(
        _g: &mut Arrakis,
        _m: &mut Move,
        _from: AreaId,
        _to: AreaId,
        _group: &(Group, Vec<u8>),
        _ev: &mut Vec<Event>,
    ) -> bool {
        false
    }

    /// A legion of `f` has entered `area` where it stops: after a
    /// harvester there is destroyed (AR-HARV-02), before a testing station
    /// is taken (AR-PRESC-10). The core calls it for the Atreides only.
    fn legion_entered(_g: &mut Arrakis, _f: Faction, _area: AreaId, _ev: &mut Vec<Event>) {}

    /// The rule a refused move action breaks, where the expansion's rules
    /// refuse it.
    fn move_refusal(_g: &Arrakis, _m: &Move, _action: &Action) -> Option<&'static str> {
        None
    }

    /// The defender of `bt` retreats with the lifted `group` to `to`;
    /// `true` when the expansion ends the retreat itself.
    fn defender_retreating(
        _g: &mut Arrakis,
        _bt: &Battle,
        _to: AreaId,
        _group: &(Group, Vec<u8>),
        _ev: &mut Vec<Event>,
    ) -> bool {
        false
    }

    /// The winning attacker of `bt` advances with the lifted `group`;
    /// `true` when the expansion ends the advance itself.
    fn attacker_advancing(
        _g: &mut Arrakis,
        _bt: &Battle,
        _group: &(Group, Vec<u8>),
        _ev: &mut Vec<Event>,
    ) -> bool {
        false
    }

    /// The battle dice of `f` at `at`: `dice` and the expansion's own.
    fn battle_dice(_g: &Arrakis, _f: Faction, _at: AreaId, dice: u8) -> u8 {
        dice
    }

    /// The Harkonnen won a battle at `at` and destroyed what stood there.
    fn harkonnen_conquered(_g: &mut Arrakis, _at: AreaId, _ev: &mut Vec<Event>) {}

    /// A battle the expansion holds paused while it asks something of its
    /// own.
    fn paused_battle(_g: &Arrakis) -> Option<Battle> {
        None
    }

    /// Adds the expansion's units of `f` to the box's totals, for the count
    /// every position conserves (AR-COMBAT-25).
    fn unit_totals(_g: &Arrakis, _f: Faction, _totals: &mut Units) {}

    /// The first of the expansion's own invariants the position breaks
    /// (`position/check.rs` checks the core's).
    fn check_position(_g: &Arrakis) -> Option<SetupError> {
        None
    }

    /// Leader `l` has left the Regeneration Tank (set aside, free to be
    /// deployed again).
    fn leader_left_tank(_g: &mut Arrakis, _l: LeaderId) {}

    /// The expansion's pieces of the hidden-state register (MC-SIM-08),
    /// listed in its own `hidden.rs`.
    const HIDDEN: &'static [HiddenPiece<Arrakis>] = &[];

    /// MC-SIM-03: in a sample drawn for `me`, the expansion's pieces `me`
    /// cannot see drawn anew with `rng`, read the same number of times
    /// whatever the hidden facts are. Asked after the core's own redraws
    /// for that seat and before the wormsigns'.
    fn sample_redrawn(_g: &mut Arrakis, _me: Faction, _rng: &mut GameRng) {}

    /// MC-SIM-03: the cards of `f`'s hand the expansion keeps apart (moved
    /// into `out`), while a sample redeals the hand: the core stands, for
    /// each, a dealt card of the same deck.
    fn hand_redealing(_g: &mut Arrakis, _f: Faction, _out: &mut Vec<CardId>) {}

    /// The cards that stand for those kept apart, after the redeal.
    fn hand_redealt(_g: &mut Arrakis, _cards: &[CardId]) {}

    /// Lists the legal actions of the expansion's own decision, when the
    /// game waits on one (its own `Prompt` variant).
    fn legal_decision(_g: &Arrakis, _out: &mut Vec<Action>) {}

    /// Takes `action` at the expansion's own decision; `false` when the
    /// game does not wait on one.
    fn decision_action(_g: &mut Arrakis, _action: Action, _ev: &mut Vec<Event>) -> bool {
        false
    }

    /// The rule a refused action at the expansion's own decision breaks.
    fn decision_refusal(_g: &Arrakis, _action: &Action) -> Option<&'static str> {
        None
    }

    /// Who decides what at the expansion's own decision, in words.
    fn decision_waiting_on(_g: &Arrakis) -> Option<String> {
        None
    }

    /// The words a person reads for the expansion's own action (asked
    /// whether or not the game plays the expansion).
    fn label(_g: &Arrakis, _action: &Action) -> Option<String> {
        None
    }

    /// The clause a refusal reads for one of the expansion's rules. Asked
    /// whether or not the game plays the expansion: a rule ID is text.
    fn reason(_rule: &str) -> Option<&'static str> {
        None
    }
}

/// Every expansion's pieces of the hidden-state register, in the list's
/// order, whether or not a game plays it (a piece reads nothing then).
pub(crate) fn hidden_pieces() -> impl Iterator<Item = &'static HiddenPiece<Arrakis>> {
    DesertWar::HIDDEN.iter().chain(Smugglers::HIDDEN)
}

/// The tables a game with these rules plays with when an expansion
/// changes the core's (the Smugglers: Staban Tuek and the Drone
/// Ornithopters, `smugglers/core_data.rs`); `None`: the core's own.
pub(crate) fn tables_for(rules: &Rules) -> Option<&'static Data> {
    rules
        .smugglers
        .map(|_| super::smugglers::core_data::smugglers_data())
}

/// Calls `$hook` of each listed expansion the game plays with, in order.
macro_rules! each {
    ($g:ident, [$($x:ident),+], $hook:ident $args:tt) => {{
        $(each!(@one $g, $x, $hook $args);)+
    }};
    (@one $g:ident, $x:ident, $hook:ident ($($a:expr),*)) => {
        if $x::is_on($g) {
            $x::$hook($g, $($a),*);
        }
    };
}

/// The first listed expansion's `Some` answer to `$hook`.
macro_rules! first {
    ($g:ident, [$($x:ident),+], $hook:ident $args:tt) => {{
        let mut answer = None;
        $(if answer.is_none() {
            answer = first!(@one $g, $x, $hook $args);
        })+
        answer
    }};
    (@one $g:ident, $x:ident, $hook:ident ($($a:expr),*)) => {
        if $x::is_on($g) { $x::$hook($g, $($a),*) } else { None }
    };
}

/// Whether a listed expansion answers `true` to `$hook` (asked in order,
/// stopping at the first).
macro_rules! any {
    ($g:ident, [$($x:ident),+], $hook:ident $args:tt) => {{
        false $(|| any!(@one $g, $x, $hook $args))+
    }};
    (@one $g:ident, $x:ident, $hook:ident ($($a:expr),*)) => {
        ($x::is_on($g) && $x::$hook($g, $($a),*))
    };
}

/// Passes `$acc` through `$hook` of each listed expansion the game plays
/// with, in order.
macro_rules! fold {
    ($g:ident, [$($x:ident),+], $acc:ident, $hook:ident $args:tt) => {{
        $(if $x::is_on($g) {
            $acc = fold!(@one $g, $x, $hook $args);
        })+
        $acc
    }};
    (@one $g:ident, $x:ident, $hook:ident ($($a:expr),*)) => {
        $x::$hook($g, $($a),*)
    };
}

impl Arrakis {
    /// See [`Expansion::game_set_up`].
    pub(crate) fn hook_game_set_up(&mut self) {
        each!(self, [DesertWar, Smugglers], game_set_up());
    }

    /// See [`Expansion::rescue_refusal`].
    pub(crate) fn hook_rescue_refusal(
        &self,
        area: AreaId,
        action: &Action,
    ) -> Option<&'static str> {
        first!(self, [DesertWar, Smugglers], rescue_refusal(area, action))
    }

    /// See [`Expansion::group_lifted`].
    pub(crate) fn hook_group_lifted(&mut self, from: AreaId, group: &Group) {
        each!(self, [DesertWar, Smugglers], group_lifted(from, group));
    }

    /// See [`Expansion::group_dropped`].
    pub(crate) fn hook_group_dropped(&mut self, to: AreaId, group: &Group) {
        each!(self, [DesertWar, Smugglers], group_dropped(to, group));
    }

    /// See [`Expansion::round_started`].
    pub(crate) fn hook_round_started(&mut self, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], round_started(ev));
    }

    /// See [`Expansion::vehicle_placement_opening`].
    pub(crate) fn hook_vehicle_placement_opening(&mut self) {
        each!(self, [DesertWar, Smugglers], vehicle_placement_opening());
    }

    /// See [`Expansion::vehicle_placement_opened`].
    pub(crate) fn hook_vehicle_placement_opened(&mut self) {
        each!(self, [DesertWar, Smugglers], vehicle_placement_opened());
    }

    /// See [`Expansion::legal_vehicle_placement`].
    pub(crate) fn hook_legal_vehicle_placement(&self, ornithopters: u8, out: &mut Vec<Action>) {
        each!(
            self,
            [DesertWar, Smugglers],
            legal_vehicle_placement(ornithopters, out)
        );
    }

    /// See [`Expansion::vehicle_placement_compelled`].
    pub(crate) fn hook_vehicle_placement_compelled(&self) -> bool {
        any!(self, [DesertWar, Smugglers], vehicle_placement_compelled())
    }

    /// See [`Expansion::vehicle_placement_action`].
    pub(crate) fn hook_vehicle_placement_action(
        &mut self,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> Option<u8> {
        first!(
            self,
            [DesertWar, Smugglers],
            vehicle_placement_action(action, ev)
        )
    }

    /// See [`Expansion::vehicle_placing`].
    pub(crate) fn hook_vehicle_placing(&mut self, z: AirZoneId, v: Vehicle) {
        each!(self, [DesertWar, Smugglers], vehicle_placing(z, v));
    }

    /// See [`Expansion::vehicle_placement_over`].
    pub(crate) fn hook_vehicle_placement_over(&mut self) {
        each!(self, [DesertWar, Smugglers], vehicle_placement_over());
    }

    /// See [`Expansion::vehicle_placement_ended`].
    pub(crate) fn hook_vehicle_placement_ended(&mut self, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], vehicle_placement_ended(ev));
    }

    /// See [`Expansion::vehicle_placement_refusal`]. The Smugglers answer
    /// first: a Smuggler ornithopter holds its zone against every
    /// vehicle, an Escort included (SM-THOPTER-07 before DW-ESCORT-03).
    pub(crate) fn hook_vehicle_placement_refusal(&self, action: &Action) -> Option<&'static str> {
        first!(
            self,
            [Smugglers, DesertWar],
            vehicle_placement_refusal(action)
        )
    }

    /// See [`Expansion::action_resolution_starting`].
    pub(crate) fn hook_action_resolution_starting(&mut self) -> bool {
        any!(self, [DesertWar, Smugglers], action_resolution_starting())
    }

    /// See [`Expansion::dice_rolled`].
    pub(crate) fn hook_dice_rolled(&mut self, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], dice_rolled(ev));
    }

    /// See [`Expansion::dice_lost`].
    pub(crate) fn hook_dice_lost(&mut self) {
        each!(self, [DesertWar, Smugglers], dice_lost());
    }

    /// See [`Expansion::legal_turn`].
    pub(crate) fn hook_legal_turn(&self, f: Faction, out: &mut Vec<Action>) {
        each!(self, [DesertWar, Smugglers], legal_turn(f, out));
    }

    /// See [`Expansion::turn_action`].
    pub(crate) fn hook_turn_action(
        &mut self,
        f: Faction,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> bool {
        any!(self, [DesertWar, Smugglers], turn_action(f, action, ev))
    }

    /// See [`Expansion::turn_ending`].
    pub(crate) fn hook_turn_ending(&mut self, f: Faction) -> bool {
        any!(self, [DesertWar, Smugglers], turn_ending(f))
    }

    /// See [`Expansion::turn_refusal`].
    pub(crate) fn hook_turn_refusal(&self, action: &Action) -> Option<&'static str> {
        first!(self, [DesertWar, Smugglers], turn_refusal(action))
    }

    /// See [`Expansion::prescience_advanced`].
    pub(crate) fn hook_prescience_advanced(&mut self, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], prescience_advanced(ev));
    }

    /// See [`Expansion::legal_claim_spending`].
    pub(crate) fn hook_legal_claim_spending(&self, slot: u8, out: &mut Vec<Action>) {
        each!(
            self,
            [DesertWar, Smugglers],
            legal_claim_spending(slot, out)
        );
    }

    /// See [`Expansion::round_ending`].
    pub(crate) fn hook_round_ending(&mut self, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], round_ending(ev));
    }

    /// See [`Expansion::action_settled`].
    ///
    /// Whether an expansion changed the game.
    pub(crate) fn hook_action_settled(&mut self) -> bool {
        let mut changed = false;
        fold!(
            self,
            [DesertWar, Smugglers],
            changed,
            action_settled(changed)
        )
    }

    /// See [`Expansion::step_ran`].
    pub(crate) fn hook_step_ran(&mut self) {
        each!(self, [DesertWar, Smugglers], step_ran());
    }

    /// See [`Expansion::sandworm_targets`].
    pub(crate) fn hook_sandworm_targets(&self, from: AreaId) -> Option<AreaSet> {
        first!(self, [DesertWar, Smugglers], sandworm_targets(from))
    }

    /// See [`Expansion::sandworm_moves`].
    pub(crate) fn hook_sandworm_moves(&self, from: AreaId) -> Option<AreaSet> {
        first!(self, [DesertWar, Smugglers], sandworm_moves(from))
    }

    /// See [`Expansion::sandworm_moved`].
    pub(crate) fn hook_sandworm_moved(&mut self, from: AreaId, to: AreaId) {
        each!(self, [DesertWar, Smugglers], sandworm_moved(from, to));
    }

    /// See [`Expansion::sandworm_figure_moved`].
    pub(crate) fn hook_sandworm_figure_moved(&mut self, from: AreaId, to: AreaId) {
        each!(
            self,
            [DesertWar, Smugglers],
            sandworm_figure_moved(from, to)
        );
    }

    /// See [`Expansion::sandworm_arrived`].
    pub(crate) fn hook_sandworm_arrived(&mut self, area: AreaId, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], sandworm_arrived(area, ev));
    }

    /// See [`Expansion::sandworm_attack_dice`].
    pub(crate) fn hook_sandworm_attack_dice(
        &mut self,
        from: AreaId,
        dice: u8,
        ev: &mut Vec<Event>,
    ) -> u8 {
        let mut dice = dice;
        fold!(
            self,
            [DesertWar, Smugglers],
            dice,
            sandworm_attack_dice(from, dice, ev)
        )
    }

    /// See [`Expansion::legion_arrived`].
    pub(crate) fn hook_legion_arrived(&mut self, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], legion_arrived(f, area, ev));
    }

    /// See [`Expansion::legion_passing`].
    pub(crate) fn hook_legion_passing(&mut self, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], legion_passing(f, area, ev));
    }

    /// See [`Expansion::retreat_closed`].
    pub(crate) fn hook_retreat_closed(&self) -> AreaSet {
        let mut closed = AreaSet::EMPTY;
        fold!(self, [DesertWar, Smugglers], closed, retreat_closed(closed))
    }

    /// See [`Expansion::retreat_refusal`].
    pub(crate) fn hook_retreat_refusal(&self, to: AreaId) -> Option<&'static str> {
        first!(self, [DesertWar, Smugglers], retreat_refusal(to))
    }

    /// See [`Expansion::move_resuming`].
    pub(crate) fn hook_move_resuming(&mut self, ev: &mut Vec<Event>) -> bool {
        any!(self, [DesertWar, Smugglers], move_resuming(ev))
    }

    /// See [`Expansion::wormsign_barred`].
    pub(crate) fn hook_wormsign_barred(&self, area: AreaId) -> Option<&'static str> {
        first!(self, [DesertWar, Smugglers], wormsign_barred(area))
    }

    /// See [`Expansion::sandriding_links`].
    pub(crate) fn hook_sandriding_links(&self) -> AreaSet {
        let mut out = AreaSet::EMPTY;
        each!(self, [DesertWar, Smugglers], sandriding_links(&mut out));
        out
    }

    /// See [`Expansion::sietch_at`].
    pub(crate) fn hook_sietch_at(&self, area: AreaId) -> bool {
        any!(self, [DesertWar, Smugglers], sietch_at(area))
    }

    /// See [`Expansion::sandworm_stop_barred`].
    pub(crate) fn hook_sandworm_stop_barred(&self, area: AreaId) -> bool {
        any!(self, [DesertWar, Smugglers], sandworm_stop_barred(area))
    }

    /// See [`Expansion::hazard_wormsign_barred`].
    pub(crate) fn hook_hazard_wormsign_barred(&self, area: AreaId) -> bool {
        any!(self, [DesertWar, Smugglers], hazard_wormsign_barred(area))
    }

    /// See [`Expansion::legal_desert_power`].
    pub(crate) fn hook_legal_desert_power(&self, n: u8, out: &mut Vec<Action>) {
        each!(self, [DesertWar, Smugglers], legal_desert_power(n, out));
    }

    /// See [`Expansion::desert_power_action`].
    pub(crate) fn hook_desert_power_action(
        &mut self,
        n: u8,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> bool {
        any!(
            self,
            [DesertWar, Smugglers],
            desert_power_action(n, action, ev)
        )
    }

    /// See [`Expansion::desert_power_refusal`].
    pub(crate) fn hook_desert_power_refusal(&self, action: &Action) -> Option<&'static str> {
        first!(self, [DesertWar, Smugglers], desert_power_refusal(action))
    }

    /// See [`Expansion::harvest`].
    pub(crate) fn hook_harvest(&mut self, ev: &mut Vec<Event>) -> u8 {
        let mut spice = 0;
        fold!(self, [DesertWar, Smugglers], spice, harvest(spice, ev))
    }

    /// See [`Expansion::zones_clearing`].
    pub(crate) fn hook_zones_clearing(&mut self) {
        each!(self, [DesertWar, Smugglers], zones_clearing());
    }

    /// See [`Expansion::desert_power_taken`].
    pub(crate) fn hook_desert_power_taken(&mut self) {
        each!(self, [DesertWar, Smugglers], desert_power_taken());
    }

    /// See [`Expansion::box_special_starting`].
    pub(crate) fn hook_box_special_starting(&mut self, l: LeaderId) -> bool {
        any!(self, [DesertWar, Smugglers], box_special_starting(l))
    }

    /// See [`Expansion::desert_power_dice`].
    pub(crate) fn hook_desert_power_dice(&self, dice: u8) -> u8 {
        let mut dice = dice;
        fold!(self, [DesertWar, Smugglers], dice, desert_power_dice(dice))
    }

    /// See [`Expansion::card_step`].
    pub(crate) fn hook_card_step(&mut self, step: &Step, ev: &mut Vec<Event>) -> bool {
        any!(self, [DesertWar, Smugglers], card_step(step, ev))
    }

    /// See [`Expansion::vehicle_left_zone`].
    pub(crate) fn hook_vehicle_left_zone(&mut self, v: Vehicle) {
        each!(self, [DesertWar, Smugglers], vehicle_left_zone(v));
    }

    /// See [`Expansion::legal_group_move`].
    pub(crate) fn hook_legal_group_move(
        &self,
        m: &Move,
        from: AreaId,
        group: &Group,
        out: &mut Vec<Action>,
    ) {
        each!(
            self,
            [DesertWar, Smugglers],
            legal_group_move(m, from, group, out)
        );
    }

    /// See [`Expansion::group_move_action`].
    pub(crate) fn hook_group_move_action(
        &mut self,
        m: &mut Move,
        from: AreaId,
        group: Group,
        action: Action,
        ev: &mut Vec<Event>,
    ) -> Option<bool> {
        first!(
            self,
            [DesertWar, Smugglers],
            group_move_action(m, from, group, action, ev)
        )
    }

    /// See [`Expansion::group_entering`].
    pub(crate) fn hook_group_entering(
        &mut self,
        m: &mut Move,
        from: AreaId,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        any!(
            self,
            [DesertWar, Smugglers],
            group_entering(m, from, to, group, ev)
        )
    }

    /// See [`Expansion::legion_entered`].
    pub(crate) fn hook_legion_entered(&mut self, f: Faction, area: AreaId, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], legion_entered(f, area, ev));
    }

    /// See [`Expansion::move_refusal`]. The Smugglers answer first: a
    /// move of the Smugglers die has its own rules for every action
    /// (SM-DIE-06 to SM-DIE-12).
    pub(crate) fn hook_move_refusal(&self, m: &Move, action: &Action) -> Option<&'static str> {
        first!(self, [Smugglers, DesertWar], move_refusal(m, action))
    }

    /// See [`Expansion::defender_retreating`].
    pub(crate) fn hook_defender_retreating(
        &mut self,
        bt: &Battle,
        to: AreaId,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        any!(
            self,
            [DesertWar, Smugglers],
            defender_retreating(bt, to, group, ev)
        )
    }

    /// See [`Expansion::attacker_advancing`].
    pub(crate) fn hook_attacker_advancing(
        &mut self,
        bt: &Battle,
        group: &(Group, Vec<u8>),
        ev: &mut Vec<Event>,
    ) -> bool {
        any!(
            self,
            [DesertWar, Smugglers],
            attacker_advancing(bt, group, ev)
        )
    }

    /// See [`Expansion::battle_dice`].
    pub(crate) fn hook_battle_dice(&self, f: Faction, at: AreaId, dice: u8) -> u8 {
        let mut dice = dice;
        fold!(self, [DesertWar, Smugglers], dice, battle_dice(f, at, dice))
    }

    /// See [`Expansion::harkonnen_conquered`].
    pub(crate) fn hook_harkonnen_conquered(&mut self, at: AreaId, ev: &mut Vec<Event>) {
        each!(self, [DesertWar, Smugglers], harkonnen_conquered(at, ev));
    }

    /// See [`Expansion::paused_battle`].
    pub(crate) fn hook_paused_battle(&self) -> Option<Battle> {
        first!(self, [DesertWar, Smugglers], paused_battle())
    }

    /// See [`Expansion::unit_totals`].
    pub(crate) fn hook_unit_totals(&self, f: Faction, totals: &mut Units) {
        each!(self, [DesertWar, Smugglers], unit_totals(f, totals));
    }

    /// See [`Expansion::check_position`].
    pub(crate) fn hook_check_position(&self) -> Option<SetupError> {
        first!(self, [DesertWar, Smugglers], check_position())
    }

    /// See [`Expansion::sample_redrawn`].
    pub(crate) fn hook_sample_redrawn(&mut self, me: Faction, rng: &mut GameRng) {
        each!(self, [DesertWar, Smugglers], sample_redrawn(me, rng));
    }

    /// See [`Expansion::hand_redealing`].
    pub(crate) fn hook_hand_redealing(&mut self, f: Faction) -> Vec<CardId> {
        let mut out = Vec::new();
        each!(self, [DesertWar, Smugglers], hand_redealing(f, &mut out));
        out
    }

    /// See [`Expansion::hand_redealt`].
    pub(crate) fn hook_hand_redealt(&mut self, cards: &[CardId]) {
        each!(self, [DesertWar, Smugglers], hand_redealt(cards));
    }

    /// See [`Expansion::leader_left_tank`].
    pub(crate) fn hook_leader_left_tank(&mut self, l: LeaderId) {
        each!(self, [DesertWar, Smugglers], leader_left_tank(l));
    }

    /// See [`Expansion::legal_decision`].
    pub(crate) fn hook_legal_decision(&self, out: &mut Vec<Action>) {
        each!(self, [DesertWar, Smugglers], legal_decision(out));
    }

    /// See [`Expansion::decision_action`].
    pub(crate) fn hook_decision_action(&mut self, action: Action, ev: &mut Vec<Event>) -> bool {
        any!(self, [DesertWar, Smugglers], decision_action(action, ev))
    }

    /// See [`Expansion::decision_refusal`].
    pub(crate) fn hook_decision_refusal(&self, action: &Action) -> Option<&'static str> {
        first!(self, [DesertWar, Smugglers], decision_refusal(action))
    }

    /// See [`Expansion::decision_waiting_on`].
    pub(crate) fn hook_decision_waiting_on(&self) -> Option<String> {
        first!(self, [DesertWar, Smugglers], decision_waiting_on())
    }

    /// See [`Expansion::label`]. Asked whether or not the game plays the
    /// expansion, so a refused action of an expansion the game does not
    /// play is still named in words.
    pub(crate) fn hook_label(&self, action: &Action) -> Option<String> {
        DesertWar::label(self, action).or_else(|| Smugglers::label(self, action))
    }
}

/// See [`Expansion::reason`].
pub(crate) fn expansion_reason(rule: &str) -> Option<&'static str> {
    DesertWar::reason(rule).or_else(|| Smugglers::reason(rule))
}
