//! End of the Round (AR-END-*) and victory (AR-WIN-*).
use crate::rules::arrakis::event::Event;
use crate::rules::arrakis::flow::Prompt;
use crate::rules::arrakis::ids::Faction;
use crate::rules::arrakis::state::{Arrakis, Phase};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    pub(crate) fn end_of_round_rest(&mut self, ev: &mut Vec<Event>) {
        // AR-WIN-02: the objective check.
        if self.objective_met() {
            self.win(A, "every score of the secret objective is met", ev);
            return;
        }
        // AR-END-03 (done at harvesting), AR-END-06: spent cards restored.
        self.spent_leaders = 0;
        // AR-END-04: the leader swap, Harkonnen first.
        self.prompt = Prompt::Swap(H);
    }

    pub(crate) fn next_hand_limit(&mut self, _ev: &mut Vec<Event>) {
        let lim = usize::from(self.d().tables.limits.hand);
        for f in [H, A] {
            // Hawat's Scheming counts toward the limit but is never
            // discarded for it (AR-LEADER-23); its 3 copies are fewer than
            // the limit, so a hand over it always holds another card.
            if self.house(f).hand.len() > lim && !self.discardable_hand(f).is_empty() {
                self.prompt = Prompt::HandLimit(f);
                return;
            }
        }
        if self.revealed.iter().all(|c| Some(*c) == self.ibad) {
            self.finish_round(_ev);
        } else {
            self.prompt = Prompt::Unclaimed;
        }
    }

    pub(crate) fn finish_round(&mut self, ev: &mut Vec<Event>) {
        // AR-END-11
        for f in [H, A] {
            self.house_mut(f).dice.clear();
        }
        self.start_round(ev);
    }

    /// Whether every target of the secret objective is reached (either
    /// objective once Tested with the Gom Jabbar gave a second).
    pub fn objective_met(&self) -> bool {
        let met = |i: u8| {
            let o = &self.d().tables.secret_objectives[usize::from(i)];
            o.targets()
                .iter()
                .zip(self.prescience)
                .all(|(t, p)| p >= *t)
        };
        met(self.objective) || self.objective2.is_some_and(met)
    }

    /// Declares the winner.
    pub(crate) fn win(&mut self, f: Faction, why: &'static str, ev: &mut Vec<Event>) {
        if self.winner.is_none() {
            self.winner = Some((f, why));
            self.phase = Phase::Over;
            self.prompt = Prompt::None;
            ev.push(Event::GameOver { winner: f });
        }
    }
}
