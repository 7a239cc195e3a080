//! What one viewer may know: hands, Intrigue cards and deck order hidden
//! from others (counts only); everything on the table public.
use crate::core::{Resignation, Seat, Viewer};

use super::hagal::HagalId;
use super::ids::{CardId, ConflictId, Faction, IntrigueId, LeaderId, SpaceId};
use super::prompt::Prompt;
use super::standing::EarlyEnd;
use super::state::{Imperium, Phase};

/// One seat as the viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Leader.
    pub leader: LeaderId,
    /// Solari.
    pub solari: u8,
    /// Spice.
    pub spice: u8,
    /// Water.
    pub water: u8,
    /// Troops in supply.
    pub supply: u8,
    /// Troops in garrison.
    pub garrison: u8,
    /// Troops in the Conflict.
    pub conflict: u8,
    /// Swords this Conflict.
    pub swords: u8,
    /// Strength now.
    pub strength: u8,
    /// Persuasion this turn.
    pub persuasion: u8,
    /// VP.
    pub vp: u8,
    /// Influence per faction (track order).
    pub influence: [u8; 4],
    /// Own Agents.
    pub agents: u8,
    /// Agents still on the Leader.
    pub agents_left: u8,
    /// Swordmaster.
    pub swordmaster: bool,
    /// High Council seat.
    pub high_council: bool,
    /// Took the Reveal turn this round.
    pub has_revealed: bool,
    /// Hand (only to its owner).
    pub hand: Option<Vec<CardId>>,
    /// Hand size.
    pub hand_count: u8,
    /// Deck size.
    pub deck_count: u8,
    /// The top deck card, to its owner when a leader ability shows it (Paul).
    pub deck_top: Option<CardId>,
    /// Discard pile (public), bottom first.
    pub discard: Vec<CardId>,
    /// Played on Agent turns this round.
    pub played: Vec<CardId>,
    /// Revealed this round.
    pub revealed: Vec<CardId>,
    /// Intrigue cards (only to their owner).
    pub intrigue: Option<Vec<IntrigueId>>,
    /// Intrigue count.
    pub intrigue_count: u8,
    /// Baron's secret factions (only to their owner, or once revealed).
    pub secret_factions: Option<Vec<Faction>>,
    /// Helena's set-aside card.
    pub set_aside: Option<CardId>,
}

/// A rival (House Hagal or a solo Rival) as everyone sees it: all public.
/// Its `seat` is its index on the board (`occupant`, `control`,
/// `alliance`, Conflict strengths), after the human seats; it is not a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RivalView {
    /// Board index (not a seat).
    pub seat: Seat,
    /// Leader (`None` for House Hagal with `hagal_signet = none`).
    pub leader: Option<LeaderId>,
    /// Solari.
    pub solari: u8,
    /// Spice.
    pub spice: u8,
    /// Water.
    pub water: u8,
    /// Troops in supply.
    pub supply: u8,
    /// Troops in garrison.
    pub garrison: u8,
    /// Troops in the Conflict.
    pub conflict: u8,
    /// Swords this Conflict.
    pub swords: u8,
    /// Strength now.
    pub strength: u8,
    /// VP.
    pub vp: u8,
    /// Influence per faction.
    pub influence: [u8; 4],
    /// Agents.
    pub agents: u8,
    /// Agents not yet sent this round.
    pub agents_left: u8,
    /// Intrigue cards held (count only).
    pub intrigue_count: u8,
    /// The House Hagal card it revealed last.
    pub last_revealed: Option<HagalId>,
}

/// What the game is waiting for, as the viewer may know it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PromptView {
    /// The deciding seat.
    pub seat: Seat,
    /// The kind of decision, e.g. `turn`, `deploy`, `choice`, `acquire`.
    pub kind: &'static str,
    /// A card the decider is looking at (Poison Snooper), to the decider only.
    pub card: Option<CardId>,
}

