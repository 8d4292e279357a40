import { z } from 'zod';

import { DirectoryUser, Notification, Position, Profile } from '../entities.ts';
import { listOf, nothing, oneOf } from '../envelope.ts';
import { idParamSchema, MAX_PAGE_SIZE, usersQuerySchema } from '../queries.ts';
import { DefinitionView } from '../workflow-extras.ts';
import { route } from './route.ts';

/** The signed-in user, the directory, notifications and the apply form's definition. */
export const getProfileRoute = route({
  operationId: 'getProfile',
  summary: "The signed-in user's profile",
  method: 'GET',
  path: '/api/me/profile',
  scope: 'profile',
  tag: 'workflow',
  reply: oneOf(Profile),
  errors: ['NOT_FOUND'],
});

export const listPositionsRoute = route({
  operationId: 'listMyPositions',
  summary: 'My positions: my department, and each post (role) I hold in it',
  method: 'GET',
  path: '/api/me/positions',
  scope: 'profile',
  tag: 'workflow',
  reply: listOf(Position),
});

export const searchUsersRoute = route({
  operationId: 'searchUsers',
  summary: 'Find people by name or account (to pick a delegate)',
  method: 'GET',
  path: '/api/users',
  scope: 'profile',
  tag: 'workflow',
  query: usersQuerySchema,
  reply: listOf(DirectoryUser),
});

/** A department as a form's department picker lists it: id (the form's value) and name in the caller's language. */
export const DirectoryDepartment = z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable() });
export type DirectoryDepartment = z.infer<typeof DirectoryDepartment>;

export const listDepartmentsRoute = route({
  operationId: 'listDepartments',
  summary: "Every department, by name (for a form's department picker)",
  method: 'GET',
  path: '/api/departments',
  scope: 'profile',
  tag: 'workflow',
  reply: listOf(DirectoryDepartment),
});

export const listNotificationsRoute = route({
  operationId: 'listNotifications',
  summary: 'My notifications, unread first',
  method: 'GET',
  path: '/api/me/notifications',
  scope: 'profile',
  tag: 'workflow',
  query: z.object({
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
    start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  }),
  reply: listOf(Notification),
});

export const readNotificationRoute = route({
  operationId: 'markNotificationRead',
  summary: 'Mark one of my notifications read',
  method: 'POST',
  path: '/api/me/notifications/:id/read',
  scope: 'profile_edit',
  tag: 'workflow',
  params: idParamSchema,
  reply: nothing(),
  errors: ['NOT_FOUND'],
});

export const getDefinitionRoute = route({
  operationId: 'getDefinition',
  summary: 'The newest definition of a built-in app: what the apply form renders',
  method: 'GET',
  path: '/api/definitions/:code',
  scope: 'app',
  tag: 'workflow',
  params: z.object({ code: z.string().min(1).max(64) }),
  reply: oneOf(DefinitionView),
  errors: ['NOT_FOUND', 'APP_NOT_VISIBLE'],
});
