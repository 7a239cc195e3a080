//! Prescience, supremacy and the leaders they bring in (AR-PRESC-*,
//! AR-WIN-05, AR-LEADER-14 to AR-LEADER-24).
use crate::arrakis::action::Action;
use crate::arrakis::board::tables::{Condition, PrescienceTiming};
use crate::arrakis::cards::components::{Entry, LeaderKind};
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, DieResult, Faction, LeaderId, Marker};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{AreaState, Arrakis, LeaderAt};

impl Arrakis {
    /// Advances a prescience marker and applies the steps it reaches.
    pub(crate) fn advance_prescience(&mut self, m: Marker, n: u8, ev: &mut Vec<Event>) {
        let max = self.d().tables.tracks.prescience_max;
        let p = &mut self.prescience[m];
        *p = (*p + n).min(max);
        let step = *p;
        ev.push(Event::Prescience { marker: m, step });
        // AR-PRESC-16 to AR-PRESC-19, from the leaders' data.
        let d = self.d();
        for (i, l) in d.leaders.iter().enumerate() {
            if let Entry::PrescienceStep {
                marker, step: s, ..
            } = l.enters
                && marker.matches(m)
                && step >= s
                && self.leaders[i] == LeaderAt::NotInPlay
            {
                self.enter_leader(LeaderId(i as u8));
            }
        }
        self.hook_prescience_advanced(ev);
    }

    /// Adds supremacy; the Harkonnen win at once on reaching the threshold
    /// (AR-WIN-05).
    pub(crate) fn gain_supremacy(&mut self, n: u8, ev: &mut Vec<Event>) {
        let t = self.d().tables.tracks;
        self.supremacy = (self.supremacy + n).min(t.supremacy_max);
        ev.push(Event::Supremacy {
            score: self.supremacy,
        });
        let d = self.d();
        for st in &d.tables.setup.supremacy_leader_steps {
            let l = d.leader_id(&st.leader).expect("checked");
            if self.supremacy >= st.step && self.leaders[usize::from(l.0)] == LeaderAt::NotInPlay {
                self.enter_leader(l);
            }
        }
        for (i, l) in d.leaders.iter().enumerate() {
            if let Entry::SupremacyStep { step, .. } = l.enters
                && self.supremacy >= step
                && self.leaders[i] == LeaderAt::NotInPlay
            {
                self.enter_leader(LeaderId(i as u8));
            }
        }
        if self.supremacy >= t.supremacy_win {
            self.win(Faction::Harkonnen, "10 supremacy points", ev);
        }
    }

    /// A leader enters play: in the place of the one it replaces
    /// (AR-LEADER-14, AR-LEADER-16, AR-LEADER-24), else set aside
    /// (AR-LEADER-03); Bene Gesserit characters bring a token (AR-BG-07).
    pub(crate) fn enter_leader(&mut self, l: LeaderId) {
        let d = self.d();
        let leader = d.leader(l);
        if leader.kind != LeaderKind::Named {
            return;
        }
        let mut at = LeaderAt::SetAside;
        if let Some(r) = &leader.replaces {
            let r = d.leader_id(r).expect("checked");
            let old = self.leaders[usize::from(r.0)];
            if leader.id == "feyd_rautha" {
                // AR-LEADER-24: Rabban is removed, figure and card.
                if let LeaderAt::Board(a) = old {
                    self.replace_figure(r, None, a);
                }
            } else if old != LeaderAt::NotInPlay && old != LeaderAt::Removed {
                // AR-LEADER-14, AR-LEADER-16: the same position.
                at = old;
                if let LeaderAt::Board(a) = old {
                    self.replace_figure(r, Some(l), a);
                }
            }
            self.leaders[usize::from(r.0)] = LeaderAt::Removed;
        }
        self.leaders[usize::from(l.0)] = at;
        if d.tables.bene_gesserit.granted_on_entry.contains(&leader.id) {
            let f = leader.faction;
            self.house_mut(f).bene_gesserit += 1;
        }
    }

