//! End of the Round (AR-END-*) and victory (AR-WIN-*).
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{CardId, Faction, LeaderId};
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, LeaderAt, Phase};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    pub(crate) fn end_of_round_rest(&mut self, ev: &mut Vec<Event>) {
        // AR-WIN-02: the objective check.
        if self.objective_met() {
            self.win(A, "every score of the secret objective is met", ev);
            return;
        }
        self.hook_round_ending(ev);
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
        // MC-ROUNDS-01: the round limit of the match options.
        if self.round_limit_ends(ev) {
            return;
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
                .zip(self.prescience.into_array())
                .all(|(t, p)| p >= *t)
        };
        met(self.objective) || self.objective2.is_some_and(met)
    }

    /// Declares the winner.
    pub(crate) fn win(&mut self, f: Faction, why: &'static str, ev: &mut Vec<Event>) {
        if self.winner.is_none() {
            self.winner = Some((f, why.into()));
            self.phase = Phase::Over;
            self.prompt = Prompt::None;
            ev.push(Event::GameOver { winner: f });
        }
    }
}

impl Arrakis {
    /// End of Round leader swap (AR-END-04).
    pub(crate) fn legal_swap(&self, f: Faction, out: &mut Vec<Action>) {
        let d = self.d();
        if self.house(f).generic_supply > 0 {
            for (i, l) in self.leaders.iter().enumerate() {
                if d.leaders[i].faction == f && matches!(l, LeaderAt::Board(_)) {
                    out.push(Action::SwapLeader(LeaderId(i as u8)));
                }
            }
        }
        // AR-LEADER-29 (wiki): the Wild Maker for a normal sandworm.
        if f == A && self.wild_maker_swappable() {
            out.push(Action::WildMaker);
        }
        out.push(Action::Done);
    }

    /// Swaps a named leader (or the Wild Maker), or passes to the next
    /// house, then the hand limit.
    pub(crate) fn step_swap(&mut self, f: Faction, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::WildMaker => self.swap_wild_maker(ev),
            Action::SwapLeader(l) => {
                let LeaderAt::Board(area) = self.leaders[usize::from(l.0)] else {
                    unreachable!("legal")
                };
                self.areas[area.index()].named &= !(1 << l.0);
                self.leaders[usize::from(l.0)] = LeaderAt::SetAside;
                self.place_leader(f, None, area);
            }
            _ => {
                if f == H {
                    self.prompt = Prompt::Swap(A);
                } else {
                    self.prompt = Prompt::HandLimit(H);
                    self.next_hand_limit(ev);
                }
            }
        }
    }

    /// AR-END-08; AR-LEADER-23: never Hawat's Scheming.
    pub(crate) fn legal_hand_limit(&self, f: Faction, out: &mut Vec<Action>) {
        for c in self.discardable_hand(f) {
            out.push(Action::Discard(c));
        }
    }

    /// `f` discards `c` towards the hand limit.
    pub(crate) fn discard_to_limit(&mut self, f: Faction, c: CardId, ev: &mut Vec<Event>) {
        let h = self.house_mut(f);
        let i = h.hand.iter().position(|x| *x == c).expect("legal");
        h.hand.remove(i);
        h.discard.push(c);
        ev.push(Event::CardDiscarded {
            faction: f,
            card: c,
        });
        self.next_hand_limit(ev);
    }

    /// The rule a refused hand-limit action breaks.
    pub(crate) fn hand_limit_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::Discard(_) | Action::Done => "AR-END-08",
            _ => "AR-ACT-17",
        }
    }

    /// Unclaimed prescience cards (AR-END-09).
    pub(crate) fn legal_unclaimed(&self, out: &mut Vec<Action>) {
        out.push(Action::RemoveUnclaimed);
        out.push(Action::ReshuffleUnclaimed);
        // AR-END-09: card by card; with one card left the two
        // choices above say it all.
        let open: Vec<u8> = (0..self.revealed.len() as u8)
            .filter(|&i| Some(self.revealed[usize::from(i)]) != self.ibad)
            .collect();
        if open.len() >= 2 {
            out.extend(open.into_iter().map(Action::PickSlot));
        }
    }

    /// Removes one card, or removes or reshuffles them all and the round
    /// ends.
    pub(crate) fn step_unclaimed(&mut self, a: Action, ev: &mut Vec<Event>) {
        if let Action::PickSlot(i) = a {
            // AR-END-09: this card leaves the game; the others are
            // still to decide.
            let c = self.revealed.remove(usize::from(i));
            ev.push(Event::PrescienceRemoved { card: c });
            if self.revealed.iter().all(|c| Some(*c) == self.ibad) {
                self.keep_attached_revealed();
                self.finish_round(ev);
            }
            return;
        }
        if a == Action::RemoveUnclaimed {
            for &c in &self.revealed {
                if Some(c) != self.ibad {
                    ev.push(Event::PrescienceRemoved { card: c });
                }
            }
        }
        if a == Action::ReshuffleUnclaimed {
            let keep = self.ibad;
            let cards = self.revealed.iter().filter(|c| Some(**c) != keep);
            self.prescience_deck.extend(cards.copied());
            let mut deck = std::mem::take(&mut self.prescience_deck);
            rand::seq::SliceRandom::shuffle(deck.as_mut_slice(), &mut self.rng);
            self.prescience_deck = deck;
        }
        self.keep_attached_revealed();
        self.finish_round(ev);
    }
}
