/**
 * An event's own registration questions: the schema's bounds, a translation that falls back to
 * English question by question, the answers checked against the questions, stored in English and
 * read back in another language.
 */
import { describe, expect, it } from 'vitest';
import { eventSchema, type RegistrationQuestion } from '../../src/lib/content-schemas.ts';
import { answerIn, answerIssues, questionsIn, storedAnswers } from '../../src/lib/registration-questions.ts';
import summit from '../../content/events/youth-leadership-summit.json' with { type: 'json' };
import summitFr from '../../content/events/fr/youth-leadership-summit.json' with { type: 'json' };

const english: RegistrationQuestion[] = [
  { id: 'age-group', question: 'How old is the young person coming?', choices: ['16 to 18', '19 to 21', '22 to 24'], required: true },
  { id: 'school', question: 'Which school or college do you go to?', required: false },
];

describe('registration questions', () => {
  it('the schema bounds them: five at most, unique ids, two to eight choices', () => {
    const event = { ...summit, registrationQuestions: english };
    expect(eventSchema.safeParse(event).success).toBe(true);
    const issue = (questions: unknown) => eventSchema.safeParse({ ...summit, registrationQuestions: questions }).error?.issues[0]?.path.join('.');
    expect(issue([...english, english[0]])).toBe('registrationQuestions');
    expect(issue(Array.from({ length: 6 }, (_, i) => ({ id: `q${i}`, question: 'A question?' })))).toBe('registrationQuestions');
    expect(issue([{ id: 'one', question: 'Pick?', choices: ['only'] }])).toBe('registrationQuestions.0.choices');
    expect(issue([{ id: 'Bad Id', question: 'Pick?' }])).toBe('registrationQuestions.0.id');
    // An event without questions is as it was.
    expect(eventSchema.parse({ ...summit, registrationQuestions: undefined }).registrationQuestions).toBeUndefined();
  });

  it('a translation is used question by question where it matches the English one, else English; required follows English', () => {
    const french = [
      { id: 'age-group', question: 'Quel âge ?', choices: ['16 à 18 ans', '19 à 21 ans'], required: false },
      { id: 'school', question: 'Quelle école ?', required: false },
    ];
    expect(questionsIn(english, french).map((q) => q.question)).toEqual(['How old is the young person coming?', 'Quelle école ?']);
    expect(questionsIn(english, undefined)).toEqual(english);
    const fr = questionsIn(summit.registrationQuestions as RegistrationQuestion[], summitFr.registrationQuestions as RegistrationQuestion[]);
    expect(fr.map((q) => [q.question, q.required])).toEqual([
      ['Quel âge a le jeune qui vient\u00a0?', true],
      ['Le déjeuner est offert. Faut-il un repas particulier\u00a0?', false],
      ['Dans quelle école ou université étudiez-vous\u00a0?', false],
    ]);
  });

  it('answers are checked, stored in English, and read back in the registrant’s language', () => {
    expect(answerIssues(english, {})).toEqual([{ path: 'answers.age-group', message: 'This field is required' }]);
    expect(answerIssues(english, { 'age-group': '03' })).toEqual([{ path: 'answers.age-group', message: 'Please choose from the listed options' }]);
    expect(answerIssues(english, { 'age-group': '-1' })).toEqual([{ path: 'answers.age-group', message: 'Please choose from the listed options' }]);
    expect(answerIssues(english, { 'age-group': '2', other: 'x' })).toEqual([{ path: 'answers.other', message: 'This field is not part of the form' }]);
    expect(answerIssues(english, { 'age-group': '2' })).toEqual([]);
    const stored = storedAnswers(english, { 'age-group': '1', school: ' Lycée ' });
    expect(stored).toEqual([
      { id: 'age-group', question: 'How old is the young person coming?', answer: '19 to 21' },
      { id: 'school', question: 'Which school or college do you go to?', answer: 'Lycée' },
    ]);
    const french = questionsIn(english, [{ id: 'age-group', question: 'Quel âge ?', choices: ['16 à 18 ans', '19 à 21 ans', '22 à 24 ans'], required: true }]);
    expect(answerIn(stored[0]!, english, french)).toEqual({ question: 'Quel âge ?', answer: '19 à 21 ans' });
    expect(answerIn(stored[1]!, english, french)).toEqual({ question: 'Which school or college do you go to?', answer: 'Lycée' });
  });
});
