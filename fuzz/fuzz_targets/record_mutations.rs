//! Random complete hands, mutated (see `baza_fuzz::targets::record_mutations`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| baza_fuzz::targets::record_mutations(data));
