//! The game's facts, read from `data/imperium/*.json` (embedded at build
//! time) once per process into typed, validated tables.
use std::sync::LazyLock;

use serde_json::Value;

use super::effect::{Amounts, Bespoke, Effect, Names, parse_list};
use super::ids::{CardId, Faction, Icon, SpaceId};

/// Which pile a card kind belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardGroup {
    /// The 10-card starting deck.
    Starter,
    /// The Reserve piles.
    Reserve,
    /// The Imperium deck.
    Imperium,
}

/// An Imperium card kind (IM-DECK-04: name, icons, Agent box, Reveal box,
/// Persuasion cost, factions and Acquire effect).
#[derive(Clone, Debug)]
pub struct Card {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Copies (per player for starters).
    pub copies: u8,
    /// Persuasion cost; `None` for starters.
    pub cost: Option<u8>,
    /// Faction mask.
    pub factions: u8,
    /// Agent icon mask.
    pub icons: u8,
    /// Agent box.
    pub agent: Vec<Effect>,
    /// Reveal box.
    pub reveal: Vec<Effect>,
    /// Acquire effect.
    pub acquire: Vec<Effect>,
    /// Effect when trashed.
    pub trashed: Vec<Effect>,
    /// Its pile.
    pub group: CardGroup,
    /// Total swords in its Reveal box (a hint for bots, not a rule).
    pub has_faction: bool,
}

/// A non-cost condition of a space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// Influence with a faction at least n.
    InfluenceAtLeast(Faction, u8),
    /// At least n spice.
    SpiceAtLeast(u8),
}

/// A board space.
#[derive(Clone, Debug)]
pub struct Space {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// The icon that reaches it.
    pub icon: Icon,
    /// Its faction, for faction spaces.
    pub faction: Option<Faction>,
    /// A Combat space.
    pub combat: bool,
    /// A Maker space.
    pub maker: bool,
    /// Base spice of a Maker space.
    pub base_spice: u8,
    /// The cost.
    pub cost: Amounts,
    /// A requirement that is not a cost.
    pub requirement: Option<Requirement>,
    /// Its effects.
    pub effects: Vec<Effect>,
    /// Controllable.
    pub controllable: bool,
    /// What the controller gets when anyone visits.
    pub control_bonus: Vec<Effect>,
    /// Whether `effects` holds the Mentat, the High Council seat or the
    /// Swordmaster: read on every Agent move the legal actions weigh, so
    /// they are found once when the data is read rather than by comparing
    /// effects each time.
    pub grants: SpaceGrants,
}

/// The effects of a space the Agent turn's checks ask about (IM-AGENT-07,
/// the solo Mentat price), taken from the space's effects when the data is
/// read.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpaceGrants {
    /// The space gives the Mentat.
    pub mentat: bool,
    /// The space gives a High Council seat.
    pub high_council_seat: bool,
    /// The space gives the Swordmaster.
    pub swordmaster: bool,
}

impl SpaceGrants {
    fn of(effects: &[Effect]) -> SpaceGrants {
        SpaceGrants {
            mentat: effects.contains(&Effect::Mentat),
            high_council_seat: effects.contains(&Effect::HighCouncilSeat),
            swordmaster: effects.contains(&Effect::Swordmaster),
        }
    }
}

/// The three kinds of Intrigue (IM-INTRIGUE-01).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IntrigueKind {
    /// Played on your own Agent or Reveal turns.
    Plot,
    /// Played in the Combat phase.
    Combat,
    /// Played at the end of the game.
    Endgame,
}

/// An Intrigue card kind.
#[derive(Clone, Debug)]
pub struct Intrigue {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Copies in the deck.
    pub copies: u8,
    /// Kind.
    pub kind: IntrigueKind,
    /// Played after winning a Conflict.
    pub after_win: bool,
    /// Played at the start of your turn.
    pub start_of_turn: bool,
    /// Its effect.
    pub effect: Vec<Effect>,
    /// Its endgame effect (Tiebreaker).
    pub endgame_effect: Vec<Effect>,
}

/// A Conflict card.
#[derive(Clone, Debug)]
pub struct Conflict {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Tier 1, 2 or 3.
    pub tier: u8,
    /// 1st, 2nd and 3rd place rewards.
    pub rewards: [Vec<Effect>; 3],
    /// The space the 1st place controls.
    pub controls: Option<SpaceId>,
}

