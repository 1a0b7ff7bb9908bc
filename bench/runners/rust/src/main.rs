//! The benchmark's Rust runner: the bee-rs crate (library `bee`), 1.7.0 from the Rust package registry.
//! Reads the shared spec, dispatches by id, writes one result JSON (see config-schema/bench-result.ts).
//!
//! Usage: bench-rust-runner --out FILE [--spec PATH] [--fixtures DIR] [--cases id,id] [--sizes 1,10] [--iterations N]
//! [--warmup N] [--warmup-ms MS]. Environment: NODE_URL, NODE_BATCH_ID, NODE_TOKEN, BENCH_ITERS, BENCH_WARMUP,
//! BENCH_WARMUP_MS, BENCH_LARGE,
//! BENCH_FIXTURES_DIR, BENCH_SIZES_MB.
//! Exit codes: 0 written, 1 bad arguments or spec, 3 batch not usable.

mod cpu;
mod inputs;
mod measure;
mod net;
mod spec;

use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

pub const BEE_RS_VERSION: &str = "1.7.0";

pub struct Prepared {
    pub before: Option<Box<dyn FnMut(usize) -> Result<(), String>>>,
    pub run: Box<dyn FnMut(usize) -> Result<Option<String>, String>>,
    pub bytes: u64,
    pub units: u64,
    pub unit: &'static str,
}

pub enum Outcome {
    Ready(Prepared),
    Skip(String),
}

pub struct Env {
    pub params: BTreeMap<String, f64>,
    pub fixtures: Arc<HashMap<u64, Arc<Vec<u8>>>>,
    pub fixture_dir: String,
    pub node: Arc<net::Node>,
    pub batch: String,
}

impl Env {
    pub fn p(&self, name: &str) -> usize {
        self.params.get(name).copied().unwrap_or(0.0) as usize
    }
    pub fn fixture(&self, mb: u64) -> Arc<Vec<u8>> {
        self.fixtures.get(&mb).cloned().expect("fixture loaded")
    }
    pub fn fixture_path(&self, mb: u64) -> String {
        fixture_path(&self.fixture_dir, mb)
    }
}

pub type CaseFn = fn(&Env) -> Result<Outcome, String>;

#[derive(Serialize)]
struct CaseResult {
    id: String,
    kind: String,
    params: BTreeMap<String, f64>,
    param_key: String,
    skipped: bool,
    skip_reason: String,
    failed: bool,
    error: String,
    iterations_ms: Vec<f64>,
    median_ms: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    warmup_runs: Option<usize>,
    cpu_ms: Vec<f64>,
    peak_rss_mb: Option<f64>,
    bytes: u64,
    throughput_mb_s: Option<f64>,
    units: u64,
    unit: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    check: Option<String>,
}

fn fixture_path(dir: &str, mb: u64) -> String {
    format!("{dir}/fixture-{mb}mb.bin")
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let m = s.len() / 2;
    if s.len() % 2 == 1 { s[m] } else { (s[m - 1] + s[m]) / 2.0 }
}

fn truncate(s: String) -> String {
    s.chars().take(500).collect()
}

/// When a row stops warming up: after `count` untimed iterations and, on CPU rows, not before `cpu_ms` of wall time
/// since the first began (the same two rules in all four runners: the first calls of a row pay for cold caches, and
/// in the Node runners for JIT compilation, which takes longer than one sub-millisecond iteration).
#[derive(Clone, Copy)]
struct WarmupRule {
    count: usize,
    cpu_ms: u64,
}

