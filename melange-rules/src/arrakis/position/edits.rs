//! The edits a test or a fixture makes to a [`Setup`] most often, each
//! keeping the counts the rules conserve (a unit put on the board comes out
//! of its house's supply), so that the edited setup still passes
//! [`crate::arrakis::Arrakis::from_setup`].
use super::Setup;
use crate::arrakis::ids::{AreaId, CardId, Deck, DieResult, Faction, LeaderId, UnitKind};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Die, LeaderAt, Phase};
use crate::arrakis::vocab::Units;
use crate::core::SetupError;

impl Setup {
    /// Refuses an area off the board, so that an edit naming one changes
    /// nothing rather than panics.
    pub(crate) fn on_board(&self, area: AreaId) -> Result<(), SetupError> {
        if area.index() < self.areas.len() {
            Ok(())
        } else {
            Err(SetupError::shape(format!(
                "area {} is not on the board",
                area.0
            )))
        }
    }

    /// Takes every unit, leader, token, harvester, wormsign, sandworm and
    /// vehicle off the board, units and generic leaders back to their
    /// supply, named leaders set aside, sandworms off the board; the
    /// sietches, settlements and testing stations stay.
    pub fn clear_board(&mut self) {
        for area in &mut self.areas {
            for f in Faction::ALL {
                for k in UnitKind::ALL {
                    self.houses[f].supply[k] += area.units[f][k];
                    area.units[f][k] = 0;
                }
                self.houses[f].generic_supply += area.generic[f];
                area.generic[f] = 0;
            }
            if area
                .worm
                .take()
                .is_some_and(|w| w == crate::arrakis::Worm::Normal)
            {
                self.worms_off += 1;
            }
            area.named = 0;
            area.tokens.clear();
            area.harvester = false;
            area.wormsign = None;
        }
        for l in &mut self.leaders {
            if let LeaderAt::Board(_) = l {
                *l = LeaderAt::SetAside;
            }
        }
        self.zones.iter_mut().for_each(|z| *z = None);
    }

    /// Moves `units` and `generic` generic leaders of `f` from the supply
    /// into `area`. Refused, the setup unchanged, when the supply holds too
    /// few (AR-COMBAT-25: units come only from the supply) or the area is
    /// off the board.
    pub fn put(
        &mut self,
        f: Faction,
        area: AreaId,
        units: impl Into<Units>,
        generic: u8,
    ) -> Result<(), SetupError> {
        let units = units.into();
        self.on_board(area)?;
        let house = &mut self.houses[f];
        if let Some(k) = UnitKind::ALL
            .into_iter()
            .find(|k| house.supply[*k] < units[*k])
        {
            return Err(SetupError::new(
                "AR-COMBAT-25",
                format!(
                    "the {f:?} supply holds {} {k:?} units, not the {} to put",
                    house.supply[k], units[k]
                ),
            ));
        }
        if house.generic_supply < generic {
            return Err(SetupError::new(
                "AR-COMBAT-25",
                format!(
                    "the {f:?} supply holds {} generic leaders, not the {generic} to put",
                    house.generic_supply
                ),
            ));
        }
        for k in UnitKind::ALL {
            house.supply[k] -= units[k];
        }
        house.generic_supply -= generic;
        let a = &mut self.areas[area.index()];
        for k in UnitKind::ALL {
            a.units[f][k] += units[k];
        }
        a.generic[f] += generic;
        Ok(())
    }

    /// Stands named leader `l` in `area`, off wherever it stood.
    pub fn place_leader(&mut self, l: LeaderId, area: AreaId) {
        let i = usize::from(l.0);
        if let LeaderAt::Board(old) = self.leaders[i] {
            self.areas[old.index()].named &= !(1 << l.0);
        }
        self.leaders[i] = LeaderAt::Board(area);
        self.areas[area.index()].named |= 1 << l.0;
    }

    /// Puts named leader `l` at `at`, off wherever it stood: on the board
    /// it stands in its area's leaders, anywhere else (the tank, set aside,
    /// captured) it leaves the board.
    pub fn set_leader(&mut self, l: LeaderId, at: LeaderAt) {
        match at {
            LeaderAt::Board(area) => self.place_leader(l, area),
            _ => {
                let i = usize::from(l.0);
                if let LeaderAt::Board(old) = self.leaders[i] {
                    self.areas[old.index()].named &= !(1 << l.0);
                }
                self.leaders[i] = at;
            }
        }
    }

    /// Puts a normal sandworm from off the board into `area`; refused when
    /// none is off the board (AR-HAZ-14: the box holds so many).
    pub fn put_worm(&mut self, area: AreaId) -> Result<(), SetupError> {
        self.on_board(area)?;
        if self.worms_off == 0 {
            return Err(SetupError::new(
                "AR-HAZ-14",
                "no sandworm is off the board to put",
            ));
        }
        self.worms_off -= 1;
        self.areas[area.index()].worm = Some(crate::arrakis::Worm::Normal);
        Ok(())
    }

    /// Takes every leader out of `area`: named leaders set aside, generic
    /// ones back to their house's supply.
    pub fn remove_leaders(&mut self, area: AreaId) {
        let a = &mut self.areas[area.index()];
        for l in &mut self.leaders {
            if *l == LeaderAt::Board(area) {
                *l = LeaderAt::SetAside;
            }
        }
        a.named = 0;
        for f in Faction::ALL {
            self.houses[f].generic_supply += a.generic[f];
            a.generic[f] = 0;
        }
    }

    /// Takes `n` units of kind `k` of `f` off `area`, back to the supply.
    pub fn take_units(&mut self, f: Faction, area: AreaId, k: UnitKind, n: u8) {
        let a = &mut self.areas[area.index()];
        let n = n.min(a.units[f][k]);
        a.units[f][k] -= n;
        self.houses[f].supply[k] += n;
    }

    /// `f`'s Action Resolution turn with exactly these dice, the other
    /// house holding `other` unspent Strategy dice.
    pub fn turn(&mut self, f: Faction, dice: &[DieResult], other: u8) {
        let die = |result| Die {
            result,
            spent: false,
            token: false,
        };
        self.phase = Phase::ActionResolution;
        self.houses[f].dice = dice.iter().map(|r| die(*r)).collect();
        self.houses[f.other()].dice = (0..other).map(|_| die(DieResult::Strategy)).collect();
        self.prompt = Prompt::Turn(f);
    }

    /// Gives `f` exactly these cards in hand, as if drawn: each comes out
    /// of the house's draw piles or discard pile where it lies, and the
    /// cards it held go back under their own draw pile, so every card of
    /// the house is still in one place and the next draws are those the
    /// piles would give anyway.
    pub fn hand(&mut self, f: Faction, cards: &[CardId]) {
        let data = crate::arrakis::data::data();
        let house = &mut self.houses[f];
        let old = std::mem::take(&mut house.hand);
        for c in &old {
            let deck = data.cards[usize::from(c.0)].deck;
            let i = Deck::of(f).iter().position(|d| *d == deck).unwrap_or(0);
            house.decks[i].insert(0, *c);
        }
        for c in cards {
            let [first, second] = &mut house.decks;
            for pile in [first, second, &mut house.discard] {
                if let Some(i) = pile.iter().position(|x| x == c) {
                    pile.remove(i);
                    break;
                }
            }
        }
        house.hand = cards.to_vec().into();
    }

    /// Die faces (indexes into the data's face lists) the next rolls give,
    /// before the game's generator.
    pub fn load_dice(&mut self, faces: &[u8]) {
        self.loaded = faces.to_vec();
    }
}
