//! The ladder's registered bots: `bots.txt` in its folder, one
//! `label=bot` a line, the same bot specs as a tournament's `--bots`.
//!
//! The file is the one list of who plays: the bots given by `--bots` are
//! added to it at the start (a label already there with another bot is an
//! error, not an overwrite), and the ladder reads it again before each
//! game, so an organizer adds a bot by adding a line and retires one by
//! removing (or commenting out) its line, without a restart. A retired
//! bot's games in flight finish and its ratings stay on the leaderboard; it
//! comes back with them if its line does. A file that does not parse while
//! the ladder runs is reported once and the last good list is kept, so a
//! half-saved edit does not stop the ladder.
use std::path::Path;

use super::state::write_atomic;
use melange::{api::is_endpoint, matches::BotKind};

use crate::{Entrant, program};

/// The registration file's name in the output folder.
pub const FILE_NAME: &str = "bots.txt";

const HEADER: &str = "\
# The bots of this melange-arena ladder, one a line: label=bot, where bot is a
# built-in name (random, mcts:200), a remote bot endpoint (http://host:port) or
# a hosted program (cmd:./my_bot.py). The ladder reads this file again before
# each game: add a line to register a bot, remove it to retire the bot (its
# ratings stay on the leaderboard). Lines starting with # are comments.
";

/// The registered bots in the file's order.
pub fn parse(text: &str) -> Result<Vec<Entrant>, String> {
    let specs: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(str::to_owned)
        .collect();
    Entrant::parse_all(&specs)
}

/// Reads `bots.txt` in `out` (no file: no bots).
pub fn read(out: &Path) -> Result<Vec<Entrant>, String> {
    let path = out.join(FILE_NAME);
    match std::fs::read_to_string(&path) {
        Ok(text) => parse(&text).map_err(|error| format!("{}: {error}", path.display())),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(error) => Err(format!("cannot read {}: {error}", path.display())),
    }
}

/// Adds the bots of `--bots` that `bots.txt` does not list yet (making the
/// file if there is none) and returns every registered bot.
pub fn register(out: &Path, given: &[Entrant]) -> Result<Vec<Entrant>, String> {
    let path = out.join(FILE_NAME);
    let mut text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => HEADER.to_owned(),
        Err(error) => return Err(format!("cannot read {}: {error}", path.display())),
    };
    let mut registered = parse(&text).map_err(|error| format!("{}: {error}", path.display()))?;
    let before = registered.len();
    for entrant in given {
        match registered.iter().find(|r| r.label == entrant.label) {
            Some(known) if known.bot == entrant.bot => {}
            Some(known) => {
                return Err(format!(
                    "bot {:?} is registered in {} as {:?}, not {:?}; edit the file to change it",
                    entrant.label,
                    path.display(),
                    known.bot,
                    entrant.bot
                ));
            }
            None => {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str(&format!("{}={}\n", entrant.label, entrant.bot));
                registered.push(entrant.clone());
            }
        }
    }
    if registered.len() != before || !path.exists() {
        write_atomic(&path, text.as_bytes(), false)?;
    }
    Ok(registered)
}

/// Why a bot spec cannot play, if it cannot: a built-in name the crate
/// does not know, or a `cmd:` whose program is missing. Remote endpoints
/// are asked a trial decision instead (they may be fine or not).
pub fn invalid(bot: &str) -> Option<String> {
    if let Some(command) = program::command(bot) {
        return command.err();
    }
    if is_endpoint(bot) {
        return None;
    }
    BotKind::parse(bot).err().map(|error| error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_added_to_the_file_and_a_conflicting_label_is_refused() {
        let dir = super::super::test_folder("registry");
        let given = Entrant::parse_all(&["a=random".into(), "b=mcts:5".into()]).unwrap();
        assert_eq!(register(&dir, &given).unwrap(), given);
        let text = std::fs::read_to_string(dir.join(FILE_NAME)).unwrap();
        assert!(text.starts_with("# The bots"));
        assert!(text.ends_with("a=random\nb=mcts:5\n"));
        // Again, with one more: only it is added.
        let more = Entrant::parse_all(&["c=random".into(), "a=random".into()]).unwrap();
        let all = register(&dir, &more).unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(read(&dir).unwrap(), all);
        let clash = Entrant::parse_all(&["a=mcts".into()]).unwrap();
        assert!(
            register(&dir, &clash)
                .unwrap_err()
                .contains("edit the file")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn comments_and_blank_lines_are_skipped_and_specs_checked() {
        let parsed = parse("# x\n\n  a=random \n#b=random\nc=http://h:1\n").unwrap();
        assert_eq!(parsed.len(), 2);
        assert!(parse("a=random\na=mcts\n").is_err());
        assert!(invalid("random").is_none());
        assert!(invalid("mcts:200").is_none());
        assert!(invalid("http://127.0.0.1:9").is_none());
        assert!(invalid("randm").unwrap().contains("unknown bot"));
        assert!(invalid("cmd:./no/such/bot").is_some());
    }
}
