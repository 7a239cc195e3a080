//! The Desert War expansion (rule IDs `DW-...`), a file per concept.
//! This module holds the helpers the concept files share.
#![allow(dead_code)]
use super::common::*;
use melange::rules::arrakis::data::data;
use melange::rules::arrakis::expansions::desert_war::{DwEvent, TrooperRemoval, Troopers};
use melange::rules::arrakis::{
    Action, Arrakis, ArrakisOptions, DieResult, Event, Prompt, UnitKind, Worm,
};
use melange::rules::core::Ruleset;

mod atreides_games;
pub(crate) mod atreides_kit;
mod box_specials;
mod camps;
mod escort_hits;
mod escorts;
mod harkonnen;
mod harkonnen_games;
pub(crate) mod playout;
mod rockets;
mod round_end;
mod sandrider_retreat;
mod sandriders;
mod setup;
mod suspensors;
mod troopers;
mod view;

/// Combat die faces (data): 0-2 Hit, 3-4 Shield, 5 Special.
const HIT: u8 = 0;

/// A game with the expansion (options `opts` must set it), board cleared.
fn game_with(opts: ArrakisOptions) -> Arrakis {
    let mut g = Arrakis::setup(&opts, 7).unwrap();
    g.edit(|s| s.clear_board()).unwrap();
    g
}

/// A Desert War game with the board cleared.
fn game() -> Arrakis {
    game_with(ArrakisOptions {
        desert_war: true,
        ..Default::default()
    })
}

fn sus(n: u8) -> Troopers {
    Troopers {
        suspensors: n,
        ..Default::default()
    }
}

fn rockets(n: u8) -> Troopers {
    Troopers {
        rockets: n,
        ..Default::default()
    }
}

/// Hazards after a Harkonnen Mentat turn that ends Action Resolution.
fn to_desert_hazards(g: &mut Arrakis) -> Vec<Event> {
    g.edit(|s| s.turn(H, &[DieResult::Mentat], 0)).unwrap();
    let deck = melange::rules::arrakis::Deck::HouseHarkonnen;
    play(
        g,
        H,
        &[
            Action::SpendDie(DieResult::Mentat),
            Action::Mentat(deck, deck),
        ],
    )
}

/// A Desert War game, board cleared, `f` to act with a Strategy and a
/// Deployment die and `hand` in hand.
fn card_game(f: melange::rules::arrakis::Faction, hand: &[&str]) -> Arrakis {
    let mut g = game();
    g.edit(|s| s.turn(f, &[DieResult::Strategy, DieResult::Deployment], 2))
        .unwrap();
    let cards: Vec<_> = hand.iter().map(|c| card(c)).collect();
    g.edit(|s| {
        s.hand(f, &cards);
        s.hand(f.other(), &[]);
    })
    .unwrap();
    g
}

/// Plays card `c` of `f` with the Strategy die.
fn play_card(g: &mut Arrakis, f: melange::rules::arrakis::Faction, c: &str) -> Vec<Event> {
    play(g, f, &[Action::PlayCard(card(c), DieResult::Strategy)])
}
