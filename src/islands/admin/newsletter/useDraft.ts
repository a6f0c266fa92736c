/**
 * The send form's draft on the server: saved DRAFT_PAUSE_MS after the last keystroke, and at
 * once when the tab is hidden or closed; a failed save is tried again by itself (network, server)
 * or after signing in again (401). Until the server has it, the text also waits in this tab's
 * sessionStorage, so a reload or a closed sign-in dialog loses nothing: it comes back on the next
 * visit in this tab and is saved then.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import { ORGANISATION_TIME_ZONE } from '../../../lib/newsletter-schedule.ts';
import { JSON_REQUEST } from '../inbox/staff-api.ts';
import { call, type Answer } from './newsletter-api.ts';

export type DraftFields = { subject: string; body_html: string; body_text: string };
export interface DraftSummary {
  id: string;
  subject: string;
  updatedBy: string;
  updatedAt: string;
}
export type Draft = DraftSummary & DraftFields & { createdBy: string; createdAt: string };

/** A calm pause: long enough not to save every word, short enough that little is ever unsaved. */
export const DRAFT_PAUSE_MS = 1500;
/** Waits before saving again after a network or server failure (then the last one, over and over). */
const RETRY_MS = [3000, 10_000, 30_000];
const STORAGE_KEY = 'sipa.newsletter.unsaved-draft';
export const EMPTY_DRAFT: DraftFields = { subject: '', body_html: '', body_text: '' };

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'retry' }
  | { kind: 'signed-out' }
  | { kind: 'refused'; message: string };

const same = (a: DraftFields, b: DraftFields) => a.subject === b.subject && a.body_html === b.body_html && a.body_text === b.body_text;
const blank = (v: DraftFields) => !v.subject.trim() && !v.body_html.trim() && !v.body_text.trim();

function readLocal(): { id: string | null; fields: DraftFields } | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as { id?: unknown; fields?: Partial<DraftFields> }) : null;
    if (!parsed?.fields) return null;
    const fields = { ...EMPTY_DRAFT, ...parsed.fields };
    return { id: typeof parsed.id === 'string' ? parsed.id : null, fields };
  } catch {
    return null;
  }
}
function writeLocal(value: { id: string | null; fields: DraftFields } | null) {
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage may be full or blocked; the server copy is the one that counts.
  }
}

interface SaveOptions {
  /** A request the browser finishes even if the page goes away (fetch keepalive). */
  keepalive?: boolean;
  /** Never opens the sign-in dialog (the member is away, or the caller asks for itself). */
  quiet?: boolean;
}
/** Saving as the page is hidden or closed: nobody is there to answer a dialog. */
const AWAY: SaveOptions = { keepalive: true, quiet: true };

interface Options {
  /** The sign-in-again dialog's retry (useSignInAgain); `ask` reopens it on request. */
  retryOn401: <A extends { status: number }>(send: () => Promise<A>) => Promise<A>;
  ask: () => Promise<boolean>;
  /** Puts text kept in this tab back into the form (after a reload with an unsaved draft). */
  onRestore: (fields: DraftFields) => void;
}

