//! Dune: Imperium on the wire: options, actions, views and events as the
//! contract's `Imperium*` messages, with every card, space, leader and
//! faction named by its data id.
use super::{
    WireRules,
    fields::{
        invalid, max_rounds, published_preset, resignation, resignation_name, resignation_text,
        rule_overrides, seat, small,
    },
};
use crate::{
    matches::{MatchError, echo},
    pb::{
        self,
        imperium_action::Step,
        imperium_event::{self as ev, Kind},
    },
    rules::{
        core::{Resignation, Seat},
        imperium::{
            Action, CardId, Event, Faction, HagalId, Imperium, ImperiumOptions, ImperiumView,
            Preset, Resource, Zone, data::data, hagal_data,
        },
    },
};

fn card_id(id: &str) -> Result<CardId, MatchError> {
    data()
        .card_id(id)
        .ok_or_else(|| invalid(format!("unknown Imperium card {}", echo(id))))
}

fn card_name(card: CardId) -> String {
    data().cards[usize::from(card.0)].id.clone()
}

fn cards(list: &[CardId]) -> Vec<String> {
    list.iter().map(|card| card_name(*card)).collect()
}

fn faction(id: &str) -> Result<Faction, MatchError> {
    Faction::parse(id).ok_or_else(|| {
        invalid(format!(
            "unknown faction {}; use emperor, guild, bene_gesserit or fremen",
            echo(id)
        ))
    })
}

fn zone(id: &str) -> Result<Zone, MatchError> {
    match id {
        "hand" => Ok(Zone::Hand),
        "discard" => Ok(Zone::Discard),
        "in_play" => Ok(Zone::InPlay),
        other => Err(invalid(format!(
            "unknown zone {}; use hand, discard or in_play",
            echo(other)
        ))),
    }
}

fn zone_name(zone: Zone) -> &'static str {
    match zone {
        Zone::Hand => "hand",
        Zone::Discard => "discard",
        Zone::InPlay => "in_play",
    }
}

fn preset(name: &str) -> Result<Preset, MatchError> {
    Ok(if published_preset(name)? {
        Preset::Published
    } else {
        Preset::Default
    })
}

impl WireRules for Imperium {
    const KIND: i32 = pb::GameKind::Imperium as i32;

    fn options_from_pb(
        options: &pb::GameOptions,
        plays: &[String],
    ) -> Result<ImperiumOptions, MatchError> {
        let game = match &options.game {
            None => pb::ImperiumOptions::default(),
            Some(pb::game_options::Game::Imperium(game)) => game.clone(),
            Some(_) => {
                return Err(invalid(
                    "options.game is for another game kind than GAME_KIND_IMPERIUM".into(),
                ));
            }
        };
        let player_count = match game.player_count {
            0 => 4,
            n => small(n, "player_count")?,
        };
        let seats = usize::from(player_count)
            .max(game.leaders.len())
            .max(plays.len());
        let mut leaders = Vec::with_capacity(seats);
        for index in 0..seats {
            let from_options = game.leaders.get(index).map(String::as_str).unwrap_or("");
            let from_seat = plays.get(index).map(String::as_str).unwrap_or("");
            let chosen = match (from_options, from_seat) {
                ("", "") => None,
                (leader, "") | ("", leader) => Some(leader.to_owned()),
                (a, b) if a == b => Some(a.to_owned()),
                (a, b) => {
                    return Err(invalid(format!(
                        "seat {index} asks for leader {} in options and {} in its seat config",
                        echo(a),
                        echo(b)
                    )));
                }
            };
            leaders.push(chosen);
        }
        while leaders.last().is_some_and(Option::is_none) {
            leaders.pop();
        }
        let rival_leaders = game
            .rival_leaders
            .iter()
            .map(|l| (!l.is_empty()).then(|| l.clone()))
            .collect();
        Ok(ImperiumOptions {
            player_count,
            leaders,
            rival_leaders,
            no_rivals: game.no_rivals,
            max_rounds: max_rounds(options),
            preset: preset(&options.preset)?,
            overrides: rule_overrides(options),
        })
    }

