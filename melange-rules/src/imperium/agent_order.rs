//! IM-AGENT-09: the parts of an Agent turn (the space's effects with the
//! controller's bonus, the card's Agent box, the Faction Influence) resolve
//! in the order the player chooses. The player is asked only when the
//! order can change the outcome, decided from what each part reads and
//! changes (`footprint`); otherwise the fixed order is used unasked.
use crate::core::Seat;

use super::action::Action;
use super::effect::{Bespoke, Effect};
use super::event::Event;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, PART_AGENT_BOX, PART_INFLUENCE, PART_SPACE, Task};

/// IM-AGENT-09: the fixed order used when the order cannot matter (and
/// the order the parts are offered in): Faction Influence, the space's
/// effects (with the controller's bonus), the card's Agent box.
const PART_ORDER: [u8; 3] = [PART_INFLUENCE, PART_SPACE, PART_AGENT_BOX];

/// What an effect step can read or change, for IM-AGENT-09's "does the
/// order matter" test (`Imperium::footprint`): resources (Solari, spice,
/// water).
const RES: u8 = 1;
/// Influence and Alliances.
const INFL: u8 = 2;
/// Cards: hand, deck, discard pile, in play, the Imperium Row.
const CARDS: u8 = 4;
/// Troops: supply, garrison, Conflict, troops recruited this turn.
const TROOPS: u8 = 8;
/// High Council seat, Swordmaster, Mentat.
const COUNCIL: u8 = 16;
/// Anything (bespoke code not classified).
const ALL: u8 = 0xff;

/// The parts left to choose from, in the fixed order.
pub(crate) fn agent_order_legal(left: u8, out: &mut Vec<Action>) {
    for k in PART_ORDER {
        if left & (1 << k) != 0 {
            out.push(Action::Choose(k));
        }
    }
}

impl Imperium {
    /// What a list reads (`.0`) and changes (`.1`) for the acting seat,
    /// as masks of `RES`, `INFL`, `CARDS`, `TROOPS`, `COUNCIL`.
    fn footprint(&self, seat: Seat, list: &[Effect]) -> (u8, u8) {
        use super::effect::Cond as C;
        let mut r = 0u8;
        let mut w = 0u8;
        for e in list {
            let (er, ew) = match e {
                Effect::Gain(a) => {
                    let mut w = 0;
                    if a.solari + a.spice + a.water > 0 {
                        w |= RES;
                    }
                    if a.troops > 0 {
                        w |= TROOPS;
                    }
                    if a.draw > 0 {
                        w |= CARDS;
                    }
                    (0, w)
                }
                // The 4-Influence bonus pays resources or troops.
                Effect::Influence(_) => (0, INFL | RES | TROOPS),
                Effect::Pay(_) | Effect::SellMelange => (RES, RES),
                Effect::LoseInfluence(_) => (INFL, INFL | RES | TROOPS),
                Effect::Trash
                | Effect::Discard(_)
                | Effect::AcquireCard { .. }
                | Effect::Other(
                    Bespoke::OtherMemory
                    | Bespoke::Manipulate
                    | Bespoke::PoisonSnooper
                    | Bespoke::Refocus,
                ) => (CARDS, CARDS),
                // Only a chosen trash can remove this card first, and that
                // step reads cards itself.
                Effect::TakeReserve(_) | Effect::TrashThis => (0, CARDS),
                Effect::Choice { options, .. } => options.iter().fold((0, 0), |(r, w), o| {
                    let (a, b) = self.footprint(seat, o);
                    (r | a, w | b)
                }),
                Effect::Optional(l) => self.footprint(seat, l),
                Effect::ForEachFremen(l) => {
                    let (a, b) = self.footprint(seat, l);
                    (a | CARDS, b)
                }
                Effect::If { cond, then, els } => {
                    let c = match cond {
                        C::FremenBond
                        | C::FactionCardInPlay(_)
                        | C::InPlay(_)
                        | C::CardsOwnedAtLeast(..)
                        | C::CardsOwnedMost(_) => CARDS,
                        C::Alliance(_)
                        | C::AnyAlliance
                        | C::InfluenceAtLeast(..)
                        | C::TracksAtLeast { .. } => INFL,
                        C::HighCouncilSeat => COUNCIL,
                        C::MakerSpaceThisTurn | C::RevealTurn => 0,
                    };
                    let (a, b) = self.footprint(seat, then);
                    let (x, y) = self.footprint(seat, els);
                    (c | a | x, b | y)
                }
                // Opponents' pieces: no other part of this turn reads them.
                Effect::EachOpponent(_)
                | Effect::ChosenOpponent(_)
                | Effect::StealIntrigue
                | Effect::Control(_)
                | Effect::Other(Bespoke::TheVoice | Bespoke::KwisatzHaderach) => (0, 0),
                Effect::Mentat | Effect::Swordmaster => (0, COUNCIL),
                // Memnon's Connections adds Influence.
                Effect::HighCouncilSeat => (0, COUNCIL | INFL | RES | TROOPS),
                // Ariana's Spice Addict draws.
                Effect::Harvest(_) | Effect::Other(Bespoke::Carryall) => (0, RES | CARDS),
                Effect::DeployFromGarrison(_)
                | Effect::Retreat(_)
                | Effect::DeployRecruited
                | Effect::LoseTroops { .. } => (TROOPS, TROOPS),
                Effect::SignetRing => {
                    let leader = &self.d().leaders[usize::from(self.p(seat).leader.0)];
                    self.footprint(seat, &leader.signet)
                }
                Effect::Other(_) => (ALL, ALL),
            };
            r |= er;
            w |= ew;
        }
        (r, w)
    }

