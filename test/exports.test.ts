import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

/**
 * The public surface, name by name. Every entry point of package.json's `exports` lists its
 * exports by name (no `export *`), so a name added, renamed or dropped fails here first: change
 * the list below on purpose, with a CHANGELOG line, or not at all. Values are read from the
 * module itself; types, which leave no trace at run time, from the entry's export statements.
 */
const SURFACE: Record<string, { values: string[]; types: string[] }> = {
  'index.ts': {
    values: [
      'ACCEPTED_INPUTS',
      'FAULTS',
      'REASONING_DOMINANT_SHARE',
      'completedCalls',
      'createStreamReader',
      'describeJson',
      'diagnoseCalls',
      'diagnoseHistory',
      'diagnoseStrictGuarantee',
      'diagnoseToolResult',
      'diagnoseTruncation',
      'exposure',
      'jsonCompletion',
      'jsonState',
      'lintStrictSchema',
      'readTurn',
      'readTurns',
      'reassembleStream',
      'reassembleStreamAsync',
      'responseSurface',
      'watchArguments',
      'watchToolCalls',
    ],
    types: [
      'ArgumentsWatcher',
      'CallArguments',
      'CallProgress',
      'CallState',
      'CallVerdict',
      'CallWatchVerdict',
      'CallsProgress',
      'DeprecatedFault',
      'Exposure',
      'Fault',
      'HistoryDiagnosis',
      'HistoryOptions',
      'HistoryState',
      'JsonDescription',
      'JsonState',
      'PlacedTurn',
      'PrefixVerdict',
      'ReadOptions',
      'ReadResult',
      'ReadTurnsResult',
      'ReassembleOptions',
      'ReassembledStream',
      'Source',
      'Stop',
      'StopKind',
      'StreamInput',
      'StreamReader',
      'StreamSource',
      'StrictDiagnosis',
      'StrictEvidenceKind',
      'StrictLintNote',
      'StrictLintOptions',
      'StrictLintProblem',
      'StrictLintResult',
      'StrictLintRule',
      'StrictLintSelection',
      'StrictLintSkippedTool',
      'StrictProvider',
      'StrictState',
      'Surface',
      'ToolCall',
      'ToolCallsWatch',
      'ToolCallsWatcher',
      'ToolDeclaration',
      'ToolResultDiagnosis',
      'ToolResultState',
      'TruncationDiagnosis',
      'TruncationState',
      'Turn',
      'WatchArgumentsOptions',
      'WatchToolCallsOptions',
      'WatchedCall',
      'WireSurfaceId',
    ],
  },
  'vitest.ts': {
    values: [],
    types: ['ToolCallHealthMatchers', 'VitestToolCallHealthMatchers'],
  },
  'matchers/index.ts': {
    values: [
      'MatcherInputError',
      'matchers',
      'toBeDispatchable',
      'toBeStrictCompatible',
      'toCallTool',
      'toHaveConsistentToolHistory',
      'toKeepStrictGuarantee',
      'toMatchOutputSchema',
      'toNotBeTruncated',
    ],
    types: [
      'DispatchableOptions',
      'MatcherContext',
      'MatcherResult',
      'OutputSchemaOptions',
      'StrictCompatibleOptions',
      'ToolCallHealthMatchers',
    ],
  },
  'msw/index.ts': {
    values: [
      'FAULT_HEADER',
      'IDENTIFYING_FIELDS',
      'batchResults',
      'faultHandlers',
      'recordTo',
      'recordedHandlers',
      'storedResponses',
    ],
    types: [
      'BatchResultMap',
      'FaultEvent',
      'FaultHandlersOptions',
      'LifeCycleEventSource',
      'RecordToOptions',
      'RecordedHandlersOptions',
      'Recorder',
      'RecordingMismatch',
      'RequestLifeCycleEvent',
      'ResponseLifeCycleEvent',
      'StoredResponseMap',
    ],
  },
  'har/index.ts': {
    values: [
      'KEY_PATTERNS',
      'REDACTED',
      'SECRET_HEADERS',
      'isMcpHttp',
      'mcpMessages',
      'readHar',
      'redact',
    ],
    types: ['HarDocument', 'HarSource', 'McpHttpMessage', 'RecordedExchange', 'RedactOptions'],
  },
  'arbitraries/index.ts': {
    values: [
      'ARGUMENTS_FOR_FORMATS',
      'ARGUMENTS_FOR_KEYWORDS',
      'ARGUMENTS_FOR_UNSUPPORTED_KEYWORDS',
      'MALFORMED_FAMILIES',
      'TOOL_CALL_HEALTHS',
      'TOOL_CALL_SURFACES',
      'UnsupportedSchemaError',
      'VIOLATION_KINDS',
      'argumentsFor',
      'brokenToolHistory',
      'jsonText',
      'malformedJson',
      'malformedJsonSample',
      'streamChunks',
      'toolCallFault',
      'toolCallResponse',
      'truncatedJson',
      'violatingArgumentsFor',
    ],
    types: [
      'ArgumentsForConstraints',
      'BrokenToolHistory',
      'BrokenToolHistoryConstraints',
      'ExpectedCall',
      'ExpectedDiagnoses',
      'JsonTextConstraints',
      'MalformedFamily',
      'MalformedJsonConstraints',
      'MalformedJsonSample',
      'StreamChunksConstraints',
      'ToolCallExchange',
      'ToolCallFault',
      'ToolCallFaultConstraints',
      'ToolCallHealth',
      'ToolCallResponseConstraints',
      'ToolCallResponseSample',
      'ToolSpec',
      'TruncatedJsonConstraints',
      'ViolatingArguments',
      'ViolatingArgumentsForConstraints',
      'Violation',
      'ViolationKind',
    ],
  },
  'reporter/index.ts': {
    values: ['ToolCallHealthReporter', 'default', 'verdictReport', 'verdictTable'],
    types: [
      'OpenFinding',
      'TestVerdicts',
      'ToolCallHealthReporterOptions',
      'VerdictEntry',
      'VerdictReport',
    ],
  },
  'ai-sdk/index.ts': {
    values: ['faultyLanguageModel'],
    types: [
      'CallTool',
      'FaultyCallOptions',
      'FaultyContent',
      'FaultyFinishReason',
      'FaultyGenerateResult',
      'FaultyLanguageModel',
      'FaultyLanguageModelOptions',
      'FaultyModelEvent',
      'FaultyResponseMetadata',
      'FaultyStreamPart',
      'FaultyUsage',
      'SpecificationVersion',
    ],
  },
};

