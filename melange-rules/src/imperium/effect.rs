//! The typed effect vocabulary of the data files (see `data/imperium/README`
//! upstream): every effect list of a card, space, Conflict or leader is parsed
//! once into these values and run by the interpreter in `interp.rs`.
use serde_json::Value;

use super::ids::{CardId, Faction, SpaceId};

/// Plain resource amounts of a `gain` or `pay` step.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Amounts {
    /// Solari.
    pub solari: u8,
    /// Spice.
    pub spice: u8,
    /// Water.
    pub water: u8,
    /// Troops recruited from the supply.
    pub troops: u8,
    /// Persuasion for this Reveal turn.
    pub persuasion: u8,
    /// Swords (strength) for this Conflict.
    pub swords: u8,
    /// Intrigue cards drawn.
    pub intrigue: u8,
    /// Imperium cards drawn.
    pub draw: u8,
    /// Victory points.
    pub vp: u8,
}

impl Amounts {
    /// Whether nothing is gained or paid.
    pub fn is_empty(&self) -> bool {
        *self == Amounts::default()
    }
}

/// The forms of an Influence gain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InfluenceSpec {
    /// n with that faction.
    Faction(Faction, u8),
    /// n with one faction from the mask (all four for "any").
    OneOf(u8, u8),
    /// n with every faction of the mask.
    EachOf(u8, u8),
    /// n with each of k different factions (k, n).
    Distinct(u8, u8),
    /// n with the faction of the space this Agent visited.
    AgentSpace(u8),
}

/// A condition of an `if` step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    /// Another Fremen card in play.
    FremenBond,
    /// You hold that faction's Alliance.
    Alliance(Faction),
    /// Your Influence with the faction is at least n.
    InfluenceAtLeast(Faction, u8),
    /// That card is in play for you.
    InPlay(CardId),
    /// Another card of that faction in play.
    FactionCardInPlay(Faction),
    /// You hold any Alliance.
    AnyAlliance,
    /// You have a High Council seat.
    HighCouncilSeat,
    /// This Agent harvested at a Maker space.
    MakerSpaceThisTurn,
    /// Played during your Reveal turn.
    RevealTurn,
    /// You own at least n copies of the card.
    CardsOwnedAtLeast(CardId, u8),
    /// You own more copies of the card than every opponent.
    CardsOwnedMost(CardId),
    /// At least `tracks` faction tracks with Influence at least n.
    TracksAtLeast { n: u8, tracks: u8 },
}

/// The `{"other": ...}` effects, bound to bespoke code by the id of the card,
/// Intrigue or leader that carries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bespoke {
    /// Carryall: extra spice equal to the harvested space's base spice.
    Carryall,
    /// Guild Bankers: The Spice Must Flow costs 3 less this turn.
    GuildBankers,
    /// Kwisatz Haderach: any space regardless of icons.
    KwisatzHaderach,
    /// Other Memory: a Bene Gesserit card from discard to hand.
    OtherMemory,
    /// The Voice: block a space for opponents.
    TheVoice,
    /// Bindu Suspension: may pass this turn.
    BinduPass,
    /// Dispatch an Envoy: the four faction icons this turn.
    DispatchEnvoy,
    /// Infiltrate: may enter an occupied space this turn.
    Infiltrate,
    /// Poison Snooper: look at the top card, draw or trash it.
    PoisonSnooper,
    /// Recruitment Mission: acquired cards may go on top of the deck.
    RecruitmentMission,
    /// Refocus: shuffle the discard pile into the deck.
    Refocus,
    /// Urgent Mission: recall one of your Agents.
    UrgentMission,
    /// Paul: see the top card of the deck.
    Prescience,
    /// Leto: Landsraad spaces cost 1 Solari less.
    LandsraadPopularity,
    /// Baron: Masterstroke.
    Masterstroke,
    /// Ilban: draw when paying Solari for a space.
    RuthlessNegotiator,
    /// Helena: enter occupied Landsraad / Spice Trade spaces.
    EyesEverywhere,
    /// Helena's signet: set a row card aside.
    Manipulate,
    /// Ariana: 1 spice less and draw 1 when harvesting.
    SpiceAddict,
    /// Memnon: Influence on taking a High Council seat.
    Connections,
}