    fn action_from_pb(action: &pb::Action) -> Result<Action, MatchError> {
        let Some(pb::action::Game::Imperium(action)) = &action.game else {
            return Err(invalid(
                "an Imperium game needs an `imperium` action".into(),
            ));
        };
        let step = action
            .step
            .as_ref()
            .ok_or_else(|| invalid("the Imperium action has no step set".into()))?;
        Ok(match step {
            Step::SendAgent(send) => Action::SendAgent {
                card: card_id(&send.card)?,
                space: data()
                    .space_id(&send.space)
                    .ok_or_else(|| invalid(format!("unknown board space {}", echo(&send.space))))?,
            },
            Step::Reveal(_) => Action::Reveal,
            Step::Intrigue(id) => Action::Intrigue(
                data()
                    .intrigue_id(id)
                    .ok_or_else(|| invalid(format!("unknown Intrigue card {}", echo(id))))?,
            ),
            Step::Pass(_) => Action::Pass,
            Step::Accept(_) => Action::Accept,
            Step::Choose(n) => Action::Choose(small(*n, "choice")?),
            Step::Faction(id) => Action::Faction(faction(id)?),
            Step::Troops(n) => Action::Troops(small(*n, "troops")?),
            Step::Trash(trash) => Action::Trash(card_id(&trash.card)?, zone(&trash.zone)?),
            Step::Discard(id) => Action::Discard(card_id(id)?),
            Step::Acquire(acquire) => Action::Acquire {
                card: card_id(&acquire.card)?,
                top: acquire.top,
            },
            Step::Space(id) => Action::Space(
                data()
                    .space_id(id)
                    .ok_or_else(|| invalid(format!("unknown board space {}", echo(id))))?,
            ),
            Step::Opponent(n) => Action::Opponent(Seat(small(*n, "opponent seat")?)),
            Step::Card(id) => Action::Card(card_id(id)?),
            Step::Resign(why) => Action::Resign(resignation(why)?),
        })
    }

    fn action_to_pb(action: &Action) -> pb::Action {
        let d = data();
        let step = match *action {
            Action::SendAgent { card, space } => Step::SendAgent(pb::imperium_action::SendAgent {
                card: card_name(card),
                space: d.spaces[usize::from(space.0)].id.clone(),
            }),
            Action::Reveal => Step::Reveal(pb::imperium_action::Reveal {}),
            Action::Intrigue(card) => Step::Intrigue(d.intrigues[usize::from(card.0)].id.clone()),
            Action::Pass => Step::Pass(pb::imperium_action::Pass {}),
            Action::Accept => Step::Accept(pb::imperium_action::Accept {}),
            Action::Choose(n) => Step::Choose(u32::from(n)),
            Action::Faction(f) => Step::Faction(f.id().to_owned()),
            Action::Troops(n) => Step::Troops(u32::from(n)),
            Action::Trash(card, zone) => Step::Trash(pb::imperium_action::Trash {
                card: card_name(card),
                zone: zone_name(zone).to_owned(),
            }),
            Action::Discard(card) => Step::Discard(card_name(card)),
            Action::Acquire { card, top } => Step::Acquire(pb::imperium_action::Acquire {
                card: card_name(card),
                top,
            }),
            Action::Space(space) => Step::Space(d.spaces[usize::from(space.0)].id.clone()),
            Action::Opponent(other) => Step::Opponent(seat(other)),
            Action::Card(card) => Step::Card(card_name(card)),
            Action::Resign(why) => Step::Resign(resignation_name(why).to_owned()),
        };
        pb::Action {
            game: Some(pb::action::Game::Imperium(pb::ImperiumAction {
                step: Some(step),
            })),
        }
    }

    fn view_to_pb(&self, view: ImperiumView) -> Option<pb::view::Game> {
        Some(pb::view::Game::Imperium(Box::new(view_to_pb(view))))
    }

    fn event_text(&self, event: &Event) -> String {
        event_text(self, event)
    }

    fn event_game(&self, event: &Event) -> Option<pb::event::Game> {
        Some(pb::event::Game::Imperium(event_to_pb(event)))
    }
}

