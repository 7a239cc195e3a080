//! Applying a chosen action and the automatic progression: the prompt the
//! game waits on, `apply_action` (which accepts an action only if
//! `legal` lists it, so "legal means accepted" and a refused
//! action changes nothing by construction), and the step each prompt takes.
use crate::rules::core::RuleError;

use super::action::Action;
use super::event::Event;
use super::ids::{AreaId, AreaSet, DieResult, Faction, UnitKind};
use super::state::{Arrakis, Die, Phase, Vehicle};
use super::vocab::{ByFaction, Units};

/// A group of figures picked to move out of one area.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Group {
    /// Units by kind.
    pub units: Units,
    /// Face-down tokens (the first n of the area's list).
    pub tokens: u8,
    /// Generic leaders.
    pub generic: u8,
    /// Named leaders (bit = leader id).
    pub named: u64,
}

impl Group {
    /// Units, tokens counting 1 each.
    pub fn unit_count(&self) -> u8 {
        self.units.iter().sum::<u8>() + self.tokens
    }
    /// Leaders.
    pub fn leader_count(&self) -> u8 {
        self.generic + self.named.count_ones() as u8
    }
}

/// Where the current move stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Who moves.
    pub faction: Faction,
    /// Leadership: every moving group needs a leader; an attack is a
    /// surprise attack (AR-DIE-07, AR-DIE-08).
    pub leadership: bool,
    /// Legions that may still move (AR-DIE-02).
    pub legions_left: u8,
    /// Areas moved into this action: their figures cannot move again
    /// (AR-DIE-04).
    pub moved_into: AreaSet,
    /// The picked source and group.
    pub picked: Option<(AreaId, Group)>,
    /// A planning card's move: which legions, move or attack
    /// (`None` = a die's move).
    pub card: Option<super::cards::play::CardMove>,
}

/// Where a battle stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleStep {
    /// This side may discard cards for dice (AR-COMBAT-05).
    Discard(Faction),
    /// This side chooses which leader converts the next Special
    /// (AR-COMBAT-16; the attacker first, AR-COMBAT-17).
    Convert(Faction),
    /// This side picks which elite to lose when it has no regular but both
    /// an elite and a special elite (AR-COMBAT-20).
    Casualty(Faction),
    /// The attacker decides whether to continue (AR-COMBAT-28).
    Continue,
    /// AR-OPT-05: the defender may retreat before the next round.
    Retreat,
    /// The attacker won: advance or stay (AR-COMBAT-34).
    Advance,
    /// The attacker pays the hit to continue (AR-COMBAT-29) with no regular
    /// left and both an elite and a special elite: it picks which one
    /// takes it (AR-COMBAT-20).
    ContinueCasualty,
}

/// What goes on once hits taken outside a combat round are all taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterHits {
    /// A sandworm emerged in Desert Hazards: the harvester there, then the
    /// rest of the hazards.
    Emerge,
    /// A Coriolis Storm: the rest of the storms.
    Storm,
    /// A Desert Power sandworm attack: activations left, and the areas of
    /// the sandworms already activated.
    DesertPower(u8, AreaSet),
    /// A planning card's special attack: the card goes on.
    Card,
    /// A planning card's special attack on this house's legion, whose
    /// revealed tokens may leave it over the stacking limit: the owner
    /// removes the excess, then the card goes on.
    CardStacking(Faction),
    /// A planning card's Coriolis Storms: the storms go on after this
    /// area.
    CardStorm(AreaId),
    /// A sandworm a Harkonnen legion called attacked it, the legion having
    /// nowhere to retreat (docs/rules-decisions.md, Q16): this move goes on.
    Called(Move),
}

/// What goes on once the units above the stacking limit are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AfterExcess {
    /// Back to this house's turn (a free action revealed tokens).
    Turn(Faction),
    /// This house's turn ends (after its battle).
    EndTurn(Faction),
    /// The End of Round prescience claims (after the CHOAM ban fell).
    EndClaims,
    /// The battle whose defenders were revealed starts.
    Battle(Battle),
    /// The planning card that deployed the units goes on.
    Card,
}

/// A battle in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Battle {
    /// The attacking house.
    pub attacker: Faction,
    /// Where the attack came from.
    pub from: AreaId,
    /// The attacked area.
    pub at: AreaId,
    /// The attacking figures (off the board while the battle lasts).
    pub group: Group,
    /// A surprise attack (AR-DIE-09).
    pub surprise: bool,
    /// Still the first combat round.
    pub first_round: bool,
    /// Cards discarded this round by each side.
    pub discards: ByFaction<u8>,
    /// The step.
    pub step: BattleStep,
    /// This round's roll per side: dice, hits, shields, Specials left.
    pub roll: ByFaction<[u8; 4]>,
    /// Generic leaders per side that converted a Special this round.
    pub used_generic: ByFaction<u8>,
    /// Named leaders that converted a Special this round.
    pub used_named: u64,
    /// Hits still to be taken this round, per side.
    pub hits: ByFaction<u8>,
    /// What the card that started it adds.
    pub boost: super::cards::effects::Boost,
}

