//! Peak RSS sampled every 100 ms by a thread (plus at each reset and read), and process CPU time.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

fn read_rss() -> i64 {
    let Ok(raw) = std::fs::read_to_string("/proc/self/statm") else { return 0 };
    let pages: i64 = raw.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    pages * unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as i64
}

pub struct RssSampler {
    peak: Arc<AtomicI64>,
}

impl RssSampler {
    pub fn start() -> Self {
        let peak = Arc::new(AtomicI64::new(read_rss()));
        let p = peak.clone();
        std::thread::spawn(move || loop {
            p.fetch_max(read_rss(), Ordering::Relaxed);
            std::thread::sleep(Duration::from_millis(100));
        });
        RssSampler { peak }
    }
    pub fn reset(&self) {
        self.peak.store(read_rss(), Ordering::Relaxed);
    }
    pub fn peak_mb(&self) -> f64 {
        self.peak.fetch_max(read_rss(), Ordering::Relaxed);
        self.peak.load(Ordering::Relaxed) as f64 / 1e6
    }
}

pub fn cpu_ms() -> f64 {
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return 0.0;
    }
    let tv = |t: libc::timeval| t.tv_sec as f64 * 1000.0 + t.tv_usec as f64 / 1000.0;
    tv(ru.ru_utime) + tv(ru.ru_stime)
}
