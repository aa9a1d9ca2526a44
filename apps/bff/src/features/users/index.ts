// What the users feature offers the other features; they import nothing else of it (lint).
export type { PasswordHasher } from './passwordHasher.js';
export type { Role } from './roles.js';
export { createUserChanges } from './userChanges.js';
export { createUserChangesRepository } from './userChangesRepository.js';
export { createUsersRepository } from './usersRepository.js';
export type { UserRow, UsersRepository } from './usersRepository.js';
export { createUsersRouter } from './usersRouter.js';
export { DEMO_USERS, createUsersService } from './usersService.js';
export { createInvitations } from './invitations.js';
export { createInvitationsRepository } from './invitationsRepository.js';
