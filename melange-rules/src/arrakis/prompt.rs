//! Where the game waits: the [`Prompt`] of the decision it waits on and the
//! small types its variants carry (a move, a battle, what goes on after
//! hits or a stacking excess). Each variant's legal actions, step and
//! refusal live in the file of its decision; `legal.rs`, `flow.rs` and
//! `refusal.rs` dispatch to them.
use super::expansions::ExpansionPrompt;
use super::ids::{AreaId, AreaSet, Faction};
use super::vocab::{ByFaction, ByImperiumMarker, Units};

/// A group of figures picked to move out of one area.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Group {
    /// Units by kind.
    pub units: Units,
    /// Face-down tokens (the first n of the area's list).
    pub tokens: u8,
    /// Generic leaders.
    pub generic: u8,
    /// Named leaders (bit = leader id).
    pub named: u64,
    /// Desert War: how many of `generic` are Escort Ornithopters serving
    /// as generic leaders (DW-ESCORT-08); 0 without the expansion.
    pub escorts: u8,
}

impl Group {
    /// Units, tokens counting 1 each.
    pub fn unit_count(&self) -> u8 {
        self.units.iter().sum::<u8>() + self.tokens
    }
    /// Leaders.
    pub fn leader_count(&self) -> u8 {
        self.generic + self.named.count_ones() as u8
    }
}

/// Where the current move stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Move {
    /// Who moves.
    pub faction: Faction,
    /// Leadership: every moving group needs a leader; an attack is a
    /// surprise attack (AR-DIE-07, AR-DIE-08).
    pub leadership: bool,
    /// Legions that may still move (AR-DIE-02).
    pub legions_left: u8,
    /// Areas moved into this action: their figures cannot move again
    /// (AR-DIE-04).
    pub moved_into: AreaSet,
    /// The picked source and group.
    pub picked: Option<(AreaId, Group)>,
    /// A planning card's move: which legions, move or attack
    /// (`None` = a die's move).
    pub card: Option<super::cards::play::CardMove>,
}

/// Where a battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum BattleStep {
    /// This side may discard cards for dice (AR-COMBAT-05).
    Discard(Faction),
    /// This side chooses which leader converts the next Special
    /// (AR-COMBAT-16; the attacker first, AR-COMBAT-17).
    Convert(Faction),
    /// This side picks which elite to lose when it has no regular but both
    /// an elite and a special elite (AR-COMBAT-20).
    Casualty(Faction),
    /// The attacker decides whether to continue (AR-COMBAT-28).
    Continue,
    /// AR-OPT-05: the defender may retreat before the next round.
    Retreat,
    /// The attacker won: advance or stay (AR-COMBAT-34).
    Advance,
    /// The attacker pays the hit to continue (AR-COMBAT-29) with no regular
    /// left and both an elite and a special elite: it picks which one
    /// takes it (AR-COMBAT-20).
    ContinueCasualty,
}

/// What goes on once hits taken outside a combat round are all taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AfterHits {
    /// A sandworm emerged in Desert Hazards: the harvester there, then the
    /// rest of the hazards.
    Emerge,
    /// A Coriolis Storm: the rest of the storms.
    Storm,
    /// A Desert Power sandworm attack: activations left, and the areas of
    /// the sandworms already activated.
    DesertPower(u8, AreaSet),
    /// A planning card's special attack: the card goes on.
    Card,
    /// A planning card's special attack on this house's legion, whose
    /// revealed tokens may leave it over the stacking limit: the owner
    /// removes the excess, then the card goes on.
    CardStacking(Faction),
    /// A planning card's Coriolis Storms: the storms go on after this
    /// area.
    CardStorm(AreaId),
    /// A sandworm a Harkonnen legion called attacked it, the legion having
    /// nowhere to retreat (docs/rules-decisions.md, Q16): this move goes on.
    Called(Move),
}

/// What goes on once the units above the stacking limit are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AfterExcess {
    /// Back to this house's turn (a free action revealed tokens).
    Turn(Faction),
    /// This house's turn ends (after its battle).
    EndTurn(Faction),
    /// The End of Round prescience claims (after the CHOAM ban fell).
    EndClaims,
    /// The battle whose defenders were revealed starts.
    Battle(Battle),
    /// The planning card that deployed the units goes on.
    Card,
}

