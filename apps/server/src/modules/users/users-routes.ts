import type { FastifyInstance } from 'fastify';
import { usersQuerySchema, type DirectoryUser } from '@service-hall/contracts';
import type { AppContext } from '../../platform/context.ts';
import { requestLocale } from '../../platform/locale.ts';
import { currentUser } from './current-user.ts';
import { searchUsers } from './users-repository.ts';

const MAX_RESULTS = 20;

/** GET /api/users?keyword=: directory search for picking a delegate — name, account and department only. */
export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get('/api/users', { config: { scope: 'profile' } }, async (request) => {
    currentUser(request, 'profile');
    const q = usersQuerySchema.parse(request.query);
    const en = requestLocale(request) === 'en';
    const rows = await searchUsers(ctx.db, q.keyword, Math.min(q.limit ?? MAX_RESULTS, MAX_RESULTS));
    const entities: DirectoryUser[] = rows.map((u) => ({
      id: u.id, account: u.account, name: en && u.name_en ? u.name_en : u.name,
      department: en && u.department_en ? u.department_en : u.department,
    }));
    return { errno: 0, error: '', total: entities.length, entities };
  });
}
