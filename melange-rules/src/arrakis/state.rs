//! The game state and its setup.
use std::borrow::Cow;

use rand::Rng;

use crate::core::{GameRng, SmallList};

use super::action::Action;
use super::data::{Data, data};
use super::event::Event;
use super::expansions::hooks::tables_for;
use super::expansions::{AreaExpansions, ExpansionStates, ExpansionVehicle};
use super::ids::{
    AreaId, CardId, Deck, DieResult, Faction, ImperiumMarker, LeaderId, Marker, UnitKind, Wormsign,
};
use super::options::Rules;
use super::vocab::{ByFaction, ByImperiumMarker, ByMarker, Units};

/// A vehicle in an Air zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Vehicle {
    /// Scouting and troop-transport.
    Ornithopter,
    /// Rescues harvesters.
    Carryall,
    /// An expansion's vehicle, never on the board without its expansion.
    /// Written as text by its own name alone (`"EscortOrnithopter"`), as
    /// the core's are.
    #[serde(untagged)]
    Expansion(ExpansionVehicle),
}

impl Vehicle {
    /// Every vehicle an Air zone may hold: the core's two, then the
    /// expansions'.
    pub const ALL: [Vehicle; 2 + ExpansionVehicle::ALL.len()] = {
        let mut all = [Vehicle::Ornithopter; 2 + ExpansionVehicle::ALL.len()];
        all[1] = Vehicle::Carryall;
        let mut i = 0;
        while i < ExpansionVehicle::ALL.len() {
            all[2 + i] = Vehicle::Expansion(ExpansionVehicle::ALL[i]);
            i += 1;
        }
        all
    };

    /// The name of the vehicle as the contract spells it ("ornithopter", ...).
    pub fn name(self) -> &'static str {
        match self {
            Vehicle::Ornithopter => "ornithopter",
            Vehicle::Carryall => "carryall",
            Vehicle::Expansion(v) => v.name(),
        }
    }

    /// What a placement counts it as: the core's own, or the vehicle an
    /// expansion's is placed instead of; `None` when it comes in addition
    /// to the house's.
    pub(crate) fn placed_as(self) -> Option<Vehicle> {
        match self {
            Vehicle::Expansion(v) => v.placed_as(),
            core => Some(core),
        }
    }

    /// Whether it is a Harkonnen ornithopter where the core's rules read
    /// one (an ornithopter watching an area, AR-DEPLOY-10; an attack from
    /// an ornithopter).
    pub(crate) fn counts_as_ornithopter(self) -> bool {
        match self {
            Vehicle::Ornithopter => true,
            Vehicle::Carryall => false,
            Vehicle::Expansion(v) => v.counts_as_ornithopter(),
        }
    }
}

/// A sietch token on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Sietch {
    /// Rank 1-3.
    pub rank: u8,
    /// Face up.
    pub revealed: bool,
}

/// A sandworm figure on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Worm {
    /// An ordinary sandworm.
    Normal,
    /// The Wild Maker.
    WildMaker,
}

/// The face-down deployment tokens of an area, inline so that an area is
/// `Copy` and a state's copy moves its areas in one block. The data's
/// tokens all fit in one area (checked when the data is read), and a
/// position with more is refused when it is read.
pub type Tokens = tinyvec::ArrayVec<[u8; TOKENS_IN_AN_AREA]>;

/// How many deployment tokens one area can hold: more than the game has.
pub const TOKENS_IN_AN_AREA: usize = 24;

/// What is in one area.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct AreaState {
    /// Units per faction per [`UnitKind`].
    pub units: ByFaction<Units>,
    /// Generic leaders per faction.
    pub generic: ByFaction<u8>,
    /// Named leaders here (bit = [`LeaderId`]).
    pub named: u64,
    /// Face-down Atreides deployment tokens (contents by token-kind index).
    pub tokens: Tokens,
    /// The sietch token.
    pub sietch: Option<Sietch>,
    /// The printed Harkonnen settlement still stands.
    pub settlement: bool,
    /// An untaken testing station and the marker on its back.
    pub station: Option<Marker>,
    /// A face-down wormsign token.
    pub wormsign: Option<Wormsign>,
    /// A sandworm figure.
    pub worm: Option<Worm>,
    /// A Harkonnen harvester.
    pub harvester: bool,
    /// The expansions' figures (all zero without them), written into the
    /// area's text as if they were its own fields.
    #[serde(flatten)]
    pub expansions: AreaExpansions,
}

