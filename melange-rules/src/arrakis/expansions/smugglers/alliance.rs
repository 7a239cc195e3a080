//! The Smugglers ally with the Atreides (SM-ALLY, SM-STABAN-02,
//! SM-GURNEY-04, SM-UNIT-03): Staban Tuek's step on the prescience track,
//! the check after every move of a prescience marker or of Staban, and the
//! alliance's steps. The steps all happen at once (docs/rules-decisions.md,
//! Smugglers, SQ3); the Base's area is the Atreides' choice, asked before
//! anything else the game was waiting on ([`Arrakis::smugglers_interrupt`]),
//! and the figures go there once it is placed ([`super::base`]).
use super::data::smugglers;
use super::event::SmEvent;
use super::prompt::SmPrompt;
use crate::arrakis::components::Entry;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionEntry;
use crate::arrakis::expansions::{ExpansionEvent, ExpansionPrompt};
use crate::arrakis::ids::LeaderId;
use crate::arrakis::prompt::Prompt;
use crate::arrakis::state::{Arrakis, LeaderAt, Phase, Vehicle};

impl Arrakis {
    /// Staban Tuek moves down `n` prescience steps while the Smugglers are
    /// neutral (a Drone Ornithopters play, SM-ALLY-02; a Smuggler harvester
    /// captured, SM-LEGION-05), then the alliance is checked. Nothing else
    /// moves him (SM-ALLY-03).
    pub(crate) fn staban_down(&mut self, n: u8, ev: &mut Vec<Event>) {
        let Some(sm) = self.expansions.smugglers.as_mut() else {
            return;
        };
        if !sm.neutral() || n == 0 {
            return;
        }
        sm.staban_step = sm.staban_step.saturating_sub(n);
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::StabanMoved {
                step: sm.staban_step,
            },
        )));
        self.smugglers_ally_if_due(ev);
    }

    /// SM-ALLY-01: the Smugglers ally when a prescience marker reaches or
    /// passes Staban Tuek's step. Called after every move of a prescience
    /// marker and of Staban; does nothing once allied or defeated.
    pub(crate) fn smugglers_ally_if_due(&mut self, ev: &mut Vec<Event>) {
        let Some(sm) = self.expansions.smugglers.as_deref() else {
            return;
        };
        let due = sm.neutral() && self.prescience.iter().any(|&p| p >= sm.staban_step);
        if due {
            self.smugglers_ally(ev);
        }
    }

    /// The alliance's steps that need no choice (SM-ALLY-04, SM-ALLY-05,
    /// SM-ALLY-09, SM-ALLY-10, SM-STABAN-02); the Base's area is asked next
    /// (SM-ALLY-06).
    pub(super) fn smugglers_ally(&mut self, ev: &mut Vec<Event>) {
        // SM-ALLY-04, SM-ALLY-05: every Smuggler harvester and the carryall
        // leave the game, on the board or off.
        let mut harvesters_on_board = 0;
        for s in &mut self.areas {
            if s.expansions.smugglers.harvester {
                s.expansions.smugglers.harvester = false;
                harvesters_on_board += 1;
            }
        }
        for z in &mut self.zones {
            if *z == Some(Vehicle::SMUGGLER_CARRYALL) {
                *z = None;
            }
        }
        // SM-ALLY-10: the die is first rolled at the next Action Resolution:
        // this round's only if it has not begun.
        let die_ready = self.phase == Phase::VehiclePlacement;
        let Some(sm) = self.expansions.smugglers.as_mut() else {
            return;
        };
        let harvesters = sm.harvesters_in_game;
        let carryall = sm.carryall_in_game;
        sm.standing = super::state::Standing::Allied;
        sm.harvesters_in_game = 0;
        sm.carryall_in_game = false;
        // SM-ALLY-09: the die joins the Atreides.
        sm.die = None;
        sm.die_ready = die_ready;
        sm.base_pending = true;
        ev.push(Event::Expansion(ExpansionEvent::Smugglers(
            SmEvent::Allied {
                harvesters_removed: harvesters.max(harvesters_on_board),
                carryall_removed: carryall,
            },
        )));
        // SM-STABAN-02, SM-GURNEY-04: Staban Tuek and Gurney Halleck enter
        // play (Staban's card face up on the Desert Power box, usable at
        // once); their figures go to the Base's area once it is placed.
        let d = self.d();
        for (i, l) in d.leaders.iter().enumerate() {
            if l.enters == Entry::SMUGGLERS_ALLIANCE && self.leaders[i] == LeaderAt::NotInPlay {
                self.enter_leader(LeaderId(i as u8));
            }
        }
    }

    /// SM-ALLY-10: from the round after the alliance's the die is rolled at
    /// every Action Resolution (called where a round starts).
    pub(crate) fn smugglers_die_joins(&mut self) {
        if let Some(sm) = self.expansions.smugglers.as_mut()
            && sm.allied()
        {
            sm.die_ready = true;
        }
    }

    /// Staban Tuek's leader id in a Smugglers game.
    pub(crate) fn staban(&self) -> Option<LeaderId> {
        self.d().leader_id(&smugglers().staban_tuek.id)
    }

    /// A decision of the expansion that comes before whatever the game was
    /// waiting on (called after every applied action): the Base's area
    /// (SM-ALLY-06) and the legion Staban Tuek rejoins from the tank
    /// (SM-STABAN-05). The interrupted decision is asked again after it.
    pub(crate) fn smugglers_interrupt(&mut self) -> bool {
        if self.winner.is_some()
            || matches!(
                self.prompt,
                Prompt::Expansion(ExpansionPrompt::Smugglers(_))
            )
        {
            return false;
        }
        let Some(sm) = self.expansions.smugglers.as_deref() else {
            return false;
        };
        let next = if sm.base_pending {
            if self.base_areas().is_empty() {
                // No empty desert area anywhere: the Base cannot be placed;
                // the figures wait set aside (docs/rules-decisions.md).
                self.base_unplaceable();
                return true;
            }
            SmPrompt::PlaceBase
        } else if sm.staban_returning {
            if self.staban_legions().is_empty() {
                // No Atreides legion: he stays set aside, deployable as any
                // leader.
                if let Some(sm) = self.expansions.smugglers.as_mut() {
                    sm.staban_returning = false;
                }
                return true;
            }
            SmPrompt::StabanReturns
        } else {
            return false;
        };
        let resume = self.prompt;
        if let Some(sm) = self.expansions.smugglers.as_mut() {
            sm.resume = Some(resume);
        }
        self.prompt = Prompt::Expansion(ExpansionPrompt::Smugglers(next));
        true
    }

    /// The interrupted decision is asked again.
    pub(crate) fn smugglers_resume(&mut self) {
        if let Some(sm) = self.expansions.smugglers.as_mut()
            && let Some(p) = sm.resume.take()
        {
            self.prompt = p;
        }
    }
}

/// The Smugglers' moments for a leader to enter play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmEntry {
    /// When the Smugglers ally with the Atreides (SM-ALLY, SM-GURNEY-02).
    Alliance,
}

impl Entry {
    /// A leader who enters play when the Smugglers ally with the Atreides
    /// (SM-STABAN-02, SM-GURNEY-04).
    pub const SMUGGLERS_ALLIANCE: Entry =
        Entry::Expansion(ExpansionEntry::Smugglers(SmEntry::Alliance));
}
