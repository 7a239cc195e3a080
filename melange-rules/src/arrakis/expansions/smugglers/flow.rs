//! The Smugglers' decisions: a short dispatcher, like the core game's
//! `legal.rs`, `flow.rs`, `refusal.rs` and `label.rs`, to the file of each
//! decision (its legal actions, what choosing does and its refusal rule).
use super::action::SmAction;
use super::prompt::SmPrompt;
use crate::arrakis::action::Action;
use crate::arrakis::event::Event;
use crate::arrakis::expansions::ExpansionAction;
use crate::arrakis::ids::AirZoneId;
use crate::arrakis::state::Arrakis;

impl Arrakis {
    /// The legal actions at an expansion decision.
    pub(crate) fn legal_smugglers(&self, prompt: SmPrompt, out: &mut Vec<Action>) {
        match prompt {
            SmPrompt::PlaceBase => self.legal_place_base(out),
            SmPrompt::StabanReturns => self.legal_staban_returns(out),
            SmPrompt::PlaceThopters => self.legal_place_thopters(out),
            SmPrompt::MentatPlay | SmPrompt::MentatKeep => self.legal_die_mentat(prompt, out),
            SmPrompt::DieSpecial => self.legal_die_special(out),
        }
    }

    /// Applies a legal action at an expansion decision.
    pub(crate) fn step_smugglers(&mut self, prompt: SmPrompt, action: Action, ev: &mut Vec<Event>) {
        match (prompt, action) {
            (
                SmPrompt::PlaceBase,
                Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceBase(a))),
            ) => self.place_base(a, ev),
            (
                SmPrompt::StabanReturns,
                Action::Expansion(ExpansionAction::Smugglers(SmAction::StabanJoins(a))),
            ) => self.staban_joins(a, ev),
            (SmPrompt::PlaceBase | SmPrompt::StabanReturns, _) => {}
            (SmPrompt::PlaceThopters, _) => self.step_place_thopters(action, ev),
            (SmPrompt::MentatPlay | SmPrompt::MentatKeep, _) => {
                self.step_die_mentat(prompt, action, ev);
            }
            (SmPrompt::DieSpecial, _) => self.step_die_special(action, ev),
        }
    }

    /// The rule an action outside the legal list breaks at an expansion
    /// decision.
    pub(crate) fn smugglers_refusal(&self, prompt: SmPrompt, action: &Action) -> &'static str {
        match (prompt, action) {
            (
                SmPrompt::PlaceBase,
                Action::Expansion(ExpansionAction::Smugglers(SmAction::PlaceBase(_))),
            ) => "SM-ALLY-07",
            (
                SmPrompt::StabanReturns,
                Action::Expansion(ExpansionAction::Smugglers(SmAction::StabanJoins(_))),
            ) => "SM-STABAN-05",
            (SmPrompt::PlaceBase | SmPrompt::StabanReturns, _) => "AR-ACT-17",
            (SmPrompt::PlaceThopters, _) => self.place_thopters_refusal(action),
            (SmPrompt::MentatPlay | SmPrompt::MentatKeep | SmPrompt::DieSpecial, _) => {
                self.die_mentat_refusal(prompt)
            }
        }
    }

    /// Whom the game waits on at an expansion decision, for a person.
    pub(crate) fn smugglers_waiting_on(&self, prompt: SmPrompt) -> String {
        match prompt {
            SmPrompt::PlaceBase => "the Atreides, to place the Smugglers Base".into(),
            SmPrompt::StabanReturns => {
                "the Atreides, to pick the legion Staban Tuek joins from the regeneration tank"
                    .into()
            }
            SmPrompt::PlaceThopters => {
                "the Atreides to place Smuggler ornithopters in empty Air zones".into()
            }
            SmPrompt::MentatPlay => {
                "the Atreides to play a planning card with the Smugglers die".into()
            }
            SmPrompt::MentatKeep => {
                "the Atreides to discard one of the two House Atreides cards drawn".into()
            }
            SmPrompt::DieSpecial => {
                "the Atreides to pick the leader whose special action the Smugglers die pays".into()
            }
        }
    }

    /// A person's label for an expansion action.
    pub(crate) fn smugglers_label(&self, action: SmAction) -> String {
        let b = self.d().board;
        let name = |a: crate::arrakis::ids::AreaId| b.area(a).display_name();
        let zone = |z: AirZoneId| b.air_zones[z.index()].id.clone();
        match action {
            SmAction::PlaceBase(a) => format!("place the Smugglers Base in {}", name(a)),
            SmAction::StabanJoins(a) => format!("Staban Tuek joins the legion in {}", name(a)),
            SmAction::UseDie(u) => {
                format!("Smugglers die: {}", super::die::die_use_words(u))
            }
            SmAction::ClaimPrescience(n) => format!(
                "Smugglers die: claim prescience card {}{}",
                u32::from(n) + 1,
                self.prescience_name(n)
            ),
            SmAction::PlaceThopter(z) => format!("Smuggler ornithopter to {}", zone(z)),
            SmAction::ThopterBattle(z) => {
                format!(
                    "Thopter battle: remove the Smuggler ornithopter in {}",
                    zone(z)
                )
            }
            SmAction::ThopterTransport(z, a) => format!(
                "Transport with the Smuggler ornithopter in {} to {}",
                zone(z),
                name(a)
            ),
            SmAction::PlaceHarvester(a) => format!("Smuggler harvester in {}", name(a)),
        }
    }

    /// Applies an expansion action offered at the core Vehicle Placement
    /// (`Prompt::Vehicles`): a Smuggler harvester (the thopter battle is
    /// the core placement's own arm).
    pub(crate) fn step_smugglers_at_vehicles(&mut self, action: SmAction, ev: &mut Vec<Event>) {
        if let SmAction::PlaceHarvester(a) = action {
            self.place_smuggler_harvester(a, ev);
        }
    }
}

