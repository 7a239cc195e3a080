//! War for Arrakis's register of hidden state (MC-SIM-08), beside its
//! sampler (`determinize.rs`): every piece of the game some seat cannot
//! see, who cannot see it, and what a seat would most like to predict of
//! it. A sample drawn for a seat redraws every piece listed here as hidden
//! from that seat (MC-SIM-03); `tests/arrakis/competition/hidden.rs`
//! checks each piece over random games of every expansion, and the test
//! below names every field of the state as public or as a piece of this
//! register, so a new field cannot be added without that decision.
use std::sync::LazyLock;

use rand::Rng;

use crate::core::Seat;
use crate::core::hidden::{HiddenPiece, Reading};

use super::ids::Faction;
use super::prompt::Prompt;
use super::state::Arrakis;

/// Every hidden piece of War for Arrakis and of its expansions: the core
/// game's below, then each expansion's, which it lists in its own folder
/// (`expansions/*/hidden.rs`) and the hook list gathers.
pub static HIDDEN: LazyLock<Vec<HiddenPiece<Arrakis>>> = LazyLock::new(|| {
    CORE.iter()
        .chain(super::expansions::hooks::hidden_pieces())
        .copied()
        .collect()
});

/// The hidden pieces of the core game.
const CORE: &[HiddenPiece<Arrakis>] = &[
    HiddenPiece {
        name: "harkonnen_hand",
        hidden_from: not_harkonnen,
        read: |g| hand(g, Faction::Harkonnen),
    },
    HiddenPiece {
        name: "atreides_hand",
        hidden_from: not_atreides,
        read: |g| hand(g, Faction::Atreides),
    },
    deck::<0, 0>("harkonnen_house_deck"),
    deck::<0, 1>("corrino_ally_deck"),
    deck::<1, 0>("atreides_house_deck"),
    deck::<1, 1>("fremen_ally_deck"),
    HiddenPiece {
        name: "deployment_pool",
        hidden_from: everyone,
        read: |g| Reading::top_of(&to_u64(&g.deploy_pool)),
    },
    HiddenPiece {
        name: "deployment_tokens_on_board",
        hidden_from: not_atreides,
        read: |g| {
            let v: Vec<u64> = g
                .areas
                .iter()
                .enumerate()
                .flat_map(|(i, a)| {
                    a.tokens
                        .iter()
                        .map(move |t| ((i as u64) << 8) | u64::from(*t))
                })
                .collect();
            Reading::sequence_of(&v, distinct(&all_tokens(g)) > 1)
        },
    },
    HiddenPiece {
        name: "drawn_deployment_token",
        hidden_from: not_atreides,
        read: |g| match g.prompt {
            Prompt::AtreidesDeploy {
                token,
                placed: None,
            } => Some(Reading::new(u64::from(token), distinct(&all_tokens(g)) > 1)),
            _ => None,
        },
    },
    HiddenPiece {
        name: "face_down_sietch_ranks",
        hidden_from: not_atreides,
        read: |g| {
            let v: Vec<u64> = g
                .areas
                .iter()
                .filter_map(|a| a.sietch.filter(|s| !s.revealed).map(|s| u64::from(s.rank)))
                .collect();
            Reading::sequence_of(&v, distinct(&v) > 1)
        },
    },
    HiddenPiece {
        name: "secret_objectives",
        hidden_from: not_atreides,
        read: |g| {
            let second = g.objective2.map_or(0, |o| u64::from(o) + 1);
            Some(Reading::new(
                (u64::from(g.objective) << 8) | second,
                g.d().tables.secret_objectives.len() > 1,
            ))
        },
    },
    HiddenPiece {
        name: "wormsign_tokens_on_board",
        hidden_from: everyone,
        read: |g| {
            let v: Vec<u64> = g
                .areas
                .iter()
                .filter_map(|a| a.wormsign.map(|w| w as u64))
                .collect();
            let mut all = v.clone();
            all.extend(g.wormsign_pool.iter().map(|w| *w as u64));
            Reading::sequence_of(&v, distinct(&all) > 1)
        },
    },
    HiddenPiece {
        name: "wormsign_pool",
        hidden_from: everyone,
        // Tokens are drawn from anywhere in the pool (AR-HAZ-06, AR-DP-06),
        // so its order tells nothing: what is hidden is which tokens are
        // in it rather than face down on the board.
        read: |g| {
            let v: Vec<u64> = g.wormsign_pool.iter().map(|w| *w as u64).collect();
            let mut all = v.clone();
            all.extend(g.areas.iter().filter_map(|a| a.wormsign.map(|w| w as u64)));
            let on_board = all.len() > v.len();
            Reading::multiset_of(&v, on_board && distinct(&all) > 1)
        },
    },
    HiddenPiece {
        name: "testing_station_markers",
        hidden_from: everyone,
        read: |g| {
            let v: Vec<u64> = g
                .areas
                .iter()
                .filter_map(|a| a.station.map(|m| m as u64))
                .collect();
            Reading::sequence_of(&v, distinct(&v) > 1)
        },
    },
    HiddenPiece {
        name: "prescience_deck",
        hidden_from: everyone,
        read: |g| Reading::top_of(&to_u64(&g.prescience_deck)),
    },
    HiddenPiece {
        name: "game_generator",
        hidden_from: everyone,
        read: |g| Some(Reading::new(g.rng.clone().random(), true)),
    },
];

fn everyone(_: &Arrakis, _: Seat) -> bool {
    true
}

fn not_harkonnen(_: &Arrakis, s: Seat) -> bool {
    s.0 != 0
}

