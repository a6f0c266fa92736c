/**
 * Staff tasks (the spec's owner-only Todo), for every signed-in staff member (401 without a
 * session). Each member sees and changes only their own: another member's task answers 404, the
 * same as one that never existed. Writes pass the API's origin check; answers are no-store.
 *   GET    /api/tasks                 { tasks }: the member's tasks, oldest first
 *   POST   /api/tasks                 { content } -> 201 the task
 *   PATCH  /api/tasks/:id             { content?, done? } -> the task
 *   DELETE /api/tasks/:id             -> { deleted: true, undoMinutes }
 *   POST   /api/tasks/:id/restore     undoes a delete within TASK_UNDO_MINUTES -> the task
 */
import { TASK_TEXT, TASK_UNDO_MINUTES } from '../../../src/lib/tasks.ts';
import { staffApi } from '../auth/guard.ts';
import { readJson } from '../inbox/http.ts';
import { methodNotAllowed } from '../method-not-allowed.ts';
import type { Services } from '../services.ts';
import { isTaskId, newTaskSchema, taskChangeSchema } from '../tasks/schemas.ts';
import { createTask, deleteTask, listTasks, restoreTask, updateTask } from '../tasks/store.ts';

/** Bodies are one short line of text: a few KB is plenty. */
const BODY_LIMIT = 4 * 1024;

export function taskRoutes(services: Services) {
  const db = services.db;
  const app = staffApi(services);
  const owner = (c: { get(key: 'staff'): { user: { id: string } } }) => c.get('staff').user.id;
  const notFound = { message: TASK_TEXT.notFound };

  app.get('/', async (c) => c.json({ tasks: await listTasks(db.kysely, owner(c)) }));

  app.post('/', async (c) => {
    const body = await readJson(c, newTaskSchema, BODY_LIMIT);
    if (!body.ok) return body.response;
    const task = await createTask(db, owner(c), body.data.content);
    if (task === 'too-many') return c.json({ message: TASK_TEXT.tooMany }, 409);
    return c.json(task, 201);
  });

  app.patch('/:id', async (c) => {
    const id = c.req.param('id');
    if (!isTaskId(id)) return c.json(notFound, 404);
    const body = await readJson(c, taskChangeSchema, BODY_LIMIT);
    if (!body.ok) return body.response;
    const task = await updateTask(db, owner(c), id, body.data);
    return task ? c.json(task) : c.json(notFound, 404);
  });

  app.delete('/:id', async (c) => {
    const id = c.req.param('id');
    if (!isTaskId(id) || !(await deleteTask(db, owner(c), id))) return c.json(notFound, 404);
    return c.json({ deleted: true, undoMinutes: TASK_UNDO_MINUTES });
  });

  app.post('/:id/restore', async (c) => {
    const id = c.req.param('id');
    const task = isTaskId(id) ? await restoreTask(db, owner(c), id) : undefined;
    if (task === 'too-many') return c.json({ message: TASK_TEXT.tooMany }, 409);
    return task ? c.json(task) : c.json({ message: TASK_TEXT.cannotRestore }, 404);
  });

  app.all('/', methodNotAllowed('GET, POST'));
  app.all('/:id', methodNotAllowed('PATCH, DELETE'));
  app.all('/:id/restore', methodNotAllowed('POST'));
  return app;
}
