//! Hooks for tests that build a situation on the real board. Not part of
//! the rules: nothing in the engine calls them.
use super::ids::{AreaId, DieResult, Faction, UnitKind};
use super::prompt::Prompt;
use super::state::{Arrakis, Die, Phase};
use super::vocab::Units;

impl Arrakis {
    /// Takes every unit, leader, token and vehicle off the board (back to
    /// supply); settlements, sietches and stations stay.
    pub fn test_clear_board(&mut self) {
        for i in 0..self.areas.len() {
            for f in Faction::ALL {
                for k in UnitKind::ALL {
                    self.houses[f].supply[k] += self.areas[i].units[f][k];
                    self.areas[i].units[f][k] = 0;
                }
                self.houses[f].generic_supply += self.areas[i].generic[f];
                self.areas[i].generic[f] = 0;
            }
            self.areas[i].named = 0;
            self.areas[i].tokens.clear();
            self.areas[i].harvester = false;
            self.areas[i].wormsign = None;
            self.areas[i].worm = None;
        }
        for l in &mut self.leaders {
            if let super::state::LeaderAt::Board(_) = l {
                *l = super::state::LeaderAt::SetAside;
            }
        }
        for z in &mut self.zones {
            *z = None;
        }
    }

    /// Puts units (regular, elite, special) and generic leaders of `f` from
    /// supply into `area`.
    pub fn test_put(&mut self, f: Faction, area: AreaId, units: impl Into<Units>, generic: u8) {
        let units = units.into();
        for k in UnitKind::ALL {
            let n = units[k];
            assert!(self.houses[f].supply[k] >= n, "supply");
            self.houses[f].supply[k] -= n;
            self.areas[area.index()].units[f][k] += n;
        }
        assert!(self.houses[f].generic_supply >= generic, "leader supply");
        self.houses[f].generic_supply -= generic;
        self.areas[area.index()].generic[f] += generic;
    }

    /// Starts `f`'s Action Resolution turn with exactly these dice, the
    /// other house holding `other` unspent Strategy dice.
    pub fn test_turn(&mut self, f: Faction, dice: &[DieResult], other: u8) {
        self.phase = Phase::ActionResolution;
        let mk = |r| Die {
            result: r,
            spent: false,
            token: false,
        };
        self.house_mut(f).dice = dice.iter().map(|r| mk(*r)).collect();
        self.house_mut(f.other()).dice = (0..other).map(|_| mk(DieResult::Strategy)).collect();
        self.prompt = Prompt::Turn(f);
    }

    /// Die faces (indexes into the data's face lists) to roll next.
    pub fn test_load_dice(&mut self, faces: &[u8]) {
        self.loaded = faces.to_vec();
    }

    /// Sets the prompt directly.
    pub fn test_set_prompt(&mut self, p: Prompt) {
        self.prompt = p;
    }

    /// Gives `f` these cards in hand.
    pub fn test_hand(&mut self, f: Faction, cards: &[super::ids::CardId]) {
        self.house_mut(f).hand = cards.to_vec();
    }

    /// Sets the Imperium marker rows and bans.
    pub fn test_imperium(&mut self, rows: [u8; 3], bans: [bool; 3]) {
        self.imperium = rows.into();
        self.bans = bans.into();
    }
}

impl Arrakis {
    /// Puts named leader `l` on the board in `area` (off wherever it was).
    pub fn test_place_leader(&mut self, l: super::ids::LeaderId, area: AreaId) {
        if let super::state::LeaderAt::Board(old) = self.leaders[usize::from(l.0)] {
            self.areas[old.index()].named &= !(1 << l.0);
        }
        self.leaders[usize::from(l.0)] = super::state::LeaderAt::Board(area);
        self.areas[area.index()].named |= 1 << l.0;
    }

    /// Sets where named leader `l` is, without touching the board.
    pub fn test_set_leader(&mut self, l: super::ids::LeaderId, at: super::state::LeaderAt) {
        self.leaders[usize::from(l.0)] = at;
    }

    /// Where named leader `l` is.
    pub fn test_leader(&self, l: super::ids::LeaderId) -> super::state::LeaderAt {
        self.leaders[usize::from(l.0)]
    }
}

impl Arrakis {
    /// The secret objective(s): the first, and the second Tested with the
    /// Gom Jabbar drew.
    pub fn test_objectives(&self) -> (u8, Option<u8>) {
        (self.objective, self.objective2)
    }

    /// Sets the secret objective(s) (indexes into the objectives).
    pub fn test_set_objectives(&mut self, first: u8, second: Option<u8>) {
        self.objective = first;
        self.objective2 = second;
    }

    /// The prescience deck, top last (its order is hidden in play).
    pub fn test_prescience_deck(&self) -> &[u8] {
        &self.prescience_deck
    }

    /// The prescience deck to rearrange, top last: a hidden fact the
    /// forward model's tests change (MC-SIM-01).
    pub fn test_prescience_deck_mut(&mut self) -> &mut Vec<u8> {
        &mut self.prescience_deck
    }

    /// The Atreides deployment tokens not yet drawn (token-kind indexes,
    /// top last): a hidden fact the forward model's tests change.
    pub fn test_deploy_pool_mut(&mut self) -> &mut Vec<u8> {
        &mut self.deploy_pool
    }

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

    /// A new state for the game's own generator (future dice and
    /// shuffles): a hidden fact the forward model's tests change.
    pub fn test_reseed(&mut self, seed: u64) {
        self.rng = crate::core::RngStream::Game.rng(seed);
    }
}
