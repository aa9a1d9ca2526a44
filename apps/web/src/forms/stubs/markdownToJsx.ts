import type { ReactNode } from 'react';

/**
 * Stands in for `markdown-to-jsx/react` in the build (vite.config.ts `resolve.alias`). RJSF
 * renders markdown only where a uiSchema asks for it (`enableMarkdownInDescription`/`…InHelp`,
 * which no PSP section does) and for its own developer messages (an unsupported field); the
 * parser is about 25 kB gzip of every form page for that. Here the text shows as it is written.
 */
export function Markdown({ children }: { children?: ReactNode }): ReactNode {
  return children ?? null;
}