impl Battle {
    /// A battle record for hits that come from no battle (sandworms,
    /// storms, cards' special attacks): `take_hits` keeps its casualty
    /// bookkeeping in it.
    pub(super) fn scratch(attacker: Faction, at: AreaId) -> Battle {
        Battle {
            attacker,
            from: at,
            at,
            group: Group::default(),
            surprise: false,
            first_round: false,
            discards: ByFaction::default(),
            step: BattleStep::Continue,
            roll: ByFaction::default(),
            used_generic: ByFaction::default(),
            used_named: 0,
            hits: ByFaction::default(),
            boost: super::cards::effects::Boost::None,
        }
    }
}

/// The decision the game waits on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prompt {
    /// Nothing (the game is over).
    None,
    /// Harkonnen places vehicles; `left` counts what may still be placed.
    Vehicles {
        /// Harvesters.
        harvesters: u8,
        /// Ornithopters.
        ornithopters: u8,
        /// Carryalls.
        carryalls: u8,
        /// Any 2 vehicles of the House action (AR-DIE-21): then
        /// `ornithopters` holds the count for any kind, harvesters included
        /// (docs/rules-decisions.md, Q10).
        any: bool,
        /// Placed by a House die: "Done" ends the turn, not the step.
        house: bool,
    },
    /// Give an excess die a new result.
    Reassign(Faction),
    /// Place a Bene Gesserit token or not.
    BeneGesserit(Faction),
    /// Choose the turn's action (or a free action).
    Turn(Faction),
    /// Atreides House die: what it stands for.
    AtreidesHouse,
    /// Harkonnen House die: which option.
    HarkonnenHouse,
    /// Moving legions.
    Move(Move),
    /// Mentat: which decks.
    Mentat(Faction),
    /// Harkonnen Deployment: regulars left, leader placed, last area.
    HarkonnenDeploy {
        /// Regulars still to place.
        regulars: u8,
        /// The leader is still to place.
        leader: bool,
        /// The area of the last regular placed.
        last: Option<AreaId>,
    },
    /// Atreides Deployment: where the drawn token goes, then the leader.
    AtreidesDeploy {
        /// The drawn token kind.
        token: u8,
        /// Where it was placed.
        placed: Option<AreaId>,
    },
    /// Harkonnen House: regulars to upgrade.
    Upgrade(u8),
    /// Desert Power: wormsigns left to place.
    Wormsigns(u8),
    /// Desert Power under AR-OPT-03: sandworms left to activate, and the
    /// areas of those already activated.
    Sandworms(u8, AreaSet),
    /// A battle.
    Battle(Battle),
    /// Spice Harvesting: spice to spend and markers decided.
    Spice {
        /// Spice in hand.
        spice: u8,
        /// Kept or raised markers.
        decided: [bool; 3],
    },
    /// End of Round prescience claims.
    EndClaims,
    /// AR-OPT-02: reorder the top cards of one of this house's decks.
    Foresee(Faction, u8),
    /// Desert Hazards: which sandworm on the board moves to this area
    /// (AR-HAZ-15).
    RelocateWorm(AreaId),
    /// Action Resolution: a Harkonnen legion's move revealed a sandworm in
    /// this area and none is free; the Atreides choose which sandworm on
    /// the board moves there (AR-HAZ-15, AR-HAZ-50), then the move goes on.
    CalledWorm(Move, AreaId),
    /// Desert Hazards: rescue the harvester in this area with a carryall?
    Rescue(AreaId),
    /// End of Round leader swap, Harkonnen first (AR-END-04).
    Swap(Faction),
    /// Discard down to the hand limit (AR-END-08).
    HandLimit(Faction),
    /// Unclaimed prescience cards (AR-END-09).
    Unclaimed,
    /// A planning card's step waits on this house: the card and the step
    /// (AR-ACT-13, AR-ACT-17).
    Card(Faction, super::cards::play::Source, u8),
    /// A sandworm or a storm hit the Harkonnen legion in this area, this
    /// many hits still to take, and it has no regular but both an elite and
    /// a Sardaukar: the Harkonnen pick which takes the next hit
    /// (AR-COMBAT-20, docs/rules-decisions.md, Q6).
    HazardCasualty(Faction, AreaId, u8, AfterHits),
    /// This house has more units in this area than the stacking limit: it
    /// picks which kind to remove next (AR-MOVE-08, AR-SPICE-20,
    /// AR-DEPLOY-05).
    Excess(Faction, AreaId, AfterExcess),
    /// AR-OPT-08: the Harkonnen legion in this area flees the sandworm
    /// that emerged there; the Harkonnen pick the adjacent open area.
    Flee(AreaId),
    /// AR-ATOM-07: the Family Atomics hit this area; the Harkonnen pick the
    /// adjacent open area this house's legion moves to.
    Displace(Faction, AreaId),
    /// Action Resolution: a Harkonnen group's move revealed a sandworm in
    /// this area; the Harkonnen pick the adjacent open area without a
    /// wormsign it retreats to (AR-HAZ-50), then the sandworm comes and the
    /// move goes on.
    WormRetreat(Move, AreaId, Group),
    /// A wormsign produced a sandworm in this area while the Wild Maker is
    /// in play with its figure off the board: the Atreides put the Wild
    /// Maker there (`Action::WildMaker`) or a normal sandworm
    /// (`Action::Done`) (AR-HAZ-18, AR-OPT-11). Without a move it is
    /// Desert Hazards, which then go on; with one, a Harkonnen legion's
    /// move revealed it (AR-HAZ-50), and that move goes on.
    WildMakerOrSandworm(AreaId, Option<Move>),
}

