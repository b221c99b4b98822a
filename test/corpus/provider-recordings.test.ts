import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  readTurn,
} from '../../src/index.js';

const root = fileURLToPath(
  new URL('../../../shared/corpora/provider-recordings/vercel-ai/packages', import.meta.url),
);
const present = existsSync(root);

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const load = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));

describe.skipIf(!present)(
  `real provider recordings${present ? '' : ' (skipped: ../shared/corpora/provider-recordings not found)'}`,
  () => {
    test('every recorded model turn is read, and every other body is refused with a reason', () => {
      const files = present ? jsonFiles(root) : [];
      expect(files.length).toBeGreaterThan(80);
      const refused: string[] = [];
      for (const file of files) {
        const body = JSON.parse(readFileSync(file, 'utf8'));
        const read = readTurn(body);
        if (!read.ok) {
          expect(read.problem).toMatch(
            /^(expected |got an API error response|got a legacy Completions response)/,
          );
          refused.push(relative(root, file));
        }
        // And no diagnosis throws on any of them.
        diagnoseCalls(body);
        diagnoseTruncation(body);
        diagnoseStrictGuarantee(body);
      }
      // Only bodies that are not model turns: errors, images, embeddings, skills, transcription,
      // and Google's separate Interactions API. Bedrock Converse bodies are read (#19).
      expect(refused.filter((file) => !file.includes('/interactions/')).sort()).toEqual(
        [
          'anthropic/src/skills/__fixtures__/anthropic-skill-create.json',
          'anthropic/src/skills/__fixtures__/anthropic-skill-version-create.json',
          'google/src/__fixtures__/google-429-retry-info.json',
          'openai/src/chat/__fixtures__/reasoning-model-legacy-parameter-error.json',
          'openai/src/completion/__fixtures__/openai-completion-text.json',
          'openai/src/embedding/__fixtures__/openai-embedding.json',
          'openai/src/image/__fixtures__/gpt-image-response-format-error.json',
          'openai/src/image/__fixtures__/openai-image-edit.json',
          'openai/src/image/__fixtures__/openai-image.json',
          'openai/src/responses/__fixtures__/openai-error.1.json',
          'openai/src/responses/__fixtures__/reasoning-model-temperature-error.json',
          'openai/src/skills/__fixtures__/openai-skill-create.json',
          'openai/src/skills/__fixtures__/openai-skill-version-create.json',
          'openai/src/transcription/__fixtures__/openai-transcription.json',
        ].filter((file) => files.some((path) => path.endsWith(file))),
      );
    });

    describe('Bedrock Converse bodies (#19): each read, with the verdicts its content gives', () => {
      const bedrock = (name: string) => load(`amazon-bedrock/src/__fixtures__/${name}.json`);
      // name, [calls and their states], truncation
      const cases: Array<[string, string[], string]> = [
        ['amazon-bedrock-json-other-tool.1', ['get-weather'], 'complete'],
        ['amazon-bedrock-json-tool-with-answer.1', ['json'], 'complete'],
        ['amazon-bedrock-json-tool.1', ['json'], 'complete'],
        ['amazon-bedrock-json-tool.2', ['json'], 'complete'],
        ['amazon-bedrock-json-tool.3', ['json'], 'complete'],
        ['amazon-bedrock-json-with-tool.1', ['get-weather', 'json'], 'complete'],
        ['amazon-bedrock-json-with-tools.1', ['tool-a', 'tool-b', 'json'], 'complete'],
        ['amazon-bedrock-reasoning', [], 'complete'],
        ['amazon-bedrock-text', [], 'complete'],
        ['amazon-bedrock-tool-call.1', ['bash'], 'complete'],
        ['amazon-bedrock-tool-no-args', ['updateIssueList'], 'complete'],
      ];
      test.each(cases)('%s', (name, calls, truncation) => {
        const body = bedrock(name);
        const read = readTurn(body);
        expect(read.ok && read.turn.surface).toBe('bedrock-converse');
        const verdicts = diagnoseCalls(body);
        expect(verdicts.map((verdict) => verdict.name)).toEqual(calls);
        // No tools came with a response body: the arguments decode, the schema is unchecked.
        for (const verdict of verdicts) expect(verdict.state).toBe('dispatchable-unconstrained');
        expect(diagnoseTruncation(body).state).toBe(truncation);
      });

      test('reasoningContent.reasoningText is reasoning; the duplicated usage fields are read once', () => {
        const read = readTurn(bedrock('amazon-bedrock-reasoning'));
        expect(read.ok && read.turn).toMatchObject({
          reasoningSeen: true,
          outputTokens: 78,
          stop: { kind: 'finished', said: 'stopReason "end_turn"' },
        });
      });

      test('a text block that also says type: "text" is text', () => {
        const read = readTurn(bedrock('amazon-bedrock-json-tool.2'));
        expect(read.ok && read.turn.text).toBe('Let me generate that JSON for you.');
      });
    });

    test('an API error body is named as one', () => {
      const read = readTurn(load('openai/src/responses/__fixtures__/openai-error.1.json'));
      expect(read.ok === false && read.problem).toMatch(
        /^got an API error response \(insufficient_quota\): You exceeded your current quota/,
      );
    });

    test('OpenAI custom tool call: a free-text input held to a regex grammar is dispatchable', () => {
      const [verdict] = diagnoseCalls(
        load('openai/src/responses/__fixtures__/openai-custom-tool.1.json'),
      );
      expect(verdict).toMatchObject({
        name: 'write_sql',
        callId: 'call_custom_sql_001',
        state: 'dispatchable',
      });
    });

    test('the parallel wrapper OpenAI emitted as a call named "parallel" is explained', () => {
      const body = load('openai/src/responses/__fixtures__/parallel-tool-call-wrapper.1.json');
      const [verdict] = diagnoseCalls(body, {
        tools: [
          {
            type: 'function',
            name: 'weather',
            parameters: { type: 'object', properties: { location: { type: 'string' } } },
          },
        ],
      });
      expect(verdict?.state).toBe('unknown-tool');
      expect(verdict?.detail).toContain(
        'bundles 2 calls: "weather", "cityAttractions" (not declared)',
      );
    });

    test('xAI chat completion: reasoning counted apart from completion tokens', () => {
      const body = load('openai-compatible/src/chat/__fixtures__/xai-tool-call.json');
      const read = readTurn(body);
      expect(read.ok && read.turn.outputTokens).toBe(26 + 255);
      expect(diagnoseCalls(body)[0]).toMatchObject({
        name: 'weather',
        callId: 'call_46427107',
        state: 'dispatchable-unconstrained',
      });
    });

    test('Anthropic tool_use with an empty input is a call to a tool that takes nothing', () => {
      const body = load('anthropic/src/__fixtures__/anthropic-tool-no-args.json');
      const tools = [{ name: 'updateIssueList', input_schema: { type: 'object', properties: {} } }];
      expect(diagnoseCalls(body, { tools })[0]).toMatchObject({
        name: 'updateIssueList',
        state: 'dispatchable-unconstrained',
      });
      expect(diagnoseTruncation(body).state).toBe('complete');
    });

    test('Gemini functionCall with thoughtsTokenCount', () => {
      const body = load('google/src/__fixtures__/google-tool-call.json');
      const read = readTurn(body);
      expect(read.ok && read.turn).toMatchObject({ outputTokens: 15 + 893, reasoningTokens: 893 });
      expect(diagnoseCalls(body)[0]).toMatchObject({
        name: 'weather',
        arguments: { location: 'San Francisco' },
      });
    });
  },
);
