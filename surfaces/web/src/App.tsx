/**
 * The page: form, progress, report, re-seed panel, and a drop target covering the whole window.
 * Components only send events to the session actor and render what selectors return.
 */
import { useState, type DragEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { browserSessionMachine } from './session.js';
import { CheckForm } from './CheckForm.js';
import { ReportView } from './ReportView.js';
import { ReseedPanel } from './ReseedPanel.js';
import { formFromQuery, type WebForm } from '../../../core/retcheck/web-form.js';

export function App() {
  const session = useActorRef(browserSessionMachine);
  const [form, setForm] = useState<WebForm>(() => formFromQuery(window.location.search));
  const [dragging, setDragging] = useState(false);
  const state = useSelector(session, (s) => s.value as string);
  const report = useSelector(session, (s) => s.context.report);
  const source = useSelector(session, (s) => s.context.source);
  const error = useSelector(session, (s) => s.context.error);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) session.send({ type: 'report.dropped', file });
  };

  return (
    // The drop target is the whole window, margins of a wide window included (.drop-zone fills it; the
    // content is centred inside). A drop the page does not take, the browser would open itself.
    <div className={`drop-zone${dragging ? ' dragging' : ''}`} onDragOver={onDragOver} onDragLeave={() => setDragging(false)} onDrop={onDrop} data-testid="drop-zone">
      <div className="page" data-testid="page">
        <header>
          <h1>retcheck</h1>
          <p className="lede">Can this Swarm content be retrieved through the network, as each node sees it? Drop a saved report JSON anywhere to view it.</p>
        </header>
        <CheckForm session={session} form={form} onChange={setForm} />
        {state === 'loadingDrop' && <p className="notice">Reading the dropped file…</p>}
        {state === 'failed' && error && (
          <p className="error" role="alert" data-testid="session-error">
            {error}
          </p>
        )}
        {state === 'showing' && report && <ReportView report={report} source={source} />}
        <ReseedPanel session={session} form={form} />
      </div>
    </div>
  );
}
