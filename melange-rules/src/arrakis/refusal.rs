//! Refusals in words: the rule an action outside the legal list breaks
//! (its checklist ID) and a sentence for a person naming the action, why
//! it is refused and what the game waits on. No Rust debug text: actions
//! are worded by [`Ruleset::label`], prompts by [`Arrakis::waiting_on`].
use crate::core::{RuleError, Ruleset};

use super::action::Action;
use super::cards::play::Source;
use super::ids::Faction;
use super::prompt::{AfterHits, BattleStep, Prompt};
use super::state::Arrakis;

const A: Faction = Faction::Atreides;

impl Arrakis {
    /// Why `f`'s action outside the legal list is refused, naming the rule.
    pub(super) fn refusal(&self, f: Faction, action: &Action) -> RuleError {
        let rule = self.refused_rule(f, action);
        RuleError::illegal(
            rule,
            format!(
                "\u{201c}{}\u{201d} is refused: {}. The game waits on {}.",
                self.action_words(action),
                reason(rule),
                self.waiting_on()
            ),
        )
    }

    /// The rule an action outside the legal list breaks: the rule of the
    /// decision the game waits on for an action of the kind it takes (each
    /// decision's file says which), and AR-ACT-17 (not a choice of this
    /// step) for any other kind. Claims and Hawat's Scheming are refused
    /// alike at every decision that takes them.
    fn refused_rule(&self, f: Faction, action: &Action) -> &'static str {
        use Action as X;
        match (self.prompt, action) {
            (Prompt::Turn(A) | Prompt::EndClaims, X::Claim(_) | X::ClaimSpending(..)) if f == A => {
                return self.claim_refusal(action);
            }
            (Prompt::Battle(_) | Prompt::HandLimit(_) | Prompt::Card(..), X::Discard(c))
                if usize::from(c.0) < self.d().cards.len() && !self.discardable(*c) =>
            {
                return "AR-LEADER-23";
            }
            _ => {}
        }
        match self.prompt {
            Prompt::Vehicles { .. } => self.vehicles_refusal(action),
            Prompt::Reassign(g) => self.reassign_refusal(g, action),
            Prompt::BeneGesserit(_) => self.bene_gesserit_refusal(action),
            Prompt::Turn(_) => self.turn_refusal(action),
            Prompt::Move(m) => self.move_step_refusal(&m, action),
            Prompt::HarkonnenDeploy { .. } | Prompt::AtreidesDeploy { .. } => {
                self.deploy_refusal(action)
            }
            Prompt::Wormsigns(_) | Prompt::Sandworms(..) => self.wormsigns_refusal(action),
            Prompt::Battle(b) => self.battle_refusal(&b, action),
            Prompt::Spice { .. } => self.spice_refusal(action),
            Prompt::RelocateWorm(_) => self.worm_move_refusal(true, action),
            Prompt::CalledWorm(..) => self.worm_move_refusal(false, action),
            Prompt::HazardCasualty(..) => self.hazard_casualty_refusal(action),
            Prompt::Excess(..) => self.excess_refusal(action),
            Prompt::Flee(_) => self.flee_refusal(action),
            Prompt::Displace(..) => self.displace_refusal(action),
            Prompt::WormRetreat(..) => self.worm_retreat_refusal(action),
            // AR-HAZ-18: the Wild Maker or a normal sandworm, nothing else.
            Prompt::WildMakerOrSandworm(..) => "AR-HAZ-18",
            Prompt::HandLimit(_) => self.hand_limit_refusal(action),
            Prompt::Expansion(_) => self.hook_decision_refusal(action).unwrap_or("AR-ACT-17"),
            // An expansion's carryall may rescue only its own harvesters.
            Prompt::Rescue(a) => self.hook_rescue_refusal(a, action).unwrap_or("AR-ACT-17"),
            Prompt::None
            | Prompt::AtreidesHouse
            | Prompt::HarkonnenHouse
            | Prompt::Mentat(_)
            | Prompt::Upgrade(_)
            | Prompt::EndClaims
            | Prompt::Foresee(..)
            | Prompt::Swap(_)
            | Prompt::Unclaimed
            | Prompt::Card(..) => "AR-ACT-17",
        }
    }

    /// The action in words, as its label reads; an action naming an area,
    /// zone, sector, card or leader this game does not have is said so
    /// (the label would have nothing to name).
    fn action_words(&self, action: &Action) -> String {
        if self.names_known(action) {
            self.label(action)
        } else {
            "an action naming something this game does not have".into()
        }
    }

    /// Whether every id in `action` names something of this game.
    fn names_known(&self, action: &Action) -> bool {
        let d = self.d();
        let b = d.board;
        let area = |a: &super::ids::AreaId| a.index() < b.areas.len();
        let zone = |z: &super::ids::AirZoneId| z.index() < b.air_zones.len();
        let card = |c: &super::ids::CardId| usize::from(c.0) < d.cards.len();
        let leader = |l: &super::ids::LeaderId| usize::from(l.0) < d.leaders.len();
        match action {
            Action::PlaceHarvester(a)
            | Action::Legion(a)
            | Action::To(a)
            | Action::DeployAt(a)
            | Action::Upgrade(a)
            | Action::WormsignAt(a)
            | Action::Retreat(a)
            | Action::Reveal(a)
            | Action::Sandride(a)
            | Action::Atomics(a)
            | Action::Displace(a)
            | Action::PickArea(a) => area(a),
            Action::WormAttack(x, y) | Action::WormMove(x, y) => area(x) && area(y),
            Action::Scout(z, a) | Action::Transport(z, a) => zone(z) && area(a),
            Action::PlaceVehicle(_, z) | Action::Rescue(z) | Action::PickZone(z) => zone(z),
            Action::PlayCard(c, _) | Action::Discard(c) | Action::PlayFree(c) => card(c),
            Action::TakeLeader(l)
            | Action::SwapLeader(l)
            | Action::PickLeader(l)
            | Action::Special(l)
            | Action::DeployLeader(Some(l))
            | Action::Convert(Some(l)) => leader(l),
            Action::PickSector(s) => usize::from(s.0) < b.sectors.len(),
            Action::Expansion(x) => x.names_known(b.areas.len(), b.air_zones.len()),
            _ => true,
        }
    }

    /// What the game waits on, in words: who decides what.
    pub(super) fn waiting_on(&self) -> String {
        let d = self.d();
        let b = d.board;
        let ar = |a: super::ids::AreaId| b.area(a).display_name();
        let who = |f: Faction| house(f);
        match self.prompt {
            Prompt::None => "nobody: the game is over".into(),
            Prompt::Expansion(_) => self
                .hook_decision_waiting_on()
                .unwrap_or_else(|| "an expansion's decision".into()),
            Prompt::Vehicles { house: true, .. } => {
                "House Harkonnen to place the vehicles of its House die".into()
            }
            Prompt::Vehicles { .. } => "House Harkonnen to place its vehicles".into(),
            Prompt::Reassign(f) => format!("{} to give an excess die a new result", who(f)),
            Prompt::BeneGesserit(f) => {
                format!("{} to place a Bene Gesserit token or not", who(f))
            }
            Prompt::Turn(f) => format!("{} to choose its turn's action", who(f)),
            Prompt::AtreidesHouse => "House Atreides to choose what its House die does".into(),
            Prompt::HarkonnenHouse => "House Harkonnen to choose what its House die does".into(),
            Prompt::Move(m) => match m.picked {
                None => format!("{} to pick a legion to move", who(m.faction)),
                Some((from, _)) => format!(
                    "{} to add figures from {} or pick where they go",
                    who(m.faction),
                    ar(from)
                ),
            },
            Prompt::Mentat(f) => format!("{} to pick the decks to draw from", who(f)),
            Prompt::HarkonnenDeploy { .. } => "House Harkonnen to deploy".into(),
            Prompt::AtreidesDeploy { .. } => "House Atreides to deploy".into(),
            Prompt::Upgrade(_) => "House Harkonnen to upgrade regular units".into(),
            Prompt::Wormsigns(_) => "House Atreides to place Desert Power wormsigns".into(),
            Prompt::Sandworms(..) => "House Atreides to activate sandworms".into(),
            Prompt::Battle(bt) => {
                let at = ar(bt.at);
                match bt.step {
                    BattleStep::Discard(f) => format!(
                        "{} to discard cards for combat dice in the battle for {at}",
                        who(f)
                    ),
                    BattleStep::Convert(f) => format!(
                        "{} to pick the leader converting a Special in the battle for {at}",
                        who(f)
                    ),
                    BattleStep::Casualty(f) => format!(
                        "{} to pick the elite taking a hit in the battle for {at}",
                        who(f)
                    ),
                    BattleStep::Continue => format!(
                        "{} to continue the battle for {at} or stop",
                        who(bt.attacker)
                    ),
                    BattleStep::Retreat => format!(
                        "{} to retreat from {at} or fight on",
                        who(bt.attacker.other())
                    ),
                    BattleStep::Advance => {
                        format!("{} to advance into {at} or stay", who(bt.attacker))
                    }
                    BattleStep::ContinueCasualty => format!(
                        "{} to pick the elite paying to continue the battle for {at}",
                        who(bt.attacker)
                    ),
                }
            }
            Prompt::Spice { .. } => "House Harkonnen to spend its spice".into(),
            Prompt::EndClaims => "House Atreides to claim prescience cards or stop".into(),
            Prompt::Foresee(f, _) => format!("{} to put the seen cards back in order", who(f)),
            Prompt::RelocateWorm(a) => {
                format!(
                    "House Atreides to pick the sandworm that moves to {}",
                    ar(a)
                )
            }
            Prompt::CalledWorm(_, a) => {
                format!(
                    "House Atreides to pick the sandworm that comes to {}",
                    ar(a)
                )
            }
            Prompt::Rescue(a) => {
                format!(
                    "House Harkonnen to rescue the harvester in {} or not",
                    ar(a)
                )
            }
            Prompt::Swap(f) => format!("{} to swap leaders at the End of the Round", who(f)),
            Prompt::HandLimit(f) => format!("{} to discard down to the hand limit", who(f)),
            Prompt::Unclaimed => "House Atreides to decide the unclaimed prescience cards".into(),
            Prompt::Card(f, Source::Card(c), _) => {
                format!("{} to carry out {}", who(f), d.card(c).name)
            }
            Prompt::Card(f, Source::Leader(l), _) => format!(
                "{} to carry out {}'s special action",
                who(f),
                d.leader(l).name
            ),
            Prompt::HazardCasualty(f, a, _, then) => format!(
                "{} to pick the elite taking a hit from the {} in {}",
                who(f),
                if matches!(then, AfterHits::Storm | AfterHits::CardStorm(_)) {
                    "storm"
                } else {
                    "attack"
                },
                ar(a)
            ),
            Prompt::Excess(f, a, _) => format!(
                "{} to remove units above the stacking limit in {}",
                who(f),
                ar(a)
            ),
            Prompt::Flee(a) => format!(
                "House Harkonnen to pick where its legion in {} flees",
                ar(a)
            ),
            Prompt::Displace(_, a) => format!(
                "House Harkonnen to pick where the legion blasted in {} goes",
                ar(a)
            ),
            Prompt::WormRetreat(_, a, _) => format!(
                "House Harkonnen to pick where its legion retreats from the sandworm in {}",
                ar(a)
            ),
            Prompt::WildMakerOrSandworm(a, _) => format!(
                "House Atreides to place the Wild Maker or a normal sandworm in {}",
                ar(a)
            ),
        }
    }
}