    /// The figure of leader `old`, said to be on the board at `a`, is
    /// replaced by `new`'s or removed (AR-LEADER-14, AR-LEADER-16,
    /// AR-LEADER-24). A figure fighting in the attacking group of a battle
    /// says `Board(a)` of the area it attacked from but is not there: the
    /// area is left alone, where `new` would stand without a unit
    /// (AR-MOVE-13), and the battle swaps it in the group
    /// ([`Arrakis::regroup`]).
    fn replace_figure(&mut self, old: LeaderId, new: Option<LeaderId>, a: AreaId) {
        let old_bit = 1u64 << old.0;
        if self.areas[a.index()].named & old_bit == 0 {
            return;
        }
        let s = &mut self.areas[a.index()];
        s.named = (s.named & !old_bit) | new.map_or(0, |l| 1u64 << l.0);
        self.remove_lonely_leaders(a);
    }

    /// The named leaders `named` of an attacking group from `from` once
    /// leaders entered play while it fought: a figure removed from the game
    /// leaves the group, and the leader that took its place (said to be at
    /// `from`, not standing there) joins it (AR-LEADER-14, AR-LEADER-16,
    /// AR-LEADER-24).
    pub(crate) fn regroup(&self, named: u64, from: AreaId) -> u64 {
        let d = self.d();
        let mut out = named;
        let mut m = named;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            if self.leaders[i] != LeaderAt::Removed {
                continue;
            }
            out &= !(1u64 << i);
            let old_id = &d.leaders[i].id;
            for (j, l) in d.leaders.iter().enumerate() {
                if l.replaces.as_ref() == Some(old_id)
                    && self.leaders[j] == LeaderAt::Board(from)
                    && self.areas[from.index()].named & (1u64 << j) == 0
                {
                    out |= 1u64 << j;
                }
            }
        }
        out
    }

    /// Whether a prescience card's condition holds now (AR-PRESC-07).
    pub(crate) fn condition_met(&self, c: Condition) -> bool {
        let d = self.d();
        let a = Faction::Atreides;
        match c {
            Condition::None => true,
            Condition::SietchesAtLeast { n } => {
                self.areas.iter().filter(|s| s.sietch.is_some()).count() >= usize::from(n)
            }
            Condition::AtreidesUnitsOnBoardAtLeast { n } => {
                self.areas
                    .iter()
                    .map(|s| usize::from(s.unit_count(a)))
                    .sum::<usize>()
                    >= usize::from(n)
            }
            Condition::SandwormsOnBoardAtLeast { n } => {
                self.areas.iter().filter(|s| s.worm.is_some()).count() >= usize::from(n)
            }
            Condition::HarvestersDestroyedThisRoundAtLeast { n } => self.harvesters_destroyed >= n,
            Condition::AtreidesLegionInSectorWithSettlement => d.board.sectors.iter().any(|sec| {
                let any = |f: &dyn Fn(&AreaState) -> bool| {
                    sec.areas.iter().any(|x| f(&self.areas[x.index()]))
                };
                any(&|s| s.settlement) && any(&|s| s.unit_count(a) > 0)
            }),
            Condition::HarkonnenSettlementsDestroyedAtLeast { n } => {
                self.settlements_destroyed >= n
            }
            Condition::TestingStationsTakenAtLeast { n } => self.stations_taken >= n,
            Condition::AtreidesLegionsInDeepDesertAtLeast { n } => {
                d.board
                    .deep_desert
                    .iter()
                    .filter(|x| self.areas[x.index()].unit_count(a) > 0)
                    .count()
                    >= usize::from(n)
            }
            Condition::SietchesRevealedAtLeast { n } => {
                self.areas
                    .iter()
                    .filter(|s| s.sietch.is_some_and(|x| x.revealed))
                    .count()
                    >= usize::from(n)
            }
            Condition::HiddenSietchesAtLeast { n } => {
                self.areas
                    .iter()
                    .filter(|s| s.sietch.is_some_and(|x| !x.revealed))
                    .count()
                    >= usize::from(n)
            }
            Condition::SupremacyAtMost { n } => self.supremacy <= n,
            Condition::HarvestersOnBoardAtMost { n } => {
                self.areas.iter().filter(|s| s.harvester).count() <= usize::from(n)
            }
            Condition::AtreidesTokensOnBoardAtLeast { n } => {
                self.areas.iter().map(|s| s.tokens.len()).sum::<usize>() >= usize::from(n)
            }
            Condition::NamedAtreidesLeadersOnBoardAtLeast { n } => {
                d.leaders
                    .iter()
                    .zip(&self.leaders)
                    .filter(|(l, at)| l.faction == a && matches!(at, LeaderAt::Board(_)))
                    .count()
                    >= usize::from(n)
            }
            Condition::AtreidesLegionsInSectorsAtLeast { n } => {
                d.board
                    .sectors
                    .iter()
                    .filter(|sec| {
                        sec.areas
                            .iter()
                            .any(|x| self.areas[x.index()].unit_count(a) > 0)
                    })
                    .count()
                    >= usize::from(n)
            }
            Condition::ImperiumBanActive => self.bans.iter().any(|b| *b),
            Condition::SandwormsSurfacedThisRoundAtLeast { n } => self.worms_surfaced >= n,
            Condition::HarkonnenUnitsOnBoardAtMost { n } => {
                self.areas
                    .iter()
                    .map(|s| usize::from(s.unit_count(Faction::Harkonnen)))
                    .sum::<usize>()
                    <= usize::from(n)
            }
        }
    }

    /// Claims the revealed prescience card in slot `i` (AR-PRESC-02).
    pub(crate) fn claim(&mut self, i: u8, ev: &mut Vec<Event>) {
        let c = self.revealed.remove(usize::from(i));
        self.claimed_this_round += 1;
        self.claimed_this_turn = true;
        let adv: Vec<(Marker, u8)> = self.d().tables.prescience_cards[usize::from(c)]
            .advance
            .iter()
            .map(|(m, n)| (*m, *n))
            .collect();
        for (m, n) in adv {
            self.advance_prescience(m, n, ev);
        }
        self.claim_attachments(c, ev);
    }
}

