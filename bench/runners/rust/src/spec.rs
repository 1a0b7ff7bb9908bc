//! The spec file: the same validation and expansion as bench/lib/spec.ts.

use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashSet};

#[derive(Deserialize, Clone)]
pub struct CaseEntry {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub params_from: Option<String>,
    #[serde(default)]
    pub params: Option<Vec<BTreeMap<String, f64>>>,
    #[serde(default)]
    pub doc: String,
}

#[derive(Deserialize)]
pub struct BenchSpec {
    #[serde(default)]
    pub spec_version: u32,
    #[serde(default)]
    pub sizes_mb: Vec<u64>,
    #[serde(default)]
    pub large_sizes_mb: Vec<u64>,
    #[serde(default)]
    pub iterations: u32,
    #[serde(default)]
    pub runner_subset: Vec<String>,
    #[serde(default)]
    pub cases: Vec<CaseEntry>,
}

pub struct CaseRow {
    pub entry: CaseEntry,
    pub params: BTreeMap<String, f64>,
    pub param_key: String,
}

pub fn load(path: &str, known: &HashSet<&str>) -> Result<(BenchSpec, String), String> {
    let raw = std::fs::read(path).map_err(|e| format!("cannot read spec {path}: {e}"))?;
    let hash = hex::encode(Sha256::digest(&raw));
    let spec: BenchSpec = serde_json::from_slice(&raw).map_err(|e| format!("{path}: not a valid spec: {e}"))?;
    if spec.spec_version != 1 || spec.sizes_mb.is_empty() || spec.iterations < 1 || spec.runner_subset.is_empty() || spec.cases.is_empty() {
        return Err(format!("{path}: invalid spec: spec_version 1, sizes_mb, iterations, runner_subset and cases are required"));
    }
    let mut seen = HashSet::new();
    for (i, c) in spec.cases.iter().enumerate() {
        if c.id.is_empty() || c.kind.is_empty() || c.doc.is_empty() || (c.params_from.is_none() && c.params.as_ref().is_none_or(|p| p.is_empty())) {
            return Err(format!("{path}: invalid spec: cases.{i}: id, kind, doc and params_from or params are required"));
        }
        if c.kind != "cpu" && c.kind != "net" {
            return Err(format!("{path}: invalid spec: cases.{i}.kind must be cpu or net"));
        }
        if !seen.insert(c.id.clone()) {
            return Err(format!("{path}: duplicate case id \"{}\"", c.id));
        }
        if !known.contains(c.id.as_str()) {
            return Err(format!("{path}: unknown case id \"{}\"", c.id));
        }
    }
    Ok((spec, hash))
}

fn format_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v}") }
}

pub fn param_key(p: &BTreeMap<String, f64>) -> String {
    p.iter().map(|(k, v)| format!("{k}={}", format_number(*v))).collect::<Vec<_>>().join(",")
}

pub fn expand(spec: &BenchSpec, sizes: &[u64], large: bool) -> Vec<CaseRow> {
    let mut rows = Vec::new();
    for c in &spec.cases {
        let list: Vec<BTreeMap<String, f64>> = match &c.params_from {
            Some(from) => {
                let mut s = sizes.to_vec();
                if from == "sizes_mb_plus_large" && large {
                    s.extend(&spec.large_sizes_mb);
                }
                s.iter()
                    .map(|size| {
                        let mut p = c.params.as_ref().and_then(|v| v.first().cloned()).unwrap_or_default();
                        p.insert("size_mb".into(), *size as f64);
                        p
                    })
                    .collect()
            }
            None => c.params.clone().unwrap_or_default(),
        };
        for p in list {
            rows.push(CaseRow { entry: c.clone(), param_key: param_key(&p), params: p });
        }
    }
    rows
}
