//! What one viewer may know (AR-DEPLOY-02 and the hidden-information rules
//! of DESIGN.md): counts for the other side, never hidden contents.
use crate::core::Viewer;

use super::event::seat_of;
use super::expansions::{AreaExpansionViews, ExpansionViews};
use super::ids::{CardId, Faction};
use super::prompt::Prompt;
use super::state::{Arrakis, LeaderAt, Phase, Vehicle, Worm};
use super::vocab::{ByFaction, ByImperiumMarker, ByMarker, Units};

/// One area as a viewer sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AreaView {
    /// Revealed units per faction per kind.
    pub units: ByFaction<Units>,
    /// Face-down Atreides tokens: count only.
    pub tokens: u8,
    /// Contents of those tokens (token kinds), for the Atreides only.
    pub token_kinds: Vec<u8>,
    /// Generic leaders per faction.
    pub generic: ByFaction<u8>,
    /// Named leaders (bit = leader id).
    pub named: u64,
    /// A sietch: `Some(None)` face down (rank hidden), `Some(Some(r))` known.
    pub sietch: Option<Option<u8>>,
    /// The Harkonnen settlement stands.
    pub settlement: bool,
    /// An untaken testing station (its marker stays hidden).
    pub station: bool,
    /// A face-down wormsign token (its kind hidden from everyone).
    pub wormsign: bool,
    /// A sandworm figure.
    pub worm: Option<Worm>,
    /// A harvester.
    pub harvester: bool,
    /// The expansions' figures (all zero without them).
    pub expansions: AreaExpansionViews,
}

/// A house as a viewer sees it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HouseView {
    /// The hand, to its owner only.
    pub hand: Option<Vec<CardId>>,
    /// Hand size.
    pub hand_size: u8,
    /// Cards left in each deck (never their order).
    pub deck_sizes: [u8; 2],
    /// Unused dice by result (dashboard order).
    pub dice: [u8; 5],
    /// Units in supply.
    pub supply: Units,
    /// Bene Gesserit tokens.
    pub bene_gesserit: u8,
    /// While its owner reorders a deck (AR-OPT-02): the top cards, top
    /// first, to the owner only.
    pub foresee: Option<Vec<CardId>>,
}

/// The game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArrakisView {
    /// Round.
    pub round: u16,
    /// Phase.
    pub phase: Phase,
    /// Areas, by area id.
    pub areas: Vec<AreaView>,
    /// Vehicles per Air zone.
    pub zones: Vec<Option<Vehicle>>,
    /// Harkonnen `[0]`, Atreides `[1]`.
    pub houses: ByFaction<HouseView>,
    /// Imperium marker rows.
    pub imperium: ByImperiumMarker<u8>,
    /// Active bans.
    pub bans: ByImperiumMarker<bool>,
    /// Supremacy.
    pub supremacy: u8,
    /// Prescience markers.
    pub prescience: ByMarker<u8>,
    /// The secret objective's targets, to the Atreides only.
    pub objective: Option<[u8; 3]>,
    /// The second secret objective's targets (Tested with the Gom Jabbar),
    /// to the Atreides only; `None` for anyone else or when not drawn.
    pub objective2: Option<[u8; 3]>,
    /// The planning card or special action being resolved and its step,
    /// also while one of its steps uses an ordinary prompt (a move, Desert
    /// Power, vehicles). Public: a played card is face up.
    pub resolving: Option<(super::cards::play::Source, u8)>,
    /// Revealed prescience cards.
    pub revealed: Vec<u8>,
    /// The decision the game waits on (a drawn Atreides token's kind is
    /// hidden from everyone but the Atreides).
    pub prompt: Prompt,
    /// Where each leader is, by leader id.
    pub leaders: Vec<LeaderAt>,
    /// Leader cards spent this round (bit = leader id, AR-LEADER-07).
    pub spent_leaders: u64,
    /// Harkonnen spice saved for the next harvest.
    pub spice_saved: u8,
    /// Ordinary sandworm figures off the board.
    pub worms_off: u8,
    /// The area the Family Atomics turned into desert.
    pub atomics_area: Option<super::ids::AreaId>,
    /// Prescience cards claimed this round.
    pub claimed_this_round: u8,
    /// The winner.
    pub winner: Option<Faction>,
    /// The expansions off the board, each when it is on.
    pub expansions: ExpansionViews,
}

impl Arrakis {
    /// Builds the view of `viewer`.
    pub fn make_view(&self, viewer: Viewer) -> ArrakisView {
        let sees = |f: Faction| viewer.sees_private_of(seat_of(f));
        let atreides = sees(Faction::Atreides);
        let areas = self
            .areas
            .iter()
            .map(|s| AreaView {
                units: s.units,
                tokens: s.tokens.len() as u8,
                token_kinds: if atreides {
                    s.tokens.to_vec()
                } else {
                    Vec::new()
                },
                generic: s.generic,
                named: s.named,
                sietch: s.sietch.map(|x| (x.revealed || atreides).then_some(x.rank)),
                settlement: s.settlement,
                station: s.station.is_some(),
                wormsign: s.wormsign.is_some(),
                worm: s.worm,
                harvester: s.harvester,
                expansions: s.expansions.view(atreides),
            })
            .collect();
        let houses = ByFaction::from_fn(|f| {
            let h = self.house(f);
            let mut dice = [0u8; 5];
            for d in h.dice.iter().filter(|d| !d.spent) {
                dice[d.result.index()] += 1;
            }
            HouseView {
                hand: sees(f).then(|| h.hand.to_vec()),
                hand_size: h.hand.len() as u8,
                deck_sizes: [h.decks[0].len() as u8, h.decks[1].len() as u8],
                dice,
                supply: h.supply,
                bene_gesserit: h.bene_gesserit,
                foresee: match self.prompt {
                    Prompt::Foresee(g, k) if g == f && sees(f) => Some(
                        h.decks[usize::from(k)]
                            .iter()
                            .rev()
                            .take(3)
                            .copied()
                            .collect(),
                    ),
                    _ => None,
                },
            }
        });
        let o = &self.d().tables.secret_objectives[usize::from(self.objective)];
        ArrakisView {
            round: self.round,
            phase: self.phase,
            areas,
            zones: self.zones.to_vec(),
            houses,
            imperium: ByImperiumMarker::from_fn(|m| self.imperium[m]),
            bans: ByImperiumMarker::from_fn(|m| self.bans[m]),
            supremacy: self.supremacy,
            prescience: ByMarker::from_fn(|m| self.prescience[m]),
            objective: atreides.then(|| o.targets()),
            objective2: self
                .objective2
                .filter(|_| atreides)
                .map(|i| self.d().tables.secret_objectives[usize::from(i)].targets()),
            resolving: self.effect.map(|run| (run.card, run.step)),
            revealed: self.revealed.to_vec(),
            prompt: match self.prompt {
                Prompt::AtreidesDeploy { placed, .. } if !atreides => Prompt::AtreidesDeploy {
                    token: u8::MAX,
                    placed,
                },
                p => p,
            },
            leaders: self.leaders.to_vec(),
            spent_leaders: self.spent_leaders,
            spice_saved: self.spice_saved,
            worms_off: self.worms_off,
            atomics_area: self.atomics_area,
            claimed_this_round: self.claimed_this_round,
            winner: self.winner.as_ref().map(|w| w.0),
            expansions: self.expansions.view(atreides),
        }
    }
}
