//! Any bytes as a hand record (see `baza_fuzz::targets::record_text`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| baza_fuzz::targets::record_text(data));
