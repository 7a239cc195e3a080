//! The Desert War's invariants of a position ([`crate::arrakis::Setup`]):
//! each kind of its figures conserved, Desert Troopers never with an
//! opposing legion, at most one Camp per sector, never more tokens than the
//! box. Asked through the hook list by `position/check.rs`.
use super::data::desert_war;
use crate::arrakis::ids::Faction;
use crate::arrakis::state::{Arrakis, Vehicle};
use crate::core::SetupError;

/// A refusal naming `rule`.
fn broken(rule: &'static str, message: String) -> Option<SetupError> {
    Some(SetupError { rule, message })
}

impl Arrakis {
    /// The first Desert War invariant the position breaks.
    pub(crate) fn desert_war_position_error(&self) -> Option<SetupError> {
        let dw = self.expansions.desert_war.as_deref()?;
        let x = desert_war();
        let d = self.d();
        let b = d.board;
        let mut board = [0u8; 4];
        let mut camps = Vec::new();
        let mut per_sector = vec![0u8; b.sectors.len()];
        for (i, s) in self.areas.iter().enumerate() {
            let t = &s.expansions.desert;
            board[0] += t.suspensors;
            board[1] += t.rockets;
            board[2] += t.sandriders;
            board[3] += t.escorts;
            if let Some(m) = t.camp {
                camps.push(m);
                if let Some(sec) = b.areas[i].sector {
                    per_sector[usize::from(sec.0)] += 1;
                }
            }
            // DW-TROOPER-13: never with an opposing legion.
            if s.has_legion(Faction::Harkonnen, d) && t.atreides_troopers() > 0 {
                return broken(
                    "DW-TROOPER-13",
                    format!("Atreides Desert Troopers with a Harkonnen legion in area {i}"),
                );
            }
            if s.has_legion(Faction::Atreides, d) && t.suspensors > 0 {
                return broken(
                    "DW-TROOPER-13",
                    format!("Suspensor Troopers with an Atreides legion in area {i}"),
                );
            }
            // DW-TROOPER-15: a sandworm leaves only Sandriders.
            if s.worm.is_some() && t.suspensors + t.rockets > 0 {
                return broken(
                    "DW-TROOPER-15",
                    format!("Suspensor Troopers or Rocket Launchers with a sandworm in area {i}"),
                );
            }
        }
        // Escorts in Air zones, and with an attacking group, off the board
        // during its battle (DW-ESCORT-08).
        board[3] += self
            .zones
            .iter()
            .filter(|z| **z == Some(Vehicle::ESCORT_ORNITHOPTER))
            .count() as u8;
        board[3] += self.battle_group().map_or(0, |grp| grp.escorts);
        let kinds = [
            (
                "DW-SETUP-02",
                "Suspensor Troopers",
                dw.suspensors,
                x.harkonnen.suspensor_troopers,
            ),
            (
                "DW-SETUP-05",
                "Rocket Launchers",
                dw.rockets,
                x.atreides.rocket_launchers,
            ),
            (
                "DW-SETUP-04",
                "Sandriders",
                dw.sandriders,
                x.atreides.sandriders,
            ),
            (
                "DW-SETUP-01",
                "Escort Ornithopters",
                dw.escorts,
                x.harkonnen.escort_ornithopters,
            ),
        ];
        for (k, (rule, name, supply, total)) in kinds.into_iter().enumerate() {
            // DW-TROOPER-17: removed figures go back to the supply; none is
            // made or lost.
            if supply + board[k] != total {
                return broken(
                    rule,
                    format!(
                        "{name} not conserved (DW-TROOPER-17): supply {supply} + board {} is \
                         not the {total} of the box",
                        board[k]
                    ),
                );
            }
        }
        // DW-SETUP-06, DW-ROCKET-11: Camps on the board and off it are each
        // a different token of the box; a traded one has left the game.
        let mut all: Vec<_> = camps.iter().chain(&dw.camp_tokens).copied().collect();
        let n = all.len();
        all.sort();
        all.dedup();
        if all.len() != n || n > usize::from(x.atreides.camps) {
            return broken(
                "DW-SETUP-06",
                format!(
                    "Camp tokens not conserved (DW-ROCKET-11): board {camps:?}, supply {:?}",
                    dw.camp_tokens
                ),
            );
        }
        // DW-CAMP-02: at most one Camp per sector.
        if let Some(s) = per_sector.iter().position(|n| *n > 1) {
            return broken(
                "DW-CAMP-02",
                format!("{} Camps in sector {s}", per_sector[s]),
            );
        }
        // DW-SETUP-03: never more Desert War tokens than the box holds.
        if dw.tokens_on_board > x.harkonnen.desert_war_tokens {
            return broken(
                "DW-SETUP-03",
                format!("{} Desert War tokens on the board", dw.tokens_on_board),
            );
        }
        None
    }
}
