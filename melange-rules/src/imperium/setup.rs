//! Setting up a game from its options and seed (IM-START, the setup facts
//! of `board.json`): leaders, starting decks, the Conflict, Imperium and
//! Intrigue decks, the First Player, the rivals, and the leaders' setup
//! effects; then the first round starts.
use rand::Rng;
use rand::seq::SliceRandom;

use crate::core::{RngStream, RuleError, Seat};

use super::data::CardGroup;
use super::effect::Bespoke;
use super::event::Event;
use super::ids::{CardId, ConflictId, IntrigueId, LeaderId};
use super::options::ImperiumOptions;
use super::state::{Ctx, Imperium, Phase, Player, SPACES, Task, Turn};

impl Imperium {
    /// Sets up a game (IM-START, setup facts from `board.json`).
    pub(crate) fn new_game(
        options: &ImperiumOptions,
        seed: u64,
        ev: &mut Vec<Event>,
    ) -> Result<Imperium, RuleError> {
        let mut g = Imperium::build(options, seed, ev)?;
        g.run(ev);
        Ok(g)
    }

    /// The set-up game, before its first task runs (no round started).
    pub(crate) fn build(
        options: &ImperiumOptions,
        seed: u64,
        ev: &mut Vec<Event>,
    ) -> Result<Imperium, RuleError> {
        let (rules, chosen) = options.resolve()?;
        let rival_setup = options.resolve_rivals()?;
        let d = super::data::data();
        let n = options.player_count;
        let mut rng = RngStream::Game.rng(seed);

        // Leaders: chosen ones, the rest dealt from the seed.
        let mut pool: Vec<LeaderId> = (0..d.leaders.len() as u8)
            .map(LeaderId)
            .filter(|l| !chosen.contains(&Some(*l)))
            .collect();
        pool.shuffle(&mut rng);
        let leaders: Vec<LeaderId> = (0..usize::from(n))
            .map(|i| {
                chosen
                    .get(i)
                    .copied()
                    .flatten()
                    .unwrap_or_else(|| pool.pop().expect("8 leaders"))
            })
            .collect();

        let s = &d.setup;
        let mut starter: Vec<CardId> = Vec::new();
        for (i, c) in d.cards.iter().enumerate() {
            if c.group == CardGroup::Starter {
                for _ in 0..c.copies {
                    starter.push(CardId(i as u8));
                }
            }
        }
        let mut players = Vec::new();
        for &leader in &leaders {
            let mut deck = starter.clone();
            deck.shuffle(&mut rng);
            players.push(Player {
                leader,
                solari: s.solari,
                spice: s.spice,
                water: s.water,
                supply: s.total_troops - s.garrison,
                garrison: s.garrison,
                conflict: 0,
                swords: 0,
                persuasion: 0,
                vp: if n == 4 { s.four_player_vp } else { 0 },
                influence: [0; 4],
                bonus_paid: 0,
                agents: s.agents,
                agents_out: 0,
                swordmaster: false,
                high_council: false,
                deck: deck.into(),
                hand: Default::default(),
                played: Default::default(),
                revealed: Default::default(),
                discard: Default::default(),
                intrigue: Default::default(),
                has_revealed: false,
                strength_lost: false,
                reveal_seq: 0,
                secret_factions: 0,
                masterstroke_used: false,
                set_aside: None,
            });
        }

        // Conflict deck: tiers shuffled apart, Tier III at the bottom.
        let mut conflict_deck = Vec::new();
        for tier in (1..=3u8).rev() {
            let mut cards: Vec<ConflictId> = (0..d.conflicts.len() as u8)
                .map(ConflictId)
                .filter(|c| d.conflicts[usize::from(c.0)].tier == tier)
                .collect();
            cards.shuffle(&mut rng);
            cards.truncate(usize::from(d.conflicts_per_tier[usize::from(tier - 1)]));
            conflict_deck.extend(cards);
        }
        let mut imperium_deck = Vec::new();
        for (i, c) in d.cards.iter().enumerate() {
            if c.group == CardGroup::Imperium {
                for _ in 0..c.copies {
                    imperium_deck.push(CardId(i as u8));
                }
            }
        }
        imperium_deck.shuffle(&mut rng);
        let mut intrigue_deck = Vec::new();
        for (i, c) in d.intrigues.iter().enumerate() {
            for _ in 0..c.copies {
                intrigue_deck.push(IntrigueId(i as u8));
            }
        }
        intrigue_deck.shuffle(&mut rng);
        let mut first = Seat(rng.random_range(0..n));
        if rival_setup
            .as_ref()
            .is_some_and(|r| r.mode == super::hagal::RivalMode::Solo)
        {
            // docs/rules-decisions.md, A17: the Rival on the human's left starts
            // with the First Player marker.
            first = Seat(1);
        }
        let reserve = [0, 1, 2].map(|k| d.card(d.reserve[k]).copies);

        let mut g = Imperium {
            rules,
            rng,
            players,
            round: 0,
            first,
            phase: Phase::Setup,
            conflict_deck: conflict_deck.into(),
            conflict: None,
            imperium_deck: imperium_deck.into(),
            row: Default::default(),
            reserve,
            trash: Default::default(),
            intrigue_deck: intrigue_deck.into(),
            intrigue_discard: Default::default(),
            occupant: [None; SPACES],
            bonus_spice: [0; SPACES],
            control: [None; SPACES],
            voice: None,
            alliance: [None; 4],
            mentat: None,
            mentat_next: None,
            turn: Turn::default(),
            combat_passes: 0,
            combat_seat: Seat(0),
            reveal_counter: 0,
            reveal_boxes: Default::default(),
            stack: Vec::new(),
            prompt: None,
            rivals: None,
            max_rounds: options.max_rounds,
            conflicts_seen: Default::default(),
            early_end: None,
        };
        for (i, &leader) in leaders.iter().enumerate() {
            ev.push(Event::LeaderAssigned {
                seat: Seat(i as u8),
                leader,
            });
        }
        if let Some(rs) = rival_setup {
            g.add_rivals(rs, seed, ev);
        }
        g.refill_row(ev);
        ev.push(Event::FirstPlayer { seat: first });
        g.stack.push(Task::RoundStart);
        for seat in (0..n).rev().map(Seat) {
            let leader = &d.leaders[usize::from(leaders[seat.index()].0)];
            if leader.ability == Some(Bespoke::Masterstroke) {
                g.stack.push(Task::BaronSecret(seat));
            }
            if !leader.setup_effects.is_empty() {
                g.stack.push(Task::Run {
                    list: &leader.setup_effects,
                    pos: 0,
                    ctx: Ctx::seat(seat),
                });
            }
        }
        Ok(g)
    }
}
