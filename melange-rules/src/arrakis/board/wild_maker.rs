//! The Wild Maker (AR-LEADER-27, AR-LEADER-28, AR-HAZ-17, AR-HAZ-27): a
//! giant sandworm brought in by the Shai-Hulud cards. Its figure is a
//! [`Worm::WildMaker`] in an area; its leader entry says whether it is in
//! play. Once in play it counts as a sandworm for every rule (Desert Power
//! attacks use it with its 6 dice, see `worms.rs`), and up to 5 sandworms
//! may then be on the board, it included.
use crate::arrakis::action::Action;
use crate::arrakis::cards::play::CardRun;
use crate::arrakis::event::Event;
use crate::arrakis::ids::{AreaId, AreaSet, Faction, LeaderId};
use crate::arrakis::prompt::{AfterHits, Move};
use crate::arrakis::state::{Arrakis, LeaderAt, Worm};

impl Arrakis {
    /// The Wild Maker's leader id.
    fn wild_maker(&self) -> Option<LeaderId> {
        self.d().leader_id("wild_maker")
    }

    /// Whether the Wild Maker is in play (AR-LEADER-27).
    pub(crate) fn wild_maker_in_play(&self) -> bool {
        self.wild_maker().is_some_and(|l| self.leader_in_play(l))
    }

    /// Sandworms allowed on the board: 4, or 5 with the Wild Maker in play
    /// (AR-HAZ-16, AR-HAZ-17).
    pub(crate) fn sandworm_cap(&self) -> u8 {
        let t = &self.d().tables.hazards;
        if self.wild_maker_in_play() {
            t.max_sandworms_with_wild_maker
        } else {
            t.max_sandworms
        }
    }

    /// AR-HAZ-18, AR-OPT-11: a wormsign producing a sandworm may bring the
    /// Wild Maker instead: it is in play, its figure off the board, the cap
    /// of 5 leaves room, and the option allows it.
    pub(crate) fn wild_maker_may_come(&self) -> bool {
        !self.rules.wild_maker_cards_only
            && self.wild_maker_in_play()
            && self.wild_maker_at().is_none()
            && self.sandworms_on_board() < self.d().tables.hazards.max_sandworms_with_wild_maker
    }

    /// The Atreides answered `Prompt::WildMakerOrSandworm`:
    /// the Wild Maker (`wild`) or a normal sandworm comes to `to`; then
    /// Desert Hazards (`m` none) or the Harkonnen move `m` go on.
    pub(crate) fn answer_wild_maker_or_sandworm(
        &mut self,
        to: AreaId,
        m: Option<Move>,
        wild: bool,
        ev: &mut Vec<Event>,
    ) {
        if wild {
            self.areas[to.index()].worm = Some(Worm::WildMaker);
            ev.push(Event::SandwormPlaced { area: to });
            self.hook_sandworm_arrived(to, ev); // DW-TROOPER-15
            match m {
                Some(m) => self.called_worm_arrived(m, to, ev),
                None => {
                    if !self.worm_emerges(to, ev) {
                        self.resume_hazards(ev);
                    }
                }
            }
            return;
        }
        match m {
            Some(m) => self.normal_worm_called(m, to, ev),
            None => {
                if !self.normal_worm_emerges(to, ev) {
                    self.resume_hazards(ev);
                }
            }
        }
    }

    /// AR-LEADER-29 (wiki): at the End of the Round the Atreides may put a
    /// normal sandworm in the Wild Maker's place; its figure leaves the
    /// board and may come back (a Shai-Hulud card, AR-HAZ-18).
    pub(crate) fn wild_maker_swappable(&self) -> bool {
        self.worms_off > 0 && self.wild_maker_at().is_some()
    }

    /// Swaps the Wild Maker on the board for a normal sandworm.
    pub(crate) fn swap_wild_maker(&mut self, ev: &mut Vec<Event>) {
        if let Some(at) = self.wild_maker_at()
            && self.worms_off > 0
        {
            self.worms_off -= 1;
            self.areas[at.index()].worm = Some(Worm::Normal);
            ev.push(Event::SandwormPlaced { area: at });
        }
    }

    /// The area holding the Wild Maker's figure.
    fn wild_maker_at(&self) -> Option<AreaId> {
        self.areas
            .iter()
            .position(|s| s.worm == Some(Worm::WildMaker))
            .map(|i| AreaId(i as u8))
    }

