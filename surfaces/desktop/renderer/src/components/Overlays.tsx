/**
 * The overlays, one at a time over the window: the palette (`:` / Ctrl+P), the node picker (Ctrl+N), the
 * help (`?`) and the alerts popup (Ctrl+A). What is highlighted, what the suggestions are and what Enter
 * does are the engine's; here they are drawn, clicks are sent, and the highlighted entry kept in view.
 */
import { memo, useLayoutEffect, useRef, type ReactNode } from 'react';
import type { AlertsView, HelpView, InputTarget, OverlayView, PaletteView, PickerView } from '../../../../../core/cockpit/view/view-model.js';
import { EngineInput } from './EngineInput.js';
import { useSend } from './send-context.js';
import { cx, toneClass } from './tone.js';

function useKeepInView<T extends HTMLElement>(index: number) {
  const list = useRef<T>(null);
  useLayoutEffect(() => {
    const item = list.current?.querySelector<HTMLElement>('[data-highlighted="true"]');
    item?.scrollIntoView?.({ block: 'nearest' });
  }, [index]);
  return list;
}

function Dialog({ label, kind, children }: { readonly label: string; readonly kind: string; readonly children: ReactNode }) {
  const send = useSend();
  const close = () => send({ type: 'ui.click', target: { kind: 'closeOverlay' } });
  return (
    <div className="overlay-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close()}>
      <div className={cx('overlay', `overlay-${kind}`)} role="dialog" aria-modal="true" aria-label={label} data-testid={`overlay-${kind}`}>
        <header className="overlay-head">
          <h2>{label}</h2>
          <button type="button" className="close" aria-label="close (Esc)" onClick={close}>
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}

const Palette = memo(function Palette({ palette, focused }: { readonly palette: PaletteView; readonly focused: boolean }) {
  const send = useSend();
  const list = useKeepInView<HTMLUListElement>(palette.highlighted);
  return (
    <Dialog label="Command palette" kind="palette">
      <div className="palette-input">
        <span className="colon" aria-hidden="true">
          :
        </span>
        <EngineInput target={PALETTE} value={palette.input} focused={focused} label="command" placeholder="a verb, or a screen (Up/Down, Enter)" testId="palette-input" invalid={palette.error !== null} />
      </div>
      {palette.error !== null ? (
        <p className="palette-error tone-fail" data-testid="palette-error">
          {palette.error}
        </p>
      ) : null}
      <ul className="suggestions" ref={list} role="listbox" aria-label="suggestions">
        {palette.suggestions.map((suggestion, i) => (
          <li
            key={`${suggestion.usage}-${i}`}
            role="option"
            aria-selected={i === palette.highlighted}
            data-highlighted={i === palette.highlighted}
            className={cx('suggestion', i === palette.highlighted && 'highlighted')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => send({ type: 'ui.click', target: { kind: 'suggestion', index: i } })}
          >
            <code>{suggestion.usage}</code>
            <span className="muted">{suggestion.description}</span>
          </li>
        ))}
      </ul>
    </Dialog>
  );
});

const PALETTE: InputTarget = { kind: 'palette' };

const Picker = memo(function Picker({ picker }: { readonly picker: PickerView }) {
  const send = useSend();
  const list = useKeepInView<HTMLUListElement>(picker.highlighted);
  return (
    <Dialog label="Switch node" kind="picker">
      <ul className="picker" ref={list} role="listbox" aria-label="nodes">
        {picker.nodes.map((node, i) => (
          <li
            key={node.name}
            role="option"
            aria-selected={i === picker.highlighted}
            data-highlighted={i === picker.highlighted}
            className={cx('picker-node', i === picker.highlighted && 'highlighted', node.active && 'active')}
            onClick={() => send({ type: 'ui.click', target: { kind: 'pickerNode', index: i } })}
          >
            <span className={cx('dot', toneClass(node.tone))} aria-hidden="true" />
            <strong>{node.name}</strong>
            <span className="muted">{node.url}</span>
            <span className={toneClass(node.tone)}>{node.status}</span>
            {node.active ? <span className="muted">(active)</span> : null}
          </li>
        ))}
      </ul>
    </Dialog>
  );
});

/**
 * Every group and entry of the face's help, scrolling inside the dialog when the window is small. The engine's
 * `top` (Up/Down, PgUp/PgDn, Home/End while the help is open) is the entry scrolled to the top of the list.
 */
const Help = memo(function Help({ help }: { readonly help: HelpView }) {
  const list = useRef<HTMLDivElement>(null);
  const top = help.top ?? 0;
  useLayoutEffect(() => {
    const box = list.current;
    const entry = box?.querySelector<HTMLElement>(`[data-entry="${top}"]`);
    if (!box || !entry) return;
    // The group's title stays in sight above its first entry.
    const title = entry.previousElementSibling === null ? entry.closest('section')?.querySelector('h3') : null;
    const target = (title ?? entry) as HTMLElement;
    box.scrollTop = target.offsetTop;
  }, [top]);
  let index = 0;
  return (
    <Dialog label="Help" kind="help">
      <div className="help" ref={list} data-testid="help-list">
        {help.groups.map((group) => (
          <section key={group.title} className="help-group">
            <h3>{group.title}</h3>
            <dl>
              {group.entries.map((entry, i) => (
                <div key={`${entry.keys}-${i}`} className="help-entry" data-entry={index++}>
                  <dt>
                    <kbd>{entry.keys}</kbd>
                  </dt>
                  <dd>{entry.action}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
});

const Alerts = memo(function Alerts({ alerts }: { readonly alerts: AlertsView }) {
  const send = useSend();
  const list = useKeepInView<HTMLTableSectionElement>(alerts.highlighted);
  return (
    <Dialog label={alerts.title} kind="alerts">
      {alerts.entries.length === 0 ? (
        <p className="empty">No gate has changed since the cockpit started.</p>
      ) : (
        <div className="table-wrap">
          <table className="alerts">
            <thead>
              <tr>
                <th>time</th>
                <th>node</th>
                <th>gate</th>
                <th>change</th>
                <th>reason</th>
              </tr>
            </thead>
            <tbody ref={list}>
              {alerts.entries.map((entry, i) => (
                <tr
                  key={entry.key}
                  data-highlighted={i === alerts.highlighted}
                  className={cx('selectable', toneClass(entry.tone), i === alerts.highlighted && 'selected')}
                  onClick={() => send({ type: 'ui.click', target: { kind: 'alert', index: i } })}
                >
                  <td>{entry.time}</td>
                  <td>{entry.node}</td>
                  <td>{entry.gate}</td>
                  <td className={toneClass(entry.tone)}>{entry.change}</td>
                  <td>{entry.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Dialog>
  );
});

export const Overlay = memo(function Overlay({ overlay, paletteFocused }: { readonly overlay: OverlayView; readonly paletteFocused: boolean }) {
  switch (overlay.kind) {
    case 'palette':
      return <Palette palette={overlay} focused={paletteFocused} />;
    case 'picker':
      return <Picker picker={overlay} />;
    case 'help':
      return <Help help={overlay} />;
    case 'alerts':
      return <Alerts alerts={overlay} />;
  }
});