impl Bespoke {
    /// The bespoke code for an `other` effect of the given owner.
    fn for_owner(owner: &str) -> Option<Bespoke> {
        use Bespoke::*;
        Some(match owner {
            "carryall" => Carryall,
            "guild_bankers" => GuildBankers,
            "kwisatz_haderach" => KwisatzHaderach,
            "other_memory" => OtherMemory,
            "the_voice" => TheVoice,
            "bindu_suspension" => BinduPass,
            "dispatch_an_envoy" => DispatchEnvoy,
            "infiltrate" => Infiltrate,
            "poison_snooper" => PoisonSnooper,
            "recruitment_mission" => RecruitmentMission,
            "refocus" => Refocus,
            "urgent_mission" => UrgentMission,
            "paul_atreides" => Prescience,
            "duke_leto_atreides" => LandsraadPopularity,
            "baron_vladimir_harkonnen" => Masterstroke,
            "count_ilban_richese" => RuthlessNegotiator,
            "helena_richese" => EyesEverywhere,
            "helena_richese/signet" => Manipulate,
            "countess_ariana_thorvald" => SpiceAddict,
            "earl_memnon_thorvald" => Connections,
            _ => return None,
        })
    }
}

/// One step of an effect list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Gain resources.
    Gain(Amounts),
    /// Gain Influence.
    Influence(InfluenceSpec),
    /// Pay resources (a cost).
    Pay(Amounts),
    /// Lose n Influence with a faction of your choice (as a cost).
    LoseInfluence(u8),
    /// Trash one card (optional).
    Trash,
    /// Trash this card.
    TrashThis,
    /// Choose `pick` different branches.
    Choice {
        /// The branches.
        options: Vec<Vec<Effect>>,
        /// How many different branches to take.
        pick: u8,
    },
    /// Steps the player may decline as a whole.
    Optional(Vec<Effect>),
    /// A conditional.
    If {
        /// The condition.
        cond: Cond,
        /// When it holds.
        then: Vec<Effect>,
        /// Otherwise.
        els: Vec<Effect>,
    },
    /// Repeat for each Fremen card in play.
    ForEachFremen(Vec<Effect>),
    /// Steps every opponent resolves.
    EachOpponent(Vec<Effect>),
    /// Steps one chosen opponent resolves.
    ChosenOpponent(Vec<Effect>),
    /// Take the Mentat.
    Mentat,
    /// Control of a space.
    Control(SpaceId),
    /// Deploy up to n troops from the garrison (`u8::MAX`: any number).
    DeployFromGarrison(u8),
    /// Steal Intrigue.
    StealIntrigue,
    /// Your leader's signet ring.
    SignetRing,
    /// Retreat up to n troops (`u8::MAX`: any number).
    Retreat(u8),
    /// The troops just recruited may be deployed.
    DeployRecruited,
    /// Discard n cards from hand.
    Discard(u8),
    /// Lose troops to the supply.
    LoseTroops {
        /// From the Conflict (else from the garrison).
        conflict: bool,
        /// How many.
        n: u8,
    },
    /// Acquire a row card for free.
    AcquireCard {
        /// Highest cost.
        max_cost: u8,
        /// On top of the deck instead of the discard pile.
        top: bool,
    },
    /// Take a reserve card into the discard pile.
    TakeReserve(CardId),
    /// Take the High Council seat.
    HighCouncilSeat,
    /// Gain the Swordmaster.
    Swordmaster,
    /// Harvest base n plus bonus spice.
    Harvest(u8),
    /// One Sell Melange exchange.
    SellMelange,
    /// Bespoke code.
    Other(Bespoke),
}

/// Resolves names to ids while parsing.
pub trait Names {
    /// The card id of a name.
    fn card(&self, id: &str) -> Option<CardId>;
    /// The space id of a name.
    fn space(&self, id: &str) -> Option<SpaceId>;
}

fn err(owner: &str, what: impl std::fmt::Display) -> String {
    format!("imperium data: {owner}: {what}")
}

fn num(v: &Value, owner: &str) -> Result<u8, String> {
    v.as_u64()
        .and_then(|n| u8::try_from(n).ok())
        .ok_or_else(|| err(owner, format!("expected a small number, found {v}")))
}

fn faction(v: &Value, owner: &str) -> Result<Faction, String> {
    v.as_str()
        .and_then(Faction::parse)
        .ok_or_else(|| err(owner, format!("unknown faction {v}")))
}

fn faction_mask(v: &Value, owner: &str) -> Result<u8, String> {
    let list = v
        .as_array()
        .ok_or_else(|| err(owner, "expected a faction list"))?;
    let mut mask = 0;
    for f in list {
        mask |= 1 << faction(f, owner)?.index();
    }
    Ok(mask)
}

