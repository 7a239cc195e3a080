//! Whether a [`Setup`] is a position the rules could reach: first its
//! shape (every list as long as the board and the box say, every id in
//! range, an expansion's state exactly when the game plays it), then the
//! invariants every legal game keeps (each figure conserved, stacking held,
//! no leader alone, the expansions' own through the hook list). The random
//! playout tests hold every position they pass through to the same checks,
//! so a check here is one the rules never break.
use super::Setup;
use crate::arrakis::ids::{Faction, UnitKind};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::setup::token_kinds;
use crate::arrakis::state::{Arrakis, LeaderAt};
use crate::arrakis::vocab::Units;
use crate::core::SetupError;

/// [`Setup::check_shape`], for the testkit's unchecked edit.
#[cfg(feature = "testkit")]
pub(crate) fn check_shape_of(setup: &Setup) -> Result<(), SetupError> {
    setup.check_shape()
}

impl Setup {
    /// Every list as long as the board and the box, every id in range,
    /// and an expansion's state exactly when the game plays it: what the
    /// invariants and the engine index by without looking.
    pub(super) fn check_shape(&self) -> Result<(), SetupError> {
        let d = Arrakis::data_for(&self.rules);
        let b = d.board;
        let lengths = [
            ("areas", self.areas.len(), b.areas.len()),
            ("Air zones", self.zones.len(), b.air_zones.len()),
            ("leaders", self.leaders.len(), d.leaders.len()),
        ];
        for (what, is, must) in lengths {
            if is != must {
                return Err(SetupError::shape(format!(
                    "{is} {what} where the board and the box have {must}"
                )));
            }
        }
        let area_ok = |a: crate::arrakis::ids::AreaId| a.index() < b.areas.len();
        for (i, l) in self.leaders.iter().enumerate() {
            if let LeaderAt::Board(a) = l
                && !area_ok(*a)
            {
                return Err(SetupError::shape(format!(
                    "leader {i} stands in area {}, off the board",
                    a.0
                )));
            }
        }
        if self.atomics_area.is_some_and(|a| !area_ok(a)) {
            return Err(SetupError::shape(
                "the Family Atomics' area is off the board",
            ));
        }
        let tokens = token_kinds(d).len();
        if let Some(i) = self
            .areas
            .iter()
            .position(|a| a.tokens.iter().any(|t| usize::from(*t) >= tokens))
        {
            return Err(SetupError::shape(format!(
                "area {i} holds a deployment token of no kind"
            )));
        }
        if self.deploy_pool.iter().any(|t| usize::from(*t) >= tokens) {
            return Err(SetupError::shape(
                "the deployment pool holds a token of no kind",
            ));
        }
        let cards = d.cards.len();
        for f in Faction::ALL {
            let h = &self.houses[f];
            let piles = h.decks.iter().chain([&h.hand, &h.discard]);
            if piles.flatten().any(|c| usize::from(c.0) >= cards) {
                return Err(SetupError::shape(format!(
                    "{} holds a planning card of no kind",
                    f.name()
                )));
            }
        }
        let prescience = d.tables.prescience_cards.len();
        let known = self.prescience_deck.iter().chain(&self.revealed);
        if known
            .chain(&self.ibad)
            .chain(self.fear.as_ref().map(|f| &f.0))
            .any(|c| usize::from(*c) >= prescience)
        {
            return Err(SetupError::shape("a prescience card of no kind"));
        }
        let objectives = d.tables.secret_objectives.len();
        if usize::from(self.objective) >= objectives
            || self
                .objective2
                .is_some_and(|o| usize::from(o) >= objectives)
        {
            return Err(SetupError::shape("a secret objective of no kind"));
        }
        self.expansions.check_shape(&self.rules)
    }
}

impl Arrakis {
    /// The invariants every legal position keeps, the expansions' through
    /// the hook list. The random playouts hold every position they reach
    /// to this.
    pub fn check_position(&self) -> Result<(), SetupError> {
        self.check_figures()?;
        self.check_areas()?;
        self.check_leaders()?;
        match self.hook_check_position() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// AR-COMBAT-25: each kind of unit is on the board, in the supply or
    /// with the attacking group; none is made or lost. Units hidden in
    /// face-down tokens leave the supply only when revealed, so they count
    /// as supply until then.
    fn check_figures(&self) -> Result<(), SetupError> {
        let t = &self.d().tables.figures;
        let attacking = self.pending_battle().map(|b| (b.attacker, b.group));
        for f in Faction::ALL {
            let fig = if f == Faction::Harkonnen {
                t.harkonnen
            } else {
                t.atreides
            };
            let mut totals = Units::new(fig.regular, fig.elite, fig.special);
            self.hook_unit_totals(f, &mut totals);
            let on_board = self.units_on_board(f);
            let fighting = attacking
                .filter(|(a, _)| *a == f)
                .map_or(Units::NONE, |(_, g)| g.units);
            for k in UnitKind::ALL {
                let held = on_board[k] + self.houses[f].supply[k] + fighting[k];
                if held != totals[k] {
                    return Err(SetupError::new(
                        "AR-COMBAT-25",
                        format!(
                            "{f:?} units of kind {k:?} not conserved: board {} + supply {} + \
                             attacking {} is not the {} of the box",
                            on_board[k], self.houses[f].supply[k], fighting[k], totals[k]
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Stacking held (AR-MOVE-07, AR-SPICE-19; AR-MOVE-08: while the owner
    /// picks the excess to remove, the area is still over), no leader
    /// without a unit of its side (AR-MOVE-13), never both houses' units in
    /// one area outside a battle (AR-COMBAT-03).
    fn check_areas(&self) -> Result<(), SetupError> {
        let d = self.d();
        for f in Faction::ALL {
            let removing = matches!(self.prompt, Prompt::Excess(e, ..) if e == f);
            let limit = self.stacking_limit(f);
            for (i, s) in self.areas.iter().enumerate() {
                if s.unit_count(f) > limit && !removing {
                    let rule = if limit < d.tables.limits.stacking {
                        "AR-SPICE-19"
                    } else {
                        "AR-MOVE-07"
                    };
                    return Err(SetupError::new(
                        rule,
                        format!(
                            "{f:?} has {} units in area {i}, over the stacking limit of {limit}",
                            s.unit_count(f)
                        ),
                    ));
                }
                if s.unit_count(f) == 0 && s.leader_count(f, d) > 0 {
                    return Err(SetupError::new(
                        "AR-MOVE-13",
                        format!("an {f:?} leader alone in area {i}"),
                    ));
                }
            }
        }
        if let Some(i) = self.areas.iter().position(|s| {
            s.unit_count(Faction::Harkonnen) > 0 && s.unit_count(Faction::Atreides) > 0
        }) {
            return Err(SetupError::new(
                "AR-COMBAT-03",
                format!("both houses' units in area {i} outside a battle"),
            ));
        }
        Ok(())
    }

    /// Every named leader recorded on the board stands where the record
    /// says, unless it fights with the attacking group. No rule of the game
    /// says this: it is the engine's own bookkeeping.
    fn check_leaders(&self) -> Result<(), SetupError> {
        let fighting = self.battle_group().map_or(0, |b| b.named);
        for (i, l) in self.leaders.iter().enumerate() {
            if let LeaderAt::Board(a) = l
                && self.areas[a.index()].named & (1 << i) == 0
                && fighting & (1 << i) == 0
            {
                return Err(SetupError::shape(format!(
                    "named leader {i} is recorded in area {} but its figure is not there",
                    a.0
                )));
            }
        }
        Ok(())
    }
}