impl Prompt {
    /// The house whose decision it is.
    pub fn faction(&self) -> Option<Faction> {
        Some(match *self {
            Prompt::None => return None,
            Prompt::Vehicles { .. } | Prompt::HarkonnenHouse | Prompt::Upgrade(_) => {
                Faction::Harkonnen
            }
            Prompt::HarkonnenDeploy { .. } | Prompt::Spice { .. } | Prompt::Rescue(_) => {
                Faction::Harkonnen
            }
            Prompt::HazardCasualty(f, ..) => f,
            Prompt::Flee(_) | Prompt::Displace(..) | Prompt::WormRetreat(..) => Faction::Harkonnen,
            Prompt::AtreidesHouse
            | Prompt::AtreidesDeploy { .. }
            | Prompt::Wormsigns(_)
            | Prompt::Sandworms(..)
            | Prompt::RelocateWorm(_)
            | Prompt::CalledWorm(..)
            | Prompt::WildMakerOrSandworm(..)
            | Prompt::EndClaims
            | Prompt::Unclaimed => Faction::Atreides,
            Prompt::Reassign(f)
            | Prompt::BeneGesserit(f)
            | Prompt::Turn(f)
            | Prompt::Mentat(f)
            | Prompt::Swap(f)
            | Prompt::Foresee(f, _)
            | Prompt::HandLimit(f)
            | Prompt::Card(f, ..) => f,
            Prompt::Excess(f, ..) => f,
            Prompt::Move(m) => m.faction,
            Prompt::Battle(b) => match b.step {
                BattleStep::Discard(f) | BattleStep::Convert(f) | BattleStep::Casualty(f) => f,
                BattleStep::Retreat => b.attacker.other(),
                _ => b.attacker,
            },
        })
    }
}

