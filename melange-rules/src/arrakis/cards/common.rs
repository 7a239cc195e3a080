//! Card steps several decks share: an enemy leader to the regeneration
//! tank, swapping units for better ones, the opponent discarding.
use crate::arrakis::cards::effects::{TankTarget, UnitName};
use crate::arrakis::cards::play::CardRun;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, AreaSet, CardId, Faction, LeaderId};
use crate::arrakis::state::{Arrakis, LeaderAt};

impl Arrakis {
    /// Enemy named leaders on the board a card may send to the tank.
    pub(crate) fn tank_targets(&self, run: &CardRun, target: TankTarget) -> Vec<LeaderId> {
        let d = self.d();
        let b = d.board;
        let f = run.faction;
        let mut v = Vec::new();
        for (i, at) in self.leaders.iter().enumerate() {
            let LeaderAt::Board(a) = *at else { continue };
            if d.leaders[i].faction == f {
                continue;
            }
            let ok = match target {
                TankTarget::Any => true,
                TankTarget::SectorWithOwnLegion => {
                    let sector = b.area(a).sector;
                    self.areas.iter().enumerate().any(|(j, s)| {
                        b.area(AreaId(j as u8)).sector == sector && s.has_legion(f, d)
                    })
                }
                TankTarget::BorderingSame => run.area.is_some_and(|x| {
                    b.passable[x.index()].contains(a) || b.impassable[x.index()].contains(a)
                }),
            };
            if ok {
                v.push(LeaderId(i as u8));
            }
        }
        v
    }

    /// The named leader leaves the board for the tank (AR-LEADER-09).
    pub(crate) fn card_tanks(&mut self, l: LeaderId, ev: &mut Vec<Event>) {
        if let LeaderAt::Board(a) = self.leaders[usize::from(l.0)] {
            self.areas[a.index()].named &= !(1 << l.0);
            self.send_to_tank(l);
            ev.push(Event::LeaderTanked { leader: l });
        }
    }

    /// Areas where `f` has a unit of `from` to swap for `to` in supply.
    pub(crate) fn upgrade_areas(&self, f: Faction, from: UnitName, to: UnitName) -> AreaSet {
        if self.house(f).supply[to.kind()] == 0 {
            return AreaSet::EMPTY;
        }
        (0..self.areas.len())
            .filter(|&i| self.areas[i].units[f][from.kind()] > 0)
            .map(|i| AreaId(i as u8))
            .collect()
    }

    /// Swaps one unit in `a`.
    pub(crate) fn card_upgrade(&mut self, f: Faction, a: AreaId, from: UnitName, to: UnitName) {
        self.areas[a.index()].units[f][from.kind()] -= 1;
        self.areas[a.index()].units[f][to.kind()] += 1;
        self.houses[f].supply[from.kind()] += 1;
        self.houses[f].supply[to.kind()] -= 1;
    }

    /// The distinct cards in `f`'s hand that may be discarded, each once.
    pub(crate) fn discardable_hand(&self, f: Faction) -> Vec<CardId> {
        let mut seen = Vec::new();
        for &c in &self.house(f).hand {
            if !seen.contains(&c) && self.discardable(c) {
                seen.push(c);
            }
        }
        seen
    }

    /// Whether card `c` may be discarded the usual ways: for combat dice
    /// (AR-COMBAT-05), for the hand limit (AR-END-08) or by an opponent's
    /// forced discard. Hawat's Scheming, the card a leader is removed by
    /// discarding (`removed_by_discarding` in the leaders' data), never is:
    /// its own text says it leaves the hand only through that free action
    /// (AR-LEADER-20, AR-LEADER-23).
    pub(crate) fn discardable(&self, c: CardId) -> bool {
        let d = self.d();
        !d.leaders.iter().any(|l| {
            l.removed_by_discarding
                .as_ref()
                .is_some_and(|r| d.card_id(&r.card) == Some(c))
        })
    }

    /// The opponent discards `c` for the card being resolved.
    pub(crate) fn forced_discard(&mut self, f: Faction, c: CardId, ev: &mut Vec<Event>) {
        let h = self.house_mut(f);
        if let Some(i) = h.hand.iter().position(|x| *x == c) {
            h.hand.remove(i);
            h.discard.push(c);
            ev.push(Event::CardDiscarded {
                faction: f,
                card: c,
            });
        }
    }
}
