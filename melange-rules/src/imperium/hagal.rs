//! House Hagal rivals: the one House Hagal rival of the 2-player game and
//! the two Rivals of the solo game (IM-HAGAL, IM-SOLO).
//!
//! Rivals sit in `Imperium::players` after the human seats (so the board,
//! Influence tracks, Alliance tokens and the Conflict treat them like any
//! other participant), but they are never seats: `seat_count()` counts the
//! humans only, and every rival turn or rival decision is made by the engine
//! inside `apply` (see [`Imperium::rival_decide`]) and reported as events.
//! Choices the rules leave open are made by the rules' stated preference,
//! then by a separate seeded generator (`RngStream::Rival`), never the clock.
use std::sync::LazyLock;

use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::Value;

use crate::core::{GameRng, RngStream, RuleError, Seat};

use super::action::Action;
use super::data::data;
use super::event::{Event, Resource};
use super::ids::{Faction, LeaderId, SpaceId};
use super::options::ImperiumOptions;
use super::prompt::Prompt;
use super::state::{Ctx, Imperium, Task, Turn};

/// One House Hagal card kind (index into the loaded list).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub struct HagalId(pub u8);

/// Where a House Hagal card sends the rival Agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HagalSpace {
    /// This board space.
    Space(SpaceId),
    /// The Harvest Spice rule picks a Maker space.
    Maker,
    /// No space (the Reshuffle card).
    None,
}

/// One House Hagal card kind from `hagal.json`.
#[derive(Clone, Debug)]
pub struct HagalCard {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Target space.
    pub space: HagalSpace,
    /// Copies in the box.
    pub copies: u8,
    /// In the solo deck.
    pub solo: bool,
    /// In the 2-player deck.
    pub two_player: bool,
    /// Troops recruited.
    pub troops: u8,
    /// A Combat space card: deploy recruits plus up to 2 from the garrison.
    pub combat: bool,
    /// Swords when revealed in Combat (`None`: Reshuffle).
    pub swords: Option<u8>,
    /// Influence gained.
    pub influence: Option<Faction>,
    /// Uses the rival Leader's Signet Ring.
    pub signet: bool,
    /// Uses House Hagal's Signet Ring under the text's reading
    /// (`text_reading_effects`, `hagal_signet = text`).
    pub signet_text: bool,
    /// The Reshuffle card.
    pub reshuffle: bool,
}

/// One solo difficulty level (`hagal.json` `solo.difficulty_levels`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SoloLevel {
    /// Data id (the `solo_difficulty` option value).
    pub id: String,
    /// Extra Solari for the human player at setup.
    pub human_solari: u8,
    /// Extra spice for the human player at setup.
    pub human_spice: u8,
    /// Each Rival's starting water (a missing key is 0).
    pub rival_water: u8,
    /// Each Rival's starting garrison.
    pub rival_garrison: u8,
    /// Intrigue cards each Rival draws at setup.
    pub rival_intrigue: u8,
    /// The round from which each Rival has its Swordmaster (3rd Agent).
    pub rival_swordmaster_round: u8,
    /// The Mentat space's Solari cost for the human player.
    pub human_mentat_cost: u8,
    /// Whether the human player may take the Swordmaster.
    pub human_swordmaster: bool,
}

/// The House Hagal facts.
#[derive(Debug)]
pub struct HagalData {
    /// Card kinds.
    pub cards: Vec<HagalCard>,
    /// House Hagal's Agents in the 2-player game.
    pub two_player_agents: u8,
    /// House Hagal's starting garrison: the rulebook's (`.0`) and the
    /// repository's (`.1`), `two_player.start`.
    pub two_player_garrison: (u8, u8),
    /// Leaders a solo Rival may use.
    pub compatible: Vec<LeaderId>,
    /// The solo difficulty levels, easiest first.
    pub levels: Vec<SoloLevel>,
}

