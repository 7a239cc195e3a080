//! Bounds on what a client may send as a name, and on how much of it the
//! server repeats back, so that a huge id never comes back inside a huge
//! error message.

/// The longest game id, page token, bot name, seat `plays`, rules preset,
/// rules option name or value, or leader id the server accepts, in bytes.
/// Longer ones are `INVALID_ARGUMENT` before anything else looks at them.
pub const MAX_NAME_BYTES: usize = 64;

/// The most named rules options (`GameOptions.rules` entries) a request
/// may carry.
pub const MAX_RULE_OPTIONS: usize = 64;

/// How many characters of a client's string an error message repeats.
pub const ECHO_CHARS: usize = 32;

/// A client's string as an error message may quote it: at most its first
/// [`ECHO_CHARS`] characters, quoted and escaped, with its length when it
/// was cut. Every message that repeats client input goes through this.
pub fn echo(input: &str) -> String {
    match input.char_indices().nth(ECHO_CHARS) {
        None => format!("{input:?}"),
        Some((cut, _)) => format!("{:?}... ({} bytes)", &input[..cut], input.len()),
    }
}

/// Checks that a client's name fits [`MAX_NAME_BYTES`]; `what` names the
/// field in the message.
pub fn bounded_name(what: &str, value: &str) -> Result<(), super::MatchError> {
    if value.len() > MAX_NAME_BYTES {
        return Err(super::MatchError::InvalidArgument(format!(
            "{what} is {} bytes long; at most {MAX_NAME_BYTES} are accepted (it starts {})",
            value.len(),
            echo(value)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_strings_are_quoted_whole_and_long_ones_cut() {
        assert_eq!(echo("abc"), "\"abc\"");
        let long = "x".repeat(1 << 20);
        let echoed = echo(&long);
        assert!(echoed.len() < 64, "{echoed}");
        assert!(echoed.ends_with("... (1048576 bytes)"), "{echoed}");
        // Cut on a character boundary, never inside one.
        let wide = "é".repeat(100);
        assert_eq!(
            echo(&wide),
            format!("{:?}... (200 bytes)", "é".repeat(ECHO_CHARS))
        );
        assert!(bounded_name("game_id", &"a".repeat(MAX_NAME_BYTES)).is_ok());
        assert!(bounded_name("game_id", &"a".repeat(MAX_NAME_BYTES + 1)).is_err());
    }
}
