//! Playing planning cards: a die spent to play a card (AR-ACT-12), its
//! effect run step by step from the data (AR-ACT-13), every step optional
//! (AR-ACT-17), then the card face up on its discard pile.
//!
//! A running card is a [`CardRun`] kept in the state. Steps that need the
//! ordinary machinery (moving, Desert Power, placing vehicles) hand over to
//! its prompt; when that prompt ends the turn, `end_turn` resumes the card
//! instead, so every existing rule applies unchanged inside a card.
use crate::arrakis::action::Action;
use crate::arrakis::board::Terrain;
use crate::arrakis::cards::components::CardTiming;
use crate::arrakis::cards::effects::{
    Boost, Condition, LeaderPick, LegionFilter, MoveMode, Place, Step, Units,
};
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionLegionRule;
use crate::arrakis::ids::{AreaId, AreaSet, CardId, Deck, DieResult, Faction, LeaderId, UnitKind};
use crate::arrakis::prompt::{AfterExcess, Group, Move, Prompt};
use crate::arrakis::state::{Arrakis, LeaderAt};

/// What an effect being resolved comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Source {
    /// A planning card played from hand (AR-ACT-12).
    Card(CardId),
    /// A named leader's special action (AR-LEADER-04).
    Leader(LeaderId),
}

/// A card (or a leader's special action) being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CardRun {
    /// Who played it.
    pub faction: Faction,
    /// The card or leader.
    pub card: Source,
    /// Its alternative steps are used.
    pub alt: bool,
    /// The step being resolved (index into the steps).
    pub step: u8,
    /// Repeats left in this step (areas to deploy into, cards to draw).
    pub left: u8,
    /// Sub-stage within the step.
    pub stage: u8,
    /// The area an earlier step used: deployed into or moved into.
    pub area: Option<AreaId>,
    /// Areas this step already used.
    pub used: AreaSet,
}

/// Which legions a card's move may pick, resolved from the data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum LegionRule {
    /// Any legion.
    Any,
    /// A legion with a leader, moving with it.
    WithLeader,
    /// A legion with a special elite, moving with it.
    WithSpecial,
    /// The legion with this leader, moving with it.
    WithNamed(LeaderId),
    /// A legion in a standing Harkonnen settlement.
    InSettlement,
    /// A legion in a desert area.
    InDesert,
    /// A legion with a leader in a desert area, moving with it.
    InDesertWithLeader,
    /// The legion in this area.
    At(AreaId),
    /// The legions an expansion's own move takes, as that expansion says.
    /// Written as text by the expansion's own form alone.
    #[serde(untagged)]
    Expansion(ExpansionLegionRule),
}

/// A move made for a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct CardMove {
    /// Which legions.
    pub rule: LegionRule,
    /// Move, attack or both.
    pub mode: MoveMode,
    /// What its battles gain.
    pub boost: Boost,
    /// Legions the card moves (an attack is only the first).
    pub legions: u8,
}

impl CardMove {
    /// Whether the move may end in an enemy area as this legion's move.
    pub(crate) fn may_attack(&self, m: &Move) -> bool {
        match self.mode {
            MoveMode::Move => false,
            MoveMode::Attack | MoveMode::Surprise => true,
            MoveMode::MoveOrAttack | MoveMode::MoveOrSurprise => {
                m.legions_left == self.legions && m.moved_into.is_empty()
            }
        }
    }

    /// Whether the move may end in a friendly or empty area.
    pub(crate) fn may_move(&self) -> bool {
        !matches!(self.mode, MoveMode::Attack | MoveMode::Surprise)
    }

    /// Whether its attack is a surprise attack (AR-DIE-09).
    pub(crate) fn surprise(&self) -> bool {
        matches!(self.mode, MoveMode::MoveOrSurprise | MoveMode::Surprise)
    }
}

impl Arrakis {
    /// Whether a condition holds now.
    fn condition_holds(&self, c: &Condition) -> bool {
        let d = self.d();
        let at = |l: &str| -> Vec<LeaderAt> {
            d.person(l)
                .into_iter()
                .map(|l| self.leaders[usize::from(l.0)])
                .collect()
        };
        match c {
            Condition::LeaderInPlay(l) => at(l)
                .into_iter()
                .any(|x| !matches!(x, LeaderAt::NotInPlay | LeaderAt::Removed)),
            Condition::LeaderRemoved(l) => at(l).into_iter().all(|x| x == LeaderAt::Removed),
            Condition::AtomicsUsed => self.atomics_used,
            Condition::HarkonnenNearSietch(n) => !self.sietches_near_harkonnen(*n).is_empty(),
        }
    }

