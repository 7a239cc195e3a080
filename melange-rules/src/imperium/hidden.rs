//! Dune: Imperium's register of hidden state (MC-SIM-08), beside its
//! sampler (`determinize.rs`): every piece of the game some seat cannot
//! see, who cannot see it, and what a seat would most like to predict of
//! it. A sample drawn for a seat redraws every piece listed here as hidden
//! from that seat (MC-SIM-02); `tests/imperium/competition/hidden.rs`
//! checks each piece over random games of every player count, and the test
//! below names every field of the state as public or as a piece of this
//! register, so a new field cannot be added without that decision.
//!
//! Per-participant pieces are listed for the four places at the table;
//! House Hagal's rivals sit after the people (rivals are never seats).
//! Each is a function of the place's number, `P`, a `u8` because a const
//! parameter cannot be a [`Seat`]; it becomes `Seat(P)` where it is used.
use rand::Rng;

use crate::core::Seat;
use crate::core::hidden::{HiddenPiece, Reading};

use super::effect::Bespoke;
use super::prompt::Prompt;
use super::state::Imperium;

/// Every hidden piece of Dune: Imperium with House Hagal.
pub const HIDDEN: &[HiddenPiece<Imperium>] = &[
    hand::<0>("hand_0"),
    hand::<1>("hand_1"),
    hand::<2>("hand_2"),
    hand::<3>("hand_3"),
    deck::<0>("deck_0"),
    deck::<1>("deck_1"),
    deck::<2>("deck_2"),
    deck::<3>("deck_3"),
    intrigue::<0>("intrigue_0"),
    intrigue::<1>("intrigue_1"),
    intrigue::<2>("intrigue_2"),
    intrigue::<3>("intrigue_3"),
    secret_factions::<0>("secret_factions_0"),
    secret_factions::<1>("secret_factions_1"),
    secret_factions::<2>("secret_factions_2"),
    secret_factions::<3>("secret_factions_3"),
    HiddenPiece {
        name: "intrigue_deck",
        hidden_from: everyone,
        read: |g| Reading::top_of(&ids(g.intrigue_deck.iter().map(|c| c.0))),
    },
    HiddenPiece {
        name: "imperium_deck",
        hidden_from: everyone,
        read: |g| Reading::top_of(&ids(g.imperium_deck.iter().map(|c| c.0))),
    },
    HiddenPiece {
        name: "conflict_deck",
        hidden_from: everyone,
        read: |g| Reading::top_of(&ids(g.conflict_deck.iter().map(|c| c.0))),
    },
    HiddenPiece {
        name: "house_hagal_deck",
        hidden_from: everyone,
        read: |g| Reading::top_of(&ids(g.rivals.as_deref()?.deck.iter().map(|c| c.0))),
    },
    HiddenPiece {
        name: "game_generator",
        hidden_from: everyone,
        read: |g| Some(Reading::new(g.rng.clone().random(), true)),
    },
    HiddenPiece {
        name: "rivals_generator",
        hidden_from: everyone,
        read: |g| {
            let r = g.rivals.as_deref()?;
            Some(Reading::new(r.rng.clone().random(), true))
        },
    },
];

fn everyone(_: &Imperium, _: Seat) -> bool {
    true
}

fn ids(v: impl Iterator<Item = u8>) -> Vec<u64> {
    v.map(u64::from).collect()
}

/// Participant `P`'s hand, hidden from every other seat; another hand was
/// possible when its deck holds cards.
const fn hand<const P: u8>(name: &'static str) -> HiddenPiece<Imperium> {
    HiddenPiece {
        name,
        hidden_from: |_, s| s != Seat(P),
        read: |g| {
            let p = g.players.get(usize::from(P))?;
            Reading::multiset_of(&ids(p.hand.iter().map(|c| c.0)), !p.deck.is_empty())
        },
    }
}

/// Participant `P`'s deck order, hidden from everyone but its top card
/// from its owner while the owner looks at it (Paul's Prescience, Poison
/// Snooper).
const fn deck<const P: u8>(name: &'static str) -> HiddenPiece<Imperium> {
    HiddenPiece {
        name,
        hidden_from: |g, s| {
            let sees_top = s == Seat(P)
                && !g.is_rival(s)
                && (g.leader_ability(s) == Some(Bespoke::Prescience)
                    || matches!(g.prompt, Some(Prompt::PoisonSnooper { seat, .. }) if seat == s));
            !sees_top
        },
        read: |g| {
            Reading::top_of(&ids(g
                .players
                .get(usize::from(P))?
                .deck
                .iter()
                .map(|c| c.0)))
        },
    }
}