    /// Empty desert areas its figure may be put into (no figure, token,
    /// sietch, sandworm, wormsign or harvester), when the cap allows one
    /// more sandworm.
    fn wild_maker_spots(&self) -> AreaSet {
        let d = self.d();
        if self.sandworms_on_board() >= self.d().tables.hazards.max_sandworms_with_wild_maker {
            return AreaSet::EMPTY;
        }
        self.desert_now()
            .iter()
            .filter(|a| {
                let s = &self.areas[a.index()];
                !s.has_legion(Faction::Atreides, d)
                    && !s.has_legion(Faction::Harkonnen, d)
                    && s.sietch.is_none()
                    && s.worm.is_none()
                    && s.wormsign.is_none()
                    && !s.any_harvester() // SM-HARVESTER-03
                    && !s.settlement
                    && !self.hook_sietch_at(*a) // AR-HAZ-41
            })
            .collect()
    }

    /// Legal choices of the Wild Maker steps: `wild_maker_enters`
    /// (`attacks` false: the Shai-Hulud card) or `wild_maker_attacks`
    /// (`attacks` true: the card's alternative, or the Wild Maker's special
    /// action). The step kind decides, so a leader's run works as a card's.
    pub(crate) fn legal_wild_maker(&self, run: &CardRun, attacks: bool, out: &mut Vec<Action>) {
        let Some(l) = self.wild_maker() else { return };
        if !attacks {
            // Enters: only while not yet in play.
            if self.leaders[usize::from(l.0)] == LeaderAt::NotInPlay {
                out.extend(self.wild_maker_spots().into_iter().map(Action::PickArea));
            }
            return;
        }
        match self.wild_maker_at() {
            // Off the board: it comes back first.
            None if run.stage == 0 => {
                out.extend(self.wild_maker_spots().into_iter().map(Action::PickArea));
            }
            None => {}
            Some(from) => {
                if run.stage == 0 {
                    for t in self.worm_moves(from).iter() {
                        out.push(Action::WormMove(from, t));
                    }
                }
                for t in self.worm_targets(from).iter() {
                    let ts = &self.areas[t.index()];
                    if ts.harvester || ts.unit_count(Faction::Harkonnen) > 0 {
                        out.push(Action::WormAttack(from, t));
                    }
                }
            }
        }
    }

    /// Applies a choice of the Wild Maker steps (`attacks` as in
    /// [`Self::legal_wild_maker`]).
    pub(crate) fn step_wild_maker(
        &mut self,
        mut run: CardRun,
        attacks: bool,
        a: Action,
        ev: &mut Vec<Event>,
    ) {
        let Some(l) = self.wild_maker() else {
            return self.advance_card(ev);
        };
        match a {
            Action::PickArea(area) => {
                if !attacks {
                    // AR-LEADER-27: in play, its card already spent.
                    self.leaders[usize::from(l.0)] = LeaderAt::SetAside;
                    self.spent_leaders |= 1 << l.0;
                    ev.push(Event::LeaderEntered { leader: l });
                    self.areas[area.index()].worm = Some(Worm::WildMaker);
                    ev.push(Event::SandwormPlaced { area });
                    self.hook_sandworm_arrived(area, ev); // DW-TROOPER-15
                    self.advance_card(ev);
                } else {
                    self.areas[area.index()].worm = Some(Worm::WildMaker);
                    ev.push(Event::SandwormPlaced { area });
                    self.hook_sandworm_arrived(area, ev); // DW-TROOPER-15
                    run.stage = 1;
                    self.effect = Some(run);
                }
            }
            Action::WormMove(from, to) => {
                // AR-LEADER-28: it moves as any activated sandworm, its
                // Sandrider with it (DW-SANDRIDER-12).
                self.move_worm(from, to, ev);
                run.stage = 1;
                self.effect = Some(run);
            }
            Action::WormAttack(from, to) => {
                // AR-HAZ-27: 6 dice; it then leaves the board (AR-HAZ-45).
                if !self.worm_attack(from, to, AfterHits::Card, ev) {
                    self.advance_card(ev);
                }
            }
            _ => self.advance_card(ev),
        }
    }
}

impl Arrakis {
    /// AR-HAZ-18: the Wild Maker, or a normal sandworm (`Done`); any other
    /// action is refused by AR-HAZ-18.
    pub(crate) fn legal_wild_maker_or_sandworm(&self, out: &mut Vec<Action>) {
        out.push(Action::WildMaker);
        out.push(Action::Done);
    }
}
