//! Which bots sit at a ladder's next table, and in which seats.
//!
//! A ladder has no rounds: each game is chosen on its own, from the bots'
//! ratings and history at that moment. The aims, in order:
//!
//! 1. **Everyone plays.** The table is built around its *anchor*, the bot
//!    with the fewest games in flight, then the fewest games played: a new
//!    bot is anchored at once and keeps being anchored until it has caught
//!    up, and no bot waits while others play on.
//! 2. **Close ratings.** Around the anchor sit the bots whose rating
//!    (Weng-Lin mean) is nearest the table's: a game between bots of
//!    similar strength says the most about both.
//! 3. **Exploration.** Every `explore_every`-th game, and every game of a
//!    bot that has not yet had one game per other bot, ignores ratings and
//!    seats the anchor with those it has met least: a newcomer meets the
//!    whole field, and a field split into two strata still meets across.
//!    It is chosen by the game's number, not by chance, so a ladder's
//!    pairings follow from its folder.
//! 4. **Few repeats.** Each meeting more than the fewest the anchor has had
//!    with anyone costs as much as one rating step, and a rematch of the
//!    anchor's last game costs two more.
//! 5. **Balanced seats.** The table's seating is the one that gives each
//!    bot the seats it has played least (seat order matters: first player,
//!    the Imperium's rival).
//!
//! Ties go by the candidates' order shifted by the game number, so that
//! equal bots take turns.

/// One bot that could sit at the table, as the pairing sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Its rating mean in this game kind (Weng-Lin, 25 at the start).
    pub rating: f64,
    /// Games it has played in this kind.
    pub games: u32,
    /// Its games in flight now, of any kind.
    pub busy: u32,
    /// Games it has played in each seat of this kind.
    pub seat_games: Vec<u32>,
}

/// How often two bots have met in this kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Met {
    /// Games played together.
    pub count: u32,
    /// The number of the last of them.
    pub last: Option<u64>,
}

/// A rating difference of this much weighs as much as one repeated
/// meeting: a Weng-Lin "beta", the difference at which the better bot wins
/// about three games in four.
pub const RATING_STEP: f64 = 25.0 / 6.0;
/// What one more game in flight costs a candidate, in rating steps.
const BUSY: f64 = 3.0;
/// What a rematch of the anchor's last game costs, in rating steps.
const REMATCH: f64 = 2.0;
/// How much a meeting weighs when exploring: more than any rating gap.
const EXPLORE_REPEAT: f64 = 100.0;

/// The table of game number `game` with `seats` seats: indices into
/// `candidates` in seat order, or `None` when there are too few
/// candidates. `met(a, b)` tells how often candidates `a` and `b` met.
pub fn pick_table(
    candidates: &[Candidate],
    met: &dyn Fn(usize, usize) -> Met,
    seats: usize,
    game: u64,
    explore_every: u64,
) -> Option<Vec<usize>> {
    let count = candidates.len();
    if seats == 0 || count < seats {
        return None;
    }
    let turn = |i: usize| (i + (game % count as u64) as usize) % count;
    let anchor = (0..count).min_by_key(|&i| {
        let c = &candidates[i];
        (c.busy, c.games, turn(i))
    })?;
    let exploring = (explore_every > 0 && game.is_multiple_of(explore_every))
        || (candidates[anchor].games as usize) < count - 1;
    // The fewest meetings each candidate has had with any other, and the
    // anchor's last game.
    let fewest: Vec<u32> = (0..count)
        .map(|a| {
            (0..count)
                .filter(|&b| b != a)
                .map(|b| met(a, b).count)
                .min()
                .unwrap_or(0)
        })
        .collect();
    let anchor_last = (0..count).filter_map(|b| met(anchor, b).last).max();
    let mut table = vec![anchor];
    while table.len() < seats {
        let mean = table.iter().map(|&i| candidates[i].rating).sum::<f64>() / table.len() as f64;
        let cost = |c: usize| -> f64 {
            let candidate = &candidates[c];
            let repeats: f64 = table
                .iter()
                .map(|&s| f64::from(met(s, c).count.saturating_sub(fewest[s])))
                .sum();
            let rematch = anchor_last.is_some() && met(anchor, c).last == anchor_last;
            let busy = BUSY * f64::from(candidate.busy);
            if exploring {
                EXPLORE_REPEAT * repeats + busy + (candidate.rating - mean).abs() / RATING_STEP
            } else {
                (candidate.rating - mean).abs() / RATING_STEP
                    + repeats
                    + if rematch { REMATCH } else { 0.0 }
                    + busy
            }
        };
        let next = (0..count)
            .filter(|c| !table.contains(c))
            .min_by(|&a, &b| cost(a).total_cmp(&cost(b)).then(turn(a).cmp(&turn(b))))?;
        table.push(next);
    }
    Some(seat(&table, candidates, game))
}

