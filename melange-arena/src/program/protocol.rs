//! The line protocol between `melange-arena` and a hosted program
//! (docs/arena-programs.md): one JSON object a line each way, UTF-8, ended
//! by `\n`. The request is the gRPC contract's `DecideRequest` in the proto3
//! JSON mapping (without the observer token: a program has no network to
//! use it on); the answer names one of the view's legal actions, by its
//! index or as the `Action` message itself.
//!
//! The JSON comes from the contract's own descriptor set
//! ([`pb::FILE_DESCRIPTOR_SET`]) through prost-reflect, so the protocol
//! follows `proto/` with no second definition to keep in step.
use std::sync::OnceLock;

use prost::Message;
use prost_reflect::{DescriptorPool, DeserializeOptions, DynamicMessage, MessageDescriptor};

use melange::pb;

/// The longest answer line a program may write, `\n` included: an answer
/// names one action, a few hundred bytes; anything near this bound is a
/// program gone wrong, and reading it whole would let it take the arena's
/// memory.
pub const MAX_ANSWER_BYTES: usize = 1 << 20;

/// What a well-formed answer chose.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// `{"index": N}`: the N-th of the view's legal actions, from 0.
    Index(usize),
    /// `{"action": {...}}`: an `Action` in the proto3 JSON mapping, which
    /// the server checks against the legal actions as it does a remote
    /// bot's.
    Action(pb::Action),
}

/// The contract's descriptors, decoded once.
fn pool() -> Result<&'static DescriptorPool, String> {
    static POOL: OnceLock<Result<DescriptorPool, String>> = OnceLock::new();
    POOL.get_or_init(|| {
        DescriptorPool::decode(pb::FILE_DESCRIPTOR_SET)
            .map_err(|error| format!("the contract's descriptor set does not decode: {error}"))
    })
    .as_ref()
    .map_err(Clone::clone)
}

fn descriptor(name: &str) -> Result<MessageDescriptor, String> {
    pool()?
        .get_message_by_name(name)
        .ok_or_else(|| format!("the contract has no message {name}"))
}

/// The request line for one decision, without its `\n`: the request in the
/// proto3 JSON mapping (lowerCamelCase names, enums by name, 64-bit
/// integers as strings, default values left out), less its observer token.
pub fn request_line(request: &pb::DecideRequest) -> Result<String, String> {
    let mut request = request.clone();
    request.observer_token.clear();
    let message = DynamicMessage::decode(
        descriptor("melange.v1.DecideRequest")?,
        request.encode_to_vec().as_slice(),
    )
    .map_err(|error| format!("a request does not convert to JSON: {error}"))?;
    serde_json::to_string(&message)
        .map_err(|error| format!("a request does not convert to JSON: {error}"))
}

/// Reads one answer line (without its `\n`): the choice, and the note the
/// program attached to it (`"note"`, MC-NOTE-01; empty without one). The
/// error says, for the log, what is wrong with it.
pub fn parse_answer(line: &str) -> Result<(Answer, String), String> {
    let value: serde_json::Value = serde_json::from_str(line)
        .map_err(|error| format!("the answer is not one JSON object: {error}"))?;
    let serde_json::Value::Object(fields) = value else {
        return Err("the answer is not a JSON object".to_owned());
    };
    if let Some(unknown) = fields
        .keys()
        .find(|k| !matches!(k.as_str(), "index" | "action" | "note"))
    {
        return Err(format!(
            "the answer has a field {}; it has \"index\" or \"action\", and \"note\", only",
            melange::matches::echo(unknown)
        ));
    }
    let note = match fields.get("note") {
        None => String::new(),
        Some(serde_json::Value::String(note)) if note.len() <= melange::matches::MAX_NOTE_BYTES => {
            note.clone()
        }
        Some(_) => {
            return Err(format!(
                "the answer's \"note\" is not a string of at most {} bytes (MC-NOTE-01)",
                melange::matches::MAX_NOTE_BYTES
            ));
        }
    };
    let answer = match (fields.get("index"), fields.get("action")) {
        (Some(index), None) => index
            .as_u64()
            .and_then(|index| usize::try_from(index).ok())
            .map(Answer::Index)
            .ok_or_else(|| "the answer's \"index\" is not a whole number from 0".to_owned()),
        (None, Some(action)) => {
            let message = DynamicMessage::deserialize_with_options(
                descriptor("melange.v1.Action")?,
                action,
                &DeserializeOptions::new(),
            )
            .map_err(|error| format!("the answer's \"action\" is not an Action: {error}"))?;
            message
                .transcode_to::<pb::Action>()
                .map(Answer::Action)
                .map_err(|error| format!("the answer's \"action\" is not an Action: {error}"))
        }
        (Some(_), Some(_)) => Err("the answer has both \"index\" and \"action\"".to_owned()),
        (None, None) => Err("the answer has neither \"index\" nor \"action\"".to_owned()),
    }?;
    Ok((answer, note))
}

