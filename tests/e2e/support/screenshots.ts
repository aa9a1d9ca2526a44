import { fileURLToPath } from 'node:url';

/** The README's screenshots; the journeys overwrite them on every run. */
export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../../docs/screenshots', import.meta.url));

/** The size the README's screenshots are taken at. */
export const SCREENSHOT_VIEWPORT = { width: 1280, height: 800 } as const;