impl Arrakis {
    /// End of Round claims (AR-PRESC-06), or "done".
    pub(crate) fn legal_end_claims(&self, out: &mut Vec<Action>) {
        self.legal_claims(PrescienceTiming::EndOfRound, out);
        out.push(Action::Done);
    }

    /// Claims a card at the End of the Round, or goes on with it.
    pub(crate) fn step_end_claims(&mut self, a: Action, ev: &mut Vec<Event>) {
        if let Action::Claim(i) = a {
            self.claim(i, ev);
            self.claimed_this_turn = false;
        } else {
            self.end_of_round_rest(ev);
        }
    }

    pub(crate) fn legal_claims(&self, timing: PrescienceTiming, out: &mut Vec<Action>) {
        let d = self.d();
        let lim = &d.tables.limits;
        if self.claimed_this_round >= lim.prescience_claims_per_round || self.claimed_this_turn {
            return;
        }
        for (i, &c) in self.revealed.iter().enumerate() {
            let card = &d.tables.prescience_cards[usize::from(c)];
            if card.timing != timing {
                continue;
            }
            if !self.condition_met(card.condition) {
                continue;
            }
            if !card.spend_die {
                out.push(Action::Claim(i as u8));
            } else if timing == PrescienceTiming::ActionResolution {
                for r in DieResult::ALL {
                    if self.unspent(Faction::Atreides, r) {
                        out.push(Action::ClaimSpending(i as u8, r));
                    }
                }
                self.hook_legal_claim_spending(i as u8, out);
            }
        }
    }

