//! Plain data: [`SplitMix64`], the seeded generator that shuffles the decks of random
//! hands. Uses nothing of the domain.

/// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast, good enough to shuffle cards.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

/// The step SplitMix64 adds to its state before each output (2^64 / φ).
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's finaliser: a well-spread 64-bit number from `z`.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        mix(self.0)
    }

    /// Uniform in `0..n` (0 when `n == 0`): Lemire's multiply-shift, up to a 2^-64 bias.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        shuffle_with(v, |n| self.below(n));
    }
}

/// Fisher–Yates shuffle of `v`, `below(n)` drawing a number in `0..n`.
pub fn shuffle_with<T>(v: &mut [T], mut below: impl FnMut(usize) -> usize) {
    for i in (1..v.len()).rev() {
        let j = below(i + 1);
        v.swap(i, j);
    }
}
