//! Applying a chosen action and the automatic progression: `apply_action`
//! checks and applies one action (`decide` hands it to its decision's
//! file), then `run` pops the stack of work (`Task`) until the game waits
//! on a decision again (`step` hands each task to its file). Setup is in
//! `setup.rs`; the round, Combat and the decisions have files of their own.
use crate::core::{RuleError, Seat};

use super::action::Action;
use super::event::Event;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Task};

impl Imperium {
    /// Validates, then applies (the state is untouched on error).
    pub(crate) fn apply_action(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Action::Resign(why) = *action {
            // MC-RESIGN-01: from any seat, whoever is to act.
            return self.resign(seat, why, ev);
        }
        let Some(pending) = &self.prompt else {
            return Err(RuleError::GameOver);
        };
        let waiting = pending.seat();
        if seat != waiting {
            return Err(RuleError::NotYourTurn {
                seat,
                waiting_on: waiting,
            });
        }
        if !self.is_legal(action) {
            return Err(self.refusal(action));
        }
        self.apply_legal(*action, ev);
        Ok(())
    }

    /// Plays an action known to be legal for the pending decision: checked
    /// by [`Imperium::apply_action`], or taken from this decision's legal
    /// list (`Ruleset::apply_listed`).
    pub(crate) fn apply_legal(&mut self, action: Action, ev: &mut Vec<Event>) {
        let pending = self.prompt.take().expect("pending");
        self.decide(pending, action, ev);
        self.run(ev);
    }

    /// Applies a legal action to the decision it answers: one arm per
    /// decision and action, handing over to the decision's file.
    pub(crate) fn decide(&mut self, pending: Prompt, action: Action, ev: &mut Vec<Event>) {
        match (pending, action) {
            (p, Action::Intrigue(c)) => self.intrigue_chosen(p, c, ev),
            (Prompt::Turn(seat), Action::SendAgent { card, space }) => {
                self.send_agent(seat, card, space, ev)
            }
            (Prompt::Turn(seat), Action::Reveal) => self.reveal(seat, ev),
            (Prompt::Turn(seat), Action::Pass) => self.pass_turn(seat, ev),
            (Prompt::Deploy { seat, .. }, Action::Troops(n)) => self.deploy(seat, n, ev),
            (Prompt::Retreat { seat, .. }, Action::Troops(n)) => self.retreat(seat, n, ev),
            (
                Prompt::Choice {
                    ctx,
                    options,
                    left,
                    taken,
                },
                Action::Choose(i),
            ) => self.choose_option(ctx, options, left, taken, i),
            (Prompt::Optional { ctx, steps }, Action::Accept) => self.stack.push(Task::Run {
                list: steps,
                pos: 0,
                ctx,
            }),
            (Prompt::Masterstroke(seat), Action::Accept) => self.masterstroke(seat, ev),
            (Prompt::Influence { ctx, mask, n, left }, Action::Faction(f)) => {
                self.choose_influence(ctx, mask, n, left, f, ev)
            }
            (Prompt::LoseInfluence { ctx, n }, Action::Faction(f)) => {
                self.change_influence(ctx.seat, f, -(n as i8), ev)
            }
            (Prompt::SecretFaction(seat), Action::Faction(f)) => {
                self.choose_secret_faction(seat, f)
            }
            (Prompt::Trash(ctx), Action::Trash(card, zone)) => {
                self.trash_card(ctx.seat, card, zone, ev);
            }
            (Prompt::Discard { seat, left }, Action::Discard(card)) => {
                self.discard(seat, left, card, ev)
            }
            (Prompt::Opponent { steps, .. }, Action::Opponent(o)) => self.stack.push(Task::Run {
                list: steps,
                pos: 0,
                ctx: Ctx::seat(o),
            }),
            (Prompt::Acquire(seat), Action::Acquire { card, top }) => {
                self.acquire(seat, card, top, ev)
            }
            (Prompt::Acquire(seat), Action::Card(card)) => self.reveal_box(seat, card),
            (Prompt::Acquire(_), Action::Pass) => self.finish_acquiring(),
            (Prompt::AgentOrder { ctx, left }, Action::Choose(k)) => {
                self.agent_part(ctx, k, left, ev)
            }
            (Prompt::DefensiveBonus(seat), Action::Accept) => self.defensive_troop(seat, ev),
            (Prompt::FreeAcquire { ctx, .. }, Action::Acquire { card, top }) => {
                self.gain_card(ctx, card, top, ev)
            }
            (Prompt::SellMelange(ctx), Action::Choose(i)) => self.sell_melange(ctx.seat, i, ev),
            (Prompt::CombatIntrigue(seat), Action::Pass) => self.combat_intrigue_pass(seat, ev),
            (Prompt::PoisonSnooper { seat, card }, Action::Choose(i)) => {
                self.poison_snooper(seat, card, i, ev)
            }
            (Prompt::Retrieve(seat), Action::Card(card)) => self.retrieve(seat, card, ev),
            (Prompt::Voice(seat), Action::Space(s)) => self.voice(seat, s, ev),
            (Prompt::Recall(seat), Action::Space(s)) => self.recall(seat, s, ev),
            (Prompt::Manipulate(seat), Action::Card(card)) => self.manipulate(seat, card, ev),
            (Prompt::KwisatzFrom { seat, .. }, Action::Space(s)) => self.kwisatz_from(seat, s, ev),
            (Prompt::AllianceHandover { faction, .. }, Action::Opponent(o)) => {
                // docs/rules-decisions.md, A10a: the holder's pick among the tied.
                self.move_alliance(faction, Some(o), ev);
            }
            // Declines: nothing happens.
            (_, Action::Pass) => {}
            (p, a) => unreachable!("legal action {a:?} not handled for {p:?}"),
        }
    }

