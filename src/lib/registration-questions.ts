/**
 * An event's own registration questions (`registrationQuestions` in its content file) on the form
 * and in the API. A written answer travels as typed; a choice travels as its place in the list
 * ("0", "1", …), the same in every language, and is stored as the English choice, so staff read
 * one list whatever language each family registered in.
 */
import type { RegistrationQuestion } from './content-schemas.ts';
import { MESSAGES } from './messages.ts';

/** The start of an answer's field name in a form post. */
export const ANSWER_FIELD_PREFIX = 'answers.';
/** A question's answer in a form post: the field `answers.<id>`; in JSON, the key `<id>` of `answers`. */
export const answerField = (id: string) => `${ANSWER_FIELD_PREFIX}${id}`;

/** One answer as it is kept: the question and the answer in English. */
export interface StoredAnswer {
  id: string;
  question: string;
  answer: string;
}

/**
 * The questions in a language: the translated question where its file has one with the same id
 * (and as many choices, in the same order, as the English one), else the English question. The
 * English file decides which questions there are and whether each is required.
 */
export function questionsIn(english: readonly RegistrationQuestion[], translated: readonly RegistrationQuestion[] | undefined): RegistrationQuestion[] {
  return english.map((question) => {
    const own = translated?.find((candidate) => candidate.id === question.id);
    const matches = own && (own.choices?.length ?? 0) === (question.choices?.length ?? 0);
    return matches ? { ...own, required: question.required } : question;
  });
}

/** What is wrong with `answers` for these questions, each issue at `answers.<id>` (catalogue English: the API translates). */
export function answerIssues(questions: readonly RegistrationQuestion[], answers: Readonly<Record<string, string>>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  for (const id of Object.keys(answers)) {
    if (!questions.some((question) => question.id === id)) issues.push({ path: answerField(id), message: MESSAGES.fieldUnknown });
  }
  for (const question of questions) {
    const answer = answers[question.id]?.trim() ?? '';
    if (!answer) {
      if (question.required) issues.push({ path: answerField(question.id), message: MESSAGES.fieldRequired });
      continue;
    }
    if (question.choices && chosen(question, answer) === undefined) issues.push({ path: answerField(question.id), message: MESSAGES.fieldChoice });
  }
  return issues;
}

/** The place of the chosen choice, when `answer` names one. */
function chosen(question: RegistrationQuestion, answer: string): number | undefined {
  if (!/^\d{1,2}$/.test(answer)) return undefined;
  const index = Number(answer);
  return index < (question.choices?.length ?? 0) ? index : undefined;
}

/** The answers given, in English and in the questions' order (answerIssues found none). */
export function storedAnswers(english: readonly RegistrationQuestion[], answers: Readonly<Record<string, string>>): StoredAnswer[] {
  return english.flatMap((question) => {
    const answer = answers[question.id]?.trim();
    if (!answer) return [];
    const index = question.choices ? chosen(question, answer) : undefined;
    return [{ id: question.id, question: question.question, answer: index === undefined ? answer : question.choices![index]! }];
  });
}

/**
 * A kept answer in another language: the question in its words there, a choice in its words
 * there (found by its place among the English choices), a written answer as written.
 */
export function answerIn(stored: StoredAnswer, english: readonly RegistrationQuestion[], inLang: readonly RegistrationQuestion[]): { question: string; answer: string } {
  const source = english.find((question) => question.id === stored.id);
  const target = inLang.find((question) => question.id === stored.id);
  if (!source || !target) return { question: stored.question, answer: stored.answer };
  const index = source.choices?.indexOf(stored.answer) ?? -1;
  return { question: target.question, answer: index >= 0 ? (target.choices?.[index] ?? stored.answer) : stored.answer };
}