fn amounts(
    v: &Value,
    owner: &str,
    allow_influence: bool,
) -> Result<(Amounts, Option<Value>), String> {
    let obj = v
        .as_object()
        .ok_or_else(|| err(owner, "gain/pay must be an object"))?;
    let mut a = Amounts::default();
    let mut infl = None;
    for (k, val) in obj {
        match k.as_str() {
            "solari" => a.solari = num(val, owner)?,
            "spice" => a.spice = num(val, owner)?,
            "water" => a.water = num(val, owner)?,
            "troops" => a.troops = num(val, owner)?,
            "persuasion" => a.persuasion = num(val, owner)?,
            "swords" => a.swords = num(val, owner)?,
            "intrigue" => a.intrigue = num(val, owner)?,
            "draw" => a.draw = num(val, owner)?,
            "vp" => a.vp = num(val, owner)?,
            "influence" if allow_influence => infl = Some(val.clone()),
            other => return Err(err(owner, format!("unknown resource key `{other}`"))),
        }
    }
    Ok((a, infl))
}

fn influence(v: &Value, owner: &str) -> Result<InfluenceSpec, String> {
    let obj = v
        .as_object()
        .ok_or_else(|| err(owner, "influence must be an object"))?;
    let n = obj
        .get("n")
        .map(|n| num(n, owner))
        .transpose()?
        .unwrap_or(1);
    if let Some(list) = obj.get("choice_of") {
        return Ok(InfluenceSpec::OneOf(faction_mask(list, owner)?, n));
    }
    if let Some(list) = obj.get("each_of") {
        return Ok(InfluenceSpec::EachOf(faction_mask(list, owner)?, n));
    }
    if let Some(k) = obj.get("distinct") {
        return Ok(InfluenceSpec::Distinct(num(k, owner)?, n));
    }
    if let Some(n) = obj.get("agent_space") {
        return Ok(InfluenceSpec::AgentSpace(num(n, owner)?));
    }
    if let Some(n) = obj.get("any") {
        return Ok(InfluenceSpec::OneOf(0b1111, num(n, owner)?));
    }
    if obj.len() == 1 {
        let (k, n) = obj.iter().next().expect("one entry");
        let f =
            Faction::parse(k).ok_or_else(|| err(owner, format!("unknown influence form `{k}`")))?;
        return Ok(InfluenceSpec::Faction(f, num(n, owner)?));
    }
    Err(err(owner, format!("unknown influence form {v}")))
}

fn cond(v: &Value, owner: &str, names: &dyn Names) -> Result<Cond, String> {
    let obj = v
        .as_object()
        .filter(|o| o.len() == 1)
        .ok_or_else(|| err(owner, format!("a condition has one key: {v}")))?;
    let (k, val) = obj.iter().next().expect("one entry");
    let card = |s: &Value| {
        s.as_str()
            .and_then(|s| names.card(s))
            .ok_or_else(|| err(owner, format!("unknown card {s}")))
    };
    Ok(match k.as_str() {
        "fremen_bond" => Cond::FremenBond,
        "alliance" => Cond::Alliance(faction(val, owner)?),
        "influence_at_least" => {
            Cond::InfluenceAtLeast(faction(&val["faction"], owner)?, num(&val["n"], owner)?)
        }
        "in_play" => Cond::InPlay(card(val)?),
        "faction_card_in_play" => Cond::FactionCardInPlay(faction(val, owner)?),
        "any_alliance" => Cond::AnyAlliance,
        "high_council_seat" => Cond::HighCouncilSeat,
        "maker_space_this_turn" => Cond::MakerSpaceThisTurn,
        "reveal_turn" => Cond::RevealTurn,
        "cards_owned_at_least" => {
            Cond::CardsOwnedAtLeast(card(&val["card"])?, num(&val["n"], owner)?)
        }
        "cards_owned_most" => Cond::CardsOwnedMost(card(val)?),
        "tracks_with_influence_at_least" => Cond::TracksAtLeast {
            n: num(&val["n"], owner)?,
            tracks: num(&val["tracks"], owner)?,
        },
        other => return Err(err(owner, format!("unknown condition `{other}`"))),
    })
}

fn up_to(v: &Value, owner: &str) -> Result<u8, String> {
    if v.as_str() == Some("any") {
        Ok(u8::MAX)
    } else {
        num(v, owner)
    }
}

/// Parses an effect list; `owner` names the card, space or leader (for
/// errors and for binding `other` steps).
pub fn parse_list(v: &Value, owner: &str, names: &dyn Names) -> Result<Vec<Effect>, String> {
    let list = match v {
        Value::Null => return Ok(Vec::new()),
        Value::Array(list) => list,
        _ => return Err(err(owner, "an effect list must be an array")),
    };
    let mut out = Vec::new();
    for step in list {
        parse_step(step, owner, names, &mut out)?;
    }
    Ok(out)
}

