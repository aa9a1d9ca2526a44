import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { DEMO_USERS, type UsersService } from './usersService.js';

/**
 * Startup seeding: the demo accounts in demo mode, and the first admin from ADMIN_EMAIL /
 * ADMIN_PASSWORD when that account does not exist yet (an existing one is never overwritten).
 */
export async function seedUsers({
  config,
  usersService,
  logger,
}: {
  config: Config;
  usersService: UsersService;
  logger: Logger;
}): Promise<void> {
  if (config.demo.enabled) {
    const created = await usersService.ensureDemoUsers(config.demo.password);
    logger.debug(
      { created, kept: DEMO_USERS.map((u) => u.email).filter((e) => !created.includes(e)) },
      'demo users ready',
    );
  }
  if (config.admin) {
    const created = await usersService.ensureUser(
      {
        email: config.admin.email,
        name: 'Administrator',
        role: 'admin',
        password: config.admin.password,
      },
      { actor: null, ip: null, requestId: null },
    );
    if (created) logger.info({ email: config.admin.email }, 'first admin created from ADMIN_EMAIL');
  }
}