    /// What IM-AGENT-09 part `k` reads and changes.
    fn part_footprint(&self, ctx: Ctx, k: u8) -> (u8, u8) {
        let d = self.d();
        match (k, ctx.space, ctx.card) {
            (PART_SPACE, Some(s), _) => {
                let sp = d.space(s);
                let (r, w) = self.footprint(ctx.seat, &sp.effects);
                // The controller's bonus matters only when it is this seat's.
                if self.control[usize::from(s.0)] == Some(ctx.seat) {
                    let (a, b) = self.footprint(ctx.seat, &sp.control_bonus);
                    (r | a, w | b)
                } else {
                    (r, w)
                }
            }
            (PART_AGENT_BOX, _, Some(c)) => self.footprint(ctx.seat, &d.card(c).agent),
            (PART_INFLUENCE, ..) => (0, INFL | RES | TROOPS),
            _ => (0, 0),
        }
    }

    /// IM-AGENT-09: whether the order of the parts left can change the
    /// outcome: some part reads what another changes (e.g. Fremen Camp's
    /// Agent box paying the spice a Maker space gives). Otherwise every
    /// order gives the same result, and the fixed order is used unasked.
    fn order_matters(&self, ctx: Ctx, left: u8) -> bool {
        if left.count_ones() < 2 {
            return false;
        }
        let parts: Vec<(u8, u8)> = PART_ORDER
            .iter()
            .filter(|&&k| left & (1 << k) != 0)
            .map(|&k| self.part_footprint(ctx, k))
            .collect();
        parts.iter().enumerate().any(|(i, (r, _))| {
            parts
                .iter()
                .enumerate()
                .any(|(j, (_, w))| i != j && r & w != 0)
        })
    }

    /// Resolves the parts of an Agent turn left (IM-AGENT-09): asks which
    /// goes next when the order can matter, else takes the fixed order.
    pub(crate) fn agent_parts(&mut self, ctx: Ctx, left: u8, ev: &mut Vec<Event>) {
        if left == 0 {
            return;
        }
        if self.order_matters(ctx, left) {
            self.prompt = Some(Prompt::AgentOrder { ctx, left });
            return;
        }
        let k = PART_ORDER
            .into_iter()
            .find(|k| left & (1 << k) != 0)
            .expect("a part is left");
        self.agent_part(ctx, k, left, ev);
    }

    /// Resolves part `k` now, the others after it.
    pub(crate) fn agent_part(&mut self, ctx: Ctx, k: u8, left: u8, ev: &mut Vec<Event>) {
        let rest = left & !(1 << k);
        if rest != 0 {
            self.stack.push(Task::AgentParts { ctx, left: rest });
        }
        let d = self.d();
        let Some(space) = ctx.space else { return };
        let sp = d.space(space);
        match k {
            PART_SPACE => {
                // IM-CONTROL-07: the controller's bonus on any visit, after
                // the space's own effects.
                if let Some(owner) = self.control[usize::from(space.0)] {
                    self.stack.push(Task::Run {
                        list: &sp.control_bonus,
                        pos: 0,
                        ctx: Ctx::seat(owner),
                    });
                }
                if !sp.effects.is_empty() {
                    self.stack.push(Task::Run {
                        list: &sp.effects,
                        pos: 0,
                        ctx,
                    });
                }
            }
            PART_AGENT_BOX => {
                if let Some(card) = ctx.card {
                    self.stack.push(Task::Run {
                        list: &d.card(card).agent,
                        pos: 0,
                        ctx,
                    });
                }
            }
            _ => {
                // IM-FACTION-03 / IM-SPACE-12 / IM-SPACE-13
                if let Some(f) = sp.faction {
                    self.change_influence(ctx.seat, f, d.setup.space_influence as i8, ev);
                }
            }
        }
    }
}