    /// Why an Atreides claim outside the legal list is refused, naming the
    /// rule (AR-PRESC-03 to AR-PRESC-08).
    pub(crate) fn claim_refusal(&self, action: &Action) -> &'static str {
        let (i, die) = match *action {
            Action::Claim(i) => (i, None),
            Action::ClaimSpending(i, r) => (i, Some(r)),
            _ => return "AR-ACT-17",
        };
        let d = self.d();
        let Some(card) = self
            .revealed
            .get(usize::from(i))
            .and_then(|&c| d.tables.prescience_cards.get(usize::from(c)))
        else {
            return "AR-PRESC-02";
        };
        let at_end = matches!(self.prompt, Prompt::EndClaims);
        match (card.timing, at_end) {
            (PrescienceTiming::ActionResolution, true) => return "AR-PRESC-05",
            (PrescienceTiming::EndOfRound, false) => return "AR-PRESC-06",
            _ => {}
        }
        if self.claimed_this_round >= d.tables.limits.prescience_claims_per_round {
            return "AR-PRESC-03";
        }
        if self.claimed_this_turn {
            return "AR-PRESC-04";
        }
        if !self.condition_met(card.condition) {
            return "AR-PRESC-07";
        }
        match die {
            Some(r) if card.spend_die && self.unspent(Faction::Atreides, r) => "AR-ACT-17",
            _ => "AR-PRESC-08",
        }
    }
}

#[cfg(test)]
mod tests {
    //! One test per prescience condition (AR-PRESC-07): met and not met in a
    //! set-up situation on the real board.
    use crate::arrakis::board::board;
    use crate::arrakis::board::tables::Condition as C;
    use crate::arrakis::ids::{AreaId, Faction};
    use crate::arrakis::options::ArrakisOptions;
    use crate::arrakis::state::{Arrakis, LeaderAt, Sietch};

    const H: Faction = Faction::Harkonnen;
    const A: Faction = Faction::Atreides;

    fn a(id: &str) -> AreaId {
        board().a(id)
    }

    fn game() -> Arrakis {
        let mut g = Arrakis::setup_with_events(&ArrakisOptions::default(), 7)
            .map(|(g, _)| g)
            .unwrap_or_else(|e| panic!("setup: {e}"));
        g.edit(|s| s.clear_board()).unwrap();
        g
    }

    fn sietches(g: &mut Arrakis, revealed: bool) {
        for s in &mut g.areas {
            if let Some(x) = &mut s.sietch {
                *x = Sietch {
                    rank: x.rank,
                    revealed,
                };
            }
        }
    }

    #[test]
    fn none_is_always_met() {
        assert!(game().condition_met(C::None));
    }

    #[test]
    fn sietches_at_least() {
        let g = game();
        let n = g.areas.iter().filter(|s| s.sietch.is_some()).count() as u8;
        assert!(g.condition_met(C::SietchesAtLeast { n }));
        assert!(!g.condition_met(C::SietchesAtLeast { n: n + 1 }));
    }

    #[test]
    fn atreides_units_on_board_at_least() {
        let mut g = game();
        assert!(!g.condition_met(C::AtreidesUnitsOnBoardAtLeast { n: 3 }));
        g.edit(|s| s.put(A, a("s1_1"), [1, 1, 0], 0)).unwrap();
        g.areas[a("s1_1").index()].tokens.push(0);
        assert!(g.condition_met(C::AtreidesUnitsOnBoardAtLeast { n: 3 }));
    }

    #[test]
    fn sandworms_on_board_at_least() {
        let mut g = game();
        g.areas[a("s1_1").index()].worm = Some(crate::arrakis::state::Worm::Normal);
        assert!(!g.condition_met(C::SandwormsOnBoardAtLeast { n: 2 }));
        g.areas[a("s2_2").index()].worm = Some(crate::arrakis::state::Worm::Normal);
        assert!(g.condition_met(C::SandwormsOnBoardAtLeast { n: 2 }));
    }

