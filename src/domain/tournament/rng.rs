//! A tiny deterministic PRNG (SplitMix64, Steele, Lea and Flood 2014) for the lot: the
//! seed comes from the tournament file, so the same file always draws the same.

use crate::domain::rng::{GOLDEN_GAMMA, mix};

/// One SplitMix64 output for `x` (a good 64-bit mixer).
pub fn splitmix64(x: u64) -> u64 {
    mix(x.wrapping_add(GOLDEN_GAMMA))
}

/// FNV-1a of a string: a stable hash (std's `DefaultHasher` may change between releases).
pub fn hash_str(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    })
}

/// A SplitMix64 stream.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        splitmix64(self.0)
    }

    /// A number in `0..n` (0 when `n` is 0); the slight modulo bias is irrelevant here.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}
