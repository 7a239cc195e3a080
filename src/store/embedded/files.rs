//! The data directory and its files. The store holds every game's seed,
//! which reveals its hidden cards: a directory the server creates is its
//! owner's alone (0700), every file it writes there too (0600), and an
//! existing journal that others could read is narrowed at start, whatever
//! made it so. A new file, a rename or a removal is durable only once the
//! directory is flushed as well.
use std::{
    fs::{File, OpenOptions},
    io,
    path::Path,
};

/// Creates the data directory if needed, private.
pub(super) fn data_dir(dir: &Path) -> Result<(), String> {
    let created = !dir.exists();
    std::fs::create_dir_all(dir).map_err(|error| {
        format!(
            "cannot create the data directory {} (--data-dir): {error}",
            dir.display()
        )
    })?;
    #[cfg(unix)]
    if created {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)).map_err(|error| {
            format!(
                "cannot make the data directory {} private (--data-dir): {error}",
                dir.display()
            )
        })?;
    }
    #[cfg(not(unix))]
    let _ = created;
    Ok(())
}

fn private_options() -> OpenOptions {
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
}

fn narrow(file: &File) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))?;
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}

/// Opens the file at `path` for reading and writing, creating it empty
/// when it is missing, its owner's alone (mode 0600).
pub(super) fn open_private(path: &Path) -> Result<File, String> {
    let private = |error: io::Error| {
        format!(
            "cannot open the journal {} privately (mode 600): {error}",
            path.display()
        )
    };
    let file = private_options()
        .truncate(false)
        .open(path)
        .map_err(private)?;
    narrow(&file).map_err(private)?;
    Ok(file)
}

/// Creates the file at `path` empty (emptying one already there), its
/// owner's alone.
pub(super) fn create_private(path: &Path) -> io::Result<File> {
    let file = private_options().truncate(true).open(path)?;
    narrow(&file)?;
    Ok(file)
}

/// Flushes the directory itself, so that a file created, renamed or
/// removed in it stays so after a power cut.
pub(super) fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Writes all of `bytes` at `offset` of the file (one `pwrite` on Unix).
pub(super) fn write_at(file: &File, bytes: &[u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.write_all_at(bytes, offset)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = file;
        file.seek(SeekFrom::Start(offset))?;
        file.write_all(bytes)
    }
}

/// Fills `buf` from `offset` of the file.
pub(super) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileExt;
        file.read_exact_at(buf, offset)
    }
    #[cfg(not(unix))]
    {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = file;
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(buf)
    }
}

/// Copies the bytes `from..to` of `source` to `target` from `at`, a
/// megabyte at a time.
pub(super) fn copy_range(
    source: &File,
    from: u64,
    to: u64,
    target: &File,
    at: u64,
) -> io::Result<()> {
    let mut buf = vec![0u8; (to.saturating_sub(from)).min(1 << 20) as usize];
    let mut done = 0;
    while from + done < to {
        let chunk = (to - from - done).min(buf.len() as u64) as usize;
        read_at(source, &mut buf[..chunk], from + done)?;
        write_at(target, &buf[..chunk], at + done)?;
        done += chunk as u64;
    }
    Ok(())
}

/// The end of the last byte of `from..to` in the file that is not zero
/// (`from` when all are), read backwards a megabyte at a time.
pub(super) fn last_nonzero_end(file: &File, from: u64, to: u64) -> io::Result<u64> {
    let mut buf = vec![0u8; (to.saturating_sub(from)).min(1 << 20) as usize];
    let mut upto = to;
    while upto > from {
        let chunk = (upto - from).min(buf.len() as u64) as usize;
        let start = upto - chunk as u64;
        read_at(file, &mut buf[..chunk], start)?;
        if let Some(last) = buf[..chunk].iter().rposition(|byte| *byte != 0) {
            return Ok(start + last as u64 + 1);
        }
        upto = start;
    }
    Ok(from)
}