    #[test]
    fn harvesters_destroyed_this_round_at_least() {
        let mut g = game();
        g.harvesters_destroyed = 1;
        assert!(!g.condition_met(C::HarvestersDestroyedThisRoundAtLeast { n: 2 }));
        g.harvesters_destroyed = 2;
        assert!(g.condition_met(C::HarvestersDestroyedThisRoundAtLeast { n: 2 }));
    }

    #[test]
    fn atreides_legion_in_sector_with_settlement() {
        let mut g = game();
        // s1 holds no settlement.
        g.edit(|s| s.put(A, a("s1_1"), [1, 0, 0], 0)).unwrap();
        assert!(!g.condition_met(C::AtreidesLegionInSectorWithSettlement));
        // s5 holds Arrakeen, Carthag and a village.
        g.edit(|s| s.put(A, a("arrakeen"), [1, 0, 0], 0)).unwrap();
        assert!(g.condition_met(C::AtreidesLegionInSectorWithSettlement));
    }

    #[test]
    fn harkonnen_settlements_destroyed_at_least() {
        let mut g = game();
        assert!(!g.condition_met(C::HarkonnenSettlementsDestroyedAtLeast { n: 1 }));
        g.settlements_destroyed = 1;
        assert!(g.condition_met(C::HarkonnenSettlementsDestroyedAtLeast { n: 1 }));
    }

    #[test]
    fn testing_stations_taken_at_least() {
        let mut g = game();
        g.stations_taken = 1;
        assert!(!g.condition_met(C::TestingStationsTakenAtLeast { n: 2 }));
        g.stations_taken = 2;
        assert!(g.condition_met(C::TestingStationsTakenAtLeast { n: 2 }));
    }

    #[test]
    fn atreides_legions_in_deep_desert_at_least() {
        let mut g = game();
        g.edit(|s| {
            s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
            // Arrakeen is no deep desert.
            s.put(A, a("arrakeen"), [1, 0, 0], 0).unwrap();
        })
        .unwrap();
        assert!(!g.condition_met(C::AtreidesLegionsInDeepDesertAtLeast { n: 2 }));
        g.edit(|s| s.put(A, a("s2_2"), [1, 0, 0], 0)).unwrap();
        assert!(g.condition_met(C::AtreidesLegionsInDeepDesertAtLeast { n: 2 }));
    }

    #[test]
    fn sietches_revealed_at_least() {
        let mut g = game();
        sietches(&mut g, false);
        assert!(!g.condition_met(C::SietchesRevealedAtLeast { n: 1 }));
        sietches(&mut g, true);
        assert!(g.condition_met(C::SietchesRevealedAtLeast { n: 2 }));
    }

    #[test]
    fn hidden_sietches_at_least() {
        let mut g = game();
        sietches(&mut g, false);
        assert!(g.condition_met(C::HiddenSietchesAtLeast { n: 6 }));
        sietches(&mut g, true);
        assert!(!g.condition_met(C::HiddenSietchesAtLeast { n: 1 }));
    }

    #[test]
    fn supremacy_at_most() {
        let mut g = game();
        g.supremacy = 3;
        assert!(g.condition_met(C::SupremacyAtMost { n: 3 }));
        g.supremacy = 4;
        assert!(!g.condition_met(C::SupremacyAtMost { n: 3 }));
    }

    #[test]
    fn harvesters_on_board_at_most() {
        let mut g = game();
        for id in ["s1_1", "s2_2"] {
            g.areas[a(id).index()].harvester = true;
        }
        assert!(g.condition_met(C::HarvestersOnBoardAtMost { n: 2 }));
        g.areas[a("s3_1").index()].harvester = true;
        assert!(!g.condition_met(C::HarvestersOnBoardAtMost { n: 2 }));
    }

