//! The sandbox a hosted program runs in: bubblewrap (`bwrap`) for what it
//! may see, kernel resource limits for what it may use.
//!
//! - Namespaces (`--unshare-all`): no network at all (a new, empty network
//!   namespace), its own process ids, hostname and IPC, so its standard
//!   input and output are its only way out.
//! - Files: `/usr` read-only with the merged-`/usr` links (`/bin`, `/lib`,
//!   ...), a private `/proc` and minimal `/dev`, the program's own folder
//!   and any `--program-bind` folders read-only, and a private `/tmp` of a
//!   bounded size as its scratch. Nothing else exists: no `/etc`, `/home`,
//!   `/root` or `/work`.
//! - Limits (setrlimit in the child before bwrap starts, inherited by the
//!   program): CPU seconds, address space, processes, file size and open
//!   files. The process limit counts every process of the user id, and
//!   the kernel does not apply it to root: an arena run as root gives each
//!   entrant's programs a user id of their own ([`entrant_uid`]), so the
//!   limit binds and one entrant's processes never count against
//!   another's.
//! - Lifetime: `--die-with-parent` and `--new-session`; killing bwrap ends
//!   the whole sandbox (the program is its namespace's init's child).
use std::{
    ffi::OsString,
    path::{Path, PathBuf},
    process::Stdio,
};

use tokio::process::Command;

/// What each hosted program may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// CPU seconds of each process (RLIMIT_CPU); one program process
    /// serves one seat of one game.
    pub cpu_secs: u64,
    /// Address space of each process in MiB (RLIMIT_AS).
    pub memory_mb: u64,
    /// Processes and threads of the entrant's user id (RLIMIT_NPROC).
    pub processes: u64,
    /// Largest file a process may write, in MiB (RLIMIT_FSIZE), its
    /// standard error log included.
    pub file_mb: u64,
    /// Open files of each process (RLIMIT_NOFILE).
    pub open_files: u64,
    /// Size of the private `/tmp` in MiB.
    pub scratch_mb: u64,
    /// Extra folders the program may read (an interpreter or libraries
    /// outside `/usr`).
    pub binds: Vec<PathBuf>,
    /// The bubblewrap executable.
    pub bwrap: PathBuf,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            cpu_secs: 60,
            memory_mb: 1024,
            processes: 64,
            file_mb: 16,
            open_files: 64,
            scratch_mb: 64,
            binds: Vec::new(),
            bwrap: PathBuf::from("bwrap"),
        }
    }
}

/// The user id the programs of entrant `index` run as when the arena runs
/// as root: far above any real account's, one per entrant.
pub fn entrant_uid(index: usize) -> u32 {
    const FIRST: u32 = 0x4d45_0000; // "ME": clear of system and login ids.
    // At most 65,536 ids: far below u32::MAX, which setuid reads as
    // "no change".
    FIRST + u32::try_from(index.min(0xFFFF)).unwrap_or(0xFFFF)
}

/// The folders of the merged `/usr` layout that programs may need, bound
/// or linked as the host has them.
const SYSTEM_LINKS: [&str; 4] = ["/bin", "/lib", "/lib64", "/sbin"];