/// Times one row: setup, the untimed warm-up iterations (each with its `before`), then `iterations` timed ones.
fn run_row(row: &spec::CaseRow, f: CaseFn, env: &Env, warm: WarmupRule, iterations: usize, rss: &measure::RssSampler) -> CaseResult {
    let mut r = CaseResult {
        id: row.entry.id.clone(), kind: row.entry.kind.clone(), params: row.params.clone(), param_key: row.param_key.clone(),
        skipped: false, skip_reason: String::new(), failed: false, error: String::new(), iterations_ms: vec![], median_ms: None, warmup_runs: None,
        cpu_ms: vec![], peak_rss_mb: None, bytes: 0, throughput_mb_s: None, units: 0, unit: String::new(), check: None,
    };
    let mut p = match f(env) {
        Err(e) => {
            r.failed = true;
            r.error = truncate(format!("setup: {e}"));
            return r;
        }
        Ok(Outcome::Skip(why)) => {
            r.skipped = true;
            r.skip_reason = why;
            return r;
        }
        Ok(Outcome::Ready(p)) => p,
    };
    if row.entry.kind == "net" {
        let _ = env.node.warm_up();
    }
    let floor = std::time::Duration::from_millis(if row.entry.kind == "cpu" { warm.cpu_ms } else { 0 });
    let mut warmed = 0usize;
    let warm_start = Instant::now();
    while warmed < warm.count || warm_start.elapsed() < floor {
        let step = match p.before.as_mut() {
            Some(before) => before(warmed),
            None => Ok(()),
        }
        .and_then(|_| (p.run)(warmed).map(|_| ()));
        if let Err(e) = step {
            r.failed = true;
            r.error = truncate(format!("warm-up: {e}"));
            break;
        }
        warmed += 1;
    }
    r.warmup_runs = Some(warmed);
    let mut peak = 0.0f64;
    for i in warmed..if r.failed { warmed } else { warmed + iterations } {
        if let Some(before) = p.before.as_mut() {
            if let Err(e) = before(i) {
                r.failed = true;
                r.error = truncate(e);
                break;
            }
        }
        rss.reset();
        let cpu0 = measure::cpu_ms();
        let t0 = Instant::now();
        let out = (p.run)(i);
        let wall = t0.elapsed().as_secs_f64() * 1000.0;
        let cpu = measure::cpu_ms() - cpu0;
        match out {
            Err(e) => {
                r.failed = true;
                r.error = truncate(e);
                break;
            }
            Ok(check) => {
                peak = peak.max(rss.peak_mb());
                r.iterations_ms.push(wall);
                r.cpu_ms.push(cpu);
                r.check = check;
            }
        }
    }
    r.bytes = p.bytes;
    r.units = p.units;
    r.unit = p.unit.to_string();
    if !r.iterations_ms.is_empty() {
        let med = median(&r.iterations_ms);
        r.median_ms = Some(med);
        r.peak_rss_mb = Some((peak * 10.0).floor() / 10.0);
        if med > 0.0 && p.bytes > 0 {
            r.throughput_mb_s = Some(p.bytes as f64 / 1e6 / (med / 1000.0));
        }
    }
    r
}

fn positive_ints(what: &str, text: &str) -> Result<Vec<u64>, String> {
    let v: Vec<u64> = text.split(',').map(str::trim).filter(|s| !s.is_empty()).map(|s| s.parse::<u64>().ok().filter(|n| *n >= 1)).collect::<Option<_>>().ok_or(format!("{what} must be positive integers, got \"{text}\""))?;
    if v.is_empty() { Err(format!("{what} must be positive integers, got \"{text}\"")) } else { Ok(v) }
}

fn log(line: &str) {
    eprintln!("bench-rust: {line}");
}

fn main() {
    std::process::exit(match run() {
        Ok(code) => code,
        Err(e) => {
            log(&e);
            1
        }
    });
}