    /// Runs tasks until a decision is needed or the game is over.
    /// A decision awaited from a rival is made here, by the engine, so
    /// that only human seats are ever waited on (`hagal.rs`).
    pub(crate) fn run(&mut self, ev: &mut Vec<Event>) {
        loop {
            if let Some(p) = &self.prompt {
                if self.is_rival(p.seat()) {
                    self.rival_decide(ev);
                    continue;
                }
                return;
            }
            let Some(task) = self.stack.pop() else {
                return;
            };
            self.step(task, ev);
        }
    }

    /// Runs one task of the stack: one arm per kind of [`Task`], handing
    /// over to the file of its step.
    fn step(&mut self, task: Task, ev: &mut Vec<Event>) {
        match task {
            Task::Run { list, pos, ctx } => {
                let i = usize::from(pos);
                if i < list.len() {
                    if i + 1 < list.len() {
                        self.stack.push(Task::Run {
                            list,
                            pos: pos + 1,
                            ctx,
                        });
                    }
                    self.exec(&list[i], ctx, ev);
                }
            }
            Task::ChoiceRest {
                ctx,
                options,
                left,
                taken,
            } => self.choice_rest(ctx, options, left, taken),
            Task::ResumeTurn => self.prompt = Some(Prompt::Turn(self.turn.seat)),
            Task::AgentDeploy => self.agent_deploy(),
            Task::AgentPlot => self.ask_agent_plot(),
            Task::EndAgentTurn => self.end_agent_turn(),
            Task::AcquireLoop => self.prompt = Some(Prompt::Acquire(self.turn.seat)),
            Task::EndReveal => self.end_reveal(ev),
            Task::NextTurn => self.next_turn(ev),
            Task::CombatAsk => self.combat_ask(),
            Task::Rewards => self.rewards(ev),
            Task::AfterWin(seat) => self.ask_after_win(seat),
            Task::EndCombat => self.end_combat(ev),
            Task::RoundStart => self.round_start(ev),
            Task::FirstTurn => self.first_turn(ev),
            Task::AgentParts { ctx, left } => self.agent_parts(ctx, left, ev),
            Task::EndgameAsk(k) => self.endgame_ask(k),
            Task::Finish => self.finish(ev),
            Task::BaronSecret(seat) => self.prompt = Some(Prompt::SecretFaction(seat)),
            Task::Ask(p) => self.prompt = Some(p),
        }
    }
}
