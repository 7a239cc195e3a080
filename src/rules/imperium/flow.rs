//! Setup and the round: Round Start, turns, Combat, Makers, Recall and the
//! endgame, driven by the task stack.
use rand::Rng;
use rand::seq::SliceRandom;

use crate::rules::core::{RngStream, RuleError, Seat};

use super::action::Action;
use super::data::{CardGroup, IntrigueKind};
use super::effect::Bespoke;
use super::event::{Event, Resource};
use super::ids::{CardId, ConflictId, IntrigueId, LeaderId};
use super::options::ImperiumOptions;
use super::state::{Ctx, Imperium, Pending, Phase, Player, SPACES, Task, Turn};

impl Imperium {
    /// Sets up a game (IM-START, setup facts from `board.json`).
    pub(crate) fn new_game(
        options: &ImperiumOptions,
        seed: u64,
        ev: &mut Vec<Event>,
    ) -> Result<Imperium, RuleError> {
        let mut g = Imperium::build(options, seed, ev)?;
        g.run(ev);
        Ok(g)
    }

    /// The set-up game, before its first task runs (no round started).
    pub(crate) fn build(
        options: &ImperiumOptions,
        seed: u64,
        ev: &mut Vec<Event>,
    ) -> Result<Imperium, RuleError> {
        let (rules, chosen) = options.resolve()?;
        let rival_setup = options.resolve_rivals()?;
        let d = super::data::data();
        let n = options.player_count;
        let mut rng = RngStream::Game.rng(seed);

        // Leaders: chosen ones, the rest dealt from the seed.
        let mut pool: Vec<LeaderId> = (0..d.leaders.len() as u8)
            .map(LeaderId)
            .filter(|l| !chosen.contains(&Some(*l)))
            .collect();
        pool.shuffle(&mut rng);
        let leaders: Vec<LeaderId> = (0..usize::from(n))
            .map(|i| {
                chosen
                    .get(i)
                    .copied()
                    .flatten()
                    .unwrap_or_else(|| pool.pop().expect("8 leaders"))
            })
            .collect();

        let s = &d.setup;
        let mut starter: Vec<CardId> = Vec::new();
        for (i, c) in d.cards.iter().enumerate() {
            if c.group == CardGroup::Starter {
                for _ in 0..c.copies {
                    starter.push(CardId(i as u8));
                }
            }
        }
        let mut players = Vec::new();
        for &leader in &leaders {
            let mut deck = starter.clone();
            deck.shuffle(&mut rng);
            players.push(Player {
                leader,
                solari: s.solari,
                spice: s.spice,
                water: s.water,
                supply: s.total_troops - s.garrison,
                garrison: s.garrison,
                conflict: 0,
                swords: 0,
                persuasion: 0,
                vp: if n == 4 { s.four_player_vp } else { 0 },
                influence: [0; 4],
                bonus_paid: 0,
                agents: s.agents,
                agents_out: 0,
                swordmaster: false,
                high_council: false,
                deck,
                hand: Vec::new(),
                played: Vec::new(),
                revealed: Vec::new(),
                discard: Vec::new(),
                intrigue: Vec::new(),
                has_revealed: false,
                strength_lost: false,
                reveal_seq: 0,
                secret_factions: 0,
                masterstroke_used: false,
                set_aside: None,
            });
        }

        // Conflict deck: tiers shuffled apart, Tier III at the bottom.
        let mut conflict_deck = Vec::new();
        for tier in (1..=3u8).rev() {
            let mut cards: Vec<ConflictId> = (0..d.conflicts.len() as u8)
                .map(ConflictId)
                .filter(|c| d.conflicts[usize::from(c.0)].tier == tier)
                .collect();
            cards.shuffle(&mut rng);
            cards.truncate(usize::from(d.conflicts_per_tier[usize::from(tier - 1)]));
            conflict_deck.extend(cards);
        }
        let mut imperium_deck = Vec::new();
        for (i, c) in d.cards.iter().enumerate() {
            if c.group == CardGroup::Imperium {
                for _ in 0..c.copies {
                    imperium_deck.push(CardId(i as u8));
                }
            }
        }
        imperium_deck.shuffle(&mut rng);
        let mut intrigue_deck = Vec::new();
        for (i, c) in d.intrigues.iter().enumerate() {
            for _ in 0..c.copies {
                intrigue_deck.push(IntrigueId(i as u8));
            }
        }
        intrigue_deck.shuffle(&mut rng);
        let mut first = rng.random_range(0..n);
        if rival_setup
            .as_ref()
            .is_some_and(|r| r.mode == super::hagal::RivalMode::Solo)
        {
            // docs/rules-decisions.md, A17: the Rival on the human's left starts
            // with the First Player marker.
            first = 1;
        }
        let reserve = [0, 1, 2].map(|k| d.card(d.reserve[k]).copies);

        let mut g = Imperium {
            rules,
            rng,
            players,
            round: 0,
            first,
            phase: Phase::Setup,
            conflict_deck,
            conflict: None,
            imperium_deck,
            row: Vec::new(),
            reserve,
            trash: Vec::new(),
            intrigue_deck,
            intrigue_discard: Vec::new(),
            occupant: [None; SPACES],
            bonus_spice: [0; SPACES],
            control: [None; SPACES],
            voice: None,
            alliance: [None; 4],
            mentat: None,
            mentat_next: None,
            turn: Turn::default(),
            combat_passes: 0,
            combat_seat: 0,
            reveal_counter: 0,
            reveal_boxes: Vec::new(),
            stack: Vec::new(),
            pending: None,
            rivals: None,
        };
        for (i, &leader) in leaders.iter().enumerate() {
            ev.push(Event::LeaderAssigned {
                seat: Seat(i as u8),
                leader,
            });
        }
        if let Some(rs) = rival_setup {
            g.add_rivals(rs, seed, ev);
        }
        g.refill_row(ev);
        ev.push(Event::FirstPlayer { seat: Seat(first) });
        g.stack.push(Task::RoundStart);
        for seat in (0..n).rev() {
            let leader = &d.leaders[usize::from(leaders[usize::from(seat)].0)];
            if leader.ability == Some(Bespoke::Masterstroke) {
                g.stack.push(Task::BaronSecret(seat));
            }
            if !leader.setup_effects.is_empty() {
                g.stack.push(Task::Run {
                    list: &leader.setup_effects,
                    pos: 0,
                    ctx: Ctx::seat(seat),
                });
            }
        }
        Ok(g)
    }

