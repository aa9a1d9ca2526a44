import type { FieldError } from '../shared/AppError.js';
import { toJsonPointer } from './toJsonPointer.js';

/** What a body or query walk refuses, and how it says so. */
export interface TextRule {
  message: string;
  /** Whether a string value is refused; `key` is the object key or array index it sits at. */
  refusesValue: (text: string, key: string | number | undefined) => boolean;
  /** Whether an object key is refused (its value is then not walked). */
  refusesKey: (key: string) => boolean;
  /**
   * Where a refused key is pointed at: at itself, or at the object holding it, when the pointer
   * would otherwise repeat what is refused (a card number) in the reply and the logs.
   */
  keyPointer: 'key' | 'parent';
}

const MAX_ERRORS = 20;

interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | undefined;
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) {
    path.push(at.key);
  }
  return path.reverse();
}

/** Pointers to every string (value or key) in `value` that `rule` refuses, 20 at most. */
export function findRefusedText(value: unknown, rule: TextRule): FieldError[] {
  const errors: FieldError[] = [];
  const { message } = rule;
  // Iterative, with parent links instead of copied paths: a body nested 50,000 deep is walked
  // in linear time and without overflowing the stack.
  const stack: Visit[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      if (rule.refusesValue(current, visit.key)) {
        errors.push({ pointer: toJsonPointer(pathOf(visit)), message });
      }
    } else if (Array.isArray(current)) {
      (current as unknown[]).forEach((item, index) =>
        stack.push({ value: item, key: index, parent: visit }),
      );
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current as Record<string, unknown>)) {
        const child: Visit = { value: item, key, parent: visit };
        if (rule.refusesKey(key)) {
          const at = rule.keyPointer === 'key' ? child : visit;
          errors.push({ pointer: toJsonPointer(pathOf(at)), message });
        } else {
          stack.push(child);
        }
      }
    }
  }
  return errors;
}