    /// Whether `c` may be played for its effect now (AR-ACT-12): an
    /// action-turn card whose effect is written and whose requirement holds
    /// (or whose alternative applies, which needs no requirement).
    pub(crate) fn playable(&self, c: CardId) -> bool {
        let card = self.d().card(c);
        let alt = card
            .alternative
            .as_ref()
            .is_some_and(|a| self.condition_holds(&a.when));
        card.timing == CardTiming::ActionTurn
            && !card.steps.is_empty()
            && (alt
                || card
                    .requires
                    .as_ref()
                    .is_none_or(|r| self.condition_holds(r)))
    }

    /// AR-ACT-12: any unspent die plays any playable card in hand.
    pub(crate) fn legal_play_cards(&self, f: Faction, out: &mut Vec<Action>) {
        let mut seen: Vec<CardId> = Vec::new();
        for &c in &self.house(f).hand {
            if seen.contains(&c) || !self.playable(c) {
                continue;
            }
            seen.push(c);
            for r in DieResult::ALL {
                if self.unspent(f, r) {
                    out.push(Action::PlayCard(c, r));
                }
            }
        }
    }

    /// Takes `c` out of `f`'s hand and starts its effect.
    pub(crate) fn play_card(&mut self, f: Faction, c: CardId, ev: &mut Vec<Event>) {
        let h = self.house_mut(f);
        if let Some(i) = h.hand.iter().position(|x| *x == c) {
            h.hand.remove(i);
        }
        ev.push(Event::CardPlayed {
            faction: f,
            card: c,
        });
        let card = self.d().card(c);
        let alt = card
            .alternative
            .as_ref()
            .is_some_and(|a| self.condition_holds(&a.when));
        self.start_run(f, Source::Card(c), alt, ev);
    }

    /// Starts resolving the steps of `source`.
    pub(crate) fn start_run(&mut self, f: Faction, source: Source, alt: bool, ev: &mut Vec<Event>) {
        self.effect = Some(CardRun {
            faction: f,
            card: source,
            alt,
            step: 0,
            left: 0,
            stage: 0,
            area: None,
            used: AreaSet::EMPTY,
        });
        self.begin_card_step(ev);
    }