    /// Validates, then applies (the state is untouched on error).
    pub(crate) fn apply_action(
        &mut self,
        seat: Seat,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(pending) = &self.pending else {
            return Err(RuleError::GameOver);
        };
        let waiting = pending.seat();
        if seat.0 != waiting {
            return Err(RuleError::NotYourTurn {
                seat,
                waiting_on: Seat(waiting),
            });
        }
        let mut legal = Vec::new();
        self.legal(&mut legal);
        if !legal.contains(action) {
            return Err(self.refusal(action));
        }
        let pending = self.pending.take().expect("pending");
        self.decide(pending, *action, ev);
        self.run(ev);
        Ok(())
    }

    /// Applies a legal action to the decision it answers: one arm per
    /// decision and action, handing over to the decision's file.
    pub(crate) fn decide(&mut self, pending: Pending, action: Action, ev: &mut Vec<Event>) {
        match (pending, action) {
            (p, Action::Intrigue(c)) => self.intrigue_chosen(p, c, ev),
            (Pending::Turn(seat), Action::SendAgent { card, space }) => {
                self.send_agent(seat, card, space, ev)
            }
            (Pending::Turn(seat), Action::Reveal) => self.reveal(seat, ev),
            (Pending::Turn(seat), Action::Pass) => self.pass_turn(seat, ev),
            (Pending::Deploy { seat, .. }, Action::Troops(n)) => self.deploy(seat, n, ev),
            (Pending::Retreat { seat, .. }, Action::Troops(n)) => self.retreat(seat, n, ev),
            (
                Pending::Choice {
                    ctx,
                    options,
                    left,
                    taken,
                },
                Action::Choose(i),
            ) => self.choose_option(ctx, options, left, taken, i),
            (Pending::Optional { ctx, steps }, Action::Accept) => self.stack.push(Task::Run {
                list: steps,
                pos: 0,
                ctx,
            }),
            (Pending::Masterstroke(seat), Action::Accept) => self.masterstroke(seat, ev),
            (Pending::Influence { ctx, mask, n, left }, Action::Faction(f)) => {
                self.choose_influence(ctx, mask, n, left, f, ev)
            }
            (Pending::LoseInfluence { ctx, n }, Action::Faction(f)) => {
                self.change_influence(ctx.seat, f, -(n as i8), ev)
            }
            (Pending::SecretFaction(seat), Action::Faction(f)) => {
                self.choose_secret_faction(seat, f)
            }
            (Pending::Trash(ctx), Action::Trash(card, zone)) => {
                self.trash_card(ctx.seat, card, zone, ev);
            }
            (Pending::Discard { seat, left }, Action::Discard(card)) => {
                self.discard(seat, left, card, ev)
            }
            (Pending::Opponent { steps, .. }, Action::Opponent(o)) => self.stack.push(Task::Run {
                list: steps,
                pos: 0,
                ctx: Ctx::seat(o.0),
            }),
            (Pending::Acquire(seat), Action::Acquire { card, top }) => {
                self.acquire(seat, card, top, ev)
            }
            (Pending::Acquire(seat), Action::Card(card)) => self.reveal_box(seat, card),
            (Pending::Acquire(_), Action::Pass) => self.finish_acquiring(),
            (Pending::AgentOrder { ctx, left }, Action::Choose(k)) => {
                self.agent_part(ctx, k, left, ev)
            }
            (Pending::DefensiveBonus(seat), Action::Accept) => self.defensive_troop(seat, ev),
            (Pending::FreeAcquire { ctx, .. }, Action::Acquire { card, top }) => {
                self.gain_card(ctx, card, top, ev)
            }
            (Pending::SellMelange(ctx), Action::Choose(i)) => self.sell_melange(ctx.seat, i, ev),
            (Pending::CombatIntrigue(seat), Action::Pass) => self.combat_intrigue_pass(seat, ev),
            (Pending::PoisonSnooper { seat, card }, Action::Choose(i)) => {
                self.poison_snooper(seat, card, i, ev)
            }
            (Pending::Retrieve(seat), Action::Card(card)) => self.retrieve(seat, card, ev),
            (Pending::Voice(seat), Action::Space(s)) => self.voice(seat, s, ev),
            (Pending::Recall(seat), Action::Space(s)) => self.recall(seat, s, ev),
            (Pending::Manipulate(seat), Action::Card(card)) => self.manipulate(seat, card, ev),
            (Pending::KwisatzFrom { seat, .. }, Action::Space(s)) => self.kwisatz_from(seat, s, ev),
            (Pending::AllianceHandover { faction, .. }, Action::Opponent(o)) => {
                // docs/rules-decisions.md, A10a: the holder's pick among the tied.
                self.move_alliance(faction, Some(o.0), ev);
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
            if let Some(p) = &self.pending {
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
            } => {
                let any = options
                    .iter()
                    .enumerate()
                    .any(|(i, o)| taken & (1 << i) == 0 && self.list_payable(ctx, o));
                if left > 0 && any {
                    self.pending = Some(Pending::Choice {
                        ctx,
                        options,
                        left,
                        taken,
                    });
                }
            }
            Task::ResumeTurn => self.pending = Some(Pending::Turn(self.turn.seat)),
            Task::AgentDeploy => {
                // IM-AGENT-10 / IM-AGENT-11: recruited troops plus up to 2
                // from the garrison (recruits already sit in the garrison);
                // IM-AGENT-12: 0 is always offered. Only Combat spaces push
                // this task (IM-AGENT-13, IM-AGENT-14).
                let seat = self.turn.seat;
                let max_g = self.d().setup.max_garrison_deploy;
                let max = (self.turn.recruited + max_g).min(self.p(seat).garrison);
                if max > 0 {
                    self.pending = Some(Pending::Deploy { seat, max });
                }
            }
            Task::AgentPlot => {
                // IM-INTRIGUE-02 (docs/rules-decisions.md, A21): Plots at any
                // point of the Agent turn. Asked whenever the seat holds
                // an Intrigue card, a public count, never only when one
                // is playable: whether a prompt appears must not tell
                // anyone which cards the seat holds.
                let seat = self.turn.seat;
                if !self.p(seat).intrigue.is_empty() {
                    self.pending = Some(Pending::AgentPlot(seat));
                }
            }
            Task::EndAgentTurn => {
                let seat = self.turn.seat;
                if self.masterstroke_ready(seat) {
                    self.stack.push(Task::NextTurn);
                    self.pending = Some(Pending::Masterstroke(seat));
                } else {
                    self.stack.push(Task::NextTurn);
                }
            }
            Task::AcquireLoop => self.pending = Some(Pending::Acquire(self.turn.seat)),
            Task::EndReveal => {
                let seat = self.turn.seat;
                // IM-REVEAL-07: strength is the live value of troops and
                // swords (`strength`), fixed from here on.
                // IM-REVEAL-08: played and revealed cards to the discard pile.
                let p = self.pm(seat);
                let mut played = std::mem::take(&mut p.played);
                let mut revealed = std::mem::take(&mut p.revealed);
                p.discard.append(&mut played);
                p.discard.append(&mut revealed);
                // IM-DECK-18: Persuasion is lost.
                let pers = p.persuasion;
                self.resource(seat, Resource::Persuasion, -i16::from(pers), ev);
                // A Manipulate card not acquired goes under the Imperium deck.
                if let Some(c) = self.pm(seat).set_aside.take() {
                    self.imperium_deck.insert(0, c);
                }
                self.stack.push(Task::NextTurn);
                if self.masterstroke_ready(seat) {
                    self.pending = Some(Pending::Masterstroke(seat));
                }
            }
            Task::NextTurn => self.next_turn(ev),
            Task::CombatAsk => self.combat_ask(),
            Task::Rewards => self.rewards(ev),
            Task::AfterWin(seat) => {
                if !self.p(seat).intrigue.is_empty() {
                    self.pending = Some(Pending::AfterWin(seat));
                }
            }
            Task::EndCombat => self.end_combat(ev),
            Task::RoundStart => self.round_start(ev),
            Task::FirstTurn => self.first_turn(ev),
            Task::AgentParts { ctx, left } => self.agent_parts(ctx, left, ev),
            Task::EndgameAsk(k) => self.endgame_ask(k),
            Task::Finish => {
                self.phase = Phase::Over;
                let winners = self.result_order().0;
                ev.push(Event::GameOver {
                    winners: winners.into_iter().map(Seat).collect(),
                });
            }
            Task::BaronSecret(seat) => self.pending = Some(Pending::SecretFaction(seat)),
            Task::Ask(p) => self.pending = Some(p),
        }
    }

    fn masterstroke_ready(&self, seat: u8) -> bool {
        let p = self.p(seat);
        self.leader_ability(seat) == Some(Bespoke::Masterstroke)
            && !p.masterstroke_used
            && self.turn.deployed >= 4
    }

    /// IM-START-01 / IM-START-02: in order, IM-START-03 reveal the Conflict,
    /// IM-START-04 every seat draws 5, then the defensive bonus (IM-START-05,
    /// IM-START-06, IM-START-07).
    fn round_start(&mut self, ev: &mut Vec<Event>) {
        self.round += 1;
        self.phase = Phase::PlayerTurns;
        let Some(conflict) = self.conflict_deck.pop() else {
            self.stack.push(Task::EndgameAsk(0));
            return;
        };
        self.conflict = Some(conflict);
        ev.push(Event::RoundStarted {
            round: self.round,
            conflict,
        });
        self.rival_swordmasters(ev);
        let hand = self.d().setup.hand_size;
        for k in 0..self.n() {
            let seat = (self.first + k) % self.n();
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
                self.pending = Some(Pending::DefensiveBonus(owner));
            } else {
                self.defensive_troop(owner, ev);
            }
        }
    }

