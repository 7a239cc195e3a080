//! The fsync policies: when the journal's writes reach the disk. Every
//! policy answers a write once it has reached the operating system, so a
//! crash of the server alone never loses an acknowledged action; the
//! policy says what a crash of the machine or a power cut may lose.
use std::{fmt, str::FromStr};

/// When the journal forces its writes to the disk (fsync).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FsyncPolicy {
    /// Before every acknowledgment: an acknowledged action survives a crash
    /// of the process, of the operating system and a power cut.
    Always,
    /// Writes reach the operating system before the acknowledgment (they
    /// survive a crash of the process), and the disk at most this many
    /// milliseconds later (group commit): a power cut loses at most that
    /// window.
    EveryMs(u64),
    /// Writes reach the operating system before the acknowledgment and the
    /// disk whenever it decides: a crash of the process loses nothing, a
    /// power cut may lose anything since the last clean shutdown.
    Never,
}

/// The default, `every-ms=10`: a crash of the server loses nothing
/// acknowledged and a power cut at most the last 10 ms, for the price of a
/// disk flush every 10 ms. Under `always` every answer also waits for a
/// flush (about 0.7 ms on the development machine's virtual disk), which
/// costs half of the memory-only rate when 32 clients play at once
/// (`docs/scaling.md`, "The embedded journal's cost"); a server that must
/// keep every answer through a power cut chooses it.
impl Default for FsyncPolicy {
    fn default() -> FsyncPolicy {
        FsyncPolicy::EveryMs(10)
    }
}

impl fmt::Display for FsyncPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FsyncPolicy::Always => f.write_str("always"),
            FsyncPolicy::EveryMs(ms) => write!(f, "every-ms={ms}"),
            FsyncPolicy::Never => f.write_str("never"),
        }
    }
}

impl FromStr for FsyncPolicy {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "always" => Ok(FsyncPolicy::Always),
            "never" => Ok(FsyncPolicy::Never),
            other => other
                .strip_prefix("every-ms=")
                .and_then(|ms| ms.parse::<u64>().ok())
                .filter(|ms| *ms > 0)
                .map(FsyncPolicy::EveryMs)
                .ok_or_else(|| {
                    format!(
                        "the fsync policy {other:?} is not one of always, every-ms=N \
                         (N a positive number of milliseconds) or never"
                    )
                }),
        }
    }
}
