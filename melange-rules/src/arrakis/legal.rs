//! The legal actions of every prompt: the one place that decides what may
//! be done (`apply` accepts exactly these). A short dispatcher: each
//! decision lists its actions in its own file.
use super::action::Action;
use super::prompt::{BattleStep, Prompt};
use super::state::Arrakis;

impl Arrakis {
    /// Appends the legal actions of the seat to act: one arm per decision,
    /// handing over to the decision's file.
    pub(super) fn legal(&self, out: &mut Vec<Action>) {
        match self.prompt {
            Prompt::None => {}
            Prompt::Expansion(_) => self.hook_legal_decision(out),
            Prompt::Vehicles { .. } => self.legal_vehicles(out),
            Prompt::Reassign(f) => self.legal_reassign(f, out),
            Prompt::BeneGesserit(f) => self.legal_bene_gesserit(f, out),
            Prompt::Turn(f) => self.legal_turn(f, out),
            Prompt::AtreidesHouse => self.legal_atreides_house(out),
            Prompt::HarkonnenHouse => self.legal_harkonnen_house(out),
            Prompt::Move(m) => self.legal_move(&m, out),
            Prompt::Mentat(f) => self.legal_mentat(f, out),
            Prompt::HarkonnenDeploy {
                regulars,
                leader,
                last,
            } => self.legal_harkonnen_deploy(regulars, leader, last, out),
            Prompt::AtreidesDeploy { placed, .. } => self.legal_atreides_deploy(placed, out),
            Prompt::Upgrade(n) => self.legal_upgrade(n, out),
            Prompt::Wormsigns(n) => self.legal_wormsigns(n, out),
            Prompt::Sandworms(n, used) => self.legal_sandworms(n, used, out),
            Prompt::Battle(bt) => self.legal_battle(&bt, out),
            Prompt::Spice { spice, decided } => self.legal_spice(spice, decided, out),
            Prompt::EndClaims => self.legal_end_claims(out),
            Prompt::Foresee(f, k) => self.legal_foresee(f, k, out),
            Prompt::RelocateWorm(to) | Prompt::CalledWorm(_, to) => self.legal_worm_move(to, out),
            Prompt::Rescue(area) => self.legal_rescue(area, out),
            Prompt::Swap(f) => self.legal_swap(f, out),
            Prompt::HandLimit(f) => self.legal_hand_limit(f, out),
            Prompt::Unclaimed => self.legal_unclaimed(out),
            Prompt::Card(..) => self.legal_card(out),
            Prompt::HazardCasualty(..) => self.legal_hazard_casualty(out),
            Prompt::Excess(f, area, _) => self.legal_excess(f, area, out),
            Prompt::Flee(area) => self.legal_flee(area, out),
            Prompt::WormRetreat(_, to, g) => self.legal_worm_retreat(to, g, out),
            Prompt::WildMakerOrSandworm(..) => self.legal_wild_maker_or_sandworm(out),
            Prompt::Displace(f, area) => self.legal_displace(f, area, out),
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
                BattleStep::Discard(f) => {
                    self.may_discard_for_dice(&bt, f) && !self.house(f).hand.is_empty()
                }
                _ => false,
            },
            Prompt::HandLimit(_) => true,
            _ => false,
        }
    }
}
