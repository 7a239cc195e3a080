//! One running program: its standard input to write requests to, and the
//! lines of its standard output, read by a task of their own so that
//! output written out of turn is seen, and bounded so that an endless line
//! costs the arena [`MAX_ANSWER_BYTES`] at most.
use std::time::Duration;

use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    process::{Child, ChildStdin, ChildStdout},
    sync::mpsc,
};

use super::protocol::MAX_ANSWER_BYTES;

/// What the reader saw on the program's standard output.
#[derive(Debug)]
enum Line {
    /// A whole line, without its `\n`.
    Text(Vec<u8>),
    /// A line longer than [`MAX_ANSWER_BYTES`]: reading stopped.
    TooLong,
    /// The output ended (the program exited or closed it).
    End,
}

/// A program started in its sandbox.
#[derive(Debug)]
pub struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: mpsc::Receiver<Line>,
}

impl Running {
    /// Takes over a started child whose standard input and output are
    /// piped.
    pub fn new(mut child: Child) -> Result<Running, String> {
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err("the program's standard input and output are not piped".to_owned());
        };
        // Two lines of room: a program that writes more out of turn waits
        // on its pipe, and is killed at its next decision.
        let (sender, lines) = mpsc::channel(2);
        tokio::spawn(read_lines(stdout, sender));
        Ok(Running {
            child,
            stdin,
            lines,
        })
    }

    /// Sends one request line and waits up to `wait` for the answer line.
    /// The error is a sentence for the log; after one the program is out
    /// of step with its requests and must be ended.
    pub async fn ask(&mut self, request: &str, wait: Duration) -> Result<String, String> {
        let exchange = async {
            // Anything already read was written before this request.
            if let Ok(line) = self.lines.try_recv() {
                return Err(match line {
                    Line::Text(_) | Line::TooLong => {
                        "the program wrote to its standard output out of turn".to_owned()
                    }
                    Line::End => self.ended().await,
                });
            }
            let mut bytes = Vec::with_capacity(request.len() + 1);
            bytes.extend_from_slice(request.as_bytes());
            bytes.push(b'\n');
            if self.stdin.write_all(&bytes).await.is_err() || self.stdin.flush().await.is_err() {
                return Err(self.ended().await);
            }
            match self.lines.recv().await {
                Some(Line::Text(bytes)) => String::from_utf8(bytes)
                    .map_err(|_| "the program's answer is not UTF-8".to_owned()),
                Some(Line::TooLong) => Err(format!(
                    "the program's answer is longer than {MAX_ANSWER_BYTES} bytes"
                )),
                Some(Line::End) | None => Err(self.ended().await),
            }
        };
        match tokio::time::timeout(wait, exchange).await {
            Ok(answer) => answer,
            Err(_) => Err(format!(
                "the program did not answer within {} ms",
                wait.as_millis()
            )),
        }
    }

    /// Why the program's output ended: its exit status once it is known.
    async fn ended(&mut self) -> String {
        match tokio::time::timeout(Duration::from_millis(200), self.child.wait()).await {
            Ok(Ok(status)) => format!("the program ended ({status})"),
            _ => "the program closed its standard output".to_owned(),
        }
    }

    /// Ends the program and its sandbox now.
    pub fn kill(mut self) {
        let _ = self.child.start_kill();
        // Reaped in the background: bwrap dies at once on SIGKILL.
        tokio::spawn(async move {
            let _ = self.child.wait().await;
        });
    }
}

/// Reads bounded lines until the output ends or a line is too long.
async fn read_lines(stdout: ChildStdout, lines: mpsc::Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        let buffer = match reader.fill_buf().await {
            Ok(buffer) if !buffer.is_empty() => buffer,
            _ => break,
        };
        let (take, whole) = match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => (end + 1, true),
            None => (buffer.len(), false),
        };
        if line.len() + take > MAX_ANSWER_BYTES {
            let _ = lines.send(Line::TooLong).await;
            return;
        }
        line.extend_from_slice(&buffer[..take]);
        reader.consume(take);
        if whole {
            line.pop();
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            if lines
                .send(Line::Text(std::mem::take(&mut line)))
                .await
                .is_err()
            {
                return;
            }
        }
    }
    let _ = lines.send(Line::End).await;
}

#[cfg(test)]
mod tests {
    //! The program's faults as seen on its pipes, with `sh` standing in for
    //! a program (no sandbox: these run in plain `cargo test`).
    use std::process::Stdio;

    use super::*;

    fn start(script: &str) -> Running {
        let child = tokio::process::Command::new("sh")
            .args(["-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        Running::new(child).unwrap()
    }

    const WAIT: Duration = Duration::from_secs(5);

    #[tokio::test]
    async fn a_program_in_step_answers_each_request() {
        let mut program = start(r#"while read line; do echo "{\"index\":0}"; done"#);
        for _ in 0..3 {
            assert_eq!(program.ask("{}", WAIT).await.unwrap(), r#"{"index":0}"#);
        }
        program.kill();
    }

    #[tokio::test]
    async fn output_before_a_request_is_out_of_turn() {
        let mut program = start("echo early; while read line; do echo ok; done");
        tokio::time::sleep(Duration::from_millis(300)).await;
        let error = program.ask("{}", WAIT).await.unwrap_err();
        assert!(error.contains("out of turn"), "{error}");
    }

    #[tokio::test]
    async fn a_line_past_the_bound_is_refused_unread() {
        let mut program = start("read line; head -c 3000000 /dev/zero | tr '\\0' x; sleep 5");
        let error = program.ask("{}", WAIT).await.unwrap_err();
        assert!(error.contains("longer than 1048576 bytes"), "{error}");
    }

    #[tokio::test]
    async fn a_late_or_ended_program_is_a_sentence() {
        let mut late = start("read line; sleep 5");
        let error = late
            .ask("{}", Duration::from_millis(100))
            .await
            .unwrap_err();
        assert_eq!(error, "the program did not answer within 100 ms");
        late.kill();
        let mut ended = start("exit 3");
        let error = ended.ask("{}", WAIT).await.unwrap_err();
        assert!(error.contains("exit status: 3"), "{error}");
    }
}
