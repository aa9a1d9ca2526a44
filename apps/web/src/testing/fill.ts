import { waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Puts text into a field in one input event (typing key by key re-renders the form per key). */
export async function fill(user: UserEvent, field: HTMLElement, text: string) {
  // As a person would: only once the field is on screen. The wizard renders the sections of the
  // PSPs not chosen hidden (React <Activity>), and a field found there is not typeable.
  await waitFor(() => expect(field).toBeVisible());
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}
