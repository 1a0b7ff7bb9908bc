/**
 * The bottom log pane (Ctrl+L): the seven tabs with their counts, the source and its origin (or why there is
 * none), the filter field, and the newest matching lines of the active tab, kept scrolled to the end unless
 * the operator scrolled up to read.
 */
import { memo, useLayoutEffect, useRef } from 'react';
import type { LogLineView, LogPaneView } from '../../../../../core/cockpit/view/view-model.js';
import { EngineInput } from './EngineInput.js';
import { useSend } from './send-context.js';
import { cx, toneClass } from './tone.js';

const LEVEL = { error: 'ERR', warning: 'WRN', info: 'INF', debug: 'DBG' } as const;
const LEVEL_TONE = { error: 'tone-fail', warning: 'tone-warn', info: 'tone-info', debug: 'tone-muted' } as const;

const Line = memo(function Line({ line }: { readonly line: LogLineView }) {
  return (
    <div className={cx('log-line', toneClass(line.tone))}>
      <span className="log-time">{line.time}</span>
      <span className={cx('log-level', line.level !== null && LEVEL_TONE[line.level])}>{line.level !== null ? LEVEL[line.level] : ''}</span>
      <span className="log-text">{line.text}</span>
    </div>
  );
});

export const LogPane = memo(function LogPane({ pane, filterFocused }: { readonly pane: LogPaneView; readonly filterFocused: boolean }) {
  const send = useSend();
  const lines = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useLayoutEffect(() => {
    const element = lines.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [pane.lines]);
  return (
    <section className={cx('log-pane', pane.fullscreen && 'fullscreen')} style={{ ['--log-lines' as string]: String(pane.height) }} aria-label="log" data-testid="log-pane">
      <div className="log-tabs" role="tablist">
        {pane.tabs.map((tab) => (
          <button
            type="button"
            role="tab"
            key={tab.id}
            aria-selected={tab.id === pane.activeTab}
            className={cx('log-tab', tab.id === pane.activeTab && 'active')}
            data-tab={tab.id}
            onClick={() => send({ type: 'ui.click', target: { kind: 'logTab', tab: tab.id } })}
          >
            {tab.label} <span className="count">{tab.count}</span>
          </button>
        ))}
      </div>
      <div className="log-head">
        <span className={toneClass(pane.source.tone)} data-testid="log-source">
          {pane.source.label}
        </span>
        {pane.source.origin !== 'none' ? <span className="muted"> ({pane.source.origin})</span> : null}
        <span className="spacer" />
        <EngineInput
          target={{ kind: 'logFilter' }}
          value={pane.filter.editing ?? pane.filter.committed}
          focused={filterFocused}
          label="filter the log"
          placeholder="filter"
          className="log-filter"
          testId="log-filter"
        />
        {pane.filter.committed !== '' || pane.filter.editing !== null ? <span className="muted"> {pane.matching} matching</span> : null}
      </div>
      <div
        className="log-lines"
        ref={lines}
        data-testid="log-lines"
        onScroll={(event) => {
          const element = event.currentTarget;
          pinned.current = element.scrollTop + element.clientHeight >= element.scrollHeight - 4;
        }}
      >
        {pane.lines.length === 0 ? <p className="empty">{pane.empty}</p> : pane.lines.map((line) => <Line key={line.seq} line={line} />)}
      </div>
    </section>
  );
});