const HAGAL: &str = include_str!("../../../data/imperium/hagal.json");
const LEADERS: &str = include_str!("../../../data/imperium/leaders.json");

fn load() -> Result<HagalData, String> {
    let d = data();
    let v: Value = serde_json::from_str(HAGAL).map_err(|e| format!("hagal.json: {e}"))?;
    let mut cards = Vec::new();
    let list = v["deck"]["cards"]
        .as_array()
        .ok_or("hagal.json: deck.cards")?;
    for c in list {
        let id = c["id"].as_str().ok_or("hagal card id")?.to_string();
        let space = match c["space"].as_str() {
            None => HagalSpace::None,
            Some("maker_space") => HagalSpace::Maker,
            Some(s) => HagalSpace::Space(
                d.space_id(s)
                    .ok_or_else(|| format!("hagal card {id}: unknown space {s}"))?,
            ),
        };
        let used = c["used_in"].as_str().unwrap_or("both");
        let mut influence = None;
        let mut signet = false;
        let mut reshuffle = false;
        for e in c["effects"].as_array().into_iter().flatten() {
            if let Some(inf) = e["gain"]["influence"].as_object() {
                for k in inf.keys() {
                    influence = Some(
                        Faction::parse(k).ok_or_else(|| format!("hagal card {id}: faction {k}"))?,
                    );
                }
            }
            if e["signet_ring"].as_bool() == Some(true) {
                signet = true;
            }
            if e["other"]
                .as_str()
                .is_some_and(|o| o.starts_with("shuffle"))
            {
                reshuffle = true;
            }
        }
        let signet_text = c["text_reading_effects"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|e| e["signet_ring"].as_bool() == Some(true));
        cards.push(HagalCard {
            signet_text,
            name: c["name"].as_str().unwrap_or(&id).to_string(),
            space,
            copies: c["copies"].as_u64().unwrap_or(1) as u8,
            solo: used == "both" || used == "solo_only",
            two_player: used == "both" || used == "two_player_only",
            troops: c["troops"].as_u64().unwrap_or(0) as u8,
            combat: c["combat_card"].as_bool().unwrap_or(false),
            swords: c["swords"].as_u64().map(|s| s as u8),
            influence,
            signet,
            reshuffle: reshuffle || id == "reshuffle",
            id,
        });
    }
    let count = |f: fn(&HagalCard) -> bool| {
        cards
            .iter()
            .filter(|c| f(c))
            .map(|c| usize::from(c.copies))
            .sum::<usize>()
    };
    let solo = v["deck"]["solo_deck_cards"].as_u64().unwrap_or(0) as usize;
    let two = v["deck"]["two_player_deck_cards"].as_u64().unwrap_or(0) as usize;
    if count(|c| c.solo) != solo || count(|c| c.two_player) != two {
        return Err("hagal.json: deck sizes do not match the card list".into());
    }
    let leaders: Value = serde_json::from_str(LEADERS).map_err(|e| format!("leaders.json: {e}"))?;
    let mut compatible = Vec::new();
    for l in leaders["leaders"].as_array().into_iter().flatten() {
        if l["solo_rival_compatible"].as_bool() == Some(true) {
            let id = l["id"].as_str().unwrap_or("");
            compatible.push(d.leader_id(id).ok_or_else(|| format!("leader {id}"))?);
        }
    }
    let start = &v["two_player"]["start"];
    let mut levels = Vec::new();
    for l in v["solo"]["difficulty_levels"]
        .as_array()
        .ok_or("hagal.json: solo.difficulty_levels")?
    {
        let id = l["id"].as_str().ok_or("difficulty level id")?.to_string();
        let num = |x: &Value| x.as_u64().unwrap_or(0).min(255) as u8;
        levels.push(SoloLevel {
            human_solari: num(&l["human_extra_start"]["solari"]),
            human_spice: num(&l["human_extra_start"]["spice"]),
            rival_water: num(&l["rival_start"]["water"]),
            rival_garrison: num(&l["rival_start"]["garrison_troops"]),
            rival_intrigue: num(&l["rival_start"]["intrigue"]),
            rival_swordmaster_round: l["rival_swordmaster_from_round"]
                .as_u64()
                .ok_or_else(|| format!("difficulty level {id}: rival_swordmaster_from_round"))?
                as u8,
            human_mentat_cost: l["human_mentat_cost_solari"]
                .as_u64()
                .ok_or_else(|| format!("difficulty level {id}: human_mentat_cost_solari"))?
                as u8,
            human_swordmaster: l["human_may_take_swordmaster"]
                .as_bool()
                .ok_or_else(|| format!("difficulty level {id}: human_may_take_swordmaster"))?,
            id,
        });
    }
    Ok(HagalData {
        levels,
        cards,
        two_player_agents: v["two_player"]["agents"].as_u64().unwrap_or(3) as u8,
        two_player_garrison: (
            start["garrison_troops"]
                .as_u64()
                .ok_or("hagal.json: two_player.start.garrison_troops")? as u8,
            start["garrison_troops_repository"]
                .as_u64()
                .ok_or("hagal.json: two_player.start.garrison_troops_repository")?
                as u8,
        ),
        compatible,
    })
}

