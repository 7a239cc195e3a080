//! Prescience, supremacy and the leaders they bring in (AR-PRESC-*,
//! AR-WIN-05, AR-LEADER-14 to AR-LEADER-24).
use super::components::{Entry, LeaderKind};
use super::event::Event;
use super::ids::{Faction, LeaderId, Marker};
use super::state::{Arrakis, LeaderAt};
use super::tables::Condition;

impl Arrakis {
    /// Advances a prescience marker and applies the steps it reaches.
    pub(super) fn advance_prescience(&mut self, m: Marker, n: u8, ev: &mut Vec<Event>) {
        let max = self.d().tables.tracks.prescience_max;
        let p = &mut self.prescience[m.index()];
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
    }

    /// Adds supremacy; the Harkonnen win at once on reaching the threshold
    /// (AR-WIN-05).
    pub(super) fn gain_supremacy(&mut self, n: u8, ev: &mut Vec<Event>) {
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
    pub(super) fn enter_leader(&mut self, l: LeaderId) {
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
                    self.areas[a.index()].named &= !(1 << r.0);
                    self.remove_lonely_leaders(a);
                }
            } else if old != LeaderAt::NotInPlay && old != LeaderAt::Removed {
                at = old;
                if let LeaderAt::Board(a) = old {
                    self.areas[a.index()].named &= !(1 << r.0);
                    self.areas[a.index()].named |= 1 << l.0;
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

    /// Whether a prescience card's condition holds now (AR-PRESC-07).
    pub(super) fn condition_met(&self, c: Condition) -> bool {
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
                let any = |f: &dyn Fn(&super::state::AreaState) -> bool| {
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
    pub(super) fn claim(&mut self, i: u8, ev: &mut Vec<Event>) {
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