    pub(crate) fn steps_of(&self, run: &CardRun) -> &'static [Step] {
        let c = match run.card {
            Source::Card(c) => c,
            Source::Leader(l) => return &self.d().leader(l).special,
        };
        let card = self.d().card(c);
        match (&card.alternative, run.alt) {
            (Some(a), true) => &a.steps,
            _ => &card.steps,
        }
    }

    /// Sets up the prompt of the run's current step, or finishes the card.
    fn begin_card_step(&mut self, ev: &mut Vec<Event>) {
        let Some(mut run) = self.effect else {
            return;
        };
        let steps = self.steps_of(&run);
        let Some(step) = steps.get(usize::from(run.step)) else {
            self.finish_card(ev);
            return;
        };
        // SM-ALLY-02, SM-THOPTER-01: the Drone Ornithopters' steps need no
        // choice.
        if self.hook_card_step(step, ev) {
            self.advance_card(ev);
            return;
        }
        run.stage = 0;
        run.used = AreaSet::EMPTY;
        run.left = match step {
            Step::Deploy { areas, .. } => *areas,
            Step::Draw { cards, .. } | Step::DrawOrPlay { cards } => *cards,
            Step::Upgrade { count, .. } => *count,
            Step::OpponentDiscards { cards } => *cards,
            s if Self::is_force_step(s) => Self::force_repeats(s),
            Step::Wormsigns { count } | Step::RemoveVehicles { count, .. } => *count,
            _ => 1,
        };
        self.effect = Some(run);
        let f = run.faction;
        self.prompt = match step {
            Step::Move {
                legions,
                with,
                mode,
                boost,
            } => Prompt::Move(Move {
                faction: f,
                leadership: false,
                legions_left: *legions,
                moved_into: AreaSet::EMPTY,
                picked: None,
                card: Some(CardMove {
                    rule: self.legion_rule(with, &run),
                    mode: *mode,
                    boost: *boost,
                    legions: *legions,
                }),
            }),
            Step::Vehicles {
                harvester,
                carryall,
                ornithopter,
            } => Prompt::Vehicles {
                harvesters: *harvester,
                ornithopters: *ornithopter,
                carryalls: *carryall,
                any: false,
                house: true,
            },
            // AR-DP-05: a card may grant Desert Power whatever the dice.
            Step::DesertPower => {
                // DW-ATREIDES-01: a granted Desert Power brings one too.
                self.hook_desert_power_taken();
                Prompt::Wormsigns(2)
            }
            s if Self::is_special_step(s) => self.special_step_prompt(&run, s),
            _ => Prompt::Card(f, run.card, run.step),
        };
    }

    fn legion_rule(&self, with: &LegionFilter, run: &CardRun) -> LegionRule {
        let d = self.d();
        match with {
            LegionFilter::Any => LegionRule::Any,
            LegionFilter::WithLeader => LegionRule::WithLeader,
            LegionFilter::WithSpecial => LegionRule::WithSpecial,
            // AR-LEADER-18, AR-LEADER-19: Paul or Jessica under either card.
            LegionFilter::WithNamed(l) => {
                let person = d.person(l);
                match person.iter().find(|x| self.leader_in_play(**x)) {
                    Some(l) => LegionRule::WithNamed(*l),
                    None => LegionRule::At(AreaId(u8::MAX)),
                }
            }
            LegionFilter::InSettlement => LegionRule::InSettlement,
            LegionFilter::InDesert => LegionRule::InDesert,
            LegionFilter::InDesertWithLeader => LegionRule::InDesertWithLeader,
            LegionFilter::Same => match run.area {
                Some(a) => LegionRule::At(a),
                // Nothing was placed: no legion qualifies.
                None => LegionRule::At(AreaId(u8::MAX)),
            },
        }
    }

    /// Whether the legion of `f` in `a` may be picked under `rule`.
    pub(crate) fn legion_ok(&self, rule: LegionRule, f: Faction, a: AreaId) -> bool {
        let d = self.d();
        let s = &self.areas[a.index()];
        match rule {
            LegionRule::Any => true,
            LegionRule::WithLeader => s.leader_count(f, d) > 0,
            LegionRule::WithSpecial => s.units[f].special > 0,
            LegionRule::WithNamed(l) => s.named & (1 << l.0) != 0,
            LegionRule::InSettlement => s.settlement,
            LegionRule::InDesert => self.is_desert(a),
            LegionRule::InDesertWithLeader => self.is_desert(a) && s.leader_count(f, d) > 0,
            LegionRule::At(x) => x == a,
            LegionRule::Expansion(x) => x.legion_ok(self, f, a),
        }
    }

    /// Whether the moving group carries what the rule asks for.
    pub(crate) fn group_ok(&self, rule: LegionRule, g: &Group) -> bool {
        match rule {
            LegionRule::WithLeader | LegionRule::InDesertWithLeader => g.leader_count() > 0,
            LegionRule::WithSpecial => g.units.special > 0,
            LegionRule::WithNamed(l) => g.named & (1 << l.0) != 0,
            LegionRule::Expansion(x) => x.group_ok(self, g),
            _ => true,
        }
    }

    /// The step after the current one (a sub-prompt ended, or "Done").
    pub(crate) fn advance_card(&mut self, ev: &mut Vec<Event>) {
        if let Some(run) = &mut self.effect {
            run.step += 1;
        }
        self.begin_card_step(ev);
    }

    /// The card is done: face up on its discard pile (AR-ACT-13), and the
    /// turn ends.
    fn finish_card(&mut self, ev: &mut Vec<Event>) {
        if let Some(run) = self.effect.take() {
            if let Source::Card(c) = run.card {
                self.house_mut(run.faction).discard.push(c);
            }
            self.end_turn(run.faction, ev);
        }
    }

    /// Whether the current card step's choices come from the cards of a
    /// hand that holds some (an empty hand is public): playing another
    /// card from one's own, or picking the card an opponent's effect makes
    /// one discard (see [`Arrakis::reads_hidden_cards`]).
    pub(crate) fn card_step_reads_hand(&self) -> bool {
        let Some(run) = self.effect else {
            return false;
        };
        let f = run.faction;
        let reads = match self.steps_of(&run).get(usize::from(run.step)) {
            Some(Step::PlayCard) => Some(f),
            Some(Step::DrawOrPlay { .. }) if run.stage == 0 => Some(f),
            Some(Step::OpponentDiscards { .. }) if run.stage == 1 => Some(f.other()),
            _ => None,
        };
        reads.is_some_and(|h| !self.house(h).hand.is_empty())
    }

    /// The legal choices of the current card step.
    pub(crate) fn legal_card(&self, out: &mut Vec<Action>) {
        let Some(run) = self.effect else {
            return;
        };
        let f = run.faction;
        let steps = self.steps_of(&run);
        match &steps[usize::from(run.step)] {
            Step::Deploy {
                to, units, leader, ..
            } => {
                if run.stage == 0 && run.left > 0 {
                    for (i, _) in self.areas.iter().enumerate() {
                        let a = AreaId(i as u8);
                        if !run.used.contains(a)
                            && self.place_ok(f, to, a, &run)
                            && self.deploy_gives(f, units, leader.as_ref(), a)
                        {
                            out.push(Action::DeployAt(a));
                        }
                    }
                } else if run.stage == 1
                    && let Some(pick) = leader
                {
                    for l in self.leader_choices(f, pick) {
                        out.push(Action::DeployLeader(l));
                    }
                }
            }
            Step::Draw { from, .. } => {
                self.legal_draws(f, out);
                // A step naming one deck draws only from it.
                if let Some(side) = from {
                    let keep = Deck::of(f)[*side as usize];
                    out.retain(|x| !matches!(x, Action::DrawFrom(d) if *d != keep));
                }
            }
            Step::PlayCard => self.legal_free_plays(f, out),
            Step::DrawOrPlay { .. } => {
                self.legal_draws(f, out);
                if run.stage == 0 {
                    self.legal_free_plays(f, out);
                }
            }
            Step::LeaderEnters { leader } => {
                if let Some(l) = self.d().leader_id(leader)
                    && self.leaders[usize::from(l.0)] == LeaderAt::NotInPlay
                {
                    out.push(Action::Resolve);
                }
            }
            Step::LeaderLeaves { leader } => {
                if let Some(l) = self.d().leader_id(leader)
                    && self.leaders[usize::from(l.0)] != LeaderAt::Removed
                {
                    out.push(Action::Resolve);
                }
            }
            Step::LeaderToTank { target } => {
                for l in self.tank_targets(&run, *target) {
                    out.push(Action::PickLeader(l));
                }
            }
            Step::Upgrade { from, to, .. } => {
                if run.left > 0 {
                    for a in self.upgrade_areas(f, *from, *to) {
                        out.push(Action::Upgrade(a));
                    }
                }
            }
            Step::OpponentDiscards { .. } => {
                if run.stage == 1 {
                    // The opponent picks what to discard; no way out, unless
                    // the hand holds only cards never discarded this way
                    // (AR-LEADER-23: Hawat's Scheming).
                    let cards = self.discardable_hand(f.other());
                    if cards.is_empty() {
                        out.push(Action::Done);
                    }
                    out.extend(cards.into_iter().map(Action::Discard));
                    return;
                }
                if !self.house(f.other()).hand.is_empty() {
                    out.push(Action::Resolve);
                }
            }
            Step::Move { .. } | Step::Vehicles { .. } | Step::DesertPower => {}
            s @ (Step::DeployTokens { .. } | Step::DieAsAny) => {
                self.legal_special_step(&run, s, out)
            }
            s if Self::is_force_step(s) => self.legal_force(&run, s, out),
            Step::WildMakerEnters => self.legal_wild_maker(&run, false, out),
            Step::WildMakerAttacks => self.legal_wild_maker(&run, true, out),
            ext => self.legal_card_ext(&run, ext, out),
        }
        out.push(Action::Done);
    }

    fn legal_draws(&self, f: Faction, out: &mut Vec<Action>) {
        for dk in Deck::of(f) {
            if !self.house(f).decks[dk.index() % 2].is_empty() {
                out.push(Action::DrawFrom(dk));
            }
        }
    }

    fn legal_free_plays(&self, f: Faction, out: &mut Vec<Action>) {
        let mut seen: Vec<CardId> = Vec::new();
        for &c in &self.house(f).hand {
            if !seen.contains(&c) && self.playable(c) {
                seen.push(c);
                out.push(Action::PlayFree(c));
            }
        }
    }

    /// Whether `a` is a place of kind `p` for `f` to deploy into: never
    /// where enemy units or a sandworm stand.
    fn place_ok(&self, f: Faction, p: &Place, a: AreaId, run: &CardRun) -> bool {
        let d = self.d();
        let b = d.board;
        let s = &self.areas[a.index()];
        if s.unit_count(f.other()) > 0 || s.worm.is_some() {
            return false;
        }
        let named = |id: &str| b.area_id(id) == Some(a);
        match p {
            Place::Area(x) => named(x),
            Place::OneOf(list) => list.iter().any(|x| named(x)),
            Place::PyonVillage => s.settlement && b.area(a).settlement.is_some_and(|x| x.rank == 1),
            Place::Settlement => s.settlement,
            Place::EmptyDesert => {
                self.is_desert(a)
                    && !s.has_legion(f, d)
                    && !s.has_legion(f.other(), d)
                    && s.sietch.is_none()
                    && !s.any_harvester() // SM-HARVESTER-03
                    && s.wormsign.is_none()
            }
            Place::FreeMountain => self.mountains_now().contains(a) && !self.enemy_at(f, a),
            Place::FreePlateau => b.area(a).terrain == Terrain::Plateau && !self.enemy_at(f, a),
            Place::Sietch => s.sietch.is_some(),
            Place::Legion => s.has_legion(f, d),
            Place::LegionWithSpecial => s.units[f].special > 0,
            Place::LegionWith(l) => d
                .person(l)
                .into_iter()
                .any(|l| self.leaders[usize::from(l.0)] == LeaderAt::Board(a)),
            Place::Same => run.area == Some(a),
        }
    }

    /// Whether a deployment into `a` would place anything at all: a unit,
    /// or a leader joining units already there (AR-MOVE-13: never alone).
    fn deploy_gives(
        &self,
        f: Faction,
        units: &Units,
        leader: Option<&LeaderPick>,
        a: AreaId,
    ) -> bool {
        let h = self.house(f);
        let u = units.counts();
        UnitKind::ALL
            .into_iter()
            .any(|k| u[k] > 0 && h.supply[k] > 0)
            || (self.areas[a.index()].unit_count(f) > 0
                && leader.is_some_and(|p| !self.leader_choices(f, p).is_empty()))
    }

    /// The leaders a deployment may add (`None` = a generic leader).
    pub(crate) fn leader_choices(&self, f: Faction, pick: &LeaderPick) -> Vec<Option<LeaderId>> {
        let mut v = Vec::new();
        if matches!(pick, LeaderPick::Any | LeaderPick::Generic) && self.house(f).generic_supply > 0
        {
            v.push(None);
        }
        match pick {
            LeaderPick::Any => v.extend(self.deployable_leaders(f).into_iter().map(Some)),
            LeaderPick::Named(id) => {
                for l in self.d().person(id) {
                    if self.leaders[usize::from(l.0)] == LeaderAt::SetAside {
                        v.push(Some(l));
                    }
                }
            }
            LeaderPick::Generic => {}
        }
        v
    }

    /// Applies a choice of the current card step.
    pub(crate) fn step_card(&mut self, a: Action, ev: &mut Vec<Event>) {
        let Some(mut run) = self.effect else {
            return;
        };
        let f = run.faction;
        let step = &self.steps_of(&run)[usize::from(run.step)];
        match (step, a) {
            (Step::Deploy { units, leader, .. }, Action::DeployAt(area)) => {
                let u = units.counts();
                for k in UnitKind::ALL {
                    let n = u[k].min(self.house(f).supply[k]);
                    self.house_mut(f).supply[k] -= n;
                    self.areas[area.index()].units[f][k] += n;
                }
                ev.push(Event::CardDeployed { faction: f, area });
                self.hook_legion_arrived(f, area, ev); // DW-TROOPER-13
                run.area = Some(area);
                run.used.insert(area);
                // AR-MOVE-13: a leader only joins units.
                let leader_next = self.areas[area.index()].unit_count(f) > 0
                    && leader
                        .as_ref()
                        .is_some_and(|p| !self.leader_choices(f, p).is_empty());
                if leader_next {
                    run.stage = 1;
                } else {
                    run.left -= 1;
                }
                self.effect = Some(run);
                // AR-MOVE-08: over the stacking limit, the owner removes
                // the excess, then the card goes on.
                if self.enforce_stacking(f, AfterExcess::Card) {
                    return;
                }
                self.after_card_choice(ev);
            }
            (Step::Deploy { .. }, Action::DeployLeader(l)) => {
                if let Some(area) = run.area {
                    self.place_leader(f, l, area);
                }
                run.stage = 0;
                run.left -= 1;
                self.effect = Some(run);
                self.after_card_choice(ev);
            }
            (_, Action::DrawFrom(dk)) => {
                self.draw(f, dk.index() % 2, ev);
                run.left -= 1;
                run.stage = 1;
                self.effect = Some(run);
                self.after_card_choice(ev);
            }
            (_, Action::PlayFree(c)) => {
                // The follow-up card starts once this one is done.
                if let Some(done) = self.effect.take()
                    && let Source::Card(c) = done.card
                {
                    self.house_mut(f).discard.push(c);
                }
                self.play_card(f, c, ev);
            }
            (Step::LeaderEnters { leader }, Action::Resolve) => {
                if let Some(l) = self.d().leader_id(leader) {
                    self.leader_enters(l, ev);
                }
                self.advance_card(ev);
            }
            (Step::LeaderLeaves { leader }, Action::Resolve) => {
                if let Some(l) = self.d().leader_id(leader) {
                    self.leader_leaves(l, ev);
                }
                self.advance_card(ev);
            }
            (Step::LeaderToTank { .. }, Action::PickLeader(l)) => {
                self.card_tanks(l, ev);
                self.advance_card(ev);
            }
            (Step::Upgrade { from, to, .. }, Action::Upgrade(area)) => {
                self.card_upgrade(f, area, *from, *to);
                run.left -= 1;
                self.effect = Some(run);
                self.after_card_choice(ev);
            }
            (Step::OpponentDiscards { .. }, Action::Resolve) => {
                run.stage = 1;
                self.effect = Some(run);
                self.prompt = Prompt::Card(f.other(), run.card, run.step);
            }
            (Step::OpponentDiscards { .. }, Action::Discard(c)) => {
                self.forced_discard(f.other(), c, ev);
                run.left -= 1;
                self.effect = Some(run);
                if run.left == 0 || self.house(f.other()).hand.is_empty() {
                    self.advance_card(ev);
                }
            }
            (s, a) if Self::is_special_step(s) && a != Action::Done => {
                self.step_special(run, s, a, ev);
            }
            (s, a) if Self::is_force_step(s) && a != Action::Done => {
                self.step_force(run, s, a, ev);
            }
            (Step::WildMakerEnters, a) if a != Action::Done => {
                self.step_wild_maker(run, false, a, ev)
            }
            (Step::WildMakerAttacks, a) if a != Action::Done => {
                self.step_wild_maker(run, true, a, ev)
            }
            (ext, a) if Self::is_ext_step(ext) && a != Action::Done => {
                self.step_card_ext(run, ext, a, ev)
            }
            _ => self.advance_card(ev),
        }
    }

    /// The step goes on while it has repeats left, else the next one.
    pub(crate) fn after_card_choice(&mut self, ev: &mut Vec<Event>) {
        match self.effect {
            Some(run) if run.left > 0 => {
                self.prompt = Prompt::Card(run.faction, run.card, run.step);
            }
            Some(_) => self.advance_card(ev),
            None => {}
        }
    }

    /// A named leader comes into play (AR-LEADER-03): its figure set aside,
    /// ready to be deployed, or in the place of the leader it replaces.
    pub(crate) fn leader_enters(&mut self, l: LeaderId, ev: &mut Vec<Event>) {
        if self.leaders[usize::from(l.0)] == LeaderAt::NotInPlay {
            self.enter_leader(l);
            ev.push(Event::LeaderEntered { leader: l });
        }
    }

    /// A named leader leaves the game for good, its figure off the board.
    pub(crate) fn leader_leaves(&mut self, l: LeaderId, ev: &mut Vec<Event>) {
        if let LeaderAt::Board(a) = self.leaders[usize::from(l.0)] {
            self.areas[a.index()].named &= !(1 << l.0);
        }
        self.leaders[usize::from(l.0)] = LeaderAt::Removed;
        ev.push(Event::LeaderRemoved { leader: l });
    }
}
