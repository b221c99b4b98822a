/**
 * How the body comparison lines arrays up: a message inserted in a request, or left out of it,
 * is one difference at its index, and the messages after it are compared with their own
 * counterparts, not with their neighbours.
 */
import { describe, expect, test } from 'vitest';
import { describeDifference } from '../../src/msw/body-diff.js';
import { ignoredPaths } from '../../src/msw/ignored-paths.js';
import { bodyDifferences } from '../../src/msw/match.js';

const lines = (recorded: unknown, sent: unknown, ignore?: string[]) =>
  bodyDifferences(recorded, sent, ignoredPaths(ignore, 'test')).map(describeDifference);

const system = { role: 'system', content: 'You are the billing assistant of Acme Corp.' };
const user = (content: string) => ({ role: 'user', content });
const assistant = (content: string) => ({ role: 'assistant', content });
const conversation = [
  system,
  user('Charge acct_9 twelve dollars.'),
  assistant('Charged.'),
  user('Thanks.'),
  assistant('You are welcome.'),
];
const chat = (messages: unknown[]) => ({ model: 'gpt-4.1', messages });
const without = (index: number) => conversation.filter((_, at) => at !== index);
const withInserted = (index: number, message: unknown) => [
  ...conversation.slice(0, index),
  message,
  ...conversation.slice(index),
];

describe('arrays are lined up before they are compared', () => {
  test('a message inserted in the request is one difference, at its index in the request', () => {
    expect(lines(chat(conversation), chat(withInserted(1, user('Hello?'))))).toEqual([
      'messages[1]: sent an item the recording does not have: an object with keys "role", "content"',
    ]);
    // At the end and at the start too.
    expect(lines(chat(conversation), chat([...conversation, user('Bye.')]))).toEqual([
      'messages[5]: sent an item the recording does not have: an object with keys "role", "content"',
    ]);
    expect(lines(chat(conversation), chat(withInserted(0, system)))).toHaveLength(1);
  });

  test('a message left out of the request is one difference, at its index in the recording', () => {
    expect(lines(chat(conversation), chat(without(2)))).toEqual([
      'messages[2]: the recording has an item the request does not: an object with keys "role", "content"',
    ]);
    expect(lines(chat(conversation), chat(without(0)))).toEqual([
      'messages[0]: the recording has an item the request does not: an object with keys "role", "content"',
    ]);
  });

  test('a message changed in place is compared with the one it replaced, leaf by leaf', () => {
    const replaced = [...conversation];
    replaced[3] = user('Thank you.');
    expect(lines(chat(conversation), chat(replaced))).toEqual([
      'messages[3].content: recorded "Thanks.", sent "Thank you."',
    ]);
  });

  test('an insertion and a change after it: the changed message keeps its counterpart', () => {
    const sent = withInserted(1, user('Hello?'));
    sent[5] = assistant('Glad to help.');
    expect(lines(chat(conversation), chat(sent))).toEqual([
      'messages[1]: sent an item the recording does not have: an object with keys "role", "content"',
      'messages[5].content: recorded "You are welcome.", sent "Glad to help."',
    ]);
  });

  test('of the messages around an insertion, a changed one pairs with the one it most resembles', () => {
    // What @ai-sdk/openai sends for a recording made with `instructions` and a string input:
    // the system prompt as a developer message in front, the prompt as input_text parts.
    const recorded = { model: 'gpt-5', input: [user('Where is my order A-1001?')] };
    const sent = {
      model: 'gpt-5',
      input: [
        { role: 'developer', content: 'You are the order-support agent.' },
        { role: 'user', content: [{ type: 'input_text', text: 'Where is my order A-1001?' }] },
      ],
    };
    expect(lines(recorded, sent)).toEqual([
      'input[0]: sent an item the recording does not have: an object with keys "role", "content"',
      'input[1].content: recorded the string "Where is my order A-1001?", sent an array of 1 item',
    ]);
  });

  test('arrays of one length whose items all differ are still compared index by index', () => {
    expect(lines({ messages: [1, 2, 3] }, { messages: [4, 5, 6] })).toEqual([
      'messages[0]: recorded 1, sent 4',
      'messages[1]: recorded 2, sent 5',
      'messages[2]: recorded 3, sent 6',
    ]);
  });

  test('nested arrays are lined up too (content parts)', () => {
    const parts = (...texts: string[]) => [
      { role: 'user', content: texts.map((text) => ({ type: 'text', text })) },
    ];
    expect(lines({ messages: parts('a', 'c') }, { messages: parts('a', 'b', 'c') })).toEqual([
      'messages[0].content[1]: sent an item the recording does not have: an object with keys "type", "text"',
    ]);
  });
});

describe('ignored indexes are the request’s', () => {
  test('ignoring an inserted message lets the rest match its counterparts', () => {
    expect(
      lines(chat(conversation), chat(withInserted(1, user('Hello?'))), ['messages[1]']),
    ).toEqual([]);
  });

  test('an item only the recording has is ignored by its own index', () => {
    expect(lines(chat(conversation), chat(without(2)), ['messages[2]'])).toEqual([]);
  });

  test('a paired message is compared under the request’s index', () => {
    const sent = withInserted(0, { role: 'developer', content: 'Be brief.' });
    sent[2] = user('Charge acct_9 twenty dollars.');
    // The recording's messages[1] pairs with the request's messages[2].
    expect(lines(chat(conversation), chat(sent), ['messages[0]', 'messages[2].content'])).toEqual(
      [],
    );
    expect(lines(chat(conversation), chat(sent), ['messages[0]', 'messages[1].content'])).toEqual([
      'messages[2].content: recorded "Charge acct_9 twelve dollars.", sent "Charge acct_9 twenty dollars."',
    ]);
  });
});

describe('long arrays', () => {
  const long = Array.from({ length: 5_000 }, (_, index) => user(`message ${index}`));

  test('an insertion and a far-off change in 5,000 messages are two differences', () => {
    const sent = [...long.slice(0, 1_000), user('inserted'), ...long.slice(1_000)];
    sent[4_001] = user('changed');
    expect(lines(chat(long), chat(sent))).toEqual([
      'messages[1000]: sent an item the recording does not have: an object with keys "role", "content"',
      'messages[4001].content: recorded "message 4000", sent "changed"',
    ]);
  });

  test('two long arrays that differ everywhere are compared index by index', () => {
    // Past the comparisons Myers' diff may make, the items are paired in order, as before.
    const other = long.map((_, index) => user(`other ${index}`));
    const found = bodyDifferences(chat(long), chat([...other, user('one more')]));
    expect(found).toHaveLength(5_001);
    expect(describeDifference(found[0] as never)).toBe(
      'messages[0].content: recorded "message 0", sent "other 0"',
    );
    expect(found.at(-1)?.only).toBe('sent');
  });
});
