/**
 * Staff tasks (the spec's owner-only Todo) over the API on both databases: 401 without a session
 * on every endpoint, each member's list private to them (another member's task answers 404 like
 * one that never existed, and is left unchanged), validation with 400 { message, issues } and
 * nothing stored, server-set timestamps (controlled clock), delete with undo, the origin check.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { count, describeBackends, makeApi, type TestApi } from './helpers.ts';
import { ADMIN, MEMBER, createAccounts, signIn, signInRequest } from './staff-helpers.ts';

const SECOND = { username: 'youth.coach', email: 'coach@example.org', password: 'Pamoja#2026b' };
const UNKNOWN_ID = '00000000-0000-4000-8000-0000000000aa';
const MINUTE = 60_000;
const NOT_FOUND = { message: 'That task no longer exists.' };

type Task = { id: string; content: string; done: boolean; doneAt: string | null; createdAt: string; updatedAt: string };

describeBackends('staff tasks', (backend) => {
  let api: TestApi;
  let member = '';
  let second = '';
  let admin = '';

  beforeAll(async () => {
    api = await makeApi(backend);
    await createAccounts(api);
    await api.services.staff.accounts.create({ ...SECOND });
    member = await signIn(api, MEMBER.username, MEMBER.password);
    second = await signIn(api, SECOND.username, SECOND.password);
    admin = await signIn(api, ADMIN.username, ADMIN.password);
  });
  afterAll(() => api.close());
  afterEach(() => vi.useRealTimers());

  const send = (method: string, path: string, cookie?: string, body?: unknown, headers: Record<string, string> = {}) =>
    api.app.request(path, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const list = async (cookie: string) => ((await (await send('GET', '/api/tasks', cookie)).json()) as { tasks: Task[] }).tasks;
  async function add(cookie: string, content: string): Promise<Task> {
    const response = await send('POST', '/api/tasks', cookie, { content });
    expect(response.status).toBe(201);
    return (await response.json()) as Task;
  }
  const stored = (id: string) => api.services.db.kysely.selectFrom('tasks').selectAll().where('id', '=', id).executeTakeFirst();

  test('every endpoint answers 401 without a session, and with a forged cookie', async () => {
    const task = await add(member, 'Call the food bank');
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/tasks'],
      ['POST', '/api/tasks', { content: 'Sneak in' }],
      ['PATCH', `/api/tasks/${task.id}`, { done: true }],
      ['DELETE', `/api/tasks/${task.id}`],
      ['POST', `/api/tasks/${task.id}/restore`, {}],
    ];
    for (const cookie of [undefined, 'sipa.session_token=forged.value']) {
      for (const [method, path, body] of calls) {
        const response = await send(method, path, cookie, body);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(await response.json()).toMatchObject({ message: 'Please sign in.', code: 'signed-out' });
      }
    }
    expect(await stored(task.id)).toMatchObject({ content: 'Call the food bank', done_at: null, deleted_at: null });
  });

  test('a staff member who is not an administrator signs in to the staff area and keeps tasks there', async () => {
    const signedIn = await signInRequest(api, MEMBER.username, MEMBER.password);
    expect(await signedIn.json()).toEqual({ next: 'admin', redirect: '/admin' });
    const created = await send('POST', '/api/tasks', member, { content: '  Book the community hall  ' });
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('no-store');
    const task = (await created.json()) as Task;
    expect(task).toMatchObject({ content: 'Book the community hall', done: false, doneAt: null });
    expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await send('GET', '/api/tasks', member);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(((await listed.json()) as { tasks: Task[] }).tasks.map((t) => t.content)).toContain('Book the community hall');
    // An administrator keeps their own list too.
    const own = await add(admin, 'Sign the grant report');
    expect((await list(admin)).map((t) => t.id)).toEqual([own.id]);
  });

  test("a second member can neither read, change, delete nor restore the first member's task", async () => {
    const task = await add(member, 'Phone the Mbeki family');
    const secondsOwn = await add(second, 'Order new footballs');

    expect((await list(second)).map((t) => t.id)).toEqual([secondsOwn.id]);
    expect((await list(member)).map((t) => t.id)).toContain(task.id);
    expect((await list(member)).map((t) => t.id)).not.toContain(secondsOwn.id);

    // The same answer as for an id that never existed: nothing says the task is there.
    for (const id of [task.id, UNKNOWN_ID]) {
      for (const [method, path, body] of [
        ['PATCH', `/api/tasks/${id}`, { content: 'Taken over' }],
        ['PATCH', `/api/tasks/${id}`, { done: true }],
        ['DELETE', `/api/tasks/${id}`, undefined],
      ] as const) {
        const response = await send(method, path, second, body);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.json()).toEqual(NOT_FOUND);
      }
    }
    expect(await stored(task.id)).toMatchObject({ content: 'Phone the Mbeki family', done_at: null, deleted_at: null, updated_at: task.updatedAt });

    // Deleted by its owner, it cannot be restored by anyone else either.
    expect((await send('DELETE', `/api/tasks/${task.id}`, member)).status).toBe(200);
    const restoredByOther = await send('POST', `/api/tasks/${task.id}/restore`, second, {});
    expect(restoredByOther.status).toBe(404);
    expect((await list(member)).map((t) => t.id)).not.toContain(task.id);
    expect((await send('POST', `/api/tasks/${task.id}/restore`, member, {})).status).toBe(200);
    expect((await list(member)).map((t) => t.id)).toContain(task.id);
  });

  test('bad input is a 400 { message, issues } and stores or changes nothing', async () => {
    const before = await count(api.services, 'tasks');
    const refused: Array<[unknown, { path: string; message: string }]> = [
      [{ content: 42 }, { path: 'content', message: 'A task is text' }],
      [{ content: 'x'.repeat(501) }, { path: 'content', message: 'Keep a task to 500 characters or fewer' }],
      [{ content: 'line one\nline two' }, { path: 'content', message: 'Remove the control characters from this task' }],
      [{ content: 'nul\u0000' }, { path: 'content', message: 'Remove the control characters from this task' }],
      [{ content: 'Fine', createdAt: '2020-01-01T00:00:00.000Z' }, { path: 'createdAt', message: 'This field is not part of the form' }],
      [{ content: 'Fine', id: UNKNOWN_ID }, { path: 'id', message: 'This field is not part of the form' }],
      [{ content: 'Fine', owner: 'someone-else' }, { path: 'owner', message: 'This field is not part of the form' }],
    ];
    for (const [body, issue] of refused) {
      const response = await send('POST', '/api/tasks', member, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const answer = (await response.json()) as { message: string; issues: unknown[] };
      expect(answer.message).toBe('Please check the highlighted fields and try again.');
      expect(answer.issues).toEqual([issue]);
    }
    expect((await send('POST', '/api/tasks', member, '{"content":')).status).toBe(400);
    expect((await send('POST', '/api/tasks', member, 'content=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await count(api.services, 'tasks')).toBe(before);

    // The content is optional (the spec's Todo): none, empty or blank is a task without text.
    for (const body of [{}, { content: '' }, { content: ' \t ' }]) {
      const response = await send('POST', '/api/tasks', member, body);
      expect(response.status, JSON.stringify(body)).toBe(201);
      expect(await response.json()).toMatchObject({ content: '', done: false });
    }
    expect(await count(api.services, 'tasks')).toBe(before + 3);

    // Exactly at the limit is fine, and is stored trimmed.
    const longest = await add(member, ` ${'y'.repeat(500)} `);
    expect(longest.content).toBe('y'.repeat(500));

    const task = await add(member, 'Print the volunteer rota');
    for (const [body, issue] of [
      [{}, { path: '', message: 'Send the content or done to change' }],
      [{ done: 'yes' }, { path: 'done', message: 'Done is true or false' }],
      [{ done: true, updatedAt: '2030-01-01T00:00:00.000Z' }, { path: 'updatedAt', message: 'This field is not part of the form' }],
    ] as const) {
      const response = await send('PATCH', `/api/tasks/${task.id}`, member, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { issues: unknown[] }).issues).toEqual([issue]);
    }
    expect(await stored(task.id)).toMatchObject({ content: 'Print the volunteer rota', done_at: null, updated_at: task.updatedAt });
    expect((await send('PATCH', '/api/tasks/not-a-task-id', member, { done: true })).status).toBe(404);
  });

  test('createdAt, updatedAt and doneAt are set by the server', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T09:00:00.000Z'));
    const task = await add(member, 'Collect the donated coats');
    expect(task).toMatchObject({ createdAt: '2026-11-22T09:00:00.000Z', updatedAt: '2026-11-22T09:00:00.000Z', doneAt: null });

    vi.setSystemTime(new Date('2026-11-22T09:05:00.000Z'));
    const edited = (await (await send('PATCH', `/api/tasks/${task.id}`, member, { content: 'Collect and sort the donated coats' })).json()) as Task;
    expect(edited).toMatchObject({ content: 'Collect and sort the donated coats', createdAt: '2026-11-22T09:00:00.000Z', updatedAt: '2026-11-22T09:05:00.000Z', done: false });

    vi.setSystemTime(new Date('2026-11-22T09:07:00.000Z'));
    const done = (await (await send('PATCH', `/api/tasks/${task.id}`, member, { done: true })).json()) as Task;
    expect(done).toMatchObject({ done: true, doneAt: '2026-11-22T09:07:00.000Z', updatedAt: '2026-11-22T09:07:00.000Z', createdAt: '2026-11-22T09:00:00.000Z' });

    // Marking it done again keeps when it was first done; reopening clears it.
    vi.setSystemTime(new Date('2026-11-22T09:08:00.000Z'));
    const again = (await (await send('PATCH', `/api/tasks/${task.id}`, member, { done: true })).json()) as Task;
    expect(again.doneAt).toBe('2026-11-22T09:07:00.000Z');
    const reopened = (await (await send('PATCH', `/api/tasks/${task.id}`, member, { done: false })).json()) as Task;
    expect(reopened).toMatchObject({ done: false, doneAt: null, updatedAt: '2026-11-22T09:08:00.000Z' });
    expect((await list(member)).find((t) => t.id === task.id)).toEqual(reopened);
  });

  test('a deleted task can be restored for 10 minutes, then it is gone for good', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const keep = await add(member, 'Send the newsletter draft to Amina');
    const lose = await add(member, 'Return the projector');

    const deleted = await send('DELETE', `/api/tasks/${keep.id}`, member);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true, undoMinutes: 10 });
    expect((await list(member)).map((t) => t.id)).not.toContain(keep.id);
    expect((await send('DELETE', `/api/tasks/${keep.id}`, member)).status).toBe(404);
    expect((await send('PATCH', `/api/tasks/${keep.id}`, member, { done: true })).status).toBe(404);

    vi.setSystemTime(start + 9 * MINUTE);
    const restored = await send('POST', `/api/tasks/${keep.id}/restore`, member, {});
    expect(restored.status).toBe(200);
    expect(await restored.json()).toEqual(keep);
    expect((await send('POST', `/api/tasks/${keep.id}/restore`, member, {})).status).toBe(404);

    expect((await send('DELETE', `/api/tasks/${lose.id}`, member)).status).toBe(200);
    vi.setSystemTime(start + 20 * MINUTE);
    const late = await send('POST', `/api/tasks/${lose.id}/restore`, member, {});
    expect(late.status).toBe(404);
    expect(await late.json()).toEqual({ message: 'That task can no longer be restored.' });
    // The next change to any list removes it from the database.
    await add(second, 'Tidy the store room');
    expect(await stored(lose.id)).toBeUndefined();
    expect(await stored(keep.id)).toMatchObject({ deleted_at: null });
  });

  test('writes from another site are refused and change nothing', async () => {
    const task = await add(member, 'Renew the hall insurance');
    const evil = { origin: 'https://evil.example' };
    for (const [method, path, body] of [
      ['POST', '/api/tasks', { content: 'Planted' }],
      ['PATCH', `/api/tasks/${task.id}`, { done: true }],
      ['DELETE', `/api/tasks/${task.id}`, undefined],
      ['POST', `/api/tasks/${task.id}/restore`, {}],
    ] as const) {
      expect((await send(method, path, member, body, evil)).status, `${method} ${path}`).toBe(403);
    }
    expect(await stored(task.id)).toMatchObject({ done_at: null, deleted_at: null });
    expect((await list(member)).map((t) => t.content)).not.toContain('Planted');
    // The site's own origin is fine.
    expect((await send('PATCH', `/api/tasks/${task.id}`, member, { done: true }, { origin: 'http://localhost' })).status).toBe(200);
  });

  test('a member keeps at most 500 tasks; a wrong method is a 405', async () => {
    const account = { username: 'busy.bee', email: 'busy@example.org', password: 'Kazi#Nyingi26' };
    const { member: created } = await api.services.staff.accounts.create(account);
    const cookie = await signIn(api, account.username, account.password);
    const already = await list(cookie);
    const stamp = new Date().toISOString();
    const rows = Array.from({ length: 500 - already.length }, (_, i) => ({
      id: randomUUID(),
      owner_id: created.id,
      content: `Task ${i}`,
      done_at: null,
      created_at: stamp,
      updated_at: stamp,
      deleted_at: null,
    }));
    await api.services.db.kysely.insertInto('tasks').values(rows).execute();
    const full = await send('POST', '/api/tasks', cookie, { content: 'One more' });
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ message: 'You have 500 tasks. Delete some done ones before adding more.' });
    expect(await list(cookie)).toHaveLength(500);

    // Simultaneous adds near the limit: exactly as many as fit are stored.
    await api.services.db.kysely.deleteFrom('tasks').where('id', 'in', rows.slice(0, 5).map((row) => row.id)).execute();
    const racing = await Promise.all(Array.from({ length: 12 }, (_, i) => send('POST', '/api/tasks', cookie, { content: `Racing ${i}` })));
    expect(racing.filter((response) => response.status === 201)).toHaveLength(5);
    expect(racing.filter((response) => response.status === 409)).toHaveLength(7);
    expect(await list(cookie)).toHaveLength(500);

    const wrong = await send('PUT', `/api/tasks/${rows[0]!.id}`, cookie, { content: 'x' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('PATCH, DELETE');
    expect((await send('DELETE', '/api/tasks', cookie)).headers.get('allow')).toBe('GET, POST');
  });

  test('a member who must still replace a temporary password gets 403', async () => {
    const { temporaryPassword } = await api.services.staff.accounts.create({ username: 'new.helper', email: 'helper@example.org' });
    const cookie = await signIn(api, 'new.helper', temporaryPassword!);
    const response = await send('GET', '/api/tasks', cookie);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: 'password-change-required' });
  });
});