fn view_to_pb(view: ImperiumView) -> pb::ImperiumView {
    let d = data();
    let hidden = |list: Option<Vec<CardId>>| {
        list.map(|cards_| pb::ImperiumCards {
            cards: cards(&cards_),
        })
    };
    let players = view
        .players
        .into_iter()
        .map(|p| pb::ImperiumPlayer {
            seat: seat(p.seat),
            leader: d.leaders[usize::from(p.leader.0)].id.clone(),
            solari: p.solari.into(),
            spice: p.spice.into(),
            water: p.water.into(),
            supply: p.supply.into(),
            garrison: p.garrison.into(),
            conflict: p.conflict.into(),
            swords: p.swords.into(),
            strength: p.strength.into(),
            persuasion: p.persuasion.into(),
            vp: p.vp.into(),
            influence: Faction::ALL
                .iter()
                .map(|f| pb::ImperiumInfluence {
                    faction: f.id().to_owned(),
                    amount: p.influence[f.index()].into(),
                })
                .collect(),
            agents: p.agents.into(),
            agents_left: p.agents_left.into(),
            swordmaster: p.swordmaster,
            high_council: p.high_council,
            has_revealed: p.has_revealed,
            hand: hidden(p.hand),
            hand_count: p.hand_count.into(),
            deck_count: p.deck_count.into(),
            deck_top: p.deck_top.map(card_name).unwrap_or_default(),
            discard: cards(&p.discard),
            played: cards(&p.played),
            revealed: cards(&p.revealed),
            intrigue: p.intrigue.map(|list| pb::ImperiumCards {
                cards: list
                    .iter()
                    .map(|card| d.intrigues[usize::from(card.0)].id.clone())
                    .collect(),
            }),
            intrigue_count: p.intrigue_count.into(),
            secret_factions: p.secret_factions.map(|list| pb::ImperiumCards {
                cards: list.iter().map(|f| f.id().to_owned()).collect(),
            }),
            set_aside: p.set_aside.map(card_name).unwrap_or_default(),
        })
        .collect();
    let spaces = d
        .spaces
        .iter()
        .enumerate()
        .map(|(index, space)| pb::ImperiumSpace {
            space: space.id.clone(),
            agent: view.occupant.get(index).copied().flatten().map(seat),
            controller: view.control.get(index).copied().flatten().map(seat),
            bonus_spice: view.bonus_spice.get(index).copied().unwrap_or(0).into(),
            blocked_by: view
                .voice
                .filter(|(_, blocked)| usize::from(blocked.0) == index)
                .map(|(by, _)| seat(by)),
        })
        .collect();
    pb::ImperiumView {
        round: view.round.into(),
        phase: view.phase.to_owned(),
        first_player: seat(view.first_player),
        conflict: view
            .conflict
            .map(|c| d.conflicts[usize::from(c.0)].id.clone())
            .unwrap_or_default(),
        conflict_deck_count: view.conflict_deck_count.into(),
        row: cards(&view.row),
        imperium_deck_count: view.imperium_deck_count.into(),
        reserve: view
            .reserve
            .iter()
            .map(|(card, count)| pb::imperium_view::Pile {
                card: card_name(*card),
                count: (*count).into(),
            })
            .collect(),
        intrigue_deck_count: view.intrigue_deck_count.into(),
        intrigue_discard: view
            .intrigue_discard
            .iter()
            .map(|card| d.intrigues[usize::from(card.0)].id.clone())
            .collect(),
        trash: cards(&view.trash),
        spaces,
        alliances: Faction::ALL
            .iter()
            .map(|f| pb::imperium_view::Alliance {
                faction: f.id().to_owned(),
                seat: view.alliance[f.index()].map(seat),
            })
            .collect(),
        mentat: view.mentat.map(seat),
        mentat_next: view.mentat_next.map(seat),
        players,
        prompt: view.prompt.map(|prompt| pb::ImperiumPrompt {
            seat: seat(prompt.seat),
            kind: prompt.kind.to_owned(),
            card: prompt.card.map(card_name).unwrap_or_default(),
        }),
        rivals: view
            .rivals
            .iter()
            .map(|r| pb::ImperiumRival {
                seat: seat(r.seat),
                leader: r
                    .leader
                    .map(|l| d.leaders[usize::from(l.0)].id.clone())
                    .unwrap_or_default(),
                solari: r.solari.into(),
                spice: r.spice.into(),
                water: r.water.into(),
                supply: r.supply.into(),
                garrison: r.garrison.into(),
                conflict: r.conflict.into(),
                swords: r.swords.into(),
                strength: r.strength.into(),
                vp: r.vp.into(),
                influence: Faction::ALL
                    .iter()
                    .map(|f| pb::ImperiumInfluence {
                        faction: f.id().to_owned(),
                        amount: r.influence[f.index()].into(),
                    })
                    .collect(),
                agents: r.agents.into(),
                agents_left: r.agents_left.into(),
                intrigue_count: r.intrigue_count.into(),
                last_revealed: r.last_revealed.map(hagal_name).unwrap_or_default(),
            })
            .collect(),
        hagal_deck_count: view.hagal_deck_count.into(),
        hagal_revealed: view.hagal_revealed.iter().map(|c| hagal_name(*c)).collect(),
        resigned_seat: view.resigned.map(|(s, _)| seat(s)),
        resignation: view
            .resigned
            .map(|(_, why)| resignation_name(why).to_owned())
            .unwrap_or_default(),
    }
}

