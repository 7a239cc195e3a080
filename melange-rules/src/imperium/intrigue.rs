//! Intrigue cards (IM-INTRIGUE): when each kind may be played (the
//! `Window`), whether a held card is playable now, playing it, the
//! decisions that offer Intrigue cards (after an Agent is sent, in Combat,
//! after winning the Conflict, at the end of the game) and why a card is
//! refused.
use crate::core::{RuleError, Seat};

use super::action::Action;
use super::data::IntrigueKind;
use super::deck::push_distinct;
use super::effect::{Bespoke, Effect};
use super::event::Event;
use super::ids::IntrigueId;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Task};

/// When an Intrigue may be played.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Window {
    /// A Plot on the owner's turn: `reveal` on the Reveal turn, `placed`
    /// on an Agent turn after the Agent was sent.
    Plot { reveal: bool, placed: bool },
    /// The Combat Intrigue round.
    Combat,
    /// After winning the Conflict (IM-INTRIGUE-12).
    AfterWin,
    /// At the end of the game.
    Endgame,
}

impl Imperium {
    /// Whether `seat` may play `card` in window `w`: the card's kind fits
    /// the window, and its costs and conditions hold (a card that would
    /// do nothing is not offered).
    pub(crate) fn intrigue_playable(&self, seat: Seat, card: IntrigueId, w: Window) -> bool {
        let i = &self.d().intrigues[usize::from(card.0)];
        let ctx = Ctx {
            reveal: matches!(w, Window::Plot { reveal: true, .. }),
            ..Ctx::seat(seat)
        };
        let kind_ok = match w {
            // IM-INTRIGUE-02 / IM-INTRIGUE-03 / IM-INTRIGUE-04: Plots only on
            // their owner's turns (the Turn, AgentPlot and Acquire
            // decisions); a start-of-turn card (Bindu Suspension) only
            // before the Agent is sent.
            Window::Plot { reveal, placed } => {
                i.kind == IntrigueKind::Plot && !((reveal || placed) && i.start_of_turn)
            }
            // IM-INTRIGUE-05 / IM-INTRIGUE-06
            Window::Combat => i.kind == IntrigueKind::Combat && !i.after_win,
            Window::AfterWin => i.kind == IntrigueKind::Combat && i.after_win,
            Window::Endgame => return self.endgame_card(card),
        };
        if !kind_ok {
            return false;
        }
        // The card's mandatory costs and preconditions must hold.
        if !self.list_payable(ctx, &i.effect) {
            return false;
        }
        // A card made only of conditions that do not hold does nothing.
        let only_ifs = i
            .effect
            .iter()
            .all(|e| matches!(e, Effect::If { els, .. } if els.is_empty()));
        for e in &i.effect {
            match e {
                Effect::If { cond, then, els } if els.is_empty() => {
                    let holds = self.cond(ctx, *cond);
                    if (holds && !self.list_payable(ctx, then)) || (!holds && only_ifs) {
                        return false;
                    }
                }
                Effect::Mentat if self.mentat.is_some() => return false,
                Effect::LoseTroops { conflict: true, n } if self.p(seat).conflict < *n => {
                    return false;
                }
                Effect::ChosenOpponent(_)
                    if !self.seats().any(|o| o != seat && self.p(o).conflict > 0) =>
                {
                    return false;
                }
                Effect::Other(Bespoke::UrgentMission) if !self.occupant.contains(&Some(seat)) => {
                    return false;
                }
                // They change where this turn's Agent may go: before it
                // is sent only.
                Effect::Other(
                    Bespoke::DispatchEnvoy | Bespoke::Infiltrate | Bespoke::BinduPass,
                ) if ctx.reveal || matches!(w, Window::Plot { placed: true, .. }) => {
                    return false;
                }
                Effect::DeployFromGarrison(_) if self.p(seat).garrison == 0 => return false,
                _ => {}
            }
        }
        true
    }