/// A leader.
#[derive(Clone, Debug)]
pub struct Leader {
    /// Data id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Ability name.
    pub ability_name: String,
    /// Bespoke passive ability, if any.
    pub ability: Option<Bespoke>,
    /// Structured ability effects applied at setup (Rabban).
    pub setup_effects: Vec<Effect>,
    /// Signet ring name.
    pub signet_name: String,
    /// Signet ring effects.
    pub signet: Vec<Effect>,
}

/// A faction track's numbers.
#[derive(Clone, Debug)]
pub struct Track {
    /// VP at 2 Influence.
    pub vp_at_2: u8,
    /// Bonus at 4 Influence.
    pub bonus_at_4: Vec<Effect>,
    /// Influence that takes the Alliance.
    pub alliance_at: u8,
    /// VP of the Alliance token.
    pub alliance_vp: u8,
    /// Highest Influence.
    pub max: u8,
}

/// Per-player setup facts.
#[derive(Clone, Debug)]
pub struct Setup {
    /// Starting water.
    pub water: u8,
    /// Starting spice.
    pub spice: u8,
    /// Starting Solari.
    pub solari: u8,
    /// Troops in the garrison at start.
    pub garrison: u8,
    /// All troops of a player.
    pub total_troops: u8,
    /// Agents at start.
    pub agents: u8,
    /// Cards drawn each round.
    pub hand_size: u8,
    /// Imperium Row size.
    pub row_size: u8,
    /// VP each player starts with in 4-player games.
    pub four_player_vp: u8,
    /// VP that triggers the endgame.
    pub vp_end: u8,
    /// Influence gained at a faction space.
    pub space_influence: u8,
    /// Most garrison troops deployed at a Combat space visit.
    pub max_garrison_deploy: u8,
    /// Persuasion a High Council seat gives at every Reveal turn.
    pub high_council_persuasion: u8,
}

/// Every fact the engine reads.
#[derive(Debug)]
pub struct Data {
    /// Card kinds: starters, then reserve, then Imperium.
    pub cards: Vec<Card>,
    /// The 22 board spaces.
    pub spaces: Vec<Space>,
    /// Intrigue kinds.
    pub intrigues: Vec<Intrigue>,
    /// The 18 Conflict cards.
    pub conflicts: Vec<Conflict>,
    /// The 8 leaders.
    pub leaders: Vec<Leader>,
    /// The four tracks.
    pub tracks: [Track; 4],
    /// Sell Melange table of the rules text: (spice, Solari).
    pub sell_melange_default: Vec<(u8, u8)>,
    /// Sell Melange table of the `published` option.
    pub sell_melange_published: Vec<(u8, u8)>,
    /// Setup numbers.
    pub setup: Setup,
    /// Conflict cards per tier in the deck (I, II, III).
    pub conflicts_per_tier: [u8; 3],
    /// Arrakis Liaison, The Spice Must Flow, Foldspace.
    pub reserve: [CardId; 3],
    /// The Spice Must Flow (IM-DECK-19, IM-DECK-20).
    pub spice_must_flow: CardId,
    /// The Mentat space.
    pub mentat_space: SpaceId,
    /// The Sell Melange space.
    pub sell_melange_space: SpaceId,
    /// For each icon, the spaces it reaches as a mask of space indices:
    /// the Agent turn's legal actions read a card's spaces from here rather
    /// than visiting every space for every card of the hand.
    pub spaces_by_icon: [u64; 7],
}

/// The loaded data, shared by every game (`&'static`, never copied).
pub static DATA: LazyLock<Data> = LazyLock::new(|| match Data::load() {
    Ok(d) => d,
    Err(e) => panic!("{e}"),
});

/// The shared data.
pub fn data() -> &'static Data {
    &DATA
}

const CARDS: &str = include_str!("../../../data/imperium/cards.json");
const BOARD: &str = include_str!("../../../data/imperium/board.json");
const INTRIGUE: &str = include_str!("../../../data/imperium/intrigue.json");
const CONFLICTS: &str = include_str!("../../../data/imperium/conflicts.json");
const LEADERS: &str = include_str!("../../../data/imperium/leaders.json");

struct NameTable {
    cards: Vec<String>,
    spaces: Vec<String>,
}

impl Names for NameTable {
    fn card(&self, id: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c == id)
            .map(|i| CardId(i as u8))
    }
    fn space(&self, id: &str) -> Option<SpaceId> {
        self.spaces
            .iter()
            .position(|c| c == id)
            .map(|i| SpaceId(i as u8))
    }
}

