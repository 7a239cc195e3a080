//! The legal actions of the decision the game waits on: one arm per kind
//! of [`Prompt`], each handing over to the file of its decision (the
//! Agent turn in `agent.rs`, the part order in `agent_order.rs`, the
//! Reveal turn in `reveal.rs`, Intrigue cards in `intrigue.rs`, the small
//! decisions of effects in `choices.rs`). Applying a chosen action is in
//! `flow.rs`, refusing an illegal one in `refusal.rs`.
use super::action::Action;
use super::agent_order::agent_order_legal;
use super::choices::influence_legal;
use super::intrigue::Window;
use super::prompt::Prompt;
use super::state::Imperium;

impl Imperium {
    /// Whether the action answers the pending decision. An Agent move of
    /// the turn is checked alone by `check_send`, the rule that makes the
    /// list: building the whole list would weigh every card of the hand
    /// against every space to find one. Any other answer is looked up in
    /// the list.
    pub(crate) fn is_legal(&self, action: &Action) -> bool {
        match (&self.prompt, action) {
            (None, _) => false,
            (Some(Prompt::Turn(seat)), Action::SendAgent { card, space }) => {
                self.check_send(*seat, *card, *space).is_ok()
            }
            (Some(_), _) => {
                let mut legal = Vec::new();
                self.legal(&mut legal);
                legal.contains(action)
            }
        }
    }

    /// All legal actions of the pending decision.
    pub(crate) fn legal(&self, out: &mut Vec<Action>) {
        let Some(pending) = &self.prompt else {
            return;
        };
        match pending {
            Prompt::Turn(seat) => self.turn_legal(*seat, out),
            Prompt::AgentOrder { left, .. } => agent_order_legal(*left, out),
            Prompt::DefensiveBonus(_) | Prompt::Optional { .. } | Prompt::Masterstroke(_) => {
                out.push(Action::Accept);
                out.push(Action::Pass);
            }
            Prompt::Deploy { max, .. } | Prompt::Retreat { max, .. } => {
                for n in 0..=*max {
                    out.push(Action::Troops(n));
                }
            }
            Prompt::Choice {
                ctx,
                options,
                taken,
                ..
            } => self.choice_legal(*ctx, options, *taken, out),
            Prompt::Influence { mask, .. } => influence_legal(*mask, out),
            Prompt::LoseInfluence { ctx, n } => self.lose_influence_legal(ctx.seat, *n, out),
            Prompt::SecretFaction(seat) => self.secret_faction_legal(*seat, out),
            Prompt::Trash(ctx) => self.trash_legal(ctx.seat, out),
            Prompt::Discard { seat, .. } => self.discard_legal(*seat, out),
            Prompt::Opponent { ctx, .. } => self.opponent_legal(ctx.seat, out),
            Prompt::Acquire(seat) => self.acquire_legal(*seat, out),
            Prompt::FreeAcquire { max_cost, top, .. } => {
                self.free_acquire_legal(*max_cost, *top, out)
            }
            Prompt::SellMelange(ctx) => self.sell_melange_legal(ctx.seat, out),
            Prompt::AgentPlot(seat) => self.intrigue_window_legal(
                *seat,
                Window::Plot {
                    reveal: false,
                    placed: true,
                },
                out,
            ),
            Prompt::CombatIntrigue(seat) => self.intrigue_window_legal(*seat, Window::Combat, out),
            Prompt::AfterWin(seat) => self.intrigue_window_legal(*seat, Window::AfterWin, out),
            Prompt::Endgame(seat) => self.intrigue_window_legal(*seat, Window::Endgame, out),
            Prompt::PoisonSnooper { .. } => {
                out.push(Action::Choose(0));
                out.push(Action::Choose(1));
            }
            Prompt::Retrieve(seat) => self.retrieve_legal(*seat, out),
            Prompt::Voice(_) => self.voice_legal(out),
            Prompt::Recall(seat) => self.recall_legal(*seat, out),
            Prompt::Manipulate(_) => self.manipulate_legal(out),
            Prompt::KwisatzFrom { seat, from_leader } => {
                self.kwisatz_legal(*seat, *from_leader, out)
            }
            Prompt::AllianceHandover { candidates, .. } => {
                self.alliance_handover_legal(*candidates, out)
            }
        }
    }
}