fn parse_step(
    v: &Value,
    owner: &str,
    names: &dyn Names,
    out: &mut Vec<Effect>,
) -> Result<(), String> {
    let obj = v
        .as_object()
        .ok_or_else(|| err(owner, format!("an effect step must be an object: {v}")))?;
    let list = |key: &str| parse_list(&obj[key], owner, names);
    if obj.contains_key("if") {
        out.push(Effect::If {
            cond: cond(&obj["if"], owner, names)?,
            then: list("then")?,
            els: if obj.contains_key("else") {
                list("else")?
            } else {
                Vec::new()
            },
        });
        return Ok(());
    }
    if obj.contains_key("for_each") {
        if obj["for_each"].as_str() != Some("fremen_card_in_play") {
            return Err(err(owner, "unknown for_each"));
        }
        out.push(Effect::ForEachFremen(list("then")?));
        return Ok(());
    }
    if obj.contains_key("choice") {
        let branches = obj["choice"]
            .as_array()
            .ok_or_else(|| err(owner, "choice must be a list of lists"))?;
        let options = branches
            .iter()
            .map(|b| parse_list(b, owner, names))
            .collect::<Result<Vec<_>, _>>()?;
        let pick = obj
            .get("pick")
            .map(|p| num(p, owner))
            .transpose()?
            .unwrap_or(1);
        if options.len() < 2 || usize::from(pick) > options.len() || pick == 0 {
            return Err(err(
                owner,
                "a choice needs 2+ branches and 1 <= pick <= branches",
            ));
        }
        out.push(Effect::Choice { options, pick });
        return Ok(());
    }
    if obj.len() != 1 {
        return Err(err(owner, format!("an effect step has one key: {v}")));
    }
    let (k, val) = obj.iter().next().expect("one entry");
    match k.as_str() {
        "gain" => {
            let (a, infl) = amounts(val, owner, true)?;
            if !a.is_empty() {
                out.push(Effect::Gain(a));
            }
            if let Some(i) = infl {
                out.push(Effect::Influence(influence(&i, owner)?));
            }
        }
        "pay" => {
            let (a, infl) = amounts(val, owner, true)?;
            if let Some(i) = infl {
                match influence(&i, owner)? {
                    InfluenceSpec::OneOf(0b1111, n) => out.push(Effect::LoseInfluence(n)),
                    _ => return Err(err(owner, "only `any` Influence can be paid")),
                }
            }
            if !a.is_empty() {
                out.push(Effect::Pay(a));
            }
        }
        "optional" => out.push(Effect::Optional(parse_list(val, owner, names)?)),
        "each_opponent" => out.push(Effect::EachOpponent(parse_list(val, owner, names)?)),
        "chosen_opponent" => out.push(Effect::ChosenOpponent(parse_list(val, owner, names)?)),
        "trash" => {
            for _ in 0..num(val, owner)? {
                out.push(Effect::Trash);
            }
        }
        "trash_this" => out.push(Effect::TrashThis),
        "mentat" => out.push(Effect::Mentat),
        "control" => out.push(Effect::Control(
            val.as_str()
                .and_then(|s| names.space(s))
                .ok_or_else(|| err(owner, format!("unknown space {val}")))?,
        )),
        "deploy_from_garrison" => out.push(Effect::DeployFromGarrison(up_to(val, owner)?)),
        "steal_intrigue" => out.push(Effect::StealIntrigue),
        "signet_ring" => out.push(Effect::SignetRing),
        "retreat" => out.push(Effect::Retreat(up_to(val, owner)?)),
        "deploy_recruited" => out.push(Effect::DeployRecruited),
        "discard" => out.push(Effect::Discard(num(val, owner)?)),
        "lose_troops" => out.push(Effect::LoseTroops {
            conflict: match val["from"].as_str() {
                Some("conflict") => true,
                Some("garrison") => false,
                _ => return Err(err(owner, "lose_troops.from is conflict or garrison")),
            },
            n: num(&val["n"], owner)?,
        }),
        "acquire_card" => out.push(Effect::AcquireCard {
            max_cost: num(&val["max_cost"], owner)?,
            top: match val["to"].as_str() {
                Some("discard") => false,
                Some("top_of_deck") => true,
                _ => return Err(err(owner, "acquire_card.to is discard or top_of_deck")),
            },
        }),
        "take_reserve_card" => out.push(Effect::TakeReserve(
            val.as_str()
                .and_then(|s| names.card(s))
                .ok_or_else(|| err(owner, format!("unknown card {val}")))?,
        )),
        "high_council_seat" => out.push(Effect::HighCouncilSeat),
        "swordmaster" => out.push(Effect::Swordmaster),
        "harvest" => out.push(Effect::Harvest(num(val, owner)?)),
        "sell_melange" => out.push(Effect::SellMelange),
        "other" => out
            .push(Effect::Other(Bespoke::for_owner(owner).ok_or_else(
                || err(owner, "an `other` effect with no bespoke code"),
            )?)),
        other => return Err(err(owner, format!("unknown effect `{other}`"))),
    }
    Ok(())
}
