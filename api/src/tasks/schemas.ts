/**
 * What the task routes accept, and what the Tasks panel checks before sending: a task's content is
 * optional (the spec's Todo: content optional), one line of text, trimmed, at most
 * TASK_CONTENT_MAX characters, without control characters; without it the task is stored empty.
 * Ids and timestamps are the server's: a body naming them is refused like any unknown field.
 */
import * as z from 'zod/mini';
import { TASK_CONTENT_MAX, TASK_TEXT } from '../../../src/lib/tasks.ts';
import { hasForbiddenCharacters } from '../schemas.ts';

export const taskContent = z
  .string({ error: TASK_TEXT.contentText })
  .check(
    z.trim(),
    z.maxLength(TASK_CONTENT_MAX, { error: TASK_TEXT.contentTooLong }),
    z.refine((value) => !hasForbiddenCharacters(value), { error: TASK_TEXT.contentCharacters }),
  );

export const newTaskSchema = z.strictObject({ content: z.optional(taskContent) });

export const taskChangeSchema = z
  .strictObject({
    content: z.optional(taskContent),
    done: z.optional(z.boolean({ error: TASK_TEXT.doneChoice })),
  })
  .check(z.refine((change) => change.content !== undefined || change.done !== undefined, { error: TASK_TEXT.nothingToChange }));

export type TaskChange = z.output<typeof taskChangeSchema>;

/** Task ids are UUIDs; anything else cannot name a task. */
export const isTaskId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