/// bwrap's arguments for `program args`, with its folder and the extra
/// binds read-only.
pub fn bwrap_args(program: &Path, args: &[String], limits: &Limits) -> Vec<OsString> {
    let mut out: Vec<OsString> = Vec::new();
    let mut push = |items: &[&std::ffi::OsStr]| out.extend(items.iter().map(|i| i.to_os_string()));
    push(&[
        "--unshare-all".as_ref(),
        "--die-with-parent".as_ref(),
        "--new-session".as_ref(),
        "--ro-bind".as_ref(),
        "/usr".as_ref(),
        "/usr".as_ref(),
    ]);
    for link in SYSTEM_LINKS {
        let path = Path::new(link);
        match std::fs::read_link(path) {
            Ok(target) => push(&["--symlink".as_ref(), target.as_os_str(), link.as_ref()]),
            Err(_) if path.is_dir() => push(&["--ro-bind".as_ref(), link.as_ref(), link.as_ref()]),
            Err(_) => {}
        }
    }
    let size = (limits.scratch_mb.saturating_mul(1 << 20)).to_string();
    push(&[
        "--proc".as_ref(),
        "/proc".as_ref(),
        "--dev".as_ref(),
        "/dev".as_ref(),
        "--size".as_ref(),
        size.as_ref(),
        "--tmpfs".as_ref(),
        "/tmp".as_ref(),
    ]);
    let folders = program
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .into_iter()
        .chain(limits.binds.iter().map(PathBuf::as_path));
    for folder in folders {
        push(&["--ro-bind".as_ref(), folder.as_os_str(), folder.as_os_str()]);
    }
    push(&[
        "--chdir".as_ref(),
        "/tmp".as_ref(),
        "--clearenv".as_ref(),
        "--setenv".as_ref(),
        "PATH".as_ref(),
        "/usr/local/bin:/usr/bin:/bin".as_ref(),
        "--setenv".as_ref(),
        "HOME".as_ref(),
        "/tmp".as_ref(),
        "--setenv".as_ref(),
        "LANG".as_ref(),
        "C.UTF-8".as_ref(),
        "--".as_ref(),
        program.as_os_str(),
    ]);
    out.extend(args.iter().map(OsString::from));
    out
}

/// The command that starts `program args` in the sandbox, its standard
/// input and output piped, its standard error into `stderr`, killed when
/// dropped.
pub fn command(
    program: &Path,
    args: &[String],
    limits: &Limits,
    uid: u32,
    stderr: std::fs::File,
) -> Command {
    let mut command = Command::new(&limits.bwrap);
    command
        .args(bwrap_args(program, args, limits))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::from(stderr))
        .kill_on_drop(true);
    let mib = |n: u64| n.saturating_mul(1 << 20);
    let rlimits = [
        (libc::RLIMIT_CPU, limits.cpu_secs),
        (libc::RLIMIT_AS, mib(limits.memory_mb)),
        (libc::RLIMIT_NPROC, limits.processes),
        (libc::RLIMIT_FSIZE, mib(limits.file_mb)),
        (libc::RLIMIT_NOFILE, limits.open_files),
    ];
    // SAFETY: between fork and exec the closure only makes system calls
    // (setrlimit, geteuid, setgroups, setgid, setuid), which are
    // async-signal-safe; it allocates nothing and takes no lock.
    unsafe {
        command.pre_exec(move || {
            for (resource, value) in rlimits {
                let limit = libc::rlimit {
                    rlim_cur: value as libc::rlim_t,
                    rlim_max: value as libc::rlim_t,
                };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if libc::geteuid() == 0 {
                // Group first: once the user id is not root, it cannot be
                // changed.
                if libc::setgroups(0, std::ptr::null()) != 0
                    || libc::setgid(uid) != 0
                    || libc::setuid(uid) != 0
                {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    command
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_program_sees_usr_its_folder_and_a_private_tmp_only() {
        let limits = Limits {
            binds: vec![PathBuf::from("/opt/py")],
            ..Limits::default()
        };
        let args = bwrap_args(
            Path::new("/home/me/bot/run.py"),
            &["--fast".into()],
            &limits,
        );
        let text: Vec<String> = args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let joined = text.join(" ");
        assert!(joined.starts_with("--unshare-all --die-with-parent --new-session"));
        assert!(joined.contains("--ro-bind /usr /usr"));
        assert!(joined.contains("--size 67108864 --tmpfs /tmp"));
        assert!(joined.contains("--ro-bind /home/me/bot /home/me/bot"));
        assert!(joined.contains("--ro-bind /opt/py /opt/py"));
        assert!(joined.ends_with("--clearenv --setenv PATH /usr/local/bin:/usr/bin:/bin --setenv HOME /tmp --setenv LANG C.UTF-8 -- /home/me/bot/run.py --fast"));
        assert!(!joined.contains("/etc"), "{joined}");
        assert!(!joined.contains("--share-net"), "{joined}");
    }

    #[test]
    fn entrants_run_as_distinct_unprivileged_users() {
        assert_ne!(entrant_uid(0), entrant_uid(1));
        assert!(entrant_uid(0) > 65_535);
        assert!(entrant_uid(usize::MAX) < u32::MAX);
    }
}
