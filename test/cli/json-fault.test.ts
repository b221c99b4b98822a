import { describe, expect, test } from 'vitest';
import { jsonFault } from '../../src/cli/json-fault.js';

describe('jsonFault', () => {
  test('a log line with a timestamp before its JSON is said to be text before JSON', () => {
    expect(jsonFault('2025-10-06T12:00:00Z INFO {"model":"gpt-4.1"}')).toBe(
      'not JSON: it begins "2025-10-06T12:00:00Z INFO {\\"mode…", text before any JSON document (a log line\'s timestamp or level reads so)',
    );
    expect(jsonFault('7 {"a":1}')).toMatch(/^not JSON: it begins "7 \{/);
  });

  test('a document with more after it, cut short, empty, or broken, is said as before', () => {
    expect(jsonFault('{"a":1} {"b":2}')).toBe(
      'not JSON: a second value after the document ended (at character 8)',
    );
    expect(jsonFault('{"a":')).toMatch(/^cut short \(/);
    expect(jsonFault('')).toBe('empty');
    expect(jsonFault('\uFEFF')).toBe('empty');
    expect(jsonFault('{"a" 1}')).toMatch(/^not JSON: .* \(at character 5\)$/);
  });
});
