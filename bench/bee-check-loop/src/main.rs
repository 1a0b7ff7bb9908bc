//! Runs bee-check 0.6.0's per-chunk probe loop (`drill_down`) against given vantages, once per line read on
//! stdin, and answers each with one JSON line `{"probes": N, "found": F, "ms": T}`. The first line printed,
//! before any round, is `{"ready": true}` after the multi-vantage probe (overlays, as the CLI does).
//!
//! Usage: bee-check-loop <reference> <concurrency> <node-url>...
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, BufReader};

#[tokio::main]
async fn main() -> anyhow_free::Result {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: bee-check-loop <reference> <concurrency> <node-url>...");
        std::process::exit(64);
    }
    let reference = args[0].clone();
    let concurrency: usize = args[1].parse().map_err(|_| "concurrency must be a number".to_string())?;
    let bees: Vec<String> = args[2..].to_vec();
    let timeout = Duration::from_secs(60);

    let base = bee_check::check_multi_vantage(&reference, &bees, timeout).await.map_err(|e| e.to_string())?;
    let template = serde_json::to_string(&base).map_err(|e| e.to_string())?;
    println!("{{\"ready\":true}}");

    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    while let Some(_line) = lines.next_line().await.map_err(|e| e.to_string())? {
        let report: bee_check::Report = serde_json::from_str(&template).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let walked = bee_check::drill_down(report, &bees, timeout, concurrency).await.map_err(|e| e.to_string())?;
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let chunks = walked.chunks.unwrap_or_default();
        let probes: usize = chunks.iter().map(|c| c.per_vantage.len()).sum();
        let found: usize = chunks.iter().map(|c| c.per_vantage.values().filter(|v| v.found).count()).sum();
        println!("{{\"probes\":{probes},\"found\":{found},\"ms\":{ms:.3}}}");
    }
    Ok(())
}

/// Errors as plain strings: the bench prints whatever went wrong on stderr.
mod anyhow_free {
    pub type Result = std::result::Result<(), String>;
}
