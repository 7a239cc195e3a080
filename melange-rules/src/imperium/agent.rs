//! The Agent turn (IM-AGENT): where an Agent may go with which card
//! (`check_send`, which also gives the refusal its reason), the turn's
//! legal actions, sending the Agent, Kwisatz Haderach's moved Agent, the
//! deploy after a Combat space and the end of the turn.
//! The order of the turn's parts once the Agent is sent is in
//! `agent_order.rs`; the Reveal turn in `reveal.rs`.
use crate::core::{RuleError, Seat};

use super::action::Action;
use super::data::Requirement;
use super::deck::remove_one;
use super::effect::{Bespoke, Effect};
use super::event::Event;
use super::ids::{CardId, FACTION_ICONS, Faction, Icon, SpaceId};
use super::intrigue::Window;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, PART_AGENT_BOX, PART_INFLUENCE, PART_SPACE, Task};

impl Imperium {
    /// The space cost after leader discounts (Leto, IM-AGENT-06).
    pub(crate) fn space_cost(&self, seat: Seat, space: SpaceId) -> super::effect::Amounts {
        let sp = self.d().space(space);
        let mut cost = sp.cost;
        // `solo_difficulty`: the level's Mentat price for the player.
        if sp.grants.mentat
            && !self.is_rival(seat)
            && let Some(l) = self.solo_level()
        {
            cost.solari = l.human_mentat_cost;
        }
        if sp.icon == Icon::Landsraad
            && self.leader_ability(seat) == Some(Bespoke::LandsraadPopularity)
        {
            cost.solari = cost.solari.saturating_sub(1);
        }
        cost
    }

    /// Why an Agent cannot go there with that card, or `Ok`: the card's
    /// checks (`check_send_card`), its icon against the space's, then the
    /// space's (`check_send_space`), in that order, so that a refusal names
    /// the first rule broken.
    pub(crate) fn check_send(
        &self,
        seat: Seat,
        card: CardId,
        space: SpaceId,
    ) -> Result<(), RuleError> {
        let d = self.d();
        if usize::from(card.0) >= d.cards.len() || usize::from(space.0) >= d.spaces.len() {
            return Err(RuleError::Malformed("unknown card or space".into()));
        }
        let icons = self.check_send_card(seat, card)?;
        // IM-AGENT-03 / IM-AGENT-04
        if icons & d.space(space).icon.bit() == 0 {
            return Err(RuleError::illegal(
                "IM-AGENT-04",
                "the space's icon is not on the card",
            ));
        }
        self.check_send_space(seat, space)
    }

    /// The checks of sending an Agent that depend on the card alone (and
    /// the seat): the icons it reaches with, or why it cannot be played.
    fn check_send_card(&self, seat: Seat, card: CardId) -> Result<u8, RuleError> {
        let p = self.p(seat);
        if p.has_revealed {
            return Err(RuleError::illegal(
                "IM-REVEAL-09",
                "you have taken your Reveal turn",
            ));
        }
        // IM-AGENT-17; Kwisatz Haderach may instead move an Agent already
        // on the board (its data text, docs/rules-decisions.md).
        if self.agents_left(seat) == 0 && !(self.is_kwisatz(card) && self.has_agent_out(seat)) {
            return Err(RuleError::illegal(
                "IM-AGENT-17",
                "no Agent left on your Leader",
            ));
        }
        if !p.hand.contains(&card) {
            return Err(RuleError::illegal(
                "IM-AGENT-01",
                "that card is not in your hand",
            ));
        }
        // IM-AGENT-02: the icons printed on the card (Dispatch an Envoy adds
        // the four faction icons).
        let icons = self.send_icons(card);
        if icons == 0 {
            return Err(RuleError::illegal(
                "IM-AGENT-16",
                "the card has no Agent icon",
            ));
        }
        Ok(icons)
    }

    /// IM-AGENT-02: the icons an Agent sent with the card reaches: those
    /// printed on it, and the four faction icons after Dispatch an Envoy.
    fn send_icons(&self, card: CardId) -> u8 {
        let icons = self.d().card(card).icons;
        if self.turn.envoy {
            icons | FACTION_ICONS
        } else {
            icons
        }
    }

