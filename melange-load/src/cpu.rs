//! CPU time of the load generator and of the server, per call: unlike
//! calls per second, it hardly depends on what else the machine runs, so a
//! change to the cost of a call shows even on a busy machine.
use std::time::Duration;

/// Clock ticks per second of `/proc/<pid>/stat` times: Linux's USER_HZ,
/// 100 on every architecture Linux supports for user space.
const TICKS_PER_SECOND: u64 = 100;

/// CPU time (user and system, every thread) process `pid` has used so far,
/// or this process's when `pid` is `None`; `None` where `/proc` cannot tell
/// (not Linux, or the process is gone).
pub fn cpu_time(pid: Option<u32>) -> Option<Duration> {
    let path = match pid {
        Some(pid) => format!("/proc/{pid}/stat"),
        None => "/proc/self/stat".to_owned(),
    };
    let stat = std::fs::read_to_string(path).ok()?;
    // The command name (field 2) may hold spaces; fields after it are
    // plain numbers: state is field 3, utime field 14, stime field 15.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(Duration::from_millis(
        (utime + stime) * 1000 / TICKS_PER_SECOND,
    ))
}

/// CPU time used by this process and by the server between two readings.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuUse {
    /// The load generator's own.
    pub client: Option<Duration>,
    /// The server's, when its process id was given.
    pub server: Option<Duration>,
}

/// A reading of both processes' CPU time, to subtract from a later one.
#[derive(Clone, Copy, Debug)]
pub struct CpuMark {
    client: Option<Duration>,
    server: Option<Duration>,
    server_pid: Option<u32>,
}

impl CpuMark {
    /// Reads both now.
    pub fn now(server_pid: Option<u32>) -> Self {
        CpuMark {
            client: cpu_time(None),
            server: server_pid.and_then(|pid| cpu_time(Some(pid))),
            server_pid,
        }
    }

    /// What each used since this mark.
    pub fn elapsed(&self) -> CpuUse {
        let later = CpuMark::now(self.server_pid);
        let since = |before: Option<Duration>, after: Option<Duration>| {
            Some(after?.saturating_sub(before?))
        };
        CpuUse {
            client: since(self.client, later.client),
            server: since(self.server, later.server),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_process_reads_a_cpu_time_that_grows_with_work() {
        let before = cpu_time(None).expect("Linux /proc");
        let mut x = 0u64;
        let started = std::time::Instant::now();
        while started.elapsed() < Duration::from_millis(60) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        let after = cpu_time(Some(std::process::id())).unwrap();
        assert!(
            after >= before + Duration::from_millis(20),
            "{before:?} {after:?}"
        );
    }
}
