//! The words a person reads for each action.

use super::*;

impl Arrakis {
    /// The label a person reads for `action` (Ruleset::label).
    pub(super) fn action_label(&self, action: &Action) -> String {
        let d = self.d();
        let b = d.board;
        let ar = |a: &AreaId| b.area(*a).display_name();
        let zone =
            |z: &AirZoneId| format!("Air zone {}", b.air_zones[z.index()].id.replace('_', "-"));
        let leader = |l: &LeaderId| d.leader(*l).name.clone();
        let card = |c: &CardId| d.card(*c).name.clone();
        match action {
            Action::Expansion(_) => self
                .hook_label(action)
                .unwrap_or_else(|| "an expansion's action".into()),
            // AR-HAZ-18: declining the Wild Maker brings a normal sandworm.
            Action::Done if matches!(self.prompt, Prompt::WildMakerOrSandworm(..)) => {
                "a normal sandworm".into()
            }
            Action::Done => "stop here".into(),
            Action::Resign(Resignation::Conceded) => "concede the game".into(),
            Action::Resign(Resignation::Forfeited) => "forfeit the game".into(),
            Action::Resign(Resignation::OutOfTime) => "lose on time".into(),
            Action::Resign(Resignation::TimeLimit) => "end the game at its time limit".into(),
            Action::Legion(a) => format!("move the legion in {}", ar(a)),
            Action::To(a) => format!("to {}", ar(a)),
            Action::Sandride(a) => format!("sandride to {}", ar(a)),
            Action::Transport(z, a) => format!("troop-transport ({}) to {}", zone(z), ar(a)),
            Action::PlaceHarvester(a) => format!("harvester in {}", ar(a)),
            Action::PlaceVehicle(v, z) => format!("{} in {}", v.name().replace('_', " "), zone(z)),
            Action::DeployAt(a) => format!("deploy in {}", ar(a)),
            Action::DeployLeader(Some(l)) => format!("deploy {}", leader(l)),
            Action::DeployLeader(None) => "deploy a generic leader".into(),
            Action::TakeLeader(l) => format!("take {}", leader(l)),
            Action::SwapLeader(l) => format!("swap {} for a generic leader", leader(l)),
            Action::Convert(None) => "a generic leader converts a Special".into(),
            Action::Reassign(r) => format!("reassign the die to {}", words(r)),
            Action::PlaceBeneGesserit(r) => {
                format!("Bene Gesserit token as a {} die", words(r))
            }
            Action::SpendDie(r) => format!("spend a {} die", words(r)),
            Action::PlayCard(c, r) => format!("play {} with a {} die", card(c), words(r)),
            Action::DesertPower => "Desert Power".into(),
            Action::HouseAs(r) => format!("House die as {}", words(r)),
            Action::HouseAsDesertPower => "House die as Desert Power".into(),
            Action::HouseUpgrade => "House: upgrade regular units".into(),
            Action::HouseVehicles => "House: place vehicles".into(),
            Action::Take(k) => format!("take a {}", words(k)),
            Action::TakeToken => "take a deployment token".into(),
            Action::TakeGeneric => "take a generic leader".into(),
            Action::TakeAll => "take the whole legion".into(),
            Action::Mentat(a, b) => {
                format!("Mentat: draw from the {} and {} decks", words(a), words(b))
            }
            Action::LoseUnit(k) => format!("lose a {}", words(k)),
            Action::Continue => "continue the battle".into(),
            Action::Advance => "advance into the area".into(),
            Action::Keep(m) => format!("keep the {} marker", words(m)),
            Action::Raise(m) => format!("raise the {} marker", words(m)),
            Action::BuySupremacy => "buy a supremacy point with 3 spice".into(),
            Action::Claim(n) => format!(
                "claim prescience card {}{}",
                u32::from(*n) + 1,
                self.prescience_name(*n)
            ),
            Action::ClaimSpending(n, r) => format!(
                "claim prescience card {}{} spending a {} die",
                u32::from(*n) + 1,
                self.prescience_name(*n),
                words(r)
            ),
            Action::RemoveUnclaimed => "remove the unclaimed prescience cards".into(),
            Action::ReshuffleUnclaimed => "shuffle the unclaimed prescience cards back".into(),
            Action::Foresee(0) => "Bene Gesserit: look at the top 3 house cards".into(),
            Action::Foresee(_) => "Bene Gesserit: look at the top 3 ally cards".into(),
            Action::Order(n) => format!("put the seen cards back in order {}", u32::from(*n) + 1),
            Action::Scheme(n) => {
                format!("discard {n} Hawat's Scheming cards to remove Thufir Hawat")
            }
            Action::Convert(Some(l)) => format!("{} converts a Special", leader(l)),
            Action::Discard(c) => format!("discard {}", card(c)),
            Action::WormsignAt(a) => format!("wormsign in {}", ar(a)),
            Action::WormAttack(x, y) => format!("sandworm in {} attacks {}", ar(x), ar(y)),
            Action::WormMove(x, y) => format!("sandworm moves {} to {}", ar(x), ar(y)),
            Action::Reveal(a) => format!("reveal the tokens in {}", ar(a)),
            Action::Scout(z, a) => format!("scout {} ({})", ar(a), zone(z)),
            Action::Retreat(a) => format!("retreat to {}", ar(a)),
            Action::Upgrade(a) => format!("upgrade a regular in {}", ar(a)),
            Action::Atomics(a) => format!("detonate the Family Atomics on {}", ar(a)),
            Action::Rescue(z) => format!("rescue with the carryall in {}", zone(z)),
            Action::Resolve => match self.prompt {
                Prompt::Card(_, Source::Card(c), _) => {
                    format!("carry out this step of {}", card(&c))
                }
                Prompt::Card(_, Source::Leader(l), _) => {
                    format!("carry out this step of {}'s special action", leader(&l))
                }
                _ => "carry it out".into(),
            },
            Action::DrawFrom(dk) => format!("draw from the {} deck", words(dk)),
            Action::PlayFree(c) => format!("play {} without a die", card(c)),
            Action::Special(l) => format!("{}'s special action", leader(l)),
            Action::PickLeader(l) => format!("send {} to the regeneration tank", leader(l)),
            Action::Displace(a) => format!("move the blasted legion to {}", ar(a)),
            Action::PickArea(a) => format!("pick {}", ar(a)),
            Action::PickZone(z) => format!("pick the vehicle in {}", zone(z)),
            Action::PickSector(x) => format!("pick sector {}", b.sectors[usize::from(x.0)].id),
            Action::PickSlot(n) => self.slot_label(*n),
            Action::PickMarker(m) => format!("pick the {} marker", words(m)),
            Action::PickDie(r) => format!("pick a {} die", words(r)),
            Action::PickImperium(m) => format!("pick the {} marker", words(m)),
            Action::WildMaker => match self.prompt {
                Prompt::Swap(_) => "replace the Wild Maker with a normal sandworm".into(),
                _ => "the Wild Maker".into(),
            },
        }
    }
}

/// A unit-like enum value as lower-case words: `DeepDesert` -> "deep desert".
fn words(value: &impl std::fmt::Debug) -> String {
    let name = format!("{value:?}");
    let mut out = String::with_capacity(name.len() + 4);
    for (i, ch) in name.chars().enumerate() {
        if ch.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(ch.to_lowercase());
    }
    out
}
