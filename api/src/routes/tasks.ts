/**
 * Staff tasks (the spec's owner-only Todo), for every signed-in staff member (401 without a
 * session). Each member sees and changes only their own: another member's task answers 404, the
 * same as one that never existed. Writes pass the API's origin check; answers are no-store.
 *   GET    /api/tasks                 { tasks }: the member's tasks, oldest first
 *   POST   /api/tasks                 { content? } -> 201 the task (content optional, stored empty)
 *   PATCH  /api/tasks/:id             { content?, done? } -> the task
 *   DELETE /api/tasks/:id             -> { deleted: true, undoMinutes }
 *   POST   /api/tasks/:id/restore     undoes a delete within TASK_UNDO_MINUTES -> the task
 */
import { TASK_TEXT, TASK_UNDO_MINUTES } from '../../../src/lib/tasks.ts';
import { staffApi } from '../auth/guard.ts';
import { validator } from 'hono/validator';
import { jsonBody } from '../inbox/http.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { Services } from '../services.ts';
import { isTaskId, newTaskSchema, taskChangeSchema } from '../tasks/schemas.ts';
import { createTask, deleteTask, listTasks, restoreTask, updateTask } from '../tasks/store.ts';

/** Bodies are one short line of text: a few KB is plenty. */
const BODY_LIMIT = 4 * 1024;

export function taskRoutes(services: Services) {
  const db = services.db;
  const owner = (c: { get(key: 'staff'): { user: { id: string } } }) => c.get('staff').user.id;
  const notFound = { message: TASK_TEXT.notFound };
  // An id that cannot name a task answers as a task that does not exist, before the body is read.
  const taskId = (message: string) => validator('param', (param: Record<string, string>, c) => {
      const id = param.id ?? '';
      return isTaskId(id) ? { id } : c.json({ message }, 404);
    });

  // One chain, so the routes' types reach AppType and the typed client.
  const routes = staffApi(services)
    .get('/', async (c) => c.json({ tasks: await listTasks(db.kysely, owner(c)) }))
    .post('/', jsonBody(newTaskSchema, BODY_LIMIT), async (c) => {
      const task = await createTask(db, owner(c), c.req.valid('json').content ?? '');
      if (task === 'too-many') return c.json({ message: TASK_TEXT.tooMany }, 409);
      return c.json(task, 201);
    })
    .patch('/:id', taskId(TASK_TEXT.notFound), jsonBody(taskChangeSchema, BODY_LIMIT), async (c) => {
      const task = await updateTask(db, owner(c), c.req.valid('param').id, c.req.valid('json'));
      return task ? c.json(task) : c.json(notFound, 404);
    })
    .delete('/:id', taskId(TASK_TEXT.notFound), async (c) => {
      if (!(await deleteTask(db, owner(c), c.req.valid('param').id))) return c.json(notFound, 404);
      return c.json({ deleted: true as const, undoMinutes: TASK_UNDO_MINUTES });
    })
    .post('/:id/restore', taskId(TASK_TEXT.cannotRestore), async (c) => {
      const task = await restoreTask(db, owner(c), c.req.valid('param').id);
      if (task === 'too-many') return c.json({ message: TASK_TEXT.tooMany }, 409);
      return task ? c.json(task) : c.json({ message: TASK_TEXT.cannotRestore }, 404);
    });
  // Outside the chain: an `all` route's answer would join every method's type in the client.
  routes.all('/', methodNotAllowed('GET, POST'));
  routes.all('/:id', methodNotAllowed('PATCH, DELETE'));
  routes.all('/:id/restore', methodNotAllowed('POST'));
  return routes;
}
