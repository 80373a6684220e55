//! The messages between a seat's device and the host, as JSON text over a WebSocket. A
//! device sends actions for its own seat; the host sends the seat's view after every change,
//! and says whether each action was played or refused, and why.

use super::view::SeatView;
use crate::engine::{Act, Blueprint, Contractor, Tool};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest message a device may send (an action is a few hundred bytes).
pub const MAX_MESSAGE: usize = 8 * 1024;

/// What a device says.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// Play `act` for this seat. `id` is the device's own number for the message (sent twice,
    /// it is played once); `seen` the version of the view it was chosen on; at a real table,
    /// `dice` the faces of a roll typed, `blueprints` and `contractors` the cards revealed
    /// (English names), in order.
    Act {
        id: u64,
        seen: u64,
        act: Act,
        #[serde(default)]
        dice: Vec<u8>,
        #[serde(default)]
        blueprints: Vec<Blueprint>,
        #[serde(default)]
        contractors: Vec<Contractor>,
        /// The deal's tool tokens, left to right (told by the maker at a real table).
        #[serde(default)]
        tools: Option<[Tool; 4]>,
    },
    /// Speak this language ("en", "fr", "es", "ru").
    Lang { lang: String },
    /// *Suggest* for this seat: the answer is a `suggestion` (or a refusal saying why not).
    Suggest,
    /// The review of this seat's game, once it is over: the answer is a `review` (or a
    /// refusal saying why not).
    Review,
    /// This device plays the seat from now on (it was open on another).
    TakeOver,
    /// Take back this seat's own last action (the others, or the host's window, agree).
    Undo,
    /// Agree (or not) to the action another seat asked to take back.
    UndoAnswer { yes: bool },
}

/// What the host says to one device.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The seat's view of the game now.
    View { view: Box<SeatView> },
    /// The action `id` was played.
    Done { id: u64 },
    /// *Suggest*'s answer.
    Suggestion {
        suggestion: Box<super::suggest::Suggestion>,
    },
    /// The review of the seat's game, worked out on what the seat knew at each choice.
    Review { review: Box<crate::review::Said> },
    /// The seat is open on another device: this one shows nothing of it until the player
    /// taps `take` (sending `take_over`).
    Elsewhere { text: String, take: String },
    /// Another device took the seat over: this one shows nothing of it any more (it may take
    /// it back with `take`).
    TakenOver { text: String, take: String },
    /// The message `id` (if it had one) was refused: `reason` in the seat's language. At a
    /// real table, `need` says what the action waits for: the next card revealed
    /// (`blueprint`, `contractor`), the deal's tool tokens (`tools`) or a die (`die`), sent
    /// again with it.
    Refused {
        id: Option<u64>,
        reason: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        need: Option<&'static str>,
    },
}

impl ServerMsg {
    pub fn to_json(&self) -> String {
        // A view is plain data: it always serialises.
        serde_json::to_string(self).unwrap_or_default()
    }
}

/// Why a message could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WireError {
    #[error("the message is {0} bytes; at most {MAX_MESSAGE} are read")]
    TooLong(usize),
    #[error("the message is not one Foreman reads: {0}")]
    Malformed(String),
}

/// Reads a device's message; anything else is an error that says why, never a panic.
pub fn decode(text: &str) -> Result<ClientMsg, WireError> {
    if text.len() > MAX_MESSAGE {
        return Err(WireError::TooLong(text.len()));
    }
    serde_json::from_str(text).map_err(|e| {
        // serde's words without its position noise: the line and column of one line of JSON.
        let said = e.to_string();
        let said = said.split(" at line ").next().unwrap_or(&said).to_string();
        WireError::Malformed(said)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_reads_back_as_sent() {
        let msg = ClientMsg::Act {
            id: 7,
            seen: 3,
            act: Act::TakeBlueprint { slot: 2 },
            dice: vec![],
            blueprints: vec![Blueprint::Dojo],
            contractors: vec![],
            tools: None,
        };
        let text = serde_json::to_string(&msg).expect("serialises");
        assert_eq!(decode(&text), Ok(msg));
    }

    proptest::proptest! {
        // The same cases at every run.
        #![proptest_config(proptest::test_runner::Config {
            rng_seed: proptest::test_runner::RngSeed::Fixed(73),
            ..proptest::test_runner::Config::default()
        })]
        /// Issue 73, point 6: any text, and any message cut short or with a byte changed,
        /// reads or is refused; never a panic.
        #[test]
        fn any_text_reads_or_is_refused(text in ".{0,300}", cut in 0usize..200, at in 0usize..200, b in 0u8..128) {
            let _ = decode(&text);
            let good = r#"{"type":"act","id":3,"seen":9,"act":{"kind":"hire","slot":1,"discard":"Dojo","opponent":2},"dice":[1,6]}"#;
            let _ = decode(&good[..cut.min(good.len())]);
            let mut bytes = good.as_bytes().to_vec();
            let i = at % bytes.len();
            bytes[i] = b;
            if let Ok(t) = std::str::from_utf8(&bytes) {
                let _ = decode(t);
            }
        }
    }

    #[test]
    fn bad_messages_are_refused_with_a_reason() {
        let long = "x".repeat(MAX_MESSAGE + 1);
        assert_eq!(decode(&long), Err(WireError::TooLong(MAX_MESSAGE + 1)));
        for bad in [
            "",
            "{",
            "null",
            r#"{"type":"act"}"#,
            r#"{"type":"act","id":1,"seen":0,"act":{"take_blueprint":{"slot":"x"}}}"#,
            r#"{"type":"shout"}"#,
            r#"{"type":"lang","lang":"fr","extra":1}"#,
            r#"{"type":"act","id":-1,"seen":0,"act":"pass"}"#,
        ] {
            match decode(bad) {
                Err(WireError::Malformed(why)) => assert!(!why.is_empty(), "{bad}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }
}