/// The seating of `table` that gives its bots the seats they have played
/// least (the smallest sum of each bot's games in its seat); among equal
/// seatings, the game number picks.
fn seat(table: &[usize], candidates: &[Candidate], game: u64) -> Vec<usize> {
    let played = |entrant: usize, seat: usize| -> u64 {
        u64::from(
            candidates[entrant]
                .seat_games
                .get(seat)
                .copied()
                .unwrap_or(0),
        )
    };
    let seatings = permutations(table);
    let load = |seating: &Vec<usize>| -> u64 {
        seating
            .iter()
            .enumerate()
            .map(|(seat, &entrant)| played(entrant, seat))
            .sum()
    };
    let least = seatings.iter().map(load).min().unwrap_or(0);
    let best: Vec<&Vec<usize>> = seatings.iter().filter(|s| load(s) == least).collect();
    best[(game % best.len() as u64) as usize].clone()
}

/// Every order of `items`, in lexicographic order of positions.
fn permutations(items: &[usize]) -> Vec<Vec<usize>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let mut rest = items.to_vec();
        rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(rating: f64, games: u32) -> Candidate {
        Candidate {
            rating,
            games,
            busy: 0,
            seat_games: vec![games / 2, games - games / 2],
        }
    }

    /// Everyone has met everyone `count` times, last in game 1.
    fn even(count: u32) -> impl Fn(usize, usize) -> Met {
        move |_, _| Met {
            count,
            last: Some(1),
        }
    }

    #[test]
    fn the_anchor_meets_the_closest_rating() {
        // Bot 1 has played least; its closest rating is bot 3's.
        let field = [
            candidate(15.0, 20),
            candidate(25.0, 18),
            candidate(40.0, 20),
            candidate(27.0, 20),
        ];
        let table = pick_table(&field, &even(6), 2, 7, 0).unwrap();
        let mut sorted = table.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![1, 3]);
        // Three a table: the next closest to the table's mean joins.
        let table = pick_table(&field, &even(6), 3, 7, 0).unwrap();
        let mut sorted = table.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![0, 1, 3]);
        assert!(pick_table(&field[..1], &even(6), 2, 7, 0).is_none());
    }

    #[test]
    fn exploration_and_newcomers_meet_those_met_least() {
        let field = [
            candidate(10.0, 20),
            candidate(25.0, 18),
            candidate(40.0, 20),
            candidate(27.0, 20),
        ];
        // Bot 1 has met bot 3 often, bot 2 never.
        let met = |a: usize, b: usize| {
            let pair = (a.min(b), a.max(b));
            Met {
                count: match pair {
                    (1, 3) => 9,
                    (1, 2) => 0,
                    _ => 3,
                },
                last: Some(1),
            }
        };
        let table = pick_table(&field, &met, 2, 10, 5).unwrap();
        assert!(table.contains(&1) && table.contains(&2), "{table:?}");
        // Not an exploring game: nine meetings outweigh a gap of 15.
        let table = pick_table(&field, &met, 2, 11, 5).unwrap();
        assert!(table.contains(&1) && table.contains(&2), "{table:?}");
        // A newcomer is the anchor and meets the one it has not met.
        let mut field = field.to_vec();
        field.push(candidate(25.0, 1));
        let met_newcomer = |a: usize, b: usize| Met {
            count: u32::from(a.max(b) == 4 && a.min(b) == 3),
            last: None,
        };
        let table = pick_table(&field, &met_newcomer, 2, 11, 0).unwrap();
        assert!(table.contains(&4) && !table.contains(&3), "{table:?}");
    }

    #[test]
    fn a_rematch_of_the_last_game_and_busy_bots_are_avoided() {
        let field = [
            candidate(25.0, 20),
            candidate(25.0, 18),
            candidate(25.0, 20),
        ];
        let met = |a: usize, b: usize| Met {
            count: 5,
            last: Some(if a.min(b) == 0 && a.max(b) == 1 { 9 } else { 3 }),
        };
        for game in 20..30 {
            let table = pick_table(&field, &met, 2, game, 0).unwrap();
            assert!(table.contains(&1) && table.contains(&2), "{table:?}");
        }
        let mut busy = field.to_vec();
        busy[2].busy = 1;
        let table = pick_table(&busy, &even(5), 2, 21, 0).unwrap();
        assert!(table.contains(&1) && table.contains(&0), "{table:?}");
    }

    #[test]
    fn seats_go_to_those_who_played_them_least() {
        let mut field = vec![candidate(25.0, 20), candidate(25.0, 20)];
        field[0].seat_games = vec![12, 8];
        field[1].seat_games = vec![8, 12];
        for game in 0..4 {
            assert_eq!(seat(&[0, 1], &field, game), vec![1, 0]);
        }
        // Equal: the game number alternates them.
        field[0].seat_games = vec![10, 10];
        field[1].seat_games = vec![10, 10];
        assert_ne!(seat(&[0, 1], &field, 0), seat(&[0, 1], &field, 1));
        assert_eq!(permutations(&[1, 2, 3]).len(), 6);
    }
}