/// Participant `P`'s Intrigue cards, hidden from every other seat.
const fn intrigue<const P: u8>(name: &'static str) -> HiddenPiece<Imperium> {
    HiddenPiece {
        name,
        hidden_from: |_, s| s != Seat(P),
        read: |g| {
            let p = g.players.get(usize::from(P))?;
            Reading::multiset_of(
                &ids(p.intrigue.iter().map(|c| c.0)),
                !g.intrigue_deck.is_empty(),
            )
        },
    }
}

/// Participant `P`'s secret factions (the Baron), hidden from every other
/// seat until Masterstroke shows them.
const fn secret_factions<const P: u8>(name: &'static str) -> HiddenPiece<Imperium> {
    HiddenPiece {
        name,
        hidden_from: |g, s| {
            s != Seat(P)
                && g.players
                    .get(usize::from(P))
                    .is_some_and(|p| !p.masterstroke_used)
        },
        read: |g| {
            let p = g.players.get(usize::from(P))?;
            (p.secret_factions != 0).then(|| Reading::new(u64::from(p.secret_factions), true))
        },
    }
}

#[cfg(test)]
mod tests {
    use super::super::hagal::Rivals;
    use super::super::state::{Imperium, Player};

    /// MC-SIM-08: every field of the state, each named public or a piece
    /// of [`super::HIDDEN`]. The destructurings have no `..`: a new field
    /// stops this test from compiling until it is classified here (and, if
    /// hidden, registered, redrawn by the sampler and so checked by the
    /// register's test).
    #[allow(dead_code)]
    fn classify(g: &Imperium, p: &Player, r: &Rivals) {
        let Imperium {
            rules: _,
            rng: _,     // hidden: game_generator
            players: _, // per participant, below
            round: _,
            first: _,
            phase: _,
            conflict_deck: _, // hidden: conflict_deck
            conflict: _,
            imperium_deck: _, // hidden: imperium_deck
            row: _,
            reserve: _,
            trash: _,
            intrigue_deck: _, // hidden: intrigue_deck
            intrigue_discard: _,
            occupant: _,
            bonus_spice: _,
            control: _,
            voice: _,
            alliance: _,
            mentat: _,
            mentat_next: _,
            turn: _,
            combat_passes: _,
            combat_seat: _,
            reveal_counter: _,
            reveal_boxes: _,
            stack: _,
            prompt: _, // public; a Poison Snooper's card is deck_N's top
            rivals: _, // below
            max_rounds: _,
            conflicts_seen: _,
            early_end: _,
        } = g;
        let Player {
            leader: _,
            solari: _,
            spice: _,
            water: _,
            supply: _,
            garrison: _,
            conflict: _,
            swords: _,
            persuasion: _,
            vp: _,
            influence: _,
            bonus_paid: _,
            agents: _,
            agents_out: _,
            swordmaster: _,
            high_council: _,
            deck: _, // hidden: deck_0 deck_1 deck_2 deck_3
            hand: _, // hidden: hand_0 hand_1 hand_2 hand_3
            played: _,
            revealed: _,
            discard: _,
            intrigue: _, // hidden: intrigue_0 intrigue_1 intrigue_2 intrigue_3
            has_revealed: _,
            strength_lost: _,
            reveal_seq: _,
            secret_factions: _, // hidden: secret_factions_0 secret_factions_1 secret_factions_2 secret_factions_3
            masterstroke_used: _,
            set_aside: _,
        } = p;
        let Rivals {
            mode: _,
            humans: _,
            deck: _, // hidden: house_hagal_deck
            revealed: _,
            last: _,
            rng: _, // hidden: rivals_generator
        } = r;
    }

    /// Every name the classification above gives as hidden is a piece of
    /// the register.
    #[test]
    fn the_register_names_every_hidden_field() {
        let names: Vec<&str> = super::HIDDEN.iter().map(|p| p.name).collect();
        for line in include_str!("hidden.rs").lines() {
            let Some((_, said)) = line.split_once("// hidden: ") else {
                continue;
            };
            for name in said.split(' ').filter(|w| w.contains('_')) {
                assert!(names.contains(&name), "{name} is not in the register");
            }
        }
    }
}