    /// The checks of sending an Agent that depend on the space alone (and
    /// the seat), whatever card reaches it: occupied, blocked by The
    /// Voice, a requirement unmet, a seat or the Swordmaster already held,
    /// a cost that cannot be paid.
    fn check_send_space(&self, seat: Seat, space: SpaceId) -> Result<(), RuleError> {
        match self.send_space_block(seat, space) {
            Some(block) => Err(block.error()),
            None => Ok(()),
        }
    }

    /// What stops any Agent of the seat going to the space, as a value the
    /// legal actions can test without building the refusal's sentence.
    fn send_space_block(&self, seat: Seat, space: SpaceId) -> Option<SpaceBlock> {
        let p = self.p(seat);
        let sp = self.d().space(space);
        if let Some(o) = self.occupant[usize::from(space.0)] {
            let eyes = self.leader_ability(seat) == Some(Bespoke::EyesEverywhere)
                && matches!(sp.icon, Icon::Landsraad | Icon::SpiceTrade)
                && o != seat;
            if !(eyes || self.turn.infiltrate && o != seat) {
                return Some(SpaceBlock::Occupied);
            }
        }
        if let Some((owner, s)) = self.voice
            && s == space
            && owner != seat
        {
            return Some(SpaceBlock::Voice);
        }
        match sp.requirement {
            Some(Requirement::InfluenceAtLeast(f, n)) if p.influence[f.index()] < n => {
                return Some(SpaceBlock::Influence(f, n));
            }
            Some(Requirement::SpiceAtLeast(n)) if p.spice < n => {
                return Some(SpaceBlock::Spice(n));
            }
            _ => {}
        }
        if sp.grants.high_council_seat && p.high_council {
            return Some(SpaceBlock::HighCouncilHeld);
        }
        if sp.grants.swordmaster && p.swordmaster {
            return Some(SpaceBlock::SwordmasterHeld);
        }
        if sp.grants.swordmaster && self.solo_level().is_some_and(|l| !l.human_swordmaster) {
            return Some(SpaceBlock::SoloSwordmaster);
        }
        if !self.can_pay(seat, &self.space_cost(seat, space)) {
            return Some(SpaceBlock::Cost);
        }
        None
    }

