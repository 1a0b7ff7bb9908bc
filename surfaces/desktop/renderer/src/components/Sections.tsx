/**
 * One component per section kind of the view model (facts, table, bars, strip, tree, form, text, actions):
 * every screen and drill is drawn by these eight. Each is memoised on its section object, which the bridge
 * keeps identical while unchanged, and table and tree rows on their row objects, so a 200-row fleet update
 * that changes one row re-renders one row.
 *
 * Node text is React text, never HTML. Clicks become `ui.click`: a row selects (the engine drills when the
 * row is already selected: a double click), a shortened cell reveals its full value, a button acts.
 */
import { memo, useLayoutEffect, useRef } from 'react';
import type {
  ActionsSection,
  BarsSection,
  CellView,
  ColumnView,
  FactsSection,
  FormSection,
  InputTarget,
  RowHint,
  Section,
  StripSection,
  TableSection,
  TextSection,
  TreeSection,
} from '../../../../../core/cockpit/view/view-model.js';
import { fullTextOf } from '../../../../../core/cockpit/view/cell-text.js';
import { EngineInput } from './EngineInput.js';
import { useFittedColumns } from './fit-columns.js';
import { Sparkline } from './Sparkline.js';
import { useSend } from './send-context.js';
import { cx, toneClass } from './tone.js';

export interface SectionProps<S extends Section> {
  readonly section: S;
  /** The selected row of this section, or null. */
  readonly selected: number | null;
  /** The focused field when this section is the focused form, or null. */
  readonly focusedField: string | null;
  readonly inDrill: boolean;
}

function Title({ title }: { readonly title: string | null }) {
  return title === null ? null : <h3 className="section-title">{title}</h3>;
}

function useScrollIntoView<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (active) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);
  return ref;
}

export const FactsView = memo(function FactsView({ section }: SectionProps<FactsSection>) {
  return (
    <section className="section section-facts" data-testid={`section-${section.id}`} data-kind="facts">
      <Title title={section.title} />
      <dl className="facts">
        {section.rows.map((row, i) => (
          <div className="fact" key={`${row.label}-${i}`}>
            <dt>{row.label}</dt>
            <dd className={cx(toneClass(row.tone), fullTextOf(row, row.value) !== undefined && 'has-full')} title={fullTextOf(row, row.value) ?? row.detail}>
              {row.spark ? <FactSpark spark={row.spark} /> : null}
              {row.value}
            </dd>
            {row.hint ? <RowHintView hint={row.hint} /> : null}
          </div>
        ))}
      </dl>
    </section>
  );
});

/** A fact's last hour (issue 28 item 3), before its value: the SVG line, or `—` with why when nothing is recorded yet. */
function FactSpark({ spark }: { readonly spark: CellView }) {
  return (
    <span className="fact-spark" title={spark.detail}>
      {spark.trend ? <Sparkline levels={spark.trend} label={spark.detail ?? spark.text} /> : <span className={toneClass(spark.tone)}>{spark.text}</span>}
    </span>
  );
}

/** What to do about a row (a gate's remedy, why it was not measured, a batch's top-up): under the row. */
function RowHintView({ hint, columns }: { readonly hint: RowHint; readonly columns?: number }) {
  const text = <span className={cx('row-hint-text', toneClass(hint.tone ?? 'muted'))}>{hint.text}</span>;
  if (columns === undefined) return <dd className="row-hint" data-testid="row-hint">{text}</dd>;
  return (
    <tr className="row-hint" data-testid="row-hint">
      <td colSpan={columns}>{text}</td>
    </tr>
  );
}

const TableRowView = memo(function TableRowView({
  row,
  columns,
  shown,
  index,
  selected,
  sectionId,
  selectable,
  inDrill,
}: {
  readonly row: TableSection['rows'][number];
  readonly columns: readonly ColumnView[];
  /** Indexes of the columns drawn (a table too wide for its box drops some: fit-columns.ts). */
  readonly shown: readonly number[];
  readonly index: number;
  readonly selected: boolean;
  readonly sectionId: string;
  readonly selectable: boolean;
  readonly inDrill: boolean;
}) {
  const send = useSend();
  const ref = useScrollIntoView<HTMLTableRowElement>(selected);
  const onClick = selectable ? () => send({ type: 'ui.click', target: { kind: inDrill ? 'drillRow' : 'row', section: sectionId, index, activate: false } }) : undefined;
  // A shortened value (a reference) is revealed by a click on it; the click also selects its row.
  const reveal = (column: string) => () => send({ type: 'ui.click', target: { kind: 'cell', section: sectionId, index, column } });
  return (
    <>
    <tr ref={ref} className={cx(toneClass(row.tone), selected && 'selected', selectable && 'selectable')} aria-selected={selectable ? selected : undefined} data-key={row.key} onClick={onClick}>
      {shown.map((c) => {
        const column = columns[c]!;
        const cell: CellView | undefined = row.cells[c];
        const full = cell === undefined ? undefined : fullTextOf(cell, cell.text);
        return (
          <td key={column.id} className={cx(`align-${column.align}`, `kind-${column.kind}`, toneClass(cell?.tone))} title={full ?? cell?.detail}>
            {cell?.trend ? (
              <Sparkline levels={cell.trend} label={cell.detail ?? cell.text} />
            ) : cell !== undefined && full !== undefined ? (
              <button type="button" className="cell-reveal" onClick={reveal(column.id)} aria-label={`show the full ${column.label}`}>
                {cell.text}
              </button>
            ) : (
              cell?.text ?? ''
            )}
          </td>
        );
      })}
    </tr>
    {row.hint ? <RowHintView hint={row.hint} columns={shown.length} /> : null}
    </>
  );
});

