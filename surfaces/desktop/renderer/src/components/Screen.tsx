/**
 * The shown screen: its title line (S-number, title, where the data came from or why it failed), its
 * sections, and an open drill beside it (S2 buckets, S6 peer, ...) with its own sections and a close button.
 */
import { memo } from 'react';
import type { DrillView, InputTarget, ScreenView, Section, SelectionView } from '../../../../../core/cockpit/view/view-model.js';
import { SectionView } from './Sections.js';
import { useSend } from './send-context.js';
import { cx } from './tone.js';

type FormFocus = Extract<InputTarget, { kind: 'form' }> | null;

const Sections = memo(function Sections({ sections, selection, focus, inDrill }: { readonly sections: readonly Section[]; readonly selection: SelectionView | null; readonly focus: FormFocus; readonly inDrill: boolean }) {
  return (
    <div className="sections">
      {sections.map((section) => (
        <SectionView
          key={section.id}
          section={section}
          selected={selection !== null && selection.section === section.id ? selection.index : null}
          focusedField={focus !== null && focus.section === section.id ? focus.field : null}
          inDrill={inDrill}
        />
      ))}
    </div>
  );
});

const Drill = memo(function Drill({ drill }: { readonly drill: DrillView }) {
  const send = useSend();
  return (
    <aside className="drill" aria-label={drill.title} data-testid="drill">
      <header className="drill-head">
        <h2>{drill.title}</h2>
        <button type="button" className="close" aria-label="close the drill (Esc)" data-testid="close-drill" onClick={() => send({ type: 'ui.click', target: { kind: 'closeDrill' } })}>
          ×
        </button>
      </header>
      {drill.subtitle !== null ? <p className={cx('subtitle', drill.status === 'error' && 'tone-fail')}>{drill.subtitle}</p> : drill.status === 'loading' ? <p className="subtitle">loading…</p> : null}
      <Sections sections={drill.sections} selection={drill.selection} focus={null} inDrill />
    </aside>
  );
});

export const Screen = memo(function Screen({ screen, focus }: { readonly screen: ScreenView; readonly focus: FormFocus }) {
  return (
    <div className={cx('screen', screen.drill !== null && 'with-drill')} data-testid="screen" data-screen={screen.id} data-status={screen.status}>
      <div className="screen-main">
        <header className="screen-head">
          <h1 data-testid="screen-title">
            S{screen.number} {screen.title}
          </h1>
          {screen.subtitle !== null ? (
            <p className={cx('subtitle', screen.status === 'error' && 'tone-fail')} data-testid="screen-subtitle">
              {screen.subtitle}
            </p>
          ) : screen.status === 'loading' ? (
            <p className="subtitle">loading…</p>
          ) : null}
        </header>
        <Sections sections={screen.sections} selection={screen.selection} focus={focus} inDrill={false} />
      </div>
      {screen.drill !== null ? <Drill drill={screen.drill} /> : null}
    </div>
  );
});
