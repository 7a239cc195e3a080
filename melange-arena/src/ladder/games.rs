//! The kinds of game a ladder plays, and whose turn each game is.
use melange::pb;

/// One kind of game of the ladder, with its options.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSpec {
    /// Its name in the files (`war-for-arrakis`, `imperium`; see
    /// [`canonical_name`]): ratings, the games log and the leaderboard are
    /// kept under it.
    pub name: String,
    /// The `GameKind` number.
    pub kind: i32,
    /// Every game's options (player count, expansions, `max_rounds`,
    /// clocks, preset).
    pub options: pb::GameOptions,
    /// Seats a game.
    pub seats: usize,
    /// Its share of the games: with weights 2 and 1, two games of the first
    /// kind for each of the second.
    pub weight: u32,
    /// Words for the leaderboard's heading.
    pub title: String,
}

/// The name a ladder keeps a kind under: the canonical name of a kind a
/// person may name in any spelling (`war_for_arrakis` and `arrakis` are
/// `war-for-arrakis`), else the name as given (a `GameKind` number).
pub fn canonical_name(name: &str) -> String {
    match melange::api::game_kind(name) {
        Ok(kind) if name.parse::<i32>().is_err() => melange::api::game_kind_name(kind),
        _ => name.to_owned(),
    }
}

/// The kinds in the order game number `game` tries them: first the kind
/// whose turn it is (the kinds take turns in proportion to their weights,
/// spread over each cycle by a smooth weighted round robin, so weights 2
/// and 1 give A, B, A rather than A, A, B), then the others in their
/// order, for when the first cannot seat a table (too few bots for four
/// players).
pub fn turn_order(specs: &[GameSpec], game: u64) -> Vec<usize> {
    let total: u64 = specs.iter().map(|spec| u64::from(spec.weight)).sum();
    if total == 0 {
        return Vec::new();
    }
    let mut current = vec![0i64; specs.len()];
    let mut first = 0;
    for _ in 0..=game % total {
        for (credit, spec) in current.iter_mut().zip(specs) {
            *credit += i64::from(spec.weight);
        }
        first = (0..specs.len())
            .max_by_key(|&i| (current[i], std::cmp::Reverse(i)))
            .unwrap_or(0);
        current[first] -= total as i64;
    }
    let mut order = vec![first];
    order.extend((0..specs.len()).filter(|&i| i != first && specs[i].weight > 0));
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(name: &str, weight: u32) -> GameSpec {
        GameSpec {
            name: name.into(),
            kind: 0,
            options: Default::default(),
            seats: 2,
            weight,
            title: name.into(),
        }
    }

    #[test]
    fn kinds_take_turns_by_weight() {
        let specs = [spec("a", 2), spec("b", 1)];
        let firsts: Vec<usize> = (0..6).map(|g| turn_order(&specs, g)[0]).collect();
        assert_eq!(firsts, vec![0, 1, 0, 0, 1, 0]);
        assert_eq!(turn_order(&specs, 1), vec![1, 0]);
        let specs = [spec("a", 1), spec("b", 1)];
        let firsts: Vec<usize> = (0..4).map(|g| turn_order(&specs, g)[0]).collect();
        assert_eq!(firsts, vec![0, 1, 0, 1]);
        assert!(turn_order(&[spec("a", 0)], 3).is_empty());
    }

    #[test]
    fn every_spelling_of_a_kind_is_kept_under_one_name() {
        for name in [
            "war-for-arrakis",
            "war_for_arrakis",
            "arrakis",
            "War_For_Arrakis",
        ] {
            assert_eq!(canonical_name(name), "war-for-arrakis", "{name}");
        }
        assert_eq!(canonical_name("imperium"), "imperium");
        // A number is kept as given: it was never spelled otherwise.
        assert_eq!(canonical_name("1"), "1");
        assert_eq!(canonical_name("chess"), "chess");
    }
}