fn run() -> Result<i32, String> {
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?.display().to_string();
    let mut args: HashMap<String, String> = HashMap::new();
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < argv.len() {
        let name = argv[i].strip_prefix("--").ok_or(format!("unexpected argument {}", argv[i]))?;
        if !["out", "spec", "fixtures", "cases", "sizes", "iterations", "warmup", "warmup-ms"].contains(&name) {
            return Err(format!("unknown option --{name}"));
        }
        let value = argv.get(i + 1).ok_or(format!("--{name} needs a value"))?;
        args.insert(name.to_string(), value.clone());
        i += 2;
    }
    let env_var = |n: &str| std::env::var(n).ok().filter(|v| !v.is_empty());
    let out = args.get("out").cloned().ok_or("--out FILE is required")?;
    let spec_path = args.get("spec").cloned().unwrap_or(format!("{cwd}/bench/bench-spec.json"));
    let fixture_dir = args.get("fixtures").cloned().or(env_var("BENCH_FIXTURES_DIR")).unwrap_or(format!("{cwd}/bench/fixtures"));
    let mut impls: HashMap<&'static str, CaseFn> = cpu::cases();
    impls.extend(net::cases());
    let known: HashSet<&str> = impls.keys().copied().collect();
    let (spec, hash) = spec::load(&spec_path, &known)?;
    let sizes = match args.get("sizes").cloned().or(env_var("BENCH_SIZES_MB")) {
        Some(t) => positive_ints("sizes", &t)?,
        None => spec.sizes_mb.clone(),
    };
    let iterations = match args.get("iterations").cloned().or(env_var("BENCH_ITERS")) {
        Some(t) => positive_ints("BENCH_ITERS", &t)?[0] as usize,
        None => spec.iterations as usize,
    };
    let whole = |what: &str, text: Option<String>, fallback: u64| -> Result<u64, String> {
        match text {
            Some(t) => t.trim().parse::<u64>().map_err(|_| format!("{what} must be a whole number ≥ 0, got \"{t}\"")),
            None => Ok(fallback),
        }
    };
    let warmup = whole("BENCH_WARMUP / --warmup", args.get("warmup").cloned().or(env_var("BENCH_WARMUP")), 1)? as usize;
    let warmup_ms = whole("BENCH_WARMUP_MS / --warmup-ms", args.get("warmup-ms").cloned().or(env_var("BENCH_WARMUP_MS")), 500)?;
    let warm = WarmupRule { count: warmup, cpu_ms: warmup_ms };
    let mut rows = spec::expand(&spec, &sizes, env_var("BENCH_LARGE").as_deref() == Some("1"));
    if let Some(list) = args.get("cases") {
        let want: HashSet<&str> = list.split(',').collect();
        if let Some(bad) = want.iter().find(|id| !known.contains(**id)) {
            return Err(format!("--cases: not in the spec: {bad}"));
        }
        rows.retain(|r| want.contains(r.entry.id.as_str()));
    }
    let node_url = env_var("NODE_URL").unwrap_or("http://localhost:1633".into()).trim_end_matches('/').to_string();
    let batch = env_var("NODE_BATCH_ID").unwrap_or_default().trim().to_lowercase();
    let node = Arc::new(net::Node::new(&node_url, env_var("NODE_TOKEN").as_deref())?);
    if !batch.is_empty() && rows.iter().any(|r| r.entry.kind == "net") {
        if batch.len() != 64 || !batch.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err("NODE_BATCH_ID must be 64 hex characters".into());
        }
        match node.check_batch(&batch) {
            Err(e) => log(&format!("could not check the batch ({e}); net cases will record the error")),
            Ok(Some(why)) => {
                log(&format!("batch {}… is not usable: {why}", &batch[..8]));
                return Ok(3);
            }
            Ok(None) => {}
        }
    }
    let mut fixtures = HashMap::new();
    for r in &rows {
        // A row without size_mb takes its inputs from the 1 MB fixture (the count-based cases), as in every runner.
        let mb = r.params.get("size_mb").map(|v| *v as u64).unwrap_or(1);
        if fixtures.contains_key(&mb) {
            continue;
        }
        let path = fixture_path(&fixture_dir, mb);
        let data = std::fs::read(&path).map_err(|_| format!("fixture {path} is missing: run `npm run bench:fixtures` first"))?;
        fixtures.insert(mb, Arc::new(data));
    }
    let fixtures = Arc::new(fixtures);
    let rss = measure::RssSampler::start();
    let started = now();
    let mut results = vec![];
    // Written after every case (atomically), so a runner killed or crashed midway leaves the rows it finished.
    let write = |results: &Vec<CaseResult>, final_: bool| -> Result<(), String> {
    let result = serde_json::json!({
        "schema": "node-toolkit/bench-result@1",
        "runner": "rust",
        "client": {
            "name": "bee-rs (crate bee-rs, library bee)",
            "version": BEE_RS_VERSION,
            "language": format!("Rust {}", option_env!("RUSTC_VERSION_TEXT").unwrap_or("(release build)")),
            "note": "the Rust client from the Rust package registry, built by bench/build-runners.sh and cached outside the repository",
        },
        "spec_hash": hash,
        "node_url": node_url,
        "batch_id": batch,
        "iterations": iterations,
        "warmup_iterations": warmup,
        "warmup_min_ms": warmup_ms,
        "sizes_mb": sizes,
        "started_at": started,
        "finished_at": now(),
        "host": { "os": std::env::consts::OS, "arch": std::env::consts::ARCH, "cpus": std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1), "runtime": "native (tokio)" },
        "cases": results,
        "partial": !final_,
    });
    if let Some(dir) = std::path::Path::new(&out).parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot write {out}: {e}"))?;
    }
    let tmp = format!("{out}.tmp");
    std::fs::write(&tmp, serde_json::to_string_pretty(&result).unwrap() + "\n").map_err(|e| format!("cannot write {out}: {e}"))?;
    std::fs::rename(&tmp, &out).map_err(|e| format!("cannot write {out}: {e}"))?;
    Ok(())
    };
    for row in &rows {
        let env = Env { params: row.params.clone(), fixtures: fixtures.clone(), fixture_dir: fixture_dir.clone(), node: node.clone(), batch: batch.clone() };
        let res = if row.entry.kind == "net" && batch.is_empty() {
            let mut r = run_row(row, |_| Ok(Outcome::Skip(String::new())), &env, WarmupRule { count: 0, cpu_ms: 0 }, 0, &rss);
            r.skip_reason = "NODE_BATCH_ID is not set".into();
            r
        } else {
            run_row(row, impls[row.entry.id.as_str()], &env, warm, iterations, &rss)
        };
        if res.skipped {
            log(&format!("{} [{}] skipped ({})", row.entry.id, row.param_key, res.skip_reason));
        } else if res.failed {
            log(&format!("{} [{}] FAILED: {}", row.entry.id, row.param_key, res.error));
        } else {
            log(&format!("{} [{}] median {:.2} ms", row.entry.id, row.param_key, res.median_ms.unwrap_or(0.0)));
        }
        results.push(res);
        write(&results, false)?;
    }
    write(&results, true)?;
    log(&format!("wrote {out}"));
    Ok(0)
}

fn now() -> String {
    // RFC 3339 UTC without a date crate: seconds since the epoch rendered by the civil-from-days algorithm.
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0) as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + if m <= 2 { 1 } else { 0 };
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", rem / 3600, (rem % 3600) / 60, rem % 60)
}
