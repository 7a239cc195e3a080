//! What a finished (or cut-off) playout is worth to each seat.
use crate::rules::core::{GameResult, Seat};

/// Each seat's reward for `result`, indexed by seat: 1 for first place down
/// to 0 for last, evenly spaced, with the places of a shared win split
/// evenly between its winners. A seat the ranking leaves out gets 0. In a
/// game of one seat (Imperium solo against House Hagal) the seat is worth 1
/// when it is among the winners and 0 otherwise: its only rivals are not
/// seats.
pub fn rank_rewards(result: &GameResult, seats: usize) -> Vec<f64> {
    let mut rewards = vec![0.0; seats];
    if seats == 1 {
        if result.winners.contains(&Seat(0)) {
            rewards[0] = 1.0;
        }
        return rewards;
    }
    let last = (seats - 1) as f64;
    let place = |index: usize| (last - index as f64).max(0.0) / last;
    let shared = result.winners.len().min(seats);
    let winners_share = if shared == 0 {
        0.0
    } else {
        (0..shared).map(place).sum::<f64>() / shared as f64
    };
    let mut index = shared;
    for seat in &result.ranking {
        let Some(reward) = rewards.get_mut(seat.index()) else {
            continue;
        };
        if result.winners.contains(seat) {
            *reward = winners_share;
        } else {
            *reward = place(index);
            index += 1;
        }
    }
    rewards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(winners: &[u8], ranking: &[u8]) -> GameResult {
        GameResult {
            winners: winners.iter().copied().map(Seat).collect(),
            ranking: ranking.iter().copied().map(Seat).collect(),
            reason: String::new(),
        }
    }

    #[test]
    fn places_are_evenly_spaced_from_one_to_zero() {
        assert_eq!(rank_rewards(&result(&[1], &[1, 0]), 2), vec![0.0, 1.0]);
        assert_eq!(
            rank_rewards(&result(&[2], &[2, 0, 1]), 3),
            vec![0.5, 0.0, 1.0]
        );
        // An unfinished game: nobody named winner, the ranking still counts.
        assert_eq!(rank_rewards(&result(&[], &[0, 1]), 2), vec![1.0, 0.0]);
    }

    #[test]
    fn a_shared_win_splits_the_places_it_covers() {
        assert_eq!(
            rank_rewards(&result(&[0, 2], &[0, 2, 1]), 3),
            vec![0.75, 0.0, 0.75]
        );
        assert_eq!(rank_rewards(&result(&[0, 1], &[1, 0]), 2), vec![0.5, 0.5]);
    }

    #[test]
    fn a_solo_seat_is_worth_one_only_when_it_wins() {
        assert_eq!(rank_rewards(&result(&[0], &[0]), 1), vec![1.0]);
        assert_eq!(rank_rewards(&result(&[], &[0]), 1), vec![0.0]);
    }
}
