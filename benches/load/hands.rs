//! Score-entry load: N scorekeepers, each with its own session and its own cuatrola
//! games, post hands as fast as the server takes them for S seconds; then every game
//! is exported and its hands counted against the hands acknowledged (none lost, none
//! duplicated). Prints hands/s and the latency of a save (p50, p99).
//!
//! `cargo run --release --example load_hands -- BASE_URL USER PASSWORD [CLIENTS] [SECONDS] [MODE]`
//! (benches/load/run.sh starts the server and calls it).
//!
//! MODE `short` (the default): cuatrola games of 9 hands each. MODE `long`: botifarra
//! games of 50 hands each (every hand 36–36, so none ends the game); prints the save
//! latency at hands 1–10 and at hands 41–50, which must be the same. MODE `prepare:N`:
//! one botifarra game with N such hands; prints its id (for wrk on its scoreboard).

use std::time::{Duration, Instant};

use reqwest::StatusCode;

type Error = Box<dyn std::error::Error + Send + Sync>;

fn attr(html: &str, selector: &str, name: &str) -> Option<String> {
    let doc = scraper::Html::parse_document(html);
    let sel = scraper::Selector::parse(selector).ok()?;
    doc.select(&sel)
        .next()
        .and_then(|e| e.value().attr(name))
        .map(str::to_owned)
}

struct Keeper {
    base: String,
    client: reqwest::Client,
    csrf: String,
}

impl Keeper {
    async fn login(base: &str, user: &str, password: &str) -> Result<Keeper, Error> {
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let page = client
            .get(format!("{base}/entrar"))
            .send()
            .await?
            .text()
            .await?;
        let csrf = attr(&page, "input[name=csrf]", "value").ok_or("no csrf")?;
        let res = client
            .post(format!("{base}/entrar"))
            .form(&[
                ("csrf", csrf.as_str()),
                ("username", user),
                ("password", password),
                ("next", "/"),
            ])
            .send()
            .await?;
        if res.status() != StatusCode::SEE_OTHER {
            return Err(format!("login: {}", res.status()).into());
        }
        // The token is per session: read it again now that we are signed in.
        let page = client
            .get(format!("{base}/entrar"))
            .send()
            .await?
            .text()
            .await?;
        let csrf = attr(&page, "input[name=csrf]", "value").unwrap_or(csrf);
        Ok(Keeper {
            base: base.to_owned(),
            client,
            csrf,
        })
    }

    async fn new_game(&self, game: &str) -> Result<i32, Error> {
        let res = self
            .client
            .post(format!("{}/clubes/1/partidas/nueva", self.base))
            .form(&[
                ("csrf", self.csrf.as_str()),
                ("game", game),
                ("players", "4"),
                ("first_dealer", "3"),
                ("seat_0", "Ana"),
                ("seat_1", "Benito"),
                ("seat_2", "Carmen"),
                ("seat_3", "Dámaso"),
            ])
            .send()
            .await?;
        let loc = res
            .headers()
            .get("location")
            .and_then(|l| l.to_str().ok())
            .ok_or_else(|| format!("new game: {}", res.status()))?;
        Ok(loc.trim_start_matches("/partidas/").parse()?)
    }

    async fn version(&self, game: i32) -> Result<i32, Error> {
        let page = self
            .client
            .get(format!("{}/partidas/{game}", self.base))
            .send()
            .await?
            .text()
            .await?;
        Ok(attr(&page, ".big-score", "data-version")
            .ok_or("no version")?
            .parse()?)
    }

    async fn hand(
        &self,
        game: i32,
        version: i32,
        submission: &str,
        long: Option<u8>,
    ) -> Result<StatusCode, Error> {
        let v = version.to_string();
        let mut form = vec![
            ("csrf", self.csrf.clone()),
            ("version", v),
            ("submission", submission.to_owned()),
        ];
        match long {
            // Botifarra: the dealer chooses oros; 36 card points each, nobody scores.
            Some(dealer) => form.extend([
                ("chooser", dealer.to_string()),
                ("choice", "o".to_owned()),
                ("doubles", "0".to_owned()),
                ("points_side0", "36".to_owned()),
            ]),
            None => form.extend(
                [
                    ("trump", "o"),
                    ("bid", "solo"),
                    ("bidder", "0"),
                    ("card_points_side0", "70"),
                    ("card_points_side1", "30"),
                    ("last_trick_side", "0"),
                ]
                .map(|(k, v)| (k, v.to_owned())),
            ),
        }
        let res = self
            .client
            .post(format!("{}/partidas/{game}/mano", self.base))
            .form(&form)
            .send()
            .await?;
        Ok(res.status())
    }

    async fn stored(&self, game: i32) -> Result<usize, Error> {
        let v: serde_json::Value = self
            .client
            .get(format!("{}/partidas/{game}/exportar", self.base))
            .send()
            .await?
            .json()
            .await?;
        Ok(v["hands"].as_array().map_or(0, Vec::len))
    }
}

struct Outcome {
    /// (game, hands acknowledged)
    games: Vec<(i32, usize)>,
    /// The latency of each save, with the number the hand has in its game.
    latencies: Vec<(usize, Duration)>,
    refused: usize,
}

/// How many hands a game gets, and of which game.
#[derive(Clone, Copy)]
struct Games {
    hands: usize,
    long: bool,
}

