//! What "empty" means for the Desert War's placements (a Fremen Camp, a
//! Sandrider, a Suspensor Trooper): docs/rules-decisions.md, Desert War,
//! DQ4. By default an empty area holds no figure and no token of any kind;
//! under `empty_area=no_figure` only figures count.
use crate::arrakis::ids::{AreaId, AreaSet};
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// Whether area `a` is empty for a Desert War placement (DQ4): no
    /// unit (Smuggler Regulars included), leader, harvester (a Smuggler
    /// harvester included), sandworm, Desert Trooper, Camp or Smugglers
    /// Base, and
    /// (unless the `empty_area` option says otherwise) no wormsign,
    /// sietch, deployment token, standing settlement or testing station.
    pub fn is_empty_for_desert_war(&self, a: AreaId) -> bool {
        let s = &self.areas[a.index()];
        let only_figures = self
            .rules
            .desert_war
            .is_some_and(|r| r.empty_ignores_tokens);
        if only_figures {
            s.holds_no_figure()
        } else {
            s.is_empty()
        }
    }

    /// Every desert area that is empty for a Desert War placement.
    pub fn empty_desert_areas(&self) -> AreaSet {
        let mut out = AreaSet::default();
        for a in self.desert_now().iter() {
            if self.is_empty_for_desert_war(a) {
                out.insert(a);
            }
        }
        out
    }
}
