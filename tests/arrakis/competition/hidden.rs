//! MC-SIM-08 with MC-SIM-03: every piece of War for Arrakis's register of
//! hidden state (`melange-rules/src/arrakis/hidden.rs`), checked over random games
//! of the core game and of each expansion alone and together. Samples
//! drawn for a seat that cannot see a piece must vary with the sampling
//! seed and predict the truth no better than chance; every piece of the
//! register must be seen hidden somewhere, so none goes unchecked.
use melange::rules::arrakis::expansions::ExpansionPrompt;
use melange::rules::arrakis::expansions::smugglers::SmPrompt;
use melange::rules::arrakis::{Action, Arrakis, ArrakisOptions, Deck, Faction, HIDDEN, Prompt};
use melange::rules::core::hidden::{PieceReport, leak_report};
use melange::rules::core::{GameRng, RngStream, Ruleset, Seat};

use super::{chooser, random_game};

/// How many samples are drawn per position and seat.
const SAMPLES: u64 = 24;

fn options(desert_war: bool, smugglers: bool) -> ArrakisOptions {
    ArrakisOptions {
        desert_war,
        smugglers,
        ..ArrakisOptions::default()
    }
}

/// Positions of random games: one every 37 steps, and every position where
/// a rarer piece is hidden (a drawn deployment token, the Smugglers die's
/// Mentat draw), a few per game.
fn positions(desert_war: bool, smugglers: bool, games: u64) -> Vec<Arrakis> {
    let mut out = Vec::new();
    for seed in 0..games {
        let mut g = Arrakis::setup(&options(desert_war, smugglers), 500 + seed).expect("setup");
        let mut step = 0usize;
        let mut rare = 0;
        random_game(&mut g, &mut chooser(seed), 4000, |g, _| {
            step += 1;
            let drawn = matches!(g.prompt(), Prompt::AtreidesDeploy { placed: None, .. });
            let mentat = g.smugglers().is_some_and(|s| !s.mentat_drawn.is_empty());
            if (drawn || mentat) && rare < 4 {
                rare += 1;
                out.push(g.clone());
            } else if step.is_multiple_of(37) {
                out.push(g.clone());
            }
        });
    }
    out
}

/// A Smugglers game at the die's Mentat prompt (SM-DIE-15): the top two
/// cards of the House Atreides deck just drawn into the hand.
fn at_mentat_keep(seed: u64) -> Arrakis {
    let mut g = Arrakis::setup(&options(false, true), seed).expect("setup");
    let k = Deck::of(Faction::Atreides)[0].index() % 2;
    g.edit(|s| {
        let house = &mut s.houses[Faction::Atreides];
        let drawn = vec![
            house.decks[k].pop().expect("a card"),
            house.decks[k].pop().expect("a card"),
        ];
        house.hand.extend(drawn.iter().copied());
        s.expansions
            .smugglers
            .as_deref_mut()
            .expect("smugglers")
            .mentat_drawn = drawn;
        s.prompt = Prompt::Expansion(ExpansionPrompt::Smugglers(SmPrompt::MentatKeep));
    })
    .unwrap();
    g
}

fn sample(g: &Arrakis, seat: Seat, k: u64) -> Arrakis {
    let mut rng: GameRng = RngStream::Sample(k as u8).rng(0x5eed);
    g.determinize(seat, &mut rng)
}

fn check(positions: &[Arrakis]) -> Vec<PieceReport> {
    let reports = leak_report(&HIDDEN, positions, 2, SAMPLES, sample);
    let problems: Vec<String> = reports.iter().filter_map(PieceReport::problem).collect();
    assert!(problems.is_empty(), "MC-SIM-08:\n{}", problems.join("\n"));
    reports
}

/// MC-SIM-08: every piece, every seat that cannot see it, over games of
/// every expansion; and every piece of the register was checked somewhere.
#[test]
fn no_sample_predicts_a_hidden_piece_better_than_chance() {
    let mut all = Vec::new();
    for (desert_war, smugglers) in [(false, false), (true, false), (false, true), (true, true)] {
        all.extend(positions(desert_war, smugglers, 6));
    }
    all.extend((0..8).map(at_mentat_keep));
    let reports = check(&all);
    for piece in HIDDEN.iter() {
        assert!(
            reports.iter().any(|r| r.name == piece.name && r.open > 0),
            "MC-SIM-08: {} was never hidden with more than one value possible: \
             the test does not check it",
            piece.name
        );
    }
}

/// MC-SIM-03 (P13 finding 1): the Atreides know what is left in their
/// deployment pool, never the order it is drawn in; their own samples
/// must not keep the real order, or Simulate and the search bot would
/// know the next token.
#[test]
fn the_atreides_samples_do_not_know_their_next_deployment_token() {
    let games: Vec<Arrakis> = (0..12)
        .map(|seed| Arrakis::setup(&options(false, false), seed).expect("setup"))
        .collect();
    let reports = check(&games);
    let pool = reports
        .iter()
        .find(|r| r.name == "deployment_pool" && r.seat == 1)
        .expect("the pool is hidden from the Atreides");
    assert_eq!(pool.varied, pool.open, "{pool:?}");
    assert!(pool.hits * 2 < pool.trials, "{pool:?}");
}

/// SM-DIE-15 with MC-SIM-03 (P13 finding 2): the cards the Smugglers
/// die's Mentat result just drew are as hidden from the Harkonnen as the
/// rest of the Atreides hand: in the Harkonnen's samples they are redrawn,
/// they are cards of the sampled hand, and discarding a real one is legal
/// only in the samples that drew it.
#[test]
fn the_harkonnen_samples_redraw_the_mentat_draw() {
    let g = at_mentat_keep(3);
    let real = g.smugglers().unwrap().mentat_drawn.clone();
    let mut legal_real = 0;
    for k in 0..SAMPLES {
        let s = sample(&g, Seat(0), k);
        let drawn = &s.smugglers().unwrap().mentat_drawn;
        assert_eq!(drawn.len(), real.len());
        for c in drawn {
            assert!(s.house(Faction::Atreides).hand.contains(c), "{c:?} in hand");
        }
        let mut legal = Vec::new();
        s.legal_actions(Seat(1), &mut legal);
        if legal.contains(&Action::Discard(real[0])) {
            legal_real += 1;
        }
    }
    assert!(
        legal_real < SAMPLES / 2,
        "the real card is discardable in {legal_real} of {SAMPLES} samples"
    );
    // The Atreides see their own draw: their samples keep it.
    let own = sample(&g, Seat(1), 0);
    assert_eq!(own.smugglers().unwrap().mentat_drawn, real);
}
