/**
 * Gemini: a model turn's functionCall parts are answered by the very next turn, one
 * functionResponse part each, matched by id where both carry one, else by name in order.
 * Written from the documented request shape: no @google/genai client runs here.
 */
import { describe, expect, test } from 'vitest';
import { diagnoseHistory } from '../../../src/index.js';

const callPart = (name: string, id?: string) => ({
  functionCall: { ...(id ? { id } : {}), name, args: {} },
});
const responsePart = (name: string, id?: string) => ({
  functionResponse: { ...(id ? { id } : {}), name, response: { result: 'ok' } },
});
const turn = (role: string, ...parts: unknown[]) => ({ role, parts });
const body = (...contents: unknown[]) => ({ contents });

describe('diagnoseHistory on Gemini', () => {
  test('history-consistent: matched by name and order when no ids are sent', () => {
    const verdict = diagnoseHistory(
      body(
        turn('user', { text: 'Weather in Paris and Oslo?' }),
        turn('model', callPart('get_weather'), callPart('get_weather')),
        turn('user', responsePart('get_weather'), responsePart('get_weather')),
      ),
    );
    expect(verdict).toMatchObject({ state: 'history-consistent', surface: 'gemini' });
  });

  test('history-consistent: matched by id when ids are sent (snake_case from Python too)', () => {
    const verdict = diagnoseHistory(
      body(
        turn('model', callPart('a', 'x1'), callPart('b', 'x2')),
        turn(
          'user',
          { function_response: { id: 'x2', name: 'b', response: {} } },
          responsePart('a', 'x1'),
        ),
      ),
    );
    expect(verdict.state).toBe('history-consistent');
  });

  test('unanswered-call: fewer responses than calls', () => {
    const verdict = diagnoseHistory(
      body(
        turn('model', callPart('lookup_order'), callPart('issue_refund')),
        turn('user', responsePart('lookup_order')),
      ),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'contents[0].parts[1] ("issue_refund"): no functionResponse part answers it in contents[1]',
    ]);
    expect(verdict.detail).toContain(
      '"Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn."',
    );
  });

  test('orphan-result: a response turn that follows no call turn', () => {
    const verdict = diagnoseHistory(
      body(turn('user', { text: 'Hi' }), turn('user', responsePart('lookup_order'))),
    );
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.problems).toEqual([
      'contents[1].parts[0] ("lookup_order"): carries no id, so it answers no functionCall part',
    ]);
  });

  test('orphan-result: an id that answers no call of the turn before', () => {
    const verdict = diagnoseHistory(
      body(
        turn('model', callPart('a', 'x1')),
        turn('user', responsePart('a', 'x1'), responsePart('a', 'x9')),
      ),
    );
    expect(verdict.state).toBe('orphan-result');
    expect(verdict.problems).toEqual([
      'contents[1].parts[1] (x9, "a"): answers no functionCall part of contents[0]',
    ]);
  });

  test('result-misplaced: a user turn and a model turn between the calls and their responses', () => {
    const verdict = diagnoseHistory(
      body(
        turn('model', callPart('lookup_order')),
        turn('user', { text: 'hurry' }),
        turn('model', { text: 'One moment.' }),
        turn('user', responsePart('lookup_order')),
      ),
    );
    expect(verdict.state).toBe('result-misplaced');
    expect(verdict.problems).toEqual([
      'contents[3].parts[0] ("lookup_order"): answers contents[0].parts[0], but functionResponse parts must be in the turn right after the functionCall turn',
    ]);
  });

  // Gemini answered 200 to requests whose turn was split over back-to-back contents of one role
  // (gemini-2.5-flash, gemini-3-flash-preview): they are one turn, and the count of responses
  // per function-call turn holds once they are read together.
  describe('back-to-back contents of one role are one turn', () => {
    test('calls split over two model contents, answered by one user content', () => {
      const verdict = diagnoseHistory(
        body(
          turn('model', callPart('lookup_order')),
          turn('model', callPart('issue_refund')),
          turn('user', responsePart('lookup_order'), responsePart('issue_refund')),
        ),
      );
      expect(verdict.state).toBe('history-consistent');
      expect(verdict.notes).toEqual([]);
    });

    test('responses split over two user contents, with text after them', () => {
      const verdict = diagnoseHistory(
        body(
          turn('model', callPart('lookup_order'), callPart('issue_refund')),
          turn('user', responsePart('lookup_order')),
          turn('user', responsePart('issue_refund'), { text: 'Anything else?' }),
        ),
      );
      expect(verdict.state).toBe('history-consistent');
    });

    test('text in an earlier content of the turn: consistent, and the note says the verdict rests on reading them as one', () => {
      const verdict = diagnoseHistory(
        body(
          turn('model', callPart('lookup_order')),
          turn('user', { text: 'hurry' }),
          turn('user', responsePart('lookup_order')),
        ),
      );
      expect(verdict.state).toBe('history-consistent');
      expect(verdict.notes).toEqual([
        expect.stringMatching(
          /^contents\[1\] to contents\[2\] are messages of one role \(user\), which Gemini combines into one turn \(requests splitting .* answered 200 .*\), so content of an earlier one comes before the functionResponse parts of a later one; the verdict rests on that combining$/,
        ),
      ]);
    });

    test('a turn split over contents still needs every call answered', () => {
      const verdict = diagnoseHistory(
        body(
          turn('model', callPart('lookup_order')),
          turn('model', callPart('issue_refund')),
          turn('user', responsePart('lookup_order')),
        ),
      );
      expect(verdict.state).toBe('unanswered-call');
      expect(verdict.problems).toEqual([
        'contents[1].parts[0] ("issue_refund"): no functionResponse part answers it in contents[2]',
      ]);
    });
  });

  test('duplicate-call-id is not a rule here (ids are optional), and is noted', () => {
    const verdict = diagnoseHistory(
      body(
        turn('model', callPart('a', 'x1'), callPart('a', 'x1')),
        turn('user', responsePart('a', 'x1'), responsePart('a', 'x1')),
      ),
    );
    expect(verdict.state).toBe('history-consistent');
    expect(verdict.notes).toHaveLength(1);
  });

  test('no-tool-history', () => {
    expect(diagnoseHistory(body(turn('user', { text: 'Hi' }))).state).toBe('no-tool-history');
  });

  test('junk parts are named in notes', () => {
    expect(
      diagnoseHistory(body({ role: 'user', parts: [null] }, { role: 'model', parts: {} })).notes,
    ).toEqual([
      'contents[0].parts[0] is null, not a content part; skipped',
      'contents[1].parts is an empty object, not a list of parts; skipped',
    ]);
  });

  test("a functionResponse whose id differs from its call's id answers nothing, whatever its name", () => {
    const verdict = diagnoseHistory(
      body(
        turn('user', { text: 'Weather in Paris?' }),
        turn('model', callPart('get_weather', 'fc_paris')),
        turn('user', responsePart('get_weather', 'fc_oslo')),
      ),
    );
    expect(verdict.state).toBe('unanswered-call');
    expect(verdict.problems).toEqual([
      'contents[1].parts[0] (fc_paris, "get_weather"): no functionResponse part answers it in contents[2]',
      'contents[2].parts[0] (fc_oslo, "get_weather"): answers no functionCall part of contents[1]',
    ]);
  });
});