/// A house by name.
fn house(f: Faction) -> &'static str {
    match f {
        Faction::Harkonnen => "House Harkonnen",
        Faction::Atreides => "House Atreides",
    }
}

/// The rule a refusal names, as a clause for a person.
fn reason(rule: &str) -> &'static str {
    if let Some(r) = super::expansions::hooks::expansion_reason(rule) {
        return r;
    }
    match rule {
        "AR-ACT-11" => {
            "a turn's action spends one of your unspent dice on an action its result allows, \
             or is a free action open to you now"
        }
        "AR-ACT-17" => "it is not one of the choices this step offers",
        "AR-DIE-03" => "an attack is the whole action of the first legion to move",
        "AR-DIE-04" => "figures moved by this action cannot move again",
        "AR-DIE-10" => "a Leadership move takes at least one leader with it",
        "AR-MOVE-01" => "pick the legion to move first",
        "AR-MOVE-02" => "an ordinary move goes into an adjacent area",
        "AR-MOVE-05" => "ground movement cannot cross an impassable border",
        "AR-MOVE-07" => "no area may hold more units of a house than its stacking limit",
        "AR-MOVE-08" => "remove one of your units above the stacking limit in that area",
        "AR-MOVE-12" => {
            "a move takes at least one unit, from a legion of yours that may still move"
        }
        "AR-MOVE-13" => "a leader can never be left in an area without a unit of its side",
        "AR-HAZ-40" => "a sandworm moves up to 2 areas, through and into the desert only",
        "AR-HAZ-41" => {
            "a sandworm cannot stop in an area holding a figure, a token, a sietch, a \
             settlement or the Smugglers Base"
        }
        "AR-HAZ-38" => "no legion moves or attacks into an area holding a sandworm",
        "AR-VEH-07" => {
            "a harvester goes in a free desert area: no sietch, no harvester, no Atreides unit \
             or token and no sandworm"
        }
        "AR-VEH-09" => {
            "ornithopters and carryalls go in free Air zones, as many as the active Spice \
             Must Flow row allows"
        }
        "AR-DP-04" => {
            "House Atreides may take Desert Power only with fewer unused dice than House \
             Harkonnen"
        }
        "AR-SCOUT-06" => {
            "scouting needs an ornithopter in an Air zone connected to the area and no \
             Spacing Guild ban"
        }
        "AR-DEPLOY-10" => {
            "Guerrilla Training cannot reveal tokens in a sector with an ornithopter in a \
             connected Air zone"
        }
        "AR-COMBAT-05" => {
            "a combat discard is a card from your hand, while your roll is under 6 dice and \
             no ban forbids it"
        }
        "AR-COMBAT-20" => "with no regular left, one of your elites takes the hit, as offered",
        "AR-SPICE-06" => "the spice is spent on the Imperium markers as offered",
        "AR-DP-07" => "a wormsign goes in an area without a wormsign, a sandworm or a sietch",
        "AR-HAZ-15" => "a sandworm already on the board moves to the new place",
        "AR-HAZ-18" => "the choice is the Wild Maker or a normal sandworm",
        "AR-HAZ-50" => {
            "the legion retreats to an adjacent open area without a wormsign, as offered"
        }
        "AR-OPT-08" => "the fleeing legion goes to an adjacent open area, as offered",
        "AR-ATOM-07" => "the blasted legion goes to an adjacent open area, as offered",
        "AR-LEADER-11" => {
            "a leader in the regeneration tank leaves it only at the end of the turn in which \
             a spent die moves it off the track, so that die cannot also deploy it"
        }
        "AR-LEADER-23" => {
            "Hawat's Scheming is never discarded for combat dice, for the hand limit or by an \
             opponent's card; it leaves the hand only through the free action that removes \
             Thufir Hawat"
        }
        "AR-VEH-08" => "a desert area never holds two harvesters",
        "AR-ACT-05" => "each result on the Harkonnen dashboard holds at most 3 dice",
        "AR-ACT-06" => "each result on the Atreides dashboard holds at most 2 dice",
        "AR-ACT-07" => "a die with no free slot is turned to a result that still has one",
        "AR-OPT-10" => "an excess die goes to one of the least-filled results, as offered",
        "AR-BG-04" => "the Bene Gesserit token goes on a slot without a die",
        "AR-HAZ-14" => "the sandworm a wormsign calls must be placed",
        "AR-END-08" => "a hand above 6 planning cards discards one of its own cards until 6 remain",
        "AR-PRESC-02" => "there is no revealed prescience card in that place",
        "AR-PRESC-03" => "no more than 2 prescience cards are claimed in one round",
        "AR-PRESC-04" => "no more than 1 prescience card is claimed in one turn",
        "AR-PRESC-05" => "that card is claimed only during Action Resolution",
        "AR-PRESC-06" => "that card is claimed only at the End of the Round",
        "AR-PRESC-07" => "every condition the card lists must hold now",
        "AR-PRESC-08" => {
            "that card is claimed by spending one unused die as the turn's action, or without \
             one, as the card says"
        }
        _ => "the rules do not allow it now",
    }
}