impl AreaState {
    /// Units of `f`, a face-down token counting 1 (AR-MOVE-10).
    pub fn unit_count(&self, f: Faction) -> u8 {
        let u = self.units[f];
        let t = if f == Faction::Atreides {
            self.tokens.len() as u8
        } else {
            0
        };
        u.total() + t
    }

    /// Leaders of `f` here.
    pub fn leader_count(&self, f: Faction, d: &Data) -> u8 {
        self.generic[f] + named_of(self.named, f, d).count_ones() as u8
    }

    /// No figure of any kind here: no unit (Smuggler Regulars included),
    /// leader, harvester (a Smuggler one included), sandworm, Desert War
    /// figure or Camp, or Smugglers Base.
    pub fn holds_no_figure(&self) -> bool {
        self.units.iter().all(|u| u.total() == 0)
            && self.generic.iter().all(|n| *n == 0)
            && self.named == 0
            && self.worm.is_none()
            && !self.harvester
            && self.expansions.is_clear()
    }

    /// Nothing here: no figure and no token (deployment token, sietch,
    /// standing settlement, testing station, wormsign). The empty area the
    /// expansions' placements ask for (Desert War DQ4, SM-ALLY-06).
    pub fn is_empty(&self) -> bool {
        self.holds_no_figure()
            && self.tokens.is_empty()
            && self.sietch.is_none()
            && !self.settlement
            && self.station.is_none()
            && self.wormsign.is_none()
    }

    /// Whether `f` has a legion (any unit or leader) here.
    pub fn has_legion(&self, f: Faction, d: &Data) -> bool {
        self.unit_count(f) > 0 || self.leader_count(f, d) > 0
    }
}

/// The named-leader bits of `mask` belonging to `f`.
pub fn named_of(mask: u64, f: Faction, d: &Data) -> u64 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros();
        m &= m - 1;
        if d.leaders[i as usize].faction == f {
            out |= 1 << i;
        }
    }
    out
}

/// Where a named leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LeaderAt {
    /// Not yet in play.
    NotInPlay,
    /// In play, figure set aside (deployable).
    SetAside,
    /// On the board.
    Board(AreaId),
    /// In the regeneration tank, at this box (0 = leftmost).
    Tank(u8),
    /// Removed from the game.
    Removed,
}

/// One action die on a dashboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Die {
    /// Its result.
    pub result: DieResult,
    /// Spent this round (AR-ACT-14).
    pub spent: bool,
    /// A placed Bene Gesserit token (AR-BG-01), not a real die.
    pub token: bool,
}

/// A pile of planning cards, inline up to 40 (a house's two decks hold
/// 17 each in the data), so that a state's copy copies it without
/// allocating ([`SmallList`]).
pub type CardPile = SmallList<CardId, 40>;

/// One house's private and public holdings.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct House {
    /// Hand of planning cards.
    pub hand: CardPile,
    /// The two draw piles (house, ally), top last.
    pub decks: [CardPile; 2],
    /// Discarded cards, face up.
    pub discard: CardPile,
    /// Dice on the dashboard this round.
    pub dice: SmallList<Die, 12>,
    /// Dice rolled in excess, waiting for a new result (AR-ACT-07).
    pub excess: u8,
    /// Units in supply per [`UnitKind`].
    pub supply: Units,
    /// Generic leaders in supply.
    pub generic_supply: u8,
    /// Bene Gesserit tokens held.
    pub bene_gesserit: u8,
    /// A token placed this round (AR-BG-03).
    pub bene_gesserit_placed: bool,
}

impl House {
    /// Unused dice (tokens included).
    pub fn unused(&self) -> u8 {
        self.dice.iter().filter(|d| !d.spent).count() as u8
    }
}

/// The phase of the round (AR-START-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Phase {
    /// Step 1.
    VehiclePlacement,
    /// Step 2.
    ActionResolution,
    /// Step 3 (resolved by the engine).
    DesertHazards,
    /// Step 4.
    SpiceHarvesting,
    /// End of the Round.
    EndOfRound,
    /// The game is over.
    Over,
}

