//! The Glicko-2 rating system, as in Mark Glickman, "Example of the Glicko-2 system"
//! (2013): a rating, its deviation (RD) and a volatility per player, updated once per
//! rating period from every game of that period against the opponents' ratings at the
//! start of the period.

/// The ratio between the Glicko scale and the Glicko-2 scale (173.7178 in the paper).
pub const SCALE: f64 = 173.7178;

/// A player's rating on the Glicko scale: rating (1500 by default), rating deviation
/// and volatility.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub rating: f64,
    pub rd: f64,
    pub volatility: f64,
}

/// The system settings: the constant τ that limits how fast the volatility moves, the
/// rating of a newcomer, the largest RD and the convergence tolerance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Config {
    pub tau: f64,
    pub initial: Rating,
    pub max_rd: f64,
    pub epsilon: f64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            tau: 0.5,
            initial: Rating {
                rating: 1500.0,
                rd: 350.0,
                volatility: 0.06,
            },
            max_rd: 350.0,
            epsilon: 0.000_001,
        }
    }
}

/// One game of the period seen from the rated player: the opponent's rating at the
/// start of the period and the player's score (1 win, ½ draw, 0 loss).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Game {
    pub opponent: Rating,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// The expected score of `player` against `opponent` (probability of winning).
pub fn expected_score(player: Rating, opponent: Rating) -> f64 {
    let mu = (player.rating - 1500.0) / SCALE;
    let mu_j = (opponent.rating - 1500.0) / SCALE;
    expected(mu, mu_j, opponent.rd / SCALE)
}

/// The player's rating after one rating period with `games` (none: only the RD grows).
pub fn update(player: Rating, games: &[Game], config: &Config) -> Rating {
    let mu = (player.rating - 1500.0) / SCALE;
    let phi = player.rd / SCALE;
    let sigma = player.volatility;
    let max_phi = config.max_rd / SCALE;
    if games.is_empty() {
        let phi_star = (phi * phi + sigma * sigma).sqrt().min(max_phi);
        return Rating {
            rating: player.rating,
            rd: phi_star * SCALE,
            volatility: sigma,
        };
    }
    // Step 3: the estimated variance v; step 4: the estimated improvement Δ.
    let mut v_inv = 0.0;
    let mut delta_sum = 0.0;
    for game in games {
        let mu_j = (game.opponent.rating - 1500.0) / SCALE;
        let phi_j = game.opponent.rd / SCALE;
        let g_j = g(phi_j);
        let e = expected(mu, mu_j, phi_j);
        v_inv += g_j * g_j * e * (1.0 - e);
        delta_sum += g_j * (game.score - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * delta_sum;
    // Step 5: the new volatility by the Illinois algorithm.
    let tau = config.tau;
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut steps = 0;
    while (big_b - big_a).abs() > config.epsilon && steps < 200 {
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
        steps += 1;
    }
    let new_sigma = (big_a / 2.0).exp();
    // Steps 6 and 7: the new deviation and rating.
    let phi_star = (phi * phi + new_sigma * new_sigma).sqrt();
    let new_phi = (1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v)).sqrt();
    let new_mu = mu + new_phi * new_phi * delta_sum;
    Rating {
        rating: new_mu * SCALE + 1500.0,
        rd: (new_phi * SCALE).min(config.max_rd),
        volatility: new_sigma,
    }
}