    /// IM-START-05 / IM-START-06: one troop from the supply to the Conflict.
    pub(crate) fn defensive_troop(&mut self, owner: u8, ev: &mut Vec<Event>) {
        let p = self.pm(owner);
        p.supply -= 1;
        p.conflict += 1;
        ev.push(Event::Deployed {
            seat: Seat(owner),
            troops: 1,
        });
    }

    /// The First Player's turn (or a solo Rival's, when it holds the marker).
    fn first_turn(&mut self, ev: &mut Vec<Event>) {
        if self.is_rival(self.first) {
            // A solo Rival holds the marker: its turn first.
            self.turn = Turn {
                seat: (self.first + self.n() - 1) % self.n(),
                ..Turn::default()
            };
            self.next_turn(ev);
        } else {
            self.start_turn(self.first);
        }
    }

    fn start_turn(&mut self, seat: u8) {
        self.turn = Turn {
            seat,
            ..Turn::default()
        };
        self.pending = Some(Pending::Turn(seat));
    }

    /// Clockwise to the next seat that has not revealed; Combat once all
    /// have (docs/rules-decisions.md, A1, IM-REVEAL-09).
    fn next_turn(&mut self, ev: &mut Vec<Event>) {
        self.rival_convert(ev);
        let mut cur = self.turn.seat;
        let hagal_game = self.rival_mode() == Some(super::hagal::RivalMode::TwoPlayer);
        if hagal_game {
            let hagal = self.humans();
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
            let s = (cur + k) % self.n();
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
            seat: u8::MAX,
            ..Turn::default()
        };
        self.combat_passes = 0;
        self.combat_seat = self.first;
        if self.rivals.is_some() {
            self.rival_combat_swords(ev);
        }
        self.stack.push(Task::CombatAsk);
    }