/// The whole game.
#[derive(Clone, Debug, PartialEq)]
pub struct Arrakis {
    pub(super) rules: Rules,
    pub(super) rng: GameRng,
    /// Round number, from 1.
    pub(crate) round: u16,
    /// Current phase.
    pub(crate) phase: Phase,
    /// The decision the game waits on.
    pub(super) prompt: super::prompt::Prompt,
    /// Per area.
    pub(crate) areas: Vec<AreaState>,
    /// Per Air zone.
    pub(crate) zones: SmallList<Option<Vehicle>, 8>,
    /// Harkonnen `[0]`, Atreides `[1]`.
    pub(crate) houses: ByFaction<House>,
    /// Per named leader (generic entries unused).
    pub(crate) leaders: SmallList<LeaderAt, 32>,
    /// Spent leader cards this round.
    pub(crate) spent_leaders: u64,
    /// Imperium markers' rows (1 = top), CHOAM, Spacing Guild, Landsraad.
    pub(crate) imperium: ByImperiumMarker<u8>,
    /// Active bans.
    pub(crate) bans: ByImperiumMarker<bool>,
    /// Harkonnen spice saved from the last harvest (AR-SPICE-13).
    pub(crate) spice_saved: u8,
    /// Harkonnen supremacy points.
    pub(crate) supremacy: u8,
    /// Prescience markers.
    pub(crate) prescience: ByMarker<u8>,
    /// The Atreides secret objective (index into the objectives).
    pub(super) objective: u8,
    /// Wormsign pool (face down; order is chance).
    pub(super) wormsign_pool: SmallList<Wormsign, 24>,
    /// Atreides deployment pool (token-kind indexes).
    pub(super) deploy_pool: SmallList<u8, 16>,
    /// Prescience deck (indexes), top last.
    pub(super) prescience_deck: SmallList<u8, 24>,
    /// Revealed prescience cards this round.
    pub(crate) revealed: SmallList<u8, 24>,
    /// Prescience cards claimed this round.
    pub(crate) claimed_this_round: u8,
    /// Prescience card claimed this turn (AR-PRESC-04).
    pub(crate) claimed_this_turn: bool,
    /// Ordinary sandworm figures off the board.
    pub(crate) worms_off: u8,
    /// Harvesters destroyed in this Action Resolution (AR-PRESC-13).
    pub(crate) harvesters_destroyed: u8,
    /// Harkonnen settlements destroyed (for conditions).
    pub(crate) settlements_destroyed: u8,
    /// Testing stations taken.
    pub(crate) stations_taken: u8,
    /// The Family Atomics were detonated (AR-ATOM-03).
    pub(crate) atomics_used: bool,
    /// The mountain they turned into desert (AR-ATOM-04).
    pub(crate) atomics_area: Option<AreaId>,
    /// Supremacy bought this round (AR-SPICE-11).
    pub(crate) bought_supremacy: bool,
    /// The winner, once there is one, and why in words. The engine's own
    /// reasons are literals; a position read from text owns its words.
    pub(crate) winner: Option<(Faction, Cow<'static, str>)>,
    /// MC-ROUNDS-01: the game ends when this round ends (`None`: no limit).
    pub(super) max_rounds: Option<u32>,
    /// The expansions' state, each when it is on.
    pub(crate) expansions: ExpansionStates,
    /// The planning card being resolved (AR-ACT-13).
    pub(super) effect: Option<super::cards::play::CardRun>,
    /// Desert Hazards resolution cursor (kind * 128 + area).
    pub(super) hazard_cursor: u16,
    /// Test hook: die faces (indexes) to return before the generator's.
    pub(super) loaded: Vec<u8>,
    /// Named leaders a card pins for their house's next action turn (bit =
    /// [`LeaderId`]); public information.
    pub(super) pinned: u64,
    /// Truthtrance: the die the Harkonnen must use on their next turn.
    pub(crate) forced_die: Option<DieResult>,
    /// Tested with the Gom Jabbar: a second secret objective (hidden like
    /// the first).
    pub(super) objective2: Option<u8>,
    /// Fear Is the Mind-Killer: the prescience card it is attached to and
    /// the marker that gains 2 more steps when that card is claimed.
    pub(crate) fear: Option<(u8, Marker)>,
    /// Eyes of Ibad: the prescience card it is attached to.
    pub(crate) ibad: Option<u8>,
    /// Sandworms placed on the board this round (public; for prescience
    /// conditions).
    pub(crate) worms_surfaced: u8,
    /// Dice each house spent this turn: its tank leaders move that many
    /// boxes at the end of the turn (AR-LEADER-11).
    pub(super) tank_moves: ByFaction<u8>,
}

/// Reading the game's facts. The fields are the engine's own: a test or a
/// tool reads them here and changes them only through a [`super::Setup`]
/// ([`Arrakis::edit`]), which must pass the rules' checks.
impl Arrakis {
    /// Round number, from 1.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Every area's pieces, by area index.
    pub fn areas(&self) -> &[AreaState] {
        &self.areas
    }