    pub(crate) fn push_intrigues(&self, seat: Seat, w: Window, out: &mut Vec<Action>) {
        for &c in &self.p(seat).intrigue {
            if self.intrigue_playable(seat, c, w) {
                push_distinct(out, Action::Intrigue(c));
            }
        }
    }

    /// A decision that offers the Intrigue cards of window `w`, or a pass.
    pub(crate) fn intrigue_window_legal(&self, seat: Seat, w: Window, out: &mut Vec<Action>) {
        self.push_intrigues(seat, w, out);
        out.push(Action::Pass);
    }

    /// Plays `card`: spent, announced, its effects (the endgame ones at
    /// the end of the game when it has them) run next.
    fn play_intrigue(
        &mut self,
        seat: Seat,
        card: IntrigueId,
        reveal: bool,
        endgame: bool,
        ev: &mut Vec<Event>,
    ) {
        self.spend_intrigue(seat, card);
        ev.push(Event::IntriguePlayed { seat, card });
        let i = &self.d().intrigues[usize::from(card.0)];
        let list = if endgame && !i.endgame_effect.is_empty() {
            &i.endgame_effect
        } else {
            &i.effect
        };
        self.stack.push(Task::Run {
            list,
            pos: 0,
            ctx: Ctx {
                reveal,
                ..Ctx::seat(seat)
            },
        });
    }

    /// An Intrigue card played at a decision that offers them: the card's
    /// effects, then the same decision again (the Agent turn, the Plot
    /// step, the acquire step, the Combat round, after the win, the end).
    pub(crate) fn intrigue_chosen(&mut self, pending: Prompt, c: IntrigueId, ev: &mut Vec<Event>) {
        match pending {
            Prompt::Turn(seat) => {
                self.stack.push(Task::ResumeTurn);
                self.play_intrigue(seat, c, false, false, ev);
            }
            Prompt::AgentPlot(seat) => {
                self.stack.push(Task::AgentPlot);
                self.play_intrigue(seat, c, false, false, ev);
            }
            Prompt::Acquire(seat) => {
                self.stack.push(Task::AcquireLoop);
                self.play_intrigue(seat, c, true, false, ev);
            }
            Prompt::CombatIntrigue(seat) => {
                // IM-COMBAT-09: a play restarts the run of passes.
                self.combat_passes = 0;
                self.stack.push(Task::CombatAsk);
                self.play_intrigue(seat, c, false, false, ev);
            }
            Prompt::AfterWin(seat) => {
                self.stack.push(Task::AfterWin(seat));
                self.play_intrigue(seat, c, false, false, ev);
            }
            Prompt::Endgame(seat) => {
                self.stack.push(Task::Ask(Prompt::Endgame(seat)));
                self.play_intrigue(seat, c, false, true, ev);
            }
            p => unreachable!(
                "legal action {:?} not handled for {p:?}",
                Action::Intrigue(c)
            ),
        }
    }

    /// A pass in the Combat Intrigue round.
    pub(crate) fn combat_intrigue_pass(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        ev.push(Event::Passed { seat });
        self.combat_pass();
    }