    /// The Agent turn's choices: an Agent with a card of the hand to a
    /// space `check_send` allows, the Reveal turn, a Plot Intrigue, and
    /// the pass of Bindu Suspension.
    pub(crate) fn turn_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        let d = self.d();
        let p = self.p(seat);
        if self.agents_left(seat) > 0 || self.has_agent_out(seat) {
            // The spaces' own checks do not depend on the card: each is
            // made once here, not once for every card that reaches it.
            let spaces = d.spaces.len().min(64) as u8;
            let mut open: u64 = 0;
            for s in 0..spaces {
                if self.send_space_block(seat, SpaceId(s)).is_none() {
                    open |= 1 << s;
                }
            }
            // Each card of the hand once, in the hand's order.
            let mut seen = [0u64; 4];
            for &card in &p.hand {
                let (word, bit) = (usize::from(card.0 / 64), 1u64 << (card.0 % 64));
                if seen[word] & bit != 0 {
                    continue;
                }
                seen[word] |= bit;
                let Ok(icons) = self.check_send_card(seat, card) else {
                    continue;
                };
                // IM-AGENT-04: the spaces of the card's icons, in the
                // board's order.
                let mut reached = open & d.spaces_reached(icons);
                while reached != 0 {
                    let s = reached.trailing_zeros() as u8;
                    reached &= reached - 1;
                    out.push(Action::SendAgent {
                        card,
                        space: SpaceId(s),
                    });
                }
            }
        }
        // IM-AGENT-15 / IM-REVEAL-01: the Reveal turn is always
        // offered, so Agent turns are optional.
        out.push(Action::Reveal);
        self.push_intrigues(
            seat,
            Window::Plot {
                reveal: false,
                placed: false,
            },
            out,
        );
        if self.turn.may_pass {
            out.push(Action::Pass);
        }
    }

    /// Bindu Suspension: the turn is passed.
    pub(crate) fn pass_turn(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        ev.push(Event::Passed { seat });
        self.stack.push(Task::NextTurn);
    }

    /// Why sending an Agent there with that card is refused, or `None`
    /// when `check_send` allows it (then it is refused only for the
    /// moment, by the caller).
    pub(crate) fn send_refusal(
        &self,
        seat: Seat,
        card: CardId,
        space: SpaceId,
    ) -> Option<RuleError> {
        match self.check_send(seat, card, space) {
            Err(RuleError::Illegal { rule, reason }) => Some(RuleError::illegal(
                rule,
                format!(
                    "you cannot send an Agent to {} with {}: {reason}",
                    self.space_name(space),
                    self.card_name(card)
                ),
            )),
            Err(e) => Some(e),
            Ok(()) => None,
        }
    }

    /// Whether the card is Kwisatz Haderach (moves a placed Agent).
    pub(crate) fn is_kwisatz(&self, card: CardId) -> bool {
        self.d()
            .card(card)
            .agent
            .contains(&Effect::Other(Bespoke::KwisatzHaderach))
    }

    /// Whether one of the seat's Agents is on a board space.
    pub(crate) fn has_agent_out(&self, seat: Seat) -> bool {
        self.occupant.contains(&Some(seat))
    }

    /// IM-AGENT-01 to IM-AGENT-14: play the card, send the Agent, pay, then
    /// IM-AGENT-08 resolve space (with the controller's bonus), the Agent
    /// box (IM-DECK-05) and the Faction Influence, IM-AGENT-09 in the order
    /// the player chooses (`agent_parts`); then deploy at a Combat space
    /// only (IM-AGENT-13 / IM-AGENT-14).
    pub(crate) fn send_agent(
        &mut self,
        seat: Seat,
        card: CardId,
        space: SpaceId,
        ev: &mut Vec<Event>,
    ) {
        let d = self.d();
        let sp = d.space(space);
        let cost = self.space_cost(seat, space);
        let p = self.pm(seat);
        remove_one(&mut p.hand, card);
        p.played.push(card);
        p.agents_out += 1;
        self.occupant[usize::from(space.0)] = Some(seat);
        self.turn.space = Some(space);
        ev.push(Event::AgentSent { seat, card, space });
        let ctx = Ctx {
            seat,
            card: Some(card),
            space: Some(space),
            reveal: false,
        };
        // IM-AGENT-06 / IM-AGENT-07: the cost first.
        self.pay(seat, &cost, ev);
        // Kwisatz Haderach: which Agent is sent, asked before the effects.
        let kwisatz = self.is_kwisatz(card)
            && self
                .occupant
                .iter()
                .enumerate()
                .any(|(s, o)| *o == Some(seat) && s != usize::from(space.0));
        let from_leader =
            self.p(seat).agents_out <= self.p(seat).agents + u8::from(self.mentat == Some(seat));
        // Pushed in reverse order of resolution (docs/rules-decisions.md).
        self.stack.push(Task::EndAgentTurn);
        if sp.combat {
            self.stack.push(Task::AgentDeploy);
        }
        // IM-INTRIGUE-02: Plots after the Agent is sent, before deploying
        // (so troops a Plot recruits may be deployed, docs/rules-decisions.md, A3).
        self.stack.push(Task::AgentPlot);
        // IM-AGENT-09: the space effects, the Agent box and the Faction
        // Influence in the order the player chooses (`agent_parts`).
        let mut left = 0u8;
        if !sp.effects.is_empty() || self.control[usize::from(space.0)].is_some() {
            left |= 1 << PART_SPACE;
        }
        if !d.card(card).agent.is_empty() {
            left |= 1 << PART_AGENT_BOX;
        }
        if sp.faction.is_some() {
            left |= 1 << PART_INFLUENCE;
        }
        if left != 0 {
            self.stack.push(Task::AgentParts { ctx, left });
        }
        // Ilban: draw when paying Solari for a space.
        if cost.solari > 0 && self.leader_ability(seat) == Some(Bespoke::RuthlessNegotiator) {
            self.draw(Ctx::seat(seat), 1, ev);
        }
        if kwisatz {
            self.stack
                .push(Task::Ask(Prompt::KwisatzFrom { seat, from_leader }));
        }
    }

    /// Kwisatz Haderach: the seat's Agents on other spaces may move; an
    /// Agent from the Leader too while one is left there.
    pub(crate) fn kwisatz_legal(&self, seat: Seat, from_leader: bool, out: &mut Vec<Action>) {
        let here = self.turn.space;
        for (s, o) in self.occupant.iter().enumerate() {
            let s = SpaceId(s as u8);
            if *o == Some(seat) && Some(s) != here {
                out.push(Action::Space(s));
            }
        }
        if from_leader {
            out.push(Action::Pass);
        }
    }

    /// Kwisatz Haderach moves the Agent from `s`.
    pub(crate) fn kwisatz_from(&mut self, seat: Seat, s: SpaceId, ev: &mut Vec<Event>) {
        // Kwisatz Haderach: the placed Agent moves, so its old space
        // is free again and no Leader Agent is used.
        self.occupant[usize::from(s.0)] = None;
        self.pm(seat).agents_out -= 1;
        ev.push(Event::AgentRecalled { seat, space: s });
    }

    /// The deploy after an Agent turn at a Combat space.
    pub(crate) fn agent_deploy(&mut self) {
        // IM-AGENT-10 / IM-AGENT-11: recruited troops plus up to 2
        // from the garrison (recruits already sit in the garrison);
        // IM-AGENT-12: 0 is always offered. Only Combat spaces push
        // this task (IM-AGENT-13, IM-AGENT-14).
        let seat = self.turn.seat;
        let max_g = self.d().setup.max_garrison_deploy;
        let max = (self.turn.recruited + max_g).min(self.p(seat).garrison);
        if max > 0 {
            self.prompt = Some(Prompt::Deploy { seat, max });
        }
    }

    /// The end of an Agent turn: Masterstroke if ready, then the next turn.
    pub(crate) fn end_agent_turn(&mut self) {
        let seat = self.turn.seat;
        self.stack.push(Task::NextTurn);
        if self.masterstroke_ready(seat) {
            self.prompt = Some(Prompt::Masterstroke(seat));
        }
    }
}

