//! What the journal shows of a game's history: one line of versions, each
//! written under the lease of one server, the leases in order.
use super::cluster::database;

/// Checks that game `id`'s journal is one history: versions 1..n with no
/// gap, each action written under an epoch no older than the one before
/// (a server that lost the game never wrote after the next took it), every
/// epoch of the actions a lease the audit trail records; and, when
/// `leases` is not empty, that the leases taken were exactly these
/// (owner, epoch).
pub async fn assert_one_history(journal: &str, id: &str, leases: &[(&str, i64)]) {
    let db = database(journal).await;
    let rows = db
        .query(
            "SELECT version, epoch FROM melange_actions WHERE game_id = $1 ORDER BY version",
            &[&id],
        )
        .await
        .unwrap();
    let mut last_epoch = 0;
    for (index, row) in rows.iter().enumerate() {
        let (version, epoch): (i64, i64) = (row.get(0), row.get(1));
        assert_eq!(
            version,
            index as i64 + 1,
            "game {id}: versions without a gap"
        );
        assert!(
            epoch >= last_epoch,
            "game {id}: version {version} was written under epoch {epoch} after epoch {last_epoch}"
        );
        last_epoch = epoch;
    }
    let taken: Vec<(Option<String>, i64)> = db
        .query(
            "SELECT owner, epoch FROM melange_epochs WHERE game_id = $1 ORDER BY epoch",
            &[&id],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect();
    for row in &rows {
        let epoch: i64 = row.get(1);
        assert!(
            taken.iter().any(|(_, taken)| *taken == epoch),
            "game {id}: epoch {epoch} was never taken as a lease"
        );
    }
    if !leases.is_empty() {
        let expected: Vec<(Option<String>, i64)> = leases
            .iter()
            .map(|(owner, epoch)| (Some((*owner).to_owned()), *epoch))
            .collect();
        assert_eq!(taken, expected, "game {id}: the leases taken");
    }
}
