//! Setting up a game (AR-START).

use super::board::tables::TokenMix;
use super::data::Data;
use super::event::Event;
use super::expansions::ExpansionStates;
use super::ids::{CardId, Deck, Faction, UnitKind, Wormsign};
use super::options::ArrakisOptions;
use super::state::*;
use super::vocab::{ByFaction, ByImperiumMarker, ByMarker, Units};
use crate::core::{RngStream, RuleError};
use rand::Rng;
use rand::seq::SliceRandom;

/// Token-kind table: starting tokens first, then the action pool.
pub(super) fn token_kinds(d: &Data) -> Vec<TokenMix> {
    let t = &d.tables.deployment_tokens;
    t.atreides_starting
        .iter()
        .chain(&t.atreides_pool)
        .copied()
        .collect()
}

fn expand(mixes: &[TokenMix], offset: usize) -> Vec<u8> {
    let mut v = Vec::new();
    for (i, m) in mixes.iter().enumerate() {
        for _ in 0..m.copies {
            v.push((i + offset) as u8);
        }
    }
    v
}

impl Arrakis {
    /// Sets up a new game (setup per `tables.json` `setup`, see the docs).
    pub fn new_game(
        options: &ArrakisOptions,
        seed: u64,
        ev: &mut Vec<Event>,
    ) -> Result<Arrakis, RuleError> {
        let rules = options.rules()?;
        // MC-ROUNDS-02: no par measured, no fair tie-break.
        Arrakis::check_round_limit(&rules, options.max_rounds)?;
        let d = Arrakis::data_for(&rules);
        let b = d.board;
        let t = &d.tables;
        let mut rng = RngStream::Game.rng(seed);

        let mut areas = vec![AreaState::default(); b.areas.len()];
        let mut houses = ByFaction::from_fn(|f| {
            let fig = if f == Faction::Harkonnen {
                t.figures.harkonnen
            } else {
                t.figures.atreides
            };
            let decks = Deck::of(f).map(|dk| {
                let mut pile = Vec::new();
                for (i, c) in d.cards.iter().enumerate() {
                    if c.deck == dk {
                        for _ in 0..c.copies {
                            pile.push(CardId(i as u8));
                        }
                    }
                }
                pile
            });
            House {
                hand: Default::default(),
                decks: decks.map(Into::into),
                discard: Default::default(),
                dice: Default::default(),
                excess: 0,
                supply: Units::new(fig.regular, fig.elite, fig.special),
                generic_supply: fig.generic_leader,
                bene_gesserit: if f == Faction::Atreides {
                    t.bene_gesserit.atreides_start
                } else {
                    t.bene_gesserit.harkonnen_start
                },
                bene_gesserit_placed: false,
            }
        });
        for h in houses.iter_mut() {
            for pile in &mut h.decks {
                pile.shuffle(&mut rng);
            }
        }

        // Sietches: ranks shuffled face down onto the sites, each with a
        // Naib and a starting deployment token.
        let mut ranks = t.sietch_ranks.clone();
        ranks.shuffle(&mut rng);
        let mut starting = expand(&t.deployment_tokens.atreides_starting, 0);
        starting.shuffle(&mut rng);
        let ath = Faction::Atreides;
        for (i, a) in b.sietch_sites.iter().enumerate() {
            let s = &mut areas[a.index()];
            s.sietch = Some(Sietch {
                rank: ranks[i],
                revealed: false,
            });
            s.tokens.push(starting.pop().expect("checked at load"));
            if houses[ath].generic_supply > 0 {
                houses[ath].generic_supply -= 1;
                s.generic[ath] += 1;
            }
        }
        // Harkonnen settlements: one black and one silver token each,
        // revealed into units at once.
        let mut black = expand(&t.deployment_tokens.harkonnen_black, 0);
        let mut silver = expand(&t.deployment_tokens.harkonnen_silver, 0);
        black.shuffle(&mut rng);
        silver.shuffle(&mut rng);
        let hk = Faction::Harkonnen;
        for a in b.settlements.iter() {
            areas[a.index()].settlement = true;
            for (pile, mixes) in [
                (&mut black, &t.deployment_tokens.harkonnen_black),
                (&mut silver, &t.deployment_tokens.harkonnen_silver),
            ] {
                if let Some(k) = pile.pop() {
                    let m = mixes[usize::from(k)];
                    let h = &mut houses[hk];
                    let mu = m.units();
                    for u in UnitKind::ALL {
                        let n = mu[u].min(h.supply[u]);
                        h.supply[u] -= n;
                        areas[a.index()].units[hk][u] += n;
                    }
                    let l = m.leader.min(h.generic_supply);
                    h.generic_supply -= l;
                    areas[a.index()].generic[hk] += l;
                }
            }
        }
        // Testing stations, markers shuffled face down.
        let mut marks = t.testing_station_markers.clone();
        marks.shuffle(&mut rng);
        for (i, a) in b.testing_stations.iter().enumerate() {
            areas[a.index()].station = Some(marks[i]);
        }

        let mut leaders = vec![LeaderAt::NotInPlay; d.leaders.len()];
        for id in t
            .setup
            .harkonnen_leaders
            .iter()
            .chain(&t.setup.atreides_leaders)
        {
            leaders[usize::from(d.leader_id(id).expect("checked").0)] = LeaderAt::SetAside;
        }

        let w = t.wormsigns;
        let mut wormsign_pool = Vec::new();
        for (k, n) in [
            (Wormsign::Sand, w.sand),
            (Wormsign::Sandworm, w.sandworm),
            (Wormsign::Burrowing, w.burrowing_sandworm),
        ] {
            wormsign_pool.extend(std::iter::repeat_n(k, usize::from(n)));
        }
        wormsign_pool.shuffle(&mut rng);
        let mut deploy_pool = expand(
            &t.deployment_tokens.atreides_pool,
            t.deployment_tokens.atreides_starting.len(),
        );
        deploy_pool.shuffle(&mut rng);
        let mut prescience_deck: Vec<u8> = (0..t.prescience_cards.len() as u8).collect();
        prescience_deck.shuffle(&mut rng);
        let objective = rng.random_range(0..t.secret_objectives.len()) as u8;

        let start = t.spice_must_flow.start_row;
        let mut g = Arrakis {
            rules,
            rng,
            round: 0,
            phase: Phase::VehiclePlacement,
            prompt: super::prompt::Prompt::None,
            areas,
            zones: vec![None; b.air_zones.len()].into(),
            houses,
            leaders: leaders.into(),
            spent_leaders: 0,
            imperium: [start; 3].into(),
            bans: ByImperiumMarker::default(),
            spice_saved: 0,
            supremacy: 0,
            prescience: ByMarker::default(),
            objective,
            wormsign_pool: wormsign_pool.into(),
            deploy_pool: deploy_pool.into(),
            prescience_deck: prescience_deck.into(),
            revealed: Default::default(),
            claimed_this_round: 0,
            claimed_this_turn: false,
            worms_off: t.figures.sandworms,
            harvesters_destroyed: 0,
            settlements_destroyed: 0,
            stations_taken: 0,
            atomics_used: false,
            atomics_area: None,
            bought_supremacy: false,
            winner: None,
            max_rounds: options.max_rounds.filter(|n| *n > 0),
            loaded: Vec::new(),
            hazard_cursor: 0,
            expansions: ExpansionStates::new(&rules),
            effect: None,
            pinned: 0,
            forced_die: None,
            objective2: None,
            worms_surfaced: 0,
            tank_moves: ByFaction::default(),
            fear: None,
            ibad: None,
        };
        g.hook_game_set_up();
        for f in Faction::ALL {
            for k in 0..2 {
                for _ in 0..t.setup.starting_hand_per_deck {
                    g.draw(f, k, ev);
                }
            }
        }
        ev.push(Event::ObjectiveDealt {
            objective: g.objective,
        });
        g.start_round(ev);
        Ok(g)
    }
}