fn resource_name(resource: Resource) -> &'static str {
    match resource {
        Resource::Solari => "solari",
        Resource::Spice => "spice",
        Resource::Water => "water",
        Resource::Garrison => "garrison",
        Resource::Persuasion => "persuasion",
        Resource::Swords => "swords",
        Resource::Vp => "vp",
    }
}

fn hagal_name(card: HagalId) -> String {
    hagal_data().cards[usize::from(card.0)].id.clone()
}

fn event_to_pb(event: &Event) -> pb::ImperiumEvent {
    let d = data();
    let space_id =
        |space: &crate::rules::imperium::SpaceId| d.spaces[usize::from(space.0)].id.clone();
    let intrigue_id =
        |card: &crate::rules::imperium::IntrigueId| d.intrigues[usize::from(card.0)].id.clone();
    let conflict_id =
        |c: &crate::rules::imperium::ConflictId| d.conflicts[usize::from(c.0)].id.clone();
    let leader_id = |l: &crate::rules::imperium::LeaderId| d.leaders[usize::from(l.0)].id.clone();
    let s = |x: &Seat| seat(*x);
    let card = |c: &CardId| card_name(*c);
    let kind = match event {
        Event::LeaderAssigned { seat: x, leader } => Kind::LeaderAssigned(ev::LeaderAssigned {
            seat: s(x),
            leader: leader_id(leader),
        }),
        Event::FirstPlayer { seat: x } => Kind::FirstPlayer(ev::FirstPlayer { seat: s(x) }),
        Event::RoundStarted { round, conflict } => Kind::RoundStarted(ev::RoundStarted {
            round: (*round).into(),
            conflict: conflict_id(conflict),
        }),
        Event::Drew { seat: x, card: c } => Kind::Drew(ev::Drew {
            seat: s(x),
            card: c.as_ref().map(card),
        }),
        Event::Shuffled { seat: x } => Kind::Shuffled(ev::Shuffled { seat: s(x) }),
        Event::AgentSent {
            seat: x,
            card: c,
            space,
        } => Kind::AgentSent(ev::AgentSent {
            seat: s(x),
            card: card(c),
            space: space_id(space),
        }),
        Event::Revealed {
            seat: x,
            cards: list,
        } => Kind::Revealed(ev::Revealed {
            seat: s(x),
            cards: cards(list),
        }),
        Event::Resource {
            seat: x,
            resource,
            delta,
        } => Kind::Resource(ev::Resource {
            seat: s(x),
            resource: resource_name(*resource).to_owned(),
            delta: (*delta).into(),
        }),
        Event::Influence {
            seat: x,
            faction,
            delta,
            now,
        } => Kind::Influence(ev::Influence {
            seat: s(x),
            faction: faction.id().to_owned(),
            delta: (*delta).into(),
            influence: (*now).into(),
        }),
        Event::Alliance { faction, from, to } => Kind::Alliance(ev::Alliance {
            faction: faction.id().to_owned(),
            to_seat: to.as_ref().map(s),
            from_seat: from.as_ref().map(s),
        }),
        Event::IntrigueDrawn { seat: x, card: c } => Kind::IntrigueDrawn(ev::IntrigueDrawn {
            seat: s(x),
            card: c.as_ref().map(intrigue_id),
        }),
        Event::IntrigueStolen { from, to, card: c } => Kind::IntrigueStolen(ev::IntrigueStolen {
            seat: s(to),
            from_seat: s(from),
            card: c.as_ref().map(intrigue_id),
        }),
        Event::IntriguePlayed { seat: x, card: c } => Kind::IntriguePlayed(ev::IntriguePlayed {
            seat: s(x),
            card: intrigue_id(c),
        }),
        Event::Deployed { seat: x, troops } => Kind::Deployed(ev::Deployed {
            seat: s(x),
            troops: (*troops).into(),
        }),
        Event::Retreated { seat: x, troops } => Kind::Retreated(ev::Retreated {
            seat: s(x),
            troops: (*troops).into(),
        }),
        Event::TroopsLost {
            seat: x,
            troops,
            from_conflict,
        } => Kind::TroopsLost(ev::TroopsLost {
            seat: s(x),
            troops: (*troops).into(),
            from_conflict: *from_conflict,
        }),
        Event::Acquired { seat: x, card: c } => Kind::Acquired(ev::Acquired {
            seat: s(x),
            card: card(c),
        }),
        Event::RowRefilled { card: c } => Kind::RowRefilled(ev::RowRefilled { card: card(c) }),
        Event::Trashed { seat: x, card: c } => Kind::Trashed(ev::Trashed {
            seat: s(x),
            card: card(c),
        }),
        Event::Discarded { seat: x, card: c } => Kind::Discarded(ev::Discarded {
            seat: s(x),
            card: card(c),
        }),
        Event::Retrieved { seat: x, card: c } => Kind::Retrieved(ev::Retrieved {
            seat: s(x),
            card: card(c),
        }),
        Event::LookedAtTop { seat: x, card: c } => Kind::LookedAtTop(ev::LookedAtTop {
            seat: s(x),
            card: c.as_ref().map(card),
        }),
        Event::Control { space, seat: x } => Kind::Control(ev::Control {
            seat: s(x),
            space: space_id(space),
        }),
        Event::MentatTaken { seat: x } => Kind::MentatTaken(ev::MentatTaken { seat: s(x) }),
        Event::HighCouncil { seat: x } => Kind::HighCouncil(ev::HighCouncil { seat: s(x) }),
        Event::Swordmaster { seat: x } => Kind::Swordmaster(ev::Swordmaster { seat: s(x) }),
        Event::Voice { seat: x, space } => Kind::Voice(ev::Voice {
            seat: s(x),
            space: space_id(space),
        }),
        Event::AgentRecalled { seat: x, space } => Kind::AgentRecalled(ev::AgentRecalled {
            seat: s(x),
            space: space_id(space),
        }),
        Event::Passed { seat: x } => Kind::Passed(ev::Passed { seat: s(x) }),
        Event::ConflictResolved {
            conflict,
            strengths,
        } => Kind::ConflictResolved(ev::ConflictResolved {
            conflict: conflict_id(conflict),
            strengths: strengths.iter().map(|x| u32::from(*x)).collect(),
        }),
        Event::Reward { seat: x, place } => Kind::Reward(ev::Reward {
            seat: s(x),
            place: (*place).into(),
        }),
        Event::BonusSpice { space, now } => Kind::BonusSpice(ev::BonusSpice {
            space: space_id(space),
            spice: (*now).into(),
        }),
        Event::Recall => Kind::Recall(ev::Recall {}),
        Event::EndgameTriggered => Kind::EndgameTriggered(ev::EndgameTriggered {}),
        Event::GameOver { winners } => Kind::GameOver(ev::GameOver {
            winners: winners.iter().map(s).collect(),
        }),
        Event::Resigned { seat: x, why } => {
            let resigned = ev::Resigned { seat: s(x) };
            match why {
                Resignation::Conceded => Kind::Conceded(resigned),
                Resignation::Forfeited => Kind::Forfeited(resigned),
                Resignation::OutOfTime => Kind::OutOfTime(resigned),
                Resignation::TimeLimit => Kind::TimeLimit(resigned),
            }
        }
        Event::RoundLimit { round } => Kind::RoundLimit(ev::RoundLimit {
            round: (*round).into(),
        }),
        Event::RivalJoined { seat: x, leader } => Kind::RivalJoined(ev::RivalJoined {
            seat: s(x),
            leader: leader.as_ref().map(leader_id),
        }),
        Event::HagalRevealed {
            seat: x,
            card: c,
            combat,
        } => Kind::HagalRevealed(ev::HagalRevealed {
            seat: s(x),
            card: hagal_name(*c),
            combat: *combat,
        }),
        Event::HagalReshuffled => Kind::HagalReshuffled(ev::HagalReshuffled {}),
        Event::RivalAgentSent {
            seat: x,
            card: c,
            space,
        } => Kind::RivalAgentSent(ev::RivalAgentSent {
            seat: s(x),
            card: hagal_name(*c),
            space: space_id(space),
        }),
        Event::ControlRemoved { space, seat: x } => Kind::ControlRemoved(ev::ControlRemoved {
            seat: s(x),
            space: space_id(space),
        }),
    };
    pb::ImperiumEvent { kind: Some(kind) }
}