static HAGAL_DATA: LazyLock<HagalData> = LazyLock::new(|| match load() {
    Ok(d) => d,
    Err(e) => panic!("{e}"),
});

/// The House Hagal facts, shared by every game.
pub fn hagal_data() -> &'static HagalData {
    &HAGAL_DATA
}

/// Which rival game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RivalMode {
    /// 2 players and House Hagal.
    TwoPlayer,
    /// 1 player and two Rivals.
    Solo,
}

/// The rivals' shared state.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Rivals {
    /// Which game.
    pub mode: RivalMode,
    /// Human seats (rivals follow them in `players`).
    pub humans: u8,
    /// The House Hagal deck; the top is the last element. Hidden.
    pub deck: Vec<HagalId>,
    /// Revealed cards (public), oldest first.
    pub revealed: Vec<HagalId>,
    /// The last card each rival revealed.
    pub last: Vec<Option<HagalId>>,
    /// Rival choices and House Hagal shuffles (`RngStream::Rival`).
    pub rng: GameRng,
}

/// The resolved rival options.
pub(crate) struct RivalSetup {
    pub mode: RivalMode,
    pub leaders: Vec<Option<LeaderId>>,
}

impl ImperiumOptions {
    /// Checks the rival options: which rival game the player count needs,
    /// and the rival leaders.
    pub(crate) fn resolve_rivals(&self) -> Result<Option<RivalSetup>, RuleError> {
        let mode = match self.player_count {
            1 => RivalMode::Solo,
            2 => RivalMode::TwoPlayer,
            _ => {
                if !self.rival_leaders.is_empty() {
                    return Err(RuleError::InvalidOptions(
                        "rival leaders are only for 1-player games (3-4 player games have no rivals)"
                            .into(),
                    ));
                }
                return Ok(None);
            }
        };
        if self.no_rivals {
            return Err(RuleError::InvalidOptions(format!(
                "a {}-player game of Dune: Imperium needs House Hagal rivals \
                 (one rival for 2 players, two for 1 player); without rivals use 3 or 4 players",
                self.player_count
            )));
        }
        let mut leaders = Vec::new();
        if mode == RivalMode::TwoPlayer && self.rival_leaders.iter().any(Option::is_some) {
            return Err(RuleError::InvalidOptions(
                "House Hagal, the 2-player rival, has no leader; rival leaders are for 1-player games"
                    .into(),
            ));
        }
        if self.rival_leaders.len() > 2 {
            return Err(RuleError::InvalidOptions(
                "a solo game has two rivals: at most 2 rival leaders".into(),
            ));
        }
        let h = hagal_data();
        for l in &self.rival_leaders {
            match l {
                None => leaders.push(None),
                Some(id) => {
                    let lid = data().leader_id(id).ok_or_else(|| {
                        RuleError::InvalidOptions(format!("unknown rival leader `{id}`"))
                    })?;
                    if !h.compatible.contains(&lid) {
                        return Err(RuleError::InvalidOptions(format!(
                            "leader `{id}` cannot be a solo rival (leaders.json solo_rival_compatible)"
                        )));
                    }
                    if leaders.contains(&Some(lid))
                        || self.leaders.iter().any(|x| x.as_deref() == Some(id))
                    {
                        return Err(RuleError::InvalidOptions(format!(
                            "leader `{id}` chosen twice"
                        )));
                    }
                    leaders.push(Some(lid));
                }
            }
        }
        Ok(Some(RivalSetup { mode, leaders }))
    }
}