    /// One area's pieces.
    pub fn area(&self, a: AreaId) -> &AreaState {
        &self.areas[a.index()]
    }

    /// Every Air zone's vehicle, by zone index.
    pub fn zones(&self) -> &[Option<Vehicle>] {
        &self.zones
    }

    /// Both houses' hands, decks, dice and supplies (one: [`Arrakis::house`]).
    pub fn houses(&self) -> &ByFaction<House> {
        &self.houses
    }

    /// Where each named leader is, by leader index.
    pub fn leaders(&self) -> &[LeaderAt] {
        &self.leaders
    }

    /// The prescience deck, top last: its order is hidden in play (a
    /// seat's view shows only its size).
    pub fn prescience_deck(&self) -> &[u8] {
        &self.prescience_deck
    }

    /// Where named leader `l` is.
    pub fn leader_at(&self, l: LeaderId) -> LeaderAt {
        self.leaders[usize::from(l.0)]
    }

    /// The Atreides secret objective, and the second one a Tested with the
    /// Gom Jabbar drew (indexes into the objectives): hidden facts, which a
    /// seat's view shows only to the Atreides.
    pub fn objectives(&self) -> (u8, Option<u8>) {
        (self.objective, self.objective2)
    }

    /// The leader cards spent this round (bit = leader index).
    pub fn spent_leaders(&self) -> u64 {
        self.spent_leaders
    }

    /// The Imperium markers' rows (1 = top).
    pub fn imperium(&self) -> ByImperiumMarker<u8> {
        self.imperium
    }

    /// The active bans.
    pub fn bans(&self) -> ByImperiumMarker<bool> {
        self.bans
    }

    /// Harkonnen spice saved from the last harvest (AR-SPICE-13).
    pub fn spice_saved(&self) -> u8 {
        self.spice_saved
    }

    /// Harkonnen supremacy points.
    pub fn supremacy(&self) -> u8 {
        self.supremacy
    }

    /// The prescience markers' steps.
    pub fn prescience(&self) -> ByMarker<u8> {
        self.prescience
    }

    /// The prescience cards revealed this round.
    pub fn revealed(&self) -> &[u8] {
        &self.revealed
    }

    /// Prescience cards claimed this round.
    pub fn claimed_this_round(&self) -> u8 {
        self.claimed_this_round
    }

    /// Whether a prescience card was claimed this turn (AR-PRESC-04).
    pub fn claimed_this_turn(&self) -> bool {
        self.claimed_this_turn
    }

    /// Ordinary sandworm figures off the board.
    pub fn worms_off(&self) -> u8 {
        self.worms_off
    }

    /// Harvesters destroyed in this Action Resolution (AR-PRESC-13).
    pub fn harvesters_destroyed(&self) -> u8 {
        self.harvesters_destroyed
    }

    /// Harkonnen settlements destroyed.
    pub fn settlements_destroyed(&self) -> u8 {
        self.settlements_destroyed
    }

    /// Testing stations taken.
    pub fn stations_taken(&self) -> u8 {
        self.stations_taken
    }

    /// Whether the Family Atomics were detonated (AR-ATOM-03).
    pub fn atomics_used(&self) -> bool {
        self.atomics_used
    }

    /// The mountain the Family Atomics turned into desert (AR-ATOM-04).
    pub fn atomics_area(&self) -> Option<AreaId> {
        self.atomics_area
    }

