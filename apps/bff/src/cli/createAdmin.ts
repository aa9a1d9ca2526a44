import { parseArgs } from 'node:util';
import { ConfigError, loadCreateAdminConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { LockFileError } from '../db/lockFile.js';
import { createAuditRepository } from '../features/audit/auditRepository.js';
import { createAuditService } from '../features/audit/auditService.js';
import { createPasswordHasher } from '../features/users/passwordHasher.js';
import { ROLES, type Role } from '../features/users/roles.js';
import { createUsersRepository } from '../features/users/usersRepository.js';
import { createUsersService } from '../features/users/usersService.js';
import { AppError } from '../shared/AppError.js';
import { systemClock } from '../shared/clock.js';

const USAGE = `Usage: npm run create-admin -w @payouts/bff -- --email <email> [--name <name>] [--role admin|finance|support]
The password is read from ADMIN_PASSWORD, or else from standard input (one line).`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * Creates a staff account (the first admin, typically) in the configured database. The
 * password never appears on the command line, where `ps` and shell history would keep it.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.email) fail(USAGE);
  if (!ROLES.includes(values.role as Role)) fail(`--role must be one of ${ROLES.join(', ')}`);

  let loaded;
  try {
    loaded = loadCreateAdminConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { config } = loaded;
  let password = loaded.password;
  if (password === undefined) {
    if (process.stdin.isTTY) process.stderr.write('Password (input is shown): ');
    password = await readStdin();
  }
  if (password.length < 12) fail('The password needs at least 12 characters.');

  let database;
  try {
    database = config.database.url
      ? await openDatabase({ url: config.database.url })
      : await openDatabase({ dataDir: config.database.dataDir });
  } catch (error) {
    if (error instanceof LockFileError) fail(error.message);
    throw error;
  }
  try {
    await database.migrate();
    const usersService = createUsersService({
      usersRepository: createUsersRepository(database.db),
      passwordHasher: createPasswordHasher(),
      auditService: createAuditService({
        auditRepository: createAuditRepository(database.db),
        clock: systemClock,
      }),
      clock: systemClock,
    });
    const email = values.email.toLowerCase();
    const { id } = await usersService.createUser(
      {
        email,
        name: values.name ?? email.split('@')[0] ?? email,
        role: values.role as Role,
        password,
      },
      { actor: null, ip: null, requestId: 'cli:create-admin' },
    );
    process.stdout.write(`Created ${values.role} ${email} (${id}) in ${database.description}\n`);
  } catch (error) {
    if (error instanceof AppError) fail(error.detail ?? error.title);
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `create-admin failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