/// The action an answer chose for `view`; an index past its legal actions
/// is an error.
pub fn chosen(answer: Answer, view: &pb::View) -> Result<pb::Action, String> {
    match answer {
        Answer::Action(action) => Ok(action),
        Answer::Index(index) => view
            .legal_actions
            .get(index)
            .and_then(|legal| legal.action.clone())
            .ok_or_else(|| {
                format!(
                    "the answer's index {index} is not one of the {} legal actions",
                    view.legal_actions.len()
                )
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn take(n: u32) -> pb::Action {
        pb::Action {
            game: Some(pb::action::Game::Harness(pb::HarnessAction { take: n })),
        }
    }

    fn request() -> pb::DecideRequest {
        pb::DecideRequest {
            game_id: "g1".into(),
            seat: 1,
            view: Some(pb::View {
                game_id: "g1".into(),
                version: 7,
                status: pb::GameStatus::InProgress as i32,
                to_act: vec![1],
                legal_actions: vec![
                    pb::LegalAction {
                        action: Some(take(1)),
                        label: "take 1".into(),
                    },
                    pb::LegalAction {
                        action: Some(take(2)),
                        label: "take 2".into(),
                    },
                ],
                seat: Some(1),
                ..Default::default()
            }),
            time_left_ms: 2500,
            observer_token: "secret".into(),
        }
    }

    #[test]
    fn a_request_is_the_decide_request_in_the_proto3_json_mapping() {
        let line = request_line(&request()).unwrap();
        assert!(!line.contains('\n'));
        assert!(!line.contains("secret"), "{line}");
        let json: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(json["gameId"], "g1");
        assert_eq!(json["seat"], 1);
        assert_eq!(json["timeLeftMs"], "2500");
        assert_eq!(json["view"]["version"], "7");
        assert_eq!(json["view"]["status"], "GAME_STATUS_IN_PROGRESS");
        assert_eq!(json["view"]["legalActions"][1]["label"], "take 2");
        assert_eq!(
            json["view"]["legalActions"][1]["action"]["harness"]["take"],
            2
        );
    }

    #[test]
    fn an_answer_names_a_legal_action_by_index_or_whole() {
        let view = request().view.unwrap();
        let by_index = parse_answer(r#"{"index": 1}"#).unwrap().0;
        assert_eq!(chosen(by_index, &view).unwrap(), take(2));
        let whole = parse_answer(r#"{"action": {"harness": {"take": 1}}}"#)
            .unwrap()
            .0;
        assert_eq!(chosen(whole, &view).unwrap(), take(1));
        // The server, not the arena, judges a whole action's legality.
        let other = parse_answer(r#"{"action": {"harness": {"take": 9}}}"#)
            .unwrap()
            .0;
        assert_eq!(chosen(other, &view).unwrap(), take(9));
    }

    #[test]
    fn malformed_answers_are_refused_with_a_reason() {
        let view = request().view.unwrap();
        for (line, why) in [
            ("", "not one JSON object"),
            ("take 1", "not one JSON object"),
            ("[1]", "not a JSON object"),
            ("{}", "neither"),
            (r#"{"index": -1}"#, "whole number"),
            (r#"{"index": 1.5}"#, "whole number"),
            (r#"{"index": "1"}"#, "whole number"),
            (r#"{"index": 0, "action": {}}"#, "both"),
            (r#"{"index": 0, "why": "x"}"#, "field \"why\""),
            (r#"{"action": {"harness": {"takes": 1}}}"#, "not an Action"),
            (r#"{"action": 3}"#, "not an Action"),
        ] {
            let error = parse_answer(line).unwrap_err();
            assert!(error.contains(why), "{line}: {error}");
        }
        let past = parse_answer(r#"{"index": 2}"#).unwrap().0;
        assert!(chosen(past, &view).unwrap_err().contains("2 legal actions"));
        // Nesting past serde_json's recursion limit is an error, not a
        // stack overflow.
        let deep = "[".repeat(100_000);
        assert!(parse_answer(&deep).is_err());
    }
}