export function useDraft(values: DraftFields, { retryOn401, ask, onRestore }: Options) {
  const [id, setId] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  /** The newest summary the server answered with, for the list to show without asking again. */
  const [saved, setSaved] = useState<DraftSummary | null>(null);
  const latest = useRef(values);
  latest.current = values;
  const idRef = useRef<string | null>(null);
  /** What the server holds for this draft. */
  const onServer = useRef<DraftFields>(EMPTY_DRAFT);
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const failures = useRef(0);
  /** After a Cancel in the sign-in dialog, saving waits for the member instead of asking again at every pause. */
  const declined = useRef(false);

  const dirty = () => !same(latest.current, onServer.current);
  const adoptId = (next: string | null) => {
    idRef.current = next;
    setId(next);
  };

  const saveOnce = useCallback(async ({ keepalive, quiet }: SaveOptions): Promise<void> => {
    const fields = latest.current;
    const init = keepalive ? { ...JSON_REQUEST, init: { ...JSON_REQUEST.init, keepalive: true } } : JSON_REQUEST;
    const request = () => {
      const current = idRef.current;
      return current
        ? call(() => api['newsletter-drafts'][':id'].$put({ param: { id: current }, json: fields }, init))
        : call(() => api['newsletter-drafts'].$post({ json: fields }, init));
    };
    setState({ kind: 'saving' });
    let answer: Answer<Draft> = declined.current || quiet ? await request() : await retryOn401(request);
    if (!answer.ok && answer.status === 404 && idRef.current) {
      // Sent or deleted meanwhile (by another administrator): what is on screen becomes a new draft.
      adoptId(null);
      answer = await request();
    }
    if (answer.ok) {
      failures.current = 0;
      declined.current = false;
      onServer.current = fields;
      adoptId(answer.data.id);
      setSaved({ id: answer.data.id, subject: answer.data.subject, updatedBy: answer.data.updatedBy, updatedAt: answer.data.updatedAt });
      setState({ kind: 'saved', at: answer.data.updatedAt });
      if (!dirty()) writeLocal(null);
      return;
    }
    writeLocal({ id: idRef.current, fields: latest.current });
    if (answer.status === 401) {
      // Asked and cancelled: later saves wait for the member (the status line offers to sign in).
      if (!quiet) declined.current = true;
      return setState({ kind: 'signed-out' });
    }
    if (answer.status === 400 || answer.status === 413 || answer.status === 403) {
      return setState({ kind: 'refused', message: answer.message ?? 'The server refused this draft.' });
    }
    setState({ kind: 'retry' });
    const wait = RETRY_MS[Math.min(failures.current, RETRY_MS.length - 1)]!;
    failures.current += 1;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(), wait);
  }, [retryOn401]);

  /** Saves what is on screen now if the server does not have it yet, one save at a time; resolves to the draft's id, if it has one. */
  const save = useCallback(async (options: SaveOptions = {}): Promise<string | null> => {
    window.clearTimeout(timer.current);
    while (inFlight.current) await inFlight.current;
    if (!dirty() || (!idRef.current && blank(latest.current))) return idRef.current;
    const run = saveOnce(options);
    inFlight.current = run;
    try {
      await run;
    } finally {
      inFlight.current = null;
    }
    return idRef.current;
  }, [saveOnce]);

  // Each change: kept in this tab at once, saved on the server after a pause in the typing.
  useEffect(() => {
    if (!dirty()) return;
    writeLocal({ id: idRef.current, fields: values });
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void save(), DRAFT_PAUSE_MS);
  }, [values, save]);

  // Leaving the page (another tab, the phone's home screen, closing it): save now, in a request
  // the browser finishes even if the page goes away.
  useEffect(() => {
    const away = () => {
      if (document.visibilityState === 'hidden') void save(AWAY);
    };
    const leaving = () => void save(AWAY);
    document.addEventListener('visibilitychange', away);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', away);
      window.removeEventListener('pagehide', leaving);
      window.clearTimeout(timer.current);
    };
  }, [save]);

  // Text this tab kept but the server never got (a reload while signed out, or offline) comes back.
  useEffect(() => {
    const kept = readLocal();
    if (!kept || blank(kept.fields)) return;
    adoptId(kept.id);
    onRestore(kept.fields);
  }, []);

  return {
    id,
    state,
    saved,
    save,
    /** Signs in again (after a Cancel) and saves what is waiting. */
    async signInAndSave() {
      if (await ask()) {
        declined.current = false;
        await save();
      }
    },
    /** Continues a draft from the list: its fields are now what the server holds. */
    adopt(draft: Draft) {
      window.clearTimeout(timer.current);
      onServer.current = { subject: draft.subject, body_html: draft.body_html, body_text: draft.body_text };
      latest.current = onServer.current;
      adoptId(draft.id);
      setState({ kind: 'saved', at: draft.updatedAt });
      writeLocal(null);
    },
    /** After a send or a delete: the form starts a new draft, nothing pending. */
    reset(fields: DraftFields = EMPTY_DRAFT) {
      window.clearTimeout(timer.current);
      declined.current = false;
      onServer.current = fields;
      latest.current = fields;
      adoptId(null);
      setState({ kind: 'idle' });
      writeLocal(null);
    },
  };
}

/** The status line's words: "Draft saved 10:42", "Saving…", "Not saved — will retry". */
export function saveStateText(state: SaveState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Draft saved ${new Date(state.at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: ORGANISATION_TIME_ZONE })}`;
    case 'retry':
      return 'Not saved — will retry';
    case 'signed-out':
      return 'Not saved — your session has ended. The text is kept in this tab.';
    case 'refused':
      return `Not saved — ${state.message}`;
  }
}
