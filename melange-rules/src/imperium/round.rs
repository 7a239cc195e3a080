//! The round (IM-START, IM-RECALL, IM-END): Round Start (the Conflict,
//! the draw, the defensive bonus), whose turn comes next, the end of the
//! round after Combat (troops home, Makers, Recall, the endgame check),
//! the endgame Intrigue round and the end of the game.
use crate::core::Seat;

use super::event::{Event, Resource};
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Phase, SPACES, Task, Turn};

impl Imperium {
    /// IM-START-01 / IM-START-02: in order, IM-START-03 reveal the Conflict,
    /// IM-START-04 every seat draws 5, then the defensive bonus (IM-START-05,
    /// IM-START-06, IM-START-07).
    pub(crate) fn round_start(&mut self, ev: &mut Vec<Event>) {
        self.round += 1;
        self.phase = Phase::PlayerTurns;
        let Some(conflict) = self.conflict_deck.pop() else {
            self.stack.push(Task::EndgameAsk(0));
            return;
        };
        self.conflict = Some(conflict);
        self.conflicts_seen.push(conflict);
        ev.push(Event::RoundStarted {
            round: self.round,
            conflict,
        });
        self.rival_swordmasters(ev);
        let hand = self.d().setup.hand_size;
        for k in 0..self.n() {
            let seat = self.clockwise(self.first, k);
            if !self.is_rival(seat) {
                self.draw(Ctx::seat(seat), hand, ev);
            }
        }
        self.stack.push(Task::FirstTurn);
        // IM-START-05 / IM-START-06 / IM-START-07: the controller of the
        // Conflict's space deploys 1 troop from its supply; automatic by
        // the text, asked with `defensive_bonus = optional` (the rulebook's
        // "may", docs/rules-decisions.md, A5).
        if let Some(space) = self.d().conflicts[usize::from(conflict.0)].controls
            && let Some(owner) = self.control[usize::from(space.0)]
            && self.p(owner).supply > 0
        {
            if self.rules.defensive_bonus_optional {
                self.prompt = Some(Prompt::DefensiveBonus(owner));
            } else {
                self.defensive_troop(owner, ev);
            }
        }
    }

    /// IM-START-05 / IM-START-06: one troop from the supply to the Conflict.
    pub(crate) fn defensive_troop(&mut self, owner: Seat, ev: &mut Vec<Event>) {
        let p = self.pm(owner);
        p.supply -= 1;
        p.conflict += 1;
        ev.push(Event::Deployed {
            seat: owner,
            troops: 1,
        });
    }

    /// The First Player's turn (or a solo Rival's, when it holds the marker).
    pub(crate) fn first_turn(&mut self, ev: &mut Vec<Event>) {
        if self.is_rival(self.first) {
            // A solo Rival holds the marker: its turn first.
            self.turn = Turn {
                seat: self.clockwise(self.first, self.n() - 1),
                ..Turn::default()
            };
            self.next_turn(ev);
        } else {
            self.start_turn(self.first);
        }
    }

    fn start_turn(&mut self, seat: Seat) {
        self.turn = Turn {
            seat,
            ..Turn::default()
        };
        self.prompt = Some(Prompt::Turn(seat));
    }