    /// Seats asked in the Combat Intrigue round (rivals play no Intrigue).
    fn involved(&self) -> u8 {
        (0..self.humans())
            .filter(|s| self.p(*s).conflict > 0)
            .count() as u8
    }

    /// IM-COMBAT-06 / IM-COMBAT-07 / IM-COMBAT-08 / IM-COMBAT-09: ask the
    /// involved seats (troops in the Conflict) clockwise from `combat_seat`
    /// until all have passed in a row.
    fn combat_ask(&mut self) {
        let involved = self.involved();
        if involved == 0 || self.combat_passes >= involved {
            self.stack.push(Task::Rewards);
            return;
        }
        for k in 0..self.n() {
            let s = (self.combat_seat + k) % self.n();
            if !self.is_rival(s) && self.p(s).conflict > 0 {
                self.combat_seat = s;
                self.pending = Some(Pending::CombatIntrigue(s));
                return;
            }
        }
    }

    /// A combat pass by the asked seat.
    pub(crate) fn combat_pass(&mut self) {
        self.combat_passes += 1;
        self.combat_seat = self.next_seat(self.combat_seat);
        self.stack.push(Task::CombatAsk);
    }

    /// IM-COMBAT-10 / IM-COMBAT-11 / IM-COMBAT-12: rank strengths and hand
    /// out rewards (ties in `places`).
    fn rewards(&mut self, ev: &mut Vec<Event>) {
        let Some(conflict) = self.conflict else {
            self.stack.push(Task::EndCombat);
            return;
        };
        let strengths: Vec<u8> = (0..self.n()).map(|s| self.strength(s)).collect();
        ev.push(Event::ConflictResolved {
            conflict,
            strengths: strengths.clone(),
        });
        let places = self.places(&strengths);
        self.stack.push(Task::EndCombat);
        let winner = places.iter().find(|(_, pl)| *pl == 1).map(|(s, _)| *s);
        if let Some(w) = winner
            && self.is_hagal(w)
            && let Some(space) = self.d().conflicts[usize::from(conflict.0)].controls
            && let Some(owner) = self.control[usize::from(space.0)]
        {
            // IM-HAGAL-13: House Hagal removes the controller's marker.
            self.control[usize::from(space.0)] = None;
            ev.push(Event::ControlRemoved {
                space,
                seat: Seat(owner),
            });
        }
        if let Some(w) = winner
            && !self.is_rival(w)
        {
            // IM-INTRIGUE-12: after-win Intrigue once the Conflict is won.
            self.stack.push(Task::AfterWin(w));
        }
        let rewards = &self.d().conflicts[usize::from(conflict.0)].rewards;
        for &(seat, place) in places.iter().rev() {
            // IM-HAGAL-11: House Hagal takes its place but no reward
            // (docs/rules-decisions.md, A16); IM-SOLO-09: solo Rivals take theirs.
            if self.is_hagal(seat) {
                continue;
            }
            self.stack.push(Task::Run {
                list: &rewards[usize::from(place - 1)],
                pos: 0,
                ctx: Ctx::seat(seat),
            });
        }
        for &(seat, place) in places.iter() {
            ev.push(Event::Reward {
                seat: Seat(seat),
                place,
            });
        }
    }

