/**
 * The Tasks panel of the staff area: the signed-in member's own to-do list (the spec's owner-only
 * Todo). Add a task (Enter), edit one in place (Enter saves, Escape cancels), tick it done, delete
 * it and undo the delete. Every change is said in a live region, and focus goes where the work
 * continues. Self-contained: mount `<TasksPanel />` anywhere in the staff area.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { TASK_CONTENT_MAX, TASK_TEXT, TASK_UNDO_MINUTES, taskName, type Task } from '../../../lib/tasks.ts';
import { safeParse } from '../../../../api/src/schemas.ts';
import { taskContent } from '../../../../api/src/tasks/schemas.ts';
import { api } from '../../../lib/api-client.ts';
import { JSON_REQUEST, SIGN_IN_ON_401, call, problemOf, type Answer } from '../../api-call.ts';
import { PanelProblem } from '../staff-kit.tsx';
import { TaskItem } from './TaskItem.tsx';
import './tasks.css';

type Part = 'check' | 'edit' | 'input';
type FocusTarget = { id: string; part: Part } | 'new' | 'undo' | 'heading';

/** The text's own problem (empty, too long, control characters), or null when it can be sent. */
function contentProblem(value: string): string | null {
  const result = safeParse(taskContent, value);
  return result.success ? null : (result.error.issues[0]?.message ?? TASK_TEXT.contentText);
}

/** The field's message from a refused request: the server's word on `content`, else its message. */
const fieldMessage = (answer: Extract<Answer<unknown>, { ok: false }>) => answer.issues?.find((issue) => issue.path === 'content')?.message ?? problemOf(answer);

const byCreation = (a: Task, b: Task) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1);