/// Orders of up to 3 cards, lexicographic, by how many cards are seen.
pub(super) const PERMS: [&[[u8; 3]]; 4] = [
    &[[0, 1, 2]],
    &[[0, 1, 2]],
    &[[0, 1, 2], [1, 0, 2]],
    &[
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ],
];

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Starts a round: draws, prescience, then Vehicle Placement.
    pub(super) fn start_round(&mut self, ev: &mut Vec<Event>) {
        self.round += 1;
        ev.push(Event::RoundStarted { round: self.round });
        // AR-START-03: one card from each of a player's two decks.
        for f in [H, A] {
            for k in 0..2 {
                self.draw(f, k, ev);
            }
        }
        // AR-START-05: 3 prescience cards face up (beyond one held by the
        // Eyes of Ibad).
        self.keep_attached_revealed();
        for _ in 0..3 {
            if let Some(c) = self.prescience_deck.pop() {
                self.revealed.push(c);
            }
        }
        ev.push(Event::PrescienceRevealed {
            cards: self.revealed.clone(),
        });
        self.claimed_this_round = 0;
        self.worms_surfaced = 0;
        self.bought_supremacy = false;
        self.phase = Phase::VehiclePlacement;
        // AR-VEH-02, AR-VEH-05: the active row is the lowest marker's.
        let row = self.active_row();
        self.prompt = Prompt::Vehicles {
            harvesters: row.harvesters,
            ornithopters: row.ornithopters,
            carryalls: row.carryalls,
            any: false,
            house: false,
        };
    }

    /// The active Spice Must Flow row (AR-VEH-02), with the printed
    /// board's ornithopters under `spice_must_flow_ornithopters = printed`.
    pub fn active_row(&self) -> super::board::tables::SpiceRow {
        let lowest = *self.imperium.iter().max().expect("3 markers");
        let mut row = self.d().tables.spice_must_flow.rows[usize::from(lowest - 1)];
        if self.rules.printed_ornithopters
            && let Some(n) = row.ornithopters_printed
        {
            row.ornithopters = n;
        }
        row
    }

    pub(super) fn vehicles_on_board(&self, v: Vehicle) -> u8 {
        self.zones.iter().filter(|z| **z == Some(v)).count() as u8
    }

    pub(super) fn harvesters_on_board(&self) -> u8 {
        self.areas.iter().filter(|a| a.harvester).count() as u8
    }

    /// A free desert area for a harvester (AR-VEH-07, AR-VEH-08).
    pub(super) fn harvester_area_ok(&self, a: AreaId) -> bool {
        let s = &self.areas[a.index()];
        self.is_desert(a)
            && !s.harvester
            && s.sietch.is_none()
            && s.unit_count(A) == 0
            && s.worm.is_none()
    }

    /// Desert now: the Family Atomics add one (AR-ATOM-04 to AR-ATOM-06).
    pub(super) fn is_desert(&self, a: AreaId) -> bool {
        self.d().board.desert.contains(a) || self.atomics_area == Some(a)
    }

    /// Every desert area now.
    pub(super) fn desert_now(&self) -> AreaSet {
        let mut s = self.d().board.desert;
        if let Some(a) = self.atomics_area {
            s.insert(a);
        }
        s
    }

    /// Every mountain area now.
    pub(super) fn mountains_now(&self) -> AreaSet {
        let mut s = self.d().board.mountains;
        if let Some(a) = self.atomics_area {
            s.remove(a);
        }
        s
    }

    /// Free slots of result `r` on `f`'s dashboard (AR-ACT-05, AR-ACT-06).
    pub(super) fn free_slots(&self, f: Faction, r: DieResult) -> u8 {
        let t = &self.d().tables.action_dice;
        let limit = match f {
            A => t.atreides.slots.of(r),
            H => match (self.rules.printed_dashboard, t.harkonnen.slots_printed) {
                (true, Some(p)) => p.of(r),
                _ => t.harkonnen.slots.of(r),
            },
        };
        let used = self.house(f).dice.iter().filter(|d| d.result == r).count() as u8;
        limit.saturating_sub(used)
    }

    pub(super) fn unspent(&self, f: Faction, r: DieResult) -> bool {
        self.house(f).dice.iter().any(|d| !d.spent && d.result == r)
    }

    /// Applies one action of the house to act.
    pub(super) fn apply_action(
        &mut self,
        f: Faction,
        action: &Action,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.winner.is_some() {
            return Err(RuleError::GameOver);
        }
        let legal = self.legal_list();
        if !legal.contains(action) {
            return Err(self.refusal(f, action));
        }
        let start = ev.len();
        self.step(f, *action, ev);
        // A step whose only choice is "stop here" is no decision: take it;
        // unless that choice comes from the seat's hidden cards, when the
        // seat is asked all the same (skipping would tell every watcher
        // that the hand holds nothing for it).
        loop {
            let next = self.legal_list();
            match (next.as_slice(), self.prompt.faction()) {
                ([Action::Done], Some(g))
                    if self.winner.is_none() && !self.reads_hidden_cards() =>
                {
                    self.step(g, Action::Done, ev)
                }
                _ => break,
            }
        }
        // Sandworms that surfaced this round, counted from the events so the
        // sandworm code needs no hook (prescience conditions).
        let placed = ev[start..]
            .iter()
            .rev()
            .take_while(|e| !matches!(e, Event::RoundStarted { .. }))
            .filter(|e| matches!(e, Event::SandwormPlaced { .. }))
            .count();
        self.worms_surfaced = self
            .worms_surfaced
            .saturating_add(u8::try_from(placed).unwrap_or(u8::MAX));
        Ok(())
    }

    fn step(&mut self, f: Faction, action: Action, ev: &mut Vec<Event>) {
        match (self.prompt, action) {
            (Prompt::Vehicles { .. }, _) => self.step_vehicles(action, ev),
            (Prompt::Reassign(f), Action::Reassign(r)) => {
                self.house_mut(f).excess -= 1;
                self.house_mut(f).dice.push(Die {
                    result: r,
                    spent: false,
                    token: false,
                });
                self.next_reassign(f, ev);
            }
            (Prompt::BeneGesserit(f), a) => {
                if let Action::PlaceBeneGesserit(r) = a {
                    let h = self.house_mut(f);
                    h.bene_gesserit -= 1;
                    h.bene_gesserit_placed = true;
                    h.dice.push(Die {
                        result: r,
                        spent: false,
                        token: true,
                    });
                }
                if f == H && self.house(A).bene_gesserit > 0 {
                    self.prompt = Prompt::BeneGesserit(A);
                } else {
                    self.prompt = Prompt::Turn(A);
                }
            }
            (Prompt::Turn(f), a) => self.step_turn(f, a, ev),
            (Prompt::AtreidesHouse, Action::HouseAsDesertPower) => self.desert_power(),
            (Prompt::AtreidesHouse, Action::HouseAs(r)) => self.begin_die_action(A, r, ev),
            (Prompt::HarkonnenHouse, Action::HouseUpgrade) => self.prompt = Prompt::Upgrade(2),
            (Prompt::HarkonnenHouse, _) => {
                // AR-DIE-21 (AR-OPT-04: exactly one of each).
                let fixed = self.rules.house_vehicles_fixed;
                self.prompt = Prompt::Vehicles {
                    harvesters: u8::from(fixed),
                    ornithopters: if fixed { 1 } else { 2 },
                    carryalls: u8::from(fixed),
                    any: !fixed,
                    house: true,
                }
            }
            (Prompt::Move(m), a) => self.step_move(m, a, ev),
            (Prompt::Mentat(f), Action::Mentat(x, y)) => {
                for dk in [x, y] {
                    self.draw(f, dk.index() % 2, ev);
                }
                self.end_turn(f, ev);
            }
            (Prompt::HarkonnenDeploy { .. }, a) => self.step_harkonnen_deploy(a, ev),
            (Prompt::AtreidesDeploy { .. }, a) => self.step_atreides_deploy(a, ev),
            (Prompt::Upgrade(n), a) => match a {
                Action::Upgrade(area) => {
                    let s = &mut self.areas[area.index()].units[H];
                    s.regular -= 1;
                    s.elite += 1;
                    let h = self.house_mut(H);
                    h.supply.regular += 1;
                    h.supply.elite -= 1;
                    self.prompt = Prompt::Upgrade(n - 1);
                }
                _ => self.end_turn(H, ev),
            },
            (Prompt::Wormsigns(n), a) => match a {
                Action::WormsignAt(area) => {
                    // AR-DP-06: drawn at random and placed unseen (see docs).
                    let w = self.wormsign_pool.pop().expect("legal");
                    self.areas[area.index()].wormsign = Some(w);
                    ev.push(Event::WormsignPlaced { area });
                    self.prompt = Prompt::Wormsigns(n - 1);
                }
                Action::WormAttack(..) | Action::WormMove(..) => {
                    self.prompt = Prompt::Sandworms(2, AreaSet::EMPTY);
                    self.step_sandworms(a, ev);
                }
                _ => self.end_turn(A, ev),
            },
            (Prompt::Sandworms(..), a) => self.step_sandworms(a, ev),
            (Prompt::Battle(bt), a) => self.step_battle(bt, a, ev),
            (Prompt::Spice { .. }, a) => self.step_spice(a, ev),
            (Prompt::EndClaims, a) => {
                if let Action::Claim(i) = a {
                    self.claim(i, ev);
                    self.claimed_this_turn = false;
                } else {
                    self.end_of_round_rest(ev);
                }
            }
            (Prompt::Foresee(f, k), Action::Order(p)) => {
                let deck = &mut self.houses[f].decks[usize::from(k)];
                let n = deck.len().min(3);
                let top: Vec<_> = deck.iter().rev().take(n).copied().collect();
                let perm = PERMS[n][usize::from(p)];
                deck.truncate(deck.len() - n);
                // The first of the order goes on top (the end of the pile).
                for &i in perm[..n].iter().rev() {
                    deck.push(top[usize::from(i)]);
                }
                self.prompt = Prompt::Turn(f);
            }
            (Prompt::RelocateWorm(_), Action::WormMove(from, to)) => {
                self.answer_relocation(from, to, ev);
            }
            (Prompt::CalledWorm(m, _), Action::WormMove(from, to)) => {
                self.answer_called_worm(m, from, to, ev);
            }
            (Prompt::Rescue(area), a) => {
                let zone = match a {
                    Action::Rescue(z) => Some(z),
                    _ => None,
                };
                self.answer_rescue(area, zone, ev);
            }
            (Prompt::Swap(_), Action::WildMaker) => self.swap_wild_maker(ev),
            (Prompt::Swap(f), Action::SwapLeader(l)) => {
                let super::state::LeaderAt::Board(area) = self.leaders[usize::from(l.0)] else {
                    unreachable!("legal")
                };
                self.areas[area.index()].named &= !(1 << l.0);
                self.leaders[usize::from(l.0)] = super::state::LeaderAt::SetAside;
                self.place_leader(f, None, area);
            }
            (Prompt::Swap(f), _) => {
                if f == H {
                    self.prompt = Prompt::Swap(A);
                } else {
                    self.prompt = Prompt::HandLimit(H);
                    self.next_hand_limit(ev);
                }
            }
            (Prompt::HandLimit(f), Action::Discard(c)) => {
                let h = self.house_mut(f);
                let i = h.hand.iter().position(|x| *x == c).expect("legal");
                h.hand.remove(i);
                h.discard.push(c);
                ev.push(Event::CardDiscarded {
                    faction: f,
                    card: c,
                });
                self.next_hand_limit(ev);
            }
            (Prompt::Card(..), a) => self.step_card(a, ev),
            (Prompt::HazardCasualty(f, area, n, then), Action::LoseUnit(k)) => {
                self.answer_hazard_casualty(f, area, n, then, k, ev);
            }
            (Prompt::Excess(f, area, then), Action::LoseUnit(k)) => {
                self.answer_excess(f, area, then, k, ev);
            }
            (Prompt::Flee(area), Action::Retreat(to)) => self.answer_flee(area, to, ev),
            (Prompt::Displace(f, area), Action::Displace(to)) => {
                self.answer_displace(f, area, to, ev);
            }
            (Prompt::WormRetreat(m, to, g), Action::Retreat(b)) => {
                self.answer_worm_retreat(m, to, g, b, ev);
            }
            (Prompt::WildMakerOrSandworm(to, m), a) => {
                self.answer_wild_maker_or_sandworm(to, m, a == Action::WildMaker, ev);
            }
            (Prompt::Unclaimed, Action::PickSlot(i)) => {
                // AR-END-09: this card leaves the game; the others are
                // still to decide.
                let c = self.revealed.remove(usize::from(i));
                ev.push(Event::PrescienceRemoved { card: c });
                if self.revealed.iter().all(|c| Some(*c) == self.ibad) {
                    self.keep_attached_revealed();
                    self.finish_round(ev);
                }
            }
            (Prompt::Unclaimed, a) => {
                if a == Action::RemoveUnclaimed {
                    for &c in &self.revealed {
                        if Some(c) != self.ibad {
                            ev.push(Event::PrescienceRemoved { card: c });
                        }
                    }
                }
                if a == Action::ReshuffleUnclaimed {
                    let keep = self.ibad;
                    let cards = self.revealed.iter().filter(|c| Some(**c) != keep);
                    self.prescience_deck.extend(cards);
                    let mut deck = std::mem::take(&mut self.prescience_deck);
                    rand::seq::SliceRandom::shuffle(deck.as_mut_slice(), &mut self.rng);
                    self.prescience_deck = deck;
                }
                self.keep_attached_revealed();
                self.finish_round(ev);
            }
            _ => unreachable!(
                "{f:?} {action:?} passed the legal check at {:?}",
                self.prompt
            ),
        }
    }

    fn step_vehicles(&mut self, action: Action, ev: &mut Vec<Event>) {
        let Prompt::Vehicles {
            mut harvesters,
            mut ornithopters,
            mut carryalls,
            any,
            house,
        } = self.prompt
        else {
            unreachable!()
        };
        match action {
            Action::PlaceHarvester(a) => {
                self.areas[a.index()].harvester = true;
                if any {
                    ornithopters -= 1;
                } else {
                    harvesters -= 1;
                }
                ev.push(Event::HarvesterPlaced { area: a });
            }
            Action::PlaceVehicle(v, z) => {
                self.zones[z.index()] = Some(v);
                ev.push(Event::VehiclePlaced {
                    vehicle: v,
                    zone: z,
                });
                match (v, any) {
                    (_, true) | (Vehicle::Ornithopter, false) => ornithopters -= 1,
                    (Vehicle::Carryall, false) => carryalls -= 1,
                }
            }
            _ => {
                if house {
                    self.end_turn(H, ev);
                } else {
                    self.start_action_resolution(ev);
                }
                return;
            }
        }
        self.prompt = Prompt::Vehicles {
            harvesters,
            ornithopters,
            carryalls,
            any,
            house,
        };
    }

    /// Step 2: roll, allocate, Bene Gesserit, then turns (AR-ACT-03 on).
    fn start_action_resolution(&mut self, ev: &mut Vec<Event>) {
        self.phase = Phase::ActionResolution;
        self.harvesters_destroyed = 0;
        let t = &self.d().tables.action_dice;
        let counts = [self.active_row().dice, t.atreides.dice];
        let faces = t.faces.clone();
        for f in [H, A] {
            let h = self.house_mut(f);
            h.dice.clear();
            h.excess = 0;
            h.bene_gesserit_placed = false;
            let mut results = Vec::new();
            for _ in 0..counts[f.index()] {
                let r = faces[self.roll(faces.len())];
                results.push(r);
                if self.free_slots(f, r) > 0 {
                    self.house_mut(f).dice.push(Die {
                        result: r,
                        spent: false,
                        token: false,
                    });
                } else {
                    self.house_mut(f).excess += 1;
                }
            }
            ev.push(Event::DiceRolled {
                faction: f,
                results,
            });
        }
        // AR-ACT-08: fewer dice on the dashboard starts; tie Harkonnen.
        let first = if self.house(A).dice.len() < self.house(H).dice.len() {
            A
        } else {
            H
        };
        self.prompt = Prompt::Reassign(first);
        if self.house(first).excess == 0 {
            self.next_reassign(first, ev);
        }
    }

    /// AR-ACT-09: alternate one die at a time while excess dice remain.
    fn next_reassign(&mut self, last: Faction, _ev: &mut Vec<Event>) {
        for f in [last.other(), last] {
            if self.house(f).excess > 0 {
                self.prompt = Prompt::Reassign(f);
                return;
            }
        }
        // AR-BG-02: Harkonnen first, then Atreides (default reading only).
        if !self.rules.bene_gesserit_reorder {
            for f in [H, A] {
                if self.house(f).bene_gesserit > 0 {
                    self.prompt = Prompt::BeneGesserit(f);
                    return;
                }
            }
        }
        // AR-ACT-10: the Atreides take the first turn.
        self.prompt = Prompt::Turn(A);
    }

    pub(super) fn spend(&mut self, f: Faction, r: DieResult, ev: &mut Vec<Event>) {
        let h = self.house_mut(f);
        let i = h
            .dice
            .iter()
            .position(|d| !d.spent && d.result == r)
            .expect("legal");
        h.dice[i].spent = true;
        ev.push(Event::DieSpent {
            faction: f,
            result: r,
        });
        // AR-LEADER-11: the tank moves at the end of this turn, so this
        // die cannot also deploy a leader it frees.
        self.tank_moves[f] += 1;
    }

    fn step_turn(&mut self, f: Faction, a: Action, ev: &mut Vec<Event>) {
        match a {
            Action::SpendDie(r) => {
                self.spend(f, r, ev);
                match (f, r) {
                    (A, DieResult::House) => self.prompt = Prompt::AtreidesHouse,
                    (H, DieResult::House) => self.prompt = Prompt::HarkonnenHouse,
                    _ => self.begin_die_action(f, r, ev),
                }
            }
            Action::Special(l) => self.use_special(f, l, ev),
            Action::PlayCard(c, r) => {
                // AR-ACT-12: any die plays a card.
                self.spend(f, r, ev);
                self.play_card(f, c, ev);
            }
            Action::DesertPower => self.desert_power(),
            Action::Claim(i) => self.claim(i, ev),
            Action::ClaimSpending(i, r) => {
                // AR-PRESC-08: the die is the turn's action.
                self.claim(i, ev);
                self.spend(A, r, ev);
                self.end_turn(A, ev);
            }
            Action::Reveal(area) => {
                self.reveal_tokens(area, AfterExcess::Turn(A), ev);
            }
            Action::Scheme(n) => self.scheme(n),
            Action::Foresee(k) => {
                // AR-BG-05: the token leaves the game.
                self.house_mut(f).bene_gesserit -= 1;
                self.prompt = Prompt::Foresee(f, k);
            }
            Action::Atomics(area) => self.detonate(area, ev),
            Action::Scout(z, area) => {
                // AR-SCOUT-01 to AR-SCOUT-05
                self.zones[z.index()] = None;
                self.reveal_sietch(area, ev);
                self.reveal_tokens(area, AfterExcess::Turn(H), ev);
            }
            _ => unreachable!(),
        }
    }

    fn desert_power(&mut self) {
        // AR-DP-06 (the sandworm attack option is not offered yet).
        self.prompt = Prompt::Wormsigns(2);
    }

    pub(super) fn begin_die_action(&mut self, f: Faction, r: DieResult, ev: &mut Vec<Event>) {
        self.prompt = match r {
            DieResult::Strategy | DieResult::Leadership => Prompt::Move(Move {
                faction: f,
                leadership: r == DieResult::Leadership,
                legions_left: 2,
                moved_into: AreaSet::EMPTY,
                picked: None,
                card: None,
            }),
            DieResult::Mentat => Prompt::Mentat(f),
            DieResult::Deployment if f == H => Prompt::HarkonnenDeploy {
                regulars: 3,
                leader: true,
                last: None,
            },
            DieResult::Deployment => {
                // AR-DIE-11: draw a random token (the pool is shuffled).
                match self.deploy_pool.pop() {
                    Some(token) => Prompt::AtreidesDeploy {
                        token,
                        placed: None,
                    },
                    None => {
                        self.end_turn(f, ev);
                        return;
                    }
                }
            }
            DieResult::House => unreachable!("handled by the house prompts"),
        };
    }

    /// Ends `f`'s turn: the other house acts, until the Harkonnen have no
    /// die left (AR-ACT-18).
    pub(super) fn end_turn(&mut self, f: Faction, ev: &mut Vec<Event>) {
        if self.winner.is_some() {
            self.effect = None;
            self.prompt = Prompt::None;
            return;
        }
        // A card's step handed over to a prompt: the card goes on.
        if self.effect.is_some() {
            self.advance_card(ev);
            return;
        }
        self.turn_ended_pins(f);
        // AR-LEADER-11, AR-LEADER-13: one box per die spent this turn.
        for g in [H, A] {
            for _ in 0..std::mem::take(&mut self.tank_moves[g]) {
                self.advance_tank(g);
            }
        }
        if f == H {
            // Truthtrance: the forced turn is over.
            self.forced_die = None;
        }
        self.claimed_this_turn = false;
        if self.house(H).unused() == 0 {
            self.end_action_resolution(ev);
            return;
        }
        self.prompt = Prompt::Turn(f.other());
    }

    fn end_action_resolution(&mut self, ev: &mut Vec<Event>) {
        // AR-ACT-19: the Atreides lose their unspent dice.
        for f in [H, A] {
            self.house_mut(f).dice.clear();
        }
        self.desert_hazards(ev);
    }

    fn step_harkonnen_deploy(&mut self, a: Action, ev: &mut Vec<Event>) {
        let Prompt::HarkonnenDeploy {
            regulars, leader, ..
        } = self.prompt
        else {
            unreachable!()
        };
        match a {
            Action::DeployAt(area) => {
                self.house_mut(H).supply.regular -= 1;
                self.areas[area.index()].units[H].regular += 1;
                self.prompt = Prompt::HarkonnenDeploy {
                    regulars: regulars - 1,
                    leader,
                    last: Some(area),
                };
            }
            Action::DeployLeader(l) => {
                let Prompt::HarkonnenDeploy {
                    last: Some(area), ..
                } = self.prompt
                else {
                    unreachable!()
                };
                self.place_leader(H, l, area);
                self.prompt = Prompt::HarkonnenDeploy {
                    regulars,
                    leader: false,
                    last: Some(area),
                };
            }
            _ => self.end_turn(H, ev),
        }
    }

    fn step_atreides_deploy(&mut self, a: Action, ev: &mut Vec<Event>) {
        let Prompt::AtreidesDeploy { token, .. } = self.prompt else {
            unreachable!()
        };
        match a {
            Action::DeployAt(area) => {
                self.areas[area.index()].tokens.push(token);
                ev.push(Event::TokenDeployed { area, kind: token });
                self.prompt = Prompt::AtreidesDeploy {
                    token,
                    placed: Some(area),
                };
            }
            Action::DeployLeader(l) => {
                let Prompt::AtreidesDeploy {
                    placed: Some(area), ..
                } = self.prompt
                else {
                    unreachable!()
                };
                self.place_leader(A, l, area);
                self.end_turn(A, ev);
            }
            _ => {
                if let Prompt::AtreidesDeploy { placed: None, .. } = self.prompt {
                    // Not placed: the token goes back into the pool.
                    self.deploy_pool.push(token);
                    let mut pool = std::mem::take(&mut self.deploy_pool);
                    rand::seq::SliceRandom::shuffle(pool.as_mut_slice(), &mut self.rng);
                    self.deploy_pool = pool;
                }
                self.end_turn(A, ev);
            }
        }
    }

    /// Puts a generic (`None`) or named leader figure into `area`.
    pub(super) fn place_leader(
        &mut self,
        f: Faction,
        l: Option<super::ids::LeaderId>,
        area: AreaId,
    ) {
        match l {
            None => {
                self.house_mut(f).generic_supply -= 1;
                self.areas[area.index()].generic[f] += 1;
            }
            Some(l) => {
                self.leaders[usize::from(l.0)] = super::state::LeaderAt::Board(area);
                self.areas[area.index()].named |= 1 << l.0;
            }
        }
    }

    /// Removes `f`'s units above the stacking limit (AR-MOVE-08,
    /// AR-SPICE-20, AR-DEPLOY-05): the owner picks which go when the area
    /// holds more than one kind of unit (`Prompt::Excess`, then `then`);
    /// otherwise they go at once. True when waiting on that choice.
    pub(super) fn enforce_stacking(&mut self, f: Faction, then: AfterExcess) -> bool {
        let limit = self.stacking_limit(f);
        for i in 0..self.areas.len() {
            while self.areas[i].unit_count(f) > limit {
                let u = self.areas[i].units[f];
                let kinds: Vec<UnitKind> =
                    UnitKind::ALL.into_iter().filter(|&k| u[k] > 0).collect();
                match kinds.as_slice() {
                    [] => break,
                    [k] => self.remove_unit(f, AreaId(i as u8), *k),
                    _ => {
                        self.prompt = Prompt::Excess(f, AreaId(i as u8), then);
                        return true;
                    }
                }
            }
        }
        false
    }

    /// One unit of kind `k` of `f` leaves `area` for the supply.
    fn remove_unit(&mut self, f: Faction, area: AreaId, k: UnitKind) {
        self.areas[area.index()].units[f][k] -= 1;
        self.house_mut(f).supply[k] += 1;
    }

    /// The owner removed one unit of kind `k` above the limit (AR-MOVE-08).
    fn answer_excess(
        &mut self,
        f: Faction,
        area: AreaId,
        then: AfterExcess,
        k: UnitKind,
        ev: &mut Vec<Event>,
    ) {
        self.remove_unit(f, area, k);
        if self.enforce_stacking(f, then) {
            return;
        }
        match then {
            AfterExcess::Turn(g) => self.prompt = Prompt::Turn(g),
            AfterExcess::EndTurn(g) => self.end_turn(g, ev),
            AfterExcess::EndClaims => self.prompt = Prompt::EndClaims,
            AfterExcess::Battle(bt) => self.begin_battle(bt, ev),
            AfterExcess::Card => self.after_card_choice(ev),
        }
    }

    /// Units of `k` for figure accounting.
    pub fn supply(&self, f: Faction, k: UnitKind) -> u8 {
        self.house(f).supply[k]
    }
}
