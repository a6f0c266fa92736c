/**
 * Staff tasks (the spec's owner-only Todo), shared by the API (api/src/tasks) and the Tasks
 * panel: how long a task may be, how many one member may keep, how long a deletion can be undone.
 */
/** Longest task text, in characters, after trimming. */
export const TASK_CONTENT_MAX = 500;
/** Most tasks (done ones included) one member may keep; the list is always shown whole. */
export const TASKS_PER_MEMBER_MAX = 500;
/** A deleted task can be restored ("Undo") for this long; after it, it is removed for good. */
export const TASK_UNDO_MINUTES = 10;

export const TASK_TEXT = {
  /** A task's content is optional (the spec's Todo): one without any is shown under this name. */
  untitled: 'Untitled task',
  contentText: 'A task is text',
  contentTooLong: `Keep a task to ${TASK_CONTENT_MAX} characters or fewer`,
  contentCharacters: 'Remove the control characters from this task',
  doneChoice: 'Done is true or false',
  nothingToChange: 'Send the content or done to change',
  notFound: 'That task no longer exists.',
  tooMany: `You have ${TASKS_PER_MEMBER_MAX} tasks. Delete some done ones before adding more.`,
  cannotRestore: 'That task can no longer be restored.',
} as const;

/** How a task is named on screen and in announcements: its content, or 'Untitled task'. */
export const taskName = (task: Pick<Task, 'content'>) => task.content || TASK_TEXT.untitled;

/** A task as the API answers it. */
export interface Task {
  id: string;
  content: string;
  done: boolean;
  doneAt: string | null;
  createdAt: string;
  updatedAt: string;
}
