//! Which games a tournament plays: tables of entrants, seat rotations and
//! mirrored seeds, for a round robin or one Swiss round at a time.
//!
//! Every table plays each of its seeds once per rotation of its seats, so
//! every entrant of a table plays every seat once on the same deal: luck of
//! the seed and of the seat cancels out within the table.

/// How the entrants meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every table of `seats` entrants that can be formed plays once.
    RoundRobin,
    /// This many rounds; each round seats entrants of similar points
    /// together (and, two a table, avoids rematches where it can).
    Swiss {
        /// How many rounds.
        rounds: u32,
    },
}

/// One game of the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// Its place in the tournament, from 0; results and replays are kept in
    /// this order whatever order the games finish in.
    pub index: usize,
    /// The round, from 1 (a round robin has one).
    pub round: u32,
    /// The table within its round, from 0.
    pub table: usize,
    /// The match seed, shared by every rotation of the table.
    pub seed: u64,
    /// Which rotation of the table this is, from 0.
    pub rotation: usize,
    /// The entrant (index into the entrant list) playing each seat.
    pub seats: Vec<usize>,
}

/// The `k`-th match seed of `round` of a tournament seeded with `seed`.
/// Every table of a round plays the same seeds (duplicate style).
///
/// One-way (the first 8 bytes of a SHA-256 of the three numbers): a match
/// seed becomes public with its game's replay, and an invertible mix (as
/// this was once) would give the tournament seed back from it, and with it
/// the hidden cards of every game still to come.
pub fn match_seed(seed: u64, round: u32, k: u32) -> u64 {
    use sha2::{Digest, Sha256};
    let digest = Sha256::new()
        .chain_update(b"melange-arena match seed\0")
        .chain_update(seed.to_le_bytes())
        .chain_update(round.to_le_bytes())
        .chain_update(k.to_le_bytes())
        .finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// Every combination of `size` entrants out of `count`, in lexicographic
/// order.
pub fn combinations(count: usize, size: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if size == 0 || size > count {
        return out;
    }
    let mut pick: Vec<usize> = (0..size).collect();
    loop {
        out.push(pick.clone());
        let Some(i) = (0..size).rev().find(|&i| pick[i] < count - size + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..size {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// The games of one round: each table plays `seeds` seeds, each in every
/// rotation of its seats (seat `s` of rotation `r` is the table's entrant
/// `(s + r) % seats`). `first_index` numbers the games.
pub fn round_games(
    tables: &[Vec<usize>],
    round: u32,
    seeds: u32,
    tournament_seed: u64,
    first_index: usize,
) -> Vec<ScheduledGame> {
    let mut games = Vec::new();
    for (table_index, table) in tables.iter().enumerate() {
        for k in 0..seeds {
            let seed = match_seed(tournament_seed, round, k);
            for rotation in 0..table.len() {
                let seats = (0..table.len())
                    .map(|s| table[(s + rotation) % table.len()])
                    .collect();
                games.push(ScheduledGame {
                    index: first_index + games.len(),
                    round,
                    table: table_index,
                    seed,
                    rotation,
                    seats,
                });
            }
        }
    }
    games
}

/// The tables of a Swiss round: entrants ordered by points (most first,
/// then by their place in the entrant list), seated `size` at a time from
/// the top. With two a table, each entrant in turn meets the first
/// entrant below it it has not met yet, if any. Entrants left over (the
/// count is not a multiple of `size`) sit out the round: those lowest in
/// the order who have sat out least.
///
/// Returns the tables and the entrants who sit out.
pub fn swiss_tables(
    points: &[f64],
    met: &[Vec<bool>],
    byes: &[u32],
    size: usize,
) -> (Vec<Vec<usize>>, Vec<usize>) {
    let count = points.len();
    let mut order: Vec<usize> = (0..count).collect();
    order.sort_by(|&a, &b| points[b].total_cmp(&points[a]).then(a.cmp(&b)));
    let sit_out_count = count % size;
    let mut sitting_out = Vec::new();
    if sit_out_count > 0 {
        // The lowest in the order among those with the fewest byes.
        let mut candidates: Vec<usize> = order.clone();
        candidates.reverse();
        candidates.sort_by_key(|&e| byes[e]);
        sitting_out = candidates[..sit_out_count].to_vec();
        sitting_out.sort_unstable();
        order.retain(|e| !sitting_out.contains(e));
    }
    let mut tables = Vec::new();
    let mut free: Vec<usize> = order;
    while !free.is_empty() {
        let first = free.remove(0);
        let mut table = vec![first];
        while table.len() < size {
            let pick = if size == 2 {
                free.iter()
                    .position(|&other| !met[first][other])
                    .unwrap_or(0)
            } else {
                0
            };
            table.push(free.remove(pick));
        }
        tables.push(table);
    }
    (tables, sitting_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_complete_and_ordered() {
        assert_eq!(
            combinations(4, 2),
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert_eq!(combinations(5, 3).len(), 10);
        assert_eq!(combinations(3, 3), vec![vec![0, 1, 2]]);
        assert!(combinations(2, 3).is_empty());
    }

    #[test]
    fn every_rotation_plays_every_seed_and_each_entrant_every_seat() {
        let games = round_games(&[vec![4, 7, 9]], 1, 2, 42, 10);
        assert_eq!(games.len(), 6);
        assert_eq!(games[0].index, 10);
        assert_eq!(games[0].seats, vec![4, 7, 9]);
        assert_eq!(games[1].seats, vec![7, 9, 4]);
        assert_eq!(games[2].seats, vec![9, 4, 7]);
        // Mirrored: the rotations of one seed share it.
        assert!(games[..3].iter().all(|g| g.seed == games[0].seed));
        assert_ne!(games[3].seed, games[0].seed);
        for entrant in [4, 7, 9] {
            let seats: Vec<usize> = games[..3]
                .iter()
                .map(|g| g.seats.iter().position(|&e| e == entrant).unwrap())
                .collect();
            assert_eq!(
                {
                    let mut s = seats.clone();
                    s.sort_unstable();
                    s
                },
                vec![0, 1, 2]
            );
        }
        assert_eq!(match_seed(42, 1, 0), games[0].seed);
        assert_ne!(match_seed(42, 2, 0), match_seed(42, 1, 0));
        assert_ne!(match_seed(43, 1, 0), match_seed(42, 1, 0));
        assert_ne!(match_seed(42, 1, 1), match_seed(42, 1, 0));
        // Pinned: a change here changes every tournament's games.
        assert_eq!(match_seed(1, 1, 0), 13386250900820994086);
    }

    #[test]
    fn swiss_pairs_by_points_avoids_rematches_and_rotates_byes() {
        let points = [1.0, 3.0, 2.0, 0.0, 2.5];
        let mut met = vec![vec![false; 5]; 5];
        met[1][4] = true;
        met[4][1] = true;
        let byes = [0, 0, 0, 1, 0];
        let (tables, out) = swiss_tables(&points, &met, &byes, 2);
        // Order: 1 (3), 4 (2.5), 2 (2), 0 (1), 3 (0); 3 has had a bye, so 0
        // sits out; 1 has met 4, so 1 meets 2.
        assert_eq!(out, vec![0]);
        assert_eq!(tables, vec![vec![1, 2], vec![4, 3]]);
        let (tables, out) = swiss_tables(&[0.0; 6], &vec![vec![false; 6]; 6], &[0; 6], 3);
        assert!(out.is_empty());
        assert_eq!(tables, vec![vec![0, 1, 2], vec![3, 4, 5]]);
    }
}