fn parse(name: &str, text: &str) -> Result<Value, String> {
    serde_json::from_str(text).map_err(|e| format!("imperium data: {name}: {e}"))
}

fn s(v: &Value, what: &str) -> Result<String, String> {
    v.as_str()
        .map(str::to_owned)
        .ok_or_else(|| format!("imperium data: missing string {what}"))
}

fn n(v: &Value, what: &str) -> Result<u8, String> {
    v.as_u64()
        .and_then(|x| u8::try_from(x).ok())
        .ok_or_else(|| format!("imperium data: missing number {what}"))
}

fn arr<'a>(v: &'a Value, what: &str) -> Result<&'a Vec<Value>, String> {
    v.as_array()
        .ok_or_else(|| format!("imperium data: missing list {what}"))
}

fn check(ok: bool, what: impl FnOnce() -> String) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(format!("imperium data: validation failed: {}", what()))
    }
}

impl Data {
    /// Parses and validates the embedded files.
    pub fn load() -> Result<Data, String> {
        let cards_v = parse("cards.json", CARDS)?;
        let board_v = parse("board.json", BOARD)?;
        let intrigue_v = parse("intrigue.json", INTRIGUE)?;
        let conflicts_v = parse("conflicts.json", CONFLICTS)?;
        let leaders_v = parse("leaders.json", LEADERS)?;

        let groups = [
            ("starter", CardGroup::Starter),
            ("reserve", CardGroup::Reserve),
            ("imperium", CardGroup::Imperium),
        ];
        let mut names = NameTable {
            cards: Vec::new(),
            spaces: Vec::new(),
        };
        for (key, _) in groups {
            for c in arr(&cards_v[key], key)? {
                names.cards.push(s(&c["id"], "card id")?);
            }
        }
        for sp in arr(&board_v["spaces"], "spaces")? {
            names.spaces.push(s(&sp["id"], "space id")?);
        }
        check(names.cards.len() < 250, || "too many cards".into())?;

        let mut cards = Vec::new();
        for (key, group) in groups {
            for c in arr(&cards_v[key], key)? {
                let id = s(&c["id"], "card id")?;
                let mut factions = 0u8;
                for f in arr(&c["factions"], "factions")? {
                    let f = f
                        .as_str()
                        .and_then(Faction::parse)
                        .ok_or_else(|| format!("imperium data: {id}: bad faction"))?;
                    factions |= 1 << f.index();
                }
                let mut icons = 0u8;
                for i in arr(&c["agent_icons"], "agent_icons")? {
                    icons |= i
                        .as_str()
                        .and_then(Icon::parse)
                        .ok_or_else(|| format!("imperium data: {id}: bad icon"))?
                        .bit();
                }
                cards.push(Card {
                    name: s(&c["name"], "card name")?,
                    copies: n(&c["copies"], "copies")?,
                    cost: c["cost"].as_u64().map(|x| x as u8),
                    factions,
                    icons,
                    agent: parse_list(&c["agent"], &id, &names)?,
                    reveal: parse_list(&c["reveal"], &id, &names)?,
                    acquire: parse_list(&c["acquire"], &id, &names)?,
                    trashed: parse_list(c.get("trashed").unwrap_or(&Value::Null), &id, &names)?,
                    group,
                    has_faction: factions != 0,
                    id,
                });
            }
        }

        let mut spaces = Vec::new();
        for sp in arr(&board_v["spaces"], "spaces")? {
            let id = s(&sp["id"], "space id")?;
            let (cost, _) = {
                let mut a = Amounts::default();
                for (k, v) in sp["cost"].as_object().ok_or("imperium data: space cost")? {
                    let v = n(v, "cost")?;
                    match k.as_str() {
                        "solari" => a.solari = v,
                        "spice" => a.spice = v,
                        "water" => a.water = v,
                        _ => return Err(format!("imperium data: {id}: unknown cost {k}")),
                    }
                }
                (a, ())
            };
            let requirement = match &sp["requirement"] {
                Value::Null => None,
                r if r.get("influence_at_least").is_some() => {
                    let q = &r["influence_at_least"];
                    Some(Requirement::InfluenceAtLeast(
                        q["faction"]
                            .as_str()
                            .and_then(Faction::parse)
                            .ok_or("imperium data: requirement faction")?,
                        n(&q["n"], "requirement n")?,
                    ))
                }
                r if r.get("spice_at_least").is_some() => Some(Requirement::SpiceAtLeast(n(
                    &r["spice_at_least"],
                    "spice_at_least",
                )?)),
                r => return Err(format!("imperium data: {id}: unknown requirement {r}")),
            };
            let effects = parse_list(&sp["effects"], &id, &names)?;
            spaces.push(Space {
                name: s(&sp["name"], "space name")?,
                icon: sp["icon"]
                    .as_str()
                    .and_then(Icon::parse)
                    .ok_or_else(|| format!("imperium data: {id}: icon"))?,
                faction: sp["faction"].as_str().and_then(Faction::parse),
                combat: sp["combat_space"].as_bool().unwrap_or(false),
                maker: sp["maker_space"].as_bool().unwrap_or(false),
                base_spice: sp["base_spice"].as_u64().unwrap_or(0) as u8,
                cost,
                requirement,
                grants: SpaceGrants::of(&effects),
                effects,
                controllable: sp["controllable"].as_bool().unwrap_or(false),
                control_bonus: parse_list(&sp["control_bonus"], &id, &names)?,
                id,
            });
        }

        let mut intrigues = Vec::new();
        for c in arr(&intrigue_v["cards"], "intrigue cards")? {
            let id = s(&c["id"], "intrigue id")?;
            let timing = c["timing"].as_str();
            intrigues.push(Intrigue {
                name: s(&c["name"], "intrigue name")?,
                copies: n(&c["copies"], "copies")?,
                kind: match c["kind"].as_str() {
                    Some("plot") => IntrigueKind::Plot,
                    Some("combat") => IntrigueKind::Combat,
                    Some("endgame") => IntrigueKind::Endgame,
                    _ => return Err(format!("imperium data: {id}: unknown kind")),
                },
                after_win: timing == Some("after_winning_conflict"),
                start_of_turn: timing == Some("start_of_your_turn"),
                effect: parse_list(&c["effect"], &id, &names)?,
                endgame_effect: parse_list(
                    c.get("endgame_effect").unwrap_or(&Value::Null),
                    &id,
                    &names,
                )?,
                id,
            });
        }

        let mut conflicts = Vec::new();
        for (t, tier) in ["I", "II", "III"].iter().enumerate() {
            for c in arr(&conflicts_v["tiers"][tier], "tier")? {
                let id = s(&c["id"], "conflict id")?;
                conflicts.push(Conflict {
                    name: s(&c["name"], "conflict name")?,
                    tier: t as u8 + 1,
                    rewards: [
                        parse_list(&c["first"], &id, &names)?,
                        parse_list(&c["second"], &id, &names)?,
                        parse_list(&c["third"], &id, &names)?,
                    ],
                    controls: c["controls"].as_str().and_then(|x| names.space(x)),
                    id,
                });
            }
        }
        let per = &conflicts_v["setup"]["per_tier"];
        let conflicts_per_tier = [
            n(&per["I"], "I")?,
            n(&per["II"], "II")?,
            n(&per["III"], "III")?,
        ];

        let mut leaders = Vec::new();
        for l in arr(&leaders_v["leaders"], "leaders")? {
            let id = s(&l["id"], "leader id")?;
            let ability = parse_list(&l["leader_ability"]["effects"], &id, &names)?;
            let (bespoke, setup_effects) = match ability.as_slice() {
                [Effect::Other(b)] => (Some(*b), Vec::new()),
                _ => (None, ability),
            };
            leaders.push(Leader {
                name: s(&l["name"], "leader name")?,
                ability_name: s(&l["leader_ability"]["name"], "ability name")?,
                ability: bespoke,
                setup_effects,
                signet_name: s(&l["signet_ring"]["name"], "signet name")?,
                signet: parse_list(
                    &l["signet_ring"]["effects"],
                    &format!("{id}/signet"),
                    &names,
                )?,
                id,
            });
        }

        let mut tracks = Vec::new();
        for f in Faction::ALL {
            let t = &board_v["faction_tracks"][f.id()];
            tracks.push(Track {
                vp_at_2: n(&t["vp_at_2"], "vp_at_2")?,
                bonus_at_4: parse_list(&t["bonus_at_4"], f.id(), &names)?,
                alliance_at: n(&t["alliance_at"], "alliance_at")?,
                alliance_vp: n(&t["alliance_vp"], "alliance_vp")?,
                max: n(&t["max"], "max")?,
            });
        }
        let table = |key: &str| -> Result<Vec<(u8, u8)>, String> {
            arr(&board_v["sell_melange"][key], "sell_melange")?
                .iter()
                .map(|r| Ok((n(&r["spice"], "spice")?, n(&r["solari"], "solari")?)))
                .collect()
        };
        let pp = &board_v["setup"]["per_player"];
        let setup = Setup {
            water: n(&pp["water"], "water")?,
            spice: n(&pp["spice"], "spice")?,
            solari: n(&pp["solari"], "solari")?,
            garrison: n(&pp["garrison_troops"], "garrison_troops")?,
            total_troops: n(&pp["total_troops"], "total_troops")?,
            agents: n(&pp["agents"], "agents")?,
            hand_size: n(&pp["hand_size"], "hand_size")?,
            row_size: n(&board_v["setup"]["imperium_row_size"], "imperium_row_size")?,
            four_player_vp: n(
                &board_v["setup"]["four_player_start_vp"],
                "four_player_start_vp",
            )?,
            vp_end: n(&board_v["setup"]["vp_track_end"], "vp_track_end")?,
            space_influence: n(
                &board_v["visit_rules"]["faction_space_influence"],
                "faction_space_influence",
            )?,
            max_garrison_deploy: n(
                &board_v["visit_rules"]["max_garrison_deploy_per_combat_visit"],
                "max deploy",
            )?,
            high_council_persuasion: n(
                &board_v["visit_rules"]["high_council_reveal_persuasion"],
                "high_council_reveal_persuasion",
            )?,
        };
        let card = |id: &str| {
            names
                .card(id)
                .ok_or_else(|| format!("imperium data: missing card {id}"))
        };
        let space = |id: &str| {
            names
                .space(id)
                .ok_or_else(|| format!("imperium data: missing space {id}"))
        };
        let reserve_ids = arr(&board_v["setup"]["reserve_piles"], "reserve_piles")?;
        check(reserve_ids.len() == 3, || "three reserve piles".into())?;
        let data = Data {
            reserve: [
                card(reserve_ids[0].as_str().unwrap_or(""))?,
                card(reserve_ids[1].as_str().unwrap_or(""))?,
                card(reserve_ids[2].as_str().unwrap_or(""))?,
            ],
            spice_must_flow: card("the_spice_must_flow")?,
            mentat_space: space("mentat")?,
            sell_melange_space: space("sell_melange")?,
            spaces_by_icon: Icon::ALL.map(|icon| {
                spaces
                    .iter()
                    .enumerate()
                    .filter(|(_, sp)| sp.icon == icon)
                    .fold(0, |mask, (i, _)| {
                        mask | 1u64.checked_shl(i as u32).unwrap_or(0)
                    })
            }),
            cards,
            spaces,
            intrigues,
            conflicts,
            leaders,
            tracks: tracks.try_into().map_err(|_| "four tracks")?,
            sell_melange_default: table("default")?,
            sell_melange_published: table("published")?,
            setup,
            conflicts_per_tier,
        };
        data.validate()?;
        Ok(data)
    }