    #[test]
    fn atreides_tokens_on_board_at_least() {
        let mut g = game();
        g.areas[a("s1_1").index()].tokens = [0, 1].into_iter().collect();
        assert!(!g.condition_met(C::AtreidesTokensOnBoardAtLeast { n: 3 }));
        g.areas[a("s2_2").index()].tokens = [2].into_iter().collect();
        assert!(g.condition_met(C::AtreidesTokensOnBoardAtLeast { n: 3 }));
    }

    #[test]
    fn named_atreides_leaders_on_board_at_least() {
        let mut g = game();
        let d = g.d();
        let id = |s: &str| d.leader_id(s).unwrap_or_else(|| panic!("{s}"));
        let (paul, stilgar, baron) = (id("paul_atreides"), id("stilgar"), id("baron_harkonnen"));
        // No leader stands alone (AR-MOVE-13): a regular with each.
        g.edit(|s| {
            s.put(A, a("s1_1"), [1, 0, 0], 0).unwrap();
            s.place_leader(paul, a("s1_1"));
            s.put(H, a("arrakeen"), [1, 0, 0], 0).unwrap();
            s.place_leader(baron, a("arrakeen"));
            s.put(A, a("s2_2"), [1, 0, 0], 0).unwrap();
        })
        .unwrap();
        assert!(!g.condition_met(C::NamedAtreidesLeadersOnBoardAtLeast { n: 2 }));
        g.edit(|s| s.place_leader(stilgar, a("s2_2"))).unwrap();
        assert!(g.condition_met(C::NamedAtreidesLeadersOnBoardAtLeast { n: 2 }));
        g.edit(|s| s.set_leader(stilgar, LeaderAt::SetAside))
            .unwrap();
        assert!(!g.condition_met(C::NamedAtreidesLeadersOnBoardAtLeast { n: 2 }));
    }

    #[test]
    fn atreides_legions_in_sectors_at_least() {
        let mut g = game();
        for id in ["s1_1", "s1_2", "s2_2", "s3_1"] {
            g.edit(|s| s.put(A, a(id), [1, 0, 0], 0)).unwrap();
        }
        assert!(!g.condition_met(C::AtreidesLegionsInSectorsAtLeast { n: 4 }));
        // A face-down token is a legion too.
        g.areas[a("s4_1").index()].tokens.push(0);
        assert!(g.condition_met(C::AtreidesLegionsInSectorsAtLeast { n: 4 }));
    }

    #[test]
    fn imperium_ban_active() {
        let mut g = game();
        g.edit(|s| {
            s.imperium = ([1, 1, 1]).into();
            s.bans = ([false; 3]).into();
        })
        .unwrap();
        assert!(!g.condition_met(C::ImperiumBanActive));
        g.edit(|s| {
            s.imperium = ([1, 8, 1]).into();
            s.bans = ([false, true, false]).into();
        })
        .unwrap();
        assert!(g.condition_met(C::ImperiumBanActive));
    }

    #[test]
    fn sandworms_surfaced_this_round_at_least() {
        let mut g = game();
        g.worms_surfaced = 1;
        assert!(!g.condition_met(C::SandwormsSurfacedThisRoundAtLeast { n: 2 }));
        g.worms_surfaced = 2;
        assert!(g.condition_met(C::SandwormsSurfacedThisRoundAtLeast { n: 2 }));
    }

    #[test]
    fn harkonnen_units_on_board_at_most() {
        let mut g = game();
        // 14 units, no stack over the limit of 6 (AR-MOVE-07).
        g.edit(|s| {
            s.put(H, a("arrakeen"), [6, 0, 0], 0).unwrap();
            s.put(H, a("carthag"), [4, 2, 0], 0).unwrap();
            s.put(H, a("s1_1"), [0, 2, 0], 0).unwrap();
        })
        .unwrap();
        assert!(g.condition_met(C::HarkonnenUnitsOnBoardAtMost { n: 14 }));
        g.edit(|s| s.put(H, a("imperial_basin"), [1, 0, 0], 0))
            .unwrap();
        assert!(!g.condition_met(C::HarkonnenUnitsOnBoardAtMost { n: 14 }));
    }
}
