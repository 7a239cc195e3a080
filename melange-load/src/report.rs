use std::{collections::BTreeMap, fmt, time::Duration};

use hdrhistogram::Histogram;

/// Failed calls by status code: the failures, which cost a game or a
/// call for good, and apart from them the failures a client retried and
/// got past (`--retry-unavailable`, issue P14), which cost nothing but time.
#[derive(Clone, Debug, Default)]
pub struct Errors {
    by_code: BTreeMap<String, u64>,
    retried_by_code: BTreeMap<String, u64>,
}

/// Counts one status under its code.
fn count(by_code: &mut BTreeMap<String, u64>, status: &tonic::Status) {
    *by_code.entry(format!("{:?}", status.code())).or_default() += 1;
}

/// Adds the counts of `from` to `to`.
fn add(to: &mut BTreeMap<String, u64>, from: &BTreeMap<String, u64>) {
    for (code, count) in from {
        *to.entry(code.clone()).or_default() += count;
    }
}

impl Errors {
    /// Counts one failure.
    pub fn record(&mut self, status: &tonic::Status) {
        count(&mut self.by_code, status);
    }

    /// Counts one failure that was retried.
    pub fn record_retried(&mut self, status: &tonic::Status) {
        count(&mut self.retried_by_code, status);
    }

    /// All failures, the retried ones left out: a run with none succeeded.
    pub fn total(&self) -> u64 {
        self.by_code.values().sum()
    }

    /// All failures that were retried.
    pub fn retried_total(&self) -> u64 {
        self.retried_by_code.values().sum()
    }

    /// Adds `other`'s failures to these.
    pub fn merge(&mut self, other: &Errors) {
        add(&mut self.by_code, &other.by_code);
        add(&mut self.retried_by_code, &other.retried_by_code);
    }
}

/// `errors       N  Code: n ...`, then, when any failure was retried, a
/// line `retried      M  Code: m ...`.
impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "errors       {}", self.total())?;
        for (code, count) in &self.by_code {
            write!(f, "  {code}: {count}")?;
        }
        if self.retried_total() > 0 {
            write!(f, "\nretried      {}", self.retried_total())?;
            for (code, count) in &self.retried_by_code {
                write!(f, "  {code}: {count}")?;
            }
        }
        Ok(())
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
    /// CPU time the load generator and the server used in the phase.
    pub cpu: super::CpuUse,
}

impl Phase {
    /// Calls per second.
    pub fn rate(&self) -> f64 {
        self.calls as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// CPU microseconds per call of the client and of the server (when
    /// known).
    pub fn cpu_per_call(&self) -> (Option<f64>, Option<f64>) {
        let per_call =
            |cpu: Option<Duration>| Some(cpu?.as_secs_f64() * 1e6 / self.calls.max(1) as f64);
        (per_call(self.cpu.client), per_call(self.cpu.server))
    }

    /// CPU microseconds per call of the server and the load generator
    /// together, when both are known.
    pub fn total_cpu_per_call(&self) -> Option<f64> {
        match self.cpu_per_call() {
            (Some(client), Some(server)) => Some(client + server),
            _ => None,
        }
    }

    /// This phase's calls as a share of `baseline`'s: by the rate, and (when
    /// both processes' CPU is known) by the CPU a call costs. On a shared
    /// machine the rate moves with whatever else runs between the phases;
    /// the CPU per call hardly does, so the second share is the steadier.
    pub fn share_of(&self, baseline: &Phase) -> (f64, Option<f64>) {
        let by_rate = 100.0 * self.rate() / baseline.rate().max(1e-9);
        let by_cpu = match (self.total_cpu_per_call(), baseline.total_cpu_per_call()) {
            (Some(this), Some(base)) => Some(100.0 * base / this.max(1e-9)),
            _ => None,
        };
        (by_rate, by_cpu)
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
        )?;
        match self.cpu_per_call() {
            (Some(client), Some(server)) => write!(
                f,
                "\n             CPU per call: server {server:.0} µs, load generator {client:.0} µs"
            ),
            (Some(client), None) => {
                write!(
                    f,
                    "\n             CPU per call: load generator {client:.0} µs"
                )
            }
            _ => Ok(()),
        }
    }
}

/// What one workload measured.
#[derive(Clone, Debug)]
pub struct WorkloadReport {
    /// Which workload.
    pub workload: super::Workload,
    /// Games played to the end without error.
    pub games: usize,
    /// ApplyAction calls.
    pub apply: Phase,
    /// GetView calls made while playing (drivers that watch nothing ask
    /// one when the turn passes to another seat).
    pub views: u64,
    /// Updates read by spectators (`--spectators`).
    pub spectated: u64,
    /// Failed calls.
    pub errors: Errors,
}

/// The same workloads measured again beside streams that never read.
#[derive(Clone, Debug)]
pub struct BesideUnread {
    /// How many unread streams were open.
    pub streams: usize,
    /// The server's threads with them open (when its process id is known).
    pub server_threads: Option<u64>,
    /// Each workload, in the order run.
    pub workloads: Vec<WorkloadReport>,
    /// The health baseline.
    pub health: Option<Phase>,
}