    fn validate(&self) -> Result<(), String> {
        let count = |g: CardGroup| -> u32 {
            self.cards
                .iter()
                .filter(|c| c.group == g)
                .map(|c| u32::from(c.copies))
                .sum()
        };
        check(count(CardGroup::Starter) == 10, || {
            "the starting deck has 10 cards (IM-DECK-01)".into()
        })?;
        check(count(CardGroup::Imperium) == 67, || {
            "the Imperium deck has 67 cards".into()
        })?;
        check(self.spaces.len() == 22, || {
            "22 board spaces (IM-SPACE-09)".into()
        })?;
        // IM-SPACE-01: the seven icons (`Icon::ALL`); per icon, in that
        // order: IM-SPACE-02 Emperor 2, IM-SPACE-03 Spacing Guild 2,
        // IM-SPACE-04 Bene Gesserit 2, IM-SPACE-05 Fremen 2, IM-SPACE-06
        // Landsraad 5, IM-SPACE-07 City 4, IM-SPACE-08 Spice Trade 5 (the
        // exact spaces are in board.json and tested by name).
        let per_icon: Vec<usize> = Icon::ALL
            .iter()
            .map(|i| self.spaces.iter().filter(|s| s.icon == *i).count())
            .collect();
        check(per_icon == [2, 2, 2, 2, 5, 4, 5], || {
            format!("spaces per icon {per_icon:?} (IM-SPACE-02 to IM-SPACE-08)")
        })?;
        check(
            self.spaces.iter().filter(|s| s.combat).count() == 10,
            || "10 Combat spaces (IM-SPACE-10)".into(),
        )?;
        // IM-SPACE-11: every other space is a non-Combat space (the `combat`
        // flag is false), where no deployment is offered (IM-AGENT-14).
        // IM-MAKER-06 / IM-MAKER-07 / IM-MAKER-08: base spice 3/2/1 and
        // water cost 2/1/0 are the spaces' `base_spice` and `cost` in data.
        check(self.spaces.iter().filter(|s| s.maker).count() == 3, || {
            "3 Maker spaces (IM-MAKER-01)".into()
        })?;
        check(
            self.spaces.iter().filter(|s| s.controllable).count() == 3,
            || "3 controllable spaces (IM-CONTROL-01)".into(),
        )?;
        for s in &self.spaces {
            let faction_icon = (s.icon as u8) < 4;
            check(faction_icon == s.faction.is_some(), || {
                format!(
                    "{}: faction spaces are the faction icons' (IM-SPACE-12, IM-SPACE-13)",
                    s.id
                )
            })?;
            // IM-CONTROL-02 / IM-CONTROL-03 / IM-CONTROL-04: the bonus of
            // Arrakeen and Carthag (1 Solari) and Imperial Basin (1 spice)
            // is each space's `control_bonus` in data.
            check(s.controllable != s.control_bonus.is_empty(), || {
                format!("{}: control bonus", s.id)
            })?;
        }
        let intrigues: u32 = self.intrigues.iter().map(|i| u32::from(i.copies)).sum();
        check(intrigues == 40, || {
            format!("40 Intrigue cards, found {intrigues}")
        })?;
        let tiers: Vec<usize> = (1..=3)
            .map(|t| self.conflicts.iter().filter(|c| c.tier == t).count())
            .collect();
        check(tiers == [4, 10, 4], || {
            format!("Conflicts per tier {tiers:?}")
        })?;
        for (t, &k) in self.conflicts_per_tier.iter().enumerate() {
            check(usize::from(k) <= tiers[t], || {
                "conflict deck uses more cards than a tier has".into()
            })?;
        }
        check(self.leaders.len() == 8, || "8 leaders".into())?;
        check(
            self.sell_melange_default.len() == 4 && self.sell_melange_published.len() == 4,
            || "sell melange tables".into(),
        )?;
        let total_copies: u32 = self.cards.iter().map(|c| u32::from(c.copies)).sum::<u32>() + 40;
        check(total_copies < 255 * 4, || "card count".into())?;
        Ok(())
    }