/// A battle in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Battle {
    /// The attacking house.
    pub attacker: Faction,
    /// Where the attack came from.
    pub from: AreaId,
    /// The attacked area.
    pub at: AreaId,
    /// The attacking figures (off the board while the battle lasts).
    pub group: Group,
    /// A surprise attack (AR-DIE-09).
    pub surprise: bool,
    /// Still the first combat round.
    pub first_round: bool,
    /// Cards discarded this round by each side.
    pub discards: ByFaction<u8>,
    /// The step.
    pub step: BattleStep,
    /// This round's roll per side: dice, hits, shields, Specials left.
    pub roll: ByFaction<[u8; 4]>,
    /// Generic leaders per side that converted a Special this round.
    pub used_generic: ByFaction<u8>,
    /// Named leaders that converted a Special this round.
    pub used_named: u64,
    /// Hits still to be taken this round, per side.
    pub hits: ByFaction<u8>,
    /// What the card that started it adds.
    pub boost: super::cards::effects::Boost,
}

impl Battle {
    /// A battle record for hits that come from no battle (sandworms,
    /// storms, cards' special attacks): `take_hits` keeps its casualty
    /// bookkeeping in it.
    pub(super) fn scratch(attacker: Faction, at: AreaId) -> Battle {
        Battle {
            attacker,
            from: at,
            at,
            group: Group::default(),
            surprise: false,
            first_round: false,
            discards: ByFaction::default(),
            step: BattleStep::Continue,
            roll: ByFaction::default(),
            used_generic: ByFaction::default(),
            used_named: 0,
            hits: ByFaction::default(),
            boost: super::cards::effects::Boost::None,
        }
    }
}

/// The decision the game waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Prompt {
    /// Nothing (the game is over).
    None,
    /// Harkonnen places vehicles; `left` counts what may still be placed.
    Vehicles {
        /// Harvesters.
        harvesters: u8,
        /// Ornithopters.
        ornithopters: u8,
        /// Carryalls.
        carryalls: u8,
        /// Any 2 vehicles of the House action (AR-DIE-21): then
        /// `ornithopters` holds the count for any kind, harvesters included
        /// (docs/rules-decisions.md, Q10).
        any: bool,
        /// Placed by a House die: "Done" ends the turn, not the step.
        house: bool,
    },
    /// Give an excess die a new result.
    Reassign(Faction),
    /// Place a Bene Gesserit token or not.
    BeneGesserit(Faction),
    /// Choose the turn's action (or a free action).
    Turn(Faction),
    /// Atreides House die: what it stands for.
    AtreidesHouse,
    /// Harkonnen House die: which option.
    HarkonnenHouse,
    /// Moving legions.
    Move(Move),
    /// Mentat: which decks.
    Mentat(Faction),
    /// Harkonnen Deployment: regulars left, leader placed, last area.
    HarkonnenDeploy {
        /// Regulars still to place.
        regulars: u8,
        /// The leader is still to place.
        leader: bool,
        /// The area of the last regular placed.
        last: Option<AreaId>,
    },
    /// Atreides Deployment: where the drawn token goes, then the leader.
    AtreidesDeploy {
        /// The drawn token kind.
        token: u8,
        /// Where it was placed.
        placed: Option<AreaId>,
    },
    /// Harkonnen House: regulars to upgrade.
    Upgrade(u8),
    /// Desert Power: wormsigns left to place.
    Wormsigns(u8),
    /// Desert Power under AR-OPT-03: sandworms left to activate, and the
    /// areas of those already activated.
    Sandworms(u8, AreaSet),
    /// A battle.
    Battle(Battle),
    /// Spice Harvesting: spice to spend and markers decided.
    Spice {
        /// Spice in hand.
        spice: u8,
        /// Kept or raised markers.
        decided: ByImperiumMarker<bool>,
    },
    /// End of Round prescience claims.
    EndClaims,
    /// AR-OPT-02: reorder the top cards of one of this house's decks.
    Foresee(Faction, u8),
    /// Desert Hazards: which sandworm on the board moves to this area
    /// (AR-HAZ-15).
    RelocateWorm(AreaId),
    /// Action Resolution: a Harkonnen legion's move revealed a sandworm in
    /// this area and none is free; the Atreides choose which sandworm on
    /// the board moves there (AR-HAZ-15, AR-HAZ-50), then the move goes on.
    CalledWorm(Move, AreaId),
    /// Desert Hazards: rescue the harvester in this area with a carryall?
    Rescue(AreaId),
    /// End of Round leader swap, Harkonnen first (AR-END-04).
    Swap(Faction),
    /// Discard down to the hand limit (AR-END-08).
    HandLimit(Faction),
    /// Unclaimed prescience cards (AR-END-09).
    Unclaimed,
    /// A planning card's step waits on this house: the card and the step
    /// (AR-ACT-13, AR-ACT-17).
    Card(Faction, super::cards::play::Source, u8),
    /// A sandworm or a storm hit the Harkonnen legion in this area, this
    /// many hits still to take, and it has no regular but both an elite and
    /// a Sardaukar: the Harkonnen pick which takes the next hit
    /// (AR-COMBAT-20, docs/rules-decisions.md, Q6).
    HazardCasualty(Faction, AreaId, u8, AfterHits),
    /// This house has more units in this area than the stacking limit: it
    /// picks which kind to remove next (AR-MOVE-08, AR-SPICE-20,
    /// AR-DEPLOY-05).
    Excess(Faction, AreaId, AfterExcess),
    /// AR-OPT-08: the Harkonnen legion in this area flees the sandworm
    /// that emerged there; the Harkonnen pick the adjacent open area.
    Flee(AreaId),
    /// AR-ATOM-07: the Family Atomics hit this area; the Harkonnen pick the
    /// adjacent open area this house's legion moves to.
    Displace(Faction, AreaId),
    /// Action Resolution: a Harkonnen group's move revealed a sandworm in
    /// this area; the Harkonnen pick the adjacent open area without a
    /// wormsign it retreats to (AR-HAZ-50), then the sandworm comes and the
    /// move goes on.
    WormRetreat(Move, AreaId, Group),
    /// A wormsign produced a sandworm in this area while the Wild Maker is
    /// in play with its figure off the board: the Atreides put the Wild
    /// Maker there (`Action::WildMaker`) or a normal sandworm
    /// (`Action::Done`) (AR-HAZ-18, AR-OPT-11). Without a move it is
    /// Desert Hazards, which then go on; with one, a Harkonnen legion's
    /// move revealed it (AR-HAZ-50), and that move goes on.
    WildMakerOrSandworm(AreaId, Option<Move>),
    /// A decision of an expansion (`expansions/`).
    Expansion(ExpansionPrompt),
}