async fn run_keeper(
    k: Keeper,
    run: u128,
    id: usize,
    until: Instant,
    games: Games,
) -> Result<(Keeper, Outcome), Error> {
    let mut out = Outcome {
        games: Vec::new(),
        latencies: Vec::new(),
        refused: 0,
    };
    let mut n = 0usize;
    while Instant::now() < until {
        let game = k
            .new_game(if games.long { "botifarra" } else { "cuatrola" })
            .await?;
        let mut version = k.version(game).await?;
        let mut acked = 0usize;
        // A won solo is 2 points: 9 hands stay under the 21 that ends the game.
        while acked < games.hands && Instant::now() < until {
            n += 1;
            let t = Instant::now();
            // Seat 3 deals first, then each seat in turn.
            let dealer = games.long.then_some(((acked + 3) % 4) as u8);
            let status = k
                .hand(game, version, &format!("load-{run}-{id}-{n}"), dealer)
                .await?;
            out.latencies.push((acked + 1, t.elapsed()));
            if status == StatusCode::SEE_OTHER {
                acked += 1;
                version += 1;
            } else {
                out.refused += 1;
                version = k.version(game).await?;
            }
        }
        out.games.push((game, acked));
    }
    Ok((k, out))
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().collect();
    let base = args
        .get(1)
        .ok_or("BASE_URL")?
        .trim_end_matches('/')
        .to_owned();
    let user = args.get(2).ok_or("USER")?.clone();
    let password = args.get(3).ok_or("PASSWORD")?.clone();
    let clients: usize = args.get(4).map_or(Ok(32), |s| s.parse())?;
    let seconds: u64 = args.get(5).map_or(Ok(10), |s| s.parse())?;
    let mode = args.get(6).map_or("short", String::as_str);
    if let Some(n) = mode.strip_prefix("prepare:") {
        let k = Keeper::login(&base, &user, &password).await?;
        let game = k.new_game("botifarra").await?;
        let mut version = k.version(game).await?;
        for i in 0..n.parse::<usize>()? {
            let dealer = ((i + 3) % 4) as u8;
            let status = k
                .hand(game, version, &format!("prepare-{game}-{i}"), Some(dealer))
                .await?;
            if status != StatusCode::SEE_OTHER {
                return Err(format!("prepare: hand {}: {status}", i + 1).into());
            }
            version += 1;
        }
        println!("{game}");
        return Ok(());
    }
    let shape = if mode == "long" {
        Games {
            hands: 50,
            long: true,
        }
    } else {
        Games {
            hands: 9,
            long: false,
        }
    };
    let mut keepers = Vec::new();
    for _ in 0..clients {
        keepers.push(Keeper::login(&base, &user, &password).await?);
    }
    // Submission ids unique to this run: a second run against the same database must
    // not be taken for double-tapped resubmissions of the first.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_nanos();
    let start = Instant::now();
    let until = start + Duration::from_secs(seconds);
    let tasks: Vec<_> = keepers
        .into_iter()
        .enumerate()
        .map(|(i, k)| tokio::spawn(run_keeper(k, run, i, until, shape)))
        .collect();
    let mut results = Vec::new();
    for t in tasks {
        results.push(t.await??);
    }
    let elapsed = start.elapsed().as_secs_f64();
    let all: Vec<(usize, Duration)> = results
        .iter()
        .flat_map(|(_, o)| o.latencies.iter().copied())
        .collect();
    let mut latencies: Vec<Duration> = all.iter().map(|(_, d)| *d).collect();
    latencies.sort_unstable();
    let p50_of = |from: usize, to: usize| {
        let mut d: Vec<Duration> = all
            .iter()
            .filter(|(n, _)| (from..=to).contains(n))
            .map(|(_, d)| *d)
            .collect();
        d.sort_unstable();
        (
            d.len(),
            d.get(d.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1000.0),
        )
    };
    let acked: usize = results
        .iter()
        .flat_map(|(_, o)| o.games.iter().map(|g| g.1))
        .sum();
    let refused: usize = results.iter().map(|(_, o)| o.refused).sum();
    // Count what the server kept, game by game.
    let (mut lost, mut extra, mut games) = (0usize, 0usize, 0usize);
    for (k, o) in &results {
        for &(game, n) in &o.games {
            games += 1;
            let stored = k.stored(game).await?;
            lost += n.saturating_sub(stored);
            extra += stored.saturating_sub(n);
        }
    }
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 - 1.0) * p).round() as usize)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{clients} scorekeepers, {elapsed:.1} s: {acked} hands saved in {games} games = {:.0} hands/s; \
         save latency p50 {:.1} ms, p99 {:.1} ms; refused {refused}; lost {lost}; duplicated {extra}",
        acked as f64 / elapsed,
        pct(0.50),
        pct(0.99)
    );
    if shape.long {
        let (a, early) = p50_of(1, 10);
        let (b, late) = p50_of(41, 50);
        println!(
            "save latency p50 at hands 1-10: {early:.2} ms ({a} saves); at hands 41-50: {late:.2} ms ({b} saves); ratio {:.2}",
            late / early.max(f64::MIN_POSITIVE)
        );
    }
    if lost > 0 || extra > 0 {
        return Err("hands lost or duplicated".into());
    }
    Ok(())
}
