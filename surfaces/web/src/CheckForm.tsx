import { useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { inputFromForm, queryFromForm, type WebForm } from '../../../core/retcheck/web-form.js';
import { selectWalkProgress } from '../../../machines/retcheck/chunk-walk.machine.js';
import type { browserSessionMachine } from './session.js';
import { useChildSnapshot } from './use-child.js';

type Session = ActorRefFrom<typeof browserSessionMachine>;

export function CheckForm({ session, form, onChange }: { session: Session; form: WebForm; onChange: (f: WebForm) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const checking = useSelector(session, (s) => s.matches('checking'));
  const check = useSelector(session, (s) => s.children.check);
  const checkSnapshot = useChildSnapshot(check);
  const walk = checkSnapshot?.children.chunkWalk as Parameters<typeof useChildSnapshot>[0];
  const walkSnapshot = useChildSnapshot(walk) as Parameters<typeof selectWalkProgress>[0] | undefined;

  const set = <K extends keyof WebForm>(key: K) => (value: WebForm[K]) => onChange({ ...form, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = inputFromForm(form);
    if ('error' in result) {
      setProblem(result.error);
      return;
    }
    setProblem(null);
    session.send({ type: 'check.submitted', input: result.input, query: queryFromForm(form) });
  };

  let label = 'Check';
  if (checking) {
    if (walkSnapshot) {
      const { done, discovered } = selectWalkProgress(walkSnapshot);
      label = `Probing chunks ${done}/${discovered}...`;
    } else {
      label = `Checking (${typeof checkSnapshot?.value === 'string' ? checkSnapshot.value : 'starting'})...`;
    }
  }

  return (
    <form className="check-form" onSubmit={submit} data-testid="check-form">
      <label>
        Reference or feed handle
        <input name="ref" value={form.ref} onChange={(e) => set('ref')(e.target.value)} placeholder="64/128 hex, or feed:<owner>:<topic>" spellCheck={false} autoComplete="off" />
      </label>
      <div className="row">
        <label>
          Node URLs (one per line)
          <textarea name="nodes" rows={3} value={form.nodes} onChange={(e) => set('nodes')(e.target.value)} spellCheck={false} />
        </label>
        <label>
          Gateway URLs (one per line; blank skips gateways)
          <textarea name="gateways" rows={3} value={form.gateways} onChange={(e) => set('gateways')(e.target.value)} spellCheck={false} />
        </label>
      </div>
      <div className="row">
        <label>
          Target overlay (optional, 64 hex)
          <input name="target" value={form.targetOverlay} onChange={(e) => set('targetOverlay')(e.target.value)} spellCheck={false} />
        </label>
        <label className="narrow">
          Timeout (s)
          <input name="timeout" inputMode="numeric" value={form.timeoutSeconds} onChange={(e) => set('timeoutSeconds')(e.target.value)} />
        </label>
      </div>
      <div className="row options">
        <label className="check">
          <input type="checkbox" name="per_chunk" checked={form.perChunk} onChange={(e) => set('perChunk')(e.target.checked)} /> Per-chunk drill-down
        </label>
        <label className="check">
          <input type="checkbox" name="cold" checked={form.cold} onChange={(e) => set('cold')(e.target.checked)} /> Cold download
        </label>
        <button type="submit" disabled={checking} data-testid="check-button">
          {label}
        </button>
      </div>
      {problem && (
        <p className="error" role="alert" data-testid="form-error">
          {problem}
        </p>
      )}
    </form>
  );
}