impl Rivals {
    /// A new shuffled deck for the mode (IM-SOLO-01: one shared deck).
    pub(crate) fn new(mode: RivalMode, humans: u8, rivals: u8, seed: u64) -> Rivals {
        let mut rng = RngStream::Rival.rng(seed);
        let mut deck = Vec::new();
        for (i, c) in hagal_data().cards.iter().enumerate() {
            let used = match mode {
                RivalMode::Solo => c.solo,
                RivalMode::TwoPlayer => c.two_player,
            };
            if used {
                for _ in 0..c.copies {
                    deck.push(HagalId(i as u8));
                }
            }
        }
        deck.shuffle(&mut rng);
        Rivals {
            mode,
            humans,
            deck,
            revealed: Vec::new(),
            last: vec![None; usize::from(rivals)],
            rng,
        }
    }

    /// The index into the per-rival tables (`last`) of the rival at board
    /// place `seat`: the rivals follow the human seats.
    pub(crate) fn rival_index(&self, seat: Seat) -> usize {
        usize::from(seat.0 - self.humans)
    }
}

impl Imperium {
    /// How many seats are human (the rest of the table, up to four, are
    /// House Hagal rivals).
    pub fn humans(&self) -> u8 {
        self.rivals.as_ref().map_or(self.n(), |r| r.humans)
    }

