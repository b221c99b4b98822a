/**
 * Every fenced block of README.md, by its key (`<heading> › <first line>`), and what makes it
 * true: the file that holds it as written and whose test runs it, the test that compares an
 * output block with the real output (looking it up by this key), or why nothing runs it.
 * coverage.test.ts fails on a block missing here, and on an entry no block answers to.
 */
export type BlockCoverage =
  /**
   * The test (or CI script) that runs the block, and the file holding it as written (whole, or
   * between README markers) when that is not the test itself.
   */
  | { runBy: string; heldIn?: string }
  /** An output block: a test that compares it with real output, looking it up by its key. */
  | { checkedBy: string }
  /** Why no test runs it, in one line. */
  | { notRunnable: string };

const PROJECT = 'test/readme/project.test.ts';
const SAMPLES = 'test/readme/samples.test.ts';
/** The compatibility leg runs compat/node24 under Jest 30 (and vitest 5); not in `npm test`. */
const COMPAT = '.ci/compat-node24';

export const README_BLOCKS: Record<string, BlockCoverage> = {
  'CLI › jobs:': {
    notRunnable:
      'a CI workflow for the reader’s repository; test/cli/merge.test.ts merges 2 and 5 --shard reports of fixtures/ into one run’s report',
  },
  'CLI › apiVersion: batch/v1': {
    notRunnable:
      'a Kubernetes Job for the reader’s cluster; test/cli/merge.test.ts merges 2 and 5 --shard reports of fixtures/ into one run’s report',
  },
  "Stop a doomed call mid-stream › const watcher = watchArguments(refundSchema); // amount_cents: { type: 'integer' }":
    {
      notRunnable:
        'a fragment (the schema is the reader’s); test/schema/watch-arguments.test.ts checks each verdict it shows',
    },
  'Stop a doomed call mid-stream › const controller = new AbortController();': {
    runBy: 'test/read/watch-tool-calls.test.ts',
  },
  "Production traces: OpenTelemetry spans › import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';":
    {
      notRunnable:
        'a fragment (the exporter is the reader’s); test/traces/exports.test.ts runs the same matcher over the SDK’s finished spans',
    },
  'Production traces: OpenTelemetry spans › npx tool-call-health audit traces.json collector-export.jsonl':
    {
      notRunnable:
        'the reader’s own files; test/cli/traces.test.ts audits an OTLP/JSON file and a JSONL of OTLP documents in process',
    },
  'Install › npm install --save-dev tool-call-health': {
    notRunnable: 'an install line; test/e2e/packed-package.test.ts installs the packed tarball',
  },
  'From a fresh clone › npm install': {
    notRunnable: 'the whole suite, this test included; CI runs it (.ci/run)',
  },
  'From a fresh clone › npx tool-call-health audit fixtures/': {
    runBy: 'test/readme/cli.test.ts',
  },
  'From a fresh clone › [… 19 entries …]': { checkedBy: 'test/readme/cli.test.ts' },
  'Your first failing assertion › // test/refund.test.ts': {
    runBy: PROJECT,
    heldIn: 'test/readme/project/test/refund.sample.ts',
  },
  'Your first failing assertion › FAIL  test/refund.test.ts > the refund call can be dispatched': {
    checkedBy: PROJECT,
  },
  'vitest › // vitest.config.ts': {
    runBy: PROJECT,
    heldIn: 'test/readme/project/vitest.config.ts',
  },
  'vitest › // test/setup.ts': { runBy: PROJECT, heldIn: 'test/readme/project/test/setup.ts' },
  'vitest › { "compilerOptions": { "types": ["tool-call-health/vitest"] } }': {
    runBy: PROJECT,
    heldIn: 'test/readme/project/types/tsconfig.json',
  },
  'Jest › // jest.setup.js, listed in setupFilesAfterEnv': {
    runBy: COMPAT,
    heldIn: 'compat/node24/jest/setup.js',
  },
  'Jest with TypeScript › npm install --save-dev @swc/core @swc/jest': {
    notRunnable: "an install line; compat/node24's lockfile pins the same packages",
  },
  'Jest with TypeScript › // jest.config.mjs': {
    runBy: COMPAT,
    heldIn: 'compat/node24/jest-ts/jest.config.mjs',
  },
  'Jest with TypeScript › // jest.setup.ts: registers the matchers, and types them on the expect of @jest/globals':
    { runBy: COMPAT, heldIn: 'compat/node24/jest-ts/jest.setup.ts' },
  'Jest with TypeScript › // agent.test.ts': {
    runBy: COMPAT,
    heldIn: 'compat/node24/jest-ts/agent.test.ts',
  },
  '`toBeDispatchable(options?)` › expect({ request, response }).toBeDispatchable();': {
    runBy: 'test/readme/matchers.test.ts',
  },
  '`toBeDispatchable(options?)` › expect(received).toBeDispatchable()': {
    checkedBy: 'test/readme/matchers.test.ts',
  },
  '`toNotBeTruncated(options?)` › expect(response).toNotBeTruncated();': {
    runBy: 'test/readme/matchers.test.ts',
  },
  '`toNotBeTruncated(options?)` › expect(received).toNotBeTruncated()': {
    checkedBy: 'test/readme/matchers.test.ts',
  },
  '`toKeepStrictGuarantee(options?)` › expect(requestBody).toKeepStrictGuarantee();': {
    runBy: 'test/readme/matchers.test.ts',
  },
  '`toKeepStrictGuarantee(options?)` › expect(received).toKeepStrictGuarantee()': {
    checkedBy: 'test/readme/matchers.test.ts',
  },
  "`toBeStrictCompatible({ provider?, all? })` › expect(tool).toBeStrictCompatible({ provider: 'openai' });":
    { runBy: 'test/readme/matchers.test.ts' },
  '`toBeStrictCompatible({ provider?, all? })` › expect(received).toBeStrictCompatible(options)': {
    checkedBy: 'test/readme/matchers.test.ts',
  },
  "`toCallTool(name, expectedArguments?)` › expect(response).toCallTool('issue_refund', {": {
    runBy: 'test/readme/matchers.test.ts',
  },
  '`toCallTool(name, expectedArguments?)` › expect(received).toCallTool(name, expectedArguments)': {
    checkedBy: 'test/readme/matchers.test.ts',
  },
  'Diagnoses without a test framework › import {': {
    runBy: SAMPLES,
    heldIn: 'test/readme/samples/diagnoses.ts',
  },
  "Recorded responses: msw and the recorder › import { setupServer } from 'msw/node';": {
    runBy: PROJECT,
    heldIn: 'test/readme/project/test/recorded.sample.ts',
  },
  "Recorded responses: msw and the recorder › import { http, passthrough } from 'msw';": {
    runBy: PROJECT,
    heldIn: 'test/readme/project/test/record.ts',
  },
  "Recorded responses: msw and the recorder › import { reassembleStream } from 'tool-call-health';":
    { runBy: 'test/msw/readme-regression.test.ts' },
  "Streams › import { diagnoseCalls, reassembleStream, reassembleStreamAsync } from 'tool-call-health';":
    { runBy: SAMPLES, heldIn: 'test/readme/samples/streams.ts' },
  'MCP › // test/order-server.test.ts': { runBy: 'examples/mcp-order-server/server.test.ts' },
  'MCP › expect(received).toBeStrictCompatible()': { checkedBy: 'test/readme/mcp.test.ts' },
  "Vercel AI SDK › import { generateText, stepCountIs, streamText, tool } from 'ai';": {
    runBy: 'test/frameworks/ai-sdk/readme-example.test.ts',
  },
  "Replay a recording through the AI SDK's provider › import { createOpenAI } from '@ai-sdk/openai';":
    { runBy: 'test/msw/ai-sdk-recipe.test.ts' },
  'OpenAI Agents SDK › const lookupOrder = tool({': {
    runBy: 'test/frameworks/openai-agents/readme.test.ts',
  },
  'LangChain › let message: AIMessageChunk | undefined;': {
    runBy: 'test/frameworks/langchain/readme-example.test.ts',
  },
  "Without the network: the AI SDK › import { generateText, type LanguageModel, tool } from 'ai';":
    { runBy: 'test/ai-sdk/readme-example.test.ts' },
  "Check the history you send back › import fc from 'fast-check';": {
    runBy: 'test/diagnose/history/readme-example.test.ts',
  },
  "Test your agent loop against broken tool calls › // Your agent's step: it runs only the calls the diagnoses clear, each once.":
    { runBy: 'test/msw/faults/readme-example.test.ts' },
  "Arbitraries for property tests › import { test } from '@fast-check/vitest';": {
    runBy: PROJECT,
    heldIn: 'test/readme/project/test/property.sample.ts',
  },
  'CLI › tool-call-health 0.1.0': { checkedBy: 'test/readme/cli.test.ts' },
  'The HTML report › npx tool-call-health audit --html report.html recordings/': {
    notRunnable:
      'the reader’s own folder; test/e2e/html-report.browser.test.ts writes the page the same way over fixtures/ and opens it in chromium',
  },
  "A summary of the run: the vitest reporter › // vitest.config.ts, with the reporter beside vitest's own":
    {
      notRunnable:
        'a config for the reader’s project; test/reporter/examples.config.ts lists the reporter the same way, and reporter.e2e.test.ts runs it over examples/',
    },
};
