//! The bots of a tournament: a label for the standings and what plays.

/// One bot of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    /// The name in the standings: unique within a tournament.
    pub label: String,
    /// What the server is asked to play the seat with: a built-in bot's
    /// name (`random`, `mcts:200`, ...) or a remote bot's endpoint URL,
    /// sent as `SeatConfig.bot`.
    pub bot: String,
}

impl Entrant {
    /// Parses `label=bot` or `bot` (the bot's name is then its label).
    pub fn parse(spec: &str) -> Result<Entrant, String> {
        let spec = spec.trim();
        // A URL holds no `=` before its scheme, so the first `=` splits the
        // label off only when what follows it is not part of a URL query.
        let (label, bot) = match spec.split_once('=') {
            Some((label, bot)) if !label.contains("://") => (label.trim(), bot.trim()),
            _ => (spec, spec),
        };
        if label.is_empty() || bot.is_empty() {
            return Err(format!("a bot is `label=bot` or `bot`, not {spec:?}"));
        }
        Ok(Entrant {
            label: label.to_owned(),
            bot: bot.to_owned(),
        })
    }

    /// Parses a list and checks that the labels are unique.
    pub fn parse_all(specs: &[String]) -> Result<Vec<Entrant>, String> {
        let entrants = specs
            .iter()
            .map(|spec| Entrant::parse(spec))
            .collect::<Result<Vec<_>, _>>()?;
        for (index, entrant) in entrants.iter().enumerate() {
            if entrants[..index].iter().any(|e| e.label == entrant.label) {
                return Err(format!(
                    "two bots are labelled {:?}; give each its own label with label=bot",
                    entrant.label
                ));
            }
        }
        Ok(entrants)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_default_to_the_bot_and_must_be_unique() {
        assert_eq!(
            Entrant::parse("mcts:50").unwrap(),
            Entrant {
                label: "mcts:50".into(),
                bot: "mcts:50".into()
            }
        );
        assert_eq!(
            Entrant::parse("mine=http://127.0.0.1:7000").unwrap().bot,
            "http://127.0.0.1:7000"
        );
        assert_eq!(
            Entrant::parse("http://h:1/?a=b").unwrap().label,
            "http://h:1/?a=b"
        );
        assert!(Entrant::parse("=random").is_err());
        let specs = ["random".to_string(), "random".to_string()];
        assert!(Entrant::parse_all(&specs).is_err());
        let specs = ["a=random".to_string(), "b=random".to_string()];
        assert_eq!(Entrant::parse_all(&specs).unwrap().len(), 2);
    }
}
