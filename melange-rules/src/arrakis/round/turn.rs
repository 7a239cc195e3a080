//! A house's turn in Action Resolution (AR-ACT-10 to AR-ACT-18): the
//! actions it may take (a die, a card, a special action, a free action),
//! what each starts, and the end of the turn.
use crate::arrakis::action::Action;
use crate::arrakis::board::tables::PrescienceTiming;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, DieResult, Faction, ImperiumMarker};
use crate::arrakis::prompt::{AfterExcess, Move, Prompt};
use crate::arrakis::state::{Arrakis, Vehicle};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    pub(crate) fn step_turn(&mut self, f: Faction, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::SpendDie(r) => {
                self.spend(f, r, ev);
                match (f, r) {
                    (A, DieResult::House) => self.prompt = Prompt::AtreidesHouse,
                    (H, DieResult::House) => self.prompt = Prompt::HarkonnenHouse,
                    _ => self.begin_die_action(f, r, ev),
                }
            }
            Action::Special(l) => self.use_special(f, l, ev),
            Action::PlayCard(c, r) => {
                // AR-ACT-12: any die plays a card.
                self.spend(f, r, ev);
                self.play_card(f, c, ev);
            }
            Action::DesertPower => self.desert_power(),
            Action::Claim(i) => self.claim(i, ev),
            Action::ClaimSpending(i, r) => {
                // AR-PRESC-08: the die is the turn's action.
                self.claim(i, ev);
                self.spend(A, r, ev);
                self.end_turn(A, ev);
            }
            Action::Reveal(area) => {
                self.reveal_tokens(area, AfterExcess::Turn(A), ev);
            }
            Action::Scheme(n) => self.scheme(n),
            Action::Foresee(k) => {
                // AR-BG-05: the token leaves the game.
                self.house_mut(f).bene_gesserit -= 1;
                self.prompt = Prompt::Foresee(f, k);
            }
            Action::Atomics(area) => self.detonate(area, ev),
            Action::Expansion(_) => {
                let taken = self.hook_turn_action(f, a, ev);
                debug_assert!(taken, "an expansion's legal turn action");
            }
            Action::Scout(z, area) => {
                // AR-SCOUT-01 to AR-SCOUT-05
                self.zones[z.index()] = None;
                self.reveal_sietch(area, ev);
                self.reveal_tokens(area, AfterExcess::Turn(H), ev);
            }
            _ => unreachable!(),
        }
    }

    pub(crate) fn desert_power(&mut self) {
        // DW-ATREIDES-01: a Desert Power brings an Atreides Desert War action.
        self.desert_power_opens();
        // AR-DP-06: its first step offers the sandworm attack too (AR-DP-08,
        // AR-DP-09; see `legal_wormsigns`).
        self.prompt = Prompt::Wormsigns(2);
    }

    pub(crate) fn begin_die_action(&mut self, f: Faction, r: DieResult, ev: &mut Vec<Event>) {
        self.prompt = match r {
            DieResult::Strategy | DieResult::Leadership => Prompt::Move(Move {
                faction: f,
                leadership: r == DieResult::Leadership,
                legions_left: 2,
                moved_into: AreaSet::EMPTY,
                picked: None,
                card: None,
            }),
            DieResult::Mentat => Prompt::Mentat(f),
            DieResult::Deployment if f == H => Prompt::HarkonnenDeploy {
                regulars: 3,
                leader: true,
                last: None,
            },
            DieResult::Deployment => {
                // AR-DIE-11: draw a random token (the pool is shuffled).
                match self.deploy_pool.pop() {
                    Some(token) => Prompt::AtreidesDeploy {
                        token,
                        placed: None,
                    },
                    None => {
                        self.end_turn(f, ev);
                        return;
                    }
                }
            }
            DieResult::House => unreachable!("handled by the house prompts"),
        };
    }

    /// Ends `f`'s turn: the other house acts, until the Harkonnen have no
    /// die left (AR-ACT-18).
    pub(crate) fn end_turn(&mut self, f: Faction, ev: &mut Vec<Event>) {
        if self.winner.is_some() {
            self.effect = None;
            self.prompt = Prompt::None;
            return;
        }
        // A card's step handed over to a prompt: the card goes on.
        if self.effect.is_some() {
            self.advance_card(ev);
            return;
        }
        // An expansion's action after the die's (DW-HARKONNEN-07,
        // DW-ATREIDES-02).
        if self.hook_turn_ending(f) {
            return;
        }
        self.turn_ended_pins(f);
        // AR-LEADER-11, AR-LEADER-13: one box per die spent this turn.
        for g in [H, A] {
            for _ in 0..std::mem::take(&mut self.tank_moves[g]) {
                self.advance_tank(g);
            }
        }
        if f == H {
            // Truthtrance: the forced turn is over.
            self.forced_die = None;
        }
        self.claimed_this_turn = false;
        if self.house(H).unused() == 0 {
            self.end_action_resolution(ev);
            return;
        }
        self.prompt = Prompt::Turn(f.other());
    }

    pub(crate) fn legal_turn(&self, f: Faction, out: &mut Vec<Action>) {
        // The unspent results in one pass over the dice, offered in the
        // results' order.
        let unspent = self
            .house(f)
            .dice
            .iter()
            .filter(|d| !d.spent)
            .fold(0u8, |mask, d| mask | 1 << d.result as u8);
        for r in DieResult::ALL {
            if unspent >> r as u8 & 1 == 1 {
                out.push(Action::SpendDie(r));
            }
        }
        self.legal_play_cards(f, out);
        self.legal_specials(f, out);
        // AR-OPT-02: the wiki's Bene Gesserit free action.
        if self.rules.bene_gesserit_reorder && self.house(f).bene_gesserit > 0 {
            for k in 0..2u8 {
                if self.house(f).decks[usize::from(k)].len() >= 2 {
                    out.push(Action::Foresee(k));
                }
            }
        }
        // AR-DP-01, AR-DP-03, AR-DP-04
        if f == A && self.desert_power_allowed() {
            out.push(Action::DesertPower);
        }
        if f == A {
            // AR-PRESC-05: Action Resolution cards during Action Resolution.
            self.legal_claims(PrescienceTiming::ActionResolution, out);
            // AR-ATOM-01 to AR-ATOM-03: once, from step 8.
            let step = self.d().tables.tracks.atomics_step;
            if !self.atomics_used && self.prescience.iter().any(|p| *p >= step) {
                for &t in &self.d().board.family_atomics_targets {
                    out.push(Action::Atomics(t));
                }
            }
            // AR-DEPLOY-03, AR-DEPLOY-10: Guerrilla Training, not in a
            // sector watched by an ornithopter.
            for (i, s) in self.areas.iter().enumerate() {
                let a = AreaId(i as u8);
                if !s.tokens.is_empty() && !self.watched(a) {
                    out.push(Action::Reveal(a));
                }
            }
        } else {
            // AR-LEADER-20, AR-LEADER-21, AR-LEADER-23
            self.legal_scheme(out);
        }
        if f == H && !self.bans[ImperiumMarker::SpacingGuild] {
            // AR-SCOUT-01, AR-SCOUT-06: scouting, not under the Spacing
            // Guild ban; only areas holding something hidden are offered.
            let b = self.d().board;
            for (z, v) in self.zones.iter().enumerate() {
                if *v != Some(Vehicle::Ornithopter) {
                    continue;
                }
                let z = AirZoneId(z as u8);
                for a in b.air_zones[z.index()].areas.iter() {
                    let s = &self.areas[a.index()];
                    if !s.tokens.is_empty() || s.sietch.is_some_and(|x| !x.revealed) {
                        out.push(Action::Scout(z, a));
                    }
                }
            }
        }
        self.hook_legal_turn(f, out);
        // Truthtrance: only the forced die may be used this turn (an
        // expansion's actions spend no die).
        self.truthtrance_filter(f, out);
    }

    /// Whether an ornithopter in a connected Air zone watches area `a`
    /// (AR-DEPLOY-10).
    pub(crate) fn watched(&self, a: AreaId) -> bool {
        let b = self.d().board;
        // An Escort Ornithopter is an ornithopter here (docs/rules-decisions.md,
        // Desert War, "Escort Ornithopters").
        b.zones_of(a)
            .any(|z| self.zones[z.index()].is_some_and(Vehicle::counts_as_ornithopter))
    }

    /// The rule a refused turn action breaks.
    pub(crate) fn turn_refusal(&self, action: &Action) -> &'static str {
        match action {
            Action::DesertPower => "AR-DP-04",
            Action::Scout(..) => "AR-SCOUT-06",
            Action::Reveal(_) => "AR-DEPLOY-10",
            _ => self.hook_turn_refusal(action).unwrap_or("AR-ACT-11"),
        }
    }
}