impl Prompt {
    /// The house whose decision it is.
    pub fn faction(&self) -> Option<Faction> {
        Some(match *self {
            Prompt::None => return None,
            Prompt::Expansion(p) => p.faction(),
            Prompt::Vehicles { .. } | Prompt::HarkonnenHouse | Prompt::Upgrade(_) => {
                Faction::Harkonnen
            }
            Prompt::HarkonnenDeploy { .. } | Prompt::Spice { .. } | Prompt::Rescue(_) => {
                Faction::Harkonnen
            }
            Prompt::HazardCasualty(f, ..) => f,
            Prompt::Flee(_) | Prompt::Displace(..) | Prompt::WormRetreat(..) => Faction::Harkonnen,
            Prompt::AtreidesHouse
            | Prompt::AtreidesDeploy { .. }
            | Prompt::Wormsigns(_)
            | Prompt::Sandworms(..)
            | Prompt::RelocateWorm(_)
            | Prompt::CalledWorm(..)
            | Prompt::WildMakerOrSandworm(..)
            | Prompt::EndClaims
            | Prompt::Unclaimed => Faction::Atreides,
            Prompt::Reassign(f)
            | Prompt::BeneGesserit(f)
            | Prompt::Turn(f)
            | Prompt::Mentat(f)
            | Prompt::Swap(f)
            | Prompt::Foresee(f, _)
            | Prompt::HandLimit(f)
            | Prompt::Card(f, ..) => f,
            Prompt::Excess(f, ..) => f,
            Prompt::Move(m) => m.faction,
            Prompt::Battle(b) => match b.step {
                BattleStep::Discard(f) | BattleStep::Convert(f) | BattleStep::Casualty(f) => f,
                BattleStep::Retreat => b.attacker.other(),
                _ => b.attacker,
            },
        })
    }
}
