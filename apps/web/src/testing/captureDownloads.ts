import { vi } from 'vitest';

/**
 * Catches the files the page saves through a Blob link (`downloadText`): jsdom has no object
 * URLs and does not navigate. `restore()` puts everything back.
 */
export function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  const had = {
    create: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
    revoke: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
  };
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    if (blob instanceof Blob) blobs.push(blob);
    return `blob:download-${blobs.length}`;
  };
  URL.revokeObjectURL = () => {};
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return {
    blobs,
    names,
    texts: () => Promise.all(blobs.map((b) => b.text())),
    restore: () => {
      for (const [key, descriptor] of [
        ['createObjectURL', had.create],
        ['revokeObjectURL', had.revoke],
      ] as const) {
        if (descriptor) Object.defineProperty(URL, key, descriptor);
        else Reflect.deleteProperty(URL, key);
      }
      click.mockRestore();
    },
  };
}
