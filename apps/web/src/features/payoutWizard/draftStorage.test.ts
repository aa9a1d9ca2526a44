// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createDraftStorage } from './draftStorage.js';
import { newDraft } from './wizardDraft.js';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('createDraftStorage', () => {
  it('keeps the draft and its key, but never card numbers, account numbers or codes', () => {
    const storage = memoryStorage();
    const drafts = createDraftStorage(storage, 'draft');
    drafts.save({
      ...newDraft('PO-1', 'key-1'),
      step: 2,
      lastAttempt: 'unresolved',
      metadata: {
        creditCardNumber: '4111111111111111',
        bankAccountNumber: 'BE71096123456769',
        cvv: '123',
        cardHolderName: 'Jane',
      },
    });
    const text = storage.getItem('draft')!;
    expect(text).not.toMatch(/4111|BE71|"123"/);
    expect(drafts.load()).toMatchObject({
      idempotencyKey: 'key-1',
      lastAttempt: 'unresolved',
      step: 2,
      metadata: { cardHolderName: 'Jane' },
    });
  });

  it('reads a draft of the five-step wizard, its method and recipient steps as one', () => {
    const storage = memoryStorage();
    const old = (step: number) =>
      JSON.stringify({ ...newDraft('PO-1', 'key-1'), version: 1, step });
    const drafts = createDraftStorage(storage, 'draft');
    const steps = [0, 1, 2, 3, 4].map((step) => {
      storage.setItem('draft', old(step));
      return drafts.load()?.step;
    });
    expect(steps).toEqual([0, 1, 1, 2, 3]);
    expect(drafts.load()).toMatchObject({ version: 2, idempotencyKey: 'key-1' });
  });

  it('ignores what it cannot read and survives storage that throws', () => {
    const storage = memoryStorage();
    storage.setItem('draft', '{"version":2}');
    expect(createDraftStorage(storage, 'draft').load()).toBeNull();
    storage.setItem('draft', JSON.stringify({ ...newDraft('PO-1', 'k'), version: 3 }));
    expect(createDraftStorage(storage, 'draft').load()).toBeNull();
    storage.setItem('draft', 'not json');
    expect(createDraftStorage(storage, 'draft').load()).toBeNull();

    const broken = {
      ...memoryStorage(),
      setItem: () => {
        throw new Error('quota');
      },
      getItem: () => {
        throw new Error('denied');
      },
    } as Storage;
    const drafts = createDraftStorage(broken, 'draft');
    expect(() => drafts.save(newDraft('PO-1', 'k'))).not.toThrow();
    expect(drafts.load()).toBeNull();
  });
});