pub(crate) fn not_atreides(_: &Arrakis, s: Seat) -> bool {
    s.0 != 1
}

/// `f`'s hand as a multiset; another hand was possible when its decks hold
/// cards.
fn hand(g: &Arrakis, f: Faction) -> Option<Reading> {
    let h = g.house(f);
    let v: Vec<u64> = h.hand.iter().map(|c| u64::from(c.0)).collect();
    Reading::multiset_of(&v, h.decks.iter().any(|d| !d.is_empty()))
}

/// Deck `K` of the house of seat `F`: its order is hidden from everyone,
/// but its top from its owner while the owner reorders its top cards
/// (AR-OPT-02). What a seat would predict is the next card.
const fn deck<const F: usize, const K: u8>(name: &'static str) -> HiddenPiece<Arrakis> {
    HiddenPiece {
        name,
        hidden_from: |g, s| {
            let f = Faction::ALL[F];
            let reordering = matches!(g.prompt, Prompt::Foresee(o, k) if o == f && k == K);
            !(reordering && s.index() == F)
        },
        read: |g| {
            let deck = &g.house(Faction::ALL[F]).decks[usize::from(K)];
            Reading::top_of(&deck.iter().map(|c| u64::from(c.0)).collect::<Vec<_>>())
        },
    }
}

/// Every Atreides deployment token the Harkonnen cannot see: on the board,
/// drawn and in the pool.
fn all_tokens(g: &Arrakis) -> Vec<u64> {
    let mut v: Vec<u64> = g
        .areas
        .iter()
        .flat_map(|a| a.tokens.iter().map(|t| u64::from(*t)))
        .collect();
    if let Prompt::AtreidesDeploy { token, .. } = g.prompt {
        v.push(u64::from(token));
    }
    v.extend(to_u64(&g.deploy_pool));
    v
}

fn to_u64(v: &[u8]) -> Vec<u64> {
    v.iter().map(|x| u64::from(*x)).collect()
}

pub(crate) fn distinct(v: &[u64]) -> usize {
    let mut v = v.to_vec();
    v.sort_unstable();
    v.dedup();
    v.len()
}

/// Every name `source` (a `hidden.rs`) gives as hidden in a `// hidden: `
/// comment is a piece of the register; shared with the expansions'
/// `hidden.rs`, which classify their own state.
#[cfg(test)]
pub(crate) fn assert_registered(source: &str) {
    let names: Vec<&str> = HIDDEN.iter().map(|p| p.name).collect();
    for line in source.lines() {
        let Some((_, said)) = line.split_once("// hidden: ") else {
            continue;
        };
        for name in said.split([',', ' ']).filter(|w| w.contains('_')) {
            if name.starts_with('*') {
                continue;
            }
            assert!(names.contains(&name), "{name} is not in the register");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::{AreaState, Arrakis, House};

    /// MC-SIM-08: every field of the state, each named public or a piece
    /// of [`super::HIDDEN`]. The destructurings have no `..`: a new field
    /// stops this test from compiling until it is classified here (and, if
    /// hidden, registered, redrawn by the sampler and so checked by the
    /// register's test).
    #[allow(dead_code, clippy::too_many_lines)]
    fn classify(g: &Arrakis, h: &House, a: &AreaState) {
        let Arrakis {
            rules: _,
            rng: _, // hidden: game_generator
            round: _,
            phase: _,
            prompt: _, // hidden: drawn_deployment_token (the rest is public)
            areas: _,  // per area, below
            zones: _,
            houses: _, // per house, below
            leaders: _,
            spent_leaders: _,
            imperium: _,
            bans: _,
            spice_saved: _,
            supremacy: _,
            prescience: _,
            objective: _,       // hidden: secret_objectives
            wormsign_pool: _,   // hidden: wormsign_pool
            deploy_pool: _,     // hidden: deployment_pool
            prescience_deck: _, // hidden: prescience_deck
            revealed: _,
            claimed_this_round: _,
            claimed_this_turn: _,
            worms_off: _,
            harvesters_destroyed: _,
            settlements_destroyed: _,
            stations_taken: _,
            atomics_used: _,
            atomics_area: _,
            bought_supremacy: _,
            winner: _,
            max_rounds: _,
            expansions: _, // expansions/*/hidden.rs
            effect: _,     // the card being resolved, public
            hazard_cursor: _,
            loaded: _, // test hook, empty outside tests
            pinned: _,
            forced_die: _,
            objective2: _, // hidden: secret_objectives
            fear: _,
            ibad: _,
            worms_surfaced: _,
            tank_moves: _,
        } = g;
        let House {
            hand: _,  // hidden: harkonnen_hand, atreides_hand
            decks: _, // hidden: the four *_deck pieces
            discard: _,
            dice: _,
            excess: _,
            supply: _,
            generic_supply: _,
            bene_gesserit: _,
            bene_gesserit_placed: _,
        } = h;
        let AreaState {
            units: _,
            generic: _,
            named: _,
            tokens: _, // hidden: deployment_tokens_on_board
            sietch: _, // hidden: face_down_sietch_ranks (while face down)
            settlement: _,
            station: _,  // hidden: testing_station_markers
            wormsign: _, // hidden: wormsign_tokens_on_board
            worm: _,
            harvester: _,
            expansions: _, // expansions/*/hidden.rs
        } = a;
    }

    /// Every name the classification above gives as hidden is a piece of
    /// the register.
    #[test]
    fn the_register_names_every_hidden_field() {
        super::assert_registered(include_str!("hidden.rs"));
    }
}
