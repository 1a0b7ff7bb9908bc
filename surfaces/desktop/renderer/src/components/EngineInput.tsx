/**
 * A real <input> whose value and focus belong to the engine (the palette, the log filter, a screen's form
 * field). Typing edits locally and sends the whole value (`ui.input`); the engine's value is the input's
 * whenever the views reflect every event sent (protocol.ts `ack`): a drop pre-filling `:upload <path>`, a
 * suggestion written in, the echo of what was typed. Keys typed right after `:`, before this input exists,
 * reach the engine as keys; the input takes the focus once the view holds them, so none is lost.
 * Focus follows `view.inputFocus`: the engine focuses and blurs; clicking into the input asks it
 * (`ui.focus`), leaving it for something that is not another cockpit input says so (`ui.focus` null).
 * Enter and the navigation keys are App's (keys.ts): they reach the engine as `ui.submit` / `ui.key`.
 */
import { memo, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import type { InputTarget } from '../../../../../core/cockpit/view/view-model.js';
import { inputTargetOf } from '../keys.js';
import { useSend, useSynced } from './send-context.js';

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
  const synced = useSynced();
  const [draft, setDraft] = useState(value);
  // The engine's value is the input's whenever the views reflect every event sent (our own edits included);
  // a view older than the last edit is not (what was typed since is newer).
  useLayoutEffect(() => {
    if (synced && value !== draft) setDraft(value);
    // Only the engine's value and the sync state drive this; the draft follows them.
  }, [value, synced]);

  useLayoutEffect(() => {
    const element = ref.current;
    // The engine's focus is the input's only once the views reflect every event sent: a view older than a
    // click into the input (`ui.focus` on its way) still says "not focused", and blurring then would send
    // the next keys to the window as shortcuts.
    if (!element || !synced) return;
    // An input that opened while keys typed before it were on their way takes the focus once the view has
    // them (they went to the engine as keys); keys typed after that are typed here.
    if (focused && document.activeElement !== element) {
      element.focus();
      element.setSelectionRange(element.value.length, element.value.length);
    } else if (!focused && document.activeElement === element) element.blur();
  }, [focused, synced]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setDraft(next);
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
