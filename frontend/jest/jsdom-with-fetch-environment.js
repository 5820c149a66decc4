import { TestEnvironment } from 'jest-environment-jsdom';

// jsdom has no fetch. Node's fetch only accepts Node's own AbortSignal, Request and friends,
// so the whole family is taken from Node together; jsdom keeps its DOM (FormData included).
const fromNode = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'structuredClone',
];

export default class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of fromNode) {
      this.global[name] = globalThis[name];
    }
  }
}