/// "a, b and c".
fn listing(items: &[String]) -> String {
    match items {
        [] => "nothing".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn resource_display(resource: Resource, amount: u32, gained: bool) -> String {
    let one = amount == 1;
    match resource {
        Resource::Solari => "Solari".to_owned(),
        Resource::Spice => "spice".to_owned(),
        Resource::Water => "water".to_owned(),
        Resource::Garrison => format!(
            "{} {} the garrison",
            if one { "troop" } else { "troops" },
            if gained { "to" } else { "from" }
        ),
        Resource::Persuasion => "Persuasion".to_owned(),
        Resource::Swords => if one { "sword" } else { "swords" }.to_owned(),
        Resource::Vp => "VP".to_owned(),
    }
}

fn ordinal(place: u8) -> &'static str {
    match place {
        1 => "1st",
        2 => "2nd",
        3 => "3rd",
        _ => "a",
    }
}

/// A short English line for an event, built from the domain event (as the
/// viewer receives it: hidden cards are `None`), with names from the data.
fn event_text(game: &Imperium, event: &Event) -> String {
    let d = data();
    let who = |s: &Seat| -> String {
        if !game.is_rival(*s) {
            s.to_string()
        } else if game.is_hagal(*s) {
            "House Hagal".to_owned()
        } else {
            format!("Rival {}", s.0 - game.humans() + 1)
        }
    };
    let card = |c: &CardId| d.cards[usize::from(c.0)].name.clone();
    let space = |s: &crate::rules::imperium::SpaceId| d.spaces[usize::from(s.0)].name.clone();
    let intrigue =
        |c: &crate::rules::imperium::IntrigueId| d.intrigues[usize::from(c.0)].name.clone();
    let conflict =
        |c: &crate::rules::imperium::ConflictId| d.conflicts[usize::from(c.0)].name.clone();
    let hagal = |c: &HagalId| hagal_data().cards[usize::from(c.0)].name.clone();
    let troops = |n: u8| {
        if n == 1 {
            "1 troop".to_owned()
        } else {
            format!("{n} troops")
        }
    };
    match event {
        Event::LeaderAssigned { seat: s, leader } => {
            format!("{} plays {}", who(s), d.leaders[usize::from(leader.0)].name)
        }
        Event::FirstPlayer { seat: s } => format!("{} is the First Player", who(s)),
        Event::RoundStarted { round, conflict: c } => {
            format!("round {round} begins: Conflict {}", conflict(c))
        }
        Event::Drew { seat: s, card: c } => match c {
            Some(c) => format!("{} drew {}", who(s), card(c)),
            None => format!("{} drew a card", who(s)),
        },
        Event::Shuffled { seat: s } => {
            format!("{} shuffled their discard pile into a new deck", who(s))
        }
        Event::AgentSent {
            seat: s,
            card: c,
            space: sp,
        } => format!(
            "{} played {} and sent an Agent to {}",
            who(s),
            card(c),
            space(sp)
        ),
        Event::Revealed {
            seat: s,
            cards: list,
        } => {
            let names: Vec<String> = list.iter().map(card).collect();
            format!("{} revealed {}", who(s), listing(&names))
        }
        Event::Resource {
            seat: s,
            resource,
            delta,
        } => {
            let n = delta.unsigned_abs();
            let what = resource_display(*resource, u32::from(n), *delta >= 0);
            if *delta >= 0 {
                format!("{} gained {n} {what}", who(s))
            } else {
                format!("{} lost {n} {what}", who(s))
            }
        }
        Event::Influence {
            seat: s,
            faction,
            delta,
            now,
        } => format!(
            "{} {} {} Influence with the {} (now {now})",
            who(s),
            if *delta >= 0 { "gained" } else { "lost" },
            delta.unsigned_abs(),
            faction.name()
        ),
        Event::Alliance { faction, from, to } => match (to, from) {
            (Some(t), Some(f)) => format!(
                "{} takes the {} Alliance from {}",
                who(t),
                faction.name(),
                who(f)
            ),
            (Some(t), None) => format!("{} takes the {} Alliance", who(t), faction.name()),
            (None, _) => format!("the {} Alliance returns to its track", faction.name()),
        },
        Event::IntrigueDrawn { seat: s, card: c } => match c {
            Some(c) => format!("{} drew the Intrigue card {}", who(s), intrigue(c)),
            None => format!("{} drew an Intrigue card", who(s)),
        },
        Event::IntrigueStolen { from, to, card: c } => match c {
            Some(c) => format!(
                "{} took the Intrigue card {} from {}",
                who(to),
                intrigue(c),
                who(from)
            ),
            None => format!("{} took an Intrigue card from {}", who(to), who(from)),
        },
        Event::IntriguePlayed { seat: s, card: c } => {
            format!("{} played the Intrigue card {}", who(s), intrigue(c))
        }
        Event::Deployed { seat: s, troops: n } => {
            format!("{} deployed {} to the Conflict", who(s), troops(*n))
        }
        Event::Retreated { seat: s, troops: n } => format!(
            "{} retreated {} from the Conflict to the garrison",
            who(s),
            troops(*n)
        ),
        Event::TroopsLost {
            seat: s,
            troops: n,
            from_conflict,
        } => format!(
            "{} lost {} from the {}",
            who(s),
            troops(*n),
            if *from_conflict {
                "Conflict"
            } else {
                "garrison"
            }
        ),
        Event::Acquired { seat: s, card: c } => format!("{} acquired {}", who(s), card(c)),
        Event::RowRefilled { card: c } => format!("{} entered the Imperium Row", card(c)),
        Event::Trashed { seat: s, card: c } => format!("{} trashed {}", who(s), card(c)),
        Event::Discarded { seat: s, card: c } => format!("{} discarded {}", who(s), card(c)),
        Event::Retrieved { seat: s, card: c } => {
            format!("{} took {} back from their discard pile", who(s), card(c))
        }
        Event::LookedAtTop { seat: s, card: c } => match c {
            Some(c) => format!(
                "{} looked at the top card of their deck: {}",
                who(s),
                card(c)
            ),
            None => format!("{} looked at the top card of their deck", who(s)),
        },
        Event::Control { space: sp, seat: s } => format!("{} controls {}", who(s), space(sp)),
        Event::MentatTaken { seat: s } => format!("{} took the Mentat", who(s)),
        Event::HighCouncil { seat: s } => format!("{} took a High Council seat", who(s)),
        Event::Swordmaster { seat: s } => format!("{} gained the Swordmaster", who(s)),
        Event::Voice { seat: s, space: sp } => {
            format!("{} blocked {} with The Voice", who(s), space(sp))
        }
        Event::AgentRecalled { seat: s, space: sp } => {
            format!("{} took back the Agent on {}", who(s), space(sp))
        }
        Event::Passed { seat: s } => format!("{} passed", who(s)),
        Event::ConflictResolved {
            conflict: c,
            strengths,
        } => {
            let parts: Vec<String> = strengths
                .iter()
                .enumerate()
                .map(|(i, n)| format!("{} at {n}", who(&Seat(i as u8))))
                .collect();
            format!(
                "{} is resolved; strengths: {}",
                conflict(c),
                listing(&parts)
            )
        }
        Event::Reward { seat: s, place } => {
            format!("{} takes {} place in the Conflict", who(s), ordinal(*place))
        }
        Event::BonusSpice { space: sp, now } => {
            format!("{} now holds {now} bonus spice", space(sp))
        }
        Event::Recall => "the Agents are recalled".to_owned(),
        Event::EndgameTriggered => "the endgame is triggered".to_owned(),
        Event::Resigned { seat: s, why } => resignation_text(&who(s), *why),
        Event::RoundLimit { round } => {
            format!("round {round} was the last one allowed: the game stops (MC-ROUNDS-01)")
        }
        Event::GameOver { winners } => {
            let names: Vec<String> = winners.iter().map(who).collect();
            match names.len() {
                0 => "game over: a Rival wins".to_owned(),
                1 => format!("game over: {} wins", names[0]),
                _ => format!("game over: {} share the victory", listing(&names)),
            }
        }
        Event::RivalJoined { seat: s, leader } => match leader {
            Some(l) => format!(
                "{} joins the game with {}",
                who(s),
                d.leaders[usize::from(l.0)].name
            ),
            None => format!("{} joins the game", who(s)),
        },
        Event::HagalRevealed {
            seat: s,
            card: c,
            combat,
        } => {
            if *combat {
                format!("{} revealed {} for swords", who(s), hagal(c))
            } else {
                format!("{} revealed {}", who(s), hagal(c))
            }
        }
        Event::HagalReshuffled => "the House Hagal deck is reshuffled".to_owned(),
        Event::RivalAgentSent {
            seat: s,
            card: c,
            space: sp,
        } => format!(
            "{} sent an Agent to {} with the House Hagal card {}",
            who(s),
            space(sp),
            hagal(c)
        ),
        Event::ControlRemoved { space: sp, seat: s } => format!(
            "House Hagal removed {}'s control marker from {}",
            who(s),
            space(sp)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::core::{Resignation, RngStream, Ruleset, Viewer};
    use rand::Rng;

    /// Every action a random game offers survives the trip to the wire and
    /// back unchanged, so a client that echoes a legal action is accepted.
    #[test]
    fn every_offered_action_round_trips_through_the_wire() {
        for seed in 0..4 {
            // 1-4 players: the rivals' events are named too.
            let players = 1 + seed as u8;
            let (mut game, mut events) =
                Imperium::setup_with_events(&ImperiumOptions::players(players), seed).unwrap();
            let mut chooser = RngStream::Bot(9).rng(seed);
            let mut legal = Vec::new();
            while let Some(seat) = game.to_act() {
                legal.clear();
                game.legal_actions(seat, &mut legal);
                for action in &legal {
                    let back = Imperium::action_from_pb(&Imperium::action_to_pb(action)).unwrap();
                    assert_eq!(back, *action);
                }
                let pick = legal[chooser.random_range(0..legal.len())];
                game.apply(seat, &pick, &mut events).unwrap();
            }
            for event in &events {
                let (text, wire) = game.event_to_pb(event);
                assert!(!text.is_empty() && wire.is_some());
                assert!(!text.contains('_'), "shows names, not ids: {text}");
                for debug in ["[", "]", "{", "}", "Some(", "None", "Seat(", "Id("] {
                    assert!(!text.contains(debug), "no Rust debug text: {text}");
                }
            }
        }
    }

    #[test]
    fn malformed_actions_and_options_are_invalid_arguments() {
        let unknown_card = pb::Action {
            game: Some(pb::action::Game::Imperium(pb::ImperiumAction {
                step: Some(Step::Discard("no_such_card".into())),
            })),
        };
        let error = Imperium::action_from_pb(&unknown_card).unwrap_err();
        assert!(matches!(error, MatchError::InvalidArgument(ref m) if m.contains("no_such_card")));
        let empty = pb::Action {
            game: Some(pb::action::Game::Imperium(pb::ImperiumAction {
                step: None,
            })),
        };
        assert!(matches!(
            Imperium::action_from_pb(&empty),
            Err(MatchError::InvalidArgument(_))
        ));
        let conflicting = pb::GameOptions {
            game: Some(pb::game_options::Game::Imperium(pb::ImperiumOptions {
                player_count: 3,
                leaders: vec!["paul_atreides".into()],
                ..Default::default()
            })),
            ..Default::default()
        };
        let error = Imperium::options_from_pb(&conflicting, &["glossu_rabban".into()]).unwrap_err();
        assert!(matches!(error, MatchError::InvalidArgument(ref m) if m.contains("seat 0")));
        let agreed = Imperium::options_from_pb(&conflicting, &["paul_atreides".into()]).unwrap();
        assert_eq!(agreed.leaders, vec![Some("paul_atreides".to_owned())]);
    }

    /// MC-ROUNDS-01 and MC-RESIGN-01 on the wire: `max_rounds` reaches the
    /// game (0 is no limit), a resignation round-trips, and what it leaves
    /// (view fields, events) is named.
    #[test]
    fn competition_rules_cross_the_wire() {
        let with = |max_rounds| pb::GameOptions {
            max_rounds,
            ..Default::default()
        };
        let opts = |o: &pb::GameOptions| Imperium::options_from_pb(o, &[]).unwrap().max_rounds;
        assert_eq!(opts(&with(Some(3))), Some(3));
        assert_eq!(opts(&with(Some(0))), None);
        assert_eq!(opts(&with(None)), None);
        for why in Resignation::ALL {
            let action = Action::Resign(why);
            let back = Imperium::action_from_pb(&Imperium::action_to_pb(&action)).unwrap();
            assert_eq!(back, action);
        }
        let unknown = pb::Action {
            game: Some(pb::action::Game::Imperium(pb::ImperiumAction {
                step: Some(Step::Resign("sulked".into())),
            })),
        };
        let error = Imperium::action_from_pb(&unknown).unwrap_err();
        assert!(matches!(error, MatchError::InvalidArgument(ref m) if m.contains("MC-RESIGN-01")));

        let mut game = Imperium::setup(&ImperiumOptions::players(3), 1).unwrap();
        let mut events = Vec::new();
        game.apply(
            Seat(2),
            &Action::Resign(Resignation::Forfeited),
            &mut events,
        )
        .unwrap();
        let view = view_to_pb(game.view(Viewer::Spectator));
        assert_eq!(view.resigned_seat, Some(2));
        assert_eq!(view.resignation, "forfeited");
        let (text, wire) = game.event_to_pb(&events[0]);
        let Some(pb::event::Game::Imperium(wire)) = wire else {
            panic!("an Imperium event")
        };
        assert_eq!(
            wire.kind,
            Some(Kind::Forfeited(ev::Resigned { seat: 2 })),
            "forfeited, seat 2"
        );
        assert!(text.contains("forfeited"), "{text}");
        let (text, wire) = game.event_to_pb(&Event::RoundLimit { round: 4 });
        let Some(pb::event::Game::Imperium(wire)) = wire else {
            panic!("an Imperium event")
        };
        assert_eq!(
            wire.kind,
            Some(Kind::RoundLimit(ev::RoundLimit { round: 4 }))
        );
        assert!(text.contains("round 4"), "{text}");
    }
}
