//! Influence tracks, the 2-Influence VP, the 4-Influence bonus and the
//! Alliance tokens (IM-FACTION).
use crate::core::Seat;

use super::event::{Event, Resource};
use super::ids::Faction;
use super::state::{Ctx, Imperium, Task};

impl Imperium {
    /// Changes a seat's Influence one step at a time (docs/rules-decisions.md, A10b),
    /// applying VP, bonus and Alliance rules at each step.
    pub(crate) fn change_influence(
        &mut self,
        seat: Seat,
        f: Faction,
        delta: i8,
        ev: &mut Vec<Event>,
    ) {
        let steps = delta.unsigned_abs();
        for _ in 0..steps {
            if delta > 0 {
                self.influence_up(seat, f, ev);
            } else {
                self.influence_down(seat, f, ev);
            }
        }
    }

    fn influence_up(&mut self, seat: Seat, f: Faction, ev: &mut Vec<Event>) {
        let track = &self.d().tracks[f.index()];
        let old = self.p(seat).influence[f.index()];
        if old >= track.max {
            return;
        }
        let now = old + 1;
        self.pm(seat).influence[f.index()] = now;
        ev.push(Event::Influence {
            seat,
            faction: f,
            delta: 1,
            now,
        });
        // IM-FACTION-04: 1 VP on reaching 2.
        if now == 2 {
            self.resource(seat, Resource::Vp, i16::from(track.vp_at_2), ev);
        }
        // IM-FACTION-06 / IM-FACTION-07: the bonus at 4 (one-time by the
        // rules text; every climb to 4 with the `faction_bonus` option).
        // Rivals never get the 4-Influence bonus (docs/rules-decisions.md, A15).
        if now == 4 && !self.is_rival(seat) {
            let bit = 1 << f.index();
            let paid = self.p(seat).bonus_paid & bit != 0;
            if !paid || self.rules.faction_bonus_every_time {
                self.pm(seat).bonus_paid |= bit;
                self.stack.push(Task::Run {
                    list: &track.bonus_at_4,
                    pos: 0,
                    ctx: Ctx::seat(seat),
                });
            }
        }
        // IM-FACTION-08, IM-FACTION-10, IM-FACTION-11: the Alliance goes to
        // the first at 4 and to anyone strictly above the holder.
        if now >= track.alliance_at {
            match self.alliance[f.index()] {
                None => self.move_alliance(f, Some(seat), ev),
                Some(h) if h != seat && self.p(h).influence[f.index()] < now => {
                    self.move_alliance(f, Some(seat), ev)
                }
                _ => {}
            }
        }
    }

    fn influence_down(&mut self, seat: Seat, f: Faction, ev: &mut Vec<Event>) {
        let track = &self.d().tracks[f.index()];
        let old = self.p(seat).influence[f.index()];
        if old == 0 {
            return;
        }
        let now = old - 1;
        self.pm(seat).influence[f.index()] = now;
        ev.push(Event::Influence {
            seat,
            faction: f,
            delta: -1,
            now,
        });
        // IM-FACTION-05: the VP is lost below 2.
        if old == 2 {
            self.resource(seat, Resource::Vp, -i16::from(track.vp_at_2), ev);
        }
        if self.alliance[f.index()] == Some(seat) {
            // Publisher FAQ (docs/rules-decisions.md, A10a): a holder tied before
            // the loss hands it to a tied player, and with several the
            // holder picks which (a decision, docs/rules-decisions.md); a
            // holder falling below 4 hands it to the highest at 4+ or
            // returns it.
            let order: Vec<Seat> = (1..self.n()).map(|k| self.clockwise(seat, k)).collect();
            let tied: Vec<Seat> = order
                .iter()
                .copied()
                .filter(|&o| self.p(o).influence[f.index()] == old)
                .collect();
            if let [t] = tied[..] {
                self.move_alliance(f, Some(t), ev);
            } else if !tied.is_empty() {
                // The token leaves the holder now (so a further step of
                // the same loss moves nothing) and is given by the choice,
                // which is asked before any other work.
                self.move_alliance(f, None, ev);
                let candidates = tied.iter().fold(0u8, |m, &o| m | (1 << o.0));
                self.stack
                    .push(Task::Ask(super::prompt::Prompt::AllianceHandover {
                        seat,
                        faction: f,
                        candidates,
                    }));
            } else if now < track.alliance_at {
                let mut best: Option<Seat> = None;
                for &o in &order {
                    let v = self.p(o).influence[f.index()];
                    if v >= track.alliance_at
                        && best.is_none_or(|b| v > self.p(b).influence[f.index()])
                    {
                        best = Some(o);
                    }
                }
                self.move_alliance(f, best, ev);
            }
        }
    }

    pub(crate) fn move_alliance(&mut self, f: Faction, to: Option<Seat>, ev: &mut Vec<Event>) {
        let from = self.alliance[f.index()];
        if from == to {
            return;
        }
        let vp = i16::from(self.d().tracks[f.index()].alliance_vp);
        // IM-FACTION-09: the token is worth 1 VP to its holder.
        if let Some(h) = from {
            self.resource(h, Resource::Vp, -vp, ev);
        }
        if let Some(t) = to {
            self.resource(t, Resource::Vp, vp, ev);
        }
        self.alliance[f.index()] = to;
        ev.push(Event::Alliance {
            faction: f,
            from,
            to,
        });
    }
}
