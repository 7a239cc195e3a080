//! The Combat phase (IM-COMBAT): the Combat Intrigue round among the
//! seats with troops in the Conflict, retreats, and ranking strengths into
//! the Conflict's rewards. What follows Combat (troops home, Makers,
//! Recall) is in `round.rs`.
use crate::core::Seat;

use super::event::Event;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Task};

impl Imperium {
    /// IM-COMBAT-04: `n` troops from the Conflict back to the garrison.
    pub(crate) fn retreat(&mut self, seat: Seat, n: u8, ev: &mut Vec<Event>) {
        if n > 0 {
            let p = self.pm(seat);
            p.conflict -= n;
            p.garrison += n;
            if p.conflict == 0 {
                p.strength_lost = true;
            }
            ev.push(Event::Retreated { seat, troops: n });
        }
    }

    /// Seats asked in the Combat Intrigue round (rivals play no Intrigue).
    fn involved(&self) -> u8 {
        self.human_seats()
            .filter(|s| self.p(*s).conflict > 0)
            .count() as u8
    }

    /// IM-COMBAT-06 / IM-COMBAT-07 / IM-COMBAT-08 / IM-COMBAT-09: ask the
    /// involved seats (troops in the Conflict) clockwise from `combat_seat`
    /// until all have passed in a row.
    pub(crate) fn combat_ask(&mut self) {
        let involved = self.involved();
        if involved == 0 || self.combat_passes >= involved {
            self.stack.push(Task::Rewards);
            return;
        }
        for k in 0..self.n() {
            let s = self.clockwise(self.combat_seat, k);
            if !self.is_rival(s) && self.p(s).conflict > 0 {
                self.combat_seat = s;
                self.prompt = Some(Prompt::CombatIntrigue(s));
                return;
            }
        }
    }

    /// A combat pass by the asked seat.
    pub(crate) fn combat_pass(&mut self) {
        self.combat_passes += 1;
        self.combat_seat = self.next_seat(self.combat_seat);
        self.stack.push(Task::CombatAsk);
    }

    /// IM-COMBAT-10 / IM-COMBAT-11 / IM-COMBAT-12: rank strengths and hand
    /// out rewards (ties in `places`).
    pub(crate) fn rewards(&mut self, ev: &mut Vec<Event>) {
        let Some(conflict) = self.conflict else {
            self.stack.push(Task::EndCombat);
            return;
        };
        // Indexed by board place (rivals included), as the event shows them.
        let strengths: Vec<u8> = self.seats().map(|s| self.strength(s)).collect();
        ev.push(Event::ConflictResolved {
            conflict,
            strengths: strengths.clone(),
        });
        let places = self.places(&strengths);
        self.stack.push(Task::EndCombat);
        let winner = places.iter().find(|(_, pl)| *pl == 1).map(|(s, _)| *s);
        if let Some(w) = winner
            && self.is_hagal(w)
            && let Some(space) = self.d().conflicts[usize::from(conflict.0)].controls
            && let Some(owner) = self.control[usize::from(space.0)]
        {
            // IM-HAGAL-13: House Hagal removes the controller's marker.
            self.control[usize::from(space.0)] = None;
            ev.push(Event::ControlRemoved { space, seat: owner });
        }
        if let Some(w) = winner
            && !self.is_rival(w)
        {
            // IM-INTRIGUE-12: after-win Intrigue once the Conflict is won.
            self.stack.push(Task::AfterWin(w));
        }
        let rewards = &self.d().conflicts[usize::from(conflict.0)].rewards;
        for &(seat, place) in places.iter().rev() {
            // IM-HAGAL-11: House Hagal takes its place but no reward
            // (docs/rules-decisions.md, A16); IM-SOLO-09: solo Rivals take theirs.
            if self.is_hagal(seat) {
                continue;
            }
            self.stack.push(Task::Run {
                list: &rewards[usize::from(place - 1)],
                pos: 0,
                ctx: Ctx::seat(seat),
            });
        }
        for &(seat, place) in places.iter() {
            ev.push(Event::Reward { seat, place });
        }
    }

    /// Which seat takes which reward (1-based), in reward order and turn
    /// order from the First Player. IM-COMBAT-13: 0 strength gets nothing;
    /// IM-COMBAT-11 / IM-COMBAT-12: 2nd and 3rd strengths, the 3rd at
    /// every player count by the text, only with 4 seats with
    /// `third_place = four_players` (docs/rules-decisions.md, A6, in the
    /// `published` preset); tie rules IM-COMBAT-14 to IM-COMBAT-17.
    /// `strengths` holds one strength per board place (rivals included),
    /// as `Event::ConflictResolved` shows them; a place is a `u8`, 1 to 3.
    pub fn places(&self, strengths: &[u8]) -> Vec<(Seat, u8)> {
        let n = self.n();
        let max_place = if self.rules.third_place_four_players && n < 4 {
            2
        } else {
            3
        };
        let order: Vec<Seat> = (0..n).map(|k| self.clockwise(self.first, k)).collect();
        let mut levels: Vec<u8> = strengths.iter().copied().filter(|s| *s > 0).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let mut out = Vec::new();
        // `rank` is the place the next group competes for.
        let mut rank = 1u8;
        for level in levels {
            if rank > max_place {
                break;
            }
            let group: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|s| strengths[s.index()] == level)
                .collect();
            if group.len() == 1 {
                out.push((group[0], rank));
                rank += 1;
            } else {
                // A tie takes the next place's reward, and nothing is given
                // below it, except that two tied for 1st leave 3rd to the
                // others (IM-COMBAT-14, IM-COMBAT-15, IM-COMBAT-16,
                // IM-COMBAT-17, docs/rules-decisions.md, A7).
                let reward = rank + 1;
                if reward <= max_place {
                    for s in &group {
                        out.push((*s, reward));
                    }
                }
                if rank == 1 && group.len() == 2 {
                    rank = 3;
                } else {
                    break;
                }
            }
        }
        out
    }
}
