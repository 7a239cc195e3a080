//! What both games' positions as plain data share: the [`Position`]
//! trait (a game to its `Setup` and back, and editing through it), the
//! refusal of a setup ([`SetupError`], naming the rule the position
//! breaks), its text form (pretty JSON with every list of numbers or words
//! on one line), and the macro that writes a game's conversions from the
//! list of its fields (`position!`). Each game has its own `Setup`
//! (`arrakis/position/`, `imperium/position/`); one error type means a
//! caller that builds positions of either game handles one refusal.
use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

/// Why a setup is not a position of its game: the rule it breaks and what
/// is wrong, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The ID of the rule the position breaks; `SETUP` for a fact of the
    /// box or the board (a list of the wrong length, an id out of range),
    /// `TEXT` for text that is not a setup at all.
    pub rule: &'static str,
    /// What is wrong, in words.
    pub message: String,
}

impl SetupError {
    /// A position that breaks `rule`.
    pub fn new(rule: &'static str, message: impl Into<String>) -> SetupError {
        SetupError {
            rule,
            message: message.into(),
        }
    }

    /// A fact of the box or the board (rule `SETUP`).
    pub fn shape(message: impl Into<String>) -> SetupError {
        SetupError::new("SETUP", message)
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}

impl std::error::Error for SetupError {}

/// A game whose position is also plain data, a `Setup` with public fields
/// that becomes a game only if the rules could reach it. Each game also
/// has these as its own methods (written by `position!`), so a caller
/// needs the trait only to be generic over games (`conformance.rs`).
pub trait Position: Clone + Sized {
    /// The position as plain data.
    type Setup: Clone + fmt::Debug + PartialEq + Serialize + DeserializeOwned;
    /// The game's name, for a refusal of text.
    const GAME: &'static str;

    /// The position as plain data: everything the game holds, hidden
    /// facts included (a setup is the engine's, not a seat's view).
    fn to_setup(&self) -> Self::Setup;

    /// The game at `setup`, if the rules could reach it: its shape first
    /// (every list as long as the data says, every id in range), then the
    /// invariants every legal position keeps. The refusal names the rule.
    fn from_setup(setup: Self::Setup) -> Result<Self, SetupError>;

    /// Changes the position through its plain data, for tests and tools:
    /// `change` edits a setup of the game, which must then pass
    /// [`Position::from_setup`]. On a refusal the game is unchanged.
    /// `change` may return what a setup's edits return (nothing, or a
    /// refusal of its own, which then leaves the game unchanged too), so a
    /// one-edit change reads as one call.
    fn edit<R: Edited>(
        &mut self,
        change: impl FnOnce(&mut Self::Setup) -> R,
    ) -> Result<(), SetupError> {
        let mut setup = self.to_setup();
        change(&mut setup).edited()?;
        *self = Self::from_setup(setup)?;
        Ok(())
    }
}

/// What a change of [`Position::edit`] may return: nothing, or a refusal
/// of the edit itself (`Setup::put` with too few units in the supply),
/// which the edit passes on.
pub trait Edited {
    /// The edit's own refusal, if any.
    fn edited(self) -> Result<(), SetupError>;
}

impl Edited for () {
    fn edited(self) -> Result<(), SetupError> {
        Ok(())
    }
}

impl<T: Edited> Edited for Result<T, SetupError> {
    fn edited(self) -> Result<(), SetupError> {
        self.and_then(Edited::edited)
    }
}

/// Writes a game's [`Position`] from the list of its fields: the moves of
/// every field between the game and its `Setup`, both ways (destructuring
/// both structs, so a field added to one and not the other, or to neither
/// list, does not compile), the trait, the same methods on the game and
/// the setup's text. The game's `Setup` has `check_shape` (what the
/// engine indexes by without looking) and the game `check_position` (the
/// rules' invariants); `from_setup` runs the one, then the other.
macro_rules! position {
    ($game:ident, $name:literal, $($field:ident),+ $(,)?) => {
        /// Every field of `game`, into a setup.
        fn setup_of(game: $game) -> Setup {
            let $game { $($field),+ } = game;
            Setup { $($field),+ }
        }

        /// Every field of `setup`, into a game (not checked here; the
        /// testkit's unchecked edit is its one other caller).
        pub(crate) fn game_of(setup: Setup) -> $game {
            let Setup { $($field),+ } = setup;
            $game { $($field),+ }
        }

        impl $crate::core::Position for $game {
            type Setup = Setup;
            const GAME: &'static str = $name;

            fn to_setup(&self) -> Setup {
                setup_of(self.clone())
            }

            fn from_setup(setup: Setup) -> Result<$game, SetupError> {
                setup.check_shape()?;
                let game = game_of(setup);
                game.check_position()?;
                Ok(game)
            }
        }

        impl $game {
            /// The position as plain data ([`crate::core::Position::to_setup`]).
            pub fn to_setup(&self) -> Setup {
                <$game as $crate::core::Position>::to_setup(self)
            }

            /// The game at `setup`, if the rules could reach it
            /// ([`crate::core::Position::from_setup`]).
            pub fn from_setup(setup: Setup) -> Result<$game, SetupError> {
                <$game as $crate::core::Position>::from_setup(setup)
            }

            /// Changes the position through its plain data; on a refusal
            /// the game is unchanged ([`crate::core::Position::edit`]).
            pub fn edit<R: $crate::core::Edited>(
                &mut self,
                change: impl FnOnce(&mut Setup) -> R,
            ) -> Result<(), SetupError> {
                <$game as $crate::core::Position>::edit(self, change)
            }
        }

        impl Setup {
            /// The setup as JSON text, one field a line, a list of numbers
            /// or words on one line (the generator's seed, a deck, a pool).
            pub fn to_text(&self) -> String {
                $crate::core::setup_text(self)
            }

            /// A setup read from [`Setup::to_text`]'s form. Only the form
            /// is checked here; `from_setup` checks the position.
            pub fn from_text(text: &str) -> Result<Setup, SetupError> {
                $crate::core::read_setup(text, $name)
            }
        }
    };
}
pub(crate) use position;

/// A setup as JSON text, one field a line, a list of numbers or words on
/// one line (the generator's seed, a deck, a pool).
pub fn setup_text(setup: &impl Serialize) -> String {
    let pretty = serde_json::to_string_pretty(setup).expect("a setup is plain data");
    flat_scalar_lists(&pretty)
}

/// A setup read from [`setup_text`]'s form (any JSON of the same data);
/// text that does not read is refused with rule `TEXT`, naming `game`.
pub fn read_setup<T: DeserializeOwned>(text: &str, game: &str) -> Result<T, SetupError> {
    serde_json::from_str(text)
        .map_err(|e| SetupError::new("TEXT", format!("not a {game} setup: {e}")))
}

/// Puts every list of scalars of pretty-printed JSON on one line: `[`, the
/// items joined by `, `, `]`. JSON text never holds a raw line break inside
/// a string, so a line break is always layout and safe to fold.
fn flat_scalar_lists(pretty: &str) -> String {
    let mut out = String::with_capacity(pretty.len());
    let mut rest = pretty;
    while let Some(open) = rest.find('[') {
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let close = rest.find(']').unwrap_or(rest.len());
        let inner = &rest[..close];
        if inner.contains(['[', '{']) {
            continue;
        }
        let items: Vec<&str> = inner
            .split('\n')
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        out.push_str(&items.join(" "));
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}
