/**
 * suggestIgnore: the one ignore list the no-recording 404 suggests. Whatever differs, the list
 * makes the recording match the request, and it reads as short as it can: a parent where every
 * field of it differs.
 */
import { describe, expect, test } from 'vitest';
import { ignoredPaths } from '../../src/msw/ignored-paths.js';
import { bodyDifferences } from '../../src/msw/match.js';
import { suggestIgnore } from '../../src/msw/suggest-ignore.js';
import { fc, property } from '../support/property.js';

const matches = (recorded: unknown, sent: unknown, ignore: string[]) =>
  bodyDifferences(recorded, sent, ignoredPaths(ignore, 'test')).length === 0;

const user = (content: unknown) => ({ role: 'user', content });
const recorded = { model: 'gpt-5', input: [user('Where is my order A-1001?')] };

describe('suggestIgnore', () => {
  test('every differing path at once: what @ai-sdk/openai sends for a recording made without it', () => {
    const sent = {
      model: 'gpt-5',
      input: [
        { role: 'developer', content: 'You are the order-support agent.' },
        user([{ type: 'input_text', text: 'Where is my order A-1001?' }]),
      ],
    };
    const suggestion = suggestIgnore(recorded, sent, []);
    expect(suggestion).toEqual(['input[0]', 'input[1].content']);
    expect(matches(recorded, sent, suggestion ?? [])).toBe(true);
    // One path of it is not enough: that was one try per path.
    expect(matches(recorded, sent, ['input[0]'])).toBe(false);
  });

  test('a parent whose every field differs is named instead of its fields', () => {
    const sent = { model: 'gpt-5', input: [{ role: 'developer', content: 'Be brief.' }] };
    expect(suggestIgnore(recorded, sent, [])).toEqual(['input[0]']);
    // Not when a field of it is the same.
    expect(suggestIgnore(recorded, { model: 'gpt-5', input: [user('Hi')] }, [])).toEqual([
      'input[0].content',
    ]);
  });

  test('up to the top-level field when nothing in it is the same', () => {
    const two = { model: 'gpt-5', input: [user('a'), user('b')] };
    const sent = {
      model: 'gpt-5',
      input: [
        { role: 'developer', content: 'x' },
        { role: 'assistant', content: 'y' },
      ],
    };
    expect(suggestIgnore(two, sent, [])).toEqual(['input']);
  });

  test('the paths already ignored lead the list, and count as not compared', () => {
    const withIds = { model: 'gpt-5', input: [{ id: 'msg_1', ...user('Hi') }] };
    const sent = { model: 'gpt-4.1', input: [{ id: 'msg_2', role: 'developer', content: 'Yo' }] };
    // role and content differ, id is ignored: every compared field of input[0] differs.
    expect(suggestIgnore(withIds, sent, ['input[*].id'])).toEqual([
      'input[*].id',
      'model',
      'input[0]',
    ]);
  });

  test('an item the request left out is named by its index in the recording', () => {
    const three = { model: 'gpt-5', input: [user('a'), user('b'), user('c')] };
    const sent = { model: 'gpt-5', input: [user('a'), user('c')] };
    expect(suggestIgnore(three, sent, [])).toEqual(['input[1]']);
  });

  test('nothing when stream differs: it cannot be ignored', () => {
    expect(suggestIgnore(recorded, { ...recorded, stream: true, model: 'x' }, [])).toBeUndefined();
  });
});

describe('the suggestion always lets the recording answer', () => {
  const message = fc.record({
    role: fc.constantFrom('system', 'developer', 'user', 'assistant'),
    content: fc.oneof(
      fc.constantFrom('a', 'b', 'c'),
      fc.array(fc.record({ type: fc.constant('input_text'), text: fc.constantFrom('a', 'b') }), {
        maxLength: 2,
      }),
    ),
  });
  const body = fc.record({
    model: fc.constantFrom('gpt-5', 'gpt-4.1'),
    input: fc.array(message, { maxLength: 6 }),
  });
  const ignore = fc.subarray(['model', 'input[*].role', 'input[0]', 'input[2].content']);

  property([body, body, ignore], { numRuns: 300 })(
    'whatever two bodies and whatever was ignored already',
    (recordedBody, sent, given) => {
      if (matches(recordedBody, sent, given)) return;
      const suggestion = suggestIgnore(recordedBody, sent, given);
      expect(suggestion?.slice(0, given.length)).toEqual(given);
      expect(matches(recordedBody, sent, suggestion ?? [])).toBe(true);
    },
  );
});
