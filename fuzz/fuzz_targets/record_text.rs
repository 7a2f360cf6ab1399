//! Any bytes as a hand record: the parser and the engine must answer with an error or
//! a ruling, never panic; a ruling must survive a JSON round trip.
#![no_main]

use baza_fuzz::domain::{self, Lang, Ruling};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(ruling) = domain::check_str(text, Lang::En) {
        let json = serde_json::to_string(&ruling).expect("serialise ruling");
        let back: Ruling = serde_json::from_str(&json).expect("ruling round trip");
        assert_eq!(back, ruling);
    }
});
