use std::{collections::BTreeMap, fmt, time::Duration};

use hdrhistogram::Histogram;

/// Failed calls by status code.
#[derive(Clone, Debug, Default)]
pub struct Errors {
    by_code: BTreeMap<String, u64>,
}

impl Errors {
    /// Counts one failure.
    pub fn record(&mut self, status: &tonic::Status) {
        *self
            .by_code
            .entry(format!("{:?}", status.code()))
            .or_default() += 1;
    }

    /// All failures.
    pub fn total(&self) -> u64 {
        self.by_code.values().sum()
    }
}

/// One measured kind of call.
#[derive(Clone, Debug)]
pub struct Phase {
    /// Successful calls.
    pub calls: u64,
    /// Wall time of the phase.
    pub elapsed: Duration,
    /// Latency of each call, in microseconds.
    pub latency: Histogram<u64>,
}

impl Phase {
    /// Calls per second.
    pub fn rate(&self) -> f64 {
        self.calls as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |q: f64| self.latency.value_at_quantile(q) as f64 / 1000.0;
        write!(
            f,
            "{:>10.0}/s  p50 {:.3} ms  p90 {:.3} ms  p99 {:.3} ms  max {:.3} ms  ({} calls in {:.2} s)",
            self.rate(),
            ms(0.50),
            ms(0.90),
            ms(0.99),
            self.latency.max() as f64 / 1000.0,
            self.calls,
            self.elapsed.as_secs_f64()
        )
    }
}

/// What a load run measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    /// Games played to the end without error.
    pub games: usize,
    /// ApplyAction calls.
    pub apply: Phase,
    /// Health Check calls, the bare transport's baseline.
    pub health: Option<Phase>,
    /// Failed calls.
    pub errors: Errors,
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.apply.elapsed.as_secs_f64().max(1e-9);
        writeln!(
            f,
            "games        {:>10} ({:.1}/s)",
            self.games,
            self.games as f64 / seconds
        )?;
        writeln!(f, "ApplyAction  {}", self.apply)?;
        if let Some(health) = &self.health {
            writeln!(f, "Health.Check {health}")?;
            writeln!(
                f,
                "ratio        ApplyAction runs at {:.1}% of the bare transport's call rate",
                100.0 * self.apply.rate() / health.rate().max(1e-9)
            )?;
        }
        write!(f, "errors       {}", self.errors.total())?;
        for (code, count) in &self.errors.by_code {
            write!(f, "  {code}: {count}")?;
        }
        Ok(())
    }
}