    /// The card kind.
    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[usize::from(id.0)]
    }

    /// The spaces an Agent reaches with these icons (`Icon::bit`), as a
    /// mask of space indices.
    pub fn spaces_reached(&self, icons: u8) -> u64 {
        Icon::ALL
            .iter()
            .filter(|icon| icons & icon.bit() != 0)
            .fold(0, |mask, icon| mask | self.spaces_by_icon[*icon as usize])
    }

    /// The space.
    pub fn space(&self, id: SpaceId) -> &Space {
        &self.spaces[usize::from(id.0)]
    }

    /// Finds a card by data id.
    pub fn card_id(&self, id: &str) -> Option<CardId> {
        self.cards
            .iter()
            .position(|c| c.id == id)
            .map(|i| CardId(i as u8))
    }

    /// Finds a space by data id.
    pub fn space_id(&self, id: &str) -> Option<SpaceId> {
        self.spaces
            .iter()
            .position(|c| c.id == id)
            .map(|i| SpaceId(i as u8))
    }

    /// Finds an Intrigue by data id.
    pub fn intrigue_id(&self, id: &str) -> Option<super::ids::IntrigueId> {
        self.intrigues
            .iter()
            .position(|c| c.id == id)
            .map(|i| super::ids::IntrigueId(i as u8))
    }

    /// Finds a leader by data id.
    pub fn leader_id(&self, id: &str) -> Option<super::ids::LeaderId> {
        self.leaders
            .iter()
            .position(|c| c.id == id)
            .map(|i| super::ids::LeaderId(i as u8))
    }

    /// Finds a Conflict by data id.
    pub fn conflict_id(&self, id: &str) -> Option<super::ids::ConflictId> {
        self.conflicts
            .iter()
            .position(|c| c.id == id)
            .map(|i| super::ids::ConflictId(i as u8))
    }
}