const root = fileURLToPath(new URL('../', import.meta.url));
const src = join(root, 'src');

/** The names an entry's top-level export statements give, split into values and types. */
function declaredExports(file: string): { values: string[]; types: string[] } {
  const values: string[] = [];
  const types: string[] = [];
  for (const statement of readFileSync(file, 'utf8').match(/^export\b[^;]*;?/gm) ?? []) {
    const list = /^export (type )?\{([^}]*)\}(?: from '[^']+')?;$/.exec(statement);
    const value = /^export (?:declare )?(?:const|let|function|async function|class) (\w+)/.exec(
      statement,
    );
    const type = /^export (?:interface|type) (\w+)/.exec(statement);
    if (list !== null) {
      for (const item of (list[2] ?? '').split(',').map((part) => part.trim())) {
        if (item === '') continue;
        const name =
          item
            .replace(/^type /, '')
            .split(/\s+as\s+/)
            .at(-1) ?? item;
        (list[1] !== undefined || item.startsWith('type ') ? types : values).push(name);
      }
    } else if (value?.[1] !== undefined) {
      values.push(value[1]);
    } else if (type?.[1] !== undefined) {
      types.push(type[1]);
    } else {
      throw new Error(`${file}: an export this test cannot read: ${statement.split('\n')[0]}`);
    }
  }
  return { values: values.sort(), types: types.sort() };
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the public surface, entry point by entry point', () => {
  test("the entry points are package.json's exports", () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const entries = Object.values(manifest.exports as Record<string, { default?: string }>)
      .flatMap((target) => (typeof target === 'object' && target.default ? [target.default] : []))
      .map((built) => built.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts'))
      .sort();
    expect(entries).toEqual(Object.keys(SURFACE).sort());
  });

  test.each(Object.keys(SURFACE))('%s exports exactly its listed values', async (entry) => {
    const module: Record<string, unknown> = await import(join(src, entry));
    expect(Object.keys(module).sort()).toEqual(SURFACE[entry]?.values);
  });

  test.each(Object.keys(SURFACE))('%s lists exactly its listed names, types included', (entry) => {
    expect(declaredExports(join(src, entry))).toEqual(SURFACE[entry]);
  });
});

describe('exports are listed by name', () => {
  test('no module in src re-exports a whole module (`export *`)', () => {
    const wildcards = sourceFiles(src)
      .filter((file) => /^export \*/m.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(wildcards).toEqual([]);
  });
});

describe('the arbitraries: public files on top, the machinery in _internals/', () => {
  test('every module at the top of src/arbitraries/ exports only public names', async () => {
    const folder = join(src, 'arbitraries');
    const entry = await import(join(folder, 'index.ts'));
    const files = readdirSync(folder).filter((file) => file.endsWith('.ts') && file !== 'index.ts');
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const { values, types } = declaredExports(join(folder, file));
      const surface = SURFACE['arbitraries/index.ts'];
      for (const name of values) expect(entry, `${file}: ${name}`).toHaveProperty(name);
      for (const name of types) expect(surface?.types, `${file}: ${name}`).toContain(name);
    }
  });
});