/// The game as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImperiumView {
    /// Who looks.
    pub viewer: Viewer,
    /// Round number (1-10).
    pub round: u8,
    /// Phase name: `setup`, `player_turns`, `combat`, `endgame`, `over`.
    pub phase: &'static str,
    /// First Player.
    pub first_player: Seat,
    /// The revealed Conflict.
    pub conflict: Option<ConflictId>,
    /// Conflict cards left.
    pub conflict_deck_count: u8,
    /// The Imperium Row.
    pub row: Vec<CardId>,
    /// Imperium deck size.
    pub imperium_deck_count: u8,
    /// Reserve piles: (card, copies left).
    pub reserve: Vec<(CardId, u8)>,
    /// Intrigue deck size.
    pub intrigue_deck_count: u8,
    /// Intrigue discard pile (public).
    pub intrigue_discard: Vec<IntrigueId>,
    /// Trashed cards.
    pub trash: Vec<CardId>,
    /// Agent per board space (space index order).
    pub occupant: Vec<Option<Seat>>,
    /// Bonus spice per board space.
    pub bonus_spice: Vec<u8>,
    /// Controller per board space.
    pub control: Vec<Option<Seat>>,
    /// The Voice block.
    pub voice: Option<(Seat, SpaceId)>,
    /// Alliance holder per faction.
    pub alliance: [Option<Seat>; 4],
    /// Mentat holder this round.
    pub mentat: Option<Seat>,
    /// Who keeps the Mentat for next round.
    pub mentat_next: Option<Seat>,
    /// Every seat.
    pub players: Vec<PlayerView>,
    /// The decision awaited.
    pub prompt: Option<PromptView>,
    /// The rivals (1-2 player games), after the seats.
    pub rivals: Vec<RivalView>,
    /// House Hagal cards left in its deck (order never shown).
    pub hagal_deck_count: u8,
    /// Revealed House Hagal cards, oldest first (public).
    pub hagal_revealed: Vec<HagalId>,
    /// MC-RESIGN-02: the seat whose resignation ended the game, and how.
    pub resigned: Option<(Seat, Resignation)>,
}

fn kind(p: &Prompt) -> &'static str {
    match p {
        Prompt::Turn(_) => "turn",
        Prompt::Deploy { .. } => "deploy",
        Prompt::Retreat { .. } => "retreat",
        Prompt::Choice { .. } => "choice",
        Prompt::Optional { .. } => "optional",
        Prompt::Influence { .. } => "influence",
        Prompt::LoseInfluence { .. } => "lose_influence",
        Prompt::Trash(_) => "trash",
        Prompt::Discard { .. } => "discard",
        Prompt::Opponent { .. } => "opponent",
        Prompt::Acquire(_) => "acquire",
        Prompt::AgentPlot(_) => "agent_plot",
        Prompt::FreeAcquire { .. } => "free_acquire",
        Prompt::SellMelange(_) => "sell_melange",
        Prompt::CombatIntrigue(_) => "combat_intrigue",
        Prompt::AfterWin(_) => "after_win_intrigue",
        Prompt::Endgame(_) => "endgame_intrigue",
        Prompt::PoisonSnooper { .. } => "poison_snooper",
        Prompt::Retrieve(_) => "retrieve",
        Prompt::Voice(_) => "voice",
        Prompt::Recall(_) => "urgent_mission",
        Prompt::Manipulate(_) => "manipulate",
        Prompt::SecretFaction(_) => "secret_faction",
        Prompt::Masterstroke(_) => "masterstroke",
        Prompt::KwisatzFrom { .. } => "kwisatz_haderach",
        Prompt::AllianceHandover { .. } => "alliance_handover",
        Prompt::AgentOrder { .. } => "agent_order",
        Prompt::DefensiveBonus(_) => "defensive_bonus",
    }
}

