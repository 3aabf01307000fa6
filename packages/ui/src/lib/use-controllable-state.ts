import { useCallback, useRef, useState } from 'react';

/**
 * State a component may own or leave to its parent: controlled while `value` is given (the parent
 * holds it; `onChange` asks for a change), else kept here from `defaultValue`. `onChange` is called
 * in both modes, only when the value actually changes.
 */
export function useControllableState<T>({
  value,
  defaultValue,
  onChange,
}: {
  value: T | undefined;
  defaultValue: T;
  onChange?: (value: T) => void;
}): [T, (next: T) => void] {
  const [inner, setInner] = useState(defaultValue);
  const controlled = value !== undefined;
  const current = controlled ? value : inner;
  const latest = useRef({ current, controlled, onChange });
  latest.current = { current, controlled, onChange };
  const set = useCallback((next: T) => {
    const { current: was, controlled: isControlled, onChange: notify } = latest.current;
    if (Object.is(was, next)) return;
    if (!isControlled) setInner(next);
    notify?.(next);
  }, []);
  return [current, set];
}
