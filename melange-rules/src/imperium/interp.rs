//! The effect interpreter: runs one step of an effect list, either at once
//! or by asking the seat a small decision.
use rand::Rng;

use crate::core::Seat;

use super::effect::{Amounts, Bespoke, Cond, Effect, InfluenceSpec};
use super::event::{Event, Resource};
use super::ids::{CardId, Faction};
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Task};

impl Imperium {
    /// Whether the seat holds the amounts.
    pub(crate) fn can_pay(&self, seat: Seat, a: &Amounts) -> bool {
        let p = self.p(seat);
        p.solari >= a.solari && p.spice >= a.spice && p.water >= a.water
    }

    /// Whether the mandatory costs at the top of a list can be paid (and
    /// other preconditions a list states up front hold).
    pub(crate) fn list_payable(&self, ctx: Ctx, list: &[Effect]) -> bool {
        let mut total = Amounts::default();
        for e in list {
            match e {
                Effect::Pay(a) => {
                    total.solari += a.solari;
                    total.spice += a.spice;
                    total.water += a.water;
                }
                Effect::LoseInfluence(n) if !self.p(ctx.seat).influence.iter().any(|v| v >= n) => {
                    return false;
                }
                Effect::TrashThis if ctx.card.is_none() => return false,
                _ => {}
            }
        }
        self.can_pay(ctx.seat, &total)
    }

    /// Evaluates a condition.
    pub(crate) fn cond(&self, ctx: Ctx, c: Cond) -> bool {
        let d = self.d();
        let p = self.p(ctx.seat);
        let in_play = || p.played.iter().chain(p.revealed.iter());
        // "another card" of a faction: every in-play card of the faction,
        // minus this card itself.
        let others_of = |mask: u8| {
            let n = in_play()
                .filter(|c| d.card(**c).factions & mask != 0)
                .count();
            let own = ctx.card.is_some_and(|c| d.card(c).factions & mask != 0);
            n > usize::from(own)
        };
        match c {
            Cond::FremenBond => others_of(1 << Faction::Fremen.index()),
            Cond::FactionCardInPlay(f) => others_of(1 << f.index()),
            Cond::Alliance(f) => self.alliance[f.index()] == Some(ctx.seat),
            Cond::InfluenceAtLeast(f, n) => p.influence[f.index()] >= n,
            Cond::InPlay(card) => in_play().any(|c| *c == card),
            Cond::AnyAlliance => self.alliance.contains(&Some(ctx.seat)),
            Cond::HighCouncilSeat => p.high_council,
            Cond::MakerSpaceThisTurn => ctx.space.is_some_and(|s| d.space(s).maker),
            Cond::RevealTurn => ctx.reveal,
            Cond::CardsOwnedAtLeast(card, n) => self.owned(ctx.seat, card) >= usize::from(n),
            Cond::CardsOwnedMost(card) => {
                let mine = self.owned(ctx.seat, card);
                self.seats()
                    .filter(|&o| o != ctx.seat)
                    .all(|o| self.owned(o, card) < mine)
            }
            Cond::TracksAtLeast { n, tracks } => {
                p.influence.iter().filter(|v| **v >= n).count() >= usize::from(tracks)
            }
        }
    }

    fn run_list(&mut self, list: &'static [Effect], ctx: Ctx) {
        if !list.is_empty() {
            self.stack.push(Task::Run { list, pos: 0, ctx });
        }
    }

    /// Gains plain resources.
    pub(crate) fn gain(&mut self, ctx: Ctx, a: &Amounts, ev: &mut Vec<Event>) {
        let seat = ctx.seat;
        self.resource(seat, Resource::Solari, i16::from(a.solari), ev);
        self.resource(seat, Resource::Spice, i16::from(a.spice), ev);
        self.resource(seat, Resource::Water, i16::from(a.water), ev);
        if a.troops > 0 {
            // Recruit from the supply into the garrison.
            let n = a.troops.min(self.p(seat).supply);
            self.pm(seat).supply -= n;
            self.resource(seat, Resource::Garrison, i16::from(n), ev);
            if self.turn.seat == seat {
                self.turn.recruited += n;
                self.turn.last_recruit = n;
            }
        }
        self.resource(seat, Resource::Persuasion, i16::from(a.persuasion), ev);
        self.resource(seat, Resource::Swords, i16::from(a.swords), ev);
        for _ in 0..a.intrigue {
            self.draw_intrigue(seat, ev);
        }
        self.resource(seat, Resource::Vp, i16::from(a.vp), ev);
        if a.draw > 0 {
            self.draw(ctx, a.draw, ev);
        }
    }

