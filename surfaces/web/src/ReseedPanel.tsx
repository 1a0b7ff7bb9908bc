/**
 * Re-seed panel (collapsed by default): pre-flight a batch on the first node URL, then 'Re-seed now',
 * which is enabled only while the re-seed machine is in `confirming` (a healthy pre-flight).
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { parseBatchId, parseReference } from '../../../core/swarm/references.js';
import { parseNodeUrl } from '../../../core/retcheck/node-url.js';
import type { WebForm } from '../../../core/retcheck/web-form.js';
import type { browserSessionMachine } from './session.js';
import { useChildSnapshot } from './use-child.js';
import { replicaReseedLine } from '../../../core/retcheck/replica-lines.js';

type Session = ActorRefFrom<typeof browserSessionMachine>;

export function ReseedPanel({ session, form }: { session: Session; form: WebForm }) {
  const [batch, setBatch] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const report = useSelector(session, (s) => s.context.report);
  const reseedRef = useSelector(session, (s) => s.children.reseed);
  const reseed = useChildSnapshot(reseedRef);
  const state = reseed ? String(reseed.value) : 'idle';

  const preflight = () => {
    try {
      const batchId = parseBatchId(batch, 'batch ID').hex;
      const nodeUrl = parseNodeUrl(form.nodes.split(/\r?\n/).find((l) => l.trim()) ?? '', 'first node URL');
      const reference = report?.reference ?? parseReference(form.ref).hex;
      const seconds = Number(form.timeoutSeconds);
      setProblem(null);
      session.send({ type: 'reseed.preflightRequested', nodeUrl, reference, batchId, timeoutMs: (Number.isInteger(seconds) && seconds > 0 ? seconds : 60) * 1000 });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };

  const pf = reseed?.context.preflight;
  return (
    <details className="reseed" data-testid="reseed-panel">
      <summary>Re-seed</summary>
      <p className="notice">Re-uploads every chunk of the reference under a postage batch, on the first node URL only, and re-creates the root replicas the check on screen found missing.</p>
      <label>
        Batch ID (64 hex)
        <input name="batch" value={batch} onChange={(e) => setBatch(e.target.value)} spellCheck={false} />
      </label>
      <div className="row">
        <button type="button" onClick={preflight} disabled={['preflight', 'reuploading', 'recreatingReplicas', 'verifyingReplicas', 'awaitingReplicaRetry'].includes(state)} data-testid="preflight-button">
          Pre-flight stamp
        </button>
        <button type="button" onClick={() => session.send({ type: 'reseed.confirmRequested' })} disabled={state !== 'confirming'} data-testid="reseed-button">
          Re-seed now
        </button>
      </div>
      {problem && <p className="error" role="alert">{problem}</p>}
      <dl data-testid="reseed-state" data-state={state}>
        <dt>state</dt>
        <dd>{state}</dd>
        {pf && (
          <>
            <dt>exists</dt><dd>{String(pf.exists)}</dd>
            <dt>usable</dt><dd>{String(pf.usable)}</dd>
            <dt>TTL</dt><dd>{pf.ttlSeconds >= 0 ? `${pf.ttlSeconds} s` : 'unknown'}</dd>
          </>
        )}
        <dt>warnings</dt>
        <dd>{reseed && reseed.context.warnings.length > 0 ? reseed.context.warnings.join('; ') : '(none)'}</dd>
        {reseed?.output?.replicas && (<><dt>replicas</dt><dd data-testid="reseed-replicas">{replicaReseedLine(reseed.output.replicas)}</dd></>)}
        {reseed?.context.error && (<><dt>error</dt><dd className="error">{reseed.context.error}</dd></>)}
      </dl>
    </details>
  );
}