    /// Whether supremacy was bought this round (AR-SPICE-11).
    pub fn bought_supremacy(&self) -> bool {
        self.bought_supremacy
    }

    /// The winner, once there is one, and why in words.
    pub fn winner(&self) -> Option<(Faction, &str)> {
        self.winner.as_ref().map(|(f, why)| (*f, why.as_ref()))
    }

    /// Truthtrance: the die the Harkonnen must use on their next turn.
    pub fn forced_die(&self) -> Option<DieResult> {
        self.forced_die
    }

    /// Fear Is the Mind-Killer: its prescience card and marker.
    pub fn fear(&self) -> Option<(u8, Marker)> {
        self.fear
    }

    /// Eyes of Ibad: its prescience card.
    pub fn ibad(&self) -> Option<u8> {
        self.ibad
    }

    /// Sandworms placed on the board this round.
    pub fn worms_surfaced(&self) -> u8 {
        self.worms_surfaced
    }
}

impl Arrakis {
    /// The shared data: the core tables, or the tables as an expansion
    /// the game plays changes them (`hooks::tables_for`).
    pub(super) fn d(&self) -> &'static Data {
        Arrakis::data_for(&self.rules)
    }

    /// The tables a game with these rules plays with (see [`Arrakis::d`]).
    pub(super) fn data_for(rules: &Rules) -> &'static Data {
        tables_for(rules).unwrap_or_else(data)
    }

    /// Whether Air zone `z` holds a Harkonnen vehicle, the target of
    /// Atreides cards and Rocket Launchers and the carrier a Suspensor
    /// Trooper deployment needs: any vehicle of the core game, and an
    /// expansion's when that expansion says so.
    pub(crate) fn harkonnen_vehicle_in(&self, z: usize) -> bool {
        match self.zones[z] {
            None => false,
            Some(Vehicle::Expansion(v)) => v.is_harkonnen(self),
            Some(_) => true,
        }
    }

    /// A house.
    pub fn house(&self, f: Faction) -> &House {
        &self.houses[f]
    }

    pub(super) fn house_mut(&mut self, f: Faction) -> &mut House {
        &mut self.houses[f]
    }

    /// The resolved rule switches.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Draws the top card of one of `f`'s decks (AR-START-04: an empty deck
    /// gives nothing).
    pub(super) fn draw(&mut self, f: Faction, deck: usize, ev: &mut Vec<Event>) {
        if let Some(c) = self.houses[f].decks[deck].pop() {
            self.houses[f].hand.push(c);
            ev.push(Event::CardDrawn {
                faction: f,
                deck: Deck::of(f)[deck],
                card: Some(c),
            });
        }
    }

    /// Units of `f` on the board, supply and eliminated pool are one pool in
    /// this game (eliminated units return to supply, AR-COMBAT-25).
    pub fn units_on_board(&self, f: Faction) -> Units {
        let mut n = Units::NONE;
        for a in &self.areas {
            for k in UnitKind::ALL {
                n[k] += a.units[f][k];
            }
        }
        n
    }

    /// The stacking limit for `f` now (AR-MOVE-07, AR-SPICE-19).
    pub fn stacking_limit(&self, f: Faction) -> u8 {
        let l = &self.d().tables.limits;
        if f == Faction::Harkonnen && self.bans[ImperiumMarker::Choam] {
            l.stacking_choam_ban
        } else {
            l.stacking
        }
    }

    /// Whether a named leader is in play with its card usable.
    pub fn leader_in_play(&self, l: LeaderId) -> bool {
        !matches!(
            self.leaders[usize::from(l.0)],
            LeaderAt::NotInPlay | LeaderAt::Removed
        )
    }

    /// Rolls one die with the given number of faces.
    pub(super) fn roll(&mut self, faces: usize) -> usize {
        if !self.loaded.is_empty() {
            return usize::from(self.loaded.remove(0)) % faces;
        }
        self.rng.random_range(0..faces)
    }

    /// Legal actions of the seat to act (empty when over).
    pub(super) fn legal_list(&self) -> Vec<Action> {
        // Most prompts list fewer than 64 actions: one allocation, no
        // regrowth (apply builds this list twice per decision).
        let mut v = Vec::with_capacity(64);
        self.legal(&mut v);
        v
    }
}