    /// Pays plain resources (callers checked they are held).
    pub(crate) fn pay(&mut self, seat: Seat, a: &Amounts, ev: &mut Vec<Event>) {
        self.resource(seat, Resource::Solari, -i16::from(a.solari), ev);
        self.resource(seat, Resource::Spice, -i16::from(a.spice), ev);
        self.resource(seat, Resource::Water, -i16::from(a.water), ev);
    }

    /// Moves troops from the garrison to the Conflict.
    pub(crate) fn deploy(&mut self, seat: Seat, n: u8, ev: &mut Vec<Event>) {
        let n = n.min(self.p(seat).garrison);
        if n == 0 {
            return;
        }
        let p = self.pm(seat);
        p.garrison -= n;
        p.conflict += n;
        if self.turn.seat == seat {
            self.turn.deployed += n;
        }
        ev.push(Event::Resource {
            seat,
            resource: Resource::Garrison,
            delta: -i16::from(n),
        });
        ev.push(Event::Deployed { seat, troops: n });
    }

    /// Loses troops to the supply.
    pub(crate) fn lose_troops(&mut self, seat: Seat, conflict: bool, n: u8, ev: &mut Vec<Event>) {
        let p = self.pm(seat);
        let from = if conflict {
            &mut p.conflict
        } else {
            &mut p.garrison
        };
        let k = n.min(*from);
        if k == 0 {
            return;
        }
        *from -= k;
        p.supply += k;
        if conflict && p.conflict == 0 {
            // IM-COMBAT-04
            p.strength_lost = true;
        }
        ev.push(Event::TroopsLost {
            seat,
            troops: k,
            from_conflict: conflict,
        });
    }

    fn ask(&mut self, p: Prompt) {
        self.prompt = Some(p);
    }