/// What a load run measured.
#[derive(Clone, Debug)]
pub struct LoadReport {
    /// Each workload, in the order run.
    pub workloads: Vec<WorkloadReport>,
    /// Health Check calls, the bare transport's baseline.
    pub health: Option<Phase>,
    /// The run again beside unread streams, when asked.
    pub with_unread: Option<BesideUnread>,
    /// Failed calls of every workload.
    pub errors: Errors,
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for workload in &self.workloads {
            let seconds = workload.apply.elapsed.as_secs_f64().max(1e-9);
            writeln!(f, "workload     {}", workload.workload.name())?;
            writeln!(
                f,
                "  games      {:>10} ({:.1}/s)",
                workload.games,
                workload.games as f64 / seconds
            )?;
            writeln!(f, "  ApplyAction{}", workload.apply)?;
            if workload.views > 0 {
                writeln!(
                    f,
                    "  GetView    {:>10.0}/s  ({} calls)",
                    workload.views as f64 / seconds,
                    workload.views
                )?;
            }
            if workload.spectated > 0 {
                writeln!(
                    f,
                    "  spectators {:>10.0}/s  ({} updates read)",
                    workload.spectated as f64 / seconds,
                    workload.spectated
                )?;
            }
        }
        if let Some(health) = &self.health {
            writeln!(f, "Health.Check {health}")?;
            for workload in &self.workloads {
                let (by_rate, by_cpu) = workload.apply.share_of(health);
                let by_cpu = by_cpu
                    .map(|share| format!(" ({share:.1}% by CPU per call)"))
                    .unwrap_or_default();
                writeln!(
                    f,
                    "ratio        {}: ApplyAction runs at {by_rate:.1}% of the bare transport's call rate{by_cpu}",
                    workload.workload.name(),
                )?;
            }
        }
        if let Some(beside) = &self.with_unread {
            let threads = beside
                .server_threads
                .map(|threads| format!(", the server running {threads} threads"))
                .unwrap_or_default();
            writeln!(
                f,
                "beside {} streams that never read{threads}:",
                beside.streams
            )?;
            let p99 = |phase: &Phase| phase.latency.value_at_quantile(0.99) as f64 / 1000.0;
            for (alone, beside) in self.workloads.iter().zip(&beside.workloads) {
                writeln!(
                    f,
                    "  {} ApplyAction{}",
                    beside.workload.name(),
                    beside.apply
                )?;
                writeln!(
                    f,
                    "  p99        {:.3} ms beside them, {:.3} ms without ({:.2}x)",
                    p99(&beside.apply),
                    p99(&alone.apply),
                    p99(&beside.apply) / p99(&alone.apply).max(1e-9)
                )?;
            }
            if let (Some(alone), Some(beside)) = (&self.health, &beside.health) {
                writeln!(f, "  Health.Check {beside}")?;
                writeln!(
                    f,
                    "  p99        {:.3} ms beside them, {:.3} ms without ({:.2}x)",
                    p99(beside),
                    p99(alone),
                    p99(beside) / p99(alone).max(1e-9)
                )?;
            }
        }
        write!(f, "{}", self.errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `calls` calls in one second, costing the load generator `client` and
    /// the server `server` microseconds each (`None`: not measured).
    fn phase(calls: u64, client: u64, server: Option<u64>) -> Phase {
        let cpu = |micros: u64| Duration::from_micros(micros * calls);
        Phase {
            calls,
            elapsed: Duration::from_secs(1),
            latency: Histogram::new(3).unwrap(),
            cpu: super::super::CpuUse {
                client: Some(cpu(client)),
                server: server.map(cpu),
            },
        }
    }

    #[test]
    fn a_share_is_given_by_rate_and_by_the_cpu_a_call_costs() {
        // Check costs 30 µs of both processes' CPU, an action 60 µs: by the
        // CPU per call an action is half a Check, whatever the two rates.
        let check = phase(50_000, 15, Some(15));
        let apply = phase(20_000, 25, Some(35));
        let (by_rate, by_cpu) = apply.share_of(&check);
        assert!((by_rate - 40.0).abs() < 1e-9);
        assert!((by_cpu.unwrap() - 50.0).abs() < 1e-9);
        // Without the server's CPU only the rate's share is known.
        let (_, by_cpu) = phase(20_000, 25, None).share_of(&check);
        assert_eq!(by_cpu, None);
    }

    #[test]
    fn retried_failures_are_counted_and_printed_apart_from_failures() {
        let mut errors = Errors::default();
        errors.record_retried(&tonic::Status::unavailable("gone"));
        let mut other = Errors::default();
        other.record_retried(&tonic::Status::unavailable("gone"));
        other.record(&tonic::Status::internal("broken"));
        errors.merge(&other);
        assert_eq!((errors.total(), errors.retried_total()), (1, 2));
        assert_eq!(
            errors.to_string(),
            "errors       1  Internal: 1\nretried      2  Unavailable: 2"
        );
        // A run without retries prints what it always did.
        assert_eq!(Errors::default().to_string(), "errors       0");
    }
}