impl Imperium {
    /// Builds the view.
    pub(crate) fn make_view(&self, viewer: Viewer) -> ImperiumView {
        let d = self.d();
        let players = self
            .human_seats()
            .map(|s| {
                let p = self.p(s);
                let own = viewer.sees_private_of(s);
                let prescience =
                    own && self.leader_ability(s) == Some(super::effect::Bespoke::Prescience);
                PlayerView {
                    seat: s,
                    leader: p.leader,
                    solari: p.solari,
                    spice: p.spice,
                    water: p.water,
                    supply: p.supply,
                    garrison: p.garrison,
                    conflict: p.conflict,
                    swords: p.swords,
                    strength: self.strength(s),
                    persuasion: p.persuasion,
                    vp: p.vp,
                    influence: p.influence,
                    agents: p.agents,
                    agents_left: self.agents_left(s),
                    swordmaster: p.swordmaster,
                    high_council: p.high_council,
                    has_revealed: p.has_revealed,
                    hand: own.then(|| p.hand.to_vec()),
                    hand_count: p.hand.len() as u8,
                    deck_count: p.deck.len() as u8,
                    deck_top: if prescience {
                        p.deck.last().copied()
                    } else {
                        None
                    },
                    discard: p.discard.to_vec(),
                    played: p.played.to_vec(),
                    revealed: p.revealed.to_vec(),
                    intrigue: own.then(|| p.intrigue.to_vec()),
                    intrigue_count: p.intrigue.len() as u8,
                    secret_factions: (own || p.masterstroke_used).then(|| {
                        Faction::ALL
                            .into_iter()
                            .filter(|f| p.secret_factions & (1 << f.index()) != 0)
                            .collect()
                    }),
                    set_aside: p.set_aside,
                }
            })
            .collect();
        let prompt = self.prompt.as_ref().map(|p| {
            let seat = p.seat();
            PromptView {
                seat,
                kind: kind(p),
                card: match p {
                    Prompt::PoisonSnooper { card, .. } if viewer.sees_private_of(seat) => {
                        Some(*card)
                    }
                    _ => None,
                },
            }
        });
        let rivals = self
            .rival_seats()
            .map(|s| {
                let p = self.p(s);
                RivalView {
                    seat: s,
                    leader: (!self.is_hagal(s) || self.hagal_has_leader()).then_some(p.leader),
                    solari: p.solari,
                    spice: p.spice,
                    water: p.water,
                    supply: p.supply,
                    garrison: p.garrison,
                    conflict: p.conflict,
                    swords: p.swords,
                    strength: self.strength(s),
                    vp: p.vp,
                    influence: p.influence,
                    agents: p.agents,
                    agents_left: self.agents_left(s),
                    intrigue_count: p.intrigue.len() as u8,
                    last_revealed: self.rivals.as_ref().and_then(|r| r.last[r.rival_index(s)]),
                }
            })
            .collect();
        ImperiumView {
            viewer,
            round: self.round,
            phase: match self.phase {
                Phase::Setup => "setup",
                Phase::PlayerTurns => "player_turns",
                Phase::Combat => "combat",
                Phase::Endgame => "endgame",
                Phase::Over => "over",
            },
            first_player: self.first,
            conflict: self.conflict,
            conflict_deck_count: self.conflict_deck.len() as u8,
            row: self.row.to_vec(),
            imperium_deck_count: self.imperium_deck.len() as u8,
            reserve: (0..3).map(|k| (d.reserve[k], self.reserve[k])).collect(),
            intrigue_deck_count: self.intrigue_deck.len() as u8,
            intrigue_discard: self.intrigue_discard.to_vec(),
            trash: self.trash.to_vec(),
            occupant: self.occupant.to_vec(),
            bonus_spice: self.bonus_spice.to_vec(),
            control: self.control.to_vec(),
            voice: self.voice,
            alliance: self.alliance,
            mentat: self.mentat,
            mentat_next: self.mentat_next,
            players,
            prompt,
            rivals,
            hagal_deck_count: self.rivals.as_ref().map_or(0, |r| r.deck.len() as u8),
            hagal_revealed: self
                .rivals
                .as_ref()
                .map_or_else(Vec::new, |r| r.revealed.clone()),
            resigned: match self.early_end {
                Some(EarlyEnd::Resigned { seat, why }) => Some((seat, why)),
                _ => None,
            },
        }
    }
}