    /// Runs one step.
    pub(crate) fn exec(&mut self, e: &'static Effect, ctx: Ctx, ev: &mut Vec<Event>) {
        let seat = ctx.seat;
        match e {
            Effect::Gain(a) => self.gain(ctx, a, ev),
            Effect::Pay(a) => self.pay(seat, a, ev),
            Effect::Influence(spec) => match *spec {
                InfluenceSpec::Faction(f, n) => self.change_influence(seat, f, n as i8, ev),
                InfluenceSpec::OneOf(mask, n) => self.ask(Prompt::Influence {
                    ctx,
                    mask,
                    n,
                    left: 1,
                }),
                InfluenceSpec::EachOf(mask, n) => {
                    for f in Faction::ALL {
                        if mask & (1 << f.index()) != 0 {
                            self.change_influence(seat, f, n as i8, ev);
                        }
                    }
                }
                InfluenceSpec::Distinct(k, n) => self.ask(Prompt::Influence {
                    ctx,
                    mask: 0b1111,
                    n,
                    left: k,
                }),
                InfluenceSpec::AgentSpace(n) => {
                    if let Some(f) = ctx.space.and_then(|s| self.d().space(s).faction) {
                        self.change_influence(seat, f, n as i8, ev);
                    }
                }
            },
            Effect::LoseInfluence(n) => {
                if self.p(seat).influence.iter().any(|v| v >= n) {
                    self.ask(Prompt::LoseInfluence { ctx, n: *n });
                }
            }
            Effect::Trash => {
                let p = self.p(seat);
                if !(p.hand.is_empty()
                    && p.discard.is_empty()
                    && p.played.is_empty()
                    && p.revealed.is_empty())
                {
                    self.ask(Prompt::Trash(ctx));
                }
            }
            Effect::TrashThis => {
                if let Some(card) = ctx.card {
                    self.trash_card(seat, card, super::action::Zone::InPlay, ev);
                }
            }
            Effect::Choice { options, pick } => {
                self.stack.push(Task::ChoiceRest {
                    ctx,
                    options,
                    left: *pick,
                    taken: 0,
                });
            }
            Effect::Optional(steps) => {
                if self.list_payable(ctx, steps) {
                    self.ask(Prompt::Optional { ctx, steps });
                }
            }
            Effect::If { cond, then, els } => {
                if self.cond(ctx, *cond) {
                    self.run_list(then, ctx);
                } else {
                    self.run_list(els, ctx);
                }
            }
            Effect::ForEachFremen(steps) => {
                let d = self.d();
                let p = self.p(seat);
                let n = p
                    .played
                    .iter()
                    .chain(p.revealed.iter())
                    .filter(|c| d.card(**c).factions & (1 << Faction::Fremen.index()) != 0)
                    .count();
                for _ in 0..n {
                    self.run_list(steps, ctx);
                }
            }
            Effect::EachOpponent(steps) => {
                // Resolved clockwise from the actor's left: pushed in reverse.
                for k in (1..self.n()).rev() {
                    let o = self.clockwise(seat, k);
                    self.run_list(
                        steps,
                        Ctx {
                            seat: o,
                            card: None,
                            space: None,
                            reveal: false,
                        },
                    );
                }
            }
            Effect::ChosenOpponent(steps) => self.ask(Prompt::Opponent { ctx, steps }),
            Effect::Mentat => {
                // A Conflict reward keeps the Mentat for the next round
                // (IM-RECALL-02, docs/rules-decisions.md, A12); otherwise it is
                // taken only from its space.
                if self.phase == super::state::Phase::Combat {
                    self.mentat_next = Some(seat);
                    ev.push(Event::MentatTaken { seat });
                } else if self.mentat.is_none() {
                    self.mentat = Some(seat);
                    ev.push(Event::MentatTaken { seat });
                }
            }
            Effect::Control(space) => {
                // IM-CONTROL-05 / IM-CONTROL-06
                self.control[usize::from(space.0)] = Some(seat);
                ev.push(Event::Control {
                    space: *space,
                    seat,
                });
            }
            Effect::DeployFromGarrison(n) => {
                let max = (*n).min(self.p(seat).garrison);
                if max > 0 {
                    self.ask(Prompt::Deploy { seat, max });
                }
            }
            Effect::StealIntrigue => {
                // IM-INTRIGUE-10 / IM-INTRIGUE-11
                for k in 1..self.n() {
                    let o = self.clockwise(seat, k);
                    let len = self.p(o).intrigue.len();
                    if len >= 4 {
                        let i = self.rng.random_range(0..len);
                        let card = self.pm(o).intrigue.remove(i);
                        self.pm(seat).intrigue.push(card);
                        ev.push(Event::IntrigueStolen {
                            from: o,
                            to: seat,
                            card: Some(card),
                        });
                    }
                }
            }
            Effect::SignetRing => {
                let leader = &self.d().leaders[usize::from(self.p(seat).leader.0)];
                self.run_list(&leader.signet, ctx);
            }
            Effect::Retreat(n) => {
                let max = (*n).min(self.p(seat).conflict);
                if max > 0 {
                    self.ask(Prompt::Retreat { seat, max });
                }
            }
            Effect::DeployRecruited => {
                let max = self.turn.last_recruit.min(self.p(seat).garrison);
                if max > 0 && self.turn.seat == seat {
                    self.ask(Prompt::Deploy { seat, max });
                }
            }
            Effect::Discard(n) => {
                if !self.p(seat).hand.is_empty() {
                    self.ask(Prompt::Discard { seat, left: *n });
                }
            }
            Effect::LoseTroops { conflict, n } => self.lose_troops(seat, *conflict, *n, ev),
            Effect::AcquireCard { max_cost, top } => {
                let d = self.d();
                if self
                    .row
                    .iter()
                    .any(|c| d.card(*c).cost.unwrap_or(0) <= *max_cost)
                {
                    self.ask(Prompt::FreeAcquire {
                        ctx,
                        max_cost: *max_cost,
                        top: *top,
                    });
                }
            }
            Effect::TakeReserve(card) => {
                if let Some(k) = self.d().reserve.iter().position(|c| c == card)
                    && self.reserve[k] > 0
                {
                    self.reserve[k] -= 1;
                    self.pm(seat).discard.push(*card);
                    ev.push(Event::Acquired { seat, card: *card });
                }
            }
            Effect::HighCouncilSeat => {
                if !self.p(seat).high_council {
                    self.pm(seat).high_council = true;
                    ev.push(Event::HighCouncil { seat });
                    if self.leader_ability(seat) == Some(Bespoke::Connections) {
                        self.ask(Prompt::Influence {
                            ctx,
                            mask: 0b1111,
                            n: 1,
                            left: 1,
                        });
                    }
                }
            }
            Effect::Swordmaster => {
                let p = self.pm(seat);
                if !p.swordmaster {
                    p.swordmaster = true;
                    p.agents += 1;
                    ev.push(Event::Swordmaster { seat });
                }
            }
            Effect::Harvest(base) => {
                // IM-MAKER-05: base plus all bonus spice, which is cleared.
                let bonus = ctx.space.map_or(0, |s| {
                    std::mem::take(&mut self.bonus_spice[usize::from(s.0)])
                });
                let mut spice = base + bonus;
                if self.leader_ability(seat) == Some(Bespoke::SpiceAddict) {
                    spice = spice.saturating_sub(1);
                    self.resource(seat, Resource::Spice, i16::from(spice), ev);
                    self.draw(ctx, 1, ev);
                } else {
                    self.resource(seat, Resource::Spice, i16::from(spice), ev);
                }
            }
            Effect::SellMelange => {
                let min = self.melange_table()[0].0;
                if self.p(seat).spice >= min {
                    self.ask(Prompt::SellMelange(ctx));
                }
            }
            Effect::Other(b) => self.bespoke(*b, ctx, ev),
        }
    }