/// Why no Agent of the seat may go to a space, whatever the card
/// (`send_space_block`); the refusal's rule and sentence come from it only
/// when an action is refused.
#[derive(Clone, Copy)]
enum SpaceBlock {
    Occupied,
    Voice,
    Influence(Faction, u8),
    Spice(u8),
    HighCouncilHeld,
    SwordmasterHeld,
    SoloSwordmaster,
    Cost,
}

impl SpaceBlock {
    fn error(self) -> RuleError {
        match self {
            SpaceBlock::Occupied => RuleError::illegal("IM-AGENT-05", "the space is occupied"),
            SpaceBlock::Voice => RuleError::illegal("IM-AGENT-05", "The Voice blocks that space"),
            SpaceBlock::Influence(f, n) => {
                RuleError::illegal("IM-AGENT-07", format!("needs {n} {} Influence", f.name()))
            }
            SpaceBlock::Spice(n) => {
                RuleError::illegal("IM-MELANGE-07", format!("needs at least {n} spice"))
            }
            SpaceBlock::HighCouncilHeld => {
                RuleError::illegal("IM-AGENT-07", "you already have a High Council seat")
            }
            SpaceBlock::SwordmasterHeld => {
                RuleError::illegal("IM-AGENT-07", "you already have the Swordmaster")
            }
            SpaceBlock::SoloSwordmaster => RuleError::illegal(
                "IM-AGENT-07",
                "at this solo difficulty level you may not take the Swordmaster",
            ),
            SpaceBlock::Cost => {
                RuleError::illegal("IM-AGENT-07", "you cannot pay the space's cost")
            }
        }
    }
}
