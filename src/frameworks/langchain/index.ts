import type { Adapter } from '../../surfaces/types.js';
import { CEILING_OPTION } from './calls.js';
import { langChainHistory } from './history.js';
import { conversationOf, langChainMessageOf } from './message.js';
import { readLangChain } from './read.js';
import { langChainToolsOption, readLangChainTool } from './tools.js';

/** Where LangChain documents tool calling, `bindTools` and its `strict` option. */
export const LANGCHAIN_TOOL_CALLING =
  'https://docs.langchain.com/oss/javascript/langchain/models#tool-calling';

/**
 * LangChain.js messages: an `AIMessage` or `AIMessageChunk` (as returned by `invoke()`, or the
 * concatenation of `stream()`'s chunks), its serialised or stored form, or a conversation of
 * them (an agent's `{ messages }`). A message whose provider answer it keeps (OpenAI, Anthropic)
 * is read as that answer, by that provider's surface; these facts word the turns of any other
 * provider, read from LangChain's normalised fields, where a call's arguments are LangChain's
 * parse and a cut call looks whole.
 */
export const langchain: Adapter = {
  kind: 'adapter',
  id: 'langchain',
  title: 'LangChain',
  recognise: (value) => {
    // Any LangChain message is claimed, so one that holds no model output is named as such.
    return langChainMessageOf(value) !== undefined || conversationOf(value) !== undefined;
  },
  read: (value, toolsInto) => {
    const message = langChainMessageOf(value);
    return readLangChain(
      value,
      message === undefined ? conversationOf(value) : undefined,
      toolsInto,
    );
  },
  tools: readLangChainTool,
  toolsOption: langChainToolsOption,
  history: langChainHistory,
  facts: {
    ceilingField: CEILING_OPTION,
    // tool_calls hold parsed objects, and a stream's are repaired (langchainjs#11469).
    cutCallsLookWhole: true,
    callItem: 'tool call',
    streamEnd: 'the last chunk, which carries the stop reason in response_metadata',
    declarationsFrom: 'the tools bound to the model (model.bindTools(tools))',
    strict: {
      provider: null,
      rules: null,
      whenUnstated: 'not-strict',
      voidedByParallelCalls: false,
      advice: (name) =>
        `Bind ${name} with strict: true where the provider supports it (model.bindTools(tools, { strict: true })), and validate its arguments against its schema before running it: LangChain's tool_calls are parsed, never validated.`,
      // ChatOpenAI's call option (@langchain/openai ChatOpenAICallOptions.parallel_tool_calls).
      serialiseWith: 'model.bindTools(tools, { parallel_tool_calls: false })',
      source: { url: LANGCHAIN_TOOL_CALLING, read: '2026-12-01' },
    },
  },
};
