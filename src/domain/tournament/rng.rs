//! A tiny deterministic PRNG (SplitMix64, Steele, Lea and Flood 2014) for the lot: the
//! seed comes from the tournament file, so the same file always draws the same.

use crate::domain::rng::{GOLDEN_GAMMA, SplitMix64, mix, shuffle_with};

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

/// A SplitMix64 stream whose numbers below `n` are taken by modulo, as the lot of a
/// tournament file has always drawn them. It is [`SplitMix64`]'s stream from `seed + γ`
/// (its steps have always added γ once more than the generator's own).
#[derive(Debug, Clone)]
pub struct Rng(SplitMix64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::new(seed.wrapping_add(GOLDEN_GAMMA)))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
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
        shuffle_with(v, |n| self.below(n));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_draws_the_numbers_and_the_order_it_always_drew() {
        let mut rng = Rng::new(7);
        let drawn: Vec<u64> = (0..4).map(|_| rng.next_u64() % 1000).collect();
        assert_eq!(drawn, [804, 346, 203, 674]);
        let mut order: Vec<u32> = (0..8).collect();
        Rng::new(7).shuffle(&mut order);
        assert_eq!(order, [2, 6, 5, 1, 7, 3, 0, 4]);
    }
}
