/** The ignore option's paths: the notation the 404 prints, read back, and refused clearly. */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ANY_INDEX, ignoredPaths, parseFieldPath } from '../../src/msw/ignored-paths.js';
import { formatPath, type PathStep } from '../../src/text/path.js';

describe('parseFieldPath reads what formatPath writes', () => {
  test.each<[string, PathStep[]]>([
    ['model', ['model']],
    ['messages[1].content', ['messages', 1, 'content']],
    ['metadata.trace_id', ['metadata', 'trace_id']],
    ['tools[0]["two words"]', ['tools', 0, 'two words']],
    ['["x-trace"].id', ['x-trace', 'id']],
    ['messages["0"]', ['messages', '0']],
    ['input[*].call_id', ['input', ANY_INDEX, 'call_id']],
    ['a["*"]', ['a', '*']],
    ['a["quote \\" and \\\\ back"]', ['a', 'quote " and \\ back']],
  ])('%s', (text, steps) => {
    expect(parseFieldPath(text)).toEqual(steps);
  });

  test('any path formatPath prints parses back to its steps, so a 404 path can be pasted', () => {
    const key = fc.oneof(
      fc.string(),
      fc.constantFrom('content', 'trace_id', '$x', '0', '*', '[0]'),
    );
    fc.assert(
      fc.property(key, fc.array(fc.oneof(key, fc.nat())), (first, rest) => {
        const steps = [first, ...rest];
        expect(parseFieldPath(formatPath(steps))).toEqual(steps);
      }),
      { numRuns: 500 },
    );
  });
});

describe('a bad ignore option is a clear error at set-up', () => {
  const bad = (option: unknown) => () => ignoredPaths(option, 'recordedHandlers()');

  test('anything but a list of strings', () => {
    expect(bad('model')).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: tool-call-health: recordedHandlers() option ignore is a list of paths (strings), got the string "model"]`,
    );
    expect(bad(['model', 3])).toThrowErrorMatchingInlineSnapshot(
      `[TypeError: tool-call-health: recordedHandlers() ignore[1] is a path string, got the integer 3]`,
    );
  });

  test.each([
    [''],
    ['messages.1.content'],
    ['[0].content'],
    ['0'],
    ['metadata.trace-id'],
    ['two words'],
    ['messages[1'],
    ['messages[x]'],
    ['messages[01]'],
    ['messages[-1]'],
    ['a.'],
    ['a..b'],
    ['a["open'],
    ['a["bad \\q"]'],
  ])('%j', (path) => {
    expect(bad([path])).toThrow(
      /^tool-call-health: recordedHandlers\(\) ignore\[0\] ".*" is not a path: /,
    );
  });

  test('the wording names the fault, where it is, and the notation', () => {
    expect(bad(['model', 'messages.1.content'])).toThrowErrorMatchingInlineSnapshot(
      `[Error: tool-call-health: recordedHandlers() ignore[1] "messages.1.content" is not a path: an index is written in brackets, as [0] (at character 10); write it as the 404 message prints paths: model, messages[1].content, metadata.trace_id, input[*].call_id, tools[0]["two words"]]`,
    );
    expect(bad(['metadata.trace-id'])).toThrowErrorMatchingInlineSnapshot(
      `[Error: tool-call-health: recordedHandlers() ignore[0] "metadata.trace-id" is not a path: a key that is not a plain name is written quoted, as ["trace-id"] (at character 15); write it as the 404 message prints paths: model, messages[1].content, metadata.trace_id, input[*].call_id, tools[0]["two words"]]`,
    );
    expect(bad(['two words.x'])).toThrowErrorMatchingInlineSnapshot(
      `[Error: tool-call-health: recordedHandlers() ignore[0] "two words.x" is not a path: a key that is not a plain name is written quoted, as ["two words"] (at character 4); write it as the 404 message prints paths: model, messages[1].content, metadata.trace_id, input[*].call_id, tools[0]["two words"]]`,
    );
    expect(bad(['a[0]x'])).toThrowErrorMatchingInlineSnapshot(
      `[Error: tool-call-health: recordedHandlers() ignore[0] "a[0]x" is not a path: expected "." or "[" after "a[0]" (at character 5); write it as the 404 message prints paths: model, messages[1].content, metadata.trace_id, input[*].call_id, tools[0]["two words"]]`,
    );
  });

  test('stream cannot be ignored, and says why', () => {
    expect(bad(['stream'])).toThrowErrorMatchingInlineSnapshot(
      `[Error: tool-call-health: recordedHandlers() ignore[0] "stream" cannot be ignored: a JSON recording cannot answer a streamed request, nor a stream a plain one]`,
    );
    // stream_options is another field.
    expect(bad(['stream_options.include_usage'])).not.toThrow();
  });
});