    /// Why an Intrigue card cannot be played at this decision. The kind
    /// names the timing rule broken: IM-INTRIGUE-06 a Combat card outside
    /// Combat, IM-INTRIGUE-07 an Endgame card before the end,
    /// IM-INTRIGUE-04 a Plot outside its owner's turns.
    pub(crate) fn intrigue_refusal(
        &self,
        pending: &Prompt,
        seat: Seat,
        c: IntrigueId,
    ) -> RuleError {
        let name = self.intrigue_name(c);
        let Some(i) = self.d().intrigues.get(usize::from(c.0)) else {
            return RuleError::Malformed("unknown Intrigue card".into());
        };
        let kind_rule = match i.kind {
            IntrigueKind::Combat => "IM-INTRIGUE-06",
            IntrigueKind::Endgame => "IM-INTRIGUE-07",
            _ => "IM-INTRIGUE-04",
        };
        if !self.p(seat).intrigue.contains(&c) {
            return RuleError::illegal(kind_rule, format!("you hold no {name}"));
        }
        let window = match pending {
            Prompt::Turn(_) => Window::Plot {
                reveal: false,
                placed: false,
            },
            Prompt::AgentPlot(_) => Window::Plot {
                reveal: false,
                placed: true,
            },
            Prompt::Acquire(_) => Window::Plot {
                reveal: true,
                placed: false,
            },
            Prompt::CombatIntrigue(_) => Window::Combat,
            Prompt::AfterWin(_) => Window::AfterWin,
            _ => Window::Endgame,
        };
        let (rule, why) = match (window, i.kind) {
            (Window::Plot { .. }, IntrigueKind::Combat) => (
                "IM-INTRIGUE-06",
                "Combat Intrigue cards are played only in the Combat phase".to_string(),
            ),
            (Window::Plot { .. } | Window::Combat | Window::AfterWin, IntrigueKind::Endgame) => (
                "IM-INTRIGUE-07",
                "Endgame Intrigue cards are played only at the end of the game".to_string(),
            ),
            (Window::Combat | Window::AfterWin | Window::Endgame, IntrigueKind::Plot) => (
                "IM-INTRIGUE-04",
                "Plot Intrigue cards are played only on your own Agent and Reveal turns"
                    .to_string(),
            ),
            (Window::Plot { placed: true, .. }, IntrigueKind::Plot)
                if !self.intrigue_playable(seat, c, window)
                    && self.intrigue_playable(
                        seat,
                        c,
                        Window::Plot {
                            reveal: false,
                            placed: false,
                        },
                    ) =>
            {
                (
                    kind_rule,
                    "it is played only before your Agent is sent".to_string(),
                )
            }
            (Window::Plot { reveal: true, .. }, IntrigueKind::Plot) if i.start_of_turn => (
                kind_rule,
                "it is played only at the start of an Agent turn".to_string(),
            ),
            (Window::Combat, IntrigueKind::Combat) if i.after_win => (
                "IM-INTRIGUE-12",
                "it is played only once you have won the Conflict".to_string(),
            ),
            (Window::AfterWin, IntrigueKind::Combat) if !i.after_win => (
                "IM-INTRIGUE-12",
                "only cards for winning the Conflict are played now".to_string(),
            ),
            (Window::Endgame, _) => (
                "IM-INTRIGUE-07",
                "only Endgame Intrigue cards are played at the end of the game".to_string(),
            ),
            _ => (
                match window {
                    Window::Combat => "IM-COMBAT-06",
                    Window::AfterWin => "IM-INTRIGUE-12",
                    _ => kind_rule,
                },
                "its cost or condition is not met, or it would do nothing now".to_string(),
            ),
        };
        RuleError::illegal(rule, format!("{name} cannot be played now: {why}"))
    }

    /// The Plot step after an Agent is sent.
    pub(crate) fn ask_agent_plot(&mut self) {
        // IM-INTRIGUE-02 (docs/rules-decisions.md, A21): Plots at any
        // point of the Agent turn. Asked whenever the seat holds
        // an Intrigue card, a public count, never only when one
        // is playable: whether a prompt appears must not tell
        // anyone which cards the seat holds.
        let seat = self.turn.seat;
        if !self.p(seat).intrigue.is_empty() {
            self.prompt = Some(Prompt::AgentPlot(seat));
        }
    }

    /// IM-INTRIGUE-12: the winner of the Conflict is asked while it holds
    /// an Intrigue card.
    pub(crate) fn ask_after_win(&mut self, seat: Seat) {
        if !self.p(seat).intrigue.is_empty() {
            self.prompt = Some(Prompt::AfterWin(seat));
        }
    }

    /// Whether an Intrigue card has an endgame use.
    pub(crate) fn endgame_card(&self, card: IntrigueId) -> bool {
        let i = &self.d().intrigues[usize::from(card.0)];
        i.kind == IntrigueKind::Endgame || !i.endgame_effect.is_empty()
    }
}
