import './Spinner.css';

/**
 * MUI's indeterminate `CircularProgress` (its 40 px circle, stroke and animation, the theme's
 * primary colour in either scheme) in plain HTML and CSS: the entry and the sign-in page render
 * it without MUI, which they must not download (docs/decisions/033). With a `label` it is a
 * progress bar of that name; without, decoration (`aria-hidden`), e.g. in a busy button.
 */
export function Spinner({ label, size = 40 }: { label?: string; size?: number }) {
  return (
    <span
      className="spinner"
      style={{ width: size, height: size }}
      {...(label ? { role: 'progressbar', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <svg viewBox="22 22 44 44">
        <circle cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
