import type { SandboxProviderConfig, SandboxPsp } from './SandboxProviderConfig.js';

/**
 * Finds a PSP by code name, or by display title as the real service also accepts it
 * (title compared case-insensitively).
 */
export function findPsp(
  config: SandboxProviderConfig,
  nameOrTitle: string,
): SandboxPsp | undefined {
  const byName = config.psps.find((p) => p.name === nameOrTitle);
  if (byName) return byName;
  const wanted = nameOrTitle.trim().toLowerCase();
  return config.psps.find((p) => p.title.toLowerCase() === wanted);
}
