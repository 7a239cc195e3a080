//! The Smugglers' actions: every choice the expansion adds, wrapped by the
//! core `Action::Expansion`. Each variant is routed by `super::flow` to
//! the file of its decision.
use crate::arrakis::ids::{AirZoneId, AreaId};

/// A choice of the Smugglers expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmAction {
    // The alliance part.
    /// Place the Smugglers Base in this area (SM-ALLY-06).
    PlaceBase(AreaId),
    /// Staban Tuek, back from the regeneration tank, joins the Atreides
    /// legion in this area (SM-STABAN-05).
    StabanJoins(AreaId),
    // Die & thopters:
    /// The Atreides spend the Smugglers die, in place of one of theirs, for
    /// one of its actions (SM-DIE-03, SM-DIE-06 to SM-DIE-16).
    UseDie(DieUse),
    /// The Atreides spend the Smugglers die, in place of one of theirs, to
    /// claim the "spend 1 action die" prescience card in this slot of the
    /// row, as the turn's action (SM-DIE-03 with AR-PRESC-08).
    ClaimPrescience(u8),
    /// Vehicle Placement: a Smuggler ornithopter into this empty Air zone
    /// (SM-ROUND-04, SM-THOPTER-04 to SM-THOPTER-06).
    PlaceThopter(AirZoneId),
    /// A thopter battle: the Harkonnen forgo an ornithopter of this
    /// placement to remove the Smuggler ornithopter in this Air zone
    /// (SM-THOPTER-08 to SM-THOPTER-12).
    ThopterBattle(AirZoneId),
    /// Troop-transport of the moving Atreides group with the Smuggler
    /// ornithopter in this Air zone, to this area (SM-THOPTER-13,
    /// SM-THOPTER-14).
    ThopterTransport(AirZoneId, AreaId),
    // Neutral part.
    /// The Harkonnen put a Smuggler harvester into this desert area at
    /// Vehicle Placement (SM-ROUND-03, SM-HARVESTER-05).
    PlaceHarvester(AreaId),
}

/// An action of the Smugglers die (SM-DIE-06 to SM-DIE-15); its House
/// result stands for any of them (SM-DIE-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DieUse {
    /// Leadership: move 1 legion with a leader (SM-DIE-06, SM-DIE-07).
    LeadershipMove,
    /// Leadership: attack with 1 legion holding a Smuggler unit
    /// (SM-DIE-08, SM-DIE-09).
    LeadershipAttack,
    /// Strategy: move 1 legion (SM-DIE-10).
    StrategyMove,
    /// Strategy: move 2 different legions, each holding a Smuggler unit
    /// (SM-DIE-11, SM-DIE-12).
    StrategyPair,
    /// Deployment: Smuggler units into the Base's area (SM-DIE-13).
    Deployment,
    /// Mentat: play 1 planning card (SM-DIE-04, SM-DIE-14).
    MentatPlay,
    /// Mentat: draw 2 House Atreides cards, keep 1 (SM-DIE-15).
    MentatDraw,
    /// Under `smugglers_die_leaders=enhanced` only (SQ15): the special
    /// action of an Atreides leader whose action box has the die's result
    /// (SM-DIE-06, SM-DIE-16).
    LeaderSpecial,
}

impl DieUse {
    /// Every action, in the order they are offered.
    pub const ALL: [DieUse; 8] = [
        DieUse::LeadershipMove,
        DieUse::LeadershipAttack,
        DieUse::StrategyMove,
        DieUse::StrategyPair,
        DieUse::Deployment,
        DieUse::MentatPlay,
        DieUse::MentatDraw,
        DieUse::LeaderSpecial,
    ];

    /// The die result that gives this action (the House result gives
    /// every one, SM-DIE-16).
    pub fn result(self) -> crate::arrakis::DieResult {
        use crate::arrakis::DieResult as R;
        match self {
            DieUse::LeadershipMove | DieUse::LeadershipAttack => R::Leadership,
            DieUse::StrategyMove | DieUse::StrategyPair => R::Strategy,
            DieUse::Deployment => R::Deployment,
            DieUse::MentatPlay | DieUse::MentatDraw => R::Mentat,
            DieUse::LeaderSpecial => R::House,
        }
    }

    /// The name as the contract spells it.
    pub fn name(self) -> &'static str {
        match self {
            DieUse::LeadershipMove => "leadership_move",
            DieUse::LeadershipAttack => "leadership_attack",
            DieUse::StrategyMove => "strategy_move",
            DieUse::StrategyPair => "strategy_pair",
            DieUse::Deployment => "deployment",
            DieUse::MentatPlay => "mentat_play",
            DieUse::MentatDraw => "mentat_draw",
            DieUse::LeaderSpecial => "leader_special",
        }
    }

    /// The action of this contract name.
    pub fn from_name(s: &str) -> Option<DieUse> {
        DieUse::ALL.into_iter().find(|u| u.name() == s)
    }
}

impl SmAction {
    /// Whether every area and Air zone the action names exists on a board
    /// of `areas` areas and `zones` zones (a wire action may name any
    /// index).
    pub fn names_known(self, areas: usize, zones: usize) -> bool {
        let a = |x: AreaId| x.index() < areas;
        let z = |x: AirZoneId| x.index() < zones;
        match self {
            SmAction::PlaceBase(x) | SmAction::StabanJoins(x) => a(x),
            // The slot is checked by the claim's own rules (AR-PRESC-02).
            SmAction::UseDie(_) | SmAction::ClaimPrescience(_) => true,
            SmAction::PlaceThopter(x) | SmAction::ThopterBattle(x) => z(x),
            SmAction::ThopterTransport(x, y) => z(x) && a(y),
            SmAction::PlaceHarvester(x) => a(x),
        }
    }
}