    /// The human seats, in order (the range is taken now, so the caller
    /// may change the game while it walks it).
    pub(crate) fn human_seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.humans()).map(Seat)
    }

    /// The rivals' board places, after the human seats (taken now, as
    /// [`Imperium::human_seats`]).
    pub(crate) fn rival_seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (self.humans()..self.n()).map(Seat)
    }

    /// Whether table position `seat` is a rival, not a seat: the wire
    /// layer shows rivals but never asks them.
    pub fn is_rival(&self, seat: Seat) -> bool {
        seat.0 >= self.humans()
    }

    /// House Hagal of the 2-player game.
    pub fn is_hagal(&self, seat: Seat) -> bool {
        self.is_rival(seat) && self.rival_mode() == Some(RivalMode::TwoPlayer)
    }

    /// Whether House Hagal plays a Leader (for its Signet Ring only):
    /// by the text (IM-HAGAL-07), not with `hagal_signet = none`.
    pub(crate) fn hagal_has_leader(&self) -> bool {
        !self.rules.hagal_no_signet
    }

    /// The rival game, if any.
    pub(crate) fn rival_mode(&self) -> Option<RivalMode> {
        self.rivals.as_ref().map(|r| r.mode)
    }

    /// How many seats the First Player marker passes between: House Hagal
    /// never holds it (docs/rules-decisions.md, A14a), solo Rivals do (17).
    pub(crate) fn marker_seats(&self) -> u8 {
        if self.rival_mode() == Some(RivalMode::TwoPlayer) {
            self.humans()
        } else {
            self.n()
        }
    }

    pub(crate) fn rv(&mut self) -> &mut Rivals {
        self.rivals.as_mut().expect("rivals")
    }

    /// Reveals the top House Hagal card for `seat`; an empty deck is
    /// rebuilt from the revealed cards, and the Reshuffle card shuffles
    /// every revealed card back before the next is revealed.
    fn reveal_hagal(&mut self, seat: Seat, combat: bool, ev: &mut Vec<Event>) -> Option<HagalId> {
        let h = hagal_data();
        for _ in 0..64 {
            if self.rv().deck.is_empty() {
                // hagal.json common_rules.deck_exhaustion
                let r = self.rv();
                let mut back = std::mem::take(&mut r.revealed);
                back.shuffle(&mut r.rng);
                r.deck = back;
                ev.push(Event::HagalReshuffled);
                if self.rv().deck.is_empty() {
                    return None;
                }
            }
            let r = self.rv();
            let card = r.deck.pop().expect("non-empty");
            r.revealed.push(card);
            let k = r.rival_index(seat);
            r.last[k] = Some(card);
            ev.push(Event::HagalRevealed { seat, card, combat });
            if h.cards[usize::from(card.0)].reshuffle {
                // The Reshuffle card (2-player deck): everything revealed
                // goes back, then the next card is revealed.
                let r = self.rv();
                let mut back = std::mem::take(&mut r.revealed);
                r.deck.append(&mut back);
                let Rivals { deck, rng, .. } = r;
                deck.shuffle(rng);
                ev.push(Event::HagalReshuffled);
                continue;
            }
            return Some(card);
        }
        None
    }

    /// Whether a rival may send an Agent there: unoccupied and not blocked
    /// by another participant's Voice (IM-AGENT-05, docs/rules-decisions.md, A20).
    fn rival_space_free(&self, seat: Seat, space: SpaceId) -> bool {
        self.occupant[usize::from(space.0)].is_none()
            && !matches!(self.voice, Some((o, s)) if s == space && o != seat)
    }

    /// The Harvest Spice card's Maker space: the free one with the most
    /// bonus spice, ties to the higher base spice; none without bonus
    /// spice (docs/rules-decisions.md, A19b).
    fn rival_maker(&self, seat: Seat) -> Option<SpaceId> {
        let d = self.d();
        (0..d.spaces.len() as u8)
            .map(SpaceId)
            .filter(|s| d.space(*s).maker && self.rival_space_free(seat, *s))
            .filter(|s| self.bonus_spice[usize::from(s.0)] > 0)
            .max_by_key(|s| (self.bonus_spice[usize::from(s.0)], d.space(*s).base_spice))
    }

    /// A rival Agent turn (IM-HAGAL-04..IM-HAGAL-10, IM-SOLO-03..IM-SOLO-07).
    /// The caller pushed what follows (`Task::NextTurn`).
    pub(crate) fn rival_turn(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        let h = hagal_data();
        let d = self.d();
        self.turn = Turn {
            seat,
            ..Turn::default()
        };
        let hagal = self.is_hagal(seat);
        // IM-HAGAL-05 / IM-SOLO-04: keep revealing until a card shows an
        // unoccupied space. Bounded: a rival finding no free space in two
        // passes through the deck gives up its Agents for the round.
        let limit = 2 * h.cards.iter().map(|c| usize::from(c.copies)).sum::<usize>();
        let mut placed = None;
        for _ in 0..limit {
            let Some(card) = self.reveal_hagal(seat, false, ev) else {
                break;
            };
            let c = &h.cards[usize::from(card.0)];
            // IM-HAGAL-04 / IM-SOLO-03: the space the card shows, if free.
            let target = match c.space {
                HagalSpace::Space(s) if self.rival_space_free(seat, s) => Some(s),
                HagalSpace::Maker => self.rival_maker(seat),
                _ => None,
            };
            if let Some(s) = target {
                placed = Some((card, s));
                break;
            }
        }
        let Some((card, space)) = placed else {
            let p = self.pm(seat);
            p.agents_out = p.agents + 1;
            ev.push(Event::Passed { seat });
            return;
        };
        let c = &h.cards[usize::from(card.0)];
        let sp = d.space(space);
        self.pm(seat).agents_out += 1;
        self.occupant[usize::from(space.0)] = Some(seat);
        self.turn.space = Some(space);
        ev.push(Event::RivalAgentSent { seat, card, space });
        // IM-HAGAL-06 / IM-SOLO-05: no cost, no space effect, no faction
        // space Influence; only the card's effects below.
        // IM-HAGAL-08 / IM-SOLO-06: at a Combat space, recruits plus up to
        // 2 garrison troops go to the Conflict (docs/rules-decisions.md, A14c:
        // always as many as it can; resolved by `rival_decide`).
        if c.combat {
            self.stack.push(Task::AgentDeploy);
        }
        // IM-HAGAL-07 / IM-SOLO-05: the card's Signet Ring: a solo Rival's
        // on the solo Arrakeen card; House Hagal's on the 2-player one by
        // the text (IM-HAGAL-07 lists the Signet ability), never with
        // `hagal_signet = none` (the published game: no Leader).
        let signet = if hagal {
            c.signet_text && self.hagal_has_leader()
        } else {
            c.signet
        };
        if signet {
            let leader = &d.leaders[usize::from(self.p(seat).leader.0)];
            if !leader.signet.is_empty() {
                self.stack.push(Task::Run {
                    list: &leader.signet,
                    pos: 0,
                    ctx: Ctx {
                        seat,
                        card: None,
                        space: Some(space),
                        reveal: false,
                    },
                });
            }
        }
        // IM-CONTROL-07 / docs/rules-decisions.md, A11a: the controller's bonus.
        if let Some(owner) = self.control[usize::from(space.0)] {
            self.stack.push(Task::Run {
                list: &sp.control_bonus,
                pos: 0,
                ctx: Ctx::seat(owner),
            });
        }
        // IM-HAGAL-07 / IM-SOLO-05: troops from the card.
        if c.troops > 0 {
            let n = c.troops.min(self.p(seat).supply);
            self.pm(seat).supply -= n;
            self.resource(seat, Resource::Garrison, i16::from(n), ev);
            self.turn.recruited += n;
        }
        // IM-HAGAL-07 / IM-SOLO-05: Influence from the card.
        if let Some(f) = c.influence {
            self.change_influence(seat, f, 1, ev);
        }
        if c.space == HagalSpace::Maker {
            // IM-SOLO-07: a solo Rival gains base plus all bonus spice;
            // House Hagal gains nothing (IM-HAGAL-09) but the bonus spice
            // is removed all the same (docs/rules-decisions.md, A19b).
            let bonus = std::mem::take(&mut self.bonus_spice[usize::from(space.0)]);
            if !hagal {
                self.resource(seat, Resource::Spice, i16::from(sp.base_spice + bonus), ev);
            }
        }
    }

    /// IM-HAGAL-14 / IM-HAGAL-15 / IM-SOLO-08: each rival with a troop in
    /// the Conflict reveals a card and adds its swords.
    pub(crate) fn rival_combat_swords(&mut self, ev: &mut Vec<Event>) {
        let h = hagal_data();
        for seat in self.rival_seats() {
            if self.p(seat).conflict == 0 {
                continue; // IM-HAGAL-15: no troop, no card.
            }
            if let Some(card) = self.reveal_hagal(seat, true, ev) {
                let swords = h.cards[usize::from(card.0)].swords.unwrap_or(0);
                self.resource(seat, Resource::Swords, i16::from(swords), ev);
            }
        }
    }

    /// Solo Rivals turn resources into VP, at once and as often as they
    /// can (docs/rules-decisions.md, A18): IM-SOLO-10 / IM-SOLO-12 (7 Solari),
    /// IM-SOLO-11 / IM-SOLO-13 (7 spice), and the rulebook's 3 Intrigue
    /// and 3 water.
    pub(crate) fn rival_convert(&mut self, ev: &mut Vec<Event>) {
        if self.rival_mode() != Some(RivalMode::Solo) {
            return;
        }
        for seat in self.rival_seats() {
            while self.p(seat).intrigue.len() >= 3 {
                for _ in 0..3 {
                    let c = self.pm(seat).intrigue.remove(0);
                    self.intrigue_discard.push(c);
                    ev.push(Event::IntriguePlayed { seat, card: c });
                }
                self.resource(seat, Resource::Vp, 1, ev);
            }
            while self.p(seat).spice >= 7 {
                self.resource(seat, Resource::Spice, -7, ev);
                self.resource(seat, Resource::Vp, 1, ev);
            }
            while self.p(seat).water >= 3 {
                self.resource(seat, Resource::Water, -3, ev);
                self.resource(seat, Resource::Vp, 1, ev);
            }
            while self.p(seat).solari >= 7 {
                self.resource(seat, Resource::Solari, -7, ev);
                self.resource(seat, Resource::Vp, 1, ev);
            }
        }
    }

    /// Makes the decision awaited from a rival: Influence to the Faction
    /// where it has least (IM-SOLO-14), every troop it may deploy
    /// (docs/rules-decisions.md, A14c), any affordable optional effect, no
    /// Intrigue; anything else, and ties, by the rival generator.
    pub(crate) fn rival_decide(&mut self, ev: &mut Vec<Event>) {
        let mut legal = Vec::new();
        self.legal(&mut legal);
        let Some(pending) = self.prompt.take() else {
            return;
        };
        if legal.is_empty() {
            return;
        }
        let seat = pending.seat();
        let pick = |g: &mut Self, options: &[Action]| -> Action {
            let r = g.rv();
            options[r.rng.random_range(0..options.len())]
        };
        let action = match &pending {
            Prompt::Influence { .. } => {
                let infl = |a: &Action| match a {
                    Action::Faction(f) => self.p(seat).influence[f.index()],
                    _ => u8::MAX,
                };
                let least = legal.iter().map(infl).min().unwrap_or(0);
                let ties: Vec<Action> =
                    legal.iter().copied().filter(|a| infl(a) == least).collect();
                pick(self, &ties)
            }
            Prompt::Deploy { .. } => *legal
                .iter()
                .max_by_key(|a| match a {
                    Action::Troops(n) => *n,
                    _ => 0,
                })
                .expect("non-empty"),
            Prompt::Optional { .. } if legal.contains(&Action::Accept) => Action::Accept,
            // A solo Rival controlling the space takes its defensive troop
            // (docs/rules-decisions.md, A11b).
            Prompt::DefensiveBonus(_) => Action::Accept,
            Prompt::CombatIntrigue(_) | Prompt::AfterWin(_) | Prompt::Endgame(_)
                if legal.contains(&Action::Pass) =>
            {
                Action::Pass
            }
            _ => pick(self, &legal),
        };
        self.decide(pending, action, ev);
    }

    /// Sets up the rivals after the human players (IM-SOLO-01).
    pub(crate) fn add_rivals(&mut self, setup: RivalSetup, seed: u64, ev: &mut Vec<Event>) {
        let d = self.d();
        let humans = self.n();
        let count = match setup.mode {
            RivalMode::Solo => 2u8,
            RivalMode::TwoPlayer => 1,
        };
        let mut rivals = Rivals::new(setup.mode, humans, count, seed);
        let used: Vec<LeaderId> = self.players.iter().map(|p| p.leader).collect();
        let mut pool: Vec<LeaderId> = hagal_data()
            .compatible
            .iter()
            .copied()
            .filter(|l| !used.contains(l) && !setup.leaders.contains(&Some(*l)))
            .collect();
        pool.shuffle(&mut rivals.rng);
        let mut unused_any: Vec<LeaderId> = (0..d.leaders.len() as u8)
            .map(LeaderId)
            .filter(|l| !used.contains(l))
            .collect();
        for k in 0..count {
            let seat = Seat(humans + k);
            let mut p = self.players[0].clone();
            let s = &d.setup;
            let leader = match setup.mode {
                RivalMode::Solo => setup
                    .leaders
                    .get(usize::from(k))
                    .copied()
                    .flatten()
                    .unwrap_or_else(|| pool.pop().expect("6 rival leaders")),
                // IM-HAGAL-07 by the text: House Hagal is dealt a
                // solo-compatible Leader for its Signet Ring only. With
                // `hagal_signet = none` it has none; the field holds an
                // unused one that is never shown nor used (`leader_ability`
                // is None for every rival).
                RivalMode::TwoPlayer if self.hagal_has_leader() => {
                    pool.pop().expect("6 rival leaders")
                }
                RivalMode::TwoPlayer => unused_any.pop().expect("8 leaders"),
            };
            unused_any.retain(|l| *l != leader);
            p.leader = leader;
            p.deck.clear();
            p.hand.clear();
            p.played.clear();
            p.revealed.clear();
            p.discard.clear();
            p.intrigue.clear();
            p.influence = [0; 4];
            p.vp = 0;
            match setup.mode {
                RivalMode::Solo => match self.solo_level() {
                    // Without a level, a Rival starts as a player does.
                    None => {
                        p.solari = s.solari;
                        p.spice = s.spice;
                        p.water = s.water;
                        p.garrison = s.garrison;
                        p.agents = s.agents;
                    }
                    // `solo_difficulty`: the level's starting stock.
                    Some(l) => {
                        p.solari = 0;
                        p.spice = 0;
                        p.water = l.rival_water;
                        p.garrison = l.rival_garrison.min(s.total_troops);
                        p.agents = s.agents;
                    }
                },
                RivalMode::TwoPlayer => {
                    // docs/rules-decisions.md, A14b: 3 Agents; the rulebook's
                    // empty garrison, or the repository's with
                    // `hagal_garrison = repository` (both in `hagal.json`).
                    let (rulebook, repository) = hagal_data().two_player_garrison;
                    p.solari = 0;
                    p.spice = 0;
                    p.water = 0;
                    p.garrison = if self.rules.hagal_garrison_repository {
                        repository
                    } else {
                        rulebook
                    }
                    .min(s.total_troops);
                    p.agents = hagal_data().two_player_agents;
                }
            }
            p.supply = s.total_troops - p.garrison;
            self.players.push(p);
            ev.push(Event::RivalJoined {
                seat,
                leader: (setup.mode == RivalMode::Solo || self.hagal_has_leader())
                    .then_some(leader),
            });
        }
        self.rivals = Some(Box::new(rivals));
        if let Some(l) = self.solo_level() {
            // `solo_difficulty`: the human's (seat 0, the solo game's only
            // seat) extra stock, and each Rival's starting Intrigue cards.
            self.pm(Seat(0)).solari += l.human_solari;
            self.pm(Seat(0)).spice += l.human_spice;
            for seat in self.rival_seats() {
                for _ in 0..l.rival_intrigue {
                    self.draw_intrigue(seat, ev);
                }
            }
        }
    }

    /// The solo difficulty level in play (`solo_difficulty`), if any.
    pub(crate) fn solo_level(&self) -> Option<&'static SoloLevel> {
        self.rules
            .solo_difficulty
            .and_then(|k| hagal_data().levels.get(usize::from(k)))
    }

    /// `solo_difficulty`: at the start of the level's round each Rival
    /// gains its Swordmaster (a 3rd Agent), as a player does at the
    /// Swordmaster space.
    pub(crate) fn rival_swordmasters(&mut self, ev: &mut Vec<Event>) {
        let Some(l) = self.solo_level() else { return };
        if self.round < l.rival_swordmaster_round {
            return;
        }
        for seat in self.rival_seats() {
            let p = self.pm(seat);
            if !p.swordmaster {
                p.swordmaster = true;
                p.agents += 1;
                ev.push(Event::Swordmaster { seat });
            }
        }
    }
}
