/**
 * A real <input> whose value and focus belong to the engine (the palette, the log filter, a screen's form
 * field). Typing edits locally and sends the whole value (`ui.input`); the engine's value wins whenever it
 * is not an echo of what was typed (a drop pre-filling `:upload <path>`, Enter writing a suggestion into the
 * palette). Focus follows `view.inputFocus`: the engine focuses and blurs; clicking into the input asks it
 * (`ui.focus`), leaving it for something that is not another cockpit input says so (`ui.focus` null).
 * Enter and the navigation keys are App's (keys.ts): they reach the engine as `ui.submit` / `ui.key`.
 */
import { memo, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { InputTarget } from '../../../../../core/cockpit/view/view-model.js';
import { inputTargetOf } from '../keys.js';
import { useSend } from './send-context.js';

export interface EngineInputProps {
  readonly target: InputTarget;
  readonly value: string;
  readonly focused: boolean;
  readonly placeholder?: string;
  readonly label: string;
  readonly className?: string;
  readonly testId?: string;
  readonly invalid?: boolean;
}

function dataOf(target: InputTarget): Record<string, string> {
  return target.kind === 'form' ? { 'data-input': 'form', 'data-section': target.section, 'data-field': target.field } : { 'data-input': target.kind };
}

export const EngineInput = memo(function EngineInput({ target, value, focused, placeholder, label, className, testId, invalid }: EngineInputProps) {
  const send = useSend();
  const ref = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  const typed = useRef<string[]>([]);
  const lastValue = useRef(value);
  if (value !== lastValue.current) {
    lastValue.current = value;
    const echo = typed.current.indexOf(value);
    if (echo >= 0) typed.current = typed.current.slice(echo + 1);
    else {
      typed.current = [];
      if (draft !== value) setDraft(value);
    }
  }

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (focused && document.activeElement !== element) {
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    } else if (!focused && document.activeElement === element) element.blur();
  }, [focused]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setDraft(next);
    typed.current.push(next);
    send({ type: 'ui.input', target, value: next });
  };
  const onFocus = () => {
    if (!focused) send({ type: 'ui.focus', target });
  };
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (focused && inputTargetOf(event.relatedTarget) === null) send({ type: 'ui.focus', target: null });
  };

  return (
    <input
      ref={ref}
      {...dataOf(target)}
      className={className}
      data-testid={testId}
      aria-label={label}
      aria-invalid={invalid ? true : undefined}
      value={draft}
      placeholder={placeholder}
      spellCheck={false}
      autoComplete="off"
      onChange={onChange}
      onFocus={onFocus}
      onBlur={onBlur}
    />
  );
});