    /// Which seat takes which reward (1-based), in reward order and turn
    /// order from the First Player. IM-COMBAT-13: 0 strength gets nothing;
    /// IM-COMBAT-11 / IM-COMBAT-12: 2nd and 3rd strengths, the 3rd at
    /// every player count by the text, only with 4 seats with
    /// `third_place = four_players` (docs/rules-decisions.md, A6, in the
    /// `published` preset); tie rules IM-COMBAT-14 to IM-COMBAT-17.
    pub fn places(&self, strengths: &[u8]) -> Vec<(u8, u8)> {
        let n = self.n();
        let max_place = if self.rules.third_place_four_players && n < 4 {
            2
        } else {
            3
        };
        let order: Vec<u8> = (0..n).map(|k| (self.first + k) % n).collect();
        let mut levels: Vec<u8> = strengths.iter().copied().filter(|s| *s > 0).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let mut out = Vec::new();
        // `rank` is the place the next group competes for.
        let mut rank = 1u8;
        for level in levels {
            if rank > max_place {
                break;
            }
            let group: Vec<u8> = order
                .iter()
                .copied()
                .filter(|s| strengths[usize::from(*s)] == level)
                .collect();
            if group.len() == 1 {
                out.push((group[0], rank));
                rank += 1;
            } else {
                // A tie takes the next place's reward, and nothing is given
                // below it, except that two tied for 1st leave 3rd to the
                // others (IM-COMBAT-14, IM-COMBAT-15, IM-COMBAT-16,
                // IM-COMBAT-17, docs/rules-decisions.md, A7).
                let reward = rank + 1;
                if reward <= max_place {
                    for s in &group {
                        out.push((*s, reward));
                    }
                }
                if rank == 1 && group.len() == 2 {
                    rank = 3;
                } else {
                    break;
                }
            }
        }
        out
    }

