/**
 * Timing probes that run inside the page. They are plain JavaScript source, not functions handed
 * to `page.evaluate`: tsx compiles with esbuild's keepNames, whose `__name` helper does not exist
 * in the page.
 *
 * "Painted" is approximated the way INP polyfills do it: a requestAnimationFrame callback queued
 * once the change is in the DOM runs just before the next frame, and a message posted from it is
 * handled after that frame has been produced. Times start at the input event's own `timeStamp`,
 * so Playwright's round trips are not counted.
 */

/** What the next click must lead to before its time is taken. */
export type ClickGoal =
  /**
   * The wizard shows this PSP's generated section with at least `minFields` inputs, and its first
   * field can take input: rendered, laid out and visible, enabled, writable, not inert.
   */
  { kind: 'sectionUsable'; psp: string; minFields: number };

/**
 * Arms a one-shot probe for the next click (capture phase, so it sees the click before React):
 * `window.__benchClick` becomes a promise of `{ ms, fields }`, ms from the click's timeStamp to
 * the frame after `goal` is met. Await it with CLICK_RESULT once the click is made.
 */
export function armClickProbe(goal: ClickGoal): string {
  return `(() => {
    const goal = ${JSON.stringify(goal)};
    // Seen only: the wizard keeps the sections of the PSPs not chosen laid out but hidden
    // (visibility: hidden, aria-hidden), and may pre-render others with display: none.
    const SEEN = { visibilityProperty: true, opacityProperty: true };
    const sectionForm = () =>
      [...document.querySelectorAll('form')].find((form) =>
        form.checkVisibility(SEEN) &&
        !form.closest('[aria-hidden="true"], [inert]') &&
        form.textContent.includes('Recipient details for ' + goal.psp));
    const usable = (input) =>
      !!input && input.checkVisibility(SEEN) && !input.disabled && !input.readOnly &&
      !input.closest('[inert], [aria-hidden="true"]') && input.getClientRects().length > 0;
    const met = () => {
      const form = sectionForm();
      if (!form) return false;
      const inputs = form.querySelectorAll('input, textarea');
      return inputs.length >= goal.minFields && usable(inputs[0]);
    };
    window.__benchClick = new Promise((resolve, reject) => {
      let t0 = null;
      const timer = setTimeout(() => reject(new Error('probe timed out: ' + JSON.stringify(goal))), 20000);
      // Checked at the start of each frame after the click (the frame's style and layout are
      // due then anyway, so the check adds none of its own): once met, the time is taken after
      // that frame.
      const onFrame = () => {
        if (!met()) {
          requestAnimationFrame(onFrame);
          return;
        }
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          clearTimeout(timer);
          const form = sectionForm();
          resolve({
            ms: performance.now() - t0,
            fields: form ? form.querySelectorAll('input, textarea').length : 0,
          });
        };
        channel.port2.postMessage(null);
      };
      document.addEventListener('click', (event) => {
        t0 = event.timeStamp;
        requestAnimationFrame(onFrame);
      }, { capture: true, once: true });
    });
  })()`;
}

export const CLICK_RESULT = 'window.__benchClick';

/**
 * Starts recording keystrokes on the focused field: per keydown, ms from its timeStamp to the
 * frame after the field's value changed (its `input` event), and the Event Timing API's duration
 * of each keydown the browser reports (it reports only those of 16 ms or more).
 */
export const START_KEYSTROKE_PROBE = `(() => {
  const field = document.activeElement;
  if (!field || !('value' in field)) throw new Error('no focused field to type into');
  const probe = { latencies: [], eventTiming: [], lost: 0 };
  const since = performance.now();
  window.__benchKeys = probe;
  let pending = null;
  document.addEventListener('keydown', (event) => {
    if (event.target !== field) return;
    if (pending) probe.lost++;
    pending = event.timeStamp;
  }, true);
  document.addEventListener('input', (event) => {
    if (event.target !== field || pending === null) return;
    const t0 = pending;
    pending = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => probe.latencies.push(performance.now() - t0);
      channel.port2.postMessage(null);
    });
  }, true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      // Entries arrive after their frame: one may be of a key pressed before the probe began.
      if (entry.name === 'keydown' && entry.startTime >= since) probe.eventTiming.push(entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16 });
})()`;

/**
 * Waits two frames and a while (the last keystroke's measurement and the Event Timing entries,
 * which are delivered late, land), then returns the recording.
 */
export const KEYSTROKE_RESULT = `new Promise((resolve) =>
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(window.__benchKeys), 500))))`;

export interface KeystrokeRecording {
  latencies: number[];
  eventTiming: number[];
  /** Keydowns followed by another keydown before any input event (none expected). */
  lost: number;
}