    /// Clockwise to the next seat that has not revealed; Combat once all
    /// have (docs/rules-decisions.md, A1, IM-REVEAL-09).
    pub(crate) fn next_turn(&mut self, ev: &mut Vec<Event>) {
        self.rival_convert(ev);
        let mut cur = self.turn.seat;
        let hagal_game = self.rival_mode() == Some(super::hagal::RivalMode::TwoPlayer);
        if hagal_game {
            // House Hagal sits after the human seats.
            let hagal = Seat(self.humans());
            // IM-HAGAL-01: House Hagal's turn right after each Agent turn
            // of the First Player; IM-HAGAL-02: after no one else's;
            // IM-HAGAL-03: only while it has Agents left.
            if cur == self.first && self.turn.space.is_some() && self.agents_left(hagal) > 0 {
                self.stack.push(Task::NextTurn);
                self.rival_turn(hagal, ev);
                return;
            }
            if cur == hagal {
                cur = self.first;
            }
        }
        for k in 1..=self.n() {
            let s = self.clockwise(cur, k);
            if !self.is_rival(s) {
                if !self.p(s).has_revealed {
                    self.start_turn(s);
                    return;
                }
            } else if !hagal_game && self.agents_left(s) > 0 {
                // IM-SOLO-02: the Rivals take their Agent turns in turn
                // with the player, and go on while they have Agents
                // (docs/rules-decisions.md, A17).
                self.stack.push(Task::NextTurn);
                self.rival_turn(s, ev);
                return;
            }
        }
        // Combat phase (IM-COMBAT-05).
        self.phase = Phase::Combat;
        self.turn = Turn {
            seat: Turn::NOBODY,
            ..Turn::default()
        };
        self.combat_passes = 0;
        self.combat_seat = self.first;
        if self.rivals.is_some() {
            self.rival_combat_swords(ev);
        }
        self.stack.push(Task::CombatAsk);
    }

    /// IM-COMBAT-18 / IM-COMBAT-19: troops to the supply, never the
    /// garrison; IM-COMBAT-20: markers (swords) to 0; then Makers, Recall.
    pub(crate) fn end_combat(&mut self, ev: &mut Vec<Event>) {
        self.rival_convert(ev);
        for s in self.seats() {
            let p = self.pm(s);
            p.supply += p.conflict;
            p.conflict = 0;
            p.strength_lost = false;
            let sw = p.swords;
            self.resource(s, Resource::Swords, -i16::from(sw), ev);
        }
        self.conflict = None;
        // IM-MAKER-02 / IM-MAKER-03 / IM-MAKER-04: +1 on every Maker space
        // with no Agent, added to what is there.
        let d = self.d();
        for (i, sp) in d.spaces.iter().enumerate() {
            if sp.maker && self.occupant[i].is_none() {
                self.bonus_spice[i] += 1;
                ev.push(Event::BonusSpice {
                    space: super::ids::SpaceId(i as u8),
                    now: self.bonus_spice[i],
                });
            }
        }
        // IM-RECALL-01, IM-END-01, IM-END-02, IM-END-03
        let vp_end = d.setup.vp_end;
        if self.players.iter().any(|p| p.vp >= vp_end) || self.conflict_deck.is_empty() {
            // IM-RECALL-05: nothing is recalled.
            ev.push(Event::EndgameTriggered);
            self.phase = Phase::Endgame;
            self.stack.push(Task::EndgameAsk(0));
            return;
        }
        // MC-ROUNDS-01: the last round allowed ends here, before the Recall.
        if self.round_limit_reached() {
            self.stop_at_round_limit(ev);
            return;
        }
        // IM-RECALL-02: the Mentat returns unless won for next round.
        self.mentat = self.mentat_next.take();
        // IM-RECALL-03
        self.occupant = [None; SPACES];
        self.voice = None;
        for p in &mut self.players {
            p.agents_out = 0;
            p.has_revealed = false;
        }
        // IM-RECALL-04
        self.first = Seat((self.first.0 + 1) % self.marker_seats());
        ev.push(Event::Recall);
        ev.push(Event::FirstPlayer { seat: self.first });
        self.stack.push(Task::RoundStart);
    }

    /// Endgame Intrigue, one seat at a time from the First Player
    /// (docs/rules-decisions.md, A8c).
    pub(crate) fn endgame_ask(&mut self, k: u8) {
        self.phase = Phase::Endgame;
        if k >= self.n() {
            self.stack.push(Task::Finish);
            return;
        }
        let seat = self.clockwise(self.first, k);
        self.stack.push(Task::EndgameAsk(k + 1));
        if !self.is_rival(seat) && !self.p(seat).intrigue.is_empty() {
            self.prompt = Some(Prompt::Endgame(seat));
        }
    }

    /// The game ends: the winners are announced.
    pub(crate) fn finish(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::Over;
        let winners = self.result_order().0;
        ev.push(Event::GameOver { winners });
    }
}
