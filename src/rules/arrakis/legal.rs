//! The legal actions of every prompt: the one place that decides what may
//! be done (`apply` accepts exactly these).
use super::action::Action;
use super::board::tables::PrescienceTiming;
use super::flow::{PERMS, Prompt};
use super::ids::{AreaId, AreaSet, Deck, DieResult, Faction, ImperiumMarker, UnitKind};
use super::state::{Arrakis, Vehicle};

const H: Faction = Faction::Harkonnen;
const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Appends the legal actions of the seat to act.
    pub(super) fn legal(&self, out: &mut Vec<Action>) {
        let d = self.d();
        let b = d.board;
        match self.prompt {
            Prompt::None => {}
            Prompt::Vehicles {
                harvesters,
                ornithopters,
                carryalls,
                any,
                ..
            } => {
                let t = &d.tables.figures.harkonnen;
                let h_left = if any { ornithopters } else { harvesters };
                if h_left > 0 && self.harvesters_on_board() < t.harvester {
                    for a in self.desert_now().iter() {
                        if self.harvester_area_ok(a) {
                            out.push(Action::PlaceHarvester(a));
                        }
                    }
                }
                for (v, left, total) in [
                    (Vehicle::Ornithopter, ornithopters, t.ornithopter),
                    (
                        Vehicle::Carryall,
                        if any { ornithopters } else { carryalls },
                        t.carryall,
                    ),
                ] {
                    if left > 0 && self.vehicles_on_board(v) < total {
                        for z in 0..self.zones.len() {
                            // AR-VEH-10, AR-VEH-11: 1 per zone, replacing.
                            if self.zones[z] != Some(v) {
                                out.push(Action::PlaceVehicle(v, super::ids::AirZoneId(z as u8)));
                            }
                        }
                    }
                }
                out.push(Action::Done);
            }
            Prompt::Reassign(f) => {
                // AR-ACT-07; AR-OPT-10: the least-filled results first.
                let count =
                    |r: DieResult| self.house(f).dice.iter().filter(|d| d.result == r).count();
                let least = DieResult::ALL
                    .into_iter()
                    .filter(|r| self.free_slots(f, *r) > 0)
                    .map(count)
                    .min();
                for r in DieResult::ALL {
                    if self.free_slots(f, r) > 0
                        && (!self.rules.excess_least_filled || Some(count(r)) == least)
                    {
                        out.push(Action::Reassign(r));
                    }
                }
            }
            Prompt::BeneGesserit(f) => {
                for r in DieResult::ALL {
                    if self.free_slots(f, r) > 0 {
                        out.push(Action::PlaceBeneGesserit(r));
                    }
                }
                out.push(Action::Done);
            }
            Prompt::Turn(f) => self.legal_turn(f, out),
            Prompt::AtreidesHouse => {
                for r in [
                    DieResult::Strategy,
                    DieResult::Leadership,
                    DieResult::Deployment,
                    DieResult::Mentat,
                ] {
                    out.push(Action::HouseAs(r));
                }
                out.push(Action::HouseAsDesertPower);
            }
            Prompt::HarkonnenHouse => {
                out.push(Action::HouseUpgrade);
                out.push(Action::HouseVehicles);
            }
            Prompt::Move(m) => self.legal_move(&m, out),
            Prompt::Mentat(f) => {
                let [h, a] = Deck::of(f);
                out.extend([
                    Action::Mentat(h, h),
                    Action::Mentat(h, a),
                    Action::Mentat(a, a),
                ]);
            }
            Prompt::HarkonnenDeploy {
                regulars,
                leader,
                last,
            } => {
                let h = self.house(H);
                if regulars > 0 && h.supply.regular > 0 {
                    for a in b.settlements.iter() {
                        let s = &self.areas[a.index()];
                        // AR-DIE-14: into areas with a Harkonnen settlement.
                        if s.settlement
                            && s.unit_count(A) == 0
                            && s.unit_count(H) < self.stacking_limit(H)
                        {
                            out.push(Action::DeployAt(a));
                        }
                    }
                }
                if leader && last.is_some() {
                    if h.generic_supply > 0 {
                        out.push(Action::DeployLeader(None));
                    }
                    for l in self.deployable_leaders(H) {
                        out.push(Action::DeployLeader(Some(l)));
                    }
                }
                out.push(Action::Done);
            }
            Prompt::AtreidesDeploy { placed, .. } => match placed {
                None => {
                    for a in b.sietch_sites.iter() {
                        let s = &self.areas[a.index()];
                        // AR-DIE-12: in an area with a sietch token.
                        if s.sietch.is_some()
                            && s.unit_count(H) == 0
                            && s.unit_count(A) < self.stacking_limit(A)
                        {
                            out.push(Action::DeployAt(a));
                        }
                    }
                    out.push(Action::Done);
                }
                Some(_) => {
                    // AR-DIE-13: a Naib or a named leader.
                    if self.house(A).generic_supply > 0 {
                        out.push(Action::DeployLeader(None));
                    }
                    for l in self.deployable_leaders(A) {
                        out.push(Action::DeployLeader(Some(l)));
                    }
                    out.push(Action::Done);
                }
            },
            Prompt::Upgrade(n) => {
                if n > 0 && self.house(H).supply.elite > 0 {
                    for (i, s) in self.areas.iter().enumerate() {
                        if s.units[H].regular > 0 {
                            out.push(Action::Upgrade(AreaId(i as u8)));
                        }
                    }
                }
                out.push(Action::Done);
            }
            Prompt::Wormsigns(n) => {
                // AR-DP-09: one option only, so attacks before any wormsign.
                if n == 2 {
                    self.legal_worm_actions(AreaSet::EMPTY, out);
                }
                if n > 0 && !self.wormsign_pool.is_empty() {
                    for a in self.desert_now().iter() {
                        let s = &self.areas[a.index()];
                        // AR-DP-07
                        if s.wormsign.is_none() && s.worm.is_none() && s.sietch.is_none() {
                            out.push(Action::WormsignAt(a));
                        }
                    }
                }
                out.push(Action::Done);
            }
            Prompt::Sandworms(n, used) => {
                if n > 0 {
                    self.legal_worm_actions(used, out);
                }
                out.push(Action::Done);
            }
            Prompt::Battle(bt) => self.legal_battle(&bt, out),
            Prompt::Spice { spice, decided } => {
                let t = &d.tables.spice;
                for m in ImperiumMarker::ALL {
                    if decided[m.index()] {
                        continue;
                    }
                    if spice >= t.keep_cost {
                        out.push(Action::Keep(m));
                    }
                    // The top row cannot be raised (see the docs).
                    if spice >= t.raise_cost && self.imperium[m.index()] > 1 {
                        out.push(Action::Raise(m));
                    }
                }
                // AR-SPICE-10 to AR-SPICE-12
                if !self.bought_supremacy
                    && self.supremacy <= t.buy_supremacy_max_score
                    && spice >= t.buy_supremacy_cost
                {
                    out.push(Action::BuySupremacy);
                }
                out.push(Action::Done);
            }
            Prompt::EndClaims => {
                self.legal_claims(PrescienceTiming::EndOfRound, out);
                out.push(Action::Done);
            }
            Prompt::Foresee(f, k) => {
                let n = self.house(f).decks[usize::from(k)].len().min(3);
                for p in 0..PERMS[n].len() {
                    out.push(Action::Order(p as u8));
                }
            }
            // AR-HAZ-15: any sandworm on the board, the owner's choice.
            Prompt::RelocateWorm(to) | Prompt::CalledWorm(_, to) => {
                for (i, s) in self.areas.iter().enumerate() {
                    if s.worm == Some(super::state::Worm::Normal) {
                        out.push(Action::WormMove(AreaId(i as u8), to));
                    }
                }
            }
            Prompt::Rescue(area) => {
                for z in self.rescue_zones(area) {
                    out.push(Action::Rescue(z));
                }
                out.push(Action::Done);
            }
            Prompt::Swap(f) => {
                if self.house(f).generic_supply > 0 {
                    for (i, l) in self.leaders.iter().enumerate() {
                        if d.leaders[i].faction == f
                            && matches!(l, super::state::LeaderAt::Board(_))
                        {
                            out.push(Action::SwapLeader(super::ids::LeaderId(i as u8)));
                        }
                    }
                }
                // AR-LEADER-29 (wiki): the Wild Maker for a normal sandworm.
                if f == A && self.wild_maker_swappable() {
                    out.push(Action::WildMaker);
                }
                out.push(Action::Done);
            }
            // AR-END-08; AR-LEADER-23: never Hawat's Scheming.
            Prompt::HandLimit(f) => {
                for c in self.discardable_hand(f) {
                    out.push(Action::Discard(c));
                }
            }
            Prompt::Unclaimed => {
                out.push(Action::RemoveUnclaimed);
                out.push(Action::ReshuffleUnclaimed);
                // AR-END-09: card by card; with one card left the two
                // choices above say it all.
                let open: Vec<u8> = (0..self.revealed.len() as u8)
                    .filter(|&i| Some(self.revealed[usize::from(i)]) != self.ibad)
                    .collect();
                if open.len() >= 2 {
                    out.extend(open.into_iter().map(Action::PickSlot));
                }
            }
            Prompt::Card(..) => self.legal_card(out),
            // AR-COMBAT-20 (docs/rules-decisions.md, Q6): asked only with no regular and both
            // an elite and a Sardaukar in the legion.
            Prompt::HazardCasualty(..) => {
                out.push(Action::LoseUnit(UnitKind::Elite));
                out.push(Action::LoseUnit(UnitKind::Special));
            }
            // AR-MOVE-08: any kind the owner has there.
            Prompt::Excess(f, area, _) => {
                for k in UnitKind::ALL {
                    if self.areas[area.index()].units[f][k] > 0 {
                        out.push(Action::LoseUnit(k));
                    }
                }
            }
            // AR-OPT-08
            Prompt::Flee(area) => {
                for b in self.flee_options(area) {
                    out.push(Action::Retreat(b));
                }
            }
            // AR-HAZ-50
            Prompt::WormRetreat(_, to, g) => {
                for b in self.worm_retreat_options(to, g.unit_count()) {
                    out.push(Action::Retreat(b));
                }
            }
            // AR-HAZ-18: the Wild Maker, or a normal sandworm.
            Prompt::WildMakerOrSandworm(..) => {
                out.push(Action::WildMaker);
                out.push(Action::Done);
            }
            // AR-ATOM-07
            Prompt::Displace(f, area) => {
                for b in self.displace_options(f, area) {
                    out.push(Action::Displace(b));
                }
            }
        }
    }

    /// Whether the legal actions of the decision the game waits on depend
    /// on the hidden cards of the seat asked, from a hand that holds some:
    /// a card's "play another card" step (`PlayCard`, `DrawOrPlay` before
    /// a draw), the pick of an opponent's forced discard, a combat discard
    /// (not every card may be discarded), the hand limit. Such a decision
    /// is always asked, "stop here" offered where the rules allow it, even
    /// when the hand gives nothing to choose: an automatic skip would tell
    /// every watcher so. Every other decision reads only public facts
    /// (hand and deck sizes included), and an empty hand is public.
    pub(super) fn reads_hidden_cards(&self) -> bool {
        match self.prompt {
            Prompt::Card(..) => self.card_step_reads_hand(),
            Prompt::Battle(bt) => match bt.step {
                super::flow::BattleStep::Discard(f) => {
                    self.may_discard_for_dice(&bt, f) && !self.house(f).hand.is_empty()
                }
                _ => false,
            },
            Prompt::HandLimit(_) => true,
            _ => false,
        }
    }

    pub(super) fn legal_turn(&self, f: Faction, out: &mut Vec<Action>) {
        for r in DieResult::ALL {
            if self.unspent(f, r) {
                out.push(Action::SpendDie(r));
            }
        }
        self.legal_play_cards(f, out);
        self.legal_specials(f, out);
        // AR-OPT-02: the wiki's Bene Gesserit free action.
        if self.rules.bene_gesserit_reorder && self.house(f).bene_gesserit > 0 {
            for k in 0..2u8 {
                if self.house(f).decks[usize::from(k)].len() >= 2 {
                    out.push(Action::Foresee(k));
                }
            }
        }
        // AR-DP-01, AR-DP-03, AR-DP-04
        if f == A && self.desert_power_allowed() {
            out.push(Action::DesertPower);
        }
        if f == A {
            // AR-PRESC-05: Action Resolution cards during Action Resolution.
            self.legal_claims(PrescienceTiming::ActionResolution, out);
            // AR-ATOM-01 to AR-ATOM-03: once, from step 8.
            let step = self.d().tables.tracks.atomics_step;
            if !self.atomics_used && self.prescience.iter().any(|p| *p >= step) {
                for &t in &self.d().board.family_atomics_targets {
                    out.push(Action::Atomics(t));
                }
            }
            // AR-DEPLOY-03, AR-DEPLOY-10: Guerrilla Training, not in a
            // sector watched by an ornithopter.
            for (i, s) in self.areas.iter().enumerate() {
                let a = AreaId(i as u8);
                if !s.tokens.is_empty() && !self.watched(a) {
                    out.push(Action::Reveal(a));
                }
            }
        } else {
            // AR-LEADER-20, AR-LEADER-21, AR-LEADER-23
            self.legal_scheme(out);
        }
        if f == H && !self.bans[ImperiumMarker::SpacingGuild.index()] {
            // AR-SCOUT-01, AR-SCOUT-06: scouting, not under the Spacing
            // Guild ban; only areas holding something hidden are offered.
            let b = self.d().board;
            for (z, v) in self.zones.iter().enumerate() {
                if *v != Some(Vehicle::Ornithopter) {
                    continue;
                }
                let z = super::ids::AirZoneId(z as u8);
                for a in b.air_zones[z.index()].areas.iter() {
                    let s = &self.areas[a.index()];
                    if !s.tokens.is_empty() || s.sietch.is_some_and(|x| !x.revealed) {
                        out.push(Action::Scout(z, a));
                    }
                }
            }
        }
        // Truthtrance: only the forced die may be used this turn.
        self.truthtrance_filter(f, out);
    }

    /// Whether an ornithopter in a connected Air zone watches area `a`
    /// (AR-DEPLOY-10).
    pub(super) fn watched(&self, a: AreaId) -> bool {
        let b = self.d().board;
        b.zones_of(a)
            .any(|z| self.zones[z.index()] == Some(Vehicle::Ornithopter))
    }

    pub(super) fn legal_claims(&self, timing: PrescienceTiming, out: &mut Vec<Action>) {
        let d = self.d();
        let lim = &d.tables.limits;
        if self.claimed_this_round >= lim.prescience_claims_per_round || self.claimed_this_turn {
            return;
        }
        for (i, &c) in self.revealed.iter().enumerate() {
            let card = &d.tables.prescience_cards[usize::from(c)];
            if card.timing != timing {
                continue;
            }
            if !self.condition_met(card.condition) {
                continue;
            }
            if !card.spend_die {
                out.push(Action::Claim(i as u8));
            } else if timing == PrescienceTiming::ActionResolution {
                for r in DieResult::ALL {
                    if self.unspent(A, r) {
                        out.push(Action::ClaimSpending(i as u8, r));
                    }
                }
            }
        }
    }

    /// Why an Atreides claim outside the legal list is refused, naming the
    /// rule (AR-PRESC-03 to AR-PRESC-08).
    pub(super) fn claim_refusal(&self, action: &Action) -> &'static str {
        let (i, die) = match *action {
            Action::Claim(i) => (i, None),
            Action::ClaimSpending(i, r) => (i, Some(r)),
            _ => return "AR-ACT-17",
        };
        let d = self.d();
        let Some(card) = self
            .revealed
            .get(usize::from(i))
            .and_then(|&c| d.tables.prescience_cards.get(usize::from(c)))
        else {
            return "AR-PRESC-02";
        };
        let at_end = matches!(self.prompt, Prompt::EndClaims);
        match (card.timing, at_end) {
            (PrescienceTiming::ActionResolution, true) => return "AR-PRESC-05",
            (PrescienceTiming::EndOfRound, false) => return "AR-PRESC-06",
            _ => {}
        }
        if self.claimed_this_round >= d.tables.limits.prescience_claims_per_round {
            return "AR-PRESC-03";
        }
        if self.claimed_this_turn {
            return "AR-PRESC-04";
        }
        if !self.condition_met(card.condition) {
            return "AR-PRESC-07";
        }
        match die {
            Some(r) if card.spend_die && self.unspent(A, r) => "AR-ACT-17",
            _ => "AR-PRESC-08",
        }
    }

    /// Named leaders of `f` whose figure is set aside and may be deployed.
    pub(super) fn deployable_leaders(&self, f: Faction) -> Vec<super::ids::LeaderId> {
        let d = self.d();
        (0..d.leaders.len())
            .filter(|&i| {
                d.leaders[i].faction == f
                    && d.leaders[i].kind == super::cards::components::LeaderKind::Named
                    && self.leaders[i] == super::state::LeaderAt::SetAside
                    && self.pinned & (1 << i) == 0
            })
            .map(|i| super::ids::LeaderId(i as u8))
            .collect()
    }
}
