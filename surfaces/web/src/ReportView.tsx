/** The report in the spec's order (spec 1 §4 "Report order"). Everything from nodes or files renders as text. */
import type { RetcheckReport } from '../../../config-schema/retcheck-report.js';
import { chunkMatrix, gatewayRows, neighborhoodStatsRows, vantageRows, vantageStatsRows } from '../../../core/retcheck/report-view.js';
import { disagreementLines, erasureGroupLines, erasureVantageLines, partialNote } from '../../../core/retcheck/explanations.js';
import { replicaView } from '../../../core/retcheck/replica-lines.js';

function StatsTable({ title, rows, testId }: { title: string; rows: ReturnType<typeof vantageStatsRows>; testId: string }) {
  return (
    <section data-testid={testId}>
      <h3>{title}</h3>
      <table>
        <thead>
          <tr><th>key</th><th>found/total</th><th>p50 ms</th><th>p95 ms</th><th>max ms</th></tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}><td className="mono">{r.key}</td><td>{r.foundOfTotal}</td><td>{r.p50}</td><td>{r.p95}</td><td>{r.max}</td></tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function ReportView({ report, source }: { report: RetcheckReport; source: 'check' | 'file' | null }) {
  const matrix = chunkMatrix(report);
  const gateways = gatewayRows(report);
  const note = partialNote(report);
  const erasure = erasureVantageLines(report);
  const disagreements = disagreementLines(report);
  const replicas = replicaView(report.replicas);
  return (
    <article className="report" data-testid="report">
      <section className={`status status-${report.status}`}>
        <h2 data-testid="report-status">{report.status}</h2>
        <p className="mono" data-testid="report-reference">{report.reference}</p>
        {note && <p className="notice" data-testid="status-note">{note}</p>}
        {source === 'file' && <p className="notice">Loaded from a dropped report file.</p>}
      </section>

      <section data-testid="vantages">
        <h3>Vantages</h3>
        <table>
          <thead>
            <tr><th>node</th><th>result</th><th>neighborhood / overlay</th><th>version</th><th>elapsed ms</th><th>notes</th></tr>
          </thead>
          <tbody>
            {vantageRows(report).map((v) => (
              <tr key={v.url} className={`outcome-${v.outcome.replace(/ /g, '-')}`}>
                <td className="mono url">{v.url}</td><td>{v.outcome}</td><td className="mono">{v.neighborhood}</td><td>{v.version}</td><td>{v.elapsedMs}</td><td className="notes">{v.notes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {gateways.length > 0 && (
        <section data-testid="gateways">
          <h3>Gateways</h3>
          <table>
            <thead>
              <tr><th>gateway</th><th>result</th><th>elapsed ms</th><th>HTTP</th><th>error</th></tr>
            </thead>
            <tbody>
              {gateways.map((g) => (
                <tr key={g.url}><td className="mono">{g.url}</td><td>{g.outcome}</td><td>{g.elapsedMs}</td><td>{g.http}</td><td>{g.error}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {replicas && (
        <section data-testid="replicas">
          <h3>Root replicas</h3>
          <p data-testid="replicas-headline">{replicas.headline}</p>
          <p className="notice">{replicas.note}</p>
          {replicas.slots.length > 0 && (
            <div className="scroll">
              <table>
                <thead>
                  <tr><th>slot</th><th>replica</th><th>level</th>{replicas.vantages.map((v) => <th key={v.url} className="mono">{v.url}</th>)}<th>found on</th></tr>
                </thead>
                <tbody>
                  {replicas.slots.map((s) => (
                    <tr key={s.address} data-expected={s.expected}>
                      <td>{s.index}</td><td className="mono" title={s.address}>{s.address.slice(0, 12)}…</td><td>{s.level}</td>
                      {s.cells.map((c, i) => <td key={i} className={c === 'yes' ? 'hit' : 'miss'}>{c}</td>)}
                      <td>{s.foundOn}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {replicas.advice && <p className="notice">{replicas.advice.replace('--reseed --stamp <batch>', 'The re-seed panel')}</p>}
        </section>
      )}

      {report.chunk_stats && <StatsTable title="Chunks per vantage" rows={vantageStatsRows(report)} testId="stats-vantage" />}
      {report.chunk_stats && <StatsTable title="Chunks per neighborhood (slowest first, top 10)" rows={neighborhoodStatsRows(report)} testId="stats-neighborhood" />}

      {matrix.rows.length > 0 && (
        <section data-testid="chunk-matrix">
          <h3>Chunk matrix (first {matrix.rows.length} of {report.chunks?.length ?? 0} chunks)</h3>
          <div className="scroll">
            <table>
              <thead>
                <tr><th>chunk</th><th>role</th>{matrix.vantages.map((v) => <th key={v} className="mono">{v}</th>)}</tr>
              </thead>
              <tbody>
                {matrix.rows.map((row) => (
                  <tr key={row.address}>
                    <td className="mono" title={row.address}>{row.address.slice(0, 12)}…</td>
                    <td className="mono">{row.role}</td>
                    {row.cells.map((cell, i) => <td key={i} className={cell.found ? 'hit' : 'miss'}>{cell.text}</td>)}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}

      {erasure.length > 0 && (
        <section data-testid="erasure">
          <h3>Erasure coding: missing chunks by role, and whether a download rebuilds them</h3>
          <table>
            <thead>
              <tr><th>node</th><th>missing</th><th>verdict</th></tr>
            </thead>
            <tbody>
              {erasure.map((e) => (
                <tr key={e.url}><td className="mono url">{e.url}</td><td>{e.missing}</td><td>{e.verdict}</td></tr>
              ))}
            </tbody>
          </table>
          <ul>
            {erasureGroupLines(report).map((line) => <li key={line} className="mono">{line}</li>)}
          </ul>
        </section>
      )}

      {disagreements.length > 0 && (
        <section data-testid="disagreements">
          <h3>Stewardship and the per-chunk walk disagree</h3>
          <table>
            <thead>
              <tr><th>node</th><th>verdicts</th><th>likely cause</th></tr>
            </thead>
            <tbody>
              {disagreements.map((d) => (
                <tr key={d.url}><td className="mono url">{d.url}</td><td>{d.summary}</td><td>{d.explanation}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {report.cold_downloads && (
        <section data-testid="cold">
          <h3>Cold downloads</h3>
          <table>
            <thead>
              <tr><th>url</th><th>endpoint</th><th>result</th><th>bytes</th><th>ms</th><th>HTTP</th></tr>
            </thead>
            <tbody>
              {report.cold_downloads.map((d) => (
                <tr key={d.url + d.endpoint}><td className="mono">{d.url}</td><td className="mono" title={d.endpoint}>{d.endpoint.startsWith('/bzz/') ? '/bzz/{ref}/' : '/bytes/{ref}'}</td><td>{d.success ? 'ok' : d.error ?? 'failed'}</td><td>{d.bytes_downloaded}</td><td>{d.elapsed_ms}</td><td>{d.status_code ?? '—'}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {report.resolution && (
        <section data-testid="resolution">
          <h3>Resolution</h3>
          <p>feed owner <span className="mono">{report.resolution.owner}</span></p>
          <p>topic <span className="mono">{report.resolution.topic}</span></p>
          <p>resolved to <span className="mono">{report.resolution.resolved_reference}</span></p>
        </section>
      )}

      <details data-testid="raw-json">
        <summary>Raw JSON</summary>
        <pre>{JSON.stringify(report, null, 2)}</pre>
      </details>
    </article>
  );
}
