//! The legal actions of the decision the game waits on: one arm per kind
//! of [`Pending`], each handing over to the file of its decision (the
//! Agent turn in `agent.rs`, the part order in `agent_order.rs`, the
//! Reveal turn in `reveal.rs`, Intrigue cards in `intrigue.rs`, the small
//! decisions of effects in `choices.rs`). Applying a chosen action is in
//! `flow.rs`, refusing an illegal one in `refusal.rs`.
use super::action::Action;
use super::agent_order::agent_order_legal;
use super::choices::influence_legal;
use super::intrigue::Window;
use super::prompt::Pending;
use super::state::Imperium;

impl Imperium {
    /// All legal actions of the pending decision.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        let Some(pending) = &self.pending else {
            return;
        };
        match pending {
            Pending::Turn(seat) => self.turn_legal(*seat, out),
            Pending::AgentOrder { left, .. } => agent_order_legal(*left, out),
            Pending::DefensiveBonus(_) | Pending::Optional { .. } | Pending::Masterstroke(_) => {
                out.push(Action::Accept);
                out.push(Action::Pass);
            }
            Pending::Deploy { max, .. } | Pending::Retreat { max, .. } => {
                for n in 0..=*max {
                    out.push(Action::Troops(n));
                }
            }
            Pending::Choice {
                ctx,
                options,
                taken,
                ..
            } => self.choice_legal(*ctx, options, *taken, out),
            Pending::Influence { mask, .. } => influence_legal(*mask, out),
            Pending::LoseInfluence { ctx, n } => self.lose_influence_legal(ctx.seat, *n, out),
            Pending::SecretFaction(seat) => self.secret_faction_legal(*seat, out),
            Pending::Trash(ctx) => self.trash_legal(ctx.seat, out),
            Pending::Discard { seat, .. } => self.discard_legal(*seat, out),
            Pending::Opponent { ctx, .. } => self.opponent_legal(ctx.seat, out),
            Pending::Acquire(seat) => self.acquire_legal(*seat, out),
            Pending::FreeAcquire { max_cost, top, .. } => {
                self.free_acquire_legal(*max_cost, *top, out)
            }
            Pending::SellMelange(ctx) => self.sell_melange_legal(ctx.seat, out),
            Pending::AgentPlot(seat) => self.intrigue_window_legal(
                *seat,
                Window::Plot {
                    reveal: false,
                    placed: true,
                },
                out,
            ),
            Pending::CombatIntrigue(seat) => self.intrigue_window_legal(*seat, Window::Combat, out),
            Pending::AfterWin(seat) => self.intrigue_window_legal(*seat, Window::AfterWin, out),
            Pending::Endgame(seat) => self.intrigue_window_legal(*seat, Window::Endgame, out),
            Pending::PoisonSnooper { .. } => {
                out.push(Action::Choose(0));
                out.push(Action::Choose(1));
            }
            Pending::Retrieve(seat) => self.retrieve_legal(*seat, out),
            Pending::Voice(_) => self.voice_legal(out),
            Pending::Recall(seat) => self.recall_legal(*seat, out),
            Pending::Manipulate(_) => self.manipulate_legal(out),
            Pending::KwisatzFrom { seat, from_leader } => {
                self.kwisatz_legal(*seat, *from_leader, out)
            }
            Pending::AllianceHandover { candidates, .. } => {
                self.alliance_handover_legal(*candidates, out)
            }
        }
    }
}