export function TasksPanel() {
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [loadProblem, setLoadProblem] = useState('');
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState('');
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [deleted, setDeleted] = useState<Task | null>(null);
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);

  const rowParts = useRef(new Map<string, HTMLElement>());
  const newInput = useRef<HTMLInputElement>(null);
  const undoButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const register = useCallback((id: string, part: Part, element: HTMLElement | null) => {
    const key = `${id}:${part}`;
    if (element) rowParts.current.set(key, element);
    else rowParts.current.delete(key);
  }, []);

  const load = useCallback(async () => {
    setLoadProblem('');
    const answer = await call(() => api.tasks.$get({}, JSON_REQUEST), SIGN_IN_ON_401);
    if (answer.ok) setTasks(answer.data.tasks);
    else setLoadProblem(problemOf(answer));
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Focus moves with the change, in the same task that draws it (a layout effect): to the edited
  // row, the Undo button, the new-task field. A later effect could land after the next key press
  // and pull the focus back from where the keyboard had moved it.
  useLayoutEffect(() => {
    if (!focusTarget) return;
    const element =
      focusTarget === 'new' ? newInput.current : focusTarget === 'undo' ? undoButton.current : focusTarget === 'heading' ? heading.current : rowParts.current.get(`${focusTarget.id}:${focusTarget.part}`);
    if (element) {
      element.focus();
      if (element instanceof HTMLInputElement && element.type === 'text' && focusTarget !== 'new') element.select();
    }
    setFocusTarget(null);
  }, [focusTarget, tasks, editingId, deleted]);

  // The server keeps a deleted task for TASK_UNDO_MINUTES; the offer to undo goes when it does.
  useEffect(() => {
    if (!deleted) return;
    const timer = window.setTimeout(() => {
      if (document.activeElement === undoButton.current) setFocusTarget('heading');
      setDeleted(null);
    }, TASK_UNDO_MINUTES * 60_000);
    return () => window.clearTimeout(timer);
  }, [deleted]);

  const setBusy = (id: string, on: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const replace = (task: Task) => setTasks((current) => current?.map((item) => (item.id === task.id ? task : item)) ?? null);
  const drop = (id: string) => setTasks((current) => current?.filter((item) => item.id !== id) ?? null);

  /** A task another tab or device deleted: take it off this list too and say so. */
  function gone(id: string) {
    drop(id);
    setEditingId((current) => (current === id ? null : current));
    setProblem(TASK_TEXT.notFound);
    setFocusTarget('heading');
  }

  async function add(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (adding) return;
    const error = contentProblem(draft);
    setDraftError(error ?? '');
    if (error) return;
    setAdding(true);
    setProblem('');
    const answer = await call(() => api.tasks.$post({ json: { content: draft } }, JSON_REQUEST), SIGN_IN_ON_401);
    setAdding(false);
    if (!answer.ok) {
      setDraftError(fieldMessage(answer));
      return;
    }
    setTasks((current) => [...(current ?? []), answer.data]);
    setDraft('');
    setAnnouncement(`Added “${taskName(answer.data)}”.`);
    setFocusTarget('new');
  }

  async function toggle(task: Task) {
    setBusy(task.id, true);
    setProblem('');
    replace({ ...task, done: !task.done });
    const answer = await call(() => api.tasks[':id'].$patch({ param: { id: task.id }, json: { done: !task.done } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(task.id, false);
    if (answer.ok) {
      replace(answer.data);
      setAnnouncement(`“${taskName(task)}” marked ${answer.data.done ? 'done' : 'not done'}.`);
      setFocusTarget({ id: task.id, part: 'check' });
      return;
    }
    if (answer.status === 404) return gone(task.id);
    replace(task);
    setProblem(problemOf(answer));
    setFocusTarget({ id: task.id, part: 'check' });
  }

  async function save(task: Task, value: string): Promise<string | null> {
    const error = contentProblem(value);
    if (error) return error;
    if (value.trim() === task.content) {
      setEditingId(null);
      setFocusTarget({ id: task.id, part: 'edit' });
      return null;
    }
    setBusy(task.id, true);
    setProblem('');
    const answer = await call(() => api.tasks[':id'].$patch({ param: { id: task.id }, json: { content: value } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(task.id, false);
    if (!answer.ok) {
      if (answer.status === 404) {
        gone(task.id);
        return null;
      }
      return fieldMessage(answer);
    }
    replace(answer.data);
    setEditingId(null);
    setAnnouncement(`Saved “${taskName(answer.data)}”.`);
    setFocusTarget({ id: task.id, part: 'edit' });
    return null;
  }

  async function remove(task: Task) {
    setBusy(task.id, true);
    setProblem('');
    const answer = await call(() => api.tasks[':id'].$delete({ param: { id: task.id } }, JSON_REQUEST), SIGN_IN_ON_401);
    setBusy(task.id, false);
    if (!answer.ok) {
      if (answer.status === 404) return gone(task.id);
      setProblem(problemOf(answer));
      return;
    }
    drop(task.id);
    setDeleted(task);
    setAnnouncement(`Deleted “${taskName(task)}”.`);
    setFocusTarget('undo');
  }

  async function undo() {
    if (!deleted) return;
    const task = deleted;
    setProblem('');
    const answer = await call(() => api.tasks[':id'].restore.$post({ param: { id: task.id } }, JSON_REQUEST), SIGN_IN_ON_401);
    setDeleted(null);
    if (!answer.ok) {
      setProblem(problemOf(answer));
      setFocusTarget('heading');
      return;
    }
    setTasks((current) => [...(current ?? []).filter((item) => item.id !== task.id), answer.data].sort(byCreation));
    setAnnouncement(`Restored “${taskName(answer.data)}”.`);
    setFocusTarget({ id: task.id, part: 'check' });
  }

  /** The button goes away with the offer: focus goes back to the panel's heading, not to the page's start. */
  function dismissUndo() {
    setDeleted(null);
    setFocusTarget('heading');
  }

  const open = tasks?.filter((task) => !task.done).length ?? 0;
  const done = (tasks?.length ?? 0) - open;

  return (
    <section className="staff-panel tasks" aria-labelledby="tasks-heading">
      <h2 id="tasks-heading" className="staff-panel__title" ref={heading} tabIndex={-1}>
        Tasks
      </h2>
      <p className="staff-lead tasks__lead">Your own to-do list. Only you can see it.</p>

      <form className="tasks-add" noValidate onSubmit={add}>
        <label className="tasks-add__label" htmlFor="task-new">
          New task
        </label>
        <div className="tasks-add__row">
          <input
            ref={newInput}
            id="task-new"
            className="sipa-input"
            name="content"
            type="text"
            autoComplete="off"
            maxLength={TASK_CONTENT_MAX}
            placeholder="For example: call the food bank"
            value={draft}
            onChange={(event) => {
              setDraft(event.target.value);
              if (draftError) setDraftError('');
            }}
            aria-invalid={draftError ? true : undefined}
            aria-describedby={draftError ? 'task-new-error' : undefined}
          />
          <button type="submit" className="sipa-button tasks-add__button" disabled={adding} aria-busy={adding || undefined}>
            {adding ? 'Adding...' : 'Add task'}
          </button>
        </div>
        {draftError ? (
          <p className="sipa-field-error" id="task-new-error">
            {draftError}
          </p>
        ) : null}
      </form>

      {/* Said, not shown: the list and the Undo bar already show each change. */}
      <p className="tasks-live sipa-visually-hidden" role="status">
        {announcement}
      </p>
      <PanelProblem problem={problem} />
      {deleted ? (
        <div className="tasks-undo">
          <span className="tasks-undo__text">
            Deleted <q>{taskName(deleted)}</q>
          </span>
          <span className="tasks-undo__actions">
            <button ref={undoButton} type="button" className="sipa-button sipa-button--secondary tasks-undo__button" onClick={() => void undo()}>
              Undo<span className="sipa-visually-hidden"> deleting “{taskName(deleted)}”</span>
            </button>
            <button type="button" className="tasks-undo__dismiss" onClick={dismissUndo} aria-label="Dismiss">
              <span aria-hidden="true">×</span>
            </button>
          </span>
        </div>
      ) : null}

      {tasks === null ? (
        loadProblem ? (
          <div className="sipa-alert sipa-alert--error" role="alert">
            {loadProblem}{' '}
            <button type="button" className="staff-link-button" onClick={() => void load()}>
              Try again
            </button>
          </div>
        ) : (
          <p className="tasks-empty" role="status">
            Loading your tasks...
          </p>
        )
      ) : tasks.length ? (
        <>
          <p className="tasks-summary">
            {open} to do · {done} done
          </p>
          <ul className="tasks-list" aria-label="Your tasks">
            {tasks.map((task) => (
              <TaskItem
                key={task.id}
                task={task}
                editing={editingId === task.id}
                busy={busyIds.has(task.id)}
                register={register}
                onToggle={() => void toggle(task)}
                onEdit={() => {
                  setEditingId(task.id);
                  setFocusTarget({ id: task.id, part: 'input' });
                }}
                onCancelEdit={() => {
                  setEditingId(null);
                  setFocusTarget({ id: task.id, part: 'edit' });
                }}
                onSave={(value) => save(task, value)}
                onDelete={() => void remove(task)}
              />
            ))}
          </ul>
        </>
      ) : (
        <div className="tasks-empty">
          <p className="tasks-empty__title">Nothing on your list yet.</p>
          <p>Write a task above and press Enter. Tick it off when it is done.</p>
        </div>
      )}
    </section>
  );
}
