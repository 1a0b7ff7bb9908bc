/**
 * The window's chrome around the screen: the top bar (node and its worst gate, supervisor chip, watches,
 * alerts marker, fleet roll-up), the screen tabs, the 8 s banner, the key hints, and the notices the host
 * adds (the bridge connection lost, the cockpit closed). Each is memoised on its slice of the view.
 */
import { memo } from 'react';
import type { BannerView, CockpitView, KeyHintView, ScreenTabView, TopBarView } from '../../../../../core/cockpit/view/view-model.js';
import type { BridgeStatus } from '../bridge/types.js';
import { useSend } from './send-context.js';
import { cx, toneClass } from './tone.js';

export const TopBar = memo(function TopBar({ bar }: { readonly bar: TopBarView }) {
  const send = useSend();
  const { alerts, fleet } = bar;
  const fleetTone = fleet.fail > 0 ? 'fail' : fleet.warn > 0 ? 'warn' : fleet.pass > 0 ? 'ok' : 'muted';
  return (
    <header className="top-bar" data-testid="top-bar">
      <span className="app">
        <strong>{bar.app.name}</strong> <span className="muted">{bar.app.version}</span>
      </span>
      <button type="button" className="chip node-chip" data-testid="node-chip" title="switch node (Ctrl+N)" onClick={() => send({ type: 'ui.key', key: 'n', ctrl: true })}>
        <span className={cx('dot', toneClass(bar.node.tone))} aria-hidden="true" />
        <strong data-testid="node-name">{bar.node.name}</strong>
        <span className={toneClass(bar.node.tone)} data-testid="node-status">
          {bar.node.status}
        </span>
      </button>
      {bar.node.nameIsUrl ? null : (
        <span className="muted url" data-testid="node-url">
          {bar.node.url}
        </span>
      )}
      {bar.supervisor !== null ? (
        <span className={cx('chip', 'supervisor', toneClass(bar.supervisor.tone))} data-testid="supervisor-chip">
          node: {bar.supervisor.text}
        </span>
      ) : null}
      {bar.watches > 0 ? <span className="chip tone-info">watch {bar.watches}</span> : null}
      <span className="spacer" />
      {alerts.webhookConfigured || alerts.unseen > 0 || alerts.sinkProblem !== null ? (
        <button type="button" className="chip alerts-marker" data-testid="alerts-marker" title="alerts (Ctrl+A)" onClick={() => send({ type: 'ui.key', key: 'a', ctrl: true })}>
          alerts
          {alerts.webhookConfigured ? <span className="muted"> webhook</span> : null}
          {alerts.unseen > 0 ? <strong className={toneClass(alerts.worst ?? 'info')}> {alerts.unseen} new</strong> : null}
          {alerts.sinkProblem !== null ? <span className="tone-fail"> {alerts.sinkProblem}</span> : null}
        </button>
      ) : null}
      {fleet.total > 1 ? (
        <span className={cx('chip', toneClass(fleetTone))} data-testid="fleet-rollup">
          fleet {fleet.total}: {fleet.pass} ok{fleet.warn > 0 ? `, ${fleet.warn} warn` : ''}
          {fleet.fail > 0 ? `, ${fleet.fail} fail` : ''}
          {fleet.unknown > 0 ? `, ${fleet.unknown} not measured` : ''}
        </span>
      ) : null}
    </header>
  );
});

export const Tabs = memo(function Tabs({ tabs }: { readonly tabs: readonly ScreenTabView[] }) {
  const send = useSend();
  return (
    <nav className="tabs" aria-label="screens" data-testid="tabs">
      {tabs.map((tab) => (
        <button
          type="button"
          key={tab.id}
          className={cx('tab', tab.active && 'active')}
          aria-current={tab.active ? 'page' : undefined}
          data-screen={tab.id}
          onClick={() => send({ type: 'ui.click', target: { kind: 'tab', screen: tab.id } })}
        >
          {tab.key !== null ? <kbd>{tab.key}</kbd> : null}
          {tab.title}
        </button>
      ))}
    </nav>
  );
});

export const Banner = memo(function Banner({ banner }: { readonly banner: BannerView }) {
  return (
    <div className={cx('banner', `banner-${banner.tone}`)} role="status" aria-live="polite" data-testid="banner" data-tone={banner.tone}>
      <span aria-hidden="true">{banner.tone === 'ok' ? '✓' : '✗'}</span> {banner.text}
    </div>
  );
});

export const Hints = memo(function Hints({ hints }: { readonly hints: readonly KeyHintView[] }) {
  return (
    <footer className="hints" data-testid="hints">
      {hints.map((hint, i) => (
        <span key={`${hint.keys}-${i}`} className="hint">
          <kbd>{hint.keys}</kbd> {hint.label}
        </span>
      ))}
    </footer>
  );
});

export function ConnectionNotice({ status }: { readonly status: BridgeStatus }) {
  if (status.state === 'open') return null;
  const text =
    status.state === 'lost'
      ? `The connection to the cockpit was lost: reconnecting${status.attempt > 1 ? ` (attempt ${status.attempt})` : ''}…`
      : `Connecting to the cockpit${status.attempt > 0 ? ` (attempt ${status.attempt + 1})` : ''}…`;
  return (
    <div className="connection" role="alert" data-testid="connection" data-state={status.state}>
      {text}
    </div>
  );
}

export function ExitNotice({ exit }: { readonly exit: NonNullable<CockpitView['exit']> }) {
  return (
    <div className="exit-notice" role="alert" data-testid="exit-notice">
      <p>The cockpit has closed.</p>
      {exit.finalStatus !== null ? <p>node: {exit.finalStatus}</p> : null}
    </div>
  );
}