/// A sentence for a person on a Smugglers rule a refusal names; `None` for
/// a rule of another part of the game.
pub(crate) fn smugglers_reason(rule: &str) -> Option<&'static str> {
    Some(match rule {
        "SM-ALLY-06" => {
            "the Smugglers Base goes in an empty desert area of the four lowest sectors"
        }
        "SM-ROUND-08" => "no wormsign goes where Smuggler units stand",
        "SM-ALLY-07" => {
            "the Smugglers Base goes only in an empty desert area of the four lowest sectors, \
             never in an occupied or non-desert area nor outside them"
        }
        "SM-STABAN-05" => {
            "Staban Tuek, back from the regeneration tank, joins an Atreides legion on the board"
        }
        "SM-GURNEY-03" => "Gurney Halleck is not in play before the Smugglers ally",
        "SM-STABAN-01" => "Staban Tuek is not in play before the Smugglers ally",
        "SM-DIE-03" => {
            "the Smugglers die, unspent and showing this action's result, may be spent in place of an Atreides die"
        }
        "SM-DIE-04" => "the Smugglers die plays a planning card only through its Mentat result",
        "SM-DIE-06" | "SM-DIE-07" => {
            "the Smugglers die's Leadership moves one legion with a leader, moving with it, and never attacks that way"
        }
        "SM-DIE-08" | "SM-DIE-09" => {
            "the Smugglers die's Leadership attack takes a legion holding a Smuggler unit, moving with it, and only attacks"
        }
        "SM-DIE-10" => "the Smugglers die's Strategy moves one legion and never attacks",
        "SM-DIE-11" | "SM-DIE-12" => {
            "the Smugglers die's Strategy pair moves 2 different legions, each holding a Smuggler unit that moves with it, and never attacks"
        }
        "SM-DIE-13" => "the Smugglers die's Deployment needs the Smugglers Base on the board",
        "SM-DIE-14" => {
            "the Smugglers die's Mentat plays one planning card the Atreides could play now"
        }
        "SM-DIE-16" => {
            "the Smugglers die pays a leader's special action only under smugglers_die_leaders=enhanced, for a leader on the box of its result"
        }
        "SM-DIE-15" => "the Smugglers die's Mentat draw discards one of the two cards just drawn",
        "SM-THOPTER-03" => {
            "Smuggler ornithopters are placed and used only once the Smugglers are allied"
        }
        "SM-THOPTER-04" => {
            "every available Smuggler ornithopter must be placed while an Air zone is empty"
        }
        "SM-THOPTER-05" => {
            "a Smuggler ornithopter goes into an empty Air zone, one vehicle per zone"
        }
        "SM-THOPTER-07" => "no other vehicle joins an Air zone holding a Smuggler ornithopter",
        "SM-THOPTER-09" => {
            "an ornithopter forgone in a thopter battle stays out until the End of the Round"
        }
        "SM-THOPTER-08" => {
            "a thopter battle removes a Smuggler ornithopter on the board by forgoing an ornithopter this placement could still place, once per placement"
        }
        "SM-THOPTER-13" => {
            "a Smuggler ornithopter in an Air zone connected to the legion's area carries it up to its reach"
        }
        "SM-HARVESTER-05" => {
            "every available Smuggler harvester and the Smuggler carryall must be placed \
             while the Smugglers are neutral"
        }
        "SM-HARVESTER-10" => {
            "Smuggler harvesters and the Smuggler carryall enter the board only at the \
             round's Vehicle Placement"
        }
        "SM-HARVESTER-11" => "the Smuggler carryall rescues only Smuggler harvesters",
        "SM-HARVESTER-12" => "a Harkonnen carryall never rescues a Smuggler harvester",
        "SM-HARVESTER-02" => "no Smuggler harvester is left to place",
        "SM-SETUP-10" => "the Smuggler carryall is already on the board or out of the game",
        "SM-ALLY-05" => {
            "once the Smugglers are allied or defeated their harvesters and carryall are \
             out of the game"
        }
        _ => return None,
    })
}
