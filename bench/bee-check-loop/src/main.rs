//! bee-check 0.6.0's per-chunk probe loop on a given chunk list. bee-check's own `drill_down` discovers chunks
//! by parsing manifests, but it hands bee-rs's `unmarshal` the span-prefixed chunk data that `/chunks` returns,
//! so on Bee (and the devnet) it never gets past the root: the loop is run here on the list retcheck walked.
//!
//! Usage: bee-check-loop <concurrency> <addresses-file> <node-url>...
//! Prints `{"ready":true}`, then answers every line read on stdin with one round over all chunks and vantages:
//! `{"probes":N,"found":F,"ms":T}`.
use std::sync::Arc;
use std::time::{Duration, Instant};

use bee::Client;
use bee::swarm::Reference;
use futures::stream::{FuturesUnordered, StreamExt};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::Semaphore;

fn client(url: &str, timeout: Duration) -> Result<Client, String> {
    let http = reqwest::Client::builder().timeout(timeout).build().map_err(|e| e.to_string())?;
    Client::with_http_client(url, http).map_err(|e| e.to_string())
}

/// One round: every chunk on every vantage, at most `concurrency` downloads at once, as bee-check does.
async fn round(chunks: &[Reference], clients: &Arc<Vec<Client>>, concurrency: usize) -> (usize, usize) {
    let permits = Arc::new(Semaphore::new(concurrency.max(1)));
    let mut pending = FuturesUnordered::new();
    for chunk in chunks {
        let permits = permits.clone();
        let clients = clients.clone();
        let chunk = chunk.clone();
        pending.push(async move {
            let mut found = 0;
            for bee in clients.iter() {
                let _permit = permits.acquire().await.expect("semaphore open");
                if bee.file().download_chunk(&chunk, None).await.is_ok() {
                    found += 1;
                }
            }
            (clients.len(), found)
        });
    }
    let (mut probes, mut found) = (0, 0);
    while let Some((p, f)) = pending.next().await {
        probes += p;
        found += f;
    }
    (probes, found)
}

#[tokio::main]
async fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: bee-check-loop <concurrency> <addresses-file> <node-url>...");
        std::process::exit(64);
    }
    let concurrency: usize = args[0].parse().map_err(|_| "concurrency must be a number".to_string())?;
    let list = tokio::fs::read_to_string(&args[1]).await.map_err(|e| e.to_string())?;
    let chunks: Vec<Reference> = list
        .split_whitespace()
        .map(|hex| Reference::from_hex(hex).map_err(|e| format!("{hex}: {e}")))
        .collect::<Result<_, _>>()?;
    let timeout = Duration::from_secs(60);
    let clients = Arc::new(args[2..].iter().map(|url| client(url, timeout)).collect::<Result<Vec<_>, _>>()?);
    println!("{{\"ready\":true}}");

    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    while lines.next_line().await.map_err(|e| e.to_string())?.is_some() {
        let started = Instant::now();
        let (probes, found) = round(&chunks, &clients, concurrency).await;
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        println!("{{\"probes\":{probes},\"found\":{found},\"ms\":{ms:.3}}}");
    }
    Ok(())
}
