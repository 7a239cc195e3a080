//! Card steps of the House Atreides and Fremen decks that the shared steps
//! do not cover: prescience (Adab, Alam al-Mithal), the secret objective
//! (Tested with the Gom Jabbar), the Harkonnen dice (Truthtrance), the
//! Imperium (Bill of Particulars), sietches and their tokens (Cielago's
//! Piping Message, Stillsuits, Kitab al-Ibar), pushing an enemy legion
//! (Sandtides), the Family Atomics (Our Family Atomics), wormsigns and
//! vehicles near Gurney Halleck (Smugglers). Choices the texts leave open
//! are listed in docs/rules-decisions.md.
use rand::Rng;

use crate::arrakis::action::Action;
use crate::arrakis::cards::effects::{Attachment, Step};
use crate::arrakis::cards::play::CardRun;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AirZoneId, AreaId, AreaSet, Faction, ImperiumMarker, Marker, UnitKind};
use crate::arrakis::prompt::{AfterExcess, Prompt};
use crate::arrakis::state::{AreaState, Arrakis, LeaderAt};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Whether a step is run by this file.
    pub(crate) fn is_ext_step(s: &Step) -> bool {
        matches!(
            s,
            Step::Wormsigns { .. }
                | Step::ImperiumDown
                | Step::SietchGainsToken { .. }
                | Step::SwapSietchTokens
                | Step::RelocateSietch
                | Step::PushEnemy
                | Step::ShiftPrescience
                | Step::ReplacePrescience
                | Step::ForceDie
                | Step::Atomics { .. }
                | Step::SecondObjective
                | Step::RemoveVehicles { .. }
                | Step::AttachPrescience { .. }
        )
    }

    /// Areas holding a sietch at most `n` areas (across any border) from
    /// a Harkonnen legion.
    pub(crate) fn sietches_near_harkonnen(&self, n: u8) -> AreaSet {
        let d = self.d();
        let b = d.board;
        let mut reach = AreaSet::EMPTY;
        for (i, s) in self.areas.iter().enumerate() {
            if s.has_legion(H, d) {
                reach.insert(AreaId(i as u8));
            }
        }
        for _ in 0..n {
            let mut next = reach;
            for a in reach.iter() {
                for x in b.passable[a.index()]
                    .iter()
                    .chain(b.impassable[a.index()].iter())
                {
                    next.insert(x);
                }
            }
            reach = next;
        }
        reach
            .iter()
            .filter(|a| self.areas[a.index()].sietch.is_some())
            .collect()
    }

    fn sietch_areas(&self) -> AreaSet {
        (0..self.areas.len())
            .filter(|&i| self.areas[i].sietch.is_some())
            .map(|i| AreaId(i as u8))
            .collect()
    }

    /// An area with no figure, token, sietch, sandworm, wormsign or
    /// harvester.
    fn empty_area(&self, a: AreaId) -> bool {
        let d = self.d();
        let s = &self.areas[a.index()];
        !s.has_legion(H, d)
            && !s.has_legion(A, d)
            && s.sietch.is_none()
            && s.worm.is_none()
            && s.wormsign.is_none()
            && !s.any_harvester() // SM-HARVESTER-03
    }

    /// Whether the sietches in `x` and `y` may trade their tokens: two
    /// different sietches, some token to trade, and no leader left
    /// without a unit (AR-MOVE-13).
    fn swap_ok(&self, x: AreaId, y: AreaId) -> bool {
        let d = self.d();
        let (sx, sy) = (&self.areas[x.index()], &self.areas[y.index()]);
        let units = |s: &AreaState| s.unit_count(A) - s.tokens.len() as u8;
        let alone =
            |s: &AreaState, gets: usize| s.leader_count(A, d) > 0 && units(s) == 0 && gets == 0;
        let some_token = !sx.tokens.is_empty() || !sy.tokens.is_empty();
        let lonely = alone(sx, sy.tokens.len()) || alone(sy, sx.tokens.len());
        x != y && some_token && !lonely
    }

    /// Empty desert areas bordering `a` (Kitab al-Ibar).
    fn sietch_destinations(&self, a: AreaId) -> AreaSet {
        let b = self.d().board;
        b.passable[a.index()]
            .iter()
            .filter(|&x| self.is_desert(x) && self.empty_area(x) && !s_settled(self, x))
            .collect()
    }

    /// Empty areas a Harkonnen legion in `a` may be pushed into
    /// (Sandtides): across a passable border, never onto a settlement.
    fn push_destinations(&self, a: AreaId) -> AreaSet {
        let b = self.d().board;
        b.passable[a.index()]
            .iter()
            .filter(|&x| self.empty_area(x) && !s_settled(self, x))
            .collect()
    }

    /// Wormsign areas as Desert Power allows (AR-DP-07).
    fn wormsign_spots(&self) -> AreaSet {
        self.desert_now()
            .iter()
            .filter(|a| {
                let s = &self.areas[a.index()];
                s.wormsign.is_none() && s.worm.is_none() && s.sietch.is_none()
                    // DW-SUSPENSOR-02, SM-ROUND-08
                    && self.hook_wormsign_barred(*a).is_none()
            })
            .collect()
    }

    /// Areas with a harvester, and Air zones with a vehicle, in the sector
    /// of the named leader's legion (Smugglers).
    fn vehicles_near(&self, leader: &str) -> (Vec<AreaId>, Vec<AirZoneId>) {
        let d = self.d();
        let b = d.board;
        let Some(l) = d.leader_id(leader) else {
            return (Vec::new(), Vec::new());
        };
        let LeaderAt::Board(at) = self.leaders[usize::from(l.0)] else {
            return (Vec::new(), Vec::new());
        };
        let sector = b.area(at).sector;
        let areas: Vec<AreaId> = (0..self.areas.len())
            .map(|i| AreaId(i as u8))
            .filter(|&a| b.area(a).sector == sector)
            .collect();
        let harvesters = areas
            .iter()
            .copied()
            .filter(|a| self.areas[a.index()].harvester)
            .collect();
        let zones = (0..b.air_zones.len())
            .map(|z| AirZoneId(z as u8))
            .filter(|z| {
                self.harkonnen_vehicle_in(z.index())
                    && areas
                        .iter()
                        .any(|a| b.air_zones[z.index()].areas.contains(*a))
            })
            .collect();
        (harvesters, zones)
    }

    /// The legal choices of a step of this file ("Done" is added by the
    /// caller).
    pub(crate) fn legal_card_ext(&self, run: &CardRun, step: &Step, out: &mut Vec<Action>) {
        let d = self.d();
        match step {
            Step::Wormsigns { .. } if run.left > 0 && !self.wormsign_pool.is_empty() => {
                out.extend(self.wormsign_spots().into_iter().map(Action::WormsignAt));
            }
            Step::ImperiumDown => {
                let bottom = d.tables.spice_must_flow.rows.len() as u8;
                for m in ImperiumMarker::ALL {
                    if self.imperium[m] < bottom {
                        out.push(Action::PickImperium(m));
                    }
                }
            }
            Step::SietchGainsToken { within } if !self.deploy_pool.is_empty() => {
                let v = self.sietches_near_harkonnen(*within);
                out.extend(v.into_iter().map(Action::PickArea));
            }
            Step::SwapSietchTokens => {
                let first = if run.stage == 1 { run.area } else { None };
                let sietches = self.sietch_areas();
                for a in sietches {
                    let ok = match first {
                        None => sietches.iter().any(|b| self.swap_ok(a, b)),
                        Some(x) => self.swap_ok(x, a),
                    };
                    if ok {
                        out.push(Action::PickArea(a));
                    }
                }
            }
            Step::RelocateSietch => match (run.stage, run.area) {
                (1, Some(x)) => {
                    out.extend(
                        self.sietch_destinations(x)
                            .into_iter()
                            .map(Action::PickArea),
                    );
                }
                _ => {
                    for a in self.sietch_areas() {
                        if !self.sietch_destinations(a).is_empty() {
                            out.push(Action::PickArea(a));
                        }
                    }
                }
            },
            Step::PushEnemy => match (run.stage, run.area) {
                (1, Some(x)) => {
                    out.extend(self.push_destinations(x).into_iter().map(Action::PickArea));
                }
                _ => {
                    let enemy = run.faction.other();
                    for i in 0..self.areas.len() {
                        let a = AreaId(i as u8);
                        if self.is_desert(a)
                            && self.areas[i].has_legion(enemy, d)
                            && !self.push_destinations(a).is_empty()
                        {
                            out.push(Action::PickArea(a));
                        }
                    }
                }
            },
            Step::ShiftPrescience => {
                let max = d.tables.tracks.prescience_max;
                match run.stage {
                    0 => {
                        for m in Marker::ALL {
                            if self.prescience[m] > 0 {
                                out.push(Action::PickMarker(m));
                            }
                        }
                    }
                    1..=3 => {
                        let down = Marker::ALL[usize::from(run.stage - 1)];
                        for m in Marker::ALL {
                            if m != down && self.prescience[m] < max {
                                out.push(Action::PickMarker(m));
                            }
                        }
                    }
                    s => {
                        let (down, up) = shift_pair(s);
                        let n = self.prescience[down].min(max - self.prescience[up]);
                        out.extend((1..=n).map(Action::PickSlot));
                    }
                }
            }
            Step::ReplacePrescience if !self.prescience_deck.is_empty() => {
                // The Eyes of Ibad's card cannot be removed.
                for (i, c) in self.revealed.iter().enumerate() {
                    if Some(*c) != self.ibad {
                        out.push(Action::PickSlot(i as u8));
                    }
                }
            }
            Step::AttachPrescience { kind } => match (kind, run.stage) {
                (_, 0) => {
                    for (i, c) in self.revealed.iter().enumerate() {
                        if self.ibad != Some(*c) && self.fear.is_none_or(|(f, _)| f != *c) {
                            out.push(Action::PickSlot(i as u8));
                        }
                    }
                }
                (Attachment::Fear, _) => out.extend(Marker::ALL.map(Action::PickMarker)),
                (Attachment::Ibad, _) => {}
            },
            Step::ForceDie => {
                let mut seen = Vec::new();
                for die in &self.house(run.faction.other()).dice {
                    if !die.spent && !die.token && !seen.contains(&die.result) {
                        seen.push(die.result);
                    }
                }
                out.extend(seen.into_iter().map(Action::PickDie));
            }
            // AR-ATOM-01 to AR-ATOM-07, from a lower step.
            Step::Atomics { min_step }
                if !self.atomics_used && self.prescience.iter().any(|p| p >= min_step) =>
            {
                let targets = &d.board.family_atomics_targets;
                out.extend(targets.iter().map(|&t| Action::Atomics(t)));
            }
            Step::SecondObjective
                if self.objective2.is_none() && d.tables.secret_objectives.len() > 1 =>
            {
                out.push(Action::Resolve);
            }
            Step::RemoveVehicles { near, .. } if run.left > 0 => {
                let (areas, zones) = self.vehicles_near(near);
                out.extend(areas.into_iter().map(Action::PickArea));
                out.extend(zones.into_iter().map(Action::PickZone));
            }
            _ => {}
        }
    }

    /// Applies a choice of a step of this file (never "Done"): each step's
    /// choice has its own method below, so a step reads on its own.
    pub(crate) fn step_card_ext(
        &mut self,
        run: CardRun,
        step: &Step,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        match (step, a) {
            (Step::Wormsigns { .. }, Action::WormsignAt(area)) => {
                self.card_places_wormsign(run, area, ev);
            }
            (Step::ImperiumDown, Action::PickImperium(m)) => self.card_moves_imperium_down(m, ev),
            (Step::SietchGainsToken { .. }, Action::PickArea(area)) => {
                self.card_adds_sietch_token(run, area, ev);
            }
            (Step::SwapSietchTokens, Action::PickArea(area)) => {
                if let Some((first, second)) = self.second_area(run, area) {
                    self.card_swaps_sietch_tokens(run, first, second, ev);
                }
            }
            (Step::RelocateSietch, Action::PickArea(area)) => {
                if let Some((from, to)) = self.second_area(run, area) {
                    self.relocate_sietch(from, to);
                    for f in Faction::ALL {
                        self.hook_legion_arrived(f, to, ev); // DW-TROOPER-13
                    }
                    ev.push(Event::Relocated { from, to });
                    self.advance_card(ev);
                }
            }
            (Step::PushEnemy, Action::PickArea(area)) => {
                if let Some((from, to)) = self.second_area(run, area) {
                    let f = run.faction.other();
                    self.move_legion(f, from, to);
                    self.hook_legion_arrived(f, to, ev); // DW-TROOPER-13
                    ev.push(Event::Relocated { from, to });
                    self.advance_card(ev);
                }
            }
            (Step::ShiftPrescience, Action::PickMarker(m)) => self.card_picks_shift_marker(run, m),
            (Step::ShiftPrescience, Action::PickSlot(n)) => self.card_shifts_prescience(run, n, ev),
            (Step::ReplacePrescience, Action::PickSlot(i)) => {
                self.card_replaces_prescience(run, i, ev);
            }
            (Step::AttachPrescience { kind }, Action::PickSlot(i)) => {
                self.card_attaches_prescience(run, *kind, i, ev);
            }
            (Step::AttachPrescience { .. }, Action::PickMarker(m)) => {
                let slot = usize::from(run.stage.saturating_sub(1));
                if let Some(&c) = self.revealed.get(slot) {
                    self.fear = Some((c, m));
                }
                self.advance_card(ev);
            }
            (Step::ForceDie, Action::PickDie(r)) => {
                self.forced_die = Some(r);
                ev.push(Event::DieForced { die: r });
                self.advance_card(ev);
            }
            (Step::Atomics { .. }, Action::Atomics(t)) => {
                self.detonate(t, ev);
                self.advance_card(ev);
            }
            (Step::SecondObjective, Action::Resolve) => self.card_deals_second_objective(ev),
            (Step::RemoveVehicles { .. }, Action::PickArea(area)) => {
                self.areas[area.index()].harvester = false;
                ev.push(Event::HarvesterDestroyed { area });
                self.card_target_done(run, ev);
            }
            (Step::RemoveVehicles { .. }, Action::PickZone(z)) => {
                if let Some(vehicle) = self.zones[z.index()].take() {
                    self.hook_vehicle_left_zone(vehicle);
                    ev.push(Event::VehicleRemoved { vehicle, zone: z });
                }
                self.card_target_done(run, ev);
            }
            _ => self.advance_card(ev),
        }
    }

    /// A step that picks two areas in turn (a sietch's tokens swapped with
    /// another's, a sietch or an enemy legion moved): the first pick is
    /// kept in the run and `None` returned; the second returns both.
    fn second_area(&mut self, mut run: CardRun, area: AreaId) -> Option<(AreaId, AreaId)> {
        match (run.stage, run.area) {
            (1, Some(first)) => Some((first, area)),
            _ => {
                run.stage = 1;
                run.area = Some(area);
                self.effect = Some(run);
                None
            }
        }
    }

    /// One target of a step with several (wormsigns placed, vehicles
    /// removed) is done: the step goes on while targets are left.
    fn card_target_done(&mut self, mut run: CardRun, ev: &mut Vec<Event>) {
        run.left = run.left.saturating_sub(1);
        self.effect = Some(run);
        self.after_card_choice(ev);
    }

    /// A wormsign drawn at random and placed unseen (AR-DP-06).
    fn card_places_wormsign(&mut self, run: CardRun, area: AreaId, ev: &mut Vec<Event>) {
        if let Some(w) = self.wormsign_pool.pop() {
            self.areas[area.index()].wormsign = Some(w);
            ev.push(Event::WormsignPlaced { area });
        }
        self.card_target_done(run, ev);
    }

    /// An Imperium marker down one row (Bill of Particulars); the ban is
    /// left as it is.
    fn card_moves_imperium_down(&mut self, m: ImperiumMarker, ev: &mut Vec<Event>) {
        self.imperium[m] += 1;
        ev.push(Event::ImperiumMarkerMoved {
            marker: m,
            row: self.imperium[m],
        });
        self.advance_card(ev);
    }

    /// A deployment token added to a sietch (Stillsuits).
    fn card_adds_sietch_token(&mut self, mut run: CardRun, area: AreaId, ev: &mut Vec<Event>) {
        if let Some(kind) = self.deploy_pool.pop() {
            self.areas[area.index()].tokens.push(kind);
            ev.push(Event::TokenDeployed { area, kind });
            self.hook_legion_arrived(A, area, ev); // DW-TROOPER-13
            // AR-MOVE-08: over the stacking limit, the Atreides pick the
            // excess; the card goes on after.
            run.left = 0;
            self.effect = Some(run);
            if self.enforce_stacking(A, AfterExcess::Card) {
                return;
            }
        }
        self.advance_card(ev);
    }

    /// Two sietches' tokens exchanged (Cielago's Piping Message).
    fn card_swaps_sietch_tokens(
        &mut self,
        mut run: CardRun,
        first: AreaId,
        second: AreaId,
        ev: &mut Vec<Event>,
    ) {
        let t1 = std::mem::take(&mut self.areas[first.index()].tokens);
        let t2 = std::mem::replace(&mut self.areas[second.index()].tokens, t1);
        self.areas[first.index()].tokens = t2;
        ev.push(Event::TokensSwapped { first, second });
        self.hook_legion_arrived(A, first, ev); // DW-TROOPER-13
        self.hook_legion_arrived(A, second, ev); // DW-TROOPER-13
        run.left = 0;
        self.effect = Some(run);
        if !self.enforce_stacking(A, AfterExcess::Card) {
            self.advance_card(ev);
        }
    }

    /// The marker picked to move down (first pick) or up (second pick) of
    /// a prescience shift; `stage` encodes the pair for `shift_pair`.
    fn card_picks_shift_marker(&mut self, mut run: CardRun, m: Marker) {
        let i = Marker::ALL.iter().position(|x| *x == m).unwrap_or(0) as u8;
        run.stage = if run.stage == 0 {
            1 + i
        } else {
            4 + (run.stage - 1) * 3 + i
        };
        self.effect = Some(run);
    }

    /// `n` steps moved from one prescience marker to another.
    fn card_shifts_prescience(&mut self, run: CardRun, n: u8, ev: &mut Vec<Event>) {
        let (down, up) = shift_pair(run.stage);
        let p = &mut self.prescience[down];
        *p = p.saturating_sub(n);
        let step = *p;
        ev.push(Event::Prescience { marker: down, step });
        self.advance_prescience(up, n, ev);
        self.advance_card(ev);
    }

    /// A revealed prescience card replaced by the deck's next; any number
    /// of cards, so the step goes on until "Done".
    fn card_replaces_prescience(&mut self, run: CardRun, slot: u8, ev: &mut Vec<Event>) {
        let i = usize::from(slot);
        if let (Some(next), true) = (self.prescience_deck.pop(), i < self.revealed.len()) {
            let old = std::mem::replace(&mut self.revealed[i], next);
            ev.push(Event::PrescienceRemoved { card: old });
            ev.push(Event::PrescienceRevealed { cards: vec![next] });
        }
        self.effect = Some(run);
    }

    /// A revealed prescience card attached: Ibad at once, Fear once its
    /// marker is picked.
    fn card_attaches_prescience(
        &mut self,
        mut run: CardRun,
        kind: Attachment,
        slot: u8,
        ev: &mut Vec<Event>,
    ) {
        let Some(&c) = self.revealed.get(usize::from(slot)) else {
            return self.advance_card(ev);
        };
        match kind {
            Attachment::Ibad => {
                self.ibad = Some(c);
                self.advance_card(ev);
            }
            Attachment::Fear => {
                run.stage = 1 + slot;
                self.effect = Some(run);
            }
        }
    }

    /// A second secret objective (Tested with the Gom Jabbar): any but the
    /// first, at random.
    fn card_deals_second_objective(&mut self, ev: &mut Vec<Event>) {
        let n = self.d().tables.secret_objectives.len() as u8;
        let k = self.rng.random_range(0..n - 1);
        let o = if k >= self.objective { k + 1 } else { k };
        self.objective2 = Some(o);
        ev.push(Event::ObjectiveDealt { objective: o });
        self.advance_card(ev);
    }

    /// Moves a sietch with every figure and token in its area (Kitab
    /// al-Ibar) into `to`.
    fn relocate_sietch(&mut self, from: AreaId, to: AreaId) {
        let s = std::mem::take(&mut self.areas[from.index()]);
        let t = &mut self.areas[to.index()];
        for f in Faction::ALL {
            for k in UnitKind::ALL {
                t.units[f][k] += s.units[f][k];
            }
            t.generic[f] += s.generic[f];
        }
        t.named |= s.named;
        t.tokens.extend(s.tokens.iter().copied());
        t.sietch = s.sietch;
        // What belongs to the area itself stays.
        let back = &mut self.areas[from.index()];
        back.settlement = s.settlement;
        back.station = s.station;
        back.wormsign = s.wormsign;
        back.worm = s.worm;
        back.harvester = s.harvester;
        // The expansions' figures stay with the area too: Desert Troopers
        // and Camps (DW-TROOPER-06), Smuggler figures (SM-HARVESTER-03).
        back.expansions = s.expansions;
        let mut m = s.named;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            self.leaders[i] = LeaderAt::Board(to);
        }
    }

    /// A claimed prescience card's attachments: Fear Is the Mind-Killer's
    /// 2 extra steps, the Eyes of Ibad let go.
    pub(crate) fn claim_attachments(&mut self, c: u8, ev: &mut Vec<Event>) {
        if let Some((x, m)) = self.fear
            && x == c
        {
            self.fear = None;
            self.advance_prescience(m, 2, ev);
        }
        if self.ibad == Some(c) {
            self.ibad = None;
        }
    }

    /// Round end: only the Eyes of Ibad's card stays revealed; Fear Is the
    /// Mind-Killer's attachment ends.
    pub(crate) fn keep_attached_revealed(&mut self) {
        let keep = self.ibad;
        self.revealed.retain(|c| Some(*c) == keep);
        self.fear = None;
    }

    /// " (Name)" of the revealed prescience card in slot `n`, or "".
    pub(crate) fn prescience_name(&self, n: u8) -> String {
        self.revealed
            .get(usize::from(n))
            .and_then(|&c| self.d().tables.prescience_cards.get(usize::from(c)))
            .filter(|c| !c.name.is_empty())
            .map(|c| format!(" ({})", c.name))
            .unwrap_or_default()
    }

    /// The label of [`Action::PickSlot`] in the current card step.
    pub(crate) fn slot_label(&self, n: u8) -> String {
        if matches!(self.prompt, Prompt::Unclaimed) {
            return format!(
                "remove unclaimed prescience card {}{} from the game",
                u32::from(n) + 1,
                self.prescience_name(n)
            );
        }
        let step = self
            .effect
            .and_then(|run| self.steps_of(&run).get(usize::from(run.step)));
        match step {
            Some(Step::ShiftPrescience) => format!("shift {n} steps"),
            Some(Step::ReplacePrescience) => {
                format!("replace prescience card {}", u32::from(n) + 1)
            }
            Some(Step::AttachPrescience { .. }) => {
                format!("attach to prescience card {}", u32::from(n) + 1)
            }
            _ => format!("pick {n}"),
        }
    }

    /// Truthtrance: on the Harkonnen's forced turn, no other die is used.
    pub(crate) fn truthtrance_filter(&self, f: Faction, out: &mut Vec<Action>) {
        if f != H {
            return;
        }
        let Some(r) = self.forced_die else { return };
        if !self.unspent(H, r) {
            return;
        }
        out.retain(|a| match a {
            Action::SpendDie(x) | Action::PlayCard(_, x) => *x == r,
            _ => true,
        });
    }
}

/// A settlement stands there (never a destination).
fn s_settled(g: &Arrakis, a: AreaId) -> bool {
    g.areas[a.index()].settlement
}

/// Alam al-Mithal's stage as (marker going down, marker going up).
fn shift_pair(stage: u8) -> (Marker, Marker) {
    let s = stage.saturating_sub(4);
    let down = Marker::ALL[usize::from(s / 3 % 3)];
    let up = Marker::ALL[usize::from(s % 3)];
    (down, up)
}
