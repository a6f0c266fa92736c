/**
 * One task in the list: a checkbox named by the task's text (checked = done), the text, and Edit
 * and Delete. Edit turns the row into a one-line form in place: Enter saves, Escape cancels, and
 * a refused text shows its message under the field.
 */
import { useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { TASK_CONTENT_MAX, taskName, type Task } from '../../../lib/tasks.ts';

export interface TaskItemProps {
  task: Task;
  editing: boolean;
  /** A change of this task is on its way to the server. */
  busy: boolean;
  onToggle(): void;
  onEdit(): void;
  onCancelEdit(): void;
  /** Resolves to an error message for the field, or null once saved. */
  onSave(content: string): Promise<string | null>;
  onDelete(): void;
  /** Lets the panel move focus to this row's controls after a change. */
  register(id: string, part: 'check' | 'edit' | 'input', element: HTMLElement | null): void;
}

export function TaskItem({ task, editing, busy, onToggle, onEdit, onCancelEdit, onSave, onDelete, register }: TaskItemProps) {
  const textId = `task-${task.id}-text`;
  const quoted = `“${taskName(task)}”`;

  if (editing) return <TaskEditor task={task} busy={busy} onSave={onSave} onCancel={onCancelEdit} register={register} />;

  return (
    <li className={`task${task.done ? ' task--done' : ''}`}>
      <input
        ref={(element) => register(task.id, 'check', element)}
        type="checkbox"
        className="task__check"
        checked={task.done}
        onChange={() => {
          // Not disabled while saving: a disabled control would drop the keyboard focus.
          if (!busy) onToggle();
        }}
        aria-labelledby={textId}
      />
      <span className={`task__text${task.content ? '' : ' task__text--untitled'}`} id={textId}>
        {taskName(task)}
      </span>
      <span className="task__actions">
        <button ref={(element) => register(task.id, 'edit', element)} type="button" className="task__action" onClick={onEdit} disabled={busy}>
          Edit<span className="sipa-visually-hidden"> {quoted}</span>
        </button>
        <button type="button" className="task__action task__action--danger" onClick={onDelete} disabled={busy}>
          Delete<span className="sipa-visually-hidden"> {quoted}</span>
        </button>
      </span>
    </li>
  );
}

function TaskEditor({ task, busy, onSave, onCancel, register }: Pick<TaskItemProps, 'task' | 'busy' | 'register'> & { onSave: TaskItemProps['onSave']; onCancel(): void }) {
  const [value, setValue] = useState(task.content);
  const [error, setError] = useState('');
  const inputId = `task-${task.id}-edit`;
  const errorId = `${inputId}-error`;

  async function save(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError((await onSave(value)) ?? '');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  }

  return (
    <li className="task task--editing">
      <form className="task__editor" noValidate onSubmit={save}>
        <label className="sipa-visually-hidden" htmlFor={inputId}>
          Edit task
        </label>
        <input
          ref={(element) => register(task.id, 'input', element)}
          id={inputId}
          className="sipa-input task__input"
          name="content"
          type="text"
          autoComplete="off"
          maxLength={TASK_CONTENT_MAX}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span className="task__editor-actions">
          <button type="submit" className="sipa-button task__save" disabled={busy} aria-busy={busy || undefined}>
            Save
          </button>
          <button type="button" className="sipa-button sipa-button--secondary task__cancel" onClick={onCancel}>
            Cancel
          </button>
        </span>
        {error ? (
          <p className="sipa-field-error task__error" id={errorId}>
            {error}
          </p>
        ) : null}
      </form>
    </li>
  );
}