export const TableView = memo(function TableView({ section, selected, inDrill }: SectionProps<TableSection>) {
  const { ref, shown } = useFittedColumns(section.columns, section.rows);
  const dropped = section.columns.filter((_, c) => !shown.includes(c)).map((column) => column.label);
  return (
    <section className="section section-table" data-testid={`section-${section.id}`} data-kind="table">
      <Title title={section.title} />
      {section.rows.length === 0 ? (
        <p className="empty">{section.emptyText}</p>
      ) : (
        <div className="table-wrap" ref={ref} title={dropped.length > 0 ? `not shown for lack of room: ${dropped.join(', ')}` : undefined}>
          <table>
            <thead>
              <tr>
                {shown.map((c) => section.columns[c]!).map((column) => (
                  <th key={column.id} className={`align-${column.align} kind-${column.kind}`} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row, i) => (
                <TableRowView
                  key={row.key || i}
                  row={row}
                  columns={section.columns}
                  shown={shown}
                  index={i}
                  selected={section.selectable && selected === i}
                  sectionId={section.id}
                  selectable={section.selectable}
                  inDrill={inDrill}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});

export const BarsView = memo(function BarsView({ section }: SectionProps<BarsSection>) {
  return (
    <section className="section section-bars" data-testid={`section-${section.id}`} data-kind="bars">
      <Title title={section.title} />
      <div className="bars">
        {section.bars.map((bar, i) => {
          const fraction = Number.isFinite(bar.fraction) ? Math.min(1, Math.max(0, bar.fraction)) : 0;
          return (
            <div className="bar-row" key={`${bar.label}-${i}`}>
              <span className="bar-label">{bar.label}</span>
              <span className="bar" role="progressbar" aria-label={bar.label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(fraction * 100)}>
                <span className={cx('bar-fill', toneClass(bar.tone ?? 'info'))} style={{ width: `${fraction * 100}%` }} />
              </span>
              <span className={cx('bar-text', toneClass(bar.tone))}>{bar.text}</span>
            </div>
          );
        })}
      </div>
    </section>
  );
});

export const StripView = memo(function StripView({ section }: SectionProps<StripSection>) {
  return (
    <section className="section section-strip" data-testid={`section-${section.id}`} data-kind="strip">
      <Title title={section.title} />
      <ol className="strip">
        {section.cells.map((cell, i) => (
          <li key={`${cell.label}-${i}`} className={cx('strip-cell', toneClass(cell.tone))}>
            <span className="strip-label">{cell.label}</span>
            <span className="strip-value">{cell.value}</span>
          </li>
        ))}
      </ol>
      {section.legend !== null ? <p className="legend">{section.legend}</p> : null}
    </section>
  );
});

const TreeRowView = memo(function TreeRowView({
  row,
  index,
  selected,
  sectionId,
  selectable,
  inDrill,
}: {
  readonly row: TreeSection['rows'][number];
  readonly index: number;
  readonly selected: boolean;
  readonly sectionId: string;
  readonly selectable: boolean;
  readonly inDrill: boolean;
}) {
  const send = useSend();
  const ref = useScrollIntoView<HTMLLIElement>(selected);
  const glyph = row.expandable ? (row.expanded ? '▾' : '▸') : '·';
  return (
    <li
      ref={ref}
      className={cx('tree-row', toneClass(row.tone), selected && 'selected', selectable && 'selectable')}
      style={{ paddingLeft: `${row.depth * 1.25 + 0.5}em` }}
      aria-selected={selectable ? selected : undefined}
      aria-expanded={row.expandable ? row.expanded : undefined}
      data-key={row.key}
      onClick={selectable ? () => send({ type: 'ui.click', target: { kind: inDrill ? 'drillRow' : 'row', section: sectionId, index, activate: false } }) : undefined}
    >
      <span className="tree-glyph" aria-hidden="true">
        {glyph}
      </span>
      <span className="tree-label">{row.label}</span>
      {row.detail !== null ? <span className="tree-detail">{row.detail}</span> : null}
      {row.loading ? <span className="tree-loading">loading…</span> : null}
    </li>
  );
});

export const TreeView = memo(function TreeView({ section, selected, inDrill }: SectionProps<TreeSection>) {
  return (
    <section className="section section-tree" data-testid={`section-${section.id}`} data-kind="tree">
      <Title title={section.title} />
      {section.rows.length === 0 ? (
        <p className="empty">{section.emptyText}</p>
      ) : (
        <ul className="tree" role="tree">
          {section.rows.map((row, i) => (
            <TreeRowView key={row.key || i} row={row} index={i} selected={section.selectable && selected === i} sectionId={section.id} selectable={section.selectable} inDrill={inDrill} />
          ))}
        </ul>
      )}
    </section>
  );
});

export const FormView = memo(function FormView({ section, focusedField }: SectionProps<FormSection>) {
  const send = useSend();
  const first = section.fields[0];
  const submitTarget: InputTarget | null = first ? { kind: 'form', section: section.id, field: focusedField ?? first.id } : null;
  return (
    <section className="section section-form" data-testid={`section-${section.id}`} data-kind="form">
      <Title title={section.title} />
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (submitTarget) send({ type: 'ui.submit', target: submitTarget });
        }}
      >
        {section.fields.map((field) => {
          const target: InputTarget = { kind: 'form', section: section.id, field: field.id };
          return (
            <div className="field" key={field.id}>
              <span className="field-label">{field.label}</span>
              {field.options !== undefined ? (
                <span className="choice" role="radiogroup" aria-label={field.label}>
                  {field.options.map((option) => (
                    <button
                      type="button"
                      key={option}
                      role="radio"
                      aria-checked={option === field.value}
                      className={cx('choice-option', option === field.value && 'chosen')}
                      onClick={() => send({ type: 'ui.input', target, value: option })}
                    >
                      {option}
                    </button>
                  ))}
                </span>
              ) : (
                <EngineInput
                  target={target}
                  value={field.value}
                  focused={focusedField === field.id}
                  placeholder={field.placeholder}
                  label={field.label}
                  className="field-input"
                  testId={`field-${section.id}-${field.id}`}
                  invalid={field.error !== undefined}
                />
              )}
              {field.error !== undefined ? <span className="field-error tone-fail">{field.error}</span> : null}
            </div>
          );
        })}
        <button type="submit" className="submit" data-testid={`submit-${section.id}`}>
          {section.submitLabel}
        </button>
      </form>
    </section>
  );
});

export const TextView = memo(function TextView({ section }: SectionProps<TextSection>) {
  return (
    <section className="section section-text" data-testid={`section-${section.id}`} data-kind="text">
      <Title title={section.title} />
      {section.lines.map((line, i) => (
        <p key={i} className={cx('text-line', toneClass(line.tone))}>
          {line.text}
        </p>
      ))}
    </section>
  );
});

export const ActionsView = memo(function ActionsView({ section }: SectionProps<ActionsSection>) {
  const send = useSend();
  return (
    <section className="section section-actions" data-testid={`section-${section.id}`} data-kind="actions">
      <Title title={section.title} />
      <div className="actions">
        {section.actions.map((action) => (
          <button
            type="button"
            key={action.id}
            className="action"
            data-action={action.id}
            disabled={!action.enabled}
            onClick={() => send({ type: 'ui.click', target: { kind: 'action', id: action.id } })}
          >
            {action.label}
            {action.key ? <kbd>{action.key}</kbd> : null}
          </button>
        ))}
      </div>
    </section>
  );
});

/** One section of any kind. */
export const SectionView = memo(function SectionView(props: SectionProps<Section>) {
  const { section } = props;
  switch (section.kind) {
    case 'facts':
      return <FactsView {...props} section={section} />;
    case 'table':
      return <TableView {...props} section={section} />;
    case 'bars':
      return <BarsView {...props} section={section} />;
    case 'strip':
      return <StripView {...props} section={section} />;
    case 'tree':
      return <TreeView {...props} section={section} />;
    case 'form':
      return <FormView {...props} section={section} />;
    case 'text':
      return <TextView {...props} section={section} />;
    case 'actions':
      return <ActionsView {...props} section={section} />;
  }
});