    /// IM-COMBAT-18 / IM-COMBAT-19: troops to the supply, never the
    /// garrison; IM-COMBAT-20: markers (swords) to 0; then Makers, Recall.
    fn end_combat(&mut self, ev: &mut Vec<Event>) {
        self.rival_convert(ev);
        for s in 0..self.n() {
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
        self.first = (self.first + 1) % self.marker_seats();
        ev.push(Event::Recall);
        ev.push(Event::FirstPlayer {
            seat: Seat(self.first),
        });
        self.stack.push(Task::RoundStart);
    }

    /// Endgame Intrigue, one seat at a time from the First Player
    /// (docs/rules-decisions.md, A8c).
    fn endgame_ask(&mut self, k: u8) {
        self.phase = Phase::Endgame;
        if k >= self.n() {
            self.stack.push(Task::Finish);
            return;
        }
        let seat = (self.first + k) % self.n();
        self.stack.push(Task::EndgameAsk(k + 1));
        if !self.is_rival(seat) && !self.p(seat).intrigue.is_empty() {
            self.pending = Some(Pending::Endgame(seat));
        }
    }

    /// Whether an Intrigue card has an endgame use.
    pub(crate) fn endgame_card(&self, card: IntrigueId) -> bool {
        let i = &self.d().intrigues[usize::from(card.0)];
        i.kind == IntrigueKind::Endgame || !i.endgame_effect.is_empty()
    }
}
