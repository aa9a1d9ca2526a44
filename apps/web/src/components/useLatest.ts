import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A ref to `value` as of the last commit. For handlers that stay the same functions (given to
 * memoised children, timers or a form element built once) yet act on the latest props.
 */
export function useLatest<T>(value: T): RefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