    /// The Sell Melange table in force (IM-MELANGE-01, IM-MELANGE-02, IM-MELANGE-03,
    /// IM-MELANGE-04, IM-MELANGE-05).
    pub(crate) fn melange_table(&self) -> &'static [(u8, u8)] {
        let d = self.d();
        if self.rules.sell_melange_published {
            &d.sell_melange_published
        } else {
            &d.sell_melange_default
        }
    }

    /// The passive ability of a seat's leader.
    pub(crate) fn leader_ability(&self, seat: Seat) -> Option<Bespoke> {
        // Rivals use no leader ability, only a solo Rival's Signet Ring.
        if self.is_rival(seat) {
            return None;
        }
        self.d().leaders[usize::from(self.p(seat).leader.0)].ability
    }

    fn bespoke(&mut self, b: Bespoke, ctx: Ctx, ev: &mut Vec<Event>) {
        let seat = ctx.seat;
        match b {
            Bespoke::Carryall => {
                if let Some(s) = ctx.space {
                    let base = self.d().space(s).base_spice;
                    self.resource(seat, Resource::Spice, i16::from(base), ev);
                }
            }
            Bespoke::GuildBankers => self.turn.bankers = true,
            // Handled where Agents are sent (all seven icons in data).
            Bespoke::KwisatzHaderach => {}
            Bespoke::OtherMemory => {
                let d = self.d();
                if self
                    .p(seat)
                    .discard
                    .iter()
                    .any(|c| d.card(*c).factions & (1 << Faction::BeneGesserit.index()) != 0)
                {
                    self.ask(Prompt::Retrieve(seat));
                }
            }
            Bespoke::TheVoice => self.ask(Prompt::Voice(seat)),
            Bespoke::BinduPass => self.turn.may_pass = true,
            Bespoke::DispatchEnvoy => self.turn.envoy = true,
            Bespoke::Infiltrate => self.turn.infiltrate = true,
            Bespoke::PoisonSnooper => {
                if let Some(card) = self.take_top(seat, ev) {
                    // Looked at, then put back until the decision.
                    self.pm(seat).deck.push(card);
                    ev.push(Event::LookedAtTop {
                        seat,
                        card: Some(card),
                    });
                    self.ask(Prompt::PoisonSnooper { seat, card });
                }
            }
            Bespoke::RecruitmentMission => self.turn.to_top = true,
            Bespoke::Refocus => {
                // Deck and discard pile are shuffled together.
                let p = self.pm(seat);
                let mut deck = std::mem::take(&mut p.deck);
                p.discard.append(&mut deck);
                self.reshuffle(seat, ev);
            }
            Bespoke::UrgentMission => {
                if self.occupant.contains(&Some(seat)) {
                    self.ask(Prompt::Recall(seat));
                }
            }
            Bespoke::Manipulate => {
                if !self.row.is_empty() && self.p(seat).set_aside.is_none() {
                    self.ask(Prompt::Manipulate(seat));
                }
            }
            // Passive leader abilities are applied where they act.
            Bespoke::Prescience
            | Bespoke::LandsraadPopularity
            | Bespoke::Masterstroke
            | Bespoke::RuthlessNegotiator
            | Bespoke::EyesEverywhere
            | Bespoke::SpiceAddict
            | Bespoke::Connections => {}
        }
    }

    /// Whether a card is in a seat's discard pile and of the Bene Gesserit.
    pub(crate) fn retrievable(&self, seat: Seat, card: CardId) -> bool {
        self.p(seat).discard.contains(&card)
            && self.d().card(card).factions & (1 << Faction::BeneGesserit.index()) != 0
    }
}
